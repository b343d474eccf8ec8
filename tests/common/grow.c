/* The shared growth helpers (_common/grow.h): several arrays grow together or not at all, keeping their contents
 * and filling their new tails as asked; one list doubles from its first capacity. */
#include <criterion/criterion.h>
#include <string.h>

#include "grow.h"
#include "support.h"

Test(grow, every_array_grows_with_its_contents_and_filled_tail) {
    uint32_t *a = esb_mem_alloc(4 * sizeof *a, 4);
    for (uint32_t i = 0; i < 4; ++i) a[i] = i + 1;
    unsigned char *b = NULL; /* an array not allocated yet */
    esb_grow_item items[] = {
        {.block = (void **)&a, .old_bytes = 4 * sizeof *a, .new_bytes = 16 * sizeof *a, .align = 4, .fill = 0},
        {.block = (void **)&b, .old_bytes = 0, .new_bytes = 100, .align = 64, .fill = 0xAB},
    };
    cr_assert_eq(esb_grow_all(items, 2), ESB_OK);
    for (uint32_t i = 0; i < 4; ++i) cr_assert_eq(a[i], i + 1, "content lost at %u", i);
    for (uint32_t i = 4; i < 16; ++i) cr_assert_eq(a[i], 0, "tail not zero-filled at %u", i);
    cr_assert_eq((uintptr_t)b % 64, 0, "alignment not kept");
    for (int i = 0; i < 100; ++i) cr_assert_eq(b[i], 0xAB);
    esb_mem_free(a, 16 * sizeof *a);
    esb_mem_free(b, 100);
}

Test(grow, a_failure_at_any_array_leaves_every_array_as_it_was) {
    for (uint64_t k = 1; k <= 3; ++k) {
        uint64_t *x = esb_mem_alloc(8 * sizeof *x, 8), *y = esb_mem_alloc(8 * sizeof *y, 8), *z = NULL;
        for (int i = 0; i < 8; ++i) x[i] = y[i] = (uint64_t)i * 3;
        uint64_t *x0 = x, *y0 = y;
        size_t before = unit_live_bytes();
        esb_grow_item items[] = {
            {.block = (void **)&x, .old_bytes = 64, .new_bytes = 128, .align = 8, .fill = -1},
            {.block = (void **)&y, .old_bytes = 64, .new_bytes = 256, .align = 8, .fill = 0},
            {.block = (void **)&z, .old_bytes = 0, .new_bytes = 32, .align = 8, .fill = 0},
        };
        esb_mem_fail_nth(k);
        cr_assert_eq(esb_grow_all(items, 3), ESB_ERR_NOMEM, "allocation %llu failed", (unsigned long long)k);
        esb_mem_fail_nth(0);
        cr_assert(x == x0 && y == y0 && z == NULL, "a failed growth replaced an array");
        cr_assert_eq(unit_live_bytes(), before, "a failed growth kept a new block");
        for (int i = 0; i < 8; ++i) cr_assert(x[i] == (uint64_t)i * 3 && y[i] == (uint64_t)i * 3);
        esb_mem_free(x, 64);
        esb_mem_free(y, 64);
    }
}

Test(grow, a_list_doubles_from_its_first_capacity_only_when_full) {
    uint16_t *list = NULL;
    uint32_t capacity = 0;
    uint32_t seen[8], nseen = 0;
    for (uint32_t count = 0; count < 100; ++count) {
        uint32_t was = capacity;
        cr_assert_eq(esb_grow_one((void **)&list, count, &capacity, sizeof *list, 4, 2), ESB_OK);
        cr_assert_gt(capacity, count);
        if (capacity != was) seen[nseen++] = capacity;
        list[count] = (uint16_t)count;
    }
    uint32_t expected[] = {4, 8, 16, 32, 64, 128};
    cr_assert_eq(nseen, 6);
    for (uint32_t i = 0; i < nseen; ++i) cr_assert_eq(seen[i], expected[i]);
    for (uint32_t i = 0; i < 100; ++i) cr_assert_eq(list[i], i, "content lost at %u", i);
    uint16_t *kept = list;
    esb_mem_fail_nth(1);
    cr_assert_eq(esb_grow_one((void **)&list, 128, &capacity, sizeof *list, 4, 2), ESB_ERR_NOMEM);
    esb_mem_fail_nth(0);
    cr_assert(list == kept && capacity == 128, "a failed doubling changed the list");
    esb_mem_free(list, (size_t)capacity * sizeof *list);
}

Test(grow, the_capacity_doubles_from_the_first_up_to_the_limit) {
    uint32_t cap = 0;
    cr_assert_eq(esb_grow_capacity(0, 1, 8, 1000, &cap), ESB_OK);
    cr_assert_eq(cap, 8, "an empty array starts at its first capacity");
    cr_assert_eq(esb_grow_capacity(8, 9, 8, 1000, &cap), ESB_OK);
    cr_assert_eq(cap, 16);
    cr_assert_eq(esb_grow_capacity(16, 100, 8, 1000, &cap), ESB_OK);
    cr_assert_eq(cap, 128, "doubled as often as it takes");
    cr_assert_eq(esb_grow_capacity(512, 1000, 8, 1000, &cap), ESB_OK);
    cr_assert_eq(cap, 1000, "never above the limit");
    cap = 7;
    cr_assert_eq(esb_grow_capacity(512, 1001, 8, 1000, &cap), ESB_ERR_FULL);
    cr_assert_eq(cap, 7, "a refusal writes nothing");
}
