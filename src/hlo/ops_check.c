/* StableHLO's test dialect (`check`, src/ops/check.def): a graph asserts its own results.
 * expect_eq[_const]: equal elements (floats: NaN equals NaN, -0 equals +0); expect_almost_eq
 * [_const]: floats within `tolerance` (default 1e-4) of each other, absolutely, an infinity
 * only equal to itself; expect_close: floats at most `max_ulp_difference` (default 3) units in
 * the last place of their type apart. A failed check fails the run with TSR_ERR_CHECK, naming
 * the op's location, the first element that differs and both values. */
#include <math.h>
#include <string.h>

#include "hlo/hlo_internal.h"

tsr_status hlo_prep_check(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  bool with_const = in->opc == HLO_EXPECT_EQ_CONST || in->opc == HLO_EXPECT_ALMOST_EQ_CONST;
  if (in->n_in != (with_const ? 1 : 2) || in->n_out != 0)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "takes %d operands and has no results", with_const ? 1 : 2);
  if (!with_const) {
    bool same = args[0].dtype == args[1].dtype && args[0].rank == args[1].rank;
    for (int d = 0; same && d < args[0].rank; d++) same = args[0].shape[d] == args[1].shape[d];
    if (!same) return hlo_op_fail(in->op, TSR_ERR_INVALID, "the two operands differ in type");
    return TSR_OK;
  }
  const mlir_ir_attr *v = mlir_ir_op_attr(in->op, "value");
  if (!v || v->kind != MLIR_IR_ATTR_DENSE)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "value must be a dense elements attribute");
  int64_t n = hlo_numel(&args[0]);
  if (!v->u.dense.splat && v->u.dense.numel != n)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "%lld expected values for %lld elements", (long long)v->u.dense.numel, (long long)n);
  return TSR_OK;
}

/* A float's position on the line of its type's values, so that neighbours differ by one. */
static int64_t ordered(tsr_dtype t, double v) {
  int64_t bits;
  if (t == TSR_F64) memcpy(&bits, &v, 8);
  else if (t == TSR_F32) {
    float f = (float)v;
    int32_t b;
    memcpy(&b, &f, 4);
    return b < 0 ? -(int64_t)(b & 0x7fffffff) : b;
  } else {
    uint16_t h = t == TSR_BF16 ? tsr_f32_to_bf16((float)v) : tsr_f32_to_f16((float)v);
    return h & 0x8000 ? -(int64_t)(h & 0x7fff) : h;
  }
  return bits < 0 ? -(bits & INT64_MAX) : bits;
}

static bool same_value(const hlo_inst *in, tsr_dtype t, double a, double b, int64_t ia, int64_t ib) {
  if (!tsr_dtype_is_float(t)) return ia == ib;
  /* the custom call form (`stablehlo.custom_call @check.expect_close`) has no attributes:
   * StableHLO's interpreter gives it a tolerance of 1e-3 and at most 3 ULPs */
  bool custom = mlir_ir_op_is(in->op, "stablehlo.custom_call");
  int64_t min_ulps = 0, max_ulps = custom ? 3 : 1;
  if (in->opc == HLO_EXPECT_CLOSE && !custom) {
    mlir_ir_op_attr_int(in->op, "max_ulp_difference", &max_ulps);
    mlir_ir_op_attr_int(in->op, "min_ulp_difference", &min_ulps);
  }
  if (isnan(a) || isnan(b)) return isnan(a) && isnan(b) && min_ulps == 0;
  if (a == b && (min_ulps == 0 || in->opc != HLO_EXPECT_CLOSE)) return true;
  if (isinf(a) || isinf(b)) return false;
  switch (in->opc) {
  case HLO_EXPECT_ALMOST_EQ: case HLO_EXPECT_ALMOST_EQ_CONST: {
    double tol = custom ? 1e-3 : 1e-4;
    const mlir_ir_attr *ta = mlir_ir_op_attr(in->op, "tolerance");
    if (ta) mlir_ir_attr_float(ta, &tol);
    return fabs(a - b) <= tol;
  }
  case HLO_EXPECT_CLOSE: {
    int64_t d = ordered(t, a) - ordered(t, b);
    if (d < 0) d = -d;
    return d >= min_ulps && d <= max_ulps;
  }
  default: return false;
  }
}

/* Complex elements: each part is compared as a float of the part type (the ULP difference of a
 * pair is the larger of its parts', as StableHLO's interpreter has it). */
static tsr_status check_complex(const hlo_inst *in, const hlo_val *args, const mlir_ir_attr *v) {
  const hlo_type *t = &args[0].t;
  tsr_dtype part = t->dtype == TSR_C64 ? TSR_F32 : TSR_F64;
  if (v && v->u.dense.elem_bytes != tsr_dtype_size(t->dtype))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "the expected value is not of the operand's element type");
  int64_t n = hlo_numel(t);
  for (int64_t i = 0; i < n; i++) {
    double complex a = hlo_ld_c(t->dtype, args[0].buf->data, i);
    double complex b = v ? hlo_ld_c(t->dtype, v->u.dense.data, v->u.dense.splat ? 0 : i) : hlo_ld_c(t->dtype, args[1].buf->data, i);
    if (same_value(in, part, creal(a), creal(b), 0, 0) && same_value(in, part, cimag(a), cimag(b), 0, 0)) continue;
    int64_t idx[TSR_MAX_RANK], rem = i;
    for (int d = t->rank - 1; d >= 0; d--) { idx[d] = rem % t->shape[d]; rem /= t->shape[d]; }
    char at[96];
    tsr_format_dims(idx, t->rank, at, sizeof at);
    int digits = part == TSR_F64 ? 17 : 9;
    return tsr_fail(TSR_ERR_CHECK, "failed at element %s of %lld: (%.*g, %.*g), expected (%.*g, %.*g)", at, (long long)n,
                    digits, creal(a), digits, cimag(a), digits, creal(b), digits, cimag(b));
  }
  return TSR_OK;
}

tsr_status hlo_run_check(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  (void)x, (void)res;
  const hlo_type *t = &args[0].t;
  const mlir_ir_attr *v = in->n_in == 1 ? mlir_ir_op_attr(in->op, "value") : NULL;
  if (tsr_dtype_is_complex(t->dtype)) return check_complex(in, args, v);
  bool fl = tsr_dtype_is_float(t->dtype);
  int64_t n = hlo_numel(t);
  for (int64_t i = 0; i < n; i++) {
    double a = fl ? dtype_load_f64(t->dtype, args[0].buf->data, i) : 0, b = 0;
    int64_t ia = fl ? 0 : dtype_load_i64(t->dtype, args[0].buf->data, i), ib = 0;
    int64_t j = v && v->u.dense.splat ? 0 : i;
    if (v && fl) b = mlir_ir_dense_float(v, j);
    else if (v) ib = mlir_ir_dense_int(v, j);
    else if (fl) b = dtype_load_f64(t->dtype, args[1].buf->data, i);
    else ib = dtype_load_i64(t->dtype, args[1].buf->data, i);
    if (t->dtype == TSR_BOOL) { ia = ia != 0; ib = ib != 0; }
    if (same_value(in, t->dtype, a, b, ia, ib)) continue;
    int64_t idx[TSR_MAX_RANK], rem = i;
    for (int d = t->rank - 1; d >= 0; d--) { idx[d] = rem % t->shape[d]; rem /= t->shape[d]; }
    char at[96], got[64], want[64];
    tsr_format_dims(idx, t->rank, at, sizeof at);
    /* enough digits to tell the two apart: f64 needs 17 */
    int digits = t->dtype == TSR_F64 ? 17 : 9;
    if (fl) { snprintf(got, sizeof got, "%.*g", digits, a); snprintf(want, sizeof want, "%.*g", digits, b); }
    else { snprintf(got, sizeof got, "%lld", (long long)ia); snprintf(want, sizeof want, "%lld", (long long)ib); }
    return tsr_fail(TSR_ERR_CHECK, "failed at element %s of %lld: %s, expected %s", at, (long long)n, got, want);
  }
  return TSR_OK;
}
