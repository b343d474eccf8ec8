/* Change detection (contract.h): a system that updates a dependent component for exactly the entities whose input
 * changed, against the same system processing everything.
 *
 * changed_R: n entities with Position and Derived (Derived = the sum of Position's coordinates). Each frame writes
 * a new Position into R per mille of them through esb_set (a window sliding through a fixed-seed shuffle of the
 * ordinals, so every entity is written as often as every other), then a pass over the cached query "Derived
 * (written), Position (read), Position changed" recomputes Derived for the entities it hands out.
 * changed_R_scan: the same frame in a world with no change term: the pass recomputes every entity's Derived.
 * added_R: n entities as above; each frame destroys the R per mille spawned the frame before and spawns as many
 * anew (bulk, Derived zero), then a pass over "Derived (written), Position (read), Position added" computes Derived
 * for the entities it hands out. added_R_scan: the same frame, the pass over every entity.
 *
 * A run is a frame, its units the n entities (ns per frame = the figure × n). Every run checks how many entities
 * its pass saw: exactly the changed ones for an exact strategy (esb_change_exact), at least those and at most
 * every entity for one that reports a superset, every entity in a scan; the ratio of those seen to those changed
 * is reported (reported_per_change). Derived stays the function of Position after every frame, so a missed change
 * leaves a stale Derived that the checks and the checksum find. */
#include <stdlib.h>

#include "each.h"
#include "ecs.h"
#include "scenario.h"
#include "scratch.h"
#include "info.h"

typedef struct changed_ctx {
    scn_ctx base; /* its query: the frame's pass */
    esb_component position, derived;
    uint32_t *order, *place;    /* the shuffle of the ordinals the writes walk through, and its inverse */
    esb_entity *spawned;        /* added: the k entities spawned last frame */
    vec3 *spawn_positions;      /* added: the frame's k Positions, made before its bulk creation */
    scalar *spawn_zeros;        /* added: k zero Derived values */
    size_t k;                   /* entities written or spawned per frame */
    uint64_t frames;            /* runs since setup */
    uint64_t reported, changed; /* entities the passes handed out, and how many of them had to be */
    bool spawning, tracked;     /* added_*, and a change term on the pass */
    const char *wrong;          /* what the first wrong pass saw, for verify to report */
} changed_ctx;

/* Derived as a function of Position: additions only, so no compiler contracts it differently at two sites. */
static inline float derived_of(vec3 p) { return p.x + p.y + p.z; }

/* Derived = f(Position) over a batch whose field 0 is Derived (written) and field 1 Position (read). */
static inline void kernel_derive(const esb_batch *batch) {
    ESB_EACH(batch, i, { ESB_FIELD(0, scalar, i).v = derived_of(ESB_FIELD(1, vec3, i)); });
}

/* The Position frame `frame` writes into ordinal i (changed_*), or gives the j-th entity it spawns (added_*):
 * whole numbers below 2^21, so every sum is exact. */
static vec3 written_position(uint64_t i, uint64_t frame) {
    return (vec3){(float)((i + frame) % 1000003u), (float)(frame % 4099u), 1.0f};
}

static void derived_initial(uint64_t i, void *dst) { ((scalar *)dst)->v = derived_of(data_position(i)); }

static void changed_teardown(void *p) {
    changed_ctx *c = p;
    free(c->order);
    free(c->place);
    free(c->spawned);
    free(c->spawn_positions);
    free(c->spawn_zeros);
    scn_ctx_delete(p);
}

/* What distinguishes the family's scenarios. */
typedef struct changed_params {
    unsigned per_mille; /* entities written or respawned per frame, per mille of n */
    bool spawning;      /* added_*: the frame respawns entities instead of writing Positions */
    bool tracked;       /* the pass has a change term; without, it is the reference that recomputes every entity */
} changed_params;

static void *changed_setup(size_t n, const void *params, const char **error) {
    const changed_params *p = params;
    bool spawning = p->spawning, tracked = p->tracked;
    changed_ctx *c = scn_ctx_new(sizeof *c, n, error);
    if (!c) return NULL;
    c->k = (n * p->per_mille + 999) / 1000;
    c->spawning = spawning;
    c->tracked = tracked;
    esb_status s = ESB_ERR_NOMEM;
    bool arrays =
        spawning ? (c->spawned = scratch_alloc(c->k, sizeof *c->spawned)) &&
                       (c->spawn_positions = scratch_alloc(c->k, sizeof *c->spawn_positions)) &&
                       (c->spawn_zeros = scratch_calloc(c->k, sizeof *c->spawn_zeros))
                 : (c->order = scratch_alloc(n, sizeof *c->order)) && (c->place = scratch_alloc(n, sizeof *c->place));
    if (arrays && (s = esb_world_create(&c->base.world)) == ESB_OK &&
        (s = scn_register(c->base.world, "Position", sizeof(vec3), _Alignof(vec3), ESB_STORAGE_DENSE, &c->position)) ==
            ESB_OK &&
        (s = scn_register(c->base.world, "Derived", sizeof(scalar), _Alignof(scalar), ESB_STORAGE_DENSE,
                          &c->derived)) == ESB_OK) {
        esb_component ids[] = {c->position, c->derived};
        size_t sizes[] = {sizeof(vec3), sizeof(scalar)};
        scn_value_fn values[] = {scn_position, derived_initial};
        s = scn_bulk(c->base.world, n, ids, sizes, values, 2, c->base.handles);
    }
    if (s == ESB_OK) {
        esb_component fields[] = {c->derived, c->position};
        esb_access access[] = {ESB_WRITE, ESB_READ};
        esb_query_desc d = {.fields = fields, .access = access, .field_count = 2, .cached = true};
        if (tracked) d.change = spawning ? ESB_CHANGE_ADDED : ESB_CHANGE_CHANGED, d.change_component = c->position;
        s = esb_query_create(c->base.world, &d, &c->base.query);
    }
    if (s == ESB_OK && !spawning) {
        scn_shuffled_ordinals(c->order, n, 0xc4a96e5ull);
        for (size_t p = 0; p < n; ++p) c->place[c->order[p]] = (uint32_t)p;
    }
    return scn_setup_end(c, s, changed_teardown, error);
}

/* The frame's writes (changed_*) or its despawns and spawns (added_*); false if an operation failed. */
static bool frame_changes(changed_ctx *c, uint64_t frame) {
    esb_world *w = c->base.world;
    if (!c->spawning) {
        bool ok = true;
        for (size_t j = 0; j < c->k; ++j) {
            uint32_t i = c->order[(frame * c->k + j) % c->base.n];
            vec3 v = written_position(i, frame);
            ok &= esb_set(w, c->base.handles[i], c->position, &v) == ESB_OK;
        }
        return ok;
    }
    bool ok = true;
    for (size_t j = 0; frame && j < c->k; ++j) ok &= esb_destroy(w, c->spawned[j]) == ESB_OK;
    for (size_t j = 0; j < c->k; ++j) c->spawn_positions[j] = written_position(j, frame);
    esb_component ids[] = {c->position, c->derived};
    const void *values[] = {c->spawn_positions, c->spawn_zeros};
    return ok && esb_create_bulk(w, c->k, ids, 2, values, c->spawned) == ESB_OK;
}

static uint64_t changed_run(void *p) {
    changed_ctx *c = p;
    uint64_t frame = c->frames++;
    bool changes_made = frame_changes(c, frame);
    uint64_t seen = scn_pass(c->base.query, kernel_derive);
    uint64_t all = c->base.n + (c->spawning ? c->k : 0), must = c->tracked ? c->k : all;
    c->reported += seen;
    c->changed += must;
    bool right = seen == must || (c->tracked && !esb_change_exact() && seen > must && seen <= all);
    if (!c->wrong && !changes_made) c->wrong = "a write, despawn or spawn of the frame failed";
    if (!c->wrong && !right)
        c->wrong = c->tracked ? "the pass over the change term did not see the entities the frame changed"
                              : "the pass did not see every entity";
    return changes_made ? c->base.n : 0; /* a wrong pass is verify's to report, naming what it saw */
}

static void changed_report(void *p, uint64_t *reported, uint64_t *changed) {
    const changed_ctx *c = p;
    *reported = c->reported;
    *changed = c->changed;
}

/* Ordinal i's Position after `runs` frames: the last write of its place in the shuffle, or its first value. */
static vec3 position_after(const changed_ctx *c, uint64_t i, uint64_t runs) {
    uint64_t writes = runs * c->k, place = c->place[i];
    if (writes <= place) return data_position(i);
    uint64_t last = place + c->base.n * ((writes - 1 - place) / c->base.n);
    return written_position(i, last / c->k);
}

/* Whether the entity has Position `want` and the Derived it implies. */
static bool entity_right(const changed_ctx *c, esb_entity e, vec3 want) {
    void *pos, *der;
    return esb_get(c->base.world, e, c->position, &pos) == ESB_OK && data_vec3_same_bits(*(vec3 *)pos, want) &&
           esb_get(c->base.world, e, c->derived, &der) == ESB_OK &&
           data_float_bits(((scalar *)der)->v) == data_float_bits(derived_of(want));
}

static bool changed_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    changed_ctx *c = p;
    if (c->wrong) return *error = c->wrong, false;
    if (runs != c->frames) return *error = "the runs and the frames disagree", false;
    for (uint64_t k = 0; k < data_spot_count(c->base.n, spots); ++k) {
        uint64_t i = data_spot_ordinal(c->base.n, spots, k);
        vec3 want = c->spawning ? data_position(i) : position_after(c, i, runs);
        if (!entity_right(c, c->base.handles[i], want))
            return *error = "an entity's Position or Derived is not what the frames must have made it", false;
    }
    for (size_t j = 0; c->spawning && runs && j < c->k; ++j)
        if (!entity_right(c, c->spawned[j], written_position(j, runs - 1)))
            return *error = "a spawned entity's Derived was not computed", false;
    return true;
}

/* Every entity's ordinal with its Position and Derived (the spawned ones after the n first), and how many the
 * pass's query matches. */
static uint64_t changed_checksum(void *p) {
    changed_ctx *c = p;
    uint64_t sum = 0;
    size_t total = c->base.n + (c->spawning && c->frames ? c->k : 0);
    for (size_t i = 0; i < total; ++i) {
        esb_entity e = i < c->base.n ? c->base.handles[i] : c->spawned[i - c->base.n];
        void *pos, *der;
        if (esb_get(c->base.world, e, c->position, &pos) == ESB_OK &&
            esb_get(c->base.world, e, c->derived, &der) == ESB_OK)
            sum +=
                data_entity_hash(i, data_hash_pair(data_hash_vec3(*(vec3 *)pos), data_float_bits(((scalar *)der)->v)));
    }
    return sum + data_mix64(total);
}

/* The scans have no change term, so they report no ratio of entities handed out to entities changed. */
DEFINE_SCENARIO(changed_0_1, .params = &(const changed_params){.per_mille = 1, .spawning = false, .tracked = true},
                .setup = changed_setup, .run = changed_run, .checksum = changed_checksum, .verify = changed_verify,
                .change_report = changed_report, .query_kind = scn_ctx_kind, .world = scn_ctx_world,
                .teardown = changed_teardown);
DEFINE_SCENARIO(changed_1, .params = &(const changed_params){.per_mille = 10, .spawning = false, .tracked = true},
                .setup = changed_setup, .run = changed_run, .checksum = changed_checksum, .verify = changed_verify,
                .change_report = changed_report, .query_kind = scn_ctx_kind, .world = scn_ctx_world,
                .teardown = changed_teardown);
DEFINE_SCENARIO(changed_10, .params = &(const changed_params){.per_mille = 100, .spawning = false, .tracked = true},
                .setup = changed_setup, .run = changed_run, .checksum = changed_checksum, .verify = changed_verify,
                .change_report = changed_report, .query_kind = scn_ctx_kind, .world = scn_ctx_world,
                .teardown = changed_teardown);
DEFINE_SCENARIO(changed_100, .params = &(const changed_params){.per_mille = 1000, .spawning = false, .tracked = true},
                .setup = changed_setup, .run = changed_run, .checksum = changed_checksum, .verify = changed_verify,
                .change_report = changed_report, .query_kind = scn_ctx_kind, .world = scn_ctx_world,
                .teardown = changed_teardown);
DEFINE_SCENARIO(changed_0_1_scan,
                .params = &(const changed_params){.per_mille = 1, .spawning = false, .tracked = false},
                .setup = changed_setup, .run = changed_run, .checksum = changed_checksum, .verify = changed_verify,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = changed_teardown);
DEFINE_SCENARIO(changed_1_scan, .params = &(const changed_params){.per_mille = 10, .spawning = false, .tracked = false},
                .setup = changed_setup, .run = changed_run, .checksum = changed_checksum, .verify = changed_verify,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = changed_teardown);
DEFINE_SCENARIO(changed_10_scan,
                .params = &(const changed_params){.per_mille = 100, .spawning = false, .tracked = false},
                .setup = changed_setup, .run = changed_run, .checksum = changed_checksum, .verify = changed_verify,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = changed_teardown);
DEFINE_SCENARIO(changed_100_scan,
                .params = &(const changed_params){.per_mille = 1000, .spawning = false, .tracked = false},
                .setup = changed_setup, .run = changed_run, .checksum = changed_checksum, .verify = changed_verify,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = changed_teardown);
DEFINE_SCENARIO(added_1, .params = &(const changed_params){.per_mille = 10, .spawning = true, .tracked = true},
                .setup = changed_setup, .run = changed_run, .checksum = changed_checksum, .verify = changed_verify,
                .change_report = changed_report, .query_kind = scn_ctx_kind, .world = scn_ctx_world,
                .teardown = changed_teardown);
DEFINE_SCENARIO(added_10, .params = &(const changed_params){.per_mille = 100, .spawning = true, .tracked = true},
                .setup = changed_setup, .run = changed_run, .checksum = changed_checksum, .verify = changed_verify,
                .change_report = changed_report, .query_kind = scn_ctx_kind, .world = scn_ctx_world,
                .teardown = changed_teardown);
DEFINE_SCENARIO(added_1_scan, .params = &(const changed_params){.per_mille = 10, .spawning = true, .tracked = false},
                .setup = changed_setup, .run = changed_run, .checksum = changed_checksum, .verify = changed_verify,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = changed_teardown);
DEFINE_SCENARIO(added_10_scan, .params = &(const changed_params){.per_mille = 100, .spawning = true, .tracked = false},
                .setup = changed_setup, .run = changed_run, .checksum = changed_checksum, .verify = changed_verify,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = changed_teardown);
