/* Chunked archetypes, as Unity's Entities package builds them (1.x: Types/Chunk.cs, ArchetypeChunkData.cs,
 * EntityComponentStore*.cs), and legion 0.2 before it: entities grouped by their exact component set, as in the
 * archetype design, but an archetype's rows live in fixed-size chunks rather than in one growing table. A chunk
 * is ESB_CHUNK_BYTES (16 KiB, Unity's kChunkSize) of which the first 64 are its header; after it lie the entity
 * handles, then one array per component with data, each starting on a cache line, so a chunk holds `rows` entities
 * with every component of its archetype as SoA arrays. Growth never copies a column: a full archetype takes one
 * more chunk. A query hands out one chunk per batch.
 *
 * Chunk ids: every chunk made has an id in the world's chunk store (Unity's ChunkIndex into its ChunkStore), and
 * an entity's location names its chunk by id and its row there. A chunk that turns empty is released to the
 * store, which keeps its memory for the next chunk any archetype takes (Unity frees a chunk into its store's
 * 64-chunk mega-chunks); what an archetype knows of its chunks it keeps in arrays over its chunk list (counts,
 * change versions), as Unity 1.x's ArchetypeChunkData does, so the header is reserved space.
 *
 * New rows go into the first chunk of the archetype's list of chunks with room (Unity's ChunksWithEmptySlots[0],
 * kept by swap-back), a removal fills the hole with the last row of the same chunk, and a move between
 * archetypes appends to a chunk of the target and fills the hole in the source chunk.
 *
 * Change versions, as Unity's: per chunk, one per component of the archetype (tags included) and an order
 * version, each the world's tick when it was last stamped. An arrival stamps every version of its chunk (Unity's
 * ChunkDataUtility.Allocate: SetAllChangeVersion, SetOrderVersion): here the order version alone, which stands
 * for the others (ck_changed_since), so an arrival is one store whatever the archetype's size. esb_set and a
 * batch handing a column out writable stamp that component's. A query with a change term hands out the chunks with a version newer than its
 * last complete pass: a superset of the changed entities, by chunk. */
#ifndef CHUNKS_H
#define CHUNKS_H

#include "bitset.h"
#include "contract.h"
#include "world_core.h"
#include "archetype_graph.h"
#include "entity_table.h"
#include "match_list.h"
#include "query_head.h"
#include "query_registry.h"
#include "set_index.h"
#include "table.h"

/* A chunk's size in bytes: 16 KiB, Unity's. Large enough that the fixed cost of a chunk (a batch, an entry in its
 * archetype's arrays) spreads over many rows of a small archetype; small enough that a chunk is a few pages, a
 * unit of work for one thread, and a half-empty one wastes little. */
#define ESB_CHUNK_BYTES (16u * 1024u)
/* ESB_CHUNK_MAX_ROWS, each variant's in the variants file: at most this many rows per chunk, whatever fits (the
 * base's is Unity 1.x's MaximumChunkCapacity, 128, so that a chunk's enabled bits are one 128-bit mask), or 0: as
 * many as fit (chunks-full: Unity before 1.0, legion). */
/* The cap in force: ESB_CHUNK_MAX_ROWS, or none. */
#define CK_MAX_ROWS (ESB_CHUNK_MAX_ROWS ? (uint64_t)ESB_CHUNK_MAX_ROWS : (uint64_t)UINT32_MAX)
#define CK_HEADER 64u /* Unity's kBufferOffset: the header, the entity handles from the next cache line on */
#define CK_LINE 64u   /* every array of a chunk starts on a cache line (Unity: GetComponentArraySize) */

#define CK_NOT_OPEN UINT32_MAX /* open_pos of a full chunk */
#define CK_ORDER 0u            /* the version slot of arrivals (Unity's order version) */
#define CK_SPARE UINT32_MAX    /* the archetype of a chunk the store keeps for reuse */

/* One column of an archetype's chunks: where its array starts in each chunk, its element size, and the change
 * version slot of its component (1 + the component's rank in the signature). */
typedef struct ck_column {
    uint32_t offset, size, version;
} ck_column;

/* An archetype and its chunks. Its chunk list is a structure of arrays indexed by a chunk's place in it (index):
 * ids, counts and, per version slot, versions; a chunk leaves it by a swap with the last. */
typedef struct ck_archetype {
    esb_graph_node node;  /* first member (_core/archetype_graph.h): its component set and edges */
    esb_table layout;     /* the column set and column map of table.h; it holds no rows: the data lies in chunks */
    ck_column *columns;   /* layout.column_count entries */
    uint32_t rows;        /* rows per chunk */
    uint32_t chunk_bytes; /* ESB_CHUNK_BYTES, or more for an archetype one row of which does not fit in one */
    uint32_t slots;       /* version slots per chunk: the order version (0), then one per component of signature */
    uint32_t chunk_count, chunk_capacity;
    uint32_t *ids;        /* chunk index -> its id in the world's store */
    unsigned char **data; /* chunk index -> its memory, as the store's record has it (Unity computes a chunk's
                           * address from its index; here it is one load from the list, not two) */
    uint32_t *counts;     /* chunk index -> rows in use, at least 1 */
    uint64_t *versions;   /* slot s of chunk i at versions[s * ck_version_stride(a) + i] */
    uint32_t *open;       /* indices of the chunks with room; new rows go to open[0] */
    uint32_t *open_pos;   /* chunk index -> its place in open, or CK_NOT_OPEN */
    uint32_t open_count;
} ck_archetype;
_Static_assert(offsetof(ck_archetype, node) == 0, "an archetype begins with its graph node");

/* A chunk id's record in the store: its memory, and the archetype whose list holds it at index (CK_SPARE: kept
 * for reuse, its memory a standard chunk or NULL). */
typedef struct ck_chunk {
    unsigned char *data;
    uint32_t archetype;
    uint32_t index;
} ck_chunk;

/* Where an entity lives, after the entity table's slot of its index (entity_table.h, esb_et_in_records): its handle while it lives,
 * its chunk's id and its row there (Unity's EntityInChunk), 16 bytes. */
typedef struct ck_location {
    esb_entity handle;
    uint32_t chunk;
    uint32_t row;
} ck_location;

struct esb_query {
    esb_query_head head; /* first member (query_head.h): registry node, kind, terms */
    esb_world *world;
    esb_match_list matches; /* cached: the matching archetypes, with each field's column */
    uint64_t last_run;      /* a change term: versions above it are news (the tick its last complete pass took) */
    uint16_t scan_columns[ESB_MAX_FIELDS]; /* uncached: each field's column in the archetype being iterated */
};
_Static_assert(offsetof(esb_query, head) == 0, "a query begins with its head");

/* Invariants (check.c, esb_world_check):
 *  K1 The core's (world_core.h): the entity table's own, whose records are the locations, and the registry's.
 *  K2 Archetype 0 is the empty set; signatures name registered components only. Each layout keeps table.h's
 *     invariants with no row, its column set is exactly the signature's components with data, and each column's
 *     array lies in the chunk after the header and the handles, on a cache line, apart from the others; rows is
 *     at least 1 and at most ESB_CHUNK_MAX_ROWS (when set), and the chunk is ESB_CHUNK_BYTES unless one row
 *     does not fit there; slots is 1 + the signature's size, and each column's version slot its component's.
 *  K3 The set index holds every archetype under its signature and nothing else; every cached edge leads to the
 *     archetype one component away.
 *  K4 Every chunk of an archetype's list holds 1 .. rows rows; its store record names that archetype and index,
 *     with the memory the list names. The open list holds exactly the chunks with fewer than rows rows, once, open_pos its inverse.
 *  K5 Every store id is in exactly one archetype's list or in the spare list; a spare id's memory is NULL or a
 *     standard chunk.
 *  K6 An alive index's location names a chunk in use and a row below its count whose handle is the entity's;
 *     every row in use holds an alive entity located there, so each alive entity is in exactly one row.
 *  K7 No version is above the world's tick; a query with a change term has its last_run below it. A cached
 *     query's match list is what matching every archetype it has seen gives (match_list.h); an uncached one
 *     keeps none. */
struct esb_world {
    esb_world_core core; /* first member (_core/world_core.h): entity table, query registry, component count */
    esb_component_info components[ESB_MAX_COMPONENTS];
    esb_archetype_graph graph; /* archetype 0 is the empty set (_core/archetype_graph.h) */
    ck_chunk *store;           /* chunk id -> record, store_count made so far */
    uint32_t store_count, store_capacity;
    uint32_t *spare; /* ids of released chunks, room for store_capacity */
    uint32_t spare_count;
    uint64_t change_tick; /* the tick the next change is stamped with; a query's creation and complete pass take one */
    uint64_t moves, chunks_taken, chunks_allocated;
};
_Static_assert(offsetof(esb_world, core) == 0, "a world begins with its core");

/* Archetype id, which begins with the graph's node of it. */
static inline ck_archetype *ck_archetype_of(const esb_world *w, uint32_t id) {
    return (ck_archetype *)(void *)w->graph.nodes[id];
}

#define CK_ROOT 0u /* the archetype of entities with no component */

/* The location records, which are the entity table's storage (esb_et_in_records): each begins with its slot, and
 * CK_RECORD_WORDS words apart is the constant stride of the table's functions (esb_et_take_in, esb_et_alive_in). */
#define CK_RECORD_WORDS ((uint32_t)(sizeof(ck_location) / sizeof(esb_entity_word)))
_Static_assert(offsetof(ck_location, handle) == 0 && sizeof(esb_entity) == sizeof(esb_entity_word),
               "a location record begins with its entity table slot");

/* Index -> where its entity lives; meaningful for alive indices. */
static inline ck_location *ck_locations(const esb_world *w) { return esb_et_records(&w->core.entities); }

static inline bool ck_has(const ck_archetype *a, esb_component c) { return esb_bitset_test(&a->node.signature, c); }

/* The store's record of the chunk an alive entity's location names: its memory, archetype and place. */
static inline const ck_chunk *ck_chunk_of(const esb_world *w, const ck_location *loc) { return &w->store[loc->chunk]; }

/* The handles of a chunk's rows: the first array after its header. */
static inline esb_entity *ck_handles(unsigned char *data) { return (esb_entity *)(void *)(data + CK_HEADER); }

/* Element `row` of column k of a chunk of a. */
static inline unsigned char *ck_element(const ck_archetype *a, unsigned char *data, uint32_t k, uint32_t row) {
    return data + a->columns[k].offset + (size_t)row * a->columns[k].size;
}

/* Entries between two slots' versions: the list's capacity and one cache line more. The capacity doubles, so
 * without the line the versions of one chunk would lie a power of two apart, all in one cache set, and whatever
 * touches them all (a chunk taken, released or moved in the list) would miss on every slot past the set's ways. */
static inline size_t ck_version_stride(const ck_archetype *a) {
    return (size_t)a->chunk_capacity + CK_LINE / sizeof(uint64_t);
}

/* Slot s of chunk i's versions. */
static inline uint64_t *ck_version(const ck_archetype *a, uint32_t s, uint32_t i) {
    return &a->versions[(size_t)s * ck_version_stride(a) + i];
}

/* Whether chunk i of a has news for a change term of kind on the component of version slot `slot` since tick
 * `since`: rows arrived (the order version, which stands for every component's), or, for a "changed" term, a
 * write of that component. */
static inline bool ck_changed_since(const ck_archetype *a, uint32_t slot, uint32_t i, esb_change kind, uint64_t since) {
    return *ck_version(a, CK_ORDER, i) > since || (kind == ESB_CHANGE_CHANGED && *ck_version(a, slot, i) > since);
}

/* The version slot of component c (in a's signature) in a's chunks. */
static inline uint32_t ck_slot_of(const ck_archetype *a, esb_component c) {
    return 1 + esb_bitset_rank(&a->node.signature, c);
}

/* Room for n more rows in an archetype's chunks (all or nothing): new chunks at the end of its list and of its
 * open list, empty until rows are placed. ESB_ERR_NOMEM releases those it made. */
esb_status ck_reserve_rows(esb_world *w, uint32_t archetype, uint64_t n);

/* A new empty chunk for the archetype, at the end of its list and of its open list (ESB_ERR_NOMEM: none). */
esb_status ck_take_chunk(esb_world *w, uint32_t archetype);

/* Room for one more row: the first open chunk has it, or a new chunk is taken. */
static inline esb_status ck_reserve_row(esb_world *w, uint32_t archetype) {
    return ck_archetype_of(w, archetype)->open_count ? ESB_OK : ck_take_chunk(w, archetype);
}

/* Takes chunk i out of a's list (it holds no row) and gives its id back to the store. Never fails. */
void ck_chunk_release(esb_world *w, ck_archetype *a, uint32_t i);

/* Room for `extra` more chunks in a's list, none taken (all or nothing): what re-homing chunks into a needs. */
esb_status ck_reserve_list(ck_archetype *a, uint32_t extra);

/* Moves chunk i of a, rows and all, to the end of archetype `to`'s list (room reserved there), for two archetypes
 * whose chunks are laid out alike (one a tag apart): its id, memory, rows and the locations naming them stay, its
 * store record and list entry change (Unity's in-place archetype change of a whole chunk). Its versions in `to`
 * start at 0, for the caller's stamp. Never fails. */
void ck_chunk_rehome(esb_world *w, ck_archetype *a, uint32_t i, uint32_t to);

/* Rows arrived in chunk i: its order version stamped, which stands for every component's too (ck_changed_since),
 * as Unity's Allocate stamps them all (SetAllChangeVersion, SetOrderVersion). */
static ESB_ALWAYS_INLINE void ck_stamp_arrival(const esb_world *w, ck_archetype *a, uint32_t i) {
    *ck_version(a, CK_ORDER, i) = w->change_tick;
}

/* Chunk i of a just became full (leaves the open list) or lost its first row (joins it). */
void ck_chunk_closed(ck_archetype *a, uint32_t i);
void ck_chunk_opened(ck_archetype *a, uint32_t i);

/* Frees a query and unlinks it, whatever its state. */
void ck_query_free(struct esb_query *q);

/* Whether archetype id matches the query; if so and columns is not NULL, each field's column there (an
 * esb_match_test for the query's match list). */
bool ck_match_archetype(const void *query, uint32_t id, uint16_t *columns);

/* Frees every chunk of the store. */
void ck_store_free(esb_world *w);

#endif
