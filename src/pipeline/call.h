/* One pallas_call's plan: its operands checked and sized, its VMEM, and what its cores share
 * while they run (pallas_call.c); the host split (host_split.c) plans and runs parts of it. */
#ifndef TSR_PIPELINE_CALL_H
#define TSR_PIPELINE_CALL_H

#include "pipeline/engine.h"
#include "pipeline/host_split.h"

typedef struct operand_plan {
  const tsr_block_spec *spec;
  tsr_block_spec whole;        /* used when the call gives no spec */
  tsr_ref hbm;
  bool is_output;
  int index;                   /* among inputs or outputs */
  int rank;
  int64_t block[TSR_MAX_RANK];
  bool squeezed[TSR_MAX_RANK];
  bool passthrough;
  bool semaphores;              /* SEMAPHORE_MEM: the array holds semaphore counts */
  /* An output aliased to an input where both are whole arrays resident in VMEM or SMEM (a
   * memory-space operand, no block shape): on a TPU they are one buffer, so the output's
   * block is the input's (share_input, pallas_call.c). The other's index in the call's
   * operands (inputs, then outputs), on both; -1 for the rest. */
  int shares;
  int buffer_count;
  int64_t block_bytes;
} operand_plan;

typedef struct call_plan {
  tsr_machine *m;
  const tsr_call_desc *d;
  int n;                       /* operands: inputs then outputs */
  operand_plan *ops;
  int64_t vmem_limit;
  int64_t vmem_bytes, smem_bytes;
  bool plan_only;              /* planning without running: arrays need no data */
  bool body_steps;             /* the body emits its own step and body events (seam.h) */
  bool body_accesses;          /* the body emits its own access events (seam.h) */
  tsr_call_stats *stats;
  pthread_mutex_t stats_lock;
  /* per output and core (outputs x cores): the blocks each core wrote back, kept from its
   * brefs until every core is done, to find blocks written by two cores */
  bref *written_by_core;
  host_split split;
} call_plan;

/* "in0", "out1". */
void call_operand_name(const operand_plan *o, char *buf, size_t cap);
/* Runs core c's share of the grid, or in a split the part c runs (cp: the call_plan;
 * a job for machine_run_cores). */
tsr_status call_run_core(tsr_core *c, void *cp);

#endif
