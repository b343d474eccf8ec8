/* entity_cycle: n entities with A {float}. A run spawns, for each of them, one entity with B {float} (through
 * the bulk path, one entity at a time, as a game spawns one thing in response to another; B's values are
 * prepared in setup, since a spawn inside an iteration is a structural change no design allows), then finds every
 * entity with B through a query and destroys them all. The world is back to its n entities with A after each
 * run, with the spawned entities' indices recycled by the next run. The unit, a cycle, is one spawn and one
 * destroy. */
#include <stdlib.h>

#include "each.h"
#include "ecs.h"
#include "scenario.h"
#include "scratch.h"
#include "info.h"

typedef struct cycle_ctx {
    scn_ctx base; /* the n entities with A; its query finds those with B */
    esb_component a, b;
    esb_entity *doomed; /* the entities the query found with B, destroyed after the iteration ends */
    scalar *b_values;   /* entity i's spawn gets A(i) + 1 */
} cycle_ctx;

static void cycle_teardown(void *p) {
    cycle_ctx *c = p;
    free(c->doomed);
    free(c->b_values);
    scn_ctx_delete(c);
}

static void *cycle_setup(size_t n, const void *params, const char **error) {
    (void)params;
    cycle_ctx *c = scn_ctx_new(sizeof *c, n, error);
    if (!c) return NULL;
    c->doomed = scratch_alloc(n, sizeof *c->doomed);
    c->b_values = scratch_alloc(n, sizeof *c->b_values);
    esb_status s = ESB_ERR_NOMEM;
    if (c->doomed && c->b_values && (s = esb_world_create(&c->base.world)) == ESB_OK &&
        (s = scn_register(c->base.world, "A", sizeof(scalar), _Alignof(scalar), ESB_STORAGE_DENSE, &c->a)) == ESB_OK &&
        (s = scn_register(c->base.world, "B", sizeof(scalar), _Alignof(scalar), ESB_STORAGE_DENSE, &c->b)) == ESB_OK) {
        size_t size = sizeof(scalar);
        scn_value_fn value = scn_scalar;
        s = scn_bulk(c->base.world, n, &c->a, &size, &value, 1, c->base.handles);
    }
    if (s == ESB_OK) s = scn_query(c->base.world, &c->b, 1, true, &c->base.query);
    for (size_t i = 0; s == ESB_OK && i < n; ++i) c->b_values[i].v = data_scalar(i).v + 1.0f;
    return scn_setup_end(c, s, cycle_teardown, error);
}

/* Spawns one entity with B per entity with A; returns how many. */
static uint64_t spawn_all(cycle_ctx *c) {
    uint64_t spawned = 0;
    for (size_t i = 0; i < c->base.n; ++i) {
        esb_entity e;
        const void *value = &c->b_values[i];
        spawned += esb_create_bulk(c->base.world, 1, &c->b, 1, &value, &e) == ESB_OK;
    }
    return spawned;
}

/* Collects every entity with B (checking its value), then destroys them; returns how many were destroyed, or
 * 0 if a value was wrong or the query could not run. */
static uint64_t destroy_with_b(cycle_ctx *c, double *b_sum) {
    esb_iter it;
    size_t found = 0;
    double sum = 0;
    if (esb_iter_begin(c->base.query, &it) != ESB_OK) return 0;
    while (esb_iter_next(&it)) {
        ESB_EACH(&it.batch, i, {
            if (found < c->base.n) c->doomed[found] = ESB_ENTITY(i);
            found++;
            sum += ESB_FIELD(0, scalar, i).v;
        });
    }
    if (b_sum) *b_sum = sum;
    if (found > c->base.n) return 0;
    uint64_t destroyed = 0;
    for (size_t i = 0; i < found; ++i) destroyed += esb_destroy(c->base.world, c->doomed[i]) == ESB_OK;
    return destroyed;
}

static uint64_t cycle_run(void *p) {
    cycle_ctx *c = p;
    uint64_t spawned = spawn_all(c), destroyed = destroy_with_b(c, NULL);
    return spawned == destroyed ? spawned : 0;
}

/* The n entities with A and their values, and how many entities still have B (none). */
static uint64_t cycle_checksum(void *p) {
    cycle_ctx *c = p;
    uint64_t sum = 0;
    for (size_t i = 0; i < c->base.n; ++i) {
        void *a;
        if (esb_get(c->base.world, c->base.handles[i], c->a, &a) == ESB_OK)
            sum += data_entity_hash(i, data_float_bits(((scalar *)a)->v));
    }
    return sum + data_mix64(scn_count_matches(c->base.query));
}

/* One more run, watched: the spawned entities carry their B values (their sum is checked), then none is left. */
static bool cycle_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    cycle_ctx *c = p;
    (void)runs;
    double expected = 0, got = 0;
    for (size_t i = 0; i < c->base.n; ++i) expected += c->b_values[i].v;
    if (spawn_all(c) != c->base.n) return *error = "a spawn failed", false;
    if (destroy_with_b(c, &got) != c->base.n) return *error = "the query did not find every spawned entity", false;
    if (got != expected) return *error = "the spawned entities do not hold the B values they were given", false;
    if (scn_count_matches(c->base.query) != 0) return *error = "entities with B survived the run", false;
    for (uint64_t k = 0; k < data_spot_count(c->base.n, spots); ++k)
        if (!esb_alive(c->base.world, c->base.handles[data_spot_ordinal(c->base.n, spots, k)]))
            return *error = "an entity with A was destroyed", false;
    return true;
}

DEFINE_SCENARIO(entity_cycle, .setup = cycle_setup, .run = cycle_run, .checksum = cycle_checksum,
                .verify = cycle_verify, .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = cycle_teardown);
