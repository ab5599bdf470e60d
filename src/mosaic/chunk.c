/* Chunked execution of elementwise runs: the vectorised interpretation of numexpr and of
 * column-store query engines. Run op by op, a chain of elementwise ops over a block makes one
 * pass over memory per op (a Philox round is a dozen ops over the whole block); run a chunk of
 * MOSAIC_CHUNK elements at a time through the whole chain, the values that only the chain itself
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
#include "mosaic/piecewise.h"

/* A broadcast of a scalar that runs (not folded): the same values in every chunk. */
static bool is_once(const mosaic_minst *in) { return mosaic_piece_broadcast(in->op) && !in->a[1]; }

/* The frame memory of a value slot, [lo, hi) in bytes; empty for constants. */
static void frame_range(const mosaic_prog *P, int32_t s, size_t *lo, size_t *hi) {
  const mosaic_stype *t = &P->types[s];
  *lo = P->data_off[s];
  *hi = mosaic_piece_is_const(P, s) ? *lo : *lo + (size_t)t->n * mosaic_class_size(t->cls);
}

typedef struct scan {
  mosaic_prog *P;
  const int32_t *def; /* per slot: the defining instruction, -1 none (def_use.h) */
  int32_t *mark;      /* per slot: the group being built (dedupe of its slot list) */
  int32_t *last;      /* per slot: the last member that reads it (member index) */
  bool *escapes;      /* per slot: read by an instruction outside its group */
} scan;

/* Forms the group [first, first + count), unless its values share memory in a way that chunk
 * order would change (top comment). */
static tsr_status form_group(scan *sc, int32_t first, int count, int gi) {
  mosaic_prog *P = sc->P;
  const mosaic_minst *I = P->insts;
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
    const mosaic_minst *in = &I[first + j];
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
    const mosaic_stype *t = &P->types[s];
    int32_t d = sc->def[s];
    bool member = d >= first && d < first + count;
    if (t->n != n || mosaic_piece_is_splat(P, s)) place[k] = MOSAIC_SCALAR;
    else if (member && !sc->escapes[s] && !mosaic_piece_is_const(P, s)) place[k] = nbufs; /* assigned below */
    else place[k] = MOSAIC_INDEXED;
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
    if (place[w] != MOSAIC_INDEXED || d < first || d >= first + count || mosaic_piece_is_const(P, sw)) continue;
    size_t wlo, whi;
    frame_range(P, sw, &wlo, &whi);
    for (int r = 0; r < ns; r++) {
      int32_t sr = slot[r];
      if (r == w || place[r] >= 0 || mosaic_piece_is_const(P, sr) || P->types[sr].cls == MOSAIC_VC_REF) continue;
      size_t rlo, rhi;
      frame_range(P, sr, &rlo, &rhi);
      if (rhi <= wlo || whi <= rlo) continue;
      bool same = place[r] == MOSAIC_INDEXED && rlo == wlo && mosaic_class_size(P->types[sr].cls) == mosaic_class_size(P->types[sw].cls);
      if (!same) goto out;
    }
  }
  mosaic_chunk_group *g = &P->chunks[P->nchunks];
  g->resume = I[first + count - 1].next;
  g->count = count;
  g->n = n;
  g->nslots = ns;
  g->slot = mosaic_prog_alloc(P, sizeof(int32_t) * (size_t)ns);
  g->place = mosaic_prog_alloc(P, sizeof(int32_t) * (size_t)ns);
  g->es = mosaic_prog_alloc(P, (size_t)ns);
  g->nonce = nonce;
  g->nrun = count - nonce;
  g->full = mosaic_prog_alloc(P, sizeof(mosaic_minst) * (size_t)count);
  g->tail = n % MOSAIC_CHUNK ? mosaic_prog_alloc(P, sizeof(mosaic_minst) * (size_t)count) : NULL;
  g->once = mosaic_prog_alloc(P, sizeof(mosaic_minst) * (size_t)(nonce + 1));
  if (!g->slot || !g->place || !g->es || !g->full || (n % MOSAIC_CHUNK && !g->tail) || !g->once) {
    st = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
    goto out;
  }
  memcpy(g->slot, slot, sizeof(int32_t) * (size_t)ns);
  memcpy(g->place, place, sizeof(int32_t) * (size_t)ns);
  for (int k = 0; k < ns; k++) g->es[k] = (uint8_t)mosaic_class_size(P->types[slot[k]].cls);
  g->cost = (mosaic_op_cost){0};
  for (int j = 0, nr = 0, no = 0; j < count; j++) {
    mosaic_minst *m = once[j] ? &g->once[no++] : &g->full[nr];
    *m = I[first + j];
    m->n = MOSAIC_CHUNK;
    m->chunk = 0;
    if (g->tail && !once[j]) {
      g->tail[nr] = *m;
      g->tail[nr].n = n % MOSAIC_CHUNK;
    }
    nr += !once[j];
    if (j) {
      mosaic_piece_sum_cost(&g->cost, &I[first + j].cost);
    }
  }
  g->bufs_at = mosaic_piece_reserve_scratch(P, ns, nbufs, MOSAIC_CHUNK);
  P->insts[first].chunk = ++P->nchunks;
out:
  free(slot);
  free(place);
  free(busy);
  free(once);
  return st;
}

tsr_status mosaic_prog_mark_chunks(mosaic_prog *P) {
  mosaic_minst *I = P->insts;
  int ns = P->nslots;
  int32_t ni = P->ninsts;
  mosaic_def_use du;
  TSR_TRY(mosaic_prog_def_use(P, false, &du));
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
    if (!mosaic_piece_elementwise(P, &I[i]) || I[i].n <= MOSAIC_CHUNK || mosaic_prog_in_branchy_body(P, i)) continue;
    bool joins = i > 0 && group[i - 1] >= 0 && I[i - 1].next == i && I[i - 1].n == I[i].n;
    group[i] = joins ? group[i - 1] : i;
    nruns += !joins;
  }
  for (int32_t u = 0; u < ni; u++)
    for (int k = 0; k < I[u].nopd; k++) {
      int32_t s = I[u].opd[k], d = s >= 0 && s < ns ? sc.def[s] : -1;
      if (d >= 0 && (group[d] < 0 || group[u] != group[d])) sc.escapes[s] = true;
    }
  P->chunks = nruns ? mosaic_prog_alloc(P, sizeof(mosaic_chunk_group) * (size_t)nruns) : NULL;
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
  mosaic_def_use_free(&du);
  free(sc.mark);
  free(sc.last);
  free(sc.escapes);
  return st;
}

tsr_status mosaic_chunk_run(mosaic_exec *x, const mosaic_minst *in, int32_t *resume) {
  const mosaic_chunk_group *g = &x->P->chunks[in->chunk - 1];
  *resume = -1;
  if (x->ops_left) {
    if (*x->ops_left < g->count - 1) return TSR_OK; /* op by op, to stop at the op that overruns */
    *x->ops_left -= g->count - 1;
  }
  mosaic_piece_add_cost(x, &g->cost);
  void **data = x->f->data, **saved = (void **)x->f->scratch;
  char *bufs = x->f->scratch + g->bufs_at;
  for (int k = 0; k < g->nslots; k++) {
    saved[k] = data[g->slot[k]];
    if (g->place[k] >= 0) data[g->slot[k]] = bufs + (size_t)g->place[k] * MOSAIC_CHUNK * 8;
  }
  tsr_status s = TSR_OK;
  const mosaic_minst *failed = mosaic_piece_run_members(x, g->once, g->nonce, &s);
  for (int64_t off = 0; off < g->n && !failed; off += MOSAIC_CHUNK) {
    const mosaic_minst *m = g->n - off >= MOSAIC_CHUNK ? g->full : g->tail;
    for (int k = 0; k < g->nslots; k++)
      if (g->place[k] == MOSAIC_INDEXED) data[g->slot[k]] = (char *)saved[k] + off * g->es[k];
    failed = mosaic_piece_run_members(x, m, g->nrun, &s);
  }
  for (int k = 0; k < g->nslots; k++) data[g->slot[k]] = saved[k];
  if (failed) return mosaic_piece_member_failed(x, s, failed);
  *resume = g->resume;
  return TSR_OK;
}
