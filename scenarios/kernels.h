/* The per-batch work of the iteration scenarios, written once: the strategies' scenarios and the raw
 * baselines run the very same loop (raw hands it a batch over its own arrays), so a difference between them
 * is the strategy's, never the compiler's treatment of two different loops. */
#ifndef SCENARIOS_KERNELS_H
#define SCENARIOS_KERNELS_H

#include "data.h"
#include "each.h"

/* pos += vel over a batch whose field 0 is Position (written) and field 1 Velocity (read). */
static inline void kernel_move(const esb_batch *batch) {
    ESB_EACH(batch, i, {
        vec3 *pos = &ESB_FIELD(0, vec3, i);
        const vec3 *vel = &ESB_FIELD(1, vec3, i);
        pos->x += vel->x;
        pos->y += vel->y;
        pos->z += vel->z;
    });
}

/* pos += vel + (0, 0, rot.z) over a batch whose fields are Position (written), Velocity and Rotation (read).
 * Rotation's z is zero in every entity's data (data.h), so the result equals kernel_move's while the loop still
 * loads all three components. */
static inline void kernel_move_rotated(const esb_batch *batch) {
    ESB_EACH(batch, i, {
        vec3 *pos = &ESB_FIELD(0, vec3, i);
        const vec3 *vel = &ESB_FIELD(1, vec3, i);
        const vec3 *rot = &ESB_FIELD(2, vec3, i);
        pos->x += vel->x;
        pos->y += vel->y;
        pos->z += vel->z + rot->z;
    });
}

/* health -= damage over a batch whose field 0 is Health (written) and field 1 Damage (read). */
static inline void kernel_damage(const esb_batch *batch) {
    ESB_EACH(batch, i, { ESB_FIELD(0, scalar, i).v -= ESB_FIELD(1, scalar, i).v; });
}

/* v *= 2 over a batch whose field 0 is a one-float component (packed_5, frag_iter). */
static inline void kernel_double(const esb_batch *batch) {
    ESB_EACH(batch, i, { ESB_FIELD(0, scalar, i).v *= 2.0f; });
}

#endif
