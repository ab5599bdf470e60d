/* Strided index spaces: collapse, row walk, copy (strided.h). */
#include "core/strided.h"

#include "core/isa.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

static bool aligned_to(size_t es, const void *d, const void *s) {
  return es <= 8 && (es & (es - 1)) == 0 && (((uintptr_t)d | (uintptr_t)s) & (es - 1)) == 0;
}

/* ---- zips: narrow rows to and from the lanes of wider words ------------------------------ */

/* A copy whose two innermost dimensions (after strided_collapse) are a small one of P and a
 * row of L, where one side holds the P elements side by side (stride 1, the row stride P) and
 * the other holds them as P separate rows (the row dense): a packed DMA moving bf16 or int8
 * rows into the lanes of 32-bit words, or back. Element by element that side's row is a
 * stride-P walk, one element per step; as a zip it is P dense rows read (or written) together
 * and one dense row of P-element groups written (or read), which the compiler vectorizes with
 * shuffles. P and the element type are constants in each loop. */
#define ZIP_LOOP(T, P)                                                          \
  do {                                                                          \
    if (to_wide) {                                                              \
      T *o_ = (T *)(void *)d;                                                   \
      const T *i_[P];                                                           \
      for (int k = 0; k < (P); k++) i_[k] = (const T *)(const void *)(s + k * nb); \
      for (int64_t j = 0; j < len; j++)                                         \
        for (int k = 0; k < (P); k++) o_[j * (P) + k] = i_[k][j];               \
    } else {                                                                    \
      const T *i_ = (const T *)(const void *)s;                                 \
      T *o_[P];                                                                 \
      for (int k = 0; k < (P); k++) o_[k] = (T *)(void *)(d + k * nb);          \
      for (int64_t j = 0; j < len; j++)                                         \
        for (int k = 0; k < (P); k++) o_[k][j] = i_[j * (P) + k];               \
    }                                                                           \
  } while (0)

/* One zip: `len` groups of p elements of es bytes, to_wide from p rows at s (nb bytes apart)
 * into one row of groups at d, else from the row of groups at s into p rows at d. Both bases
 * aligned to es. False (nothing copied) for a shape without a loop here. */
#define ZIP_KEY(es, p) ((es) * 16 + (size_t)(p))

static bool zip_supported(size_t es, int64_t p) {
  if (p < 2 || p > 4 || es > 8) return false; /* (the key below tells p apart up to 15) */
  switch (ZIP_KEY(es, p)) {
  case ZIP_KEY(1, 2): case ZIP_KEY(1, 4): case ZIP_KEY(2, 2): case ZIP_KEY(2, 4): case ZIP_KEY(4, 2): return true;
  default: return false;
  }
}

static void zip_rows(size_t es, int64_t p, bool to_wide, char *d, const char *s, int64_t nb, int64_t len) {
  switch (ZIP_KEY(es, p)) {
  case ZIP_KEY(1, 2): ZIP_LOOP(uint8_t, 2); break;
  case ZIP_KEY(1, 4): ZIP_LOOP(uint8_t, 4); break;
  case ZIP_KEY(2, 2): ZIP_LOOP(uint16_t, 2); break;
  case ZIP_KEY(2, 4): ZIP_LOOP(uint16_t, 4); break;
  case ZIP_KEY(4, 2): ZIP_LOOP(uint32_t, 2); break;
  default: break;
  }
}
#undef ZIP_KEY
#undef ZIP_LOOP

/* The walk `w` over collapsed dimensions n > 1 as zips (above), when its two innermost
 * dimensions are one: every outer row its zip. False (nothing copied) otherwise. */
static bool copy_zips(size_t es, bool aligned, int n, const strided_rows *c, char *d, const char *s) {
  int in = n - 1, pd = n - 2;
  int64_t len = c->shape[in], p = c->shape[pd], e = (int64_t)es;
  bool to_wide = c->stride[0][pd] == 1 && c->stride[0][in] == p && c->stride[1][in] == 1;
  bool from_wide = c->stride[1][pd] == 1 && c->stride[1][in] == p && c->stride[0][in] == 1;
  if (!aligned || !(to_wide || from_wide) || !zip_supported(es, p) || len < 2) return false;
  /* the separate rows' distance, in bytes, on the side that holds them */
  int64_t nb = (to_wide ? c->stride[1][pd] : c->stride[0][pd]) * e;
  strided_rows w;
  int outer = n - 2;
  for (int k = 0; k < outer; k++) {
    w.shape[k] = c->shape[k];
    w.stride[0][k] = c->stride[0][k];
    w.stride[1][k] = c->stride[1][k];
  }
  w.shape[outer] = 1; /* one row per zip: the walk's row is the pair of inner dimensions */
  w.stride[0][outer] = w.stride[1][outer] = 1;
  rows_init(&w, outer + 1, true);
  do zip_rows(es, p, to_wide, d + w.at[0] * e, s + w.at[1] * e, nb, len);
  while (strided_rows_next(&w));
  return true;
}

static void copy_any(size_t es, int rank, const int64_t *shape, void *dst, const int64_t *ds, const void *src,
                     const int64_t *ss) {
  if (es == 0 || empty(rank, shape)) return;
  strided_rows w;
  int n = strided_collapse(rank, shape, ds, ss, w.shape, w.stride[0], w.stride[1]);
  char *d = dst;
  const char *s = src;
  bool aligned = aligned_to(es, d, s);
  if (n <= 1) { /* one row (a contiguous block: one memcpy) */
    copy_row(es, aligned, d, n ? w.stride[0][0] : 1, s, n ? w.stride[1][0] : 1, n ? w.shape[0] : 1);
    return;
  }
  if (copy_zips(es, aligned, n, &w, d, s)) return;
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

/* ---- streaming rows ---------------------------------------------------------------------- */

/* One 64-byte line from s to d. Streaming: d on a line boundary, four 16-byte streaming
 * stores, which the CPU writes to memory as one line without reading it first. Else a
 * fixed-size memcpy, which compiles to the widest loads and stores the target has. */
static inline void copy_line(char *d, const char *s, bool stream) {
#if defined(__SSE2__)
  if (stream) {
    __m128i a = _mm_loadu_si128((const void *)s), b = _mm_loadu_si128((const void *)(s + 16));
    __m128i c = _mm_loadu_si128((const void *)(s + 32)), e = _mm_loadu_si128((const void *)(s + 48));
    _mm_stream_si128((void *)d, a);
    _mm_stream_si128((void *)(d + 16), b);
    _mm_stream_si128((void *)(d + 32), c);
    _mm_stream_si128((void *)(d + 48), e);
    return;
  }
#endif
  (void)stream;
  memcpy(d, s, 64);
}

/* One contiguous row with non-temporal stores: the head up to the first 64-byte line of dst
 * and the tail after the last whole line as plain copies, every whole line in between
 * streamed. */
static void stream_row(char *d, const char *s, size_t n) {
#if defined(__SSE2__)
  size_t head = (size_t)(-(uintptr_t)d & 63);
  if (head > n) head = n;
  memcpy(d, s, head);
  d += head, s += head, n -= head;
  for (; n >= 64; n -= 64, d += 64, s += 64) copy_line(d, s, true);
#endif
  memcpy(d, s, n);
}

/* Rows shorter than this are copied plainly: a streaming store pays off for whole lines, and
 * a short row is mostly its head and tail. */
#define STREAM_MIN_ROW 1024

/* ---- copies in pieces ------------------------------------------------------------------- */

void strided_cursor_start(strided_cursor *c, size_t es, int rank, const int64_t *shape, void *dst,
                          const int64_t *ds, const void *src, const int64_t *ss, bool stream) {
  c->done = es == 0 || empty(rank, shape);
  if (c->done) return;
  rows_init(&c->w, strided_collapse(rank, shape, ds, ss, c->w.shape, c->w.stride[0], c->w.stride[1]), true);
  c->es = es;
  c->stream = stream && c->w.step[0] == 1 && c->w.step[1] == 1 && (size_t)c->w.len * es >= STREAM_MIN_ROW;
  c->d = dst;
  c->s = src;
  c->col = 0;
  c->aligned = aligned_to(es, dst, src);
}

static bool cursor_step(strided_cursor *c, size_t bytes) {
  int64_t want = (int64_t)(bytes / (c->es ? c->es : 1)), e = (int64_t)c->es;
  if (want < 1) want = 1;
  while (!c->done && want > 0) {
    strided_rows *w = &c->w;
    int64_t n = w->len - c->col < want ? w->len - c->col : want;
    char *d = c->d + (w->at[0] + c->col * w->step[0]) * e;
    const char *s = c->s + (w->at[1] + c->col * w->step[1]) * e;
    if (c->stream) {
      /* the piece ends on a line of dst where it can, so that the next starts on one: a line
       * written half by streaming stores and half by plain ones is read from memory first */
      int64_t cut = (int64_t)(((uintptr_t)d + (uintptr_t)(n * e)) & 63) / e;
      if (cut < n && c->col + n < w->len) {
        n -= cut;
        want = n; /* the piece ends here */
      }
      stream_row(d, s, (size_t)(n * e));
    } else {
      copy_row(c->es, c->aligned, d, w->step[0], s, w->step[1], n);
    }
    want -= n;
    if ((c->col += n) == w->len) {
      c->col = 0;
      c->done = !strided_rows_next(w);
    }
  }
  return !c->done;
}

/* Bytes left in the cursor's current row when both its views run contiguously there and
 * its next byte may start a fused run (a streaming destination on a line boundary); else 0. */
static int64_t run_left(const strided_cursor *c) {
  const strided_rows *w = &c->w;
  if (w->step[0] != 1 || w->step[1] != 1 || (c->es & (c->es - 1)) || c->es > 64) return 0;
  const char *d = c->d + (w->at[0] + c->col) * (int64_t)c->es;
  if (c->stream && ((uintptr_t)d & 63)) return 0;
  return (w->len - c->col) * (int64_t)c->es;
}

#define FUSED_TURN 256 /* bytes each copy moves in its turn: four lines */

static void cursors_run(strided_cursor *cur, int n, size_t piece) {
  enum { MAX = 16 };
  bool streamed = false;
  for (int a = 0; a < n; a++) streamed |= cur[a].stream;
  for (int base = 0; base < n; base += MAX) {
    strided_cursor *c = cur + base;
    int k = n - base < MAX ? n - base : MAX;
    for (bool more = true; more;) {
      /* While every unfinished copy has a contiguous stretch left in its row, all advance
       * together a line at a time, four lines a turn, with no call per piece. */
      int64_t span = INT64_MAX;
      int live = 0;
      for (int a = 0; a < k; a++) {
        if (c[a].done) continue;
        int64_t left = run_left(&c[a]);
        span = left < span ? left : span;
        live++;
      }
      if (live == 0) break;
      span -= span % FUSED_TURN;
      if (span > 0) {
        char *d[MAX];
        const char *s[MAX];
        bool st[MAX];
        int m = 0;
        for (int a = 0; a < k; a++) {
          if (c[a].done) continue;
          const strided_rows *w = &c[a].w;
          d[m] = c[a].d + (w->at[0] + c[a].col) * (int64_t)c[a].es;
          s[m] = c[a].s + (w->at[1] + c[a].col) * (int64_t)c[a].es;
          st[m++] = c[a].stream;
        }
        for (int64_t off = 0; off < span; off += FUSED_TURN)
          for (int j = 0; j < m; j++)
            for (int l = 0; l < FUSED_TURN; l += 64) copy_line(d[j] + off + l, s[j] + off + l, st[j]);
        for (int a = 0; a < k; a++) {
          if (c[a].done) continue;
          strided_rows *w = &c[a].w;
          if ((c[a].col += span / (int64_t)c[a].es) == w->len) {
            c[a].col = 0;
            c[a].done = !strided_rows_next(w);
          }
        }
        continue;
      }
      /* Row ends, heads up to a line, strided rows: a piece each, the general way. */
      more = false;
      for (int a = 0; a < k; a++)
        if (!c[a].done) more |= cursor_step(&c[a], piece);
    }
  }
  if (streamed) strided_fence();
}

/* ---- streaming copies ------------------------------------------------------------------- */

static void copy_stream(size_t es, int rank, const int64_t *shape, void *dst, const int64_t *ds, const void *src,
                        const int64_t *ss) {
  if (es == 0 || empty(rank, shape)) return;
  strided_rows w;
  int n = strided_collapse(rank, shape, ds, ss, w.shape, w.stride[0], w.stride[1]);
  rows_init(&w, n, true);
  size_t run = (size_t)w.len * es;
  if (w.step[0] != 1 || w.step[1] != 1 || run < STREAM_MIN_ROW) {
    copy_any(es, rank, shape, dst, ds, src, ss);
    return;
  }
  char *d = dst;
  const char *s = src;
  int64_t e = (int64_t)es;
  do stream_row(d + w.at[0] * e, s + w.at[1] * e, run);
  while (strided_rows_next(&w));
#if defined(__SSE2__)
  /* Streaming stores are weakly ordered: whoever learns that the copy is done (a semaphore,
   * a thread join) must see the bytes. */
  _mm_sfence();
#endif
}

void strided_fence(void) {
#if defined(__SSE2__)
  _mm_sfence();
#endif
}

/* ---- one copy of the loops above per instruction-set level (core/isa.h) ------------------ */

typedef struct strided_isa {
  void (*copy)(size_t es, int rank, const int64_t *shape, void *dst, const int64_t *ds, const void *src,
               const int64_t *ss);
  bool (*cursor_step)(strided_cursor *c, size_t bytes);
  void (*cursors_run)(strided_cursor *cur, int n, size_t piece);
  void (*copy_stream)(size_t es, int rank, const int64_t *shape, void *dst, const int64_t *ds, const void *src,
                      const int64_t *ss);
} strided_isa;
ISA_DECLARE(strided_isa, strided_isa);

const strided_isa ISA_TABLE(strided_isa) = {copy_any, cursor_step, cursors_run, copy_stream};

#ifndef TSR_ISA_VARIANT /* the plain build picks the copy */
static const strided_isa *level(void) {
  static const void *const tables[ISA_LEVELS] = ISA_TABLES(strided_isa);
  return isa_pick(tables);
}

void strided_copy(size_t es, int rank, const int64_t *shape, void *dst, const int64_t *ds, const void *src,
                  const int64_t *ss) {
  level()->copy(es, rank, shape, dst, ds, src, ss);
}

bool strided_cursor_step(strided_cursor *c, size_t bytes) { return level()->cursor_step(c, bytes); }

void strided_cursors_run(strided_cursor *cur, int n, size_t piece) { level()->cursors_run(cur, n, piece); }

void strided_copy_stream(size_t es, int rank, const int64_t *shape, void *dst, const int64_t *ds,
                         const void *src, const int64_t *ss) {
  level()->copy_stream(es, rank, shape, dst, ds, src, ss);
}
#endif
