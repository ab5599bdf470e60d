/* The carry watch (carry.h). Almost every kernel writes its scratch and output blocks whole,
 * so a region is tracked byte by byte only between a partial write and the write that
 * completes it; once every region is whole, an access costs one comparison. */
#include "pipeline/carry.h"

#include "core/strided.h"

#include <stdlib.h>
#include <string.h>

enum carry_state { CARRY_EMPTY, CARRY_NONE, CARRY_SOME, CARRY_ALL };

bool pipe_carry_init(pipe_carry_watch *w, int n) {
  memset(w, 0, sizeof *w);
  w->r = calloc((size_t)(n > 0 ? n : 1), sizeof *w->r);
  w->n = w->r ? n : 0;
  return w->r != NULL;
}

void pipe_carry_free(pipe_carry_watch *w) {
  for (int i = 0; i < w->n; i++) free(w->r[i].written);
  free(w->r);
  memset(w, 0, sizeof *w);
}

static bool is_open(const pipe_carry_region *r) { return r->state == CARRY_NONE || r->state == CARRY_SOME; }

void pipe_carry_restart(pipe_carry_watch *w, int i, const void *base, size_t bytes) {
  pipe_carry_region *r = &w->r[i];
  if (is_open(r)) w->open--;
  r->base = base;
  r->bytes = bytes;
  r->state = bytes ? CARRY_NONE : CARRY_EMPTY;
  if (is_open(r)) w->open++;
}

/* Calls fn on each contiguous byte run of a window, innermost dimension first. */
typedef void (*run_fn)(pipe_carry_watch *w, pipe_carry_region *r, const char *p, size_t n, bool read, bool write);

static void each_run(pipe_carry_watch *w, pipe_carry_region *r, const tsr_ref *v, bool read, bool write, run_fn fn) {
  size_t es = tsr_dtype_size(v->dtype);
  strided_rows rows; /* rows as long as the layout allows: a contiguous window is one */
  if (!strided_rows_start(&rows, v->rank, v->shape, v->stride, NULL)) return;
  do {
    const char *p = v->data + rows.at[0] * (int64_t)es;
    if (rows.step[0] == 1) fn(w, r, p, (size_t)rows.len * es, read, write);
    else for (int64_t j = 0; j < rows.len; j++) fn(w, r, p + j * rows.step[0] * (int64_t)es, es, read, write);
  } while (strided_rows_next(&rows));
}

static void on_run(pipe_carry_watch *w, pipe_carry_region *r, const char *p, size_t n, bool read, bool write) {
  const char *lo = p > r->base ? p : r->base;
  const char *hi = p + n < r->base + r->bytes ? p + n : r->base + r->bytes;
  if (lo >= hi || !is_open(r)) return;
  size_t a = (size_t)(lo - r->base), b = (size_t)(hi - r->base);
  if (read && (r->state == CARRY_NONE || memchr(r->written + a, 0, b - a))) w->inherited = true;
  if (!write) return;
  if (r->state == CARRY_NONE) {
    if (a == 0 && b == r->bytes) {
      r->state = CARRY_ALL;
      w->open--;
      return;
    }
    if (r->cap < r->bytes) {
      unsigned char *m = realloc(r->written, r->bytes);
      if (!m) { w->inherited = true; return; } /* cannot tell: as if inherited (the safe side) */
      r->written = m;
      r->cap = r->bytes;
    }
    memset(r->written, 0, r->bytes);
    r->unwritten = r->bytes;
    r->state = CARRY_SOME;
  }
  for (size_t k = a; k < b; k++) {
    r->unwritten -= r->written[k] == 0;
    r->written[k] = 1;
  }
  if (r->unwritten == 0) {
    r->state = CARRY_ALL;
    w->open--;
  }
}

bool pipe_carry_whole(const pipe_carry_watch *w, int i) { return !is_open(&w->r[i]); }

void pipe_carry_access(pipe_carry_watch *w, const tsr_ref *window, bool read, bool write) {
  if (w->open == 0) return;
  uintptr_t lo, hi;
  tsr_ref_span(window, &lo, &hi);
  for (int i = 0; i < w->n; i++) {
    pipe_carry_region *r = &w->r[i];
    uintptr_t b = (uintptr_t)r->base;
    if (!is_open(r) || hi <= b || lo >= b + r->bytes) continue;
    each_run(w, r, window, read, write, on_run);
  }
}
