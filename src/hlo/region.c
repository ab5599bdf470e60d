/* Regions applied to scalars, as reduce, reduce_window, scatter, select_and_scatter, sort and
 * map apply their bodies element by element. A body that is one binary op of its two
 * arguments (the common `add`/`max` combiner), or that returns one argument (a scatter that
 * replaces), runs as a C expression; any other body is interpreted per call on scalar
 * tensors (slow, but general: argmax, comparators, composite combiners). */
#include <string.h>

#include "hlo/hlo_internal.h"

void hlo_body_classify(const hlo_inst *in, int r, hlo_body *out) {
  const hlo_func *b = in->bodies[r];
  *out = (hlo_body){.kind = HLO_BODY_GENERAL};
  if (b->n_args - in->n_cap != 2 || b->n_ret != 1) return;
  if (b->n_inst == 0 && (b->ret[0] == 0 || b->ret[0] == 1)) {
    out->kind = b->ret[0] == 0 ? HLO_BODY_FIRST : HLO_BODY_SECOND;
    return;
  }
  if (b->n_inst != 1) return;
  const hlo_inst *op = &b->insts[0];
  bool args01 = op->n_in == 2 && op->in[0] == 0 && op->in[1] == 1, args10 = op->n_in == 2 && op->in[0] == 1 && op->in[1] == 0;
  if (op->n_out != 1 || b->ret[0] != op->out[0] || !(args01 || args10) || op->scalar_in) return;
  if (op->opc < HLO_ADD || op->opc > HLO_SHIFT_RIGHT_LOGICAL) return;
  /* the operands are the arguments' own types (0-d tensors of one element type) */
  if (!hlo_type_eq(&b->slot_t[0], &b->slot_t[1]) || b->slot_t[0].rank != 0 || !hlo_type_eq(&b->slot_t[0], &b->slot_t[op->out[0]])) return;
  *out = (hlo_body){.kind = HLO_BODY_BINARY, .op = op->opc, .swapped = args10};
}

void hlo_body_apply2(const hlo_body *k, tsr_dtype t, void *acc, const void *v) {
  switch (k->kind) {
  case HLO_BODY_FIRST: break;
  case HLO_BODY_SECOND: memcpy(acc, v, tsr_dtype_size(t)); break;
  default:
    if (k->swapped) hlo_scalar_binary(k->op, t, v, acc, acc);
    else hlo_scalar_binary(k->op, t, acc, v, acc);
    break;
  }
}

tsr_status hlo_body_scalars(hlo_exec *x, const hlo_inst *in, int r, const hlo_val *op_args, const void *const *args,
                            void *const *results) {
  const hlo_func *b = in->bodies[r];
  int n_block = b->n_args - in->n_cap;
  hlo_val small_a[16], small_r[16];
  memset(small_a, 0, sizeof small_a);
  if (n_block > 16 || b->n_ret > 16) return hlo_op_fail(in->op, TSR_ERR_UNSUPPORTED, "a region of more than 16 arguments or results");
  tsr_status s = TSR_OK;
  for (int i = 0; i < n_block; i++) {
    small_a[i] = (hlo_val){.t = b->slot_t[i], .buf = NULL};
    if (s == TSR_OK) s = hlo_alloc(x, &small_a[i]);
    if (s == TSR_OK) memcpy(small_a[i].buf->data, args[i], small_a[i].buf->bytes);
  }
  if (s == TSR_OK) s = hlo_call_body(x, in, r, small_a, op_args, small_r);
  for (int i = 0; i < n_block; i++) hlo_release(x, small_a[i].buf);
  if (s != TSR_OK) return s;
  for (int i = 0; i < b->n_ret; i++) {
    memcpy(results[i], small_r[i].buf->data, small_r[i].buf->bytes);
    hlo_release(x, small_r[i].buf);
  }
  return TSR_OK;
}
