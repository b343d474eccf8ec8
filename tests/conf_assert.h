/* The assertions of the conformance helpers (support.c, check.c, driver.c): Criterion's in the test binaries;
 * in the fuzz targets (CONF_FUZZ, no Criterion) the same names print the message with its location and abort,
 * which libFuzzer reports as a crash and saves the input that caused it. Every use passes a message. */
#ifndef CONF_ASSERT_H
#define CONF_ASSERT_H

#ifdef CONF_FUZZ

#include <stdbool.h>

_Noreturn void conf_fail(const char *file, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#define cr_assert_fail(...) conf_fail(__FILE__, __LINE__, __VA_ARGS__)
#define cr_assert(cond, ...)                                     \
    do {                                                         \
        if (!(cond)) conf_fail(__FILE__, __LINE__, __VA_ARGS__); \
    } while (0)
#define cr_assert_eq(a, b, ...) cr_assert((a) == (b), __VA_ARGS__)
#define cr_assert_lt(a, b, ...) cr_assert((a) < (b), __VA_ARGS__)
#define cr_assert_gt(a, b, ...) cr_assert((a) > (b), __VA_ARGS__)
#define cr_assert_not_null(p, ...) cr_assert((p) != NULL, __VA_ARGS__)

#else
#include <criterion/criterion.h>
#endif

#endif
