/* stablehlo.scatter with general dimension numbers (StableHLO spec): the results start as
 * copies of the inputs; each update element lands at the start its scatter index gives
 * (scatter_dims_to_operand_dims), plus its batch position (input_batching_dims), plus its
 * place in the window (update_window_dims over the input dims neither inserted nor batching),
 * and is combined there with the update computation. A window that does not fit entirely
 * inside the inputs is dropped whole, as XLA drops it (the spec leaves it to the
 * implementation; JAX's mode="drop" relies on XLA's choice). Updates apply in row-major order
 * of the updates, so a combiner that is not associative still gives one answer. */
#include <stdlib.h>
#include <string.h>

#include "hlo/hlo_internal.h"

typedef struct scatter_dims {
  int64_t uwd[TSR_MAX_RANK], iwd[TSR_MAX_RANK], ibd[TSR_MAX_RANK], sibd[TSR_MAX_RANK], sdod[TSR_MAX_RANK];
  int n_uwd, n_iwd, n_ibd, n_sibd, n_sdod;
  int64_t ivd;
} scatter_dims;

static tsr_status read_dims(const hlo_inst *in, scatter_dims *g) {
  memset(g, 0, sizeof *g);
  const mlir_ir_attr *dn = mlir_ir_op_attr(in->op, "scatter_dimension_numbers");
  if (!dn || dn->kind != MLIR_IR_ATTR_FIELDS) return hlo_op_fail(in->op, TSR_ERR_INVALID, "missing scatter_dimension_numbers");
  g->n_uwd = mlir_ir_field_ints(dn, "update_window_dims", g->uwd, TSR_MAX_RANK);
  g->n_iwd = mlir_ir_field_ints(dn, "inserted_window_dims", g->iwd, TSR_MAX_RANK);
  g->n_ibd = mlir_ir_field_ints(dn, "input_batching_dims", g->ibd, TSR_MAX_RANK);
  g->n_sibd = mlir_ir_field_ints(dn, "scatter_indices_batching_dims", g->sibd, TSR_MAX_RANK);
  g->n_sdod = mlir_ir_field_ints(dn, "scatter_dims_to_operand_dims", g->sdod, TSR_MAX_RANK);
  int64_t ivd[1] = {0}; /* printed only when not 0 */
  int n_ivd = mlir_ir_field_ints(dn, "index_vector_dim", ivd, 1);
  g->ivd = ivd[0];
  if (g->n_uwd < 0 || g->n_iwd < 0 || g->n_ibd < 0 || g->n_sibd < 0 || g->n_sdod < 0 || n_ivd < 0)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "malformed scatter_dimension_numbers");
  return TSR_OK;
}

tsr_status hlo_prep_scatter(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  int own = in->n_in - in->n_cap, n = in->n_out;
  if (own != 2 * n + 1 || n < 1 || in->n_bodies != 1)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "scatter takes N inputs, the indices, N updates and an update computation");
  scatter_dims g;
  TSR_TRY(read_dims(in, &g));
  const hlo_type *op = &args[0], *idx = &args[n], *upd = &args[n + 1];
  for (int i = 0; i < n; i++) {
    if (!hlo_shape_eq(&args[i], op) || !hlo_shape_eq(&args[n + 1 + i], upd))
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "the inputs (and the updates) differ in shape");
    if (!hlo_type_eq(&in->res_t[i], &args[i])) return hlo_op_fail(in->op, TSR_ERR_INVALID, "result %d is not of input %d's type", i, i);
    if (args[n + 1 + i].dtype != args[i].dtype) return hlo_op_fail(in->op, TSR_ERR_INVALID, "update %d is not of input %d's element type", i, i);
  }
  if (tsr_dtype_is_float(idx->dtype) || tsr_dtype_is_complex(idx->dtype)) return hlo_op_fail(in->op, TSR_ERR_INVALID, "the indices must be integers");
  if (g.ivd < 0 || g.ivd > idx->rank) return hlo_op_fail(in->op, TSR_ERR_INVALID, "index_vector_dim out of range");
  int64_t vec = g.ivd < idx->rank ? idx->shape[g.ivd] : 1;
  int scatter_rank = idx->rank - (g.ivd < idx->rank ? 1 : 0);
  if (vec != g.n_sdod) return hlo_op_fail(in->op, TSR_ERR_INVALID, "scatter_dims_to_operand_dims has %d entries, the index vector %lld", g.n_sdod, (long long)vec);
  if (upd->rank != g.n_uwd + scatter_rank || g.n_uwd + g.n_iwd + g.n_ibd != op->rank || g.n_ibd != g.n_sibd)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "the ranks of inputs, indices and updates do not fit the dimension numbers");
  int64_t both[2 * TSR_MAX_RANK];
  memcpy(both, g.iwd, sizeof(int64_t) * (size_t)g.n_iwd);
  memcpy(both + g.n_iwd, g.ibd, sizeof(int64_t) * (size_t)g.n_ibd);
  if (!hlo_dims_distinct(g.uwd, g.n_uwd, upd->rank) || !hlo_dims_distinct(both, g.n_iwd + g.n_ibd, op->rank) ||
      !hlo_dims_distinct(g.sdod, g.n_sdod, op->rank) || !hlo_dims_distinct(g.sibd, g.n_sibd, idx->rank))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "dimension numbers out of range or repeated");
  for (int i = 0; i < g.n_sibd; i++)
    if (g.sibd[i] == g.ivd) return hlo_op_fail(in->op, TSR_ERR_INVALID, "a batching dim of the indices is the index vector dim");
  for (int i = 1; i < g.n_uwd; i++)
    if (g.uwd[i] <= g.uwd[i - 1]) return hlo_op_fail(in->op, TSR_ERR_INVALID, "update_window_dims must be sorted");
  /* the updates' scatter dims are the indices' batch dims, in order; their window dims at most
   * the inputs' window dims */
  bool is_window[TSR_MAX_RANK] = {0}, skip[TSR_MAX_RANK] = {0};
  for (int i = 0; i < g.n_uwd; i++) is_window[g.uwd[i]] = true;
  for (int i = 0; i < g.n_iwd; i++) skip[g.iwd[i]] = true;
  for (int i = 0; i < g.n_ibd; i++) skip[g.ibd[i]] = true;
  for (int d = 0, id = 0, od = 0; d < upd->rank; d++) {
    if (is_window[d]) {
      while (skip[od]) od++;
      if (upd->shape[d] > op->shape[od++]) return hlo_op_fail(in->op, TSR_ERR_INVALID, "update window dimension %d is larger than the inputs'", d);
    } else {
      if (id == g.ivd) id++;
      if (upd->shape[d] != idx->shape[id++])
        return hlo_op_fail(in->op, TSR_ERR_INVALID, "update dimension %d is %lld, the indices give %lld", d, (long long)upd->shape[d],
                           (long long)idx->shape[id - 1]);
    }
  }
  const hlo_func *b = in->bodies[0];
  if (b->n_args - in->n_cap != 2 * n || b->n_ret != n)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "the update computation must take %d scalars and return %d", 2 * n, n);
  for (int i = 0; i < n; i++)
    if (b->slot_t[i].rank != 0 || b->slot_t[i].dtype != args[i].dtype || b->slot_t[n + i].dtype != args[i].dtype ||
        b->slot_t[b->ret[i]].rank != 0 || b->slot_t[b->ret[i]].dtype != args[i].dtype)
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "the update computation's arguments and results must be scalars of the inputs' types");
  in->fast = (hlo_body){.kind = HLO_BODY_GENERAL};
  if (n == 1) hlo_body_classify(in, 0, &in->fast);
  return TSR_OK;
}

tsr_status hlo_run_scatter(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  int n = in->n_out;
  scatter_dims g;
  TSR_TRY(read_dims(in, &g));
  const hlo_val *idx = &args[n];
  const hlo_type *ot = &args[0].t, *ut = &args[n + 1].t;
  TSR_TRY(hlo_alloc_all(x, res, n));
  for (int i = 0; i < n; i++)
    memcpy(res[i].buf->data, args[i].buf->data, res[i].buf->bytes);
  /* input dims that window dims walk, in order; the other update dims are scatter dims */
  bool skip[TSR_MAX_RANK] = {0}, is_window[TSR_MAX_RANK] = {0};
  for (int i = 0; i < g.n_iwd; i++) skip[g.iwd[i]] = true;
  for (int i = 0; i < g.n_ibd; i++) skip[g.ibd[i]] = true;
  for (int i = 0; i < g.n_uwd; i++) is_window[g.uwd[i]] = true;
  int wdim[TSR_MAX_RANK], k = 0;
  for (int d = 0; d < ot->rank; d++)
    if (!skip[d]) wdim[k++] = d;
  int64_t ost[TSR_MAX_RANK], ist[TSR_MAX_RANK];
  hlo_strides(ot, ost);
  hlo_strides(&idx->t, ist);
  int64_t total = hlo_numel(ut), ui[TSR_MAX_RANK] = {0};
  int64_t vst = g.ivd < idx->t.rank ? ist[g.ivd] : 0;
  size_t esz[16];
  if (n > 16) return hlo_op_fail(in->op, TSR_ERR_UNSUPPORTED, "more than 16 inputs");
  for (int i = 0; i < n; i++) esz[i] = tsr_dtype_size(args[i].t.dtype);
  tsr_status s = TSR_OK;
  for (int64_t e = 0; e < total && s == TSR_OK; e++) {
    if (e) {
      int d = ut->rank - 1;
      while (d >= 0 && ++ui[d] == ut->shape[d]) ui[d--] = 0;
    }
    int64_t scat[TSR_MAX_RANK], win[TSR_MAX_RANK];
    int ns = 0, nw = 0;
    for (int d = 0; d < ut->rank; d++) {
      if (is_window[d]) win[nw++] = ui[d];
      else scat[ns++] = ui[d];
    }
    /* the position of this scatter index's vector in the indices */
    int64_t ipos = 0;
    for (int d = 0, q = 0; d < idx->t.rank; d++)
      if (d != g.ivd) ipos += scat[q++] * ist[d];
    int64_t full[TSR_MAX_RANK] = {0};
    for (int i = 0; i < g.n_sdod; i++) full[g.sdod[i]] = dtype_load_i64(idx->t.dtype, idx->buf->data, ipos + i * vst);
    for (int i = 0; i < g.n_ibd; i++) {
      int64_t sd = g.sibd[i];
      full[g.ibd[i]] += scat[sd < g.ivd ? sd : sd - 1];
    }
    /* the whole window must fit, else this scatter index is dropped */
    bool fits = true;
    for (int d = 0; d < ot->rank && fits; d++) {
      int64_t extent = 1;
      if (!skip[d]) {
        int w = 0;
        while (wdim[w] != d) w++;
        extent = ut->shape[g.uwd[w]];
      }
      fits = full[d] >= 0 && full[d] <= ot->shape[d] - extent;
    }
    if (!fits) continue;
    for (int w = 0; w < nw; w++) full[wdim[w]] += win[w];
    int64_t off = 0;
    for (int d = 0; d < ot->rank; d++) off += full[d] * ost[d];
    if (in->fast.kind != HLO_BODY_GENERAL) {
      hlo_body_apply2(&in->fast, ot->dtype, res[0].buf->data + off * (int64_t)esz[0], args[n + 1].buf->data + e * (int64_t)esz[0]);
      continue;
    }
    const void *bargs[32];
    void *bres[16];
    for (int i = 0; i < n; i++) {
      bargs[i] = res[i].buf->data + off * (int64_t)esz[i];
      bargs[n + i] = args[n + 1 + i].buf->data + e * (int64_t)esz[i];
      bres[i] = res[i].buf->data + off * (int64_t)esz[i];
    }
    s = hlo_body_scalars(x, in, 0, args, bargs, bres);
  }
  if (s != TSR_OK)
    for (int i = 0; i < n; i++) { hlo_release(x, res[i].buf); res[i].buf = NULL; }
  return s;
}
