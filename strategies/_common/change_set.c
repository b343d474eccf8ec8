#include "change_set.h"

#include <string.h>

esb_status esb_change_sets_reserve(esb_change_sets *cs, uint32_t capacity) {
    size_t old_words = esb_change_words(cs->capacity), words = esb_change_words(capacity);
    if (capacity <= cs->capacity) return ESB_OK;
    if (!cs->count || words == old_words) {
        cs->capacity = capacity;
        return ESB_OK;
    }
    /* Every new block first, so a failure leaves every set as it was. */
    uint64_t **fresh = esb_mem_alloc(cs->count * sizeof *fresh, 0);
    if (!fresh) return ESB_ERR_NOMEM;
    uint32_t made = 0;
    for (; made < cs->count; ++made)
        if (!(fresh[made] = esb_mem_calloc(words * sizeof(uint64_t), 0))) break;
    if (made < cs->count) {
        for (uint32_t k = 0; k < made; ++k) esb_mem_free(fresh[k], words * sizeof(uint64_t));
        esb_mem_free(fresh, cs->count * sizeof *fresh);
        return ESB_ERR_NOMEM;
    }
    uint32_t k = 0;
    for (esb_change_set *s = cs->all; s; s = s->after, ++k) {
        if (old_words) memcpy(fresh[k], s->bits, old_words * sizeof(uint64_t));
        esb_mem_free(s->bits, old_words * sizeof(uint64_t));
        s->bits = fresh[k];
    }
    esb_mem_free(fresh, cs->count * sizeof *fresh);
    cs->capacity = capacity;
    return ESB_OK;
}

esb_change_set *esb_change_set_create(esb_change_sets *cs, esb_component c, esb_change kind) {
    esb_change_set *s = esb_mem_calloc(sizeof *s, 0);
    if (!s) return NULL;
    size_t words = esb_change_words(cs->capacity);
    if (words && !(s->bits = esb_mem_calloc(words * sizeof(uint64_t), 0))) {
        esb_mem_free(s, sizeof *s);
        return NULL;
    }
    s->component = c;
    s->added_only = kind == ESB_CHANGE_ADDED;
    s->next = cs->watching[c];
    cs->watching[c] = s;
    s->after = cs->all;
    cs->all = s;
    cs->count++;
    return s;
}

void esb_change_set_destroy(esb_change_sets *cs, esb_change_set *s) {
    if (!s) return;
    esb_change_set **at = &cs->watching[s->component];
    while (*at != s) at = &(*at)->next;
    *at = s->next;
    at = &cs->all;
    while (*at != s) at = &(*at)->after;
    *at = s->after;
    cs->count--;
    esb_mem_free(s->bits, esb_change_words(cs->capacity) * sizeof(uint64_t));
    esb_mem_free(s, sizeof *s);
}

void esb_change_sets_free(esb_change_sets *cs) {
    while (cs->all) esb_change_set_destroy(cs, cs->all);
}

void esb_change_set_clear(const esb_change_sets *cs, esb_change_set *s) {
    size_t words = esb_change_words(cs->capacity);
    if (words) memset(s->bits, 0, words * sizeof(uint64_t));
}

#ifdef ESB_CHECKED
void esb_change_sets_check(const esb_change_sets *cs, const void *world,
                           bool (*holds)(const void *world, esb_component c, uint32_t idx)) {
    uint32_t listed = 0;
    for (esb_component c = 0; c < ESB_MAX_COMPONENTS; ++c)
        for (const esb_change_set *s = cs->watching[c]; s; s = s->next) {
            ESB_ASSERT_MSG(s->component == c, "a change set listed under another component");
            ESB_ASSERT_MSG(++listed <= cs->count, "more change sets watching components than there are");
        }
    uint32_t all = 0;
    for (const esb_change_set *s = cs->all; s; s = s->after) {
        ESB_ASSERT_MSG(++all <= cs->count, "the list of change sets is longer than their count");
        for (uint32_t idx = 0; idx < cs->capacity; ++idx)
            ESB_ASSERT_MSG(!esb_change_test(s, idx) || holds(world, s->component, idx),
                           "a change set holds an index that is dead or lacks the component");
    }
    ESB_ASSERT_MSG(listed == cs->count && all == cs->count, "the change sets' lists and count disagree");
}
#endif
