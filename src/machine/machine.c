/* The machine: cores, observers, warnings. */
#include "machine/machine_internal.h"
#include "machine/tape.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int host_cpus(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n < 1 ? 1 : (int)n;
}

/* The mesh of the options: devices and shape (one dimension of num_devices without one). */
static tsr_status mesh_of(tsr_machine_options *o) {
  if (o->mesh_rank < 0 || o->mesh_rank > TSR_MAX_MESH_RANK)
    return tsr_fail(TSR_ERR_INVALID, "mesh rank %d out of range (0..%d)", o->mesh_rank, TSR_MAX_MESH_RANK);
  if (o->num_devices < 0 || o->num_devices > TSR_MAX_DEVICES)
    return tsr_fail(TSR_ERR_INVALID, "device count %d out of range (1..%d)", o->num_devices, TSR_MAX_DEVICES);
  int64_t size = 1;
  for (int k = 0; k < o->mesh_rank; k++) {
    if (o->mesh_shape[k] < 1 || o->mesh_shape[k] > TSR_MAX_DEVICES)
      return tsr_fail(TSR_ERR_INVALID, "mesh dimension %d is %lld (1..%d)", k, (long long)o->mesh_shape[k], TSR_MAX_DEVICES);
    size *= o->mesh_shape[k];
    if (size > TSR_MAX_DEVICES) return tsr_fail(TSR_ERR_INVALID, "a mesh of more than %d devices", TSR_MAX_DEVICES);
  }
  if (o->mesh_rank == 0) {
    o->mesh_rank = 1;
    o->mesh_shape[0] = o->num_devices > 0 ? o->num_devices : 1;
    size = o->mesh_shape[0];
  }
  if (o->num_devices == 0) o->num_devices = (int)size;
  if (o->num_devices != size)
    return tsr_fail(TSR_ERR_INVALID, "%d devices but the mesh holds %lld", o->num_devices, (long long)size);
  if (o->num_devices > 1) o->host_helpers = -1;
  return TSR_OK;
}

tsr_status tsr_machine_create(const tsr_machine_options *opts, tsr_machine **out) {
  *out = NULL;
  tsr_machine_options o = opts ? *opts : (tsr_machine_options){0};
  if (!o.chip) o.chip = tsr_chip_get("v5e");
  TSR_TRY(mesh_of(&o));
  int cores = o.num_cores, cpus = host_cpus(); /* sysconf reads /sys each time */
  if (cores < 0 || cores > MACHINE_MAX_CORES)
    return tsr_fail(TSR_ERR_INVALID, "core count %d out of range (1..%d)", cores, MACHINE_MAX_CORES);
  if (cores == 0) {
    cores = o.chip->tensor_cores > 0 ? o.chip->tensor_cores : 1;
    if (cores > cpus) cores = cpus;
  }
  tsr_machine *m = calloc(1, sizeof *m);
  if (!m) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  m->chip = *o.chip;
  if (o.max_kernel_ops == 0) o.max_kernel_ops = TSR_DEFAULT_MAX_KERNEL_OPS;
  m->opts = o;
  m->opts.chip = &m->chip;
  m->num_cores = cores;
  m->sync = &m->own_sync;
  m->root = m;
  m->num_devices = o.num_devices;
  m->mesh_rank = o.mesh_rank;
  memcpy(m->mesh_shape, o.mesh_shape, sizeof m->mesh_shape);
  pthread_mutex_init(&m->warn_lock, NULL);
  pthread_mutex_init(&m->helpers_lock, NULL);
  m->num_helpers = o.host_helpers < 0 ? 0 : o.host_helpers > 0 ? o.host_helpers : cpus - cores;
  if (m->num_helpers > 64) m->num_helpers = 64;
  m->num_stand_ins = o.host_helpers < 0 ? 0 : cores + m->num_helpers - 1;
  m->cores = calloc((size_t)(cores + m->num_stand_ins), sizeof *m->cores);
  if (!m->cores) { tsr_machine_destroy(m); return tsr_fail(TSR_ERR_NOMEM, "out of host memory"); }
  for (int i = 0; i < cores + m->num_stand_ins; i++) {
    machine_core *c = &m->cores[i];
    c->m = m;
    c->id = i < cores ? i : 0; /* a stand-in: for which core, each split says */
    c->index = i;
    machine_arena_init(&c->vmem, TSR_VMEM, m->chip.vmem_bytes);
    machine_arena_init(&c->smem, TSR_SMEM, m->chip.smem_bytes);
    machine_arena_init(&c->sems, TSR_SEMAPHORE_MEM, 1 << 20); /* semaphores are few; a generous cap catches runaway loops */
    c->rng = (o.seed + 1) * 0x9E3779B97F4A7C15ull + (uint64_t)i;
    c->step = -1;
    c->agent = -1;
  }
  if (cores > 1) {
    m->pool = machine_worker_pool_create(m, cores - 1);
    if (!m->pool) { tsr_machine_destroy(m); return tsr_fail(TSR_ERR_NOMEM, "cannot start core threads"); }
  }
  if (m->num_devices > 1) {
    tsr_status s = machine_mesh_create_devices(m, &o);
    if (s != TSR_OK) { tsr_machine_destroy(m); return s; }
  }
  *out = m;
  return TSR_OK;
}

static void arena_free_all(machine_core *c, machine_space_arena *a) {
  machine_core_release_to(c, a->space, 0);
  machine_core_drop_kept(c, a->space);
  free(a->bufs);
  for (int i = 0; i < a->nlanes; i++) free(a->parked[i].at); /* empty: every call frees what it parked */
  free(a->parked);
  for (int i = 0; i < a->nretired; i++) free(a->retired[i]);
  pthread_mutex_destroy(&a->lock);
}

void tsr_machine_destroy(tsr_machine *m) {
  if (!m) return;
  if (m->root == m && m->share) m->share->destroy(m->share); /* collective (src/mpi) */
  if (m->root == m && m->transport) { /* collective (src/mpi); the devices' arenas are freed after it */
    m->transport->destroy(m->transport);
    m->transport = NULL;
  }
  if (m->root == m) machine_mesh_destroy_devices(m);
  if (m->pool) machine_worker_pool_destroy(m->pool);
  machine_helpers_destroy(m);
  if (m->cores)
    for (int i = 0; i < machine_cores_total(m); i++) {
      arena_free_all(&m->cores[i], &m->cores[i].vmem);
      arena_free_all(&m->cores[i], &m->cores[i].smem);
      arena_free_all(&m->cores[i], &m->cores[i].sems);
      free(m->cores[i].dmas);
      free(m->cores[i].views);
    }
  free(m->cores);
  for (int i = 0; i < m->num_split_tapes; i++) machine_tape_free(&m->split_tapes[i]);
  free(m->split_tapes);
  free(m->warnings);
  pthread_mutex_destroy(&m->warn_lock);
  pthread_mutex_destroy(&m->helpers_lock);
  free(m);
}

int tsr_machine_num_cores(const tsr_machine *m) { return m->num_cores; }
int tsr_machine_num_devices(const tsr_machine *m) { return m->num_devices; }

int tsr_machine_mesh_shape(const tsr_machine *m, int64_t *shape) {
  memcpy(shape, m->mesh_shape, sizeof m->mesh_shape);
  return m->mesh_rank;
}

const tsr_chip *tsr_machine_chip(const tsr_machine *m) { return &m->chip; }

tsr_status tsr_machine_add_observer(tsr_machine *m, const tsr_observer *obs) {
  if (!obs || !obs->on_event) return tsr_fail(TSR_ERR_INVALID, "observer without a callback");
  if (m->num_observers >= MACHINE_MAX_OBSERVERS)
    return tsr_fail(TSR_ERR_INVALID, "at most %d observers", MACHINE_MAX_OBSERVERS);
  m->observers[m->num_observers++] = *obs;
  for (int d = 1; m->root == m && d < m->num_devices; d++) m->devices[d]->observers[m->devices[d]->num_observers++] = *obs;
  return TSR_OK;
}

void tsr_machine_clear_observers(tsr_machine *m) {
  m->num_observers = 0;
  for (int d = 1; m->root == m && d < m->num_devices; d++) m->devices[d]->num_observers = 0;
}

machine_tape *machine_split_tapes(tsr_machine *m, int parts) {
  if (parts > m->num_split_tapes) {
    machine_tape *nt = realloc(m->split_tapes, (size_t)parts * sizeof *nt);
    if (!nt) return NULL;
    /* the strings stay with each tape for the machine's life: an observer may keep a pointer
     * to a kernel's name it was given (the timing model does) */
    for (int i = m->num_split_tapes; i < parts; i++) {
      /* a part's events are its core's, on this machine's device (whichever of a mesh) */
      machine_tape_init(&nt[i], ~0u, m->num_cores);
      nt[i].first_device = m->device;
      /* in the offset's bits 32 to 35, which no memory of a core reaches: a core's parts (at
       * most 16 of them, host_split.c) are consecutive, so neighbours differ */
      nt[i].salt = (uint64_t)(i & 15) << 32;
    }
    m->split_tapes = nt;
    m->num_split_tapes = parts;
  }
  for (int i = 0; i < parts; i++) machine_tape_clear(&m->split_tapes[i]);
  return m->split_tapes;
}

static bool reads_kind(const tsr_observer *o, tsr_event_kind kind) {
  return (unsigned)kind >= 32 || !(o->ignored_kinds & 1u << kind);
}

/* ev to each observer that reads its kind. */
static void emit(tsr_machine *m, const tsr_event *ev) {
  for (int i = 0; i < m->num_observers; i++)
    if (reads_kind(&m->observers[i], ev->kind)) m->observers[i].on_event(m->observers[i].user, ev);
}

void machine_emit_held(tsr_machine *m, const tsr_event *ev) { emit(m, ev); }

const tsr_observer *machine_digesting_observer(const tsr_machine *m) {
  if (m->num_observers != 1) return NULL;
  const tsr_observer *o = &m->observers[0];
  return o->digest && o->on_digest && !o->reads_output_data ? o : NULL;
}

bool machine_observers_read_kind(const tsr_machine *m, tsr_event_kind kind) {
  for (int i = 0; i < m->num_observers; i++)
    if (reads_kind(&m->observers[i], kind)) return true;
  return false;
}

bool machine_observers_read_output_data(const tsr_machine *m) {
  for (int i = 0; i < m->num_observers; i++)
    if (m->observers[i].reads_output_data) return true;
  return false;
}

bool machine_observers_see_data(const tsr_machine *m) {
  for (int i = 0; i < m->num_observers; i++)
    if (!m->observers[i].schedule_only) return true;
  return false;
}

bool machine_observers_report_races(const tsr_machine *m) {
  for (int i = 0; i < m->num_observers; i++)
    if (m->observers[i].reports_races) return true;
  return false;
}

/* ev on a host split's part's tape with no more of it than the splice needs: its place,
 * kind, step, copy number, direction, operand and semaphore; with `len` bytes of an
 * observer's digest of it (NULL: none), a copy's start keeps its name and block too, which
 * a skip made from it names. */
static void record_thin(machine_core *c, const tsr_event *ev, const void *digest, size_t len) {
  machine_tape_record_thin(c->held, ev, digest && ev->kind == TSR_EV_DMA_START, digest, len);
}

void machine_core_emit(machine_core *c, tsr_event *ev) {
  tsr_ref src, dst;
  if (c->num_views && (ev->kind == TSR_EV_DMA_START || ev->kind == TSR_EV_DMA_DONE || ev->kind == TSR_EV_ACCESS)) {
    if (ev->src && machine_core_view_as_buffer(c, ev->src, &src)) {
      if (ev->kind == TSR_EV_DMA_START) ev->src_data = ev->src;
      ev->src = &src;
    }
    if (ev->dst && machine_core_view_as_buffer(c, ev->dst, &dst)) ev->dst = &dst;
  }
  ev->core = c->id;
  ev->device = c->m->device;
  if (ev->kind != TSR_EV_SEM_SIGNAL && ev->kind != TSR_EV_DMA_START) ev->target_device = c->m->device;
  if (ev->step >= 0) ev->step += c->step_base;
  if (c->held) { /* a host split's part: on its tape until the split stands */
    if (ev->kind == TSR_EV_ACCESS && !machine_observers_see_data(c->m)) return;
    bool read = machine_observers_read_kind(c->m, ev->kind) ||
                (ev->kind == TSR_EV_DMA_START && machine_observers_read_kind(c->m, TSR_EV_DMA_SKIP));
    if (!read) {
      /* no observer will be handed it (host_split.c passes it over; a copy's start also
       * names the block of a skip made from it) */
      record_thin(c, ev, NULL, 0);
      return;
    }
    const tsr_observer *o = machine_digesting_observer(c->m);
    if (o) { /* the observer's digest stands for what the record leaves out */
      uint64_t d[TSR_DIGEST_BYTES / sizeof(uint64_t)];
      size_t len = o->digest(o->user, ev, d);
      if (len > 0 && len <= sizeof d) {
        record_thin(c, ev, d, len);
        return;
      }
    }
    int64_t at[TSR_MAX_RANK] = {0};
    bool noted = machine_observers_read_output_data(c->m) && machine_output_poison(ev, at);
    machine_tape_record(c->held, NULL, ev, noted ? at : NULL);
    return;
  }
  emit(c->m, ev);
}

void machine_warn(tsr_machine *m, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  machine_vwarn(m, fmt, ap);
  va_end(ap);
}

void machine_vwarn(tsr_machine *m, const char *fmt, va_list ap) {
  char line[1024];
  vsnprintf(line, sizeof line, fmt, ap);
  pthread_mutex_lock(&m->warn_lock);
  size_t n = strlen(line);
  char *w = realloc(m->warnings, m->warnings_len + n + 2);
  if (w) {
    memcpy(w + m->warnings_len, line, n);
    w[m->warnings_len + n] = '\n';
    w[m->warnings_len + n + 1] = 0;
    m->warnings = w;
    m->warnings_len += n + 1;
  }
  /* Printed once per machine: a kernel called in a loop warns once, not per call. */
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)line[i]) * 1099511628211ull;
  bool seen = false;
  for (int i = 0; i < m->num_printed && !seen; i++) seen = m->printed[i] == h;
  bool print = !m->opts.quiet && !seen && m->num_printed <= 64;
  if (print && m->num_printed < 64) m->printed[m->num_printed] = h;
  if (print) m->num_printed++;
  pthread_mutex_unlock(&m->warn_lock);
  if (print && m->num_printed > 64) fprintf(stderr, "tessera: warning: (further warnings not shown)\n");
  else if (print) fprintf(stderr, "tessera: warning: %s\n", line);
}

void machine_clear_warnings(tsr_machine *m) {
  pthread_mutex_lock(&m->warn_lock);
  free(m->warnings);
  m->warnings = NULL;
  m->warnings_len = 0;
  pthread_mutex_unlock(&m->warn_lock);
}

const char *tsr_machine_warnings(const tsr_machine *m) { return m->warnings ? m->warnings : ""; }
