/* Windowed ops (StableHLO spec): reduce_window (cumulative sums and pooling: each result
 * element reduces a window of the padded, base-dilated inputs, window elements taken in
 * row-major order of the window, padding elements being the init values) and
 * select_and_scatter (max-pool gradients: each window selects one operand element with the
 * select region, and the source values of the windows that selected an element are combined
 * into it with the scatter region, starting from the init value). */
#include <stdlib.h>
#include <string.h>

#include "hlo/hlo_internal.h"

typedef struct window {
  int rank;
  int64_t dims[TSR_MAX_RANK], strides[TSR_MAX_RANK], base_dil[TSR_MAX_RANK], win_dil[TSR_MAX_RANK];
  int64_t lo[TSR_MAX_RANK], hi[TSR_MAX_RANK];
} window;

/* An optional list of `rank` positive integers (default all 1). */
static tsr_status ints_or_ones(const hlo_inst *in, const char *name, int rank, int64_t *out) {
  int n = hlo_attr_ints(in->op, name, out, TSR_MAX_RANK);
  if (n == -1 && !mlir_ir_op_attr(in->op, name)) {
    for (int d = 0; d < rank; d++) out[d] = 1;
    return TSR_OK;
  }
  if (n != rank) return hlo_op_fail(in->op, TSR_ERR_INVALID, "%s needs one entry per dimension", name);
  for (int d = 0; d < rank; d++)
    if (out[d] < 1 || out[d] > (INT64_C(1) << 40)) return hlo_op_fail(in->op, TSR_ERR_INVALID, "%s must be in [1, 2^40]", name);
  return TSR_OK;
}

static tsr_status read_window(const hlo_inst *in, int rank, window *w) {
  memset(w, 0, sizeof *w);
  w->rank = rank;
  if (hlo_attr_ints(in->op, "window_dimensions", w->dims, TSR_MAX_RANK) != rank)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "window_dimensions needs one entry per dimension");
  for (int d = 0; d < rank; d++)
    if (w->dims[d] < 1 || w->dims[d] > (INT64_C(1) << 40)) return hlo_op_fail(in->op, TSR_ERR_INVALID, "window_dimensions must be in [1, 2^40]");
  TSR_TRY(ints_or_ones(in, "window_strides", rank, w->strides));
  TSR_TRY(ints_or_ones(in, "base_dilations", rank, w->base_dil));
  TSR_TRY(ints_or_ones(in, "window_dilations", rank, w->win_dil));
  const mlir_ir_attr *pad = mlir_ir_op_attr(in->op, "padding");
  if (pad) {
    int64_t v[2 * TSR_MAX_RANK];
    if (mlir_ir_attr_ints(pad, v, 2 * TSR_MAX_RANK) != 2 * rank) return hlo_op_fail(in->op, TSR_ERR_INVALID, "padding needs a (low, high) pair per dimension");
    for (int d = 0; d < rank; d++) {
      w->lo[d] = v[2 * d];
      w->hi[d] = v[2 * d + 1];
      if (w->lo[d] < -(INT64_C(1) << 44) || w->lo[d] > (INT64_C(1) << 44) || w->hi[d] < -(INT64_C(1) << 44) || w->hi[d] > (INT64_C(1) << 44))
        return hlo_op_fail(in->op, TSR_ERR_INVALID, "padding out of range");
    }
  }
  return TSR_OK;
}

/* The number of windows along each dimension of an input of shape `shape`. */
static void window_counts(const window *w, const int64_t *shape, int64_t *out) {
  for (int d = 0; d < w->rank; d++) {
    int64_t padded = (shape[d] > 0 ? (shape[d] - 1) * w->base_dil[d] + 1 : 0) + w->lo[d] + w->hi[d];
    int64_t extent = (w->dims[d] - 1) * w->win_dil[d] + 1;
    out[d] = padded <= 0 || extent > padded ? 0 : (padded - extent) / w->strides[d] + 1;
  }
}

/* Where window position `p` of window `r` falls in the input: false for padding and the holes
 * of base dilation. */
static bool source_index(const window *w, const int64_t *shape, const int64_t *r, const int64_t *p, int64_t *src) {
  for (int d = 0; d < w->rank; d++) {
    int64_t at = r[d] * w->strides[d] + p[d] * w->win_dil[d] - w->lo[d];
    if (at < 0 || at % w->base_dil[d]) return false;
    src[d] = at / w->base_dil[d];
    if (src[d] >= shape[d]) return false;
  }
  return true;
}

static bool next_index(int64_t *idx, const int64_t *shape, int rank) {
  int d = rank - 1;
  while (d >= 0 && ++idx[d] == shape[d]) idx[d--] = 0;
  return d >= 0;
}

tsr_status hlo_prep_reduce_window(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  int n = in->n_out;
  if (in->n_in - in->n_cap != 2 * n || in->n_bodies != 1)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "reduce_window takes N inputs, N init values, and a body");
  window w;
  TSR_TRY(read_window(in, args[0].rank, &w));
  int64_t counts[TSR_MAX_RANK];
  window_counts(&w, args[0].shape, counts);
  for (int i = 0; i < n; i++) {
    if (!hlo_shape_eq(&args[i], &args[0]) || args[n + i].rank != 0 || args[n + i].dtype != args[i].dtype)
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "inputs differ in shape, or an init value is not a scalar of its input's type");
    if (in->res_t[i].dtype != args[i].dtype || in->res_t[i].rank != args[0].rank ||
        memcmp(in->res_t[i].shape, counts, sizeof(int64_t) * (size_t)args[0].rank))
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "result %d does not have the shape the windows give", i);
  }
  const hlo_func *b = in->bodies[0];
  if (b->n_args - in->n_cap != 2 * n || b->n_ret != n)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "the body must take %d scalars and return %d", 2 * n, n);
  for (int i = 0; i < 2 * n; i++)
    if (b->slot_t[i].rank != 0 || b->slot_t[i].dtype != args[i % n].dtype)
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "the body's arguments must be scalars of the inputs' types");
  in->fast = (hlo_body){.kind = HLO_BODY_GENERAL};
  if (n == 1) hlo_body_classify(in, 0, &in->fast);
  return TSR_OK;
}

tsr_status hlo_run_reduce_window(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  int n = in->n_out;
  window w;
  TSR_TRY(read_window(in, args[0].t.rank, &w));
  if (n > 16) return hlo_op_fail(in->op, TSR_ERR_UNSUPPORTED, "more than 16 inputs");
  double wsteps = n;
  for (int d = 0; d < args[0].t.rank; d++) wsteps *= (double)w.dims[d] * (double)res[0].t.shape[d];
  TSR_TRY(hlo_charge(x, in, wsteps));
  TSR_TRY(hlo_alloc_all(x, res, n));
  int rank = args[0].t.rank;
  const int64_t *shape = args[0].t.shape;
  int64_t st[TSR_MAX_RANK], total = hlo_numel(&res[0].t), wn = 1;
  hlo_strides(&args[0].t, st);
  for (int d = 0; d < rank; d++) wn *= w.dims[d];
  size_t esz[16];
  for (int i = 0; i < n; i++) esz[i] = tsr_dtype_size(args[i].t.dtype);
  int64_t r[TSR_MAX_RANK] = {0};
  tsr_status s = TSR_OK;
  for (int64_t e = 0; e < total && s == TSR_OK; e++, next_index(r, res[0].t.shape, rank)) {
    void *acc[16];
    for (int i = 0; i < n; i++) {
      acc[i] = res[i].buf->data + e * (int64_t)esz[i];
      memcpy(acc[i], args[n + i].buf->data, esz[i]);
    }
    int64_t pos[TSR_MAX_RANK] = {0}, src[TSR_MAX_RANK];
    for (int64_t k = 0; k < wn && s == TSR_OK; k++, next_index(pos, w.dims, rank)) {
      bool inside = source_index(&w, shape, r, pos, src);
      int64_t off = 0;
      for (int d = 0; inside && d < rank; d++) off += src[d] * st[d];
      const void *bargs[32];
      for (int i = 0; i < n; i++) {
        bargs[i] = acc[i];
        /* a padding element is the init value */
        bargs[n + i] = inside ? args[i].buf->data + off * (int64_t)esz[i] : args[n + i].buf->data;
      }
      if (in->fast.kind != HLO_BODY_GENERAL) hlo_body_apply2(&in->fast, args[0].t.dtype, acc[0], bargs[1]);
      else s = hlo_body_scalars(x, in, 0, args, bargs, acc);
    }
  }
  if (s != TSR_OK)
    for (int i = 0; i < n; i++) { hlo_release(x, res[i].buf); res[i].buf = NULL; }
  return s;
}

tsr_status hlo_prep_select_and_scatter(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  if (in->n_in - in->n_cap != 3 || in->n_out != 1 || in->n_bodies != 2)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "select_and_scatter takes an operand, a source, an init value, and select and scatter regions");
  const hlo_type *op = &args[0], *src = &args[1];
  window w;
  TSR_TRY(read_window(in, op->rank, &w));
  for (int d = 0; d < op->rank; d++)
    if (w.base_dil[d] != 1 || w.win_dil[d] != 1) return hlo_op_fail(in->op, TSR_ERR_INVALID, "has no dilations");
  int64_t counts[TSR_MAX_RANK];
  window_counts(&w, op->shape, counts);
  if (src->dtype != op->dtype || src->rank != op->rank || memcmp(src->shape, counts, sizeof(int64_t) * (size_t)op->rank))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "the source must have one element per window, of the operand's type");
  if (args[2].rank != 0 || args[2].dtype != op->dtype || !hlo_type_eq(in->res_t, op))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "the init value must be a scalar and the result of the operand's type");
  const hlo_func *sel = in->bodies[0], *sc = in->bodies[1];
  hlo_type pred = {.dtype = TSR_BOOL, .rank = 0};
  if (sel->n_args - in->n_cap != 2 || sel->n_ret != 1 || !hlo_type_eq(&sel->slot_t[sel->ret[0]], &pred) ||
      sc->n_args - in->n_cap != 2 || sc->n_ret != 1)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "select takes two scalars and returns i1; scatter takes two scalars and returns one");
  for (int i = 0; i < 2; i++)
    if (sel->slot_t[i].rank || sel->slot_t[i].dtype != op->dtype || sc->slot_t[i].rank || sc->slot_t[i].dtype != op->dtype)
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "the regions' arguments must be scalars of the operand's type");
  in->fast = (hlo_body){.kind = HLO_BODY_GENERAL};
  hlo_body_classify(in, 1, &in->fast);
  return TSR_OK;
}

tsr_status hlo_run_select_and_scatter(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  const hlo_val *op = &args[0], *src = &args[1];
  window w;
  TSR_TRY(read_window(in, op->t.rank, &w));
  double wsteps = 1;
  for (int d = 0; d < op->t.rank; d++) wsteps *= (double)w.dims[d] * (double)src->t.shape[d];
  TSR_TRY(hlo_charge(x, in, wsteps));
  TSR_TRY(hlo_alloc(x, res));
  int rank = op->t.rank;
  size_t esz = tsr_dtype_size(op->t.dtype);
  int64_t n = hlo_numel(&res->t), st[TSR_MAX_RANK], wn = 1;
  for (int64_t i = 0; i < n; i++) memcpy(res->buf->data + i * (int64_t)esz, args[2].buf->data, esz);
  hlo_strides(&op->t, st);
  for (int d = 0; d < rank; d++) wn *= w.dims[d];
  int64_t r[TSR_MAX_RANK] = {0}, total = hlo_numel(&src->t);
  tsr_status s = TSR_OK;
  for (int64_t e = 0; e < total && s == TSR_OK; e++, next_index(r, src->t.shape, rank)) {
    int64_t pos[TSR_MAX_RANK] = {0}, at[TSR_MAX_RANK], chosen = -1;
    for (int64_t k = 0; k < wn && s == TSR_OK; k++, next_index(pos, w.dims, rank)) {
      if (!source_index(&w, op->t.shape, r, pos, at)) continue; /* padding is never selected */
      int64_t off = 0;
      for (int d = 0; d < rank; d++) off += at[d] * st[d];
      if (chosen < 0) { chosen = off; continue; }
      /* select(current, candidate) keeps the current element, else the candidate wins */
      int32_t keep = 0;
      const void *bargs[2] = {op->buf->data + chosen * (int64_t)esz, op->buf->data + off * (int64_t)esz};
      void *bres[1] = {&keep};
      s = hlo_body_scalars(x, in, 0, args, bargs, bres);
      if (s == TSR_OK && !keep) chosen = off;
    }
    if (chosen < 0 || s != TSR_OK) continue;
    void *acc = res->buf->data + chosen * (int64_t)esz;
    const void *v = src->buf->data + e * (int64_t)esz;
    if (in->fast.kind != HLO_BODY_GENERAL) {
      hlo_body_apply2(&in->fast, op->t.dtype, acc, v);
    } else {
      const void *bargs[2] = {acc, v};
      void *bres[1] = {acc};
      s = hlo_body_scalars(x, in, 1, args, bargs, bres);
    }
  }
  if (s != TSR_OK) { hlo_release(x, res->buf); res->buf = NULL; }
  return s;
}
