/* game_frame_R on plain arrays: a slot's components in one array each, allocated at full size up front, the
 * transient tag a byte per slot. A frame moves the tag's window, respawns its own window in place (new values, the
 * slot's generation counted), then runs the two systems: movement over the slots outside the tag's window (at most
 * two contiguous ranges) and damage over the even slots (a strided batch). No frame allocates or finds anything:
 * the floor of the frame family, and the noise floor of game_frame_10's frames. The arithmetic is the scenario's
 * own (scenarios/game_frame.h). */
#include <stdlib.h>

#include "block.h"
#include "game_frame.h"
#include "kernels.h"
#include "scenario.h"
#include "scratch.h"
#include "info.h"

typedef struct raw_frame {
    raw_block block; /* positions, velocities, healths, damages, stunned */
    vec3 *positions, *velocities;
    scalar *healths, *damages; /* damages: only the even slots' are used */
    uint8_t *stunned;
    uint32_t *generation; /* scratch */
    frame_windows w;
    uint64_t frame;
} raw_frame;

static void frame_teardown(void *p) {
    raw_frame *r = p;
    free(r->generation);
    raw_context_free(r, sizeof *r);
}

static void spawn(raw_frame *r, size_t slot) {
    uint64_t key = frame_value_key(slot, r->generation[slot]);
    r->positions[slot] = data_position(key);
    r->velocities[slot] = data_velocity(key);
    r->healths[slot] = frame_health_value(key);
    r->damages[slot] = frame_damage_value(key);
}

static void *frame_setup(size_t n, const void *params, const char **error) {
    const frame_params *p = params;
    size_t bytes[] = {n * sizeof(vec3), n * sizeof(vec3), n * sizeof(scalar), n * sizeof(scalar), n};
    raw_frame *r = raw_context_new(sizeof *r, 5, bytes, error);
    if (!r) return NULL;
    r->positions = r->block.array[0];
    r->velocities = r->block.array[1];
    r->healths = r->block.array[2];
    r->damages = r->block.array[3];
    r->stunned = r->block.array[4];
    r->w = (frame_windows){n, n * p->rate / 100};
    if (!(r->generation = scratch_calloc(n, sizeof *r->generation))) {
        frame_teardown(r);
        return *error = "out of memory", NULL;
    }
    for (size_t s = 0; s < n; ++s) {
        spawn(r, s);
        r->stunned[s] = 0;
    }
    return r;
}

/* pos += vel over the slots [from, to). */
static void move_range(raw_frame *r, size_t from, size_t to) {
    if (to <= from) return;
    esb_batch b = {.count = (uint32_t)(to - from), .field_count = 2};
    b.base[0] = r->positions + from;
    b.base[1] = r->velocities + from;
    kernel_move(&b);
}

static uint64_t frame_run(void *p) {
    raw_frame *r = p;
    size_t n = r->w.n, k = r->w.window;
    if (r->frame > 0)
        for (size_t i = 0, at = frame_stun_start(r->w, r->frame - 1); i < k; ++i) r->stunned[(at + i) % n] = 0;
    size_t stun = frame_stun_start(r->w, r->frame);
    for (size_t i = 0; i < k; ++i) r->stunned[(stun + i) % n] = 1;
    for (size_t i = 0, at = frame_respawn_start(r->w, r->frame); i < k; ++i) {
        size_t slot = (at + i) % n;
        r->generation[slot]++;
        spawn(r, slot);
    }
    r->frame++;
    /* movement outside the stunned window [stun, stun + k), which may wrap */
    if (k == 0)
        move_range(r, 0, n);
    else if (stun + k <= n) {
        move_range(r, 0, stun);
        move_range(r, stun + k, n);
    } else
        move_range(r, stun + k - n, stun);
    esb_batch b = {.count = (uint32_t)((n + 1) / 2), .field_count = 2};
    b.base[0] = r->healths;
    b.base[1] = r->damages;
    b.stride[0] = b.stride[1] = 2 * sizeof(scalar);
    kernel_damage(&b);
    return n;
}

static uint64_t frame_checksum(void *p) {
    raw_frame *r = p;
    uint64_t sum = 0, stunned = 0;
    for (size_t s = 0; s < r->w.n; ++s) {
        stunned += r->stunned[s];
        sum += frame_slot_hash(s, r->generation[s], r->stunned[s], &r->positions[s], &r->velocities[s], &r->healths[s],
                               frame_has_damage(s) ? &r->damages[s] : NULL);
    }
    return sum + data_hash_pair(r->w.n - stunned, (r->w.n + 1) / 2);
}

static bool frame_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    raw_frame *r = p;
    for (uint64_t k = 0; k < data_spot_count(r->w.n, spots); ++k) {
        size_t s = (size_t)data_spot_ordinal(r->w.n, spots, k);
        frame_slot_state expected = frame_expected(r->w, s, r->generation[s], runs);
        if (r->stunned[s] != expected.stunned)
            return *error = "a slot is stunned outside its frame's window, or not within it", false;
        if (!data_vec3_same_bits(r->positions[s], expected.position))
            return *error = "a Position is not what its frames must have made it", false;
        if (data_float_bits(r->healths[s].v) != data_float_bits(expected.health.v))
            return *error = "a Health is not what its frames must have made it", false;
    }
    return true;
}

DEFINE_RAW_BASELINE(game_frame_0, game_frame_0, "raw-soa", .params = &(const frame_params){.rate = 0},
                    .setup = frame_setup, .run = frame_run, .checksum = frame_checksum, .verify = frame_verify,
                    .teardown = frame_teardown);
DEFINE_RAW_BASELINE(game_frame_1, game_frame_1, "raw-soa", .params = &(const frame_params){.rate = 1},
                    .setup = frame_setup, .run = frame_run, .checksum = frame_checksum, .verify = frame_verify,
                    .teardown = frame_teardown);
DEFINE_RAW_BASELINE(game_frame_10, game_frame_10, "raw-soa", .params = &(const frame_params){.rate = 10},
                    .setup = frame_setup, .run = frame_run, .checksum = frame_checksum, .verify = frame_verify,
                    .teardown = frame_teardown);
DEFINE_RAW_BASELINE(game_frame_50, game_frame_50, "raw-soa", .params = &(const frame_params){.rate = 50},
                    .setup = frame_setup, .run = frame_run, .checksum = frame_checksum, .verify = frame_verify,
                    .teardown = frame_teardown);
