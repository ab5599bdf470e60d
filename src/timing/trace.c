/* The Chrome trace-event file (https://docs.google.com/document/d/1CvAClvFfyA5R-PhYUmn5OOQtYMH4h6I0nSsKchNAySU):
 * a process per device (chip), a track per core (kernels, steps, bodies, waits) and per DMA
 * engine (transfers), and counter tracks for semaphores and VMEM in use; on many chips a
 * process for the ICI with a track per link (the transfers crossing it). */
#include <stdlib.h>
#include <string.h>

#include "core/atomic_file.h"
#include "core/status.h"
#include "timing/timing_internal.h"

/* Core c's own track and its DMA engines sit next to each other in the track list. */
int32_t tm_core_tid(int core) { return core * 100; }
int32_t tm_lane_tid(int core, int lane) { return core * 100 + 1 + lane; }
/* Links sit after every core's tracks, in a process of their own. */
#define LINK_TID_BASE 1000000
int32_t tm_link_tid(int link) { return LINK_TID_BASE + link; }

void tm_trace(tsr_timing *t, char ph, int32_t tid, int32_t name, double ts, double dur, int64_t arg) {
  if (t->ntrace >= t->opts.trace_limit) { t->trace_dropped++; return; }
  if (t->ntrace == t->captrace) {
    int64_t ncap = t->captrace ? t->captrace * 2 : 4096;
    if (ncap > t->opts.trace_limit) ncap = t->opts.trace_limit;
    tm_trace_rec *nt = realloc(t->trace, (size_t)ncap * sizeof *nt);
    if (!nt) { t->trace_dropped++; return; }
    t->trace = nt;
    t->captrace = ncap;
  }
  t->trace[t->ntrace++] = (tm_trace_rec){.ph = ph, .tid = tid, .name = name, .ts = ts, .dur = dur, .arg = arg};
}

static void json_string(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '"' || ch == '\\') fprintf(f, "\\%c", ch);
    else if (ch < 0x20) fprintf(f, "\\u%04x", ch);
    else fputc(ch, f);
  }
  fputc('"', f);
}

/* The process of a track: its device's (1, 2, ...), or after them the ICI's. */
static int track_pid(const tsr_timing *t, int32_t tid) {
  if (tid >= LINK_TID_BASE) return t->num_devices + 1;
  return tid / 100 / t->cores_per_device + 1;
}

static void process_name(FILE *f, int pid, const char *name, bool first) {
  fprintf(f, "%s{\"ph\":\"M\",\"pid\":%d,\"name\":\"process_name\",\"args\":{\"name\":", first ? "" : ",\n", pid);
  json_string(f, name);
  fprintf(f, "}},\n{\"ph\":\"M\",\"pid\":%d,\"name\":\"process_sort_index\",\"args\":{\"sort_index\":%d}}", pid, pid);
}

static void thread_name(const tsr_timing *t, FILE *f, int32_t tid, const char *name) {
  int pid = track_pid(t, tid);
  fprintf(f, ",\n{\"ph\":\"M\",\"pid\":%d,\"tid\":%d,\"name\":\"thread_name\",\"args\":{\"name\":", pid, tid);
  json_string(f, name);
  fprintf(f, "}},\n{\"ph\":\"M\",\"pid\":%d,\"tid\":%d,\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":%d}}",
          pid, tid, tid);
}

tsr_status tsr_timing_write_trace(tsr_timing *t, const char *path) {
  if (!t->opts.trace)
    return tsr_fail(TSR_ERR_INVALID, "timing model created without tracing (options.trace)");
  tsr_timing_summary s;
  tsr_timing_summarize(t, &s); /* finishes the replay */
  atomic_file af;
  TSR_TRY(atomic_file_open(&af, path));
  FILE *f = af.f;
  pthread_mutex_lock(&t->lock);
  fprintf(f, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"chip\":");
  json_string(f, t->chip.name);
  fprintf(f, ",\"simulated_seconds\":%.9g,\"dropped_events\":%lld},\n\"traceEvents\":[\n",
          s.seconds, (long long)t->trace_dropped);
  char title[96];
  for (int d = 0; d < t->num_devices; d++) {
    if (t->num_devices > 1) snprintf(title, sizeof title, "tessera %s device %d (simulated)", t->chip.name, d);
    else snprintf(title, sizeof title, "tessera %s (simulated)", t->chip.name);
    process_name(f, d + 1, title, d == 0);
  }
  if (t->num_devices > 1) process_name(f, t->num_devices + 1, "ICI links", false);
  int engines = t->chip.dma_engines > 0 ? t->chip.dma_engines : 1;
  for (int c = 0; c < t->num_cores; c++) {
    if (!t->cores[c].seen) continue;
    char name[64];
    int local = t->num_devices > 1 ? c % t->cores_per_device : c;
    snprintf(name, sizeof name, "core %d", local);
    thread_name(t, f, tm_core_tid(c), name);
    for (int l = 0; l < engines; l++) {
      snprintf(name, sizeof name, "core %d DMA engine %d", local, l);
      thread_name(t, f, tm_lane_tid(c, l), name);
    }
  }
  for (int l = 0; l < tm_ici_links(&t->ici); l++) {
    char name[96];
    tm_ici_link_name(&t->ici, l, name, sizeof name);
    thread_name(t, f, tm_link_tid(l), name);
  }
  for (int64_t i = 0; i < t->ntrace; i++) {
    const tm_trace_rec *r = &t->trace[i];
    const char *name = r->name >= 0 && r->name < t->nnames ? t->names[r->name] : "?";
    fprintf(f, ",\n{\"ph\":\"%c\",\"pid\":%d,\"tid\":%d,\"ts\":%.4f,\"name\":", r->ph, track_pid(t, r->tid), r->tid,
            r->ts * 1e6);
    json_string(f, name);
    if (r->ph == 'X') {
      fprintf(f, ",\"dur\":%.4f", r->dur * 1e6);
      if (r->arg >= 0) {
        bool is_dma = !strncmp(name, "dma", 3) || !strcmp(name, "wait");
        fprintf(f, ",\"args\":{\"%s\":%lld}", is_dma ? "bytes" : "step", (long long)r->arg);
      }
    } else {
      fprintf(f, ",\"args\":{\"value\":%lld}", (long long)r->arg);
    }
    fputc('}', f);
  }
  fprintf(f, "\n]}\n");
  pthread_mutex_unlock(&t->lock);
  return atomic_file_commit(&af);
}
