/* The arithmetic of game_frame_R (scenarios/game_frame.c) that its raw baseline (scenarios/raw/game_frame.c) shares:
 * which slots a frame stuns and respawns, every slot's values, and the state `runs` frames leave in a slot, written
 * once so that the contract's scenario and the plain arrays agree on them by construction. */
#ifndef SCENARIOS_GAME_FRAME_H
#define SCENARIOS_GAME_FRAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "data.h"

/* What distinguishes game_frame_R from its siblings (the descriptors' params, scenario.h), in both files. */
typedef struct frame_params {
    unsigned rate; /* R, the churn rate in percent */
} frame_params;

/* A world of n slots at churn rate R: each frame moves a window of n * R / 100 slots on. */
typedef struct frame_windows {
    size_t n, window;
} frame_windows;

/* A slot's values come from (slot, generation), its generation counting its respawns. */
static inline uint64_t frame_value_key(uint64_t slot, uint64_t generation) { return data_hash_pair(slot, generation); }
static inline bool frame_has_damage(uint64_t slot) { return slot % 2 == 0; }
static inline scalar frame_health_value(uint64_t key) { return (scalar){data_scalar(key).v + 100.0f}; }
static inline scalar frame_damage_value(uint64_t key) { return (scalar){data_scalar(key * 3 + 1).v * 0.0625f}; }

/* Health after `frames` passes of health -= damage, bit for bit what the passes compute. Health starts as a
 * multiple of 1/8 below 228 and Damage is a multiple of 1/128 below 8, so over the first 2^14 passes Health stays
 * a multiple of 1/128 of magnitude below 2^17, where a float holds every such multiple: each subtraction is
 * exact and the result has a closed form. Later passes are replayed one by one. */
static inline float frame_health_after(uint64_t key, uint64_t frames) {
    float health = frame_health_value(key).v, damage = frame_damage_value(key).v;
    uint64_t exact = frames < (1u << 14) ? frames : (1u << 14);
    health = (float)((double)health - (double)exact * damage);
    for (uint64_t f = exact; f < frames; ++f) health -= damage;
    return health;
}

/* Frame f stuns the window from stun_start and respawns the window from respawn_start, half the world further on
 * (so never a slot stunned in the same frame, for R <= 50). */
static inline size_t frame_stun_start(frame_windows w, uint64_t frame) { return (size_t)(frame * w.window % w.n); }
static inline size_t frame_respawn_start(frame_windows w, uint64_t frame) {
    return (size_t)((frame * w.window + w.n / 2) % w.n);
}
static inline bool frame_in_window(frame_windows w, size_t slot, size_t start) {
    return (slot + w.n - start) % w.n < w.window;
}

/* What `runs` frames leave in a slot whose generation is `generation`: its Position and Health, and whether it is
 * stunned. Replays the slot's frames since its last respawn: stunned exactly in the last frame's window, moved in
 * every frame it was not stunned, damaged in every frame (if it has Damage). */
typedef struct frame_slot_state {
    vec3 position;
    scalar health;
    bool stunned;
} frame_slot_state;

static inline frame_slot_state frame_expected(frame_windows w, size_t slot, uint64_t generation, uint64_t runs) {
    uint64_t born = 0; /* the frame whose respawn made the slot's current entity, 0 if the first */
    for (uint64_t f = runs; w.window && f-- > 0;)
        if (frame_in_window(w, slot, frame_respawn_start(w, f))) {
            born = f;
            break;
        }
    uint64_t key = frame_value_key(slot, generation), moves = runs - born;
    for (uint64_t f = born; w.window && f < runs; ++f) moves -= frame_in_window(w, slot, frame_stun_start(w, f));
    frame_slot_state out = {
        .position = data_position_after(key, moves),
        .health = {frame_has_damage(slot) ? frame_health_after(key, runs - born) : frame_health_value(key).v},
        .stunned = w.window && runs > 0 && frame_in_window(w, slot, frame_stun_start(w, runs - 1)),
    };
    return out;
}

/* A slot's checksum term from what it holds: whether it is stunned, and each of its components it has (NULL where
 * it has none), tied to its (slot, generation) key. */
static inline uint64_t frame_slot_hash(uint64_t slot, uint64_t generation, bool stunned, const vec3 *position,
                                       const vec3 *velocity, const scalar *health, const scalar *damage) {
    uint64_t h = stunned;
    if (position) h = data_hash_pair(h, data_hash_vec3(*position));
    if (velocity) h = data_hash_pair(h + 1, data_hash_vec3(*velocity));
    if (health) h = data_hash_pair(h + 2, data_float_bits(health->v));
    if (damage) h = data_hash_pair(h + 3, data_float_bits(damage->v));
    return data_entity_hash(frame_value_key(slot, generation), h);
}

#endif
