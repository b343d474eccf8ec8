/* The value set arrays/ (bitmask and bitmask-cached): each component's values in one array indexed by entity
 * index, with holes where an entity lacks it (as pico_ecs stores them), made at the component's first add.
 * B3 here: a component with data that an alive entity has owns its array; a tag never has one. */
#ifndef BITMASK_VALUE_STORE_H
#define BITMASK_VALUE_STORE_H

typedef struct bm_value_store {
    unsigned char *data; /* world->capacity * size bytes, or NULL until first added (and for tags) */
} bm_value_store;

#endif
