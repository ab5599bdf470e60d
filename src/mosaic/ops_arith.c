/* Elementwise ops: arith (constants, float and integer arithmetic, compares, select, casts)
 * and math. Each op is one tight loop over whole arrays. Integer semantics where MLIR leaves
 * them undefined (documented in docs/mosaic.md): x/0 = -1 (all ones), x%0 = x, the
 * overflowing INT_MIN/-1 wraps to INT_MIN, shifts by the width or more give 0 (or the sign
 * for shrsi); float-to-int conversions saturate and map NaN to 0. */
#include <math.h>
#include <string.h>

#include "mosaic/mosaic_internal.h"

/* ---- compile steps ---------------------------------------------------------------------- */

static void elem_cost(mosaic_minst *in, const mosaic_stype *t, bool transcendental) {
  in->cost = (mosaic_op_cost){0};
  if (!t || t->rank == 0) in->cost.scalar_ops = 1;
  else if (transcendental) in->cost.transcendentals = (double)t->n;
  else in->cost.vpu_ops = (double)t->n;
}

static tsr_status same_shapes(mosaic_comp *c, mosaic_minst *in) {
  if (in->nres != 1) return TSR_OK;
  const mosaic_stype *r = &c->P->types[in->res[0]];
  for (int i = 0; i < in->nopd; i++) {
    const mosaic_stype *t = &c->P->types[in->opd[i]];
    if (t->cls == MOSAIC_VC_REF || r->cls == MOSAIC_VC_REF) return mosaic_comp_fail(c, TSR_ERR_INVALID, "operand %d is a memref", i);
    if (t->n != r->n || t->rank != r->rank)
      return mosaic_comp_fail(c, TSR_ERR_INVALID, "operand %d has %lld elements, the result %lld", i, (long long)t->n, (long long)r->n);
    if (t->cls != r->cls) return mosaic_comp_fail(c, TSR_ERR_INVALID, "operand %d and the result differ in element type", i);
  }
  return TSR_OK;
}

enum { ANY_CLASS, FLOATS, INTEGERS };

/* `arity` operands and one result of one shape and element class (`want`: which class). */
static tsr_status elem_operands(mosaic_comp *c, mosaic_minst *in, int arity, int want) {
  if (in->nopd != arity || in->nres != 1)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects %d operand%s and one result", arity, arity == 1 ? "" : "s");
  TSR_TRY(same_shapes(c, in));
  int cls = c->P->types[in->res[0]].cls;
  if (want == FLOATS && cls != MOSAIC_VC_F) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects float operands");
  if (want == INTEGERS && cls == MOSAIC_VC_F) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects integer operands");
  return TSR_OK;
}

static tsr_status elem_op(mosaic_comp *c, mosaic_minst *in, int arity, int want, bool transcendental) {
  TSR_TRY(elem_operands(c, in, arity, want));
  elem_cost(in, &c->P->types[in->res[0]], transcendental);
  return TSR_OK;
}

tsr_status mosaic_c_fun(mosaic_comp *c, mosaic_minst *in) { return elem_op(c, in, 1, FLOATS, false); }
tsr_status mosaic_c_fbin(mosaic_comp *c, mosaic_minst *in) { return elem_op(c, in, 2, FLOATS, false); }
tsr_status mosaic_c_iun(mosaic_comp *c, mosaic_minst *in) { return elem_op(c, in, 1, INTEGERS, false); }
tsr_status mosaic_c_ibin(mosaic_comp *c, mosaic_minst *in) { return elem_op(c, in, 2, INTEGERS, false); }
tsr_status mosaic_c_math(mosaic_comp *c, mosaic_minst *in) { return elem_op(c, in, 1, FLOATS, true); }
tsr_status mosaic_c_math2(mosaic_comp *c, mosaic_minst *in) { return elem_op(c, in, 2, FLOATS, true); }

/* tpu.assume_multiple / assume_layout: the operand, unchanged (a copy of the whole value) */
tsr_status mosaic_c_pass(mosaic_comp *c, mosaic_minst *in) { return elem_op(c, in, 1, ANY_CLASS, false); }

/* tpu.trace_start / trace_stop: markers, whatever their operands */
tsr_status mosaic_c_trace(mosaic_comp *c, mosaic_minst *in) {
  (void)c;
  elem_cost(in, NULL, false);
  return TSR_OK;
}

tsr_status mosaic_c_cmp(mosaic_comp *c, mosaic_minst *in) {
  int arity = in->op == MOSAIC_MOP_WEIRD ? 1 : 2;
  if (in->nres != 1 || in->nopd != arity)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects %d operand%s and one result", arity, arity == 1 ? "" : "s");
  const mosaic_stype *r = &c->P->types[in->res[0]], *a = &c->P->types[in->opd[0]];
  for (int i = 0; i < in->nopd; i++) {
    const mosaic_stype *t = &c->P->types[in->opd[i]];
    if (t->n != r->n || t->cls != a->cls || t->cls == MOSAIC_VC_REF)
      return mosaic_comp_fail(c, TSR_ERR_INVALID, "operands must have the shape of the result and one type");
  }
  if (r->cls != MOSAIC_VC_I32 || r->width != 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "result must be i1");
  in->cls = a->cls;
  in->a[1] = a->width;
  if (in->op == MOSAIC_MOP_WEIRD) {
    if (a->cls != MOSAIC_VC_F) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects floats");
  } else {
    int64_t p;
    if (!mlir_ir_op_attr_int(c->op, "predicate", &p)) return mosaic_comp_fail(c, TSR_ERR_INVALID, "no predicate");
    if (in->op == MOSAIC_MOP_CMPI ? (p < 0 || p > 9 || a->cls == MOSAIC_VC_F) : (p < 0 || p > 15 || a->cls != MOSAIC_VC_F))
      return mosaic_comp_fail(c, TSR_ERR_INVALID, "predicate %lld or operand type not valid", (long long)p);
    in->a[0] = p;
  }
  elem_cost(in, r, false);
  return TSR_OK;
}

tsr_status mosaic_c_select(mosaic_comp *c, mosaic_minst *in) {
  if (in->nopd != 3 || in->nres != 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects condition, true and false values");
  const mosaic_stype *cd = &c->P->types[in->opd[0]], *r = &c->P->types[in->res[0]];
  for (int i = 1; i < 3; i++) {
    const mosaic_stype *t = &c->P->types[in->opd[i]];
    if (t->n != r->n || t->cls != r->cls) return mosaic_comp_fail(c, TSR_ERR_INVALID, "operand %d differs from the result", i);
  }
  if (cd->cls != MOSAIC_VC_I32 || cd->width != 1 || (cd->rank != 0 && cd->n != r->n))
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "condition must be i1, scalar or of the result's shape");
  if (cd->rank != 0 && r->cls == MOSAIC_VC_REF) return mosaic_comp_fail(c, TSR_ERR_INVALID, "memrefs are selected by a scalar condition");
  in->a[0] = cd->rank == 0;
  elem_cost(in, r, false);
  return TSR_OK;
}

tsr_status mosaic_c_cast(mosaic_comp *c, mosaic_minst *in) {
  if (in->nopd != 1 || in->nres != 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects one operand");
  const mosaic_stype *s = &c->P->types[in->opd[0]], *d = &c->P->types[in->res[0]];
  if (s->n != d->n || s->cls == MOSAIC_VC_REF || d->cls == MOSAIC_VC_REF)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "operand and result differ in shape");
  bool sf = s->cls == MOSAIC_VC_F, df = d->cls == MOSAIC_VC_F;
  bool ok;
  switch (in->op) {
  case MOSAIC_MOP_EXTF: case MOSAIC_MOP_TRUNCF: ok = sf && df; break;
  case MOSAIC_MOP_FPTOSI: case MOSAIC_MOP_FPTOUI: ok = sf && !df; break;
  case MOSAIC_MOP_SITOFP: case MOSAIC_MOP_UITOFP: ok = !sf && df; break;
  case MOSAIC_MOP_BITCAST: {
    ok = mosaic_stype_bits(s) == mosaic_stype_bits(d);
    break;
  }
  default: ok = !sf && !df; break;
  }
  if (!ok) return mosaic_comp_fail(c, TSR_ERR_INVALID, "operand and result types do not fit this cast");
  in->cls = s->cls;
  in->a[0] = s->ek;
  in->a[1] = s->width;
  elem_cost(in, d, false);
  return TSR_OK;
}

/* arith.mului_extended / mulsi_extended: the low and the high half of the double-width
 * product, both of the operands' type. */
tsr_status mosaic_c_mul_extended(mosaic_comp *c, mosaic_minst *in) {
  if (in->nopd != 2 || in->nres != 2) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects 2 operands and 2 results");
  const mosaic_stype *a = &c->P->types[in->opd[0]];
  for (int i = 0; i < 4; i++) {
    const mosaic_stype *t = &c->P->types[i < 2 ? in->opd[i] : in->res[i - 2]];
    if (t->cls == MOSAIC_VC_F || t->cls == MOSAIC_VC_REF || t->cls != a->cls || t->width != a->width || t->n != a->n)
      return mosaic_comp_fail(c, TSR_ERR_INVALID, "operands and results must be integers of one type");
  }
  elem_cost(in, a, false);
  return TSR_OK;
}

tsr_status mosaic_c_constant(mosaic_comp *c, mosaic_minst *in) {
  if (in->nres != 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects one result");
  int32_t slot = in->res[0];
  const mosaic_stype *t = &c->P->types[slot];
  const mlir_ir_attr *v = mlir_ir_op_attr(c->op, "value");
  if (!v || t->cls == MOSAIC_VC_REF) return mosaic_comp_fail(c, TSR_ERR_INVALID, "no value");
  bool dense = v->kind == MLIR_IR_ATTR_DENSE;
  if (dense && !v->u.dense.splat && v->u.dense.numel != t->n)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "dense value has %lld elements for %lld", (long long)v->u.dense.numel, (long long)t->n);
  if (dense && v->u.dense.size < v->u.dense.elem_bytes * (size_t)(v->u.dense.splat ? 1 : v->u.dense.numel))
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "dense value is truncated");
  if (!dense && v->kind != MLIR_IR_ATTR_INTEGER && v->kind != MLIR_IR_ATTR_FLOAT)
    return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "constant value kind %d not supported", (int)v->kind);
  /* a splat (or a scalar) is one element, shared with the pool's equal splats */
  bool one = !dense || v->u.dense.splat;
  char elem[8];
  void *d = one ? elem : mosaic_prog_const(c->P, slot);
  if (!d) return mosaic_comp_fail(c, TSR_ERR_NOMEM, "out of host memory");
  for (int64_t i = 0; i < (one ? 1 : t->n); i++) {
    if (t->cls == MOSAIC_VC_F) {
      double x = 0;
      if (dense) x = mlir_ir_dense_float(v, i);
      else if (!mlir_ir_attr_float(v, &x)) {
        int64_t k;
        if (!mlir_ir_attr_int(v, &k)) return mosaic_comp_fail(c, TSR_ERR_INVALID, "value is not a float");
        x = (double)k;
      }
      float f = (float)x;
      mosaic_round_to_ek(&f, 1, t->ek);
      memcpy((char *)d + (size_t)i * 4, &f, 4);
    } else {
      int64_t k = 0;
      if (dense) k = mlir_ir_dense_int(v, i);
      else if (!mlir_ir_attr_int(v, &k)) return mosaic_comp_fail(c, TSR_ERR_INVALID, "value is not an integer");
      if (t->cls == MOSAIC_VC_I64) memcpy((char *)d + (size_t)i * 8, &k, 8);
      else {
        int32_t w = mosaic_sext32(k, t->width);
        memcpy((char *)d + (size_t)i * 4, &w, 4);
      }
    }
  }
  if (one && !mosaic_prog_splat_const(c->P, slot, elem, false)) return mosaic_comp_fail(c, TSR_ERR_NOMEM, "out of host memory");
  return TSR_OK;
}

tsr_status mosaic_c_constant_mask(mosaic_comp *c, mosaic_minst *in) {
  const mosaic_stype *t = &c->P->types[in->res[0]];
  int64_t sizes[TSR_MAX_RANK];
  int64_t k = mosaic_comp_ints(c, "mask_dim_sizes", sizes, TSR_MAX_RANK);
  if (k != t->rank || t->cls != MOSAIC_VC_I32) return mosaic_comp_fail(c, TSR_ERR_INVALID, "mask_dim_sizes must have one entry per dimension");
  int32_t *d = mosaic_prog_const(c->P, in->res[0]);
  if (!d) return mosaic_comp_fail(c, TSR_ERR_NOMEM, "out of host memory");
  int64_t idx[TSR_MAX_RANK] = {0};
  for (int64_t i = 0; i < t->n; i++) {
    bool on = true;
    for (int r = 0; r < t->rank; r++) on = on && idx[r] < sizes[r];
    d[i] = on ? -1 : 0;
    for (int r = t->rank - 1; r >= 0; r--) {
      if (++idx[r] < t->shape[r]) break;
      idx[r] = 0;
    }
  }
  return TSR_OK;
}

/* ---- float arithmetic ------------------------------------------------------------------- */

#define FBIN(fn, expr)                                                                 \
  tsr_status fn(mosaic_exec *x, const mosaic_minst *in) {                                            \
    float *d = SF(x, in->res[0]);                                                      \
    const float *a = SF(x, in->opd[0]), *b = SF(x, in->opd[1]);                        \
    int64_t n = in->n;                                                                 \
    for (int64_t i = 0; i < n; i++) {                                                  \
      float A = a[i], B = b[i];                                                        \
      d[i] = (expr);                                                                   \
    }                                                                                  \
    if (in->ek != MOSAIC_EK_F32) mosaic_round_to_ek(d, n, in->ek);                                   \
    return TSR_OK;                                                                     \
  }

FBIN(mosaic_r_addf, A + B)
FBIN(mosaic_r_subf, A - B)
FBIN(mosaic_r_mulf, A * B)
FBIN(mosaic_r_divf, A / B)
FBIN(mosaic_r_remf, fmodf(A, B))
FBIN(mosaic_r_maximumf, mosaic_fmaximum(A, B))
FBIN(mosaic_r_minimumf, mosaic_fminimum(A, B))
FBIN(mosaic_r_maxnumf, fmaxf(A, B))
FBIN(mosaic_r_minnumf, fminf(A, B))
FBIN(mosaic_r_atan2, atan2f(A, B))
FBIN(mosaic_r_powf, powf(A, B))

tsr_status mosaic_r_negf(mosaic_exec *x, const mosaic_minst *in) {
  float *d = SF(x, in->res[0]);
  const float *a = SF(x, in->opd[0]);
  for (int64_t i = 0; i < in->n; i++) d[i] = -a[i];
  return TSR_OK;
}

#define FUN(expr)                                   \
  for (int64_t i = 0; i < n; i++) {                 \
    float A = a[i];                                 \
    d[i] = (expr);                                  \
  }                                                 \
  break;

tsr_status mosaic_r_math1(mosaic_exec *x, const mosaic_minst *in) {
  float *d = SF(x, in->res[0]);
  const float *a = SF(x, in->opd[0]);
  int64_t n = in->n;
  switch (in->op) {
  case MOSAIC_MOP_EXP:
    if (d != a) {
      mosaic_vec_expf(d, a, n);
      break;
    }
    FUN(expf(A))
  case MOSAIC_MOP_EXP2: FUN(exp2f(A))
  case MOSAIC_MOP_EXPM1: FUN(expm1f(A))
  case MOSAIC_MOP_MLOG: mosaic_vec_logf(d, a, n); break;
  case MOSAIC_MOP_MLOG2: FUN(log2f(A))
  case MOSAIC_MOP_MLOG1P: FUN(log1pf(A))
  case MOSAIC_MOP_SQRT: mosaic_vec_sqrtf(d, a, n); break;
  case MOSAIC_MOP_RSQRT: mosaic_vec_rsqrtf(d, a, n); break;
  case MOSAIC_MOP_SIN: mosaic_vec_sinf(d, a, n); break;
  case MOSAIC_MOP_COS: mosaic_vec_cosf(d, a, n); break;
  case MOSAIC_MOP_TAN: FUN(tanf(A))
  case MOSAIC_MOP_TANH: mosaic_vec_tanhf(d, a, n); break;
  case MOSAIC_MOP_ERF: mosaic_vec_erff(d, a, n); break;
  case MOSAIC_MOP_ABSF: FUN(fabsf(A))
  case MOSAIC_MOP_CEIL: FUN(ceilf(A))
  case MOSAIC_MOP_FLOOR: FUN(floorf(A))
  case MOSAIC_MOP_ROUND: FUN(roundf(A))
  case MOSAIC_MOP_ROUNDEVEN: FUN(rintf(A))
  case MOSAIC_MOP_RECIPROCAL: FUN(1.0f / A)
  default: return tsr_fail(TSR_ERR_INTERNAL, "no math function for %s", in->name);
  }
  if (in->ek != MOSAIC_EK_F32) mosaic_round_to_ek(d, n, in->ek);
  return TSR_OK;
}

/* ---- integer arithmetic: computed in 64 bits, wrapped to the width ---------------------- */

static inline int64_t w_add(int64_t A, int64_t B, int w) { (void)w; return (int64_t)((uint64_t)A + (uint64_t)B); }
static inline int64_t w_sub(int64_t A, int64_t B, int w) { (void)w; return (int64_t)((uint64_t)A - (uint64_t)B); }
static inline int64_t w_mul(int64_t A, int64_t B, int w) { (void)w; return (int64_t)((uint64_t)A * (uint64_t)B); }
static inline int64_t w_sdiv(int64_t A, int64_t B, int w) {
  (void)w;
  if (B == 0) return -1;
  if (B == -1) return (int64_t)(0 - (uint64_t)A);
  return A / B;
}
static inline int64_t w_srem(int64_t A, int64_t B, int w) {
  (void)w;
  if (B == 0) return A;
  if (B == -1) return 0;
  return A % B;
}
static inline int64_t w_udiv(int64_t A, int64_t B, int w) {
  uint64_t ua = mosaic_zext(A, w), ub = mosaic_zext(B, w);
  return ub == 0 ? -1 : (int64_t)(ua / ub);
}
static inline int64_t w_urem(int64_t A, int64_t B, int w) {
  uint64_t ua = mosaic_zext(A, w), ub = mosaic_zext(B, w);
  return ub == 0 ? A : (int64_t)(ua % ub);
}
static inline int64_t w_floordiv(int64_t A, int64_t B, int w) {
  int64_t q = w_sdiv(A, B, w);
  if (B != 0 && B != -1 && A % B != 0 && ((A < 0) != (B < 0))) q -= 1;
  return q;
}
static inline int64_t w_ceildiv(int64_t A, int64_t B, int w) {
  int64_t q = w_sdiv(A, B, w);
  if (B != 0 && B != -1 && A % B != 0 && ((A < 0) == (B < 0))) q += 1;
  return q;
}
static inline int64_t w_ceildivu(int64_t A, int64_t B, int w) {
  uint64_t ua = mosaic_zext(A, w), ub = mosaic_zext(B, w);
  return ub == 0 ? -1 : (int64_t)(ua / ub + (ua % ub != 0));
}
static inline int64_t w_and(int64_t A, int64_t B, int w) { (void)w; return A & B; }
static inline int64_t w_or(int64_t A, int64_t B, int w) { (void)w; return A | B; }
static inline int64_t w_xor(int64_t A, int64_t B, int w) { (void)w; return A ^ B; }
static inline int64_t w_shl(int64_t A, int64_t B, int w) {
  uint64_t s = mosaic_zext(B, w);
  return s >= (uint64_t)w ? 0 : (int64_t)((uint64_t)A << s);
}
static inline int64_t w_shrs(int64_t A, int64_t B, int w) {
  uint64_t s = mosaic_zext(B, w);
  if (s >= (uint64_t)w) return A < 0 ? -1 : 0;
  return A < 0 ? (int64_t)~(~(uint64_t)A >> s) : (int64_t)((uint64_t)A >> s);
}
static inline int64_t w_shru(int64_t A, int64_t B, int w) {
  uint64_t s = mosaic_zext(B, w);
  return s >= (uint64_t)w ? 0 : (int64_t)(mosaic_zext(A, w) >> s);
}
static inline int64_t w_maxs(int64_t A, int64_t B, int w) { (void)w; return A > B ? A : B; }
static inline int64_t w_mins(int64_t A, int64_t B, int w) { (void)w; return A < B ? A : B; }
static inline int64_t w_maxu(int64_t A, int64_t B, int w) { return mosaic_zext(A, w) > mosaic_zext(B, w) ? A : B; }
static inline int64_t w_minu(int64_t A, int64_t B, int w) { return mosaic_zext(A, w) < mosaic_zext(B, w) ? A : B; }

/* The same ops at the common width, on 32-bit lanes: what the 64-bit forms give for 32-bit
 * operands, bit for bit, in branch-free expressions the compiler vectorises (16 lanes per
 * AVX-512 vector, where the 64-bit forms with their sign extensions ran scalar: the shifts of
 * a threefry round were half its time). */
static inline int32_t w32_add(int32_t A, int32_t B) { return (int32_t)((uint32_t)A + (uint32_t)B); }
static inline int32_t w32_sub(int32_t A, int32_t B) { return (int32_t)((uint32_t)A - (uint32_t)B); }
static inline int32_t w32_mul(int32_t A, int32_t B) { return (int32_t)((uint32_t)A * (uint32_t)B); }
static inline int32_t w32_and(int32_t A, int32_t B) { return A & B; }
static inline int32_t w32_or(int32_t A, int32_t B) { return A | B; }
static inline int32_t w32_xor(int32_t A, int32_t B) { return A ^ B; }
/* a shift by the width or more: 0, or the sign for shrsi (the amount is read unsigned) */
static inline int32_t w32_shl(int32_t A, int32_t B) {
  uint32_t s = (uint32_t)B;
  return s >= 32 ? 0 : (int32_t)((uint32_t)A << (s & 31));
}
static inline int32_t w32_shru(int32_t A, int32_t B) {
  uint32_t s = (uint32_t)B;
  return s >= 32 ? 0 : (int32_t)((uint32_t)A >> (s & 31));
}
static inline int32_t w32_shrs(int32_t A, int32_t B) {
  uint32_t s = (uint32_t)B;
  /* sign-filling on negative A: the complement shifted logically, complemented back */
  uint32_t u = (uint32_t)A, neg = 0u - (u >> 31);
  return (int32_t)((((u ^ neg) >> (s >= 32 ? 31 : s)) ^ neg));
}
static inline int32_t w32_maxs(int32_t A, int32_t B) { return A > B ? A : B; }
static inline int32_t w32_mins(int32_t A, int32_t B) { return A < B ? A : B; }
static inline int32_t w32_maxu(int32_t A, int32_t B) { return (uint32_t)A > (uint32_t)B ? A : B; }
static inline int32_t w32_minu(int32_t A, int32_t B) { return (uint32_t)A < (uint32_t)B ? A : B; }
#define W32_NONE(A, B) 0

#define IBIN(fn, F) IBIN2(fn, F, W32_NONE, 0)
#define IBIN32(fn, F, F32) IBIN2(fn, F, F32, 1)
#define IBIN2(fn, F, F32, HAS32)                                                       \
  tsr_status fn(mosaic_exec *x, const mosaic_minst *in) {                                            \
    int64_t n = in->n;                                                                 \
    int w = in->width;                                                                 \
    if (in->cls == MOSAIC_VC_I64) {                                                           \
      int64_t *d = SL(x, in->res[0]);                                                  \
      const int64_t *a = SL(x, in->opd[0]), *b = SL(x, in->opd[1]);                    \
      for (int64_t i = 0; i < n; i++) d[i] = F(a[i], b[i], 64);                        \
    } else {                                                                           \
      int32_t *d = SI(x, in->res[0]);                                                  \
      const int32_t *a = SI(x, in->opd[0]), *b = SI(x, in->opd[1]);                    \
      if (w == 32 && HAS32)                                                            \
        for (int64_t i = 0; i < n; i++) d[i] = F32(a[i], b[i]);                        \
      else if (w == 32) /* the common width as a constant: the loop vectorises */      \
        for (int64_t i = 0; i < n; i++) d[i] = mosaic_sext32(F(a[i], b[i], 32), 32);          \
      else                                                                             \
        for (int64_t i = 0; i < n; i++) d[i] = mosaic_sext32(F(a[i], b[i], w), w);            \
    }                                                                                  \
    return TSR_OK;                                                                     \
  }

IBIN32(mosaic_r_addi, w_add, w32_add)
IBIN32(mosaic_r_subi, w_sub, w32_sub)
IBIN32(mosaic_r_muli, w_mul, w32_mul)
/* divsi and remsi lane by lane: the general case of r_divsi and r_remsi below */
static tsr_status r_divsi_lanes(mosaic_exec *x, const mosaic_minst *in);
static tsr_status r_remsi_lanes(mosaic_exec *x, const mosaic_minst *in);
IBIN(r_divsi_lanes, w_sdiv)
IBIN(mosaic_r_divui, w_udiv)
IBIN(r_remsi_lanes, w_srem)
IBIN(mosaic_r_remui, w_urem)
IBIN(mosaic_r_floordivsi, w_floordiv)
IBIN(mosaic_r_ceildivsi, w_ceildiv)
IBIN(mosaic_r_ceildivui, w_ceildivu)
/* A divisor that is the same power of two in every 32-bit lane: what `x // 4` and `x % 4` by a
 * constant become (arith.divsi and arith.remsi of a splat; ragged paged attention's query
 * rows per KV head). A division per lane does not vectorise and costs tens of cycles; these
 * shifts do, with the results of C's division (the quotient rounded toward zero, the
 * remainder with the dividend's sign). Returns the shift, or -1 for any other divisor. */
static int uniform_pow2_shift(const int32_t *b, int64_t n) {
  if (n <= 0 || b[0] <= 0 || (b[0] & (b[0] - 1)) != 0) return -1;
  int32_t differ = 0;
  for (int64_t i = 1; i < n; i++) differ |= b[i] ^ b[0];
  if (differ) return -1;
  int k = 0;
  while ((1 << k) != b[0]) k++;
  return k;
}
/* a / 2^k rounded toward zero: a negative dividend is biased by 2^k - 1 first (it cannot
 * overflow), then shifted with its sign filled in, as w32_shrs does */
static inline int32_t w32_sdiv_pow2(int32_t A, int k) {
  uint32_t u = (uint32_t)A, neg = 0u - (u >> 31);
  uint32_t t = u + (neg & ((1u << k) - 1u));
  uint32_t tneg = 0u - (t >> 31);
  return (int32_t)(((t ^ tneg) >> k) ^ tneg);
}

static tsr_status div_rem_si(mosaic_exec *x, const mosaic_minst *in, int rem) {
  if (in->cls != MOSAIC_VC_I64 && in->width == 32) {
    int32_t *d = SI(x, in->res[0]);
    const int32_t *a = SI(x, in->opd[0]), *b = SI(x, in->opd[1]);
    int k = uniform_pow2_shift(b, in->n);
    if (k >= 0) {
      int64_t n = in->n;
      if (rem)
        for (int64_t i = 0; i < n; i++) d[i] = (int32_t)((uint32_t)a[i] - ((uint32_t)w32_sdiv_pow2(a[i], k) << k));
      else
        for (int64_t i = 0; i < n; i++) d[i] = w32_sdiv_pow2(a[i], k);
      return TSR_OK;
    }
  }
  return rem ? r_remsi_lanes(x, in) : r_divsi_lanes(x, in);
}
tsr_status mosaic_r_divsi(mosaic_exec *x, const mosaic_minst *in) { return div_rem_si(x, in, 0); }
tsr_status mosaic_r_remsi(mosaic_exec *x, const mosaic_minst *in) { return div_rem_si(x, in, 1); }

IBIN32(mosaic_r_andi, w_and, w32_and)
IBIN32(mosaic_r_ori, w_or, w32_or)
IBIN32(mosaic_r_xori, w_xor, w32_xor)
IBIN32(mosaic_r_shli, w_shl, w32_shl)
IBIN32(mosaic_r_shrsi, w_shrs, w32_shrs)
IBIN32(mosaic_r_shrui, w_shru, w32_shru)
IBIN32(mosaic_r_maxsi, w_maxs, w32_maxs)
IBIN32(mosaic_r_minsi, w_mins, w32_mins)
IBIN32(mosaic_r_maxui, w_maxu, w32_maxu)
IBIN32(mosaic_r_minui, w_minu, w32_minu)

/* The double-width product's halves. At 32 bits one 64-bit product per element (the loops
 * vectorise: vpmuludq); narrower widths from the same product; 64 bits through 128. */
tsr_status mosaic_r_mul_extended(mosaic_exec *x, const mosaic_minst *in) {
  int64_t n = in->n;
  int w = in->width;
  bool sgn = in->op == MOSAIC_MOP_MULSI_EXTENDED;
  if (in->cls == MOSAIC_VC_I64) {
    const int64_t *a = SL(x, in->opd[0]), *b = SL(x, in->opd[1]);
    int64_t *lo = SL(x, in->res[0]), *hi = SL(x, in->res[1]);
    for (int64_t i = 0; i < n; i++) {
      __extension__ unsigned __int128 p =
          sgn ? (unsigned __int128)((__int128)a[i] * (__int128)b[i]) : (unsigned __int128)(uint64_t)a[i] * (uint64_t)b[i];
      lo[i] = (int64_t)(uint64_t)p;
      hi[i] = (int64_t)(uint64_t)(p >> 64);
    }
    return TSR_OK;
  }
  const int32_t *a = SI(x, in->opd[0]), *b = SI(x, in->opd[1]);
  int32_t *lo = SI(x, in->res[0]), *hi = SI(x, in->res[1]);
  if (w == 32 && !sgn)
    for (int64_t i = 0; i < n; i++) {
      uint64_t p = (uint64_t)(uint32_t)a[i] * (uint32_t)b[i];
      lo[i] = (int32_t)(uint32_t)p;
      hi[i] = (int32_t)(uint32_t)(p >> 32);
    }
  else if (w == 32)
    for (int64_t i = 0; i < n; i++) {
      uint64_t p = (uint64_t)((int64_t)a[i] * (int64_t)b[i]);
      lo[i] = (int32_t)(uint32_t)p;
      hi[i] = (int32_t)(uint32_t)(p >> 32);
    }
  else /* operands held sign-extended: the unsigned form multiplies their w-bit patterns */
    for (int64_t i = 0; i < n; i++) {
      uint64_t p = sgn ? (uint64_t)((int64_t)a[i] * (int64_t)b[i]) : mosaic_zext(a[i], w) * mosaic_zext(b[i], w);
      lo[i] = mosaic_sext32((int64_t)p, w);
      hi[i] = mosaic_sext32((int64_t)(p >> w), w);
    }
  return TSR_OK;
}

static inline int64_t u_abs(int64_t A, int w) { (void)w; return A < 0 ? (int64_t)(0 - (uint64_t)A) : A; }
static inline int64_t u_ctlz(int64_t A, int w) {
  uint64_t v = mosaic_zext(A, w);
  return v == 0 ? w : __builtin_clzll(v) - (64 - w);
}
static inline int64_t u_cttz(int64_t A, int w) {
  uint64_t v = mosaic_zext(A, w);
  return v == 0 ? w : __builtin_ctzll(v);
}
static inline int64_t u_ctpop(int64_t A, int w) { return __builtin_popcountll(mosaic_zext(A, w)); }

#define IUN(fn, F)                                                                     \
  tsr_status fn(mosaic_exec *x, const mosaic_minst *in) {                                            \
    int64_t n = in->n;                                                                 \
    int w = in->width;                                                                 \
    if (in->cls == MOSAIC_VC_I64) {                                                           \
      int64_t *d = SL(x, in->res[0]);                                                  \
      const int64_t *a = SL(x, in->opd[0]);                                            \
      for (int64_t i = 0; i < n; i++) d[i] = F(a[i], 64);                              \
    } else {                                                                           \
      int32_t *d = SI(x, in->res[0]);                                                  \
      const int32_t *a = SI(x, in->opd[0]);                                            \
      for (int64_t i = 0; i < n; i++) d[i] = mosaic_sext32(F(a[i], w), w);                    \
    }                                                                                  \
    return TSR_OK;                                                                     \
  }

IUN(mosaic_r_absi, u_abs)
IUN(mosaic_r_ctlz, u_ctlz)
IUN(mosaic_r_cttz, u_cttz)
IUN(mosaic_r_ctpop, u_ctpop)

/* ---- compares and select ---------------------------------------------------------------- */

static inline bool icmp(int p, int64_t A, int64_t B, int w) {
  switch (p) {
  case 0: return A == B;
  case 1: return A != B;
  case 2: return A < B;
  case 3: return A <= B;
  case 4: return A > B;
  case 5: return A >= B;
  case 6: return mosaic_zext(A, w) < mosaic_zext(B, w);
  case 7: return mosaic_zext(A, w) <= mosaic_zext(B, w);
  case 8: return mosaic_zext(A, w) > mosaic_zext(B, w);
  default: return mosaic_zext(A, w) >= mosaic_zext(B, w);
  }
}

static inline bool fcmp(int p, float A, float B) {
  bool uno = A != A || B != B;
  switch (p) {
  case 0: return false;
  case 1: return !uno && A == B;
  case 2: return !uno && A > B;
  case 3: return !uno && A >= B;
  case 4: return !uno && A < B;
  case 5: return !uno && A <= B;
  case 6: return !uno && A != B;
  case 7: return !uno;
  case 8: return uno || A == B;
  case 9: return uno || A > B;
  case 10: return uno || A >= B;
  case 11: return uno || A < B;
  case 12: return uno || A <= B;
  case 13: return uno || A != B;
  case 14: return uno;
  default: return true;
  }
}

tsr_status mosaic_r_cmpi(mosaic_exec *x, const mosaic_minst *in) {
  int32_t *d = SI(x, in->res[0]);
  int p = (int)in->a[0], w = (int)in->a[1];
  if (in->cls == MOSAIC_VC_I64) {
    const int64_t *a = SL(x, in->opd[0]), *b = SL(x, in->opd[1]);
    for (int64_t i = 0; i < in->n; i++) d[i] = icmp(p, a[i], b[i], w) ? -1 : 0;
  } else {
    const int32_t *a = SI(x, in->opd[0]), *b = SI(x, in->opd[1]);
    int64_t n = in->n;
#define CMP_LOOP(P) for (int64_t i = 0; i < n; i++) d[i] = icmp(P, a[i], b[i], w) ? -1 : 0
    /* unsigned predicates at 32 bits: mosaic_zext(A, 32) is A's bits */
#define UCMP_LOOP(OP) for (int64_t i = 0; i < n; i++) d[i] = (uint32_t)a[i] OP (uint32_t)b[i] ? -1 : 0
    switch (p) { /* the predicate as a constant: the loops vectorise */
    case 0: CMP_LOOP(0); break;
    case 1: CMP_LOOP(1); break;
    case 2: CMP_LOOP(2); break;
    case 3: CMP_LOOP(3); break;
    case 4: CMP_LOOP(4); break;
    case 5: CMP_LOOP(5); break;
    case 6: if (w == 32) UCMP_LOOP(<); else CMP_LOOP(6); break;
    case 7: if (w == 32) UCMP_LOOP(<=); else CMP_LOOP(7); break;
    case 8: if (w == 32) UCMP_LOOP(>); else CMP_LOOP(8); break;
    case 9: if (w == 32) UCMP_LOOP(>=); else CMP_LOOP(9); break;
    default: CMP_LOOP(p); break;
    }
#undef CMP_LOOP
#undef UCMP_LOOP
  }
  return TSR_OK;
}

tsr_status mosaic_r_cmpf(mosaic_exec *x, const mosaic_minst *in) {
  int32_t *d = SI(x, in->res[0]);
  const float *a = SF(x, in->opd[0]), *b = SF(x, in->opd[1]);
  int p = (int)in->a[0];
  for (int64_t i = 0; i < in->n; i++) d[i] = fcmp(p, a[i], b[i]) ? -1 : 0;
  return TSR_OK;
}

tsr_status mosaic_r_weird(mosaic_exec *x, const mosaic_minst *in) {
  int32_t *d = SI(x, in->res[0]);
  const float *a = SF(x, in->opd[0]);
  for (int64_t i = 0; i < in->n; i++) d[i] = isfinite(a[i]) ? 0 : -1;
  return TSR_OK;
}

tsr_status mosaic_r_select(mosaic_exec *x, const mosaic_minst *in) {
  const int32_t *c = SI(x, in->opd[0]);
  if (in->a[0]) {
    mosaic_exec_copy_value(x, in->res[0], c[0] ? in->opd[1] : in->opd[2]);
    return TSR_OK;
  }
  if (ST(x, in->res[0])->cls == MOSAIC_VC_I64) {
    int64_t *d = SL(x, in->res[0]);
    const int64_t *a = SL(x, in->opd[1]), *b = SL(x, in->opd[2]);
    for (int64_t i = 0; i < in->n; i++) d[i] = c[i] ? a[i] : b[i];
  } else {
    int32_t *d = SI(x, in->res[0]);
    const int32_t *a = SI(x, in->opd[1]), *b = SI(x, in->opd[2]);
    for (int64_t i = 0; i < in->n; i++) d[i] = c[i] ? a[i] : b[i];
  }
  return TSR_OK;
}

/* ---- casts ------------------------------------------------------------------------------ */

static inline int64_t src_int(const mosaic_exec *x, const mosaic_minst *in, int64_t i) {
  return in->cls == MOSAIC_VC_I64 ? SL(x, in->opd[0])[i] : SI(x, in->opd[0])[i];
}

static inline void put_int(mosaic_exec *x, const mosaic_minst *in, int64_t i, int64_t v) {
  if (ST(x, in->res[0])->cls == MOSAIC_VC_I64) SL(x, in->res[0])[i] = v;
  else SI(x, in->res[0])[i] = mosaic_sext32(v, in->width);
}

static int64_t sat_f2i(float v, int w, bool is_unsigned) {
  if (v != v) return 0;
  double lo = is_unsigned ? 0.0 : -ldexp(1.0, w - 1);
  double hi = is_unsigned ? ldexp(1.0, w) - 1.0 : ldexp(1.0, w - 1) - 1.0;
  double t = trunc((double)v);
  if (t <= lo) return is_unsigned ? 0 : (w == 64 ? INT64_MIN : (int64_t)lo);
  if (t >= hi) return is_unsigned ? (w == 64 ? -1 : (int64_t)hi) : (w == 64 ? INT64_MAX : (int64_t)hi);
  if (is_unsigned && w == 64) return (int64_t)(uint64_t)t;
  return (int64_t)t;
}

/* The casts between 32-bit classes in loops over local pointers (no per-element type
 * lookups), each giving what the general path below gives: true when it handled the cast. */
static bool cast32(mosaic_exec *x, const mosaic_minst *in) {
  int64_t n = in->n;
  int sw = (int)in->a[1], dw = in->width;
  bool si = in->cls == MOSAIC_VC_I32, di = ST(x, in->res[0])->cls == MOSAIC_VC_I32;
  switch (in->op) {
  case MOSAIC_MOP_FPTOSI:
  case MOSAIC_MOP_FPTOUI: {
    if (!di || dw != 32) return false;
    const float *a = SF(x, in->opd[0]);
    int32_t *d = SI(x, in->res[0]);
    /* sat_f2i at 32 bits: NaN 0, saturated at the ends (2^31 and 2^32 are the first floats
     * past them), truncated between */
    if (in->op == MOSAIC_MOP_FPTOSI)
      for (int64_t i = 0; i < n; i++) {
        float v = a[i];
        d[i] = v != v ? 0 : v >= 2147483648.0f ? INT32_MAX : v <= -2147483648.0f ? INT32_MIN : (int32_t)v;
      }
    else
      for (int64_t i = 0; i < n; i++) {
        float v = a[i];
        d[i] = v != v || v < 1.0f ? 0 : v >= 4294967296.0f ? -1 : (int32_t)(uint32_t)v;
      }
    return true;
  }
  case MOSAIC_MOP_SITOFP:
  case MOSAIC_MOP_UITOFP: {
    if (!si || in->ek != MOSAIC_EK_F32 || (in->op == MOSAIC_MOP_UITOFP && sw != 32)) return false;
    const int32_t *a = SI(x, in->opd[0]);
    float *d = SF(x, in->res[0]);
    if (in->op == MOSAIC_MOP_SITOFP)
      for (int64_t i = 0; i < n; i++) d[i] = (float)a[i];
    else
      for (int64_t i = 0; i < n; i++) d[i] = (float)(uint32_t)a[i];
    return true;
  }
  case MOSAIC_MOP_EXTUI:
  case MOSAIC_MOP_INDEX_CASTUI: {
    if (!si || !di) return false;
    const int32_t *a = SI(x, in->opd[0]);
    int32_t *d = SI(x, in->res[0]);
    uint32_t mask = sw >= 32 ? 0xFFFFFFFFu : (1u << sw) - 1u;
    if (dw == 32)
      for (int64_t i = 0; i < n; i++) d[i] = (int32_t)((uint32_t)a[i] & mask);
    else
      for (int64_t i = 0; i < n; i++) d[i] = mosaic_sext32((int64_t)((uint32_t)a[i] & mask), dw);
    return true;
  }
  case MOSAIC_MOP_EXTSI:
  case MOSAIC_MOP_TRUNCI:
  case MOSAIC_MOP_INDEX_CAST: {
    if (!si || !di) return false;
    const int32_t *a = SI(x, in->opd[0]);
    int32_t *d = SI(x, in->res[0]);
    if (dw == 32) memmove(d, a, (size_t)n * sizeof(int32_t));
    else
      for (int64_t i = 0; i < n; i++) d[i] = mosaic_sext32(a[i], dw);
    return true;
  }
  default:
    return false;
  }
}

tsr_status mosaic_r_cast(mosaic_exec *x, const mosaic_minst *in) {
  int64_t n = in->n;
  int sw = (int)in->a[1];
  if (cast32(x, in)) return TSR_OK;
  switch (in->op) {
  case MOSAIC_MOP_EXTF:
  case MOSAIC_MOP_TRUNCF: {
    float *d = SF(x, in->res[0]);
    memmove(d, SF(x, in->opd[0]), (size_t)n * sizeof(float));
    mosaic_round_to_ek(d, n, in->ek);
    break;
  }
  case MOSAIC_MOP_FPTOSI:
  case MOSAIC_MOP_FPTOUI: {
    const float *a = SF(x, in->opd[0]);
    for (int64_t i = 0; i < n; i++) put_int(x, in, i, sat_f2i(a[i], in->width, in->op == MOSAIC_MOP_FPTOUI));
    break;
  }
  case MOSAIC_MOP_SITOFP:
  case MOSAIC_MOP_UITOFP: {
    float *d = SF(x, in->res[0]);
    for (int64_t i = 0; i < n; i++) {
      int64_t v = src_int(x, in, i);
      d[i] = in->op == MOSAIC_MOP_UITOFP ? (float)mosaic_zext(v, sw) : (float)v;
    }
    mosaic_round_to_ek(d, n, in->ek);
    break;
  }
  case MOSAIC_MOP_EXTUI:
  case MOSAIC_MOP_INDEX_CASTUI:
    for (int64_t i = 0; i < n; i++) put_int(x, in, i, (int64_t)mosaic_zext(src_int(x, in, i), sw));
    break;
  default: /* extsi, trunci, index_cast: the sign-extended value, wrapped to the width */
    for (int64_t i = 0; i < n; i++) put_int(x, in, i, src_int(x, in, i));
    break;
  }
  return TSR_OK;
}

/* Same-width bitcast: through the element's bits. */
tsr_status mosaic_r_bitcast(mosaic_exec *x, const mosaic_minst *in) {
  const mosaic_stype *s = ST(x, in->opd[0]), *d = ST(x, in->res[0]);
  int64_t n = in->n;
  /* f32 and 32-bit integers hold their element's bits as they are */
  bool s32 = (s->cls == MOSAIC_VC_F && s->ek == MOSAIC_EK_F32) || (s->cls == MOSAIC_VC_I32 && s->width == 32);
  bool d32 = (d->cls == MOSAIC_VC_F && d->ek == MOSAIC_EK_F32) || (d->cls == MOSAIC_VC_I32 && d->width == 32);
  if (s32 && d32) {
    memmove(x->f->data[in->res[0]], x->f->data[in->opd[0]], (size_t)n * 4);
    return TSR_OK;
  }
  for (int64_t i = 0; i < n; i++) {
    uint64_t bits;
    if (s->cls == MOSAIC_VC_F) {
      bits = mosaic_ek_float_bits(SF(x, in->opd[0])[i], s->ek);
    } else {
      bits = mosaic_zext(s->cls == MOSAIC_VC_I64 ? SL(x, in->opd[0])[i] : SI(x, in->opd[0])[i], s->width);
    }
    if (d->cls == MOSAIC_VC_F) {
      SF(x, in->res[0])[i] = mosaic_ek_bits_float((uint32_t)bits, d->ek);
    } else if (d->cls == MOSAIC_VC_I64) {
      SL(x, in->res[0])[i] = (int64_t)bits;
    } else {
      SI(x, in->res[0])[i] = mosaic_sext32((int64_t)bits, d->width);
    }
  }
  return TSR_OK;
}
