/* Per-dtype traits, one row for each entry of TSR_DTYPE_LIST (tessera/core.h), and reading an
 * element of any dtype as a number: what the layers used to spell out in switches of their
 * own. Writing back stays with each layer, since rounding and overflow are numerics (HLO's
 * and Mosaic's differ). */
#ifndef TSR_CORE_DTYPE_H
#define TSR_CORE_DTYPE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "tessera/core.h"

typedef struct dtype_traits {
  const char *name;
  unsigned char bytes;
  bool is_float, is_signed, tpu_ok;
  unsigned char poison; /* the byte fresh blocks are filled with: 0xFF for floats (a NaN in
                         * f32, bf16 and f16), 0xA5 for integers (a value kernels rarely make) */
  double min, max;      /* integers: the range of the stored bits (bool: of its i32); floats, complex: 0 */
} dtype_traits;

/* The row of t; an invalid t gets a row of zeros named "?". */
const dtype_traits *dtype_traits_of(tsr_dtype t);

/* Element i of an array of dtype t, as a double (exact up to 53 bits) and as an int64
 * (integers sign- or zero-extended; floats truncated toward zero). Semaphores read as their
 * int64 counts. */
double dtype_load_f64(tsr_dtype t, const void *p, int64_t i);
int64_t dtype_load_i64(tsr_dtype t, const void *p, int64_t i);

/* The 4-bit types (int4, uint4, float4_e2m1fn): a byte an element in host arrays and
 * tessera's memory (the value in the low nibble; int4 sign-extended to the byte), 4 bits in
 * a TPU's words and in XLA's buffers. */
static inline bool dtype_is_nibble(tsr_dtype t) { return t == TSR_I4 || t == TSR_U4 || t == TSR_F4E2M1FN; }

/* tsr_f32_to_bf16 (round to nearest even, NaN kept and made quiet), inline: a loop over it
 * compiles to vector code, as the rounding of every f32 MXU operand does. */
static inline uint16_t dtype_f32_to_bf16(float v) {
  uint32_t u;
  memcpy(&u, &v, sizeof u);
  if ((u & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((u >> 16) | 0x40);
  u += 0x7fffu + ((u >> 16) & 1u);
  return (uint16_t)(u >> 16);
}

#endif
