/* The kernel seam (seam.h): what an executor may ask of the pipeline and the machine, answered
 * from their insides, and the plan of a call's operands handed out (seam_plan_operands).
 * seam_pallas_call_run is in pallas_call.c, seam_pallas_describe_run in call_describe.c. */
#include "pipeline/seam.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline/call.h"
#include "pipeline/carry.h"
#include "pipeline/ctx.h"
#include "pipeline/partition.h"
#include "pipeline/tiling.h"

tsr_status seam_grid_share(const tsr_machine *m, const tsr_call_desc *d, int core, int64_t *share, int64_t *offsets) {
  int dim;
  return pipe_partition_grid(d->grid, d->grid_rank, d->semantics, m->num_cores, core, false, share, offsets, &dim);
}

const tsr_machine_options *seam_options(const tsr_machine *m) { return &m->opts; }
void seam_warn(tsr_machine *m, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  machine_vwarn(m, fmt, ap);
  va_end(ap);
}
int seam_num_runners(const tsr_machine *m) { return machine_cores_total(m); }
int seam_runner_core(const tsr_machine *m, int runner) { return m->cores[runner].id; }

int seam_runner(const tsr_ctx *c) { return c->core->index; }
int seam_grid_rank(const tsr_ctx *c) { return c->grid_rank; }

bool seam_accesses_observed(const tsr_ctx *c) { return machine_observers_see_data(c->core->m); }
void seam_array_padded_shape(const tsr_ctx *c, const tsr_ref *r, int64_t *padded) {
  pipe_array_padded_shape(r->shape, r->rank, r->dtype, c->m->chip.generation, padded);
}

void seam_emit(tsr_ctx *c, tsr_event *ev) {
  ev->step = c->core->step;
  machine_core_emit(c->core, ev);
}

void seam_step_begin(tsr_ctx *c, int64_t step) {
  c->core->step = step;
  if (!machine_core_observed(c->core)) return;
  tsr_event ev = {.kind = TSR_EV_STEP_BEGIN, .step = step, .operand = -1};
  machine_core_emit(c->core, &ev);
}

void seam_step_end(tsr_ctx *c) {
  if (!machine_core_observed(c->core)) return;
  tsr_event ev = {.kind = TSR_EV_STEP_END, .step = c->core->step, .operand = -1};
  machine_core_emit(c->core, &ev);
}

void seam_body_begin(tsr_ctx *c) {
  if (!machine_core_observed(c->core)) return;
  tsr_event ev = {.kind = TSR_EV_BODY_BEGIN, .step = c->core->step, .operand = -1};
  machine_core_emit(c->core, &ev);
}

void seam_body_end(tsr_ctx *c, const tsr_cost *cost) {
  if (!machine_core_observed(c->core)) return;
  tsr_event ev = {.kind = TSR_EV_BODY_END, .step = c->core->step, .cost = cost, .operand = -1};
  machine_core_emit(c->core, &ev);
}

tsr_status seam_dma_start(tsr_ctx *c, const tsr_ref *src, const tsr_ref *dst, const tsr_ref *sem, tsr_dma_dir dir,
                          int operand, int64_t bytes) {
  machine_dma_request r = {.src = src, .dst = dst, .sem = sem, .bytes = bytes > 0 ? bytes : (int64_t)tsr_ref_bytes(dst),
                   .dir = dir, .operand = operand};
  return machine_core_dma_start(c->core, &r);
}

tsr_status seam_kernel_dma_start(tsr_ctx *c, const tsr_ref *src, const tsr_ref *dst, const tsr_ref *sem, int64_t bytes,
                                 int field_bits, const char *loc) {
  machine_dma_request r = {.src = src, .dst = dst, .sem = sem, .bytes = bytes > 0 ? bytes : (int64_t)tsr_ref_bytes(dst),
                   .dir = TSR_DMA_LOCAL, .operand = -1, .field_bits = (uint8_t)field_bits, .loc = loc};
  return machine_core_dma_start(c->core, &r);
}

tsr_status seam_dma_wait(tsr_ctx *c, const tsr_ref *sem, const tsr_ref *dst, int operand, int64_t bytes) {
  return machine_core_dma_wait(c->core, sem, bytes > 0 ? bytes : (int64_t)tsr_ref_bytes(dst), NULL, operand);
}

void seam_dma_skip(tsr_ctx *c, tsr_dma_dir dir, int operand) {
  if (!machine_core_observed(c->core)) return;
  tsr_event ev = {.kind = TSR_EV_DMA_SKIP, .step = c->core->step, .dir = dir, .operand = operand};
  machine_core_emit(c->core, &ev);
}

struct pipe_carry_watch *seam_carry(const tsr_ctx *c) { return c->carry; }

void seam_report_access(struct pipe_carry_watch *w, const tsr_ref *window, bool read, bool write) {
  pipe_carry_access(w, window, read, write);
}

seam_scope seam_scope_begin(const tsr_ctx *c) {
  const machine_core *core = c->core;
  return (seam_scope){{core->vmem.count, core->smem.count, core->sems.count}};
}

tsr_status seam_alloc(tsr_ctx *c, tsr_space space, tsr_dtype dtype, int rank, const int64_t *shape, const char *what,
                      tsr_ref *out) {
  tsr_ref r = tsr_ref_dense(NULL, dtype, space, rank, shape);
  tsr_buffer *b;
  TSR_TRY(machine_core_alloc(c->core, space, tsr_ref_bytes(&r), 0, what, &b));
  r.data = b->base;
  r.buf = b;
  *out = r;
  return TSR_OK;
}

bool seam_scope_sem_held(const tsr_ctx *c, const seam_scope *s, int64_t *value) {
  const machine_space_arena *sa = &c->core->sems;
  machine_mesh_transport *far = c->core->m->root->transport;
  for (int i = s->marks[2]; i < sa->count; i++) {
    const int64_t *v = (const int64_t *)(const void *)sa->bufs[i]->base;
    size_t n = sa->bufs[i]->bytes / sizeof(int64_t);
    for (size_t k = 0; k < n; k++) {
      if (far) { /* what other processes' signals left in its inbox: on one process it is in the cell */
        tsr_ref cell = {.data = sa->bufs[i]->base + k * sizeof(int64_t), .buf = sa->bufs[i]};
        far->poll(far, c->core, &cell);
      }
      if ((*value = __atomic_load_n(&v[k], __ATOMIC_ACQUIRE)) != 0) return true;
    }
  }
  return false;
}

void seam_scope_end(tsr_ctx *c, const seam_scope *s) {
  machine_core_park_to(c->core, TSR_VMEM, s->marks[0]);
  machine_core_park_to(c->core, TSR_SMEM, s->marks[1]);
  machine_core_park_to(c->core, TSR_SEMAPHORE_MEM, s->marks[2]);
}

tsr_status seam_plan_operands(tsr_machine *m, const tsr_call_desc *d, seam_operand_geometry *out) {
  call_plan cp;
  tsr_status s = call_plan_make(m, d, true, &cp);
  for (int i = 0; s == TSR_OK && i < cp.n; i++) {
    const call_operand_plan *o = &cp.ops[i];
    out[i] = o->geo;
    if (o->geo.passthrough) /* the whole array, for a lowering that moves it itself */
      for (int k = 0; k < o->geo.rank; k++) out[i].block[k] = o->hbm.shape[k];
  }
  free(cp.ops);
  return s;
}
