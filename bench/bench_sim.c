/* tessera bench sim: the cost of the timing model and the default checkers as observers.
 * Feeds the synthetic event stream of the v5e calibration matmul (bf16, 128^3 blocks, one
 * core, ~2 million events) to an observer that does nothing (the baseline: generating and
 * dispatching the events), to the timing model, and to the default checkers. */
#include <stdio.h>

#include "../tests/synthetic_pipeline.h"
#include "bench.h"
#include "tessera/check.h"
#include "tessera/timing.h"

static long long counted;
static void count_event(void *user, const tsr_event *ev) {
  (void)user;
  (void)ev;
  counted++;
}

static synth_pipeline calibration_matmul(int64_t n) {
  synth_pipeline p = {.name = "matmul", .n_in = 2, .in_dtype = TSR_BF16, .out_dtype = TSR_F32,
                      .buffers = 2, .access_events = true};
  p.steps = (n / 128) * (n / 128) * (n / 128);
  p.in_shape[0][0] = p.in_shape[0][1] = p.in_shape[1][0] = p.in_shape[1][1] = 128;
  p.out_shape[0] = p.out_shape[1] = 128;
  p.out_every = n / 128;
  p.cost.flops = 2.0 * 128 * 128 * 128;
  p.cost.mxu_dtype = TSR_BF16;
  return p;
}

/* Best of a few runs: the machine is shared. */
static double time_run(const tsr_observer *o, const synth_pipeline *p, int reps) {
  double best = 1e30;
  for (int r = 0; r < reps; r++) {
    double t0 = bench_now();
    synth_run(o, p);
    double t = bench_now() - t0;
    if (t < best) best = t;
  }
  return best;
}

int bench_sim(const bench_opts *o) {
  synth_pipeline p = calibration_matmul(o->quick ? 2048 : 8192);
  int reps = o->quick ? 1 : 3;
  tsr_observer none = {.on_event = count_event};
  counted = 0;
  synth_run(&none, &p);
  double events = (double)counted;
  double base = time_run(&none, &p, reps);

  tsr_timing *t = NULL;
  if (tsr_timing_create(tsr_chip_get("v5e"), NULL, &t) != TSR_OK) return 1;
  tsr_observer to = tsr_timing_observer(t);
  double best = 1e30;
  double simulated = 0;
  for (int r = 0; r < reps; r++) {
    tsr_timing_reset(t);
    double t0 = bench_now();
    synth_run(&to, &p);
    simulated = tsr_timing_seconds(t); /* includes finishing the replay */
    double el = bench_now() - t0;
    if (el < best) best = el;
  }
  tsr_timing_destroy(t);

  tsr_checker *ck = NULL;
  if (tsr_checker_create(TSR_CHECK_DEFAULT, &ck) != TSR_OK) return 1;
  tsr_observer co = tsr_checker_observer(ck);
  double checked = time_run(&co, &p, reps);
  int findings = tsr_checker_count(ck);
  tsr_checker_destroy(ck);

  bench_figure(o, "sim events", events, "events", 0, true);
  bench_figure(o, "sim simulated time", simulated * 1e3, "ms", 0, true);
  bench_figure(o, "sim timing model throughput", events / best, "events/s", events / base, true);
  bench_figure(o, "sim timing model cost", best / events * 1e9, "ns/event", base / events * 1e9, false);
  bench_figure(o, "sim checkers (default) cost", checked / events * 1e9, "ns/event",
               base / events * 1e9, false);
  if (findings) fprintf(stderr, "bench sim: the checkers reported %d findings on a clean stream\n", findings);
  return findings ? 1 : 0;
}
