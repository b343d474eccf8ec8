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

static uint64_t value_key(uint64_t slot, uint64_t generation) { return data_hash_pair(slot, generation); }
static bool has_damage(uint64_t slot) { return slot % 2 == 0; }
static scalar health_value(uint64_t key) { return (scalar){data_scalar(key).v + 100.0f}; }
static scalar damage_value(uint64_t key) { return (scalar){data_scalar(key * 3 + 1).v * 0.0625f}; }

/* Health after `frames` passes of health -= damage, bit for bit what the passes compute. Health starts as a
 * multiple of 1/8 below 228 and Damage is a multiple of 1/128 below 8, so over the first 2^14 passes Health stays
 * a multiple of 1/128 of magnitude below 2^17, where a float holds every such multiple: each subtraction is
 * exact and the result has a closed form. Later passes are replayed one by one. */
static float health_after(uint64_t key, uint64_t frames) {
    float health = health_value(key).v, damage = damage_value(key).v;
    uint64_t exact = frames < (1u << 14) ? frames : (1u << 14);
    health = (float)((double)health - (double)exact * damage);
    for (uint64_t f = exact; f < frames; ++f) health -= damage;
    return health;
}

static size_t stun_start(const frame_ctx *c, uint64_t frame) { return (size_t)(frame * c->window % c->base.n); }
static size_t respawn_start(const frame_ctx *c, uint64_t frame) {
    return (size_t)((frame * c->window + c->base.n / 2) % c->base.n);
}
static bool in_window(const frame_ctx *c, size_t slot, size_t start) {
    return (slot + c->base.n - start) % c->base.n < c->window;
}

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
        uint64_t key = value_key(slots[i], c->generation[slots[i]]);
        c->positions[i] = data_position(key);
        c->velocities[i] = data_velocity(key);
        c->healths[i] = health_value(key);
        c->damages[i] = damage_value(key);
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
        if (has_damage(slot))
            c->with_damage[with++] = slot;
        else
            c->without_damage[without++] = slot;
    }
    esb_status s = spawn_slots(c, c->with_damage, with, true);
    return s == ESB_OK ? spawn_slots(c, c->without_damage, without, false) : s;
}

static void *setup(size_t n, unsigned rate, const char **error) {
    frame_ctx *c = scn_ctx_new(sizeof *c, n, error);
    if (!c) return NULL;
    c->window = n * rate / 100;
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
    bool ok = true;
    if (c->frame > 0)
        for (size_t i = 0, at = stun_start(c, c->frame - 1); i < k; ++i)
            ok &= esb_remove(c->base.world, c->base.handles[(at + i) % n], c->stunned) == ESB_OK;
    for (size_t i = 0, at = stun_start(c, c->frame); i < k; ++i)
        ok &= esb_add(c->base.world, c->base.handles[(at + i) % n], c->stunned, NULL) == ESB_OK;
    size_t respawn = respawn_start(c, c->frame);
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
        uint64_t h = esb_has(c->base.world, e, c->stunned) == 1;
        if (esb_get(c->base.world, e, c->position, &pos) == ESB_OK) h = data_hash_pair(h, data_hash_vec3(*(vec3 *)pos));
        if (esb_get(c->base.world, e, c->velocity, &vel) == ESB_OK)
            h = data_hash_pair(h + 1, data_hash_vec3(*(vec3 *)vel));
        if (esb_get(c->base.world, e, c->health, &health) == ESB_OK)
            h = data_hash_pair(h + 2, data_float_bits(((scalar *)health)->v));
        if (esb_get(c->base.world, e, c->damage, &damage) == ESB_OK)
            h = data_hash_pair(h + 3, data_float_bits(((scalar *)damage)->v));
        sum += data_entity_hash(value_key(s, c->generation[s]), h);
    }
    return sum + data_hash_pair(scn_count_matches(c->base.query), scn_count_matches(c->damaging));
}

/* Replays a slot's frames since its last respawn: it is stunned exactly in the last frame's window, moved in
 * every frame it was not stunned and took damage in every frame (if it has Damage). */
static bool frame_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    frame_ctx *c = p;
    for (uint64_t k = 0; k < data_spot_count(c->base.n, spots); ++k) {
        size_t s = (size_t)data_spot_ordinal(c->base.n, spots, k);
        uint64_t born = 0; /* the frame whose respawn made the slot's current entity, 0 if the first */
        for (uint64_t f = runs; c->window && f-- > 0;)
            if (in_window(c, s, respawn_start(c, f))) {
                born = f;
                break;
            }
        uint64_t key = value_key(s, c->generation[s]), moves = runs - born;
        for (uint64_t f = born; c->window && f < runs; ++f) moves -= in_window(c, s, stun_start(c, f));
        vec3 pos = data_position_after(key, moves);
        scalar health = {has_damage(s) ? health_after(key, runs - born) : health_value(key).v};
        bool stunned = c->window && in_window(c, s, stun_start(c, runs - 1));
        void *got_pos, *got_health;
        if (esb_has(c->base.world, c->base.handles[s], c->stunned) != stunned)
            return *error = "an entity is stunned outside its frame's window, or not within it", false;
        if (esb_get(c->base.world, c->base.handles[s], c->position, &got_pos) != ESB_OK ||
            !data_vec3_same_bits(*(vec3 *)got_pos, pos))
            return *error = "an entity's Position is not what its frames must have made it", false;
        if (esb_get(c->base.world, c->base.handles[s], c->health, &got_health) != ESB_OK ||
            data_float_bits(((scalar *)got_health)->v) != data_float_bits(health.v))
            return *error = "an entity's Health is not what its frames must have made it", false;
    }
    return true;
}

/* scenario_ID: the frame at churn rate `rate` percent. */
#define FRAME_SCENARIO(id, rate)                                                                                   \
    static void *id##_setup(size_t n, const char **error) { return setup(n, rate, error); }                        \
    DEFINE_SCENARIO(id, .setup = id##_setup, .run = frame_run, .checksum = frame_checksum, .verify = frame_verify, \
                    .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = frame_teardown)

FRAME_SCENARIO(game_frame_0, 0);
FRAME_SCENARIO(game_frame_1, 1);
FRAME_SCENARIO(game_frame_10, 10);
FRAME_SCENARIO(game_frame_50, 50);
