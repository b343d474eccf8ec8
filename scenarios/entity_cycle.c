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
    esb_world *world;
    esb_component a, b;
    esb_query *with_b;
    esb_entity *handles; /* the n entities with A */
    esb_entity *doomed;  /* the entities the query found with B, destroyed after the iteration ends */
    scalar *b_values;    /* entity i's spawn gets A(i) + 1 */
    size_t n;
} cycle_ctx;

static void cycle_teardown(void *p) {
    cycle_ctx *c = p;
    esb_world_destroy(c->world);
    free(c->handles);
    free(c->doomed);
    free(c->b_values);
    free(c);
}

static void *cycle_setup(size_t n, const char **error) {
    cycle_ctx *c = scratch_calloc(1, sizeof *c);
    if (!c) return *error = "out of memory", NULL;
    c->n = n;
    c->handles = scratch_alloc(n, sizeof *c->handles);
    c->doomed = scratch_alloc(n, sizeof *c->doomed);
    c->b_values = scratch_alloc(n, sizeof *c->b_values);
    esb_status s = ESB_ERR_NOMEM;
    if (c->handles && c->doomed && c->b_values && (s = esb_world_create(&c->world)) == ESB_OK &&
        (s = scn_register(c->world, "A", sizeof(scalar), _Alignof(scalar), ESB_STORAGE_DENSE, &c->a)) == ESB_OK &&
        (s = scn_register(c->world, "B", sizeof(scalar), _Alignof(scalar), ESB_STORAGE_DENSE, &c->b)) == ESB_OK) {
        size_t size = sizeof(scalar);
        scn_value_fn value = scn_scalar;
        s = scn_bulk(c->world, n, &c->a, &size, &value, 1, c->handles);
    }
    if (s == ESB_OK) s = scn_query(c->world, &c->b, 1, true, &c->with_b);
    for (size_t i = 0; s == ESB_OK && i < n; ++i) c->b_values[i].v = data_scalar(i).v + 1.0f;
    if (s != ESB_OK) {
        *error = esb_status_name(s);
        cycle_teardown(c);
        return NULL;
    }
    return c;
}

/* Spawns one entity with B per entity with A; returns how many. */
static uint64_t spawn_all(cycle_ctx *c) {
    uint64_t spawned = 0;
    for (size_t i = 0; i < c->n; ++i) {
        esb_entity e;
        const void *value = &c->b_values[i];
        spawned += esb_create_bulk(c->world, 1, &c->b, 1, &value, &e) == ESB_OK;
    }
    return spawned;
}

/* Collects every entity with B (checking its value), then destroys them; returns how many were destroyed, or
 * 0 if a value was wrong or the query could not run. */
static uint64_t destroy_with_b(cycle_ctx *c, double *b_sum) {
    esb_iter it;
    size_t found = 0;
    double sum = 0;
    if (esb_iter_begin(c->with_b, &it) != ESB_OK) return 0;
    while (esb_iter_next(&it)) {
        ESB_EACH(&it.batch, i, {
            if (found < c->n) c->doomed[found] = ESB_ENTITY(i);
            found++;
            sum += ESB_FIELD(0, scalar, i).v;
        });
    }
    if (b_sum) *b_sum = sum;
    if (found > c->n) return 0;
    uint64_t destroyed = 0;
    for (size_t i = 0; i < found; ++i) destroyed += esb_destroy(c->world, c->doomed[i]) == ESB_OK;
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
    for (size_t i = 0; i < c->n; ++i) {
        void *a;
        if (esb_get(c->world, c->handles[i], c->a, &a) == ESB_OK)
            sum += data_entity_hash(i, data_float_bits(((scalar *)a)->v));
    }
    return sum + data_mix64(scn_count_matches(c->with_b));
}

/* One more run, watched: the spawned entities carry their B values (their sum is checked), then none is left. */
static bool cycle_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    cycle_ctx *c = p;
    (void)runs;
    double expected = 0, got = 0;
    for (size_t i = 0; i < c->n; ++i) expected += c->b_values[i].v;
    if (spawn_all(c) != c->n) return *error = "a spawn failed", false;
    if (destroy_with_b(c, &got) != c->n) return *error = "the query did not find every spawned entity", false;
    if (got != expected) return *error = "the spawned entities do not hold the B values they were given", false;
    if (scn_count_matches(c->with_b) != 0) return *error = "entities with B survived the run", false;
    for (uint64_t k = 0; k < data_spot_count(c->n, spots); ++k)
        if (!esb_alive(c->world, c->handles[data_spot_ordinal(c->n, spots, k)]))
            return *error = "an entity with A was destroyed", false;
    return true;
}

static const char *cycle_kind(void *p) { return esb_query_kind(((cycle_ctx *)p)->with_b); }
static esb_world *cycle_world(void *p) { return ((cycle_ctx *)p)->world; }

const scenario scenario_entity_cycle = {
    .info = &scenario_info_entity_cycle,
    .setup = cycle_setup,
    .run = cycle_run,
    .checksum = cycle_checksum,
    .verify = cycle_verify,
    .query_kind = cycle_kind,
    .world = cycle_world,
    .teardown = cycle_teardown,
};
