/* The components the scenarios use, the deterministic values entity i starts with, and the checksum hash.
 * Shared by the contract scenarios and the raw baselines, so both compute bit-identical results. */
#ifndef SCENARIOS_DATA_H
#define SCENARIOS_DATA_H

#include <stdint.h>
#include <string.h>

typedef struct vec3 {
    float x, y, z;
} vec3; /* Position, Velocity, Rotation */

typedef struct transform {
    float m[16];
} transform;

typedef struct scalar {
    float v;
} scalar; /* A, B and the other one-float components */

static inline vec3 data_position(uint64_t i) {
    return (vec3){(float)(i % 1000003u), 0.5f * (float)(i % 4099u), -(float)(i % 65537u)};
}
static inline vec3 data_velocity(uint64_t i) { return (vec3){1.0f + (float)(i % 7u), 0.25f * (float)(i % 13u), -0.5f}; }
static inline vec3 data_rotation(uint64_t i) { return (vec3){0.0f, (float)(i % 360u), 0.0f}; }
static inline transform data_transform(uint64_t i) {
    transform t;
    for (int k = 0; k < 16; ++k) t.m[k] = (k % 5 == 0) ? 1.0f : (float)((i + (uint64_t)k) % 3u);
    return t;
}
static inline scalar data_scalar(uint64_t i) { return (scalar){(float)(i % 1021u) * 0.125f}; }

/* splitmix64's finaliser: a bijective mix, so distinct inputs stay distinct. */
static inline uint64_t mix64(uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    x ^= x >> 31;
    return x;
}

static inline uint32_t float_bits(float f) {
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static inline uint64_t hash_vec3(vec3 v) {
    return mix64(((uint64_t)float_bits(v.x) << 32 | float_bits(v.y)) ^ mix64(float_bits(v.z)));
}

static inline uint64_t hash_pair(uint64_t a, uint64_t b) { return mix64(a ^ mix64(b + 0x9e3779b97f4a7c15ull)); }

/* Checksums are sums over entities of entity_hash(ordinal, hash of its data), the ordinal being the entity's
 * place in creation order: the sum is independent of iteration order, but data handed to the wrong entity
 * (a row mix-up) changes it. */
static inline uint64_t entity_hash(uint64_t ordinal, uint64_t content) { return hash_pair(mix64(ordinal), content); }

/* Entity i's Position after `runs` passes of pos += vel, computed the way every pass does it. */
static inline vec3 data_position_after(uint64_t i, uint64_t runs) {
    vec3 p = data_position(i), v = data_velocity(i);
    for (uint64_t r = 0; r < runs; ++r) {
        p.x += v.x;
        p.y += v.y;
        p.z += v.z;
    }
    return p;
}

/* v after `runs` doublings, computed the way every pass does it (once infinite or zero it stays so). */
static inline float data_doubled(float v, uint64_t runs) {
    for (uint64_t r = 0; r < runs && v != 0.0f && v - v == 0.0f; ++r) v *= 2.0f;
    return v;
}

static inline int vec3_same_bits(vec3 a, vec3 b) { return memcmp(&a, &b, sizeof a) == 0; }

/* The step between ordinals to spot-check after many runs: about 256 of them, spread over [0, n) from 0 (callers
 * that must see the last one check it as well). */
static inline uint64_t spot_check_step(uint64_t n) { return n > 256 ? n / 256 : 1; }

#endif
