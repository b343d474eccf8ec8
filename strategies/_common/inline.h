/* Inlining the profile asked for where the compiler's heuristics, which weigh every caller of a function at
 * once, decide otherwise: a small function on one hot path inlined into it, a larger one called from a loop
 * kept out of line so the loop stays small. Plain C elsewhere. ESB_FLATTEN inlines a function's whole call tree into it
 * (noinline callees excepted) before gcc weighs any other call: a new operation so marked adds no caller to the
 * helpers of the existing ones, whose inlining gcc then decides as it did without it. */
#ifndef ESB_INLINE_H
#define ESB_INLINE_H

#if defined(__GNUC__) || defined(__clang__)
#define ESB_ALWAYS_INLINE inline __attribute__((always_inline))
#define ESB_NOINLINE __attribute__((noinline))
#define ESB_FLATTEN __attribute__((flatten))
#else
#define ESB_ALWAYS_INLINE inline
#define ESB_NOINLINE
#define ESB_FLATTEN
#endif

#endif
