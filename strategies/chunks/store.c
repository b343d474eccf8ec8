/* The chunk store and each archetype's chunk list: taking a chunk (a spare one's memory first, as Unity's store
 * reuses freed chunks), releasing one that turned empty, and the list of chunks with room. */
#include <string.h>

#include "grow.h"
#include "inline.h"
#include "chunks.h"

void ck_chunk_closed(ck_archetype *a, uint32_t i) {
    uint32_t at = a->open_pos[i], last = a->open[--a->open_count];
    ESB_ASSERT(at <= a->open_count && a->open[at] == i);
    a->open[at] = last; /* Unity's RemoveAtSwapBack */
    a->open_pos[last] = at;
    a->open_pos[i] = CK_NOT_OPEN;
}

void ck_chunk_opened(ck_archetype *a, uint32_t i) {
    ESB_ASSERT(a->open_pos[i] == CK_NOT_OPEN && a->open_count < a->chunk_count);
    a->open_pos[i] = a->open_count;
    a->open[a->open_count++] = i;
}

/* Room for `needed` chunks in a's list: its arrays grow together, all or nothing (the versions, one segment per
 * slot, are laid out again for the new capacity). */
static ESB_NOINLINE esb_status grow_list(ck_archetype *a, uint64_t needed) {
    uint32_t cap;
    esb_status s = esb_grow_capacity(a->chunk_capacity, needed, 4, UINT32_MAX - CK_LINE, &cap);
    if (s != ESB_OK) return s;
    size_t old = a->chunk_capacity, now = cap, old_stride = ck_version_stride(a), new_stride = now + CK_LINE / 8;
    uint64_t *versions = esb_mem_alloc(new_stride * a->slots * sizeof *versions, CK_LINE);
    if (!versions) return ESB_ERR_NOMEM;
    esb_grow_item items[] = {{(void **)&a->ids, old * 4, now * 4, 0, -1, NULL},
                             {(void **)&a->counts, old * 4, now * 4, 0, -1, NULL},
                             {(void **)&a->data, old * sizeof *a->data, now * sizeof *a->data, 0, -1, NULL},
                             {(void **)&a->open, old * 4, now * 4, 0, -1, NULL},
                             {(void **)&a->open_pos, old * 4, now * 4, 0, -1, NULL}};
    if ((s = esb_grow_all(items, sizeof items / sizeof *items)) != ESB_OK) {
        esb_mem_free(versions, new_stride * a->slots * sizeof *versions);
        return s;
    }
    for (uint32_t slot = 0; slot < a->slots && a->chunk_count; ++slot)
        memcpy(versions + slot * new_stride, a->versions + slot * old_stride, a->chunk_count * sizeof *versions);
    esb_mem_free(a->versions, a->versions ? old_stride * a->slots * sizeof *versions : 0);
    a->versions = versions;
    a->chunk_capacity = cap;
    return ESB_OK;
}

/* Room for one more id in the store, and in the spare list beside it. */
static ESB_NOINLINE esb_status grow_store(esb_world *w) {
    uint32_t cap;
    esb_status s = esb_grow_capacity(w->store_capacity, (uint64_t)w->store_count + 1, 16, UINT32_MAX, &cap);
    if (s != ESB_OK) return s;
    size_t old = w->store_capacity, now = cap;
    esb_grow_item items[] = {{(void **)&w->store, old * sizeof *w->store, now * sizeof *w->store, 0, -1, NULL},
                             {(void **)&w->spare, old * 4, now * 4, 0, -1, NULL}};
    if ((s = esb_grow_all(items, 2)) != ESB_OK) return s;
    w->store_capacity = cap;
    return ESB_OK;
}

/* Memory for a chunk of a, in place of `reuse` (a spare chunk's, or NULL): a standard chunk is reused as it is. */
static ESB_NOINLINE unsigned char *new_memory(esb_world *w, const ck_archetype *a, unsigned char *reuse) {
    unsigned char *data = esb_mem_alloc(a->chunk_bytes, CK_LINE);
    if (!data) return NULL;
    esb_mem_free(reuse, reuse ? ESB_CHUNK_BYTES : 0);
    w->chunks_allocated++;
    return data;
}

/* A spare id (its memory reused when it is a standard chunk and the archetype's are) or a new one. Allocates
 * before it changes anything; the growth of the lists and new memory out of line, so that taking a spare chunk
 * is a few loads and stores. */
esb_status ck_take_chunk(esb_world *w, uint32_t id) {
    ck_archetype *a = ck_archetype_of(w, id);
    esb_status s;
    if (a->chunk_count == a->chunk_capacity && (s = grow_list(a, (uint64_t)a->chunk_count + 1)) != ESB_OK) return s;
    if (!w->spare_count && w->store_count == w->store_capacity && (s = grow_store(w)) != ESB_OK) return s;
    uint32_t chunk = w->spare_count ? w->spare[w->spare_count - 1] : w->store_count;
    unsigned char *reuse = chunk < w->store_count ? w->store[chunk].data : NULL, *data = reuse;
    if ((!data || a->chunk_bytes != ESB_CHUNK_BYTES) && !(data = new_memory(w, a, reuse))) return ESB_ERR_NOMEM;
    if (chunk < w->store_count)
        w->spare_count--;
    else
        w->store_count++;
    uint32_t i = a->chunk_count++;
    w->store[chunk] = (ck_chunk){data, id, i};
    a->ids[i] = chunk;
    a->data[i] = data;
    a->counts[i] = 0;
    size_t stride = ck_version_stride(a);
    uint64_t *version = a->versions + i;
    for (uint32_t slot = 0; slot < a->slots; ++slot, version += stride) *version = 0;
    a->open_pos[i] = CK_NOT_OPEN;
    ck_chunk_opened(a, i);
    w->chunks_taken++;
    return ESB_OK;
}

esb_status ck_reserve_list(ck_archetype *a, uint32_t extra) {
    uint64_t needed = (uint64_t)a->chunk_count + extra;
    return needed <= a->chunk_capacity ? ESB_OK : grow_list(a, needed);
}

/* Takes chunk i out of a's list, whatever it holds: the list's last chunk takes its place. */
static void unlist(esb_world *w, ck_archetype *a, uint32_t i) {
    if (a->open_pos[i] != CK_NOT_OPEN) ck_chunk_closed(a, i);
    uint32_t last = --a->chunk_count;
    if (i != last) { /* the last chunk of the list takes its place */
        a->ids[i] = a->ids[last];
        a->data[i] = a->data[last];
        a->counts[i] = a->counts[last];
        size_t stride = ck_version_stride(a);
        uint64_t *to = a->versions + i, *from = a->versions + last;
        for (uint32_t slot = 0; slot < a->slots; ++slot, to += stride, from += stride) *to = *from;
        a->open_pos[i] = a->open_pos[last];
        if (a->open_pos[i] != CK_NOT_OPEN) a->open[a->open_pos[i]] = i;
        w->store[a->ids[i]].index = i;
    }
}

void ck_chunk_release(esb_world *w, ck_archetype *a, uint32_t i) {
    ESB_ASSERT_MSG(a->counts[i] == 0, "a chunk released with rows");
    uint32_t chunk = a->ids[i];
    unlist(w, a, i);
    ck_chunk *rec = &w->store[chunk];
    if (a->chunk_bytes != ESB_CHUNK_BYTES) { /* only standard chunks are kept */
        esb_mem_free(rec->data, a->chunk_bytes);
        rec->data = NULL;
    }
    rec->archetype = CK_SPARE;
    rec->index = 0;
    w->spare[w->spare_count++] = chunk;
}

void ck_chunk_rehome(esb_world *w, ck_archetype *a, uint32_t i, uint32_t to) {
    ck_archetype *dst = ck_archetype_of(w, to);
    ESB_ASSERT_MSG(dst->chunk_count < dst->chunk_capacity, "a chunk re-homed without room in the list");
    ESB_ASSERT_MSG(dst->rows == a->rows && dst->chunk_bytes == a->chunk_bytes &&
                       dst->layout.column_count == a->layout.column_count,
                   "a chunk re-homed into another layout");
    uint32_t chunk = a->ids[i], count = a->counts[i];
    unsigned char *data = a->data[i];
    unlist(w, a, i);
    uint32_t j = dst->chunk_count++;
    dst->ids[j] = chunk;
    dst->data[j] = data;
    dst->counts[j] = count;
    size_t stride = ck_version_stride(dst);
    uint64_t *version = dst->versions + j;
    for (uint32_t slot = 0; slot < dst->slots; ++slot, version += stride) *version = 0;
    dst->open_pos[j] = CK_NOT_OPEN;
    if (count < dst->rows) ck_chunk_opened(dst, j);
    w->store[chunk] = (ck_chunk){data, to, j};
}

esb_status ck_reserve_rows(esb_world *w, uint32_t id, uint64_t n) {
    ck_archetype *a = ck_archetype_of(w, id);
    uint64_t room = 0;
    for (uint32_t k = 0; k < a->open_count; ++k) room += a->rows - a->counts[a->open[k]];
    uint32_t made = 0;
    esb_status s = ESB_OK;
    while (room < n && (s = ck_take_chunk(w, id)) == ESB_OK) {
        room += a->rows;
        made++;
    }
    if (s == ESB_OK) return ESB_OK;
    while (made--) ck_chunk_release(w, a, a->chunk_count - 1); /* all or nothing: the new chunks go back */
    return s;
}

void ck_store_free(esb_world *w) {
    for (uint32_t chunk = 0; chunk < w->store_count; ++chunk) {
        const ck_chunk *rec = &w->store[chunk];
        size_t bytes = rec->archetype == CK_SPARE ? ESB_CHUNK_BYTES : ck_archetype_of(w, rec->archetype)->chunk_bytes;
        esb_mem_free(rec->data, rec->data ? bytes : 0);
    }
    esb_mem_free(w->store, w->store_capacity * sizeof *w->store);
    esb_mem_free(w->spare, w->store_capacity * sizeof *w->spare);
}
