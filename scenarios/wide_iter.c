/* The wide family's reads, on n entities with W components of S bytes each (wide.h), at each (S, W) of the grid:
 * wide_iter_sS_wW: one pass of a cached query over the last two registered components, never the first ones, that
 * writes the last whole from the one before it (dst += src * 0.5 over its S/4 floats). The pass uses 2 S bytes of
 * each entity's W S: a design that stores whole entities side by side (AoS records) loads the unread components'
 * lines or prefetches past them, one that stores a column per component streams the two it reads. The unit is an
 * entity.
 * wide_get_sS_wW: random access by handle, as random_get (scenarios/get.c): the first float of every entity's last
 * component, once each, in a fixed-seed shuffled order, folded into a digest. The entities lie W S bytes apart in a
 * design of whole-entity records, S apart in one of columns. The unit is a get. */
#include <stdlib.h>

#include "wide.h"
#include "scenario.h"
#include "scratch.h"
#include "info.h"

/* ---- wide_iter ------------------------------------------------------------------------------------------------ */

/* dst += src * 0.5 over the floats of one component: src * 0.5 is exact, so a fused multiply-add, where the
 * compiler contracts one, rounds the same value (wide_after). */
static inline void wide_add_half(float *restrict dst, const float *restrict src, uint32_t floats) {
    for (uint32_t j = 0; j < floats; ++j) dst[j] += src[j] * 0.5f;
}

/* The pass's kernel at each S, over a batch whose field 0 is the last component (written) and field 1 the one
 * before it (read): one per size, so that the loop over a component's floats has a trip count the compiler knows. */
static void wide_kernel_4(const esb_batch *batch) {
    ESB_EACH(batch, i, { wide_add_half(ESB_FIELD(0, wide4, i).f, ESB_FIELD(1, wide4, i).f, 1); });
}
static void wide_kernel_64(const esb_batch *batch) {
    ESB_EACH(batch, i, { wide_add_half(ESB_FIELD(0, wide64, i).f, ESB_FIELD(1, wide64, i).f, 16); });
}
static void wide_kernel_256(const esb_batch *batch) {
    ESB_EACH(batch, i, { wide_add_half(ESB_FIELD(0, wide256, i).f, ESB_FIELD(1, wide256, i).f, 64); });
}
static void wide_kernel_1024(const esb_batch *batch) {
    ESB_EACH(batch, i, { wide_add_half(ESB_FIELD(0, wide1024, i).f, ESB_FIELD(1, wide1024, i).f, 256); });
}

/* One pass of the kernel for components of size bytes over q: each call of scn_pass names its kernel, so that the
 * kernel is inlined into the loop over the batches, as in every other pass (no call per batch). SCN_PASS_FAILED for
 * a size off the grid. */
static uint64_t wide_pass(esb_query *q, uint32_t size) {
    switch (size) {
    case 4: return scn_pass(q, wide_kernel_4);
    case 64: return scn_pass(q, wide_kernel_64);
    case 256: return scn_pass(q, wide_kernel_256);
    case 1024: return scn_pass(q, wide_kernel_1024);
    default: return SCN_PASS_FAILED;
    }
}

/* Its context is a wide_world, whose query is the pass's: the last component (written), the one before it (read),
 * cached. */
static void *wide_iter_setup(size_t n, const void *params, const char **error) {
    wide_world *w = wide_new(sizeof *w, n, params, error);
    if (!w) return NULL;
    esb_status s = wide_populate(w);
    if (s == ESB_OK)
        s = scn_query_update(w->base.world, w->comps[w->width - 1], w->comps[w->width - 2], NULL, true, &w->base.query);
    return scn_setup_end(w, s, scn_ctx_delete, error);
}

static uint64_t wide_iter_run(void *p) {
    wide_world *w = p;
    return wide_pass(w->base.query, w->size) == w->base.n ? w->base.n : 0;
}

/* Every entity's components, plus how many entities the query finds. */
static uint64_t wide_iter_checksum(void *p) {
    wide_world *w = p;
    return wide_checksum(w) + data_mix64(scn_count_matches(w->base.query));
}

/* The spot sample and the last entity, the end of the range a pass walks: the last component added half the one
 * before it once per run, float by float, and every other component is as it was created. */
static bool wide_iter_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    const wide_world *w = p;
    size_t n = w->base.n;
    uint32_t last = w->width - 1;
    for (uint64_t spot = 0; spot <= data_spot_count(n, spots); ++spot) {
        uint64_t i = spot < data_spot_count(n, spots) ? data_spot_ordinal(n, spots, spot) : n - 1;
        void *v;
        if (esb_get(w->base.world, w->base.handles[i], w->comps[last], &v) != ESB_OK)
            return *error = "an entity lost the component the pass writes", false;
        uint32_t dst_key = wide_key(i, last), src_key = wide_key(i, last - 1);
        for (uint32_t j = 0; j < w->size / 4; ++j)
            if (data_float_bits(((const float *)v)[j]) != data_float_bits(wide_after(dst_key, src_key, j, runs)))
                return *error = "an entity's written component is not what the runs must have made it", false;
    }
    if (!wide_spots_hold_own(w, spots, last))
        return *error = "an entity's components other than the written one are not as they were created", false;
    return true;
}

DEFINE_SCENARIO(wide_iter_s4_w8, .params = &(const wide_params){.size = 4, .width = 8}, .setup = wide_iter_setup,
                .run = wide_iter_run, .checksum = wide_iter_checksum, .verify = wide_iter_verify,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = scn_ctx_delete);
DEFINE_SCENARIO(wide_iter_s64_w8, .params = &(const wide_params){.size = 64, .width = 8}, .setup = wide_iter_setup,
                .run = wide_iter_run, .checksum = wide_iter_checksum, .verify = wide_iter_verify,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = scn_ctx_delete);
DEFINE_SCENARIO(wide_iter_s256_w8, .params = &(const wide_params){.size = 256, .width = 8}, .setup = wide_iter_setup,
                .run = wide_iter_run, .checksum = wide_iter_checksum, .verify = wide_iter_verify,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = scn_ctx_delete);
DEFINE_SCENARIO(wide_iter_s1024_w8, .params = &(const wide_params){.size = 1024, .width = 8}, .setup = wide_iter_setup,
                .run = wide_iter_run, .checksum = wide_iter_checksum, .verify = wide_iter_verify,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = scn_ctx_delete);
DEFINE_SCENARIO(wide_iter_s64_w2, .params = &(const wide_params){.size = 64, .width = 2}, .setup = wide_iter_setup,
                .run = wide_iter_run, .checksum = wide_iter_checksum, .verify = wide_iter_verify,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = scn_ctx_delete);
DEFINE_SCENARIO(wide_iter_s64_w32, .params = &(const wide_params){.size = 64, .width = 32}, .setup = wide_iter_setup,
                .run = wide_iter_run, .checksum = wide_iter_checksum, .verify = wide_iter_verify,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = scn_ctx_delete);

/* ---- wide_get ------------------------------------------------------------------------------------------------- */

typedef struct wide_get_ctx {
    wide_world w;
    esb_entity *order; /* the handles in the order the run reads them */
    uint64_t expected; /* the digest of one run: data_read_digest over the order's first floats */
    uint64_t digest;   /* the last run's */
    uint64_t digests;  /* the sum of every run's digest since setup (mod 2^64) */
    uint64_t runs;     /* runs since setup */
} wide_get_ctx;

static void wide_get_teardown(void *p) {
    free(((wide_get_ctx *)p)->order);
    scn_ctx_delete(p);
}

static void *wide_get_setup(size_t n, const void *params, const char **error) {
    wide_get_ctx *c = wide_new(sizeof *c, n, params, error);
    if (!c) return NULL;
    wide_world *w = &c->w;
    uint32_t *ordinals = scratch_alloc(n, sizeof *ordinals);
    c->order = scratch_alloc(n, sizeof *c->order);
    esb_status s = ordinals && c->order ? wide_populate(w) : ESB_ERR_NOMEM;
    if (s == ESB_OK) {
        scn_shuffled_ordinals(ordinals, n, 0x5EED);
        for (size_t i = 0; i < n; ++i) {
            c->order[i] = w->base.handles[ordinals[i]];
            c->expected = data_read_digest(c->expected, i, wide_value(ordinals[i], w->width - 1, 0));
        }
    }
    free(ordinals);
    return scn_setup_end(c, s, wide_get_teardown, error);
}

static uint64_t wide_get_run(void *p) {
    wide_get_ctx *c = p;
    esb_world *world = c->w.base.world;
    esb_component last = c->w.comps[c->w.width - 1];
    uint64_t done = 0, digest = 0;
    for (size_t i = 0; i < c->w.base.n; ++i) {
        void *v;
        if (esb_get(world, c->order[i], last, &v) != ESB_OK) continue;
        digest = data_read_digest(digest, i, ((const float *)v)[0]);
        done++;
    }
    c->digest = digest;
    c->digests += digest;
    c->runs++;
    return done;
}

/* The world (untouched by reads) and the last run's digest, which depends on every value read. */
static uint64_t wide_get_checksum(void *p) {
    wide_get_ctx *c = p;
    return wide_checksum(&c->w) + data_mix64(c->digest);
}

/* Every run since setup read exactly the entities' own values (the digests' sum is runs times one run's), the runs
 * the harness counted are the ones made, and the components the reads found are still the entities' own. */
static bool wide_get_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    wide_get_ctx *c = p;
    if (c->runs != runs) return *error = "the scenario ran a different number of times than the harness counted", false;
    if (c->digests != c->expected * runs)
        return *error = "a timed run read a value that is not its entity's own", false;
    if (!wide_spots_hold_own(&c->w, spots, WIDE_EVERY))
        return *error = "an entity's components are not as they were created", false;
    return true;
}

DEFINE_SCENARIO(wide_get_s4_w8, .params = &(const wide_params){.size = 4, .width = 8}, .setup = wide_get_setup,
                .run = wide_get_run, .checksum = wide_get_checksum, .verify = wide_get_verify, .world = scn_ctx_world,
                .teardown = wide_get_teardown);
DEFINE_SCENARIO(wide_get_s64_w8, .params = &(const wide_params){.size = 64, .width = 8}, .setup = wide_get_setup,
                .run = wide_get_run, .checksum = wide_get_checksum, .verify = wide_get_verify, .world = scn_ctx_world,
                .teardown = wide_get_teardown);
DEFINE_SCENARIO(wide_get_s256_w8, .params = &(const wide_params){.size = 256, .width = 8}, .setup = wide_get_setup,
                .run = wide_get_run, .checksum = wide_get_checksum, .verify = wide_get_verify, .world = scn_ctx_world,
                .teardown = wide_get_teardown);
DEFINE_SCENARIO(wide_get_s1024_w8, .params = &(const wide_params){.size = 1024, .width = 8}, .setup = wide_get_setup,
                .run = wide_get_run, .checksum = wide_get_checksum, .verify = wide_get_verify, .world = scn_ctx_world,
                .teardown = wide_get_teardown);
DEFINE_SCENARIO(wide_get_s64_w2, .params = &(const wide_params){.size = 64, .width = 2}, .setup = wide_get_setup,
                .run = wide_get_run, .checksum = wide_get_checksum, .verify = wide_get_verify, .world = scn_ctx_world,
                .teardown = wide_get_teardown);
DEFINE_SCENARIO(wide_get_s64_w32, .params = &(const wide_params){.size = 64, .width = 32}, .setup = wide_get_setup,
                .run = wide_get_run, .checksum = wide_get_checksum, .verify = wide_get_verify, .world = scn_ctx_world,
                .teardown = wide_get_teardown);
