/* The batched operations against their specification (contract.h): every error in the contract's order, the
 * empty bundle, values and their order, what change terms see, and that a bundle is the loop of the immediate
 * calls it stands for (the model-checked random sequences and the allocation-failure sweeps check the rest). */
#include <string.h>

#include "support.h"

/* The basic world and an entity with f32 = 1 alone. */
typedef struct bundle_world {
    conf_basic b;
    esb_entity e;
} bundle_world;

static bundle_world bundle_world_make(void) {
    bundle_world t = {conf_basic_world(), 0};
    t.e = conf_new_f32(&t.b, 1.0f);
    return t;
}

Test(conf_batched, add_bundle_errors_in_the_contracts_order) {
    bundle_world t = bundle_world_make();
    esb_world *w = t.b.w;
    esb_component ok[] = {t.b.vec3, t.b.tag}, twice[] = {t.b.vec3, t.b.vec3}, unknown[] = {t.b.vec3, 99};
    esb_component present[] = {t.b.vec3, t.b.f32}, many[ESB_MAX_COMPONENTS + 1] = {0};
    esb_entity dead = conf_new_dead(w);
    CONF_EXPECT(esb_add_bundle(NULL, t.e, ok, 2, NULL), ESB_ERR_INVALID);
    CONF_EXPECT(esb_add_bundle(w, t.e, NULL, 2, NULL), ESB_ERR_INVALID);
    CONF_EXPECT(esb_add_bundle(w, t.e, many, ESB_MAX_COMPONENTS + 1, NULL), ESB_ERR_INVALID);
    CONF_EXPECT(esb_add_bundle(w, dead, twice, 2, NULL), ESB_ERR_INVALID); /* INVALID before STALE */
    esb_query *q = conf_query1(w, t.b.f32, false);
    esb_iter it;
    CONF_EXPECT(esb_iter_begin(q, &it), ESB_OK);
    CONF_EXPECT(esb_add_bundle(w, dead, unknown, 2, NULL), ESB_ERR_LOCKED); /* LOCKED before STALE */
    CONF_EXPECT(esb_add_bundle(w, t.e, ok, 0, NULL), ESB_ERR_LOCKED);
    esb_iter_end(&it);
    CONF_EXPECT(esb_add_bundle(w, dead, unknown, 2, NULL), ESB_ERR_STALE); /* STALE before UNKNOWN */
    CONF_EXPECT(esb_add_bundle(w, t.e, unknown, 2, NULL), ESB_ERR_UNKNOWN_COMPONENT);
    esb_component unknown_after_present[] = {t.b.f32, 99};
    CONF_EXPECT(esb_add_bundle(w, t.e, unknown_after_present, 2, NULL), ESB_ERR_UNKNOWN_COMPONENT);
    CONF_EXPECT(esb_add_bundle(w, t.e, present, 2, NULL), ESB_ERR_PRESENT);
    /* every refusal left e as it was: f32 alone */
    cr_assert_eq(esb_has(w, t.e, t.b.vec3), 0, "a refused bundle added vec3");
    cr_assert_eq(conf_get_f32(w, t.e, t.b.f32), 1.0f);
    CONF_EXPECT(esb_add_bundle(w, t.e, ok, 2, NULL), ESB_OK);
    CONF_EXPECT(esb_query_destroy(q), ESB_OK);
    esb_world_check(w);
    esb_world_destroy(w);
}

Test(conf_batched, remove_bundle_errors_in_the_contracts_order) {
    bundle_world t = bundle_world_make();
    esb_world *w = t.b.w;
    CONF_EXPECT(esb_add(w, t.e, t.b.f64, NULL), ESB_OK);
    esb_component ok[] = {t.b.f64, t.b.f32}, twice[] = {t.b.f32, t.b.f32}, unknown[] = {t.b.f32, 99};
    esb_component absent[] = {t.b.f32, t.b.tag};
    esb_entity dead = conf_new_dead(w);
    CONF_EXPECT(esb_remove_bundle(NULL, t.e, ok, 2), ESB_ERR_INVALID);
    CONF_EXPECT(esb_remove_bundle(w, t.e, NULL, 1), ESB_ERR_INVALID);
    CONF_EXPECT(esb_remove_bundle(w, dead, twice, 2), ESB_ERR_INVALID);
    esb_query *q = conf_query1(w, t.b.f32, true);
    esb_iter it;
    CONF_EXPECT(esb_iter_begin(q, &it), ESB_OK);
    CONF_EXPECT(esb_remove_bundle(w, dead, ok, 2), ESB_ERR_LOCKED);
    esb_iter_end(&it);
    CONF_EXPECT(esb_remove_bundle(w, dead, unknown, 2), ESB_ERR_STALE);
    CONF_EXPECT(esb_remove_bundle(w, t.e, unknown, 2), ESB_ERR_UNKNOWN_COMPONENT);
    CONF_EXPECT(esb_remove_bundle(w, t.e, absent, 2), ESB_ERR_ABSENT);
    cr_assert_eq(esb_has(w, t.e, t.b.f32), 1, "a refused bundle removed f32");
    cr_assert(conf_contains(q, t.e), "a refused bundle took e out of the cached query");
    CONF_EXPECT(esb_remove_bundle(w, t.e, ok, 2), ESB_OK);
    cr_assert_eq(esb_has(w, t.e, t.b.f32), 0);
    cr_assert_eq(esb_has(w, t.e, t.b.f64), 0);
    cr_assert(!conf_contains(q, t.e), "the cached query still hands out an entity the bundle emptied");
    CONF_EXPECT(esb_query_destroy(q), ESB_OK);
    esb_world_check(w);
    esb_world_destroy(w);
}

/* count = 0 checks up to STALE, then does nothing and allocates nothing, whatever ids is. */
Test(conf_batched, an_empty_bundle_checks_then_does_nothing) {
    bundle_world t = bundle_world_make();
    esb_world *w = t.b.w;
    esb_entity dead = conf_new_dead(w);
    CONF_EXPECT(esb_add_bundle(w, dead, NULL, 0, NULL), ESB_ERR_STALE);
    CONF_EXPECT(esb_remove_bundle(w, dead, NULL, 0), ESB_ERR_STALE);
    esb_mem_fail_nth(1);
    CONF_EXPECT(esb_add_bundle(w, t.e, NULL, 0, NULL), ESB_OK);
    CONF_EXPECT(esb_remove_bundle(w, t.e, NULL, 0), ESB_OK);
    cr_assert_eq(esb_mem_fail_nth(0), 0, "an empty bundle allocated");
    cr_assert_eq(conf_get_f32(w, t.e, t.b.f32), 1.0f);
    esb_world_check(w);
    esb_world_destroy(w);
}

/* Values: one per component in the order of ids (which need not be sorted); NULL zero-fills one or all; a tag's
 * value is never read. */
Test(conf_batched, values_follow_ids_in_any_order) {
    bundle_world t = bundle_world_make();
    esb_world *w = t.b.w;
    float v3[3] = {4, 5, 6};
    double d = 7.5;
    esb_component ids[] = {t.b.f64, t.b.tag, t.b.vec3}; /* registered 3, 2, 1: not in id order */
    const void *values[] = {&d, (const void *)"never read", v3};
    CONF_EXPECT(esb_add_bundle(w, t.e, ids, 3, values), ESB_OK);
    void *p;
    CONF_EXPECT(esb_get(w, t.e, t.b.vec3, &p), ESB_OK);
    cr_assert_eq(memcmp(p, v3, sizeof v3), 0, "vec3 is not the value given for it");
    CONF_EXPECT(esb_get(w, t.e, t.b.f64, &p), ESB_OK);
    cr_assert_eq(memcmp(p, &d, sizeof d), 0, "f64 is not the value given for it");
    cr_assert_eq(conf_get_f32(w, t.e, t.b.f32), 1.0f, "the bundle disturbed a component it does not name");
    cr_assert_eq(esb_has(w, t.e, t.b.tag), 1);

    esb_entity z = conf_new_f32(&t.b, 2.0f), one_null = conf_new_f32(&t.b, 3.0f);
    esb_component two[] = {t.b.vec3, t.b.f64};
    CONF_EXPECT(esb_add_bundle(w, z, two, 2, NULL), ESB_OK);
    const void *first_null[] = {NULL, &d};
    CONF_EXPECT(esb_add_bundle(w, one_null, two, 2, first_null), ESB_OK);
    static const unsigned char zeros[12];
    CONF_EXPECT(esb_get(w, z, t.b.vec3, &p), ESB_OK);
    cr_assert_eq(memcmp(p, zeros, 12), 0, "values NULL did not zero-fill vec3");
    CONF_EXPECT(esb_get(w, z, t.b.f64, &p), ESB_OK);
    cr_assert_eq(memcmp(p, zeros, 8), 0, "values NULL did not zero-fill f64");
    CONF_EXPECT(esb_get(w, one_null, t.b.vec3, &p), ESB_OK);
    cr_assert_eq(memcmp(p, zeros, 12), 0, "a NULL value did not zero-fill vec3");
    CONF_EXPECT(esb_get(w, one_null, t.b.f64, &p), ESB_OK);
    cr_assert_eq(memcmp(p, &d, 8), 0, "f64 beside a NULL value is not the value given");
    cr_assert_eq(conf_get_f32(w, one_null, t.b.f32), 3.0f);
    cr_assert_eq(conf_get_f32(w, z, t.b.f32), 2.0f);
    esb_world_check(w);
    esb_world_destroy(w);
}

/* A bundle moves e to exactly the final set: queries over that set hand it out once, queries over the sets in
 * between and the set it left do not; the other entities of both sets keep their values. */
Test(conf_batched, queries_see_the_final_set_alone) {
    conf_basic b = conf_basic_world();
    esb_world *w = b.w;
    esb_entity others[6];
    for (int i = 0; i < 6; ++i) others[i] = conf_new_f32(&b, (float)i);
    esb_entity e = conf_new_f32(&b, 100.0f);
    esb_component all[] = {b.vec3, b.tag, b.f64};
    esb_query_desc final = {.fields = (esb_component[]){b.f32, b.vec3, b.f64},
                            .field_count = 3,
                            .with = &b.tag,
                            .with_count = 1,
                            .cached = true};
    esb_query_desc partial = {.fields = (esb_component[]){b.f32, b.vec3},
                              .field_count = 2,
                              .without = &b.tag,
                              .without_count = 1,
                              .cached = true};
    esb_query_desc alone = {.fields = &b.f32, .field_count = 1, .without = &b.vec3, .without_count = 1};
    esb_query *qf = conf_query(w, &final), *qp = conf_query(w, &partial), *qa = conf_query(w, &alone);
    cr_assert_eq(conf_count(qa), 7);
    CONF_EXPECT(esb_add_bundle(w, e, all, 3, NULL), ESB_OK);
    cr_assert(conf_contains(qf, e) && conf_count(qf) == 1, "the query over the final set misses e");
    cr_assert(!conf_contains(qp, e), "a query over a set between hands e out");
    cr_assert_eq(conf_count(qa), 6, "e is still in the set it left");
    for (int i = 0; i < 6; ++i) cr_assert_eq(conf_get_f32(w, others[i], b.f32), (float)i);
    cr_assert_eq(conf_get_f32(w, e, b.f32), 100.0f, "the move lost f32's value");
    esb_component back[] = {b.f64, b.tag};
    CONF_EXPECT(esb_remove_bundle(w, e, back, 2), ESB_OK);
    cr_assert(conf_contains(qp, e) && !conf_contains(qf, e), "the remove bundle did not land in {f32, vec3}");
    cr_assert_eq(conf_get_f32(w, e, b.f32), 100.0f, "the move lost f32's value");
    for (int i = 0; i < 6; ++i) cr_assert_eq(conf_get_f32(w, others[i], b.f32), (float)i);
    esb_query *qs[] = {qf, qp, qa};
    for (int i = 0; i < 3; ++i) CONF_EXPECT(esb_query_destroy(qs[i]), ESB_OK);
    esb_world_check(w);
    esb_world_destroy(w);
}

/* Each component of a bundle is an addition for ADDED and CHANGED terms on it; a removed one takes its marks with
 * it, and adding it again is an addition again. */
Test(conf_batched, change_terms_see_each_addition) {
    conf_basic b = conf_basic_world();
    esb_world *w = b.w;
    conf_new_f32s(&b, 4);
    esb_entity e = conf_new_f32(&b, 9.0f);
    esb_query_desc added = {
        .fields = &b.vec3, .field_count = 1, .cached = true, .change = ESB_CHANGE_ADDED, .change_component = b.vec3};
    esb_query_desc tagged = {.fields = &b.f32,
                             .field_count = 1,
                             .with = &b.tag,
                             .with_count = 1,
                             .change = ESB_CHANGE_CHANGED,
                             .change_component = b.tag};
    esb_query *qa = conf_query(w, &added), *qt = conf_query(w, &tagged);
    esb_component ids[] = {b.tag, b.vec3};
    CONF_EXPECT(esb_add_bundle(w, e, ids, 2, NULL), ESB_OK);
    cr_assert(conf_contains(qa, e), "an ADDED term misses a bundle's addition"); /* complete: the point moves */
    cr_assert(conf_contains(qt, e), "a CHANGED term misses a bundle's addition of a tag");
    if (esb_change_exact()) {
        cr_assert_eq(conf_count(qa), 0, "a complete pass did not move the ADDED term's reference point");
        cr_assert_eq(conf_count(qt), 0, "a complete pass did not move the CHANGED term's reference point");
    }
    CONF_EXPECT(esb_remove_bundle(w, e, ids, 2), ESB_OK);
    cr_assert_eq(conf_count(qa), 0, "a removed component is still reported");
    CONF_EXPECT(esb_add_bundle(w, e, ids, 2, NULL), ESB_OK);
    cr_assert(conf_contains(qa, e), "adding a component again is no addition to the bundle");
    CONF_EXPECT(esb_query_destroy(qa), ESB_OK);
    CONF_EXPECT(esb_query_destroy(qt), ESB_OK);
    esb_world_check(w);
    esb_world_destroy(w);
}

/* A bundle is the loop of its immediate calls: the same world, bundle against loop, under the model. */
Test(conf_batched, a_bundle_is_the_loop_it_stands_for) {
    conf_env env;
    conf_env_init(&env, 11);
    esb_component c[6];
    c[0] = conf_reg(&env, "f32", 4, 4, ESB_STORAGE_DENSE);
    c[1] = conf_reg(&env, "vec3", 12, 4, ESB_STORAGE_DENSE);
    c[2] = conf_reg(&env, "tag", 0, 1, ESB_STORAGE_DENSE);
    c[3] = conf_reg(&env, "sparse", 16, 8, ESB_STORAGE_SPARSE);
    c[4] = conf_reg(&env, "a64", 64, 64, ESB_STORAGE_DENSE);
    c[5] = conf_reg(&env, "stag", 0, 1, ESB_STORAGE_SPARSE);
    esb_query_desc groups = {.fields = c, .field_count = 2, .cached = true};
    int slot;
    cr_assert_eq(conf_do_query_create(&env, &groups, &slot), ESB_OK);
    esb_query_desc exact = {.fields = &c[3], .field_count = 1, .change = ESB_CHANGE_ADDED, .change_component = c[3]};
    cr_assert_eq(conf_do_query_create(&env, &exact, &slot), ESB_OK);
    unsigned char v[6][64];
    const void *values[6];
    for (int k = 0; k < 6; ++k) conf_rng_fill(&env.rng, v[k], 64), values[k] = v[k];
    for (int i = 0; i < 64; ++i) {
        esb_entity e;
        cr_assert_eq(conf_do_create(&env, &e), ESB_OK);
        uint32_t first = (uint32_t)i % 6, count = 1 + (uint32_t)i % 5;
        esb_component ids[6];
        const void *vals[6];
        for (uint32_t k = 0; k < count && k < 6; ++k) ids[k] = c[(first + k) % 6], vals[k] = values[(first + k) % 6];
        uint32_t n = count < 6 ? count : 6;
        cr_assert_eq(conf_do_add_bundle(&env, e, ids, n, vals), ESB_OK);
        if (i % 3 == 0) cr_assert_eq(conf_do_remove_bundle(&env, e, ids + 1, n - 1), ESB_OK);
        if (i % 8 == 0) conf_check_state(&env, true);
    }
    conf_check_state(&env, true);
    conf_env_fini(&env);
}

/* ---- query-wide adds and removes ---- */

Test(conf_batched, matching_errors_in_the_contracts_order) {
    bundle_world t = bundle_world_make();
    esb_world *w = t.b.w;
    esb_query *q = conf_query1(w, t.b.f32, true), *other = conf_query1(w, t.b.vec3, false);
    esb_query *changed = conf_query_changed(w, t.b.f32);
    size_t count = 77;
    CONF_EXPECT(esb_add_matching(NULL, t.b.tag, NULL, &count), ESB_ERR_INVALID);
    CONF_EXPECT(esb_remove_matching(NULL, t.b.tag, &count), ESB_ERR_INVALID);
    CONF_EXPECT(esb_add_matching(changed, 99, NULL, &count), ESB_ERR_INVALID); /* INVALID before UNKNOWN */
    CONF_EXPECT(esb_remove_matching(changed, t.b.f32, &count), ESB_ERR_INVALID);
    esb_iter it;
    CONF_EXPECT(esb_iter_begin(other, &it), ESB_OK); /* any iterator of the world locks it */
    CONF_EXPECT(esb_add_matching(q, 99, NULL, &count), ESB_ERR_LOCKED);
    CONF_EXPECT(esb_remove_matching(q, t.b.f32, &count), ESB_ERR_LOCKED);
    esb_iter_end(&it);
    CONF_EXPECT(esb_iter_begin(q, &it), ESB_OK); /* its own included */
    CONF_EXPECT(esb_add_matching(q, t.b.tag, NULL, &count), ESB_ERR_LOCKED);
    esb_iter_end(&it);
    CONF_EXPECT(esb_add_matching(q, 99, NULL, &count), ESB_ERR_UNKNOWN_COMPONENT);
    CONF_EXPECT(esb_remove_matching(q, ESB_MAX_COMPONENTS, &count), ESB_ERR_UNKNOWN_COMPONENT);
    cr_assert_eq(count, 77, "a refused call wrote *out_count");
    cr_assert_eq(esb_has(w, t.e, t.b.tag), 0);
    CONF_EXPECT(esb_add_matching(q, t.b.tag, NULL, NULL), ESB_OK); /* out_count may be NULL */
    cr_assert_eq(esb_has(w, t.e, t.b.tag), 1);
    esb_query *qs[] = {q, other, changed};
    for (int i = 0; i < 3; ++i) CONF_EXPECT(esb_query_destroy(qs[i]), ESB_OK);
    esb_world_check(w);
    esb_world_destroy(w);
}

/* Entities the query matches that lack c gain it with the value, in every group they sit in; holders keep their
 * value and report no change; entities the query does not match are untouched. */
Test(conf_batched, add_matching_adds_to_the_lacking_matches_alone) {
    conf_basic b = conf_basic_world();
    esb_world *w = b.w;
    esb_entity e[12];
    for (int i = 0; i < 12; ++i) {
        e[i] = conf_new_f32(&b, (float)i);
        if (i % 3 == 1) CONF_EXPECT(esb_add(w, e[i], b.f64, NULL), ESB_OK); /* a second group of f32 holders */
        if (i % 4 == 0) CONF_EXPECT(esb_add(w, e[i], b.tag, NULL), ESB_OK); /* excluded from q */
    }
    float held[3] = {-1, -2, -3};
    CONF_EXPECT(esb_add(w, e[5], b.vec3, held), ESB_OK); /* matches q, already holds vec3 */
    esb_query_desc d = {.fields = &b.f32, .field_count = 1, .without = &b.tag, .without_count = 1, .cached = true};
    esb_query *q = conf_query(w, &d);
    esb_query_desc added = {
        .fields = &b.vec3, .field_count = 1, .change = ESB_CHANGE_CHANGED, .change_component = b.vec3};
    esb_query *qc = conf_query(w, &added);
    conf_count(qc); /* a complete pass: its reference point is now */
    float v3[3] = {7, 8, 9};
    size_t count = 0;
    CONF_EXPECT(esb_add_matching(q, b.vec3, v3, &count), ESB_OK);
    cr_assert_eq(count, 8, "12 entities, 3 with the tag, 1 holding vec3: 8 gain it, %zu reported", count);
    for (int i = 0; i < 12; ++i) {
        bool gains = i % 4 != 0 && i != 5;
        void *p;
        cr_assert_eq(esb_has(w, e[i], b.vec3), i % 4 != 0, "entity %d", i);
        cr_assert_eq(conf_get_f32(w, e[i], b.f32), (float)i, "entity %d's f32 moved wrong", i);
        if (!gains) continue;
        CONF_EXPECT(esb_get(w, e[i], b.vec3, &p), ESB_OK);
        cr_assert_eq(memcmp(p, v3, sizeof v3), 0, "entity %d's vec3 is not the value", i);
    }
    void *p;
    CONF_EXPECT(esb_get(w, e[5], b.vec3, &p), ESB_OK);
    cr_assert_eq(memcmp(p, held, sizeof held), 0, "a holder's value was overwritten");
    if (esb_change_exact()) /* the 8 that gained vec3, and not e[5], which was left alone */
        cr_assert_eq(conf_count(qc), 8, "a change term over vec3 does not report exactly the entities that gained it");
    CONF_EXPECT(esb_query_destroy(q), ESB_OK);
    CONF_EXPECT(esb_query_destroy(qc), ESB_OK);
    esb_world_check(w);
    esb_world_destroy(w);
}

/* The set is the one the call began with: adding a component the query excludes, or removing one it requires,
 * changes every match once, and the query matches none of them after. */
Test(conf_batched, matching_takes_the_set_the_call_began_with) {
    conf_basic b = conf_basic_world();
    esb_world *w = b.w;
    for (int i = 0; i < 40; ++i) {
        esb_entity x = conf_new_f32(&b, (float)i);
        if (i % 2) CONF_EXPECT(esb_add(w, x, b.f64, NULL), ESB_OK);
    }
    esb_query_desc d = {.fields = &b.f32, .field_count = 1, .without = &b.tag, .without_count = 1, .cached = true};
    esb_query *without_tag = conf_query(w, &d), *with_f32 = conf_query1(w, b.f32, true);
    size_t count = 0;
    CONF_EXPECT(esb_add_matching(without_tag, b.tag, NULL, &count), ESB_OK);
    cr_assert_eq(count, 40);
    cr_assert_eq(conf_count(without_tag), 0, "an entity the call tagged still matches");
    CONF_EXPECT(esb_add_matching(without_tag, b.tag, NULL, &count), ESB_OK);
    cr_assert_eq(count, 0, "a second call found entities to tag");
    CONF_EXPECT(esb_remove_matching(with_f32, b.f32, &count), ESB_OK);
    cr_assert_eq(count, 40);
    cr_assert_eq(conf_count(with_f32), 0, "an entity that lost f32 still matches");
    CONF_EXPECT(esb_remove_matching(with_f32, b.f32, &count), ESB_OK);
    cr_assert_eq(count, 0);
    CONF_EXPECT(esb_query_destroy(without_tag), ESB_OK);
    CONF_EXPECT(esb_query_destroy(with_f32), ESB_OK);
    esb_world_check(w);
    esb_world_destroy(w);
}

/* A cached query's matches include groups made since its last pass: a design that walks only what the query knew
 * misses the entities of a new shape. */
Test(conf_batched, matching_reaches_groups_made_since_the_last_pass) {
    conf_basic b = conf_basic_world();
    esb_world *w = b.w;
    esb_query *q = conf_query1(w, b.f32, true);
    conf_new_f32s(&b, 5);
    cr_assert_eq(conf_count(q), 5);
    esb_entity fresh = conf_new_f32(&b, 50.0f);
    CONF_EXPECT(esb_add(w, fresh, b.f64, NULL), ESB_OK); /* {f32, f64}: a shape the query has not seen */
    size_t count = 0;
    CONF_EXPECT(esb_add_matching(q, b.tag, NULL, &count), ESB_OK);
    cr_assert_eq(count, 6, "the entity of the new shape was not tagged");
    cr_assert_eq(esb_has(w, fresh, b.tag), 1);
    CONF_EXPECT(esb_remove_matching(q, b.tag, &count), ESB_OK);
    cr_assert_eq(count, 6);
    cr_assert_eq(esb_has(w, fresh, b.tag), 0);
    CONF_EXPECT(esb_query_destroy(q), ESB_OK);
    esb_world_check(w);
    esb_world_destroy(w);
}
