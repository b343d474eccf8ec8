/* The version set versions-wrap (every variant but the test-only NAME-retire4): an exhausted index wraps, its next
 * entity has version 0 again, as in EnTT; no index is ever retired (entity_table.h declares what a version set
 * defines). */
#ifndef ESB_EXHAUSTED_H
#define ESB_EXHAUSTED_H

static inline bool esb_et_retires(uint32_t version) {
    (void)version;
    return false;
}

#endif
