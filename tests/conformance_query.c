/* Query descriptions (each documented error as its own test) and query semantics. */
#include <string.h>

#include "support.h"

static esb_status conf_try(esb_world *w, const esb_component *f, uint32_t nf, const esb_component *with, uint32_t nw,
                           const esb_component *without, uint32_t nwo) {
    esb_query_desc d = {0};
    d.fields = f;
    d.field_count = nf;
    d.with = with;
    d.with_count = nw;
    d.without = without;
    d.without_count = nwo;
    esb_query *q = NULL;
    esb_status st = esb_query_create(w, &d, &q);
    if (st == ESB_OK) esb_query_destroy(q);
    return st;
}

Test(conf_query, null_arguments) {
    conf_basic b = conf_basic_world();
    esb_query_desc d = {0};
    d.fields = &b.f32;
    d.field_count = 1;
    esb_query *q = NULL;
    CONF_EXPECT(esb_query_create(NULL, &d, &q), ESB_ERR_INVALID);
    CONF_EXPECT(esb_query_create(b.w, NULL, &q), ESB_ERR_INVALID);
    CONF_EXPECT(esb_query_create(b.w, &d, NULL), ESB_ERR_INVALID);
    d.fields = NULL; /* field_count 1 with no array */
    CONF_EXPECT(esb_query_create(b.w, &d, &q), ESB_ERR_INVALID);
    d.fields = &b.f32;
    d.with_count = 1; /* with NULL */
    CONF_EXPECT(esb_query_create(b.w, &d, &q), ESB_ERR_INVALID);
    d.with_count = 0;
    d.without_count = 1; /* without NULL */
    CONF_EXPECT(esb_query_create(b.w, &d, &q), ESB_ERR_INVALID);
    esb_world_destroy(b.w);
}

Test(conf_query, no_field_and_no_with) {
    conf_basic b = conf_basic_world();
    CONF_EXPECT(conf_try(b.w, NULL, 0, NULL, 0, NULL, 0), ESB_ERR_INVALID);
    CONF_EXPECT(conf_try(b.w, NULL, 0, NULL, 0, &b.f32, 1), ESB_ERR_INVALID);
    CONF_EXPECT(conf_try(b.w, NULL, 0, &b.tag, 1, NULL, 0), ESB_OK); /* a with term alone is enough */
    CONF_EXPECT(conf_try(b.w, &b.f32, 1, NULL, 0, NULL, 0), ESB_OK);
    esb_world_destroy(b.w);
}

Test(conf_query, over_limits) {
    esb_world *w;
    CONF_EXPECT(esb_world_create(&w), ESB_OK);
    esb_component ids[ESB_MAX_TERMS + 1];
    for (uint32_t i = 0; i < ESB_MAX_TERMS + 1; ++i) {
        esb_component_desc d = {"c", 4, 4, ESB_STORAGE_DENSE};
        CONF_EXPECT(esb_component_register(w, &d, &ids[i]), ESB_OK);
    }
    CONF_EXPECT(conf_try(w, ids, ESB_MAX_FIELDS + 1, NULL, 0, NULL, 0), ESB_ERR_INVALID);
    CONF_EXPECT(conf_try(w, ids, ESB_MAX_FIELDS, NULL, 0, NULL, 0), ESB_OK);
    CONF_EXPECT(conf_try(w, NULL, 0, ids, ESB_MAX_TERMS + 1, NULL, 0), ESB_ERR_INVALID);
    CONF_EXPECT(conf_try(w, NULL, 0, ids, ESB_MAX_TERMS, NULL, 0), ESB_OK);
    CONF_EXPECT(conf_try(w, ids, 1, NULL, 0, ids + 1, ESB_MAX_TERMS), ESB_OK);
    CONF_EXPECT(conf_try(w, ids, 1, NULL, 0, ids, ESB_MAX_TERMS + 1), ESB_ERR_INVALID);
    esb_world_destroy(w);
}

Test(conf_query, tag_as_field) {
    conf_basic b = conf_basic_world();
    esb_component f[] = {b.f32, b.tag};
    CONF_EXPECT(conf_try(b.w, f, 2, NULL, 0, NULL, 0), ESB_ERR_INVALID);
    CONF_EXPECT(conf_try(b.w, &b.tag, 1, NULL, 0, NULL, 0), ESB_ERR_INVALID);
    esb_component tag_unknown[] = {b.tag, 99};
    CONF_EXPECT(conf_try(b.w, tag_unknown, 2, NULL, 0, NULL, 0), ESB_ERR_INVALID); /* INVALID before UNKNOWN */
    CONF_EXPECT(conf_try(b.w, f, 1, &b.tag, 1, &b.tag, 1), ESB_OK);                /* tags are fine as terms */
    esb_world_destroy(b.w);
}

Test(conf_query, duplicate_among_fields_and_with) {
    conf_basic b = conf_basic_world();
    esb_component ff[] = {b.f32, b.vec3, b.f32};
    esb_component ww[] = {b.tag, b.tag};
    CONF_EXPECT(conf_try(b.w, ff, 3, NULL, 0, NULL, 0), ESB_ERR_INVALID);
    CONF_EXPECT(conf_try(b.w, ff, 1, ff, 1, NULL, 0), ESB_ERR_INVALID);
    CONF_EXPECT(conf_try(b.w, ff, 2, ff + 1, 1, NULL, 0), ESB_ERR_INVALID);
    CONF_EXPECT(conf_try(b.w, NULL, 0, ww, 2, NULL, 0), ESB_ERR_INVALID);
    esb_component bad_unknown[] = {99, 99};
    CONF_EXPECT(conf_try(b.w, bad_unknown, 2, NULL, 0, NULL, 0), ESB_ERR_INVALID); /* before UNKNOWN */
    esb_world_destroy(b.w);
}

Test(conf_query, duplicate_among_without) {
    conf_basic b = conf_basic_world();
    esb_component wo[] = {b.tag, b.vec3, b.tag};
    CONF_EXPECT(conf_try(b.w, &b.f32, 1, NULL, 0, wo, 3), ESB_ERR_INVALID);
    CONF_EXPECT(conf_try(b.w, &b.f32, 1, NULL, 0, wo, 2), ESB_OK);
    esb_world_destroy(b.w);
}

Test(conf_query, unknown_component) {
    conf_basic b = conf_basic_world();
    esb_component unk = 4, huge = UINT32_MAX;
    CONF_EXPECT(conf_try(b.w, &unk, 1, NULL, 0, NULL, 0), ESB_ERR_UNKNOWN_COMPONENT);
    CONF_EXPECT(conf_try(b.w, &b.f32, 1, &huge, 1, NULL, 0), ESB_ERR_UNKNOWN_COMPONENT);
    CONF_EXPECT(conf_try(b.w, &b.f32, 1, NULL, 0, &unk, 1), ESB_ERR_UNKNOWN_COMPONENT);
    /* registering it makes the same description valid */
    esb_component id;
    esb_component_desc d = {"late", 4, 4, ESB_STORAGE_DENSE};
    CONF_EXPECT(esb_component_register(b.w, &d, &id), ESB_OK);
    CONF_EXPECT(conf_try(b.w, &unk, 1, NULL, 0, NULL, 0), ESB_OK);
    esb_world_destroy(b.w);
}

Test(conf_query, desc_errors_while_locked) {
    conf_basic b = conf_basic_world();
    esb_query *q = conf_query1(b.w, b.f32, false);
    esb_iter it;
    CONF_EXPECT(esb_iter_begin(q, &it), ESB_OK);
    esb_component unk = 50;
    CONF_EXPECT(conf_try(b.w, &b.tag, 1, NULL, 0, NULL, 0), ESB_ERR_INVALID); /* INVALID before LOCKED */
    CONF_EXPECT(conf_try(b.w, NULL, 0, NULL, 0, NULL, 0), ESB_ERR_INVALID);
    CONF_EXPECT(conf_try(b.w, &unk, 1, NULL, 0, NULL, 0), ESB_ERR_LOCKED); /* LOCKED before UNKNOWN */
    CONF_EXPECT(conf_try(b.w, &b.vec3, 1, NULL, 0, NULL, 0), ESB_ERR_LOCKED);
    esb_iter_end(&it);
    CONF_EXPECT(esb_query_destroy(q), ESB_OK);
    esb_world_destroy(b.w);
}

Test(conf_query, description_is_copied) {
    conf_basic b = conf_basic_world();
    esb_component f[] = {b.f32};
    esb_component wo[] = {b.tag};
    esb_query_desc d = {0};
    d.fields = f;
    d.field_count = 1;
    d.without = wo;
    d.without_count = 1;
    esb_query *q = NULL;
    CONF_EXPECT(esb_query_create(b.w, &d, &q), ESB_OK);
    f[0] = b.vec3; /* the caller's arrays change afterwards */
    wo[0] = b.f64;
    esb_entity e = conf_new(b.w);
    conf_add_f32(b.w, e, b.f32, 3.0f);
    CONF_EXPECT(esb_add(b.w, e, b.f64, NULL), ESB_OK);
    cr_assert(conf_contains(q, e), "query must keep the terms it was created with");
    CONF_EXPECT(esb_add(b.w, e, b.tag, NULL), ESB_OK);
    cr_assert(!conf_contains(q, e), "query must keep the terms it was created with");
    esb_query_destroy(q);
    esb_world_destroy(b.w);
}

Test(conf_query, required_and_excluded_matches_nothing) {
    conf_basic b = conf_basic_world();
    for (int i = 0; i < 10; ++i) {
        esb_entity e = conf_new(b.w);
        conf_add_f32(b.w, e, b.f32, (float)i);
        if (i % 2) CONF_EXPECT(esb_add(b.w, e, b.tag, NULL), ESB_OK);
    }
    esb_query *qs[4];
    for (int k = 0; k < 4; ++k) {
        esb_query_desc d = {0};
        d.fields = &b.f32;
        d.field_count = k < 2 ? 1 : 0;
        d.with = &b.tag;
        d.with_count = k < 2 ? 0 : 1;
        d.without = k < 2 ? &b.f32 : &b.tag;
        d.without_count = 1;
        d.cached = k % 2;
        CONF_EXPECT(esb_query_create(b.w, &d, &qs[k]), ESB_OK);
    }
    for (int i = 0; i < 10; ++i) {
        esb_entity e = conf_new(b.w);
        conf_add_f32(b.w, e, b.f32, (float)i);
        CONF_EXPECT(esb_add(b.w, e, b.tag, NULL), ESB_OK);
    }
    for (int k = 0; k < 4; ++k) {
        cr_assert_eq(conf_count(qs[k]), 0, "query %d requires and excludes one component: must match nothing", k);
        CONF_EXPECT(esb_query_destroy(qs[k]), ESB_OK);
    }
    esb_world_destroy(b.w);
}

Test(conf_query, destroy_null_is_ignored) { CONF_EXPECT(esb_query_destroy(NULL), ESB_OK); }

Test(conf_query, kind_is_named) {
    conf_basic b = conf_basic_world();
    for (int cached = 0; cached < 2; ++cached) {
        esb_query *q = conf_query1(b.w, b.vec3, cached);
        const char *kind = esb_query_kind(q);
        cr_assert(kind && kind[0], "esb_query_kind must return a non-empty string");
        esb_query_destroy(q);
    }
    esb_world_destroy(b.w);
}

Test(conf_query, destroyed_entity_leaves_every_query) {
    conf_basic b = conf_basic_world();
    esb_query *q[6];
    q[0] = conf_query1(b.w, b.f32, false);
    q[1] = conf_query1(b.w, b.f32, true);
    esb_component f2[] = {b.f32, b.vec3};
    for (int k = 2; k < 6; ++k) {
        esb_query_desc d = {0};
        d.fields = f2;
        d.field_count = k < 4 ? 2 : 0;
        d.with = k < 4 ? NULL : &b.tag;
        d.with_count = k < 4 ? 0 : 1;
        d.cached = k % 2;
        CONF_EXPECT(esb_query_create(b.w, &d, &q[k]), ESB_OK);
    }
    esb_entity other = conf_new(b.w);
    conf_add_f32(b.w, other, b.f32, 1.0f);
    CONF_EXPECT(esb_add(b.w, other, b.tag, NULL), ESB_OK);
    esb_entity e = conf_new(b.w);
    conf_add_f32(b.w, e, b.f32, 2.0f);
    CONF_EXPECT(esb_add(b.w, e, b.vec3, NULL), ESB_OK);
    CONF_EXPECT(esb_add(b.w, e, b.tag, NULL), ESB_OK);
    for (int k = 0; k < 6; ++k) cr_assert(conf_contains(q[k], e), "query %d must contain the entity", k);
    CONF_EXPECT(esb_destroy(b.w, e), ESB_OK);
    for (int k = 0; k < 6; ++k) cr_assert(!conf_contains(q[k], e), "query %d still yields a destroyed entity", k);
    /* a new entity (perhaps on the recycled index) with only f32 */
    esb_entity n = conf_new(b.w);
    conf_add_f32(b.w, n, b.f32, 3.0f);
    cr_assert(conf_contains(q[0], n) && conf_contains(q[1], n), "new entity missing from f32 queries");
    for (int k = 2; k < 6; ++k) cr_assert(!conf_contains(q[k], n), "query %d yields a non-matching entity", k);
    cr_assert_eq(conf_count(q[0]), 2);
    cr_assert_eq(conf_count(q[1]), 2);
    cr_assert_eq(conf_count(q[4]), 1);
    cr_assert_eq(conf_count(q[5]), 1);
    for (int k = 0; k < 6; ++k) CONF_EXPECT(esb_query_destroy(q[k]), ESB_OK);
    esb_world_destroy(b.w);
}

Test(conf_query, iter_begin_null_arguments) {
    conf_basic b = conf_basic_world();
    esb_query *q = conf_query1(b.w, b.f32, false);
    esb_iter it;
    memset(&it, 0xA5, sizeof it);
    CONF_EXPECT(esb_iter_begin(NULL, &it), ESB_ERR_INVALID);
    esb_iter_end(&it); /* a failed begin must leave an iterator that end handles harmlessly */
    CONF_EXPECT(esb_iter_begin(q, NULL), ESB_ERR_INVALID);
    /* the world is not locked */
    esb_entity e = conf_new(b.w);
    conf_add_f32(b.w, e, b.f32, 1.0f);
    cr_assert_eq(conf_count(q), 1);
    CONF_EXPECT(esb_query_destroy(q), ESB_OK);
    esb_world_destroy(b.w);
}

Test(conf_query, write_through_batch_then_get) {
    conf_basic b = conf_basic_world();
    enum { N = 50 };
    esb_entity es[N];
    for (int i = 0; i < N; ++i) {
        es[i] = conf_new_f32(&b, (float)i);
        if (i % 3 == 0) CONF_EXPECT(esb_add(b.w, es[i], b.tag, NULL), ESB_OK);
        if (i % 5 == 0) CONF_EXPECT(esb_add(b.w, es[i], b.f64, NULL), ESB_OK);
    }
    esb_access acc[] = {ESB_WRITE};
    esb_query_desc d = {.fields = &b.f32, .field_count = 1, .access = acc, .cached = true};
    esb_query *q = conf_query(b.w, &d);
    esb_iter it;
    CONF_EXPECT(esb_iter_begin(q, &it), ESB_OK);
    size_t seen = 0;
    while (esb_iter_next(&it)) {
        const esb_batch *bt = &it.batch;
        for (uint32_t i = 0; i < bt->count; ++i) {
            size_t row = bt->rows[0] ? bt->rows[0][i] : i;
            float *p = (float *)((char *)bt->base[0] + row * (bt->stride[0] ? bt->stride[0] : sizeof(float)));
            *p = *p * 2.0f + 1.0f;
            ++seen;
        }
    }
    cr_assert_eq(seen, N);
    for (int i = 0; i < N; ++i)
        cr_assert_eq(conf_get_f32(b.w, es[i], b.f32), (float)i * 2.0f + 1.0f, "write through batch lost (%d)", i);
    esb_query_destroy(q);
    esb_world_destroy(b.w);
}
