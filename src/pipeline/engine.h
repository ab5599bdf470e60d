/* The pipeline engine: buffered refs and the scheduler of the seed (pipeline.py), shared by
 * pallas_call (one invocation over a core's grid) and emit_pipeline (nested invocations).
 *
 * Each step runs the seed's loop body: initialize, wait_in, copy_in, [prefetch hook], body,
 * wait_out, [postyeet hook], copy_out, finalize; a schedule is a table of predicates that
 * decides, per buffered ref, which of those phases act. */
#ifndef TSR_PIPELINE_ENGINE_H
#define TSR_PIPELINE_ENGINE_H

#include "machine/machine_internal.h"
#include "pipeline/seam.h"
#include "tessera/pipeline.h"

#define PIPE_MAX_BUFFERS 8

typedef enum pipe_bref_kind { PIPE_BREF_INPUT = 1, PIPE_BREF_OUTPUT = 2, PIPE_BREF_ACCUM = 3 } pipe_bref_kind;

typedef struct pipe_schedule pipe_schedule;

/* Tagged tsr_bref so that the public emit_pipeline API can hand buffered refs to hooks and
 * schedule predicates without exposing the layout. */
typedef struct tsr_bref {
  pipe_bref_kind kind;
  int operand;                      /* index among the call's inputs or outputs */
  char name[24];                    /* "in0", "out1" */
  tsr_ref hbm;                      /* the whole array */
  seam_operand_geometry geo;        /* blocks, buffers and where they live (the call's plan) */
  tsr_index_map_fn index_map;
  void *index_map_user;
  int axis_map[TSR_MAX_RANK];       /* when index_map is NULL: TSR_AXIS(k) or 0 */
  bool read_only_view;              /* contiguous blocks may be views (tsr_block_spec.read_only
                                     * and the call allows it, fast_paths.c) */
  bool strided_view;                /* with read_only_view: strided blocks too
                                     * (tsr_block_spec.strided_reads) */
  bool overwrite_view;              /* output blocks may be written in place in HBM
                                     * (tsr_block_spec.overwrites and the call allows it,
                                     * fast_paths.c) */
  bool late_in;                     /* input blocks' host copies may move to their waits
                                     * (machine_dma_request.late; the call allows it, fast_paths.c) */
  bool late_out;                    /* output blocks' write-backs likewise */
  bool shared_slot;                 /* an input and its aliased output with one buffer between
                                     * them (call.h, call_operand_plan.shares): never a view of HBM */
  bool warned_parallel_revisit;     /* the warning of check_parallel_revisit, once per call */
  char *held_warning;               /* that warning, when the pipeline holds warnings (malloc) */
  bool bypass;                      /* block space == source space: slot 0 aliases the source's
                                     * block, no DMAs (accumulators still act) */
  const pipe_schedule *schedule;    /* NULL: the pipeline's */
  tsr_ref slot[PIPE_MAX_BUFFERS];    /* full-rank block windows */
  /* zero-copy mode, a read-only input or an overwritten output: a slot that is a view of the
   * HBM block instead of its VMEM buffer */
  tsr_ref hbm_view[PIPE_MAX_BUFFERS];
  bool is_view[PIPE_MAX_BUFFERS];
  /* A slot whose buffer does not hold its fresh poison yet (fast_paths.c defers it where
   * every block may be a view and nothing observes the run): written when the slot is first
   * used as a copy, before a DMA or the body touches it (bind_view, pipe_bref_update_view). */
  bool unfilled[PIPE_MAX_BUFFERS];
  tsr_ref accum;                    /* PIPE_BREF_ACCUM: a block in the output's dtype (the seed's
                                     * accum_ref); sums are taken in f32, or i32 for i32 */
  tsr_ref sem_recv, sem_send;       /* rank-0 DMA semaphores */
  int current_slot, next_slot;
  /* Block indices at the previous, current and next step (cyclic, as the seed's scheduler),
   * evaluated once per step; first is kept for the last step's "next". */
  int64_t blk_prev[TSR_MAX_RANK], blk_cur[TSR_MAX_RANK], blk_next[TSR_MAX_RANK];
  int64_t blk_first[TSR_MAX_RANK];
  tsr_ref view;                     /* what the body sees this step */
  /* Output blocks already written back (revisit rule of the top-level pipeline): an
   * open-addressing hash set of block indices, `rank` words per entry, with the step (in
   * the core's order) of each block's first write-back. */
  int64_t *written;
  bool *written_used;
  int64_t *written_step;
  int64_t num_written, cap_written;
  tsr_dma_counts dma;                /* this pipeline's (or invocation's, emit_pipeline.c) */
} pipe_bref;

struct pipe_pipeline;

/* Tagged tsr_scheduler for the same reason as tsr_bref. */
typedef struct tsr_scheduler {
  struct pipe_pipeline *p;
  int64_t step, num_steps;
  bool first_step, last_step;
  bool first_step_ever, last_step_ever;
  bool init_accumulators;
  /* Copies hooks started on other pipelines' brefs (counted with this invocation). */
  int64_t foreign_dma_in, foreign_bytes_in;
} pipe_sched;

static inline bool pipe_bref_is_input(const pipe_bref *b) { return b->kind != PIPE_BREF_OUTPUT; }
static inline bool pipe_bref_is_output(const pipe_bref *b) { return b->kind != PIPE_BREF_INPUT; }
/* Whether two block indices (rank entries) differ. */
bool pipe_blocks_differ(const int64_t *a, const int64_t *b, int rank);
bool pipe_sched_has_changed(const pipe_sched *s, const pipe_bref *b);
bool pipe_sched_will_change(const pipe_sched *s, const pipe_bref *b);

typedef bool (*pipe_sched_pred)(const pipe_sched *s, const pipe_bref *b, void *user);

struct pipe_schedule {
  pipe_sched_pred prologue_copy_in, wait_in, copy_in, prefetch, wait_out, copy_out, epilogue_wait_out;
  void *user;
};

/* The seed's 'default' schedule (with skip_input_copies_when_init_accumulators applied). */
extern const pipe_schedule pipe_schedule_default;
/* The seed's 'fixed' schedule (same adjustment). */
extern const pipe_schedule pipe_schedule_fixed;

typedef struct pipe_pipeline pipe_pipeline;
typedef tsr_status (*pipe_body_fn)(pipe_pipeline *p, void *user);
typedef tsr_status (*pipe_hook_fn)(pipe_pipeline *p, void *user);

struct pipe_pipeline {
  machine_core *core;
  const char *name;
  int grid_rank;
  int64_t grid[TSR_MAX_GRID];       /* this invocation's grid (a core's share) */
  int64_t offsets[TSR_MAX_GRID];    /* added to indices (core split) */
  int64_t num_steps;
  int64_t index[TSR_MAX_GRID];      /* current step's grid indices, offsets included */
  int64_t prev_index[TSR_MAX_GRID]; /* cyclic neighbours (the seed's prev/next_indices) */
  int64_t next_index[TSR_MAX_GRID];
  pipe_bref *brefs;
  int num_brefs;
  const tsr_ref *prefetch;          /* scalar-prefetch refs handed to index maps */
  int num_prefetch;
  const pipe_schedule *schedule;
  bool first_cycle, last_cycle, init_accumulators;
  bool check_revisits;              /* top-level pallas_call rules */
  const tsr_dim_semantics *semantics; /* the top-level grid's, for check_parallel_revisit */
  bool emit_steps;                  /* STEP_BEGIN/END events (the top-level grid) */
  /* A SparseCore kernel's grid (the mesh, grid_rank dimensions), whose steps are its subcores:
   * each step runs as its subcore (machine_core.agent), with scoped allocations of its own. NULL:
   * a TensorCore's grid. */
  const int64_t *subcore_grid;
  bool hold_warnings;               /* a host split's part: warnings wait in the brefs for the
                                     * split to stand (pallas_call.c), not to the machine */
  pipe_body_fn body;
  void *body_user;
  pipe_hook_fn prefetch_hook, postyeet_hook; /* emit_pipeline fusion hooks */
  void *hook_user;
  pipe_sched s;                          /* the current step's scheduler state */
};

/* Runs every step of one invocation. */
tsr_status pipe_run(pipe_pipeline *p);

/* Phases on one buffered ref (also what prefetch/postyeet hooks call). */
tsr_status pipe_bref_copy_in(pipe_pipeline *p, pipe_bref *b, const int64_t *blk);
tsr_status pipe_bref_wait_in(pipe_pipeline *p, pipe_bref *b, const int64_t *blk);
tsr_status pipe_bref_copy_out(pipe_pipeline *p, pipe_bref *b, const int64_t *blk);
tsr_status pipe_bref_wait_out(pipe_pipeline *p, pipe_bref *b, const int64_t *blk);
/* Whether output block blk is in b's set of blocks written back (top-level pipelines). */
bool pipe_bref_was_written(const pipe_bref *b, const int64_t *blk);
/* Adds blk to that set (b->rank words), written back at `step` (kept if it is there). */
tsr_status pipe_bref_mark_written(pipe_bref *b, const int64_t *blk, int64_t step);
/* The step at which blk was first written back; -1 when it was not. */
int64_t pipe_bref_written_step(const pipe_bref *b, const int64_t *blk);
/* Adds every block of from's set to into's (the same rank). */
tsr_status pipe_bref_add_written(pipe_bref *into, const pipe_bref *from);
/* Frees that set and empties it. */
void pipe_bref_free_written(pipe_bref *b);
/* The bytes a copy of block blk moves (what the DMA counts); -1 for a block that is never
 * copied (bypass) or not valid. */
int64_t pipe_bref_block_bytes(const pipe_bref *b, const int64_t *blk);
/* Evaluates b's index map at grid indices `idx`. */
tsr_status pipe_bref_block_index(pipe_pipeline *p, pipe_bref *b, const int64_t *idx, int64_t *blk);
/* The body's view of the current slot (squeezed dims removed). */
void pipe_bref_update_view(pipe_bref *b);
/* The seed's set_accumulator (zero, or the current block) and accumulate (current block +=
 * accumulator), src/pipeline/accum.c. */
void pipe_bref_set_accumulator(pipe_bref *b, bool init);
void pipe_bref_accumulate(pipe_bref *b);

#endif
