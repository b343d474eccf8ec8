/* Sorting a group (sort.h): built into the test binaries of the variants with groups. */
#include "each.h"
#include "support.h"
#include "sort.h"
#include "tests/sorting.h"

Test(sparse_sort, group_keeps_its_pools_aligned) {
    esb_world *w = conf_world();
    esb_component a = reg(w, "A"), b = reg(w, "B"), c = reg(w, "C");
    esb_entity e[2000];
    populate(w, a, b, 2000, e);
    float one = 1.0f;
    for (size_t i = 0; i < 2000; i += 4) cr_assert_eq(esb_add(w, e[i], c, &one), ESB_OK);
    esb_component ab[] = {a, b};
    esb_query_desc d = {.fields = ab, .field_count = 2, .without = &c, .without_count = 1, .cached = true};
    esb_query *owned = conf_query(w, &d);
    cr_assert_str_eq(esb_query_kind(owned), "owned-group");
    esb_query *again = conf_query(w, &d); /* same terms: its pools are taken */
    cr_assert_str_eq(esb_query_kind(again), "non-owned-group");
    by_value by = {a, -1};
    cr_assert_eq(esb_sparse_sort_group(owned, compare_values, &by), ESB_OK);
    cr_assert_eq(check_sorted(w, owned, a, b, -1), 1500u);
    by.direction = 1;
    cr_assert_eq(esb_sparse_sort_group(again, compare_values, &by), ESB_OK);
    cr_assert_eq(check_sorted(w, again, a, b, 1), 1500u);
    /* An owned pool is sorted through its group only; after sorting, the groups stay correct under change. */
    cr_assert_eq(esb_sparse_sort_pool(w, a, compare_values, &by), ESB_ERR_INVALID);
    for (size_t i = 1; i < 2000; i += 5) cr_assert_eq(esb_destroy(w, e[i]), ESB_OK);
    cr_assert_eq(esb_remove(w, e[0], c), ESB_OK);
    cr_assert_eq(esb_sparse_sort_group(owned, compare_values, &by), ESB_OK);
    cr_assert_eq(check_sorted(w, owned, a, b, 1), 1500u - 300u + 1u);
    esb_world_destroy(w);
}
