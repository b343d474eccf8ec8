#include "movers.h"

#include <stdlib.h>

esb_status movers_init(movers *m, size_t n, bool with_extras, bool keep_handles) {
    *m = (movers){.n = n};
    esb_status s = esb_world_create(&m->world);
    if (s != ESB_OK) return s;
    if (with_extras) {
        if ((s = scn_register(m->world, "Transform", sizeof(transform), _Alignof(transform), ESB_STORAGE_DENSE,
                              &m->transform)) != ESB_OK)
            return s;
    }
    if ((s = scn_register(m->world, "Position", sizeof(vec3), _Alignof(vec3), ESB_STORAGE_DENSE, &m->position)) !=
        ESB_OK)
        return s;
    if (with_extras) {
        if ((s = scn_register(m->world, "Rotation", sizeof(vec3), _Alignof(vec3), ESB_STORAGE_DENSE,
                              &m->rotation)) != ESB_OK)
            return s;
    }
    if ((s = scn_register(m->world, "Velocity", sizeof(vec3), _Alignof(vec3), ESB_STORAGE_DENSE, &m->velocity)) !=
        ESB_OK)
        return s;
    if (keep_handles && !(m->handles = malloc(n * sizeof *m->handles))) return ESB_ERR_NOMEM;
    return ESB_OK;
}

esb_status movers_populate(movers *m, bool with_extras) {
    if (with_extras) {
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

esb_status movers_query(movers *m, bool cached) {
    esb_component fields[] = {m->position, m->velocity};
    esb_access access[] = {ESB_WRITE, ESB_READ};
    esb_query_desc d = {.fields = fields, .access = access, .field_count = 2, .cached = cached};
    return esb_query_create(m->world, &d, &m->query);
}

uint64_t movers_checksum(movers *m, uint64_t *count) {
    *count = 0;
    if (!m->query && movers_query(m, false) != ESB_OK) return 0;
    return scn_checksum_vec3_pair(m->query, count);
}

void movers_free(movers *m) {
    esb_world_destroy(m->world); /* also frees the query */
    free(m->handles);
    *m = (movers){0};
}
