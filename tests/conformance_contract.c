/* The contract's readings where a careful reader could have implemented it two ways (contract.h settles each;
 * this file pins them): which failures end data pointers' lifetimes, allocation failures that need not
 * surface, calls that never need memory, bulk creation of zero entities, a NULL query destroyed while locked,
 * alignment 0, iterators that were never initialised, what a failing bulk creation writes, and that no work is
 * left for a later observation to do. */
#include <string.h>

#include "support.h"

/* A few entities over several shapes, with their shapes made and every query iterated once. */
typedef struct contract_world {
    conf_basic b;
    esb_entity e[12];
    esb_query *cached, *uncached, *cached_tag, *uncached_without;
} contract_world;

static contract_world contract_build(void) {
    contract_world cw = {.b = conf_basic_world()};
    conf_basic *b = &cw.b;
    esb_component f32_tag[] = {b->f32, b->tag}, vec3_only = b->vec3;
    esb_query_desc with_tag = {.fields = &b->f32, .field_count = 1, .with = &b->tag, .with_count = 1, .cached = true};
    esb_query_desc without_tag = {.fields = &b->f32, .field_count = 1, .without = &b->tag, .without_count = 1};
    cw.cached = conf_query1(b->w, b->f32, true);
    cw.uncached = conf_query1(b->w, b->vec3, false);
    cw.cached_tag = conf_query(b->w, &with_tag);
    cw.uncached_without = conf_query(b->w, &without_tag);
    for (int i = 0; i < 12; ++i) {
        cw.e[i] = conf_new_f32(b, (float)i);
        if (i % 2) CONF_EXPECT(esb_add(b->w, cw.e[i], b->tag, NULL), ESB_OK);
        if (i % 3 == 0) CONF_EXPECT(esb_add(b->w, cw.e[i], b->vec3, NULL), ESB_OK);
    }
    CONF_EXPECT(esb_create_bulk(b->w, 4, f32_tag, 2, NULL, NULL), ESB_OK);
    CONF_EXPECT(esb_create_bulk(b->w, 3, &vec3_only, 1, NULL, NULL), ESB_OK);
    /* every shape the tests below move entities through exists, and every query has looked at it */
    CONF_EXPECT(esb_remove(b->w, cw.e[0], b->f32), ESB_OK);
    conf_add_f32(b->w, cw.e[0], b->f32, 0.0f);
    esb_query *all[] = {cw.cached, cw.uncached, cw.cached_tag, cw.uncached_without};
    for (int k = 0; k < 4; ++k) conf_count(all[k]);
    return cw;
}

static void contract_free(contract_world *cw) {
    esb_query *all[] = {cw->cached, cw->uncached, cw->cached_tag, cw->uncached_without};
    for (int k = 0; k < 4; ++k) CONF_EXPECT(esb_query_destroy(all[k]), ESB_OK);
    esb_world_destroy(cw->b.w);
}

/* The pointer esb_get gives for e's f32 must be p, still holding v; then v + 1 is written through it. */
static void expect_pointer_kept(esb_world *w, esb_entity e, esb_component c, float *p, float *v, const char *after) {
    void *now = NULL;
    CONF_EXPECT(esb_get(w, e, c, &now), ESB_OK);
    cr_assert_eq(now, (void *)p, "the data moved although %s failed without touching storage", after);
    float got;
    memcpy(&got, p, sizeof got);
    cr_assert_eq(got, *v, "the value changed under %s", after);
    *v += 1.0f;
    memcpy(p, v, sizeof *v);
}

/* A structural call failing with INVALID, LOCKED, STALE, UNKNOWN_COMPONENT, PRESENT or ABSENT ends no data
 * pointer's lifetime: the pointer stays where it was and reads and writes the value (under ASan, a moved
 * block would be a use after free). */
Test(conf_contract, failed_calls_keep_data_pointers) {
    contract_world cw = contract_build();
    esb_world *w = cw.b.w;
    esb_entity e = cw.e[4], stale = cw.e[5];
    CONF_EXPECT(esb_destroy(w, stale), ESB_OK);
    void *raw = NULL;
    CONF_EXPECT(esb_get(w, e, cw.b.f32, &raw), ESB_OK);
    float *p = raw, v = 4.0f;
    esb_component dup[] = {cw.b.f32, cw.b.f32}, unknown = 77;
    esb_component_desc bad = {"bad", 4, 3, ESB_STORAGE_DENSE};
    esb_query_desc empty = {0};
    esb_query *q = NULL;
    esb_component id;
    esb_entity x;
    CONF_EXPECT(esb_add(w, e, cw.b.f32, NULL), ESB_ERR_PRESENT);
    expect_pointer_kept(w, e, cw.b.f32, p, &v, "esb_add (PRESENT)");
    CONF_EXPECT(esb_remove(w, e, cw.b.f64), ESB_ERR_ABSENT);
    expect_pointer_kept(w, e, cw.b.f32, p, &v, "esb_remove (ABSENT)");
    CONF_EXPECT(esb_add(w, stale, cw.b.f64, NULL), ESB_ERR_STALE);
    CONF_EXPECT(esb_destroy(w, stale), ESB_ERR_STALE);
    expect_pointer_kept(w, e, cw.b.f32, p, &v, "esb_add/esb_destroy (STALE)");
    CONF_EXPECT(esb_add(w, e, unknown, NULL), ESB_ERR_UNKNOWN_COMPONENT);
    CONF_EXPECT(esb_create_bulk(w, 500, &unknown, 1, NULL, NULL), ESB_ERR_UNKNOWN_COMPONENT);
    expect_pointer_kept(w, e, cw.b.f32, p, &v, "UNKNOWN_COMPONENT");
    CONF_EXPECT(esb_create_bulk(w, 500, dup, 2, NULL, NULL), ESB_ERR_INVALID);
    CONF_EXPECT(esb_create(w, NULL), ESB_ERR_INVALID);
    CONF_EXPECT(esb_component_register(w, &bad, &id), ESB_ERR_INVALID);
    CONF_EXPECT(esb_query_create(w, &empty, &q), ESB_ERR_INVALID);
    expect_pointer_kept(w, e, cw.b.f32, p, &v, "INVALID");
    esb_iter it;
    CONF_EXPECT(esb_iter_begin(cw.uncached, &it), ESB_OK);
    esb_component_desc good = {"good", 8, 8, ESB_STORAGE_SPARSE};
    esb_query_desc one = {.fields = &cw.b.f64, .field_count = 1, .cached = true};
    CONF_EXPECT(esb_create(w, &x), ESB_ERR_LOCKED);
    CONF_EXPECT(esb_create_bulk(w, 500, &cw.b.f32, 1, NULL, NULL), ESB_ERR_LOCKED);
    CONF_EXPECT(esb_add(w, e, cw.b.f64, NULL), ESB_ERR_LOCKED);
    CONF_EXPECT(esb_remove(w, e, cw.b.f32), ESB_ERR_LOCKED);
    CONF_EXPECT(esb_destroy(w, e), ESB_ERR_LOCKED);
    CONF_EXPECT(esb_component_register(w, &good, &id), ESB_ERR_LOCKED);
    CONF_EXPECT(esb_query_create(w, &one, &q), ESB_ERR_LOCKED);
    CONF_EXPECT(esb_query_destroy(cw.cached), ESB_ERR_LOCKED);
    expect_pointer_kept(w, e, cw.b.f32, p, &v, "a LOCKED call");
    esb_iter_end(&it);
    cr_assert_eq(conf_get_f32(w, e, cw.b.f32), v, "the last write through the kept pointer is the value");
    contract_free(&cw);
}

/* esb_destroy, esb_query_destroy and esb_world_destroy list no NOMEM: with any one of their allocations failing
 * they still succeed in full, and esb_world_destroy still returns everything. */
Test(conf_contract, destroys_never_need_memory) {
    size_t live_before = esb_mem_get_stats().live_bytes;
    for (uint64_t k = 1; k <= 6; ++k) {
        contract_world cw = contract_build();
        esb_world *w = cw.b.w;
        size_t with_f32 = conf_count(cw.cached);
        esb_mem_fail_nth(k);
        CONF_EXPECT(esb_destroy(w, cw.e[3]), ESB_OK);
        esb_mem_fail_nth(0);
        cr_assert(!esb_alive(w, cw.e[3]), "esb_destroy with allocation %llu failing left it alive",
                  (unsigned long long)k);
        cr_assert_eq(conf_count(cw.cached), with_f32 - 1, "a query still sees the destroyed entity");
        esb_mem_fail_nth(k);
        CONF_EXPECT(esb_query_destroy(cw.uncached_without), ESB_OK);
        esb_mem_fail_nth(0);
        cw.uncached_without = conf_query1(w, cw.b.f64, false);
        esb_mem_fail_nth(k);
        contract_free(&cw);
        esb_mem_fail_nth(0);
        cr_assert_eq(esb_mem_get_stats().live_bytes, live_before,
                     "esb_world_destroy with allocation %llu failing leaked", (unsigned long long)k);
    }
}

/* n = 0 never fails with FULL or NOMEM and allocates nothing, even with every allocation failing and, in
 * narrow builds, with the index space full. */
Test(conf_contract, bulk_of_zero_never_fails_for_room) {
    conf_basic b = conf_basic_world();
    esb_component ids[] = {b.f32, b.tag};
    esb_entity out = 12345;
    esb_mem_fail_nth(1);
    CONF_EXPECT(esb_create_bulk(b.w, 0, ids, 2, NULL, &out), ESB_OK);
    CONF_EXPECT(esb_create_bulk(b.w, 0, NULL, 0, NULL, NULL), ESB_OK);
    cr_assert_eq(esb_mem_fail_nth(0), 0, "bulk creation of 0 entities allocated");
    cr_assert_eq(out, 12345, "n = 0 wrote a handle");
#if ESB_INDEX_LIMIT <= (1u << 20)
    CONF_EXPECT(esb_create_bulk(b.w, ESB_INDEX_LIMIT, ids, 2, NULL, NULL), ESB_OK);
    CONF_EXPECT(esb_create_bulk(b.w, 1, ids, 2, NULL, NULL), ESB_ERR_FULL);
    CONF_EXPECT(esb_create_bulk(b.w, 0, ids, 2, NULL, &out), ESB_OK);
    cr_assert_eq(out, 12345, "n = 0 wrote a handle into a full world");
#endif
    esb_world_destroy(b.w);
}

/* esb_query_destroy(NULL) is OK while an iterator is live, and changes nothing: the iterator goes on, the
 * world stays locked. */
Test(conf_contract, query_destroy_null_while_locked) {
    contract_world cw = contract_build();
    size_t want = conf_count(cw.cached);
    esb_iter it;
    CONF_EXPECT(esb_iter_begin(cw.cached, &it), ESB_OK);
    CONF_EXPECT(esb_query_destroy(NULL), ESB_OK);
    esb_entity x;
    CONF_EXPECT(esb_create(cw.b.w, &x), ESB_ERR_LOCKED);
    cr_assert_eq(conf_drain(&it), want, "the live iterator was disturbed");
    CONF_EXPECT(esb_create(cw.b.w, &x), ESB_OK);
    contract_free(&cw);
}

/* align 0 is INVALID for a component with data and for a tag alike, and registers nothing. */
Test(conf_contract, zero_align_is_invalid) {
    esb_world *w;
    CONF_EXPECT(esb_world_create(&w), ESB_OK);
    esb_component id = 99;
    esb_component_desc tag = {"tag", 0, 0, ESB_STORAGE_DENSE}, data = {"data", 8, 0, ESB_STORAGE_SPARSE};
    CONF_EXPECT(esb_component_register(w, &tag, &id), ESB_ERR_INVALID);
    CONF_EXPECT(esb_component_register(w, &data, &id), ESB_ERR_INVALID);
    tag.align = 1;
    CONF_EXPECT(esb_component_register(w, &tag, &id), ESB_OK);
    cr_assert_eq(id, 0, "a refused registration used up an id");
    esb_world_destroy(w);
}

/* An iterator need not be initialised: whatever bytes it holds, esb_iter_begin starts it (including the bytes
 * of a live iterator elsewhere, which make a copy, not a live iterator). */
Test(conf_contract, iterators_need_no_initialisation) {
    contract_world cw = contract_build();
    size_t want = conf_count(cw.cached_tag);
    esb_iter other;
    CONF_EXPECT(esb_iter_begin(cw.cached, &other), ESB_OK);
    conf_rng r;
    conf_rng_seed(&r, 5);
    for (int pattern = 0; pattern < 6; ++pattern) {
        esb_iter it;
        if (pattern < 3)
            memset(&it, pattern == 0 ? 0x00 : pattern == 1 ? 0xFF : 0xA5, sizeof it);
        else if (pattern == 3)
            conf_rng_fill(&r, &it, sizeof it);
        else
            memcpy(&it, &other, sizeof it); /* twice: once as left by the copy, once after a begin on it */
        CONF_EXPECT(esb_iter_begin(cw.cached_tag, &it), ESB_OK);
        size_t n = conf_drain(&it);
        cr_assert_eq(n, want, "an iterator starting from byte pattern %d handed out %zu of %zu", pattern, n, want);
    }
    esb_iter_end(&other);
    esb_entity x;
    CONF_EXPECT(esb_create(cw.b.w, &x), ESB_OK);
    contract_free(&cw);
}

/* Fills out with a sentinel, runs a failing bulk creation, requires every element still the sentinel. */
#define OUT_N 300
static void expect_out_untouched(const esb_entity *out, const char *what) {
    for (size_t i = 0; i < OUT_N; ++i)
        cr_assert_eq(out[i], (esb_entity)0x5151515151515151ull, "a failing bulk creation (%s) wrote out[%zu]", what, i);
}

/* A failing bulk creation writes nothing into out_entities, whatever the error, allocation failures included. */
Test(conf_contract, failed_bulk_writes_no_handle) {
    contract_world cw = contract_build();
    esb_world *w = cw.b.w;
    static esb_entity out[OUT_N];
    memset(out, 0x51, sizeof out);
    esb_component dup[] = {cw.b.f32, cw.b.f32}, unknown[] = {cw.b.f32, 200}, ids[] = {cw.b.f64, cw.b.vec3, cw.b.tag};
    CONF_EXPECT(esb_create_bulk(w, OUT_N, dup, 2, NULL, out), ESB_ERR_INVALID);
    expect_out_untouched(out, "INVALID");
    CONF_EXPECT(esb_create_bulk(w, OUT_N, unknown, 2, NULL, out), ESB_ERR_UNKNOWN_COMPONENT);
    expect_out_untouched(out, "UNKNOWN_COMPONENT");
    CONF_EXPECT(esb_create_bulk(w, (size_t)ESB_MAX_ENTITIES + 1, ids, 3, NULL, out), ESB_ERR_FULL);
    expect_out_untouched(out, "FULL");
    esb_iter it;
    CONF_EXPECT(esb_iter_begin(cw.cached, &it), ESB_OK);
    CONF_EXPECT(esb_create_bulk(w, OUT_N, ids, 3, NULL, out), ESB_ERR_LOCKED);
    esb_iter_end(&it);
    expect_out_untouched(out, "LOCKED");
    /* every allocation of a bulk creation into a new shape fails in turn, then it succeeds */
    for (uint64_t k = 1;; ++k) {
        esb_mem_fail_nth(k);
        esb_status st = esb_create_bulk(w, OUT_N, ids, 3, NULL, out);
        uint64_t calls = esb_mem_fail_nth(0);
        if (st == ESB_OK) {
            for (size_t i = 0; i < OUT_N; ++i) cr_assert(esb_alive(w, out[i]), "handle %zu of a bulk creation", i);
            break;
        }
        cr_assert_eq(st, ESB_ERR_NOMEM, "bulk creation with allocation %llu failing", (unsigned long long)k);
        cr_assert_geq(calls, k, "NOMEM without a failed allocation");
        expect_out_untouched(out, "NOMEM");
    }
    contract_free(&cw);
}

/* Effects are complete when a call returns: once the world's shapes exist and every query has seen them,
 * creating, changing and destroying entities leaves no work that reads or iteration would pay in memory. With
 * every allocation failing, reads and full iterations of cached and uncached queries succeed, allocate nothing
 * and see every change. */
Test(conf_contract, observations_pay_for_no_deferred_work) {
    contract_world cw = contract_build();
    esb_world *w = cw.b.w;
    for (int round = 0; round < 3; ++round) {
        for (int i = 0; i < 12; i += 2) {
            CONF_EXPECT(esb_add(w, cw.e[i], cw.b.tag, NULL), ESB_OK);
            CONF_EXPECT(esb_remove(w, cw.e[i], cw.b.tag), ESB_OK);
        }
        CONF_EXPECT(esb_add(w, cw.e[2], cw.b.tag, NULL), ESB_OK); /* e[2] now has f32 and tag */
        esb_mem_fail_nth(1);
        cr_assert_eq(esb_has(w, cw.e[2], cw.b.tag), 1, "round %d: has does not see the add", round);
        cr_assert_eq(conf_get_f32(w, cw.e[2], cw.b.f32), 2.0f);
        cr_assert(conf_contains(cw.cached_tag, cw.e[2]), "round %d: the cached query misses the add", round);
        cr_assert(!conf_contains(cw.uncached_without, cw.e[2]), "round %d: the uncached query misses the add", round);
        cr_assert_eq(conf_count(cw.cached), 12 + 4, "round %d: the cached query over f32", round);
        cr_assert_eq(esb_mem_fail_nth(0), 0, "round %d: reads or iterations allocated (work left for them)", round);
        CONF_EXPECT(esb_remove(w, cw.e[2], cw.b.tag), ESB_OK);
        esb_mem_fail_nth(1);
        cr_assert(!conf_contains(cw.cached_tag, cw.e[2]), "round %d: the cached query misses the remove", round);
        cr_assert_eq(esb_mem_fail_nth(0), 0, "round %d: an iteration after a remove allocated", round);
    }
    contract_free(&cw);
}
