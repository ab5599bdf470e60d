/* Transcendental functions over whole vectors, in loops the compiler turns into SIMD code.
 * libm's expf is a call per element (about 3 ns here, and a slow path for every underflow),
 * which made exp a sixth of a flash-attention run. */
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
void vec_expf(float *restrict d, const float *restrict a, int64_t n) {
  int64_t rare = 0;
  for (int64_t i = 0; i < n; i++) {
    float x = a[i];
    /* NaN (poisoned VMEM, for one) compares false and takes -87: converting it to an int
     * below would be undefined; the second pass gives it its NaN */
    float clamped = x >= -87.0f ? (x <= 88.0f ? x : 88.0f) : -87.0f;
    float y = exp_in_range(clamped);
    d[i] = exp_is_zero(x) ? 0.0f : y;
    rare += (int)!exp_in_range_ok(x) & (int)!exp_is_zero(x);
  }
  if (rare)
    for (int64_t i = 0; i < n; i++)
      if (!exp_in_range_ok(a[i]) && !exp_is_zero(a[i])) d[i] = expf(a[i]);
}
