#include "check.h"

#include <stdio.h>
#include <stdlib.h>

_Noreturn void esb_assert_fail(const char *file, int line, const char *condition, const char *what) {
    fprintf(stderr, "%s:%d: invariant broken: %s%s%s%s\n", file, line, condition, what ? " (" : "", what ? what : "",
            what ? ")" : "");
    fflush(stderr);
    abort();
}
