/* tessera bench timing_only: timing without computing (docs/timing.md, "Timing-only runs") on
 * a bf16 Pallas matmul with (512, 1024, 1024) blocks and a VMEM accumulator. The baseline is
 * a full run of the same kernel, measured in the same process at a size a CPU computes in
 * seconds (2048^3), and scaled by the work (the flops) to the big size, 16384^3, which only
 * the timing-only run does: a full run of it would take tens of minutes here. The full and
 * timing-only runs at the small size must give the same simulated seconds, to the bit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "tessera/mosaic.h"
#include "tessera/sim.h"

#define BM 512
#define BK 1024
#define BN 1024

/* out = x @ y with an f32 accumulator, zeroed at k == 0 and written out at the last k. */
static const char *matmul_text =
    "module @matmul_bf16 {\n"
    "  func.func @kernel(%%i: i32, %%j: i32, %%k: i32, %%x: memref<%dx%dxbf16, #tpu.memory_space<vmem>>, "
    "%%y: memref<%dx%dxbf16, #tpu.memory_space<vmem>>, %%o: memref<%dx%dxf32, #tpu.memory_space<vmem>>, "
    "%%acc: memref<%dx%dxf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, "
    "#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: %d, %d, %d>, "
    "scalar_prefetch = 0 : i64, scratch_operands = 1 : i64, window_params = [{transform_indices = @tx, window_bounds = "
    "array<i64: %d, %d>}, {transform_indices = @ty, window_bounds = array<i64: %d, %d>}, {transform_indices = @to, "
    "window_bounds = array<i64: %d, %d>}]} {\n"
    "    %%zero_i = arith.constant 0 : i32\n"
    "    %%last_k = arith.constant %d : i32\n"
    "    %%c0 = arith.constant 0 : index\n"
    "    %%first = arith.cmpi eq, %%k, %%zero_i : i32\n"
    "    scf.if %%first {\n"
    "      %%z = arith.constant dense<0.000000e+00> : vector<%dx%dxf32>\n"
    "      vector.store %%z, %%acc[%%c0, %%c0] : memref<%dx%dxf32, #tpu.memory_space<vmem>>, vector<%dx%dxf32>\n"
    "    }\n"
    "    %%a = vector.load %%x[%%c0, %%c0] : memref<%dx%dxbf16, #tpu.memory_space<vmem>>, vector<%dx%dxbf16>\n"
    "    %%b = vector.load %%y[%%c0, %%c0] : memref<%dx%dxbf16, #tpu.memory_space<vmem>>, vector<%dx%dxbf16>\n"
    "    %%s = vector.load %%acc[%%c0, %%c0] : memref<%dx%dxf32, #tpu.memory_space<vmem>>, vector<%dx%dxf32>\n"
    "    %%t = \"tpu.matmul\"(%%a, %%b, %%s) {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], "
    "[0, 0, 1, 1], [], []>} : (vector<%dx%dxbf16>, vector<%dx%dxbf16>, vector<%dx%dxf32>) -> vector<%dx%dxf32>\n"
    "    vector.store %%t, %%acc[%%c0, %%c0] : memref<%dx%dxf32, #tpu.memory_space<vmem>>, vector<%dx%dxf32>\n"
    "    %%last = arith.cmpi eq, %%k, %%last_k : i32\n"
    "    scf.if %%last {\n"
    "      vector.store %%t, %%o[%%c0, %%c0] : memref<%dx%dxf32, #tpu.memory_space<vmem>>, vector<%dx%dxf32>\n"
    "    }\n"
    "    return\n  }\n"
    "  func.func @tx(%%i: i32, %%j: i32, %%k: i32) -> (i32, i32) {\n    return %%i, %%k : i32, i32\n  }\n"
    "  func.func @ty(%%i: i32, %%j: i32, %%k: i32) -> (i32, i32) {\n    return %%k, %%j : i32, i32\n  }\n"
    "  func.func @to(%%i: i32, %%j: i32, %%k: i32) -> (i32, i32) {\n    return %%i, %%j : i32, i32\n  }\n}\n";

static tsr_mosaic_kernel *matmul_kernel(int S) {
  char *text = malloc(16384);
  if (!text) return NULL;
  snprintf(text, 16384, matmul_text, BM, BK, BK, BN, BM, BN, BM, BN, S / BM, S / BN, S / BK, BM, BK, BK, BN, BM, BN,
           S / BK - 1, BM, BN, BM, BN, BM, BN, BM, BK, BM, BK, BK, BN, BK, BN, BM, BN, BM, BN, BM, BK, BK, BN, BM, BN,
           BM, BN, BM, BN, BM, BN, BM, BN, BM, BN);
  tsr_mosaic_kernel *k = bench_kernel_from_text(text, "timing_only");
  free(text);
  return k;
}

/* One run of the S^3 matmul on a fresh v5e machine with the timing model: wall seconds, and
 * the simulated seconds in *simulated. Inputs are zero pages (calloc) that a timing-only run
 * never touches; a full run fills them first, outside the timed part. */
static double run_matmul(int S, tsr_timing_only mode, double *simulated) {
  tsr_mosaic_kernel *k = matmul_kernel(S);
  size_t n = (size_t)S * (size_t)S;
  uint16_t *x = calloc(n, 2), *y = calloc(n, 2);
  float *out = calloc(n, 4);
  tsr_sim *sim = NULL;
  tsr_sim_options so = {.chip = "v5e", .machine = {.quiet = true, .timing_only = mode}, .timing = true};
  double wall = -1;
  tsr_status s = k && x && y && out ? tsr_sim_create(&so, &sim) : TSR_ERR_NOMEM;
  for (size_t i = 0; s == TSR_OK && mode == TSR_COMPUTE && i < n; i++) {
    x[i] = tsr_f32_to_bf16((float)((i * 7) % 13) / 13.0f);
    y[i] = tsr_f32_to_bf16((float)((i * 5) % 11) / 11.0f);
  }
  int64_t sh[2] = {S, S};
  tsr_ref in[2] = {tsr_ref_dense(x, TSR_BF16, TSR_HBM, 2, sh), tsr_ref_dense(y, TSR_BF16, TSR_HBM, 2, sh)};
  tsr_ref ot = tsr_ref_dense(out, TSR_F32, TSR_HBM, 2, sh);
  tsr_call_stats st;
  if (s == TSR_OK) {
    double t0 = bench_now();
    s = tsr_mosaic_kernel_run(tsr_sim_machine(sim), k, in, 2, &ot, 1, NULL, &st);
    wall = bench_now() - t0;
  }
  if (s == TSR_OK && st.timing_only != (mode != TSR_COMPUTE)) s = TSR_ERR_INTERNAL;
  if (s == TSR_OK) *simulated = tsr_timing_seconds(tsr_sim_timing(sim));
  else fprintf(stderr, "bench timing_only: %d^3: %s\n", S, tsr_last_error());
  tsr_sim_destroy(sim);
  tsr_mosaic_kernel_destroy(k);
  free(x);
  free(y);
  free(out);
  return s == TSR_OK ? wall : -1;
}

int bench_timing_only(const bench_opts *o) {
  int small = o->quick ? 1024 : 2048, big = o->quick ? 4096 : 16384;
  double sim_full, sim_fast, sim_big;
  double full = run_matmul(small, TSR_COMPUTE, &sim_full);
  double fast = full < 0 ? -1 : run_matmul(small, TSR_TIMING_ONLY_STRICT, &sim_fast);
  double fast_big = fast < 0 ? -1 : run_matmul(big, TSR_TIMING_ONLY_STRICT, &sim_big);
  if (fast_big < 0) return 1;
  if (sim_full != sim_fast) {
    fprintf(stderr, "bench timing_only: %d^3: simulated %.17g s timing-only, %.17g s in full\n", small, sim_fast, sim_full);
    return 1;
  }
  char name[160];
  snprintf(name, sizeof name, "timing-only bf16 %d^3, blocks (%d,%d,%d), same simulated seconds (full run = baseline)", small,
           BM, BK, BN);
  bench_figure(o, name, fast, "s", full, false);
  double scale = (double)big / small * big / small * big / small; /* the work, in flops */
  snprintf(name, sizeof name, "timing-only bf16 %d^3 (%d steps, %.2f ms simulated on v5e) (full %d^3 x %.0f = baseline)", big,
           (big / BM) * (big / BN) * (big / BK), sim_big * 1e3, small, scale);
  bench_figure(o, name, fast_big, "s", full * scale, false);
  return 0;
}
