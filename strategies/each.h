/* One loop for both batch layouts.
 *
 *     ESB_EACH(&it.batch, i, {
 *         position *p = &ESB_FIELD(0, position, i);
 *         const velocity *v = &ESB_FIELD(1, velocity, i);
 *         p->x += v->x;
 *     });
 *
 * The body is compiled three times: for batches whose fields and entities are all contiguous, where the row of
 * element i is i itself as a compile-time fact (so the loop is a plain, vectorisable array loop); for batches
 * where every field and the entities go through one shared index array (one load per element, not one per
 * field); and for batches whose fields index separately. ESB_ENTITY(i) is the i-th entity handle.
 * Strategies leave base[k] and rows[k] NULL for unused fields, so the layout is decided over all
 * ESB_MAX_FIELDS slots.
 */
#ifndef ESB_EACH_H
#define ESB_EACH_H

#include "contract.h"

static inline bool esb_batch_contiguous(const esb_batch *b) {
    if (b->entity_rows) return false;
    for (uint32_t k = 0; k < ESB_MAX_FIELDS; ++k)
        if (b->rows[k]) return false;
    return true;
}

/* The one index array every indexed field and the entities share (a scan's or a filter's match list), or NULL
 * when fields index differently (sparse-set views) or nothing is indexed. */
static inline const uint32_t *esb_batch_shared_rows(const esb_batch *b) {
    const uint32_t *shared = b->entity_rows;
    for (uint32_t k = 0; k < ESB_MAX_FIELDS; ++k) {
        if (!b->rows[k]) continue;
        if (!shared) shared = b->rows[k];
        else if (b->rows[k] != shared) return NULL;
    }
    if (shared && !b->entity_rows) return NULL;
    for (uint32_t k = 0; k < ESB_MAX_FIELDS; ++k)
        if (b->base[k] && !b->rows[k]) return NULL;
    return shared;
}

/* esb_each_mode_: 0 contiguous, 1 one shared index array, 2 per-field index arrays. */
#define ESB_EACH(batch_ptr, i, ...)                                                  \
    do {                                                                             \
        const esb_batch *const esb_each_b_ = (batch_ptr);                            \
        const uint32_t esb_each_n_ = esb_each_b_->count;                             \
        const uint32_t *const esb_each_shared_ = esb_batch_shared_rows(esb_each_b_); \
        if (esb_batch_contiguous(esb_each_b_)) {                                     \
            enum { esb_each_mode_ = 0 };                                             \
            for (uint32_t i = 0; i < esb_each_n_; ++i) { __VA_ARGS__ }               \
        } else if (esb_each_shared_) {                                               \
            enum { esb_each_mode_ = 1 };                                             \
            for (uint32_t i = 0; i < esb_each_n_; ++i) { __VA_ARGS__ }               \
        } else {                                                                     \
            enum { esb_each_mode_ = 2 };                                             \
            for (uint32_t i = 0; i < esb_each_n_; ++i) { __VA_ARGS__ }               \
        }                                                                            \
    } while (0)

#define ESB_ROW_(rowsp, i)                      \
    (esb_each_mode_ == 0   ? (i)                \
     : esb_each_mode_ == 1 ? esb_each_shared_[i] \
     : !(rowsp)            ? (i)                \
                           : (rowsp)[i])
#define ESB_FIELD(k, T, i) (((T *)esb_each_b_->base[k])[ESB_ROW_(esb_each_b_->rows[k], i)])
#define ESB_ENTITY(i) (esb_each_b_->entities[ESB_ROW_(esb_each_b_->entity_rows, i)])

#endif
