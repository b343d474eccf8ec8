/* simple_iter: n entities with Transform, Position, Rotation and Velocity; one pass of pos += vel through a
 * query over Position (written) and Velocity (read), created with the cached hint since it runs every frame. */
#include <stdlib.h>

#include "movers.h"
#include "scenario.h"

static void simple_iter_teardown(void *p) {
    movers_free(p);
    free(p);
}

static void *simple_iter_setup(size_t n, const char **error) {
    movers *m = calloc(1, sizeof *m);
    if (!m) return *error = "out of memory", NULL;
    esb_status s = movers_init(m, n, true, false);
    if (s == ESB_OK) s = movers_populate(m, true);
    if (s == ESB_OK) s = movers_query(m, true);
    if (s != ESB_OK) {
        *error = esb_status_name(s);
        simple_iter_teardown(m);
        return NULL;
    }
    return m;
}

static uint64_t simple_iter_run(void *p) {
    movers *m = p;
    esb_iter it;
    uint64_t seen = 0;
    if (esb_iter_begin(m->query, &it) != ESB_OK) return 0;
    while (esb_iter_next(&it)) {
        ESB_EACH(&it.batch, i, {
            vec3 *pos = &ESB_FIELD(0, vec3, i);
            const vec3 *vel = &ESB_FIELD(1, vec3, i);
            pos->x += vel->x;
            pos->y += vel->y;
            pos->z += vel->z;
        });
        seen += it.batch.count;
    }
    return seen;
}

static uint64_t simple_iter_checksum(void *p) {
    uint64_t count;
    uint64_t sum = movers_checksum(p, &count);
    return sum + mix64(count);
}

static const char *simple_iter_kind(void *p) { return esb_query_kind(((movers *)p)->query); }

const scenario scenario_simple_iter = {
    .name = "simple_iter",
    .unit = "entity",
    .setup = simple_iter_setup,
    .run = simple_iter_run,
    .checksum = simple_iter_checksum,
    .query_kind = simple_iter_kind,
    .teardown = simple_iter_teardown,
};
