/* A growing byte buffer, and reading one back: the logs that go from one MPI process to
 * another as bytes (the timing model's, src/timing/merge.c; the checkers', src/check/log.c). */
#ifndef TSR_CORE_BLOB_H
#define TSR_CORE_BLOB_H

#include <stdbool.h>
#include <stddef.h>

typedef struct blob {
  char *p;
  size_t len, cap;
  bool nomem; /* an append failed: the blob is incomplete */
} blob;

/* Appends n bytes (on failure, sets nomem and ignores later appends). */
void blob_put(blob *b, const void *src, size_t n);
/* Reads n bytes at *at of p[0..len) into dst and moves *at on; false when fewer are left. */
bool blob_take(const char *p, size_t len, size_t *at, void *dst, size_t n);

#endif
