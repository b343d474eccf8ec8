/* The cache set uncached/ (bitmask): a query with the cached hint scans like any other, and no filter is attached.
 * Built into the test binaries of this set's variants. */
#include "support.h"
#include "bitmask.h"

Test(bitmask_uncached, a_cached_query_scans) {
    static const esb_component_desc desc = {"a", 4, 4, ESB_STORAGE_DENSE};
    esb_component a;
    esb_entity e[3];
    esb_world *world = conf_world_of(&desc, 1, &a, 3, 1, e);
    esb_query *q = conf_query(world, &(esb_query_desc){.fields = &a, .field_count = 1, .cached = true});
    cr_assert_str_eq(esb_query_kind(q), "scan");
    cr_assert(!q->cached && world->cached_count == 0);
    cr_assert_eq(conf_count(q), 3);
    esb_world_check(world);
    esb_world_destroy(world);
}
