/* The descriptors of catalogue.h, linked into every bench binary (the raw baselines' too, which point at them). */
#include "info.h"

/* The `sizes` of a catalogue line: designated initialisers of scenario_info's sweep and own sizes. */
#define SIZES_DEFAULT .sweep_from = 0
#define SIZES_STRUCTURAL .sweep_to = STRUCTURAL_SWEEP_TO
#define WITH_OWN(sizes, n) sizes, .own_ns = {n}
#define SIZES_AT(log2_n) .sweep_from = log2_n, .sweep_to = log2_n
#define FRAMED(sizes, count) sizes, .frames = count
/* The `memory` of a catalogue line. */
#define WARM .fresh_too = false
#define WARM_AND_FRESH .fresh_too = true

#define SCENARIO(id, family_, unit_, sizes, memory, description_) \
    const scenario_info scenario_info_##id = {                    \
        .name = #id,                                              \
        .family = family_,                                        \
        .unit = unit_,                                            \
        .description = description_,                              \
        memory,                                                   \
        sizes,                                                    \
    };
#include "catalogue.h"
