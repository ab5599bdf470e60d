/* The pipeline's event stream: the exact order of DMA starts, waits and bodies (derived by
 * hand from the seed's schedule), squeezed block dims, SMEM blocks, and the cost a body
 * reports to observers. */
#include "core/status.h"
#include "harness.h"
#include "pallas_util.h"
#include "tessera/pipeline.h"


typedef struct trace { char text[8192]; size_t len; double flops; int bodies; } trace;

static void record(void *user, const tsr_event *ev) {
  trace *t = user;
  char line[128] = "";
  switch (ev->kind) {
  case TSR_EV_STEP_BEGIN: snprintf(line, sizeof line, "step%lld ", (long long)ev->step); break;
  case TSR_EV_DMA_START:
    snprintf(line, sizeof line, "start:%s:%lld ", ev->name, (long long)ev->index[0]);
    break;
  case TSR_EV_DMA_WAIT_BEGIN: snprintf(line, sizeof line, "wait:%s ", ev->name); break;
  case TSR_EV_DMA_SKIP: snprintf(line, sizeof line, "skip:%s ", ev->name); break;
  case TSR_EV_BODY_BEGIN: snprintf(line, sizeof line, "body "); break;
  case TSR_EV_BODY_END: t->flops += ev->cost->flops; t->bodies++; break;
  default: break;
  }
  size_t n = strlen(line);
  if (t->len + n < sizeof t->text) { memcpy(t->text + t->len, line, n + 1); t->len += n; }
}

static tsr_status map_half(void *u, const int64_t *g, int n, const tsr_ref *p, int np, int64_t *b) {
  (void)u; (void)n; (void)p; (void)np;
  b[0] = g[0] / 2; b[1] = 0;
  return TSR_OK;
}


static void test_order(void) {
  tsr_machine *m;
  tsr_machine_options mo = {.chip = tsr_chip_get("v5e"), .quiet = true};
  CHECK_OK(tsr_machine_create(&mo, &m));
  trace t = {0};
  tsr_observer obs = {.user = &t, .on_event = record};
  CHECK_OK(tsr_machine_add_observer(m, &obs));
  float x[32 * 128], o[32 * 128];
  tsr_test_fill(x, 32 * 128, 9);
  tsr_ref in = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, (int64_t[]){32, 128});
  tsr_ref out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, (int64_t[]){32, 128});
  tsr_block_spec spec = {.rank = 2, .block_shape = {8, 128}, .index_map = map_i0};
  tsr_call_desc d = {.name = "order", .grid_rank = 1, .grid = {3}, .num_inputs = 1, .inputs = &in,
                     .in_specs = &spec, .num_outputs = 1, .outputs = &out, .out_specs = &spec,
                     .body = copy_body_2d, .has_cost_estimate = true,
                     .cost_estimate = {.flops = 300}};
  CHECK_OK(tsr_pallas_call(m, &d, NULL));
  /* The seed's loop with one invocation: the prologue fetches block 0; each step waits for its
   * input, starts the next step's input before the body, then waits for the previous output
   * DMA and starts its own; the last output DMA is waited for at the end. */
  const char *want =
      "step0 start:in0:0 wait:in0 start:in0:1 body start:out0:0 "
      "step1 wait:in0 start:in0:2 body wait:out0 start:out0:1 "
      "step2 wait:in0 body wait:out0 start:out0:2 wait:out0 ";
  CHECK(strcmp(t.text, want) == 0);
  if (strcmp(t.text, want)) fprintf(stderr, "got:  %s\nwant: %s\n", t.text, want);
  CHECK_EQ_INT(t.bodies, 3);
  CHECK(fabs(t.flops - 300) < 1e-9); /* the estimate, spread over the steps */
  CHECK_EQ_INT(memcmp(x, o, sizeof(float) * 24 * 128), 0); /* the 3 steps cover 24 rows */

  /* A block index that holds for two steps: the second step skips the input copy and the
   * first step's output copy. */
  t.len = 0;
  t.text[0] = 0;
  tsr_block_spec half = {.rank = 2, .block_shape = {8, 128}, .index_map = map_half};
  d.grid[0] = 4;
  d.in_specs = &half;
  d.out_specs = &half;
  CHECK_OK(tsr_pallas_call(m, &d, NULL));
  want = "step0 start:in0:0 wait:in0 body skip:out0 "
         "step1 skip:in0 start:in0:1 body start:out0:0 "
         "step2 wait:in0 body wait:out0 skip:out0 "
         "step3 skip:in0 body start:out0:1 wait:out0 ";
  CHECK(strcmp(t.text, want) == 0);
  if (strcmp(t.text, want)) fprintf(stderr, "got:  %s\nwant: %s\n", t.text, want);
  tsr_machine_destroy(m);
}

/* Squeezed dims: a (4, 8, 128) array with block (None, 8, 128): the kernel sees 2-D blocks. */
static tsr_status squeezed_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *o = tsr_ctx_out(c, 0);
  if (x->rank != 2 || x->shape[0] != 8 || x->shape[1] != 128 || o->rank != 2)
    return tsr_fail(TSR_ERR_CHECK, "kernel got rank %d", x->rank);
  for (int64_t i = 0; i < 8; i++)
    for (int64_t j = 0; j < 128; j++)
      F(o)[i * o->stride[0] + j] = F(x)[i * x->stride[0] + j] + (float)tsr_ctx_program_id(c, 0);
  return TSR_OK;
}

static tsr_status map_s00(void *u, const int64_t *g, int n, const tsr_ref *p, int np, int64_t *b) {
  (void)u; (void)n; (void)p; (void)np;
  b[0] = g[0]; b[1] = 0; b[2] = 0;
  return TSR_OK;
}

static void test_squeezed(void) {
  tsr_machine *m;
  tsr_machine_options mo = {.quiet = true};
  CHECK_OK(tsr_machine_create(&mo, &m));
  float x[4 * 8 * 128], o[4 * 8 * 128];
  tsr_test_fill(x, 4 * 8 * 128, 10);
  int64_t shape[3] = {4, 8, 128};
  tsr_ref in = tsr_ref_dense(x, TSR_F32, TSR_HBM, 3, shape);
  tsr_ref out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 3, shape);
  tsr_block_spec spec = {.rank = 3, .block_shape = {TSR_SQUEEZED, 8, 128}, .index_map = map_s00};
  tsr_call_desc d = {.name = "squeezed", .grid_rank = 1, .grid = {4}, .num_inputs = 1,
                     .inputs = &in, .in_specs = &spec, .num_outputs = 1, .outputs = &out,
                     .out_specs = &spec, .body = squeezed_body};
  tsr_call_stats st;
  CHECK_OK(tsr_pallas_call(m, &d, &st));
  int bad = 0;
  for (int k = 0; k < 4; k++)
    for (int i = 0; i < 8 * 128; i++) bad += o[k * 1024 + i] != x[k * 1024 + i] + (float)k;
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(st.vmem_bytes, 4 * 4096);
  tsr_machine_destroy(m);
}

/* SMEM blocks and scalar prefetch: per-step scalars in SMEM pick what the body adds. */
static tsr_status smem_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *s = tsr_ctx_in(c, 1), *o = tsr_ctx_out(c, 0);
  const int32_t *pre = (const int32_t *)(const void *)tsr_ctx_prefetch(c, 0)->data;
  if (s->space != TSR_SMEM || tsr_ctx_prefetch(c, 0)->space != TSR_SMEM)
    return tsr_fail(TSR_ERR_CHECK, "scalars are not in SMEM");
  float add = F(s)[0] * (float)pre[tsr_ctx_program_id(c, 0)];
  for (int i = 0; i < 8 * 128; i++) F(o)[i] = F(x)[i] + add;
  return TSR_OK;
}

static tsr_status map_row(void *u, const int64_t *g, int n, const tsr_ref *p, int np, int64_t *b) {
  (void)u; (void)n; (void)p; (void)np;
  b[0] = g[0];
  return TSR_OK;
}

static void test_smem(void) {
  tsr_machine *m;
  tsr_machine_options mo = {.quiet = true};
  CHECK_OK(tsr_machine_create(&mo, &m));
  float x[4 * 8 * 128], o[4 * 8 * 128], scal[4] = {1, 2, 3, 4};
  int32_t pre[4] = {10, 20, 30, 40};
  tsr_test_fill(x, 4096, 12);
  tsr_ref ins[2] = {tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, (int64_t[]){32, 128}),
                    tsr_ref_dense(scal, TSR_F32, TSR_HBM, 1, (int64_t[]){4})};
  tsr_ref out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, (int64_t[]){32, 128});
  tsr_ref p = tsr_ref_dense(pre, TSR_I32, TSR_HBM, 1, (int64_t[]){4});
  tsr_block_spec specs[2] = {{.rank = 2, .block_shape = {8, 128}, .index_map = map_i0},
                             {.rank = 1, .block_shape = {1}, .index_map = map_row, .space = TSR_SMEM}};
  tsr_call_desc d = {.name = "smem", .grid_rank = 1, .grid = {4}, .num_prefetch = 1, .prefetch = &p,
                     .num_inputs = 2, .inputs = ins, .in_specs = specs, .num_outputs = 1,
                     .outputs = &out, .out_specs = specs, .body = smem_body};
  tsr_call_stats st;
  CHECK_OK(tsr_pallas_call(m, &d, &st));
  int bad = 0;
  for (int k = 0; k < 4; k++)
    for (int i = 0; i < 1024; i++) bad += o[k * 1024 + i] != x[k * 1024 + i] + scal[k] * (float)pre[k];
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(st.dma.in, 8);
  CHECK(st.smem_bytes >= 2 * 64 + 64); /* two 1-element blocks and the prefetch array */
  tsr_machine_destroy(m);
}

int main(void) {
  test_order();
  test_squeezed();
  test_smem();
  return tsr_test_finish("test_pipeline_events");
}
