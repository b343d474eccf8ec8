/* The set cached-groups (sparse-groups): a query with the cached hint gets a group (group.h), owned where its pools
 * are free, else partially owned or non-owned; sparse.h says what a cached set defines. */
#ifndef SPARSE_CACHED_H
#define SPARSE_CACHED_H

#define SP_CACHED_AS_GROUPS true

#endif
