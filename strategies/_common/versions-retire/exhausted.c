#include "entity_table.h"

#ifdef ESB_CHECKED
void esb_et_check_retired(const esb_entity_table *ei) {
    uint32_t retired_shape = 0; /* a free list's last slot may have this shape too */
    for (uint32_t i = 0; i < ei->issued; ++i)
        retired_shape += esb_entity_of(*esb_et_slot(ei, i)) == esb_entity_make(ESB_ET_NO_FREE, ESB_VERSION_MAX);
    ESB_ASSERT_MSG(ei->retired <= retired_shape, "a retired index whose slot does not say so");
}
#endif
