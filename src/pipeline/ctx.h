/* The kernel context: what a body sees at one grid step (opaque beyond the pipeline: the public
 * kernel API and the kernel seam, seam.h, read it). */
#ifndef TSR_PIPELINE_CTX_H
#define TSR_PIPELINE_CTX_H

#include "pipeline/engine.h"

struct tsr_ctx {
  tsr_machine *m;
  machine_core *core;
  const int64_t *index;          /* grid indices of this step (global) */
  const int64_t *grid;           /* the whole grid (num_programs) */
  int grid_rank;
  const tsr_ref *const *in;      /* borrowed views, one per input */
  const tsr_ref *const *out;
  int num_in, num_out;
  const tsr_ref *scratch;
  int num_scratch;
  const tsr_ref *prefetch;
  int num_prefetch;
  tsr_cost cost;                 /* what the body reported this step */
  bool cost_reported;
  tsr_ref sync_sem;              /* tsr_sync_copy's own DMA semaphore */
  struct pipe_carry_watch *carry;     /* a host part of a host split: the body reports its loads
                                  * and stores here (carry.h); NULL otherwise */
};

#endif
