/* Loop fusion: a chain of elementwise ops over arrays of one element count runs tile by tile,
 * as XLA's loop fusion does, so that the values made and used inside the chain live one tile
 * at a time instead of as whole arrays (random bits made with jax.random are a chain of a few
 * hundred such ops over the result's shape). Each op of the chain still runs through its own
 * run function, on a tile of its operands: the same code on the same elements, so a fused run
 * gives the bytes of a run op by op. Iota, broadcast_in_dim, reshape and splat constants join
 * a chain as tiles made in place. TSR_HLO_FUSE=0 runs every op by itself (the parity tests). */
#include <stdlib.h>
#include <string.h>

#include "hlo/hlo_internal.h"

/* A tile: a few thousand elements, so a chain's live tiles stay in the core's caches. A
 * multiple of 1024, so a tile starts where a whole-array run's chunks of kernel math
 * (hlo_kernel_math) and vector loops start too. Chains over fewer than two tiles run op by
 * op: there is nothing to save. */
enum { TILE = 4096, MIN_FUSED = 2 * TILE };

typedef tsr_status (*run_fn)(hlo_exec *, const hlo_inst *, const hlo_val *, hlo_val *);
static const run_fn runs[] = {
#define HLO_OP(e, name, syntax, run, prep, traits) run,
#include "ops/stablehlo.def"
#include "ops/check.def"
#undef HLO_OP
};

/* Whether op `in` can run in a chain over n elements: an elementwise op whose operands are
 * arrays of n elements or scalars, or an op whose tile the chain makes itself. */
static bool fusible(const hlo_func *f, const hlo_inst *in, int64_t n) {
  if (in->n_out != 1 || in->n_bodies || in->kernel || in->callee || in->spmd || hlo_numel(in->res_t) != n) return false;
  if (hlo_traits[in->opc] & HT_ELEMENTWISE) {
    for (int i = 0; i < in->n_in; i++) {
      const hlo_type *t = &f->slot_t[in->in[i]];
      if (t->rank != 0 && hlo_numel(t) != n) return false;
    }
    return true;
  }
  switch (in->opc) {
  case HLO_IOTA: return in->n_in == 0;
  case HLO_BROADCAST_IN_DIM:
  case HLO_RESHAPE: return in->n_in == 1;
  case HLO_CONSTANT: {
    const mlir_ir_attr *v = mlir_ir_op_attr(in->op, "value");
    return in->n_in == 0 && v && v->kind == MLIR_IR_ATTR_DENSE && v->u.dense.splat;
  }
  default: return false;
  }
}

/* An op that may move ahead of a chain it interrupts: a small value made from values alone
 * (a scalar constant sunk to its use, the key arithmetic of threefry between its rounds). */
static bool movable(const hlo_inst *in) {
  if (in->n_out != 1 || in->n_bodies || in->kernel || in->callee || in->spmd || hlo_numel(in->res_t) >= MIN_FUSED) return false;
  if (hlo_traits[in->opc] & HT_ELEMENTWISE) return true;
  switch (in->opc) {
  case HLO_CONSTANT: case HLO_IOTA: case HLO_RESHAPE: case HLO_BROADCAST_IN_DIM: case HLO_SLICE: return true;
  default: return false;
  }
}

/* Whether a call of g may become a copy of g's ops in its caller: its ops make values from
 * values alone (the ops a chain takes, slices), and what it returns its ops make, each once.
 * JAX outlines threefry and the uniform's bits as such functions, whose arguments and results
 * would be whole arrays between chains. */
static bool inlinable(const hlo_func *g) {
  if (g->spmd || g->n_inst > 4096 || g->n_ret < 1) return false;
  for (int k = 0; k < g->n_inst; k++)
    if (!movable(&g->insts[k]) && !fusible(g, &g->insts[k], hlo_numel(g->insts[k].res_t))) return false;
  for (int i = 0; i < g->n_ret; i++) {
    if (g->ret[i] < g->n_args) return false;
    for (int j = 0; j < i; j++)
      if (g->ret[j] == g->ret[i]) return false;
  }
  return true;
}

tsr_status hlo_fuse_inline(hlo_func *f) {
  int n = 0, slots = f->n_slots;
  for (int k = 0; k < f->n_inst; k++) {
    const hlo_inst *in = &f->insts[k];
    bool ok = in->opc == HLO_CALL && in->callee && inlinable(in->callee);
    n += ok ? in->callee->n_inst : 1;
    if (ok) slots += in->callee->n_slots - in->callee->n_args - in->callee->n_ret;
  }
  if (n == f->n_inst && slots == f->n_slots) return TSR_OK; /* no call to inline */
  hlo_inst *insts = calloc((size_t)n + 1, sizeof *insts);
  hlo_type *slot_t = realloc(f->slot_t, sizeof *slot_t * ((size_t)slots + 1));
  if (slot_t) f->slot_t = slot_t;
  if (!insts || !slot_t) { free(insts); return tsr_fail(TSR_ERR_NOMEM, "out of memory"); }
  int m = 0;
  tsr_status s = TSR_OK;
  for (int k = 0; k < f->n_inst; k++) {
    hlo_inst *call = &f->insts[k];
    const hlo_func *g = call->callee;
    if (!(call->opc == HLO_CALL && g && inlinable(g))) { insts[m++] = *call; continue; }
    /* the callee's slots in the caller: its arguments are the call's operands, what it returns
     * the call's results, the rest new slots */
    int *map = malloc(sizeof(int) * ((size_t)g->n_slots + 1));
    if (!map) { s = tsr_fail(TSR_ERR_NOMEM, "out of memory"); }
    for (int i = 0; map && i < g->n_slots; i++) map[i] = -1;
    for (int i = 0; map && i < g->n_args; i++) map[i] = call->in[i];
    for (int i = 0; map && i < g->n_ret; i++) map[g->ret[i]] = call->out[i];
    for (int i = 0; map && i < g->n_slots; i++)
      if (map[i] < 0) {
        map[i] = f->n_slots++;
        f->slot_t[map[i]] = g->slot_t[i];
      }
    for (int j = 0; j < g->n_inst; j++) {
      const hlo_inst *from = &g->insts[j];
      hlo_inst *to = &insts[m++];
      *to = (hlo_inst){.opc = from->opc, .op = from->op, .n_in = from->n_in, .n_out = from->n_out, .aux = from->aux,
                       .aux2 = from->aux2, .fast = from->fast, .scalar_in = from->scalar_in};
      to->in = calloc((size_t)from->n_in + 1, sizeof(int));
      to->out = calloc((size_t)from->n_out + 1, sizeof(int));
      if (!to->in || !to->out || !map) { s = tsr_fail(TSR_ERR_NOMEM, "out of memory"); continue; }
      for (int q = 0; q < from->n_in; q++) to->in[q] = map[from->in[q]];
      for (int q = 0; q < from->n_out; q++) to->out[q] = map[from->out[q]];
    }
    free(map);
    free(call->in);
    free(call->out);
    free(call->bodies);
  }
  free(f->insts);
  f->insts = insts;
  f->n_inst = m;
  for (int k = 0; k < m; k++) f->insts[k].res_t = &f->slot_t[f->insts[k].out ? f->insts[k].out[0] : 0];
  return s;
}

tsr_status hlo_fuse_order(hlo_func *f) {
  int n = f->n_inst;
  bool *made = calloc((size_t)f->n_slots + 1, sizeof *made); /* made by the chain being built */
  hlo_inst *chain = malloc(sizeof *chain * ((size_t)n + 1));
  if (!made || !chain) { free(made); free(chain); return tsr_fail(TSR_ERR_NOMEM, "out of memory"); }
  for (int k = 0; k < n;) {
    int64_t elems = f->insts[k].n_out == 1 ? hlo_numel(f->insts[k].res_t) : 0;
    if (elems < MIN_FUSED || !fusible(f, &f->insts[k], elems)) { k++; continue; }
    /* ops from k on: the chain's go to `chain`, small ones that read nothing of it move to
     * its front (in their order), up to the first op that is neither */
    int n_chain = 0, n_moved = 0, j = k;
    for (; j < n; j++) {
      hlo_inst *in = &f->insts[j];
      bool reads = false;
      for (int q = 0; q < in->n_in; q++) reads |= made[in->in[q]];
      if (fusible(f, in, elems) && !(in->opc == HLO_BROADCAST_IN_DIM && reads)) {
        made[in->out[0]] = true;
        chain[n_chain++] = *in;
      } else if (!reads && movable(in)) {
        f->insts[k + n_moved++] = *in;
      } else {
        break;
      }
    }
    memcpy(&f->insts[k + n_moved], chain, sizeof *chain * (size_t)n_chain);
    for (int i = 0; i < n_chain; i++) made[chain[i].out[0]] = false;
    k = j;
  }
  free(made);
  free(chain);
  return TSR_OK;
}

tsr_status hlo_fuse_plan(hlo_func *f) {
  int n = f->n_inst;
  int *def = malloc(sizeof(int) * ((size_t)f->n_slots + 1)), *last = malloc(sizeof(int) * ((size_t)f->n_slots + 1));
  tsr_status s = def && last ? TSR_OK : tsr_fail(TSR_ERR_NOMEM, "out of memory");
  for (int i = 0; s == TSR_OK && i < f->n_slots; i++) def[i] = last[i] = -1;
  for (int k = 0; s == TSR_OK && k < n; k++) {
    const hlo_inst *in = &f->insts[k];
    for (int i = 0; i < in->n_out; i++) def[in->out[i]] = k;
    for (int i = 0; i < in->n_in; i++) last[in->in[i]] = k;
  }
  for (int i = 0; s == TSR_OK && i < f->n_ret; i++) last[f->ret[i]] = n; /* read after every op */
  for (int k = 0; s == TSR_OK && k < n;) {
    int64_t elems = f->insts[k].n_out == 1 ? hlo_numel(f->insts[k].res_t) : 0;
    if (elems < MIN_FUSED || !fusible(f, &f->insts[k], elems)) { k++; continue; }
    /* the chain: the ops from k on that fit; a broadcast reads its operand whole, so one
     * whose operand the chain makes ends it */
    int j = k + 1;
    while (j < n && fusible(f, &f->insts[j], elems) &&
           !(f->insts[j].opc == HLO_BROADCAST_IN_DIM && def[f->insts[j].in[0]] >= k))
      j++;
    if (j - k < 2) { k = j; continue; }
    f->insts[k].fused = j - k;
    for (int i = k; i < j && s == TSR_OK; i++) {
      hlo_inst *in = &f->insts[i];
      in->fuse_last = i - k;
      in->fuse_keep = last[in->out[0]] >= j;
      if (!(in->fuse_in = malloc(sizeof(int) * ((size_t)in->n_in + 1)))) { s = tsr_fail(TSR_ERR_NOMEM, "out of memory"); break; }
      for (int q = 0; q < in->n_in; q++) {
        int d = def[in->in[q]];
        in->fuse_in[q] = d >= k ? d - k : -1;
        if (d >= k) f->insts[d].fuse_last = i - k;
      }
    }
    k = j;
  }
  free(def);
  free(last);
  return s;
}

/* Elements [lo, lo + m) of broadcast_in_dim `in` of the whole operand `a` (result type rt),
 * into dst: runs along the last dimension, each a copy, a fill of one element, or a strided
 * gather. */
static tsr_status broadcast_tile(const hlo_inst *in, const hlo_val *a, const hlo_type *rt, char *dst, int64_t lo,
                                 int64_t m) {
  int64_t dims[TSR_MAX_RANK], ost[TSR_MAX_RANK], sst[TSR_MAX_RANK] = {0}, idx[TSR_MAX_RANK];
  int n = hlo_attr_ints(in->op, "broadcast_dimensions", dims, TSR_MAX_RANK), r = rt->rank;
  if (n != a->t.rank) return hlo_op_fail(in->op, TSR_ERR_INVALID, "broadcast_dimensions must have one entry per operand dimension");
  hlo_strides(&a->t, ost);
  for (int i = 0; i < n; i++) {
    int64_t d = dims[i];
    if (d < 0 || d >= r || (a->t.shape[i] != 1 && a->t.shape[i] != rt->shape[d]))
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "operand dimension %d does not broadcast to result dimension %lld", i, (long long)d);
    if (a->t.shape[i] != 1) sst[d] = ost[i];
  }
  size_t esz = tsr_dtype_size(rt->dtype);
  int64_t off = 0, rest = lo;
  for (int d = r - 1; d >= 0; d--) {
    idx[d] = rest % rt->shape[d];
    rest /= rt->shape[d];
    off += idx[d] * sst[d];
  }
  const char *src = a->buf->data;
  int inner = r - 1;
  int64_t step = sst[inner];
  for (int64_t i = 0; i < m;) {
    int64_t run = rt->shape[inner] - idx[inner];
    if (run > m - i) run = m - i;
    char *o = dst + (size_t)i * esz;
    const char *p = src + (size_t)off * esz;
    if (step == 1) {
      memcpy(o, p, (size_t)run * esz);
    } else if (step == 0 && esz == 4) {
      uint32_t v;
      memcpy(&v, p, 4);
      for (int64_t e = 0; e < run; e++) memcpy(o + 4 * e, &v, 4);
    } else {
      for (int64_t e = 0; e < run; e++) memcpy(o + (size_t)e * esz, p + (size_t)(e * step) * esz, esz);
    }
    i += run;
    idx[inner] += run;
    off += run * step;
    for (int d = inner; d > 0 && idx[d] == rt->shape[d]; d--) {
      off += sst[d - 1] - idx[d] * sst[d];
      idx[d] = 0;
      idx[d - 1]++;
    }
  }
  return TSR_OK;
}

/* A view of elements [lo, lo + m) of a whole array: the chain's ops read an operand made
 * outside it in place. Released as any buffer (not counted, not owned: only the header). */
static tsr_status view(const hlo_val *whole, int64_t lo, int64_t m, hlo_val *out) {
  size_t esz = tsr_dtype_size(whole->t.dtype);
  hlo_buf *b = malloc(sizeof *b);
  if (!b) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  *b = (hlo_buf){.refs = 1, .bytes = (size_t)m * esz, .data = whole->buf->data + (size_t)lo * esz};
  out->t = (hlo_type){.dtype = whole->t.dtype, .rank = 1, .shape = {m}};
  out->buf = b;
  return TSR_OK;
}

/* One tile of op i of the chain c: its operands from the chain's tiles `tv`, views of whole
 * arrays or scalars; its result into *res (a tile of m elements). */
static tsr_status run_tile(hlo_exec *x, const hlo_inst *in, hlo_val *slots, const hlo_val *tv,
                           int64_t lo, int64_t m, hlo_val *res) {
  hlo_val args[16];
  int made = 0;
  tsr_status s = TSR_OK;
  if (in->n_in > 16) return hlo_op_fail(in->op, TSR_ERR_INTERNAL, "too many operands for a fused op");
  for (int q = 0; q < in->n_in && s == TSR_OK; q++, made++) {
    const hlo_val *w = &slots[in->in[q]];
    if (in->fuse_in[q] >= 0) args[q] = tv[in->fuse_in[q]];
    else if (in->opc == HLO_BROADCAST_IN_DIM || w->t.rank == 0) args[q] = *w;
    else s = view(w, lo, m, &args[q]);
  }
  res->t = (hlo_type){.dtype = in->res_t->dtype, .rank = 1, .shape = {m}};
  res->buf = NULL;
  if (s == TSR_OK) {
    int64_t dim;
    switch (in->opc) {
    case HLO_IOTA:
      if (!mlir_ir_op_attr_int(in->op, "iota_dimension", &dim) || dim < 0 || dim >= in->res_t->rank) {
        s = hlo_op_fail(in->op, TSR_ERR_INVALID, "bad iota_dimension");
        break;
      }
      s = hlo_alloc(x, res);
      if (s == TSR_OK) hlo_iota_fill(in->res_t, dim, res->buf->data, lo, m);
      break;
    case HLO_BROADCAST_IN_DIM:
      s = hlo_alloc(x, res);
      if (s == TSR_OK) s = broadcast_tile(in, &args[0], in->res_t, res->buf->data, lo, m);
      break;
    default: s = runs[in->opc](x, in, args, res); break;
    }
  }
  for (int q = 0; q < made; q++)
    if (in->fuse_in[q] < 0 && in->opc != HLO_BROADCAST_IN_DIM && slots[in->in[q]].t.rank != 0) hlo_release(x, args[q].buf);
  if (s != TSR_OK) {
    hlo_release(x, res->buf);
    res->buf = NULL;
  }
  return s;
}

tsr_status hlo_run_fused(hlo_exec *x, const hlo_func *f, int k, hlo_val *slots) {
  const hlo_inst *c = &f->insts[k];
  int g = c->fused;
  int64_t n = hlo_numel(c->res_t);
  hlo_val *tv = calloc((size_t)g, sizeof *tv);
  tsr_status s = tv ? TSR_OK : tsr_fail(TSR_ERR_NOMEM, "out of memory");
  for (int i = 0; i < g; i++) {
    hlo_val *o = &slots[c[i].out[0]];
    o->t = f->slot_t[c[i].out[0]];
    o->buf = NULL;
    if (s == TSR_OK && c[i].fuse_keep) s = hlo_alloc(x, o);
  }
  for (int64_t lo = 0; lo < n && s == TSR_OK; lo += TILE) {
    int64_t m = n - lo < TILE ? n - lo : TILE;
    for (int i = 0; i < g && s == TSR_OK; i++) {
      const hlo_inst *in = &c[i];
      s = run_tile(x, in, slots, tv, lo, m, &tv[i]);
      if (s != TSR_OK) {
        char loc[256];
        tsr_fail_context(s, "%s: %s", hlo_loc(in->op, loc, sizeof loc), in->op->name);
        break;
      }
      hlo_val *o = &slots[in->out[0]];
      if (in->fuse_keep) {
        size_t esz = tsr_dtype_size(o->t.dtype);
        memcpy(o->buf->data + (size_t)lo * esz, tv[i].buf->data, (size_t)m * esz);
      }
      /* the chain's tiles whose last reader this op is (its own, if none reads it) */
      for (int q = 0; q < in->n_in; q++) {
        int p = in->fuse_in[q];
        if (p >= 0 && c[p].fuse_last == i && tv[p].buf) { hlo_release(x, tv[p].buf); tv[p].buf = NULL; }
      }
      if (in->fuse_last == i) { hlo_release(x, tv[i].buf); tv[i].buf = NULL; }
    }
  }
  for (int i = 0; tv && i < g; i++) hlo_release(x, tv[i].buf);
  free(tv);
  x->st->ops += g;
  if (s != TSR_OK) {
    for (int i = 0; i < g; i++) { hlo_release(x, slots[c[i].out[0]].buf); slots[c[i].out[0]].buf = NULL; }
    return s;
  }
  for (int i = 0; i < g && x->opts && x->opts->profile; i++) {
    hlo_val a[16];
    for (int q = 0; q < c[i].n_in && q < 16; q++) a[q] = slots[c[i].in[q]];
    hlo_profile_op(x, &c[i], a, &slots[c[i].out[0]], 1);
  }
  for (int i = 0; i < g; i++)
    for (int q = 0; q < c[i].n_free; q++) {
      hlo_release(x, slots[c[i].frees[q]].buf);
      slots[c[i].frees[q]].buf = NULL;
    }
  return TSR_OK;
}
