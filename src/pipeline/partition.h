/* Splitting a grid across cores (the seed's _partition_grid), shared by pallas_call and
 * emit_pipeline. */
#ifndef TSR_PIPELINE_PARTITION_H
#define TSR_PIPELINE_PARTITION_H

#include "tessera/pipeline.h"

/* For core `core` of `num_cores`: its sub-grid and the offsets of its indices. With one core
 * or no parallel dimension, the whole grid goes to core 0 and the others get an empty grid
 * (sizes 0) unless `require_parallel`, which makes that an error as the seed does.
 * Core-parallel dimensions are preferred over parallel ones. The first candidate dimension
 * divisible by the core count is cut evenly; otherwise the largest one, with one extra
 * iteration for each of the first `rem` cores. */
tsr_status pipe_partition_grid(const int64_t *grid, int rank, const tsr_dim_semantics *sem,
                          int num_cores, int core, bool require_parallel, int64_t *sub_grid,
                          int64_t *offsets, int *split_dim);

/* emit_pipeline's split (the seed's _partition_grid exactly, but the uneven case cuts only a
 * parallel dimension): `dynamic` marks sizes that were traced values in JAX, which are never
 * cut; num_semantics 0 means none given (all arbitrary). Fails as the seed does: semantics of
 * the wrong length, no parallel dimension, only dynamic parallel dimensions. */
tsr_status pipe_partition_grid_seed(const int64_t *grid, const bool *dynamic, int rank,
                               const tsr_dim_semantics *sem, int num_semantics, int num_cores,
                               int core, int64_t *sub_grid, int64_t *offsets, int *split_dim);

#endif
