/* Compiles one func of a Mosaic module into a program (mosaic_internal.h): slots for values,
 * decoded instructions in one array with regions as index ranges, constants folded into a
 * pool. Runs once per kernel; the interpreter never looks at the MLIR structures. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "mlir/printer.h"
#include "mosaic/mosaic_internal.h"

/* Vector values live in a core's vector registers and VMEM, 128 MiB at most on any TPU; a
 * kernel whose live values need far more (from outside, say) is refused before allocating. */
#define MAX_FRAME_BYTES ((size_t)1 << 30)
#define MAX_VECTOR_ELEMS ((int64_t)1 << 25)
/* A memref in HBM is an array from outside: the same bound as a .npy array or a StableHLO
 * tensor type (2^44 elements), which every ref computation (int64 offsets and strides) holds. */
#define MAX_MEMREF_ELEMS ((int64_t)1 << 44)
/* Calls are inlined, each its own copy: a module from outside whose funcs call each other
 * many times over would grow without bound, so a kernel is refused past this many ops. */
#define MAX_INSTS (1 << 20)
#define MAX_INLINED_CALLS (1 << 12)

/* ---- the program's arena ---------------------------------------------------------------- */

struct mosaic_parena_block {
  mosaic_parena_block *next;
  size_t used, cap;
  _Alignas(16) char data[];
};

void *mosaic_prog_alloc(mosaic_prog *P, size_t bytes) {
  bytes = (bytes + 15) & ~(size_t)15;
  mosaic_parena_block *b = P->arena;
  if (!b || b->cap - b->used < bytes) {
    size_t cap = bytes > 16384 ? bytes : 16384;
    mosaic_parena_block *nb = malloc(sizeof *nb + cap);
    if (!nb) return NULL;
    nb->next = b;
    nb->used = 0;
    nb->cap = cap;
    P->arena = b = nb;
  }
  void *p = b->data + b->used;
  b->used += bytes;
  memset(p, 0, bytes);
  return p;
}

char *mosaic_prog_strdup(mosaic_prog *P, const char *s) {
  size_t n = strlen(s);
  char *d = mosaic_prog_alloc(P, n + 1);
  if (d) memcpy(d, s, n + 1);
  return d;
}

void mosaic_prog_destroy(mosaic_prog *P) {
  if (!P) return;
  free(P->insts);
  free(P->cpool);
  free(P->types);
  free(P->cslot_off);
  free(P->csplat);
  mosaic_parena_block *b = P->arena;
  while (b) {
    mosaic_parena_block *n = b->next;
    free(b);
    b = n;
  }
  free(P);
}

/* Room for `bytes` more of the constant pool, at the returned offset (-1: out of memory). */
static int64_t pool_take(mosaic_prog *P, size_t bytes) {
  if (P->cpool_size + bytes > P->cpool_cap) {
    size_t cap = P->cpool_cap ? P->cpool_cap * 2 : 4096;
    while (cap < P->cpool_size + bytes) cap *= 2;
    char *n = realloc(P->cpool, cap);
    if (!n) return -1;
    P->cpool = n;
    P->cpool_cap = cap;
  }
  int64_t at = (int64_t)P->cpool_size;
  P->cpool_size += bytes;
  return at;
}

static size_t const_bytes(const mosaic_stype *t) { return ((size_t)t->n * mosaic_class_size(t->cls) + 63) & ~(size_t)63; }

void *mosaic_prog_const(mosaic_prog *P, int32_t s) {
  size_t bytes = const_bytes(&P->types[s]);
  int64_t at = pool_take(P, bytes);
  if (at < 0) return NULL;
  P->cslot_off[s] = (int32_t)at;
  memset(P->cpool + at, 0, bytes);
  return P->cpool + at;
}

/* Constants are never written, so splats of the same bits and size share their bytes: a
 * kernel broadcasts its few scalars again and again (threefry: 56 broadcasts of 17 values, each
 * a 128 KiB block), and every distinct byte of the pool is a page to fault in. Most are read
 * by chunk groups only, which read the first chunk of a splat for every chunk: those stay
 * short (mosaic_prog_settle_splats). */
bool mosaic_prog_splat_const(mosaic_prog *P, int32_t s, const void *elem, bool whole) {
  const mosaic_stype *t = &P->types[s];
  size_t es = mosaic_class_size(t->cls);
  int64_t n = !whole && t->n > MOSAIC_SPLAT_SHORT_N ? MOSAIC_SPLAT_SHORT_N : t->n;
  uint8_t kind = n < t->n ? MOSAIC_SPLAT_SHORT : MOSAIC_SPLAT_FULL;
  for (int32_t k = 0; k < P->nslots; k++) {
    const mosaic_stype *u = &P->types[k];
    if (k == s || P->csplat[k] != kind || mosaic_class_size(u->cls) != es || u->n != t->n) continue;
    if (memcmp(P->cpool + P->cslot_off[k], elem, es)) continue;
    P->cslot_off[s] = P->cslot_off[k];
    P->csplat[s] = kind;
    return true;
  }
  size_t bytes = ((size_t)n * es + 63) & ~(size_t)63;
  int64_t at = pool_take(P, bytes);
  if (at < 0) return false;
  char *d = P->cpool + at;
  if (es == 4) {
    uint32_t v, *o = (uint32_t *)(void *)d;
    memcpy(&v, elem, 4);
    for (int64_t i = 0; i < n; i++) o[i] = v;
  } else {
    for (int64_t i = 0; i < n; i++) memcpy(d + (size_t)i * es, elem, es);
  }
  memset(d + (size_t)n * es, 0, bytes - (size_t)n * es);
  P->cslot_off[s] = (int32_t)at;
  P->csplat[s] = kind;
  return true;
}

/* ---- locations and messages ------------------------------------------------------------- */

tsr_status mosaic_comp_fail(mosaic_comp *c, tsr_status s, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return tsr_fail(s, "%s: %s", c->where, msg);
}

/* ---- types -------------------------------------------------------------------------------- */

static bool scalar_type(const mlir_ir_type *t, mosaic_stype *o) {
  if (t->kind == MLIR_IR_TYPE_INDEX) {
    o->cls = MOSAIC_VC_I64; o->ek = MOSAIC_EK_INDEX; o->width = 64; o->dtype = TSR_I64;
    return true;
  }
  if (t->kind == MLIR_IR_TYPE_INTEGER) {
    unsigned w = t->u.integer.width;
    if (w != 1 && w != 4 && w != 8 && w != 16 && w != 32 && w != 64) return false;
    o->cls = w == 64 ? MOSAIC_VC_I64 : MOSAIC_VC_I32;
    o->ek = w == 64 ? MOSAIC_EK_INDEX : MOSAIC_EK_INT;
    o->width = (uint8_t)w;
    return mlir_ir_type_dtype(t, &o->dtype);
  }
  if (t->kind == MLIR_IR_TYPE_FLOAT) {
    o->cls = MOSAIC_VC_F;
    o->width = 32;
    switch (t->u.float_kind) {
    case MLIR_IR_F32: o->ek = MOSAIC_EK_F32; o->dtype = TSR_F32; return true;
    case MLIR_IR_BF16: o->ek = MOSAIC_EK_BF16; o->dtype = TSR_BF16; return true;
    case MLIR_IR_F16: o->ek = MOSAIC_EK_F16; o->dtype = TSR_F16; return true;
    case MLIR_IR_F8E4M3FN: o->ek = MOSAIC_EK_F8E4M3FN; o->dtype = TSR_F8E4M3FN; return true;
    case MLIR_IR_F8E5M2: o->ek = MOSAIC_EK_F8E5M2; o->dtype = TSR_F8E5M2; return true;
    case MLIR_IR_F8E4M3B11FNUZ: o->ek = MOSAIC_EK_F8E4M3B11FNUZ; o->dtype = TSR_F8E4M3B11FNUZ; return true;
    case MLIR_IR_F8E8M0FNU: o->ek = MOSAIC_EK_F8E8M0FNU; o->dtype = TSR_F8E8M0FNU; return true;
    default: return false;
    }
  }
  return false;
}

bool mosaic_comp_type(const mlir_ir_type *t, mosaic_stype *o, char *why, size_t cap) {
  memset(o, 0, sizeof *o);
  o->n = 1;
  if (why && cap) why[0] = 0;
  if (!t) return false;
  if (t->kind == MLIR_IR_TYPE_VECTOR || t->kind == MLIR_IR_TYPE_MEMREF) {
    bool ref = t->kind == MLIR_IR_TYPE_MEMREF;
    int r = t->u.shaped.rank;
    if (r < 0 || r > TSR_MAX_RANK) {
      if (why) snprintf(why, cap, " (more than %d dimensions)", TSR_MAX_RANK);
      return false;
    }
    o->rank = (int8_t)r;
    int64_t most = ref ? MAX_MEMREF_ELEMS : MAX_VECTOR_ELEMS;
    for (int k = 0; k < r; k++) {
      int64_t d = t->u.shaped.shape[k];
      if (d == MLIR_IR_DYNAMIC && ref) {
        o->dynamic |= (uint8_t)(1u << k);
        o->shape[k] = -1;
        continue;
      }
      if (d < 0) return false;
      o->shape[k] = d;
      /* a zero dimension counts as 1 for the bound, as for a .npy array */
      if (d > most || (d > 0 && o->n > most / d)) {
        if (why) snprintf(why, cap, " (a %s of more than 2^%d elements)", ref ? "memref" : "vector", ref ? 44 : 25);
        return false;
      }
      o->n *= d ? d : 1;
    }
    for (int k = 0; k < r; k++)
      if (o->shape[k] == 0) o->n = 0;
    if (ref) {
      o->cls = MOSAIC_VC_REF;
      o->ek = MOSAIC_EK_REF;
      if (!mlir_ir_type_dtype(t->u.shaped.element, &o->dtype)) return false;
      return mlir_ir_memref_space(t, &o->space);
    }
    return scalar_type(t->u.shaped.element, o);
  }
  return scalar_type(t, o);
}

int64_t mosaic_comp_ints(mosaic_comp *c, const char *name, int64_t *out, int64_t cap) {
  mlir_ir_attr *a = mlir_ir_op_attr(c->op, name);
  return a ? mlir_ir_attr_ints(a, out, cap) : -1;
}

int64_t *mosaic_comp_ints_dup(mosaic_comp *c, const char *name, int *n) {
  int64_t tmp[64];
  int64_t k = mosaic_comp_ints(c, name, tmp, 64);
  if (k < 0 || k > 64) { *n = -1; return NULL; }
  int64_t *d = mosaic_prog_alloc(c->P, (size_t)(k ? k : 1) * sizeof *d);
  if (d) memcpy(d, tmp, (size_t)k * sizeof *d);
  *n = (int)k;
  return d;
}

/* ---- the op table ---------------------------------------------------------------------- */

static const char *const op_names[] = {
#define MOP(e, name, syntax, compile, run, kind, traits) name,
#include "ops/mosaic.def"
#undef MOP
};
const uint8_t mosaic_mop_kinds[MOSAIC_MOP_COUNT] = {
#define MOP(e, name, syntax, compile, run, kind, traits) kind,
#include "ops/mosaic.def"
#undef MOP
};
const uint16_t mosaic_mop_traits[MOSAIC_MOP_COUNT] = {
#define MOP(e, name, syntax, compile, run, kind, traits) traits,
#include "ops/mosaic.def"
#undef MOP
};
typedef tsr_status (*compile_fn)(mosaic_comp *c, mosaic_minst *in);
static const compile_fn op_compile[] = {
#define MOP(e, name, syntax, compile, run, kind, traits) compile,
#include "ops/mosaic.def"
#undef MOP
};

/* Why an op of the dialect is not run (src/ops/mosaic_refused.def), or NULL. */
static const char *refusal_of(const char *name) {
  static const struct { const char *name, *why; } refused[] = {
#define MREFUSED(name, why) {name, why},
#include "ops/mosaic_refused.def"
#undef MREFUSED
  };
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
    if (!strcmp(refused[i].name, name)) return refused[i].why;
  return NULL;
}

static int lookup_op(const char *name) {
  for (int i = 0; i < MOSAIC_MOP_COUNT; i++)
    if (!strcmp(op_names[i], name)) return i;
  return -1;
}

/* ---- building -------------------------------------------------------------------------- */

typedef struct builder {
  mosaic_prog *P;
  int32_t *slot_of; /* value id -> slot */
  uint32_t max_id;
  int cap_insts;
  int cap_slots;
  size_t cap_cpool;
  int depth;
  const mlir_ir_op *module;  /* the func's module: func.call looks its callee up here */
  const mlir_ir_op *calls[16]; /* funcs being inlined (func.call), outermost first */
  int ncalls;
  int inlined;              /* calls inlined so far */
  struct blocks *blocks;    /* the multi-block func body being compiled, or NULL */
} builder;

/* A func body of several blocks (cf.br, cf.cond_br): each block's argument slots and first
 * instruction, so that a branch can name where it goes and what it writes. */
typedef struct blocks {
  const mlir_ir_region *region;
  int n;
  int32_t **args;  /* per block: its argument slots */
  int32_t *start;  /* per block: index of its first instruction (-1 until compiled) */
} blocks;

static bool max_id_fn(mlir_ir_op *op, void *user) {
  uint32_t *m = user;
  for (int i = 0; i < op->n_results; i++)
    if (op->results[i]->id > *m) *m = op->results[i]->id;
  for (int r = 0; r < op->n_regions; r++)
    for (int b = 0; b < op->regions[r].n_blocks; b++) {
      mlir_ir_block *blk = op->regions[r].blocks[b];
      for (int a = 0; a < blk->n_args; a++)
        if (blk->args[a]->id > *m) *m = blk->args[a]->id;
    }
  for (int i = 0; i < op->n_operands; i++)
    if (op->operands[i].value && op->operands[i].value->id > *m) *m = op->operands[i].value->id;
  return true;
}

/* Room for one more slot. */
static tsr_status grow_slots(builder *b) {
  mosaic_prog *P = b->P;
  if (P->nslots < b->cap_slots) return TSR_OK;
  int cap = b->cap_slots ? b->cap_slots * 2 : 64;
  mosaic_stype *t = realloc(P->types, (size_t)cap * sizeof *t);
  if (!t) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  P->types = t;
  int32_t *cs = realloc(P->cslot_off, (size_t)cap * sizeof *cs);
  if (!cs) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  P->cslot_off = cs;
  uint8_t *sp = realloc(P->csplat, (size_t)cap * sizeof *sp);
  if (!sp) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  P->csplat = sp;
  b->cap_slots = cap;
  return TSR_OK;
}

static void type_text(const mlir_ir_type *t, char *buf, size_t cap) {
  snprintf(buf, cap, "?");
  FILE *mf = fmemopen(buf, cap - 1, "w");
  if (mf) {
    mlir_print_type(mf, t);
    fclose(mf);
  }
}

/* The ops a dynamically sized memref (memref<?x...>) may come from or go to: the views that
 * make one and the DMAs that move one, which take their sizes from the ref at run time. */
static bool dynamic_use_ok(int code) {
  return code == MOSAIC_MOP_MEMREF_SLICE || code == MOSAIC_MOP_MEMREF_SQUEEZE || code == MOSAIC_MOP_ENQUEUE_DMA || code == MOSAIC_MOP_WAIT_DMA2 ||
         code == MOSAIC_MOP_WAIT_DMA;
}

/* A slot for value v; `code` is the op whose result it is (-1: a block argument). */
static tsr_status new_slot(builder *b, const mlir_ir_value *v, int code, const char *where, int32_t *out) {
  mosaic_prog *P = b->P;
  if (v->id > b->max_id) return tsr_fail(TSR_ERR_INTERNAL, "%s: value id out of range", where);
  TSR_TRY(grow_slots(b));
  int32_t s = P->nslots++;
  char why[64];
  bool ok = mosaic_comp_type(v->type, &P->types[s], why, sizeof why);
  if (!ok || (P->types[s].dynamic && (code < 0 || !dynamic_use_ok(code)))) {
    char tb[128];
    type_text(v->type, tb, sizeof tb);
    return tsr_fail(TSR_ERR_UNSUPPORTED, "%s: value of type %s is not supported%s", where, tb,
                    ok ? " (a dynamically sized memref: only memref_slice and memref_squeeze make one, only DMAs "
                         "move one)" : why);
  }
  P->cslot_off[s] = -1;
  P->csplat[s] = MOSAIC_SPLAT_NONE;
  b->slot_of[v->id] = s;
  *out = s;
  return TSR_OK;
}

static tsr_status push_inst(builder *b, int32_t *idx) {
  mosaic_prog *P = b->P;
  if (P->ninsts >= MAX_INSTS)
    return tsr_fail(TSR_ERR_UNSUPPORTED, "the kernel has more than %d ops once its calls are inlined", MAX_INSTS);
  if (!GROW_ARRAY(P->insts, P->ninsts, b->cap_insts, 64)) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  *idx = P->ninsts++;
  memset(&P->insts[*idx], 0, sizeof(mosaic_minst));
  return TSR_OK;
}

static bool is_terminator(int op) {
  return op == MOSAIC_MOP_YIELD || op == MOSAIC_MOP_CONDITION || op == MOSAIC_MOP_RETURN || op == MOSAIC_MOP_TYIELD || op == MOSAIC_MOP_BR ||
         op == MOSAIC_MOP_COND_BR;
}

static tsr_status compile_block(builder *b, const mlir_ir_block *blk, int32_t *end, const char *where);
static tsr_status compile_body(builder *b, const mlir_ir_region *body, int32_t *end, const char *where);

/* A branch's targets: successor k is block a[k] of the func body; its argument slots go to
 * rargs[k] (patched to instruction indices once every block is compiled, compile_body). The
 * operands are [cond,] then the first target's arguments, then the second's. */
static tsr_status branch_targets(builder *b, const mlir_ir_op *op, mosaic_minst *in, const char *where) {
  const blocks *bl = b->blocks;
  int want = in->op == MOSAIC_MOP_BR ? 1 : 2;
  if (!bl) return tsr_fail(TSR_ERR_UNSUPPORTED, "%s: branches are only supported between the blocks of a func body", where);
  if (op->n_successors != want) return tsr_fail(TSR_ERR_INVALID, "%s: expects %d successor(s), has %d", where, want, op->n_successors);
  int first = in->op == MOSAIC_MOP_COND_BR; /* the condition */
  for (int k = 0; k < want; k++) {
    const mlir_ir_block *t = op->successors[k];
    if (!t || t->parent != bl->region || t->index <= 0 || t->index >= bl->n)
      return tsr_fail(TSR_ERR_INVALID, "%s: successor %d is not a block of this func body after its entry", where, k);
    in->a[k] = t->index;
    in->rargs[k] = bl->args[t->index];
    in->nrargs[k] = t->n_args;
    first += t->n_args;
  }
  if (first != in->nopd)
    return tsr_fail(TSR_ERR_INVALID, "%s: %d operands for the condition and %d block arguments", where, in->nopd, first);
  int at = in->op == MOSAIC_MOP_COND_BR;
  for (int k = 0; k < want; k++)
    for (int j = 0; j < in->nrargs[k]; j++, at++) {
      const mosaic_stype *v = &b->P->types[in->opd[at]], *a = &b->P->types[in->rargs[k][j]];
      bool same = v->cls == a->cls && v->ek == a->ek && v->width == a->width && v->n == a->n && v->rank == a->rank;
      for (int d = 0; same && d < v->rank; d++) same = v->shape[d] == a->shape[d];
      if (!same) return tsr_fail(TSR_ERR_INVALID, "%s: operand %d does not have the type of argument %d of block %lld", where, at, j,
                                 (long long)in->a[k]);
    }
  in->a[2] = in->nrargs[0];
  return TSR_OK;
}

/* The func.func named by a func.call's callee in the kernel's module. */
static const mlir_ir_op *callee_of(const builder *b, const mlir_ir_op *op) {
  const mlir_ir_attr *c = mlir_ir_op_attr(op, "callee");
  if (!c || c->kind != MLIR_IR_ATTR_SYMBOL_REF || !c->u.symbol.root || !b->module) return NULL;
  const mlir_ir_block *body = mlir_ir_op_entry_block(b->module, 0);
  for (const mlir_ir_op *f = body ? body->first : NULL; f; f = f->next) {
    const mlir_ir_attr *n = mlir_ir_op_attr(f, "sym_name");
    if (mlir_ir_op_is(f, "func.func") && n && n->kind == MLIR_IR_ATTR_STRING && strlen(c->u.symbol.root) == n->u.string.len &&
        !memcmp(n->u.string.data, c->u.symbol.root, n->u.string.len))
      return f;
  }
  return NULL;
}

/* func.call: the callee's body is compiled in place as the call's one region (inlined), its
 * entry arguments taking the call's operands, its return giving the call's results. */
static tsr_status inline_callee(builder *b, const mlir_ir_op *op, int32_t idx, const char *where) {
  mosaic_prog *P = b->P;
  const mlir_ir_op *f = callee_of(b, op);
  if (!f) return tsr_fail(TSR_ERR_INVALID, "%s: the callee is not a func.func of this module", where);
  for (int i = 0; i < b->ncalls; i++)
    if (b->calls[i] == f) return tsr_fail(TSR_ERR_UNSUPPORTED, "%s: recursive calls are not supported", where);
  if (b->ncalls == (int)(sizeof b->calls / sizeof b->calls[0]))
    return tsr_fail(TSR_ERR_UNSUPPORTED, "%s: calls nested more than %d deep", where, b->ncalls);
  if (++b->inlined > MAX_INLINED_CALLS)
    return tsr_fail(TSR_ERR_UNSUPPORTED, "%s: more than %d calls once calls in callees are inlined", where, MAX_INLINED_CALLS);
  const mlir_ir_region *body = f->n_regions == 1 ? &f->regions[0] : NULL;
  const mlir_ir_block *entry = body && body->n_blocks ? body->blocks[0] : NULL;
  if (!entry) return tsr_fail(TSR_ERR_INVALID, "%s: the callee has no body", where);
  if (entry->n_args != op->n_operands)
    return tsr_fail(TSR_ERR_INVALID, "%s: %d operands for a callee of %d arguments", where, op->n_operands, entry->n_args);
  int32_t *args = mosaic_prog_alloc(P, sizeof(int32_t) * (size_t)(entry->n_args + 1));
  if (!args) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  for (int a = 0; a < entry->n_args; a++) TSR_TRY(new_slot(b, entry->args[a], -1, where, &args[a]));
  b->calls[b->ncalls++] = f;
  blocks *outer = b->blocks;
  b->blocks = NULL;
  int32_t begin = P->ninsts, end;
  tsr_status s = compile_body(b, body, &end, where);
  b->blocks = outer;
  b->ncalls--;
  if (s != TSR_OK) return s;
  mosaic_minst *in = &P->insts[idx];
  in->nregions = 1;
  in->reg_begin[0] = begin;
  in->reg_end[0] = end;
  in->rargs[0] = args;
  in->nrargs[0] = entry->n_args;
  const mosaic_minst *ret = &P->insts[end];
  if (ret->nopd != in->nres)
    return tsr_fail(TSR_ERR_INVALID, "%s: the callee returns %d values for %d results", where, ret->nopd, in->nres);
  for (int k = 0; k < in->nres; k++) {
    const mosaic_stype *r = &P->types[ret->opd[k]], *t = &P->types[in->res[k]];
    if (r->cls != t->cls || r->ek != t->ek || r->n != t->n || r->width != t->width)
      return tsr_fail(TSR_ERR_INVALID, "%s: result %d does not have the type the callee returns", where, k);
  }
  for (int a = 0; a < in->nopd; a++) {
    const mosaic_stype *o = &P->types[in->opd[a]], *t = &P->types[args[a]];
    if (o->cls != t->cls || o->ek != t->ek || o->n != t->n || o->width != t->width)
      return tsr_fail(TSR_ERR_INVALID, "%s: operand %d does not have the type of the callee's argument", where, a);
  }
  return TSR_OK;
}

static tsr_status compile_op(builder *b, const mlir_ir_op *op) {
  mosaic_prog *P = b->P;
  char loc[512], where[640];
  mlir_ir_loc_text(op->loc, loc, sizeof loc); /* the call-site chain, innermost first */
  snprintf(where, sizeof where, "op %s at %s", op->name, loc);
  int code = lookup_op(op->name);
  if (code < 0 && refusal_of(op->name))
    return tsr_fail(TSR_ERR_UNSUPPORTED, "unsupported op %s at %s: %s", op->name, loc, refusal_of(op->name));
  if (code < 0) return tsr_fail(TSR_ERR_UNSUPPORTED, "unsupported op %s at %s", op->name, loc);
  if (op->n_successors && code != MOSAIC_MOP_BR && code != MOSAIC_MOP_COND_BR)
    return tsr_fail(TSR_ERR_UNSUPPORTED, "%s: successors on an op that does not branch", where);
  if (op->n_regions > 2) return tsr_fail(TSR_ERR_UNSUPPORTED, "%s: more than 2 regions", where);
  int32_t idx;
  TSR_TRY(push_inst(b, &idx));
  mosaic_minst tmp;
  memset(&tmp, 0, sizeof tmp);
  tmp.op = (uint16_t)code;
  tmp.name = mosaic_prog_strdup(P, op->name);
  tmp.loc = mosaic_prog_strdup(P, loc);
  tmp.nopd = op->n_operands;
  tmp.nres = op->n_results;
  tmp.opd = mosaic_prog_alloc(P, sizeof(int32_t) * (size_t)(op->n_operands + 1));
  tmp.res = mosaic_prog_alloc(P, sizeof(int32_t) * (size_t)(op->n_results + 1));
  if (!tmp.name || !tmp.loc || !tmp.opd || !tmp.res) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  for (int i = 0; i < op->n_operands; i++) {
    const mlir_ir_value *v = op->operands[i].value;
    if (!v || v->id > b->max_id || b->slot_of[v->id] < 0)
      return tsr_fail(TSR_ERR_INVALID, "%s: operand %d is not defined in this func", where, i);
    tmp.opd[i] = b->slot_of[v->id];
    if (P->types[tmp.opd[i]].dynamic && !dynamic_use_ok(code)) {
      char tb[128];
      type_text(v->type, tb, sizeof tb);
      return tsr_fail(TSR_ERR_UNSUPPORTED, "%s: operand %d of type %s: a dynamically sized memref goes to views and DMAs only",
                      where, i, tb);
    }
  }
  for (int i = 0; i < op->n_results; i++) TSR_TRY(new_slot(b, op->results[i], code, where, &tmp.res[i]));
  const mosaic_stype *rt = op->n_results ? &P->types[tmp.res[0]] : op->n_operands ? &P->types[tmp.opd[0]] : NULL;
  if (rt) {
    tmp.n = rt->n;
    tmp.ek = rt->ek;
    tmp.width = rt->width;
    tmp.cls = op->n_operands ? P->types[tmp.opd[0]].cls : rt->cls;
  }
  tmp.nregions = (uint8_t)op->n_regions;
  tmp.op = (uint16_t)code;
  if (code == MOSAIC_MOP_BR || code == MOSAIC_MOP_COND_BR) TSR_TRY(branch_targets(b, op, &tmp, where));
  mosaic_comp c = {.P = P, .op = op};
  snprintf(c.where, sizeof c.where, "%s", where);
  tsr_status s = op_compile[code](&c, &tmp);
  if (s == TSR_OK) s = mosaic_mark_compile(&c, &tmp);
  if (s != TSR_OK) return s;
  for (int i = 0; i < tmp.nopd && !mosaic_packed_use_ok(code); i++)
    if (P->types[tmp.opd[i]].pack)
      return tsr_fail(TSR_ERR_UNSUPPORTED, "%s: operand %d is a packed view (a memref_bitcast across widths), which only loads, "
                      "stores, views (slice, squeeze, reshape, bitcast) and DMAs take", where, i);
  if (code == MOSAIC_MOP_CONSTANT || code == MOSAIC_MOP_CONSTANT_MASK) {
    P->ninsts--; /* folded: the result slot points into the constant pool */
    return TSR_OK;
  }
  P->insts[idx] = tmp;
  if (++b->depth > MLIR_IR_MAX_DEPTH) return tsr_fail(TSR_ERR_UNSUPPORTED, "%s: regions nested too deeply", where);
  if (code == MOSAIC_MOP_CALL) {
    if (op->n_regions) return tsr_fail(TSR_ERR_INVALID, "%s: a call has no regions", where);
    TSR_TRY(inline_callee(b, op, idx, where));
  }
  for (int r = 0; r < op->n_regions; r++) {
    const mlir_ir_region *reg = &op->regions[r];
    if (reg->n_blocks > 1) return tsr_fail(TSR_ERR_UNSUPPORTED, "%s: regions with several blocks are not supported", where);
    if (reg->n_blocks == 0) {
      P->insts[idx].reg_begin[r] = P->insts[idx].reg_end[r] = -1;
      continue;
    }
    const mlir_ir_block *blk = reg->blocks[0];
    int32_t *args = mosaic_prog_alloc(P, sizeof(int32_t) * (size_t)(blk->n_args + 1));
    if (!args) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
    for (int a = 0; a < blk->n_args; a++) TSR_TRY(new_slot(b, blk->args[a], -1, where, &args[a]));
    int32_t begin = P->ninsts, end;
    TSR_TRY(compile_block(b, blk, &end, where));
    P->insts[idx].reg_begin[r] = begin;
    P->insts[idx].reg_end[r] = end;
    P->insts[idx].rargs[r] = args;
    P->insts[idx].nrargs[r] = blk->n_args;
  }
  b->depth--;
  P->insts[idx].next = P->ninsts;
  return TSR_OK;
}

/* Compiles a block's ops; *end is the index of its terminator (one is synthesized for a
 * block that has none, so every region ends in one). */
static tsr_status compile_block(builder *b, const mlir_ir_block *blk, int32_t *end, const char *where) {
  mosaic_prog *P = b->P;
  int last = -1;
  for (const mlir_ir_op *op = blk->first; op; op = op->next) {
    int32_t before = P->ninsts;
    TSR_TRY(compile_op(b, op));
    last = P->ninsts > before ? P->insts[before].op : -1;
    if (P->ninsts > before && is_terminator(last) && op->next)
      return tsr_fail(TSR_ERR_INVALID, "%s: ops after the terminator", where);
  }
  if (P->ninsts == 0 || last < 0 || !is_terminator(last)) {
    int32_t idx;
    TSR_TRY(push_inst(b, &idx));
    P->insts[idx].op = MOSAIC_MOP_YIELD;
    P->insts[idx].name = "(implicit yield)";
    P->insts[idx].loc = "";
    P->insts[idx].next = idx + 1;
  }
  *end = P->ninsts - 1;
  return TSR_OK;
}

/* A func body: one block as any region, or several (cf.br, cf.cond_br) laid out in order.
 * Every block then ends in a branch or a func.return; each return becomes a jump to one
 * exit, a synthesized func.return after the last block whose operands are fresh slots that
 * the jumps write, so the body still ends in the one terminator its caller reads (*end).
 * Branches are patched from block numbers to instruction indices. */
static tsr_status compile_body(builder *b, const mlir_ir_region *body, int32_t *end, const char *where) {
  mosaic_prog *P = b->P;
  if (body->n_blocks == 1) return compile_block(b, body->blocks[0], end, where);
  if (body->n_blocks < 1) return tsr_fail(TSR_ERR_INVALID, "%s: a func body without blocks", where);
  blocks bl = {.region = body, .n = body->n_blocks};
  bl.args = mosaic_prog_alloc(P, sizeof(int32_t *) * (size_t)bl.n);
  bl.start = mosaic_prog_alloc(P, sizeof(int32_t) * (size_t)bl.n);
  if (!bl.args || !bl.start) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  for (int k = 1; k < bl.n; k++) {
    const mlir_ir_block *blk = body->blocks[k];
    if (!(bl.args[k] = mosaic_prog_alloc(P, sizeof(int32_t) * (size_t)(blk->n_args + 1)))) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
    for (int a = 0; a < blk->n_args; a++) TSR_TRY(new_slot(b, blk->args[a], -1, where, &bl.args[k][a]));
  }
  blocks *outer = b->blocks;
  b->blocks = &bl;
  int32_t begin = P->ninsts;
  tsr_status s = TSR_OK;
  for (int k = 0; k < bl.n && s == TSR_OK; k++) {
    bl.start[k] = P->ninsts;
    const mlir_ir_block *blk = body->blocks[k];
    for (const mlir_ir_op *op = blk->first; op && s == TSR_OK; op = op->next) {
      int32_t before = P->ninsts;
      s = compile_op(b, op);
      bool term = s == TSR_OK && P->ninsts > before && is_terminator(P->insts[before].op);
      if (s == TSR_OK && term != !op->next)
        s = tsr_fail(TSR_ERR_INVALID, "%s: block %d of the body %s", where, k,
                     term ? "has ops after its terminator" : "does not end in a branch or a return");
      if (s == TSR_OK && term && P->insts[before].op != MOSAIC_MOP_BR && P->insts[before].op != MOSAIC_MOP_COND_BR &&
          P->insts[before].op != MOSAIC_MOP_RETURN)
        s = tsr_fail(TSR_ERR_INVALID, "%s: block %d ends in %s", where, k, P->insts[before].name);
    }
    if (s == TSR_OK && !blk->first) s = tsr_fail(TSR_ERR_INVALID, "%s: block %d of the body is empty", where, k);
  }
  b->blocks = outer;
  TSR_TRY(s);
  /* the exit: a func.return of fresh slots typed as the first return's operands */
  int32_t exit_idx, first_ret = -1;
  for (int32_t i = begin; i < P->ninsts; i = P->insts[i].next)
    if (P->insts[i].op == MOSAIC_MOP_RETURN) { first_ret = i; break; }
  int nret = first_ret >= 0 ? P->insts[first_ret].nopd : 0;
  int32_t *exit_opd = mosaic_prog_alloc(P, sizeof(int32_t) * (size_t)(nret + 1));
  if (!exit_opd) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  for (int k = 0; k < nret; k++) {
    TSR_TRY(grow_slots(b)); /* a slot of no IR value */
    exit_opd[k] = P->nslots++;
    P->types[exit_opd[k]] = P->types[P->insts[first_ret].opd[k]];
    P->cslot_off[exit_opd[k]] = -1;
    P->csplat[exit_opd[k]] = MOSAIC_SPLAT_NONE;
  }
  TSR_TRY(push_inst(b, &exit_idx));
  mosaic_minst *ex = &P->insts[exit_idx];
  ex->op = MOSAIC_MOP_RETURN;
  ex->name = "func.return";
  ex->loc = first_ret >= 0 ? P->insts[first_ret].loc : "";
  ex->nopd = nret;
  ex->opd = exit_opd;
  ex->next = exit_idx + 1;
  for (int32_t i = begin; i < exit_idx; i = P->insts[i].next) {
    mosaic_minst *in = &P->insts[i];
    if (in->op == MOSAIC_MOP_BR || in->op == MOSAIC_MOP_COND_BR) {
      for (int k = 0; k < (in->op == MOSAIC_MOP_BR ? 1 : 2); k++) in->a[k] = bl.start[in->a[k]];
    } else if (in->op == MOSAIC_MOP_RETURN) {
      if (in->nopd != nret)
        return tsr_fail(TSR_ERR_INVALID, "op func.return at %s: returns %d values where another return gives %d", in->loc,
                        in->nopd, nret);
      for (int k = 0; k < nret; k++) {
        const mosaic_stype *u = &P->types[in->opd[k]], *v = &P->types[exit_opd[k]];
        if (u->cls != v->cls || u->ek != v->ek || u->n != v->n || u->width != v->width)
          return tsr_fail(TSR_ERR_INVALID, "op func.return at %s: value %d has another type than the first return's", in->loc, k);
      }
      in->op = MOSAIC_MOP_BR; /* a jump to the exit, writing its operands */
      in->a[0] = exit_idx;
      in->rargs[0] = exit_opd;
      in->nrargs[0] = nret;
      in->a[2] = nret;
    }
  }
  if (P->nmb == (int)(sizeof P->mb / sizeof P->mb[0]))
    return tsr_fail(TSR_ERR_UNSUPPORTED, "%s: more than %d bodies with branches in one kernel", where, P->nmb);
  P->mb[P->nmb][0] = begin;
  P->mb[P->nmb][1] = exit_idx;
  P->nmb++;
  *end = exit_idx;
  return TSR_OK;
}

/* ---- value storage ----------------------------------------------------------------------- */

/* Gives every non-constant, non-ref slot a 64-byte aligned buffer in the frame; slots whose
 * live ranges do not overlap share memory. Positions are instruction indices. A slot lives
 * from the instruction that defines it to its last use, where a use inside an op with
 * regions counts as a use by that whole op (at the defining op's nesting level), so a value
 * read in a loop body lives across every iteration. Results and block arguments of an op
 * with regions are written by copies while its regions run: they live across the whole op.
 * Func arguments and the values the func returns are never shared. An operand is still live
 * at the op that defines a result, so a result never shares memory with its own operands.
 * A shape_cast that aliases its operand (alias.c) extends the operand's range to its own.
 * In a func body of several blocks, where a branch may go back, every value defined or used
 * there lives across the whole body. */
static tsr_status assign_buffers(mosaic_prog *P) {
  const mosaic_minst *I = P->insts;
  int n = P->nslots;
  int32_t ni = P->ninsts;
  P->data_off = mosaic_prog_alloc(P, sizeof(size_t) * (size_t)(n + 1));
  int32_t *parent = malloc(sizeof(int32_t) * (size_t)(ni + 1));
  int32_t *def = malloc(sizeof(int32_t) * (size_t)(n + 1));  /* defining inst; -1: func arg */
  int32_t *dpar = malloc(sizeof(int32_t) * (size_t)(n + 1)); /* parent of the defining level */
  int32_t *start = malloc(sizeof(int32_t) * (size_t)(n + 1));
  int32_t *end = malloc(sizeof(int32_t) * (size_t)(n + 1));
  int32_t *root = malloc(sizeof(int32_t) * (size_t)(n + 1));
  int32_t *order = malloc(sizeof(int32_t) * (size_t)(n + 1));
  struct buf { size_t off, size; int32_t busy; } *bufs = malloc(sizeof *bufs * (size_t)(n + 1));
  tsr_status st = TSR_OK;
  if (!P->data_off || !parent || !def || !dpar || !start || !end || !root || !order || !bufs) {
    st = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
    goto out;
  }
  const int32_t forever = ni + 1;
  for (int32_t i = 0; i < ni; i++) parent[i] = -1;
  for (int s = 0; s < n; s++) {
    def[s] = -2; /* not defined by any instruction seen: never shared */
    dpar[s] = -1;
    root[s] = s;
  }
  for (int a = 0; a < P->nargs; a++) def[P->args[a]] = -1;
  for (int32_t i = 0; i < ni; i++) {
    for (int r = 0; r < I[i].nregions; r++)
      if (I[i].reg_begin[r] >= 0)
        for (int32_t j = I[i].reg_begin[r]; j <= I[i].reg_end[r]; j++) parent[j] = i; /* inner ops override later */
  }
  for (int32_t i = 0; i < ni; i++) {
    for (int k = 0; k < I[i].nres; k++) {
      int32_t s = I[i].res[k];
      if (def[s] != -2) { def[s] = -1; continue; } /* defined twice: keep it to itself */
      def[s] = i;
      dpar[s] = parent[i];
    }
    for (int r = 0; r < I[i].nregions; r++)
      for (int k = 0; k < I[i].nrargs[r]; k++) {
        int32_t s = I[i].rargs[r][k];
        if (def[s] != -2) { def[s] = -1; continue; }
        def[s] = i;
        dpar[s] = parent[i];
      }
  }
  for (int s = 0; s < n; s++) {
    if (def[s] < 0) {
      start[s] = -1;
      end[s] = forever;
      continue;
    }
    start[s] = end[s] = def[s];
    if (I[def[s]].nregions) end[s] = I[def[s]].next - 1; /* written by copies while the op runs */
  }
  for (int32_t u = 0; u < ni; u++)
    for (int k = 0; k < I[u].nopd; k++) {
      int32_t s = I[u].opd[k];
      if (s < 0 || s >= n || def[s] < 0) continue;
      if (I[u].op == MOSAIC_MOP_RETURN) { end[s] = forever; continue; }
      int32_t a = u;
      while (a >= 0 && parent[a] != dpar[s]) a = parent[a];
      int32_t e = a < 0 ? forever : I[a].next - 1;
      if (e < u) e = u;
      if (e > end[s]) end[s] = e;
    }
  /* a body of several blocks may branch back: what it defines or uses lives across all of it */
  for (int k = 0; k < P->nmb; k++) {
    int32_t lo = P->mb[k][0], hi = P->mb[k][1];
    for (int32_t u = lo; u <= hi; u++) {
      for (int j = 0; j < I[u].nopd; j++) {
        int32_t s = I[u].opd[j];
        if (s < 0 || s >= n || def[s] < 0) continue;
        if (start[s] > lo) start[s] = lo;
        if (end[s] < hi) end[s] = hi;
      }
      for (int j = 0; j < I[u].nres; j++) {
        int32_t s = I[u].res[j];
        if (def[s] < 0) continue;
        if (start[s] > lo) start[s] = lo;
        if (end[s] < hi) end[s] = hi;
      }
      for (int r = 0; r < I[u].nregions; r++)
        for (int j = 0; j < I[u].nrargs[r]; j++) {
          int32_t s = I[u].rargs[r][j];
          if (def[s] < 0) continue;
          if (start[s] > lo) start[s] = lo;
          if (end[s] < hi) end[s] = hi;
        }
    }
  }
  for (int32_t i = 0; i < ni; i++)
    if (I[i].op == MOSAIC_MOP_SHAPE_CAST && I[i].alias && I[i].nopd == 1 && I[i].nres == 1) {
      int32_t o = root[I[i].opd[0]], r = I[i].res[0];
      root[r] = o;
      if (start[r] < start[o]) start[o] = start[r];
    }
  for (int s = 0; s < n; s++)
    if (root[s] != s && end[s] > end[root[s]]) end[root[s]] = end[s];
  /* greedy: slots by start; each takes the smallest free buffer that fits, or a new one */
  int norder = 0;
  for (int s = 0; s < n; s++) {
    const mosaic_stype *t = &P->types[s];
    P->data_off[s] = 0;
    if (t->cls == MOSAIC_VC_REF || P->cslot_off[s] >= 0 || root[s] != s) continue;
    order[norder++] = s;
  }
  for (int i = 1; i < norder; i++) { /* insertion sort, stable; nearly sorted already */
    int32_t v = order[i];
    int j = i - 1;
    while (j >= 0 && start[order[j]] > start[v]) {
      order[j + 1] = order[j];
      j--;
    }
    order[j + 1] = v;
  }
  int nbufs = 0;
  size_t off = 0;
  for (int i = 0; i < norder; i++) {
    int32_t s = order[i];
    const mosaic_stype *t = &P->types[s];
    size_t need = ((size_t)t->n * mosaic_class_size(t->cls) + 63) & ~(size_t)63;
    int best = -1;
    for (int b2 = 0; b2 < nbufs; b2++)
      if (bufs[b2].busy < start[s] && bufs[b2].size >= need && (best < 0 || bufs[b2].size < bufs[best].size)) best = b2;
    if (best < 0) {
      best = nbufs++;
      bufs[best].off = off;
      bufs[best].size = need;
      off += need;
    }
    bufs[best].busy = end[s];
    P->data_off[s] = bufs[best].off;
  }
  for (int s = 0; s < n; s++)
    if (root[s] != s) P->data_off[s] = P->data_off[root[s]];
  P->frame_bytes = off;
  if (off > MAX_FRAME_BYTES)
    st = tsr_fail(TSR_ERR_UNSUPPORTED, "the kernel's live vector values need %zu bytes at once, more than %d MiB", off,
                  (int)(MAX_FRAME_BYTES >> 20));
out:
  free(parent);
  free(def);
  free(dpar);
  free(start);
  free(end);
  free(root);
  free(order);
  free(bufs);
  return st;
}

tsr_status mosaic_prog_compile(const mlir_ir_op *fn, mosaic_prog **out) {
  *out = NULL;
  mosaic_prog *P = calloc(1, sizeof *P);
  if (!P) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  builder b = {.P = P};
  tsr_status s = TSR_OK;
  const mlir_ir_attr *sym = mlir_ir_op_attr(fn, "sym_name");
  char name[128] = "func";
  if (sym && sym->kind == MLIR_IR_ATTR_STRING)
    snprintf(name, sizeof name, "%.*s", (int)(sym->u.string.len > 120 ? 120 : sym->u.string.len), sym->u.string.data);
  P->name = mosaic_prog_strdup(P, name);
  const mlir_ir_block *entry = mlir_ir_op_entry_block(fn, 0);
  if (!entry) { s = tsr_fail(TSR_ERR_INVALID, "func @%s has no body", name); goto done; }
  const mlir_ir_op *top = fn;
  while (top->parent && top->parent->parent && top->parent->parent->parent) top = top->parent->parent->parent;
  b.module = top != fn ? top : NULL;
  mlir_ir_walk((mlir_ir_op *)top, max_id_fn, &b.max_id); /* a callee's values too */
  for (int a = 0; a < entry->n_args; a++)
    if (entry->args[a]->id > b.max_id) b.max_id = entry->args[a]->id;
  b.slot_of = malloc(sizeof(int32_t) * ((size_t)b.max_id + 1));
  if (!b.slot_of) { s = tsr_fail(TSR_ERR_NOMEM, "out of host memory"); goto done; }
  for (uint32_t i = 0; i <= b.max_id; i++) b.slot_of[i] = -1;
  char where[160];
  snprintf(where, sizeof where, "func @%s", name);
  P->nargs = entry->n_args;
  P->args = mosaic_prog_alloc(P, sizeof(int32_t) * (size_t)(entry->n_args + 1));
  if (!P->args) { s = tsr_fail(TSR_ERR_NOMEM, "out of host memory"); goto done; }
  for (int a = 0; a < entry->n_args && s == TSR_OK; a++) {
    char aw[200];
    snprintf(aw, sizeof aw, "%s argument %d", where, a);
    s = new_slot(&b, entry->args[a], -1, aw, &P->args[a]);
  }
  if (s == TSR_OK) s = compile_body(&b, &fn->regions[0], &P->body_end, where);
  if (s == TSR_OK) {
    const mosaic_minst *t = &P->insts[P->body_end];
    P->nret = t->op == MOSAIC_MOP_RETURN ? t->nopd : 0;
    s = mosaic_prog_fuse_matmul_adds(P);
    if (s == TSR_OK) s = mosaic_prog_mark_aliases(P);
    if (s == TSR_OK) s = mosaic_prog_mark_unused_loads(P);
    if (s == TSR_OK) s = mosaic_prog_mark_in_place(P);
    if (s == TSR_OK) s = mosaic_prog_mark_timing_needed(P);
    if (s == TSR_OK) s = assign_buffers(P);
    if (s == TSR_OK) s = mosaic_prog_mark_chunks(P);
    if (s == TSR_OK) s = mosaic_prog_mark_rows(P);
    if (s == TSR_OK) s = mosaic_prog_settle_splats(P);
    if (s == TSR_OK) s = mosaic_prog_map_pads(P);
    if (s == TSR_OK) s = mosaic_prog_mark_wait_only(P);
  }
done:
  free(b.slot_of);
  if (s != TSR_OK) {
    mosaic_prog_destroy(P);
    return s;
  }
  *out = P;
  return TSR_OK;
}
