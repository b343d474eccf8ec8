/* The set cached-views (every sparse variant but sparse-groups): a cached query is a view like any other, which
 * remembers the runs its passes found (run.c); sparse.h says what a cached set defines. */
#ifndef SPARSE_CACHED_H
#define SPARSE_CACHED_H

#define SP_CACHED_AS_GROUPS false

#endif
