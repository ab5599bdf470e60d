/* Splitting a grid across cores. */
#include "pipeline/partition.h"

#include "core/status.h"

tsr_status partition_grid(const int64_t *grid, int rank, const tsr_dim_semantics *sem,
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
  tsr_dim_semantics want = any_core_parallel ? TSR_CORE_PARALLEL : TSR_PARALLEL;
  int dim = -1;
  for (int d = 0; d < rank && dim < 0; d++)
    if (sem[d] == want && grid[d] % num_cores == 0) dim = d;
  if (dim >= 0) {
    int64_t part = grid[dim] / num_cores;
    sub_grid[dim] = part;
    offsets[dim] = core * part;
  } else {
    int64_t largest = -1;
    for (int d = 0; d < rank; d++)
      if ((sem[d] == want || (want == TSR_PARALLEL && sem[d] == TSR_CORE_PARALLEL)) && grid[d] > largest) {
        largest = grid[d];
        dim = d;
      }
    int64_t base = grid[dim] / num_cores, rem = grid[dim] % num_cores;
    int64_t iters = core < rem ? base + 1 : base;
    sub_grid[dim] = iters;
    offsets[dim] = core < rem ? core * iters : core * base + rem;
  }
  *split_dim = dim;
  return TSR_OK;
}
