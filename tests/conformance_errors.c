/* Documented bad-input cases of the world, registration and entity operations, each as its own small test with
 * literal expected statuses (no model). */
#include <string.h>

#include "support.h"

/* ---- world ---- */

Test(conf_errors, world_create_null_out) { CONF_EXPECT(esb_world_create(NULL), ESB_ERR_INVALID); }

Test(conf_errors, world_destroy_null_is_ignored) {
    esb_world_destroy(NULL);
    esb_world *w = NULL;
    CONF_EXPECT(esb_world_create(&w), ESB_OK);
    cr_assert_not_null(w);
    esb_world_destroy(w);
}

/* ---- registration ---- */

Test(conf_errors, register_null_arguments) {
    esb_world *w;
    CONF_EXPECT(esb_world_create(&w), ESB_OK);
    esb_component id = 77;
    esb_component_desc ok = {"ok", 4, 4, ESB_STORAGE_DENSE};
    esb_component_desc noname = {NULL, 4, 4, ESB_STORAGE_DENSE};
    CONF_EXPECT(esb_component_register(NULL, &ok, &id), ESB_ERR_INVALID);
    CONF_EXPECT(esb_component_register(w, NULL, &id), ESB_ERR_INVALID);
    CONF_EXPECT(esb_component_register(w, &ok, NULL), ESB_ERR_INVALID);
    CONF_EXPECT(esb_component_register(w, &noname, &id), ESB_ERR_INVALID);
    /* failed registrations consumed no id */
    CONF_EXPECT(esb_component_register(w, &ok, &id), ESB_OK);
    cr_assert_eq(id, 0, "first successful registration must get id 0, got %u", id);
    esb_world_destroy(w);
}

Test(conf_errors, register_bad_alignment) {
    esb_world *w;
    CONF_EXPECT(esb_world_create(&w), ESB_OK);
    esb_component id;
    const size_t bad[] = {0, 3, 6, 12, 128, 256};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        esb_component_desc d = {"bad", bad[i] ? bad[i] * 2 : 8, bad[i], ESB_STORAGE_DENSE};
        CONF_EXPECT(esb_component_register(w, &d, &id), ESB_ERR_INVALID);
    }
    const size_t good[] = {1, 2, 4, 8, 16, 32, 64};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; ++i) {
        esb_component_desc d = {"good", good[i] * 2, good[i], ESB_STORAGE_DENSE};
        CONF_EXPECT(esb_component_register(w, &d, &id), ESB_OK);
        cr_assert_eq(id, (esb_component)i, "ids must be dense in registration order");
    }
    esb_world_destroy(w);
}

Test(conf_errors, register_size_not_multiple_of_align) {
    esb_world *w;
    CONF_EXPECT(esb_world_create(&w), ESB_OK);
    esb_component id;
    esb_component_desc d1 = {"s6a4", 6, 4, ESB_STORAGE_DENSE};
    esb_component_desc d2 = {"s1a2", 1, 2, ESB_STORAGE_DENSE};
    esb_component_desc d3 = {"s96a64", 96, 64, ESB_STORAGE_SPARSE};
    CONF_EXPECT(esb_component_register(w, &d1, &id), ESB_ERR_INVALID);
    CONF_EXPECT(esb_component_register(w, &d2, &id), ESB_ERR_INVALID);
    CONF_EXPECT(esb_component_register(w, &d3, &id), ESB_ERR_INVALID);
    esb_world_destroy(w);
}

Test(conf_errors, register_size_limit) {
    esb_world *w;
    CONF_EXPECT(esb_world_create(&w), ESB_OK);
    esb_component id;
    esb_component_desc over1 = {"over", ESB_MAX_COMPONENT_SIZE + 1, 1, ESB_STORAGE_DENSE};
    esb_component_desc over64 = {"over64", ESB_MAX_COMPONENT_SIZE + 64, 64, ESB_STORAGE_DENSE};
    esb_component_desc max = {"max", ESB_MAX_COMPONENT_SIZE, 64, ESB_STORAGE_DENSE};
    CONF_EXPECT(esb_component_register(w, &over1, &id), ESB_ERR_INVALID);
    CONF_EXPECT(esb_component_register(w, &over64, &id), ESB_ERR_INVALID);
    CONF_EXPECT(esb_component_register(w, &max, &id), ESB_OK);
    /* the largest component works end to end */
    static unsigned char value[ESB_MAX_COMPONENT_SIZE];
    for (size_t i = 0; i < sizeof value; ++i) value[i] = (unsigned char)(i * 7 + 1);
    esb_entity e = conf_new(w), e2 = conf_new(w);
    CONF_EXPECT(esb_add(w, e, id, value), ESB_OK);
    CONF_EXPECT(esb_add(w, e2, id, NULL), ESB_OK);
    void *p = NULL;
    CONF_EXPECT(esb_get(w, e, id, &p), ESB_OK);
    cr_assert_not_null(p);
    cr_assert_eq((uintptr_t)p % 64, 0, "64-aligned component at a misaligned address");
    cr_assert_eq(memcmp(p, value, sizeof value), 0, "largest component value not stored intact");
    CONF_EXPECT(esb_get(w, e2, id, &p), ESB_OK);
    static const unsigned char zeros[ESB_MAX_COMPONENT_SIZE];
    cr_assert_eq(memcmp(p, zeros, sizeof zeros), 0, "NULL value must zero-fill");
    esb_world_destroy(w);
}

Test(conf_errors, register_257th_is_full) {
    esb_world *w;
    CONF_EXPECT(esb_world_create(&w), ESB_OK);
    esb_component id;
    for (uint32_t i = 0; i < ESB_MAX_COMPONENTS; ++i) {
        esb_component_desc d = {"c", (i % 3) * 4, 4, i % 2 ? ESB_STORAGE_SPARSE : ESB_STORAGE_DENSE};
        if (d.size == 0) d.align = 1;
        CONF_EXPECT(esb_component_register(w, &d, &id), ESB_OK);
        cr_assert_eq(id, i, "registration %u got id %u", i, id);
    }
    esb_component_desc more = {"more", 4, 4, ESB_STORAGE_DENSE};
    esb_component_desc bad = {"bad", 4, 3, ESB_STORAGE_DENSE};
    CONF_EXPECT(esb_component_register(w, &more, &id), ESB_ERR_FULL);
    CONF_EXPECT(esb_component_register(w, &bad, &id), ESB_ERR_INVALID); /* INVALID before FULL */
    /* every id works, the last one included */
    esb_entity e = conf_new(w);
    CONF_EXPECT(esb_add(w, e, ESB_MAX_COMPONENTS - 1, NULL), ESB_OK);
    CONF_EXPECT(esb_add(w, e, 1, NULL), ESB_OK);
    CONF_EXPECT(esb_has(w, e, ESB_MAX_COMPONENTS - 1), 1);
    CONF_EXPECT(esb_has(w, e, ESB_MAX_COMPONENTS - 2), 0);
    CONF_EXPECT(esb_has(w, e, ESB_MAX_COMPONENTS), ESB_ERR_UNKNOWN_COMPONENT);
    CONF_EXPECT(esb_add(w, e, ESB_MAX_COMPONENTS, NULL), ESB_ERR_UNKNOWN_COMPONENT);
    esb_world_destroy(w);
}

/* ---- create / destroy / alive ---- */

Test(conf_errors, create_null_arguments) {
    conf_basic b = conf_basic_world();
    esb_entity e;
    CONF_EXPECT(esb_create(NULL, &e), ESB_ERR_INVALID);
    CONF_EXPECT(esb_create(b.w, NULL), ESB_ERR_INVALID);
    esb_world_destroy(b.w);
}

Test(conf_errors, created_handles_never_repeat) {
    conf_basic b = conf_basic_world();
    enum { N = 300 };
    static esb_entity all[4 * N];
    size_t n = 0;
    for (int round = 0; round < 4; ++round) {
        for (int i = 0; i < N; ++i) {
            esb_entity e = conf_new(b.w);
            cr_assert_neq(e, ESB_ENTITY_NULL, "create returned ESB_ENTITY_NULL");
            for (size_t j = 0; j < n; ++j) cr_assert_neq(all[j], e, "handle %#llx issued twice", (unsigned long long)e);
            all[n++] = e;
        }
        /* destroy every entity of this round (in an order unlike creation) so indices get recycled */
        for (int i = 0; i < N; ++i) CONF_EXPECT(esb_destroy(b.w, all[n - N + (size_t)(i * 7 % N)]), ESB_OK);
    }
    for (size_t j = 0; j < n; ++j) cr_assert(!esb_alive(b.w, all[j]), "destroyed handle reported alive");
    esb_world_destroy(b.w);
}

Test(conf_errors, destroy_errors) {
    conf_basic b = conf_basic_world();
    esb_entity keep = conf_new_f32(&b, 2.5f), e = conf_new(b.w);
    CONF_EXPECT(esb_destroy(NULL, e), ESB_ERR_INVALID);
    cr_assert(esb_alive(b.w, e));
    CONF_EXPECT(esb_destroy(b.w, e), ESB_OK);
    CONF_EXPECT(esb_destroy(b.w, e), ESB_ERR_STALE);
    CONF_EXPECT(esb_destroy(b.w, ESB_ENTITY_NULL), ESB_ERR_STALE);
    CONF_EXPECT(esb_destroy(b.w, esb_entity_make(esb_entity_index(keep), esb_entity_version(keep) + 1)), ESB_ERR_STALE);
    CONF_EXPECT(esb_destroy(b.w, esb_entity_make(1000000, 0)), ESB_ERR_STALE);
    cr_assert(esb_alive(b.w, keep), "failed destroys must leave other entities alone");
    cr_assert_eq(conf_get_f32(b.w, keep, b.f32), 2.5f);
    esb_world_destroy(b.w);
}

Test(conf_errors, alive_cases) {
    conf_basic b = conf_basic_world();
    esb_entity e = conf_new(b.w), d = conf_new_dead(b.w);
    cr_assert(esb_alive(b.w, e));
    cr_assert(!esb_alive(NULL, e), "world NULL -> false");
    cr_assert(!esb_alive(b.w, d), "destroyed -> false");
    cr_assert(!esb_alive(b.w, ESB_ENTITY_NULL), "ESB_ENTITY_NULL is never alive");
    cr_assert(!esb_alive(b.w, esb_entity_make(0xFFFFFFFFu, 0)), "index 0xFFFFFFFF is reserved");
    cr_assert(!esb_alive(b.w, esb_entity_make(esb_entity_index(e), esb_entity_version(e) + 1)),
              "right index, wrong version");
    cr_assert(!esb_alive(b.w, esb_entity_make(esb_entity_index(e) + 1000, esb_entity_version(e))),
              "index beyond those issued");
    esb_world_destroy(b.w);
}

Test(conf_errors, stale_handle_on_every_op) {
    conf_basic b = conf_basic_world();
    esb_entity e = conf_new_f32(&b, 1.0f);
    CONF_EXPECT(esb_destroy(b.w, e), ESB_OK);
    esb_entity recycled = conf_new_f32(&b, 4.0f); /* may reuse the index */
    float v = 3.0f;
    void *p = &v;
    CONF_EXPECT(esb_destroy(b.w, e), ESB_ERR_STALE);
    CONF_EXPECT(esb_add(b.w, e, b.vec3, NULL), ESB_ERR_STALE);
    CONF_EXPECT(esb_remove(b.w, e, b.f32), ESB_ERR_STALE);
    CONF_EXPECT(esb_get(b.w, e, b.f32, &p), ESB_ERR_STALE);
    cr_assert_null(p, "esb_get must set *out to NULL on error");
    CONF_EXPECT(esb_has(b.w, e, b.f32), ESB_ERR_STALE);
    cr_assert(!esb_alive(b.w, e));
    /* the stale handle's failures did not touch the entity that may share its index */
    cr_assert_eq(conf_get_f32(b.w, recycled, b.f32), 4.0f);
    CONF_EXPECT(esb_has(b.w, recycled, b.vec3), 0);
    esb_world_destroy(b.w);
}

Test(conf_errors, unknown_component_on_every_op) {
    conf_basic b = conf_basic_world();
    esb_entity e = conf_new(b.w);
    const esb_component unknown[] = {4, 5, 255, ESB_MAX_COMPONENTS, UINT32_MAX};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; ++i) {
        esb_component c = unknown[i];
        void *p = &b;
        CONF_EXPECT(esb_add(b.w, e, c, NULL), ESB_ERR_UNKNOWN_COMPONENT);
        CONF_EXPECT(esb_remove(b.w, e, c), ESB_ERR_UNKNOWN_COMPONENT);
        CONF_EXPECT(esb_get(b.w, e, c, &p), ESB_ERR_UNKNOWN_COMPONENT);
        cr_assert_null(p, "esb_get must set *out to NULL on error");
        CONF_EXPECT(esb_has(b.w, e, c), ESB_ERR_UNKNOWN_COMPONENT);
        CONF_EXPECT(esb_create_bulk(b.w, 2, &c, 1, NULL, NULL), ESB_ERR_UNKNOWN_COMPONENT);
    }
    esb_world_destroy(b.w);
}

/* ---- add / remove ---- */

Test(conf_errors, add_errors_and_precedence) {
    conf_basic b = conf_basic_world();
    esb_entity e = conf_new_f32(&b, 7.0f), dead = conf_new_dead(b.w);
    float other = 9.0f;
    CONF_EXPECT(esb_add(NULL, e, b.vec3, NULL), ESB_ERR_INVALID);
    CONF_EXPECT(esb_add(b.w, e, b.f32, &other), ESB_ERR_PRESENT);
    cr_assert_eq(conf_get_f32(b.w, e, b.f32), 7.0f, "a failed add must not change the value");
    CONF_EXPECT(esb_add(b.w, dead, 99, NULL), ESB_ERR_STALE);    /* STALE before UNKNOWN */
    CONF_EXPECT(esb_add(NULL, dead, 99, NULL), ESB_ERR_INVALID); /* INVALID first */
    CONF_EXPECT(esb_add(b.w, e, 99, NULL), ESB_ERR_UNKNOWN_COMPONENT);
    CONF_EXPECT(esb_add(b.w, e, b.tag, NULL), ESB_OK);
    CONF_EXPECT(esb_add(b.w, e, b.tag, NULL), ESB_ERR_PRESENT);
    CONF_EXPECT(esb_has(b.w, e, b.tag), 1);
    esb_world_destroy(b.w);
}

Test(conf_errors, add_null_value_zero_fills) {
    conf_basic b = conf_basic_world();
    /* dirty the storage first: values written, then freed by remove and destroy */
    enum { N = 64 };
    esb_entity es[N];
    double ones;
    memset(&ones, 0xFF, sizeof ones);
    float vone[3] = {1, 2, 3};
    for (int i = 0; i < N; ++i) {
        es[i] = conf_new(b.w);
        CONF_EXPECT(esb_add(b.w, es[i], b.f64, &ones), ESB_OK);
        CONF_EXPECT(esb_add(b.w, es[i], b.vec3, vone), ESB_OK);
    }
    for (int i = 0; i < N; i += 2) CONF_EXPECT(esb_remove(b.w, es[i], b.f64), ESB_OK);
    for (int i = 1; i < N; i += 2) CONF_EXPECT(esb_destroy(b.w, es[i]), ESB_OK);
    static const unsigned char zeros[16];
    for (int i = 0; i < N; ++i) {
        esb_entity e = i % 2 ? conf_new(b.w) : es[i];
        CONF_EXPECT(esb_add(b.w, e, b.f64, NULL), ESB_OK);
        if (i % 2) CONF_EXPECT(esb_add(b.w, e, b.vec3, NULL), ESB_OK);
        void *p = NULL;
        CONF_EXPECT(esb_get(b.w, e, b.f64, &p), ESB_OK);
        cr_assert_eq(memcmp(p, zeros, 8), 0, "add with NULL value must zero-fill (entity %d)", i);
        CONF_EXPECT(esb_get(b.w, e, b.vec3, &p), ESB_OK);
        cr_assert_eq(memcmp(p, i % 2 ? (const void *)zeros : (const void *)vone, 12), 0, "vec3 of entity %d wrong", i);
    }
    esb_world_destroy(b.w);
}

Test(conf_errors, remove_errors_and_precedence) {
    conf_basic b = conf_basic_world();
    esb_entity e = conf_new_f32(&b, 5.0f), dead = conf_new_dead(b.w);
    float v3[3] = {1, 2, 3};
    CONF_EXPECT(esb_add(b.w, e, b.vec3, v3), ESB_OK);
    CONF_EXPECT(esb_remove(NULL, e, b.f32), ESB_ERR_INVALID);
    CONF_EXPECT(esb_remove(b.w, e, b.tag), ESB_ERR_ABSENT);
    CONF_EXPECT(esb_remove(b.w, e, b.f64), ESB_ERR_ABSENT);
    CONF_EXPECT(esb_remove(b.w, dead, 99), ESB_ERR_STALE);
    CONF_EXPECT(esb_remove(b.w, e, 99), ESB_ERR_UNKNOWN_COMPONENT);
    CONF_EXPECT(esb_remove(b.w, e, b.f32), ESB_OK);
    CONF_EXPECT(esb_remove(b.w, e, b.f32), ESB_ERR_ABSENT);
    CONF_EXPECT(esb_has(b.w, e, b.f32), 0);
    void *p = NULL;
    CONF_EXPECT(esb_get(b.w, e, b.vec3, &p), ESB_OK);
    cr_assert_eq(memcmp(p, v3, sizeof v3), 0, "remove must keep the entity's other values");
    esb_world_destroy(b.w);
}

/* ---- get / has ---- */

Test(conf_errors, get_errors_set_out_null) {
    conf_basic b = conf_basic_world();
    esb_entity e = conf_new_f32(&b, 1.5f), dead = conf_new_dead(b.w);
    CONF_EXPECT(esb_get(b.w, e, b.f32, NULL), ESB_ERR_INVALID);
    CONF_EXPECT(esb_get(b.w, dead, 99, NULL), ESB_ERR_INVALID);
    const struct {
        esb_world *w;
        esb_entity e;
        esb_component c;
        esb_status want;
        const char *what;
    } failing[] = {
        {NULL, e, b.f32, ESB_ERR_INVALID, "INVALID"},
        {b.w, e, b.vec3, ESB_ERR_ABSENT, "ABSENT"},
        {b.w, e, b.tag, ESB_ERR_ABSENT, "ABSENT tag"},
        {b.w, dead, 99, ESB_ERR_STALE, "STALE"},
        {b.w, e, 99, ESB_ERR_UNKNOWN_COMPONENT, "UNKNOWN_COMPONENT"},
    };
    for (size_t i = 0; i < sizeof failing / sizeof failing[0]; ++i) {
        int sentinel;
        void *p = &sentinel;
        esb_status st = esb_get(failing[i].w, failing[i].e, failing[i].c, &p);
        cr_assert_eq(st, failing[i].want, "%s: esb_get returned %s", failing[i].what, esb_status_name(st));
        cr_assert_null(p, "%s: *out must be NULL", failing[i].what);
    }
    cr_assert_eq(conf_get_f32(b.w, e, b.f32), 1.5f);
    esb_world_destroy(b.w);
}

Test(conf_errors, get_tag_gives_null) {
    conf_basic b = conf_basic_world();
    esb_entity e = conf_new(b.w);
    char ignored = 'x';
    CONF_EXPECT(esb_add(b.w, e, b.tag, &ignored), ESB_OK); /* a tag ignores value */
    int sentinel;
    void *p = &sentinel;
    CONF_EXPECT(esb_get(b.w, e, b.tag, &p), ESB_OK);
    cr_assert_null(p, "esb_get on a tag: OK with *out NULL");
    esb_world_destroy(b.w);
}

Test(conf_errors, has_results) {
    conf_basic b = conf_basic_world();
    esb_entity e = conf_new(b.w), dead = conf_new_dead(b.w);
    CONF_EXPECT(esb_add(b.w, e, b.tag, NULL), ESB_OK);
    conf_add_f32(b.w, e, b.f32, 0.0f);
    CONF_EXPECT(esb_has(b.w, e, b.f32), 1);
    CONF_EXPECT(esb_has(b.w, e, b.tag), 1);
    CONF_EXPECT(esb_has(b.w, e, b.vec3), 0);
    CONF_EXPECT(esb_has(NULL, e, b.f32), ESB_ERR_INVALID);
    CONF_EXPECT(esb_has(b.w, dead, b.f32), ESB_ERR_STALE);
    CONF_EXPECT(esb_has(b.w, dead, 99), ESB_ERR_STALE);
    CONF_EXPECT(esb_has(b.w, ESB_ENTITY_NULL, b.f32), ESB_ERR_STALE);
    CONF_EXPECT(esb_has(b.w, e, 99), ESB_ERR_UNKNOWN_COMPONENT);
    esb_world_destroy(b.w);
}

/* ---- bulk creation ---- */

Test(conf_errors, bulk_invalid_arguments) {
    conf_basic b = conf_basic_world();
    esb_query *q = conf_query1(b.w, b.f32, false);
    esb_component dup[] = {b.f32, b.vec3, b.f32};
    esb_component duptag[] = {b.tag, b.f32, b.tag};
    esb_component dup_unknown[] = {b.f32, 99, 99};
    esb_entity out[4];
    CONF_EXPECT(esb_create_bulk(NULL, 4, dup, 1, NULL, out), ESB_ERR_INVALID);
    CONF_EXPECT(esb_create_bulk(b.w, 4, NULL, 2, NULL, out), ESB_ERR_INVALID);
    CONF_EXPECT(esb_create_bulk(b.w, 4, dup, 3, NULL, out), ESB_ERR_INVALID);
    CONF_EXPECT(esb_create_bulk(b.w, 4, duptag, 3, NULL, NULL), ESB_ERR_INVALID);
    CONF_EXPECT(esb_create_bulk(b.w, 4, dup_unknown, 3, NULL, NULL), ESB_ERR_INVALID); /* before UNKNOWN */
    cr_assert_eq(conf_count(q), 0, "failed bulk creations must create nothing");
    esb_query_destroy(q);
    esb_world_destroy(b.w);
}

Test(conf_errors, bulk_unknown_creates_nothing) {
    conf_basic b = conf_basic_world();
    esb_query *q = conf_query1(b.w, b.f32, true);
    conf_new_f32(&b, 1.0f);
    esb_component ids[] = {b.f32, b.tag, 17};
    esb_entity out[8];
    for (int i = 0; i < 8; ++i) out[i] = ESB_ENTITY_NULL;
    CONF_EXPECT(esb_create_bulk(b.w, 8, ids, 3, NULL, out), ESB_ERR_UNKNOWN_COMPONENT);
    cr_assert_eq(conf_count(q), 1, "failed bulk creation must create nothing");
    for (int i = 0; i < 8; ++i)
        if (out[i] != ESB_ENTITY_NULL) cr_assert(!esb_alive(b.w, out[i]), "failed bulk left an entity alive");
    esb_query_destroy(q);
    esb_world_destroy(b.w);
}

Test(conf_errors, bulk_zero_creates_nothing) {
    conf_basic b = conf_basic_world();
    esb_query *q = conf_query1(b.w, b.f32, false);
    esb_component ids[] = {b.f32};
    esb_entity out = 12345;
    CONF_EXPECT(esb_create_bulk(b.w, 0, ids, 1, NULL, &out), ESB_OK);
    CONF_EXPECT(esb_create_bulk(b.w, 0, ids, 1, NULL, NULL), ESB_OK);
    CONF_EXPECT(esb_create_bulk(b.w, 0, NULL, 0, NULL, NULL), ESB_OK);
    cr_assert_eq(out, 12345, "n = 0 must write no handle");
    cr_assert_eq(conf_count(q), 0, "n = 0 must create nothing");
    /* the next handle is as fresh as ever */
    esb_entity e = conf_new(b.w);
    cr_assert(esb_alive(b.w, e));
    esb_query_destroy(q);
    esb_world_destroy(b.w);
}

Test(conf_errors, bulk_values_layout) {
    conf_basic b = conf_basic_world();
    enum { N = 37 };
    float f[N];
    float v[N][3];
    char tagjunk = 1;
    for (int i = 0; i < N; ++i) {
        f[i] = (float)i + 0.5f;
        for (int k = 0; k < 3; ++k) v[i][k] = (float)(i * 3 + k);
    }
    esb_component ids[] = {b.vec3, b.tag, b.f32, b.f64};
    const void *vals[] = {v, &tagjunk, f, NULL}; /* f64 zero-filled, tag value ignored */
    esb_entity out[N];
    CONF_EXPECT(esb_create_bulk(b.w, N, ids, 4, vals, out), ESB_OK);
    for (int i = 0; i < N; ++i) {
        cr_assert(esb_alive(b.w, out[i]));
        for (int j = 0; j < i; ++j) cr_assert_neq(out[i], out[j], "bulk handles must be distinct");
        cr_assert_eq(conf_get_f32(b.w, out[i], b.f32), f[i], "entity %d got another entity's value", i);
        void *p = NULL;
        CONF_EXPECT(esb_get(b.w, out[i], b.vec3, &p), ESB_OK);
        cr_assert_eq(memcmp(p, v[i], sizeof v[i]), 0, "vec3 of entity %d", i);
        CONF_EXPECT(esb_get(b.w, out[i], b.f64, &p), ESB_OK);
        double d;
        memcpy(&d, p, sizeof d);
        cr_assert_eq(d, 0.0, "values[k] NULL must zero-fill");
        CONF_EXPECT(esb_has(b.w, out[i], b.tag), 1);
    }
    /* values NULL: everything zero-filled */
    esb_entity z[3];
    CONF_EXPECT(esb_create_bulk(b.w, 3, ids, 3, NULL, z), ESB_OK);
    for (int i = 0; i < 3; ++i) {
        cr_assert_eq(conf_get_f32(b.w, z[i], b.f32), 0.0f);
        CONF_EXPECT(esb_has(b.w, z[i], b.f64), 0);
    }
    esb_world_destroy(b.w);
}

/* ---- precedence with a live iterator ---- */

Test(conf_errors, precedence_while_locked) {
    conf_basic b = conf_basic_world();
    esb_entity e = conf_new_f32(&b, 1.0f), dead = conf_new_dead(b.w);
    esb_query *q = conf_query1(b.w, b.f32, false);
    esb_iter it;
    CONF_EXPECT(esb_iter_begin(q, &it), ESB_OK);
    esb_component dup[] = {b.f32, b.f32}, unk[] = {b.f32, 99};
    esb_component_desc bad = {"bad", 4, 3, ESB_STORAGE_DENSE}, good = {"good", 4, 4, ESB_STORAGE_DENSE};
    esb_component id;
    void *p = &id;
    CONF_EXPECT(esb_add(NULL, e, b.vec3, NULL), ESB_ERR_INVALID);
    CONF_EXPECT(esb_add(b.w, dead, 99, NULL), ESB_ERR_LOCKED); /* LOCKED before STALE */
    CONF_EXPECT(esb_add(b.w, e, b.f32, NULL), ESB_ERR_LOCKED); /* LOCKED before PRESENT */
    CONF_EXPECT(esb_remove(b.w, e, b.vec3), ESB_ERR_LOCKED);   /* LOCKED before ABSENT */
    CONF_EXPECT(esb_destroy(b.w, dead), ESB_ERR_LOCKED);
    CONF_EXPECT(esb_create(b.w, NULL), ESB_ERR_INVALID);
    CONF_EXPECT(esb_create_bulk(b.w, 2, dup, 2, NULL, NULL), ESB_ERR_INVALID);
    CONF_EXPECT(esb_create_bulk(b.w, 2, unk, 2, NULL, NULL), ESB_ERR_LOCKED);
    CONF_EXPECT(esb_component_register(b.w, &bad, &id), ESB_ERR_INVALID);
    CONF_EXPECT(esb_component_register(b.w, &good, &id), ESB_ERR_LOCKED);
    /* reads have no LOCKED */
    CONF_EXPECT(esb_get(b.w, dead, b.f32, &p), ESB_ERR_STALE);
    CONF_EXPECT(esb_get(b.w, e, 99, &p), ESB_ERR_UNKNOWN_COMPONENT);
    CONF_EXPECT(esb_get(b.w, e, b.vec3, &p), ESB_ERR_ABSENT);
    CONF_EXPECT(esb_has(b.w, e, b.f32), 1);
    esb_iter_end(&it);
    CONF_EXPECT(esb_component_register(b.w, &good, &id), ESB_OK);
    cr_assert_eq(id, 4, "a LOCKED registration must not consume an id");
    esb_query_destroy(q);
    esb_world_destroy(b.w);
}

Test(conf_errors, register_locked_before_full) {
    esb_world *w;
    CONF_EXPECT(esb_world_create(&w), ESB_OK);
    esb_component id;
    esb_component_desc d = {"c", 4, 4, ESB_STORAGE_DENSE};
    for (uint32_t i = 0; i < ESB_MAX_COMPONENTS; ++i) CONF_EXPECT(esb_component_register(w, &d, &id), ESB_OK);
    esb_query *q = conf_query1(w, 0, false);
    esb_iter it;
    CONF_EXPECT(esb_iter_begin(q, &it), ESB_OK);
    CONF_EXPECT(esb_component_register(w, &d, &id), ESB_ERR_LOCKED);
    esb_iter_end(&it);
    CONF_EXPECT(esb_component_register(w, &d, &id), ESB_ERR_FULL);
    esb_query_destroy(q);
    esb_world_destroy(w);
}
