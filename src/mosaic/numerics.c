/* How narrow types compute: bf16/f16/f8 results are rounded (to nearest even) after every op,
 * integers narrower than 32 bits are wrapped to their width, and the PRNG behind
 * tpu.prng_random_bits. */
#include <string.h>

#include "mosaic/mosaic_internal.h"

float mosaic_round_f16(float v) { return tsr_f16_to_f32(tsr_f32_to_f16(v)); }

void mosaic_round_to_ek(float *d, int64_t n, int ek) {
  if (ek == MOSAIC_EK_BF16)
    for (int64_t i = 0; i < n; i++) d[i] = mosaic_round_bf16(d[i]);
  else if (ek == MOSAIC_EK_F16)
    for (int64_t i = 0; i < n; i++) d[i] = mosaic_round_f16(d[i]);
  else if (ek == MOSAIC_EK_F8E4M3FN)
    for (int64_t i = 0; i < n; i++) d[i] = tsr_f8e4m3fn_to_f32(tsr_f32_to_f8e4m3fn(d[i]));
  else if (ek == MOSAIC_EK_F8E5M2)
    for (int64_t i = 0; i < n; i++) d[i] = tsr_f8e5m2_to_f32(tsr_f32_to_f8e5m2(d[i]));
  else if (ek == MOSAIC_EK_F8E4M3B11FNUZ)
    for (int64_t i = 0; i < n; i++) d[i] = tsr_f8e4m3b11fnuz_to_f32(tsr_f32_to_f8e4m3b11fnuz(d[i]));
  else if (ek == MOSAIC_EK_F8E8M0FNU)
    for (int64_t i = 0; i < n; i++) d[i] = tsr_f8e8m0fnu_to_f32(tsr_f32_to_f8e8m0fnu(d[i]));
}

/* An element's bits and the f32 that holds it, both ways, for the bitcasts. Not
 * mlir_ir_float_value (src/mlir/ir.h), which gives the value of float bits as a double: the
 * trip through a double quiets a signalling NaN, and a bitcast must keep every bit
 * (tests/ops/tpu_convert_shuffle.mlir checks one). */
uint32_t mosaic_ek_float_bits(float v, int ek) {
  switch (ek) {
  case MOSAIC_EK_BF16: return tsr_f32_to_bf16(v);
  case MOSAIC_EK_F16: return tsr_f32_to_f16(v);
  case MOSAIC_EK_F8E4M3FN: return tsr_f32_to_f8e4m3fn(v);
  case MOSAIC_EK_F8E5M2: return tsr_f32_to_f8e5m2(v);
  case MOSAIC_EK_F8E4M3B11FNUZ: return tsr_f32_to_f8e4m3b11fnuz(v);
  case MOSAIC_EK_F8E8M0FNU: return tsr_f32_to_f8e8m0fnu(v);
  default: {
    uint32_t u;
    memcpy(&u, &v, 4);
    return u;
  }
  }
}

float mosaic_ek_bits_float(uint32_t bits, int ek) {
  switch (ek) {
  case MOSAIC_EK_BF16: return tsr_bf16_to_f32((uint16_t)bits);
  case MOSAIC_EK_F16: return tsr_f16_to_f32((uint16_t)bits);
  case MOSAIC_EK_F8E4M3FN: return tsr_f8e4m3fn_to_f32((uint8_t)bits);
  case MOSAIC_EK_F8E5M2: return tsr_f8e5m2_to_f32((uint8_t)bits);
  case MOSAIC_EK_F8E4M3B11FNUZ: return tsr_f8e4m3b11fnuz_to_f32((uint8_t)bits);
  case MOSAIC_EK_F8E8M0FNU: return tsr_f8e8m0fnu_to_f32((uint8_t)bits);
  default: {
    float f;
    memcpy(&f, &bits, 4);
    return f;
  }
  }
}

void mosaic_wrap_i32(int32_t *d, int64_t n, int width) {
  if (width >= 32) return;
  for (int64_t i = 0; i < n; i++) d[i] = mosaic_sext32(d[i], width);
}

/* A counter-based generator: the bits of element k after seeding are a 32-bit finalizer
 * (murmur3 fmix32) of seed and the running counter, so a kernel's random stream depends only
 * on its seeds and on how many bits it drew before, never on threads or timing. */
uint32_t mosaic_prng(uint32_t seed, uint64_t counter) {
  uint32_t h = seed ^ (uint32_t)(counter * 0x9E3779B97F4A7C15ull >> 32) ^ (uint32_t)counter;
  h ^= h >> 16;
  h *= 0x85EBCA6Bu;
  h ^= h >> 13;
  h *= 0xC2B2AE35u;
  h ^= h >> 16;
  return h;
}

/* The matmul's dense operand rows (ops_tpu.c, dense_job) come from windows whose rows lie
 * apart, often a page or more (a (128, 128) block of a 1024-wide f32 array: 4 KiB), where a
 * CPU's own prefetcher, which follows a stream within a page, starts afresh at every row. So
 * the rounding and the widening first ask for the row two ahead, a cache line at a time
 * (the plain copy, memcpy, keeps enough loads in flight without it). */
static void prefetch_row(const char *row, int64_t bytes) {
  for (int64_t b = 0; b < bytes; b += 64) __builtin_prefetch(row + b);
}

/* The MXU's operands at default precision: rows of an f32 matrix (row stride ld) rounded to
 * bf16 as mosaic_round_bf16 rounds, into dense memory. Written without a call or a branch per
 * element, so that the loop compiles to vector code: a matmul rounds both operand blocks
 * every time it runs, so this pass must cost little next to the product. */
void mosaic_round_rows_bf16(float *restrict d, const float *restrict s, int64_t rows, int64_t cols, int64_t ld) {
  for (int64_t i = 0; i < rows; i++) {
    const float *src = s + i * ld;
    float *dst = d + i * cols;
    if (i + 2 < rows) prefetch_row((const char *)(src + 2 * ld), cols * 4);
    for (int64_t j = 0; j < cols; j++) {
      uint32_t u, r;
      memcpy(&u, &src[j], 4);
      r = (u + 0x7fffu + ((u >> 16) & 1u)) & 0xffff0000u; /* to nearest even */
      if ((int32_t)(u & 0x7fffffffu) > 0x7f800000) r = (u & 0xffff0000u) | 0x00400000u; /* NaN: kept, made quiet */
      memcpy(&dst[j], &r, 4);
    }
  }
}

void mosaic_widen_rows_bf16(float *restrict d, const uint16_t *restrict s, int64_t rows, int64_t cols, int64_t ld) {
  for (int64_t i = 0; i < rows; i++) {
    const uint16_t *src = s + i * ld;
    float *dst = d + i * cols;
    if (i + 2 < rows) prefetch_row((const char *)(src + 2 * ld), cols * 2);
    for (int64_t j = 0; j < cols; j++) {
      uint32_t w = (uint32_t)src[j] << 16; /* bf16 is an f32's upper half */
      memcpy(&dst[j], &w, 4);
    }
  }
}
