/* The timing model's log as bytes, for a model in another process (src/mpi/events.c): the
 * devices of a machine spread over MPI processes each log their own cores' events, and one
 * model replays them all, as it would have in one process. Records carry no pointers; kernel
 * names go as strings (each process interns its own). */
#include <stdlib.h>
#include <string.h>

#include "core/blob.h"
#include "core/status.h"
#include "timing/timing_internal.h"

void tm_hold(tsr_timing *t, bool held) {
  pthread_mutex_lock(&t->lock);
  t->held = held;
  pthread_mutex_unlock(&t->lock);
}

/* Layout: int32 names, each NUL-terminated; int32 cores; per core: int32 core, int64 records,
 * the records (this build's log_rec: both ends are the same program). */
tsr_status tm_export(tsr_timing *t, char **out, size_t *len) {
  *out = NULL;
  *len = 0;
  blob b = {0};
  pthread_mutex_lock(&t->lock);
  int32_t nnames = t->nnames, ncores = 0;
  blob_put_strings(&b, t->names, nnames);
  for (int c = 0; c < TM_MAX_CORES; c++) ncores += t->cores[c].q.len > 0;
  blob_put(&b, &ncores, sizeof ncores);
  for (int32_t c = 0; c < TM_MAX_CORES; c++) {
    rec_queue *q = &t->cores[c].q;
    if (!q->len) continue;
    int64_t n = (int64_t)q->len;
    blob_put(&b, &c, sizeof c);
    blob_put(&b, &n, sizeof n);
    for (size_t i = 0; i < q->len; i++) blob_put(&b, &q->a[(q->head + i) % q->cap], sizeof(log_rec));
  }
  bool nomem = t->nomem;
  pthread_mutex_unlock(&t->lock);
  if (b.nomem || nomem) {
    free(b.p);
    return tsr_fail(TSR_ERR_NOMEM, "timing model: out of host memory for its log");
  }
  *out = b.p;
  *len = b.len;
  return TSR_OK;
}

static int32_t intern_name(void *t, const char *name) { return tm_intern(t, name); }

tsr_status tm_import(tsr_timing *t, const char *p, size_t len, const char *from) {
  size_t at = 0;
  int32_t nnames = 0, ncores = 0;
  tsr_status s = TSR_OK;
  int32_t *ids = NULL;
  pthread_mutex_lock(&t->lock);
  int got = blob_take_strings(p, len, &at, intern_name, t, &ids, &nnames);
  if (got == BLOB_NOMEM) { s = tsr_fail(TSR_ERR_NOMEM, "out of host memory"); goto out; }
  if (got != BLOB_OK) goto bad;
  if (!blob_take(p, len, &at, &ncores, sizeof ncores) || ncores < 0 || ncores > TM_MAX_CORES) goto bad;
  for (int32_t i = 0; i < ncores; i++) {
    int32_t c;
    int64_t n;
    if (!blob_take(p, len, &at, &c, sizeof c) || !blob_take(p, len, &at, &n, sizeof n)) goto bad;
    if (c < 0 || c >= TM_MAX_CORES || n < 0 || (uint64_t)n > (len - at) / sizeof(log_rec)) goto bad;
    core_sim *cs = &t->cores[c];
    if (cs->q.len || cs->seen) {
      s = tsr_fail(TSR_ERR_INVALID, "timing model: core %d of the model was logged here and by %s", c, from);
      goto out;
    }
    for (int64_t k = 0; k < n; k++) {
      log_rec r;
      blob_take(p, len, &at, &r, sizeof r);
      if (r.kind == TSR_EV_KERNEL_BEGIN && r.name >= 0) {
        if (r.name >= nnames) goto bad;
        r.name = ids[r.name];
      }
      if (!tm_push(&cs->q, &r)) t->nomem = true;
    }
    cs->seen = true;
    if (c >= t->num_cores) t->num_cores = c + 1;
  }
  if (at == len) goto out;
bad:
  s = tsr_fail(TSR_ERR_PARSE, "timing model: the log from %s is malformed at byte %zu", from, at);
out:
  pthread_mutex_unlock(&t->lock);
  free(ids);
  return s;
}
