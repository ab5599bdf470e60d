/* The semaphore checker: every semaphore must be back at zero when a kernel ends
 * ([DIST] "Failure modes"), but for what a semaphore operand carries in and out. It sums, per
 * semaphore, what signals and DMAs added and what waits took during a kernel run on all cores,
 * and reports the semaphores that do not balance when the last core ends the kernel. (A wait
 * for more than will ever arrive blocks and is reported by the machine as a deadlock; counts
 * never go negative.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/check_internal.h"
#include "core/grow.h"
#include "machine/machine_internal.h"

static ck_sem_tally *tally(tsr_checker *ck, const tsr_ref *sem, int core, bool dma) {
  uint64_t key = machine_sem_identity(sem, core);
  for (int i = 0; i < ck->ntallies; i++)
    if (ck->tallies[i].key == key) return &ck->tallies[i];
  if (!GROW_ARRAY(ck->tallies, ck->ntallies, ck->captallies, 16)) return NULL;
  ck_sem_tally *t = &ck->tallies[ck->ntallies++];
  *t = (ck_sem_tally){.key = key, .dma = dma, .core = core};
  char who[40];
  ck_core_name(ck, core, who, sizeof who);
  char sub[32] = ""; /* a SparseCore subcore's own scoped semaphore (tsr_buffer.agent) */
  if (sem && sem->buf && sem->buf->agent >= 0) snprintf(sub, sizeof sub, " of subcore %d", sem->buf->agent);
  if (sem && sem->buf)
    snprintf(t->name, sizeof t->name, "%s sem %d[%lld]%s", who, sem->buf->seq,
             (long long)((sem->data - sem->buf->base) / (ptrdiff_t)sizeof(int64_t)), sub);
  else
    snprintf(t->name, sizeof t->name, "%s sem at %p", who, sem ? (void *)sem->data : NULL);
  return t;
}

void ck_sem_finish(tsr_checker *ck) {
  for (int i = 0; i < ck->ntallies; i++) {
    ck_sem_tally *t = &ck->tallies[i];
    if (t->added == t->taken) continue;
    int64_t left = t->added - t->taken;
    if (t->dma)
      ck_report_locked(ck, TSR_ERR_SEMAPHORE, "semaphore imbalance: DMA semaphore %s ends kernel "
                       "'%s' at %lld: DMAs on it carried %lld bytes but waits took %lld (waits "
                       "must cover exactly the bytes of the DMAs they wait for)", t->name,
                       ck->kernel, (long long)left, (long long)t->added, (long long)t->taken);
    else
      ck_report_locked(ck, TSR_ERR_SEMAPHORE, "semaphore imbalance: semaphore %s ends kernel "
                       "'%s' at %lld: signalled %lld in total but waited for %lld (every "
                       "semaphore must be back at zero when a kernel ends)", t->name, ck->kernel,
                       (long long)left, (long long)t->added, (long long)t->taken);
  }
  ck->ntallies = 0;
  ck->ends = 0;
}

void ck_sem_event(tsr_checker *ck, const tsr_event *ev) {
  ck_sem_tally *t;
  switch (ev->kind) {
  case TSR_EV_SEM_SIGNAL: case TSR_EV_SEM_WAIT: case TSR_EV_DMA_START: case TSR_EV_DMA_WAIT_END:
  case TSR_EV_SEM_CARRY: case TSR_EV_KERNEL_END:
    break;
  default:
    return;
  }
  pthread_mutex_lock(&ck->lock);
  switch (ev->kind) {
  case TSR_EV_SEM_SIGNAL:
    if ((t = tally(ck, ev->sem, ev->target_core >= 0 ? ev->target_core : ev->core, false)))
      t->added += ev->amount;
    break;
  case TSR_EV_SEM_WAIT:
    if ((t = tally(ck, ev->sem, ev->core, false))) t->taken += ev->amount;
    break;
  case TSR_EV_DMA_START: /* a DMA semaphore counts its bytes, a regular one 1 (TPU v6 and later) */
    if ((t = tally(ck, ev->sem, ev->core, !ev->sem || ev->sem->dtype != TSR_SEM)))
      t->added += machine_dma_count(ev->sem, ev->bytes);
    if (ev->recv_sem && (t = tally(ck, ev->recv_sem, ev->target_core, ev->recv_sem->dtype != TSR_SEM)))
      t->added += machine_dma_count(ev->recv_sem, ev->bytes);
    break;
  case TSR_EV_DMA_WAIT_END:
    if ((t = tally(ck, ev->sem, ev->core, true))) t->taken += ev->bytes;
    break;
  case TSR_EV_SEM_CARRY: /* a semaphore operand's count, brought in or handed on: not left over */
    if ((t = tally(ck, ev->sem, ev->core, ev->sem && ev->sem->dtype == TSR_DMA_SEM))) {
      if (ev->amount > 0) t->added += ev->amount;
      else t->taken -= ev->amount;
    }
    break;
  default: /* KERNEL_END */
    if (++ck->ends >= ck->num_cores) ck_sem_finish(ck);
    break;
  }
  pthread_mutex_unlock(&ck->lock);
}
