/* Complex numbers: stablehlo.complex, and the elementwise ops on complex<f32> and
 * complex<f64> elements, computed in double complex and rounded per part to the element type
 * (the other ops read the parts through hlo_ld_c, elem.c). Ordering ops (maximum, minimum,
 * compare) are lexicographic on (real, imaginary), as the StableHLO spec defines them;
 * log_plus_one and exponential_minus_one keep their accuracy near zero, as the real ones do. */
#include <math.h>

#include "hlo/hlo_internal.h"

/* -1, 0, 1 lexicographically; NaN parts compare as unordered (0 with `nan` set). */
static int lex(double complex a, double complex b, bool *nan) {
  *nan = isnan(creal(a)) || isnan(cimag(a)) || isnan(creal(b)) || isnan(cimag(b));
  if (creal(a) != creal(b)) return creal(a) < creal(b) ? -1 : 1;
  return (cimag(a) > cimag(b)) - (cimag(a) < cimag(b));
}

static double complex log1p_c(double complex z) {
  double x = creal(z), y = cimag(z);
  /* |1 + z|^2 = 1 + (2x + x^2 + y^2): the log of 1 plus a small number stays accurate */
  double re = 0.5 * log1p(x * (2.0 + x) + y * y);
  if (fabs(x) + fabs(y) > 0.5) re = log(cabs(1.0 + z));
  return CMPLX(re, atan2(y, 1.0 + x));
}

static double complex expm1_c(double complex z) {
  double x = creal(z), y = cimag(z);
  /* e^x cos y - 1 = expm1(x) cos y - 2 sin^2(y/2), without cancelling near zero */
  double s = sin(0.5 * y);
  return CMPLX(expm1(x) * cos(y) - 2.0 * s * s, exp(x) * sin(y));
}

double complex hlo_complex_unary(hlo_opcode op, double complex z) {
  switch (op) {
  case HLO_NEGATE: return -z;
  case HLO_SIGN: {
    if (isnan(creal(z)) || isnan(cimag(z))) return CMPLX(NAN, NAN);
    double m = cabs(z);
    return m == 0 ? CMPLX(0.0, 0.0) : z / m;
  }
  case HLO_EXPONENTIAL: return cexp(z);
  case HLO_EXPONENTIAL_MINUS_ONE: return expm1_c(z);
  case HLO_LOG: return clog(z);
  case HLO_LOG_PLUS_ONE: return log1p_c(z);
  case HLO_LOGISTIC: return 1.0 / (1.0 + cexp(-z));
  case HLO_TANH: return ctanh(z);
  case HLO_SQRT: return csqrt(z);
  case HLO_RSQRT: return 1.0 / csqrt(z);
  case HLO_SINE: return csin(z);
  case HLO_COSINE: return ccos(z);
  case HLO_TAN: return ctan(z);
  case HLO_CBRT: return z == 0 ? z : cexp(clog(z) / 3.0); /* the principal cube root */
  default: return CMPLX(NAN, NAN);
  }
}

double complex hlo_complex_binary(hlo_opcode op, tsr_dtype t, double complex a, double complex b) {
  bool nan;
  switch (op) {
  case HLO_ADD: return a + b;
  case HLO_SUBTRACT: return a - b;
  case HLO_MULTIPLY:
    if (t == TSR_C64) {
      /* each product and the sum rounded to f32, as XLA multiplies complex<f32>: in double the
       * parts of a product that cancels round differently (a cumulative product drifts by
       * more ULPs than JAX's tests allow) */
      float ar = (float)creal(a), ai = (float)cimag(a), br = (float)creal(b), bi = (float)cimag(b);
      float rr = ar * br, ii = ai * bi, ri = ar * bi, ir = ai * br;
      return CMPLX(rr - ii, ri + ir);
    }
    return a * b;
  case HLO_DIVIDE: return a / b;
  case HLO_POWER: return b == 0 ? CMPLX(1.0, 0.0) : cpow(a, b);
  case HLO_MAXIMUM: {
    int c = lex(a, b, &nan);
    return nan ? CMPLX(NAN, NAN) : c >= 0 ? a : b;
  }
  case HLO_MINIMUM: {
    int c = lex(a, b, &nan);
    return nan ? CMPLX(NAN, NAN) : c <= 0 ? a : b;
  }
  case HLO_ATAN2: /* atan(a / b) on the branch that the quadrants of (b, a) give */
    return -I * clog((b + I * a) / csqrt(b * b + a * a));
  default: return CMPLX(NAN, NAN);
  }
}

tsr_status hlo_prep_complex(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  const hlo_type *r = in->res_t;
  tsr_dtype part = r->dtype == TSR_C64 ? TSR_F32 : r->dtype == TSR_C128 ? TSR_F64 : TSR_DTYPE_COUNT;
  if (in->n_in != 2 || in->n_out != 1 || part == TSR_DTYPE_COUNT || args[0].dtype != part || args[1].dtype != part ||
      !hlo_shape_eq(&args[0], r) || !hlo_shape_eq(&args[1], r))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "makes complex<f32> or complex<f64> from two operands of its part type and shape");
  return TSR_OK;
}

tsr_status hlo_run_complex(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  (void)in;
  TSR_TRY(hlo_alloc(x, res));
  int64_t n = hlo_numel(&res->t);
  tsr_dtype pt = args[0].t.dtype;
  for (int64_t i = 0; i < n; i++)
    hlo_st_c(res->t.dtype, res->buf->data, i,
             CMPLX(dtype_load_f64(pt, args[0].buf->data, i), dtype_load_f64(pt, args[1].buf->data, i)));
  return TSR_OK;
}
