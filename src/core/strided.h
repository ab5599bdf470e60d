/* Strided index spaces: the one dimension collapse, row walk and copy that every layer uses
 * (DMAs and poison fills, Mosaic's vector loads and stores and its re-indexing ops,
 * StableHLO's view ops). Strides count elements, not bytes; a stride of 0 repeats one
 * element (a broadcast). */
#ifndef TSR_CORE_STRIDED_H
#define TSR_CORE_STRIDED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tessera/core.h"

/* Moves idx, a row-major index over shape[0..n-1], to the next index; false after the last
 * (idx is all zeros again). */
static inline bool strided_next(int64_t *idx, const int64_t *shape, int n) {
  for (int d = n - 1; d >= 0; d--) {
    if (++idx[d] < shape[d]) return true;
    idx[d] = 0;
  }
  return false;
}

/* The index space `shape` seen through one view (strides sa) or two (sa and sb; sb NULL: one)
 * with unit dimensions dropped and neighbours merged wherever every view runs on from one to
 * the next without a gap (outer stride == inner stride x inner size): the same elements in
 * the same row-major order, in as few and as long rows as the layouts allow. Writes the new
 * shape and strides (sb_out unused for one view) and returns the new rank: 0 for a single
 * element. The space must not be empty. */
int strided_collapse(int rank, const int64_t *shape, const int64_t *sa, const int64_t *sb, int64_t *shape_out,
                     int64_t *sa_out, int64_t *sb_out);

/* A row-major walk over the rows (the innermost dimension) of a collapsed index space, with
 * each row's first element in one or two views:
 *   strided_rows w;
 *   if (strided_rows_start(&w, rank, shape, sa, sb))
 *     do use(w.at[0], w.at[1], w.len, w.step[0], w.step[1], w.row); while (strided_rows_next(&w));
 * The rows are as long as strided_collapse makes them; w.row counts them from 0. */
typedef struct strided_rows {
  int outer;                           /* dimensions outside the row */
  int64_t len;                         /* elements per row */
  int64_t step[2];                     /* the row's element stride in each view */
  int64_t at[2];                       /* this row's first element in each view */
  int64_t row;
  int64_t shape[TSR_MAX_RANK], stride[2][TSR_MAX_RANK], idx[TSR_MAX_RANK];
} strided_rows;

/* Starts the walk at the first row; false when the space is empty. */
bool strided_rows_start(strided_rows *w, int rank, const int64_t *shape, const int64_t *sa, const int64_t *sb);

static inline bool strided_rows_next(strided_rows *w) {
  w->row++;
  for (int d = w->outer - 1; d >= 0; d--) {
    w->at[0] += w->stride[0][d];
    w->at[1] += w->stride[1][d];
    if (++w->idx[d] < w->shape[d]) return true;
    w->at[0] -= w->stride[0][d] * w->shape[d];
    w->at[1] -= w->stride[1][d] * w->shape[d];
    w->idx[d] = 0;
  }
  return false;
}

/* Copies the elements (es bytes each) of index space `shape` from src (element strides ss)
 * to dst (ds). The layouts may differ in any way; dst must not overlap src. */
void strided_copy(size_t es, int rank, const int64_t *shape, void *dst, const int64_t *ds, const void *src,
                  const int64_t *ss);

/* The same for refs of equal shapes and element sizes. */
static inline void strided_copy_ref(const tsr_ref *dst, const tsr_ref *src) {
  strided_copy(tsr_dtype_size(dst->dtype), dst->rank, dst->shape, dst->data, dst->stride, src->data, src->stride);
}

/* A strided_copy taken a piece at a time, so that several copies can advance side by side:
 *   strided_cursor c;
 *   strided_cursor_start(&c, es, rank, shape, dst, ds, src, ss, false);
 *   while (strided_cursor_step(&c, 4096)) {}
 * Each step copies the next `bytes` (at least one element) in row-major order. With `stream`,
 * long contiguous rows are written as strided_copy_stream writes them, each piece ending on
 * one of dst's 64-byte lines where the row allows; the caller fences (strided_fence) before it
 * tells anyone the copy is done. */
typedef struct strided_cursor {
  strided_rows w;
  size_t es;
  bool aligned, done;
  bool stream;                         /* streaming stores for this copy's rows */
  char *d;
  const char *s;
  int64_t col;                         /* elements of the current row already copied */
} strided_cursor;

void strided_cursor_start(strided_cursor *c, size_t es, int rank, const int64_t *shape, void *dst,
                          const int64_t *ds, const void *src, const int64_t *ss, bool stream);
/* Copies the next piece; false once the copy is complete. */
bool strided_cursor_step(strided_cursor *c, size_t bytes);

/* Runs n cursors to their ends side by side: the same bytes as each one after another, for
 * copies that do not overlap one another. Where every unfinished copy has a contiguous
 * stretch ahead, they advance together a few 64-byte lines at a time (many memory streams
 * in flight at once, as a loop over several arrays keeps them); elsewhere a piece of
 * `piece` bytes each in turn. Ends with strided_fence when any cursor streams. */
void strided_cursors_run(strided_cursor *cur, int n, size_t piece);

/* strided_copy with non-temporal (streaming) stores wherever dst's rows are contiguous and
 * long: the bytes go to memory without being read into the cache first and without evicting
 * what is there. Worth it only for data nobody reads again soon: one part of a destination
 * of STRIDED_STREAM_MIN_BYTES or more. The bytes are visible to other threads once the
 * copier next synchronises with them (it ends with a store fence). */
void strided_copy_stream(size_t es, int rank, const int64_t *shape, void *dst, const int64_t *ds,
                         const void *src, const int64_t *ss);

/* The store fence that makes a streaming cursor's bytes visible as strided_copy_stream's are. */
void strided_fence(void);

/* About a core's share of a host's last-level cache: a destination of this many bytes or more
 * cannot stay in the cache while it is written. A constant rather than the host's figure:
 * sysconf's can be far off (a 2-CPU VM on a 32 MiB-L3 EPYC reports 320 MiB). */
#define STRIDED_STREAM_MIN_BYTES ((int64_t)32 << 20)

#endif
