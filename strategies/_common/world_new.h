/* A new world, made the same way by every design: zero-filled (no entity, no component, no query, every pointer
 * NULL, every count 0) with an empty entity table in its member `entities`.
 *
 * ESB_WORLD_CREATE_API(init) defines esb_world_create for a design: INVALID without out; else such a world, then
 * init(w) for what the design adds (the root archetype; ESB_WORLD_NOTHING_MORE for nothing), whose failure
 * esb_world_destroy undoes; *out is written only on success. */
#ifndef ESB_WORLD_NEW_H
#define ESB_WORLD_NEW_H

#include <stddef.h>

#include "entity_table.h"
#include "memory.h"

/* NULL when out of memory. */
static inline void *esb_world_new(size_t size, size_t align, size_t entities_offset) {
    unsigned char *w = esb_mem_calloc(size, align);
    if (w) esb_et_init((esb_entity_table *)(void *)(w + entities_offset));
    return w;
}

#define ESB_WORLD_NEW() \
    ((esb_world *)esb_world_new(sizeof(esb_world), _Alignof(esb_world), offsetof(esb_world, entities)))

#define ESB_WORLD_NOTHING_MORE(w) ESB_OK

#define ESB_WORLD_CREATE_API(init)                  \
    esb_status esb_world_create(esb_world **out) {  \
        if (!out) return ESB_ERR_INVALID;           \
        esb_world *w = ESB_WORLD_NEW();             \
        esb_status s = w ? init(w) : ESB_ERR_NOMEM; \
        if (s == ESB_OK)                            \
            *out = w;                               \
        else                                        \
            esb_world_destroy(w);                   \
        return s;                                   \
    }

#endif
