/* What a cached query keeps in a design that groups entities (archetypes, tables): the ids of the groups it
 * matches, with the column of each of its fields in each, extended only with the groups made since it last
 * looked (the archetype generation of Bevy's QueryState), so iteration never re-tests a known group. */
#ifndef ESB_MATCH_LIST_H
#define ESB_MATCH_LIST_H

#include "check.h"
#include "contract.h"

/* Invariants (esb_match_list_check_invariants, given the query's test and how many groups exist now):
 *  M1 count <= capacity; seen <= the number of groups.
 *  M2 ids are strictly increasing and below seen (catching up appends in id order).
 *  M3 A group below seen is listed iff the query's test matches it now, with the columns the test gives for it:
 *     the list is what testing every group seen so far would give (for as long as the design keeps a group's
 *     match fixed; tables, whose columns appear, check it only while the list is current). */
typedef struct esb_match_list {
    uint32_t *ids;
    uint16_t *columns; /* field_count entries per match */
    uint32_t count, capacity;
    uint32_t field_count;
    uint32_t seen; /* groups 0 .. seen - 1 have been tested */
} esb_match_list;

/* Decides whether group id matches; if it does and columns is not NULL, writes each field's column there. */
typedef bool (*esb_match_test)(const void *query, uint32_t id, uint16_t *columns);

/* Tests groups seen .. total - 1: counts the matches, makes room for exactly those (ESB_ERR_NOMEM: nothing
 * recorded, nothing tested), then records them. O(new groups); a list that has seen every group returns at
 * once, inline, as it does at almost every iteration's start. */
esb_status esb_match_list_catch_up_new(esb_match_list *m, uint32_t total, esb_match_test test, const void *query);
static inline esb_status esb_match_list_catch_up(esb_match_list *m, uint32_t total, esb_match_test test,
                                                 const void *query) {
    return m->seen == total ? ESB_OK : esb_match_list_catch_up_new(m, total, test, query);
}

/* The columns of match i, or NULL for a query without fields. */
static inline const uint16_t *esb_match_list_columns(const esb_match_list *m, uint32_t i) {
    return m->field_count ? m->columns + (size_t)i * m->field_count : NULL;
}

/* Forgets what catching up recorded since the list held `count` matches over `seen` groups (a design that
 * could not make room for its own records of the new matches undoes them so). */
static inline void esb_match_list_forget_since(esb_match_list *m, uint32_t count, uint32_t seen) {
    ESB_ASSERT(count <= m->count && seen <= m->seen);
    m->count = count;
    m->seen = seen;
}

void esb_match_list_free(esb_match_list *m);

#ifdef ESB_CHECKED
/* Asserts M1-M3 for a list kept by `test` over `total` groups. O(total * fields). */
void esb_match_list_check_invariants(const esb_match_list *m, uint32_t total, esb_match_test test, const void *query);

/* A query's own list, with `fields` fields: M1-M3 when it is cached (as above), else empty (an uncached query
 * keeps none). */
void esb_match_list_check_query(const esb_match_list *m, uint32_t fields, bool cached, uint32_t total,
                                esb_match_test test, const void *query);
#endif

#endif
