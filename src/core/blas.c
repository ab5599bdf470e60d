/* CBLAS through dlopen, on first use. Linking OpenBLAS would load it, and start its threads,
 * in every process: OpenBLAS reads its thread count once, when it loads, and its idle threads
 * spin for a tenth of a second, taking the host CPUs that tessera's simulated cores and host
 * helpers run on. Loading it here, after setting the count, spares a kernel without a matmul
 * the load (about 2 ms) and the CLI the re-exec it needed to set the count (about 2 ms more). */
#include "core/blas.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"

/* CBLAS's enums as the ABI has them (cblas.h is not needed to call through a pointer) */
enum { ROW_MAJOR = 101, NO_TRANS = 111, TRANS = 112 };

typedef void (*sgemm_fn)(int order, int trans_a, int trans_b, int m, int n, int k, float alpha, const float *a,
                         int lda, const float *b, int ldb, float beta, float *c, int ldc);
typedef void (*set_threads_fn)(int n);

static sgemm_fn sgemm;
static set_threads_fn set_threads;
static char load_failure[1024];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

#ifndef TSR_BLAS_PATH
#define TSR_BLAS_PATH "libopenblas.so"
#endif

static void load(void) {
  setenv("OPENBLAS_NUM_THREADS", "1", 0);
  /* a library the user names is the only one tried */
  const char *chosen = getenv("TSR_BLAS_LIBRARY");
  const char *tried[] = {chosen && *chosen ? chosen : TSR_BLAS_PATH, chosen && *chosen ? NULL : "libopenblas.so.0"};
  size_t used = 0;
  for (size_t i = 0; i < sizeof tried / sizeof tried[0]; i++) {
    if (!tried[i] || !*tried[i]) continue;
    void *lib = dlopen(tried[i], RTLD_NOW | RTLD_LOCAL);
    const char *why = lib ? NULL : dlerror();
    void *f = lib ? dlsym(lib, "cblas_sgemm") : NULL;
    if (f) {
      /* POSIX guarantees a data pointer from dlsym converts to a function pointer */
      memcpy(&sgemm, &f, sizeof sgemm);
      void *t = dlsym(lib, "openblas_set_num_threads");
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

tsr_status tsr_blas_load(void) {
  pthread_once(&load_once, load);
  if (sgemm) return TSR_OK;
  return tsr_fail(TSR_ERR_UNSUPPORTED, "cannot load a CBLAS library for matmul (set TSR_BLAS_LIBRARY): tried %s",
                  load_failure);
}

void tsr_sgemm(bool trans_a, bool trans_b, int m, int n, int k, float alpha, const float *a, int lda,
               const float *b, int ldb, float beta, float *c, int ldc) {
  sgemm(ROW_MAJOR, trans_a ? TRANS : NO_TRANS, trans_b ? TRANS : NO_TRANS, m, n, k, alpha, a, lda, b, ldb, beta, c,
        ldc);
}

void tsr_blas_set_threads(int n) {
  if (set_threads) set_threads(n);
}
