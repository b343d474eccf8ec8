/* The template design, the simplest honest one: each entity index has a 256-bit signature (which components it
 * has) and each component with data has one array indexed by entity index, with holes where an entity lacks
 * it. A query scans every issued index, tests the signature and hands out the matches as batches through an
 * index array.
 *
 * Everything that must agree with the other strategies (argument checks, error order, handles, iteration
 * locking) comes from _common/; what is left here is the storage itself, which is what a new design replaces.
 */
#ifndef TEMPLATE_H
#define TEMPLATE_H

#include "bitset.h"
#include "change_set.h"
#include "component_info.h"
#include "contract.h"
#include "world_core.h"
#include "entity_table.h"
#include "query_head.h"
#include "query_registry.h"

/* TPL_BATCH, each variant's in the variants file (the base line's unless a line sets its own): matches handed out
 * per batch, the size of each query's index array. */

struct esb_query {
    esb_query_head head; /* first member (query_head.h): registry node, kind, terms */
    esb_world *world;
    uint32_t *rows;          /* TPL_BATCH entries: the entity indices of the current batch */
    esb_change_set *changes; /* its change term's set of entity indices (change_set.h), or NULL */
};
_Static_assert(offsetof(esb_query, head) == 0, "a query begins with its head");

/* Invariants (check.c, esb_world_check):
 *  W1 The entity table's own (entity_table.h); its issued indices fit in capacity, which its slots may exceed
 *     (after a growth that failed halfway).
 *  W2 A signature names registered components only, and the signature of a dead or never-issued index (up to
 *     capacity) is empty: no query matches it, and an index issued again starts without components.
 *  W3 A component with data that an alive entity has owns its data array; a tag never has one.
 *  W4 The registry's own (query_registry.h); each query's terms (query_head.h), world and batch array; a query
 *     has a change set exactly when it has a change term, on the term's component.
 *  W5 The change sets' own (change_set.h): each holds capacity bits, set only for alive indices with its
 *     component. */
struct esb_world {
    esb_world_core core;   /* first member (_core/world_core.h): entity table, query registry, component count */
    uint32_t capacity;     /* entries in every per-entity array below */
    esb_bitset *signature; /* per entity index; all zero for dead and never-issued indices */
    esb_component_info components[ESB_MAX_COMPONENTS];
    unsigned char *data[ESB_MAX_COMPONENTS]; /* capacity * size bytes each; NULL for tags and until first used */
    esb_change_sets changes;                 /* the change terms' sets, by component (_common/change_set.h) */
    uint64_t indices_scanned;                /* reported by esb_world_counters */
};
_Static_assert(offsetof(esb_world, core) == 0, "a world begins with its core");

/* Room for `extra` more entities in the entity table and every per-entity array, all or nothing. */
esb_status tpl_reserve(esb_world *w, uint64_t extra);

/* Allocates component c's data array (capacity entries) if it has none yet. */
esb_status tpl_ensure_data(esb_world *w, esb_component c);

/* Address of c's value for entity index idx (c must have data). */
static inline unsigned char *tpl_value(const esb_world *w, esb_component c, uint32_t idx) {
    return w->data[c] + (size_t)idx * w->components[c].size;
}

static inline bool tpl_has(const esb_world *w, uint32_t idx, esb_component c) {
    return esb_bitset_test(&w->signature[idx], c);
}

/* Unlinks and frees a query (esb_query_destroy, and esb_world_destroy for the queries still alive). */
void tpl_query_free(esb_query *q);

#endif
