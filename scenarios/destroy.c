/* destroy: n entities with Position and Velocity (made in bulk, untimed), destroyed one by one in creation
 * order. */
#include <stdlib.h>

#include "movers.h"
#include "scenario.h"

static void destroy_teardown(void *p) {
    movers_free(p);
    free(p);
}

static void *destroy_setup(size_t n, const char **error) {
    movers *m = calloc(1, sizeof *m);
    if (!m) return *error = "out of memory", NULL;
    esb_status s = movers_init(m, n, false, true);
    if (s == ESB_OK) s = movers_populate(m, false);
    if (s != ESB_OK) {
        *error = esb_status_name(s);
        destroy_teardown(m);
        return NULL;
    }
    return m;
}

static uint64_t destroy_all(void *p) {
    movers *m = p;
    uint64_t done = 0;
    for (size_t i = 0; i < m->n; ++i) done += esb_destroy(m->world, m->handles[i]) == ESB_OK;
    return done;
}

/* What is left: survivors among the handles, and entities the query still finds (both must be 0). */
static uint64_t destroy_checksum(void *p) {
    movers *m = p;
    uint64_t survivors = 0, count;
    for (size_t i = 0; i < m->n; ++i) survivors += esb_alive(m->world, m->handles[i]);
    uint64_t sum = movers_checksum(m, &count);
    return hash_pair(survivors, count) + sum + mix64(m->n);
}

const scenario scenario_destroy = {
    .name = "destroy",
    .unit = "entity",
    .consumes_state = true,
    .setup = destroy_setup,
    .run = destroy_all,
    .checksum = destroy_checksum,
    .teardown = destroy_teardown,
};
