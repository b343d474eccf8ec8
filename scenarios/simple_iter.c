/* simple_iter: n entities with Transform, Position, Rotation and Velocity; one pass of pos += vel through a
 * query over Position (written) and Velocity (read), created with the cached hint since it runs every frame. */
#include "kernels.h"
#include "movers.h"
#include "scenario.h"
#include "info.h"

static void *simple_iter_setup(size_t n, const char **error) {
    return movers_new(n, MOVERS_EXTRAS | MOVERS_HANDLES | MOVERS_POPULATE | MOVERS_CACHED_QUERY, error);
}

static uint64_t simple_iter_run(void *p) {
    movers *m = p;
    return scn_pass(m->query, kernel_move) == m->n ? m->n : 0;
}

static const char *simple_iter_kind(void *p) { return esb_query_kind(((movers *)p)->query); }

DEFINE_SCENARIO(simple_iter, .setup = simple_iter_setup, .run = simple_iter_run, .checksum = movers_checksum,
                .verify = movers_verify_moved, .query_kind = simple_iter_kind, .world = movers_world,
                .teardown = movers_delete);
