/* Compiling a StableHLO module: each function (and each reduce body) becomes value slots and
 * op records, checked before anything runs; liveness decides where each slot is freed. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "hlo/hlo_internal.h"
#include "mlir/printer.h"

static const struct {
  const char *name;
} op_names[] = {
#define HLO_OP(e, name, syntax, run, prep, traits) {name},
#include "ops/stablehlo.def"
#include "ops/check.def"
#undef HLO_OP
};

typedef tsr_status (*prep_fn)(tsr_hlo_program *, hlo_inst *, const hlo_type *);
static const prep_fn preps[] = {
#define HLO_OP(e, name, syntax, run, prep, traits) prep,
#include "ops/stablehlo.def"
#include "ops/check.def"
#undef HLO_OP
};
const uint8_t hlo_traits[HLO_OPCODE_COUNT] = {
#define HLO_OP(e, name, syntax, run, prep, traits) traits,
#include "ops/stablehlo.def"
#include "ops/check.def"
#undef HLO_OP
};

const char *tsr_hlo_op_name(int i) {
  return i >= 0 && i < HLO_OPCODE_COUNT ? op_names[i].name : NULL;
}

tsr_status hlo_prep_none(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) { return TSR_OK; }

int64_t hlo_numel(const hlo_type *t) {
  int64_t n = 1;
  for (int d = 0; d < t->rank; d++) n *= t->shape[d];
  return n;
}

bool hlo_shape_eq(const hlo_type *a, const hlo_type *b) {
  return a->rank == b->rank && !memcmp(a->shape, b->shape, sizeof(int64_t) * (size_t)a->rank);
}

bool hlo_type_eq(const hlo_type *a, const hlo_type *b) { return a->dtype == b->dtype && hlo_shape_eq(a, b); }

bool hlo_dims_distinct(const int64_t *v, int n, int rank) {
  uint64_t seen = 0;
  for (int i = 0; i < n; i++) {
    if (v[i] < 0 || v[i] >= rank || (seen >> v[i] & 1u)) return false;
    seen |= UINT64_C(1) << v[i];
  }
  return true;
}

void hlo_strides(const hlo_type *t, int64_t *st) {
  int64_t s = 1;
  for (int d = t->rank - 1; d >= 0; d--) { st[d] = s; s *= t->shape[d]; }
}

const char *hlo_loc(const mlir_ir_op *op, char *buf, size_t cap) { return mlir_ir_loc_text(op ? op->loc : NULL, buf, cap); }

tsr_status hlo_op_fail(const mlir_ir_op *op, tsr_status s, const char *fmt, ...) {
  char msg[512], loc[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return tsr_fail(s, "%s: %s: %s", hlo_loc(op, loc, sizeof loc), op ? op->name : "?", msg);
}

int hlo_attr_ints(const mlir_ir_op *op, const char *name, int64_t *out, int cap) {
  const mlir_ir_attr *a = mlir_ir_op_attr(op, name);
  if (!a) return -1;
  int64_t n = mlir_ir_attr_ints(a, out, cap);
  return n > cap ? -1 : (int)n;
}

/* complex<f32> and complex<f64> besides the dtypes mlir_ir_type_dtype knows. */
static bool element_dtype(const mlir_ir_type *e, tsr_dtype *out) {
  if (e && e->kind == MLIR_IR_TYPE_COMPLEX) {
    const mlir_ir_type *part = e->u.complex_element;
    if (mlir_ir_type_is_float(part, MLIR_IR_F32)) { *out = TSR_C64; return true; }
    if (mlir_ir_type_is_float(part, MLIR_IR_F64)) { *out = TSR_C128; return true; }
    return false;
  }
  return mlir_ir_type_dtype(e, out) && !tsr_dtype_is_semaphore(*out);
}

/* The MLIR spelling of an element type, for messages. */
static const char *type_name(const mlir_ir_type *e, char *buf, size_t cap) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (f) {
    mlir_print_type(f, e);
    fclose(f);
  }
  snprintf(buf, cap, "%s", text ? text : "?");
  free(text);
  return buf;
}

static tsr_status to_type(const mlir_ir_op *op, const mlir_ir_type *t, hlo_type *out) {
  memset(out, 0, sizeof *out);
  if (!t || t->kind != MLIR_IR_TYPE_TENSOR) {
    char name[64];
    return hlo_op_fail(op, TSR_ERR_UNSUPPORTED, "values of type %s are not supported (only ranked tensors)", type_name(t, name, sizeof name));
  }
  if (t->u.shaped.rank > TSR_MAX_RANK)
    return hlo_op_fail(op, TSR_ERR_UNSUPPORTED, "tensors of rank %d are not supported (at most %d)", t->u.shaped.rank, TSR_MAX_RANK);
  if (!element_dtype(t->u.shaped.element, &out->dtype)) {
    char name[64];
    return hlo_op_fail(op, TSR_ERR_UNSUPPORTED, "element type %s is not supported", type_name(t->u.shaped.element, name, sizeof name));
  }
  out->rank = t->u.shaped.rank;
  uint64_t elements = 1; /* the .npy reader's bound: at most 2^44, a zero dimension counting as 1 */
  for (int d = 0; d < out->rank; d++) {
    out->shape[d] = t->u.shaped.shape[d];
    if (out->shape[d] < 0) return hlo_op_fail(op, TSR_ERR_UNSUPPORTED, "dynamic shapes (?) are not supported");
    uint64_t dim = out->shape[d] ? (uint64_t)out->shape[d] : 1;
    if (elements > (UINT64_C(1) << 44) / dim)
      return hlo_op_fail(op, TSR_ERR_UNSUPPORTED, "a tensor of more than 2^44 elements");
    elements *= dim;
  }
  return TSR_OK;
}

static hlo_opcode lookup(const char *name) {
  for (int i = 0; i < HLO_OPCODE_COUNT; i++)
    if (!strcmp(op_names[i].name, name)) return (hlo_opcode)i;
  return HLO_OPCODE_COUNT;
}


/* StableHLO's JAX-generated tests assert with `stablehlo.custom_call @check.expect_close(...)`
 * (and @check.expect_eq, @check.expect_almost_eq), which StableHLO's interpreter runs as the
 * check dialect's ops with the custom call's own defaults (ops_check.c). */
static hlo_opcode custom_call_check(const mlir_ir_op *op) {
  static const struct { const char *target; hlo_opcode opc; } checks[] = {
      {"check.expect_eq", HLO_EXPECT_EQ}, {"check.expect_almost_eq", HLO_EXPECT_ALMOST_EQ},
      {"check.expect_close", HLO_EXPECT_CLOSE}};
  const mlir_ir_attr *t = mlir_ir_op_attr(op, "call_target_name");
  for (size_t i = 0; t && t->kind == MLIR_IR_ATTR_STRING && i < sizeof checks / sizeof checks[0]; i++)
    if (!strcmp(t->u.string.data, checks[i].target)) return checks[i].opc;
  return HLO_CUSTOM_CALL;
}

static tsr_status add_func(tsr_hlo_program *p, hlo_func *f) {
  if (!GROW_ARRAY(p->funcs, p->n_funcs, p->cap_funcs, 16)) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  p->funcs[p->n_funcs++] = f;
  return TSR_OK;
}

static tsr_status compile_func_op(tsr_hlo_program *p, const mlir_ir_op *fop, hlo_func **out);

static bool is_binary(hlo_opcode opc) { return hlo_traits[opc] & HT_SCALAR_OPERAND; }

/* `x * c` reaches StableHLO as a broadcast of the scalar c to x's shape and a multiply: the
 * broadcast writes a whole tensor that the multiply reads back. A broadcast of a scalar
 * whose every use is an operand of an elementwise binary op is dropped, and those ops read
 * the scalar instead (hlo_inst.scalar_in). What they compute is the same. */
static tsr_status fold_scalar_broadcasts(hlo_func *f) {
  int *uses = calloc((size_t)f->n_slots + 1, sizeof(int)), *binary_uses = calloc((size_t)f->n_slots + 1, sizeof(int));
  if (!uses || !binary_uses) { free(uses); free(binary_uses); return tsr_fail(TSR_ERR_NOMEM, "out of memory"); }
  for (int k = 0; k < f->n_inst; k++)
    for (int i = 0; i < f->insts[k].n_in; i++) {
      uses[f->insts[k].in[i]]++;
      if (is_binary(f->insts[k].opc)) binary_uses[f->insts[k].in[i]]++;
    }
  for (int i = 0; i < f->n_ret; i++) uses[f->ret[i]]++; /* a returned value is never folded */
  int kept = 0;
  for (int k = 0; k < f->n_inst; k++) {
    hlo_inst *b = &f->insts[k];
    bool fold = b->opc == HLO_BROADCAST_IN_DIM && b->n_in == 1 && b->n_out == 1 &&
                f->slot_t[b->in[0]].rank == 0 && uses[b->out[0]] > 0 && uses[b->out[0]] == binary_uses[b->out[0]];
    if (!fold) { f->insts[kept++] = *b; continue; }
    int from = b->out[0], to = b->in[0];
    for (int j = k + 1; j < f->n_inst; j++)
      if (is_binary(f->insts[j].opc))
        for (int i = 0; i < f->insts[j].n_in; i++)
          if (f->insts[j].in[i] == from) {
            f->insts[j].in[i] = to;
            f->insts[j].scalar_in |= 1u << i;
          }
    free(b->in);
    free(b->out);
  }
  f->n_inst = kept;
  free(uses);
  free(binary_uses);
  return TSR_OK;
}

/* MLIR's canonicalizer gathers a function's constants at its top, JAX's splats of a whole
 * array's shape among them (the coefficients of an inverse-erf polynomial, say): run where
 * they stand, every one would be live from the function's start to its use. Each constant
 * moves to just before its first use (constants that nobody uses, or that are only
 * returned, stay), keeping the order of those that move to the same op; a constant reads
 * nothing, so what the function computes is the same. */
static tsr_status sink_constants(hlo_func *f) {
  int n = f->n_inst;
  int *first = malloc(sizeof(int) * ((size_t)f->n_slots + 1)), *to = malloc(sizeof(int) * ((size_t)n + 1));
  int *head = malloc(sizeof(int) * ((size_t)n + 1)), *tail = malloc(sizeof(int) * ((size_t)n + 1));
  int *next = malloc(sizeof(int) * ((size_t)n + 1));
  hlo_inst *order = malloc(sizeof *order * ((size_t)n + 1));
  tsr_status s = TSR_OK;
  if (!first || !to || !head || !tail || !next || !order) { s = tsr_fail(TSR_ERR_NOMEM, "out of memory"); goto done; }
  for (int i = 0; i < f->n_slots; i++) first[i] = -1;
  for (int k = 0; k < n; k++) {
    head[k] = tail[k] = next[k] = -1;
    for (int i = 0; i < f->insts[k].n_in; i++)
      if (first[f->insts[k].in[i]] < 0) first[f->insts[k].in[i]] = k;
  }
  for (int k = 0; k < n; k++) {
    const hlo_inst *in = &f->insts[k];
    int u = in->opc == HLO_CONSTANT && in->n_in == 0 && in->n_out == 1 && !in->n_bodies ? first[in->out[0]] : -1;
    to[k] = u > k + 1 ? u : -1; /* already just before its use: nothing to move */
    if (to[k] < 0) continue;
    if (tail[u] < 0) head[u] = k;
    else next[tail[u]] = k;
    tail[u] = k;
  }
  int m = 0;
  for (int k = 0; k < n; k++) {
    for (int j = head[k]; j >= 0; j = next[j]) order[m++] = f->insts[j];
    if (to[k] < 0) order[m++] = f->insts[k];
  }
  memcpy(f->insts, order, sizeof *order * (size_t)n);
done:
  free(first); free(to); free(head); free(tail); free(next); free(order);
  return s;
}

/* Values in a growable list (a region's captures). */
typedef struct value_list {
  const mlir_ir_value **v;
  int n, cap;
} value_list;

/* Whether `v` is defined inside region `r` (by an op or as a block argument, at any depth). */
static bool defined_in(const mlir_ir_value *v, const mlir_ir_region *r) {
  const mlir_ir_block *b = v->def_op ? v->def_op->parent : v->block;
  for (int depth = 0; b && depth < MLIR_IR_MAX_DEPTH; depth++) {
    const mlir_ir_region *br = b->parent;
    if (!br) return false;
    if (br == r) return true;
    b = br->parent ? br->parent->parent : NULL;
  }
  return false;
}

/* Adds to `out` (once each, in order of first use) the values that ops anywhere inside
 * `inner` use but that are defined outside region `r`: the values `r` captures. */
static tsr_status region_captures(const mlir_ir_region *r, const mlir_ir_region *inner, value_list *out, int depth) {
  if (depth > MLIR_IR_MAX_DEPTH) return tsr_fail(TSR_ERR_UNSUPPORTED, "regions nested deeper than %d", MLIR_IR_MAX_DEPTH);
  for (int bi = 0; bi < inner->n_blocks; bi++)
    for (const mlir_ir_op *op = inner->blocks[bi]->first; op; op = op->next) {
      for (int i = 0; i < op->n_operands; i++) {
        const mlir_ir_value *v = op->operands[i].value;
        if (defined_in(v, r)) continue;
        bool seen = false;
        for (int k = 0; k < out->n && !seen; k++) seen = out->v[k] == v;
        if (seen) continue;
        if (!GROW_ARRAY(out->v, out->n, out->cap, 8)) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
        out->v[out->n++] = v;
      }
      for (int k = 0; k < op->n_regions; k++) TSR_TRY(region_captures(r, &op->regions[k], out, depth + 1));
    }
  return TSR_OK;
}

static tsr_status compile_region(tsr_hlo_program *p, const mlir_ir_region *r, const char *name,
                                 const value_list *caps, hlo_func **out);

/* interpreter.run_parallel's programs = [[@f, ...], ...]: R rows (replicas) of P partitions,
 * one function for all (aux = R, aux2 = P, callee = the function). */
static tsr_status compile_programs(tsr_hlo_program *p, hlo_inst *in) {
  const mlir_ir_attr *a = mlir_ir_op_attr(in->op, "programs");
  const char *name = NULL;
  int R = a && a->kind == MLIR_IR_ATTR_ARRAY ? a->u.array.n : 0, P = 0;
  for (int r = 0; r < R; r++) {
    const mlir_ir_attr *row = a->u.array.elems[r];
    if (row->kind != MLIR_IR_ATTR_ARRAY || (r && row->u.array.n != P) || !row->u.array.n) { R = 0; break; }
    P = row->u.array.n;
    for (int k = 0; k < P; k++) {
      const mlir_ir_attr *f = row->u.array.elems[k];
      if (f->kind != MLIR_IR_ATTR_SYMBOL_REF) { R = 0; break; }
      if (name && strcmp(name, f->u.symbol.root))
        return hlo_op_fail(in->op, TSR_ERR_UNSUPPORTED, "processes that run different programs (@%s and @%s): tessera runs "
                           "one program on every process", name, f->u.symbol.root);
      name = f->u.symbol.root;
    }
  }
  if (!R || !name) return hlo_op_fail(in->op, TSR_ERR_INVALID, "programs must be rows (replicas) of equally many functions (partitions)");
  if (R * P > TSR_MAX_DEVICES) return hlo_op_fail(in->op, TSR_ERR_UNSUPPORTED, "%d processes (at most %d)", R * P, TSR_MAX_DEVICES);
  const mlir_ir_op *target = mlir_ir_module_lookup(p->m, name);
  if (!target) return hlo_op_fail(in->op, TSR_ERR_INVALID, "program @%s not found", name);
  in->aux = R;
  in->aux2 = P;
  return compile_func_op(p, target, &in->callee);
}

/* Each region of the op becomes a function of its block arguments and `caps` (all the
 * captures of all its regions: a region that does not use one ignores it). */
static tsr_status compile_regions(tsr_hlo_program *p, hlo_inst *in, const value_list *caps) {
  in->n_bodies = in->op->n_regions;
  in->bodies = calloc((size_t)in->n_bodies + 1, sizeof *in->bodies);
  if (!in->bodies) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  for (int r = 0; r < in->n_bodies; r++) {
    char name[96];
    snprintf(name, sizeof name, "%s region %d", in->op->name, r);
    TSR_TRY(compile_region(p, &in->op->regions[r], name, caps, &in->bodies[r]));
  }
  return TSR_OK;
}

static tsr_status compile_block(tsr_hlo_program *p, const mlir_ir_block *b, const mlir_ir_op *owner,
                                const value_list *caps, hlo_func *f) {
  int *slot_of = malloc(sizeof(int) * (p->m->n_values + 1));
  if (!slot_of) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  for (uint32_t i = 0; i <= p->m->n_values; i++) slot_of[i] = -1;
  int n_caps = caps ? caps->n : 0;
  int cap_slots = b->n_args + n_caps;
  for (const mlir_ir_op *op = b->first; op; op = op->next) cap_slots += op->n_results;
  f->slot_t = calloc((size_t)cap_slots + 1, sizeof *f->slot_t);
  f->insts = calloc((size_t)b->n_ops + 1, sizeof *f->insts);
  int *last = malloc(sizeof(int) * ((size_t)cap_slots + 1));
  value_list op_caps = {0};
  tsr_status s = TSR_OK;
  if (!f->slot_t || !f->insts || !last) { s = tsr_fail(TSR_ERR_NOMEM, "out of memory"); goto done; }
  /* a region's arguments: its block arguments, then the values it captures */
  f->n_args = b->n_args + n_caps;
  for (int i = 0; i < b->n_args && s == TSR_OK; i++) {
    slot_of[b->args[i]->id] = f->n_slots;
    s = to_type(owner, b->args[i]->type, &f->slot_t[f->n_slots++]);
  }
  for (int i = 0; i < n_caps && s == TSR_OK; i++) {
    slot_of[caps->v[i]->id] = f->n_slots;
    s = to_type(owner, caps->v[i]->type, &f->slot_t[f->n_slots++]);
  }
  const mlir_ir_op *ret = NULL;
  for (const mlir_ir_op *op = b->first; op && s == TSR_OK; op = op->next) {
    hlo_opcode opc = lookup(op->name);
    if (opc == HLO_CUSTOM_CALL) opc = custom_call_check(op);
    if (opc == HLO_OPCODE_COUNT) { s = hlo_op_fail(op, TSR_ERR_UNSUPPORTED, "op not supported by tessera's StableHLO interpreter"); break; }
    if (hlo_traits[opc] & HT_TERMINATOR) {
      if (op->next) { s = hlo_op_fail(op, TSR_ERR_INVALID, "return is not the last op"); break; }
      ret = op;
      break;
    }
    /* the values its regions use from outside become extra operands, after its own */
    op_caps.n = 0;
    for (int r = 0; r < op->n_regions && s == TSR_OK; r++) s = region_captures(&op->regions[r], &op->regions[r], &op_caps, 0);
    if (s != TSR_OK) break;
    hlo_inst *in = &f->insts[f->n_inst];
    in->opc = opc;
    in->op = op;
    in->n_in = op->n_operands + op_caps.n;
    in->n_cap = op_caps.n;
    in->n_out = op->n_results;
    in->in = calloc((size_t)in->n_in + 1, sizeof(int));
    in->out = calloc((size_t)op->n_results + 1, sizeof(int));
    hlo_type *arg_t = calloc((size_t)in->n_in + 1, sizeof *arg_t);
    f->n_inst++;
    if (!in->in || !in->out || !arg_t) { free(arg_t); s = tsr_fail(TSR_ERR_NOMEM, "out of memory"); break; }
    for (int i = 0; i < in->n_in && s == TSR_OK; i++) {
      const mlir_ir_value *v = i < op->n_operands ? op->operands[i].value : op_caps.v[i - op->n_operands];
      int sl = slot_of[v->id];
      if (sl < 0) s = hlo_op_fail(op, TSR_ERR_UNSUPPORTED, "operand %d is defined outside this function or region", i);
      else { in->in[i] = sl; arg_t[i] = f->slot_t[sl]; }
    }
    if (s == TSR_OK && op->n_regions) s = compile_regions(p, in, &op_caps);
    for (int i = 0; i < op->n_results && s == TSR_OK; i++) {
      slot_of[op->results[i]->id] = f->n_slots;
      in->out[i] = f->n_slots;
      s = to_type(op, op->results[i]->type, &f->slot_t[f->n_slots++]);
    }
    in->res_t = &f->slot_t[in->out[0]];
    if (s == TSR_OK && opc == HLO_RUN_PARALLEL) s = compile_programs(p, in);
    if (s == TSR_OK && (opc == HLO_CALL || opc == HLO_COMPOSITE)) {
      /* a composite runs its decomposition, as StableHLO's interpreter does */
      const mlir_ir_attr *callee = mlir_ir_op_attr(op, opc == HLO_CALL ? "callee" : "decomposition");
      const mlir_ir_op *target = callee && callee->kind == MLIR_IR_ATTR_SYMBOL_REF
                                    ? mlir_ir_module_lookup(p->m, callee->u.symbol.root) : NULL;
      if (!target) s = hlo_op_fail(op, TSR_ERR_INVALID, "callee not found");
      else s = compile_func_op(p, target, &in->callee);
      if (s != TSR_OK && target) {
        /* the ops of a function JAX outlines (jnp.linalg.eigh's, say) carry only a name: the
         * call's location says which line of the application reached them */
        char loc[512];
        s = tsr_fail_context(s, "%s: %s", hlo_loc(op, loc, sizeof loc), op->name);
      }
      if (s == TSR_OK && (in->callee->n_args != in->n_in || in->callee->n_ret != in->n_out))
        s = hlo_op_fail(op, TSR_ERR_INVALID, "call does not match the callee's signature");
      for (int i = 0; s == TSR_OK && i < in->n_in; i++)
        if (!hlo_type_eq(&arg_t[i], &in->callee->slot_t[i])) s = hlo_op_fail(op, TSR_ERR_INVALID, "operand %d differs in type from the callee's argument", i);
      for (int i = 0; s == TSR_OK && i < in->n_out; i++)
        if (!hlo_type_eq(&in->res_t[i], &in->callee->slot_t[in->callee->ret[i]]))
          s = hlo_op_fail(op, TSR_ERR_INVALID, "result %d differs in type from what the callee returns", i);
    }
    if (s == TSR_OK) s = preps[opc](p, in, arg_t);
    if (s == TSR_OK && opc == HLO_CUSTOM_CALL && in->aux == HLO_CC_FULL_TO_SHARD) f->spmd = p->num_devices > 1;
    free(arg_t);
  }
  if (s != TSR_OK) goto done;
  if (!ret) { s = hlo_op_fail(owner, TSR_ERR_INVALID, "function or region without a return"); goto done; }
  f->n_ret = ret->n_operands;
  f->ret = calloc((size_t)f->n_ret + 1, sizeof(int));
  if (!f->ret) { s = tsr_fail(TSR_ERR_NOMEM, "out of memory"); goto done; }
  for (int i = 0; i < f->n_ret; i++) {
    f->ret[i] = slot_of[ret->operands[i].value->id];
    if (f->ret[i] < 0) { s = hlo_op_fail(ret, TSR_ERR_UNSUPPORTED, "returns a value defined outside"); goto done; }
  }
  s = hlo_fuse_inline(f);
  if (s == TSR_OK && f->n_slots > cap_slots) { /* inlined calls brought slots */
    int *grown = realloc(last, sizeof(int) * ((size_t)f->n_slots + 1));
    if (grown) last = grown;
    else s = tsr_fail(TSR_ERR_NOMEM, "out of memory");
  }
  if (s == TSR_OK) s = fold_scalar_broadcasts(f);
  if (s == TSR_OK) s = sink_constants(f);
  if (s == TSR_OK) s = hlo_fuse_order(f);
  if (s != TSR_OK) goto done;
  /* Liveness: a slot dies after its last use; returned slots are handed to the caller;
   * results nobody uses die right after their op. -1: never used. */
  for (int i = 0; i < f->n_slots; i++) last[i] = -1;
  for (int k = 0; k < f->n_inst; k++)
    for (int i = 0; i < f->insts[k].n_in; i++) last[f->insts[k].in[i]] = k;
  for (int i = 0; i < f->n_ret; i++) last[f->ret[i]] = -2;
  for (int k = 0; k < f->n_inst; k++)
    for (int i = 0; i < f->insts[k].n_out; i++)
      if (last[f->insts[k].out[i]] == -1) last[f->insts[k].out[i]] = k;
  f->entry_frees = calloc((size_t)f->n_args + 1, sizeof(int));
  for (int k = 0; k < f->n_inst; k++) f->insts[k].frees = calloc((size_t)f->insts[k].n_in + f->insts[k].n_out + 1, sizeof(int));
  if (!f->entry_frees) { s = tsr_fail(TSR_ERR_NOMEM, "out of memory"); goto done; }
  for (int sl = 0; sl < f->n_slots; sl++) {
    if (last[sl] == -2) continue;
    if (last[sl] == -1) { /* an unused argument; or a folded broadcast's result, never made */
      if (sl < f->n_args) f->entry_frees[f->n_entry_frees++] = sl;
      continue;
    }
    hlo_inst *in = &f->insts[last[sl]];
    if (!in->frees) { s = tsr_fail(TSR_ERR_NOMEM, "out of memory"); goto done; }
    in->frees[in->n_free++] = sl;
  }
  s = hlo_fuse_plan(f);
done:
  free(slot_of);
  free(last);
  free(op_caps.v);
  return s;
}

static void func_free(hlo_func *f) {
  if (!f) return;
  for (int k = 0; k < f->n_inst; k++) {
    free(f->insts[k].bodies);
    if (f->insts[k].spmd) {
      free(f->insts[k].spmd->in);
      free(f->insts[k].spmd->out);
      free(f->insts[k].spmd);
    }
    free(f->insts[k].in);
    free(f->insts[k].out);
    free(f->insts[k].frees);
    free(f->insts[k].fuse_in);
  }
  free(f->insts);
  free(f->slot_t);
  free(f->ret);
  free(f->entry_frees);
  free(f);
}

/* Functions are compiled once each; n_ret == -1 marks one still being compiled (recursion is not
 * allowed in StableHLO programs that XLA accepts, and would not terminate here). */
static tsr_status compile_func_op(tsr_hlo_program *p, const mlir_ir_op *fop, hlo_func **out) {
  const mlir_ir_attr *sym = mlir_ir_op_attr(fop, "sym_name");
  const char *name = sym && sym->kind == MLIR_IR_ATTR_STRING ? sym->u.string.data : "?";
  for (int i = 0; i < p->n_funcs; i++)
    if (p->funcs[i]->fop == fop) {
      if (p->funcs[i]->n_ret == -1)
        return hlo_op_fail(fop, TSR_ERR_UNSUPPORTED, "recursive call of @%s", name);
      *out = p->funcs[i];
      return TSR_OK;
    }
  if (!mlir_ir_op_is(fop, "func.func")) return hlo_op_fail(fop, TSR_ERR_INVALID, "callee is not a func.func");
  const mlir_ir_block *b = mlir_ir_op_entry_block(fop, 0);
  if (!b) return hlo_op_fail(fop, TSR_ERR_INVALID, "function @%s has no body", name);
  if (fop->n_regions != 1 || fop->regions[0].n_blocks != 1)
    return hlo_op_fail(fop, TSR_ERR_UNSUPPORTED, "function @%s has more than one block", name);
  hlo_func *f = calloc(1, sizeof *f);
  if (!f) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  f->name = name;
  f->fop = fop;
  f->n_ret = -1; /* marks "being compiled" */
  tsr_status s = add_func(p, f);
  if (s != TSR_OK) { func_free(f); return s; }
  s = compile_block(p, b, fop, NULL, f);
  if (s != TSR_OK) return tsr_fail_context(s, "in @%s", name);
  *out = f;
  return TSR_OK;
}

static tsr_status compile_region(tsr_hlo_program *p, const mlir_ir_region *r, const char *name,
                                 const value_list *caps, hlo_func **out) {
  if (r->n_blocks != 1) return hlo_op_fail(r->parent, TSR_ERR_UNSUPPORTED, "region with %d blocks", r->n_blocks);
  hlo_func *f = calloc(1, sizeof *f);
  if (!f) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  f->name = name[0] ? mlir_ir_intern(p->m->ctx, name, strlen(name)) : "region";
  tsr_status s = add_func(p, f);
  if (s != TSR_OK) { func_free(f); return s; }
  TSR_TRY(compile_block(p, r->blocks[0], r->parent, caps, f));
  *out = f;
  return TSR_OK;
}

static bool is_mosaic_func(mlir_ir_op *op, void *user) {
  bool *found = user;
  if (mlir_ir_op_is(op, "stable_mosaic.func.func") ||
      (mlir_ir_op_is(op, "func.func") && (mlir_ir_op_attr(op, "dimension_semantics") ||
                                         mlir_ir_op_attr(op, "window_params") ||
                                         mlir_ir_op_attr(op, "iteration_bounds")))) {
    *found = true;
    return false;
  }
  return true;
}

/* @main, or the module's only function when none is called main: the rule of StableHLO's
 * own interpreter, whose test cases name their one function after what they test. */
static const mlir_ir_op *entry_func(const tsr_mlir_module *m) {
  const mlir_ir_op *main = mlir_ir_module_lookup(m, "main");
  if (main) return main;
  const mlir_ir_block *body = mlir_ir_op_entry_block(m->top, 0);
  const mlir_ir_op *only = NULL;
  for (const mlir_ir_op *op = body ? body->first : NULL; op; op = op->next) {
    if (!mlir_ir_op_is(op, "func.func")) continue;
    if (only) return NULL;
    only = op;
  }
  return only;
}

tsr_status tsr_hlo_compile(tsr_mlir_module *m, tsr_hlo_program **out) {
  *out = NULL;
  if (!m || !m->top) return tsr_fail(TSR_ERR_INVALID, "no module");
  tsr_hlo_program *p = calloc(1, sizeof *p);
  if (!p) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  p->m = m;
  bool mosaic = false;
  mlir_ir_walk(m->top, is_mosaic_func, &mosaic);
  tsr_status s = hlo_read_devices(p);
  if (s != TSR_OK) {
  } else if (mosaic) {
    s = hlo_bare_compile(p);
  } else {
    const mlir_ir_op *main = entry_func(m);
    if (!main) s = tsr_fail(TSR_ERR_INVALID, "the module has no function @main, nor just one function, and is not a Mosaic kernel");
    else s = compile_func_op(p, main, &p->main);
  }
  if (s != TSR_OK) { tsr_hlo_program_destroy(p); return s; }
  *out = p;
  return TSR_OK;
}

void tsr_hlo_program_destroy(tsr_hlo_program *p) {
  if (!p) return;
  for (int i = 0; i < p->n_funcs; i++) func_free(p->funcs[i]);
  free(p->funcs);
  for (int i = 0; i < p->n_kernels; i++) tsr_hlo_kernel_destroy(p->kernels[i]);
  free(p->kernels);
  tsr_hlo_kernel_destroy(p->bare);
  hlo_kept_free(p->kept);
  free(p);
}

bool tsr_hlo_is_bare_kernel(const tsr_hlo_program *p) { return p->bare != NULL; }
int tsr_hlo_num_kernels(const tsr_hlo_program *p) { return p->bare ? 1 : p->n_kernels; }
bool tsr_hlo_kernel_costs(const tsr_hlo_program *p, tsr_hlo_cost *out) {
  memset(out, 0, sizeof *out);
  bool any = false;
  for (int i = 0; !p->bare && i < p->n_kernels; i++) {
    const tsr_hlo_kernel *k = p->kernels[i];
    if (!k->has_cost) continue;
    any = true;
    out->flops += k->flops;
    out->transcendentals += k->transcendentals;
    out->bytes_accessed += k->bytes_accessed;
  }
  return any;
}

int tsr_hlo_num_inputs(const tsr_hlo_program *p) { return p->bare ? p->bare_inputs : p->main->n_args; }
int tsr_hlo_num_outputs(const tsr_hlo_program *p) { return p->bare ? p->bare_outputs : p->main->n_ret; }
int tsr_hlo_num_devices(const tsr_hlo_program *p) { return p->num_devices; }

int tsr_hlo_mesh_shape(const tsr_hlo_program *p, int64_t *shape) {
  for (int i = 0; i < p->mesh.rank; i++) shape[i] = p->mesh.size[i];
  return p->mesh.rank;
}

const char *tsr_hlo_name(const tsr_hlo_program *p) {
  const mlir_ir_attr *name = p->m->top ? mlir_ir_op_attr(p->m->top, "sym_name") : NULL;
  return name && name->kind == MLIR_IR_ATTR_STRING ? name->u.string.data : "main";
}

int tsr_hlo_input_donation(const tsr_hlo_program *p, int i) {
  const mlir_ir_op *fop = p->bare ? NULL : p->main->fop;
  const mlir_ir_attr *args = fop ? mlir_ir_op_attr(fop, "arg_attrs") : NULL;
  if (!args || args->kind != MLIR_IR_ATTR_ARRAY || i < 0 || i >= args->u.array.n) return -1;
  const mlir_ir_attr *d = args->u.array.elems[i];
  int64_t out;
  if (mlir_ir_attr_int(mlir_ir_dict_get(d, "tf.aliasing_output"), &out) && out >= 0 && out < p->main->n_ret) return (int)out;
  return mlir_ir_dict_get(d, "jax.buffer_donor") ? -2 : -1;
}

const char *tsr_hlo_memory_kind(const tsr_hlo_program *p, bool output, int i) {
  const mlir_ir_op *fop = p->bare ? NULL : p->main->fop;
  const mlir_ir_attr *list = fop ? mlir_ir_op_attr(fop, output ? "res_attrs" : "arg_attrs") : NULL;
  if (!list || list->kind != MLIR_IR_ATTR_ARRAY || i < 0 || i >= list->u.array.n) return NULL;
  const mlir_ir_attr *k = mlir_ir_dict_get(list->u.array.elems[i], "mhlo.memory_kind");
  return k && k->kind == MLIR_IR_ATTR_STRING ? k->u.string.data : NULL;
}

bool tsr_hlo_output_type(const tsr_hlo_program *p, int i, tsr_array *type) {
  memset(type, 0, sizeof *type);
  if (p->bare || i < 0 || i >= p->main->n_ret) return false;
  const hlo_type *t = &p->main->slot_t[p->main->ret[i]];
  type->dtype = t->dtype;
  type->rank = t->rank;
  memcpy(type->shape, t->shape, sizeof t->shape);
  return true;
}

bool tsr_hlo_input_type(const tsr_hlo_program *p, int i, tsr_array *type) {
  memset(type, 0, sizeof *type);
  if (p->bare) return hlo_bare_input_type(p, i, type);
  if (i < 0 || i >= p->main->n_args) return false;
  const hlo_type *t = &p->main->slot_t[i];
  type->dtype = t->dtype;
  type->rank = t->rank;
  memcpy(type->shape, t->shape, sizeof t->shape);
  return true;
}
