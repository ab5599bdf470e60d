/* The Mosaic executor's compiled program: what a func becomes once, and what the interpreter
 * runs per grid step (or per index-map call) without touching the MLIR structures again.
 *
 * Every SSA value of a func gets a slot. A slot's type is fully static (Mosaic shapes are), so
 * each slot has a fixed buffer in a frame, sized at compile time (slots whose live ranges do
 * not overlap share memory: compile.c); constants point into the
 * program's constant pool. Values are stored in a compute class: floats (f32, bf16, f16) as
 * float, integers up to 32 bits as int32 sign-extended from their width (i1 true is -1), i64
 * and index as int64. Refs (memrefs) are tsr_ref views. */
#ifndef TSR_MOSAIC_INTERNAL_H
#define TSR_MOSAIC_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "core/dtype.h"
#include "core/isa.h"
#include "core/status.h"
#include "mlir/ir.h"
#include "ops/traits.h"
#include "pipeline/seam.h" /* all the executor takes from the pipeline and the machine */
#include "tessera/mosaic.h"

typedef enum mosaic_vclass { MOSAIC_VC_F = 0, MOSAIC_VC_I32, MOSAIC_VC_I64, MOSAIC_VC_REF, MOSAIC_VC_NONE } mosaic_vclass;
typedef enum mosaic_ekind {
  MOSAIC_EK_F32 = 0, MOSAIC_EK_BF16, MOSAIC_EK_F16, MOSAIC_EK_INT, MOSAIC_EK_INDEX, MOSAIC_EK_REF, MOSAIC_EK_NONE,
  MOSAIC_EK_F8E4M3FN, MOSAIC_EK_F8E5M2, MOSAIC_EK_F8E4M3B11FNUZ, MOSAIC_EK_F8E8M0FNU
} mosaic_ekind;

/* What one execution of an instruction costs (added to the body's tsr_cost). A matmul's flops
 * are not here: mosaic_r_matmul records them with the matmul's shape (tsr_cost_add_matmul). */
typedef struct mosaic_op_cost {
  double transcendentals, vpu_ops, vector_bytes, scalar_ops;
} mosaic_op_cost;

enum { MOSAIC_MXU_INT_WIDTHS = 4 }; /* mosaic_minst.mxu_int_opds */

typedef struct mosaic_stype {
  uint8_t cls;   /* mosaic_vclass */
  uint8_t ek;    /* mosaic_ekind */
  uint8_t width; /* integer bit width (1..64) */
  int8_t rank;   /* 0: a scalar */
  int64_t shape[TSR_MAX_RANK];
  int64_t n;     /* elements */
  tsr_dtype dtype; /* refs: element dtype; values: the natural dtype (BOOL for i1) */
  tsr_space space; /* refs */
  int8_t pack;     /* refs: a packed view (packed.c): p > 0 words over p narrow rows, -p narrow
                    * rows over words; 0 for a plain ref */
  uint8_t pack_bits; /* the narrow element's bits in a packed view */
  uint8_t pack_row;  /* a packed view of words (pack > 0) whose second-minor dimension, one
                      * word row, was squeezed away: its memory keeps that row's p narrow
                      * rows as its second-minor dimension, one more than the view has */
  uint8_t dynamic;   /* refs: bit k set when dimension k is `?` (shape[k] is then -1; n
                      * counts the static ones): a tpu.memref_slice of dynamic sizes, which
                      * only views and DMAs take (compile.c) */
} mosaic_stype;

/* What the program passes (alias.c, unused.c) may assume of an op, the last column of
 * ops.def. An op that fits none of the others is MOSAIC_K_EFFECT, which assumes nothing: a new op
 * is safe by default. */
typedef enum mosaic_mop_kind {
  MOSAIC_K_VALUE,   /* only computes values from its operands */
  MOSAIC_K_LOAD,    /* reads memory into a value */
  MOSAIC_K_VIEW,    /* a view of a memref */
  MOSAIC_K_CONTROL, /* structured control flow and asserts: writes no memory itself */
  MOSAIC_K_EFFECT,  /* writes memory, or has state beyond its operands (DMA, semaphores, PRNG, ids) */
} mosaic_mop_kind;

/* The opcode enum comes from ops.def. */
typedef enum mosaic_mop {
#define MOP(e, name, syntax, compile, run, kind, traits) MOSAIC_MOP_##e,
#include "ops/mosaic.def"
#undef MOP
  MOSAIC_MOP_COUNT
} mosaic_mop;
extern const uint8_t mosaic_mop_kinds[MOSAIC_MOP_COUNT];
/* The traits column of src/ops/mosaic.def: MT_* bits (src/ops/traits.h). */
extern const uint16_t mosaic_mop_traits[MOSAIC_MOP_COUNT];
/* Whether op has every trait of `traits`. */
static inline bool mosaic_mop_has(int op, unsigned traits) { return (mosaic_mop_traits[op] & traits) == traits; }
/* A vector load or store of one window of a ref (alias.c and row runs rewrite these). */
static inline bool mosaic_mop_window_load(int op) { return mosaic_mop_has(op, MT_WINDOW) && mosaic_mop_kinds[op] == MOSAIC_K_LOAD; }
static inline bool mosaic_mop_window_store(int op) { return mosaic_mop_has(op, MT_WINDOW | MT_STORE); }
/* Computes values only (loads read memory, which is still only a value). */
static inline bool mosaic_mop_value_only(int op) { return mosaic_mop_kinds[op] <= MOSAIC_K_LOAD; }
/* Cannot write memory a value may point into. */
static inline bool mosaic_mop_writes_nothing(int op) { return mosaic_mop_kinds[op] <= MOSAIC_K_CONTROL; }

/* What a tessera.* mark makes of an op (marks.c). */
typedef enum mosaic_mark_kind {
  MOSAIC_MARK_NONE = 0,
  MOSAIC_MARK_STEP,                          /* scf.for: each iteration is a grid step */
  MOSAIC_MARK_BODY,                          /* tpu.region: the kernel's body, charged as one */
  MOSAIC_MARK_DMA_IN, MOSAIC_MARK_DMA_OUT,   /* DMA start or wait: a block copied in or written back */
  MOSAIC_MARK_SKIP_IN, MOSAIC_MARK_SKIP_OUT, /* scf.if: not taken, the pipeline skipped that copy */
} mosaic_mark_kind;

typedef struct mosaic_minst {
  uint16_t op;
  uint8_t nregions;
  uint8_t cls;            /* class of the operands (for compares, casts) */
  uint8_t ek, width;      /* of the result (rounding and wrapping) */
  int32_t next;           /* the instruction after this one and its regions */
  int nopd, nres;
  int32_t *opd, *res;     /* slots */
  int32_t reg_begin[2], reg_end[2]; /* [begin, end); end is the region's terminator */
  int nrargs[2];
  int32_t *rargs[2];      /* region entry block arguments (slots) */
  int64_t n;              /* result elements (or operand elements when no result) */
  int64_t a[6];           /* op-specific integer parameters */
  int nints;
  int64_t *ints;          /* op-specific integer lists */
  double f;
  void *aux;
  const char *name, *loc;
  mosaic_op_cost cost;           /* counted once per execution */
  bool observe;           /* a vector load/store: emits TSR_EV_ACCESS when observed */
  bool mxu_bf16_inputs;   /* matmul: f32 operands pass the MXU as bf16 (default precision) */
  uint8_t mxu_dtype;      /* matmul: what the MXU multiplies (tsr_dtype), in mxu_passes */
  uint8_t mxu_passes;     /*   bf16 passes (f32 at HIGH: 3, at HIGHEST: 6; otherwise 1) */
  bool acc_zero;          /* matmul: the accumulator is a constant of all zero bytes */
  bool alias;             /* load: may hand out the window's memory; shape_cast: may share its
                           * operand's buffer (alias.c) */
  bool unused;            /* load: nothing uses its value (unused.c) */
  bool mxu_view;          /* load: only matmuls read its value, and may read it in place with
                           * the window's row stride (alias.c): refs[value slot] holds that
                           * window while the value points into it, else its data is NULL */
  uint8_t mxu_views;      /* matmul: bit k set when operand k comes from an mxu_view load */
  uint8_t mxu_int_opds;   /* matmul of a float accumulator: bit k set when operand k is an
                           * integer vector, which the product converts to float; of an
                           * integer one: MOSAIC_MXU_INT_WIDTHS when its operands' widths differ */
  bool in_place;          /* matmul: may add into its accumulator's window itself, which the
                           * one store of its result writes back (alias.c); that store: skips
                           * the copy when the value already lies in its window */
  uint8_t mark;           /* mosaic_mark_kind */
  int16_t mark_operand;   /* DMA and skip marks: the input's or output's number */
  int64_t mark_bytes;     /* DMA marks: what the semaphore counts (0: the window's bytes) */
  bool needed;            /* runs in a timing-only run (timing_only.c); others add their cost */
  bool wait_only;         /* view: only DMA waits read it, directly or through views
                           * (mosaic_prog_mark_wait_only): a wait needs nothing of its descriptor but the
                           * byte count, so the view may lie past its memref, as on a TPU */
  int32_t chunk;          /* 1 + the chunk group this instruction starts (chunk.c); 0: none */
  bool reads_short;       /* reads a short splat (splats.c): run op by op, it fills it whole */
  int32_t rows;           /* 1 + the row run this instruction starts (rows.c); 0: none */
  bool row_view;          /* load: read a row at a time by a row run, which may take its
                           * window's rows where they lie (rows.c) */
} mosaic_minst;

typedef struct mosaic_chunk_group mosaic_chunk_group;
typedef struct mosaic_row_run mosaic_row_run;

typedef struct mosaic_parena_block mosaic_parena_block;

typedef struct mosaic_prog {
  const char *name;
  int nslots;
  mosaic_stype *types;
  int32_t *cslot_off;     /* per slot: -1, or the offset of its constant in cpool */
  uint8_t *csplat;        /* per slot: a constant whose elements all have the same bits
                           * (mosaic_prog_splat_const): MOSAIC_SPLAT_FULL, or MOSAIC_SPLAT_SHORT
                           * (only its first MOSAIC_SPLAT_SHORT_N elements are in the pool) */
  char *cpool;
  size_t cpool_size;
  size_t *data_off;       /* per slot: offset of its buffer in a frame (non-constant values;
                           * slots with disjoint live ranges share one) */
  size_t frame_bytes;     /* value storage of one frame */
  size_t scratch_bytes;   /* per-frame working space of ops (matmul operand copies) */
  int ninsts;
  mosaic_minst *insts;
  int32_t body_end;       /* the func's terminator index */
  int nargs;
  int32_t *args;
  int nret;
  size_t cpool_cap;
  mosaic_parena_block *arena;    /* everything above is allocated here */
  int32_t mb[8][2];       /* func bodies of several blocks: [first instruction, exit] */
  int nmb;
  bool uses_prng;
  mosaic_chunk_group *chunks;    /* runs of elementwise ops run a chunk at a time (chunk.c) */
  int nchunks;
  mosaic_row_run *rowruns;       /* loads, elementwise ops and a store run a row at a time (rows.c) */
  int nrowruns;
  /* NULL when a timing-only run of this body is exact; else why not ("op NAME at LOC ...") */
  const char *timing_inexact;
  /* Windows reaching into an array's tile padding (mosaic_r_memref_slice): per slot, -1 or the
   * record of a memref_slice or memref_squeeze result in a frame's pads; NULL when there is
   * none. */
  int32_t *pad_of_slot;
  int npads;
} mosaic_prog;

/* A frame: one activation's values. */
typedef struct mosaic_frame {
  void **data;       /* per slot: its own buffer, a constant, or memory it aliases */
  char *values;      /* the slots' own buffers (P->data_off) */
  tsr_ref *refs;     /* per slot */
  char *scratch;     /* prog->scratch_bytes of working space */
  int64_t *pads;     /* prog->npads records of MOSAIC_PAD_RECORD: [0] 1 when the window was cut at
                      * the array's end, then the sizes the slice asked for */
  char *mem;         /* owned when heap-allocated */
} mosaic_frame;
#define MOSAIC_PAD_RECORD (1 + TSR_MAX_RANK)

typedef struct mosaic_exec {
  const mosaic_prog *P;
  mosaic_frame *f;
  tsr_ctx *ctx;          /* NULL in index maps */
  const int64_t *grid;   /* index maps: the call's grid (grid_rank bounds); NULL if not known */
  int grid_rank;
  bool observed;          /* an observer reads the body's accesses (seam_accesses_observed) */
  bool located;          /* the failure message already names the op */
  tsr_cost cost;
  uint32_t *prng_seed;   /* per core */
  uint64_t *prng_counter;
  int64_t *ops_left;     /* the call's op budget on this core (index maps: their own) */
  int64_t ops_limit;     /* what the budget was, for the message */
  struct pipe_carry_watch *carry; /* loads and stores are reported here (a host part's run) */
  bool in_body;          /* inside a region marked tessera.body (marks.c): one nested is plain */
  int32_t jump;          /* a branch ran: 1 + the instruction to go on at (0: none) */
  bool timing_only;      /* run the needed instructions only (timing_only.c) */
  bool unchunked;        /* run chunk groups op by op (tsr_machine_options.unchunked) */
  bool oob_raise;        /* tsr_machine_options.out_of_bounds_reads is TSR_OOB_READS_RAISE */
  tsr_machine *machine;  /* where an out-of-bounds read is reported; NULL in index maps */
  uint8_t *oob_seen;     /* per instruction: its out-of-bounds read was reported this call */
  /* tsr_mosaic_call_opts.disable_bounds_checks: accesses outside their refs are clipped
   * (ops_memory.c), and the first op that made one is kept here for the call's warning */
  bool unchecked;
  const mosaic_minst **outside;
} mosaic_exec;

/* A load out of bounds when reads out of bounds are uninitialized (tsr_oob_reads), or one
 * that stays inside its ref's tile padding (`padding`: ops_memory.c, which a TPU reads in
 * either mode): its value is poison and the read is reported once per op and call;
 * TSR_ERR_BOUNDS as it was else. */
tsr_status mosaic_oob_read(mosaic_exec *x, const mosaic_minst *in, tsr_status s, tsr_dtype mem, bool padding);

/* ---- program building (compile.c) ---- */
typedef struct mosaic_comp mosaic_comp;
void *mosaic_prog_alloc(mosaic_prog *P, size_t bytes);
char *mosaic_prog_strdup(mosaic_prog *P, const char *s);
/* Compiles func `fn`; `kernel_mode` enables kernel-only ops. On failure the message names
 * the op and its location. */
tsr_status mosaic_prog_compile(const mlir_ir_op *fn, mosaic_prog **out);
void mosaic_prog_destroy(mosaic_prog *P);
/* Marks the loads whose value nothing uses (unused.c). */
tsr_status mosaic_prog_mark_unused_loads(mosaic_prog *P);
/* Folds an arith.addf of a tpu.matmul's product into the matmul's accumulator (fuse.c). */
tsr_status mosaic_prog_fuse_matmul_adds(mosaic_prog *P);
/* Marks the loads and shape_casts that may alias instead of copying (alias.c). */
tsr_status mosaic_prog_mark_aliases(mosaic_prog *P);
/* Marks the matmuls that may add into their accumulator's window, and the stores that then
 * need not copy it back (alias.c); after mosaic_prog_mark_unused_loads. */
tsr_status mosaic_prog_mark_in_place(mosaic_prog *P);
/* Reads op c->op's tessera.* mark into in->mark (marks.c). */
tsr_status mosaic_mark_compile(mosaic_comp *c, mosaic_minst *in);
/* Whether the program marks its own grid steps (a scf.for with tessera.step). */
bool mosaic_prog_steps_itself(const mosaic_prog *P);
/* The direction of a DMA or skip mark. */
tsr_dma_dir mosaic_mark_dir(const mosaic_minst *in);
/* Groups runs of elementwise ops to run a chunk of elements at a time (chunk.c); after
 * assign_buffers, whose sharing of memory it checks. A run of an unchunked machine
 * (tsr_machine_options.unchunked) ignores the groups. */
tsr_status mosaic_prog_mark_chunks(mosaic_prog *P);
/* Points the short splats that `in` reads at their whole value in the frame, filled there
 * once per frame (mosaic_prog_settle_splats, splats.c): for a group member run op by op. */
void mosaic_exec_fill_short(mosaic_exec *x, const mosaic_minst *in);
/* Runs the group that instruction `in` starts (mosaic_exec_range has counted `in` itself); *resume
 * is the instruction after the group, or -1 when the group must run op by op (the op budget
 * ends inside it, so the failure names the op). */
tsr_status mosaic_chunk_run(mosaic_exec *x, const mosaic_minst *in, int32_t *resume);
/* Marks row runs (rows.c): loads, elementwise ops over their values and one store of the
 * result, run a row of the windows at a time from where the loads' rows lie straight into
 * the store's window. After mosaic_prog_mark_chunks. */
tsr_status mosaic_prog_mark_rows(mosaic_prog *P);
/* Runs the row run that `in` starts (mosaic_exec_range has counted `in` itself); *resume is the
 * instruction after its store, or -1 when it must run op by op (observed, a window that is
 * not rows or overlaps another, the op budget ends inside it). */
tsr_status mosaic_row_run_exec(mosaic_exec *x, const mosaic_minst *in, int32_t *resume);
/* The window a vector load (store = false) or store touches (ops_memory.c). */
tsr_status mosaic_mem_op_window(mosaic_exec *x, const mosaic_minst *in, bool store, tsr_ref *w);
/* The sizes a memref_slice asked for when its window was cut at the end of its array, whose
 * tile padding it reaches into (mosaic_r_memref_slice); NULL for any other value. */
const int64_t *mosaic_padded_sizes(const mosaic_exec *x, int32_t slot);
/* Maps each memref_slice and memref_squeeze result to its record (after the body is
 * compiled). */
tsr_status mosaic_prog_map_pads(mosaic_prog *P);
tsr_status mosaic_prog_mark_wait_only(mosaic_prog *P);
tsr_status mosaic_packed_squeeze(mosaic_comp *c, mosaic_minst *in, const int64_t *keep, int nkeep);
tsr_status mosaic_wait_only_view(const tsr_ref *r, tsr_dtype dt, int rank, const int64_t *shape, tsr_ref *o);
/* The run function of every op (exec.c). */
typedef tsr_status (*mosaic_mop_run_fn)(mosaic_exec *x, const mosaic_minst *in);
extern const mosaic_mop_run_fn mosaic_mop_run[MOSAIC_MOP_COUNT];
/* Marks the instructions a timing-only run executes, and says whether such a run is exact
 * (P->timing_inexact; timing_only.c). */
tsr_status mosaic_prog_mark_timing_needed(mosaic_prog *P);
/* Adds what one execution of a tpu.matmul costs to x->cost (ops_tpu.c). */
void mosaic_matmul_add_cost(mosaic_exec *x, const mosaic_minst *in);
/* Space for slot `s`'s constant value in the pool (n elements of its class). */
void *mosaic_prog_const(mosaic_prog *P, int32_t s);
/* Slot `s`'s constant: every element the bits of `elem` (its class's size); shares the pool
 * bytes of an earlier such splat. Marks P->csplat[s]. Longer than MOSAIC_SPLAT_SHORT_N elements,
 * only the first MOSAIC_SPLAT_SHORT_N are written (MOSAIC_SPLAT_SHORT) until
 * mosaic_prog_settle_splats says whether more are read; `whole` writes them all
 * (MOSAIC_SPLAT_FULL). False when out of memory. */
enum { MOSAIC_SPLAT_NONE = 0, MOSAIC_SPLAT_FULL = 1, MOSAIC_SPLAT_SHORT = 2 };
enum { MOSAIC_SPLAT_SHORT_N = 1024 }; /* chunk.c's chunk: what a chunk group reads of a splat */
bool mosaic_prog_splat_const(mosaic_prog *P, int32_t s, const void *elem, bool whole);
/* After mosaic_prog_mark_chunks (splats.c): a short splat that only chunk groups read (the first
 * chunk is every chunk) stays short, with room in the frame to be filled whole where a group
 * runs op by op (unchunked, timing-only, near the op budget: mosaic_exec_fill_short); any other is
 * written whole. */
tsr_status mosaic_prog_settle_splats(mosaic_prog *P);

/* per-op compile context */
struct mosaic_comp {
  mosaic_prog *P;
  const mlir_ir_op *op;
  char where[640];    /* "op NAME at LOC" */
};
tsr_status mosaic_comp_fail(mosaic_comp *c, tsr_status s, const char *fmt, ...) TSR_PRINTF(3, 4);
/* The slot type of an MLIR type; false for one the interpreter does not take, with the reason
 * (" (...)", or empty) in why when given. */
bool mosaic_comp_type(const mlir_ir_type *t, mosaic_stype *out, char *why, size_t cap);
/* Integer list attribute by name (dense array, array of ints); -1 when absent. */
int64_t mosaic_comp_ints(mosaic_comp *c, const char *name, int64_t *out, int64_t cap);
int64_t *mosaic_comp_ints_dup(mosaic_comp *c, const char *name, int *n);
/* The keyword of a dialect enum attribute (#vector.kind<add> -> "add"), also when the
 * reader kept it as opaque text; "" when it is neither. */
const char *mosaic_enum_word(const mlir_ir_attr *a, const char *dialect, const char *mnemonic, char *buf, size_t cap);

/* ---- frames and execution (exec.c) ---- */
tsr_status mosaic_frame_init(const mosaic_prog *P, mosaic_frame *f, void *mem, size_t cap);
void mosaic_frame_free(mosaic_frame *f);
size_t mosaic_frame_size(const mosaic_prog *P);
tsr_status mosaic_exec_range(mosaic_exec *x, int32_t begin, int32_t end);
/* mosaic_exec_range in the copy built for the CPU's instruction-set level (core/isa.h): how a
 * kernel's body runs. exec.c, chunk.c, rows.c, splats.c, piecewise.c, packed.c, numerics.c,
 * vmath.c and the op files are built once per level (CMakeLists.txt); this table is each
 * copy's way in. */
enum {
  MOSAIC_VEC_EXP, MOSAIC_VEC_LOG, MOSAIC_VEC_TANH, MOSAIC_VEC_SIN, MOSAIC_VEC_COS, MOSAIC_VEC_ERF, MOSAIC_VEC_SQRT,
  MOSAIC_VEC_RSQRT, MOSAIC_VEC_FUNCS
};
typedef struct mosaic_isa {
  tsr_status (*mosaic_exec_range)(mosaic_exec *x, int32_t begin, int32_t end);
  /* what tests/test_isa.c compares level by level, besides whole kernels */
  void (*vec[MOSAIC_VEC_FUNCS])(float *d, const float *a, int64_t n); /* mosaic_vec_expf ... mosaic_vec_rsqrtf */
  void (*mosaic_round_to_ek)(float *d, int64_t n, int ek);
} mosaic_isa;
ISA_DECLARE(mosaic_isa, mosaic_isa);
/* The table of the level in use. */
const mosaic_isa *mosaic_isa_active(void);
tsr_status mosaic_exec_run(mosaic_exec *x, int32_t begin, int32_t end);
/* The call's op budget is spent (x->ops_left): the failure, naming op `in`, or kernel
 * `kernel` at a grid step when `in` is NULL. An endless loop in a kernel from outside stops
 * here instead of hanging. */
tsr_status mosaic_exec_over_budget(mosaic_exec *x, const mosaic_minst *in, const char *kernel);
/* Whether instruction i lies in a func body of several blocks (its order is not the order
 * it runs in: the passes that reason about "between" leave such instructions alone). */
static inline bool mosaic_prog_in_branchy_body(const mosaic_prog *P, int32_t i) {
  for (int k = 0; k < P->nmb; k++)
    if (i >= P->mb[k][0] && i <= P->mb[k][1]) return true;
  return false;
}
/* Copies value slot `src` into slot `dst` (same type). */
void mosaic_exec_copy_value(mosaic_exec *x, int32_t dst, int32_t src);

static inline float *SF(const mosaic_exec *x, int32_t s) { return (float *)x->f->data[s]; }
static inline int32_t *SI(const mosaic_exec *x, int32_t s) { return (int32_t *)x->f->data[s]; }
static inline int64_t *SL(const mosaic_exec *x, int32_t s) { return (int64_t *)x->f->data[s]; }
static inline tsr_ref *SR(const mosaic_exec *x, int32_t s) { return &x->f->refs[s]; }
static inline const mosaic_stype *ST(const mosaic_exec *x, int32_t s) { return &x->P->types[s]; }
/* A scalar integer slot's value (i32 or index class). */
static inline int64_t mosaic_scalar_int(const mosaic_exec *x, int32_t s) {
  return x->P->types[s].cls == MOSAIC_VC_I64 ? SL(x, s)[0] : (int64_t)SI(x, s)[0];
}
/* Ops that talk to the machine (DMAs, semaphores) run in a kernel, never in an index map. */
static inline tsr_status mosaic_need_ctx(const mosaic_exec *x) {
  return x->ctx ? TSR_OK : tsr_fail(TSR_ERR_INVALID, "this op needs a kernel context (not allowed in index maps)");
}
/* The one semaphore a memref<!tpu.dma_semaphore> (or a squeezed view of one) names. */
static inline tsr_ref mosaic_one_sem(const tsr_ref *r) {
  tsr_ref s = *r;
  s.rank = 0;
  return s;
}
static inline size_t mosaic_class_size(int cls) { return cls == MOSAIC_VC_I64 ? 8 : 4; }
/* Bits of a value's element type (float kinds by format, integers by width). */
static inline int mosaic_stype_bits(const mosaic_stype *t) {
  if (t->cls != MOSAIC_VC_F) return t->width;
  return t->ek == MOSAIC_EK_F32 ? 32 : t->ek == MOSAIC_EK_BF16 || t->ek == MOSAIC_EK_F16 ? 16 : 8;
}
/* A float kind's bits, and back (f32 bits as they are). */
uint32_t mosaic_ek_float_bits(float v, int ek);
float mosaic_ek_bits_float(uint32_t bits, int ek);

/* ---- numerics (numerics.c) ---- */
static inline float mosaic_round_bf16(float v) { /* inline: the MXU operands' rounding loops vectorise */
  uint32_t u = (uint32_t)dtype_f32_to_bf16(v) << 16;
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}
float mosaic_round_f16(float v);
/* Rounds a float result to its element kind (bf16, f16); no-op for f32. */
void mosaic_round_to_ek(float *d, int64_t n, int ek);
/* Rows of an f32 matrix (row stride ld) rounded as mosaic_round_bf16 into dense d (the MXU's f32
 * operands at default precision). */
void mosaic_round_rows_bf16(float *restrict d, const float *restrict s, int64_t rows, int64_t cols, int64_t ld);
/* Rows of a bf16 matrix (row stride ld, in elements) widened to f32 into dense d (exact). */
void mosaic_widen_rows_bf16(float *restrict d, const uint16_t *restrict s, int64_t rows, int64_t cols, int64_t ld);
static inline int32_t mosaic_sext32(int64_t v, int width) {
  if (width >= 32) return (int32_t)(uint32_t)(uint64_t)v;
  uint32_t u = (uint32_t)(uint64_t)v & ((1u << width) - 1u);
  uint32_t sign = 1u << (width - 1);
  return (int32_t)((u ^ sign) - sign);
}
static inline uint64_t mosaic_zext(int64_t v, int width) {
  return width >= 64 ? (uint64_t)v : (uint64_t)v & ((1ull << width) - 1ull);
}
/* IEEE maximum and minimum (arith.maximumf/minimumf): NaN wins, -0 < +0. */
static inline float mosaic_fmaximum(float a, float b) {
  if (a != a || b != b) return __builtin_nanf("");
  if (a == b) return __builtin_signbit(a) ? b : a;
  return a > b ? a : b;
}
static inline float mosaic_fminimum(float a, float b) {
  if (a != a || b != b) return __builtin_nanf("");
  if (a == b) return __builtin_signbit(a) ? a : b;
  return a < b ? a : b;
}
/* Wraps every element of an int32-class result to `width` bits. */
void mosaic_wrap_i32(int32_t *d, int64_t n, int width);

/* ---- vector math (vmath.c) ---- */
/* d[i] = e^a[i], within 1 ulp of correctly rounded; d and a must not overlap. */
void mosaic_vec_expf(float *restrict d, const float *restrict a, int64_t n);
/* The same for log, tanh, sin, cos, erf (accuracy in docs/mosaic.md; d == a is allowed) and
 * sqrt, rsqrt (bit for bit libm's sqrtf, 1 / sqrtf). */
void mosaic_vec_logf(float *d, const float *a, int64_t n);
void mosaic_vec_tanhf(float *d, const float *a, int64_t n);
void mosaic_vec_sinf(float *d, const float *a, int64_t n);
void mosaic_vec_cosf(float *d, const float *a, int64_t n);
void mosaic_vec_erff(float *d, const float *a, int64_t n);
void mosaic_vec_sqrtf(float *d, const float *a, int64_t n);
void mosaic_vec_rsqrtf(float *d, const float *a, int64_t n);

/* ---- memory access helpers (ops_memory.c) ---- */
/* Reads a window of `r` (shape = vector shape aligned to r's trailing dims) into a dense
 * value buffer of class `cls`. */
void mosaic_mem_read(const tsr_ref *r, void *dst, int cls);
void mosaic_mem_write(const tsr_ref *r, const void *src, int cls, const int32_t *mask, bool add);
/* Generic dense copy: dst[i...] = src[off + sum i_k * sstride_k] over `shape`. */
void mosaic_strided_gather(void *dst, const void *src, int64_t off, const int64_t *shape,
                    const int64_t *sstride, int rank, size_t es);
void mosaic_emit_access(mosaic_exec *x, const mosaic_minst *in, const tsr_ref *r, bool write);

/* run functions, one per op */
#define MOP(e, name, syntax, compile, run, kind, traits) tsr_status run(mosaic_exec *x, const mosaic_minst *in);
#include "ops/mosaic.def"
#undef MOP
#define MOP(e, name, syntax, compile, run, kind, traits) tsr_status compile(mosaic_comp *c, mosaic_minst *in);
#include "ops/mosaic.def"
#undef MOP

/* ---- packed views (packed.c) ---- */
/* A memref_bitcast that changes the second-minor dimension, or any bitcast of a packed view:
 * marks the result packed (or plain, back at the memory's width). */
tsr_status mosaic_packed_bitcast(mosaic_comp *c, mosaic_minst *in);
/* A memref_reshape of a packed view (in->ints: the memory's new shape). */
tsr_status mosaic_packed_reshape(mosaic_comp *c, mosaic_minst *in);
/* Whether op may take a packed view (loads, stores, views, DMAs). */
bool mosaic_packed_use_ok(int op);
tsr_status mosaic_packed_load(mosaic_exec *x, const mosaic_minst *in);
tsr_status mosaic_packed_store(mosaic_exec *x, const mosaic_minst *in);
tsr_status mosaic_packed_slice(mosaic_exec *x, const mosaic_minst *in);
/* The two sides of a DMA of which one or both are packed views, as refs that the DMA engine
 * moves bit for bit: of one narrow dtype and shape for fields of a byte or more; for
 * sub-byte fields (int4), bytes of packed fields against a field a byte (field_bits, as
 * seam_dma_start_fields takes them). `bytes`: what the semaphore counts, the target's bytes
 * as mosaic_packed_bytes says. */
typedef struct mosaic_packed_dma {
  tsr_ref src, dst;
  int field_bits; /* 0: a plain copy */
  int64_t bytes;
} mosaic_packed_dma;
tsr_status mosaic_packed_dma_pair(mosaic_exec *x, int32_t s_src, int32_t s_dst, mosaic_packed_dma *o);
/* The same of two sides given as (the view's type, its memory): an indexed DMA's rows. */
tsr_status mosaic_packed_dma_refs(const mosaic_stype *vs, const tsr_ref *ms, const mosaic_stype *vd, const tsr_ref *md, mosaic_packed_dma *o);
/* Starts the DMA mosaic_packed_dma_refs made, for the op at `loc`. */
tsr_status mosaic_packed_dma_start(mosaic_exec *x, const mosaic_packed_dma *d, const tsr_ref *sem, const char *loc);
/* The bytes a DMA to or from a view moves as a TPU counts them: its memory's, but a packed
 * view over int4 memory (a byte an element here) half a byte an element. */
int64_t mosaic_packed_bytes(const mosaic_stype *view, const tsr_ref *mem);
/* Row r of the leading dimension of a view (packed or not): the memory under it and the
 * view's type of one row. */
tsr_status mosaic_packed_row(const mosaic_stype *view, const tsr_ref *mem, int64_t r, mosaic_stype *vrow, tsr_ref *mrow);
/* tpu.bitcast of a vector across widths (the same packing along the second-minor dimension). */
tsr_status mosaic_packed_vbitcast(mosaic_comp *c, mosaic_minst *in, int src_bits, int dst_bits);

/* The PRNG of tpu.prng_random_bits (documented in docs/mosaic.md). */
uint32_t mosaic_prng(uint32_t seed, uint64_t counter);

#endif
