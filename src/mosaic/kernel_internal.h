/* A loaded Mosaic kernel, shared by kernel.c (loading, running) and describe.c. */
#ifndef TSR_MOSAIC_KERNEL_INTERNAL_H
#define TSR_MOSAIC_KERNEL_INTERNAL_H

#include "mlir/printer.h"
#include "mosaic/mosaic_internal.h"

typedef struct mosaic_io_operand {
  struct tsr_mosaic_kernel *k;
  int index;            /* among inputs and outputs */
  int arg;              /* kernel func argument */
  mosaic_stype t;              /* its memref type: the block (or the whole array) */
  bool windowed;        /* window_params gave a block */
  tsr_block_spec spec;
  bool only_read;       /* every use reads (io_uses); spec.read_only adds "in VMEM" */
  mosaic_prog *transform;      /* NULL: index map all zeros */
  uint32_t map_reads;   /* grid axes (bit g) the transform reads; bit 31: a scalar-prefetch ref */
  char *map_text;
} mosaic_io_operand;

struct tsr_mosaic_kernel {
  char *name;
  mosaic_prog *body;
  int grid_rank;
  int64_t bounds[TSR_MAX_GRID];
  int ndyn;
  tsr_dim_semantics sem[TSR_MAX_GRID];
  int nprefetch, nio, nscratch;
  int nout_default;
  mosaic_io_operand *io;
  tsr_scratch_spec *scratch;
  /* The body keeps no state a host part could not see (pallas_call's host split): no DMA,
   * semaphore, log or PRNG op, and scalar-prefetch operands only read (io_uses). Cleared
   * when a split did not stand, so that later runs of the kernel go in order at once; runs on
   * other threads (each with a machine of its own) read and clear it too: atomic after
   * loading. */
  bool split_safe;
  bool uses_barrier; /* the body takes the barrier semaphore (tpu.sem_barrier) */
  tsr_steps_kind steps; /* tpu.core_type: a SparseCore's subcores are the grid (tsr_call_desc.steps) */
  /* The frames' memory of the last run, per runner, for the next (a run allocates a frame per
   * core or stand-in it uses; fresh memory of that size would fault its pages in again): swapped
   * atomically, freed with the kernel. */
  struct mosaic_frame_memory *spare_frames;
};

/* An index map's user for one call: the operand and the call's grid, which tpu.iteration_bound
 * (pl.num_programs) reads in a map (a dynamic grid's bounds are the call's). */
typedef struct mosaic_map_call {
  const mosaic_io_operand *o;
  int64_t grid[TSR_MAX_GRID];
} mosaic_map_call;

tsr_status mosaic_index_map(void *user, const int64_t *grid_index, int grid_rank, const tsr_ref *prefetch,
                            int num_prefetch, int64_t *block_index);
/* Runs index map P at grid_index of grid (grid_rank dimensions each). */
tsr_status mosaic_eval_map(const mosaic_prog *P, const int64_t *grid_index, const int64_t *grid, int grid_rank, const tsr_ref *prefetch,
                           int num_prefetch, int64_t *block_index);
/* Whether a run of the call may split into host parts (pallas_call's host split): the body
 * is split-safe, reads its inputs only (an input block then carries nothing from step to step)
 * and has no whole-array operand. */
bool mosaic_split_ok(const tsr_mosaic_kernel *k, const tsr_call_desc *d);
/* The pallas_call description of a run (specs and maps: room for TSR_MAX_OPERANDS each; the
 * specs' index maps point into maps, which must live as long as the description). */
tsr_status mosaic_build_desc(tsr_mosaic_kernel *k, const tsr_ref *operands, int num_operands, const tsr_ref *outputs,
                             int num_outputs, const tsr_mosaic_call_opts *opts, tsr_call_desc *d,
                             tsr_block_spec *specs, mosaic_map_call *maps);

#endif
