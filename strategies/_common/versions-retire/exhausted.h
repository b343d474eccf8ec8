/* The version set versions-retire (the test-only NAME-retire4 variants): the index whose last version dies is
 * retired for good, as in Shipyard (entity_table.h declares what a version set defines). */
#ifndef ESB_EXHAUSTED_H
#define ESB_EXHAUSTED_H

static inline bool esb_et_retires(uint32_t version) { return version == ESB_VERSION_MAX; }

#endif
