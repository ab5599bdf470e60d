/* CBLAS through dlopen, on first use, unless the executable links one (tsr_blas_link). The
 * library does not link OpenBLAS itself: OpenBLAS reads its thread count once, when it
 * loads, and its idle threads spin for a tenth of a second, taking the host CPUs that
 * tessera's simulated cores and host helpers run on. Loading it here, after setting the
 * count, works in any program; an executable that links it statically sets the count before
 * OpenBLAS's constructor runs (src/cli/blas_link.c). */
#include "core/blas.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"

/* CBLAS's enums as the ABI has them (cblas.h is not needed to call through a pointer) */
enum { ROW_MAJOR = 101, NO_TRANS = 111, TRANS = 112 };

static tsr_cblas_sgemm_fn sgemm, linked_sgemm;
static tsr_blas_threads_fn set_threads, linked_set_threads;
static char load_failure[1024];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

#ifndef TSR_BLAS_PATH
#define TSR_BLAS_PATH "libopenblas.so"
#endif

void tsr_blas_link(tsr_cblas_sgemm_fn f, tsr_blas_threads_fn t) {
  linked_sgemm = f;
  linked_set_threads = t;
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
