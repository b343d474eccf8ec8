/* Iteration after a long history of structural changes (EnTT's "pathological" case).
 * churn_then_iter: n entities with Position, Velocity and Rotation; ten rounds in which a counter (from zero
 *   each round) steps four times per live entity (in creation order) and the entity loses Position when the
 *   counter is a multiple of 7, Velocity at 11, Rotation at 13, and is destroyed at 17; each round ends by creating n/10 new entities with
 *   all three. All of that is setup; the run is one pass of pos += vel (+ rot.z, which is zero) through a
 *   cached query over the three components.
 * churn_fresh_iter: the same pass over a fresh world holding only the entities that pass matches, with the
 *   same values, created in one bulk call.
 * Both divide a pass's time by the same n, so their ratio is what the history costs iteration. */
#include <stdlib.h>

#include "ecs.h"
#include "kernels.h"
#include "scenario.h"
#include "scratch.h"
#include "info.h"

#define CHURN_ROUNDS 10u
#define HAS_ALL 7u /* bits: Position, Velocity, Rotation */

typedef struct tracked {
    esb_entity handle;
    uint32_t ordinal; /* creation order over the whole history: the entity's values come from it */
    uint8_t has;      /* which of the three it still holds */
} tracked;

typedef struct churn_iter_ctx {
    esb_world *world;
    esb_component comp[3]; /* Position, Velocity, Rotation */
    esb_query *query;
    tracked *live; /* the world's entities, in creation order */
    size_t live_count, n;
    uint64_t expected; /* entities the pass must find */
} churn_iter_ctx;

static void churn_iter_teardown(void *p) {
    churn_iter_ctx *c = p;
    esb_world_destroy(c->world);
    free(c->live);
    free(c);
}

static void value_of(unsigned k, uint64_t ordinal, void *dst) {
    (k == 0 ? scn_position : k == 1 ? scn_velocity : scn_rotation)(ordinal, dst);
}

/* Creates the given tracked entities (handles filled in) with all three components in one bulk call. */
static esb_status create_tracked(churn_iter_ctx *c, tracked *t, size_t count) {
    if (count == 0) return ESB_OK;
    vec3 *values[3] = {0};
    esb_entity *made = scratch_alloc(count, sizeof *made);
    esb_status s = made ? ESB_OK : ESB_ERR_NOMEM;
    for (unsigned k = 0; s == ESB_OK && k < 3; ++k)
        if (!(values[k] = scratch_alloc(count, sizeof(vec3)))) s = ESB_ERR_NOMEM;
    for (size_t i = 0; s == ESB_OK && i < count; ++i)
        for (unsigned k = 0; k < 3; ++k) value_of(k, t[i].ordinal, &values[k][i]);
    if (s == ESB_OK) s = esb_create_bulk(c->world, count, c->comp, 3, (const void *const *)values, made);
    for (size_t i = 0; s == ESB_OK && i < count; ++i) t[i].handle = made[i];
    for (unsigned k = 0; k < 3; ++k) free(values[k]);
    free(made);
    return s;
}

/* The ten rounds, applied to the world (a removal the entity no longer has is ABSENT, as the model expects). */
static esb_status churn(churn_iter_ctx *c) {
    size_t n = c->n, next_ordinal = n;
    for (size_t i = 0; i < n; ++i) c->live[i] = (tracked){.ordinal = (uint32_t)i, .has = HAS_ALL};
    c->live_count = n;
    esb_status s = create_tracked(c, c->live, n);
    for (unsigned round = 0; s == ESB_OK && round < CHURN_ROUNDS; ++round) {
        uint64_t counter = 0;
        size_t kept = 0;
        static const unsigned divisor[3] = {7, 11, 13};
        for (size_t i = 0; s == ESB_OK && i < c->live_count; ++i) {
            tracked t = c->live[i];
            for (unsigned k = 0; s == ESB_OK && k < 3; ++k) {
                if (++counter % divisor[k]) continue;
                esb_status r = esb_remove(c->world, t.handle, c->comp[k]);
                if (r != ((t.has >> k & 1u) ? ESB_OK : ESB_ERR_ABSENT)) s = r == ESB_OK ? ESB_ERR_INVALID : r;
                t.has &= (uint8_t) ~(1u << k);
            }
            if (++counter % 17 == 0)
                s = s == ESB_OK ? esb_destroy(c->world, t.handle) : s;
            else
                c->live[kept++] = t;
        }
        c->live_count = kept;
        size_t fresh = n / 10;
        for (size_t i = 0; i < fresh; ++i)
            c->live[kept + i] = (tracked){.ordinal = (uint32_t)next_ordinal++, .has = HAS_ALL};
        if (s == ESB_OK) s = create_tracked(c, c->live + kept, fresh);
        c->live_count += fresh;
    }
    return s;
}

/* A new world (the old one destroyed) with the three components registered. */
static esb_status new_world(churn_iter_ctx *c) {
    static const char *const names[3] = {"Position", "Velocity", "Rotation"};
    esb_world_destroy(c->world);
    c->world = NULL;
    esb_status s = esb_world_create(&c->world);
    for (unsigned k = 0; s == ESB_OK && k < 3; ++k)
        s = scn_register(c->world, names[k], sizeof(vec3), _Alignof(vec3), ESB_STORAGE_DENSE, &c->comp[k]);
    return s;
}

/* Keeps only the entities with all three, destroys the churned world and builds a fresh one holding them. */
static esb_status rebuild_fresh(churn_iter_ctx *c) {
    size_t kept = 0;
    for (size_t i = 0; i < c->live_count; ++i)
        if (c->live[i].has == HAS_ALL) c->live[kept++] = c->live[i];
    c->live_count = kept;
    esb_status s = new_world(c);
    return s == ESB_OK ? create_tracked(c, c->live, kept) : s;
}

/* What distinguishes the family's scenarios. */
typedef struct churn_iter_params {
    bool fresh; /* the pass runs over a fresh world holding only the entities it matches */
} churn_iter_params;

static void *churn_iter_setup(size_t n, const void *params, const char **error) {
    const churn_iter_params *p = params;
    churn_iter_ctx *c = scratch_calloc(1, sizeof *c);
    if (!c) return *error = "out of memory", NULL;
    c->n = n;
    c->live = scratch_alloc(n + CHURN_ROUNDS * (n / 10), sizeof *c->live);
    esb_status s = c->live ? new_world(c) : ESB_ERR_NOMEM;
    if (s == ESB_OK) s = churn(c);
    if (s == ESB_OK && p->fresh) s = rebuild_fresh(c);
    if (s == ESB_OK) {
        esb_access access[] = {ESB_WRITE, ESB_READ, ESB_READ};
        esb_query_desc d = {.fields = c->comp, .access = access, .field_count = 3, .cached = true};
        s = esb_query_create(c->world, &d, &c->query);
    }
    for (size_t i = 0; s == ESB_OK && i < c->live_count; ++i) c->expected += c->live[i].has == HAS_ALL;
    return scn_setup_end(c, s, churn_iter_teardown, error);
}

static uint64_t churn_iter_run(void *p) {
    churn_iter_ctx *c = p;
    return scn_pass(c->query, kernel_move_rotated) == c->expected ? c->n : 0;
}

/* Every live entity's ordinal with the components it holds and their values; plus how many the query finds. */
static uint64_t churn_iter_checksum(void *p) {
    churn_iter_ctx *c = p;
    uint64_t sum = 0;
    for (size_t i = 0; i < c->live_count; ++i) {
        uint64_t h = c->live[i].has;
        for (unsigned k = 0; k < 3; ++k) {
            void *v;
            if (esb_get(c->world, c->live[i].handle, c->comp[k], &v) == ESB_OK)
                h = data_hash_pair(h, data_hash_vec3(*(vec3 *)v));
        }
        sum += data_entity_hash(c->live[i].ordinal, h);
    }
    return sum + data_mix64(scn_count_matches(c->query));
}

/* Entities with all three moved once per run; the others kept their Position (if they still have one). */
static bool churn_iter_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    churn_iter_ctx *c = p;
    for (uint64_t k = 0; k < data_spot_count(c->live_count, spots); ++k) {
        tracked t = c->live[data_spot_ordinal(c->live_count, spots, k)];
        void *pos;
        esb_status s = esb_get(c->world, t.handle, c->comp[0], &pos);
        if (!(t.has & 1u)
                ? s != ESB_ERR_ABSENT
                : s != ESB_OK ||
                      !data_vec3_same_bits(*(vec3 *)pos, data_position_after(t.ordinal, t.has == HAS_ALL ? runs : 0)))
            return *error = "an entity's Position is not what its history and the runs must have made it", false;
    }
    return true;
}

static const char *churn_iter_kind(void *p) { return esb_query_kind(((churn_iter_ctx *)p)->query); }
static esb_world *churn_iter_world(void *p) { return ((churn_iter_ctx *)p)->world; }

DEFINE_SCENARIO(churn_then_iter, .params = &(const churn_iter_params){.fresh = false}, .setup = churn_iter_setup,
                .run = churn_iter_run, .checksum = churn_iter_checksum, .verify = churn_iter_verify,
                .query_kind = churn_iter_kind, .world = churn_iter_world, .teardown = churn_iter_teardown);
DEFINE_SCENARIO(churn_fresh_iter, .params = &(const churn_iter_params){.fresh = true}, .setup = churn_iter_setup,
                .run = churn_iter_run, .checksum = churn_iter_checksum, .verify = churn_iter_verify,
                .query_kind = churn_iter_kind, .world = churn_iter_world, .teardown = churn_iter_teardown);
