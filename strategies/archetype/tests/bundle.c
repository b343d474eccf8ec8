/* Bundles as this design builds them, beyond what the contract can observe: one move per bundle, straight to the
 * archetype of the final set (no archetype on the way is made, no edge is used), with the shared columns copied by
 * id. Built into this strategy's test binaries (archetype and archetype-aos). */
#include <string.h>

#include "support.h"
#include "archetype.h"

typedef struct { /* a vec3 */
    float x, y, z;
} vec3;

Test(archetype_bundle, a_bundle_is_one_move_to_the_final_archetype) {
    esb_world *w = conf_world();
    esb_component a = conf_register(w, "a", 4, 4, ESB_STORAGE_DENSE);
    esb_component b = conf_register(w, "b", 8, 8, ESB_STORAGE_DENSE);
    esb_component t = conf_register(w, "t", 0, 1, ESB_STORAGE_DENSE);
    esb_component c = conf_register(w, "c", 12, 4, ESB_STORAGE_DENSE);
    esb_entity e[3];
    float fa[3] = {1, 2, 3};
    const void *first[] = {fa};
    for (int i = 0; i < 3; ++i) {
        first[0] = &fa[i];
        cr_assert_eq(esb_create_bulk(w, 1, &a, 1, first, &e[i]), ESB_OK);
    }
    esb_query *changed_c = conf_query_changed(w, c);
    cr_assert_eq(conf_count(changed_c), 0);
    uint64_t archetypes = conf_counter(w, "archetypes"), moves = conf_counter(w, "moves"),
             edges = conf_counter(w, "edge_hits") + conf_counter(w, "edge_misses");

    /* e[0] is the first row of {a}: e[2] takes its place there. Ids in any order, the tag's value ignored. */
    double vb = 4.5;
    vec3 vc = {6, 7, 8};
    esb_component ids[] = {c, t, b};
    const void *values[] = {&vc, &vb, &vb};
    cr_assert_eq(esb_add_bundle(w, e[0], ids, 3, values), ESB_OK);
    esb_world_check(w);
    cr_assert_eq(conf_counter(w, "moves"), moves + 1, "one move for three components");
    cr_assert_eq(conf_counter(w, "archetypes"), archetypes + 1, "{a, b, t, c} only, none on the way");
    cr_assert_eq(conf_counter(w, "edge_hits") + conf_counter(w, "edge_misses"), edges, "the set found, not stepped");
    void *p;
    cr_assert_eq(esb_get(w, e[0], a, &p), ESB_OK);
    cr_assert_eq(*(float *)p, 1.0f, "the shared column copied");
    cr_assert_eq(esb_get(w, e[0], b, &p), ESB_OK);
    cr_assert_eq(*(double *)p, 4.5);
    cr_assert_eq(esb_get(w, e[0], c, &p), ESB_OK);
    cr_assert_eq(memcmp(p, &vc, sizeof vc), 0);
    cr_assert_eq(esb_has(w, e[0], t), 1);
    cr_assert_eq(esb_get(w, e[2], a, &p), ESB_OK);
    cr_assert_eq(*(float *)p, 3.0f, "the row moved into the hole keeps its value");
    cr_assert(conf_contains(changed_c, e[0]), "the bundle's components are additions");

    /* A second entity into the same archetype, values NULL: zeros. */
    cr_assert_eq(esb_add_bundle(w, e[1], ids, 3, NULL), ESB_OK);
    cr_assert_eq(esb_get(w, e[1], c, &p), ESB_OK);
    cr_assert_eq(memcmp(p, &(vec3){0, 0, 0}, sizeof(vec3)), 0);
    cr_assert_eq(conf_counter(w, "archetypes"), archetypes + 1);

    /* Removing three of four: one move to {b}, b's value kept. */
    esb_component gone[] = {t, a, c};
    cr_assert_eq(esb_remove_bundle(w, e[0], gone, 3), ESB_OK);
    esb_world_check(w);
    cr_assert_eq(conf_counter(w, "moves"), moves + 3);
    cr_assert_eq(conf_counter(w, "archetypes"), archetypes + 2, "{b} only");
    cr_assert_eq(esb_get(w, e[0], b, &p), ESB_OK);
    cr_assert_eq(*(double *)p, 4.5);
    cr_assert_eq(esb_has(w, e[0], a) + esb_has(w, e[0], t) + esb_has(w, e[0], c), 0);
    cr_assert_eq(esb_get(w, e[1], a, &p), ESB_OK);
    cr_assert_eq(*(float *)p, 2.0f, "the other row of the source table is untouched");

    /* A failed bundle moves nothing; count 0 moves nothing either. */
    cr_assert_eq(esb_add_bundle(w, e[0], ids, 3, NULL), ESB_ERR_PRESENT);
    cr_assert_eq(esb_remove_bundle(w, e[0], gone, 3), ESB_ERR_ABSENT);
    cr_assert_eq(esb_add_bundle(w, e[0], NULL, 0, NULL), ESB_OK);
    cr_assert_eq(conf_counter(w, "moves"), moves + 3);
    esb_world_check(w);
    esb_world_destroy(w);
}
