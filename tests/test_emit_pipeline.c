/* emit_pipeline against the seed (pipeline.py): the DMA starts and waits of every step for
 * each schedule, accumulators, cycles and hooks (expected sequences derived by hand from the
 * seed's Scheduler), the grid partition, edge-block slices, aliasing, and results against
 * plain C loops. */
#include <pthread.h>

#include "harness.h"
#include "pallas_util.h"
#include "pipeline/partition.h"
#include "pipeline/tiling.h"
#include "tessera/emit_pipeline.h"

/* ---- the event log ----------------------------------------------------------------------- */

/* "+name@r,c" an input copy starts, ">name@r,c" an output copy starts, "-name" a wait begins,
 * "B" a body, "P"/"Y" the prefetch/postyeet hooks. Only names with the inner prefix count. */
static char log_buf[8192];
static const char *log_prefix = "";
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER; /* cores log from their threads */

static void log_add(const char *s) {
  pthread_mutex_lock(&log_lock);
  size_t n = strlen(log_buf);
  snprintf(log_buf + n, sizeof log_buf - n, "%s ", s);
  pthread_mutex_unlock(&log_lock);
}

static void on_event(void *u, const tsr_event *ev) {
  (void)u;
  if (ev->kind != TSR_EV_DMA_START && ev->kind != TSR_EV_DMA_WAIT_BEGIN) return;
  if (!ev->name || strncmp(ev->name, log_prefix, strlen(log_prefix)) != 0) return;
  const char *nm = ev->name + strlen(log_prefix);
  char s[96];
  if (ev->kind == TSR_EV_DMA_WAIT_BEGIN) snprintf(s, sizeof s, "-%s", nm);
  else snprintf(s, sizeof s, "%c%s@%lld,%lld", ev->dir == TSR_DMA_OUT ? '>' : '+', nm,
                (long long)ev->index[0], (long long)(ev->rank > 1 ? ev->index[1] : 0));
  log_add(s);
}

static tsr_machine *machine(int cores, tsr_dma_mode mode) {
  tsr_machine *m = NULL;
  tsr_machine_options o = {.chip = tsr_chip_get("v5e"), .num_cores = cores, .quiet = true,
                           .dma_mode = mode};
  if (tsr_machine_create(&o, &m) != TSR_OK) { fprintf(stderr, "%s\n", tsr_last_error()); exit(1); }
  tsr_observer obs = {.on_event = on_event};
  tsr_machine_add_observer(m, &obs);
  return m;
}


static tsr_status map_0i(void *u, const int64_t *g, int n, const tsr_ref *p, int np, int64_t *b) {
  (void)u; (void)n; (void)p; (void)np;
  b[0] = 0; b[1] = g[0];
  return TSR_OK;
}

/* o = x + 1 on a 2-D f32 block */
static tsr_status plus_one(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *o = tsr_ctx_out(c, 0);
  for (int64_t i = 0; i < x->shape[0]; i++)
    for (int64_t j = 0; j < x->shape[1]; j++)
      F(o)[i * o->stride[0] + j] = F(x)[i * x->stride[0] + j] + 1.0f;
  log_add("B");
  return TSR_OK;
}

/* The seed's accumulator kernel: zero at the first step of the reduction, then add. The
 * pipeline adds the accumulator (the block's previous value, or zero) when it writes back. */
static tsr_status accum_sum(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *o = tsr_ctx_out(c, 0);
  bool first = tsr_ctx_program_id(c, 0) == 0;
  for (int64_t i = 0; i < x->shape[0]; i++)
    for (int64_t j = 0; j < x->shape[1]; j++) {
      float *d = &F(o)[i * o->stride[0] + j];
      *d = (first ? 0.0f : *d) + F(x)[i * x->stride[0] + j];
    }
  log_add("B");
  return TSR_OK;
}

/* ---- scenarios: one outer kernel (no grid, ANY operands) runs cycles of one pipeline ---- */

typedef struct scenario {
  tsr_pipeline_desc pd;
  int cycles;
  tsr_ref refs[4][2];            /* per cycle: x, o */
  tsr_pipeline_body_fn body;
  tsr_schedule schedule;
  const tsr_schedule *prefetch_schedule;
  bool hooks, init_accumulators;
  int buffers;
  tsr_status status;
} scenario;

static tsr_status hook_prefetch(tsr_ctx *c, tsr_scheduler *s, void *u) {
  (void)c;
  scenario *sc = u;
  log_add("P");
  /* The next cycle's input; on the last cycle the predicate (not last step ever) holds no
   * copy back, whatever array is given. */
  return tsr_sched_prefetch(s, tsr_sched_bref(s, 0), &sc->refs[sc->cycles > 1 ? 1 : 0][0],
                            sc->prefetch_schedule);
}

static tsr_status hook_postyeet(tsr_ctx *c, tsr_scheduler *s, void *u) {
  (void)c; (void)s; (void)u;
  log_add("Y");
  return TSR_OK;
}

static tsr_status outer_body(tsr_ctx *c, void *u) {
  scenario *sc = u;
  tsr_pipeline_allocations *al = NULL;
  tsr_status s = TSR_OK;
  if (sc->cycles > 1) s = tsr_pipeline_allocations_create(c, &sc->pd, sc->refs[0], &al);
  for (int k = 0; k < sc->cycles && s == TSR_OK; k++) {
    tsr_pipeline_run_opts o = {.not_first_cycle = k > 0, .not_last_cycle = k < sc->cycles - 1,
                               .init_accumulators = sc->init_accumulators,
                               .schedule = &sc->schedule, .allocations = al, .hook_user = sc};
    if (sc->hooks) { o.prefetch = hook_prefetch; o.postyeet = hook_postyeet; }
    s = tsr_emit_pipeline(c, &sc->pd, sc->refs[k], sc->body, NULL, &o);
  }
  tsr_pipeline_allocations_destroy(al);
  return s;
}

static tsr_status run_scenario(scenario *sc, tsr_dma_mode mode) {
  tsr_machine *m = machine(1, mode);
  log_buf[0] = 0;
  log_prefix = "";
  /* The outer kernel's operands: all arrays of all cycles, whole, in ANY. */
  tsr_ref in[8];
  tsr_block_spec any[8];
  int n = 0;
  for (int k = 0; k < sc->cycles; k++)
    for (int j = 0; j < 2; j++) {
      in[n] = sc->refs[k][j];
      any[n] = (tsr_block_spec){.space = TSR_ANY};
      n++;
    }
  tsr_call_desc d = {.name = "outer", .num_inputs = n, .inputs = in, .in_specs = any,
                     .body = outer_body, .user = sc};
  tsr_status s = tsr_pallas_call(m, &d, NULL);
  if (s != TSR_OK) fprintf(stderr, "scenario: %s\n", tsr_last_error());
  tsr_machine_destroy(m);
  return s;
}

/* Runs a scenario in eager and on-wait DMA modes (on-wait: a wait with no matching copy in
 * flight is a deadlock, so the sequence must be complete); both logs must be `want`. */
static void check_sequence(scenario *sc, float **outs, const float *init_out, long out_n,
                           const char *want) {
  tsr_dma_mode modes[2] = {TSR_DMA_EAGER, TSR_DMA_ON_WAIT};
  for (int mi = 0; mi < 2; mi++) {
    for (int k = 0; k < sc->cycles; k++)
      if (init_out) memcpy(outs[k], init_out, sizeof(float) * (size_t)out_n);
    CHECK_OK(run_scenario(sc, modes[mi]));
    if (strcmp(log_buf, want) != 0) {
      tsr_test_failed++;
      fprintf(stderr, "sequence (mode %d):\n  got  %s\n  want %s\n", mi, log_buf, want);
    } else {
      tsr_test_passed++;
    }
  }
}

static tsr_ref f32(float *p, int64_t r, int64_t c) {
  int64_t sh[2] = {r, c};
  return tsr_ref_dense(p, TSR_F32, TSR_HBM, 2, sh);
}

/* ---- sequences ------------------------------------------------------------------------------ */

static void test_default_single_cycle(int buffers) {
  float x[24 * 128], o[24 * 128];
  tsr_test_fill(x, 24 * 128, 1);
  tsr_block_spec in = {.rank = 2, .block_shape = {8, 128}, .index_map = map_i0, .buffer_count = buffers};
  tsr_block_spec out = {.rank = 2, .block_shape = {8, 128}, .index_map = map_i0};
  scenario sc = {.pd = {.grid_rank = 1, .grid = {3}, .num_inputs = 1, .in_specs = &in,
                        .num_outputs = 1, .out_specs = &out},
                 .cycles = 1, .refs = {{f32(x, 24, 128), f32(o, 24, 128)}}, .body = plus_one};
  float *outs[1] = {o};
  /* step 0: prologue copy, wait, next copy, body, copy out (no wait_out: first step ever);
   * step 1: wait, next copy, body, wait previous out, copy out;
   * step 2: wait, (no copy: last step), body, wait, copy out, epilogue wait. */
  check_sequence(&sc, outs, NULL, 0,
                 "+in0@0,0 -in0 +in0@1,0 B >out0@0,0 "
                 "-in0 +in0@2,0 B -out0 >out0@1,0 "
                 "-in0 B -out0 >out0@2,0 -out0 ");
  int bad = 0;
  for (int i = 0; i < 24 * 128; i++) bad += o[i] != x[i] + 1.0f;
  CHECK_EQ_INT(bad, 0);
}

/* Two cycles over different arrays with shared allocations: the last step of cycle 1
 * prefetches cycle 2's first block, so cycle 2 starts with a wait and no prologue; cycle 1
 * leaves its last output in flight and cycle 2's first step waits for it (default schedule:
 * wait_out at every first step but the first ever). */
static void test_two_cycles(tsr_schedule_kind kind) {
  float x1[16 * 128], x2[16 * 128], o1[16 * 128], o2[16 * 128];
  tsr_test_fill(x1, 16 * 128, 2);
  tsr_test_fill(x2, 16 * 128, 3);
  tsr_block_spec spec = {.rank = 2, .block_shape = {8, 128}, .index_map = map_i0};
  tsr_schedule pipe_sched = {.kind = kind};
  scenario sc = {.pd = {.grid_rank = 1, .grid = {2}, .num_inputs = 1, .in_specs = &spec,
                        .num_outputs = 1, .out_specs = &spec},
                 .cycles = 2, .refs = {{f32(x1, 16, 128), f32(o1, 16, 128)}, {f32(x2, 16, 128), f32(o2, 16, 128)}},
                 .body = plus_one, .hooks = true, .schedule = pipe_sched, .prefetch_schedule = &pipe_sched};
  float *outs[2] = {o1, o2};
  /* Both schedules agree here: every block index changes at every step (cyclically too). */
  check_sequence(&sc, outs, NULL, 0,
                 "+in0@0,0 -in0 +in0@1,0 B Y >out0@0,0 "
                 "-in0 P +in0@0,0 B -out0 >out0@1,0 "
                 "-in0 +in0@1,0 B -out0 Y >out0@0,0 "
                 "-in0 P B -out0 >out0@1,0 -out0 ");
  int bad = 0;
  for (int i = 0; i < 16 * 128; i++) bad += o1[i] != x1[i] + 1.0f || o2[i] != x2[i] + 1.0f;
  CHECK_EQ_INT(bad, 0);
}

/* A reduction over k into one output block. */
static void test_accumulator_single(bool init) {
  float x[8 * 384], o[8 * 128], o0[8 * 128];
  tsr_test_fill(x, 8 * 384, 4);
  tsr_test_fill(o0, 8 * 128, 5);
  tsr_block_spec in = {.rank = 2, .block_shape = {8, 128}, .index_map = map_0i};
  tsr_block_spec out = {.rank = 2, .block_shape = {8, 128}}; /* index map: zeros */
  bool acc = true;
  scenario sc = {.pd = {.grid_rank = 1, .grid = {3}, .num_inputs = 1, .in_specs = &in,
                        .num_outputs = 1, .out_specs = &out, .should_accumulate_out = &acc},
                 .cycles = 1, .refs = {{f32(x, 8, 384), f32(o, 8, 128)}}, .body = accum_sum,
                 .init_accumulators = init};
  float *outs[1] = {o};
  /* The accumulator is an input too: its prologue copy and first wait, unless the invocation
   * initialises accumulators (skip_input_copies_when_init_accumulators). It is written back
   * once, on the last step (will_change is false before). */
  check_sequence(&sc, outs, o0, 8 * 128,
                 init ? "+in0@0,0 -in0 +in0@0,1 B -in0 +in0@0,2 B -in0 B >out0@0,0 -out0 "
                      : "+in0@0,0 +out0@0,0 -in0 -out0 +in0@0,1 B -in0 +in0@0,2 B -in0 B >out0@0,0 -out0 ");
  double worst = 0;
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 128; j++) {
      float want = (init ? 0.0f : o0[i * 128 + j]) + (x[i * 384 + j] + x[i * 384 + 128 + j] + x[i * 384 + 256 + j]);
      double d = fabs((double)o[i * 128 + j] - want);
      if (d > worst) worst = d;
    }
  CHECK(worst < 1e-5);
}

/* The 'fixed' schedule for an accumulator over a fixed HBM block across two cycles: it is read
 * once (first step ever) and written once (last step ever); between cycles the accumulated
 * block stays in VMEM and becomes the next cycle's accumulator. */
static void test_accumulator_fixed_two_cycles(void) {
  float x1[8 * 256], x2[8 * 256], o[8 * 128], o0[8 * 128];
  tsr_test_fill(x1, 8 * 256, 6);
  tsr_test_fill(x2, 8 * 256, 7);
  tsr_test_fill(o0, 8 * 128, 8);
  tsr_block_spec in = {.rank = 2, .block_shape = {8, 128}, .index_map = map_0i};
  tsr_block_spec out = {.rank = 2, .block_shape = {8, 128}};
  bool acc = true;
  static const tsr_schedule fixed = {.kind = TSR_SCHEDULE_FIXED};
  scenario sc = {.pd = {.grid_rank = 1, .grid = {2}, .num_inputs = 1, .in_specs = &in,
                        .num_outputs = 1, .out_specs = &out, .should_accumulate_out = &acc},
                 .cycles = 2, .refs = {{f32(x1, 8, 256), f32(o, 8, 128)}, {f32(x2, 8, 256), f32(o, 8, 128)}},
                 .body = accum_sum, .hooks = true, .schedule = fixed, .prefetch_schedule = &fixed};
  float *outs[2] = {o, o};
  check_sequence(&sc, outs, o0, 8 * 128,
                 "+in0@0,0 +out0@0,0 -in0 -out0 +in0@0,1 B Y "
                 "-in0 P +in0@0,0 B "
                 "-in0 +in0@0,1 B Y "
                 "-in0 P B >out0@0,0 -out0 ");
  double worst = 0;
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 128; j++) {
      float want = o0[i * 128 + j] + x1[i * 256 + j] + x1[i * 256 + 128 + j] + x2[i * 256 + j] +
                   x2[i * 256 + 128 + j];
      double d = fabs((double)o[i * 128 + j] - want);
      if (d > worst) worst = d;
    }
  CHECK(worst < 1e-5);
}

/* A custom schedule: write back only on the last step ever, never wait for a previous block
 * (nothing was sent); the other predicates fall back to 'default'. */
static int custom_calls;
static bool custom_copy_out(const tsr_scheduler *s, const tsr_bref *b, void *u) {
  (void)b;
  (*(int *)u)++;
  return tsr_sched_last_step_ever(s);
}
static bool never(const tsr_scheduler *s, const tsr_bref *b, void *u) {
  (void)s; (void)b; (void)u;
  return false;
}

static void test_custom_schedule(void) {
  float x[8 * 384], o[8 * 384];
  tsr_test_fill(x, 8 * 384, 9);
  tsr_block_spec spec = {.rank = 2, .block_shape = {8, 128}, .index_map = map_0i};
  tsr_schedule cs = {.kind = TSR_SCHEDULE_CUSTOM, .copy_out = custom_copy_out, .wait_out = never,
                     .user = &custom_calls};
  scenario sc = {.pd = {.grid_rank = 1, .grid = {3}, .num_inputs = 1, .in_specs = &spec,
                        .num_outputs = 1, .out_specs = &spec},
                 .cycles = 1, .refs = {{f32(x, 8, 384), f32(o, 8, 384)}}, .body = plus_one, .schedule = cs};
  float zero[8 * 384] = {0};
  float *outs[1] = {o};
  custom_calls = 0;
  check_sequence(&sc, outs, zero, 8 * 384,
                 "+in0@0,0 -in0 +in0@0,1 B -in0 +in0@0,2 B -in0 B >out0@0,2 -out0 ");
  CHECK_EQ_INT(custom_calls, 6); /* once per step, two runs */
  int bad = 0;
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 384; j++)
      bad += o[i * 384 + j] != (j >= 256 ? x[i * 384 + j] + 1.0f : 0.0f);
  CHECK_EQ_INT(bad, 0);
}

/* Accumulators in other dtypes: i32 outputs sum in i32 (exact), bf16 outputs sum in f32 and
 * round to bf16 on every store, as the seed's astype chain does. */
static float bf(uint16_t v) { return tsr_bf16_to_f32(v); }

static tsr_status accum_typed(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *o = tsr_ctx_out(c, 0);
  bool first = tsr_ctx_program_id(c, 0) == 0;
  for (int64_t i = 0; i < x->shape[0]; i++)
    for (int64_t j = 0; j < x->shape[1]; j++) {
      if (x->dtype == TSR_I32) {
        int32_t *d = (int32_t *)(void *)o->data + i * o->stride[0] + j;
        *d = (first ? 0 : *d) + ((int32_t *)(void *)x->data)[i * x->stride[0] + j];
      } else {
        uint16_t *d = (uint16_t *)(void *)o->data + i * o->stride[0] + j;
        float v = (first ? 0.0f : bf(*d)) + bf(((uint16_t *)(void *)x->data)[i * x->stride[0] + j]);
        *d = tsr_f32_to_bf16(v);
      }
    }
  log_add("B");
  return TSR_OK;
}

static void test_accumulator_dtypes(void) {
  int64_t sx[2] = {16, 256}, so[2] = {16, 128};
  tsr_block_spec in = {.rank = 2, .block_shape = {16, 128}, .index_map = map_0i};
  tsr_block_spec out = {.rank = 2, .block_shape = {16, 128}};
  bool acc = true;
  int32_t xi[16 * 256], oi[16 * 128], oi0[16 * 128];
  uint16_t xb[16 * 256], ob[16 * 128], ob0[16 * 128];
  for (int i = 0; i < 16 * 256; i++) {
    xi[i] = i * 7919 - 50000;
    xb[i] = tsr_f32_to_bf16((float)(i % 97) * 0.37f - 11.0f);
  }
  for (int i = 0; i < 16 * 128; i++) {
    oi0[i] = oi[i] = 1000 - i * 13;
    ob0[i] = ob[i] = tsr_f32_to_bf16((float)(i % 31) * 1.3f);
  }
  for (int t = 0; t < 2; t++) {
    tsr_dtype dt = t ? TSR_BF16 : TSR_I32;
    void *x = t ? (void *)xb : (void *)xi, *o = t ? (void *)ob : (void *)oi;
    scenario sc = {.pd = {.grid_rank = 1, .grid = {2}, .num_inputs = 1, .in_specs = &in,
                          .num_outputs = 1, .out_specs = &out, .should_accumulate_out = &acc},
                   .cycles = 1,
                   .refs = {{tsr_ref_dense(x, dt, TSR_HBM, 2, sx), tsr_ref_dense(o, dt, TSR_HBM, 2, so)}},
                   .body = accum_typed};
    CHECK_OK(run_scenario(&sc, TSR_DMA_EAGER));
  }
  int bad = 0;
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 128; j++) {
      int k = i * 128 + j;
      bad += oi[k] != oi0[k] + xi[i * 256 + j] + xi[i * 256 + 128 + j];
      uint16_t part = tsr_f32_to_bf16(bf(tsr_f32_to_bf16(bf(xb[i * 256 + j]))) + bf(xb[i * 256 + 128 + j]));
      bad += ob[k] != tsr_f32_to_bf16(bf(part) + bf(ob0[k]));
    }
  CHECK_EQ_INT(bad, 0);
}

/* ---- partitions ----------------------------------------------------------------------------- */

static void test_partition(void) {
  int64_t grid[2] = {4, 3}, sub[TSR_MAX_GRID], off[TSR_MAX_GRID];
  tsr_dim_semantics sem[2] = {TSR_PARALLEL, TSR_ARBITRARY};
  bool dyn[2] = {false, false};
  int split;
  /* divisible over 2 cores: dimension 0 cut in halves */
  for (int c = 0; c < 2; c++) {
    CHECK_OK(pipe_partition_grid_seed(grid, dyn, 2, sem, 2, 2, c, sub, off, &split));
    CHECK(split == 0 && sub[0] == 2 && sub[1] == 3 && off[0] == 2 * c && off[1] == 0);
  }
  /* 4 over 3 cores: base 1, rem 1: core 0 gets 2 at 0, core 1 gets 1 at 2, core 2 1 at 3 */
  int64_t want_n[3] = {2, 1, 1}, want_o[3] = {0, 2, 3};
  for (int c = 0; c < 3; c++) {
    CHECK_OK(pipe_partition_grid_seed(grid, dyn, 2, sem, 2, 3, c, sub, off, &split));
    CHECK(split == 0 && sub[0] == want_n[c] && off[0] == want_o[c] && sub[1] == 3 && off[1] == 0);
  }
  /* 5 over 2: 3 at 0, 2 at 3; the first divisible parallel dim wins over a larger one */
  int64_t g5[1] = {5};
  tsr_dim_semantics p1[1] = {TSR_PARALLEL};
  CHECK_OK(pipe_partition_grid_seed(g5, NULL, 1, p1, 1, 2, 0, sub, off, &split));
  CHECK(sub[0] == 3 && off[0] == 0);
  CHECK_OK(pipe_partition_grid_seed(g5, NULL, 1, p1, 1, 2, 1, sub, off, &split));
  CHECK(sub[0] == 2 && off[0] == 3);
  int64_t g3[3] = {5, 6, 4};
  tsr_dim_semantics pp[3] = {TSR_PARALLEL, TSR_PARALLEL, TSR_PARALLEL};
  CHECK_OK(pipe_partition_grid_seed(g3, NULL, 3, pp, 3, 3, 2, sub, off, &split));
  CHECK(split == 1 && sub[1] == 2 && off[1] == 4 && sub[0] == 5 && sub[2] == 4);
  /* 7 and 5 over 3 cores, nothing divisible: the largest (7): 3,2,2 at 0,3,5 */
  int64_t g75[2] = {5, 7};
  tsr_dim_semantics pp2[2] = {TSR_PARALLEL, TSR_PARALLEL};
  int64_t w7[3] = {3, 2, 2}, o7[3] = {0, 3, 5};
  for (int c = 0; c < 3; c++) {
    CHECK_OK(pipe_partition_grid_seed(g75, NULL, 2, pp2, 2, 3, c, sub, off, &split));
    CHECK(split == 1 && sub[1] == w7[c] && off[1] == o7[c] && sub[0] == 5 && off[0] == 0);
  }
  /* a dynamic dimension is never cut, even when divisible */
  bool dyn0[2] = {true, false};
  tsr_dim_semantics pp3[2] = {TSR_PARALLEL, TSR_PARALLEL};
  int64_t g43[2] = {4, 3};
  CHECK_OK(pipe_partition_grid_seed(g43, dyn0, 2, pp3, 2, 2, 1, sub, off, &split));
  CHECK(split == 1 && sub[0] == 4 && sub[1] == 1 && off[1] == 2);
  /* one core: untouched */
  CHECK_OK(pipe_partition_grid_seed(grid, dyn, 2, NULL, 0, 1, 0, sub, off, &split));
  CHECK(split == -1 && sub[0] == 4 && off[0] == 0);
  /* the seed's errors */
  CHECK_FAILS(pipe_partition_grid_seed(grid, dyn, 2, sem, 1, 2, 0, sub, off, &split), TSR_ERR_INVALID,
              "same length as grid");
  CHECK_FAILS(pipe_partition_grid_seed(grid, dyn, 2, NULL, 0, 2, 0, sub, off, &split), TSR_ERR_UNSUPPORTED,
              "without parallel grid dimensions");
  bool dyn1[2] = {true, false};
  CHECK_FAILS(pipe_partition_grid_seed(grid, dyn1, 2, sem, 2, 2, 0, sub, off, &split), TSR_ERR_UNSUPPORTED,
              "only dynamic grid dimensions");
  CHECK_FAILS(pipe_partition_grid_seed(grid, dyn, 2, sem, 2, 0, 0, sub, off, &split), TSR_ERR_INVALID,
              "core count must be known");
}

/* A pipeline split over the cores of the enclosing grid (core_axis 0, 2 cores): each core
 * runs its share, with program ids that include its offset. */
typedef struct split_run {
  tsr_ref x, o;
  int64_t ids[2][8];
  int n_ids[2];
  int64_t nprog[2];
} split_run;

static tsr_status split_inner(tsr_ctx *c, void *u) {
  split_run *sr = u;
  int core = tsr_ctx_core_id(c);
  sr->ids[core][sr->n_ids[core]++] = tsr_ctx_program_id(c, 0);
  sr->nprog[core] = tsr_ctx_num_programs(c, 0);
  const tsr_ref *x = tsr_ctx_in(c, 0), *o = tsr_ctx_out(c, 0);
  for (int64_t i = 0; i < x->shape[0]; i++)
    for (int64_t j = 0; j < x->shape[1]; j++)
      F(o)[i * o->stride[0] + j] = 2.0f * F(x)[i * x->stride[0] + j];
  return TSR_OK;
}

static tsr_status split_outer(tsr_ctx *c, void *u) {
  split_run *sr = u;
  tsr_block_spec spec = {.rank = 2, .block_shape = {8, 128}, .index_map = map_i0};
  tsr_pipeline_desc pd = {.name = "ep", .grid_rank = 1, .grid = {5}, .num_inputs = 1, .in_specs = &spec,
                          .num_outputs = 1, .out_specs = &spec, .has_core_axis = true,
                          .core_axis = 0, .num_semantics = 1, .semantics = {TSR_PARALLEL}};
  tsr_ref refs[2] = {*tsr_ctx_in(c, 0), *tsr_ctx_out(c, 0)};
  return tsr_emit_pipeline(c, &pd, refs, split_inner, sr, NULL);
}

static void test_core_axis(void) {
  tsr_machine *m = machine(2, TSR_DMA_EAGER);
  static float x[40 * 128], o[40 * 128];
  tsr_test_fill(x, 40 * 128, 11);
  memset(o, 0, sizeof o);
  split_run sr = {.x = f32(x, 40, 128), .o = f32(o, 40, 128)};
  tsr_block_spec any = {.space = TSR_ANY};
  tsr_call_desc d = {.name = "split", .grid_rank = 1, .grid = {2}, .semantics = {TSR_PARALLEL},
                     .num_inputs = 1, .inputs = &sr.x, .in_specs = &any, .num_outputs = 1,
                     .outputs = &sr.o, .out_specs = &any, .body = split_outer, .user = &sr};
  CHECK_OK(tsr_pallas_call(m, &d, NULL));
  /* 5 blocks over 2 cores: core 0 runs 3 (ids 0..2), core 1 runs 2 (ids 3, 4) */
  CHECK(sr.n_ids[0] == 3 && sr.ids[0][0] == 0 && sr.ids[0][2] == 2 && sr.nprog[0] == 3);
  CHECK(sr.n_ids[1] == 2 && sr.ids[1][0] == 3 && sr.ids[1][1] == 4 && sr.nprog[1] == 2);
  int bad = 0;
  for (int i = 0; i < 40 * 128; i++) bad += o[i] != 2.0f * x[i];
  CHECK_EQ_INT(bad, 0);
  tsr_machine_destroy(m);
}

/* ---- edge blocks ------------------------------------------------------------------------------ */

static int64_t edge_bytes[3][3];

static void on_edge(void *u, const tsr_event *ev) {
  (void)u;
  if (ev->kind == TSR_EV_DMA_START && ev->dir == TSR_DMA_IN && ev->name && !strcmp(ev->name, "e.in0"))
    edge_bytes[ev->index[0]][ev->index[1]] = ev->bytes;
}

static tsr_status copy_block(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *o = tsr_ctx_out(c, 0);
  size_t es = tsr_dtype_size(x->dtype);
  for (int64_t i = 0; i < x->shape[0]; i++)
    memcpy(o->data + (size_t)(i * o->stride[0]) * es, x->data + (size_t)(i * x->stride[0]) * es,
           (size_t)x->shape[1] * es);
  return TSR_OK;
}

static tsr_status edge_outer(tsr_ctx *c, void *u) {
  (void)u;
  tsr_block_spec spec = {.rank = 2, .block_shape = {256, 256}, .index_map = map_ij};
  tsr_pipeline_desc pd = {.name = "e", .grid_rank = 2, .grid = {3, 3}, .num_inputs = 1,
                          .in_specs = &spec, .num_outputs = 1, .out_specs = &spec};
  tsr_ref refs[2] = {*tsr_ctx_in(c, 0), *tsr_ctx_out(c, 0)};
  return tsr_emit_pipeline(c, &pd, refs, copy_block, NULL, NULL);
}

static void test_edges(void) {
  tsr_dtype types[3] = {TSR_F32, TSR_BF16, TSR_I8};
  int64_t shape[2] = {600, 600};
  for (int t = 0; t < 3; t++) {
    int64_t tiling[2];
    pipe_array_tiling(shape, 2, types[t], 5, tiling);
    CHECK(tiling[0] == 8 && tiling[1] == 128);
    size_t es = tsr_dtype_size(types[t]);
    unsigned char *x = malloc(600 * 600 * es), *o = calloc(600 * 600, es);
    for (size_t i = 0; i < 600 * 600 * es; i++) x[i] = (unsigned char)(i * 7 + 3);
    tsr_ref xr = tsr_ref_dense(x, types[t], TSR_HBM, 2, shape), orf = tsr_ref_dense(o, types[t], TSR_HBM, 2, shape);
    tsr_machine *m = NULL;
    tsr_machine_options mo = {.chip = tsr_chip_get("v5e"), .num_cores = 1, .quiet = true};
    CHECK_OK(tsr_machine_create(&mo, &m));
    tsr_observer obs = {.on_event = on_edge};
    tsr_machine_add_observer(m, &obs);
    memset(edge_bytes, 0, sizeof edge_bytes);
    tsr_block_spec any = {.space = TSR_ANY};
    tsr_call_desc d = {.name = "edge", .num_inputs = 1, .inputs = &xr, .in_specs = &any,
                       .num_outputs = 1, .outputs = &orf, .out_specs = &any, .body = edge_outer};
    CHECK_OK(tsr_pallas_call(m, &d, NULL));
    /* rows: 256, 256, then 600 % 256 = 88 (a multiple of the 8-row tile); columns: 256, 256,
     * then 88 rounded up to the 128-lane tile: the seed's (88, 128) corner slice */
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 3; j++) {
        int64_t r = i < 2 ? 256 : 88, cl = j < 2 ? 256 : 128;
        CHECK_EQ_INT(edge_bytes[i][j], r * cl * (int64_t)es);
      }
    CHECK(memcmp(x, o, 600 * 600 * es) == 0);
    tsr_machine_destroy(m);
    free(x);
    free(o);
  }
  /* the seed's tiling on other shapes: second-minor tile from the packing, doubled up to 8 */
  int64_t t[2], s4[2] = {4, 600}, s2[2] = {2, 600};
  pipe_array_tiling(s4, 2, TSR_F32, 5, t);
  CHECK(t[0] == 4 && t[1] == 128);
  pipe_array_tiling(s4, 2, TSR_I8, 5, t);
  CHECK(t[0] == 4);
  pipe_array_tiling(s2, 2, TSR_BF16, 5, t);
  CHECK(t[0] == 2);
  pipe_array_tiling(s2, 2, TSR_F32, 3, t);  /* before v4: twice the packing */
  CHECK(t[0] == 2);
  pipe_array_tiling(s4, 2, TSR_I8, 3, t);
  CHECK(t[0] == 8);
}

/* ---- aliasing, errors ----------------------------------------------------------------------- */

static int inner_dmas;
static void on_count(void *u, const tsr_event *ev) {
  (void)u;
  if (ev->kind == TSR_EV_DMA_START && ev->name && !strncmp(ev->name, "ep.", 3)) inner_dmas++;
}

static tsr_status alias_outer(tsr_ctx *c, void *u) {
  (void)u;
  tsr_block_spec spec = {.rank = 2, .block_shape = {8, 128}, .index_map = map_i0};
  tsr_pipeline_desc pd = {.name = "ep", .grid_rank = 1, .grid = {8}, .num_inputs = 1,
                          .in_specs = &spec, .num_outputs = 1, .out_specs = &spec};
  tsr_ref refs[2] = {*tsr_ctx_in(c, 0), *tsr_ctx_out(c, 0)};
  return tsr_emit_pipeline(c, &pd, refs, split_inner, &(split_run){0}, NULL);
}

static void test_alias_vmem(void) {
  tsr_machine *m = NULL;
  tsr_machine_options mo = {.chip = tsr_chip_get("v5e"), .num_cores = 1, .quiet = true};
  CHECK_OK(tsr_machine_create(&mo, &m));
  tsr_observer obs = {.on_event = on_count};
  tsr_machine_add_observer(m, &obs);
  static float x[64 * 128], o[64 * 128];
  tsr_test_fill(x, 64 * 128, 12);
  tsr_ref xr = f32(x, 64, 128), orf = f32(o, 64, 128);
  inner_dmas = 0;
  /* the outer kernel's operands are whole VMEM blocks; the inner VMEM specs alias them */
  tsr_call_desc d = {.name = "alias", .num_inputs = 1, .inputs = &xr, .num_outputs = 1,
                     .outputs = &orf, .body = alias_outer};
  CHECK_OK(tsr_pallas_call(m, &d, NULL));
  CHECK_EQ_INT(inner_dmas, 0);
  int bad = 0;
  for (int i = 0; i < 64 * 128; i++) bad += o[i] != 2.0f * x[i];
  CHECK_EQ_INT(bad, 0);
  tsr_machine_destroy(m);
}

typedef struct err_case { int which; } err_case;

static tsr_status err_outer(tsr_ctx *c, void *u) {
  err_case *e = u;
  tsr_block_spec spec = {.rank = 2, .block_shape = {8, 128}, .index_map = map_i0};
  tsr_block_spec s1 = {.rank = 1, .block_shape = {128}};
  tsr_pipeline_desc pd = {.grid_rank = 1, .grid = {2}, .num_inputs = 1, .in_specs = &spec,
                          .num_outputs = 1, .out_specs = &spec};
  tsr_ref refs[2] = {*tsr_ctx_in(c, 0), *tsr_ctx_out(c, 0)};
  tsr_pipeline_run_opts o = {0};
  tsr_block_spec three = spec;
  switch (e->which) {
  case 0: { /* rank 1 */
    int64_t n = 2048;
    refs[0] = tsr_ref_dense(refs[0].data, TSR_F32, TSR_HBM, 1, &n);
    pd.in_specs = &s1;
    break;
  }
  case 1: o.not_last_cycle = true; break;   /* scoped buffers and copies left in flight */
  case 2: three.buffer_count = 3; pd.out_specs = &three; break;
  case 3: pd.has_core_axis = true; pd.core_axis = 1; break;
  }
  return tsr_emit_pipeline(c, &pd, refs, plus_one, NULL, &o);
}

static void test_errors(void) {
  tsr_machine *m = NULL;
  tsr_machine_options mo = {.chip = tsr_chip_get("v5e"), .num_cores = 1, .quiet = true};
  CHECK_OK(tsr_machine_create(&mo, &m));
  static float x[16 * 128], o[16 * 128];
  tsr_ref xr = f32(x, 16, 128), orf = f32(o, 16, 128);
  tsr_block_spec any = {.space = TSR_ANY};
  const char *want[4] = {"must use >1D values", "needs allocations", "2 for outputs",
                         "not an axis of the enclosing grid"};
  tsr_status st[4] = {TSR_ERR_UNSUPPORTED, TSR_ERR_INVALID, TSR_ERR_INVALID, TSR_ERR_INVALID};
  for (int k = 0; k < 4; k++) {
    err_case e = {k};
    tsr_call_desc d = {.num_inputs = 1, .inputs = &xr, .in_specs = &any, .num_outputs = 1,
                       .outputs = &orf, .out_specs = &any, .body = err_outer, .user = &e};
    CHECK_FAILS(tsr_pallas_call(m, &d, NULL), st[k], want[k]);
  }
  tsr_machine_destroy(m);
}

int main(void) {
  test_default_single_cycle(0);
  test_default_single_cycle(3);   /* 3 input buffers: same copies, slots rotate over 3 */
  test_two_cycles(TSR_SCHEDULE_DEFAULT);
  test_two_cycles(TSR_SCHEDULE_FIXED);
  test_accumulator_single(false);
  test_accumulator_single(true);
  test_accumulator_fixed_two_cycles();
  test_custom_schedule();
  test_accumulator_dtypes();
  test_partition();
  test_core_axis();
  test_edges();
  test_alias_vmem();
  test_errors();
  return tsr_test_finish("test_emit_pipeline");
}
