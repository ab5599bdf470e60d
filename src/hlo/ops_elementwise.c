/* Elementwise ops: arithmetic, bitwise/logical, math functions, bit counts, compare, select,
 * clamp and convert. Floats compute in double and round once to the element type (exact for
 * + - * / and sqrt, which makes bf16 and f16 results correctly rounded); integers wrap.
 * Division follows XLA: x / 0 = -1 (all bits set), INT_MIN / -1 = INT_MIN, x % 0 = x,
 * INT_MIN % -1 = 0. Complex elements go through ops_complex.c. The prepare functions check
 * that operand and result types fit, so a run never reads past an operand. */
#include <math.h>
#include <string.h>

#include "hlo/hlo_internal.h"
#include "tessera/mosaic.h"

/* The bits of an integer type: 4-bit integers take a byte each in arrays but wrap, shift,
 * count bits and order (unsigned) in 4. */
static unsigned width_bits(tsr_dtype t) {
  return t == TSR_BOOL ? 1 : t == TSR_I4 || t == TSR_U4 ? 4 : (unsigned)tsr_dtype_size(t) * 8;
}

static double fbin(hlo_opcode op, double a, double b) {
  switch (op) {
  case HLO_ADD: return a + b;
  case HLO_SUBTRACT: return a - b;
  case HLO_MULTIPLY: return a * b;
  case HLO_DIVIDE: return a / b;
  case HLO_REMAINDER: return fmod(a, b);
  /* IEEE 754-2019 maximum/minimum: NaN propagates, -0 < +0 */
  case HLO_MAXIMUM:
    if (isnan(a) || isnan(b)) return NAN;
    if (a == b) return signbit(a) ? b : a;
    return a > b ? a : b;
  case HLO_MINIMUM:
    if (isnan(a) || isnan(b)) return NAN;
    if (a == b) return signbit(a) ? a : b;
    return a < b ? a : b;
  case HLO_POWER: return pow(a, b);
  case HLO_ATAN2: return atan2(a, b);
  default: return NAN;
  }
}

static int64_t ibin(hlo_opcode op, tsr_dtype t, int64_t a, int64_t b) {
  bool is_unsigned = !tsr_dtype_is_signed(t);
  unsigned w = width_bits(t);
  uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
  int64_t min = w >= 64 ? INT64_MIN : -(INT64_C(1) << (w - 1));
  switch (op) {
  case HLO_ADD: return (int64_t)(ua + ub);
  case HLO_SUBTRACT: return (int64_t)(ua - ub);
  case HLO_MULTIPLY: return (int64_t)(ua * ub);
  case HLO_DIVIDE:
    if (b == 0) return -1;
    if (is_unsigned) return t == TSR_U64 ? (int64_t)(ua / ub) : a / b;
    if (a == min && b == -1) return min;
    return a / b;
  case HLO_REMAINDER:
    if (b == 0) return a;
    if (is_unsigned) return t == TSR_U64 ? (int64_t)(ua % ub) : a % b;
    if (a == min && b == -1) return 0;
    return a % b;
  case HLO_MAXIMUM: return is_unsigned && t == TSR_U64 ? (int64_t)(ua > ub ? ua : ub) : a > b ? a : b;
  case HLO_MINIMUM: return is_unsigned && t == TSR_U64 ? (int64_t)(ua < ub ? ua : ub) : a < b ? a : b;
  case HLO_AND: return a & b;
  case HLO_OR: return a | b;
  case HLO_XOR: return a ^ b;
  case HLO_SHIFT_LEFT: return ub >= w ? 0 : (int64_t)(ua << ub);
  case HLO_SHIFT_RIGHT_LOGICAL: {
    uint64_t mask = w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
    return ub >= w ? 0 : (int64_t)((ua & mask) >> ub);
  }
  case HLO_SHIFT_RIGHT_ARITHMETIC: {
    /* the bits read as a signed number, an unsigned type's too (as XLA shifts them): the
     * top bit of the width fills in */
    int64_t sa = w >= 64 ? a : (int64_t)(ua << (64 - w)) >> (64 - w);
    return ub >= w ? (sa < 0 ? -1 : 0) : sa >> ub;
  }
  case HLO_POWER: {
    if (b < 0) return a == 1 ? 1 : a == -1 ? (b & 1 ? -1 : 1) : 0;
    uint64_t r = 1, base = ua;
    for (uint64_t e = ub; e; e >>= 1, base *= base)
      if (e & 1) r *= base;
    return (int64_t)r;
  }
  default: return 0;
  }
}

/* Plain loops over element type T; an operand folded from a scalar broadcast
 * (in->scalar_in) is read as that scalar. */
#define TYPED_LOOPS(T, EXPR)                                                            \
  do {                                                                                  \
    const T *pa_ = a, *pb_ = b;                                                         \
    T *pr_ = r;                                                                         \
    if (sa) { const T A = pa_[0]; for (int64_t i = 0; i < n; i++) { T B = pb_[i]; pr_[i] = (T)(EXPR); } } \
    else if (sb) { const T B = pb_[0]; for (int64_t i = 0; i < n; i++) { T A = pa_[i]; pr_[i] = (T)(EXPR); } } \
    else for (int64_t i = 0; i < n; i++) { T A = pa_[i], B = pb_[i]; pr_[i] = (T)(EXPR); } \
    return true;                                                                        \
  } while (0)

/* 32- and 64-bit integers (random bits, indices) as plain loops over their unsigned type U,
 * with ibin's results: wrap-around, a shift by the width or more (or by a negative amount,
 * which is that as U) gives 0 or the sign bits, maximum and minimum order by the signedness.
 * Returns false for the ops left to the general loop (division, remainder, power). */
#define INT_FAST(NAME, U, S, W)                                                         \
  static bool NAME(hlo_opcode op, bool sgn, const void *a, const void *b, void *r, bool sa, bool sb, int64_t n) { \
    switch (op) {                                                                       \
    case HLO_ADD: TYPED_LOOPS(U, A + B);                                                \
    case HLO_SUBTRACT: TYPED_LOOPS(U, A - B);                                           \
    case HLO_MULTIPLY: TYPED_LOOPS(U, A * B);                                           \
    case HLO_AND: TYPED_LOOPS(U, A & B);                                                \
    case HLO_OR: TYPED_LOOPS(U, A | B);                                                 \
    case HLO_XOR: TYPED_LOOPS(U, A ^ B);                                                \
    case HLO_SHIFT_LEFT: TYPED_LOOPS(U, B >= W ? 0 : A << B);                           \
    case HLO_SHIFT_RIGHT_LOGICAL: TYPED_LOOPS(U, B >= W ? 0 : A >> B);                  \
    case HLO_SHIFT_RIGHT_ARITHMETIC: TYPED_LOOPS(U, B >= W ? ((S)A < 0 ? ~(U)0 : 0) : (U)((S)A >> B)); \
    case HLO_MAXIMUM:                                                                   \
      if (sgn) TYPED_LOOPS(U, (S)A > (S)B ? A : B);                                     \
      TYPED_LOOPS(U, A > B ? A : B);                                                    \
    case HLO_MINIMUM:                                                                   \
      if (sgn) TYPED_LOOPS(U, (S)A < (S)B ? A : B);                                     \
      TYPED_LOOPS(U, A < B ? A : B);                                                    \
    default: return false;                                                              \
    }                                                                                   \
  }
INT_FAST(int32_binary, uint32_t, int32_t, 32u)
INT_FAST(int64_binary, uint64_t, int64_t, 64u)

/* The common float cases as plain float loops (same rounding as double). */
static bool f32_binary(hlo_opcode op, const void *a, const void *b, void *r, bool sa, bool sb, int64_t n) {
  switch (op) {
  case HLO_ADD: TYPED_LOOPS(float, A + B);
  case HLO_SUBTRACT: TYPED_LOOPS(float, A - B);
  case HLO_MULTIPLY: TYPED_LOOPS(float, A * B);
  case HLO_DIVIDE: TYPED_LOOPS(float, A / B);
  default: return false;
  }
}

void hlo_scalar_binary(hlo_opcode op, tsr_dtype t, const void *a, const void *b, void *out) {
  if (tsr_dtype_is_complex(t)) hlo_st_c(t, out, 0, hlo_complex_binary(op, t, hlo_ld_c(t, a, 0), hlo_ld_c(t, b, 0)));
  else if (tsr_dtype_is_float(t)) hlo_st_f(t, out, 0, fbin(op, dtype_load_f64(t, a, 0), dtype_load_f64(t, b, 0)));
  else hlo_st_i(t, out, 0, ibin(op, t, dtype_load_i64(t, a, 0), dtype_load_i64(t, b, 0)));
}

static bool is_bitwise(hlo_opcode op) { return op >= HLO_AND && op <= HLO_SHIFT_RIGHT_LOGICAL; }

tsr_status hlo_prep_binary(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  const hlo_type *r = in->res_t;
  if (in->n_in != 2 || in->n_out != 1 || !hlo_type_eq(&args[0], r) || !hlo_type_eq(&args[1], r))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "takes two operands of its result's type");
  tsr_dtype t = r->dtype;
  bool fl = tsr_dtype_is_float(t), cx = tsr_dtype_is_complex(t);
  if (is_bitwise(in->opc) && (fl || cx))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "is not defined on %s", tsr_dtype_name(t));
  if (in->opc >= HLO_SHIFT_LEFT && t == TSR_BOOL) return hlo_op_fail(in->op, TSR_ERR_INVALID, "is not defined on i1");
  if (in->opc == HLO_ATAN2 && !fl && !cx) return hlo_op_fail(in->op, TSR_ERR_INVALID, "is not defined on %s", tsr_dtype_name(t));
  if (cx && in->opc == HLO_REMAINDER) return hlo_op_fail(in->op, TSR_ERR_INVALID, "is not defined on %s", tsr_dtype_name(t));
  return TSR_OK;
}

tsr_status hlo_run_binary(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  TSR_TRY(hlo_alloc(x, res));
  tsr_dtype t = res->t.dtype;
  int64_t n = hlo_numel(&res->t);
  const void *a = args[0].buf->data, *b = args[1].buf->data;
  bool sa = in->scalar_in & 1u, sb = (in->scalar_in & 2u) != 0;
  int64_t ma = sa ? 0 : 1, mb = sb ? 0 : 1; /* element i of an operand is element i*m */
  void *r = res->buf->data;
  if (t == TSR_F32 && f32_binary(in->opc, a, b, r, sa, sb, n)) return TSR_OK;
  if ((t == TSR_I32 || t == TSR_U32) && int32_binary(in->opc, t == TSR_I32, a, b, r, sa, sb, n)) return TSR_OK;
  if ((t == TSR_I64 || t == TSR_U64) && int64_binary(in->opc, t == TSR_I64, a, b, r, sa, sb, n)) return TSR_OK;
  if (tsr_dtype_is_complex(t)) {
    for (int64_t i = 0; i < n; i++)
      hlo_st_c(t, r, i, hlo_complex_binary(in->opc, t, hlo_ld_c(t, a, i * ma), hlo_ld_c(t, b, i * mb)));
  } else if (tsr_dtype_is_float(t)) {
    for (int64_t i = 0; i < n; i++)
      hlo_st_f(t, r, i, fbin(in->opc, dtype_load_f64(t, a, i * ma), dtype_load_f64(t, b, i * mb)));
  } else {
    for (int64_t i = 0; i < n; i++)
      hlo_st_i(t, r, i, ibin(in->opc, t, dtype_load_i64(t, a, i * ma), dtype_load_i64(t, b, i * mb)));
  }
  return TSR_OK;
}

static double funa(hlo_opcode op, double a) {
  switch (op) {
  case HLO_NEGATE: return -a;
  case HLO_ABS: return fabs(a);
  case HLO_SIGN: return isnan(a) ? a : a > 0 ? 1.0 : a < 0 ? -1.0 : a;
  case HLO_EXPONENTIAL: return exp(a);
  case HLO_EXPONENTIAL_MINUS_ONE: return expm1(a);
  case HLO_LOG: return log(a);
  case HLO_LOG_PLUS_ONE: return log1p(a);
  case HLO_LOGISTIC: return 1.0 / (1.0 + exp(-a));
  case HLO_TANH: return tanh(a);
  case HLO_SQRT: return sqrt(a);
  case HLO_RSQRT: return 1.0 / sqrt(a);
  case HLO_SINE: return sin(a);
  case HLO_COSINE: return cos(a);
  case HLO_FLOOR: return floor(a);
  case HLO_CEIL: return ceil(a);
  case HLO_ROUND_NEAREST_EVEN: return nearbyint(a); /* the default rounding mode is to even */
  case HLO_ROUND_NEAREST_AFZ: return round(a);
  case HLO_CBRT: return cbrt(a);
  case HLO_TAN: return tan(a);
  case HLO_REAL: return a;
  case HLO_IMAG: return 0.0;
  default: return NAN;
  }
}

bool hlo_kernel_math(const hlo_exec *x, hlo_opcode op, const hlo_val *args, hlo_val *res) {
  tsr_dtype t = args[0].t.dtype;
  if (!x->opts || !x->opts->tpu_numerics || (t != TSR_F32 && t != TSR_BF16) || res->t.dtype != t) return false;
  tsr_mosaic_math fn;
  switch (op) {
  case HLO_EXPONENTIAL: fn = TSR_MOSAIC_EXP; break;
  case HLO_LOG: fn = TSR_MOSAIC_LOG; break;
  case HLO_TANH: fn = TSR_MOSAIC_TANH; break;
  case HLO_SINE: fn = TSR_MOSAIC_SIN; break;
  case HLO_COSINE: fn = TSR_MOSAIC_COS; break;
  case HLO_SQRT: fn = TSR_MOSAIC_SQRT; break;
  case HLO_RSQRT: fn = TSR_MOSAIC_RSQRT; break;
  case HLO_CHLO_ERF: fn = TSR_MOSAIC_ERF; break;
  default: return false;
  }
  int64_t n = hlo_numel(&res->t);
  if (t == TSR_F32) {
    tsr_mosaic_math_f32(fn, (float *)res->buf->data, (const float *)args[0].buf->data, n);
    return true;
  }
  /* bf16: widened, computed and rounded back as a kernel's bf16 math is, in chunks */
  float in[1024], out[1024];
  const uint16_t *a = (const uint16_t *)args[0].buf->data;
  uint16_t *r = (uint16_t *)res->buf->data;
  for (int64_t i = 0; i < n; i += 1024) {
    int64_t m = n - i < 1024 ? n - i : 1024;
    for (int64_t k = 0; k < m; k++) in[k] = tsr_bf16_to_f32(a[i + k]);
    tsr_mosaic_math_f32(fn, out, in, m);
    for (int64_t k = 0; k < m; k++) r[i + k] = tsr_f32_to_bf16(out[k]);
  }
  return true;
}

/* The unary ops: the result has the operand's shape and type, except is_finite (i1), and abs,
 * real and imag of complex values (their part type). */
tsr_status hlo_prep_unary(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  const hlo_type *r = in->res_t;
  if (in->n_in != 1 || in->n_out != 1 || args[0].rank != r->rank ||
      memcmp(args[0].shape, r->shape, sizeof(int64_t) * (size_t)r->rank))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "takes one operand of its result's shape");
  tsr_dtype t = args[0].dtype, rt = r->dtype;
  bool fl = tsr_dtype_is_float(t), cx = tsr_dtype_is_complex(t);
  tsr_dtype want = t;
  if (in->opc == HLO_IS_FINITE) want = TSR_BOOL;
  else if (cx && (in->opc == HLO_ABS || in->opc == HLO_REAL || in->opc == HLO_IMAG)) want = t == TSR_C64 ? TSR_F32 : TSR_F64;
  if (rt != want) return hlo_op_fail(in->op, TSR_ERR_INVALID, "gives %s for %s, not %s", tsr_dtype_name(want), tsr_dtype_name(t), tsr_dtype_name(rt));
  bool ok;
  switch (in->opc) {
  case HLO_NEGATE: case HLO_SIGN: ok = t != TSR_BOOL; break;
  case HLO_ABS: ok = t != TSR_BOOL && !(tsr_dtype_is_signed(t) == false && !fl && !cx); break;
  case HLO_NOT: case HLO_POPCNT: case HLO_COUNT_LEADING_ZEROS: ok = !fl && !cx; break;
  case HLO_IS_FINITE: case HLO_FLOOR: case HLO_CEIL: case HLO_ROUND_NEAREST_EVEN: case HLO_ROUND_NEAREST_AFZ: ok = fl; break;
  case HLO_REAL: case HLO_IMAG: ok = fl || cx; break;
  default: ok = fl || cx; break; /* the math functions */
  }
  if (!ok) return hlo_op_fail(in->op, TSR_ERR_INVALID, "is not defined on %s", tsr_dtype_name(t));
  return TSR_OK;
}

tsr_status hlo_run_unary(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  TSR_TRY(hlo_alloc(x, res));
  if (hlo_kernel_math(x, in->opc, args, res)) return TSR_OK;
  tsr_dtype t = args[0].t.dtype, rt = res->t.dtype;
  int64_t n = hlo_numel(&res->t);
  const void *a = args[0].buf->data;
  void *r = res->buf->data;
  if (in->opc == HLO_IS_FINITE) {
    for (int64_t i = 0; i < n; i++) hlo_st_i(rt, r, i, isfinite(dtype_load_f64(t, a, i)));
    return TSR_OK;
  }
  if (tsr_dtype_is_complex(t)) {
    for (int64_t i = 0; i < n; i++) {
      double complex z = hlo_ld_c(t, a, i);
      switch (in->opc) {
      case HLO_ABS: hlo_st_f(rt, r, i, cabs(z)); break;
      case HLO_REAL: hlo_st_f(rt, r, i, creal(z)); break;
      case HLO_IMAG: hlo_st_f(rt, r, i, cimag(z)); break;
      default: hlo_st_c(rt, r, i, hlo_complex_unary(in->opc, z)); break;
      }
    }
    return TSR_OK;
  }
  if (tsr_dtype_is_float(t)) {
    for (int64_t i = 0; i < n; i++) hlo_st_f(t, r, i, funa(in->opc, dtype_load_f64(t, a, i)));
    return TSR_OK;
  }
  unsigned w = width_bits(t);
  uint64_t mask = w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
  for (int64_t i = 0; i < n; i++) {
    int64_t v = dtype_load_i64(t, a, i);
    switch (in->opc) {
    case HLO_NEGATE: v = (int64_t)(0 - (uint64_t)v); break;
    case HLO_ABS: v = v < 0 ? (int64_t)(0 - (uint64_t)v) : v; break; /* INT_MIN stays INT_MIN */
    case HLO_SIGN: v = v > 0 ? 1 : v < 0 ? -1 : 0; break;
    case HLO_NOT: v = t == TSR_BOOL ? !v : ~v; break;
    case HLO_POPCNT: v = __builtin_popcountll((uint64_t)v & mask); break;
    case HLO_COUNT_LEADING_ZEROS: {
      uint64_t u = (uint64_t)v & mask;
      v = u ? __builtin_clzll(u) - (64 - (int)w) : (int64_t)w;
      break;
    }
    case HLO_REAL: break;
    case HLO_IMAG: v = 0; break;
    default: return hlo_op_fail(in->op, TSR_ERR_INVALID, "not defined on integers");
    }
    hlo_st_i(t, r, i, v);
  }
  return TSR_OK;
}

enum { CMP_EQ, CMP_NE, CMP_GE, CMP_GT, CMP_LE, CMP_LT };
enum { CT_FLOAT, CT_TOTALORDER, CT_SIGNED, CT_UNSIGNED };

tsr_status hlo_prep_compare(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  static const char *const dirs[] = {"EQ", "NE", "GE", "GT", "LE", "LT"};
  static const char *const types[] = {"FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"};
  const mlir_ir_attr *d = mlir_ir_op_attr(in->op, "comparison_direction");
  const char *dk = d && d->kind == MLIR_IR_ATTR_ENUM ? d->u.enm.keyword : NULL;
  in->aux = -1;
  for (int i = 0; dk && i < 6; i++)
    if (!strcmp(dk, dirs[i])) in->aux = i;
  if (in->aux < 0) return hlo_op_fail(in->op, TSR_ERR_INVALID, "missing or unknown comparison_direction");
  const mlir_ir_attr *c = mlir_ir_op_attr(in->op, "compare_type");
  tsr_dtype t = args[0].dtype;
  if (in->n_in != 2 || in->n_out != 1 || !hlo_type_eq(&args[0], &args[1]) || in->res_t->dtype != TSR_BOOL ||
      !hlo_shape_eq(&args[0], in->res_t))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "compares two operands of one type into i1 of their shape");
  bool fl = tsr_dtype_is_float(t) || tsr_dtype_is_complex(t);
  in->aux2 = fl ? CT_FLOAT : tsr_dtype_is_signed(t) ? CT_SIGNED : CT_UNSIGNED;
  if (c) {
    const char *ck = c->kind == MLIR_IR_ATTR_ENUM ? c->u.enm.keyword : NULL;
    in->aux2 = -1;
    for (int i = 0; ck && i < 4; i++)
      if (!strcmp(ck, types[i])) in->aux2 = i;
    if (in->aux2 < 0) return hlo_op_fail(in->op, TSR_ERR_INVALID, "unknown compare_type");
  }
  if ((in->aux2 <= CT_TOTALORDER) != fl || (tsr_dtype_is_complex(t) && in->aux2 != CT_FLOAT))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "compare_type %s does not fit %s operands", types[in->aux2], tsr_dtype_name(t));
  return TSR_OK;
}

/* Total order key: -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN. */
static int64_t total_key(tsr_dtype t, const void *p, int64_t i) {
  int64_t bits;
  int w;
  switch (t) {
  case TSR_F32: { int32_t v; memcpy(&v, (const char *)p + 4 * i, 4); bits = v; w = 32; break; }
  case TSR_F64: { int64_t v; memcpy(&v, (const char *)p + 8 * i, 8); bits = v; w = 64; break; }
  default: { int16_t v; memcpy(&v, (const char *)p + 2 * i, 2); bits = v; w = 16; break; }
  }
  int64_t mag = w == 64 ? INT64_MAX : (INT64_C(1) << (w - 1)) - 1;
  return bits < 0 ? bits ^ mag : bits;
}

static bool cmp_result(int dir, int c /* -1, 0, 1 */) {
  switch (dir) {
  case CMP_EQ: return c == 0;
  case CMP_NE: return c != 0;
  case CMP_GE: return c >= 0;
  case CMP_GT: return c > 0;
  case CMP_LE: return c <= 0;
  default: return c < 0;
  }
}

tsr_status hlo_run_compare(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  TSR_TRY(hlo_alloc(x, res));
  tsr_dtype t = args[0].t.dtype;
  int64_t n = hlo_numel(&res->t);
  const void *a = args[0].buf->data, *b = args[1].buf->data;
  int32_t *r = (int32_t *)res->buf->data;
  int dir = in->aux;
  unsigned w = width_bits(t);
  uint64_t mask = w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
  for (int64_t i = 0; i < n; i++) {
    bool v;
    if (tsr_dtype_is_complex(t)) {
      /* lexicographic on (real, imaginary); a NaN part makes the pair unordered */
      double complex p = hlo_ld_c(t, a, i), q = hlo_ld_c(t, b, i);
      double pr = creal(p), qr = creal(q), pi = cimag(p), qi = cimag(q);
      int c = pr != qr ? (pr > qr) - (pr < qr) : (pi > qi) - (pi < qi);
      v = isnan(pr) || isnan(pi) || isnan(qr) || isnan(qi) ? dir == CMP_NE : cmp_result(dir, c);
    } else if (in->aux2 == CT_FLOAT) {
      double p = dtype_load_f64(t, a, i), q = dtype_load_f64(t, b, i);
      /* unordered (a NaN): only NE holds */
      v = isnan(p) || isnan(q) ? dir == CMP_NE : cmp_result(dir, (p > q) - (p < q));
    } else if (in->aux2 == CT_TOTALORDER) {
      int64_t p = total_key(t, a, i), q = total_key(t, b, i);
      v = cmp_result(dir, (p > q) - (p < q));
    } else if (in->aux2 == CT_SIGNED) {
      int64_t p = dtype_load_i64(t, a, i), q = dtype_load_i64(t, b, i);
      v = cmp_result(dir, (p > q) - (p < q));
    } else {
      uint64_t p = (uint64_t)dtype_load_i64(t, a, i) & mask, q = (uint64_t)dtype_load_i64(t, b, i) & mask;
      v = cmp_result(dir, (p > q) - (p < q));
    }
    r[i] = v;
  }
  return TSR_OK;
}

/* an operand that is the result's type, or (where `scalar_ok`) a scalar of its element type */
static bool fits(const hlo_type *a, const hlo_type *r, bool scalar_ok, tsr_dtype dtype) {
  return a->dtype == dtype && (hlo_shape_eq(a, r) || (scalar_ok && a->rank == 0));
}

tsr_status hlo_prep_select(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  const hlo_type *r = in->res_t;
  if (in->n_in != 3 || in->n_out != 1 || !fits(&args[0], r, true, TSR_BOOL) || !hlo_type_eq(&args[1], r) ||
      !hlo_type_eq(&args[2], r))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "takes an i1 predicate (a scalar or of the result's shape) and two operands of the result's type");
  return TSR_OK;
}

tsr_status hlo_prep_clamp(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  const hlo_type *r = in->res_t;
  if (in->n_in != 3 || in->n_out != 1 || !hlo_type_eq(&args[1], r) || !fits(&args[0], r, true, r->dtype) ||
      !fits(&args[2], r, true, r->dtype))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "takes min, operand and max of the result's type (min and max may be scalars)");
  if (tsr_dtype_is_complex(r->dtype)) return hlo_op_fail(in->op, TSR_ERR_INVALID, "is not defined on %s", tsr_dtype_name(r->dtype));
  return TSR_OK;
}

tsr_status hlo_prep_convert(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  if (in->n_in != 1 || in->n_out != 1 || !hlo_shape_eq(&args[0], in->res_t))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "takes one operand of its result's shape");
  return TSR_OK;
}

tsr_status hlo_run_select(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  TSR_TRY(hlo_alloc(x, res));
  int64_t n = hlo_numel(&res->t);
  size_t esz = tsr_dtype_size(res->t.dtype);
  const int32_t *pred = (const int32_t *)args[0].buf->data;
  bool scalar = args[0].t.rank == 0;
  for (int64_t i = 0; i < n; i++) {
    const hlo_val *src = pred[scalar ? 0 : i] ? &args[1] : &args[2];
    memcpy(res->buf->data + (size_t)i * esz, src->buf->data + (size_t)i * esz, esz);
  }
  return TSR_OK;
}

tsr_status hlo_run_clamp(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  TSR_TRY(hlo_alloc(x, res));
  tsr_dtype t = res->t.dtype;
  int64_t n = hlo_numel(&res->t);
  bool lo_s = args[0].t.rank == 0, hi_s = args[2].t.rank == 0;
  const void *lo = args[0].buf->data, *v = args[1].buf->data, *hi = args[2].buf->data;
  for (int64_t i = 0; i < n; i++) {
    if (tsr_dtype_is_float(t)) {
      double r = fbin(HLO_MINIMUM, fbin(HLO_MAXIMUM, dtype_load_f64(t, v, i), dtype_load_f64(t, lo, lo_s ? 0 : i)),
                      dtype_load_f64(t, hi, hi_s ? 0 : i));
      hlo_st_f(t, res->buf->data, i, r);
    } else {
      int64_t r = ibin(HLO_MINIMUM, t, ibin(HLO_MAXIMUM, t, dtype_load_i64(t, v, i), dtype_load_i64(t, lo, lo_s ? 0 : i)),
                       dtype_load_i64(t, hi, hi_s ? 0 : i));
      hlo_st_i(t, res->buf->data, i, r);
    }
  }
  return TSR_OK;
}

tsr_status hlo_run_convert(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  if (args[0].t.dtype == res->t.dtype) { /* a no-op: share the bytes */
    res->buf = args[0].buf;
    hlo_retain(res->buf);
    return TSR_OK;
  }
  TSR_TRY(hlo_alloc(x, res));
  int64_t n = hlo_numel(&res->t);
  for (int64_t i = 0; i < n; i++)
    hlo_convert_elem(res->t.dtype, res->buf->data, args[0].t.dtype, args[0].buf->data, i);
  return TSR_OK;
}
