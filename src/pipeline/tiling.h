/* Block geometry: the tiling of an array, the DMA slice of a block (tile-rounded at array
 * edges, as the seed's get_dma_slice does), and TPU block-shape rules. */
#ifndef TSR_PIPELINE_TILING_H
#define TSR_PIPELINE_TILING_H

#include "tessera/pipeline.h"

/* The seed's _make_tiling: 1 for leading dims, then (t, 128) where t starts at the dtype's
 * packing (doubled before generation 4) and doubles up to min(second-minor dim, 8). Rank < 2
 * arrays get tile 1 (no rounding). */
void pipe_array_tiling(const int64_t *shape, int rank, tsr_dtype dtype, int generation, int64_t *tiling);
/* The shape an array takes in HBM: each dimension rounded up to its tiling (pipe_array_tiling). */
void pipe_array_padded_shape(const int64_t *shape, int rank, tsr_dtype dtype, int generation, int64_t *padded);

typedef struct pipe_block_slice {
  int64_t start[TSR_MAX_RANK];  /* element offsets in the array */
  int64_t size[TSR_MAX_RANK];   /* DMA extent (tile-rounded; may pass the array's end) */
  int64_t valid[TSR_MAX_RANK];  /* the part inside the array */
  bool partial;                 /* some valid < block */
} pipe_block_slice;

/* Computes the DMA slice of block `index` of an array of `shape` with `block` (squeezed dims
 * have block 1 and element-offset indices). Fails with TSR_ERR_BOUNDS when the block has no
 * element inside the array. */
tsr_status pipe_block_dma_slice(const int64_t *shape, int rank, const int64_t *block,
                           const bool *element_dim, const int64_t *tiling, const int64_t *index,
                           pipe_block_slice *out);

/* The TPU block-shape rule: the last two block dims divisible by the dtype tile ((8,128) for
 * 32-bit, (16,128) for 16-bit, (32,128) for 8-bit) or equal to the array dims; rank-1 blocks
 * equal to the array or a multiple of 128 x packing. Returns false and a reason when broken. */
bool pipe_block_shape_ok(const int64_t *shape, const int64_t *block, int rank, tsr_dtype dtype,
                    char *why, size_t cap);

#endif
