#include "ecs.h"

#include <stdlib.h>

#include "scratch.h"

_Static_assert(SCENARIO_MAX_N == ESB_MAX_ENTITIES, "the harness runs scenarios at up to the contract's index space");

esb_status scn_register(esb_world *w, const char *name, size_t size, size_t align, esb_storage_hint hint,
                        esb_component *out) {
    esb_component_desc d = {.name = name, .size = size, .align = align, .hint = hint};
    return esb_component_register(w, &d, out);
}

esb_status scn_register_scalars(esb_world *w, const char *const *names, uint32_t count, esb_storage_hint hint,
                                esb_component *out) {
    esb_status s = ESB_OK;
    for (uint32_t k = 0; s == ESB_OK && k < count; ++k)
        s = scn_register(w, names[k], sizeof(scalar), _Alignof(scalar), hint, &out[k]);
    return s;
}

void scn_position(uint64_t i, void *dst) { *(vec3 *)dst = data_position(i); }
void scn_velocity(uint64_t i, void *dst) { *(vec3 *)dst = data_velocity(i); }
void scn_rotation(uint64_t i, void *dst) { *(vec3 *)dst = data_rotation(i); }
void scn_transform(uint64_t i, void *dst) { *(transform *)dst = data_transform(i); }
void scn_scalar(uint64_t i, void *dst) { *(scalar *)dst = data_scalar(i); }

esb_status scn_bulk(esb_world *w, size_t n, const esb_component *ids, const size_t *sizes, const scn_value_fn *value,
                    uint32_t count, esb_entity *out) {
    void *arrays[ESB_MAX_FIELDS] = {0};
    esb_status s = ESB_ERR_NOMEM;
    if (count > ESB_MAX_FIELDS) return ESB_ERR_INVALID;
    for (uint32_t k = 0; k < count; ++k) {
        if (!sizes[k]) continue;
        if (!(arrays[k] = scratch_alloc(n, sizes[k]))) goto done;
        for (size_t i = 0; i < n; ++i) value[k](i, (char *)arrays[k] + i * sizes[k]);
    }
    s = esb_create_bulk(w, n, ids, count, (const void *const *)arrays, out);
done:
    for (uint32_t k = 0; k < count; ++k) free(arrays[k]);
    return s;
}

esb_status scn_query(esb_world *w, const esb_component *fields, uint32_t field_count, bool cached, esb_query **out) {
    esb_query_desc d = {.fields = fields, .field_count = field_count, .cached = cached};
    return esb_query_create(w, &d, out);
}

esb_status scn_query_update(esb_world *w, esb_component written, esb_component read, const esb_component *without,
                            bool cached, esb_query **out) {
    esb_component fields[] = {written, read};
    esb_access access[] = {ESB_WRITE, ESB_READ};
    esb_query_desc d = {.fields = fields,
                        .access = access,
                        .field_count = 2,
                        .without = without,
                        .without_count = !!without,
                        .cached = cached};
    return esb_query_create(w, &d, out);
}

esb_status scn_watch(esb_world *w, const esb_component *fields, uint32_t field_count, esb_component watched) {
    esb_access access[ESB_MAX_FIELDS];
    if (field_count > ESB_MAX_FIELDS) return ESB_ERR_INVALID;
    for (uint32_t k = 0; k < field_count; ++k) access[k] = ESB_READ;
    esb_query_desc d = {.fields = fields,
                        .access = access,
                        .field_count = field_count,
                        .cached = true,
                        .change = ESB_CHANGE_CHANGED,
                        .change_component = watched};
    esb_query *q;
    return esb_query_create(w, &d, &q);
}

esb_status scn_live_queries(esb_world *w, const esb_component *fields, uint32_t field_count, esb_component named,
                            uint32_t count, scn_live *out) {
    esb_access access[ESB_MAX_FIELDS];
    out->count = 0;
    if (field_count > ESB_MAX_FIELDS || count > SCN_LIVE_QUERIES_MAX) return ESB_ERR_INVALID;
    bool named_is_field = false;
    for (uint32_t k = 0; k < field_count; ++k) {
        access[k] = ESB_READ;
        named_is_field |= fields[k] == named;
    }
    esb_component unheld = 0;
    esb_status s = ESB_OK;
    for (uint32_t q = 0; q < count && s == ESB_OK; ++q) {
        if (q % 2 == 0 && (s = scn_register(w, "Unheld", 0, 1, ESB_STORAGE_DENSE, &unheld)) != ESB_OK) break;
        esb_component with[2];
        uint32_t with_count = 0;
        if (!named_is_field) with[with_count++] = named;
        if (q % 2 == 1) with[with_count++] = unheld;
        esb_query_desc d = {.fields = fields,
                            .access = access,
                            .field_count = field_count,
                            .with = with,
                            .with_count = with_count,
                            .without = &unheld,
                            .without_count = q % 2 == 0,
                            .cached = true};
        s = esb_query_create(w, &d, &out->queries[q]);
        if (s == ESB_OK) out->count = q + 1;
    }
    return s;
}

bool scn_live_hold(const scn_live *live, uint64_t matching) {
    for (uint32_t q = 0; q < live->count; ++q)
        if (scn_count_matches(live->queries[q]) != (q % 2 == 0 ? matching : 0)) return false;
    return true;
}

void *scn_setup_end(void *ctx, esb_status s, void (*teardown)(void *), const char **error) {
    if (s == ESB_OK) return ctx;
    *error = esb_status_name(s);
    teardown(ctx);
    return NULL;
}

void *scn_ctx_new(size_t size, size_t n, const char **error) {
    scn_ctx *c = scratch_calloc(1, size);
    if (c) {
        c->n = n;
        c->handles = scratch_alloc(n, sizeof *c->handles);
    }
    if (!c || !c->handles) {
        free(c);
        return *error = "out of memory", NULL;
    }
    return c;
}

void scn_ctx_delete(void *ctx) {
    scn_ctx *c = ctx;
    esb_world_destroy(c->world);
    free(c->handles);
    free(c);
}

esb_world *scn_ctx_world(void *ctx) { return ((scn_ctx *)ctx)->world; }
const char *scn_ctx_kind(void *ctx) { return esb_query_kind(((scn_ctx *)ctx)->query); }

void scn_shuffled_ordinals(uint32_t *order, size_t n, uint64_t seed) {
    for (size_t i = 0; i < n; ++i) order[i] = (uint32_t)i;
    uint64_t state = seed;
    for (size_t i = n - 1; n && i > 0; --i) {
        state += 0x9e3779b97f4a7c15ull;
        size_t j = (size_t)(data_mix64(state) % (i + 1));
        uint32_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
}

uint64_t scn_scalars_checksum(esb_world *w, const esb_entity *handles, size_t n, const esb_component *comps,
                              uint32_t count, uint64_t first_key) {
    uint64_t sum = 0;
    for (size_t i = 0; i < n; ++i)
        for (uint32_t k = 0; k < count; ++k) {
            void *v;
            if (esb_get(w, handles[i], comps[k], &v) == ESB_OK)
                sum += data_entity_hash(i, data_hash_pair(first_key + k, data_float_bits(((scalar *)v)->v)));
        }
    return sum;
}

uint64_t scn_count_matches(esb_query *q) {
    esb_iter it;
    uint64_t seen = 0;
    if (esb_iter_begin(q, &it) != ESB_OK) return 0;
    while (esb_iter_next(&it)) seen += it.batch.count;
    return seen;
}
