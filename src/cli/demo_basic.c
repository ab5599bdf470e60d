/* The foundation's examples: each kernel, its inputs, and its plain C reference. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/blas.h"
#include "core/status.h"
#include "cli/cli.h"
#include "cli/demo.h"

#define F(r) ((float *)(void *)(r)->data)

/* ---- elementwise add --------------------------------------------------------------------- */

static tsr_status add_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *y = tsr_ctx_in(c, 1), *o = tsr_ctx_out(c, 0);
  for (int64_t i = 0; i < x->shape[0]; i++) {
    const float *a = F(x) + i * x->stride[0], *b = F(y) + i * y->stride[0];
    float *r = F(o) + i * o->stride[0];
    for (int64_t j = 0; j < x->shape[1]; j++) r[j] = a[j] + b[j];
  }
  return TSR_OK;
}

static int run_add(const cli_demo_opts *o, const char *name, int64_t rows, int64_t cols, int64_t br,
                   int64_t bc, tsr_body_fn body, void *user) {
  tsr_machine *m = cli_demo_machine(o, "v5e", 1);
  if (!m) return 1;
  long n = (long)(rows * cols);
  float *x = malloc(sizeof(float) * (size_t)n), *y = malloc(sizeof(float) * (size_t)n);
  float *out = malloc(sizeof(float) * (size_t)n), *ref = malloc(sizeof(float) * (size_t)n);
  cli_demo_fill(x, n, 1);
  cli_demo_fill(y, n, 2);
  for (long i = 0; i < n; i++) ref[i] = x[i] + y[i];
  int64_t shape[2] = {rows, cols};
  tsr_ref in[2] = {tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, shape), tsr_ref_dense(y, TSR_F32, TSR_HBM, 2, shape)};
  tsr_ref res = tsr_ref_dense(out, TSR_F32, TSR_HBM, 2, shape);
  tsr_block_spec spec = {.rank = 2, .block_shape = {br, bc}, .axis_map = {TSR_AXIS(0), TSR_AXIS(1)}};
  tsr_block_spec specs[2] = {spec, spec};
  tsr_call_desc d = {.name = name, .grid_rank = 2,
                     .grid = {(rows + br - 1) / br, (cols + bc - 1) / bc},
                     .num_inputs = 2, .inputs = in, .in_specs = specs, .num_outputs = 1,
                     .outputs = &res, .out_specs = &spec, .body = body, .user = user};
  if (br == rows && bc == cols) { d.grid_rank = 0; d.in_specs = NULL; d.out_specs = NULL; }
  tsr_call_stats st;
  int rc;
  if (tsr_pallas_call(m, &d, &st) != TSR_OK) {
    fprintf(cli_out(), "%-11s FAIL  %s\n", name, tsr_last_error());
    rc = 1;
  } else {
    double w = cli_demo_worst(out, ref, n);
    rc = cli_demo_report(name, w == 0, w, &st);
  }
  free(x); free(y); free(out); free(ref);
  cli_demo_machine_done(m);
  return rc;
}

int cli_demo_add(const cli_demo_opts *o) { return run_add(o, "add", 8, 128, 8, 128, add_body, NULL); }

int cli_demo_add_grid(const cli_demo_opts *o) {
  return run_add(o, "add_grid", 2048, 2048, 128, 256, add_body, NULL);
}

/* The edge example also counts, inside the kernel, the block elements that lie outside the
 * array and hold the poison (NaN): a kernel that used them would be caught. */
typedef struct edge_state { int64_t rows, cols, br, bc; long poisoned_seen, outside; } edge_state;

static tsr_status edge_body(tsr_ctx *c, void *u) {
  edge_state *s = u;
  const tsr_ref *x = tsr_ctx_in(c, 0);
  int64_t r0 = tsr_ctx_program_id(c, 0) * s->br, c0 = tsr_ctx_program_id(c, 1) * s->bc;
  for (int64_t i = 0; i < x->shape[0]; i++)
    for (int64_t j = 0; j < x->shape[1]; j++)
      if (r0 + i >= s->rows || c0 + j >= s->cols) {
        s->outside++;
        s->poisoned_seen += isnan(F(x)[i * x->stride[0] + j]);
      }
  return add_body(c, NULL);
}

int cli_demo_edge(const cli_demo_opts *o) {
  edge_state s = {600, 600, 256, 256, 0, 0};
  int rc = run_add(o, "edge", 600, 600, 256, 256, edge_body, &s);
  fprintf(cli_out(), "            padding: %ld block elements outside the array, %ld of them poisoned (NaN)\n",
         s.outside, s.poisoned_seen);
  return rc || s.outside != s.poisoned_seen || s.outside == 0;
}

/* ---- matmul with a K reduction in a VMEM scratch accumulator ----------------------------- */

static tsr_status matmul_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *a = tsr_ctx_in(c, 0), *b = tsr_ctx_in(c, 1), *o = tsr_ctx_out(c, 0);
  const tsr_ref *acc = tsr_ctx_scratch(c, 0);
  int M = (int)a->shape[0], K = (int)a->shape[1], N = (int)b->shape[1];
  bool first = tsr_ctx_program_id(c, 2) == 0;
  TSR_TRY(blas_load());
  blas_sgemm(false, false, M, N, K, 1.0f, F(a), (int)a->stride[0],
              F(b), (int)b->stride[0], first ? 0.0f : 1.0f, F(acc), (int)acc->stride[0]);
  if (tsr_ctx_program_id(c, 2) == tsr_ctx_num_programs(c, 2) - 1)
    for (int i = 0; i < M; i++) memcpy(F(o) + i * o->stride[0], F(acc) + i * acc->stride[0], sizeof(float) * (size_t)N);
  tsr_cost cost = {.flops = 2.0 * M * N * K, .mxu_dtype = TSR_F32};
  tsr_ctx_add_cost(c, &cost);
  return TSR_OK;
}

int cli_demo_matmul(const cli_demo_opts *o) {
  enum { M = 512, N = 512, K = 1024, B = 128 };
  tsr_machine *m = cli_demo_machine(o, "v5e", 1);
  if (!m) return 1;
  float *a = malloc(sizeof(float) * M * K), *b = malloc(sizeof(float) * K * N);
  float *out = malloc(sizeof(float) * M * N), *ref = calloc((size_t)M * N, sizeof(float));
  cli_demo_fill(a, M * K, 3);
  cli_demo_fill(b, K * N, 4);
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++)
      for (int j = 0; j < N; j++) ref[i * N + j] += a[i * K + k] * b[k * N + j];
  tsr_ref in[2] = {tsr_ref_dense(a, TSR_F32, TSR_HBM, 2, (int64_t[]){M, K}),
                   tsr_ref_dense(b, TSR_F32, TSR_HBM, 2, (int64_t[]){K, N})};
  tsr_ref res = tsr_ref_dense(out, TSR_F32, TSR_HBM, 2, (int64_t[]){M, N});
  tsr_block_spec ins[2] = {{.rank = 2, .block_shape = {B, B}, .axis_map = {TSR_AXIS(0), TSR_AXIS(2)}},
                           {.rank = 2, .block_shape = {B, B}, .axis_map = {TSR_AXIS(2), TSR_AXIS(1)}}};
  tsr_block_spec outs = {.rank = 2, .block_shape = {B, B}, .axis_map = {TSR_AXIS(0), TSR_AXIS(1)}};
  tsr_scratch_spec acc = {.space = TSR_VMEM, .dtype = TSR_F32, .rank = 2, .shape = {B, B}};
  tsr_call_desc d = {.name = "matmul", .grid_rank = 3, .grid = {M / B, N / B, K / B},
                     .semantics = {TSR_PARALLEL, TSR_PARALLEL, TSR_ARBITRARY},
                     .num_inputs = 2, .inputs = in, .in_specs = ins, .num_outputs = 1,
                     .outputs = &res, .out_specs = &outs, .num_scratch = 1, .scratch = &acc,
                     .body = matmul_body};
  tsr_call_stats st;
  int rc;
  if (tsr_pallas_call(m, &d, &st) != TSR_OK) {
    fprintf(cli_out(), "%-11s FAIL  %s\n", "matmul", tsr_last_error());
    rc = 1;
  } else {
    double w = cli_demo_worst(out, ref, M * N);
    rc = cli_demo_report("matmul", w < 1e-3, w, &st);
  }
  free(a); free(b); free(out); free(ref);
  cli_demo_machine_done(m);
  return rc;
}

/* ---- row softmax ------------------------------------------------------------------------- */

static void softmax_rows(const float *x, float *y, long rows, long cols, long xs, long ys) {
  for (long i = 0; i < rows; i++) {
    const float *r = x + i * xs;
    float mx = -INFINITY, sum = 0;
    for (long j = 0; j < cols; j++) mx = fmaxf(mx, r[j]);
    for (long j = 0; j < cols; j++) sum += expf(r[j] - mx);
    for (long j = 0; j < cols; j++) y[i * ys + j] = expf(r[j] - mx) / sum;
  }
}

static tsr_status softmax_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *o = tsr_ctx_out(c, 0);
  softmax_rows(F(x), F(o), (long)x->shape[0], (long)x->shape[1], (long)x->stride[0], (long)o->stride[0]);
  tsr_cost cost = {.transcendentals = (double)x->shape[0] * (double)x->shape[1],
                   .vpu_ops = 4.0 * (double)x->shape[0] * (double)x->shape[1]};
  tsr_ctx_add_cost(c, &cost);
  return TSR_OK;
}

int cli_demo_softmax(const cli_demo_opts *o) {
  enum { R = 1024, C = 512, BR = 64 };
  tsr_machine *m = cli_demo_machine(o, "v5e", 1);
  if (!m) return 1;
  float *x = malloc(sizeof(float) * R * C), *out = malloc(sizeof(float) * R * C), *ref = malloc(sizeof(float) * R * C);
  cli_demo_fill(x, R * C, 5);
  for (long i = 0; i < R * C; i++) x[i] *= 8;
  /* the reference computes in double */
  for (long i = 0; i < R; i++) {
    double mx = -INFINITY, sum = 0;
    for (long j = 0; j < C; j++) mx = fmax(mx, x[i * C + j]);
    for (long j = 0; j < C; j++) sum += exp(x[i * C + j] - mx);
    for (long j = 0; j < C; j++) ref[i * C + j] = (float)(exp(x[i * C + j] - mx) / sum);
  }
  int64_t shape[2] = {R, C};
  tsr_ref in = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, shape);
  tsr_ref res = tsr_ref_dense(out, TSR_F32, TSR_HBM, 2, shape);
  tsr_block_spec spec = {.rank = 2, .block_shape = {BR, C}, .axis_map = {TSR_AXIS(0)}};
  tsr_call_desc d = {.name = "softmax", .grid_rank = 1, .grid = {R / BR}, .num_inputs = 1,
                     .inputs = &in, .in_specs = &spec, .num_outputs = 1, .outputs = &res,
                     .out_specs = &spec, .body = softmax_body};
  tsr_call_stats st;
  int rc;
  if (tsr_pallas_call(m, &d, &st) != TSR_OK) {
    fprintf(cli_out(), "%-11s FAIL  %s\n", "softmax", tsr_last_error());
    rc = 1;
  } else {
    double w = cli_demo_worst(out, ref, R * C);
    rc = cli_demo_report("softmax", w < 1e-5, w, &st);
  }
  free(x); free(out); free(ref);
  cli_demo_machine_done(m);
  return rc;
}

/* ---- scalar prefetch: a data-dependent index map ----------------------------------------- */

static tsr_status map_gather(void *u, const int64_t *g, int n, const tsr_ref *p, int np, int64_t *b) {
  (void)u; (void)n; (void)np;
  b[0] = ((const int32_t *)(const void *)p[0].data)[g[0]];
  b[1] = 0;
  return TSR_OK;
}

static tsr_status copy_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *o = tsr_ctx_out(c, 0);
  for (int64_t i = 0; i < x->shape[0]; i++)
    memcpy(F(o) + i * o->stride[0], F(x) + i * x->stride[0], sizeof(float) * (size_t)x->shape[1]);
  return TSR_OK;
}

int cli_demo_gather(const cli_demo_opts *o) {
  enum { NB = 32, G = 12, BR = 8, C = 256 };
  int32_t idx[G] = {5, 5, 5, 0, 31, 7, 7, 2, 2, 2, 19, 5}; /* repeats: consecutive copies skip */
  tsr_machine *m = cli_demo_machine(o, "v5e", 1);
  if (!m) return 1;
  float *x = malloc(sizeof(float) * NB * BR * C), *out = malloc(sizeof(float) * G * BR * C);
  float *ref = malloc(sizeof(float) * G * BR * C);
  cli_demo_fill(x, NB * BR * C, 6);
  for (int g = 0; g < G; g++) memcpy(ref + g * BR * C, x + idx[g] * BR * C, sizeof(float) * BR * C);
  tsr_ref pre = tsr_ref_dense(idx, TSR_I32, TSR_HBM, 1, (int64_t[]){G});
  tsr_ref in = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, (int64_t[]){NB * BR, C});
  tsr_ref res = tsr_ref_dense(out, TSR_F32, TSR_HBM, 2, (int64_t[]){G * BR, C});
  tsr_block_spec ins = {.rank = 2, .block_shape = {BR, C}, .index_map = map_gather};
  tsr_block_spec outs = {.rank = 2, .block_shape = {BR, C}, .axis_map = {TSR_AXIS(0)}};
  tsr_call_desc d = {.name = "gather", .grid_rank = 1, .grid = {G}, .num_prefetch = 1,
                     .prefetch = &pre, .num_inputs = 1, .inputs = &in, .in_specs = &ins,
                     .num_outputs = 1, .outputs = &res, .out_specs = &outs, .body = copy_body};
  tsr_call_stats st;
  int rc;
  if (tsr_pallas_call(m, &d, &st) != TSR_OK) {
    fprintf(cli_out(), "%-11s FAIL  %s\n", "gather", tsr_last_error());
    rc = 1;
  } else {
    double w = cli_demo_worst(out, ref, G * BR * C);
    /* 12 steps, 7 distinct consecutive runs of block indices: 7 fetches, 5 skipped */
    rc = cli_demo_report("gather", w == 0 && st.dma.in == 7 && st.dma.skip_in == 5, w, &st);
  }
  free(x); free(out); free(ref);
  cli_demo_machine_done(m);
  return rc;
}

/* ---- a parallel grid split over two cores ------------------------------------------------ */

static tsr_status affine_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *o = tsr_ctx_out(c, 0);
  for (int64_t i = 0; i < x->shape[0]; i++)
    for (int64_t j = 0; j < x->shape[1]; j++)
      F(o)[i * o->stride[0] + j] = F(x)[i * x->stride[0] + j] * 2 + 1;
  return TSR_OK;
}

int cli_demo_parallel(const cli_demo_opts *o) {
  enum { R = 1024, C = 1024, BR = 128, BC = 256 };
  tsr_machine *m = cli_demo_machine(o, "v5p", 2);
  if (!m) return 1;
  float *x = malloc(sizeof(float) * R * C), *out = malloc(sizeof(float) * R * C), *ref = malloc(sizeof(float) * R * C);
  cli_demo_fill(x, R * C, 7);
  for (long i = 0; i < R * C; i++) ref[i] = x[i] * 2 + 1;
  int64_t shape[2] = {R, C};
  tsr_ref in = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, shape);
  tsr_ref res = tsr_ref_dense(out, TSR_F32, TSR_HBM, 2, shape);
  tsr_block_spec spec = {.rank = 2, .block_shape = {BR, BC}, .axis_map = {TSR_AXIS(0), TSR_AXIS(1)}};
  tsr_call_desc d = {.name = "parallel", .grid_rank = 2, .grid = {R / BR, C / BC},
                     .semantics = {TSR_PARALLEL, TSR_ARBITRARY}, .num_inputs = 1, .inputs = &in,
                     .in_specs = &spec, .num_outputs = 1, .outputs = &res, .out_specs = &spec,
                     .body = affine_body};
  if (o->plan) tsr_pallas_describe(m, &d, cli_out());
  tsr_call_stats st;
  int rc;
  if (tsr_pallas_call(m, &d, &st) != TSR_OK) {
    fprintf(cli_out(), "%-11s FAIL  %s\n", "parallel", tsr_last_error());
    rc = 1;
  } else {
    double w = cli_demo_worst(out, ref, R * C);
    rc = cli_demo_report("parallel", w == 0 && st.cores == tsr_machine_num_cores(m), w, &st);
  }
  free(x); free(out); free(ref);
  cli_demo_machine_done(m);
  return rc;
}
