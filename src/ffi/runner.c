/* The machines that run kernel calls from JAX. A machine runs one call at a time, and XLA may
 * call from several threads, so idle machines wait in a pool, one per set of options at the
 * least (a call takes one of its options or makes one, and gives it back); a machine keeps
 * its threads and the memory of its VMEM buffers from call to call, which spares each call
 * their start. A timing session (tessera.jax.timing) has machines of its own, on its chip,
 * each observed by the session's one timing model: the session runs one call at a time, so
 * that the model sees the calls one after another as `tessera run` would (the calls of the
 * devices of one shard_map launch are one call, on a machine of that many devices). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "ffi/ffi.h"
#include "tessera/sim.h"

#define MAX_IDLE 4 /* machines kept for later calls (each may keep VMEM-sized memory) */

typedef struct runner {
  tsr_ffi_options opts;
  tsr_sim *sim;         /* the machine and its checkers (and the session's timing model) */
  struct runner *next;
} runner;

struct tsr_ffi_session {
  int refs;             /* the owner's, and one per call running on it (under session_lock) */
  pthread_cond_t calls_done; /* refs came down to the owner's */
  pthread_mutex_t lock; /* one call at a time */
  char *chip;           /* the session's chip, whatever the calls' options name */
  tsr_timing *t;
  tsr_timing_only timing_only;
  int64_t calls, timing_only_calls; /* under lock */
  runner *runners;
};

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static runner *idle;
static int n_idle;
static pthread_mutex_t session_lock = PTHREAD_MUTEX_INITIALIZER;
static tsr_ffi_session *active;

static tsr_ffi_session *session_enter(void);
static void session_leave(tsr_ffi_session *s);
static tsr_status session_runner(tsr_ffi_session *s, const tsr_ffi_options *o, runner **out);

static bool same_options(const tsr_ffi_options *a, const tsr_ffi_options *b) {
  return !strcmp(a->chip, b->chip) && a->dma_mode == b->dma_mode && a->seed == b->seed && a->check == b->check &&
         a->poison == b->poison && a->zero_copy == b->zero_copy && a->host_helpers == b->host_helpers &&
         a->max_ops == b->max_ops && a->devices == b->devices && a->mesh_rank == b->mesh_rank &&
         !memcmp(a->mesh_shape, b->mesh_shape, sizeof a->mesh_shape);
}

static void runner_destroy(runner *r) {
  if (!r) return;
  tsr_sim_destroy(r->sim);
  free(r);
}

unsigned tsr_ffi_checks(bool check, bool poison) {
  return (check ? TSR_CHECK_DEFAULT : 0) | (poison ? TSR_CHECK_POISON : 0);
}

/* A machine for `o` on `chip` (NULL: o->chip), with the checkers `o` asks for and, when
 * given, observed by a session's timing model. */
static tsr_status runner_create(const tsr_ffi_options *o, const char *chip, tsr_timing *t, tsr_timing_only timing_only,
                                runner **out) {
  *out = NULL;
  runner *r = calloc(1, sizeof *r);
  if (!r) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  r->opts = *o;
  tsr_sim_options so = {.chip = chip ? chip : o->chip,
                        .machine = {.dma_mode = o->dma_mode, .seed = o->seed, .zero_copy = o->zero_copy,
                                    .host_helpers = o->host_helpers, .max_kernel_ops = o->max_ops,
                                    .timing_only = timing_only, .num_devices = o->devices, .mesh_rank = o->mesh_rank},
                        .checks = tsr_ffi_checks(o->check, o->poison),
                        .shared_timing = t};
  memcpy(so.machine.mesh_shape, o->mesh_shape, sizeof so.machine.mesh_shape);
  tsr_status s = tsr_sim_create(&so, &r->sim);
  if (s != TSR_OK) {
    free(r);
    return s;
  }
  *out = r;
  return TSR_OK;
}

static tsr_status runner_take(const tsr_ffi_options *o, runner **out) {
  pthread_mutex_lock(&pool_lock);
  runner **p = &idle;
  while (*p && !same_options(&(*p)->opts, o)) p = &(*p)->next;
  runner *r = *p;
  if (r) {
    *p = r->next;
    n_idle--;
  }
  pthread_mutex_unlock(&pool_lock);
  if (r) {
    *out = r;
    return TSR_OK;
  }
  return runner_create(o, NULL, NULL, TSR_COMPUTE, out);
}

static void runner_give(runner *r) {
  pthread_mutex_lock(&pool_lock);
  r->next = idle;
  idle = r;
  runner *drop = NULL;
  if (++n_idle > MAX_IDLE) { /* the least recently used goes */
    runner **p = &idle;
    while ((*p)->next) p = &(*p)->next;
    drop = *p;
    *p = NULL;
    n_idle--;
  }
  pthread_mutex_unlock(&pool_lock);
  runner_destroy(drop);
}

/* What the checkers found in the run just made, then the poison scan of its results. */
static tsr_status after_run(runner *r, const tsr_ffi_call *c, bool timing_only, const char *device, bool checkers) {
  if (checkers) TSR_TRY(tsr_sim_findings(r->sim));
  for (int i = 0; c->opts.poison && !timing_only && i < c->num_results; i++) {
    char name[48];
    snprintf(name, sizeof name, "%soutput %d", device, i);
    TSR_TRY(tsr_check_poison(&c->results[i], name));
  }
  return TSR_OK;
}

/* The call itself, on `r`: the run, then what the checkers found, then the poison scan. */
static tsr_status run_on(runner *r, tsr_hlo_kernel *k, const tsr_ffi_call *c, tsr_call_stats *stats) {
  tsr_sim_reset_findings(r->sim);
  TSR_TRY(tsr_hlo_kernel_run(k, tsr_sim_machine(r->sim), c->operands, c->num_operands, c->results, c->num_results, stats));
  return after_run(r, c, stats && stats->timing_only, "", true);
}

/* Every device's call at once on r, a machine of n devices. */
static tsr_status run_devices_on(runner *r, tsr_hlo_kernel *k, const tsr_ffi_call *const *calls, int n, tsr_call_stats *stats) {
  const tsr_ref **ops = calloc((size_t)n, sizeof *ops), **res = calloc((size_t)n, sizeof *res);
  tsr_status s = ops && res ? TSR_OK : tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  for (int d = 0; s == TSR_OK && d < n; d++) {
    ops[d] = calls[d]->operands;
    res[d] = calls[d]->results;
    if (calls[d]->num_operands != calls[0]->num_operands || calls[d]->num_results != calls[0]->num_results)
      s = tsr_fail(TSR_ERR_INVALID, "device %d's call has %d operands and %d results, device 0's %d and %d", d,
                   calls[d]->num_operands, calls[d]->num_results, calls[0]->num_operands, calls[0]->num_results);
  }
  if (s == TSR_OK) tsr_sim_reset_findings(r->sim);
  if (s == TSR_OK) s = tsr_hlo_kernel_run_devices(k, tsr_sim_machine(r->sim), ops, calls[0]->num_operands, res, calls[0]->num_results, stats);
  for (int d = 0; s == TSR_OK && d < n; d++) {
    char device[24];
    snprintf(device, sizeof device, "device %d ", d);
    s = after_run(r, calls[d], stats[0].timing_only, device, d == 0); /* the checkers saw every device at once */
  }
  free(ops);
  free(res);
  return s;
}

tsr_status ffi_run_devices(tsr_hlo_kernel *k, const tsr_ffi_call *const *calls, int n) {
  tsr_call_stats *stats = calloc((size_t)n, sizeof *stats);
  if (!stats) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  tsr_ffi_session *ses = session_enter();
  tsr_status s;
  runner *r = NULL;
  if (ses) { /* the session's machine of n devices, observed by its timing model */
    pthread_mutex_lock(&ses->lock);
    s = session_runner(ses, &calls[0]->opts, &r);
    if (s == TSR_OK) s = run_devices_on(r, k, calls, n, stats);
    if (s == TSR_OK) {
      ses->calls++;
      ses->timing_only_calls += stats[0].timing_only;
    }
    pthread_mutex_unlock(&ses->lock);
    session_leave(ses);
  } else {
    s = runner_take(&calls[0]->opts, &r);
    if (s == TSR_OK) {
      s = run_devices_on(r, k, calls, n, stats);
      runner_give(r);
    }
  }
  free(stats);
  return s;
}

static tsr_ffi_session *session_enter(void) {
  pthread_mutex_lock(&session_lock);
  tsr_ffi_session *s = active;
  if (s) s->refs++;
  pthread_mutex_unlock(&session_lock);
  return s;
}

static void session_leave(tsr_ffi_session *s) {
  pthread_mutex_lock(&session_lock);
  bool last = --s->refs == 0;
  if (s->refs == 1) pthread_cond_broadcast(&s->calls_done);
  pthread_mutex_unlock(&session_lock);
  if (!last) return;
  for (runner *r = s->runners, *next; r; r = next) {
    next = r->next;
    runner_destroy(r);
  }
  tsr_timing_destroy(s->t);
  free(s->chip);
  pthread_mutex_destroy(&s->lock);
  pthread_cond_destroy(&s->calls_done);
  free(s);
}

/* The session's machine for these options (made on first use): on the session's chip,
 * whatever the options name. Under the session's lock. */
static tsr_status session_runner(tsr_ffi_session *s, const tsr_ffi_options *o, runner **out) {
  runner *r = s->runners;
  while (r && !(same_options(&r->opts, o))) r = r->next;
  tsr_status st = TSR_OK;
  if (!r && (st = runner_create(o, s->chip, s->t, s->timing_only, &r)) == TSR_OK) {
    r->next = s->runners;
    s->runners = r;
  }
  *out = r;
  return st;
}

static tsr_status run_in_session(tsr_ffi_session *s, tsr_hlo_kernel *k, const tsr_ffi_call *c) {
  pthread_mutex_lock(&s->lock);
  runner *r;
  tsr_status st = session_runner(s, &c->opts, &r);
  tsr_call_stats cs = {0};
  if (st == TSR_OK) st = run_on(r, k, c, &cs);
  if (st == TSR_OK) {
    s->calls++;
    s->timing_only_calls += cs.timing_only;
  }
  pthread_mutex_unlock(&s->lock);
  return st;
}

tsr_status tsr_ffi_run(const tsr_ffi_call *c) {
  ffi_kernel *e;
  tsr_status s = ffi_kernel_get(c->payload, c->payload_len, c->name, c->name_len, c->aliases, c->num_aliases, c->num_results, &e);
  if (s != TSR_OK) return tsr_fail_context(s, "kernel '%.*s'", (int)c->name_len, c->name ? c->name : "");
  tsr_hlo_kernel *k = ffi_kernel_hlo(e);
  tsr_ffi_session *ses = c->opts.devices > 1 ? NULL : session_enter();
  if (c->opts.devices > 1) {
    s = ffi_rendezvous(e, c);
  } else if (ses) {
    s = run_in_session(ses, k, c);
    session_leave(ses);
  } else {
    runner *r;
    s = runner_take(&c->opts, &r);
    if (s == TSR_OK) {
      s = run_on(r, k, c, NULL);
      runner_give(r);
    }
  }
  if (s != TSR_OK) {
    /* name the kernel, unless the message starts by naming it (tsr_hlo_kernel_run's do) */
    char named[160];
    snprintf(named, sizeof named, "kernel '%s'", tsr_hlo_kernel_name(k));
    if (strncmp(tsr_last_error(), named, strlen(named))) tsr_fail_context(s, "%s", named);
  }
  ffi_kernel_put(e);
  return s;
}

tsr_status tsr_ffi_session_open(const char *chip, bool trace, tsr_timing_only timing_only, tsr_ffi_session **out) {
  *out = NULL;
  if (timing_only < TSR_COMPUTE || timing_only > TSR_TIMING_ONLY_STRICT)
    return tsr_fail(TSR_ERR_INVALID, "timing_only is %d (0 compute, 1 timing-only, 2 strict)", (int)timing_only);
  tsr_ffi_session *s = calloc(1, sizeof *s);
  if (!s) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  s->timing_only = timing_only;
  /* the model on the chip that the session's machines are made on (by this name: each
   * machine's tsr_sim_create loads it again) */
  tsr_chip c;
  s->chip = strdup(chip && *chip ? chip : "v5e");
  tsr_status st = s->chip ? tsr_chip_load(s->chip, &c) : tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  tsr_timing_options to = {.trace = trace};
  if (st == TSR_OK) st = tsr_timing_create(&c, &to, &s->t);
  if (st != TSR_OK) {
    free(s->chip);
    free(s);
    return st;
  }
  pthread_mutex_init(&s->lock, NULL);
  pthread_cond_init(&s->calls_done, NULL);
  s->refs = 1;
  pthread_mutex_lock(&session_lock);
  if (active) st = tsr_fail(TSR_ERR_INVALID, "a timing session is open already (one at a time)");
  else active = s;
  pthread_mutex_unlock(&session_lock);
  if (st != TSR_OK) {
    session_leave(s);
    return st;
  }
  *out = s;
  return TSR_OK;
}

void tsr_ffi_session_close(tsr_ffi_session *s) {
  if (!s) return;
  pthread_mutex_lock(&session_lock);
  if (active == s) active = NULL;
  while (s->refs > 1) pthread_cond_wait(&s->calls_done, &session_lock); /* calls that began before */
  pthread_mutex_unlock(&session_lock);
}

tsr_timing *tsr_ffi_session_timing(tsr_ffi_session *s) { return s->t; }

void tsr_ffi_session_calls(tsr_ffi_session *s, int64_t *calls, int64_t *timing_only_calls) {
  pthread_mutex_lock(&s->lock);
  *calls = s->calls;
  *timing_only_calls = s->timing_only_calls;
  pthread_mutex_unlock(&s->lock);
}

void tsr_ffi_session_destroy(tsr_ffi_session *s) {
  if (!s) return;
  tsr_ffi_session_close(s);
  session_leave(s);
}

void tsr_ffi_release(void) {
  pthread_mutex_lock(&pool_lock);
  runner *r = idle;
  idle = NULL;
  n_idle = 0;
  pthread_mutex_unlock(&pool_lock);
  while (r) {
    runner *next = r->next;
    runner_destroy(r);
    r = next;
  }
  ffi_cache_release();
}
