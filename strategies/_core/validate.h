/* Argument checks every strategy performs identically, so error codes agree across strategies. */
#ifndef ESB_VALIDATE_H
#define ESB_VALIDATE_H

#include "bitset.h"
#include "component_info.h"
#include "contract.h"
#include "query_registry.h"

/* ESB_ERR_INVALID unless desc describes a storable component (see esb_component_register). */
esb_status esb_check_component_desc(const esb_component_desc *desc);

/* The id-only checks of esb_query_create: NULL arrays, counts, no include term, duplicates, a change term of
 * an unknown kind or on a component neither a field nor a with term. */
esb_status esb_check_query_shape(const esb_query_desc *desc);

/* Whether c is one of desc's fields or with terms. */
bool esb_query_includes(const esb_query_desc *desc, esb_component c);

/* esb_query_create's first checks: world, desc and out non-NULL and the shape valid. Sets *out (if it can) to
 * NULL either way. */
esb_status esb_check_query_args(const void *world, const esb_query_desc *desc, esb_query **out);

/* All of esb_query_create's checks, in the contract's order, for a world of component_count components whose
 * sizes (0: a tag) are the uint32_t at sizes + c * size_stride for component c: the arguments and a registered tag
 * as a field (INVALID), the iteration lock (LOCKED), unregistered ids (UNKNOWN_COMPONENT). Sets *out (if it can)
 * to NULL. A design calls it through esb_core_check_query_create (world_core.h). */
esb_status esb_check_query_create(const void *world, const esb_query_desc *desc, esb_query **out,
                                  const esb_query_registry *queries, const unsigned char *sizes, size_t size_stride,
                                  uint32_t component_count);

/* esb_get's first checks: world and out non-NULL. Sets *out (if it can) to NULL either way. */
esb_status esb_check_get_args(const void *world, void **out);

/* Copies a strategy's counters out as esb_world_counters specifies; returns count. */
size_t esb_copy_counters(const char *const *names_in, const uint64_t *values_in, size_t count, const char **names,
                         uint64_t *values, size_t cap);

/* The id-only checks of esb_create_bulk: ids NULL with count > 0, count over the limit, duplicates. */
esb_status esb_check_id_list(const esb_component *ids, uint32_t count);

/* ESB_ERR_UNKNOWN_COMPONENT if a term of a shape-checked query names an id >= component_count. */
esb_status esb_check_query_ids(const esb_query_desc *desc, uint32_t component_count);

/* Include (fields + with) and exclude sets of a query whose shape passed esb_check_query_shape. */
void esb_query_masks(const esb_query_desc *desc, esb_bitset *include, esb_bitset *exclude);

#endif
