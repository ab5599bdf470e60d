/* The StableHLO interpreter's compiled form: functions of value slots and op records, and
 * refcounted tensor buffers whose bytes are counted (peak memory, issue 5 item 7). */
#ifndef TSR_HLO_INTERNAL_H
#define TSR_HLO_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include "core/block_cache.h"
#include "core/dtype.h"
#include "core/status.h"
#include "core/strided.h" /* the view ops' copies */
#include "mlir/ir.h"
#include "tessera/hlo.h"

typedef enum hlo_opcode {
#define HLO_OP(e, name, run, prep) HLO_##e,
#include "hlo/ops.def"
#undef HLO_OP
  HLO_OPCODE_COUNT
} hlo_opcode;

typedef struct hlo_type {
  tsr_dtype dtype;
  int rank;
  int64_t shape[TSR_MAX_RANK];
} hlo_type;

/* Tensor bytes. `data` is malloc'd separately so a final output can be handed over. */
typedef struct hlo_buf {
  int64_t refs;
  size_t bytes;
  char *data;
  bool owned; /* false: a caller's input array */
  bool counted; /* its bytes are in the exec's live count */
} hlo_buf;

typedef struct hlo_val {
  hlo_type t;
  hlo_buf *buf;
} hlo_val;

struct hlo_func;
struct hlo_kernel;

typedef struct hlo_inst {
  hlo_opcode opc;
  const tsr_ir_op *op;
  int n_in, n_out, n_free;
  int *in, *out, *frees; /* slots; frees: slots whose last use is this op */
  struct hlo_func *callee;   /* func.call, and the reduce body */
  struct hlo_kernel *kernel; /* tpu_custom_call */
  int aux;                   /* op-specific: compare direction/type, reduce fast kind */
  int aux2;
  unsigned scalar_in;        /* elementwise binary ops: bit i, operand i is a scalar
                              * standing for its broadcast (compile.c folds the broadcast) */
} hlo_inst;

typedef struct hlo_func {
  const char *name;
  const tsr_ir_op *fop; /* the func.func (NULL: a region) */
  int n_slots, n_args, n_ret, n_inst;
  hlo_type *slot_t;
  int *ret;          /* slots returned */
  int *entry_frees;  /* arguments never used */
  int n_entry_frees;
  hlo_inst *insts;
} hlo_func;

struct tsr_hlo_program {
  tsr_mlir_module *m;
  hlo_func **funcs; /* every compiled function and region (owned) */
  int n_funcs;
  hlo_func *main;
  struct hlo_kernel **kernels;
  int n_kernels;
  struct hlo_kernel *bare; /* a bare Mosaic module */
  int bare_inputs, bare_outputs;
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
  int depth;
  /* large buffers released during the run (or left by the program's last run), kept for a
   * later tensor of the same size; what is left when the run ends stays with the program */
  block_cache spare;
} hlo_exec;

/* ---- buffers (exec.c) ---- */
tsr_status hlo_alloc(hlo_exec *x, hlo_val *v);
/* Whether `bytes` more may be held besides what the run holds now (x->max_bytes). */
tsr_status hlo_admit(const hlo_exec *x, int64_t bytes);
void hlo_release(hlo_exec *x, hlo_buf *b);
static inline void hlo_retain(hlo_buf *b) { b->refs++; }
/* Runs a compiled function: args borrowed (retained inside), results new references. */
tsr_status hlo_call(hlo_exec *x, const hlo_func *f, const hlo_val *args, hlo_val *results);

/* ---- types and locations (compile.c) ---- */
int64_t hlo_numel(const hlo_type *t);
/* Dense row-major strides in elements. */
void hlo_strides(const hlo_type *t, int64_t *st);
/* "file:line:col" of an op (first file location inside its loc), or "unknown location". */
const char *hlo_loc(const tsr_ir_op *op, char *buf, size_t cap);
/* TSR_ERR_INVALID "<loc>: <op>: <message>" */
tsr_status hlo_op_fail(const tsr_ir_op *op, tsr_status s, const char *fmt, ...) TSR_PRINTF(3, 4);
/* Integer list attribute; returns its count (-1: absent). */
int hlo_attr_ints(const tsr_ir_op *op, const char *name, int64_t *out, int cap);

/* ---- elements (elem.c) ---- */
/* Reads: dtype_load_f64 and dtype_load_i64 (core/dtype.h). */
void hlo_st_f(tsr_dtype t, void *p, int64_t i, double v); /* float dtypes: rounds */
void hlo_st_i(tsr_dtype t, void *p, int64_t i, int64_t v); /* integer dtypes: wraps; BOOL: != 0 */
/* Converts element i of src into element i of dst per stablehlo.convert. */
void hlo_convert_elem(tsr_dtype dt, void *dst, tsr_dtype st, const void *src, int64_t i);

/* ---- op functions ---- */
typedef struct hlo_compiler hlo_compiler;
#define HLO_OP(e, name, run, prep) \
  tsr_status run(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res);
#include "hlo/ops.def"
#undef HLO_OP
#define HLO_OP(e, name, run, prep) tsr_status prep(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args);
#include "hlo/ops.def"
#undef HLO_OP

/* Compiles a region's entry block as a function (reduce bodies). */
tsr_status hlo_compile_region(tsr_hlo_program *p, const tsr_ir_region *r, const char *name, hlo_func **out);

/* ---- kernels (custom_call.c) ---- */
void hlo_kernel_destroy(struct hlo_kernel *k);
tsr_status hlo_bare_compile(tsr_hlo_program *p);
tsr_status hlo_bare_run(hlo_exec *x, const tsr_array *inputs, int n, tsr_array *outputs);
tsr_status hlo_kernels_describe(tsr_hlo_program *p, tsr_machine *m, const tsr_array *inputs,
                                int num_inputs, int plan_steps, FILE *out);
bool hlo_bare_input_type(const tsr_hlo_program *p, int i, tsr_array *type);

#endif
