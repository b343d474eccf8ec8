/* Differential wrappers of the batched operations: the strategy's call, then the model's status and, on success,
 * its effect (as support.c's wrappers of the immediate calls). */
#include "support.h"

esb_status conf_do_add_bundle(conf_env *env, esb_entity e, const esb_component *ids, uint32_t count,
                              const void *const *values) {
    esb_status want = conf_model_add_bundle_status(&env->m, env->w, e, ids, count);
    esb_status got = esb_add_bundle(env->w, e, ids, count, values);
    if (conf_status_check(env, "esb_add_bundle", want, got)) return got;
    if (got == ESB_OK) conf_model_add_bundle_apply(&env->m, e, ids, count, values);
    return got;
}

esb_status conf_do_remove_bundle(conf_env *env, esb_entity e, const esb_component *ids, uint32_t count) {
    esb_status want = conf_model_remove_bundle_status(&env->m, env->w, e, ids, count);
    esb_status got = esb_remove_bundle(env->w, e, ids, count);
    if (conf_status_check(env, "esb_remove_bundle", want, got)) return got;
    if (got == ESB_OK) conf_model_remove_bundle_apply(&env->m, e, ids, count);
    return got;
}

/* What *out_count holds until a call writes it: a failed call must leave it so. */
#define CONF_COUNT_UNTOUCHED ((size_t)0x5eed5eedu)

/* A query-wide call's status is checked; true if it failed (an injected NOMEM accepted), having left *count alone. */
static bool conf_matching_failed(conf_env *env, const char *what, esb_status want, esb_status got,
                                 const size_t *count) {
    if (!conf_status_check(env, what, want, got) && got == ESB_OK) return false;
    CONF_REQUIRE(env, !count || *count == CONF_COUNT_UNTOUCHED, "%s failed and wrote *out_count", what);
    return true;
}

/* *count (if asked for) is the number of entities the model changed. */
static void conf_matching_counted(conf_env *env, const char *what, const size_t *count, size_t changed) {
    CONF_REQUIRE(env, !count || *count == changed, "%s reported %zu entities changed, the model changed %zu", what,
                 count ? *count : 0, changed);
}

esb_status conf_do_add_matching(conf_env *env, int slot, esb_component c, const void *value, bool want_count) {
    size_t count = CONF_COUNT_UNTOUCHED, *counted = want_count ? &count : NULL;
    esb_status want = conf_model_matching_status(&env->m, slot, c);
    esb_status got = esb_add_matching(slot >= 0 ? env->q[slot] : NULL, c, value, counted);
    if (!conf_matching_failed(env, "esb_add_matching", want, got, counted))
        conf_matching_counted(env, "esb_add_matching", counted, conf_model_add_matching_apply(&env->m, slot, c, value));
    return got;
}

esb_status conf_do_remove_matching(conf_env *env, int slot, esb_component c, bool want_count) {
    size_t count = CONF_COUNT_UNTOUCHED, *counted = want_count ? &count : NULL;
    esb_status want = conf_model_matching_status(&env->m, slot, c);
    esb_status got = esb_remove_matching(slot >= 0 ? env->q[slot] : NULL, c, counted);
    if (!conf_matching_failed(env, "esb_remove_matching", want, got, counted))
        conf_matching_counted(env, "esb_remove_matching", counted, conf_model_remove_matching_apply(&env->m, slot, c));
    return got;
}
