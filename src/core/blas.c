/* CBLAS through dlopen, on first use, unless the executable links one (blas_link). The
 * library does not link OpenBLAS itself: OpenBLAS reads its thread count once, when it
 * loads, and its idle threads spin for a tenth of a second, taking the host CPUs that
 * tessera's simulated cores and host helpers run on. Loading it here, after setting the
 * count, works in any program; an executable that links it statically sets the count before
 * OpenBLAS's constructor runs (src/cli/blas_link.c). */
#include "core/blas.h"

#include <dlfcn.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/status.h"
#include "core/xsmm.h"

/* CBLAS's enums as the ABI has them (cblas.h is not needed to call through a pointer) */
enum { ROW_MAJOR = 101, NO_TRANS = 111, TRANS = 112 };

static tsr_cblas_sgemm_fn sgemm, linked_sgemm;
static tsr_blas_threads_fn set_threads, linked_set_threads;
static char load_failure[1024];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char package_library[4096]; /* tsr_blas_library's */

#ifndef TSR_BLAS_PATH
#define TSR_BLAS_PATH "libopenblas.so"
#endif

void blas_link(tsr_cblas_sgemm_fn f, tsr_blas_threads_fn t) {
  linked_sgemm = f;
  linked_set_threads = t;
}

void tsr_blas_library(const char *path) {
  snprintf(package_library, sizeof package_library, "%s", path ? path : "");
}

/* A function of a CBLAS by its name, or by the name the scipy-openblas wheels give it (their
 * symbols carry a "scipy_" prefix, so that they never meet another OpenBLAS in the process). */
static void *blas_sym(void *lib, const char *name) {
  void *f = dlsym(lib, name);
  if (!f) {
    char prefixed[64];
    snprintf(prefixed, sizeof prefixed, "scipy_%s", name);
    f = dlsym(lib, prefixed);
  }
  return f;
}

static void load(void) {
  setenv("OPENBLAS_NUM_THREADS", "1", 0);
  /* a library the user names is the only one tried */
  const char *chosen = getenv("TSR_BLAS_LIBRARY");
  if (!(chosen && *chosen) && linked_sgemm) {
    sgemm = linked_sgemm;
    set_threads = linked_set_threads;
    return;
  }
  bool named = chosen && *chosen;
  const char *tried[] = {named ? chosen : package_library, named ? NULL : TSR_BLAS_PATH,
                         named ? NULL : "libopenblas.so.0"};
  size_t used = 0;
  for (size_t i = 0; i < sizeof tried / sizeof tried[0]; i++) {
    if (!tried[i] || !*tried[i]) continue;
    void *lib = dlopen(tried[i], RTLD_NOW | RTLD_LOCAL);
    const char *why = lib ? NULL : dlerror();
    void *f = lib ? blas_sym(lib, "cblas_sgemm") : NULL;
    if (f) {
      /* POSIX guarantees a data pointer from dlsym converts to a function pointer */
      memcpy(&sgemm, &f, sizeof sgemm);
      void *t = blas_sym(lib, "openblas_set_num_threads");
      if (t) memcpy(&set_threads, &t, sizeof set_threads);
      return; /* kept loaded for the life of the process */
    }
    if (lib) {
      why = "no cblas_sgemm in it";
      dlclose(lib);
    }
    int w = snprintf(load_failure + used, sizeof load_failure - used, "%s%s (%s)", used ? "; " : "", tried[i], why);
    if (w > 0) used += (size_t)w < sizeof load_failure - used ? (size_t)w : sizeof load_failure - used - 1;
  }
}

tsr_status blas_load(void) {
  pthread_once(&load_once, load);
  if (sgemm) return TSR_OK;
  return tsr_fail(TSR_ERR_UNSUPPORTED, "cannot load a CBLAS library for matmul (set TSR_BLAS_LIBRARY): tried %s",
                  load_failure);
}

void blas_sgemm(bool trans_a, bool trans_b, int m, int n, int k, float alpha, const float *a, int lda,
               const float *b, int ldb, float beta, float *c, int ldc) {
  if (xsmm_sgemm(trans_a, trans_b, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)) return;
  sgemm(ROW_MAJOR, trans_a ? TRANS : NO_TRANS, trans_b ? TRANS : NO_TRANS, m, n, k, alpha, a, lda, b, ldb, beta, c,
        ldc);
}

/* The most terms one BLAS call sums for a pass: OpenBLAS splits a longer K into blocks it
 * sums apart (its Q, under 256 on some hosts), which would make the order the host's. */
enum { MXU_CALL_K = 128 };

static void add_into(float *dst, const float *src, size_t n) {
  for (size_t i = 0; i < n; i++) dst[i] += src[i];
}

void blas_sgemm_mxu(bool trans_a, bool trans_b, int m, int n, int k, int depth, const float *a, int lda,
                   const float *b, int ldb, float *c, int ldc, float *tmp) {
  if (depth < 1) depth = k > 0 ? k : 1;
  size_t mn = (size_t)m * (size_t)n;
  float *sum = tmp, *pass = tmp + mn, *part = tmp + 2 * mn;
  for (int k0 = 0; k0 < k || k0 == 0; k0 += depth) {
    int end = k - k0 < depth ? k : k0 + depth;
    /* the pass, in calls of at most MXU_CALL_K terms whose sums are added in order */
    for (int q0 = k0; q0 < end || q0 == k0; q0 += MXU_CALL_K) {
      int kk = end - q0 < MXU_CALL_K ? end - q0 : MXU_CALL_K;
      /* the call's rows of B and columns of A (rows of A and columns of B when transposed) */
      const float *ap = trans_a ? a + (size_t)q0 * (size_t)lda : a + q0;
      const float *bp = trans_b ? b + q0 : b + (size_t)q0 * (size_t)ldb;
      float *dst = q0 > k0 ? part : k0 ? pass : sum;
      blas_sgemm(trans_a, trans_b, m, n, kk, 1.0f, ap, lda, bp, ldb, 0.0f, dst, n);
      if (q0 > k0) add_into(k0 ? pass : sum, part, mn);
    }
    if (k0) add_into(sum, pass, mn);
  }
  for (int i = 0; i < m; i++) add_into(c + (size_t)i * (size_t)ldc, sum + (size_t)i * (size_t)n, (size_t)n);
}

void blas_set_threads(int n) {
  if (set_threads) set_threads(n);
}

/* ---- warming the BLAS's buffers ------------------------------------------------------------
 * OpenBLAS's level-3 driver (0.3.21, Haswell/Zen kernels) packs a call's panels of the
 * row-major B at the start of its work buffer, a few panels at a time, when the call's columns
 * fit its P block, while its kernel prefetches the panel after them: into pages of the 256 MiB
 * buffer that no such call ever writes. A prefetch of a page without a mapping costs a whole
 * page walk (a nested one in a VM), and no TLB keeps the miss, so it is paid on every step of
 * the kernel's K loop, several times the cost of the multiplies in a VM (bench/RESULTS.md,
 * "Measurements behind choices in the code"). One call whose columns exceed P (and
 * whose rows times K cover the prefetch distance) writes them. OpenBLAS keeps one buffer per
 * call in flight, so the warm-up runs on one thread per host CPU at once, as many as a run's
 * simulated cores and host helpers can have. It changes no result: it writes its own output. */

enum { WARM_ROWS = 64, WARM_COLS = 1024, WARM_MAX_K = 1024 };

typedef struct warm_job {
  const float *a, *b;
  int k, threads;
  atomic_int *arrived;
} warm_job;

static void *warm_one(void *arg) {
  const warm_job *w = arg;
  float *c = malloc(sizeof(float) * WARM_ROWS * WARM_COLS);
  /* start together, so that the calls overlap and each takes its own buffer */
  atomic_fetch_add(w->arrived, 1);
  while (atomic_load(w->arrived) < w->threads) sched_yield();
  if (c) blas_sgemm(false, false, WARM_ROWS, WARM_COLS, w->k, 1.0f, w->a, w->k, w->b, WARM_COLS, 0.0f, c, WARM_COLS);
  free(c);
  return NULL;
}

static pthread_mutex_t warm_lock = PTHREAD_MUTEX_INITIALIZER;
static int warmed_k;

void blas_warm(int k) {
  if (!sgemm || k < 1) return;
  if (k > WARM_MAX_K) k = WARM_MAX_K; /* beyond twice OpenBLAS's Q, its K blocks are Q */
  pthread_mutex_lock(&warm_lock);
  if (k > warmed_k) {
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    int threads = cpus < 1 ? 1 : cpus > 8 ? 8 : (int)cpus;
    /* zeros: never-written pages of calloc read as zeros without being made */
    float *a = calloc((size_t)WARM_ROWS * (size_t)k, sizeof(float)), *b = calloc((size_t)k * WARM_COLS, sizeof(float));
    atomic_int arrived = 0;
    warm_job job = {.a = a, .b = b, .k = k, .threads = threads, .arrived = &arrived};
    pthread_t tid[8];
    int started = 0;
    if (a && b) {
      while (started < threads - 1 && !pthread_create(&tid[started], NULL, warm_one, &job)) started++;
      /* a thread that could not start is not waited for: it counts as arrived */
      atomic_fetch_add(&arrived, threads - 1 - started);
      warm_one(&job);
      for (int i = 0; i < started; i++) pthread_join(tid[i], NULL);
      warmed_k = k;
    }
    free(a);
    free(b);
  }
  pthread_mutex_unlock(&warm_lock);
}
