/* Row runs: loads, elementwise ops over their values and one store, run a row of the windows
 * at a time from where the loads' rows lie straight into the store's window.
 *
 * `o_ref[...] = x_ref[...] + y_ref[...]` over blocks that are (64, 256) windows of 2048-wide
 * arrays: op by op, each load's rows are gathered (by the block's DMA, or by the load from a
 * view), the add writes a dense value, and the store scatters it into the output's rows: three
 * passes over the block besides the one the add needs. A row run is that shape of code: loads
 * (that may alias, unmasked, unit strides), elementwise ops over their values, and one store
 * (unmasked, no `add`, unit strides) of one result into a window of the same shape, with every
 * value used only inside the run. It runs a row at a time: each member's run function (the
 * code op by op runs, on a copy whose element count is the row's) reads its operands' row where
 * the loads' windows hold it and writes the stored result's row into the store's window, so
 * the bits are those of the op-by-op run, and the values between live in row buffers in L1.
 * Its loads are `row_view`: the input blocks they read may then be strided views of HBM
 * (kernel.c, tsr_block_spec.strided_reads), read once, by the members.
 *
 * At run time it runs op by op instead when an observer reads the body's accesses (the events
 * stay those of a copying run; a host part's accesses are reported as op by op reports them),
 * when a window's last dimension is not dense, or when the store's window overlaps a load's
 * other than as the same window (row r of the same window is read before it is written, as op
 * by op). */
#include <stdlib.h>
#include <string.h>

#include "mosaic/def_use.h"
#include "mosaic/piecewise.h"

enum { RV_LEAVE, RV_LOAD, RV_BUF, RV_OUT };
enum { ROW_LOADS = 8 }; /* loads per run at most (their windows live on the stack) */

struct mosaic_row_run {
  int32_t resume;   /* the instruction after the store */
  int count;        /* instructions, the first load to the store */
  int nload;
  int32_t *load;    /* the loads' instructions, in order (unused ones too: run once, first) */
  int nmem;
  mosaic_minst *mem;       /* the elementwise members with n = the row's length */
  int32_t store;
  int nslots;
  int32_t *slot;    /* the slots the members read or write */
  uint8_t *kind;    /* per slot: RV_* */
  int32_t *idx;     /* RV_LOAD: the load (index into load); RV_BUF: the row buffer */
  int64_t rows, cols;
  mosaic_op_cost cost;     /* of the instructions after the first */
  size_t bufs_at;
};

static bool unit_strides(const mosaic_minst *in) {
  for (int k = 0; k < in->nints; k++)
    if (in->ints[k] != 1) return false;
  return true;
}

static bool same_shape(const mosaic_stype *a, const mosaic_stype *b) {
  if (a->rank != b->rank) return false;
  for (int d = 0; d < a->rank; d++)
    if (a->shape[d] != b->shape[d]) return false;
  return true;
}

/* Whether a store of a value of type v into ref type r writes its bits as held (write_row). */
static bool bits_as_held(const mosaic_stype *v, const mosaic_stype *r) {
  if (r->pack) return false;
  return (v->cls == MOSAIC_VC_F && v->ek == MOSAIC_EK_F32 && r->dtype == TSR_F32) ||
         (v->cls == MOSAIC_VC_I32 && v->width == 32 && (r->dtype == TSR_I32 || r->dtype == TSR_U32));
}

/* The store that ends the row run starting at load `first`, or -1 when none does: loads,
 * elementwise ops and a store on one straight chain (see above). */
static int32_t row_run_end(const mosaic_prog *P, int32_t first) {
  const mosaic_minst *I = P->insts;
  const mosaic_stype *vt = NULL;
  int nel = 0, nload = 0;
  for (int32_t j = first; j < P->ninsts; j = I[j].next) {
    const mosaic_minst *in = &I[j];
    if ((j != first && I[j - 1].next != j) || mosaic_prog_in_branchy_body(P, j)) return -1; /* one straight chain */
    if (mosaic_mop_window_load(in->op)) {
      if (in->nres != 1 || P->types[in->opd[0]].pack || ++nload > ROW_LOADS) return -1;
      if (in->unused) continue;
      if (!in->alias || in->mxu_view || in->a[1] >= 0 || !unit_strides(in)) return -1;
      const mosaic_stype *t = &P->types[in->res[0]];
      int64_t cols = t->rank < 1 ? 0 : t->shape[t->rank - 1];
      /* rows of 64 to MOSAIC_CHUNK elements (or one row): a call per op and row costs little */
      if ((vt && !same_shape(vt, t)) || t->n < 2 || cols > MOSAIC_CHUNK || (cols < 64 && cols != t->n)) return -1;
      vt = t;
      continue;
    }
    if (mosaic_mop_window_store(in->op)) {
      if (!vt || !nel || in->nopd < 2 || in->a[1] >= 0 || in->aux || in->a[3] != 0 || in->in_place || !unit_strides(in))
        return -1;
      const mosaic_stype *v = &P->types[in->opd[0]];
      return same_shape(vt, v) && bits_as_held(v, &P->types[in->opd[1]]) ? j : -1;
    }
    if (!vt || !mosaic_piece_elementwise(P, in) || in->n != vt->n) return -1;
    nel++;
  }
  return -1;
}

/* Forms the row run [first, store] when every operand of its members is a load's value, an
 * earlier member's, a splat constant or a scalar, and every value it makes is read inside it
 * only (the stored one by the store only); *formed says whether it did. */
static tsr_status form_row_run(mosaic_prog *P, const int32_t *def, const int32_t *uses, int32_t first, int32_t store,
                               bool *formed) {
  mosaic_minst *I = P->insts;
  *formed = false;
  int count = (int)(store - first + 1), cap = 1;
  for (int32_t j = first; j <= store; j++) cap += I[j].nopd + I[j].nres;
  int32_t *slot = malloc(sizeof(int32_t) * (size_t)cap), *idx = malloc(sizeof(int32_t) * (size_t)cap);
  uint8_t *kind = malloc((size_t)cap);
  int32_t *inside = calloc((size_t)cap, sizeof(int32_t));
  tsr_status st = TSR_OK;
  if (!slot || !idx || !kind || !inside) {
    st = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
    goto out;
  }
  int ns = 0, nload = 0, nmem = 0, nbufs = 0;
  const mosaic_stype *vt = &P->types[I[store].opd[0]];
  int32_t stored = I[store].opd[0];
  for (int32_t j = first; j <= store; j++) {
    const mosaic_minst *in = &I[j];
    if (mosaic_mop_kinds[in->op] == MOSAIC_K_LOAD) {
      nload++;
      continue;
    }
    int nr = j == store ? 0 : in->nres;
    for (int k = 0; k < in->nopd + nr; k++) {
      int32_t s = k < in->nopd ? in->opd[k] : in->res[k - in->nopd];
      if (j == store && k > 0) break; /* the store's ref and indices are its own */
      int q = 0;
      while (q < ns && slot[q] != s) q++;
      if (q == ns) {
        slot[ns] = s;
        const mosaic_stype *t = &P->types[s];
        int32_t d = def[s];
        if (mosaic_piece_is_const(P, s)) { /* a splat, read from its start in every row (a folded broadcast's too) */
          if (!mosaic_piece_is_splat(P, s) || s == stored) goto out;
          kind[ns] = RV_LEAVE, idx[ns] = 0;
        } else if (k >= in->nopd) kind[ns] = s == stored ? RV_OUT : RV_BUF, idx[ns] = s == stored ? 0 : nbufs++;
        else if (t->n == 1) kind[ns] = RV_LEAVE, idx[ns] = 0;
        else if (d >= first && d < j && mosaic_mop_kinds[I[d].op] == MOSAIC_K_LOAD && !I[d].unused) kind[ns] = RV_LOAD, idx[ns] = d;
        else goto out; /* a value from before the run, or a constant that is not a splat */
        if (kind[ns] != RV_LEAVE && P->types[s].n != vt->n) goto out;
        ns++;
      }
      if (k < in->nopd) inside[q]++;
    }
    nmem += j != store;
  }
  for (int q = 0; q < ns; q++)
    if (kind[q] != RV_LEAVE && (uses[slot[q]] != inside[q] || (slot[q] == stored && uses[slot[q]] != 1))) goto out;
  for (int32_t j = first; j <= store; j++) /* a load's value: read by members only */
    if (mosaic_mop_kinds[I[j].op] == MOSAIC_K_LOAD && !I[j].unused) {
      int q = 0;
      while (q < ns && slot[q] != I[j].res[0]) q++;
      if (q == ns || uses[slot[q]] != inside[q]) goto out;
    }
  mosaic_row_run *g = &P->rowruns[P->nrowruns];
  g->resume = I[store].next;
  g->count = count;
  g->store = store;
  g->nload = nload;
  g->nmem = nmem;
  g->nslots = ns;
  g->cols = vt->shape[vt->rank - 1];
  g->rows = vt->n / g->cols;
  g->load = mosaic_prog_alloc(P, sizeof(int32_t) * (size_t)nload);
  g->mem = mosaic_prog_alloc(P, sizeof(mosaic_minst) * (size_t)nmem);
  g->slot = mosaic_prog_alloc(P, sizeof(int32_t) * (size_t)ns);
  g->idx = mosaic_prog_alloc(P, sizeof(int32_t) * (size_t)ns);
  g->kind = mosaic_prog_alloc(P, (size_t)ns);
  if (!g->load || !g->mem || !g->slot || !g->idx || !g->kind) {
    st = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
    goto out;
  }
  g->cost = (mosaic_op_cost){0};
  for (int32_t j = first, l = 0, m = 0; j <= store; j++) {
    if (mosaic_mop_kinds[I[j].op] == MOSAIC_K_LOAD) {
      g->load[l++] = j;
      I[j].row_view = !I[j].unused;
    } else if (j != store) {
      g->mem[m] = I[j];
      g->mem[m].n = g->cols;
      g->mem[m].chunk = 0;
      g->mem[m++].rows = 0;
    }
    if (j != first) {
      mosaic_piece_sum_cost(&g->cost, &I[j].cost);
    }
  }
  for (int q = 0; q < ns; q++) /* a load's index: its place in g->load */
    if (kind[q] == RV_LOAD)
      for (int l = 0; l < nload; l++)
        if (g->load[l] == idx[q]) idx[q] = l;
  memcpy(g->slot, slot, sizeof(int32_t) * (size_t)ns);
  memcpy(g->idx, idx, sizeof(int32_t) * (size_t)ns);
  memcpy(g->kind, kind, (size_t)ns);
  g->bufs_at = mosaic_piece_reserve_scratch(P, ns, nbufs, (size_t)g->cols);
  I[first].rows = ++P->nrowruns;
  *formed = true;
out:
  free(slot);
  free(idx);
  free(kind);
  free(inside);
  return st;
}

tsr_status mosaic_prog_mark_rows(mosaic_prog *P) {
  const mosaic_minst *I = P->insts;
  mosaic_def_use du;
  TSR_TRY(mosaic_prog_def_use(P, false, &du));
  tsr_status st = TSR_OK;
  int nstores = 0;
  for (int32_t i = 0; i < P->ninsts; i++)
    nstores += mosaic_mop_kinds[I[i].op] != MOSAIC_K_LOAD && mosaic_mop_kinds[I[i].op] != MOSAIC_K_VALUE; /* a bound on the runs */
  P->rowruns = nstores ? mosaic_prog_alloc(P, sizeof(mosaic_row_run) * (size_t)nstores) : NULL;
  if (nstores && !P->rowruns) {
    st = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
    goto out;
  }
  for (int32_t i = 0; i < P->ninsts && st == TSR_OK; i++) {
    if (mosaic_mop_kinds[I[i].op] != MOSAIC_K_LOAD || I[i].unused) continue;
    int32_t e = row_run_end(P, i);
    bool formed = false;
    if (e > i) st = form_row_run(P, du.def, du.uses, i, e, &formed);
    if (formed) i = e;
  }
out:
  mosaic_def_use_free(&du);
  return st;
}

/* The row's address in window w (the value's shape, last dimension dense). */
static void *row_at(const tsr_ref *w, int64_t row) {
  int64_t off = 0;
  for (int d = w->rank - 2; d >= 0; d--) {
    off += (row % w->shape[d]) * w->stride[d];
    row /= w->shape[d];
  }
  return w->data + off * 4;
}

/* [lo, hi): the bytes window w spans. */
static void window_span(const tsr_ref *w, uintptr_t *lo, uintptr_t *hi) {
  int64_t last = 0;
  for (int d = 0; d < w->rank; d++) last += (w->shape[d] - 1) * w->stride[d];
  *lo = (uintptr_t)w->data;
  *hi = *lo + (uintptr_t)(last * 4 + 4);
}

static bool same_ref(const tsr_ref *a, const tsr_ref *b) {
  if (a->data != b->data || a->rank != b->rank) return false;
  for (int d = 0; d < a->rank; d++)
    if (a->shape[d] != b->shape[d] || a->stride[d] != b->stride[d]) return false;
  return true;
}

tsr_status mosaic_row_run_exec(mosaic_exec *x, const mosaic_minst *in, int32_t *resume) {
  const mosaic_row_run *g = &x->P->rowruns[in->rows - 1];
  const mosaic_minst *I = x->P->insts;
  *resume = -1;
  if (x->observed) return TSR_OK;
  if (x->ops_left && *x->ops_left < g->count - 1) return TSR_OK; /* op by op, to stop at the op that overruns */
  tsr_ref w[ROW_LOADS], out;
  uintptr_t olo, ohi;
  if (mosaic_mem_op_window(x, &I[g->store], true, &out) != TSR_OK) return TSR_OK; /* op by op names the failure */
  if ((uintptr_t)out.data % 4 || (g->cols > 1 && out.stride[out.rank - 1] != 1)) return TSR_OK;
  window_span(&out, &olo, &ohi);
  for (int l = 0; l < g->nload; l++) {
    const mosaic_minst *ld = &I[g->load[l]];
    if (mosaic_mem_op_window(x, ld, false, &w[l]) != TSR_OK) return TSR_OK;
    if (ld->unused) continue;
    if ((uintptr_t)w[l].data % 4 || (g->cols > 1 && w[l].stride[w[l].rank - 1] != 1)) return TSR_OK;
    uintptr_t lo, hi;
    window_span(&w[l], &lo, &hi);
    if (lo < ohi && olo < hi && !same_ref(&w[l], &out)) return TSR_OK;
  }
  if (x->ops_left) *x->ops_left -= g->count - 1;
  if (x->carry) { /* a host part's accesses, as op by op reports them */
    for (int l = 0; l < g->nload; l++)
      if (!I[g->load[l]].unused) seam_report_access(x->carry, &w[l], true, false);
    seam_report_access(x->carry, &out, false, true);
  }
  mosaic_piece_add_cost(x, &g->cost);
  void **data = x->f->data, **saved = (void **)x->f->scratch;
  char *bufs = x->f->scratch + g->bufs_at;
  for (int k = 0; k < g->nslots; k++) {
    saved[k] = data[g->slot[k]];
    if (g->kind[k] == RV_BUF) data[g->slot[k]] = bufs + (size_t)g->idx[k] * (size_t)g->cols * 8;
  }
  tsr_status s = TSR_OK;
  const mosaic_minst *failed = NULL;
  for (int64_t r = 0; r < g->rows && !failed; r++) {
    for (int k = 0; k < g->nslots; k++)
      if (g->kind[k] == RV_LOAD) data[g->slot[k]] = row_at(&w[g->idx[k]], r);
      else if (g->kind[k] == RV_OUT) data[g->slot[k]] = row_at(&out, r);
    failed = mosaic_piece_run_members(x, g->mem, g->nmem, &s);
  }
  for (int k = 0; k < g->nslots; k++) data[g->slot[k]] = saved[k];
  if (failed) return mosaic_piece_member_failed(x, s, failed);
  *resume = g->resume;
  return TSR_OK;
}
