/* Element access for the interpreter: values (read as double or int64, core/dtype.h) written
 * back with StableHLO's rounding (floats) or wrap-around (integers), and conversions. */
#include <math.h>
#include <string.h>

#include "hlo/hlo_internal.h"

double complex hlo_ld_c(tsr_dtype t, const void *p, int64_t i) {
  switch (t) {
  case TSR_C64: return CMPLX(((const float *)p)[2 * i], ((const float *)p)[2 * i + 1]);
  case TSR_C128: return CMPLX(((const double *)p)[2 * i], ((const double *)p)[2 * i + 1]);
  default: return CMPLX(dtype_load_f64(t, p, i), 0.0);
  }
}

void hlo_st_c(tsr_dtype t, void *p, int64_t i, double complex v) {
  switch (t) {
  case TSR_C64: ((float *)p)[2 * i] = (float)creal(v); ((float *)p)[2 * i + 1] = (float)cimag(v); break;
  case TSR_C128: ((double *)p)[2 * i] = creal(v); ((double *)p)[2 * i + 1] = cimag(v); break;
  default: hlo_st_f(t, p, i, creal(v)); break;
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
  case TSR_F8E4M3FN: ((uint8_t *)p)[i] = tsr_f32_to_f8e4m3fn(to_f32_odd(v)); break;
  case TSR_F8E5M2: ((uint8_t *)p)[i] = tsr_f32_to_f8e5m2(to_f32_odd(v)); break;
  case TSR_F8E4M3B11FNUZ: ((uint8_t *)p)[i] = tsr_f32_to_f8e4m3b11fnuz(to_f32_odd(v)); break;
  case TSR_F8E8M0FNU: ((uint8_t *)p)[i] = tsr_f32_to_f8e8m0fnu(to_f32_odd(v)); break;
  case TSR_F4E2M1FN: ((uint8_t *)p)[i] = tsr_f32_to_f4e2m1fn(to_f32_odd(v)); break;
  case TSR_C64: case TSR_C128: hlo_st_c(t, p, i, CMPLX(v, 0.0)); break;
  default: hlo_st_i(t, p, i, (int64_t)v); break;
  }
}

void hlo_st_i(tsr_dtype t, void *p, int64_t i, int64_t v) {
  switch (t) {
  case TSR_I8: case TSR_U8: ((uint8_t *)p)[i] = (uint8_t)v; break;
  case TSR_I4: ((int8_t *)p)[i] = (int8_t)((int8_t)(uint8_t)((uint64_t)v << 4) >> 4); break; /* wrapped, sign-extended */
  case TSR_U4: ((uint8_t *)p)[i] = (uint8_t)(v & 15); break; /* wrapped */
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
  switch (t) {
  case TSR_U64:
    if (v <= 0) return 0;
    if (v >= 18446744073709551616.0) return -1;
    return (int64_t)(uint64_t)v;
  case TSR_I64:
    if (v <= -9223372036854775808.0) return INT64_MIN;
    if (v >= 9223372036854775808.0) return INT64_MAX;
    return (int64_t)v;
  default: {
    const dtype_traits *tr = dtype_traits_of(t); /* 8 to 32 bits: the range is exact */
    v = trunc(v);
    return (int64_t)(v < tr->min ? tr->min : v > tr->max ? tr->max : v);
  }
  }
}

void hlo_convert_elem(tsr_dtype dt, void *dst, tsr_dtype st, const void *src, int64_t i) {
  bool sf = tsr_dtype_is_float(st), df = tsr_dtype_is_float(dt);
  bool sc = tsr_dtype_is_complex(st), dc = tsr_dtype_is_complex(dt);
  if (dt == TSR_BOOL) {
    /* a complex value converts through its real part, as to any real type */
    ((int32_t *)dst)[i] = sf || sc ? dtype_load_f64(st, src, i) != 0 : dtype_load_i64(st, src, i) != 0;
  } else if (dc) {
    hlo_st_c(dt, dst, i, sc ? hlo_ld_c(st, src, i) : CMPLX(dtype_load_f64(st, src, i), 0.0));
  } else if (df) {
    /* bf16 from f32 goes straight to the bf16 rounding (no detour); a 64-bit integer
     * rounds once, not to double first */
    if (st == TSR_F32 && dt == TSR_BF16) ((uint16_t *)dst)[i] = tsr_f32_to_bf16(((const float *)src)[i]);
    else if (dt == TSR_F32 && st == TSR_U64) ((float *)dst)[i] = (float)(uint64_t)dtype_load_i64(st, src, i);
    else if (dt == TSR_F32 && st == TSR_I64) ((float *)dst)[i] = (float)dtype_load_i64(st, src, i);
    else hlo_st_f(dt, dst, i, dtype_load_f64(st, src, i)); /* a complex source gives its real part */
  } else if (sf || sc) {
    hlo_st_i(dt, dst, i, float_to_int(dtype_load_f64(st, src, i), dt));
  } else {
    hlo_st_i(dt, dst, i, dtype_load_i64(st, src, i));
  }
}
