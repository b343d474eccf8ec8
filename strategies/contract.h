/* The storage contract: every folder under strategies/ defines these functions, and the harness, the scenarios
 * and the conformance tests are written against them alone. Binding is at link time (one strategy per binary,
 * built with -flto), so there is no dispatch cost and no function pointer on any per-entity path.
 *
 * This header is the specification. Conventions that hold for every function below:
 *  - Functions returning esb_status return ESB_OK or one negative error code. When several errors apply, the
 *    first in this order is returned: ESB_ERR_INVALID (NULL or malformed argument), ESB_ERR_LOCKED, ESB_ERR_STALE,
 *    ESB_ERR_UNKNOWN_COMPONENT, ESB_ERR_PRESENT / ESB_ERR_ABSENT, ESB_ERR_FULL, ESB_ERR_NOMEM.
 *  - An operation that fails leaves the world as it was (all or nothing), including on ESB_ERR_NOMEM: every
 *    result a caller can observe through this contract is unchanged. Internal capacity and caches (grown
 *    arrays, an empty table or edge made on the way) may remain.
 *  - An allocation that fails inside a call (memory.h's hooks returned NULL, for real or injected) makes the
 *    call fail with ESB_ERR_NOMEM, or is one the strategy can do without (a roomier growth, an optional cache)
 *    and then the call succeeds in full, exactly as if nothing had failed. Either way the caller can tell
 *    which happened from the status alone. Functions that list no ESB_ERR_NOMEM (esb_destroy,
 *    esb_query_destroy, esb_world_destroy, reads, esb_iter_next, esb_iter_end) never fail for want of memory:
 *    whatever they allocate, they can do without.
 *  - Every operation's effects are complete when it returns: what its status says happened is in the world's
 *    storage and in every cached query's state, and was paid for within the call. A strategy defers no work to
 *    a later call (no queued or batched changes, no add and remove cancelled as a pair, no cached query
 *    brought up to date on its next iteration). The one exception is per change of layout, never per entity
 *    operation: when its next iterator begins, a cached query may take in the tables or archetypes (or their
 *    columns) made since it last looked, in O(tables). A cached query may also remember what its last pass
 *    proved about storage that no operation has changed since (sparse's runs: which stretches of its pools
 *    hold the same entities side by side); after a change its next pass proves it again, paying what a pass
 *    without the memory pays, so no operation's cost moves into it.
 *  - "Structural" operations (create, bulk create, destroy, add, remove, their bundles and query-wide forms, component
 *    registration, query creation and destruction) return ESB_ERR_LOCKED while any iterator of the world is live.
 *    Reads (alive, has, get), writes through pointers from get or from a batch, and starting further iterators are
 *    allowed.
 *  - Lifetimes: component data pointers (from esb_get, and a batch's base pointers) stay valid until the next
 *    structural operation on the world that succeeds or fails with ESB_ERR_FULL or ESB_ERR_NOMEM (such a failure may
 *    have made room before it found the limit). One that fails with any other error (INVALID, LOCKED, STALE,
 *    UNKNOWN_COMPONENT, PRESENT, ABSENT) returned before touching storage and ends nothing. A structural operation may
 *    move the data before it reads its own arguments: values passed to esb_add, esb_add_bundle, esb_add_matching or
 *    esb_create_bulk must not point into the world's storage (copy a value out of another entity first). A batch's
 *    entities and index arrays may be scratch space of the iterator: valid until the next esb_iter_next or
 *    esb_iter_end on it.
 *  - Complexities are the contract's upper bounds in the design-independent sense; each strategy's README
 *    states what its design actually achieves (e.g. amortised O(1) add for sparse sets, O(components) moves
 *    for archetypes).
 *  - Memory comes only from the hooks in memory.h (platform/, the layer below the contract).
 */
#ifndef ESB_CONTRACT_H
#define ESB_CONTRACT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "memory.h"

/* ---- Status codes ------------------------------------------------------------------------------------------ */

typedef enum esb_status {
    ESB_OK = 0,
    ESB_ERR_INVALID = -1,           /* NULL pointer, bad size/alignment, malformed query description */
    ESB_ERR_LOCKED = -2,            /* structural operation while an iterator is live */
    ESB_ERR_STALE = -3,             /* handle was never issued by this world, or its entity was destroyed */
    ESB_ERR_UNKNOWN_COMPONENT = -4, /* component id not registered in this world */
    ESB_ERR_PRESENT = -5,           /* add of a component the entity already has */
    ESB_ERR_ABSENT = -6,            /* remove/get of a component the entity does not have */
    ESB_ERR_FULL = -7,              /* a fixed limit is reached: component types, entity index space */
    ESB_ERR_NOMEM = -8,             /* an allocation failed; nothing was changed */
} esb_status;

/* Short constant name for a status ("ok", "stale", ..., "out of memory": the words every message of the suite
 * uses for ESB_ERR_NOMEM); "?" for a value outside the enum. */
const char *esb_status_name(int status);

/* ---- Entities ---------------------------------------------------------------------------------------------- */

/* 64-bit generational handle: low 32 bits index, high 32 bits version. Indices are recycled; the version tells
 * a recycled index's new entity from the destroyed one. An index's entities carry versions 0, 1, 2, ... in
 * turn, up to the last the build's version width holds (UINT32_MAX, or 2^ESB_VERSION_BITS - 1 in test builds),
 * which is issued like any other. Destroying the entity that holds the last version exhausts the index, and at
 * that moment a strategy either wraps it (its next entity has version 0 again, so an old handle of that index
 * may alias it, as in EnTT) or retires it for good (as Shipyard does): a retired index is never issued again
 * and still counts against the index space, so retirements can make creation fail with ESB_ERR_FULL. Its
 * README says which. */
typedef uint64_t esb_entity;

#define ESB_ENTITY_NULL UINT64_MAX   /* never alive: index 0xFFFFFFFF is reserved */
#define ESB_MAX_ENTITIES 0xFFFFFFFFu /* indices 0 .. ESB_MAX_ENTITIES - 1 */
/* Test builds may narrow the index space (ESB_INDEX_LIMIT indices) and the version (ESB_VERSION_BITS) so that
 * ESB_ERR_FULL and exhausted versions are reachable in a test; every strategy honours both. Every compile defines
 * both: the build gives ESB_MAX_ENTITIES and 32 where a variant does not narrow them (the Makefile's
 * CONTRACT_KNOBS), so a narrow build is one whose figures are smaller, read as numbers. */

static inline uint32_t esb_entity_index(esb_entity e) { return (uint32_t)e; }
static inline uint32_t esb_entity_version(esb_entity e) { return (uint32_t)(e >> 32); }
static inline esb_entity esb_entity_make(uint32_t index, uint32_t version) { return ((uint64_t)version << 32) | index; }

/* ---- Components -------------------------------------------------------------------------------------------- */

typedef uint32_t esb_component; /* dense ids 0 .. ESB_MAX_COMPONENTS - 1, in registration order */

#define ESB_MAX_COMPONENTS 256u
#define ESB_MAX_COMPONENT_SIZE (1u << 16)

typedef enum esb_storage_hint {
    ESB_STORAGE_DENSE = 0,  /* iterated often, rarely added/removed (tables, packed arrays) */
    ESB_STORAGE_SPARSE = 1, /* added/removed often (sparse sets); a strategy with one kind of storage ignores it */
} esb_storage_hint;

typedef struct esb_component_desc {
    const char *name;      /* non-NULL label; copied by pointer, must outlive the world */
    size_t size;           /* 0 = tag: presence only, no data stored; at most ESB_MAX_COMPONENT_SIZE */
    size_t align;          /* power of two <= ESB_MAX_ALIGN, even for a tag (0 is INVALID here, whatever it means
                         to memory.h's hooks); size must be a multiple of it */
    esb_storage_hint hint; /* one of the enum's values */
} esb_component_desc;

/* ---- Queries ----------------------------------------------------------------------------------------------- */

#define ESB_MAX_FIELDS 16u /* fields per query */
#define ESB_MAX_TERMS 32u  /* with + without terms per query, each */

typedef enum esb_access { ESB_READ = 0, ESB_WRITE = 1 } esb_access;

/* A query's change term (change detection, below). */
typedef enum esb_change {
    ESB_CHANGE_NONE = 0,    /* no change term: change_component is ignored */
    ESB_CHANGE_CHANGED = 1, /* entities whose change_component changed since the query's reference point */
    ESB_CHANGE_ADDED = 2,   /* entities that were given change_component since the query's reference point */
} esb_change;

typedef struct esb_query_desc {
    const esb_component *fields;    /* components whose data the query hands out, in this order; no tags */
    const esb_access *access;       /* per field, or NULL for all ESB_WRITE. A field with ESB_WRITE access changes
                                     every entity a batch hands out (change detection, below); every field's
                                     pointer is writable whatever it says, but a write through a field given
                                     ESB_READ is no change */
    uint32_t field_count;           /* 0 .. ESB_MAX_FIELDS */
    const esb_component *with;      /* also required, data not handed out (tags allowed) */
    uint32_t with_count;            /* 0 .. ESB_MAX_TERMS */
    const esb_component *without;   /* excluded: a matching entity has none of these */
    uint32_t without_count;         /* 0 .. ESB_MAX_TERMS */
    bool cached;                    /* the query runs every frame: strategies may keep state to speed it up */
    esb_change change;              /* a change term, or ESB_CHANGE_NONE (what zero-filling gives) */
    esb_component change_component; /* the term's component: one of the fields or with terms */
} esb_query_desc;

/* Change detection: what a query's change term matches.
 *  - A change of component c of entity e is: an addition (esb_add of c to e, an esb_add_bundle or esb_add_matching
 *    giving e c, or esb_create_bulk creating e with c); an explicit write, esb_set(e, c); or a batch handing e out in
 *    a field of c with ESB_WRITE access (the strategy cannot see whether the pointer was written, so handing it out
 *    counts, as a mutable join marks every entity it visits in specs and an [inout] field marks its table in flecs). A
 *    write through esb_get's pointer, or through a field given ESB_READ, is no change. An addition is a change too.
 *  - A query's reference point is its creation, then the esb_iter_begin of its last complete iteration (one whose
 *    esb_iter_next returned false). An iteration ended early by esb_iter_end leaves the point where it was, and a
 *    begin that fails (NOMEM, LOCKED, ...) is no iteration: it moves nothing and loses no change. Among the entities
 *    the query's other terms match, ESB_CHANGE_CHANGED matches those whose change_component had a change after the
 *    reference point, ESB_CHANGE_ADDED those given it after the reference point (by esb_add, esb_add_bundle,
 *    esb_add_matching or esb_create_bulk). A change made while an iteration of the query is live (through that
 *    iteration's own batches, another query's, or esb_set) may or may not be reported by that iteration. If that
 *    iteration completes, the change may or may not be reported by the iterations up to and including the query's next
 *    complete one, and by none after it: a design that stamps changes with ticks absorbs them (a Bevy system does not
 *    see its own writes), one that collects them in sets may keep them for the next iteration. If that iteration is
 *    ended early, the change is one after the reference point like any other: the next complete iteration reports it.
 *    A workload that makes its changes while no iteration of the query is live gets the same answer from every exact
 *    strategy.
 *  - A destroyed entity is never reported; an index recycled for a new entity starts with no changes (the new
 *    entity's own additions are its first). Removing c and adding it again is an addition. Changes made before
 *    the query existed are never reported.
 *  - Exact strategies (esb_change_exact() true) report exactly the entities above. The others report a superset:
 *    every entity above, and others of the groups their README names (for example every entity the other terms
 *    match in a table where one of them changed, or one arrived, since the reference point), never beyond
 *    those groups and never an entity the other terms do not match. */

/* One batch of matching entities. Element i of field k lives at byte address
 *     base[k] + row * (stride[k] ? stride[k] : the component's size),   row = rows[k] ? rows[k][i] : i
 * so rows[k] NULL with stride[k] 0 is a plain array (tables, owned groups), an index array reaches into a
 * larger array (scans, filters, sparse-set views; a design whose lookup is two-level, such as a paged sparse
 * array, resolves it into the index array batch by batch, and that cost is part of what is measured), and a
 * non-zero stride steps through records holding several components side by side (AoS tables). Entity i is
 * entities[entity_rows ? entity_rows[i] : i]. Every element is aligned to its component's alignment.
 * Scenarios use ESB_EACH/ESB_FIELD (each.h) so one loop serves every layout. Batches of one iteration never
 * repeat an entity; together they hold each matching entity exactly once, in unspecified order. field_count is
 * the query's field count (esb_iter_begin sets it); slots k >= field_count hold unspecified values, so a loop
 * over a batch decides its layout from the query's own fields alone. */
typedef struct esb_batch {
    uint32_t count;
    uint32_t field_count;
    const esb_entity *entities;
    const uint32_t *entity_rows;
    void *base[ESB_MAX_FIELDS];
    const uint32_t *rows[ESB_MAX_FIELDS];
    uint32_t stride[ESB_MAX_FIELDS]; /* bytes between consecutive elements; 0: the component's size */
} esb_batch;

/* Iterator, on the caller's stack. All members but batch are private to the strategy. An iterator is live from
 * a successful esb_iter_begin until it ends (esb_iter_next returning false, or esb_iter_end). It needs no
 * initialisation: one never begun may hold any bytes when it is passed to esb_iter_begin (though not to
 * esb_iter_next or esb_iter_end, which take an iterator esb_iter_begin has seen). A live iterator must not be
 * copied or moved (strategies may keep its address); a byte copy of one is not live. */
typedef struct esb_iter {
    esb_batch batch; /* valid after esb_iter_next returned true, until the next call */
    struct esb_query *query;
    uint64_t state[6];
    uint64_t live_mark; /* tells a live iterator from leftover bytes (_core/query_registry.h) */
} esb_iter;

/* ---- Opaque types (each strategy defines them) ------------------------------------------------------------- */

typedef struct esb_world esb_world;
typedef struct esb_query esb_query;

/* ---- Identity ---------------------------------------------------------------------------------------------- */

/* Strategy name as built, including the variant ("bitmask-cached"); set by the build (ESB_STRATEGY_NAME). */
const char *esb_strategy_name(void);

/* ---- World ------------------------------------------------------------------------------------------------- */

/* Creates an empty world. Errors: INVALID (out NULL), NOMEM. O(1). */
esb_status esb_world_create(esb_world **out);

/* Destroys the world, its live queries and everything allocated for it. NULL is ignored. Must not be called
 * while one of its iterators is live. O(memory held). */
void esb_world_destroy(esb_world *world);

/* Strategy-specific counters (edge-cache hits, group kinds, ...), as up to cap (name, value) pairs. Returns how
 * many exist (may exceed cap). Names are static strings. For the harness's reports; never needed for
 * correctness. */
size_t esb_world_counters(const esb_world *world, const char **names, uint64_t *values, size_t cap);

/* ---- Components -------------------------------------------------------------------------------------------- */

/* Registers a component type; *out receives the next dense id. Allowed at any time outside iteration.
 * Errors: INVALID (NULL world/desc/out/name, align not a power of two or > ESB_MAX_ALIGN, size not a multiple of
 * align, size > ESB_MAX_COMPONENT_SIZE, hint not an esb_storage_hint), LOCKED, FULL (ESB_MAX_COMPONENTS already
 * registered), NOMEM. */
esb_status esb_component_register(esb_world *world, const esb_component_desc *desc, esb_component *out);

/* ---- Entity operations ------------------------------------------------------------------------------------- */

/* Creates an entity with no components. Errors: INVALID, LOCKED, FULL (index space exhausted), NOMEM.
 * Amortised O(1). The handle differs from every handle this world issued before (until versions wrap). */
esb_status esb_create(esb_world *world, esb_entity *out);

/* Creates n entities that each have the given components. values is NULL (all data zero-filled) or holds one
 * pointer per component, each NULL (zero-filled) or pointing at n contiguous values, the i-th for the i-th
 * entity; tags' values are ignored. out_entities is NULL or receives the n handles in order; on failure it is
 * left untouched (not one element written). With n = 0 the checks below still apply up to UNKNOWN_COMPONENT,
 * then it succeeds doing nothing: it never returns FULL or NOMEM, and allocates nothing.
 * Errors: INVALID (NULL world, ids NULL with count > 0, count > ESB_MAX_COMPONENTS, a component listed twice),
 * LOCKED, UNKNOWN_COMPONENT, FULL, NOMEM (no entity created). O(n * count). This is the strategy's fast path. */
esb_status esb_create_bulk(esb_world *world, size_t n, const esb_component *ids, uint32_t count,
                           const void *const *values, esb_entity *out_entities);

/* Destroys the entity and its components; its handle becomes stale. Errors: INVALID, LOCKED, STALE (never
 * NOMEM: see the conventions above). O(components of the entity). */
esb_status esb_destroy(esb_world *world, esb_entity e);

/* True iff e was issued by this world and not destroyed since. Any value of e is safe; world NULL -> false. O(1).
 * (A handle from another world is indistinguishable from one of this world's with the same bits.) */
bool esb_alive(const esb_world *world, esb_entity e);

/* Adds component c to e, initialised from value (size bytes) or zero-filled when value is NULL; tags ignore
 * value. Errors: INVALID, LOCKED, STALE, UNKNOWN_COMPONENT, PRESENT, NOMEM. */
esb_status esb_add(esb_world *world, esb_entity e, esb_component c, const void *value);

/* Removes component c from e. Errors: INVALID, LOCKED, STALE, UNKNOWN_COMPONENT, ABSENT, NOMEM (a design that
 * moves the entity may need memory for its destination). */
esb_status esb_remove(esb_world *world, esb_entity e, esb_component c);

/* Adds the components ids[0..count) to e in one call, each exactly as esb_add adds it (initialised from its value,
 * an addition for change terms); the order of ids does not matter. values is NULL (all zero-filled) or holds one
 * pointer per component, each NULL (zero-filled) or pointing at one value of that component, never into the
 * world's storage; tags' values are ignored. With count = 0 the checks below apply up to STALE, then it succeeds
 * doing nothing and allocates nothing. Errors: INVALID (NULL world, ids NULL with count > 0, count >
 * ESB_MAX_COMPONENTS, a component listed twice), LOCKED, STALE, UNKNOWN_COMPONENT (any id), PRESENT (e has any
 * of them), NOMEM. All or nothing. O(count), plus one move of e in a design that moves entities between groups
 * (the plain loop of esb_add calls pays count moves). */
esb_status esb_add_bundle(esb_world *world, esb_entity e, const esb_component *ids, uint32_t count,
                          const void *const *values);

/* Removes the components ids[0..count) from e in one call, each exactly as esb_remove removes it. Errors: as
 * esb_add_bundle's, with ABSENT (e lacks any of them) in place of PRESENT; NOMEM only where a design that moves
 * entities needs room for e's destination (as esb_remove). count = 0 succeeds after the checks up to STALE. All
 * or nothing. O(count), plus one move of e where the design moves entities. */
esb_status esb_remove_bundle(esb_world *world, esb_entity e, const esb_component *ids, uint32_t count);

/* Points *out at e's value of c (NULL for a tag). The pointer allows writes and stays valid until the next
 * structural operation. Errors: INVALID (world or out NULL), STALE, UNKNOWN_COMPONENT, ABSENT; *out is set to
 * NULL on error. O(1). */
esb_status esb_get(esb_world *world, esb_entity e, esb_component c, void **out);

/* 1 if e has c, 0 if not, or a negative esb_status (INVALID, STALE, UNKNOWN_COMPONENT). O(1). */
int esb_has(const esb_world *world, esb_entity e, esb_component c);

/* Writes e's value of c from value (size bytes; zero-filled when value is NULL; for a tag nothing is written and
 * value is ignored) and records a change of c, a tag's as any other's (change detection, above). Not structural: allowed while iterators are live. Errors: INVALID
 * (world NULL), STALE, UNKNOWN_COMPONENT, ABSENT, NOMEM (a design that records changes in sets may need room;
 * nothing is written then). value must not point into the world's storage. O(1) amortised, plus what the
 * design's change records cost. */
esb_status esb_set(esb_world *world, esb_entity e, esb_component c, const void *value);

/* Whether the strategy's change terms report exactly the entities contract.h describes (true), or a superset
 * at group granularity (false: its README says which groups). */
bool esb_change_exact(void);

/* ---- Queries ----------------------------------------------------------------------------------------------- */

/* Compiles a query. With desc->cached, the strategy may build and maintain state (a cached filter, a group, a
 * list of matched tables) from now on; this may take O(entities) once. The description's arrays are copied.
 * Errors: INVALID (world/desc/out NULL, an array NULL with a count > 0, counts over the limits, no field and no
 * with term, a component listed twice among fields and with, or twice among without, a registered tag as a
 * field, a change kind outside esb_change, a change term whose component is not among the fields and with
 * terms), LOCKED, UNKNOWN_COMPONENT, NOMEM. A component both required and excluded is valid and matches
 * nothing. *out is NULL on error. */
esb_status esb_query_create(esb_world *world, const esb_query_desc *desc, esb_query **out);

/* Frees a query (and its cached state). NULL returns ESB_OK, even while iterators are live (a NULL query has no
 * world to be locked). Errors: LOCKED (an iterator of the world is live; the query is kept); never NOMEM. */
esb_status esb_query_destroy(esb_query *query);

/* How the strategy serves this query, e.g. "scan", "cached-list", "owned-group", "table-cache": a static string
 * the harness prints beside each result. */
const char *esb_query_kind(const esb_query *query);

/* Adds component c to every entity q's terms match when the call begins that lacks c, each exactly as esb_add would
 * (from value, or zero-filled when value is NULL; a tag ignores it; value never points into the world's storage):
 * one that has c already is left alone, no write and no change. The set is taken when the call begins, so an entity
 * that c's addition makes match q, or stop matching it, is no different. On success *out_count (out_count may be
 * NULL) is how many entities gained c; on failure it is untouched. It is no iteration of q (its change term's
 * reference point stays) and holds no iterator. Errors: INVALID (q NULL; q has a change term), LOCKED (an iterator
 * of q's world is live, q's own included), UNKNOWN_COMPONENT, NOMEM. All or nothing. O(matches) plus the design's
 * moves, which it may make a group of entities at a time (a whole table, a word of a bitset). */
esb_status esb_add_matching(esb_query *q, esb_component c, const void *value, size_t *out_count);

/* Removes component c from every entity q's terms match when the call begins that has c, each exactly as
 * esb_remove would; one without c is left alone. *out_count: how many lost c, as above. Errors: as
 * esb_add_matching's; NOMEM only where a design that moves entities needs room for their destination. */
esb_status esb_remove_matching(esb_query *q, esb_component c, size_t *out_count);

/* Starts iterating; the world is locked against structural operations until the iterator ends. A query has at
 * most one live iterator at a time (create a second query object for nested loops over the same terms).
 * Errors: INVALID (query or it NULL), LOCKED (`it` is itself live, on a query of this or of any other world, or
 * this query already has a live iterator), NOMEM. A live `it` is left untouched and stays live whatever the
 * error (so a refused begin never unlocks or locks any world). After any other failure, `it` is ended:
 * esb_iter_next returns false and esb_iter_end does nothing. A begin that fails is no iteration: it moves no
 * change term's reference point. */
esb_status esb_iter_begin(esb_query *query, esb_iter *it);

/* Fills it->batch with the next non-empty batch and returns true, or ends the iterator (as esb_iter_end) and
 * returns false when every match has been handed out. On an ended iterator it returns false again. */
bool esb_iter_next(esb_iter *it);

/* Ends the iterator early and unlocks the world. Idempotent: calling it on an ended iterator does nothing. */
void esb_iter_end(esb_iter *it);

/* ---- Invariant checks ------------------------------------------------------------------------------------- */

/* Asserts every invariant of the world's internal structures (entity table, storage, indices, the state cached
 * queries keep), each written beside its struct, and aborts naming the first one broken: an internal
 * inconsistency is a bug of the strategy, not an error of the caller. Does so in checked builds (ESB_CHECKED:
 * tests, sanitizers, fuzzing) and nothing otherwise. Callable at any time, iterators live or not; changes
 * nothing and allocates nothing (it may run when memory has run out); NULL is ignored. O(world). For the tests; never needed for correctness. */
void esb_world_check(const esb_world *world);

#endif
