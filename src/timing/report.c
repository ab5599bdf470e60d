/* What the timing model tells: the summary, the text report and the JSON report. The verdict
 * names the largest of five per-core times (docs/timing.md): bytes at HBM bandwidth, body
 * compute, waits for ICI, per-step overhead, and per-DMA cost (issue + stalls beyond what
 * bandwidth and ICI explain). */
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "core/atomic_file.h"
#include "core/status.h"
#include "timing/timing_internal.h"

typedef struct shares {
  double hbm, compute, ici, per_step, per_dma;
} shares;

static int cores_used(const tsr_timing *t) {
  int n = 0;
  for (int c = 0; c < t->num_cores; c++) n += t->cores[c].seen;
  return n ? n : 1;
}

static int devices_used(const tsr_timing *t) {
  int n = 0;
  for (int d = 0; d < t->num_devices; d++) {
    bool seen = false;
    for (int c = d * t->cores_per_device; c < (d + 1) * t->cores_per_device && c < t->num_cores; c++)
      seen |= t->cores[c].seen;
    n += seen;
  }
  return n ? n : 1;
}

/* What streaming traffic of `cores` cores sustains (the HBM model's rate), each device's HBM
 * serving its own cores... */
static double usable_bw(const tsr_timing *t, int cores) {
  int devices = devices_used(t);
  int per = (cores + devices - 1) / devices;
  double bw = t->hbm[0].bw_core * per;
  return (bw < t->hbm[0].bw_chip ? bw : t->hbm[0].bw_chip) * devices;
}

/* ... and the nominal peak it is a fraction of, which the report's fraction compares with. */
static double peak_bw(const tsr_timing *t, int cores) {
  int tcs = t->chip.tensor_cores > 0 ? t->chip.tensor_cores : 1;
  int devices = devices_used(t);
  int per = (cores + devices - 1) / devices;
  return t->chip.hbm_bytes_per_s * (per < tcs ? per : tcs) * devices;
}

static const char *verdict(const shares *s, double seconds) {
  if (seconds <= 0) return "idle";
  double best = s->hbm;
  const char *v = "HBM-bound";
  if (s->compute > best) { best = s->compute; v = "compute-bound"; }
  if (s->ici > best) { best = s->ici; v = "ICI-bound"; }
  if (s->per_step > best) { best = s->per_step; v = "overhead-bound (per-step)"; }
  if (s->per_dma > best) v = "overhead-bound (per-DMA)";
  return v;
}

static shares kernel_shares(const tsr_timing *t, const tm_kernel_rec *k, int cores) {
  shares s;
  s.hbm = (double)k->bytes_moved / usable_bw(t, cores);
  s.compute = k->compute / k->cores;
  s.per_step = k->overhead / k->cores;
  /* waits for ICI are the ICI's share; the rest of the stalls beyond what HBM explains are
   * the DMAs' own cost */
  s.ici = k->ici_stall / k->cores;
  double stall = (k->stall - k->ici_stall) / k->cores;
  s.per_dma = k->issue / k->cores + (stall > s.hbm ? stall - s.hbm : 0);
  return s;
}

static void summarize_locked(tsr_timing *t, tsr_timing_summary *o) {
  tm_advance(t, true);
  memset(o, 0, sizeof *o);
  tm_kernel_rec all = {.cores = cores_used(t)};
  for (int i = 0; i < t->nkernels; i++) {
    const tm_kernel_rec *k = &t->kernels[i];
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
    all.ici_stall += k->ici_stall;
    all.ici_copies += k->ici_copies;
    all.ici_bytes += k->ici_bytes;
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
  o->devices = t->num_devices;
  o->ici_copies = all.ici_copies;
  o->ici_bytes = all.ici_bytes;
  o->ici_stall_seconds = all.ici_stall;
  for (int d = 0; d < t->num_devices; d++) o->ici_signals += t->devices[d].signals_sent;
}

/* Device d's figures; the simulation finished. */
static void device_figures(const tsr_timing *t, int d, tsr_timing_device *o) {
  const tm_device_sim *ds = &t->devices[d];
  *o = (tsr_timing_device){.compute_seconds = ds->compute, .stall_seconds = ds->stall,
                           .ici_stall_seconds = ds->ici_stall, .copies_sent = ds->copies_sent,
                           .bytes_sent = ds->bytes_sent, .bytes_received = ds->bytes_received,
                           .signals_sent = ds->signals_sent};
  for (int c = d * t->cores_per_device; c < (d + 1) * t->cores_per_device && c < t->num_cores; c++)
    if (t->cores[c].seen && t->cores[c].clock > o->seconds) o->seconds = t->cores[c].clock;
  for (int l = 0; l < tm_ici_links(&t->ici); l++) {
    if (l / 2 / t->ici.rank != d) continue; /* not one of its outgoing links */
    if (t->ici.busy[l] > o->busiest_link_seconds) o->busiest_link_seconds = t->ici.busy[l];
    if (t->ici.bytes[l] > o->busiest_link_bytes) o->busiest_link_bytes = t->ici.bytes[l];
  }
}

static void kernel_figures(tsr_timing *t, int i, tsr_timing_kernel *o);

/* Finishes the simulation and gives kernel or device i's figures. */
static tsr_status figures_at(tsr_timing *t, int i, bool kernel, void *out) {
  pthread_mutex_lock(&t->lock);
  tm_advance(t, true);
  int n = kernel ? t->nkernels : t->num_devices;
  bool ok = i >= 0 && i < n;
  if (ok && kernel) kernel_figures(t, i, out);
  else if (ok) device_figures(t, i, out);
  pthread_mutex_unlock(&t->lock);
  return ok ? TSR_OK : tsr_fail(TSR_ERR_INVALID, "timing model: %s %d of %d", kernel ? "kernel" : "device", i, n);
}

tsr_status tsr_timing_device_at(tsr_timing *t, int d, tsr_timing_device *out) { return figures_at(t, d, false, out); }

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
  const tm_kernel_rec *k = &t->kernels[i];
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
  if (k->ici_copies || k->ici_stall > 0)
    fprintf(f, "  ICI: %lld copies, %s; per core %s waiting for ICI\n", (long long)k->ici_copies,
            fmt_bytes((double)k->ici_bytes, a, sizeof a), fmt_time(s.ici, b, sizeof b));
  fprintf(f, "  per core: compute %s, stall %s, step overhead %s, DMA issue %s, HBM at "
          "sustained bandwidth %s\n", fmt_time(s.compute, a, sizeof a),
          fmt_time(k->stall / (k->cores ? k->cores : 1), b, sizeof b),
          fmt_time(s.per_step, c, sizeof c), fmt_time(k->issue / (k->cores ? k->cores : 1), d, sizeof d),
          fmt_time(s.hbm, e, sizeof e));
  if (!k->nfirst) return;
  fprintf(f, "  %6s %4s %12s %10s %10s %10s %10s %10s %10s\n", "step", "core", "begin(us)",
          "time(us)", "overhead", "dma-issue", "stall", "compute", "bytes");
  for (int j = 0; j < k->nfirst; j++) {
    const tm_step_rec *r = &k->first[j];
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
  if (t->num_devices > 1) {
    fprintf(f, "ICI                  %d devices on a %s torus (%d links each, %.0f GB/s one way per link, "
            "%.2f us per hop): %lld copies, %s, %lld signals; cores waited %s for it\n", t->num_devices,
            t->ici.rank == 1 ? "1D" : t->ici.rank == 2 ? "2D" : "3D", 2 * t->ici.rank, t->ici.bw / 1e9,
            t->ici.latency * 1e6, (long long)s.ici_copies, fmt_bytes((double)s.ici_bytes, a, sizeof a),
            (long long)s.ici_signals, fmt_time(s.ici_stall_seconds, b, sizeof b));
    fprintf(f, "  %6s %12s %12s %12s %12s %7s %12s %12s %7s %14s\n", "device", "end(us)", "compute(us)",
            "stall(us)", "ici-wait(us)", "copies", "sent", "received", "signals", "busiest link");
    for (int d = 0; d < t->num_devices; d++) {
      tsr_timing_device dv;
      device_figures(t, d, &dv);
      fprintf(f, "  %6d %12.3f %12.3f %12.3f %12.3f %7lld %12s %12s %7lld %9.1f%% busy\n", d, dv.seconds * 1e6,
              dv.compute_seconds * 1e6, dv.stall_seconds * 1e6, dv.ici_stall_seconds * 1e6,
              (long long)dv.copies_sent, fmt_bytes((double)dv.bytes_sent, a, sizeof a),
              fmt_bytes((double)dv.bytes_received, b, sizeof b), (long long)dv.signals_sent,
              s.seconds > 0 ? 100 * dv.busiest_link_seconds / s.seconds : 0);
    }
  }
  fprintf(f, "verdict              %s\n", s.verdict);
  if (t->unmatched_waits)
    fprintf(f, "note                 %lld wait(s) matched no DMA or signal of the model and "
            "did not stall\n", (long long)t->unmatched_waits);
  for (int i = 0; i < t->nkernels; i++) report_kernel(t, f, i);
  pthread_mutex_unlock(&t->lock);
  return ferror(f) ? tsr_fail(TSR_ERR_IO, "error writing the timing report") : TSR_OK;
}

/* ---- JSON -------------------------------------------------------------------------- */

static void kernel_figures(tsr_timing *t, int i, tsr_timing_kernel *o) {
  const tm_kernel_rec *k = &t->kernels[i];
  double secs = k->end > k->begin ? k->end - k->begin : 0;
  shares s = kernel_shares(t, k, k->cores ? k->cores : 1);
  *o = (tsr_timing_kernel){.name = k->name >= 0 && k->name < t->nnames ? t->names[k->name] : "?",
                           .cores = k->cores,
                           .begin_seconds = k->begin < TM_INF ? k->begin : 0,
                           .seconds = secs,
                           .steps = k->steps,
                           .dmas = k->dmas,
                           .dmas_skipped = k->skipped,
                           .bytes_in = k->bytes_in,
                           .bytes_out = k->bytes_out,
                           .bytes_local = k->bytes_local,
                           .bytes_moved = k->bytes_moved,
                           .flops = k->flops,
                           .compute_seconds = k->compute,
                           .stall_seconds = k->stall,
                           .step_overhead_seconds = k->overhead,
                           .dma_issue_seconds = k->issue,
                           .verdict = verdict(&s, secs)};
}

tsr_status tsr_timing_kernel_at(tsr_timing *t, int i, tsr_timing_kernel *out) { return figures_at(t, i, true, out); }

static cJSON *kernel_json(tsr_timing *t, int i) {
  const tm_kernel_rec *k = &t->kernels[i];
  tsr_timing_kernel f;
  kernel_figures(t, i, &f);
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "name", f.name);
  cJSON_AddNumberToObject(o, "cores", f.cores);
  cJSON_AddNumberToObject(o, "begin_seconds", f.begin_seconds);
  cJSON_AddNumberToObject(o, "seconds", f.seconds);
  cJSON_AddNumberToObject(o, "steps", (double)f.steps);
  cJSON_AddNumberToObject(o, "dmas", (double)f.dmas);
  cJSON_AddNumberToObject(o, "dmas_skipped", (double)f.dmas_skipped);
  cJSON_AddNumberToObject(o, "bytes_in", (double)f.bytes_in);
  cJSON_AddNumberToObject(o, "bytes_out", (double)f.bytes_out);
  cJSON_AddNumberToObject(o, "bytes_local", (double)f.bytes_local);
  cJSON_AddNumberToObject(o, "bytes_moved", (double)f.bytes_moved);
  cJSON_AddNumberToObject(o, "flops", f.flops);
  cJSON_AddNumberToObject(o, "compute_seconds", f.compute_seconds);
  cJSON_AddNumberToObject(o, "stall_seconds", f.stall_seconds);
  cJSON_AddNumberToObject(o, "step_overhead_seconds", f.step_overhead_seconds);
  cJSON_AddNumberToObject(o, "dma_issue_seconds", f.dma_issue_seconds);
  cJSON_AddStringToObject(o, "verdict", f.verdict);
  if (k->ici_copies || k->ici_stall > 0) { /* many chips */
    cJSON_AddNumberToObject(o, "ici_copies", (double)k->ici_copies);
    cJSON_AddNumberToObject(o, "ici_bytes", (double)k->ici_bytes);
    cJSON_AddNumberToObject(o, "ici_stall_seconds", k->ici_stall);
  }
  cJSON *steps = cJSON_AddArrayToObject(o, "first_steps");
  for (int j = 0; j < k->nfirst; j++) {
    const tm_step_rec *r = &k->first[j];
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
  if (t->num_devices > 1) {
    cJSON_AddNumberToObject(o, "ici_copies", (double)s.ici_copies);
    cJSON_AddNumberToObject(o, "ici_bytes", (double)s.ici_bytes);
    cJSON_AddNumberToObject(o, "ici_signals", (double)s.ici_signals);
    cJSON_AddNumberToObject(o, "ici_stall_seconds", s.ici_stall_seconds);
    cJSON *ds = cJSON_AddArrayToObject(o, "devices");
    for (int d = 0; d < t->num_devices; d++) {
      tsr_timing_device dv;
      device_figures(t, d, &dv);
      cJSON *j = cJSON_CreateObject();
      cJSON_AddNumberToObject(j, "device", d);
      cJSON_AddNumberToObject(j, "seconds", dv.seconds);
      cJSON_AddNumberToObject(j, "compute_seconds", dv.compute_seconds);
      cJSON_AddNumberToObject(j, "stall_seconds", dv.stall_seconds);
      cJSON_AddNumberToObject(j, "ici_stall_seconds", dv.ici_stall_seconds);
      cJSON_AddNumberToObject(j, "copies_sent", (double)dv.copies_sent);
      cJSON_AddNumberToObject(j, "bytes_sent", (double)dv.bytes_sent);
      cJSON_AddNumberToObject(j, "bytes_received", (double)dv.bytes_received);
      cJSON_AddNumberToObject(j, "signals_sent", (double)dv.signals_sent);
      cJSON_AddNumberToObject(j, "busiest_link_seconds", dv.busiest_link_seconds);
      cJSON_AddItemToArray(ds, j);
    }
  }
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
