/* Element access for the interpreter: any dtype read as double or int64 and written back
 * with StableHLO's rounding (floats) or wrap-around (integers), and strided view copies. */
#include <math.h>
#include <string.h>

#include "hlo/hlo_internal.h"

double hlo_ld_f(tsr_dtype t, const void *p, int64_t i) {
  switch (t) {
  case TSR_F32: return ((const float *)p)[i];
  case TSR_F64: return ((const double *)p)[i];
  case TSR_BF16: return tsr_bf16_to_f32(((const uint16_t *)p)[i]);
  case TSR_F16: return tsr_f16_to_f32(((const uint16_t *)p)[i]);
  case TSR_U64: return (double)(uint64_t)((const uint64_t *)p)[i];
  case TSR_C64: return ((const float *)p)[2 * i];
  case TSR_C128: return ((const double *)p)[2 * i];
  default: return (double)hlo_ld_i(t, p, i);
  }
}

double complex hlo_ld_c(tsr_dtype t, const void *p, int64_t i) {
  switch (t) {
  case TSR_C64: return CMPLX(((const float *)p)[2 * i], ((const float *)p)[2 * i + 1]);
  case TSR_C128: return CMPLX(((const double *)p)[2 * i], ((const double *)p)[2 * i + 1]);
  default: return CMPLX(hlo_ld_f(t, p, i), 0.0);
  }
}

void hlo_st_c(tsr_dtype t, void *p, int64_t i, double complex v) {
  switch (t) {
  case TSR_C64: ((float *)p)[2 * i] = (float)creal(v); ((float *)p)[2 * i + 1] = (float)cimag(v); break;
  case TSR_C128: ((double *)p)[2 * i] = creal(v); ((double *)p)[2 * i + 1] = cimag(v); break;
  default: hlo_st_f(t, p, i, creal(v)); break;
  }
}

int64_t hlo_ld_i(tsr_dtype t, const void *p, int64_t i) {
  switch (t) {
  case TSR_I8: return ((const int8_t *)p)[i];
  case TSR_I16: return ((const int16_t *)p)[i];
  case TSR_I32: case TSR_BOOL: return ((const int32_t *)p)[i];
  case TSR_I64: case TSR_U64: return ((const int64_t *)p)[i];
  case TSR_U8: return ((const uint8_t *)p)[i];
  case TSR_U16: return ((const uint16_t *)p)[i];
  case TSR_U32: return ((const uint32_t *)p)[i];
  default: return (int64_t)hlo_ld_f(t, p, i); /* floats and complex (the real part) */
  }
}

/* v rounded to f32 toward zero, with the last bit set when that was inexact (round to odd):
 * rounding this to bf16 or f16 (13 or more bits shorter) gives v correctly rounded, where
 * rounding through the nearest f32 could round twice. */
static float to_f32_odd(double v) {
  float f = (float)v;
  if ((double)f == v || isnan(v) || isinf(f)) return f;
  if (fabs((double)f) > fabs(v)) f = nextafterf(f, 0.0f);
  uint32_t u;
  memcpy(&u, &f, 4);
  u |= 1;
  memcpy(&f, &u, 4);
  return f;
}

void hlo_st_f(tsr_dtype t, void *p, int64_t i, double v) {
  switch (t) {
  case TSR_F32: ((float *)p)[i] = (float)v; break;
  case TSR_F64: ((double *)p)[i] = v; break;
  case TSR_BF16: ((uint16_t *)p)[i] = tsr_f32_to_bf16(to_f32_odd(v)); break;
  case TSR_F16: ((uint16_t *)p)[i] = tsr_f32_to_f16(to_f32_odd(v)); break;
  case TSR_C64: case TSR_C128: hlo_st_c(t, p, i, CMPLX(v, 0.0)); break;
  default: hlo_st_i(t, p, i, (int64_t)v); break;
  }
}

void hlo_st_i(tsr_dtype t, void *p, int64_t i, int64_t v) {
  switch (t) {
  case TSR_I8: case TSR_U8: ((uint8_t *)p)[i] = (uint8_t)v; break;
  case TSR_I16: case TSR_U16: ((uint16_t *)p)[i] = (uint16_t)v; break;
  case TSR_I32: case TSR_U32: ((uint32_t *)p)[i] = (uint32_t)v; break;
  case TSR_I64: case TSR_U64: ((uint64_t *)p)[i] = (uint64_t)v; break;
  case TSR_BOOL: ((int32_t *)p)[i] = v != 0; break;
  case TSR_C64: case TSR_C128: hlo_st_c(t, p, i, CMPLX((double)v, 0.0)); break;
  default: hlo_st_f(t, p, i, (double)v); break;
  }
}

/* Saturating float-to-integer conversion with NaN -> 0, as XLA converts on CPU and TPU. */
static int64_t float_to_int(double v, tsr_dtype t) {
  if (isnan(v)) return 0;
  double lo, hi;
  switch (t) {
  case TSR_I8: lo = -128; hi = 127; break;
  case TSR_I16: lo = -32768; hi = 32767; break;
  case TSR_I32: lo = -2147483648.0; hi = 2147483647.0; break;
  case TSR_U8: lo = 0; hi = 255; break;
  case TSR_U16: lo = 0; hi = 65535; break;
  case TSR_U32: lo = 0; hi = 4294967295.0; break;
  case TSR_U64:
    if (v <= 0) return 0;
    if (v >= 18446744073709551616.0) return -1;
    return (int64_t)(uint64_t)v;
  default: /* I64 */
    if (v <= -9223372036854775808.0) return INT64_MIN;
    if (v >= 9223372036854775808.0) return INT64_MAX;
    return (int64_t)v;
  }
  v = trunc(v);
  return (int64_t)(v < lo ? lo : v > hi ? hi : v);
}

void hlo_convert_elem(tsr_dtype dt, void *dst, tsr_dtype st, const void *src, int64_t i) {
  bool sf = tsr_dtype_is_float(st), df = tsr_dtype_is_float(dt);
  bool sc = tsr_dtype_is_complex(st), dc = tsr_dtype_is_complex(dt);
  if (dt == TSR_BOOL) {
    /* a complex value converts through its real part, as to any real type */
    ((int32_t *)dst)[i] = sf || sc ? hlo_ld_f(st, src, i) != 0 : hlo_ld_i(st, src, i) != 0;
  } else if (dc) {
    hlo_st_c(dt, dst, i, sc ? hlo_ld_c(st, src, i) : CMPLX(hlo_ld_f(st, src, i), 0.0));
  } else if (df) {
    /* bf16 from f32 goes straight to the bf16 rounding (no detour); a 64-bit integer
     * rounds once, not to double first */
    if (st == TSR_F32 && dt == TSR_BF16) ((uint16_t *)dst)[i] = tsr_f32_to_bf16(((const float *)src)[i]);
    else if (dt == TSR_F32 && st == TSR_U64) ((float *)dst)[i] = (float)(uint64_t)hlo_ld_i(st, src, i);
    else if (dt == TSR_F32 && st == TSR_I64) ((float *)dst)[i] = (float)hlo_ld_i(st, src, i);
    else hlo_st_f(dt, dst, i, hlo_ld_f(st, src, i)); /* a complex source gives its real part */
  } else if (sf || sc) {
    hlo_st_i(dt, dst, i, float_to_int(hlo_ld_f(st, src, i), dt));
  } else {
    hlo_st_i(dt, dst, i, hlo_ld_i(st, src, i));
  }
}

void hlo_copy_view(size_t esz, int rank, const int64_t *shape, char *dst, const int64_t *dst_st,
                   const char *src, const int64_t *src_st) {
  for (int d = 0; d < rank; d++)
    if (shape[d] == 0) return;
  if (rank == 0) { memcpy(dst, src, esz); return; }
  int64_t idx[TSR_MAX_RANK] = {0};
  int last = rank - 1;
  int64_t n = shape[last], ds = dst_st[last] * (int64_t)esz, ss = src_st[last] * (int64_t)esz;
  bool rows = dst_st[last] == 1 && src_st[last] == 1;
  for (;;) {
    int64_t doff = 0, soff = 0;
    for (int d = 0; d < last; d++) { doff += idx[d] * dst_st[d]; soff += idx[d] * src_st[d]; }
    char *dp = dst + doff * (int64_t)esz;
    const char *sp = src + soff * (int64_t)esz;
    if (rows) {
      memcpy(dp, sp, (size_t)n * esz);
    } else if (esz == 4 && ss == 0 && ds == 4) { /* a broadcast along the row: a fill */
      uint32_t v, *o = (uint32_t *)(void *)dp;
      memcpy(&v, sp, 4);
      for (int64_t j = 0; j < n; j++) o[j] = v;
    } else if (esz == 4) {
      for (int64_t j = 0; j < n; j++) memcpy(dp + j * ds, sp + j * ss, 4);
    } else {
      for (int64_t j = 0; j < n; j++) memcpy(dp + j * ds, sp + j * ss, esz);
    }
    int d = last - 1;
    while (d >= 0 && ++idx[d] == shape[d]) idx[d--] = 0;
    if (d < 0) break;
  }
}
