/* add_remove: n entities with A {float}; add B {float} to every one, then remove it from every one. The unit
 * is one add+remove pair. The world is back to its starting state after each run, so runs repeat on it.
 * add_remove_cached: the same while a cached query over A and B exists (a system that runs every frame on
 * entities with both), so designs that maintain per-query state (cached filters, groups) pay for it here. */
#include <stdlib.h>

#include "ecs.h"
#include "scenario.h"

typedef struct add_remove_ctx {
    esb_world *world;
    esb_component a, b;
    esb_query *both; /* the cached A+B query of add_remove_cached */
    esb_entity *handles;
    scalar *b_values;
    size_t n;
} add_remove_ctx;

static void add_remove_teardown(void *p) {
    add_remove_ctx *c = p;
    esb_world_destroy(c->world);
    free(c->handles);
    free(c->b_values);
    free(c);
}

static void *setup(size_t n, bool cached_query, const char **error) {
    add_remove_ctx *c = calloc(1, sizeof *c);
    if (!c) return *error = "out of memory", NULL;
    c->n = n;
    c->handles = malloc(n * sizeof *c->handles);
    c->b_values = malloc(n * sizeof *c->b_values);
    esb_status s = ESB_ERR_NOMEM;
    if (c->handles && c->b_values && (s = esb_world_create(&c->world)) == ESB_OK &&
        (s = scn_register(c->world, "A", sizeof(scalar), _Alignof(scalar), ESB_STORAGE_DENSE, &c->a)) == ESB_OK &&
        (s = scn_register(c->world, "B", sizeof(scalar), _Alignof(scalar), ESB_STORAGE_DENSE, &c->b)) == ESB_OK) {
        size_t size = sizeof(scalar);
        scn_value_fn value = scn_scalar;
        s = scn_bulk(c->world, n, &c->a, &size, &value, 1, c->handles);
    }
    if (s == ESB_OK && cached_query) {
        esb_component fields[] = {c->a, c->b};
        esb_query_desc d = {.fields = fields, .field_count = 2, .cached = true};
        s = esb_query_create(c->world, &d, &c->both);
    }
    if (s != ESB_OK) {
        *error = esb_status_name(s);
        add_remove_teardown(c);
        return NULL;
    }
    for (size_t i = 0; i < n; ++i) c->b_values[i] = data_scalar(i * 3 + 1);
    return c;
}

static void *add_remove_setup(size_t n, const char **error) { return setup(n, false, error); }
static void *add_remove_cached_setup(size_t n, const char **error) { return setup(n, true, error); }

static uint64_t add_all(add_remove_ctx *c) {
    uint64_t added = 0;
    for (size_t i = 0; i < c->n; ++i) added += esb_add(c->world, c->handles[i], c->b, &c->b_values[i]) == ESB_OK;
    return added;
}

static uint64_t remove_all(add_remove_ctx *c) {
    uint64_t removed = 0;
    for (size_t i = 0; i < c->n; ++i) removed += esb_remove(c->world, c->handles[i], c->b) == ESB_OK;
    return removed;
}

static uint64_t add_remove_run(void *p) {
    add_remove_ctx *c = p;
    uint64_t added = add_all(c), removed = remove_all(c);
    return added < removed ? added : removed;
}

/* Every entity's ordinal with its A value (untouched by the runs), and how many still have B (none). */
static uint64_t add_remove_checksum(void *p) {
    add_remove_ctx *c = p;
    uint64_t sum = 0, with_b = 0;
    for (size_t i = 0; i < c->n; ++i) {
        void *a;
        if (esb_get(c->world, c->handles[i], c->a, &a) == ESB_OK)
            sum += entity_hash(i, mix64(float_bits(((scalar *)a)->v)));
        with_b += esb_has(c->world, c->handles[i], c->b) == 1;
    }
    return sum + hash_pair(with_b, c->n);
}

/* One more run, watched: after the adds every entity holds its B value, after the removes none has B. */
static bool add_remove_verify(void *p, uint64_t runs, const char **error) {
    add_remove_ctx *c = p;
    (void)runs;
    if (add_all(c) != c->n) return *error = "an add failed", false;
    for (size_t i = 0; i < c->n; ++i) {
        void *b;
        if (esb_get(c->world, c->handles[i], c->b, &b) != ESB_OK || ((scalar *)b)->v != c->b_values[i].v)
            return *error = "after the adds an entity lacks its B value", false;
    }
    if (remove_all(c) != c->n) return *error = "a remove failed", false;
    for (size_t i = 0; i < c->n; ++i)
        if (esb_has(c->world, c->handles[i], c->b) != 0) return *error = "after the removes an entity has B", false;
    return true;
}

static esb_world *add_remove_world(void *p) { return ((add_remove_ctx *)p)->world; }

static const char *add_remove_kind(void *p) {
    add_remove_ctx *c = p;
    return c->both ? esb_query_kind(c->both) : NULL;
}

const scenario scenario_add_remove = {
    .name = "add_remove",
    .unit = "pair",
    .setup = add_remove_setup,
    .run = add_remove_run,
    .checksum = add_remove_checksum,
    .verify = add_remove_verify,
    .world = add_remove_world,
    .teardown = add_remove_teardown,
};

const scenario scenario_add_remove_cached = {
    .name = "add_remove_cached",
    .unit = "pair",
    .setup = add_remove_cached_setup,
    .run = add_remove_run,
    .checksum = add_remove_checksum,
    .verify = add_remove_verify,
    .query_kind = add_remove_kind,
    .world = add_remove_world,
    .teardown = add_remove_teardown,
};
