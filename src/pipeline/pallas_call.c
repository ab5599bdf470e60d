/* pallas_call: run each core's share of the grid through the pipeline engine (or, where it
 * may, parts of each share at once: the host split, host_split.c) over the call's plan
 * (call_plan.c). Beside it: the semaphore operands (call_semaphores.c), the blocks written by
 * two cores (call_writes.c) and the description of the plan (call_describe.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/strided.h"
#include "pipeline/call.h"
#include "pipeline/ctx.h"
#include "pipeline/partition.h"
#include "pipeline/seam.h"


/* After the last body of the core's share: what a TPU's kernel hands on is settled before the
 * pipeline writes its outputs back. On many devices every core first waits for every other
 * device's bodies to be over (the end barrier): after it no remote copy or signal arrives, so
 * the counts are final. Then the DMAs still in flight on output semaphores land and the counts
 * go to their arrays (call_carry_out): a copy into a VMEM output, waited for by a later kernel,
 * lands in the buffer that the write-back then takes to HBM, where the later kernel's input
 * finds it. On a TPU that buffer stays in VMEM between the kernels; its write-back is
 * tessera's, so nothing may see it read the copy's destination while the copy is in flight. */
static tsr_status body_over(call_plan *cp, machine_core *c, call_core_run *r) {
  machine_mesh_barrier(c, 2);
  return call_carry_out(cp, c, r);
}

static tsr_status body_trampoline(pipe_pipeline *p, void *user) {
  call_core_run *r = user;
  tsr_ctx *c = &r->ctx;
  const tsr_call_desc *d = r->cp->d;
  c->index = p->index;
  c->cost = (tsr_cost){0};
  c->cost_reported = false;
  machine_core *core = p->core;
  if (c->carry) pipe_host_split_watch_step(r->cp, p, c->carry);
  bool observed = machine_core_observed(core) && !r->cp->body_steps;
  if (observed) {
    tsr_event ev = {.kind = TSR_EV_BODY_BEGIN, .step = core->step, .operand = -1};
    machine_core_emit(core, &ev);
    /* A C body is opaque: the race checker sees its blocks as whole accesses (inputs read,
     * outputs written), which is as precise as a C kernel can be watched. A body that reports
     * its own accesses gets none: they would be tessera's, not the kernel's. */
    for (int i = 0; i < p->num_brefs && !r->cp->body_accesses; i++) {
      pipe_bref *b = &p->brefs[i];
      if (b->geo.passthrough) continue;
      tsr_event acc = {.kind = TSR_EV_ACCESS, .step = core->step, .name = b->name, .dst = &b->view,
                       .write = b->kind != PIPE_BREF_INPUT, .operand = b->operand};
      machine_core_emit(core, &acc);
    }
  }
  /* A SparseCore kernel's subcores each have scratch of their own on a TPU: allocated for the
   * step as its subcore's (machine_core.agent), where another device's copy or signal to the same
   * subcore finds it, and released with the step. */
  bool own_scratch = p->subcore_grid && d->num_scratch > 0;
  seam_scope scope = seam_scope_begin(c);
  tsr_status s = TSR_OK;
  for (int i = 0; own_scratch && s == TSR_OK && i < d->num_scratch; i++) {
    const tsr_scratch_spec *sp = &d->scratch[i];
    s = call_alloc_ref(core, r->cp, sp->space, sp->dtype, sp->rank, sp->shape, "scratch", &r->scratch[i]);
  }
  if (s == TSR_OK) s = d->body(c, d->user);
  if (own_scratch) {
    if (s == TSR_OK) s = call_check_scratch_sems_zero(r->cp, core, r);
    seam_scope_end(c, &scope);
    memset(r->scratch, 0, sizeof r->scratch);
  }
  if (s != TSR_OK) {
    char gi[96];
    return tsr_fail_context(s, "kernel %s at grid index %s", d->name ? d->name : "body",
                            tsr_format_dims(p->index, p->grid_rank, gi, sizeof gi));
  }
  if (p->s.last_step && !r->cp->body_steps) TSR_TRY(body_over(r->cp, core, r));
  if (observed) {
    tsr_cost cost = c->cost;
    if (d->step_cost) d->step_cost(c, d->user, &cost);
    else if (!c->cost_reported && d->has_cost_estimate) {
      cost.flops = d->cost_estimate.flops * r->step_cost_share;
      cost.transcendentals = d->cost_estimate.transcendentals * r->step_cost_share;
    }
    tsr_event ev = {.kind = TSR_EV_BODY_END, .step = core->step, .cost = &cost, .operand = -1};
    machine_core_emit(core, &ev);
  }
  return TSR_OK;
}

tsr_status call_alloc_ref_as(machine_core *c, call_plan *cp, tsr_space space, tsr_dtype dtype, int rank,
                               const int64_t *shape, const char *what, bool fill, tsr_ref *out) {
  tsr_ref r = tsr_ref_dense(NULL, dtype, space, rank, shape);
  tsr_buffer *b;
  int64_t limit = space == TSR_VMEM ? cp->vmem_limit + cp->vmem_unpacked_extra : 0;
  TSR_TRY((fill ? machine_core_alloc : machine_core_alloc_unfilled)(c, space, tsr_ref_bytes(&r), limit, what, &b));
  r.data = b->base;
  r.buf = b;
  *out = r;
  return TSR_OK;
}

tsr_status call_alloc_ref(machine_core *c, call_plan *cp, tsr_space space, tsr_dtype dtype, int rank,
                            const int64_t *shape, const char *what, tsr_ref *out) {
  return call_alloc_ref_as(c, cp, space, dtype, rank, shape, what, true, out);
}

static tsr_status run_core_inner(machine_core *c, call_core_run *r) {
  call_plan *cp = r->cp;
  const tsr_call_desc *d = cp->d;
  pipe_pipeline *p = &r->p;
  c->agent = -1; /* the call's own allocations are every subcore's; a SparseCore step's are its own */
  /* this core's share of the grid, or the part of it c runs */
  int split = -1;
  const pipe_split_part *part = pipe_host_split_part(cp, c);
  if (part) {
    memcpy(p->grid, part->grid, sizeof p->grid);
    memcpy(p->offsets, part->offsets, sizeof p->offsets);
    c->step_base = part->step_base; /* events number the steps in the core's order */
  } else {
    TSR_TRY(pipe_partition_grid(d->grid, d->grid_rank, d->semantics, cp->m->num_cores, c->id, false,
                           p->grid, p->offsets, &split));
  }
  if (d->grid_rank == 0 && c->id != 0) return TSR_OK; /* a grid-less kernel runs once */
  int64_t steps;
  if (!tsr_grid_num_steps(p->grid, d->grid_rank, &steps)) return tsr_fail(TSR_ERR_INVALID, "the grid has more than 2^63 steps");
  if (steps == 0) return TSR_OK;

  for (int i = 0; i < d->num_prefetch; i++) {
    TSR_TRY(call_alloc_ref(c, cp, TSR_SMEM, d->prefetch[i].dtype, d->prefetch[i].rank,
                      d->prefetch[i].shape, "scalar prefetch", &r->prefetch[i]));
    strided_copy_ref(&r->prefetch[i], &d->prefetch[i]);
  }
  for (int i = 0; i < d->num_scratch && d->steps == TSR_STEPS_IN_ORDER; i++) { /* a SparseCore's: per step */
    const tsr_scratch_spec *s = &d->scratch[i];
    TSR_TRY(call_alloc_ref(c, cp, s->space, s->dtype, s->rank, s->shape, "scratch", &r->scratch[i]));
  }
  int64_t none[1] = {0};
  TSR_TRY(call_alloc_ref(c, cp, TSR_SEMAPHORE_MEM, TSR_DMA_SEM, 0, none, "sync copy semaphore", &r->ctx.sync_sem));
  c->barrier_sem = (tsr_ref){0};
  if (cp->m->num_devices > 1 || cp->d->barrier_semaphore)
    TSR_TRY(call_alloc_ref(c, cp, TSR_SEMAPHORE_MEM, TSR_SEM, 0, none, "barrier semaphore", &c->barrier_sem));
  for (int i = 0; i < cp->n; i++) {
    call_operand_plan *o = &cp->ops[i];
    pipe_bref *b = &p->brefs[i];
    b->kind = o->is_output ? PIPE_BREF_OUTPUT : PIPE_BREF_INPUT;
    b->operand = o->index;
    call_operand_name(o, b->name, sizeof b->name);
    b->hbm = o->hbm;
    b->geo = o->geo;
    b->index_map = o->spec->index_map;
    b->index_map_user = o->spec->index_map_user;
    memcpy(b->axis_map, o->spec->axis_map, sizeof b->axis_map);
    call_choose_fast_paths(cp, o, b);
    if (o->semaphores) {
      TSR_TRY(call_bind_semaphores(cp, c, r, i));
      b->hbm = b->view; /* what the body gets of a passed-through operand (the array is o->hbm) */
      continue;
    }
    if (o->geo.passthrough) {
      b->view = b->hbm;
      continue;
    }
    if (o->is_output && o->shares >= 0) {
      b->slot[0] = p->brefs[o->shares].slot[0];
    } else {
      bool defer = call_may_defer_slot_poison(c, b);
      for (int s = 0; s < b->geo.buffer_count; s++) {
        TSR_TRY(call_alloc_ref_as(c, cp, b->geo.space, o->hbm.dtype, o->geo.rank, o->geo.block, b->name, !defer, &b->slot[s]));
        b->unfilled[s] = defer;
      }
    }
    TSR_TRY(call_alloc_ref(c, cp, TSR_SEMAPHORE_MEM, TSR_DMA_SEM, 0, none, b->name, &b->sem_recv));
    TSR_TRY(call_alloc_ref(c, cp, TSR_SEMAPHORE_MEM, TSR_DMA_SEM, 0, none, b->name, &b->sem_send));
  }
  p->core = c;
  p->name = d->name;
  p->grid_rank = d->grid_rank;
  p->num_brefs = cp->n;
  p->prefetch = r->prefetch;
  p->num_prefetch = d->num_prefetch;
  p->schedule = &pipe_schedule_default;
  p->first_cycle = p->last_cycle = true;
  p->check_revisits = true;
  p->semantics = d->semantics;
  p->body = body_trampoline;
  p->emit_steps = !cp->body_steps;
  p->subcore_grid = d->steps != TSR_STEPS_IN_ORDER ? d->grid : NULL;
  int64_t subcores = 1;
  for (int k = 0; p->subcore_grid && k < d->grid_rank; k++) subcores *= d->grid[k];
  if (subcores > MACHINE_MAX_AGENTS)
    return tsr_fail(TSR_ERR_UNSUPPORTED, "%s: a SparseCore mesh of %lld subcores; tessera runs at most %d",
                    d->name ? d->name : "kernel", (long long)subcores, MACHINE_MAX_AGENTS);
  p->hold_warnings = cp->split.on;
  p->body_user = r;

  tsr_ctx *x = &r->ctx;
  x->m = cp->m;
  x->core = c;
  x->grid = d->grid;
  x->grid_rank = d->grid_rank;
  for (int i = 0; i < cp->n; i++) {
    if (i < d->num_inputs) r->in_views[i] = &p->brefs[i].view;
    else r->out_views[i - d->num_inputs] = &p->brefs[i].view;
  }
  x->in = r->in_views;
  x->out = r->out_views;
  x->num_in = d->num_inputs;
  x->num_out = d->num_outputs;
  x->scratch = r->scratch;
  x->num_scratch = d->num_scratch;
  x->prefetch = r->prefetch;
  x->num_prefetch = d->num_prefetch;
  TSR_TRY(pipe_host_split_watch_start(cp, c, r->scratch, &r->carry, &x->carry));
  int64_t total = 1;
  for (int k = 0; k < d->grid_rank; k++) total *= d->grid[k];
  r->step_cost_share = total > 0 ? 1.0 / (double)total : 0;

  if (machine_core_observed(c)) {
    tsr_event ev = {.kind = TSR_EV_KERNEL_BEGIN, .step = -1, .name = d->name, .operand = -1,
                    .no_device_barrier = d->no_device_barrier, .steps = d->steps};
    machine_core_emit(c, &ev);
  }
  call_carry_in(cp, c, r);
  machine_mesh_barrier(c, 1); /* every device's memory is there before anything reaches for it */
  tsr_status ran = pipe_run(p);
  c->agent = -1;
  TSR_TRY(ran);
  c->step = -1;
  TSR_TRY(body_over(cp, c, r)); /* a body that steps itself: after it (once: the last body did it otherwise) */
  if (machine_core_observed(c)) {
    tsr_event ev = {.kind = TSR_EV_KERNEL_END, .step = -1, .name = d->name, .operand = -1};
    machine_core_emit(c, &ev);
  }
  TSR_TRY(machine_core_check_dmas_idle(c));
  /* many devices: once every device has ended (a late signal from another device counts) */
  if (!cp->m->sync->mesh_run) TSR_TRY(call_check_sems_zero(cp, c, r));
  return TSR_OK;
}



tsr_status call_run_core(machine_core *c, void *arg) {
  call_plan *cp = arg;
  call_core_run *r = calloc(1, sizeof *r);
  pipe_bref *brefs = calloc((size_t)(cp->n ? cp->n : 1), sizeof *brefs);
  if (!r || !brefs) { free(r); free(brefs); return tsr_fail(TSR_ERR_NOMEM, "out of host memory"); }
  r->cp = cp;
  r->p.brefs = brefs;
  int marks[3] = {c->vmem.count, c->smem.count, c->sems.count};
  tsr_status s = run_core_inner(c, r);
  if (s == TSR_OK) {
    tsr_call_stats *st = cp->stats;
    pthread_mutex_lock(&cp->stats_lock);
    bool ran = false;
    for (int i = 0; i < cp->n; i++) tsr_dma_counts_add(&st->dma, &brefs[i].dma);
    int64_t steps = r->p.num_steps;
    if (r->p.core) { st->steps += steps; ran = steps > 0; }
    if (ran) st->cores++;
    pthread_mutex_unlock(&cp->stats_lock);
    if (cp->split.on) pipe_host_split_part_done(cp, c, brefs, &r->carry);
    if (cp->written_by_core) call_keep_written(cp, c, brefs);
  } else {
    machine_core_reset_dmas(c);
  }
  machine_mesh_barrier(c, 2); /* no device reaches into this core's memory once it is released */
  if (s == TSR_OK && cp->m->sync->mesh_run && r->p.core) s = call_check_sems_zero(cp, c, r);
  c->barrier_sem = (tsr_ref){0};
  c->step = -1;
  c->step_base = 0;
  for (int i = 0; i < cp->n; i++) {
    pipe_bref_free_written(&brefs[i]);
    free(brefs[i].held_warning);
  }
  machine_core_release_to(c, TSR_VMEM, marks[0]);
  machine_core_release_to(c, TSR_SMEM, marks[1]);
  machine_core_release_to(c, TSR_SEMAPHORE_MEM, marks[2]);
  pipe_carry_free(&r->carry);
  free(brefs);
  free(r);
  return s;
}


static void start_stats(const call_plan *cp, tsr_call_stats *stats) {
  memset(stats, 0, sizeof *stats);
  stats->vmem_bytes = cp->vmem_bytes;
  stats->smem_bytes = cp->smem_bytes;
  stats->parts = 1;
}

tsr_status seam_pallas_call_run(tsr_machine *m, const tsr_call_desc *d, bool *split_ok,
                           bool (*verdict)(void *user, bool stands), unsigned body, tsr_call_stats *stats) {
  tsr_call_stats local;
  if (!stats) stats = &local;
  memset(stats, 0, sizeof *stats);
  machine_clear_warnings(m);
  call_plan cp;
  tsr_status s = call_plan_make(m, d, false, &cp);
  m->no_data = d->no_data;
  if (s == TSR_OK) {
    cp.stats = stats;
    cp.body_steps = body & SEAM_BODY_STEPS;
    cp.body_accesses = body & SEAM_BODY_ACCESSES;
    if (cp.body_steps) split_ok = NULL; /* its steps are inside one grid step */
    start_stats(&cp, stats);
    pthread_mutex_init(&cp.stats_lock, NULL);
    if (m->num_cores > 1 && d->num_outputs > 0) {
      cp.written_by_core = calloc((size_t)d->num_outputs * (size_t)m->num_cores, sizeof *cp.written_by_core);
      if (!cp.written_by_core) s = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
    }
    const char *why;
    if (s == TSR_OK && pipe_host_split_plan(&cp, split_ok && *split_ok, true, &why) && !pipe_host_split_run(&cp, verdict)) {
      *split_ok = false; /* the run in order, from the start */
      call_clear_written(&cp);
      start_stats(&cp, stats);
      machine_clear_warnings(m);
      tsr_clear_error();
    }
    tsr_ref *hbm = NULL;
    if (s == TSR_OK && m->num_devices > 1) { /* for remote copies into this device's arrays */
      if (!(hbm = malloc(sizeof *hbm * (size_t)(cp.n ? cp.n : 1)))) s = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
      for (int i = 0; hbm && i < cp.n; i++) hbm[i] = cp.ops[i].hbm;
      m->hbm = hbm;
      m->num_hbm = hbm ? cp.n : 0;
    }
    if (!cp.split.on && s == TSR_OK) s = machine_run_cores(m, call_run_core, &cp);
    for (int i = 0; i < machine_cores_total(m); i++) { /* no core runs the call now: nothing reaches them */
      tsr_status ps = machine_core_free_parked(&m->cores[i], s == TSR_OK);
      if (s == TSR_OK) s = ps;
    }
    m->hbm = NULL;
    m->num_hbm = 0;
    free(hbm);
    if (s == TSR_OK && cp.written_by_core) call_check_cross_core_writes(&cp);
    pthread_mutex_destroy(&cp.stats_lock);
  }
  m->no_data = false;
  call_free_written(&cp);
  pipe_host_split_free(&cp.split);
  free(cp.ops);
  if (s != TSR_OK && d->name) return tsr_fail_context(s, "pallas_call %s", d->name);
  return s;
}

tsr_status tsr_pallas_call(tsr_machine *m, const tsr_call_desc *d, tsr_call_stats *stats) {
  return seam_pallas_call_run(m, d, NULL, NULL, 0, stats);
}
