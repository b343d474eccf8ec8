/* The sparse-set design (EnTT, Shipyard): one pool per component type (_common/sparse_set.h) and an entity list with an
 * implicit free list (the shared entity table). Adding or removing a component touches only that component's
 * pool; a query is a view that walks the smallest of its pools and looks the entity up in the others. */
#ifndef SPARSE_WORLD_H
#define SPARSE_WORLD_H

#include "bitset.h"
#include "contract.h"
#include "entity_table.h"
#include "query_registry.h"
#include "sparse_set.h"

#define SP_VIEW_CHUNK 1024u /* entities tested per view batch */

typedef struct sp_component {
    const char *name;
    sp_pool pool;
} sp_component;

typedef enum sp_kind { SP_VIEW, SP_OWNED, SP_PARTIAL, SP_NON_OWNED } sp_kind;

struct esb_query {
    esb_query_node node; /* first member (query_registry.h) */
    esb_world *world;
    sp_kind kind;
    /* groups (group.h) */
    struct esb_query *next_group;  /* the world's list of groups */
    esb_bitset watched;            /* included and excluded components */
    esb_component owned[ESB_MAX_FIELDS + ESB_MAX_TERMS];
    uint32_t owned_count;
    uint32_t len;                  /* owned and partial: members are [0, len) of every owned pool */
    sp_pool members;               /* non-owned: the member entities (a pool without data) */
    esb_component fields[ESB_MAX_FIELDS];
    uint32_t field_count;
    esb_component include[ESB_MAX_FIELDS + ESB_MAX_TERMS]; /* fields, then with terms */
    uint32_t include_count;
    esb_component exclude[ESB_MAX_TERMS];
    uint32_t exclude_count;
    bool matches_nothing;
    uint32_t *scratch; /* (field_count + 1) * SP_VIEW_CHUNK positions: per field, then the driving pool's */
};

struct esb_world {
    esb_entity_table entities;
    sp_component components[ESB_MAX_COMPONENTS];
    struct esb_query *owner[ESB_MAX_COMPONENTS]; /* the group owning each pool, if any */
    struct esb_query *groups;                    /* every group */
    uint64_t group_moves;                        /* entities entering or leaving groups */
    uint32_t component_count;
    esb_query_registry queries; /* every live query, and the iteration lock */
};

void sp_query_free(struct esb_query *q);

#endif
