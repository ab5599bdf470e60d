/* A core's DMA engines (timing_internal.h): a finite number of DMAs in flight per core, the
 * rest queued in order of issue. A DMA holds its engine from its start until it lands, the
 * latency to its first byte included, so many small DMAs issued at once take turns. A copy to
 * another device holds its engine the same way while it crosses the ICI links. */
#include "timing/timing_internal.h"

static bool start(tsr_timing *t, tm_engine_pool *p, tm_sim_dma *d, double now) {
  int e = 0;
  while (e < p->count && p->in_use[e]) e++;
  p->in_use[e] = true;
  p->busy++;
  d->lane = e;
  d->start = now;
  return d->ici ? tm_ici_start(&t->ici, d, now) : tm_hbm_start(&t->hbm[d->device], d);
}

bool tm_engines_submit(tsr_timing *t, tm_engine_pool *p, tm_sim_dma *d, double now) {
  if (p->count <= 0) {
    int n = t->chip.dma_engines;
    p->count = n < 1 ? 1 : n > TM_MAX_ENGINES ? TM_MAX_ENGINES : n;
  }
  if (p->busy < p->count) return start(t, p, d, now);
  d->queue_next = NULL;
  if (p->tail) p->tail->queue_next = d;
  else p->head = d;
  p->tail = d;
  p->queued++;
  return true;
}

bool tm_engines_done(tsr_timing *t, tm_engine_pool *p, const tm_sim_dma *d) {
  p->in_use[d->lane] = false;
  p->busy--;
  tm_sim_dma *next = p->head;
  if (!next) return true;
  p->head = next->queue_next;
  if (!p->head) p->tail = NULL;
  return start(t, p, next, d->done);
}
