/* The shared sparse set (_common/sparse_set.h) against a model: a plain array of which version of each index
 * is present and with which value, through random inserts and swap-removals. */
#include <criterion/criterion.h>
#include <string.h>

#include "sparse_set.h"
#include "support.h"

#define INDICES 3000u /* across the first page boundary (ESB_SPARSE_PAGE entries per page) when pages are small */

typedef struct model_slot {
    bool present;
    uint32_t version;
    uint64_t value;
} model_slot;

static void check_against(const esb_sparse_set *p, const model_slot *model) {
    esb_sparse_check_invariants(p, INDICES);
    uint32_t present = 0;
    for (uint32_t i = 0; i < INDICES; ++i) {
        uint32_t pos;
        esb_entity e = esb_entity_make(i, model[i].version);
        bool found = esb_sparse_find(p, e, &pos);
        cr_assert_eq(found, model[i].present, "index %u: found %d, the model says %d", i, found, model[i].present);
        if (!found) continue;
        ++present;
        cr_assert_eq(p->dense[pos], e, "index %u: packed handle at %u is another", i, pos);
        cr_assert_eq(memcmp(esb_sparse_value(p, pos), &model[i].value, sizeof(uint64_t)), 0, "index %u: value differs",
                     i);
        /* another version of the same index is not a member */
        cr_assert(!esb_sparse_contains(p, esb_entity_make(i, model[i].version + 1)),
                  "index %u: a stale version is found", i);
    }
    cr_assert_eq(p->count, present, "count %u, the model holds %u", p->count, present);
}

Test(sparse_set, random_inserts_and_removals_match_the_model) {
    static model_slot model[INDICES];
    memset(model, 0, sizeof model);
    esb_sparse_set p = {.size = sizeof(uint64_t), .align = 8};
    size_t before = unit_live_bytes();
    uint64_t rng = 0x9e3779b97f4a7c15ull;
    for (unsigned step = 0; step < 20000; ++step) {
        uint32_t i = unit_rand(&rng) % INDICES;
        if (!model[i].present) {
            cr_assert_eq(esb_sparse_reserve(&p, 1), ESB_OK);
            cr_assert_eq(esb_sparse_reserve_index(&p, i), ESB_OK);
            uint64_t value = ((uint64_t)step << 32) | i;
            esb_sparse_emplace(&p, esb_entity_make(i, model[i].version), &value);
            model[i] = (model_slot){true, model[i].version, value};
        } else {
            uint32_t pos;
            cr_assert(esb_sparse_find(&p, esb_entity_make(i, model[i].version), &pos));
            esb_sparse_erase(&p, pos);
            model[i].present = false;
            model[i].version++; /* the next insert of this index is a recycled entity */
        }
        if (step % 997 == 0) check_against(&p, model);
    }
    check_against(&p, model);
    esb_sparse_free(&p);
    cr_assert_eq(unit_live_bytes(), before, "the pool's blocks were not all freed");
}

Test(sparse_set, a_tag_pool_stores_no_values) {
    esb_sparse_set p = {.size = 0, .align = 1};
    for (uint32_t i = 0; i < 100; i += 3) {
        cr_assert_eq(esb_sparse_reserve(&p, 1), ESB_OK);
        cr_assert_eq(esb_sparse_reserve_index(&p, i), ESB_OK);
        esb_sparse_emplace(&p, esb_entity_make(i, 7), NULL);
    }
    cr_assert_null(p.data);
    cr_assert_null(esb_sparse_value(&p, 0));
    cr_assert(esb_sparse_contains(&p, esb_entity_make(99, 7)));
    cr_assert(!esb_sparse_contains(&p, esb_entity_make(98, 7)));
    esb_sparse_check_invariants(&p, 100);
    esb_sparse_free(&p);
}

Test(sparse_set, a_failed_reservation_leaves_the_pool_as_it_was) {
    esb_sparse_set p = {.size = sizeof(uint32_t), .align = 4};
    for (uint32_t i = 0; i < 40; ++i) {
        cr_assert_eq(esb_sparse_reserve(&p, 1), ESB_OK);
        cr_assert_eq(esb_sparse_reserve_index(&p, i), ESB_OK);
        esb_sparse_emplace(&p, esb_entity_make(i, 0), &i);
    }
    /* Growing the packed arrays past their capacity, and filling a page far away, each allocate: fail every
     * allocation they make in turn. */
    for (int which = 0; which < 2; ++which) {
        esb_mem_fail_nth(0);
        for (uint64_t k = 1;; ++k) {
            esb_sparse_set copy = p;
            esb_mem_fail_nth(k);
            esb_status s = which == 0 ? esb_sparse_reserve(&p, p.capacity)
                                      : esb_sparse_reserve_index(&p, 5u * ESB_SPARSE_PAGE + 3);
            uint64_t calls = esb_mem_fail_nth(0);
            if (s == ESB_OK && calls < k) break; /* no k-th allocation: every one has been failed */
            cr_assert_eq(s, ESB_ERR_NOMEM, "failing allocation %llu gave status %d", (unsigned long long)k, s);
            /* The packed arrays are as they were; the page directory may have grown (its new pages empty),
             * which no member can tell. */
            cr_assert(copy.count == p.count && copy.capacity == p.capacity && copy.dense == p.dense &&
                          copy.data == p.data,
                      "a failed reservation changed the packed arrays");
            esb_sparse_check_invariants(&p, 40);
        }
    }
    for (uint32_t i = 0; i < 40; ++i) {
        uint32_t pos;
        cr_assert(esb_sparse_find(&p, esb_entity_make(i, 0), &pos), "index %u lost", i);
        cr_assert_eq(*(uint32_t *)esb_sparse_value(&p, pos), i, "index %u: value changed", i);
    }
    esb_sparse_free(&p);
}
