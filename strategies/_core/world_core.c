#include "world_core.h"

#ifdef ESB_CHECKED
void esb_core_check_invariants(const esb_world_core *core) {
    esb_et_check_invariants(&core->entities);
    esb_qr_check_invariants(&core->queries);
    ESB_ASSERT(core->component_count <= ESB_MAX_COMPONENTS);
}
#else
/* ISO C wants a translation unit to declare something. */
typedef int esb_world_core_unchecked;
#endif
