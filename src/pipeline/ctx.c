/* The kernel API: a body's blocks, program ids, async copies and semaphores. */
#include "pipeline/ctx.h"

#include <stdio.h>

static const tsr_ref *nth(const tsr_ref *const *refs, int n, int i, const char *what) {
  if (i < 0 || i >= n) {
    fprintf(stderr, "tessera: kernel asked for %s %d of %d\n", what, i, n);
    return NULL;
  }
  return refs[i];
}

const tsr_ref *tsr_ctx_in(tsr_ctx *c, int i) { return nth(c->in, c->num_in, i, "input"); }
const tsr_ref *tsr_ctx_out(tsr_ctx *c, int i) { return nth(c->out, c->num_out, i, "output"); }

const tsr_ref *tsr_ctx_scratch(tsr_ctx *c, int i) {
  return i >= 0 && i < c->num_scratch ? &c->scratch[i] : NULL;
}

const tsr_ref *tsr_ctx_prefetch(tsr_ctx *c, int i) {
  return i >= 0 && i < c->num_prefetch ? &c->prefetch[i] : NULL;
}

int64_t tsr_ctx_program_id(const tsr_ctx *c, int axis) {
  return axis >= 0 && axis < c->grid_rank ? c->index[axis] : 0;
}

int64_t tsr_ctx_num_programs(const tsr_ctx *c, int axis) {
  return axis >= 0 && axis < c->grid_rank ? c->grid[axis] : 1;
}

int tsr_ctx_core_id(const tsr_ctx *c) { return c->core->id; }
int tsr_ctx_num_cores(const tsr_ctx *c) { return c->m->num_cores; }
void tsr_ctx_parallel_for(tsr_ctx *c, int parts, void (*fn)(void *arg, int part), void *arg) {
  machine_parallel_for(c->m, parts, fn, arg);
}

void tsr_ctx_add_cost(tsr_ctx *c, const tsr_cost *cost) {
  tsr_cost_add(&c->cost, cost);
  c->cost_reported = true;
}

tsr_status tsr_dma_start(tsr_ctx *c, const tsr_ref *src, const tsr_ref *dst, const tsr_ref *sem) {
  machine_dma_request r = {.src = src, .dst = dst, .sem = sem, .bytes = (int64_t)tsr_ref_bytes(dst),
                   .dir = TSR_DMA_LOCAL, .operand = -1};
  return machine_core_dma_start(c->core, &r);
}

tsr_status tsr_dma_wait(tsr_ctx *c, const tsr_ref *sem, const tsr_ref *dst) {
  return machine_core_dma_wait(c->core, sem, (int64_t)tsr_ref_bytes(dst), NULL, -1);
}

tsr_status tsr_sync_copy(tsr_ctx *c, const tsr_ref *src, const tsr_ref *dst) {
  TSR_TRY(tsr_dma_start(c, src, dst, &c->sync_sem));
  return tsr_dma_wait(c, &c->sync_sem, dst);
}

tsr_status tsr_sem_signal(tsr_ctx *c, const tsr_ref *sem, int32_t amount, int core) {
  return machine_core_sem_signal(c->core, sem, amount, core);
}

tsr_status tsr_sem_wait(tsr_ctx *c, const tsr_ref *sem, int32_t amount) {
  return machine_core_sem_wait(c->core, sem, amount);
}

int32_t tsr_sem_read(tsr_ctx *c, const tsr_ref *sem) {
  (void)c;
  if (!sem || sem->space != TSR_SEMAPHORE_MEM || sem->rank != 0) return 0;
  return (int32_t)machine_core_sem_read(sem);
}

/* ---- many chips ---- */

int tsr_ctx_device_id(const tsr_ctx *c) { return c->m->device; }
int tsr_ctx_num_devices(const tsr_ctx *c) { return c->m->num_devices; }

int tsr_ctx_mesh_coords(const tsr_ctx *c, int64_t *coords) {
  int64_t rest = c->m->device;
  for (int k = c->m->mesh_rank - 1; k >= 0; k--) {
    coords[k] = rest % c->m->mesh_shape[k];
    rest /= c->m->mesh_shape[k];
  }
  return c->m->mesh_rank;
}

int tsr_ctx_mesh_device(const tsr_ctx *c, const int64_t *coords) {
  int64_t id = 0;
  for (int k = 0; k < c->m->mesh_rank; k++) {
    if (coords[k] < 0 || coords[k] >= c->m->mesh_shape[k]) return -1;
    id = id * c->m->mesh_shape[k] + coords[k];
  }
  return (int)id;
}

tsr_status tsr_remote_copy_start(tsr_ctx *c, const tsr_ref *src, const tsr_ref *dst, const tsr_ref *send_sem,
                                 const tsr_ref *recv_sem, int device, int core) {
  return machine_core_remote_dma_start(c->core, src, dst, send_sem, recv_sem, device, core);
}

tsr_status tsr_sem_signal_device(tsr_ctx *c, const tsr_ref *sem, int32_t amount, int device, int core) {
  return machine_core_sem_signal_device(c->core, sem, amount, device, core);
}

const tsr_ref *tsr_ctx_barrier_semaphore(tsr_ctx *c) { return c->core->barrier_sem.data ? &c->core->barrier_sem : NULL; }
