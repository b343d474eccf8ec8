/* One loop for every batch layout.
 *
 *     ESB_EACH(&it.batch, i, {
 *         position *p = &ESB_FIELD(0, position, i);
 *         const velocity *v = &ESB_FIELD(1, velocity, i);
 *         p->x += v->x;
 *     });
 *
 * The body is compiled three times: for batches whose fields and entities are all plain arrays, where the row
 * of element i is i itself as a compile-time fact (so the loop is a plain, vectorisable array loop); for
 * batches where every field and the entities go through one shared index array (one load per element, not
 * one per field); and for anything else: per-field index arrays, record strides (AoS tables), or a mix.
 * ESB_ENTITY(i) is the i-th entity handle. The layout is decided over the query's own fields (field_count):
 * the slots beyond hold unspecified values.
 */
#ifndef ESB_EACH_H
#define ESB_EACH_H

#include "contract.h"

static inline bool esb_batch_natural_strides(const esb_batch *b) {
    for (uint32_t k = 0; k < b->field_count; ++k)
        if (b->stride[k]) return false;
    return true;
}

static inline bool esb_batch_contiguous(const esb_batch *b) {
    if (b->entity_rows || !esb_batch_natural_strides(b)) return false;
    for (uint32_t k = 0; k < b->field_count; ++k)
        if (b->rows[k]) return false;
    return true;
}

/* The one index array every field and the entities share (a scan's or a filter's match list), or NULL when
 * fields index differently (sparse-set views), step by a record stride, or nothing is indexed. */
static inline const uint32_t *esb_batch_shared_rows(const esb_batch *b) {
    const uint32_t *shared = b->entity_rows;
    if (!shared || !esb_batch_natural_strides(b)) return NULL;
    for (uint32_t k = 0; k < b->field_count; ++k)
        if (b->base[k] && b->rows[k] != shared) return NULL;
    return shared;
}

/* esb_each_mode_: 0 contiguous, 1 one shared index array, 2 anything else (per-field rows and strides). */
#define ESB_EACH(batch_ptr, i, ...)                                                  \
    do {                                                                             \
        const esb_batch *const esb_each_b_ = (batch_ptr);                            \
        const uint32_t esb_each_n_ = esb_each_b_->count;                             \
        const uint32_t *const esb_each_shared_ = esb_batch_shared_rows(esb_each_b_); \
        if (esb_batch_contiguous(esb_each_b_)) {                                     \
            enum { esb_each_mode_ = 0 };                                             \
            for (uint32_t i = 0; i < esb_each_n_; ++i) {                             \
                __VA_ARGS__                                                          \
            }                                                                        \
        } else if (esb_each_shared_) {                                               \
            enum { esb_each_mode_ = 1 };                                             \
            for (uint32_t i = 0; i < esb_each_n_; ++i) {                             \
                __VA_ARGS__                                                          \
            }                                                                        \
        } else {                                                                     \
            enum { esb_each_mode_ = 2 };                                             \
            for (uint32_t i = 0; i < esb_each_n_; ++i) {                             \
                __VA_ARGS__                                                          \
            }                                                                        \
        }                                                                            \
    } while (0)

#define ESB_ROW_(rowsp, i) \
    (esb_each_mode_ == 0 ? (i) : esb_each_mode_ == 1 ? esb_each_shared_[i] : !(rowsp) ? (i) : (rowsp)[i])

/* In modes 0 and 1 strides are natural, so the access is a typed array index the compiler can vectorise. */
#define ESB_FIELD(k, T, i)                                                                    \
    (*(esb_each_mode_ != 2                                                                    \
           ? &((T *)esb_each_b_->base[k])[ESB_ROW_(esb_each_b_->rows[k], i)]                  \
           : (T *)((char *)esb_each_b_->base[k] + (size_t)ESB_ROW_(esb_each_b_->rows[k], i) * \
                                                      (esb_each_b_->stride[k] ? esb_each_b_->stride[k] : sizeof(T)))))
#define ESB_ENTITY(i) (esb_each_b_->entities[ESB_ROW_(esb_each_b_->entity_rows, i)])

#endif
