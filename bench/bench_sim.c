/* tessera bench sim: the cost of the timing model and the default checkers as observers.
 * Feeds the synthetic event stream of the v5e calibration matmul (bf16, 128^3 blocks, one
 * core, ~2 million events) to an observer that does nothing (the baseline: generating and
 * dispatching the events), to the timing model, and to the default checkers. */
#include <stdio.h>
#include <stdlib.h>

#include "core/blas.h"
#include "../tests/synthetic_pipeline.h"
#include "bench.h"
#include "tessera/check.h"
#include "tessera/pipeline.h"
#include "tessera/sim.h"
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

/* ---- the slowdown of real runs with the observers attached --------------------------------- */

#define F(r) ((float *)(void *)(r)->data)

static tsr_status tiny_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *y = tsr_ctx_out(c, 0);
  for (int i = 0; i < 8 * 128; i++) F(y)[i] = F(x)[i] * 2.0f;
  return TSR_OK;
}

static tsr_status mm_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *a = tsr_ctx_in(c, 0), *b = tsr_ctx_in(c, 1), *o = tsr_ctx_out(c, 0);
  int n = (int)a->shape[0];
  blas_sgemm(false, false, n, n, n, 1.0f, F(a), (int)a->stride[0],
              F(b), (int)b->stride[0], tsr_ctx_program_id(c, 2) == 0 ? 0.0f : 1.0f, F(o),
              (int)o->stride[0]);
  tsr_cost cost = {.flops = 2.0 * n * n * n, .mxu_dtype = TSR_F32};
  tsr_ctx_add_cost(c, &cost);
  return TSR_OK;
}

enum { OBS_NONE, OBS_TIMING, OBS_ALL };

/* Best wall time of a call on a fresh machine with the given observers. */
static double timed_call(const tsr_call_desc *d, int observers, int reps) {
  double best = 1e30;
  for (int r = 0; r < reps; r++) {
    /* the machine and observers of a user's run; no host helpers: the figure is the
     * observers' cost on one CPU */
    tsr_sim_options so = {.chip = "v5e", .machine = {.num_cores = 1, .quiet = true, .host_helpers = -1},
                          .checks = observers == OBS_ALL ? TSR_CHECK_ALL : 0, .timing = observers >= OBS_TIMING,
                          .timing_options = {.trace = true}};
    tsr_sim *sim = NULL;
    if (tsr_sim_create(&so, &sim) != TSR_OK) { fprintf(stderr, "bench sim: %s\n", tsr_last_error()); return -1; }
    tsr_timing *t = tsr_sim_timing(sim);
    double t0 = bench_now();
    tsr_status s = tsr_pallas_call(tsr_sim_machine(sim), d, NULL);
    if (t) tsr_timing_seconds(t); /* the model's answer is part of its cost */
    double el = bench_now() - t0;
    tsr_sim_destroy(sim);
    if (s != TSR_OK) { fprintf(stderr, "bench sim: %s\n", tsr_last_error()); return -1; }
    if (el < best) best = el;
  }
  return best;
}

static int run_slowdowns(const bench_opts *o) {
  int reps = o->quick ? 1 : 3;
  /* tiny (8,128) blocks: the worst case, most events per unit of work */
  int64_t blocks = o->quick ? 1024 : 16384;
  float *x = calloc((size_t)blocks * 1024, sizeof(float)), *y = calloc((size_t)blocks * 1024, sizeof(float));
  int N = o->quick ? 256 : 1024, B = 128;
  float *a = calloc((size_t)N * N, sizeof(float)), *b = calloc((size_t)N * N, sizeof(float)),
        *c = calloc((size_t)N * N, sizeof(float));
  int rc = 0;
  if (!x || !y || !a || !b || !c) rc = 1;
  tsr_ref xi = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, (int64_t[]){blocks * 8, 128});
  tsr_ref yo = tsr_ref_dense(y, TSR_F32, TSR_HBM, 2, (int64_t[]){blocks * 8, 128});
  tsr_block_spec tiny = {.rank = 2, .block_shape = {8, 128}, .axis_map = {TSR_AXIS(0)}};
  tsr_call_desc dt = {.name = "tiny", .grid_rank = 1, .grid = {blocks}, .num_inputs = 1, .inputs = &xi,
                      .in_specs = &tiny, .num_outputs = 1, .outputs = &yo, .out_specs = &tiny,
                      .body = tiny_body};
  tsr_ref mi[2] = {tsr_ref_dense(a, TSR_F32, TSR_HBM, 2, (int64_t[]){N, N}),
                   tsr_ref_dense(b, TSR_F32, TSR_HBM, 2, (int64_t[]){N, N})};
  tsr_ref mo = tsr_ref_dense(c, TSR_F32, TSR_HBM, 2, (int64_t[]){N, N});
  tsr_block_spec ms[3] = {{.rank = 2, .block_shape = {B, B}, .axis_map = {TSR_AXIS(0), TSR_AXIS(2)}},
                          {.rank = 2, .block_shape = {B, B}, .axis_map = {TSR_AXIS(2), TSR_AXIS(1)}},
                          {.rank = 2, .block_shape = {B, B}, .axis_map = {TSR_AXIS(0), TSR_AXIS(1)}}};
  tsr_call_desc dm = {.name = "matmul", .grid_rank = 3, .grid = {N / B, N / B, N / B},
                      .num_inputs = 2, .inputs = mi, .in_specs = ms, .num_outputs = 1,
                      .outputs = &mo, .out_specs = &ms[2], .body = mm_body};
  const tsr_call_desc *calls[2] = {&dt, &dm};
  const char *names[2] = {"(8,128) blocks", "matmul 128^3 blocks"};
  blas_set_threads(1);
  for (int k = 0; k < 2 && !rc; k++) {
    double off = timed_call(calls[k], OBS_NONE, reps);
    double model = timed_call(calls[k], OBS_TIMING, reps);
    double all = timed_call(calls[k], OBS_ALL, reps);
    if (off < 0 || model < 0 || all < 0) { rc = 1; break; }
    char name[96];
    /* ratio = time off / time on: 0.67 is the 1.5x slowdown target, 0.33 the 3x one */
    snprintf(name, sizeof name, "run %s, timing model on", names[k]);
    bench_figure(o, name, model * 1e3, "ms", off * 1e3, false);
    snprintf(name, sizeof name, "run %s, model + all checkers", names[k]);
    bench_figure(o, name, all * 1e3, "ms", off * 1e3, false);
  }
  free(x); free(y); free(a); free(b); free(c);
  return rc;
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
  if (findings) return 1;
  return run_slowdowns(o);
}
