/* Data types: the traits table, names, element reads, and the 16-bit float conversions. */
#include "core/dtype.h"

#include "core/status.h"

#include <math.h>
#include <string.h>

/* The integer range of b bytes, signed or not, as doubles (2^63 - 1 and 2^64 - 1 round up to
 * 2^63 and 2^64); none (0) for floats and complex types. The shift is clamped to 64 bits so
 * that it stays defined for a 16-byte complex row, where it is not used. int4 (a byte in host
 * arrays) holds -8..7, uint4 0..15. */
#define IS_COMPLEX(e) (TSR_##e == TSR_C64 || TSR_##e == TSR_C128)
#define RANGE_BITS(b) (8 * ((b) > 8 ? 8 : (b)) - 1)
#define RANGE_MIN(e, f, b, s) \
  (TSR_##e == TSR_I4 ? -8.0 : (f) || IS_COMPLEX(e) || !(s) ? 0.0 : -(double)(1ull << RANGE_BITS(b)))
#define RANGE_MAX(e, f, b, s)                                                                          \
  (TSR_##e == TSR_I4 ? 7.0 : TSR_##e == TSR_U4 ? 15.0 : (f) || IS_COMPLEX(e) ? 0.0 : (s) ? (double)((1ull << RANGE_BITS(b)) - 1) \
                                                           : (double)((2ull << RANGE_BITS(b)) - 1))

static const dtype_traits traits[TSR_DTYPE_COUNT + 1] = {
#define TSR_X(e, n, b, f, s, t) [TSR_##e] = {n, b, f, s, t, (f) ? 0xFF : 0xA5, RANGE_MIN(e, f, b, s), RANGE_MAX(e, f, b, s)},
    TSR_DTYPE_LIST(TSR_X)
#undef TSR_X
    [TSR_DTYPE_COUNT] = {.name = "?"},
};

const dtype_traits *dtype_traits_of(tsr_dtype t) { return &traits[(unsigned)t < TSR_DTYPE_COUNT ? t : TSR_DTYPE_COUNT]; }

const char *tsr_dtype_name(tsr_dtype t) { return dtype_traits_of(t)->name; }
size_t tsr_dtype_size(tsr_dtype t) { return dtype_traits_of(t)->bytes; }
bool tsr_dtype_is_float(tsr_dtype t) { return dtype_traits_of(t)->is_float; }
bool tsr_dtype_is_signed(tsr_dtype t) { return dtype_traits_of(t)->is_signed; }
bool tsr_dtype_is_semaphore(tsr_dtype t) { return t == TSR_SEM || t == TSR_DMA_SEM; }
bool tsr_dtype_is_complex(tsr_dtype t) { return t == TSR_C64 || t == TSR_C128; }

double dtype_load_f64(tsr_dtype t, const void *p, int64_t i) {
  switch (t) {
  case TSR_F32: return ((const float *)p)[i];
  case TSR_F64: return ((const double *)p)[i];
  case TSR_BF16: return tsr_bf16_to_f32(((const uint16_t *)p)[i]);
  case TSR_F16: return tsr_f16_to_f32(((const uint16_t *)p)[i]);
  case TSR_U64: return (double)((const uint64_t *)p)[i];
  case TSR_C64: return ((const float *)p)[2 * i]; /* a complex element reads as its real part */
  case TSR_C128: return ((const double *)p)[2 * i];
  case TSR_F8E4M3FN: return tsr_f8e4m3fn_to_f32(((const uint8_t *)p)[i]);
  case TSR_F8E5M2: return tsr_f8e5m2_to_f32(((const uint8_t *)p)[i]);
  case TSR_F8E4M3B11FNUZ: return tsr_f8e4m3b11fnuz_to_f32(((const uint8_t *)p)[i]);
  case TSR_F8E8M0FNU: return tsr_f8e8m0fnu_to_f32(((const uint8_t *)p)[i]);
  case TSR_F4E2M1FN: return tsr_f4e2m1fn_to_f32(((const uint8_t *)p)[i]);
  default: return (double)dtype_load_i64(t, p, i);
  }
}

int64_t dtype_load_i64(tsr_dtype t, const void *p, int64_t i) {
  switch (t) {
  case TSR_I8: return ((const int8_t *)p)[i];
  case TSR_I4: return (int8_t)(uint8_t)(((const uint8_t *)p)[i] << 4) >> 4; /* the low nibble, sign-extended */
  case TSR_U4: return ((const uint8_t *)p)[i] & 15; /* the low nibble */
  case TSR_I16: return ((const int16_t *)p)[i];
  case TSR_I32: case TSR_BOOL: return ((const int32_t *)p)[i];
  case TSR_I64: case TSR_U64: case TSR_SEM: case TSR_DMA_SEM: return ((const int64_t *)p)[i];
  case TSR_U8: return ((const uint8_t *)p)[i];
  case TSR_U16: return ((const uint16_t *)p)[i];
  case TSR_U32: return ((const uint32_t *)p)[i];
  case TSR_F32: case TSR_F64: case TSR_BF16: case TSR_F16: case TSR_C64: case TSR_C128: case TSR_F8E4M3FN: case TSR_F8E5M2:
  case TSR_F8E4M3B11FNUZ: case TSR_F8E8M0FNU: case TSR_F4E2M1FN:
    return (int64_t)dtype_load_f64(t, p, i);
  default: return 0;
  }
}

bool tsr_dtype_parse(const char *name, tsr_dtype *out) {
  static const struct { const char *alias; tsr_dtype t; } aliases[] = {
      {"float32", TSR_F32}, {"bfloat16", TSR_BF16}, {"float16", TSR_F16},
      {"int32", TSR_I32},   {"int16", TSR_I16},     {"int8", TSR_I8},
      {"uint32", TSR_U32},  {"uint16", TSR_U16},    {"uint8", TSR_U8},
      {"float64", TSR_F64}, {"int64", TSR_I64},     {"uint64", TSR_U64},
      {"i1", TSR_BOOL},     {"complex64", TSR_C64}, {"complex128", TSR_C128},
      {"float8_e4m3fn", TSR_F8E4M3FN}, {"float8_e5m2", TSR_F8E5M2}, {"int4", TSR_I4}, {"uint4", TSR_U4},
      {"float8_e4m3b11fnuz", TSR_F8E4M3B11FNUZ}, {"float8_e8m0fnu", TSR_F8E8M0FNU},
      {"float4_e2m1fn", TSR_F4E2M1FN},
  };
  for (int t = 0; t < TSR_DTYPE_COUNT; t++)
    if (strcmp(name, traits[t].name) == 0) { *out = (tsr_dtype)t; return true; }
  for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
    if (strcmp(name, aliases[i].alias) == 0) { *out = aliases[i].t; return true; }
  return false;
}

tsr_status tsr_dtype_check_tpu(tsr_dtype t, const char *what) {
  if ((unsigned)t >= TSR_DTYPE_COUNT) return tsr_fail(TSR_ERR_INVALID, "%s: invalid dtype %d", what, (int)t);
  if (!traits[t].tpu_ok)
    return tsr_fail(TSR_ERR_UNSUPPORTED,
                    "%s: dtype %s is not supported on TPU (64-bit arrays are rejected; use a "
                    "32-bit type)", what, traits[t].name);
  return TSR_OK;
}

static uint32_t f32_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float bits_f32(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

float tsr_bf16_to_f32(uint16_t v) { return bits_f32((uint32_t)v << 16); }

uint16_t tsr_f32_to_bf16(float v) { return dtype_f32_to_bf16(v); }

float tsr_f16_to_f32(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1fu, man = h & 0x3ffu;
  if (exp == 0x1f) return bits_f32(sign | 0x7f800000u | (man << 13));
  if (exp == 0) {
    if (man == 0) return bits_f32(sign);
    /* subnormal: value = man * 2^-24 */
    float f = (float)man * (1.0f / 16777216.0f);
    return sign ? -f : f;
  }
  return bits_f32(sign | ((exp + 112u) << 23) | (man << 13));
}

uint16_t tsr_f32_to_f16(float v) {
  uint32_t u = f32_bits(v);
  uint16_t sign = (uint16_t)((u >> 16) & 0x8000u);
  uint32_t a = u & 0x7fffffffu;
  if (a > 0x7f800000u) return (uint16_t)(sign | 0x7e00u | ((a >> 13) & 0x3ffu));
  if (a >= 0x477ff000u) return (uint16_t)(sign | 0x7c00u); /* rounds to inf */
  if (a < 0x38800000u) {                                  /* subnormal or zero in f16 */
    if (a < 0x33000000u) return sign;                     /* below half the smallest */
    uint32_t exp = a >> 23, man = (a & 0x7fffffu) | 0x800000u;
    uint32_t shift = 126u - exp; /* 14..24 */
    uint32_t q = man >> shift, rem = man & ((1u << shift) - 1u), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (q & 1u))) q++;
    return (uint16_t)(sign | q);
  }
  uint32_t r = a + 0xfffu + ((a >> 13) & 1u) - (112u << 23);
  return (uint16_t)(sign | (r >> 13));
}

/* ---- float8 (e4m3fn: no infinities, one NaN pattern; e5m2: IEEE-like) ----------------------- */

/* A float8 of `eb` exponent and `mb` mantissa bits (bias 2^(eb-1) - 1), round to nearest even.
 * e4m3fn (fn) spends its top pattern on NaN and has no infinity: what rounds past 448 is NaN,
 * as ml_dtypes converts; e5m2 overflows to infinity. */
static uint8_t f32_to_f8(float v, int eb, int mb, bool fn) {
  int bias = (1 << (eb - 1)) - 1;
  uint8_t sign = signbit(v) ? 0x80 : 0, nan = fn ? 0x7F : 0x7E, inf = (uint8_t)(((1 << eb) - 1) << mb);
  if (v != v) return nan;
  double a = fabs((double)v);
  if (isinf(a)) return fn ? nan : (uint8_t)(sign | inf);
  if (a == 0) return sign;
  int e;
  frexp(a, &e);
  e -= 1; /* a = 1.f * 2^e */
  if (e < 1 - bias) e = 1 - bias; /* subnormal: the smallest normal's scale */
  double q = nearbyint(ldexp(a, mb - e)); /* significand with mb fraction bits, rounded */
  if (q >= ldexp(1.0, mb + 1)) { q /= 2; e++; }
  uint32_t exp_field = q < ldexp(1.0, mb) ? 0u : (uint32_t)(e + bias);
  uint32_t bits = (exp_field << mb) | ((uint32_t)q & ((1u << mb) - 1u));
  if (fn ? bits >= 0x7Fu : exp_field >= (uint32_t)((1 << eb) - 1)) return fn ? nan : (uint8_t)(sign | inf);
  return (uint8_t)(sign | bits);
}

static float f8_to_f32(uint8_t h, int eb, int mb, bool fn) {
  int bias = (1 << (eb - 1)) - 1, exp_max = (1 << eb) - 1;
  int e = (h >> mb) & exp_max, m = h & ((1 << mb) - 1);
  float sign = (h & 0x80) ? -1.0f : 1.0f;
  if (fn ? (h & 0x7F) == 0x7F : e == exp_max) return fn || m ? NAN : sign * INFINITY;
  if (e == 0) return sign * ldexpf((float)m, 1 - bias - mb);
  return sign * ldexpf((float)(m | (1 << mb)), e - bias - mb);
}

uint8_t tsr_f32_to_f8e4m3fn(float v) { return f32_to_f8(v, 4, 3, true); }
float tsr_f8e4m3fn_to_f32(uint8_t h) { return f8_to_f32(h, 4, 3, true); }
uint8_t tsr_f32_to_f8e5m2(float v) { return f32_to_f8(v, 5, 2, false); }
float tsr_f8e5m2_to_f32(uint8_t h) { return f8_to_f32(h, 5, 2, false); }

/* fnuz: the sign bit over a zero pattern is NaN, so zero has one sign; every other pattern is
 * a number (the top exponent too), bias 11 */
uint8_t tsr_f32_to_f8e4m3b11fnuz(float v) {
  if (v != v || isinf(v)) return 0x80;
  double a = fabs((double)v);
  if (a == 0) return 0;
  int e;
  frexp(a, &e);
  e -= 1;
  if (e < -10) e = -10; /* subnormal: the smallest normal's scale, 2^(1 - 11) */
  double q = nearbyint(ldexp(a, 3 - e));
  if (q >= 16) { q /= 2; e++; }
  uint32_t exp_field = q < 8 ? 0u : (uint32_t)(e + 11);
  if (exp_field > 15) return 0x80;
  uint32_t bits = (exp_field << 3) | ((uint32_t)q & 7u);
  return (uint8_t)(bits && signbit(v) ? 0x80 | bits : bits);
}

float tsr_f8e4m3b11fnuz_to_f32(uint8_t h) {
  if (h == 0x80) return NAN;
  int e = (h >> 3) & 15, m = h & 7;
  float sign = (h & 0x80) ? -1.0f : 1.0f;
  if (e == 0) return sign * ldexpf((float)m, -13);
  return sign * ldexpf((float)(m | 8), e - 14);
}

uint8_t tsr_f32_to_f8e8m0fnu(float v) {
  if (!(v > 0) || isinf(v)) return 0xFF; /* NaN, zero, negatives and infinity have no pattern */
  int e;
  double m = frexp((double)v, &e); /* v = m * 2^e, m in [0.5, 1): 2m * 2^(e - 1) */
  int field = e - 1 + 127 + (m >= 0.75); /* the nearer power of two, halfway up */
  if (field < 0) return 0;               /* below 2^-127, the smallest */
  return field > 254 ? 0xFF : (uint8_t)field;
}

float tsr_f8e8m0fnu_to_f32(uint8_t h) { return h == 0xFF ? NAN : ldexpf(1.0f, (int)h - 127); }

/* The magnitudes of the eight e2m1 codes are 0.5 apart below 2, 1 apart below 4, and 2 apart
 * from 4 to 6: a value rounds to the nearest multiple of its range's step. Within each range
 * the code runs with the multiple (code 2q, q + 2, q + 4 for q steps of 0.5, 1, 2), so an even
 * multiple is an even code and nearbyint's ties to even are the format's. */
uint8_t tsr_f32_to_f4e2m1fn(float v) {
  if (v != v) return 0x8;
  uint8_t sign = signbit(v) ? 0x8 : 0;
  double a = fabs((double)v);
  if (a >= 6) return (uint8_t)(sign | 0x7); /* saturates: infinities too */
  double step = a < 2 ? 0.5 : a < 4 ? 1 : 2;
  double r = nearbyint(a / step) * step; /* may round up into the next range: 2, 4 or 6 */
  uint8_t code = (uint8_t)(r < 2 ? 2 * r : r < 4 ? r + 2 : r / 2 + 4);
  return (uint8_t)(sign | code);
}

float tsr_f4e2m1fn_to_f32(uint8_t h) {
  static const float mag[8] = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f, 6.0f};
  return (h & 0x8) ? -mag[h & 7] : mag[h & 7];
}
