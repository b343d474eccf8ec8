/* simple_iter: n entities with Transform, Position, Rotation and Velocity; one pass of pos += vel through a
 * query over Position (written) and Velocity (read), created with the cached hint since it runs every frame.
 * simple_iter_tracked: the same while a query with a change term on Position exists, so every pass's writes of
 * Position are changes the world tracks.
 * whole_iter: the same world; one pass of a cached query over all four components that reads every one of them
 * whole (kernel_move_whole), with the same result as simple_iter's pass: the workload a table of whole-entity
 * records (AoS) suits best, since every byte of the record it loads is used.
 * adhoc_iter: the same world without a cached query; each run makes the pass's query on the spot (no cached
 * hint), passes through it once and destroys it, as a script, a tool or a rarely run system does.
 * query_create: that query's creation and destruction alone, per entity of the world (the figure times n is one
 * query's cost: a design pays per table, pool or set it finds, not per entity). */
#include "kernels.h"
#include "movers.h"
#include "scenario.h"
#include "info.h"

static void *simple_iter_setup(size_t n, const void *params, const char **error) {
    (void)params;
    return movers_new(n, MOVERS_EXTRAS | MOVERS_HANDLES | MOVERS_POPULATE | MOVERS_CACHED_QUERY, error);
}

static void *simple_iter_tracked_setup(size_t n, const void *params, const char **error) {
    movers *m = simple_iter_setup(n, params, error);
    esb_status s = m ? scn_watch(m->world, &m->position, 1, m->position) : ESB_OK;
    return m ? scn_setup_end(m, s, movers_delete, error) : NULL;
}

static uint64_t simple_iter_run(void *p) {
    movers *m = p;
    return scn_pass(m->query, kernel_move) == m->n ? m->n : 0;
}

static void *whole_iter_setup(size_t n, const void *params, const char **error) {
    (void)params;
    return movers_new(n, MOVERS_EXTRAS | MOVERS_HANDLES | MOVERS_POPULATE | MOVERS_CACHED_QUERY | MOVERS_WHOLE_QUERY,
                      error);
}

static uint64_t whole_iter_run(void *p) {
    movers *m = p;
    return scn_pass(m->query, kernel_move_whole) == m->n ? m->n : 0;
}

static const char *simple_iter_kind(void *p) { return esb_query_kind(((movers *)p)->query); }

static void *adhoc_setup(size_t n, const void *params, const char **error) {
    (void)params;
    return movers_new(n, MOVERS_EXTRAS | MOVERS_HANDLES | MOVERS_POPULATE, error);
}

static uint64_t adhoc_iter_run(void *p) { return movers_adhoc_pass(p); }

static uint64_t query_create_run(void *p) { return movers_adhoc_query(p); }

/* Nothing moves in query_create: every entity keeps the position it was created with. */
static bool query_create_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    (void)runs;
    return movers_verify_moved(p, 0, spots, error);
}

DEFINE_SCENARIO(simple_iter, .setup = simple_iter_setup, .run = simple_iter_run, .checksum = movers_checksum,
                .verify = movers_verify_moved, .query_kind = simple_iter_kind, .world = movers_world,
                .teardown = movers_delete);
DEFINE_SCENARIO(simple_iter_tracked, .setup = simple_iter_tracked_setup, .run = simple_iter_run,
                .checksum = movers_checksum, .verify = movers_verify_moved, .query_kind = simple_iter_kind,
                .world = movers_world, .teardown = movers_delete);
DEFINE_SCENARIO(whole_iter, .setup = whole_iter_setup, .run = whole_iter_run, .checksum = movers_checksum,
                .verify = movers_verify_moved, .query_kind = simple_iter_kind, .world = movers_world,
                .teardown = movers_delete);
DEFINE_SCENARIO(adhoc_iter, .setup = adhoc_setup, .run = adhoc_iter_run, .checksum = movers_checksum,
                .verify = movers_verify_moved, .query_kind = movers_adhoc_kind, .world = movers_world,
                .teardown = movers_delete);
DEFINE_SCENARIO(query_create, .setup = adhoc_setup, .run = query_create_run, .checksum = movers_checksum,
                .verify = query_create_verify, .query_kind = movers_adhoc_kind, .world = movers_world,
                .teardown = movers_delete);
