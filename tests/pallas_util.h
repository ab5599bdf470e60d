/* Pieces of tsr_pallas_call that many C tests share: index maps of 2-D blocks and a body that
 * copies its input block to its output block. */
#ifndef TSR_TESTS_PALLAS_UTIL_H
#define TSR_TESTS_PALLAS_UTIL_H

#include "tessera/pipeline.h"

#define F(r) ((float *)(void *)(r)->data)

/* Block (i, 0) at grid step (i, ...): whole-row blocks. */
static inline tsr_status map_i0(void *u, const int64_t *g, int n, const tsr_ref *p, int np, int64_t *b) {
  (void)u; (void)n; (void)p; (void)np;
  b[0] = g[0]; b[1] = 0;
  return TSR_OK;
}

/* Block (i, j) at grid step (i, j). */
static inline tsr_status map_ij(void *u, const int64_t *g, int n, const tsr_ref *p, int np, int64_t *b) {
  (void)u; (void)n; (void)p; (void)np;
  b[0] = g[0]; b[1] = g[1];
  return TSR_OK;
}

/* out0 = in0, a 2-D f32 block. */
static inline tsr_status copy_body_2d(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *o = tsr_ctx_out(c, 0);
  for (int64_t i = 0; i < x->shape[0]; i++)
    for (int64_t j = 0; j < x->shape[1]; j++) F(o)[i * o->stride[0] + j] = F(x)[i * x->stride[0] + j];
  return TSR_OK;
}

#endif
