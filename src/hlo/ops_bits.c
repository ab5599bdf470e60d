/* Ops on the bits of elements: bitcast_convert (the same bytes seen as another type; a change
 * of element width moves the difference into or out of a minor dimension, little-endian as
 * XLA lays it out) and reduce_precision (rounding to a float format of fewer exponent and
 * mantissa bits, kept in the operand's type, as StableHLO's reference and XLA round: to
 * nearest even on the bit pattern, then overflow to infinity and underflow to zero). */
#include <math.h>
#include <string.h>

#include "hlo/hlo_internal.h"

/* The element's width in bits as StableHLO counts it (i1: 1; tessera stores it in 4 bytes). */
static int64_t elem_bits(tsr_dtype t) { return t == TSR_BOOL ? 1 : (int64_t)tsr_dtype_size(t) * 8; }

tsr_status hlo_prep_bitcast_convert(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  const hlo_type *a = &args[0], *r = in->res_t;
  if (in->n_in != 1 || in->n_out != 1) return hlo_op_fail(in->op, TSR_ERR_INVALID, "takes one operand");
  int64_t ab = elem_bits(a->dtype), rb = elem_bits(r->dtype);
  if ((a->dtype == TSR_BOOL) != (r->dtype == TSR_BOOL))
    return hlo_op_fail(in->op, TSR_ERR_UNSUPPORTED, "bitcasts between i1 and other types are not supported");
  /* equal widths: equal shapes; otherwise the narrower side has one more, minor, dimension of
   * the ratio of the widths */
  const hlo_type *wide = ab >= rb ? a : r, *narrow = ab >= rb ? r : a;
  int64_t ratio = ab >= rb ? ab / rb : rb / ab;
  bool ok = ab == rb ? hlo_shape_eq(a, r)
                     : narrow->rank == wide->rank + 1 && narrow->shape[narrow->rank - 1] == ratio &&
                           !memcmp(narrow->shape, wide->shape, sizeof(int64_t) * (size_t)wide->rank);
  if (!ok) return hlo_op_fail(in->op, TSR_ERR_INVALID, "the result's shape does not hold the operand's bits");
  return TSR_OK;
}

tsr_status hlo_run_bitcast_convert(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  (void)in;
  if (args[0].buf->bytes != (size_t)hlo_numel(&res->t) * tsr_dtype_size(res->t.dtype))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "operand and result differ in size");
  res->buf = args[0].buf; /* the same bytes: share them */
  hlo_retain(res->buf);
  return TSR_OK;
}

tsr_status hlo_prep_reduce_precision(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  int64_t e, m;
  if (in->n_in != 1 || in->n_out != 1 || !hlo_type_eq(&args[0], in->res_t) || !tsr_dtype_is_float(args[0].dtype))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "takes one float operand of its result's type");
  if (!tsr_ir_op_attr_int(in->op, "exponent_bits", &e) || !tsr_ir_op_attr_int(in->op, "mantissa_bits", &m) || e < 1 || m < 0 ||
      e > 64 || m > 64)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "needs exponent_bits >= 1 and mantissa_bits >= 0");
  in->aux = (int)e;
  in->aux2 = (int)m;
  return TSR_OK;
}

static uint64_t reduce_bits(uint64_t v, int width, int src_m, int e, int m, bool nan) {
  int src_e = width - src_m - 1;
  uint64_t orig = v, width_mask = width == 64 ? ~UINT64_C(0) : (UINT64_C(1) << width) - 1;
  if (m < src_m) {
    uint64_t last = UINT64_C(1) << (src_m - m);
    uint64_t bias = ((v & last) >> (src_m - m)) + (last >> 1) - 1;
    v = (v + bias) & ~(last - 1) & width_mask;
  }
  if (e < src_e) {
    uint64_t sign = UINT64_C(1) << (width - 1), exp_mask = ((UINT64_C(1) << src_e) - 1) << src_m;
    uint64_t bias = (UINT64_C(1) << (src_e - 1)) - 1, reduced = (UINT64_C(1) << (e - 1)) - 1;
    uint64_t x_exp = v & exp_mask;
    if (x_exp > (bias + reduced) << src_m) v = (v & sign) | exp_mask;
    else if (x_exp <= (bias - reduced) << src_m) v = v & sign;
  }
  /* a NaN stays itself, or becomes +infinity when no mantissa bit is left to mark it */
  if (nan) v = m > 0 ? orig : ((UINT64_C(1) << src_e) - 1) << src_m;
  return v;
}

tsr_status hlo_run_reduce_precision(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  TSR_TRY(hlo_alloc(x, res));
  tsr_dtype t = res->t.dtype;
  int width = (int)tsr_dtype_size(t) * 8;
  int src_m = t == TSR_F64 ? 52 : t == TSR_F32 ? 23 : t == TSR_F16 ? 10 : 7;
  int e = in->aux, m = in->aux2;
  int64_t n = hlo_numel(&res->t);
  for (int64_t i = 0; i < n; i++) {
    uint64_t v = 0;
    memcpy(&v, args[0].buf->data + i * (width / 8), (size_t)width / 8);
    bool nan = isnan(hlo_ld_f(t, args[0].buf->data, i));
    v = reduce_bits(v, width, src_m, e > width ? width : e, m > src_m ? src_m : m, nan);
    memcpy(res->buf->data + i * (width / 8), &v, (size_t)width / 8);
  }
  return TSR_OK;
}
