/* The physical limit for padded_iter: the same Mass and Charge and the same mass += charge on plain arrays, no
 * ECS. raw-soa keeps one array per component (8 + 4 bytes per entity); raw-aos one array of records, which
 * Mass's alignment pads to 16 bytes. Memory comes from the same hooks as the strategies', placed by the same rule. */
#include "block.h"
#include "data.h"
#include "kernels.h"
#include "scenario.h"
#include "info.h"

typedef struct soa {
    raw_block block; /* the two arrays */
    mass *masses;
    scalar *charges;
    size_t n;
} soa;

typedef struct record {
    mass mass;
    scalar charge;
} record;

/* The padding the scenario is about: the record is rounded up to its alignment, a double's. */
_Static_assert(sizeof(record) == 2 * sizeof(double), "a Mass and Charge record pads to twice a double");

typedef struct aos {
    raw_block block; /* the one array of records */
    record *records;
    size_t n;
} aos;

/* Entity i's Mass and Charge in arrays that step stride bytes per entity: plain arrays (raw-soa, each with its
 * own stride) or fields of the records (raw-aos), so both layouts share one checksum and one check. */
typedef struct view {
    const char *masses, *charges;
    size_t mass_stride, charge_stride, n;
} view;

static double mass_at(view v, size_t i) { return ((const mass *)(v.masses + i * v.mass_stride))->v; }
static float charge_at(view v, size_t i) { return ((const scalar *)(v.charges + i * v.charge_stride))->v; }

/* padded_iter.c's checksum: every entity's ordinal with its Mass and Charge, plus how many the query finds. */
static uint64_t view_checksum(view v) {
    uint64_t sum = 0;
    for (size_t i = 0; i < v.n; ++i)
        sum += data_entity_hash(
            i, data_hash_pair(data_mix64(data_double_bits(mass_at(v, i))), data_float_bits(charge_at(v, i))));
    return sum + data_mix64(v.n);
}

static bool right(view v, size_t i, uint64_t runs) {
    return data_double_bits(mass_at(v, i)) == data_double_bits(data_mass_after(i, runs).v) &&
           data_float_bits(charge_at(v, i)) == data_float_bits(data_charge(i).v);
}

/* The originals' spot checks, and the last entity, the end of the range a run walks. */
static bool view_verify(view v, uint64_t runs, uint64_t spots, const char **error) {
    bool ok = right(v, v.n - 1, runs);
    for (uint64_t k = 0; ok && k < data_spot_count(v.n, spots); ++k)
        ok = right(v, data_spot_ordinal(v.n, spots, k), runs);
    return ok ? true : (*error = "a Mass or Charge is not what the runs must have made it", false);
}

static view soa_view(const soa *s) {
    return (view){(const char *)s->masses, (const char *)s->charges, sizeof(mass), sizeof(scalar), s->n};
}

static view aos_view(const aos *a) {
    return (view){(const char *)&a->records[0].mass, (const char *)&a->records[0].charge, sizeof(record),
                  sizeof(record), a->n};
}

static void soa_teardown(void *p) { raw_context_free(p, sizeof(soa)); }

static void *soa_setup(size_t n, const void *params, const char **error) {
    (void)params;
    size_t bytes[] = {n * sizeof(mass), n * sizeof(scalar)};
    soa *s = raw_context_new(sizeof *s, 2, bytes, error);
    if (!s) return NULL;
    s->n = n;
    s->masses = s->block.array[0];
    s->charges = s->block.array[1];
    for (size_t i = 0; i < n; ++i) {
        s->masses[i] = data_mass(i);
        s->charges[i] = data_charge(i);
    }
    return s;
}

/* The strategies' loop (kernels.h) over one batch of plain arrays. */
static uint64_t soa_run(void *p) {
    soa *s = p;
    esb_batch b = {.count = (uint32_t)s->n, .field_count = 2};
    b.base[0] = s->masses;
    b.base[1] = s->charges;
    kernel_charge(&b);
    return s->n;
}

static uint64_t soa_checksum(void *p) { return view_checksum(soa_view(p)); }

static bool soa_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    return view_verify(soa_view(p), runs, spots, error);
}

static void aos_teardown(void *p) { raw_context_free(p, sizeof(aos)); }

static void *aos_setup(size_t n, const void *params, const char **error) {
    (void)params;
    size_t bytes[] = {n * sizeof(record)};
    aos *a = raw_context_new(sizeof *a, 1, bytes, error);
    if (!a) return NULL;
    a->n = n;
    a->records = a->block.array[0];
    for (size_t i = 0; i < n; ++i) a->records[i] = (record){data_mass(i), data_charge(i)};
    return a;
}

/* The strategies' loop (kernels.h) over one batch striding through the records. */
static uint64_t aos_run(void *p) {
    aos *a = p;
    esb_batch b = {.count = (uint32_t)a->n, .field_count = 2};
    b.base[0] = &a->records[0].mass;
    b.base[1] = &a->records[0].charge;
    b.stride[0] = b.stride[1] = sizeof(record);
    kernel_charge(&b);
    return a->n;
}

static uint64_t aos_checksum(void *p) { return view_checksum(aos_view(p)); }

static bool aos_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    return view_verify(aos_view(p), runs, spots, error);
}

DEFINE_RAW_BASELINE(padded_iter_soa, padded_iter, "raw-soa", .setup = soa_setup, .run = soa_run,
                    .checksum = soa_checksum, .verify = soa_verify, .teardown = soa_teardown);
DEFINE_RAW_BASELINE(padded_iter_aos, padded_iter, "raw-aos", .setup = aos_setup, .run = aos_run,
                    .checksum = aos_checksum, .verify = aos_verify, .teardown = aos_teardown);
