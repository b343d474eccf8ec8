/* The query-wide adds and removes (contract.h: esb_add_matching, esb_remove_matching), a table and a word of
 * presence bits at a time. Entities never move, so the set the call began with is simply each matching table's rows
 * as its presence bits say before the table is changed: a word's matching rows are computed before that word of
 * c's bits is written, and no other word depends on it.
 *
 * An add first makes c's column in each table where some row gains it, and reserves each sparse map's room and
 * pages for the rows that gain it (a column made before a later NOMEM stays, empty, as esb_add may leave one); then,
 * table by table: where every row matches and none holds c, c's bits are set a word at a time and its slots filled
 * as one run; elsewhere a word of 64 rows at a time gives the rows that match and lack c, their bits are ORed in and
 * each of them gets its value and ticks. A remove clears bits a word at a time (a whole table's at once where every
 * row matches) and erases the sparse maps' elements; it never allocates. */
#include <string.h>

#include "rows.h"
#include "tables.h"

static size_t bit_words(uint32_t rows) { return ((size_t)rows + 63) / 64; }

/* The rows of word `word` of t that exist (below its count). */
static uint64_t valid_rows(const tb_table *t, uint32_t word) {
    uint32_t left = t->count - word * 64;
    return left >= 64 ? ~0ull : (1ull << left) - 1;
}

/* The rows of word `word` that q matches in t (rows: t's tb_rows answer, the filter made for TB_SOME_ROWS). */
static uint64_t matched_rows(const tb_table *t, enum tb_rows rows, const tb_row_filter *f, uint32_t word) {
    uint64_t valid = valid_rows(t, word);
    return rows == TB_ALL_ROWS ? valid : tb_row_filter_word(f, word, valid);
}

/* Table i of the call's walk, or NULL where the query's terms rule it out: a cached query's list (refreshed first),
 * else every table, tested. */
static tb_table *table_at(const esb_query *q, uint32_t i) {
    if (q->head.cached) return q->world->tables[q->matches.ids[i]];
    return tb_match_table(q, i, NULL) ? q->world->tables[i] : NULL;
}

static uint32_t tables_walked(const esb_query *q) { return q->head.cached ? q->matches.count : q->world->table_count; }

/* How many rows of t match q and lack c, whose column col may be NULL (then none holds it). */
static uint32_t rows_gaining(const esb_query *q, const tb_table *t, const tb_column *col) {
    enum tb_rows rows = t->count ? tb_rows_matching(q, t) : TB_NO_ROWS;
    if (rows == TB_NO_ROWS) return 0;
    if (rows == TB_ALL_ROWS) return t->count - (col ? col->holders : 0);
    tb_row_filter f;
    tb_row_filter_make(&f, q, t);
    uint32_t n = 0;
    for (uint32_t word = 0; word < bit_words(t->count); ++word)
        n += (uint32_t)__builtin_popcountll(matched_rows(t, rows, &f, word) & ~(col ? col->present[word] : 0));
    return n;
}

/* The add's allocations in t: c's column where a row gains c, and for a sparse c its map's room for them and the
 * page of each of their entities' indices. */
static esb_status reserve_table(esb_world *w, const esb_query *q, tb_table *t, esb_component c) {
    tb_column *col = tb_column_of(t, c);
    bool sparse = w->components[c].size && w->components[c].hint == ESB_STORAGE_SPARSE;
    if (col && !sparse) return ESB_OK; /* a slot or a bit for every row already */
    uint32_t gaining = rows_gaining(q, t, col);
    esb_status s = ESB_OK;
    if (!gaining || (!col && (s = tb_column_add(w, t, c)) != ESB_OK)) return s;
    if (!sparse) return ESB_OK;
    col = tb_column_of(t, c);
    if ((s = esb_sparse_reserve(col->map, gaining)) != ESB_OK) return s;
    enum tb_rows rows = tb_rows_matching(q, t);
    tb_row_filter f;
    if (rows == TB_SOME_ROWS) tb_row_filter_make(&f, q, t);
    for (uint32_t word = 0; word < bit_words(t->count); ++word)
        for (uint64_t m = matched_rows(t, rows, &f, word) & ~col->present[word]; m; m &= m - 1)
            if ((s = esb_sparse_reserve_index(col->map,
                                              esb_entity_index(t->entities[word * 64 + __builtin_ctzll(m)]))) != ESB_OK)
                return s;
    return ESB_OK;
}

/* Every row of t gains c (none holds it, all match): bits set a word at a time, the slots filled as one run (a
 * sparse map appended to, its values one run), both ticks of every row stamped. */
static void add_to_every_row(const esb_world *w, tb_table *t, tb_column *col, const void *value) {
    uint32_t n = t->count;
    for (uint32_t word = 0; word < bit_words(n); ++word) col->present[word] = valid_rows(t, word);
    col->holders = n;
    if (col->kind == TB_DENSE) esb_repeat_value(col->data, value, col->size, n);
    if (col->kind == TB_SPARSE) {
        uint32_t first = col->map->count;
        for (uint32_t row = 0; row < n; ++row) esb_sparse_append(col->map, t->entities[row]);
        esb_repeat_value(esb_sparse_value(col->map, first), value, col->size, n);
    }
    for (uint32_t row = 0; col->changed_ticks && row < n; ++row)
        col->changed_ticks[row] = col->added_ticks[row] = w->change_tick;
}

/* The rows of t that match q and lack c gain it, a word at a time; returns how many. */
static uint32_t add_to_table(const esb_world *w, const esb_query *q, tb_table *t, esb_component c, const void *value) {
    enum tb_rows rows = t->count ? tb_rows_matching(q, t) : TB_NO_ROWS;
    tb_column *col = tb_column_of(t, c);
    if (rows == TB_NO_ROWS || !col || (rows == TB_ALL_ROWS && col->holders == t->count)) return 0; /* none gains c */
    if (rows == TB_ALL_ROWS && !col->holders) {
        add_to_every_row(w, t, col, value);
        return t->count;
    }
    tb_row_filter f;
    if (rows == TB_SOME_ROWS) tb_row_filter_make(&f, q, t);
    uint32_t gained = 0;
    for (uint32_t word = 0; word < bit_words(t->count); ++word) {
        uint64_t m = matched_rows(t, rows, &f, word) & ~col->present[word];
        col->present[word] |= m;
        gained += (uint32_t)__builtin_popcountll(m);
        for (; m; m &= m - 1) {
            uint32_t row = word * 64 + (uint32_t)__builtin_ctzll(m);
            if (col->kind == TB_DENSE)
                esb_write_value(col->data + (size_t)row * col->size, value, col->size);
            else if (col->kind == TB_SPARSE)
                esb_sparse_emplace(col->map, t->entities[row], value);
            tb_stamp(w, col, row, true);
        }
    }
    col->holders += gained;
    return gained;
}

/* The rows of t that match q and hold c lose it (bits cleared a word at a time, sparse elements erased; the ticks
 * stay, as esb_remove leaves them, and a later add stamps both); returns how many. */
static uint32_t remove_from_table(const esb_query *q, tb_table *t, esb_component c) {
    tb_column *col = tb_column_of(t, c);
    enum tb_rows rows = col && col->holders ? tb_rows_matching(q, t) : TB_NO_ROWS;
    if (rows == TB_NO_ROWS) return 0;
    uint32_t lost = 0;
    if (rows == TB_ALL_ROWS) { /* every holder loses c: the map empties from its end, no element moves */
        memset(col->present, 0, bit_words(t->count) * sizeof *col->present);
        while (col->kind == TB_SPARSE && col->map->count) esb_sparse_erase(col->map, col->map->count - 1);
        lost = col->holders;
        col->holders = 0;
        return lost;
    }
    tb_row_filter f;
    tb_row_filter_make(&f, q, t);
    for (uint32_t word = 0; word < bit_words(t->count); ++word) {
        uint64_t m = tb_row_filter_word(&f, word, valid_rows(t, word)) & col->present[word];
        col->present[word] &= ~m;
        lost += (uint32_t)__builtin_popcountll(m);
        for (uint32_t pos; col->kind == TB_SPARSE && m; m &= m - 1)
            if (esb_sparse_find(col->map, t->entities[word * 64 + __builtin_ctzll(m)], &pos))
                esb_sparse_erase(col->map, pos);
    }
    col->holders -= lost;
    return lost;
}

/* The shared checks, then a cached query's refresh (which may allocate, changing nothing observable). */
static esb_status begin_matching(esb_query *q, esb_component c) {
    esb_status s = q ? esb_core_check_matching(&q->world->core, q->head.change, c) : ESB_ERR_INVALID;
    return s == ESB_OK && q->head.cached ? tb_query_refresh(q) : s;
}

esb_status esb_add_matching(esb_query *q, esb_component c, const void *value, size_t *out_count) {
    esb_status s = begin_matching(q, c);
    if (s != ESB_OK) return s;
    esb_world *w = q->world;
    for (uint32_t i = 0; i < tables_walked(q); ++i) {
        tb_table *t = table_at(q, i);
        if (t && (s = reserve_table(w, q, t, c)) != ESB_OK) return s;
    }
    size_t added = 0;
    for (uint32_t i = 0; i < tables_walked(q); ++i) {
        tb_table *t = table_at(q, i);
        if (t) added += add_to_table(w, q, t, c, value);
    }
    if (out_count) *out_count = added;
    return ESB_OK;
}

esb_status esb_remove_matching(esb_query *q, esb_component c, size_t *out_count) {
    esb_status s = begin_matching(q, c);
    if (s != ESB_OK) return s;
    size_t removed = 0;
    for (uint32_t i = 0; i < tables_walked(q); ++i) {
        tb_table *t = table_at(q, i);
        if (t) removed += remove_from_table(q, t, c);
    }
    if (out_count) *out_count = removed;
    return ESB_OK;
}
