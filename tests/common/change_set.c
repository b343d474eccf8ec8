/* The change terms' sets of entity indices (_common/change_set.h): a change reaches exactly the sets watching its
 * component (an addition also those of ADDED terms, a plain change not), forgetting clears one component's or
 * every set's bit, growth keeps every bit and is all-or-nothing, and a destroyed set gives back its memory. */
#include <criterion/criterion.h>

#include "change_set.h"
#include "support.h"

Test(change_set, a_change_reaches_the_sets_watching_its_component) {
    size_t before = unit_live_bytes();
    esb_change_sets cs = {0};
    cr_assert_eq(esb_change_sets_reserve(&cs, 100), ESB_OK);
    esb_change_set *changed = esb_change_set_create(&cs, 3, ESB_CHANGE_CHANGED);
    esb_change_set *added = esb_change_set_create(&cs, 3, ESB_CHANGE_ADDED);
    esb_change_set *other = esb_change_set_create(&cs, 4, ESB_CHANGE_CHANGED);
    cr_assert(changed && added && other);
    esb_change_mark(&cs, 3, 10, false); /* a write */
    esb_change_mark(&cs, 3, 99, true);  /* an addition */
    esb_change_mark(&cs, 5, 11, true);  /* nobody watches 5 */
    cr_assert(esb_change_test(changed, 10) && esb_change_test(changed, 99));
    cr_assert(!esb_change_test(added, 10) && esb_change_test(added, 99), "an ADDED set takes additions alone");
    for (uint32_t idx = 0; idx < 100; ++idx) cr_assert(!esb_change_test(other, idx), "index %u", idx);
    esb_change_forget(&cs, 3, 99);
    cr_assert(!esb_change_test(changed, 99) && !esb_change_test(added, 99));
    esb_change_mark(&cs, 4, 10, false);
    esb_change_forget_all(&cs, 10);
    cr_assert(!esb_change_test(changed, 10) && !esb_change_test(other, 10));
    esb_change_mark(&cs, 4, 20, false);
    esb_change_set_clear(&cs, other);
    cr_assert(!esb_change_test(other, 20));
    esb_change_set_destroy(&cs, added);
    cr_assert_eq(cs.count, 2);
    cr_assert_eq(cs.watching[3], changed);
    esb_change_sets_free(&cs);
    cr_assert_eq(cs.count, 0);
    cr_assert_eq(unit_live_bytes(), before, "the sets gave back what they took");
}

Test(change_set, growth_keeps_every_bit_or_changes_nothing) {
    esb_change_sets cs = {0};
    cr_assert_eq(esb_change_sets_reserve(&cs, 64), ESB_OK);
    esb_change_set *a = esb_change_set_create(&cs, 0, ESB_CHANGE_CHANGED);
    esb_change_set *b = esb_change_set_create(&cs, 1, ESB_CHANGE_CHANGED);
    esb_change_mark(&cs, 0, 63, false);
    esb_change_mark(&cs, 1, 5, false);
    for (uint64_t k = 1;; ++k) { /* the k-th allocation of the growth fails, until none does */
        uint64_t *bits_a = a->bits, *bits_b = b->bits;
        esb_mem_fail_nth(k);
        esb_status s = esb_change_sets_reserve(&cs, 1000);
        uint64_t calls = esb_mem_fail_nth(0);
        if (s == ESB_OK) {
            cr_assert_gt(calls, 1, "the growth allocated nothing");
            break;
        }
        cr_assert_eq(s, ESB_ERR_NOMEM);
        cr_assert(a->bits == bits_a && b->bits == bits_b && cs.capacity == 64, "a failed growth changed a set");
    }
    cr_assert_eq(cs.capacity, 1000);
    cr_assert(esb_change_test(a, 63) && esb_change_test(b, 5), "growth lost a bit");
    for (uint32_t idx = 64; idx < 1000; ++idx) cr_assert(!esb_change_test(a, idx) && !esb_change_test(b, idx));
    esb_change_mark(&cs, 1, 999, false);
    cr_assert(esb_change_test(b, 999));
    esb_change_sets_free(&cs);
}

/* A batch's writes mark exactly its indices: every run of a range against the bits one mark per index gives,
 * across word boundaries, and through an index list; ADDED sets take none of them. */
Test(change_set, a_batch_marks_exactly_its_rows) {
    esb_change_sets cs = {0};
    cr_assert_eq(esb_change_sets_reserve(&cs, 300), ESB_OK);
    esb_change_set *changed = esb_change_set_create(&cs, 1, ESB_CHANGE_CHANGED);
    esb_change_set *added = esb_change_set_create(&cs, 1, ESB_CHANGE_ADDED);
    cr_assert(changed && added);
    static const uint32_t ranges[][2] = {{0, 1}, {5, 59}, {63, 2}, {64, 64}, {70, 200}, {128, 0}, {299, 1}};
    for (size_t r = 0; r < sizeof ranges / sizeof *ranges; ++r) {
        uint32_t first = ranges[r][0], count = ranges[r][1];
        esb_change_mark_rows(&cs, 1, NULL, first, count, false);
        for (uint32_t idx = 0; idx < 300; ++idx) {
            bool inside = idx >= first && idx < first + count;
            cr_assert_eq(esb_change_test(changed, idx), inside, "range %u+%u, index %u", first, count, idx);
            cr_assert(!esb_change_test(added, idx), "an ADDED set took a write");
        }
        esb_change_set_clear(&cs, changed);
    }
    esb_change_mark_rows(&cs, 1, NULL, 60, 10, true); /* additions: every set watching the component */
    for (uint32_t idx = 0; idx < 300; ++idx)
        cr_assert(esb_change_test(added, idx) == (idx >= 60 && idx < 70) &&
                      esb_change_test(changed, idx) == (idx >= 60 && idx < 70),
                  "addition at index %u", idx);
    esb_change_set_clear(&cs, changed);
    const uint32_t rows[] = {299, 0, 64, 63, 128};
    esb_change_mark_rows(&cs, 1, rows, 0, 5, false);
    for (uint32_t idx = 0; idx < 300; ++idx)
        cr_assert_eq(esb_change_test(changed, idx), idx == 299 || idx == 0 || idx == 64 || idx == 63 || idx == 128,
                     "index %u", idx);
    esb_change_sets_free(&cs);
}
