/* Linear algebra on batches of matrices (the leading dimensions): triangular_solve (op(a) x = b
 * or x op(a) = b with op none, transpose or adjoint; only a's `lower` or upper triangle is
 * read, its diagonal taken as ones when unit_diagonal) and cholesky (a = l l^H from the lower
 * triangle, or u^H u from the upper; the other triangle of the result is zero, and a matrix
 * that is not positive definite gives NaNs). By substitution, in double (complex) precision,
 * rounded once to the element type. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hlo/hlo_internal.h"

enum { T_NONE, T_TRANSPOSE, T_ADJOINT };

/* Batch dimensions equal, and a's last two dimensions square. */
static bool batches_fit(const hlo_type *a, const hlo_type *b) {
  if (a->rank < 2 || b->rank != a->rank || a->shape[a->rank - 1] != a->shape[a->rank - 2]) return false;
  return !memcmp(a->shape, b->shape, sizeof(int64_t) * (size_t)(a->rank - 2));
}

static bool flag(const hlo_inst *in, const char *name) {
  int64_t v = 0;
  return mlir_ir_op_attr_int(in->op, name, &v) && v;
}

tsr_status hlo_prep_triangular_solve(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  const hlo_type *a = &args[0], *b = &args[1];
  if (in->n_in != 2 || in->n_out != 1 || !batches_fit(a, b) || a->dtype != b->dtype || !hlo_type_eq(in->res_t, b))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "takes a batch of square matrices a and b of the result's type with a's batch");
  if (!tsr_dtype_is_float(a->dtype) && !tsr_dtype_is_complex(a->dtype))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "is not defined on %s", tsr_dtype_name(a->dtype));
  int64_t m = a->shape[a->rank - 1];
  bool left = flag(in, "left_side");
  if ((left ? b->shape[b->rank - 2] : b->shape[b->rank - 1]) != m)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "b does not fit a on its %s side", left ? "left" : "right");
  const mlir_ir_attr *t = mlir_ir_op_attr(in->op, "transpose_a");
  const char *kw = t && t->kind == MLIR_IR_ATTR_ENUM ? t->u.enm.keyword : NULL;
  in->aux = !kw ? -1 : !strcmp(kw, "NO_TRANSPOSE") ? T_NONE : !strcmp(kw, "TRANSPOSE") ? T_TRANSPOSE : !strcmp(kw, "ADJOINT") ? T_ADJOINT : -1;
  if (in->aux < 0) return hlo_op_fail(in->op, TSR_ERR_INVALID, "missing or unknown transpose_a");
  return TSR_OK;
}

typedef struct tri {
  tsr_dtype t;
  const char *a;
  int64_t m, base; /* a's matrix size and the batch's first element */
  int trans;
  bool lower, unit;
} tri;

/* Element (i, j) of op(a), from a's stored triangle (zero outside it). */
static double complex op_a(const tri *s, int64_t i, int64_t j) {
  int64_t r = i, c = j;
  if (s->trans != T_NONE) { r = j; c = i; }
  if (r == c && s->unit) return 1.0;
  if (s->lower ? c > r : c < r) return 0.0;
  double complex v = hlo_ld_c(s->t, s->a, s->base + r * s->m + c);
  return s->trans == T_ADJOINT ? conj(v) : v;
}

tsr_status hlo_run_triangular_solve(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  TSR_TRY(hlo_charge(x, in, (double)hlo_numel(&args[1].t) * (double)args[0].t.shape[args[0].t.rank - 1]));
  TSR_TRY(hlo_alloc(x, res));
  const hlo_type *at = &args[0].t, *bt = &args[1].t;
  int64_t m = at->shape[at->rank - 1], rows = bt->shape[bt->rank - 2], cols = bt->shape[bt->rank - 1];
  int64_t batches = m ? hlo_numel(at) / (m * m) : 0;
  bool left = flag(in, "left_side");
  tri s = {.t = at->dtype, .a = args[0].buf->data, .m = m, .trans = in->aux, .lower = flag(in, "lower"), .unit = flag(in, "unit_diagonal")};
  /* op(a) is lower triangular when a's lower triangle is used untransposed, or its upper one
   * transposed; solving from the right is solving with op(a)'s transpose from the left */
  bool op_lower = s.lower == (s.trans == T_NONE);
  bool forward = left ? op_lower : !op_lower;
  double complex *xv = malloc(sizeof *xv * (size_t)(m + 1));
  if (!xv) { hlo_release(x, res->buf); res->buf = NULL; return tsr_fail(TSR_ERR_NOMEM, "out of memory"); }
  int64_t nsys = left ? cols : rows; /* one system per column of b (left) or per row (right) */
  for (int64_t bi = 0; bi < batches; bi++) {
    s.base = bi * m * m;
    int64_t boff = bi * rows * cols;
    for (int64_t k = 0; k < nsys; k++) {
      for (int64_t step = 0; step < m; step++) {
        int64_t i = forward ? step : m - 1 - step;
        int64_t bidx = left ? boff + i * cols + k : boff + k * cols + i;
        double complex acc = hlo_ld_c(bt->dtype, args[1].buf->data, bidx);
        for (int64_t q = 0; q < step; q++) {
          int64_t j = forward ? q : m - 1 - q;
          acc -= (left ? op_a(&s, i, j) : op_a(&s, j, i)) * xv[j];
        }
        xv[i] = acc / op_a(&s, i, i);
      }
      for (int64_t i = 0; i < m; i++) hlo_st_c(bt->dtype, res->buf->data, left ? boff + i * cols + k : boff + k * cols + i, xv[i]);
    }
  }
  free(xv);
  return TSR_OK;
}

tsr_status hlo_prep_cholesky(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  if (in->n_in != 1 || in->n_out != 1 || !batches_fit(&args[0], &args[0]) || !hlo_type_eq(in->res_t, &args[0]))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "takes a batch of square matrices and gives their factors");
  if (!tsr_dtype_is_float(args[0].dtype) && !tsr_dtype_is_complex(args[0].dtype))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "is not defined on %s", tsr_dtype_name(args[0].dtype));
  return TSR_OK;
}

tsr_status hlo_run_cholesky(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  TSR_TRY(hlo_charge(x, in, (double)hlo_numel(&args[0].t) * (double)args[0].t.shape[args[0].t.rank - 1]));
  TSR_TRY(hlo_alloc(x, res));
  const hlo_type *t = &args[0].t;
  int64_t n = t->shape[t->rank - 1], batches = n ? hlo_numel(t) / (n * n) : 0;
  bool lower = flag(in, "lower");
  TSR_TRY(hlo_admit(x, (int64_t)(sizeof(double complex) * (size_t)(n * n))));
  double complex *l = malloc(sizeof *l * (size_t)(n * n + 1));
  if (!l) { hlo_release(x, res->buf); res->buf = NULL; return tsr_fail(TSR_ERR_NOMEM, "out of memory"); }
  for (int64_t bi = 0; bi < batches; bi++) {
    int64_t base = bi * n * n;
    /* the lower factor l of a (read from its lower triangle, or the conjugate of its upper) */
    for (int64_t i = 0; i < n * n; i++) l[i] = 0;
    for (int64_t j = 0; j < n; j++) {
      for (int64_t i = j; i < n; i++) {
        double complex aij = lower ? hlo_ld_c(t->dtype, args[0].buf->data, base + i * n + j)
                                   : conj(hlo_ld_c(t->dtype, args[0].buf->data, base + j * n + i));
        for (int64_t k = 0; k < j; k++) aij -= l[i * n + k] * conj(l[j * n + k]);
        if (i == j) l[i * n + j] = creal(aij) > 0 ? csqrt(creal(aij)) : CMPLX(NAN, 0.0);
        else l[i * n + j] = aij / l[j * n + j];
      }
    }
    for (int64_t i = 0; i < n; i++)
      for (int64_t j = 0; j < n; j++) {
        double complex v = lower ? l[i * n + j] : conj(l[j * n + i]); /* u = l^H */
        hlo_st_c(t->dtype, res->buf->data, base + i * n + j, v);
      }
  }
  free(l);
  return TSR_OK;
}
