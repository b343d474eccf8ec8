/* random_get: n entities with Position; read every Position once through a shuffled list of the handles
 * (fixed seed), folding its x into a digest. seq_get: the same in creation order. The unit is one get.
 * Every run's digest must equal the one the entities' own data gives (checked after every sample), so a
 * strategy that handed out a stale or cached pointer on any timed get would be caught. */
#include <stdlib.h>

#include "movers.h"
#include "scenario.h"
#include "scratch.h"
#include "info.h"

typedef struct get_ctx {
    movers *m;
    esb_entity *order; /* the handles in the order the run reads them */
    uint64_t expected; /* the digest of one run: data_read_digest over the order's Positions' x */
    uint64_t digest;   /* the last run's */
    uint64_t digests;  /* the sum of every run's digest since setup (mod 2^64) */
    uint64_t runs;     /* runs since setup */
} get_ctx;

static void get_teardown(void *p) {
    get_ctx *c = p;
    if (c->m) movers_delete(c->m);
    free(c->order);
    free(c);
}

/* What distinguishes the family's scenarios. */
typedef struct get_params {
    bool shuffled; /* the reads follow a fixed-seed shuffle of the handles; else creation order */
} get_params;

static void *get_setup(size_t n, const void *params, const char **error) {
    bool shuffled = ((const get_params *)params)->shuffled;
    get_ctx *c = scratch_calloc(1, sizeof *c);
    if (!c) return *error = "out of memory", NULL;
    c->m = movers_new(n, MOVERS_HANDLES | MOVERS_POPULATE, error);
    if (!c->m || !(c->order = scratch_alloc(n, sizeof *c->order))) {
        if (c->m) *error = "out of memory";
        get_teardown(c);
        return NULL;
    }
    uint32_t *ordinals = shuffled ? scratch_alloc(n, sizeof *ordinals) : NULL;
    if (shuffled && !ordinals) {
        *error = "out of memory";
        get_teardown(c);
        return NULL;
    }
    if (ordinals) scn_shuffled_ordinals(ordinals, n, 0x5EED);
    for (size_t i = 0; i < n; ++i) {
        size_t ordinal = ordinals ? ordinals[i] : i;
        c->order[i] = c->m->handles[ordinal];
        c->expected = data_read_digest(c->expected, i, data_position(ordinal).x);
    }
    free(ordinals);
    return c;
}

static uint64_t get_run(void *p) {
    get_ctx *c = p;
    movers *m = c->m;
    uint64_t done = 0, digest = 0;
    for (size_t i = 0; i < m->n; ++i) {
        void *pos;
        if (esb_get(m->world, c->order[i], m->position, &pos) != ESB_OK) continue;
        digest = data_read_digest(digest, i, ((const vec3 *)pos)->x);
        done++;
    }
    c->digest = digest;
    c->digests += digest;
    c->runs++;
    return done;
}

/* The world (untouched by reads) and the last run's digest, which depends on every value read. */
static uint64_t get_checksum(void *p) {
    get_ctx *c = p;
    return movers_checksum(c->m) + data_mix64(c->digest);
}

/* Every run since setup read exactly the entities' own values (the digests' sum is runs times one run's), the
 * runs the harness counted are the ones made, and the Positions the reads found are still the entities' own. */
static bool get_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    get_ctx *c = p;
    if (c->runs != runs) return *error = "the scenario ran a different number of times than the harness counted", false;
    if (c->digests != c->expected * runs)
        return *error = "a timed run read a value that is not its entity's own", false;
    return movers_verify_moved(c->m, 0, spots, error);
}

static esb_world *get_world(void *p) { return ((get_ctx *)p)->m->world; }

DEFINE_SCENARIO(random_get, .params = &(const get_params){.shuffled = true}, .setup = get_setup, .run = get_run,
                .checksum = get_checksum, .verify = get_verify, .world = get_world, .teardown = get_teardown);
DEFINE_SCENARIO(seq_get, .params = &(const get_params){.shuffled = false}, .setup = get_setup, .run = get_run,
                .checksum = get_checksum, .verify = get_verify, .world = get_world, .teardown = get_teardown);
