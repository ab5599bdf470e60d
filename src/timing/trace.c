/* The Chrome trace-event file (https://docs.google.com/document/d/1CvAClvFfyA5R-PhYUmn5OOQtYMH4h6I0nSsKchNAySU):
 * one process for the chip, a track per core (kernels, steps, bodies, waits) and per DMA
 * engine (transfers), and counter tracks for semaphores and VMEM in use. */
#include <stdlib.h>
#include <string.h>

#include "core/atomic_file.h"
#include "core/status.h"
#include "timing/timing_internal.h"

/* Core c's own track and its DMA engines sit next to each other in the track list. */
int32_t tm_core_tid(int core) { return core * 100; }
int32_t tm_lane_tid(int core, int lane) { return core * 100 + 1 + lane; }

void tm_trace(tsr_timing *t, char ph, int32_t tid, int32_t name, double ts, double dur, int64_t arg) {
  if (t->ntrace >= t->opts.trace_limit) { t->trace_dropped++; return; }
  if (t->ntrace == t->captrace) {
    int64_t ncap = t->captrace ? t->captrace * 2 : 4096;
    if (ncap > t->opts.trace_limit) ncap = t->opts.trace_limit;
    trace_rec *nt = realloc(t->trace, (size_t)ncap * sizeof *nt);
    if (!nt) { t->trace_dropped++; return; }
    t->trace = nt;
    t->captrace = ncap;
  }
  t->trace[t->ntrace++] = (trace_rec){.ph = ph, .tid = tid, .name = name, .ts = ts, .dur = dur, .arg = arg};
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

static void thread_name(FILE *f, int32_t tid, const char *name) {
  fprintf(f, ",\n{\"ph\":\"M\",\"pid\":1,\"tid\":%d,\"name\":\"thread_name\",\"args\":{\"name\":", tid);
  json_string(f, name);
  fprintf(f, "}},\n{\"ph\":\"M\",\"pid\":1,\"tid\":%d,\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":%d}}",
          tid, tid);
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
  fprintf(f, "{\"ph\":\"M\",\"pid\":1,\"name\":\"process_name\",\"args\":{\"name\":");
  char title[96];
  snprintf(title, sizeof title, "tessera %s (simulated)", t->chip.name);
  json_string(f, title);
  fprintf(f, "}}");
  int engines = t->chip.dma_engines > 0 ? t->chip.dma_engines : 1;
  for (int c = 0; c < t->num_cores; c++) {
    if (!t->cores[c].seen) continue;
    char name[64];
    snprintf(name, sizeof name, "core %d", c);
    thread_name(f, tm_core_tid(c), name);
    for (int l = 0; l < engines; l++) {
      snprintf(name, sizeof name, "core %d DMA engine %d", c, l);
      thread_name(f, tm_lane_tid(c, l), name);
    }
  }
  for (int64_t i = 0; i < t->ntrace; i++) {
    const trace_rec *r = &t->trace[i];
    const char *name = r->name >= 0 && r->name < t->nnames ? t->names[r->name] : "?";
    fprintf(f, ",\n{\"ph\":\"%c\",\"pid\":1,\"tid\":%d,\"ts\":%.4f,\"name\":", r->ph, r->tid, r->ts * 1e6);
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
