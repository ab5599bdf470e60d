/* The timing model: cost formulas, chip descriptions, and the simulated time of synthetic
 * pipelines against the rooflines they must approach (bandwidth, MXU peak, per-step overhead),
 * buffering, shared HBM across cores, the v5e calibration point, real machine runs, and the
 * report, JSON and trace outputs. */
#include <cjson/cJSON.h>
#include <pthread.h>
#include <unistd.h>

#include "harness.h"
#include "machine/machine_internal.h"
#include "synthetic_pipeline.h"
#include "tessera/timing.h"

static const tsr_chip *v5e(void) { return tsr_chip_get("v5e"); }

static bool near(double got, double want, double rel) {
  bool ok = fabs(got - want) <= rel * fabs(want);
  if (!ok) fprintf(stderr, "  got %.6g, want %.6g (within %.0f%%)\n", got, want, rel * 100);
  return ok;
}

static tsr_timing *model(const tsr_chip *chip, int cores, bool trace) {
  tsr_timing_options o = {.num_cores = cores, .trace = trace};
  tsr_timing *t = NULL;
  CHECK_OK(tsr_timing_create(chip, &o, &t));
  return t;
}

static double simulate(const tsr_chip *chip, const synth_pipeline *p, tsr_timing_summary *sum) {
  tsr_timing *t = model(chip, 1, false);
  tsr_observer o = tsr_timing_observer(t);
  synth_run(&o, p);
  tsr_timing_summary s;
  tsr_timing_summarize(t, &s);
  if (sum) *sum = s;
  tsr_timing_destroy(t);
  return s.seconds;
}

static synth_pipeline copy_kernel(int64_t rows, int64_t cols, int64_t steps, int buffers) {
  synth_pipeline p = {.name = "copy", .steps = steps, .n_in = 1, .in_dtype = TSR_F32,
                      .out_dtype = TSR_F32, .buffers = buffers};
  p.in_shape[0][0] = p.out_shape[0] = rows;
  p.in_shape[0][1] = p.out_shape[1] = cols;
  p.cost.vector_bytes = 2.0 * (double)(rows * cols * 4);
  p.cost.vpu_ops = (double)(rows * cols);
  return p;
}

/* C[M,N] = A[M,K] B[K,N] in bf16 blocks, k innermost: A and B blocks change every step, the
 * f32 output block every K/bk steps. */
static synth_pipeline matmul_kernel(int64_t m, int64_t n, int64_t k, int64_t bm, int64_t bn,
                                    int64_t bk) {
  synth_pipeline p = {.name = "matmul", .n_in = 2, .in_dtype = TSR_BF16, .out_dtype = TSR_F32,
                      .buffers = 2};
  p.steps = (m / bm) * (n / bn) * (k / bk);
  p.in_shape[0][0] = bm; p.in_shape[0][1] = bk;
  p.in_shape[1][0] = bk; p.in_shape[1][1] = bn;
  p.out_shape[0] = bm; p.out_shape[1] = bn;
  p.out_every = k / bk;
  tsr_cost_add_matmul(&p.cost, bm, bk, bn, 1, TSR_BF16, 1);
  p.cost.vector_bytes = (double)(bm * bk + bk * bn) * 2 + (double)(bm * bn) * 4 * 2;
  return p;
}

static void test_formulas(void) {
  const tsr_chip *c = v5e();
  tsr_cost mm = {.flops = 197e12, .mxu_dtype = TSR_BF16};
  CHECK(near(tsr_timing_body_seconds(c, &mm), 1.0, 1e-9));
  mm.mxu_dtype = TSR_I8;
  CHECK(near(tsr_timing_body_seconds(c, &mm), 0.5, 0.01));
  /* The units overlap: the body takes the slowest, plus scalar work on top. */
  tsr_cost mix = {.flops = 197e6, .vpu_ops = c->vpu_ops_per_s * 2e-6, .mxu_dtype = TSR_BF16,
                  .scalar_ops = 2 * c->clock_hz * 1e-6};
  CHECK(near(tsr_timing_body_seconds(c, &mix), 3e-6, 1e-9));
  CHECK(tsr_timing_body_seconds(c, NULL) == 0);

  /* DMAs move whole tiles of the two innermost dims. */
  int64_t s1[2] = {8, 128}, s2[2] = {1, 1}, s3[2] = {9, 130}, s4[3] = {3, 16, 128}, s5[2] = {17, 128};
  tsr_ref r = tsr_ref_dense(NULL, TSR_F32, TSR_VMEM, 2, s1);
  CHECK_EQ_INT(tsr_timing_tile_bytes(&r), 4096);
  r = tsr_ref_dense(NULL, TSR_F32, TSR_VMEM, 2, s2);
  CHECK_EQ_INT(tsr_timing_tile_bytes(&r), 4096);
  r = tsr_ref_dense(NULL, TSR_F32, TSR_VMEM, 2, s3);
  CHECK_EQ_INT(tsr_timing_tile_bytes(&r), 4 * 4096);
  r = tsr_ref_dense(NULL, TSR_BF16, TSR_VMEM, 3, s4);
  CHECK_EQ_INT(tsr_timing_tile_bytes(&r), 3 * 4096);
  r = tsr_ref_dense(NULL, TSR_BF16, TSR_VMEM, 2, s5); /* 17 rows of bf16 = two (16,128) tiles */
  CHECK_EQ_INT(tsr_timing_tile_bytes(&r), 2 * 4096);
  int64_t v1[1] = {3000}; /* a vector: runs of 1024 32-bit words */
  r = tsr_ref_dense(NULL, TSR_BF16, TSR_VMEM, 1, v1);
  CHECK_EQ_INT(tsr_timing_tile_bytes(&r), 2 * 4096);
}

/* The MXU's time by shape, against cycle counts worked out by hand from the systolic array
 * (docs/timing.md): v5e has 4 MXUs of 128 x 128, one cycle of one MXU is 2 x 128^2 flops at
 * 197e12 / 4; v6e has 2 of 256 x 256. Each product fills and drains the array: 2 x 128 and
 * 2 x 256 cycles. */
static double mxu(const tsr_chip *c, int64_t m, int64_t k, int64_t n, tsr_dtype dt, int passes) {
  tsr_cost cost = {0};
  tsr_cost_add_matmul(&cost, m, k, n, 1, dt, passes);
  return tsr_timing_mxu_seconds(c, &cost);
}

static void test_mxu_shapes(void) {
  const tsr_chip *c = v5e(), *c6 = tsr_chip_get("v6e");
  double cyc = 2.0 * 128 * 128 * 4 / 197e12, cyc6 = 2.0 * 256 * 256 * 2 / 918e12;
  /* 64 weight tiles of 512 rows over 4 MXUs, + fill */
  CHECK(near(mxu(c, 512, 1024, 1024, TSR_BF16, 1), (64 * 512 / 4 + 256) * cyc, 1e-9));
  /* one tile: 128 rows shared by 4 MXUs would take 32 cycles, but each loads the tile's
   * weights, 128 cycles */
  CHECK(near(mxu(c, 128, 128, 128, TSR_BF16, 1), (128 + 256) * cyc, 1e-9));
  /* padding: K and N up to 128, M up to 8 sublanes */
  CHECK(near(mxu(c, 100, 100, 100, TSR_BF16, 1), mxu(c, 104, 128, 128, TSR_BF16, 1), 1e-12));
  CHECK(near(mxu(c, 1000, 129, 256, TSR_BF16, 1), (4 * 1000 / 4 + 256) * cyc, 1e-9));
  /* v6e pads to 256: a 128-wide product uses a quarter of its array */
  CHECK(near(mxu(c6, 1024, 128, 128, TSR_BF16, 1), (1024 / 2 + 512) * cyc6, 1e-9));
  CHECK(near(mxu(c6, 1024, 256, 256, TSR_BF16, 1), mxu(c6, 1024, 128, 128, TSR_BF16, 1), 1e-12));
  /* int8 at the int8 rate; f32 in 3 (HIGH) or 6 (HIGHEST) bf16 passes */
  double bf = mxu(c, 512, 1024, 1024, TSR_BF16, 1);
  CHECK(near(mxu(c, 512, 1024, 1024, TSR_I8, 1), bf / 2, 1e-9));
  CHECK(near(mxu(c, 512, 1024, 1024, TSR_F32, 3), 3 * bf, 1e-9));
  CHECK(near(mxu(c, 512, 1024, 1024, TSR_F32, 6), 6 * bf, 1e-9));
  /* big products approach the peak rate */
  CHECK(near(mxu(c, 8192, 8192, 8192, TSR_BF16, 1), 2.0 * 8192 * 8192 * 8192 / 197e12, 0.001));
  /* counts add; flops without a shape run at the peak; the fifth distinct shape too */
  tsr_cost a = {0}, b = {0};
  tsr_cost_add_matmul(&a, 128, 128, 128, 2, TSR_BF16, 1);
  tsr_cost_add_matmul(&b, 128, 128, 128, 3, TSR_BF16, 1);
  tsr_cost_add(&a, &b);
  CHECK(a.num_shapes == 1 && a.shapes[0].count == 5 && a.flops == 5 * 2.0 * 128 * 128 * 128);
  CHECK(near(tsr_timing_mxu_seconds(c, &a), 5 * (128 + 256) * cyc, 1e-9));
  a.flops += 197e6;
  CHECK(near(tsr_timing_mxu_seconds(c, &a), 5 * (128 + 256) * cyc + 1e-6, 1e-9));
  tsr_cost many = {0};
  for (int i = 1; i <= 5; i++) tsr_cost_add_matmul(&many, 128 * i, 128, 128, 1, TSR_BF16, 1);
  CHECK_EQ_INT(many.num_shapes, TSR_COST_SHAPES);
  double four = 0;
  for (int i = 1; i <= 4; i++) four += mxu(c, 128 * i, 128, 128, TSR_BF16, 1);
  CHECK(near(tsr_timing_mxu_seconds(c, &many), four + 2.0 * 640 * 128 * 128 / 197e12, 1e-9));
}

static void test_chip_table(void) {
  for (int i = 0; i < tsr_chip_count(); i++) {
    const tsr_chip *c = tsr_chip_at(i);
    CHECK(c->hbm_bytes_per_s > 0 && c->bf16_flops > 0 && c->vmem_bytes_per_s > c->hbm_bytes_per_s);
    CHECK(c->step_overhead_s > 0 && c->dma_engines > 0 && c->vpu_ops_per_s > 0);
    CHECK(c->hbm_efficiency > 0 && c->hbm_efficiency <= 1 && c->mxu_fill_cycles == 2 * c->mxu_dim);
    CHECK(c->f32_flops * 6 == c->bf16_flops);
  }
  CHECK(tsr_chip_get("ironwood") == tsr_chip_get("7x"));
}

static void test_chip_files(void) {
  tsr_chip c;
  CHECK_OK(tsr_chip_load("v6e", &c));
  CHECK(!strcmp(c.name, "v6e"));
  CHECK_FAILS(tsr_chip_load("v9", &c), TSR_ERR_INVALID, "unknown chip \"v9\"");
  CHECK_OK(tsr_chip_parse("{\"base\": \"v5p\", \"name\": \"mine\", \"hbm_bytes_per_s\": 1e12,"
                          " \"megacore\": false, \"dma_engines\": 8}", "t", &c));
  CHECK(!strcmp(c.name, "mine") && c.hbm_bytes_per_s == 1e12 && !c.megacore && c.dma_engines == 8);
  CHECK(c.bf16_flops == tsr_chip_get("v5p")->bf16_flops); /* inherited */
  CHECK_OK(tsr_chip_parse("{\"step_overhead_s\": 1e-6}", "t", &c));
  CHECK(c.step_overhead_s == 1e-6 && c.vmem_bytes == tsr_chip_get("v5e")->vmem_bytes);
  CHECK_FAILS(tsr_chip_parse("{\"hbm_bandwidth\": 1}", "my.json", &c), TSR_ERR_PARSE,
              "my.json: unknown key \"hbm_bandwidth\"");
  CHECK_FAILS(tsr_chip_parse("{\"mxu_count\": \"four\"}", "t", &c), TSR_ERR_PARSE,
              "key \"mxu_count\" must be an integer");
  CHECK_FAILS(tsr_chip_parse("{\"mxu_count\": 2.5}", "t", &c), TSR_ERR_PARSE, "\"mxu_count\"");
  CHECK_FAILS(tsr_chip_parse("{\"hbm_bytes_per_s\": -5}", "t", &c), TSR_ERR_PARSE,
              "\"hbm_bytes_per_s\" must be > 0");
  CHECK_FAILS(tsr_chip_parse("{\"hbm_efficiency\": 1.5}", "t", &c), TSR_ERR_PARSE,
              "\"hbm_efficiency\" must be <= 1, got 1.5");
  CHECK_FAILS(tsr_chip_parse("{\"hbm_efficiency\": 0}", "t", &c), TSR_ERR_PARSE, "must be > 0");
  CHECK_OK(tsr_chip_parse("{\"hbm_efficiency\": 1, \"mxu_fill_cycles\": 0}", "t", &c));
  CHECK(c.hbm_efficiency == 1 && c.mxu_fill_cycles == 0);
  CHECK_FAILS(tsr_chip_parse("{\"base\": \"v99\"}", "t", &c), TSR_ERR_PARSE, "unknown chip \"v99\"");
  CHECK_FAILS(tsr_chip_parse("[1]", "t", &c), TSR_ERR_PARSE, "JSON object");
  CHECK_FAILS(tsr_chip_parse("{\"name\": ", "t", &c), TSR_ERR_PARSE, "not valid JSON");

  char path[] = "/tmp/tsr_chip_XXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  const char *text = "{\"base\": \"7x\", \"name\": \"file-chip\", \"clock_hz\": 2e9}";
  CHECK(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
  close(fd);
  char json_path[64];
  snprintf(json_path, sizeof json_path, "%s.json", path);
  CHECK(rename(path, json_path) == 0);
  CHECK_OK(tsr_chip_load(json_path, &c));
  CHECK(!strcmp(c.name, "file-chip") && c.clock_hz == 2e9 && c.tensor_cores == 2);
  unlink(json_path);
  CHECK_FAILS(tsr_chip_load("/nonexistent/chip.json", &c), TSR_ERR_IO, "cannot open chip file");
}

static void test_copy_approaches_bandwidth(void) {
  synth_pipeline p = copy_kernel(512, 1024, 64, 2); /* 2 MiB blocks in and out */
  tsr_timing_summary s;
  double t = simulate(v5e(), &p, &s);
  /* Streaming sustains hbm_efficiency of the nominal bandwidth: the roofline a copy meets. */
  double eff = v5e()->hbm_efficiency;
  CHECK(eff > 0.5 && eff < 1);
  double ideal = 2.0 * 64 * 512 * 1024 * 4 / (v5e()->hbm_bytes_per_s * eff);
  CHECK(t >= ideal * 0.999);
  CHECK(near(t, ideal, 0.15));
  CHECK(!strcmp(s.verdict, "HBM-bound"));
  CHECK(s.hbm_fraction > 0.85 * eff && s.hbm_fraction <= eff * 1.0001);
  CHECK_EQ_INT(s.bytes_in, 64ll * 512 * 1024 * 4);
  CHECK_EQ_INT(s.bytes_out, 64ll * 512 * 1024 * 4);
  CHECK_EQ_INT(s.steps, 64);
  CHECK_EQ_INT(s.dmas, 128);
}

static void test_matmul_approaches_peak(void) {
  synth_pipeline p = matmul_kernel(4096, 4096, 4096, 1024, 1024, 512);
  tsr_timing_summary s;
  double t = simulate(v5e(), &p, &s);
  double ideal = 2.0 * 4096.0 * 4096.0 * 4096.0 / v5e()->bf16_flops;
  CHECK(t >= ideal * 0.999);
  CHECK(near(t, ideal, 0.15));
  CHECK(!strcmp(s.verdict, "compute-bound"));
  CHECK(s.mxu_fraction > 0.85);
  CHECK(s.overlap > 0.9); /* the input DMAs hide behind the MXU */
}

/* Tiny blocks are bound by fixed costs, not by bandwidth: each step waits for the output DMA
 * of the step before, whose latency the step's own overhead and issues no longer cover. */
static void test_tiny_blocks_are_overhead_bound(void) {
  const tsr_chip *c = v5e();
  synth_pipeline p = copy_kernel(8, 128, 20000, 2);
  tsr_timing_summary s;
  double t = simulate(c, &p, &s);
  CHECK(!strcmp(s.verdict, "overhead-bound (per-DMA)"));
  CHECK(t >= 20000 * (c->step_overhead_s + 2 * c->dma_issue_s));
  CHECK(t <= 20000 * (c->step_overhead_s + 2 * c->dma_issue_s + c->dma_latency_s + 0.1e-6));
  CHECK(s.hbm_fraction < 0.1);
  /* Single-buffered, each step waits for its input's latency and its output's, in turn. */
  p.buffers = 1;
  double single = simulate(c, &p, &s);
  CHECK(!strcmp(s.verdict, "overhead-bound (per-DMA)"));
  CHECK(single >= 20000 * 2 * c->dma_latency_s);
}

static void test_buffering(void) {
  /* Compute about as long as the DMAs: double buffering overlaps them, single does not. */
  synth_pipeline p = copy_kernel(256, 1024, 32, 2);
  p.cost.vpu_ops = v5e()->vpu_ops_per_s * 2.0 * 256 * 1024 * 4 / v5e()->hbm_bytes_per_s;
  tsr_timing_summary sd, ss;
  double dbl = simulate(v5e(), &p, &sd);
  p.buffers = 1;
  double single = simulate(v5e(), &p, &ss);
  CHECK(dbl < single * 0.75);
  CHECK(sd.stall_seconds < ss.stall_seconds);
  CHECK(sd.overlap > ss.overlap);
}

/* [MATMUL]: a bf16 8192^3 matmul with 128^3 blocks takes about 92 ms on v5e (262,144 steps).
 * Most of a step is the MXU filling and draining for a 128^3 product (256 of its 384 cycles):
 * compute-bound at 6% of the MXU's peak. */
static void test_v5e_calibration(void) {
  synth_pipeline p = matmul_kernel(8192, 8192, 8192, 128, 128, 128);
  CHECK_EQ_INT(p.steps, 262144);
  tsr_timing_summary s;
  double t = simulate(v5e(), &p, &s);
  CHECK(near(t, 92e-3, 0.05));
  CHECK(!strcmp(s.verdict, "compute-bound"));
  CHECK(s.mxu_fraction > 0.05 && s.mxu_fraction < 0.07);
}

/* One kernel on core 0 that starts `n` DMAs of a (rows, cols) f32 window from `from` to `to`
 * on one semaphore and then waits for all of them, fed to the model as events. */
static double dma_burst(const tsr_chip *chip, int n, int64_t rows, int64_t cols, tsr_space from, tsr_space to,
                        tsr_timing_summary *sum) {
  tsr_timing *t = model(chip, 1, false);
  tsr_observer o = tsr_timing_observer(t);
  static int64_t cell;
  int64_t shape[2] = {rows, cols};
  tsr_ref src = tsr_ref_dense((void *)(uintptr_t)(1ull << 40), TSR_F32, from, 2, shape);
  tsr_ref dst = tsr_ref_dense((void *)(uintptr_t)(2ull << 40), TSR_F32, to, 2, shape);
  tsr_ref sem = tsr_ref_dense(&cell, TSR_DMA_SEM, TSR_SEMAPHORE_MEM, 0, NULL);
  int64_t bytes = rows * cols * 4;
  tsr_event ev = {.kind = TSR_EV_KERNEL_BEGIN, .name = "burst", .step = -1, .operand = -1};
  o.on_event(o.user, &ev);
  for (int i = 0; i < n; i++) {
    ev = (tsr_event){.kind = TSR_EV_DMA_START, .step = -1, .dma_id = (uint64_t)i + 1, .src = &src, .dst = &dst,
                     .sem = &sem, .bytes = bytes, .operand = -1};
    o.on_event(o.user, &ev);
  }
  ev = (tsr_event){.kind = TSR_EV_DMA_WAIT_BEGIN, .step = -1, .sem = &sem, .bytes = n * bytes, .operand = -1};
  o.on_event(o.user, &ev);
  ev.kind = TSR_EV_DMA_WAIT_END;
  o.on_event(o.user, &ev);
  ev = (tsr_event){.kind = TSR_EV_KERNEL_END, .step = -1, .operand = -1};
  o.on_event(o.user, &ev);
  tsr_timing_summary s;
  tsr_timing_summarize(t, &s);
  tsr_timing_destroy(t);
  if (sum) *sum = s;
  return s.seconds;
}

/* A core has dma_engines DMAs in flight; the rest wait in order and each pays its latency when
 * an engine takes it. An HBM-to-HBM copy moves its bytes over the HBM twice (read, write). */
static void test_dma_engines(void) {
  tsr_chip c = *v5e();
  c.dma_engines = 4;
  double bw = c.hbm_bytes_per_s * c.hbm_efficiency, lat = c.dma_latency_s, issue = c.dma_issue_s;
  int64_t bytes = 8 * 512 * 4; /* 16 KiB: whole tiles */
  tsr_timing_summary s;
  double t4 = dma_burst(&c, 16, 8, 512, TSR_HBM, TSR_VMEM, &s);
  CHECK_EQ_INT(s.dmas_queued, 12);
  /* each engine moves four in turn, a latency each: at least 4 x (latency + one DMA alone),
   * at most 4 x (latency + four DMAs sharing the bandwidth) */
  CHECK(t4 >= 4 * (lat + bytes / bw));
  CHECK(t4 <= 4 * (lat + 4 * bytes / bw) + 16 * issue + 1e-9);
  CHECK(t4 > 3 * lat + 16 * bytes / bw); /* not hidden, as it is with 16 engines below */
  c.dma_engines = 16;
  double t16 = dma_burst(&c, 16, 8, 512, TSR_HBM, TSR_VMEM, &s);
  CHECK_EQ_INT(s.dmas_queued, 0);
  CHECK(t16 >= lat + 16 * bytes / bw && t16 <= lat + 16 * bytes / bw + 16 * issue + 1e-9);
  /* 8 MiB HBM -> VMEM, then HBM -> HBM: twice the bytes over the bus */
  double in = dma_burst(v5e(), 1, 2048, 1024, TSR_HBM, TSR_VMEM, NULL);
  double hh = dma_burst(v5e(), 1, 2048, 1024, TSR_HBM, TSR_HBM, &s);
  CHECK(near(in, issue + lat + 8.0 * (1 << 20) / bw, 1e-6));
  CHECK(near(hh, issue + lat + 16.0 * (1 << 20) / bw, 1e-6));
  CHECK_EQ_INT(s.bytes_moved, 16ll << 20);
  /* A step's reads and the last step's writes share the bus: a write-back and a fetch in
   * flight together land as late as one DMA of both (processor sharing, one direction or
   * the other). */
  tsr_timing *t = model(v5e(), 1, false);
  tsr_observer o = tsr_timing_observer(t);
  static int64_t cells[2];
  int64_t shape[2] = {2048, 1024}, mib8 = 8 << 20;
  tsr_ref hbm = tsr_ref_dense((void *)(uintptr_t)(1ull << 40), TSR_F32, TSR_HBM, 2, shape);
  tsr_ref vmem = tsr_ref_dense((void *)(uintptr_t)(2ull << 40), TSR_F32, TSR_VMEM, 2, shape);
  tsr_ref sem[2] = {tsr_ref_dense(&cells[0], TSR_DMA_SEM, TSR_SEMAPHORE_MEM, 0, NULL),
                    tsr_ref_dense(&cells[1], TSR_DMA_SEM, TSR_SEMAPHORE_MEM, 0, NULL)};
  tsr_event evs[] = {
      {.kind = TSR_EV_KERNEL_BEGIN, .name = "read_and_write", .step = -1, .operand = -1},
      {.kind = TSR_EV_DMA_START, .step = -1, .dma_id = 1, .src = &vmem, .dst = &hbm, .sem = &sem[0],
       .bytes = mib8, .dir = TSR_DMA_OUT, .operand = -1},
      {.kind = TSR_EV_DMA_START, .step = -1, .dma_id = 2, .src = &hbm, .dst = &vmem, .sem = &sem[1],
       .bytes = mib8, .dir = TSR_DMA_IN, .operand = -1},
      {.kind = TSR_EV_DMA_WAIT_BEGIN, .step = -1, .sem = &sem[0], .bytes = mib8, .operand = -1},
      {.kind = TSR_EV_DMA_WAIT_BEGIN, .step = -1, .sem = &sem[1], .bytes = mib8, .operand = -1},
      {.kind = TSR_EV_KERNEL_END, .step = -1, .operand = -1}};
  for (size_t i = 0; i < sizeof evs / sizeof evs[0]; i++) o.on_event(o.user, &evs[i]);
  CHECK(near(tsr_timing_seconds(t), issue + lat + 2.0 * (double)mib8 / bw, 1e-6));
  tsr_timing_destroy(t);
}

typedef struct feeder { tsr_observer o; synth_pipeline p; } feeder;
static void *feed(void *arg) {
  feeder *f = arg;
  synth_run(&f->o, &f->p);
  return NULL;
}

static void test_cores_share_hbm(void) {
  synth_pipeline p = copy_kernel(512, 1024, 32, 2);
  double one = simulate(v5e(), &p, NULL);
  /* Two cores on a one-TensorCore chip share its bandwidth: twice the time. */
  tsr_timing *t = model(v5e(), 2, false);
  tsr_observer o = tsr_timing_observer(t);
  p.core = 0;
  synth_run(&o, &p);
  p.core = 1;
  synth_run(&o, &p);
  tsr_timing_summary s;
  tsr_timing_summarize(t, &s);
  CHECK(near(s.seconds, 2 * one, 0.05));
  CHECK_EQ_INT(s.kernels, 1); /* one kernel run on two cores */
  double sequential = s.seconds;
  /* The same from two threads at once: the replay orders events by simulated time, so the
   * result does not depend on how the threads interleave. */
  tsr_timing_reset(t);
  feeder f[2] = {{o, p}, {o, p}};
  f[0].p.core = 0;
  f[1].p.core = 1;
  pthread_t th[2];
  for (int i = 0; i < 2; i++) pthread_create(&th[i], NULL, feed, &f[i]);
  for (int i = 0; i < 2; i++) pthread_join(th[i], NULL);
  CHECK(near(tsr_timing_seconds(t), sequential, 1e-9));
  tsr_timing_destroy(t);

  /* TPU7x has two TensorCores per chip, each with its own share: no slowdown. */
  const tsr_chip *x7 = tsr_chip_get("7x");
  p.core = 0;
  double one7 = simulate(x7, &p, NULL);
  t = model(x7, 2, false);
  o = tsr_timing_observer(t);
  synth_run(&o, &p);
  p.core = 1;
  synth_run(&o, &p);
  CHECK(near(tsr_timing_seconds(t), one7, 0.02));
  tsr_timing_destroy(t);
}

static void test_kernels_in_sequence(void) {
  synth_pipeline p = copy_kernel(256, 1024, 16, 2);
  double one = simulate(v5e(), &p, NULL);
  tsr_timing *t = model(v5e(), 1, false);
  tsr_observer o = tsr_timing_observer(t);
  synth_run(&o, &p);
  synth_run(&o, &p);
  tsr_timing_summary s;
  tsr_timing_summarize(t, &s);
  CHECK_EQ_INT(s.kernels, 2);
  CHECK(near(s.seconds, 2 * one, 1e-6));
  /* then a matmul: each kernel's own figures, one after the other */
  synth_pipeline mm = matmul_kernel(2048, 2048, 2048, 1024, 1024, 512);
  double mm_alone = simulate(v5e(), &mm, NULL);
  synth_run(&o, &mm);
  tsr_timing_kernel k[3];
  for (int i = 0; i < 3; i++) CHECK_OK(tsr_timing_kernel_at(t, i, &k[i]));
  CHECK(!strcmp(k[0].name, "copy") && !strcmp(k[1].name, "copy") && !strcmp(k[2].name, "matmul"));
  CHECK(near(k[0].seconds, one, 1e-6) && near(k[1].seconds, one, 1e-6) && near(k[2].seconds, mm_alone, 1e-6));
  CHECK(k[1].begin_seconds >= k[0].begin_seconds + k[0].seconds && k[2].begin_seconds >= k[1].begin_seconds + k[1].seconds);
  CHECK_EQ_INT(k[0].steps, 16);
  CHECK_EQ_INT(k[0].dmas, 32);                    /* a block in and a block out per step */
  CHECK_EQ_INT(k[0].bytes_moved, 32 * 256 * 1024 * 4);
  CHECK_EQ_INT(k[2].steps, 16);
  CHECK(near(k[2].flops, 2.0 * 2048 * 2048 * 2048, 1e-12));
  CHECK(!strcmp(k[2].verdict, "compute-bound") && !strcmp(k[0].verdict, "HBM-bound"));
  CHECK_FAILS(tsr_timing_kernel_at(t, 3, &k[0]), TSR_ERR_INVALID, "kernel 3 of 3");
  tsr_timing_destroy(t);
}

/* A run that failed on one core leaves its kernel without an end; the model must still finish
 * and let the next kernels run. */
static void test_unfinished_kernel(void) {
  tsr_timing *t = model(v5e(), 2, false);
  tsr_observer o = tsr_timing_observer(t);
  static int64_t cell;
  tsr_ref sem = tsr_ref_dense(&cell, TSR_SEM, TSR_SEMAPHORE_MEM, 0, NULL);
  tsr_event ev = {.kind = TSR_EV_KERNEL_BEGIN, .core = 0, .name = "failed"};
  o.on_event(o.user, &ev);
  ev = (tsr_event){.kind = TSR_EV_SEM_WAIT, .core = 0, .sem = &sem, .amount = 1};
  o.on_event(o.user, &ev); /* never signalled */
  ev = (tsr_event){.kind = TSR_EV_KERNEL_BEGIN, .core = 1, .name = "failed"};
  o.on_event(o.user, &ev);
  ev.kind = TSR_EV_KERNEL_END;
  o.on_event(o.user, &ev);
  synth_pipeline p = copy_kernel(256, 1024, 4, 2);
  p.core = 1;
  synth_run(&o, &p);
  p.core = 0;
  synth_run(&o, &p);
  tsr_timing_summary s;
  tsr_timing_summarize(t, &s);
  CHECK_EQ_INT(s.kernels, 2);
  CHECK_EQ_INT(s.steps, 8);
  tsr_timing_destroy(t);
}

/* A kernel written against the machine: copies a (64, 256) f32 input to VMEM in 4 row blocks,
 * double-buffered, and back out. */
typedef struct copy_args { float *in, *out; } copy_args;

static tsr_status copy_kernel_on_machine(machine_core *c, void *arg) {
  copy_args *a = arg;
  int64_t shape[2] = {64, 256}, block[2] = {16, 256};
  tsr_ref hin = tsr_ref_dense(a->in, TSR_F32, TSR_HBM, 2, shape);
  tsr_ref hout = tsr_ref_dense(a->out, TSR_F32, TSR_HBM, 2, shape);
  tsr_buffer *vb, *sb;
  TSR_TRY(machine_core_alloc(c, TSR_VMEM, 2 * 16 * 256 * 4, 0, "blocks", &vb));
  TSR_TRY(machine_core_alloc(c, TSR_SEMAPHORE_MEM, 2 * 8, 0, "sems", &sb));
  tsr_event ev = {.kind = TSR_EV_KERNEL_BEGIN, .name = "machine_copy", .step = -1, .operand = -1};
  machine_core_emit(c, &ev);
  tsr_ref slot[2], sem[2], win[4];
  for (int i = 0; i < 2; i++) {
    slot[i] = tsr_ref_dense(vb->base + i * 16 * 256 * 4, TSR_F32, TSR_VMEM, 2, block);
    slot[i].buf = vb;
    sem[i] = tsr_ref_dense(sb->base + i * 8, TSR_DMA_SEM, TSR_SEMAPHORE_MEM, 0, NULL);
    sem[i].buf = sb;
  }
  for (int i = 0; i < 4; i++) TSR_TRY(tsr_ref_slice(&hin, 0, i * 16, 16, &win[i]));
  machine_dma_request r = {.src = &win[0], .dst = &slot[0], .sem = &sem[0], .bytes = 16 * 256 * 4, .dir = TSR_DMA_IN};
  TSR_TRY(machine_core_dma_start(c, &r));
  for (int s = 0; s < 4; s++) {
    c->step = s;
    ev = (tsr_event){.kind = TSR_EV_STEP_BEGIN, .step = s, .operand = -1};
    machine_core_emit(c, &ev);
    if (s + 1 < 4) {
      r.src = &win[s + 1];
      r.dst = &slot[(s + 1) & 1];
      r.sem = &sem[(s + 1) & 1];
      r.dir = TSR_DMA_IN;
      TSR_TRY(machine_core_dma_start(c, &r));
    }
    TSR_TRY(machine_core_dma_wait(c, &sem[s & 1], 16 * 256 * 4, "in0", 0));
    tsr_ref ow;
    TSR_TRY(tsr_ref_slice(&hout, 0, s * 16, 16, &ow));
    machine_dma_request w = {.src = &slot[s & 1], .dst = &ow, .sem = &sem[s & 1], .bytes = 16 * 256 * 4, .dir = TSR_DMA_OUT};
    TSR_TRY(machine_core_dma_start(c, &w));
    TSR_TRY(machine_core_dma_wait(c, &sem[s & 1], 16 * 256 * 4, "out0", 0));
    ev = (tsr_event){.kind = TSR_EV_STEP_END, .step = s, .operand = -1};
    machine_core_emit(c, &ev);
  }
  c->step = -1;
  ev = (tsr_event){.kind = TSR_EV_KERNEL_END, .step = -1, .operand = -1};
  machine_core_emit(c, &ev);
  TSR_TRY(machine_core_check_dmas_idle(c));
  machine_core_release_to(c, TSR_VMEM, 0);
  machine_core_release_to(c, TSR_SEMAPHORE_MEM, 0);
  return TSR_OK;
}

static void test_machine_run_and_outputs(void) {
  tsr_machine_options mo = {.chip = v5e(), .num_cores = 1, .quiet = true};
  tsr_machine *m = NULL;
  CHECK_OK(tsr_machine_create(&mo, &m));
  if (!m) return;
  tsr_timing *t = model(tsr_machine_chip(m), 0, true);
  CHECK_OK(tsr_timing_attach(t, m));
  static float in[64 * 256], out[64 * 256];
  tsr_test_fill(in, 64 * 256, 7);
  copy_args a = {in, out};
  CHECK_OK(machine_run_cores(m, copy_kernel_on_machine, &a));
  CHECK(!memcmp(in, out, sizeof in));
  tsr_timing_summary s;
  tsr_timing_summarize(t, &s);
  CHECK_EQ_INT(s.steps, 4);
  CHECK_EQ_INT(s.dmas, 8);
  CHECK_EQ_INT(s.bytes_in, 64 * 256 * 4);
  CHECK_EQ_INT(s.bytes_out, 64 * 256 * 4);
  CHECK_EQ_INT(s.bytes_local, 0);
  CHECK(s.seconds > 4 * v5e()->step_overhead_s);

  char dir[] = "/tmp/tsr_timing_XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  char jpath[128], tpath[128];
  snprintf(jpath, sizeof jpath, "%s/report.json", dir);
  snprintf(tpath, sizeof tpath, "%s/trace.json", dir);
  CHECK_OK(tsr_timing_write_json(t, jpath));
  CHECK_OK(tsr_timing_write_trace(t, tpath));
  FILE *rf = tmpfile();
  CHECK_OK(tsr_timing_report(t, rf));
  rewind(rf);
  char text[8192] = "";
  size_t n = fread(text, 1, sizeof text - 1, rf);
  text[n] = 0;
  fclose(rf);
  CHECK(strstr(text, "simulated time") && strstr(text, "verdict") && strstr(text, "machine_copy"));

  FILE *jf = fopen(jpath, "r");
  static char buf[1 << 20];
  n = jf ? fread(buf, 1, sizeof buf - 1, jf) : 0;
  buf[n] = 0;
  if (jf) fclose(jf);
  cJSON *j = cJSON_Parse(buf);
  CHECK(j != NULL);
  cJSON *secs = cJSON_GetObjectItem(j, "simulated_seconds");
  CHECK(cJSON_IsNumber(secs) && secs->valuedouble == s.seconds);
  cJSON_Delete(j);

  jf = fopen(tpath, "r");
  n = jf ? fread(buf, 1, sizeof buf - 1, jf) : 0;
  buf[n] = 0;
  if (jf) fclose(jf);
  j = cJSON_Parse(buf);
  CHECK(j != NULL);
  cJSON *evs = cJSON_GetObjectItem(j, "traceEvents");
  int counters = 0, dma_track = 0, steps = 0;
  cJSON *e;
  cJSON_ArrayForEach(e, evs) {
    const char *ph = cJSON_GetStringValue(cJSON_GetObjectItem(e, "ph"));
    const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(e, "name"));
    if (ph && !strcmp(ph, "C")) counters++;
    if (ph && !strcmp(ph, "X") && name && !strcmp(name, "dma in") &&
        cJSON_GetObjectItem(e, "tid")->valueint != 0) dma_track++;
    if (ph && !strcmp(ph, "X") && name && !strcmp(name, "step")) steps++;
  }
  CHECK(counters > 4);
  CHECK_EQ_INT(dma_track, 4);
  CHECK_EQ_INT(steps, 4);
  cJSON_Delete(j);
  unlink(jpath);
  unlink(tpath);
  rmdir(dir);
  CHECK_FAILS(tsr_timing_write_json(t, "/nonexistent/dir/x.json"), TSR_ERR_IO,
              "cannot write /nonexistent/dir/x.json: No such file or directory");

  tsr_machine_destroy(m);
  tsr_timing_destroy(t);
}

int main(void) {
  test_formulas();
  test_mxu_shapes();
  test_chip_table();
  test_chip_files();
  test_copy_approaches_bandwidth();
  test_matmul_approaches_peak();
  test_tiny_blocks_are_overhead_bound();
  test_buffering();
  test_v5e_calibration();
  test_dma_engines();
  test_cores_share_hbm();
  test_kernels_in_sequence();
  test_unfinished_kernel();
  test_machine_run_and_outputs();
  return tsr_test_finish("test_timing");
}
