/* random_get: n entities with Position; read every Position once through a shuffled list of the handles
 * (fixed seed), summing its x. seq_get: the same in creation order. The unit is one get. */
#include <stdlib.h>

#include "movers.h"
#include "scenario.h"

typedef struct get_ctx {
    movers *m;
    esb_entity *order; /* the handles in the order the run reads them */
    float sum;         /* of the last run: keeps the reads alive */
} get_ctx;

static void get_teardown(void *p) {
    get_ctx *c = p;
    if (c->m) movers_delete(c->m);
    free(c->order);
    free(c);
}

static void *get_setup(size_t n, bool shuffled, const char **error) {
    get_ctx *c = calloc(1, sizeof *c);
    if (!c) return *error = "out of memory", NULL;
    c->m = movers_new(n, MOVERS_HANDLES | MOVERS_POPULATE, error);
    if (!c->m || !(c->order = malloc(n * sizeof *c->order))) {
        if (c->m) *error = "out of memory";
        get_teardown(c);
        return NULL;
    }
    uint32_t *ordinals = shuffled ? malloc(n * sizeof *ordinals) : NULL;
    if (shuffled && !ordinals) {
        *error = "out of memory";
        get_teardown(c);
        return NULL;
    }
    if (ordinals) scn_shuffled_ordinals(ordinals, n, 0x5EED);
    for (size_t i = 0; i < n; ++i) c->order[i] = c->m->handles[ordinals ? ordinals[i] : i];
    free(ordinals);
    return c;
}

static void *random_get_setup(size_t n, const char **error) { return get_setup(n, true, error); }
static void *seq_get_setup(size_t n, const char **error) { return get_setup(n, false, error); }

static uint64_t get_run(void *p) {
    get_ctx *c = p;
    movers *m = c->m;
    uint64_t done = 0;
    float sum = 0;
    for (size_t i = 0; i < m->n; ++i) {
        void *pos;
        if (esb_get(m->world, c->order[i], m->position, &pos) != ESB_OK) continue;
        sum += ((const vec3 *)pos)->x;
        done++;
    }
    c->sum = sum;
    return done;
}

/* The world (untouched by reads) and the last run's sum, which depends on every value read. */
static uint64_t get_checksum(void *p) {
    get_ctx *c = p;
    return movers_checksum(c->m) + mix64(float_bits(c->sum));
}

static esb_world *get_world(void *p) { return ((get_ctx *)p)->m->world; }

const scenario scenario_random_get = {
    .name = "random_get",
    .unit = "get",
    .setup = random_get_setup,
    .run = get_run,
    .checksum = get_checksum,
    .world = get_world,
    .teardown = get_teardown,
};

const scenario scenario_seq_get = {
    .name = "seq_get",
    .unit = "get",
    .setup = seq_get_setup,
    .run = get_run,
    .checksum = get_checksum,
    .world = get_world,
    .teardown = get_teardown,
};
