/* Ops that create or move elements without arithmetic: constant, iota, reshape,
 * broadcast_in_dim, slice, dynamic_slice, dynamic_update_slice, concatenate, pad, transpose,
 * reverse. Most are one strided view copy (strided_copy). */
#include <string.h>

#include "hlo/hlo_internal.h"

tsr_status hlo_prep_constant(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  const mlir_ir_attr *v = mlir_ir_op_attr(in->op, "value");
  if (!v || v->kind != MLIR_IR_ATTR_DENSE)
    return hlo_op_fail(in->op, TSR_ERR_UNSUPPORTED, "value must be a dense elements attribute");
  return TSR_OK;
}

tsr_status hlo_run_constant(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  const mlir_ir_attr *v = mlir_ir_op_attr(in->op, "value");
  TSR_TRY(hlo_alloc(x, res));
  int64_t n = hlo_numel(&res->t);
  size_t esz = tsr_dtype_size(res->t.dtype), fe = v->u.dense.elem_bytes;
  int64_t have = v->u.dense.splat ? 1 : v->u.dense.numel;
  if (!v->u.dense.splat && have != n) return hlo_op_fail(in->op, TSR_ERR_INVALID, "%lld values for %lld elements", (long long)have, (long long)n);
  if ((res->t.dtype == TSR_BOOL ? 1 : esz) != fe || v->u.dense.size < (size_t)have * fe)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "dense value does not match the result type");
  if (res->t.dtype == TSR_BOOL) {
    for (int64_t i = 0; i < n; i++) ((int32_t *)res->buf->data)[i] = v->u.dense.data[v->u.dense.splat ? 0 : i] != 0;
    return TSR_OK;
  }
  size_t bytes = (size_t)n * esz;
  if (!v->u.dense.splat) {
    if (bytes) memcpy(res->buf->data, v->u.dense.data, bytes);
    return TSR_OK;
  }
  /* a splat (a whole array of one value): the first element, then copies of what is
   * already written, doubling, rather than one small copy per element */
  if (!bytes) return TSR_OK;
  memcpy(res->buf->data, v->u.dense.data, esz);
  for (size_t done = esz; done < bytes;) {
    size_t k = done < bytes - done ? done : bytes - done;
    memcpy(res->buf->data + done, res->buf->data, k);
    done += k;
  }
  return TSR_OK;
}

/* The values of a 1-d integer operand that states a result's shape (the dynamic ops): they
 * must be the result type's own dimensions. */
static tsr_status shape_operand(const hlo_inst *in, const hlo_val *v, const hlo_type *want, const char *what) {
  if (v->t.rank != 1 || v->t.shape[0] != want->rank || tsr_dtype_is_float(v->t.dtype) || tsr_dtype_is_complex(v->t.dtype))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "%s must be %d integers", what, want->rank);
  for (int d = 0; d < want->rank; d++) {
    int64_t got = dtype_load_i64(v->t.dtype, v->buf->data, d);
    if (got != want->shape[d])
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "%s gives %lld in dimension %d where the result type has %lld", what,
                         (long long)got, d, (long long)want->shape[d]);
  }
  return TSR_OK;
}

/* The checks all ops here share: `n_in` operands (-1: any), one result of operand 0's element
 * type (when `same_dtype`). */
static tsr_status operands_fit(const hlo_inst *in, const hlo_type *args, int n_in, bool same_dtype) {
  if ((n_in >= 0 && in->n_in != n_in) || in->n_out != 1) return hlo_op_fail(in->op, TSR_ERR_INVALID, "takes %d operands and gives one result", n_in);
  if (same_dtype && in->n_in && args[0].dtype != in->res_t->dtype)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "gives %s for a %s operand", tsr_dtype_name(in->res_t->dtype), tsr_dtype_name(args[0].dtype));
  return TSR_OK;
}

/* An index operand: an integer scalar. */
static bool index_scalar(const hlo_type *t) {
  return t->rank == 0 && !tsr_dtype_is_float(t->dtype) && !tsr_dtype_is_complex(t->dtype) && t->dtype != TSR_BOOL;
}

tsr_status hlo_prep_iota(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  int64_t dim;
  TSR_TRY(operands_fit(in, args, in->opc == HLO_DYNAMIC_IOTA ? 1 : 0, false));
  if (!mlir_ir_op_attr_int(in->op, "iota_dimension", &dim) || dim < 0 || dim >= in->res_t->rank)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "bad iota_dimension");
  return TSR_OK;
}

tsr_status hlo_prep_reshape(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  TSR_TRY(operands_fit(in, args, in->opc == HLO_DYNAMIC_RESHAPE ? 2 : 1, true));
  if (hlo_numel(&args[0]) != hlo_numel(in->res_t)) return hlo_op_fail(in->op, TSR_ERR_INVALID, "reshape changes the element count");
  return TSR_OK;
}

tsr_status hlo_run_iota(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  int64_t dim;
  if (!mlir_ir_op_attr_int(in->op, "iota_dimension", &dim) || dim < 0 || dim >= res->t.rank)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "bad iota_dimension");
  if (in->opc == HLO_DYNAMIC_IOTA) TSR_TRY(shape_operand(in, &args[0], &res->t, "output_shape"));
  TSR_TRY(hlo_alloc(x, res));
  hlo_iota_fill(&res->t, dim, res->buf->data, 0, hlo_numel(&res->t));
  return TSR_OK;
}

void hlo_iota_fill(const hlo_type *t, int64_t dim, void *dst, int64_t lo, int64_t n) {
  int64_t st[TSR_MAX_RANK];
  hlo_strides(t, st);
  bool fl = tsr_dtype_is_float(t->dtype) || tsr_dtype_is_complex(t->dtype);
  for (int64_t i = 0; i < n; i++) {
    int64_t v = (lo + i) / st[dim] % t->shape[dim];
    if (fl) hlo_st_f(t->dtype, dst, i, (double)v);
    else hlo_st_i(t->dtype, dst, i, v);
  }
}

tsr_status hlo_run_reshape(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  if (hlo_numel(&res->t) != hlo_numel(&args[0].t) || res->t.dtype != args[0].t.dtype)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "reshape changes the element count or type");
  if (in->opc == HLO_DYNAMIC_RESHAPE) TSR_TRY(shape_operand(in, &args[1], &res->t, "output_shape"));
  res->buf = args[0].buf; /* row-major bytes are the same: share them */
  hlo_retain(res->buf);
  return TSR_OK;
}

tsr_status hlo_prep_broadcast_in_dim(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  int64_t dims[TSR_MAX_RANK];
  TSR_TRY(operands_fit(in, args, in->opc == HLO_DYNAMIC_BROADCAST_IN_DIM ? 2 : 1, true));
  int n = hlo_attr_ints(in->op, "broadcast_dimensions", dims, TSR_MAX_RANK);
  if (n != args[0].rank) return hlo_op_fail(in->op, TSR_ERR_INVALID, "broadcast_dimensions must have one entry per operand dimension");
  for (int i = 0; i < n; i++)
    if (dims[i] < 0 || dims[i] >= in->res_t->rank || (args[0].shape[i] != 1 && args[0].shape[i] != in->res_t->shape[dims[i]]))
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "operand dimension %d does not broadcast to result dimension %lld", i, (long long)dims[i]);
  return TSR_OK;
}

tsr_status hlo_run_broadcast_in_dim(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  int64_t dims[TSR_MAX_RANK], ost[TSR_MAX_RANK], sst[TSR_MAX_RANK] = {0}, dst[TSR_MAX_RANK];
  int n = hlo_attr_ints(in->op, "broadcast_dimensions", dims, TSR_MAX_RANK);
  if (in->opc == HLO_DYNAMIC_BROADCAST_IN_DIM) TSR_TRY(shape_operand(in, &args[1], &res->t, "output_dimensions"));
  hlo_strides(&args[0].t, ost);
  for (int i = 0; i < n; i++) {
    int64_t d = dims[i];
    if (d < 0 || d >= res->t.rank || (args[0].t.shape[i] != 1 && args[0].t.shape[i] != res->t.shape[d]))
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "operand dimension %d does not broadcast to result dimension %lld", i, (long long)d);
    if (args[0].t.shape[i] != 1) sst[d] = ost[i];
  }
  TSR_TRY(hlo_alloc(x, res));
  hlo_strides(&res->t, dst);
  strided_copy(tsr_dtype_size(res->t.dtype), res->t.rank, res->t.shape, res->buf->data, dst,
                args[0].buf->data, sst);
  return TSR_OK;
}

tsr_status hlo_prep_slice(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  int64_t a[TSR_MAX_RANK], b[TSR_MAX_RANK], c[TSR_MAX_RANK];
  int r = args[0].rank;
  int na = hlo_attr_ints(in->op, "start_indices", a, TSR_MAX_RANK);
  int nb = hlo_attr_ints(in->op, "limit_indices", b, TSR_MAX_RANK);
  int nc = hlo_attr_ints(in->op, "strides", c, TSR_MAX_RANK);
  if (na != r || nb != r || (nc != r && nc != -1))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "start_indices, limit_indices, strides need one entry per dimension");
  TSR_TRY(operands_fit(in, args, 1, true));
  if (in->res_t->rank != r) return hlo_op_fail(in->op, TSR_ERR_INVALID, "the result's rank differs from the operand's");
  for (int d = 0; d < r; d++) {
    int64_t step = nc == -1 ? 1 : c[d];
    if (a[d] < 0 || b[d] < a[d] || b[d] > args[0].shape[d] || step < 1)
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "slice [%lld:%lld:%lld] out of range in dimension %d", (long long)a[d], (long long)b[d], (long long)step, d);
    if (in->res_t->shape[d] != (b[d] - a[d] + step - 1) / step)
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "the result has %lld elements in dimension %d, the slice %lld", (long long)in->res_t->shape[d], d,
                         (long long)((b[d] - a[d] + step - 1) / step));
  }
  return TSR_OK;
}

tsr_status hlo_prep_dynamic_slice(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  int r = args[0].rank;
  TSR_TRY(operands_fit(in, args, r + 1, true));
  const hlo_type *t = in->res_t;
  int64_t sizes[TSR_MAX_RANK];
  int ns = hlo_attr_ints(in->op, "slice_sizes", sizes, TSR_MAX_RANK);
  if (t->rank != r || (ns >= 0 && (ns != r || memcmp(sizes, t->shape, sizeof(int64_t) * (size_t)r))))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "the result's shape is not slice_sizes");
  for (int d = 0; d < r; d++) {
    if (t->shape[d] > args[0].shape[d]) return hlo_op_fail(in->op, TSR_ERR_INVALID, "slice larger than the operand in dimension %d", d);
    if (!index_scalar(&args[1 + d])) return hlo_op_fail(in->op, TSR_ERR_INVALID, "start index %d is not an integer scalar", d);
  }
  return TSR_OK;
}

tsr_status hlo_prep_dynamic_update_slice(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  int r = args[0].rank;
  TSR_TRY(operands_fit(in, args, r + 2, true));
  if (!hlo_type_eq(in->res_t, &args[0]) || args[1].rank != r || args[1].dtype != args[0].dtype)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "the update and the result must be of the operand's rank and type");
  for (int d = 0; d < r; d++) {
    if (args[1].shape[d] > args[0].shape[d]) return hlo_op_fail(in->op, TSR_ERR_INVALID, "update larger than the operand in dimension %d", d);
    if (!index_scalar(&args[2 + d])) return hlo_op_fail(in->op, TSR_ERR_INVALID, "start index %d is not an integer scalar", d);
  }
  return TSR_OK;
}

tsr_status hlo_run_slice(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  int64_t a[TSR_MAX_RANK], c[TSR_MAX_RANK], ost[TSR_MAX_RANK], sst[TSR_MAX_RANK], dst[TSR_MAX_RANK];
  int r = args[0].t.rank;
  hlo_attr_ints(in->op, "start_indices", a, TSR_MAX_RANK);
  int nc = hlo_attr_ints(in->op, "strides", c, TSR_MAX_RANK);
  hlo_strides(&args[0].t, ost);
  int64_t off = 0;
  for (int d = 0; d < r; d++) {
    sst[d] = ost[d] * (nc == -1 ? 1 : c[d]);
    off += a[d] * ost[d];
  }
  TSR_TRY(hlo_alloc(x, res));
  hlo_strides(&res->t, dst);
  size_t esz = tsr_dtype_size(res->t.dtype);
  strided_copy(esz, r, res->t.shape, res->buf->data, dst, args[0].buf->data + (size_t)off * esz, sst);
  return TSR_OK;
}

/* Start indices of dynamic_slice / dynamic_update_slice: scalars, clamped so that the window
 * [start, start + size) lies inside the operand (StableHLO spec). */
static void clamped_starts(const hlo_val *scalars, int rank, const int64_t *dims, const int64_t *sizes, int64_t *out) {
  for (int d = 0; d < rank; d++) {
    int64_t s = dtype_load_i64(scalars[d].t.dtype, scalars[d].buf->data, 0);
    int64_t hi = dims[d] - sizes[d];
    out[d] = s < 0 ? 0 : s > hi ? hi : s;
  }
}

tsr_status hlo_run_dynamic_slice(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  int r = args[0].t.rank;
  if (in->n_in != r + 1) return hlo_op_fail(in->op, TSR_ERR_INVALID, "needs one start index per dimension");
  int64_t st[TSR_MAX_RANK], ost[TSR_MAX_RANK], dst[TSR_MAX_RANK];
  for (int d = 0; d < r; d++)
    if (res->t.shape[d] > args[0].t.shape[d]) return hlo_op_fail(in->op, TSR_ERR_INVALID, "slice larger than the operand");
  clamped_starts(args + 1, r, args[0].t.shape, res->t.shape, st);
  hlo_strides(&args[0].t, ost);
  int64_t off = 0;
  for (int d = 0; d < r; d++) off += st[d] * ost[d];
  TSR_TRY(hlo_alloc(x, res));
  hlo_strides(&res->t, dst);
  size_t esz = tsr_dtype_size(res->t.dtype);
  strided_copy(esz, r, res->t.shape, res->buf->data, dst, args[0].buf->data + (size_t)off * esz, ost);
  return TSR_OK;
}

tsr_status hlo_run_dynamic_update_slice(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  int r = args[0].t.rank;
  if (in->n_in != r + 2 || args[1].t.rank != r) return hlo_op_fail(in->op, TSR_ERR_INVALID, "needs an update of the same rank and one start index per dimension");
  for (int d = 0; d < r; d++)
    if (args[1].t.shape[d] > args[0].t.shape[d]) return hlo_op_fail(in->op, TSR_ERR_INVALID, "update larger than the operand");
  int64_t st[TSR_MAX_RANK], ost[TSR_MAX_RANK], ust[TSR_MAX_RANK];
  clamped_starts(args + 2, r, args[0].t.shape, args[1].t.shape, st);
  TSR_TRY(hlo_alloc(x, res));
  memcpy(res->buf->data, args[0].buf->data, res->buf->bytes);
  hlo_strides(&args[0].t, ost);
  hlo_strides(&args[1].t, ust);
  int64_t off = 0;
  for (int d = 0; d < r; d++) off += st[d] * ost[d];
  size_t esz = tsr_dtype_size(res->t.dtype);
  strided_copy(esz, r, args[1].t.shape, res->buf->data + (size_t)off * esz, ost, args[1].buf->data, ust);
  return TSR_OK;
}

tsr_status hlo_prep_concatenate(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  int64_t dim;
  TSR_TRY(operands_fit(in, args, -1, true));
  if (!mlir_ir_op_attr_int(in->op, "dimension", &dim) || in->n_in < 1 || dim < 0 || dim >= args[0].rank)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "bad dimension");
  const hlo_type *r = in->res_t;
  int64_t total = 0;
  for (int i = 0; i < in->n_in; i++) {
    if (args[i].rank != r->rank || args[i].dtype != r->dtype) return hlo_op_fail(in->op, TSR_ERR_INVALID, "operand %d differs from the result in rank or type", i);
    for (int d = 0; d < r->rank; d++)
      if (d != dim && args[i].shape[d] != r->shape[d]) return hlo_op_fail(in->op, TSR_ERR_INVALID, "operand %d differs from the result in dimension %d", i, d);
    total += args[i].shape[dim];
  }
  if (total != r->shape[dim]) return hlo_op_fail(in->op, TSR_ERR_INVALID, "operands do not add up to the result");
  in->aux = (int)dim;
  return TSR_OK;
}

tsr_status hlo_run_concatenate(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  int dim = in->aux;
  int64_t total = 0;
  for (int i = 0; i < in->n_in; i++) {
    if (args[i].t.rank != res->t.rank) return hlo_op_fail(in->op, TSR_ERR_INVALID, "operand ranks differ");
    total += args[i].t.shape[dim];
  }
  if (total != res->t.shape[dim]) return hlo_op_fail(in->op, TSR_ERR_INVALID, "operands do not add up to the result");
  TSR_TRY(hlo_alloc(x, res));
  int64_t dst[TSR_MAX_RANK], sst[TSR_MAX_RANK];
  hlo_strides(&res->t, dst);
  size_t esz = tsr_dtype_size(res->t.dtype);
  int64_t at = 0;
  for (int i = 0; i < in->n_in; i++) {
    hlo_strides(&args[i].t, sst);
    strided_copy(esz, res->t.rank, args[i].t.shape, res->buf->data + (size_t)(at * dst[dim]) * esz, dst,
                  args[i].buf->data, sst);
    at += args[i].t.shape[dim];
  }
  return TSR_OK;
}

tsr_status hlo_prep_pad(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  int r = args[0].rank;
  bool dyn = in->opc == HLO_DYNAMIC_PAD;
  TSR_TRY(operands_fit(in, args, dyn ? 5 : 2, true));
  if (args[1].rank != 0 || args[1].dtype != args[0].dtype || in->res_t->rank != r)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "the padding value must be a scalar of the operand's type, the result of its rank");
  if (dyn) return TSR_OK; /* the padding operands are checked when run */
  int64_t v[3][TSR_MAX_RANK];
  if (hlo_attr_ints(in->op, "edge_padding_low", v[0], TSR_MAX_RANK) != r ||
      hlo_attr_ints(in->op, "edge_padding_high", v[1], TSR_MAX_RANK) != r ||
      hlo_attr_ints(in->op, "interior_padding", v[2], TSR_MAX_RANK) != r)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "edge_padding_low/high and interior_padding need one entry per dimension");
  for (int d = 0; d < r; d++) {
    if (v[2][d] < 0) return hlo_op_fail(in->op, TSR_ERR_INVALID, "negative interior padding");
    for (int k = 0; k < 3; k++)
      if (v[k][d] < -(INT64_C(1) << 44) || v[k][d] > (INT64_C(1) << 44)) return hlo_op_fail(in->op, TSR_ERR_INVALID, "padding out of range");
  }
  return TSR_OK;
}

static int64_t floor_div(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

tsr_status hlo_run_pad(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  int r = args[0].t.rank;
  int64_t lo[TSR_MAX_RANK], hi[TSR_MAX_RANK], it[TSR_MAX_RANK];
  if (in->opc == HLO_DYNAMIC_PAD) {
    /* low, high and interior are operands, each of one integer per dimension */
    int64_t *dst[3] = {lo, hi, it};
    for (int k = 0; k < 3; k++) {
      const hlo_val *v = &args[2 + k];
      if (v->t.rank != 1 || v->t.shape[0] != r || tsr_dtype_is_float(v->t.dtype) || tsr_dtype_is_complex(v->t.dtype))
        return hlo_op_fail(in->op, TSR_ERR_INVALID, "the padding operands must be %d integers each", r);
      for (int d = 0; d < r; d++) {
        dst[k][d] = dtype_load_i64(v->t.dtype, v->buf->data, d);
        if (dst[k][d] < -(INT64_C(1) << 44) || dst[k][d] > (INT64_C(1) << 44) || (k == 2 && dst[k][d] < 0))
          return hlo_op_fail(in->op, TSR_ERR_INVALID, "padding %lld out of range", (long long)dst[k][d]);
      }
    }
  } else {
    hlo_attr_ints(in->op, "edge_padding_low", lo, TSR_MAX_RANK);
    hlo_attr_ints(in->op, "edge_padding_high", hi, TSR_MAX_RANK);
    hlo_attr_ints(in->op, "interior_padding", it, TSR_MAX_RANK);
  }
  for (int d = 0; d < r; d++) {
    int64_t n = args[0].t.shape[d];
    if (lo[d] + hi[d] + n + (n > 0 ? (n - 1) * it[d] : 0) != res->t.shape[d])
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "padding does not give the result shape in dimension %d", d);
  }
  TSR_TRY(hlo_alloc(x, res));
  size_t esz = tsr_dtype_size(res->t.dtype);
  int64_t n = hlo_numel(&res->t);
  for (int64_t i = 0; i < n; i++) memcpy(res->buf->data + (size_t)i * esz, args[1].buf->data, esz);
  /* The operand elements that land inside the result (negative padding crops): per
   * dimension the index range [first, first + count). */
  int64_t ost[TSR_MAX_RANK], rst[TSR_MAX_RANK], dst[TSR_MAX_RANK], cnt[TSR_MAX_RANK];
  hlo_strides(&args[0].t, ost);
  hlo_strides(&res->t, rst);
  int64_t soff = 0, doff = 0;
  for (int d = 0; d < r; d++) {
    int64_t step = it[d] + 1;
    int64_t first = lo[d] >= 0 ? 0 : floor_div(-lo[d] + step - 1, step);
    int64_t last = floor_div(res->t.shape[d] - 1 - lo[d], step); /* inclusive */
    if (last > args[0].t.shape[d] - 1) last = args[0].t.shape[d] - 1;
    cnt[d] = last >= first ? last - first + 1 : 0;
    if (cnt[d] == 0) return TSR_OK;
    soff += first * ost[d];
    doff += (lo[d] + first * step) * rst[d];
    dst[d] = rst[d] * step;
  }
  strided_copy(esz, r, cnt, res->buf->data + (size_t)doff * esz, dst, args[0].buf->data + (size_t)soff * esz, ost);
  return TSR_OK;
}

tsr_status hlo_prep_reverse(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  int64_t dims[TSR_MAX_RANK];
  TSR_TRY(operands_fit(in, args, 1, true));
  if (!hlo_type_eq(in->res_t, &args[0])) return hlo_op_fail(in->op, TSR_ERR_INVALID, "the result must be of the operand's type");
  int n = hlo_attr_ints(in->op, "dimensions", dims, TSR_MAX_RANK);
  if (n < 0) return hlo_op_fail(in->op, TSR_ERR_INVALID, "missing dimensions");
  for (int i = 0; i < n; i++)
    if (dims[i] < 0 || dims[i] >= args[0].rank) return hlo_op_fail(in->op, TSR_ERR_INVALID, "dimension out of range");
  return TSR_OK;
}

tsr_status hlo_prep_transpose(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  int64_t perm[TSR_MAX_RANK];
  int r = args[0].rank;
  TSR_TRY(operands_fit(in, args, 1, true));
  if (in->res_t->rank != r) return hlo_op_fail(in->op, TSR_ERR_INVALID, "the result's rank differs from the operand's");
  if (hlo_attr_ints(in->op, "permutation", perm, TSR_MAX_RANK) != r)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "permutation needs one entry per dimension");
  unsigned seen = 0;
  for (int d = 0; d < r; d++) {
    if (perm[d] < 0 || perm[d] >= r || (seen >> perm[d] & 1u))
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "permutation is not a permutation");
    seen |= 1u << perm[d];
  }
  return TSR_OK;
}

/* A transpose whose result rows read a column of the operand (the result's contiguous dim
 * is not the operand's) copied in square tiles: each tile reads TILE short rows of the
 * operand and writes TILE short rows of the result, so both stay in the cache, where a
 * column walk would touch a new line for every element. The same bytes as strided_copy.
 * False (nothing copied) where the layouts are not of that kind. */
enum { TILE = 32 };
#define TILE_LOOP(T)                                                                        \
  for (int64_t i = i0; i < i1; i++)                                                         \
    for (int64_t j = j0; j < j1; j++) ((T *)dp)[i * di + j] = ((const T *)sp)[i + j * sj];
static bool transpose_tiled(size_t es, int rank, const int64_t *shape, char *dst, const int64_t *ds, const char *src,
                            const int64_t *ss) {
  int64_t sh[TSR_MAX_RANK], cd[TSR_MAX_RANK], cs[TSR_MAX_RANK];
  int n = strided_collapse(rank, shape, ds, ss, sh, cd, cs);
  int k = -1; /* the dim that walks the operand's rows */
  for (int d = 0; d + 1 < n; d++)
    if (cs[d] == 1) k = d;
  if (n < 2 || k < 0 || cd[n - 1] != 1 || (es != 1 && es != 2 && es != 4 && es != 8) || sh[k] < TILE || sh[n - 1] < TILE)
    return false;
  /* the other dims, walked outside the tiles */
  int64_t osh[TSR_MAX_RANK], od[TSR_MAX_RANK], os[TSR_MAX_RANK], idx[TSR_MAX_RANK] = {0};
  int no = 0;
  for (int d = 0; d + 1 < n; d++)
    if (d != k) { osh[no] = sh[d]; od[no] = cd[d]; os[no++] = cs[d]; }
  int64_t di = cd[k], sj = cs[n - 1], ni = sh[k], nj = sh[n - 1];
  do {
    int64_t doff = 0, soff = 0;
    for (int d = 0; d < no; d++) { doff += idx[d] * od[d]; soff += idx[d] * os[d]; }
    char *dp = dst + (size_t)doff * es;
    const char *sp = src + (size_t)soff * es;
    for (int64_t i0 = 0; i0 < ni; i0 += TILE)
      for (int64_t j0 = 0; j0 < nj; j0 += TILE) {
        int64_t i1 = i0 + TILE < ni ? i0 + TILE : ni, j1 = j0 + TILE < nj ? j0 + TILE : nj;
        switch (es) {
        case 1: TILE_LOOP(uint8_t); break;
        case 2: TILE_LOOP(uint16_t); break;
        case 4: TILE_LOOP(uint32_t); break;
        default: TILE_LOOP(uint64_t); break;
        }
      }
  } while (strided_next(idx, osh, no));
  return true;
}
#undef TILE_LOOP

tsr_status hlo_run_transpose(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  int64_t perm[TSR_MAX_RANK], ost[TSR_MAX_RANK], sst[TSR_MAX_RANK], dst[TSR_MAX_RANK];
  int r = args[0].t.rank;
  hlo_attr_ints(in->op, "permutation", perm, TSR_MAX_RANK);
  hlo_strides(&args[0].t, ost);
  for (int d = 0; d < r; d++) {
    if (res->t.shape[d] != args[0].t.shape[perm[d]]) return hlo_op_fail(in->op, TSR_ERR_INVALID, "result shape does not match the permutation");
    sst[d] = ost[perm[d]];
  }
  TSR_TRY(hlo_alloc(x, res));
  hlo_strides(&res->t, dst);
  size_t es = tsr_dtype_size(res->t.dtype);
  if (hlo_numel(&res->t) == 0) return TSR_OK;
  /* TSR_HLO_FUSE=0: the plain strided copy, the reference */
  if (x->unfused || !transpose_tiled(es, r, res->t.shape, res->buf->data, dst, args[0].buf->data, sst))
    strided_copy(es, r, res->t.shape, res->buf->data, dst, args[0].buf->data, sst);
  return TSR_OK;
}

tsr_status hlo_run_reverse(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  int64_t dims[TSR_MAX_RANK], ost[TSR_MAX_RANK], sst[TSR_MAX_RANK], dst[TSR_MAX_RANK];
  int r = args[0].t.rank, n = hlo_attr_ints(in->op, "dimensions", dims, TSR_MAX_RANK);
  if (n < 0) return hlo_op_fail(in->op, TSR_ERR_INVALID, "missing dimensions");
  hlo_strides(&args[0].t, ost);
  memcpy(sst, ost, sizeof sst);
  int64_t off = 0;
  for (int i = 0; i < n; i++) {
    if (dims[i] < 0 || dims[i] >= r) return hlo_op_fail(in->op, TSR_ERR_INVALID, "dimension out of range");
    sst[dims[i]] = -ost[dims[i]];
    off += (args[0].t.shape[dims[i]] - 1) * ost[dims[i]];
  }
  TSR_TRY(hlo_alloc(x, res));
  hlo_strides(&res->t, dst);
  size_t esz = tsr_dtype_size(res->t.dtype);
  if (hlo_numel(&res->t) == 0) return TSR_OK;
  strided_copy(esz, r, res->t.shape, res->buf->data, dst, args[0].buf->data + off * (int64_t)esz, sst);
  return TSR_OK;
}

tsr_status hlo_prep_get_dimension_size(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  int64_t dim;
  if (in->n_in != 1 || in->n_out != 1 || !mlir_ir_op_attr_int(in->op, "dimension", &dim) || dim < 0 || dim >= args[0].rank ||
      in->res_t->rank != 0 || in->res_t->dtype != TSR_I32)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "takes one operand and a dimension of it, and gives an i32 scalar");
  in->aux = (int)dim;
  return TSR_OK;
}

tsr_status hlo_run_get_dimension_size(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  TSR_TRY(hlo_alloc(x, res));
  hlo_st_i(TSR_I32, res->buf->data, 0, args[0].t.shape[in->aux]);
  return TSR_OK;
}

/* replica_id and partition_id: outside a manual computation (or run_parallel) a program of one
 * device; inside, device d is replica d / P, partition d % P of its P partitions. */
tsr_status hlo_prep_process_id(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p, (void)args;
  if (in->n_in != 0 || in->n_out != 1 || in->res_t->rank != 0 || in->res_t->dtype != TSR_U32)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "gives a ui32 scalar");
  return TSR_OK;
}

tsr_status hlo_run_process_id(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  (void)args;
  TSR_TRY(hlo_alloc(x, res));
  int parts = x->num_partitions ? x->num_partitions : 1;
  hlo_st_i(TSR_U32, res->buf->data, 0, in->opc == HLO_PARTITION_ID ? x->device % parts : x->device / parts);
  return TSR_OK;
}
