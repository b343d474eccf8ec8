/* What a world records of each registered component, for the designs that keep it in this form. */
#ifndef ESB_COMPONENT_INFO_H
#define ESB_COMPONENT_INFO_H

#include <string.h>

#include "bitset.h"
#include "contract.h"

typedef struct esb_component_info {
    const char *name;
    uint32_t size; /* 0: a tag */
    uint32_t align;
    esb_storage_hint hint;
} esb_component_info;

/* The record of a component registered with a description that passed esb_check_component_desc. */
static inline esb_component_info esb_component_info_of(const esb_component_desc *desc) {
    return (esb_component_info){desc->name, (uint32_t)desc->size, (uint32_t)desc->align, desc->hint};
}

/* The registered components that have data (the others are tags): the columns a table of any component set may
 * have. */
static inline esb_bitset esb_components_with_data(const esb_component_info *components, uint32_t count) {
    esb_bitset with_data = {{0}};
    for (esb_component c = 0; c < count; ++c)
        if (components[c].size) esb_bitset_set(&with_data, c);
    return with_data;
}

/* Copies one component value. The sizes of common components get a fixed-size copy, which compiles to a few
 * moves instead of a call (as a storage compiled for its type, EnTT's, copies them); any other size goes to
 * memcpy. Inlined where src is a caller's object of exactly `size` bytes, GCC checks the other sizes' copies
 * against that object too and calls them out of bounds, although size rules them out: that warning is
 * silenced for these lines alone. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#pragma GCC diagnostic ignored "-Wstringop-overread"
#endif
static inline void esb_copy_element(void *dst, const void *src, uint32_t size) {
    switch (size) {
    case 4: memcpy(dst, src, 4); break;
    case 8: memcpy(dst, src, 8); break;
    case 12: memcpy(dst, src, 12); break;
    case 16: memcpy(dst, src, 16); break;
    default: memcpy(dst, src, size); break;
    }
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

/* Writes a value of size bytes at p, or zeros where value is NULL; nothing where p is NULL (a tag's pointer):
 * esb_set's write, and esb_add's, through the pointer a design found. */
static inline void esb_write_value(void *p, const void *value, uint32_t size) {
    if (!p) return;
    if (value)
        esb_copy_element(p, value, size);
    else
        memset(p, 0, size);
}

/* Writes n copies of one value of `size` bytes (zeros where value is NULL) into a plain array from dst on: the
 * first copy, then the copies made so far copied again, so n copies take about log2 n calls of memcpy. */
static inline void esb_repeat_value(unsigned char *dst, const void *value, uint32_t size, size_t n) {
    if (!n) return;
    if (!value) {
        memset(dst, 0, n * size);
        return;
    }
    esb_copy_element(dst, value, size);
    for (size_t done = 1; done < n;) {
        size_t step = done < n - done ? done : n - done;
        memcpy(dst + done * size, dst, step * size);
        done += step;
    }
}

#endif
