/* The CLI links OpenBLAS statically when the build found its archive (TSR_STATIC_BLAS):
 * opening the shared library costs every run with a matmul the binding of its many symbols
 * (bench/RESULTS.md, "Measurements behind choices in the code"). OpenBLAS starts its worker
 * threads in a constructor, from OPENBLAS_NUM_THREADS, and an idle worker spins for a tenth
 * of a second on a CPU that tessera's cores need; this constructor runs first (priority 101
 * comes before the unprioritised ones) and sets the count to 1 unless the environment sets
 * it, as core/blas.c does before a dlopen. */
#ifdef TSR_STATIC_BLAS
#include <stdlib.h>

#include "core/blas.h"

void cblas_sgemm(int order, int trans_a, int trans_b, int m, int n, int k, float alpha, const float *a, int lda,
                 const float *b, int ldb, float beta, float *c, int ldc);
void openblas_set_num_threads(int n);

__attribute__((constructor(101))) static void link_blas(void) {
  setenv("OPENBLAS_NUM_THREADS", "1", 0);
  blas_link(cblas_sgemm, openblas_set_num_threads);
}
#else
typedef int tsr_no_static_blas; /* ISO C wants a translation unit to declare something */
#endif
