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

/* The argument pickers the operations share (driver.c), from env->rng. */
esb_entity conf_pick_entity(conf_env *env); /* mostly alive; else stale, never issued or NULL */
esb_component conf_pick_unknown(conf_env *env);
/* A registered component, biased towards the first few so that entities share shapes and queries match. */
esb_component conf_pick_known(conf_env *env);
esb_component conf_pick_comp(conf_env *env); /* conf_pick_known's, or now and then an unregistered one */
/* Up to want distinct registered components not in avoid; tags allowed or not. Returns how many. */
uint32_t conf_pick_distinct(conf_env *env, esb_component *dst, uint32_t want, bool tags, const esb_component *avoid,
                            uint32_t navoid);

/* A live query's slot among the driver's, or -1 if none is live. */
int conf_pick_query(conf_env *env);

/* The batched operations (driver_batched.c), valid and not: bundles of 0 to 5 components, mostly ones the entity
 * lacks (add) or holds (remove), now and then with a component listed twice or an unknown one; a query-wide add or
 * remove over a live query (now and then NULL), of one of its own terms or any component. */
void conf_op_add_bundle(conf_env *env);
void conf_op_remove_bundle(conf_env *env);
void conf_op_matching(conf_env *env);

/* Ends live iterators, compares the whole state, destroys some queries and then the world (conf_env_fini). */
void conf_driver_finish(conf_env *env);

#endif
