/* destroy: n entities with Position and Velocity (made in bulk, untimed), destroyed one by one in creation
 * order. */
#include "movers.h"
#include "scenario.h"
#include "info.h"

static void *destroy_setup(size_t n, const void *params, const char **error) {
    (void)params;
    return movers_new(n, MOVERS_HANDLES | MOVERS_POPULATE, error);
}

static uint64_t destroy_all(void *p) {
    movers *m = p;
    uint64_t done = 0;
    for (size_t i = 0; i < m->n; ++i) done += esb_destroy(m->world, m->handles[i]) == ESB_OK;
    return done;
}

/* What is left: survivors among the handles and entities the query still finds (both must be none). */
static uint64_t destroy_checksum(void *p) {
    movers *m = p;
    uint64_t survivors = 0;
    for (size_t i = 0; i < m->n; ++i) survivors += esb_alive(m->world, m->handles[i]);
    return data_hash_pair(survivors, m->n) + movers_checksum(m);
}

DEFINE_SCENARIO(destroy, .consumes_state = true, .setup = destroy_setup, .run = destroy_all,
                .checksum = destroy_checksum, .world = movers_world, .teardown = movers_delete);
