/* stablehlo.reduce: N inputs and N inits, reduced over `dimensions` with the body region.
 * A body that is one binary op on its two arguments (add, multiply, max, min, and, or, xor)
 * runs as a C loop; any other body is interpreted per element pair (slow but general). The
 * elements of one output are combined in row-major order of the reduced dimensions. */
#include <stdlib.h>
#include <string.h>

#include "hlo/hlo_internal.h"

tsr_status hlo_prep_reduce(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  int n_in = in->n_in - in->n_cap;
  if (n_in % 2 || n_in / 2 != in->n_out || in->n_bodies != 1)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "reduce needs N inputs, N inits, N results and a body");
  int64_t dims[TSR_MAX_RANK];
  int nd = hlo_attr_ints(in->op, "dimensions", dims, TSR_MAX_RANK);
  int n = in->n_out;
  if (nd < 0) return hlo_op_fail(in->op, TSR_ERR_INVALID, "missing dimensions");
  unsigned seen = 0;
  for (int i = 0; i < nd; i++) {
    if (dims[i] < 0 || dims[i] >= args[0].rank || (seen >> dims[i] & 1u)) return hlo_op_fail(in->op, TSR_ERR_INVALID, "bad dimensions");
    seen |= 1u << dims[i];
  }
  for (int i = 0; i < n; i++) {
    if (args[n + i].rank != 0) return hlo_op_fail(in->op, TSR_ERR_INVALID, "init values must be scalars");
    if (args[i].rank != args[0].rank || memcmp(args[i].shape, args[0].shape, sizeof(int64_t) * (size_t)args[0].rank))
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "inputs differ in shape");
  }
  const hlo_func *b = in->bodies[0];
  if (b->n_args - in->n_cap != 2 * n || b->n_ret != n)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "the body must take %d scalars and return %d", 2 * n, n);
  for (int i = 0; i < n; i++)
    if (b->slot_t[i].rank || b->slot_t[n + i].rank || b->slot_t[n + i].dtype != args[i].dtype || b->slot_t[i].dtype != in->res_t[i].dtype ||
        b->slot_t[b->ret[i]].rank || b->slot_t[b->ret[i]].dtype != in->res_t[i].dtype || args[n + i].dtype != in->res_t[i].dtype)
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "the body's arguments and results must be scalars of the inputs' and results' types");
  /* fast kind: the body is `r = OP(arg0, arg1); return r` */
  in->aux = -1;
  if (n == 1 && !tsr_dtype_is_complex(args[0].dtype) && b->n_inst == 1 && b->insts[0].n_in == 2 && b->ret[0] == b->insts[0].out[0] &&
      ((b->insts[0].in[0] == 0 && b->insts[0].in[1] == 1) || (b->insts[0].in[0] == 1 && b->insts[0].in[1] == 0))) {
    hlo_opcode o = b->insts[0].opc;
    if (o == HLO_ADD || o == HLO_MULTIPLY || o == HLO_MAXIMUM || o == HLO_MINIMUM || o == HLO_AND ||
        o == HLO_OR || o == HLO_XOR)
      in->aux = (int)o;
  }
  return TSR_OK;
}

/* ---- one-op bodies over contiguous rows ----
 * The row-major input's last dimension is either reduced (each output folds rows of it) or
 * kept (a row of it feeds that many neighbouring outputs, each its own accumulator). Both
 * walk the reduced indices of each output in the same row-major order as the element loop
 * below and apply the same double or 64-bit operations, so the results are the same bits;
 * they only read a row at a time, in a loop per type, instead of an element at a time. */
enum { ROW_CHUNK = 1024 };

static void load_row_f(tsr_dtype t, const char *p, int64_t at, int64_t n, double *out) {
  switch (t) {
  case TSR_F32: for (int64_t i = 0; i < n; i++) out[i] = ((const float *)p)[at + i]; break;
  case TSR_F64: memcpy(out, (const double *)p + at, (size_t)n * sizeof *out); break;
  case TSR_BF16: {
    const uint16_t *h = (const uint16_t *)p + at;
    for (int64_t i = 0; i < n; i++) {
      uint32_t w = (uint32_t)h[i] << 16; /* a bf16 is the top half of an f32 */
      float f;
      memcpy(&f, &w, sizeof f);
      out[i] = f;
    }
    break;
  }
  default: for (int64_t i = 0; i < n; i++) out[i] = dtype_load_f64(t, p, at + i); break;
  }
}

static void load_row_i(tsr_dtype t, const char *p, int64_t at, int64_t n, int64_t *out) {
  switch (t) {
  case TSR_I32: case TSR_BOOL: for (int64_t i = 0; i < n; i++) out[i] = ((const int32_t *)p)[at + i]; break;
  case TSR_U32: for (int64_t i = 0; i < n; i++) out[i] = ((const uint32_t *)p)[at + i]; break;
  case TSR_I64: case TSR_U64: memcpy(out, (const int64_t *)p + at, (size_t)n * sizeof *out); break;
  case TSR_I8: for (int64_t i = 0; i < n; i++) out[i] = ((const int8_t *)p)[at + i]; break;
  case TSR_U8: for (int64_t i = 0; i < n; i++) out[i] = ((const uint8_t *)p)[at + i]; break;
  default: for (int64_t i = 0; i < n; i++) out[i] = dtype_load_i64(t, p, at + i); break;
  }
}

/* acc[k * da] = OP(acc[k * da], v[k]) for k < n: da 0 folds a row into one accumulator, da 1
 * advances n accumulators one step each. */
static void fold_f(hlo_opcode o, double *acc, int da, const double *v, int64_t n) {
  switch (o) {
  case HLO_ADD: for (int64_t k = 0; k < n; k++) acc[k * da] += v[k]; break;
  case HLO_MULTIPLY: for (int64_t k = 0; k < n; k++) acc[k * da] *= v[k]; break;
  case HLO_MAXIMUM:
    for (int64_t k = 0; k < n; k++) {
      double a = acc[k * da], b = v[k];
      acc[k * da] = a != a || b != b ? a + b : a > b ? a : b;
    }
    break;
  default: /* HLO_MINIMUM */
    for (int64_t k = 0; k < n; k++) {
      double a = acc[k * da], b = v[k];
      acc[k * da] = a != a || b != b ? a + b : a < b ? a : b;
    }
    break;
  }
}

static void fold_i(hlo_opcode o, bool u64, int64_t *acc, int da, const int64_t *v, int64_t n) {
  switch (o) {
  case HLO_ADD: for (int64_t k = 0; k < n; k++) acc[k * da] = (int64_t)((uint64_t)acc[k * da] + (uint64_t)v[k]); break;
  case HLO_MULTIPLY: for (int64_t k = 0; k < n; k++) acc[k * da] = (int64_t)((uint64_t)acc[k * da] * (uint64_t)v[k]); break;
  case HLO_MAXIMUM:
    for (int64_t k = 0; k < n; k++) {
      int64_t a = acc[k * da], b = v[k];
      acc[k * da] = u64 ? ((uint64_t)a > (uint64_t)b ? a : b) : a > b ? a : b;
    }
    break;
  case HLO_MINIMUM:
    for (int64_t k = 0; k < n; k++) {
      int64_t a = acc[k * da], b = v[k];
      acc[k * da] = u64 ? ((uint64_t)a < (uint64_t)b ? a : b) : a < b ? a : b;
    }
    break;
  case HLO_AND: for (int64_t k = 0; k < n; k++) acc[k * da] &= v[k]; break;
  case HLO_OR: for (int64_t k = 0; k < n; k++) acc[k * da] |= v[k]; break;
  default: for (int64_t k = 0; k < n; k++) acc[k * da] ^= v[k]; break;
  }
}

/* The reduction of `in` by rows: nk kept dims (kshape, kst) and nr reduced ones (rshape,
 * rst) of a dense row-major input. */
static tsr_status reduce_rows(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res, int nk, const int64_t *kshape,
                              const int64_t *kst, int nr, const int64_t *rshape, const int64_t *rst) {
  (void)x;
  hlo_opcode o = (hlo_opcode)in->aux;
  tsr_dtype dt = args[0].t.dtype, rt = res->t.dtype;
  bool flt = tsr_dtype_is_float(dt), u64 = dt == TSR_U64;
  if (flt && o != HLO_ADD && o != HLO_MULTIPLY && o != HLO_MAXIMUM && o != HLO_MINIMUM)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "bitwise reduction of floats");
  const char *src = args[0].buf->data;
  int64_t nout = hlo_numel(&res->t);
  /* the last input dim reduced: each output folds rows of `len`; kept: a row feeds `len` outputs */
  bool last_reduced = nr > 0 && rst[nr - 1] == 1;
  int64_t len = last_reduced ? rshape[nr - 1] : nk > 0 ? kshape[nk - 1] : 1;
  int router = last_reduced ? nr - 1 : nr; /* reduced dims walked outside the row */
  int kouter = last_reduced ? nk : nk - 1; /* kept dims walked outside the row */
  int64_t nrows = 1;
  for (int d = 0; d < router; d++) nrows *= rshape[d];
  double fbuf[ROW_CHUNK], facc[ROW_CHUNK];
  int64_t ibuf[ROW_CHUNK], iacc[ROW_CHUNK];
  double finit = flt ? dtype_load_f64(dt, args[1].buf->data, 0) : 0;
  int64_t iinit = flt ? 0 : dtype_load_i64(dt, args[1].buf->data, 0);
  int64_t ki[TSR_MAX_RANK] = {0};
  /* outputs in blocks: one output (last_reduced) or up to ROW_CHUNK of a kept row */
  for (int64_t e = 0; e < nout;) {
    int64_t base = 0;
    for (int d = 0; d < kouter; d++) base += ki[d] * kst[d];
    int64_t cols = last_reduced ? 1 : len; /* outputs of this kept row, taken ROW_CHUNK at a time */
    for (int64_t c0 = 0; c0 < cols; c0 += ROW_CHUNK) {
      int64_t nc = cols - c0 < ROW_CHUNK ? cols - c0 : ROW_CHUNK;
      for (int64_t k = 0; k < nc; k++) { facc[k] = finit; iacc[k] = iinit; }
      int64_t ri[TSR_MAX_RANK] = {0};
      for (int64_t r = 0; r < nrows; r++) {
        int64_t off = base;
        for (int d = 0; d < router; d++) off += ri[d] * rst[d];
        if (last_reduced) {
          for (int64_t j = 0; j < len; j += ROW_CHUNK) {
            int64_t m = len - j < ROW_CHUNK ? len - j : ROW_CHUNK;
            if (flt) { load_row_f(dt, src, off + j, m, fbuf); fold_f(o, facc, 0, fbuf, m); }
            else { load_row_i(dt, src, off + j, m, ibuf); fold_i(o, u64, iacc, 0, ibuf, m); }
          }
        } else if (flt) {
          load_row_f(dt, src, off + c0, nc, fbuf);
          fold_f(o, facc, 1, fbuf, nc);
        } else {
          load_row_i(dt, src, off + c0, nc, ibuf);
          fold_i(o, u64, iacc, 1, ibuf, nc);
        }
        for (int d = router - 1; d >= 0 && ++ri[d] == rshape[d]; d--) ri[d] = 0;
      }
      for (int64_t k = 0; k < nc; k++) {
        if (flt) hlo_st_f(rt, res->buf->data, e + c0 + k, facc[k]);
        else hlo_st_i(rt, res->buf->data, e + c0 + k, iacc[k]);
      }
    }
    e += cols;
    for (int d = kouter - 1; d >= 0 && ++ki[d] == kshape[d]; d--) ki[d] = 0;
  }
  return TSR_OK;
}

tsr_status hlo_run_reduce(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  int n = in->n_out;
  int64_t dims[TSR_MAX_RANK];
  int nd = hlo_attr_ints(in->op, "dimensions", dims, TSR_MAX_RANK);
  const hlo_type *t = &args[0].t;
  bool red[TSR_MAX_RANK] = {0};
  for (int i = 0; i < nd; i++) red[dims[i]] = true;
  /* kept dims -> result dims, reduced dims -> inner loop */
  int64_t st[TSR_MAX_RANK], kshape[TSR_MAX_RANK], kst[TSR_MAX_RANK], rshape[TSR_MAX_RANK], rst[TSR_MAX_RANK];
  int nk = 0, nr = 0;
  hlo_strides(t, st);
  for (int d = 0; d < t->rank; d++) {
    if (red[d]) { rshape[nr] = t->shape[d]; rst[nr++] = st[d]; }
    else { kshape[nk] = t->shape[d]; kst[nk++] = st[d]; }
  }
  for (int i = 0; i < n; i++) {
    if (res[i].t.rank != nk || memcmp(res[i].t.shape, kshape, sizeof(int64_t) * (size_t)nk))
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "result shape does not match the kept dimensions");
  }
  TSR_TRY(hlo_alloc_all(x, res, n));
  int64_t nout = hlo_numel(&res[0].t), ninner = 1;
  for (int i = 0; i < nr; i++) ninner *= rshape[i];
  tsr_dtype dt = t->dtype, rt = res[0].t.dtype;
  bool flt = tsr_dtype_is_float(dt);
  if (in->aux >= 0 && !x->unfused && nout > 0) return reduce_rows(x, in, args, res, nk, kshape, kst, nr, rshape, rst);
  if (in->aux >= 0) { /* the element-at-a-time reference (TSR_HLO_FUSE=0) */
    hlo_opcode o = (hlo_opcode)in->aux;
    for (int64_t e = 0; e < nout; e++) {
      int64_t base = 0, rem = e;
      for (int d = nk - 1; d >= 0; d--) { base += rem % kshape[d] * kst[d]; rem /= kshape[d]; }
      int64_t ri[TSR_MAX_RANK] = {0}, off = base;
      if (flt) {
        double acc = dtype_load_f64(dt, args[1].buf->data, 0);
        for (int64_t j = 0; j < ninner; j++) {
          double v = dtype_load_f64(dt, args[0].buf->data, off);
          switch (o) {
          case HLO_ADD: acc += v; break;
          case HLO_MULTIPLY: acc *= v; break;
          case HLO_MAXIMUM: acc = acc != acc || v != v ? acc + v : acc > v ? acc : v; break;
          case HLO_MINIMUM: acc = acc != acc || v != v ? acc + v : acc < v ? acc : v; break;
          default: return hlo_op_fail(in->op, TSR_ERR_INVALID, "bitwise reduction of floats");
          }
          for (int d = nr - 1; d >= 0; d--) {
            off += rst[d];
            if (++ri[d] < rshape[d]) break;
            off -= rst[d] * rshape[d];
            ri[d] = 0;
          }
        }
        hlo_st_f(rt, res[0].buf->data, e, acc);
      } else {
        int64_t acc = dtype_load_i64(dt, args[1].buf->data, 0);
        uint64_t ua;
        for (int64_t j = 0; j < ninner; j++) {
          int64_t v = dtype_load_i64(dt, args[0].buf->data, off);
          switch (o) {
          case HLO_ADD: ua = (uint64_t)acc + (uint64_t)v; acc = (int64_t)ua; break;
          case HLO_MULTIPLY: ua = (uint64_t)acc * (uint64_t)v; acc = (int64_t)ua; break;
          case HLO_MAXIMUM: acc = dt == TSR_U64 ? (int64_t)((uint64_t)acc > (uint64_t)v ? (uint64_t)acc : (uint64_t)v) : acc > v ? acc : v; break;
          case HLO_MINIMUM: acc = dt == TSR_U64 ? (int64_t)((uint64_t)acc < (uint64_t)v ? (uint64_t)acc : (uint64_t)v) : acc < v ? acc : v; break;
          case HLO_AND: acc &= v; break;
          case HLO_OR: acc |= v; break;
          default: acc ^= v; break;
          }
          for (int d = nr - 1; d >= 0; d--) {
            off += rst[d];
            if (++ri[d] < rshape[d]) break;
            off -= rst[d] * rshape[d];
            ri[d] = 0;
          }
        }
        hlo_st_i(rt, res[0].buf->data, e, acc);
      }
    }
    return TSR_OK;
  }
  /* General body: scalar tensors in, scalar tensors out, per element pair. */
  hlo_val *bargs = calloc((size_t)(2 * n), sizeof *bargs), *bres = calloc((size_t)n, sizeof *bres);
  tsr_status s = bargs && bres ? TSR_OK : tsr_fail(TSR_ERR_NOMEM, "out of memory");
  for (int64_t e = 0; e < nout && s == TSR_OK; e++) {
    int64_t base = 0, rem = e;
    for (int d = nk - 1; d >= 0; d--) { base += rem % kshape[d] * kst[d]; rem /= kshape[d]; }
    for (int i = 0; i < n; i++) {
      bargs[i] = args[n + i];
      hlo_retain(bargs[i].buf);
    }
    int64_t ri[TSR_MAX_RANK] = {0}, off = base;
    for (int64_t j = 0; j < ninner && s == TSR_OK; j++) {
      for (int i = 0; i < n && s == TSR_OK; i++) {
        bargs[n + i].t = in->bodies[0]->slot_t[n + i];
        s = hlo_alloc(x, &bargs[n + i]);
        if (s == TSR_OK) {
          size_t esz = tsr_dtype_size(args[i].t.dtype);
          memcpy(bargs[n + i].buf->data, args[i].buf->data + (size_t)off * esz, esz);
        }
      }
      if (s == TSR_OK) s = hlo_call_body(x, in, 0, bargs, args, bres);
      for (int i = 0; i < 2 * n; i++) { hlo_release(x, bargs[i].buf); bargs[i].buf = NULL; }
      if (s == TSR_OK)
        for (int i = 0; i < n; i++) bargs[i] = bres[i];
      for (int d = nr - 1; d >= 0; d--) {
        off += rst[d];
        if (++ri[d] < rshape[d]) break;
        off -= rst[d] * rshape[d];
        ri[d] = 0;
      }
    }
    for (int i = 0; i < n && s == TSR_OK; i++) {
      size_t esz = tsr_dtype_size(res[i].t.dtype);
      memcpy(res[i].buf->data + (size_t)e * esz, bargs[i].buf->data, esz);
    }
    for (int i = 0; i < n; i++) { if (s == TSR_OK) hlo_release(x, bargs[i].buf); bargs[i].buf = NULL; }
  }
  free(bargs);
  free(bres);
  if (s != TSR_OK)
    for (int i = 0; i < n; i++) { hlo_release(x, res[i].buf); res[i].buf = NULL; }
  return s;
}
