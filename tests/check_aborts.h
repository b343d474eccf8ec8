/* What the tests of the invariant checks share (tests/common/invariants.c, strategies/NAME/tests/invariants.c): a
 * structure is built healthy, one of its invariants is broken by hand, and its check must abort. The structures
 * live in static storage, so that what they hold is still reachable when the process stops (not a leak to
 * memcheck). */
#ifndef CONF_CHECK_ABORTS_H
#define CONF_CHECK_ABORTS_H

#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <signal.h>

/* The attributes of a test whose check must abort: it passes when its process (each test runs in one of its own)
 * ends on SIGABRT, and the check's message is kept off the test log. */
#define CONF_CHECK_ABORTS .signal = SIGABRT, .init = cr_redirect_stderr

#endif
