/* Arrays on the heap that double their capacity as they fill: the one way the layers above
 * grow a table of records (the checkers' DMAs in flight, the timing model's names, ...),
 * and a queue kept as a ring. */
#ifndef TSR_CORE_GROW_H
#define TSR_CORE_GROW_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Makes room for element n of array `a` (n used of cap allocated; a and cap are lvalues,
 * cap of any integer type): when n reaches cap, reallocates a to twice cap (`first` when
 * empty). False when out of memory or past what cap's type can count; a and cap are then as
 * they were, and the caller keeps what it has. */
#define GROW_ARRAY(a, n, cap, first) \
  ((n) < (cap) || ((cap) = grow_array_realloc(&(a), sizeof *(a), (size_t)(cap), (first), GROW_MAX_(cap))) > (n))

/* The largest count of cap's type (what the doubling may not pass). */
#define GROW_MAX_(cap) \
  _Generic((cap), int: (size_t)INT_MAX, unsigned: (size_t)UINT_MAX, long: (size_t)LONG_MAX, \
           long long: (size_t)LLONG_MAX, default: SIZE_MAX)

/* GROW_ARRAY's reallocation: `where` is the address of the array pointer (written back only
 * on success); returns the new capacity, or `cap` unchanged on failure. */
size_t grow_array_realloc(void *where, size_t elem, size_t cap, size_t first, size_t max);

/* A ring of `len` elements from *head in an array of *cap (the array at `where`, as for
 * grow_array_realloc) makes room for one more: when full, it doubles (`first` when empty)
 * into a new array whose elements start at 0 (*head becomes 0). False when out of memory,
 * the ring then as it was. */
bool grow_ring(void *where, size_t elem, size_t *cap, size_t len, size_t *head, size_t first);

#endif
