/* The shared index of component sets (_common/set_index.h): every set stored is found with its id, every other
 * is not, through growth and rehashing. */
#include <criterion/criterion.h>
#include <string.h>

#include "set_index.h"
#include "support.h"

/* A set from a number: a few of the 256 bits, chosen by the number's bits, so that sets differ in high words too. */
static esb_bitset set_of(uint32_t k) {
    esb_bitset s;
    memset(&s, 0, sizeof s);
    for (uint32_t b = 0; b < 16; ++b)
        if ((k >> b) & 1u) esb_bitset_set(&s, (b * 37u) % ESB_MAX_COMPONENTS);
    return s;
}

Test(set_index, every_set_stored_is_found_with_its_id) {
    esb_set_index ix = {0};
    size_t before = unit_live_bytes();
    for (uint32_t k = 0; k < 3000; ++k) {
        esb_bitset s = set_of(k);
        cr_assert_eq(esb_set_index_find(&ix, &s), ESB_SET_NONE, "set %u found before it was stored", k);
        cr_assert_eq(esb_set_index_reserve(&ix), ESB_OK);
        esb_set_index_insert(&ix, &s, k + 100);
        if (k % 301 == 0) esb_set_index_check_invariants(&ix);
    }
    esb_set_index_check_invariants(&ix);
    cr_assert_eq(ix.count, 3000);
    for (uint32_t k = 0; k < 3000; ++k) {
        esb_bitset s = set_of(k);
        cr_assert_eq(esb_set_index_find(&ix, &s), k + 100, "set %u", k);
    }
    for (uint32_t k = 3000; k < 4000; ++k) {
        esb_bitset s = set_of(k);
        cr_assert_eq(esb_set_index_find(&ix, &s), ESB_SET_NONE, "set %u was never stored", k);
    }
    esb_set_index_free(&ix);
    cr_assert_eq(unit_live_bytes(), before);
}

Test(set_index, a_failed_rehash_leaves_every_set_findable) {
    esb_set_index ix = {0};
    uint32_t k = 0;
    /* fill up to the point where the next reservation must rehash */
    for (;;) {
        esb_set_index copy = ix;
        esb_mem_fail_nth(1);
        esb_status s = esb_set_index_reserve(&ix);
        uint64_t calls = esb_mem_fail_nth(0);
        if (calls > 0) {
            cr_assert_eq(s, ESB_ERR_NOMEM);
            cr_assert_eq(memcmp(&copy, &ix, sizeof ix), 0, "a failed rehash changed the index");
            if (k > 40) break;
            cr_assert_eq(esb_set_index_reserve(&ix), ESB_OK);
        }
        esb_bitset set = set_of(k);
        esb_set_index_insert(&ix, &set, k);
        ++k;
    }
    esb_set_index_check_invariants(&ix);
    for (uint32_t j = 0; j < k; ++j) {
        esb_bitset set = set_of(j);
        cr_assert_eq(esb_set_index_find(&ix, &set), j);
    }
    esb_set_index_free(&ix);
}
