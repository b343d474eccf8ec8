/* The fragmentation case: n entities with Position and Velocity plus a fixed-seed random subset of twelve
 * one-float components L0..L11, so a design that groups entities by component set spreads them over up to 2^12
 * sets (4096 at n >= 2^15 or so; about n of them below). Each entity is spawned with its whole set at once
 * through the strategy's bulk path (n = 1), as a game spawns a prefab.
 * scatter_create: the n spawns (timed).
 * scatter_iter: one pass of pos += vel through the cached Position+Velocity query over that world.
 * adhoc_scatter_iter, query_create_scatter: adhoc_iter and query_create (simple_iter.c) on that world, where a
 * query made on the spot has up to 4096 sets to find. */
#include <stdlib.h>

#include "kernels.h"
#include "movers.h"
#include "scenario.h"
#include "scratch.h"
#include "info.h"

#define SCATTER_EXTRA 12u

typedef struct scatter_ctx {
    movers *m;
    esb_component extra[SCATTER_EXTRA];
} scatter_ctx;

static unsigned subset_of(uint64_t i) { return (unsigned)(data_mix64(i ^ 0x5CA77E5ull) & ((1u << SCATTER_EXTRA) - 1)); }

static scalar extra_value(uint64_t i, unsigned k) { return data_scalar(i * SCATTER_EXTRA + k); }

static void scatter_teardown(void *p) {
    scatter_ctx *c = p;
    if (c->m) movers_delete(c->m);
    free(c);
}

/* Spawns every entity with its set; returns how many spawns succeeded. */
static uint64_t spawn_all(scatter_ctx *c) {
    movers *m = c->m;
    uint64_t done = 0;
    for (size_t i = 0; i < m->n; ++i) {
        esb_component ids[2 + SCATTER_EXTRA] = {m->position, m->velocity};
        scalar extras[SCATTER_EXTRA];
        vec3 pos = data_position(i), vel = data_velocity(i);
        const void *values[2 + SCATTER_EXTRA] = {&pos, &vel};
        uint32_t count = 2;
        for (unsigned k = 0, set = subset_of(i); k < SCATTER_EXTRA; ++k) {
            if (!(set >> k & 1u)) continue;
            extras[k] = extra_value(i, k);
            ids[count] = c->extra[k];
            values[count++] = &extras[k];
        }
        done += esb_create_bulk(m->world, 1, ids, count, values, &m->handles[i]) == ESB_OK;
    }
    return done;
}

/* What distinguishes the family's scenarios. */
typedef struct scatter_params {
    bool populate;    /* setup spawns the entities (scatter_iter); scatter_create's run spawns them */
    bool on_the_spot; /* the runs make their own query (movers.h, movers_adhoc_pass); no cached one is kept */
} scatter_params;

static void *scatter_setup(size_t n, const void *params, const char **error) {
    const scatter_params *p = params;
    bool populate = p->populate, cached = populate && !p->on_the_spot;
    scatter_ctx *c = scratch_calloc(1, sizeof *c);
    if (!c) return *error = "out of memory", NULL;
    if (!(c->m = movers_new(n, MOVERS_HANDLES | (cached ? MOVERS_CACHED_QUERY : 0), error))) {
        scatter_teardown(c);
        return NULL;
    }
    static const char *const names[SCATTER_EXTRA] = {"L0", "L1", "L2", "L3", "L4",  "L5",
                                                     "L6", "L7", "L8", "L9", "L10", "L11"};
    esb_status s = ESB_OK;
    for (unsigned k = 0; s == ESB_OK && k < SCATTER_EXTRA; ++k)
        s = scn_register(c->m->world, names[k], sizeof(scalar), _Alignof(scalar), ESB_STORAGE_DENSE, &c->extra[k]);
    if (s == ESB_OK && populate && spawn_all(c) != n) s = ESB_ERR_NOMEM;
    return scn_setup_end(c, s, scatter_teardown, error);
}

static uint64_t scatter_create_run(void *p) { return spawn_all(p); }

static uint64_t scatter_iter_run(void *p) {
    movers *m = ((scatter_ctx *)p)->m;
    return scn_pass(m->query, kernel_move) == m->n ? m->n : 0;
}

/* movers_checksum (Position, Velocity, the query's count) plus each entity's extra components and values. */
static uint64_t scatter_checksum(void *p) {
    scatter_ctx *c = p;
    movers *m = c->m;
    return movers_checksum(m) + scn_scalars_checksum(m->world, m->handles, m->n, c->extra, SCATTER_EXTRA, 0);
}

/* Every entity holds exactly its set, with its values (Position is checked by movers_verify_moved). */
static bool scatter_verify_sets(scatter_ctx *c, uint64_t spots, const char **error) {
    movers *m = c->m;
    for (uint64_t spot = 0; spot < data_spot_count(m->n, spots); ++spot) {
        uint64_t i = data_spot_ordinal(m->n, spots, spot);
        for (unsigned k = 0, set = subset_of(i); k < SCATTER_EXTRA; ++k) {
            void *v;
            esb_status s = esb_get(m->world, m->handles[i], c->extra[k], &v);
            if ((set >> k & 1u)
                    ? s != ESB_OK || data_float_bits(((scalar *)v)->v) != data_float_bits(extra_value(i, k).v)
                    : s != ESB_ERR_ABSENT)
                return *error = "an entity's extra components are not the set it was spawned with", false;
        }
    }
    return true;
}

static bool scatter_create_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    (void)runs;
    return scatter_verify_sets(p, spots, error) && movers_verify_moved(((scatter_ctx *)p)->m, 0, spots, error);
}

static bool scatter_iter_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    return scatter_verify_sets(p, spots, error) && movers_verify_moved(((scatter_ctx *)p)->m, runs, spots, error);
}

static uint64_t adhoc_scatter_iter_run(void *p) { return movers_adhoc_pass(((scatter_ctx *)p)->m); }

static uint64_t query_create_scatter_run(void *p) { return movers_adhoc_query(((scatter_ctx *)p)->m); }

static const char *scatter_adhoc_kind(void *p) { return movers_adhoc_kind(((scatter_ctx *)p)->m); }

static esb_world *scatter_world(void *p) { return ((scatter_ctx *)p)->m->world; }

static const char *scatter_iter_kind(void *p) { return esb_query_kind(((scatter_ctx *)p)->m->query); }

/* scatter_create's run uses the world up (every run needs a new setup); scatter_iter's passes repeat on it. */
DEFINE_SCENARIO(scatter_create, .consumes_state = true, .params = &(const scatter_params){.populate = false},
                .setup = scatter_setup, .run = scatter_create_run, .checksum = scatter_checksum,
                .verify = scatter_create_verify, .world = scatter_world, .teardown = scatter_teardown);
DEFINE_SCENARIO(scatter_iter, .params = &(const scatter_params){.populate = true}, .setup = scatter_setup,
                .run = scatter_iter_run, .checksum = scatter_checksum, .verify = scatter_iter_verify,
                .query_kind = scatter_iter_kind, .world = scatter_world, .teardown = scatter_teardown);
DEFINE_SCENARIO(adhoc_scatter_iter, .params = &(const scatter_params){.populate = true, .on_the_spot = true},
                .setup = scatter_setup, .run = adhoc_scatter_iter_run, .checksum = scatter_checksum,
                .verify = scatter_iter_verify, .query_kind = scatter_adhoc_kind, .world = scatter_world,
                .teardown = scatter_teardown);
DEFINE_SCENARIO(query_create_scatter, .params = &(const scatter_params){.populate = true, .on_the_spot = true},
                .setup = scatter_setup, .run = query_create_scatter_run, .checksum = scatter_checksum,
                .verify = scatter_create_verify, .query_kind = scatter_adhoc_kind, .world = scatter_world,
                .teardown = scatter_teardown);
