/* tessera lower: the DMA pipeline that tessera plans around a Pallas kernel, written out as a
 * Mosaic kernel of its own. The grid becomes explicit loops, the blocks VMEM scratch with the
 * plan's buffering, each fetch and write-back of the plan a tpu.enqueue_dma / tpu.wait_dma2 on
 * DMA semaphores in scratch, and the original body (and its index maps) are inlined on the
 * current buffers. The result has no window_params: every operand is a whole array in HBM
 * (`any`), and it runs, in tessera or on a TPU, with the original's results (docs/lowering.md). */
#ifndef TESSERA_LOWER_H
#define TESSERA_LOWER_H

#include "tessera/machine.h"
#include "tessera/mlir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tsr_lower_opts {
  const tsr_chip *chip; /* NULL: v5e. Its TensorCores split the grid's parallel dimensions (as
                         * a run on it does), its generation gives the arrays' tiling */
  int buffer_count;     /* 0: each operand's own (Buffered(n), else the pipeline's default);
                         * 1 or 2: every pipelined operand */
} tsr_lower_opts;

/* Lowers module *m in place: every tpu_custom_call kernel of a StableHLO module gets the
 * lowered kernel as its backend_config body (bytecode v0, base64, stable_mosaic form, as JAX
 * writes it); a bare Mosaic kernel module is replaced by the lowered kernel's module. Each
 * lowered kernel is checked before it is used: tessera's parser reads its text back and the
 * Mosaic executor loads it, and a StableHLO module is compiled again at the end. When `texts`
 * is not NULL it receives the lowered kernels' Mosaic text (malloc'd), one module per kernel.
 * Kernels it cannot lower (dynamic grids, revisit mode ANY, blocks that may pass an array's
 * edge, ops tessera does not run) fail with the reason, naming the kernel; *m is then
 * unchanged. *num_lowered (optional) counts the kernels. */
tsr_status tsr_lower_module(tsr_mlir_module **m, const tsr_lower_opts *opts, char **texts, int *num_lowered);

#ifdef __cplusplus
}
#endif
#endif
