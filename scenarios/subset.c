/* Queries that match a subset of the world, pos += vel over Position (written) and Velocity (read) with the
 * cached hint. The unit is one entity of the world (ns per entity = a pass's time / n), so a design whose pass
 * costs what the world holds rather than what the query matches shows it as the match shrinks.
 * iter_half: n entities with Velocity, every other one (in creation order) also with Position.
 * iter_one: n entities with Velocity, exactly one (the middle one) also with Position.
 * selectivity_P (P = 1, 10, 50, 100): n entities with Position, each also with Velocity with probability P%
 *   (a fixed-seed draw per entity, so about P% of them).
 * query_exclude: n entities with Position and Velocity, each also with the tag Frozen with probability 1/2
 *   (fixed seed); the query excludes Frozen.
 * Entities are created in bulk with what they all share; the subset gets its component afterwards. */
#include <stdlib.h>

#include "ecs.h"
#include "kernels.h"
#include "scenario.h"
#include "scratch.h"
#include "info.h"

typedef enum subset_shape { HALF_POSITION, ONE_POSITION, SOME_VELOCITY, HALF_FROZEN } subset_shape;

typedef struct subset_ctx {
    scn_ctx base;
    esb_component position, velocity, frozen;
    uint8_t *matches;       /* per ordinal: the query must find it */
    uint64_t expected;      /* entities the query must find */
    bool position_optional; /* iter_half, iter_one: only some entities have Position */
} subset_ctx;

static bool in_subset(subset_shape shape, unsigned percent, uint64_t i, size_t n) {
    switch (shape) {
    case HALF_POSITION: return i % 2 == 0;
    case ONE_POSITION: return i == n / 2;
    case SOME_VELOCITY: return data_mix64(i ^ 0x5E1EC7ull) % 100 < percent;
    case HALF_FROZEN: return data_mix64(i ^ 0xF202E7ull) % 2 == 1;
    }
    return false;
}

static void subset_teardown(void *p) {
    free(((subset_ctx *)p)->matches);
    scn_ctx_delete(p);
}

/* Everyone gets `shared` in bulk, the subset gets `extra` (with its value, or none for a tag). */
static esb_status populate(subset_ctx *c, subset_shape shape, unsigned percent) {
    esb_component shared[2];
    size_t sizes[2] = {sizeof(vec3), sizeof(vec3)};
    scn_value_fn values[2];
    uint32_t count = 1;
    esb_component extra;
    scn_value_fn extra_value = NULL;
    switch (shape) {
    case HALF_POSITION:
    case ONE_POSITION:
        shared[0] = c->velocity, values[0] = scn_velocity;
        extra = c->position, extra_value = scn_position;
        break;
    case SOME_VELOCITY:
        shared[0] = c->position, values[0] = scn_position;
        extra = c->velocity, extra_value = scn_velocity;
        break;
    default:
        shared[0] = c->position, values[0] = scn_position;
        shared[1] = c->velocity, values[1] = scn_velocity;
        count = 2;
        extra = c->frozen;
        break;
    }
    esb_status s = scn_bulk(c->base.world, c->base.n, shared, sizes, values, count, c->base.handles);
    for (size_t i = 0; s == ESB_OK && i < c->base.n; ++i) {
        bool member = in_subset(shape, percent, i, c->base.n);
        c->matches[i] = shape == HALF_FROZEN ? !member : member;
        c->expected += c->matches[i];
        if (!member) continue;
        vec3 v;
        if (extra_value) extra_value(i, &v);
        s = esb_add(c->base.world, c->base.handles[i], extra, extra_value ? &v : NULL);
    }
    return s;
}

/* What distinguishes the family's scenarios. */
typedef struct subset_params {
    subset_shape shape;
    unsigned percent; /* SOME_VELOCITY: the probability of Velocity, in percent */
} subset_params;

static void *subset_setup(size_t n, const void *params, const char **error) {
    const subset_params *p = params;
    subset_shape shape = p->shape;
    unsigned percent = p->percent;
    subset_ctx *c = scn_ctx_new(sizeof *c, n, error);
    if (!c) return NULL;
    c->position_optional = shape == HALF_POSITION || shape == ONE_POSITION;
    c->matches = scratch_alloc(n, 1);
    esb_status s = ESB_ERR_NOMEM;
    if (c->matches && (s = esb_world_create(&c->base.world)) == ESB_OK &&
        (s = scn_register(c->base.world, "Position", sizeof(vec3), _Alignof(vec3), ESB_STORAGE_DENSE, &c->position)) ==
            ESB_OK &&
        (s = scn_register(c->base.world, "Velocity", sizeof(vec3), _Alignof(vec3), ESB_STORAGE_DENSE, &c->velocity)) ==
            ESB_OK &&
        (s = scn_register(c->base.world, "Frozen", 0, 1, ESB_STORAGE_DENSE, &c->frozen)) == ESB_OK)
        s = populate(c, shape, percent);
    if (s == ESB_OK)
        s = scn_query_update(c->base.world, c->position, c->velocity, shape == HALF_FROZEN ? &c->frozen : NULL, true,
                             &c->base.query);
    return scn_setup_end(c, s, subset_teardown, error);
}

/* n when the pass moved exactly the entities it must, else 0 (the harness then reports skipped work). */
static uint64_t subset_run(void *p) {
    subset_ctx *c = p;
    return scn_pass(c->base.query, kernel_move) == c->expected ? c->base.n : 0;
}

/* Over every entity: its ordinal with the Position and Velocity it holds (either may be absent) and whether it
 * is Frozen; plus how many the query finds. */
static uint64_t subset_checksum(void *p) {
    subset_ctx *c = p;
    uint64_t sum = 0;
    for (size_t i = 0; i < c->base.n; ++i) {
        void *pos, *vel;
        uint64_t h = esb_has(c->base.world, c->base.handles[i], c->frozen) == 1;
        if (esb_get(c->base.world, c->base.handles[i], c->position, &pos) == ESB_OK)
            h = data_hash_pair(h, data_hash_vec3(*(vec3 *)pos));
        if (esb_get(c->base.world, c->base.handles[i], c->velocity, &vel) == ESB_OK)
            h = data_hash_pair(h + 1, data_hash_vec3(*(vec3 *)vel));
        sum += data_entity_hash(i, h);
    }
    return sum + data_mix64(scn_count_matches(c->base.query));
}

/* Entity `at` moved once per run if the query finds it, else kept its starting Position (or has none, where
 * only some entities have one). */
static bool position_right(const subset_ctx *c, size_t at, uint64_t runs) {
    void *pos;
    esb_status s = esb_get(c->base.world, c->base.handles[at], c->position, &pos);
    if (s == ESB_ERR_ABSENT) return c->position_optional && !c->matches[at];
    return s == ESB_OK && data_vec3_same_bits(*(vec3 *)pos, data_position_after(at, c->matches[at] ? runs : 0));
}

/* Spot checks, plus the last entity and the middle one (iter_one's only match). */
static bool subset_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    subset_ctx *c = p;
    bool right = position_right(c, c->base.n - 1, runs) && position_right(c, c->base.n / 2, runs);
    for (uint64_t k = 0; right && k < data_spot_count(c->base.n, spots); ++k)
        right = position_right(c, data_spot_ordinal(c->base.n, spots, k), runs);
    return right ? true : (*error = "an entity's Position is not what the runs must have made it", false);
}

/* With SOME_VELOCITY, `percent` percent of the entities have Velocity. */
DEFINE_SCENARIO(iter_half, .params = &(const subset_params){.shape = HALF_POSITION, .percent = 0},
                .setup = subset_setup, .run = subset_run, .checksum = subset_checksum, .verify = subset_verify,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = subset_teardown);
DEFINE_SCENARIO(iter_one, .params = &(const subset_params){.shape = ONE_POSITION, .percent = 0}, .setup = subset_setup,
                .run = subset_run, .checksum = subset_checksum, .verify = subset_verify, .query_kind = scn_ctx_kind,
                .world = scn_ctx_world, .teardown = subset_teardown);
DEFINE_SCENARIO(selectivity_1, .params = &(const subset_params){.shape = SOME_VELOCITY, .percent = 1},
                .setup = subset_setup, .run = subset_run, .checksum = subset_checksum, .verify = subset_verify,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = subset_teardown);
DEFINE_SCENARIO(selectivity_10, .params = &(const subset_params){.shape = SOME_VELOCITY, .percent = 10},
                .setup = subset_setup, .run = subset_run, .checksum = subset_checksum, .verify = subset_verify,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = subset_teardown);
DEFINE_SCENARIO(selectivity_50, .params = &(const subset_params){.shape = SOME_VELOCITY, .percent = 50},
                .setup = subset_setup, .run = subset_run, .checksum = subset_checksum, .verify = subset_verify,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = subset_teardown);
DEFINE_SCENARIO(selectivity_100, .params = &(const subset_params){.shape = SOME_VELOCITY, .percent = 100},
                .setup = subset_setup, .run = subset_run, .checksum = subset_checksum, .verify = subset_verify,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = subset_teardown);
DEFINE_SCENARIO(query_exclude, .params = &(const subset_params){.shape = HALF_FROZEN, .percent = 0},
                .setup = subset_setup, .run = subset_run, .checksum = subset_checksum, .verify = subset_verify,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = subset_teardown);
