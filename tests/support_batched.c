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
