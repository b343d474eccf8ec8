/* Change detection (contract.h): esb_set, and what a query's change term reports, case by case. Strategies
 * reporting a superset (esb_change_exact() false) are held only to what they must report and to the query's
 * other terms. */
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* A query of the one field `field`, with that access, and a change term of `kind` on `on`. */
static esb_query *change_query(esb_world *w, esb_component field, esb_access access, esb_change kind, esb_component on,
                               bool cached) {
    esb_query_desc d = {0};
    d.fields = &field;
    d.field_count = 1;
    d.access = &access;
    d.cached = cached;
    d.change = kind;
    d.change_component = on;
    esb_query *q = NULL;
    CONF_EXPECT(esb_query_create(w, &d, &q), ESB_OK);
    return q;
}

/* A query of f32 alone with at most one with term and one without term (NULL: none) and a change term. */
static esb_query *f32_query(const conf_basic *b, const esb_component *with, const esb_component *without,
                            esb_change kind, esb_component on) {
    esb_query_desc d = {0};
    d.fields = &b->f32;
    d.field_count = 1;
    d.with = with;
    d.with_count = with ? 1 : 0;
    d.without = without;
    d.without_count = without ? 1 : 0;
    d.change = kind;
    d.change_component = on;
    return conf_query(b->w, &d);
}

/* Whether e is among what one complete iteration of q hands out; the iteration consumes q's changes. */
typedef struct reported {
    esb_entity e[64];
    size_t n;
} reported;

static reported run(esb_query *q) {
    reported r = {.n = 0};
    esb_iter it;
    CONF_EXPECT(esb_iter_begin(q, &it), ESB_OK);
    while (esb_iter_next(&it))
        for (uint32_t i = 0; i < it.batch.count; ++i) {
            cr_assert_lt(r.n, sizeof r.e / sizeof r.e[0], "more entities than the test made");
            r.e[r.n++] = it.batch.entities[it.batch.entity_rows ? it.batch.entity_rows[i] : i];
        }
    return r;
}

static bool in(const reported *r, esb_entity e) {
    for (size_t i = 0; i < r->n; ++i)
        if (r->e[i] == e) return true;
    return false;
}

/* e must be reported; must not be, where the strategy is exact. */
#define MUST(r, e) cr_assert(in(&(r), (e)), "%s is not reported", #e)
#define MUST_NOT(r, e) cr_assert(!esb_change_exact() || !in(&(r), (e)), "%s is reported", #e)

Test(conf_changes, set_writes_and_reports_its_errors) {
    conf_basic b = conf_basic_world();
    esb_entity e = conf_new_f32(&b, 1.0f), dead = conf_new_dead(b.w);
    float v = 5.0f;
    CONF_EXPECT(esb_set(NULL, e, b.f32, &v), ESB_ERR_INVALID);
    CONF_EXPECT(esb_set(b.w, dead, b.f32, &v), ESB_ERR_STALE);
    CONF_EXPECT(esb_set(b.w, dead, 99, &v), ESB_ERR_STALE); /* STALE before UNKNOWN_COMPONENT */
    CONF_EXPECT(esb_set(b.w, e, 99, &v), ESB_ERR_UNKNOWN_COMPONENT);
    CONF_EXPECT(esb_set(b.w, e, b.vec3, &v), ESB_ERR_ABSENT);
    CONF_EXPECT(esb_set(b.w, e, b.f32, &v), ESB_OK);
    cr_assert_eq(conf_get_f32(b.w, e, b.f32), 5.0f);
    CONF_EXPECT(esb_set(b.w, e, b.f32, NULL), ESB_OK); /* zero-filled */
    cr_assert_eq(conf_get_f32(b.w, e, b.f32), 0.0f);
    CONF_EXPECT(esb_add(b.w, e, b.tag, NULL), ESB_OK);
    CONF_EXPECT(esb_set(b.w, e, b.tag, &v), ESB_OK); /* a tag: nothing to write */
    esb_world_destroy(b.w);
}

Test(conf_changes, set_is_allowed_while_iterating) {
    conf_f32_world f = conf_f32_world_make(3);
    esb_iter it;
    CONF_EXPECT(esb_iter_begin(f.uncached, &it), ESB_OK);
    cr_assert(esb_iter_next(&it));
    esb_entity e = it.batch.entities[it.batch.entity_rows ? it.batch.entity_rows[0] : 0];
    float v = 42.0f;
    CONF_EXPECT(esb_set(f.b.w, e, f.b.f32, &v), ESB_OK);
    esb_iter_end(&it);
    cr_assert_eq(conf_get_f32(f.b.w, e, f.b.f32), 42.0f);
    esb_world_destroy(f.b.w);
}

Test(conf_changes, malformed_change_terms) {
    conf_basic b = conf_basic_world();
    esb_query_desc d = {0};
    d.fields = &b.f32;
    d.field_count = 1;
    d.change = (esb_change)3; /* no such kind */
    d.change_component = b.f32;
    esb_query *q = NULL;
    CONF_EXPECT(esb_query_create(b.w, &d, &q), ESB_ERR_INVALID);
    d.change = ESB_CHANGE_CHANGED;
    d.change_component = b.vec3; /* not a term of the query */
    CONF_EXPECT(esb_query_create(b.w, &d, &q), ESB_ERR_INVALID);
    d.without = &b.vec3;
    d.without_count = 1; /* an excluded component is not a term it can report changes of */
    CONF_EXPECT(esb_query_create(b.w, &d, &q), ESB_ERR_INVALID);
    d.change = ESB_CHANGE_NONE; /* no term: the component is ignored */
    CONF_EXPECT(esb_query_create(b.w, &d, &q), ESB_OK);
    esb_query_destroy(q);
    esb_world_destroy(b.w);
}

Test(conf_changes, a_change_is_reported_once) {
    conf_basic b = conf_basic_world();
    esb_entity before = conf_new_f32(&b, 1.0f);
    for (int cached = 0; cached < 2; ++cached) {
        esb_query *q = change_query(b.w, b.f32, ESB_READ, ESB_CHANGE_CHANGED, b.f32, cached);
        reported r = run(q);
        MUST_NOT(r, before); /* made before the query existed */
        esb_entity e = conf_new_f32(&b, 2.0f), other = conf_new_f32(&b, 3.0f);
        float v = 7.0f;
        CONF_EXPECT(esb_set(b.w, before, b.f32, &v), ESB_OK);
        r = run(q);
        MUST(r, e); /* an addition is a change */
        MUST(r, other);
        MUST(r, before);
        r = run(q);
        cr_assert_eq(r.n, 0, "nothing happened since the last complete pass, and it reported %zu entities",
                     r.n); /* even where a superset is allowed: no group saw anything */
        CONF_EXPECT(esb_set(b.w, other, b.f32, &v), ESB_OK);
        r = run(q);
        MUST(r, other);
        MUST_NOT(r, e);
        CONF_EXPECT(esb_destroy(b.w, e), ESB_OK);
        CONF_EXPECT(esb_destroy(b.w, other), ESB_OK);
        esb_query_destroy(q);
    }
    esb_world_destroy(b.w);
}

Test(conf_changes, a_write_through_get_is_no_change) {
    conf_basic b = conf_basic_world();
    esb_entity e = conf_new_f32(&b, 1.0f);
    esb_query *q = change_query(b.w, b.f32, ESB_READ, ESB_CHANGE_CHANGED, b.f32, true);
    void *p;
    CONF_EXPECT(esb_get(b.w, e, b.f32, &p), ESB_OK);
    *(float *)p = 9.0f;
    reported r = run(q);
    MUST_NOT(r, e);
    esb_query_destroy(q);
    esb_world_destroy(b.w);
}

Test(conf_changes, added_counts_additions_alone) {
    conf_basic b = conf_basic_world();
    esb_entity old = conf_new_f32(&b, 1.0f);
    esb_query *q = change_query(b.w, b.f32, ESB_READ, ESB_CHANGE_ADDED, b.f32, false);
    float v = 2.0f;
    CONF_EXPECT(esb_set(b.w, old, b.f32, &v), ESB_OK); /* a change, not an addition */
    esb_entity fresh = conf_new_f32(&b, 3.0f);
    esb_entity again = conf_new_f32(&b, 4.0f);
    reported r = run(q);
    MUST(r, fresh);
    MUST(r, again);
    MUST_NOT(r, old);
    CONF_EXPECT(esb_remove(b.w, again, b.f32), ESB_OK); /* removed and added again: an addition */
    conf_add_f32(b.w, again, b.f32, 5.0f);
    CONF_EXPECT(esb_remove(b.w, fresh, b.f32), ESB_OK); /* removed: no longer matched at all */
    r = run(q);
    MUST(r, again);
    MUST_NOT(r, fresh);
    MUST_NOT(r, old);
    esb_query_destroy(q);
    esb_world_destroy(b.w);
}

Test(conf_changes, bulk_creation_is_an_addition) {
    conf_basic b = conf_basic_world();
    esb_query *q = change_query(b.w, b.f32, ESB_READ, ESB_CHANGE_ADDED, b.f32, true);
    esb_component ids[] = {b.f32, b.tag};
    esb_entity made[3];
    CONF_EXPECT(esb_create_bulk(b.w, 3, ids, 2, NULL, made), ESB_OK);
    reported r = run(q);
    for (int i = 0; i < 3; ++i) MUST(r, made[i]);
    r = run(q);
    for (int i = 0; i < 3; ++i) MUST_NOT(r, made[i]);
    esb_query_destroy(q);
    esb_world_destroy(b.w);
}

Test(conf_changes, an_early_end_consumes_nothing) {
    conf_basic b = conf_basic_world();
    esb_query *q = change_query(b.w, b.f32, ESB_READ, ESB_CHANGE_CHANGED, b.f32, true);
    esb_entity e = conf_new_f32(&b, 1.0f);
    esb_iter it;
    CONF_EXPECT(esb_iter_begin(q, &it), ESB_OK);
    esb_iter_end(&it); /* before a single batch */
    reported r = run(q);
    MUST(r, e);
    esb_query_destroy(q);
    esb_world_destroy(b.w);
}

Test(conf_changes, a_recycled_index_starts_clean) {
    conf_basic b = conf_basic_world();
    esb_query *q = change_query(b.w, b.f32, ESB_READ, ESB_CHANGE_CHANGED, b.f32, false);
    esb_entity e = conf_new_f32(&b, 1.0f);
    CONF_EXPECT(esb_destroy(b.w, e), ESB_OK);
    esb_entity next = conf_new(b.w); /* likely e's index again, without f32 */
    CONF_EXPECT(esb_add(b.w, next, b.vec3, NULL), ESB_OK);
    reported r = run(q);
    cr_assert_eq(r.n, 0, "a destroyed entity's change, or an entity without the component, was reported");
    conf_add_f32(b.w, next, b.f32, 2.0f);
    r = run(q);
    MUST(r, next);
    esb_query_destroy(q);
    esb_world_destroy(b.w);
}

Test(conf_changes, a_writable_field_changes_what_it_hands_out) {
    conf_basic b = conf_basic_world();
    esb_entity e = conf_new_f32(&b, 1.0f);
    CONF_EXPECT(esb_add(b.w, e, b.vec3, NULL), ESB_OK);
    esb_entity lone = conf_new_f32(&b, 2.0f);
    esb_query *watch = change_query(b.w, b.f32, ESB_READ, ESB_CHANGE_CHANGED, b.f32, true);
    run(watch); /* consumes the additions */
    esb_component fields[] = {b.vec3, b.f32};
    esb_access reading[] = {ESB_WRITE, ESB_READ}, writing[] = {ESB_READ, ESB_WRITE};
    esb_query_desc d = {0};
    d.fields = fields;
    d.field_count = 2;
    d.access = reading; /* f32 read: no change of f32 */
    esb_query *reader = NULL, *writer = NULL;
    CONF_EXPECT(esb_query_create(b.w, &d, &reader), ESB_OK);
    d.access = writing;
    CONF_EXPECT(esb_query_create(b.w, &d, &writer), ESB_OK);
    run(reader);
    reported r = run(watch);
    MUST_NOT(r, e);
    run(writer); /* hands e out with f32 writable: a change of f32 */
    r = run(watch);
    MUST(r, e);
    MUST_NOT(r, lone); /* not handed out: it lacks vec3 */
    esb_query_destroy(reader);
    esb_query_destroy(writer);
    esb_query_destroy(watch);
    esb_world_destroy(b.w);
}

Test(conf_changes, a_change_term_keeps_the_other_terms) {
    conf_basic b = conf_basic_world();
    esb_query *q = f32_query(&b, &b.tag, &b.f64, ESB_CHANGE_ADDED, b.tag); /* a tag's addition */
    esb_entity tagged = conf_new_f32(&b, 1.0f), excluded = conf_new_f32(&b, 2.0f), untagged = conf_new_f32(&b, 3.0f);
    CONF_EXPECT(esb_add(b.w, tagged, b.tag, NULL), ESB_OK);
    CONF_EXPECT(esb_add(b.w, excluded, b.tag, NULL), ESB_OK);
    CONF_EXPECT(esb_add(b.w, excluded, b.f64, NULL), ESB_OK);
    reported r = run(q);
    MUST(r, tagged);
    cr_assert(!in(&r, excluded), "an excluded entity was reported");
    cr_assert(!in(&r, untagged), "an entity without the with term was reported");
    esb_query_destroy(q);
    esb_world_destroy(b.w);
}

/* A removal that fails for want of memory leaves every change where it was: for each fill level of the stores a
 * removal may have to grow (in sparse-groups, the member set of a group excluding the component), and each
 * allocation it makes failing in turn, the entity keeps the component and its change is still reported. */
Test(conf_changes, a_failed_removal_keeps_the_change) {
    for (int fill = 0; fill < 40; ++fill) {
        for (uint64_t k = 1;; ++k) {
            conf_basic b = conf_basic_world();
            esb_query *whole = conf_query1(b.w, b.f32, true);
            esb_query_desc d = {0};
            d.fields = &b.f32;
            d.field_count = 1;
            d.without = &b.vec3;
            d.without_count = 1;
            d.cached = true;
            esb_query *without = NULL; /* removing vec3 moves an entity into it */
            CONF_EXPECT(esb_query_create(b.w, &d, &without), ESB_OK);
            esb_query *changed = change_query(b.w, b.vec3, ESB_READ, ESB_CHANGE_CHANGED, b.vec3, false);
            esb_entity e = conf_new(b.w); /* vec3 first: it never belongs to the group without vec3 */
            CONF_EXPECT(esb_add(b.w, e, b.vec3, NULL), ESB_OK); /* an addition: a change of vec3 */
            conf_add_f32(b.w, e, b.f32, -1.0f);
            for (int i = 0; i < fill; ++i) conf_new_f32(&b, (float)i); /* members of the group, filling its set */
            esb_mem_fail_nth(k);
            esb_status s = esb_remove(b.w, e, b.vec3);
            uint64_t calls = esb_mem_fail_nth(0);
            bool failed = s == ESB_ERR_NOMEM;
            cr_assert(failed || s == ESB_OK, "esb_remove returned %s", esb_status_name(s));
            if (failed) {
                cr_assert_eq(esb_has(b.w, e, b.vec3), 1, "a failed removal removed");
                reported r = run(changed);
                MUST(r, e);
            }
            esb_query_destroy(whole);
            esb_query_destroy(without);
            esb_query_destroy(changed);
            esb_world_destroy(b.w);
            if (!failed || calls < k) break;
        }
    }
}

/* The reference point moves only at the begin of a complete iteration: a change made while an iteration is live
 * that is then ended early, by esb_set or by another query's writable batch, is reported by the query's next
 * complete iteration. */
Test(conf_changes, a_change_during_an_early_ended_pass_is_reported_next) {
    for (int cached = 0; cached < 2; ++cached) {
        conf_basic b = conf_basic_world();
        esb_entity set = conf_new_f32(&b, 1.0f), written = conf_new_f32(&b, 2.0f), still = conf_new_f32(&b, 3.0f);
        CONF_EXPECT(esb_add(b.w, written, b.vec3, NULL), ESB_OK);
        esb_query *q = change_query(b.w, b.f32, ESB_READ, ESB_CHANGE_CHANGED, b.f32, cached);
        esb_component fields[] = {b.vec3, b.f32};
        esb_query_desc d = {0};
        d.fields = fields;
        d.field_count = 2; /* every field writable: hands `written` out with f32 writable */
        esb_query *writer = conf_query(b.w, &d);
        run(q); /* consumes the additions */
        esb_iter it;
        CONF_EXPECT(esb_iter_begin(q, &it), ESB_OK);
        float v = 9.0f;
        CONF_EXPECT(esb_set(b.w, set, b.f32, &v), ESB_OK);
        run(writer);
        esb_iter_end(&it); /* ended early: the reference point stays */
        reported r = run(q);
        MUST(r, set);
        MUST(r, written);
        MUST_NOT(r, still);
        r = run(q);
        cr_assert_eq(r.n, 0, "a change was reported by a second complete pass after it (%zu entities)", r.n);
        esb_query_destroy(writer);
        esb_query_destroy(q);
        esb_world_destroy(b.w);
    }
}

/* "Never later": a change made during a complete iteration may be reported by that iteration, by early-ended
 * ones after it and by the next complete one, by none after that. */
Test(conf_changes, a_change_during_a_pass_is_reported_by_the_next_complete_one_at_the_latest) {
    for (int cached = 0; cached < 2; ++cached) {
        conf_basic b = conf_basic_world();
        esb_entity e = conf_new_f32(&b, 1.0f);
        conf_new_f32s(&b, 5);
        esb_query *q = change_query(b.w, b.f32, ESB_READ, ESB_CHANGE_CHANGED, b.f32, cached);
        run(q); /* consumes the additions */
        esb_iter it;
        CONF_EXPECT(esb_iter_begin(q, &it), ESB_OK);
        float v = 5.0f;
        CONF_EXPECT(esb_set(b.w, e, b.f32, &v), ESB_OK);
        while (esb_iter_next(&it)) continue; /* complete */
        CONF_EXPECT(esb_iter_begin(q, &it), ESB_OK);
        esb_iter_next(&it);
        esb_iter_end(&it); /* an early-ended pass in between: may report it, consumes nothing */
        run(q);            /* the next complete pass: may report it */
        reported r = run(q);
        cr_assert_eq(r.n, 0, "a change made during a pass was reported two complete passes later (%zu entities)", r.n);
        esb_query_destroy(q);
        esb_world_destroy(b.w);
    }
}

/* esb_set on a tag writes nothing (there is no value) and records a change of the tag all the same. */
Test(conf_changes, setting_a_tag_is_a_change) {
    conf_basic b = conf_basic_world();
    esb_query *q = f32_query(&b, &b.tag, NULL, ESB_CHANGE_CHANGED, b.tag);
    esb_entity set = conf_new_f32(&b, 1.0f), untouched = conf_new_f32(&b, 2.0f);
    CONF_EXPECT(esb_add(b.w, set, b.tag, NULL), ESB_OK);
    CONF_EXPECT(esb_add(b.w, untouched, b.tag, NULL), ESB_OK);
    run(q); /* consumes the additions */
    float v = 7.0f;
    CONF_EXPECT(esb_set(b.w, set, b.tag, &v), ESB_OK);
    cr_assert_eq(conf_get_f32(b.w, set, b.f32), 1.0f, "setting a tag wrote another component");
    reported r = run(q);
    MUST(r, set);
    MUST_NOT(r, untouched);
    esb_query_destroy(q);
    esb_world_destroy(b.w);
}

/* A superset is at most the README's groups, and never holds an entity the query's other terms do not match:
 * not one that left the component, not one that gained an excluded one, whatever the granularity. */
Test(conf_changes, a_superset_holds_only_matching_entities) {
    conf_basic b = conf_basic_world();
    esb_query *q = f32_query(&b, NULL, &b.f64, ESB_CHANGE_CHANGED, b.f32);
    esb_entity kept = conf_new_f32(&b, 1.0f), left = conf_new_f32(&b, 2.0f), excluded = conf_new_f32(&b, 3.0f);
    CONF_EXPECT(esb_remove(b.w, left, b.f32), ESB_OK);
    CONF_EXPECT(esb_add(b.w, excluded, b.f64, NULL), ESB_OK);
    reported r = run(q);
    MUST(r, kept);
    cr_assert(!in(&r, left), "an entity that lost the component was reported");
    cr_assert(!in(&r, excluded), "an entity with an excluded component was reported");
    esb_query_destroy(q);
    esb_world_destroy(b.w);
}

/* A begin that fails (for want of memory, at every allocation it makes, with every number of tables made since the
 * query last looked; or refused as LOCKED) is no iteration: the reference point stays and no change is lost. */
Test(conf_changes, a_failed_begin_loses_no_change) {
    const uint32_t kinds = 8; /* f32 with each subset of vec3, f64, tag: a table each in the table designs */
    for (int cached = 0; cached < 2; ++cached)
        for (uint32_t tables = 0; tables <= kinds; ++tables)
            for (uint64_t k = 1;; ++k) {
                conf_basic b = conf_basic_world();
                esb_query *q = change_query(b.w, b.f32, ESB_READ, ESB_CHANGE_CHANGED, b.f32, cached);
                esb_entity e = conf_new_f32(&b, 1.0f);
                for (uint32_t t = 1; t < tables; ++t) {
                    esb_entity x = conf_new_f32(&b, 2.0f);
                    if (t & 1) CONF_EXPECT(esb_add(b.w, x, b.vec3, NULL), ESB_OK);
                    if (t & 2) CONF_EXPECT(esb_add(b.w, x, b.f64, NULL), ESB_OK);
                    if (t & 4) CONF_EXPECT(esb_add(b.w, x, b.tag, NULL), ESB_OK);
                }
                esb_iter it;
                esb_mem_fail_nth(k);
                esb_status s = esb_iter_begin(q, &it);
                uint64_t calls = esb_mem_fail_nth(0);
                cr_assert(s == ESB_OK || s == ESB_ERR_NOMEM, "esb_iter_begin returned %s", esb_status_name(s));
                if (s == ESB_OK) {
                    esb_iter other;
                    CONF_EXPECT(esb_iter_begin(q, &other), ESB_ERR_LOCKED); /* refused: it is no iteration */
                    esb_iter_end(&it);
                }
                reported r = run(q);
                MUST(r, e);
                esb_query_destroy(q);
                esb_world_destroy(b.w);
                if (s == ESB_OK && calls < k) break;
            }
}

/* esb_world_check changes nothing, and so allocates nothing: callable where memory has run out. */
Test(conf_changes, checking_a_world_allocates_nothing) {
    conf_f32_world f = conf_f32_world_make(50);
    esb_query *q = change_query(f.b.w, f.b.f32, ESB_READ, ESB_CHANGE_CHANGED, f.b.f32, true);
    run(q);
    esb_iter it;
    CONF_EXPECT(esb_iter_begin(q, &it), ESB_OK);
    esb_mem_stats before = esb_mem_get_stats();
    esb_mem_fail_nth(0);
    esb_world_check(f.b.w);
    cr_assert_eq(esb_mem_fail_nth(0), 0, "esb_world_check allocated");
    esb_mem_stats after = esb_mem_get_stats();
    cr_assert_eq(after.live_bytes, before.live_bytes, "esb_world_check changed the memory held");
    esb_iter_end(&it);
    esb_world_check(f.b.w);
    cr_assert_eq(esb_mem_fail_nth(0), 0, "esb_world_check allocated");
    esb_query_destroy(q);
    esb_world_destroy(f.b.w);
}
