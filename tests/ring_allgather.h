/* The ring all-gather written with the kernel API, and a per-device DMA counter for it:
 * shared by tests/test_multichip.c (one process) and tests/mpi/mpi_ring.c (MPI processes). */
#ifndef TSR_TESTS_RING_ALLGATHER_H
#define TSR_TESTS_RING_ALLGATHER_H

#include <pthread.h>

#include "tessera/pipeline.h"

enum { RING_MAX_DEVICES = 32 };
static int64_t ring_rows = 8; /* of a shard (f32, any width) */

static tsr_ref ring_block(const tsr_ref *whole, int64_t block) {
  tsr_ref r = *whole;
  r.data += block * ring_rows * whole->stride[0] * (int64_t)sizeof(float);
  r.shape[0] = ring_rows;
  return r;
}

/* Device d copies its shard into its block, then for k = 0..n-2 forwards block (d - k) mod n
 * to the right and receives block (d - k - 1) mod n from the left. */
static tsr_status ring_allgather(tsr_ctx *c, void *u) {
  (void)u;
  int n = tsr_ctx_num_devices(c), me = tsr_ctx_device_id(c);
  const tsr_ref *x = tsr_ctx_in(c, 0), *o = tsr_ctx_out(c, 0);
  const tsr_ref *send = tsr_ctx_scratch(c, 0), *recv = tsr_ctx_scratch(c, 1);
  tsr_ref own = ring_block(o, me);
  tsr_status s = tsr_sync_copy(c, x, &own);
  for (int k = 0; s == TSR_OK && k < n - 1; k++) {
    tsr_ref out = ring_block(o, (me - k + n) % n), in = ring_block(o, (me - k - 1 + n) % n);
    s = tsr_remote_copy_start(c, &out, &out, send, recv, (me + 1) % n, -1);
    if (s == TSR_OK) s = tsr_dma_wait(c, send, &out);
    if (s == TSR_OK) s = tsr_dma_wait(c, recv, &in);
  }
  return s;
}

/* Per device: local copies started, remote copies sent (and their bytes) and received, DMA
 * waits. A remote copy is one to another device (to another process's, its event carries no
 * receive semaphore: that one is counted there). */
typedef struct ring_counts {
  pthread_mutex_t lock;
  int64_t local[RING_MAX_DEVICES], remote[RING_MAX_DEVICES], received[RING_MAX_DEVICES], waits[RING_MAX_DEVICES];
  int64_t remote_bytes[RING_MAX_DEVICES];
} ring_counts;

static void ring_count_event(void *u, const tsr_event *ev) {
  ring_counts *k = u;
  pthread_mutex_lock(&k->lock);
  if (ev->kind == TSR_EV_DMA_START && (ev->recv_sem || ev->target_device != ev->device)) {
    k->remote[ev->device]++;
    k->remote_bytes[ev->device] += ev->bytes;
    k->received[ev->target_device]++;
  } else if (ev->kind == TSR_EV_DMA_START) {
    k->local[ev->device]++;
  } else if (ev->kind == TSR_EV_DMA_WAIT_END) {
    k->waits[ev->device]++;
  }
  pthread_mutex_unlock(&k->lock);
}

#endif
