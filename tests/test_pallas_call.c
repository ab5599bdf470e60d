/* pallas_call: results against plain C loops, exact DMA counts, and every error path. */
#define _GNU_SOURCE /* sched_getcpu, pthread_setaffinity_np: the host helpers' CPUs */
#include <pthread.h>
#include <sched.h>
#include <time.h>

#include "harness.h"
#include "pallas_util.h"
#include "tessera/check.h"
#include "tessera/pipeline.h"

/* ---- kernels ---------------------------------------------------------------------------- */

static tsr_status add_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *y = tsr_ctx_in(c, 1), *o = tsr_ctx_out(c, 0);
  int64_t rows = x->shape[0], cols = x->shape[1];
  for (int64_t i = 0; i < rows; i++) {
    const float *a = (const float *)(void *)x->data + i * x->stride[0];
    const float *b = (const float *)(void *)y->data + i * y->stride[0];
    float *r = (float *)(void *)o->data + i * o->stride[0];
    for (int64_t j = 0; j < cols; j++) r[j] = a[j] + b[j];
  }
  return TSR_OK;
}


/* matmul with grid (i, j, k): A block (i, k), B block (k, j), O block (i, j) */
static tsr_status map_ik(void *u, const int64_t *g, int n, const tsr_ref *p, int np, int64_t *b) {
  (void)u; (void)n; (void)p; (void)np;
  b[0] = g[0]; b[1] = g[2];
  return TSR_OK;
}
static tsr_status map_kj(void *u, const int64_t *g, int n, const tsr_ref *p, int np, int64_t *b) {
  (void)u; (void)n; (void)p; (void)np;
  b[0] = g[2]; b[1] = g[1];
  return TSR_OK;
}

static tsr_status matmul_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *a = tsr_ctx_in(c, 0), *b = tsr_ctx_in(c, 1), *o = tsr_ctx_out(c, 0);
  const tsr_ref *acc = tsr_ctx_scratch(c, 0);
  int64_t M = a->shape[0], K = a->shape[1], N = b->shape[1];
  float *ac = (float *)(void *)acc->data;
  if (tsr_ctx_program_id(c, 2) == 0)
    for (int64_t i = 0; i < M * N; i++) ac[i] = 0;
  for (int64_t i = 0; i < M; i++)
    for (int64_t k = 0; k < K; k++) {
      float av = ((const float *)(void *)a->data)[i * a->stride[0] + k];
      for (int64_t j = 0; j < N; j++) ac[i * N + j] += av * ((const float *)(void *)b->data)[k * b->stride[0] + j];
    }
  if (tsr_ctx_program_id(c, 2) == tsr_ctx_num_programs(c, 2) - 1)
    for (int64_t i = 0; i < M; i++)
      for (int64_t j = 0; j < N; j++) ((float *)(void *)o->data)[i * o->stride[0] + j] = ac[i * N + j];
  return TSR_OK;
}

static bool zero_copy; /* the suite runs twice: copying blocks, then zero-copy views */

static tsr_machine *machine(int cores) {
  tsr_machine *m = NULL;
  tsr_machine_options o = {.chip = tsr_chip_get("v5p"), .num_cores = cores, .quiet = true,
                           .zero_copy = zero_copy};
  if (tsr_machine_create(&o, &m) != TSR_OK) { fprintf(stderr, "%s\n", tsr_last_error()); exit(1); }
  return m;
}

static void test_seed_add(void) {
  tsr_machine *m = machine(1);
  float x[8 * 128], y[8 * 128], o[8 * 128];
  tsr_test_fill(x, 1024, 1);
  tsr_test_fill(y, 1024, 2);
  int64_t shape[2] = {8, 128};
  tsr_ref in[2] = {tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, shape), tsr_ref_dense(y, TSR_F32, TSR_HBM, 2, shape)};
  tsr_ref out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, shape);
  tsr_call_desc d = {.name = "my_call", .num_inputs = 2, .inputs = in, .num_outputs = 1,
                     .outputs = &out, .body = add_body};
  tsr_call_stats st;
  CHECK_OK(tsr_pallas_call(m, &d, &st));
  int bad = 0;
  for (int i = 0; i < 1024; i++) bad += o[i] != x[i] + y[i];
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(st.steps, 1);
  CHECK_EQ_INT(st.dma.in, 2);
  CHECK_EQ_INT(st.dma.out, 1);
  CHECK_EQ_INT(st.dma.bytes_in, 2 * 4096);
  CHECK_EQ_INT(st.dma.bytes_out, 4096);
  CHECK_EQ_INT(st.vmem_bytes, 3 * 4096); /* trivial windows: one buffer each */
  tsr_machine_destroy(m);
}

static void matmul_ref(const float *a, const float *b, float *c, int M, int N, int K) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float s = 0;
      for (int k = 0; k < K; k++) s += a[i * K + k] * b[k * N + j];
      c[i * N + j] = s;
    }
}

/* A (2,2,4) grid with K innermost: each of the 4 output blocks is written exactly once; A and
 * B change every step so each is fetched 16 times; an input whose index map ignores the two
 * inner axes is fetched once per outer step. */
static void test_matmul_counts(void) {
  tsr_machine *m = machine(1);
  enum { M = 16, N = 256, K = 512, BM = 8, BN = 128, BK = 128 };
  static float a[M * K], b[K * N], o[M * N], ref[M * N], bias[M * 128];
  tsr_test_fill(a, M * K, 3);
  tsr_test_fill(b, K * N, 4);
  tsr_test_fill(bias, M * 128, 5);
  matmul_ref(a, b, ref, M, N, K);
  tsr_ref in[3] = {tsr_ref_dense(a, TSR_F32, TSR_HBM, 2, (int64_t[]){M, K}),
                   tsr_ref_dense(b, TSR_F32, TSR_HBM, 2, (int64_t[]){K, N}),
                   tsr_ref_dense(bias, TSR_F32, TSR_HBM, 2, (int64_t[]){M, 128})};
  tsr_ref out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, (int64_t[]){M, N});
  tsr_block_spec ins[3] = {{.rank = 2, .block_shape = {BM, BK}, .index_map = map_ik},
                           {.rank = 2, .block_shape = {BK, BN}, .index_map = map_kj},
                           {.rank = 2, .block_shape = {BM, 128}, .index_map = map_i0}};
  tsr_block_spec outs[1] = {{.rank = 2, .block_shape = {BM, BN}, .index_map = map_ij}};
  tsr_scratch_spec scr = {.space = TSR_VMEM, .dtype = TSR_F32, .rank = 2, .shape = {BM, BN}};
  tsr_call_desc d = {.name = "matmul", .grid_rank = 3, .grid = {M / BM, N / BN, K / BK},
                     .num_inputs = 3, .inputs = in, .in_specs = ins, .num_outputs = 1,
                     .outputs = &out, .out_specs = outs, .num_scratch = 1, .scratch = &scr,
                     .body = matmul_body};
  tsr_call_stats st;
  CHECK_OK(tsr_pallas_call(m, &d, &st));
  double worst = 0;
  for (int i = 0; i < M * N; i++) worst = fmax(worst, fabs(o[i] - ref[i]));
  CHECK(worst < 1e-3);
  CHECK_EQ_INT(st.steps, 16);
  CHECK_EQ_INT(st.dma.out, 4);            /* each output block once */
  CHECK_EQ_INT(st.dma.skip_out, 12);
  CHECK_EQ_INT(st.dma.in, 16 + 16 + 2);   /* A, B every step; bias once per i */
  CHECK_EQ_INT(st.dma.skip_in, 14);
  CHECK_EQ_INT(st.dma.bytes_out, M * N * 4);
  /* VMEM: A 8x128 x2, B 128x128 x2, bias 8x128 x2, O 8x128 x2, acc 8x128 */
  CHECK_EQ_INT(st.vmem_bytes, (4096 + 65536 + 4096 + 4096) * 2 + 4096);
  tsr_machine_destroy(m);
}

/* ---- big DMA copies in bands --------------------------------------------------------------- */

static tsr_status copy_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *o = tsr_ctx_out(c, 0);
  for (int64_t i = 0; i < x->shape[0]; i++)
    for (int64_t j = 0; j < x->shape[1]; j++)
      for (int64_t k = 0; k < x->shape[2]; k++)
        ((float *)(void *)o->data)[i * o->stride[0] + j * o->stride[1] + k * o->stride[2]] =
            ((const float *)(void *)x->data)[i * x->stride[0] + j * x->stride[1] + k * x->stride[2]];
  return TSR_OK;
}

/* Blocks of 128 KiB with a leading dimension of 1, out of a strided 3-D array: the DMAs move
 * them in bands along the first dimension with room (shared with a host helper), and every
 * element arrives, in and out, with and without helpers. */
static void test_banded_copies(void) {
  enum { B = 3, R = 128, C = 512, BC = 256 };
  static float x[B * R * C], o[B * R * C];
  tsr_test_fill(x, B * R * C, 11);
  tsr_ref in = tsr_ref_dense(x, TSR_F32, TSR_HBM, 3, (int64_t[]){B, R, C});
  tsr_ref out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 3, (int64_t[]){B, R, C});
  tsr_block_spec spec = {.rank = 3, .block_shape = {1, R, BC}, .axis_map = {TSR_AXIS(0), 0, TSR_AXIS(1)}};
  for (int helpers = -1; helpers <= 0; helpers++) {
    tsr_machine *m = NULL;
    tsr_machine_options mo = {.chip = tsr_chip_get("v5e"), .num_cores = 1, .quiet = true,
                              .zero_copy = zero_copy, .host_helpers = helpers};
    CHECK_OK(tsr_machine_create(&mo, &m));
    memset(o, 0, sizeof o);
    tsr_call_desc d = {.name = "copy3d", .grid_rank = 2, .grid = {B, C / BC}, .num_inputs = 1, .inputs = &in,
                       .in_specs = &spec, .num_outputs = 1, .outputs = &out, .out_specs = &spec, .body = copy_body};
    tsr_call_stats st;
    CHECK_OK(tsr_pallas_call(m, &d, &st));
    CHECK(memcmp(o, x, sizeof o) == 0);
    CHECK_EQ_INT(st.dma.in, B * (C / BC));
    CHECK_EQ_INT(st.dma.bytes_in, (int64_t)sizeof x);
    tsr_machine_destroy(m);
  }
}

/* ---- outputs shared across parallel iterations ------------------------------------------- */

static tsr_status sum_rows_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *o = tsr_ctx_out(c, 0);
  float *out = (float *)(void *)o->data;
  const float *in = (const float *)(void *)x->data;
  if (tsr_ctx_program_id(c, 1) == 0)
    for (int64_t j = 0; j < o->shape[1]; j++) out[j] = 0;
  for (int64_t i = 0; i < x->shape[0]; i++)
    for (int64_t j = 0; j < x->shape[1]; j++) out[j] += in[i * x->stride[0] + j];
  return TSR_OK;
}

/* A column sum over a (rows, cols) grid: out block (0, j) accumulates along the row axis.
 * Marked arbitrary that is a reduction; marked parallel, two iterations along it write one
 * block (a race on chips with two TensorCores), which a one-core run warns about; a two-core
 * run where the cores split that axis names the block both cores write back, with both
 * writes: a warning without checkers, a race finding (and no warning) with them. */
static void test_parallel_output_sharing(void) {
  enum { R = 32, C = 256, BR = 8, BC = 128 };
  static float x[R * C], o[8 * C];
  tsr_test_fill(x, R * C, 9);
  tsr_ref in = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, (int64_t[]){R, C});
  tsr_ref out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, (int64_t[]){8, C});
  tsr_block_spec ispec = {.rank = 2, .block_shape = {BR, BC}, .axis_map = {TSR_AXIS(1), TSR_AXIS(0)}};
  tsr_block_spec ospec = {.rank = 2, .block_shape = {8, BC}, .axis_map = {0, TSR_AXIS(0)}};
  /* Split along the row axis (4 steps), core 0 runs rows 0-1 and core 1 rows 2-3 of each
   * column j, in the order (j, row): out block (0, j) is written back at each core's step
   * 2j + 1, by core 0 at grid index (j, 1) and by core 1 at (j, 3). The first shared block
   * found may be either column's. */
  char shared[2][400];
  for (int j = 0; j < 2; j++)
    snprintf(shared[j], sizeof shared[j], "out0 block (0, %d) is written back by core 0 at grid index (%d, 1) (its step "
             "%d) and by core 1 at grid index (%d, 3) (its step %d): the cores run at once and the array keeps "
             "whichever write lands last (grid axis 1 is split between the cores, but out0's index map gives both "
             "cores this block: mark axis 1 \"arbitrary\"", j, j, 2 * j + 1, j, 2 * j + 1);
  const struct { tsr_dim_semantics col_axis, row_axis; int cores; bool checked; const char *want; } cases[] = {
      {TSR_ARBITRARY, TSR_ARBITRARY, 1, false, NULL},
      {TSR_ARBITRARY, TSR_PARALLEL, 1, false, "differ in grid axis 1, marked parallel"},
      {TSR_ARBITRARY, TSR_CORE_PARALLEL, 1, false, "marked core_parallel"},
      {TSR_ARBITRARY, TSR_ARBITRARY, 2, false, NULL},
      {TSR_PARALLEL, TSR_ARBITRARY, 2, false, NULL}, /* the cores split the columns: no block shared */
      {TSR_PARALLEL, TSR_ARBITRARY, 2, true, NULL},
      {TSR_ARBITRARY, TSR_CORE_PARALLEL, 2, false, "shared"},
      {TSR_ARBITRARY, TSR_CORE_PARALLEL, 2, true, "shared"}};
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    tsr_machine *m = machine(cases[k].cores);
    tsr_checker *ck = NULL;
    if (cases[k].checked) {
      CHECK_OK(tsr_checker_create(TSR_CHECK_DEFAULT, &ck));
      CHECK_OK(tsr_checker_attach(ck, m));
    }
    tsr_call_desc d = {.name = "colsum", .grid_rank = 2, .grid = {C / BC, R / BR},
                       .semantics = {cases[k].col_axis, cases[k].row_axis}, .num_inputs = 1, .inputs = &in,
                       .in_specs = &ispec, .num_outputs = 1, .outputs = &out, .out_specs = &ospec,
                       .body = sum_rows_body};
    tsr_call_stats st;
    CHECK_OK(tsr_pallas_call(m, &d, &st));
    if (cases[k].col_axis == TSR_PARALLEL) CHECK_EQ_INT(st.cores, 2);
    const char *w = tsr_machine_warnings(m);
    bool cores_share = cases[k].want && !strcmp(cases[k].want, "shared");
    if (cores_share && cases[k].checked) {
      /* a race: the call's finding, and no warning */
      CHECK_EQ_INT(tsr_checker_count(ck), 1);
      tsr_status cs = tsr_checker_status(ck);
      const char *f = tsr_last_error();
      CHECK(cs == TSR_ERR_RACE && strstr(f, "race on core 0 and core 1: ") == f &&
            (strstr(f, shared[0]) || strstr(f, shared[1])));
      if (cs != TSR_ERR_RACE || !(strstr(f, shared[0]) || strstr(f, shared[1]))) fprintf(stderr, "case %zu: %s\n", k, f);
      CHECK(!strstr(w, "written back by"));
    } else if (cores_share) {
      CHECK(strstr(w, shared[0]) || strstr(w, shared[1]));
      if (!strstr(w, shared[0]) && !strstr(w, shared[1])) fprintf(stderr, "case %zu: warnings: %s\n", k, w);
    } else if (cases[k].want) {
      CHECK(strstr(w, cases[k].want) != NULL);
      if (!strstr(w, cases[k].want)) fprintf(stderr, "case %zu: warnings: %s\n", k, w);
    } else {
      CHECK_EQ_INT((int)strlen(w), 0);
    }
    if (ck && !cores_share) CHECK_OK(tsr_checker_status(ck));
    tsr_machine_destroy(m);
    tsr_checker_destroy(ck);
    if (!cases[k].want) { /* the reduction itself, against a plain loop */
      int bad = 0;
      for (int j = 0; j < C; j++) {
        float sum = 0;
        for (int i = 0; i < R; i++) sum += x[i * C + j];
        bad += fabsf(o[j] - sum) > 1e-4f * (1 + fabsf(sum));
      }
      CHECK_EQ_INT(bad, 0);
    }
  }
  /* On a machine of two v5p devices the checkers log every device's events and replay them
   * (src/check/log.c): each device's two cores share blocks, a finding per device naming its
   * cores. */
  tsr_machine *m = NULL;
  tsr_machine_options mo = {.chip = tsr_chip_get("v5p"), .num_cores = 2, .num_devices = 2, .quiet = true};
  CHECK_OK(tsr_machine_create(&mo, &m));
  tsr_checker *ck = NULL;
  CHECK_OK(tsr_checker_create(TSR_CHECK_DEFAULT, &ck));
  CHECK_OK(tsr_checker_attach(ck, m));
  static float o2[8 * C];
  tsr_ref outs[2] = {out, tsr_ref_dense(o2, TSR_F32, TSR_HBM, 2, (int64_t[]){8, C})};
  tsr_call_desc dd[2];
  for (int dev = 0; dev < 2; dev++)
    dd[dev] = (tsr_call_desc){.name = "colsum", .grid_rank = 2, .grid = {C / BC, R / BR},
                              .semantics = {TSR_ARBITRARY, TSR_CORE_PARALLEL}, .num_inputs = 1, .inputs = &in,
                              .in_specs = &ispec, .num_outputs = 1, .outputs = &outs[dev], .out_specs = &ospec,
                              .body = sum_rows_body};
  CHECK_OK(tsr_pallas_call_devices(m, dd, NULL));
  CHECK_EQ_INT(tsr_checker_count(ck), 2);
  for (int dev = 0; dev < 2; dev++) {
    char who[96];
    snprintf(who, sizeof who, "race on device %d core 0 and device %d core 1: ", dev, dev);
    bool found = false;
    for (int i = 0; tsr_checker_finding(ck, i); i++) {
      const char *f = tsr_checker_finding(ck, i);
      if (strstr(f, who) == f && (strstr(f, shared[0]) || strstr(f, shared[1]))) found = true;
    }
    CHECK(found);
    if (!found) tsr_checker_report(ck, stderr);
  }
  CHECK(!strstr(tsr_machine_warnings(m), "written back by")); /* a finding instead */
  tsr_machine_destroy(m);
  tsr_checker_destroy(ck);
}

/* ---- tsr_ctx_parallel_for: every part once, whoever runs it ------------------------------ */

enum { PF_STEPS = 8, PF_PARTS = 8, PF_ROWS = 64, PF_COLS = 128 };
static int pf_runs[PF_STEPS][PF_PARTS]; /* atomic */

typedef struct pf_part_arg {
  const tsr_ref *x, *o;
  int64_t step;
} pf_part_arg;

static void pf_part(void *arg, int part) {
  const pf_part_arg *a = arg;
  __atomic_add_fetch(&pf_runs[a->step][part], 1, __ATOMIC_RELAXED);
  for (int64_t i = part * (PF_ROWS / PF_PARTS); i < (part + 1) * (PF_ROWS / PF_PARTS); i++) {
    const float *xr = (const float *)(void *)a->x->data + i * a->x->stride[0];
    float *orow = (float *)(void *)a->o->data + i * a->o->stride[0];
    for (int64_t j = 0; j < PF_COLS; j++) orow[j] = 2.0f * xr[j] + (float)part;
  }
}

static tsr_status pf_body(tsr_ctx *c, void *u) {
  (void)u;
  pf_part_arg a = {tsr_ctx_in(c, 0), tsr_ctx_out(c, 0), tsr_ctx_program_id(c, 0)};
  tsr_ctx_parallel_for(c, PF_PARTS, pf_part, &a);
  return TSR_OK;
}

/* Row parts of every block, with and without host helpers, more helpers than host CPUs, and
 * two simulated cores asking for the helpers at once: each part runs exactly once and the
 * output is what a plain loop computes. */
static void test_parallel_for(void) {
  static float x[PF_STEPS * PF_ROWS * PF_COLS], o[PF_STEPS * PF_ROWS * PF_COLS];
  tsr_test_fill(x, PF_STEPS * PF_ROWS * PF_COLS, 5);
  int64_t shape[2] = {PF_STEPS * PF_ROWS, PF_COLS};
  const struct { int cores, helpers; } setups[] = {{1, 0}, {1, -1}, {1, 3}, {2, 0}, {2, 2}};
  for (size_t k = 0; k < sizeof setups / sizeof setups[0]; k++) {
    tsr_machine *m = NULL;
    tsr_machine_options mo = {.chip = tsr_chip_get("v5p"), .num_cores = setups[k].cores, .quiet = true,
                              .zero_copy = zero_copy, .host_helpers = setups[k].helpers};
    CHECK_OK(tsr_machine_create(&mo, &m));
    memset(pf_runs, 0, sizeof pf_runs);
    memset(o, 0, sizeof o);
    tsr_ref in = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, shape), out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, shape);
    tsr_block_spec spec = {.rank = 2, .block_shape = {PF_ROWS, PF_COLS}, .axis_map = {TSR_AXIS(0), 0}, .space = TSR_VMEM};
    tsr_call_desc d = {.name = "parallel_for", .grid_rank = 1, .grid = {PF_STEPS}, .semantics = {TSR_PARALLEL},
                       .num_inputs = 1, .inputs = &in, .in_specs = &spec, .num_outputs = 1, .outputs = &out,
                       .out_specs = &spec, .body = pf_body};
    tsr_call_stats st;
    CHECK_OK(tsr_pallas_call(m, &d, &st));
    CHECK_EQ_INT(st.cores, setups[k].cores);
    int wrong_runs = 0, wrong_values = 0;
    for (int s = 0; s < PF_STEPS; s++)
      for (int p = 0; p < PF_PARTS; p++) wrong_runs += pf_runs[s][p] != 1;
    for (int64_t i = 0; i < PF_STEPS * PF_ROWS; i++)
      for (int64_t j = 0; j < PF_COLS; j++)
        wrong_values += o[i * PF_COLS + j] != 2.0f * x[i * PF_COLS + j] + (float)((i % PF_ROWS) / (PF_ROWS / PF_PARTS));
    CHECK_EQ_INT(wrong_runs, 0);
    CHECK_EQ_INT(wrong_values, 0);
    tsr_machine_destroy(m);
  }
}

/* ---- host helpers keep off the posting thread's CPU ---------------------------------------- */

/* Two parts that each wait (at most 5 s) until both have started, so that the helper runs one
 * of them while the posting thread runs the other; each notes the CPU it ran on. */
typedef struct off_cpu_probe {
  int cpu;       /* the body pins its thread here */
  bool pinned;
  pthread_t poster;
  int poster_cpu, helper_cpu;
  int started; /* atomic */
} off_cpu_probe;

static void off_cpu_part(void *arg, int part) {
  (void)part;
  off_cpu_probe *p = arg;
  __atomic_add_fetch(&p->started, 1, __ATOMIC_SEQ_CST);
  struct timespec t0, t;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  do clock_gettime(CLOCK_MONOTONIC, &t);
  while (__atomic_load_n(&p->started, __ATOMIC_SEQ_CST) < 2 && t.tv_sec - t0.tv_sec < 5);
  if (!pthread_equal(pthread_self(), p->poster)) p->helper_cpu = sched_getcpu();
}

/* The body pins its thread to CPU p->cpu, then asks for two parts. */
static tsr_status off_cpu_body(tsr_ctx *c, void *u) {
  off_cpu_probe *p = u;
  cpu_set_t was, one;
  CPU_ZERO(&one);
  CPU_SET(p->cpu, &one);
  p->pinned = !pthread_getaffinity_np(pthread_self(), sizeof was, &was) &&
              !pthread_setaffinity_np(pthread_self(), sizeof one, &one);
  p->poster = pthread_self();
  p->poster_cpu = sched_getcpu();
  tsr_ctx_parallel_for(c, 2, off_cpu_part, p);
  if (p->pinned) pthread_setaffinity_np(pthread_self(), sizeof was, &was);
  return TSR_OK;
}

typedef struct off_cpu_call {
  tsr_machine *m;
  tsr_call_desc d;
  tsr_status s;
} off_cpu_call;

static void *off_cpu_thread(void *arg) {
  off_cpu_call *c = arg;
  c->s = tsr_pallas_call(c->m, &c->d, NULL);
  return NULL;
}

/* The first two CPUs this thread may run on; false (the test skipped) when there is one. */
static bool two_cpus(const char *test, int cpus[2]) {
  cpu_set_t allowed;
  int n = 0;
  if (sched_getaffinity(0, sizeof allowed, &allowed)) return false;
  for (int i = 0; i < CPU_SETSIZE && n < 2; i++)
    if (CPU_ISSET(i, &allowed)) cpus[n++] = i;
  if (n < 2) fprintf(stderr, "%s: skipped (one CPU)\n", test);
  return n == 2;
}

/* A machine lives on across calls from threads on any CPU (the JAX package's pool, called by
 * XLA's threads): its helper runs off the CPU of the thread that asks, also when that thread
 * runs on the CPU the helper started on (the helpers start off their creator's CPU, here the
 * first). Each call comes from a thread of its own, as the process's first stays unpinned. */
static void test_helpers_off_poster_cpu(void) {
  int cpus[2];
  if (!two_cpus("test_helpers_off_poster_cpu", cpus)) return;
  tsr_machine *m = NULL;
  tsr_machine_options mo = {.chip = tsr_chip_get("v5e"), .quiet = true, .host_helpers = 1};
  CHECK_OK(tsr_machine_create(&mo, &m));
  static float x[8 * 128], o[8 * 128];
  int64_t shape[2] = {8, 128};
  tsr_ref in = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, shape), out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, shape);
  tsr_block_spec spec = {.rank = 2, .block_shape = {8, 128}, .axis_map = {TSR_AXIS(0), 0}, .space = TSR_VMEM};
  for (int round = 0; round < 4; round++) {
    off_cpu_probe p = {.cpu = cpus[round % 2], .helper_cpu = -1};
    off_cpu_call c = {.m = m, .d = {.name = "off_cpu", .grid_rank = 1, .grid = {1}, .semantics = {TSR_ARBITRARY},
                                    .num_inputs = 1, .inputs = &in, .in_specs = &spec, .num_outputs = 1, .outputs = &out,
                                    .out_specs = &spec, .body = off_cpu_body, .user = &p}};
    pthread_t t;
    CHECK_EQ_INT(pthread_create(&t, NULL, off_cpu_thread, &c), 0);
    pthread_join(t, NULL);
    CHECK_OK(c.s);
    CHECK(p.pinned);
    CHECK_EQ_INT(p.poster_cpu, p.cpu);
    CHECK(p.helper_cpu >= 0);            /* a helper ran the other part */
    CHECK(p.helper_cpu != p.poster_cpu); /* on another CPU */
  }
  tsr_machine_destroy(m);
}

typedef struct core_cpus {
  int cpu_of[2];      /* the CPU each core's body ran on */
  int core1_started;  /* atomic */
} core_cpus;

/* Each core's body notes the CPU it runs on; core 0's waits (up to 5 s) for core 1's to have
 * started, which core 1's own thread then runs (core 0's thread, done first, would take a
 * share no worker has started). */
static tsr_status core_cpu_body(tsr_ctx *c, void *u) {
  core_cpus *p = u;
  int64_t core = tsr_ctx_program_id(c, 0);
  p->cpu_of[core] = sched_getcpu();
  if (core == 1) __atomic_store_n(&p->core1_started, 1, __ATOMIC_SEQ_CST);
  struct timespec t0, t;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  do clock_gettime(CLOCK_MONOTONIC, &t);
  while (core == 0 && !__atomic_load_n(&p->core1_started, __ATOMIC_SEQ_CST) && t.tv_sec - t0.tv_sec < 5);
  return TSR_OK;
}

typedef struct pinned_call {
  off_cpu_call call;
  int cpu; /* the calling thread pins itself here first */
  bool pinned;
} pinned_call;

static void *pinned_call_thread(void *arg) {
  pinned_call *c = arg;
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(c->cpu, &one);
  c->pinned = !pthread_setaffinity_np(pthread_self(), sizeof one, &one);
  c->call.s = tsr_pallas_call(c->call.m, &c->call.d, NULL);
  return NULL;
}

/* A v5p machine's second core runs on a thread of its own, off the CPU of the thread that
 * calls (core 0's): left to the scheduler, it sat on that CPU for whole processes on a busy
 * host, and the two cores took turns on one CPU. Calls come from threads on either CPU (the
 * JAX package's machines live across XLA's threads). */
static void test_cores_off_poster_cpu(void) {
  int cpus[2];
  if (!two_cpus("test_cores_off_poster_cpu", cpus)) return;
  tsr_machine *m = machine(2);
  static float x[16 * 128], o[16 * 128];
  tsr_ref in = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, (int64_t[]){16, 128}), out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, (int64_t[]){16, 128});
  tsr_block_spec spec = {.rank = 2, .block_shape = {8, 128}, .axis_map = {TSR_AXIS(0), 0}, .space = TSR_VMEM};
  for (int round = 0; round < 4; round++) {
    core_cpus p = {.cpu_of = {-1, -1}};
    pinned_call c = {.cpu = cpus[round % 2],
                     .call = {.m = m, .d = {.name = "cores_off_cpu", .grid_rank = 1, .grid = {2}, .semantics = {TSR_PARALLEL},
                                            .num_inputs = 1, .inputs = &in, .in_specs = &spec, .num_outputs = 1,
                                            .outputs = &out, .out_specs = &spec, .body = core_cpu_body, .user = &p}}};
    pthread_t t;
    CHECK_EQ_INT(pthread_create(&t, NULL, pinned_call_thread, &c), 0);
    pthread_join(t, NULL);
    CHECK_OK(c.call.s);
    CHECK(c.pinned);
    CHECK_EQ_INT(p.cpu_of[0], c.cpu); /* core 0 on the calling thread */
    CHECK(p.cpu_of[1] >= 0);
    CHECK(p.cpu_of[1] != c.cpu); /* core 1 elsewhere */
  }
  tsr_machine_destroy(m);
}

/* ---- read-only inputs as views of HBM ---------------------------------------------------- */

/* Counts the steps whose input block the body saw inside the HBM array itself. */
typedef struct view_probe {
  const float *x;
  size_t bytes;
  int views, steps;
} view_probe;

static tsr_status probe_copy_body(tsr_ctx *c, void *u) {
  view_probe *v = u;
  const tsr_ref *x = tsr_ctx_in(c, 0);
  const char *p = x->data, *lo = (const char *)(const void *)v->x;
  v->views += p >= lo && p < lo + v->bytes;
  v->steps++;
  const tsr_ref *o = tsr_ctx_out(c, 0);
  for (int64_t i = 0; i < x->shape[0]; i++)
    for (int64_t j = 0; j < x->shape[1]; j++)
      ((float *)(void *)o->data)[i * o->stride[0] + j * o->stride[1]] =
          2.0f * ((const float *)(void *)x->data)[i * x->stride[0] + j * x->stride[1]];
  return TSR_OK;
}

/* A one-core v5e machine for the view probes, with `checks` attached (0: none). */
static tsr_machine *probe_machine(tsr_dma_mode mode, unsigned checks, tsr_checker **ck) {
  tsr_machine *m = NULL;
  tsr_machine_options mo = {.chip = tsr_chip_get("v5e"), .num_cores = 1, .quiet = true, .dma_mode = mode,
                            .host_helpers = -1};
  CHECK_OK(tsr_machine_create(&mo, &m));
  *ck = NULL;
  if (checks) {
    CHECK_OK(tsr_checker_create(checks, ck));
    CHECK_OK(tsr_checker_attach(*ck, m));
  }
  return m;
}

/* The checkers found nothing; both gone. */
static void probe_machine_end(tsr_machine *m, tsr_checker *ck) {
  if (ck) {
    CHECK_EQ_INT(tsr_checker_count(ck), 0);
    tsr_checker_destroy(ck);
  }
  tsr_machine_destroy(m);
}

/* (rows x cols) blocks of x (R x C) doubled into o: a view exactly when the spec is read-only,
 * DMAs are eager, no output overlaps the input and the block is contiguous, whether or not the
 * checkers watch (they find nothing either way). Values and DMA counts are the same every way. */
static int run_probe_spec(float *x, int64_t rows, int64_t cols, bool read_only, bool strided_reads, tsr_dma_mode mode,
                          bool observed, bool overlap) {
  enum { R = 64, C = 128 };
  tsr_checker *ck;
  tsr_machine *m = probe_machine(mode, observed ? TSR_CHECK_DEFAULT : 0, &ck);
  static float o[R * C];
  tsr_ref in = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, (int64_t[]){R, C});
  /* an overlapping output: the second half of the input's own array */
  tsr_ref out = tsr_ref_dense(overlap ? x + R * C / 2 : o, TSR_F32, TSR_HBM, 2, (int64_t[]){overlap ? R / 2 : R, C});
  tsr_block_spec ispec = {.rank = 2, .block_shape = {rows, cols}, .axis_map = {TSR_AXIS(0), TSR_AXIS(1)},
                          .read_only = read_only, .strided_reads = strided_reads};
  tsr_block_spec ospec = ispec;
  ospec.read_only = ospec.strided_reads = false;
  view_probe v = {.x = x, .bytes = sizeof(float) * R * C};
  tsr_call_desc d = {.name = "probe", .grid_rank = 2, .grid = {R / rows, C / cols}, .num_inputs = 1,
                     .inputs = &in, .in_specs = &ispec, .num_outputs = 1, .outputs = &out,
                     .out_specs = &ospec, .body = probe_copy_body, .user = &v};
  if (overlap) d.grid[0] = R / 2 / rows;
  tsr_call_stats st;
  CHECK_OK(tsr_pallas_call(m, &d, &st));
  CHECK_EQ_INT(st.dma.in, d.grid[0] * d.grid[1]);
  CHECK_EQ_INT(v.steps, d.grid[0] * d.grid[1]);
  if (!overlap) {
    int bad = 0;
    for (int i = 0; i < R * C; i++) bad += o[i] != 2.0f * x[i];
    CHECK_EQ_INT(bad, 0);
  }
  probe_machine_end(m, ck);
  return v.views;
}

static int run_probe(float *x, int64_t rows, int64_t cols, bool read_only, tsr_dma_mode mode, bool observed,
                     bool overlap) {
  return run_probe_spec(x, rows, cols, read_only, false, mode, observed, overlap);
}

static void test_read_only_views(void) {
  enum { R = 64, C = 128 };
  static float x[R * C];
  tsr_test_fill(x, R * C, 5);
  /* (8, 128) blocks span whole rows: contiguous */
  CHECK_EQ_INT(run_probe(x, 8, C, true, TSR_DMA_EAGER, 0, false), R / 8);
  CHECK_EQ_INT(run_probe(x, 8, C, false, TSR_DMA_EAGER, 0, false), 0);
  CHECK_EQ_INT(run_probe(x, 8, C, true, TSR_DMA_EAGER, true, false), R / 8); /* the checkers watch */
  CHECK_EQ_INT(run_probe(x, 8, C, true, TSR_DMA_ON_WAIT, 0, false), 0); /* data lands late */
  CHECK_EQ_INT(run_probe(x, 8, 64, true, TSR_DMA_EAGER, 0, false), 0);  /* strided blocks */
  /* strided blocks of a body that reads them in place (tsr_block_spec.strided_reads): views
   * too, when read-only and the DMAs are eager, watched or not; the same values and DMAs */
  CHECK_EQ_INT(run_probe_spec(x, 8, 64, true, true, TSR_DMA_EAGER, 0, false), R / 8 * 2);
  CHECK_EQ_INT(run_probe_spec(x, 8, 64, true, true, TSR_DMA_EAGER, true, false), R / 8 * 2);
  CHECK_EQ_INT(run_probe_spec(x, 8, 64, false, true, TSR_DMA_EAGER, 0, false), 0);
  CHECK_EQ_INT(run_probe_spec(x, 8, 64, true, true, TSR_DMA_ON_WAIT, 0, false), 0);
  /* an output inside the input's array: copies, and the input reads what a copy would */
  static float before[R * C];
  memcpy(before, x, sizeof x);
  CHECK_EQ_INT(run_probe(x, 8, C, true, TSR_DMA_EAGER, 0, true), 0);
  int bad = 0;
  for (int i = 0; i < R * C / 2; i++) bad += x[R * C / 2 + i] != 2.0f * before[i];
  CHECK_EQ_INT(bad, 0);
}

/* ---- outputs written in place (tsr_block_spec.overwrites) ---------------------------------- */

typedef struct out_probe {
  const float *o;      /* the output's HBM array */
  size_t bytes;
  int64_t rows_written; /* of each block, from its first row (all: the promise kept) */
  int views;           /* steps whose output block was the HBM block itself */
} out_probe;

static tsr_status probe_out_body(tsr_ctx *c, void *u) {
  out_probe *v = u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *o = tsr_ctx_out(c, 0);
  const char *p = o->data, *lo = (const char *)(const void *)v->o;
  v->views += p >= lo && p < lo + v->bytes;
  for (int64_t i = 0; i < o->shape[0] && i < v->rows_written; i++)
    for (int64_t j = 0; j < o->shape[1]; j++)
      ((float *)(void *)o->data)[i * o->stride[0] + j * o->stride[1]] =
          2.0f * ((const float *)(void *)x->data)[i * x->stride[0] + j * x->stride[1]];
  return TSR_OK;
}

/* (8, cols) blocks of x (rows x 128) doubled into o, which holds 7 before the call; the
 * output declared overwritten or not. Returns the steps whose output block was in place. */
static int run_out_probe(int64_t rows, int64_t cols, bool declared, tsr_dma_mode mode, unsigned checks,
                         int64_t rows_written, float *o, tsr_call_stats *st) {
  enum { R = 64, C = 128 };
  static float x[R * C];
  tsr_test_fill(x, R * C, 9);
  tsr_checker *ck;
  tsr_machine *m = probe_machine(mode, checks, &ck);
  for (int i = 0; i < R * C; i++) o[i] = 7.0f;
  tsr_ref in = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, (int64_t[]){rows, C});
  tsr_ref out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, (int64_t[]){rows, C});
  tsr_block_spec ispec = {.rank = 2, .block_shape = {8, cols}, .axis_map = {TSR_AXIS(0), TSR_AXIS(1)}, .read_only = true};
  tsr_block_spec ospec = ispec;
  ospec.read_only = false;
  ospec.overwrites = declared;
  out_probe v = {.o = o, .bytes = sizeof(float) * (size_t)(rows * C), .rows_written = rows_written};
  tsr_call_desc d = {.name = "out_probe", .grid_rank = 2, .grid = {(rows + 7) / 8, C / cols}, .num_inputs = 1,
                     .inputs = &in, .in_specs = &ispec, .num_outputs = 1, .outputs = &out, .out_specs = &ospec,
                     .body = probe_out_body, .user = &v};
  CHECK_OK(tsr_pallas_call(m, &d, st));
  if (rows_written >= 8) { /* the promise kept: 2x wherever the array is */
    int bad = 0;
    for (int i = 0; i < rows * C; i++) bad += o[i] != 2.0f * x[i];
    CHECK_EQ_INT(bad, 0);
  }
  probe_machine_end(m, ck);
  return v.views;
}

static bool same_counts(const tsr_dma_counts *a, const tsr_dma_counts *b) {
  return a->in == b->in && a->out == b->out && a->skip_in == b->skip_in && a->skip_out == b->skip_out &&
         a->bytes_in == b->bytes_in && a->bytes_out == b->bytes_out;
}

/* An output declared overwritten is written in place exactly where nothing can tell: eager
 * DMAs, no observer reading output data (the checkers' poison check does), a block wholly
 * inside the array (strided blocks too). Values and DMA counts are those of the copying run. */
static void test_overwrite_views(void) {
  enum { R = 64, C = 128 };
  static float o[R * C], ref[R * C];
  tsr_call_stats st, copied;
  CHECK_EQ_INT(run_out_probe(R, C, false, TSR_DMA_EAGER, 0, 8, ref, &copied), 0);
  CHECK_EQ_INT(run_out_probe(R, C, true, TSR_DMA_EAGER, 0, 8, o, &st), R / 8);
  CHECK(memcmp(o, ref, sizeof o) == 0);
  CHECK(same_counts(&st.dma, &copied.dma));
  CHECK_EQ_INT(st.dma.out, R / 8);
  CHECK_EQ_INT(st.dma.bytes_out, R * C * 4);
  CHECK_EQ_INT(run_out_probe(R, C, true, TSR_DMA_ON_WAIT, 0, 8, o, &st), 0); /* data lands late */
  CHECK(same_counts(&st.dma, &copied.dma));
  /* the poison checker reads output data; the race and semaphore checkers see the same events */
  CHECK_EQ_INT(run_out_probe(R, C, true, TSR_DMA_EAGER, TSR_CHECK_ALL, 8, o, &st), 0);
  CHECK(same_counts(&st.dma, &copied.dma));
  CHECK_EQ_INT(run_out_probe(R, C, true, TSR_DMA_EAGER, TSR_CHECK_DEFAULT, 8, o, &st), R / 8);
  CHECK(same_counts(&st.dma, &copied.dma));
  CHECK_EQ_INT(run_out_probe(R, 64, true, TSR_DMA_EAGER, 0, 8, o, &st), 2 * R / 8); /* strided blocks */
  /* 60 rows: the last block (rows 56..63) reaches past the array and stays a copy */
  CHECK_EQ_INT(run_out_probe(60, C, true, TSR_DMA_EAGER, 0, 8, o, &st), 60 / 8);
  /* A body that breaks the promise: rows 4..7 of each block unwritten. Copying, they come
   * back as the VMEM buffer's fresh poison (0xFF bytes); in place, as the 7 HBM held. */
  run_out_probe(R, C, false, TSR_DMA_EAGER, 0, 4, o, &st);
  int poison = 0, seven = 0;
  for (int i = 4 * C; i < 8 * C; i++) {
    uint32_t bits;
    memcpy(&bits, &o[i], 4);
    poison += bits == 0xFFFFFFFFu;
  }
  CHECK_EQ_INT(poison, 4 * C);
  run_out_probe(R, C, true, TSR_DMA_EAGER, 0, 4, o, &st);
  for (int i = 4 * C; i < 8 * C; i++) seven += o[i] == 7.0f;
  CHECK_EQ_INT(seven, 4 * C);
}

/* Writes 3 over the first *rows rows of its output block. */
static tsr_status threes_body(tsr_ctx *c, void *u) {
  const tsr_ref *o = tsr_ctx_out(c, 0);
  for (int64_t i = 0; i < o->shape[0] && i < *(const int64_t *)u; i++)
    for (int64_t j = 0; j < o->shape[1]; j++) ((float *)(void *)o->data)[i * o->stride[0] + j] = 3.0f;
  return TSR_OK;
}

/* The VMEM buffer of an output written in place is poisoned only when a block is copied
 * instead (the edge block here): on a machine that keeps its buffers from call to call (one
 * buffer of 64 KiB, kept), a body that leaves part of that block unwritten still finds fresh
 * poison, never what the call before wrote in the same buffer, and the blocks in place keep
 * what HBM held. */
static void test_overwrite_edge_poison(void) {
  enum { R = 60, C = 2048 };
  static float o[R * C];
  tsr_checker *ck;
  tsr_machine *m = probe_machine(TSR_DMA_EAGER, 0, &ck);
  tsr_ref out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, (int64_t[]){R, C});
  tsr_block_spec ospec = {.rank = 2, .block_shape = {8, C}, .axis_map = {TSR_AXIS(0), TSR_AXIS(1)},
                          .buffer_count = 1, .overwrites = true};
  for (int call = 0; call < 3; call++) {
    for (int i = 0; i < R * C; i++) o[i] = 7.0f;
    int64_t rows = call == 1 ? 2 : 8; /* the second call breaks the promise */
    tsr_call_desc d = {.name = "edge_poison", .grid_rank = 2, .grid = {8, 1}, .num_outputs = 1, .outputs = &out,
                       .out_specs = &ospec, .body = threes_body, .user = &rows};
    tsr_call_stats st;
    CHECK_OK(tsr_pallas_call(m, &d, &st));
    CHECK_EQ_INT(st.dma.out, 8);
    int three = 0, seven = 0, poison = 0;
    for (int r = 0; r < R; r++)
      for (int j = 0; j < C; j++) {
        uint32_t bits;
        memcpy(&bits, &o[r * C + j], 4);
        three += o[r * C + j] == 3.0f;
        seven += r % 8 >= rows && r < 56 && o[r * C + j] == 7.0f;
        poison += r % 8 >= rows && r >= 56 && bits == 0xFFFFFFFFu;
      }
    CHECK_EQ_INT(three, call == 1 ? 8 * 2 * C : R * C);
    CHECK_EQ_INT(seven, call == 1 ? 7 * 6 * C : 0);
    CHECK_EQ_INT(poison, call == 1 ? 2 * C : 0); /* rows 58 and 59 */
  }
  probe_machine_end(m, ck);
}

/* Writes 5 over its output block, then reads the same rows through in0, the whole array in
 * HBM (ANY), which is the output's own array: what a read of HBM mid-step finds. */
static tsr_status overlap_body(tsr_ctx *c, void *u) {
  int *fives = u;
  const tsr_ref *all = tsr_ctx_in(c, 0), *o = tsr_ctx_out(c, 0);
  int64_t row0 = tsr_ctx_program_id(c, 0) * 8;
  for (int64_t i = 0; i < 8 * 128; i++) ((float *)(void *)o->data)[i] = 5.0f;
  for (int64_t i = 0; i < 8 * 128; i++) *fives += ((const float *)(void *)all->data)[row0 * 128 + i] == 5.0f;
  return TSR_OK;
}

/* An input whose array overlaps the output's sees HBM as a copying run leaves it mid-step (the
 * block is written back after the body), so the output keeps its copy: no 5 is seen. */
static void test_overwrite_overlap(void) {
  static float a[32 * 128];
  for (int i = 0; i < 32 * 128; i++) a[i] = 1.0f;
  tsr_machine *m = machine(1);
  int64_t sh[2] = {32, 128};
  tsr_ref arr = tsr_ref_dense(a, TSR_F32, TSR_HBM, 2, sh);
  tsr_block_spec ispec = {.space = TSR_ANY};
  tsr_block_spec ospec = {.rank = 2, .block_shape = {8, 128}, .axis_map = {TSR_AXIS(0)}, .overwrites = true};
  int fives = 0;
  tsr_call_desc d = {.name = "overlap", .grid_rank = 1, .grid = {4}, .num_inputs = 1, .inputs = &arr, .in_specs = &ispec,
                     .num_outputs = 1, .outputs = &arr, .out_specs = &ospec, .body = overlap_body, .user = &fives};
  CHECK_OK(tsr_pallas_call(m, &d, NULL));
  CHECK_EQ_INT(fives, zero_copy ? 4 * 8 * 128 : 0); /* zero-copy mode gives up exactly this */
  int bad = 0;
  for (int i = 0; i < 32 * 128; i++) bad += a[i] != 5.0f;
  CHECK_EQ_INT(bad, 0);
  tsr_machine_destroy(m);
}

static tsr_status count_body(tsr_ctx *c, void *u) {
  (void)c;
  (*(int *)u)++;
  return TSR_OK;
}

/* Grids come from outside: a step count that does not fit in 64 bits is an error, not an
 * overflow (found by fuzzing), and a zero dimension means no steps however large the rest. */
static void test_grid_steps(void) {
  int64_t steps = -1;
  const int64_t small[2] = {3, 4}, huge[2] = {(int64_t)1 << 40, (int64_t)1 << 40}, empty[3] = {(int64_t)1 << 40, 0, (int64_t)1 << 40},
                neg[2] = {3, -1};
  CHECK(tsr_grid_num_steps(small, 2, &steps) && steps == 12);
  CHECK(tsr_grid_num_steps(small, 0, &steps) && steps == 1);
  CHECK(!tsr_grid_num_steps(huge, 2, &steps));
  CHECK(tsr_grid_num_steps(empty, 3, &steps) && steps == 0);
  CHECK(!tsr_grid_num_steps(neg, 2, &steps));
  tsr_machine *m = machine(1);
  int calls = 0;
  tsr_call_desc d = {.grid_rank = 2, .grid = {(int64_t)1 << 40, (int64_t)1 << 40}, .body = count_body, .user = &calls};
  CHECK_FAILS(tsr_pallas_call(m, &d, NULL), TSR_ERR_INVALID, "more than 2^63 steps");
  d.grid_rank = 3;
  d.grid[2] = 0;
  CHECK_OK(tsr_pallas_call(m, &d, NULL));
  CHECK_EQ_INT(calls, 0);
  tsr_machine_destroy(m);
}

/* ---- input copies moved to their waits (dma_request.late) -------------------------------- */

static void late_alias(void);

/* o = a + b + 10 c; counts the poisoned elements of a's blocks (rows past the array). */
static tsr_status add3_body(tsr_ctx *c, void *u) {
  int64_t *poisoned = u;
  const tsr_ref *a = tsr_ctx_in(c, 0), *b = tsr_ctx_in(c, 1), *z = tsr_ctx_in(c, 2), *o = tsr_ctx_out(c, 0);
  for (int64_t i = 0; i < a->shape[0]; i++)
    for (int64_t j = 0; j < a->shape[1]; j++) {
      uint32_t bits;
      memcpy(&bits, (const float *)(const void *)a->data + i * a->stride[0] + j, 4);
      *poisoned += bits == 0xFFFFFFFFu;
    }
  int64_t j0 = tsr_ctx_program_id(c, 1) * o->shape[1];
  for (int64_t i = 0; i < o->shape[0]; i++)
    for (int64_t j = 0; j < o->shape[1]; j++)
      ((float *)(void *)o->data)[i * o->stride[0] + j] =
          ((const float *)(const void *)a->data)[i * a->stride[0] + j0 + j] +
          ((const float *)(const void *)b->data)[i * b->stride[0] + j0 + j] +
          10.0f * ((const float *)(const void *)z->data)[i * z->stride[0] + j];
  return TSR_OK;
}

/* Three inputs whose copies may wait for their waits and move side by side there: x twice
 * (two operands on one array), whole-row (8, 128) blocks with an edge block past row 60
 * (poisoned padding), and w in strided (8, 64) blocks. Unwatched eager runs take that path;
 * watched and on-wait runs do not. Every way: the values of a plain loop, the same DMA
 * counts, the same poison in the edge block. With the output on w's own array (an aliased
 * output writes w mid-call) the copies stay at their starts and read what they read there. */
static void test_late_copies(void) {
  enum { R = 60, C = 128 };
  static float x[R * C], w[R * C], o[R * C], want[R * C];
  tsr_test_fill(x, R * C, 11);
  tsr_test_fill(w, R * C, 12);
  for (int i = 0; i < R * C; i++) want[i] = x[i] + x[i] + 10.0f * w[i];
  tsr_call_stats ref = {0};
  for (int way = 0; way < 4; way++) {
    tsr_checker *ck;
    tsr_machine *m = probe_machine(way == 2 ? TSR_DMA_ON_WAIT : TSR_DMA_EAGER, way == 1 ? TSR_CHECK_DEFAULT : 0, &ck);
    if (way == 3) { /* host helpers share big copies: late copies then move one by one */
      tsr_machine_destroy(m);
      tsr_machine_options mo = {.chip = tsr_chip_get("v5e"), .num_cores = 1, .quiet = true, .host_helpers = 1};
      CHECK_OK(tsr_machine_create(&mo, &m));
    }
    tsr_ref in[3] = {tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, (int64_t[]){R, C}),
                     tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, (int64_t[]){R, C}),
                     tsr_ref_dense(w, TSR_F32, TSR_HBM, 2, (int64_t[]){R, C})};
    tsr_ref out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, (int64_t[]){R, C});
    tsr_block_spec rows = {.rank = 2, .block_shape = {8, C}, .index_map = map_i0};
    tsr_block_spec half = {.rank = 2, .block_shape = {8, C / 2}, .index_map = map_ij};
    tsr_block_spec ins[3] = {rows, rows, half};
    int64_t poisoned = 0;
    tsr_call_desc d = {.name = "late", .grid_rank = 2, .grid = {(R + 7) / 8, 2}, .num_inputs = 3, .inputs = in,
                       .in_specs = ins, .num_outputs = 1, .outputs = &out, .out_specs = &half,
                       .body = add3_body, .user = &poisoned};
    memset(o, 0, sizeof o);
    tsr_call_stats st;
    CHECK_OK(tsr_pallas_call(m, &d, &st));
    CHECK(memcmp(o, want, sizeof o) == 0);
    CHECK_EQ_INT(poisoned, 2 * 4 * C); /* the edge block's 4 rows past the array, at both of its steps */
    if (way == 0) ref = st;
    CHECK(same_counts(&st.dma, &ref.dma));
    CHECK_EQ_INT(st.dma.in, 2 * (R + 7) / 8 + 2 * (R + 7) / 8);
    probe_machine_end(m, ck);
  }
  late_alias();
}

/* The block of grid (8, 2) that the step after g visits (the first one after the last). */
static tsr_status map_next(void *u, const int64_t *g, int n, const tsr_ref *p, int np, int64_t *b) {
  (void)u; (void)n; (void)p; (void)np;
  b[0] = g[1] ? (g[0] + 1) % 8 : g[0];
  b[1] = !g[1];
  return TSR_OK;
}

/* The output on w's own array, each step writing back the block of w that the next step reads:
 * eager DMAs read that block at the start of its copy, a step before the write-back, so every
 * step sees w as it was before the call. A copy moved to its wait would see the new block. */
static void late_alias(void) {
  enum { R = 64, C = 128 };
  static float x[R * C], w[R * C], w0[R * C];
  tsr_test_fill(x, R * C, 13);
  tsr_test_fill(w, R * C, 14);
  memcpy(w0, w, sizeof w);
  tsr_machine *m = machine(1);
  tsr_ref in[3] = {tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, (int64_t[]){R, C}),
                   tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, (int64_t[]){R, C}),
                   tsr_ref_dense(w, TSR_F32, TSR_HBM, 2, (int64_t[]){R, C})};
  tsr_ref out = tsr_ref_dense(w, TSR_F32, TSR_HBM, 2, (int64_t[]){R, C});
  tsr_block_spec rows = {.rank = 2, .block_shape = {8, C}, .index_map = map_i0};
  tsr_block_spec half = {.rank = 2, .block_shape = {8, C / 2}, .index_map = map_ij}, next = half;
  next.index_map = map_next;
  tsr_block_spec ins[3] = {rows, rows, half};
  int64_t poisoned = 0;
  tsr_call_desc d = {.name = "late", .grid_rank = 2, .grid = {R / 8, 2}, .num_inputs = 3, .inputs = in,
                     .in_specs = ins, .num_outputs = 1, .outputs = &out, .out_specs = &next,
                     .body = add3_body, .user = &poisoned};
  CHECK_OK(tsr_pallas_call(m, &d, NULL));
  int bad = 0;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) { /* step (i / 8, j / 64) wrote the block after it */
      int64_t g[2] = {i / 8, j / 64}, nb[2];
      map_next(NULL, g, 2, NULL, 0, nb);
      int64_t oi = nb[0] * 8 + i % 8, oj = nb[1] * 64 + j % 64;
      bad += w[oi * C + oj] != x[i * C + j] + x[i * C + j] + 10.0f * w0[i * C + j];
    }
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(poisoned, 0);
  tsr_machine_destroy(m);
}

/* ---- output write-backs moved to their waits ------------------------------------------- */

/* o0 = a + 1 over whole-row blocks; o1's block (0, g % 2) adds the step's number to what it
 * holds (from its second visit on), so each of its two blocks is read back and written back
 * at every other step. */
static tsr_status late_out_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *a = tsr_ctx_in(c, 0), *o = tsr_ctx_out(c, 0), *t = tsr_ctx_out(c, 1);
  for (int64_t i = 0; i < a->shape[0]; i++)
    for (int64_t j = 0; j < a->shape[1]; j++)
      ((float *)(void *)o->data)[i * o->stride[0] + j] = ((const float *)(const void *)a->data)[i * a->stride[0] + j] + 1.0f;
  int64_t step = tsr_ctx_program_id(c, 0);
  for (int64_t i = 0; i < t->shape[0]; i++)
    for (int64_t j = 0; j < t->shape[1]; j++) { /* a block's first visit finds poison */
      float *v = (float *)(void *)t->data + i * t->stride[0] + j;
      *v = (step < 2 ? 0.0f : *v) + (float)step;
    }
  return TSR_OK;
}

static tsr_status map_i_mod2(void *u, const int64_t *g, int n, const tsr_ref *p, int np, int64_t *b) {
  (void)u; (void)n; (void)p; (void)np;
  b[0] = 0;
  b[1] = g[0] % 2;
  return TSR_OK;
}

/* Write-backs that move at their waits, side by side with the next step's input copies (and,
 * for o0's 32 MiB array, with streaming stores): unwatched eager runs take that path, watched
 * and on-wait runs do not, and with host helpers free to share copies they move one by one.
 * Every way: the values of a plain loop, a revisited block (revisit ANY) reading back every
 * write-back before it, the same DMA counts. */
static void test_late_outputs(void) {
  enum { R = 2048, C = 4096, STEPS = R / 8 };
  float *a = malloc(sizeof(float) * R * C), *o = malloc(sizeof(float) * R * C), t[8 * 256];
  CHECK(a && o);
  tsr_test_fill(a, R * C, 21);
  tsr_call_stats ref = {0};
  for (int way = 0; way < 4; way++) {
    tsr_checker *ck;
    tsr_machine *m = probe_machine(way == 2 ? TSR_DMA_ON_WAIT : TSR_DMA_EAGER, way == 1 ? TSR_CHECK_DEFAULT : 0, &ck);
    if (way == 3) {
      tsr_machine_destroy(m);
      tsr_machine_options mo = {.chip = tsr_chip_get("v5e"), .num_cores = 1, .quiet = true, .host_helpers = 1};
      CHECK_OK(tsr_machine_create(&mo, &m));
    }
    tsr_ref in = tsr_ref_dense(a, TSR_F32, TSR_HBM, 2, (int64_t[]){R, C});
    tsr_ref out[2] = {tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, (int64_t[]){R, C}),
                      tsr_ref_dense(t, TSR_F32, TSR_HBM, 2, (int64_t[]){8, 256})};
    tsr_block_spec rows = {.rank = 2, .block_shape = {8, C}, .index_map = map_i0};
    tsr_block_spec half = {.rank = 2, .block_shape = {8, 128}, .index_map = map_i_mod2,
                           .revisit = TSR_REVISIT_ANY, .buffer_count = 1};
    tsr_block_spec outs[2] = {rows, half};
    tsr_call_desc d = {.name = "late_out", .grid_rank = 1, .grid = {STEPS}, .num_inputs = 1, .inputs = &in,
                       .in_specs = &rows, .num_outputs = 2, .outputs = out, .out_specs = outs,
                       .body = late_out_body};
    memset(o, 0, sizeof(float) * R * C);
    memset(t, 0, sizeof t);
    tsr_call_stats st;
    CHECK_OK(tsr_pallas_call(m, &d, &st));
    int bad = 0;
    for (int64_t i = 0; i < (int64_t)R * C; i++) bad += o[i] != a[i] + 1.0f;
    for (int i = 0; i < 8; i++)
      for (int j = 0; j < 256; j++) /* the even steps' sum, the odd steps' */
        bad += t[i * 256 + j] != (float)(j < 128 ? (STEPS / 2 - 1) * (STEPS / 2) : (STEPS / 2) * (STEPS / 2));
    CHECK_EQ_INT(bad, 0);
    if (way == 0) ref = st;
    CHECK(same_counts(&st.dma, &ref.dma));
    CHECK_EQ_INT(st.dma.out, 2 * STEPS);
    probe_machine_end(m, ck);
  }
  free(a);
  free(o);
}

/* ---- VMEM memory reused from call to call ------------------------------------------------- */

/* Copies its scratch into the output block (what the call found there), then fills the
 * scratch with `user`'s value. */
static tsr_status scratch_body(tsr_ctx *c, void *u) {
  const tsr_ref *s = tsr_ctx_scratch(c, 0), *o = tsr_ctx_out(c, 0);
  float *sv = (float *)(void *)s->data;
  int64_t n = s->shape[0] * s->shape[1];
  memcpy(o->data, sv, (size_t)n * sizeof(float));
  for (int64_t i = 0; i < n; i++) sv[i] = *(const float *)u;
  return TSR_OK;
}

/* A machine keeps the host memory of a call's VMEM buffers for the next call; each call must
 * still find fresh VMEM poisoned (all bytes 0xFF), never what the last call left. */
/* Semaphore operands (tsr_block_spec in SEMAPHORE_MEM): each of 4 grid steps signals the
 * output semaphore once, so its array holds 4; a second call that takes it as an input
 * aliased to its output adds 4 more (8), and one that starts near int32's top overflows it.
 * What they carry in and out balances for the semaphore checker. A grid the cores share, or
 * a spec without the semaphores' kind, is refused. */
static tsr_status signal_body(tsr_ctx *c, void *u) {
  (void)u;
  return tsr_sem_signal(c, tsr_ctx_out(c, 0), 1, -1);
}

static void test_semaphore_operands(void) {
  tsr_machine *m = machine(1);
  tsr_checker *ck = NULL;
  CHECK_OK(tsr_checker_create(TSR_CHECK_DEFAULT, &ck));
  CHECK_OK(tsr_checker_attach(ck, m));
  int32_t count = -5; /* an output not aliased starts at zero, whatever its array held */
  tsr_ref arr = tsr_ref_dense(&count, TSR_I32, TSR_HBM, 0, NULL);
  tsr_block_spec sem = {.space = TSR_SEMAPHORE_MEM, .semaphore = TSR_SEM};
  tsr_call_desc d = {.name = "signals", .grid_rank = 1, .grid = {4}, .num_outputs = 1, .outputs = &arr,
                     .out_specs = &sem, .body = signal_body};
  CHECK_OK(tsr_pallas_call(m, &d, NULL));
  CHECK_EQ_INT(count, 4);
  tsr_alias al = {0, 0};
  tsr_call_desc d2 = d;
  d2.num_inputs = 1;
  d2.inputs = &arr;
  d2.in_specs = &sem;
  d2.num_aliases = 1;
  d2.aliases = &al;
  CHECK_OK(tsr_pallas_call(m, &d2, NULL));
  CHECK_EQ_INT(count, 8);
  CHECK_EQ_INT(tsr_checker_count(ck), 0);
  count = INT32_MAX - 2;
  CHECK_FAILS(tsr_pallas_call(m, &d2, NULL), TSR_ERR_SEMAPHORE, "more than its array's i32 holds");
  tsr_block_spec no_kind = {.space = TSR_SEMAPHORE_MEM};
  d.out_specs = &no_kind;
  CHECK_FAILS(tsr_pallas_call(m, &d, NULL), TSR_ERR_INVALID, "names its semaphores' kind");
  tsr_machine_destroy(m);
  tsr_checker_destroy(ck);
  tsr_machine *m2 = machine(2);
  d.out_specs = &sem;
  d.semantics[0] = TSR_PARALLEL;
  CHECK_FAILS(tsr_pallas_call(m2, &d, NULL), TSR_ERR_UNSUPPORTED, "a semaphore lives on one core");
  d.semantics[0] = TSR_ARBITRARY; /* core 0 runs every step */
  CHECK_OK(tsr_pallas_call(m2, &d, NULL));
  CHECK_EQ_INT(count, 4);
  tsr_machine_destroy(m2);
}

static void test_vmem_fresh_each_call(void) {
  tsr_machine *m = machine(1);
  enum { R = 128, C = 256 }; /* 128 KiB of scratch: worth keeping */
  static float o[R * C];
  tsr_ref out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, (int64_t[]){R, C});
  tsr_block_spec outs[1] = {{.rank = 2, .block_shape = {R, C}, .index_map = map_ij}};
  tsr_scratch_spec scr = {.space = TSR_VMEM, .dtype = TSR_F32, .rank = 2, .shape = {R, C}};
  float fill = 1.5f;
  tsr_call_desc d = {.name = "scratch", .grid_rank = 2, .grid = {1, 1}, .num_outputs = 1, .outputs = &out,
                     .out_specs = outs, .num_scratch = 1, .scratch = &scr, .body = scratch_body, .user = &fill};
  for (int call = 0; call < 3; call++) {
    memset(o, 0, sizeof o);
    CHECK_OK(tsr_pallas_call(m, &d, NULL));
    int fresh = 0;
    for (int i = 0; i < R * C; i++) {
      uint32_t bits;
      memcpy(&bits, &o[i], 4);
      fresh += bits == 0xFFFFFFFFu;
    }
    CHECK_EQ_INT(fresh, R * C);
  }
  tsr_machine_destroy(m);
}

/* pl.core_map over captured VMEM/SMEM refs: in0 is x, in1 the ref the body writes, and out0
 * the same ref handed back (aliased to in1); the body stores through in1, as JAX's lowering
 * of a captured ref does. */
static tsr_status resident_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *y = tsr_ctx_in(c, 1);
  int64_t n = tsr_ref_numel(x);
  if (x->dtype == TSR_F32)
    for (int64_t k = 0; k < n; k++) ((float *)(void *)y->data)[k] = ((const float *)(void *)x->data)[k] * 2 + 1;
  else
    for (int64_t k = 0; k < n; k++) ((int32_t *)(void *)y->data)[k] = ((const int32_t *)(void *)x->data)[k] * 2 + 1;
  return TSR_OK;
}

/* Run `run` (0..8) of a case that must come out the same in each DMA order (run / 3), with
 * copies, zero-copy and copies with every checker (run % 3): its machine, and *ck for the last. */
enum { RUNS = 9 };
static tsr_machine *run_machine(int run, tsr_checker **ck) {
  static const tsr_dma_mode modes[] = {TSR_DMA_EAGER, TSR_DMA_ON_WAIT, TSR_DMA_RANDOM};
  tsr_machine *m = NULL;
  tsr_machine_options o = {.chip = tsr_chip_get("v5e"), .quiet = true, .dma_mode = modes[run / 3], .seed = 7,
                           .zero_copy = run % 3 == 1};
  CHECK_OK(tsr_machine_create(&o, &m));
  *ck = NULL;
  if (run % 3 == 2) {
    CHECK_OK(tsr_checker_create(TSR_CHECK_DEFAULT | TSR_CHECK_POISON, ck));
    CHECK_OK(tsr_checker_attach(*ck, m));
  }
  return m;
}

/* The end of such a run: the checkers (if any) found nothing. */
static void run_done(tsr_machine *m, tsr_checker *ck) {
  if (ck && tsr_checker_count(ck)) tsr_checker_report(ck, stderr);
  if (ck) CHECK_EQ_INT(tsr_checker_count(ck), 0);
  tsr_checker_destroy(ck);
  tsr_machine_destroy(m);
}

/* An input and its aliased output that are whole arrays in VMEM or SMEM (memory-space
 * operands) are one buffer, as on a TPU: what the body stores through the input's ref is the
 * output (it was the output's fresh buffer, poison, before). In every DMA order, zero-copy or
 * not, with every checker (none may report anything); a blocked alias pair keeps buffers of
 * its own (test_aliases in test_pipeline_rules.c). */
static void test_resident_aliases(void) {
  enum { N = 8 * 128 };
  for (int space = 0; space < 2; space++) {
    for (int run = 0; run < RUNS; run++) {
      tsr_checker *ck;
      tsr_machine *m = run_machine(run, &ck);
      static float xf[N], yf[N];
      static int32_t xi[16], yi[16];
      int64_t sh2[2] = {8, 128}, sh1[1] = {16};
      tsr_ref x, y;
      tsr_block_spec spec = {.space = space ? TSR_SMEM : TSR_VMEM};
      if (space) {
        for (int k = 0; k < 16; k++) xi[k] = k - 3, yi[k] = -100;
        x = tsr_ref_dense(xi, TSR_I32, TSR_HBM, 1, sh1);
        y = tsr_ref_dense(yi, TSR_I32, TSR_HBM, 1, sh1);
      } else {
        for (int k = 0; k < N; k++) xf[k] = (float)k * 0.25f, yf[k] = -100;
        x = tsr_ref_dense(xf, TSR_F32, TSR_HBM, 2, sh2);
        y = tsr_ref_dense(yf, TSR_F32, TSR_HBM, 2, sh2);
      }
      tsr_ref ins[2] = {x, y};
      tsr_block_spec in_specs[2] = {spec, spec};
      tsr_alias al = {.input = 1, .output = 0};
      tsr_call_desc d = {.name = "resident", .num_inputs = 2, .inputs = ins, .in_specs = in_specs,
                         .num_outputs = 1, .outputs = &y, .out_specs = &spec, .num_aliases = 1, .aliases = &al,
                         .body = resident_body};
      CHECK_OK(tsr_pallas_call(m, &d, NULL));
      int bad = 0;
      if (space) for (int k = 0; k < 16; k++) bad += yi[k] != (k - 3) * 2 + 1;
      else for (int k = 0; k < N; k++) bad += yf[k] != (float)k * 0.25f * 2 + 1;
      CHECK_EQ_INT(bad, 0);
      run_done(m, ck);
    }
  }
}

/* Pallas's async copy across two calls (JAX's docs/pallas/design/async_note.md): the first
 * starts a copy of x into its VMEM output on its semaphore output and ends; the second takes
 * both, waits, and adds one through the output (its input's buffer: the VMEM array). */
static tsr_status copy_start_body(tsr_ctx *c, void *u) {
  (void)u;
  return tsr_dma_start(c, tsr_ctx_in(c, 0), tsr_ctx_out(c, 0), tsr_ctx_out(c, 1));
}

static tsr_status copy_done_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *o = tsr_ctx_out(c, 0);
  tsr_status s = tsr_dma_wait(c, tsr_ctx_in(c, 2), tsr_ctx_in(c, 1));
  if (s != TSR_OK) return s;
  for (int64_t k = 0; k < tsr_ref_numel(o); k++) ((float *)(void *)o->data)[k] += 1;
  return TSR_OK;
}

/* A DMA in flight when its kernel ends, on a semaphore the kernel gives as an output, into
 * its VMEM output: it lands in the buffer the next kernel takes as its input, in every DMA
 * order, and neither call is a race or an imbalance (before, the write-back of the VMEM
 * output read the copy's destination: a race, and the fresh buffer's NaN with the checkers
 * off in on-wait order). */
static void test_dma_across_calls(void) {
  enum { N = 8 * 128 };
  for (int run = 0; run < RUNS; run++) {
    tsr_checker *ck;
    tsr_machine *m = run_machine(run, &ck);
    static float x[N], o[N];
    int32_t count = -1;
    for (int k = 0; k < N; k++) x[k] = (float)k - 100, o[k] = 7;
    int64_t sh[2] = {8, 128};
    tsr_ref xr = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sh), orr = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, sh);
    tsr_ref sem = tsr_ref_dense(&count, TSR_I32, TSR_HBM, 0, sh);
    tsr_block_spec any = {.space = TSR_ANY}, vmem = {.space = TSR_VMEM},
                   sems = {.space = TSR_SEMAPHORE_MEM, .semaphore = TSR_DMA_SEM};
    tsr_ref outs1[2] = {orr, sem};
    tsr_block_spec out_specs1[2] = {vmem, sems};
    tsr_call_desc start = {.name = "copy_start", .num_inputs = 1, .inputs = &xr, .in_specs = &any,
                           .num_outputs = 2, .outputs = outs1, .out_specs = out_specs1, .body = copy_start_body};
    CHECK_OK(tsr_pallas_call(m, &start, NULL));
    CHECK_EQ_INT(count, N * 4); /* the copy's bytes, handed on */
    tsr_ref ins2[3] = {xr, orr, sem};
    tsr_block_spec in_specs2[3] = {any, vmem, sems};
    tsr_alias al = {.input = 1, .output = 0};
    tsr_call_desc done = {.name = "copy_done", .num_inputs = 3, .inputs = ins2, .in_specs = in_specs2,
                          .num_outputs = 1, .outputs = &orr, .out_specs = &vmem, .num_aliases = 1, .aliases = &al,
                          .body = copy_done_body};
    CHECK_OK(tsr_pallas_call(m, &done, NULL));
    int bad = 0;
    for (int k = 0; k < N; k++) bad += o[k] != x[k] + 1;
    CHECK_EQ_INT(bad, 0);
    run_done(m, ck);
  }
}

int main(void) {
  test_grid_steps();
  test_resident_aliases();
  test_dma_across_calls();
  for (int pass = 0; pass < 2; pass++) {
    zero_copy = pass == 1;
    test_seed_add();
    test_matmul_counts();
    test_parallel_for();
    test_parallel_output_sharing();
    test_banded_copies();
  }
  test_read_only_views();
  test_overwrite_views();
  test_overwrite_edge_poison();
  for (int pass = 0; pass < 2; pass++) {
    zero_copy = pass == 1;
    test_overwrite_overlap();
  }
  zero_copy = false;
  test_late_copies();
  test_late_outputs();
  test_vmem_fresh_each_call();
  test_semaphore_operands();
  test_helpers_off_poster_cpu();
  test_cores_off_poster_cpu();
  return tsr_test_finish("test_pallas_call");
}
