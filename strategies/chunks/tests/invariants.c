/* The chunked design's invariants (chunks.h, K1-K7) can fail, and its chunks behave as its README says: rows per
 * chunk, release of empty chunks to the store and their reuse, oversized chunks, and change terms reported by
 * chunk. Built into this strategy's test binaries (each variant: ESB_CHUNK_MAX_ROWS is the variant's). */
#include "check_aborts.h"
#include "support.h"
#include "chunks.h"

static esb_world *world; /* static: still reachable when an aborting check stops the process */
static esb_component a, b;
static esb_entity e[4];

/* Four entities with {a}, one moved to {a, b} and back (so edges exist), and a cached query over a. */
static esb_query *healthy_world(void) {
    static const esb_component_desc descs[] = {{"a", 4, 4, ESB_STORAGE_DENSE}, {"b", 8, 8, ESB_STORAGE_DENSE}};
    esb_component ids[2];
    world = conf_world_of(descs, 2, ids, 4, 1, e);
    a = ids[0], b = ids[1];
    cr_assert_eq(esb_add(world, e[1], b, NULL), ESB_OK);
    esb_query_desc desc = {.fields = &a, .field_count = 1, .cached = true};
    esb_query *q = conf_query(world, &desc);
    esb_world_check(world);
    return q;
}

static ck_archetype *archetype_of(esb_entity x) {
    return ck_archetype_of(world, world->store[ck_locations(world)[esb_entity_index(x)].chunk].archetype);
}

static uint32_t lines(uint32_t bytes) { return (bytes + CK_LINE - 1) / CK_LINE * CK_LINE; }

/* Rows per chunk of an archetype whose row is its handle and a float: the most whose two arrays, each from a
 * cache line, fit after the header, at most the cap. */
static uint32_t rows_of_a(void) {
    uint32_t rows = 1;
    while (rows < CK_MAX_ROWS && CK_HEADER + lines((rows + 1) * 8) + lines((rows + 1) * 4) <= ESB_CHUNK_BYTES) rows++;
    return rows;
}

Test(chunks_invariants, a_healthy_world_passes) {
    healthy_world();
    cr_assert_eq(esb_remove(world, e[1], b), ESB_OK);
    esb_world_check(world);
    esb_world_destroy(world);
}

Test(chunks_invariants, a_location_naming_another_row_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    ck_locations(world)[esb_entity_index(e[0])].row ^= 1;
    esb_world_check(world);
}

Test(chunks_invariants, a_chunk_count_off_by_one_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    archetype_of(e[0])->counts[0]++;
    esb_world_check(world);
}

Test(chunks_invariants, a_chunk_with_room_missing_from_the_open_list_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    ck_archetype *at = archetype_of(e[1]);
    ck_chunk_closed(at, world->store[ck_locations(world)[esb_entity_index(e[1])].chunk].index);
    esb_world_check(world);
}

Test(chunks_invariants, a_store_record_naming_another_place_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    world->store[ck_locations(world)[esb_entity_index(e[0])].chunk].index ^= 1;
    esb_world_check(world);
}

Test(chunks_invariants, a_list_naming_other_memory_than_the_store_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    archetype_of(e[0])->data[0] += CK_LINE;
    esb_world_check(world);
}

Test(chunks_invariants, a_version_ahead_of_the_tick_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    *ck_version(archetype_of(e[0]), 1, 0) = world->change_tick + 1;
    esb_world_check(world);
}

Test(chunks_invariants, a_cached_query_missing_an_archetype_aborts, CONF_CHECK_ABORTS) {
    esb_query *q = healthy_world();
    q->matches.count--;
    esb_world_check(world);
}

/* An archetype's rows fill its chunks in turn; a chunk that empties goes back to the store, and the next chunk
 * taken reuses its memory. */
Test(chunks_invariants, chunks_fill_release_and_are_reused) {
    conf_basic w = conf_basic_world();
    world = w.w;
    uint32_t rows = rows_of_a(), n = 3 * rows + 1;
    float *values = malloc(n * sizeof *values);
    esb_entity *made = malloc(n * sizeof *made);
    for (uint32_t i = 0; i < n; ++i) values[i] = (float)i;
    const void *columns[] = {values};
    cr_assert_eq(esb_create_bulk(world, n, &w.f32, 1, columns, made), ESB_OK);
    ck_archetype *at = archetype_of(made[0]);
    cr_assert_eq(at->rows, rows);
    cr_assert_eq(at->chunk_count, 4, "%u rows of %u per chunk", n, rows);
    cr_assert_eq(at->open_count, 1, "only the last chunk has room");
    esb_world_check(world);
    uint64_t allocated = conf_counter(world, "chunks_allocated");
    for (uint32_t i = 0; i < rows; ++i) cr_assert_eq(esb_destroy(world, made[i]), ESB_OK); /* the first chunk */
    cr_assert_eq(at->chunk_count, 3);
    cr_assert_eq(world->spare_count, 1, "the emptied chunk is kept by the store");
    esb_world_check(world);
    for (uint32_t i = rows; i < n; ++i) cr_assert_float_eq(conf_get_f32(world, made[i], w.f32), (float)i, 0);
    cr_assert_eq(esb_create_bulk(world, 2 * rows, &w.f32, 1, NULL, made), ESB_OK);
    cr_assert_eq(at->chunk_count, 5);
    cr_assert_eq(conf_counter(world, "chunks_allocated"), allocated + 1, "one chunk reused, one allocated");
    esb_world_check(world);
    cr_assert_eq(conf_count(conf_query1(world, w.f32, true)), 4 * rows + 1);
    free(values);
    free(made);
    esb_world_destroy(world);
}

/* A row that does not fit a standard chunk gets a chunk of its own size, freed when it empties. */
Test(chunks_invariants, an_oversized_row_has_a_chunk_of_its_own) {
    world = conf_world();
    esb_component big = conf_register(world, "big", ESB_MAX_COMPONENT_SIZE, 4, ESB_STORAGE_DENSE);
    esb_entity x = conf_new(world), y = conf_new(world);
    cr_assert_eq(esb_add(world, x, big, NULL), ESB_OK);
    cr_assert_eq(esb_add(world, y, big, NULL), ESB_OK);
    ck_archetype *at = archetype_of(x);
    cr_assert_eq(at->rows, 1);
    cr_assert_gt(at->chunk_bytes, ESB_MAX_COMPONENT_SIZE);
    cr_assert_eq(at->chunk_count, 2);
    esb_world_check(world);
    cr_assert_eq(esb_remove(world, x, big), ESB_OK);
    cr_assert_eq(at->chunk_count, 1);
    esb_world_check(world);
    cr_assert_eq(esb_add(world, x, big, NULL), ESB_OK);
    esb_world_check(world);
    esb_world_destroy(world);
}

/* A change term reports the whole chunk of a changed entity, and nothing of the chunks without a change. */
Test(chunks_invariants, a_change_term_reports_the_changed_chunk) {
    conf_basic w = conf_basic_world();
    world = w.w;
    uint32_t rows = rows_of_a();
    esb_entity *made = malloc(2 * rows * sizeof *made);
    cr_assert_eq(esb_create_bulk(world, 2 * rows, &w.f32, 1, NULL, made), ESB_OK);
    esb_query *q = conf_query_changed(world, w.f32);
    cr_assert_eq(conf_count(q), 0);
    float v = 2.0f;
    cr_assert_eq(esb_set(world, made[rows + 1], w.f32, &v), ESB_OK);
    cr_assert_eq(conf_count(q), rows, "the second chunk, whole");
    cr_assert_eq(conf_count(q), 0, "and then nothing");
    esb_world_check(world);
    free(made);
    esb_world_destroy(world);
}
