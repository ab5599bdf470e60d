/* The kernel seam: everything a kernel executor needs from the pipeline and the machine below
 * it, in one header (as ggml-backend-impl.h is the one contract between ggml and a backend).
 * The Mosaic executor (src/mosaic/) includes this and nothing else from pipeline/ or machine/;
 * the front doors to come (the Python package, the FFI handler, many chips) reach the pipeline
 * the same way. Nothing here exposes a struct: tsr_ctx, tsr_machine and the carry watch stay
 * opaque, so the pipeline and the machine may change behind the seam.
 *
 * An executor gives tsr_pallas_call a description whose body it interprets; at each grid step
 * the body gets a tsr_ctx and uses the public kernel API for its blocks, program ids, cost,
 * DMAs (tsr_dma_start, tsr_dma_wait) and semaphores (tsr_sem_signal, tsr_sem_wait,
 * tsr_sem_read) (tessera/pipeline.h), and what follows for the rest. */
#ifndef TSR_PIPELINE_SEAM_H
#define TSR_PIPELINE_SEAM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/status.h"
#include "tessera/machine.h"
#include "tessera/pipeline.h"

/* ---- running a call --------------------------------------------------------------------- */

/* A verdict on a host split that ran (host_split.c): told, with d->user, whether it stands so
 * far, it returns whether it does; false voids it as a failed part would, and the call runs in
 * order next (the executor resets what the parts spent). */
typedef bool (*seam_split_verdict)(void *user, bool stands);

/* What a body does itself (seam_pallas_call_run's `body`). */
enum {
  /* it marks its own grid steps (seam_step_begin, below): the call emits no step or body
   * events and never splits */
  SEAM_BODY_STEPS = 1u << 0,
  /* it reports its own loads and stores as TSR_EV_ACCESS events (the Mosaic interpreter):
   * the call emits none for the blocks it hands the body, which an opaque C body gets as
   * whole-block accesses at each body's start */
  SEAM_BODY_ACCESSES = 1u << 1,
};
/* tsr_pallas_call for a body that reports its loads and stores (seam_report_access) and keeps
 * no other state from step to step (*split_ok; NULL: a body that does not): then the cores'
 * shares of the grid may run split into parts at once, on host threads standing in for the
 * cores, with the results and counts of the run in order. When a split was tried and did not
 * stand, *split_ok becomes false: a caller that runs the kernel again may spare it the try. */
tsr_status seam_pallas_call_run(tsr_machine *m, const tsr_call_desc *d, bool *split_ok, seam_split_verdict verdict,
                           unsigned body, tsr_call_stats *stats);
/* tsr_pallas_describe, which also says whether and where the host split would cut the grid. */
tsr_status seam_pallas_describe_run(tsr_machine *m, const tsr_call_desc *d, bool split_ok, FILE *out);

/* Core `core`'s share of d's grid (sizes and offsets, d->grid_rank entries), as a call
 * partitions it over the machine's cores (sizes 0: the core runs nothing). */
tsr_status seam_grid_share(const tsr_machine *m, const tsr_call_desc *d, int core, int64_t *share, int64_t *offsets);

/* How the pipeline moves one operand of a call: its blocks' shape and buffers. The plan makes
 * it once per operand (call_plan.c, call_operand_plan.geo), the engine's buffered ref holds it
 * (pipe_bref.geo), and seam_plan_operands hands it to a lowering that writes the pipeline out as a
 * kernel of its own (src/lower), so that the plan has one author. */
typedef struct seam_operand_geometry {
  bool passthrough;               /* ANY/HBM: the body gets the whole array, nothing is copied */
  int rank;
  int64_t block[TSR_MAX_RANK];    /* squeezed dimensions 1 (passthrough: see seam_plan_operands) */
  bool squeezed[TSR_MAX_RANK];
  bool element[TSR_MAX_RANK];     /* the index is an element offset */
  int64_t tiling[TSR_MAX_RANK];   /* the array's tiling, which rounds DMAs at its edges */
  int buffer_count;               /* 1 or 2 (0: passthrough) */
  tsr_space space;                /* where the blocks live */
  tsr_revisit revisit;
} seam_operand_geometry;

/* The plan of d's operands (inputs, then outputs; `out` has room for them) on machine m,
 * checked as a run checks it (block rules, buffer counts, the VMEM budget); the arrays need
 * no data. A passthrough operand's block is its array's shape. */
tsr_status seam_plan_operands(tsr_machine *m, const tsr_call_desc *d, seam_operand_geometry *out);

/* Many chips: runs fn(device_machine, device, arg) for every device of m at once, each on
 * its own thread (one device: fn(m, 0, arg)); fn runs its call on device_machine, and every
 * device must run one (the devices meet at the barriers of their calls). */
tsr_status seam_run_devices(tsr_machine *m, tsr_status (*fn)(tsr_machine *device_machine, int device, void *arg), void *arg);

/* ---- the machine ------------------------------------------------------------------------ */

/* The options the machine was made with (max_kernel_ops, host_helpers, ...). */
const tsr_machine_options *seam_options(const tsr_machine *m);
/* A warning of the run (tsr_machine_warnings; printed once per machine unless quiet). */
void seam_warn(tsr_machine *m, const char *fmt, ...) TSR_PRINTF(2, 3);
/* Runners: what runs a body's steps, each on one thread at a time: the chip's cores (0..cores-1,
 * their ids), then the stand-ins that run host parts of a split. State an executor keeps per
 * thread of execution (values, PRNG, op budget) is kept per runner, 0..seam_num_runners-1. */
int seam_num_runners(const tsr_machine *m);
/* The core a runner's steps were (last) run for: its own id, or a stand-in's core. */
int seam_runner_core(const tsr_machine *m, int runner);

/* ---- a body at one grid step ------------------------------------------------------------ */

/* The runner running this body (seam_num_runners). */
int seam_runner(const tsr_ctx *c);
/* The grid's rank (tsr_ctx_num_programs answers 1 past it). */
int seam_grid_rank(const tsr_ctx *c);

/* Events: whether an observer reads the body's loads and stores (TSR_EV_ACCESS: the checkers
 * do, the timing model, which reads the schedule only, does not; a body reports none
 * otherwise), and an event from this body
 * at its current step (ev->step is set here; ev->core by the machine). */
bool seam_accesses_observed(const tsr_ctx *c);
/* The shape of an array in HBM as the chip lays it out: its last two dimensions rounded up
 * to the tiling (8x128 for 32-bit types, more rows for packed ones). A window of the array
 * may reach into that padding. */
void seam_array_padded_shape(const tsr_ctx *c, const tsr_ref *r, int64_t *padded);
void seam_emit(tsr_ctx *c, tsr_event *ev);

/* A body that runs the pipeline itself: a kernel that moves its own blocks (one `tessera
 * lower` wrote) marks its grid steps, its body and its copies (docs/lowering.md, "Marks"), and
 * reports them here, so that observers see the events the pipeline would have emitted around
 * the original kernel. Its call runs with SEAM_BODY_STEPS (seam_pallas_call_run): the call then emits no
 * step or body events of its own. `step` counts from 0 in the core's share of the grid. */
void seam_step_begin(tsr_ctx *c, int64_t step);
void seam_step_end(tsr_ctx *c);
void seam_body_begin(tsr_ctx *c);
void seam_body_end(tsr_ctx *c, const tsr_cost *cost);
/* A copy of input (dir in) or output (dir out) number `operand`, and the wait for one, as
 * tsr_dma_start and tsr_dma_wait do otherwise; the semaphore counts `bytes` (0: dst's bytes;
 * an edge block's in-bounds part counts as the pipeline counts it). A copy the pipeline
 * skipped. */
tsr_status seam_dma_start(tsr_ctx *c, const tsr_ref *src, const tsr_ref *dst, const tsr_ref *sem, tsr_dma_dir dir,
                          int operand, int64_t bytes);
tsr_status seam_dma_wait(tsr_ctx *c, const tsr_ref *sem, const tsr_ref *dst, int operand, int64_t bytes);
/* A kernel's own copy, as tsr_dma_start, started by the op at `loc` (its DMA_START event says
 * so); the semaphore counts `bytes` (0: dst's bytes). With `field_bits`, a copy of sub-byte
 * fields (dma_request.field_bits: the packed side is bytes of U8, the other a field a byte,
 * both of one shape whose second-minor dimension indexes the fields of a byte); 0: none. */
tsr_status seam_kernel_dma_start(tsr_ctx *c, const tsr_ref *src, const tsr_ref *dst, const tsr_ref *sem, int64_t bytes,
                                 int field_bits, const char *loc);
void seam_dma_skip(tsr_ctx *c, tsr_dma_dir dir, int operand);

/* The carry watch of a host part (NULL elsewhere): a body that runs in host parts reports the
 * windows it loads and stores to it. `write` only for exact writes (a masked store passes
 * false); a load whose value nothing uses is no read. */
struct pipe_carry_watch;
struct pipe_carry_watch *seam_carry(const tsr_ctx *c);
void seam_report_access(struct pipe_carry_watch *w, const tsr_ref *window, bool read, bool write);

/* Scoped memory: buffers a body allocates in VMEM, SMEM or semaphore memory (poisoned;
 * semaphores zero) live until the scope they were allocated in ends. As on a TPU, where they
 * sit at static addresses, another core's or device's copy or signal reaches one at its place
 * (its number among the core's allocations) also while the owner is outside the scope: what
 * landed there before the owner allocated it is what the allocation then holds. */
typedef struct seam_scope {
  int marks[3]; /* live buffers in VMEM, SMEM and semaphore memory when it began */
} seam_scope;
seam_scope seam_scope_begin(const tsr_ctx *c);
tsr_status seam_alloc(tsr_ctx *c, tsr_space space, tsr_dtype dtype, int rank, const int64_t *shape, const char *what,
                      tsr_ref *out);
/* Whether a semaphore allocated in the scope holds a count (*value: the first such); it must
 * be back at zero when the scope ends. */
bool seam_scope_sem_held(const tsr_ctx *c, const seam_scope *s, int64_t *value);
/* Releases what was allocated since the scope began (kept at its place until the call ends). */
void seam_scope_end(tsr_ctx *c, const seam_scope *s);

#endif
