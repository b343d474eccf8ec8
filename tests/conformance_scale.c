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
    esb_query_desc d = {
        .fields = fields, .field_count = nf, .without = without, .without_count = nwo, .cached = cached};
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

/* ---- many component types and many queries ---- */

#define MANY_QUERIES 640u
#define MANY_COMMON 48u /* components 0 .. 47 are in most bulk creations and query terms; the rest now and then */

/* Component i of the 256: every fifth a tag, the others of sizes from 1 to 256 bytes and alignments from 1 to
 * 64; every third sparse-hinted. */
static void many_register(conf_env *env, esb_component *data_ids, uint32_t *ndata) {
    static const size_t sizes[][2] = {{4, 4}, {1, 1}, {12, 4}, {8, 8}, {2, 2}, {64, 64}, {24, 8}, {100, 4}, {256, 32}};
    *ndata = 0;
    for (uint32_t i = 0; i < ESB_MAX_COMPONENTS; ++i) {
        bool tag = i % 5 == 4;
        const size_t *sa = sizes[i % (sizeof sizes / sizeof *sizes)];
        esb_component id = conf_reg(env, "many", tag ? 0 : sa[0], tag ? 1 : sa[1],
                                    i % 3 == 0 ? ESB_STORAGE_SPARSE : ESB_STORAGE_DENSE);
        cr_assert_eq(id, i);
        if (!tag) data_ids[(*ndata)++] = id;
    }
    esb_component_desc extra = {"257th", 4, 4, ESB_STORAGE_DENSE};
    esb_component id;
    CONF_EXPECT(conf_do_register(env, &extra, &id), ESB_ERR_FULL);
}

/* A component for a query term or a bulk creation: mostly a common one, sometimes any of the 256. */
static esb_component many_pick(conf_rng *r, const esb_component *from, uint32_t n, uint32_t common) {
    return conf_rng_chance(r, 85) ? from[conf_rng_below(r, common)] : from[conf_rng_below(r, n)];
}

static bool listed(const esb_component *ids, uint32_t n, esb_component c) {
    for (uint32_t i = 0; i < n; ++i)
        if (ids[i] == c) return true;
    return false;
}

/* Appends up to want distinct picks to ids (count n), none already in ids or in avoid. */
static uint32_t many_terms(conf_rng *r, esb_component *ids, uint32_t n, uint32_t want, const esb_component *from,
                           uint32_t nfrom, uint32_t common, const esb_component *avoid, uint32_t navoid) {
    for (uint32_t tries = 0; want && tries < 20; ++tries) {
        esb_component c = many_pick(r, from, nfrom, common);
        if (listed(ids, n, c) || listed(avoid, navoid, c)) continue;
        ids[n++] = c;
        --want;
    }
    return n;
}

/* Query k of the mix: fields only; fields with required tags or data; fields or with terms and excluded
 * components; one component alone (hundreds of those over component 0, as in the sparse-groups finding);
 * cached and uncached in turn. */
static void many_query(conf_env *env, uint32_t k, const esb_component *data_ids, uint32_t ndata) {
    conf_rng *r = &env->rng;
    esb_component all[ESB_MAX_COMPONENTS];
    for (uint32_t i = 0; i < ESB_MAX_COMPONENTS; ++i) all[i] = i;
    uint32_t common_data = MANY_COMMON * 4 / 5; /* the data components among the common ones */
    esb_component f[ESB_MAX_FIELDS], w[4], wo[4];
    uint32_t nf = 0, nw = 0, nwo = 0;
    switch (k % 5) {
    case 0: f[nf++] = data_ids[0]; break;
    case 1: nf = many_terms(r, f, 0, 1 + conf_rng_below(r, 3), data_ids, ndata, common_data, NULL, 0); break;
    case 2:
        nf = many_terms(r, f, 0, 1 + conf_rng_below(r, 2), data_ids, ndata, common_data, NULL, 0);
        nw = many_terms(r, w, 0, 1 + conf_rng_below(r, 2), all, ESB_MAX_COMPONENTS, MANY_COMMON, f, nf);
        break;
    case 3:
        nf = many_terms(r, f, 0, conf_rng_below(r, 2), data_ids, ndata, common_data, NULL, 0);
        nw = many_terms(r, w, 0, nf ? conf_rng_below(r, 2) : 1, all, ESB_MAX_COMPONENTS, MANY_COMMON, f, nf);
        nwo = many_terms(r, wo, 0, 1 + conf_rng_below(r, 2), all, ESB_MAX_COMPONENTS, MANY_COMMON, NULL, 0);
        break;
    default: f[nf++] = data_ids[conf_rng_below(r, ndata)]; break;
    }
    esb_query_desc d = {.fields = f,
                        .field_count = nf,
                        .with = w,
                        .with_count = nw,
                        .without = wo,
                        .without_count = nwo,
                        .cached = k % 2 == 0};
    int slot = -1;
    CONF_EXPECT(conf_do_query_create(env, &d, &slot), ESB_OK);
}

/* Bulk-creates n entities with a random set of components, values given for some of them. */
static void many_bulk(conf_env *env, size_t n, unsigned char *buffer) {
    conf_rng *r = &env->rng;
    esb_component all[ESB_MAX_COMPONENTS], ids[32];
    for (uint32_t i = 0; i < ESB_MAX_COMPONENTS; ++i) all[i] = i;
    uint32_t count = many_terms(r, ids, 0, 1 + conf_rng_below(r, 31), all, ESB_MAX_COMPONENTS, MANY_COMMON, NULL, 0);
    const void *values[32];
    for (uint32_t k = 0; k < count; ++k) {
        size_t size = conf_model_comp_size(&env->m, ids[k]);
        values[k] = NULL;
        if (!size || conf_rng_chance(r, 30)) continue;
        unsigned char *v = buffer + (size_t)k * n * 256;
        conf_rng_fill(r, v, n * size);
        values[k] = v;
    }
    CONF_EXPECT(conf_do_bulk(env, n, ids, count, values, conf_rng_chance(r, 70), NULL), ESB_OK);
}

/* All 256 component types and 640 queries of every kind, built before and after the entities exist, then bulk
 * creations, changes and destructions; every query is compared with the model after each phase. */
Test(conf_scale, many_components_and_queries) {
    conf_env env;
    conf_env_init(&env, 256640);
    esb_component data_ids[ESB_MAX_COMPONENTS];
    uint32_t ndata;
    many_register(&env, data_ids, &ndata);
    enum { BATCH = 64 };
    unsigned char *buffer = malloc((size_t)32 * BATCH * 256);
    cr_assert_not_null(buffer);
    for (int i = 0; i < 8; ++i) many_bulk(&env, 1 + conf_rng_below(&env.rng, BATCH), buffer);
    for (uint32_t k = 0; k < MANY_QUERIES / 2; ++k) many_query(&env, k, data_ids, ndata);
    for (int i = 0; i < 24; ++i) many_bulk(&env, 1 + conf_rng_below(&env.rng, BATCH), buffer);
    for (uint32_t k = MANY_QUERIES / 2; k < MANY_QUERIES; ++k) many_query(&env, k, data_ids, ndata);
    uint32_t matching = 0;
    for (int slot = 0; slot < (int)MANY_QUERIES; ++slot) matching += conf_model_match_count(&env.m, slot) > 0;
    cr_assert_gt(matching, MANY_QUERIES / 2, "test bug: only %u of the queries match anything", matching);
    conf_check_state(&env, true);
    /* changes: components added and removed, entities destroyed, the freed indices reused by bulk creation */
    for (size_t i = 0; i < env.m.nissued; i += 3) {
        if (!env.m.ents[i]) continue;
        esb_component c = many_pick(&env.rng, (esb_component[]){0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, 10, 10);
        if (env.m.ents[i]->has[c])
            CONF_EXPECT(conf_do_remove(&env, env.m.handles[i], c), ESB_OK);
        else
            CONF_EXPECT(conf_do_add(&env, env.m.handles[i], c, NULL), ESB_OK);
        if (i % 7 == 0) CONF_EXPECT(conf_do_destroy(&env, env.m.handles[i]), ESB_OK);
    }
    for (int i = 0; i < 8; ++i) many_bulk(&env, 1 + conf_rng_below(&env.rng, BATCH), buffer);
    conf_check_state(&env, true);
    free(buffer);
    conf_env_fini(&env);
}
