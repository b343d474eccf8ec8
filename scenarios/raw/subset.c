/* The floor for the subset scenarios (iter_half, iter_one, selectivity_P, query_exclude; see scenarios/subset.c):
 * the entities the query matches keep Position and Velocity in two packed arrays, in creation order, and a run
 * is kernel_move over exactly those. The other entities' data sits in arrays of its own that the run never
 * touches but that the world holds all the same, so bytes per entity and the checksum (over every entity, as
 * subset.c computes it) cover the whole world. Which entity matches is not stored: it follows from the
 * scenario's fixed-seed definition, as an ideal design would place it by construction. */
#include "block.h"
#include "data.h"
#include "kernels.h"
#include "memory.h"
#include "scenario.h"
#include "info.h"

/* Who the query finds and what the others hold (a descriptor's params). The draws are subset.c's: the same seeds
 * give the same set. */
typedef struct shape {
    bool (*matches)(uint64_t i, size_t n, unsigned percent);
    unsigned percent;
    bool rest_position, rest_velocity, rest_frozen;
} shape;

static bool every_other(uint64_t i, size_t n, unsigned percent) {
    (void)n, (void)percent;
    return i % 2 == 0;
}

static bool the_middle_one(uint64_t i, size_t n, unsigned percent) {
    (void)percent;
    return i == n / 2;
}

static bool drawn_with_velocity(uint64_t i, size_t n, unsigned percent) {
    (void)n;
    return data_mix64(i ^ 0x5E1EC7ull) % 100 < percent;
}

static bool not_drawn_frozen(uint64_t i, size_t n, unsigned percent) {
    (void)n, (void)percent;
    return data_mix64(i ^ 0xF202E7ull) % 2 == 0;
}

static const shape iter_half = {every_other, 0, false, true, false};
static const shape iter_one = {the_middle_one, 0, false, true, false};
static const shape selectivity_1 = {drawn_with_velocity, 1, true, false, false};
static const shape selectivity_10 = {drawn_with_velocity, 10, true, false, false};
static const shape selectivity_50 = {drawn_with_velocity, 50, true, false, false};
static const shape selectivity_100 = {drawn_with_velocity, 100, true, false, false};
static const shape query_exclude = {not_drawn_frozen, 0, true, true, true};

typedef struct subset {
    raw_block block;
    vec3 *positions, *velocities;           /* the matches': all a run touches */
    vec3 *rest_positions, *rest_velocities; /* the others', NULL where they hold none */
    const shape *shape;
    size_t n, matched;
} subset;

/* What one entity holds; either pointer NULL where it lacks the component. */
typedef struct held {
    vec3 *position, *velocity;
    bool matched, frozen;
} held;

/* Rows into the matches' and the others' arrays, for a walk over the entities in creation order. */
typedef struct cursor {
    size_t match, rest;
} cursor;

/* Entity i's data; the walk must visit every ordinal from 0 in order. */
static held next_entity(const subset *s, cursor *c, uint64_t i) {
    const shape *sh = s->shape;
    if (sh->matches(i, s->n, sh->percent)) {
        held h = {&s->positions[c->match], &s->velocities[c->match], true, false};
        c->match++;
        return h;
    }
    held h = {sh->rest_position ? &s->rest_positions[c->rest] : NULL,
              sh->rest_velocity ? &s->rest_velocities[c->rest] : NULL, false, sh->rest_frozen};
    c->rest++;
    return h;
}

static void subset_teardown(void *p) { raw_context_free(p, sizeof(subset)); }

static void *subset_setup(size_t n, const void *params, const char **error) {
    const shape *sh = params;
    size_t matched = 0;
    for (uint64_t i = 0; i < n; ++i) matched += sh->matches(i, n, sh->percent);
    size_t rest = n - matched;
    size_t bytes[] = {matched * sizeof(vec3), matched * sizeof(vec3), sh->rest_position ? rest * sizeof(vec3) : 0,
                      sh->rest_velocity ? rest * sizeof(vec3) : 0};
    subset *s = raw_context_new(sizeof *s, 4, bytes, error);
    if (!s) return NULL;
    s->n = n;
    s->matched = matched;
    s->shape = sh;
    s->positions = s->block.array[0];
    s->velocities = s->block.array[1];
    s->rest_positions = s->block.array[2];
    s->rest_velocities = s->block.array[3];
    cursor c = {0, 0};
    for (uint64_t i = 0; i < n; ++i) {
        held h = next_entity(s, &c, i);
        if (h.position) *h.position = data_position(i);
        if (h.velocity) *h.velocity = data_velocity(i);
    }
    return s;
}

/* The strategies' loop (kernels.h) over one batch of the matches' arrays. */
static uint64_t subset_run(void *p) {
    subset *s = p;
    esb_batch b = {.count = (uint32_t)s->matched, .field_count = 2};
    b.base[0] = s->positions;
    b.base[1] = s->velocities;
    kernel_move(&b);
    return s->n;
}

/* subset.c's checksum: every entity's ordinal with whether it is Frozen and the Position and Velocity it
 * holds; plus how many the query finds. */
static uint64_t subset_checksum(void *p) {
    subset *s = p;
    uint64_t sum = 0;
    cursor c = {0, 0};
    for (uint64_t i = 0; i < s->n; ++i) {
        held e = next_entity(s, &c, i);
        uint64_t h = e.frozen;
        if (e.position) h = data_hash_pair(h, data_hash_vec3(*e.position));
        if (e.velocity) h = data_hash_pair(h + 1, data_hash_vec3(*e.velocity));
        sum += data_entity_hash(i, h);
    }
    return sum + data_mix64(s->matched);
}

/* subset.c's checks (the entities `spots` names, data.h, the middle one and the last), and the first and last
 * match, the ends of the one range a run walks: a match moved once per run, any other entity with a Position
 * kept its starting one. */
static bool subset_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    subset *s = p;
    uint64_t k = 0, count = data_spot_count(s->n, spots); /* the sample's ordinals come in increasing order */
    cursor c = {0, 0};
    for (uint64_t i = 0; i < s->n; ++i) {
        held e = next_entity(s, &c, i);
        bool end = e.matched && (c.match == 1 || c.match == s->matched);
        bool sampled = k < count && data_spot_ordinal(s->n, spots, k) == i;
        k += sampled;
        bool spot = end || sampled || i == s->n / 2 || i == s->n - 1;
        if (spot && e.position && !data_vec3_same_bits(*e.position, data_position_after(i, e.matched ? runs : 0)))
            return *error = "an entity's Position is not what the runs must have made it", false;
    }
    return true;
}

DEFINE_RAW_BASELINE(iter_half, iter_half, "raw-soa", .params = &iter_half, .setup = subset_setup, .run = subset_run,
                    .checksum = subset_checksum, .verify = subset_verify, .teardown = subset_teardown);
DEFINE_RAW_BASELINE(iter_one, iter_one, "raw-soa", .params = &iter_one, .setup = subset_setup, .run = subset_run,
                    .checksum = subset_checksum, .verify = subset_verify, .teardown = subset_teardown);
DEFINE_RAW_BASELINE(selectivity_1, selectivity_1, "raw-soa", .params = &selectivity_1, .setup = subset_setup,
                    .run = subset_run, .checksum = subset_checksum, .verify = subset_verify,
                    .teardown = subset_teardown);
DEFINE_RAW_BASELINE(selectivity_10, selectivity_10, "raw-soa", .params = &selectivity_10, .setup = subset_setup,
                    .run = subset_run, .checksum = subset_checksum, .verify = subset_verify,
                    .teardown = subset_teardown);
DEFINE_RAW_BASELINE(selectivity_50, selectivity_50, "raw-soa", .params = &selectivity_50, .setup = subset_setup,
                    .run = subset_run, .checksum = subset_checksum, .verify = subset_verify,
                    .teardown = subset_teardown);
DEFINE_RAW_BASELINE(selectivity_100, selectivity_100, "raw-soa", .params = &selectivity_100, .setup = subset_setup,
                    .run = subset_run, .checksum = subset_checksum, .verify = subset_verify,
                    .teardown = subset_teardown);
DEFINE_RAW_BASELINE(query_exclude, query_exclude, "raw-soa", .params = &query_exclude, .setup = subset_setup,
                    .run = subset_run, .checksum = subset_checksum, .verify = subset_verify,
                    .teardown = subset_teardown);
