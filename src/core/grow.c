/* GROW_ARRAY's reallocation and grow_ring (grow.h). */
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

bool grow_ring(void *where, size_t elem, size_t *cap, size_t len, size_t *head, size_t first) {
  if (len < *cap) return true;
  size_t ncap = *cap ? *cap * 2 : first;
  if (ncap <= *cap || elem == 0 || ncap > SIZE_MAX / elem) return false;
  char *a, *na = malloc(ncap * elem);
  if (!na) return false;
  memcpy(&a, where, sizeof a);
  /* the elements from *head to the end of the array, then those that wrapped to its start */
  size_t tail = len && *cap - *head < len ? *cap - *head : len;
  if (tail) memcpy(na, a + *head * elem, tail * elem);
  if (len > tail) memcpy(na + tail * elem, a, (len - tail) * elem);
  free(a);
  memcpy(where, &na, sizeof na);
  *cap = ncap;
  *head = 0;
  return true;
}
