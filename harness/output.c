#include "output.h"

#include <string.h>

#ifndef ESB_BUILD_FLAGS
#define ESB_BUILD_FLAGS "unknown"
#endif

#if defined(__clang__)
#define COMPILER "clang " __clang_version__
#elif defined(__GNUC__)
#define COMPILER "gcc " __VERSION__
#else
#define COMPILER "unknown"
#endif

/* Hardware counts, appended after every other column (scripts index the earlier ones by position): per unit,
 * in the role order of hwcounters.h, then the events counted. */
static const char *const hw_keys[HW_ROLES] = {"instructions_per_unit", "cycles_per_unit", "l1d_misses_per_unit",
                                              "llc_misses_per_unit"};

/* Writes s as a quoted CSV field (quotes doubled) or JSON string (quotes and backslashes escaped), without
 * trailing blanks: clang's version macro ends with one, which would otherwise end every row's compiler field. */
static void quoted(FILE *f, const char *s, int json) {
    size_t len = strlen(s);
    while (len > 0 && s[len - 1] == ' ') --len;
    fputc('"', f);
    for (size_t i = 0; i < len; ++i) {
        if (s[i] == '"')
            fputs(json ? "\\\"" : "\"\"", f);
        else if (json && s[i] == '\\')
            fputs("\\\\", f);
        else
            fputc(s[i], f);
    }
    fputc('"', f);
}

void output_describe_header(FILE *f) { fputs("scenario,family,unit,strategy,sizes,fresh,description\n", f); }

void output_describe_row(FILE *f, const scenario *s, const char *strategy, const size_t *ns, size_t count) {
    fprintf(f, "%s,%s,%s,%s,\"", s->info->name, s->info->family, s->info->unit, strategy);
    for (size_t k = 0; k < count; ++k) fprintf(f, "%s%zu", k ? "," : "", ns[k]);
    fprintf(f, "\",%d,", s->info->fresh_too ? 1 : 0);
    quoted(f, s->info->description, 0);
    fputc('\n', f);
}

/* Times per unit span from microseconds (a spawn into thousands of tables) to hundred-thousandths of a
 * nanosecond (a pass matching one entity in millions, per world entity), and counts per unit from thousands of
 * instructions to a few last-level misses per thousand entities: six significant digits keep the small ones
 * from printing as zero. */
#define TIME_FORMAT "%.6g"
#define COUNT_FORMAT "%.6g"

/* A missing figure is an empty CSV field or a JSON null, never a zero: an untimed (cache-simulator) row has no
 * times, a machine without counters no counts. */
static void figure(FILE *f, int present, const char *format, double value, int json) {
    if (present)
        fprintf(f, format, value);
    else if (json)
        fputs("null", f);
}

void output_csv_header(FILE *f) {
    fputs("strategy,scenario,n,unit,query_kind,samples,inner,median_ns,min_ns,max_ns,mad_ns,"
          "bytes_per_entity,peak_bytes_per_entity,checksum,memory,layout_seed,warmup_ms,observed_ns,compiler,flags",
          f);
    for (int role = 0; role < HW_ROLES; ++role) fprintf(f, ",%s", hw_keys[role]);
    fputs(",counter_events\n", f);
}

void output_csv_row(FILE *f, const result *r) {
    fprintf(f, "%s,%s,%zu,%s,%s,%zu,%llu,", r->strategy, r->scenario, r->n, r->unit, r->query_kind ? r->query_kind : "",
            r->samples, (unsigned long long)r->inner);
    const double times[] = {r->ns_per_unit.median, r->ns_per_unit.min, r->ns_per_unit.max, r->ns_per_unit.mad};
    for (size_t i = 0; i < sizeof times / sizeof *times; ++i) {
        figure(f, r->samples > 0, TIME_FORMAT, times[i], 0);
        fputc(',', f);
    }
    fprintf(f, "%.2f,%.2f,%016llx,%s,%016llx,%.1f,", r->bytes_per_entity, r->peak_bytes_per_entity,
            (unsigned long long)r->checksum, r->memory, (unsigned long long)r->layout_seed, r->warmup_ms);
    figure(f, r->samples > 0 && r->observed_ns_per_unit >= 0, TIME_FORMAT, r->observed_ns_per_unit, 0);
    fputc(',', f);
    quoted(f, COMPILER, 0);
    fputc(',', f);
    quoted(f, ESB_BUILD_FLAGS, 0);
    for (int role = 0; role < HW_ROLES; ++role) {
        fputc(',', f);
        figure(f, r->hw.valid[role], COUNT_FORMAT, r->hw.per_unit[role], 0);
    }
    fputc(',', f);
    if (r->hw.events) quoted(f, r->hw.events, 0);
    fputc('\n', f);
}

void output_json_begin(FILE *f) { fputs("[\n", f); }

void output_json_row(FILE *f, const result *r, int first) {
    fprintf(f,
            "%s  {\"strategy\": \"%s\", \"scenario\": \"%s\", \"n\": %zu, \"unit\": \"%s\", \"query_kind\": \"%s\", "
            "\"samples\": %zu, \"inner\": %llu",
            first ? "" : ",\n", r->strategy, r->scenario, r->n, r->unit, r->query_kind ? r->query_kind : "", r->samples,
            (unsigned long long)r->inner);
    const char *const time_keys[] = {"median_ns", "min_ns", "max_ns", "mad_ns"};
    const double times[] = {r->ns_per_unit.median, r->ns_per_unit.min, r->ns_per_unit.max, r->ns_per_unit.mad};
    for (size_t i = 0; i < sizeof times / sizeof *times; ++i) {
        fprintf(f, ", \"%s\": ", time_keys[i]);
        figure(f, r->samples > 0, TIME_FORMAT, times[i], 1);
    }
    fprintf(f,
            ", \"bytes_per_entity\": %.2f, \"peak_bytes_per_entity\": %.2f, \"checksum\": \"%016llx\", "
            "\"memory\": \"%s\", \"layout_seed\": \"%016llx\", \"warmup_ms\": %.1f",
            r->bytes_per_entity, r->peak_bytes_per_entity, (unsigned long long)r->checksum, r->memory,
            (unsigned long long)r->layout_seed, r->warmup_ms);
    fputs(", \"observed_ns\": ", f);
    figure(f, r->samples > 0 && r->observed_ns_per_unit >= 0, TIME_FORMAT, r->observed_ns_per_unit, 1);
    fputs(", \"compiler\": ", f);
    quoted(f, COMPILER, 1);
    fputs(", \"flags\": ", f);
    quoted(f, ESB_BUILD_FLAGS, 1);
    for (int role = 0; role < HW_ROLES; ++role) {
        fprintf(f, ", \"%s\": ", hw_keys[role]);
        figure(f, r->hw.valid[role], COUNT_FORMAT, r->hw.per_unit[role], 1);
    }
    fputs(", \"counter_events\": ", f);
    if (r->hw.events)
        quoted(f, r->hw.events, 1);
    else
        fputs("null", f);
    fputc('}', f);
}

void output_json_end(FILE *f) { fputs("\n]\n", f); }
