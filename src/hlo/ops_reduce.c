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
  if (in->aux >= 0) {
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
