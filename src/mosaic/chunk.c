/* Chunked execution of elementwise runs: the vectorised interpretation of numexpr and of
 * column-store query engines. Run op by op, a chain of elementwise ops over a block makes one
 * pass over memory per op (a Philox round is a dozen ops over the whole block); run a chunk of
 * CHUNK elements at a time through the whole chain, the values that only the chain itself
 * reads live in small buffers that stay in L1 and L2, and only the values read after the
 * chain are written out whole.
 *
 * A group is a run of consecutive instructions on one chain (no regions, no branch between
 * them) whose ops compute each result element from the same element of their operands (arith
 * and math ops, compares, selects by a vector condition, casts, broadcasts of one element), all
 * over one element count. Every op's run function is called as it is op by op, on a copy of
 * the instruction whose element count is the chunk's, with the frame's value pointers moved to
 * the chunk: each element goes through the same code, so results are bit for bit those of the
 * op-by-op run (a machine with tsr_machine_options.unchunked ignores the groups, to compare).
 *
 * Which memory is touched must not change what is read. assign_buffers lets a value share
 * memory with a value whose last use comes before it; op by op, a whole pass reads the old value
 * before the next op overwrites it; a chunk at a time, the writer's chunk c comes before the
 * reader's chunk c + 1. That is still safe when both index the shared memory the same way (same
 * offset, same element size: chunk c of one is chunk c of the other, read before it is
 * written), and a group whose values share memory any other way is not formed. */
#include <stdlib.h>
#include <string.h>

#include "mosaic/def_use.h"
#include "pipeline/seam.h"

/* 1024 elements: 4 KiB per 32-bit value, so a dozen live values of a chain fit L1 (48 KiB) and
 * the chunk is long enough that a call per op and chunk costs little. */
enum { CHUNK = SPLAT_SHORT_N };

/* A slot's place in a group: left where it is (a scalar; or a splat constant, whose first
 * chunk is every chunk: read from L1 instead of a block-sized array from memory), moved with
 * the chunk, or chunk buffer k >= 0. */
enum { SCALAR = -2, INDEXED = -1 };

struct chunk_group {
  int32_t resume;        /* the instruction after the group */
  int count;             /* instructions */
  int nrun, nonce;       /* of them: run per chunk; run once, before the first chunk */
  int64_t n;             /* elements */
  int nslots;
  int32_t *slot;         /* every slot the members read or write */
  int32_t *place;        /* per slot: SCALAR, INDEXED, or the chunk buffer that holds it */
  uint8_t *es;           /* per slot: bytes per element */
  minst *full, *tail;    /* the members run per chunk with n = CHUNK, and with n = n % CHUNK
                          * (NULL if 0) */
  minst *once;           /* broadcasts of a scalar that only the group reads: their chunk
                          * buffer, filled once, is every chunk's */
  op_cost cost;          /* of the members after the first (exec_range counts the first) */
  size_t bufs_at;        /* the chunk buffers' offset in the frame's scratch */
};

/* Whether the op computes each result element from the same element of its operands, and the
 * run function is one that reads only in->n elements (r_select's scalar condition and
 * r_copy copy whole values, a broadcast of more than one element is a gather). */
/* A group's room in the frame's scratch, which runs and row runs lay out alike: the slots'
 * saved pointers, then, 64-byte aligned, `nbufs` buffers of `elems` 8-byte elements.
 * Returns where the buffers start and grows the program's scratch to hold them. */
static size_t reserve_scratch(prog *P, int nslots, int nbufs, size_t elems) {
  size_t bufs_at = ((size_t)nslots * sizeof(void *) + 63) & ~(size_t)63;
  size_t need = bufs_at + (size_t)nbufs * elems * 8;
  if (need > P->scratch_bytes) P->scratch_bytes = need;
  return bufs_at;
}

static bool elementwise(const prog *P, const minst *in) {
  if (in->nres != 1 || in->nregions) return false;
  switch (in->op) {
  case MOP_ADDF: case MOP_SUBF: case MOP_MULF: case MOP_DIVF: case MOP_REMF: case MOP_NEGF:
  case MOP_MAXIMUMF: case MOP_MINIMUMF: case MOP_MAXNUMF: case MOP_MINNUMF: case MOP_ATAN2: case MOP_POWF:
  case MOP_EXP: case MOP_EXP2: case MOP_EXPM1: case MOP_MLOG: case MOP_MLOG2: case MOP_MLOG1P:
  case MOP_SQRT: case MOP_RSQRT: case MOP_SIN: case MOP_COS: case MOP_TAN: case MOP_TANH: case MOP_ERF:
  case MOP_ABSF: case MOP_CEIL: case MOP_FLOOR: case MOP_ROUND: case MOP_ROUNDEVEN: case MOP_RECIPROCAL:
  case MOP_ADDI: case MOP_SUBI: case MOP_MULI: case MOP_DIVSI: case MOP_DIVUI: case MOP_REMSI: case MOP_REMUI:
  case MOP_FLOORDIVSI: case MOP_CEILDIVSI: case MOP_CEILDIVUI: case MOP_ANDI: case MOP_ORI: case MOP_XORI:
  case MOP_SHLI: case MOP_SHRSI: case MOP_SHRUI: case MOP_MAXSI: case MOP_MINSI: case MOP_MAXUI: case MOP_MINUI:
  case MOP_ABSI: case MOP_CTLZ: case MOP_CTPOP: case MOP_CTTZ:
  case MOP_CMPI: case MOP_CMPF: case MOP_WEIRD:
  case MOP_EXTF: case MOP_TRUNCF: case MOP_EXTSI: case MOP_EXTUI: case MOP_TRUNCI: case MOP_FPTOSI:
  case MOP_FPTOUI: case MOP_SITOFP: case MOP_UITOFP: case MOP_INDEX_CAST: case MOP_INDEX_CASTUI: case MOP_BITCAST:
    break;
  case MOP_SELECT:
    if (in->a[0]) return false; /* a scalar condition copies a whole value */
    break;
  case MOP_BROADCAST: case MOP_SPLAT:
    if (in->a[1]) return true; /* folded into the constant pool: nothing runs */
    return in->nopd == 1 && P->types[in->opd[0]].n == 1 && P->types[in->res[0]].cls != VC_I64;
  default:
    return false;
  }
  for (int k = 0; k < in->nopd; k++)
    if (P->types[in->opd[k]].n != in->n || P->types[in->opd[k]].cls == VC_REF) return false;
  return P->types[in->res[0]].n == in->n && P->types[in->res[0]].cls != VC_REF;
}

static bool is_const(const prog *P, int32_t s) { return P->cslot_off[s] >= 0; }

/* A broadcast of a scalar that runs (not folded): the same values in every chunk. */
static bool is_once(const minst *in) { return (in->op == MOP_BROADCAST || in->op == MOP_SPLAT) && !in->a[1]; }

/* A constant whose elements all have the same bits (a broadcast constant, folded). */
static bool is_splat(const prog *P, int32_t s) {
  if (!is_const(P, s)) return false;
  if (P->csplat[s]) return true; /* made as one (prog_splat_const): no need to read it all */
  const stype *t = &P->types[s];
  const char *v = P->cpool + P->cslot_off[s];
  if (t->cls == VC_I64) {
    const int64_t *w = (const int64_t *)v;
    for (int64_t i = 1; i < t->n; i++)
      if (w[i] != w[0]) return false;
  } else { /* the bits, not the floats: -0 and NaNs stay apart */
    uint32_t w0, wi;
    memcpy(&w0, v, 4);
    for (int64_t i = 1; i < t->n; i++) {
      memcpy(&wi, v + (size_t)i * 4, 4);
      if (wi != w0) return false;
    }
  }
  return true;
}

/* The frame memory of a value slot, [lo, hi) in bytes; empty for constants. */
static void frame_range(const prog *P, int32_t s, size_t *lo, size_t *hi) {
  const stype *t = &P->types[s];
  *lo = P->data_off[s];
  *hi = is_const(P, s) ? *lo : *lo + (size_t)t->n * class_size(t->cls);
}

typedef struct scan {
  prog *P;
  const int32_t *def; /* per slot: the defining instruction, -1 none (def_use.h) */
  int32_t *mark;      /* per slot: the group being built (dedupe of its slot list) */
  int32_t *last;      /* per slot: the last member that reads it (member index) */
  bool *escapes;      /* per slot: read by an instruction outside its group */
} scan;

static void sum_cost(op_cost *sum, const op_cost *c) {
  sum->transcendentals += c->transcendentals;
  sum->vpu_ops += c->vpu_ops;
  sum->vector_bytes += c->vector_bytes;
  sum->scalar_ops += c->scalar_ops;
}

/* Forms the group [first, first + count), unless its values share memory in a way that chunk
 * order would change (top comment). */
static tsr_status form_group(scan *sc, int32_t first, int count, int gi) {
  prog *P = sc->P;
  const minst *I = P->insts;
  int cap = 0;
  for (int j = 0; j < count; j++) cap += I[first + j].nopd + 1;
  int32_t *slot = malloc(sizeof(int32_t) * (size_t)cap), *place = malloc(sizeof(int32_t) * (size_t)cap);
  int32_t *busy = malloc(sizeof(int32_t) * (size_t)cap); /* per chunk buffer: its last reader */
  bool *once = calloc((size_t)count, sizeof(bool));      /* per member: runs once */
  tsr_status st = TSR_OK;
  if (!slot || !place || !busy || !once) {
    st = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
    goto out;
  }
  int ns = 0, nbufs = 0;
  int64_t n = I[first].n;
  for (int j = 0; j < count; j++) {
    const minst *in = &I[first + j];
    for (int k = 0; k <= in->nopd; k++) {
      int32_t s = k < in->nopd ? in->opd[k] : in->res[0];
      if (k < in->nopd) sc->last[s] = j;
      if (sc->mark[s] == gi) continue;
      sc->mark[s] = gi;
      slot[ns++] = s;
    }
  }
  for (int k = 0; k < ns; k++) {
    int32_t s = slot[k];
    const stype *t = &P->types[s];
    int32_t d = sc->def[s];
    bool member = d >= first && d < first + count;
    if (t->n != n || is_splat(P, s)) place[k] = SCALAR;
    else if (member && !sc->escapes[s] && !is_const(P, s)) place[k] = nbufs; /* assigned below */
    else place[k] = INDEXED;
  }
  /* chunk buffers for the values only the group reads: a buffer is free again after the last
   * reader of its value, never at that reader, so no result shares memory with an operand; a
   * broadcast's buffer, filled once, is never free */
  nbufs = 0;
  int nonce = 0;
  for (int j = 0; j < count; j++) {
    int32_t r = I[first + j].res[0];
    for (int k = 0; k < ns; k++) {
      if (slot[k] != r || place[k] < 0) continue;
      bool filled_once = is_once(&I[first + j]);
      int b = -1;
      for (int q = 0; q < nbufs && b < 0 && !filled_once; q++)
        if (busy[q] < j) b = q;
      if (b < 0) b = nbufs++;
      busy[b] = filled_once ? count : sc->last[r] > j ? sc->last[r] : j; /* last: 0 when nothing reads it */
      place[k] = b;
      nonce += filled_once;
      once[j] = filled_once;
    }
  }
  /* memory the group writes in place against memory it reads (top comment) */
  for (int w = 0; w < ns; w++) {
    int32_t sw = slot[w];
    int32_t d = sc->def[sw];
    if (place[w] != INDEXED || d < first || d >= first + count || is_const(P, sw)) continue;
    size_t wlo, whi;
    frame_range(P, sw, &wlo, &whi);
    for (int r = 0; r < ns; r++) {
      int32_t sr = slot[r];
      if (r == w || place[r] >= 0 || is_const(P, sr) || P->types[sr].cls == VC_REF) continue;
      size_t rlo, rhi;
      frame_range(P, sr, &rlo, &rhi);
      if (rhi <= wlo || whi <= rlo) continue;
      bool same = place[r] == INDEXED && rlo == wlo && class_size(P->types[sr].cls) == class_size(P->types[sw].cls);
      if (!same) goto out;
    }
  }
  chunk_group *g = &P->chunks[P->nchunks];
  g->resume = I[first + count - 1].next;
  g->count = count;
  g->n = n;
  g->nslots = ns;
  g->slot = prog_alloc(P, sizeof(int32_t) * (size_t)ns);
  g->place = prog_alloc(P, sizeof(int32_t) * (size_t)ns);
  g->es = prog_alloc(P, (size_t)ns);
  g->nonce = nonce;
  g->nrun = count - nonce;
  g->full = prog_alloc(P, sizeof(minst) * (size_t)count);
  g->tail = n % CHUNK ? prog_alloc(P, sizeof(minst) * (size_t)count) : NULL;
  g->once = prog_alloc(P, sizeof(minst) * (size_t)(nonce + 1));
  if (!g->slot || !g->place || !g->es || !g->full || (n % CHUNK && !g->tail) || !g->once) {
    st = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
    goto out;
  }
  memcpy(g->slot, slot, sizeof(int32_t) * (size_t)ns);
  memcpy(g->place, place, sizeof(int32_t) * (size_t)ns);
  for (int k = 0; k < ns; k++) g->es[k] = (uint8_t)class_size(P->types[slot[k]].cls);
  g->cost = (op_cost){0};
  for (int j = 0, nr = 0, no = 0; j < count; j++) {
    minst *m = once[j] ? &g->once[no++] : &g->full[nr];
    *m = I[first + j];
    m->n = CHUNK;
    m->chunk = 0;
    if (g->tail && !once[j]) {
      g->tail[nr] = *m;
      g->tail[nr].n = n % CHUNK;
    }
    nr += !once[j];
    if (j) {
      sum_cost(&g->cost, &I[first + j].cost);
    }
  }
  g->bufs_at = reserve_scratch(P, ns, nbufs, CHUNK);
  P->insts[first].chunk = ++P->nchunks;
out:
  free(slot);
  free(place);
  free(busy);
  free(once);
  return st;
}

tsr_status prog_mark_chunks(prog *P) {
  minst *I = P->insts;
  int ns = P->nslots;
  int32_t ni = P->ninsts;
  def_use du;
  TSR_TRY(prog_def_use(P, false, &du));
  scan sc = {.P = P, .def = du.def};
  int32_t *group = malloc(sizeof(int32_t) * ((size_t)ni + 1)); /* per instruction: its run's first */
  sc.mark = malloc(sizeof(int32_t) * ((size_t)ns + 1));
  sc.last = calloc((size_t)ns + 1, sizeof(int32_t));
  sc.escapes = calloc((size_t)ns + 1, sizeof(bool));
  tsr_status st = TSR_OK;
  if (!group || !sc.mark || !sc.last || !sc.escapes) {
    st = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
    goto out;
  }
  for (int s = 0; s < ns; s++) sc.mark[s] = -1;
  /* the runs: consecutive elementwise ops of one element count, each the next of the one before */
  int nruns = 0;
  for (int32_t i = 0; i < ni; i++) {
    group[i] = -1;
    if (!elementwise(P, &I[i]) || I[i].n <= CHUNK || prog_in_branchy_body(P, i)) continue;
    bool joins = i > 0 && group[i - 1] >= 0 && I[i - 1].next == i && I[i - 1].n == I[i].n;
    group[i] = joins ? group[i - 1] : i;
    nruns += !joins;
  }
  for (int32_t u = 0; u < ni; u++)
    for (int k = 0; k < I[u].nopd; k++) {
      int32_t s = I[u].opd[k], d = s >= 0 && s < ns ? sc.def[s] : -1;
      if (d >= 0 && (group[d] < 0 || group[u] != group[d])) sc.escapes[s] = true;
    }
  P->chunks = nruns ? prog_alloc(P, sizeof(chunk_group) * (size_t)nruns) : NULL;
  if (nruns && !P->chunks) {
    st = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
    goto out;
  }
  for (int32_t i = 0; i < ni && st == TSR_OK;) {
    if (group[i] != i) {
      i++;
      continue;
    }
    int32_t e = i + 1;
    while (e < ni && group[e] == i) e++;
    if (e - i >= 2) st = form_group(&sc, i, (int)(e - i), i);
    i = e;
  }
out:
  free(group);
  def_use_free(&du);
  free(sc.mark);
  free(sc.last);
  free(sc.escapes);
  return st;
}

/* Counts a group's cost (of its members after the first: exec_range counts that one). */
static void add_cost(exec *x, const op_cost *c) {
  x->cost.transcendentals += c->transcendentals;
  x->cost.vpu_ops += c->vpu_ops;
  x->cost.vector_bytes += c->vector_bytes;
  x->cost.scalar_ops += c->scalar_ops;
}

/* Runs members m[0..n) in order: NULL, or the one that failed (its status in *s). */
static const minst *run_members(exec *x, const minst *m, int n, tsr_status *s) {
  for (int j = 0; j < n; j++)
    if ((*s = mop_run[m[j].op](x, &m[j])) != TSR_OK) return &m[j];
  return NULL;
}

/* A member's failure, named as exec_range names an op's. */
static tsr_status member_failed(exec *x, tsr_status s, const minst *failed) {
  if (x->located) return s;
  x->located = true;
  return tsr_fail_context(s, "op %s at %s", failed->name, failed->loc);
}

tsr_status chunk_run(exec *x, const minst *in, int32_t *resume) {
  const chunk_group *g = &x->P->chunks[in->chunk - 1];
  *resume = -1;
  if (x->ops_left) {
    if (*x->ops_left < g->count - 1) return TSR_OK; /* op by op, to stop at the op that overruns */
    *x->ops_left -= g->count - 1;
  }
  add_cost(x, &g->cost);
  void **data = x->f->data, **saved = (void **)x->f->scratch;
  char *bufs = x->f->scratch + g->bufs_at;
  for (int k = 0; k < g->nslots; k++) {
    saved[k] = data[g->slot[k]];
    if (g->place[k] >= 0) data[g->slot[k]] = bufs + (size_t)g->place[k] * CHUNK * 8;
  }
  tsr_status s = TSR_OK;
  const minst *failed = run_members(x, g->once, g->nonce, &s);
  for (int64_t off = 0; off < g->n && !failed; off += CHUNK) {
    const minst *m = g->n - off >= CHUNK ? g->full : g->tail;
    for (int k = 0; k < g->nslots; k++)
      if (g->place[k] == INDEXED) data[g->slot[k]] = (char *)saved[k] + off * g->es[k];
    failed = run_members(x, m, g->nrun, &s);
  }
  for (int k = 0; k < g->nslots; k++) data[g->slot[k]] = saved[k];
  if (failed) return member_failed(x, s, failed);
  *resume = g->resume;
  return TSR_OK;
}

tsr_status prog_settle_splats(prog *P) {
  const minst *I = P->insts;
  bool *member = calloc((size_t)P->ninsts + 1, sizeof(bool)), *outside = calloc((size_t)P->nslots + 1, sizeof(bool));
  if (!member || !outside) {
    free(member);
    free(outside);
    return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  }
  for (int32_t i = 0; i < P->ninsts; i++)
    for (int j = 0; I[i].chunk && j < P->chunks[I[i].chunk - 1].count; j++) member[i + j] = true;
  for (int32_t i = 0; i < P->ninsts; i++)
    for (int k = 0; !member[i] && k < I[i].nopd; k++)
      if (I[i].opd[k] >= 0 && I[i].opd[k] < P->nslots) outside[I[i].opd[k]] = true;
  tsr_status st = TSR_OK;
  for (int32_t s = 0; s < P->nslots && st == TSR_OK; s++) {
    if (P->csplat[s] != SPLAT_SHORT) continue;
    const stype *t = &P->types[s];
    if (outside[s]) { /* read whole somewhere: written whole */
      char elem[8];
      memcpy(elem, P->cpool + P->cslot_off[s], class_size(t->cls));
      P->csplat[s] = SPLAT_NONE;
      if (!prog_splat_const(P, s, elem, true)) st = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
      continue;
    }
    /* where a group run op by op fills it: one place per pool splat (threefry's 56 slots
     * share 17), which each of its slots fills with the same bytes */
    int32_t same = -1;
    for (int32_t k = 0; k < s && same < 0; k++)
      if (P->csplat[k] == SPLAT_SHORT && P->cslot_off[k] == P->cslot_off[s] && P->types[k].n == t->n) same = k;
    if (same >= 0) {
      P->data_off[s] = P->data_off[same];
      continue;
    }
    size_t at = (P->frame_bytes + 63) & ~(size_t)63;
    P->data_off[s] = at;
    P->frame_bytes = at + (size_t)t->n * class_size(t->cls);
  }
  for (int32_t i = 0; i < P->ninsts; i++)
    for (int k = 0; member[i] && k < I[i].nopd; k++)
      if (I[i].opd[k] >= 0 && I[i].opd[k] < P->nslots && P->csplat[I[i].opd[k]] == SPLAT_SHORT)
        P->insts[i].reads_short = true;
  free(member);
  free(outside);
  return st;
}

void exec_fill_short(exec *x, const minst *in) {
  const prog *P = x->P;
  for (int k = 0; k < in->nopd; k++) {
    int32_t s = in->opd[k];
    if (P->csplat[s] != SPLAT_SHORT || x->f->data[s] != P->cpool + P->cslot_off[s]) continue;
    const stype *t = &P->types[s];
    size_t es = class_size(t->cls);
    char *d = x->f->values + P->data_off[s];
    for (int64_t i = 0; i < t->n; i++) memcpy(d + (size_t)i * es, P->cpool + P->cslot_off[s], es);
    x->f->data[s] = d;
  }
}

/* ---- row runs ----------------------------------------------------------------------------
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
 * stay those of a copying run; a host part's accesses are reported as op by op reports them), when a window's last dimension is not dense, or when the store's
 * window overlaps a load's other than as the same window (row r of the same window is read
 * before it is written, as op by op). */

enum { RV_LEAVE, RV_LOAD, RV_BUF, RV_OUT };
enum { ROW_LOADS = 8 }; /* loads per run at most (their windows live on the stack) */

struct row_run {
  int32_t resume;   /* the instruction after the store */
  int count;        /* instructions, the first load to the store */
  int nload;
  int32_t *load;    /* the loads' instructions, in order (unused ones too: run once, first) */
  int nmem;
  minst *mem;       /* the elementwise members with n = the row's length */
  int32_t store;
  int nslots;
  int32_t *slot;    /* the slots the members read or write */
  uint8_t *kind;    /* per slot: RV_* */
  int32_t *idx;     /* RV_LOAD: the load (index into load); RV_BUF: the row buffer */
  int64_t rows, cols;
  op_cost cost;     /* of the instructions after the first */
  size_t bufs_at;
};

static bool unit_strides(const minst *in) {
  for (int k = 0; k < in->nints; k++)
    if (in->ints[k] != 1) return false;
  return true;
}

static bool same_shape(const stype *a, const stype *b) {
  if (a->rank != b->rank) return false;
  for (int d = 0; d < a->rank; d++)
    if (a->shape[d] != b->shape[d]) return false;
  return true;
}

/* Whether a store of a value of type v into ref type r writes its bits as held (write_row). */
static bool bits_as_held(const stype *v, const stype *r) {
  if (r->pack) return false;
  return (v->cls == VC_F && v->ek == EK_F32 && r->dtype == TSR_F32) ||
         (v->cls == VC_I32 && v->width == 32 && (r->dtype == TSR_I32 || r->dtype == TSR_U32));
}

/* The store that ends the row run starting at load `first`, or -1 when none does: loads,
 * elementwise ops and a store on one straight chain (see above). */
static int32_t row_run_end(const prog *P, int32_t first) {
  const minst *I = P->insts;
  const stype *vt = NULL;
  int nel = 0, nload = 0;
  for (int32_t j = first; j < P->ninsts; j = I[j].next) {
    const minst *in = &I[j];
    if ((j != first && I[j - 1].next != j) || prog_in_branchy_body(P, j)) return -1; /* one straight chain */
    if (in->op == MOP_VLOAD || in->op == MOP_TVLOAD || in->op == MOP_TLOAD) {
      if (in->nres != 1 || P->types[in->opd[0]].pack || ++nload > ROW_LOADS) return -1;
      if (in->unused) continue;
      if (!in->alias || in->mxu_view || in->a[1] >= 0 || !unit_strides(in)) return -1;
      const stype *t = &P->types[in->res[0]];
      int64_t cols = t->rank < 1 ? 0 : t->shape[t->rank - 1];
      /* rows of 64 to CHUNK elements (or one row): a call per op and row costs little */
      if ((vt && !same_shape(vt, t)) || t->n < 2 || cols > CHUNK || (cols < 64 && cols != t->n)) return -1;
      vt = t;
      continue;
    }
    if (in->op == MOP_VSTORE || in->op == MOP_TVSTORE || in->op == MOP_TSTORE) {
      if (!vt || !nel || in->nopd < 2 || in->a[1] >= 0 || in->aux || in->a[3] != 0 || in->in_place || !unit_strides(in))
        return -1;
      const stype *v = &P->types[in->opd[0]];
      return same_shape(vt, v) && bits_as_held(v, &P->types[in->opd[1]]) ? j : -1;
    }
    if (!vt || !elementwise(P, in) || in->n != vt->n) return -1;
    nel++;
  }
  return -1;
}

/* Forms the row run [first, store] when every operand of its members is a load's value, an
 * earlier member's, a splat constant or a scalar, and every value it makes is read inside it
 * only (the stored one by the store only); *formed says whether it did. */
static tsr_status form_row_run(prog *P, const int32_t *def, const int32_t *uses, int32_t first, int32_t store,
                               bool *formed) {
  minst *I = P->insts;
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
  const stype *vt = &P->types[I[store].opd[0]];
  int32_t stored = I[store].opd[0];
  for (int32_t j = first; j <= store; j++) {
    const minst *in = &I[j];
    if (mop_kinds[in->op] == K_LOAD) {
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
        const stype *t = &P->types[s];
        int32_t d = def[s];
        if (is_const(P, s)) { /* a splat, read from its start in every row (a folded broadcast's too) */
          if (!is_splat(P, s) || s == stored) goto out;
          kind[ns] = RV_LEAVE, idx[ns] = 0;
        } else if (k >= in->nopd) kind[ns] = s == stored ? RV_OUT : RV_BUF, idx[ns] = s == stored ? 0 : nbufs++;
        else if (t->n == 1) kind[ns] = RV_LEAVE, idx[ns] = 0;
        else if (d >= first && d < j && mop_kinds[I[d].op] == K_LOAD && !I[d].unused) kind[ns] = RV_LOAD, idx[ns] = d;
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
    if (mop_kinds[I[j].op] == K_LOAD && !I[j].unused) {
      int q = 0;
      while (q < ns && slot[q] != I[j].res[0]) q++;
      if (q == ns || uses[slot[q]] != inside[q]) goto out;
    }
  row_run *g = &P->rowruns[P->nrowruns];
  g->resume = I[store].next;
  g->count = count;
  g->store = store;
  g->nload = nload;
  g->nmem = nmem;
  g->nslots = ns;
  g->cols = vt->shape[vt->rank - 1];
  g->rows = vt->n / g->cols;
  g->load = prog_alloc(P, sizeof(int32_t) * (size_t)nload);
  g->mem = prog_alloc(P, sizeof(minst) * (size_t)nmem);
  g->slot = prog_alloc(P, sizeof(int32_t) * (size_t)ns);
  g->idx = prog_alloc(P, sizeof(int32_t) * (size_t)ns);
  g->kind = prog_alloc(P, (size_t)ns);
  if (!g->load || !g->mem || !g->slot || !g->idx || !g->kind) {
    st = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
    goto out;
  }
  g->cost = (op_cost){0};
  for (int32_t j = first, l = 0, m = 0; j <= store; j++) {
    if (mop_kinds[I[j].op] == K_LOAD) {
      g->load[l++] = j;
      I[j].row_view = !I[j].unused;
    } else if (j != store) {
      g->mem[m] = I[j];
      g->mem[m].n = g->cols;
      g->mem[m].chunk = 0;
      g->mem[m++].rows = 0;
    }
    if (j != first) {
      sum_cost(&g->cost, &I[j].cost);
    }
  }
  for (int q = 0; q < ns; q++) /* a load's index: its place in g->load */
    if (kind[q] == RV_LOAD)
      for (int l = 0; l < nload; l++)
        if (g->load[l] == idx[q]) idx[q] = l;
  memcpy(g->slot, slot, sizeof(int32_t) * (size_t)ns);
  memcpy(g->idx, idx, sizeof(int32_t) * (size_t)ns);
  memcpy(g->kind, kind, (size_t)ns);
  g->bufs_at = reserve_scratch(P, ns, nbufs, (size_t)g->cols);
  I[first].rows = ++P->nrowruns;
  *formed = true;
out:
  free(slot);
  free(idx);
  free(kind);
  free(inside);
  return st;
}

tsr_status prog_mark_rows(prog *P) {
  const minst *I = P->insts;
  def_use du;
  TSR_TRY(prog_def_use(P, false, &du));
  tsr_status st = TSR_OK;
  int nstores = 0;
  for (int32_t i = 0; i < P->ninsts; i++)
    nstores += mop_kinds[I[i].op] != K_LOAD && mop_kinds[I[i].op] != K_VALUE; /* a bound on the runs */
  P->rowruns = nstores ? prog_alloc(P, sizeof(row_run) * (size_t)nstores) : NULL;
  if (nstores && !P->rowruns) {
    st = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
    goto out;
  }
  for (int32_t i = 0; i < P->ninsts && st == TSR_OK; i++) {
    if (mop_kinds[I[i].op] != K_LOAD || I[i].unused) continue;
    int32_t e = row_run_end(P, i);
    bool formed = false;
    if (e > i) st = form_row_run(P, du.def, du.uses, i, e, &formed);
    if (formed) i = e;
  }
out:
  def_use_free(&du);
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

tsr_status row_run_exec(exec *x, const minst *in, int32_t *resume) {
  const row_run *g = &x->P->rowruns[in->rows - 1];
  const minst *I = x->P->insts;
  *resume = -1;
  if (x->observed) return TSR_OK;
  if (x->ops_left && *x->ops_left < g->count - 1) return TSR_OK; /* op by op, to stop at the op that overruns */
  tsr_ref w[ROW_LOADS], out;
  uintptr_t olo, ohi;
  if (mem_op_window(x, &I[g->store], true, &out) != TSR_OK) return TSR_OK; /* op by op names the failure */
  if ((uintptr_t)out.data % 4 || (g->cols > 1 && out.stride[out.rank - 1] != 1)) return TSR_OK;
  window_span(&out, &olo, &ohi);
  for (int l = 0; l < g->nload; l++) {
    const minst *ld = &I[g->load[l]];
    if (mem_op_window(x, ld, false, &w[l]) != TSR_OK) return TSR_OK;
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
  add_cost(x, &g->cost);
  void **data = x->f->data, **saved = (void **)x->f->scratch;
  char *bufs = x->f->scratch + g->bufs_at;
  for (int k = 0; k < g->nslots; k++) {
    saved[k] = data[g->slot[k]];
    if (g->kind[k] == RV_BUF) data[g->slot[k]] = bufs + (size_t)g->idx[k] * (size_t)g->cols * 8;
  }
  tsr_status s = TSR_OK;
  const minst *failed = NULL;
  for (int64_t r = 0; r < g->rows && !failed; r++) {
    for (int k = 0; k < g->nslots; k++)
      if (g->kind[k] == RV_LOAD) data[g->slot[k]] = row_at(&w[g->idx[k]], r);
      else if (g->kind[k] == RV_OUT) data[g->slot[k]] = row_at(&out, r);
    failed = run_members(x, g->mem, g->nmem, &s);
  }
  for (int k = 0; k < g->nslots; k++) data[g->slot[k]] = saved[k];
  if (failed) return member_failed(x, s, failed);
  *resume = g->resume;
  return TSR_OK;
}
