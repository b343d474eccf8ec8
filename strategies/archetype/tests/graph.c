/* The archetype graph beyond what the contract can observe: edge-cache hits and misses, thousands of
 * archetypes, edges of components registered late, the AoS record layout. Built into this strategy's test
 * binaries only. */
#include <string.h>

#include "each.h"
#include "support.h"
#include "archetype.h"

Test(archetype_graph, every_move_after_the_first_is_an_edge_hit) {
    esb_world *w = conf_world();
    esb_component a = conf_register(w, "A", 4, 4, ESB_STORAGE_DENSE);
    esb_component b = conf_register(w, "B", 4, 4, ESB_STORAGE_DENSE);
    esb_entity e[100];
    cr_assert_eq(esb_create_bulk(w, 100, &a, 1, NULL, e), ESB_OK);
    for (int round = 0; round < 3; ++round)
        for (int i = 0; i < 100; ++i) {
            float v = (float)(i + round);
            cr_assert_eq(esb_add(w, e[i], b, &v), ESB_OK);
            cr_assert_eq(esb_remove(w, e[i], b), ESB_OK);
        }
    /* The first add misses and fills both the add edge and its reverse: no other move misses. */
    cr_assert_eq(conf_counter(w, "edge_misses"), 1);
    cr_assert_eq(conf_counter(w, "edge_hits"), 599);
    cr_assert_eq(conf_counter(w, "moves"), 600);
    cr_assert_eq(conf_counter(w, "archetypes"), 3); /* {}, {A}, {A, B} */
    esb_world_destroy(w);
}

Test(archetype_graph, a_component_registered_after_the_edges_exist) {
    esb_world *w = conf_world();
    esb_component a = conf_register(w, "A", 4, 4, ESB_STORAGE_DENSE);
    esb_component b = conf_register(w, "B", 8, 8, ESB_STORAGE_DENSE);
    esb_entity e;
    cr_assert_eq(esb_create(w, &e), ESB_OK);
    cr_assert_eq(esb_add(w, e, a, NULL), ESB_OK);
    cr_assert_eq(esb_add(w, e, b, NULL), ESB_OK);
    esb_component late = conf_register(w, "Late", 16, 16, ESB_STORAGE_DENSE); /* beyond every edge array made so far */
    float v[4] = {1, 2, 3, 4};
    cr_assert_eq(esb_add(w, e, late, v), ESB_OK);
    cr_assert_eq(esb_remove(w, e, late), ESB_OK);
    cr_assert_eq(esb_add(w, e, late, v), ESB_OK);
    void *p;
    cr_assert_eq(esb_get(w, e, late, &p), ESB_OK);
    cr_assert_eq(memcmp(p, v, sizeof v), 0);
    cr_assert_eq(conf_counter(w, "edge_misses"), 3); /* + A, + B, + Late: every later move is a hit */
    esb_world_destroy(w);
}

#define EXTRA 12u

/* Entities spread over 2^12 archetypes: every one is found once per iteration, cached or not, with its values;
 * an archetype made after the cached query last ran is picked up at its next iteration. */
Test(archetype_graph, thousands_of_archetypes) {
    esb_world *w = conf_world();
    esb_component pos = conf_register(w, "P", 4, 4, ESB_STORAGE_DENSE);
    esb_component vel = conf_register(w, "V", 4, 4, ESB_STORAGE_DENSE), extra[EXTRA];
    for (unsigned k = 0; k < EXTRA; ++k) extra[k] = conf_register(w, "L", 4, 4, ESB_STORAGE_DENSE);
    enum { N = 2 << EXTRA };
    static esb_entity handles[N];
    for (uint32_t i = 0; i < N; ++i) {
        esb_component ids[2 + EXTRA] = {pos, vel};
        float p = (float)i, v = 1.0f;
        const void *values[2 + EXTRA] = {&p, &v};
        uint32_t count = 2;
        for (unsigned k = 0; k < EXTRA; ++k)
            if ((i >> k) & 1u) ids[count++] = extra[k];
        cr_assert_eq(esb_create_bulk(w, 1, ids, count, values, &handles[i]), ESB_OK);
    }
    cr_assert_eq(conf_counter(w, "archetypes"), 1 + (1u << EXTRA));

    esb_component fields[] = {pos, vel};
    esb_query_desc cached = {.fields = fields, .field_count = 2, .cached = true}, scan = cached;
    scan.cached = false;
    esb_query *q[2] = {conf_query(w, &cached), conf_query(w, &scan)};
    for (int pass = 0; pass < 2; ++pass) {
        if (pass == 1) { /* one more archetype: {P, V, Late} */
            esb_component late = conf_register(w, "Late", 0, 1, ESB_STORAGE_DENSE);
            cr_assert_eq(esb_add(w, handles[0], late, NULL), ESB_OK);
        }
        for (int k = 0; k < 2; ++k) {
            esb_iter it;
            uint64_t seen = 0, batches = 0;
            cr_assert_eq(esb_iter_begin(q[k], &it), ESB_OK);
            while (esb_iter_next(&it)) {
                batches++;
                ESB_EACH(&it.batch, i, {
                    esb_entity e = ESB_ENTITY(i);
                    cr_assert_eq(ESB_FIELD(0, float, i), (float)esb_entity_index(e));
                    cr_assert_eq(ESB_FIELD(1, float, i), 1.0f);
                    seen++;
                });
            }
            cr_assert_eq(seen, N);
            cr_assert_eq(batches, (1u << EXTRA) + (unsigned)pass, "%s query, pass %d", k ? "scan" : "cached", pass);
        }
    }
    esb_world_destroy(w);
}
