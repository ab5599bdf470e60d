/* The chip's HBM as a processor-sharing server (timing_internal.h, docs/timing.md). Every
 * in-flight transfer gets the same rate, min(chip bandwidth, per-core bandwidth x cores with a
 * transfer) / transfers, so one core alone cannot exceed its TensorCore's share and the cores
 * of a chip together cannot exceed the chip's. Virtual time makes each arrival and landing
 * O(log n) in the transfers in flight instead of touching every transfer. */
#include <stdlib.h>

#include "core/grow.h"
#include "timing/timing_internal.h"

void tm_hbm_init(tm_hbm_model *h, const tsr_chip *chip) {
  *h = (tm_hbm_model){0};
  double eff = chip->hbm_efficiency > 0 && chip->hbm_efficiency <= 1 ? chip->hbm_efficiency : 1;
  h->bw_core = chip->hbm_bytes_per_s * eff;
  h->bw_chip = h->bw_core * (chip->tensor_cores > 0 ? chip->tensor_cores : 1);
  h->latency = chip->dma_latency_s;
}

void tm_hbm_free(tm_hbm_model *h) {
  free(h->arr);
  free(h->heap);
  h->arr = NULL;
  h->heap = NULL;
}

static double rate_per_transfer(const tm_hbm_model *h) {
  if (h->n == 0) return 0;
  double bw = h->bw_core * h->cores_active;
  if (bw > h->bw_chip) bw = h->bw_chip;
  return bw / h->n;
}

static void advance_to(tm_hbm_model *h, double t) {
  if (t <= h->now) return;
  h->vtime += (t - h->now) * rate_per_transfer(h);
  h->now = t;
}

static void heap_swap(tm_hbm_model *h, size_t a, size_t b) {
  tm_sim_dma *x = h->heap[a];
  h->heap[a] = h->heap[b];
  h->heap[b] = x;
}

static void heap_push(tm_hbm_model *h, tm_sim_dma *d) {
  size_t i = h->heap_len++;
  h->heap[i] = d;
  while (i > 0 && h->heap[(i - 1) / 2]->tag > h->heap[i]->tag) {
    heap_swap(h, i, (i - 1) / 2);
    i = (i - 1) / 2;
  }
}

static tm_sim_dma *heap_pop(tm_hbm_model *h) {
  tm_sim_dma *top = h->heap[0];
  h->heap[0] = h->heap[--h->heap_len];
  size_t i = 0;
  for (;;) {
    size_t l = 2 * i + 1, r = l + 1, m = i;
    if (l < h->heap_len && h->heap[l]->tag < h->heap[m]->tag) m = l;
    if (r < h->heap_len && h->heap[r]->tag < h->heap[m]->tag) m = r;
    if (m == i) break;
    heap_swap(h, i, m);
    i = m;
  }
  return top;
}

bool tm_hbm_start(tm_hbm_model *h, tm_sim_dma *d) {
  if (!grow_ring(&h->arr, sizeof *h->arr, &h->arr_cap, h->arr_len, &h->arr_head, 64)) return false;
  if (!GROW_ARRAY(h->heap, h->heap_len + h->arr_len, h->heap_cap, 64)) return false;
  d->arrive = d->start + h->latency;
  /* An engine freed by a landing starts its next DMA at that time, which can be earlier than
   * a start already issued: insert from the tail. */
  size_t i = h->arr_len++;
  while (i > 0 && h->arr[(h->arr_head + i - 1) % h->arr_cap]->arrive > d->arrive) {
    h->arr[(h->arr_head + i) % h->arr_cap] = h->arr[(h->arr_head + i - 1) % h->arr_cap];
    i--;
  }
  h->arr[(h->arr_head + i) % h->arr_cap] = d;
  return true;
}

static double landing_time(const tm_hbm_model *h) {
  if (!h->heap_len) return TM_INF;
  double left = h->heap[0]->tag - h->vtime;
  return h->now + (left > 0 ? left / rate_per_transfer(h) : 0);
}

static double arrival_time(const tm_hbm_model *h) {
  return h->arr_len ? h->arr[h->arr_head]->arrive : TM_INF;
}

double tm_hbm_next(const tm_hbm_model *h) {
  double a = arrival_time(h), l = landing_time(h);
  return a < l ? a : l;
}

tm_sim_dma *tm_hbm_step(tm_hbm_model *h) {
  double a = arrival_time(h), l = landing_time(h);
  if (a >= TM_INF && l >= TM_INF) return NULL;
  /* Landings first: at equal times the transfer that finishes frees its share before the
   * next one joins. */
  if (l <= a) {
    advance_to(h, l);
    tm_sim_dma *d = heap_pop(h);
    d->done = l;
    d->landed = true;
    if (--h->per_core[d->core] == 0) h->cores_active--;
    if (--h->n == 0) h->busy_seconds += l - h->busy_since;
    return d;
  }
  advance_to(h, a);
  tm_sim_dma *d = h->arr[h->arr_head];
  h->arr_head = (h->arr_head + 1) % h->arr_cap;
  h->arr_len--;
  if (h->n++ == 0) h->busy_since = a;
  if (h->per_core[d->core]++ == 0) h->cores_active++;
  d->tag = h->vtime + (double)d->bytes;
  heap_push(h, d);
  return NULL;
}
