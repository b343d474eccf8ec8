/* The differential driver: one random operation at a time on the strategy and the reference model. */
#ifndef CONF_DRIVER_H
#define CONF_DRIVER_H

#include "support.h"

/* Live queries the random sequences keep at most, in the model's first slots (which it fills first): few
 * enough that a step's full check stays cheap and that picking a slot at random usually finds a query. */
#define CONF_DRIVER_QUERIES 16

#define CONF_DRIVER_LATE 4 /* components the driver registers midway (conf_driver_register_late) */

/* Registers the driver's starting components (dense, sparse, tags, over-aligned, large). */
void conf_driver_begin(conf_env *env);

/* One operation chosen by env->rng: while an iterator is live mostly batches, writes through them, nested
 * iteration and (LOCKED) structural operations; otherwise structural operations, reads and queries. The caller
 * checks the state afterwards (conf_check_state). */
void conf_driver_step(conf_env *env);

/* Registers late component number `late` (0 .. CONF_DRIVER_LATE - 1) unless the world is locked; true if done. */
bool conf_driver_register_late(conf_env *env, size_t late);

/* Ends live iterators, compares the whole state, destroys some queries and then the world (conf_env_fini). */
void conf_driver_finish(conf_env *env);

#endif
