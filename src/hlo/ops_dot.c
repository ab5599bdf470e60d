/* stablehlo.dot_general, and chlo.ragged_dot (a dot whose lhs has one dimension cut into
 * groups, each with its own rhs: the grouped matmuls of mixture-of-experts layers).
 * dot_general: operands are permuted into [batch, free, contracting] matrices and multiplied
 * per batch; f32 through CBLAS sgemm (full f32; with tpu_numerics summed in the MXU's passes,
 * and at the default precision of operands rounded to bf16 first: its one bf16 pass,
 * docs/numerics.md), other
 * types in double (floats) or wrapping int64 (integers). Result dims are batch, lhs free,
 * rhs free, as the spec orders them. */
#include <stdlib.h>
#include <string.h>

#include "core/blas.h"
#include "hlo/hlo_internal.h"

typedef struct dot_dims {
  int64_t lb[TSR_MAX_RANK], rb[TSR_MAX_RANK], lc[TSR_MAX_RANK], rc[TSR_MAX_RANK];
  int nlb, nrb, nlc, nrc;
} dot_dims;

static tsr_status read_dims(const hlo_inst *in, dot_dims *d) {
  const mlir_ir_attr *dn = mlir_ir_op_attr(in->op, "dot_dimension_numbers");
  if (!dn || dn->kind != MLIR_IR_ATTR_FIELDS) return hlo_op_fail(in->op, TSR_ERR_INVALID, "missing dot_dimension_numbers");
  d->nlb = mlir_ir_field_ints(dn, "lhs_batching_dimensions", d->lb, TSR_MAX_RANK);
  d->nrb = mlir_ir_field_ints(dn, "rhs_batching_dimensions", d->rb, TSR_MAX_RANK);
  d->nlc = mlir_ir_field_ints(dn, "lhs_contracting_dimensions", d->lc, TSR_MAX_RANK);
  d->nrc = mlir_ir_field_ints(dn, "rhs_contracting_dimensions", d->rc, TSR_MAX_RANK);
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

tsr_status hlo_prep_dot_general(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  dot_dims d;
  TSR_TRY(read_dims(in, &d));
  if (!hlo_dims_distinct(d.lb, d.nlb, args[0].rank) || !hlo_dims_distinct(d.lc, d.nlc, args[0].rank) ||
      !hlo_dims_distinct(d.rb, d.nrb, args[1].rank) || !hlo_dims_distinct(d.rc, d.nrc, args[1].rank))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "dimension numbers out of range or repeated");
  for (int i = 0; i < d.nlb; i++)
    if (args[0].shape[d.lb[i]] != args[1].shape[d.rb[i]]) return hlo_op_fail(in->op, TSR_ERR_INVALID, "batch dimensions differ in size");
  for (int i = 0; i < d.nlc; i++)
    if (args[0].shape[d.lc[i]] != args[1].shape[d.rc[i]]) return hlo_op_fail(in->op, TSR_ERR_INVALID, "contracting dimensions differ in size");
  return TSR_OK;
}

bool hlo_mxu_bf16_inputs(const hlo_exec *x, const hlo_inst *in, tsr_dtype l, tsr_dtype r) {
  if (!x->opts || !x->opts->tpu_numerics || l != TSR_F32 || r != TSR_F32) return false;
  /* an explicit dot algorithm names its own operand types: XLA follows it, and so does the
   * full-f32 computation here rather than guess */
  if (mlir_ir_op_attr(in->op, "algorithm")) return false;
  const mlir_ir_attr *pc = mlir_ir_op_attr(in->op, "precision_config");
  if (!pc) return true;
  if (pc->kind != MLIR_IR_ATTR_ARRAY) return false;
  /* a TPU takes the higher of the two operands' precisions; HIGH (three bf16 passes) and
   * HIGHEST (six) run at full f32 here, as in the kernels */
  for (int i = 0; i < pc->u.array.n; i++) {
    const char *k = mlir_ir_enum_keyword(pc->u.array.elems[i], "stablehlo", "precision");
    if (!k || strcmp(k, "DEFAULT")) return false;
  }
  return true;
}

double hlo_dot_products_per_output(const hlo_inst *in, const hlo_type *lhs) {
  int64_t lc[TSR_MAX_RANK];
  const mlir_ir_attr *dn = mlir_ir_op_attr(in->op, in->opc == HLO_DOT_GENERAL ? "dot_dimension_numbers" : "ragged_dot_dimension_numbers");
  int n = dn ? mlir_ir_field_ints(dn, "lhs_contracting_dimensions", lc, TSR_MAX_RANK) : 0;
  double k = 1;
  for (int i = 0; i < n; i++)
    if (lc[i] >= 0 && lc[i] < lhs->rank) k *= (double)lhs->shape[lc[i]];
  return k;
}

/* The contraction of one MXU pass: the run's (the plugin gives its chip's), else the
 * machine's chip's, else v5e's 128. */
static int mxu_depth(const hlo_exec *x) {
  if (x->opts->mxu_depth > 0) return x->opts->mxu_depth;
  const tsr_chip *ch = x->opts->machine ? tsr_machine_chip(x->opts->machine) : NULL;
  return ch && ch->mxu_dim > 0 ? ch->mxu_dim : 128;
}

static void round_bf16(float *v, int64_t n) {
  for (int64_t i = 0; i < n; i++) v[i] = tsr_bf16_to_f32(tsr_f32_to_bf16(v[i]));
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
  TSR_TRY(hlo_charge(x, in, (double)B * (double)M * (double)N * (double)K));
  /* the permuted copies are held besides the operands and the result (and with TPU numerics
   * three more of its size, the MXU passes' sums) */
  size_t res_bytes = (size_t)hlo_numel(&res->t) * tsr_dtype_size(res->t.dtype);
  TSR_TRY(hlo_admit(x, (int64_t)(l->buf->bytes + r->buf->bytes + 4 * res_bytes)));
  char *A = permuted(l, lp), *Bm = permuted(r, rp2);
  tsr_status s = A && Bm ? hlo_alloc(x, res) : tsr_fail(TSR_ERR_NOMEM, "out of memory");
  if (s == TSR_OK) {
    tsr_dtype lt = l->t.dtype, rt = r->t.dtype, ot = res->t.dtype;
    if (lt == TSR_F32 && rt == TSR_F32 && ot == TSR_F32 && M < INT32_MAX && N < INT32_MAX && K < INT32_MAX) {
      s = blas_load();
      /* with TPU numerics, the sums of the MXU's passes, as a kernel's dot sums them; at the
       * default precision, of operands rounded to bf16 (docs/numerics.md) */
      bool mxu = x->opts && x->opts->tpu_numerics;
      float *tmp = NULL;
      if (hlo_mxu_bf16_inputs(x, in, lt, rt)) { /* the copies are the op's own */
        round_bf16((float *)A, B * M * K);
        round_bf16((float *)Bm, B * K * N);
      }
      if (mxu) {
        memset(res->buf->data, 0, (size_t)(B * M * N) * sizeof(float));
        tmp = malloc(3 * (size_t)(M * N) * sizeof(float) + 1);
        if (!tmp && s == TSR_OK) s = tsr_fail(TSR_ERR_NOMEM, "out of memory");
      }
      for (int64_t b = 0; b < B && s == TSR_OK; b++) {
        const float *fa = (const float *)A + b * M * K, *fb = (const float *)Bm + b * K * N;
        float *fc = (float *)res->buf->data + b * M * N;
        int lda = (int)(K ? K : 1), ld = (int)(N ? N : 1);
        if (mxu) blas_sgemm_mxu(false, false, (int)M, (int)N, (int)K, mxu_depth(x), fa, lda, fb, ld, fc, ld, tmp);
        else blas_sgemm(false, false, (int)M, (int)N, (int)K, 1.0f, fa, lda, fb, ld, 0.0f, fc, ld);
      }
      free(tmp);
    } else if (ot == TSR_C64 && lt == TSR_C64 && rt == TSR_C64) {
      /* in complex<f32> arithmetic, product by product in order, as XLA computes it: the
       * parts of a sum that cancels keep XLA's rounding (in double they would differ by more
       * than the few ULPs JAX's tests allow) */
      const float *fa = (const float *)A, *fb = (const float *)Bm;
      float *fr = (float *)res->buf->data;
      for (int64_t b = 0; b < B; b++)
        for (int64_t i = 0; i < M; i++)
          for (int64_t j = 0; j < N; j++) {
            float re = 0, im = 0;
            for (int64_t q = 0; q < K; q++) {
              const float *u = fa + 2 * ((b * M + i) * K + q), *v = fb + 2 * ((b * K + q) * N + j);
              re += u[0] * v[0] - u[1] * v[1];
              im += u[0] * v[1] + u[1] * v[0];
            }
            fr[2 * ((b * M + i) * N + j)] = re;
            fr[2 * ((b * M + i) * N + j) + 1] = im;
          }
    } else if (tsr_dtype_is_complex(ot)) {
      for (int64_t b = 0; b < B; b++)
        for (int64_t i = 0; i < M; i++)
          for (int64_t j = 0; j < N; j++) {
            double complex acc = 0;
            for (int64_t q = 0; q < K; q++)
              acc += hlo_ld_c(lt, A, (b * M + i) * K + q) * hlo_ld_c(rt, Bm, (b * K + q) * N + j);
            hlo_st_c(ot, res->buf->data, (b * M + i) * N + j, acc);
          }
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

/* ---- chlo.ragged_dot: a dot whose one lhs dimension is cut into groups ---- */

typedef struct ragged_dims {
  dot_dims d;
  int64_t ragged, group; /* lhs_ragged_dimensions[0]; rhs_group_dimensions[0] or -1 */
  int mode;              /* 1: ragged lhs free dim, 2: ragged contracting dim, 3: ragged batch dim */
} ragged_dims;

static tsr_status read_ragged(const hlo_inst *in, const hlo_type *lt, const hlo_type *rt, ragged_dims *r) {
  const mlir_ir_attr *dn = mlir_ir_op_attr(in->op, "ragged_dot_dimension_numbers");
  if (!dn || dn->kind != MLIR_IR_ATTR_FIELDS) return hlo_op_fail(in->op, TSR_ERR_INVALID, "missing ragged_dot_dimension_numbers");
  dot_dims *d = &r->d;
  d->nlb = mlir_ir_field_ints(dn, "lhs_batching_dimensions", d->lb, TSR_MAX_RANK);
  d->nrb = mlir_ir_field_ints(dn, "rhs_batching_dimensions", d->rb, TSR_MAX_RANK);
  d->nlc = mlir_ir_field_ints(dn, "lhs_contracting_dimensions", d->lc, TSR_MAX_RANK);
  d->nrc = mlir_ir_field_ints(dn, "rhs_contracting_dimensions", d->rc, TSR_MAX_RANK);
  int64_t rag[TSR_MAX_RANK], grp[TSR_MAX_RANK];
  int nrag = mlir_ir_field_ints(dn, "lhs_ragged_dimensions", rag, TSR_MAX_RANK);
  int ngrp = mlir_ir_field_ints(dn, "rhs_group_dimensions", grp, TSR_MAX_RANK);
  if (d->nlb < 0 || d->nrb < 0 || d->nlc < 0 || d->nrc < 0 || d->nlb != d->nrb || d->nlc != d->nrc || nrag != 1 || ngrp < 0 || ngrp > 1 ||
      !hlo_dims_distinct(d->lb, d->nlb, lt->rank) || !hlo_dims_distinct(d->lc, d->nlc, lt->rank) || !hlo_dims_distinct(d->rb, d->nrb, rt->rank) ||
      !hlo_dims_distinct(d->rc, d->nrc, rt->rank) || rag[0] < 0 || rag[0] >= lt->rank || (ngrp && (grp[0] < 0 || grp[0] >= rt->rank)))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "malformed ragged_dot_dimension_numbers");
  r->ragged = rag[0];
  r->group = ngrp ? grp[0] : -1;
  r->mode = 1;
  for (int i = 0; i < d->nlc; i++) if (d->lc[i] == r->ragged) r->mode = 2;
  for (int i = 0; i < d->nlb; i++) if (d->lb[i] == r->ragged) r->mode = 3;
  if ((r->mode == 1) != (r->group >= 0)) return hlo_op_fail(in->op, TSR_ERR_INVALID, "the rhs has a group dimension exactly when the ragged dimension is an lhs free dimension");
  for (int i = 0; i < d->nlb; i++)
    if (lt->shape[d->lb[i]] != rt->shape[d->rb[i]]) return hlo_op_fail(in->op, TSR_ERR_INVALID, "batch dimensions differ in size");
  for (int i = 0; i < d->nlc; i++)
    if (lt->shape[d->lc[i]] != rt->shape[d->rc[i]]) return hlo_op_fail(in->op, TSR_ERR_INVALID, "contracting dimensions differ in size");
  return TSR_OK;
}

/* The result's dimensions: (mode 2: the groups,) batch, lhs free, rhs free; for each, which
 * operand dimension it walks (lhs: 0.., rhs: 100..; -1: the group). */
static int ragged_result(const ragged_dims *r, const hlo_type *lt, const hlo_type *rt, int64_t g, int *src, int64_t *shape) {
  const dot_dims *d = &r->d;
  bool lused[TSR_MAX_RANK] = {0}, rused[TSR_MAX_RANK] = {0};
  int n = 0;
  if (r->mode == 2) { src[n] = -1; shape[n++] = g; }
  for (int i = 0; i < d->nlb; i++) { src[n] = (int)d->lb[i]; shape[n++] = lt->shape[d->lb[i]]; lused[d->lb[i]] = true; rused[d->rb[i]] = true; }
  for (int i = 0; i < d->nlc; i++) { lused[d->lc[i]] = true; rused[d->rc[i]] = true; }
  if (r->group >= 0) rused[r->group] = true;
  for (int k = 0; k < lt->rank; k++) if (!lused[k]) { src[n] = k; shape[n++] = lt->shape[k]; }
  for (int k = 0; k < rt->rank; k++) if (!rused[k]) { src[n] = 100 + k; shape[n++] = rt->shape[k]; }
  return n;
}

tsr_status hlo_prep_ragged_dot(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  if (in->n_in != 3 || in->n_out != 1) return hlo_op_fail(in->op, TSR_ERR_INVALID, "takes lhs, rhs and group_sizes");
  ragged_dims r;
  TSR_TRY(read_ragged(in, &args[0], &args[1], &r));
  const hlo_type *gs = &args[2];
  if (gs->rank < 1 || tsr_dtype_is_float(gs->dtype) || tsr_dtype_is_complex(gs->dtype))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "group_sizes must be integers");
  int64_t g = gs->shape[gs->rank - 1];
  if (r.group >= 0 && args[1].shape[r.group] != g) return hlo_op_fail(in->op, TSR_ERR_INVALID, "the rhs group dimension is not the number of groups");
  if (gs->rank > 1 && gs->rank - 1 != r.d.nlb)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "group_sizes is [groups] or [batch..., groups]");
  for (int i = 0; gs->rank > 1 && i < r.d.nlb; i++)
    if (gs->shape[i] != args[0].shape[r.d.lb[i]]) return hlo_op_fail(in->op, TSR_ERR_INVALID, "group_sizes' batch dimensions are not the lhs's");
  int src[2 * TSR_MAX_RANK + 1];
  int64_t shape[2 * TSR_MAX_RANK + 1];
  int n = ragged_result(&r, &args[0], &args[1], g, src, shape);
  if (n != in->res_t->rank || memcmp(shape, in->res_t->shape, sizeof(int64_t) * (size_t)n))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "the result's shape does not fit the operands and the mode");
  if (tsr_dtype_is_complex(in->res_t->dtype)) return hlo_op_fail(in->op, TSR_ERR_UNSUPPORTED, "ragged dots of complex values are not supported");
  return TSR_OK;
}

/* Each result element sums lhs * rhs over the contracting dimensions in double (wrapping int64
 * for integers); the ragged dimension's index picks its group (mode 1: the rhs's group slice;
 * mode 2: only the contracting indices of the result's group count; mode 3: a batch past the
 * last group is zero). Rows past the groups' total are zero. */
tsr_status hlo_run_ragged_dot(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  const hlo_type *lt = &args[0].t, *rt = &args[1].t, *gt = &args[2].t;
  ragged_dims r;
  TSR_TRY(read_ragged(in, lt, rt, &r));
  const dot_dims *d = &r.d;
  int64_t g = gt->shape[gt->rank - 1];
  int src[2 * TSR_MAX_RANK + 1];
  int64_t shape[2 * TSR_MAX_RANK + 1];
  int n = ragged_result(&r, lt, rt, g, src, shape);
  for (int64_t i = 0; i < hlo_numel(gt); i++)
    if (dtype_load_i64(gt->dtype, args[2].buf->data, i) < 0) return hlo_op_fail(in->op, TSR_ERR_INVALID, "a group size is negative");
  double ksteps = 1;
  for (int i = 0; i < d->nlc; i++) ksteps *= (double)lt->shape[d->lc[i]];
  TSR_TRY(hlo_charge(x, in, (double)hlo_numel(&res->t) * ksteps));
  TSR_TRY(hlo_alloc(x, res));
  int64_t lst[TSR_MAX_RANK], rst[TSR_MAX_RANK], kshape[TSR_MAX_RANK], nk = 1, total = hlo_numel(&res->t);
  hlo_strides(lt, lst);
  hlo_strides(rt, rst);
  for (int i = 0; i < d->nlc; i++) { kshape[i] = lt->shape[d->lc[i]]; nk *= kshape[i]; }
  bool flt = tsr_dtype_is_float(res->t.dtype);
  int64_t oi[2 * TSR_MAX_RANK + 1] = {0};
  for (int64_t e = 0; e < total; e++) {
    if (e) {
      int k = n - 1;
      while (k >= 0 && ++oi[k] == shape[k]) oi[k--] = 0;
    }
    int64_t loff = 0, roff = 0, grp = 0, lidx[TSR_MAX_RANK] = {0};
    for (int k = 0; k < n; k++) {
      if (src[k] == -1) grp = oi[k];
      else if (src[k] >= 100) roff += oi[k] * rst[src[k] - 100];
      else { lidx[src[k]] = oi[k]; loff += oi[k] * lst[src[k]]; }
    }
    for (int i = 0; i < d->nlb; i++) roff += lidx[d->lb[i]] * rst[d->rb[i]];
    /* group boundaries along the ragged dimension, for this batch */
    int64_t gbase = 0;
    for (int i = 0; gt->rank > 1 && i < d->nlb; i++) gbase = gbase * gt->shape[i] + lidx[d->lb[i]];
    gbase *= g;
    int64_t lo = 0, hi = 0, at = lidx[r.ragged];
    if (r.mode != 2) { /* which group holds `at` */
      grp = -1;
      for (int64_t j = 0, acc = 0; j < g; j++) {
        int64_t sz = dtype_load_i64(gt->dtype, args[2].buf->data, gbase + j);
        if (at >= acc && at < acc + sz) { grp = j; break; }
        acc += sz;
      }
    } else { /* the contracting range of group `grp` */
      for (int64_t j = 0; j < grp; j++) lo += dtype_load_i64(gt->dtype, args[2].buf->data, gbase + j);
      hi = lo + dtype_load_i64(gt->dtype, args[2].buf->data, gbase + grp);
    }
    double facc = 0;
    uint64_t iacc = 0;
    if (grp >= 0) {
      if (r.group >= 0) roff += grp * rst[r.group];
      int64_t ki[TSR_MAX_RANK] = {0};
      for (int64_t q = 0; q < nk; q++) {
        if (q) {
          int k = d->nlc - 1;
          while (k >= 0 && ++ki[k] == kshape[k]) ki[k--] = 0;
        }
        int64_t lq = loff, rq = roff;
        bool in_group = true;
        for (int i = 0; i < d->nlc; i++) {
          lq += ki[i] * lst[d->lc[i]];
          rq += ki[i] * rst[d->rc[i]];
          if (r.mode == 2 && d->lc[i] == r.ragged) in_group = ki[i] >= lo && ki[i] < hi;
        }
        if (!in_group) continue;
        if (flt) facc += dtype_load_f64(lt->dtype, args[0].buf->data, lq) * dtype_load_f64(rt->dtype, args[1].buf->data, rq);
        else iacc += (uint64_t)dtype_load_i64(lt->dtype, args[0].buf->data, lq) * (uint64_t)dtype_load_i64(rt->dtype, args[1].buf->data, rq);
      }
    }
    if (flt) hlo_st_f(res->t.dtype, res->buf->data, e, facc);
    else hlo_st_i(res->t.dtype, res->buf->data, e, (int64_t)iacc);
  }
  return TSR_OK;
}
