/* Argument checks every strategy performs identically, so error codes agree across strategies. */
#ifndef ESB_VALIDATE_H
#define ESB_VALIDATE_H

#include "bitset.h"
#include "contract.h"

/* ESB_ERR_INVALID unless desc describes a storable component (see esb_component_register). */
esb_status esb_check_component_desc(const esb_component_desc *desc);

/* The id-only checks of esb_query_create: NULL arrays, counts, no include term, duplicates. */
esb_status esb_check_query_shape(const esb_query_desc *desc);

/* The id-only checks of esb_create_bulk: ids NULL with count > 0, count over the limit, duplicates. */
esb_status esb_check_id_list(const esb_component *ids, uint32_t count);

/* Include (fields + with) and exclude sets of a query whose shape passed esb_check_query_shape. */
void esb_query_masks(const esb_query_desc *desc, esb_bitset *include, esb_bitset *exclude);

#endif
