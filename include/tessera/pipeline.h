/* tessera pipeline: pallas_call (grid, BlockSpecs, scratch, scalar prefetch, aliases,
 * dimension semantics) and the kernel API (blocks, program ids, async copies, semaphores).
 *
 * The pipeline follows Pallas on TPU: the grid runs in lexicographic order on each core; an
 * input block is fetched only when its block index changes; an output block is written back
 * when its index will change or at the last step; the next step's index maps are evaluated
 * and its input DMAs started before the current body runs (double buffering). */
#ifndef TESSERA_PIPELINE_H
#define TESSERA_PIPELINE_H

#include <stdio.h>

#include "tessera/machine.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TSR_MAX_GRID 6
#define TSR_SQUEEZED (-1) /* a block dimension of None: size 1, removed from the kernel's ref */
#define TSR_MAX_OPERANDS 64

typedef enum tsr_dim_semantics {
  TSR_ARBITRARY = 0,
  TSR_PARALLEL,
  TSR_CORE_PARALLEL,
} tsr_dim_semantics;

typedef enum tsr_revisit {
  TSR_REVISIT_IMMEDIATE = 0, /* an output block may only be revisited by consecutive steps */
  TSR_REVISIT_ANY,           /* any revisit: the block is re-read from HBM (needs 1 buffer) */
} tsr_revisit;

/* Maps grid indices (and the scalar-prefetch refs, in SMEM) to block indices: one per block
 * dimension. For a Blocked dimension the block index i selects elements [i*b, (i+1)*b); for a
 * squeezed or element dimension it is an element offset. */
typedef tsr_status (*tsr_index_map_fn)(void *user, const int64_t *grid_index, int grid_rank,
                                       const tsr_ref *prefetch, int num_prefetch,
                                       int64_t *block_index);

/* The common index map without a callback: block dimension d follows grid axis k when
 * axis_map[d] == TSR_AXIS(k), and stays 0 when axis_map[d] == 0. */
#define TSR_AXIS(k) ((k) + 1)

typedef struct tsr_block_spec {
  int rank;                              /* 0: the whole array, index map all zeros */
  int64_t block_shape[TSR_MAX_RANK];     /* TSR_SQUEEZED for a squeezed dimension */
  bool element[TSR_MAX_RANK];            /* pl.Element: the index is an element offset */
  tsr_index_map_fn index_map;            /* NULL: the axis map below */
  void *index_map_user;
  int axis_map[TSR_MAX_RANK];            /* used when index_map is NULL; zeros: all zeros */
  /* VMEM (pipelined), SMEM, ANY/HBM/HOST (whole ref), or SEMAPHORE_MEM: semaphore operands (a
   * pallas_call out_shape of pltpu.SemaphoreType), whose array holds one int32 count per
   * semaphore. The body gets semaphores of kind `semaphore` in semaphore memory, of the
   * array's shape, that start at the input's counts (an output not aliased to an input: at
   * zero); an output's counts are written back when the kernel ends, after the DMAs still in
   * flight on them have landed (a later kernel waits for them). Only one core may run the
   * call's steps. */
  tsr_space space;
  tsr_dtype semaphore;                   /* SEMAPHORE_MEM: TSR_SEM or TSR_DMA_SEM */
  int buffer_count;                      /* 0: default (2); 1: Buffered(1) */
  tsr_revisit revisit;
  /* An input the body only reads (no store or DMA into its blocks, nor into views of them).
   * When DMAs move data at their start (eager) and the input overlaps no output, the body
   * may then get a block that is one contiguous run of the array as a view of HBM instead of
   * a VMEM copy: the data is the same, and so are the DMAs, semaphores and counts; only the
   * host copy is skipped (and the body's loads report the view). */
  bool read_only;
  /* With read_only: the body reads the blocks only where a strided view costs no more than
   * a dense one (as a matmul's operand, which takes the rows' stride), so a block that is
   * not one contiguous run of the array may be a view of HBM too (the rows of a block of a
   * wider array). The Mosaic executor derives it from the kernel body (docs/mosaic.md). */
  bool strided_reads;
  /* An output whose body, at every step, writes every element of the block before it reads
   * any (and moves none of it with a DMA of its own, nor hands it to another core): nothing
   * the body can see then depends on what the block held before, so a copy in VMEM and the
   * HBM block itself are indistinguishable to the body. The body may then get, as the block,
   * the HBM block itself, written in place: when the block lies wholly inside the array, DMAs
   * move data at their start (eager), no input's array overlaps the output's, and no observer
   * reads the data that output DMAs carry (the poison checker). DMAs, semaphores, counts and
   * events stay the same (the write-back moves no host bytes). A body that breaks the promise
   * sees HBM's contents where a copying run shows a fresh buffer's poison or an older block;
   * after a failing call, the failing step's block may be partly written. Two cores writing
   * one block (a race the run warns about) may leave a mix of both rather than one's whole
   * block. The Mosaic executor derives it from the kernel body (docs/pipeline.md). */
  bool overwrites;
} tsr_block_spec;

typedef struct tsr_scratch_spec {
  tsr_space space;                       /* VMEM, SMEM or SEMAPHORE_MEM */
  tsr_dtype dtype;                       /* TSR_SEM / TSR_DMA_SEM for semaphores */
  int rank;
  int64_t shape[TSR_MAX_RANK];
} tsr_scratch_spec;

typedef struct tsr_cost_estimate {
  double flops, transcendentals, bytes_accessed;
} tsr_cost_estimate;

typedef struct tsr_ctx tsr_ctx;

/* The kernel body, once per grid step. Returns TSR_OK or a failure (which stops the run). */
typedef tsr_status (*tsr_body_fn)(tsr_ctx *ctx, void *user);
/* Optional: what one step cost, for the timing model. */
typedef void (*tsr_step_cost_fn)(tsr_ctx *ctx, void *user, tsr_cost *cost);

typedef struct tsr_alias {
  int input;  /* index over scalar-prefetch operands then inputs, as Pallas counts */
  int output;
} tsr_alias;

typedef struct tsr_call_desc {
  const char *name;
  int grid_rank;                              /* 0..6; 0 runs the body once */
  int64_t grid[TSR_MAX_GRID];
  tsr_dim_semantics semantics[TSR_MAX_GRID];  /* zero: arbitrary */
  int num_prefetch;                           /* scalar-prefetch operands (copied to SMEM) */
  const tsr_ref *prefetch;
  int num_inputs;
  const tsr_ref *inputs;                      /* HBM arrays (space ignored) */
  const tsr_block_spec *in_specs;             /* NULL: whole arrays in VMEM */
  int num_outputs;
  const tsr_ref *outputs;                     /* aliased outputs: ignored, the input is used */
  const tsr_block_spec *out_specs;
  int num_scratch;
  const tsr_scratch_spec *scratch;
  int num_aliases;
  const tsr_alias *aliases;
  int64_t vmem_limit_bytes;                   /* 0: the chip's VMEM per core */
  bool has_cost_estimate;
  tsr_cost_estimate cost_estimate;
  tsr_body_fn body;
  void *user;
  tsr_step_cost_fn step_cost;
  /* DMAs into VMEM and HBM signal and emit their events but move no data (a timing-only
   * run: nothing reads what they would move); DMAs into SMEM still copy. */
  bool no_data;
  /* The body takes the barrier semaphore (pltpu.get_barrier_semaphore): a machine of one
   * device then has one too, as a TPU does (signalling device 0 is signalling itself). */
  bool barrier_semaphore;
  /* Many devices: the kernel starts without Pallas's device barrier, which otherwise orders
   * every device's start before any device's first step (on a TPU, XLA inserts it unless
   * the kernel has a barrier of its own, the barrier semaphore, or skips it). tessera's
   * devices still start together; the checkers then require each remote copy into a device
   * to be ordered after that device has entered the kernel (docs/checkers.md). */
  bool no_device_barrier;
  /* The grid's steps are a SparseCore's subcores (tsr_steps_kind), which a TPU runs at once:
   * told to the checkers on the kernel's TSR_EV_KERNEL_BEGIN. */
  tsr_steps_kind steps;
} tsr_call_desc;

/* The pipeline's copies of blocks (of a call, an invocation or one buffered ref). */
typedef struct tsr_dma_counts {
  int64_t in, out;            /* DMAs issued */
  int64_t skip_in, skip_out;  /* copies skipped (the block index did not change) */
  int64_t bytes_in, bytes_out; /* what the issued DMAs' semaphores count */
} tsr_dma_counts;

/* to += from, field by field. */
void tsr_dma_counts_add(tsr_dma_counts *to, const tsr_dma_counts *from);

typedef struct tsr_call_stats {
  int64_t steps;              /* grid steps run, all cores */
  tsr_dma_counts dma;
  int64_t vmem_bytes;         /* VMEM per core the plan uses (blocks x buffers + scratch) */
  int64_t smem_bytes;
  int cores;                  /* cores that ran steps */
  int parts;                  /* 1, or when the cores' shares of the grid were split over
                               * idle host CPUs, the parts that ran them at once, the cores'
                               * own included (the results and counts are those of the run
                               * in order; docs/architecture.md, the host split) */
  bool timing_only;           /* the call ran without computing (tsr_machine_options) */
} tsr_call_stats;

/* Checks the call (shapes, VMEM budget, block-shape rules) and runs it. */
tsr_status tsr_pallas_call(tsr_machine *m, const tsr_call_desc *d, tsr_call_stats *stats);

/* The steps of a grid (the product of its dimensions; 1 for rank 0): false when a dimension
 * is negative or the product does not fit in 64 bits (grids can come from outside). */
bool tsr_grid_num_steps(const int64_t *grid, int rank, int64_t *steps);
/* Prints the plan: grid, semantics and core split, each operand with its memory space, block
 * shape, buffer count, and the VMEM budget. */
tsr_status tsr_pallas_describe(tsr_machine *m, const tsr_call_desc *d, FILE *out);

/* ---- the kernel API -------------------------------------------------------------------- */

/* Borrowed views, valid during the body: VMEM blocks (squeezed dims removed) for pipelined
 * operands, the whole HBM array for ANY/HBM operands. */
const tsr_ref *tsr_ctx_in(tsr_ctx *c, int i);
const tsr_ref *tsr_ctx_out(tsr_ctx *c, int i);
const tsr_ref *tsr_ctx_scratch(tsr_ctx *c, int i);
const tsr_ref *tsr_ctx_prefetch(tsr_ctx *c, int i);
int64_t tsr_ctx_program_id(const tsr_ctx *c, int axis);
int64_t tsr_ctx_num_programs(const tsr_ctx *c, int axis);
int tsr_ctx_core_id(const tsr_ctx *c);
int tsr_ctx_num_cores(const tsr_ctx *c);
/* Runs fn(arg, p) for p = 0..parts-1 and returns when all are done, on this core's thread and
 * on host threads that no simulated core uses (tsr_machine_options.host_helpers). The parts
 * must touch disjoint memory and must not call back into the ctx; which thread runs which
 * part varies between runs, so choose parts by the data, never by the thread count, and the
 * results stay the same. */
void tsr_ctx_parallel_for(tsr_ctx *c, int parts, void (*fn)(void *arg, int part), void *arg);
/* The body reports what it cost (added up per step for the timing model). */
void tsr_ctx_add_cost(tsr_ctx *c, const tsr_cost *cost);

/* Async copy of src into dst (equal shape and dtype); on completion `sem` (a DMA semaphore,
 * rank 0) is signalled by the byte count. */
tsr_status tsr_dma_start(tsr_ctx *c, const tsr_ref *src, const tsr_ref *dst, const tsr_ref *sem);
/* Waits until `sem` holds dst's byte size and subtracts it. */
tsr_status tsr_dma_wait(tsr_ctx *c, const tsr_ref *sem, const tsr_ref *dst);
/* Copy and wait, with a semaphore of its own. */
tsr_status tsr_sync_copy(tsr_ctx *c, const tsr_ref *src, const tsr_ref *dst);
/* Regular semaphores; core -1 is this core. */
tsr_status tsr_sem_signal(tsr_ctx *c, const tsr_ref *sem, int32_t amount, int core);
tsr_status tsr_sem_wait(tsr_ctx *c, const tsr_ref *sem, int32_t amount);
int32_t tsr_sem_read(tsr_ctx *c, const tsr_ref *sem);

/* ---- many chips (tsr_machine_options.num_devices; docs/multichip.md) -------------------- */

/* Runs one call on every device of the machine at once: descs[d] on device d, the same kernel
 * on that device's own arrays (one operand's arrays have one shape on every device). Before
 * the first step every core of every device has its scratch, and no core's memory is released
 * before every core has ended (Pallas's device barrier). A failure names its device; several
 * devices' failures are joined. stats: one per device, or NULL. */
tsr_status tsr_pallas_call_devices(tsr_machine *m, const tsr_call_desc *descs, tsr_call_stats *stats);

/* The device running this body (its logical id: row-major in the mesh), the device count, and
 * its coordinates in the mesh (the mesh's rank returned; coords: TSR_MAX_MESH_RANK entries). */
int tsr_ctx_device_id(const tsr_ctx *c);
int tsr_ctx_num_devices(const tsr_ctx *c);
int tsr_ctx_mesh_coords(const tsr_ctx *c, int64_t *coords);
/* The logical id of the device at mesh coordinates (-1 outside the mesh). */
int tsr_ctx_mesh_device(const tsr_ctx *c, const int64_t *coords);
/* A remote copy: src (here) into the ref that is dst on core `core` (-1: this core's id) of
 * device `device` (an operand of the call or a scratch/scoped allocation of the kernel: the
 * same one there). It signals send_sem here and recv_sem there by its byte count: the sender
 * waits with tsr_dma_wait(send_sem, src), the receiver with tsr_dma_wait(recv_sem, its dst).
 * A remote copy moves its data when it starts, in every DMA order. */
tsr_status tsr_remote_copy_start(tsr_ctx *c, const tsr_ref *src, const tsr_ref *dst, const tsr_ref *send_sem,
                                 const tsr_ref *recv_sem, int device, int core);
/* Signals the semaphore that is `sem` on core `core` (-1: this core's id) of device `device`. */
tsr_status tsr_sem_signal_device(tsr_ctx *c, const tsr_ref *sem, int32_t amount, int device, int core);
/* The barrier semaphore (pltpu.get_barrier_semaphore): a regular semaphore per core, zero when
 * the kernel starts and required to be zero when it ends; NULL on a machine of one device
 * unless the call asks for it (tsr_call_desc.barrier_semaphore). */
const tsr_ref *tsr_ctx_barrier_semaphore(tsr_ctx *c);

#ifdef __cplusplus
}
#endif
#endif
