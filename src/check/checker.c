/* The checker handle: dispatches events to the enabled checks and keeps their findings. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/check_internal.h"
#include "core/grow.h"
#include "machine/machine_internal.h"

tsr_status tsr_checker_create(unsigned checks, tsr_checker **out) {
  *out = NULL;
  if (checks & ~(unsigned)TSR_CHECK_ALL) return tsr_fail(TSR_ERR_INVALID, "unknown checks 0x%x", checks);
  tsr_checker *ck = calloc(1, sizeof *ck);
  if (!ck) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  ck->checks = checks;
  ck->num_cores = 1;
  if ((checks & TSR_CHECK_RACES) && ck_sub_create(ck) != TSR_OK) {
    free(ck);
    return TSR_ERR_NOMEM;
  }
  pthread_mutex_init(&ck->lock, NULL);
  *out = ck;
  return TSR_OK;
}

void tsr_checker_reset(tsr_checker *ck) {
  pthread_mutex_lock(&ck->lock);
  for (int i = 0; i < ck->nkept; i++) free(ck->kept[i]);
  ck->nkept = ck->total = 0;
  ck->first_status = TSR_OK;
  ck->ntallies = 0;
  ck->ends = 0;
  pthread_mutex_unlock(&ck->lock);
  ck_race_reset(ck);
  ck_sub_reset(ck);
  ck_log_clear(ck);
}

void tsr_checker_destroy(tsr_checker *ck) {
  if (!ck) return;
  tsr_checker_reset(ck);
  free(ck->kept);
  free(ck->tallies);
  ck_race_free(ck);
  ck_remote_free(ck);
  ck_sub_free(ck);
  ck_log_free(ck);
  pthread_mutex_destroy(&ck->lock);
  free(ck);
}

static void record_locked(tsr_checker *ck, tsr_status s, const char *fmt, va_list ap) {
  char msg[2048]; /* the error message's own capacity (status.c): room for call-site chains */
  vsnprintf(msg, sizeof msg, fmt, ap);
  if (ck->total++ == 0) ck->first_status = s;
  if (ck->nkept >= CK_MAX_KEPT) return;
  if (!GROW_ARRAY(ck->kept, ck->nkept, ck->cap_kept, 8)) return;
  char *copy = strdup(msg);
  if (copy) ck->kept[ck->nkept++] = copy;
}

void ck_report_locked(tsr_checker *ck, tsr_status s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  record_locked(ck, s, fmt, ap);
  va_end(ap);
}

void ck_report(tsr_checker *ck, tsr_status s, const char *fmt, ...) {
  pthread_mutex_lock(&ck->lock);
  va_list ap;
  va_start(ap, fmt);
  record_locked(ck, s, fmt, ap);
  va_end(ap);
  pthread_mutex_unlock(&ck->lock);
}

void ck_dispatch(tsr_checker *ck, const tsr_event *ev) {
  if (ev->kind == TSR_EV_KERNEL_BEGIN && ev->name && ev->core == 0) {
    pthread_mutex_lock(&ck->lock);
    snprintf(ck->kernel, sizeof ck->kernel, "%s", ev->name);
    pthread_mutex_unlock(&ck->lock);
  }
  if (ck->checks & TSR_CHECK_RACES) ck_race_event(ck, ev);
  if (ck->checks & TSR_CHECK_RACES) ck_sub_event(ck, ev);
  if ((ck->checks & TSR_CHECK_RACES) && ck->num_devices > 1) ck_remote_event(ck, ev);
  if (ck->checks & TSR_CHECK_SEMAPHORES) ck_sem_event(ck, ev);
  if (ck->checks & TSR_CHECK_POISON) ck_poison_event(ck, ev);
}

/* A host split's events come once it stands, replayed from its parts' tapes in the order of
 * the run in order (docs/architecture.md), so they are checked as the run in order's. */
static void on_event(void *user, const tsr_event *ev) {
  tsr_checker *ck = user;
  if (ck->num_devices > 1) { /* many chips: logged, and checked in one order (log.c) */
    ck_log_event(ck, ev);
    return;
  }
  if (ev->core < 0 || ev->core >= CK_MAX_CORES) return;
  ck_dispatch(ck, ev);
}

tsr_observer tsr_checker_observer(tsr_checker *ck) {
  return (tsr_observer){.user = ck, .on_event = on_event, .reads_output_data = (ck->checks & TSR_CHECK_POISON) != 0,
                        .reports_races = (ck->checks & TSR_CHECK_RACES) != 0};
}

tsr_status tsr_checker_attach(tsr_checker *ck, tsr_machine *m) {
  int per = tsr_machine_num_cores(m), devices = tsr_machine_num_devices(m), n = per * devices;
  if (n > CK_MAX_CORES) return tsr_fail(TSR_ERR_INVALID, "checkers: at most %d cores (of all devices)", CK_MAX_CORES);
  ck->num_cores = n;
  ck->machine = m;
  ck->num_devices = devices;
  ck->device_cores = per;
  if (devices > 1) TSR_TRY(ck_log_create(ck));
  tsr_observer o = tsr_checker_observer(ck);
  return tsr_machine_add_observer(m, &o);
}

int tsr_checker_count(const tsr_checker *ck) {
  tsr_checker *w = (tsr_checker *)ck;
  ck_log_settle(w);
  pthread_mutex_lock(&w->lock);
  /* Some cores ended a kernel the others never ran: balance it now. (Mid-kernel, with no
   * core ended, the tallies are still open.) */
  if (w->ends > 0) ck_sem_finish(w);
  int n = w->total;
  pthread_mutex_unlock(&w->lock);
  return n;
}

tsr_status tsr_checker_status(const tsr_checker *ck) {
  if (tsr_checker_count(ck) == 0) return TSR_OK;
  tsr_checker *w = (tsr_checker *)ck;
  pthread_mutex_lock(&w->lock);
  tsr_status s = w->first_status;
  const char *msg = w->nkept ? w->kept[0] : "check failed";
  int more = w->total - 1;
  tsr_fail(s, "%s%s", msg, more > 0 ? " (and more findings: see the checker report)" : "");
  pthread_mutex_unlock(&w->lock);
  return s;
}

tsr_status tsr_checker_status_all(const tsr_checker *ck) {
  tsr_status s = tsr_checker_status(ck);
  int n = tsr_checker_count(ck);
  if (n < 2) return s;
  char msg[2048]; /* the error message's own capacity (status.c) */
  int at = snprintf(msg, sizeof msg, "%d findings:", n), shown = 0;
  for (const char *f; (f = tsr_checker_finding(ck, shown)) != NULL; shown++) {
    int len = snprintf(NULL, 0, "\n  %d. %s", shown + 1, f);
    if (at + len + 64 >= (int)sizeof msg) break; /* room for the count of those left out */
    at += snprintf(msg + at, sizeof msg - (size_t)at, "\n  %d. %s", shown + 1, f);
  }
  if (shown < n) snprintf(msg + at, sizeof msg - (size_t)at, "\n  ... and %d more", n - shown);
  return tsr_fail(s, "%s", msg);
}

const char *tsr_checker_finding(const tsr_checker *ck, int i) {
  tsr_checker *w = (tsr_checker *)ck;
  ck_log_settle(w);
  pthread_mutex_lock(&w->lock);
  const char *m = i >= 0 && i < w->nkept ? w->kept[i] : NULL;
  pthread_mutex_unlock(&w->lock);
  return m;
}

void tsr_checker_report(const tsr_checker *ck, FILE *f) {
  int total = tsr_checker_count(ck);
  tsr_checker *w = (tsr_checker *)ck;
  pthread_mutex_lock(&w->lock);
  if (!total) fprintf(f, "checkers: no findings\n");
  for (int i = 0; i < w->nkept; i++) fprintf(f, "check: %s\n", w->kept[i]);
  if (total > w->nkept) fprintf(f, "check: ... and %d more findings\n", total - w->nkept);
  pthread_mutex_unlock(&w->lock);
}

const char *ck_core_name(const tsr_checker *ck, int slot, char *buf, size_t cap) {
  if (ck->num_devices > 1) snprintf(buf, cap, "device %d core %d", slot / ck->device_cores, slot % ck->device_cores);
  else snprintf(buf, cap, "core %d", slot);
  return buf;
}

const char *ck_access_where(const char *loc, const char *block, char *buf, size_t cap) {
  if (loc) snprintf(buf, cap, "at %s", loc);
  else if (block) snprintf(buf, cap, "to its whole %s block (a C body is watched by the blocks it gets)", block);
  else snprintf(buf, cap, "at an unknown location");
  return buf;
}

char *ck_describe(const tsr_ref *r, char *buf, size_t cap) {
  char shape[64];
  tsr_ref_describe(r, shape, sizeof shape);
  if (r->buf && r->buf->in_mesh) snprintf(buf, cap, "%s %s of device %d core %d", tsr_space_name(r->space), shape, r->buf->device, r->buf->core);
  else if (r->buf) snprintf(buf, cap, "%s %s of core %d", tsr_space_name(r->space), shape, r->buf->core);
  else snprintf(buf, cap, "%s %s", tsr_space_name(r->space), shape);
  return buf;
}

ck_region ck_ref_region(const tsr_ref *r) {
  ck_region g;
  tsr_ref_span(r, &g.lo, &g.hi);
  return g;
}
