/* Internal invariant checks.
 *
 * Every shared structure and every design writes its invariants twice: once as a comment beside the struct,
 * once as code in a *_check_invariants() function (esb_world_check, contract.h, runs them all for a world).
 * A broken invariant is a bug in the strategy, never a caller's mistake: arguments keep being answered with
 * status codes, and nothing here ever looks at them.
 *
 * The checks exist only in checked builds (ESB_CHECKED: the test, sanitizer and fuzz builds). Elsewhere (the
 * bench and cache-simulation builds) ESB_ASSERT does not evaluate its condition, ESB_IF_CHECKED drops its
 * statement, and the check functions are not compiled at all, so the measured code is the code without them.
 */
#ifndef ESB_CHECK_H
#define ESB_CHECK_H

/* Prints "file:line: invariant broken: condition (what)" to stderr and aborts. */
_Noreturn void esb_assert_fail(const char *file, int line, const char *condition, const char *what);

#ifdef ESB_CHECKED
#define ESB_ASSERT_MSG(cond, what) ((cond) ? (void)0 : esb_assert_fail(__FILE__, __LINE__, #cond, (what)))
#define ESB_IF_CHECKED(statement) \
    do {                          \
        statement;                \
    } while (0)
#else
#define ESB_ASSERT_MSG(cond, what) ((void)0)
#define ESB_IF_CHECKED(statement) ((void)0)
#endif

#define ESB_ASSERT(cond) ESB_ASSERT_MSG(cond, NULL)

#endif
