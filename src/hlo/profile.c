/* What each op of a run did, for an estimate of its time on a TPU (tsr_hlo_profile,
 * include/tessera/hlo.h): per op, how often it ran, the work its unit does (MXU flops, VPU
 * element ops, transcendentals, bytes over the ICI) and the bytes it reads and writes as if
 * nothing were fused. The interpreter computes on the host; these counts are the TPU's work,
 * from the ops' types alone. Ops are kept in the order they first ran (GROW_ARRAY) and found by
 * their IR op in a hash table beside them, rebuilt twice as large when it would pass half full. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "hlo/hlo_internal.h"

struct tsr_hlo_profile {
  tsr_hlo_op_profile *ops;
  const mlir_ir_op **keys; /* ops[i]'s IR op */
  int n, cap_ops, cap_keys; /* entries */
  int cap;                  /* table size (a power of two, at most half full) */
  int *slot;                /* table: index into ops, or -1 */
};

tsr_status tsr_hlo_profile_create(tsr_hlo_profile **out) {
  *out = calloc(1, sizeof **out);
  return *out ? TSR_OK : tsr_fail(TSR_ERR_NOMEM, "out of memory");
}

void tsr_hlo_profile_destroy(tsr_hlo_profile *p) {
  if (!p) return;
  free(p->ops);
  free(p->keys);
  free(p->slot);
  free(p);
}

void tsr_hlo_profile_reset(tsr_hlo_profile *p) {
  p->n = 0;
  for (int i = 0; i < p->cap; i++) p->slot[i] = -1;
}

int tsr_hlo_profile_count(const tsr_hlo_profile *p) { return p->n; }
const tsr_hlo_op_profile *tsr_hlo_profile_at(const tsr_hlo_profile *p, int i) { return i >= 0 && i < p->n ? &p->ops[i] : NULL; }

static unsigned hash_ptr(const void *k, int cap) {
  uint64_t h = (uint64_t)(uintptr_t)k * 0x9e3779b97f4a7c15ull;
  return (unsigned)(h >> 32) & (unsigned)(cap - 1);
}

/* Room for one more entry: in ops and keys, and in the table, rebuilt twice as large when
 * one more would fill it past half. False when out of memory, the profile as it was. */
static bool grow(tsr_hlo_profile *p) {
  if (!GROW_ARRAY(p->ops, p->n, p->cap_ops, 32) || !GROW_ARRAY(p->keys, p->n, p->cap_keys, 32)) return false;
  if (2 * (p->n + 1) <= p->cap) return true;
  if (p->cap > INT_MAX / 2) return false;
  int cap = p->cap ? 2 * p->cap : 64;
  int *slot = malloc(sizeof *slot * (size_t)cap);
  if (!slot) return false;
  for (int i = 0; i < cap; i++) slot[i] = -1;
  for (int i = 0; i < p->n; i++) {
    unsigned h = hash_ptr(p->keys[i], cap);
    while (slot[h] >= 0) h = (h + 1) & (unsigned)(cap - 1);
    slot[h] = i;
  }
  free(p->slot);
  p->slot = slot;
  p->cap = cap;
  return true;
}

/* The entry of `op`, made when new; NULL when out of memory (the op goes uncounted). */
static tsr_hlo_op_profile *entry(tsr_hlo_profile *p, const mlir_ir_op *op) {
  if (p->cap) {
    unsigned h = hash_ptr(op, p->cap);
    for (; p->slot[h] >= 0; h = (h + 1) & (unsigned)(p->cap - 1))
      if (p->keys[p->slot[h]] == op) return &p->ops[p->slot[h]];
  }
  if (!grow(p)) return NULL;
  unsigned h = hash_ptr(op, p->cap);
  while (p->slot[h] >= 0) h = (h + 1) & (unsigned)(p->cap - 1);
  p->slot[h] = p->n;
  p->keys[p->n] = op;
  tsr_hlo_op_profile *e = &p->ops[p->n++];
  memset(e, 0, sizeof *e);
  e->op = op->name;
  hlo_loc(op, e->loc, sizeof e->loc);
  return e;
}

static double bytes_of(const hlo_type *t) { return (double)hlo_numel(t) * (double)tsr_dtype_size(t->dtype); }

static bool is_transcendental(hlo_opcode c) {
  switch (c) {
  case HLO_EXPONENTIAL: case HLO_EXPONENTIAL_MINUS_ONE: case HLO_LOG: case HLO_LOG_PLUS_ONE: case HLO_LOGISTIC:
  case HLO_TANH: case HLO_SQRT: case HLO_RSQRT: case HLO_SINE: case HLO_COSINE: case HLO_CBRT: case HLO_TAN:
  case HLO_POWER: case HLO_ATAN2: case HLO_CHLO_ACOS: case HLO_CHLO_ACOSH: case HLO_CHLO_ASIN: case HLO_CHLO_ASINH:
  case HLO_CHLO_ATAN: case HLO_CHLO_ATANH: case HLO_CHLO_COSH: case HLO_CHLO_SINH: case HLO_CHLO_TAN: case HLO_CHLO_ERF:
  case HLO_CHLO_ERFC: case HLO_CHLO_ERF_INV: case HLO_CHLO_LGAMMA: case HLO_CHLO_DIGAMMA: case HLO_CHLO_BESSEL_I1E:
  case HLO_CHLO_POLYGAMMA: case HLO_CHLO_ZETA:
    return true;
  default:
    return false;
  }
}

/* The unit an op keeps busy and its work there: TSR_HLO_UNIT_NONE for ops that move no data
 * on a TPU (XLA makes a reshape a bitcast; a constant is part of the program) or whose regions
 * are counted op by op as they run (while, if, call, manual computations). */
static tsr_hlo_unit classify(const hlo_exec *x, const hlo_inst *in, const hlo_val *args, const hlo_val *res,
                             double *work, tsr_dtype *mxu) {
  *work = 0;
  switch (in->opc) {
  case HLO_CONSTANT: case HLO_RESHAPE: case HLO_BITCAST_CONVERT: case HLO_OPTIMIZATION_BARRIER: case HLO_CALL:
  case HLO_WHILE: case HLO_IF: case HLO_CASE: case HLO_COMPOSITE: case HLO_GET_DIMENSION_SIZE: case HLO_REPLICA_ID:
  case HLO_PARTITION_ID: case HLO_SDY_MESH: case HLO_SDY_MANUAL_COMPUTATION: case HLO_SDY_SHARDING_CONSTRAINT:
  case HLO_SDY_RESHARD: case HLO_RETURN: case HLO_FUNC_RETURN: case HLO_SDY_RETURN: case HLO_MAP: case HLO_RUN_PARALLEL:
    return TSR_HLO_UNIT_NONE;
  case HLO_CUSTOM_CALL:
    return in->kernel ? TSR_HLO_UNIT_KERNEL : TSR_HLO_UNIT_NONE; /* markers and annotations pass values on */
  case HLO_ALL_REDUCE: case HLO_ALL_GATHER: case HLO_REDUCE_SCATTER: case HLO_ALL_TO_ALL: case HLO_COLLECTIVE_PERMUTE:
  case HLO_COLLECTIVE_BROADCAST:
    for (int i = 0; i < in->n_out; i++) *work += bytes_of(&res[i].t);
    return TSR_HLO_UNIT_ICI;
  case HLO_DOT_GENERAL: case HLO_CHLO_RAGGED_DOT: case HLO_CONVOLUTION: case HLO_DYNAMIC_CONV:
    /* 2 flops a product; f32 operands take one bf16 pass at the default precision, and
     * stand for full f32 (the f32 rate) otherwise, as in tessera's numerics */
    *work = 2.0 * (double)hlo_numel(&res[0].t) *
            (in->opc == HLO_DOT_GENERAL || in->opc == HLO_CHLO_RAGGED_DOT ? hlo_dot_products_per_output(in, &args[0].t)
                                                                           : hlo_conv_products_per_output(in, &args[1].t));
    *mxu = args[0].t.dtype;
    if (*mxu == TSR_F32 && hlo_mxu_bf16_inputs(x, in, args[0].t.dtype, args[1].t.dtype)) *mxu = TSR_BF16;
    return TSR_HLO_UNIT_MXU;
  /* moves data, computes nothing */
  case HLO_IOTA: case HLO_BROADCAST_IN_DIM: case HLO_SLICE: case HLO_DYNAMIC_SLICE: case HLO_DYNAMIC_UPDATE_SLICE:
  case HLO_CONCATENATE: case HLO_PAD: case HLO_TRANSPOSE: case HLO_REVERSE: case HLO_GATHER: case HLO_SCATTER:
  case HLO_CONVERT: case HLO_DYNAMIC_IOTA: case HLO_DYNAMIC_RESHAPE: case HLO_DYNAMIC_BROADCAST_IN_DIM:
  case HLO_DYNAMIC_PAD: case HLO_DYNAMIC_GATHER:
    return TSR_HLO_UNIT_MEMORY;
  /* an op per element read */
  case HLO_REDUCE: case HLO_REDUCE_WINDOW: case HLO_SORT: case HLO_SELECT_AND_SCATTER:
    for (int i = 0; i < in->n_in; i++) *work += (double)hlo_numel(&args[i].t);
    return TSR_HLO_UNIT_VPU;
  default:
    break;
  }
  for (int i = 0; i < in->n_out; i++) *work += (double)hlo_numel(&res[i].t);
  return is_transcendental(in->opc) ? TSR_HLO_UNIT_TRANSCENDENTAL : TSR_HLO_UNIT_VPU;
}

void hlo_profile_op(hlo_exec *x, const hlo_inst *in, const hlo_val *args, const hlo_val *res, int runs) {
  tsr_hlo_op_profile *e = entry(x->opts->profile, in->op);
  if (!e) return;
  double work;
  tsr_dtype mxu = TSR_BF16;
  tsr_hlo_unit u = classify(x, in, args, res, &work, &mxu);
  e->unit = u;
  e->runs += runs;
  e->mxu_dtype = mxu;
  if (u == TSR_HLO_UNIT_NONE || u == TSR_HLO_UNIT_KERNEL) return;
  e->work += work * runs;
  if (u == TSR_HLO_UNIT_ICI) return; /* a collective's bytes are its ICI work */
  double bytes = 0;
  for (int i = 0; i < in->n_in; i++) bytes += bytes_of(&args[i].t);
  for (int i = 0; i < in->n_out; i++) bytes += bytes_of(&res[i].t);
  e->bytes += bytes * runs;
}
