/* The framed scenarios (scenarios/frames.h) on plain arrays allocated at their full size up front: frames that
 * never allocate, grow or meet a new set, whose frame-to-frame spread is the machine's alone. They are the noise
 * floor of the frame statistics: grow's frames cost more as the world grows and no frame more than that;
 * new_sets' events write a few markers into arrays that exist already. */
#include <stdlib.h>
#include <string.h>

#include "block.h"
#include "frames.h"
#include "kernels.h"
#include "scenario.h"
#include "scratch.h"
#include "info.h"

typedef struct raw_frames {
    raw_block block; /* positions, velocities; new_sets also markers and their values */
    vec3 *positions, *velocities;
    uint8_t *markers; /* new_sets: the marker each entity holds, NEW_SETS_MARKERS for none */
    scalar *values;
    vec3 *spawn_positions, *spawn_velocities; /* grow: every ordinal's starting values (scratch) */
    size_t n;
    uint64_t frame, frames;
} raw_frames;

static void frames_teardown(void *p) {
    raw_frames *r = p;
    free(r->spawn_positions);
    free(r->spawn_velocities);
    raw_context_free(r, sizeof *r);
}

static uint64_t pass(raw_frames *r, size_t count) {
    esb_batch b = {.count = (uint32_t)count, .field_count = 2};
    b.base[0] = r->positions;
    b.base[1] = r->velocities;
    if (count) kernel_move(&b);
    return count;
}

static uint64_t frames_run(void *p, uint64_t (*frame)(void *)) {
    raw_frames *r = p;
    uint64_t units = 0;
    for (uint64_t f = 0; f < r->frames; ++f) units += frame(r);
    return units;
}

static uint64_t frames_checksum(void *p) {
    raw_frames *r = p;
    size_t live = r->markers ? r->n : (size_t)frames_first(r->frame, r->n, r->frames);
    uint64_t sum = 0;
    for (size_t i = 0; i < live; ++i)
        sum += frames_entity_hash(i, r->positions[i], r->velocities[i], r->markers ? r->markers[i] : NEW_SETS_MARKERS,
                                  r->values ? r->values[i] : (scalar){0});
    return sum + data_mix64(live);
}

/* grow */

static void *grow_setup(size_t n, const void *params, const char **error) {
    (void)params;
    size_t bytes[] = {n * sizeof(vec3), n * sizeof(vec3)};
    raw_frames *r = raw_context_new(sizeof *r, 2, bytes, error);
    if (!r) return NULL;
    r->n = n;
    r->frames = scenario_info_grow.frames;
    r->positions = r->block.array[0];
    r->velocities = r->block.array[1];
    r->spawn_positions = scratch_alloc(n, sizeof(vec3));
    r->spawn_velocities = scratch_alloc(n, sizeof(vec3));
    if (!r->spawn_positions || !r->spawn_velocities) {
        frames_teardown(r);
        return *error = "out of memory", NULL;
    }
    for (size_t i = 0; i < n; ++i) {
        r->spawn_positions[i] = data_position(i);
        r->spawn_velocities[i] = data_velocity(i);
    }
    return r;
}

static uint64_t grow_frame(void *p) {
    raw_frames *r = p;
    size_t from = (size_t)frames_first(r->frame, r->n, r->frames),
           to = (size_t)frames_first(r->frame + 1, r->n, r->frames);
    r->frame++;
    memcpy(r->positions + from, r->spawn_positions + from, (to - from) * sizeof(vec3));
    memcpy(r->velocities + from, r->spawn_velocities + from, (to - from) * sizeof(vec3));
    pass(r, to);
    return to - from;
}

static uint64_t grow_run(void *p) { return frames_run(p, grow_frame); }

static bool grow_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    raw_frames *r = p;
    if (r->frame != runs * r->frames) return *error = "the arrays have not run the frames of their runs", false;
    for (uint64_t k = 0; k < data_spot_count(r->n, spots); ++k) {
        uint64_t i = data_spot_ordinal(r->n, spots, k), moves = r->frames - frames_holding(i, r->n, r->frames);
        if (!data_vec3_same_bits(r->positions[i], data_position_after(i, moves)))
            return *error = "a Position is not what its frames must have made it", false;
    }
    return true;
}

/* new_sets */

static void *sets_setup(size_t n, const void *params, const char **error) {
    (void)params;
    size_t bytes[] = {n * sizeof(vec3), n * sizeof(vec3), n * sizeof(uint8_t), n * sizeof(scalar)};
    raw_frames *r = raw_context_new(sizeof *r, 4, bytes, error);
    if (!r) return NULL;
    r->n = n;
    r->frames = scenario_info_new_sets.frames;
    r->positions = r->block.array[0];
    r->velocities = r->block.array[1];
    r->markers = r->block.array[2];
    r->values = r->block.array[3];
    for (size_t i = 0; i < n; ++i) {
        r->positions[i] = data_position(i);
        r->velocities[i] = data_velocity(i);
        r->markers[i] = NEW_SETS_MARKERS;
        r->values[i] = (scalar){0};
    }
    return r;
}

static uint64_t sets_frame(void *p) {
    raw_frames *r = p;
    uint64_t f = r->frame++;
    if (new_sets_is_event(f)) {
        uint64_t e = f / NEW_SETS_EVERY, from = frames_first(e, r->n, NEW_SETS_MARKERS);
        for (uint64_t i = from; i < from + r->n / NEW_SETS_SHARE; ++i) {
            r->markers[i] = (uint8_t)e;
            r->values[i] = new_sets_value(i);
        }
    }
    pass(r, r->n);
    return frames_first(f + 1, r->n, r->frames) - frames_first(f, r->n, r->frames);
}

static uint64_t sets_run(void *p) { return frames_run(p, sets_frame); }

static bool sets_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    raw_frames *r = p;
    if (r->frame != runs * r->frames) return *error = "the arrays have not run the frames of their runs", false;
    for (uint64_t k = 0; k < data_spot_count(r->n, spots); ++k) {
        uint64_t i = data_spot_ordinal(r->n, spots, k);
        uint64_t marker = new_sets_moved(i, r->n) ? new_sets_event_of(i, r->n) : NEW_SETS_MARKERS;
        if (!data_vec3_same_bits(r->positions[i], data_position_after(i, r->frame)))
            return *error = "a Position is not what its frames must have made it", false;
        if (r->markers[i] != marker) return *error = "an entity holds another marker than its event gave it", false;
    }
    return true;
}

DEFINE_RAW_BASELINE(grow, grow, "raw-soa", .consumes_state = true, .setup = grow_setup, .run = grow_run,
                    .frame = grow_frame, .checksum = frames_checksum, .verify = grow_verify,
                    .teardown = frames_teardown);
DEFINE_RAW_BASELINE(new_sets, new_sets, "raw-soa", .consumes_state = true, .setup = sets_setup, .run = sets_run,
                    .frame = sets_frame, .checksum = frames_checksum, .verify = sets_verify,
                    .teardown = frames_teardown);
