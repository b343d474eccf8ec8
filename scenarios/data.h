/* The components the scenarios use, the deterministic values entity i starts with, and the checksum hash.
 * Shared by the contract scenarios and the raw baselines, so both compute bit-identical results. */
#ifndef SCENARIOS_DATA_H
#define SCENARIOS_DATA_H

#include <stdint.h>
#include <math.h>
#include <string.h>

#include "scenario.h" /* SPOT_EVERY_ENTITY */

typedef struct vec3 {
    float x, y, z;
} vec3; /* Position, Velocity, Rotation */

typedef struct transform {
    float m[16];
} transform;

typedef struct scalar {
    float v;
} scalar; /* A, B and the other one-float components, Charge */

typedef struct mass {
    double v;
} mass; /* Mass: beside a one-float Charge, 12 bytes of data whose record its alignment pads to 16 */

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
/* Multiples of 1/4 below 2^18, and of 1/8 from 1/8 to 127.625 (never 0, so a pass that skips an entity shows). */
static inline mass data_mass(uint64_t i) { return (mass){0.25 * (double)(i % 1000003u) + 1.0}; }
static inline scalar data_charge(uint64_t i) { return (scalar){0.125f * (float)(1u + i % 1021u)}; }

/* splitmix64's finaliser: a bijective mix, so distinct inputs stay distinct. */
static inline uint64_t data_mix64(uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    x ^= x >> 31;
    return x;
}

static inline uint32_t data_float_bits(float f) {
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static inline uint64_t data_double_bits(double d) {
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static inline uint64_t data_hash_vec3(vec3 v) {
    return data_mix64(((uint64_t)data_float_bits(v.x) << 32 | data_float_bits(v.y)) ^ data_mix64(data_float_bits(v.z)));
}

static inline uint64_t data_hash_pair(uint64_t a, uint64_t b) {
    return data_mix64(a ^ data_mix64(b + 0x9e3779b97f4a7c15ull));
}

/* Checksums are sums over entities of data_entity_hash(ordinal, hash of its data), the ordinal being the entity's
 * place in creation order: the sum is independent of iteration order, but data handed to the wrong entity
 * (a row mix-up) changes it. */
static inline uint64_t data_entity_hash(uint64_t ordinal, uint64_t content) {
    return data_hash_pair(data_mix64(ordinal), content);
}

/* Entity i's Position after `runs` passes of pos += vel, bit for bit what every pass computes. Over the first
 * 2^20 passes each coordinate stays a multiple of its step (1 for x and z's start, 0.25 for y, 0.5 for z) below
 * the range where a float holds every such multiple (x < 2^24, y < 2^22, z < 2^23), so every addition is exact
 * and the sum has a closed form; later passes are replayed one by one. (Checks run after every sample: a
 * replay of every pass would cost as much as the runs themselves.) */
#define DATA_EXACT_PASSES (1u << 20)
static inline vec3 data_position_after(uint64_t i, uint64_t runs) {
    vec3 p = data_position(i), v = data_velocity(i);
    uint64_t exact = runs < DATA_EXACT_PASSES ? runs : DATA_EXACT_PASSES;
    p.x = (float)((double)p.x + (double)exact * v.x);
    p.y = (float)((double)p.y + (double)exact * v.y);
    p.z = (float)((double)p.z + (double)exact * v.z);
    for (uint64_t r = exact; r < runs; ++r) {
        p.x += v.x;
        p.y += v.y;
        p.z += v.z;
    }
    return p;
}

/* Entity i's Mass after `runs` passes of mass += charge, bit for bit what every pass computes. Every value is a
 * multiple of 1/8 (the charge's step) and, over the first 2^40 passes, below 2^18 + 2^40 * 2^7 < 2^48, where a
 * double holds every such multiple (with 53 bits, every one below 2^50), so every addition is exact and the sum
 * has a closed form, counted in eighths; later passes, more than any measurement makes, are replayed one by one. */
#define DATA_MASS_EXACT_PASSES (1ull << 40)
static inline mass data_mass_after(uint64_t i, uint64_t runs) {
    uint64_t exact = runs < DATA_MASS_EXACT_PASSES ? runs : DATA_MASS_EXACT_PASSES;
    double charge = (double)data_charge(i).v;
    uint64_t eighths = (uint64_t)(data_mass(i).v * 8.0) + exact * (uint64_t)(charge * 8.0);
    mass m = {(double)eighths * 0.125};
    for (uint64_t r = exact; r < runs; ++r) m.v += charge;
    return m;
}

/* v after `runs` doublings, bit for bit what every pass computes: doubling a finite float is exact until it
 * overflows to infinity (or stays zero), which ldexpf gives in one step; infinities stay as they are. */
static inline float data_doubled(float v, uint64_t runs) {
    if (v == 0.0f || v - v != 0.0f) return v;
    return ldexpf(v, runs < 400 ? (int)runs : 400); /* 2^400 overflows every non-zero float */
}

static inline int data_vec3_same_bits(vec3 a, vec3 b) { return memcmp(&a, &b, sizeof a) == 0; }

/* The fold of a run of reads by handle (random_get, wide_get): the i-th read's bits weighted by an odd factor of its
 * place in the order, so a value read for the wrong handle, or in a permuted order, changes the digest (a plain sum
 * would not notice the permutation). One multiply-add per get, off the loads' critical path. */
static inline uint64_t data_read_digest(uint64_t digest, size_t i, float x) {
    return digest + (uint64_t)data_float_bits(x) * (2 * (uint64_t)i + 1);
}

/* Checks of a world's state (a scenario's verify hook) look at every entity, or at a spot sample drawn from a
 * seed that the harness changes with every check. A sample takes one ordinal from each of SPOT_CHECKS equal
 * strata of [0, n), at an offset within the stratum whose low six bits step by an odd amount from stratum to
 * stratum (where strata are a multiple of 64 wide, one sample reaches every residue modulo 64: each lane of a
 * bitmask word) and whose other bits are drawn, so the seeds of a row's checks move it over every slot of a
 * page and every position in a block, where a fixed stride of n/256 would only ever look
 * at multiples of n/256 (lane 0, slot 0, the first entity of a block) and miss a strategy that skips the rest.
 * Loop: for (uint64_t k = 0; k < data_spot_count(n, spots); ++k) { uint64_t i = data_spot_ordinal(n, spots, k); ... } */
#define SPOT_CHECKS 256u

static inline uint64_t data_spot_count(uint64_t n, uint64_t spots) {
    return spots == SPOT_EVERY_ENTITY || n <= SPOT_CHECKS ? n : SPOT_CHECKS;
}

static inline uint64_t data_spot_ordinal(uint64_t n, uint64_t spots, uint64_t k) {
    if (spots == SPOT_EVERY_ENTITY || n <= SPOT_CHECKS) return k;
    uint64_t from = n * k / SPOT_CHECKS, width = n * (k + 1) / SPOT_CHECKS - from;
    /* the low six bits step by an odd amount (every lane once per 64 strata), the others are drawn */
    uint64_t lane = (data_mix64(spots) + k * 0x9e3779b97f4a7c15ull) % 64,
             high = data_mix64(spots ^ data_mix64(k)) / 64 * 64;
    return from + (lane + high) % width;
}

#endif
