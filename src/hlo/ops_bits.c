/* Ops on the bits of elements: rng_bit_generator (THREE_FRY, bit for bit as XLA generates
 * it; the other algorithms are the device's own and refused), bitcast_convert (the same bytes
 * seen as another type; a change of element width moves the difference into or out of a minor
 * dimension, little-endian as XLA lays it out; i1 elements are bits, the first the lowest) and
 * reduce_precision (rounding to a float format of fewer exponent and mantissa bits, kept in the
 * operand's type, as StableHLO's reference and XLA round: to nearest even on the bit pattern,
 * then overflow to infinity and underflow to zero). */
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
  tsr_dtype at = args[0].t.dtype, rt = res->t.dtype;
  if ((at == TSR_BOOL) == (rt == TSR_BOOL)) {
    if (args[0].buf->bytes != (size_t)hlo_numel(&res->t) * tsr_dtype_size(rt))
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "operand and result differ in size");
    res->buf = args[0].buf; /* the same bytes: share them */
    hlo_retain(res->buf);
    return TSR_OK;
  }
  /* i1 elements are single bits: bit k of a wider element is i1 element k of its group */
  TSR_TRY(hlo_alloc(x, res));
  bool to_bits = rt == TSR_BOOL;
  tsr_dtype wide = to_bits ? at : rt;
  int64_t w = elem_bits(wide), words = hlo_numel(to_bits ? &args[0].t : &res->t);
  size_t wb = tsr_dtype_size(wide);
  for (int64_t e = 0; e < words; e++) {
    uint64_t v = 0;
    if (to_bits) {
      memcpy(&v, args[0].buf->data + e * (int64_t)wb, wb);
      for (int64_t k = 0; k < w; k++) ((int32_t *)res->buf->data)[e * w + k] = (int32_t)(v >> k & 1u);
    } else {
      for (int64_t k = 0; k < w; k++) v |= (uint64_t)(((const int32_t *)args[0].buf->data)[e * w + k] != 0) << k;
      memcpy(res->buf->data + e * (int64_t)wb, &v, wb);
    }
  }
  return TSR_OK;
}

tsr_status hlo_prep_reduce_precision(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  int64_t e, m;
  if (in->n_in != 1 || in->n_out != 1 || !hlo_type_eq(&args[0], in->res_t) || !tsr_dtype_is_float(args[0].dtype))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "takes one float operand of its result's type");
  if (!mlir_ir_op_attr_int(in->op, "exponent_bits", &e) || !mlir_ir_op_attr_int(in->op, "mantissa_bits", &m) || e < 1 || m < 0 ||
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
    bool nan = isnan(dtype_load_f64(t, args[0].buf->data, i));
    v = reduce_bits(v, width, src_m, e > width ? width : e, m > src_m ? src_m : m, nan);
    memcpy(res->buf->data + i * (width / 8), &v, (size_t)width / 8);
  }
  return TSR_OK;
}

/* ---- rng_bit_generator: THREE_FRY as XLA generates it ---- */

static uint32_t rotl32(uint32_t v, int r) { return v << r | v >> (32 - r); }

/* Threefry-2x32, 20 rounds (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3"). */
static void threefry2x32(const uint32_t key[2], uint32_t x[2]) {
  static const int rot[2][4] = {{13, 15, 26, 6}, {17, 29, 16, 24}};
  uint32_t ks[3] = {key[0], key[1], key[0] ^ key[1] ^ 0x1BD11BDAu};
  x[0] += ks[0];
  x[1] += ks[1];
  for (int i = 0; i < 5; i++) {
    for (int r = 0; r < 4; r++) {
      x[0] += x[1];
      x[1] = rotl32(x[1], rot[i % 2][r]);
      x[1] ^= x[0];
    }
    x[0] += ks[(i + 1) % 3];
    x[1] += ks[(i + 2) % 3] + (uint32_t)(i + 1);
  }
}

tsr_status hlo_prep_rng_bit_generator(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  const mlir_ir_attr *a = mlir_ir_op_attr(in->op, "rng_algorithm");
  const char *kw = a && a->kind == MLIR_IR_ATTR_ENUM ? a->u.enm.keyword : NULL;
  if (!kw) return hlo_op_fail(in->op, TSR_ERR_INVALID, "missing rng_algorithm");
  if (strcmp(kw, "THREE_FRY"))
    return hlo_op_fail(in->op, TSR_ERR_UNSUPPORTED, "rng_algorithm %s is not supported (its bits are the device's own; THREE_FRY is)", kw);
  const hlo_type *st = &args[0], *out = &in->res_t[1];
  if (in->n_in != 1 || in->n_out != 2 || st->rank != 1 || st->shape[0] != 2 || (st->dtype != TSR_U64 && st->dtype != TSR_I64) ||
      !hlo_type_eq(&in->res_t[0], st))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "THREE_FRY takes a ui64[2] state (key, counter) and gives the next one");
  if (tsr_dtype_is_float(out->dtype) || tsr_dtype_is_complex(out->dtype) || out->dtype == TSR_BOOL)
    return hlo_op_fail(in->op, TSR_ERR_UNSUPPORTED, "random bits of %s are not supported (integers are)", tsr_dtype_name(out->dtype));
  return TSR_OK;
}

/* Outputs of 64 bits: one Threefry block each, the counter plus the element's row-major index.
 * Narrower outputs take the two 32-bit halves of a block for two neighbours along the first
 * even dimension (index 2k and 2k + 1 there: the first and second half of block k); with no
 * even dimension the first is padded by one and the extra elements dropped. The counter moves
 * on by the number of blocks. */
tsr_status hlo_run_rng_bit_generator(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  TSR_TRY(hlo_alloc_all(x, res, 2));
  uint64_t key, ctr;
  memcpy(&key, args[0].buf->data, 8);
  memcpy(&ctr, args[0].buf->data + 8, 8);
  uint32_t k2[2] = {(uint32_t)key, (uint32_t)(key >> 32)};
  const hlo_type *t = &res[1].t;
  int64_t n = hlo_numel(t), blocks;
  if (tsr_dtype_size(t->dtype) == 8) {
    for (int64_t e = 0; e < n; e++) {
      uint64_t c = ctr + (uint64_t)e;
      uint32_t v[2] = {(uint32_t)c, (uint32_t)(c >> 32)};
      threefry2x32(k2, v);
      uint64_t bits = (uint64_t)v[0] | (uint64_t)v[1] << 32;
      memcpy(res[1].buf->data + 8 * e, &bits, 8);
    }
    blocks = n;
  } else {
    int rank = t->rank > 0 ? t->rank : 1, d = -1;
    int64_t shape[TSR_MAX_RANK];
    if (t->rank == 0) shape[0] = 1;
    else memcpy(shape, t->shape, sizeof(int64_t) * (size_t)rank);
    for (int k = 0; k < rank && d < 0; k++)
      if (shape[k] % 2 == 0) d = k;
    if (d < 0) { d = 0; shape[0]++; }
    int64_t pairs[TSR_MAX_RANK], pst[TSR_MAX_RANK], idx[TSR_MAX_RANK] = {0};
    memcpy(pairs, shape, sizeof pairs);
    pairs[d] /= 2;
    hlo_type pt = {.dtype = TSR_U64, .rank = rank};
    memcpy(pt.shape, pairs, sizeof pairs);
    hlo_strides(&pt, pst);
    blocks = hlo_numel(&pt);
    for (int64_t e = 0; e < n; e++) {
      if (e) {
        int k = t->rank - 1;
        while (k >= 0 && ++idx[k] == t->shape[k]) idx[k--] = 0;
      }
      int64_t lin = 0;
      for (int k = 0; k < rank; k++) lin += (k == d ? idx[k] / 2 : idx[k]) * pst[k];
      uint64_t c = ctr + (uint64_t)lin;
      uint32_t v[2] = {(uint32_t)c, (uint32_t)(c >> 32)};
      threefry2x32(k2, v);
      hlo_st_i(t->dtype, res[1].buf->data, e, v[idx[d] % 2]);
    }
  }
  uint64_t next[2] = {key, ctr + (uint64_t)blocks};
  memcpy(res[0].buf->data, next, 16);
  return TSR_OK;
}
