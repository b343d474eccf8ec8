/* The arithmetic the framed scenarios (catalogue.h: FRAMED) share with their raw baselines: which frame spawns or
 * changes which entity, and the checksum term of an entity, written once so that the contract's scenario and the
 * plain arrays agree on them by construction. */
#ifndef SCENARIOS_FRAMES_H
#define SCENARIOS_FRAMES_H

#include <stdbool.h>
#include <stdint.h>

#include "data.h"

/* A run of n entities over `frames` frames gives frame f the ordinals [frames_first(f), frames_first(f + 1)):
 * every frame as many as the others, give or take one, and the last ends at n. */
static inline uint64_t frames_first(uint64_t f, uint64_t n, uint64_t frames) { return f * n / frames; }

/* The frame whose share holds ordinal i (i < n): the largest f with frames_first(f) <= i, that is with
 * f * n < (i + 1) * frames. */
static inline uint64_t frames_holding(uint64_t i, uint64_t n, uint64_t frames) {
    return ((i + 1) * frames + n - 1) / n - 1;
}

/* new_sets: every NEW_SETS_EVERY-th frame (the last of each stretch) is event e = f / NEW_SETS_EVERY, in which
 * the ordinals [NEW_SETS_FROM(e), + n / NEW_SETS_SHARE) gain the marker component Me, a set of their own. */
#define NEW_SETS_EVERY 16u
#define NEW_SETS_MARKERS 16u /* 256 frames / 16 */
#define NEW_SETS_SHARE 64u

static inline bool new_sets_is_event(uint64_t f) { return f % NEW_SETS_EVERY == NEW_SETS_EVERY - 1; }

/* The event whose stretch of ordinals holds i, and whether i is among those that event moves. */
static inline uint64_t new_sets_event_of(uint64_t i, uint64_t n) { return frames_holding(i, n, NEW_SETS_MARKERS); }
static inline bool new_sets_moved(uint64_t i, uint64_t n) {
    return i - frames_first(new_sets_event_of(i, n), n, NEW_SETS_MARKERS) < n / NEW_SETS_SHARE;
}

/* The marker's value an entity gains. */
static inline scalar new_sets_value(uint64_t i) { return data_scalar(i * 5 + 3); }

/* An entity's checksum term: its Position and Velocity, and which marker it holds (NEW_SETS_MARKERS: none) with
 * its value (ignored without one). */
static inline uint64_t frames_entity_hash(uint64_t i, vec3 position, vec3 velocity, uint64_t marker, scalar value) {
    uint64_t h = data_hash_pair(data_hash_vec3(position), data_hash_vec3(velocity));
    if (marker < NEW_SETS_MARKERS) h = data_hash_pair(h + marker, data_float_bits(value.v));
    return data_entity_hash(i, h);
}

#endif
