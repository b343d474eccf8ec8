/* new_sets: a steady world of n entities with Position and Velocity, and the frames of one run
 * (scenario_info.frames) each running `pos += vel` through a cached query. Now and then (frames.h: the last frame
 * of every NEW_SETS_EVERY) n / NEW_SETS_SHARE entities gain a one-float marker component of their own, Me for
 * event e, and so move into a component set that did not exist until that frame: a new table, chunk list, pool or
 * group, and a cached query meeting a new match. Every other frame is the same pass over the same entities, so the
 * event frames stand out by what a new set costs. A run uses its world up (each marker is new once); its unit is
 * one entity of the world, over the run's frames.
 * new_sets_q0, _q1, _q10, _q100: the same run (measured whole, not frame by frame) while 0, 1, 10 or 100 more
 * cached queries over Position and Velocity exist, never iterated (ecs.h, scn_live_queries: about half match the
 * new sets), so a design that matches every query against each new set (tables, chunks) pays per query there,
 * where the cached filters and groups of add_remove_q* pay per change. */
#include <stdlib.h>

#include "ecs.h"
#include "frames.h"
#include "kernels.h"
#include "scenario.h"
#include "info.h"

typedef struct sets_ctx {
    scn_ctx base; /* handles[i]: ordinal i's entity; query: movement */
    esb_component position, velocity, markers[NEW_SETS_MARKERS];
    uint64_t frame, frames; /* frames run so far, of a run's */
    bool failed;            /* an operation failed or a pass saw other entities than it must */
    scn_live live;          /* new_sets_q*: the cached queries that exist and are never iterated */
} sets_ctx;

/* What distinguishes the family's scenarios. */
typedef struct sets_params {
    const scenario_info *counted; /* a query-count scenario's own descriptor: its live_queries cached queries over
                                     Position and Velocity exist, never iterated; NULL for none */
} sets_params;

static void *sets_setup(size_t n, const void *params, const char **error) {
    const sets_params *p = params;
    sets_ctx *c = scn_ctx_new(sizeof *c, n, error);
    if (!c) return NULL;
    c->frames = scenario_info_new_sets.frames;
    if (c->frames != (uint64_t)NEW_SETS_EVERY * NEW_SETS_MARKERS) {
        scn_ctx_delete(c);
        return *error = "the catalogue's frames are not one event per marker", NULL;
    }
    esb_status s = esb_world_create(&c->base.world);
    if (s == ESB_OK && (s = scn_register(c->base.world, "Position", sizeof(vec3), _Alignof(vec3), ESB_STORAGE_DENSE,
                                         &c->position)) == ESB_OK)
        s = scn_register(c->base.world, "Velocity", sizeof(vec3), _Alignof(vec3), ESB_STORAGE_DENSE, &c->velocity);
    static const char *const names[NEW_SETS_MARKERS] = {"M0", "M1", "M2",  "M3",  "M4",  "M5",  "M6",  "M7",
                                                        "M8", "M9", "M10", "M11", "M12", "M13", "M14", "M15"};
    if (s == ESB_OK) s = scn_register_scalars(c->base.world, names, NEW_SETS_MARKERS, ESB_STORAGE_DENSE, c->markers);
    if (s == ESB_OK) {
        esb_component ids[] = {c->position, c->velocity};
        const size_t sizes[] = {sizeof(vec3), sizeof(vec3)};
        const scn_value_fn values[] = {scn_position, scn_velocity};
        s = scn_bulk(c->base.world, n, ids, sizes, values, 2, c->base.handles);
    }
    if (s == ESB_OK) s = scn_query_update(c->base.world, c->position, c->velocity, NULL, true, &c->base.query);
    esb_component moved[] = {c->position, c->velocity};
    if (s == ESB_OK && p->counted)
        s = scn_live_queries(c->base.world, moved, 2, c->position, p->counted->live_queries, &c->live);
    return scn_setup_end(c, s, scn_ctx_delete, error);
}

/* The next frame: its event, if it is one, then the movement pass. Returns the frame's share of the n units
 * (frames.h), 0 once anything failed. */
static uint64_t sets_frame(void *p) {
    sets_ctx *c = p;
    size_t n = c->base.n;
    uint64_t f = c->frame++;
    if (new_sets_is_event(f)) {
        uint64_t e = f / NEW_SETS_EVERY, from = frames_first(e, n, NEW_SETS_MARKERS);
        for (uint64_t i = from; i < from + n / NEW_SETS_SHARE; ++i) {
            scalar value = new_sets_value(i);
            c->failed |= esb_add(c->base.world, c->base.handles[i], c->markers[e], &value) != ESB_OK;
        }
    }
    c->failed |= scn_pass(c->base.query, kernel_move) != n;
    return c->failed ? 0 : frames_first(f + 1, n, c->frames) - frames_first(f, n, c->frames);
}

static uint64_t sets_run(void *p) {
    sets_ctx *c = p;
    uint64_t units = 0;
    for (uint64_t f = 0; f < c->frames; ++f) units += sets_frame(c);
    return c->failed ? 0 : units;
}

/* The marker entity i holds (NEW_SETS_MARKERS: none) and its value, by asking for each. */
static uint64_t held_marker(const sets_ctx *c, size_t i, scalar *value) {
    uint64_t held = NEW_SETS_MARKERS;
    for (uint64_t e = 0; e < NEW_SETS_MARKERS; ++e) {
        void *v;
        if (esb_get(c->base.world, c->base.handles[i], c->markers[e], &v) != ESB_OK) continue;
        if (held != NEW_SETS_MARKERS) return NEW_SETS_MARKERS + 1; /* two markers: no such entity */
        held = e;
        *value = *(scalar *)v;
    }
    return held;
}

static uint64_t sets_checksum(void *p) {
    sets_ctx *c = p;
    uint64_t sum = 0;
    for (size_t i = 0; i < c->base.n; ++i) {
        void *pos, *vel;
        scalar value = {0};
        uint64_t marker = held_marker(c, i, &value);
        if (esb_get(c->base.world, c->base.handles[i], c->position, &pos) == ESB_OK &&
            esb_get(c->base.world, c->base.handles[i], c->velocity, &vel) == ESB_OK)
            sum += frames_entity_hash(i, *(vec3 *)pos, *(vec3 *)vel, marker, value);
    }
    return sum + data_mix64(scn_count_matches(c->base.query));
}

/* Every entity moved in every frame; one moved by an event that has happened holds its marker and no other. */
static bool sets_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    sets_ctx *c = p;
    size_t n = c->base.n;
    if (c->failed) return *error = "an operation of a frame failed, or a pass saw other entities", false;
    if (c->frame != runs * c->frames) return *error = "the world has not run the frames of its runs", false;
    for (uint64_t k = 0; k < data_spot_count(n, spots); ++k) {
        uint64_t i = data_spot_ordinal(n, spots, k);
        uint64_t marker = new_sets_moved(i, n) ? new_sets_event_of(i, n) : NEW_SETS_MARKERS;
        scalar value = {0};
        void *pos;
        if (esb_get(c->base.world, c->base.handles[i], c->position, &pos) != ESB_OK ||
            !data_vec3_same_bits(*(vec3 *)pos, data_position_after(i, c->frame)))
            return *error = "an entity's Position is not what its frames must have made it", false;
        if (held_marker(c, i, &value) != marker)
            return *error = "an entity holds another marker than its event gave it, or none", false;
        if (marker < NEW_SETS_MARKERS && data_float_bits(value.v) != data_float_bits(new_sets_value(i).v))
            return *error = "an entity's marker does not hold the value it was given", false;
    }
    if (spots == SPOT_EVERY_ENTITY && !scn_live_hold(&c->live, n))
        return *error = "a live query does not see every entity it matches", false;
    return true;
}

DEFINE_SCENARIO(new_sets, .consumes_state = true, .params = &(const sets_params){.counted = NULL}, .setup = sets_setup,
                .run = sets_run, .frame = sets_frame, .checksum = sets_checksum, .verify = sets_verify,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = scn_ctx_delete);
DEFINE_SCENARIO(new_sets_q0, .consumes_state = true, .params = &(const sets_params){.counted = NULL},
                .setup = sets_setup, .run = sets_run, .checksum = sets_checksum, .verify = sets_verify,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = scn_ctx_delete);
DEFINE_SCENARIO(new_sets_q1, .consumes_state = true,
                .params = &(const sets_params){.counted = &scenario_info_new_sets_q1}, .setup = sets_setup,
                .run = sets_run, .checksum = sets_checksum, .verify = sets_verify, .query_kind = scn_ctx_kind,
                .world = scn_ctx_world, .teardown = scn_ctx_delete);
DEFINE_SCENARIO(new_sets_q10, .consumes_state = true,
                .params = &(const sets_params){.counted = &scenario_info_new_sets_q10}, .setup = sets_setup,
                .run = sets_run, .checksum = sets_checksum, .verify = sets_verify, .query_kind = scn_ctx_kind,
                .world = scn_ctx_world, .teardown = scn_ctx_delete);
DEFINE_SCENARIO(new_sets_q100, .consumes_state = true,
                .params = &(const sets_params){.counted = &scenario_info_new_sets_q100}, .setup = sets_setup,
                .run = sets_run, .checksum = sets_checksum, .verify = sets_verify, .query_kind = scn_ctx_kind,
                .world = scn_ctx_world, .teardown = scn_ctx_delete);
