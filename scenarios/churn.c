/* Transient components ("DeadTag for a couple of frames"): n entities with Position and Velocity. A fixed-seed
 * shuffle of the entities is cut into ten slices; frame f gives slice f % 10 the transient component and
 * takes it from slice (f - 1) % 10, the slice that got it the frame before, so 10% of the entities gain it and
 * 10% lose it every frame. Then the frame's system runs: pos += vel through the cached query over Position and
 * Velocity excluding the transient component. One run is one frame; the unit is one entity of it (ns per
 * frame = the figure times n).
 * tag_churn: the transient component is a tag.
 * sparse_churn: it is a 4-byte component registered with the sparse hint (each add writes a value).
 * tag_toggle, sparse_toggle: the same frames without the system, so the cost of the changes shows (the system's
 * share of a frame is the difference). Each frame still ends with one pass over the entities that hold the
 * component (ecs.h, scn_observe: the tenth that just gained it, reading their values in sparse_toggle), so
 * the changes must have taken effect when they returned; that pass's share is reported apart.
 * tag_toggle_q1, _q10, _q100: tag_toggle while 1, 10 or 100 cached queries over Position that require the tag
 * exist (never iterated; about half match its holders: ecs.h, scn_live_queries), so a design that keeps
 * per-query state up to date on every change pays for each. */
#include <stdlib.h>

#include "kernels.h"
#include "movers.h"
#include "scenario.h"
#include "scratch.h"
#include "info.h"

#define CHURN_SLICES 10u

typedef struct churn_ctx {
    movers *m;
    esb_component transient;
    bool has_data;          /* sparse_churn, sparse_toggle */
    bool runs_system;       /* the churn scenarios; the toggles only make the changes */
    uint32_t *order;        /* the shuffled ordinals; slice s is order[bound(s) .. bound(s + 1)) */
    uint8_t *slice_of;      /* per ordinal */
    uint64_t frame;         /* frames run so far */
    esb_query *holders;     /* the toggles' pass: every entity with the component (its value read, if it has one) */
    uint64_t observed_ns;   /* in those passes, since setup */
    const char *pass_wrong; /* what the first pass that saw something else saw wrong, for verify to report */
    scn_live live;          /* tag_toggle_q*: the cached queries that exist and are never iterated */
} churn_ctx;

static size_t bound(const churn_ctx *c, unsigned s) { return c->m->n * s / CHURN_SLICES; }

static scalar transient_value(uint64_t ordinal, uint64_t frame) { return data_scalar(ordinal * 31 + frame); }

static void churn_teardown(void *p) {
    churn_ctx *c = p;
    if (c->m) movers_delete(c->m);
    free(c->order);
    free(c->slice_of);
    free(c);
}

/* What distinguishes the family's scenarios. */
typedef struct churn_params {
    bool has_data;                /* the transient component is a 4-byte sparse component; else a tag */
    bool runs_system;             /* the churn scenarios; the toggles only make the changes */
    const scenario_info *counted; /* a query-count scenario's own descriptor: its live_queries cached queries over
                                     Position requiring the transient component exist, never iterated; NULL for none */
} churn_params;

static void *churn_setup(size_t n, const void *params, const char **error) {
    const churn_params *p = params;
    bool has_data = p->has_data, runs_system = p->runs_system;
    churn_ctx *c = scratch_calloc(1, sizeof *c);
    if (!c) return *error = "out of memory", NULL;
    c->has_data = has_data;
    c->runs_system = runs_system;
    c->m = movers_new(n, MOVERS_HANDLES | MOVERS_POPULATE, error);
    c->order = scratch_alloc(n, sizeof *c->order);
    c->slice_of = scratch_alloc(n, 1);
    if (!c->m || !c->order || !c->slice_of) {
        if (c->m) *error = "out of memory";
        churn_teardown(c);
        return NULL;
    }
    scn_shuffled_ordinals(c->order, n, 0xDEAD7A6ull);
    for (unsigned s = 0; s < CHURN_SLICES; ++s)
        for (size_t i = bound(c, s); i < bound(c, s + 1); ++i) c->slice_of[c->order[i]] = (uint8_t)s;
    movers *m = c->m;
    esb_status s = has_data ? scn_register(m->world, "Transient", sizeof(scalar), _Alignof(scalar), ESB_STORAGE_SPARSE,
                                           &c->transient)
                            : scn_register(m->world, "DeadTag", 0, 1, ESB_STORAGE_SPARSE, &c->transient);
    if (s == ESB_OK) s = scn_query_update(m->world, m->position, m->velocity, &c->transient, true, &m->query);
    if (s == ESB_OK && !runs_system) {
        esb_query_desc d = {.fields = &c->transient,
                            .field_count = has_data,
                            .with = &c->transient,
                            .with_count = !has_data,
                            .cached = true};
        s = esb_query_create(m->world, &d, &c->holders);
    }
    if (s == ESB_OK && p->counted)
        s = scn_live_queries(m->world, &m->position, 1, c->transient, p->counted->live_queries, &c->live);
    return scn_setup_end(c, s, churn_teardown, error);
}

/* One frame. Returns the entities the system moved plus those that gained the component: n when every
 * change succeeded and the query found exactly the entities without it (without the system: n when every
 * change succeeded). */
/* Gives frame's slice the component; returns how many adds succeeded. With `wrote`, also what they wrote, for
 * the toggles' pass to be compared with (the churn scenarios pass NULL: their frames keep the loop they had). */
static inline uint64_t give_slice(churn_ctx *c, unsigned tag, scn_seen *wrote) {
    movers *m = c->m;
    uint64_t gained = 0;
    for (size_t i = bound(c, tag); i < bound(c, tag + 1); ++i) {
        uint32_t ordinal = c->order[i];
        scalar v = transient_value(ordinal, c->frame);
        gained += esb_add(m->world, m->handles[ordinal], c->transient, c->has_data ? &v : NULL) == ESB_OK;
        if (wrote) {
            wrote->handles += m->handles[ordinal];
            wrote->values += c->has_data ? data_float_bits(v.v) : 0;
        }
    }
    if (wrote) wrote->entities = gained;
    return gained;
}

static uint64_t churn_run(void *p) {
    churn_ctx *c = p;
    movers *m = c->m;
    unsigned tag = (unsigned)(c->frame % CHURN_SLICES), untag = (tag + CHURN_SLICES - 1) % CHURN_SLICES;
    bool ok = true;
    if (c->frame > 0)
        for (size_t i = bound(c, untag); i < bound(c, untag + 1); ++i)
            ok &= esb_remove(m->world, m->handles[c->order[i]], c->transient) == ESB_OK;
    scn_seen wrote = {0, 0, 0};
    uint64_t gained = c->runs_system ? give_slice(c, tag, NULL) : give_slice(c, tag, &wrote);
    c->frame++;
    if (!c->runs_system) {
        scn_seen seen = scn_observe(c->holders, c->has_data ? 0 : -1, &c->observed_ns);
        if (!c->pass_wrong && !scn_seen_equal(seen, wrote))
            c->pass_wrong = "the pass over the entities with the component did not see exactly this frame's slice "
                            "with its values";
        return ok && gained == bound(c, tag + 1) - bound(c, tag) ? c->m->n : 0;
    }
    esb_iter it;
    uint64_t moved = 0;
    if (esb_iter_begin(m->query, &it) != ESB_OK) return 0;
    while (esb_iter_next(&it)) {
        kernel_move(&it.batch);
        moved += it.batch.count;
    }
    return ok ? moved + gained : 0;
}

/* Frames f < runs in which slice s held the component at query time: those with f % 10 == s. */
static uint64_t frames_held(uint64_t runs, unsigned s) { return runs > s ? (runs - 1 - s) / CHURN_SLICES + 1 : 0; }

/* Which entities hold the component (and its value), with movers_checksum's Position and Velocity. */
static uint64_t churn_checksum(void *p) {
    churn_ctx *c = p;
    movers *m = c->m;
    uint64_t sum = movers_checksum(m);
    for (size_t i = 0; i < m->n; ++i) {
        void *v;
        esb_status s = esb_get(m->world, m->handles[i], c->transient, &v);
        if (s == ESB_OK) sum += data_entity_hash(i, c->has_data ? 1 + data_float_bits(((scalar *)v)->v) : 1);
    }
    return sum;
}

/* After `runs` frames the last frame's slice holds the component (with that frame's values) and nothing else
 * does, and each entity has moved once per frame it was without it. */
static bool churn_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    churn_ctx *c = p;
    movers *m = c->m;
    unsigned held = (unsigned)((runs - 1) % CHURN_SLICES);
    if (c->pass_wrong) return *error = c->pass_wrong, false;
    for (uint64_t k = 0; k < data_spot_count(m->n, spots); ++k) {
        uint64_t i = data_spot_ordinal(m->n, spots, k);
        unsigned s = c->slice_of[i];
        void *v, *pos;
        esb_status got = esb_get(m->world, m->handles[i], c->transient, &v);
        if (s == held ? got != ESB_OK : got != ESB_ERR_ABSENT)
            return *error = "an entity holds the transient component in the wrong frame", false;
        if (s == held && c->has_data &&
            data_float_bits(((scalar *)v)->v) != data_float_bits(transient_value(i, runs - 1).v))
            return *error = "the transient component does not hold the value of its frame", false;
        uint64_t moves = c->runs_system ? runs - frames_held(runs, s) : 0;
        if (esb_get(m->world, m->handles[i], m->position, &pos) != ESB_OK ||
            !data_vec3_same_bits(*(vec3 *)pos, data_position_after(i, moves)))
            return *error = "an entity moved in a frame it was excluded from, or missed one", false;
    }
    if (spots == SPOT_EVERY_ENTITY && !scn_live_hold(&c->live, bound(c, held + 1) - bound(c, held)))
        return *error = "a live query does not see the holders of the transient component", false;
    return true;
}

static const char *churn_kind(void *p) { return esb_query_kind(((churn_ctx *)p)->m->query); }
static const char *toggle_kind(void *p) { return esb_query_kind(((churn_ctx *)p)->holders); }
static uint64_t toggle_observed_ns(void *p) { return ((churn_ctx *)p)->observed_ns; }
static esb_world *churn_world(void *p) { return ((churn_ctx *)p)->m->world; }

/* The churn scenarios report the movement query's kind; the toggles that of their pass over the holders, and its
 * share of the time. */
DEFINE_SCENARIO(tag_churn, .params = &(const churn_params){.has_data = false, .runs_system = true},
                .setup = churn_setup, .run = churn_run, .checksum = churn_checksum, .verify = churn_verify,
                .query_kind = churn_kind, .world = churn_world, .teardown = churn_teardown);
DEFINE_SCENARIO(sparse_churn, .params = &(const churn_params){.has_data = true, .runs_system = true},
                .setup = churn_setup, .run = churn_run, .checksum = churn_checksum, .verify = churn_verify,
                .query_kind = churn_kind, .world = churn_world, .teardown = churn_teardown);
DEFINE_SCENARIO(tag_toggle, .params = &(const churn_params){.has_data = false, .runs_system = false},
                .setup = churn_setup, .run = churn_run, .checksum = churn_checksum, .verify = churn_verify,
                .observed_ns = toggle_observed_ns, .query_kind = toggle_kind, .world = churn_world,
                .teardown = churn_teardown);
DEFINE_SCENARIO(sparse_toggle, .params = &(const churn_params){.has_data = true, .runs_system = false},
                .setup = churn_setup, .run = churn_run, .checksum = churn_checksum, .verify = churn_verify,
                .observed_ns = toggle_observed_ns, .query_kind = toggle_kind, .world = churn_world,
                .teardown = churn_teardown);
DEFINE_SCENARIO(tag_toggle_q1,
                .params = &(const churn_params){.has_data = false, .counted = &scenario_info_tag_toggle_q1},
                .setup = churn_setup, .run = churn_run, .checksum = churn_checksum, .verify = churn_verify,
                .observed_ns = toggle_observed_ns, .query_kind = toggle_kind, .world = churn_world,
                .teardown = churn_teardown);
DEFINE_SCENARIO(tag_toggle_q10,
                .params = &(const churn_params){.has_data = false, .counted = &scenario_info_tag_toggle_q10},
                .setup = churn_setup, .run = churn_run, .checksum = churn_checksum, .verify = churn_verify,
                .observed_ns = toggle_observed_ns, .query_kind = toggle_kind, .world = churn_world,
                .teardown = churn_teardown);
DEFINE_SCENARIO(tag_toggle_q100,
                .params = &(const churn_params){.has_data = false, .counted = &scenario_info_tag_toggle_q100},
                .setup = churn_setup, .run = churn_run, .checksum = churn_checksum, .verify = churn_verify,
                .observed_ns = toggle_observed_ns, .query_kind = toggle_kind, .world = churn_world,
                .teardown = churn_teardown);
