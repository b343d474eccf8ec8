#include "shared.h"

#include <string.h>

#include "tables.h"

static tb_shared *find_shared(const tb_table *t, esb_component c) {
    for (uint32_t k = 0; k < t->shared_count; ++k)
        if (t->shared[k].id == c) return &t->shared[k];
    return NULL;
}

esb_status esb_tables_share(esb_world *w, esb_entity e, esb_component c, const void *value) {
    esb_status s = esb_core_check_change_in(esb_core_of(w), e, c, TB_RECORD_WORDS);
    if (s != ESB_OK) return s;
    tb_table *t = w->tables[tb_locations(w)[esb_entity_index(e)].table];
    uint32_t size = w->components[c].size;
    tb_shared *slot = find_shared(t, c);
    if (!slot) {
        unsigned char *fresh = size ? esb_mem_alloc(size, w->components[c].align) : NULL;
        tb_shared *grown = (!size || fresh) ? esb_mem_realloc(t->shared, t->shared_count * sizeof *grown,
                                                              (t->shared_count + 1) * sizeof *grown, 0)
                                            : NULL;
        if (!grown) {
            esb_mem_free(fresh, size);
            return ESB_ERR_NOMEM;
        }
        t->shared = grown;
        slot = &t->shared[t->shared_count++];
        *slot = (tb_shared){c, size, fresh};
    }
    if (size && value)
        memmove(slot->value, value, size); /* value may be the slot itself */
    else if (size)
        memset(slot->value, 0, size);
    return ESB_OK;
}

esb_status esb_tables_shared(esb_world *w, esb_entity e, esb_component c, void **out) {
    if (!w || !out) {
        if (out) *out = NULL;
        return ESB_ERR_INVALID;
    }
    *out = NULL;
    esb_status s = esb_core_check_has_in(esb_core_of(w), e, c, TB_RECORD_WORDS);
    if (s != ESB_OK) return s;
    const tb_shared *slot = find_shared(w->tables[tb_locations(w)[esb_entity_index(e)].table], c);
    if (!slot) return ESB_ERR_ABSENT;
    *out = slot->value;
    return ESB_OK;
}
