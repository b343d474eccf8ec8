/* Groups: what the sparse-set design keeps for a query that runs every frame (built with ESB_SPARSE_GROUPS).
 *
 *  - owned: the group owns every pool it includes. Each owned pool keeps the group's entities packed at its
 *    front, [0, len), in the same order in every pool: iteration hands out plain slices, with no lookup and
 *    no membership test. An entity entering is swapped to position len in each owned pool and len grows; one
 *    leaving is swapped to len - 1 and len shrinks.
 *  - partially owned: some included pools are owned by another group, so this one owns the rest; owned
 *    fields are slices, the others are looked up (no membership test: the group guarantees presence).
 *  - non-owned: every included pool is owned elsewhere; the group keeps its own sparse set of member entities
 *    and looks every field up.
 * A pool is owned by at most one group. Groups are kept current on every add, remove, destroy and bulk
 * create, through the world's hooks below. */
#ifndef SPARSE_GROUP_H
#define SPARSE_GROUP_H

#include "bitset.h"
#include "sparse.h"

#ifdef ESB_CHECKED
/* Whether e has every component q includes and none it excludes, asked of the pools themselves: what group
 * membership follows (for the invariant checks). */
bool sp_group_matches(const esb_world *w, const esb_query *q, esb_entity e);
#endif

/* Decides the group kind for q's terms, takes ownership of the free pools, fills the group with the entities
 * that match now. ESB_ERR_NOMEM leaves no trace. */
esb_status sp_group_attach(esb_world *w, esb_query *q);
void sp_group_detach(esb_world *w, esb_query *q);

/* Reservations an add (or remove) of a component to e needs in the non-owned groups' member sets, before
 * anything changes (none where there is no such group). */
esb_status sp_member_sets_reserve(esb_world *w, esb_entity e, uint32_t extra);
static inline esb_status sp_groups_reserve(esb_world *w, esb_entity e, uint32_t extra) {
    return w->member_sets ? sp_member_sets_reserve(w, e, extra) : ESB_OK;
}

/* Membership upkeep around a change of component c on e. Call before_change before the pool changes (e leaves
 * the groups it will stop matching) and after_change after (e enters those it now matches). adding says
 * whether c was added or removed; after an add, pos is e's position in c's pool (else unused). */
void sp_groups_before_change(esb_world *w, esb_entity e, esb_component c, bool adding);
void sp_groups_after_change(esb_world *w, esb_entity e, esb_component c, bool adding, uint32_t pos);

/* e is about to be destroyed: it leaves every group. */
void sp_groups_forget(esb_world *w, esb_entity e);

/* e was just created with its components in place (bulk create): it enters every group it matches. */
void sp_groups_admit(esb_world *w, esb_entity e);

#endif
