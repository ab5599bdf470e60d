/* Keeping a thread off its poster's CPU (affinity.h).
 *
 * A pool thread (a core's worker, a host helper) spins between jobs. Left to the scheduler, it
 * often shares the CPU of the thread that posts its jobs for many milliseconds, and on a busy
 * host for good: the two then take turns on one CPU, each spinning through the other's slices,
 * while the other CPUs run other work. So each pool thread keeps off its poster's CPU, and
 * moves when the poster has (a syscall only then). */
#define _GNU_SOURCE /* sched_getaffinity, CPU_SET, pthread_setaffinity_np */
#include "machine/affinity.h"

#include <pthread.h>
#include <unistd.h>

void machine_affinity_init(machine_host_affinity *a) {
  if (sched_getaffinity(0, sizeof a->allowed, &a->allowed) != 0 ||
      (CPU_COUNT(&a->allowed) < 2 && sched_getaffinity(getpid(), sizeof a->allowed, &a->allowed) != 0))
    CPU_ZERO(&a->allowed);
}

bool machine_affinity_all_but(const machine_host_affinity *a, int cpu, cpu_set_t *set) {
  if (cpu < 0 || cpu >= CPU_SETSIZE || !CPU_ISSET(cpu, &a->allowed)) return false;
  *set = a->allowed;
  CPU_CLR(cpu, set);
  return CPU_COUNT(set) > 0;
}

void machine_affinity_keep_off(const machine_host_affinity *a, int cpu) {
  cpu_set_t set;
  if (machine_affinity_all_but(a, cpu, &set)) pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}
