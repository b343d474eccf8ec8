/* padded_iter: n entities with Mass (a double) and Charge (a float); one pass of mass += charge through a cached
 * query over both. Mass's alignment rounds a record of the two up to 16 bytes for 12 of data, so a table of
 * whole-entity records (AoS) loads a third more bytes per entity than one array per component (SoA): the workload
 * SoA should win on bandwidth alone. */
#include "ecs.h"
#include "kernels.h"
#include "scenario.h"
#include "info.h"

typedef struct padded_ctx {
    scn_ctx base; /* its query: Mass (written), Charge (read) */
    esb_component mass, charge;
} padded_ctx;

static void mass_of(uint64_t i, void *dst) { *(mass *)dst = data_mass(i); }
static void charge_of(uint64_t i, void *dst) { *(scalar *)dst = data_charge(i); }

static void *padded_setup(size_t n, const void *params, const char **error) {
    (void)params;
    padded_ctx *c = scn_ctx_new(sizeof *c, n, error);
    if (!c) return NULL;
    esb_status s = esb_world_create(&c->base.world);
    if (s == ESB_OK) s = scn_register(c->base.world, "Mass", sizeof(mass), _Alignof(mass), ESB_STORAGE_DENSE, &c->mass);
    if (s == ESB_OK)
        s = scn_register(c->base.world, "Charge", sizeof(scalar), _Alignof(scalar), ESB_STORAGE_DENSE, &c->charge);
    if (s == ESB_OK) {
        esb_component ids[] = {c->mass, c->charge};
        size_t sizes[] = {sizeof(mass), sizeof(scalar)};
        scn_value_fn values[] = {mass_of, charge_of};
        s = scn_bulk(c->base.world, n, ids, sizes, values, 2, c->base.handles);
    }
    if (s == ESB_OK) s = scn_query_update(c->base.world, c->mass, c->charge, NULL, true, &c->base.query);
    return scn_setup_end(c, s, scn_ctx_delete, error);
}

static uint64_t padded_run(void *p) {
    padded_ctx *c = p;
    return scn_pass(c->base.query, kernel_charge) == c->base.n ? c->base.n : 0;
}

/* Every entity's ordinal with its Mass and Charge, plus how many entities the query finds. */
static uint64_t padded_checksum(void *p) {
    padded_ctx *c = p;
    uint64_t sum = 0;
    for (size_t i = 0; i < c->base.n; ++i) {
        void *m, *q;
        if (esb_get(c->base.world, c->base.handles[i], c->mass, &m) != ESB_OK ||
            esb_get(c->base.world, c->base.handles[i], c->charge, &q) != ESB_OK)
            continue;
        sum += data_entity_hash(
            i, data_hash_pair(data_mix64(data_double_bits(((mass *)m)->v)), data_float_bits(((scalar *)q)->v)));
    }
    return sum + data_mix64(scn_count_matches(c->base.query));
}

/* The spot sample and the last entity, the end of the range a run walks: Mass added its Charge once per run,
 * Charge as it started. */
static bool padded_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    padded_ctx *c = p;
    for (uint64_t k = 0; k < data_spot_count(c->base.n, spots); ++k)
        for (int end = 0; end < 2; ++end) {
            uint64_t i = end ? c->base.n - 1 : data_spot_ordinal(c->base.n, spots, k);
            void *m, *q;
            if (esb_get(c->base.world, c->base.handles[i], c->mass, &m) != ESB_OK ||
                esb_get(c->base.world, c->base.handles[i], c->charge, &q) != ESB_OK ||
                data_double_bits(((mass *)m)->v) != data_double_bits(data_mass_after(i, runs).v) ||
                data_float_bits(((scalar *)q)->v) != data_float_bits(data_charge(i).v))
                return *error = "an entity's Mass or Charge is not what the runs must have made it", false;
        }
    return true;
}

DEFINE_SCENARIO(padded_iter, .setup = padded_setup, .run = padded_run, .checksum = padded_checksum,
                .verify = padded_verify, .query_kind = scn_ctx_kind, .world = scn_ctx_world,
                .teardown = scn_ctx_delete);
