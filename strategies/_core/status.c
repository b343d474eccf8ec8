/* Names of the contract's status codes, shared by every strategy build. */
#include "contract.h"

const char *esb_status_name(int status) {
    switch (status) {
    case ESB_OK: return "ok";
    case ESB_ERR_INVALID: return "invalid";
    case ESB_ERR_LOCKED: return "locked";
    case ESB_ERR_STALE: return "stale";
    case ESB_ERR_UNKNOWN_COMPONENT: return "unknown-component";
    case ESB_ERR_PRESENT: return "present";
    case ESB_ERR_ABSENT: return "absent";
    case ESB_ERR_FULL: return "full";
    case ESB_ERR_NOMEM: return "out of memory";
    default: return "?";
    }
}

/* The build names every variant (the Makefile's ESB_STRATEGY_NAME, this file being one it compiles per variant). */
const char *esb_strategy_name(void) { return ESB_STRATEGY_NAME; }
