#include "output.h"

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

/* Writes s as a quoted CSV field (quotes doubled) or JSON string (quotes and backslashes escaped). */
static void quoted(FILE *f, const char *s, int json) {
    fputc('"', f);
    for (; *s; ++s) {
        if (*s == '"') fputs(json ? "\\\"" : "\"\"", f);
        else if (json && *s == '\\') fputs("\\\\", f);
        else fputc(*s, f);
    }
    fputc('"', f);
}

void output_csv_header(FILE *f) {
    fputs("strategy,scenario,n,unit,query_kind,samples,inner,median_ns,min_ns,max_ns,mad_ns,"
          "bytes_per_entity,peak_bytes_per_entity,checksum,memory,compiler,flags\n",
          f);
}

void output_csv_row(FILE *f, const result *r) {
    fprintf(f, "%s,%s,%zu,%s,%s,%zu,%llu,%.4f,%.4f,%.4f,%.4f,%.2f,%.2f,%016llx,%s,", r->strategy, r->scenario, r->n,
            r->unit, r->query_kind ? r->query_kind : "", r->samples, (unsigned long long)r->inner,
            r->ns_per_unit.median, r->ns_per_unit.min, r->ns_per_unit.max, r->ns_per_unit.mad, r->bytes_per_entity,
            r->peak_bytes_per_entity, (unsigned long long)r->checksum, r->memory);
    quoted(f, COMPILER, 0);
    fputc(',', f);
    quoted(f, ESB_BUILD_FLAGS, 0);
    fputc('\n', f);
}

void output_json_begin(FILE *f) { fputs("[\n", f); }

void output_json_row(FILE *f, const result *r, int first) {
    fprintf(f,
            "%s  {\"strategy\": \"%s\", \"scenario\": \"%s\", \"n\": %zu, \"unit\": \"%s\", \"query_kind\": \"%s\", "
            "\"samples\": %zu, \"inner\": %llu, \"median_ns\": %.4f, \"min_ns\": %.4f, \"max_ns\": %.4f, "
            "\"mad_ns\": %.4f, \"bytes_per_entity\": %.2f, \"peak_bytes_per_entity\": %.2f, "
            "\"checksum\": \"%016llx\", \"memory\": \"%s\", \"compiler\": ",
            first ? "" : ",\n", r->strategy, r->scenario, r->n, r->unit, r->query_kind ? r->query_kind : "",
            r->samples, (unsigned long long)r->inner, r->ns_per_unit.median, r->ns_per_unit.min, r->ns_per_unit.max,
            r->ns_per_unit.mad, r->bytes_per_entity, r->peak_bytes_per_entity, (unsigned long long)r->checksum,
            r->memory);
    quoted(f, COMPILER, 1);
    fputs(", \"flags\": ", f);
    quoted(f, ESB_BUILD_FLAGS, 1);
    fputc('}', f);
}

void output_json_end(FILE *f) { fputs("\n]\n", f); }
