/* The checks that open every structural entity operation, in the contract's order, once the world pointer
 * is known to be non-NULL: every strategy makes them identically, so error codes agree. */
#ifndef ESB_OP_CHECKS_H
#define ESB_OP_CHECKS_H

#include "entity_table.h"
#include "query_registry.h"

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

#endif
