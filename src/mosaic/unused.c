/* Loads whose value nothing uses, found once per program. JAX lowers every `ref[...] = x` to
 * a swap, a load of the old contents and then the store, and drops the loaded value; such a
 * load still runs (its bounds are checked, checkers see the access) but is not a read of
 * what earlier steps left (a host part's carry watch, carry.h).
 *
 * A value is used when an op that does more than compute values takes it (a store, a DMA,
 * control flow, an assert, a return), or a value-only op whose result is used does. */
#include <stdlib.h>

#include "mosaic/mosaic_internal.h"

tsr_status mosaic_prog_mark_unused_loads(mosaic_prog *P) {
  bool *used = calloc((size_t)P->nslots + 1, sizeof(bool));
  if (!used) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  /* backwards to a fixpoint: uses inside loops may come before the definition */
  for (bool changed = true; changed;) {
    changed = false;
    for (int32_t i = P->ninsts - 1; i >= 0; i--) {
      const mosaic_minst *in = &P->insts[i];
      bool needed = !mosaic_mop_value_only(in->op); /* an op not known to be one uses its operands */
      for (int k = 0; k < in->nres && !needed; k++) needed = used[in->res[k]];
      if (!needed) continue;
      for (int k = 0; k < in->nopd; k++)
        if (in->opd[k] >= 0 && !used[in->opd[k]]) used[in->opd[k]] = changed = true;
    }
  }
  for (int32_t i = 0; i < P->ninsts; i++) {
    mosaic_minst *in = &P->insts[i];
    in->unused = mosaic_mop_kinds[in->op] == MOSAIC_K_LOAD && in->nres == 1 && !used[in->res[0]];
  }
  free(used);
  return TSR_OK;
}
