/* Views find runs (run.c): where the other pools hold the driving pool's entities in the same order side by
 * side, a batch is plain slices; an excluded entity or a pool out of step ends a run, and the entity-by-entity
 * path takes over. Every batch is checked element by element against esb_get, and the count of entities
 * seen against what matches. Built into this strategy's test binaries (every sparse variant: EnTT's view,
 * sparse-view, has no runs and hands out index arrays instead). */
#include "support.h"
#include "sparse.h"

#ifdef ESB_SPARSE_ENTT_VIEW
#define RUNS false
#else
#define RUNS true
#endif

static esb_world *world;
static esb_component a, b, c;

/* The element of field k for batch entry i (contract.h: base, rows, stride). */
static const void *element(const esb_batch *batch, uint32_t k, uint32_t i, size_t size) {
    uint32_t row = batch->rows[k] ? batch->rows[k][i] : i;
    return (const unsigned char *)batch->base[k] + (size_t)row * (batch->stride[k] ? batch->stride[k] : size);
}

/* n entities with a (its ordinal + offset) and b (twice that). */
static void populate(esb_entity *out, uint32_t n, uint32_t offset) {
    esb_component ab[] = {a, b};
    cr_assert_eq(esb_create_bulk(world, n, ab, 2, NULL, out), ESB_OK);
    for (uint32_t i = 0; i < n; ++i) {
        void *va, *vb;
        cr_assert_eq(esb_get(world, out[i], a, &va), ESB_OK);
        cr_assert_eq(esb_get(world, out[i], b, &vb), ESB_OK);
        *(uint32_t *)va = i + offset;
        *(uint64_t *)vb = 2 * (uint64_t)(i + offset);
    }
}

/* e leaves b and comes back at the end of b's pool with b's value of entity ordinal `ordinal` (populate's):
 * b's last element moves into e's old place, so b's handles no longer follow a's from there. */
static void readd_b(esb_entity e, uint32_t ordinal) {
    cr_assert_eq(esb_remove(world, e, b), ESB_OK);
    cr_assert_eq(esb_add(world, e, b, NULL), ESB_OK);
    void *vb;
    cr_assert_eq(esb_get(world, e, b, &vb), ESB_OK);
    *(uint64_t *)vb = 2 * (uint64_t)ordinal;
}

static void setup(void) {
    world = conf_world();
    a = conf_register(world, "a", 4, 4, ESB_STORAGE_DENSE);
    b = conf_register(world, "b", 8, 8, ESB_STORAGE_DENSE);
    c = conf_register(world, "c", 0, 1, ESB_STORAGE_DENSE);
}

/* A query over a and b (without c when exclude). */
static esb_query *query_ab(bool exclude, bool cached) {
    esb_component ab[] = {a, b};
    esb_query_desc desc = {
        .fields = ab, .field_count = 2, .without = &c, .without_count = exclude ? 1 : 0, .cached = cached};
    return conf_query(world, &desc);
}

/* Iterates q (query_ab's); checks every element against esb_get; returns how many entities it saw, and in
 * *first_count and *first_sliced what the first batch was. */
static uint32_t walk_query(esb_query *q, bool exclude, uint32_t *first_count, bool *first_sliced) {
    esb_iter it;
    cr_assert_eq(esb_iter_begin(q, &it), ESB_OK);
    uint32_t seen = 0, batches = 0;
    while (esb_iter_next(&it)) {
        const esb_batch *bt = &it.batch;
        if (batches++ == 0) {
            *first_count = bt->count;
            *first_sliced = !bt->rows[0] && !bt->rows[1] && !bt->entity_rows;
        }
        for (uint32_t i = 0; i < bt->count; ++i) {
            esb_entity e = bt->entities[bt->entity_rows ? bt->entity_rows[i] : i];
            void *va, *vb;
            cr_assert_eq(esb_get(world, e, a, &va), ESB_OK);
            cr_assert_eq(esb_get(world, e, b, &vb), ESB_OK);
            cr_assert_eq(*(const uint32_t *)element(bt, 0, i, 4), *(uint32_t *)va);
            cr_assert_eq(*(const uint64_t *)element(bt, 1, i, 8), *(uint64_t *)vb);
            cr_assert(!exclude || esb_has(world, e, c) == 0, "an excluded entity was handed out");
        }
        seen += bt->count;
    }
    return seen;
}

/* walk_query with a query of its own, made for the pass. */
static uint32_t walk(bool exclude, uint32_t *first_count, bool *first_sliced) {
    esb_query *q = query_ab(exclude, false);
    uint32_t seen = walk_query(q, exclude, first_count, first_sliced);
    cr_assert_eq(esb_query_destroy(q), ESB_OK);
    return seen;
}

Test(sparse_runs, pools_in_step_are_handed_out_as_slices) {
    setup();
    esb_entity e[3 * 64 + 10];
    populate(e, 3 * 64 + 10, 0);
    uint32_t count;
    bool sliced;
    cr_assert_eq(walk(false, &count, &sliced), 3 * 64 + 10);
    cr_assert_eq(sliced, RUNS);
    if (RUNS) cr_assert_eq(count, 3 * 64 + 10, "the whole run in one batch");
    esb_world_destroy(world);
}

Test(sparse_runs, a_run_found_at_another_position_in_the_other_pool) {
    setup();
    /* b holds 100 entities of its own first: a drives, and a's entities sit at b's positions 100 on */
    esb_entity lone[100], e[200];
    for (uint32_t i = 0; i < 100; ++i) {
        cr_assert_eq(esb_create(world, &lone[i]), ESB_OK);
        cr_assert_eq(esb_add(world, lone[i], b, NULL), ESB_OK);
    }
    populate(e, 200, 7);
    uint32_t count;
    bool sliced;
    cr_assert_eq(walk(false, &count, &sliced), 200);
    cr_assert_eq(sliced, RUNS);
    esb_world_destroy(world);
}

Test(sparse_runs, an_excluded_entity_ends_a_run) {
    setup();
    esb_entity e[300];
    populate(e, 300, 0);
    cr_assert_eq(esb_add(world, e[150], c, NULL), ESB_OK);
    uint32_t count;
    bool sliced;
    cr_assert_eq(walk(true, &count, &sliced), 299);
    cr_assert_eq(sliced, RUNS);
    if (RUNS) cr_assert_eq(count, 150, "the run stops at the excluded entity");
    esb_world_destroy(world);
}

Test(sparse_runs, pools_out_of_step_fall_back_to_lookups) {
    setup();
    esb_entity e[300];
    populate(e, 300, 0);
    readd_b(e[0], 0); /* b's last element moves to the front, e[0] goes to the end */
    uint32_t count;
    bool sliced;
    cr_assert_eq(walk(false, &count, &sliced), 300);
    cr_assert(!sliced, "a stretch whose handles differ is no run");
    esb_world_destroy(world);
}

Test(sparse_runs, a_chunk_whose_first_candidates_all_match_then_one_does_not) {
    setup();
    esb_entity e[600];
    populate(e, 600, 0);
    readd_b(e[0], 0); /* no runs: b's handles differ from a's from the start */
    /* the first few hundred candidates all match (pool-by-pool filtering keeps a whole step), then one is
     * excluded */
    cr_assert_eq(esb_add(world, e[400], c, NULL), ESB_OK);
    uint32_t count;
    bool sliced;
    cr_assert_eq(walk(true, &count, &sliced), 599);
    cr_assert(!sliced, "pools out of step handed out as slices");
    esb_world_destroy(world);
}

#ifndef ESB_SPARSE_GROUPS /* where a cached query is a group, which has no runs to remember */
/* A cached view remembers the runs its passes found (sparse.h, sp_run_memo) and relies on them while its pools
 * are unchanged. Each kind of change below would make a remembered run wrong (an excluded entity inside it, a
 * position that moved, an entity gone), so every pass after one is checked element by element, and the memo
 * against what sp_run answers now (esb_world_check, P7). first_run: the run the first batch is, or 0 where
 * the pools are out of step from the start. */
static void expect_pass(esb_query *q, uint32_t matches, uint32_t first_run) {
    uint32_t count;
    bool sliced;
    cr_assert_eq(walk_query(q, true, &count, &sliced), matches);
    if (RUNS && first_run)
        cr_assert(sliced && count == first_run, "first batch %u, expected a run of %u", count, first_run);
    if (!first_run) cr_assert(!sliced, "a first batch of slices where the pools are out of step");
    cr_assert_eq(q->memo.count > 0, q->remembers_runs);
    esb_world_check(world);
}

Test(sparse_runs, a_cached_view_relies_on_its_runs_only_while_its_pools_are_unchanged) {
    setup();
    esb_entity e[600];
    populate(e, 600, 0);
    esb_query *q = query_ab(true, true);
    cr_assert_eq(q->remembers_runs, RUNS);
    expect_pass(q, 600, 600);
    uint32_t entries = q->memo.count;
    expect_pass(q, 600, 600); /* unchanged pools: the same entries answer */
    cr_assert_eq(q->memo.count, entries);

    cr_assert_eq(esb_add(world, e[300], c, NULL), ESB_OK); /* an append to the excluded pool only */
    expect_pass(q, 599, 300);
    cr_assert_eq(esb_remove(world, e[300], c), ESB_OK); /* an erase and an append: its count unchanged */
    cr_assert_eq(esb_add(world, e[200], c, NULL), ESB_OK);
    expect_pass(q, 599, 200);
    cr_assert_eq(esb_remove(world, e[200], c), ESB_OK); /* an erase */
    expect_pass(q, 600, 600);
    cr_assert_eq(esb_remove(world, e[10], b), ESB_OK); /* b's last entity moves to position 10 */
    expect_pass(q, 599, 0);
    cr_assert_eq(esb_add(world, e[10], b, NULL), ESB_OK); /* an append to an included pool: e[10] at b's end */
    void *vb;
    cr_assert_eq(esb_get(world, e[10], b, &vb), ESB_OK);
    *(uint64_t *)vb = 20;
    expect_pass(q, 600, 0);
    cr_assert_eq(esb_destroy(world, e[0]), ESB_OK); /* an erase from every pool */
    expect_pass(q, 599, 0);
    cr_assert_eq(esb_query_destroy(q), ESB_OK);
    esb_world_destroy(world);
}
#endif
