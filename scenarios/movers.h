/* The world most scenarios start from: Position and Velocity (vec3 each), optionally preceded by Transform
 * and Rotation ("simple_iter"'s four components, as in the established ECS benchmarks). */
#ifndef SCENARIOS_MOVERS_H
#define SCENARIOS_MOVERS_H

#include "ecs.h"

typedef struct movers {
    esb_world *world;
    esb_component position, velocity, transform, rotation;
    esb_query *query; /* Position (write), Velocity (read); with MOVERS_WHOLE_QUERY Rotation and Transform (read) too */
    esb_entity *handles; /* n handles in creation order, with MOVERS_HANDLES */
    size_t n;
    unsigned flags;
} movers;

enum movers_flags {
    MOVERS_EXTRAS = 1,       /* register Transform and Rotation too, and give them to every entity */
    MOVERS_HANDLES = 2,      /* keep an array of n handles (filled by bulk creation) */
    MOVERS_POPULATE = 4,     /* bulk-create the n entities */
    MOVERS_CACHED_QUERY = 8, /* create the Position+Velocity query with the cached hint */
    MOVERS_WHOLE_QUERY = 16, /* the query (cached or, for the checksum, not) takes all four components (needs EXTRAS) */
};

/* A world with the components registered and, as the flags say, its entities and query. NULL with *error set
 * on failure. */
movers *movers_new(size_t n, unsigned flags, const char **error);

/* Frees what movers_new made; takes void * so scenarios can use it as their teardown. */
void movers_delete(void *m);

/* The world, for the scenario hook of scenarios whose context is a movers. */
esb_world *movers_world(void *m);

/* Checksum for scenarios' hooks: over the n handles (MOVERS_HANDLES) of every one alive, its ordinal with its
 * Position and Velocity; plus how many entities the query finds. */
uint64_t movers_checksum(void *m);

/* verify hook of scenarios whose runs each add Velocity to Position once: checks the entities `spots` names
 * (by handle; data.h) and the last one against data_position_after. */
bool movers_verify_moved(void *m, uint64_t runs, uint64_t spots, const char **error);

/* A system whose query is made on the spot: the Position (write) + Velocity (read) query without the cached hint,
 * created, passed through once (pos += vel) and destroyed; the movers' own query is left alone. Returns n when
 * every entity moved, else 0. */
uint64_t movers_adhoc_pass(void *m);

/* The same query created and destroyed without a pass: n when both succeeded, else 0. */
uint64_t movers_adhoc_query(void *m);

/* The kind of that query (a static string: contract.h), for the query_kind hook; "-" if it cannot be made. */
const char *movers_adhoc_kind(void *m);

#endif
