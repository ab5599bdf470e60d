/* Strided index spaces: collapse, row walk, copy (strided.h). */
#include "core/strided.h"

#include <string.h>

int strided_collapse(int rank, const int64_t *shape, const int64_t *sa, const int64_t *sb, int64_t *shape_out,
                     int64_t *sa_out, int64_t *sb_out) {
  int n = 0;
  for (int d = 0; d < rank; d++) {
    if (shape[d] == 1) continue;
    if (n > 0 && sa_out[n - 1] == sa[d] * shape[d] && (!sb || sb_out[n - 1] == sb[d] * shape[d])) {
      shape_out[n - 1] *= shape[d];
      sa_out[n - 1] = sa[d];
      if (sb) sb_out[n - 1] = sb[d];
      continue;
    }
    shape_out[n] = shape[d];
    sa_out[n] = sa[d];
    if (sb) sb_out[n] = sb[d];
    n++;
  }
  return n;
}

static bool empty(int rank, const int64_t *shape) {
  for (int d = 0; d < rank; d++)
    if (shape[d] == 0) return true;
  return false;
}

/* The walk over the n dimensions strided_collapse left in w (the second view's strides too
 * when `two`). */
static void rows_init(strided_rows *w, int n, bool two) {
  if (n == 0) { /* one element: one row of one */
    w->shape[0] = 1;
    w->stride[0][0] = w->stride[1][0] = 1;
    n = 1;
  }
  if (!two)
    for (int d = 0; d < n; d++) w->stride[1][d] = 0;
  w->outer = n - 1;
  w->len = w->shape[n - 1];
  w->step[0] = w->stride[0][n - 1];
  w->step[1] = w->stride[1][n - 1];
  w->at[0] = w->at[1] = 0;
  w->row = 0;
  for (int d = 0; d < w->outer; d++) w->idx[d] = 0;
}

bool strided_rows_start(strided_rows *w, int rank, const int64_t *shape, const int64_t *sa, const int64_t *sb) {
  if (empty(rank, shape)) return false;
  rows_init(w, strided_collapse(rank, shape, sa, sb, w->shape, w->stride[0], w->stride[1]), sb != NULL);
  return true;
}

/* One row. Each element size gets a loop of its own width, which the compiler turns into
 * plain loads and stores (vectorised where the strides allow); typed pointers only where the
 * addresses are aligned to the element size. */
#define ROW_LOOP(T)                                                             \
  do {                                                                          \
    T *o_ = (T *)(void *)d;                                                     \
    const T *i_ = (const T *)(const void *)s;                                   \
    if (ds == 1 && ss == 0) { /* a broadcast along the row: a fill */           \
      T v_ = i_[0];                                                             \
      for (int64_t j = 0; j < n; j++) o_[j] = v_;                               \
    } else if (ds == 1) { /* a gather into a dense row */                       \
      for (int64_t j = 0; j < n; j++) o_[j] = i_[j * ss];                       \
    } else {                                                                    \
      for (int64_t j = 0; j < n; j++) o_[j * ds] = i_[j * ss];                  \
    }                                                                           \
  } while (0)

static void copy_row(size_t es, bool aligned, char *d, int64_t ds, const char *s, int64_t ss, int64_t n) {
  if (ds == 1 && ss == 1) {
    memcpy(d, s, (size_t)n * es);
    return;
  }
  if (aligned) {
    switch (es) {
    case 4: ROW_LOOP(uint32_t); return;
    case 8: ROW_LOOP(uint64_t); return;
    case 2: ROW_LOOP(uint16_t); return;
    case 1: ROW_LOOP(uint8_t); return;
    default: break;
    }
  }
  int64_t db = ds * (int64_t)es, sb = ss * (int64_t)es;
  for (int64_t j = 0; j < n; j++) memcpy(d + j * db, s + j * sb, es);
}
#undef ROW_LOOP

void strided_copy(size_t es, int rank, const int64_t *shape, void *dst, const int64_t *ds, const void *src,
                  const int64_t *ss) {
  if (es == 0 || empty(rank, shape)) return;
  strided_rows w;
  int n = strided_collapse(rank, shape, ds, ss, w.shape, w.stride[0], w.stride[1]);
  char *d = dst;
  const char *s = src;
  bool aligned = es <= 8 && (es & (es - 1)) == 0 && (((uintptr_t)d | (uintptr_t)s) & (es - 1)) == 0;
  if (n <= 1) { /* one row (a contiguous block: one memcpy) */
    copy_row(es, aligned, d, n ? w.stride[0][0] : 1, s, n ? w.stride[1][0] : 1, n ? w.shape[0] : 1);
    return;
  }
  rows_init(&w, n, true);
  int64_t e = (int64_t)es;
  if (w.step[0] == 1 && w.step[1] == 1) { /* rows of a block: a memcpy each */
    size_t run = (size_t)w.len * es;
    do memcpy(d + w.at[0] * e, s + w.at[1] * e, run);
    while (strided_rows_next(&w));
    return;
  }
  do copy_row(es, aligned, d + w.at[0] * e, w.step[0], s + w.at[1] * e, w.step[1], w.len);
  while (strided_rows_next(&w));
}
