/* Change ticks, as Bevy keeps them: the world's change tick when a value last changed and when it was added, a
 * pair per table row (a tick track of the table, for each ticked table component, tags included) or per packed
 * element of a sparse set. Moves copy a row's ticks with its values (entity.c), removals keep them with the rows
 * (_common/table.h, sparse_set.h), and queries compare them with their last complete pass (query.c). */
#include "grow.h"
#include "hybrid.h"

esb_status hy_pool_ticks_reserve(esb_world *w, esb_component c) {
    hy_pool_ticks *t = &w->pool_ticks[c];
    uint32_t cap = w->pools[c].capacity;
    if (t->capacity >= cap) return ESB_OK;
    size_t old = (size_t)t->capacity * sizeof(uint64_t), now = (size_t)cap * sizeof(uint64_t);
    esb_grow_item items[] = {{(void **)&t->changed, old, now, 0, 0, NULL}, {(void **)&t->added, old, now, 0, 0, NULL}};
    esb_status s = esb_grow_all(items, 2);
    if (s == ESB_OK) t->capacity = cap;
    return s;
}

esb_status hy_ticks_enable(esb_world *w, esb_component c) {
    if (hy_ticked(w, c)) return ESB_OK;
    esb_status s = ESB_OK;
    if (hy_in_table(w, c)) {
        uint32_t done = 0;
        for (; done < w->table_count && s == ESB_OK; ++done)
            if (esb_bitset_test(&w->table_sets[done], c)) s = esb_table_track_ticks(w->tables[done], c);
        if (s != ESB_OK) { /* the tables before the failed one give theirs back */
            while (done--) esb_table_untrack_ticks(w->tables[done], c);
            return s;
        }
    } else {
        esb_bitset_set(&w->ticked, c); /* so that the reservation makes the ticks; undone on a failure */
        if (w->pools[c].capacity && (s = hy_pool_ticks_reserve(w, c)) != ESB_OK) {
            esb_bitset_clear(&w->ticked, c);
            return s;
        }
    }
    esb_bitset_set(&w->ticked, c);
    return ESB_OK;
}

void hy_stamp(esb_world *w, const hy_archetype *a, uint32_t table_row, esb_component c, bool addition) {
    ESB_ASSERT(hy_ticked(w, c));
    if (hy_in_table(w, c)) {
        esb_tick_track *track = esb_table_ticks_of(a->rows_in, c);
        track->changed[table_row] = w->change_tick;
        if (addition) track->added[table_row] = w->change_tick;
        return;
    }
    esb_sparse_set *p = &w->pools[c];
    uint32_t pos;
    bool found = esb_sparse_find(p, a->rows_in->entities[table_row], &pos);
    ESB_ASSERT(found);
    (void)found;
    w->pool_ticks[c].changed[pos] = w->change_tick;
    if (addition) w->pool_ticks[c].added[pos] = w->change_tick;
}
