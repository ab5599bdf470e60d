/* A growing byte buffer, and reading one back: the event tapes that go from one MPI process
 * to another as bytes (src/machine/tape.c). */
#ifndef TSR_CORE_BLOB_H
#define TSR_CORE_BLOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct blob {
  char *p;
  size_t len, cap;
  bool nomem; /* an append failed: the blob is incomplete */
} blob;

/* Appends n bytes (on failure, sets nomem and ignores later appends). */
void blob_put(blob *b, const void *src, size_t n);
/* Reads n bytes at *at of p[0..len) into dst and moves *at on; false when fewer are left. */
bool blob_take(const char *p, size_t len, size_t *at, void *dst, size_t n);

/* A table of strings: an int32 count, then each string NUL-terminated. */
void blob_put_strings(blob *b, char *const *strs, int32_t n);
/* Reads a table written by blob_put_strings at *at, passing each string to `intern`, whose
 * result becomes its entry in *ids (the caller frees it; one entry more than *n, so never
 * NULL on success). Returns BLOB_BAD when the bytes are malformed, BLOB_NOMEM when out of
 * memory (*at then says where). */
enum { BLOB_OK, BLOB_BAD, BLOB_NOMEM };
int blob_take_strings(const char *p, size_t len, size_t *at, int32_t (*intern)(void *, const char *), void *user,
                      int32_t **ids, int32_t *n);

#endif
