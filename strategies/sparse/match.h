/* Finding a query's matches among the driving pool's entities, three ways:
 *  - runs (run.c): a stretch of the driving pool whose entities every other included pool holds in the same
 *    order, side by side, so that the batch is plain slices of every pool (the best view's fast path);
 *  - a view (chunk-view/match_view.c), entity by entity: each pool asked in turn, stopping at the first that
 *    rejects it;
 *  - pool-by-pool filtering (chunk-filter/match_filter.c): the chunk's list narrowed one pool at a time.
 * The last two write the matches' driving positions to drive_rows and each non-driving field's positions to
 * its index array (field_rows + k * SP_VIEW_CHUNK), and return the match count; when every candidate matched,
 * drive_rows may be left unwritten, since the caller then hands the driving pool out as slices. The variant's
 * chunk set (sparse.h) picks one, its view set whether runs are looked for (below). */
#ifndef SPARSE_MATCH_H
#define SPARSE_MATCH_H

#include "sparse.h"

/* One pool a chunk looks entities up in, copied to the stack so the loops keep it in registers (stores
 * to the uint32_t index arrays could otherwise alias the pool's fields and force reloads). */
typedef struct sp_pool_view {
    esb_entity_word *const *pages;
    uint32_t page_count;
    uint32_t *rows; /* where the positions go (a field), or NULL (a with or without term) */
} sp_pool_view;

/* Whether the entity (idx, version) is in the viewed pool; *pos receives its packed position. (esb_sparse_find
 * through the copy; a missing page returns before any store.) */
static inline bool sp_view_find(const sp_pool_view *l, uint32_t idx, uint32_t version, uint32_t *pos) {
    uint32_t page = idx >> ESB_SPARSE_PAGE_BITS;
    if (page >= l->page_count || !l->pages[page]) return false;
    esb_entity_word slot = l->pages[page][idx & (ESB_SPARSE_PAGE - 1)];
    *pos = esb_word_low(slot);
    return esb_slot_holds(slot, version);
}

/* One membership test of a candidate: the pool, and whether a match is in it (an included component) or not
 * (an excluded one). */
typedef struct sp_test {
    sp_pool_view pool;
    bool included;
} sp_test;

/* The tests a driving entity must pass (every pool of the query but the driver's), in the order they are
 * asked: with SP_ORDERED_TESTS the one most likely to reject a candidate first, estimated from the pools' sizes
 * against the alive entities (an included pool rejects the entities it lacks, an excluded one those it holds);
 * else the query's own order, included then excluded, as EnTT's view asks them. Returns how many
 * (match_tests.c). */
uint32_t sp_tests(const esb_query *q, esb_component driver, uint32_t *field_rows, sp_test *tests);

/* A view set (the variant's view_loop.h: view-best/, or view-entt/ in sparse-view) defines SP_RUNS (whether views
 * look for runs), SP_ORDERED_TESTS (whether sp_tests orders the tests) and the inline loop a view's chunk runs,
 * sp_view_loop(tests, ntests, dense, start, end, drive_rows). */

/* The matches among driving positions [start, end), as above: defined by the variant's chunk set, a view
 * (chunk-view/match_view.c) or pool-by-pool filtering (chunk-filter/match_filter.c). */
uint32_t sp_chunk(const esb_query *q, esb_component driver, uint32_t start, uint32_t end, uint32_t *drive_rows,
                  uint32_t *field_rows);

/* Handles compared per step of a run (512 bytes), and the most a run batch holds: a batch's handles, compared
 * just before, are still in cache when the caller reads them. */
#define SP_RUN_BLOCK 64u
#define SP_RUN_MAX ESB_BATCH_ROWS

/* The run at driving position start: how many of the driving pool's entities from start on every other
 * included pool holds in the same order at consecutive positions (first[t] receives where the first one is
 * in include[t]'s pool), none of them in an excluded pool, up to SP_RUN_MAX. Compared whole when nothing is
 * excluded, else (and after a mismatch) SP_RUN_BLOCK handles at a time; 0 unless the run is at least a block
 * long or reaches the end of the driving pool. */
uint32_t sp_run(const esb_query *q, esb_component driver, uint32_t start, uint32_t *first);

/* Where the entity-by-entity chunk that starts at driving position start ends (when no run starts there). */
static inline uint32_t sp_chunk_end(const esb_sparse_set *drive, uint32_t start) {
    return drive->count - start < SP_VIEW_CHUNK ? drive->count : start + SP_VIEW_CHUNK;
}

/* Whether the query's run memo still holds: none of its pools has changed since it was begun. */
bool sp_memo_holds(const esb_query *q);

/* A pass of a cached view begins: the memo is emptied unless its pools and driving pool are those it was
 * recorded for. */
void sp_memo_begin(esb_query *q, esb_component driver);

/* sp_run, for the pass that has made *cursor run lookups so far: a cached view's memo answers where it holds
 * the entry, else sp_run does and the answer is recorded if it extends the memo's chain. */
uint32_t sp_run_at(esb_query *q, esb_component driver, uint32_t start, uint64_t *cursor, uint32_t *first);

void sp_memo_free(esb_query *q);

/* A walk of q's matches outside any pass (view.c, for the query-wide calls, matching.c): `it` is set up as
 * esb_iter_begin would set it, driven by the same pool, but the registry does not hold it (no lock) and it uses no run
 * memo, which q->remembers_runs must deny while it walks (the memo records passes, and its growth may fail, which a
 * pass may do without but such a walk could not report). */
void sp_matches_begin(esb_query *q, esb_iter *it);

/* The walk's next batch of q's matches, as esb_iter_next finds them, but none of its bookkeeping: no change recorded,
 * no end. */
bool sp_matches_next(esb_iter *it);

#endif
