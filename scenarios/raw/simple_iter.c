/* The physical limit for simple_iter: the same data and the same pos += vel on plain arrays, no ECS.
 * raw-soa keeps one array per component (what an ideal table or owned group hands out); raw-aos keeps one
 * array of whole-entity records (Transform, Position, Rotation, Velocity side by side). Memory comes from the
 * same hooks as the strategies', placed by the same rule, so bytes per entity and layouts are comparable. */
#include "block.h"
#include "data.h"
#include "kernels.h"
#include "memory.h"
#include "scenario.h"
#include "info.h"

typedef struct soa {
    raw_block block; /* the four arrays */
    transform *transforms;
    vec3 *positions, *rotations, *velocities;
    size_t n;
} soa;

typedef struct record {
    transform transform;
    vec3 position, rotation, velocity;
} record;

typedef struct aos {
    record *records;
    size_t n;
} aos;

static void soa_teardown(void *p) {
    soa *s = p;
    raw_block_free(&s->block);
    esb_mem_free(s, sizeof *s);
}

static void *soa_setup(size_t n, const char **error) {
    soa *s = esb_mem_calloc(sizeof *s, 0);
    if (!s) return *error = "out of memory", NULL;
    s->n = n;
    size_t bytes[] = {n * sizeof(transform), n * sizeof(vec3), n * sizeof(vec3), n * sizeof(vec3)};
    if (!raw_block_alloc(&s->block, 4, bytes)) {
        *error = "out of memory";
        soa_teardown(s);
        return NULL;
    }
    s->transforms = s->block.array[0];
    s->positions = s->block.array[1];
    s->rotations = s->block.array[2];
    s->velocities = s->block.array[3];
    for (size_t i = 0; i < n; ++i) {
        s->transforms[i] = data_transform(i);
        s->positions[i] = data_position(i);
        s->rotations[i] = data_rotation(i);
        s->velocities[i] = data_velocity(i);
    }
    return s;
}

/* The strategies' loop (kernels.h) over one batch of plain arrays. */
static uint64_t soa_run(void *p) {
    soa *s = p;
    esb_batch b = {.count = (uint32_t)s->n};
    b.base[0] = s->positions;
    b.base[1] = s->velocities;
    kernel_move(&b);
    return s->n;
}

static uint64_t soa_checksum(void *p) {
    soa *s = p;
    uint64_t sum = 0;
    for (size_t i = 0; i < s->n; ++i)
        sum += data_entity_hash(i, data_hash_pair(data_hash_vec3(s->positions[i]), data_hash_vec3(s->velocities[i])));
    return sum + data_mix64(s->n);
}

static bool soa_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    soa *s = p;
    for (uint64_t k = 0; k < data_spot_count(s->n, spots); ++k) {
        uint64_t i = data_spot_ordinal(s->n, spots, k);
        if (!data_vec3_same_bits(s->positions[i], data_position_after(i, runs)))
            return *error = "a Position is not what the runs must have made it", false;
    }
    return true;
}

static void aos_teardown(void *p) {
    aos *a = p;
    esb_mem_free(a->records, a->n * sizeof *a->records);
    esb_mem_free(a, sizeof *a);
}

static void *aos_setup(size_t n, const char **error) {
    aos *a = esb_mem_calloc(sizeof *a, 0);
    if (!a) return *error = "out of memory", NULL;
    a->n = n;
    if (!(a->records = esb_mem_alloc(n * sizeof *a->records, 0))) {
        *error = "out of memory";
        aos_teardown(a);
        return NULL;
    }
    for (size_t i = 0; i < n; ++i)
        a->records[i] = (record){data_transform(i), data_position(i), data_rotation(i), data_velocity(i)};
    return a;
}

/* The strategies' loop (kernels.h) over one batch striding through the records. */
static uint64_t aos_run(void *p) {
    aos *a = p;
    esb_batch b = {.count = (uint32_t)a->n};
    b.base[0] = &a->records[0].position;
    b.base[1] = &a->records[0].velocity;
    b.stride[0] = b.stride[1] = sizeof(record);
    kernel_move(&b);
    return a->n;
}

static uint64_t aos_checksum(void *p) {
    aos *a = p;
    uint64_t sum = 0;
    for (size_t i = 0; i < a->n; ++i)
        sum += data_entity_hash(
            i, data_hash_pair(data_hash_vec3(a->records[i].position), data_hash_vec3(a->records[i].velocity)));
    return sum + data_mix64(a->n);
}

static bool aos_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    aos *a = p;
    for (uint64_t k = 0; k < data_spot_count(a->n, spots); ++k) {
        uint64_t i = data_spot_ordinal(a->n, spots, k);
        if (!data_vec3_same_bits(a->records[i].position, data_position_after(i, runs)))
            return *error = "a Position is not what the runs must have made it", false;
    }
    return true;
}

const scenario raw_simple_iter_soa = {
    .info = &scenario_info_simple_iter,
    .label = "raw-soa",
    .setup = soa_setup,
    .run = soa_run,
    .checksum = soa_checksum,
    .verify = soa_verify,
    .teardown = soa_teardown,
};

const scenario raw_simple_iter_aos = {
    .info = &scenario_info_simple_iter,
    .label = "raw-aos",
    .setup = aos_setup,
    .run = aos_run,
    .checksum = aos_checksum,
    .verify = aos_verify,
    .teardown = aos_teardown,
};
