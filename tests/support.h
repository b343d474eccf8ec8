/* Shared helpers of the conformance tests: a deterministic PRNG, a test environment (world under test + reference
 * model + the strategy's query objects and live iterators), differential wrappers that run one contract operation
 * on both and assert the strategy's status equals the model's, and full-state comparison. */
#ifndef CONF_SUPPORT_H
#define CONF_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "conf_assert.h"
#include "contract.h"
#include "model.h"

/* ---- choices: a PRNG (splitmix64), or the bytes of a fuzz input ---- */

/* Seeded, every choice comes from splitmix64. In byte mode (fuzzing) each choice is read from the input instead:
 * conf_rng_below takes 1, 2 or 4 bytes depending on n, conf_rng_next 8; past the end every choice is 0 and
 * `exhausted` is set, which ends the run. conf_rng_fill (component values) always uses splitmix64: values need no
 * guidance, and they would use up the input. */
typedef struct conf_rng {
    uint64_t s;
    const unsigned char *bytes; /* NULL: seeded */
    size_t len, pos;
    bool exhausted;
} conf_rng;

void conf_rng_seed(conf_rng *r, uint64_t seed);
void conf_rng_from_bytes(conf_rng *r, const void *bytes, size_t len);
uint64_t conf_rng_next(conf_rng *r);
uint32_t conf_rng_below(conf_rng *r, uint32_t n); /* in [0, n), n > 0; uniform when seeded */
bool conf_rng_chance(conf_rng *r, uint32_t percent);
void conf_rng_fill(conf_rng *r, void *dst, size_t n);

static inline esb_entity conf_batch_entity(const esb_batch *b, uint32_t i) {
    return b->entities[b->entity_rows ? b->entity_rows[i] : i];
}

static inline bool conf_aligned(const void *p, size_t align) { return ((uintptr_t)p & (align - 1)) == 0; }

/* ---- environment ---- */

#define CONF_LIVE_ITERS 2

typedef struct conf_live {
    bool active;
    int slot;
    esb_iter it;
    unsigned char *seen; /* per issued entity index: handed out in this iteration */
    size_t seen_len;
    size_t nseen;
    bool has_batch;
} conf_live;

typedef struct conf_env {
    esb_world *w;
    conf_model m;
    esb_query *q[CONF_MODEL_QUERIES];
    conf_live live[CONF_LIVE_ITERS];
    conf_rng rng; /* the operations and their arguments */
    conf_rng aux; /* the checks' own choices (always seeded), so a fuzz input's bytes only choose operations */
    uint64_t seed;
    unsigned step;
    const char *what;  /* operation being checked, for failure messages */
    const char *sweep; /* where a failure-injection sweep stands (operation, fill level, allocation failing) */
    /* Failure injection is armed (esb_mem_fail_nth): the wrappers accept ESB_ERR_NOMEM where the model expects
     * ESB_OK, and disarm right after the strategy's call, storing the count of allocating calls it made. */
    bool injecting;
    uint64_t calls;
    uint64_t injected; /* injected failures the strategy reported as ESB_ERR_NOMEM (tallied by conf_env_fini) */
    /* The random driver also picks the batched operations (driver.c). Off only to replay the fuzz regressions
     * recorded before they existed, whose bytes choose operations from the older table (ESB_FUZZ_OPS=classic). */
    bool batched_ops;
} conf_env;

/* Prints the context (strategy, seed, step, operation, sweep) to stderr; used before a failing assertion, and by
 * a crash (an invariant check's abort) in a test whose environment is live (conf_env_init .. conf_env_fini). */
void conf_context(const conf_env *env);

#define CONF_REQUIRE(env, cond, ...)     \
    do {                                 \
        if (!(cond)) {                   \
            conf_context(env);           \
            cr_assert_fail(__VA_ARGS__); \
        }                                \
    } while (0)

/* A call whose status (or esb_has result) must be want. */
#define CONF_EXPECT(call, want)                                                                                \
    do {                                                                                                       \
        int conf_got_ = (call);                                                                                \
        cr_assert_eq(conf_got_, (want), "%s returned %s (%d), expected %s", #call, esb_status_name(conf_got_), \
                     conf_got_, esb_status_name(want));                                                        \
    } while (0)

void conf_env_init(conf_env *env, uint64_t seed); /* creates the world */
void conf_env_fini(conf_env *env);                /* ends live iterators, destroys the world, tallies env->injected */

/* Adds n to the count named `what` in the file $CONF_TALLY names, if set: scripts/run-tests.sh sums them over
 * every test process into the closing report (operations checked, allocation failures injected). */
void conf_tally(const char *what, uint64_t n);

/* Shared status check of the wrappers, right after the strategy's call: disarms failure injection (storing the
 * call count), returns true for an accepted injected NOMEM, else requires got == want. */
bool conf_status_check(conf_env *env, const char *what, esb_status want, esb_status got);

/* Registers a component that must succeed; returns its id. */
esb_component conf_reg(conf_env *env, const char *name, size_t size, size_t align, esb_storage_hint hint);

/* Differential wrappers: run the operation on the strategy, require the model's status (ESB_ERR_NOMEM is also
 * accepted when env->injecting and the model expects ESB_OK), apply to the model on success, return the
 * strategy's status. */
esb_status conf_do_register(conf_env *env, const esb_component_desc *desc, esb_component *out);
esb_status conf_do_create(conf_env *env, esb_entity *out);
/* want_out false passes NULL for out_entities; the new handles are then found through a temporary query over
 * ids (count must be > 0). out, if not NULL, receives the n handles either way. */
esb_status conf_do_bulk(conf_env *env, size_t n, const esb_component *ids, uint32_t count, const void *const *values,
                        bool want_out, esb_entity *out);
esb_status conf_do_destroy(conf_env *env, esb_entity e);
esb_status conf_do_add(conf_env *env, esb_entity e, esb_component c, const void *value);
esb_status conf_do_remove(conf_env *env, esb_entity e, esb_component c);
esb_status conf_do_set(conf_env *env, esb_entity e, esb_component c, const void *value);
/* The batched operations (support_batched.c): bundles. */
esb_status conf_do_add_bundle(conf_env *env, esb_entity e, const esb_component *ids, uint32_t count,
                              const void *const *values);
esb_status conf_do_remove_bundle(conf_env *env, esb_entity e, const esb_component *ids, uint32_t count);
/* The query-wide calls on query slot (slot < 0: NULL); want_count false passes NULL for out_count. A count asked
 * for must be the model's, and a failed call must leave it untouched. */
esb_status conf_do_add_matching(conf_env *env, int slot, esb_component c, const void *value, bool want_count);
esb_status conf_do_remove_matching(conf_env *env, int slot, esb_component c, bool want_count);
esb_status conf_do_query_create(conf_env *env, const esb_query_desc *desc, int *slot);
esb_status conf_do_query_destroy(conf_env *env, int slot); /* slot < 0: NULL */
size_t conf_free_query_slots(const conf_env *env);

/* ---- the mixed components of the allocation-failure tests (conformance_memory.c, conformance_oom_script.c) ---- */

/* Dense and sparse stores of several sizes and alignments, a tag, a one-byte sparse component whose addition makes a
 * new shape, and one registered late (once entities and queries exist). Registered in this order into a fresh world,
 * each has its enum value as id. */
enum {
    CONF_MIX_F32,
    CONF_MIX_VEC3,
    CONF_MIX_TAG,
    CONF_MIX_A64,
    CONF_MIX_SPARSE,
    CONF_MIX_U8,
    CONF_MIX_LATE,
    CONF_MIX_COUNT
};
extern const esb_component_desc conf_mix_components[CONF_MIX_COUNT];
/* The four queries both tests keep (which: 0 .. 3): {f32, vec3} cached, a64 without tag, sparse cached, every
 * entity with the tag cached; two with change terms (4, 5: f32 changed, cached; sparse added); and vec3 without f32,
 * cached (6: a group that a removal of f32 can move an entity into, beside f32's change term). */
#define CONF_MIX_QUERIES 7
esb_query_desc conf_mix_query(unsigned which);
/* Creates n (at most 130) entities in bulk with f32, tag, a64 and vec3: with_values, entity i's f32 is i and each
 * byte of its a64 is i (vec3 zero-filled); else all zero-filled. */
esb_status conf_do_bulk_mix(conf_env *env, size_t n, bool with_values);

/* ---- check.c ---- */

/* Iterators held in env->live[li] (li < CONF_LIVE_ITERS), over query slot (slot < 0: a NULL query).
 * A failed begin is followed by esb_iter_end on the failed iterator, which must be harmless. */
esb_status conf_do_iter_begin(conf_env *env, int li, int slot);
bool conf_do_iter_next(conf_env *env, int li); /* verifies the batch; on false verifies completeness */
void conf_do_iter_end(conf_env *env, int li);
void conf_do_iter_write(conf_env *env, int li); /* random writes through ESB_WRITE fields of the current batch */
void conf_verify_batch(conf_env *env, int li);  /* re-verifies the current batch (values may have changed) */

/* Reads. */
void conf_check_read(conf_env *env, esb_entity e, esb_component c); /* has + get vs the model */
void conf_check_query(conf_env *env, int slot);                     /* full iteration vs the model */
/* alive for every issued handle and some never issued, has/get for every alive entity x component and an
 * unknown id, some stale handles, and with_queries every live query that is not being iterated. */
void conf_check_state(conf_env *env, bool with_queries);

/* ---- support.c: plain helpers for small hand-written tests (no model), the strategies' own tests among them ---- */

esb_world *conf_world(void); /* esb_world_create that must succeed */
/* esb_component_register that must succeed; returns the id. */
esb_component conf_register(esb_world *w, const char *name, size_t size, size_t align, esb_storage_hint hint);
/* A world with descs[0 .. count) registered (ids[k] the id of descs[k]) and n entities, their handles in out, that
 * hold the first `holding` of those components, zero-filled. */
esb_world *conf_world_of(const esb_component_desc *descs, uint32_t count, esb_component *ids, size_t n,
                         uint32_t holding, esb_entity *out);
esb_query *conf_query(esb_world *w, const esb_query_desc *desc); /* esb_query_create that must succeed */
/* A query of the one field c with a "changed" term on it, that must succeed; the world checked after. */
esb_query *conf_query_changed(esb_world *w, esb_component c);
/* The strategy's counter `name` (esb_world_counters), which it must keep. */
uint64_t conf_counter(const esb_world *w, const char *name);

/* The basic world: four components (ids 0 .. 3 in this order), no entity. */
typedef struct conf_basic {
    esb_world *w;
    esb_component f32;  /* float, size 4 align 4 */
    esb_component vec3; /* 3 floats, size 12 align 4 */
    esb_component tag;  /* size 0 */
    esb_component f64;  /* double, size 8 align 8 */
} conf_basic;
conf_basic conf_basic_world(void);

esb_entity conf_new(esb_world *w);      /* esb_create that must succeed */
esb_entity conf_new_dead(esb_world *w); /* the handle of an entity created and destroyed: stale from then on */
esb_entity conf_new_f32(const conf_basic *b, float v);                   /* an entity with f32 = v alone */
void conf_new_f32s(const conf_basic *b, int n);                          /* n entities, the i-th with f32 = i alone */
void conf_add_f32(esb_world *w, esb_entity e, esb_component c, float v); /* esb_add that must succeed */
float conf_get_f32(esb_world *w, esb_entity e, esb_component c);         /* esb_get that must succeed */
/* Whether w is locked, as a structural call finds it: esb_create must return ESB_ERR_LOCKED if locked, else create
 * an entity (with no component). */
void conf_expect_locked(esb_world *w, bool locked);

esb_query *conf_query1(esb_world *w, esb_component field, bool cached); /* one-field query; must succeed */
size_t conf_count(esb_query *q);                                        /* matches, via full iteration */
size_t conf_drain(esb_iter *it); /* entities a live iterator still hands out, until it ends */
bool conf_contains(esb_query *q, esb_entity e);

/* The basic world with two queries over f32, for the tests of iterators and locking. */
typedef struct conf_f32_world {
    conf_basic b;
    esb_query *uncached, *cached; /* each with the one field f32 */
} conf_f32_world;
conf_f32_world conf_f32_world_make(int n);   /* with n entities, the i-th with f32 = i alone */
void conf_f32_world_fini(conf_f32_world *t); /* destroys both queries (each must succeed), then the world */

#endif
