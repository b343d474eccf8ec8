/* Per-table shared component values, beyond the contract: "every monster shares one Renderer" stored once
 * for the whole table instead of once per row (the Mach discussion's third kind of storage). A shared value
 * lives beside the table's columns and does not make the table's entities "have" the component in the
 * contract's sense (esb_has, esb_get and queries see only columns), since the contract has no operation that
 * could ask for it; no scenario measures it. */
#ifndef TABLES_SHARED_H
#define TABLES_SHARED_H

#include "contract.h"

/* Sets (or replaces) the value of component c shared by every entity of e's table: size bytes copied from
 * value (zeros if NULL; nothing stored for a tag). Errors: INVALID (world NULL), LOCKED, STALE,
 * UNKNOWN_COMPONENT, NOMEM (nothing changed). */
esb_status esb_tables_share(esb_world *world, esb_entity e, esb_component c, const void *value);

/* Points *out at the shared value of c in e's table (NULL for a tag). Errors: INVALID (world or out NULL),
 * STALE, UNKNOWN_COMPONENT, ABSENT (no shared value of c there); *out is NULL on error. */
esb_status esb_tables_shared(esb_world *world, esb_entity e, esb_component c, void **out);

#endif
