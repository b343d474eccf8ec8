/* The component sets of _common/bitset.h: a member's rank and a set's size, across word boundaries, against a
 * count made bit by bit. */
#include <criterion/criterion.h>

#include "bitset.h"

/* A set holding every id whose (id * 7) % 5 is 0 or 3, so that each word holds some and misses some. */
static esb_bitset sample(void) {
    esb_bitset s = {{0}};
    for (uint32_t id = 0; id < ESB_MAX_COMPONENTS; ++id)
        if ((id * 7) % 5 == 0 || (id * 7) % 5 == 3) esb_bitset_set(&s, id);
    return s;
}

Test(bitset, a_rank_counts_the_members_below) {
    esb_bitset s = sample();
    uint32_t below = 0;
    for (uint32_t id = 0; id < ESB_MAX_COMPONENTS; ++id) {
        cr_assert_eq(esb_bitset_rank(&s, id), below, "rank of %u", id);
        below += esb_bitset_test(&s, id);
    }
    cr_assert_eq(esb_bitset_count(&s), below);
}

Test(bitset, the_empty_and_the_full_set) {
    esb_bitset none = {{0}}, all = {{0}};
    for (uint32_t id = 0; id < ESB_MAX_COMPONENTS; ++id) esb_bitset_set(&all, id);
    cr_assert_eq(esb_bitset_count(&none), 0);
    cr_assert_eq(esb_bitset_count(&all), ESB_MAX_COMPONENTS);
    cr_assert_eq(esb_bitset_rank(&none, ESB_MAX_COMPONENTS - 1), 0);
    cr_assert_eq(esb_bitset_rank(&all, ESB_MAX_COMPONENTS - 1), ESB_MAX_COMPONENTS - 1);
    cr_assert_eq(esb_bitset_rank(&all, 64), 64, "a rank at a word's first bit");
}
