/* Whether a build's entity index space (ESB_INDEX_LIMIT, which every compile defines: strategies/contract.h) holds
 * a world of n entities. A build narrower than the contract's (sparse-compact's 20 bits) runs only the sizes whose
 * worlds fit, counting twice n: the most any scenario keeps alive at once (entity_cycle's n entities and the n it
 * spawns beside them). */
#ifndef HARNESS_INDEX_SPACE_H
#define HARNESS_INDEX_SPACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

static inline bool index_space_holds(size_t n) { return 2 * (uint64_t)n <= ESB_INDEX_LIMIT; }

#endif
