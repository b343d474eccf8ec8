#include "hwcounters.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#ifdef ESB_HAVE_PAPI
#include <papi.h>
#endif

static struct {
    bool set_up, ready;
    char reason[512];
    char events[256];
    int slot[HW_ROLES]; /* the role's position in the event set, -1 if it has no event */
    int event_set;
} hw;

static void off_because(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(hw.reason, sizeof hw.reason, fmt, ap);
    va_end(ap);
    hw.ready = false;
}

#ifdef ESB_HAVE_PAPI
/* Per role, the events to try in order: the PAPI preset, which PAPI maps to the right native event for this CPU,
 * then the kernel's generic perf_event names, which work where PAPI has no mapping for the model. */
static const char *const candidates[HW_ROLES][6] = {
    [HW_INSTRUCTIONS] = {"PAPI_TOT_INS", "perf::INSTRUCTIONS", NULL},
    [HW_CYCLES] = {"PAPI_TOT_CYC", "perf::CYCLES", "perf::CPU-CYCLES", NULL},
    [HW_L1D_MISSES] = {"PAPI_L1_DCM", "perf::L1-DCACHE-LOAD-MISSES", NULL},
    /* Where the core's PMU cannot see the third level (AMD Zen counts its L3 in a separate, system-wide PMU),
     * both the L3 presets and the generic LLC event are refused, and the second level's misses, the last level
     * this core can count, stand in: counter_events says which one a row used. */
    [HW_LLC_MISSES] = {"PAPI_L3_TCM", "PAPI_L3_DCM", "perf::LLC-LOAD-MISSES", "PAPI_L2_TCM", "PAPI_L2_DCM", NULL},
};

static const char *const empty_note = "; counter columns are empty";

static void set_up_papi(void) {
    int version = PAPI_library_init(PAPI_VER_CURRENT);
    if (version != PAPI_VER_CURRENT) {
        off_because("PAPI failed to initialise (%s)%s",
                    version < 0 ? PAPI_strerror(version) : "the library's version differs from papi.h's", empty_note);
        return;
    }
    /* Component 0 is the CPU's (perf_event on Linux): its presets and the perf:: names all live there. */
    const PAPI_component_info_t *c = PAPI_get_component_info(0);
    const char *component = c ? c->name : "CPU component";
    const char *why = c && c->disabled_reason[0] ? c->disabled_reason : "no reason given";
    if (PAPI_num_cmp_hwctrs(0) <= 0) {
        const PAPI_hw_info_t *hw_info = PAPI_get_hardware_info();
        if (hw_info && hw_info->virtualized)
            off_because("PAPI finds 0 hardware counters on this machine (%s: %s): a virtual machine (%s) "
                        "without a virtual PMU%s",
                        component, why, hw_info->virtual_vendor_string, empty_note);
        else
            off_because("PAPI finds 0 hardware counters on this machine (%s: %s)%s", component, why, empty_note);
        return;
    }
    if (c && c->disabled) {
        off_because("PAPI's %s component is disabled (%s)%s", component, why, empty_note);
        return;
    }
    hw.event_set = PAPI_NULL;
    int rc = PAPI_create_eventset(&hw.event_set);
    if (rc != PAPI_OK) {
        off_because("PAPI cannot create an event set (%s)%s", PAPI_strerror(rc), empty_note);
        return;
    }
    /* Added one at a time, each kept only if accepted: a CPU with too few counters for all four, or without
     * one of the events, still gets the others. */
    int added = 0;
    size_t used = 0;
    for (int role = 0; role < HW_ROLES; ++role) {
        for (const char *const *name = candidates[role]; *name; ++name) {
            int code;
            if (PAPI_event_name_to_code(*name, &code) != PAPI_OK || PAPI_add_event(hw.event_set, code) != PAPI_OK)
                continue;
            hw.slot[role] = added++;
            int len = snprintf(hw.events + used, sizeof hw.events - used, "%s%s", used ? ";" : "", *name);
            if (len > 0 && (size_t)len < sizeof hw.events - used) used += (size_t)len;
            break;
        }
    }
    if (added == 0) {
        off_because("PAPI accepts none of the instruction, cycle or cache-miss events on this machine%s", empty_note);
        return;
    }
    /* Adding an event does not prove it can run: the kernel may still refuse to start it (perf_event_paranoid,
     * a counter taken by another user). */
    long long values[HW_ROLES];
    rc = PAPI_start(hw.event_set);
    if (rc == PAPI_OK) rc = PAPI_stop(hw.event_set, values);
    if (rc != PAPI_OK) {
        off_because("PAPI cannot start the counters (%s; see /proc/sys/kernel/perf_event_paranoid)%s",
                    PAPI_strerror(rc), empty_note);
        return;
    }
    hw.ready = true;
}
#endif

bool hw_counters_ready(void) {
    if (hw.set_up) return hw.ready;
    hw.set_up = true;
    for (int role = 0; role < HW_ROLES; ++role) hw.slot[role] = -1;
#ifdef ESB_HAVE_PAPI
    set_up_papi();
#else
    off_because("this binary was built without PAPI (papi.h not found; install libpapi-dev and rebuild); "
                "counter columns are empty");
#endif
    return hw.ready;
}

const char *hw_counters_reason(void) { return hw_counters_ready() ? NULL : hw.reason; }

hw_tally hw_tally_begin(bool wanted) {
    hw_tally t = {.active = wanted && hw_counters_ready()};
    return t;
}

void hw_counters_start(hw_tally *t) {
    if (!t || !t->active || t->failed) return;
#ifdef ESB_HAVE_PAPI
    if (PAPI_start(hw.event_set) != PAPI_OK) t->failed = true;
#endif
}

void hw_counters_stop(hw_tally *t, uint64_t units) {
    if (!t || !t->active || t->failed) return;
#ifdef ESB_HAVE_PAPI
    long long values[HW_ROLES] = {0};
    if (PAPI_stop(hw.event_set, values) != PAPI_OK) {
        t->failed = true;
        return;
    }
    for (int role = 0; role < HW_ROLES; ++role)
        if (hw.slot[role] >= 0) t->count[role] += values[hw.slot[role]];
#endif
    t->units += units;
}

hw_figures hw_tally_figures(const hw_tally *t) {
    hw_figures f = {.events = NULL};
    if (!t->active || t->failed || t->units == 0) return f;
    f.events = hw.events;
    for (int role = 0; role < HW_ROLES; ++role) {
        if (hw.slot[role] < 0) continue;
        f.valid[role] = true;
        f.per_unit[role] = (double)t->count[role] / (double)t->units;
    }
    return f;
}
