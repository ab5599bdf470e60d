/* The foundation's benchmarks: the pipeline engine against plain C and one big sgemm. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/blas.h"
#include "bench.h"
#include "tessera/pipeline.h"

#define F(r) ((float *)(void *)(r)->data)
#define REPEATS 3
#define ADD_REPEATS 5

static tsr_machine *bench_machine_mode(int cores, bool zero_copy) {
  /* no host helpers: a figure for N cores compares with a baseline on N CPUs */
  tsr_machine_options mo = {.chip = tsr_chip_get("v5p"), .num_cores = cores, .quiet = true,
                            .zero_copy = zero_copy, .host_helpers = -1};
  tsr_machine *m = NULL;
  if (tsr_machine_create(&mo, &m) != TSR_OK) fprintf(stderr, "bench: %s\n", tsr_last_error());
  return m;
}

static tsr_machine *bench_machine(int cores) { return bench_machine_mode(cores, false); }

/* ---- add ------------------------------------------------------------------------------- */

typedef struct loop_job { const float *x, *y; float *o; long begin, end; } loop_job;

static void *loop_part(void *p) {
  loop_job *j = p;
  for (long i = j->begin; i < j->end; i++) j->o[i] = j->x[i] + j->y[i];
  return NULL;
}

/* The baseline: the same add as a plain C loop, split over `threads` threads by rows. */
static double loop_add(const float *x, const float *y, float *o, long n, int threads) {
  pthread_t t[64];
  loop_job jobs[64];
  double t0 = bench_now();
  for (int k = 0; k < threads; k++) {
    jobs[k] = (loop_job){x, y, o, n * k / threads, n * (k + 1) / threads};
    if (k) pthread_create(&t[k], NULL, loop_part, &jobs[k]);
  }
  loop_part(&jobs[0]);
  for (int k = 1; k < threads; k++) pthread_join(t[k], NULL);
  return bench_now() - t0;
}

int bench_add(const bench_opts *o) {
  int64_t R = o->quick ? 1024 : 8192, C = R, BR = 8, BC = o->quick ? 1024 : 8192;
  long n = (long)(R * C);
  float *x = malloc(sizeof(float) * (size_t)n), *y = malloc(sizeof(float) * (size_t)n);
  float *out = malloc(sizeof(float) * (size_t)n);
  if (!x || !y || !out) { free(x); free(y); free(out); return 1; }
  for (long i = 0; i < n; i++) { x[i] = (float)(i % 1000); y[i] = 1.0f; out[i] = 0; }
  int rc = 0;
  /* Three ways, each on 1 and 2 cores: the default pipeline with specs that declare nothing
   * (every block copied), with specs that declare what the body does (inputs only read, the
   * output overwritten: blocks used in place in HBM, the copies elided where nothing can
   * tell), and zero-copy mode (views whatever the body does). */
  for (int run = 0; run < 6 && !rc; run++) {
    int cores = 1 + run % 2, mode = run / 2;
    bool declared = mode == 1, zero_copy = mode == 2;
    if (o->cores && cores != o->cores) continue;
    tsr_machine *m = bench_machine_mode(cores, zero_copy);
    if (!m) { rc = 1; break; }
    int64_t shape[2] = {R, C};
    tsr_ref in[2] = {tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, shape), tsr_ref_dense(y, TSR_F32, TSR_HBM, 2, shape)};
    tsr_ref res = tsr_ref_dense(out, TSR_F32, TSR_HBM, 2, shape);
    tsr_block_spec spec = {.rank = 2, .block_shape = {BR, BC}, .axis_map = {TSR_AXIS(0), TSR_AXIS(1)}};
    tsr_block_spec specs[2] = {spec, spec}, ospec = spec;
    specs[0].read_only = specs[1].read_only = ospec.overwrites = declared;
    tsr_call_desc d = {.name = "add", .grid_rank = 2, .grid = {R / BR, C / BC},
                       .semantics = {TSR_PARALLEL, TSR_PARALLEL}, .num_inputs = 2, .inputs = in,
                       .in_specs = specs, .num_outputs = 1, .outputs = &res, .out_specs = &ospec,
                       .body = bench_add_body};
    /* Memory-bound on a shared host: the best of several runs each, the two sides taking
     * turns at going first, each after the same memset of the output (faulted in, and the
     * cache holding neither side's data). */
    double best_t = 1e30, best_b = 1e30;
    for (int r = 0; r < 2 * ADD_REPEATS && !rc; r++) {
      memset(out, 0, sizeof(float) * (size_t)n);
      if ((r & 1) == (r / 2 & 1)) {
        double t0 = bench_now();
        if (tsr_pallas_call(m, &d, NULL) != TSR_OK) {
          fprintf(stderr, "bench add: %s\n", tsr_last_error());
          rc = 1;
        }
        double t = bench_now() - t0;
        if (t < best_t) best_t = t;
        for (long i = 0; i < n && !rc; i += 4099)
          if (out[i] != x[i] + y[i]) { fprintf(stderr, "bench add: wrong result\n"); rc = 1; }
      } else {
        double b = loop_add(x, y, out, n, cores);
        if (b < best_b) best_b = b;
      }
    }
    char name[64];
    snprintf(name, sizeof name, "add f32[%lld,%lld] %d core(s)%s", (long long)R, (long long)C,
             cores, zero_copy ? " zero-copy" : declared ? " declared" : "");
    double bytes = 3.0 * (double)n * 4;
    bench_figure(o, name, bytes / best_t / 1e9, "GB/s", bytes / best_b / 1e9, true);
    tsr_machine_destroy(m);
  }
  free(x); free(y); free(out);
  return rc;
}

/* ---- matmul ------------------------------------------------------------------------------- */

/* Accumulates into the output block itself: it stays in VMEM while k walks (the output's
 * block index ignores k), which is the Pallas idiom for f32 outputs. */
static tsr_status matmul_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *a = tsr_ctx_in(c, 0), *b = tsr_ctx_in(c, 1), *o = tsr_ctx_out(c, 0);
  int M = (int)a->shape[0], K = (int)a->shape[1], N = (int)b->shape[1];
  blas_sgemm(false, false, M, N, K, 1.0f, F(a), (int)a->stride[0],
              F(b), (int)b->stride[0], tsr_ctx_program_id(c, 2) == 0 ? 0.0f : 1.0f, F(o),
              (int)o->stride[0]);
  return TSR_OK;
}

int bench_matmul(const bench_opts *o) {
  int S = o->quick ? 512 : 2048, B = o->quick ? 256 : 1024, BK = o->quick ? 256 : 512;
  size_t n = (size_t)S * (size_t)S;
  float *a = malloc(sizeof(float) * n), *b = malloc(sizeof(float) * n);
  float *c1 = malloc(sizeof(float) * n), *c2 = malloc(sizeof(float) * n);
  if (!a || !b || !c1 || !c2) { free(a); free(b); free(c1); free(c2); return 1; }
  for (size_t i = 0; i < n; i++) { a[i] = (float)((i * 7) % 13) / 13.0f; b[i] = (float)((i * 5) % 11) / 11.0f; }
  int rc = 0;
  for (int cores = 1; cores <= 2; cores++) {
    if (o->cores && cores != o->cores) continue;
    tsr_machine *m = bench_machine(cores);
    if (!m) { rc = 1; break; }
    int64_t shape[2] = {S, S};
    tsr_ref in[2] = {tsr_ref_dense(a, TSR_F32, TSR_HBM, 2, shape), tsr_ref_dense(b, TSR_F32, TSR_HBM, 2, shape)};
    tsr_ref res = tsr_ref_dense(c1, TSR_F32, TSR_HBM, 2, shape);
    tsr_block_spec ins[2] = {{.rank = 2, .block_shape = {B, BK}, .axis_map = {TSR_AXIS(0), TSR_AXIS(2)}},
                             {.rank = 2, .block_shape = {BK, B}, .axis_map = {TSR_AXIS(2), TSR_AXIS(1)}}};
    tsr_block_spec outs = {.rank = 2, .block_shape = {B, B}, .axis_map = {TSR_AXIS(0), TSR_AXIS(1)}};
    tsr_call_desc d = {.name = "matmul", .grid_rank = 3, .grid = {S / B, S / B, S / BK},
                       .semantics = {TSR_PARALLEL, TSR_PARALLEL, TSR_ARBITRARY}, .num_inputs = 2,
                       .inputs = in, .in_specs = ins, .num_outputs = 1, .outputs = &res,
                       .out_specs = &outs, .body = matmul_body};
    double best_t = 1e30, best_b = 1e30;
    for (int r = 0; r < REPEATS; r++) {
      blas_set_threads(1); /* each simulated core runs its own single-threaded sgemm */
      double t0 = bench_now();
      if (tsr_pallas_call(m, &d, NULL) != TSR_OK) {
        fprintf(stderr, "bench matmul: %s\n", tsr_last_error());
        rc = 1;
        break;
      }
      double t = bench_now() - t0;
      if (t < best_t) best_t = t;
      blas_set_threads(cores);
      t0 = bench_now();
      blas_sgemm(false, false, S, S, S, 1.0f, a, S, b, S, 0.0f, c2, S);
      t = bench_now() - t0;
      if (t < best_b) best_b = t;
    }
    double worst = 0;
    for (size_t i = 0; i < n; i += 997) {
      double e = c1[i] - c2[i];
      if (e < 0) e = -e;
      if (e > worst) worst = e;
    }
    if (worst > 1e-2 * S / 512.0) { fprintf(stderr, "bench matmul: results differ by %g\n", worst); rc = 1; }
    char name[64];
    snprintf(name, sizeof name, "matmul f32 %d^3 blocks %dx%dx%d %d core(s)", S, B, B, BK, cores);
    double flops = 2.0 * S * (double)S * S;
    bench_figure(o, name, flops / best_t / 1e9, "GFLOP/s", flops / best_b / 1e9, true);
    tsr_machine_destroy(m);
  }
  free(a); free(b); free(c1); free(c2);
  return rc;
}

/* ---- steps: engine overhead per grid step ------------------------------------------------- */

static tsr_status inc_body(tsr_ctx *c, void *u) {
  (void)u;
  const float *restrict x = F(tsr_ctx_in(c, 0));
  float *restrict o = F(tsr_ctx_out(c, 0));
  for (int i = 0; i < 8 * 128; i++) o[i] = x[i] + 1.0f;
  return TSR_OK;
}

int bench_steps(const bench_opts *o) {
  /* 2048 blocks keep both arrays (8 MiB each) in the L3 cache: the figure is the engine's
   * own cost, not DRAM bandwidth. */
  int64_t blocks = 2048, calls = o->quick ? 16 : 512;
  long n = (long)blocks * 8 * 128;
  float *x = calloc((size_t)n, sizeof(float)), *out = calloc((size_t)n, sizeof(float));
  tsr_machine *m = bench_machine(1);
  if (!x || !out || !m) { free(x); free(out); tsr_machine_destroy(m); return 1; }
  int64_t shape[2] = {blocks * 8, 128};
  tsr_ref in = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, shape);
  tsr_ref res = tsr_ref_dense(out, TSR_F32, TSR_HBM, 2, shape);
  tsr_block_spec spec = {.rank = 2, .block_shape = {8, 128}, .axis_map = {TSR_AXIS(0)}};
  tsr_call_desc d = {.name = "steps", .grid_rank = 1, .grid = {blocks}, .num_inputs = 1,
                     .inputs = &in, .in_specs = &spec, .num_outputs = 1, .outputs = &res,
                     .out_specs = &spec, .body = inc_body};
  int rc = 0;
  int64_t steps = 0;
  double t0 = bench_now();
  for (int64_t k = 0; k < calls && !rc; k++) {
    tsr_call_stats st;
    if (tsr_pallas_call(m, &d, &st) != TSR_OK) {
      fprintf(stderr, "bench steps: %s\n", tsr_last_error());
      rc = 1;
    }
    steps += st.steps;
  }
  double t = bench_now() - t0;
  if (!rc && out[n - 1] != 1.0f) { fprintf(stderr, "bench steps: wrong result\n"); rc = 1; }
  /* The target: at least 1e6 steps per second per core (1 us of engine per step). */
  bench_figure(o, "steps (8,128) blocks, 1 core", (double)steps / t, "steps/s", 1e6, true);
  bench_figure(o, "engine time per step", t / (double)steps * 1e9, "ns", 0, false);
  free(x); free(out);
  tsr_machine_destroy(m);
  return rc;
}
