/* Splitting a grid across cores. */
#include "pipeline/partition.h"

#include "core/status.h"

/* The seed's split among the eligible dimensions: the first one divisible by the core count
 * is cut evenly; otherwise the largest, the first `rem` cores taking one extra iteration. */
static void split_eligible(const int64_t *grid, int rank, const bool *eligible, int num_cores,
                           int core, int64_t *sub_grid, int64_t *offsets, int *split_dim) {
  int dim = -1;
  for (int d = 0; d < rank && dim < 0; d++)
    if (eligible[d] && grid[d] % num_cores == 0) dim = d;
  if (dim >= 0) {
    sub_grid[dim] = grid[dim] / num_cores;
    offsets[dim] = core * sub_grid[dim];
  } else {
    for (int d = 0; d < rank; d++)
      if (eligible[d] && (dim < 0 || grid[d] > grid[dim])) dim = d;
    int64_t base = grid[dim] / num_cores, rem = grid[dim] % num_cores;
    int64_t iters = core < rem ? base + 1 : base;
    sub_grid[dim] = iters;
    /* Cores past the remainder have one iteration fewer, hence the shift by rem. */
    offsets[dim] = core < rem ? core * iters : core * base + rem;
  }
  *split_dim = dim;
}

tsr_status pipe_partition_grid(const int64_t *grid, int rank, const tsr_dim_semantics *sem,
                          int num_cores, int core, bool require_parallel, int64_t *sub_grid,
                          int64_t *offsets, int *split_dim) {
  for (int d = 0; d < rank; d++) { sub_grid[d] = grid[d]; offsets[d] = 0; }
  *split_dim = -1;
  if (num_cores <= 1) return TSR_OK;
  bool any_core_parallel = false, any_parallel = false;
  for (int d = 0; d < rank; d++) {
    if (sem && sem[d] == TSR_CORE_PARALLEL) any_core_parallel = true;
    if (sem && sem[d] != TSR_ARBITRARY) any_parallel = true;
  }
  if (!any_parallel) {
    if (require_parallel)
      return tsr_fail(TSR_ERR_INVALID, "cannot partition over cores without parallel grid dimensions");
    if (core != 0)
      for (int d = 0; d < rank; d++) sub_grid[d] = 0;
    return TSR_OK;
  }
  /* core_parallel dimensions are meant for the split: they win over parallel ones */
  bool eligible[TSR_MAX_GRID];
  for (int d = 0; d < rank; d++)
    eligible[d] = any_core_parallel ? sem[d] == TSR_CORE_PARALLEL : sem[d] != TSR_ARBITRARY;
  split_eligible(grid, rank, eligible, num_cores, core, sub_grid, offsets, split_dim);
  return TSR_OK;
}

tsr_status pipe_partition_grid_seed(const int64_t *grid, const bool *dynamic, int rank,
                               const tsr_dim_semantics *sem, int num_semantics, int num_cores,
                               int core, int64_t *sub_grid, int64_t *offsets, int *split_dim) {
  for (int d = 0; d < rank; d++) { sub_grid[d] = grid[d]; offsets[d] = 0; }
  *split_dim = -1;
  if (num_cores < 1 || core < 0 || core >= num_cores)
    return tsr_fail(TSR_ERR_INVALID, "cannot partition the grid: core %d of %d cores (the core "
                    "count must be known and positive)", core, num_cores);
  if (num_cores == 1) return TSR_OK;
  if (num_semantics != 0 && num_semantics != rank)
    return tsr_fail(TSR_ERR_INVALID, "dimension_semantics must be the same length as grid "
                    "(%d semantics for a rank-%d grid)", num_semantics, rank);
  bool any_parallel = false, any_static = false;
  for (int d = 0; d < num_semantics; d++)
    if (sem[d] != TSR_ARBITRARY) {
      any_parallel = true;
      if (!(dynamic && dynamic[d])) any_static = true;
    }
  if (!any_parallel)
    return tsr_fail(TSR_ERR_UNSUPPORTED, "cannot partition over cores without parallel grid "
                    "dimensions");
  if (!any_static)
    return tsr_fail(TSR_ERR_UNSUPPORTED, "cannot partition cores over only dynamic grid dimensions");
  bool eligible[TSR_MAX_GRID];
  for (int d = 0; d < rank; d++)
    eligible[d] = d < num_semantics && sem[d] != TSR_ARBITRARY && !(dynamic && dynamic[d]);
  split_eligible(grid, rank, eligible, num_cores, core, sub_grid, offsets, split_dim);
  return TSR_OK;
}
