/* The reference model of the batched operations (contract.h): each is defined as the plain loop of the immediate
 * calls it stands for, so the model checks the whole call first, in the contract's order, and then applies the
 * loop with model.c's own functions. */
#include "model.h"

#include <stdlib.h>

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

esb_status conf_model_matching_status(const conf_model *m, int slot, esb_component c) {
    if (slot < 0 || m->q[slot].change != ESB_CHANGE_NONE) return ESB_ERR_INVALID;
    if (conf_model_locked(m)) return ESB_ERR_LOCKED;
    return conf_model_comp_known(m, c) ? ESB_OK : ESB_ERR_UNKNOWN_COMPONENT;
}

/* The entities slot matches that hold c (holding) or lack it, as the call finds them: the set is taken before any
 * of them changes. Returns how many, their issue indices in *out (the caller frees it). */
static size_t conf_matching_set(const conf_model *m, int slot, esb_component c, bool holding, size_t **out) {
    size_t *set = calloc(m->nissued ? m->nissued : 1, sizeof *set), n = 0;
    if (!set) abort();
    for (size_t i = 0; i < m->nissued; ++i)
        if (conf_model_matches(m, slot, i) && m->ents[i]->has[c] == holding) set[n++] = i;
    *out = set;
    return n;
}

size_t conf_model_add_matching_apply(conf_model *m, int slot, esb_component c, const void *value) {
    size_t *set, n = conf_matching_set(m, slot, c, false, &set);
    for (size_t k = 0; k < n; ++k) conf_model_add_apply(m, m->handles[set[k]], c, value);
    free(set);
    return n;
}

size_t conf_model_remove_matching_apply(conf_model *m, int slot, esb_component c) {
    size_t *set, n = conf_matching_set(m, slot, c, true, &set);
    for (size_t k = 0; k < n; ++k) conf_model_remove_apply(m, m->handles[set[k]], c);
    free(set);
    return n;
}
