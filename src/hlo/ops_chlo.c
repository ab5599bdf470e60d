/* The chlo ops JAX leaves in a module: elementwise special functions (inverse trigonometric
 * and hyperbolic functions, erf and its inverse, lgamma, digamma, polygamma, Hurwitz zeta,
 * the scaled Bessel function i1e), next_after, the is_inf family, conj and square, and mulhi
 * (the high half of an integer product). Floats compute in double, complex values in double
 * complex, each rounded once to the result type; the special functions are written here from
 * their series and asymptotic expansions (C's library has no digamma, erf_inv or Bessel I1). */
#define _DEFAULT_SOURCE /* lgamma_r: lgamma writes the global signgam */
#include <float.h>
#include <math.h>
#include <string.h>

#include "hlo/hlo_internal.h"

#define PI 3.14159265358979323846264338327950288

/* digamma by recurrence up to x >= 8, then the asymptotic series; reflection below 0.5. Poles
 * (0 and the negative integers) give NaN, as XLA's does. */
static double digamma(double x) {
  if (isnan(x) || x == -INFINITY) return NAN;
  if (x <= 0 && x == floor(x)) return NAN;
  double acc = 0;
  if (x < 0.5) { /* psi(x) = psi(1 - x) - pi / tan(pi x) */
    acc = -PI / tan(PI * x);
    x = 1 - x;
  }
  while (x < 8) { acc -= 1 / x; x += 1; }
  double x2 = 1 / (x * x);
  /* Bernoulli terms B2k / (2k x^2k): 1/12, -1/120, 1/252, -1/240, 1/132, -691/32760, 1/12 */
  double series = x2 * (1.0 / 12 - x2 * (1.0 / 120 - x2 * (1.0 / 252 - x2 * (1.0 / 240 - x2 * (1.0 / 132 - x2 * (691.0 / 32760 - x2 / 12))))));
  return acc + log(x) - 0.5 / x - series;
}

/* Hurwitz zeta(s, q) = sum over k >= 0 of (k + q)^-s, s > 1: the first terms summed, the tail
 * by Euler-Maclaurin. */
static double zeta(double s, double q) {
  if (isnan(s) || isnan(q)) return NAN;
  if (s == 1) return INFINITY;
  if (s < 1) return NAN;
  if (q <= 0) {
    if (q == floor(q)) return INFINITY;
    return NAN; /* XLA: undefined for a negative non-integer q */
  }
  const int n = 9;
  double sum = 0;
  for (int k = 0; k < n; k++) sum += pow(q + k, -s);
  double a = q + n;
  sum += pow(a, 1 - s) / (s - 1) + 0.5 * pow(a, -s);
  /* B2k / (2k)! times the rising factorial s (s + 1) ... (s + 2k - 2) over a^(s + 2k - 1) */
  static const double b2k[] = {1.0 / 6, -1.0 / 30, 1.0 / 42, -1.0 / 30, 5.0 / 66, -691.0 / 2730, 7.0 / 6, -3617.0 / 510};
  double fact = 1, rising = s, term_pow = pow(a, -s - 1);
  for (int k = 1; k <= 8; k++) {
    fact *= (2.0 * k - 1) * (2.0 * k);
    sum += b2k[k - 1] / fact * rising * term_pow;
    rising *= (s + 2 * k - 1) * (s + 2 * k);
    term_pow /= a * a;
  }
  return sum;
}

static double polygamma(double n, double x) {
  if (isnan(n) || isnan(x) || n < 0 || n != floor(n)) return NAN;
  if (n == 0) return digamma(x);
  double fact = tgamma(n + 1);
  return (fmod(n, 2) == 0 ? -1 : 1) * fact * zeta(n + 1, x);
}

/* The inverse of erf: an initial guess refined by Newton steps on erf itself. */
static double erf_inv(double y) {
  if (isnan(y) || y < -1 || y > 1) return NAN;
  if (y == 1) return INFINITY;
  if (y == -1) return -INFINITY;
  if (y == 0) return y;
  double w = -log((1 - y) * (1 + y)), x;
  /* Giles' single-precision approximation as the starting point */
  if (w < 5) {
    w -= 2.5;
    x = 2.81022636e-08;
    x = 3.43273939e-07 + x * w;
    x = -3.5233877e-06 + x * w;
    x = -4.39150654e-06 + x * w;
    x = 0.00021858087 + x * w;
    x = -0.00125372503 + x * w;
    x = -0.00417768164 + x * w;
    x = 0.246640727 + x * w;
    x = 1.50140941 + x * w;
  } else {
    w = sqrt(w) - 3;
    x = -0.000200214257;
    x = 0.000100950558 + x * w;
    x = 0.00134934322 + x * w;
    x = -0.00367342844 + x * w;
    x = 0.00573950773 + x * w;
    x = -0.0076224613 + x * w;
    x = 0.00943887047 + x * w;
    x = 1.00167406 + x * w;
    x = 2.83297682 + x * w;
  }
  x *= y;
  for (int i = 0; i < 4; i++) {
    double err = (fabs(y) > 0.9 ? -(erfc(x) - (1 - y)) : erf(x) - y); /* near +-1, erfc keeps the digits */
    if (y < -0.9) err = erfc(-x) - (1 + y);
    double d = 2 / sqrt(PI) * exp(-x * x);
    if (d == 0 || !isfinite(err)) break;
    x -= err / d;
  }
  return x;
}

/* e^-|x| I1(x): the power series up to |x| = 30, the asymptotic expansion beyond. */
static double bessel_i1e(double x) {
  if (isnan(x)) return x;
  double ax = fabs(x), r;
  if (ax == INFINITY) return 0.0;
  if (ax <= 30) {
    double q = ax * ax / 4, term = ax / 2, sum = term;
    for (int k = 1; k < 200 && term > sum * 1e-18; k++) {
      term *= q / ((double)k * (double)(k + 1));
      sum += term;
    }
    r = sum * exp(-ax);
  } else {
    /* (1 / sqrt(2 pi x)) sum (-1)^k a_k / x^k, a_k = prod_{j<=k} (4 - (2j - 1)^2) / (k! 8^k) */
    double term = 1, sum = 1;
    for (int k = 1; k < 30; k++) {
      term *= -(4.0 - (2.0 * k - 1) * (2.0 * k - 1)) / (8.0 * k * ax);
      if (fabs(term) < 1e-18) break;
      sum += term;
    }
    r = sum / sqrt(2 * PI * ax);
  }
  return x < 0 ? -r : r;
}

/* The next value of type t after x in the direction of y. */
static double next_after(tsr_dtype t, double x, double y) {
  if (isnan(x) || isnan(y)) return NAN;
  if (x == y) return y;
  if (t == TSR_F64) return nextafter(x, y);
  if (t == TSR_F32) return nextafterf((float)x, (float)y);
  /* 16-bit floats on their bits: the neighbour away from or toward zero */
  uint16_t h = t == TSR_BF16 ? tsr_f32_to_bf16((float)x) : tsr_f32_to_f16((float)x);
  if (x == 0) h = (uint16_t)((y < 0 ? 0x8000 : 0) | 1);
  else if ((x < y) == (x > 0)) h++;
  else h--;
  return t == TSR_BF16 ? tsr_bf16_to_f32(h) : tsr_f16_to_f32(h);
}

/* cosh and sinh of an f32 (or narrower) value as chlo expands them for large |x|:
 * e^(x + log 1/2) +- e^(-x + log 1/2), with the shifted arguments rounded to f32 (that rounding
 * is most of the result's error, several ULPs near e^8; JAX's tests compare within 3) */
static double f32_cosh_sinh(hlo_opcode op, double x) {
  float half_log = (float)log(0.5);
  if (op == HLO_CHLO_SINH && fabs(x) < 1) return sinh(x);
  double a = exp((double)((float)x + half_log)), b = exp((double)(-(float)x + half_log));
  return op == HLO_CHLO_COSH ? a + b : a - b;
}

static double real_unary(hlo_opcode op, double x) {
  switch (op) {
  case HLO_CHLO_ACOS: return acos(x);
  case HLO_CHLO_ACOSH: return acosh(x);
  case HLO_CHLO_ASIN: return asin(x);
  case HLO_CHLO_ASINH: return asinh(x);
  case HLO_CHLO_ATAN: return atan(x);
  case HLO_CHLO_ATANH: return atanh(x);
  case HLO_CHLO_COSH: return cosh(x);
  case HLO_CHLO_SINH: return sinh(x);
  case HLO_CHLO_TAN: return tan(x);
  case HLO_CHLO_ERF: return erf(x);
  case HLO_CHLO_ERFC: return erfc(x);
  case HLO_CHLO_ERF_INV: return erf_inv(x);
  case HLO_CHLO_LGAMMA: {
    int sign;
    return isinf(x) ? INFINITY : lgamma_r(x, &sign);
  }
  case HLO_CHLO_DIGAMMA: return digamma(x);
  case HLO_CHLO_BESSEL_I1E: return bessel_i1e(x);
  case HLO_CHLO_CONJ: return x;
  case HLO_CHLO_SQUARE: return x * x;
  default: return NAN;
  }
}

static double complex complex_unary(hlo_opcode op, double complex z) {
  switch (op) {
  case HLO_CHLO_ACOS: return cacos(z);
  case HLO_CHLO_ACOSH: return cacosh(z);
  case HLO_CHLO_ASIN: return casin(z);
  case HLO_CHLO_ASINH: return casinh(z);
  case HLO_CHLO_ATAN: return catan(z);
  case HLO_CHLO_ATANH: return catanh(z);
  case HLO_CHLO_COSH: return ccosh(z);
  case HLO_CHLO_SINH: return csinh(z);
  case HLO_CHLO_TAN: return ctan(z);
  case HLO_CHLO_CONJ: return conj(z);
  case HLO_CHLO_SQUARE: return z * z;
  default: return CMPLX(NAN, NAN);
  }
}

static bool is_inf_family(hlo_opcode op) { return op == HLO_CHLO_IS_INF || op == HLO_CHLO_IS_NEG_INF || op == HLO_CHLO_IS_POS_INF; }

tsr_status hlo_prep_chlo_unary(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  const hlo_type *a = &args[0], *r = in->res_t;
  if (in->n_in != 1 || in->n_out != 1 || !hlo_shape_eq(a, r))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "takes one operand of its result's shape");
  bool fl = tsr_dtype_is_float(a->dtype), cx = tsr_dtype_is_complex(a->dtype);
  if (is_inf_family(in->opc)) {
    if (!fl || r->dtype != TSR_BOOL) return hlo_op_fail(in->op, TSR_ERR_INVALID, "takes floats and gives i1");
    return TSR_OK;
  }
  if (r->dtype != a->dtype) return hlo_op_fail(in->op, TSR_ERR_INVALID, "gives its operand's type");
  bool complex_ok = (in->opc >= HLO_CHLO_ACOS && in->opc <= HLO_CHLO_TAN) || in->opc == HLO_CHLO_CONJ || in->opc == HLO_CHLO_SQUARE;
  if (!(fl || (cx && complex_ok)))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "is not defined on %s", tsr_dtype_name(a->dtype));
  return TSR_OK;
}

tsr_status hlo_run_chlo_unary(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  TSR_TRY(hlo_alloc(x, res));
  if (hlo_kernel_math(x, in->opc, args, res)) return TSR_OK;
  tsr_dtype t = args[0].t.dtype;
  int64_t n = hlo_numel(&res->t);
  const void *a = args[0].buf->data;
  void *r = res->buf->data;
  for (int64_t i = 0; i < n; i++) {
    if (is_inf_family(in->opc)) {
      double v = dtype_load_f64(t, a, i);
      bool b = in->opc == HLO_CHLO_IS_INF ? isinf(v) : in->opc == HLO_CHLO_IS_POS_INF ? v == INFINITY : v == -INFINITY;
      hlo_st_i(TSR_BOOL, r, i, b);
    } else if (tsr_dtype_is_complex(t)) {
      hlo_st_c(t, r, i, complex_unary(in->opc, hlo_ld_c(t, a, i)));
    } else {
      double v = dtype_load_f64(t, a, i);
      bool f32 = t != TSR_F64 && (in->opc == HLO_CHLO_COSH || in->opc == HLO_CHLO_SINH);
      hlo_st_f(t, r, i, f32 ? f32_cosh_sinh(in->opc, v) : real_unary(in->opc, v));
    }
  }
  return TSR_OK;
}

tsr_status hlo_prep_chlo_binary(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  const hlo_type *r = in->res_t;
  if (in->n_in != 2 || in->n_out != 1 || !hlo_type_eq(&args[0], r) || !hlo_type_eq(&args[1], r))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "takes two operands of its result's type");
  bool fl = tsr_dtype_is_float(r->dtype);
  if (in->opc == HLO_CHLO_MULHI ? fl || tsr_dtype_is_complex(r->dtype) || r->dtype == TSR_BOOL : !fl)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "is not defined on %s", tsr_dtype_name(r->dtype));
  return TSR_OK;
}

/* The high half of the 2w-bit product of two w-bit integers. */
static int64_t mulhi(tsr_dtype t, int64_t a, int64_t b) {
  unsigned w = (unsigned)tsr_dtype_size(t) * 8;
  bool sgn = tsr_dtype_is_signed(t);
  /* exact in 64 bits below w = 64 (a right shift of a negative product is arithmetic) */
  if (w < 64) return sgn ? (a * b) >> w : (int64_t)(((uint64_t)a * (uint64_t)b) >> w);
  if (sgn) return (int64_t)(((__int128)a * (__int128)b) >> 64);
  return (int64_t)(((unsigned __int128)(uint64_t)a * (unsigned __int128)(uint64_t)b) >> 64);
}

tsr_status hlo_run_chlo_binary(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  TSR_TRY(hlo_alloc(x, res));
  tsr_dtype t = res->t.dtype;
  int64_t n = hlo_numel(&res->t);
  const void *a = args[0].buf->data, *b = args[1].buf->data;
  for (int64_t i = 0; i < n; i++) {
    if (in->opc == HLO_CHLO_MULHI) {
      hlo_st_i(t, res->buf->data, i, mulhi(t, dtype_load_i64(t, a, i), dtype_load_i64(t, b, i)));
      continue;
    }
    double u = dtype_load_f64(t, a, i), v = dtype_load_f64(t, b, i), r;
    switch (in->opc) {
    case HLO_CHLO_NEXT_AFTER: r = next_after(t, u, v); break;
    case HLO_CHLO_POLYGAMMA: r = polygamma(u, v); break;
    default: r = zeta(u, v); break;
    }
    hlo_st_f(t, res->buf->data, i, r);
  }
  return TSR_OK;
}
