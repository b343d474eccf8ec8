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

/* pos += vel * s + (0, 0, rot.z) over a batch whose fields are Position (written), Velocity, Rotation and Transform
 * (read), s being the product of the transform's diagonal, m[0] m[5] m[10] m[15]: a pass that needs every
 * component of the entity, and every cache line of each. A transform is 64 bytes, so each line it covers holds
 * its first float or its last (a float never straddles a line): loading m[0] and m[15] brings in the whole
 * transform, wherever it starts, in a column as in a record.
 * The result equals kernel_move's bit for bit: the diagonal is 1.0f and Rotation's z is 0 in every entity's data
 * (data.h), so s is exactly 1, vel * s is exactly vel and vel.z * s + rot.z exactly vel.z (a fused multiply-add,
 * where the compiler contracts one, rounds the same exact value), and data_position_after applies unchanged. The
 * compiler, which cannot know the values, must still load them. */
static inline void kernel_move_whole(const esb_batch *batch) {
    ESB_EACH(batch, i, {
        vec3 *pos = &ESB_FIELD(0, vec3, i);
        const vec3 *vel = &ESB_FIELD(1, vec3, i);
        const vec3 *rot = &ESB_FIELD(2, vec3, i);
        const transform *t = &ESB_FIELD(3, transform, i);
        const float s = t->m[0] * t->m[5] * t->m[10] * t->m[15];
        pos->x += vel->x * s;
        pos->y += vel->y * s;
        pos->z += vel->z * s + rot->z;
    });
}

/* mass += charge over a batch whose field 0 is Mass (a double, written) and field 1 Charge (a float, read). Every
 * addition is exact for as many passes as any measurement makes (data_mass_after says why). */
static inline void kernel_charge(const esb_batch *batch) {
    ESB_EACH(batch, i, { ESB_FIELD(0, mass, i).v += (double)ESB_FIELD(1, scalar, i).v; });
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
