/* Owning host arrays (tessera/array.h). */
#include "tessera/array.h"

#include <stdlib.h>
#include <sys/mman.h>
#include <string.h>

#include "core/status.h"

int64_t tsr_array_numel(const tsr_array *a) {
  for (int d = 0; d < a->rank; d++)
    if (a->shape[d] == 0) return 0; /* before the product: the other dimensions may be big */
  int64_t n = 1;
  for (int d = 0; d < a->rank; d++) n *= a->shape[d];
  return n;
}

size_t tsr_array_bytes(const tsr_array *a) {
  return (size_t)tsr_array_numel(a) * tsr_dtype_size(a->dtype);
}

tsr_status tsr_array_alloc(tsr_array *a, tsr_dtype dtype, int rank, const int64_t *shape) {
  memset(a, 0, sizeof *a);
  if (rank < 0 || rank > TSR_MAX_RANK)
    return tsr_fail(TSR_ERR_INVALID, "rank %d outside 0..%d", rank, TSR_MAX_RANK);
  if ((int)dtype < 0 || dtype >= TSR_DTYPE_COUNT) return tsr_fail(TSR_ERR_INVALID, "bad dtype");
  /* Overflow-checked so that a hostile header cannot make a small allocation look big. A zero
   * dimension counts as 1 here (the array is empty, but its strides still multiply the
   * others), so every dtype of a given shape is accepted or refused alike up to its size. */
  uint64_t n = tsr_dtype_size(dtype);
  bool empty = false;
  for (int d = 0; d < rank; d++) {
    if (shape[d] < 0) return tsr_fail(TSR_ERR_INVALID, "negative dimension %lld", (long long)shape[d]);
    uint64_t dim = shape[d] ? (uint64_t)shape[d] : 1;
    empty = empty || shape[d] == 0;
    if (n > (UINT64_C(1) << 46) / dim) return tsr_fail(TSR_ERR_NOMEM, "array too large");
    n *= dim;
  }
  if (empty) n = 0;
  a->dtype = dtype;
  a->rank = rank;
  for (int d = 0; d < rank; d++) a->shape[d] = shape[d];
  if (n == 0) return TSR_OK;
  a->data = calloc(1, (size_t)n);
  if (!a->data) return tsr_fail(TSR_ERR_NOMEM, "out of memory for %llu bytes", (unsigned long long)n);
  return TSR_OK;
}

void tsr_array_free(tsr_array *a) {
  if (!a) return;
  if (a->map_base) munmap(a->map_base, a->map_bytes);
  else free(a->data);
  a->data = NULL;
  a->map_base = NULL;
  a->map_bytes = 0;
}

tsr_ref tsr_array_ref(const tsr_array *a, tsr_space space) {
  return tsr_ref_dense(a->data, a->dtype, space, a->rank, a->shape);
}
