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

static esb_table other; /* static, as records */

/* The copy of a bundle's move between two tables more than one column apart: records {u8, f32, f64} into records
 * {f32, f64, u16, vec4}, whose columns lie at other offsets. The shared two are copied, the others left alone. */
Test(table_aos, a_copy_by_id_pairs_the_shared_columns_wherever_they_lie) {
    static const esb_component_info components[] = {{"u8", 1, 1, ESB_STORAGE_DENSE},
                                                    {"f32", 4, 4, ESB_STORAGE_DENSE},
                                                    {"f64", 8, 8, ESB_STORAGE_DENSE},
                                                    {"u16", 2, 2, ESB_STORAGE_DENSE},
                                                    {"vec4", 16, 16, ESB_STORAGE_DENSE}};
    table_of_three_alignments();
    esb_bitset set = {{0}};
    for (esb_component c = 1; c < 5; ++c) esb_bitset_set(&set, c);
    memset(&other, 0, sizeof other);
    cr_assert_eq(esb_table_init(&other, &set, components, 5), ESB_OK);
    cr_assert_eq(esb_table_reserve(&other, 1), ESB_OK);
    memset(other.records, 0xAB, other.record_size);
    memset(records.records, 0, 2 * (size_t)records.record_size);
    float f = 2.5f;
    double d = -1.25;
    unsigned char u = 7;
    memcpy(esb_table_element(&records, esb_column_at(0), 1), &u, 1);
    memcpy(esb_table_element(&records, esb_column_at(1), 1), &f, 4);
    memcpy(esb_table_element(&records, esb_column_at(2), 1), &d, 8);

    esb_table_copy_shared(&other, 0, &records, 1);
    cr_assert_eq(memcmp(esb_table_element(&other, esb_table_column_of(&other, 1), 0), &f, 4), 0);
    cr_assert_eq(memcmp(esb_table_element(&other, esb_table_column_of(&other, 2), 0), &d, 8), 0);
    const unsigned char *u16 = esb_table_element(&other, esb_table_column_of(&other, 3), 0);
    cr_assert(u16[0] == 0xAB && u16[1] == 0xAB, "a column the source lacks is left alone");
    esb_table_check_invariants(&other);
    esb_table_free(&other);
    esb_table_free(&records);
}
