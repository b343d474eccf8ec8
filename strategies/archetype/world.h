/* The archetype design of flecs and Bevy ("Understanding bevy's ECS implementation", the Mach ECS discussion):
 * one table per distinct component set. A table's rows are its entities; each component with data is a column,
 * so every entity of a table has every column filled and a query hands out whole tables as plain arrays.
 *
 * Adding or removing a component moves the entity to the table of its new set. Each archetype caches, per
 * component, the archetype reached by adding and by removing it (the edges of the archetype graph), filled the
 * first time that move happens; a miss falls back to the world's index of archetypes by component set.
 *
 * Two row layouts, chosen at compile time (table.h): SoA, one array per column (flecs, Bevy: the default),
 * and with ESB_ARCHETYPE_AOS packed records, every component of a row side by side (archetype-aos).
 */
#ifndef ARCHETYPE_WORLD_H
#define ARCHETYPE_WORLD_H

#include "bitset.h"
#include "contract.h"
#include "entity_table.h"
#include "query_registry.h"

#define AT_NONE UINT32_MAX /* no archetype: an edge not cached yet, an empty index slot */

typedef struct at_component_info {
    const char *name;
    uint32_t size; /* 0: a tag, part of signatures but never a column */
    uint32_t align;
} at_component_info;

/* One column of a table: the data of one component for every row. Columns are ordered by component id, so the
 * column of component c is c's rank among the archetype's data components (at_column_of). */
typedef struct at_column {
    esb_component id;
    uint32_t size;
    uint32_t align;
    uint32_t offset;     /* AoS: byte offset of this component inside a record; SoA: 0 */
    unsigned char *data; /* SoA: capacity * size bytes; AoS: unused */
} at_column;

/* The archetype graph's cached neighbours for one component id. */
typedef struct at_edge {
    uint32_t add;    /* archetype reached by adding the component, or AT_NONE until first taken */
    uint32_t remove; /* archetype reached by removing it, or AT_NONE */
} at_edge;

typedef struct at_archetype {
    esb_bitset signature;      /* every component, tags included */
    esb_bitset data_signature; /* the components that have a column */
    /* the table */
    esb_entity *entities;      /* row -> handle */
    uint32_t count, capacity;  /* rows in use, rows allocated */
    at_column *columns;
    uint32_t column_count;
    unsigned char *records;    /* AoS: capacity * record_size bytes; SoA: unused */
    uint32_t record_size;      /* AoS: bytes per row, a multiple of record_align; SoA: 0 */
    uint32_t record_align;
    /* the graph */
    at_edge *edges;            /* edge_count entries indexed by component id, allocated on first use */
    uint32_t edge_count;
} at_archetype;

/* Where an entity lives, beside a copy of its handle (ESB_ENTITY_NULL once destroyed), as Bevy's entity metadata
 * keeps generation and location together: a lookup checks liveness and finds the row in one cache line. The
 * entity table's own slots are touched only when handles are issued and released. */
typedef struct at_location {
    esb_entity handle;
    uint32_t archetype;
    uint32_t row;
} at_location;

/* Archetypes by component set: open addressing over archetype indices, hashed by signature. */
typedef struct at_signature_index {
    uint32_t *slots; /* capacity entries (a power of two), AT_NONE when empty */
    uint32_t capacity;
} at_signature_index;

struct esb_query {
    esb_query_node node; /* first member (query_registry.h) */
    esb_world *world;
    const char *kind;
    esb_component fields[ESB_MAX_FIELDS];
    uint32_t field_count;
    esb_bitset include, exclude;
    bool matches_nothing; /* a component both included and excluded */
    bool cached;
    /* cached: the matching archetypes, and per match the column of each field, field_count entries each */
    uint32_t *matched;
    uint16_t *matched_columns;
    uint32_t matched_count, matched_capacity;
    uint32_t archetypes_seen; /* archetypes 0 .. archetypes_seen - 1 have been tested against the query */
};

struct esb_world {
    esb_entity_table entities;
    at_location *locations;  /* per entity index, capacity entries; meaningful for alive indices */
    uint32_t capacity;
    at_component_info components[ESB_MAX_COMPONENTS];
    uint32_t component_count;
    at_archetype **archetypes; /* archetype 0 is the empty set; pointers stay put as the array grows */
    uint32_t archetype_count, archetype_capacity;
    at_signature_index index;
    esb_query_registry queries;
    uint64_t edge_hits, edge_misses, moves;
};

#define AT_ROOT 0u /* the archetype of entities with no component */

/* Makes room for `extra` more entities in the entity index and the location array (all or nothing). */
esb_status at_reserve_entities(esb_world *w, uint64_t extra);

/* esb_alive through the locations: the same answer as the entity table's slots, which they mirror. */
static inline bool at_alive(const esb_world *w, esb_entity e) {
    uint32_t idx = esb_entity_index(e);
    return idx < w->entities.issued && w->locations[idx].handle == e;
}

/* The checks opening an operation on e and component c, in the contract's order (as esb_check_change). */
static inline esb_status at_check(const esb_world *w, esb_entity e, esb_component c) {
    if (!at_alive(w, e)) return ESB_ERR_STALE;
    return c < w->component_count ? ESB_OK : ESB_ERR_UNKNOWN_COMPONENT;
}

static inline bool at_has(const at_archetype *a, esb_component c) { return esb_bitset_test(&a->signature, c); }

/* Column of data component c in a (c must be one of a's data components): its rank among them. */
static inline uint32_t at_column_of(const at_archetype *a, esb_component c) {
    uint32_t word = c >> 6, rank = 0;
    for (uint32_t k = 0; k < word; ++k) rank += (uint32_t)__builtin_popcountll(a->data_signature.w[k]);
    return rank + (uint32_t)__builtin_popcountll(a->data_signature.w[word] & ((1ull << (c & 63)) - 1));
}

/* Frees a query and unlinks it, whatever its state. */
void at_query_free(struct esb_query *q);

#endif
