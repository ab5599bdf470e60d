/* The emit_pipeline examples: a nested matmul, and two pipelines chained without a bubble. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/blas.h"
#include "cli/cli.h"
#include "cli/demo.h"
#include "core/status.h"
#include "tessera/emit_pipeline.h"

#define F(r) ((float *)(void *)(r)->data)

static void add_stats(tsr_call_stats *to, const tsr_pipeline_stats *s) {
  to->steps += s->steps;
  tsr_dma_counts_add(&to->dma, &s->dma);
}

/* ---- emit_matmul ------------------------------------------------------------------------- */

/* The outer grid walks row chunks of A and C in HBM; the inner pipeline walks (j, k) blocks of
 * the chunk and accumulates over k into the C block (should_accumulate_out, initialised). */
enum { MM_M = 512, MM_N = 512, MM_K = 1024, MM_TM = 128, MM_TN = 256, MM_TK = 256 };

static tsr_status map_0k(void *u, const int64_t *g, int n, const tsr_ref *p, int np, int64_t *b) {
  (void)u; (void)n; (void)p; (void)np;
  b[0] = 0; b[1] = g[1];
  return TSR_OK;
}
static tsr_status map_kj(void *u, const int64_t *g, int n, const tsr_ref *p, int np, int64_t *b) {
  (void)u; (void)n; (void)p; (void)np;
  b[0] = g[1]; b[1] = g[0];
  return TSR_OK;
}
static tsr_status map_0j(void *u, const int64_t *g, int n, const tsr_ref *p, int np, int64_t *b) {
  (void)u; (void)n; (void)p; (void)np;
  b[0] = 0; b[1] = g[0];
  return TSR_OK;
}

static tsr_status mm_inner(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *a = tsr_ctx_in(c, 0), *b = tsr_ctx_in(c, 1), *o = tsr_ctx_out(c, 0);
  /* The pipeline adds the accumulator on write-back, so the block starts from zero. */
  float beta = tsr_ctx_program_id(c, 1) == 0 ? 0.0f : 1.0f;
  TSR_TRY(blas_load());
  blas_sgemm(false, false, (int)a->shape[0], (int)b->shape[1],
              (int)a->shape[1], 1.0f, F(a), (int)a->stride[0], F(b), (int)b->stride[0], beta, F(o),
              (int)o->stride[0]);
  return TSR_OK;
}

typedef struct mm_run {
  tsr_call_stats inner;
} mm_run;

static tsr_status mm_outer(tsr_ctx *c, void *u) {
  mm_run *r = u;
  int64_t i = tsr_ctx_program_id(c, 0);
  tsr_ref refs[3];
  TSR_TRY(tsr_ref_slice(tsr_ctx_in(c, 0), 0, i * MM_TM, MM_TM, &refs[0]));
  refs[1] = *tsr_ctx_in(c, 1);
  TSR_TRY(tsr_ref_slice(tsr_ctx_out(c, 0), 0, i * MM_TM, MM_TM, &refs[2]));
  tsr_block_spec in[2] = {{.rank = 2, .block_shape = {MM_TM, MM_TK}, .index_map = map_0k},
                          {.rank = 2, .block_shape = {MM_TK, MM_TN}, .index_map = map_kj}};
  tsr_block_spec out = {.rank = 2, .block_shape = {MM_TM, MM_TN}, .index_map = map_0j};
  bool acc = true;
  tsr_pipeline_desc pd = {.name = "mm", .grid_rank = 2, .grid = {MM_N / MM_TN, MM_K / MM_TK},
                          .num_inputs = 2, .in_specs = in, .num_outputs = 1, .out_specs = &out,
                          .should_accumulate_out = &acc};
  tsr_pipeline_stats st;
  tsr_pipeline_run_opts o = {.init_accumulators = true, .stats = &st};
  TSR_TRY(tsr_emit_pipeline(c, &pd, refs, mm_inner, NULL, &o));
  add_stats(&r->inner, &st);
  return TSR_OK;
}

int cli_demo_emit_matmul(const cli_demo_opts *o) {
  tsr_machine *m = cli_demo_machine(o, "v5e", 1);
  if (!m) return 1;
  float *a = malloc(sizeof(float) * MM_M * MM_K), *b = malloc(sizeof(float) * MM_K * MM_N);
  float *c = malloc(sizeof(float) * MM_M * MM_N), *ref = calloc(MM_M * MM_N, sizeof(float));
  cli_demo_fill(a, MM_M * MM_K, 21);
  cli_demo_fill(b, MM_K * MM_N, 22);
  for (int i = 0; i < MM_M; i++)
    for (int k = 0; k < MM_K; k++) {
      float av = a[i * MM_K + k];
      for (int j = 0; j < MM_N; j++) ref[i * MM_N + j] += av * b[k * MM_N + j];
    }
  int64_t sa[2] = {MM_M, MM_K}, sb[2] = {MM_K, MM_N}, sc[2] = {MM_M, MM_N};
  tsr_ref in[2] = {tsr_ref_dense(a, TSR_F32, TSR_HBM, 2, sa), tsr_ref_dense(b, TSR_F32, TSR_HBM, 2, sb)};
  tsr_ref out = tsr_ref_dense(c, TSR_F32, TSR_HBM, 2, sc);
  tsr_block_spec any[2] = {{.space = TSR_ANY}, {.space = TSR_ANY}};
  mm_run r = {{0}};
  tsr_call_desc d = {.name = "emit_matmul", .grid_rank = 1, .grid = {MM_M / MM_TM},
                     .num_inputs = 2, .inputs = in, .in_specs = any, .num_outputs = 1,
                     .outputs = &out, .out_specs = any, .body = mm_outer, .user = &r};
  tsr_call_stats st;
  int rc;
  if (tsr_pallas_call(m, &d, &st) != TSR_OK) {
    fprintf(cli_out(), "%-11s FAIL  %s\n", "emit_matmul", tsr_last_error());
    rc = 1;
  } else {
    /* Each (j, k) step moves an A and a B block; C blocks go out once per j. */
    int64_t steps = (MM_M / MM_TM) * (MM_N / MM_TN) * (MM_K / MM_TK);
    bool counts = r.inner.steps == steps && r.inner.dma.in == 2 * steps &&
                  r.inner.dma.out == (MM_M / MM_TM) * (MM_N / MM_TN);
    double w = cli_demo_worst(c, ref, MM_M * MM_N);
    r.inner.cores = st.cores;
    rc = cli_demo_report("emit_matmul", w < 1e-3 && counts, w, &r.inner);
    fprintf(cli_out(), "            outer steps %lld (row chunks of A and C in HBM), inner steps %lld, "
           "DMA counts %s\n", (long long)st.steps, (long long)r.inner.steps, counts ? "as expected" : "WRONG");
  }
  free(a); free(b); free(c); free(ref);
  cli_demo_machine_done(m);
  return rc;
}

/* ---- emit_fused --------------------------------------------------------------------------- */

/* Pipeline A computes y = 2x, pipeline B z = y + 1, both over row blocks. Chained, A's last
 * step prefetches B's first block of y (prefetch hook) and B's first step waits for A's last
 * block of y (postyeet hook), so no input wait is exposed between them. */
enum { FU_ROWS = 1024, FU_COLS = 512, FU_TR = 128 };

typedef struct fused {
  tsr_pipeline_allocations *alloc_a, *alloc_b;
  tsr_ref y;
  bool chained;
  long bodies;                 /* bodies run so far */
  long starts[2][64];          /* per pipeline: body count when each input copy started */
  int head[2], tail[2];
  long exposed;                /* input waits with no body since their copy started */
  tsr_call_stats inner;
} fused;

static fused *fu_observed;

static void fu_event(void *u, const tsr_event *ev) {
  (void)u;
  fused *f = fu_observed;
  if (!f || !ev->name || (strcmp(ev->name, "A.in0") && strcmp(ev->name, "B.in0"))) return;
  int k = ev->name[0] == 'B';
  if (ev->kind == TSR_EV_DMA_START && f->tail[k] < 64) f->starts[k][f->tail[k]++] = f->bodies;
  if (ev->kind == TSR_EV_DMA_WAIT_BEGIN && f->head[k] < f->tail[k] &&
      f->starts[k][f->head[k]++] == f->bodies)
    f->exposed++;
}

static tsr_status fu_times_two(tsr_ctx *c, void *u) {
  fused *f = u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *y = tsr_ctx_out(c, 0);
  for (int64_t i = 0; i < x->shape[0]; i++)
    for (int64_t j = 0; j < x->shape[1]; j++) F(y)[i * y->stride[0] + j] = 2.0f * F(x)[i * x->stride[0] + j];
  f->bodies++;
  return TSR_OK;
}

static tsr_status fu_plus_one(tsr_ctx *c, void *u) {
  fused *f = u;
  const tsr_ref *y = tsr_ctx_in(c, 0), *z = tsr_ctx_out(c, 0);
  for (int64_t i = 0; i < y->shape[0]; i++)
    for (int64_t j = 0; j < y->shape[1]; j++) F(z)[i * z->stride[0] + j] = F(y)[i * y->stride[0] + j] + 1.0f;
  f->bodies++;
  return TSR_OK;
}

static tsr_status fu_prefetch(tsr_ctx *c, tsr_scheduler *s, void *u) {
  (void)c;
  fused *f = u;
  return tsr_sched_prefetch(s, tsr_pipeline_allocations_bref(f->alloc_b, 0), &f->y, NULL);
}

static tsr_status fu_postyeet(tsr_ctx *c, tsr_scheduler *s, void *u) {
  (void)c;
  fused *f = u;
  return tsr_sched_wait_out(s, tsr_pipeline_allocations_bref(f->alloc_a, 1), &f->y, NULL);
}

/* B's own output has nothing in flight at its first step (A's is waited by postyeet). */
static bool fu_wait_out(const tsr_scheduler *s, const tsr_bref *b, void *u) {
  (void)u;
  return tsr_sched_has_changed(s, b) && !tsr_sched_first_step(s);
}

static tsr_status map_r0(void *u, const int64_t *g, int n, const tsr_ref *p, int np, int64_t *b) {
  (void)u; (void)n; (void)p; (void)np;
  b[0] = g[0]; b[1] = 0;
  return TSR_OK;
}

static tsr_status fu_outer(tsr_ctx *c, void *u) {
  fused *f = u;
  tsr_block_spec spec = {.rank = 2, .block_shape = {FU_TR, FU_COLS}, .index_map = map_r0};
  tsr_pipeline_desc pa = {.name = "A", .grid_rank = 1, .grid = {FU_ROWS / FU_TR}, .num_inputs = 1,
                          .in_specs = &spec, .num_outputs = 1, .out_specs = &spec};
  tsr_pipeline_desc pb = pa;
  pb.name = "B";
  tsr_ref ra[2] = {*tsr_ctx_in(c, 0), *tsr_ctx_out(c, 0)};
  tsr_ref rb[2] = {*tsr_ctx_out(c, 0), *tsr_ctx_out(c, 1)};
  f->y = ra[1];
  tsr_pipeline_stats sa, sb;
  if (!f->chained) {
    tsr_pipeline_run_opts oa = {.stats = &sa}, ob = {.stats = &sb};
    TSR_TRY(tsr_emit_pipeline(c, &pa, ra, fu_times_two, f, &oa));
    TSR_TRY(tsr_emit_pipeline(c, &pb, rb, fu_plus_one, f, &ob));
  } else {
    TSR_TRY(tsr_pipeline_allocations_create(c, &pa, ra, &f->alloc_a));
    tsr_status s = tsr_pipeline_allocations_create(c, &pb, rb, &f->alloc_b);
    tsr_schedule b_out = {.kind = TSR_SCHEDULE_CUSTOM, .wait_out = fu_wait_out};
    const tsr_schedule *b_scheds[2] = {NULL, &b_out};
    tsr_pipeline_run_opts oa = {.not_last_cycle = true, .prefetch = fu_prefetch, .hook_user = f,
                                .allocations = f->alloc_a, .stats = &sa};
    tsr_pipeline_run_opts ob = {.not_first_cycle = true, .postyeet = fu_postyeet, .hook_user = f,
                                .allocations = f->alloc_b, .ref_schedules = b_scheds, .stats = &sb};
    if (s == TSR_OK) s = tsr_emit_pipeline(c, &pa, ra, fu_times_two, f, &oa);
    if (s == TSR_OK) s = tsr_emit_pipeline(c, &pb, rb, fu_plus_one, f, &ob);
    tsr_pipeline_allocations_destroy(f->alloc_b);
    tsr_pipeline_allocations_destroy(f->alloc_a);
    TSR_TRY(s);
  }
  add_stats(&f->inner, &sa);
  add_stats(&f->inner, &sb);
  return TSR_OK;
}

static tsr_status run_fused(tsr_machine *m, fused *f, const float *x, float *y, float *z) {
  int64_t shape[2] = {FU_ROWS, FU_COLS};
  tsr_ref in = tsr_ref_dense((void *)x, TSR_F32, TSR_HBM, 2, shape);
  tsr_ref outs[2] = {tsr_ref_dense(y, TSR_F32, TSR_HBM, 2, shape), tsr_ref_dense(z, TSR_F32, TSR_HBM, 2, shape)};
  tsr_block_spec any[2] = {{.space = TSR_ANY}, {.space = TSR_ANY}};
  tsr_call_desc d = {.name = "emit_fused", .num_inputs = 1, .inputs = &in, .in_specs = any,
                     .num_outputs = 2, .outputs = outs, .out_specs = any, .body = fu_outer, .user = f};
  fu_observed = f;
  tsr_status s = tsr_pallas_call(m, &d, NULL);
  fu_observed = NULL;
  return s;
}

int cli_demo_emit_fused(const cli_demo_opts *o) {
  tsr_machine *m = cli_demo_machine(o, "v5e", 1);
  if (!m) return 1;
  tsr_observer obs = {.on_event = fu_event};
  tsr_machine_add_observer(m, &obs);
  long n = (long)FU_ROWS * FU_COLS;
  float *x = malloc(sizeof(float) * (size_t)n), *y = malloc(sizeof(float) * (size_t)n);
  float *z = malloc(sizeof(float) * (size_t)n), *ref = malloc(sizeof(float) * (size_t)n);
  cli_demo_fill(x, n, 31);
  for (long i = 0; i < n; i++) ref[i] = 2.0f * x[i] + 1.0f;
  fused sep = {.chained = false}, ch = {.chained = true};
  int rc = 1;
  if (run_fused(m, &sep, x, y, z) != TSR_OK || run_fused(m, &ch, x, y, z) != TSR_OK) {
    fprintf(cli_out(), "%-11s FAIL  %s\n", "emit_fused", tsr_last_error());
  } else {
    int64_t blocks = FU_ROWS / FU_TR;
    /* Chained: 2 x blocks steps, every block in and out once, and only the very first input
     * wait (the prologue) is exposed; run separately, B's prologue is a second one. */
    bool figures = ch.inner.steps == 2 * blocks && ch.inner.dma.in == 2 * blocks &&
                   ch.inner.dma.out == 2 * blocks && ch.exposed == 1 && sep.exposed == 2;
    double w = cli_demo_worst(z, ref, n);
    ch.inner.cores = 1;
    rc = cli_demo_report("emit_fused", w == 0 && figures, w, &ch.inner);
    fprintf(cli_out(), "            chained: %lld steps, %lld DMAs, %ld exposed input wait(s); separate: %lld "
           "steps, %lld DMAs, %ld exposed\n", (long long)ch.inner.steps,
           (long long)(ch.inner.dma.in + ch.inner.dma.out), ch.exposed, (long long)sep.inner.steps,
           (long long)(sep.inner.dma.in + sep.inner.dma.out), sep.exposed);
  }
  free(x); free(y); free(z); free(ref);
  cli_demo_machine_done(m);
  return rc;
}
