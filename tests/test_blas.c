/* The CBLAS wrapper (core/blas.c): sgemm on blocks of wider arrays (leading dimensions larger
 * than the block, accumulating with beta = 1, as the Mosaic matmul calls it) against a plain C
 * loop, and the buffer warm-up: it must leave every result bit for bit as it was, also while
 * other threads are inside the BLAS. Products of every kind (transposes, alphas, betas, sizes
 * on both sides of libxsmm's limits, core/xsmm.c) against the loop too. blas_sgemm_mxu (the
 * MXU's passes) bit for bit against a loop that sums as docs/numerics.md says a TPU does. */
#include <pthread.h>
#include <stdint.h>

#include "core/blas.h"
#include "core/xsmm.h"
#include "harness.h"

enum { WIDE = 512, BLK = 256 };

/* C[i][j] += sum_k A[i][k] B[k][j] in double, on blocks with leading dimensions */
static void ref_gemm(int m, int n, int k, const float *a, int lda, const float *b, int ldb, double *c, int ldc) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int q = 0; q < k; q++) s += (double)a[i * lda + q] * b[q * ldb + j];
      c[i * ldc + j] += s;
    }
}

static float *filled(size_t n, uint32_t seed) {
  float *x = malloc(n * sizeof *x);
  for (size_t i = 0; i < n; i++) {
    seed = seed * 1664525u + 1013904223u;
    x[i] = (float)((int)(seed >> 9) % 2001 - 1000) / 256.0f; /* in [-3.9, 3.9] */
  }
  return x;
}

/* Two K steps of a blocked matmul, the (1,0) output block of WIDE-wide arrays, accumulated
 * into a block of a wide C with beta = 1. */
static void blocked(const float *a, const float *b, float *c) {
  for (int kk = 0; kk < 2; kk++)
    blas_sgemm(false, false, BLK, BLK, BLK, 1.0f, a + BLK * WIDE + kk * BLK, WIDE, b + kk * BLK * WIDE, WIDE, 1.0f,
              c + BLK * WIDE, WIDE);
}

typedef struct {
  const float *a, *b;
  float *c;
} gemm_job;

static void *run_blocked(void *arg) {
  gemm_job *j = arg;
  blocked(j->a, j->b, j->c);
  return NULL;
}

static void *run_warm(void *arg) {
  (void)arg;
  blas_warm(BLK);
  return NULL;
}

static uint32_t lcg = 7;
static int rnd(int n) {
  lcg = lcg * 1664525u + 1013904223u;
  return (int)((lcg >> 8) % (uint32_t)n);
}

/* Row-major C = alpha op(A) op(B) + beta C through blas_sgemm, in whichever library takes it,
 * against a loop in double: to f32 rounding of the sums (relative to the sum of |terms|), a
 * beta-0 C full of NaN never read, and the padding around C untouched. */
static void test_products(void) {
  int bad = 0;
  for (int iter = 0; iter < 120; iter++) {
    int big = rnd(3) == 0;
    int m = 1 + rnd(big ? 300 : 40), n = 1 + rnd(big ? 300 : 40), k = 1 + rnd(big ? 300 : 40);
    bool ta = rnd(3) == 0, tb = rnd(2) == 0;
    float alpha = rnd(4) ? 1.0f : 0.5f, beta = (float[]){0.0f, 1.0f, 0.25f}[rnd(3)];
    int ar = ta ? k : m, ac = ta ? m : k, br = tb ? n : k, bc = tb ? k : n;
    int lda = ac + rnd(3) * 8, ldb = bc + rnd(3) * 8, ldc = n + rnd(3) * 8;
    float *a = filled((size_t)ar * lda, 10 + iter), *b = filled((size_t)br * ldb, 500 + iter);
    float *c = filled((size_t)m * ldc, 900 + iter), *c0 = malloc((size_t)m * ldc * sizeof(float));
    if (beta == 0.0f)
      for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) c[(size_t)i * ldc + j] = NAN;
    memcpy(c0, c, (size_t)m * ldc * sizeof(float));
    blas_sgemm(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    for (int i = 0; i < m; i++)
      for (int j = 0; j < ldc; j++) {
        size_t x = (size_t)i * ldc + j;
        if (j >= n) { /* padding */
          bad += memcmp(&c[x], &c0[x], sizeof(float)) != 0;
          continue;
        }
        double s = 0, mag = 0;
        for (int q = 0; q < k; q++) {
          double t = (double)(ta ? a[(size_t)q * lda + i] : a[(size_t)i * lda + q]) *
                     (tb ? b[(size_t)j * ldb + q] : b[(size_t)q * ldb + j]);
          s += t;
          mag += fabs(t);
        }
        double want = alpha * s + (beta != 0.0f ? beta * (double)c0[x] : 0.0);
        mag = alpha * mag + (beta != 0.0f ? fabs(beta * (double)c0[x]) : 0.0);
        if (!(fabs(c[x] - want) <= 1e-5 * mag + 1e-30)) bad++;
      }
    free(a); free(b); free(c); free(c0);
  }
  CHECK_EQ_INT(bad, 0);
  /* where libxsmm is in the build, it takes the block-sized products, transposed B too */
  float *a = filled(128 * 128, 3), *b = filled(128 * 128, 4), *c = calloc(128 * 128, sizeof(float));
  CHECK(xsmm_sgemm(false, false, 128, 128, 128, 1.0f, a, 128, b, 128, 1.0f, c, 128) == xsmm_enabled());
  CHECK(xsmm_sgemm(false, true, 128, 128, 128, 1.0f, a, 128, b, 128, 0.0f, c, 128) == xsmm_enabled());
  CHECK(!xsmm_sgemm(true, false, 128, 128, 128, 1.0f, a, 128, b, 128, 0.0f, c, 128));
  CHECK(!xsmm_sgemm(false, false, 128, 128, 128, 0.5f, a, 128, b, 128, 0.0f, c, 128));
  CHECK(!xsmm_sgemm(false, false, 512, 512, 512, 1.0f, a, 512, b, 512, 0.0f, c, 512)); /* too big: no access */
  free(a); free(b); free(c);
}

/* blas_sgemm_mxu against the MXU's sums worked out here in f32: per element, each pass of
 * `depth` terms summed from zero in k order (128 at a time, the parts added), the passes'
 * sums added in order, then that sum added to C. The operands have at most 10 significant bits (filled), so every product is
 * exact in f32, as a product of bf16 values is: only the order of the sums decides the bits,
 * whichever library (libxsmm, the BLAS) runs a pass. Shapes on both sides of libxsmm's
 * limits, K under, at and over the depth, transposes, C with leading dimension, its padding
 * untouched. */
static void test_mxu_passes(void) {
  int bad = 0, pad_bad = 0, calls = 0;
  static const int shapes[][3] = {{8, 128, 16},   {128, 128, 128}, {128, 512, 128}, {96, 300, 40},
                                  {512, 512, 64}, {33, 257, 200},  {1, 1, 1},       {300, 700, 300}};
  for (size_t si = 0; si < sizeof shapes / sizeof shapes[0]; si++)
    for (int variant = 0; variant < 4; variant++) {
      int m = shapes[si][0], k = shapes[si][1], n = shapes[si][2], depth = variant & 1 ? 256 : 128, bad0 = bad;
      bool ta = variant == 2, tb = variant >= 2;
      int lda = (ta ? m : k) + 3, ldb = (tb ? k : n) + 5, ldc = n + 7;
      float *a = filled((size_t)(ta ? k : m) * lda, 40 + (uint32_t)si), *b = filled((size_t)(tb ? n : k) * ldb, 80 + (uint32_t)si);
      float *c = filled((size_t)m * ldc, 120 + (uint32_t)si), *c0 = malloc((size_t)m * ldc * sizeof(float));
      float *tmp = malloc(3 * (size_t)m * n * sizeof(float));
      memcpy(c0, c, (size_t)m * ldc * sizeof(float));
      blas_sgemm_mxu(ta, tb, m, n, k, depth, a, lda, b, ldb, c, ldc, tmp);
      calls++;
      for (int i = 0; i < m; i++)
        for (int j = 0; j < ldc; j++) {
          size_t x = (size_t)i * ldc + j;
          if (j >= n) {
            pad_bad += memcmp(&c[x], &c0[x], sizeof(float)) != 0;
            continue;
          }
          float sum = 0;
          for (int k0 = 0; k0 < k; k0 += depth) {
            float pass = 0;
            for (int h = k0; h < k && h < k0 + depth; h += 128) { /* a 256-deep pass: two halves */
              float half = 0;
              for (int q = h; q < k && q < k0 + depth && q < h + 128; q++)
                half += (ta ? a[(size_t)q * lda + i] : a[(size_t)i * lda + q]) *
                        (tb ? b[(size_t)j * ldb + q] : b[(size_t)q * ldb + j]);
              pass = h > k0 ? pass + half : half;
            }
            sum = k0 ? sum + pass : pass;
          }
          float want = c0[x] + sum;
          bad += memcmp(&c[x], &want, sizeof(float)) != 0;
        }
      free(a); free(b); free(c); free(c0); free(tmp);
      if (bad != bad0) fprintf(stderr, "  sgemm_mxu %dx%dx%d depth %d%s%s: %d elements differ from the loop\n", m, k, n, depth,
                               ta ? " lhs^T" : "", tb ? " rhs^T" : "", bad - bad0);
    }
  CHECK_EQ_INT(calls, 32);
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(pad_bad, 0);
}

int main(void) {
  CHECK_OK(blas_load());
  test_mxu_passes();
  float *a = filled((size_t)WIDE * WIDE, 1), *b = filled((size_t)WIDE * WIDE, 2);
  float *before = calloc((size_t)WIDE * WIDE, sizeof(float)), *after = calloc((size_t)WIDE * WIDE, sizeof(float)),
        *during = calloc((size_t)WIDE * WIDE, sizeof(float));
  double *want = calloc((size_t)WIDE * WIDE, sizeof(double));

  /* strided blocks, beta = 1: the plain loop's sums, to f32 rounding */
  blocked(a, b, before);
  for (int kk = 0; kk < 2; kk++)
    ref_gemm(BLK, BLK, BLK, a + BLK * WIDE + kk * BLK, WIDE, b + kk * BLK * WIDE, WIDE, want + BLK * WIDE, WIDE);
  double worst = 0;
  int outside = 0; /* elements outside the output block must stay untouched */
  for (int i = 0; i < WIDE; i++)
    for (int j = 0; j < WIDE; j++) {
      size_t x = (size_t)i * WIDE + j;
      double e = fabs(before[x] - want[x]) / (1.0 + fabs(want[x]));
      if (e > worst) worst = e;
      if ((i < BLK || j >= BLK) && before[x] != 0) outside++;
    }
  CHECK(worst < 1e-5);
  CHECK_EQ_INT(outside, 0);

  /* the warm-up on one thread while another multiplies, then alone with larger K, and the
   * clamped and empty cases: the same call gives the same bits */
  pthread_t w, g;
  gemm_job job = {a, b, during};
  CHECK_EQ_INT(pthread_create(&w, NULL, run_warm, NULL), 0);
  CHECK_EQ_INT(pthread_create(&g, NULL, run_blocked, &job), 0);
  pthread_join(w, NULL);
  pthread_join(g, NULL);
  blas_warm(2 * BLK);
  blas_warm(1 << 30);
  blas_warm(0);
  blocked(a, b, after);
  CHECK(!memcmp(before, after, (size_t)WIDE * WIDE * sizeof(float)));
  CHECK(!memcmp(before, during, (size_t)WIDE * WIDE * sizeof(float)));

  free(a);
  free(b);
  free(before);
  free(after);
  free(during);
  free(want);
  test_products();
  return tsr_test_finish("test_blas");
}
