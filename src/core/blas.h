/* CBLAS, loaded when a run first needs it (blas.c). */
#ifndef TSR_CORE_BLAS_H
#define TSR_CORE_BLAS_H

#include <stdbool.h>

#include "tessera/core.h"

/* CBLAS's cblas_sgemm and OpenBLAS's openblas_set_num_threads. */
typedef void (*tsr_cblas_sgemm_fn)(int order, int trans_a, int trans_b, int m, int n, int k, float alpha,
                                   const float *a, int lda, const float *b, int ldb, float beta, float *c, int ldc);
typedef void (*tsr_blas_threads_fn)(int n);
/* A CBLAS linked into the executable, for blas_load to use instead of opening one (the
 * CLI links OpenBLAS statically: binding a dlopened OpenBLAS's many symbol relocations costs
 * every process time). Call before the first load; set_threads may be NULL. */
void blas_link(tsr_cblas_sgemm_fn sgemm, tsr_blas_threads_fn set_threads);
/* Loads the CBLAS library once (later calls return the first result): $TSR_BLAS_LIBRARY alone
 * when set, else the one blas_link gave, else the one tsr_blas_library named, else the
 * OpenBLAS found at build time, else libopenblas.so.0 from the loader's path. Sets OPENBLAS_NUM_THREADS=1 first unless it is set.
 * TSR_ERR_UNSUPPORTED, naming what was tried, when none loads. */
tsr_status blas_load(void);
/* Row-major C = alpha op(A) op(B) + beta C, op transposing when asked. blas_load first. */
void blas_sgemm(bool trans_a, bool trans_b, int m, int n, int k, float alpha, const float *a, int lda,
               const float *b, int ldb, float beta, float *c, int ldc);
/* Row-major C += op(A) op(B) summed as tessera models a TPU's MXU (docs/numerics.md): the
 * contraction in passes of `depth` (the MXU's, 128 or 256), in order; a pass's products
 * summed in f32 from zero in k order, 128 at a time (a 256-deep pass: two halves, added);
 * the passes' sums added up in f32, and that sum added to C once (a matmul's accumulator
 * operand is an add after the product, as Pallas writes `acc += dot(a, b)`). Where the
 * products are exact in f32 (bf16 operands, or f32 ones rounded to bf16) the result depends
 * on nothing else, as long as the BLAS's kernels (libxsmm's, OpenBLAS's) sum a call of up to
 * 128 terms in k order from zero, which test_blas checks. tmp: 3 x m x n floats.
 * blas_load first. */
void blas_sgemm_mxu(bool trans_a, bool trans_b, int m, int n, int k, int depth, const float *a, int lda,
                   const float *b, int ldb, float *c, int ldc, float *tmp);
/* Makes the BLAS's work buffers ready for calls with inner dimension up to k, once per process
 * (a later call with a larger k warms again): one throwaway sgemm per host CPU at once. A call
 * that packs little leaves pages of OpenBLAS's buffer unwritten that its kernel prefetches,
 * which makes such calls several times slower (blas.c says why). Changes no result;
 * blas_load first
 * (a no-op without a loaded library). */
void blas_warm(int k);
/* OpenBLAS's own thread count (benchmark baselines); no-op for a library without it. */
void blas_set_threads(int n);

#endif
