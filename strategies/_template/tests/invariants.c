/* The template's invariants (template.h, W1-W5) can fail: a healthy world passes esb_world_check, and each test
 * breaks one invariant by hand and expects the check to abort. A check that never aborts would pass every other
 * suite unseen; a new design replaces these with tests of its own invariants. Built into this strategy's test
 * binaries (strategies/NAME/tests/). */
#include "check_aborts.h"
#include "support.h"
#include "template.h"

static esb_world *world;          /* static: still reachable when an aborting check stops the process */
static unsigned char *taken_data; /* likewise, a data array taken from the world */
static esb_component a, tag;
static esb_entity e[4];

/* Four entities with {a}, the second also with the tag, the last destroyed. */
static void healthy_world(void) {
    static const esb_component_desc descs[] = {{"a", 4, 4, ESB_STORAGE_DENSE}, {"tag", 0, 1, ESB_STORAGE_DENSE}};
    esb_component ids[2];
    world = conf_world_of(descs, 2, ids, 4, 1, e);
    a = ids[0], tag = ids[1];
    cr_assert_eq(esb_add(world, e[1], tag, NULL), ESB_OK);
    cr_assert_eq(esb_destroy(world, e[3]), ESB_OK);
    esb_world_check(world);
}

Test(template_invariants, a_healthy_world_passes) {
    healthy_world();
    cr_assert_eq(esb_remove(world, e[1], tag), ESB_OK);
    esb_world_check(world);
    esb_world_destroy(world);
}

Test(template_invariants, a_signature_bit_on_a_dead_index_aborts, CONF_CHECK_ABORTS) { /* W2 */
    healthy_world();
    esb_bitset_set(&world->signature[esb_entity_index(e[3])], a); /* a recycled index would be born with a */
    esb_world_check(world);
}

Test(template_invariants, a_signature_bit_of_an_unregistered_component_aborts, CONF_CHECK_ABORTS) { /* W2 */
    healthy_world();
    esb_bitset_set(&world->signature[esb_entity_index(e[0])], (esb_component)world->core.component_count);
    esb_world_check(world);
}

Test(template_invariants, a_held_component_without_its_data_aborts, CONF_CHECK_ABORTS) { /* W3 */
    healthy_world();
    taken_data = world->data[a];
    world->data[a] = NULL;
    esb_world_check(world);
}
