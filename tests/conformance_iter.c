/* Iteration and locking: structural operations fail with LOCKED while any iterator is live and change nothing;
 * reads work; nested iteration; begin/end corner cases; the each.h helper. */
#include <string.h>

#include "each.h"
#include "support.h"

/* A model-tracked world: 5 components, ~60 entities, 4 queries (slots 0..3; 0 and 2 cached). */
static void conf_iter_setup(conf_env *env, esb_component c[5]) {
    conf_env_init(env, 42);
    c[0] = conf_reg(env, "f32", 4, 4, ESB_STORAGE_DENSE);
    c[1] = conf_reg(env, "vec3", 12, 4, ESB_STORAGE_DENSE);
    c[2] = conf_reg(env, "tag", 0, 1, ESB_STORAGE_DENSE);
    c[3] = conf_reg(env, "a64", 64, 64, ESB_STORAGE_SPARSE);
    c[4] = conf_reg(env, "u8", 1, 1, ESB_STORAGE_SPARSE);
    for (int i = 0; i < 60; ++i) {
        esb_entity e;
        cr_assert_eq(conf_do_create(env, &e), ESB_OK);
        unsigned char v[64];
        conf_rng_fill(&env->rng, v, sizeof v);
        for (int k = 0; k < 5; ++k)
            if ((i >> k) & 1 || k == 0) cr_assert_eq(conf_do_add(env, e, c[k], i % 4 ? v : NULL), ESB_OK);
    }
    esb_component f01[] = {c[0], c[1]};
    esb_query_desc d[4] = {{0}};
    d[0].fields = f01, d[0].field_count = 2, d[0].cached = true;
    d[1].fields = c + 0, d[1].field_count = 1, d[1].without = c + 2, d[1].without_count = 1;
    d[2].fields = c + 3, d[2].field_count = 1, d[2].with = c + 2, d[2].with_count = 1, d[2].cached = true;
    d[3].with = c + 4, d[3].with_count = 1;
    for (int k = 0; k < 4; ++k) {
        int slot = -1;
        cr_assert_eq(conf_do_query_create(env, &d[k], &slot), ESB_OK);
        cr_assert_eq(slot, k);
    }
    conf_check_state(env, true);
}

/* Every structural operation, with arguments that would succeed unlocked, must return LOCKED and change
 * nothing. */
static void conf_expect_all_locked(conf_env *env, const esb_component c[5], int other_slot) {
    esb_entity alive = ESB_ENTITY_NULL, e;
    for (size_t i = 0; i < env->m.nissued && alive == ESB_ENTITY_NULL; ++i)
        if (env->m.ents[i] && env->m.ents[i]->has[c[0]] && !env->m.ents[i]->has[c[2]]) alive = env->m.handles[i];
    cr_assert_neq(alive, ESB_ENTITY_NULL, "test bug: no suitable entity");
    float value[3] = {1, 2, 3};
    const void *vals[] = {value, NULL};
    esb_component ids[] = {c[0], c[2]};
    esb_component_desc reg = {"locked", 8, 8, ESB_STORAGE_DENSE};
    esb_component id;
    esb_query_desc qd = {0};
    qd.fields = c + 1;
    qd.field_count = 1;
    int slot;
    CONF_EXPECT(conf_do_create(env, &e), ESB_ERR_LOCKED);
    CONF_EXPECT(conf_do_bulk(env, 5, ids, 2, vals, true, NULL), ESB_ERR_LOCKED);
    CONF_EXPECT(conf_do_bulk(env, 5, ids, 2, NULL, false, NULL), ESB_ERR_LOCKED);
    CONF_EXPECT(conf_do_destroy(env, alive), ESB_ERR_LOCKED);
    CONF_EXPECT(conf_do_add(env, alive, c[2], NULL), ESB_ERR_LOCKED);
    CONF_EXPECT(conf_do_remove(env, alive, c[0]), ESB_ERR_LOCKED);
    CONF_EXPECT(conf_do_register(env, &reg, &id), ESB_ERR_LOCKED);
    qd.cached = false;
    CONF_EXPECT(conf_do_query_create(env, &qd, &slot), ESB_ERR_LOCKED);
    qd.cached = true;
    CONF_EXPECT(conf_do_query_create(env, &qd, &slot), ESB_ERR_LOCKED);
    CONF_EXPECT(conf_do_query_destroy(env, other_slot), ESB_ERR_LOCKED);
    for (int s = 0; s < 4; ++s) CONF_EXPECT(conf_do_query_destroy(env, s), ESB_ERR_LOCKED);
    conf_check_state(env, true); /* reads work, nothing changed, idle queries iterate nested */
    for (int li = 0; li < CONF_LIVE_ITERS; ++li) conf_verify_batch(env, li); /* batch pointers still valid */
}

/* Every structural operation succeeds again. */
static void conf_expect_unlocked(conf_env *env, const esb_component c[5]) {
    esb_entity e;
    CONF_EXPECT(conf_do_create(env, &e), ESB_OK);
    CONF_EXPECT(conf_do_add(env, e, c[0], NULL), ESB_OK);
    CONF_EXPECT(conf_do_add(env, e, c[2], NULL), ESB_OK);
    CONF_EXPECT(conf_do_remove(env, e, c[2]), ESB_OK);
    esb_component ids[] = {c[0], c[1]};
    CONF_EXPECT(conf_do_bulk(env, 3, ids, 2, NULL, true, NULL), ESB_OK);
    CONF_EXPECT(conf_do_destroy(env, e), ESB_OK);
    esb_query_desc qd = {0};
    qd.with = c + 1;
    qd.with_count = 1;
    int slot = -1;
    CONF_EXPECT(conf_do_query_create(env, &qd, &slot), ESB_OK);
    CONF_EXPECT(conf_do_query_destroy(env, slot), ESB_OK);
    conf_check_state(env, true);
}

/* The world of conf_iter_setup, the iterations of `iterate` (which end every iterator they begin), and then every
 * structural operation must succeed again. */
static void conf_locking_case(void (*iterate)(conf_env *env, const esb_component c[5])) {
    conf_env env;
    esb_component c[5];
    conf_iter_setup(&env, c);
    iterate(&env, c);
    conf_expect_unlocked(&env, c);
    conf_env_fini(&env);
}

/* Begins live iterator li over query slot and takes its first batch (the query must have one). */
static void conf_begin_at_first_batch(conf_env *env, int li, int slot) {
    cr_assert_eq(conf_do_iter_begin(env, li, slot), ESB_OK);
    cr_assert(conf_do_iter_next(env, li), "query %d has no match", slot);
}

/* Takes the remaining batches of live iterator li, which then ends. */
static void conf_iterate_to_end(conf_env *env, int li) {
    while (conf_do_iter_next(env, li)) {
    }
}

static void locked_mid_batch(conf_env *env, const esb_component c[5]) {
    conf_begin_at_first_batch(env, 0, 0);
    conf_do_iter_write(env, 0);
    conf_expect_all_locked(env, c, 1);
    while (conf_do_iter_next(env, 0)) conf_expect_all_locked(env, c, 2);
}
Test(conf_iter, structural_ops_locked_mid_batch) { conf_locking_case(locked_mid_batch); }

static void locked_before_first_next(conf_env *env, const esb_component c[5]) {
    cr_assert_eq(conf_do_iter_begin(env, 0, 3), ESB_OK);
    conf_expect_all_locked(env, c, 1);
    conf_do_iter_end(env, 0);
}
Test(conf_iter, structural_ops_locked_before_first_next) { conf_locking_case(locked_before_first_next); }

static void second_begin_on_same_query(conf_env *env, const esb_component c[5]) {
    conf_begin_at_first_batch(env, 0, 1);
    /* fails; the wrapper then calls esb_iter_end on the failed iterator, which must not end the first one */
    cr_assert_eq(conf_do_iter_begin(env, 1, 1), ESB_ERR_LOCKED);
    conf_expect_all_locked(env, c, 2);
    conf_iterate_to_end(env, 0);
}
Test(conf_iter, second_begin_on_same_query_is_locked) { conf_locking_case(second_begin_on_same_query); }

static void nested_iteration_of_another_query(conf_env *env, const esb_component c[5]) {
    conf_begin_at_first_batch(env, 0, 0);
    cr_assert_eq(conf_do_iter_begin(env, 1, 2), ESB_OK);
    conf_expect_all_locked(env, c, 3);
    while (conf_do_iter_next(env, 1)) conf_do_iter_write(env, 1);
    /* the inner iterator ended; the outer one still locks the world */
    conf_expect_all_locked(env, c, 3);
    conf_do_iter_write(env, 0);
    while (conf_do_iter_next(env, 0)) conf_do_iter_write(env, 0);
}
Test(conf_iter, nested_iteration_of_another_query) { conf_locking_case(nested_iteration_of_another_query); }

static void early_end(conf_env *env, const esb_component c[5]) {
    conf_begin_at_first_batch(env, 0, 1);
    conf_do_iter_end(env, 0);
    conf_expect_unlocked(env, c);
    /* the query can be iterated again */
    cr_assert_eq(conf_do_iter_begin(env, 0, 1), ESB_OK);
    conf_iterate_to_end(env, 0);
}
Test(conf_iter, early_end_unlocks) { conf_locking_case(early_end); }

Test(conf_iter, end_twice_is_harmless) {
    conf_basic b = conf_basic_world();
    esb_entity e = conf_new_f32(&b, 1.0f);
    CONF_EXPECT(esb_add(b.w, e, b.vec3, NULL), ESB_OK);
    esb_query *q1 = conf_query1(b.w, b.f32, false), *q2 = conf_query1(b.w, b.vec3, true);
    esb_iter a, c;
    CONF_EXPECT(esb_iter_begin(q1, &a), ESB_OK);
    esb_iter_end(&a);
    esb_iter_end(&a);
    esb_entity x;
    CONF_EXPECT(esb_create(b.w, &x), ESB_OK);
    /* an ended iterator, ended again while other iterators are live, must not unlock anything */
    CONF_EXPECT(esb_iter_begin(q1, &c), ESB_OK);
    esb_iter_end(&a);
    conf_expect_locked(b.w, true);
    esb_iter_end(&c);
    CONF_EXPECT(esb_iter_begin(q2, &c), ESB_OK);
    esb_iter_end(&a);
    CONF_EXPECT(esb_destroy(b.w, x), ESB_ERR_LOCKED);
    CONF_EXPECT(esb_iter_begin(q1, &a), ESB_OK); /* q1 is free again */
    esb_iter_end(&a);
    CONF_EXPECT(esb_destroy(b.w, x), ESB_ERR_LOCKED); /* c still live */
    esb_iter_end(&c);
    esb_iter_end(&c);
    CONF_EXPECT(esb_destroy(b.w, x), ESB_OK);
    CONF_EXPECT(esb_query_destroy(q1), ESB_OK);
    CONF_EXPECT(esb_query_destroy(q2), ESB_OK);
    esb_world_destroy(b.w);
}

Test(conf_iter, exhausted_iterator_unlocks_and_stays_ended) {
    conf_f32_world t = conf_f32_world_make(5);
    esb_iter a, c;
    CONF_EXPECT(esb_iter_begin(t.cached, &a), ESB_OK);
    cr_assert_eq(conf_drain(&a), 5);
    conf_expect_locked(t.b.w, false); /* next returned false: unlocked */
    CONF_EXPECT(esb_iter_begin(t.uncached, &c), ESB_OK);
    esb_iter_end(&a); /* already ended by esb_iter_next */
    conf_expect_locked(t.b.w, true);
    CONF_EXPECT(esb_iter_begin(t.cached, &a), ESB_OK); /* the cached query has no live iterator */
    esb_iter_end(&c);
    conf_expect_locked(t.b.w, true); /* a still live */
    esb_iter_end(&a);
    conf_expect_locked(t.b.w, false);
    conf_f32_world_fini(&t);
}

Test(conf_iter, failed_begin_then_end_is_harmless) {
    conf_f32_world t = conf_f32_world_make(7);
    esb_query *q = t.cached;
    esb_iter a, bad;
    CONF_EXPECT(esb_iter_begin(q, &a), ESB_OK);
    cr_assert(esb_iter_next(&a));
    size_t n = a.batch.count;
    memset(&bad, 0xA5, sizeof bad);
    CONF_EXPECT(esb_iter_begin(q, &bad), ESB_ERR_LOCKED);
    esb_iter_end(&bad);
    esb_iter_end(&bad);
    conf_expect_locked(t.b.w, true); /* a is still live */
    cr_assert_eq(n + conf_drain(&a), 7, "the first iterator must still hand out every match");
    conf_expect_locked(t.b.w, false);
    memset(&bad, 0xA5, sizeof bad);
    CONF_EXPECT(esb_iter_begin(NULL, &bad), ESB_ERR_INVALID);
    esb_iter_end(&bad);
    conf_expect_locked(t.b.w, false);
    conf_f32_world_fini(&t);
}

Test(conf_iter, empty_match_set) {
    conf_basic b = conf_basic_world();
    esb_query *q = conf_query1(b.w, b.f64, true);
    esb_iter it;
    CONF_EXPECT(esb_iter_begin(q, &it), ESB_OK);
    cr_assert(!esb_iter_next(&it), "a query over an empty world has no batch");
    esb_entity x = conf_new_f32(&b, 1.0f);
    CONF_EXPECT(esb_iter_begin(q, &it), ESB_OK);
    cr_assert(!esb_iter_next(&it), "no entity has f64");
    esb_iter_end(&it);
    CONF_EXPECT(esb_destroy(b.w, x), ESB_OK);
    CONF_EXPECT(esb_query_destroy(q), ESB_OK);
    esb_world_destroy(b.w);
}

Test(conf_iter, destroy_query_while_other_iterates) {
    conf_f32_world t = conf_f32_world_make(1);
    esb_iter it;
    CONF_EXPECT(esb_iter_begin(t.uncached, &it), ESB_OK);
    CONF_EXPECT(esb_query_destroy(t.cached), ESB_ERR_LOCKED);
    CONF_EXPECT(esb_query_destroy(t.uncached), ESB_ERR_LOCKED);
    cr_assert_eq(conf_count(t.cached), 1, "a query whose destruction was refused must still work");
    esb_iter_end(&it);
    CONF_EXPECT(esb_query_destroy(t.cached), ESB_OK);
    cr_assert_eq(conf_count(t.uncached), 1);
    CONF_EXPECT(esb_query_destroy(t.uncached), ESB_OK);
    esb_world_destroy(t.b.w);
}

typedef struct conf_v3 {
    float x, y, z;
} conf_v3;

/* The each.h helper over several entity shapes: position += velocity, written through ESB_FIELD. */
Test(conf_iter, each_helper_updates_every_match) {
    conf_basic b = conf_basic_world();
    enum { N = 90 };
    esb_entity es[N];
    for (int i = 0; i < N; ++i) {
        es[i] = conf_new(b.w);
        conf_v3 pos = {(float)i, (float)(2 * i), 0.0f};
        CONF_EXPECT(esb_add(b.w, es[i], b.vec3, &pos), ESB_OK);
        if (i % 3) conf_add_f32(b.w, es[i], b.f32, (float)i * 0.5f);
        if (i % 2) CONF_EXPECT(esb_add(b.w, es[i], b.tag, NULL), ESB_OK);
        if (i % 5 == 0) CONF_EXPECT(esb_add(b.w, es[i], b.f64, NULL), ESB_OK);
    }
    for (int i = 0; i < N; i += 9) CONF_EXPECT(esb_remove(b.w, es[i], b.vec3), ESB_OK); /* holes */
    for (int cached = 0; cached < 2; ++cached) {
        esb_component f[] = {b.vec3, b.f32};
        esb_access acc[] = {ESB_WRITE, ESB_READ};
        esb_query_desc d = {.fields = f, .field_count = 2, .access = acc, .cached = cached};
        esb_query *q = conf_query(b.w, &d);
        esb_iter it;
        CONF_EXPECT(esb_iter_begin(q, &it), ESB_OK);
        int visited[N] = {0};
        while (esb_iter_next(&it)) {
            ESB_EACH(&it.batch, i, {
                conf_v3 *p = &ESB_FIELD(0, conf_v3, i);
                const float *v = &ESB_FIELD(1, float, i);
                p->z += *v;
                esb_entity e = ESB_ENTITY(i);
                int j = 0;
                while (j < N && es[j] != e) ++j;
                cr_assert_lt(j, N, "ESB_ENTITY gave an unknown handle");
                visited[j]++;
            });
        }
        for (int i = 0; i < N; ++i) {
            bool match = i % 3 != 0 && i % 9 != 0;
            cr_assert_eq(visited[i], match ? 1 : 0, "entity %d visited %d times", i, visited[i]);
            if (i % 9 == 0) continue;
            void *p = NULL;
            CONF_EXPECT(esb_get(b.w, es[i], b.vec3, &p), ESB_OK);
            conf_v3 got;
            memcpy(&got, p, sizeof got);
            float want = match ? (float)(cached + 1) * ((float)i * 0.5f) : 0.0f;
            cr_assert_eq(got.x, (float)i);
            cr_assert_eq(got.y, (float)(2 * i));
            cr_assert_eq(got.z, want, "entity %d: z = %f, expected %f", i, (double)got.z, (double)want);
        }
        CONF_EXPECT(esb_query_destroy(q), ESB_OK);
    }
    esb_world_destroy(b.w);
}

/* Beginning with an iterator that is live on another query must leave it live and untouched: the world stays
 * locked until both iterators end, and unlocks once they have. */
Test(conf_iter, begin_with_an_iterator_live_elsewhere) {
    conf_f32_world t = conf_f32_world_make(1);
    esb_query *q1 = t.uncached, *q2 = t.cached;
    esb_iter a, c;
    CONF_EXPECT(esb_iter_begin(q1, &a), ESB_OK);
    CONF_EXPECT(esb_iter_begin(q2, &c), ESB_OK);
    CONF_EXPECT(esb_iter_begin(q1, &c), ESB_ERR_LOCKED); /* q1 busy, and c is live on q2 */
    esb_query *q3 = NULL;
    esb_query_desc d = {.fields = &t.b.f32, .field_count = 1};
    CONF_EXPECT(esb_query_create(t.b.w, &d, &q3), ESB_ERR_LOCKED);
    cr_assert(esb_iter_next(&c), "c must still be live on q2 after the refused begin");
    cr_assert(!esb_iter_next(&c));
    conf_expect_locked(t.b.w, true);                     /* a still holds the lock */
    CONF_EXPECT(esb_iter_begin(q2, &a), ESB_ERR_LOCKED); /* q2 idle now, but a is live on q1 */
    cr_assert(esb_iter_next(&a), "a must still be live on q1 after the refused begin");
    cr_assert(!esb_iter_next(&a));
    conf_expect_locked(t.b.w, false);
    conf_f32_world_fini(&t);
}
