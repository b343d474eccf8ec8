/* The value set pools/ (bitmask-pools): the values where "ECS: under the hood" keeps them, each component's in a
 * sparse-set pool (_common/sparse_set.h, its ComponentsPool), each tag in its mask bit alone (its TagsPool).
 * B3 here: each pool keeps sparse_set.h's invariants and holds exactly the alive entities whose mask has its
 * component (none for a tag). */
#ifndef BITMASK_VALUE_STORE_H
#define BITMASK_VALUE_STORE_H

#include "sparse_set.h"

typedef struct bm_value_store {
    esb_sparse_set pool; /* the values of the entities that have it; empty for a tag */
} bm_value_store;

#endif
