/* Small matrix products through libxsmm (xsmm.h).
 *
 * A kernel's matmuls are block-sized (128 or 256 a side): OpenBLAS packs both operands of
 * every call before its kernel runs, and at these sizes the packing is a fifth of the call.
 * libxsmm generates a kernel per shape that reads the operands where they lie. It is faster
 * than OpenBLAS's packed path for blocks up to about 256^3 and slower from 512^3 on (it does
 * no cache blocking): hence the size limit. Rows of C narrower than 16 (the kernel's vector
 * axis) ran slower too (bench/RESULTS.md, "Measurements behind choices in the code").
 * libxsmm 1.17 makes no kernel for transposed operands, nor for alpha other than 1 or beta
 * other than 0 or 1. A transposed B (attention's q k^T) is transposed first, by libxsmm's own
 * transpose, which still beats OpenBLAS at those sizes. A transposed A and the other alphas
 * and betas stay with the BLAS. The sums run in another order than OpenBLAS's, so results
 * differ from it in the last bits, as two BLAS libraries do. */
#include "core/xsmm.h"

#ifdef TSR_HAVE_XSMM
#include <libxsmm.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define XSMM_MAX_MULADDS ((int64_t)1 << 24)
#define XSMM_MIN_ROW 16
#define XSMM_MAX_TRANSPOSED ((int64_t)1 << 18) /* elements of a B transposed first: 1 MiB */

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static bool enabled;

static void init(void) {
  const char *e = getenv("TSR_XSMM");
  enabled = !(e && strcmp(e, "0") == 0);
  if (enabled) libxsmm_init();
}

bool xsmm_enabled(void) {
  pthread_once(&init_once, init);
  return enabled;
}

/* Each thread's buffer for a transposed B, kept for its next call and freed when the
 * thread ends. */
static pthread_key_t scratch_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static bool have_key;

typedef struct scratch {
  float *data;
  size_t cap;
} scratch;

static void scratch_free(void *p) {
  scratch *s = p;
  free(s->data);
  free(s);
}

static void make_key(void) { have_key = pthread_key_create(&scratch_key, scratch_free) == 0; }

static float *scratch_get(size_t floats) {
  pthread_once(&key_once, make_key);
  if (!have_key) return NULL;
  scratch *s = pthread_getspecific(scratch_key);
  if (!s) {
    if (!(s = calloc(1, sizeof *s))) return NULL;
    if (pthread_setspecific(scratch_key, s)) {
      free(s);
      return NULL;
    }
  }
  if (s->cap < floats) {
    float *d = realloc(s->data, floats * sizeof *d);
    if (!d) return NULL;
    s->data = d;
    s->cap = floats;
  }
  return s->data;
}

bool xsmm_sgemm(bool trans_a, bool trans_b, int m, int n, int k, float alpha, const float *a, int lda,
                    const float *b, int ldb, float beta, float *c, int ldc) {
  if (trans_a || alpha != 1.0f || (beta != 0.0f && beta != 1.0f)) return false;
  if (m < 1 || k < 1 || n < XSMM_MIN_ROW || (int64_t)m * n * k > XSMM_MAX_MULADDS) return false;
  if (trans_b && (int64_t)n * k > XSMM_MAX_TRANSPOSED) return false;
  if (!xsmm_enabled()) return false;
  if (trans_b) {
    /* B is stored n x k: libxsmm's own transpose makes it k x n, dense, a few microseconds
     * for a 128 x 128 block (a kernel for transposed operands it does not have) */
    float *t = scratch_get((size_t)n * (size_t)k);
    if (!t) return false;
    libxsmm_otrans(t, b, sizeof(float), (libxsmm_blasint)k, (libxsmm_blasint)n, (libxsmm_blasint)ldb,
                   (libxsmm_blasint)n);
    b = t;
    ldb = n;
  }
  /* libxsmm is column-major: row-major C (m x n) is column-major C^T = B^T A^T, with B as
   * the first operand (n x k, leading dimension ldb) and A the second (k x m, lda) */
  int flags = LIBXSMM_GEMM_FLAG_NONE, prefetch = LIBXSMM_PREFETCH_NONE;
  libxsmm_smmfunction f = libxsmm_smmdispatch(n, m, k, &ldb, &lda, &ldc, &alpha, &beta, &flags, &prefetch);
  if (!f) return false;
  f(b, a, c);
  return true;
}

#else

bool xsmm_enabled(void) { return false; }

bool xsmm_sgemm(bool trans_a, bool trans_b, int m, int n, int k, float alpha, const float *a, int lda,
                    const float *b, int ldb, float beta, float *c, int ldc) {
  (void)trans_a, (void)trans_b, (void)m, (void)n, (void)k, (void)alpha, (void)a, (void)lda, (void)b, (void)ldb,
      (void)beta, (void)c, (void)ldc;
  return false;
}

#endif
