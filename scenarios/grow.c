/* grow: a world growing from empty to n entities over the frames of one run (scenario_info.frames). Frame f spawns
 * the ordinals frames.h gives it, with Position and Velocity, in one bulk call (their values computed at setup,
 * untimed), then `pos += vel` runs through the cached query created on the empty world. So every design's growth
 * policy shows in the frame it strikes: a table or column doubling and copying, a sparse set's new page, a
 * bitset's new level, the query's cache meeting its first table. A run uses its world up (a new one grows each
 * run); its unit is one entity grown, its frames' passes included. */
#include <stdlib.h>

#include "ecs.h"
#include "frames.h"
#include "kernels.h"
#include "scenario.h"
#include "scratch.h"
#include "info.h"

typedef struct grow_ctx {
    scn_ctx base; /* handles[i]: ordinal i's entity once spawned; query: movement */
    esb_component position, velocity;
    vec3 *positions, *velocities; /* every ordinal's starting values */
    uint64_t frame, frames;       /* frames run so far, of a run's */
    bool failed;                  /* an operation failed or a pass saw other entities than it must */
} grow_ctx;

static void grow_teardown(void *p) {
    grow_ctx *c = p;
    free(c->positions);
    free(c->velocities);
    scn_ctx_delete(c);
}

static void *grow_setup(size_t n, const void *params, const char **error) {
    (void)params;
    grow_ctx *c = scn_ctx_new(sizeof *c, n, error);
    if (!c) return NULL;
    c->frames = scenario_info_grow.frames;
    c->positions = scratch_alloc(n, sizeof *c->positions);
    c->velocities = scratch_alloc(n, sizeof *c->velocities);
    esb_status s = ESB_ERR_NOMEM;
    if (c->positions && c->velocities) {
        for (size_t i = 0; i < n; ++i) {
            c->positions[i] = data_position(i);
            c->velocities[i] = data_velocity(i);
        }
        if ((s = esb_world_create(&c->base.world)) == ESB_OK &&
            (s = scn_register(c->base.world, "Position", sizeof(vec3), _Alignof(vec3), ESB_STORAGE_DENSE,
                              &c->position)) == ESB_OK &&
            (s = scn_register(c->base.world, "Velocity", sizeof(vec3), _Alignof(vec3), ESB_STORAGE_DENSE,
                              &c->velocity)) == ESB_OK)
            s = scn_query_update(c->base.world, c->position, c->velocity, NULL, true, &c->base.query);
    }
    return scn_setup_end(c, s, grow_teardown, error);
}

/* The next frame: its spawns, then the movement pass over everything spawned so far. Returns the entities it
 * spawned, 0 once anything failed. */
static uint64_t grow_frame(void *p) {
    grow_ctx *c = p;
    size_t n = c->base.n, from = (size_t)frames_first(c->frame, n, c->frames),
           to = (size_t)frames_first(c->frame + 1, n, c->frames);
    c->frame++;
    if (to > from) {
        esb_component ids[] = {c->position, c->velocity};
        const void *values[] = {c->positions + from, c->velocities + from};
        c->failed |= esb_create_bulk(c->base.world, to - from, ids, 2, values, c->base.handles + from) != ESB_OK;
    }
    c->failed |= scn_pass(c->base.query, kernel_move) != to;
    return c->failed ? 0 : to - from;
}

static uint64_t grow_run(void *p) {
    grow_ctx *c = p;
    uint64_t units = 0;
    for (uint64_t f = 0; f < c->frames; ++f) units += grow_frame(c);
    return c->failed ? 0 : units;
}

static uint64_t grow_checksum(void *p) {
    grow_ctx *c = p;
    size_t spawned = (size_t)frames_first(c->frame, c->base.n, c->frames);
    uint64_t sum = 0;
    for (size_t i = 0; i < spawned; ++i) {
        void *pos, *vel;
        if (esb_get(c->base.world, c->base.handles[i], c->position, &pos) == ESB_OK &&
            esb_get(c->base.world, c->base.handles[i], c->velocity, &vel) == ESB_OK)
            sum += frames_entity_hash(i, *(vec3 *)pos, *(vec3 *)vel, NEW_SETS_MARKERS, (scalar){0});
    }
    return sum + data_mix64(scn_count_matches(c->base.query));
}

/* Ordinal i was spawned in the frame that holds it and moved by that frame's pass and every later one. */
static bool grow_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    grow_ctx *c = p;
    size_t n = c->base.n;
    if (c->failed) return *error = "an operation of a frame failed, or a pass saw other entities", false;
    if (c->frame != runs * c->frames) return *error = "the world has not run the frames of its runs", false;
    for (uint64_t k = 0; k < data_spot_count(n, spots); ++k) {
        uint64_t i = data_spot_ordinal(n, spots, k), moves = c->frames - frames_holding(i, n, c->frames);
        void *pos, *vel;
        if (esb_get(c->base.world, c->base.handles[i], c->position, &pos) != ESB_OK ||
            !data_vec3_same_bits(*(vec3 *)pos, data_position_after(i, moves)))
            return *error = "an entity's Position is not what its frames must have made it", false;
        if (esb_get(c->base.world, c->base.handles[i], c->velocity, &vel) != ESB_OK ||
            !data_vec3_same_bits(*(vec3 *)vel, data_velocity(i)))
            return *error = "an entity's Velocity is not the one it was spawned with", false;
    }
    return true;
}

DEFINE_SCENARIO(grow, .consumes_state = true, .setup = grow_setup, .run = grow_run, .frame = grow_frame,
                .checksum = grow_checksum, .verify = grow_verify, .query_kind = scn_ctx_kind, .world = scn_ctx_world,
                .teardown = grow_teardown);
