/* The value set pools/ (bitmask-pools): its part of B3 can fail, and a run of indices goes out as a slice of a
 * pool only where the pool holds them in that order. Built into the test binaries of the variants of this set. */
#include "check_aborts.h"
#include "support.h"
#include "bitmask.h"

static esb_world *world; /* static: still reachable when an aborting check stops the process */
static esb_component a;
static esb_entity e[4];

/* Four entities with a value of a, which passes the check (the healthy worlds of tests/invariants.c pass it in
 * this set's variants too). */
static void healthy_world(void) {
    static const esb_component_desc desc = {"a", 4, 4, ESB_STORAGE_DENSE};
    world = conf_world_of(&desc, 1, &a, 4, 1, e);
    esb_world_check(world);
}

Test(bitmask_pools, a_pool_missing_a_holder_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    esb_sparse_set *p = &world->components[a].values.pool;
    uint32_t pos;
    cr_assert(esb_sparse_find(p, e[0], &pos));
    esb_sparse_erase(p, pos); /* e[0]'s value gone, its mask bit left */
    esb_world_check(world);
}

Test(bitmask_pools, a_pool_holding_a_value_its_mask_lacks_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    world->mask[0][esb_entity_index(e[2])] &= ~(1ull << a); /* the mask forgets a, the pool still holds it */
    esb_world_check(world);
}

/* Entities created together sit side by side in their pool: a cached filter's run of indices goes out as a
 * slice of the pool; once the pool's order differs from the indices', through looked-up positions. */
Test(bitmask_pools, a_run_of_indices_is_a_pool_slice_only_where_the_pool_agrees) {
    static const esb_component_desc desc = {"a", 4, 4, ESB_STORAGE_DENSE};
    esb_entity ent[100];
    world = conf_world_of(&desc, 1, &a, 100, 1, ent);
    esb_query *q = conf_query(world, &(esb_query_desc){.fields = &a, .field_count = 1, .cached = true});
    esb_iter it;
    cr_assert_eq(esb_iter_begin(q, &it), ESB_OK);
    cr_assert(esb_iter_next(&it));
    cr_assert(it.batch.count == 100 && it.batch.rows[0] == NULL, "one slice of the pool");
    esb_iter_end(&it);
    cr_assert_eq(esb_remove(world, ent[0], a), ESB_OK); /* the pool's last value moves to the front */
    cr_assert_eq(esb_add(world, ent[0], a, NULL), ESB_OK);
    cr_assert_eq(esb_iter_begin(q, &it), ESB_OK);
    cr_assert(esb_iter_next(&it));
    cr_assert(it.batch.rows[0] != NULL, "the indices run, the pool does not: positions looked up");
    for (uint32_t i = 0; i < it.batch.count; ++i) {
        esb_entity en = it.batch.entities[it.batch.entity_rows ? it.batch.entity_rows[i] : i];
        void *v;
        cr_assert_eq(esb_get(world, en, a, &v), ESB_OK);
        cr_assert_eq((const unsigned char *)it.batch.base[0] + (size_t)it.batch.rows[0][i] * 4, v);
    }
    esb_iter_end(&it);
    esb_world_destroy(world);
}
