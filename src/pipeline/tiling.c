/* Block geometry and TPU block-shape rules. */
#include "pipeline/tiling.h"

#include <stdio.h>

#include "core/status.h"

void pipe_array_tiling(const int64_t *shape, int rank, tsr_dtype dtype, int generation, int64_t *tiling) {
  for (int d = 0; d < rank; d++) tiling[d] = 1;
  if (rank < 2) return;
  int64_t packing = 4 / (int64_t)(tsr_dtype_size(dtype) ? tsr_dtype_size(dtype) : 4);
  if (packing < 1) packing = 1;
  int64_t second_minor = shape[rank - 2];
  int64_t t = (1 + (generation < 4)) * packing;
  int64_t cap = second_minor < 8 ? second_minor : 8;
  while (t < cap) t *= 2;
  tiling[rank - 2] = t;
  tiling[rank - 1] = 128;
}

static int64_t round_up(int64_t v, int64_t m) { return v % m == 0 ? v : v - v % m + m; }

void pipe_array_padded_shape(const int64_t *shape, int rank, tsr_dtype dtype, int generation, int64_t *padded) {
  int64_t tiling[TSR_MAX_RANK];
  pipe_array_tiling(shape, rank, dtype, generation, tiling);
  for (int d = 0; d < rank; d++) padded[d] = round_up(shape[d], tiling[d]);
}

tsr_status pipe_block_dma_slice(const int64_t *shape, int rank, const int64_t *block,
                           const bool *element_dim, const int64_t *tiling, const int64_t *index,
                           pipe_block_slice *out) {
  out->partial = false;
  for (int d = 0; d < rank; d++) {
    int64_t b = block[d], n = shape[d];
    int64_t start = element_dim[d] ? index[d] : index[d] * b;
    if (index[d] < 0 || start >= n || start < 0)
      return tsr_fail(TSR_ERR_BOUNDS, "block index %lld in dimension %d selects elements from %lld, "
                      "outside the array (size %lld)", (long long)index[d], d, (long long)start,
                      (long long)n);
    int64_t size = b;
    if (start + b > n) {
      /* The edge block: the seed rounds the copy up to a tile multiple of what is left; the
       * part past the array's end lies in the tile padding of HBM and is not copied. */
      int64_t left = n - start;
      size = b % tiling[d] == 0 ? round_up(left, tiling[d]) : left;
      if (size > b) size = b;
    }
    out->start[d] = start;
    out->size[d] = size;
    out->valid[d] = start + size > n ? n - start : size;
    if (out->valid[d] < b) out->partial = true;
  }
  return TSR_OK;
}

bool pipe_block_shape_ok(const int64_t *shape, const int64_t *block, int rank, tsr_dtype dtype,
                    char *why, size_t cap) {
  size_t es = tsr_dtype_size(dtype);
  int64_t packing = es >= 4 ? 1 : 4 / (int64_t)es;
  if (rank == 0) return true;
  if (rank == 1) {
    if (block[0] == shape[0] || block[0] % (128 * packing) == 0) return true;
    snprintf(why, cap, "a rank-1 block must equal the array (%lld) or be a multiple of %lld, got %lld",
             (long long)shape[0], (long long)(128 * packing), (long long)block[0]);
    return false;
  }
  int64_t sub = 8 * packing;
  int64_t b0 = block[rank - 2], b1 = block[rank - 1];
  bool ok0 = b0 == shape[rank - 2] || b0 % sub == 0;
  bool ok1 = b1 == shape[rank - 1] || b1 % 128 == 0;
  if (ok0 && ok1) return true;
  snprintf(why, cap, "the last two block dims (%lld, %lld) must be divisible by (%lld, 128) for %s "
           "or equal the array dims (%lld, %lld)", (long long)b0, (long long)b1, (long long)sub,
           tsr_dtype_name(dtype), (long long)shape[rank - 2], (long long)shape[rank - 1]);
  return false;
}
