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
    esb_world *world;
    esb_component position, velocity, frozen;
    esb_query *query;
    esb_entity *handles;
    uint8_t *matches;       /* per ordinal: the query must find it */
    uint64_t expected;      /* entities the query must find */
    bool position_optional; /* iter_half, iter_one: only some entities have Position */
    size_t n;
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
    subset_ctx *c = p;
    esb_world_destroy(c->world);
    free(c->handles);
    free(c->matches);
    free(c);
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
    esb_status s = scn_bulk(c->world, c->n, shared, sizes, values, count, c->handles);
    for (size_t i = 0; s == ESB_OK && i < c->n; ++i) {
        bool member = in_subset(shape, percent, i, c->n);
        c->matches[i] = shape == HALF_FROZEN ? !member : member;
        c->expected += c->matches[i];
        if (!member) continue;
        vec3 v;
        if (extra_value) extra_value(i, &v);
        s = esb_add(c->world, c->handles[i], extra, extra_value ? &v : NULL);
    }
    return s;
}

static void *setup(size_t n, subset_shape shape, unsigned percent, const char **error) {
    subset_ctx *c = scratch_calloc(1, sizeof *c);
    if (!c) return *error = "out of memory", NULL;
    c->n = n;
    c->position_optional = shape == HALF_POSITION || shape == ONE_POSITION;
    c->handles = scratch_alloc(n, sizeof *c->handles);
    c->matches = scratch_alloc(n, 1);
    esb_status s = ESB_ERR_NOMEM;
    if (c->handles && c->matches && (s = esb_world_create(&c->world)) == ESB_OK &&
        (s = scn_register(c->world, "Position", sizeof(vec3), _Alignof(vec3), ESB_STORAGE_DENSE, &c->position)) ==
            ESB_OK &&
        (s = scn_register(c->world, "Velocity", sizeof(vec3), _Alignof(vec3), ESB_STORAGE_DENSE, &c->velocity)) ==
            ESB_OK &&
        (s = scn_register(c->world, "Frozen", 0, 1, ESB_STORAGE_DENSE, &c->frozen)) == ESB_OK)
        s = populate(c, shape, percent);
    if (s == ESB_OK) {
        esb_component fields[] = {c->position, c->velocity};
        esb_access access[] = {ESB_WRITE, ESB_READ};
        esb_query_desc d = {.fields = fields, .access = access, .field_count = 2, .cached = true};
        if (shape == HALF_FROZEN) d.without = &c->frozen, d.without_count = 1;
        s = esb_query_create(c->world, &d, &c->query);
    }
    if (s != ESB_OK) {
        *error = esb_status_name(s);
        subset_teardown(c);
        return NULL;
    }
    return c;
}

static void *iter_half_setup(size_t n, const char **error) { return setup(n, HALF_POSITION, 0, error); }
static void *iter_one_setup(size_t n, const char **error) { return setup(n, ONE_POSITION, 0, error); }
static void *selectivity_1_setup(size_t n, const char **error) { return setup(n, SOME_VELOCITY, 1, error); }
static void *selectivity_10_setup(size_t n, const char **error) { return setup(n, SOME_VELOCITY, 10, error); }
static void *selectivity_50_setup(size_t n, const char **error) { return setup(n, SOME_VELOCITY, 50, error); }
static void *selectivity_100_setup(size_t n, const char **error) { return setup(n, SOME_VELOCITY, 100, error); }
static void *query_exclude_setup(size_t n, const char **error) { return setup(n, HALF_FROZEN, 0, error); }

/* n when the pass moved exactly the entities it must, else 0 (the harness then reports skipped work). */
static uint64_t subset_run(void *p) {
    subset_ctx *c = p;
    return scn_pass(c->query, kernel_move) == c->expected ? c->n : 0;
}

/* Over every entity: its ordinal with the Position and Velocity it holds (either may be absent) and whether it
 * is Frozen; plus how many the query finds. */
static uint64_t subset_checksum(void *p) {
    subset_ctx *c = p;
    uint64_t sum = 0;
    for (size_t i = 0; i < c->n; ++i) {
        void *pos, *vel;
        uint64_t h = esb_has(c->world, c->handles[i], c->frozen) == 1;
        if (esb_get(c->world, c->handles[i], c->position, &pos) == ESB_OK)
            h = data_hash_pair(h, data_hash_vec3(*(vec3 *)pos));
        if (esb_get(c->world, c->handles[i], c->velocity, &vel) == ESB_OK)
            h = data_hash_pair(h + 1, data_hash_vec3(*(vec3 *)vel));
        sum += data_entity_hash(i, h);
    }
    return sum + data_mix64(scn_count_matches(c->query));
}

/* Entity `at` moved once per run if the query finds it, else kept its starting Position (or has none, where
 * only some entities have one). */
static bool position_right(const subset_ctx *c, size_t at, uint64_t runs) {
    void *pos;
    esb_status s = esb_get(c->world, c->handles[at], c->position, &pos);
    if (s == ESB_ERR_ABSENT) return c->position_optional && !c->matches[at];
    return s == ESB_OK && data_vec3_same_bits(*(vec3 *)pos, data_position_after(at, c->matches[at] ? runs : 0));
}

/* Spot checks, plus the last entity and the middle one (iter_one's only match). */
static bool subset_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    subset_ctx *c = p;
    bool right = position_right(c, c->n - 1, runs) && position_right(c, c->n / 2, runs);
    for (uint64_t k = 0; right && k < data_spot_count(c->n, spots); ++k)
        right = position_right(c, data_spot_ordinal(c->n, spots, k), runs);
    return right ? true : (*error = "an entity's Position is not what the runs must have made it", false);
}

static const char *subset_kind(void *p) { return esb_query_kind(((subset_ctx *)p)->query); }
static esb_world *subset_world(void *p) { return ((subset_ctx *)p)->world; }

#define SUBSET_SCENARIO(id, setup_fn) \
    const scenario scenario_##id = {  \
        .info = &scenario_info_##id,  \
        .setup = setup_fn,            \
        .run = subset_run,            \
        .checksum = subset_checksum,  \
        .verify = subset_verify,      \
        .query_kind = subset_kind,    \
        .world = subset_world,        \
        .teardown = subset_teardown,  \
    }

SUBSET_SCENARIO(iter_half, iter_half_setup);
SUBSET_SCENARIO(iter_one, iter_one_setup);
SUBSET_SCENARIO(selectivity_1, selectivity_1_setup);
SUBSET_SCENARIO(selectivity_10, selectivity_10_setup);
SUBSET_SCENARIO(selectivity_50, selectivity_50_setup);
SUBSET_SCENARIO(selectivity_100, selectivity_100_setup);
SUBSET_SCENARIO(query_exclude, query_exclude_setup);
