/* Bundles as this design builds them, beyond what the contract can observe: one move per bundle, straight to a chunk
 * of the archetype of the final set (no archetype on the way is made, no edge is used), shared columns paired by id;
 * the chunk it leaves fills its hole and, once empty, goes back to the store. Built into this strategy's test
 * binaries (each variant: its own rows per chunk). */
#include <stdlib.h>
#include <string.h>

#include "support.h"
#include "chunks.h"

typedef struct { /* a vec3 */
    float x, y, z;
} vec3;

Test(chunks_bundle, a_bundle_is_one_move_to_the_final_archetype) {
    esb_world *w = conf_world();
    esb_component a = conf_register(w, "a", 4, 4, ESB_STORAGE_DENSE);
    esb_component b = conf_register(w, "b", 8, 8, ESB_STORAGE_DENSE);
    esb_component t = conf_register(w, "t", 0, 1, ESB_STORAGE_DENSE);
    esb_component c = conf_register(w, "c", 12, 4, ESB_STORAGE_DENSE);
    enum { N = 300 }; /* more than a chunk of {a} holds in the base variant (128), many in rows4 */
    esb_entity *e = malloc(N * sizeof *e);
    float *fa = malloc(N * sizeof *fa);
    for (int i = 0; i < N; ++i) fa[i] = (float)i;
    const void *first[] = {fa};
    cr_assert_eq(esb_create_bulk(w, N, &a, 1, first, e), ESB_OK);
    esb_query *changed_c = conf_query_changed(w, c);
    cr_assert_eq(conf_count(changed_c), 0);
    uint64_t archetypes = conf_counter(w, "archetypes"), moves = conf_counter(w, "moves"),
             edges = conf_counter(w, "edge_hits") + conf_counter(w, "edge_misses");

    /* Every entity gets {c, t, b}, ids in any order, the tag's value ignored: one move each. */
    esb_component ids[] = {c, t, b};
    for (int i = 0; i < N; ++i) {
        double vb = i + 0.5;
        vec3 vc = {(float)i, 7, 8};
        const void *values[] = {&vc, &vb, i % 3 ? &vb : NULL};
        cr_assert_eq(esb_add_bundle(w, e[i], ids, 3, values), ESB_OK);
    }
    esb_world_check(w);
    cr_assert_eq(conf_counter(w, "moves"), moves + N, "one move per bundle");
    cr_assert_eq(conf_counter(w, "archetypes"), archetypes + 1, "{a, b, t, c} only, none on the way");
    cr_assert_eq(conf_counter(w, "edge_hits") + conf_counter(w, "edge_misses"), edges, "the set found, not stepped");
    cr_assert_eq(conf_count(changed_c), N, "the bundle's components are additions");
    for (int i = 0; i < N; ++i) {
        void *p;
        cr_assert_eq(esb_get(w, e[i], a, &p), ESB_OK);
        cr_assert_eq(*(float *)p, (float)i, "the shared column copied");
        cr_assert_eq(esb_get(w, e[i], b, &p), ESB_OK);
        cr_assert_eq(*(double *)p, i % 3 ? i + 0.5 : 0.0);
        cr_assert_eq(esb_get(w, e[i], c, &p), ESB_OK);
        cr_assert_eq(memcmp(p, &(vec3){(float)i, 7, 8}, sizeof(vec3)), 0);
    }

    /* Removing three of four from every other entity: one move each to {b}, b's value kept. */
    esb_component gone[] = {t, a, c};
    for (int i = 0; i < N; i += 2) cr_assert_eq(esb_remove_bundle(w, e[i], gone, 3), ESB_OK);
    esb_world_check(w);
    cr_assert_eq(conf_counter(w, "moves"), moves + N + N / 2);
    cr_assert_eq(conf_counter(w, "archetypes"), archetypes + 2, "{b} only");
    for (int i = 0; i < N; ++i) {
        void *p;
        cr_assert_eq(esb_get(w, e[i], b, &p), ESB_OK);
        cr_assert_eq(*(double *)p, i % 3 ? i + 0.5 : 0.0);
        cr_assert_eq(esb_has(w, e[i], a), i % 2, "a kept by the odd ones alone");
        if (i % 2) {
            cr_assert_eq(esb_get(w, e[i], a, &p), ESB_OK);
            cr_assert_eq(*(float *)p, (float)i, "a row moved into a hole keeps its values");
        }
    }

    /* A failed bundle moves nothing; count 0 moves nothing either. */
    cr_assert_eq(esb_add_bundle(w, e[1], ids, 3, NULL), ESB_ERR_PRESENT);
    cr_assert_eq(esb_remove_bundle(w, e[0], gone, 3), ESB_ERR_ABSENT);
    cr_assert_eq(esb_remove_bundle(w, e[0], NULL, 0), ESB_OK);
    cr_assert_eq(conf_counter(w, "moves"), moves + N + N / 2);
    esb_world_check(w);
    free(fa);
    free(e);
    esb_world_destroy(w);
}
