/* The per-index location records of the designs that move entities between groups (archetype, hybrid, tables):
 * world->locations[index] says where an entity's row is, and begins with the entity table's slot of that index
 * (entity_table.h, esb_et_in_records): its handle while it lives, the free list's link once it is dead. So one
 * load checks liveness and finds the row, as flecs's entity index records and Bevy's EntityMeta do, and the
 * handle is not stored a second time in an array of slots. The records are the entity table's storage and grow
 * with it (esb_et_reserve_with).
 *
 * ESB_LOCATION_API(prefix, location_type) defines, for a world with `entities`, `locations`, `capacity` and
 * `component_count`, in the design's header:
 *   prefix_use_records(w)              a new world's entity table keeps its slots in the records;
 *   prefix_take(w), prefix_release(w, e)   a handle issued, or released, in those slots;
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
    _Static_assert(offsetof(location_type, handle) == 0 && sizeof(esb_entity) == sizeof(esb_entity_word),            \
                   "a location record begins with its entity table slot");                                           \
                                                                                                                     \
    static inline void prefix##_use_records(esb_world *w) { esb_et_in_records(&w->entities, sizeof *w->locations); } \
                                                                                                                     \
    /* esb_et_take and esb_et_release of the slots in the records, their stride a constant */                        \
    static inline esb_entity prefix##_take(esb_world *w) {                                                           \
        return esb_et_take_in(&w->entities, sizeof(location_type) / sizeof(esb_entity_word));                        \
    }                                                                                                                \
    static inline void prefix##_release(esb_world *w, esb_entity e) {                                                \
        esb_et_release_in(&w->entities, e, sizeof(location_type) / sizeof(esb_entity_word));                         \
    }                                                                                                                \
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
