#include "output.h"

#include <string.h>

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

void output_describe_header(FILE *f) {
    fputs("scenario,family,unit,strategy,sizes,fresh,frames,figures,headline_place,headline,frame_place,"
          "frame_answer,change_percent,tracking_reference,query_base,live_queries,description\n",
          f);
}

/* The figures flags as the words scenarios.csv gives them, space-separated (empty for none). */
static void figures_words(FILE *f, scenario_figures figures) {
    static const struct {
        scenario_figures flag;
        const char *word;
    } words[] = {{FIGURE_OPS, "ops"}, {FIGURE_MEMORY, "memory"}};
    const char *gap = "";
    for (size_t k = 0; k < sizeof words / sizeof words[0]; ++k) {
        if (!(figures & words[k].flag)) continue;
        fprintf(f, "%s%s", gap, words[k].word);
        gap = " ";
    }
}

static void answer_columns(FILE *f, scenario_answer answer) {
    fprintf(f, "%u,", answer.place);
    quoted(f, answer.label ? answer.label : "", 0);
    fputc(',', f);
}

void output_describe_row(FILE *f, const scenario *s, const char *strategy, const size_t *ns, size_t count) {
    fprintf(f, "%s,%s,%s,%s,\"", s->info->name, s->info->family, s->info->unit, strategy);
    for (size_t k = 0; k < count; ++k) fprintf(f, "%s%zu", k ? "," : "", ns[k]);
    fprintf(f, "\",%d,%u,", s->info->fresh_too ? 1 : 0, s->info->frames);
    figures_words(f, s->info->figures);
    fputc(',', f);
    answer_columns(f, s->info->headline);
    answer_columns(f, s->info->frame_answer);
    fprintf(f, "%g,%s,", s->info->change_percent, s->info->tracking_reference ? s->info->tracking_reference->name : "");
    fprintf(f, "%s,%u,", s->info->query_base ? s->info->query_base->name : "", (unsigned)s->info->live_queries);
    quoted(f, s->info->description, 0);
    fputc('\n', f);
}

/* Times per unit span from microseconds (a spawn into thousands of tables) to hundred-thousandths of a
 * nanosecond (a pass matching one entity in millions, per world entity), and counts per unit from thousands of
 * instructions to a few last-level misses per thousand entities: six significant digits keep the small ones
 * from printing as zero. */
#define TIME_FORMAT "%.6g"
#define COUNT_FORMAT "%.6g"

/* A row in one of three shapes. The columns are listed once, in write_row, for all three: the CSV header is the
 * row's column names, and a JSON object's keys are the same names. */
typedef enum row_shape { CSV_HEADER, CSV_ROW, JSON_ROW } row_shape;

typedef struct row_writer {
    FILE *f;
    row_shape shape;
    int columns; /* begun so far */
} row_writer;

/* Begins the next column: its separator and, in JSON, its key. Returns whether a value follows (in a header the
 * name is the whole column). */
static int column(row_writer *w, const char *name) {
    if (w->shape == JSON_ROW)
        fprintf(w->f, "%s\"%s\": ", w->columns ? ", " : "", name);
    else if (w->columns)
        fputc(',', w->f);
    w->columns++;
    if (w->shape != CSV_HEADER) return 1;
    fputs(name, w->f);
    return 0;
}

/* A missing value is an empty CSV field or a JSON null, never a zero: an untimed (cache-simulator) row has no
 * times, a machine without counters no counts. */
static void missing(const row_writer *w) {
    if (w->shape == JSON_ROW) fputs("null", w->f);
}

static void figure(const row_writer *w, int present, const char *format, double value) {
    if (present)
        fprintf(w->f, format, value);
    else
        missing(w);
}

/* Names and hexadecimal figures: bare in CSV (they hold no comma or quote), strings in JSON. */
static void text(const row_writer *w, const char *s) { fprintf(w->f, w->shape == JSON_ROW ? "\"%s\"" : "%s", s); }

static void hex(const row_writer *w, uint64_t v) {
    fprintf(w->f, w->shape == JSON_ROW ? "\"%016llx\"" : "%016llx", (unsigned long long)v);
}

static void write_row(row_writer *w, const result *r) {
    const int json = w->shape == JSON_ROW;
    if (column(w, "strategy")) text(w, r->strategy);
    if (column(w, "scenario")) text(w, r->scenario);
    if (column(w, "n")) fprintf(w->f, "%zu", r->n);
    if (column(w, "unit")) text(w, r->unit);
    if (column(w, "query_kind")) text(w, r->query_kind ? r->query_kind : "");
    if (column(w, "samples")) fprintf(w->f, "%zu", r->samples);
    if (column(w, "inner")) fprintf(w->f, "%llu", (unsigned long long)r->inner);
    const char *const time_keys[] = {"median_ns", "min_ns", "max_ns", "mad_ns"};
    const double times[] = {r->ns_per_unit.median, r->ns_per_unit.min, r->ns_per_unit.max, r->ns_per_unit.mad};
    for (size_t i = 0; i < sizeof times / sizeof *times; ++i)
        if (column(w, time_keys[i])) figure(w, r->samples > 0, TIME_FORMAT, times[i]);
    if (column(w, "bytes_per_entity")) fprintf(w->f, "%.2f", r->bytes_per_entity);
    if (column(w, "peak_bytes_per_entity")) fprintf(w->f, "%.2f", r->peak_bytes_per_entity);
    if (column(w, "checksum")) hex(w, r->checksum);
    if (column(w, "memory")) text(w, r->memory);
    if (column(w, "layout_seed")) hex(w, r->layout_seed);
    if (column(w, "warmup_ms")) fprintf(w->f, "%.1f", r->warmup_ms);
    if (column(w, "observed_ns"))
        figure(w, r->samples > 0 && r->observed_ns_per_unit >= 0, TIME_FORMAT, r->observed_ns_per_unit);
    if (column(w, "reported_per_change"))
        figure(w, r->samples > 0 && r->reported_per_change >= 0, COUNT_FORMAT, r->reported_per_change);
    if (column(w, "compiler")) quoted(w->f, COMPILER, json);
    if (column(w, "flags")) quoted(w->f, r->flags ? r->flags : "", json);
    for (int role = 0; role < HW_ROLES; ++role)
        if (column(w, hw_keys[role])) figure(w, r->hw.valid[role], COUNT_FORMAT, r->hw.per_unit[role]);
    if (column(w, "counter_events")) {
        if (r->hw.events)
            quoted(w->f, r->hw.events, json);
        else
            missing(w);
    }
}

void output_csv_header(FILE *f) {
    static const result no_values;
    row_writer w = {f, CSV_HEADER, 0};
    write_row(&w, &no_values);
    fputc('\n', f);
}

void output_csv_row(FILE *f, const result *r) {
    row_writer w = {f, CSV_ROW, 0};
    write_row(&w, r);
    fputc('\n', f);
}

void output_json_begin(FILE *f) { fputs("[\n", f); }

void output_json_row(FILE *f, const result *r, int first) {
    fputs(first ? "  {" : ",\n  {", f);
    row_writer w = {f, JSON_ROW, 0};
    write_row(&w, r);
    fputc('}', f);
}

void output_json_end(FILE *f) { fputs("\n]\n", f); }
