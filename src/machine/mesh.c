/* Many chips: the devices of a mesh, each a machine of its own (cores, VMEM, SMEM, semaphores,
 * DMA engines, the HBM arrays of its calls), run at once and reaching each other's memory.
 * The first device's machine is the mesh's handle (the root) and holds the others; they share
 * its coordination (machine_sync), so that a wait on one device sees the others' progress
 * and a deadlock across devices is found as on one. */
#include "machine/mesh.h"

#include "machine/machine_internal.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

tsr_status machine_mesh_share_results(tsr_machine *m, const tsr_ref *const *results, int n) {
  machine_mesh_share *s = m->root->share;
  return s ? s->results(s, results, n) : TSR_OK;
}

tsr_status machine_mesh_create_devices(tsr_machine *root, const tsr_machine_options *o) {
  root->devices = calloc((size_t)root->num_devices, sizeof *root->devices);
  if (!root->devices) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  root->devices[0] = root;
  tsr_machine_options one = *o;
  one.chip = &root->chip;
  one.num_devices = 1;
  one.mesh_rank = 0;
  one.num_cores = root->num_cores;
  for (int d = 1; d < root->num_devices; d++) {
    one.seed = o->seed + (uint64_t)d; /* each device its own random DMA order */
    TSR_TRY(tsr_machine_create(&one, &root->devices[d]));
    tsr_machine *dm = root->devices[d];
    dm->device = d;
    dm->root = root;
    dm->sync = &root->own_sync;
    dm->num_devices = root->num_devices;
    dm->mesh_rank = root->mesh_rank;
    memcpy(dm->mesh_shape, root->mesh_shape, sizeof dm->mesh_shape);
  }
  return TSR_OK;
}

void machine_mesh_destroy_devices(tsr_machine *root) {
  if (!root->devices) return;
  for (int d = 1; d < root->num_devices; d++) tsr_machine_destroy(root->devices[d]);
  free(root->devices);
  root->devices = NULL;
}

/* ---- barriers ----------------------------------------------------------------------------- */

static void arrive(machine_core *c, int phase) {
  while (c->phase < phase) {
    c->phase++;
    __atomic_add_fetch(&c->m->sync->arrived[c->phase - 1], 1, __ATOMIC_ACQ_REL);
  }
}

void machine_mesh_barrier(machine_core *c, int phase) {
  machine_sync *s = c->m->sync;
  /* past it already: a kernel's end barrier comes after its last body (pallas_call.c) and is
   * asked for again on the way out */
  if (!s->mesh_run || c->index >= c->m->num_cores || c->phase >= phase) return;
  if (phase == 2) machine_core_leave(c); /* past its kernel, a core signals nobody */
  arrive(c, phase);
  for (unsigned spin = 0; __atomic_load_n(&s->arrived[phase - 1], __ATOMIC_ACQUIRE) < s->total_cores; spin++) {
    machine_cpu_relax();
    if (spin > 64) sched_yield(); /* more devices than host CPUs: let the others get there */
  }
  machine_mesh_transport *t = c->m->root->transport;
  if (t) t->barrier(t, c->m->root, phase); /* and every other process's cores */
}

/* ---- running every device ----------------------------------------------------------------- */

typedef struct device_job {
  tsr_machine *m;
  int device;
  tsr_status (*fn)(tsr_machine *, int, void *);
  void *arg;
  tsr_status status;
  char message[2048];
  pthread_t thread;
} device_job;

static void *device_main(void *p) {
  device_job *j = p;
  tsr_clear_error();
  j->status = j->fn(j->m, j->device, j->arg);
  if (j->status != TSR_OK) snprintf(j->message, sizeof j->message, "%s", tsr_last_error());
  /* cores that never ran (the call failed before it started them) pass both barriers now,
   * so that the other devices do not wait for them */
  for (int i = 0; i < j->m->num_cores; i++) {
    machine_core_leave(&j->m->cores[i]);
    arrive(&j->m->cores[i], 2);
  }
  return NULL;
}

tsr_status machine_run_devices(tsr_machine *root, tsr_status (*fn)(tsr_machine *dm, int device, void *arg), void *arg) {
  if (root->num_devices <= 1) return fn(root, 0, arg);
  int n = root->num_devices;
  machine_sync *s = root->sync;
  machine_mesh_transport *t = root->transport;
  device_job *jobs = calloc((size_t)n, sizeof *jobs);
  if (!jobs) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  int total = 0, first = -1; /* the first device here runs on the caller's thread */
  for (int d = 0; d < n; d++) {
    tsr_machine *dm = root->devices[d];
    jobs[d] = (device_job){.m = dm, .device = d, .fn = fn, .arg = arg};
    if (t && !t->is_local(t, d)) continue; /* another process runs it */
    if (first < 0) first = d;
    for (int i = 0; i < dm->num_cores; i++) {
      dm->cores[i].phase = 0;
      dm->cores[i].running = 1;
    }
    total += dm->num_cores;
  }
  s->abort_run = 0;
  s->waiting_cores = 0;
  s->all_blocked = s->deadlock = 0; /* progress goes on from the last run: its verdict is not this one's */
  s->arrived[0] = s->arrived[1] = 0;
  s->total_cores = total;
  __atomic_store_n(&s->active_cores, total, __ATOMIC_RELEASE);
  __atomic_store_n(&s->mesh_run, 1, __ATOMIC_RELEASE);
  int started = first + 1;
  tsr_status st = TSR_OK;
  for (; first >= 0 && started < n; started++) {
    if (t && !t->is_local(t, started)) continue;
    if (pthread_create(&jobs[started].thread, NULL, device_main, &jobs[started]) != 0) break;
  }
  if (first >= 0 && started < n) { /* the devices not started count as failed before they began */
    st = tsr_fail(TSR_ERR_NOMEM, "cannot start the thread of device %d", started);
    for (int d = started; d < n; d++) {
      if (t && !t->is_local(t, d)) continue;
      jobs[d].status = st;
      snprintf(jobs[d].message, sizeof jobs[d].message, "cannot start its thread");
      for (int i = 0; i < jobs[d].m->num_cores; i++) {
        machine_core_leave(&jobs[d].m->cores[i]);
        arrive(&jobs[d].m->cores[i], 2);
      }
    }
  }
  if (first >= 0) device_main(&jobs[first]);
  for (int d = first + 1; d < started; d++)
    if (!t || t->is_local(t, d)) pthread_join(jobs[d].thread, NULL);
  __atomic_store_n(&s->mesh_run, 0, __ATOMIC_RELEASE);
  /* Every device's failure, each named: a deadlock names what one device waits for, and the
   * device that got the signal instead says what it was left holding. */
  size_t cap = 8192, len = 0;
  char *msg = malloc(cap);
  for (int d = 0; d < n; d++) {
    if (jobs[d].status == TSR_OK) continue;
    if (st == TSR_OK || st == TSR_ERR_DEADLOCK) st = jobs[d].status;
    if (msg && len < cap) len += (size_t)snprintf(msg + len, cap - len, "%sdevice %d: %s", len ? "; " : "", d, jobs[d].message);
  }
  if (msg && !len) msg[0] = 0;
  if (t) st = t->run_end(t, root, st, msg ? msg : "devices failed"); /* every process's verdict */
  else if (st != TSR_OK) tsr_fail(st, "%s", msg ? msg : "devices failed");
  free(msg);
  free(jobs);
  return st;
}

/* ---- another device's memory ---------------------------------------------------------------- */

static bool span_inside(const tsr_ref *r, const char *base, size_t bytes) {
  uintptr_t lo, hi;
  tsr_ref_span(r, &lo, &hi);
  return lo >= (uintptr_t)base && hi <= (uintptr_t)base + bytes;
}

tsr_status machine_mesh_remote_ref(machine_core *c, const tsr_ref *r, int device, int core, machine_core **target, tsr_ref *out,
                           const char *what) {
  tsr_machine *root = c->m->root;
  if (device < 0 || device >= root->num_devices)
    return tsr_fail(TSR_ERR_INVALID, "%s to device %d: the machine has %d device(s)", what, device, root->num_devices);
  if (root->num_devices > 1 && device != c->m->device && !c->m->sync->mesh_run)
    return tsr_fail(TSR_ERR_INVALID, "%s to device %d: the devices are not running a call together (run one call "
                    "per device with tsr_pallas_call_devices or tsr_mosaic_kernel_run_devices)", what, device);
  tsr_machine *tm = root->num_devices > 1 ? root->devices[device] : root;
  if (core < 0) core = c->id;
  if (core >= tm->num_cores)
    return tsr_fail(TSR_ERR_INVALID, "%s to core %d of device %d: a device has %d core(s)", what, core, device, tm->num_cores);
  machine_core *tc = &tm->cores[core];
  *target = tc;
  *out = *r;
  if (tm == c->m && core == c->id) return TSR_OK;
  if (r->buf) { /* the allocation with the same sequence number there: the k-th is the k-th everywhere,
                 * and stays where a copy or signal reaches it (a scoped one: machine_space_arena.parked) */
    tsr_buffer *tb = machine_arena_reach(tc, r->buf->space, r->buf->agent, r->buf->seq, r->buf->bytes);
    if (!tb)
      return tsr_fail(TSR_ERR_INVALID, "%s to device %d core %d: its %s allocation %d has another size than this "
                      "core's (%zu bytes)", what, device, core, tsr_space_name(r->buf->space), r->buf->seq,
                      r->buf->bytes);
    out->buf = tb;
    out->data = tb->base + (r->data - r->buf->base);
    return TSR_OK;
  }
  /* an HBM operand of the call: the same operand on the target device */
  for (int i = 0; i < c->m->num_hbm; i++) {
    const tsr_ref *h = &c->m->hbm[i];
    size_t bytes = tsr_ref_bytes(h);
    if (!span_inside(r, h->data, bytes)) continue;
    if (i >= tm->num_hbm || tsr_ref_bytes(&tm->hbm[i]) != bytes || tm->hbm[i].dtype != h->dtype)
      return tsr_fail(TSR_ERR_INVALID, "%s to device %d: its operand %d differs from this device's (each device's "
                      "arrays of a call must have the same shapes)", what, device, i);
    out->data = tm->hbm[i].data + (r->data - h->data);
    return TSR_OK;
  }
  char d[96];
  return tsr_fail(TSR_ERR_INVALID, "%s to device %d: %s is neither an operand nor an allocation of the kernel", what,
                  device, tsr_ref_describe(r, d, sizeof d));
}
