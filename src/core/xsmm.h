/* Small matrix products through libxsmm's generated kernels, where the build has libxsmm. */
#ifndef TSR_CORE_XSMM_H
#define TSR_CORE_XSMM_H

#include <stdbool.h>

/* Row-major C = alpha A B + beta C as blas_sgemm takes it, done here when the product is one
 * that libxsmm's kernels run faster than the BLAS's packed level-3 path: A not transposed
 * (B may be: it is transposed into a buffer of the thread's first), alpha 1, beta 0 (C not
 * read) or 1, at most 2^24 multiply-adds and rows of C 16 or more wide.
 * False, having done nothing, otherwise, without libxsmm, or with TSR_XSMM=0 in the
 * environment (read once). */
bool xsmm_sgemm(bool trans_a, bool trans_b, int m, int n, int k, float alpha, const float *a, int lda,
                    const float *b, int ldb, float beta, float *c, int ldc);

/* Whether products go through libxsmm at all (built with it and not switched off). */
bool xsmm_enabled(void);

#endif
