/* Query-wide adds and removes as this design builds them, beyond what the contract can observe: a tag re-homes
 * whole chunks (no chunk taken, no row copied: the values stay where they were), a component with data copies the
 * rows in runs into chunks reserved first and releases the emptied ones whole. Built into this strategy's test
 * binaries (each variant: its own rows per chunk). */
#include <stdlib.h>
#include <string.h>

#include "support.h"
#include "chunks.h"

Test(chunks_matching, a_tag_re_homes_whole_chunks_and_a_component_copies_runs) {
    conf_basic b = conf_basic_world();
    esb_world *w = b.w;
    enum { N = 300 }; /* more than a chunk of {f32} holds in the base variant (128), many in rows4 */
    esb_entity *e = malloc(N * sizeof *e);
    float **where = malloc(N * sizeof *where);
    for (int i = 0; i < N; ++i) {
        e[i] = conf_new_f32(&b, (float)i);
        if (i % 3 == 0) CONF_EXPECT(esb_add(w, e[i], b.f64, NULL), ESB_OK); /* a second source archetype */
    }
    esb_query *q = conf_query1(w, b.f32, true), *changed = conf_query_changed(w, b.f32);
    for (int i = 0; i < N; ++i) CONF_EXPECT(esb_get(w, e[i], b.f32, (void **)&where[i]), ESB_OK);
    uint64_t chunks = conf_counter(w, "chunks"), taken = conf_counter(w, "chunks_taken"),
             moves = conf_counter(w, "moves");

    size_t count = 0;
    CONF_EXPECT(esb_add_matching(q, b.tag, NULL, &count), ESB_OK);
    esb_world_check(w);
    cr_assert_eq(count, N);
    cr_assert_eq(conf_counter(w, "moves"), moves + N, "one move per entity");
    cr_assert_eq(conf_counter(w, "chunks_taken"), taken, "a tag took chunks instead of re-homing them");
    cr_assert_eq(conf_counter(w, "chunks"), chunks);
    cr_assert_eq(conf_count(changed), N, "the re-homed chunks' rows are additions");
    for (int i = 0; i < N; ++i) {
        float *p;
        CONF_EXPECT(esb_get(w, e[i], b.f32, (void **)&p), ESB_OK);
        cr_assert(p == where[i] && *p == (float)i, "entity %d's value moved", i);
        cr_assert_eq(esb_has(w, e[i], b.tag), 1);
    }

    /* vec3 has data: the rows go to new chunks, the old ones go back to the store. */
    float v3[3] = {4, 5, 6};
    CONF_EXPECT(esb_add_matching(q, b.vec3, v3, &count), ESB_OK);
    esb_world_check(w);
    cr_assert_eq(count, N);
    cr_assert_eq(conf_count(changed), N);
    for (int i = 0; i < N; ++i) {
        void *p;
        cr_assert_eq(conf_get_f32(w, e[i], b.f32), (float)i, "entity %d's f32 copied wrong", i);
        CONF_EXPECT(esb_get(w, e[i], b.vec3, &p), ESB_OK);
        cr_assert_eq(memcmp(p, v3, sizeof v3), 0, "entity %d's vec3 is not the value", i);
    }
    for (uint32_t id = 0; id < w->graph.count; ++id) {
        const ck_archetype *a = ck_archetype_of(w, id);
        cr_assert(esb_bitset_test(&a->node.signature, b.vec3) || !a->chunk_count,
                  "archetype %u kept chunks after its rows left", id);
    }

    /* Back, both ways: every entity where it began, with its value. */
    CONF_EXPECT(esb_remove_matching(q, b.vec3, &count), ESB_OK);
    cr_assert_eq(count, N);
    CONF_EXPECT(esb_remove_matching(q, b.tag, &count), ESB_OK);
    cr_assert_eq(count, N);
    esb_world_check(w);
    cr_assert_eq(conf_counter(w, "moves"), moves + 4 * N);
    for (int i = 0; i < N; ++i) {
        cr_assert_eq(conf_get_f32(w, e[i], b.f32), (float)i);
        cr_assert_eq(esb_has(w, e[i], b.vec3) + esb_has(w, e[i], b.tag), 0);
        cr_assert_eq(esb_has(w, e[i], b.f64), i % 3 == 0);
    }
    CONF_EXPECT(esb_query_destroy(q), ESB_OK);
    CONF_EXPECT(esb_query_destroy(changed), ESB_OK);
    free(where);
    free(e);
    esb_world_destroy(w);
}
