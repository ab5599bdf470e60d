/* The kernel seam (seam.h): what an executor may ask of the pipeline and the machine, answered
 * from their insides. pallas_call_run and pallas_describe_run are in pallas_call.c. */
#include "pipeline/seam.h"

#include "pipeline/carry.h"
#include "pipeline/ctx.h"
#include "pipeline/partition.h"

tsr_status seam_grid_share(const tsr_machine *m, const tsr_call_desc *d, int core, int64_t *share, int64_t *offsets) {
  int dim;
  return partition_grid(d->grid, d->grid_rank, d->semantics, m->num_cores, core, false, share, offsets, &dim);
}

const tsr_machine_options *seam_options(const tsr_machine *m) { return &m->opts; }
int seam_num_runners(const tsr_machine *m) { return machine_cores_total(m); }
int seam_runner_core(const tsr_machine *m, int runner) { return m->cores[runner].id; }

int seam_runner(const tsr_ctx *c) { return c->core->index; }
int seam_grid_rank(const tsr_ctx *c) { return c->grid_rank; }

bool seam_observed(const tsr_ctx *c) { return core_observed(c->core); }

void seam_emit(tsr_ctx *c, tsr_event *ev) {
  ev->step = c->core->step;
  core_emit(c->core, ev);
}

struct carry_watch *seam_carry(const tsr_ctx *c) { return c->carry; }

void seam_report_access(struct carry_watch *w, const tsr_ref *window, bool read, bool write) {
  carry_access(w, window, read, write);
}

seam_scope seam_scope_begin(const tsr_ctx *c) {
  const tsr_core *core = c->core;
  return (seam_scope){{core->vmem.count, core->smem.count, core->sems.count}};
}

tsr_status seam_alloc(tsr_ctx *c, tsr_space space, tsr_dtype dtype, int rank, const int64_t *shape, const char *what,
                      tsr_ref *out) {
  tsr_ref r = tsr_ref_dense(NULL, dtype, space, rank, shape);
  tsr_buffer *b;
  TSR_TRY(core_alloc(c->core, space, tsr_ref_bytes(&r), 0, what, &b));
  r.data = b->base;
  r.buf = b;
  *out = r;
  return TSR_OK;
}

bool seam_scope_sem_held(const tsr_ctx *c, const seam_scope *s, int64_t *value) {
  const space_arena *sa = &c->core->sems;
  for (int i = s->marks[2]; i < sa->count; i++) {
    const int64_t *v = (const int64_t *)(const void *)sa->bufs[i]->base;
    size_t n = sa->bufs[i]->bytes / sizeof(int64_t);
    for (size_t k = 0; k < n; k++)
      if ((*value = __atomic_load_n(&v[k], __ATOMIC_ACQUIRE)) != 0) return true;
  }
  return false;
}

void seam_scope_end(tsr_ctx *c, const seam_scope *s) {
  core_release_to(c->core, TSR_VMEM, s->marks[0]);
  core_release_to(c->core, TSR_SMEM, s->marks[1]);
  core_release_to(c->core, TSR_SEMAPHORE_MEM, s->marks[2]);
}
