/* Replays one core's logged events in simulated time (timing_internal.h): the core's clock
 * advances by the step overhead, DMA issue costs and body times; waits block it until the
 * DMAs they claim have landed or a signal arrives; kernels start together on all cores. */
#include "timing/timing_internal.h"

static double maxd(double a, double b) { return a > b ? a : b; }

/* A counter of core `core`'s device (its process in the trace). */
static void trace_counter(tsr_timing *t, int32_t *name, const char *fmt, int a, int b, int core,
                          double ts, int64_t value) {
  if (!t->opts.trace) return;
  if (*name < 0) {
    char buf[64];
    snprintf(buf, sizeof buf, fmt, a, b);
    *name = tm_intern(t, buf);
  }
  tm_trace(t, 'C', tm_core_tid(core), *name, ts, 0, value);
}

static void sem_counter(tsr_timing *t, tm_sim_sem *s, double ts) {
  trace_counter(t, &s->counter, "sem core %d #%d", s->core % t->cores_per_device, (int)(s->key & 0xffffffffu),
                s->core, ts, s->value);
}

/* The core's wait is over at `until`: the time between is a stall. */
static void resume(tsr_timing *t, tm_core_sim *cs, int core, double until) {
  if (until > cs->clock) {
    double stall = until - cs->clock;
    tm_device_sim *dev = &t->devices[tm_device_of(t, core)];
    dev->stall += stall;
    if (cs->k) cs->k->stall += stall;
    if (cs->wait_ici) {
      dev->ici_stall += stall;
      if (cs->k) cs->k->ici_stall += stall;
    }
    if (cs->in_step) cs->step.stall += stall;
    if (t->opts.trace) tm_trace(t, 'X', tm_core_tid(core), tm_intern(t, "wait"), cs->clock, stall, cs->wait_bytes);
    cs->clock = until;
  }
  cs->state = TM_CS_RUN;
  cs->wait_ici = false;
  if (cs->wait_key) {
    tm_sim_sem *s = tm_sem(t, cs->wait_key, core);
    if (s) {
      s->value -= cs->wait_bytes;
      sem_counter(t, s, cs->clock);
    }
    cs->wait_key = 0;
  }
}

static void dma_trace(tsr_timing *t, tm_sim_dma *d) {
  if (!t->opts.trace) return;
  int engines = t->chip.dma_engines > 0 ? t->chip.dma_engines : 1;
  const char *what = d->ici ? "dma remote" : d->dir == TSR_DMA_IN ? "dma in" : d->dir == TSR_DMA_OUT ? "dma out" : "dma";
  if (!d->signal)
    tm_trace(t, 'X', tm_lane_tid(d->core, d->lane % engines), tm_intern(t, what), d->start,
             d->done - d->start, d->nominal);
  /* on each link of its route, from its first byte to its last */
  for (int h = 0; h < d->nhops; h++)
    tm_trace(t, 'X', tm_link_tid(d->route[h]), tm_intern(t, d->signal ? "signal" : "dma remote"), d->arrive,
             d->done - d->arrive, d->nominal);
}

/* A semaphore gets `amount` at `when`; a core blocked on it goes on if that is enough. */
static void signal_at(tsr_timing *t, tm_sim_sem *s, int64_t amount, double when, bool ici) {
  s->value += amount;
  if (s->blocked_core >= 0 && s->value >= s->blocked_amount) {
    tm_core_sim *w = &t->cores[s->blocked_core];
    s->value -= s->blocked_amount;
    int wc = s->blocked_core;
    s->blocked_core = -1;
    w->blocked_sem = NULL;
    w->wait_key = 0;
    w->wait_ici = ici;
    resume(t, w, wc, when);
  }
  sem_counter(t, s, when);
}

/* A DMA landed: its semaphore counts its bytes, and the core waiting for it may go on; a
 * regular semaphore counts 1, which a semaphore wait blocked on it may take. */
static void dma_arrived(tsr_timing *t, tm_sim_dma *d) {
  if (d->sem && d->regular) {
    signal_at(t, d->sem, 1, d->done, d->ici);
  } else if (d->sem) {
    d->sem->value += d->nominal;
    sem_counter(t, d->sem, d->done);
  }
  if (d->waiter >= 0) {
    tm_core_sim *w = &t->cores[d->waiter];
    if (d->done > w->wait_until) {
      w->wait_until = d->done;
      w->wait_ici = d->ici;
    }
    if (--w->pending == 0 && w->state == TM_CS_WAIT_DMA && w->wait_need == 0) resume(t, w, d->waiter, w->wait_until);
  }
  if (!d->queued) tm_dma_release(t, d);
}

void tm_dma_landed(tsr_timing *t, tm_sim_dma *d) {
  if (d->signal) {
    dma_trace(t, d);
    if (d->sem) signal_at(t, d->sem, d->nominal, d->done, true);
    tm_dma_release(t, d);
    return;
  }
  tm_core_sim *owner = &t->cores[d->core];
  if (!tm_engines_done(t, &owner->engines, d)) t->nomem = true;
  if (--owner->dma_inflight == 0) {
    double active = d->done - owner->dma_active_since;
    if (owner->k) owner->k->dma_active += active;
  }
  dma_trace(t, d);
  tm_sim_dma *twin = d->twin;
  if (twin) {
    twin->done = d->done;
    twin->landed = true;
    twin->ici = d->ici;
    t->devices[twin->device].bytes_received += d->nominal;
  }
  dma_arrived(t, d);
  if (twin) dma_arrived(t, twin);
}

/* Claims DMAs of the semaphore, oldest first, until their bytes cover the core's wait. */
static void claim(tsr_timing *t, tm_sim_sem *s, tm_core_sim *cs, int core) {
  while (cs->wait_need > 0 && s->head) {
    tm_sim_dma *d = s->head;
    int64_t take = d->credit < cs->wait_need ? d->credit : cs->wait_need;
    d->credit -= take;
    cs->wait_need -= take;
    if (d->landed) {
      if (d->done > cs->wait_until) {
        cs->wait_until = d->done;
        cs->wait_ici = d->ici;
      }
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
}

/* Puts a DMA on its semaphore's queue; a core already waiting there for it claims it. */
static void enqueue(tsr_timing *t, tm_sim_dma *d) {
  tm_sim_sem *s = d->sem;
  if (!s) return;
  d->queued = true;
  d->next = NULL;
  if (s->tail) s->tail->next = d;
  else s->head = d;
  s->tail = d;
  if (s->dma_blocked_core < 0) return;
  int wc = s->dma_blocked_core;
  tm_core_sim *w = &t->cores[wc];
  claim(t, s, w, wc);
  if (w->wait_need > 0) return;
  s->dma_blocked_core = -1;
  w->blocked_sem = NULL;
  if (w->pending == 0) resume(t, w, wc, w->wait_until);
}

static void dma_start(tsr_timing *t, tm_core_sim *cs, int core, const tm_log_rec *r) {
  cs->clock += t->chip.dma_issue_s;
  tm_kernel_rec *k = cs->k;
  bool ici = r->target >= 0 && tm_device_of(t, r->target) != tm_device_of(t, core);
  if (k) {
    k->issue += t->chip.dma_issue_s;
    k->dmas++;
    if (r->via_hbm && !ici) k->bytes_moved += r->bytes;
    if (ici) { /* counted as ICI bytes below */ }
    else if (r->dir == TSR_DMA_IN) k->bytes_in += r->nominal;
    else if (r->dir == TSR_DMA_OUT) k->bytes_out += r->nominal;
    else k->bytes_local += r->nominal;
  }
  if (cs->in_step) {
    cs->step.issue += t->chip.dma_issue_s;
    cs->step.bytes += r->nominal;
  }
  tm_sim_dma *d = tm_dma_new(t);
  if (!d) return;
  d->core = core;
  d->device = tm_device_of(t, core);
  d->dir = r->dir;
  d->operand = r->operand;
  d->bytes = r->bytes;
  d->nominal = r->nominal;
  d->credit = r->nominal;
  d->sem = tm_sem(t, r->key, core);
  d->regular = r->regular;
  if (!d->regular) enqueue(t, d);
  if (r->target >= 0) { /* a remote copy: it lands on the receive semaphore too */
    tm_sim_dma *twin = tm_dma_new(t);
    if (!twin) return;
    twin->core = r->target;
    twin->device = tm_device_of(t, r->target);
    twin->dir = r->dir;
    twin->operand = -1;
    twin->bytes = r->bytes;
    twin->nominal = twin->credit = r->nominal;
    twin->sem = tm_sem(t, r->recv_key, r->target);
    twin->regular = r->regular;
    d->twin = twin;
    if (ici) {
      d->ici = true;
      tm_ici_route(&t->ici, d->device, twin->device, d);
      tm_device_sim *dev = &t->devices[d->device];
      dev->copies_sent++;
      dev->bytes_sent += r->nominal;
      if (k) {
        k->ici_copies++;
        k->ici_bytes += r->nominal;
      }
    }
    if (!twin->regular) enqueue(t, twin);
  }
  if (cs->dma_inflight++ == 0) cs->dma_active_since = cs->clock;
  if (!tm_engines_submit(t, &cs->engines, d, cs->clock)) t->nomem = true;
}

/* Claims DMAs of the semaphore until their bytes cover the wait. On many devices a wait may
 * come before the remote copy it waits for has started (its sender is behind in simulated
 * time): it blocks until that copy starts. */
static void dma_wait(tsr_timing *t, tm_core_sim *cs, int core, const tm_log_rec *r) {
  tm_sim_sem *s = tm_sem(t, r->key, core);
  cs->pending = 0;
  cs->wait_until = cs->clock;
  cs->wait_bytes = r->bytes;
  cs->wait_key = r->key;
  cs->wait_need = r->bytes;
  cs->wait_ici = false;
  if (s) claim(t, s, cs, core);
  if (cs->wait_need > 0 && s && t->num_devices > 1 && s->dma_blocked_core < 0) {
    s->dma_blocked_core = core;
    cs->blocked_sem = s;
    cs->state = TM_CS_WAIT_DMA;
    return;
  }
  if (cs->wait_need > 0) t->unmatched_waits++;
  cs->wait_need = 0;
  if (cs->pending > 0) cs->state = TM_CS_WAIT_DMA;
  else resume(t, cs, core, cs->wait_until);
}

static void sem_signal(tsr_timing *t, tm_core_sim *cs, int core, const tm_log_rec *r) {
  tm_sim_sem *s = tm_sem(t, r->key, r->target >= 0 ? r->target : core);
  if (!s) return;
  if (r->target >= 0 && tm_device_of(t, r->target) != tm_device_of(t, core)) {
    /* to another device: over ICI, a transfer without bytes that pays the hops' latency */
    tm_sim_dma *d = tm_dma_new(t);
    if (!d) return;
    d->signal = d->ici = true;
    d->core = core;
    d->device = tm_device_of(t, core);
    d->sem = s;
    d->nominal = r->bytes;
    tm_ici_route(&t->ici, d->device, tm_device_of(t, r->target), d);
    t->devices[d->device].signals_sent++;
    if (!tm_ici_start(&t->ici, d, cs->clock)) t->nomem = true;
    return;
  }
  signal_at(t, s, r->bytes, cs->clock, false);
}

static void sem_wait(tsr_timing *t, tm_core_sim *cs, int core, const tm_log_rec *r) {
  tm_sim_sem *s = tm_sem(t, r->key, core);
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
  cs->state = TM_CS_WAIT_SEM;
}

/* Kernels start together: a core may begin its n-th kernel once every core that is still
 * inside an earlier one has left it. */
static bool kernel_may_begin(const tsr_timing *t, int core) {
  int n = t->cores[core].kernels_done;
  for (int c = 0; c < t->num_cores; c++)
    if (c != core && t->cores[c].in_kernel && t->cores[c].kernels_done < n) return false;
  return true;
}

static void kernel_begin(tsr_timing *t, tm_core_sim *cs, int core, const tm_log_rec *r) {
  cs->clock = maxd(cs->clock, t->last_kernel_end);
  cs->in_kernel = true;
  cs->k = tm_kernel(t, cs->kernels_done);
  if (!cs->k) return;
  if (cs->k->cores++ == 0) cs->k->name = r->name;
  if (cs->clock < cs->k->begin) cs->k->begin = cs->clock;
}

static void kernel_end(tsr_timing *t, tm_core_sim *cs, int core) {
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
    tm_core_sim *w = &t->cores[c];
    if (w->state == TM_CS_WAIT_KERNEL && kernel_may_begin(t, c)) {
      w->state = TM_CS_RUN;
      /* The record that blocked is still at the head of its queue. */
    }
  }
}

static void step_end(tsr_timing *t, tm_core_sim *cs, int core) {
  if (!cs->in_step) return;
  cs->in_step = false;
  cs->step.end = cs->clock;
  tm_kernel_rec *k = cs->k;
  if (!k) return;
  k->steps++;
  if (k->nfirst < t->opts.report_steps) k->first[k->nfirst++] = cs->step;
  if (t->opts.trace)
    tm_trace(t, 'X', tm_core_tid(core), tm_intern(t, "step"), cs->step.begin,
             cs->step.end - cs->step.begin, cs->step.step);
}

void tm_process_record(tsr_timing *t, int core, const tm_log_rec *r) {
  tm_core_sim *cs = &t->cores[core];
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
      cs->state = TM_CS_WAIT_KERNEL;
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
    cs->step = (tm_step_rec){.core = core, .step = r->step, .begin = cs->clock,
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
    t->devices[tm_device_of(t, core)].compute += r->seconds;
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
    trace_counter(t, &cs->vmem_counter, "VMEM in use, core %d%.0d", core % t->cores_per_device, 0, core, cs->clock,
                  r->bytes);
    break;
  default:
    break;
  }
}

void tm_unblock_stuck(tsr_timing *t) {
  for (int c = 0; c < t->num_cores; c++) {
    tm_core_sim *cs = &t->cores[c];
    if (cs->state == TM_CS_RUN) continue;
    if (cs->blocked_sem) {
      if (cs->blocked_sem->blocked_core == c) cs->blocked_sem->blocked_core = -1;
      if (cs->blocked_sem->dma_blocked_core == c) cs->blocked_sem->dma_blocked_core = -1;
      cs->blocked_sem = NULL;
    }
    cs->wait_need = 0;
    if (cs->state == TM_CS_WAIT_KERNEL) cs->force_begin = true; /* another core never ended */
    else t->unmatched_waits++;
    cs->pending = 0;
    cs->wait_key = 0;
    cs->state = TM_CS_RUN;
  }
}
