/* A growing byte buffer (src/core/blob.h). */
#include "core/blob.h"

#include <stdlib.h>
#include <string.h>

void blob_put(blob *b, const void *src, size_t n) {
  if (b->nomem || !n) return;
  if (b->len + n > b->cap) {
    size_t ncap = b->cap ? b->cap : 4096;
    while (ncap < b->len + n) ncap *= 2;
    char *np = realloc(b->p, ncap);
    if (!np) {
      b->nomem = true;
      return;
    }
    b->p = np;
    b->cap = ncap;
  }
  memcpy(b->p + b->len, src, n);
  b->len += n;
}

bool blob_take(const char *p, size_t len, size_t *at, void *dst, size_t n) {
  if (len - *at < n) return false;
  memcpy(dst, p + *at, n);
  *at += n;
  return true;
}
