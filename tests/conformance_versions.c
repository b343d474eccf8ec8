/* Entity recycling policies. Every build: a recycled index never brings a destroyed handle back to life
 * within a strategy's version range. Builds with narrow versions (ESB_VERSION_BITS, a test-only variant)
 * exercise what happens when an index's versions run out: wrap-around (EnTT) or retirement
 * (ESB_RETIRE_EXHAUSTED, Shipyard). The cycles below keep one entity alive at a time, so the only index the
 * world can recycle is the one just freed. */
#include <stdlib.h>

#include "support.h"

#if ESB_VERSION_BITS < 32
#define VERSIONS_NARROW 1
#define VERSION_COUNT (1u << ESB_VERSION_BITS)
#else
#define VERSIONS_NARROW 0
#define VERSION_COUNT 4096u /* a sample of the range: all distinct */
#endif

/* Creates and destroys one entity `cycles` times; handles[i] is the i-th one. */
static void cycle(esb_world *w, esb_entity *handles, unsigned cycles) {
    for (unsigned i = 0; i < cycles; ++i) {
        CONF_EXPECT(esb_create(w, &handles[i]), ESB_OK);
        CONF_EXPECT(esb_destroy(w, handles[i]), ESB_OK);
    }
}

/* Within one run of versions the handles are all distinct, none alive once destroyed, and all of one index. */
Test(conf_versions, one_index_through_its_versions) {
    esb_world *w;
    CONF_EXPECT(esb_world_create(&w), ESB_OK);
    esb_entity *h = malloc(VERSION_COUNT * sizeof *h);
    cr_assert_not_null(h);
    cycle(w, h, VERSION_COUNT);
    for (unsigned i = 0; i < VERSION_COUNT; ++i) {
        cr_assert(!esb_alive(w, h[i]), "handle %u alive after its destroy", i);
        cr_assert_eq(esb_entity_index(h[i]), esb_entity_index(h[0]), "cycle %u did not recycle the freed index", i);
        /* versions are issued in turn, the last one the width holds included (contract.h, Entities) */
        cr_assert_eq(esb_entity_version(h[i]), i, "cycle %u issued version %u", i, esb_entity_version(h[i]));
        for (unsigned j = 0; j < i; ++j) cr_assert_neq(h[i], h[j], "cycles %u and %u gave the same handle", j, i);
    }
    free(h);
    esb_world_destroy(w);
}

#if VERSIONS_NARROW && !defined(ESB_RETIRE_EXHAUSTED)
/* Wrap-around: after all versions of an index were used, it starts over, and the first handle of the index
 * is alive again for the entity that now holds it (the aliasing EnTT documents). */
Test(conf_versions, exhausted_versions_wrap) {
    esb_world *w;
    CONF_EXPECT(esb_world_create(&w), ESB_OK);
    esb_entity h[VERSION_COUNT], again;
    cycle(w, h, VERSION_COUNT);
    CONF_EXPECT(esb_create(w, &again), ESB_OK);
    cr_assert_eq(again, h[0], "after %u versions the index should wrap to its first handle", VERSION_COUNT);
    cr_assert(esb_alive(w, h[0]));
    esb_world_destroy(w);
}
#endif

#if VERSIONS_NARROW && defined(ESB_RETIRE_EXHAUSTED)
/* Retirement: an index whose versions ran out is never handed out again; its old handles all stay dead,
 * however many entities come after. */
Test(conf_versions, exhausted_index_is_retired) {
    esb_world *w;
    CONF_EXPECT(esb_world_create(&w), ESB_OK);
    esb_entity h[VERSION_COUNT];
    cycle(w, h, VERSION_COUNT);
    uint32_t retired = esb_entity_index(h[0]);
    for (unsigned i = 0; i < 4 * VERSION_COUNT; ++i) {
        esb_entity e;
        CONF_EXPECT(esb_create(w, &e), ESB_OK);
        cr_assert_neq(esb_entity_index(e), retired, "the retired index %u was handed out again", retired);
        if (i % 2) CONF_EXPECT(esb_destroy(w, e), ESB_OK);
    }
    for (unsigned i = 0; i < VERSION_COUNT; ++i) cr_assert(!esb_alive(w, h[i]));
    esb_world_destroy(w);
}
#endif
