/* game_frame_R (R = 0, 1, 10, 50): a mixed frame at churn rate R%. n entity slots, each an entity with
 * Position, Velocity and Health, the even slots also with Damage. One run is one frame:
 *   1. the Stunned tag (sparse hint: a component known to be transient) leaves the slots that got it last frame;
 *   2. it goes to R% of the slots, a window that moves on by R% every frame;
 *   3. another R% window (half the world further on, so never a slot stunned this frame) is despawned and
 *      respawned as new entities with fresh values, in one bulk call per component set (the values are
 *      computed in the frame, as a game's spawner would: the same few ns per spawn for every design);
 *   4. movement: pos += vel over Position and Velocity, excluding Stunned;
 *   5. damage: health -= damage over Health and Damage.
 * All queries are created with the cached hint. The unit is one entity of one frame, so the figure against R
 * is the churn-rate sweep: where designs that pay for structural change stop winning on iteration. The windows
 * stay disjoint only for R <= 50 (a stun window and the respawn window half the world away). */
#include <stdlib.h>

#include "ecs.h"
#include "game_frame.h"
#include "kernels.h"
#include "scenario.h"
#include "scratch.h"
#include "info.h"

typedef struct frame_ctx {
    scn_ctx base; /* n slots, handles[slot] the slot's current entity; its query: movement */
    esb_component position, velocity, health, damage, stunned;
    esb_query *damaging;
    uint32_t *generation; /* per slot: how many times it was respawned; its values come from (slot, generation) */
    size_t window;        /* n * R / 100 */
    uint64_t frame;
    /* respawn buffers, n entries each (setup spawns every slot through them) */
    esb_entity *made;
    uint32_t *with_damage, *without_damage;
    vec3 *positions, *velocities;
    scalar *healths, *damages;
} frame_ctx;

static frame_windows windows_of(const frame_ctx *c) { return (frame_windows){c->base.n, c->window}; }

static void frame_teardown(void *p) {
    frame_ctx *c = p;
    free(c->generation);
    free(c->made);
    free(c->with_damage);
    free(c->without_damage);
    free(c->positions);
    free(c->velocities);
    free(c->healths);
    free(c->damages);
    scn_ctx_delete(c);
}

/* Creates the entities of the given slots (all with or all without Damage) in one bulk call. */
static esb_status spawn_slots(frame_ctx *c, const uint32_t *slots, size_t count, bool damaged) {
    if (!count) return ESB_OK;
    for (size_t i = 0; i < count; ++i) {
        uint64_t key = frame_value_key(slots[i], c->generation[slots[i]]);
        c->positions[i] = data_position(key);
        c->velocities[i] = data_velocity(key);
        c->healths[i] = frame_health_value(key);
        c->damages[i] = frame_damage_value(key);
    }
    esb_component ids[] = {c->position, c->velocity, c->health, c->damage};
    const void *values[] = {c->positions, c->velocities, c->healths, c->damages};
    esb_status s = esb_create_bulk(c->base.world, count, ids, damaged ? 4 : 3, values, c->made);
    for (size_t i = 0; s == ESB_OK && i < count; ++i) c->base.handles[slots[i]] = c->made[i];
    return s;
}

/* Spawns the slots start .. start + count (mod n), split by component set. */
static esb_status spawn_range(frame_ctx *c, size_t start, size_t count) {
    size_t with = 0, without = 0;
    for (size_t i = 0; i < count; ++i) {
        uint32_t slot = (uint32_t)((start + i) % c->base.n);
        if (frame_has_damage(slot))
            c->with_damage[with++] = slot;
        else
            c->without_damage[without++] = slot;
    }
    esb_status s = spawn_slots(c, c->with_damage, with, true);
    return s == ESB_OK ? spawn_slots(c, c->without_damage, without, false) : s;
}

static void *frame_setup(size_t n, const void *params, const char **error) {
    const frame_params *p = params;
    frame_ctx *c = scn_ctx_new(sizeof *c, n, error);
    if (!c) return NULL;
    c->window = n * p->rate / 100;
    size_t batch = n; /* setup spawns every slot through the same buffers */
    c->generation = scratch_calloc(n, sizeof *c->generation);
    c->made = scratch_alloc(batch, sizeof *c->made);
    c->with_damage = scratch_alloc(batch, sizeof *c->with_damage);
    c->without_damage = scratch_alloc(batch, sizeof *c->without_damage);
    c->positions = scratch_alloc(batch, sizeof *c->positions);
    c->velocities = scratch_alloc(batch, sizeof *c->velocities);
    c->healths = scratch_alloc(batch, sizeof *c->healths);
    c->damages = scratch_alloc(batch, sizeof *c->damages);
    esb_status s = ESB_ERR_NOMEM;
    if (c->generation && c->made && c->with_damage && c->without_damage && c->positions && c->velocities &&
        c->healths && c->damages && (s = esb_world_create(&c->base.world)) == ESB_OK &&
        (s = scn_register(c->base.world, "Position", sizeof(vec3), _Alignof(vec3), ESB_STORAGE_DENSE, &c->position)) ==
            ESB_OK &&
        (s = scn_register(c->base.world, "Velocity", sizeof(vec3), _Alignof(vec3), ESB_STORAGE_DENSE, &c->velocity)) ==
            ESB_OK &&
        (s = scn_register(c->base.world, "Health", sizeof(scalar), _Alignof(scalar), ESB_STORAGE_DENSE, &c->health)) ==
            ESB_OK &&
        (s = scn_register(c->base.world, "Damage", sizeof(scalar), _Alignof(scalar), ESB_STORAGE_DENSE, &c->damage)) ==
            ESB_OK &&
        (s = scn_register(c->base.world, "Stunned", 0, 1, ESB_STORAGE_SPARSE, &c->stunned)) == ESB_OK)
        s = spawn_range(c, 0, n);
    if (s == ESB_OK) s = scn_query_update(c->base.world, c->position, c->velocity, &c->stunned, true, &c->base.query);
    if (s == ESB_OK) s = scn_query_update(c->base.world, c->health, c->damage, NULL, true, &c->damaging);
    return scn_setup_end(c, s, frame_teardown, error);
}

/* n when every change succeeded and both systems found exactly the entities they must, else 0. */
static uint64_t frame_run(void *p) {
    frame_ctx *c = p;
    size_t n = c->base.n, k = c->window;
    frame_windows w = windows_of(c);
    bool ok = true;
    if (c->frame > 0)
        for (size_t i = 0, at = frame_stun_start(w, c->frame - 1); i < k; ++i)
            ok &= esb_remove(c->base.world, c->base.handles[(at + i) % n], c->stunned) == ESB_OK;
    for (size_t i = 0, at = frame_stun_start(w, c->frame); i < k; ++i)
        ok &= esb_add(c->base.world, c->base.handles[(at + i) % n], c->stunned, NULL) == ESB_OK;
    size_t respawn = frame_respawn_start(w, c->frame);
    for (size_t i = 0; i < k; ++i) {
        size_t slot = (respawn + i) % n;
        ok &= esb_destroy(c->base.world, c->base.handles[slot]) == ESB_OK;
        c->generation[slot]++;
    }
    ok &= spawn_range(c, respawn, k) == ESB_OK;
    c->frame++;
    uint64_t moved = scn_pass(c->base.query, kernel_move), hit = scn_pass(c->damaging, kernel_damage);
    return ok && moved == n - k && hit == (n + 1) / 2 ? n : 0;
}

/* Every slot's current entity: its (slot, generation) key with all its values and whether it is stunned. */
static uint64_t frame_checksum(void *p) {
    frame_ctx *c = p;
    uint64_t sum = 0;
    for (size_t s = 0; s < c->base.n; ++s) {
        esb_entity e = c->base.handles[s];
        void *pos, *vel, *health, *damage;
        bool stunned = esb_has(c->base.world, e, c->stunned) == 1;
        sum += frame_slot_hash(s, c->generation[s], stunned,
                               esb_get(c->base.world, e, c->position, &pos) == ESB_OK ? pos : NULL,
                               esb_get(c->base.world, e, c->velocity, &vel) == ESB_OK ? vel : NULL,
                               esb_get(c->base.world, e, c->health, &health) == ESB_OK ? health : NULL,
                               esb_get(c->base.world, e, c->damage, &damage) == ESB_OK ? damage : NULL);
    }
    return sum + data_hash_pair(scn_count_matches(c->base.query), scn_count_matches(c->damaging));
}

/* Every spot's slot holds what its frames must have left (game_frame.h, frame_expected). */
static bool frame_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    frame_ctx *c = p;
    for (uint64_t k = 0; k < data_spot_count(c->base.n, spots); ++k) {
        size_t s = (size_t)data_spot_ordinal(c->base.n, spots, k);
        frame_slot_state expected = frame_expected(windows_of(c), s, c->generation[s], runs);
        void *got_pos, *got_health;
        if (esb_has(c->base.world, c->base.handles[s], c->stunned) != expected.stunned)
            return *error = "an entity is stunned outside its frame's window, or not within it", false;
        if (esb_get(c->base.world, c->base.handles[s], c->position, &got_pos) != ESB_OK ||
            !data_vec3_same_bits(*(vec3 *)got_pos, expected.position))
            return *error = "an entity's Position is not what its frames must have made it", false;
        if (esb_get(c->base.world, c->base.handles[s], c->health, &got_health) != ESB_OK ||
            data_float_bits(((scalar *)got_health)->v) != data_float_bits(expected.health.v))
            return *error = "an entity's Health is not what its frames must have made it", false;
    }
    return true;
}

DEFINE_SCENARIO(game_frame_0, .params = &(const frame_params){.rate = 0}, .setup = frame_setup, .run = frame_run,
                .checksum = frame_checksum, .verify = frame_verify, .query_kind = scn_ctx_kind, .world = scn_ctx_world,
                .teardown = frame_teardown);
DEFINE_SCENARIO(game_frame_1, .params = &(const frame_params){.rate = 1}, .setup = frame_setup, .run = frame_run,
                .checksum = frame_checksum, .verify = frame_verify, .query_kind = scn_ctx_kind, .world = scn_ctx_world,
                .teardown = frame_teardown);
DEFINE_SCENARIO(game_frame_10, .params = &(const frame_params){.rate = 10}, .setup = frame_setup, .run = frame_run,
                .checksum = frame_checksum, .verify = frame_verify, .query_kind = scn_ctx_kind, .world = scn_ctx_world,
                .teardown = frame_teardown);
DEFINE_SCENARIO(game_frame_50, .params = &(const frame_params){.rate = 50}, .setup = frame_setup, .run = frame_run,
                .checksum = frame_checksum, .verify = frame_verify, .query_kind = scn_ctx_kind, .world = scn_ctx_world,
                .teardown = frame_teardown);
