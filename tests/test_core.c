/* Core types: dtypes, 16-bit float conversions, refs and their views, error messages. */
#include "harness.h"
#include "tessera/core.h"
#include "core/dtype.h"
#include "core/grow.h"
#include "core/strided.h"

static void test_dtypes(void) {
  CHECK_EQ_INT(tsr_dtype_size(TSR_F32), 4);
  CHECK_EQ_INT(tsr_dtype_size(TSR_BF16), 2);
  CHECK_EQ_INT(tsr_dtype_size(TSR_I8), 1);
  CHECK_EQ_INT(tsr_dtype_size(TSR_BOOL), 4); /* bool is stored as i32, as Pallas does */
  tsr_dtype t;
  CHECK(tsr_dtype_parse("bfloat16", &t) && t == TSR_BF16);
  CHECK(tsr_dtype_parse("u8", &t) && t == TSR_U8);
  CHECK(tsr_dtype_parse("complex64", &t) && t == TSR_C64 && tsr_dtype_size(t) == 8 && tsr_dtype_is_complex(t));
  CHECK(tsr_dtype_parse("c128", &t) && t == TSR_C128 && !tsr_dtype_is_float(t));
  CHECK(!tsr_dtype_parse("complex256", &t));
  CHECK_OK(tsr_dtype_check_tpu(TSR_BF16, "x"));
  CHECK_FAILS(tsr_dtype_check_tpu(TSR_F64, "input 0"), TSR_ERR_UNSUPPORTED, "input 0: dtype f64");
  CHECK_FAILS(tsr_dtype_check_tpu(TSR_I64, "y"), TSR_ERR_UNSUPPORTED, "i64");
  CHECK(!strcmp(tsr_dtype_name((tsr_dtype)99), "?") && tsr_dtype_size((tsr_dtype)99) == 0);

  /* the traits derived from the list: integer ranges and the poison byte */
  CHECK(dtype_traits_of(TSR_I8)->min == -128 && dtype_traits_of(TSR_I8)->max == 127);
  CHECK(dtype_traits_of(TSR_U16)->min == 0 && dtype_traits_of(TSR_U16)->max == 65535);
  CHECK(dtype_traits_of(TSR_I32)->min == -2147483648.0 && dtype_traits_of(TSR_I32)->max == 2147483647.0);
  CHECK(dtype_traits_of(TSR_U32)->max == 4294967295.0);
  CHECK(dtype_traits_of(TSR_F32)->min == 0 && dtype_traits_of(TSR_F32)->max == 0);
  CHECK_EQ_INT(dtype_traits_of(TSR_BF16)->poison, 0xFF);
  CHECK_EQ_INT(dtype_traits_of(TSR_U8)->poison, 0xA5);

  /* element reads of every array dtype, against the values stored */
  float f32[2] = {1.5f, -2.25f};
  double f64[2] = {0.1, -1e300};
  uint16_t bf16[2] = {0x3fc0, 0xc010}, f16[2] = {0x3e00, 0xc100}; /* 1.5, -2.25; 1.5, -2.5 */
  int8_t i8[2] = {-128, 127};
  uint8_t u8[2] = {0, 255};
  int16_t i16[2] = {-32768, 7};
  uint16_t u16[2] = {65535, 3};
  int32_t i32[2] = {INT32_MIN, 5}, b[2] = {0, 1};
  uint32_t u32[2] = {4294967295u, 9};
  int64_t i64[2] = {INT64_MIN, -3};
  uint64_t u64[2] = {UINT64_MAX, 1};
  CHECK(dtype_load_f64(TSR_F32, f32, 1) == -2.25 && dtype_load_i64(TSR_F32, f32, 1) == -2);
  CHECK(dtype_load_f64(TSR_F64, f64, 0) == 0.1 && dtype_load_f64(TSR_F64, f64, 1) == -1e300);
  CHECK(dtype_load_f64(TSR_BF16, bf16, 0) == 1.5 && dtype_load_f64(TSR_BF16, bf16, 1) == -2.25);
  CHECK(dtype_load_f64(TSR_F16, f16, 0) == 1.5 && dtype_load_f64(TSR_F16, f16, 1) == -2.5);
  CHECK(dtype_load_i64(TSR_I8, i8, 0) == -128 && dtype_load_f64(TSR_I8, i8, 1) == 127);
  CHECK(dtype_load_i64(TSR_U8, u8, 1) == 255);
  CHECK(dtype_load_i64(TSR_I16, i16, 0) == -32768 && dtype_load_i64(TSR_U16, u16, 0) == 65535);
  CHECK(dtype_load_i64(TSR_I32, i32, 0) == INT32_MIN && dtype_load_i64(TSR_U32, u32, 0) == 4294967295ll);
  CHECK(dtype_load_i64(TSR_BOOL, b, 1) == 1 && dtype_load_f64(TSR_BOOL, b, 0) == 0);
  CHECK(dtype_load_i64(TSR_I64, i64, 0) == INT64_MIN && dtype_load_f64(TSR_I64, i64, 1) == -3);
  CHECK(dtype_load_f64(TSR_U64, u64, 0) == 18446744073709551616.0 && dtype_load_i64(TSR_U64, u64, 1) == 1);
}

static void test_half_floats(void) {
  /* bf16: exact values, round to nearest even, NaN stays NaN. */
  CHECK(tsr_f32_to_bf16(1.0f) == 0x3f80);
  CHECK(tsr_bf16_to_f32(0x3f80) == 1.0f);
  CHECK(tsr_f32_to_bf16(1.00390625f) == 0x3f80);  /* exactly halfway, even stays */
  CHECK(tsr_f32_to_bf16(1.01171875f) == 0x3f82);  /* halfway between 0x3f81 and 0x3f82 -> even */
  CHECK(tsr_f32_to_bf16(-2.0f) == 0xc000);
  CHECK(isnan(tsr_bf16_to_f32(tsr_f32_to_bf16(NAN))));
  CHECK(tsr_f32_to_bf16(INFINITY) == 0x7f80);
  /* f16 */
  CHECK(tsr_f32_to_f16(1.0f) == 0x3c00);
  CHECK(tsr_f32_to_f16(65504.0f) == 0x7bff);
  CHECK(tsr_f32_to_f16(65520.0f) == 0x7c00); /* rounds to inf */
  CHECK(tsr_f16_to_f32(0x0001) == 5.9604644775390625e-8f);
  CHECK(tsr_f32_to_f16(5.9604644775390625e-8f) == 0x0001);
  CHECK(tsr_f32_to_f16(-0.5f) == 0xb800);
  CHECK(isnan(tsr_f16_to_f32(tsr_f32_to_f16(NAN))));
  for (int h = 0; h < 0x7c00; h++) /* every finite positive f16 survives a round trip */
    if (tsr_f32_to_f16(tsr_f16_to_f32((uint16_t)h)) != h) { CHECK(!"f16 round trip"); break; }
}

static void test_refs(void) {
  float data[4 * 6];
  for (int i = 0; i < 24; i++) data[i] = (float)i;
  int64_t shape[2] = {4, 6};
  tsr_ref r = tsr_ref_dense(data, TSR_F32, TSR_HBM, 2, shape);
  CHECK_EQ_INT(tsr_ref_numel(&r), 24);
  CHECK_EQ_INT(tsr_ref_bytes(&r), 96);
  CHECK(tsr_ref_is_contiguous(&r));

  tsr_ref w;
  int64_t st[2] = {1, 2}, sz[2] = {2, 3};
  CHECK_OK(tsr_ref_window(&r, st, sz, &w));
  int64_t idx[2] = {1, 2};
  CHECK(*(float *)tsr_ref_ptr(&w, idx) == 2 * 6 + 4);
  CHECK(!tsr_ref_is_contiguous(&w));
  int64_t bad[2] = {3, 2};
  CHECK_FAILS(tsr_ref_window(&r, bad, sz, &w), TSR_ERR_BOUNDS, "dimension 0");
  /* byte spans: the whole array; the window from element (1, 2) to (2, 4) inclusive; none */
  uintptr_t lo, hi;
  tsr_ref_span(&r, &lo, &hi);
  CHECK(lo == (uintptr_t)data && hi == (uintptr_t)(data + 24));
  tsr_ref_span(&w, &lo, &hi);
  CHECK(lo == (uintptr_t)(data + 1 * 6 + 2) && hi == (uintptr_t)(data + 2 * 6 + 4 + 1));
  tsr_ref empty = tsr_ref_dense(data, TSR_F32, TSR_HBM, 2, (int64_t[]){0, 6});
  tsr_ref_span(&empty, &lo, &hi);
  CHECK(lo == 0 && hi == 0);

  tsr_ref row;
  CHECK_OK(tsr_ref_at(&r, 0, 3, &row));
  CHECK_EQ_INT(row.rank, 1);
  int64_t i1[1] = {5};
  CHECK(*(float *)tsr_ref_ptr(&row, i1) == 23);
  CHECK_FAILS(tsr_ref_at(&r, 0, 4, &row), TSR_ERR_BOUNDS, "out of bounds");

  tsr_ref col;
  CHECK_OK(tsr_ref_at(&r, 1, 2, &col));
  int64_t i2[1] = {3};
  CHECK(*(float *)tsr_ref_ptr(&col, i2) == 20);

  tsr_ref re;
  int64_t s3[3] = {2, 3, 4};
  CHECK_OK(tsr_ref_reshape(&r, 3, s3, &re));
  int64_t i3[3] = {1, 2, 3};
  CHECK(*(float *)tsr_ref_ptr(&re, i3) == 23);
  int64_t s_bad[2] = {5, 5};
  CHECK_FAILS(tsr_ref_reshape(&r, 2, s_bad, &re), TSR_ERR_INVALID, "24 elements");
  CHECK_OK(tsr_ref_window(&r, st, sz, &w));
  CHECK_FAILS(tsr_ref_reshape(&w, 1, (int64_t[]){6}, &re), TSR_ERR_INVALID, "not contiguous");
  /* a strided window keeps its strides where the new shape splits or adds dimensions only:
   * element (a, b, c) of w seen as 1x2x1x3 is w's (b, c), data[(1 + b) * 6 + 2 + c] */
  CHECK_OK(tsr_ref_reshape(&w, 4, (int64_t[]){1, 2, 1, 3}, &re));
  CHECK(*(float *)tsr_ref_ptr(&re, (int64_t[]){0, 1, 0, 2}) == (1 + 1) * 6 + 2 + 2);
  CHECK(*(float *)tsr_ref_ptr(&re, (int64_t[]){0, 0, 0, 1}) == 1 * 6 + 2 + 1);
  /* rows 1..2 of r, all columns, as 2x2x3: splits the contiguous minor run */
  tsr_ref rows;
  CHECK_OK(tsr_ref_window(&r, (int64_t[]){1, 0}, (int64_t[]){2, 6}, &rows));
  CHECK_OK(tsr_ref_reshape(&rows, 3, (int64_t[]){2, 2, 3}, &re));
  CHECK(*(float *)tsr_ref_ptr(&re, (int64_t[]){1, 1, 2}) == 2 * 6 + 5);
  /* every other column of r (4x3, strides 6 and 2) as 2x2x3; as 3x4 too, since a row's
   * stride is its 3 columns' (element k is data[2k]); but columns 0 and 2 of each row (4x2)
   * do not merge into 8 */
  tsr_ref cols = r;
  cols.shape[1] = 3;
  cols.stride[1] = 2;
  CHECK_OK(tsr_ref_reshape(&cols, 3, (int64_t[]){2, 2, 3}, &re));
  CHECK(*(float *)tsr_ref_ptr(&re, (int64_t[]){1, 0, 2}) == 2 * 6 + 4);
  CHECK_OK(tsr_ref_reshape(&cols, 2, (int64_t[]){3, 4}, &re));
  CHECK(*(float *)tsr_ref_ptr(&re, (int64_t[]){2, 1}) == 2 * 9);
  cols.shape[1] = 2;
  CHECK_FAILS(tsr_ref_reshape(&cols, 1, (int64_t[]){8}, &re), TSR_ERR_INVALID, "not contiguous");

  tsr_ref bc;
  CHECK_OK(tsr_ref_bitcast(&r, TSR_BF16, &bc));
  CHECK_EQ_INT(bc.shape[1], 12);
  CHECK_EQ_INT(bc.stride[0], 12);
  tsr_ref sq, one;
  CHECK_OK(tsr_ref_slice(&r, 0, 2, 1, &one));
  CHECK_OK(tsr_ref_squeeze(&one, 0, &sq));
  CHECK_EQ_INT(sq.rank, 1);
  CHECK(*(float *)sq.data == 12);
  CHECK_FAILS(tsr_ref_squeeze(&r, 0, &sq), TSR_ERR_INVALID, "not of size 1");

  char buf[64];
  CHECK(strcmp(tsr_ref_describe(&r, buf, sizeof buf), "f32[4,6]") == 0);
}

/* ---- strided index spaces (core/strided.h), against plain index loops ---- */

static uint64_t rnd_state = 0x2545f4914f6cdd1dull;
static int64_t rnd(int64_t n) {
  rnd_state ^= rnd_state << 13; rnd_state ^= rnd_state >> 7; rnd_state ^= rnd_state << 17;
  return (int64_t)(rnd_state % (uint64_t)n);
}

/* Element strides for `shape`: dense, dense in a permuted order, padded, or with broadcast
 * (stride 0) dimensions when `broadcast`; returns the elements the layout spans. */
static int64_t random_layout(int rank, const int64_t *shape, bool broadcast, int64_t *st) {
  int order[TSR_MAX_RANK];
  for (int d = 0; d < rank; d++) order[d] = d;
  int kind = (int)rnd(4);
  if (kind == 1)
    for (int d = rank - 1; d > 0; d--) { int j = (int)rnd(d + 1), t = order[d]; order[d] = order[j]; order[j] = t; }
  int64_t s = 1;
  for (int k = rank - 1; k >= 0; k--) {
    int d = order[k];
    st[d] = (kind == 3 && broadcast && rnd(2)) ? 0 : s;
    s *= shape[d] + (kind == 2 ? rnd(3) : 0);
  }
  return s;
}

static void test_strided_copy(void) {
  int bad = 0;
  for (int iter = 0; iter < 3000; iter++) {
    int rank = (int)rnd(5);
    int64_t shape[TSR_MAX_RANK], ds[TSR_MAX_RANK], ss[TSR_MAX_RANK];
    for (int d = 0; d < rank; d++) shape[d] = rnd(6);
    static const size_t sizes[] = {1, 2, 4, 8, 3};
    size_t es = sizes[rnd(5)];
    int64_t dn = random_layout(rank, shape, false, ds), sn = random_layout(rank, shape, true, ss);
    size_t skew = (size_t)rnd(2); /* a misaligned base: the byte loop */
    unsigned char *src = malloc((size_t)sn * es + 1), *got = malloc((size_t)dn * es + 1), *want = malloc((size_t)dn * es + 1);
    for (int64_t i = 0; i < sn * (int64_t)es + 1; i++) src[i] = (unsigned char)rnd(256);
    memset(got, 0xCC, (size_t)dn * es + 1);
    memset(want, 0xCC, (size_t)dn * es + 1);
    int64_t numel = 1, idx[TSR_MAX_RANK] = {0};
    for (int d = 0; d < rank; d++) numel *= shape[d];
    for (int64_t i = 0; i < numel; i++) {
      int64_t o = 0, a = 0;
      for (int d = 0; d < rank; d++) { o += idx[d] * ds[d]; a += idx[d] * ss[d]; }
      memcpy(want + skew + o * (int64_t)es, src + skew + a * (int64_t)es, es);
      for (int d = rank - 1; d >= 0 && ++idx[d] == shape[d]; d--) idx[d] = 0;
    }
    strided_copy(es, rank, shape, got + skew, ds, src + skew, ss);
    if (memcmp(got, want, (size_t)dn * es + 1)) bad++;
    /* the streaming copy and a copy in pieces of any size write the same bytes */
    memset(got, 0xCC, (size_t)dn * es + 1);
    strided_copy_stream(es, rank, shape, got + skew, ds, src + skew, ss);
    if (memcmp(got, want, (size_t)dn * es + 1)) bad++;
    memset(got, 0xCC, (size_t)dn * es + 1);
    strided_cursor c;
    strided_cursor_start(&c, es, rank, shape, got + skew, ds, src + skew, ss, rnd(2));
    size_t piece = (size_t)rnd(3 * (int64_t)es + 1);
    for (int steps = 0; !c.done && steps <= numel; steps++) strided_cursor_step(&c, piece);
    if (!c.done || memcmp(got, want, (size_t)dn * es + 1)) bad++;
    free(src); free(got); free(want);
  }
  CHECK_EQ_INT(bad, 0);
}

/* Element by element: the reference the strided copies are held to. */
static void copy_elements(size_t es, int rank, const int64_t *shape, unsigned char *dst, const int64_t *ds,
                          const unsigned char *src, const int64_t *ss) {
  int64_t numel = 1, idx[TSR_MAX_RANK] = {0};
  for (int d = 0; d < rank; d++) numel *= shape[d];
  for (int64_t i = 0; i < numel; i++) {
    int64_t o = 0, a = 0;
    for (int d = 0; d < rank; d++) { o += idx[d] * ds[d]; a += idx[d] * ss[d]; }
    memcpy(dst + o * (int64_t)es, src + a * (int64_t)es, es);
    for (int d = rank - 1; d >= 0 && ++idx[d] == shape[d]; d--) idx[d] = 0;
  }
}

/* Zips (a packed DMA's copies of narrow rows into the lanes of words and back): p rows of
 * len elements against rows of len groups of p, under 0 to 2 outer dimensions, either way,
 * for the element sizes and packings that have a loop of their own and ones that do not
 * (p = 3, 8 bytes), rows padded or not, bases aligned or not; each lands exactly as the
 * element-by-element copy puts it, and nothing outside its destination changes. */
static void test_zip_copy(void) {
  int bad = 0;
  static const size_t sizes[] = {1, 2, 4, 8};
  for (int iter = 0; iter < 400; iter++) {
    size_t es = sizes[rnd(4)], skew = rnd(4) ? 0 : 1;
    int64_t p = 2 + rnd(3), len = 1 + rnd(rnd(2) ? 8 : 300), pad = rnd(2) ? 0 : rnd(5);
    int outer = (int)rnd(3), rank = outer + 2;
    bool to_wide = rnd(2);
    int64_t shape[TSR_MAX_RANK], wide[TSR_MAX_RANK], rows[TSR_MAX_RANK];
    shape[outer] = p;
    shape[outer + 1] = len;
    /* the wide side: element (k, j) at j * p + k; the rows side: at k * (len + pad) + j */
    wide[outer] = 1, wide[outer + 1] = p;
    rows[outer] = len + pad, rows[outer + 1] = 1;
    int64_t wn = p * len, rn = p * (len + pad);
    for (int k = outer - 1; k >= 0; k--) {
      shape[k] = 1 + rnd(3);
      wide[k] = wn, rows[k] = rn;
      wn *= shape[k], rn *= shape[k];
    }
    const int64_t *ds = to_wide ? wide : rows, *ss = to_wide ? rows : wide;
    int64_t dn = to_wide ? wn : rn, sn = to_wide ? rn : wn;
    size_t db = (size_t)dn * es + skew, sb = (size_t)sn * es + skew;
    unsigned char *src = malloc(sb), *got = malloc(db + 1), *want = malloc(db + 1);
    for (size_t i = 0; i < sb; i++) src[i] = (unsigned char)rnd(256);
    memset(got, 0xCC, db + 1);
    memset(want, 0xCC, db + 1);
    copy_elements(es, rank, shape, want + skew, ds, src + skew, ss);
    strided_copy(es, rank, shape, got + skew, ds, src + skew, ss);
    if (memcmp(got, want, db + 1)) bad++;
    free(src); free(got); free(want);
  }
  CHECK_EQ_INT(bad, 0);
}

/* Streaming copies of rows long enough to stream: every head and tail around the 64-byte
 * lines (dst misaligned by 0..63 bytes), rows dense or padded, against a byte loop. */
static void test_stream_copy(void) {
  int bad = 0;
  for (int iter = 0; iter < 200; iter++) {
    int64_t rows = 1 + rnd(4), cols = 256 + rnd(512), pad = rnd(2) ? 0 : rnd(40);
    size_t es = rnd(2) ? 4 : 1, skew = (size_t)rnd(64);
    int64_t shape[2] = {rows, cols}, ds[2] = {cols + pad, 1}, ss[2] = {cols + rnd(3), 1};
    size_t dbytes = (size_t)(rows * ds[0]) * es + skew, sbytes = (size_t)(rows * ss[0]) * es;
    unsigned char *src = malloc(sbytes), *got = malloc(dbytes), *want = malloc(dbytes);
    for (size_t i = 0; i < sbytes; i++) src[i] = (unsigned char)rnd(256);
    memset(got, 0xCC, dbytes);
    memset(want, 0xCC, dbytes);
    for (int64_t r = 0; r < rows; r++)
      for (size_t b = 0; b < (size_t)cols * es; b++) want[skew + (size_t)(r * ds[0]) * es + b] = src[(size_t)(r * ss[0]) * es + b];
    strided_copy_stream(es, 2, shape, got + skew, ds, src, ss);
    if (memcmp(got, want, dbytes)) bad++;
    /* a streaming copy in pieces of any size, each cut back to a line of dst */
    memset(got, 0xCC, dbytes);
    strided_cursor c;
    strided_cursor_start(&c, es, 2, shape, got + skew, ds, src, ss, true);
    int64_t row = rows == 1 || (ds[0] == cols && ss[0] == cols) ? rows * cols : cols; /* merged */
    CHECK(c.stream == ((size_t)row * es >= 1024));
    size_t piece = (size_t)rnd(700) + 1;
    for (int steps = 0; !c.done && steps <= rows * cols; steps++) strided_cursor_step(&c, piece);
    if (!c.done || memcmp(got, want, dbytes)) bad++;
    free(src); free(got); free(want);
  }
  CHECK_EQ_INT(bad, 0);
}

/* Several copies run side by side (strided_cursors_run): any mix of element sizes, dense,
 * padded and strided rows, streaming or not, misaligned by 0..63 bytes, long and short;
 * each lands exactly as a byte loop puts it, and nothing outside its destination changes. */
static void test_cursors_run(void) {
  int bad = 0;
  for (int iter = 0; iter < 300; iter++) {
    enum { N = 6 };
    int n = 1 + (int)rnd(N);
    strided_cursor c[N];
    unsigned char *src[N], *got[N], *want[N];
    size_t dbytes[N];
    for (int k = 0; k < n; k++) {
      size_t es = (size_t)1 << rnd(4), skew = (size_t)rnd(64);
      int64_t rows = 1 + rnd(5), cols = 1 + rnd(rnd(2) ? 40 : 3000), gap = rnd(2) ? 1 : 1 + rnd(3);
      int64_t pad = rnd(2) ? 0 : rnd(70), shape[2] = {rows, cols};
      int64_t ds[2] = {cols * gap + pad, gap}, ss[2] = {cols + rnd(3), 1};
      dbytes[k] = (size_t)(rows * ds[0]) * es + skew;
      size_t sbytes = (size_t)(rows * ss[0]) * es + skew;
      src[k] = malloc(sbytes);
      got[k] = malloc(dbytes[k]);
      want[k] = malloc(dbytes[k]);
      for (size_t i = 0; i < sbytes; i++) src[k][i] = (unsigned char)rnd(256);
      memset(got[k], 0xCC, dbytes[k]);
      memset(want[k], 0xCC, dbytes[k]);
      for (int64_t r = 0; r < rows; r++)
        for (int64_t j = 0; j < cols; j++)
          memcpy(want[k] + skew + (size_t)(r * ds[0] + j * ds[1]) * es, src[k] + skew + (size_t)(r * ss[0] + j) * es, es);
      strided_cursor_start(&c[k], es, 2, shape, got[k] + skew, ds, src[k] + skew, ss, rnd(2));
    }
    strided_cursors_run(c, n, (size_t)rnd(2000) + 1);
    for (int k = 0; k < n; k++) {
      if (!c[k].done || memcmp(got[k], want[k], dbytes[k])) bad++;
      free(src[k]); free(got[k]); free(want[k]);
    }
  }
  CHECK_EQ_INT(bad, 0);
}

static void test_strided_collapse(void) {
  int64_t shape[TSR_MAX_RANK], a[TSR_MAX_RANK], b[TSR_MAX_RANK];
  /* a dense (2,3,4) block: one row of 24 */
  int64_t s3[] = {2, 3, 4}, d3[] = {12, 4, 1};
  CHECK_EQ_INT(strided_collapse(3, s3, d3, NULL, shape, a, b), 1);
  CHECK(shape[0] == 24 && a[0] == 1);
  /* a (128,1) column of a (128,8) scratch: one row of 128 with stride 8 */
  int64_t sc[] = {128, 1}, dc[] = {8, 1};
  CHECK_EQ_INT(strided_collapse(2, sc, dc, NULL, shape, a, b), 1);
  CHECK(shape[0] == 128 && a[0] == 8);
  /* (4,8) rows of a (4,16) array copied to a dense (4,8): the rows do not merge */
  int64_t sr[] = {4, 8}, wide[] = {16, 1}, dense[] = {8, 1};
  CHECK_EQ_INT(strided_collapse(2, sr, dense, wide, shape, a, b), 2);
  CHECK(shape[0] == 4 && shape[1] == 8 && a[0] == 8 && b[0] == 16);
  /* a broadcast of one row over 4 into a dense (4,8): inner rows only */
  int64_t bc[] = {0, 1};
  CHECK_EQ_INT(strided_collapse(2, sr, dense, bc, shape, a, b), 2);
  /* all unit dimensions: one element */
  int64_t su[] = {1, 1}, du[] = {5, 3};
  CHECK_EQ_INT(strided_collapse(2, su, du, NULL, shape, a, b), 0);

  /* the row walk visits every element once, in row-major order, for any layout */
  int bad = 0;
  for (int iter = 0; iter < 2000; iter++) {
    int rank = 1 + (int)rnd(4);
    int64_t sh[TSR_MAX_RANK], st[TSR_MAX_RANK], st2[TSR_MAX_RANK];
    for (int d = 0; d < rank; d++) sh[d] = 1 + rnd(5);
    random_layout(rank, sh, true, st);
    random_layout(rank, sh, false, st2);
    int64_t idx[TSR_MAX_RANK] = {0}, k = 0;
    strided_rows w;
    if (!strided_rows_start(&w, rank, sh, st, st2)) { bad++; continue; }
    do {
      for (int64_t j = 0; j < w.len; j++, k++) {
        int64_t o = 0, o2 = 0;
        for (int d = 0; d < rank; d++) { o += idx[d] * st[d]; o2 += idx[d] * st2[d]; }
        if (o != w.at[0] + j * w.step[0] || o2 != w.at[1] + j * w.step[1] || w.row * w.len + j != k) bad++;
        strided_next(idx, sh, rank);
      }
    } while (strided_rows_next(&w));
    int64_t n = 1;
    for (int d = 0; d < rank; d++) n *= sh[d];
    if (k != n) bad++;
  }
  CHECK_EQ_INT(bad, 0);
  int64_t empty[] = {3, 0};
  strided_rows w;
  CHECK(!strided_rows_start(&w, 2, empty, dense, NULL));
}

/* GROW_ARRAY (core/grow.h): room for element n, doubling from `first`; the elements kept; a
 * capacity its type cannot count, or bytes size_t cannot, refused with the array as it was. */
static void test_grow_array(void) {
  int *a = NULL, n = 0, cap = 0;
  for (int i = 0; i < 100; i++) {
    CHECK(GROW_ARRAY(a, n, cap, 4));
    a[n++] = i * 3;
  }
  CHECK_EQ_INT(cap, 128); /* 4, 8, ..., 128: doubled, never more */
  long bad = 0;
  for (int i = 0; i < n; i++) bad += a[i] != i * 3;
  CHECK_EQ_INT(bad, 0);
  int full = INT_MAX, fullcap = INT_MAX; /* an int capacity at its largest cannot double */
  int *keep = a;
  CHECK(!GROW_ARRAY(a, full, fullcap, 4));
  CHECK(a == keep && fullcap == INT_MAX);
  free(a);
  struct big { char b[1 << 20]; } *g = NULL;
  size_t gn = (size_t)1 << 44, gcap = gn; /* 2^45 elements of 1 MiB overflow size_t */
  CHECK(!GROW_ARRAY(g, gn, gcap, 1));
  CHECK(g == NULL && gcap == gn);
  int64_t *w = NULL, wn = 0, wcap = 0; /* an int64_t capacity */
  CHECK(GROW_ARRAY(w, wn, wcap, 2) && wcap == 2);
  wn = 2;
  CHECK(GROW_ARRAY(w, wn, wcap, 2) && wcap == 4);
  free(w);
  /* grow_ring: a full ring that has wrapped keeps its order, from 0 */
  int *r = NULL;
  size_t rcap = 0, rlen = 0, rhead = 0;
  int next = 0, want = 0;
  long order_bad = 0;
  for (int round = 0; round < 50; round++) {
    for (int k = 0; k < 3; k++) { /* three in */
      CHECK(grow_ring(&r, sizeof *r, &rcap, rlen, &rhead, 4));
      r[(rhead + rlen++) % rcap] = next++;
    }
    for (int k = 0; k < 2; k++) { /* two out, in the order they came */
      order_bad += r[rhead] != want++;
      rhead = (rhead + 1) % rcap;
      rlen--;
    }
  }
  CHECK_EQ_INT(order_bad, 0);
  CHECK_EQ_INT(rlen, 50);
  CHECK_EQ_INT(rcap, 64); /* 4, 8, ..., 64: the most ever held, 52, doubled to fit */
  for (size_t k = 0; k < rlen; k++) order_bad += r[(rhead + k) % rcap] != want + (int)k;
  CHECK_EQ_INT(order_bad, 0);
  free(r);
}

int main(void) {
  test_dtypes();
  test_half_floats();
  test_refs();
  test_strided_copy();
  test_zip_copy();
  test_stream_copy();
  test_cursors_run();
  test_strided_collapse();
  test_grow_array();
  return tsr_test_finish("test_core");
}
