/* Sorting pools and groups (sort.h), a sparse-set feature beyond the contract: built into this strategy's
 * test binaries only; the sorting of groups into those of the variants with groups (cached-groups/tests/). */
#include "each.h"
#include "support.h"
#include "sort.h"
#include "sorting.h"

Test(sparse_sort, pool_by_value_both_ways) {
    esb_world *w = conf_world();
    esb_component a = reg(w, "A"), b = reg(w, "B");
    esb_entity e[3000];
    populate(w, a, b, 3000, e);
    for (size_t i = 0; i < 3000; i += 3) cr_assert_eq(esb_destroy(w, e[i]), ESB_OK); /* holes, swaps */
    esb_query_desc d = {.fields = &a, .field_count = 1};
    esb_query *q = conf_query(w, &d);
    for (int direction = 1; direction >= -1; direction -= 2) {
        by_value by = {a, direction};
        cr_assert_eq(esb_sparse_sort_pool(w, a, compare_values, &by), ESB_OK);
        cr_assert_eq(check_sorted(w, q, a, b, direction), 2000u);
    }
    esb_iter it;
    cr_assert_eq(esb_iter_begin(q, &it), ESB_OK);
    by_value by = {a, 1};
    cr_assert_eq(esb_sparse_sort_pool(w, a, compare_values, &by), ESB_ERR_LOCKED);
    esb_iter_end(&it);
    cr_assert_eq(esb_sparse_sort_pool(w, 99, compare_values, &by), ESB_ERR_UNKNOWN_COMPONENT);
    cr_assert_eq(esb_sparse_sort_pool(w, a, NULL, &by), ESB_ERR_INVALID);
    esb_world_destroy(w);
}
