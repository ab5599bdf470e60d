/* What the timing model tells: the summary, the text report and the JSON report. The verdict
 * names the largest of four per-core times (docs/timing.md): bytes at HBM bandwidth, body
 * compute, per-step overhead, and per-DMA cost (issue + stalls beyond what bandwidth explains). */
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "core/atomic_file.h"
#include "core/status.h"
#include "timing/timing_internal.h"

typedef struct shares {
  double hbm, compute, per_step, per_dma;
} shares;

static int cores_used(const tsr_timing *t) {
  int n = 0;
  for (int c = 0; c < t->num_cores; c++) n += t->cores[c].seen;
  return n ? n : 1;
}

/* What streaming traffic of `cores` cores sustains (the HBM model's rate)... */
static double usable_bw(const tsr_timing *t, int cores) {
  double bw = t->hbm.bw_core * cores;
  return bw < t->hbm.bw_chip ? bw : t->hbm.bw_chip;
}

/* ... and the nominal peak it is a fraction of, which the report's fraction compares with. */
static double peak_bw(const tsr_timing *t, int cores) {
  int tcs = t->chip.tensor_cores > 0 ? t->chip.tensor_cores : 1;
  return t->chip.hbm_bytes_per_s * (cores < tcs ? cores : tcs);
}

static const char *verdict(const shares *s, double seconds) {
  if (seconds <= 0) return "idle";
  double best = s->hbm;
  const char *v = "HBM-bound";
  if (s->compute > best) { best = s->compute; v = "compute-bound"; }
  if (s->per_step > best) { best = s->per_step; v = "overhead-bound (per-step)"; }
  if (s->per_dma > best) v = "overhead-bound (per-DMA)";
  return v;
}

static shares kernel_shares(const tsr_timing *t, const kernel_rec *k, int cores) {
  shares s;
  s.hbm = (double)k->bytes_moved / usable_bw(t, cores);
  s.compute = k->compute / k->cores;
  s.per_step = k->overhead / k->cores;
  double stall = k->stall / k->cores;
  s.per_dma = k->issue / k->cores + (stall > s.hbm ? stall - s.hbm : 0);
  return s;
}

static void summarize_locked(tsr_timing *t, tsr_timing_summary *o) {
  tm_advance(t, true);
  memset(o, 0, sizeof *o);
  kernel_rec all = {.cores = cores_used(t)};
  for (int i = 0; i < t->nkernels; i++) {
    const kernel_rec *k = &t->kernels[i];
    all.steps += k->steps;
    all.dmas += k->dmas;
    all.skipped += k->skipped;
    all.bytes_in += k->bytes_in;
    all.bytes_out += k->bytes_out;
    all.bytes_local += k->bytes_local;
    all.bytes_moved += k->bytes_moved;
    all.flops += k->flops;
    all.mxu_seconds += k->mxu_seconds;
    all.compute += k->compute;
    all.stall += k->stall;
    all.overhead += k->overhead;
    all.issue += k->issue;
    all.dma_active += k->dma_active;
  }
  double seconds = t->last_kernel_end;
  for (int c = 0; c < t->num_cores; c++)
    if (t->cores[c].clock > seconds) seconds = t->cores[c].clock;
  o->seconds = seconds;
  o->kernels = t->nkernels;
  o->steps = all.steps;
  o->dmas = all.dmas;
  o->dmas_skipped = all.skipped;
  o->bytes_in = all.bytes_in;
  o->bytes_out = all.bytes_out;
  o->bytes_local = all.bytes_local;
  o->bytes_moved = all.bytes_moved;
  o->flops = all.flops;
  o->compute_seconds = all.compute;
  o->stall_seconds = all.stall;
  o->step_overhead_seconds = all.overhead;
  o->dma_issue_seconds = all.issue;
  o->dma_active_seconds = all.dma_active;
  for (int c = 0; c < t->num_cores; c++) o->dmas_queued += t->cores[c].engines.queued;
  if (seconds > 0) {
    o->hbm_fraction = (double)(all.bytes_in + all.bytes_out + all.bytes_local) /
                      (seconds * peak_bw(t, all.cores));
    o->mxu_fraction = all.mxu_seconds / (seconds * all.cores);
  }
  if (all.dma_active > 0) {
    double hidden = 1 - all.stall / all.dma_active;
    o->overlap = hidden < 0 ? 0 : hidden;
  }
  shares s = kernel_shares(t, &all, all.cores);
  o->verdict = verdict(&s, seconds);
}

void tsr_timing_summarize(tsr_timing *t, tsr_timing_summary *out) {
  pthread_mutex_lock(&t->lock);
  summarize_locked(t, out);
  pthread_mutex_unlock(&t->lock);
}

double tsr_timing_seconds(tsr_timing *t) {
  tsr_timing_summary s;
  tsr_timing_summarize(t, &s);
  return s.seconds;
}

/* ---- text -------------------------------------------------------------------------- */

static const char *fmt_time(double s, char *buf, size_t cap) {
  if (s >= 1) snprintf(buf, cap, "%.3f s", s);
  else if (s >= 1e-3) snprintf(buf, cap, "%.3f ms", s * 1e3);
  else snprintf(buf, cap, "%.3f us", s * 1e6);
  return buf;
}

static const char *fmt_bytes(double b, char *buf, size_t cap) {
  if (b >= 1 << 30) snprintf(buf, cap, "%.2f GiB", b / (1 << 30));
  else if (b >= 1 << 20) snprintf(buf, cap, "%.2f MiB", b / (1 << 20));
  else if (b >= 1 << 10) snprintf(buf, cap, "%.2f KiB", b / (1 << 10));
  else snprintf(buf, cap, "%.0f B", b);
  return buf;
}

static void report_kernel(tsr_timing *t, FILE *f, int i) {
  const kernel_rec *k = &t->kernels[i];
  char a[32], b[32], c[32], d[32], e[32];
  double secs = k->end > k->begin ? k->end - k->begin : 0;
  shares s = kernel_shares(t, k, k->cores ? k->cores : 1);
  fprintf(f, "\nkernel %d \"%s\" on %d core(s): %s, %lld steps, %s\n", i,
          k->name >= 0 && k->name < t->nnames ? t->names[k->name] : "?", k->cores,
          fmt_time(secs, a, sizeof a), (long long)k->steps, verdict(&s, secs));
  fprintf(f, "  bytes in %s, out %s, local %s; %lld DMAs (%lld skipped); %.3g flops\n",
          fmt_bytes((double)k->bytes_in, a, sizeof a), fmt_bytes((double)k->bytes_out, b, sizeof b),
          fmt_bytes((double)k->bytes_local, c, sizeof c), (long long)k->dmas,
          (long long)k->skipped, k->flops);
  fprintf(f, "  per core: compute %s, stall %s, step overhead %s, DMA issue %s, HBM at "
          "sustained bandwidth %s\n", fmt_time(s.compute, a, sizeof a),
          fmt_time(k->stall / (k->cores ? k->cores : 1), b, sizeof b),
          fmt_time(s.per_step, c, sizeof c), fmt_time(k->issue / (k->cores ? k->cores : 1), d, sizeof d),
          fmt_time(s.hbm, e, sizeof e));
  if (!k->nfirst) return;
  fprintf(f, "  %6s %4s %12s %10s %10s %10s %10s %10s %10s\n", "step", "core", "begin(us)",
          "time(us)", "overhead", "dma-issue", "stall", "compute", "bytes");
  for (int j = 0; j < k->nfirst; j++) {
    const step_rec *r = &k->first[j];
    fprintf(f, "  %6lld %4d %12.3f %10.3f %10.3f %10.3f %10.3f %10.3f %10lld\n",
            (long long)r->step, r->core, r->begin * 1e6, (r->end - r->begin) * 1e6,
            r->overhead * 1e6, r->issue * 1e6, r->stall * 1e6, r->compute * 1e6,
            (long long)r->bytes);
  }
  if (k->steps > k->nfirst)
    fprintf(f, "  ... %lld more steps\n", (long long)(k->steps - k->nfirst));
}

tsr_status tsr_timing_report(tsr_timing *t, FILE *f) {
  pthread_mutex_lock(&t->lock);
  tsr_timing_summary s;
  summarize_locked(t, &s);
  int cores = cores_used(t);
  char a[32], b[32], c[32], d[32];
  fprintf(f, "timing model: chip %s (per TensorCore: HBM %.0f GB/s, bf16 %.0f TFLOP/s; %d "
          "TensorCore(s) per chip), %d core(s) simulated\n", t->chip.name,
          t->chip.hbm_bytes_per_s / 1e9, t->chip.bf16_flops / 1e12, t->chip.tensor_cores, cores);
  fprintf(f, "simulated time       %s\n", fmt_time(s.seconds, a, sizeof a));
  fprintf(f, "kernels              %d, %lld steps, %lld DMAs (%lld skipped, %lld waited for an "
          "engine)\n", s.kernels, (long long)s.steps, (long long)s.dmas, (long long)s.dmas_skipped,
          (long long)s.dmas_queued);
  fprintf(f, "bytes                in %s, out %s, local %s; crossing HBM (tile-rounded) %s\n",
          fmt_bytes((double)s.bytes_in, a, sizeof a), fmt_bytes((double)s.bytes_out, b, sizeof b),
          fmt_bytes((double)s.bytes_local, c, sizeof c), fmt_bytes((double)s.bytes_moved, d, sizeof d));
  fprintf(f, "HBM bandwidth        %.1f%% of %.0f GB/s peak (streaming sustains %.0f%%)\n",
          100 * s.hbm_fraction, peak_bw(t, cores) / 1e9,
          100 * usable_bw(t, cores) / peak_bw(t, cores));
  fprintf(f, "MXU                  %.1f%% of peak (%.3g flops)\n", 100 * s.mxu_fraction, s.flops);
  fprintf(f, "time (all cores)     compute %s, stalled %s, step overhead %s, DMA issue %s\n",
          fmt_time(s.compute_seconds, a, sizeof a), fmt_time(s.stall_seconds, b, sizeof b),
          fmt_time(s.step_overhead_seconds, c, sizeof c), fmt_time(s.dma_issue_seconds, d, sizeof d));
  if (s.dma_active_seconds > 0)
    fprintf(f, "DMA/compute overlap  %.1f%% of DMA time hidden (%s of DMAs in flight)\n",
            100 * s.overlap, fmt_time(s.dma_active_seconds, a, sizeof a));
  fprintf(f, "verdict              %s\n", s.verdict);
  if (t->unmatched_waits)
    fprintf(f, "note                 %lld wait(s) matched no DMA or signal of the model and "
            "did not stall\n", (long long)t->unmatched_waits);
  for (int i = 0; i < t->nkernels; i++) report_kernel(t, f, i);
  pthread_mutex_unlock(&t->lock);
  return ferror(f) ? tsr_fail(TSR_ERR_IO, "error writing the timing report") : TSR_OK;
}

/* ---- JSON -------------------------------------------------------------------------- */

static cJSON *kernel_json(tsr_timing *t, int i) {
  const kernel_rec *k = &t->kernels[i];
  cJSON *o = cJSON_CreateObject();
  double secs = k->end > k->begin ? k->end - k->begin : 0;
  shares s = kernel_shares(t, k, k->cores ? k->cores : 1);
  cJSON_AddStringToObject(o, "name", k->name >= 0 && k->name < t->nnames ? t->names[k->name] : "?");
  cJSON_AddNumberToObject(o, "cores", k->cores);
  cJSON_AddNumberToObject(o, "begin_seconds", k->begin < TM_INF ? k->begin : 0);
  cJSON_AddNumberToObject(o, "seconds", secs);
  cJSON_AddNumberToObject(o, "steps", (double)k->steps);
  cJSON_AddNumberToObject(o, "dmas", (double)k->dmas);
  cJSON_AddNumberToObject(o, "dmas_skipped", (double)k->skipped);
  cJSON_AddNumberToObject(o, "bytes_in", (double)k->bytes_in);
  cJSON_AddNumberToObject(o, "bytes_out", (double)k->bytes_out);
  cJSON_AddNumberToObject(o, "bytes_local", (double)k->bytes_local);
  cJSON_AddNumberToObject(o, "bytes_moved", (double)k->bytes_moved);
  cJSON_AddNumberToObject(o, "flops", k->flops);
  cJSON_AddNumberToObject(o, "compute_seconds", k->compute);
  cJSON_AddNumberToObject(o, "stall_seconds", k->stall);
  cJSON_AddNumberToObject(o, "step_overhead_seconds", k->overhead);
  cJSON_AddNumberToObject(o, "dma_issue_seconds", k->issue);
  cJSON_AddStringToObject(o, "verdict", verdict(&s, secs));
  cJSON *steps = cJSON_AddArrayToObject(o, "first_steps");
  for (int j = 0; j < k->nfirst; j++) {
    const step_rec *r = &k->first[j];
    cJSON *st = cJSON_CreateObject();
    cJSON_AddNumberToObject(st, "step", (double)r->step);
    cJSON_AddNumberToObject(st, "core", r->core);
    cJSON_AddNumberToObject(st, "begin_seconds", r->begin);
    cJSON_AddNumberToObject(st, "seconds", r->end - r->begin);
    cJSON_AddNumberToObject(st, "overhead_seconds", r->overhead);
    cJSON_AddNumberToObject(st, "dma_issue_seconds", r->issue);
    cJSON_AddNumberToObject(st, "stall_seconds", r->stall);
    cJSON_AddNumberToObject(st, "compute_seconds", r->compute);
    cJSON_AddNumberToObject(st, "bytes", (double)r->bytes);
    cJSON_AddItemToArray(steps, st);
  }
  return o;
}

tsr_status tsr_timing_write_json(tsr_timing *t, const char *path) {
  pthread_mutex_lock(&t->lock);
  tsr_timing_summary s;
  summarize_locked(t, &s);
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "chip", t->chip.name);
  cJSON_AddNumberToObject(o, "cores", cores_used(t));
  cJSON_AddNumberToObject(o, "simulated_seconds", s.seconds);
  cJSON_AddNumberToObject(o, "kernels", s.kernels);
  cJSON_AddNumberToObject(o, "steps", (double)s.steps);
  cJSON_AddNumberToObject(o, "dmas", (double)s.dmas);
  cJSON_AddNumberToObject(o, "dmas_skipped", (double)s.dmas_skipped);
  cJSON_AddNumberToObject(o, "dmas_queued", (double)s.dmas_queued);
  cJSON_AddNumberToObject(o, "bytes_in", (double)s.bytes_in);
  cJSON_AddNumberToObject(o, "bytes_out", (double)s.bytes_out);
  cJSON_AddNumberToObject(o, "bytes_local", (double)s.bytes_local);
  cJSON_AddNumberToObject(o, "bytes_moved", (double)s.bytes_moved);
  cJSON_AddNumberToObject(o, "flops", s.flops);
  cJSON_AddNumberToObject(o, "compute_seconds", s.compute_seconds);
  cJSON_AddNumberToObject(o, "stall_seconds", s.stall_seconds);
  cJSON_AddNumberToObject(o, "step_overhead_seconds", s.step_overhead_seconds);
  cJSON_AddNumberToObject(o, "dma_issue_seconds", s.dma_issue_seconds);
  cJSON_AddNumberToObject(o, "hbm_fraction", s.hbm_fraction);
  cJSON_AddNumberToObject(o, "mxu_fraction", s.mxu_fraction);
  cJSON_AddNumberToObject(o, "overlap", s.overlap);
  cJSON_AddStringToObject(o, "verdict", s.verdict);
  cJSON_AddNumberToObject(o, "unmatched_waits", (double)t->unmatched_waits);
  cJSON *ks = cJSON_AddArrayToObject(o, "kernels_detail");
  for (int i = 0; i < t->nkernels; i++) cJSON_AddItemToArray(ks, kernel_json(t, i));
  pthread_mutex_unlock(&t->lock);
  char *text = cJSON_Print(o);
  cJSON_Delete(o);
  if (!text) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  atomic_file af;
  tsr_status st = atomic_file_open(&af, path);
  if (st == TSR_OK) {
    fputs(text, af.f);
    fputc('\n', af.f);
    st = atomic_file_commit(&af);
  }
  free(text);
  return st;
}
