/* Host arrays: a dense row-major array that owns its memory. What the .npy reader returns,
 * what the StableHLO interpreter takes and gives back, and what `tessera run` writes. */
#ifndef TESSERA_ARRAY_H
#define TESSERA_ARRAY_H

#include "tessera/core.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tsr_array {
  tsr_dtype dtype; /* BOOL is stored as i32 0/1, as everywhere in tessera */
  int rank;
  int64_t shape[TSR_MAX_RANK];
  void *data;      /* tsr_array_bytes() bytes; NULL only for zero elements */
  /* Where data lives: NULL when malloc'd; otherwise the start of a private file mapping of
   * map_bytes bytes that data points into (what tsr_npy_read gives for a large file, so that
   * an input is not copied). tsr_array_free releases either kind; writes stay private. */
  void *map_base;
  size_t map_bytes;
} tsr_array;

/* Allocates a zeroed array. TSR_ERR_INVALID for a bad rank or negative dimension,
 * TSR_ERR_NOMEM when the size overflows or allocation fails. */
tsr_status tsr_array_alloc(tsr_array *a, tsr_dtype dtype, int rank, const int64_t *shape);
void tsr_array_free(tsr_array *a);
int64_t tsr_array_numel(const tsr_array *a);
size_t tsr_array_bytes(const tsr_array *a);
/* A dense view of the array in the given space (the array keeps ownership). */
tsr_ref tsr_array_ref(const tsr_array *a, tsr_space space);

#ifdef __cplusplus
}
#endif
#endif
