/* tsr_sim: the one constructor of a machine with its checkers and timing model. Chips by name
 * and by file, a real race found through the C API, a timing model that sees the run (the DMA
 * count derived by hand), a shared model borrowed, and every failure path (ASan checks that
 * nothing is left allocated). */
#include <stdio.h>
#include <unistd.h>

#include "core/status.h"
#include "harness.h"
#include "tessera/pipeline.h"
#include "tessera/sim.h"

#define F(r) ((float *)(void *)(r)->data)

/* ---- kernels --------------------------------------------------------------------------- */

/* Copies its input (the whole array, in HBM) into VMEM scratch with two DMAs, then the
 * scratch into its output block; the first copies the input's rows in reverse order, so the
 * two write different bytes to the scratch. Racy: both DMAs are in flight at once and write
 * the same scratch, and which lands last decides it. Fixed: each is waited for before the
 * next starts. Same bytes (TWICE): racy but both copy the input as it is, which is no race. */
enum { RACY, FIXED, TWICE };
static tsr_status two_copies_body(tsr_ctx *c, void *u) {
  int mode = *(const int *)u;
  bool fixed = mode == FIXED;
  const tsr_ref *x = tsr_ctx_in(c, 0), *o = tsr_ctx_out(c, 0), *v = tsr_ctx_scratch(c, 0), *sem = tsr_ctx_scratch(c, 1);
  tsr_ref rev = *x;
  if (mode != TWICE) {
    rev.data += (x->shape[0] - 1) * x->stride[0] * (int64_t)sizeof(float);
    rev.stride[0] = -x->stride[0];
  }
  TSR_TRY(tsr_dma_start(c, &rev, v, sem));
  if (fixed) TSR_TRY(tsr_dma_wait(c, sem, v));
  TSR_TRY(tsr_dma_start(c, x, v, sem));
  if (!fixed) TSR_TRY(tsr_dma_wait(c, sem, v));
  TSR_TRY(tsr_dma_wait(c, sem, v));
  memcpy(o->data, v->data, 8 * 128 * sizeof(float));
  return TSR_OK;
}

static tsr_status run_two_copies(tsr_machine *m, float *x, float *out, int mode) {
  int64_t shape[2] = {8, 128};
  tsr_ref in = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, shape), res = tsr_ref_dense(out, TSR_F32, TSR_HBM, 2, shape);
  tsr_block_spec any = {.space = TSR_ANY};
  tsr_scratch_spec scratch[2] = {{.space = TSR_VMEM, .dtype = TSR_F32, .rank = 2, .shape = {8, 128}},
                                 {.space = TSR_SEMAPHORE_MEM, .dtype = TSR_DMA_SEM}};
  tsr_call_desc d = {.name = "two_copies", .num_inputs = 1, .inputs = &in, .in_specs = &any, .num_outputs = 1,
                     .outputs = &res, .num_scratch = 2, .scratch = scratch, .body = two_copies_body, .user = &mode};
  return tsr_pallas_call(m, &d, NULL);
}

static tsr_status double_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *o = tsr_ctx_out(c, 0);
  for (int64_t i = 0; i < 8; i++)
    for (int64_t j = 0; j < 128; j++) F(o)[i * o->stride[0] + j] = 2 * F(x)[i * x->stride[0] + j];
  return TSR_OK;
}

/* o = 2x over f32[32,128] in (8,128) blocks: a grid of 4 steps, each fetching its own input
 * block and writing back its own output block, so 4 DMAs in and 4 out. */
static float grid_x[32 * 128], grid_o[32 * 128];
static tsr_status run_doubling(tsr_machine *m) {
  int64_t shape[2] = {32, 128};
  tsr_ref in = tsr_ref_dense(grid_x, TSR_F32, TSR_HBM, 2, shape), res = tsr_ref_dense(grid_o, TSR_F32, TSR_HBM, 2, shape);
  tsr_block_spec spec = {.rank = 2, .block_shape = {8, 128}, .axis_map = {TSR_AXIS(0)}};
  tsr_call_desc d = {.name = "doubling", .grid_rank = 1, .grid = {4}, .num_inputs = 1, .inputs = &in, .in_specs = &spec,
                     .num_outputs = 1, .outputs = &res, .out_specs = &spec, .body = double_body};
  return tsr_pallas_call(m, &d, NULL);
}

static bool doubled(void) {
  for (int i = 0; i < 32 * 128; i++)
    if (grid_o[i] != 2 * grid_x[i]) return false;
  return true;
}

/* ---- chips ----------------------------------------------------------------------------- */

static void test_chips(void) {
  tsr_sim *s = NULL;
  /* no options at all, and an empty name: v5e */
  CHECK_OK(tsr_sim_create(NULL, &s));
  if (s) CHECK(!strcmp(tsr_sim_chip(s)->name, "v5e") && !tsr_sim_checker(s) && !tsr_sim_timing(s));
  tsr_sim_destroy(s);
  tsr_sim_options so = {.chip = ""};
  CHECK_OK(tsr_sim_create(&so, &s));
  if (s) CHECK(!strcmp(tsr_sim_chip(s)->name, "v5e"));
  tsr_sim_destroy(s);

  /* by name; the machine options' own chip is ignored */
  so = (tsr_sim_options){.chip = "v5p", .machine = {.chip = tsr_chip_get("v4"), .num_cores = 1}};
  CHECK_OK(tsr_sim_create(&so, &s));
  if (s) {
    CHECK(!strcmp(tsr_sim_chip(s)->name, "v5p"));
    CHECK_EQ_INT(tsr_sim_chip(s)->vmem_bytes, tsr_chip_get("v5p")->vmem_bytes);
    CHECK_EQ_INT(tsr_machine_num_cores(tsr_sim_machine(s)), 1);
  }
  tsr_sim_destroy(s);

  /* by file: a v5p with a VMEM of 1 MiB */
  char path[] = "/tmp/tsr_sim_chip_XXXXXX"; /* a name with a '/' is a file */
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  if (fd < 0) return;
  const char *json = "{\"base\": \"v5p\", \"name\": \"small-vmem\", \"vmem_bytes\": 1048576}";
  CHECK_EQ_INT(write(fd, json, strlen(json)), (long long)strlen(json));
  close(fd);
  so = (tsr_sim_options){.chip = path, .machine = {.num_cores = 1}};
  CHECK_OK(tsr_sim_create(&so, &s));
  if (s) {
    const tsr_chip *c = tsr_sim_chip(s);
    CHECK(!strcmp(c->name, "small-vmem"));
    CHECK_EQ_INT(c->vmem_bytes, 1048576);
    CHECK_EQ_INT(c->tensor_cores, tsr_chip_get("v5p")->tensor_cores); /* from the base */
  }
  tsr_sim_destroy(s);
  unlink(path);
  /* the file gone: its name in the message */
  s = (tsr_sim *)&so; /* any non-NULL value: a failure sets *out to NULL */
  CHECK_FAILS(tsr_sim_create(&so, &s), TSR_ERR_IO, "cannot open chip file");
  CHECK(strstr(tsr_last_error(), path) != NULL);
  CHECK(s == NULL);

  /* an unknown chip: its name and the built-in ones */
  so = (tsr_sim_options){.chip = "v9", .checks = TSR_CHECK_ALL, .timing = true};
  CHECK_FAILS(tsr_sim_create(&so, &s), TSR_ERR_INVALID, "chip 'v9': unknown chip \"v9\" (built in: ");
  CHECK(strstr(tsr_last_error(), "v5e") != NULL);
  CHECK(s == NULL);
}

/* ---- checkers -------------------------------------------------------------------------- */

static void test_checkers_find_a_race(void) {
  static float x[8 * 128], out[8 * 128];
  tsr_test_fill(x, 8 * 128, 5);
  tsr_sim_options so = {.machine = {.num_cores = 1, .quiet = true}, .checks = TSR_CHECK_DEFAULT};
  tsr_sim *s = NULL;
  CHECK_OK(tsr_sim_create(&so, &s));
  if (!s) return;
  CHECK(tsr_sim_checker(s) != NULL);
  CHECK(tsr_sim_timing(s) == NULL);
  /* the run itself succeeds (eager DMAs land at once): only the checkers see the race */
  CHECK_OK(run_two_copies(tsr_sim_machine(s), x, out, RACY));
  CHECK(memcmp(out, x, sizeof x) == 0);
  CHECK_FAILS(tsr_sim_findings(s), TSR_ERR_RACE, "are in flight at once and write overlapping memory");
  CHECK(strstr(tsr_last_error(), "race on core 0: kernel DMA #2") != NULL);
  CHECK_EQ_INT(tsr_checker_count(tsr_sim_checker(s)), 1);
  /* forgotten, and the fixed kernel on the same machine is clean */
  tsr_sim_reset_findings(s);
  CHECK_OK(tsr_sim_findings(s));
  memset(out, 0, sizeof out);
  CHECK_OK(run_two_copies(tsr_sim_machine(s), x, out, FIXED));
  CHECK(memcmp(out, x, sizeof x) == 0);
  CHECK_OK(tsr_sim_findings(s));
  /* two copies of the same bytes to one place in flight at once decide nothing: clean */
  CHECK_OK(run_two_copies(tsr_sim_machine(s), x, out, TWICE));
  CHECK(memcmp(out, x, sizeof x) == 0);
  CHECK_OK(tsr_sim_findings(s));
  /* and the racy one found again */
  CHECK_OK(run_two_copies(tsr_sim_machine(s), x, out, RACY));
  CHECK_FAILS(tsr_sim_findings(s), TSR_ERR_RACE, "write overlapping memory");
  tsr_sim_destroy(s);

  /* without checks: no checker, nothing found */
  so.checks = 0;
  CHECK_OK(tsr_sim_create(&so, &s));
  if (!s) return;
  CHECK(tsr_sim_checker(s) == NULL);
  CHECK_OK(run_two_copies(tsr_sim_machine(s), x, out, RACY));
  CHECK_OK(tsr_sim_findings(s));
  tsr_sim_reset_findings(s); /* nothing to forget: fine */
  tsr_sim_destroy(s);
  tsr_sim_destroy(NULL);
}

/* ---- timing ---------------------------------------------------------------------------- */

static void test_own_timing(void) {
  tsr_test_fill(grid_x, 32 * 128, 6);
  tsr_sim_options so = {.chip = "v5e", .machine = {.num_cores = 1, .quiet = true}, .checks = TSR_CHECK_DEFAULT,
                        .timing = true, .timing_options = {.trace = true}};
  tsr_sim *s = NULL;
  CHECK_OK(tsr_sim_create(&so, &s));
  if (!s) return;
  CHECK(tsr_sim_timing(s) != NULL && tsr_sim_checker(s) != NULL);
  CHECK_OK(run_doubling(tsr_sim_machine(s)));
  CHECK(doubled());
  CHECK_OK(tsr_sim_findings(s));
  tsr_timing_summary sum;
  tsr_timing_summarize(tsr_sim_timing(s), &sum);
  CHECK(sum.seconds > 0);
  CHECK_EQ_INT(sum.kernels, 1);
  CHECK_EQ_INT(sum.steps, 4);
  CHECK_EQ_INT(sum.dmas, 4 + 4); /* a block in and a block out per step */
  CHECK_EQ_INT(sum.bytes_in, 32 * 128 * 4);
  CHECK_EQ_INT(sum.bytes_out, 32 * 128 * 4);
  /* the model keeps accumulating over a findings reset */
  tsr_sim_reset_findings(s);
  CHECK_OK(run_doubling(tsr_sim_machine(s)));
  tsr_timing_summarize(tsr_sim_timing(s), &sum);
  CHECK_EQ_INT(sum.dmas, 2 * 8);
  tsr_sim_destroy(s);
}

static void test_shared_timing(void) {
  tsr_timing *t = NULL;
  CHECK_OK(tsr_timing_create(tsr_chip_get("v5e"), NULL, &t));
  if (!t) return;
  tsr_sim_options so = {.machine = {.num_cores = 1, .quiet = true}, .shared_timing = t};
  tsr_sim *a = NULL, *b = NULL;
  CHECK_OK(tsr_sim_create(&so, &a));
  CHECK_OK(tsr_sim_create(&so, &b));
  if (a && b) {
    CHECK(tsr_sim_timing(a) == t && tsr_sim_timing(b) == t);
    CHECK_OK(run_doubling(tsr_sim_machine(a)));
    CHECK_OK(run_doubling(tsr_sim_machine(b)));
  }
  tsr_sim_destroy(a);
  tsr_sim_destroy(b);
  /* borrowed, not destroyed: the model still answers (ASan would see a use after free) */
  tsr_timing_summary sum;
  tsr_timing_summarize(t, &sum);
  CHECK_EQ_INT(sum.kernels, 2);
  CHECK_EQ_INT(sum.dmas, 2 * 8);

  /* a failed attach of the shared model leaves it to its owner too: 17 devices of 4 cores
   * are more cores than a timing model follows */
  so.machine.num_devices = 17;
  so.machine.num_cores = 4;
  CHECK_FAILS(tsr_sim_create(&so, &a), TSR_ERR_INVALID, "timing model: at most 64 cores");
  CHECK(a == NULL);
  tsr_timing_summarize(t, &sum);
  CHECK_EQ_INT(sum.kernels, 2);
  tsr_timing_destroy(t);
}

static void test_timing_only(void) {
  tsr_sim_options so = {.machine = {.num_cores = 1, .quiet = true, .timing_only = TSR_TIMING_ONLY},
                        .checks = TSR_CHECK_ALL, .timing = true};
  tsr_sim *s = NULL;
  CHECK_OK(tsr_sim_create(&so, &s));
  if (!s) return;
  CHECK(tsr_sim_checker(s) == NULL); /* nothing computed, nothing to check */
  CHECK(tsr_sim_timing(s) != NULL);
  CHECK_OK(tsr_sim_findings(s));
  tsr_sim_destroy(s);
}

/* ---- the attach hooks and failure paths ------------------------------------------------ */

static int checker_hooks, timing_hooks;
static tsr_status count_checker_attach(tsr_checker *ck, tsr_machine *m) {
  checker_hooks++;
  return tsr_checker_attach(ck, m);
}
static tsr_status count_timing_attach(tsr_timing *t, tsr_machine *m) {
  timing_hooks++;
  return tsr_timing_attach(t, m);
}
static tsr_status refuse_timing_attach(tsr_timing *t, tsr_machine *m) {
  (void)t;
  (void)m;
  timing_hooks++;
  return tsr_fail(TSR_ERR_UNSUPPORTED, "no timing here");
}

static void test_attach_hooks(void) {
  static float x[8 * 128], out[8 * 128];
  tsr_sim_options so = {.machine = {.num_cores = 1, .quiet = true}, .checks = TSR_CHECK_DEFAULT, .timing = true,
                        .attach_checker = count_checker_attach, .attach_timing = count_timing_attach};
  tsr_sim *s = NULL;
  CHECK_OK(tsr_sim_create(&so, &s));
  CHECK_EQ_INT(checker_hooks, 1);
  CHECK_EQ_INT(timing_hooks, 1);
  if (!s) return;
  /* what the hooks attached observes the runs */
  CHECK_OK(run_two_copies(tsr_sim_machine(s), x, out, RACY));
  CHECK_FAILS(tsr_sim_findings(s), TSR_ERR_RACE, "write overlapping memory");
  tsr_timing_summary sum;
  tsr_timing_summarize(tsr_sim_timing(s), &sum);
  CHECK_EQ_INT(sum.dmas, 2 + 1); /* the kernel's own two copies, the output's write-back */
  tsr_sim_destroy(s);
  /* a hook's failure is the sim's, with nothing left behind */
  so.attach_timing = refuse_timing_attach;
  CHECK_FAILS(tsr_sim_create(&so, &s), TSR_ERR_UNSUPPORTED, "no timing here");
  CHECK(s == NULL);
  CHECK_EQ_INT(timing_hooks, 2);
}

static void test_failures(void) {
  tsr_sim *s = NULL;
  tsr_sim_options so = {.machine = {.num_cores = -1}, .checks = TSR_CHECK_ALL, .timing = true};
  CHECK_FAILS(tsr_sim_create(&so, &s), TSR_ERR_INVALID, "machine: core count -1 out of range");
  CHECK(s == NULL);
  /* the machine made, then the checkers refused */
  so = (tsr_sim_options){.machine = {.num_cores = 1}, .checks = 1u << 8, .timing = true};
  CHECK_FAILS(tsr_sim_create(&so, &s), TSR_ERR_INVALID, "checkers: unknown checks 0x100");
  CHECK(s == NULL);
  /* the machine and the checkers made, then the timing model refused */
  so = (tsr_sim_options){.machine = {.num_cores = 1}, .checks = TSR_CHECK_ALL, .timing = true,
                         .timing_options = {.num_cores = 100}};
  CHECK_FAILS(tsr_sim_create(&so, &s), TSR_ERR_INVALID, "timing model: 100 cores");
  CHECK(s == NULL);
  /* both an own and a shared model */
  tsr_timing *t = NULL;
  CHECK_OK(tsr_timing_create(NULL, NULL, &t));
  so = (tsr_sim_options){.timing = true, .shared_timing = t};
  CHECK_FAILS(tsr_sim_create(&so, &s), TSR_ERR_INVALID, "one of timing, shared_timing");
  CHECK(s == NULL);
  tsr_timing_destroy(t);
}

int main(void) {
  test_chips();
  test_checkers_find_a_race();
  test_own_timing();
  test_shared_timing();
  test_timing_only();
  test_attach_hooks();
  test_failures();
  return tsr_test_finish("test_sim");
}
