/* The cache set cached/ (bitmask-cached, bitmask-pools): a cached filter's part of B5 and its block verdicts (B7)
 * can fail, and an erase forgets the verdicts it falsifies. Built into the test binaries of this set's variants. */
#include "check_aborts.h"
#include "tests/healthy_world.h" /* strategies/bitmask/tests/healthy_world.h */

Test(bitmask_cached, a_cached_query_is_a_cached_filter) {
    esb_query *q = healthy_world();
    cr_assert(q->cached);
    cr_assert_str_eq(esb_query_kind(q), "cached-filter");
    cr_assert_eq(q->member_count, 2);
    esb_world_destroy(world);
}

Test(bitmask_cached, a_cached_filter_missing_a_match_aborts, CONF_CHECK_ABORTS) {
    esb_query *q = healthy_world();
    cr_assert(q->cached && q->member_count == 2);
    q->member_count--; /* its last member forgotten, its position left behind */
    esb_world_check(world);
}

Test(bitmask_cached, a_cached_filter_holding_a_non_match_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    world->mask[0][esb_entity_index(e[0])] |= 1ull << b; /* e[0] gains b behind the filter's back */
    esb_world_check(world);
}

/* Two blocks of a cached filter over a: a full one holding the run 0 .. ESB_BATCH_ROWS - 1, and index
 * ESB_BATCH_ROWS alone; a pass has scanned both. */
static esb_entity many[ESB_BATCH_ROWS + 1];

static esb_query *two_scanned_blocks(void) {
    static const esb_component_desc desc = {"a", 4, 4, ESB_STORAGE_DENSE};
    world = conf_world_of(&desc, 1, &a, ESB_BATCH_ROWS + 1, 1, many);
    esb_query *q = conf_query(world, &(esb_query_desc){.fields = &a, .field_count = 1, .cached = true});
    cr_assert_eq(conf_count(q), ESB_BATCH_ROWS + 1);
    cr_assert(q->verdicts[0].length == ESB_BATCH_ROWS && q->verdicts[0].first == 0);
    return q;
}

Test(bitmask_cached, an_erase_forgets_the_verdicts_it_falsifies) {
    esb_query *q = two_scanned_blocks();
    cr_assert_eq(esb_destroy(world, many[5]), ESB_OK); /* index ESB_BATCH_ROWS moves into the first block */
    esb_world_check(world);
    cr_assert_eq(conf_count(q), ESB_BATCH_ROWS);
    cr_assert(q->verdicts[0].length == ESB_BATCH_ROWS && q->verdicts[0].first == BM_NOT_IN);
    esb_world_check(world);
    esb_world_destroy(world);
}

Test(bitmask_cached, a_verdict_an_erase_left_behind_aborts, CONF_CHECK_ABORTS) {
    esb_query *q = two_scanned_blocks();
    bm_block_verdict one_run = q->verdicts[0];
    cr_assert_eq(esb_destroy(world, many[5]), ESB_OK);
    q->verdicts[0] = one_run; /* as if not forgotten: a pass would hand out index 5 again, not ESB_BATCH_ROWS */
    esb_world_check(world);
}

Test(bitmask_cached, a_verdict_longer_than_its_block_aborts, CONF_CHECK_ABORTS) {
    esb_query *q = two_scanned_blocks();
    bm_block_verdict alone = q->verdicts[1];
    cr_assert_eq(esb_destroy(world, many[ESB_BATCH_ROWS]), ESB_OK); /* the second block is left empty */
    q->verdicts[1] = alone; /* as if not forgotten: the next insert would make it look current again */
    esb_world_check(world);
}
