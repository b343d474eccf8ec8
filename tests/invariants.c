/* A world-level check of every strategy: esb_world_check passes on a busy world, iterators live or not. (That
 * each shared structure's own check can fail is tested once, in tests/common/invariants.c.) */
#include <criterion/criterion.h>

#include "check.h"
#include "contract.h"

#ifndef ESB_CHECKED
#error "the tests are built with ESB_CHECKED: the invariant checks must be compiled in"
#endif

Test(invariants, a_busy_world_passes_its_check_iterators_live_or_not) {
    esb_world_check(NULL);
    esb_world *w;
    cr_assert_eq(esb_world_create(&w), ESB_OK);
    esb_world_check(w);
    static const esb_component_desc descs[] = {
        {"dense", 8, 8, ESB_STORAGE_DENSE}, {"sparse", 4, 4, ESB_STORAGE_SPARSE}, {"tag", 0, 1, ESB_STORAGE_DENSE}};
    esb_component c[3];
    for (int k = 0; k < 3; ++k) cr_assert_eq(esb_component_register(w, &descs[k], &c[k]), ESB_OK);
    esb_entity e[64];
    cr_assert_eq(esb_create_bulk(w, 32, c, 2, NULL, e), ESB_OK);
    cr_assert_eq(esb_create_bulk(w, 32, &c[1], 2, NULL, e + 32), ESB_OK);
    esb_query *cached, *scan;
    esb_query_desc cached_desc = {.fields = c, .field_count = 2, .without = &c[2], .without_count = 1, .cached = true};
    esb_query_desc scan_desc = {.fields = &c[1], .field_count = 1, .with = &c[2], .with_count = 1};
    cr_assert_eq(esb_query_create(w, &cached_desc, &cached), ESB_OK);
    cr_assert_eq(esb_query_create(w, &scan_desc, &scan), ESB_OK);
    for (int i = 0; i < 64; i += 3) {
        esb_status s = esb_add(w, e[i], c[2], NULL);
        cr_assert(s == ESB_OK || s == ESB_ERR_PRESENT);
        if (i % 2) cr_assert_eq(esb_remove(w, e[i], c[1]), ESB_OK);
        if (i % 5 == 0) cr_assert_eq(esb_destroy(w, e[i]), ESB_OK);
        esb_world_check(w);
    }
    esb_iter a, b;
    cr_assert_eq(esb_iter_begin(cached, &a), ESB_OK);
    cr_assert_eq(esb_iter_begin(scan, &b), ESB_OK);
    esb_world_check(w);
    cr_assert(esb_iter_next(&a));
    esb_world_check(w);
    esb_iter_end(&a);
    esb_iter_end(&b);
    cr_assert_eq(esb_query_destroy(scan), ESB_OK);
    esb_world_check(w);
    esb_world_destroy(w);
}
