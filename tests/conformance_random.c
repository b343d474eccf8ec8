/* Seeded random differential sequences (driver.c): every operation of the contract, valid and invalid, run on the
 * strategy and on the reference model, with a full-state comparison after every step. */
#include "driver.h"

static void conf_random_run(uint64_t seed, unsigned steps) {
    size_t live_before = esb_mem_get_stats().live_bytes;
    conf_env env;
    conf_env_init(&env, seed);
    conf_driver_begin(&env);
    size_t late = 0;
    for (unsigned s = 0; s < steps; ++s) {
        env.step = s;
        /* components registered midway, while entities and queries exist */
        if (s >= (late + 1) * steps / (CONF_DRIVER_LATE + 2) && conf_driver_register_late(&env, late)) ++late;
        conf_driver_step(&env);
        conf_check_state(&env, s % 4 == 0);
    }
    env.step = steps;
    conf_tally("random operations checked", steps);
    cr_assert_eq(late, CONF_DRIVER_LATE, "test bug: late components not all registered");
    conf_driver_finish(&env);
    size_t live_after = esb_mem_get_stats().live_bytes;
    cr_assert_eq(live_after, live_before, "seed %llu: %zu bytes still allocated after esb_world_destroy",
                 (unsigned long long)seed, live_after - live_before);
}

Test(conf_random, seed_1) { conf_random_run(1, 4000); }
Test(conf_random, seed_2) { conf_random_run(0x9e3779b97f4a7c15ull, 4000); }
Test(conf_random, seed_3) { conf_random_run(20240611, 4000); }
Test(conf_random, seed_4) { conf_random_run(0xdeadbeefcafef00dull, 4000); }
Test(conf_random, seed_5) { conf_random_run(77, 4000); }
Test(conf_random, seed_6) { conf_random_run(0x0123456789abcdefull, 4000); }
