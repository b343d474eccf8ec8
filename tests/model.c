/* The reference model (model.h): the immediate operations; model_batched.c defines the batched ones by them. */
#include "model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *conf_xalloc(size_t n) {
    void *p = calloc(1, n ? n : 1);
    if (!p) {
        fprintf(stderr, "conformance model: out of memory\n");
        abort();
    }
    return p;
}

void conf_model_init(conf_model *m) {
    memset(m, 0, sizeof *m);
    m->changes_exact = esb_change_exact();
}

void conf_model_free(conf_model *m) {
    for (size_t i = 0; i < m->nissued; ++i) {
        conf_ment *s = m->ents[i];
        if (!s) continue;
        for (uint32_t c = 0; c < ESB_MAX_COMPONENTS; ++c) free(s->data[c]);
        free(s);
    }
    free(m->handles);
    free(m->ents);
    free(m->hkeys);
    free(m->hvals);
    for (int s = 0; s < CONF_MODEL_QUERIES; ++s) free(m->q[s].marks);
    memset(m, 0, sizeof *m);
}

/* ---- change terms ---- */

static unsigned char conf_marks_of(const conf_mquery *q, size_t idx) { return idx < q->nmarks ? q->marks[idx] : 0; }

static void conf_mark(conf_mquery *q, size_t idx, unsigned char bits) {
    if (idx >= q->nmarks) {
        size_t n = (idx + 1) * 2;
        unsigned char *marks = conf_xalloc(n);
        if (q->nmarks) memcpy(marks, q->marks, q->nmarks);
        free(q->marks);
        q->marks = marks;
        q->nmarks = n;
    }
    q->marks[idx] |= bits;
}

/* Entity idx's component c changed (an addition too when `addition`): due to every query whose change term is on
 * c and counts it, late to those being iterated. */
static void conf_changed(conf_model *m, size_t idx, esb_component c, bool addition) {
    for (int s = 0; s < CONF_MODEL_QUERIES; ++s) {
        conf_mquery *q = &m->q[s];
        if (!q->live || q->change == ESB_CHANGE_NONE || q->change_comp != c) continue;
        if (q->change == ESB_CHANGE_ADDED && !addition) continue;
        conf_mark(q, idx, q->iterating ? CONF_LATE : CONF_DUE);
    }
}

/* Entity idx lost c (or everything, c == ESB_MAX_COMPONENTS): nothing it did before is reported. */
static void conf_forget(conf_model *m, size_t idx, esb_component c) {
    for (int s = 0; s < CONF_MODEL_QUERIES; ++s) {
        conf_mquery *q = &m->q[s];
        if (q->live && idx < q->nmarks && (c == ESB_MAX_COMPONENTS || q->change_comp == c)) q->marks[idx] = 0;
    }
}

/* ---- handle lookup: a plain open-addressing table, never shrinks (handles are never forgotten) ---- */

static size_t conf_hash(uint64_t k, size_t cap) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    return (size_t)k & (cap - 1);
}

static void conf_hash_put(conf_model *m, uint64_t key, size_t idx) {
    size_t h = conf_hash(key, m->hcap);
    while (m->hvals[h]) h = (h + 1) & (m->hcap - 1);
    m->hkeys[h] = key;
    m->hvals[h] = idx + 1;
}

static void conf_hash_grow(conf_model *m) {
    size_t cap = m->hcap ? m->hcap * 2 : 64;
    free(m->hkeys);
    free(m->hvals);
    m->hkeys = conf_xalloc(cap * sizeof *m->hkeys);
    m->hvals = conf_xalloc(cap * sizeof *m->hvals);
    m->hcap = cap;
    for (size_t i = 0; i < m->nissued; ++i) conf_hash_put(m, m->handles[i], i);
}

size_t conf_model_find(const conf_model *m, esb_entity e) {
    if (!m->hcap) return CONF_NO_ENTITY;
    size_t h = conf_hash(e, m->hcap);
    while (m->hvals[h]) {
        if (m->hkeys[h] == e) return m->hvals[h] - 1;
        h = (h + 1) & (m->hcap - 1);
    }
    return CONF_NO_ENTITY;
}

static conf_ment *conf_state(const conf_model *m, esb_entity e) {
    size_t i = conf_model_find(m, e);
    return i == CONF_NO_ENTITY ? NULL : m->ents[i];
}

bool conf_model_locked(const conf_model *m) { return m->live_iters > 0; }

bool conf_model_comp_known(const conf_model *m, esb_component c) { return c < m->ncomps; }

size_t conf_model_comp_size(const conf_model *m, esb_component c) {
    return conf_model_comp_known(m, c) ? m->comps[c].size : 0;
}

/* ---- components ---- */

esb_status conf_model_register_status(const conf_model *m, const void *world, const esb_component_desc *desc,
                                      const void *out) {
    if (!world || !desc || !out || !desc->name) return ESB_ERR_INVALID;
    size_t a = desc->align;
    if (a == 0 || (a & (a - 1)) != 0 || a > ESB_MAX_ALIGN) return ESB_ERR_INVALID;
    if (desc->size % a != 0 || desc->size > ESB_MAX_COMPONENT_SIZE) return ESB_ERR_INVALID;
    if (desc->hint != ESB_STORAGE_DENSE && desc->hint != ESB_STORAGE_SPARSE) return ESB_ERR_INVALID;
    if (conf_model_locked(m)) return ESB_ERR_LOCKED;
    if (m->ncomps >= ESB_MAX_COMPONENTS) return ESB_ERR_FULL;
    return ESB_OK;
}

esb_component conf_model_register_apply(conf_model *m, const esb_component_desc *desc) {
    esb_component id = m->ncomps++;
    m->comps[id].size = desc->size;
    m->comps[id].align = desc->align;
    m->comps[id].tag = desc->size == 0;
    return id;
}

/* ---- entities ---- */

esb_status conf_model_create_status(const conf_model *m, const void *world, const void *out) {
    if (!world || !out) return ESB_ERR_INVALID;
    if (conf_model_locked(m)) return ESB_ERR_LOCKED;
    return ESB_OK;
}

bool conf_model_issue(conf_model *m, esb_entity e) {
    if (e == ESB_ENTITY_NULL || esb_entity_index(e) == 0xFFFFFFFFu) return false;
    size_t known = conf_model_find(m, e);
    if (known != CONF_NO_ENTITY) {
        if (!CONF_HANDLES_MAY_ALIAS || m->ents[known]) return false;
        m->ents[known] = conf_xalloc(sizeof(conf_ment)); /* a wrapped version: the old handle is alive again */
        m->nalive++;
        return true;
    }
    if (m->nissued == m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 64;
        esb_entity *h = conf_xalloc(cap * sizeof *h);
        conf_ment **s = conf_xalloc(cap * sizeof *s);
        if (m->nissued) {
            memcpy(h, m->handles, m->nissued * sizeof *h);
            memcpy(s, m->ents, m->nissued * sizeof *s);
        }
        free(m->handles);
        free(m->ents);
        m->handles = h;
        m->ents = s;
        m->cap = cap;
    }
    if ((m->nissued + 1) * 2 > m->hcap) conf_hash_grow(m);
    m->handles[m->nissued] = e;
    m->ents[m->nissued] = conf_xalloc(sizeof(conf_ment));
    conf_hash_put(m, e, m->nissued);
    m->nissued++;
    m->nalive++;
    return true;
}

esb_status conf_model_bulk_status(const conf_model *m, const void *world, size_t n, const esb_component *ids,
                                  uint32_t count) {
    (void)n;
    if (!world) return ESB_ERR_INVALID;
    if (count > 0 && !ids) return ESB_ERR_INVALID;
    for (uint32_t i = 0; i < count; ++i)
        for (uint32_t j = i + 1; j < count; ++j)
            if (ids[i] == ids[j]) return ESB_ERR_INVALID;
    if (conf_model_locked(m)) return ESB_ERR_LOCKED;
    for (uint32_t i = 0; i < count; ++i)
        if (!conf_model_comp_known(m, ids[i])) return ESB_ERR_UNKNOWN_COMPONENT;
    return ESB_OK;
}

bool conf_model_bulk_apply(conf_model *m, const esb_entity *handles, size_t n, const esb_component *ids, uint32_t count,
                           const void *const *values) {
    for (size_t i = 0; i < n; ++i) {
        if (!conf_model_issue(m, handles[i])) return false;
        for (uint32_t j = 0; j < count; ++j) {
            const unsigned char *v = NULL;
            size_t size = m->comps[ids[j]].size;
            if (values && values[j]) v = (const unsigned char *)values[j] + i * size;
            conf_model_add_apply(m, handles[i], ids[j], v);
        }
    }
    return true;
}

esb_status conf_model_destroy_status(const conf_model *m, const void *world, esb_entity e) {
    if (!world) return ESB_ERR_INVALID;
    if (conf_model_locked(m)) return ESB_ERR_LOCKED;
    if (!conf_state(m, e)) return ESB_ERR_STALE;
    return ESB_OK;
}

void conf_model_destroy_apply(conf_model *m, esb_entity e) {
    size_t i = conf_model_find(m, e);
    conf_forget(m, i, ESB_MAX_COMPONENTS);
    conf_ment *s = m->ents[i];
    for (uint32_t c = 0; c < ESB_MAX_COMPONENTS; ++c) free(s->data[c]);
    free(s);
    m->ents[i] = NULL;
    m->nalive--;
}

/* What every call on one component of one entity checks first, in the contract's order: INVALID (no world), LOCKED
 * (a structural call while an iterator is live), STALE, UNKNOWN_COMPONENT. On ESB_OK, *state is the entity's. */
static esb_status conf_component_call_status(const conf_model *m, const void *world, bool structural, esb_entity e,
                                             esb_component c, const conf_ment **state) {
    if (!world) return ESB_ERR_INVALID;
    if (structural && conf_model_locked(m)) return ESB_ERR_LOCKED;
    *state = conf_state(m, e);
    if (!*state) return ESB_ERR_STALE;
    if (!conf_model_comp_known(m, c)) return ESB_ERR_UNKNOWN_COMPONENT;
    return ESB_OK;
}

esb_status conf_model_add_status(const conf_model *m, const void *world, esb_entity e, esb_component c) {
    const conf_ment *s;
    esb_status st = conf_component_call_status(m, world, true, e, c, &s);
    if (st != ESB_OK) return st;
    return s->has[c] ? ESB_ERR_PRESENT : ESB_OK;
}

void conf_model_add_apply(conf_model *m, esb_entity e, esb_component c, const void *value) {
    conf_ment *s = conf_state(m, e);
    s->has[c] = true;
    conf_changed(m, conf_model_find(m, e), c, true);
    size_t size = m->comps[c].size;
    if (size == 0) return;
    s->data[c] = conf_xalloc(size);
    if (value) memcpy(s->data[c], value, size);
}

esb_status conf_model_remove_status(const conf_model *m, const void *world, esb_entity e, esb_component c) {
    const conf_ment *s;
    esb_status st = conf_component_call_status(m, world, true, e, c, &s);
    if (st != ESB_OK) return st;
    return s->has[c] ? ESB_OK : ESB_ERR_ABSENT;
}

void conf_model_remove_apply(conf_model *m, esb_entity e, esb_component c) {
    conf_ment *s = conf_state(m, e);
    conf_forget(m, conf_model_find(m, e), c);
    s->has[c] = false;
    free(s->data[c]);
    s->data[c] = NULL;
}

/* ---- reads ---- */

esb_status conf_model_get(const conf_model *m, const void *world, esb_entity e, esb_component c, const void *out,
                          const unsigned char **bytes) {
    *bytes = NULL;
    if (!out) return ESB_ERR_INVALID;
    const conf_ment *s;
    esb_status st = conf_component_call_status(m, world, false, e, c, &s);
    if (st != ESB_OK) return st;
    if (!s->has[c]) return ESB_ERR_ABSENT;
    *bytes = s->data[c];
    return ESB_OK;
}

int conf_model_has(const conf_model *m, const void *world, esb_entity e, esb_component c) {
    const conf_ment *s;
    esb_status st = conf_component_call_status(m, world, false, e, c, &s);
    if (st != ESB_OK) return st;
    return s->has[c] ? 1 : 0;
}

bool conf_model_alive(const conf_model *m, const void *world, esb_entity e) {
    return world && conf_state(m, e) != NULL;
}

void conf_model_write(conf_model *m, esb_entity e, esb_component c, const void *bytes) {
    conf_ment *s = conf_state(m, e);
    memcpy(s->data[c], bytes, m->comps[c].size);
}

esb_status conf_model_set_status(const conf_model *m, const void *world, esb_entity e, esb_component c) {
    const conf_ment *s;
    esb_status st = conf_component_call_status(m, world, false, e, c, &s);
    if (st != ESB_OK) return st;
    return s->has[c] ? ESB_OK : ESB_ERR_ABSENT;
}

void conf_model_set_apply(conf_model *m, esb_entity e, esb_component c, const void *value) {
    conf_ment *s = conf_state(m, e);
    size_t size = m->comps[c].size;
    if (size) {
        if (value)
            memcpy(s->data[c], value, size);
        else
            memset(s->data[c], 0, size);
    }
    conf_changed(m, conf_model_find(m, e), c, false);
}

void conf_model_batch_handed(conf_model *m, int slot, esb_entity e) {
    const conf_mquery *q = &m->q[slot];
    size_t idx = conf_model_find(m, e);
    for (uint32_t k = 0; k < q->nf; ++k)
        if (q->acc[k] == ESB_WRITE) conf_changed(m, idx, q->f[k], false);
}

/* ---- queries ---- */

static bool conf_dup(const esb_component *a, uint32_t na, const esb_component *b, uint32_t nb) {
    /* any value occurring twice in the concatenation a ++ b */
    for (uint32_t i = 0; i < na + nb; ++i) {
        esb_component x = i < na ? a[i] : b[i - na];
        for (uint32_t j = i + 1; j < na + nb; ++j) {
            esb_component y = j < na ? a[j] : b[j - na];
            if (x == y) return true;
        }
    }
    return false;
}

esb_status conf_model_query_status(const conf_model *m, const void *world, const esb_query_desc *d, const void *out) {
    if (!world || !d || !out) return ESB_ERR_INVALID;
    if (d->field_count > ESB_MAX_FIELDS || d->with_count > ESB_MAX_TERMS || d->without_count > ESB_MAX_TERMS)
        return ESB_ERR_INVALID;
    if ((d->field_count && !d->fields) || (d->with_count && !d->with) || (d->without_count && !d->without))
        return ESB_ERR_INVALID;
    if (d->field_count == 0 && d->with_count == 0) return ESB_ERR_INVALID;
    if (conf_dup(d->fields, d->field_count, d->with, d->with_count)) return ESB_ERR_INVALID;
    if (conf_dup(d->without, d->without_count, NULL, 0)) return ESB_ERR_INVALID;
    if (d->change != ESB_CHANGE_NONE) {
        if (d->change != ESB_CHANGE_CHANGED && d->change != ESB_CHANGE_ADDED) return ESB_ERR_INVALID;
        bool included = false;
        for (uint32_t i = 0; i < d->field_count; ++i) included |= d->fields[i] == d->change_component;
        for (uint32_t i = 0; i < d->with_count; ++i) included |= d->with[i] == d->change_component;
        if (!included) return ESB_ERR_INVALID;
    }
    for (uint32_t i = 0; i < d->field_count; ++i)
        if (conf_model_comp_known(m, d->fields[i]) && m->comps[d->fields[i]].tag) return ESB_ERR_INVALID;
    if (conf_model_locked(m)) return ESB_ERR_LOCKED;
    for (uint32_t i = 0; i < d->field_count; ++i)
        if (!conf_model_comp_known(m, d->fields[i])) return ESB_ERR_UNKNOWN_COMPONENT;
    for (uint32_t i = 0; i < d->with_count; ++i)
        if (!conf_model_comp_known(m, d->with[i])) return ESB_ERR_UNKNOWN_COMPONENT;
    for (uint32_t i = 0; i < d->without_count; ++i)
        if (!conf_model_comp_known(m, d->without[i])) return ESB_ERR_UNKNOWN_COMPONENT;
    return ESB_OK;
}

int conf_model_query_apply(conf_model *m, const esb_query_desc *d) {
    for (int s = 0; s < CONF_MODEL_QUERIES; ++s) {
        conf_mquery *q = &m->q[s];
        if (q->live) continue;
        free(q->marks);
        memset(q, 0, sizeof *q);
        q->live = true;
        q->cached = d->cached;
        q->change = d->change;
        q->change_comp = d->change == ESB_CHANGE_NONE ? 0 : d->change_component;
        q->nf = d->field_count;
        q->nw = d->with_count;
        q->nwo = d->without_count;
        for (uint32_t i = 0; i < q->nf; ++i) {
            q->f[i] = d->fields[i];
            q->acc[i] = d->access ? d->access[i] : ESB_WRITE;
        }
        for (uint32_t i = 0; i < q->nw; ++i) q->w[i] = d->with[i];
        for (uint32_t i = 0; i < q->nwo; ++i) q->wo[i] = d->without[i];
        return s;
    }
    return -1;
}

esb_status conf_model_query_destroy_status(const conf_model *m, int slot) {
    if (slot < 0) return ESB_OK; /* NULL is ignored */
    if (conf_model_locked(m)) return ESB_ERR_LOCKED;
    return ESB_OK;
}

void conf_model_query_destroy_apply(conf_model *m, int slot) {
    if (slot >= 0) m->q[slot].live = false;
}

esb_status conf_model_iter_begin_status(const conf_model *m, int slot, const void *it) {
    if (slot < 0 || !it) return ESB_ERR_INVALID;
    if (m->q[slot].iterating) return ESB_ERR_LOCKED;
    return ESB_OK;
}

void conf_model_iter_begin_apply(conf_model *m, int slot) {
    m->q[slot].iterating = true;
    m->live_iters++;
}

void conf_model_iter_end_apply(conf_model *m, int slot, bool complete) {
    conf_mquery *q = &m->q[slot];
    if (!q->iterating) return;
    q->iterating = false;
    m->live_iters--;
    /* A complete iteration moves the reference point to its begin: what was due is consumed, what changed while
     * it was live may be reported once more. An early end moves nothing. */
    for (size_t i = 0; i < q->nmarks; ++i) {
        unsigned char late = q->marks[i] & CONF_LATE ? CONF_MAYBE : 0;
        q->marks[i] = complete ? late : (unsigned char)((q->marks[i] & (CONF_DUE | CONF_MAYBE)) | late);
    }
}

bool conf_model_matches(const conf_model *m, int slot, size_t idx) {
    const conf_mquery *q = &m->q[slot];
    const conf_ment *s = m->ents[idx];
    if (!s) return false;
    for (uint32_t i = 0; i < q->nf; ++i)
        if (!s->has[q->f[i]]) return false;
    for (uint32_t i = 0; i < q->nw; ++i)
        if (!s->has[q->w[i]]) return false;
    for (uint32_t i = 0; i < q->nwo; ++i)
        if (s->has[q->wo[i]]) return false;
    return true;
}

size_t conf_model_match_count(const conf_model *m, int slot) {
    size_t n = 0;
    for (size_t i = 0; i < m->nissued; ++i) n += conf_model_matches(m, slot, i);
    return n;
}

conf_expect conf_model_expect(const conf_model *m, int slot, size_t idx) {
    const conf_mquery *q = &m->q[slot];
    if (!conf_model_matches(m, slot, idx)) return CONF_FORBIDDEN;
    if (q->change == ESB_CHANGE_NONE) return CONF_MUST;
    unsigned char marks = conf_marks_of(q, idx);
    if (marks & CONF_DUE) return CONF_MUST;
    return marks & (CONF_LATE | CONF_MAYBE) || !m->changes_exact ? CONF_MAY : CONF_FORBIDDEN;
}

size_t conf_model_must_count(const conf_model *m, int slot) {
    size_t n = 0;
    for (size_t i = 0; i < m->nissued; ++i) n += conf_model_expect(m, slot, i) == CONF_MUST;
    return n;
}
