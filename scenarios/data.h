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

/* Checksums are sums of per-entity hashes: order-independent, so every strategy's iteration order agrees. */
static inline uint64_t hash_pair(uint64_t a, uint64_t b) { return mix64(a ^ mix64(b + 0x9e3779b97f4a7c15ull)); }

#endif
