/* Regression tests for defects found from outside the suite, each reproduced as it was reported:
 *  - bulk creation into a world with more cached queries over one component than a strategy had reserved room
 *    for (sparse-groups crashed at the 321st non-owned group);
 *  - a refused esb_iter_begin that lost track of a live iterator, so that its world stayed locked for good:
 *    a NULL query, and a query of another world. */
#include <string.h>

#include "support.h"

/* 321 cached queries over one component, then bulk creation with it: every query sees every new entity. */
Test(conf_findings, bulk_create_under_321_cached_queries) {
    enum { QUERIES = 321, N = 50 };
    conf_basic b = conf_basic_world();
    static esb_query *q[QUERIES];
    for (int i = 0; i < QUERIES; ++i) q[i] = conf_query1(b.w, b.f32, true);
    esb_entity out[N];
    CONF_EXPECT(esb_create_bulk(b.w, N, &b.f32, 1, NULL, out), ESB_OK);
    for (int i = 0; i < QUERIES; ++i) cr_assert_eq(conf_count(q[i]), N, "cached query %d misses new entities", i);
    CONF_EXPECT(esb_destroy(b.w, out[7]), ESB_OK);
    CONF_EXPECT(esb_create_bulk(b.w, N, &b.f32, 1, NULL, out), ESB_OK); /* through the free list */
    for (int i = 0; i < QUERIES; ++i) cr_assert_eq(conf_count(q[i]), 2 * N - 1, "cached query %d after recycling", i);
    for (int i = 0; i < QUERIES; ++i) CONF_EXPECT(esb_query_destroy(q[i]), ESB_OK);
    esb_world_destroy(b.w);
}

/* The same number of queries, built one by one while entities come and go: adds, removes and destroys keep
 * every one of them current. */
Test(conf_findings, changes_under_321_cached_queries) {
    enum { QUERIES = 321 };
    conf_basic b = conf_basic_world();
    static esb_query *q[QUERIES];
    esb_entity e[8];
    for (int i = 0; i < 8; ++i) e[i] = conf_new(b.w);
    for (int i = 0; i < QUERIES; ++i) {
        q[i] = conf_query1(b.w, b.f32, true);
        conf_add_f32(b.w, e[i % 8], b.f32, (float)i);
        cr_assert_eq(conf_count(q[i]), 1, "query %d right after an add", i);
        CONF_EXPECT(esb_remove(b.w, e[i % 8], b.f32), ESB_OK);
    }
    for (int i = 0; i < 8; ++i) conf_add_f32(b.w, e[i], b.f32, (float)i);
    CONF_EXPECT(esb_destroy(b.w, e[3]), ESB_OK);
    for (int i = 0; i < QUERIES; ++i) cr_assert_eq(conf_count(q[i]), 7, "cached query %d", i);
    for (int i = 0; i < QUERIES; ++i) CONF_EXPECT(esb_query_destroy(q[i]), ESB_OK);
    esb_world_destroy(b.w);
}

/* esb_iter_begin(NULL, it) with `it` live: INVALID, and `it` stays live on its query (the world unlocks when
 * it ends, not never). */
Test(conf_findings, null_query_begin_keeps_a_live_iterator) {
    conf_f32_world t = conf_f32_world_make(5);
    esb_iter it;
    CONF_EXPECT(esb_iter_begin(t.uncached, &it), ESB_OK);
    CONF_EXPECT(esb_iter_begin(NULL, &it), ESB_ERR_INVALID);
    conf_expect_locked(t.b.w, true); /* still locked by it */
    cr_assert_eq(conf_drain(&it), 5, "the iterator must still be live and complete after the refused begin");
    conf_expect_locked(t.b.w, false);
    CONF_EXPECT(esb_iter_begin(t.uncached, &it), ESB_OK); /* the query is free again */
    CONF_EXPECT(esb_iter_begin(NULL, &it), ESB_ERR_INVALID);
    esb_iter_end(&it);
    conf_expect_locked(t.b.w, false);
    conf_f32_world_fini(&t);
}

/* Beginning a query of world B with an iterator live on world A: LOCKED, `it` stays live on A, B is not
 * locked, and once `it` ends it can be begun on B. */
Test(conf_findings, begin_on_another_world_keeps_a_live_iterator) {
    conf_f32_world a = conf_f32_world_make(3), b = conf_f32_world_make(4);
    esb_query *qa = a.cached, *qb = b.uncached;
    esb_iter it;
    CONF_EXPECT(esb_iter_begin(qa, &it), ESB_OK);
    CONF_EXPECT(esb_iter_begin(qb, &it), ESB_ERR_LOCKED);
    conf_expect_locked(b.b.w, false); /* B was never locked */
    conf_expect_locked(a.b.w, true);
    cr_assert_eq(conf_count(qb), 4, "B's query must be free to iterate");
    cr_assert_eq(conf_drain(&it), 3, "it must still be live on A's query after the refused begin");
    conf_expect_locked(a.b.w, false);
    CONF_EXPECT(esb_iter_begin(qb, &it), ESB_OK);
    conf_expect_locked(b.b.w, true);
    conf_expect_locked(a.b.w, false);
    esb_iter_end(&it);
    conf_expect_locked(b.b.w, false);
    conf_f32_world_fini(&a);
    conf_f32_world_fini(&b);
}

/* A byte copy of a live iterator is not live: beginning it elsewhere works and leaves the original live;
 * ending the copy does not unlock the original's world. */
Test(conf_findings, a_copy_of_a_live_iterator_is_not_live) {
    conf_f32_world t = conf_f32_world_make(3);
    esb_iter it, copy;
    CONF_EXPECT(esb_iter_begin(t.uncached, &it), ESB_OK);
    memcpy(&copy, &it, sizeof copy);
    esb_iter_end(&copy);
    conf_expect_locked(t.b.w, true);
    memcpy(&copy, &it, sizeof copy);
    CONF_EXPECT(esb_iter_begin(t.cached, &copy), ESB_OK);
    cr_assert_eq(conf_drain(&copy), 3);
    conf_expect_locked(t.b.w, true); /* it still holds the uncached query */
    cr_assert_eq(conf_drain(&it), 3);
    conf_expect_locked(t.b.w, false);
    conf_f32_world_fini(&t);
}
