/* The MXU's default precision: f32 operands of tpu.matmul and vector.contract rounded to bf16
 * (to nearest even) before an f32-accumulated product, and bf16 operands widened as loaded.
 *
 * - mosaic_round_rows_bf16 (the vectorised rounding) against a rounding worked out here in double
 *   arithmetic (ref_round) and against the public per-element conversion tsr_f32_to_bf16,
 *   on ties, carries into the exponent, infinities, NaN payloads (signalling ones made
 *   quiet), subnormals and a sweep of bit patterns, from a strided source.
 * - A matmul at default precision against the same kernel at fp32 precision on operands
 *   rounded beforehand by ref_round, bit for bit (the results tessera gave before the
 *   rounding was vectorised), over shapes from 1x1x1 to blocks that the matmul cuts into row
 *   bands, transposed operands, a batch, windows with a row stride wider than the row, and
 *   NaN, inf and subnormal operands; and against a plain loop of double-precision dot
 *   products of the rounded operands (the MXU's products of bf16 values are exact in f32,
 *   so only the order of the sums may differ).
 * - bf16 operands against the same kernel on their f32 widening, bit for bit.
 * - fp32 on windows whose rows lie apart (which the matmul copies dense when libxsmm runs
 *   it) against the same kernel on dense operands, bit for bit.
 * - Operands of different element types (an integer operand of a float matmul, float8 by
 *   int4) against exact sums, and the combinations Mosaic refuses, refused with its rule. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "mosaic/mosaic_internal.h"
#include "tessera/mlir.h"
#include "tessera/mosaic.h"

static tsr_machine *M;

static uint32_t bits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static float from_bits(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}
/* the old path's rounding: one public conversion per element */
static float old_round(float v) { return tsr_bf16_to_f32(tsr_f32_to_bf16(v)); }

/* The MXU's bf16 rounding worked out in arithmetic rather than bits, apart from tessera's
 * code: a finite value scaled so that bf16's 8 significant bits (7 below a subnormal's
 * leading zero) are the integer part, rounded by nearbyint (the default mode: to nearest,
 * ties to even), scaled back; above bf16's largest finite value, infinity. A NaN stays a NaN
 * of the same sign with the quiet bit set and the upper half of its payload kept. */
static float ref_round(float v) {
  uint32_t u = bits(v);
  if (isnan(v)) return from_bits((u & 0xffff0000u) | 0x00400000u);
  if (isinf(v) || v == 0) return v;
  int e;
  frexp((double)v, &e);     /* |v| = m * 2^e, m in [0.5, 1) */
  if (e < -125) e = -125;   /* below 2^-126 the step stays 2^-133 */
  double step = ldexp(1.0, e - 8), r = nearbyint((double)v / step) * step;
  return fabs(r) >= 0x1p128 ? copysignf(INFINITY, v) : (float)r;
}

static void test_round_rows(void) {
  enum { ROWS = 3, COLS = 37, LD = 41 }; /* 37: a vector loop's remainder; LD: a strided source */
  static const uint32_t special[] = {
      0x00000000u, 0x80000000u, 0x3f808000u /* 1 + 2^-8: a tie, to even (down) */, 0x3f818000u /* a tie, up */,
      0x3f807fffu, 0x3f808001u, 0x7f7fffffu /* rounds up to inf */, 0xff7fffffu, 0x7f800000u, 0xff800000u,
      0x7f800001u /* signalling NaN: made quiet */, 0xff800001u, 0x7fc00000u, 0xffffffffu, 0x7f80ffffu,
      0x00000001u /* subnormals */, 0x00008000u, 0x00018000u, 0x807fffffu, 0x007fffffu, 0x3f7fffffu, 0x477fffffu};
  int nspecial = (int)(sizeof special / sizeof special[0]);
  float src[ROWS * LD], dst[ROWS * COLS];
  int bad = 0;
  uint64_t pattern = 0;
  /* every 16-bit upper half with low halves at and around the tie, then a sweep */
  for (uint64_t round = 0; round < 65536u * 6 / (ROWS * COLS) + 2000; round++) {
    for (int i = 0; i < ROWS * LD; i++) {
      uint32_t u;
      if (round == 0 && i < nspecial) {
        u = special[i];
      } else if (pattern < 65536u * 6) {
        static const uint32_t low[6] = {0x0000u, 0x7fffu, 0x8000u, 0x8001u, 0xffffu, 0x4000u};
        u = (uint32_t)(pattern / 6) << 16 | low[pattern % 6];
        pattern++;
      } else {
        u = (uint32_t)(pattern++ * 2654435761u);
      }
      src[i] = from_bits(u);
    }
    mosaic_round_rows_bf16(dst, src, ROWS, COLS, LD);
    for (int r = 0; r < ROWS; r++)
      for (int c = 0; c < COLS; c++) {
        float s = src[r * LD + c], d = dst[r * COLS + c];
        if (bits(d) != bits(ref_round(s)) || bits(d) != bits(old_round(s))) {
          if (bad++ < 5)
            fprintf(stderr, "  mosaic_round_rows_bf16(0x%08x) = 0x%08x; the reference gives 0x%08x, tsr_f32_to_bf16 0x%08x\n",
                    bits(s), bits(d), bits(ref_round(s)), bits(old_round(s)));
        }
      }
  }
  CHECK_EQ_INT(bad, 0);
  CHECK(pattern > 65536u * 6);
}

/* ---- matmuls ------------------------------------------------------------------------------- */

typedef struct mm_case {
  int m, k, n, batch; /* batch 0: none */
  bool tl, tr;        /* lhs stored K x M, rhs N x K */
  int pad;            /* operands are windows of memrefs this many columns wider (the row stride) */
} mm_case;

/* The kernel: operands loaded from VMEM (windows at column `pad` when padded), a zero
 * accumulator, the contraction (tpu.matmul, or vector.contract when `contract`) with
 * precision clause PREC, the f32 result stored. ET is the operands' element type. */
static tsr_mosaic_kernel *mm_kernel(const mm_case *c, const char *et, const char *prec, bool contract) {
  const char *V = "#tpu.memory_space<vmem>";
  int lr = c->tl ? c->k : c->m, lc = c->tl ? c->m : c->k, rr = c->tr ? c->n : c->k, rc = c->tr ? c->k : c->n;
  char lshape[64], rshape[64], lmem[64], rmem[64], oshape[64], lidx[32], ridx[32];
  const char *bp = c->batch ? "x" : "";
  char bd[16] = "";
  if (c->batch) snprintf(bd, sizeof bd, "%d", c->batch);
  snprintf(lshape, sizeof lshape, "%s%s%dx%dx%s", bd, bp, lr, lc, et);
  snprintf(rshape, sizeof rshape, "%s%s%dx%dx%s", bd, bp, rr, rc, et);
  snprintf(lmem, sizeof lmem, "%s%s%dx%dx%s", bd, bp, lr, lc + c->pad, et);
  snprintf(rmem, sizeof rmem, "%s%s%dx%dx%s", bd, bp, rr, rc + c->pad, et);
  snprintf(oshape, sizeof oshape, "%s%s%dx%dxf32", bd, bp, c->m, c->n);
  const char *col = c->pad ? "%c1" : "%c0";
  snprintf(lidx, sizeof lidx, "%s%%c0, %s", c->batch ? "%c0, " : "", col);
  snprintf(ridx, sizeof ridx, "%s%%c0, %s", c->batch ? "%c0, " : "", col);
  char op[1024];
  if (!contract) {
    int b = c->batch ? 1 : 0;
    char order[64];
    if (c->batch) snprintf(order, sizeof order, "0, 0, 0, %d, 1, %d", c->tl ? 2 : 1, c->tr ? 1 : 2);
    else snprintf(order, sizeof order, "0, %d, 1, %d", c->tl ? 1 : 0, c->tr ? 0 : 1);
    snprintf(op, sizeof op,
             "%%r = \"tpu.matmul\"(%%a, %%b, %%z) {dimension_numbers = #tpu.dot_dimension_numbers<[%d], [%d], [%d], [%d], "
             "[%s], [%s], [%s]>%s} : (vector<%s>, vector<%s>, vector<%s>) -> vector<%s>",
             c->tl ? b : b + 1, c->tr ? b + 1 : b, c->tl ? b + 1 : b, c->tr ? b : b + 1, order, c->batch ? "0" : "",
             c->batch ? "0" : "", prec, lshape, rshape, oshape, oshape);
  } else { /* no batch: (m, n, k) */
    snprintf(op, sizeof op,
             "%%r = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (%s)>, affine_map<(d0, d1, d2) -> (%s)>, "
             "affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = [\"parallel\", \"parallel\", \"reduction\"], "
             "kind = #vector.kind<add>} %%a, %%b, %%z%s%s%s : vector<%s>, vector<%s> into vector<%s>",
             c->tl ? "d2, d0" : "d0, d2", c->tr ? "d1, d2" : "d2, d1", *prec ? " {" : "", prec + (*prec ? 2 : 0),
             *prec ? "}" : "", lshape, rshape, oshape);
  }
  char *text = malloc(8192);
  if (!text) return NULL;
  snprintf(text, 8192,
           "module @t {\n  func.func @k(%%am: memref<%s, %s>, %%bm: memref<%s, %s>, %%o: memref<%s, %s>) attributes "
           "{dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 0 : i64} {\n"
           "    %%c0 = arith.constant 0 : index\n    %%c1 = arith.constant 1 : index\n"
           "    %%a = vector.load %%am[%s] : memref<%s, %s>, vector<%s>\n"
           "    %%b = vector.load %%bm[%s] : memref<%s, %s>, vector<%s>\n"
           "    %%z = arith.constant dense<0.0> : vector<%s>\n    %s\n"
           "    vector.store %%r, %%o[%s%%c0, %%c0] : memref<%s, %s>, vector<%s>\n    return\n  }\n}\n",
           lmem, V, rmem, V, oshape, V, lidx, lmem, V, lshape, ridx, rmem, V, rshape, oshape, op,
           c->batch ? "%c0, " : "", oshape, V, oshape);
  tsr_mlir_module *m = NULL;
  tsr_mosaic_kernel *k = NULL;
  CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "mxu.mlir", &m));
  if (m) CHECK_OK(tsr_mosaic_kernel_create(m, &k));
  if (!k) fprintf(stderr, "%s\n", text);
  tsr_mlir_module_destroy(m);
  free(text);
  return k;
}

static void run(tsr_mosaic_kernel *k, const mm_case *c, tsr_dtype dt, void *a, void *b, float *out) {
  int lr = c->tl ? c->k : c->m, lc = c->tl ? c->m : c->k, rr = c->tr ? c->n : c->k, rc = c->tr ? c->k : c->n;
  int r = c->batch ? 3 : 2, o = c->batch ? 1 : 0;
  int64_t sa[3] = {c->batch, lr, lc + c->pad}, sb[3] = {c->batch, rr, rc + c->pad}, so[3] = {c->batch, c->m, c->n};
  tsr_ref in[2] = {tsr_ref_dense(a, dt, TSR_HBM, r, sa + 1 - o), tsr_ref_dense(b, dt, TSR_HBM, r, sb + 1 - o)};
  tsr_ref out_ref = tsr_ref_dense(out, TSR_F32, TSR_HBM, r, so + 1 - o);
  if (k) CHECK_OK(tsr_mosaic_kernel_run(M, k, in, 2, &out_ref, 1, NULL, NULL));
}

static uint32_t rng_state = 2463534242u;
static uint32_t rnd(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 17;
  rng_state ^= rng_state << 5;
  return rng_state;
}

/* Operands of mixed magnitudes whose bf16 roundings differ from them, some with specials. */
static float operand(bool specials) {
  uint32_t r = rnd();
  if (specials && r % 97 == 0) {
    static const float s[] = {INFINITY, -INFINITY, 1e-40f, -3e-39f, -0.0f};
    return s[(r >> 8) % 5];
  }
  if (specials && r % 389 == 0) return from_bits(0x7f800001u | (r & 0x3ff000u)); /* a signalling NaN */
  return ((float)(r >> 8) / 16777216.0f - 0.5f) * ((r & 3) == 0 ? 64.0f : 1.0f);
}

static int same_bits(const float *a, const float *b, size_t n) {
  int bad = 0;
  for (size_t i = 0; i < n; i++) bad += bits(a[i]) != bits(b[i]);
  return bad;
}

/* fp32 on windows whose rows lie apart (the matmul copies them dense for libxsmm) against
 * the same kernel on dense operands holding the windows' values: bit for bit. */
static int dense_same(const mm_case *c, tsr_mosaic_kernel *kf, const float *a, const float *b, const float *want) {
  mm_case d = *c;
  d.pad = 0;
  int nb = c->batch ? c->batch : 1;
  int lr = c->tl ? c->k : c->m, lc = c->tl ? c->m : c->k, rr = c->tr ? c->n : c->k, rc = c->tr ? c->k : c->n;
  size_t no = (size_t)nb * c->m * c->n;
  float *ad = malloc(sizeof(float) * (size_t)nb * lr * lc), *bd = malloc(sizeof(float) * (size_t)nb * rr * rc);
  float *got = malloc(no * 4);
  tsr_mosaic_kernel *k = mm_kernel(&d, "f32", ", precision = #tpu.contract_precision<fp32>", false);
  int bad = -1;
  if (ad && bd && got && k && kf) {
    for (int q = 0; q < nb; q++) {
      for (int i = 0; i < lr; i++)
        for (int j = 0; j < lc; j++) ad[((size_t)q * lr + i) * lc + j] = a[((size_t)q * lr + i) * (lc + c->pad) + 1 + j];
      for (int i = 0; i < rr; i++)
        for (int j = 0; j < rc; j++) bd[((size_t)q * rr + i) * rc + j] = b[((size_t)q * rr + i) * (rc + c->pad) + 1 + j];
    }
    run(k, &d, TSR_F32, ad, bd, got);
    bad = same_bits(got, want, no);
  }
  CHECK_EQ_INT(bad, 0);
  tsr_mosaic_kernel_destroy(k);
  free(ad);
  free(bd);
  free(got);
  return bad;
}

static void matmul_case(const mm_case *c, bool specials, bool contract) {
  int nb = c->batch ? c->batch : 1;
  int lr = c->tl ? c->k : c->m, lc = c->tl ? c->m : c->k, rr = c->tr ? c->n : c->k, rc = c->tr ? c->k : c->n;
  size_t na = (size_t)nb * lr * (lc + c->pad), nbv = (size_t)nb * rr * (rc + c->pad), no = (size_t)nb * c->m * c->n;
  float *a = malloc(na * 4), *b = malloc(nbv * 4), *ar = malloc(na * 4), *br = malloc(nbv * 4);
  uint16_t *a16 = malloc(na * 2), *b16 = malloc(nbv * 2);
  float *got = malloc(no * 4), *want = malloc(no * 4), *got16 = malloc(no * 4);
  CHECK(a && b && ar && br && a16 && b16 && got && want && got16);
  if (!(a && b && ar && br && a16 && b16 && got && want && got16)) goto done;
  for (size_t i = 0; i < na; i++) {
    a[i] = operand(specials);
    ar[i] = ref_round(a[i]);
    a16[i] = (uint16_t)(bits(ar[i]) >> 16);
  }
  for (size_t i = 0; i < nbv; i++) {
    b[i] = operand(specials);
    br[i] = ref_round(b[i]);
    b16[i] = (uint16_t)(bits(br[i]) >> 16);
  }
  tsr_mosaic_kernel *kd = mm_kernel(c, "f32", "", contract);
  tsr_mosaic_kernel *kf = mm_kernel(c, "f32", ", precision = #tpu.contract_precision<fp32>", contract);
  tsr_mosaic_kernel *kb = contract ? NULL : mm_kernel(c, "bf16", "", false);
  run(kd, c, TSR_F32, a, b, got);
  run(kf, c, TSR_F32, ar, br, want);
  int bad = same_bits(got, want, no);
  CHECK_EQ_INT(bad, 0);
  if (c->pad) bad += dense_same(c, kf, ar, br, want);
  if (kb) {
    run(kb, c, TSR_BF16, a16, b16, got16);
    int bad16 = same_bits(got16, want, no);
    CHECK_EQ_INT(bad16, 0);
    bad += bad16;
  }
  /* and the products themselves: double sums of the rounded operands (where finite) */
  int off = 0;
  for (int q = 0; q < nb; q++)
    for (int i = 0; i < c->m; i++)
      for (int j = 0; j < c->n; j++) {
        double s = 0, mag = 0;
        for (int t = 0; t < c->k; t++) {
          size_t ia = (size_t)q * lr * (lc + c->pad) + (size_t)(c->tl ? t * (lc + c->pad) + i : i * (lc + c->pad) + t) +
                      (c->pad ? 1 : 0);
          size_t ib = (size_t)q * rr * (rc + c->pad) + (size_t)(c->tr ? j * (rc + c->pad) + t : t * (rc + c->pad) + j) +
                      (c->pad ? 1 : 0);
          double p = (double)ar[ia] * (double)br[ib];
          s += p;
          mag += fabs(p);
        }
        float g = got[((size_t)q * c->m + i) * c->n + j];
        if (isfinite(mag) && !(fabs((double)g - s) <= 1e-5 * mag + 1e-30)) off++;
      }
  CHECK_EQ_INT(off, 0);
  if (bad || off)
    fprintf(stderr, "  %s %dx%dx%d batch %d%s%s pad %d%s: %d differ from the old path, %d from the reference\n",
            contract ? "vector.contract" : "tpu.matmul", c->m, c->k, c->n, c->batch, c->tl ? " lhs^T" : "",
            c->tr ? " rhs^T" : "", c->pad, specials ? " with specials" : "", bad, off);
  tsr_mosaic_kernel_destroy(kd);
  tsr_mosaic_kernel_destroy(kf);
  tsr_mosaic_kernel_destroy(kb);
done:
  free(a); free(b); free(ar); free(br); free(a16); free(b16); free(got); free(want); free(got16);
}

static void test_matmuls(void) {
  static const mm_case cases[] = {
      {1, 1, 1, 0, false, false, 0}, {3, 5, 7, 0, false, false, 0}, {8, 128, 8, 0, false, false, 0},
      {17, 33, 65, 0, true, false, 0}, {64, 1, 129, 0, false, true, 0}, {130, 7, 16, 0, true, true, 0},
      {33, 40, 24, 0, false, false, 3}, {24, 40, 33, 0, true, true, 5}, {5, 12, 9, 3, false, false, 0},
      {9, 12, 5, 2, true, true, 0}, {256, 256, 256, 0, false, false, 0}, /* cut into row bands */
      {200, 96, 300, 0, false, true, 0}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    matmul_case(&cases[i], false, false);
    matmul_case(&cases[i], true, false);
  }
  static const mm_case contracts[] = {{3, 5, 7, 0, false, false, 0}, {17, 33, 9, 0, false, true, 0}};
  for (size_t i = 0; i < sizeof contracts / sizeof contracts[0]; i++) matmul_case(&contracts[i], true, true);
}

/* ---- operands of different element types ------------------------------------------------ */

enum { MX_M = 8, MX_K = 256, MX_N = 16 };

/* Compiles and runs (m, k) x (k, n) of element types LT and RT into an accumulator of type
 * AT (zeros) on `mach`; the result, MX_M x MX_N of AT's dtype `odt`, is written to `out`. */
static tsr_status mixed_run(tsr_machine *mach, const char *lt, tsr_dtype ldt, const void *a, const char *rt, tsr_dtype rdt,
                            const void *b, const char *at, tsr_dtype odt, void *out) {
  const char *V = "#tpu.memory_space<vmem>";
  const char *zero = at[0] == 'f' ? "0.0" : "0";
  char text[4096];
  snprintf(text, sizeof text,
           "module @t {\n  func.func @k(%%am: memref<%dx%dx%s, %s>, %%bm: memref<%dx%dx%s, %s>, %%o: memref<%dx%dx%s, %s>) "
           "attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 0 : i64} {\n"
           "    %%c0 = arith.constant 0 : index\n"
           "    %%a = vector.load %%am[%%c0, %%c0] : memref<%dx%dx%s, %s>, vector<%dx%dx%s>\n"
           "    %%b = vector.load %%bm[%%c0, %%c0] : memref<%dx%dx%s, %s>, vector<%dx%dx%s>\n"
           "    %%z = arith.constant dense<%s> : vector<%dx%dx%s>\n"
           "    %%r = \"tpu.matmul\"(%%a, %%b, %%z) {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], "
           "[0, 0, 1, 1], [], []>} : (vector<%dx%dx%s>, vector<%dx%dx%s>, vector<%dx%dx%s>) -> vector<%dx%dx%s>\n"
           "    vector.store %%r, %%o[%%c0, %%c0] : memref<%dx%dx%s, %s>, vector<%dx%dx%s>\n    return\n  }\n}\n",
           MX_M, MX_K, lt, V, MX_K, MX_N, rt, V, MX_M, MX_N, at, V, MX_M, MX_K, lt, V, MX_M, MX_K, lt, MX_K, MX_N, rt, V,
           MX_K, MX_N, rt, zero, MX_M, MX_N, at, MX_M, MX_K, lt, MX_K, MX_N, rt, MX_M, MX_N, at, MX_M, MX_N, at, MX_M, MX_N,
           at, V, MX_M, MX_N, at);
  tsr_mlir_module *m = NULL;
  tsr_mosaic_kernel *k = NULL;
  tsr_status s = tsr_mlir_parse_text(text, strlen(text), "mixed.mlir", &m);
  if (s == TSR_OK) s = tsr_mosaic_kernel_create(m, &k);
  tsr_mlir_module_destroy(m);
  if (s == TSR_OK) {
    int64_t sa[2] = {MX_M, MX_K}, sb[2] = {MX_K, MX_N}, so[2] = {MX_M, MX_N};
    tsr_ref in[2] = {tsr_ref_dense((void *)(uintptr_t)a, ldt, TSR_HBM, 2, sa), tsr_ref_dense((void *)(uintptr_t)b, rdt, TSR_HBM, 2, sb)};
    tsr_ref o = tsr_ref_dense(out, odt, TSR_HBM, 2, so);
    s = tsr_mosaic_kernel_run(mach, k, in, 2, &o, 1, NULL, NULL);
  }
  tsr_mosaic_kernel_destroy(k);
  return s;
}

/* The exact product of lhs values `av` by integer rhs values `bv`, in double: the operands are
 * chosen so that every partial sum is exact in f32, so that the MXU's order of sums cannot
 * matter and the result must match bit for bit. */
static int mixed_bad(const double *av, const int8_t *bv, const float *out) {
  int bad = 0;
  for (int i = 0; i < MX_M; i++)
    for (int j = 0; j < MX_N; j++) {
      double want = 0;
      for (int k = 0; k < MX_K; k++) want += av[i * MX_K + k] * bv[k * MX_N + j];
      if ((double)out[i * MX_N + j] != want && bad++ < 3)
        fprintf(stderr, "mixed matmul [%d, %d]: %.9g, want %.9g\n", i, j, (double)out[i * MX_N + j], want);
    }
  return bad;
}

/* Mosaic's canonicalize_matmul on operands of different types: bf16 by int8 (fused MoE's
 * per-channel int8 weights), float8_e4m3fn by int4 and by float4_e2m1fn on TPU7x (quantized
 * matmul's int4_fp8 and w4a8),
 * int8 by int8 into f32 and int8 by int4 into i32 (TPU7x only), against exact sums; and the combinations Mosaic
 * refuses, refused with its rule. */
static void test_mixed_types(void) {
  static uint16_t abf[MX_M * MX_K];
  static uint8_t af8[MX_M * MX_K];
  static int8_t a8[MX_M * MX_K], b8[MX_K * MX_N], b4[MX_K * MX_N];
  static double av[MX_M * MX_K], a8v[MX_M * MX_K];
  static float out[MX_M * MX_N];
  static int32_t iout[MX_M * MX_N];
  /* float8_e4m3fn codes (bias 7, 3 mantissa bits) and their values, written out here */
  static const uint8_t f8code[] = {0x00, 0x30, 0x34, 0x38, 0x3C, 0x40, 0x44, 0x7E, 0xB0, 0xB8, 0xC4, 0xFE};
  static const double f8val[] = {0, 0.5, 0.75, 1, 1.5, 2, 3, 448, -0.5, -1, -3, -448};
  for (int i = 0; i < MX_M * MX_K; i++) {
    int q = (int)(rnd() % 128) - 64; /* q / 4: 8 significant bits, exact in bf16 */
    av[i] = q / 4.0;
    abf[i] = tsr_f32_to_bf16((float)av[i]);
    a8[i] = (int8_t)(rnd() % 256 - 128);
    a8v[i] = a8[i];
  }
  for (int i = 0; i < MX_K * MX_N; i++) {
    b8[i] = (int8_t)(rnd() % 256 - 128);
    b4[i] = (int8_t)(rnd() % 16 - 8);
  }
  tsr_machine *v7 = NULL;
  tsr_machine_options mo = {.chip = tsr_chip_get("7x"), .num_cores = 1, .quiet = true};
  CHECK(mo.chip != NULL);
  CHECK_OK(tsr_machine_create(&mo, &v7));
  if (!v7) return;
  /* bf16 by int8: the int8 operand converted exactly (bf16 on TPU7x, f32 before), on both */
  tsr_machine *ms[2] = {M, v7};
  for (int c = 0; c < 2; c++) {
    memset(out, 0xff, sizeof out);
    CHECK_OK(mixed_run(ms[c], "bf16", TSR_BF16, abf, "i8", TSR_I8, b8, "f32", TSR_F32, out));
    CHECK_EQ_INT(mixed_bad(av, b8, out), 0);
  }
  /* float8_e4m3fn by int4 on TPU7x: 448 x 8 x 256 terms and their partial sums are exact in f32 */
  double fv[MX_M * MX_K];
  for (int i = 0; i < MX_M * MX_K; i++) {
    int p = (int)(rnd() % (sizeof f8code));
    af8[i] = f8code[p];
    fv[i] = f8val[p];
  }
  memset(out, 0xff, sizeof out);
  CHECK_OK(mixed_run(v7, "f8E4M3FN", TSR_F8E4M3FN, af8, "i4", TSR_I4, b4, "f32", TSR_F32, out));
  CHECK_EQ_INT(mixed_bad(fv, b4, out), 0);
  /* float8_e4m3fn by float4_e2m1fn on TPU7x (quantized matmul's w4a8): the fp4 codes'
   * values, twice over, are the integers -12..12, so the sums are exact against fv / 2 */
  static const int8_t f4twice[16] = {0, 1, 2, 3, 4, 6, 8, 12, 0, -1, -2, -3, -4, -6, -8, -12};
  static uint8_t bf4[MX_K * MX_N];
  static int8_t bf4twice[MX_K * MX_N];
  static double fvhalf[MX_M * MX_K];
  for (int i = 0; i < MX_K * MX_N; i++) {
    bf4[i] = (uint8_t)(rnd() % 16);
    bf4twice[i] = f4twice[bf4[i]];
  }
  for (int i = 0; i < MX_M * MX_K; i++) fvhalf[i] = fv[i] / 2;
  memset(out, 0xff, sizeof out);
  CHECK_OK(mixed_run(v7, "f8E4M3FN", TSR_F8E4M3FN, af8, "f4E2M1FN", TSR_F4E2M1FN, bf4, "f32", TSR_F32, out));
  CHECK_EQ_INT(mixed_bad(fvhalf, bf4twice, out), 0);
  CHECK_FAILS(mixed_run(M, "f8E4M3FN", TSR_F8E4M3FN, af8, "f4E2M1FN", TSR_F4E2M1FN, bf4, "f32", TSR_F32, out),
              TSR_ERR_UNSUPPORTED, "float4_e2m1fn operands (as float8_e4m3fn) only on TPU7x");
  /* int8 by int8 into f32: TPU7x converts both (to bf16), older chips refuse */
  memset(out, 0xff, sizeof out);
  CHECK_OK(mixed_run(v7, "i8", TSR_I8, a8, "i8", TSR_I8, b8, "f32", TSR_F32, out));
  CHECK_EQ_INT(mixed_bad(a8v, b8, out), 0);
  CHECK_FAILS(mixed_run(M, "i8", TSR_I8, a8, "i8", TSR_I8, b8, "f32", TSR_F32, out), TSR_ERR_UNSUPPORTED,
              "converts integer operands of a float accumulator only on TPU7x");
  /* what Mosaic refuses: integers of different widths, an integer accumulator with a float
   * operand, and on TPU7x integer operands of 16 bits */
  CHECK_FAILS(mixed_run(M, "i8", TSR_I8, a8, "i4", TSR_I4, b4, "i32", TSR_I32, iout), TSR_ERR_UNSUPPORTED,
              "does not implement integer operands of different widths before TPU7x");
  memset(iout, 0xff, sizeof iout);
  CHECK_OK(mixed_run(v7, "i8", TSR_I8, a8, "i4", TSR_I4, b4, "i32", TSR_I32, iout));
  for (int i = 0; i < MX_M * MX_N; i++) out[i] = (float)iout[i]; /* |sums| < 2^24: exact */
  CHECK_EQ_INT(mixed_bad(a8v, b4, out), 0);
  CHECK_FAILS(mixed_run(v7, "bf16", TSR_BF16, abf, "i8", TSR_I8, b8, "i32", TSR_I32, iout), TSR_ERR_UNSUPPORTED,
              "an integer accumulator with a float lhs");
  static int16_t b16[MX_K * MX_N];
  for (int i = 0; i < MX_K * MX_N; i++) b16[i] = b8[i];
  CHECK_FAILS(mixed_run(v7, "bf16", TSR_BF16, abf, "i16", TSR_I16, b16, "f32", TSR_F32, out), TSR_ERR_UNSUPPORTED,
              "not i16");
  tsr_machine_destroy(v7);
}

int main(void) {
  tsr_machine_options mo = {.num_cores = 1, .quiet = true};
  if (tsr_machine_create(&mo, &M) != TSR_OK) return 1;
  test_round_rows();
  test_matmuls();
  test_mixed_types();
  tsr_machine_destroy(M);
  return tsr_test_finish("test_mxu");
}
