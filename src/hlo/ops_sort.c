/* Sorting: stablehlo.sort (N inputs sorted together along one dimension by a comparator
 * region; a stable merge sort, so equal elements keep their order whether or not is_stable
 * asks for it) and chlo.top_k (the k largest along the last dimension, in descending order,
 * the lower index first among equals; floats in total order, NaN above +inf, as XLA's TopK
 * compares them). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hlo/hlo_internal.h"

tsr_status hlo_prep_sort(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  int n = in->n_out;
  if (in->n_in - in->n_cap != n || n < 1 || in->n_bodies != 1)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "sort takes N inputs, gives N results and has a comparator");
  int64_t dim;
  if (!mlir_ir_op_attr_int(in->op, "dimension", &dim)) dim = -1;
  if (dim < 0) dim += args[0].rank;
  if (dim < 0 || dim >= args[0].rank) return hlo_op_fail(in->op, TSR_ERR_INVALID, "dimension out of range");
  in->aux = (int)dim;
  for (int i = 0; i < n; i++)
    if (!hlo_shape_eq(&args[i], &args[0]) || !hlo_type_eq(&in->res_t[i], &args[i]))
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "the inputs differ in shape, or a result is not of its input's type");
  const hlo_func *b = in->bodies[0];
  hlo_type pred = {.dtype = TSR_BOOL, .rank = 0};
  if (b->n_args - in->n_cap != 2 * n || b->n_ret != 1 || !hlo_type_eq(&b->slot_t[b->ret[0]], &pred))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "the comparator must take %d scalars and return i1", 2 * n);
  for (int i = 0; i < 2 * n; i++)
    if (b->slot_t[i].rank != 0 || b->slot_t[i].dtype != args[i / 2].dtype)
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "the comparator's arguments must be scalars of the inputs' types");
  return TSR_OK;
}

typedef struct sorter {
  hlo_exec *x;
  const hlo_inst *in;
  const hlo_val *args;
  int n;
  int64_t base, stride; /* element offset of the slice's first element, and the step along it */
  size_t esz[16];
  tsr_status s;
} sorter;

/* comparator(element a, element b): a goes before b */
static bool sort_before(void *ctx, int64_t a, int64_t b) {
  sorter *so = ctx;
  if (so->s != TSR_OK) return false;
  const void *bargs[32];
  for (int i = 0; i < so->n; i++) {
    bargs[2 * i] = so->args[i].buf->data + (so->base + a * so->stride) * (int64_t)so->esz[i];
    bargs[2 * i + 1] = so->args[i].buf->data + (so->base + b * so->stride) * (int64_t)so->esz[i];
  }
  int32_t r = 0;
  void *bres[1] = {&r};
  so->s = hlo_body_scalars(so->x, so->in, 0, so->args, bargs, bres);
  return r != 0;
}

/* A stable bottom-up merge sort of positions idx[0..len) (tmp of the same length): an element
 * moves before one to its left only when before(it, that one). */
static void merge_sort(int64_t *idx, int64_t *tmp, int64_t len, bool (*before)(void *, int64_t, int64_t), void *ctx) {
  for (int64_t w = 1; w < len; w *= 2) {
    for (int64_t lo = 0; lo < len; lo += 2 * w) {
      int64_t mid = lo + w < len ? lo + w : len, hi = lo + 2 * w < len ? lo + 2 * w : len;
      int64_t i = lo, j = mid, k = lo;
      while (i < mid && j < hi) tmp[k++] = before(ctx, idx[j], idx[i]) ? idx[j++] : idx[i++];
      while (i < mid) tmp[k++] = idx[i++];
      while (j < hi) tmp[k++] = idx[j++];
    }
    memcpy(idx, tmp, sizeof *idx * (size_t)len);
  }
}

tsr_status hlo_run_sort(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  int n = in->n_out, dim = in->aux;
  if (n > 16) return hlo_op_fail(in->op, TSR_ERR_UNSUPPORTED, "more than 16 inputs");
  double len_d = (double)args[0].t.shape[dim];
  TSR_TRY(hlo_charge(x, in, (double)hlo_numel(&args[0].t) * log2(len_d > 2 ? len_d : 2)));
  TSR_TRY(hlo_alloc_all(x, res, n));
  const hlo_type *t = &args[0].t;
  int64_t st[TSR_MAX_RANK], len = t->shape[dim], total = hlo_numel(t);
  hlo_strides(t, st);
  sorter so = {.x = x, .in = in, .args = args, .n = n, .stride = st[dim], .s = TSR_OK};
  for (int i = 0; i < n; i++) so.esz[i] = tsr_dtype_size(args[i].t.dtype);
  int64_t *idx = malloc(sizeof *idx * (size_t)(len + 1)), *tmp = malloc(sizeof *tmp * (size_t)(len + 1));
  if (!idx || !tmp) so.s = tsr_fail(TSR_ERR_NOMEM, "out of memory");
  /* each slice along `dim`: the elements whose index along it is 0 start one */
  for (int64_t e = 0; len && e < total && so.s == TSR_OK; e++) {
    if (e / st[dim] % len) continue;
    so.base = e;
    for (int64_t k = 0; k < len; k++) idx[k] = k;
    merge_sort(idx, tmp, len, sort_before, &so);
    for (int i = 0; i < n && so.s == TSR_OK; i++)
      for (int64_t k = 0; k < len; k++)
        memcpy(res[i].buf->data + (e + k * st[dim]) * (int64_t)so.esz[i],
               args[i].buf->data + (e + idx[k] * st[dim]) * (int64_t)so.esz[i], so.esz[i]);
  }
  free(idx);
  free(tmp);
  if (so.s != TSR_OK)
    for (int i = 0; i < n; i++) { hlo_release(x, res[i].buf); res[i].buf = NULL; }
  return so.s;
}

tsr_status hlo_prep_top_k(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  int64_t k;
  const hlo_type *a = &args[0], *v = &in->res_t[0], *ix = &in->res_t[1];
  if (in->n_in != 1 || in->n_out != 2 || a->rank < 1 || !mlir_ir_op_attr_int(in->op, "k", &k) || k < 0 ||
      k > a->shape[a->rank - 1])
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "takes one operand of rank >= 1 and k at most its last dimension");
  bool ok = v->dtype == a->dtype && ix->dtype == TSR_I32 && v->rank == a->rank && hlo_shape_eq(v, ix) &&
            v->shape[v->rank - 1] == k && !memcmp(v->shape, a->shape, sizeof(int64_t) * (size_t)(a->rank - 1));
  if (!ok) return hlo_op_fail(in->op, TSR_ERR_INVALID, "the results must be the operand's shape with k last, and i32 indices");
  if (tsr_dtype_is_complex(a->dtype)) return hlo_op_fail(in->op, TSR_ERR_INVALID, "is not defined on complex values");
  return TSR_OK;
}

/* Orders of elements for top_k: a float's total-order key, an integer's value. */
static int cmp_elems(tsr_dtype t, const void *p, int64_t a, int64_t b) {
  if (tsr_dtype_is_float(t)) {
    int64_t ka, kb;
    if (t == TSR_F64) {
      memcpy(&ka, (const char *)p + 8 * a, 8);
      memcpy(&kb, (const char *)p + 8 * b, 8);
    } else if (t == TSR_F32) {
      int32_t u, w;
      memcpy(&u, (const char *)p + 4 * a, 4);
      memcpy(&w, (const char *)p + 4 * b, 4);
      ka = u;
      kb = w;
      ka = ka < 0 ? ka ^ INT32_MAX : ka;
      kb = kb < 0 ? kb ^ INT32_MAX : kb;
      return (ka > kb) - (ka < kb);
    } else {
      int16_t u, w;
      memcpy(&u, (const char *)p + 2 * a, 2);
      memcpy(&w, (const char *)p + 2 * b, 2);
      ka = u < 0 ? (int16_t)(u ^ INT16_MAX) : u;
      kb = w < 0 ? (int16_t)(w ^ INT16_MAX) : w;
      return (ka > kb) - (ka < kb);
    }
    ka = ka < 0 ? ka ^ INT64_MAX : ka;
    kb = kb < 0 ? kb ^ INT64_MAX : kb;
    return (ka > kb) - (ka < kb);
  }
  if (t == TSR_U64) {
    uint64_t ua = (uint64_t)dtype_load_i64(t, p, a), ub = (uint64_t)dtype_load_i64(t, p, b);
    return (ua > ub) - (ua < ub);
  }
  int64_t va = dtype_load_i64(t, p, a), vb = dtype_load_i64(t, p, b);
  return (va > vb) - (va < vb);
}

typedef struct top_row {
  tsr_dtype t;
  const char *row;
} top_row;

static bool larger(void *ctx, int64_t a, int64_t b) {
  const top_row *tr = ctx;
  return cmp_elems(tr->t, tr->row, a, b) > 0;
}

tsr_status hlo_run_top_k(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  double len_d = (double)args[0].t.shape[args[0].t.rank - 1];
  TSR_TRY(hlo_charge(x, in, (double)hlo_numel(&args[0].t) * log2(len_d > 2 ? len_d : 2)));
  TSR_TRY(hlo_alloc_all(x, res, 2));
  const hlo_type *t = &args[0].t;
  int64_t len = t->shape[t->rank - 1], k = res[0].t.shape[t->rank - 1], rows = len ? hlo_numel(t) / len : 0;
  size_t esz = tsr_dtype_size(t->dtype);
  int64_t *idx = malloc(sizeof *idx * (size_t)(len + 1)), *tmp = malloc(sizeof *tmp * (size_t)(len + 1));
  if (!idx || !tmp) {
    free(idx);
    free(tmp);
    hlo_release(x, res[0].buf);
    hlo_release(x, res[1].buf);
    res[0].buf = res[1].buf = NULL;
    return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  }
  for (int64_t r = 0; r < rows; r++) {
    const char *row = args[0].buf->data + r * len * (int64_t)esz;
    for (int64_t i = 0; i < len; i++) idx[i] = i;
    top_row tr = {t->dtype, row};
    merge_sort(idx, tmp, len, larger, &tr);
    for (int64_t i = 0; i < k; i++) {
      memcpy(res[0].buf->data + (r * k + i) * (int64_t)esz, row + idx[i] * (int64_t)esz, esz);
      ((int32_t *)res[1].buf->data)[r * k + i] = (int32_t)idx[i];
    }
  }
  free(idx);
  free(tmp);
  return TSR_OK;
}
