/* The timing model's handle and observer. Events are logged per core and replayed in
 * simulated-time order (replay.c) as soon as no core can still produce an earlier event: with
 * one core at once, with several as far as the slowest core has logged, the rest when the
 * results are read. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "core/status.h"
#include "machine/machine_internal.h"
#include "machine/tape.h"
#include "timing/timing_internal.h"

static void clear_state(tsr_timing *t);

tsr_status tsr_timing_create(const tsr_chip *chip, const tsr_timing_options *opts,
                             tsr_timing **out) {
  *out = NULL;
  if (!chip) chip = tsr_chip_get("v5e");
  tsr_timing *t = calloc(1, sizeof *t);
  if (!t) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  t->chip = *chip;
  if (opts) t->opts = *opts;
  if (t->opts.num_cores < 0 || t->opts.num_cores > TM_MAX_CORES) {
    free(t);
    return tsr_fail(TSR_ERR_INVALID, "timing model: %d cores (1..%d)", opts->num_cores, TM_MAX_CORES);
  }
  if (t->opts.trace_limit <= 0) t->opts.trace_limit = 2000000;
  if (t->opts.report_steps <= 0) t->opts.report_steps = 8;
  t->num_cores = t->opts.num_cores > 0 ? t->opts.num_cores : 1;
  t->cores_per_device = TM_MAX_CORES;
  t->num_devices = 1;
  pthread_mutex_init(&t->lock, NULL);
  clear_state(t);
  *out = t;
  return TSR_OK;
}

static void free_state(tsr_timing *t) {
  for (int c = 0; c < TM_MAX_CORES; c++) free(t->cores[c].q.a);
  for (int d = 0; d < TM_MAX_DEVICES; d++) tm_hbm_free(&t->hbm[d]);
  tm_ici_free(&t->ici);
  for (size_t i = 0; i < t->sems_cap; i++) free(t->sems ? t->sems[i] : NULL);
  free(t->sems);
  for (size_t i = 0; i < t->nchunks; i++) free(t->chunks[i]);
  free(t->chunks);
  for (int32_t i = 0; i < t->nnames; i++) free(t->names[i]);
  free(t->names);
  for (int i = 0; i < t->nkernels; i++) free(t->kernels[i].first);
  free(t->kernels);
  free(t->trace);
}

/* Everything after the lock is simulation state. */
static void clear_state(tsr_timing *t) {
  size_t from = offsetof(tsr_timing, cores);
  memset((char *)t + from, 0, sizeof *t - from);
  for (int d = 0; d < TM_MAX_DEVICES; d++) tm_hbm_init(&t->hbm[d], &t->chip);
  /* checked by tsr_timing_attach, which is where a mesh comes from */
  (void)tm_ici_init(&t->ici, &t->chip, t->num_devices, t->mesh_rank, t->mesh_shape);
  for (int c = 0; c < TM_MAX_CORES; c++) {
    t->cores[c].vmem_counter = -1;
    t->cores[c].last_name_id = -1;
  }
}

void tsr_timing_reset(tsr_timing *t) {
  pthread_mutex_lock(&t->lock);
  if (t->tape) machine_tape_clear(t->tape);
  free_state(t);
  clear_state(t);
  pthread_mutex_unlock(&t->lock);
}

void tsr_timing_destroy(tsr_timing *t) {
  if (!t) return;
  free_state(t);
  if (t->tape) machine_tape_free(t->tape);
  free(t->tape);
  pthread_mutex_destroy(&t->lock);
  free(t);
}

/* ---- shared tables ------------------------------------------------------------------- */

int32_t tm_intern(tsr_timing *t, const char *s) {
  if (!s) s = "";
  for (int32_t i = t->nnames - 1; i >= 0; i--)
    if (!strcmp(t->names[i], s)) return i;
  if (!GROW_ARRAY(t->names, t->nnames, t->capnames, 32)) { t->nomem = true; return 0; }
  char *copy = strdup(s);
  if (!copy) { t->nomem = true; return 0; }
  t->names[t->nnames] = copy;
  return t->nnames++;
}

static size_t hash_key(uint64_t k) {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdull;
  k ^= k >> 33;
  return (size_t)k;
}

static bool sems_grow(tsr_timing *t) {
  size_t ncap = t->sems_cap ? t->sems_cap * 2 : 64;
  tm_sim_sem **ns = calloc(ncap, sizeof *ns);
  if (!ns) return false;
  for (size_t i = 0; i < t->sems_cap; i++) {
    tm_sim_sem *s = t->sems[i];
    if (!s) continue;
    size_t j = hash_key(s->key) & (ncap - 1);
    while (ns[j]) j = (j + 1) & (ncap - 1);
    ns[j] = s;
  }
  free(t->sems);
  t->sems = ns;
  t->sems_cap = ncap;
  return true;
}

tm_sim_sem *tm_sem(tsr_timing *t, uint64_t key, int core) {
  if ((t->sems_len + 1) * 2 > t->sems_cap && !sems_grow(t)) { t->nomem = true; return NULL; }
  size_t j = hash_key(key) & (t->sems_cap - 1);
  while (t->sems[j]) {
    if (t->sems[j]->key == key) return t->sems[j];
    j = (j + 1) & (t->sems_cap - 1);
  }
  tm_sim_sem *s = calloc(1, sizeof *s);
  if (!s) { t->nomem = true; return NULL; }
  s->key = key;
  s->core = core;
  s->counter = -1;
  s->blocked_core = -1;
  s->dma_blocked_core = -1;
  t->sems[j] = s;
  t->sems_len++;
  return s;
}

#define DMA_CHUNK 1024

tm_sim_dma *tm_dma_new(tsr_timing *t) {
  if (!t->free_dmas) {
    tm_sim_dma *chunk = calloc(DMA_CHUNK, sizeof *chunk);
    tm_sim_dma **nc = chunk ? realloc(t->chunks, (t->nchunks + 1) * sizeof *nc) : NULL;
    if (!nc) { free(chunk); t->nomem = true; return NULL; }
    t->chunks = nc;
    t->chunks[t->nchunks++] = chunk;
    for (int i = DMA_CHUNK - 1; i >= 0; i--) {
      chunk[i].next = t->free_dmas;
      t->free_dmas = &chunk[i];
    }
  }
  tm_sim_dma *d = t->free_dmas;
  t->free_dmas = d->next;
  memset(d, 0, sizeof *d);
  d->waiter = -1;
  return d;
}

void tm_dma_release(tsr_timing *t, tm_sim_dma *d) {
  d->next = t->free_dmas;
  t->free_dmas = d;
}

tm_kernel_rec *tm_kernel(tsr_timing *t, int index) {
  while (index >= t->nkernels) {
    if (!GROW_ARRAY(t->kernels, t->nkernels, t->capkernels, 8)) { t->nomem = true; return NULL; }
    tm_kernel_rec *k = &t->kernels[t->nkernels];
    memset(k, 0, sizeof *k);
    k->first = calloc((size_t)t->opts.report_steps, sizeof *k->first);
    if (!k->first) { t->nomem = true; return NULL; }
    k->begin = TM_INF;
    t->nkernels++;
  }
  return &t->kernels[index];
}

/* ---- the observer -------------------------------------------------------------------- */

static bool in_hbm(const tsr_ref *r) {
  return r && (r->space == TSR_HBM || r->space == TSR_ANY || r->space == TSR_HOST);
}

bool tm_push(tm_rec_queue *q, const tm_log_rec *r) {
  if (!grow_ring(&q->a, sizeof *q->a, &q->cap, q->len, &q->head, 256)) return false;
  q->a[(q->head + q->len++) % q->cap] = *r;
  return true;
}

/* The kinds the model has no use for (tsr_observer.ignored_kinds): accesses, landings, ends of
 * waits and starts of bodies, which it derives from the others; a semaphore's count carried
 * from before the kernel (a wait it covers waits for nothing); a finding after the call. */
#define BIT(kind) (1u << (kind))
static const unsigned ignored_kinds = BIT(TSR_EV_ACCESS) | BIT(TSR_EV_DMA_DONE) | BIT(TSR_EV_DMA_WAIT_END) |
                                      BIT(TSR_EV_BODY_BEGIN) | BIT(TSR_EV_SEM_CARRY) | BIT(TSR_EV_SHARED_OUTPUT);

bool tm_rec_of(const tsr_timing *t, const tsr_event *ev, tm_log_rec *rec, int *model_core) {
  if ((unsigned)ev->kind < 32 && ignored_kinds & BIT(ev->kind)) return false;
  switch (ev->kind) {
  case TSR_EV_ALLOC: case TSR_EV_FREE:
    if (ev->space != TSR_VMEM || !t->opts.trace) return false;
    break;
  default: break;
  }
  /* The model numbers the cores of every device in one row: device x cores per device + core. */
  int cpd = t->cores_per_device;
  if (ev->core < 0 || ev->core >= cpd || ev->device < 0 || ev->device >= t->num_devices) return false;
  int core = ev->device * cpd + ev->core;
  if (core >= TM_MAX_CORES) return false;
  tm_log_rec r = {.kind = (uint8_t)ev->kind, .dir = (uint8_t)ev->dir, .operand = (int16_t)ev->operand,
               .target = -1, .name = -1, .step = ev->step};
  bool other_device = ev->target_device != ev->device && ev->target_device >= 0 &&
                      ev->target_device < t->num_devices && ev->target_core >= 0 && ev->target_core < cpd;
  switch (ev->kind) {
  case TSR_EV_DMA_START: {
    int64_t tiles = ev->src ? tsr_timing_tile_bytes(ev->src) : 0;
    r.bytes = tiles > ev->bytes ? tiles : ev->bytes;
    r.nominal = ev->bytes;
    r.key = machine_sem_identity(ev->sem, ev->core);
    r.regular = ev->sem && ev->sem->dtype == TSR_SEM;
    r.via_hbm = !ev->src || in_hbm(ev->src) || in_hbm(ev->dst);
    if (ev->recv_sem && ev->target_core >= 0 && ev->target_core < cpd && ev->target_device >= 0 &&
        ev->target_device < t->num_devices) { /* a remote copy: it also counts on the receiver */
      r.target = (int16_t)(ev->target_device * cpd + ev->target_core);
      r.recv_key = machine_sem_identity_on(ev->recv_sem, ev->target_device, ev->target_core);
      if (other_device) break; /* over ICI; the HBM at either end is not the bottleneck */
    }
    /* An HBM-to-HBM copy reads and writes HBM: both cross its bus. */
    if (ev->src && in_hbm(ev->src) && in_hbm(ev->dst)) r.bytes *= 2;
    break;
  }
  case TSR_EV_DMA_WAIT_BEGIN:
    r.bytes = ev->bytes;
    r.key = machine_sem_identity(ev->sem, ev->core);
    break;
  case TSR_EV_SEM_SIGNAL:
    r.bytes = ev->amount;
    r.key = other_device ? machine_sem_identity_on(ev->sem, ev->target_device, ev->target_core)
                         : machine_sem_identity(ev->sem, ev->target_core >= 0 ? ev->target_core : ev->core);
    if (other_device) r.target = (int16_t)(ev->target_device * cpd + ev->target_core);
    break;
  case TSR_EV_SEM_WAIT:
    r.bytes = ev->amount;
    r.key = machine_sem_identity(ev->sem, ev->core);
    break;
  case TSR_EV_BODY_END:
    r.seconds = tsr_timing_body_seconds(&t->chip, ev->cost);
    if (ev->cost) {
      r.flops = ev->cost->flops;
      r.mxu_seconds = tm_mxu_peak_seconds(&t->chip, ev->cost);
    }
    break;
  case TSR_EV_ALLOC: case TSR_EV_FREE:
    r.bytes = ev->amount;
    break;
  default: break;
  }
  *rec = r;
  *model_core = core;
  return true;
}

void tm_take(tsr_timing *t, int core, const tsr_event *ev, tm_log_rec *r) {
  tm_core_sim *cs = &t->cores[core];
  if (ev->kind == TSR_EV_KERNEL_BEGIN) {
    if (ev->name != cs->last_name || cs->last_name_id < 0) {
      cs->last_name = ev->name;
      cs->last_name_id = tm_intern(t, ev->name ? ev->name : "kernel");
    }
    r->name = cs->last_name_id;
  }
  if (core >= t->num_cores) t->num_cores = core + 1;
  cs->seen = true;
  if (!tm_push(&cs->q, r)) t->nomem = true;
}

static void on_event(void *user, const tsr_event *ev) {
  tsr_timing *t = user;
  tm_log_rec r;
  int core;
  if (!tm_rec_of(t, ev, &r, &core)) return;
  pthread_mutex_lock(&t->lock);
  if (t->tape) { /* held: on the tape, for the replay of every process's events together */
    machine_tape_record(t->tape, NULL, ev, NULL);
  } else {
    tm_take(t, core, ev, &r);
    tm_advance(t, false);
  }
  pthread_mutex_unlock(&t->lock);
}

tsr_observer tsr_timing_observer(tsr_timing *t) {
  return (tsr_observer){.user = t, .on_event = on_event, .schedule_only = true, .ignored_kinds = ignored_kinds};
}

tsr_status tsr_timing_attach(tsr_timing *t, tsr_machine *m) {
  int n = tsr_machine_num_cores(m), devices = tsr_machine_num_devices(m);
  if (devices < 1) devices = 1;
  if (n * devices > TM_MAX_CORES)
    return tsr_fail(TSR_ERR_INVALID, "timing model: at most %d cores (%d device(s) of %d)", TM_MAX_CORES, devices, n);
  int64_t shape[TSR_MAX_MESH_RANK] = {0};
  int rank = tsr_machine_mesh_shape(m, shape);
  tm_ici_model probe = {0};
  tsr_status st = tm_ici_init(&probe, &t->chip, devices, rank, shape);
  tm_ici_free(&probe);
  if (st != TSR_OK) return st;
  pthread_mutex_lock(&t->lock);
  if ((devices > 1 || t->num_devices > 1) && (devices != t->num_devices || n != t->cores_per_device)) {
    /* the cores are renumbered: what was simulated before is forgotten */
    free_state(t);
    t->num_devices = devices;
    t->cores_per_device = n;
    t->mesh_rank = 0;
    for (int i = 0; i < rank && i < TSR_MAX_MESH_RANK; i++)
      if (shape[i] > 1 && t->mesh_rank < 3) t->mesh_shape[t->mesh_rank++] = shape[i];
    clear_state(t);
    t->num_cores = n * devices;
  } else if (n > t->num_cores) {
    t->num_cores = n;
  }
  pthread_mutex_unlock(&t->lock);
  tsr_observer o = tsr_timing_observer(t);
  return tsr_machine_add_observer(m, &o);
}

/* ---- the replay loop ----------------------------------------------------------------- */

/* The earliest time at which a core with nothing logged could still act: a core between
 * kernels starts its next one no earlier than the last kernel's end. */
static double starving_clock(const tsr_timing *t, const tm_core_sim *cs) {
  if (cs->in_kernel) return cs->clock;
  return cs->clock > t->last_kernel_end ? cs->clock : t->last_kernel_end;
}

void tm_advance(tsr_timing *t, bool flush) {
  for (;;) {
    /* Records go in the order of (clock, core): the order a replay of the whole log takes,
     * whenever each core's records arrived (the output is the same run after run, and the
     * same when the log of other MPI processes joins at the end: merge.c). */
    int best = -1, limit_core = -1;
    double t_best = TM_INF, t_limit = TM_INF;
    for (int c = 0; c < t->num_cores; c++) {
      tm_core_sim *cs = &t->cores[c];
      if (cs->state != TM_CS_RUN) continue;
      if (cs->q.len == 0) {
        if (!flush) {
          double s = starving_clock(t, cs);
          if (s < t_limit) { t_limit = s; limit_core = c; }
        }
        continue;
      }
      if (cs->clock < t_best) { best = c; t_best = cs->clock; }
    }
    int hbm_dev = 0;
    double t_hbm = TM_INF;
    for (int d = 0; d < t->num_devices; d++) {
      double h = tm_hbm_next(&t->hbm[d]);
      if (h < t_hbm) { t_hbm = h; hbm_dev = d; }
    }
    double t_ici = tm_ici_next(&t->ici);
    double next = t_best < t_hbm ? t_best : t_hbm;
    if (t_ici < next) next = t_ici;
    if (next >= TM_INF) {
      if (!flush) return;
      /* Only blocked cores are left with events: their waits can never be met in the model
       * (e.g. signals from outside it). Let them go, so that what remains is accounted. */
      bool any = false;
      for (int c = 0; c < t->num_cores; c++)
        if (t->cores[c].state != TM_CS_RUN && t->cores[c].q.len) any = true;
      if (!any) return;
      tm_unblock_stuck(t);
      continue;
    }
    if (t_limit < next) return;
    /* a core with nothing logged yet could still log a record of this time that goes first */
    if (t_limit == next && next == t_best && t_ici > t_best && t_hbm > t_best && limit_core < best) return;
    if (t_ici <= t_best && t_ici <= t_hbm) {
      tm_sim_dma *d = tm_ici_step(&t->ici);
      if (d) tm_dma_landed(t, d);
      continue;
    }
    if (t_hbm <= t_best) {
      tm_sim_dma *d = tm_hbm_step(&t->hbm[hbm_dev]);
      if (d) tm_dma_landed(t, d);
      continue;
    }
    tm_core_sim *cs = &t->cores[best];
    tm_log_rec r = cs->q.a[cs->q.head];
    cs->q.head = (cs->q.head + 1) % cs->q.cap;
    cs->q.len--;
    tm_process_record(t, best, &r);
  }
}
