#include "movers.h"

#include <stdlib.h>

#include "kernels.h"
#include "scratch.h"

static esb_status register_all(movers *m) {
    esb_status s = ESB_OK;
    const esb_storage_hint dense = ESB_STORAGE_DENSE;
    if (m->flags & MOVERS_EXTRAS)
        s = scn_register(m->world, "Transform", sizeof(transform), _Alignof(transform), dense, &m->transform);
    if (s == ESB_OK) s = scn_register(m->world, "Position", sizeof(vec3), _Alignof(vec3), dense, &m->position);
    if (s == ESB_OK && (m->flags & MOVERS_EXTRAS))
        s = scn_register(m->world, "Rotation", sizeof(vec3), _Alignof(vec3), dense, &m->rotation);
    if (s == ESB_OK) s = scn_register(m->world, "Velocity", sizeof(vec3), _Alignof(vec3), dense, &m->velocity);
    return s;
}

static esb_status populate(movers *m) {
    if (m->flags & MOVERS_EXTRAS) {
        esb_component ids[] = {m->transform, m->position, m->rotation, m->velocity};
        size_t sizes[] = {sizeof(transform), sizeof(vec3), sizeof(vec3), sizeof(vec3)};
        scn_value_fn values[] = {scn_transform, scn_position, scn_rotation, scn_velocity};
        return scn_bulk(m->world, m->n, ids, sizes, values, 4, m->handles);
    }
    esb_component ids[] = {m->position, m->velocity};
    size_t sizes[] = {sizeof(vec3), sizeof(vec3)};
    scn_value_fn values[] = {scn_position, scn_velocity};
    return scn_bulk(m->world, m->n, ids, sizes, values, 2, m->handles);
}

static esb_status make_query(movers *m, bool cached) {
    if (!(m->flags & MOVERS_WHOLE_QUERY))
        return scn_query_update(m->world, m->position, m->velocity, NULL, cached, &m->query);
    /* the fields in kernel_move_whole's order (kernels.h) */
    esb_component fields[] = {m->position, m->velocity, m->rotation, m->transform};
    esb_access access[] = {ESB_WRITE, ESB_READ, ESB_READ, ESB_READ};
    esb_query_desc d = {.fields = fields, .access = access, .field_count = 4, .cached = cached};
    return esb_query_create(m->world, &d, &m->query);
}

movers *movers_new(size_t n, unsigned flags, const char **error) {
    movers *m = scratch_calloc(1, sizeof *m);
    if (!m) return *error = "out of memory", NULL;
    m->n = n;
    m->flags = flags;
    esb_status s = esb_world_create(&m->world);
    if (s == ESB_OK) s = register_all(m);
    if (s == ESB_OK && (flags & MOVERS_HANDLES) && !(m->handles = scratch_alloc(n, sizeof *m->handles)))
        s = ESB_ERR_NOMEM;
    if (s == ESB_OK && (flags & MOVERS_POPULATE)) s = populate(m);
    if (s == ESB_OK && (flags & MOVERS_CACHED_QUERY)) s = make_query(m, true);
    return scn_setup_end(m, s, movers_delete, error);
}

void movers_delete(void *p) {
    movers *m = p;
    esb_world_destroy(m->world); /* also frees the query */
    free(m->handles);
    free(m);
}

esb_world *movers_world(void *m) { return ((movers *)m)->world; }

uint64_t movers_checksum(void *p) {
    movers *m = p;
    uint64_t sum = 0, count = 0;
    for (size_t i = 0; m->handles && i < m->n; ++i) {
        void *pos, *vel;
        if (esb_get(m->world, m->handles[i], m->position, &pos) != ESB_OK ||
            esb_get(m->world, m->handles[i], m->velocity, &vel) != ESB_OK)
            continue;
        sum += data_entity_hash(i, data_hash_pair(data_hash_vec3(*(vec3 *)pos), data_hash_vec3(*(vec3 *)vel)));
    }
    if (m->query || make_query(m, false) == ESB_OK) count = scn_count_matches(m->query);
    return sum + data_mix64(count);
}

bool movers_verify_moved(void *p, uint64_t runs, uint64_t spots, const char **error) {
    movers *m = p;
    for (uint64_t k = 0; k < data_spot_count(m->n, spots); ++k) {
        for (int end = 0; end < 2; ++end) {
            uint64_t at = end ? m->n - 1 : data_spot_ordinal(m->n, spots, k);
            void *pos;
            if (esb_get(m->world, m->handles[at], m->position, &pos) != ESB_OK ||
                !data_vec3_same_bits(*(vec3 *)pos, data_position_after(at, runs)))
                return *error = "an entity's Position is not what the runs must have made it", false;
        }
    }
    return true;
}

/* The query movers_adhoc_pass makes on the spot, which its two neighbours make too. */
static esb_status adhoc_query(movers *m, esb_query **q) {
    return scn_query_update(m->world, m->position, m->velocity, NULL, false, q);
}

uint64_t movers_adhoc_pass(void *p) {
    movers *m = p;
    esb_query *q;
    if (adhoc_query(m, &q) != ESB_OK) return 0;
    uint64_t moved = scn_pass(q, kernel_move);
    return esb_query_destroy(q) == ESB_OK && moved == m->n ? m->n : 0;
}

uint64_t movers_adhoc_query(void *p) {
    movers *m = p;
    esb_query *q;
    if (adhoc_query(m, &q) != ESB_OK) return 0;
    return esb_query_destroy(q) == ESB_OK ? m->n : 0;
}

const char *movers_adhoc_kind(void *p) {
    movers *m = p;
    esb_query *q;
    if (adhoc_query(m, &q) != ESB_OK) return "-";
    const char *kind = esb_query_kind(q);
    esb_query_destroy(q);
    return kind;
}
