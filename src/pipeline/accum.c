/* Accumulator buffered refs: the seed's set_accumulator and accumulate. */
#include <string.h>

#include "pipeline/engine.h"

/* Element i of a (rank <= TSR_MAX_RANK) window, walked in row-major order. */
static char *elem_at(const tsr_ref *r, int64_t flat) {
  int64_t off = 0;
  for (int d = r->rank - 1; d >= 0; d--) {
    off += (flat % r->shape[d]) * r->stride[d];
    flat /= r->shape[d];
  }
  return r->data + off * (int64_t)tsr_dtype_size(r->dtype);
}

static double load(const char *p, tsr_dtype t) {
  switch (t) {
  case TSR_F32: { float v; memcpy(&v, p, 4); return v; }
  case TSR_BF16: { uint16_t v; memcpy(&v, p, 2); return tsr_bf16_to_f32(v); }
  case TSR_F16: { uint16_t v; memcpy(&v, p, 2); return tsr_f16_to_f32(v); }
  case TSR_I32: case TSR_BOOL: { int32_t v; memcpy(&v, p, 4); return v; }
  case TSR_U32: { uint32_t v; memcpy(&v, p, 4); return v; }
  case TSR_I16: { int16_t v; memcpy(&v, p, 2); return v; }
  case TSR_U16: { uint16_t v; memcpy(&v, p, 2); return v; }
  case TSR_I8: return (int8_t)*p;
  case TSR_U8: return (uint8_t)*p;
  default: return 0;
  }
}

/* Integer targets take the value truncated toward zero, as astype does for in-range values;
 * out-of-range sums wrap through int64 instead of being undefined behaviour. */
static void store(char *p, tsr_dtype t, double v) {
  int64_t iv = v != v ? 0 : v >= 9.2e18 ? INT64_MAX : v <= -9.2e18 ? INT64_MIN : (int64_t)v;
  switch (t) {
  case TSR_F32: { float f = (float)v; memcpy(p, &f, 4); break; }
  case TSR_BF16: { uint16_t h = tsr_f32_to_bf16((float)v); memcpy(p, &h, 2); break; }
  case TSR_F16: { uint16_t h = tsr_f32_to_f16((float)v); memcpy(p, &h, 2); break; }
  case TSR_I32: case TSR_BOOL: case TSR_U32: { uint32_t u = (uint32_t)iv; memcpy(p, &u, 4); break; }
  case TSR_I16: case TSR_U16: { uint16_t u = (uint16_t)iv; memcpy(p, &u, 2); break; }
  case TSR_I8: case TSR_U8: *p = (char)(uint8_t)iv; break;
  default: break;
  }
}

void bref_set_accumulator(bref *b, bool init) {
  const tsr_ref *cur = &b->slot[b->current_slot];
  int64_t n = tsr_ref_numel(&b->accum);
  for (int64_t i = 0; i < n; i++)
    store(elem_at(&b->accum, i), b->accum.dtype, init ? 0.0 : load(elem_at(cur, i), cur->dtype));
}

void bref_accumulate(bref *b) {
  const tsr_ref *cur = &b->slot[b->current_slot];
  int64_t n = tsr_ref_numel(&b->accum);
  if (cur->dtype == TSR_I32) {
    /* i32 outputs add in i32 (wrapping, as XLA's integer add). */
    for (int64_t i = 0; i < n; i++) {
      int32_t x, y;
      memcpy(&x, elem_at(cur, i), 4);
      memcpy(&y, elem_at(&b->accum, i), 4);
      uint32_t z = (uint32_t)x + (uint32_t)y;
      memcpy(elem_at(cur, i), &z, 4);
    }
    return;
  }
  for (int64_t i = 0; i < n; i++) {
    float x = (float)load(elem_at(cur, i), cur->dtype), y = (float)load(elem_at(&b->accum, i), b->accum.dtype);
    store(elem_at(cur, i), cur->dtype, (double)(x + y));
  }
}
