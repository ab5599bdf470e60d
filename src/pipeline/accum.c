/* Accumulator buffered refs: the seed's set_accumulator and accumulate. */
#include <string.h>

#include "core/dtype.h"
#include "core/strided.h"
#include "pipeline/engine.h"

static double load(const char *p, tsr_dtype t) { return dtype_load_f64(t, p, 0); }

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

/* Calls fn on each row (the last dimension) of two equally shaped windows. */
typedef void (*row_fn)(char *x, int64_t xs, char *y, int64_t ys, int64_t n, const pipe_bref *b);

static void for_rows(const tsr_ref *x, const tsr_ref *y, row_fn fn, const pipe_bref *b) {
  strided_rows w;
  if (!strided_rows_start(&w, x->rank, x->shape, x->stride, y->stride)) return;
  int64_t ex = (int64_t)tsr_dtype_size(x->dtype), ey = (int64_t)tsr_dtype_size(y->dtype);
  do fn(x->data + w.at[0] * ex, w.step[0], y->data + w.at[1] * ey, w.step[1], w.len, b);
  while (strided_rows_next(&w));
}

/* x: the accumulator, y: the current block */
static void set_row(char *x, int64_t xs, char *y, int64_t ys, int64_t n, const pipe_bref *b) {
  tsr_dtype tx = b->accum.dtype, ty = b->slot[b->current_slot].dtype;
  size_t ex = tsr_dtype_size(tx), ey = tsr_dtype_size(ty);
  if (tx == ty && xs == 1 && ys == 1) { memcpy(x, y, (size_t)n * ex); return; }
  for (int64_t i = 0; i < n; i++) store(x + i * xs * (int64_t)ex, tx, load(y + i * ys * (int64_t)ey, ty));
}

/* x: the current block += y: the accumulator; f32 sums (i32 for i32 outputs) */
static void add_row(char *x, int64_t xs, char *y, int64_t ys, int64_t n, const pipe_bref *b) {
  tsr_dtype tx = b->slot[b->current_slot].dtype, ty = b->accum.dtype;
  if (tx == TSR_F32 && ty == TSR_F32) {
    float *fx = (float *)(void *)x;
    const float *fy = (const float *)(void *)y;
    for (int64_t i = 0; i < n; i++) fx[i * xs] += fy[i * ys];
    return;
  }
  size_t ex = tsr_dtype_size(tx), ey = tsr_dtype_size(ty);
  for (int64_t i = 0; i < n; i++) {
    char *px = x + i * xs * (int64_t)ex, *py = y + i * ys * (int64_t)ey;
    if (tx == TSR_I32) {
      /* i32 outputs add in i32, wrapping as XLA's integer add does. */
      int32_t a, c;
      memcpy(&a, px, 4);
      memcpy(&c, py, 4);
      uint32_t z = (uint32_t)a + (uint32_t)c;
      memcpy(px, &z, 4);
    } else {
      float sum = (float)load(px, tx) + (float)load(py, ty);
      store(px, tx, (double)sum);
    }
  }
}

void pipe_bref_set_accumulator(pipe_bref *b, bool init) {
  if (init) {
    /* Zero in any dtype is all-zero bytes; the accumulator is a dense block. */
    memset(b->accum.data, 0, tsr_ref_bytes(&b->accum));
    return;
  }
  for_rows(&b->accum, &b->slot[b->current_slot], set_row, b);
}

void pipe_bref_accumulate(pipe_bref *b) {
  for_rows(&b->slot[b->current_slot], &b->accum, add_row, b);
}
