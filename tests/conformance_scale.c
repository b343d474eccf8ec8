/* Worlds of thousands of entities whose matches form the patterns batch builders have edge cases for: every
 * entity, none, alternating, long runs broken at odd places, runs that straddle 64-entity blocks and
 * 4096-entry chunks, random densities, and holes left by destroyed entities. Every query's result is compared
 * with the model as a set, with field values, cached and uncached. */
#include <stdlib.h>

#include "support.h"

#define SCALE_N 10000u

typedef bool (*scale_pattern)(uint32_t i, conf_rng *r); /* does entity i get B */

static bool every(uint32_t i, conf_rng *r) { return (void)i, (void)r, true; }
static bool alternate(uint32_t i, conf_rng *r) { return (void)r, i % 2 == 0; }
static bool runs_of_100(uint32_t i, conf_rng *r) { return (void)r, i % 300 < 100; }
static bool straddle_blocks(uint32_t i, conf_rng *r) { return (void)r, (i + 13) % 128 < 90; }
static bool one_block_gap(uint32_t i, conf_rng *r) { return (void)r, i < 64 || i >= 128; }
static bool chunk_edges(uint32_t i, conf_rng *r) { return (void)r, i < 4090 || (i > 4100 && i < 8200); }
static bool dense_random(uint32_t i, conf_rng *r) { return (void)i, conf_rng_chance(r, 99); }
static bool half_random(uint32_t i, conf_rng *r) { return (void)i, conf_rng_chance(r, 50); }
static bool sparse_random(uint32_t i, conf_rng *r) { return (void)i, conf_rng_chance(r, 1); }
static bool nothing(uint32_t i, conf_rng *r) { return (void)i, (void)r, false; }

static int scale_query(conf_env *env, const esb_component *fields, uint32_t nf, const esb_component *without,
                       uint32_t nwo, bool cached) {
    esb_query_desc d = {.fields = fields, .field_count = nf, .without = without, .without_count = nwo,
                        .cached = cached};
    int slot = -1;
    CONF_EXPECT(conf_do_query_create(env, &d, &slot), ESB_OK);
    return slot;
}

/* Bulk-creates SCALE_N entities with A, gives B to those the pattern picks, destroys every 37th entity, then
 * checks queries {A, B}, {A} without B and {B}, cached ones created before the changes and uncached after. */
static void scale_run(scale_pattern pattern, uint64_t seed) {
    conf_env env;
    conf_env_init(&env, seed);
    esb_component a = conf_reg(&env, "A", sizeof(float), sizeof(float), ESB_STORAGE_DENSE);
    esb_component b = conf_reg(&env, "B", 12, 4, ESB_STORAGE_DENSE);
    esb_component ab[] = {a, b};
    int cached_ab = scale_query(&env, ab, 2, NULL, 0, true);
    int cached_a_not_b = scale_query(&env, &a, 1, &b, 1, true);

    float *values = malloc(SCALE_N * sizeof *values);
    esb_entity *handles = malloc(SCALE_N * sizeof *handles);
    cr_assert(values && handles);
    for (uint32_t i = 0; i < SCALE_N; ++i) values[i] = (float)i * 0.5f;
    const void *vals[] = {values};
    CONF_EXPECT(conf_do_bulk(&env, SCALE_N, &a, 1, vals, true, handles), ESB_OK);
    for (uint32_t i = 0; i < SCALE_N; ++i) {
        if (!pattern(i, &env.rng)) continue;
        float v[3] = {(float)i, 1.0f, -(float)i};
        CONF_EXPECT(conf_do_add(&env, handles[i], b, v), ESB_OK);
    }
    conf_check_query(&env, cached_ab);
    conf_check_query(&env, cached_a_not_b);
    for (uint32_t i = 0; i < SCALE_N; i += 37) CONF_EXPECT(conf_do_destroy(&env, handles[i]), ESB_OK);

    int uncached_ab = scale_query(&env, ab, 2, NULL, 0, false);
    int uncached_a_not_b = scale_query(&env, &a, 1, &b, 1, false);
    int uncached_b = scale_query(&env, &b, 1, NULL, 0, false);
    int slots[] = {cached_ab, cached_a_not_b, uncached_ab, uncached_a_not_b, uncached_b};
    for (size_t k = 0; k < sizeof slots / sizeof *slots; ++k) conf_check_query(&env, slots[k]);

    /* Recycled indices: the destroyed ones come back through the free list, scattered among the others. */
    CONF_EXPECT(conf_do_bulk(&env, SCALE_N / 37 + 1, ab, 2, NULL, true, handles), ESB_OK);
    for (size_t k = 0; k < sizeof slots / sizeof *slots; ++k) conf_check_query(&env, slots[k]);

    free(values);
    free(handles);
    conf_env_fini(&env);
}

#define SCALE_TEST(pattern, seed) \
    Test(conf_scale, pattern) { scale_run(pattern, seed); }

SCALE_TEST(every, 1)
SCALE_TEST(alternate, 2)
SCALE_TEST(runs_of_100, 3)
SCALE_TEST(straddle_blocks, 4)
SCALE_TEST(one_block_gap, 5)
SCALE_TEST(chunk_edges, 6)
SCALE_TEST(dense_random, 7)
SCALE_TEST(half_random, 8)
SCALE_TEST(sparse_random, 9)
SCALE_TEST(nothing, 10)
