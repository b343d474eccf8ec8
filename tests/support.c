/* PRNG, test environment and the differential wrappers of the structural operations; plain helpers. */
#include "support.h"

#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- PRNG ---- */

void conf_rng_seed(conf_rng *r, uint64_t seed) { *r = (conf_rng){.s = seed}; }

void conf_rng_from_bytes(conf_rng *r, const void *bytes, size_t len) {
    *r = (conf_rng){.s = len, .bytes = bytes, .len = len};
}

static uint64_t conf_splitmix(uint64_t *s) {
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* The next `width` input bytes, little-endian. */
static uint64_t conf_take(conf_rng *r, unsigned width) {
    uint64_t v = 0;
    for (unsigned i = 0; i < width; ++i) {
        if (r->pos >= r->len) {
            r->exhausted = true;
            return 0;
        }
        v |= (uint64_t)r->bytes[r->pos++] << (8 * i);
    }
    return v;
}

uint64_t conf_rng_next(conf_rng *r) { return r->bytes ? conf_take(r, 8) : conf_splitmix(&r->s); }

uint32_t conf_rng_below(conf_rng *r, uint32_t n) {
    if (!r->bytes) return (uint32_t)(conf_splitmix(&r->s) % n);
    unsigned width = n <= 0x100u ? 1 : n <= 0x10000u ? 2 : 4;
    return (uint32_t)(conf_take(r, width) % n);
}

bool conf_rng_chance(conf_rng *r, uint32_t percent) { return conf_rng_below(r, 100) < percent; }

void conf_rng_fill(conf_rng *r, void *dst, size_t n) {
    unsigned char *d = dst;
    for (size_t i = 0; i < n; ++i) d[i] = (unsigned char)conf_splitmix(&r->s);
}

/* ---- environment ---- */

void conf_context(const conf_env *env) {
    fprintf(stderr, "[conformance] strategy=%s seed=%#" PRIx64 " step=%u op=%s%s%s\n", esb_strategy_name(), env->seed,
            env->step, env->what ? env->what : "-", env->sweep ? " sweep=" : "", env->sweep ? env->sweep : "");
}

/* The environment live now: a failed assertion prints its context itself, but an abort (an invariant check, an
 * assert) would otherwise say only that the test crashed. The handler prints the context, then hands the signal
 * to the handler it replaced (the test runner's, libFuzzer's, or the default), so that the abort is still a crash
 * to whoever watches for it. */
static const conf_env *conf_running;
static struct sigaction conf_replaced_abort;

static void conf_on_abort(int sig) {
    if (conf_running) conf_context(conf_running);
    sigaction(sig, &conf_replaced_abort, NULL);
    raise(sig);
}

static void conf_watch_aborts(void) {
    static bool watching;
    if (watching) return;
    struct sigaction on_abort;
    memset(&on_abort, 0, sizeof on_abort);
    on_abort.sa_handler = conf_on_abort;
    sigemptyset(&on_abort.sa_mask);
    watching = sigaction(SIGABRT, &on_abort, &conf_replaced_abort) == 0;
}

void conf_env_init(conf_env *env, uint64_t seed) {
    memset(env, 0, sizeof *env);
    conf_running = env;
    conf_watch_aborts();
    env->seed = seed;
    conf_rng_seed(&env->rng, seed);
    conf_rng_seed(&env->aux, ~seed);
    env->batched_ops = true;
    conf_model_init(&env->m);
    esb_status st = esb_world_create(&env->w);
    cr_assert_eq(st, ESB_OK, "esb_world_create: %s", esb_status_name(st));
    cr_assert_not_null(env->w, "esb_world_create returned OK and a NULL world");
}

void conf_env_fini(conf_env *env) {
    for (int li = 0; li < CONF_LIVE_ITERS; ++li)
        if (env->live[li].active) conf_do_iter_end(env, li);
    esb_world_destroy(env->w);
    env->w = NULL;
    conf_model_free(&env->m);
    for (int li = 0; li < CONF_LIVE_ITERS; ++li) free(env->live[li].seen);
    conf_tally("allocation failures injected", env->injected);
    if (conf_running == env) conf_running = NULL;
}

void conf_tally(const char *what, uint64_t n) {
    const char *path = getenv("CONF_TALLY");
    if (!path || !*path || n == 0) return;
    char line[160];
    int len = snprintf(line, sizeof line, "%" PRIu64 " %s\n", n, what);
    if (len <= 0 || (size_t)len >= sizeof line) return;
    /* One write of one short line in append mode: lines from concurrent test processes never interleave. */
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
    if (fd < 0) return;
    ssize_t written = write(fd, line, (size_t)len);
    (void)written;
    close(fd);
}

bool conf_status_check(conf_env *env, const char *what, esb_status want, esb_status got) {
    env->what = what;
    if (env->injecting) {
        env->calls = esb_mem_fail_nth(0); /* disarm before anything else allocates */
        env->injecting = false;
        if (want == ESB_OK && got == ESB_ERR_NOMEM) {
            ++env->injected;
            return true;
        }
    }
    CONF_REQUIRE(env, got == want, "%s returned %s (%d), the contract requires %s (%d)", what, esb_status_name(got),
                 (int)got, esb_status_name(want), (int)want);
    return false;
}

esb_component conf_reg(conf_env *env, const char *name, size_t size, size_t align, esb_storage_hint hint) {
    esb_component_desc d = {name, size, align, hint};
    esb_component id = 0;
    CONF_REQUIRE(env, conf_do_register(env, &d, &id) == ESB_OK, "registering %s failed", name);
    return id;
}

esb_status conf_do_register(conf_env *env, const esb_component_desc *desc, esb_component *out) {
    esb_component id = 0xDEADBEEFu;
    esb_status want = conf_model_register_status(&env->m, env->w, desc, out);
    esb_status got = esb_component_register(env->w, desc, out ? &id : NULL);
    if (conf_status_check(env, "esb_component_register", want, got)) return got;
    if (got == ESB_OK) {
        esb_component expect = conf_model_register_apply(&env->m, desc);
        CONF_REQUIRE(env, id == expect, "esb_component_register gave id %u, expected the next dense id %u", id, expect);
        *out = id;
    }
    return got;
}

esb_status conf_do_create(conf_env *env, esb_entity *out) {
    esb_entity h = ESB_ENTITY_NULL;
    esb_status want = conf_model_create_status(&env->m, env->w, out);
    esb_status got = esb_create(env->w, out ? &h : NULL);
    if (conf_status_check(env, "esb_create", want, got)) return got;
    if (got == ESB_OK) {
        CONF_REQUIRE(env, conf_model_issue(&env->m, h),
                     "esb_create returned handle %#" PRIx64 ", which this world issued before (or is invalid)", h);
        *out = h;
    }
    return got;
}

static bool conf_bulk_value_matches(conf_env *env, esb_entity e, size_t j, const esb_component *ids, uint32_t count,
                                    const void *const *values) {
    for (uint32_t k = 0; k < count; ++k) {
        size_t size = conf_model_comp_size(&env->m, ids[k]);
        if (size == 0) continue;
        void *p = NULL;
        if (esb_get(env->w, e, ids[k], &p) != ESB_OK || !p) return false;
        const unsigned char *want = values && values[k] ? (const unsigned char *)values[k] + j * size : NULL;
        for (size_t b = 0; b < size; ++b)
            if (((unsigned char *)p)[b] != (want ? want[b] : 0)) return false;
    }
    return true;
}

/* Finds the n entities a successful esb_create_bulk without out_entities created, in creation order (matched
 * by their values; entities with equal values are interchangeable). */
static void conf_discover(conf_env *env, size_t n, const esb_component *ids, uint32_t count, const void *const *values,
                          esb_entity *handles) {
    CONF_REQUIRE(env, count > 0, "test bug: bulk creation without out handles needs a component to find them");
    esb_query_desc d = {0};
    d.with = ids;
    d.with_count = count;
    esb_query *q = NULL;
    esb_status st = esb_query_create(env->w, &d, &q);
    CONF_REQUIRE(env, st == ESB_OK, "temporary query to find bulk-created entities: %s", esb_status_name(st));
    unsigned char *used = calloc(n, 1);
    size_t found = 0;
    esb_iter it;
    st = esb_iter_begin(q, &it);
    CONF_REQUIRE(env, st == ESB_OK, "esb_iter_begin on a fresh query: %s", esb_status_name(st));
    while (esb_iter_next(&it)) {
        const esb_batch *b = &it.batch;
        for (uint32_t i = 0; i < b->count; ++i) {
            esb_entity e = b->entities[b->entity_rows ? b->entity_rows[i] : i];
            size_t idx = conf_model_find(&env->m, e);
            if (idx != CONF_NO_ENTITY) {
                CONF_REQUIRE(env, env->m.ents[idx] != NULL,
                             "query after bulk creation yields destroyed entity %#" PRIx64, e);
                continue;
            }
            CONF_REQUIRE(env, found < n, "esb_create_bulk(n=%zu) created more than n entities", n);
            size_t j = 0;
            while (j < n && (used[j] || !conf_bulk_value_matches(env, e, j, ids, count, values))) ++j;
            CONF_REQUIRE(env, j < n, "bulk-created entity %#" PRIx64 " holds values given to none of the n", e);
            used[j] = 1;
            handles[j] = e;
            ++found;
        }
    }
    free(used);
    CONF_REQUIRE(env, found == n, "esb_create_bulk(n=%zu) without out handles created %zu findable entities", n, found);
    st = esb_query_destroy(q);
    CONF_REQUIRE(env, st == ESB_OK, "esb_query_destroy of the temporary query: %s", esb_status_name(st));
}

esb_status conf_do_bulk(conf_env *env, size_t n, const esb_component *ids, uint32_t count, const void *const *values,
                        bool want_out, esb_entity *out) {
    esb_entity *handles = calloc(n ? n : 1, sizeof *handles);
    for (size_t i = 0; i < n; ++i) handles[i] = ESB_ENTITY_NULL;
    esb_status want = conf_model_bulk_status(&env->m, env->w, n, ids, count);
    esb_status got = esb_create_bulk(env->w, n, ids, count, values, want_out ? handles : NULL);
    if (conf_status_check(env, "esb_create_bulk", want, got) || got != ESB_OK || n == 0) {
        free(handles);
        return got;
    }
    if (!want_out) conf_discover(env, n, ids, count, values, handles);
    env->what = "esb_create_bulk";
    CONF_REQUIRE(env, conf_model_bulk_apply(&env->m, handles, n, ids, count, values),
                 "esb_create_bulk returned a handle this world issued before (or a duplicate or invalid one)");
    if (out) memcpy(out, handles, n * sizeof *handles);
    free(handles);
    return got;
}

esb_status conf_do_destroy(conf_env *env, esb_entity e) {
    esb_status want = conf_model_destroy_status(&env->m, env->w, e);
    esb_status got = esb_destroy(env->w, e);
    if (conf_status_check(env, "esb_destroy", want, got)) return got;
    if (got == ESB_OK) conf_model_destroy_apply(&env->m, e);
    return got;
}

esb_status conf_do_add(conf_env *env, esb_entity e, esb_component c, const void *value) {
    esb_status want = conf_model_add_status(&env->m, env->w, e, c);
    esb_status got = esb_add(env->w, e, c, value);
    if (conf_status_check(env, "esb_add", want, got)) return got;
    if (got == ESB_OK) conf_model_add_apply(&env->m, e, c, value);
    return got;
}

esb_status conf_do_set(conf_env *env, esb_entity e, esb_component c, const void *value) {
    esb_status want = conf_model_set_status(&env->m, env->w, e, c);
    esb_status got = esb_set(env->w, e, c, value);
    if (conf_status_check(env, "esb_set", want, got)) return got;
    if (got == ESB_OK) conf_model_set_apply(&env->m, e, c, value);
    return got;
}

esb_status conf_do_remove(conf_env *env, esb_entity e, esb_component c) {
    esb_status want = conf_model_remove_status(&env->m, env->w, e, c);
    esb_status got = esb_remove(env->w, e, c);
    if (conf_status_check(env, "esb_remove", want, got)) return got;
    if (got == ESB_OK) conf_model_remove_apply(&env->m, e, c);
    return got;
}

size_t conf_free_query_slots(const conf_env *env) {
    size_t n = 0;
    for (int s = 0; s < CONF_MODEL_QUERIES; ++s) n += !env->m.q[s].live;
    return n;
}

esb_status conf_do_query_create(conf_env *env, const esb_query_desc *desc, int *slot) {
    esb_query *q = NULL;
    esb_query *const marker = NULL;
    esb_status want = conf_model_query_status(&env->m, env->w, desc, slot ? &marker : NULL);
    esb_status got = esb_query_create(env->w, desc, slot ? &q : NULL);
    if (conf_status_check(env, "esb_query_create", want, got)) return got;
    if (got == ESB_OK) {
        CONF_REQUIRE(env, q != NULL, "esb_query_create returned OK and a NULL query");
        int s = conf_model_query_apply(&env->m, desc);
        CONF_REQUIRE(env, s >= 0, "test bug: more than %d live queries", CONF_MODEL_QUERIES);
        env->q[s] = q;
        *slot = s;
        const char *kind = esb_query_kind(q);
        CONF_REQUIRE(env, kind && kind[0], "esb_query_kind returned an empty string");
    }
    return got;
}

esb_status conf_do_query_destroy(conf_env *env, int slot) {
    esb_status want = conf_model_query_destroy_status(&env->m, slot);
    esb_status got = esb_query_destroy(slot < 0 ? NULL : env->q[slot]);
    if (conf_status_check(env, "esb_query_destroy", want, got)) return got;
    if (got == ESB_OK && slot >= 0) {
        conf_model_query_destroy_apply(&env->m, slot);
        env->q[slot] = NULL;
    }
    return got;
}

/* ---- the mixed components ---- */

const esb_component_desc conf_mix_components[CONF_MIX_COUNT] = {
    {"f32", 4, 4, ESB_STORAGE_DENSE},      {"vec3", 12, 4, ESB_STORAGE_DENSE},      {"tag", 0, 1, ESB_STORAGE_DENSE},
    {"a64", 64, 64, ESB_STORAGE_DENSE},    {"sparse16", 16, 8, ESB_STORAGE_SPARSE}, {"u8", 1, 1, ESB_STORAGE_SPARSE},
    {"late32", 32, 32, ESB_STORAGE_DENSE},
};

esb_query_desc conf_mix_query(unsigned which) {
    static const esb_component f32_vec3[] = {CONF_MIX_F32, CONF_MIX_VEC3}, a64 = CONF_MIX_A64, tag = CONF_MIX_TAG,
                               sparse = CONF_MIX_SPARSE;
    switch (which) {
    case 0: return (esb_query_desc){.fields = f32_vec3, .field_count = 2, .cached = true};
    case 1: return (esb_query_desc){.fields = &a64, .field_count = 1, .without = &tag, .without_count = 1};
    case 2: return (esb_query_desc){.fields = &sparse, .field_count = 1, .cached = true};
    case 3: return (esb_query_desc){.with = &tag, .with_count = 1, .cached = true};
    case 4:
        return (esb_query_desc){.fields = f32_vec3,
                                .field_count = 2,
                                .cached = true,
                                .change = ESB_CHANGE_CHANGED,
                                .change_component = CONF_MIX_F32};
    case 5:
        return (esb_query_desc){
            .fields = &sparse, .field_count = 1, .change = ESB_CHANGE_ADDED, .change_component = CONF_MIX_SPARSE};
    default:
        return (esb_query_desc){
            .fields = f32_vec3 + 1, .field_count = 1, .without = f32_vec3, .without_count = 1, .cached = true};
    }
}

esb_status conf_do_bulk_mix(conf_env *env, size_t n, bool with_values) {
    enum { MOST = 130 };
    static float f32[MOST];
    static unsigned char a64[MOST][64];
    CONF_REQUIRE(env, n <= MOST, "test bug: bulk creation of %zu mixed entities, at most %d", n, MOST);
    for (size_t i = 0; i < n; ++i) {
        f32[i] = (float)i;
        memset(a64[i], (int)i, sizeof a64[i]);
    }
    esb_component ids[] = {CONF_MIX_F32, CONF_MIX_TAG, CONF_MIX_A64, CONF_MIX_VEC3};
    const void *values[] = {f32, NULL, a64, NULL};
    return conf_do_bulk(env, n, ids, 4, with_values ? values : NULL, true, NULL);
}

/* ---- plain helpers ---- */

esb_world *conf_world(void) {
    esb_world *w = NULL;
    esb_status st = esb_world_create(&w);
    cr_assert_eq(st, ESB_OK, "esb_world_create: %s", esb_status_name(st));
    cr_assert_not_null(w, "esb_world_create returned OK and a NULL world");
    return w;
}

esb_component conf_register(esb_world *w, const char *name, size_t size, size_t align, esb_storage_hint hint) {
    esb_component_desc d = {name, size, align, hint};
    esb_component id = 0;
    esb_status st = esb_component_register(w, &d, &id);
    cr_assert_eq(st, ESB_OK, "registering %s: %s", name, esb_status_name(st));
    return id;
}

esb_world *conf_world_of(const esb_component_desc *descs, uint32_t count, esb_component *ids, size_t n,
                         uint32_t holding, esb_entity *out) {
    esb_world *w = conf_world();
    for (uint32_t k = 0; k < count; ++k)
        ids[k] = conf_register(w, descs[k].name, descs[k].size, descs[k].align, descs[k].hint);
    esb_status st = esb_create_bulk(w, n, ids, holding, NULL, out);
    cr_assert_eq(st, ESB_OK, "esb_create_bulk of %zu entities: %s", n, esb_status_name(st));
    return w;
}

esb_query *conf_query(esb_world *w, const esb_query_desc *desc) {
    esb_query *q = NULL;
    esb_status st = esb_query_create(w, desc, &q);
    cr_assert_eq(st, ESB_OK, "esb_query_create: %s", esb_status_name(st));
    cr_assert_not_null(q, "esb_query_create returned OK and a NULL query");
    return q;
}

esb_query *conf_query_changed(esb_world *w, esb_component c) {
    esb_query_desc d = {.fields = &c, .field_count = 1, .change = ESB_CHANGE_CHANGED, .change_component = c};
    esb_query *q = conf_query(w, &d);
    esb_world_check(w);
    return q;
}

uint64_t conf_counter(const esb_world *w, const char *name) {
    enum { MOST = 16 };
    const char *names[MOST];
    uint64_t values[MOST];
    size_t n = esb_world_counters(w, names, values, MOST);
    for (size_t i = 0; i < n && i < MOST; ++i)
        if (!strcmp(names[i], name)) return values[i];
    cr_assert_fail("the strategy keeps no counter %s", name);
    return 0;
}

conf_basic conf_basic_world(void) {
    conf_basic b;
    b.w = conf_world();
    b.f32 = conf_register(b.w, "f32", 4, 4, ESB_STORAGE_DENSE);
    b.vec3 = conf_register(b.w, "vec3", 12, 4, ESB_STORAGE_DENSE);
    b.tag = conf_register(b.w, "tag", 0, 1, ESB_STORAGE_DENSE);
    b.f64 = conf_register(b.w, "f64", 8, 8, ESB_STORAGE_SPARSE);
    cr_assert(b.f32 == 0 && b.vec3 == 1 && b.tag == 2 && b.f64 == 3,
              "component ids must be dense in registration order (got %u %u %u %u)", b.f32, b.vec3, b.tag, b.f64);
    return b;
}

esb_entity conf_new(esb_world *w) {
    esb_entity e = ESB_ENTITY_NULL;
    esb_status st = esb_create(w, &e);
    cr_assert_eq(st, ESB_OK, "esb_create: %s", esb_status_name(st));
    cr_assert(esb_alive(w, e), "a created entity must be alive");
    return e;
}

esb_entity conf_new_dead(esb_world *w) {
    esb_entity e = conf_new(w);
    esb_status st = esb_destroy(w, e);
    cr_assert_eq(st, ESB_OK, "esb_destroy: %s", esb_status_name(st));
    return e;
}

esb_entity conf_new_f32(const conf_basic *b, float v) {
    esb_entity e = conf_new(b->w);
    conf_add_f32(b->w, e, b->f32, v);
    return e;
}

void conf_new_f32s(const conf_basic *b, int n) {
    for (int i = 0; i < n; ++i) conf_new_f32(b, (float)i);
}

void conf_expect_locked(esb_world *w, bool locked) {
    esb_entity e;
    esb_status st = esb_create(w, &e);
    cr_assert_eq(st, locked ? ESB_ERR_LOCKED : ESB_OK, "esb_create returned %s in a world %s", esb_status_name(st),
                 locked ? "locked by a live iterator" : "with no live iterator");
}

void conf_add_f32(esb_world *w, esb_entity e, esb_component c, float v) {
    esb_status st = esb_add(w, e, c, &v);
    cr_assert_eq(st, ESB_OK, "esb_add: %s", esb_status_name(st));
}

float conf_get_f32(esb_world *w, esb_entity e, esb_component c) {
    void *p = NULL;
    esb_status st = esb_get(w, e, c, &p);
    cr_assert_eq(st, ESB_OK, "esb_get: %s", esb_status_name(st));
    cr_assert_not_null(p, "esb_get returned OK and NULL for a non-tag component");
    float v;
    memcpy(&v, p, sizeof v);
    return v;
}

esb_query *conf_query1(esb_world *w, esb_component field, bool cached) {
    esb_query_desc d = {.fields = &field, .field_count = 1, .cached = cached};
    return conf_query(w, &d);
}

conf_f32_world conf_f32_world_make(int n) {
    conf_f32_world t = {.b = conf_basic_world()};
    conf_new_f32s(&t.b, n);
    t.uncached = conf_query1(t.b.w, t.b.f32, false);
    t.cached = conf_query1(t.b.w, t.b.f32, true);
    return t;
}

void conf_f32_world_fini(conf_f32_world *t) {
    esb_status st = esb_query_destroy(t->uncached);
    cr_assert_eq(st, ESB_OK, "esb_query_destroy (uncached): %s", esb_status_name(st));
    st = esb_query_destroy(t->cached);
    cr_assert_eq(st, ESB_OK, "esb_query_destroy (cached): %s", esb_status_name(st));
    esb_world_destroy(t->b.w);
}

size_t conf_drain(esb_iter *it) {
    size_t n = 0;
    while (esb_iter_next(it)) {
        cr_assert_gt(it->batch.count, 0, "esb_iter_next handed out a batch with count 0");
        n += it->batch.count;
    }
    return n;
}

size_t conf_count(esb_query *q) {
    esb_iter it;
    esb_status st = esb_iter_begin(q, &it);
    cr_assert_eq(st, ESB_OK, "esb_iter_begin: %s", esb_status_name(st));
    return conf_drain(&it);
}

bool conf_contains(esb_query *q, esb_entity e) {
    esb_iter it;
    esb_status st = esb_iter_begin(q, &it);
    cr_assert_eq(st, ESB_OK, "esb_iter_begin: %s", esb_status_name(st));
    bool found = false;
    while (esb_iter_next(&it))
        for (uint32_t i = 0; i < it.batch.count; ++i)
            if (conf_batch_entity(&it.batch, i) == e) found = true;
    return found;
}
