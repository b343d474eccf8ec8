/* Limits and hostile use: more entities than the index space holds, a full index space and retired indices
 * (narrow builds, ESB_INDEX_LIMIT), every forbidden NULL, storage hints and layouts a strategy cannot take,
 * destroying and restructuring from inside an iteration. Each gets its documented error and leaves the world as
 * it was. (The 257th component, size and alignment limits and version wrap-around are in conformance_errors.c
 * and conformance_versions.c.) */
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* Matches of a one-term query over c, by full iteration. */
static size_t count_with(esb_world *w, esb_component c) {
    esb_query_desc d = {0};
    d.with = &c;
    d.with_count = 1;
    esb_query *q = NULL;
    CONF_EXPECT(esb_query_create(w, &d, &q), ESB_OK);
    size_t n = conf_count(q);
    CONF_EXPECT(esb_query_destroy(q), ESB_OK);
    return n;
}

/* A bulk creation larger than the whole index space is refused before anything is allocated. */
Test(conf_limits, bulk_beyond_the_index_space_is_full) {
    conf_basic b = conf_basic_world();
    esb_entity keep = conf_new(b.w);
    conf_add_f32(b.w, keep, b.f32, 1.0f);
    size_t live = esb_mem_get_stats().live_bytes;
    uint64_t calls_before = esb_mem_get_stats().allocations + esb_mem_get_stats().failures;
    esb_component ids[] = {b.f32, b.tag};
    const size_t too_many[] = {(size_t)ESB_MAX_ENTITIES + 1, (size_t)ESB_MAX_ENTITIES * 2, SIZE_MAX};
    for (size_t i = 0; i < sizeof too_many / sizeof too_many[0]; ++i) {
        CONF_EXPECT(esb_create_bulk(b.w, too_many[i], ids, 2, NULL, NULL), ESB_ERR_FULL);
        CONF_EXPECT(esb_create_bulk(b.w, too_many[i], NULL, 0, NULL, NULL), ESB_ERR_FULL);
        esb_component unknown[] = {b.f32, 999};
        CONF_EXPECT(esb_create_bulk(b.w, too_many[i], unknown, 2, NULL, NULL), ESB_ERR_UNKNOWN_COMPONENT);
    }
    cr_assert_eq(esb_mem_get_stats().live_bytes, live, "a refused bulk creation kept memory");
    cr_assert_eq(esb_mem_get_stats().allocations + esb_mem_get_stats().failures, calls_before,
                 "a bulk creation beyond the index space tried to allocate");
    cr_assert_eq(count_with(b.w, b.f32), 1, "a refused bulk creation created entities");
    cr_assert(esb_alive(b.w, keep));
    esb_world_destroy(b.w);
}

#if ESB_INDEX_LIMIT < ESB_MAX_ENTITIES
/* Narrow builds: the index space holds ESB_INDEX_LIMIT entities. Filling it exactly works; one more is FULL, by
 * single or bulk creation, with nothing created; a destroyed entity's index is then the only room there is. */
Test(conf_limits, full_index_space) {
    conf_basic b = conf_basic_world();
    const size_t limit = ESB_INDEX_LIMIT, singles = 100;
    esb_entity *all = malloc(limit * sizeof *all);
    cr_assert_not_null(all, "test allocation");
    esb_component ids[] = {b.f32, b.tag};
    CONF_EXPECT(esb_create_bulk(b.w, limit - singles, ids, 2, NULL, all), ESB_OK);
    for (size_t i = limit - singles; i < limit; ++i) {
        CONF_EXPECT(esb_create(b.w, &all[i]), ESB_OK);
        conf_add_f32(b.w, all[i], b.f32, (float)i);
    }
    esb_entity e = 12345;
    CONF_EXPECT(esb_create(b.w, &e), ESB_ERR_FULL);
    CONF_EXPECT(esb_create_bulk(b.w, 1, ids, 2, NULL, NULL), ESB_ERR_FULL);
    CONF_EXPECT(esb_create_bulk(b.w, 0, ids, 2, NULL, NULL), ESB_OK);
    CONF_EXPECT(esb_create_bulk(NULL, 1, ids, 2, NULL, NULL), ESB_ERR_INVALID); /* INVALID before FULL */
    cr_assert_eq(count_with(b.w, b.f32), limit, "the full world lost or gained entities");
    for (size_t i = 0; i < limit; ++i) cr_assert(esb_alive(b.w, all[i]), "entity %zu died", i);

    /* ten indices free: eleven do not fit (nothing created), ten do */
    for (size_t i = 0; i < 10; ++i) CONF_EXPECT(esb_destroy(b.w, all[i * 97]), ESB_OK);
    CONF_EXPECT(esb_create_bulk(b.w, 11, ids, 2, NULL, NULL), ESB_ERR_FULL);
    cr_assert_eq(count_with(b.w, b.f32), limit - 10, "a refused bulk creation created entities");
    esb_entity again[10];
    CONF_EXPECT(esb_create_bulk(b.w, 10, ids, 1, NULL, again), ESB_OK);
    for (size_t i = 0; i < 10; ++i) {
        cr_assert(!esb_alive(b.w, all[i * 97]), "a destroyed handle came back");
        cr_assert(esb_alive(b.w, again[i]));
    }
    CONF_EXPECT(esb_create(b.w, &e), ESB_ERR_FULL);
    CONF_EXPECT(esb_destroy(b.w, again[3]), ESB_OK);
    CONF_EXPECT(esb_create(b.w, &e), ESB_OK);
    CONF_EXPECT(esb_has(b.w, e, b.f32), 0);
    CONF_EXPECT(esb_create(b.w, &e), ESB_ERR_FULL);
    free(all);
    esb_world_destroy(b.w);
}
#endif

#if ESB_INDEX_LIMIT < ESB_MAX_ENTITIES && defined(ESB_RETIRE_EXHAUSTED)
/* With retirement, indices whose versions ran out are gone for good: cycling one entity at a time through
 * every index's every version exhausts the space although nothing is alive. */
Test(conf_limits, retired_indices_exhaust_the_index_space) {
    esb_world *w;
    CONF_EXPECT(esb_world_create(&w), ESB_OK);
    const uint64_t cycles = (uint64_t)ESB_INDEX_LIMIT << ESB_VERSION_BITS;
    esb_entity e = ESB_ENTITY_NULL;
    for (uint64_t i = 0; i < cycles; ++i) {
        esb_status st = esb_create(w, &e);
        if (st != ESB_OK)
            cr_assert_fail("cycle %llu of %llu: esb_create returned %s", (unsigned long long)i,
                           (unsigned long long)cycles, esb_status_name(st));
        CONF_EXPECT(esb_destroy(w, e), ESB_OK);
    }
    CONF_EXPECT(esb_create(w, &e), ESB_ERR_FULL);
    esb_component none[1] = {0};
    CONF_EXPECT(esb_create_bulk(w, 1, none, 0, NULL, NULL), ESB_ERR_FULL);
    esb_world_destroy(w);
}
#endif

/* Every pointer the contract forbids to be NULL, in every function: INVALID (or the documented harmless
 * result), and the world unchanged. */
Test(conf_limits, null_pointers_everywhere) {
    conf_env env;
    conf_env_init(&env, 3);
    esb_component f = conf_reg(&env, "f", 4, 4, ESB_STORAGE_DENSE);
    esb_component t = conf_reg(&env, "t", 0, 1, ESB_STORAGE_SPARSE);
    esb_entity e;
    CONF_EXPECT(conf_do_create(&env, &e), ESB_OK);
    CONF_EXPECT(conf_do_add(&env, e, f, NULL), ESB_OK);
    esb_world *w = env.w;
    esb_component id;
    esb_component_desc good = {"g", 4, 4, ESB_STORAGE_DENSE}, unnamed = {NULL, 4, 4, ESB_STORAGE_DENSE};
    void *p = &p;
    esb_query_desc qd = {0};
    qd.fields = &f;
    qd.field_count = 1;
    esb_query *q = (esb_query *)&q;
    esb_iter it;

    CONF_EXPECT(esb_world_create(NULL), ESB_ERR_INVALID);
    esb_world_destroy(NULL);
    CONF_EXPECT(esb_component_register(NULL, &good, &id), ESB_ERR_INVALID);
    CONF_EXPECT(esb_component_register(w, NULL, &id), ESB_ERR_INVALID);
    CONF_EXPECT(esb_component_register(w, &good, NULL), ESB_ERR_INVALID);
    CONF_EXPECT(esb_component_register(w, &unnamed, &id), ESB_ERR_INVALID);
    CONF_EXPECT(esb_create(NULL, &e), ESB_ERR_INVALID);
    CONF_EXPECT(esb_create(w, NULL), ESB_ERR_INVALID);
    CONF_EXPECT(esb_create_bulk(NULL, 1, &f, 1, NULL, NULL), ESB_ERR_INVALID);
    CONF_EXPECT(esb_create_bulk(w, 1, NULL, 1, NULL, NULL), ESB_ERR_INVALID);
    CONF_EXPECT(esb_destroy(NULL, e), ESB_ERR_INVALID);
    cr_assert(!esb_alive(NULL, e), "esb_alive(NULL, e) must be false");
    CONF_EXPECT(esb_add(NULL, e, t, NULL), ESB_ERR_INVALID);
    CONF_EXPECT(esb_remove(NULL, e, f), ESB_ERR_INVALID);
    CONF_EXPECT(esb_get(NULL, e, f, &p), ESB_ERR_INVALID);
    cr_assert_null(p, "esb_get must set *out to NULL on error");
    CONF_EXPECT(esb_get(w, e, f, NULL), ESB_ERR_INVALID);
    CONF_EXPECT(esb_has(NULL, e, f), ESB_ERR_INVALID);
    CONF_EXPECT(esb_query_create(NULL, &qd, &q), ESB_ERR_INVALID);
    cr_assert_null(q, "esb_query_create must set *out to NULL on error");
    CONF_EXPECT(esb_query_create(w, NULL, &q), ESB_ERR_INVALID);
    CONF_EXPECT(esb_query_create(w, &qd, NULL), ESB_ERR_INVALID);
    qd.fields = NULL;
    CONF_EXPECT(esb_query_create(w, &qd, &q), ESB_ERR_INVALID);
    qd.fields = &f, qd.with = NULL, qd.with_count = 1;
    CONF_EXPECT(esb_query_create(w, &qd, &q), ESB_ERR_INVALID);
    qd.with_count = 0, qd.without = NULL, qd.without_count = 1;
    CONF_EXPECT(esb_query_create(w, &qd, &q), ESB_ERR_INVALID);
    CONF_EXPECT(esb_query_destroy(NULL), ESB_OK);
    CONF_EXPECT(esb_iter_begin(NULL, &it), ESB_ERR_INVALID);
    int slot = -1;
    qd.without_count = 0;
    CONF_EXPECT(conf_do_query_create(&env, &qd, &slot), ESB_OK);
    CONF_EXPECT(esb_iter_begin(env.q[slot], NULL), ESB_ERR_INVALID);
    conf_check_state(&env, true); /* nothing changed, and the query still iterates */
    conf_env_fini(&env);
}

/* Hints outside the enum, and layouts no strategy can store, are refused at registration. */
Test(conf_limits, unstorable_component_descriptions) {
    conf_env env;
    conf_env_init(&env, 4);
    const esb_component_desc bad[] = {
        {"hint2", 4, 4, (esb_storage_hint)2},
        {"hint-1", 4, 4, (esb_storage_hint)-1},
        {"align128", 128, 128, ESB_STORAGE_DENSE},
        {"align0", 4, 0, ESB_STORAGE_DENSE},
        {"align3", 6, 3, ESB_STORAGE_DENSE},
        {"size5align4", 5, 4, ESB_STORAGE_SPARSE},
        {"huge", (size_t)1 << 40, 8, ESB_STORAGE_DENSE},
        {"max", SIZE_MAX, 1, ESB_STORAGE_DENSE},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        esb_component id = 77;
        env.step = (unsigned)i;
        CONF_EXPECT(conf_do_register(&env, &bad[i], &id), ESB_ERR_INVALID);
    }
    cr_assert_eq(env.m.ncomps, 0, "a refused registration took an id");
    esb_component ok = conf_reg(&env, "ok", 8, 8, ESB_STORAGE_SPARSE);
    cr_assert_eq(ok, 0, "refused registrations used up ids");
    conf_env_fini(&env);
}

/* Destroying every entity a query hands out, from inside the loop, is LOCKED each time and the iteration still
 * visits every match once; the same destruction after the loop succeeds. Adds and removes of the iterated
 * components from inside are LOCKED as well. */
Test(conf_limits, destroy_and_restructure_inside_iteration) {
    conf_env env;
    conf_env_init(&env, 5);
    esb_component a = conf_reg(&env, "a", 8, 8, ESB_STORAGE_DENSE);
    esb_component s = conf_reg(&env, "s", 4, 4, ESB_STORAGE_SPARSE);
    esb_component ids[] = {a};
    CONF_EXPECT(conf_do_bulk(&env, 300, ids, 1, NULL, true, NULL), ESB_OK);
    esb_query_desc d = {0};
    d.fields = &a;
    d.field_count = 1;
    d.cached = true;
    int slot = -1;
    CONF_EXPECT(conf_do_query_create(&env, &d, &slot), ESB_OK);
    CONF_EXPECT(conf_do_iter_begin(&env, 0, slot), ESB_OK);
    size_t tried = 0;
    while (conf_do_iter_next(&env, 0)) {
        const esb_batch *b = &env.live[0].it.batch;
        for (uint32_t i = 0; i < b->count; ++i) {
            esb_entity e = conf_batch_entity(b, i);
            CONF_EXPECT(conf_do_destroy(&env, e), ESB_ERR_LOCKED);
            CONF_EXPECT(conf_do_add(&env, e, s, NULL), ESB_ERR_LOCKED);
            CONF_EXPECT(conf_do_remove(&env, e, a), ESB_ERR_LOCKED);
            ++tried;
        }
        conf_verify_batch(&env, 0); /* the batch is intact */
    }
    cr_assert_eq(tried, 300, "the iteration visited %zu of 300 entities", tried);
    conf_check_state(&env, true);
    for (size_t i = 0; i < env.m.nissued; ++i) CONF_EXPECT(conf_do_destroy(&env, env.m.handles[i]), ESB_OK);
    conf_check_state(&env, true);
    conf_env_fini(&env);
}
