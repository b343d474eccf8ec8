/* The reference model of the batched operations (contract.h): each is defined as the plain loop of the immediate
 * calls it stands for, so the model checks the whole call first, in the contract's order, and then applies the
 * loop with model.c's own functions. */
#include "model.h"

/* INVALID (no world, the id list: NULL with a count, over the limit, a duplicate), LOCKED, STALE, UNKNOWN: what
 * both bundle calls check before they look at which components e holds. On ESB_OK, *state is e's. */
static esb_status conf_bundle_status(const conf_model *m, const void *world, esb_entity e, const esb_component *ids,
                                     uint32_t count, const conf_ment **state) {
    if (!world || (count > 0 && !ids) || count > ESB_MAX_COMPONENTS) return ESB_ERR_INVALID;
    for (uint32_t i = 0; i < count; ++i)
        for (uint32_t j = i + 1; j < count; ++j)
            if (ids[i] == ids[j]) return ESB_ERR_INVALID;
    if (conf_model_locked(m)) return ESB_ERR_LOCKED;
    size_t idx = conf_model_find(m, e);
    *state = idx == CONF_NO_ENTITY ? NULL : m->ents[idx];
    if (!*state) return ESB_ERR_STALE;
    for (uint32_t i = 0; i < count; ++i)
        if (!conf_model_comp_known(m, ids[i])) return ESB_ERR_UNKNOWN_COMPONENT;
    return ESB_OK;
}

esb_status conf_model_add_bundle_status(const conf_model *m, const void *world, esb_entity e, const esb_component *ids,
                                        uint32_t count) {
    const conf_ment *s;
    esb_status st = conf_bundle_status(m, world, e, ids, count, &s);
    if (st != ESB_OK) return st;
    for (uint32_t i = 0; i < count; ++i)
        if (s->has[ids[i]]) return ESB_ERR_PRESENT;
    return ESB_OK;
}

void conf_model_add_bundle_apply(conf_model *m, esb_entity e, const esb_component *ids, uint32_t count,
                                 const void *const *values) {
    for (uint32_t i = 0; i < count; ++i) conf_model_add_apply(m, e, ids[i], values ? values[i] : NULL);
}

esb_status conf_model_remove_bundle_status(const conf_model *m, const void *world, esb_entity e,
                                           const esb_component *ids, uint32_t count) {
    const conf_ment *s;
    esb_status st = conf_bundle_status(m, world, e, ids, count, &s);
    if (st != ESB_OK) return st;
    for (uint32_t i = 0; i < count; ++i)
        if (!s->has[ids[i]]) return ESB_ERR_ABSENT;
    return ESB_OK;
}

void conf_model_remove_bundle_apply(conf_model *m, esb_entity e, const esb_component *ids, uint32_t count) {
    for (uint32_t i = 0; i < count; ++i) conf_model_remove_apply(m, e, ids[i]);
}
