/* Helpers the contract scenarios share: registering the standard components, filling a world in bulk, and
 * running a query to completion. */
#ifndef SCENARIOS_ECS_H
#define SCENARIOS_ECS_H

#include <stddef.h>

#include "clock.h"
#include "contract.h"
#include "data.h"
#include "each.h"

esb_status scn_register(esb_world *w, const char *name, size_t size, size_t align, esb_storage_hint hint,
                        esb_component *out);

/* Registers count one-float components named names[k] with the given hint into out[k]. */
esb_status scn_register_scalars(esb_world *w, const char *const *names, uint32_t count, esb_storage_hint hint,
                                esb_component *out);

/* Produces entity i's value of a component into dst. */
typedef void (*scn_value_fn)(uint64_t i, void *dst);

void scn_position(uint64_t i, void *dst);
void scn_velocity(uint64_t i, void *dst);
void scn_rotation(uint64_t i, void *dst);
void scn_transform(uint64_t i, void *dst);
void scn_scalar(uint64_t i, void *dst);

/* Creates n entities with the given components through the strategy's bulk path, component k of entity i
 * holding value[k](i, ...). out (n handles) may be NULL. */
esb_status scn_bulk(esb_world *w, size_t n, const esb_component *ids, const size_t *sizes, const scn_value_fn *value,
                    uint32_t count, esb_entity *out);

/* A query over the given fields (all written) with the cached hint. */
esb_status scn_query(esb_world *w, const esb_component *fields, uint32_t field_count, bool cached, esb_query **out);

/* The query of a system `written op= read` (pos += vel, health -= damage): field 0 written, field 1 read,
 * excluding the component *without unless without is NULL. */
esb_status scn_query_update(esb_world *w, esb_component written, esb_component read, const esb_component *without,
                            bool cached, esb_query **out);

/* A cached query over fields (read) with a change term on `watched`, one of them, which the scenario never iterates:
 * its existence makes the world track every change of `watched` (what the *_tracked scenarios cost). The world
 * frees it. */
esb_status scn_watch(esb_world *w, const esb_component *fields, uint32_t field_count, esb_component watched);

/* The most live queries a scenario keeps (scn_live_queries). */
#define SCN_LIVE_QUERIES_MAX 100u

/* The queries scn_live_queries made, which the world frees with itself. */
typedef struct scn_live {
    esb_query *queries[SCN_LIVE_QUERIES_MAX];
    uint32_t count;
} scn_live;

/* count cached queries over fields (read) that name `named` (one of the fields, or else a with term), which the
 * scenario never iterates and the world frees: what keeping many live queries costs every change of `named`.
 * Query 2k excludes a tag no entity holds, so it matches every entity the fields and `named` match; query 2k+1
 * requires that tag and matches none. About half of them match, and no two are alike (a design may not merge
 * them). Registers (count + 1) / 2 such tags; the queries go to *out. INVALID above SCN_LIVE_QUERIES_MAX. */
esb_status scn_live_queries(esb_world *w, const esb_component *fields, uint32_t field_count, esb_component named,
                            uint32_t count, scn_live *out);

/* Whether the live queries still see what they must: the even ones `matching` entities, the odd ones none, so a
 * design that let them go stale is caught. It passes through every one of them, which would change what a later
 * sample measures: a scenario asks only in its full check (spots == SPOT_EVERY_ENTITY), after its row's samples. */
bool scn_live_hold(const scn_live *live, uint64_t matching);

/* The end of a setup whose steps stopped at the first failure s: the context when s is ESB_OK, else NULL with
 * *error naming s and the context torn down. */
void *scn_setup_end(void *ctx, esb_status s, void (*teardown)(void *), const char **error);

/* The start of most scenarios' contexts, so that the steps every one of them takes are written once: the world,
 * the query whose kind the scenario reports (the one its run passes over), and the handles of its n entities by
 * ordinal (creation order, or the slot a respawned entity takes). A context begins with one as its first member. */
typedef struct scn_ctx {
    esb_world *world;
    esb_query *query;
    esb_entity *handles;
    size_t n;
} scn_ctx;

/* A zero-filled context of size bytes beginning with an scn_ctx for n entities, with room for their handles; NULL
 * with *error set when out of memory. The world is the caller's to create, after any arrays of its own. */
void *scn_ctx_new(size_t size, size_t n, const char **error);

/* teardown hook of such a context (one with arrays of its own frees them first): the world with its queries, the
 * handles and the context. */
void scn_ctx_delete(void *ctx);

/* The world and query_kind hooks of such a context. */
esb_world *scn_ctx_world(void *ctx);
const char *scn_ctx_kind(void *ctx);

/* Fills order with 0 .. n-1 in a fixed-seed random order (Fisher-Yates driven by splitmix64). */
void scn_shuffled_ordinals(uint32_t *order, size_t n, uint64_t seed);

#define SCN_PASS_FAILED UINT64_MAX

/* One pass of `kernel` (kernels.h) over every batch of q; returns the entities it handed to the kernel, or
 * SCN_PASS_FAILED if the iteration could not begin. Inline, so each caller's kernel is inlined into its loop. */
static inline uint64_t scn_pass(esb_query *q, void (*kernel)(const esb_batch *)) {
    esb_iter it;
    uint64_t seen = 0;
    if (esb_iter_begin(q, &it) != ESB_OK) return SCN_PASS_FAILED;
    while (esb_iter_next(&it)) {
        kernel(&it.batch);
        seen += it.batch.count;
    }
    return seen;
}

/* What one pass over a query saw: how many entities, the sum of their handles and, unless field is negative,
 * the sum of the bits of that field (a one-float component). Scenarios whose operations nothing else would read back
 * inside the timer (add_remove, the toggles) end their phases with such a pass, as the systems of a frame
 * would: a strategy that deferred its work (contract.h: an operation's effects are complete when it returns)
 * would have to do it here, and the scenario compares, untimed, what the pass saw with what its operations
 * wrote. The pass's wall time is added to *observed_ns, so the harness can show that share of the figure. */
typedef struct scn_seen {
    uint64_t entities, handles, values;
} scn_seen;

static inline scn_seen scn_observe(esb_query *q, int field, uint64_t *observed_ns) {
    uint64_t t0 = clock_ns();
    scn_seen seen = {0, 0, 0};
    esb_iter it;
    if (esb_iter_begin(q, &it) != ESB_OK)
        seen.entities = SCN_PASS_FAILED;
    else
        while (esb_iter_next(&it)) {
            uint64_t handles = 0, values = 0;
            if (field >= 0)
                ESB_EACH(&it.batch, i, {
                    handles += ESB_ENTITY(i);
                    values += data_float_bits(ESB_FIELD(field, scalar, i).v);
                });
            else
                ESB_EACH(&it.batch, i, { handles += ESB_ENTITY(i); });
            seen.entities += it.batch.count;
            seen.handles += handles;
            seen.values += values;
        }
    *observed_ns += clock_ns() - t0;
    return seen;
}

static inline bool scn_seen_equal(scn_seen a, scn_seen b) {
    return a.entities == b.entities && a.handles == b.handles && a.values == b.values;
}

/* The checksum term of the one-float components comps[0 .. count) of n entities (handles in creation order): for
 * each one an entity holds, its ordinal with the component's key (first_key + k) and value. */
uint64_t scn_scalars_checksum(esb_world *w, const esb_entity *handles, size_t n, const esb_component *comps,
                              uint32_t count, uint64_t first_key);

/* How many entities the query matches, by iterating it (for checksums, not timed); 0 if it cannot begin. */
uint64_t scn_count_matches(esb_query *q);

#endif
