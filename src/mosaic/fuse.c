/* A matmul whose product is added to a value: the add folded into the matmul's accumulator.
 * Pallas writes `acc_ref[...] += jnp.dot(a, b)`, which Mosaic gets as a tpu.matmul with a
 * zero accumulator and an arith.addf of its result and the loaded accumulator. Run as
 * written, the matmul clears its result, the BLAS adds the product into it, and the add reads
 * both blocks and writes a third. Folded, the matmul starts from the value instead of zeros:
 * one pass over the block instead of three. Each element is still the value plus the dot
 * product over K, rounded once where the BLAS adds a whole K's dot to its output (as it did,
 * bit for bit, on every kernel of the JAX suite and the benchmarks); a BLAS that adds K in
 * blocks would round in steps (an ulp or so apart, as a TPU's MXU is apart anyway).
 *
 * The add is taken out of the instruction chain (its predecessor's `next` skips it); its
 * cost moves to the matmul, so the timing model counts the same work. */
#include "mosaic/def_use.h"

static bool f32_value(const mosaic_stype *t) { return t->cls == MOSAIC_VC_F && t->ek == MOSAIC_EK_F32; }

static bool same_type(const mosaic_stype *a, const mosaic_stype *b) {
  if (a->cls != b->cls || a->ek != b->ek || a->rank != b->rank || a->n != b->n) return false;
  for (int k = 0; k < a->rank; k++)
    if (a->shape[k] != b->shape[k]) return false;
  return true;
}

tsr_status mosaic_prog_fuse_matmul_adds(mosaic_prog *P) {
  mosaic_minst *I = P->insts;
  int n = P->nslots;
  mosaic_def_use du;
  TSR_TRY(mosaic_prog_def_use(P, true, &du));
  const int32_t *def = du.def, *uses = du.uses;
  for (int32_t f = 0; f < P->ninsts; f++) {
    mosaic_minst *add = &I[f];
    if (add->op != MOSAIC_MOP_ADDF || add->nopd != 2 || add->nres != 1 || !f32_value(&P->types[add->res[0]])) continue;
    for (int j = 0; j < 2; j++) {
      int32_t prod = add->opd[j], x = add->opd[1 - j], m = prod >= 0 && prod < n ? def[prod] : -1;
      if (m < 0 || x < 0 || x >= n) continue;
      mosaic_minst *mm = &I[m];
      if (mm->op != MOSAIC_MOP_MATMUL || !mm->acc_zero || mm->nres != 1 || mm->nopd != 3 || uses[prod] != 1 ||
          mm->cls != MOSAIC_VC_F || !same_type(&P->types[prod], &P->types[add->res[0]]) ||
          !same_type(&P->types[x], &P->types[prod]) || def[x] >= m)
        continue;
      /* the add must follow on the matmul's chain (in its region, not inside a nested one) */
      int32_t before = m; /* then: the op whose next is the add */
      while (I[before].next != f && I[before].next < f && !mosaic_mop_has(I[before].op, MT_BRANCH))
        before = I[before].next;
      if (I[before].next != f) continue;
      /* the matmul starts from x and writes the sum; the add's uses read the matmul's result
       * (which no other add can fold again: its accumulator is no longer zero) */
      mm->opd[2] = x;
      mm->acc_zero = false;
      mm->cost.vpu_ops += add->cost.vpu_ops;
      int32_t sum = add->res[0];
      for (int32_t u = 0; u < P->ninsts; u++)
        for (int k = 0; k < I[u].nopd; k++)
          if (I[u].opd[k] == sum) I[u].opd[k] = prod;
      I[before].next = add->next;
      add->nopd = 0; /* out of the chain: it uses nothing, its result is never read */
      break;
    }
  }
  mosaic_def_use_free(&du);
  return TSR_OK;
}
