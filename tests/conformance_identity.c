/* Names and other identity functions; independence of worlds. */
#include <string.h>

#include "support.h"

Test(conf_identity, strategy_name) {
    const char *name = esb_strategy_name();
    cr_assert(name && name[0], "esb_strategy_name must return a non-empty string");
    cr_assert_str_eq(name, ESB_STRATEGY_NAME, "esb_strategy_name must be the name the build set");
}

Test(conf_identity, status_names_distinct) {
    const int all[] = {ESB_OK,          ESB_ERR_INVALID, ESB_ERR_LOCKED, ESB_ERR_STALE, ESB_ERR_UNKNOWN_COMPONENT,
                       ESB_ERR_PRESENT, ESB_ERR_ABSENT,  ESB_ERR_FULL,   ESB_ERR_NOMEM};
    const size_t n = sizeof all / sizeof all[0];
    for (size_t i = 0; i < n; ++i) {
        const char *a = esb_status_name(all[i]);
        cr_assert(a && a[0], "esb_status_name(%d) must be non-empty", all[i]);
        cr_assert_str_neq(a, "?", "esb_status_name(%d) is the name for values outside the enum", all[i]);
        for (size_t j = 0; j < i; ++j)
            cr_assert_str_neq(a, esb_status_name(all[j]), "statuses %d and %d share the name %s", all[i], all[j], a);
    }
    cr_assert_str_eq(esb_status_name(1), "?");
    cr_assert_str_eq(esb_status_name(-9), "?");
    cr_assert_str_eq(esb_status_name(-1000), "?");
}

Test(conf_identity, counters_are_named) {
    conf_basic b = conf_basic_world();
    for (int i = 0; i < 10; ++i) conf_add_f32(b.w, conf_new(b.w), b.f32, 1.0f);
    const char *names[64];
    uint64_t values[64];
    size_t n = esb_world_counters(b.w, names, values, 64);
    for (size_t i = 0; i < n && i < 64; ++i) cr_assert_not_null(names[i], "counter %zu has no name", i);
    if (n > 1) {
        const char *one[1] = {NULL};
        uint64_t v[1];
        cr_assert_eq(esb_world_counters(b.w, one, v, 1), n, "the count must not depend on cap");
        cr_assert_not_null(one[0], "counter 0 has no name");
    }
    esb_world_destroy(b.w);
}

Test(conf_identity, worlds_are_independent) {
    conf_basic a = conf_basic_world();
    esb_world *w2;
    cr_assert_eq(esb_world_create(&w2), ESB_OK);
    esb_component id = 99;
    esb_component_desc d = {"only", 8, 8, ESB_STORAGE_DENSE};
    cr_assert_eq(esb_component_register(w2, &d, &id), ESB_OK);
    cr_assert_eq(id, 0, "component ids are per world");
    esb_entity e = conf_new(a.w);
    conf_add_f32(a.w, e, a.f32, 2.0f);
    cr_assert_eq(esb_has(w2, conf_new(w2), 1), ESB_ERR_UNKNOWN_COMPONENT, "w2 has one component");
    esb_query *q = conf_query1(w2, id, false);
    esb_iter it;
    cr_assert_eq(esb_iter_begin(q, &it), ESB_OK);
    esb_entity x;
    cr_assert_eq(esb_create(a.w, &x), ESB_OK, "an iterator of another world must not lock this one");
    esb_iter_end(&it);
    cr_assert_eq(conf_get_f32(a.w, e, a.f32), 2.0f);
    esb_query_destroy(q);
    esb_world_destroy(w2);
    esb_world_destroy(a.w);
}
