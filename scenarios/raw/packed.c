/* The floor for the one-float scenarios (scenarios/packed.c, scenarios/frag_iter.c): one packed array per
 * component, in creation order, and a pass of kernel_double over each array the scenario doubles.
 * packed_5: the five arrays A..E, each doubled once per run.
 * frag_iter: Data, doubled once per run, and the value of each entity's kind L(i mod 26), which the run never
 *   touches but the world holds and the checksum covers; which kind an entity has follows from its ordinal. */
#include "block.h"
#include "data.h"
#include "kernels.h"
#include "memory.h"
#include "scenario.h"
#include "info.h"

/* The arrays a scenario holds (its descriptor's params): the first `doubled` of them are doubled by a run, the
 * rest keep their values. */
typedef struct layout {
    unsigned count, doubled;
    float (*value)(uint64_t i, unsigned k); /* entity i's starting value in array k, as the scenario defines it */
} layout;

/* packed.c's values of A..E. */
static float packed_value(uint64_t i, unsigned k) { return data_scalar(i * 5 + k).v; }

/* frag_iter.c's values: Data (array 0) and the entity's kind (array 1). */
static float frag_value(uint64_t i, unsigned k) { return data_scalar(k ? i * 7 + 3 : i).v; }

static const layout packed_5 = {5, 5, packed_value};
static const layout frag_iter = {2, 1, frag_value};

typedef struct floats {
    raw_block block; /* array k: component k of every entity */
    const layout *layout;
    size_t n;
} floats;

static float *array(const floats *f, unsigned k) { return f->block.array[k]; }

static void floats_teardown(void *p) { raw_context_free(p, sizeof(floats)); }

static void *floats_setup(size_t n, const void *params, const char **error) {
    const layout *l = params;
    size_t bytes[RAW_BLOCK_ARRAYS];
    for (unsigned k = 0; k < l->count; ++k) bytes[k] = n * sizeof(float);
    floats *f = raw_context_new(sizeof *f, l->count, bytes, error);
    if (!f) return NULL;
    f->n = n;
    f->layout = l;
    for (unsigned k = 0; k < l->count; ++k)
        for (size_t i = 0; i < n; ++i) array(f, k)[i] = l->value(i, k);
    return f;
}

/* The strategies' loop (kernels.h) over each doubled array, one batch each, as their one query per component
 * hands it out. */
static uint64_t floats_run(void *p) {
    floats *f = p;
    for (unsigned k = 0; k < f->layout->doubled; ++k) {
        esb_batch b = {.count = (uint32_t)f->n, .field_count = 1};
        b.base[0] = array(f, k);
        kernel_double(&b);
    }
    return f->n;
}

/* packed.c's checksum: every entity's ordinal with each component's index and value. */
static uint64_t packed_checksum(void *p) {
    floats *f = p;
    uint64_t sum = 0;
    for (size_t i = 0; i < f->n; ++i)
        for (unsigned k = 0; k < f->layout->count; ++k)
            sum += data_entity_hash(i, data_hash_pair(k, data_float_bits(array(f, k)[i])));
    return sum;
}

/* frag_iter.c's checksum: every entity's ordinal with its kind's value and its Data. */
static uint64_t frag_checksum(void *p) {
    floats *f = p;
    uint64_t sum = 0;
    for (size_t i = 0; i < f->n; ++i)
        sum += data_entity_hash(i, data_hash_pair(data_float_bits(array(f, 1)[i]), data_float_bits(array(f, 0)[i])));
    return sum;
}

/* Entity i's values: every doubled one doubled once per run, every other one as it started. */
static bool values_right(const floats *f, size_t i, uint64_t runs) {
    const layout *l = f->layout;
    for (unsigned k = 0; k < l->count; ++k)
        if (data_float_bits(array(f, k)[i]) != data_float_bits(data_doubled(l->value(i, k), k < l->doubled ? runs : 0)))
            return false;
    return true;
}

/* The originals' spot checks, and the last entity, the end of the range a run walks. */
static bool floats_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    floats *f = p;
    bool right = values_right(f, f->n - 1, runs);
    for (uint64_t k = 0; right && k < data_spot_count(f->n, spots); ++k)
        right = values_right(f, data_spot_ordinal(f->n, spots, k), runs);
    return right ? true : (*error = "a value is not what the runs must have made it", false);
}

DEFINE_RAW_BASELINE(packed_5, packed_5, "raw-soa", .params = &packed_5, .setup = floats_setup, .run = floats_run,
                    .checksum = packed_checksum, .verify = floats_verify, .teardown = floats_teardown);
DEFINE_RAW_BASELINE(frag_iter, frag_iter, "raw-soa", .params = &frag_iter, .setup = floats_setup, .run = floats_run,
                    .checksum = frag_checksum, .verify = floats_verify, .teardown = floats_teardown);
