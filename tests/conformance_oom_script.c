/* Allocation failure over a whole scripted workload. The script is a fixed sequence of contract calls that
 * builds a world from nothing: registrations, single and bulk creation, adds and removes that move entities
 * between shapes and grow every store, cached and uncached queries (two with change terms), an iteration,
 * destruction, explicit writes, a late registration. Its calls make K allocating calls in all. For every k from 1 to K the script runs again in a
 * fresh world with the k-th of them failing: the call it falls in must return ESB_ERR_NOMEM and leave the world
 * exactly as the model has it (the call wholly applied or not at all); the retry must succeed and the script
 * goes on to the end, where the whole state is compared and the world destroyed, and every byte it allocated
 * must be back (and, in the sanitized build, LeakSanitizer finds nothing). */
#include <string.h>

#include "support.h"

#define SCRIPT_SINGLES 24 /* entities created one at a time, then shaped */
#define SCRIPT_STEPS 145

/* The n-th alive entity in issue order (wrapping), so the script's targets do not depend on handle values. */
static esb_entity script_entity(const conf_env *env, size_t n) {
    size_t alive = env->m.nalive;
    if (!alive) return ESB_ENTITY_NULL;
    n %= alive;
    for (size_t i = 0; i < env->m.nissued; ++i)
        if (env->m.ents[i] && n-- == 0) return env->m.handles[i];
    return ESB_ENTITY_NULL;
}

/* Component c for the entity: add it if absent, else remove it (so every step is a valid call). */
static esb_status script_toggle(conf_env *env, size_t n, esb_component c) {
    esb_entity e = script_entity(env, n);
    unsigned char value[64];
    memset(value, (int)(n * 31 + c), sizeof value);
    if (conf_model_has(&env->m, env->w, e, c) == 1) return conf_do_remove(env, e, c);
    return conf_do_add(env, e, c, value);
}

static esb_status script_query(conf_env *env, unsigned which) {
    esb_query_desc d = conf_mix_query(which);
    int slot;
    return conf_do_query_create(env, &d, &slot);
}

/* The step-th call of the script (one contract call, or an iteration started by one). */
static esb_status script_step(conf_env *env, unsigned step) {
    unsigned i = step;
    if (i < CONF_MIX_LATE) { /* every component but the late one */
        esb_component id;
        return conf_do_register(env, &conf_mix_components[i], &id);
    }
    i -= CONF_MIX_LATE;
    if (i < SCRIPT_SINGLES) {
        esb_entity e;
        return conf_do_create(env, &e);
    }
    i -= SCRIPT_SINGLES;
    if (i < 40) return script_toggle(env, i * 7, (esb_component)(i % CONF_MIX_LATE)); /* shapes, every store */
    i -= 40;
    if (i < CONF_MIX_QUERIES) return script_query(env, i);
    i -= CONF_MIX_QUERIES;
    if (i == 0) return conf_do_bulk_mix(env, 70, true);
    if (i == 1) {
        esb_component ids[] = {CONF_MIX_U8, CONF_MIX_SPARSE}; /* a new shape, handles found by a query */
        return conf_do_bulk(env, 5, ids, 2, NULL, false, NULL);
    }
    if (i == 2) {
        esb_status st = conf_do_iter_begin(env, 0, 0);
        if (st == ESB_OK)
            while (conf_do_iter_next(env, 0)) conf_do_iter_write(env, 0);
        return st;
    }
    i -= 3;
    if (i < 20) return conf_do_destroy(env, script_entity(env, i * 5 + 3));
    i -= 20;
    if (i < 2) { /* an explicit write of f32, where it is present (a change for query 4) */
        float v = (float)i;
        for (size_t n = i; n < env->m.nissued + i; ++n) {
            esb_entity e = script_entity(env, n);
            if (conf_model_has(&env->m, env->w, e, CONF_MIX_F32) == 1) return conf_do_set(env, e, CONF_MIX_F32, &v);
        }
        return ESB_ERR_ABSENT; /* a script whose bulk creation made no f32: a bug of the script */
    }
    i -= 2;
    if (i == 0) {
        esb_component id;
        return conf_do_register(env, &conf_mix_components[CONF_MIX_LATE], &id);
    }
    i -= 1;
    if (i < 20) return script_toggle(env, i * 3 + 1, i % 2 ? CONF_MIX_LATE : (esb_component)(i % CONF_MIX_COUNT));
    i -= 20;
    if (i == 0) return conf_do_query_destroy(env, 1);
    if (i == 1) return conf_do_bulk_mix(env, 130, false); /* grows the stores again */
    i -= 2;
    esb_entity e;
    return conf_do_create(env, &e); /* singles past the growth points */
}

/* Runs the script with the k-th allocating call failing (k = 0: none); returns the allocating calls its steps
 * made when none failed, or 0 once the failure fired. */
static uint64_t script_run(uint64_t k) {
    size_t live_before = esb_mem_get_stats().live_bytes;
    conf_env env;
    conf_env_init(&env, k);
    uint64_t made = 0;
    bool fired = false;
    for (unsigned step = 0; step < SCRIPT_STEPS; ++step) {
        env.step = step;
        uint64_t remaining = k - made;
        bool arm = k && !fired;
        if (arm) {
            env.injecting = true;
            esb_mem_fail_nth(remaining);
        }
        env.calls = 0;
        esb_status st = script_step(&env, step);
        if (env.injecting) { /* the step ended before its first strategy call: a bug of the script */
            env.calls = esb_mem_fail_nth(0);
            env.injecting = false;
        }
        if (arm && env.calls >= remaining) {
            fired = true;
            CONF_REQUIRE(&env, st == ESB_ERR_NOMEM,
                         "allocation %llu of the script failed inside this call, which "
                         "returned %s",
                         (unsigned long long)k, esb_status_name(st));
            conf_check_state(&env, true); /* as before the call */
            st = script_step(&env, step);
            CONF_REQUIRE(&env, st == ESB_OK, "retry after ESB_ERR_NOMEM returned %s", esb_status_name(st));
        } else {
            made += arm ? env.calls : 0;
            CONF_REQUIRE(&env, st == ESB_OK, "script step returned %s", esb_status_name(st));
        }
    }
    env.step = SCRIPT_STEPS;
    conf_check_state(&env, true);
    conf_env_fini(&env);
    size_t live_after = esb_mem_get_stats().live_bytes;
    cr_assert_eq(live_after, live_before, "k=%llu: %zd bytes still allocated after esb_world_destroy",
                 (unsigned long long)k, (ptrdiff_t)(live_after - live_before));
    return fired ? 0 : made;
}

Test(conf_oom_script, every_allocation_of_the_script_fails_once) {
    /* counting run: arm beyond reach so the calls are counted without a failure */
    uint64_t total = script_run(UINT64_MAX / 2);
    cr_assert_gt(total, 20, "the script made only %llu allocating calls", (unsigned long long)total);
    for (uint64_t k = 1; k <= total; ++k)
        cr_assert_eq(script_run(k), 0, "allocation %llu did not fire", (unsigned long long)k);
    cr_assert_eq(script_run(total + 1), total, "a failure past the last allocation fired");
}
