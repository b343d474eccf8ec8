/* libFuzzer target, built once per strategy variant (make fuzz): the input's bytes choose a sequence of
 * contract operations (driver.c), each run on the strategy and on the reference model and compared step by
 * step: statuses, handles, component values, query match sets, and after an injected allocation failure the
 * unchanged world. At the end the world is destroyed and every byte it allocated must have been returned.
 * A mismatch prints its context and aborts, so libFuzzer keeps the input. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"

#define FUZZ_MAX_STEPS 3000u
#define FUZZ_LATE_EVERY 48u /* steps between midway component registrations */

static uint64_t fuzz_inputs, fuzz_operations, fuzz_injected;
/* ESB_FUZZ_OPS=classic: the operations' table without the batched ones, in which the regression inputs were
 * recorded (scripts/fuzz.sh replays them so). */
static bool fuzz_classic_ops;

_Noreturn void conf_fail(const char *file, int line, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s:%d: ", file, line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

/* The tally make test folds into its summary, printed when libFuzzer exits normally. */
static void fuzz_report(void) {
    fprintf(stderr, "fuzz %s: %" PRIu64 " operations in %" PRIu64 " inputs, %" PRIu64 " allocation failures injected\n",
            esb_strategy_name(), fuzz_operations, fuzz_inputs, fuzz_injected);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    atexit(fuzz_report);
    const char *ops = getenv("ESB_FUZZ_OPS");
    fuzz_classic_ops = ops && strcmp(ops, "classic") == 0;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    size_t live_before = esb_mem_get_stats().live_bytes;
    conf_env env;
    conf_env_init(&env, size);
    conf_rng_from_bytes(&env.rng, data, size);
    env.batched_ops = !fuzz_classic_ops;
    conf_driver_begin(&env);
    size_t late = 0;
    unsigned s = 0;
    for (; s < FUZZ_MAX_STEPS && !env.rng.exhausted; ++s) {
        env.step = s;
        if (s > 0 && s % FUZZ_LATE_EVERY == 0 && conf_driver_register_late(&env, late)) ++late;
        conf_driver_step(&env);
        conf_check_state(&env, s % 4 == 0);
    }
    env.step = s;
    uint64_t injected = env.injected;
    conf_driver_finish(&env);
    size_t live_after = esb_mem_get_stats().live_bytes;
    cr_assert_eq(live_after, live_before, "%zd bytes still allocated after esb_world_destroy",
                 (ptrdiff_t)(live_after - live_before));
    ++fuzz_inputs;
    fuzz_operations += s;
    fuzz_injected += injected;
    return 0;
}
