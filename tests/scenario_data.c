/* What the scenarios' checks rest on (scenarios/data.h): the closed forms that predict the state after many runs
 * give, bit for bit, what the runs compute pass by pass, and a spot sample reaches the entities a fixed stride
 * never would. Not a conformance test of the strategy: the checks every strategy and baseline is held to. */
#include <criterion/criterion.h>
#include <stdbool.h>

#include "data.h"

/* The runs as they compute, one pass at a time. */
static vec3 replayed_position(uint64_t i, uint64_t runs) {
    vec3 p = data_position(i), v = data_velocity(i);
    for (uint64_t r = 0; r < runs; ++r) {
        p.x += v.x;
        p.y += v.y;
        p.z += v.z;
    }
    return p;
}

static float replayed_doubling(float v, uint64_t runs) {
    for (uint64_t r = 0; r < runs; ++r) v *= 2.0f;
    return v;
}

Test(scenario_data, the_position_after_many_runs_is_what_the_runs_compute) {
    /* ordinals at the largest starting values (x, y and z each peak at a different modulus) and beyond */
    static const uint64_t ordinals[] = {0, 1, 12, 4098, 65536, 999999, 1000002, 4099u * 13u * 7u - 1, 123456789};
    static const uint64_t runs[] = {
        0, 1, 2, 3, 1000, 65537, DATA_EXACT_PASSES - 1, DATA_EXACT_PASSES, DATA_EXACT_PASSES + 3};
    for (size_t a = 0; a < sizeof ordinals / sizeof *ordinals; ++a)
        for (size_t b = 0; b < sizeof runs / sizeof *runs; ++b)
            cr_assert(
                data_vec3_same_bits(data_position_after(ordinals[a], runs[b]), replayed_position(ordinals[a], runs[b])),
                "ordinal %llu after %llu runs", (unsigned long long)ordinals[a], (unsigned long long)runs[b]);
    for (uint64_t i = 0; i < 1000; ++i)
        for (uint64_t r = 0; r < 400; r += 7)
            cr_assert(data_vec3_same_bits(data_position_after(i * 7919, r), replayed_position(i * 7919, r)));
}

Test(scenario_data, a_value_doubled_many_times_is_what_the_runs_compute) {
    static const float starts[] = {0.0f, -0.0f, 1.0f, -3.5f, 1e-40f /* subnormal */, 3e38f, 127.625f};
    for (size_t a = 0; a < sizeof starts / sizeof *starts; ++a)
        for (uint64_t r = 0; r < 700; ++r)
            cr_assert_eq(data_float_bits(data_doubled(starts[a], r)), data_float_bits(replayed_doubling(starts[a], r)),
                         "%g doubled %llu times", (double)starts[a], (unsigned long long)r);
}

Test(scenario_data, one_spot_sample_reaches_every_lane_and_samples_move_with_their_seed) {
    for (uint64_t n = 1u << 14; n <= 1u << 22; n <<= 2) {
        cr_assert_eq(data_spot_count(n, SPOT_EVERY_ENTITY), n);
        cr_assert_eq(data_spot_count(n, 7), SPOT_CHECKS);
        bool lane[64] = {false}, block[4096] = {false};
        size_t blocks = 0;
        for (uint64_t seed = 1; seed <= 64; ++seed) {
            uint64_t previous = 0;
            for (uint64_t k = 0; k < SPOT_CHECKS; ++k) {
                uint64_t i = data_spot_ordinal(n, seed, k);
                cr_assert(i < n && (k == 0 || i > previous), "n %llu: ordinals in range and increasing",
                          (unsigned long long)n);
                previous = i;
                if (seed == 1) lane[i % 64] = true;
                blocks += !block[i % 4096];
                block[i % 4096] = true;
            }
            if (seed == 1)
                for (unsigned l = 0; l < 64; ++l)
                    cr_assert(lane[l], "n %llu: lane %u never sampled", (unsigned long long)n, l);
        }
        /* 64 checks of 256 ordinals: most of the 4096 positions in a block (at n = 2^14, where the strata are 64
         * wide, about 1 - 1/e of them), where a stride of n/256 sees one */
        cr_assert_gt(blocks, 2400, "n %llu: %zu of 4096 block positions sampled", (unsigned long long)n, blocks);
    }
    for (uint64_t k = 0; k < 100; ++k) cr_assert_eq(data_spot_ordinal(100, 9, k), k, "a small world is checked whole");
}
