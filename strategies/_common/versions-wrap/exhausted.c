#include "entity_table.h"

#ifdef ESB_CHECKED
void esb_et_check_retired(const esb_entity_table *ei) {
    ESB_ASSERT_MSG(ei->retired == 0, "an index retired by a build that wraps versions");
}
#endif
