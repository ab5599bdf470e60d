/* tessera emit_pipeline: a nested pipeline run from inside a pallas_call body (the seed's
 * emit_pipeline, pipeline.py), for kernels whose outer grid walks HBM in big chunks (operands
 * in ANY/HBM) while an inner grid moves VMEM blocks of each chunk.
 *
 * Each inner step runs the seed's phases on every buffered ref: initialize, wait_in, copy_in,
 * [prefetch hook, last step], body, wait_out, [postyeet hook, first step], copy_out,
 * finalize. A schedule decides, per buffered ref, which of those act (docs/emit_pipeline.md). */
#ifndef TESSERA_EMIT_PIPELINE_H
#define TESSERA_EMIT_PIPELINE_H

#include "tessera/pipeline.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One step's scheduler and one buffered ref, borrowed by hooks and schedule predicates. */
typedef struct tsr_scheduler tsr_scheduler;
typedef struct tsr_bref tsr_bref;
typedef struct tsr_pipeline_allocations tsr_pipeline_allocations;

typedef struct tsr_pipeline_desc {
  const char *name;                          /* prefixes DMA names: "name.in0"; NULL: "in0" */
  int grid_rank;                             /* 1..6 */
  int64_t grid[TSR_MAX_GRID];                /* runtime values; 0 runs no step */
  bool grid_dynamic[TSR_MAX_GRID];           /* a traced size in JAX: never split over cores */
  int num_inputs;
  const tsr_block_spec *in_specs;
  int num_outputs;
  const tsr_block_spec *out_specs;
  const bool *should_accumulate_out;         /* NULL: no accumulators; else one per output */
  bool has_core_axis;                        /* split the grid over the enclosing grid's axis */
  int core_axis;                             /* an axis of the enclosing pallas_call's grid */
  int num_semantics;                         /* 0: none given (all arbitrary) */
  tsr_dim_semantics semantics[TSR_MAX_GRID];
} tsr_pipeline_desc;

/* ---- schedules ------------------------------------------------------------------------ */

typedef bool (*tsr_schedule_pred)(const tsr_scheduler *s, const tsr_bref *b, void *user);

typedef enum tsr_schedule_kind {
  TSR_SCHEDULE_DEFAULT = 0,  /* the seed's 'default': HBM refs are assumed to change per cycle */
  TSR_SCHEDULE_FIXED,        /* the seed's 'fixed': copies only when blocks change */
  TSR_SCHEDULE_CUSTOM,       /* the predicates below; a NULL one falls back to 'default' */
} tsr_schedule_kind;

typedef struct tsr_schedule {
  tsr_schedule_kind kind;
  tsr_schedule_pred prologue_copy_in, wait_in, copy_in, prefetch, wait_out, copy_out,
      epilogue_wait_out;
  void *user;
} tsr_schedule;

/* What predicates see. Steps are this invocation's; "ever" adds first/last cycle. */
int64_t tsr_sched_step(const tsr_scheduler *s);
int64_t tsr_sched_num_steps(const tsr_scheduler *s);
bool tsr_sched_first_step(const tsr_scheduler *s);
bool tsr_sched_last_step(const tsr_scheduler *s);
bool tsr_sched_first_step_ever(const tsr_scheduler *s);
bool tsr_sched_last_step_ever(const tsr_scheduler *s);
bool tsr_sched_init_accumulators(const tsr_scheduler *s);
/* Block index of b differs from the previous (next) step's, cyclically. */
bool tsr_sched_has_changed(const tsr_scheduler *s, const tsr_bref *b);
bool tsr_sched_will_change(const tsr_scheduler *s, const tsr_bref *b);
bool tsr_bref_is_input(const tsr_bref *b);        /* inputs and accumulators */
bool tsr_bref_is_output(const tsr_bref *b);       /* outputs and accumulators */
bool tsr_bref_is_accumulator(const tsr_bref *b);
const char *tsr_bref_name(const tsr_bref *b);

/* ---- hooks ------------------------------------------------------------------------------ */

/* prefetch runs on the last step after the input phases; postyeet on the first step after
 * wait_out. `ctx` is the inner context. */
typedef tsr_status (*tsr_pipeline_hook_fn)(tsr_ctx *ctx, tsr_scheduler *s, void *user);

/* This invocation's buffered refs: inputs then outputs. */
tsr_bref *tsr_sched_bref(tsr_scheduler *s, int i);
/* The seed's Scheduler.prefetch: on the last step, when `schedule`'s prefetch predicate holds
 * (NULL: 'default'), starts the copy of b's block at the next (cyclic: first) grid index from
 * `src` (the next invocation's array). b may belong to another pipeline's allocations on the
 * same core. */
tsr_status tsr_sched_prefetch(tsr_scheduler *s, tsr_bref *b, const tsr_ref *src,
                              const tsr_schedule *schedule);
/* The seed's Scheduler.wait_out: when the wait_out predicate holds, waits for the copy of b's
 * block at the previous (cyclic: last) grid index into `dst` (the previous invocation's). */
tsr_status tsr_sched_wait_out(tsr_scheduler *s, tsr_bref *b, const tsr_ref *dst,
                              const tsr_schedule *schedule);

/* ---- running ---------------------------------------------------------------------------- */

typedef struct tsr_pipeline_stats {
  int64_t steps;
  tsr_dma_counts dma;
} tsr_pipeline_stats;

typedef struct tsr_pipeline_run_opts {
  bool not_first_cycle;                  /* the seed's first_cycle=False */
  bool not_last_cycle;                   /* the seed's last_cycle=False */
  bool init_accumulators;                /* zero accumulators instead of reading them */
  tsr_pipeline_hook_fn prefetch, postyeet;
  void *hook_user;
  const tsr_schedule *schedule;          /* every ref; NULL: default */
  const tsr_schedule *const *ref_schedules; /* per ref (inputs then outputs), NULL entries:
                                             * `schedule` */
  tsr_pipeline_allocations *allocations; /* NULL: buffers scoped to this call */
  tsr_pipeline_stats *stats;             /* optional: this invocation's figures */
} tsr_pipeline_run_opts;

/* The inner kernel: tsr_ctx_in/out are the inner blocks; program ids and num_programs are the
 * inner grid's (the core's share; ids include the core's offset, as the seed's grid_env);
 * scratch and scalar prefetch are the enclosing kernel's. */
typedef tsr_status (*tsr_pipeline_body_fn)(tsr_ctx *ctx, void *user);

/* Runs the pipeline over `refs` (inputs then outputs) from inside a pallas_call body. A ref
 * whose space is its block spec's space (a VMEM block of a VMEM ref) is not copied: the body
 * gets the source's block in place. Other refs must have rank >= 2. opts may be NULL. */
tsr_status tsr_emit_pipeline(tsr_ctx *ctx, const tsr_pipeline_desc *pd, const tsr_ref *refs,
                             tsr_pipeline_body_fn body, void *user,
                             const tsr_pipeline_run_opts *opts);

/* The seed's make_pipeline_allocations: buffers, accumulators and semaphores made once (in a
 * pallas_call body) and reused by invocations over refs of the same dtypes, so that slots and
 * in-flight copies carry from one invocation to the next. Allocations live on the calling
 * core until destroyed (last created, first destroyed) or until the pallas_call ends. */
tsr_status tsr_pipeline_allocations_create(tsr_ctx *ctx, const tsr_pipeline_desc *pd,
                                           const tsr_ref *refs, tsr_pipeline_allocations **out);
void tsr_pipeline_allocations_destroy(tsr_pipeline_allocations *a);
/* Buffered ref i (inputs then outputs) of an allocation, for hooks of other pipelines. */
tsr_bref *tsr_pipeline_allocations_bref(tsr_pipeline_allocations *a, int i);

#ifdef __cplusplus
}
#endif
#endif
