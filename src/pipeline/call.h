/* One pallas_call's plan: its operands checked and sized, its VMEM, and what its cores share
 * while they run (call_plan.c); how a core runs its share (pallas_call.c), its semaphore
 * operands (call_semaphores.c) and the blocks two cores write (call_writes.c); the host split
 * (host_split.c) plans and runs parts of it. */
#ifndef TSR_PIPELINE_CALL_H
#define TSR_PIPELINE_CALL_H

#include "pipeline/ctx.h"
#include "pipeline/engine.h"
#include "pipeline/host_split.h"
#include "pipeline/seam.h"

typedef struct call_operand_plan {
  const tsr_block_spec *spec;
  tsr_block_spec whole;        /* used when the call gives no spec */
  tsr_ref hbm;
  bool is_output;
  int index;                   /* among inputs or outputs */
  seam_operand_geometry geo;   /* what each core's pipe_bref gets (a passthrough's block: zeros) */
  bool semaphores;              /* SEMAPHORE_MEM: the array holds semaphore counts */
  /* An output aliased to an input where both are whole arrays resident in VMEM or SMEM (a
   * memory-space operand, no block shape): on a TPU they are one buffer, so the output's
   * block is the input's (share_input, call_plan.c). The other's index in the call's
   * operands (inputs, then outputs), on both; -1 for the rest. */
  int shares;
  int64_t block_bytes;
} call_operand_plan;

typedef struct call_plan {
  tsr_machine *m;
  const tsr_call_desc *d;
  int n;                       /* operands: inputs then outputs */
  call_operand_plan *ops;
  int64_t vmem_limit;
  /* what tessera's VMEM holds beyond the kernel's bytes: 4-bit blocks take a byte an element
   * there, as in host arrays, half a byte on a TPU; the allocator's limit allows for it */
  int64_t vmem_unpacked_extra;
  int64_t vmem_bytes, smem_bytes;
  bool plan_only;              /* planning without running: arrays need no data */
  bool body_steps;             /* the body emits its own step and body events (seam.h) */
  bool body_accesses;          /* the body emits its own access events (seam.h) */
  tsr_call_stats *stats;
  pthread_mutex_t stats_lock;
  /* per output and core (outputs x cores): the blocks each core wrote back, kept from its
   * brefs until every core is done, to find blocks written by two cores */
  pipe_bref *written_by_core;
  pipe_host_split split;
} call_plan;

/* What one core (or one part of a host split) holds while it runs the call. */
typedef struct call_core_run {
  call_plan *cp;
  pipe_pipeline p;
  tsr_ctx ctx;
  pipe_carry_watch carry;           /* a host part's watch (ctx.carry) */
  const tsr_ref *in_views[TSR_MAX_OPERANDS], *out_views[TSR_MAX_OPERANDS];
  tsr_ref scratch[64];
  tsr_ref prefetch[64];
  double step_cost_share;
  bool carried_out;            /* call_carry_out has run (after the last body, or after the pipeline) */
} call_core_run;

/* "VMEM", "SMEM", "ANY", "HBM", "host". */
const char *call_space_label(tsr_space s);
/* "in0", "out1". */
void call_operand_name(const call_operand_plan *o, char *buf, size_t cap);
/* The operands' blocks and buffers (aliased outputs take their inputs' arrays) and the VMEM
 * and SMEM they need, against the limits; plan_only: the arrays need no data. The caller
 * frees cp->ops, also after a failure. */
tsr_status call_plan_make(tsr_machine *m, const tsr_call_desc *d, bool plan_only, call_plan *cp);
/* Runs core c's share of the grid, or in a split the part c runs (cp: the call_plan;
 * a job for machine_run_cores). */
tsr_status call_run_core(machine_core *c, void *cp);
/* A buffer of core c in `space` for a ref of that shape (fill: poisoned as the space's new
 * memory is; otherwise left as it is, to be filled before anything reads it). */
tsr_status call_alloc_ref_as(machine_core *c, call_plan *cp, tsr_space space, tsr_dtype dtype, int rank,
                             const int64_t *shape, const char *what, bool fill, tsr_ref *out);
tsr_status call_alloc_ref(machine_core *c, call_plan *cp, tsr_space space, tsr_dtype dtype, int rank,
                          const int64_t *shape, const char *what, tsr_ref *out);

/* ---- fast paths (fast_paths.c: each predicate with the reason nothing can tell) ---- */
/* Sets o's pipe_bref flags: read_only_view and strided_view (input blocks as views of HBM),
 * overwrite_view (output blocks written in place in HBM), late_in and late_out (host copies
 * moved from DMA starts to their waits), shared_slot. */
void call_choose_fast_paths(const call_plan *cp, const call_operand_plan *o, pipe_bref *b);
/* Whether a slot's poison may wait for its first use as a copy (pipe_bref.unfilled). */
bool call_may_defer_slot_poison(const machine_core *c, const pipe_bref *b);

/* ---- semaphore operands (call_semaphores.c) ---- */
tsr_status call_bind_semaphores(call_plan *cp, machine_core *c, call_core_run *r, int i);
void call_carry_in(call_plan *cp, machine_core *c, call_core_run *r);
tsr_status call_carry_out(call_plan *cp, machine_core *c, call_core_run *r);
tsr_status call_check_sems_zero(call_plan *cp, machine_core *c, call_core_run *r);
/* The same for the scratch semaphores alone (a SparseCore subcore's, when its step ends). */
tsr_status call_check_scratch_sems_zero(call_plan *cp, machine_core *c, call_core_run *r);

/* ---- blocks written by two cores (call_writes.c) ---- */
void call_keep_written(call_plan *cp, machine_core *c, pipe_bref *brefs);
void call_check_cross_core_writes(call_plan *cp);
void call_clear_written(call_plan *cp);
void call_free_written(call_plan *cp);

#endif
