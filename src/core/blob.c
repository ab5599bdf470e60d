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

void blob_put_strings(blob *b, char *const *strs, int32_t n) {
  blob_put(b, &n, sizeof n);
  for (int32_t i = 0; i < n; i++) blob_put(b, strs[i], strlen(strs[i]) + 1);
}

int blob_take_strings(const char *p, size_t len, size_t *at, int32_t (*intern)(void *, const char *), void *user,
                      int32_t **ids, int32_t *n) {
  *ids = NULL;
  if (!blob_take(p, len, at, n, sizeof *n) || *n < 0 || (size_t)*n > len) return BLOB_BAD;
  int32_t *got = malloc(((size_t)*n + 1) * sizeof *got);
  if (!got) return BLOB_NOMEM;
  for (int32_t i = 0; i < *n; i++) {
    const char *end = memchr(p + *at, 0, len - *at);
    if (!end) {
      free(got);
      return BLOB_BAD;
    }
    got[i] = intern(user, p + *at);
    *at = (size_t)(end - p) + 1;
  }
  *ids = got;
  return BLOB_OK;
}
