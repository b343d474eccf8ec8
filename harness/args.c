#include "args.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *program = "bench";

void args_set_program(const char *name) { program = name; }

_Noreturn void args_usage_error(const char *fmt, const char *arg) {
    fprintf(stderr, "%s: ", program);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, " (try --help)\n");
    exit(ARGS_EXIT_USAGE);
}

const char *args_next(int argc, char **argv, int *i) {
    if (*i + 1 >= argc) args_usage_error("%s needs a value", argv[*i]);
    return argv[++*i];
}

unsigned long long args_count(const char *text, const char *what) {
    if (!text || !*text) args_usage_error(what, text ? text : "");
    for (const char *c = text; *c; ++c)
        if (*c < '0' || *c > '9') args_usage_error(what, text);
    errno = 0;
    unsigned long long v = strtoull(text, NULL, 10);
    if (errno) args_usage_error(what, text);
    return v;
}

bool args_is_seed(const char *text, size_t len) {
    return len > 0 && len <= 16 && strspn(text, "0123456789abcdefABCDEF") >= len;
}

heap_mode args_memory(const char *text) {
    if (!strcmp(text, "warm")) return HEAP_WARM;
    if (!strcmp(text, "fresh")) return HEAP_FRESH;
    args_usage_error("--memory is warm or fresh, not '%s'", text);
}
