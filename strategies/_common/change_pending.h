/* esb_set and esb_change_exact for a design whose change terms are still to come. Such a design's
 * esb_query_create refuses a change term as ESB_ERR_INVALID (esb_change_term_refused, first thing), as the
 * conformance suite expects of the designs it lists as pending (tests/support.c), so no query of it can observe
 * a change and esb_set is the write alone, through esb_get's checks and pointer. SIZE_OF is an expression of w
 * and c giving c's size. */
#ifndef ESB_CHANGE_PENDING_H
#define ESB_CHANGE_PENDING_H

#include "component_info.h"
#include "contract.h"

#define ESB_CHANGE_TERMS_PENDING(SIZE_OF)                                                \
    esb_status esb_set(esb_world *w, esb_entity e, esb_component c, const void *value) { \
        void *p;                                                                         \
        esb_status s = esb_get(w, e, c, &p);                                             \
        if (s == ESB_OK) esb_write_value(p, value, (SIZE_OF));                           \
        return s;                                                                        \
    }                                                                                    \
    bool esb_change_exact(void) { return true; }

/* Whether desc has a change term, which such a design refuses (setting *out to NULL, as every refusal does). */
static inline bool esb_change_term_refused(const esb_query_desc *desc, esb_query **out) {
    if (!desc || desc->change == ESB_CHANGE_NONE) return false;
    if (out) *out = NULL;
    return true;
}

#endif
