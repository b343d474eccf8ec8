/* add_remove: n entities with A {float}; add B {float} to every one, then remove it from every one. The unit
 * is one add+remove pair. The world is back to its starting state after each run, so runs repeat on it. */
#include <stdlib.h>

#include "ecs.h"
#include "scenario.h"

typedef struct add_remove_ctx {
    esb_world *world;
    esb_component a, b;
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

static void *add_remove_setup(size_t n, const char **error) {
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
    if (s != ESB_OK) {
        *error = esb_status_name(s);
        add_remove_teardown(c);
        return NULL;
    }
    for (size_t i = 0; i < n; ++i) c->b_values[i] = data_scalar(i * 3 + 1);
    return c;
}

static uint64_t add_remove_run(void *p) {
    add_remove_ctx *c = p;
    uint64_t added = 0, removed = 0;
    for (size_t i = 0; i < c->n; ++i) added += esb_add(c->world, c->handles[i], c->b, &c->b_values[i]) == ESB_OK;
    for (size_t i = 0; i < c->n; ++i) removed += esb_remove(c->world, c->handles[i], c->b) == ESB_OK;
    return added < removed ? added : removed;
}

/* The A values (untouched by the run) and how many entities still have B (none). */
static uint64_t add_remove_checksum(void *p) {
    add_remove_ctx *c = p;
    uint64_t sum = 0, with_b = 0;
    for (size_t i = 0; i < c->n; ++i) {
        void *a;
        if (esb_get(c->world, c->handles[i], c->a, &a) == ESB_OK) sum += mix64(float_bits(((scalar *)a)->v));
        with_b += esb_has(c->world, c->handles[i], c->b) == 1;
    }
    return sum + hash_pair(with_b, c->n);
}

const scenario scenario_add_remove = {
    .name = "add_remove",
    .unit = "pair",
    .setup = add_remove_setup,
    .run = add_remove_run,
    .checksum = add_remove_checksum,
    .teardown = add_remove_teardown,
};
