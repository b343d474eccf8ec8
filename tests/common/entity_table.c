/* The shared generational entity table (_common/entity_table.h): handles, versions and the implicit free list. */
#include <criterion/criterion.h>
#include <string.h>

#include "entity_table.h"
#include "support.h"

static esb_entity_table table_with_room(uint32_t room) {
    esb_entity_table ei;
    esb_et_init(&ei);
    uint32_t capacity;
    cr_assert_eq(esb_et_plan(&ei, room, &capacity), ESB_OK);
    cr_assert_geq(capacity, room);
    cr_assert_eq(esb_et_grow(&ei, capacity), ESB_OK);
    return ei;
}

Test(entity_table, new_indices_are_issued_in_order_at_version_zero) {
    esb_entity_table ei = table_with_room(10);
    for (uint32_t i = 0; i < 10; ++i) {
        esb_entity e = esb_et_take(&ei);
        cr_assert_eq(e, esb_entity_make(i, 0));
        cr_assert(esb_et_alive(&ei, e));
    }
    cr_assert(!esb_et_alive(&ei, esb_entity_make(10, 0)), "an index never issued is alive");
    esb_et_check_invariants(&ei);
    esb_et_free(&ei);
}

Test(entity_table, a_released_index_comes_back_with_the_next_version_last_in_first_out) {
    esb_entity_table ei = table_with_room(8);
    esb_entity e[8];
    for (int i = 0; i < 8; ++i) e[i] = esb_et_take(&ei);
    esb_et_release(&ei, e[2]);
    esb_et_release(&ei, e[5]);
    cr_assert(!esb_et_alive(&ei, e[2]));
    cr_assert(!esb_et_alive(&ei, e[5]));
    cr_assert_eq(ei.free_count, 2);
    esb_et_check_invariants(&ei);
    cr_assert_eq(esb_et_take(&ei), esb_entity_make(5, 1), "the last index released is reused first");
    cr_assert_eq(esb_et_take(&ei), esb_entity_make(2, 1));
    cr_assert(!esb_et_alive(&ei, e[2]), "the old handle of a recycled index is alive");
    cr_assert_eq(ei.free_count, 0);
    cr_assert_eq(ei.issued, 8, "a reuse issued a new index");
    esb_et_check_invariants(&ei);
    esb_et_free(&ei);
}

Test(entity_table, random_takes_and_releases_keep_exactly_the_live_handles_alive) {
    enum { ROOM = 500 };
    esb_entity_table ei = table_with_room(ROOM);
    static esb_entity live[ROOM], dead[4 * ROOM];
    uint32_t nlive = 0, ndead = 0;
    uint64_t rng = 42;
    for (int step = 0; step < 20000; ++step) {
        if (nlive < ROOM && (nlive == 0 || unit_rand(&rng) % 2)) {
            cr_assert_gt(esb_et_room(&ei), 0);
            live[nlive++] = esb_et_take(&ei);
        } else {
            uint32_t k = unit_rand(&rng) % nlive;
            esb_et_release(&ei, live[k]);
            if (ndead < 4 * ROOM) dead[ndead++] = live[k];
            live[k] = live[--nlive];
        }
        if (step % 499 == 0) {
            esb_et_check_invariants(&ei);
            for (uint32_t i = 0; i < nlive; ++i) cr_assert(esb_et_alive(&ei, live[i]));
            for (uint32_t i = 0; i < ndead; ++i) cr_assert(!esb_et_alive(&ei, dead[i]), "a released handle lives");
            cr_assert_eq(ei.issued - ei.free_count - ei.retired, nlive);
        }
    }
    cr_assert_leq(ei.issued, ROOM, "indices were issued while freed ones were waiting");
    esb_et_free(&ei);
}

Test(entity_table, a_failed_growth_leaves_the_table_as_it_was) {
    esb_entity_table ei = table_with_room(4);
    for (int i = 0; i < 4; ++i) esb_et_take(&ei);
    esb_entity_table copy = ei;
    esb_mem_fail_nth(1);
    cr_assert_eq(esb_et_grow(&ei, 2 * ei.capacity), ESB_ERR_NOMEM);
    esb_mem_fail_nth(0);
    cr_assert_eq(memcmp(&copy, &ei, sizeof ei), 0);
    esb_et_check_invariants(&ei);
    cr_assert_eq(esb_et_grow(&ei, 2 * ei.capacity), ESB_OK);
    for (uint32_t i = 0; i < 4; ++i) cr_assert(esb_et_alive(&ei, esb_entity_make(i, 0)), "growth lost index %u", i);
    esb_et_free(&ei);
}

/* Slots in a design's records (esb_et_in_records): the records grow with the table, each begins with its slot,
 * the rest of a record is the design's and survives takes, releases and growth, and a failed growth changes
 * nothing. */
typedef struct record {
    esb_entity_word slot;
    uint32_t where, also;
} record;
#define STRIDE (uint32_t)(sizeof(record) / sizeof(esb_entity_word))

Test(entity_table, slots_in_records_are_the_records_first_words) {
    size_t live_before = esb_mem_get_stats().live_bytes;
    esb_entity_table ei;
    esb_et_init(&ei);
    esb_et_in_records(&ei, sizeof(record));
    cr_assert_eq(esb_et_reserve(&ei, 3), ESB_OK);
    record *records = esb_et_records(&ei);
    cr_assert(ei.slots == &records[0].slot && ei.capacity >= 3);
    esb_entity e[100];
    for (uint32_t i = 0; i < 3; ++i) {
        e[i] = esb_et_take_in(&ei, STRIDE);
        records[i].where = 7 * i, records[i].also = i;
        cr_assert_eq(records[i].slot, esb_word_of(e[i]), "the record's first word is its handle");
    }
    esb_et_release_in(&ei, e[1], STRIDE);
    cr_assert(!esb_et_alive_in(&ei, e[1], STRIDE));
    cr_assert_neq(esb_entity_index(esb_entity_of(records[1].slot)), 1, "a dead record's slot names another index");
    record before[3];
    memcpy(before, records, sizeof before);
    esb_entity_table copy = ei;
    esb_mem_fail_nth(1);
    cr_assert_eq(esb_et_reserve(&ei, 100), ESB_ERR_NOMEM);
    esb_mem_fail_nth(0);
    cr_assert(memcmp(&copy, &ei, sizeof ei) == 0 && memcmp(before, records, sizeof before) == 0);
    cr_assert_eq(esb_et_reserve(&ei, 100), ESB_OK);
    records = esb_et_records(&ei);
    cr_assert(ei.slots == &records[0].slot && ei.capacity >= 102);
    cr_assert(memcmp(before, records, sizeof before) == 0, "growth kept every record");
    cr_assert_eq(esb_et_take_in(&ei, STRIDE), esb_entity_make(1, 1),
                 "the released index comes back, its version bumped");
    for (uint32_t i = 3; i < 100; ++i) e[i] = esb_et_take_in(&ei, STRIDE);
    for (uint32_t i = 3; i < 100; ++i)
        cr_assert(esb_et_alive_in(&ei, e[i], STRIDE) && records[i].slot == esb_word_of(e[i]));
    cr_assert_eq(records[2].where, 14, "a record's own fields are the design's");
    esb_et_check_invariants(&ei);
    cr_assert_eq(esb_et_count_alive(&ei), 100);
    esb_et_free(&ei);
    cr_assert_eq(esb_mem_get_stats().live_bytes, live_before, "the records are freed with the table");
}
