/* The per-index location records of the designs that move entities between groups (archetype, hybrid, tables):
 * world->locations[index] says where an entity's row is, and begins with the handle it was filled for (a dead
 * index's holds ESB_ENTITY_NULL), so one load checks liveness and finds the row, as flecs' entity index records
 * do. The records grow with the entity table (esb_et_reserve_with) and mirror its slots
 * (esb_et_check_mirror).
 *
 * ESB_LOCATION_API(prefix, location_type) defines, for a world with `entities`, `locations`, `capacity` and
 * `component_count`, in the design's header:
 *   prefix_reserve_entities(w, extra)  room for `extra` more entities in the entity table and the records;
 *   prefix_alive(w, e)                 esb_alive through the records (the same answer as the table's slots);
 *   prefix_check(w, e, c)              STALE, then UNKNOWN_COMPONENT: the checks opening an operation on e and
 *                                      c after LOCKED, in the contract's order (as esb_check_change).
 * The operations write their first checks out (INVALID, LOCKED, then these) rather than through one more inline
 * helper: folded into one, they moved gcc's partial inlining of esb_remove (7 more instructions an add/remove
 * pair in tables, callgrind). */
#ifndef ESB_LOCATIONS_H
#define ESB_LOCATIONS_H

#include <stddef.h>

#include "entity_table.h"

#define ESB_LOCATION_API(prefix, location_type)                                                                      \
    _Static_assert(offsetof(location_type, handle) == 0, "a location record begins with its handle");                \
                                                                                                                     \
    static inline esb_status prefix##_reserve_entities(esb_world *w, uint64_t extra) {                               \
        return esb_et_reserve_with(&w->entities, extra, (void **)&w->locations, sizeof *w->locations, &w->capacity); \
    }                                                                                                                \
                                                                                                                     \
    static inline bool prefix##_alive(const esb_world *w, esb_entity e) {                                            \
        uint32_t idx = esb_entity_index(e);                                                                          \
        return idx < w->entities.issued && w->locations[idx].handle == e;                                            \
    }                                                                                                                \
                                                                                                                     \
    static inline esb_status prefix##_check(const esb_world *w, esb_entity e, esb_component c) {                     \
        if (!prefix##_alive(w, e)) return ESB_ERR_STALE;                                                             \
        return c < w->component_count ? ESB_OK : ESB_ERR_UNKNOWN_COMPONENT;                                          \
    }

#endif
