/* The race checker. Per core it keeps the DMAs in flight (started, not yet waited for) with the
 * byte regions they read and write; a wait retires the oldest DMAs on its semaphore whose bytes
 * it covers, as the machine does (a DMA that signals a regular semaphore, TPU v6 and later,
 * counts 1 on it, and the semaphore wait that takes that count ends it). Anything that touches a DMA's destination, or writes its
 * source, while it is in flight is a race: on a TPU the DMA may land before, during or after
 * the access. A pipelined kernel touches the current slot while the next slot's DMA is in
 * flight, which are different regions, so it stays clean. Two DMAs in flight that write one
 * place race unless they copy the same bytes there (same_copy). With many DMAs in flight a
 * start or an access looks only at those whose spans an index by address says can meet it
 * (spans.c), in the order they started, so the findings are those of a walk over them all. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/check_internal.h"
#include "core/grow.h"
#include "machine/machine_internal.h"

/* The index pays off past a few dozen DMAs in flight; below, a walk over them is cheaper than
 * keeping it. It is built when the live DMAs pass CK_INDEX_ON and dropped when they fall to
 * CK_INDEX_OFF (apart, so that a count hovering near one does not rebuild it at every step). */
enum { CK_INDEX_ON = 32, CK_INDEX_OFF = 8 };

static void unindex(ck_flights *fl) {
  fl->indexed = false;
  ck_spans_clear(&fl->src_ix);
  ck_spans_clear(&fl->dst_ix);
}

static bool index_add(ck_flights *fl, const ck_flight *f) {
  if (!ck_spans_add(&fl->src_ix, f->src, f->seq)) return false;
  if (ck_spans_add(&fl->dst_ix, f->dst, f->seq)) return true;
  ck_spans_remove(&fl->src_ix, f->src, f->seq);
  return false;
}

static void build_index(ck_flights *fl) {
  fl->indexed = true;
  for (int i = fl->head; i < fl->n; i++)
    if (!fl->a[i].gone && !index_add(fl, &fl->a[i])) {
      unindex(fl); /* out of memory: the walk still finds everything */
      return;
    }
}

static void flights_clear(ck_flights *fl) {
  fl->n = fl->head = fl->live = 0;
  unindex(fl);
}

void ck_race_reset(tsr_checker *ck) {
  for (int c = 0; c < CK_MAX_CORES; c++) flights_clear(&ck->inflight[c]);
}

void ck_race_free(tsr_checker *ck) {
  for (int c = 0; c < CK_MAX_CORES; c++) {
    ck_flights *fl = &ck->inflight[c];
    free(fl->a);
    ck_spans_free(&fl->src_ix);
    ck_spans_free(&fl->dst_ix);
    free(fl->cand.a);
  }
}

static int by_seq(const void *x, const void *y) {
  uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
  return (a > b) - (a < b);
}

/* The DMAs in flight whose spans meet any of the nq queries (query k against index ix[k]),
 * as indices into fl->a in array order, left in fl->cand; the findings then come in the order
 * a walk over the whole array gives. -1: look at every DMA (no index, or race_linear). */
static int candidates(const tsr_checker *ck, ck_flights *fl, int nq, const ck_region *q, ck_spans *const *ix) {
  if (ck->race_linear || !fl->indexed) return -1;
  fl->cand.n = 0;
  for (int k = 0; k < nq; k++)
    if (!ck_spans_find(ix[k], q[k], &fl->cand)) return -1;
  if (fl->cand.n > 1) qsort(fl->cand.a, (size_t)fl->cand.n, sizeof *fl->cand.a, by_seq);
  int n = 0, lo = fl->head;
  for (int j = 0; j < fl->cand.n; j++) {
    uint64_t seq = fl->cand.a[j]; /* (the slots before j are overwritten with indices) */
    if (n && fl->a[fl->cand.a[n - 1]].seq == seq) continue; /* found by two queries */
    int hi = fl->n; /* the array is in seq order: the first index at or past seq, from lo on */
    while (lo < hi) {
      int mid = lo + (hi - lo) / 2;
      if (fl->a[mid].seq < seq) lo = mid + 1;
      else hi = mid;
    }
    fl->cand.a[n++] = (uint64_t)lo;
  }
  return n;
}

static void retire(ck_flights *fl, ck_flight *f) {
  if (fl->indexed) {
    ck_spans_remove(&fl->src_ix, f->src, f->seq);
    ck_spans_remove(&fl->dst_ix, f->dst, f->seq);
  }
  f->gone = true;
  fl->live--;
}

/* Skips the retired flights at the front; moves the live ones down, in order, once the
 * retired slots outnumber them (each move is paid for by as many retirements). */
static void reclaim(ck_flights *fl) {
  if (fl->indexed && fl->live <= CK_INDEX_OFF) unindex(fl);
  while (fl->head < fl->n && fl->a[fl->head].gone) fl->head++;
  int dead = fl->n - fl->live;
  if (dead < 32 || dead <= fl->live) return;
  int kept = 0;
  for (int i = fl->head; i < fl->n; i++)
    if (!fl->a[i].gone) fl->a[kept++] = fl->a[i];
  fl->n = kept;
  fl->head = 0;
}

static const char *dir_name(tsr_dma_dir d) {
  return d == TSR_DMA_IN ? "input" : d == TSR_DMA_OUT ? "output" : "kernel";
}

/* "input DMA #3 operand 0 block (1, 0) (hbm f32[16,256] -> vmem f32[16,256], started at step 2)";
 * the pipeline's read-back of a revisited output block: "read-back DMA #7 of out0 block ..." */
static char *describe(const ck_flight *f, char *buf, size_t cap) {
  char s[96], d[96], blk[64] = "", op[32] = "";
  if (f->rank > 0) {
    char dims[48];
    snprintf(blk, sizeof blk, " block %s", tsr_format_dims(f->block, f->rank, dims, sizeof dims));
  }
  if (f->read_back) snprintf(op, sizeof op, " of out%d", f->operand);
  else if (f->operand >= 0) snprintf(op, sizeof op, " operand %d", f->operand);
  snprintf(buf, cap, "%s DMA #%llu%s%s (%s -> %s, started at step %lld)", f->read_back ? "read-back" : dir_name(f->dir),
           (unsigned long long)f->id, op, blk, ck_describe(&f->src_ref, s, sizeof s),
           ck_describe(&f->dst_ref, d, sizeof d), (long long)f->step);
  return buf;
}

static void report_pair(tsr_checker *ck, int core, const ck_flight *a, const char *how,
                        const ck_flight *b, const char *tail) {
  char x[256], y[256], who[48];
  ck_report(ck, TSR_ERR_RACE, "race on %s: %s %s %s%s", ck_core_name(ck, core, who, sizeof who), describe(a, x, sizeof x), how,
            describe(b, y, sizeof y), tail);
}

/* the spans first (cheap, and most pairs are apart), then the exact test */
static bool meet(ck_region ra, const tsr_ref *a, ck_region rb, const tsr_ref *b) {
  return ck_regions_overlap(ra, rb) && ck_refs_overlap(a, b);
}

static bool same_window(const tsr_ref *a, const tsr_ref *b) {
  if (a->data != b->data || a->dtype != b->dtype || a->rank != b->rank) return false;
  for (int k = 0; k < a->rank; k++)
    if (a->shape[k] != b->shape[k] || (a->shape[k] > 1 && a->stride[k] != b->stride[k])) return false;
  return true;
}

/* Two copies of one source window to one destination window write the same bytes in either
 * order, so their overlap decides nothing (a store into that source while either is in
 * flight is still reported, as overwriting its source). Ragged scatter's SparseCore kernel
 * repeats a write so rather than branch around it. */
static bool same_copy(const ck_flight *a, const ck_flight *b) {
  return same_window(&a->src_ref, &b->src_ref) && same_window(&a->dst_ref, &b->dst_ref);
}

static void dma_start(tsr_checker *ck, const tsr_event *ev) {
  if (!ev->src || !ev->dst) return;
  int64_t credit = machine_dma_count(ev->sem, ev->bytes);
  /* A copy of nothing (a slice of zero rows) on a DMA semaphore touches no byte, so it meets
   * nothing, and counts nothing, so no wait takes anything from it: it can neither be raced
   * nor decide which DMAs a wait retires. The machine retires it at any wait on its
   * semaphore, which may never come with bytes to spend (a wait for zero bytes); kept here
   * it would stay in flight and lengthen every wait's walk. A fused MoE kernel starts
   * hundreds of them per expert, one per token it does not route there. */
  if (credit == 0 && !tsr_ref_bytes(ev->src) && !tsr_ref_bytes(ev->dst)) return;
  ck_flights *fl = &ck->inflight[ev->core];
  if (!GROW_ARRAY(fl->a, fl->n, fl->cap, 16)) return;
  ck_flight *nf = &fl->a[fl->n];
  *nf = (ck_flight){.id = ev->dma_id, .src = ck_ref_region(ev->src), .dst = ck_ref_region(ev->dst),
                 .sem = ev->sem ? ev->sem->data : NULL, .credit = credit, .dir = ev->dir,
                 .operand = ev->operand, .step = ev->step, .src_ref = *ev->src, .dst_ref = *ev->dst,
                 .read_back = ev->dir == TSR_DMA_IN && ev->name && !strncmp(ev->name, "out", 3),
                 .seq = fl->next_seq};
  if (ev->index && ev->rank > 0 && ev->rank <= TSR_MAX_RANK) {
    nf->rank = ev->rank;
    memcpy(nf->block, ev->index, (size_t)ev->rank * sizeof *ev->index);
  }
  ck_region q[3] = {nf->dst, nf->dst, nf->src};
  ck_spans *ix[3] = {&fl->dst_ix, &fl->src_ix, &fl->dst_ix};
  int k = candidates(ck, fl, 3, q, ix);
  for (int j = k < 0 ? fl->head : 0; j < (k < 0 ? fl->n : k); j++) {
    const ck_flight *f = &fl->a[k < 0 ? j : (int)fl->cand.a[j]];
    if (f->gone || same_copy(nf, f)) continue;
    if (meet(nf->dst, &nf->dst_ref, f->dst, &f->dst_ref))
      report_pair(ck, ev->core, nf, "and", f, " are in flight at once and write overlapping memory");
    else if (meet(nf->dst, &nf->dst_ref, f->src, &f->src_ref))
      report_pair(ck, ev->core, nf, "overwrites the source of", f, ", which was not yet waited for");
    else if (meet(nf->src, &nf->src_ref, f->dst, &f->dst_ref))
      report_pair(ck, ev->core, nf, "reads the destination of", f, " before it was waited for");
  }
  if (fl->indexed && !index_add(fl, nf)) return;
  fl->next_seq++;
  fl->n++;
  if (++fl->live > CK_INDEX_ON && !fl->indexed) build_index(fl);
}

/* A wait that took `need` from its semaphore: a DMA wait's bytes, or a semaphore wait's
 * amount (the DMAs that signal a regular semaphore; where signals count on it as well, the
 * oldest DMAs are taken to be the ones it saw land, as the machine retires them). */
static void dma_waited(tsr_checker *ck, const tsr_event *ev, int64_t need) {
  ck_flights *fl = &ck->inflight[ev->core];
  const char *sem = ev->sem ? ev->sem->data : NULL;
  for (int i = fl->head; i < fl->n && need > 0; i++) { /* oldest first, until the wait is spent */
    ck_flight *f = &fl->a[i];
    if (f->gone || f->sem != sem) continue;
    int64_t take = f->credit < need ? f->credit : need;
    f->credit -= take;
    need -= take;
    if (f->credit <= 0) retire(fl, f);
  }
  reclaim(fl);
}

/* A semaphore output's count handed on to a later kernel (SEM_CARRY out): the DMAs in flight
 * on it have landed (call_semaphores.c settles them before the outputs are written back) and
 * are the later kernel's to wait for. */
static void handed_on(tsr_checker *ck, const tsr_event *ev) {
  if (!ev->sem || ev->amount >= 0) return;
  ck_flights *fl = &ck->inflight[ev->core];
  for (int i = fl->head; i < fl->n; i++)
    if (!fl->a[i].gone && fl->a[i].sem == ev->sem->data) retire(fl, &fl->a[i]);
  reclaim(fl);
}

static void kernel_access(tsr_checker *ck, const tsr_event *ev) {
  if (!ev->dst) return;
  ck_flights *fl = &ck->inflight[ev->core];
  ck_region r = ck_ref_region(ev->dst), q[2] = {r, r};
  ck_spans *ix[2] = {&fl->dst_ix, &fl->src_ix};
  int k = candidates(ck, fl, ev->write ? 2 : 1, q, ix);
  for (int j = k < 0 ? fl->head : 0; j < (k < 0 ? fl->n : k); j++) {
    const ck_flight *f = &fl->a[k < 0 ? j : (int)fl->cand.a[j]];
    if (f->gone) continue;
    bool hits_dst = meet(r, ev->dst, f->dst, &f->dst_ref);
    if (!hits_dst && !(ev->write && meet(r, ev->dst, f->src, &f->src_ref))) continue;
    char what[96], step[32] = "", dma[256];
    if (ev->step >= 0) snprintf(step, sizeof step, " at step %lld", (long long)ev->step);
    const char *how = !hits_dst ? "overwrites the source of"
                      : ev->write ? "writes memory that is the destination of"
                                  : "reads the destination of";
    char who[48], where[600];
    ck_report(ck, TSR_ERR_RACE, "race on %s: kernel %s %s%s (%s) %s %s before it was "
              "waited for", ck_core_name(ck, ev->core, who, sizeof who), ev->write ? "store" : "load",
              ck_access_where(ev->loc, ev->name, where, sizeof where), step, ck_describe(ev->dst, what, sizeof what), how,
              describe(f, dma, sizeof dma));
  }
}

/* Two cores wrote back one output block (found by the pipeline after the call, which words
 * both writes): the core that wrote second and the other. */
static void shared_output(tsr_checker *ck, const tsr_event *ev) {
  char a[48], b[48]; /* on many devices both are slots already (the log's replay, log.c) */
  ck_report(ck, TSR_ERR_RACE, "race on %s and %s: %s", ck_core_name(ck, ev->target_core, a, sizeof a),
            ck_core_name(ck, ev->core, b, sizeof b), ev->loc ? ev->loc : "two cores write back one output block");
}

void ck_race_event(tsr_checker *ck, const tsr_event *ev) {
  switch (ev->kind) {
  case TSR_EV_SHARED_OUTPUT: shared_output(ck, ev); break;
  case TSR_EV_DMA_START: dma_start(ck, ev); break;
  case TSR_EV_DMA_WAIT_END: dma_waited(ck, ev, ev->bytes); break;
  case TSR_EV_SEM_WAIT:
    if (ev->sem && ev->sem->dtype == TSR_SEM) dma_waited(ck, ev, ev->amount);
    break;
  case TSR_EV_ACCESS: kernel_access(ck, ev); break;
  case TSR_EV_SEM_CARRY: handed_on(ck, ev); break;
  case TSR_EV_KERNEL_END: flights_clear(&ck->inflight[ev->core]); break; /* the machine reports leftovers */
  default: break;
  }
}
