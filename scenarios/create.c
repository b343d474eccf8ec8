/* create: n entities with Position and Velocity, one create and two adds each.
 * create_bulk: the same through the strategy's bulk path. Value arrays are prepared before the clock starts.
 * create_warm: create's work in a world that already held n such entities and destroyed them all, so every
 * index is recycled and the storage has its full size from the start. They were destroyed in creation order,
 * so a design that recycles the last freed index first hands them out in reverse: that order is its own. */
#include <stdlib.h>

#include "movers.h"
#include "scenario.h"
#include "scratch.h"
#include "info.h"

typedef struct create_ctx {
    movers *m;
    vec3 *positions, *velocities;
} create_ctx;

static void create_teardown(void *p) {
    create_ctx *c = p;
    if (c->m) movers_delete(c->m);
    free(c->positions);
    free(c->velocities);
    free(c);
}

static void *create_setup(size_t n, const void *params, const char **error) {
    (void)params;
    create_ctx *c = scratch_calloc(1, sizeof *c);
    if (!c) return *error = "out of memory", NULL;
    c->m = movers_new(n, MOVERS_HANDLES, error);
    c->positions = scratch_alloc(n, sizeof *c->positions);
    c->velocities = scratch_alloc(n, sizeof *c->velocities);
    if (!c->m || !c->positions || !c->velocities) {
        if (c->m) *error = "out of memory";
        create_teardown(c);
        return NULL;
    }
    for (size_t i = 0; i < n; ++i) {
        c->positions[i] = data_position(i);
        c->velocities[i] = data_velocity(i);
    }
    return c;
}

static void *create_warm_setup(size_t n, const void *params, const char **error) {
    create_ctx *c = create_setup(n, params, error);
    if (!c) return NULL;
    movers *m = c->m;
    esb_component ids[] = {m->position, m->velocity};
    const void *values[] = {c->positions, c->velocities};
    esb_status s = esb_create_bulk(m->world, n, ids, 2, values, m->handles);
    for (size_t i = 0; s == ESB_OK && i < n; ++i) s = esb_destroy(m->world, m->handles[i]);
    return scn_setup_end(c, s, create_teardown, error);
}

static uint64_t create_one_by_one(void *p) {
    create_ctx *c = p;
    movers *m = c->m;
    uint64_t done = 0;
    for (size_t i = 0; i < m->n; ++i) {
        esb_entity *e = &m->handles[i];
        done += esb_create(m->world, e) == ESB_OK && esb_add(m->world, *e, m->position, &c->positions[i]) == ESB_OK &&
                esb_add(m->world, *e, m->velocity, &c->velocities[i]) == ESB_OK;
    }
    return done;
}

static uint64_t create_in_bulk(void *p) {
    create_ctx *c = p;
    movers *m = c->m;
    esb_component ids[] = {m->position, m->velocity};
    const void *values[] = {c->positions, c->velocities};
    return esb_create_bulk(m->world, m->n, ids, 2, values, m->handles) == ESB_OK ? m->n : 0;
}

static esb_world *create_world(void *p) { return ((create_ctx *)p)->m->world; }

static uint64_t create_checksum(void *p) { return movers_checksum(((create_ctx *)p)->m); }

/* Their runs use the world up: every run needs a new setup. */
DEFINE_SCENARIO(create, .consumes_state = true, .setup = create_setup, .run = create_one_by_one,
                .checksum = create_checksum, .world = create_world, .teardown = create_teardown);
DEFINE_SCENARIO(create_bulk, .consumes_state = true, .setup = create_setup, .run = create_in_bulk,
                .checksum = create_checksum, .world = create_world, .teardown = create_teardown);
DEFINE_SCENARIO(create_warm, .consumes_state = true, .setup = create_warm_setup, .run = create_one_by_one,
                .checksum = create_checksum, .world = create_world, .teardown = create_teardown);
