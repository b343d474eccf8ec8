#include "wide.h"

#include <stdlib.h>

#include "scratch.h"

_Static_assert(sizeof(wide4) == 4 && sizeof(wide64) == 64 && sizeof(wide256) == 256 && sizeof(wide1024) == 1024,
               "a component of the wide family is S bytes of floats, no padding");
_Static_assert(_Alignof(wide4) == 4 && _Alignof(wide64) == 16 && _Alignof(wide256) == 16 && _Alignof(wide1024) == 16,
               "the wide family's components are aligned as wide.h says");

/* The alignment wide.h gives a component of size bytes. */
static size_t wide_align(uint32_t size) { return size < 64 ? _Alignof(wide4) : _Alignof(wide64); }

void *wide_new(size_t ctx_size, size_t n, const wide_params *p, const char **error) {
    static const char *const names[WIDE_MAX_WIDTH] = {
        "C0",  "C1",  "C2",  "C3",  "C4",  "C5",  "C6",  "C7",  "C8",  "C9",  "C10", "C11", "C12", "C13", "C14", "C15",
        "C16", "C17", "C18", "C19", "C20", "C21", "C22", "C23", "C24", "C25", "C26", "C27", "C28", "C29", "C30", "C31"};
    bool on_grid = p->size == sizeof(wide4) || p->size == sizeof(wide64) || p->size == sizeof(wide256) ||
                   p->size == sizeof(wide1024);
    if (!on_grid || p->width < 2 || p->width > WIDE_MAX_WIDTH)
        return *error = "the wide family's point is off its grid", NULL;
    wide_world *w = scn_ctx_new(ctx_size, n, error);
    if (!w) return NULL;
    w->size = p->size;
    w->width = p->width;
    esb_status s = esb_world_create(&w->base.world);
    for (uint32_t k = 0; s == ESB_OK && k < w->width; ++k)
        s = scn_register(w->base.world, names[k], w->size, wide_align(w->size), ESB_STORAGE_DENSE, &w->comps[k]);
    return scn_setup_end(w, s, scn_ctx_delete, error);
}

/* Entity i's component k, its floats as they are created. */
static void wide_fill(uint64_t i, uint32_t k, uint32_t size, float *dst) {
    uint32_t key = wide_key(i, k);
    for (uint32_t j = 0; j < size / 4; ++j) dst[j] = wide_float(key, j);
}

bool wide_values_make(const wide_world *w, wide_values *out) {
    size_t n = w->base.n, column = n * w->size;
    *out = (wide_values){.block = scratch_alloc(n * w->width, w->size)};
    if (!out->block) return false;
    for (uint32_t k = 0; k < w->width; ++k) {
        char *values = (char *)out->block + k * column;
        for (size_t i = 0; i < n; ++i) wide_fill(i, k, w->size, (float *)(values + i * w->size));
        out->values[k] = values;
    }
    return true;
}

void wide_values_free(wide_values *v) {
    free(v->block);
    v->block = NULL;
}

esb_status wide_create_all(wide_world *w, const wide_values *v) {
    return esb_create_bulk(w->base.world, w->base.n, w->comps, w->width, v->values, w->base.handles);
}

esb_status wide_populate(wide_world *w) {
    wide_values v;
    if (!wide_values_make(w, &v)) return ESB_ERR_NOMEM;
    esb_status s = wide_create_all(w, &v);
    wide_values_free(&v);
    return s;
}

uint64_t wide_digest(const void *value, uint32_t size) {
    const float *f = value;
    uint64_t sum = 0;
    for (uint32_t j = 0; j < size / 4; ++j) sum += (uint64_t)data_float_bits(f[j]) * (2 * (uint64_t)j + 1);
    return sum;
}

uint64_t wide_checksum(const wide_world *w) {
    /* An odd weight per component, so that values swapped between two components change the entity's content; its
     * one mix is per entity, not per component: a consuming scenario checksums every run's world. */
    uint64_t weights[WIDE_MAX_WIDTH], sum = 0;
    for (uint32_t k = 0; k < w->width; ++k) weights[k] = data_mix64(k + 1) | 1;
    for (size_t i = 0; i < w->base.n; ++i) {
        uint64_t content = 0;
        for (uint32_t k = 0; k < w->width; ++k) {
            void *v;
            if (esb_get(w->base.world, w->base.handles[i], w->comps[k], &v) == ESB_OK)
                content += weights[k] * (wide_digest(v, w->size) + 1);
        }
        sum += data_entity_hash(i, content);
    }
    return sum;
}

bool wide_holds_own(const wide_world *w, uint64_t i, uint32_t k) {
    void *v;
    if (esb_get(w->base.world, w->base.handles[i], w->comps[k], &v) != ESB_OK) return false;
    const float *f = v;
    uint32_t key = wide_key(i, k), differ = 0;
    /* no early exit: the loop vectorises, and a check of every entity reads W S bytes of each */
    for (uint32_t j = 0; j < w->size / 4; ++j) differ |= data_float_bits(f[j]) ^ data_float_bits(wide_float(key, j));
    return differ == 0;
}

bool wide_spots_hold_own(const wide_world *w, uint64_t spots, uint32_t except) {
    size_t n = w->base.n;
    for (uint64_t spot = 0; spot <= data_spot_count(n, spots); ++spot) {
        uint64_t i = spot < data_spot_count(n, spots) ? data_spot_ordinal(n, spots, spot) : n - 1;
        for (uint32_t k = 0; k < w->width; ++k)
            if (k != except && !wide_holds_own(w, i, k)) return false;
    }
    return true;
}
