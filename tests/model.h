/* Reference model of contract.h for the conformance tests.
 *
 * Deliberately simple: flat arrays and linear scans, no cleverness. The model never chooses entity handles; it
 * records the handles the strategy under test returned and, for each, whether it is alive, which components it
 * has and their bytes. For every operation it computes the status the contract prescribes (following the
 * contract's error precedence) without changing anything (conf_model_*_status), and separately applies the
 * effect of a successful operation (conf_model_*_apply). Tests call the strategy in between and apply only when
 * the strategy succeeded, so an injected ESB_ERR_NOMEM leaves the model unchanged as well.
 *
 * Pointer arguments named world/out/it are only checked for NULL (INVALID); the model never dereferences them.
 */
#ifndef CONF_MODEL_H
#define CONF_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "contract.h"

/* Live queries the model tracks at once: room for the scale tests' hundreds (conformance_scale.c); the random
 * driver keeps to its own, smaller number (CONF_DRIVER_QUERIES). */
#define CONF_MODEL_QUERIES 1024

/* Builds with narrow, wrapping versions (ESB_VERSION_BITS < 32 without ESB_RETIRE_EXHAUSTED) may hand out a
 * handle again once its index's version has gone round: the model then accepts a dead handle being
 * re-issued. */
#if ESB_VERSION_BITS < 32 && !defined(ESB_RETIRE_EXHAUSTED)
#define CONF_HANDLES_MAY_ALIAS 1
#else
#define CONF_HANDLES_MAY_ALIAS 0
#endif
#define CONF_NO_ENTITY ((size_t)-1)

typedef struct conf_mcomp {
    size_t size;
    size_t align;
    bool tag;
} conf_mcomp;

/* State of an alive entity. */
typedef struct conf_ment {
    bool has[ESB_MAX_COMPONENTS];
    unsigned char *data[ESB_MAX_COMPONENTS]; /* NULL when absent or a tag */
} conf_ment;

/* What a query's change term knows of an issued entity (conf_mquery.marks, by issue index). */
enum {
    CONF_DUE = 1,   /* changed (or added) after the reference point, while the query was not iterated: reported */
    CONF_LATE = 2,  /* changed while an iteration of the query is live: that iteration may report it */
    CONF_MAYBE = 4, /* changed during the last complete iteration: the next complete one may report it */
};

typedef struct conf_mquery {
    bool live;
    bool iterating;
    bool cached;
    uint32_t nf, nw, nwo;
    esb_component f[ESB_MAX_FIELDS];
    esb_access acc[ESB_MAX_FIELDS];
    esb_component w[ESB_MAX_TERMS];
    esb_component wo[ESB_MAX_TERMS];
    esb_change change; /* its change term (contract.h), on change_comp */
    esb_component change_comp;
    unsigned char *marks; /* per issued entity, CONF_DUE | CONF_LATE | CONF_MAYBE; nmarks entries (0 beyond) */
    size_t nmarks;
} conf_mquery;

/* How an iteration of a query may treat an issued entity. */
typedef enum conf_expect { CONF_FORBIDDEN = 0, CONF_MUST = 1, CONF_MAY = 2 } conf_expect;

typedef struct conf_model {
    uint32_t ncomps;
    conf_mcomp comps[ESB_MAX_COMPONENTS];
    size_t nissued, cap;
    esb_entity *handles; /* every handle ever issued, in issue order */
    conf_ment **ents;    /* per issued handle: state, or NULL once destroyed */
    size_t nalive;
    uint64_t *hkeys; /* handle -> index + 1 (0 = empty slot), open addressing */
    size_t *hvals;
    size_t hcap;
    conf_mquery q[CONF_MODEL_QUERIES];
    uint32_t live_iters;
    bool changes_exact; /* the strategy reports exactly the changed entities (esb_change_exact) */
} conf_model;

void conf_model_init(conf_model *m);
void conf_model_free(conf_model *m);

/* Index of e among the issued handles, or CONF_NO_ENTITY if the world never issued it. */
size_t conf_model_find(const conf_model *m, esb_entity e);
bool conf_model_locked(const conf_model *m);
bool conf_model_comp_known(const conf_model *m, esb_component c);
size_t conf_model_comp_size(const conf_model *m, esb_component c); /* 0 for tags */

/* Components. */
esb_status conf_model_register_status(const conf_model *m, const void *world, const esb_component_desc *desc,
                                      const void *out);
esb_component conf_model_register_apply(conf_model *m, const esb_component_desc *desc);

/* Entities. conf_model_issue returns false (and records nothing) if e was issued before or is never valid. */
esb_status conf_model_create_status(const conf_model *m, const void *world, const void *out);
bool conf_model_issue(conf_model *m, esb_entity e);
esb_status conf_model_bulk_status(const conf_model *m, const void *world, size_t n, const esb_component *ids,
                                  uint32_t count);
/* Issues handles[0..n) with the given components; false if a handle was issued before (nothing recorded then
 * for that handle and the following ones). */
bool conf_model_bulk_apply(conf_model *m, const esb_entity *handles, size_t n, const esb_component *ids, uint32_t count,
                           const void *const *values);
esb_status conf_model_destroy_status(const conf_model *m, const void *world, esb_entity e);
void conf_model_destroy_apply(conf_model *m, esb_entity e);
esb_status conf_model_add_status(const conf_model *m, const void *world, esb_entity e, esb_component c);
void conf_model_add_apply(conf_model *m, esb_entity e, esb_component c, const void *value);
esb_status conf_model_remove_status(const conf_model *m, const void *world, esb_entity e, esb_component c);
void conf_model_remove_apply(conf_model *m, esb_entity e, esb_component c);

/* Bundles (model_batched.c): the plain loop of esb_add / esb_remove over ids, checked as one call. */
esb_status conf_model_add_bundle_status(const conf_model *m, const void *world, esb_entity e, const esb_component *ids,
                                        uint32_t count);
void conf_model_add_bundle_apply(conf_model *m, esb_entity e, const esb_component *ids, uint32_t count,
                                 const void *const *values);
esb_status conf_model_remove_bundle_status(const conf_model *m, const void *world, esb_entity e,
                                           const esb_component *ids, uint32_t count);
void conf_model_remove_bundle_apply(conf_model *m, esb_entity e, const esb_component *ids, uint32_t count);
/* The query-wide calls on query slot (slot < 0: a NULL query): their status, and their effect, which returns how
 * many entities gained or lost c. */
esb_status conf_model_matching_status(const conf_model *m, int slot, esb_component c);
size_t conf_model_add_matching_apply(conf_model *m, int slot, esb_component c, const void *value);
size_t conf_model_remove_matching_apply(conf_model *m, int slot, esb_component c);

/* Reads. conf_model_get sets *bytes to the expected value (NULL for a tag or on error). */
esb_status conf_model_get(const conf_model *m, const void *world, esb_entity e, esb_component c, const void *out,
                          const unsigned char **bytes);
int conf_model_has(const conf_model *m, const void *world, esb_entity e, esb_component c);
bool conf_model_alive(const conf_model *m, const void *world, esb_entity e);
/* Records a write of the component's full value through a pointer (esb_get or a batch field). */
void conf_model_write(conf_model *m, esb_entity e, esb_component c, const void *bytes);
/* esb_set: its status, and its effect (the value, zero-filled when NULL, and a change of c). */
esb_status conf_model_set_status(const conf_model *m, const void *world, esb_entity e, esb_component c);
void conf_model_set_apply(conf_model *m, esb_entity e, esb_component c, const void *value);
/* A batch of query slot handed out entity e: a change of each of its fields with ESB_WRITE access. */
void conf_model_batch_handed(conf_model *m, int slot, esb_entity e);

/* Queries are identified by slot; slot < 0 stands for a NULL query pointer. */
esb_status conf_model_query_status(const conf_model *m, const void *world, const esb_query_desc *desc, const void *out);
int conf_model_query_apply(conf_model *m, const esb_query_desc *desc); /* slot, or -1 when all slots are used */
esb_status conf_model_query_destroy_status(const conf_model *m, int slot);
void conf_model_query_destroy_apply(conf_model *m, int slot);
esb_status conf_model_iter_begin_status(const conf_model *m, int slot, const void *it);
void conf_model_iter_begin_apply(conf_model *m, int slot);
/* The iteration of slot ended: complete (esb_iter_next returned false: the reference point moves) or early. */
void conf_model_iter_end_apply(conf_model *m, int slot, bool complete);
bool conf_model_matches(const conf_model *m, int slot, size_t idx);
size_t conf_model_match_count(const conf_model *m, int slot);
/* Whether an iteration of slot must, may or must not hand out issued entity idx (its terms, its change term). */
conf_expect conf_model_expect(const conf_model *m, int slot, size_t idx);
/* How many issued entities an iteration of slot must hand out. */
size_t conf_model_must_count(const conf_model *m, int slot);

#endif
