/* tessera's StableHLO interpreter: runs the `main` function of a module that JAX exported
 * (StableHLO text or bytecode), with every stablehlo.custom_call @tpu_custom_call run by the
 * Mosaic executor (tessera/mosaic.h). A bare Mosaic module (a kernel as Pallas prints it, or
 * a serialized kernel body) is accepted too: it becomes a program of one kernel call.
 *
 * The program is compiled once: each function into value slots and op records, with every
 * op checked (an op tessera does not support is reported with its name and location before
 * anything runs) and every kernel loaded. Running frees each intermediate after its last use,
 * so peak memory is inputs + outputs + live intermediates (+ what kernels use). */
#ifndef TESSERA_HLO_H
#define TESSERA_HLO_H

#include <stdio.h>

#include "tessera/array.h"
#include "tessera/machine.h"
#include "tessera/mlir.h"
#include "tessera/pipeline.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tsr_hlo_program tsr_hlo_program;

/* Compiles `m` (which the program borrows: destroy it after the program). A module that is a
 * Mosaic kernel is put through tsr_mlir_mosaic_view (which rewrites it in place). */
tsr_status tsr_hlo_compile(tsr_mlir_module *m, tsr_hlo_program **out);
void tsr_hlo_program_destroy(tsr_hlo_program *p);

/* True for a bare Mosaic module; its inputs are the kernel's scalar-prefetch operands then
 * its inputs, its outputs the kernel's outputs. */
bool tsr_hlo_is_bare_kernel(const tsr_hlo_program *p);
int tsr_hlo_num_inputs(const tsr_hlo_program *p);
int tsr_hlo_num_outputs(const tsr_hlo_program *p);
/* dtype and shape of input i (data NULL). False when unknown (a bare kernel with a grid:
 * its array shapes come from the caller's .npy files). */
bool tsr_hlo_input_type(const tsr_hlo_program *p, int i, tsr_array *type);
/* dtype and shape of output i (data NULL); false for a bare kernel's (its shapes come from
 * its inputs) or an index out of range. */
bool tsr_hlo_output_type(const tsr_hlo_program *p, int i, tsr_array *type);
/* The module's name (its sym_name: what jax.jit names it, "jit_f"); "main" without one. */
const char *tsr_hlo_name(const tsr_hlo_program *p);
/* What JAX says input i may be donated to: the output it aliases (its tf.aliasing_output), -2
 * for a jax.buffer_donor without one, -1 when it is not donated. */
int tsr_hlo_input_donation(const tsr_hlo_program *p, int i);
/* The memory JAX placed input or output i in (its mhlo.memory_kind: "device", "pinned_host",
 * ...); NULL when the program does not say. */
const char *tsr_hlo_memory_kind(const tsr_hlo_program *p, bool output, int i);
/* Number of tpu_custom_call kernels (1 for a bare kernel). */
int tsr_hlo_num_kernels(const tsr_hlo_program *p);
/* The sum of the cost estimates the program's tpu_custom_calls carry (pl.CostEstimate: each
 * call site once, as XLA's cost analysis counts them); false when none carries one. */
typedef struct tsr_hlo_cost {
  int64_t flops, transcendentals, bytes_accessed;
} tsr_hlo_cost;
bool tsr_hlo_kernel_costs(const tsr_hlo_program *p, tsr_hlo_cost *out);
/* The devices the program runs on (docs/multichip.md): mhlo.num_partitions, or the size of
 * its sdy mesh; 1 for a program of one device. A run gives @main the global arrays; each
 * sdy.manual_computation runs its body on every device at once, on the device's shards. A
 * kernel that talks to other devices needs a machine of this many devices. */
int tsr_hlo_num_devices(const tsr_hlo_program *p);
/* The shape of the module's sdy mesh (device ids row-major), its rank returned (0: none);
 * shape has TSR_MAX_MESH_RANK entries. */
int tsr_hlo_mesh_shape(const tsr_hlo_program *p, int64_t *shape);

typedef struct tsr_hlo_run_opts {
  tsr_machine *machine; /* runs the kernels; required when the program has any */
  FILE *trace;          /* when set, one line per executed op (name, location, shape, time,
                           bytes live) */
  /* The most bytes of tensors a run may hold at once, its inputs and outputs included: a
   * tensor that would pass it fails the op that makes it, naming both sizes, before it is
   * allocated (a module from outside may ask for a tensor of terabytes, or of a size the
   * host would page itself to death over). 0: tsr_hlo_default_max_bytes(); negative: none. */
  int64_t max_bytes;
  /* The most ops the interpreter may execute in one run: an op inside a loop body or a
   * region counts each time it runs (a while loop whose condition comes from the data may
   * never end). The op that would pass it fails, naming the budget. 0: the default,
   * TSR_HLO_DEFAULT_MAX_OPS; negative: none. Kernels have their own budget
   * (tsr_machine_options.max_kernel_ops). */
  int64_t max_ops;
  /* The graph computes as a TPU does (docs/numerics.md): an f32 dot_general or convolution at
   * the default precision takes its operands rounded to bf16, as the MXU's one pass does,
   * and sums in f32; an f32 dot_general sums its contraction pass by pass (mxu_depth). Off,
   * it computes at full f32 (what XLA:CPU computes, and JAX's exported test data expects).
   * The kernels compute as a TPU either way. */
  bool tpu_numerics;
  /* When set, every op the run executes is counted in it (tsr_hlo_profile below). */
  struct tsr_hlo_profile *profile;
  /* With tpu_numerics: the contraction of one MXU pass (the chip's mxu_dim), in which an f32
   * dot sums its products (docs/numerics.md). 0: the machine's chip's, or 128 without one. */
  int mxu_depth;
} tsr_hlo_run_opts;

/* What the ops of runs did on a TPU's units, per op: for an estimate of the graph's time from
 * the chip's peak rates (the PJRT plugin's timing report, docs/pjrt.md). Counts come from the
 * ops' types alone; nothing is timed on the host. Inside a manual computation each device's
 * run of an op counts; elsewhere an op of a program of several devices runs once, on the
 * global values. */
typedef struct tsr_hlo_profile tsr_hlo_profile;
typedef enum tsr_hlo_unit {
  TSR_HLO_UNIT_NONE,           /* no work of its own: reshapes, constants, control flow (its
                                  regions' ops count as they run), shard_map markers */
  TSR_HLO_UNIT_KERNEL,         /* a tpu_custom_call: the timing model times it */
  TSR_HLO_UNIT_MXU,            /* dots and convolutions: work is flops (2 a product) */
  TSR_HLO_UNIT_VPU,            /* elementwise and reductions: work is element ops */
  TSR_HLO_UNIT_TRANSCENDENTAL, /* exp, log, tanh, ...: work is element ops */
  TSR_HLO_UNIT_MEMORY,         /* moves data only (transposes, slices, gathers, converts) */
  TSR_HLO_UNIT_ICI,            /* collectives: work is the bytes each device receives */
} tsr_hlo_unit;
typedef struct tsr_hlo_op_profile {
  const char *op;    /* "stablehlo.dot_general" (the program's: valid while it lives) */
  char loc[160];     /* its source location */
  tsr_hlo_unit unit;
  int64_t runs;      /* times it ran (each device's, in a manual computation) */
  double work;       /* over all runs, in the unit's measure */
  double bytes;      /* bytes read and written over all runs, as if each op went to HBM alone */
  tsr_dtype mxu_dtype; /* the MXU's operand type: bf16 for a default-precision f32 dot */
} tsr_hlo_op_profile;
tsr_status tsr_hlo_profile_create(tsr_hlo_profile **out);
void tsr_hlo_profile_destroy(tsr_hlo_profile *p);
void tsr_hlo_profile_reset(tsr_hlo_profile *p);
/* Ops in the order they first ran. */
int tsr_hlo_profile_count(const tsr_hlo_profile *p);
const tsr_hlo_op_profile *tsr_hlo_profile_at(const tsr_hlo_profile *p, int i);

/* 10^8 ops: about half a minute of scalar loop bodies, far beyond the graphs JAX exports. */
#define TSR_HLO_DEFAULT_MAX_OPS INT64_C(100000000)

/* Three quarters of the host's physical memory. */
int64_t tsr_hlo_default_max_bytes(void);

typedef struct tsr_hlo_stats {
  int64_t ops;             /* ops executed (across calls and regions) */
  int64_t kernel_calls;
  int64_t input_bytes, output_bytes;
  int64_t peak_bytes;      /* most bytes held by tensors at once (inputs and outputs included) */
  int64_t peak_intermediate_bytes; /* the most held at once besides the inputs */
  double kernel_seconds;   /* host time in kernels */
  double seconds;          /* host time of the whole run */
  tsr_call_stats kernel;   /* summed over kernel calls */
  int64_t timing_only_calls; /* kernel calls that ran without computing (timing-only runs) */
} tsr_hlo_stats;

/* Runs `main`: `inputs` must match its argument types. On success `outputs` (an array of
 * tsr_hlo_num_outputs entries) receives arrays the caller frees with tsr_array_free. */
tsr_status tsr_hlo_run(tsr_hlo_program *p, const tsr_hlo_run_opts *opts, const tsr_array *inputs,
                       int num_inputs, tsr_array *outputs, tsr_hlo_stats *stats);

/* ---- programs of several devices, one shard per device ------------------------------------
 * How a PJRT runtime hands a program of N devices over (N = tsr_hlo_num_devices): each device
 * holds its shard of every input and output of @main, laid out by @main's sdy.sharding
 * attributes (a value without one, or with mhlo.sharding {replicated}, is whole on every
 * device). */

/* The dtype and shape of each device's shard of input i (output i when `output`). */
tsr_status tsr_hlo_shard_type(const tsr_hlo_program *p, bool output, int i, tsr_array *type);
/* How input i (output i when `output`) is split: tiles[k] pieces along dimension k (1: whole),
 * and tile_of[d * rank + k] the piece device d holds along dimension k (devices holding the
 * same pieces hold copies). tiles has the value's rank entries, tile_of N times that. */
tsr_status tsr_hlo_tiling(const tsr_hlo_program *p, bool output, int i, int64_t *tiles, int64_t *tile_of);
/* Runs @main once on the global inputs assembled from the shards (inputs[d][i]: device d's
 * shard of input i; a part several devices hold is taken from the first of them) and gives
 * every device its shard of each output: outputs[d][j], arrays the caller frees. Shards that
 * disagree with the shardings are an error naming the device and the input. */
tsr_status tsr_hlo_run_sharded(tsr_hlo_program *p, const tsr_hlo_run_opts *opts, const tsr_array *const *inputs,
                               int num_inputs, tsr_array *const *outputs, tsr_hlo_stats *stats);

/* Frees an array as tsr_array_free does, except that its memory may serve a later run of `p`
 * instead (a tensor of the same byte size: a run's output given back before the next run
 * spares that run fresh pages, as a caching allocator would). The program keeps at most
 * 16 MiB of such memory, with what its runs released, and frees it when it is destroyed. */
void tsr_hlo_recycle(tsr_hlo_program *p, tsr_array *a);

/* Prints, for each kernel, what tsr_mosaic_kernel_describe shows (grid, operands, VMEM, the
 * DMA plan of the first `plan_steps` steps). Operands are zero-filled arrays of the custom
 * call's operand types (for a bare kernel: `inputs`, which may then be required). */
tsr_status tsr_hlo_describe(tsr_hlo_program *p, tsr_machine *m, const tsr_array *inputs,
                            int num_inputs, int plan_steps, FILE *out);

/* ---- one tpu_custom_call, run by the caller ----------------------------------------------
 * The kernel a stablehlo.custom_call @tpu_custom_call carries, for a caller that runs the
 * call itself on its own buffers (the XLA FFI handler of the Python package): compiled from
 * the op's backend_config JSON as tsr_hlo_compile ingests it (base64 body,
 * serialization_format, scoped_memory_configs), run by the Mosaic executor. */
typedef struct tsr_hlo_kernel tsr_hlo_kernel;

typedef struct tsr_hlo_kernel_desc {
  const char *backend_config; /* the JSON text, backend_config_len bytes */
  size_t backend_config_len;
  const char *name;           /* the op's kernel_name; NULL or "": the kernel func's name */
  const tsr_alias *aliases;   /* output_operand_aliases, operands counted as the call counts
                                 them (dynamic grid bounds first) */
  int num_aliases;
  int num_results;            /* the call's result count, when known: the kernel's last
                                 num_results operands are its outputs; 0: the body says
                                 (the operands from the first one it writes) */
  bool results_known;         /* num_results is the call's even when 0 (a pallas_call
                                 without outputs, run for its effects) */
} tsr_hlo_kernel_desc;

/* Decodes and loads the kernel; an op tessera does not run is reported here. The kernel
 * borrows nothing from `d`. */
tsr_status tsr_hlo_kernel_create(const tsr_hlo_kernel_desc *d, tsr_hlo_kernel **out);
void tsr_hlo_kernel_destroy(tsr_hlo_kernel *k);
const char *tsr_hlo_kernel_name(const tsr_hlo_kernel *k);
/* The call's operands (dynamic grid bounds, scalar prefetch, inputs) and results. */
int tsr_hlo_kernel_num_operands(const tsr_hlo_kernel *k);
int tsr_hlo_kernel_num_results(const tsr_hlo_kernel *k);

/* Runs the call on dense HBM arrays, operands and results as the custom call has them; the
 * results are written. Counts, dtypes and shapes are checked against the kernel before
 * anything runs, and no block is read or written outside its array: arrays that disagree
 * with the kernel are an error. An aliased result that is not its operand's memory starts as
 * a copy of the operand (the operand is not written). Runs of one kernel may overlap, each on
 * a machine of its own. */
tsr_status tsr_hlo_kernel_run(tsr_hlo_kernel *k, tsr_machine *m, const tsr_ref *operands,
                              int num_operands, const tsr_ref *results, int num_results,
                              tsr_call_stats *stats);
/* The same on every device of a machine of many chips at once: operands[d] and results[d]
 * are device d's (each device's arrays of one operand have one shape, its dynamic grid bounds
 * one value); the devices reach each other with remote copies and signals. stats: one per
 * device, or NULL. */
tsr_status tsr_hlo_kernel_run_devices(tsr_hlo_kernel *k, tsr_machine *m, const tsr_ref *const *operands,
                                      int num_operands, const tsr_ref *const *results, int num_results,
                                      tsr_call_stats *stats);

/* The names of the ops the interpreter runs, for documentation and tests; NULL past the end. */
const char *tsr_hlo_op_name(int i);

#ifdef __cplusplus
}
#endif
#endif
