/* CBLAS, loaded when a run first needs it (blas.c). */
#ifndef TSR_CORE_BLAS_H
#define TSR_CORE_BLAS_H

#include <stdbool.h>

#include "tessera/core.h"

/* Loads the CBLAS library once (later calls return the first result): $TSR_BLAS_LIBRARY alone
 * when set, else the OpenBLAS found at build time, else libopenblas.so.0 from the loader's path.
 * Sets OPENBLAS_NUM_THREADS=1 first unless it is set. TSR_ERR_UNSUPPORTED, naming what was
 * tried, when none loads. */
tsr_status tsr_blas_load(void);
/* Row-major C = alpha op(A) op(B) + beta C, op transposing when asked. tsr_blas_load first. */
void tsr_sgemm(bool trans_a, bool trans_b, int m, int n, int k, float alpha, const float *a, int lda,
               const float *b, int ldb, float beta, float *c, int ldc);
/* OpenBLAS's own thread count (benchmark baselines); no-op for a library without it. */
void tsr_blas_set_threads(int n);

#endif
