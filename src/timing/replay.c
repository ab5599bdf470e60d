/* Replays one core's logged events in simulated time (timing_internal.h): the core's clock
 * advances by the step overhead, DMA issue costs and body times; waits block it until the
 * DMAs they claim have landed or a signal arrives; kernels start together on all cores. */
#include "timing/timing_internal.h"

static double maxd(double a, double b) { return a > b ? a : b; }

static void trace_counter(tsr_timing *t, int32_t *name, const char *fmt, int a, int b,
                          double ts, int64_t value) {
  if (!t->opts.trace) return;
  if (*name < 0) {
    char buf[64];
    snprintf(buf, sizeof buf, fmt, a, b);
    *name = tm_intern(t, buf);
  }
  tm_trace(t, 'C', 0, *name, ts, 0, value);
}

static void sem_counter(tsr_timing *t, sim_sem *s, double ts) {
  trace_counter(t, &s->counter, "sem core %d #%d", s->core, (int)(s->key & 0xffffffffu), ts,
                s->value);
}

/* The core's wait is over at `until`: the time between is a stall. */
static void resume(tsr_timing *t, core_sim *cs, int core, double until) {
  if (until > cs->clock) {
    double stall = until - cs->clock;
    if (cs->k) cs->k->stall += stall;
    if (cs->in_step) cs->step.stall += stall;
    if (t->opts.trace) tm_trace(t, 'X', tm_core_tid(core), tm_intern(t, "wait"), cs->clock, stall, cs->wait_bytes);
    cs->clock = until;
  }
  cs->state = CS_RUN;
  if (cs->wait_key) {
    sim_sem *s = tm_sem(t, cs->wait_key, core);
    if (s) {
      s->value -= cs->wait_bytes;
      sem_counter(t, s, cs->clock);
    }
    cs->wait_key = 0;
  }
}

static void dma_trace(tsr_timing *t, sim_dma *d) {
  if (!t->opts.trace) return;
  int engines = t->chip.dma_engines > 0 ? t->chip.dma_engines : 1;
  const char *what = d->dir == TSR_DMA_IN ? "dma in" : d->dir == TSR_DMA_OUT ? "dma out" : "dma";
  tm_trace(t, 'X', tm_lane_tid(d->core, d->lane % engines), tm_intern(t, what), d->start,
           d->done - d->start, d->nominal);
}

void tm_dma_landed(tsr_timing *t, sim_dma *d) {
  core_sim *owner = &t->cores[d->core];
  if (!engines_done(t, &owner->engines, d)) t->nomem = true;
  if (--owner->dma_inflight == 0) {
    double active = d->done - owner->dma_active_since;
    if (owner->k) owner->k->dma_active += active;
  }
  dma_trace(t, d);
  if (d->sem) {
    d->sem->value += d->nominal;
    sem_counter(t, d->sem, d->done);
  }
  if (d->waiter >= 0) {
    core_sim *w = &t->cores[d->waiter];
    if (d->done > w->wait_until) w->wait_until = d->done;
    if (--w->pending == 0 && w->state == CS_WAIT_DMA) resume(t, w, d->waiter, w->wait_until);
  }
  if (!d->queued) tm_dma_release(t, d);
}

static void dma_start(tsr_timing *t, core_sim *cs, int core, const log_rec *r) {
  cs->clock += t->chip.dma_issue_s;
  kernel_rec *k = cs->k;
  if (k) {
    k->issue += t->chip.dma_issue_s;
    k->dmas++;
    if (r->via_hbm) k->bytes_moved += r->bytes;
    if (r->dir == TSR_DMA_IN) k->bytes_in += r->nominal;
    else if (r->dir == TSR_DMA_OUT) k->bytes_out += r->nominal;
    else k->bytes_local += r->nominal;
  }
  if (cs->in_step) {
    cs->step.issue += t->chip.dma_issue_s;
    cs->step.bytes += r->nominal;
  }
  sim_dma *d = tm_dma_new(t);
  if (!d) return;
  d->core = core;
  d->dir = r->dir;
  d->operand = r->operand;
  d->bytes = r->bytes;
  d->nominal = r->nominal;
  d->credit = r->nominal;
  d->sem = tm_sem(t, r->key, core);
  if (d->sem) {
    d->queued = true;
    if (d->sem->tail) d->sem->tail->next = d;
    else d->sem->head = d;
    d->sem->tail = d;
  }
  if (cs->dma_inflight++ == 0) cs->dma_active_since = cs->clock;
  if (!engines_submit(t, &cs->engines, d, cs->clock)) t->nomem = true;
}

/* Claims DMAs of the semaphore, oldest first, until their bytes cover the wait. */
static void dma_wait(tsr_timing *t, core_sim *cs, int core, const log_rec *r) {
  sim_sem *s = tm_sem(t, r->key, core);
  cs->pending = 0;
  cs->wait_until = cs->clock;
  cs->wait_bytes = r->bytes;
  cs->wait_key = r->key;
  int64_t need = r->bytes;
  while (s && need > 0 && s->head) {
    sim_dma *d = s->head;
    int64_t take = d->credit < need ? d->credit : need;
    d->credit -= take;
    need -= take;
    if (d->landed) {
      if (d->done > cs->wait_until) cs->wait_until = d->done;
    } else if (d->waiter != core) {
      d->waiter = core;
      cs->pending++;
    }
    if (d->credit == 0) {
      s->head = d->next;
      if (!s->head) s->tail = NULL;
      d->queued = false;
      if (d->landed) tm_dma_release(t, d);
    }
  }
  if (need > 0) t->unmatched_waits++;
  if (cs->pending > 0) cs->state = CS_WAIT_DMA;
  else resume(t, cs, core, cs->wait_until);
}

static void sem_signal(tsr_timing *t, core_sim *cs, int core, const log_rec *r) {
  sim_sem *s = tm_sem(t, r->key, core);
  if (!s) return;
  s->value += r->bytes;
  if (s->blocked_core >= 0 && s->value >= s->blocked_amount) {
    core_sim *w = &t->cores[s->blocked_core];
    s->value -= s->blocked_amount;
    int wc = s->blocked_core;
    s->blocked_core = -1;
    w->wait_key = 0;
    resume(t, w, wc, cs->clock);
  }
  sem_counter(t, s, cs->clock);
}

static void sem_wait(tsr_timing *t, core_sim *cs, int core, const log_rec *r) {
  sim_sem *s = tm_sem(t, r->key, core);
  if (!s || s->value >= r->bytes) {
    if (s) {
      s->value -= r->bytes;
      sem_counter(t, s, cs->clock);
    }
    return;
  }
  s->blocked_core = core;
  s->blocked_amount = r->bytes;
  cs->blocked_sem = s;
  cs->wait_bytes = r->bytes;
  cs->state = CS_WAIT_SEM;
}

/* Kernels start together: a core may begin its n-th kernel once every core that is still
 * inside an earlier one has left it. */
static bool kernel_may_begin(const tsr_timing *t, int core) {
  int n = t->cores[core].kernels_done;
  for (int c = 0; c < t->num_cores; c++)
    if (c != core && t->cores[c].in_kernel && t->cores[c].kernels_done < n) return false;
  return true;
}

static void kernel_begin(tsr_timing *t, core_sim *cs, int core, const log_rec *r) {
  cs->clock = maxd(cs->clock, t->last_kernel_end);
  cs->in_kernel = true;
  cs->k = tm_kernel(t, cs->kernels_done);
  if (!cs->k) return;
  if (cs->k->cores++ == 0) cs->k->name = r->name;
  if (cs->clock < cs->k->begin) cs->k->begin = cs->clock;
}

static void kernel_end(tsr_timing *t, core_sim *cs, int core) {
  if (cs->k) {
    if (cs->clock > cs->k->end) cs->k->end = cs->clock;
    if (t->opts.trace)
      tm_trace(t, 'X', tm_core_tid(core), cs->k->name, cs->k->begin, cs->clock - cs->k->begin, -1);
  }
  cs->in_kernel = false;
  cs->kernels_done++;
  cs->k = NULL;
  cs->in_step = false;
  t->last_kernel_end = maxd(t->last_kernel_end, cs->clock);
  for (int c = 0; c < t->num_cores; c++) {
    core_sim *w = &t->cores[c];
    if (w->state == CS_WAIT_KERNEL && kernel_may_begin(t, c)) {
      w->state = CS_RUN;
      /* The record that blocked is still at the head of its queue. */
    }
  }
}

static void step_end(tsr_timing *t, core_sim *cs, int core) {
  if (!cs->in_step) return;
  cs->in_step = false;
  cs->step.end = cs->clock;
  kernel_rec *k = cs->k;
  if (!k) return;
  k->steps++;
  if (k->nfirst < t->opts.report_steps) k->first[k->nfirst++] = cs->step;
  if (t->opts.trace)
    tm_trace(t, 'X', tm_core_tid(core), tm_intern(t, "step"), cs->step.begin,
             cs->step.end - cs->step.begin, cs->step.step);
}

void tm_process_record(tsr_timing *t, int core, const log_rec *r) {
  core_sim *cs = &t->cores[core];
  switch ((tsr_event_kind)r->kind) {
  case TSR_EV_KERNEL_BEGIN:
    if (cs->in_kernel) { /* the last kernel failed before its end: close it here */
      step_end(t, cs, core);
      kernel_end(t, cs, core);
    }
    if (!cs->force_begin && !kernel_may_begin(t, core)) {
      /* Put the record back and wait for the other cores (kernel_end wakes us). */
      cs->q.head = (cs->q.head + cs->q.cap - 1) % cs->q.cap;
      cs->q.len++;
      cs->state = CS_WAIT_KERNEL;
      return;
    }
    cs->force_begin = false;
    kernel_begin(t, cs, core, r);
    break;
  case TSR_EV_KERNEL_END:
    step_end(t, cs, core);
    kernel_end(t, cs, core);
    break;
  case TSR_EV_STEP_BEGIN:
    step_end(t, cs, core);
    cs->in_step = true;
    cs->step = (step_rec){.core = core, .step = r->step, .begin = cs->clock,
                          .overhead = t->chip.step_overhead_s};
    cs->clock += t->chip.step_overhead_s;
    if (cs->k) cs->k->overhead += t->chip.step_overhead_s;
    break;
  case TSR_EV_STEP_END:
    step_end(t, cs, core);
    break;
  case TSR_EV_BODY_END:
    if (t->opts.trace && r->seconds > 0)
      tm_trace(t, 'X', tm_core_tid(core), tm_intern(t, "body"), cs->clock, r->seconds, r->step);
    cs->clock += r->seconds;
    if (cs->in_step) cs->step.compute += r->seconds;
    if (cs->k) {
      cs->k->compute += r->seconds;
      cs->k->flops += r->flops;
      cs->k->mxu_seconds += r->mxu_seconds;
    }
    break;
  case TSR_EV_DMA_START:
    dma_start(t, cs, core, r);
    break;
  case TSR_EV_DMA_SKIP:
    if (cs->k) cs->k->skipped++;
    break;
  case TSR_EV_DMA_WAIT_BEGIN:
    dma_wait(t, cs, core, r);
    break;
  case TSR_EV_SEM_SIGNAL:
    sem_signal(t, cs, core, r);
    break;
  case TSR_EV_SEM_WAIT:
    sem_wait(t, cs, core, r);
    break;
  case TSR_EV_ALLOC: case TSR_EV_FREE:
    trace_counter(t, &cs->vmem_counter, "VMEM in use, core %d%.0d", core, 0, cs->clock, r->bytes);
    break;
  default:
    break;
  }
}

void tm_unblock_stuck(tsr_timing *t) {
  for (int c = 0; c < t->num_cores; c++) {
    core_sim *cs = &t->cores[c];
    if (cs->state == CS_RUN) continue;
    if (cs->state == CS_WAIT_SEM && cs->blocked_sem) {
      cs->blocked_sem->blocked_core = -1;
      cs->blocked_sem = NULL;
    }
    if (cs->state == CS_WAIT_KERNEL) cs->force_begin = true; /* another core never ended */
    else t->unmatched_waits++;
    cs->pending = 0;
    cs->wait_key = 0;
    cs->state = CS_RUN;
  }
}
