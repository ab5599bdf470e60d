/* The tpu ops that talk to the machine or the MXU: matmul (through CBLAS sgemm, with f32
 * accumulation as the MXU does), DMAs and semaphores (through the kernel API, so the engine's
 * checks apply), grid and device ids, logging and the PRNG. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/blas.h"
#include "core/xsmm.h"
#include "mosaic/mosaic_internal.h"


/* ---- matmul ----------------------------------------------------------------------------- */

/* Whether an operand reaches the MXU as f32: an f32 vector, or an integer one wider than 8
 * bits (which Mosaic converts to f32; narrower ones go exactly to bf16 or float8_e4m3fn). */
static bool operand_f32(const mosaic_stype *t) {
  return t->cls == MOSAIC_VC_F ? t->ek == MOSAIC_EK_F32 : t->width > 8;
}

/* Operands of different element types, as Mosaic's canonicalize_matmul takes them
 * (jaxlib/mosaic/dialect/tpu/transforms/canonicalize_mosaic.cc in jax-ml/jax, last public at
 * commit cff5c5f6aa5a8724ae09f0fafcf1dbf8be2bec6d): on TPU7x an integer operand of up to 8
 * bits becomes a float (int4: float8_e4m3fn, int8: bf16; every value exactly) and a float8
 * lhs by a bf16 or f32 rhs becomes bf16 (exactly); on every chip an integer operand of a
 * matmul whose other operand is a float becomes f32. Float operands of different kinds are
 * multiplied as the values they hold. Sets in->mxu_int_opds: the integer operands the
 * product converts. What Mosaic refuses is refused with its rule; the one rule that depends on
 * the chip (integer operands of a float accumulator) is checked when the kernel runs. */
static tsr_status matmul_mixed_types(mosaic_comp *c, mosaic_minst *in, const mosaic_stype *l, const mosaic_stype *r, const mosaic_stype *o) {
  bool li = l->cls == MOSAIC_VC_I32, ri = r->cls == MOSAIC_VC_I32, oi = o->cls == MOSAIC_VC_I32;
  in->mxu_int_opds = 0;
  if (oi && !(li && ri))
    return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "an integer accumulator with a float %s: Mosaic's canonicalize_matmul takes "
                            "an integer accumulator only with integer operands (make the accumulator f32)", li ? "rhs" : "lhs");
  /* integers of different widths into an integer accumulator: exact integer products, which
   * only TPU7x's conversion to floats takes (checked when the kernel runs) */
  if (oi) in->mxu_int_opds = l->width != r->width ? MOSAIC_MXU_INT_WIDTHS : 0;
  else in->mxu_int_opds = (uint8_t)((li ? 1u : 0u) | (ri ? 2u : 0u));
  return TSR_OK;
}

/* a[0]: lhs transposed, a[1]: rhs transposed, a[2] M, a[3] N, a[4] K, a[5] batch */
tsr_status mosaic_c_matmul(mosaic_comp *c, mosaic_minst *in) {
  if (in->nopd != 3 || in->nres != 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects lhs, rhs and acc");
  const mosaic_stype *l = &c->P->types[in->opd[0]], *r = &c->P->types[in->opd[1]], *acc = &c->P->types[in->opd[2]],
              *o = &c->P->types[in->res[0]];
  for (int k = 0; k < 3; k++) {
    const mosaic_stype *t = &c->P->types[in->opd[k]];
    if (t->cls != MOSAIC_VC_F && t->cls != MOSAIC_VC_I32) return mosaic_comp_fail(c, TSR_ERR_INVALID, "operand %d must be a vector of floats or of integers up to 32 bits", k);
  }
  if (acc->n != o->n || acc->cls != o->cls || acc->ek != o->ek || acc->width != o->width)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "the accumulator and the result must have one type (Mosaic's matmul verifier)");
  TSR_TRY(matmul_mixed_types(c, in, l, r, o));
  bool fl = o->cls == MOSAIC_VC_F;
  in->cls = o->cls; /* the product's class: an integer operand of a float matmul is widened */
  /* BLAS loads with the kernel, not in its first step: a missing library fails here, and the
   * load (a few ms) is not counted as run time */
  if (fl && blas_load() != TSR_OK) return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "%s", tsr_last_error());
  int64_t tl = 0, tr = 0;
  mlir_ir_op_attr_int(c->op, "transpose_lhs", &tl);
  mlir_ir_op_attr_int(c->op, "transpose_rhs", &tr);
  int batch = 0;
  const mlir_ir_attr *dn = mlir_ir_op_attr(c->op, "dimension_numbers");
  if (dn) {
    const mlir_ir_field *lc = mlir_ir_attr_field(dn, "lhs_contracting_dims"), *rc = mlir_ir_attr_field(dn, "rhs_contracting_dims"),
                       *od = mlir_ir_attr_field(dn, "output_dim_order"), *lb = mlir_ir_attr_field(dn, "lhs_batch_dims"),
                       *rb = mlir_ir_attr_field(dn, "rhs_batch_dims");
    if (!lc || !rc || lc->n != 1 || rc->n != 1) return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "one contracting dimension per operand");
    batch = lb && lb->n > 0;
    if (batch && (lb->n != 1 || !rb || rb->n != 1 || lb->values[0] != 0 || rb->values[0] != 0))
      return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "only a leading batch dimension is supported");
    tl = lc->values[0] == batch;
    tr = rc->values[0] == 1 + batch;
    if (od) {
      static const int64_t plain[] = {0, 0, 1, 1}, batched[] = {0, 0, 0, 1, 1, 2};
      const int64_t *want = batch ? batched : plain;
      int n = batch ? 6 : 4;
      bool ok = od->n == n;
      for (int i = 0; ok && i < n; i++) {
        int64_t v = od->values[i];
        if (!batch && i == 1) ok = v == (tl ? 1 : 0);
        else if (!batch && i == 3) ok = v == (tr ? 0 : 1);
        else if (batch && i == 3) ok = v == (tl ? 2 : 1);
        else if (batch && i == 5) ok = v == (tr ? 1 : 2);
        else ok = v == want[i];
      }
      if (!ok) return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "output dimension order other than (lhs, rhs)");
    }
  }
  int rank = 2 + batch;
  if (l->rank != rank || r->rank != rank || o->rank != rank) return mosaic_comp_fail(c, TSR_ERR_INVALID, "operands must have rank %d", rank);
  int64_t M = tl ? l->shape[batch + 1] : l->shape[batch], K = tl ? l->shape[batch] : l->shape[batch + 1];
  int64_t K2 = tr ? r->shape[batch + 1] : r->shape[batch], N = tr ? r->shape[batch] : r->shape[batch + 1];
  if (K != K2 || o->shape[batch] != M || o->shape[batch + 1] != N || (batch && (l->shape[0] != r->shape[0] || o->shape[0] != l->shape[0])))
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "shapes do not contract: lhs %lldx%lld, rhs %lldx%lld, result %lldx%lld",
                     (long long)M, (long long)K, (long long)K2, (long long)N, (long long)o->shape[batch], (long long)o->shape[batch + 1]);
  in->a[0] = tl;
  in->a[1] = tr;
  in->a[2] = M;
  in->a[3] = N;
  in->a[4] = K;
  in->a[5] = batch ? l->shape[0] : 1;
  /* a block big enough for its time to matter: warm the BLAS for its K now (blas.h: a call
   * that packs little can run at a third of the BLAS's rate otherwise), outside run time */
  if (fl && M * N * K >= ((int64_t)1 << 20)) blas_warm((int)(K < INT32_MAX ? K : INT32_MAX));
  /* Precision: TPUs take f32 operands through the MXU as bf16 with f32 accumulation unless
   * the op asks for more (the conformance matmul, computed on a TPU, matches this to 1e-7).
   * fp32 and bf16x3 (about 2^-24 apart from fp32) run at full f32. */
  const char *prec = mlir_ir_enum_keyword(mlir_ir_op_attr(c->op, "precision"), "tpu", "contract_precision");
  bool wide = operand_f32(l) || operand_f32(r);
  in->mxu_bf16_inputs = fl && wide && (!prec || !strcmp(prec, "bf16"));
  /* dense operands (rounded, widened or converted), and the sums of the MXU's passes
   * (blas_sgemm_mxu) */
  if (fl) {
    size_t need = sizeof(float) * (size_t)(M * K + K * N + 3 * M * N);
    if (need > c->P->scratch_bytes) c->P->scratch_bytes = need;
  }
  const mosaic_prog *P = c->P;
  if (P->cslot_off[in->opd[2]] >= 0) { /* zeros (the usual dense<0.0>): the result starts as a fill */
    const char *z = P->cpool + P->cslot_off[in->opd[2]];
    size_t zb = P->csplat[in->opd[2]] ? mosaic_class_size(o->cls) : (size_t)o->n * mosaic_class_size(o->cls); /* a splat: one */
    in->acc_zero = true;
    for (size_t i = 0; i < zb && in->acc_zero; i++) in->acc_zero = z[i] == 0;
  }
  /* The MXU's time depends on the shape, so mosaic_r_matmul records the flops with it. Passes of
   * f32 products, from the precision (jax.lax.Precision: HIGH is 3 bf16 passes, HIGHEST 6;
   * Pallas lowers them to bf16x3 and fp32) */
  in->cost = (mosaic_op_cost){0};
  in->mxu_passes = 1;
  if (!fl) in->mxu_dtype = l->width > 8 ? TSR_I32 : TSR_I8;
  else if (!wide || in->mxu_bf16_inputs) in->mxu_dtype = TSR_BF16;
  else {
    in->mxu_dtype = TSR_F32;
    in->mxu_passes = prec && !strcmp(prec, "bf16x3") ? 3 : 6;
  }
  return TSR_OK;
}

/* One batch of a matmul, cut into row bands that the core's host helpers may share. */
typedef struct matmul_band {
  const mosaic_minst *in;
  const float *fa, *fb;
  float *fc;
  float *pass; /* 3 x M x N: the MXU passes' sums (blas_sgemm_mxu) */
  int depth;   /* the terms of one MXU pass: the chip's mxu_dim */
  const int32_t *ia, *ib;
  int32_t *ic;
  int64_t lda, ldb; /* the operands' row strides in elements (dense: their row lengths) */
  int64_t band_rows;
} matmul_band;

static void matmul_rows(void *arg, int part) {
  const matmul_band *mb = arg;
  const mosaic_minst *in = mb->in;
  int64_t M = in->a[2], N = in->a[3], K = in->a[4];
  bool tl = in->a[0] != 0, tr = in->a[1] != 0;
  int64_t r0 = part * mb->band_rows, r1 = r0 + mb->band_rows < M ? r0 + mb->band_rows : M;
  if (mb->fc) {
    /* rows r0.. of A: a row offset, or a column offset when A is stored transposed */
    const float *A = tl ? mb->fa + r0 : mb->fa + r0 * mb->lda;
    blas_sgemm_mxu(tl, tr, (int)(r1 - r0), (int)N, (int)K, mb->depth, A, (int)mb->lda, mb->fb, (int)mb->ldb,
                  mb->fc + r0 * N, (int)N, mb->pass + 3 * r0 * N);
    return;
  }
  const int32_t *A = mb->ia, *Bm = mb->ib;
  int32_t *C = mb->ic;
  int64_t lda = mb->lda, ldb = mb->ldb;
  for (int64_t i = r0; i < r1; i++)
    for (int64_t k = 0; k < K; k++) {
      uint32_t a = (uint32_t)(tl ? A[k * lda + i] : A[i * lda + k]);
      for (int64_t j = 0; j < N; j++) {
        uint32_t v = (uint32_t)(tr ? Bm[j * ldb + k] : Bm[k * ldb + j]);
        C[i * N + j] = (int32_t)((uint32_t)C[i * N + j] + a * v);
      }
    }
}

/* Row bands of 64 or more rows, at most 4, for blocks big enough to pay for the hand-off:
 * the cut depends on the shape alone, never on whether host helpers are there to take the
 * bands (without them the bands run one after another). A BLAS need not give a band's rows
 * the bits it gives the whole block's (OpenBLAS on Zen does not: its K blocking follows the
 * call's shape, and a 64-row call's dot products differ from a 128-row call's in the last
 * bit), so cutting only when helpers are idle made a result depend on the host.
 * Each band packs the right-hand side again: a 128^3 block (2^21 multiply-adds), flash
 * attention's, cut in two spent 6% more of that kernel's run wherever its bands ran in turn
 * (its parallel grid keeps the helpers busy with host parts), so blocks under 2^22 are one
 * call. */
enum { MATMUL_BAND_MIN = 1 << 22 };

static int matmul_bands(int64_t M, int64_t N, int64_t K, int64_t *band_rows) {
  int parts = M * N * K >= MATMUL_BAND_MIN ? (int)(M / 64 < 4 ? M / 64 : 4) : 1;
  if (parts < 1) parts = 1;
  *band_rows = (M + parts - 1) / parts;
  return parts;
}

static void run_parts(mosaic_exec *x, int parts, void (*fn)(void *, int), void *arg) {
  if (x->ctx) tsr_ctx_parallel_for(x->ctx, parts, fn, arg);
  else
    for (int p = 0; p < parts; p++) fn(arg, p);
}

/* Operands made dense in scratch before the product, in the product's parts, which the host
 * helpers may share: part p does its share of each operand's stored rows. At default
 * precision both are rounded to bf16 (the MXU's inputs). At full f32 an operand is copied
 * when it is a window whose rows lie apart (alias.c, mxu_view) and libxsmm is on (it runs
 * blocks of up to 2^24 multiply-adds, core/xsmm.c; bigger ones go to the BLAS, for which the
 * copy is a pass of O(rows x cols) spent for nothing): libxsmm's kernels read their operands
 * where they lie, without packing them as a BLAS does, and rows a power-of-two stride apart
 * (a (256, 256) block of a 1024-wide array: 4 KiB) fall into a few cache sets and evict each
 * other. Same products, same order: the same bits. */
typedef struct dense_job {
  const void *src[2]; /* f32, bf16 where widen[o] (a bf16 window read in place), int32 where
                       * from_int[o] (an integer operand of a float matmul) */
  float *dst[2];
  int64_t rows[2], cols[2], ld[2];
  bool round, widen[2], from_int[2], copy[2];
  int parts;
} dense_job;

static void dense_part(void *arg, int part) {
  const dense_job *j = arg;
  for (int o = 0; o < 2; o++) {
    int64_t per = (j->rows[o] + j->parts - 1) / j->parts, r0 = part * per, r1 = r0 + per < j->rows[o] ? r0 + per : j->rows[o];
    if (r0 >= r1 || !j->copy[o]) continue;
    float *d = j->dst[o] + r0 * j->cols[o];
    if (j->from_int[o]) {
      const int32_t *si = (const int32_t *)j->src[o] + r0 * j->ld[o];
      for (int64_t r = 0; r < r1 - r0; r++)
        for (int64_t k = 0; k < j->cols[o]; k++) {
          float v = (float)si[r * j->ld[o] + k]; /* to nearest, as arith.sitofp */
          d[r * j->cols[o] + k] = j->round ? mosaic_round_bf16(v) : v;
        }
      continue;
    }
    if (j->widen[o]) {
      mosaic_widen_rows_bf16(d, (const uint16_t *)j->src[o] + r0 * j->ld[o], r1 - r0, j->cols[o], j->ld[o]);
      continue;
    }
    const float *s = (const float *)j->src[o] + r0 * j->ld[o];
    if (j->round) mosaic_round_rows_bf16(d, s, r1 - r0, j->cols[o], j->ld[o]);
    else
      for (int64_t r = 0; r < r1 - r0; r++) memcpy(d + r * j->cols[o], s + r * j->ld[o], sizeof(float) * (size_t)j->cols[o]);
  }
}

void mosaic_matmul_add_cost(mosaic_exec *x, const mosaic_minst *in) {
  tsr_cost_add_matmul(&x->cost, in->a[2], in->a[4], in->a[3], (double)in->a[5], (tsr_dtype)in->mxu_dtype, in->mxu_passes);
}

/* Operand k's matrices: their row stride (*ld, dense: `dense_ld`) and the distance between
 * batches (*batch_stride, dense: `dense_n`), in elements, from the window its load handed
 * out in place (alias.c, mxu_view) or the value's own dense layout; *bf16: the window holds
 * bf16 elements (a value's own layout is always f32). */
static void matmul_operand(const mosaic_exec *x, const mosaic_minst *in, int k, int64_t dense_ld, int64_t dense_n, int64_t *ld,
                           int64_t *batch_stride, bool *bf16) {
  const tsr_ref *w = &x->f->refs[in->opd[k]];
  *ld = dense_ld;
  *batch_stride = dense_n;
  *bf16 = false;
  if (!(in->mxu_views >> k & 1) || !w->data || w->data != (char *)x->f->data[in->opd[k]]) return;
  *ld = w->stride[w->rank - 2];
  if (w->rank > 2) *batch_stride = w->stride[0];
  *bf16 = w->dtype == TSR_BF16;
}

/* The bytes [lo, hi) that operand k's matrices span (ld, batch_stride as matmul_operand),
 * counted in 4-byte elements: for a bf16 window, a span twice its own, which can only make
 * adds_in_place's test stricter. */
static void operand_span(const mosaic_exec *x, const mosaic_minst *in, int k, int64_t rows, int64_t cols, int64_t ld,
                         int64_t batch_stride, uintptr_t *lo, uintptr_t *hi) {
  *lo = (uintptr_t)x->f->data[in->opd[k]];
  *hi = *lo + sizeof(float) * (size_t)((in->a[5] - 1) * batch_stride + (rows - 1) * ld + cols);
}

/* Whether the matmul adds into its accumulator's window itself (alias.c, in_place): the
 * accumulator's load handed out the window (its value is not in its own buffer), and
 * neither operand overlaps it. */
static bool adds_in_place(const mosaic_exec *x, const mosaic_minst *in, int64_t lda, int64_t sa, int64_t ldb, int64_t sb) {
  int32_t acc = in->opd[2];
  if (!in->in_place || x->f->data[acc] == (void *)(x->f->values + x->P->data_off[acc])) return false;
  bool tl = in->a[0] != 0, tr = in->a[1] != 0;
  int64_t M = in->a[2], N = in->a[3], K = in->a[4];
  uintptr_t c = (uintptr_t)x->f->data[acc], c_end = c + sizeof(float) * (size_t)(in->a[5] * M * N), lo, hi;
  operand_span(x, in, 0, tl ? K : M, tl ? M : K, lda, sa, &lo, &hi);
  if (lo < c_end && c < hi) return false;
  operand_span(x, in, 1, tr ? N : K, tr ? K : N, ldb, sb, &lo, &hi);
  return !(lo < c_end && c < hi);
}

/* The part of Mosaic's rule for integer operands of a float matmul that depends on the chip
 * (matmul_mixed_types): on TPU7x only integers of up to 8 bits or of 32 are converted; before
 * it, integers are converted only when the other operand is a float. Without a machine, the
 * chip is not known and the product is computed. */
static tsr_status matmul_int_operands_on(const tsr_chip *ch, const mosaic_exec *x, const mosaic_minst *in) {
  if (!in->mxu_int_opds || !ch) return TSR_OK;
  if (in->mxu_int_opds == MOSAIC_MXU_INT_WIDTHS && ch->generation != 7)
    return tsr_fail(TSR_ERR_UNSUPPORTED, "a matmul of i%d by i%d on %s: Mosaic's canonicalize_matmul does not implement "
                    "integer operands of different widths before TPU7x (cast one operand first)", ST(x, in->opd[0])->width,
                    ST(x, in->opd[1])->width, ch->name);
  if (in->mxu_int_opds == MOSAIC_MXU_INT_WIDTHS) return TSR_OK;
  for (int k = 0; k < 2; k++)
    if ((in->mxu_int_opds >> k & 1) && ch->generation == 7 && ST(x, in->opd[k])->width > 8 && ST(x, in->opd[k])->width < 32)
      return tsr_fail(TSR_ERR_UNSUPPORTED, "a matmul on %s with an i%d %s: Mosaic's canonicalize_matmul converts integer "
                      "operands of up to 8 bits (or 32) to floats on TPU7x, not i%d", ch->name, ST(x, in->opd[k])->width,
                      k ? "rhs" : "lhs", ST(x, in->opd[k])->width);
  if (in->mxu_int_opds == 3 && ch->generation != 7)
    return tsr_fail(TSR_ERR_UNSUPPORTED, "a matmul of integers into a float accumulator on %s: Mosaic's canonicalize_matmul "
                    "converts integer operands of a float accumulator only on TPU7x (make the accumulator i32, or cast the "
                    "operands to a float type)", ch->name);
  return TSR_OK;
}

/* BLAS is loaded: mosaic_c_matmul failed the compilation otherwise. */
tsr_status mosaic_r_matmul(mosaic_exec *x, const mosaic_minst *in) {
  int64_t M = in->a[2], N = in->a[3], K = in->a[4], B = in->a[5];
  bool tl = in->a[0] != 0, tr = in->a[1] != 0;
  int64_t lda, ldb, sa, sb;
  bool a16, b16;
  matmul_operand(x, in, 0, tl ? M : K, M * K, &lda, &sa, &a16);
  matmul_operand(x, in, 1, tr ? K : N, K * N, &ldb, &sb, &b16);
  /* the result in its own buffer, or the accumulator's window (which a step before may have
   * left as the result's memory) */
  int32_t res = in->res[0];
  x->f->data[res] = adds_in_place(x, in, lda, sa, ldb, sb) ? x->f->data[in->opd[2]]
                                                             : (void *)(x->f->values + x->P->data_off[res]);
  if (x->f->data[res] == x->f->data[in->opd[2]]) {
    /* the accumulator is there already */
  } else if (in->acc_zero) {
    const mosaic_stype *o = ST(x, in->res[0]);
    memset(x->f->data[in->res[0]], 0, (size_t)o->n * mosaic_class_size(o->cls));
  } else {
    mosaic_exec_copy_value(x, in->res[0], in->opd[2]);
  }
  mosaic_matmul_add_cost(x, in);
  TSR_TRY(matmul_int_operands_on(x->machine ? tsr_machine_chip(x->machine) : NULL, x, in));
  matmul_band mb = {.in = in};
  int parts = matmul_bands(M, N, K, &mb.band_rows);
  /* Float products are summed as the MXU sums them, pass by pass, and the accumulator added
   * after (docs/numerics.md), as the graph's dots are with TPU numerics; at fp32 precision
   * the products are f32's (HIGHEST's six bf16 passes are not modelled). */
  if (in->cls == MOSAIC_VC_F) {
    const tsr_chip *ch = x->machine ? tsr_machine_chip(x->machine) : NULL;
    mb.depth = ch && ch->mxu_dim > 0 ? ch->mxu_dim : 128;
    mb.pass = (float *)(void *)x->f->scratch + M * K + K * N;
  }
  for (int64_t b = 0; b < B; b++) {
    mb.lda = lda;
    mb.ldb = ldb;
    if (in->cls == MOSAIC_VC_F) {
      const char *pa = x->f->data[in->opd[0]], *pb = x->f->data[in->opd[1]];
      const float *A = (const float *)(const void *)(pa + b * sa * (a16 ? 2 : 4));
      const float *Bm = (const float *)(const void *)(pb + b * sb * (b16 ? 2 : 4));
      dense_job j = {.src = {A, Bm}, .dst = {(float *)(void *)x->f->scratch, (float *)(void *)x->f->scratch + M * K},
                     .rows = {tl ? K : M, tr ? N : K}, .cols = {tl ? M : K, tr ? K : N}, .ld = {lda, ldb},
                     .round = in->mxu_bf16_inputs, .widen = {a16, b16},
                     .from_int = {in->mxu_int_opds & 1, in->mxu_int_opds >> 1 & 1}, .parts = parts};
      for (int o = 0; o < 2; o++)
        j.copy[o] = j.round || j.widen[o] || j.from_int[o] || (j.ld[o] != j.cols[o] && xsmm_enabled());
      if (j.copy[0] || j.copy[1]) run_parts(x, parts, dense_part, &j);
      if (j.copy[0]) A = j.dst[0], mb.lda = j.cols[0];
      if (j.copy[1]) Bm = j.dst[1], mb.ldb = j.cols[1];
      mb.fa = A;
      mb.fb = Bm;
      mb.fc = SF(x, in->res[0]) + b * M * N;
    } else {
      mb.ia = SI(x, in->opd[0]) + b * sa;
      mb.ib = SI(x, in->opd[1]) + b * sb;
      mb.ic = SI(x, in->res[0]) + b * M * N;
    }
    run_parts(x, parts, matmul_rows, &mb);
  }
  const mosaic_stype *o = ST(x, in->res[0]);
  if (o->cls == MOSAIC_VC_F) mosaic_round_to_ek(SF(x, in->res[0]), o->n, o->ek);
  else mosaic_wrap_i32(SI(x, in->res[0]), o->n, o->width);
  return TSR_OK;
}

/* ---- DMAs and semaphores ------------------------------------------------------------------ */

/* a[0] semaphore, a[1] source, a[2] target, a[3] device id, a[4] core id (operand indices or
 * -1); a[5] source semaphore */
tsr_status mosaic_c_dma(mosaic_comp *c, mosaic_minst *in) {
  for (int i = 0; i < 6; i++) in->a[i] = -1;
  int f[7], n[7];
  bool segs = true;
  int nseg = in->op == MOSAIC_MOP_WAIT_DMA2 ? 5 : 7;
  for (int i = 0; i < nseg && segs; i++) segs = mlir_ir_op_segment(c->op, i, &f[i], &n[i]);
  if (in->op == MOSAIC_MOP_WAIT_DMA && !segs) { /* the old form: (semaphore, ref) */
    if (in->nopd != 2) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects a semaphore and a ref");
    in->a[0] = 0;
    in->a[2] = 1;
  } else if (in->op == MOSAIC_MOP_WAIT_DMA2) {
    if (!segs) {
      if (in->nopd != 3) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects semaphore, source and target");
      for (int i = 0; i < 3; i++) f[i] = i, n[i] = 1;
      n[3] = n[4] = 0;
    }
    in->a[0] = f[0];
    in->a[1] = f[1];
    in->a[2] = f[2];
    if (n[3]) in->a[3] = f[3];
    if (n[4]) in->a[4] = f[4];
  } else {
    if (!segs) {
      if (in->nopd != 3) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects source, target and target semaphore");
      f[0] = 0, n[0] = 1, n[1] = 0, f[2] = 1, n[2] = 1, f[3] = 2, n[3] = 1, n[4] = n[5] = n[6] = 0;
    }
    bool wait_src = false;
    if (in->op == MOSAIC_MOP_WAIT_DMA) {
      int64_t wt = 1;
      mlir_ir_op_attr_int(c->op, "wait_target", &wt);
      wait_src = !wt;
    }
    if (n[0] != 1 || n[2] != 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "source and target are required");
    in->a[1] = f[0];
    in->a[2] = f[2];
    if (wait_src) {
      if (!n[1]) return mosaic_comp_fail(c, TSR_ERR_INVALID, "no source semaphore to wait on");
      in->a[0] = f[1];
      in->a[2] = f[0];
    } else {
      if (!n[3]) return mosaic_comp_fail(c, TSR_ERR_INVALID, "no target semaphore");
      in->a[0] = f[3];
    }
    if (n[1] && in->op == MOSAIC_MOP_ENQUEUE_DMA) in->a[5] = f[1];
    if (n[4]) in->a[3] = f[4];
    if (n[5]) in->a[4] = f[5];
    if (n[6]) return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "subcore DMAs");
  }
  for (int i = 0; i < 3; i++)
    if (in->a[i] >= 0 && (in->a[i] >= in->nopd || c->P->types[in->opd[in->a[i]]].cls != MOSAIC_VC_REF))
      return mosaic_comp_fail(c, TSR_ERR_INVALID, "operand %lld must be a memref", (long long)in->a[i]);
  const mosaic_stype *sem = &c->P->types[in->opd[in->a[0]]];
  if (sem->dtype != TSR_DMA_SEM && sem->dtype != TSR_SEM) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects a semaphore");
  /* A DMA may signal a regular semaphore (TPU v6 and later: the machine checks the chip),
   * and then both of its semaphores are regular ones, as Mosaic's verifier requires; what
   * waits for it is a semaphore wait, one per DMA (JAX refuses a DMA wait there). */
  if (in->op != MOSAIC_MOP_ENQUEUE_DMA && sem->dtype == TSR_SEM)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "a DMA wait on a regular semaphore: wait for a DMA that signals one "
                     "with tpu.sem_wait (pl.semaphore_wait), 1 per DMA");
  if (in->a[5] >= 0 && in->a[5] < in->nopd && c->P->types[in->opd[in->a[5]]].dtype != sem->dtype)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "the source and target semaphores must be of one type");
  if (sem->n != 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects a single semaphore, not an array of %lld", (long long)sem->n);
  in->cost = (mosaic_op_cost){.scalar_ops = 1};
  return TSR_OK;
}


/* The device and core a DMA or signal goes to (operand indices a_dev, a_core, or -1: this
 * device, this core's id). */
static void target_of(mosaic_exec *x, const mosaic_minst *in, int64_t a_dev, int64_t a_core, int *device, int *core) {
  *device = a_dev >= 0 ? (int)mosaic_scalar_int(x, in->opd[a_dev]) : tsr_ctx_device_id(x->ctx);
  *core = a_core >= 0 ? (int)mosaic_scalar_int(x, in->opd[a_core]) : -1;
}

/* A DMA from or to a window that reaches into an array's tile padding (mosaic_r_memref_slice): the
 * two sides must have asked for the same shape, and what moves is the part that lies inside
 * both, as on a TPU, where the rest comes from or goes to the padding. The part of a VMEM
 * target that the padding would fill keeps what it held (on a TPU: whatever the padding
 * held). The wait computes the same part, so its byte count matches the start's. */
static tsr_status padded_pair(mosaic_exec *x, int32_t s_src, int32_t s_dst, tsr_ref *src, tsr_ref *dst) {
  if (ST(x, s_src)->pack || ST(x, s_dst)->pack) {
    mosaic_packed_dma pk;
    TSR_TRY(mosaic_packed_dma_pair(x, s_src, s_dst, &pk)); /* refuses a padded window */
    *src = pk.src;
    *dst = pk.dst;
    return TSR_OK;
  }
  *src = *SR(x, s_src);
  *dst = *SR(x, s_dst);
  const int64_t *ps = mosaic_padded_sizes(x, s_src), *pd = mosaic_padded_sizes(x, s_dst);
  if (!ps && !pd) return TSR_OK;
  if (src->rank != dst->rank) return tsr_fail(TSR_ERR_INVALID, "DMA between refs of rank %d and %d", src->rank, dst->rank);
  int64_t zero[TSR_MAX_RANK] = {0}, both[TSR_MAX_RANK];
  for (int k = 0; k < src->rank; k++) {
    int64_t a = ps ? ps[k] : src->shape[k], b = pd ? pd[k] : dst->shape[k];
    if (a != b)
      return tsr_fail(TSR_ERR_INVALID, "DMA between windows of different shapes: dimension %d is %lld in the source "
                      "and %lld in the target (counting the tile padding either reaches into)", k, (long long)a, (long long)b);
    both[k] = src->shape[k] < dst->shape[k] ? src->shape[k] : dst->shape[k];
  }
  tsr_ref s = *src, d = *dst;
  TSR_TRY(tsr_ref_window(&s, zero, both, src));
  return tsr_ref_window(&d, zero, both, dst);
}

/* In a kernel compiled without bounds checks, a DMA whose window was cut at its ref's end
 * (mosaic_r_memref_slice) moves only the part inside, but counts on its semaphore the bytes of the
 * whole window asked for, as a TPU's DMA does (it moves whatever lies there): so a wait built
 * from the same descriptor, or one sized by the bytes asked for, matches it. 0: not cut. */
static int64_t unchecked_bytes(mosaic_exec *x, int32_t s_src, int32_t s_dst) {
  if (!x->unchecked || (!mosaic_padded_sizes(x, s_src) && !mosaic_padded_sizes(x, s_dst))) return 0;
  const int64_t *asked = mosaic_padded_sizes(x, s_dst);
  const tsr_ref *d = SR(x, s_dst);
  if (!asked) return (int64_t)tsr_ref_bytes(d);
  int64_t n = (int64_t)tsr_dtype_size(d->dtype);
  for (int k = 0; k < d->rank; k++) n *= asked[k];
  return n;
}

/* A DMA with a source semaphore, a device id or a core id is a remote copy: the target
 * semaphore is signalled where the target lies, the source semaphore here. */
tsr_status mosaic_r_enqueue_dma(mosaic_exec *x, const mosaic_minst *in) {
  TSR_TRY(mosaic_need_ctx(x));
  tsr_ref sem = mosaic_one_sem(SR(x, in->opd[in->a[0]]));
  int32_t s_src = in->opd[in->a[1]], s_dst = in->opd[in->a[2]];
  mosaic_packed_dma pk = {.field_bits = 0};
  bool packed = ST(x, s_src)->pack || ST(x, s_dst)->pack;
  if (packed) TSR_TRY(mosaic_packed_dma_pair(x, s_src, s_dst, &pk));
  else TSR_TRY(padded_pair(x, s_src, s_dst, &pk.src, &pk.dst));
  const tsr_ref *src = &pk.src, *dst = &pk.dst;
  if (pk.field_bits && (in->mark == MOSAIC_MARK_DMA_IN || in->mark == MOSAIC_MARK_DMA_OUT || in->a[3] >= 0 || in->a[4] >= 0 || in->a[5] >= 0))
    return tsr_fail(TSR_ERR_UNSUPPORTED, "a DMA of int4 fields of a packed view as a pipeline's copy or to another device or core");
  /* int4 fields, or a count other than the copy's bytes (int4 memory on both sides) */
  if (pk.field_bits || (packed && pk.bytes != (int64_t)tsr_ref_bytes(dst))) return mosaic_packed_dma_start(x, &pk, &sem, in->loc);
  if (in->mark == MOSAIC_MARK_DMA_IN || in->mark == MOSAIC_MARK_DMA_OUT) /* a pipeline copy (marks.c) */
    return seam_dma_start(x->ctx, src, dst, &sem, mosaic_mark_dir(in), in->mark_operand, in->mark_bytes);
  int64_t asked = unchecked_bytes(x, in->opd[in->a[1]], in->opd[in->a[2]]);
  if (in->a[3] < 0 && in->a[4] < 0 && in->a[5] < 0)
    return seam_kernel_dma_start(x->ctx, src, dst, &sem, asked, 0, in->loc);
  if (in->a[5] < 0) return tsr_fail(TSR_ERR_INVALID, "a DMA to another device or core needs a source semaphore");
  int device, core;
  target_of(x, in, in->a[3], in->a[4], &device, &core);
  tsr_ref send = mosaic_one_sem(SR(x, in->opd[in->a[5]]));
  return tsr_remote_copy_start(x->ctx, src, dst, &send, &sem, device, core);
}

/* A wait names its own semaphore; the device and core ids of a remote copy's wait say where
 * the copy went, which the semaphore's count already reflects. */
tsr_status mosaic_r_wait_dma(mosaic_exec *x, const mosaic_minst *in) {
  TSR_TRY(mosaic_need_ctx(x));
  tsr_ref sem = mosaic_one_sem(SR(x, in->opd[in->a[0]]));
  if (in->mark == MOSAIC_MARK_DMA_IN || in->mark == MOSAIC_MARK_DMA_OUT)
    return seam_dma_wait(x->ctx, &sem, SR(x, in->opd[in->a[2]]), in->mark_operand, in->mark_bytes);
  /* wait_dma2 names both sides: a copy from or to a padded window moved the part inside
   * both. Otherwise the wait takes the byte count of its target and nothing else: on a TPU
   * it reads the semaphore, not the descriptor's memory, so the two sides are not checked
   * against each other (a packed view's memory holds the bytes the view does, but int4
   * memory, a byte an element here: mosaic_packed_bytes). */
  int64_t asked = unchecked_bytes(x, in->opd[in->a[1] >= 0 ? in->a[1] : in->a[2]], in->opd[in->a[2]]);
  if (asked > 0) return seam_dma_wait(x->ctx, &sem, SR(x, in->opd[in->a[2]]), -1, asked);
  if (in->a[1] >= 0 && (mosaic_padded_sizes(x, in->opd[in->a[1]]) || mosaic_padded_sizes(x, in->opd[in->a[2]]))) {
    tsr_ref src_part, dst_part;
    TSR_TRY(padded_pair(x, in->opd[in->a[1]], in->opd[in->a[2]], &src_part, &dst_part));
    return tsr_dma_wait(x->ctx, &sem, &dst_part);
  }
  const mosaic_stype *dv = ST(x, in->opd[in->a[2]]);
  if (dv->pack) return seam_dma_wait(x->ctx, &sem, SR(x, in->opd[in->a[2]]), -1, mosaic_packed_bytes(dv, SR(x, in->opd[in->a[2]])));
  return tsr_dma_wait(x->ctx, &sem, SR(x, in->opd[in->a[2]]));
}

/* a[0]: amount operand, a[1] device id, a[2] core id */
tsr_status mosaic_c_sem(mosaic_comp *c, mosaic_minst *in) {
  if (in->nopd < 1 || c->P->types[in->opd[0]].cls != MOSAIC_VC_REF || !tsr_dtype_is_semaphore(c->P->types[in->opd[0]].dtype) ||
      c->P->types[in->opd[0]].n != 1)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects a single semaphore");
  in->a[0] = in->a[1] = in->a[2] = -1;
  if (in->op == MOSAIC_MOP_SEM_SIGNAL) {
    int f, n;
    if (mlir_ir_op_segment(c->op, 1, &f, &n)) {
      if (n != 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects an amount");
      in->a[0] = f;
      if (mlir_ir_op_segment(c->op, 2, &f, &n) && n) in->a[1] = f;
      if (mlir_ir_op_segment(c->op, 3, &f, &n) && n) in->a[2] = f;
      if (mlir_ir_op_segment(c->op, 4, &f, &n) && n) return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "subcore signals");
    } else {
      if (in->nopd != 2) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects a semaphore and an amount");
      in->a[0] = 1;
    }
  } else if (in->op == MOSAIC_MOP_SEM_WAIT) {
    if (in->nopd != 2) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects a semaphore and an amount");
    in->a[0] = 1;
  } else if (in->nres != 1 || c->P->types[in->res[0]].cls != MOSAIC_VC_I32) {
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects an i32 result");
  }
  in->cost = (mosaic_op_cost){.scalar_ops = 1};
  return TSR_OK;
}

tsr_status mosaic_r_sem_signal(mosaic_exec *x, const mosaic_minst *in) {
  TSR_TRY(mosaic_need_ctx(x));
  int device, core;
  target_of(x, in, in->a[1], in->a[2], &device, &core);
  tsr_ref sem = mosaic_one_sem(SR(x, in->opd[0]));
  int32_t amount = (int32_t)mosaic_scalar_int(x, in->opd[in->a[0]]);
  if (in->a[1] < 0) return tsr_sem_signal(x->ctx, &sem, amount, core);
  return tsr_sem_signal_device(x->ctx, &sem, amount, device, core);
}

tsr_status mosaic_r_sem_wait(mosaic_exec *x, const mosaic_minst *in) {
  TSR_TRY(mosaic_need_ctx(x));
  tsr_ref sem = mosaic_one_sem(SR(x, in->opd[0]));
  return tsr_sem_wait(x->ctx, &sem, (int32_t)mosaic_scalar_int(x, in->opd[in->a[0]]));
}

tsr_status mosaic_r_sem_read(mosaic_exec *x, const mosaic_minst *in) {
  TSR_TRY(mosaic_need_ctx(x));
  tsr_ref sem = mosaic_one_sem(SR(x, in->opd[0]));
  SI(x, in->res[0])[0] = tsr_sem_read(x->ctx, &sem);
  return TSR_OK;
}

/* ---- ids -------------------------------------------------------------------------------- */

tsr_status mosaic_c_id(mosaic_comp *c, mosaic_minst *in) {
  if (in->nres != 1 || c->P->types[in->res[0]].rank != 0 || c->P->types[in->res[0]].cls != MOSAIC_VC_I32)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects an i32 result");
  if (in->op == MOSAIC_MOP_ITERATION_BOUND && (!mlir_ir_op_attr_int(c->op, "dim", &in->a[0]) || in->a[0] < 0 || in->a[0] >= TSR_MAX_GRID))
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "bad dim");
  in->cost = (mosaic_op_cost){.scalar_ops = 1};
  return TSR_OK;
}

tsr_status mosaic_r_iteration_bound(mosaic_exec *x, const mosaic_minst *in) {
  if (!x->ctx && x->grid) { /* an index map: the call's grid */
    if (in->a[0] >= x->grid_rank) return tsr_fail(TSR_ERR_INVALID, "dim %lld but the grid has rank %d", (long long)in->a[0], x->grid_rank);
    SI(x, in->res[0])[0] = (int32_t)x->grid[in->a[0]];
    return TSR_OK;
  }
  TSR_TRY(mosaic_need_ctx(x));
  if (in->a[0] >= seam_grid_rank(x->ctx)) return tsr_fail(TSR_ERR_INVALID, "dim %lld but the grid has rank %d", (long long)in->a[0], seam_grid_rank(x->ctx));
  SI(x, in->res[0])[0] = (int32_t)tsr_ctx_num_programs(x->ctx, (int)in->a[0]);
  return TSR_OK;
}

/* The logical device id: row-major in the mesh (Pallas lowers MESH coordinates to it with the
 * mesh's strides, so a kernel only ever names logical ids). */
tsr_status mosaic_r_device_id(mosaic_exec *x, const mosaic_minst *in) {
  SI(x, in->res[0])[0] = x->ctx ? tsr_ctx_device_id(x->ctx) : 0;
  return TSR_OK;
}

/* tpu.sem_barrier: the barrier semaphore (pltpu.get_barrier_semaphore), one per core. */
tsr_status mosaic_c_sem_barrier(mosaic_comp *c, mosaic_minst *in) {
  if (in->nres != 1 || c->P->types[in->res[0]].cls != MOSAIC_VC_REF || c->P->types[in->res[0]].dtype != TSR_SEM ||
      c->P->types[in->res[0]].n != 1)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects a single semaphore result");
  in->cost = (mosaic_op_cost){.scalar_ops = 1};
  return TSR_OK;
}

tsr_status mosaic_r_sem_barrier(mosaic_exec *x, const mosaic_minst *in) {
  TSR_TRY(mosaic_need_ctx(x));
  const tsr_ref *b = tsr_ctx_barrier_semaphore(x->ctx);
  if (!b) return tsr_fail(TSR_ERR_INTERNAL, "the call has no barrier semaphore (tsr_call_desc.barrier_semaphore)");
  tsr_ref r = *b;
  const mosaic_stype *t = ST(x, in->res[0]);
  r.rank = t->rank;
  for (int d = 0; d < t->rank; d++) r.shape[d] = 1, r.stride[d] = 1;
  *SR(x, in->res[0]) = r;
  return TSR_OK;
}

tsr_status mosaic_r_core_id(mosaic_exec *x, const mosaic_minst *in) {
  SI(x, in->res[0])[0] = x->ctx ? tsr_ctx_core_id(x->ctx) : 0;
  return TSR_OK;
}

/* ---- logging -------------------------------------------------------------------------------- */

tsr_status mosaic_c_log(mosaic_comp *c, mosaic_minst *in) {
  const mlir_ir_attr *t = mlir_ir_op_attr(c->op, "tag");
  char buf[512] = "";
  if (t && t->kind == MLIR_IR_ATTR_STRING)
    snprintf(buf, sizeof buf, "%.*s", (int)(t->u.string.len > 500 ? 500 : t->u.string.len), t->u.string.data);
  in->aux = mosaic_prog_strdup(c->P, buf);
  if (!in->aux) return mosaic_comp_fail(c, TSR_ERR_NOMEM, "out of host memory");
  int64_t f = 0;
  mlir_ir_op_attr_int(c->op, "formatted", &f);
  in->a[0] = f;
  if (in->op == MOSAIC_MOP_LOG_BUFFER && (in->nopd != 1 || c->P->types[in->opd[0]].cls != MOSAIC_VC_REF))
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects a memref");
  for (int i = 0; in->op == MOSAIC_MOP_LOG && i < in->nopd; i++)
    if (c->P->types[in->opd[i]].rank != 0 || c->P->types[in->opd[i]].cls == MOSAIC_VC_REF)
      return mosaic_comp_fail(c, TSR_ERR_INVALID, "tpu.log prints scalars");
  in->cost = (mosaic_op_cost){.scalar_ops = 1};
  return TSR_OK;
}

static void print_scalar(FILE *f, const mosaic_exec *x, int32_t s) {
  const mosaic_stype *t = ST(x, s);
  if (t->cls == MOSAIC_VC_F) fprintf(f, "%.9g", (double)SF(x, s)[0]);
  else if (t->cls == MOSAIC_VC_I64) fprintf(f, "%lld", (long long)SL(x, s)[0]);
  else if (t->width == 1) fprintf(f, "%s", SI(x, s)[0] ? "true" : "false");
  else fprintf(f, "%d", SI(x, s)[0]);
}

/* One line per call: the tag with each placeholder ({} or a printf conversion) replaced by
 * the next value when formatted, else the tag then the values separated by spaces. */
tsr_status mosaic_r_log(mosaic_exec *x, const mosaic_minst *in) {
  const char *tag = in->aux;
  int next = 0;
  flockfile(stdout);
  if (in->a[0]) {
    for (const char *p = tag; *p; p++) {
      if (next < in->nopd && p[0] == '{' && p[1] == '}') {
        print_scalar(stdout, x, in->opd[next++]);
        p++;
      } else if (next < in->nopd && p[0] == '%' && p[1] && strchr("dfisuxge", p[1])) {
        print_scalar(stdout, x, in->opd[next++]);
        p++;
      } else {
        putc_unlocked(*p, stdout);
      }
    }
  } else {
    fputs(tag, stdout);
  }
  for (; next < in->nopd; next++) {
    putc_unlocked(' ', stdout);
    print_scalar(stdout, x, in->opd[next]);
  }
  putc_unlocked('\n', stdout);
  funlockfile(stdout);
  fflush(stdout);
  return TSR_OK;
}

tsr_status mosaic_r_log_buffer(mosaic_exec *x, const mosaic_minst *in) {
  const tsr_ref *r = SR(x, in->opd[0]);
  int64_t n = tsr_ref_numel(r);
  if (n > (1 << 20)) return tsr_fail(TSR_ERR_INVALID, "log_buffer of %lld elements", (long long)n);
  int cls = tsr_dtype_is_float(r->dtype) ? MOSAIC_VC_F : tsr_dtype_size(r->dtype) == 8 ? MOSAIC_VC_I64 : MOSAIC_VC_I32;
  char *tmp = malloc((size_t)(n ? n : 1) * 8);
  if (!tmp) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  mosaic_mem_read(r, tmp, cls);
  flockfile(stdout);
  fprintf(stdout, "%s: ", (const char *)in->aux);
  int64_t idx[TSR_MAX_RANK] = {0};
  for (int k = 0; k < r->rank; k++) putc_unlocked('[', stdout);
  for (int64_t i = 0; i < n; i++) {
    if (cls == MOSAIC_VC_F) fprintf(stdout, "%.9g", (double)((float *)(void *)tmp)[i]);
    else if (cls == MOSAIC_VC_I64) fprintf(stdout, "%lld", (long long)((int64_t *)(void *)tmp)[i]);
    else fprintf(stdout, "%d", ((int32_t *)(void *)tmp)[i]);
    int closed = 0;
    for (int k = r->rank - 1; k >= 0; k--) {
      if (++idx[k] < r->shape[k]) break;
      idx[k] = 0;
      closed++;
    }
    for (int k = 0; k < closed; k++) putc_unlocked(']', stdout);
    if (i + 1 < n) {
      putc_unlocked(closed ? '\n' : ' ', stdout);
      for (int k = 0; closed && k < closed; k++) putc_unlocked('[', stdout);
    }
  }
  if (n == 0)
    for (int k = 0; k < r->rank; k++) putc_unlocked(']', stdout);
  putc_unlocked('\n', stdout);
  funlockfile(stdout);
  fflush(stdout);
  free(tmp);
  return TSR_OK;
}

/* ---- PRNG ----------------------------------------------------------------------------------- */

tsr_status mosaic_c_prng_seed(mosaic_comp *c, mosaic_minst *in) {
  if (in->nres != 0) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects no results");
  for (int i = 0; i < in->nopd; i++) {
    const mosaic_stype *t = &c->P->types[in->opd[i]];
    if (t->rank != 0 || t->cls == MOSAIC_VC_F || t->cls == MOSAIC_VC_REF) return mosaic_comp_fail(c, TSR_ERR_INVALID, "seed %d is not an integer scalar", i);
  }
  in->cost = (mosaic_op_cost){.scalar_ops = 1};
  return TSR_OK;
}

tsr_status mosaic_c_prng_bits(mosaic_comp *c, mosaic_minst *in) {
  if (in->nopd != 0 || in->nres != 1 || c->P->types[in->res[0]].cls != MOSAIC_VC_I32)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects no operands and a result of 32-bit integers");
  in->cost = (mosaic_op_cost){.vpu_ops = (double)c->P->types[in->res[0]].n};
  return TSR_OK;
}

tsr_status mosaic_r_prng_seed(mosaic_exec *x, const mosaic_minst *in) {
  if (!x->prng_seed) return tsr_fail(TSR_ERR_INVALID, "the PRNG needs a kernel context");
  uint32_t s = 0;
  for (int i = 0; i < in->nopd; i++) s = mosaic_prng(s ^ (uint32_t)mosaic_scalar_int(x, in->opd[i]), (uint64_t)i);
  *x->prng_seed = s;
  *x->prng_counter = 0;
  return TSR_OK;
}

tsr_status mosaic_r_prng_bits(mosaic_exec *x, const mosaic_minst *in) {
  if (!x->prng_seed) return tsr_fail(TSR_ERR_INVALID, "the PRNG needs a kernel context");
  const mosaic_stype *r = ST(x, in->res[0]);
  if (r->cls != MOSAIC_VC_I32) return tsr_fail(TSR_ERR_UNSUPPORTED, "random bits of a non-32-bit class");
  int32_t *d = SI(x, in->res[0]);
  for (int64_t i = 0; i < r->n; i++) d[i] = mosaic_sext32(mosaic_prng(*x->prng_seed, (*x->prng_counter)++), r->width);
  return TSR_OK;
}
