/* The random driver's batched operations (driver.h): their arguments drawn as the immediate calls' are in
 * driver.c, each run on the strategy and the model through the differential wrappers. */
#include "driver.h"

#include <stdlib.h>

#define CONF_BUNDLE_MAX 8      /* ids of a drawn bundle, a spoiled one included */
#define CONF_BUNDLE_VALUE 256u /* bytes of each value buffer: the largest component the driver registers */

/* The components e holds (none for a handle that is not alive), into held; returns how many. */
static uint32_t conf_held(const conf_env *env, esb_entity e, esb_component *held) {
    size_t idx = conf_model_find(&env->m, e);
    const conf_ment *s = idx == CONF_NO_ENTITY ? NULL : env->m.ents[idx];
    uint32_t n = 0;
    for (esb_component c = 0; s && c < env->m.ncomps; ++c)
        if (s->has[c]) held[n++] = c;
    return n;
}

/* Now and then a bundle the contract refuses for its list: a component listed twice, or an unregistered one. */
static void conf_spoil_ids(conf_env *env, esb_component *ids, uint32_t *count) {
    conf_rng *r = &env->rng;
    esb_component spoiler;
    if (*count > 0 && conf_rng_chance(r, 5))
        spoiler = ids[conf_rng_below(r, *count)];
    else if (conf_rng_chance(r, 5))
        spoiler = conf_pick_unknown(env);
    else
        return;
    ids[(*count)++] = spoiler;
}

/* ids, or (with no ids) now and then NULL, which a count of 0 allows. */
static const esb_component *conf_id_array(conf_env *env, const esb_component *ids, uint32_t count) {
    return count == 0 && conf_rng_chance(&env->rng, 50) ? NULL : ids;
}

void conf_op_add_bundle(conf_env *env) {
    conf_rng *r = &env->rng;
    esb_entity e = conf_pick_entity(env);
    esb_component held[ESB_MAX_COMPONENTS];
    uint32_t nheld = conf_rng_chance(r, 85) ? conf_held(env, e, held) : 0; /* else PRESENT is likely */
    esb_component ids[CONF_BUNDLE_MAX];
    uint32_t count = conf_pick_distinct(env, ids, conf_rng_below(r, 6), true, held, nheld);
    conf_spoil_ids(env, ids, &count);
    unsigned char bufs[CONF_BUNDLE_MAX][CONF_BUNDLE_VALUE];
    const void *values[CONF_BUNDLE_MAX] = {0};
    for (uint32_t k = 0; k < count; ++k) {
        if (conf_rng_chance(r, 25)) continue; /* this one zero-filled */
        conf_rng_fill(r, bufs[k], sizeof bufs[k]);
        values[k] = bufs[k];
    }
    conf_do_add_bundle(env, e, conf_id_array(env, ids, count), count, conf_rng_chance(r, 15) ? NULL : values);
}

void conf_op_remove_bundle(conf_env *env) {
    conf_rng *r = &env->rng;
    esb_entity e = conf_pick_entity(env);
    esb_component held[ESB_MAX_COMPONENTS];
    uint32_t nheld = conf_held(env, e, held);
    esb_component ids[CONF_BUNDLE_MAX];
    uint32_t count = 0;
    if (nheld && conf_rng_chance(r, 80)) { /* some of what it holds, from a random place on */
        uint32_t want = 1 + conf_rng_below(r, nheld < 5 ? nheld : 5), start = conf_rng_below(r, nheld);
        for (uint32_t k = 0; k < want; ++k) ids[count++] = held[(start + k) % nheld];
    } else {
        count = conf_pick_distinct(env, ids, conf_rng_below(r, 5), true, NULL, 0); /* ABSENT, likely */
    }
    conf_spoil_ids(env, ids, &count);
    conf_do_remove_bundle(env, e, conf_id_array(env, ids, count), count);
}

void conf_op_matching(conf_env *env) {
    conf_rng *r = &env->rng;
    int slot = conf_rng_chance(r, 5) ? -1 : conf_pick_query(env);
    esb_component c = conf_pick_comp(env);
    if (slot >= 0 && conf_rng_chance(r, 40)) { /* one of its own terms: removing it empties what the query matches */
        const conf_mquery *q = &env->m.q[slot];
        uint32_t k = conf_rng_below(r, q->nf + q->nw);
        c = k < q->nf ? q->f[k] : q->w[k - q->nf];
    }
    unsigned char value[CONF_BUNDLE_VALUE];
    conf_rng_fill(r, value, sizeof value);
    bool want_count = conf_rng_chance(r, 80);
    if (conf_rng_chance(r, 50))
        conf_do_add_matching(env, slot, c, conf_rng_chance(r, 20) ? NULL : value, want_count);
    else
        conf_do_remove_matching(env, slot, c, want_count);
}
