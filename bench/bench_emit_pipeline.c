/* emit_pipeline: a matmul nested as the seed's examples do it (outer grid over HBM row chunks,
 * inner pipeline over (j, k) blocks with an accumulator) against the same matmul, same blocks
 * and same sgemm calls, run by the top-level pallas_call pipeline. Ratio >= 0.9 is the goal:
 * nesting should cost little beyond the accumulator's add per write-back. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/blas.h"
#include "bench.h"
#include "tessera/emit_pipeline.h"

#define F(r) ((float *)(void *)(r)->data)

typedef struct mm_shape { int m, n, k, t; } mm_shape;

static tsr_status idx_ik(void *u, const int64_t *g, int n, const tsr_ref *p, int np, int64_t *b) {
  (void)u; (void)n; (void)p; (void)np;
  b[0] = g[0]; b[1] = g[2];
  return TSR_OK;
}
static tsr_status idx_kj(void *u, const int64_t *g, int n, const tsr_ref *p, int np, int64_t *b) {
  (void)u; (void)n; (void)p; (void)np;
  b[0] = g[2]; b[1] = g[1];
  return TSR_OK;
}
static tsr_status idx_ij(void *u, const int64_t *g, int n, const tsr_ref *p, int np, int64_t *b) {
  (void)u; (void)n; (void)p; (void)np;
  b[0] = g[0]; b[1] = g[1];
  return TSR_OK;
}
/* inner grid (j, k) over a row chunk */
static tsr_status idx_0k(void *u, const int64_t *g, int n, const tsr_ref *p, int np, int64_t *b) {
  (void)u; (void)n; (void)p; (void)np;
  b[0] = 0; b[1] = g[1];
  return TSR_OK;
}
static tsr_status idx_kj2(void *u, const int64_t *g, int n, const tsr_ref *p, int np, int64_t *b) {
  (void)u; (void)n; (void)p; (void)np;
  b[0] = g[1]; b[1] = g[0];
  return TSR_OK;
}
static tsr_status idx_0j(void *u, const int64_t *g, int n, const tsr_ref *p, int np, int64_t *b) {
  (void)u; (void)n; (void)p; (void)np;
  b[0] = 0; b[1] = g[0];
  return TSR_OK;
}

static void gemm_block(const tsr_ref *a, const tsr_ref *b, const tsr_ref *o, bool first) {
  blas_sgemm(false, false, (int)a->shape[0], (int)b->shape[1],
              (int)a->shape[1], 1.0f, F(a), (int)a->stride[0], F(b), (int)b->stride[0],
              first ? 0.0f : 1.0f, F(o), (int)o->stride[0]);
}

/* top level: grid (i, j, k); the output block stays in VMEM while k runs */
static tsr_status top_body(tsr_ctx *c, void *u) {
  (void)u;
  gemm_block(tsr_ctx_in(c, 0), tsr_ctx_in(c, 1), tsr_ctx_out(c, 0), tsr_ctx_program_id(c, 2) == 0);
  return TSR_OK;
}

static tsr_status inner_body(tsr_ctx *c, void *u) {
  (void)u;
  gemm_block(tsr_ctx_in(c, 0), tsr_ctx_in(c, 1), tsr_ctx_out(c, 0), tsr_ctx_program_id(c, 1) == 0);
  return TSR_OK;
}

static tsr_status nested_body(tsr_ctx *c, void *u) {
  const mm_shape *s = u;
  int64_t i = tsr_ctx_program_id(c, 0);
  tsr_ref refs[3];
  if (tsr_ref_slice(tsr_ctx_in(c, 0), 0, i * s->t, s->t, &refs[0]) != TSR_OK ||
      tsr_ref_slice(tsr_ctx_out(c, 0), 0, i * s->t, s->t, &refs[2]) != TSR_OK)
    return TSR_ERR_BOUNDS;
  refs[1] = *tsr_ctx_in(c, 1);
  tsr_block_spec in[2] = {{.rank = 2, .block_shape = {s->t, s->t}, .index_map = idx_0k},
                          {.rank = 2, .block_shape = {s->t, s->t}, .index_map = idx_kj2}};
  tsr_block_spec out = {.rank = 2, .block_shape = {s->t, s->t}, .index_map = idx_0j};
  bool acc = true;
  tsr_pipeline_desc pd = {.name = "mm", .grid_rank = 2, .grid = {s->n / s->t, s->k / s->t},
                          .num_inputs = 2, .in_specs = in, .num_outputs = 1, .out_specs = &out,
                          .should_accumulate_out = &acc};
  tsr_pipeline_run_opts o = {.init_accumulators = true};
  return tsr_emit_pipeline(c, &pd, refs, inner_body, NULL, &o);
}

static double time_call(tsr_machine *m, const tsr_call_desc *d, int reps) {
  double best = INFINITY;
  for (int r = 0; r < reps; r++) {
    double t0 = bench_now();
    if (tsr_pallas_call(m, d, NULL) != TSR_OK) {
      fprintf(stderr, "bench emit_pipeline: %s\n", tsr_last_error());
      return -1;
    }
    double t = bench_now() - t0;
    if (t < best) best = t;
  }
  return best;
}

int bench_emit_pipeline(const bench_opts *o) {
  mm_shape s = o->quick ? (mm_shape){256, 256, 256, 128} : (mm_shape){1024, 1024, 2048, 256};
  int reps = o->quick ? 2 : 5;
  tsr_machine *m = NULL;
  /* no host helpers: both sides of the ratio on one CPU */
  tsr_machine_options mo = {.chip = tsr_chip_get("v5e"), .num_cores = 1, .quiet = true, .host_helpers = -1};
  if (tsr_machine_create(&mo, &m) != TSR_OK) { fprintf(stderr, "%s\n", tsr_last_error()); return 1; }
  size_t na = (size_t)s.m * (size_t)s.k, nb = (size_t)s.k * (size_t)s.n, nc = (size_t)s.m * (size_t)s.n;
  float *a = malloc(na * sizeof *a), *b = malloc(nb * sizeof *b);
  float *c1 = malloc(nc * sizeof *c1), *c2 = malloc(nc * sizeof *c2);
  unsigned seed = 7;
  for (size_t i = 0; i < na; i++) { seed = seed * 1103515245u + 12345u; a[i] = (float)(seed >> 16) / 65536.0f - 0.5f; }
  for (size_t i = 0; i < nb; i++) { seed = seed * 1103515245u + 12345u; b[i] = (float)(seed >> 16) / 65536.0f - 0.5f; }
  int64_t sa[2] = {s.m, s.k}, sb[2] = {s.k, s.n}, sc[2] = {s.m, s.n};
  tsr_ref in[2] = {tsr_ref_dense(a, TSR_F32, TSR_HBM, 2, sa), tsr_ref_dense(b, TSR_F32, TSR_HBM, 2, sb)};
  tsr_ref out1 = tsr_ref_dense(c1, TSR_F32, TSR_HBM, 2, sc), out2 = tsr_ref_dense(c2, TSR_F32, TSR_HBM, 2, sc);

  tsr_block_spec top_in[2] = {{.rank = 2, .block_shape = {s.t, s.t}, .index_map = idx_ik},
                              {.rank = 2, .block_shape = {s.t, s.t}, .index_map = idx_kj}};
  tsr_block_spec top_out = {.rank = 2, .block_shape = {s.t, s.t}, .index_map = idx_ij};
  tsr_call_desc top = {.name = "matmul", .grid_rank = 3, .grid = {s.m / s.t, s.n / s.t, s.k / s.t},
                       .num_inputs = 2, .inputs = in, .in_specs = top_in, .num_outputs = 1,
                       .outputs = &out1, .out_specs = &top_out, .body = top_body};
  tsr_block_spec any[2] = {{.space = TSR_ANY}, {.space = TSR_ANY}};
  tsr_call_desc nested = {.name = "emit_matmul", .grid_rank = 1, .grid = {s.m / s.t},
                          .num_inputs = 2, .inputs = in, .in_specs = any, .num_outputs = 1,
                          .outputs = &out2, .out_specs = any, .body = nested_body, .user = &s};
  /* Alternate so that both see the same machine state (caches, BLAS threads warm). */
  double t_top = INFINITY, t_nested = INFINITY;
  for (int round = 0; round < 2; round++) {
    double t1 = time_call(m, &top, reps), t2 = time_call(m, &nested, reps);
    if (t1 < 0 || t2 < 0) { t_top = -1; break; }
    if (t1 < t_top) t_top = t1;
    if (t2 < t_nested) t_nested = t2;
  }
  int rc = 1;
  if (t_top > 0) {
    double worst = 0;
    for (size_t i = 0; i < nc; i++) {
      double d = fabs((double)c1[i] - (double)c2[i]);
      if (d > worst) worst = d;
    }
    double flops = 2.0 * s.m * s.n * s.k;
    char name[96];
    snprintf(name, sizeof name, "emit_pipeline matmul %dx%dx%d (blocks %d)", s.m, s.n, s.k, s.t);
    bench_figure(o, name, flops / t_nested * 1e-9, "GFLOP/s", flops / t_top * 1e-9, true);
    if (!o->json) printf("  nested %.4g s, top-level pallas_call %.4g s, results differ by %.3g\n",
                         t_nested, t_top, worst);
    rc = worst < 1e-2 ? 0 : 1;
  }
  free(a); free(b); free(c1); free(c2);
  tsr_machine_destroy(m);
  return rc;
}
