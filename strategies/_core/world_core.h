/* The part of a world every design keeps the same way: its entity table, its query registry and how many
 * components are registered. Each design's struct esb_world begins with an esb_world_core named `core` (asserted
 * beside the struct), as its queries may begin with an esb_query_head, so the contract's checks are written once
 * here as functions of the core and every design returns the same error for the same misuse, in the contract's
 * order. What a design records of each component stays its own (esb_component_info, or a record that keeps a
 * column or pool beside the size): the checks that need sizes take them with their stride.
 *
 * Invariants: the entity table's (E1-E5, entity_table.h) and the registry's (R1-R2, query_registry.h);
 * component_count <= ESB_MAX_COMPONENTS. Each design's check.c asserts them in esb_world_check. */
#ifndef ESB_WORLD_CORE_H
#define ESB_WORLD_CORE_H

#include <stddef.h>

#include "bitset.h"
#include "component_info.h"
#include "entity_table.h"
#include "inline.h"
#include "memory.h"
#include "query_registry.h"
#include "validate.h"

typedef struct esb_world_core {
    esb_entity_table entities;
    esb_query_registry queries; /* every live query, and the iteration lock */
    uint32_t component_count;   /* ids 0 .. component_count - 1 are registered */
} esb_world_core;

/* The core of a world (NULL: none), which every design's world begins with. */
static inline const esb_world_core *esb_core_of(const esb_world *w) { return (const void *)w; }

/* A new world of `size` bytes that begins with its core: zero-filled (no entity, no component, no query, every
 * pointer NULL, every count 0) with an empty entity table. NULL when out of memory. */
static inline void *esb_core_new(size_t size, size_t align) {
    esb_world_core *core = esb_mem_calloc(size, align);
    if (core) esb_et_init(&core->entities);
    return core;
}

/* esb_world_create for a design: INVALID without out; else a new world of size bytes (esb_core_new), then
 * init(w) for what the design adds (NULL: nothing), whose failure esb_world_destroy undoes. *out is written only
 * on success. */
static inline esb_status esb_core_create_world(esb_world **out, size_t size, size_t align,
                                               esb_status (*init)(esb_world *w)) {
    if (!out) return ESB_ERR_INVALID;
    esb_world *w = esb_core_new(size, align);
    esb_status s = !w ? ESB_ERR_NOMEM : init ? init(w) : ESB_OK;
    if (s == ESB_OK)
        *out = w;
    else
        esb_world_destroy(w);
    return s;
}

/* The checks that open the contract's operations, in its order. Each takes the core of a world that may be NULL
 * (esb_core_of: then INVALID), and is always inlined: these are the first lines of every operation, and a call in
 * their place changes how gcc splits the operations' bodies. The _in forms are for a design that keeps the entity
 * table's slots in its records, record_words apart (esb_et_in_records); record_words 1 is slots of their own. */

/* After LOCKED, the checks of an operation on entity e and component c: STALE, then UNKNOWN_COMPONENT. */
static ESB_ALWAYS_INLINE esb_status esb_core_check_entity_in(const esb_world_core *core, esb_entity e, esb_component c,
                                                             uint32_t record_words) {
    if (!esb_et_alive_in(&core->entities, e, record_words)) return ESB_ERR_STALE;
    return c < core->component_count ? ESB_OK : ESB_ERR_UNKNOWN_COMPONENT;
}

/* add and remove of c on e: INVALID, LOCKED, STALE, UNKNOWN_COMPONENT. */
static ESB_ALWAYS_INLINE esb_status esb_core_check_change_in(const esb_world_core *core, esb_entity e, esb_component c,
                                                             uint32_t record_words) {
    if (!core) return ESB_ERR_INVALID;
    if (esb_qr_locked(&core->queries)) return ESB_ERR_LOCKED;
    return esb_core_check_entity_in(core, e, c, record_words);
}
static ESB_ALWAYS_INLINE esb_status esb_core_check_change(const esb_world_core *core, esb_entity e, esb_component c) {
    return esb_core_check_change_in(core, e, c, 1);
}

/* has of c on e: INVALID, STALE, UNKNOWN_COMPONENT (no lock: it reads). */
static ESB_ALWAYS_INLINE esb_status esb_core_check_has_in(const esb_world_core *core, esb_entity e, esb_component c,
                                                          uint32_t record_words) {
    return core ? esb_core_check_entity_in(core, e, c, record_words) : ESB_ERR_INVALID;
}
static ESB_ALWAYS_INLINE esb_status esb_core_check_has(const esb_world_core *core, esb_entity e, esb_component c) {
    return esb_core_check_has_in(core, e, c, 1);
}

/* destroy of e: INVALID, LOCKED, STALE. */
static ESB_ALWAYS_INLINE esb_status esb_core_check_destroy_in(const esb_world_core *core, esb_entity e,
                                                              uint32_t record_words) {
    if (!core) return ESB_ERR_INVALID;
    if (esb_qr_locked(&core->queries)) return ESB_ERR_LOCKED;
    return esb_et_alive_in(&core->entities, e, record_words) ? ESB_OK : ESB_ERR_STALE;
}
static ESB_ALWAYS_INLINE esb_status esb_core_check_destroy(const esb_world_core *core, esb_entity e) {
    return esb_core_check_destroy_in(core, e, 1);
}

/* esb_create: INVALID (no world, out NULL), LOCKED. */
static ESB_ALWAYS_INLINE esb_status esb_core_check_create(const esb_world_core *core, const esb_entity *out) {
    if (!core || !out) return ESB_ERR_INVALID;
    return esb_qr_locked(&core->queries) ? ESB_ERR_LOCKED : ESB_OK;
}

/* esb_create for a design whose entity table keeps its slots to itself and whose new entity has no component yet:
 * the checks, room for one more entity (reserve: the design's growth of the table and its per-entity arrays; NULL
 * where the table is all there is), then its handle. Always inlined, so that reserve is a direct call. */
static ESB_ALWAYS_INLINE esb_status esb_core_create(esb_world *w, esb_entity *out,
                                                    esb_status (*reserve)(esb_world *w, uint64_t extra)) {
    esb_world_core *core = (esb_world_core *)(void *)w; /* every world begins with its core */
    esb_status s = esb_core_check_create(core, out);
    if (s == ESB_OK) s = reserve ? reserve(w, 1) : esb_et_reserve(&core->entities, 1);
    if (s == ESB_OK) *out = esb_et_take(&core->entities);
    return s;
}

/* esb_create_bulk's checks of n entities with components ids: INVALID (no world, the id list), LOCKED,
 * UNKNOWN_COMPONENT, FULL (n above ESB_MAX_ENTITIES). The caller then succeeds at once for n = 0; the index space's
 * own FULL comes from reserving it. */
static ESB_ALWAYS_INLINE esb_status esb_core_check_bulk(const esb_world_core *core, size_t n, const esb_component *ids,
                                                        uint32_t count) {
    if (!core || esb_check_id_list(ids, count) != ESB_OK) return ESB_ERR_INVALID;
    if (esb_qr_locked(&core->queries)) return ESB_ERR_LOCKED;
    for (uint32_t k = 0; k < count; ++k)
        if (ids[k] >= core->component_count) return ESB_ERR_UNKNOWN_COMPONENT;
    return n > ESB_MAX_ENTITIES ? ESB_ERR_FULL : ESB_OK;
}

/* esb_add_bundle's and esb_remove_bundle's checks of e and ids, up to PRESENT / ABSENT (which the design tests):
 * INVALID (no world, the id list), LOCKED, STALE, UNKNOWN_COMPONENT (any id). */
static ESB_ALWAYS_INLINE esb_status esb_core_check_bundle_in(const esb_world_core *core, esb_entity e,
                                                             const esb_component *ids, uint32_t count,
                                                             uint32_t record_words) {
    if (!core || esb_check_id_list(ids, count) != ESB_OK) return ESB_ERR_INVALID;
    if (esb_qr_locked(&core->queries)) return ESB_ERR_LOCKED;
    if (!esb_et_alive_in(&core->entities, e, record_words)) return ESB_ERR_STALE;
    for (uint32_t k = 0; k < count; ++k)
        if (ids[k] >= core->component_count) return ESB_ERR_UNKNOWN_COMPONENT;
    return ESB_OK;
}
static ESB_ALWAYS_INLINE esb_status esb_core_check_bundle(const esb_world_core *core, esb_entity e,
                                                          const esb_component *ids, uint32_t count) {
    return esb_core_check_bundle_in(core, e, ids, count, 1);
}

/* esb_add_matching's and esb_remove_matching's checks of c over a query of this world (the caller has refused a
 * NULL query), given the query's change term: INVALID (it has one), LOCKED, UNKNOWN_COMPONENT. */
static ESB_ALWAYS_INLINE esb_status esb_core_check_matching(const esb_world_core *core, esb_change change,
                                                            esb_component c) {
    if (change != ESB_CHANGE_NONE) return ESB_ERR_INVALID;
    if (esb_qr_locked(&core->queries)) return ESB_ERR_LOCKED;
    return c < core->component_count ? ESB_OK : ESB_ERR_UNKNOWN_COMPONENT;
}

/* esb_get's answer for an alive entity whose group (component set `set`) keeps no column of c: UNKNOWN_COMPONENT
 * for an id never registered, else OK for a tag of the group (there is no value to point to) and ABSENT for a
 * component it lacks. */
static inline esb_status esb_core_get_without_column(const esb_world_core *core, const esb_bitset *set,
                                                     esb_component c) {
    if (c >= core->component_count) return ESB_ERR_UNKNOWN_COMPONENT;
    return esb_bitset_test(set, c) ? ESB_OK : ESB_ERR_ABSENT;
}

/* esb_component_register's checks: INVALID (no world, out NULL, desc not storable), LOCKED, FULL. */
static inline esb_status esb_core_check_register(const esb_world_core *core, const esb_component_desc *desc,
                                                 const esb_component *out) {
    if (!core || !out || esb_check_component_desc(desc) != ESB_OK) return ESB_ERR_INVALID;
    if (esb_qr_locked(&core->queries)) return ESB_ERR_LOCKED;
    return core->component_count == ESB_MAX_COMPONENTS ? ESB_ERR_FULL : ESB_OK;
}

/* esb_component_register for a design that records its components as esb_component_info (components: room for
 * ESB_MAX_COMPONENTS): the checks, then the next id, with nothing allocated (so never NOMEM). */
static inline esb_status esb_core_register_info(esb_world_core *core, esb_component_info *components,
                                                const esb_component_desc *desc, esb_component *out) {
    esb_status s = esb_core_check_register(core, desc, out);
    if (s != ESB_OK) return s;
    components[core->component_count] = esb_component_info_of(desc);
    *out = core->component_count++;
    return ESB_OK;
}

/* esb_query_create's checks (esb_check_query_create) for a world whose core may be NULL (then INVALID) and whose
 * component c's size in bytes (0: a tag) is the uint32_t at sizes + c * size_stride. */
static inline esb_status esb_core_check_query_create(const esb_world_core *core, const esb_query_desc *desc,
                                                     esb_query **out, const uint32_t *sizes, size_t size_stride) {
    return esb_check_query_create(core, desc, out, core ? &core->queries : NULL, (const unsigned char *)sizes,
                                  size_stride, core ? core->component_count : 0);
}

#ifdef ESB_CHECKED
/* Asserts the core's invariants: the entity table's and the registry's own, and the component count's bound. */
void esb_core_check_invariants(const esb_world_core *core);
#endif

#endif
