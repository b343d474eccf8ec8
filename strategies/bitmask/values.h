/* What a value set of this design provides: the store of each component's values and the operations over it that
 * differ between the sets. The masks, the cached filters and the scans around them are the same code in every
 * set; a set is chosen per variant in the variants file (arrays/ or pools/). Each defines the type bm_value_store
 * in its value_store.h (bitmask.h includes it, as bm_component holds one), and each function below, the inline
 * ones in its values_inline.h. */
#ifndef BITMASK_VALUES_H
#define BITMASK_VALUES_H

#include "grow.h"
#include "bitmask.h"

/* Component comp's empty store, once its size and alignment are set (registration). */
void bm_values_init(bm_component *comp);

/* Frees comp's store; capacity is the world's. */
void bm_values_free(bm_component *comp, uint32_t capacity);

/* Appends to items the growth of the stores' per-entity arrays from old to now entities; returns how many it
 * appended (at most one per registered component). */
size_t bm_values_grow_items(esb_world *w, esb_grow_item *items, size_t old, size_t now);

/* esb_create_bulk once its arguments are checked and the per-entity arrays have room for n more: takes the n
 * entities, gives each the mask set_bits and its values (values[k] for ids[k], zeros where NULL), tells the
 * filters and change sets, and writes the handles to out if not NULL. All or nothing for memory. */
esb_status bm_values_create_bulk(esb_world *w, size_t n, const esb_component *ids, uint32_t count,
                                 const void *const *values, const uint64_t *set_bits, esb_entity *out);

/* esb_add's value for alive e, which lacks c: value's bytes (zeros where NULL) in c's store, before the mask
 * changes; ESB_ERR_NOMEM leaves everything as it was. */
static inline esb_status bm_values_add(esb_world *w, esb_component c, esb_entity e, const void *value);

/* A bundle's value of c for alive e, which lacks c, in two steps so that every component's room is made before any
 * is written: the room (ESB_ERR_NOMEM leaves every value as it was; room made stays, unobserved), then the write of
 * value's bytes (zeros where NULL), which cannot fail. */
static inline esb_status bm_values_reserve(esb_world *w, esb_component c, esb_entity e);
static inline void bm_values_write(esb_world *w, esb_component c, esb_entity e, const void *value);

/* esb_remove's value: c's store forgets e's (its mask still has c). */
static inline void bm_values_remove(esb_world *w, esb_component c, esb_entity e);

/* esb_destroy's values, a mask word at a time before the word is cleared: the stores of the components of word k
 * (64 * k + each bit of mask_word) forget e's. */
static inline void bm_values_destroy_word(esb_world *w, esb_entity e, uint32_t k, uint64_t mask_word);

/* esb_get's body (contract.h): where a value is found differs as a whole. */
static inline esb_status bm_values_get(esb_world *w, esb_entity e, esb_component c, void **out);

/* The per-query arrays a set needs to hand out batches (field_rows), made and freed with the query. */
esb_status bm_values_query_init(esb_query *q);
void bm_values_query_free(esb_query *q);

/* Field k of a batch whose element i is the entity of index rows[i]. */
static inline void bm_values_field_indexed(esb_iter *it, const esb_query *q, uint32_t k, const uint32_t *rows,
                                           uint32_t count);

/* Field k of a batch over the consecutive entity indices first .. first + count - 1 (count <= what
 * bm_values_contiguous_room allowed). */
static inline void bm_values_field_contiguous(esb_iter *it, const esb_query *q, uint32_t k, uint32_t first,
                                              uint32_t count);

/* Whether a contiguous batch of count entities can take len more. */
static inline bool bm_values_contiguous_room(uint32_t count, uint32_t len);

/* B3 for component c, given held: the components some alive entity's mask has (esb_world_check). */
void bm_values_check(const esb_world *w, esb_component c, const esb_bitset *held);

/* The variant's value set's: arrays/values_inline.h or pools/values_inline.h (on its include path). */
#include "values_inline.h"

#endif
