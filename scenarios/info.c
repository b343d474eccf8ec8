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
/* The `shown` of a catalogue line: where the report shows the scenario beyond its family's figure. */
#define NOT_SHOWN .figures = FIGURES_NONE
#define SHOWN(...) __VA_ARGS__
#define HEADLINE(place_, label_) .headline = {.place = place_, .label = label_}
#define FRAME_ANSWER(place_, label_) .frame_answer = {.place = place_, .label = label_}
#define FIGURES(flags) .figures = (flags)
#define CHANGE_RATE(percent) .change_percent = percent
#define TRACKING(reference) .tracking_reference = &scenario_info_##reference
#define QUERIES(base, count) .query_base = &scenario_info_##base, .live_queries = count

#define SCENARIO(id, family_, unit_, sizes, memory, shown, description_) \
    const scenario_info scenario_info_##id = {                           \
        .name = #id,                                                     \
        .family = family_,                                               \
        .unit = unit_,                                                   \
        .description = description_,                                     \
        memory,                                                          \
        sizes,                                                           \
        shown,                                                           \
    };
#include "catalogue.h"
