/* Races through remote copies (many chips), by happens-before: every core of every device (a
 * slot) keeps a vector clock; a semaphore signal or the start of a remote copy releases the
 * sender's clock into the semaphores it reaches, and a wait on a semaphore acquires what was
 * released into it. A remote copy writes its target as of its start; a kernel access of that
 * memory by the target's cores races with it unless one is ordered before the other:
 *   - the owner reads or writes a received buffer before the wait that orders the copy before
 *     it (the missing wait before reading a received buffer);
 *   - a remote copy lands in memory its owner accessed with nothing ordering the access
 *     before the copy (the owner may still be reading it);
 *   - two devices' copies write overlapping memory with nothing ordering them;
 *   - in a kernel that starts without the device barrier (tsr_call_desc.no_device_barrier), a
 *     remote copy into a core that nothing orders after that core's start: the target may not
 *     have entered the kernel yet, so the memory is not yet the kernel's. A core's clock
 *     starts at 1 when it enters, so the sender's entry for it is 0 until it has acquired
 *     something the target released since.
 * Joining every release into a semaphore errs towards order: a race may be missed, a correct
 * kernel is never reported. Kernel accesses are recorded per slot with the slot's own clock
 * (merged while the clock stands still), and compared only with remote copies. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/check_internal.h"
#include "core/grow.h"
#include "machine/machine_internal.h"

typedef uint32_t clock_vec[CK_MAX_CORES];

typedef struct sem_clock {
  uint64_t key;
  clock_vec vc;
} sem_clock;

typedef struct access_rec {
  ck_region r;
  uint32_t epoch;
  bool write;
  const char *loc, *block; /* block: a C body's whole-block access (ck_access_where) */
  int64_t step;
} access_rec;

typedef struct remote_write {
  ck_region r;
  int writer, target_device;
  uint32_t epoch;
  uint64_t dma_id;
  int64_t step;
  tsr_ref dst;
  bool reported;
} remote_write;

typedef struct ck_vc_state {
  clock_vec vc[CK_MAX_CORES];
  sem_clock *sems;
  int nsems, capsems;
  access_rec *acc[CK_MAX_CORES];
  int nacc[CK_MAX_CORES], capacc[CK_MAX_CORES];
  remote_write *rw;
  int nrw, caprw;
  bool no_barrier[CK_MAX_CORES];   /* the slot's kernel started without the device barrier */
  uint64_t told_entry[CK_MAX_CORES]; /* per sender: the targets already reported as not entered */
} ck_vc_state;

void ck_remote_free(tsr_checker *ck) {
  ck_vc_state *v = ck->vc;
  if (!v) return;
  for (int i = 0; i < CK_MAX_CORES; i++) free(v->acc[i]);
  free(v->sems);
  free(v->rw);
  free(v);
  ck->vc = NULL;
}

static sem_clock *sem_clock_of(ck_vc_state *v, uint64_t key, bool make) {
  for (int i = 0; i < v->nsems; i++)
    if (v->sems[i].key == key) return &v->sems[i];
  if (!make || !GROW_ARRAY(v->sems, v->nsems, v->capsems, 16)) return NULL;
  sem_clock *s = &v->sems[v->nsems++];
  memset(s, 0, sizeof *s);
  s->key = key;
  return s;
}

static void join(uint32_t *to, const uint32_t *from, int n) {
  for (int i = 0; i < n; i++)
    if (from[i] > to[i]) to[i] = from[i];
}

/* The sender's clock goes into the semaphore, and the sender moves on to a new epoch. */
static void release(ck_vc_state *v, int n, int t, const tsr_ref *sem, int sem_slot) {
  sem_clock *s = sem ? sem_clock_of(v, machine_sem_identity(sem, sem_slot), true) : NULL;
  if (s) join(s->vc, v->vc[t], n);
}

static void acquire(ck_vc_state *v, int n, int t, const tsr_ref *sem) {
  sem_clock *s = sem ? sem_clock_of(v, machine_sem_identity(sem, t), false) : NULL;
  if (s) join(v->vc[t], s->vc, n);
}

static void begin(tsr_checker *ck, ck_vc_state *v, int t, const tsr_event *ev) {
  int device = ev->device;
  if (t == 0) v->nsems = 0; /* every device's KERNEL_BEGIN precedes any signal (the start barrier) */
  memset(v->vc[t], 0, sizeof v->vc[t]);
  v->vc[t][t] = 1;
  v->nacc[t] = 0;
  v->no_barrier[t] = ev->no_device_barrier;
  v->told_entry[t] = 0;
  if (t % ck->device_cores == 0) { /* the device's first core: the copies into it are past */
    int k = 0;
    for (int i = 0; i < v->nrw; i++)
      if (v->rw[i].target_device != device) v->rw[k++] = v->rw[i];
    v->nrw = k;
  }
}

/* Accesses kept per core: past this many, the older half is forgotten (a race with an access
 * that old may be missed; nothing is reported that is not one). */
#define MAX_ACCESSES (1 << 16)

static void record_access(ck_vc_state *v, int t, ck_region r, bool write, const char *loc, const char *block, int64_t step) {
  uint32_t e = v->vc[t][t];
  if (v->nacc[t] >= MAX_ACCESSES) {
    memmove(v->acc[t], v->acc[t] + MAX_ACCESSES / 2, sizeof *v->acc[t] * (size_t)(v->nacc[t] - MAX_ACCESSES / 2));
    v->nacc[t] -= MAX_ACCESSES / 2;
  }
  if (v->nacc[t]) { /* the same epoch and kind, touching: one record */
    access_rec *last = &v->acc[t][v->nacc[t] - 1];
    if (last->epoch == e && last->write == write && r.lo <= last->r.hi && last->r.lo <= r.hi) {
      if (r.lo < last->r.lo) last->r.lo = r.lo;
      if (r.hi > last->r.hi) last->r.hi = r.hi;
      return;
    }
  }
  if (!GROW_ARRAY(v->acc[t], v->nacc[t], v->capacc[t], 16)) return;
  v->acc[t][v->nacc[t]++] = (access_rec){r, e, write, loc, block, step};
}

static void describe_copy(const tsr_checker *ck, const remote_write *w, char *buf, size_t cap) {
  char who[40], d[96];
  snprintf(buf, cap, "the remote copy DMA #%llu from %s (into %s, started at step %lld)", (unsigned long long)w->dma_id,
           ck_core_name(ck, w->writer, who, sizeof who), ck_describe(&w->dst, d, sizeof d), (long long)w->step);
}

static void on_access(tsr_checker *ck, ck_vc_state *v, const tsr_event *ev) {
  int t = ev->core, n = ck->num_cores;
  ck_region r = ck_ref_region(ev->dst);
  int device = t / ck->device_cores;
  for (int i = 0; i < v->nrw; i++) {
    remote_write *w = &v->rw[i];
    if (w->reported || w->target_device != device || w->writer == t || !ck_regions_overlap(w->r, r)) continue;
    if (w->epoch <= v->vc[t][w->writer]) continue; /* the copy is ordered before the access */
    char who[40], c[256], where[600];
    w->reported = true;
    describe_copy(ck, w, c, sizeof c);
    ck_report_locked(ck, TSR_ERR_RACE, "race on %s: kernel %s %s at step %lld %s memory that %s writes, with no "
                     "wait ordering them (wait on the receive semaphore before touching a received buffer)",
                     ck_core_name(ck, t, who, sizeof who), ev->write ? "store" : "load",
                     ck_access_where(ev->loc, ev->name, where, sizeof where), (long long)ev->step,
                     ev->write ? "writes" : "reads", c);
  }
  (void)n;
  record_access(v, t, r, ev->write, ev->loc, ev->name, ev->step);
}

/* A remote copy into core u (a slot) that nothing orders after u's start, in a kernel that
 * starts without the device barrier: once per sender and target. */
static void check_entered(tsr_checker *ck, ck_vc_state *v, const tsr_event *ev, const remote_write *w) {
  int t = ev->core, u = ev->target_core;
  if (u < 0 || u >= ck->num_cores || u >= CK_MAX_CORES || !v->no_barrier[u] || v->vc[t][u] > 0 ||
      (v->told_entry[t] >> u & 1))
    return;
  v->told_entry[t] |= 1ull << u;
  char who[40], c[256];
  describe_copy(ck, w, c, sizeof c);
  ck_core_name(ck, u, who, sizeof who);
  tsr_space sp = ev->dst->space;
  const char *mem = sp == TSR_VMEM ? "its VMEM" : sp == TSR_SMEM ? "its SMEM" : "the HBM buffer the copy writes";
  ck_report_locked(ck, TSR_ERR_RACE, "race on %s: %s may land before %s has entered the kernel: the kernel starts "
                   "without the device barrier (it has a barrier of its own, or skips it), nothing orders the copy "
                   "after that core's start, and until then %s is not yet the kernel's (what ran before may still use "
                   "it). Meet the devices you copy to on the barrier semaphore (pltpu.get_barrier_semaphore: signal "
                   "each, wait for theirs) before the first remote copy", who, c, who, mem);
}

static void on_remote_copy(tsr_checker *ck, ck_vc_state *v, const tsr_event *ev) {
  int t = ev->core, n = ck->num_cores, dev = ev->target_device;
  remote_write w = {.r = ck_ref_region(ev->dst), .writer = t, .target_device = dev, .epoch = v->vc[t][t],
                    .dma_id = ev->dma_id, .step = ev->step, .dst = *ev->dst};
  check_entered(ck, v, ev, &w);
  char who[40], c[256];
  for (int u = dev * ck->device_cores; u < (dev + 1) * ck->device_cores && u < n; u++) {
    if (u == t) continue;
    for (int i = 0; i < v->nacc[u]; i++) {
      access_rec *a = &v->acc[u][i];
      if (!ck_regions_overlap(a->r, w.r) || a->epoch <= v->vc[t][u]) continue;
      char where[600];
      describe_copy(ck, &w, c, sizeof c);
      ck_report_locked(ck, TSR_ERR_RACE, "race on %s: %s writes memory that its kernel %s %s at step %lld %s, with "
                       "nothing ordering the access before the copy (the owner may still be using it)",
                       ck_core_name(ck, u, who, sizeof who), c, a->write ? "store" : "load",
                       ck_access_where(a->loc, a->block, where, sizeof where), (long long)a->step,
                       a->write ? "wrote" : "read");
      w.reported = true;
      break;
    }
  }
  for (int i = 0; i < v->nrw; i++) {
    remote_write *o = &v->rw[i];
    if (o->writer == t || o->target_device != dev || !ck_regions_overlap(o->r, w.r) || o->epoch <= v->vc[t][o->writer]) continue;
    char c2[256];
    describe_copy(ck, &w, c, sizeof c);
    describe_copy(ck, o, c2, sizeof c2);
    ck_report_locked(ck, TSR_ERR_RACE, "race on device %d: %s and %s write overlapping memory with nothing ordering them",
                     dev, c, c2);
    break;
  }
  if (v->nrw >= MAX_ACCESSES) { /* the same bound for the remote copies kept */
    memmove(v->rw, v->rw + MAX_ACCESSES / 2, sizeof *v->rw * (size_t)(v->nrw - MAX_ACCESSES / 2));
    v->nrw -= MAX_ACCESSES / 2;
  }
  if (GROW_ARRAY(v->rw, v->nrw, v->caprw, 16)) v->rw[v->nrw++] = w;
}

void ck_remote_event(tsr_checker *ck, const tsr_event *ev) {
  switch (ev->kind) {
  case TSR_EV_KERNEL_BEGIN: case TSR_EV_SEM_SIGNAL: case TSR_EV_SEM_WAIT: case TSR_EV_DMA_WAIT_END:
    break;
  case TSR_EV_DMA_START:
    if (!ev->recv_sem || !ev->dst) return;
    break;
  case TSR_EV_ACCESS:
    if (!ev->dst) return;
    break;
  default:
    return;
  }
  int t = ev->core, n = ck->num_cores;
  pthread_mutex_lock(&ck->lock);
  if (!ck->vc && !(ck->vc = calloc(1, sizeof *ck->vc))) {
    pthread_mutex_unlock(&ck->lock);
    return;
  }
  ck_vc_state *v = ck->vc;
  switch (ev->kind) {
  case TSR_EV_KERNEL_BEGIN: begin(ck, v, t, ev); break;
  case TSR_EV_SEM_SIGNAL:
    release(v, n, t, ev->sem, ev->target_core);
    v->vc[t][t]++;
    break;
  case TSR_EV_SEM_WAIT: case TSR_EV_DMA_WAIT_END: acquire(v, n, t, ev->sem); break;
  case TSR_EV_DMA_START:
    on_remote_copy(ck, v, ev);
    release(v, n, t, ev->sem, t);
    release(v, n, t, ev->recv_sem, ev->target_core);
    v->vc[t][t]++;
    break;
  default: on_access(ck, v, ev); break;
  }
  pthread_mutex_unlock(&ck->lock);
}
