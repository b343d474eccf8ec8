/* Change records kept as sets of entity indices, as specs keeps them: a system reading a FlaggedStorage's events
 * collects the ids of the entities modified since its last run into a hibitset BitSet and joins that set with
 * the storages. Here every query with a change term (contract.h) owns one such set, a bit per entity index, and
 * the world keeps the sets watching each component. A change of component c sets the entity's bit in every set
 * watching c (an addition only, in the sets of ESB_CHANGE_ADDED terms); a query joins its set with its other
 * terms, and a complete iteration clears it, so what changed while the iteration was live is not reported again
 * (contract.h allows that). Destroying an entity clears its bit everywhere, removing c clears it in the sets
 * watching c, so an index reissued starts with no changes.
 *
 * Every set holds `capacity` bits, the entity capacity the world reserved, and grows before the world's own
 * arrays do: marking never allocates, which it must not, since handing out a batch marks (esb_iter_next cannot
 * fail). */
#ifndef ESB_CHANGE_SET_H
#define ESB_CHANGE_SET_H

#include "check.h"
#include "contract.h"

typedef struct esb_change_set {
    uint64_t *bits;               /* (capacity + 63) / 64 words of the world's esb_change_sets */
    esb_component component;      /* the term's */
    bool added_only;              /* ESB_CHANGE_ADDED: additions set bits, other changes do not */
    struct esb_change_set *next;  /* the next set watching the same component */
    struct esb_change_set *after; /* the next set of the world */
} esb_change_set;

/* Invariants (esb_change_sets_check):
 *  S1 watching[c] lists exactly the sets of component c, each once, and `all` lists every set once; count is
 *     their number.
 *  S2 Every set holds capacity bits; a bit is set only for an index the world's own check says is alive with c
 *     (the caller's `holds` below). */
typedef struct esb_change_sets {
    esb_change_set *watching[ESB_MAX_COMPONENTS];
    esb_change_set *all;
    uint32_t count;
    uint32_t capacity; /* bits per set */
} esb_change_sets;

static inline size_t esb_change_words(uint32_t capacity) { return ((size_t)capacity + 63) / 64; }

/* Room for `capacity` indices in every set, all or nothing (ESB_ERR_NOMEM: no set changed). */
esb_status esb_change_sets_reserve(esb_change_sets *cs, uint32_t capacity);

/* A new set for a change term (kind ESB_CHANGE_CHANGED or ESB_CHANGE_ADDED) on c, empty: changes made before it
 * existed are not its. NULL when out of memory. */
esb_change_set *esb_change_set_create(esb_change_sets *cs, esb_component c, esb_change kind);

/* Unlinks and frees a set (NULL is ignored). */
void esb_change_set_destroy(esb_change_sets *cs, esb_change_set *s);

/* Frees every set (the world's end). */
void esb_change_sets_free(esb_change_sets *cs);

/* Entity index idx changed c (an addition too when `addition`). */
static inline void esb_change_mark(const esb_change_sets *cs, esb_component c, uint32_t idx, bool addition) {
    ESB_ASSERT(idx < cs->capacity || !cs->watching[c]);
    for (esb_change_set *s = cs->watching[c]; s; s = s->next)
        if (addition || !s->added_only) s->bits[idx >> 6] |= 1ull << (idx & 63);
}

/* Changes of c at indices rows[0 .. count), or first .. first + count - 1 where rows is NULL (a run of whole
 * words at a time): a batch's writes, or (addition) a bulk creation's additions. Set by set, so each set's words
 * are walked once. */
static inline void esb_change_mark_rows(const esb_change_sets *cs, esb_component c, const uint32_t *rows,
                                        uint32_t first, uint32_t count, bool addition) {
    for (esb_change_set *s = cs->watching[c]; s; s = s->next) {
        if (s->added_only && !addition) continue;
        uint64_t *bits = s->bits;
        if (rows) {
            for (uint32_t i = 0; i < count; ++i) bits[rows[i] >> 6] |= 1ull << (rows[i] & 63);
            continue;
        }
        for (uint64_t at = first, end = (uint64_t)first + count; at < end;) {
            uint64_t word = at >> 6, from = at & 63, to = end - (at - from) < 64 ? end - (at - from) : 64;
            bits[word] |= (to == 64 ? ~0ull : (1ull << to) - 1) & ~((1ull << from) - 1);
            at = (word + 1) << 6;
        }
    }
}

/* Entity index idx lost c: nothing it did to c is reported. */
static inline void esb_change_forget(const esb_change_sets *cs, esb_component c, uint32_t idx) {
    for (esb_change_set *s = cs->watching[c]; s; s = s->next) s->bits[idx >> 6] &= ~(1ull << (idx & 63));
}

/* Changes of c at the indices word * 64 + j for each bit j of bits (an addition too when `addition`), a word at a
 * time: what a query-wide add records for a word of entities at once. */
static inline void esb_change_mark_word(const esb_change_sets *cs, esb_component c, uint32_t word, uint64_t bits,
                                        bool addition) {
    for (esb_change_set *s = cs->watching[c]; s; s = s->next)
        if (addition || !s->added_only) s->bits[word] |= bits;
}

/* esb_change_forget for the indices word * 64 + j of each bit j of bits. */
static inline void esb_change_forget_word(const esb_change_sets *cs, esb_component c, uint32_t word, uint64_t bits) {
    for (esb_change_set *s = cs->watching[c]; s; s = s->next) s->bits[word] &= ~bits;
}

/* Entity index idx died: nothing it did is reported, and the index is reissued clean. */
static inline void esb_change_forget_all(const esb_change_sets *cs, uint32_t idx) {
    for (esb_change_set *s = cs->all; s; s = s->after) s->bits[idx >> 6] &= ~(1ull << (idx & 63));
}

static inline bool esb_change_test(const esb_change_set *s, uint32_t idx) {
    return (s->bits[idx >> 6] >> (idx & 63)) & 1u;
}

/* A complete iteration consumed the set. */
void esb_change_set_clear(const esb_change_sets *cs, esb_change_set *s);

#ifdef ESB_CHECKED
/* Asserts S1 and S2; holds(world, c, idx) says whether index idx is alive and has c. O(sets * capacity). */
void esb_change_sets_check(const esb_change_sets *cs, const void *world,
                           bool (*holds)(const void *world, esb_component c, uint32_t idx));
#endif

#endif
