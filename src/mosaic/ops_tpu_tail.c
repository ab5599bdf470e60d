/* The rest of the tpu dialect that runs on whole arrays: tpu.gather (rows picked by static
 * indices), tpu.sublane_shuffle (second-minor rows of two vectors picked by a pattern), and
 * the ops with nothing to do on a CPU (tpu.delay, tpu.trace_value). */
#include <string.h>

#include "mosaic/mosaic_internal.h"

/* Copies row `from` of `src` to row `to` of `dst` along dimension `dim` (outer x rows x inner). */
static void copy_rows(char *dst, const char *src, int64_t outer, int64_t src_rows, int64_t dst_rows, int64_t from, int64_t to,
                      size_t inner_bytes) {
  for (int64_t o = 0; o < outer; o++)
    memcpy(dst + ((size_t)(o * dst_rows + to)) * inner_bytes, src + ((size_t)(o * src_rows + from)) * inner_bytes, inner_bytes);
}

tsr_status mosaic_c_tgather(mosaic_comp *c, mosaic_minst *in) {
  if (in->nopd != 1 || in->nres != 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects one operand");
  const mosaic_stype *s = &c->P->types[in->opd[0]], *r = &c->P->types[in->res[0]];
  int64_t dim;
  if (!mlir_ir_op_attr_int(c->op, "dimension", &dim) || dim < 0 || dim >= s->rank) return mosaic_comp_fail(c, TSR_ERR_INVALID, "bad dimension");
  if (s->cls == MOSAIC_VC_REF || r->cls != s->cls || r->ek != s->ek || r->rank != s->rank)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "the result must have the source's element type and rank");
  for (int k = 0; k < s->rank; k++)
    if (k != dim && r->shape[k] != s->shape[k]) return mosaic_comp_fail(c, TSR_ERR_INVALID, "the result differs from the source off the dimension");
  int n;
  in->ints = mosaic_comp_ints_dup(c, "indices", &n);
  if (n != r->shape[dim]) return mosaic_comp_fail(c, TSR_ERR_INVALID, "%d indices for a result dimension of %lld", n, (long long)r->shape[dim]);
  for (int i = 0; i < n; i++)
    if (in->ints[i] < 0 || in->ints[i] >= s->shape[dim])
      return mosaic_comp_fail(c, TSR_ERR_INVALID, "index %lld is outside the source's %lld", (long long)in->ints[i], (long long)s->shape[dim]);
  in->nints = n;
  in->a[0] = dim;
  in->cost = (mosaic_op_cost){.vpu_ops = (double)r->n};
  return TSR_OK;
}

/* result[..., i, ...] = source[..., indices[i], ...] along `dimension` */
tsr_status mosaic_r_tgather(mosaic_exec *x, const mosaic_minst *in) {
  const mosaic_stype *s = ST(x, in->opd[0]);
  int dim = (int)in->a[0];
  int64_t outer = 1, inner = 1;
  for (int k = 0; k < dim; k++) outer *= s->shape[k];
  for (int k = dim + 1; k < s->rank; k++) inner *= s->shape[k];
  size_t ib = (size_t)inner * mosaic_class_size(s->cls);
  for (int i = 0; i < in->nints; i++)
    copy_rows(x->f->data[in->res[0]], x->f->data[in->opd[0]], outer, s->shape[dim], in->nints, in->ints[i], i, ib);
  return TSR_OK;
}

tsr_status mosaic_c_sublane_shuffle(mosaic_comp *c, mosaic_minst *in) {
  if (in->nopd != 2 || in->nres != 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects two operands");
  const mosaic_stype *a = &c->P->types[in->opd[0]], *b = &c->P->types[in->opd[1]], *r = &c->P->types[in->res[0]];
  bool same = a->cls == b->cls && a->cls == r->cls && a->ek == r->ek && a->n == b->n && a->n == r->n && a->rank == r->rank && a->rank >= 2;
  for (int k = 0; same && k < a->rank; k++) same = a->shape[k] == b->shape[k] && a->shape[k] == r->shape[k];
  if (!same || a->cls == MOSAIC_VC_REF) return mosaic_comp_fail(c, TSR_ERR_INVALID, "operands and result must be vectors of one type, rank 2 or more");
  int64_t S = a->shape[a->rank - 2];
  int n;
  in->ints = mosaic_comp_ints_dup(c, "pattern", &n);
  if (n != S) return mosaic_comp_fail(c, TSR_ERR_INVALID, "the pattern has %d entries for %lld sublanes", n, (long long)S);
  for (int i = 0; i < n; i++)
    if (in->ints[i] < 0 || in->ints[i] >= 2 * S)
      return mosaic_comp_fail(c, TSR_ERR_INVALID, "pattern entry %lld is outside the %lld sublanes of both operands", (long long)in->ints[i], (long long)(2 * S));
  in->nints = n;
  in->cost = (mosaic_op_cost){.vpu_ops = (double)r->n};
  return TSR_OK;
}

/* Row s of the result (second-minor) is row pattern[s] of [lhs; rhs]. */
tsr_status mosaic_r_sublane_shuffle(mosaic_exec *x, const mosaic_minst *in) {
  const mosaic_stype *a = ST(x, in->opd[0]);
  int64_t S = a->shape[a->rank - 2], outer = a->n / (S * a->shape[a->rank - 1]);
  size_t ib = (size_t)a->shape[a->rank - 1] * mosaic_class_size(a->cls);
  for (int i = 0; i < in->nints; i++) {
    int64_t p = in->ints[i];
    const char *src = x->f->data[in->opd[p < S ? 0 : 1]];
    copy_rows(x->f->data[in->res[0]], src, outer, S, S, p < S ? p : p - S, i, ib);
  }
  return TSR_OK;
}

/* tpu.delay (i32 nanoseconds) and tpu.trace_value (an i32 or f32): checked, then nothing. */
tsr_status mosaic_c_no_effect(mosaic_comp *c, mosaic_minst *in) {
  if (in->nopd != 1 || in->nres != 0) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects one operand and no result");
  const mosaic_stype *t = &c->P->types[in->opd[0]];
  if (t->rank != 0 || (t->cls != MOSAIC_VC_I32 && !(t->cls == MOSAIC_VC_F && t->ek == MOSAIC_EK_F32)) || (t->cls == MOSAIC_VC_I32 && t->width != 32))
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects a scalar i32%s", in->op == MOSAIC_MOP_TRACE_VALUE ? " or f32" : "");
  if (in->op == MOSAIC_MOP_DELAY && t->cls != MOSAIC_VC_I32) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects a scalar i32");
  in->cost = (mosaic_op_cost){.scalar_ops = 1};
  return TSR_OK;
}
