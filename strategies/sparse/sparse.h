/* The sparse-set design (EnTT, Shipyard): one pool per component type (_common/sparse_set.h) and an entity list with an
 * implicit free list (the shared entity table). Adding or removing a component touches only that component's
 * pool; a query is a view that walks the smallest of its pools and looks the entity up in the others.
 *
 * Its variants differ by source sets (docs/structure.md), one of each family on each line of its variants file:
 *  - cached-views/ or cached-groups/ (sparse-groups), cached.h: SP_CACHED_AS_GROUPS, whether a query with the
 *    cached hint gets a group (group.h) instead of a view;
 *  - view-best/ or view-entt/ (sparse-view), view_loop.h: how a view asks its pools (match.h says what it defines);
 *  - chunk-view/ or chunk-filter/ (sparse-filter): sp_chunk (match.h), and in chunk.h SP_VIEW_KIND, the name
 *    esb_query_kind gives a view, and SP_FILTER_SCRATCH, the scratch entries a filter's step takes beside a batch's;
 *  - batch-in-place/ or batch-widened/ (sparse-compact, with _common/entity-compact/), batch_handles.h: SP_BATCH_MAX,
 *    the most entities a batch holds, sp_handles_alloc and sp_handles_free (the query's array of widened handles,
 *    if any) and sp_batch_entities (a batch's handles: the packed ones in place, or widened into that array). */
#ifndef SPARSE_H
#define SPARSE_H

#include "contract.h"
#include "world_core.h"
#include "inline.h"
#include "entity_table.h"
#include "query_registry.h"
#include "sparse_set.h"

#define SP_VIEW_CHUNK (ESB_BATCH_ROWS / 4) /* entities tested per view batch (query_registry.h) */
/* Pool-by-pool filtering narrows a chunk SP_FILTER_STEP candidates at a time, in arrays of its own
 * (chunk-filter/match_filter.c); views need none. */
#define SP_FILTER_STEP 256u
#include "chunk.h" /* the variant's chunk set: chunk-view/chunk.h or chunk-filter/chunk.h */
/* A query's scratch positions (esb_query.scratch). */
#define SP_SCRATCH_ENTRIES(q) (((size_t)(q)->field_count + 1) * (SP_VIEW_CHUNK + SP_FILTER_SCRATCH))

typedef struct sp_component {
    const char *name;
    esb_sparse_set pool;
    struct esb_query *observers; /* the queries with a change term on it (observer.c), beside the pool they hear */
} sp_component;

typedef enum sp_kind { SP_VIEW, SP_OWNED, SP_PARTIAL, SP_NON_OWNED } sp_kind;

/* What a cached view's passes proved about its pools (run.c): sp_run's answer at each driving position a pass
 * asked it at, in the order of a pass, so that the next pass over unchanged pools hands the same runs out
 * without comparing their handles again. It holds while none of the query's pools has changed since it was
 * begun (sparse_set.h: stamp and count both as they were). Stamps only grow, so their sum over the query's
 * pools is unchanged iff each one is; and while none has, counts only grow, so the same holds of their sum. */
typedef struct sp_run_memo {
    uint64_t stamp, count_sum; /* the sums of the query's pools' stamps and counts when it was begun */
    uint32_t *entries;         /* capacity entries of SP_MEMO_STRIDE(q): start, run, then first[] for a run */
    uint32_t count, capacity;  /* entries */
    uint32_t end;              /* the driving position after the last entry: where the next one must start */
    esb_component driver;      /* the driving pool of the recorded pass */
    bool closed;               /* a growth failed: no more entries until the pools change */
} sp_run_memo;
#define SP_MEMO_STRIDE(q) (2u + (q)->include_count)

/* A group listening to one component's pool, as EnTT's groups connect to the construct and destroy signals of
 * each storage they name: one node per term, linked into the world's list of the groups that include (or
 * exclude) that component, so that a change of c visits only the groups it can move an entity in or out of. */
typedef struct sp_watch {
    struct esb_query *group;
    struct sp_watch *next; /* the next group listening to the same component in the same role */
    uint32_t term;         /* which of group's include (or exclude) terms the component is */
} sp_watch;

/* The groups listening to one component: those that include it, those that exclude it. */
typedef struct sp_listeners {
    sp_watch *including, *excluding;
} sp_listeners;

struct esb_query {
    esb_query_node node; /* first member (query_registry.h) */
    esb_world *world;
    sp_kind kind;
    /* groups (group.h) */
    struct esb_query *next_group; /* the world's list of groups */
    sp_watch include_watch[ESB_MAX_FIELDS + ESB_MAX_TERMS], exclude_watch[ESB_MAX_TERMS]; /* one per term */
    esb_component owned[ESB_MAX_FIELDS + ESB_MAX_TERMS];
    uint32_t owned_term[ESB_MAX_FIELDS + ESB_MAX_TERMS];        /* owned[k] is include[owned_term[k]] */
    esb_sparse_set *owned_pool[ESB_MAX_FIELDS + ESB_MAX_TERMS]; /* owned[k]'s pool, as EnTT's group holds its pools */
    uint32_t owned_count;
    uint32_t len;           /* owned and partial: members are [0, len) of every owned pool */
    esb_sparse_set members; /* non-owned: the member entities (a pool without data) */
    esb_component fields[ESB_MAX_FIELDS];
    uint32_t field_count;
    esb_component include[ESB_MAX_FIELDS + ESB_MAX_TERMS]; /* fields, then with terms */
    uint32_t include_count;
    esb_component exclude[ESB_MAX_TERMS];
    uint32_t exclude_count;
    esb_sparse_set *include_pool[ESB_MAX_FIELDS + ESB_MAX_TERMS], *exclude_pool[ESB_MAX_TERMS]; /* their pools */
    bool matches_nothing;
    bool remembers_runs; /* a cached view where runs are looked for: its memo is kept */
    sp_run_memo memo;
    /* SP_SCRATCH_ENTRIES positions: (field_count + 1) * SP_VIEW_CHUNK for a batch (per field, then the driving
     * pool's), then (field_count + 1) * SP_FILTER_STEP for a filter's step (per field, then its places) */
    uint32_t *scratch;
    /* change terms (observer.c): EnTT's observer, a storage of the entities whose change_component changed */
    esb_change change;                 /* ESB_CHANGE_NONE, or the term's kind */
    esb_component change_component;    /* the term's component */
    esb_sparse_set observed;           /* the entities changed since the reference point (no data) */
    struct esb_query *next_observer;   /* the next query observing the same component */
    esb_access access[ESB_MAX_FIELDS]; /* each field's: ESB_WRITE fields change what a batch hands out */
    esb_entity *handles; /* batch-widened: SP_BATCH_MAX, a batch's handles widened from the packed ones; else NULL */
};

/* Invariants (check.c, esb_world_check):
 *  P1 The entity table's own (entity_table.h).
 *  P2 Each pool keeps sparse_set.h's invariants and holds alive entities only.
 *  P3 groups lists exactly the queries with a group (kind other than SP_VIEW), once each. listeners[c] lists,
 *     once each, the groups that include c (through their include_watch node of c's term) and those that
 *     exclude it (exclude_watch), except the groups that match nothing, which no change can move an entity
 *     into; no other node is linked (a change of a component no group lists moves no entity in or out).
 *     member_sets counts the non-owned groups.
 *  P4 owner[c] is NULL or the group listing c among its owned pools, and every owned pool names its group there
 *     (owned[k] is include[owned_term[k]], its pool owned_pool[k]).
 *     An owned group owns every pool it includes, a partially owned one some but not all (a pool freed since by
 *     a destroyed group stays free), a non-owned one none; owned pools are included ones, each listed once.
 *  P5 The group length marker: an owned or partially owned group's members are the first len entities of each
 *     pool it owns, the same entities in the same order in every one, and exactly the entities that match its
 *     terms now (the pools' entities from len on do not). A non-owned group's member set (a pool without data)
 *     keeps sparse_set.h's invariants and holds exactly the matching entities.
 *  P6 The registry's own (query_registry.h); a query's include list is its fields then its with terms, its terms
 *     are as query_head.h says of any query's (registered, distinct, fields with data, matches_nothing exact),
 *     include_pool and exclude_pool are their pools, and only a variant with cached-groups builds groups.
 *  P7 A run memo that still holds (its sums are its pools' now) is a chain of sp_run's answers from
 *     driving position 0, each entry starting where the one before ends, each what sp_run answers there now;
 *     only cached views in variants with runs (SP_RUNS) keep one.
 *  P8 components[c].observers lists, once each, exactly the queries with a change term on c (observer_count of them),
 *     which are views without a run memo. Each one's observed set keeps sparse_set.h's invariants, holds only alive entities that have
 *     c, and has room and sparse pages for every entity of c's pool, so that recording a change never
 *     allocates (a batch records them, and esb_iter_next cannot fail). */
struct esb_world {
    esb_world_core core; /* first member (_core/world_core.h): entity table, query registry, component count */
    sp_component components[ESB_MAX_COMPONENTS];
    struct esb_query *owner[ESB_MAX_COMPONENTS]; /* the group owning each pool, if any */
    struct esb_query *groups;                    /* every group */
    sp_listeners listeners[ESB_MAX_COMPONENTS];  /* the groups each component's changes can move entities of */
    uint32_t member_sets;                        /* the non-owned groups (each keeps a member set) */
    uint64_t group_moves;                        /* entities entering or leaving groups */
    uint32_t observer_count; /* queries with a change term (each listed in its component's observers) */
};
_Static_assert(offsetof(esb_world, core) == 0, "a world begins with its core");

/* Change terms, as EnTT's observers (observer.c). */
esb_status sp_observer_attach(esb_world *w, struct esb_query *q);
void sp_observer_detach(esb_world *w, struct esb_query *q);
/* Room for c's pool to hold `extra` more entities, among them index idx (or the next n indices the entity
 * table issues, idx UINT32_MAX), in every observer of c; before the change. */
esb_status sp_observers_reserve(esb_world *w, esb_component c, uint32_t extra, uint32_t idx);
/* e changed c (an addition too when `addition`): recorded by every observer of c that counts it. Inline, so a
 * component nobody observes pays one load. */
void sp_observers_record_all(const esb_world *w, esb_component c, esb_entity e, bool addition);
static inline void sp_observers_record(const esb_world *w, esb_component c, esb_entity e, bool addition) {
    if (w->components[c].observers) sp_observers_record_all(w, c, e, addition);
}
/* e lost c (c < ESB_MAX_COMPONENTS) or died (c == ESB_MAX_COMPONENTS): no observer holds it any more. */
void sp_observers_forget(const esb_world *w, esb_component c, esb_entity e);
/* The next batch of an observer's changed entities that match its other terms; false when none is left, after
 * which a complete iteration consumes the set (sp_observer_consume). */
bool sp_observer_next(esb_iter *it, struct esb_query *q, uint64_t *next);
void sp_observer_consume(struct esb_query *q);
/* A batch of q handed these entities out (count of them: handles in dense, at rows or from start): its writable
 * fields changed. */
void sp_observers_record_batch(const struct esb_query *q, const esb_batch *b);

void sp_query_free(struct esb_query *q);

#endif
