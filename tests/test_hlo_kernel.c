/* One tpu_custom_call run by its caller (tsr_hlo_kernel): compiled from a backend_config
 * payload as the interpreter ingests one, run on the caller's buffers in place of the
 * interpreter's tensors (aliases in place and by copy), arrays that disagree with the kernel
 * refused before anything runs, malformed payloads named, and one kernel run by two threads
 * at once, each on a machine of its own. And a matmul against a TPU's own bits. */
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "payload.h"
#include "tessera/hlo.h"
#include "tessera/mlir.h"
#include "tessera/npy.h"

static tsr_hlo_kernel *create(const char *json, const tsr_alias *aliases, int n_aliases) {
  tsr_hlo_kernel_desc d = {.backend_config = json, .backend_config_len = json ? strlen(json) : 0, .aliases = aliases,
                           .num_aliases = n_aliases};
  tsr_hlo_kernel *k = NULL;
  CHECK_OK(tsr_hlo_kernel_create(&d, &k));
  return k;
}

static tsr_machine *machine(const char *chip) {
  tsr_machine *m = NULL;
  CHECK_OK(tsr_machine_create(&(tsr_machine_options){.chip = tsr_chip_get(chip), .quiet = true}, &m));
  return m;
}

/* io_alias of the JAX suite: o = x + 3y with input_output_aliases={0: 0}, (16, 256) blocks */
static void test_alias(tsr_machine *m) {
  char *json = tsr_test_payload("tests/jax_suite/io_alias/v_new/body.mlirbc", 1);
  tsr_hlo_kernel *k = create(json, &(tsr_alias){.input = 0, .output = 0}, 1);
  if (!k) { free(json); return; }
  CHECK_EQ_INT(tsr_hlo_kernel_num_operands(k), 2);
  CHECK_EQ_INT(tsr_hlo_kernel_num_results(k), 1);
  CHECK(strlen(tsr_hlo_kernel_name(k)) > 0);
  enum { N = 32 * 256 };
  static float x[N], y[N], x0[N], o[N];
  tsr_test_fill(x, N, 1);
  tsr_test_fill(y, N, 2);
  memcpy(x0, x, sizeof x);
  int64_t sh[2] = {32, 256};
  tsr_ref ops[2] = {tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sh), tsr_ref_dense(y, TSR_F32, TSR_HBM, 2, sh)};
  /* XLA's way: the result is the aliased operand's memory, written in place */
  tsr_ref res = ops[0];
  tsr_call_stats st;
  CHECK_OK(tsr_hlo_kernel_run(k, m, ops, 2, &res, 1, &st));
  int bad = 0;
  for (int i = 0; i < N; i++) bad += x[i] != x0[i] + 3.0f * y[i];
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(st.steps, 2);
  /* the interpreter's way: a result of its own starts as a copy; the operand stays */
  memcpy(x, x0, sizeof x);
  memset(o, 0, sizeof o);
  res = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, sh);
  CHECK_OK(tsr_hlo_kernel_run(k, m, ops, 2, &res, 1, NULL));
  bad = 0;
  for (int i = 0; i < N; i++) bad += o[i] != x0[i] + 3.0f * y[i] || x[i] != x0[i];
  CHECK_EQ_INT(bad, 0);

  /* arrays that disagree with the kernel: refused, nothing read past them */
  int64_t small[2] = {8, 256}, wide[2] = {32, 512};
  float *few = malloc(sizeof(float) * 8 * 256);
  tsr_ref bad_ops[2] = {ops[0], tsr_ref_dense(few, TSR_F32, TSR_HBM, 2, small)};
  CHECK_FAILS(tsr_hlo_kernel_run(k, m, bad_ops, 2, &res, 1, NULL), TSR_ERR_BOUNDS, "");
  CHECK_FAILS(tsr_hlo_kernel_run(k, m, ops, 1, &res, 1, NULL), TSR_ERR_INVALID, "the call has 1 operands");
  CHECK_FAILS(tsr_hlo_kernel_run(k, m, ops, 2, &res, 0, NULL), TSR_ERR_INVALID, "and 0 results");
  tsr_ref i32_res = tsr_ref_dense(o, TSR_I32, TSR_HBM, 2, sh);
  CHECK_FAILS(tsr_hlo_kernel_run(k, m, ops, 2, &i32_res, 1, NULL), TSR_ERR_INVALID, "aliases operand 0");
  tsr_ref wide_res = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, wide);
  CHECK_FAILS(tsr_hlo_kernel_run(k, m, ops, 2, &wide_res, 1, NULL), TSR_ERR_INVALID, "aliases operand 0");
  free(few);
  tsr_hlo_kernel_destroy(k);

  /* aliases out of range */
  tsr_hlo_kernel_desc d = {.backend_config = json, .backend_config_len = strlen(json),
                           .aliases = &(tsr_alias){.input = 2, .output = 0}, .num_aliases = 1};
  CHECK_FAILS(tsr_hlo_kernel_create(&d, &k), TSR_ERR_INVALID, "out of range");
  d.aliases = &(tsr_alias){.input = 0, .output = 1};
  CHECK_FAILS(tsr_hlo_kernel_create(&d, &k), TSR_ERR_INVALID, "out of range");
  free(json);
}

/* A call without results (a pallas_call without outputs, run for its effects): the call's
 * result count, 0, makes every operand of the body an input; the body alone would make its
 * written operand an output. */
static void test_no_results(tsr_machine *m) {
  char *json = tsr_test_payload("tests/jax_suite/io_alias/v_new/body.mlirbc", 1);
  tsr_hlo_kernel_desc d = {.backend_config = json, .backend_config_len = strlen(json), .results_known = true};
  tsr_hlo_kernel *k = NULL;
  CHECK_OK(tsr_hlo_kernel_create(&d, &k));
  if (!k) { free(json); return; }
  CHECK_EQ_INT(tsr_hlo_kernel_num_operands(k), 3);
  CHECK_EQ_INT(tsr_hlo_kernel_num_results(k), 0);
  enum { N = 32 * 256 };
  static float x[N], y[N], o[N];
  tsr_test_fill(x, N, 5);
  tsr_test_fill(y, N, 6);
  int64_t sh[2] = {32, 256};
  tsr_ref ops[3] = {tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sh), tsr_ref_dense(y, TSR_F32, TSR_HBM, 2, sh),
                    tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, sh)};
  tsr_call_stats st;
  CHECK_OK(tsr_hlo_kernel_run(k, m, ops, 3, NULL, 0, &st));
  CHECK_EQ_INT(st.steps, 2);
  CHECK_EQ_INT(st.dma.in, 6); /* three (16, 256) blocks a step */
  CHECK_EQ_INT(st.dma.out, 0);
  tsr_hlo_kernel_destroy(k);
  d.results_known = false; /* the body says: its written operand is the output */
  CHECK_OK(tsr_hlo_kernel_create(&d, &k));
  if (k) CHECK_EQ_INT(tsr_hlo_kernel_num_results(k), 1);
  tsr_hlo_kernel_destroy(k);
  free(json);
}

/* block-sparse matmul: two scalar-prefetch operands drive its index maps; their shapes must
 * be the kernel's */
static void test_prefetch(tsr_machine *m) {
  char *json = tsr_test_payload("tests/jax_suite/block_sparse_matmul/v_fwd/body.mlirbc", 1);
  tsr_hlo_kernel *k = create(json, NULL, 0);
  free(json);
  if (!k) return;
  CHECK_EQ_INT(tsr_hlo_kernel_num_operands(k), 4);
  tsr_array in[4] = {{0}}, exp = {0}, out = {0};
  bool ok = true;
  for (int i = 0; i < 4 && ok; i++) {
    char path[128];
    snprintf(path, sizeof path, "tests/jax_suite/block_sparse_matmul/in_%d.npy", i);
    ok = tsr_npy_read(path, &in[i]) == TSR_OK;
  }
  ok = ok && tsr_npy_read("tests/jax_suite/block_sparse_matmul/expected_0.npy", &exp) == TSR_OK &&
       tsr_array_alloc(&out, TSR_F32, exp.rank, exp.shape) == TSR_OK;
  CHECK(ok);
  if (ok) {
    tsr_ref ops[4], res = tsr_array_ref(&out, TSR_HBM);
    for (int i = 0; i < 4; i++) ops[i] = tsr_array_ref(&in[i], TSR_HBM);
    CHECK_OK(tsr_hlo_kernel_run(k, m, ops, 4, &res, 1, NULL));
    const float *o = out.data, *e = exp.data;
    int bad = 0;
    for (int64_t i = 0; i < tsr_array_numel(&exp); i++) bad += !(fabsf(o[i] - e[i]) <= 1e-3f + 1e-4f * fabsf(e[i]));
    CHECK_EQ_INT(bad, 0);
    int64_t s_bad[2] = {2, 3};
    ops[0] = tsr_ref_dense(in[0].data, TSR_I32, TSR_HBM, 2, s_bad);
    CHECK_FAILS(tsr_hlo_kernel_run(k, m, ops, 4, &res, 1, NULL), TSR_ERR_INVALID, "scalar prefetch 0");
  }
  for (int i = 0; i < 4; i++) tsr_array_free(&in[i]);
  tsr_array_free(&exp);
  tsr_array_free(&out);
  tsr_hlo_kernel_destroy(k);
}

/* JAX's exported Pallas matmul (tests/conformance/jax_export_backcompat/mosaic_matmul), whose
 * expected output a TPU computed: f32 operands at the default precision, (256, 256) blocks,
 * K = 512 in two grid steps, each `acc += dot`. Rounding the operands to bf16 is what brings
 * it within f32 rounding of the TPU (full f32 products are 2.8e-3 off), and the order of the
 * sums decides the last bit: summed as docs/numerics.md models the MXU, 1009 of the 1024
 * outputs the test keeps are the TPU's bits and the rest one ulp off, which is the best any
 * of the simple orders worked out in numpy from the TPU's data does (a sequential f32 sum
 * of each block, 128-term passes or 256, summed apart from the accumulator and added to it).
 * Adding each pass's sum to the accumulator as it comes, or one f32 chain over all 512
 * terms, matches fewer (981 and 932). */
static void test_tpu_matmul_bits(tsr_machine *m) {
  const char *dir = "tests/conformance/jax_export_backcompat/mosaic_matmul";
  char path[256];
  snprintf(path, sizeof path, "%s/module.mlir", dir);
  tsr_mlir_module *mod = NULL;
  tsr_hlo_program *p = NULL;
  tsr_array out = {0}, exp = {0};
  CHECK_OK(tsr_mlir_read_file(path, &mod));
  if (mod) CHECK_OK(tsr_hlo_compile(mod, &p));
  snprintf(path, sizeof path, "%s/expected_0.npy", dir);
  CHECK_OK(tsr_npy_read(path, &exp));
  tsr_hlo_run_opts ro = {.machine = m};
  if (p && exp.data && tsr_hlo_run(p, &ro, NULL, 0, &out, NULL) == TSR_OK) {
    CHECK(tsr_array_numel(&out) == 1024 && tsr_array_numel(&exp) == 1024);
    const float *o = out.data, *e = exp.data;
    int same = 0, far = 0;
    for (int i = 0; i < 1024; i++) {
      same += o[i] == e[i];
      far += o[i] != e[i] && o[i] != nextafterf(e[i], INFINITY) && o[i] != nextafterf(e[i], -INFINITY);
    }
    CHECK(same >= 1009);
    CHECK_EQ_INT(far, 0);
  } else {
    CHECK(false);
  }
  tsr_array_free(&out);
  tsr_array_free(&exp);
  tsr_hlo_program_destroy(p);
  tsr_mlir_module_destroy(mod);
}

static void test_bad_payloads(void) {
  tsr_hlo_kernel *k;
  const char *cases[][2] = {
      {"{\"custom_call_config\": {\"body\": ", "not valid JSON (near byte"},
      {"{\"custom_call_config\": {}}", "no custom_call_config.body"},
      {"{\"custom_call_config\": {\"body\": \"TUz!\"}}", "tpu_custom_call body: base64"},
      {"{\"custom_call_config\": {\"body\": \"TUzvUgFN\", \"serialization_format\": 2}}", "serialization_format"},
      {"{\"custom_call_config\": {\"body\": \"\"}, \"scoped_memory_configs\": 3}", "scoped_memory_configs"},
      {"{\"custom_call_config\": {\"body\": \"\", \"cost_estimate\": {\"flops\": 1, \"transcendentals\": -2, "
       "\"bytes_accessed\": 3}}}", "cost_estimate.transcendentals is not a non-negative number"},
      {"{\"custom_call_config\": {\"body\": \"\", \"cost_estimate\": {\"flops\": 1}}}", "cost_estimate.transcendentals"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    tsr_hlo_kernel_desc d = {.backend_config = cases[i][0], .backend_config_len = strlen(cases[i][0])};
    tsr_status s = tsr_hlo_kernel_create(&d, &k);
    CHECK(s != TSR_OK && k == NULL);
    if (!strstr(tsr_last_error(), cases[i][1])) fprintf(stderr, "case %zu: %s\n", i, tsr_last_error());
    CHECK(strstr(tsr_last_error(), cases[i][1]) != NULL);
  }
  /* the length is the payload's: what follows it is not read */
  const char *json = "{\"custom_call_config\": {}}GARBAGE";
  tsr_hlo_kernel_desc d = {.backend_config = json, .backend_config_len = strlen(json) - 7};
  CHECK_FAILS(tsr_hlo_kernel_create(&d, &k), TSR_ERR_PARSE, "no custom_call_config.body");
  CHECK_FAILS(tsr_hlo_kernel_create(&(tsr_hlo_kernel_desc){0}, &k), TSR_ERR_PARSE, "not valid JSON");
}

/* split_carry: a running sum kept in scratch across a parallel axis, whose host split never
 * stands (the first run that tries it clears the kernel's lane_safe flag). Two threads run it
 * at once, each on its own machine. */
typedef struct worker {
  tsr_hlo_kernel *k;
  const float *x;
  float o[32 * 128];
  int runs_ok;
} worker;

static void *work(void *arg) {
  worker *w = arg;
  tsr_machine *m = NULL;
  if (tsr_machine_create(&(tsr_machine_options){.quiet = true}, &m) != TSR_OK) return NULL;
  int64_t sx[2] = {32, 256}, so[2] = {32, 128};
  tsr_ref in = tsr_ref_dense((void *)w->x, TSR_F32, TSR_HBM, 2, sx), out = tsr_ref_dense(w->o, TSR_F32, TSR_HBM, 2, so);
  for (int r = 0; r < 6; r++) w->runs_ok += tsr_hlo_kernel_run(w->k, m, &in, 1, &out, 1, NULL) == TSR_OK;
  tsr_machine_destroy(m);
  return NULL;
}

static void test_concurrent_runs(void) {
  char *json = tsr_test_payload("tests/mosaic/split_carry.mlir", -1);
  tsr_hlo_kernel *k = create(json, NULL, 0);
  free(json);
  if (!k) return;
  static float x[32 * 256];
  tsr_test_fill(x, 32 * 256, 3);
  static worker w[2];
  pthread_t t[2];
  for (int i = 0; i < 2; i++) {
    w[i] = (worker){.k = k, .x = x};
    CHECK(pthread_create(&t[i], NULL, work, &w[i]) == 0);
  }
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  int bad = 0;
  for (int col = 0; col < 128; col++)
    for (int r = 0; r < 8; r++) {
      float acc = 0;
      for (int i = 0; i < 4; i++) {
        for (int j = 0; j < 2; j++) acc = acc + x[(i * 8 + r) * 256 + j * 128 + col];
        for (int q = 0; q < 2; q++) bad += w[q].o[(i * 8 + r) * 128 + col] != acc;
      }
    }
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(w[0].runs_ok + w[1].runs_ok, 12);
  tsr_hlo_kernel_destroy(k);
}

/* A kernel's aliased operand that dies at the call gives the output its buffer, as XLA does
 * (JAX's core_map kernels write into an AllocateBuffer made for them): the graph holds one
 * buffer for the two, not a copy beside the operand. An operand still used after the call
 * keeps its value, the output a copy of its own. io_alias's kernel: o = x + 3y in place of x. */
static void test_alias_donated(tsr_machine *m) {
  size_t n = 0;
  char *text = tsr_test_slurp("tests/jax_suite/io_alias/v_fwd/module.mlir", &n);
  char *call = text ? strstr(text, "%0 = stablehlo.custom_call @tpu_custom_call(%arg0, %arg1)") : NULL;
  CHECK(call != NULL);
  if (!call) { free(text); return; }
  char *end = strchr(call, '\n'), *loc = strstr(call, " loc(#");
  if (loc && loc < end) end = loc; /* the module's location aliases stay behind */
  enum { N = 32 * 256 };
  static float x[N], y[N];
  tsr_test_fill(x, N, 1);
  tsr_test_fill(y, N, 2);
  int64_t sh[2] = {32, 256};
  tsr_array in[2] = {{.dtype = TSR_F32, .rank = 2, .shape = {32, 256}, .data = x},
                     {.dtype = TSR_F32, .rank = 2, .shape = {32, 256}, .data = y}};
  (void)sh;
  int64_t peak[2] = {0, 0};
  for (int kept = 0; kept < 2; kept++) {
    /* -x, made by the graph, is the kernel's aliased operand; `kept` returns it too */
    const char *ty = "tensor<32x256xf32>";
    size_t cap = n + 1024;
    char *mod = malloc(cap);
    int len = snprintf(mod, cap,
                       "func.func public @main(%%arg0: %s, %%arg1: %s) -> (%s%s%s) {\n"
                       "  %%t = stablehlo.negate %%arg0 : %s\n"
                       "  %.*s\n"
                       "  return %%0%s : %s%s%s\n}\n",
                       ty, ty, ty, kept ? ", " : "", kept ? ty : "", ty, (int)(end - call), call,
                       kept ? ", %t" : "", ty, kept ? ", " : "", kept ? ty : "");
    char *use = strstr(mod, "@tpu_custom_call(%arg0, %arg1)");
    CHECK(len > 0 && (size_t)len < cap && use != NULL);
    if (!use) { free(mod); break; }
    memcpy(use + strlen("@tpu_custom_call("), "%t,  ", 5); /* "%arg0" -> "%t,  " keeps the length */
    memmove(use + strlen("@tpu_custom_call(%t"), use + strlen("@tpu_custom_call(%t,  "), strlen(use + strlen("@tpu_custom_call(%t,  ")) + 1);
    tsr_mlir_module *mm = NULL;
    tsr_hlo_program *p = NULL;
    tsr_array out[2];
    tsr_hlo_stats st;
    CHECK_OK(tsr_mlir_parse_text(mod, strlen(mod), "donated.mlir", &mm));
    if (mm) CHECK_OK(tsr_hlo_compile(mm, &p));
    if (p && tsr_hlo_run(p, &(tsr_hlo_run_opts){.machine = m}, in, 2, out, &st) == TSR_OK) {
      int bad = 0;
      for (int i = 0; i < N; i++) bad += ((float *)out[0].data)[i] != -x[i] + 3.0f * y[i];
      if (kept)
        for (int i = 0; i < N; i++) bad += ((float *)out[1].data)[i] != -x[i];
      CHECK_EQ_INT(bad, 0);
      peak[kept] = st.peak_bytes;
      for (int i = 0; i < 1 + kept; i++) tsr_array_free(&out[i]);
    } else {
      CHECK(!"the donated-alias module runs");
    }
    tsr_hlo_program_destroy(p);
    tsr_mlir_module_destroy(mm);
    free(mod);
  }
  /* x, y and the one buffer of -x and the output; kept: the output's own beside them */
  CHECK_EQ_INT(peak[0], 3 * N * 4);
  CHECK_EQ_INT(peak[1], 4 * N * 4);
  free(text);
}

int main(void) {
  tsr_machine *m = machine("v5e");
  test_alias(m);
  test_alias_donated(m);
  test_no_results(m);
  test_prefetch(m);
  test_tpu_matmul_bits(m);
  test_bad_payloads();
  test_concurrent_runs();
  tsr_machine_destroy(m);
  return tsr_test_finish("test_hlo_kernel");
}
