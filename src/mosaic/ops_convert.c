/* The tpu dialect's conversions: tpu.extf, truncf, fptosi, fptoui, sitofp and uitofp (arith's
 * casts with an explicit rounding mode, which Mosaic's canonicalization forms), and
 * tpu.pack_elementwise / unpack_elementwise (several narrow values in one 32-bit word, the
 * first source in the lowest bits). */
#include <math.h>
#include <string.h>

#include "mosaic/mosaic_internal.h"

/* ---- packed element types ---------------------------------------------------------------- */

/* What the pinned dialect packs elementwise: bf16 (from f32) or integers of up to 16 bits. */
static bool packed_of(const mlir_ir_type *t, bool *is_int, int *bits) {
  if (t && t->kind == MLIR_IR_TYPE_INTEGER && t->u.integer.width <= 16) {
    *is_int = true;
    *bits = (int)t->u.integer.width;
    return true;
  }
  *is_int = false;
  *bits = 16;
  return t && t->kind == MLIR_IR_TYPE_FLOAT && t->u.float_kind == MLIR_IR_BF16;
}

/* ---- casts with a rounding mode ------------------------------------------------------------ */

/* in->a[2]: 1 when the rounding mode is towards_zero */
tsr_status mosaic_c_tcast(mosaic_comp *c, mosaic_minst *in) {
  if (in->nopd != 1 || in->nres != 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects one operand");
  const mosaic_stype *s = &c->P->types[in->opd[0]], *d = &c->P->types[in->res[0]];
  if (s->n != d->n || s->rank != d->rank || s->cls == MOSAIC_VC_REF || d->cls == MOSAIC_VC_REF)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "operand and result differ in shape");
  bool sf = s->cls == MOSAIC_VC_F, df = d->cls == MOSAIC_VC_F;
  bool ok = in->op == MOSAIC_MOP_TEXTF || in->op == MOSAIC_MOP_TTRUNCF ? sf && df : in->op == MOSAIC_MOP_TFPTOSI || in->op == MOSAIC_MOP_TFPTOUI ? sf && !df : !sf && df;
  if (!ok) return mosaic_comp_fail(c, TSR_ERR_INVALID, "operand and result types do not fit this conversion");
  if (s->cls == MOSAIC_VC_I64 || d->cls == MOSAIC_VC_I64) return mosaic_comp_fail(c, TSR_ERR_INVALID, "integers of more than 32 bits");
  char w[32];
  const char *mode = mosaic_enum_word(mlir_ir_op_attr(c->op, "rounding_mode"), "tpu", "rounding_mode", w, sizeof w);
  if (*mode && strcmp(mode, "towards_zero") && strcmp(mode, "to_nearest_even"))
    return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "unknown rounding mode '%s'", mode);
  in->cls = s->cls;
  in->a[0] = s->ek;
  in->a[1] = s->width;
  in->a[2] = !strcmp(mode, "towards_zero");
  in->cost = (mosaic_op_cost){.vpu_ops = (double)d->n};
  return TSR_OK;
}

/* v, in f32, to the element kind ek toward zero (ek's nearest value no larger in magnitude). */
static float chop_to_ek(float v, int ek) {
  if (ek == MOSAIC_EK_F32 || v != v || isinf(v)) return v;
  uint16_t h = ek == MOSAIC_EK_BF16 ? tsr_f32_to_bf16(v) : tsr_f32_to_f16(v);
  float r = ek == MOSAIC_EK_BF16 ? tsr_bf16_to_f32(h) : tsr_f16_to_f32(h);
  if (fabsf(r) > fabsf(v)) { /* rounded away: one step back toward zero (sign-magnitude bits) */
    h = (uint16_t)(h - 1);
    r = ek == MOSAIC_EK_BF16 ? tsr_bf16_to_f32(h) : tsr_f16_to_f32(h);
  }
  return r;
}

/* An exact integer to the float kind ek, rounded once: to nearest even through an f32 rounded
 * to odd (a correct second rounding to bf16/f16, which have fewer bits), or toward zero. */
static float int_to_ek(double v, int ek, bool toward_zero) {
  float f = (float)v;
  if (fabs((double)f) > fabs(v)) f = nextafterf(f, 0.0f);
  if (toward_zero) return chop_to_ek(f, ek);
  if (ek == MOSAIC_EK_F32) return (float)v;
  if ((double)f != v) { /* round to odd: set the last bit of an inexact result */
    uint32_t u;
    memcpy(&u, &f, 4);
    u |= 1u;
    memcpy(&f, &u, 4);
  }
  mosaic_round_to_ek(&f, 1, ek);
  return f;
}

/* A float to an integer of `width` bits: rounded (to nearest even or toward zero), then
 * saturated at the range; NaN gives 0 (as arith's casts, docs/mosaic.md). */
static int64_t float_to_int(float v, int width, bool is_unsigned, bool toward_zero) {
  if (v != v) return 0;
  double t = toward_zero ? trunc((double)v) : nearbyint((double)v);
  double lo = is_unsigned ? 0.0 : -ldexp(1.0, width - 1), hi = is_unsigned ? ldexp(1.0, width) - 1 : ldexp(1.0, width - 1) - 1;
  return (int64_t)(t < lo ? lo : t > hi ? hi : t);
}

tsr_status mosaic_r_tcast(mosaic_exec *x, const mosaic_minst *in) {
  int64_t n = in->n;
  bool tz = in->a[2] != 0;
  int sw = (int)in->a[1];
  const mosaic_stype *d = ST(x, in->res[0]);
  for (int64_t i = 0; i < n; i++) {
    switch (in->op) {
    case MOSAIC_MOP_TEXTF: SF(x, in->res[0])[i] = SF(x, in->opd[0])[i]; break;
    case MOSAIC_MOP_TTRUNCF: {
      float v = SF(x, in->opd[0])[i];
      if (tz) v = chop_to_ek(v, in->ek);
      else mosaic_round_to_ek(&v, 1, in->ek);
      SF(x, in->res[0])[i] = v;
      break;
    }
    case MOSAIC_MOP_TFPTOSI:
    case MOSAIC_MOP_TFPTOUI: {
      int64_t v = float_to_int(SF(x, in->opd[0])[i], d->width, in->op == MOSAIC_MOP_TFPTOUI, tz);
      if (d->cls == MOSAIC_VC_I64) SL(x, in->res[0])[i] = v;
      else SI(x, in->res[0])[i] = mosaic_sext32(v, d->width);
      break;
    }
    default: { /* sitofp, uitofp */
      int64_t v = in->cls == MOSAIC_VC_I64 ? SL(x, in->opd[0])[i] : SI(x, in->opd[0])[i];
      double e = in->op == MOSAIC_MOP_TUITOFP ? (double)mosaic_zext(v, sw) : (double)v;
      SF(x, in->res[0])[i] = int_to_ek(e, in->ek, tz);
      break;
    }
    }
  }
  return TSR_OK;
}

/* ---- pack_elementwise, unpack_elementwise ---------------------------------------------------- */

/* in->a[0]: 1 for integers (else bf16), a[1]: their bits */
tsr_status mosaic_c_pack_elementwise(mosaic_comp *c, mosaic_minst *in) {
  const mosaic_prog *P = c->P;
  const mlir_ir_attr *tt = mlir_ir_op_attr(c->op, "target_type");
  bool is_int;
  int bits;
  if (!tt || tt->kind != MLIR_IR_ATTR_TYPE || !packed_of(tt->type, &is_int, &bits))
    return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "target_type must be bf16 or an integer of up to 16 bits (as the dialect's verifier)");
  const mosaic_stype *r = in->nres == 1 ? &P->types[in->res[0]] : NULL;
  if (!r || r->cls != MOSAIC_VC_I32 || r->width != 32 || r->rank < 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "the result must be an i32 vector");
  if (in->nopd * bits != 32) return mosaic_comp_fail(c, TSR_ERR_INVALID, "%d sources of %d bits do not fill a 32-bit word", in->nopd, bits);
  for (int i = 0; i < in->nopd; i++) {
    const mosaic_stype *s = &P->types[in->opd[i]];
    bool f32 = s->cls == MOSAIC_VC_F && s->ek == MOSAIC_EK_F32, i32 = s->cls == MOSAIC_VC_I32 && s->width == 32;
    if (s->n != r->n || !(is_int ? i32 : f32))
      return mosaic_comp_fail(c, TSR_ERR_INVALID, "source %d must be an %s vector of the result's shape", i, is_int ? "i32" : "f32");
  }
  in->a[0] = is_int;
  in->a[1] = bits;
  in->cost = (mosaic_op_cost){.vpu_ops = (double)r->n * in->nopd};
  return TSR_OK;
}

tsr_status mosaic_r_pack_elementwise(mosaic_exec *x, const mosaic_minst *in) {
  bool is_int = in->a[0] != 0;
  int bits = (int)in->a[1];
  uint32_t mask = (1u << bits) - 1u;
  int32_t *d = SI(x, in->res[0]);
  for (int64_t i = 0; i < in->n; i++) {
    uint32_t w = 0;
    for (int s = 0; s < in->nopd; s++) {
      uint32_t f = is_int ? (uint32_t)SI(x, in->opd[s])[i] : tsr_f32_to_bf16(SF(x, in->opd[s])[i]);
      w |= (f & mask) << (s * bits);
    }
    d[i] = (int32_t)w;
  }
  return TSR_OK;
}

tsr_status mosaic_c_unpack_elementwise(mosaic_comp *c, mosaic_minst *in) {
  const mosaic_prog *P = c->P;
  const mlir_ir_attr *st = mlir_ir_op_attr(c->op, "source_type");
  bool is_int;
  int bits;
  if (!st || st->kind != MLIR_IR_ATTR_TYPE || !packed_of(st->type, &is_int, &bits))
    return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "source_type must be bf16 or an integer of up to 16 bits (as the dialect's verifier)");
  int64_t index;
  if (!mlir_ir_op_attr_int(c->op, "index", &index) || index < 0 || (index + 1) * bits > 32)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "index must pick one of the %d values of a word", 32 / bits);
  if (in->nopd != 1 || in->nres != 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects one operand");
  const mosaic_stype *s = &P->types[in->opd[0]], *r = &P->types[in->res[0]];
  bool f32 = r->cls == MOSAIC_VC_F && r->ek == MOSAIC_EK_F32, i32 = r->cls == MOSAIC_VC_I32 && r->width == 32;
  if (s->cls != MOSAIC_VC_I32 || s->width != 32 || s->n != r->n || !(is_int ? i32 : f32))
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects i32 words and an %s result of their shape", is_int ? "i32" : "f32");
  in->a[0] = is_int;
  in->a[1] = bits;
  in->a[2] = index;
  in->cost = (mosaic_op_cost){.vpu_ops = (double)r->n};
  return TSR_OK;
}

/* The index-th field of each word, as f32 (floats) or sign-extended (integers). */
tsr_status mosaic_r_unpack_elementwise(mosaic_exec *x, const mosaic_minst *in) {
  bool is_int = in->a[0] != 0;
  int bits = (int)in->a[1];
  uint32_t mask = (1u << bits) - 1u;
  for (int64_t i = 0; i < in->n; i++) {
    uint32_t f = ((uint32_t)SI(x, in->opd[0])[i] >> (in->a[2] * bits)) & mask;
    if (is_int) SI(x, in->res[0])[i] = mosaic_sext32(f, bits);
    else SF(x, in->res[0])[i] = tsr_bf16_to_f32((uint16_t)f);
  }
  return TSR_OK;
}
