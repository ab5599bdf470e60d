/* GROW_ARRAY's reallocation (grow.h). */
#include "core/grow.h"

#include <stdlib.h>
#include <string.h>

size_t grow_array_realloc(void *where, size_t elem, size_t cap, size_t first, size_t max) {
  size_t ncap = cap ? cap * 2 : first;
  if (ncap < cap || cap > max / 2) ncap = max; /* the doubling would pass what cap can count */
  if (ncap <= cap || elem == 0 || ncap > SIZE_MAX / elem) return cap;
  /* The pointer is read and written as bytes: `where` is a T**, whatever T is. */
  void *a;
  memcpy(&a, where, sizeof a);
  void *na = realloc(a, ncap * elem);
  if (!na) return cap;
  memcpy(where, &na, sizeof na);
  return ncap;
}
