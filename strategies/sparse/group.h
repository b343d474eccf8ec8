/* Groups: what the sparse-set design keeps for a query that runs every frame (in the variants with the set
 * cached-groups).
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

#include "sparse.h"

#ifdef ESB_CHECKED
/* Whether e has every component q includes and none it excludes, asked of the pools themselves: what group
 * membership follows (for the invariant checks). */
bool sp_group_matches(const esb_query *q, esb_entity e);
#endif

/* Decides the group kind for q's terms, takes ownership of the free pools, fills the group with the entities
 * that match now. ESB_ERR_NOMEM leaves no trace. */
esb_status sp_group_attach(esb_world *w, esb_query *q);
void sp_group_detach(esb_world *w, esb_query *q);

/* A change of component c on e, in three steps around the pool's own change. The lists are c's listeners
 * (sparse.h): on an add, `losing` is listeners[c].excluding and `gaining` listeners[c].including; on a
 * remove, the other way round. Only these groups can see e leave or enter, as EnTT's groups listen only to the
 * storages they name.
 *  - sp_groups_reserve, before anything changes: the slots the non-owned groups of `gaining` need for e.
 *  - sp_groups_leave, before the pool changes: e leaves the groups of `losing` it is a member of.
 *  - sp_groups_enter_on_add or _on_remove, after: e enters the groups of `gaining` it now matches. c is the
 *    term of each watch, included (e holds it at pos: an add) or excluded (e lacks it: a remove), so it is not
 *    asked again. */
esb_status sp_member_sets_reserve(const sp_watch *gaining, esb_entity e);
static inline esb_status sp_groups_reserve(const esb_world *w, const sp_watch *gaining, esb_entity e) {
    return w->member_sets ? sp_member_sets_reserve(gaining, e) : ESB_OK;
}
void sp_groups_leave(esb_world *w, const sp_watch *losing, esb_entity e);
void sp_groups_enter_on_add(esb_world *w, const sp_watch *gaining, esb_entity e, uint32_t pos);
void sp_groups_enter_on_remove(esb_world *w, const sp_watch *gaining, esb_entity e);

/* e, which is no member of q, enters it if it matches q's terms now, each asked of its pool: what a bundle asks once
 * of each group listening to several of the components it changed. */
void sp_group_enter_if_matching(esb_world *w, esb_query *q, esb_entity e);

/* e is about to be destroyed: it leaves every group. */
void sp_groups_forget(esb_world *w, esb_entity e);

/* e was just created with its components in place (bulk create): it enters every group it matches. */
void sp_groups_admit(esb_world *w, esb_entity e);

#endif
