/* stablehlo.dot_general: operands are permuted into [batch, free, contracting] matrices and
 * multiplied per batch; f32 through CBLAS sgemm (full f32 precision; precision_config is not
 * emulated), other types in double (floats) or wrapping int64 (integers). Result dims are
 * batch, lhs free, rhs free, as the spec orders them. */
#include <stdlib.h>
#include <string.h>

#include "core/blas.h"
#include "hlo/hlo_internal.h"

typedef struct dot_dims {
  int64_t lb[TSR_MAX_RANK], rb[TSR_MAX_RANK], lc[TSR_MAX_RANK], rc[TSR_MAX_RANK];
  int nlb, nrb, nlc, nrc;
} dot_dims;

static tsr_status read_dims(const hlo_inst *in, dot_dims *d) {
  const tsr_ir_attr *dn = tsr_ir_op_attr(in->op, "dot_dimension_numbers");
  if (!dn || dn->kind != TSR_IR_ATTR_FIELDS) return hlo_op_fail(in->op, TSR_ERR_INVALID, "missing dot_dimension_numbers");
  d->nlb = tsr_ir_field_ints(dn, "lhs_batching_dimensions", d->lb, TSR_MAX_RANK);
  d->nrb = tsr_ir_field_ints(dn, "rhs_batching_dimensions", d->rb, TSR_MAX_RANK);
  d->nlc = tsr_ir_field_ints(dn, "lhs_contracting_dimensions", d->lc, TSR_MAX_RANK);
  d->nrc = tsr_ir_field_ints(dn, "rhs_contracting_dimensions", d->rc, TSR_MAX_RANK);
  if (d->nlb < 0 || d->nrb < 0 || d->nlc < 0 || d->nrc < 0 || d->nlb != d->nrb || d->nlc != d->nrc)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "batching or contracting dimensions differ in number");
  return TSR_OK;
}

/* Operand dims in the order [batch..., free..., contracting...]; returns the free count. */
static int order(int rank, const int64_t *b, int nb, const int64_t *c, int nc, int *perm) {
  bool used[TSR_MAX_RANK] = {0};
  int k = 0;
  for (int i = 0; i < nb; i++) { perm[k++] = (int)b[i]; used[b[i]] = true; }
  int nf = 0;
  for (int i = 0; i < nc; i++) used[c[i]] = true;
  for (int d = 0; d < rank; d++)
    if (!used[d]) { perm[k++] = d; nf++; }
  for (int i = 0; i < nc; i++) perm[k++] = (int)c[i];
  return nf;
}

static bool dims_ok(const int64_t *v, int n, int rank) {
  unsigned seen = 0;
  for (int i = 0; i < n; i++) {
    if (v[i] < 0 || v[i] >= rank || (seen >> v[i] & 1u)) return false;
    seen |= 1u << v[i];
  }
  return true;
}

tsr_status hlo_prep_dot_general(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  dot_dims d;
  TSR_TRY(read_dims(in, &d));
  if (!dims_ok(d.lb, d.nlb, args[0].rank) || !dims_ok(d.lc, d.nlc, args[0].rank) ||
      !dims_ok(d.rb, d.nrb, args[1].rank) || !dims_ok(d.rc, d.nrc, args[1].rank))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "dimension numbers out of range or repeated");
  for (int i = 0; i < d.nlb; i++)
    if (args[0].shape[d.lb[i]] != args[1].shape[d.rb[i]]) return hlo_op_fail(in->op, TSR_ERR_INVALID, "batch dimensions differ in size");
  for (int i = 0; i < d.nlc; i++)
    if (args[0].shape[d.lc[i]] != args[1].shape[d.rc[i]]) return hlo_op_fail(in->op, TSR_ERR_INVALID, "contracting dimensions differ in size");
  return TSR_OK;
}

/* Copies operand `v` permuted by `perm` into a dense buffer of the same dtype. */
static char *permuted(const hlo_val *v, const int *perm) {
  size_t esz = tsr_dtype_size(v->t.dtype);
  char *out = malloc((size_t)hlo_numel(&v->t) * esz + 1);
  if (!out) return NULL;
  int64_t st[TSR_MAX_RANK], sst[TSR_MAX_RANK], dst[TSR_MAX_RANK];
  hlo_type pt = v->t;
  hlo_strides(&v->t, st);
  for (int d = 0; d < v->t.rank; d++) { pt.shape[d] = v->t.shape[perm[d]]; sst[d] = st[perm[d]]; }
  hlo_strides(&pt, dst);
  strided_copy(esz, pt.rank, pt.shape, out, dst, v->buf->data, sst);
  return out;
}

tsr_status hlo_run_dot_general(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  dot_dims d;
  TSR_TRY(read_dims(in, &d));
  int lp[TSR_MAX_RANK], rp[TSR_MAX_RANK];
  const hlo_val *l = &args[0], *r = &args[1];
  int lf = order(l->t.rank, d.lb, d.nlb, d.lc, d.nlc, lp);
  int rf = order(r->t.rank, d.rb, d.nrb, d.rc, d.nrc, rp);
  int64_t B = 1, M = 1, N = 1, K = 1;
  for (int i = 0; i < d.nlb; i++) B *= l->t.shape[d.lb[i]];
  for (int i = 0; i < d.nlc; i++) K *= l->t.shape[d.lc[i]];
  for (int i = 0; i < lf; i++) M *= l->t.shape[lp[d.nlb + i]];
  for (int i = 0; i < rf; i++) N *= r->t.shape[rp[d.nrb + i]];
  if (res->t.rank != d.nlb + lf + rf || hlo_numel(&res->t) != B * M * N)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "result shape does not match batch x lhs free x rhs free");
  /* rhs as [batch, contracting, free]: move its contracting dims before the free ones */
  int rp2[TSR_MAX_RANK], k = 0;
  for (int i = 0; i < d.nrb; i++) rp2[k++] = rp[i];
  for (int i = 0; i < d.nrc; i++) rp2[k++] = rp[d.nrb + rf + i];
  for (int i = 0; i < rf; i++) rp2[k++] = rp[d.nrb + i];
  char *A = permuted(l, lp), *Bm = permuted(r, rp2);
  tsr_status s = A && Bm ? hlo_alloc(x, res) : tsr_fail(TSR_ERR_NOMEM, "out of memory");
  if (s == TSR_OK) {
    tsr_dtype lt = l->t.dtype, rt = r->t.dtype, ot = res->t.dtype;
    if (lt == TSR_F32 && rt == TSR_F32 && ot == TSR_F32 && M < INT32_MAX && N < INT32_MAX && K < INT32_MAX) {
      s = tsr_blas_load();
      for (int64_t b = 0; b < B && s == TSR_OK; b++)
        tsr_sgemm(false, false, (int)M, (int)N, (int)K, 1.0f, (const float *)A + b * M * K, (int)(K ? K : 1),
                  (const float *)Bm + b * K * N, (int)(N ? N : 1), 0.0f, (float *)res->buf->data + b * M * N,
                  (int)(N ? N : 1));
    } else if (tsr_dtype_is_float(lt) || tsr_dtype_is_float(ot)) {
      for (int64_t b = 0; b < B; b++)
        for (int64_t i = 0; i < M; i++)
          for (int64_t j = 0; j < N; j++) {
            double acc = 0;
            for (int64_t q = 0; q < K; q++)
              acc += dtype_load_f64(lt, A, (b * M + i) * K + q) * dtype_load_f64(rt, Bm, (b * K + q) * N + j);
            hlo_st_f(ot, res->buf->data, (b * M + i) * N + j, acc);
          }
    } else {
      for (int64_t b = 0; b < B; b++)
        for (int64_t i = 0; i < M; i++)
          for (int64_t j = 0; j < N; j++) {
            uint64_t acc = 0;
            for (int64_t q = 0; q < K; q++)
              acc += (uint64_t)dtype_load_i64(lt, A, (b * M + i) * K + q) * (uint64_t)dtype_load_i64(rt, Bm, (b * K + q) * N + j);
            hlo_st_i(ot, res->buf->data, (b * M + i) * N + j, (int64_t)acc);
          }
    }
  }
  free(A);
  free(Bm);
  return s;
}
