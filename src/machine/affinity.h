/* Keeping a pool's threads off the CPU of the thread that posts their jobs (affinity.c).
 * Include with _GNU_SOURCE defined before any system header (cpu_set_t). */
#ifndef TSR_MACHINE_AFFINITY_H
#define TSR_MACHINE_AFFINITY_H

#include <sched.h>
#include <stdbool.h>

typedef struct machine_host_affinity {
  cpu_set_t allowed; /* the CPUs the pool's creator may run on (empty: nothing is pinned) */
} machine_host_affinity;

/* The creator's CPUs, or the process's (its first thread's) when the creator is pinned to one. */
void machine_affinity_init(machine_host_affinity *a);
/* Every allowed CPU but `cpu`, into *set; false when `cpu` is not among them or is the only
 * one (then nothing is pinned). */
bool machine_affinity_all_but(const machine_host_affinity *a, int cpu, cpu_set_t *set);
/* Pins the calling thread to every allowed CPU but `cpu`: the kernel moves it off at once. */
void machine_affinity_keep_off(const machine_host_affinity *a, int cpu);

#endif
