/* Host helpers: threads on the host CPUs that no simulated core uses, lent to whichever core
 * asks, for the parts of one big operation (a matmul block split by rows). A machine that
 * models one TensorCore on a two-CPU host would otherwise leave half the host idle.
 *
 * Parts are claimed from a counter, by the asking core's thread as well as by the helpers, so
 * the caller never waits for a helper to wake up: a sleeping helper that arrives late finds
 * nothing left. Helpers spin a while after each job (a blocking wake-up costs more than a
 * small block: bench/RESULTS.md, "The host") and then sleep. One core uses the helpers at a
 * time; another core that asks meanwhile runs its parts itself.
 *
 * A helper keeps off the CPU of the thread that posts the job. The machines of the JAX
 * package live across calls made by whichever XLA thread runs the kernel, on either CPU; a
 * helper pinned off its creator's CPU alone shared the poster's CPU whenever XLA's thread ran
 * on the other one, and the split grid then ran at one CPU's speed or worse. */
#define _GNU_SOURCE /* sched_getcpu, CPU_SET, pthread_attr_setaffinity_np */
#include "machine/affinity.h"
#include "machine/machine_internal.h"

#include <sched.h>

#include <stdlib.h>

typedef struct helper_job {
  void (*fn)(void *arg, int part);
  void *arg;
  int parts;
  int poster_cpu; /* the CPU the posting thread runs on (-1: unknown) */
  int next;     /* atomic: the next unclaimed part */
  int finished; /* atomic: parts done */
} helper_job;

struct machine_helper_pool {
  int n;
  pthread_t *threads;
  pthread_mutex_t lock;
  pthread_cond_t wake;
  helper_job *job;     /* atomic: the posted job, NULL between jobs */
  uint64_t generation; /* atomic: bumped per posted job */
  int inside;          /* atomic: helpers that may be looking at `job` */
  int sleepers;        /* atomic: helpers blocked on `wake` */
  int busy;            /* atomic: a core owns the helpers */
  int quit;            /* atomic */
  machine_host_affinity cpus;  /* the CPUs the creator may run on (helpers pick theirs among them) */
  int created_on;      /* the creator's CPU (-1: unknown), which the helpers start off */
};

static void run_parts(helper_job *j) {
  for (;;) {
    int p = __atomic_fetch_add(&j->next, 1, __ATOMIC_SEQ_CST);
    if (p >= j->parts) return;
    j->fn(j->arg, p);
    __atomic_add_fetch(&j->finished, 1, __ATOMIC_RELEASE);
  }
}

static void *helper_main(void *arg) {
  machine_helper_pool *h = arg;
  uint64_t seen = 0;
  int off = h->created_on; /* the CPU this helper is kept off now */
  for (;;) {
    uint64_t gen = machine_wait_generation(&h->generation, &h->quit, seen, &h->lock, &h->wake, &h->sleepers);
    if (__atomic_load_n(&h->quit, __ATOMIC_SEQ_CST)) return NULL;
    seen = gen;
    /* announce before looking, so the poster does not retire the job under our feet */
    __atomic_add_fetch(&h->inside, 1, __ATOMIC_SEQ_CST);
    helper_job *j = __atomic_load_n(&h->job, __ATOMIC_SEQ_CST);
    if (j) {
      /* a syscall only when the posting thread has moved to another CPU */
      if (j->poster_cpu >= 0 && j->poster_cpu != off) {
        machine_affinity_keep_off(&h->cpus, j->poster_cpu);
        off = j->poster_cpu;
      }
      run_parts(j);
    }
    __atomic_sub_fetch(&h->inside, 1, __ATOMIC_SEQ_CST);
  }
}

static void helpers_destroy(machine_helper_pool *h) {
  pthread_mutex_lock(&h->lock);
  __atomic_store_n(&h->quit, 1, __ATOMIC_SEQ_CST);
  pthread_cond_broadcast(&h->wake);
  pthread_mutex_unlock(&h->lock);
  for (int i = 0; i < h->n; i++) pthread_join(h->threads[i], NULL);
  pthread_mutex_destroy(&h->lock);
  pthread_cond_destroy(&h->wake);
  free(h->threads);
  free(h);
}

/* Helpers start off the CPU the asking core runs on. Left to the scheduler, a new thread
 * often shares its creator's CPU for many milliseconds, and a helper spinning there takes the
 * time slices of the very core it should help (bench/RESULTS.md,
 * "Measurements behind choices in the code"). */
static void keep_off_this_cpu(machine_helper_pool *h, pthread_attr_t *attr) {
  h->created_on = -1;
  machine_affinity_init(&h->cpus);
  int here = sched_getcpu();
  cpu_set_t set;
  if (machine_affinity_all_but(&h->cpus, here, &set) && pthread_attr_setaffinity_np(attr, sizeof set, &set) == 0) h->created_on = here;
}

static machine_helper_pool *helpers_create(int n) {
  machine_helper_pool *h = calloc(1, sizeof *h);
  if (!h) return NULL;
  h->threads = calloc((size_t)n, sizeof *h->threads);
  if (!h->threads) { free(h); return NULL; }
  pthread_mutex_init(&h->lock, NULL);
  pthread_cond_init(&h->wake, NULL);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  keep_off_this_cpu(h, &attr);
  for (int i = 0; i < n; i++) {
    if (pthread_create(&h->threads[i], &attr, helper_main, h) != 0) break;
    h->n = i + 1;
  }
  pthread_attr_destroy(&attr);
  if (h->n == 0) { helpers_destroy(h); return NULL; }
  return h;
}

/* The helpers start with the first operation that asks for them: most runs never do. */
static machine_helper_pool *machine_helpers(tsr_machine *m) {
  machine_helper_pool *h = __atomic_load_n(&m->helpers, __ATOMIC_ACQUIRE);
  if (h || m->num_helpers <= 0) return h;
  pthread_mutex_lock(&m->helpers_lock);
  h = m->helpers;
  if (!h) {
    h = helpers_create(m->num_helpers);
    if (!h) m->num_helpers = 0; /* no threads to be had: every part runs on its core */
    __atomic_store_n(&m->helpers, h, __ATOMIC_RELEASE);
  }
  pthread_mutex_unlock(&m->helpers_lock);
  return h;
}

void machine_parallel_for(tsr_machine *m, int parts, void (*fn)(void *arg, int part), void *arg) {
  machine_helper_pool *h = parts > 1 ? machine_helpers(m) : NULL;
  int expect = 0;
  if (!h || !__atomic_compare_exchange_n(&h->busy, &expect, 1, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
    for (int p = 0; p < parts; p++) fn(arg, p);
    return;
  }
  helper_job j = {.fn = fn, .arg = arg, .parts = parts, .poster_cpu = sched_getcpu()};
  __atomic_store_n(&h->job, &j, __ATOMIC_SEQ_CST);
  __atomic_add_fetch(&h->generation, 1, __ATOMIC_SEQ_CST);
  if (__atomic_load_n(&h->sleepers, __ATOMIC_SEQ_CST)) {
    pthread_mutex_lock(&h->lock);
    pthread_cond_broadcast(&h->wake);
    pthread_mutex_unlock(&h->lock);
  }
  run_parts(&j);
  while (__atomic_load_n(&j.finished, __ATOMIC_ACQUIRE) < parts) machine_cpu_relax();
  __atomic_store_n(&h->job, NULL, __ATOMIC_SEQ_CST);
  while (__atomic_load_n(&h->inside, __ATOMIC_SEQ_CST)) machine_cpu_relax();
  __atomic_store_n(&h->busy, 0, __ATOMIC_SEQ_CST);
}

bool machine_helpers_free(const tsr_machine *m) {
  if (m->num_helpers <= 0) return false;
  const machine_helper_pool *h = __atomic_load_n(&m->helpers, __ATOMIC_ACQUIRE);
  return !h || !__atomic_load_n(&h->busy, __ATOMIC_RELAXED); /* none yet: the first asker starts them */
}

void machine_helpers_destroy(tsr_machine *m) {
  if (m->helpers) helpers_destroy(m->helpers);
  m->helpers = NULL;
}
