/* The physical limit for simple_iter: the same data and the same pos += vel on plain arrays, no ECS; and for
 * whole_iter, the same arrays and its pass over all four components (kernel_move_whole), with the same result.
 * raw-soa keeps one array per component (what an ideal table or owned group hands out); raw-aos keeps one
 * array of whole-entity records (Transform, Position, Rotation, Velocity side by side, 100 bytes, no padding). Memory comes from the
 * same hooks as the strategies', placed by the same rule, so bytes per entity and layouts are comparable. */
#include "block.h"
#include "data.h"
#include "kernels.h"
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
    raw_block block; /* the one array of records */
    record *records;
    size_t n;
} aos;

/* Entity i's element of an array of vec3 that starts at base and steps stride bytes per entity: a plain array
 * (raw-soa) or one field of the records (raw-aos), so that both layouts share one checksum and one check. */
static const vec3 *nth(const void *base, size_t stride, size_t i) {
    return (const vec3 *)((const char *)base + i * stride);
}

/* movers.c's checksum: every entity's ordinal with its Position and Velocity, plus how many the query finds. */
static uint64_t moved_checksum(const void *positions, const void *velocities, size_t stride, size_t n) {
    uint64_t sum = 0;
    for (size_t i = 0; i < n; ++i)
        sum += data_entity_hash(
            i, data_hash_pair(data_hash_vec3(*nth(positions, stride, i)), data_hash_vec3(*nth(velocities, stride, i))));
    return sum + data_mix64(n);
}

static bool moved_verify(const void *positions, size_t stride, size_t n, uint64_t runs, uint64_t spots,
                         const char **error) {
    for (uint64_t k = 0; k < data_spot_count(n, spots); ++k) {
        uint64_t i = data_spot_ordinal(n, spots, k);
        if (!data_vec3_same_bits(*nth(positions, stride, i), data_position_after(i, runs)))
            return *error = "a Position is not what the runs must have made it", false;
    }
    return true;
}

static void soa_teardown(void *p) { raw_context_free(p, sizeof(soa)); }

static void *soa_setup(size_t n, const void *params, const char **error) {
    (void)params;
    size_t bytes[] = {n * sizeof(transform), n * sizeof(vec3), n * sizeof(vec3), n * sizeof(vec3)};
    soa *s = raw_context_new(sizeof *s, 4, bytes, error);
    if (!s) return NULL;
    s->n = n;
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
    esb_batch b = {.count = (uint32_t)s->n, .field_count = 2};
    b.base[0] = s->positions;
    b.base[1] = s->velocities;
    kernel_move(&b);
    return s->n;
}

static uint64_t soa_whole_run(void *p) {
    soa *s = p;
    esb_batch b = {.count = (uint32_t)s->n, .field_count = 4};
    b.base[0] = s->positions;
    b.base[1] = s->velocities;
    b.base[2] = s->rotations;
    b.base[3] = s->transforms;
    kernel_move_whole(&b);
    return s->n;
}

static uint64_t soa_checksum(void *p) {
    soa *s = p;
    return moved_checksum(s->positions, s->velocities, sizeof(vec3), s->n);
}

static bool soa_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    soa *s = p;
    return moved_verify(s->positions, sizeof(vec3), s->n, runs, spots, error);
}

static void aos_teardown(void *p) { raw_context_free(p, sizeof(aos)); }

static void *aos_setup(size_t n, const void *params, const char **error) {
    (void)params;
    size_t bytes[] = {n * sizeof(record)};
    aos *a = raw_context_new(sizeof *a, 1, bytes, error);
    if (!a) return NULL;
    a->n = n;
    a->records = a->block.array[0];
    for (size_t i = 0; i < n; ++i)
        a->records[i] = (record){data_transform(i), data_position(i), data_rotation(i), data_velocity(i)};
    return a;
}

/* The strategies' loop (kernels.h) over one batch striding through the records. */
static uint64_t aos_run(void *p) {
    aos *a = p;
    esb_batch b = {.count = (uint32_t)a->n, .field_count = 2};
    b.base[0] = &a->records[0].position;
    b.base[1] = &a->records[0].velocity;
    b.stride[0] = b.stride[1] = sizeof(record);
    kernel_move(&b);
    return a->n;
}

static uint64_t aos_whole_run(void *p) {
    aos *a = p;
    esb_batch b = {.count = (uint32_t)a->n, .field_count = 4};
    b.base[0] = &a->records[0].position;
    b.base[1] = &a->records[0].velocity;
    b.base[2] = &a->records[0].rotation;
    b.base[3] = &a->records[0].transform;
    b.stride[0] = b.stride[1] = b.stride[2] = b.stride[3] = sizeof(record);
    kernel_move_whole(&b);
    return a->n;
}

static uint64_t aos_checksum(void *p) {
    aos *a = p;
    return moved_checksum(&a->records[0].position, &a->records[0].velocity, sizeof(record), a->n);
}

static bool aos_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    aos *a = p;
    return moved_verify(&a->records[0].position, sizeof(record), a->n, runs, spots, error);
}

DEFINE_RAW_BASELINE(simple_iter_soa, simple_iter, "raw-soa", .setup = soa_setup, .run = soa_run,
                    .checksum = soa_checksum, .verify = soa_verify, .teardown = soa_teardown);
DEFINE_RAW_BASELINE(simple_iter_aos, simple_iter, "raw-aos", .setup = aos_setup, .run = aos_run,
                    .checksum = aos_checksum, .verify = aos_verify, .teardown = aos_teardown);
DEFINE_RAW_BASELINE(whole_iter_soa, whole_iter, "raw-soa", .setup = soa_setup, .run = soa_whole_run,
                    .checksum = soa_checksum, .verify = soa_verify, .teardown = soa_teardown);
DEFINE_RAW_BASELINE(whole_iter_aos, whole_iter, "raw-aos", .setup = aos_setup, .run = aos_whole_run,
                    .checksum = aos_checksum, .verify = aos_verify, .teardown = aos_teardown);
