/* The checks that open the contract's operations, in its order, written once so that every strategy returns the
 * same error for the same misuse.
 *
 * The functions take the parts of a world they read. The ESB_WORLD_CHECK_* macros apply them to a design's world
 * `w`, which may be NULL (then INVALID): every design's struct esb_world has the members `entities` (its
 * esb_entity_table), `queries` (its esb_query_registry) and `component_count`. The designs that find an entity
 * through location records check liveness there instead (locations.h), with the same order. */
#ifndef ESB_OP_CHECKS_H
#define ESB_OP_CHECKS_H

#include "entity_table.h"
#include "query_registry.h"
#include "validate.h"

/* add / remove of c on e: LOCKED, STALE, UNKNOWN_COMPONENT. */
static inline esb_status esb_check_change(const esb_query_registry *qr, const esb_entity_table *ei,
                                          uint32_t component_count, esb_entity e, esb_component c) {
    if (esb_qr_locked(qr)) return ESB_ERR_LOCKED;
    return esb_et_check(ei, e, c, component_count);
}

/* destroy of e: LOCKED, STALE. */
static inline esb_status esb_check_destroy(const esb_query_registry *qr, const esb_entity_table *ei, esb_entity e) {
    if (esb_qr_locked(qr)) return ESB_ERR_LOCKED;
    return esb_et_alive(ei, e) ? ESB_OK : ESB_ERR_STALE;
}

/* bulk create with ids (already through esb_check_id_list): LOCKED, UNKNOWN_COMPONENT. */
static inline esb_status esb_check_bulk(const esb_query_registry *qr, uint32_t component_count,
                                        const esb_component *ids, uint32_t count) {
    if (esb_qr_locked(qr)) return ESB_ERR_LOCKED;
    for (uint32_t k = 0; k < count; ++k)
        if (ids[k] >= component_count) return ESB_ERR_UNKNOWN_COMPONENT;
    return ESB_OK;
}

/* esb_component_register: INVALID (out NULL, desc not storable), LOCKED, FULL. */
static inline esb_status esb_check_register(const esb_query_registry *qr, uint32_t component_count,
                                            const esb_component_desc *desc, const esb_component *out) {
    if (!out || esb_check_component_desc(desc) != ESB_OK) return ESB_ERR_INVALID;
    if (esb_qr_locked(qr)) return ESB_ERR_LOCKED;
    return component_count == ESB_MAX_COMPONENTS ? ESB_ERR_FULL : ESB_OK;
}

/* esb_component_register for a world that records its components as esb_component_info in `components`: the
 * checks, then the next id, with nothing allocated (so never NOMEM). */
static inline esb_status esb_register_info(esb_component_info *components, uint32_t *count,
                                           const esb_query_registry *qr, const esb_component_desc *desc,
                                           esb_component *out) {
    esb_status s = esb_check_register(qr, *count, desc, out);
    if (s != ESB_OK) return s;
    components[*count] = esb_component_info_of(desc);
    *out = (*count)++;
    return ESB_OK;
}

#define ESB_WORLD_REGISTER_INFO(w, desc, out) \
    ((w) ? esb_register_info((w)->components, &(w)->component_count, &(w)->queries, (desc), (out)) : ESB_ERR_INVALID)
#define ESB_WORLD_CHECK_CHANGE(w, e, c) \
    ((w) ? esb_check_change(&(w)->queries, &(w)->entities, (w)->component_count, (e), (c)) : ESB_ERR_INVALID)
#define ESB_WORLD_CHECK_DESTROY(w, e) ((w) ? esb_check_destroy(&(w)->queries, &(w)->entities, (e)) : ESB_ERR_INVALID)
/* esb_create_bulk's checks up to UNKNOWN_COMPONENT: INVALID (w NULL, the id list), LOCKED, UNKNOWN_COMPONENT. The
 * caller then succeeds at once for n = 0, and returns FULL for n above ESB_MAX_ENTITIES. (Its other openings stay
 * written out in each design, esb_create's checks and the component set built in place: through helpers, gcc
 * inlined the create paths differently, up to 13% more instructions per entity under callgrind.) */
#define ESB_WORLD_CHECK_BULK(w, ids, count)              \
    (!(w) || esb_check_id_list((ids), (count)) != ESB_OK \
         ? ESB_ERR_INVALID                               \
         : esb_check_bulk(&(w)->queries, (w)->component_count, (ids), (count)))
#define ESB_WORLD_CHECK_REGISTER(w, desc, out) \
    ((w) ? esb_check_register(&(w)->queries, (w)->component_count, (desc), (out)) : ESB_ERR_INVALID)
/* esb_query_create's checks (esb_check_query_create) for a world whose components[c].SIZE (a uint32_t) is c's size
 * in bytes (0: a tag). */
#define ESB_WORLD_CHECK_QUERY_CREATE(w, desc, out, SIZE)                                                          \
    esb_check_query_create((w), (desc), (out), (w) ? &(w)->queries : NULL,                                        \
                           (w) ? (const unsigned char *)&(w)->components[0].SIZE : NULL, sizeof *(w)->components, \
                           (w) ? (w)->component_count : 0)

#endif
