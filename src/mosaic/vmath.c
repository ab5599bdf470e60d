/* Transcendental functions over whole vectors, in loops the compiler turns into SIMD code.
 * libm's expf is a call per element (and a slow path for every underflow), which made exp a
 * large share of attention kernels' time (bench/RESULTS.md, "Measurements behind choices in
 * the code"). */
#include "mosaic/mosaic_internal.h"

#include <math.h>
#include <string.h>

/* e^x for x in [-87, 88]: x = k ln2 + r with |r| <= ln2/2 (ln2 split in two so k ln2 is
 * exact), e^r = 1 + r + r^2 P(r) with Cephes' degree-5 minimax P, and 2^k made from the
 * exponent bits (k + 127 stays in 40..254). The magic constant 1.5 * 2^23 rounds to the
 * nearest integer in the default rounding mode without a call. */
static inline float exp_in_range(float x) {
  const float log2e = 1.44269504088896341f, ln2_hi = 0.693359375f, ln2_lo = -2.12194440e-4f;
  const float round_magic = 12582912.0f;
  float kf = (x * log2e + round_magic) - round_magic;
  float r = x - kf * ln2_hi;
  r = r - kf * ln2_lo;
  float p = 1.9875691500e-4f;
  p = p * r + 1.3981999507e-3f;
  p = p * r + 8.3334519073e-3f;
  p = p * r + 4.1665795894e-2f;
  p = p * r + 1.6666665459e-1f;
  p = p * r + 5.0000001201e-1f;
  float er = (p * r) * r + r + 1.0f;
  uint32_t bits = (uint32_t)((int32_t)kf + 127) << 23;
  float scale;
  memcpy(&scale, &bits, sizeof scale);
  return er * scale;
}

static inline bool exp_in_range_ok(float x) { return x >= -87.0f && x <= 88.0f; }
/* below this e^x rounds to +0 (the smallest subnormal is e^-103.28) */
static inline bool exp_is_zero(float x) { return x < -104.0f; }

/* Within 1 ulp of the correctly rounded e^x for every float (checked over all 2^32 inputs
 * when it was written; tests/test_mosaic_ops.c samples them); +-inf, NaN, overflow and
 * underflow as libm. The few inputs whose result is subnormal, overflows or is NaN go to
 * expf in a second pass, so the first stays branch-free. */
void mosaic_vec_expf(float *restrict d, const float *restrict a, int64_t n) {
  /* an OR of int lanes: a 64-bit count would need a widening per vector */
  int rare = 0;
  for (int64_t i = 0; i < n; i++) {
    float x = a[i];
    /* NaN (poisoned VMEM, for one) compares false and takes -87: converting it to an int
     * below would be undefined; the second pass gives it its NaN */
    float clamped = x >= -87.0f ? (x <= 88.0f ? x : 88.0f) : -87.0f;
    float y = exp_in_range(clamped);
    d[i] = exp_is_zero(x) ? 0.0f : y;
    rare |= (int)!exp_in_range_ok(x) & (int)!exp_is_zero(x);
  }
  if (rare)
    for (int64_t i = 0; i < n; i++)
      if (!exp_in_range_ok(a[i]) && !exp_is_zero(a[i])) d[i] = expf(a[i]);
}

/* ---- the shape shared by the functions below ---------------------------------------------
 * Each runs a branch-free loop over every element (the compiler turns it into SIMD code) and
 * then, only when some input lies outside the range where its formula holds (NaN, infinity,
 * zero or negative for log, subnormal, huge arguments of sin and cos), a second pass that
 * hands those to libm. In place (d == a) the inputs of a chunk are kept for that pass. */

#define VMATH_CHUNK 512

#define VMATH_DEFINE(name, fast, ok, libm)                                                     \
  static void name##_chunk(float *d, const float *a, int64_t n) {                                \
    int rare = 0; /* an OR of int lanes, as in mosaic_vec_expf */                                    \
    for (int64_t i = 0; i < n; i++) {                                                          \
      float x = a[i];                                                                          \
      d[i] = fast(x);                                                                          \
      rare |= (int)!ok(x);                                                                     \
    }                                                                                          \
    if (rare)                                                                                  \
      for (int64_t i = 0; i < n; i++)                                                          \
        if (!ok(a[i])) d[i] = libm(a[i]);                                                      \
  }                                                                                            \
  void name(float *d, const float *a, int64_t n) {                                             \
    float keep[VMATH_CHUNK];                                                                   \
    for (int64_t at = 0; at < n; at += VMATH_CHUNK) {                                          \
      int64_t k = n - at < VMATH_CHUNK ? n - at : VMATH_CHUNK;                                 \
      const float *in = a + at;                                                                \
      if (d == a) {                                                                            \
        memcpy(keep, in, (size_t)k * sizeof *keep);                                            \
        in = keep;                                                                             \
      }                                                                                        \
      name##_chunk(d + at, in, k);                                                             \
    }                                                                                          \
  }

static inline uint32_t f_bits(float x) {
  uint32_t u;
  memcpy(&u, &x, sizeof u);
  return u;
}
static inline float bits_f(uint32_t u) {
  float x;
  memcpy(&x, &u, sizeof x);
  return x;
}

/* c[0] x^(n-1) + ... + c[n-1] by Horner's rule; unrolled (n is a constant), or the loop
 * over the elements around it would not vectorise */
static inline float horner(float x, const float *c, int n) {
  float p = c[0];
#pragma GCC unroll 16
  for (int i = 1; i < n; i++) p = p * x + c[i];
  return p;
}
static inline double horner_d(double x, const double *c, int n) {
  double p = c[0];
#pragma GCC unroll 16
  for (int i = 1; i < n; i++) p = p * x + c[i];
  return p;
}

/* An odd function from its formula near zero and, with |x|'s sign put back, farther out. */
static inline float odd_pick(float x, float near, float far_of_abs, bool is_near) {
  return is_near ? near : x < 0.0f ? -far_of_abs : far_of_abs;
}

/* ---- log ---------------------------------------------------------------------------------
 * x = 2^e m with m in [sqrt(1/2), sqrt(2)), log x = e ln2 + log1p(f), f = m - 1, with
 * Cephes' degree-8 polynomial for (log1p(f) - f + f^2/2) / f^3 and ln2 split in two so that
 * e ln2 adds exactly. Normal positive finite x only: the rest go to logf. */
static inline float log_fast(float x) {
  uint32_t u = f_bits(x);
  int32_t e = (int32_t)(u >> 23) - 126;            /* x = 2^e m', m' in [0.5, 1) */
  float m = bits_f((u & 0x007fffffu) | 0x3f000000u);
  bool low = m < 0.707106781186547524f;
  e -= (int32_t)low;
  float f = (low ? m + m : m) - 1.0f;
  float z = f * f;
  static const float P[] = {7.0376836292e-2f, -1.1514610310e-1f, 1.1676998740e-1f, -1.2420140846e-1f,
                            1.4249322787e-1f, -1.6668057665e-1f, 2.0000714765e-1f, -2.4999993993e-1f,
                            3.3333331174e-1f};
  float p = horner(f, P, 9);
  float ef = (float)e;
  float y = f * z * p;
  y += -2.12194440e-4f * ef;
  y += -0.5f * z;
  return (f + y) + 0.693359375f * ef;
}
/* normal, positive, finite (NaN compares false) */
static inline bool log_ok(float x) { return x >= 1.17549435e-38f && x <= 3.40282347e38f; }

VMATH_DEFINE(mosaic_vec_logf, log_fast, log_ok, logf)

/* ---- tanh --------------------------------------------------------------------------------
 * |x| < 0.625: Cephes' odd polynomial x + x^3 P(x^2); above, 1 - 2 / (e^2|x| + 1) with the
 * exp above, the sign put back; past 9 the result rounds to +-1 (e^18 > 2^25), so |x| is
 * clamped there to keep e^2|x| finite. */
static inline float tanh_fast(float x) {
  float z = fabsf(x);
  float z2 = x * x;
  static const float P[] = {-5.70498872745e-3f, 2.06390887954e-2f, -5.37397155531e-2f, 1.33314422036e-1f,
                            -3.33332819422e-1f};
  float small = horner(z2, P, 5) * z2 * x + x;
  float c = z < 9.0f ? z : 9.0f;
  return odd_pick(x, small, 1.0f - 2.0f / (exp_in_range(c + c) + 1.0f), z < 0.625f);
}
static inline bool tanh_ok(float x) { return x == x; }

VMATH_DEFINE(mosaic_vec_tanhf, tanh_fast, tanh_ok, tanhf)

/* ---- sin and cos ---------------------------------------------------------------------------
 * x = q pi/2 + r, |r| <= pi/4, reduced in double with pi/2 in two parts (Cody and Waite):
 * q hi is exact while |q| < 2^13, so r keeps its bits even next to a zero of sin or cos,
 * where a float reduction lost up to 3 ulps; sin r and cos r by Cephes' polynomials in
 * float, picked and signed by the quadrant q mod 4. Past |x| = 8192: libm. */
static inline float sin_poly(float r, float z) {
  static const float P[] = {-1.9515295891e-4f, 8.3321608736e-3f, -1.6666654611e-1f};
  return horner(z, P, 3) * z * r + r;
}
static inline float cos_poly(float z) {
  static const float P[] = {2.443315711809948e-5f, -1.388731625493765e-3f, 4.166664568298827e-2f};
  return horner(z, P, 3) * z * z - 0.5f * z + 1.0f;
}
static inline float reduce_pio2(float x, int32_t *quadrant) {
  const double two_over_pi = 0.63661977236758134308, round_magic = 6755399441055744.0; /* 1.5 * 2^52 */
  double q = ((double)x * two_over_pi + round_magic) - round_magic;
  *quadrant = (int32_t)q;
  /* pi/2 = hi + lo to 2^-105; q hi is exact (hi ends in 22 zero bits, |q| < 2^13) */
  return (float)(((double)x - q * 1.5707963267341256141) - q * 6.0771005065061926e-11);
}
static inline float sin_fast(float x) {
  int32_t q;
  float r = reduce_pio2(x > 8192.0f || x < -8192.0f || x != x ? 0.0f : x, &q);
  float z = r * r;
  float v = (q & 1) ? cos_poly(z) : sin_poly(r, z);
  return (q & 2) ? -v : v;
}
static inline float cos_fast(float x) {
  int32_t q;
  float r = reduce_pio2(x > 8192.0f || x < -8192.0f || x != x ? 0.0f : x, &q);
  float z = r * r;
  float v = (q & 1) ? sin_poly(r, z) : cos_poly(z);
  return ((q + 1) & 2) ? -v : v;
}
static inline bool trig_ok(float x) { return x >= -8192.0f && x <= 8192.0f; }

VMATH_DEFINE(mosaic_vec_sinf, sin_fast, trig_ok, sinf)
VMATH_DEFINE(mosaic_vec_cosf, cos_fast, trig_ok, cosf)

/* ---- sqrt and rsqrt ----------------------------------------------------------------------
 * The correctly rounded square root (one instruction per vector once errno is out of the
 * way: CMakeLists.txt builds this file with -fno-math-errno), and rsqrt as 1 / sqrt, each
 * rounded: bit for bit what the scalar loops gave. */
void mosaic_vec_sqrtf(float *d, const float *a, int64_t n) {
  for (int64_t i = 0; i < n; i++) d[i] = sqrtf(a[i]);
}
void mosaic_vec_rsqrtf(float *d, const float *a, int64_t n) {
  for (int64_t i = 0; i < n; i++) d[i] = 1.0f / sqrtf(a[i]);
}

/* ---- erf -----------------------------------------------------------------------------------
 * |x| < 0.875: x + x P(x^2), P of degree 5 (the 1 apart keeps 2/sqrt(pi)'s bits);
 * 0.875 <= |x| < 3.92: 1 - e^Q(u) with Q a degree-10 polynomial for log erfc on u = (|x| - 2.3975) / 1.5225 in [-1, 1], evaluated in double
 * (erfc falls from 0.2 to 1e-8 there, and its log's polynomial has large terms); past 3.92
 * erf rounds to +-1. Both polynomials are least-squares fits on Chebyshev nodes to libm's
 * double erf and erfc (tools/vmath/fit_erf.py prints them), within 1.4e-8 relative and
 * 0.011 ulp. */
static inline float erf_fast(float x) {
  float z = fabsf(x);
  static const float P[] = {-6.218503112904727e-4f, 5.035122390836477e-3f, -2.6793451979756355e-2f,
                            1.1282510310411453e-1f, -3.761255443096161e-1f, 1.2837915122509003e-1f};
  static const double Q[] = {-4.48267916008501e-06, -1.3686748673469612e-07, 5.8099157148118276e-05,
                             -2.767659785136618e-04, 1.0784153372410028e-03, -3.852097553355991e-03,
                             1.2862855063710767e-02, -4.1615906561707244e-02, -2.1798848826208648,
                             -7.855390997206099, -7.2680703419778405};
  float small = x + x * horner(x * x, P, 6);
  double u = ((double)(z < 3.92f ? z : 3.92f) - 2.3975) / 1.5225;
  float big = z < 3.92f ? 1.0f - exp_in_range((float)horner_d(u, Q, 11)) : 1.0f;
  return odd_pick(x, small, big, z < 0.875f);
}
static inline bool erf_ok(float x) { return x == x; }

VMATH_DEFINE(mosaic_vec_erff, erf_fast, erf_ok, erff)

/* The kernels' math for callers outside the layer (tessera/mosaic.h): the StableHLO
 * interpreter computes the graph's transcendentals with it under TPU numerics. */
void tsr_mosaic_math_f32(tsr_mosaic_math fn, float *d, const float *a, int64_t n) {
  switch (fn) {
  case TSR_MOSAIC_EXP: mosaic_vec_expf(d, a, n); break;
  case TSR_MOSAIC_LOG: mosaic_vec_logf(d, a, n); break;
  case TSR_MOSAIC_TANH: mosaic_vec_tanhf(d, a, n); break;
  case TSR_MOSAIC_SIN: mosaic_vec_sinf(d, a, n); break;
  case TSR_MOSAIC_COS: mosaic_vec_cosf(d, a, n); break;
  case TSR_MOSAIC_ERF: mosaic_vec_erff(d, a, n); break;
  case TSR_MOSAIC_SQRT: mosaic_vec_sqrtf(d, a, n); break;
  case TSR_MOSAIC_RSQRT: mosaic_vec_rsqrtf(d, a, n); break;
  }
}
