/* The calls of one collective kernel under jax.shard_map meet here. XLA calls the handler
 * once per device, each on a thread of its own, with that device's shards: the calls of one
 * launch (XLA's run id) of one kernel wait for each other, and once every device's has come,
 * the last to arrive runs them all at once on one machine of that many devices, so that the
 * devices' remote copies land in each other's buffers. A device whose call never comes (a
 * kernel that only some devices reach) is an error after the timeout that names who came and
 * who did not, never a hang. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/status.h"
#include "ffi/ffi.h"

typedef struct meeting {
  struct meeting *next;
  int64_t run_id;
  ffi_kernel *kernel;          /* the compiled kernel: the same payload is the same entry */
  int devices, arrived, inside; /* inside: calls not yet gone */
  const tsr_ffi_call *calls[TSR_MAX_DEVICES];
  bool started, done, failed;
  tsr_status status;
  char message[4096];
  pthread_cond_t changed;
} meeting;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static meeting *meetings;

/* The meeting c belongs to: of its launch and kernel, not started, its device's seat free
 * (a kernel called twice in one launch meets twice, in order). */
static meeting *find_or_open(ffi_kernel *e, const tsr_ffi_call *c) {
  for (meeting *m = meetings; m; m = m->next)
    if (m->run_id == c->run_id && m->kernel == e && m->devices == c->opts.devices && !m->started && !m->failed &&
        !m->calls[c->device])
      return m;
  meeting *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->run_id = c->run_id;
  m->kernel = e;
  m->devices = c->opts.devices;
  pthread_cond_init(&m->changed, NULL);
  m->next = meetings;
  meetings = m;
  return m;
}

static void leave(meeting *m) {
  if (--m->inside) return;
  for (meeting **p = &meetings; *p; p = &(*p)->next)
    if (*p == m) {
      *p = m->next;
      break;
    }
  pthread_cond_destroy(&m->changed);
  free(m);
}

/* "devices 0, 2 called it; 1, 3 did not" */
static void who_came(const meeting *m, char *buf, size_t cap) {
  size_t n = 0;
  for (int pass = 0; pass < 2; pass++) {
    bool first = true;
    n += (size_t)snprintf(buf + n, n < cap ? cap - n : 0, "%s", pass ? "; not " : "devices ");
    for (int d = 0; d < m->devices && n < cap; d++) {
      if ((m->calls[d] != NULL) == (pass == 1)) continue;
      n += (size_t)snprintf(buf + n, n < cap ? cap - n : 0, "%s%d", first ? "" : ", ", d);
      first = false;
    }
  }
}

tsr_status ffi_rendezvous(ffi_kernel *e, const tsr_ffi_call *c) {
  if (c->device < 0 || c->device >= c->opts.devices || c->opts.devices > TSR_MAX_DEVICES)
    return tsr_fail(TSR_ERR_INVALID, "device %d of a mesh of %d devices", c->device, c->opts.devices);
  pthread_mutex_lock(&lock);
  meeting *m = find_or_open(e, c);
  if (!m) {
    pthread_mutex_unlock(&lock);
    return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  }
  m->calls[c->device] = c;
  m->inside++;
  if (++m->arrived == m->devices) { /* the last to come runs everyone's */
    m->started = true;
    pthread_mutex_unlock(&lock);
    tsr_status s = ffi_run_devices(ffi_kernel_hlo(e), m->calls, m->devices);
    pthread_mutex_lock(&lock);
    m->status = s;
    if (s != TSR_OK) snprintf(m->message, sizeof m->message, "%s", tsr_last_error());
    m->done = true;
    pthread_cond_broadcast(&m->changed);
  } else {
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    int64_t ms = c->opts.timeout_ms > 0 ? c->opts.timeout_ms : 60000;
    until.tv_sec += (time_t)(ms / 1000);
    until.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
      until.tv_sec++;
      until.tv_nsec -= 1000000000L;
    }
    /* a run once started is waited for to its end, however long it takes */
    while (!m->done && !m->failed) {
      int rc = m->started ? pthread_cond_wait(&m->changed, &lock) : pthread_cond_timedwait(&m->changed, &lock, &until);
      if (rc == ETIMEDOUT && !m->started && !m->done) {
        char who[512];
        who_came(m, who, sizeof who);
        m->failed = true;
        m->status = TSR_ERR_DEADLOCK;
        snprintf(m->message, sizeof m->message, "a kernel of %d devices (shard_map) waited %lld ms for every device's "
                 "call and got only %d: %s (every device of the mesh must call it, once per launch)",
                 m->devices, (long long)ms, m->arrived, who);
        pthread_cond_broadcast(&m->changed);
      }
    }
  }
  tsr_status s = m->status;
  char message[sizeof m->message];
  memcpy(message, m->message, sizeof message);
  leave(m);
  pthread_mutex_unlock(&lock);
  return s == TSR_OK ? TSR_OK : tsr_fail(s, "%s", message);
}
