#include "validate.h"

#include <string.h>

esb_status esb_check_component_desc(const esb_component_desc *desc) {
    if (!desc || !desc->name) return ESB_ERR_INVALID;
    size_t a = desc->align;
    if (a == 0 || (a & (a - 1)) != 0 || a > ESB_MAX_ALIGN) return ESB_ERR_INVALID;
    if (desc->size % a != 0 || desc->size > ESB_MAX_COMPONENT_SIZE) return ESB_ERR_INVALID;
    if (desc->hint != ESB_STORAGE_DENSE && desc->hint != ESB_STORAGE_SPARSE) return ESB_ERR_INVALID;
    return ESB_OK;
}

/* Ids are not yet known to be registered, so anything up to UINT32_MAX may appear: mark them in a set of 256 and
 * treat out-of-range ids as distinct (they fail later as unknown). */
static bool has_duplicates(const esb_component *a, uint32_t na, const esb_component *b, uint32_t nb) {
    esb_bitset seen;
    memset(&seen, 0, sizeof seen);
    for (uint32_t i = 0; i < na + nb; ++i) {
        esb_component c = i < na ? a[i] : b[i - na];
        if (c >= ESB_MAX_COMPONENTS) {
            for (uint32_t j = 0; j < i; ++j)
                if ((j < na ? a[j] : b[j - na]) == c) return true;
            continue;
        }
        if (esb_bitset_test(&seen, c)) return true;
        esb_bitset_set(&seen, c);
    }
    return false;
}

esb_status esb_check_query_shape(const esb_query_desc *desc) {
    if (!desc) return ESB_ERR_INVALID;
    if (desc->field_count > ESB_MAX_FIELDS || desc->with_count > ESB_MAX_TERMS || desc->without_count > ESB_MAX_TERMS)
        return ESB_ERR_INVALID;
    if ((desc->field_count && !desc->fields) || (desc->with_count && !desc->with) ||
        (desc->without_count && !desc->without))
        return ESB_ERR_INVALID;
    if (desc->field_count + desc->with_count == 0) return ESB_ERR_INVALID;
    if (has_duplicates(desc->fields, desc->field_count, desc->with, desc->with_count)) return ESB_ERR_INVALID;
    if (has_duplicates(desc->without, desc->without_count, NULL, 0)) return ESB_ERR_INVALID;
    if (desc->change != ESB_CHANGE_NONE && desc->change != ESB_CHANGE_CHANGED && desc->change != ESB_CHANGE_ADDED)
        return ESB_ERR_INVALID;
    if (desc->change != ESB_CHANGE_NONE && !esb_query_includes(desc, desc->change_component)) return ESB_ERR_INVALID;
    return ESB_OK;
}

bool esb_query_includes(const esb_query_desc *desc, esb_component c) {
    for (uint32_t i = 0; i < desc->field_count; ++i)
        if (desc->fields[i] == c) return true;
    for (uint32_t i = 0; i < desc->with_count; ++i)
        if (desc->with[i] == c) return true;
    return false;
}

esb_status esb_check_id_list(const esb_component *ids, uint32_t count) {
    if (count && !ids) return ESB_ERR_INVALID;
    if (count > ESB_MAX_COMPONENTS) return ESB_ERR_INVALID;
    if (has_duplicates(ids, count, NULL, 0)) return ESB_ERR_INVALID;
    return ESB_OK;
}

void esb_query_masks(const esb_query_desc *desc, esb_bitset *include, esb_bitset *exclude) {
    memset(include, 0, sizeof *include);
    memset(exclude, 0, sizeof *exclude);
    for (uint32_t i = 0; i < desc->field_count; ++i) esb_bitset_set(include, desc->fields[i]);
    for (uint32_t i = 0; i < desc->with_count; ++i) esb_bitset_set(include, desc->with[i]);
    for (uint32_t i = 0; i < desc->without_count; ++i) esb_bitset_set(exclude, desc->without[i]);
}

static bool all_below(const esb_component *ids, uint32_t count, uint32_t limit) {
    for (uint32_t i = 0; i < count; ++i)
        if (ids[i] >= limit) return false;
    return true;
}

esb_status esb_check_query_ids(const esb_query_desc *desc, uint32_t component_count) {
    if (!all_below(desc->fields, desc->field_count, component_count) ||
        !all_below(desc->with, desc->with_count, component_count) ||
        !all_below(desc->without, desc->without_count, component_count))
        return ESB_ERR_UNKNOWN_COMPONENT;
    return ESB_OK;
}

esb_status esb_check_query_args(const void *world, const esb_query_desc *desc, esb_query **out) {
    if (out) *out = NULL;
    return world && out && esb_check_query_shape(desc) == ESB_OK ? ESB_OK : ESB_ERR_INVALID;
}

esb_status esb_check_query_create(const void *world, const esb_query_desc *desc, esb_query **out,
                                  const esb_query_registry *queries, const unsigned char *sizes, size_t size_stride,
                                  uint32_t component_count) {
    if (esb_check_query_args(world, desc, out) != ESB_OK) return ESB_ERR_INVALID;
    for (uint32_t i = 0; i < desc->field_count; ++i) {
        uint32_t size;
        if (desc->fields[i] >= component_count) continue;
        memcpy(&size, sizes + (size_t)desc->fields[i] * size_stride, sizeof size);
        if (size == 0) return ESB_ERR_INVALID;
    }
    if (esb_qr_locked(queries)) return ESB_ERR_LOCKED;
    return esb_check_query_ids(desc, component_count);
}

esb_status esb_check_get_args(const void *world, void **out) {
    if (out) *out = NULL;
    return world && out ? ESB_OK : ESB_ERR_INVALID;
}

size_t esb_copy_counters(const char *const *names_in, const uint64_t *values_in, size_t count, const char **names,
                         uint64_t *values, size_t cap) {
    for (size_t i = 0; i < count && i < cap; ++i) {
        if (names) names[i] = names_in[i];
        if (values) values[i] = values_in[i];
    }
    return count;
}
