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

#include "mosaic/mosaic_internal.h"

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
  int32_t *def;     /* per slot: the defining instruction, -1 none */
  int32_t *mark;    /* per slot: the group being built (dedupe of its slot list) */
  int32_t *last;    /* per slot: the last member that reads it (member index) */
  bool *escapes;    /* per slot: read by an instruction outside its group */
} scan;

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
      g->cost.transcendentals += I[first + j].cost.transcendentals;
      g->cost.vpu_ops += I[first + j].cost.vpu_ops;
      g->cost.vector_bytes += I[first + j].cost.vector_bytes;
      g->cost.scalar_ops += I[first + j].cost.scalar_ops;
    }
  }
  g->bufs_at = ((size_t)ns * sizeof(void *) + 63) & ~(size_t)63;
  size_t need = g->bufs_at + (size_t)nbufs * CHUNK * 8;
  if (need > P->scratch_bytes) P->scratch_bytes = need;
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
  scan sc = {.P = P};
  int32_t *group = malloc(sizeof(int32_t) * ((size_t)ni + 1)); /* per instruction: its run's first */
  sc.def = malloc(sizeof(int32_t) * ((size_t)ns + 1));
  sc.mark = malloc(sizeof(int32_t) * ((size_t)ns + 1));
  sc.last = calloc((size_t)ns + 1, sizeof(int32_t));
  sc.escapes = calloc((size_t)ns + 1, sizeof(bool));
  tsr_status st = TSR_OK;
  if (!group || !sc.def || !sc.mark || !sc.last || !sc.escapes) {
    st = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
    goto out;
  }
  for (int s = 0; s < ns; s++) sc.def[s] = -1, sc.mark[s] = -1;
  /* the runs: consecutive elementwise ops of one element count, each the next of the one before */
  int nruns = 0;
  for (int32_t i = 0; i < ni; i++) {
    group[i] = -1;
    if (!elementwise(P, &I[i]) || I[i].n <= CHUNK || prog_in_branchy_body(P, i)) continue;
    bool joins = i > 0 && group[i - 1] >= 0 && I[i - 1].next == i && I[i - 1].n == I[i].n;
    group[i] = joins ? group[i - 1] : i;
    nruns += !joins;
  }
  for (int32_t i = 0; i < ni; i++)
    for (int k = 0; k < I[i].nres; k++) sc.def[I[i].res[k]] = i;
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
  free(sc.def);
  free(sc.mark);
  free(sc.last);
  free(sc.escapes);
  return st;
}

tsr_status chunk_run(exec *x, const minst *in, int32_t *resume) {
  const chunk_group *g = &x->P->chunks[in->chunk - 1];
  *resume = -1;
  if (x->ops_left) {
    if (*x->ops_left < g->count - 1) return TSR_OK; /* op by op, to stop at the op that overruns */
    *x->ops_left -= g->count - 1;
  }
  x->cost.transcendentals += g->cost.transcendentals;
  x->cost.vpu_ops += g->cost.vpu_ops;
  x->cost.vector_bytes += g->cost.vector_bytes;
  x->cost.scalar_ops += g->cost.scalar_ops;
  void **data = x->f->data, **saved = (void **)x->f->scratch;
  char *bufs = x->f->scratch + g->bufs_at;
  for (int k = 0; k < g->nslots; k++) {
    saved[k] = data[g->slot[k]];
    if (g->place[k] >= 0) data[g->slot[k]] = bufs + (size_t)g->place[k] * CHUNK * 8;
  }
  tsr_status s = TSR_OK;
  const minst *failed = NULL;
  for (int j = 0; j < g->nonce && !failed; j++)
    if ((s = mop_run[g->once[j].op](x, &g->once[j])) != TSR_OK) failed = &g->once[j];
  for (int64_t off = 0; off < g->n && !failed; off += CHUNK) {
    const minst *m = g->n - off >= CHUNK ? g->full : g->tail;
    for (int k = 0; k < g->nslots; k++)
      if (g->place[k] == INDEXED) data[g->slot[k]] = (char *)saved[k] + off * g->es[k];
    for (int j = 0; j < g->nrun; j++)
      if ((s = mop_run[m[j].op](x, &m[j])) != TSR_OK) {
        failed = &m[j];
        break;
      }
  }
  for (int k = 0; k < g->nslots; k++) data[g->slot[k]] = saved[k];
  if (failed) {
    if (x->located) return s;
    x->located = true;
    return tsr_fail_context(s, "op %s at %s", failed->name, failed->loc);
  }
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
