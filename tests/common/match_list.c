/* The shared list of a cached query's matching groups (_common/match_list.h): catching up with new groups tests
 * only those, records exactly the matching ones in id order with their columns, and is all-or-nothing. */
#include <criterion/criterion.h>
#include <string.h>

#include "match_list.h"
#include "support.h"

/* The query of these tests: groups whose id is a multiple of `every`, with two fields whose columns are derived
 * from the id; counts the tests it is asked to make. */
typedef struct multiples {
    uint32_t every;
    uint32_t tested;
} multiples;

static bool multiple_of(const void *query, uint32_t id, uint16_t *columns) {
    multiples *q = (multiples *)(uintptr_t)query;
    q->tested++;
    if (id % q->every) return false;
    if (columns) {
        columns[0] = (uint16_t)(id % 7);
        columns[1] = (uint16_t)(id % 11);
    }
    return true;
}

static void check_list(const esb_match_list *m, uint32_t total, uint32_t every) {
    cr_assert_eq(m->seen, total);
    cr_assert_eq(m->count, (total + every - 1) / every, "%u groups, every %u: %u listed", total, every, m->count);
    for (uint32_t i = 0; i < m->count; ++i) {
        cr_assert_eq(m->ids[i], i * every, "match %u", i);
        const uint16_t *col = esb_match_list_columns(m, i);
        cr_assert_eq(col[0], m->ids[i] % 7);
        cr_assert_eq(col[1], m->ids[i] % 11);
    }
}

Test(match_list, catching_up_tests_only_the_new_groups) {
    multiples q = {.every = 3};
    esb_match_list m = {.field_count = 2};
    uint32_t totals[] = {0, 1, 5, 5, 64, 200, 1000};
    uint32_t before = 0;
    for (size_t k = 0; k < sizeof totals / sizeof *totals; ++k) {
        q.tested = 0;
        cr_assert_eq(esb_match_list_catch_up(&m, totals[k], multiple_of, &q), ESB_OK);
        cr_assert_leq(q.tested, 2 * (totals[k] - before), "a catch-up re-tested groups it had seen");
        check_list(&m, totals[k], 3);
        esb_match_list_check_invariants(&m, totals[k], multiple_of, &q);
        before = totals[k];
    }
    esb_match_list_free(&m);
}

Test(match_list, a_failed_catch_up_records_nothing) {
    multiples q = {.every = 2};
    esb_match_list m = {.field_count = 2};
    cr_assert_eq(esb_match_list_catch_up(&m, 10, multiple_of, &q), ESB_OK);
    esb_match_list copy = m;
    esb_mem_fail_nth(1);
    esb_status s = esb_match_list_catch_up(&m, 5000, multiple_of, &q);
    uint64_t calls = esb_mem_fail_nth(0);
    cr_assert_gt(calls, 0, "growing the list to 2500 matches allocated nothing");
    cr_assert_eq(s, ESB_ERR_NOMEM);
    cr_assert_eq(memcmp(&copy, &m, sizeof m), 0, "a failed catch-up changed the list");
    cr_assert_eq(esb_match_list_catch_up(&m, 5000, multiple_of, &q), ESB_OK);
    check_list(&m, 5000, 2);
    esb_match_list_free(&m);
}
