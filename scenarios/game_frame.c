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
    esb_world *world;
    esb_component position, velocity, health, damage, stunned;
    esb_query *movement, *damaging;
    esb_entity *slots;
    uint32_t *generation; /* per slot: how many times it was respawned; its values come from (slot, generation) */
    size_t n, window;     /* window = n * R / 100 */
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

static size_t stun_start(const frame_ctx *c, uint64_t frame) { return (size_t)(frame * c->window % c->n); }
static size_t respawn_start(const frame_ctx *c, uint64_t frame) {
    return (size_t)((frame * c->window + c->n / 2) % c->n);
}
static bool in_window(const frame_ctx *c, size_t slot, size_t start) {
    return (slot + c->n - start) % c->n < c->window;
}

static void frame_teardown(void *p) {
    frame_ctx *c = p;
    esb_world_destroy(c->world);
    free(c->slots);
    free(c->generation);
    free(c->made);
    free(c->with_damage);
    free(c->without_damage);
    free(c->positions);
    free(c->velocities);
    free(c->healths);
    free(c->damages);
    free(c);
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
    esb_status s = esb_create_bulk(c->world, count, ids, damaged ? 4 : 3, values, c->made);
    for (size_t i = 0; s == ESB_OK && i < count; ++i) c->slots[slots[i]] = c->made[i];
    return s;
}

/* Spawns the slots start .. start + count (mod n), split by component set. */
static esb_status spawn_range(frame_ctx *c, size_t start, size_t count) {
    size_t with = 0, without = 0;
    for (size_t i = 0; i < count; ++i) {
        uint32_t slot = (uint32_t)((start + i) % c->n);
        if (has_damage(slot))
            c->with_damage[with++] = slot;
        else
            c->without_damage[without++] = slot;
    }
    esb_status s = spawn_slots(c, c->with_damage, with, true);
    return s == ESB_OK ? spawn_slots(c, c->without_damage, without, false) : s;
}

static void *setup(size_t n, unsigned rate, const char **error) {
    frame_ctx *c = scratch_calloc(1, sizeof *c);
    if (!c) return *error = "out of memory", NULL;
    c->n = n;
    c->window = n * rate / 100;
    size_t batch = n; /* setup spawns every slot through the same buffers */
    c->slots = scratch_alloc(n, sizeof *c->slots);
    c->generation = scratch_calloc(n, sizeof *c->generation);
    c->made = scratch_alloc(batch, sizeof *c->made);
    c->with_damage = scratch_alloc(batch, sizeof *c->with_damage);
    c->without_damage = scratch_alloc(batch, sizeof *c->without_damage);
    c->positions = scratch_alloc(batch, sizeof *c->positions);
    c->velocities = scratch_alloc(batch, sizeof *c->velocities);
    c->healths = scratch_alloc(batch, sizeof *c->healths);
    c->damages = scratch_alloc(batch, sizeof *c->damages);
    esb_status s = ESB_ERR_NOMEM;
    if (c->slots && c->generation && c->made && c->with_damage && c->without_damage && c->positions && c->velocities &&
        c->healths && c->damages && (s = esb_world_create(&c->world)) == ESB_OK &&
        (s = scn_register(c->world, "Position", sizeof(vec3), _Alignof(vec3), ESB_STORAGE_DENSE, &c->position)) ==
            ESB_OK &&
        (s = scn_register(c->world, "Velocity", sizeof(vec3), _Alignof(vec3), ESB_STORAGE_DENSE, &c->velocity)) ==
            ESB_OK &&
        (s = scn_register(c->world, "Health", sizeof(scalar), _Alignof(scalar), ESB_STORAGE_DENSE, &c->health)) ==
            ESB_OK &&
        (s = scn_register(c->world, "Damage", sizeof(scalar), _Alignof(scalar), ESB_STORAGE_DENSE, &c->damage)) ==
            ESB_OK &&
        (s = scn_register(c->world, "Stunned", 0, 1, ESB_STORAGE_SPARSE, &c->stunned)) == ESB_OK)
        s = spawn_range(c, 0, n);
    if (s == ESB_OK) {
        esb_component fields[] = {c->position, c->velocity};
        esb_access access[] = {ESB_WRITE, ESB_READ};
        esb_query_desc d = {.fields = fields,
                            .access = access,
                            .field_count = 2,
                            .without = &c->stunned,
                            .without_count = 1,
                            .cached = true};
        s = esb_query_create(c->world, &d, &c->movement);
    }
    if (s == ESB_OK) {
        esb_component fields[] = {c->health, c->damage};
        esb_access access[] = {ESB_WRITE, ESB_READ};
        esb_query_desc d = {.fields = fields, .access = access, .field_count = 2, .cached = true};
        s = esb_query_create(c->world, &d, &c->damaging);
    }
    if (s != ESB_OK) {
        *error = esb_status_name(s);
        frame_teardown(c);
        return NULL;
    }
    return c;
}

static void *game_frame_0_setup(size_t n, const char **error) { return setup(n, 0, error); }
static void *game_frame_1_setup(size_t n, const char **error) { return setup(n, 1, error); }
static void *game_frame_10_setup(size_t n, const char **error) { return setup(n, 10, error); }
static void *game_frame_50_setup(size_t n, const char **error) { return setup(n, 50, error); }

/* n when every change succeeded and both systems found exactly the entities they must, else 0. */
static uint64_t frame_run(void *p) {
    frame_ctx *c = p;
    size_t n = c->n, k = c->window;
    bool ok = true;
    if (c->frame > 0)
        for (size_t i = 0, at = stun_start(c, c->frame - 1); i < k; ++i)
            ok &= esb_remove(c->world, c->slots[(at + i) % n], c->stunned) == ESB_OK;
    for (size_t i = 0, at = stun_start(c, c->frame); i < k; ++i)
        ok &= esb_add(c->world, c->slots[(at + i) % n], c->stunned, NULL) == ESB_OK;
    size_t respawn = respawn_start(c, c->frame);
    for (size_t i = 0; i < k; ++i) {
        size_t slot = (respawn + i) % n;
        ok &= esb_destroy(c->world, c->slots[slot]) == ESB_OK;
        c->generation[slot]++;
    }
    ok &= spawn_range(c, respawn, k) == ESB_OK;
    c->frame++;
    uint64_t moved = scn_pass(c->movement, kernel_move), hit = scn_pass(c->damaging, kernel_damage);
    return ok && moved == n - k && hit == (n + 1) / 2 ? n : 0;
}

/* Every slot's current entity: its (slot, generation) key with all its values and whether it is stunned. */
static uint64_t frame_checksum(void *p) {
    frame_ctx *c = p;
    uint64_t sum = 0;
    for (size_t s = 0; s < c->n; ++s) {
        esb_entity e = c->slots[s];
        void *pos, *vel, *health, *damage;
        uint64_t h = esb_has(c->world, e, c->stunned) == 1;
        if (esb_get(c->world, e, c->position, &pos) == ESB_OK) h = data_hash_pair(h, data_hash_vec3(*(vec3 *)pos));
        if (esb_get(c->world, e, c->velocity, &vel) == ESB_OK) h = data_hash_pair(h + 1, data_hash_vec3(*(vec3 *)vel));
        if (esb_get(c->world, e, c->health, &health) == ESB_OK)
            h = data_hash_pair(h + 2, data_float_bits(((scalar *)health)->v));
        if (esb_get(c->world, e, c->damage, &damage) == ESB_OK)
            h = data_hash_pair(h + 3, data_float_bits(((scalar *)damage)->v));
        sum += data_entity_hash(value_key(s, c->generation[s]), h);
    }
    return sum + data_hash_pair(scn_count_matches(c->movement), scn_count_matches(c->damaging));
}

/* Replays a slot's frames since its last respawn: it is stunned exactly in the last frame's window, moved in
 * every frame it was not stunned and took damage in every frame (if it has Damage). */
static bool frame_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    frame_ctx *c = p;
    for (uint64_t k = 0; k < data_spot_count(c->n, spots); ++k) {
        size_t s = (size_t)data_spot_ordinal(c->n, spots, k);
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
        if (esb_has(c->world, c->slots[s], c->stunned) != stunned)
            return *error = "an entity is stunned outside its frame's window, or not within it", false;
        if (esb_get(c->world, c->slots[s], c->position, &got_pos) != ESB_OK ||
            !data_vec3_same_bits(*(vec3 *)got_pos, pos))
            return *error = "an entity's Position is not what its frames must have made it", false;
        if (esb_get(c->world, c->slots[s], c->health, &got_health) != ESB_OK ||
            data_float_bits(((scalar *)got_health)->v) != data_float_bits(health.v))
            return *error = "an entity's Health is not what its frames must have made it", false;
    }
    return true;
}

static const char *frame_kind(void *p) { return esb_query_kind(((frame_ctx *)p)->movement); }
static esb_world *frame_world(void *p) { return ((frame_ctx *)p)->world; }

#define FRAME_SCENARIO(id, setup_fn) \
    const scenario scenario_##id = { \
        .info = &scenario_info_##id, \
        .setup = setup_fn,           \
        .run = frame_run,            \
        .checksum = frame_checksum,  \
        .verify = frame_verify,      \
        .query_kind = frame_kind,    \
        .world = frame_world,        \
        .teardown = frame_teardown,  \
    }

FRAME_SCENARIO(game_frame_0, game_frame_0_setup);
FRAME_SCENARIO(game_frame_1, game_frame_1_setup);
FRAME_SCENARIO(game_frame_10, game_frame_10_setup);
FRAME_SCENARIO(game_frame_50, game_frame_50_setup);
