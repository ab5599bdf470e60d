/* Races between the subcores of a SparseCore kernel (pl.core_map over a VectorSubcoreMesh or
 * ScalarSubcoreMesh). tessera runs the subcores as the kernel's grid steps, one after another,
 * but a TPU runs them at once, and nothing that orders one subcore's accesses against
 * another's (tpu.barrier, a semaphore signalled across subcores) runs in tessera (such kernels
 * are refused). So within one kernel, any two accesses of memory the subcores share (HBM) by
 * two subcores race when one of them writes: the DMAs a subcore starts (their HBM sides: the
 * source read, the target written), and its loads and stores of HBM refs. Each subcore's own
 * memory (TileSPMEM, its semaphores) is its own on a TPU, though tessera reuses one buffer for
 * all of them: not compared.
 *
 * The accesses are recorded as they come (from every core of the machine: a chip with two
 * TensorCores splits the grid's core_parallel dimension over them, and every core runs every
 * kernel, without a barrier at its start) and compared when every core has ended the kernel: sorted by address, each against those it overlaps, so a kernel of
 * many row copies costs O(n log n) plus the overlapping pairs. A finding names both accesses
 * (op, source location, DMA number, memory), both subcores and their steps; the pairs of one
 * pair of ops are reported once, with their count. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/check_internal.h"
#include "core/grow.h"

typedef struct sc_access {
  ck_region r;
  tsr_ref ref, other; /* the HBM side; a DMA's other side (description only); buf dropped */
  const char *loc;    /* owned (ck_sc_state.strs) */
  uint64_t dma_id;    /* 0: a kernel load or store */
  int64_t step, seq;
  int32_t agent[2];   /* the subcore: its grid index ([core, subcore], or [core]) */
  int core;           /* the machine core that ran it */
  bool write, dma, indexed; /* indexed: agent from the grid index (else the step) */
} sc_access;

typedef struct sc_group { /* the pairs of one pair of ops */
  int first, second;      /* the first such pair found (indices into acc) */
  int64_t count;
} sc_group;

typedef struct ck_sc_state {
  tsr_steps_kind kind;  /* of the kernel that runs; IN_ORDER: nothing recorded */
  int begun, ended;     /* cores (slots) that began and ended the kernel */
  int32_t agent[CK_MAX_CORES][2];
  bool indexed[CK_MAX_CORES], in_step[CK_MAX_CORES];
  int64_t step[CK_MAX_CORES];
  sc_access *acc;
  int64_t n, cap;
  char **strs; /* the locations, copied (a replayed event's live only as long as its tape) */
  int nstrs, capstrs;
} ck_sc_state;

void ck_sub_free(tsr_checker *ck) {
  ck_sc_state *s = ck->sub;
  if (!s) return;
  for (int i = 0; i < s->nstrs; i++) free(s->strs[i]);
  free(s->strs);
  free(s->acc);
  free(s);
  ck->sub = NULL;
}

static void clear(ck_sc_state *s) {
  s->n = 0;
  for (int i = 0; i < s->nstrs; i++) free(s->strs[i]);
  s->nstrs = 0;
}

/* The location's copy: the last few are looked at first (one kernel has few ops that move
 * HBM, met again and again). */
static const char *own(ck_sc_state *s, const char *loc) {
  if (!loc) return NULL;
  for (int i = s->nstrs - 1; i >= 0 && i >= s->nstrs - 16; i--)
    if (!strcmp(s->strs[i], loc)) return s->strs[i];
  for (int i = s->nstrs - 17; i >= 0; i--)
    if (!strcmp(s->strs[i], loc)) return s->strs[i];
  if (!GROW_ARRAY(s->strs, s->nstrs, s->capstrs, 16)) return NULL;
  char *c = strdup(loc);
  if (c) s->strs[s->nstrs++] = c;
  return c;
}

static void record(ck_sc_state *s, int core, const tsr_ref *hbm, const tsr_ref *other, bool write, const tsr_event *ev) {
  if (!GROW_ARRAY(s->acc, s->n, s->cap, 256)) return; /* out of memory: fewer accesses compared, never a false report */
  sc_access *a = &s->acc[s->n];
  *a = (sc_access){.r = ck_ref_region(hbm), .ref = *hbm, .loc = own(s, ev->loc), .dma_id = ev->dma_id,
                   .step = ev->step, .seq = s->n, .core = core, .write = write,
                   .dma = ev->kind == TSR_EV_DMA_START, .indexed = s->indexed[core]};
  a->ref.buf = NULL;
  if (other) {
    a->other = *other;
    a->other.buf = NULL;
  }
  memcpy(a->agent, s->agent[core], sizeof a->agent);
  if (a->r.lo < a->r.hi) s->n++;
}

static bool same_agent(const sc_access *a, const sc_access *b) {
  return a->indexed == b->indexed && a->agent[0] == b->agent[0] && a->agent[1] == b->agent[1];
}

static const char *agent_name(const ck_sc_state *s, const sc_access *a, char *buf, size_t cap) {
  if (!a->indexed) snprintf(buf, cap, "the subcore of step %lld", (long long)a->step);
  else if (s->kind == TSR_STEPS_SCALAR_SUBCORES) snprintf(buf, cap, "SparseCore %d's scalar subcore", a->agent[0]);
  else snprintf(buf, cap, "SparseCore %d vector subcore %d", a->agent[0], a->agent[1]);
  return buf;
}

/* "kernel DMA #12 at k.py:40:5 (vmem f32[1,128] -> hbm f32[1,128]) of SparseCore 0 vector
 * subcore 3 (step 3)" / "kernel store at ... (hbm f32[8,128]) of ..." */
static char *describe(const ck_sc_state *s, const sc_access *a, char *buf, size_t cap) {
  char x[96], y[96], who[64], where[600];
  const char *at = ck_access_where(a->loc, NULL, where, sizeof where);
  if (a->dma) {
    const tsr_ref *src = a->write ? &a->other : &a->ref, *dst = a->write ? &a->ref : &a->other;
    snprintf(buf, cap, "kernel DMA #%llu %s (%s -> %s) of %s (step %lld)", (unsigned long long)a->dma_id, at,
             ck_describe(src, x, sizeof x), ck_describe(dst, y, sizeof y), agent_name(s, a, who, sizeof who),
             (long long)a->step);
  } else {
    snprintf(buf, cap, "kernel %s %s (%s) of %s (step %lld)", a->write ? "store" : "load", at,
             ck_describe(&a->ref, x, sizeof x), agent_name(s, a, who, sizeof who), (long long)a->step);
  }
  return buf;
}

static int by_address(const void *pa, const void *pb) {
  const sc_access *a = pa, *b = pb;
  if (a->r.lo != b->r.lo) return a->r.lo < b->r.lo ? -1 : 1;
  return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static bool same_op(const sc_access *a, const sc_access *b) {
  return a->dma == b->dma && a->write == b->write && (a->loc == b->loc || (a->loc && b->loc && !strcmp(a->loc, b->loc)));
}

/* The pair (first in run order first) into its group: one per pair of ops. */
static void tally(sc_group **g, int *ng, int *capg, const sc_access *acc, int i, int j) {
  if (acc[i].seq > acc[j].seq) {
    int t = i;
    i = j;
    j = t;
  }
  for (int k = 0; k < *ng; k++) {
    sc_group *e = &(*g)[k];
    if (same_op(&acc[e->first], &acc[i]) && same_op(&acc[e->second], &acc[j])) {
      e->count++;
      if (acc[i].seq < acc[e->first].seq || (acc[i].seq == acc[e->first].seq && acc[j].seq < acc[e->second].seq)) {
        e->first = i;
        e->second = j;
      }
      return;
    }
  }
  if (!GROW_ARRAY(*g, *ng, *capg, 8)) return;
  (*g)[(*ng)++] = (sc_group){.first = i, .second = j, .count = 1};
}

static void report(tsr_checker *ck, const ck_sc_state *s, const sc_group *e) {
  const sc_access *a = &s->acc[e->first], *b = &s->acc[e->second];
  char x[900], y[900], more[96] = "";
  if (e->count > 1) snprintf(more, sizeof more, " (and %lld more pairs of these two ops)", (long long)(e->count - 1));
  const char *how = a->write && b->write ? "write overlapping memory"
                    : a->write           ? "touch memory, the first writing it and the second reading it,"
                                         : "touch memory, the first reading it and the second writing it,";
  const char *fix = a->write && b->write
                        ? "give each subcore rows of its own (a scatter's offsets distinct across subcores)"
                        : "let one subcore both write and read those rows, or make the write and the read two kernels";
  ck_report_locked(ck, TSR_ERR_RACE,
                   "race between SparseCore subcores in kernel %s: %s and %s %s with nothing ordering them%s: the "
                   "subcores of a core_map run at once on a TPU (tessera runs them one after another); %s",
                   ck->kernel[0] ? ck->kernel : "(unnamed)", describe(s, a, x, sizeof x), describe(s, b, y, sizeof y),
                   how, more, fix);
}

/* Every pair of two subcores' accesses that overlap with a write among them, by a sweep over
 * the accesses sorted by address (those still open at each start are compared with it). */
static void compare(tsr_checker *ck, ck_sc_state *s) {
  if (s->n < 2) return;
  qsort(s->acc, (size_t)s->n, sizeof *s->acc, by_address);
  int64_t *open = malloc((size_t)s->n * sizeof *open);
  sc_group *g = NULL;
  int ng = 0, capg = 0;
  if (!open) return;
  int64_t nopen = 0;
  for (int64_t i = 0; i < s->n; i++) {
    const sc_access *a = &s->acc[i];
    int64_t kept = 0;
    for (int64_t k = 0; k < nopen; k++) {
      const sc_access *b = &s->acc[open[k]];
      if (b->r.hi <= a->r.lo) continue; /* closed before a starts: it meets nothing later */
      open[kept++] = open[k];
      if ((a->write || b->write) && !same_agent(a, b) && ck_refs_overlap(&a->ref, &b->ref))
        tally(&g, &ng, &capg, s->acc, (int)i, (int)open[k]);
    }
    nopen = kept;
    open[nopen++] = i;
  }
  /* in run order of their first pair: the same findings in the same order every run */
  for (int k = 1; k < ng; k++)
    for (int j = k; j > 0 && s->acc[g[j].first].seq < s->acc[g[j - 1].first].seq; j--) {
      sc_group t = g[j];
      g[j] = g[j - 1];
      g[j - 1] = t;
    }
  for (int k = 0; k < ng; k++) report(ck, s, &g[k]);
  free(g);
  free(open);
}

static bool shared(const tsr_ref *r) { return r && r->space == TSR_HBM; }

tsr_status ck_sub_create(tsr_checker *ck) {
  ck->sub = calloc(1, sizeof *ck->sub);
  return ck->sub ? TSR_OK : tsr_fail(TSR_ERR_NOMEM, "out of host memory");
}

void ck_sub_event(tsr_checker *ck, const tsr_event *ev) {
  ck_sc_state *s = ck->sub;
  /* a TensorCore's kernel (nearly all of them): nothing to do, and no lock taken */
  if (!s || (ev->kind != TSR_EV_KERNEL_BEGIN && ev->kind != TSR_EV_KERNEL_END &&
             __atomic_load_n(&s->kind, __ATOMIC_ACQUIRE) == TSR_STEPS_IN_ORDER))
    return;
  /* a subcore's loads and stores of its own memory, and its copies between its own memories,
   * record nothing (below): no lock for them, which are nearly all of a kernel's events */
  if ((ev->kind == TSR_EV_ACCESS && !shared(ev->dst)) ||
      (ev->kind == TSR_EV_DMA_START && !shared(ev->src) && !shared(ev->dst)))
    return;
  pthread_mutex_lock(&ck->lock);
  int c = ev->core, cores = ck->num_cores > 0 ? ck->num_cores : 1;
  switch (ev->kind) {
  case TSR_EV_KERNEL_BEGIN:
    /* the first core to begin, or every core began before and this is the next kernel (the
     * last one failed before every core ended it) */
    if (s->begun == 0 || s->begun >= cores) {
      clear(s);
      s->begun = s->ended = 0;
      __atomic_store_n(&s->kind, ev->steps, __ATOMIC_RELEASE);
    }
    s->begun++;
    s->in_step[c] = false;
    break;
  case TSR_EV_KERNEL_END:
    if (++s->ended >= cores) {
      if (s->kind != TSR_STEPS_IN_ORDER) compare(ck, s);
      clear(s);
      s->begun = s->ended = 0;
      __atomic_store_n(&s->kind, TSR_STEPS_IN_ORDER, __ATOMIC_RELEASE);
    }
    break;
  case TSR_EV_STEP_BEGIN:
    s->in_step[c] = true;
    s->step[c] = ev->step;
    s->indexed[c] = ev->index && ev->rank >= 1;
    s->agent[c][0] = s->indexed[c] ? (int32_t)ev->index[0] : (int32_t)ev->step;
    s->agent[c][1] = s->indexed[c] && ev->rank >= 2 ? (int32_t)ev->index[1] : 0;
    break;
  case TSR_EV_DMA_START:
    /* the kernel's own copies on this device (the pipeline's are tessera's, and a SparseCore
     * kernel's operands stay in HBM) */
    if (s->kind == TSR_STEPS_IN_ORDER || !s->in_step[c] || ev->dir != TSR_DMA_LOCAL || !ev->src || !ev->dst || ev->recv_sem)
      break;
    if (shared(ev->src)) record(s, c, ev->src, ev->dst, false, ev);
    if (shared(ev->dst)) record(s, c, ev->dst, ev->src, true, ev);
    break;
  case TSR_EV_ACCESS:
    if (s->kind != TSR_STEPS_IN_ORDER && s->in_step[c] && shared(ev->dst)) record(s, c, ev->dst, NULL, ev->write, ev);
    break;
  default: break;
  }
  pthread_mutex_unlock(&ck->lock);
}

void ck_sub_reset(tsr_checker *ck) {
  if (!ck->sub) return;
  pthread_mutex_lock(&ck->lock);
  clear(ck->sub);
  ck->sub->begun = ck->sub->ended = 0;
  __atomic_store_n(&ck->sub->kind, TSR_STEPS_IN_ORDER, __ATOMIC_RELEASE);
  pthread_mutex_unlock(&ck->lock);
}
