/* tessera bench mosaic: the interpreted Mosaic executor against the same computation through
 * the native C API (tsr_pallas_call with C bodies), measured in the same run on the same
 * machine: the seed's add kernel over a large grid, and a gridded matmul with a scratch
 * accumulator. Ratio = native time / Mosaic time (goals: 0.5 for add, 0.6 for matmul). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/blas.h"
#include "bench.h"
#include "tessera/mosaic.h"

#define REPEATS 3
#define F(r) ((float *)(void *)(r)->data)

static tsr_mosaic_kernel *kernel_from_text(const char *text) { return bench_kernel_from_text(text, "mosaic"); }

/* ---- add ------------------------------------------------------------------------------------ */

static const char *add_text =
    "module @seed_add {\n"
    "  func.func @main(%%i: i32, %%j: i32, %%x: memref<%dx%dxf32, #tpu.memory_space<vmem>>, %%y: memref<%dx%dxf32, #tpu.memory_space<vmem>>, "
    "%%o: memref<%dx%dxf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, "
    "#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: %d, %d>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, "
    "window_params = [{transform_indices = @transform_0, window_bounds = array<i64: %d, %d>}, {transform_indices = @transform_0, "
    "window_bounds = array<i64: %d, %d>}, {transform_indices = @transform_0, window_bounds = array<i64: %d, %d>}]} {\n"
    "    %%c0 = arith.constant 0 : index\n"
    "    %%0 = vector.load %%x[%%c0, %%c0] : memref<%dx%dxf32, #tpu.memory_space<vmem>>, vector<%dx%dxf32>\n"
    "    %%1 = vector.load %%y[%%c0, %%c0] : memref<%dx%dxf32, #tpu.memory_space<vmem>>, vector<%dx%dxf32>\n"
    "    %%2 = arith.addf %%0, %%1 : vector<%dx%dxf32>\n"
    "    tpu.vector_store %%o[%%c0, %%c0], %%2 {strides = array<i32>} : memref<%dx%dxf32, #tpu.memory_space<vmem>>, vector<%dx%dxf32>,\n"
    "    return\n  }\n"
    "  func.func @transform_0(%%i: i32, %%j: i32) -> (i32, i32) {\n    return %%i, %%j : i32, i32\n  }\n}\n";

static int bench_mosaic_add(const bench_opts *o, tsr_machine *m) {
  int R = o->quick ? 1024 : 8192, C = 1024, BR = 64, BC = 512;
  char text[4096];
  snprintf(text, sizeof text, add_text, BR, BC, BR, BC, BR, BC, R / BR, C / BC, BR, BC, BR, BC, BR, BC, BR, BC, BR, BC, BR, BC,
           BR, BC, BR, BC, BR, BC, BR, BC);
  tsr_mosaic_kernel *k = kernel_from_text(text);
  if (!k) return 1;
  size_t n = (size_t)R * C;
  float *x = malloc(n * 4), *y = malloc(n * 4), *out = malloc(n * 4);
  if (!x || !y || !out) { free(x); free(y); free(out); tsr_mosaic_kernel_destroy(k); return 1; }
  for (size_t i = 0; i < n; i++) { x[i] = (float)(i % 1000); y[i] = 1.0f; }
  int64_t sh[2] = {R, C};
  tsr_ref in[2] = {tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sh), tsr_ref_dense(y, TSR_F32, TSR_HBM, 2, sh)};
  tsr_ref ot = tsr_ref_dense(out, TSR_F32, TSR_HBM, 2, sh);
  /* the native body declares what the Mosaic executor derives from the kernel: inputs only
   * read, the output overwritten (both then used in place in HBM) */
  tsr_block_spec spec = {.rank = 2, .block_shape = {BR, BC}, .axis_map = {TSR_AXIS(0), TSR_AXIS(1)}};
  tsr_block_spec specs[2] = {spec, spec}, ospec = spec;
  specs[0].read_only = specs[1].read_only = ospec.overwrites = true;
  tsr_call_desc d = {.name = "add", .grid_rank = 2, .grid = {R / BR, C / BC}, .semantics = {TSR_PARALLEL, TSR_PARALLEL},
                     .num_inputs = 2, .inputs = in, .in_specs = specs, .num_outputs = 1, .outputs = &ot, .out_specs = &ospec,
                     .body = bench_add_body};
  double tn = 1e30, tm = 1e30;
  int rc = 0;
  for (int r = 0; r < REPEATS && !rc; r++) {
    double t0 = bench_now();
    if (tsr_pallas_call(m, &d, NULL) != TSR_OK) rc = 1;
    double t1 = bench_now();
    if (tsr_mosaic_kernel_run(m, k, in, 2, &ot, 1, NULL, NULL) != TSR_OK) rc = 1;
    double t2 = bench_now();
    if (t1 - t0 < tn) tn = t1 - t0;
    if (t2 - t1 < tm) tm = t2 - t1;
  }
  for (size_t i = 0; i < n && !rc; i++)
    if (out[i] != x[i] + y[i]) rc = 1;
  if (rc) fprintf(stderr, "bench mosaic add: %s\n", tsr_last_error());
  char name[96];
  snprintf(name, sizeof name, "mosaic add f32[%d,%d], %d steps (native pallas_call = baseline)", R, C, (R / BR) * (C / BC));
  if (!rc) bench_figure(o, name, (double)n * 12 / tm / 1e9, "GB/s", (double)n * 12 / tn / 1e9, true);
  free(x); free(y); free(out);
  tsr_mosaic_kernel_destroy(k);
  return rc;
}

/* ---- matmul --------------------------------------------------------------------------------- */

static const char *mm_text =
    "module @matmul {\n"
    "  func.func @kernel(%%i: i32, %%j: i32, %%k: i32, %%x: memref<%dx%dxf32, #tpu.memory_space<vmem>>, %%y: memref<%dx%dxf32, #tpu.memory_space<vmem>>, "
    "%%o: memref<%dx%dxf32, #tpu.memory_space<vmem>>, %%acc: memref<%dx%dxf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = "
    "[#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = "
    "array<i64: %d, %d, %d>, scalar_prefetch = 0 : i64, scratch_operands = 1 : i64, window_params = [{transform_indices = @transform_0, "
    "window_bounds = array<i64: %d, %d>}, {transform_indices = @transform_1, window_bounds = array<i64: %d, %d>}, {transform_indices = "
    "@transform_2, window_bounds = array<i64: %d, %d>}]} {\n"
    "    %%c0_i32 = arith.constant 0 : i32\n"
    "    %%first = arith.cmpi eq, %%k, %%c0_i32 : i32\n"
    "    %%c0 = arith.constant 0 : index\n"
    "    scf.if %%first {\n"
    "      %%z = arith.constant dense<0.000000e+00> : vector<%dx%dxf32>\n"
    "      vector.store %%z, %%acc[%%c0, %%c0] : memref<%dx%dxf32, #tpu.memory_space<vmem>>, vector<%dx%dxf32>\n"
    "    }\n"
    "    %%a = vector.load %%x[%%c0, %%c0] : memref<%dx%dxf32, #tpu.memory_space<vmem>>, vector<%dx%dxf32>\n"
    "    %%b = vector.load %%y[%%c0, %%c0] : memref<%dx%dxf32, #tpu.memory_space<vmem>>, vector<%dx%dxf32>\n"
    "    %%s = vector.load %%acc[%%c0, %%c0] : memref<%dx%dxf32, #tpu.memory_space<vmem>>, vector<%dx%dxf32>\n"
    "    %%t = \"tpu.matmul\"(%%a, %%b, %%s) {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>} : "
    "(vector<%dx%dxf32>, vector<%dx%dxf32>, vector<%dx%dxf32>) -> vector<%dx%dxf32>\n"
    "    vector.store %%t, %%acc[%%c0, %%c0] : memref<%dx%dxf32, #tpu.memory_space<vmem>>, vector<%dx%dxf32>\n"
    "    %%nk = \"tpu.iteration_bound\"() {dim = 2 : i32} : () -> i32\n"
    "    %%c1_i32 = arith.constant 1 : i32\n"
    "    %%lastk = arith.subi %%nk, %%c1_i32 : i32\n"
    "    %%last = arith.cmpi eq, %%k, %%lastk : i32\n"
    "    scf.if %%last {\n"
    "      vector.store %%t, %%o[%%c0, %%c0] : memref<%dx%dxf32, #tpu.memory_space<vmem>>, vector<%dx%dxf32>\n"
    "    }\n"
    "    return\n  }\n"
    "  func.func @transform_0(%%i: i32, %%j: i32, %%k: i32) -> (i32, i32) {\n    return %%i, %%k : i32, i32\n  }\n"
    "  func.func @transform_1(%%i: i32, %%j: i32, %%k: i32) -> (i32, i32) {\n    return %%k, %%j : i32, i32\n  }\n"
    "  func.func @transform_2(%%i: i32, %%j: i32, %%k: i32) -> (i32, i32) {\n    return %%i, %%j : i32, i32\n  }\n}\n";

static tsr_status mm_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *y = tsr_ctx_in(c, 1), *o = tsr_ctx_out(c, 0), *acc = tsr_ctx_scratch(c, 0);
  int b = (int)x->shape[0];
  if (tsr_ctx_program_id(c, 2) == 0) memset(acc->data, 0, sizeof(float) * (size_t)b * (size_t)b);
  blas_sgemm(false, false, b, b, b, 1.0f, F(x), (int)x->stride[0], F(y), (int)y->stride[0], 1.0f,
              F(acc), b);
  if (tsr_ctx_program_id(c, 2) == tsr_ctx_num_programs(c, 2) - 1)
    for (int i = 0; i < b; i++) memcpy(F(o) + i * o->stride[0], F(acc) + (size_t)i * (size_t)b, sizeof(float) * (size_t)b);
  return TSR_OK;
}

static int bench_mosaic_matmul(const bench_opts *o, tsr_machine *m) {
  int S = o->quick ? 512 : 1024, B = 256, G = S / B;
  char *text = malloc(16384);
  if (!text) return 1;
  snprintf(text, 16384, mm_text, B, B, B, B, B, B, B, B, G, G, G, B, B, B, B, B, B, B, B, B, B, B, B, B, B, B, B, B, B, B, B, B, B,
           B, B, B, B, B, B, B, B, B, B, B, B, B, B, B, B, B, B);
  tsr_mosaic_kernel *k = kernel_from_text(text);
  free(text);
  if (!k) return 1;
  size_t n = (size_t)S * S;
  float *x = malloc(n * 4), *y = malloc(n * 4), *out = malloc(n * 4), *ref = malloc(n * 4);
  int rc = 0;
  if (!x || !y || !out || !ref) rc = 1;
  for (size_t i = 0; i < n && !rc; i++) { x[i] = (float)((i * 7) % 13) / 13.0f; y[i] = (float)((i * 5) % 11) / 11.0f; }
  int64_t sh[2] = {S, S};
  tsr_ref in[2] = {tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sh), tsr_ref_dense(y, TSR_F32, TSR_HBM, 2, sh)};
  tsr_ref ot = tsr_ref_dense(out, TSR_F32, TSR_HBM, 2, sh), rt = tsr_ref_dense(ref, TSR_F32, TSR_HBM, 2, sh);
  tsr_block_spec sx = {.rank = 2, .block_shape = {B, B}, .axis_map = {TSR_AXIS(0), TSR_AXIS(2)}};
  tsr_block_spec sy = {.rank = 2, .block_shape = {B, B}, .axis_map = {TSR_AXIS(2), TSR_AXIS(1)}};
  tsr_block_spec so = {.rank = 2, .block_shape = {B, B}, .axis_map = {TSR_AXIS(0), TSR_AXIS(1)}};
  tsr_block_spec specs[2] = {sx, sy};
  tsr_scratch_spec acc = {.space = TSR_VMEM, .dtype = TSR_F32, .rank = 2, .shape = {B, B}};
  tsr_call_desc d = {.name = "matmul", .grid_rank = 3, .grid = {G, G, G}, .semantics = {TSR_PARALLEL, TSR_PARALLEL, TSR_ARBITRARY},
                     .num_inputs = 2, .inputs = in, .in_specs = specs, .num_outputs = 1, .outputs = &rt, .out_specs = &so,
                     .num_scratch = 1, .scratch = &acc, .body = mm_body};
  double tn = 1e30, tm = 1e30;
  for (int r = 0; r < REPEATS && !rc; r++) {
    double t0 = bench_now();
    if (tsr_pallas_call(m, &d, NULL) != TSR_OK) rc = 1;
    double t1 = bench_now();
    if (!rc && tsr_mosaic_kernel_run(m, k, in, 2, &ot, 1, NULL, NULL) != TSR_OK) rc = 1;
    double t2 = bench_now();
    if (t1 - t0 < tn) tn = t1 - t0;
    if (t2 - t1 < tm) tm = t2 - t1;
  }
  /* Not bit for bit: the Mosaic matmul cuts a 256-row block into row bands (by its shape),
   * the native body makes one BLAS call per block, and a BLAS may round a band's dot products
   * differently (docs/conventions.md, "Threads and determinism"). */
  for (size_t i = 0; i < n && !rc; i++)
    if (fabsf(out[i] - ref[i]) > 1e-5f * fabsf(ref[i]) + 1e-6f) rc = 1;
  if (rc) fprintf(stderr, "bench mosaic matmul: failed or differs from the native result: %s\n", tsr_last_error());
  char name[96];
  snprintf(name, sizeof name, "mosaic matmul f32 %d^3, blocks %d (native pallas_call = baseline)", S, B);
  double flops = 2.0 * S * (double)S * S;
  if (!rc) bench_figure(o, name, flops / tm / 1e9, "GFLOP/s", flops / tn / 1e9, true);
  free(x); free(y); free(out); free(ref);
  tsr_mosaic_kernel_destroy(k);
  return rc;
}

int bench_mosaic(const bench_opts *o) {
  /* no host helpers: the figure is the executor's overhead against C bodies on the same
   * CPUs, and the C bodies call sgemm on their core alone */
  tsr_machine_options mo = {.num_cores = o->cores ? o->cores : 1, .quiet = true, .host_helpers = -1};
  tsr_machine *m = NULL;
  if (tsr_machine_create(&mo, &m) != TSR_OK) {
    fprintf(stderr, "bench mosaic: %s\n", tsr_last_error());
    return 1;
  }
  int rc = bench_mosaic_add(o, m);
  if (!rc) rc = bench_mosaic_matmul(o, m);
  tsr_machine_destroy(m);
  return rc;
}
