/* One host thread per simulated core, created once per machine. A blocking wake-up costs more
 * than a whole small block on the target hosts (bench/RESULTS.md, "The host"), so workers spin
 * between jobs for a while before they sleep.
 *
 * A worker keeps off the CPU of the thread that posts the job (core 0's, affinity.c). Left to
 * the scheduler, on a busy host a worker can sit on core 0's CPU for a whole process, and the
 * two cores then take turns on one CPU (bench/RESULTS.md, "Measurements behind choices in the
 * code"). A run of many devices pins nothing: its devices' threads outnumber the CPUs and are
 * left to the scheduler.
 *
 * Pinned, a worker can still be late: its CPU busy with another process, or the worker asleep.
 * So a core's share is claimed by whichever thread comes first: core 0's thread, done with its
 * own share, runs the shares no worker has started (as helpers' parts are claimed,
 * helpers.c). That is one order the cores could have run in anyway: core 0 finished without
 * them, so nothing it waited for came from them, and what they wait for from core 0 has
 * happened. A run of many devices claims nothing (its barriers count each device's threads). */
#define _GNU_SOURCE /* sched_getcpu */
#include "machine/affinity.h"
#include "machine/machine_internal.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SPIN_NS 200000 /* spin this long after a job before blocking */

typedef struct worker {
  machine_worker_pool *pool;
  int core;
  pthread_t thread;
  uint64_t claim; /* atomic: the generation of the last job whose share a thread took */
  tsr_status status;
  char message[1024];
} worker;

struct machine_worker_pool {
  tsr_machine *m;
  int n;
  worker *w;
  pthread_mutex_t lock;
  pthread_cond_t wake;
  uint64_t generation; /* atomic: bumped per job */
  int done;            /* atomic: workers finished with the current job */
  int quit;            /* atomic */
  tsr_status (*fn)(machine_core *, void *);
  void *arg;
  int poster_cpu;      /* atomic: the CPU of the thread that posted the job (-1: pin nothing) */
  machine_host_affinity cpus;  /* the CPUs the workers may be pinned to */
};

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

uint64_t machine_wait_generation(const uint64_t *generation, const int *quit, uint64_t seen,
                                 pthread_mutex_t *lock, pthread_cond_t *wake, int *sleepers) {
  uint64_t t0 = now_ns();
  for (unsigned spins = 0;; spins++) {
    uint64_t gen = __atomic_load_n(generation, __ATOMIC_SEQ_CST);
    if (gen != seen || __atomic_load_n(quit, __ATOMIC_SEQ_CST)) return gen;
    machine_cpu_relax();
    if ((spins & 255) != 255 || now_ns() - t0 <= SPIN_NS) continue;
    pthread_mutex_lock(lock);
    /* with sleepers: Dekker with a poster that bumps generation, then reads sleepers */
    if (sleepers) __atomic_add_fetch(sleepers, 1, __ATOMIC_SEQ_CST);
    while (__atomic_load_n(generation, __ATOMIC_SEQ_CST) == seen && !__atomic_load_n(quit, __ATOMIC_SEQ_CST))
      pthread_cond_wait(wake, lock);
    if (sleepers) __atomic_sub_fetch(sleepers, 1, __ATOMIC_SEQ_CST);
    pthread_mutex_unlock(lock);
    t0 = now_ns();
  }
}

/* Runs one core's share and tells the others when it is done or failed, so that their waits
 * can tell a deadlock from a slow peer. */
static tsr_status run_core(tsr_machine *m, tsr_status (*fn)(machine_core *, void *), machine_core *c,
                           void *arg) {
  tsr_status s = fn(c, arg);
  /* Many devices: a failed device's peers find out by deadlock detection, whose report
   * names what each waits for, rather than stopping at once with nothing to say. */
  if (s != TSR_OK && !m->sync->mesh_run) __atomic_store_n(&m->sync->abort_run, 1, __ATOMIC_RELEASE);
  machine_core_leave(c);
  return s;
}

/* Takes worker w's share of job `gen` for the calling thread; false when a thread took it. */
static bool take_share(worker *w, uint64_t gen) {
  uint64_t old = __atomic_load_n(&w->claim, __ATOMIC_ACQUIRE);
  while (old < gen)
    if (__atomic_compare_exchange_n(&w->claim, &old, gen, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) return true;
  return false;
}

/* Runs worker w's share of the current job on the calling thread. */
static void run_share(machine_worker_pool *pool, worker *w) {
  tsr_clear_error();
  w->status = run_core(pool->m, pool->fn, &pool->m->cores[w->core], pool->arg);
  if (w->status != TSR_OK) snprintf(w->message, sizeof w->message, "%s", tsr_last_error());
  __atomic_add_fetch(&pool->done, 1, __ATOMIC_ACQ_REL);
}

static void *worker_main(void *p) {
  worker *w = p;
  machine_worker_pool *pool = w->pool;
  uint64_t seen = 0;
  int off = -1; /* the CPU this worker is kept off now */
  for (;;) {
    uint64_t gen = machine_wait_generation(&pool->generation, &pool->quit, seen, &pool->lock, &pool->wake, NULL);
    if (__atomic_load_n(&pool->quit, __ATOMIC_ACQUIRE)) return NULL;
    seen = gen;
    int poster = __atomic_load_n(&pool->poster_cpu, __ATOMIC_RELAXED);
    if (poster >= 0 && poster != off) { /* a syscall only when the poster moved */
      machine_affinity_keep_off(&pool->cpus, poster);
      off = poster;
    }
    if (take_share(w, gen)) run_share(pool, w);
  }
}

machine_worker_pool *machine_worker_pool_create(tsr_machine *m, int workers) {
  machine_worker_pool *p = calloc(1, sizeof *p);
  if (!p) return NULL;
  p->m = m;
  machine_affinity_init(&p->cpus);
  p->w = calloc((size_t)workers, sizeof *p->w);
  if (!p->w) { free(p); return NULL; }
  pthread_mutex_init(&p->lock, NULL);
  pthread_cond_init(&p->wake, NULL);
  for (int i = 0; i < workers; i++) {
    p->w[i].pool = p;
    p->w[i].core = i + 1;
    if (pthread_create(&p->w[i].thread, NULL, worker_main, &p->w[i]) != 0) {
      p->n = i;
      machine_worker_pool_destroy(p);
      return NULL;
    }
  }
  p->n = workers;
  return p;
}

void machine_worker_pool_destroy(machine_worker_pool *p) {
  pthread_mutex_lock(&p->lock);
  __atomic_store_n(&p->quit, 1, __ATOMIC_RELEASE);
  pthread_cond_broadcast(&p->wake);
  pthread_mutex_unlock(&p->lock);
  for (int i = 0; i < p->n; i++) pthread_join(p->w[i].thread, NULL);
  pthread_mutex_destroy(&p->lock);
  pthread_cond_destroy(&p->wake);
  free(p->w);
  free(p);
}

void machine_core_leave(machine_core *c) {
  if (__atomic_exchange_n(&c->running, 0, __ATOMIC_ACQ_REL)) __atomic_sub_fetch(&c->m->sync->active_cores, 1, __ATOMIC_ACQ_REL);
}

tsr_status machine_run_cores(tsr_machine *m, tsr_status (*fn)(machine_core *c, void *arg), void *arg) {
  if (!m->sync->mesh_run) { /* a run of many devices counts every device's cores up front */
    __atomic_store_n(&m->sync->abort_run, 0, __ATOMIC_RELEASE);
    for (int i = 0; i < m->num_cores; i++) __atomic_store_n(&m->cores[i].running, 1, __ATOMIC_RELEASE);
    __atomic_store_n(&m->sync->active_cores, m->num_cores, __ATOMIC_RELEASE);
    __atomic_store_n(&m->sync->waiting_cores, 0, __ATOMIC_RELEASE);
    __atomic_store_n(&m->sync->all_blocked, 0, __ATOMIC_RELEASE);
    __atomic_store_n(&m->sync->deadlock, 0, __ATOMIC_RELEASE); /* the last run's verdict is not this one's */
  }
  machine_worker_pool *p = m->pool;
  uint64_t gen = 0;
  if (p) {
    p->fn = fn;
    p->arg = arg;
    __atomic_store_n(&p->poster_cpu, m->sync->mesh_run ? -1 : sched_getcpu(), __ATOMIC_RELAXED);
    __atomic_store_n(&p->done, 0, __ATOMIC_RELEASE);
    pthread_mutex_lock(&p->lock);
    gen = __atomic_add_fetch(&p->generation, 1, __ATOMIC_ACQ_REL);
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
  }
  tsr_status s0 = run_core(m, fn, &m->cores[0], arg);
  if (p) {
    /* the shares no worker has started yet (not after a failure: its message is core 0's) */
    for (int i = 0; s0 == TSR_OK && !m->sync->mesh_run && i < p->n; i++)
      if (take_share(&p->w[i], gen)) run_share(p, &p->w[i]);
    while (__atomic_load_n(&p->done, __ATOMIC_ACQUIRE) < p->n) sched_yield();
    if (s0 != TSR_OK) return s0;
    for (int i = 0; i < p->n; i++)
      if (p->w[i].status != TSR_OK)
        return tsr_fail(p->w[i].status, "core %d: %s", p->w[i].core, p->w[i].message);
  }
  return s0;
}
