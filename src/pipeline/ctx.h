/* The kernel context: what a body sees at one grid step. */
#ifndef TSR_PIPELINE_CTX_H
#define TSR_PIPELINE_CTX_H

#include "pipeline/engine.h"

struct tsr_ctx {
  tsr_machine *m;
  tsr_core *core;
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
  struct carry_watch *carry;     /* a host part of a host split: the body reports its loads
                                  * and stores here (carry.h); NULL otherwise */
  bool alone;                    /* no host helper can share a parallel_for now: the machine
                                  * has none, or they all run parts of a host split */
};

/* tsr_pallas_call, for a body that reports its loads and stores to ctx.carry and keeps no
 * other state (*split_ok; NULL: a body that does not): then the cores' shares of the grid
 * may be split into parts that run at once (host_split.c). `verdict` (optional) is told, with d->user,
 * whether a split that ran stands so far, and returns whether it does: false voids it as a
 * failed part would, and the call runs in order next (the body resets what the parts
 * spent). When a split was tried and did not stand, *split_ok becomes false: a caller that
 * runs the kernel again may spare it the try. */
tsr_status pallas_call_run(tsr_machine *m, const tsr_call_desc *d, bool *split_ok,
                           bool (*verdict)(void *user, bool stands), tsr_call_stats *stats);
/* tsr_pallas_describe, which also says whether and where the host split would cut the grid. */
tsr_status pallas_describe_run(tsr_machine *m, const tsr_call_desc *d, bool split_ok, FILE *out);

#endif
