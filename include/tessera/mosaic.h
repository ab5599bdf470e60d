/* tessera Mosaic executor: a Mosaic TPU kernel (the body of a tpu_custom_call, or a Mosaic
 * module as Pallas prints it) run through the same pipeline engine as the C API. The kernel's
 * transform functions become interpreted index maps and its kernel func an interpreted body,
 * each compiled once into a compact program.
 *
 * Operand order follows the kernel func: [grid indices], scalar-prefetch operands, inputs,
 * outputs, scratch. A caller passes the scalar-prefetch operands and inputs as whole HBM
 * arrays (in that order), and the output arrays; scratch is allocated by tessera. */
#ifndef TESSERA_MOSAIC_H
#define TESSERA_MOSAIC_H

#include <stdio.h>

#include "tessera/mlir.h"
#include "tessera/pipeline.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tsr_mosaic_kernel tsr_mosaic_kernel;

/* Loads the kernel of a Mosaic module. `m` must have gone through tsr_mlir_mosaic_view (a
 * module read from text that Pallas printed needs no view). Reads iteration_bounds,
 * dimension_semantics, window_params, scalar_prefetch and scratch_operands, and compiles the
 * kernel func and its transform functions. An op tessera does not support is reported here,
 * with its name and location, before anything runs. The kernel borrows nothing from `m`
 * after this returns. */
tsr_status tsr_mosaic_kernel_create(const tsr_mlir_module *m, tsr_mosaic_kernel **out);
void tsr_mosaic_kernel_destroy(tsr_mosaic_kernel *k);

const char *tsr_mosaic_kernel_name(const tsr_mosaic_kernel *k);
int tsr_mosaic_kernel_num_prefetch(const tsr_mosaic_kernel *k);
int tsr_mosaic_kernel_num_inputs(const tsr_mosaic_kernel *k);
int tsr_mosaic_kernel_num_outputs(const tsr_mosaic_kernel *k);
/* Grid dimensions given as dynamic (INT64_MIN in iteration_bounds); their values come first
 * among a custom call's operands. */
int tsr_mosaic_kernel_num_dynamic_bounds(const tsr_mosaic_kernel *k);

typedef struct tsr_mosaic_call_opts {
  int64_t vmem_limit_bytes;        /* 0: the chip's VMEM (scoped_memory_configs sets it) */
  const int64_t *dynamic_bounds;   /* values of the dynamic grid dimensions, in order */
  int num_dynamic_bounds;
  const tsr_alias *aliases;        /* output_operand_aliases (indices as pallas_call counts) */
  int num_aliases;
  bool skip_device_barrier;        /* many devices: the payload's skip_device_barrier (no device
                                    * barrier at the kernel's start; tsr_call_desc.no_device_barrier) */
  /* CompilerParams(disable_bounds_checks=True): a load, store or slice of the body that reaches
   * outside its ref does not fail the call. The part inside is done; a load reads poison (the
   * bytes of fresh memory, 0xFF) outside, a store writes nothing there, a slice ends at the
   * ref's end and a DMA of it moves the part inside (docs/mosaic.md, "Bounds checks"). */
  bool disable_bounds_checks;
} tsr_mosaic_call_opts;

/* Runs the kernel: `operands` are the scalar-prefetch arrays then the inputs (whole arrays in
 * HBM), `outputs` the result arrays. Everything is checked as for tsr_pallas_call. */
tsr_status tsr_mosaic_kernel_run(tsr_machine *m, tsr_mosaic_kernel *k, const tsr_ref *operands,
                                 int num_operands, const tsr_ref *outputs, int num_outputs,
                                 const tsr_mosaic_call_opts *opts, tsr_call_stats *stats);

/* Many chips: runs the kernel on every device of `m` at once (tsr_machine_options.num_devices),
 * device d on operands[d] and outputs[d] (each device's arrays, as tsr_mosaic_kernel_run takes
 * them; every device's arrays of an operand have one shape). The devices reach each other
 * with remote copies, signals and the barrier semaphore. stats: one per device, or NULL. */
tsr_status tsr_mosaic_kernel_run_devices(tsr_machine *m, tsr_mosaic_kernel *k, const tsr_ref *const *operands,
                                         int num_operands, const tsr_ref *const *outputs, int num_outputs,
                                         const tsr_mosaic_call_opts *opts, tsr_call_stats *stats);

/* Prints what `tessera inspect` shows for one kernel: grid and dimension semantics, each
 * operand with memory space, block shape, buffer count and index map (as text), the VMEM
 * budget and its use, and the DMA plan of the first `plan_steps` steps (which copies start,
 * wait or are skipped at each step), computed without running the body. */
tsr_status tsr_mosaic_kernel_describe(tsr_machine *m, tsr_mosaic_kernel *k,
                                      const tsr_ref *operands, int num_operands,
                                      const tsr_ref *outputs, int num_outputs,
                                      const tsr_mosaic_call_opts *opts, int plan_steps, FILE *out);

/* For a bare Mosaic module (no StableHLO around it): the output array shapes, from the
 * output memref types and the extent of the blocks their index maps reach over the grid.
 * tsr_mosaic_kernel_input_shape does the same for one input, given the scalar-prefetch
 * operands the index maps may read. */
tsr_status tsr_mosaic_kernel_output_shapes(tsr_mosaic_kernel *k, const tsr_ref *operands,
                                           int num_operands, const tsr_mosaic_call_opts *opts,
                                           tsr_ref *outputs_without_data, int num_outputs);
tsr_status tsr_mosaic_kernel_input_shape(tsr_mosaic_kernel *k, const tsr_ref *prefetch, int num_prefetch,
                                         const tsr_mosaic_call_opts *opts, int input, tsr_ref *input_without_data);

/* The float math of kernels over n elements (math.exp, math.log, math.tanh, math.sin,
 * math.cos, math.erf, math.sqrt, math.rsqrt: docs/mosaic.md, within 1 or 2 ulps): what a kernel
 * computes for them. The StableHLO interpreter computes the same ops of the graph with it when
 * a run asks for TPU numerics (tsr_hlo_run_opts.tpu_numerics), so that a value computed in a
 * kernel and in the graph around it agree bit for bit, as both are the chip's on a TPU. */
typedef enum tsr_mosaic_math {
  TSR_MOSAIC_EXP, TSR_MOSAIC_LOG, TSR_MOSAIC_TANH, TSR_MOSAIC_SIN, TSR_MOSAIC_COS, TSR_MOSAIC_ERF,
  TSR_MOSAIC_SQRT, TSR_MOSAIC_RSQRT,
} tsr_mosaic_math;
void tsr_mosaic_math_f32(tsr_mosaic_math fn, float *d, const float *a, int64_t n);

#ifdef __cplusplus
}
#endif
#endif
