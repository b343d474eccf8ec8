/* The world most scenarios start from: Position and Velocity (vec3 each), optionally preceded by Transform
 * and Rotation ("simple_iter"'s four components, as in the established ECS benchmarks). */
#ifndef SCENARIOS_MOVERS_H
#define SCENARIOS_MOVERS_H

#include "ecs.h"

typedef struct movers {
    esb_world *world;
    esb_component position, velocity, transform, rotation;
    esb_query *query;    /* Position (write), Velocity (read) */
    esb_entity *handles; /* n handles in creation order, when asked for */
    size_t n;
} movers;

/* A world with the components registered and no entity; with_extras registers Transform and Rotation too. */
esb_status movers_init(movers *m, size_t n, bool with_extras, bool keep_handles);

/* Bulk-creates the n entities (Position, Velocity and, with extras, Transform and Rotation). */
esb_status movers_populate(movers *m, bool with_extras);

/* The Position+Velocity query, with the given cached hint. */
esb_status movers_query(movers *m, bool cached);

/* Checksum over every Position+Velocity entity; *count receives how many there were. */
uint64_t movers_checksum(movers *m, uint64_t *count);

void movers_free(movers *m);

#endif
