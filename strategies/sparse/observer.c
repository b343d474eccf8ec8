/* Change terms as EnTT's observers: a query with a change term keeps a storage of the entities whose component
 * changed since its reference point (a sparse set without data, as EnTT's observer keeps a storage of entities
 * and its reactive mixin a storage of its own), filled from the component's pool signals: an emplace (an add, a
 * bulk creation) is an on_construct, a write through esb_set or through a batch's writable field an on_update
 * (EnTT's patch). The query iterates that storage, joined with its other terms' pools, and a complete pass
 * clears it (the observer's clear after each). Removing the component or destroying the entity takes it out
 * (EnTT's observer listens to on_destroy for that).
 *
 * An observer of c has room and sparse pages for every entity of c's pool (P8), reserved when the pool is
 * about to grow, so recording a change never allocates: a batch records its writable fields' changes, and
 * esb_iter_next cannot fail. The functions below stay out of line: the operations call them only where an
 * observer exists, and inlined they would cost every add and remove its registers. */
#include "sparse.h"

static bool counts(const esb_query *q, bool addition) { return addition || q->change == ESB_CHANGE_CHANGED; }

esb_status sp_observer_attach(esb_world *w, esb_query *q) {
    const esb_sparse_set *pool = &w->components[q->change_component].pool;
    esb_status s = esb_sparse_reserve(&q->observed, pool->count);
    for (uint32_t i = 0; s == ESB_OK && i < pool->count; ++i)
        s = esb_sparse_reserve_index(&q->observed, esb_entity_index(esb_sparse_handle(pool, i)));
    if (s != ESB_OK) {
        esb_sparse_free(&q->observed);
        return s;
    }
    q->next_observer = w->components[q->change_component].observers;
    w->components[q->change_component].observers = q;
    w->observer_count++;
    return ESB_OK;
}

void sp_observer_detach(esb_world *w, esb_query *q) {
    esb_query **at = &w->components[q->change_component].observers;
    while (*at != q) at = &(*at)->next_observer;
    *at = q->next_observer;
    w->observer_count--;
    esb_sparse_free(&q->observed);
}

ESB_NOINLINE esb_status sp_observers_reserve(esb_world *w, esb_component c, uint32_t extra, uint32_t idx) {
    const esb_sparse_set *pool = &w->components[c].pool;
    esb_status s = ESB_OK;
    for (esb_query *q = w->components[c].observers; s == ESB_OK && q; q = q->next_observer) {
        esb_sparse_set *obs = &q->observed;
        s = esb_sparse_reserve(obs, pool->count + extra - obs->count);
        if (s != ESB_OK) break;
        s = idx != UINT32_MAX ? esb_sparse_reserve_index(obs, idx)
                              : esb_sparse_reserve_next_indices(&obs, 1, &w->core.entities, extra);
    }
    return s;
}

ESB_NOINLINE void sp_observers_record_all(const esb_world *w, esb_component c, esb_entity e, bool addition) {
    for (esb_query *q = w->components[c].observers; q; q = q->next_observer)
        if (counts(q, addition) && !esb_sparse_contains(&q->observed, e)) esb_sparse_emplace(&q->observed, e, NULL);
}

ESB_NOINLINE void sp_observers_forget(const esb_world *w, esb_component c, esb_entity e) {
    for (esb_query *q = w->components[c].observers; q; q = q->next_observer) {
        uint32_t pos;
        if (esb_sparse_find(&q->observed, e, &pos)) esb_sparse_erase(&q->observed, pos);
    }
}

/* A batch's updates, observer by observer: each observer's set is walked once per batch, its membership test and
 * insert inlined, rather than one call per entity and observer. */
ESB_NOINLINE void sp_observers_record_batch(const esb_query *q, const esb_batch *b) {
    const esb_world *w = q->world;
    for (uint32_t k = 0; k < q->field_count; ++k) {
        esb_component c = q->fields[k];
        if (q->access[k] != ESB_WRITE) continue;
        for (esb_query *o = w->components[c].observers; o; o = o->next_observer) {
            if (!counts(o, false)) continue;
            esb_sparse_set *obs = &o->observed;
            for (uint32_t i = 0; i < b->count; ++i) {
                esb_entity e = b->entities[b->entity_rows ? b->entity_rows[i] : i];
                if (!esb_sparse_contains(obs, e)) esb_sparse_emplace(obs, e, NULL);
            }
        }
    }
}

void sp_observer_consume(esb_query *q) {
    while (q->observed.count) esb_sparse_erase(&q->observed, q->observed.count - 1);
}
