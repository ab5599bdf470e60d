/* Element access for the interpreter: any dtype read as double or int64 and written back
 * with StableHLO's rounding (floats) or wrap-around (integers). */
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
  default: return (double)hlo_ld_i(t, p, i);
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
  default: return (int64_t)hlo_ld_f(t, p, i);
  }
}

void hlo_st_f(tsr_dtype t, void *p, int64_t i, double v) {
  switch (t) {
  case TSR_F32: ((float *)p)[i] = (float)v; break;
  case TSR_F64: ((double *)p)[i] = v; break;
  /* Through f32: double rounding is possible only for f64 sources, whose results the
   * interpreter otherwise never produces for bf16/f16 (arithmetic is exact in double). */
  case TSR_BF16: ((uint16_t *)p)[i] = tsr_f32_to_bf16((float)v); break;
  case TSR_F16: ((uint16_t *)p)[i] = tsr_f32_to_f16((float)v); break;
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
  if (dt == TSR_BOOL) {
    ((int32_t *)dst)[i] = sf ? hlo_ld_f(st, src, i) != 0 : hlo_ld_i(st, src, i) != 0;
  } else if (df) {
    /* bf16 from f32 goes straight to the bf16 rounding (no detour) */
    if (st == TSR_F32 && dt == TSR_BF16) ((uint16_t *)dst)[i] = tsr_f32_to_bf16(((const float *)src)[i]);
    else hlo_st_f(dt, dst, i, hlo_ld_f(st, src, i));
  } else if (sf) {
    hlo_st_i(dt, dst, i, float_to_int(hlo_ld_f(st, src, i), dt));
  } else {
    hlo_st_i(dt, dst, i, hlo_ld_i(st, src, i));
  }
}
