/* The sparse-set design's invariants (sparse.h, P1-P8) can fail: a healthy world passes esb_world_check, and each
 * test breaks one invariant by hand and expects the check to abort. Built into this strategy's test binaries; the
 * group tests into sparse-groups'. */
#include "check_aborts.h"
#include "support.h"
#include "sparse.h"

static esb_world *world; /* static: still reachable when an aborting check stops the process */
static esb_component a, b, c;
static esb_entity e[6];

/* Six entities with {a, b}, two of them with c, and a cached query over a and b without c (an owned group in
 * sparse-groups: its members are the first len entities of the pools of a and b). */
static esb_query *healthy_world(void) {
    world = conf_world();
    a = conf_register(world, "a", 4, 4, ESB_STORAGE_DENSE);
    b = conf_register(world, "b", 8, 8, ESB_STORAGE_DENSE);
    c = conf_register(world, "c", 0, 1, ESB_STORAGE_DENSE);
    esb_component ab[] = {a, b};
    esb_query_desc desc = {.fields = ab, .field_count = 2, .without = &c, .without_count = 1, .cached = true};
    esb_query *q = conf_query(world, &desc);
    cr_assert_eq(esb_create_bulk(world, 6, ab, 2, NULL, e), ESB_OK);
    cr_assert_eq(esb_add(world, e[1], c, NULL), ESB_OK);
    cr_assert_eq(esb_add(world, e[4], c, NULL), ESB_OK);
    esb_world_check(world);
    return q;
}

Test(sparse_invariants, a_healthy_world_passes) {
    healthy_world();
    cr_assert_eq(esb_remove(world, e[1], c), ESB_OK);
    cr_assert_eq(esb_destroy(world, e[0]), ESB_OK);
    esb_world_check(world);
    esb_world_destroy(world);
}

Test(sparse_invariants, a_pool_holding_a_dead_entity_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    esb_et_release(&world->core.entities, e[5]); /* destroyed in the entity table alone */
    esb_world_check(world);
}

#ifdef ESB_SPARSE_GROUPS
Test(sparse_invariants, a_group_length_marker_one_short_aborts, CONF_CHECK_ABORTS) {
    esb_query *q = healthy_world();
    cr_assert(q->kind == SP_OWNED && q->len == 4);
    q->len--; /* a matching entity left out of the group */
    esb_world_check(world);
}

Test(sparse_invariants, a_group_missing_from_its_exclusions_listeners_aborts, CONF_CHECK_ABORTS) {
    esb_query *q = healthy_world();
    cr_assert(world->listeners[c].excluding == &q->exclude_watch[0]);
    world->listeners[c].excluding = NULL; /* adding c would no longer make an entity leave */
    esb_world_check(world);
}

Test(sparse_invariants, a_listener_in_another_components_list_aborts, CONF_CHECK_ABORTS) {
    esb_query *q = healthy_world();
    cr_assert(world->listeners[a].including == &q->include_watch[0] && !world->listeners[c].including);
    world->listeners[a].including = NULL; /* changes of a would answer to c's list */
    world->listeners[c].including = &q->include_watch[0];
    esb_world_check(world);
}

Test(sparse_invariants, owned_pools_out_of_step_abort, CONF_CHECK_ABORTS) {
    esb_query *q = healthy_world();
    esb_sparse_set *p = &world->components[q->owned[1]].pool;
    esb_entity_word first = p->dense[0], second = p->dense[1]; /* swap two members in one owned pool only */
    p->dense[0] = second;
    p->dense[1] = first;
    esb_sparse_point(p, esb_entity_of(first), 1);
    esb_sparse_point(p, esb_entity_of(second), 0);
    esb_world_check(world);
}
#endif

#if !defined(ESB_SPARSE_GROUPS) && !defined(ESB_SPARSE_ENTT_VIEW)
/* A pass of the cached view records sp_run's answers (P7); one that sp_run no longer gives is caught. */
Test(sparse_invariants, a_run_memo_entry_sp_run_does_not_give_aborts, CONF_CHECK_ABORTS) {
    esb_query *q = healthy_world();
    esb_iter it;
    cr_assert_eq(esb_iter_begin(q, &it), ESB_OK);
    while (esb_iter_next(&it)) continue;
    esb_world_check(world);
    cr_assert(q->remembers_runs && q->memo.count > 0);
    q->memo.entries[1] += 1; /* the first entry's run, one longer than the pools allow */
    esb_world_check(world);
}
#endif

/* P8: an observer of a, its set of changed entities. */
static esb_query *observing_a(void) {
    esb_query *q = conf_query_changed(world, a);
    float v = 1.0f;
    cr_assert_eq(esb_set(world, e[0], a, &v), ESB_OK);
    esb_world_check(world);
    return q;
}

Test(sparse_invariants, an_observer_holding_an_entity_without_its_component_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    esb_query *q = observing_a();
    esb_entity lone;
    cr_assert_eq(esb_create(world, &lone), ESB_OK);
    cr_assert_eq(esb_sparse_reserve(&q->observed, 1), ESB_OK);
    cr_assert_eq(esb_sparse_reserve_index(&q->observed, esb_entity_index(lone)), ESB_OK);
    esb_sparse_emplace(&q->observed, lone, NULL); /* lone has no a */
    esb_world_check(world);
}

Test(sparse_invariants, an_observer_count_off_by_one_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    observing_a();
    world->observer_count++;
    esb_world_check(world);
}

Test(sparse_invariants, a_healthy_world_with_an_observer_passes) {
    healthy_world();
    esb_query *q = observing_a();
    cr_assert_eq(conf_count(q), 1);
    cr_assert_eq(esb_remove(world, e[1], c), ESB_OK);
    cr_assert_eq(esb_destroy(world, e[2]), ESB_OK);
    esb_world_check(world);
    esb_world_destroy(world);
}
