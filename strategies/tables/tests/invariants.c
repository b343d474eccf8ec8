/* The tables design's invariants (tables.h, L1-L9) can fail: a healthy world passes esb_world_check, and each test
 * breaks one invariant by hand and expects the check to abort. Built into this strategy's test binaries. */
#include "check_aborts.h"
#include "support.h"
#include "tables.h"

static esb_world *world; /* static: still reachable when an aborting check stops the process */
static esb_component a, s;
static esb_entity e[4];

/* Four entities of type {a}; two of them given the sparse s (a sparse column for the whole table). */
static tb_table *healthy_world(void) {
    static const esb_component_desc descs[] = {{"a", 4, 4, ESB_STORAGE_DENSE}, {"s", 8, 8, ESB_STORAGE_SPARSE}};
    esb_component ids[2];
    world = conf_world_of(descs, 2, ids, 4, 1, e);
    a = ids[0], s = ids[1];
    cr_assert_eq(esb_add(world, e[1], s, NULL), ESB_OK);
    cr_assert_eq(esb_add(world, e[2], s, NULL), ESB_OK);
    esb_world_check(world);
    return world->tables[tb_locations(world)[esb_entity_index(e[0])].table];
}

Test(tables_invariants, a_healthy_world_passes) {
    healthy_world();
    cr_assert_eq(esb_destroy(world, e[1]), ESB_OK);
    cr_assert_eq(esb_remove(world, e[2], s), ESB_OK);
    esb_world_check(world);
    esb_world_destroy(world);
}

Test(tables_invariants, a_holder_count_drifting_from_its_bits_aborts, CONF_CHECK_ABORTS) {
    tb_table *t = healthy_world();
    tb_column_of(t, a)->holders--;
    esb_world_check(world);
}

Test(tables_invariants, a_presence_bit_past_the_last_row_aborts, CONF_CHECK_ABORTS) {
    tb_table *t = healthy_world();
    tb_column *col = tb_column_of(t, s);
    tb_bit_set(col->present, t->count); /* the next row appended would start with s */
    col->holders++;
    esb_world_check(world);
}

Test(tables_invariants, a_sparse_map_out_of_step_with_the_bits_aborts, CONF_CHECK_ABORTS) {
    tb_table *t = healthy_world();
    tb_bit_clear(tb_column_of(t, s)->present, tb_locations(world)[esb_entity_index(e[1])].row);
    tb_column_of(t, s)->holders--;
    esb_world_check(world);
}

Test(tables_invariants, a_change_tick_from_the_future_aborts, CONF_CHECK_ABORTS) {
    tb_table *t = healthy_world();
    conf_query_changed(world, a);
    tb_column_of(t, a)->changed_ticks[0] = world->change_tick + 1;
    esb_world_check(world);
}

Test(tables_invariants, a_watched_column_without_ticks_aborts, CONF_CHECK_ABORTS) {
    tb_table *t = healthy_world();
    conf_query_changed(world, a);
    tb_column_of(t, a)->ticked = false;
    esb_world_check(world);
}

Test(tables_invariants, a_healthy_world_with_a_change_term_passes) {
    healthy_world();
    esb_query *q = conf_query_changed(world, a);
    float v = 2.0f;
    cr_assert_eq(esb_set(world, e[0], a, &v), ESB_OK);
    cr_assert_eq(conf_count(q), 1);
    cr_assert_eq(esb_destroy(world, e[0]), ESB_OK);
    esb_world_check(world);
    esb_world_destroy(world);
}
