/* The world of the wide family (scenarios/wide_iter.c, scenarios/wide_changes.c): n entities with W components
 * C0 .. C(W-1) of S bytes each, a struct of S/4 floats, registered in that order. The family's grid of (S, W)
 * points measures what an entity's width does to each design: the bytes a pass loads beside the two components it
 * uses, the bytes a move copies, the bytes between two entities a lookup reaches. Every float of every component
 * starts at a value of its own (wide_value), so data handed to the wrong entity or component shows. */
#ifndef SCENARIOS_WIDE_H
#define SCENARIOS_WIDE_H

#include "ecs.h"

/* The widest point of the grid. */
#define WIDE_MAX_WIDTH 32u

/* The components at each size of the grid, S/4 floats each. A component of 64 bytes or more is aligned to 16, as a
 * game's SIMD vectors are, so a design that aligns its columns to a component's alignment starts each on a vector
 * boundary; a 4-byte one is a lone float. */
typedef struct wide4 {
    float f[1];
} wide4;
typedef struct wide64 {
    _Alignas(16) float f[16];
} wide64;
typedef struct wide256 {
    _Alignas(16) float f[64];
} wide256;
typedef struct wide1024 {
    _Alignas(16) float f[256];
} wide1024;

/* What distinguishes one point of the grid: S, the bytes of each component (4, 64, 256 or 1024), and W, how many
 * every entity carries (2 .. WIDE_MAX_WIDTH). Every scenario of the family reads it from its params. */
typedef struct wide_params {
    uint32_t size;
    uint32_t width;
} wide_params;

/* The start of every wide scenario's context: the scn_ctx (its handles in creation order), the W components and
 * the point it was built for. */
typedef struct wide_world {
    scn_ctx base;
    esb_component comps[WIDE_MAX_WIDTH];
    uint32_t size, width;
} wide_world;

/* Float j of component k of entity i as it is created: a multiple of 1/4 from 1/4 to 2 (never 0, so a component
 * left zero-filled shows), the top three bits of a Weyl sequence whose start, the component's key, is a
 * multiplicative hash of (i, k), so that no two components or entities hold the same floats where they have more
 * than a few. Small enough that wide_iter's passes stay exact (wide_after); cheap enough, one multiply per
 * component and no branch per float, that a consuming scenario's setup and checks (every run's) stay short beside
 * its run. */
static inline uint32_t wide_key(uint64_t i, uint32_t k) {
    return (uint32_t)((i * 0x9e3779b97f4a7c15ull + k * 0xc2b2ae3d27d4eb4full) >> 32);
}
static inline float wide_float(uint32_t key, uint32_t j) {
    return 0.25f * (float)(1u + ((key + j * 0x2545f491u) >> 29));
}
static inline float wide_value(uint64_t i, uint32_t k, uint32_t j) { return wide_float(wide_key(i, k), j); }

/* Float j of an entity's last component after `runs` passes of wide_iter's `dst += src * 0.5`, src being the
 * component before it, given the two components' keys (wide_key): bit for bit what every pass computes. Every value
 * is a multiple of 1/8 below 2 + 2^20 < 2^21 over the first DATA_EXACT_PASSES passes, where a float holds every such
 * multiple, so every addition is exact and the sum has a closed form; later passes are replayed one by one. */
static inline float wide_after(uint32_t dst_key, uint32_t src_key, uint32_t j, uint64_t runs) {
    float dst = wide_float(dst_key, j), half = wide_float(src_key, j) * 0.5f;
    uint64_t exact = runs < DATA_EXACT_PASSES ? runs : DATA_EXACT_PASSES;
    float v = (float)((double)dst + (double)exact * (double)half);
    for (uint64_t r = exact; r < runs; ++r) v += half;
    return v;
}

/* A context of ctx_size bytes (zero-filled) beginning with a wide_world for n entities at point p, its world made
 * and its W components registered, without entities; NULL with *error set on failure. Its teardown is
 * scn_ctx_delete, after the arrays of its own. */
void *wide_new(size_t ctx_size, size_t n, const wide_params *p, const char **error);

/* The values of n entities' W components as they are created, ready for esb_create_bulk: values[k] points at the n
 * values of component k, all in one block. */
typedef struct wide_values {
    void *block;
    const void *values[WIDE_MAX_WIDTH];
} wide_values;

/* Fills out for w's n entities; false when out of memory. wide_values_free frees the block (none is fine). */
bool wide_values_make(const wide_world *w, wide_values *out);
void wide_values_free(wide_values *v);

/* Creates w's n entities with their W components through the bulk path, the handles into base.handles. */
esb_status wide_create_all(wide_world *w, const wide_values *v);

/* Prepares the values, creates the n entities with them and frees the values again (a setup's untimed world). */
esb_status wide_populate(wide_world *w);

/* The fold of one component's value: its floats' bits, each weighted by an odd factor of its place. */
uint64_t wide_digest(const void *value, uint32_t size);

/* Every entity's ordinal with the components it holds (each one's digest, weighted by the component): independent
 * of the order entities or components are stored in, changed by any float handed to the wrong entity or
 * component. */
uint64_t wide_checksum(const wide_world *w);

/* Whether component k of entity i (by ordinal) holds every float it was created with. */
bool wide_holds_own(const wide_world *w, uint64_t i, uint32_t k);

/* Whether the entities `spots` names (data.h) and the last one hold every component as they were created, but
 * component `except` (WIDE_EVERY: none left out). */
#define WIDE_EVERY UINT32_MAX
bool wide_spots_hold_own(const wide_world *w, uint64_t spots, uint32_t except);

#endif
