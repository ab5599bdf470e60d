/* Ops that combine many elements into each result element: vector.contract (any indexing
 * maps of plain dimensions), and the tpu dialect's all_reduce, scan and sort. Their
 * numerics are documented in docs/mosaic.md ("Numerics"). */
#include <stdlib.h>
#include <string.h>

#include "mosaic/mosaic_internal.h"

#define MAX_DIMS 16

/* ---- vector.contract ------------------------------------------------------------------- */

/* in->ints: [D, size[D], lhs stride[D], rhs stride[D], acc stride[D], order[D]] with order
 * the parallel dimensions, then the reduction ones; a[0]: parallel count. */
static bool plain_dims(const mlir_ir_attr *m, int nd, int rank, int *dims) {
  if (!m || m->kind != MLIR_IR_ATTR_AFFINE_MAP || m->u.affine.n_dims != nd || m->u.affine.n_symbols != 0 ||
      m->u.affine.n_results != rank)
    return false;
  for (int k = 0; k < rank; k++) {
    const mlir_ir_affine *e = m->u.affine.results[k];
    if (!e || e->kind != MLIR_IR_AFFINE_DIM || e->value < 0 || e->value >= nd) return false;
    dims[k] = (int)e->value;
    for (int j = 0; j < k; j++)
      if (dims[j] == dims[k]) return false;
  }
  return true;
}

tsr_status mosaic_c_contract(mosaic_comp *c, mosaic_minst *in) {
  if (in->nopd == 5) return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "masked contractions are not supported");
  if (in->nopd != 3 || in->nres != 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects lhs, rhs and acc");
  const mosaic_prog *P = c->P;
  const mosaic_stype *t[3] = {&P->types[in->opd[0]], &P->types[in->opd[1]], &P->types[in->opd[2]]}, *r = &P->types[in->res[0]];
  char w[32];
  if (strcmp(mosaic_enum_word(mlir_ir_op_attr(c->op, "kind"), "vector", "kind", w, sizeof w), "add")) return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "only kind add is supported (Mosaic's too)");
  bool fl = t[0]->cls == MOSAIC_VC_F;
  if (t[0]->cls != t[1]->cls || (!fl && t[0]->cls != MOSAIC_VC_I32) || t[2]->cls != t[0]->cls)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "lhs, rhs and acc must all be float or all be integers up to 32 bits");
  if (r->cls != t[2]->cls || r->ek != t[2]->ek || r->n != t[2]->n || r->width != t[2]->width)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "the result must have the acc's type");
  const mlir_ir_attr *it = mlir_ir_op_attr(c->op, "iterator_types"), *maps = mlir_ir_op_attr(c->op, "indexing_maps");
  if (!it || it->kind != MLIR_IR_ATTR_ARRAY || it->u.array.n < 1 || it->u.array.n > MAX_DIMS)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "iterator_types must list 1 to %d dimensions", MAX_DIMS);
  int D = it->u.array.n;
  bool red[MAX_DIMS];
  for (int d = 0; d < D; d++) {
    const char *k = mosaic_enum_word(it->u.array.elems[d], "vector", "iterator_type", w, sizeof w);
    if (strcmp(k, "parallel") && strcmp(k, "reduction"))
      return mosaic_comp_fail(c, TSR_ERR_INVALID, "iterator type %d is not parallel or reduction", d);
    red[d] = !strcmp(k, "reduction");
  }
  if (!maps || maps->kind != MLIR_IR_ATTR_ARRAY || maps->u.array.n != 3)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "indexing_maps must hold 3 maps");
  int64_t *v = mosaic_prog_alloc(c->P, sizeof(int64_t) * (size_t)(1 + 5 * D));
  if (!v) return mosaic_comp_fail(c, TSR_ERR_NOMEM, "out of host memory");
  int64_t *size = v + 1, *stride[3] = {v + 1 + D, v + 1 + 2 * D, v + 1 + 3 * D}, *order = v + 1 + 4 * D;
  v[0] = D;
  for (int d = 0; d < D; d++) size[d] = -1;
  bool in_op[3][MAX_DIMS] = {{0}};
  for (int o = 0; o < 3; o++) {
    int dims[TSR_MAX_RANK];
    if (!plain_dims(maps->u.array.elems[o], D, t[o]->rank, dims))
      return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "indexing map %d must map the %d dimensions to %d distinct ones of operand %d", o,
                       D, t[o]->rank, o);
    int64_t st = 1;
    for (int k = t[o]->rank - 1; k >= 0; k--) {
      int d = dims[k];
      if (size[d] >= 0 && size[d] != t[o]->shape[k])
        return mosaic_comp_fail(c, TSR_ERR_INVALID, "dimension d%d is %lld in one operand and %lld in operand %d", d, (long long)size[d],
                         (long long)t[o]->shape[k], o);
      size[d] = t[o]->shape[k];
      stride[o][d] = st;
      st *= t[o]->shape[k];
      in_op[o][d] = true;
    }
  }
  int np = 0, nr = 0;
  double M = 1, N = 1, K = 1, B = 1;
  for (int d = 0; d < D; d++) {
    if (size[d] < 0) return mosaic_comp_fail(c, TSR_ERR_INVALID, "dimension d%d is in no operand", d);
    if (red[d] == in_op[2][d])
      return mosaic_comp_fail(c, TSR_ERR_INVALID, "dimension d%d is %s but %s the acc", d, red[d] ? "a reduction" : "parallel",
                       red[d] ? "in" : "not in");
    for (int o = 0; o < 3; o++)
      if (!in_op[o][d]) stride[o][d] = 0;
    if (!red[d]) order[np++] = d;
    if (red[d]) K *= (double)size[d];
    else if (in_op[0][d] && in_op[1][d]) B *= (double)size[d];
    else if (in_op[0][d]) M *= (double)size[d];
    else N *= (double)size[d];
  }
  for (int d = 0; d < D; d++)
    if (red[d]) order[np + nr++] = d;
  in->a[0] = np;
  in->nints = 1 + 5 * D;
  in->ints = v;
  /* the MXU's numerics: Mosaic rewrites a contraction into tpu.matmul with its precision */
  const char *prec = mosaic_enum_word(mlir_ir_op_attr(c->op, "precision"), "tpu", "contract_precision", w, sizeof w);
  in->mxu_bf16_inputs = fl && t[0]->ek == MOSAIC_EK_F32 && (!*prec || !strcmp(prec, "bf16"));
  in->mxu_passes = 1;
  in->mxu_dtype = !fl ? (t[0]->width > 8 ? TSR_I32 : TSR_I8) : (t[0]->ek != MOSAIC_EK_F32 || in->mxu_bf16_inputs) ? TSR_BF16 : TSR_F32;
  if (in->mxu_dtype == TSR_F32) in->mxu_passes = 6;
  if (in->mxu_bf16_inputs) {
    size_t need = sizeof(float) * (size_t)(t[0]->n + t[1]->n);
    if (need > c->P->scratch_bytes) c->P->scratch_bytes = need;
  }
  in->a[1] = (int64_t)M;
  in->a[2] = (int64_t)N;
  in->a[3] = (int64_t)K;
  in->a[4] = (int64_t)B;
  in->cost = (mosaic_op_cost){0};
  return TSR_OK;
}

/* Each result element is the acc's plus the sum over the reduction dimensions in row-major
 * order (floats in f32, integers exactly, wrapped to the result's width). */
tsr_status mosaic_r_contract(mosaic_exec *x, const mosaic_minst *in) {
  const int64_t *v = in->ints;
  int D = (int)v[0], np = (int)in->a[0], nr = D - np;
  const int64_t *size = v + 1, *ls = v + 1 + D, *rs = v + 1 + 2 * D, *as = v + 1 + 3 * D, *order = v + 1 + 4 * D;
  const int64_t *red = order + np;
  tsr_cost_add_matmul(&x->cost, in->a[1], in->a[3], in->a[2], (double)in->a[4], (tsr_dtype)in->mxu_dtype, in->mxu_passes);
  mosaic_exec_copy_value(x, in->res[0], in->opd[2]);
  const mosaic_stype *lt = ST(x, in->opd[0]), *rt = ST(x, in->opd[1]);
  int64_t P = 1, R = 1;
  for (int k = 0; k < np; k++) P *= size[order[k]];
  for (int k = 0; k < nr; k++) R *= size[red[k]];
  bool fl = lt->cls == MOSAIC_VC_F;
  const float *L = fl ? SF(x, in->opd[0]) : NULL, *Rv = fl ? SF(x, in->opd[1]) : NULL;
  if (fl && in->mxu_bf16_inputs) {
    float *l16 = (float *)(void *)x->f->scratch, *r16 = l16 + lt->n;
    mosaic_round_rows_bf16(l16, L, 1, lt->n, lt->n);
    mosaic_round_rows_bf16(r16, Rv, 1, rt->n, rt->n);
    L = l16;
    Rv = r16;
  }
  for (int64_t p = 0; p < P; p++) {
    int64_t lo = 0, ro = 0, ao = 0, rem = p;
    for (int k = np - 1; k >= 0; k--) {
      int64_t d = order[k], i = rem % size[d];
      rem /= size[d];
      lo += i * ls[d];
      ro += i * rs[d];
      ao += i * as[d];
    }
    int64_t idx[MAX_DIMS] = {0};
    float fsum = 0;
    int64_t isum = 0;
    for (int64_t r = 0; r < R; r++) {
      if (fl) fsum += L[lo] * Rv[ro];
      else isum += (int64_t)SI(x, in->opd[0])[lo] * SI(x, in->opd[1])[ro];
      for (int k = nr - 1; k >= 0; k--) {
        int64_t d = red[k];
        lo += ls[d];
        ro += rs[d];
        if (++idx[k] < size[d]) break;
        lo -= ls[d] * size[d];
        ro -= rs[d] * size[d];
        idx[k] = 0;
      }
    }
    if (fl) {
      float *o = &SF(x, in->res[0])[ao];
      *o += fsum;
      if (in->ek != MOSAIC_EK_F32) mosaic_round_to_ek(o, 1, in->ek);
    } else {
      int32_t *o = &SI(x, in->res[0])[ao];
      *o = mosaic_sext32((int64_t)*o + isum, in->width);
    }
  }
  return TSR_OK;
}

/* ---- tpu.all_reduce, tpu.scan -------------------------------------------------------------- */

enum { TK_SUM, TK_MAX, TK_MIN, TK_ARG_MAX, TK_ARG_MIN };

static int tpu_kind(mosaic_comp *c) {
  char w[32];
  const char *k = mosaic_enum_word(mlir_ir_op_attr(c->op, "kind"), "tpu", "reduction_kind", w, sizeof w);
  static const char *const names[] = {"sum", "max", "min", "arg_max", "arg_min"};
  for (int i = 0; i < 5; i++)
    if (!strcmp(k, names[i])) return i;
  return -1;
}

/* Folds b into a running value a (floats: max/min propagate NaN, -0 < +0, as maximumf). */
static inline float fold_f(int kind, float a, float b) {
  return kind == TK_SUM ? a + b : kind == TK_MAX ? mosaic_fmaximum(a, b) : mosaic_fminimum(a, b);
}
static inline int64_t fold_i(int kind, int64_t a, int64_t b) {
  return kind == TK_SUM ? a + b : kind == TK_MAX ? (a > b ? a : b) : (a < b ? a : b);
}

tsr_status mosaic_c_all_reduce(mosaic_comp *c, mosaic_minst *in) {
  if (in->nopd != 1 || in->nres != 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects one operand and one result");
  const mosaic_stype *s = &c->P->types[in->opd[0]], *r = &c->P->types[in->res[0]];
  int64_t dim;
  if (!mlir_ir_op_attr_int(c->op, "dim", &dim) || dim < 0 || dim >= s->rank) return mosaic_comp_fail(c, TSR_ERR_INVALID, "bad dim");
  int kind = tpu_kind(c);
  if (kind < 0) return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "kind must be sum, max, min, arg_max or arg_min");
  bool arg = kind >= TK_ARG_MAX;
  if (s->cls == MOSAIC_VC_REF || s->cls == MOSAIC_VC_I64 || r->n != s->n || r->rank != s->rank)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "the result must have the input's shape");
  if (arg ? r->cls != MOSAIC_VC_I32 : (r->cls != s->cls || r->ek != s->ek || r->width != s->width))
    return mosaic_comp_fail(c, TSR_ERR_INVALID, arg ? "an index result must be i32" : "the result must have the input's type");
  in->a[0] = dim;
  in->a[1] = kind;
  in->cost = (mosaic_op_cost){.vpu_ops = 2.0 * (double)s->n};
  return TSR_OK;
}

/* Every element of a line along `dim` becomes the line's sum, max or min, or the index of its
 * first max or min (NaN counts as the max and as the min, as in jnp.argmax). */
tsr_status mosaic_r_all_reduce(mosaic_exec *x, const mosaic_minst *in) {
  const mosaic_stype *s = ST(x, in->opd[0]);
  int dim = (int)in->a[0], kind = (int)in->a[1];
  int64_t outer = 1, inner = 1, len = s->shape[dim];
  for (int k = 0; k < dim; k++) outer *= s->shape[k];
  for (int k = dim + 1; k < s->rank; k++) inner *= s->shape[k];
  bool fl = s->cls == MOSAIC_VC_F;
  const float *fa = fl ? SF(x, in->opd[0]) : NULL;
  const int32_t *ia = fl ? NULL : SI(x, in->opd[0]);
  for (int64_t o = 0; o < outer; o++)
    for (int64_t i = 0; i < inner; i++) {
      int64_t base = o * len * inner + i;
      if (kind >= TK_ARG_MAX) {
        bool mx = kind == TK_ARG_MAX;
        int64_t best = 0;
        for (int64_t a = 1; a < len; a++) {
          int64_t p = base + a * inner, q = base + best * inner;
          bool better = fl ? fa[q] == fa[q] && (fa[p] != fa[p] || (mx ? fa[p] > fa[q] : fa[p] < fa[q]))
                           : (mx ? ia[p] > ia[q] : ia[p] < ia[q]);
          if (better) best = a;
        }
        for (int64_t a = 0; a < len; a++) SI(x, in->res[0])[base + a * inner] = (int32_t)best;
      } else if (fl) {
        float acc = fa[base];
        for (int64_t a = 1; a < len; a++) acc = fold_f(kind, acc, fa[base + a * inner]);
        if (in->ek != MOSAIC_EK_F32) mosaic_round_to_ek(&acc, 1, in->ek);
        for (int64_t a = 0; a < len; a++) SF(x, in->res[0])[base + a * inner] = acc;
      } else {
        int64_t acc = ia[base];
        for (int64_t a = 1; a < len; a++) acc = fold_i(kind, acc, ia[base + a * inner]);
        for (int64_t a = 0; a < len; a++) SI(x, in->res[0])[base + a * inner] = mosaic_sext32(acc, in->width);
      }
    }
  return TSR_OK;
}

tsr_status mosaic_c_scan(mosaic_comp *c, mosaic_minst *in) {
  if ((in->nopd != 1 && in->nopd != 2) || in->nres != 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects an input, an optional mask and one result");
  const mosaic_stype *s = &c->P->types[in->opd[0]], *r = &c->P->types[in->res[0]];
  int kind = tpu_kind(c);
  if (kind < 0 || kind > TK_MIN) return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "kind must be sum, max or min");
  if (s->rank < 1 || s->cls == MOSAIC_VC_REF || s->cls == MOSAIC_VC_I64 || r->n != s->n || r->rank != s->rank)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "the result must have the input's shape");
  bool bits = s->cls == MOSAIC_VC_I32 && s->width == 1;
  if (bits ? kind != TK_SUM || r->cls != MOSAIC_VC_I32 : r->cls != s->cls)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, bits ? "an i1 input scans with sum into integers" : "the result must have the input's element class");
  if (in->nopd == 2) {
    const mosaic_stype *m = &c->P->types[in->opd[1]];
    if (m->cls != MOSAIC_VC_I32 || m->width != 1 || m->rank != 1 || m->shape[0] != s->shape[s->rank - 1])
      return mosaic_comp_fail(c, TSR_ERR_INVALID, "the mask must be an i1 vector of the input's last dimension");
  }
  in->a[0] = kind;
  in->cost = (mosaic_op_cost){.vpu_ops = 2.0 * (double)s->n};
  return TSR_OK;
}

/* A running sum, max or min along the last dimension. With a mask, only the elements it
 * sets count: the others hold the running value so far, and those before the first set one
 * are 0 (the dialect leaves them undefined). */
tsr_status mosaic_r_scan(mosaic_exec *x, const mosaic_minst *in) {
  const mosaic_stype *s = ST(x, in->opd[0]);
  int kind = (int)in->a[0];
  int64_t len = s->shape[s->rank - 1], rows = s->n / (len ? len : 1);
  const int32_t *mask = in->nopd == 2 ? SI(x, in->opd[1]) : NULL;
  bool fl = s->cls == MOSAIC_VC_F;
  for (int64_t row = 0; row < rows; row++) {
    bool started = false;
    float facc = 0;
    int64_t iacc = 0;
    for (int64_t j = 0; j < len; j++) {
      int64_t p = row * len + j;
      if (!mask || mask[j]) {
        if (fl) facc = started ? fold_f(kind, facc, SF(x, in->opd[0])[p]) : SF(x, in->opd[0])[p];
        else {
          int64_t e = SI(x, in->opd[0])[p];
          if (s->width == 1) e = e != 0;
          iacc = started ? fold_i(kind, iacc, e) : e;
        }
        started = true;
      }
      if (fl) {
        float o = facc;
        if (in->ek != MOSAIC_EK_F32) mosaic_round_to_ek(&o, 1, in->ek);
        SF(x, in->res[0])[p] = o;
      } else {
        SI(x, in->res[0])[p] = mosaic_sext32(iacc, in->width);
      }
    }
  }
  return TSR_OK;
}

/* ---- tpu.sort ---------------------------------------------------------------------------------- */

tsr_status mosaic_c_sort(mosaic_comp *c, mosaic_minst *in) {
  if ((in->nopd != 2 && in->nopd != 3) || in->nres != 3)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects keys, values and an optional mask, and three results");
  const mosaic_prog *P = c->P;
  const mosaic_stype *k = &P->types[in->opd[0]], *v = &P->types[in->opd[1]];
  const mosaic_stype *om = &P->types[in->res[0]], *sk = &P->types[in->res[1]], *sv = &P->types[in->res[2]];
  bool ok32 = (k->cls == MOSAIC_VC_F && k->ek == MOSAIC_EK_F32) || (k->cls == MOSAIC_VC_I32 && k->width == 32);
  bool okv = (v->cls == MOSAIC_VC_F && v->ek == MOSAIC_EK_F32) || (v->cls == MOSAIC_VC_I32 && v->width == 32);
  if (!ok32 || !okv || k->rank < 1 || v->n != k->n || v->rank != k->rank)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "keys and values must be f32 or i32 vectors of one shape");
  if (sk->cls != k->cls || sk->n != k->n || sv->cls != v->cls || sv->n != v->n || om->cls != MOSAIC_VC_I32 || om->width != 1 || om->n != k->n)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "the results must be an i1 mask, the keys' and the values' types");
  if (in->nopd == 3) {
    const mosaic_stype *m = &P->types[in->opd[2]];
    if (m->cls != MOSAIC_VC_I32 || m->width != 1 || m->n != k->n) return mosaic_comp_fail(c, TSR_ERR_INVALID, "the mask must be i1 of the keys' shape");
  }
  const mlir_ir_attr *d = mlir_ir_op_attr(c->op, "descending");
  in->a[0] = d && d->kind == MLIR_IR_ATTR_INTEGER && d->u.integer.value != 0;
  int64_t len = k->shape[k->rank - 1];
  size_t need = (size_t)len * 2 * sizeof(int64_t);
  if (need > c->P->scratch_bytes) c->P->scratch_bytes = need;
  in->cost = (mosaic_op_cost){.vpu_ops = (double)k->n * 8};
  return TSR_OK;
}

/* Whether key a goes before key b (ascending: NaN after every number). */
static bool key_before(const mosaic_exec *x, const mosaic_minst *in, int64_t a, int64_t b) {
  bool desc = in->a[0] != 0;
  if (ST(x, in->opd[0])->cls == MOSAIC_VC_F) {
    float ka = SF(x, in->opd[0])[a], kb = SF(x, in->opd[0])[b];
    if (ka != ka || kb != kb) return desc ? ka != ka && kb == kb : ka == ka && kb != kb;
    return desc ? ka > kb : ka < kb;
  }
  int32_t ka = SI(x, in->opd[0])[a], kb = SI(x, in->opd[0])[b];
  return desc ? ka > kb : ka < kb;
}

/* A stable sort of each row (the last dimension) by key: the set elements of the mask first,
 * in key order, then the others in their order; the output mask marks the first. */
tsr_status mosaic_r_sort(mosaic_exec *x, const mosaic_minst *in) {
  const mosaic_stype *k = ST(x, in->opd[0]);
  int64_t len = k->shape[k->rank - 1], rows = k->n / (len ? len : 1);
  const int32_t *mask = in->nopd == 3 ? SI(x, in->opd[2]) : NULL;
  int64_t *idx = (int64_t *)(void *)x->f->scratch, *tmp = idx + len;
  for (int64_t row = 0; row < rows; row++) {
    int64_t base = row * len, nv = 0;
    for (int64_t j = 0; j < len; j++)
      if (!mask || mask[base + j]) idx[nv++] = base + j;
    int64_t valid = nv;
    for (int64_t j = 0; j < len; j++)
      if (mask && !mask[base + j]) idx[nv++] = base + j;
    /* bottom-up merge sort of the valid part: stable */
    for (int64_t w = 1; w < valid; w *= 2) {
      for (int64_t lo = 0; lo < valid; lo += 2 * w) {
        int64_t mid = lo + w < valid ? lo + w : valid, hi = lo + 2 * w < valid ? lo + 2 * w : valid, i = lo, j = mid, o = lo;
        while (i < mid && j < hi) tmp[o++] = key_before(x, in, idx[j], idx[i]) ? idx[j++] : idx[i++];
        while (i < mid) tmp[o++] = idx[i++];
        while (j < hi) tmp[o++] = idx[j++];
      }
      memcpy(idx, tmp, sizeof(int64_t) * (size_t)valid);
    }
    for (int64_t j = 0; j < len; j++) {
      SI(x, in->res[0])[base + j] = j < valid ? -1 : 0;
      memcpy((char *)x->f->data[in->res[1]] + 4 * (base + j), (const char *)x->f->data[in->opd[0]] + 4 * idx[j], 4);
      memcpy((char *)x->f->data[in->res[2]] + 4 * (base + j), (const char *)x->f->data[in->opd[1]] + 4 * idx[j], 4);
    }
  }
  return TSR_OK;
}
