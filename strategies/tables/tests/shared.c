/* Per-table shared values (shared.h) and the column-per-table behaviour of this design, beyond the contract.
 * Built into this strategy's test binaries only. */
#include "each.h"
#include "support.h"
#include "shared.h"
#include "tables.h"

Test(tables_shared, one_value_per_table) {
    esb_world *w = conf_world();
    esb_component pos = conf_register(w, "P", 4, 4, ESB_STORAGE_DENSE);
    esb_component rend = conf_register(w, "Renderer", 8, 8, ESB_STORAGE_DENSE);
    esb_component vel = conf_register(w, "V", 4, 4, ESB_STORAGE_DENSE);
    esb_entity monsters[3], other;
    cr_assert_eq(esb_create_bulk(w, 3, &pos, 1, NULL, monsters), ESB_OK);
    cr_assert_eq(esb_create_bulk(w, 1, &vel, 1, NULL, &other), ESB_OK);
    double r = 42.5;
    void *p;
    cr_assert_eq(esb_tables_shared(w, monsters[0], rend, &p), ESB_ERR_ABSENT);
    cr_assert_null(p);
    cr_assert_eq(esb_tables_share(w, monsters[1], rend, &r), ESB_OK);
    for (int i = 0; i < 3; ++i) {
        cr_assert_eq(esb_tables_shared(w, monsters[i], rend, &p), ESB_OK);
        cr_assert_eq(*(double *)p, 42.5);
    }
    cr_assert_eq(esb_tables_shared(w, other, rend, &p), ESB_ERR_ABSENT, "another table shares nothing");
    cr_assert_eq(esb_has(w, monsters[0], rend), 0, "a shared value is not a column");
    r = 7;
    cr_assert_eq(esb_tables_share(w, monsters[2], rend, &r), ESB_OK);
    cr_assert_eq(esb_tables_shared(w, monsters[0], rend, &p), ESB_OK);
    cr_assert_eq(*(double *)p, 7.0);
    cr_assert_eq(esb_destroy(w, monsters[0]), ESB_OK);
    cr_assert_eq(esb_tables_shared(w, monsters[0], rend, &p), ESB_ERR_STALE);
    cr_assert_eq(esb_tables_share(w, monsters[1], 99, &r), ESB_ERR_UNKNOWN_COMPONENT);
    esb_world_destroy(w);
}

Test(tables_shared, allocation_failure_changes_nothing) {
    static const esb_component_desc descs[] = {{"P", 4, 4, ESB_STORAGE_DENSE}, {"Big", 64, 64, ESB_STORAGE_DENSE}};
    esb_component ids[2];
    esb_entity e;
    esb_world *w = conf_world_of(descs, 2, ids, 1, 1, &e); /* e with P alone */
    esb_component big = ids[1];
    for (uint64_t k = 1; k <= 2; ++k) {
        esb_mem_fail_nth(k);
        cr_assert_eq(esb_tables_share(w, e, big, NULL), ESB_ERR_NOMEM);
        esb_mem_fail_nth(0);
        void *p;
        cr_assert_eq(esb_tables_shared(w, e, big, &p), ESB_ERR_ABSENT);
    }
    cr_assert_eq(esb_tables_share(w, e, big, NULL), ESB_OK);
    esb_world_destroy(w);
}

/* Entities stay in the table they were created in: a component added to one row adds a column for all, the
 * others' slots stay empty, and a query over it tests presence. */
Test(tables_shared, a_column_for_the_whole_table) {
    static const esb_component_desc descs[] = {{"P", 4, 4, ESB_STORAGE_DENSE}, {"Weapon", 4, 4, ESB_STORAGE_DENSE}};
    esb_component fields[2];
    esb_entity e[200];
    esb_world *w = conf_world_of(descs, 2, fields, 200, 1, e); /* every entity with P alone */
    esb_component weapon = fields[1];
    for (int i = 0; i < 200; i += 7) {
        float v = (float)i;
        cr_assert_eq(esb_add(w, e[i], weapon, &v), ESB_OK);
    }
    const tb_location *loc = &tb_locations(w)[esb_entity_index(e[0])];
    cr_assert_eq(w->table_count, 1, "nothing moved to another table");
    cr_assert_eq(w->tables[loc->table]->columns[1].holders, (200 + 6) / 7);
    esb_query_desc d = {.fields = fields, .field_count = 2, .cached = true};
    esb_query *q = conf_query(w, &d);
    esb_iter it;
    int seen = 0;
    cr_assert_eq(esb_iter_begin(q, &it), ESB_OK);
    while (esb_iter_next(&it))
        ESB_EACH(&it.batch, i, {
            cr_assert_eq(esb_entity_index(ESB_ENTITY(i)) % 7, 0);
            cr_assert_eq(ESB_FIELD(1, float, i), (float)esb_entity_index(ESB_ENTITY(i)));
            seen++;
        });
    cr_assert_eq(seen, (200 + 6) / 7);
    esb_world_destroy(w);
}
