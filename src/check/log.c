/* The checkers on many chips: every device's events are recorded on an event tape
 * (machine/tape.h) and replayed through the checks in one order (docs/checkers.md,
 * docs/mpi.md). Checked as they arrive, the findings of a racy kernel would depend on how the
 * devices' threads interleave (which of a copy and an access came first decides which one
 * reports the race, and in what words), and devices in other MPI processes would not be seen
 * at all. The tape names memory the same in every process. The replay runs each slot (core of
 * a device) in its own order, holding a wait until the semaphore it waits on holds what it
 * takes (signals and copies add, as on the machine), so every signal comes before the wait it
 * releases; a kernel's start is a barrier. Slots go in slot order: the order is a function of
 * the tape only. One process replays after each call; under MPI the tapes go to process 0
 * (src/mpi/events.c), which replays them all. */
#include <stdlib.h>

#include "check/check_internal.h"
#include "core/grow.h"
#include "machine/tape.h"

struct ck_log {
  pthread_mutex_t lock;
  bool held;
  int ends;                          /* KERNEL_ENDs recorded since the last replay */
  machine_tape tape;
};

/* The kinds the checks read. */
#define CK_KIND(kind) MACHINE_TAPE_KIND(TSR_EV_##kind)
#define CK_TAPE_KINDS                                                                                   \
  (CK_KIND(KERNEL_BEGIN) | CK_KIND(KERNEL_END) | CK_KIND(DMA_START) | CK_KIND(DMA_WAIT_END) |             \
   CK_KIND(SEM_SIGNAL) | CK_KIND(SEM_WAIT) | CK_KIND(SEM_CARRY) | CK_KIND(ACCESS) | CK_KIND(SHARED_OUTPUT))

tsr_status ck_log_create(tsr_checker *ck) {
  if (ck->log) return TSR_OK;
  ck->log = calloc(1, sizeof *ck->log);
  if (!ck->log) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  pthread_mutex_init(&ck->log->lock, NULL);
  machine_tape_init(&ck->log->tape, CK_TAPE_KINDS, ck->device_cores);
  return TSR_OK;
}

static void clear_slots(ck_log *L) {
  machine_tape_clear(&L->tape);
  L->ends = 0;
}

void ck_log_clear(tsr_checker *ck) {
  if (!ck->log) return;
  pthread_mutex_lock(&ck->log->lock);
  clear_slots(ck->log);
  pthread_mutex_unlock(&ck->log->lock);
}

void ck_log_free(tsr_checker *ck) {
  ck_log *L = ck->log;
  if (!L) return;
  machine_tape_free(&L->tape);
  pthread_mutex_destroy(&L->lock);
  free(L);
  ck->log = NULL;
}

void ck_log_hold(tsr_checker *ck, bool held) {
  if (!ck->log) return;
  pthread_mutex_lock(&ck->log->lock);
  ck->log->held = held;
  pthread_mutex_unlock(&ck->log->lock);
}

static void replay_locked(tsr_checker *ck);

void ck_log_event(tsr_checker *ck, const tsr_event *ev) {
  ck_log *L = ck->log;
  if (!L) return;
  int64_t at[TSR_MAX_RANK] = {0};
  const int64_t *noted = NULL; /* the bytes are here now (or were, when a replayed event was recorded) */
  if (ck->checks & TSR_CHECK_POISON) noted = ev->replayed ? ev->poison_at : machine_output_poison(ev, at) ? at : NULL;
  pthread_mutex_lock(&L->lock);
  machine_tape_record(&L->tape, ck->machine, ev, noted);
  if (ev->kind == TSR_EV_KERNEL_END && ++L->ends >= ck->num_cores && !L->held) replay_locked(ck);
  pthread_mutex_unlock(&L->lock);
}

/* ---- the replay ---- */

static void replay_one(tsr_checker *ck, ck_log *L, int slot, size_t i) {
  machine_tape_event_refs refs;
  tsr_event ev;
  machine_tape_event(&L->tape, slot, i, &ev, &refs);
  int dc = ck->device_cores; /* the checks number the cores of every device in one row */
  ev.core = ev.device * dc + ev.core;
  ev.target_core = ev.target_device * dc + ev.target_core;
  ck_dispatch(ck, &ev);
}

typedef struct sem_val {
  uint64_t key;
  int64_t value;
} sem_val;

typedef struct sems {
  sem_val *a;
  size_t n, cap;
  int64_t nowhere; /* what a missing ref (or a failed allocation) counts into */
} sems;

static int64_t *sem_of(sems *v, const machine_tape_slot *s, int32_t ref) {
  if (ref < 0) return &v->nowhere;
  uint64_t key = s->refs[ref].data;
  for (size_t i = 0; i < v->n; i++)
    if (v->a[i].key == key) return &v->a[i].value;
  if (!GROW_ARRAY(v->a, v->n, v->cap, 64)) return &v->nowhere;
  v->a[v->n] = (sem_val){key, 0};
  return &v->a[v->n++].value;
}

/* What a wait takes (0: not a wait). */
static int64_t takes(const machine_tape_rec *r) {
  return r->kind == TSR_EV_SEM_WAIT ? r->amount : r->kind == TSR_EV_DMA_WAIT_END ? r->bytes : 0;
}

/* Replays record pos[t] of slot t and moves past it. */
static void step(tsr_checker *ck, ck_log *L, sems *v, size_t *pos, int t) {
  const machine_tape_slot *s = &L->tape.slots[t];
  const machine_tape_rec *r = &s->recs[pos[t]];
  switch (r->kind) {
  case TSR_EV_SEM_SIGNAL: case TSR_EV_SEM_CARRY: *sem_of(v, s, r->sem) += r->amount; break;
  case TSR_EV_DMA_START: /* a regular semaphore counts 1 per DMA (machine_dma_count) */
    *sem_of(v, s, r->sem) += r->sem >= 0 && s->refs[r->sem].dtype == TSR_SEM ? 1 : r->bytes;
    if (r->recv >= 0) *sem_of(v, s, r->recv) += s->refs[r->recv].dtype == TSR_SEM ? 1 : r->bytes;
    break;
  case TSR_EV_SEM_WAIT: case TSR_EV_DMA_WAIT_END: *sem_of(v, s, r->sem) -= takes(r); break;
  default: break;
  }
  replay_one(ck, L, t, pos[t]++);
}

static void replay_locked(tsr_checker *ck) {
  ck_log *L = ck->log;
  const machine_tape_slot *slots = L->tape.slots;
  size_t pos[MACHINE_TAPE_MAX_SLOTS] = {0};
  sems v = {0};
  int n = ck->num_cores < MACHINE_TAPE_MAX_SLOTS ? ck->num_cores : MACHINE_TAPE_MAX_SLOTS;
  for (;;) {
    bool moved = false, left = false, all_begin = true;
    for (int t = 0; t < n; t++) { /* each slot as far as its waits allow */
      const machine_tape_slot *s = &slots[t];
      while (pos[t] < s->n) {
        const machine_tape_rec *r = &s->recs[pos[t]];
        if (r->kind == TSR_EV_KERNEL_BEGIN) break; /* a barrier: below */
        int64_t need = takes(r);
        if (need > 0 && *sem_of(&v, s, r->sem) < need) break;
        step(ck, L, &v, pos, t);
        moved = true;
      }
      if (pos[t] < s->n) {
        left = true;
        if (s->recs[pos[t]].kind != TSR_EV_KERNEL_BEGIN) all_begin = false;
      }
    }
    if (!left) break;
    if (moved) continue;
    if (all_begin) { /* every slot still running starts the next kernel: together, in slot order */
      for (int t = 0; t < n; t++)
        if (pos[t] < slots[t].n) step(ck, L, &v, pos, t);
      continue;
    }
    /* nothing can move (a run that failed midway): the first slot's next event goes anyway */
    for (int t = 0; t < n; t++)
      if (pos[t] < slots[t].n && slots[t].recs[pos[t]].kind != TSR_EV_KERNEL_BEGIN) {
        step(ck, L, &v, pos, t);
        break;
      }
  }
  free(v.a);
  if (L->tape.nomem) ck_report(ck, TSR_ERR_NOMEM, "checkers: out of host memory for the event log; events were lost");
  clear_slots(L);
}

void ck_log_settle(tsr_checker *ck) {
  ck_log *L = ck->log;
  if (!L) return;
  pthread_mutex_lock(&L->lock);
  if (!L->held) replay_locked(ck);
  pthread_mutex_unlock(&L->lock);
}

/* ---- across processes ---- */

struct machine_tape *ck_log_tape(tsr_checker *ck) { return ck->log ? &ck->log->tape : NULL; }
