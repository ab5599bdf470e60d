/* Ops on refs: vector and scalar loads and stores (masks, strides, accumulate), memref views
 * (slice, squeeze, reshape, bitcast), scoped allocations, and the conversions between a
 * memory dtype and a value's compute class. Every access is bounds-checked against its ref;
 * with observers on the machine each vector access is reported as TSR_EV_ACCESS. */
#include <stdlib.h>
#include <string.h>

#include "core/dtype.h"
#include "core/strided.h"
#include "mosaic/def_use.h"
#include "mosaic/mosaic_internal.h"

/* ---- conversions ------------------------------------------------------------------------ */

static void read_row(const char *p, int64_t stride, int64_t n, tsr_dtype dt, void *dst, int64_t off) {
  size_t es = tsr_dtype_size(dt);
  int64_t sb = stride * (int64_t)es;
  switch (dt) {
  case TSR_F32: {
    float *d = (float *)dst + off;
    if (stride == 1) memcpy(d, p, (size_t)n * 4);
    else for (int64_t i = 0; i < n; i++) memcpy(&d[i], p + i * sb, 4);
    break;
  }
  case TSR_BF16: case TSR_F16: {
    float *d = (float *)dst + off;
    if (dt == TSR_BF16 && stride == 1) { /* bf16 is f32's upper half: a loop that vectorises */
      for (int64_t i = 0; i < n; i++) {
        uint16_t h;
        memcpy(&h, p + 2 * i, 2);
        uint32_t w = (uint32_t)h << 16;
        memcpy(&d[i], &w, 4);
      }
      break;
    }
    for (int64_t i = 0; i < n; i++) {
      uint16_t u;
      memcpy(&u, p + i * sb, 2);
      d[i] = dt == TSR_BF16 ? tsr_bf16_to_f32(u) : tsr_f16_to_f32(u);
    }
    break;
  }
  case TSR_I32: case TSR_U32: {
    int32_t *d = (int32_t *)dst + off;
    if (stride == 1) memcpy(d, p, (size_t)n * 4);
    else for (int64_t i = 0; i < n; i++) memcpy(&d[i], p + i * sb, 4);
    break;
  }
  case TSR_BOOL: {
    int32_t *d = (int32_t *)dst + off;
    for (int64_t i = 0; i < n; i++) { int32_t v; memcpy(&v, p + i * sb, 4); d[i] = v ? -1 : 0; }
    break;
  }
  case TSR_I16: case TSR_U16: {
    int32_t *d = (int32_t *)dst + off;
    for (int64_t i = 0; i < n; i++) { int16_t v; memcpy(&v, p + i * sb, 2); d[i] = v; }
    break;
  }
  case TSR_I8: case TSR_U8: {
    int32_t *d = (int32_t *)dst + off;
    for (int64_t i = 0; i < n; i++) d[i] = (int8_t)p[i * sb];
    break;
  }
  case TSR_I4: { /* a byte an element; the low nibble is the value */
    int32_t *d = (int32_t *)dst + off;
    for (int64_t i = 0; i < n; i++) d[i] = mosaic_sext32((uint8_t)p[i * sb], 4);
    break;
  }
  case TSR_F8E4M3FN: case TSR_F8E5M2: case TSR_F8E4M3B11FNUZ: case TSR_F8E8M0FNU: {
    float *d = (float *)dst + off;
    for (int64_t i = 0; i < n; i++) d[i] = (float)dtype_load_f64(dt, p, i * sb);
    break;
  }
  default: { /* 64-bit integers (index memrefs) */
    int64_t *d = (int64_t *)dst + off;
    for (int64_t i = 0; i < n; i++) memcpy(&d[i], p + i * sb, 8);
    break;
  }
  }
}

static void write_row(char *p, int64_t stride, int64_t n, tsr_dtype dt, const void *src, int64_t off,
                      const int32_t *mask, bool add) {
  size_t es = tsr_dtype_size(dt);
  int64_t sb = stride * (int64_t)es;
  if ((dt == TSR_F32 || dt == TSR_I32 || dt == TSR_U32) && stride == 1 && !mask && !add) { /* the bits as held */
    memcpy(p, (const float *)src + off, (size_t)n * 4);
    return;
  }
  for (int64_t i = 0; i < n; i++) {
    if (mask && !mask[off + i]) continue;
    char *q = p + i * sb;
    switch (dt) {
    case TSR_F32: {
      float v = ((const float *)src)[off + i];
      if (add) { float o; memcpy(&o, q, 4); v += o; }
      memcpy(q, &v, 4);
      break;
    }
    case TSR_BF16: case TSR_F16: {
      float v = ((const float *)src)[off + i];
      uint16_t u;
      if (add) {
        memcpy(&u, q, 2);
        v += dt == TSR_BF16 ? tsr_bf16_to_f32(u) : tsr_f16_to_f32(u);
      }
      u = dt == TSR_BF16 ? tsr_f32_to_bf16(v) : tsr_f32_to_f16(v);
      memcpy(q, &u, 2);
      break;
    }
    case TSR_F8E4M3FN: case TSR_F8E5M2: case TSR_F8E4M3B11FNUZ: case TSR_F8E8M0FNU: {
      float v = ((const float *)src)[off + i];
      if (add) v += (float)dtype_load_f64(dt, q, 0);
      *q = (char)(dt == TSR_F8E4M3FN ? tsr_f32_to_f8e4m3fn(v) : dt == TSR_F8E5M2 ? tsr_f32_to_f8e5m2(v)
                  : dt == TSR_F8E4M3B11FNUZ ? tsr_f32_to_f8e4m3b11fnuz(v) : tsr_f32_to_f8e8m0fnu(v));
      break;
    }
    case TSR_I64: case TSR_U64: {
      int64_t v = ((const int64_t *)src)[off + i];
      if (add) { int64_t o; memcpy(&o, q, 8); v = (int64_t)((uint64_t)v + (uint64_t)o); }
      memcpy(q, &v, 8);
      break;
    }
    default: {
      int32_t v = ((const int32_t *)src)[off + i];
      if (dt == TSR_BOOL) v = v ? 1 : 0;
      if (add) {
        int32_t o = 0;
        if (es == 4) memcpy(&o, q, 4);
        else if (es == 2) { int16_t h; memcpy(&h, q, 2); o = h; }
        else o = (int8_t)*q;
        v = (int32_t)((uint32_t)v + (uint32_t)o);
      }
      if (dt == TSR_I4) v = mosaic_sext32(v, 4); /* int4: the byte holds the value sign-extended */
      if (es == 4) memcpy(q, &v, 4);
      else if (es == 2) { int16_t h = (int16_t)v; memcpy(q, &h, 2); }
      else *q = (char)(int8_t)v;
      break;
    }
    }
  }
}

/* Row by row, with dimensions merged where memory runs on without a gap (strided_collapse):
 * a whole contiguous block is one row, a (128,1) column of a contiguous scratch one row of
 * 128, not 128 rows of one. The value is dense, in the window's row-major order. */
void mosaic_mem_read(const tsr_ref *r, void *dst, int cls) {
  (void)cls;
  strided_rows w;
  if (!strided_rows_start(&w, r->rank, r->shape, r->stride, NULL)) return;
  int64_t es = (int64_t)tsr_dtype_size(r->dtype);
  do read_row(r->data + w.at[0] * es, w.step[0], w.len, r->dtype, dst, w.row * w.len);
  while (strided_rows_next(&w));
}

void mosaic_mem_write(const tsr_ref *r, const void *src, int cls, const int32_t *mask, bool add) {
  (void)cls;
  strided_rows w;
  if (!strided_rows_start(&w, r->rank, r->shape, r->stride, NULL)) return;
  int64_t es = (int64_t)tsr_dtype_size(r->dtype);
  do write_row(r->data + w.at[0] * es, w.step[0], w.len, r->dtype, src, w.row * w.len, mask, add);
  while (strided_rows_next(&w));
}

void mosaic_emit_access(mosaic_exec *x, const mosaic_minst *in, const tsr_ref *r, bool write) {
  if (!x->ctx) return;
  tsr_event ev = {.kind = TSR_EV_ACCESS, .dst = r, .write = write, .loc = in->loc, .operand = -1};
  seam_emit(x->ctx, &ev);
}

/* ---- windows ---------------------------------------------------------------------------- */

static bool dtype_fits(tsr_dtype mem, const mosaic_stype *v) {
  if (mem == v->dtype) return true;
  size_t a = tsr_dtype_size(mem);
  bool mf = tsr_dtype_is_float(mem), vf = v->cls == MOSAIC_VC_F;
  if (mf || vf) return false;
  if (mem == TSR_BOOL || v->dtype == TSR_BOOL) return false;
  return a * 8 == v->width || (a == 8 && v->cls == MOSAIC_VC_I64);
}

/* The view a load or store touches: indices from operand `first`, the vector's shape on the
 * trailing dimensions, optional strides (0: every index of the vector at one element). */
static tsr_status window(mosaic_exec *x, const mosaic_minst *in, const tsr_ref *r, int first, int vrank,
                         const int64_t *vshape, const int64_t *strides, tsr_ref *out) {
  int rr = r->rank;
  if (!r->data && tsr_ref_numel(r) > 0) return tsr_fail(TSR_ERR_INVALID, "memref has no data");
  *out = *r;
  int64_t off = 0;
  int lead = rr - vrank;
  for (int k = 0; k < rr; k++) {
    int64_t start = mosaic_scalar_int(x, in->opd[first + k]);
    int64_t size = k < lead ? 1 : vshape[k - lead];
    int64_t st = strides ? strides[k] : 1;
    if (start < 0 || st < 0 || (size > 0 && start + (size - 1) * st >= r->shape[k])) {
      char sh[96];
      return tsr_fail(TSR_ERR_BOUNDS, "index %lld (size %lld, stride %lld) in dimension %d is out of bounds of %s",
                      (long long)start, (long long)size, (long long)st, k, tsr_ref_describe(r, sh, sizeof sh));
    }
    off += start * r->stride[k];
    out->shape[k] = size;
    out->stride[k] = r->stride[k] * st;
  }
  out->data = r->data + off * (int64_t)tsr_dtype_size(r->dtype);
  /* drop the leading unit dimensions the vector does not have */
  if (lead > 0) {
    for (int k = 0; k < vrank; k++) {
      out->shape[k] = out->shape[k + lead];
      out->stride[k] = out->stride[k + lead];
    }
    out->rank = vrank;
  }
  return TSR_OK;
}

/* ---- accesses outside their refs (disable_bounds_checks) --------------------------------- */

/* Keeps the first op of the call that reached outside its ref, for the call's warning. */
static void note_outside(mosaic_exec *x, const mosaic_minst *in) {
  const mosaic_minst *none = NULL;
  if (x->outside) __atomic_compare_exchange_n(x->outside, &none, in, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

/* The part of a load's or store's window (as window() reads it) that lies inside its ref: a
 * view `part` of it, and per ref dimension where the part starts in the vector's index (lo)
 * and how many elements it has (cnt). False when no element is inside. */
static bool clip_window(mosaic_exec *x, const mosaic_minst *in, const tsr_ref *r, int first, int vrank, const int64_t *vshape,
                        const int64_t *strides, tsr_ref *part, int64_t *lo, int64_t *cnt) {
  __extension__ typedef __int128 wide; /* start + i * stride, for any int64 index and stride */
  int rr = r->rank, lead = rr - vrank;
  *part = *r;
  wide off = 0;
  for (int k = 0; k < rr; k++) {
    int64_t start = mosaic_scalar_int(x, in->opd[first + k]);
    int64_t size = k < lead ? 1 : vshape[k - lead];
    int64_t st = strides ? strides[k] : 1; /* at least 1 (decode_mem) */
    /* element i is inside when 0 <= start + i * st < shape */
    wide a = start < 0 ? ((wide)-(wide)start + st - 1) / st : 0;
    wide b = start >= r->shape[k] ? 0 : ((wide)r->shape[k] - start + st - 1) / st;
    if (b > size) b = size;
    if (a >= b) return false;
    lo[k] = (int64_t)a;
    cnt[k] = (int64_t)(b - a);
    off += ((wide)start + a * st) * r->stride[k];
    part->shape[k] = cnt[k];
    part->stride[k] = r->stride[k] * st;
  }
  part->data = r->data + (int64_t)off * (int64_t)tsr_dtype_size(r->dtype);
  return true;
}

/* Copies between the dense vector (the window's shape, row-major, `es` bytes an element) and
 * the dense block of its elements that clip_window found inside (cnt elements from lo). */
static void clip_copy(char *vec, char *part, int rr, int vrank, const int64_t *vshape, const int64_t *lo,
                      const int64_t *cnt, size_t es, bool to_part) {
  int lead = rr - vrank;
  int64_t n = 1, idx[TSR_MAX_RANK] = {0};
  for (int k = lead; k < rr; k++) n *= cnt[k];
  for (int64_t i = 0; i < n; i++) {
    int64_t at = 0;
    for (int k = lead; k < rr; k++) at = at * vshape[k - lead] + lo[k] + idx[k];
    if (to_part) memcpy(part + (size_t)i * es, vec + (size_t)at * es, es);
    else memcpy(vec + (size_t)at * es, part + (size_t)i * es, es);
    for (int k = rr - 1; k >= lead && ++idx[k] == cnt[k]; k--) idx[k] = 0;
  }
}

/* A load whose window reaches outside its ref, with bounds checks disabled: the elements inside
 * are read, the others read as poison (what fresh memory holds: all bits set, a NaN or -1). */
static tsr_status clipped_load(mosaic_exec *x, const mosaic_minst *in) {
  const mosaic_stype *v = ST(x, in->res[0]);
  const tsr_ref *r = SR(x, in->opd[0]);
  size_t es = mosaic_class_size(v->cls);
  char *dst = x->f->data[in->res[0]] = x->f->values + x->P->data_off[in->res[0]];
  memset(dst, 0xFF, (size_t)v->n * es);
  tsr_ref part;
  int64_t lo[TSR_MAX_RANK], cnt[TSR_MAX_RANK];
  note_outside(x, in);
  if (!clip_window(x, in, r, (int)in->a[0], v->rank, v->shape, in->ints, &part, lo, cnt)) return TSR_OK;
  char *tmp = malloc((size_t)tsr_ref_numel(&part) * es);
  if (!tmp) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  mosaic_mem_read(&part, tmp, v->cls);
  clip_copy(dst, tmp, r->rank, v->rank, v->shape, lo, cnt, es, false);
  free(tmp);
  if (x->carry) seam_report_access(x->carry, &part, true, false);
  if (x->observed) mosaic_emit_access(x, in, &part, false);
  return TSR_OK;
}

/* A store whose window reaches outside its ref, with bounds checks disabled: the elements inside
 * are written (as the mask and sublane mask allow), the others nowhere. */
static tsr_status clipped_store(mosaic_exec *x, const mosaic_minst *in) {
  const mosaic_stype *v = ST(x, in->opd[0]);
  const tsr_ref *r = SR(x, in->opd[1]);
  size_t es = mosaic_class_size(v->cls);
  tsr_ref part;
  int64_t lo[TSR_MAX_RANK], cnt[TSR_MAX_RANK];
  note_outside(x, in);
  if (!clip_window(x, in, r, (int)in->a[0], v->rank, v->shape, in->ints, &part, lo, cnt)) return TSR_OK;
  int64_t n = tsr_ref_numel(&part);
  /* the element mask of the whole vector: the mask operand's lanes and the sublane mask's rows */
  int32_t *mask = malloc((size_t)v->n * 4 + (size_t)n * 4);
  char *tmp = malloc((size_t)n * es);
  if (!mask || !tmp) {
    free(mask);
    free(tmp);
    return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  }
  const int32_t *m = in->a[1] >= 0 ? SI(x, in->opd[in->a[1]]) : NULL;
  const int64_t *rows = in->aux;
  int64_t cols = v->rank ? v->shape[v->rank - 1] : 1, nr = v->rank >= 2 ? v->shape[v->rank - 2] : 1;
  for (int64_t i = 0; i < v->n; i++) mask[i] = (!m || m[i]) && (!rows || rows[(i / cols) % nr]) ? -1 : 0;
  int32_t *part_mask = mask + v->n;
  clip_copy((char *)mask, (char *)part_mask, r->rank, v->rank, v->shape, lo, cnt, 4, true);
  clip_copy((char *)x->f->data[in->opd[0]], tmp, r->rank, v->rank, v->shape, lo, cnt, es, true);
  if (x->carry) seam_report_access(x->carry, &part, in->a[3] != 0, false);
  mosaic_mem_write(&part, tmp, v->cls, part_mask, in->a[3] != 0);
  free(tmp);
  free(mask);
  if (x->observed) mosaic_emit_access(x, in, &part, true);
  return TSR_OK;
}

/* ---- compile steps ---------------------------------------------------------------------- */

static bool segment(mosaic_comp *c, int seg, int *first, int *count) { return mlir_ir_op_segment(c->op, seg, first, count); }

/* a[0]: first index operand; a[1]: mask operand or -1; a[2]: value operand (stores);
 * ints: strides per ref dimension (NULL: unit). */
static tsr_status decode_mem(mosaic_comp *c, mosaic_minst *in, bool store) {
  int base = store ? 1 : 0;
  if (in->nopd < base + 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "missing operands");
  const mosaic_stype *r = &c->P->types[in->opd[base]];
  if (r->cls != MOSAIC_VC_REF) return mosaic_comp_fail(c, TSR_ERR_INVALID, "operand %d is not a memref", base);
  int first, count;
  int mask = -1;
  if (segment(c, base + 1, &first, &count)) {
    int mf, mc;
    if (segment(c, base + 2, &mf, &mc) && mc == 1) mask = mf;
  } else {
    first = base + 1;
    count = in->nopd - first;
  }
  if (count != r->rank) return mosaic_comp_fail(c, TSR_ERR_INVALID, "%d indices for a memref of rank %d", count, r->rank);
  for (int k = 0; k < count; k++) {
    const mosaic_stype *t = &c->P->types[in->opd[first + k]];
    if (t->rank != 0 || (t->cls != MOSAIC_VC_I32 && t->cls != MOSAIC_VC_I64)) return mosaic_comp_fail(c, TSR_ERR_INVALID, "index %d is not an integer scalar", k);
  }
  const mosaic_stype *v = store ? &c->P->types[in->opd[0]] : &c->P->types[in->res[0]];
  if (v->cls == MOSAIC_VC_REF) return mosaic_comp_fail(c, TSR_ERR_INVALID, "value is a memref");
  if (v->rank > r->rank) return mosaic_comp_fail(c, TSR_ERR_INVALID, "vector rank %d exceeds the memref rank %d", v->rank, r->rank);
  if (!dtype_fits(r->dtype, v))
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "memref element %s does not match the value's element type", tsr_dtype_name(r->dtype));
  if (mask >= 0) {
    const mosaic_stype *m = &c->P->types[in->opd[mask]];
    if (m->cls != MOSAIC_VC_I32 || m->n != v->n) return mosaic_comp_fail(c, TSR_ERR_INVALID, "mask must be an i1 vector of the value's shape");
  }
  in->a[0] = first;
  in->a[1] = mask;
  in->a[2] = 0;
  int64_t st[TSR_MAX_RANK];
  int64_t ns = mosaic_comp_ints(c, "strides", st, TSR_MAX_RANK);
  if (ns == 0) ns = -1; /* `strides = []`: unit strides */
  int64_t sub = -1;
  if (mlir_ir_op_attr_int(c->op, "sublane_stride", &sub) && sub > 1 && r->rank >= 2) {
    ns = r->rank;
    for (int k = 0; k < ns; k++) st[k] = k == ns - 2 ? sub : 1;
  }
  if (ns > 0) {
    if (ns != r->rank) return mosaic_comp_fail(c, TSR_ERR_INVALID, "%lld strides for a memref of rank %d", (long long)ns, r->rank);
    /* stride 0 reads one element along that dimension for every index of the vector (a
     * broadcast read, as production kernels replicate a scale across sublanes), and a store
     * of stride 0 writes each element there in turn: the last one stays */
    for (int k = 0; k < ns; k++)
      if (st[k] < 0) return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "stride %lld in dimension %d", (long long)st[k], k);
    in->ints = mosaic_prog_alloc(c->P, sizeof(int64_t) * (size_t)ns);
    if (!in->ints) return mosaic_comp_fail(c, TSR_ERR_NOMEM, "out of host memory");
    memcpy(in->ints, st, sizeof(int64_t) * (size_t)ns);
    in->nints = (int)ns;
  }
  /* tpu.store's sublane mask: one flag per row (second-minor index) of the value */
  const mlir_ir_attr *sm = mlir_ir_op_attr(c->op, "sublane_mask");
  if (sm && store && v->rank >= 2) {
    int64_t rows = v->shape[v->rank - 2];
    int64_t *flags = mosaic_prog_alloc(c->P, sizeof(int64_t) * (size_t)(rows + 1));
    if (!flags) return mosaic_comp_fail(c, TSR_ERR_NOMEM, "out of host memory");
    if (mlir_ir_attr_ints(sm, flags, rows) != rows) return mosaic_comp_fail(c, TSR_ERR_INVALID, "sublane_mask needs %lld entries", (long long)rows);
    in->aux = flags;
  }
  int64_t add = 0;
  mlir_ir_op_attr_int(c->op, "add", &add);
  in->a[3] = add;
  in->cost = (mosaic_op_cost){.vector_bytes = (double)v->n * (double)tsr_dtype_size(r->dtype)};
  if (v->rank == 0) in->cost = (mosaic_op_cost){.scalar_ops = 1};
  in->observe = true;
  return TSR_OK;
}

tsr_status mosaic_c_load(mosaic_comp *c, mosaic_minst *in) {
  if (in->nres != 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects one result");
  return decode_mem(c, in, false);
}

tsr_status mosaic_c_store(mosaic_comp *c, mosaic_minst *in) {
  if (in->nres != 0) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects no result");
  return decode_mem(c, in, true);
}

tsr_status mosaic_c_mload(mosaic_comp *c, mosaic_minst *in) {
  TSR_TRY(mosaic_c_load(c, in));
  if (c->P->types[in->res[0]].rank != 0) return mosaic_comp_fail(c, TSR_ERR_INVALID, "memref.load gives a scalar");
  return TSR_OK;
}

tsr_status mosaic_c_mstore(mosaic_comp *c, mosaic_minst *in) {
  TSR_TRY(mosaic_c_store(c, in));
  if (c->P->types[in->opd[0]].rank != 0) return mosaic_comp_fail(c, TSR_ERR_INVALID, "memref.store takes a scalar");
  return TSR_OK;
}

/* ---- run -------------------------------------------------------------------------------- */

/* A row-major dense window of 4-byte elements, aligned for them. */
static bool dense_aligned(const tsr_ref *w) {
  if ((uintptr_t)w->data % 4 != 0) return false;
  int64_t want = 1;
  for (int k = w->rank - 1; k >= 0; k--) {
    if (w->shape[k] == 1) continue;
    if (w->stride[k] != want) return false;
    want *= w->shape[k];
  }
  return true;
}

/* A window aligned for its elements whose last dimension is dense and whose rows do not
 * overlap: what a BLAS takes with a leading dimension per matrix (ops_tpu.c). */
static bool rows_dense(const tsr_ref *w) {
  if ((uintptr_t)w->data % tsr_dtype_size(w->dtype) != 0 || w->rank < 2) return false;
  int r = w->rank;
  if (w->shape[r - 1] > 1 && w->stride[r - 1] != 1) return false;
  return w->stride[r - 2] >= w->shape[r - 1] && w->stride[r - 2] >= 1 && w->stride[r - 2] <= INT32_MAX;
}

/* Whether a load's window (as window() reads it), outside its ref, still lies inside the tile
 * padding of an SMEM ref's layout. Mosaic lays out every memref argument of a kernel in whole
 * tiles (infer_memref_layout.cc): its last two dimensions rounded up to the tiling (as HBM
 * arrays: seam_array_padded_shape), a rank-1 memref to whole groups of 128 32-bit words at
 * least, and the kernel's memref then has that padded shape; an index into the padding reads
 * the padding, bounds checks or not. Production kernels read prefetched metadata there
 * (tpu-inference's KV cache update reads slices[1, i] for every i < its block of 64 slices of
 * a [3, 7] array, and discards the value), and pass on a TPU. Only SMEM, which those scalar
 * reads use, and only the kernel's own arguments, whose refs are their whole buffers: past a
 * view's end lies other data. */
static bool load_in_tile_padding(mosaic_exec *x, const mosaic_minst *in, int first, int vrank, const int64_t *vshape,
                                 const int64_t *strides) {
  int32_t slot = in->opd[0];
  bool arg = false;
  for (int i = 0; i < x->P->nargs && !arg; i++) arg = x->P->args[i] == slot;
  const tsr_ref *r = SR(x, slot);
  if (!arg || !x->ctx || r->rank < 1 || r->space != TSR_SMEM) return false;
  int64_t padded[TSR_MAX_RANK];
  if (r->rank >= 2) {
    seam_array_padded_shape(x->ctx, r, padded);
  } else {
    size_t es = tsr_dtype_size(r->dtype);
    int64_t group = 128 * (es && es < 4 ? 4 / (int64_t)es : 1);
    padded[0] = (r->shape[0] + group - 1) / group * group;
  }
  int lead = r->rank - vrank;
  for (int k = 0; k < r->rank; k++) {
    int64_t start = mosaic_scalar_int(x, in->opd[first + k]);
    int64_t size = k < lead ? 1 : vshape[k - lead];
    int64_t st = strides ? strides[k] : 1;
    if (start < 0 || st < 0 || (size > 0 && start + (size - 1) * st >= padded[k])) return false;
  }
  return true;
}

tsr_status mosaic_oob_read(mosaic_exec *x, const mosaic_minst *in, tsr_status s, tsr_dtype mem, bool padding) {
  if (s == TSR_ERR_BOUNDS && x->oob_raise && !padding) { /* the option that would run it on, named */
    char why[1024];
    snprintf(why, sizeof why, "%s", tsr_last_error());
    return tsr_fail(s, "%s (out_of_bounds_reads=\"uninitialized\" gives such a read poison and a warning instead)", why);
  }
  if (s != TSR_ERR_BOUNDS || !x->machine) return s;
  const mosaic_stype *v = ST(x, in->res[0]);
  /* the dtype's poison bytes, read as the value's elements (NaN for floats) */
  unsigned char bytes[8];
  memset(bytes, dtype_traits_of(mem)->poison, sizeof bytes);
  tsr_dtype as = tsr_dtype_size(mem) <= 8 && !tsr_dtype_is_semaphore(mem) ? mem : TSR_I32;
  if (v->cls == MOSAIC_VC_F && !tsr_dtype_is_float(as)) as = TSR_F32;
  void *dst = x->f->data[in->res[0]] = x->f->values + x->P->data_off[in->res[0]];
  if (in->mxu_view) x->f->refs[in->res[0]].data = NULL; /* the value is dense, not a window (do_load) */
  read_row((const char *)bytes, 0, v->n, as, dst, 0);
  if (!__atomic_exchange_n(&x->oob_seen[in - x->P->insts], 1, __ATOMIC_RELAXED))
    seam_warn(x->machine, padding ? "out-of-bounds read into the tile padding (a TPU reads what the padding holds; it gave "
              "poison): op %s at %s: %s" : "out-of-bounds read (out_of_bounds_reads=uninitialized: it gave poison): op %s at %s: %s",
              in->name, in->loc, tsr_last_error());
  return TSR_OK;
}

/* A masked load's masked-off lanes read as zero. */
static void zero_masked_lanes(mosaic_exec *x, const mosaic_minst *in, const mosaic_stype *v) {
  if (in->a[1] < 0) return;
  const int32_t *m = SI(x, in->opd[in->a[1]]);
  size_t es = mosaic_class_size(v->cls);
  for (int64_t i = 0; i < v->n; i++)
    if (!m[i]) memset((char *)x->f->data[in->res[0]] + (size_t)i * es, 0, es);
}

static tsr_status do_load(mosaic_exec *x, const mosaic_minst *in) {
  if (ST(x, in->opd[0])->pack) return mosaic_packed_load(x, in);
  const mosaic_stype *v = ST(x, in->res[0]);
  tsr_ref w;
  tsr_status s = window(x, in, SR(x, in->opd[0]), (int)in->a[0], v->rank, v->shape, in->ints, &w);
  if (s == TSR_ERR_BOUNDS && x->unchecked) { /* CompilerParams(disable_bounds_checks=True) */
    tsr_clear_error();
    if (in->mxu_view) x->f->refs[in->res[0]].data = NULL; /* dense */
    TSR_TRY(clipped_load(x, in));
    zero_masked_lanes(x, in, v);
    return TSR_OK;
  }
  if (s != TSR_OK) /* out_of_bounds_reads, or the tile padding */
    return mosaic_oob_read(x, in, s, SR(x, in->opd[0])->dtype,
                    s == TSR_ERR_BOUNDS && load_in_tile_padding(x, in, (int)in->a[0], v->rank, v->shape, in->ints));
  if (x->carry && !in->unused) seam_report_access(x->carry, &w, true, false);
  /* unused.c: nothing reads the value, so nothing is copied (an output block written in place
   * is a strided view of HBM, whose copy would cost a pass over the block every step) */
  if (in->mxu_view) x->f->refs[in->res[0]].data = NULL; /* dense, unless handed out strided below */
  if ((in->alias && dense_aligned(&w)) || in->unused || (in->mxu_view && rows_dense(&w))) {
    /* alias.c: nothing writes it while in use */
    x->f->data[in->res[0]] = w.data;
    if (in->mxu_view) x->f->refs[in->res[0]] = w; /* the matmul reads it with its rows' stride */
    if (x->observed) mosaic_emit_access(x, in, &w, false); /* a read all the same: the checkers see it */
    return TSR_OK;
  }
  void *dst = x->f->data[in->res[0]] = x->f->values + x->P->data_off[in->res[0]];
  mosaic_mem_read(&w, dst, v->cls);
  zero_masked_lanes(x, in, v);
  if (x->observed) mosaic_emit_access(x, in, &w, false);
  return TSR_OK;
}

static tsr_status do_store(mosaic_exec *x, const mosaic_minst *in) {
  if (ST(x, in->opd[1])->pack) return mosaic_packed_store(x, in);
  const mosaic_stype *v = ST(x, in->opd[0]);
  tsr_ref w;
  tsr_status s = window(x, in, SR(x, in->opd[1]), (int)in->a[0], v->rank, v->shape, in->ints, &w);
  if (s == TSR_ERR_BOUNDS && x->unchecked) {
    tsr_clear_error();
    return clipped_store(x, in);
  }
  TSR_TRY(s);
  const int32_t *mask = in->a[1] >= 0 ? SI(x, in->opd[in->a[1]]) : NULL;
  /* a store that adds reads too; a masked one may leave bytes as they were */
  if (x->carry) seam_report_access(x->carry, &w, in->a[3] != 0, !mask && !in->aux);
  if (in->aux) { /* sublane mask: expand to an element mask in the frame-free way: row by row */
    const int64_t *rows = in->aux;
    int64_t cols = v->shape[v->rank - 1], nr = v->shape[v->rank - 2];
    tsr_ref row;
    for (int64_t i = 0; i < v->n / cols; i++) {
      if (!rows[i % nr]) continue;
      int64_t idx[TSR_MAX_RANK] = {0};
      int64_t t = i;
      for (int k = v->rank - 2; k >= 0; k--) { idx[k] = t % v->shape[k]; t /= v->shape[k]; }
      row = w;
      row.data = (char *)tsr_ref_ptr(&w, idx);
      row.rank = 1;
      row.shape[0] = cols;
      row.stride[0] = w.stride[w.rank - 1];
      mosaic_mem_write(&row, (const char *)x->f->data[in->opd[0]] + (size_t)(i * cols) * mosaic_class_size(v->cls), v->cls,
                mask ? mask + i * cols : NULL, in->a[3] != 0);
    }
  } else if (!(in->in_place && x->f->data[in->opd[0]] == (void *)w.data)) { /* alias.c: a matmul added there */
    mosaic_mem_write(&w, x->f->data[in->opd[0]], v->cls, mask, in->a[3] != 0);
  }
  if (x->observed) mosaic_emit_access(x, in, &w, true);
  return TSR_OK;
}

tsr_status mosaic_mem_op_window(mosaic_exec *x, const mosaic_minst *in, bool store, tsr_ref *w) {
  const mosaic_stype *v = store ? ST(x, in->opd[0]) : ST(x, in->res[0]);
  return window(x, in, SR(x, in->opd[store ? 1 : 0]), (int)in->a[0], v->rank, v->shape, in->ints, w);
}

tsr_status mosaic_r_load(mosaic_exec *x, const mosaic_minst *in) { return do_load(x, in); }
tsr_status mosaic_r_store(mosaic_exec *x, const mosaic_minst *in) { return do_store(x, in); }
tsr_status mosaic_r_mload(mosaic_exec *x, const mosaic_minst *in) { return do_load(x, in); }
tsr_status mosaic_r_mstore(mosaic_exec *x, const mosaic_minst *in) { return do_store(x, in); }

/* ---- views ------------------------------------------------------------------------------ */

tsr_status mosaic_c_memref_view(mosaic_comp *c, mosaic_minst *in) {
  if (in->nres != 1 || in->nopd < 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects a memref and one result");
  const mosaic_stype *s = &c->P->types[in->opd[0]], *d = &c->P->types[in->res[0]];
  if (s->cls != MOSAIC_VC_REF || d->cls != MOSAIC_VC_REF) return mosaic_comp_fail(c, TSR_ERR_INVALID, "operand and result must be memrefs");
  in->cost = (mosaic_op_cost){.scalar_ops = 1};
  switch (in->op) {
  case MOSAIC_MOP_MEMREF_SLICE: {
    int first = 1, count = in->nopd - 1, df = in->nopd, dc = 0;
    if (mlir_ir_op_segment(c->op, 1, &first, &count) && !mlir_ir_op_segment(c->op, 2, &df, &dc)) dc = 0;
    if (count != s->rank || d->rank != s->rank) return mosaic_comp_fail(c, TSR_ERR_INVALID, "%d base indices for rank %d", count, s->rank);
    if (s->dtype != d->dtype) return mosaic_comp_fail(c, TSR_ERR_INVALID, "element types differ");
    /* one size operand per `?` of the result, in order */
    if (dc != __builtin_popcount(d->dynamic) || df + dc > in->nopd)
      return mosaic_comp_fail(c, TSR_ERR_INVALID, "%d dynamic sizes for a result with %d dynamic dimensions", dc, __builtin_popcount(d->dynamic));
    if (dc && s->pack) return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "a slice of dynamic size of a packed view");
    in->a[0] = first;
    in->a[1] = df;
    /* it may reach into the tile padding, or past its ref with bounds checks off
     * (mosaic_r_memref_slice): its record (mosaic_prog_map_pads) */
    in->a[2] = s->rank >= 1 && !s->pack ? c->P->npads++ : -1;
    c->P->types[in->res[0]].pack = s->pack; /* a slice of a packed view is packed the same way */
    c->P->types[in->res[0]].pack_bits = s->pack_bits;
    c->P->types[in->res[0]].pack_row = s->pack_row;
    return TSR_OK;
  }
  case MOSAIC_MOP_MEMREF_SQUEEZE: {
    if (s->dtype != d->dtype || d->rank > s->rank) return mosaic_comp_fail(c, TSR_ERR_INVALID, "result must drop unit dimensions");
    int64_t *keep = mosaic_prog_alloc(c->P, sizeof(int64_t) * TSR_MAX_RANK);
    if (!keep) return mosaic_comp_fail(c, TSR_ERR_NOMEM, "out of host memory");
    int j = 0;
    for (int k = 0; k < s->rank; k++) {
      if (j < d->rank && s->shape[k] == d->shape[j] && (s->shape[k] != 1 || s->rank - k == d->rank - j)) keep[j++] = k;
      else if (s->shape[k] != 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "dimension %d (size %lld) cannot be squeezed", k, (long long)s->shape[k]);
    }
    if (j != d->rank) return mosaic_comp_fail(c, TSR_ERR_INVALID, "result shape does not match the squeezed operand");
    in->ints = keep;
    in->nints = j;
    if (s->pack) TSR_TRY(mosaic_packed_squeeze(c, in, keep, j));
    in->a[2] = s->rank >= 2 && !s->pack ? c->P->npads++ : -1; /* a squeezed padded window stays one */
    return TSR_OK;
  }
  case MOSAIC_MOP_MEMREF_RESHAPE:
    if (s->dtype != d->dtype || s->n != d->n) return mosaic_comp_fail(c, TSR_ERR_INVALID, "reshape must keep the element count");
    return s->pack ? mosaic_packed_reshape(c, in) : TSR_OK;
  case MOSAIC_MOP_MEMREF_BITCAST: {
    if (s->pack) return mosaic_packed_bitcast(c, in);
    size_t a = tsr_dtype_size(s->dtype), b = tsr_dtype_size(d->dtype);
    bool same = s->rank == d->rank;
    for (int k = 0; same && k < s->rank - 1; k++) same = s->shape[k] == d->shape[k];
    if (s->rank >= 2 && a != b && d->rank == s->rank && s->shape[s->rank - 2] != d->shape[d->rank - 2])
      return mosaic_packed_bitcast(c, in); /* TPU packing along the second-minor dimension */
    if (!same || s->rank == 0 || s->pack || (int64_t)a * s->shape[s->rank - 1] != (int64_t)b * d->shape[d->rank - 1])
      return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "a bitcast must keep the shape or pack along the second-minor dimension");
    return TSR_OK;
  }
  case MOSAIC_MOP_ERASE_LAYOUT: /* the same memory, seen the same way */
    c->P->types[in->res[0]].pack = s->pack;
    c->P->types[in->res[0]].pack_bits = s->pack_bits;
    c->P->types[in->res[0]].pack_row = s->pack_row;
    return TSR_OK;
  default:
    return TSR_OK;
  }
}

/* A slice may run past the end of its array's last two dimensions into the padding that
 * rounds them up to the chip's tiling (HBM arrays are laid out in whole tiles): emit_pipeline
 * rounds the DMA of an edge block up to a tile multiple that way. The window stops at the
 * array's end, and its record in the frame keeps the sizes asked for, which the DMAs use
 * (padded_pair). Only arrays in HBM: a kernel reaches them by DMA alone, never by a load that
 * would read past the window. Anything past the padding is out of bounds, as before, unless
 * the call disabled bounds checks: then any slice of a ref (in any memory) that runs past its
 * end stops there the same way, and what it cut off is neither read nor written. A slice that
 * starts before its ref stays an error: the slice's indices would no longer be the ref's. */
tsr_status mosaic_r_memref_slice(mosaic_exec *x, const mosaic_minst *in) {
  if (ST(x, in->opd[0])->pack) return mosaic_packed_slice(x, in);
  const tsr_ref *r = SR(x, in->opd[0]);
  const mosaic_stype *d = ST(x, in->res[0]);
  int64_t starts[TSR_MAX_RANK], sizes[TSR_MAX_RANK], cut[TSR_MAX_RANK], hbm_shape[TSR_MAX_RANK];
  bool padded = false, in_hbm = r->rank >= 2 && x->ctx && (r->space == TSR_ANY || r->space == TSR_HBM), laid_out = false;
  bool inside = true;
  for (int k = 0, j = 0; k < r->rank; k++) {
    starts[k] = mosaic_scalar_int(x, in->opd[in->a[0] + k]);
    sizes[k] = d->dynamic >> k & 1 ? mosaic_scalar_int(x, in->opd[in->a[1] + j++]) : d->shape[k];
    cut[k] = sizes[k];
    if (starts[k] < 0 || sizes[k] < 0 || starts[k] > r->shape[k] - sizes[k]) inside = false;
    /* a wait-only view past its ref is not cut: the wait takes the whole descriptor's byte
     * count (below), with bounds checks or without */
    if (x->unchecked && !in->wait_only && in->a[2] >= 0 && starts[k] >= 0 && sizes[k] >= 0 &&
        sizes[k] > r->shape[k] - starts[k]) {
      if (starts[k] > r->shape[k]) starts[k] = r->shape[k]; /* wholly past the end: an empty window */
      cut[k] = r->shape[k] - starts[k];
      padded = true;
      note_outside(x, in);
      continue;
    }
    if (!in_hbm || starts[k] < 0 || starts[k] >= r->shape[k] || sizes[k] <= r->shape[k] - starts[k]) continue;
    if (!laid_out) { /* only at an edge */
      seam_array_padded_shape(x->ctx, r, hbm_shape);
      laid_out = true;
    }
    if (starts[k] + sizes[k] <= hbm_shape[k]) {
      cut[k] = r->shape[k] - starts[k];
      padded = true;
    }
  }
  if (!inside && !padded && in->wait_only) { /* a descriptor built to wait for its byte count */
    if (in->a[2] >= 0) x->f->pads[(size_t)in->a[2] * MOSAIC_PAD_RECORD] = 0;
    return mosaic_wait_only_view(r, r->dtype, r->rank, sizes, SR(x, in->res[0]));
  }
  if (in->a[2] >= 0) {
    int64_t *p = x->f->pads + (size_t)in->a[2] * MOSAIC_PAD_RECORD;
    p[0] = padded;
    if (padded) memcpy(p + 1, sizes, sizeof(int64_t) * (size_t)r->rank);
  }
  return tsr_ref_window(r, starts, padded ? cut : sizes, SR(x, in->res[0]));
}

/* The view of a wait-only slice (mosaic_minst.wait_only) that lies past its memref, as a TPU takes
 * it: a dense view of `shape` that starts at the memref's first element and is never read or
 * written (what a DMA wait takes from it is its byte count). */
tsr_status mosaic_wait_only_view(const tsr_ref *r, tsr_dtype dt, int rank, const int64_t *shape, tsr_ref *o) {
  tsr_ref t = *r;
  t.dtype = dt;
  t.rank = rank;
  int64_t st = 1;
  for (int k = rank - 1; k >= 0; k--) {
    if (shape[k] < 0) return tsr_fail(TSR_ERR_INVALID, "a slice of size %lld in dimension %d", (long long)shape[k], k);
    t.shape[k] = shape[k];
    t.stride[k] = st;
    st *= shape[k] ? shape[k] : 1;
  }
  *o = t;
  return TSR_OK;
}

/* Marks the views that only DMA waits read (mosaic_minst.wait_only). Pallas builds a DMA descriptor
 * just to wait on a semaphore for a byte count (make_async_copy(...).wait(), with slices sized
 * by the bytes awaited); on a TPU the wait reads the semaphore and that count, never the
 * memory, so such a slice may run past its memref (production kernels size one by the sum of
 * several copies into a smaller buffer). Walked backwards: a view's readers come after it in
 * program order, so when it is reached each of them has been counted. Semaphore operands are
 * not credited: a wait does touch its semaphore. */
tsr_status mosaic_prog_mark_wait_only(mosaic_prog *P) {
  mosaic_def_use du;
  TSR_TRY(mosaic_prog_def_use(P, false, &du));
  int32_t *waits = calloc((size_t)P->nslots + 1, sizeof(int32_t));
  if (!waits) {
    mosaic_def_use_free(&du);
    return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  }
  for (int32_t i = P->ninsts - 1; i >= 0; i--) {
    mosaic_minst *in = &P->insts[i];
    if (in->op == MOSAIC_MOP_WAIT_DMA || in->op == MOSAIC_MOP_WAIT_DMA2) {
      for (int k = 0; k < in->nopd; k++) {
        const mosaic_stype *t = &P->types[in->opd[k]];
        if (in->opd[k] >= 0 && in->opd[k] < P->nslots && t->cls == MOSAIC_VC_REF && !tsr_dtype_is_semaphore(t->dtype)) waits[in->opd[k]]++;
      }
    } else if (mosaic_mop_kinds[in->op] == MOSAIC_K_VIEW && in->nres == 1 && in->nopd >= 1) {
      int32_t r = in->res[0];
      if (du.uses[r] > 0 && waits[r] == du.uses[r]) {
        in->wait_only = true;
        if (in->opd[0] >= 0 && in->opd[0] < P->nslots) waits[in->opd[0]]++;
      }
    }
  }
  free(waits);
  mosaic_def_use_free(&du);
  return TSR_OK;
}

tsr_status mosaic_prog_map_pads(mosaic_prog *P) {
  if (!P->npads) return TSR_OK;
  if (!(P->pad_of_slot = mosaic_prog_alloc(P, sizeof(int32_t) * (size_t)P->nslots))) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  for (int k = 0; k < P->nslots; k++) P->pad_of_slot[k] = -1;
  for (int i = 0; i < P->ninsts; i++)
    if ((P->insts[i].op == MOSAIC_MOP_MEMREF_SLICE || P->insts[i].op == MOSAIC_MOP_MEMREF_SQUEEZE) && P->insts[i].a[2] >= 0) P->pad_of_slot[P->insts[i].res[0]] = (int32_t)P->insts[i].a[2];
  return TSR_OK;
}

const int64_t *mosaic_padded_sizes(const mosaic_exec *x, int32_t slot) {
  int32_t rec = x->P->pad_of_slot ? x->P->pad_of_slot[slot] : -1;
  if (rec < 0) return NULL;
  const int64_t *p = x->f->pads + (size_t)rec * MOSAIC_PAD_RECORD;
  return p[0] ? p + 1 : NULL;
}

tsr_status mosaic_r_memref_view(mosaic_exec *x, const mosaic_minst *in) {
  const tsr_ref *r = SR(x, in->opd[0]);
  const mosaic_stype *d = ST(x, in->res[0]);
  tsr_ref *o = SR(x, in->res[0]);
  switch (in->op) {
  case MOSAIC_MOP_MEMREF_SQUEEZE: {
    tsr_ref t = *r;
    for (int j = 0; j < in->nints; j++) {
      t.shape[j] = r->shape[in->ints[j]];
      t.stride[j] = r->stride[in->ints[j]];
    }
    t.rank = in->nints;
    *o = t;
    if (in->a[2] >= 0) {
      const int64_t *asked = mosaic_padded_sizes(x, in->opd[0]);
      int64_t *p = x->f->pads + (size_t)in->a[2] * MOSAIC_PAD_RECORD;
      p[0] = asked != NULL;
      for (int j = 0; asked && j < in->nints; j++) p[1 + j] = asked[in->ints[j]];
    }
    return TSR_OK;
  }
  case MOSAIC_MOP_MEMREF_RESHAPE: return tsr_ref_reshape(r, d->rank, d->pack ? in->ints : d->shape, o); /* packed: the memory's */
  case MOSAIC_MOP_MEMREF_BITCAST:
    if (d->pack) { /* the memory stays as it is; loads and stores pack (packed.c) */
      *o = *r;
      return TSR_OK;
    }
    return tsr_ref_bitcast(r, d->dtype, o);
  default: *o = *r; return TSR_OK;
  }
}

/* ---- scoped allocations ------------------------------------------------------------------- */

tsr_status mosaic_c_alloca(mosaic_comp *c, mosaic_minst *in) {
  if (in->nres != 1 || c->P->types[in->res[0]].cls != MOSAIC_VC_REF) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects a memref result");
  const mosaic_stype *t = &c->P->types[in->res[0]];
  if (in->op == MOSAIC_MOP_SEM_ALLOC ? !tsr_dtype_is_semaphore(t->dtype) : tsr_dtype_is_semaphore(t->dtype) && t->space != TSR_SEMAPHORE_MEM)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "semaphores live in semaphore memory");
  tsr_space sp = t->space;
  if (tsr_dtype_is_semaphore(t->dtype)) sp = TSR_SEMAPHORE_MEM;
  if (sp != TSR_VMEM && sp != TSR_SMEM && sp != TSR_SEMAPHORE_MEM)
    return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "allocation in memory space %s", tsr_space_name(sp));
  in->a[0] = sp;
  in->cost = (mosaic_op_cost){.scalar_ops = 1};
  return TSR_OK;
}

tsr_status mosaic_r_alloca(mosaic_exec *x, const mosaic_minst *in) {
  if (!x->ctx) return tsr_fail(TSR_ERR_INVALID, "allocations need a kernel context");
  const mosaic_stype *t = ST(x, in->res[0]);
  return seam_alloc(x->ctx, (tsr_space)in->a[0], t->dtype, t->rank, t->shape, in->name, SR(x, in->res[0]));
}
