/* The table layout set table-aos: records pack components by decreasing alignment, so only the end of a record is
 * padding, and the layout's check catches two columns placed over each other. Built into the test binaries of the
 * variants that name this set. */
#include <string.h>

#include "check_aborts.h"
#include "table.h"

static esb_table records; /* static: still reachable when an aborting check stops the process */

/* A table of u8, f32 and f64 with room for two rows. */
static void table_of_three_alignments(void) {
    static const esb_component_info components[] = {
        {"u8", 1, 1, ESB_STORAGE_DENSE}, {"f32", 4, 4, ESB_STORAGE_DENSE}, {"f64", 8, 8, ESB_STORAGE_DENSE}};
    esb_bitset set = {{0}};
    for (esb_component c = 0; c < 3; ++c) esb_bitset_set(&set, c);
    memset(&records, 0, sizeof records);
    cr_assert_eq(esb_table_init(&records, &set, components, 3), ESB_OK);
    cr_assert_eq(esb_table_reserve(&records, 2), ESB_OK);
}

Test(table_aos, records_are_packed_by_alignment) {
    table_of_three_alignments();
    cr_assert_eq(records.record_align, 8);
    cr_assert_eq(records.record_size, 16); /* f64 at 0, f32 at 8, u8 at 12, 3 bytes of padding */
    cr_assert_eq(records.columns[2].offset, 0);
    cr_assert_eq(records.columns[1].offset, 8);
    cr_assert_eq(records.columns[0].offset, 12);
    cr_assert_eq(esb_table_element(&records, esb_column_at(1), 1), records.records + 16 + 8,
                 "row 1's f32, a record further");
    esb_table_check_invariants(&records);
    esb_table_free(&records);
}

Test(table_aos, two_columns_over_each_other_abort, CONF_CHECK_ABORTS) {
    table_of_three_alignments();
    records.columns[1].offset = 4; /* f32 inside f64's bytes */
    esb_table_check_invariants(&records);
}
