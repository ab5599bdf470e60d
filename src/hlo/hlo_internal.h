/* The StableHLO interpreter's compiled form: functions of value slots and op records, and
 * refcounted tensor buffers whose bytes are counted (peak memory, issue 5 item 7). */
#ifndef TSR_HLO_INTERNAL_H
#define TSR_HLO_INTERNAL_H

#include <complex.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/block_cache.h"
#include "core/dtype.h"
#include "core/status.h"
#include "core/strided.h" /* the view ops' copies */
#include "mlir/ir.h"
#include "ops/traits.h"
#include "tessera/hlo.h"
#include "tessera/machine.h" /* TSR_MAX_DEVICES, TSR_MAX_MESH_RANK */
#include "tessera/mosaic.h"

/* C11's CMPLX, which glibc leaves undefined under clang: a complex value from its parts, built
 * through the array layout C11 guarantees (x + I * y would turn an infinite part into NaN). */
#ifndef CMPLX
static inline double complex hlo_cmplx(double re, double im) {
  double parts[2] = {re, im};
  double complex z;
  memcpy(&z, parts, sizeof z);
  return z;
}
#define CMPLX(x, y) hlo_cmplx((x), (y))
#endif

typedef enum hlo_opcode {
#define HLO_OP(e, name, syntax, run, prep, traits) HLO_##e,
#include "ops/stablehlo.def"
#include "ops/check.def"
#undef HLO_OP
  HLO_OPCODE_COUNT
} hlo_opcode;
/* The traits column of the registries: HT_* bits (src/ops/traits.h). */
extern const uint8_t hlo_traits[HLO_OPCODE_COUNT];

typedef struct hlo_type {
  tsr_dtype dtype;
  int rank;
  int64_t shape[TSR_MAX_RANK];
} hlo_type;

/* Tensor bytes. `data` is malloc'd separately so a final output can be handed over, except
 * for small tensors (scalars and the like, made and dropped in the millions by loop bodies),
 * whose bytes follow the header in one block that the run keeps for reuse (exec.c). */
typedef struct hlo_buf {
  int64_t refs;
  size_t bytes;
  char *data;
  bool owned; /* false: a caller's input array */
  bool counted; /* its bytes are in the exec's live count */
  bool small;   /* data is `inline_data`, the block is the run's to reuse */
  struct hlo_buf *next_free;
  _Alignas(16) char inline_data[];
} hlo_buf;

typedef struct hlo_val {
  hlo_type t;
  hlo_buf *buf;
} hlo_val;

struct hlo_func;

/* ---- many devices (sdy.c, ops_collective.c) ---- */
/* A device mesh (sdy.mesh): named axes, device ids row-major over them. */
typedef struct hlo_mesh {
  const char *name;
  int rank;
  char axis[TSR_MAX_MESH_RANK][32];
  int64_t size[TSR_MAX_MESH_RANK];
  int num_devices;
} hlo_mesh;
/* How one value of a manual computation is split: dimension k into the product of the sizes
 * of its mesh axes (major first); axes a sharding does not name hold copies. */
typedef struct hlo_sharding {
  int n_axes[TSR_MAX_RANK];
  int8_t axes[TSR_MAX_RANK][TSR_MAX_MESH_RANK];
} hlo_sharding;
/* What a manual computation or a collective decodes from its attributes when compiled. */
typedef struct hlo_spmd {
  int n_dev;                      /* the devices it spans (0: collectives, not known yet) */
  int R, P;                       /* collectives: the replicas and partitions of its groups */
  hlo_mesh mesh;                  /* manual computation: its mesh */
  hlo_sharding *in, *out;         /* ... one per operand and result */
  int group_size;                 /* collectives: every group has this many devices (0: not so) */
  int group_of[TSR_MAX_DEVICES];  /* device -> its group (-1: in none: collective_permute) */
  int rank_of[TSR_MAX_DEVICES];   /* device -> its place in its group */
  int member[TSR_MAX_DEVICES];    /* group g's devices, in order, from member[group_start[g]] */
  int group_start[TSR_MAX_DEVICES + 1], n_groups;
  int source_of[TSR_MAX_DEVICES]; /* collective_permute: who sends to the device, -1 none */
  int dim, dim2;                  /* gather/scatter/split dimension; all_to_all's concat one */
  /* @SPMDFullToShardShape / @SPMDShardToFullShape: the global value's tiles (an HLO sharding) */
  int64_t tiles[TSR_MAX_RANK];               /* tiles along each dimension */
  int64_t tile_at[TSR_MAX_DEVICES][TSR_MAX_RANK]; /* device -> its tile's coordinates */
  bool first_copy[TSR_MAX_DEVICES];          /* the first device holding its tile */
} hlo_spmd;
/* hlo_inst.aux of a stablehlo.custom_call that is not a kernel: the SPMD partitioner's
 * markers JAX exported shard_map with before Shardy, annotations that pass their operand on
 * (HLO_CC_SHARDING covers them too), and XLA's uninitialized buffer (custom_call.c). */
enum { HLO_CC_SHARDING = 1, HLO_CC_FULL_TO_SHARD, HLO_CC_SHARD_TO_FULL, HLO_CC_ALLOCATE };

/* What a two-argument, one-result region computes, when that is simple (region.c). */
typedef enum hlo_body_kind { HLO_BODY_GENERAL, HLO_BODY_BINARY, HLO_BODY_FIRST, HLO_BODY_SECOND } hlo_body_kind;
typedef struct hlo_body {
  hlo_body_kind kind;
  hlo_opcode op;  /* HLO_BODY_BINARY: the elementwise op */
  bool swapped;   /* ... applied to (arg1, arg0) */
} hlo_body;

typedef struct hlo_inst {
  hlo_opcode opc;
  const mlir_ir_op *op;
  int n_in, n_out, n_free;
  const struct hlo_type *res_t; /* the result types (consecutive slots of the function) */
  int *in, *out, *frees; /* slots; frees: slots whose last use is this op */
  struct hlo_func *callee;   /* func.call */
  /* The op's regions, each compiled as a function of its block arguments followed by the
   * values the op's regions capture: those are the op's last n_cap inputs. */
  struct hlo_func **bodies;
  int n_bodies, n_cap;
  hlo_body fast; /* region 0 as a C expression, where it is simple (set by the op's prepare) */
  tsr_hlo_kernel *kernel;    /* tpu_custom_call */
  hlo_spmd *spmd;            /* collectives, sdy.manual_computation (owned) */
  int aux;                   /* op-specific: compare direction/type, reduce fast kind */
  int aux2;
  unsigned scalar_in;        /* elementwise binary ops: bit i, operand i is a scalar
                              * standing for its broadcast (compile.c folds the broadcast) */
  /* Loop fusion (fuse.c): the ops of a fused chain run tile by tile. */
  int fused;                 /* the chain's first op: how many ops it has (0: none starts here) */
  int *fuse_in;              /* in a chain: the position in it of operand i's op (-1: from outside) */
  int fuse_last;             /* ... the position of the last op in it that reads this op's result */
  bool fuse_keep;            /* ... the result is read after the chain or returned: made whole */
} hlo_inst;

typedef struct hlo_func {
  const char *name;
  const mlir_ir_op *fop; /* the func.func (NULL: a region) */
  int n_slots, n_args, n_ret, n_inst;
  hlo_type *slot_t;
  int *ret;          /* slots returned */
  int *entry_frees;  /* arguments never used */
  int n_entry_frees;
  hlo_inst *insts;
  bool spmd;         /* holds an @SPMDFullToShardShape: runs on the module's devices in lockstep */
} hlo_func;

struct tsr_hlo_program {
  tsr_mlir_module *m;
  hlo_func **funcs; /* every compiled function and region (owned) */
  int n_funcs, cap_funcs;
  hlo_func *main;
  tsr_hlo_kernel **kernels;
  int n_kernels, cap_kernels;
  tsr_hlo_kernel *bare; /* a bare Mosaic module */
  int bare_inputs, bare_outputs;
  int num_devices;  /* mhlo.num_partitions, or the size of the module's sdy mesh; 1 without */
  hlo_mesh mesh;    /* the module's first sdy.mesh (rank 0: none) */
  bool run_parallel; /* holds interpreter.run_parallel: collectives' groups are made as it runs */
  block_cache *kept; /* released buffers a run left for the next (exec.c); swapped atomically */
};
/* Frees a program's kept buffers (heap-allocated `kept`, may be NULL). */
void hlo_kept_free(block_cache *kept);

typedef struct hlo_exec {
  tsr_hlo_program *p;
  const tsr_hlo_run_opts *opts;
  tsr_hlo_stats *st;
  int64_t live, peak, io_live;
  int64_t max_bytes;  /* tsr_hlo_run_opts.max_bytes resolved; 0: no limit */
  int64_t max_ops;    /* tsr_hlo_run_opts.max_ops resolved; 0: no limit */
  int depth;
  /* large buffers released during the run (or left by the program's last run), kept for a
   * later tensor of the same size; what is left when the run ends stays with the program */
  block_cache spare;
  hlo_buf *small_free; /* released small tensors, for the next ones */
  int n_small_free;
  int num_devices; /* inside a manual computation: its devices, run in lockstep (0: outside) */
  int num_partitions; /* ... of which partitions: device d is replica d / P, partition d % P */
  int device;      /* ... the device whose op runs now */
  bool unfused;    /* runs fused chains op by op, each result a whole array (TSR_HLO_FUSE=0) */
} hlo_exec;

/* ---- buffers (exec.c) ---- */
tsr_status hlo_alloc(hlo_exec *x, hlo_val *v);
/* Allocates v[0..n), or none of them. */
tsr_status hlo_alloc_all(hlo_exec *x, hlo_val *v, int n);
/* Whether `bytes` more may be held besides what the run holds now (x->max_bytes). */
tsr_status hlo_admit(const hlo_exec *x, int64_t bytes);
void hlo_release(hlo_exec *x, hlo_buf *b);
static inline void hlo_retain(hlo_buf *b) { b->refs++; }
/* An op whose work is not one pass over its tensors (windows, convolutions, dots, sorts, FFTs,
 * solves: sizes that multiply) charges the op budget for it before it starts, one op per
 * HLO_STEPS_PER_OP element steps, and fails when that would pass the budget: a window padded
 * to 2^40 elements is refused at once instead of running for days. */
enum { HLO_STEPS_PER_OP = 1024 };
tsr_status hlo_charge(hlo_exec *x, const hlo_inst *in, double steps);
/* Whether a dot or convolution of f32 operands `l`, `r` takes them rounded to bf16: a run
 * with tpu_numerics, and the op's precision_config DEFAULT (or absent) for both operands,
 * with no explicit algorithm (ops_dot.c). */
bool hlo_mxu_bf16_inputs(const hlo_exec *x, const hlo_inst *in, tsr_dtype l, tsr_dtype r);
/* The products one result element of a dot (its contraction's length) or a convolution (the
 * kernel's elements over its output features) sums, for the profile (profile.c). */
double hlo_dot_products_per_output(const hlo_inst *in, const hlo_type *lhs);
double hlo_conv_products_per_output(const hlo_inst *in, const hlo_type *kernel);
/* With tpu_numerics, an f32 or bf16 exp, log, tanh, sine, cosine, sqrt, rsqrt or chlo.erf
 * computed as kernels compute it (tsr_mosaic_math_f32; bf16 through f32, rounded after), into
 * the allocated result: true when it did (ops_elementwise.c). */
bool hlo_kernel_math(const hlo_exec *x, hlo_opcode op, const hlo_val *args, hlo_val *res);
/* Counts one op's run (`runs` devices in lockstep) in the run's profile (profile.c). */
void hlo_profile_op(hlo_exec *x, const hlo_inst *in, const hlo_val *args, const hlo_val *res, int runs);
/* Runs a compiled function: args borrowed (retained inside), results new references. */
tsr_status hlo_call(hlo_exec *x, const hlo_func *f, const hlo_val *args, hlo_val *results);
/* Runs f on n devices in lockstep, op by op: device d's arguments args[d], its results
 * results[d]. A collective meets every device's operands at once, a kernel runs on every
 * device at once; any other op runs per device. */
tsr_status hlo_call_devices(hlo_exec *x, const hlo_func *f, int n, hlo_val *const *args, hlo_val *const *results);

/* ---- loop fusion (fuse.c) ---- */
/* Replaces f's calls of functions of value ops alone (hlo_fuse_inline: slices, and what a
 * chain takes) with copies of their ops, so chains run across them; f's slots grow. */
tsr_status hlo_fuse_inline(hlo_func *f);
/* Moves small ops that interrupt a chain of ops that can run tile by tile to its front
 * (before liveness: what f computes is the same). */
tsr_status hlo_fuse_order(hlo_func *f);
/* Finds f's chains of ops that can run tile by tile (after liveness). */
tsr_status hlo_fuse_plan(hlo_func *f);
/* Runs the chain that starts at f->insts[k] on `slots`, as hlo_call runs one op: its results
 * read later are made whole, the frees of its ops done. */
tsr_status hlo_run_fused(hlo_exec *x, const hlo_func *f, int k, hlo_val *slots);
/* Elements [lo, lo + n) of an iota of type t along `dim`, into dst[0..n) (ops_shape.c). */
void hlo_iota_fill(const hlo_type *t, int64_t dim, void *dst, int64_t lo, int64_t n);

/* ---- types and locations (compile.c) ---- */
int64_t hlo_numel(const hlo_type *t);
bool hlo_shape_eq(const hlo_type *a, const hlo_type *b);
bool hlo_type_eq(const hlo_type *a, const hlo_type *b); /* dtype and shape */
/* Dimension numbers: each value in [0, rank) and none twice. */
bool hlo_dims_distinct(const int64_t *v, int n, int rank);
/* Dense row-major strides in elements. */
void hlo_strides(const hlo_type *t, int64_t *st);
/* Where an op is: "file:line:col", its call-site chain, or "unknown location" (mlir_ir_loc_text). */
const char *hlo_loc(const mlir_ir_op *op, char *buf, size_t cap);
/* TSR_ERR_INVALID "<loc>: <op>: <message>" */
tsr_status hlo_op_fail(const mlir_ir_op *op, tsr_status s, const char *fmt, ...) TSR_PRINTF(3, 4);
/* Integer list attribute; returns its count (-1: absent). */
int hlo_attr_ints(const mlir_ir_op *op, const char *name, int64_t *out, int cap);

/* ---- elements (elem.c) ---- */
/* Reads: dtype_load_f64 and dtype_load_i64 (core/dtype.h). */
void hlo_st_f(tsr_dtype t, void *p, int64_t i, double v); /* float dtypes: rounds */
void hlo_st_i(tsr_dtype t, void *p, int64_t i, int64_t v); /* integer dtypes: wraps; BOOL: != 0 */
/* Complex elements (C64 rounds each part once); a real dtype reads with a zero imaginary
 * part and stores the real part. dtype_load_f64 of a complex element reads its real part. */
double complex hlo_ld_c(tsr_dtype t, const void *p, int64_t i);
void hlo_st_c(tsr_dtype t, void *p, int64_t i, double complex v);
/* Converts element i of src into element i of dst per stablehlo.convert. */
void hlo_convert_elem(tsr_dtype dt, void *dst, tsr_dtype st, const void *src, int64_t i);

/* ---- regions applied to scalars (region.c) ---- */
void hlo_body_classify(const hlo_inst *in, int r, hlo_body *out);
/* acc = body(acc, v) for a body that is not HLO_BODY_GENERAL; elements of dtype t. */
void hlo_body_apply2(const hlo_body *k, tsr_dtype t, void *acc, const void *v);
/* Calls region r of `in` on scalar arguments whose element bytes are at args[k] (of the
 * region's argument types) and copies result k's bytes to results[k]. */
tsr_status hlo_body_scalars(hlo_exec *x, const hlo_inst *in, int r, const hlo_val *op_args, const void *const *args,
                            void *const *results);
/* out = a OP b on one element of dtype t (out may be a or b), as the elementwise op computes it. */
void hlo_scalar_binary(hlo_opcode op, tsr_dtype t, const void *a, const void *b, void *out);

/* ---- complex elements (ops_complex.c) ---- */
/* An elementwise op on complex values, in double precision (StableHLO's semantics; NaN for
 * an op not defined on complex values, which prepare functions refuse first); a complex<f32>
 * (t) product rounds its parts as f32 arithmetic does. */
double complex hlo_complex_unary(hlo_opcode op, double complex z);
double complex hlo_complex_binary(hlo_opcode op, tsr_dtype t, double complex a, double complex b);

/* ---- op functions ---- */
typedef struct hlo_compiler hlo_compiler;
#define HLO_OP(e, name, syntax, run, prep, traits) \
  tsr_status run(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res);
#include "ops/stablehlo.def"
#include "ops/check.def"
#undef HLO_OP
#define HLO_OP(e, name, syntax, run, prep, traits) tsr_status prep(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args);
#include "ops/stablehlo.def"
#include "ops/check.def"
#undef HLO_OP

/* Calls region `r` of an op: `args` are its block arguments; the op's captured values (its
 * last n_cap inputs, `op_args` being all its inputs) follow them. Results are new references. */
tsr_status hlo_call_body(hlo_exec *x, const hlo_inst *in, int r, const hlo_val *args, const hlo_val *op_args,
                         hlo_val *results);

/* ---- many devices (sdy.c, ops_collective.c) ---- */
/* Reads the module's sdy.mesh and mhlo.num_partitions / num_replicas into p. */
tsr_status hlo_read_devices(tsr_hlo_program *p);
/* A collective on every device of the manual computation at once: args[d], res[d]. */
tsr_status hlo_collective_devices(hlo_exec *x, const hlo_inst *in, int n, hlo_val *const *args, hlo_val *const *res);
/* Decodes the HLO sharding string `text` of a value of global type g (and local type l, of
 * the shard) into sp's tiles. */
tsr_status hlo_sharding_tiles(const mlir_ir_op *op, const char *text, int n_dev, const hlo_type *g, const hlo_type *l,
                              hlo_spmd *sp);
/* @SPMDFullToShardShape / @SPMDShardToFullShape on every device at once (custom_call.c). */
tsr_status hlo_spmd_marker_devices(hlo_exec *x, const hlo_inst *in, int n, hlo_val *const *args, hlo_val *const *res);
/* A while loop whose bodies meet other devices, on every device in lockstep (ops_control.c). */
tsr_status hlo_while_devices(hlo_exec *x, const hlo_inst *in, int n, hlo_val *const *args, hlo_val *const *res);
/* An if or case whose branches meet other devices, on every device in lockstep (ops_control.c). */
tsr_status hlo_branch_devices(hlo_exec *x, const hlo_inst *in, int n, hlo_val *const *args, hlo_val *const *res);
/* A tpu_custom_call on every device at once (custom_call.c). */
tsr_status hlo_custom_call_devices(hlo_exec *x, const hlo_inst *in, int n, hlo_val *const *args, hlo_val *const *res);
/* Copies the box of `local`'s shape at `offset` in `global` into local (to_local) or back. */
void hlo_box_copy(char *global, const int64_t *gshape, char *local, const int64_t *lshape, const int64_t *offset,
                  int rank, size_t elem_bytes, bool to_local);

/* ---- kernels (tpu_kernel.c, custom_call.c) ---- */
/* A tpu_custom_call's kernel, or a bare module's: the loaded Mosaic kernel and what the call
 * adds to it. */
struct tsr_hlo_kernel {
  tsr_mosaic_kernel *k;
  char name[128];
  int64_t vmem_limit;       /* scoped_memory_configs; 0: the chip's VMEM */
  int serialization_format; /* -1: absent (legacy unmangled body) */
  bool has_communication;   /* the payload's: the kernel talks to other devices */
  int64_t collective_id;    /* the payload's (its barrier semaphore); -1 none */
  bool has_cost;            /* the payload's cost_estimate, when it has one */
  int64_t flops, transcendentals, bytes_accessed;
  bool skip_device_barrier; /* the payload's: no device barrier at the kernel's start */
  bool disable_bounds_checks; /* the payload's (tsr_mosaic_call_opts) */
  tsr_alias aliases[16];    /* operands counted as pallas_call counts them (no dynamic bounds) */
  int n_aliases;
  int n_dyn, n_prefetch, n_inputs, n_outputs;
};
/* Loads the kernel of a module that went through the Mosaic view. */
tsr_status hlo_kernel_load(tsr_hlo_kernel *k, tsr_mlir_module *body);
tsr_status hlo_bare_compile(tsr_hlo_program *p);
tsr_status hlo_bare_run(hlo_exec *x, const tsr_array *inputs, int n, tsr_array *outputs);
tsr_status hlo_kernels_describe(tsr_hlo_program *p, tsr_machine *m, const tsr_array *inputs,
                                int num_inputs, int plan_steps, FILE *out);
bool hlo_bare_input_type(const tsr_hlo_program *p, int i, tsr_array *type);

#endif
