/* The command-line pieces both bench programs share (harness/main.c, harness/paired.c): a usage error is one line
 * on stderr, "PROGRAM: WHAT (try --help)", and exit code 2, before anything is run. */
#ifndef HARNESS_ARGS_H
#define HARNESS_ARGS_H

#include <stdbool.h>
#include <stddef.h>

#include "heap.h"

enum { ARGS_EXIT_USAGE = 2 };

/* The name usage errors begin with ("bench", "bench-paired"); set once, before any argument is read. */
void args_set_program(const char *name);

/* Prints fmt with arg (one %s) as the usage error and exits with ARGS_EXIT_USAGE. */
_Noreturn void args_usage_error(const char *fmt, const char *arg);

/* The value of option argv[*i], advancing *i; a usage error if there is none. */
const char *args_next(int argc, char **argv, int *i);

/* A count in decimal digits only: no sign, no spaces, no empty string, no overflow; else the usage error what
 * (a format naming the text with %s). */
unsigned long long args_count(const char *text, const char *what);

/* Whether the len characters at text are a seed: 1 to 16 hexadecimal digits. */
bool args_is_seed(const char *text, size_t len);

/* --memory's value: warm or fresh; else a usage error. */
heap_mode args_memory(const char *text);

#endif
