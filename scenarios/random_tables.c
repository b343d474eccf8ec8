/* Many component sets, few entities each.
 * random_tables_qK (K = 1, 4, 8): n entities, each with a fixed-seed coin-flip subset of the twelve one-float
 *   components C0..C11 (up to 4096 sets), each spawned with its whole set at once; a run is one pass of a cached
 *   query over C0..C(K-1) (matching about 1/2, 1/16 and 1/256 of the entities), each match setting
 *   C0 = C0 / 2 + C1 + ... + C(K-1) + 1, so every term is read.
 * empty_tables: the same world after all entities but every 16th are destroyed, so most of the sets that once
 *   held entities are empty (the case where a design that keeps empty tables must not walk them); the run is
 *   random_tables_q1's pass.
 * The unit is one entity created (ns per entity = a pass's time / n). */
#include "each.h"
#include "ecs.h"
#include "scenario.h"
#include "info.h"

#define TABLE_COMPONENTS 12u
#define EMPTY_KEEP_EVERY 16u

typedef struct tables_ctx {
    scn_ctx base;
    esb_component comp[TABLE_COMPONENTS];
    uint32_t terms;
    bool thinned;      /* empty_tables: only every 16th entity is alive */
    uint64_t expected; /* entities the query must find */
} tables_ctx;

static unsigned set_of(uint64_t i) { return (unsigned)(data_mix64(i ^ 0x7AB1E5ull) & ((1u << TABLE_COMPONENTS) - 1)); }
static float start_value(uint64_t i, unsigned k) { return data_scalar(i * TABLE_COMPONENTS + k).v; }
static bool alive_in(const tables_ctx *c, uint64_t i) { return !c->thinned || i % EMPTY_KEEP_EVERY == 0; }
static bool matches(const tables_ctx *c, uint64_t i) {
    unsigned need = (1u << c->terms) - 1;
    return alive_in(c, i) && (set_of(i) & need) == need;
}

/* The pass's update of one entity's first term, given its terms' values in order. */
static float updated(const float *terms, uint32_t count) {
    float v = terms[0] * 0.5f;
    for (uint32_t k = 1; k < count; ++k) v += terms[k];
    return v + 1.0f;
}

static esb_status spawn(tables_ctx *c, uint64_t i) {
    esb_component ids[TABLE_COMPONENTS];
    scalar values[TABLE_COMPONENTS];
    const void *pointers[TABLE_COMPONENTS];
    uint32_t count = 0;
    for (unsigned k = 0, set = set_of(i); k < TABLE_COMPONENTS; ++k) {
        if (!(set >> k & 1u)) continue;
        values[count].v = start_value(i, k);
        ids[count] = c->comp[k];
        pointers[count] = &values[count];
        count++;
    }
    return count ? esb_create_bulk(c->base.world, 1, ids, count, pointers, &c->base.handles[i])
                 : esb_create(c->base.world, &c->base.handles[i]);
}

/* What distinguishes the family's scenarios. */
typedef struct tables_params {
    uint32_t terms; /* the pass's query is over C0 .. C(terms - 1) */
    bool thinned;   /* all but every 16th entity are destroyed before the passes */
} tables_params;

static void *tables_setup(size_t n, const void *params, const char **error) {
    const tables_params *p = params;
    uint32_t terms = p->terms;
    bool thinned = p->thinned;
    static const char *const names[TABLE_COMPONENTS] = {"C0", "C1", "C2", "C3", "C4",  "C5",
                                                        "C6", "C7", "C8", "C9", "C10", "C11"};
    tables_ctx *c = scn_ctx_new(sizeof *c, n, error);
    if (!c) return NULL;
    c->terms = terms;
    esb_status s = esb_world_create(&c->base.world);
    if (s == ESB_OK) s = scn_register_scalars(c->base.world, names, TABLE_COMPONENTS, ESB_STORAGE_DENSE, c->comp);
    for (size_t i = 0; s == ESB_OK && i < n; ++i) s = spawn(c, i);
    for (size_t i = 0; s == ESB_OK && thinned && i < n; ++i)
        if (i % EMPTY_KEEP_EVERY) s = esb_destroy(c->base.world, c->base.handles[i]);
    c->thinned = thinned;
    if (s == ESB_OK) s = scn_query(c->base.world, c->comp, terms, true, &c->base.query);
    for (size_t i = 0; i < n; ++i) c->expected += matches(c, i);
    return scn_setup_end(c, s, scn_ctx_delete, error);
}

static uint64_t tables_run(void *p) {
    tables_ctx *c = p;
    esb_iter it;
    uint64_t seen = 0;
    uint32_t terms = c->terms;
    if (esb_iter_begin(c->base.query, &it) != ESB_OK) return 0;
    while (esb_iter_next(&it)) {
        ESB_EACH(&it.batch, i, {
            float v = ESB_FIELD(0, scalar, i).v * 0.5f;
            for (uint32_t k = 1; k < terms; ++k) v += ESB_FIELD(k, scalar, i).v;
            ESB_FIELD(0, scalar, i).v = v + 1.0f;
        });
        seen += it.batch.count;
    }
    return seen == c->expected ? c->base.n : 0;
}

/* Every live entity's ordinal with the components it holds and their values; plus how many the query finds. */
static uint64_t tables_checksum(void *p) {
    tables_ctx *c = p;
    uint64_t sum = 0;
    for (size_t i = 0; i < c->base.n; ++i) {
        if (!esb_alive(c->base.world, c->base.handles[i])) continue;
        uint64_t h = 1;
        for (unsigned k = 0; k < TABLE_COMPONENTS; ++k) {
            void *v;
            if (esb_get(c->base.world, c->base.handles[i], c->comp[k], &v) == ESB_OK)
                h = data_hash_pair(h, data_hash_pair(k, data_float_bits(((scalar *)v)->v)));
        }
        sum += data_entity_hash(i, h);
    }
    return sum + data_mix64(scn_count_matches(c->base.query));
}

/* Each live entity matched once per run (its first term follows the update), others were left alone; the
 * destroyed ones are gone. */
static bool tables_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    tables_ctx *c = p;
    for (uint64_t k = 0; k < data_spot_count(c->base.n, spots); ++k) {
        uint64_t i = data_spot_ordinal(c->base.n, spots, k);
        if (esb_alive(c->base.world, c->base.handles[i]) != alive_in(c, i))
            return *error = "an entity is alive that was destroyed, or the other way round", false;
        if (!alive_in(c, i) || !(set_of(i) & 1u)) continue;
        float terms[TABLE_COMPONENTS];
        for (unsigned k = 0; k < c->terms; ++k) terms[k] = start_value(i, k);
        for (uint64_t r = 0; matches(c, i) && r < runs; ++r) {
            float next = updated(terms, c->terms);
            if (data_float_bits(next) == data_float_bits(terms[0])) break; /* converged: further runs change nothing */
            terms[0] = next;
        }
        void *v;
        if (esb_get(c->base.world, c->base.handles[i], c->comp[0], &v) != ESB_OK ||
            data_float_bits(((scalar *)v)->v) != data_float_bits(terms[0]))
            return *error = "an entity's C0 is not what the runs must have made it", false;
    }
    return true;
}

/* Own size 1000: fewer entities than possible sets, so most sets hold one entity or none. */
DEFINE_SCENARIO(random_tables_q1, .params = &(const tables_params){.terms = 1, .thinned = false}, .setup = tables_setup,
                .run = tables_run, .checksum = tables_checksum, .verify = tables_verify, .query_kind = scn_ctx_kind,
                .world = scn_ctx_world, .teardown = scn_ctx_delete);
DEFINE_SCENARIO(random_tables_q4, .params = &(const tables_params){.terms = 4, .thinned = false}, .setup = tables_setup,
                .run = tables_run, .checksum = tables_checksum, .verify = tables_verify, .query_kind = scn_ctx_kind,
                .world = scn_ctx_world, .teardown = scn_ctx_delete);
DEFINE_SCENARIO(random_tables_q8, .params = &(const tables_params){.terms = 8, .thinned = false}, .setup = tables_setup,
                .run = tables_run, .checksum = tables_checksum, .verify = tables_verify, .query_kind = scn_ctx_kind,
                .world = scn_ctx_world, .teardown = scn_ctx_delete);
DEFINE_SCENARIO(empty_tables, .params = &(const tables_params){.terms = 1, .thinned = true}, .setup = tables_setup,
                .run = tables_run, .checksum = tables_checksum, .verify = tables_verify, .query_kind = scn_ctx_kind,
                .world = scn_ctx_world, .teardown = scn_ctx_delete);
