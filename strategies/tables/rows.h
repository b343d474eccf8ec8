/* Which rows of a table a query's terms match, from its columns' holder counts and presence bits: what a pass
 * (query.c) and the query-wide calls (matching.c) both ask of a table. */
#ifndef TABLES_ROWS_H
#define TABLES_ROWS_H

#include "tables.h"

/* What presence tests a table needs for the query: none (every included column full, every excluded one empty
 * or absent), none because nothing can match (an included column empty, or an excluded one full), or some. */
enum tb_rows { TB_ALL_ROWS = 1, TB_NO_ROWS, TB_SOME_ROWS };

/* The table's answer for q, whose included columns it has (tb_match_table). */
static inline enum tb_rows tb_rows_matching(const esb_query *q, const tb_table *t) {
    bool all = true;
    for (unsigned wd = 0; wd < ESB_BITSET_WORDS; ++wd) {
        for (uint64_t bits = q->head.include.w[wd]; bits; bits &= bits - 1) {
            const tb_column *col = tb_column_of(t, wd * 64 + (unsigned)__builtin_ctzll(bits));
            if (!col->holders) return TB_NO_ROWS;
            all &= col->holders == t->count;
        }
        for (uint64_t bits = q->head.exclude.w[wd] & t->column_set.w[wd]; bits; bits &= bits - 1) {
            const tb_column *col = tb_column_of(t, wd * 64 + (unsigned)__builtin_ctzll(bits));
            if (col->holders == t->count) return TB_NO_ROWS;
            all &= !col->holders;
        }
    }
    return all && !q->head.change ? TB_ALL_ROWS : TB_SOME_ROWS; /* a change term tests every row's tick */
}

/* The presence bits a row must have set (need: the included columns that are not full) and clear (refuse: the
 * excluded columns that hold any row) to match, for a table that needs the tests (TB_SOME_ROWS). */
typedef struct tb_row_filter {
    const uint64_t *need[ESB_MAX_COMPONENTS], *refuse[ESB_MAX_COMPONENTS];
    uint32_t nn, nr;
} tb_row_filter;

static inline void tb_row_filter_make(tb_row_filter *f, const esb_query *q, const tb_table *t) {
    uint32_t nn = 0, nr = 0; /* counted in locals, which a pass's filter keeps in registers */
    for (unsigned wd = 0; wd < ESB_BITSET_WORDS; ++wd) {
        for (uint64_t bits = q->head.include.w[wd]; bits; bits &= bits - 1) {
            const tb_column *col = tb_column_of(t, wd * 64 + (unsigned)__builtin_ctzll(bits));
            if (col->holders != t->count) f->need[nn++] = col->present;
        }
        for (uint64_t bits = q->head.exclude.w[wd] & t->column_set.w[wd]; bits; bits &= bits - 1) {
            const tb_column *col = tb_column_of(t, wd * 64 + (unsigned)__builtin_ctzll(bits));
            if (col->holders) f->refuse[nr++] = col->present;
        }
    }
    f->nn = nn;
    f->nr = nr;
}

/* The rows of 64-row word `word` among `valid` that pass the filter's tests. */
static inline uint64_t tb_row_filter_word(const tb_row_filter *f, uint32_t word, uint64_t valid) {
    for (uint32_t k = 0; k < f->nn; ++k) valid &= f->need[k][word];
    for (uint32_t k = 0; k < f->nr; ++k) valid &= ~f->refuse[k][word];
    return valid;
}

#endif
