/* The query-wide calls (matching.c) against the loop they stand for: two worlds built alike, with cached queries
 * (groups of every kind in sparse-groups) and observers, then each call made in one and, in the other, esb_add or
 * esb_remove on each entity the same query matched. After every call the worlds must agree: components and values,
 * every query's matches, the group moves counted, and (now and then) what each observer reports. The calls' own
 * steps (a query's group emptied at once, a pool cleared whole, observers kept one at a time) are taken here often:
 * a third of the calls name one of the query's own terms. Built into this strategy's test binaries. */
#include "support.h"
#include "sparse.h"

#define TW_COMPONENTS 6u
#define TW_QUERIES 7u
#define TW_OBSERVERS 3u
#define TW_ENTITIES 400u

/* Component k is a tag where k % 3 == 2, else 4 * (k + 1) bytes. */
static bool is_tag(uint32_t k) { return k % 3 == 2; }

typedef struct tw_terms {
    esb_component fields[3], with[2], without[2];
    uint32_t field_count, with_count, without_count;
    bool cached;
} tw_terms;

/* What both worlds are built from. */
typedef struct tw_plan {
    tw_terms queries[TW_QUERIES];
    esb_component observed[TW_OBSERVERS];
    esb_change observer_change[TW_OBSERVERS];
    uint32_t entities, masks[TW_ENTITIES];
} tw_plan;

typedef struct tw_world {
    esb_world *w;
    esb_query *queries[TW_QUERIES], *observers[TW_OBSERVERS];
    esb_entity e[TW_ENTITIES];
} tw_world;

static uint64_t rng;
static uint32_t draw(uint32_t below) {
    rng = rng * 6364136223846793005u + 1442695040888963407u;
    return (uint32_t)(rng >> 33) % below;
}

/* A component none of `used` is (and, for a field, no tag); marks it used. */
static esb_component draw_term(uint32_t *used, bool field) {
    esb_component k;
    do k = draw(TW_COMPONENTS);
    while ((*used >> k & 1) || (field && is_tag(k)));
    *used |= 1u << k;
    return k;
}

static void draw_plan(tw_plan *p) {
    for (uint32_t i = 0; i < TW_QUERIES; ++i) {
        tw_terms *t = &p->queries[i];
        uint32_t used = 0;
        *t = (tw_terms){
            .field_count = 1 + draw(2), .with_count = draw(2), .without_count = draw(3), .cached = draw(4) != 0};
        for (uint32_t k = 0; k < t->field_count; ++k) t->fields[k] = draw_term(&used, true);
        for (uint32_t k = 0; k < t->with_count; ++k) t->with[k] = draw_term(&used, false);
        for (uint32_t k = 0; k < t->without_count; ++k) t->without[k] = draw_term(&used, false);
    }
    for (uint32_t i = 0; i < TW_OBSERVERS; ++i) {
        uint32_t used = 0;
        p->observed[i] = draw_term(&used, true);
        p->observer_change[i] = draw(2) ? ESB_CHANGE_CHANGED : ESB_CHANGE_ADDED;
    }
    p->entities = 50 + draw(TW_ENTITIES - 50);
    for (uint32_t i = 0; i < p->entities; ++i) p->masks[i] = draw(1u << TW_COMPONENTS);
}

/* Queries read their fields only, so that reading their matches records no change. */
static void build(tw_world *t, const tw_plan *p) {
    static const esb_access read[3] = {ESB_READ, ESB_READ, ESB_READ};
    static const char *const names[TW_COMPONENTS] = {"c0", "c1", "c2", "c3", "c4", "c5"};
    t->w = conf_world();
    for (uint32_t k = 0; k < TW_COMPONENTS; ++k)
        cr_assert_eq(conf_register(t->w, names[k], is_tag(k) ? 0 : 4 * (k + 1), is_tag(k) ? 1 : 4, ESB_STORAGE_DENSE),
                     k);
    for (uint32_t i = 0; i < TW_QUERIES; ++i) {
        const tw_terms *q = &p->queries[i];
        esb_query_desc d = {.fields = q->fields,
                            .field_count = q->field_count,
                            .with = q->with,
                            .with_count = q->with_count,
                            .without = q->without,
                            .without_count = q->without_count,
                            .cached = q->cached,
                            .access = read};
        t->queries[i] = conf_query(t->w, &d);
    }
    for (uint32_t i = 0; i < TW_OBSERVERS; ++i) {
        esb_query_desc d = {.fields = &p->observed[i],
                            .field_count = 1,
                            .change = p->observer_change[i],
                            .change_component = p->observed[i],
                            .access = read};
        t->observers[i] = conf_query(t->w, &d);
    }
    for (uint32_t i = 0; i < p->entities; ++i) {
        cr_assert_eq(esb_create(t->w, &t->e[i]), ESB_OK);
        for (esb_component k = 0; k < TW_COMPONENTS; ++k) {
            uint32_t value[6] = {i * 7 + k, i, k, 1, 2, 3};
            if (p->masks[i] >> k & 1) cr_assert_eq(esb_add(t->w, t->e[i], k, value), ESB_OK);
        }
    }
}

/* A complete pass's entities (an observer's pass consumes its changes). */
static uint32_t pass(esb_query *q, esb_entity *out) {
    esb_iter it;
    uint32_t n = 0;
    cr_assert_eq(esb_iter_begin(q, &it), ESB_OK);
    while (esb_iter_next(&it))
        for (uint32_t i = 0; i < it.batch.count; ++i)
            out[n++] = it.batch.entities[it.batch.entity_rows ? it.batch.entity_rows[i] : i];
    return n;
}

static uint64_t mix(esb_entity e) { return (e * 0x9e3779b97f4a7c15u) ^ (e >> 29); }

/* Whether two passes handed out the same entities, in any order (a sum of their mixed handles). */
static void same_entities(esb_query *qa, esb_query *qb, const char *what, uint32_t i) {
    static esb_entity a[TW_ENTITIES], b[TW_ENTITIES];
    uint32_t na = pass(qa, a), nb = pass(qb, b);
    cr_assert_eq(na, nb, "%s %u: %u entities against %u", what, i, na, nb);
    uint64_t sum_a = 0, sum_b = 0;
    for (uint32_t k = 0; k < na; ++k) sum_a += mix(a[k]), sum_b += mix(b[k]);
    cr_assert_eq(sum_a, sum_b, "%s %u: other entities", what, i);
}

static void agree(const tw_plan *p, tw_world *a, tw_world *b, bool observers_too) {
    esb_world_check(a->w);
    esb_world_check(b->w);
    for (uint32_t i = 0; i < p->entities; ++i)
        for (esb_component k = 0; k < TW_COMPONENTS; ++k) {
            int has = esb_has(a->w, a->e[i], k);
            cr_assert_eq(has, esb_has(b->w, b->e[i], k), "entity %u, component %u", i, k);
            void *va, *vb;
            if (has != 1 || is_tag(k)) continue;
            cr_assert_eq(esb_get(a->w, a->e[i], k, &va), ESB_OK);
            cr_assert_eq(esb_get(b->w, b->e[i], k, &vb), ESB_OK);
            cr_assert_eq(memcmp(va, vb, 4 * (k + 1)), 0, "entity %u, component %u: another value", i, k);
        }
    for (uint32_t i = 0; i < TW_QUERIES; ++i) same_entities(a->queries[i], b->queries[i], "query", i);
    for (uint32_t i = 0; observers_too && i < TW_OBSERVERS; ++i)
        same_entities(a->observers[i], b->observers[i], "observer", i);
    const char *names[4];
    uint64_t moves_a[4] = {0}, moves_b[4] = {0};
    cr_assert_eq(esb_world_counters(a->w, names, moves_a, 4), esb_world_counters(b->w, names, moves_b, 4));
    cr_assert_eq(moves_a[3], moves_b[3], "group moves: %llu against %llu", (unsigned long long)moves_a[3],
                 (unsigned long long)moves_b[3]);
}

/* Query qi's call on c in world a, its loop in world b (a's values copied: the call takes one value or zeros). */
static void call_and_loop(tw_world *a, tw_world *b, uint32_t qi, esb_component c, bool add, const void *value) {
    static esb_entity matched[TW_ENTITIES];
    uint32_t n = pass(b->queries[qi], matched);
    size_t count = SIZE_MAX, looped = 0;
    if (add) {
        cr_assert_eq(esb_add_matching(a->queries[qi], c, value, &count), ESB_OK);
        for (uint32_t i = 0; i < n; ++i) {
            if (esb_has(b->w, matched[i], c) != 0) continue;
            cr_assert_eq(esb_add(b->w, matched[i], c, value), ESB_OK);
            ++looped;
        }
    } else {
        cr_assert_eq(esb_remove_matching(a->queries[qi], c, &count), ESB_OK);
        for (uint32_t i = 0; i < n; ++i) {
            if (esb_has(b->w, matched[i], c) != 1) continue;
            cr_assert_eq(esb_remove(b->w, matched[i], c), ESB_OK);
            ++looped;
        }
    }
    cr_assert_eq(count, looped, "query %u, component %u: %zu changed against %zu", qi, c, count, looped);
}

Test(sparse_matching, as_the_loop_of_adds_and_removes) {
    for (uint32_t round = 0; round < 200; ++round) {
        rng = round * 7919u + 1;
        tw_plan p;
        draw_plan(&p);
        tw_world a, b;
        build(&a, &p);
        build(&b, &p);
        agree(&p, &a, &b, false);
        for (uint32_t step = 0; step < 30; ++step) {
            uint32_t qi = draw(TW_QUERIES);
            const tw_terms *q = &p.queries[qi];
            esb_component c = draw(TW_COMPONENTS);
            if (draw(3) == 0) { /* one of the query's own terms */
                uint32_t t = draw(q->field_count + q->with_count + q->without_count);
                c = t < q->field_count                   ? q->fields[t]
                    : t < q->field_count + q->with_count ? q->with[t - q->field_count]
                                                         : q->without[t - q->field_count - q->with_count];
            }
            uint32_t value[6] = {step, round, 9, 8, 7, 6};
            call_and_loop(&a, &b, qi, c, draw(2), draw(3) ? value : NULL);
            agree(&p, &a, &b, draw(4) == 0);
        }
        agree(&p, &a, &b, true);
        esb_world_destroy(a.w);
        esb_world_destroy(b.w);
    }
}
