/* Loads whose value nothing uses, found once per program. JAX lowers every `ref[...] = x` to
 * a swap, a load of the old contents and then the store, and drops the loaded value; such a
 * load still runs (its bounds are checked, checkers see the access) but is not a read of
 * what earlier steps left (a host lane's carry watch, carry.h).
 *
 * A value is used when an op that does more than compute values takes it (a store, a DMA,
 * control flow, an assert, a return), or a value-only op whose result is used does. */
#include <stdlib.h>

#include "mosaic/mosaic_internal.h"

/* Ops that only compute their results from their operands (loads read memory, which is
 * still only a value). Anything not listed uses its operands, so a new op is safe. */
static bool value_only(int op) {
  if (op >= MOP_CONSTANT && op <= MOP_CTTZ) return true; /* arith and math (ops.def order) */
  switch (op) {
  case MOP_VLOAD: case MOP_TVLOAD: case MOP_STRIDED_LOAD: case MOP_TLOAD: case MOP_MLOAD:
  case MOP_BROADCAST: case MOP_SPLAT: case MOP_SHAPE_CAST: case MOP_EXTRACT: case MOP_EXTRACT_SS:
  case MOP_MULTI_REDUCTION: case MOP_VTRANSPOSE: case MOP_CREATE_MASK: case MOP_CONSTANT_MASK:
  case MOP_MATMUL: case MOP_IOTA: case MOP_CONCATENATE: case MOP_TTRANSPOSE: case MOP_DYNAMIC_GATHER:
  case MOP_DYNAMIC_ROTATE: case MOP_ROTATE: case MOP_REPEAT: case MOP_TBITCAST: case MOP_RECIPROCAL:
  case MOP_WEIRD: case MOP_REDUCE_INDEX: case MOP_TCREATE_MASK: case MOP_ASSUME_MULTIPLE:
  case MOP_ASSUME_LAYOUT:
    return true;
  default:
    return false;
  }
}

static bool is_load(int op) {
  return op == MOP_VLOAD || op == MOP_TVLOAD || op == MOP_STRIDED_LOAD || op == MOP_TLOAD || op == MOP_MLOAD;
}

tsr_status prog_mark_unused_loads(prog *P) {
  bool *used = calloc((size_t)P->nslots + 1, sizeof(bool));
  if (!used) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  /* backwards to a fixpoint: uses inside loops may come before the definition */
  for (bool changed = true; changed;) {
    changed = false;
    for (int32_t i = P->ninsts - 1; i >= 0; i--) {
      const minst *in = &P->insts[i];
      bool needed = !value_only(in->op);
      for (int k = 0; k < in->nres && !needed; k++) needed = used[in->res[k]];
      if (!needed) continue;
      for (int k = 0; k < in->nopd; k++)
        if (in->opd[k] >= 0 && !used[in->opd[k]]) used[in->opd[k]] = changed = true;
    }
  }
  for (int32_t i = 0; i < P->ninsts; i++) {
    minst *in = &P->insts[i];
    in->unused = is_load(in->op) && in->nres == 1 && !used[in->res[0]];
  }
  free(used);
  return TSR_OK;
}
