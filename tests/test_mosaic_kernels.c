/* Mosaic kernels end to end: the seed kernel (Pallas text and the serialized body), the
 * conformance bodies (load without unsupported ops; the matmul against a C reference), and
 * the hand-written modules of tests/mosaic/. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MAP_NORESERVE */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "core/blas.h"
#include "harness.h"
#include "machine/machine_internal.h" /* a machine standing for a device after the first */
#include "tessera/check.h"
#include "tessera/mosaic.h"
#include "tessera/npy.h"

static tsr_mosaic_kernel *load(const char *path) {
  tsr_mlir_module *m = NULL;
  tsr_mosaic_kernel *k = NULL;
  tsr_status s = tsr_mlir_read_file(path, &m);
  if (s == TSR_OK) s = tsr_mlir_mosaic_view(m);
  if (s == TSR_OK) s = tsr_mosaic_kernel_create(m, &k);
  if (s != TSR_OK) fprintf(stderr, "%s: %s\n", path, tsr_last_error());
  CHECK(s == TSR_OK);
  tsr_mlir_module_destroy(m);
  return k;
}

static tsr_machine *machine(int cores) {
  tsr_machine_options o = {0};
  o.num_cores = cores;
  o.quiet = true;
  tsr_machine *m = NULL;
  CHECK_OK(tsr_machine_create(&o, &m));
  return m;
}

static void test_seed(const char *path, tsr_machine *m) {
  tsr_mosaic_kernel *k = load(path);
  if (!k) return;
  CHECK_EQ_INT(tsr_mosaic_kernel_num_inputs(k), 2);
  CHECK_EQ_INT(tsr_mosaic_kernel_num_outputs(k), 1);
  float x[8 * 128], y[8 * 128], o[8 * 128];
  tsr_test_fill(x, 1024, 1);
  tsr_test_fill(y, 1024, 2);
  int64_t sh[2] = {8, 128};
  tsr_ref in[2] = {tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sh), tsr_ref_dense(y, TSR_F32, TSR_HBM, 2, sh)};
  tsr_ref out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, sh);
  tsr_call_stats st;
  CHECK_OK(tsr_mosaic_kernel_run(m, k, in, 2, &out, 1, NULL, &st));
  int bad = 0;
  for (int i = 0; i < 1024; i++) bad += o[i] != x[i] + y[i];
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(st.dma.in, 2);
  CHECK_EQ_INT(st.dma.out, 1);
  /* a wrong operand count and a wrong shape are clear errors */
  CHECK_FAILS(tsr_mosaic_kernel_run(m, k, in, 1, &out, 1, NULL, NULL), TSR_ERR_INVALID, "inputs and outputs together");
  int64_t sh2[2] = {16, 64};
  tsr_ref bad_in[2] = {tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sh2), in[1]};
  CHECK_FAILS(tsr_mosaic_kernel_run(m, k, bad_in, 2, &out, 1, NULL, NULL), TSR_ERR_INVALID, "memref type");
  tsr_mosaic_kernel_destroy(k);
}

static void test_conformance_bodies(void) {
  const char *names[] = {"jax_mosaic_boolean_constant", "jax_mosaic_matmul", "jax_mosaic_semaphore_dma", "seed_pallas_add_8x128"};
  for (int i = 0; i < 4; i++) {
    char path[256];
    snprintf(path, sizeof path, "tests/conformance/mosaic_bodies/%s.mlirbc", names[i]);
    tsr_mosaic_kernel *k = load(path);
    tsr_mosaic_kernel_destroy(k);
  }
}

static void test_matmul_body(tsr_machine *m) {
  tsr_mosaic_kernel *k = load("tests/conformance/mosaic_bodies/jax_mosaic_matmul.mlirbc");
  if (!k) return;
  CHECK_EQ_INT(tsr_mosaic_kernel_num_inputs(k), 2);
  CHECK_EQ_INT(tsr_mosaic_kernel_num_outputs(k), 1);
  enum { M = 1024, K = 512, N = 256 };
  float *a = malloc(sizeof(float) * M * K), *b = malloc(sizeof(float) * K * N), *o = malloc(sizeof(float) * M * N);
  tsr_test_fill(a, M * K, 3);
  tsr_test_fill(b, K * N, 4);
  int64_t sa[2] = {M, K}, sb[2] = {K, N}, so[2] = {M, N};
  tsr_ref in[2] = {tsr_ref_dense(a, TSR_F32, TSR_HBM, 2, sa), tsr_ref_dense(b, TSR_F32, TSR_HBM, 2, sb)};
  tsr_ref out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, so);
  tsr_call_stats st;
  CHECK_OK(tsr_mosaic_kernel_run(m, k, in, 2, &out, 1, NULL, &st));
  /* The body's matmul has default precision: f32 operands pass the MXU as bf16, products
   * accumulate in f32, as on a TPU. */
  double worst = 0;
  for (int i = 0; i < M; i += 7)
    for (int j = 0; j < N; j += 3) {
      double ref = 0;
      for (int q = 0; q < K; q++)
        ref += (double)tsr_bf16_to_f32(tsr_f32_to_bf16(a[i * K + q])) *
               tsr_bf16_to_f32(tsr_f32_to_bf16(b[q * N + j]));
      double e = fabs(ref - o[i * N + j]);
      if (e > worst) worst = e;
    }
  CHECK(worst < 1e-3);
  CHECK_EQ_INT(st.steps, 8);
  free(a);
  free(b);
  free(o);
  tsr_mosaic_kernel_destroy(k);
}


static void test_matmul_acc(tsr_machine *m) {
  tsr_mosaic_kernel *k = load("tests/mosaic/matmul_acc.mlir");
  if (!k) return;
  enum { M = 256, N = 384, K = 512 };
  float *a = malloc(sizeof(float) * M * K), *b = malloc(sizeof(float) * K * N), *o = malloc(sizeof(float) * M * N);
  tsr_test_fill(a, M * K, 5);
  tsr_test_fill(b, K * N, 6);
  int64_t sa[2] = {M, K}, sb[2] = {K, N}, so[2] = {M, N};
  tsr_ref in[2] = {tsr_ref_dense(a, TSR_F32, TSR_HBM, 2, sa), tsr_ref_dense(b, TSR_F32, TSR_HBM, 2, sb)};
  tsr_ref shapes[1];
  CHECK_OK(tsr_mosaic_kernel_output_shapes(k, in, 2, NULL, shapes, 1));
  CHECK_EQ_INT(shapes[0].shape[0], M);
  CHECK_EQ_INT(shapes[0].shape[1], N);
  tsr_ref out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, so);
  tsr_call_stats st;
  CHECK_OK(tsr_mosaic_kernel_run(m, k, in, 2, &out, 1, NULL, &st));
  double worst = 0;
  for (int i = 0; i < M; i += 5)
    for (int j = 0; j < N; j += 3) {
      double ref = 0;
      for (int q = 0; q < K; q++) ref += (double)a[i * K + q] * b[q * N + j];
      double e = fabs(ref - o[i * N + j]);
      if (e > worst) worst = e;
    }
  CHECK(worst < 1e-3);
  CHECK_EQ_INT(st.steps, 24);
  CHECK_EQ_INT(st.dma.out, 6);
  /* the plan: without running the body */
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  tsr_ref nodata[2] = {tsr_ref_dense(NULL, TSR_F32, TSR_HBM, 2, sa), tsr_ref_dense(NULL, TSR_F32, TSR_HBM, 2, sb)};
  tsr_ref nodata_out = tsr_ref_dense(NULL, TSR_F32, TSR_HBM, 2, so);
  CHECK_OK(tsr_mosaic_kernel_describe(m, k, nodata, 2, &nodata_out, 1, NULL, 5, f));
  fclose(f);
  CHECK(text && strstr(text, "in0: (i, j, k) -> (i, k)"));
  CHECK(text && strstr(text, "step 1 (0, 0, 1): in0 (0, 1) fetch, in1 (1, 0) fetch, out0 (0, 0) keep"));
  CHECK(text && strstr(text, "step 3 (0, 0, 3): in0 (0, 3) fetch, in1 (3, 0) fetch, out0 (0, 0) write back"));
  if (getenv("TSR_VERBOSE") && text) fputs(text, stdout);
  free(text);
  free(a);
  free(b);
  free(o);
  tsr_mosaic_kernel_destroy(k);
}

/* The plan of kernel k on inputs `in` (2) and output `out`, from describe (malloc). */
static char *describe_text(tsr_machine *m, tsr_mosaic_kernel *k, const tsr_ref *in, const tsr_ref *out) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  CHECK_OK(tsr_mosaic_kernel_describe(m, k, in, 2, out, 1, NULL, 0, f));
  fclose(f);
  return text;
}

/* The largest difference between o (M x N) and double-precision dot products of a (M x K) and
 * b (K x N, or N x K when nt), over every third row and fifth column. */
static double sampled_worst(const float *a, const float *b, const float *o, int M, int N, int K, bool nt) {
  double worst = 0;
  for (int i = 0; i < M; i += 3)
    for (int j = 0; j < N; j += 5) {
      double ref = 0;
      for (int q = 0; q < K; q++) ref += (double)a[i * K + q] * (nt ? b[j * K + q] : b[q * N + j]);
      if (fabs(ref - o[i * N + j]) > worst) worst = fabs(ref - o[i * N + j]);
    }
  return worst;
}

/* Loads that only a matmul reads hand it their window in place, rows apart (alias.c), so the
 * inputs' strided (128, 128) blocks of wider arrays are views of HBM (strided_reads,
 * kernel.c): on an eager unwatched machine, a watched one and a late-DMA one (which copies),
 * the same bits, the same DMAs (as the grid pins them: a fetch of each input per step), and
 * the values of a plain C loop; the checkers find nothing. With the rhs stored transposed
 * (matmul_nt) too. */
static void test_matmul_strided_views(void) {
  static const char *const paths[2] = {"tests/mosaic/matmul_acc.mlir", "tests/mosaic/matmul_nt.mlir"};
  enum { M = 256, N = 384, K = 512 };
  float *a = malloc(sizeof(float) * M * K), *b = malloc(sizeof(float) * K * N), *o[3];
  tsr_test_fill(a, M * K, 11);
  tsr_test_fill(b, K * N, 12);
  tsr_machine *ms[3] = {NULL, NULL, NULL};
  tsr_machine_options mo = {.num_cores = 1, .quiet = true, .dma_mode = TSR_DMA_EAGER};
  CHECK_OK(tsr_machine_create(&mo, &ms[0]));
  CHECK_OK(tsr_machine_create(&mo, &ms[1]));
  mo.dma_mode = TSR_DMA_ON_WAIT;
  CHECK_OK(tsr_machine_create(&mo, &ms[2]));
  tsr_checker *ck = NULL;
  CHECK_OK(tsr_checker_create(TSR_CHECK_DEFAULT, &ck));
  CHECK_OK(tsr_checker_attach(ck, ms[1]));
  for (int v = 0; v < 2; v++) {
    tsr_mosaic_kernel *k = load(paths[v]);
    if (!k) continue;
    bool nt = v == 1; /* b holds y (N, K) */
    int64_t sa[2] = {M, K}, sb[2] = {nt ? N : K, nt ? K : N}, so[2] = {M, N};
    tsr_ref in[2] = {tsr_ref_dense(a, TSR_F32, TSR_HBM, 2, sa), tsr_ref_dense(b, TSR_F32, TSR_HBM, 2, sb)};
    tsr_ref plan_out = tsr_ref_dense(NULL, TSR_F32, TSR_HBM, 2, so);
    char *text = describe_text(ms[0], k, in, &plan_out);
    const char *in1 = text ? strstr(text, "in1    ") : NULL;
    CHECK(text && strstr(text, "in0    f32[256,512]       VMEM block (128, 128) x 2 buffer(s) = 131072 bytes, read-only, "
                               "strided reads"));
    CHECK(in1 && !strncmp(strstr(in1, "bytes, "), "bytes, read-only, strided reads", 31));
    free(text);
    tsr_call_stats st[3];
    for (int r = 0; r < 3; r++) {
      o[r] = calloc((size_t)M * N, sizeof(float));
      tsr_ref out = tsr_ref_dense(o[r], TSR_F32, TSR_HBM, 2, so);
      CHECK_OK(tsr_mosaic_kernel_run(ms[r], k, in, 2, &out, 1, NULL, &st[r]));
      CHECK(memcmp(o[r], o[0], sizeof(float) * M * N) == 0);
      CHECK(memcmp(&st[r].dma, &st[0].dma, sizeof st[0].dma) == 0);
    }
    CHECK_EQ_INT(st[0].steps, 24);
    CHECK_EQ_INT(st[0].dma.in, 2 * 24);
    CHECK_EQ_INT(st[0].dma.bytes_in, 2 * 24 * 128 * 128 * 4);
    CHECK_EQ_INT(st[0].dma.out, 6);
    CHECK(sampled_worst(a, b, o[0], M, N, K, nt) < 1e-3);
    for (int r = 0; r < 3; r++) free(o[r]);
    tsr_mosaic_kernel_destroy(k);
  }
  CHECK_EQ_INT(tsr_checker_count(ck), 0);
  tsr_checker_destroy(ck);
  for (int r = 0; r < 3; r++) tsr_machine_destroy(ms[r]);
  free(a);
  free(b);
}

/* The same with bf16 operands (matmul_acc_bf16): their loads hand the matmul the bf16 window
 * in place too (alias.c), which it widens as it makes the rows dense (ops_tpu.c), so the
 * inputs are strided_reads and their blocks views of HBM. On the three machines: the same
 * bits, the same DMAs (2-byte elements), the checkers finding nothing, and the bits of the
 * fp32 kernel (matmul_acc) on the operands' f32 widening (bf16 products are exact in f32). */
static void test_matmul_strided_views_bf16(void) {
  enum { M = 256, N = 384, K = 512 };
  float *a = malloc(sizeof(float) * M * K), *b = malloc(sizeof(float) * K * N), *want = calloc((size_t)M * N, 4);
  uint16_t *a16 = malloc(2 * (size_t)M * K), *b16 = malloc(2 * (size_t)K * N);
  float *o = calloc((size_t)M * N, sizeof(float));
  tsr_test_fill(a, M * K, 31);
  tsr_test_fill(b, K * N, 32);
  for (int i = 0; i < M * K; i++) a16[i] = tsr_f32_to_bf16(a[i]), a[i] = tsr_bf16_to_f32(a16[i]);
  for (int i = 0; i < K * N; i++) b16[i] = tsr_f32_to_bf16(b[i]), b[i] = tsr_bf16_to_f32(b16[i]);
  tsr_machine *ms[3] = {NULL, NULL, NULL};
  tsr_machine_options mo = {.num_cores = 1, .quiet = true, .dma_mode = TSR_DMA_EAGER};
  CHECK_OK(tsr_machine_create(&mo, &ms[0]));
  CHECK_OK(tsr_machine_create(&mo, &ms[1]));
  mo.dma_mode = TSR_DMA_ON_WAIT;
  CHECK_OK(tsr_machine_create(&mo, &ms[2]));
  tsr_checker *ck = NULL;
  CHECK_OK(tsr_checker_create(TSR_CHECK_DEFAULT, &ck));
  CHECK_OK(tsr_checker_attach(ck, ms[1]));
  int64_t sa[2] = {M, K}, sb[2] = {K, N}, so[2] = {M, N};
  tsr_ref in32[2] = {tsr_ref_dense(a, TSR_F32, TSR_HBM, 2, sa), tsr_ref_dense(b, TSR_F32, TSR_HBM, 2, sb)};
  tsr_ref in[2] = {tsr_ref_dense(a16, TSR_BF16, TSR_HBM, 2, sa), tsr_ref_dense(b16, TSR_BF16, TSR_HBM, 2, sb)};
  tsr_ref wout = tsr_ref_dense(want, TSR_F32, TSR_HBM, 2, so), out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, so);
  tsr_mosaic_kernel *k32 = load("tests/mosaic/matmul_acc.mlir"), *k = load("tests/mosaic/matmul_acc_bf16.mlir");
  if (k32 && k) {
    CHECK_OK(tsr_mosaic_kernel_run(ms[0], k32, in32, 2, &wout, 1, NULL, NULL));
    char *text = describe_text(ms[0], k, in, &out);
    CHECK(text && strstr(text, "in0    bf16[256,512]      VMEM block (128, 128) x 2 buffer(s) = 65536 bytes, read-only, "
                               "strided reads"));
    CHECK(text && strstr(text, "in1    bf16[512,384]      VMEM block (128, 128) x 2 buffer(s) = 65536 bytes, read-only, "
                               "strided reads"));
    free(text);
    for (int r = 0; r < 3; r++) {
      tsr_call_stats st;
      memset(o, 0, sizeof(float) * M * N);
      CHECK_OK(tsr_mosaic_kernel_run(ms[r], k, in, 2, &out, 1, NULL, &st));
      CHECK(memcmp(o, want, sizeof(float) * M * N) == 0);
      CHECK_EQ_INT(st.steps, 24);
      CHECK_EQ_INT(st.dma.in, 2 * 24);
      CHECK_EQ_INT(st.dma.bytes_in, 2 * 24 * 128 * 128 * 2);
      CHECK_EQ_INT(st.dma.out, 6);
    }
    CHECK(sampled_worst(a, b, o, M, N, K, false) < 1e-3);
  }
  tsr_mosaic_kernel_destroy(k32);
  tsr_mosaic_kernel_destroy(k);
  CHECK_EQ_INT(tsr_checker_count(ck), 0);
  tsr_checker_destroy(ck);
  for (int r = 0; r < 3; r++) tsr_machine_destroy(ms[r]);
  free(a); free(b); free(a16); free(b16); free(want); free(o);
}

/* o = x * y + 0.5 over strided (16, 128) blocks (add_rows): its loads feed elementwise ops
 * whose result one store writes whole, a row run (rows.c), so the inputs are read-only with
 * strided reads and their blocks are views of HBM, read a row at a time. Every way of running
 * it gives the bits of a plain C loop and the same DMAs: eager with host parts (accesses
 * reported), eager on one thread, unchunked (op by op, from the views), DMAs on wait (copies),
 * and the checkers attached (op by op, finding nothing). add_rows_shift's run stores into a
 * window overlapping its load's: it runs op by op, reading all rows before writing any. */
static void test_row_runs(void) {
  enum { M = 64, N = 512, R = 5 };
  float *x = malloc(sizeof(float) * M * N), *y = malloc(sizeof(float) * M * N), *o = malloc(sizeof(float) * M * N);
  float *want = malloc(sizeof(float) * M * N);
  tsr_test_fill(x, M * N, 21);
  tsr_test_fill(y, M * N, 22);
  for (int i = 0; i < M * N; i++) {
    volatile float m = x[i] * y[i]; /* rounded on its own, as the kernel's mulf: no fused multiply-add */
    want[i] = m + 0.5f;
  }
  tsr_machine *ms[R] = {NULL};
  tsr_machine_options mo[R] = {{.num_cores = 1, .quiet = true, .dma_mode = TSR_DMA_EAGER, .host_helpers = 3},
                               {.num_cores = 1, .quiet = true, .dma_mode = TSR_DMA_EAGER, .host_helpers = 0},
                               {.num_cores = 1, .quiet = true, .dma_mode = TSR_DMA_EAGER, .unchunked = true},
                               {.num_cores = 1, .quiet = true, .dma_mode = TSR_DMA_ON_WAIT},
                               {.num_cores = 1, .quiet = true, .dma_mode = TSR_DMA_EAGER}};
  for (int r = 0; r < R; r++) CHECK_OK(tsr_machine_create(&mo[r], &ms[r]));
  tsr_checker *ck = NULL;
  CHECK_OK(tsr_checker_create(TSR_CHECK_DEFAULT, &ck));
  CHECK_OK(tsr_checker_attach(ck, ms[R - 1]));
  int64_t sh[2] = {M, N};
  tsr_ref in[2] = {tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sh), tsr_ref_dense(y, TSR_F32, TSR_HBM, 2, sh)};
  tsr_ref out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, sh);
  tsr_mosaic_kernel *k = load("tests/mosaic/add_rows.mlir");
  if (k) {
    char *text = describe_text(ms[0], k, in, &out);
    CHECK(text && strstr(text, "in0    f32[64,512]        VMEM block (16, 128) x 2 buffer(s) = 16384 bytes, read-only, strided reads"));
    CHECK(text && strstr(text, "in1    f32[64,512]        VMEM block (16, 128) x 2 buffer(s) = 16384 bytes, read-only, strided reads"));
    free(text);
    for (int r = 0; r < R; r++) {
      tsr_call_stats st;
      memset(o, 0, sizeof(float) * M * N);
      CHECK_OK(tsr_mosaic_kernel_run(ms[r], k, in, 2, &out, 1, NULL, &st));
      CHECK(memcmp(o, want, sizeof(float) * M * N) == 0);
      CHECK_EQ_INT(st.steps, 16);
      CHECK_EQ_INT(st.dma.in, 2 * 16);
      CHECK_EQ_INT(st.dma.bytes_in, 2 * 16 * 16 * 128 * 4);
      CHECK_EQ_INT(st.dma.out, 16);
      CHECK_EQ_INT(st.dma.bytes_out, 16 * 16 * 128 * 4);
    }
    tsr_mosaic_kernel_destroy(k);
  }
  if ((k = load("tests/mosaic/add_rows_shift.mlir"))) {
    int64_t sz[2] = {16, 256};
    tsr_ref zin = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sz), zout = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, sz);
    for (int r = 0; r < R; r++) {
      CHECK_OK(tsr_mosaic_kernel_run(ms[r], k, &zin, 1, &zout, 1, NULL, NULL));
      int bad = 0;
      for (int i = 0; i < 16; i++)
        for (int j = 0; j < 256; j++) {
          float v = i >= 4 && i < 12 ? x[(i - 4) * 256 + j] + x[(i - 4) * 256 + j] : x[i * 256 + j];
          bad += memcmp(&o[i * 256 + j], &v, 4) != 0;
        }
      CHECK_EQ_INT(bad, 0);
    }
    tsr_mosaic_kernel_destroy(k);
  }
  CHECK_EQ_INT(tsr_checker_count(ck), 0);
  tsr_checker_destroy(ck);
  for (int r = 0; r < R; r++) tsr_machine_destroy(ms[r]);
  free(x);
  free(y);
  free(o);
  free(want);
}

/* The matmul blocks are cut into row bands that idle host CPUs share: the output's bits are
 * the same with no helpers, the default, more helpers than CPUs, and two simulated cores. */
static void test_matmul_helpers(void) {
  tsr_mosaic_kernel *k = load("tests/mosaic/matmul_acc.mlir");
  if (!k) return;
  enum { M = 256, N = 384, K = 512 };
  float *a = malloc(sizeof(float) * M * K), *b = malloc(sizeof(float) * K * N);
  float *o[4];
  tsr_test_fill(a, M * K, 7);
  tsr_test_fill(b, K * N, 8);
  int64_t sa[2] = {M, K}, sb[2] = {K, N}, so[2] = {M, N};
  tsr_ref in[2] = {tsr_ref_dense(a, TSR_F32, TSR_HBM, 2, sa), tsr_ref_dense(b, TSR_F32, TSR_HBM, 2, sb)};
  const struct { int cores, helpers; } setups[4] = {{1, -1}, {1, 0}, {1, 3}, {2, 0}};
  for (int v = 0; v < 4; v++) {
    o[v] = calloc((size_t)M * N, sizeof(float));
    tsr_machine_options mo = {.num_cores = setups[v].cores, .quiet = true, .host_helpers = setups[v].helpers};
    tsr_machine *m = NULL;
    CHECK_OK(tsr_machine_create(&mo, &m));
    tsr_ref out = tsr_ref_dense(o[v], TSR_F32, TSR_HBM, 2, so);
    CHECK_OK(tsr_mosaic_kernel_run(m, k, in, 2, &out, 1, NULL, NULL));
    tsr_machine_destroy(m);
    if (v) CHECK(memcmp(o[v], o[0], sizeof(float) * M * N) == 0);
  }
  CHECK(sampled_worst(a, b, o[1], M, N, K, false) < 1e-3);
  for (int v = 0; v < 4; v++) free(o[v]);
  free(a);
  free(b);
  tsr_mosaic_kernel_destroy(k);
}

/* A (128,128,128) block (2^21 multiply-adds) is one sgemm call, not two row bands: each
 * output block's bits are those of one whole-block call per K step (the product from zero,
 * one MXU pass, then added to the accumulator: ops_tpu.c), which a 64-row band's differ
 * from in the last bit; the values match a plain double loop. Bands start at 2^22 (ops_tpu.c,
 * MATMUL_BAND_MIN). */
static void test_matmul_block_one_call(void) {
  tsr_mosaic_kernel *k = load("tests/mosaic/matmul_acc.mlir");
  if (!k) return;
  enum { M = 256, N = 384, K = 512, B = 128 }; /* the kernel's grid (2, 3, 4) */
  float *a = malloc(sizeof(float) * M * K), *b = malloc(sizeof(float) * K * N);
  float *o = calloc((size_t)M * N, sizeof(float)), *want = calloc((size_t)M * N, sizeof(float));
  float *pass = malloc(sizeof(float) * B * B);
  tsr_test_fill(a, M * K, 21);
  tsr_test_fill(b, K * N, 22);
  int64_t sa[2] = {M, K}, sb[2] = {K, N}, so[2] = {M, N};
  tsr_ref in[2] = {tsr_ref_dense(a, TSR_F32, TSR_HBM, 2, sa), tsr_ref_dense(b, TSR_F32, TSR_HBM, 2, sb)};
  tsr_ref out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, so);
  tsr_machine_options mo = {.num_cores = 1, .quiet = true, .host_helpers = -1};
  tsr_machine *m = NULL;
  CHECK_OK(tsr_machine_create(&mo, &m));
  CHECK_OK(tsr_mosaic_kernel_run(m, k, in, 2, &out, 1, NULL, NULL));
  tsr_machine_destroy(m);
  CHECK_OK(blas_load());
  for (int i = 0; i < M; i += B)
    for (int j = 0; j < N; j += B)
      for (int q = 0; q < K; q += B) {
        blas_sgemm(false, false, B, B, B, 1.0f, a + i * K + q, K, b + q * N + j, N, 0.0f, pass, B);
        for (int r = 0; r < B; r++)
          for (int c = 0; c < B; c++) want[(i + r) * N + j + c] += pass[r * B + c];
      }
  CHECK(memcmp(o, want, sizeof(float) * M * N) == 0);
  CHECK(sampled_worst(a, b, o, M, N, K, false) < 1e-3);
  free(pass);
  free(a);
  free(b);
  free(o);
  free(want);
  tsr_mosaic_kernel_destroy(k);
}

static void test_dma_any(tsr_machine *m) {
  tsr_mosaic_kernel *k = load("tests/mosaic/dma_any.mlir");
  if (!k) return;
  CHECK_EQ_INT(tsr_mosaic_kernel_num_inputs(k), 1);
  float x[64 * 128], o[64 * 128];
  tsr_test_fill(x, 64 * 128, 7);
  int64_t sh[2] = {64, 128};
  tsr_ref in = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sh), out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, sh);
  CHECK_OK(tsr_mosaic_kernel_run(m, k, &in, 1, &out, 1, NULL, NULL));
  int bad = 0;
  for (int i = 0; i < 64 * 128; i++) bad += o[i] != 2 * x[i];
  CHECK_EQ_INT(bad, 0);
  tsr_mosaic_kernel_destroy(k);
}

/* A SparseCore subcore's indexed DMAs (sc_gather_scatter.mlir): a gather with its offsets
 * as a vector, a scatter with them in a VMEM ref, o[perm[i]] = x[idx[i]] against a C loop,
 * in every DMA mode and under the checkers (no finding); an offset past the array is an error
 * that names it. */
static void test_sc_gather_scatter(void) {
  float x[64 * 128], o[16 * 128];
  int32_t idx[16], perm[16];
  tsr_test_fill(x, 64 * 128, 11);
  for (int i = 0; i < 16; i++) idx[i] = (i * 37 + 5) % 64, perm[i] = (i * 7 + 3) % 16;
  int64_t sx[2] = {64, 128}, so[2] = {16, 128}, si[1] = {16};
  tsr_ref in[3] = {tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sx), tsr_ref_dense(idx, TSR_I32, TSR_HBM, 1, si),
                   tsr_ref_dense(perm, TSR_I32, TSR_HBM, 1, si)};
  tsr_ref out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, so);
  tsr_mosaic_kernel *k = load("tests/mosaic/sc_gather_scatter.mlir");
  if (!k) return;
  static const tsr_dma_mode modes[3] = {TSR_DMA_EAGER, TSR_DMA_ON_WAIT, TSR_DMA_RANDOM};
  for (int r = 0; r < 4; r++) {
    tsr_machine_options mo = {.num_cores = 1, .quiet = true, .dma_mode = modes[r % 3]};
    tsr_machine *m = NULL;
    CHECK_OK(tsr_machine_create(&mo, &m));
    tsr_checker *ck = NULL;
    if (r == 3) {
      CHECK_OK(tsr_checker_create(TSR_CHECK_ALL, &ck));
      CHECK_OK(tsr_checker_attach(ck, m));
    }
    memset(o, 0, sizeof o);
    CHECK_OK(tsr_mosaic_kernel_run(m, k, in, 3, &out, 1, NULL, NULL));
    int bad = 0;
    for (int i = 0; i < 16; i++)
      for (int c = 0; c < 128; c++) bad += o[perm[i] * 128 + c] != x[idx[i] * 128 + c];
    CHECK_EQ_INT(bad, 0);
    if (ck) {
      CHECK_EQ_INT(tsr_checker_count(ck), 0);
      tsr_checker_destroy(ck);
    }
    if (r == 0) {
      idx[9] = 64;
      CHECK_FAILS(tsr_mosaic_kernel_run(m, k, in, 3, &out, 1, NULL, NULL), TSR_ERR_BOUNDS,
                  "offset 64 (entry 9 of the offsets) is outside the 64 rows of the source");
      idx[9] = (9 * 37 + 5) % 64;
    }
    tsr_machine_destroy(m);
  }
  tsr_mosaic_kernel_destroy(k);
}

/* An HBM operand of more than 2^31 elements (dma_big_any.mlir): 10 GiB of address space with
 * no memory behind it but the pages the test writes and the kernel reads, its last 8 rows, past
 * element 2^31. A memref past 2^44 elements, the bound of every array from outside, and a
 * kernel of more operands than TSR_MAX_OPERANDS are refused naming the limit. */
static void test_dma_big_any(tsr_machine *m) {
  tsr_mosaic_kernel *k = load("tests/mosaic/dma_big_any.mlir");
  if (!k) return;
  const int64_t rows = 2621440, cols = 1024;
  size_t bytes = (size_t)(rows * cols) * sizeof(float);
  float *x = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  CHECK(x != MAP_FAILED);
  if (x != MAP_FAILED) {
    float *tail = x + (rows - 8) * cols, o[8 * 1024];
    tsr_test_fill(tail, 8 * 1024, 5);
    int64_t sh[2] = {rows, cols}, osh[2] = {8, cols};
    tsr_ref in = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sh), out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, osh);
    CHECK_OK(tsr_mosaic_kernel_run(m, k, &in, 1, &out, 1, NULL, NULL));
    int bad = 0;
    for (int i = 0; i < 8 * 1024; i++) bad += o[i] != 2 * tail[i];
    CHECK_EQ_INT(bad, 0);
    munmap(x, bytes);
  }
  tsr_mosaic_kernel_destroy(k);
  char text[8192];
  snprintf(text, sizeof text,
           "module {\n  func.func @k(%%x: memref<4194304x4194305xi8, #tpu.memory_space<any>>) attributes "
           "{dimension_semantics = []} {\n    return\n  }\n}\n");
  tsr_mlir_module *mod = NULL;
  CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "huge.mlir", &mod));
  CHECK_FAILS(tsr_mosaic_kernel_create(mod, &k), TSR_ERR_UNSUPPORTED, "(a memref of more than 2^44 elements)");
  tsr_mlir_module_destroy(mod);
  int n = snprintf(text, sizeof text, "module {\n  func.func @k(");
  for (int i = 0; i <= TSR_MAX_OPERANDS; i++)
    n += snprintf(text + n, sizeof text - (size_t)n, "%s%%a%d: memref<8xf32, #tpu.memory_space<any>>", i ? ", " : "", i);
  snprintf(text + n, sizeof text - (size_t)n, ") attributes {dimension_semantics = []} {\n    return\n  }\n}\n");
  CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "many.mlir", &mod));
  CHECK_FAILS(tsr_mosaic_kernel_create(mod, &k), TSR_ERR_UNSUPPORTED,
              "kernel @k has 65 input and output operands, over the limit of 64 (TSR_MAX_OPERANDS)");
  tsr_mlir_module_destroy(mod);
}

/* Host-memory operands, passed whole: x (host) reaches y (HBM) and z (host) through the
 * kernel's two DMAs, bit for bit; the checkers find nothing. */
static void test_dma_host(void) {
  tsr_mosaic_kernel *k = load("tests/mosaic/dma_host.mlir");
  if (!k) return;
  tsr_machine *m = machine(1);
  CHECK_EQ_INT(tsr_mosaic_kernel_num_inputs(k), 1);
  tsr_checker *ck = NULL;
  CHECK_OK(tsr_checker_create(TSR_CHECK_DEFAULT, &ck));
  CHECK_OK(tsr_checker_attach(ck, m));
  static float x[8 * 128], y[8 * 128], z[8 * 128];
  tsr_test_fill(x, 8 * 128, 9);
  int64_t sh[2] = {8, 128};
  tsr_ref in = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sh);
  tsr_ref out[2] = {tsr_ref_dense(y, TSR_F32, TSR_HBM, 2, sh), tsr_ref_dense(z, TSR_F32, TSR_HBM, 2, sh)};
  CHECK_OK(tsr_mosaic_kernel_run(m, k, &in, 1, out, 2, NULL, NULL));
  CHECK(!memcmp(y, x, sizeof x));
  CHECK(!memcmp(z, x, sizeof x));
  CHECK_EQ_INT(tsr_checker_count(ck), 0);
  tsr_machine_destroy(m);
  tsr_checker_destroy(ck);
  tsr_mosaic_kernel_destroy(k);
}

/* Semaphore operands (pltpu.SemaphoreType in a pallas_call's out_shape): sem_out_start
 * starts a DMA on its DMA-semaphore output without waiting and signals a regular one; its
 * outputs hold the counts (the DMA's bytes, 8 x 128 x 4; the signal, 5) and the DMA has
 * landed by its end, in either DMA order. sem_in_wait takes them as inputs: it waits for
 * the DMA and takes 2 of the signal (3 left, handed on through the aliased output). The
 * checkers find nothing: what the operands carry in and out balances. */
static void test_semaphore_operands(void) {
  tsr_mosaic_kernel *ka = load("tests/mosaic/sem_out_start.mlir"), *kb = load("tests/mosaic/sem_in_wait.mlir");
  if (!ka || !kb) {
    tsr_mosaic_kernel_destroy(ka);
    tsr_mosaic_kernel_destroy(kb);
    return;
  }
  static float x[16 * 128], o[16 * 128];
  tsr_test_fill(x, 16 * 128, 5);
  int64_t sh[2] = {16, 128}, two = 2;
  for (int order = 0; order < 2; order++) {
    tsr_machine_options mo = {.num_cores = 2, .quiet = true, .dma_mode = order ? TSR_DMA_ON_WAIT : TSR_DMA_EAGER};
    tsr_machine *m = NULL;
    CHECK_OK(tsr_machine_create(&mo, &m));
    tsr_checker *ck = NULL;
    CHECK_OK(tsr_checker_create(TSR_CHECK_DEFAULT, &ck));
    CHECK_OK(tsr_checker_attach(ck, m));
    for (int i = 0; i < 16 * 128; i++) o[i] = -1.0f;
    int32_t dsem = 77, rsem[2] = {77, 77};
    tsr_ref xr = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sh);
    tsr_ref outs[3] = {tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, sh), tsr_ref_dense(&dsem, TSR_I32, TSR_HBM, 0, sh),
                       tsr_ref_dense(rsem, TSR_I32, TSR_HBM, 1, &two)};
    CHECK_OK(tsr_mosaic_kernel_run(m, ka, &xr, 1, outs, 3, NULL, NULL));
    CHECK_EQ_INT(dsem, 8 * 128 * 4);
    CHECK_EQ_INT(rsem[0], 0);
    CHECK_EQ_INT(rsem[1], 5);
    int bad = 0;
    for (int i = 0; i < 16 * 128; i++) bad += o[i] != (i < 8 * 128 ? -1.0f : x[i - 8 * 128]);
    CHECK_EQ_INT(bad, 0);
    tsr_ref ins[4] = {xr, outs[0], outs[1], outs[2]}, bouts[2] = {outs[0], outs[2]};
    tsr_alias al[2] = {{1, 0}, {3, 1}};
    tsr_mosaic_call_opts co = {.aliases = al, .num_aliases = 2};
    CHECK_OK(tsr_mosaic_kernel_run(m, kb, ins, 4, bouts, 2, &co, NULL));
    CHECK_EQ_INT(rsem[1], 3);
    CHECK_EQ_INT(dsem, 8 * 128 * 4); /* an input only: its array is not written */
    CHECK_EQ_INT(tsr_checker_count(ck), 0);
    /* without the DMA's bytes, the wait never ends */
    dsem = 8 * 128 * 4 - 1;
    CHECK_FAILS(tsr_mosaic_kernel_run(m, kb, ins, 4, bouts, 2, &co, NULL), TSR_ERR_DEADLOCK, "DMA wait");
    dsem = 8 * 128 * 4;
    rsem[1] = -1;
    CHECK_FAILS(tsr_mosaic_kernel_run(m, kb, ins, 4, bouts, 2, &co, NULL), TSR_ERR_SEMAPHORE, "negative count");
    tsr_checker_destroy(ck);
    tsr_machine_destroy(m);
  }
  tsr_machine *m = machine(1);
  int32_t dsem = 0, rsem[2] = {0, 0};
  float frsem[2];
  tsr_ref xr = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sh), or = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, sh);
  tsr_ref dr = tsr_ref_dense(&dsem, TSR_I32, TSR_HBM, 0, sh), rr = tsr_ref_dense(rsem, TSR_I32, TSR_HBM, 1, &two);
  /* a DMA in flight on a semaphore that is an input only: nobody can wait for it */
  tsr_ref ins[3] = {xr, or, dr};
  CHECK_FAILS(tsr_mosaic_kernel_run(m, ka, ins, 3, &rr, 1, NULL, NULL), TSR_ERR_SEMAPHORE, "never waited for");
  tsr_ref outs[3] = {or, dr, tsr_ref_dense(frsem, TSR_F32, TSR_HBM, 1, &two)};
  CHECK_FAILS(tsr_mosaic_kernel_run(m, ka, &xr, 1, outs, 3, NULL, NULL), TSR_ERR_INVALID, "int32 counts");
  tsr_machine_destroy(m);
  tsr_mosaic_kernel_destroy(ka);
  tsr_mosaic_kernel_destroy(kb);
}

/* DMAs of slices whose row count is read at run time (memref<?x128xf32>): rows [0, n) of x,
 * doubled, land in rows [16 - n, 16) of o and nothing else of o is written; an n past the
 * array's rows is a bounds error, not a copy. */
static void test_dma_dynamic(tsr_machine *m) {
  tsr_mosaic_kernel *k = load("tests/mosaic/dma_dynamic.mlir");
  if (!k) return;
  float x[16 * 128], o[16 * 128];
  tsr_test_fill(x, 16 * 128, 11);
  int64_t one = 1, sh[2] = {16, 128};
  int bad = 0;
  for (int32_t n = 0; n <= 16; n += 3) {
    for (int i = 0; i < 16 * 128; i++) o[i] = -7.0f;
    tsr_ref in[2] = {tsr_ref_dense(&n, TSR_I32, TSR_HBM, 1, &one), tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sh)};
    tsr_ref out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, sh);
    CHECK_OK(tsr_mosaic_kernel_run(m, k, in, 2, &out, 1, NULL, NULL));
    for (int r = 0; r < 16; r++)
      for (int c = 0; c < 128; c++) {
        float want = r >= 16 - n ? 2 * x[(r - (16 - n)) * 128 + c] : -7.0f;
        bad += o[r * 128 + c] != want;
      }
  }
  CHECK_EQ_INT(bad, 0);
  int32_t n = 17;
  tsr_ref in[2] = {tsr_ref_dense(&n, TSR_I32, TSR_HBM, 1, &one), tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sh)};
  tsr_ref out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, sh);
  CHECK_FAILS(tsr_mosaic_kernel_run(m, k, in, 2, &out, 1, NULL, NULL), TSR_ERR_BOUNDS, "[0, 17) of");
  tsr_mosaic_kernel_destroy(k);
  /* a vector load has no static shape to read from such a slice: refused when it loads */
  const char *text =
      "module {\n  func.func @k(%n: i32, %a: memref<16x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = []} {\n"
      "    %c0 = arith.constant 0 : i32\n    %i0 = arith.constant 0 : index\n"
      "    %s = \"tpu.memref_slice\"(%a, %c0, %c0, %n) {operandSegmentSizes = array<i32: 1, 2, 1>} : (memref<16x128xf32, "
      "#tpu.memory_space<vmem>>, i32, i32, i32) -> memref<?x128xf32, #tpu.memory_space<vmem>>\n"
      "    %v = vector.load %s[%i0, %i0] : memref<?x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32> loc(\"k.py\":3:1)\n"
      "    return\n  }\n}\n";
  tsr_mlir_module *mod = NULL;
  CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "dyn.mlir", &mod));
  CHECK_FAILS(tsr_mosaic_kernel_create(mod, &k), TSR_ERR_UNSUPPORTED,
              "op vector.load at k.py:3:1: operand 0 of type memref<?x128xf32, #tpu.memory_space<vmem>>");
  tsr_mlir_module_destroy(mod);
}

/* A call with disable_bounds_checks (unchecked_bounds.mlir): a load, a store and a DMA slice
 * that reach outside their refs do the part inside; the load reads poison (all bits set) for
 * the rest, the store and the DMA leave the rest of their targets as they were. Without the
 * option the same call is a bounds error. Expected values from C loops over x. */
static void test_unchecked_bounds(tsr_machine *m) {
  tsr_mosaic_kernel *k = load("tests/mosaic/unchecked_bounds.mlir");
  if (!k) return;
  enum { R = 16, C = 128 };
  static float x[R * C], a[R * C], o[8 * C], p[R * C], q[8 * C];
  tsr_test_fill(x, R * C, 17);
  tsr_test_fill(a, R * C, 19);
  int64_t two = 2, sx[2] = {R, C}, so[2] = {8, C};
  const int32_t cases[][2] = {{12, 12}, {100, 16}, {-3, 0}, {4, 9}};
  tsr_mosaic_call_opts unchecked = {.disable_bounds_checks = true};
  int bad = 0;
  for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
    int32_t ij[2] = {cases[t][0], cases[t][1]}, i = ij[0], j = ij[1];
    tsr_ref in[3] = {tsr_ref_dense(ij, TSR_I32, TSR_HBM, 1, &two), tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sx),
                     tsr_ref_dense(a, TSR_F32, TSR_HBM, 2, sx)};
    tsr_ref out[3] = {tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, so), tsr_ref_dense(p, TSR_F32, TSR_HBM, 2, sx),
                      tsr_ref_dense(q, TSR_F32, TSR_HBM, 2, so)};
    bool inside = i >= 0 && i + 8 <= R && j + 8 <= R;
    if (!inside) CHECK_FAILS(tsr_mosaic_kernel_run(m, k, in, 3, out, 3, NULL, NULL), TSR_ERR_BOUNDS, "out of bounds");
    CHECK_OK(tsr_mosaic_kernel_run(m, k, in, 3, out, 3, &unchecked, NULL));
    for (int r = 0; r < 8; r++)
      for (int c = 0; c < C; c++) {
        uint32_t got, want = 0xFFFFFFFFu;
        memcpy(&got, &o[r * C + c], 4);
        if (i + r >= 0 && i + r < R) memcpy(&want, &x[(i + r) * C + c], 4);
        bad += got != want;
        bad += q[r * C + c] != (j + r < R ? a[(j + r) * C + c] : -5.0f);
      }
    for (int r = 0; r < R; r++)
      for (int c = 0; c < C; c++) bad += p[r * C + c] != (r - i >= 0 && r - i < 8 ? x[(r - i) * C + c] : -1.0f);
  }
  CHECK_EQ_INT(bad, 0);
  tsr_mosaic_kernel_destroy(k);
}

/* DMAs of an edge block rounded up into the tile padding (dma_padded.mlir): the 4 x 72
 * elements inside f32[20,200] move, doubled, and nothing else of o changes; a window past the
 * padding, or into the padding of a VMEM ref, stays a bounds error. */
static void test_dma_padded(tsr_machine *m) {
  tsr_mosaic_kernel *k = load("tests/mosaic/dma_padded.mlir");
  if (!k) return;
  enum { R = 20, C = 200 };
  float *x = malloc(sizeof(float) * R * C), *o = malloc(sizeof(float) * R * C);
  tsr_test_fill(x, R * C, 13);
  for (int i = 0; i < R * C; i++) o[i] = -7.0f;
  int64_t sx[3] = {1, R, C}, so[2] = {R, C};
  tsr_ref in = tsr_ref_dense(x, TSR_F32, TSR_HBM, 3, sx), out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, so);
  CHECK_OK(tsr_mosaic_kernel_run(m, k, &in, 1, &out, 1, NULL, NULL));
  int bad = 0;
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++) bad += o[r * C + c] != (r >= 16 && c >= 128 ? 2 * x[r * C + c] : -7.0f);
  CHECK_EQ_INT(bad, 0);
  tsr_mosaic_kernel_destroy(k);
  free(x);
  free(o);
  /* rows [16, 32) of 20 reach past the padding (to 24); a VMEM ref has no padding to reach */
  const char *texts[2] = {
      "module {\n  func.func @k(%a: memref<20x200xf32, #tpu.memory_space<any>>, %b: memref<16x128xf32, #tpu.memory_space<vmem>>, "
      "%s: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [], scratch_operands = 2 : i64} {\n"
      "    %r = arith.constant 16 : i32\n    %c = arith.constant 0 : i32\n"
      "    %w = \"tpu.memref_slice\"(%a, %r, %c) {operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<20x200xf32, "
      "#tpu.memory_space<any>>, i32, i32) -> memref<16x128xf32, #tpu.memory_space<any>>\n"
      "    \"tpu.enqueue_dma\"(%w, %b, %s) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>} : (memref<16x128xf32, #tpu.memory_space<any>>, "
      "memref<16x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()\n"
      "    return\n  }\n}\n",
      "module {\n  func.func @k(%a: memref<20x200xf32, #tpu.memory_space<any>>, %v: memref<20x200xf32, #tpu.memory_space<vmem>>) "
      "attributes {dimension_semantics = [], scratch_operands = 1 : i64} {\n"
      "    %r = arith.constant 16 : i32\n    %c = arith.constant 0 : i32\n"
      "    %w = \"tpu.memref_slice\"(%v, %r, %c) {operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<20x200xf32, "
      "#tpu.memory_space<vmem>>, i32, i32) -> memref<8x128xf32, #tpu.memory_space<vmem>>\n"
      "    return\n  }\n}\n"};
  for (int t = 0; t < 2; t++) {
    tsr_mlir_module *mod = NULL;
    CHECK_OK(tsr_mlir_parse_text(texts[t], strlen(texts[t]), "pad.mlir", &mod));
    tsr_mosaic_kernel *bk = NULL;
    CHECK_OK(tsr_mosaic_kernel_create(mod, &bk));
    float a[R * C] = {0};
    tsr_ref ain = tsr_ref_dense(a, TSR_F32, TSR_HBM, 2, so);
    if (bk) CHECK_FAILS(tsr_mosaic_kernel_run(m, bk, &ain, 1, NULL, 0, NULL, NULL), TSR_ERR_BOUNDS, t ? "[16, 24) of" : "[16, 32) of");
    tsr_mosaic_kernel_destroy(bk);
    tsr_mlir_module_destroy(mod);
  }
}

/* DMAs of packed views (dma_packed.mlir) against the packing written out as C loops: o1's
 * element (i, j, l) is half j (low first) of x's word (2 + i, 0, 128 + l); o2's row 2r + j at
 * lane l is half j of y's word (r, l). Every output element is checked, so a copy in the
 * memory's order instead of the view's fails. */
static void test_dma_packed(tsr_machine *m) {
  tsr_mosaic_kernel *k = load("tests/mosaic/dma_packed.mlir");
  if (!k) return;
  static uint32_t x[8][1][256], y[2][128];
  static uint16_t o1[4][2][128], o2[4][128];
  for (int r = 0; r < 8; r++)
    for (int l = 0; l < 256; l++) x[r][0][l] = (uint32_t)(r * 256 + l) * 0x10001u ^ 0x80000000u;
  for (int r = 0; r < 2; r++)
    for (int l = 0; l < 128; l++) y[r][l] = 0x3F800000u + (uint32_t)(r << 20) + (uint32_t)l * 0x10003u;
  tsr_ref ops[4] = {tsr_ref_dense(x, TSR_I32, TSR_HBM, 3, (int64_t[]){8, 1, 256}), tsr_ref_dense(y, TSR_I32, TSR_HBM, 2, (int64_t[]){2, 128}),
                    tsr_ref_dense(o1, TSR_I16, TSR_HBM, 3, (int64_t[]){4, 2, 128}), tsr_ref_dense(o2, TSR_BF16, TSR_HBM, 2, (int64_t[]){4, 128})};
  CHECK_OK(tsr_mosaic_kernel_run(m, k, ops, 2, ops + 2, 2, NULL, NULL));
  int bad = 0;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 2; j++)
      for (int l = 0; l < 128; l++) bad += o1[i][j][l] != (uint16_t)(x[2 + i][0][128 + l] >> (16 * j));
  for (int r = 0; r < 2; r++)
    for (int j = 0; j < 2; j++)
      for (int l = 0; l < 128; l++) bad += o2[2 * r + j][l] != (uint16_t)(y[r][l] >> (16 * j));
  CHECK_EQ_INT(bad, 0);
  tsr_mosaic_kernel_destroy(k);
}

/* pl.num_programs in an index map (tpu.iteration_bound), on a dynamic grid of G steps: step
 * i reads block G - 1 - i of x and writes block i of o, so o is x's first G blocks in reverse
 * order, G being the call's bound, not one fixed when the kernel was compiled. Inline, not in
 * tests/mosaic/: a bare kernel with a dynamic grid does not run alone (test_op_registry runs
 * every file there). */
static const char num_programs_map[] =
    "module @num_programs_map {\n"
    "  func.func @kernel(%i: i32, %x: memref<8x128xi32, #tpu.memory_space<vmem>>, "
    "%o: memref<8x128xi32, #tpu.memory_space<vmem>>) "
    "attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], "
    "iteration_bounds = array<i64: -9223372036854775808>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, "
    "window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 8, 128>}, "
    "{transform_indices = @transform_1, window_bounds = array<i64: 8, 128>}]} {\n"
    "    %c0 = arith.constant 0 : index\n"
    "    %v = vector.load %x[%c0, %c0] : memref<8x128xi32, #tpu.memory_space<vmem>>, vector<8x128xi32>\n"
    "    vector.store %v, %o[%c0, %c0] : memref<8x128xi32, #tpu.memory_space<vmem>>, vector<8x128xi32>\n"
    "    return\n"
    "  }\n"
    "  func.func @transform_0(%i: i32) -> (i32, i32) {\n"
    "    %c0 = arith.constant 0 : i32\n"
    "    %c1 = arith.constant 1 : i32\n"
    "    %n = \"tpu.iteration_bound\"() {dim = 0 : i32} : () -> i32\n"
    "    %last = arith.subi %n, %c1 : i32\n"
    "    %b = arith.subi %last, %i : i32\n"
    "    return %b, %c0 : i32, i32\n"
    "  }\n"
    "  func.func @transform_1(%i: i32) -> (i32, i32) {\n"
    "    %c0 = arith.constant 0 : i32\n"
    "    return %i, %c0 : i32, i32\n"
    "  }\n"
    "}\n";

/* The kernel above for two bounds against a C loop; a map reading a grid dimension the grid
 * lacks is an error. */
static void test_num_programs_map(tsr_machine *m) {
  static char text[sizeof num_programs_map];
  memcpy(text, num_programs_map, sizeof text);
  tsr_mlir_module *mod = NULL;
  tsr_mosaic_kernel *k = NULL;
  CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "num_programs_map.mlir", &mod));
  CHECK_OK(tsr_mosaic_kernel_create(mod, &k));
  tsr_mlir_module_destroy(mod);
  if (!k) return;
  static int32_t x[32][128], o[32][128];
  for (int r = 0; r < 32; r++)
    for (int l = 0; l < 128; l++) x[r][l] = r * 1000 + l;
  for (int64_t g = 4; g >= 2; g -= 2) {
    memset(o, 0, sizeof o);
    tsr_ref in = tsr_ref_dense(x, TSR_I32, TSR_HBM, 2, (int64_t[]){32, 128});
    tsr_ref out = tsr_ref_dense(o, TSR_I32, TSR_HBM, 2, (int64_t[]){8 * g, 128});
    tsr_mosaic_call_opts opts = {.dynamic_bounds = &g, .num_dynamic_bounds = 1};
    CHECK_OK(tsr_mosaic_kernel_run(m, k, &in, 1, &out, 1, &opts, NULL));
    int bad = 0;
    for (int r = 0; r < 8 * g; r++)
      for (int l = 0; l < 128; l++) bad += o[r][l] != x[(g - 1 - r / 8) * 8 + r % 8][l];
    CHECK_EQ_INT(bad, 0);
  }
  tsr_mosaic_kernel_destroy(k);
  k = NULL;
  /* the same kernel with its map asking for dimension 1 of a 1-d grid */
  char *dim = strstr(text, "dim = 0");
  CHECK(dim != NULL);
  if (!dim) return;
  dim[6] = '1';
  CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "num_programs_map.mlir", &mod));
  CHECK_OK(tsr_mosaic_kernel_create(mod, &k));
  tsr_mlir_module_destroy(mod);
  int64_t g = 2;
  tsr_ref in = tsr_ref_dense(x, TSR_I32, TSR_HBM, 2, (int64_t[]){32, 128});
  tsr_ref out = tsr_ref_dense(o, TSR_I32, TSR_HBM, 2, (int64_t[]){16, 128});
  tsr_mosaic_call_opts opts = {.dynamic_bounds = &g, .num_dynamic_bounds = 1};
  if (k) CHECK_FAILS(tsr_mosaic_kernel_run(m, k, &in, 1, &out, 1, &opts, NULL), TSR_ERR_INVALID, "dim 1 but the grid has rank 1");
  tsr_mosaic_kernel_destroy(k);
}

/* What the pipeline's events show of a run (test_marks). */
typedef struct mark_log {
  int kernels, step_begins, step_ends, body_begins, body_ends, dma_in, dma_out, skips_out, other_dmas;
  int64_t steps[16], bytes_in, bytes_out, skip_step;
  double vpu_ops, vector_bytes;
} mark_log;

static void mark_event(void *user, const tsr_event *ev) {
  mark_log *l = user;
  switch (ev->kind) {
  case TSR_EV_KERNEL_BEGIN: l->kernels++; break;
  case TSR_EV_STEP_BEGIN:
    if (l->step_begins < 16) l->steps[l->step_begins] = ev->step;
    l->step_begins++;
    break;
  case TSR_EV_STEP_END: l->step_ends++; break;
  case TSR_EV_BODY_BEGIN: l->body_begins++; break;
  case TSR_EV_BODY_END:
    l->body_ends++;
    l->vpu_ops += ev->cost->vpu_ops;
    l->vector_bytes += ev->cost->vector_bytes;
    break;
  case TSR_EV_DMA_START:
    if (ev->dir == TSR_DMA_IN && ev->operand == 0) { l->dma_in++; l->bytes_in += ev->bytes; }
    else if (ev->dir == TSR_DMA_OUT && ev->operand == 0) { l->dma_out++; l->bytes_out += ev->bytes; }
    else l->other_dmas++;
    break;
  case TSR_EV_DMA_SKIP:
    if (ev->dir == TSR_DMA_OUT && ev->operand == 0) { l->skips_out++; l->skip_step = ev->step; }
    break;
  default: break;
  }
}

/* A kernel that moves its own blocks, marked as `tessera lower` marks one: the events are the
 * pipeline's (docs/lowering.md "Marks"): 8 steps numbered 0..7, one body each charged with its
 * own ops only (a body nested in a body is plain: the addf's 1024 element-ops and the chunk
 * loaded and stored, 2 x 4096 bytes), copies in and out of operand 0, the last write-back
 * skipped; the data as the kernel moves it. */
static void test_marks(void) {
  tsr_mosaic_kernel *k = load("tests/mosaic/dma_marked.mlir");
  if (!k) return;
  tsr_machine *m = machine(1);
  mark_log l = {.skip_step = -1};
  tsr_observer ob = {.user = &l, .on_event = mark_event};
  CHECK_OK(tsr_machine_add_observer(m, &ob));
  float x[64 * 128], o[64 * 128];
  tsr_test_fill(x, 64 * 128, 9);
  for (int i = 0; i < 64 * 128; i++) o[i] = -1.0f;
  int64_t sh[2] = {64, 128};
  tsr_ref in = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sh), out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, sh);
  CHECK_OK(tsr_mosaic_kernel_run(m, k, &in, 1, &out, 1, NULL, NULL));
  int bad = 0;
  for (int i = 0; i < 64 * 128; i++) bad += o[i] != (i < 56 * 128 ? 2 * x[i] : -1.0f);
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(l.kernels, 1);
  CHECK_EQ_INT(l.step_begins, 8); /* the kernel's own single step emits none */
  CHECK_EQ_INT(l.step_ends, 8);
  for (int i = 0; i < 8; i++) CHECK_EQ_INT(l.steps[i], i);
  CHECK_EQ_INT(l.body_begins, 8);
  CHECK_EQ_INT(l.body_ends, 8);
  CHECK(l.vpu_ops == 8 * 1024.0);
  CHECK(l.vector_bytes == 8 * 2 * 4096.0);
  CHECK_EQ_INT(l.dma_in, 8);
  CHECK_EQ_INT(l.bytes_in, 8 * 4096);
  CHECK_EQ_INT(l.dma_out, 7);
  CHECK_EQ_INT(l.bytes_out, 7 * 4096);
  CHECK_EQ_INT(l.skips_out, 1);
  CHECK_EQ_INT(l.skip_step, 7);
  CHECK_EQ_INT(l.other_dmas, 0);
  tsr_machine_destroy(m);
  tsr_mosaic_kernel_destroy(k);
}

static void test_row_sum(tsr_machine *m) {
  tsr_mosaic_kernel *k = load("tests/mosaic/row_sum.mlir");
  if (!k) return;
  CHECK_EQ_INT(tsr_mosaic_kernel_num_outputs(k), 2);
  float x[32 * 256], o[32 * 128];
  int32_t am[32 * 128];
  tsr_test_fill(x, 32 * 256, 8);
  int64_t sx[2] = {32, 256}, so[2] = {32, 128};
  tsr_ref in = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sx);
  tsr_ref out[2] = {tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, so), tsr_ref_dense(am, TSR_I32, TSR_HBM, 2, so)};
  CHECK_OK(tsr_mosaic_kernel_run(m, k, &in, 1, out, 2, NULL, NULL));
  int bad = 0;
  for (int r = 0; r < 32; r++) {
    double s = 0;
    int best = 0;
    for (int c = 0; c < 256; c++) {
      s += x[r * 256 + c];
      if (x[r * 256 + c] > x[r * 256 + best]) best = c;
    }
    for (int c = 0; c < 128; c++) bad += fabs(o[r * 128 + c] - s) > 1e-4 || am[r * 128 + c] != best;
  }
  CHECK_EQ_INT(bad, 0);
  tsr_mosaic_kernel_destroy(k);
}

static void test_small_bodies(tsr_machine *m) {
  /* semaphore_dma: copies its input with a VMEM->VMEM DMA (old wait_dma form) */
  tsr_mosaic_kernel *k = load("tests/conformance/mosaic_bodies/jax_mosaic_semaphore_dma.mlirbc");
  if (k) {
    static float x[128 * 128], o[128 * 128];
    tsr_test_fill(x, 128 * 128, 9);
    int64_t sh[2] = {128, 128};
    tsr_ref in = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sh), out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, sh);
    CHECK_OK(tsr_mosaic_kernel_run(m, k, &in, 1, &out, 1, NULL, NULL));
    CHECK(!memcmp(x, o, sizeof x));
    tsr_mosaic_kernel_destroy(k);
  }
  /* boolean_constant: out = x | !y on i32-stored booleans */
  k = load("tests/conformance/mosaic_bodies/jax_mosaic_boolean_constant.mlirbc");
  if (k) {
    int32_t x[1024], y[1024], o[1024];
    for (int i = 0; i < 1024; i++) { x[i] = i % 3 == 0; y[i] = i % 5 == 0; }
    int64_t sh[2] = {8, 128};
    tsr_ref in[2] = {tsr_ref_dense(x, TSR_I32, TSR_HBM, 2, sh), tsr_ref_dense(y, TSR_I32, TSR_HBM, 2, sh)};
    tsr_ref out = tsr_ref_dense(o, TSR_I32, TSR_HBM, 2, sh);
    CHECK_OK(tsr_mosaic_kernel_run(m, k, in, 2, &out, 1, NULL, NULL));
    int bad = 0;
    for (int i = 0; i < 1024; i++) bad += o[i] != (x[i] || !y[i]);
    CHECK_EQ_INT(bad, 0);
    tsr_mosaic_kernel_destroy(k);
  }
}

static void test_shapes(tsr_machine *m) {
  tsr_mosaic_kernel *k = load("tests/mosaic/shapes.mlir");
  if (!k) return;
  CHECK_EQ_INT(tsr_mosaic_kernel_num_outputs(k), 2);
  int32_t o[16 * 8], n[128];
  int64_t so[2] = {16, 8}, sn[2] = {1, 128};
  tsr_ref out[2] = {tsr_ref_dense(o, TSR_I32, TSR_HBM, 2, so), tsr_ref_dense(n, TSR_I32, TSR_HBM, 2, sn)};
  CHECK_OK(tsr_mosaic_kernel_run(m, k, NULL, 0, out, 2, NULL, NULL));
  int bad = 0;
  for (int r = 0; r < 8; r++)
    for (int c = 0; c < 8; c++) {
      /* t[r][c] = rot[c][r] = v[c][(r - 3) mod 8] */
      bad += o[r * 8 + c] != c * 8 + (r + 5) % 8;
      /* rows 8..15: the even rows 0, 2, 4, 6 of v, twice */
      bad += o[(8 + r) * 8 + c] != (2 * (r % 4)) * 8 + c;
    }
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(n[0], 4); /* 10 -> 7 -> 4 -> 1 -> -2 */
  tsr_mosaic_kernel_destroy(k);
}

/* An input the body writes is not read-only (kernel.c): on an unobserved machine, where
 * read-only inputs become views of HBM, its blocks are still VMEM copies and the array comes
 * back unchanged; the input it only reads (through views of views) is read-only. */
static void test_read_only_inputs(tsr_machine *m) {
  tsr_mosaic_kernel *k = load("tests/mosaic/scale_in_place.mlir");
  if (!k) return;
  enum { N = 32 * 128 };
  static float x[N], y[N], o[N], x0[N];
  tsr_test_fill(x, N, 21);
  tsr_test_fill(y, N, 22);
  memcpy(x0, x, sizeof x);
  int64_t sh[2] = {32, 128};
  tsr_ref in[2] = {tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sh), tsr_ref_dense(y, TSR_F32, TSR_HBM, 2, sh)};
  tsr_ref out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, sh);
  CHECK_OK(tsr_mosaic_kernel_run(m, k, in, 2, &out, 1, NULL, NULL));
  int bad = 0, changed = 0;
  for (int i = 0; i < N; i++) {
    bad += o[i] != (x0[i] + x0[i]) + y[i];
    changed += memcmp(&x[i], &x0[i], sizeof x[i]) != 0;
  }
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(changed, 0);
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  CHECK_OK(tsr_mosaic_kernel_describe(m, k, in, 2, &out, 1, NULL, 0, f));
  fclose(f);
  CHECK(text && !strstr(text, "in0    f32[32,128]        VMEM block (8, 128) x 2 buffer(s) = 8192 bytes, read-only"));
  CHECK(text && strstr(text, "in1    f32[32,128]        VMEM block (8, 128) x 2 buffer(s) = 8192 bytes, read-only"));
  CHECK(text && !strstr(text, "strided reads")); /* its loads feed adds, not a matmul: they copy a strided window */
  free(text);
  tsr_mosaic_kernel_destroy(k);
}

/* ---- outputs written in place (tsr_block_spec.overwrites, derived in kernel.c) ------------- */

static bool describes_overwritten(tsr_machine *m, tsr_mosaic_kernel *k, const tsr_ref *in, const tsr_ref *out) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  CHECK_OK(tsr_mosaic_kernel_describe(m, k, in, 1, out, 1, NULL, 0, f));
  fclose(f);
  bool yes = text && strstr(text, "out0") && strstr(text, "bytes, overwritten");
  free(text);
  return yes;
}

/* Runs kernel `path` (x f32[32,128] -> o, (8, 128) blocks) on machine m over an output that
 * holds 100 everywhere; the stats in *st. */
static void run_overwrite(tsr_machine *m, tsr_mosaic_kernel *k, const float *x, float *o, tsr_call_stats *st) {
  for (int i = 0; i < 32 * 128; i++) o[i] = 100.0f;
  int64_t sh[2] = {32, 128};
  tsr_ref in = tsr_ref_dense((void *)x, TSR_F32, TSR_HBM, 2, sh), out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, sh);
  CHECK_OK(tsr_mosaic_kernel_run(m, k, &in, 1, &out, 1, NULL, st));
}

static int poison_count(const float *o, int from, int to) {
  int n = 0;
  for (int i = from; i < to; i++) {
    uint32_t bits;
    memcpy(&bits, &o[i], 4);
    n += bits == 0xFFFFFFFFu;
  }
  return n;
}

/* A kernel that stores its whole output block first (overwrite_whole) gets the HBM block in
 * place on an unobserved eager machine: the same values and DMA counts as the copying runs
 * (DMAs that move data late, and the checkers, keep the copies), exactly 2 (x + 1), and the
 * checkers find nothing. Kernels that read the block first, write part of it, or write it
 * only at some steps keep the copy: where they leave it unwritten, their blocks show the
 * VMEM buffer's poison, not the 100 that HBM held (which a block in place would show). */
static void test_overwritten_outputs(tsr_machine *m) {
  static float x[32 * 128], o[32 * 128], ref[32 * 128];
  tsr_test_fill(x, 32 * 128, 41);
  int64_t sh[2] = {32, 128};
  tsr_ref in = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sh), out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, sh);
  tsr_machine *late = NULL, *watched = NULL;
  tsr_machine_options lo = {.num_cores = 1, .quiet = true, .dma_mode = TSR_DMA_ON_WAIT};
  CHECK_OK(tsr_machine_create(&lo, &late));
  lo.dma_mode = TSR_DMA_EAGER;
  CHECK_OK(tsr_machine_create(&lo, &watched));
  tsr_checker *ck = NULL;
  CHECK_OK(tsr_checker_create(TSR_CHECK_DEFAULT, &ck));
  CHECK_OK(tsr_checker_attach(ck, watched));

  tsr_mosaic_kernel *k = load("tests/mosaic/overwrite_whole.mlir");
  if (k) {
    CHECK(describes_overwritten(m, k, &in, &out));
    tsr_call_stats st[3];
    tsr_machine *ms[3] = {m, late, watched};
    for (int r = 0; r < 3; r++) {
      run_overwrite(ms[r], k, x, o, &st[r]);
      int bad = 0;
      for (int i = 0; i < 32 * 128; i++) bad += o[i] != 2.0f * (x[i] + 1.0f);
      CHECK_EQ_INT(bad, 0);
      if (r == 0) memcpy(ref, o, sizeof o);
      CHECK(memcmp(ref, o, sizeof o) == 0);
      CHECK(memcmp(&st[r].dma, &st[0].dma, sizeof st[0].dma) == 0);
    }
    CHECK_EQ_INT(st[0].dma.out, 4);
    CHECK_EQ_INT(st[0].dma.bytes_out, 32 * 128 * 4);
    CHECK_EQ_INT(tsr_checker_count(ck), 0);
    tsr_mosaic_kernel_destroy(k);
  }
  /* o = o + x: step 0 reads slot 0's poison (NaN bits stay NaN), not 100 */
  if ((k = load("tests/mosaic/overwrite_read_first.mlir"))) {
    CHECK(!describes_overwritten(m, k, &in, &out));
    run_overwrite(m, k, x, o, NULL);
    int nan = 0;
    for (int i = 0; i < 8 * 128; i++) nan += o[i] != o[i];
    CHECK_EQ_INT(nan, 8 * 128);
    tsr_mosaic_kernel_destroy(k);
  }
  /* rows 0..3 written: rows 4..7 of block 0 are the poison of a fresh buffer */
  if ((k = load("tests/mosaic/overwrite_partial.mlir"))) {
    CHECK(!describes_overwritten(m, k, &in, &out));
    run_overwrite(m, k, x, o, NULL);
    CHECK_EQ_INT(poison_count(o, 4 * 128, 8 * 128), 4 * 128);
    CHECK(memcmp(o, x, 4 * 128 * sizeof(float)) == 0);
    tsr_mosaic_kernel_destroy(k);
  }
  /* written at even steps only: block 1 (step 1, slot 1 fresh) is poison, block 2 is x's */
  if ((k = load("tests/mosaic/overwrite_conditional.mlir"))) {
    CHECK(!describes_overwritten(m, k, &in, &out));
    run_overwrite(m, k, x, o, NULL);
    CHECK_EQ_INT(poison_count(o, 8 * 128, 16 * 128), 8 * 128);
    CHECK(memcmp(o + 16 * 128, x + 16 * 128, 8 * 128 * sizeof(float)) == 0);
    tsr_mosaic_kernel_destroy(k);
  }
  tsr_checker_destroy(ck);
  tsr_machine_destroy(watched);
  tsr_machine_destroy(late);
}

/* A load of a buffer that a DMA in flight fills is a race, whether the load copies the window
 * (racy_read: the scratch is written later) or hands out the buffer itself (racy_view: alias.c
 * lets it, nothing else writes the scratch). Without the checkers both run, and with eager
 * DMAs the data is there: 2x. */
static void test_races(void) {
  const char *paths[] = {"tests/mosaic/racy_read.mlir", "tests/mosaic/racy_view.mlir"};
  for (int i = 0; i < 2; i++) {
    tsr_mosaic_kernel *k = load(paths[i]);
    if (!k) continue;
    float x[8 * 128], o[8 * 128];
    tsr_test_fill(x, 8 * 128, 30 + (unsigned)i);
    int64_t sh[2] = {8, 128};
    tsr_ref in = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sh), out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, sh);
    for (int checked = 0; checked < 2; checked++) {
      tsr_machine *m = machine(1);
      tsr_checker *ck = NULL;
      if (checked) {
        CHECK_OK(tsr_checker_create(TSR_CHECK_DEFAULT, &ck));
        CHECK_OK(tsr_checker_attach(ck, m));
      }
      memset(o, 0, sizeof o);
      CHECK_OK(tsr_mosaic_kernel_run(m, k, &in, 1, &out, 1, NULL, NULL));
      int bad = 0;
      for (int j = 0; j < 8 * 128; j++) bad += o[j] != x[j] + x[j];
      CHECK_EQ_INT(bad, 0);
      char want[256]; /* the load is line 12 of racy_read.mlir, 9 of racy_view.mlir */
      snprintf(want, sizeof want, "kernel load at %s:%d:5 at step 0 (vmem f32[8,128] of core 0) reads the destination of kernel DMA #1",
               paths[i], i == 0 ? 12 : 9);
      if (checked) CHECK_FAILS(tsr_checker_status(ck), TSR_ERR_RACE, want);
      tsr_machine_destroy(m);
      tsr_checker_destroy(ck);
    }
    tsr_mosaic_kernel_destroy(k);
  }
}

/* A kernel from outside may never finish: an endless scf.while stops at the op budget
 * (tsr_machine_options.max_kernel_ops) with an error naming the op, a grid with more steps
 * than the budget fails before it starts (steps count too), and a kernel under the budget
 * runs. */
static void test_op_budget(void) {
  tsr_machine_options o = {.quiet = true, .max_kernel_ops = 100000};
  tsr_machine *m = NULL;
  CHECK_OK(tsr_machine_create(&o, &m));
  if (!m) return;
  static float x[8 * 128], y[8 * 128], out[8 * 128];
  int64_t sh[2] = {8, 128};
  tsr_ref in[2] = {tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sh), tsr_ref_dense(y, TSR_F32, TSR_HBM, 2, sh)};
  tsr_ref o_ref = tsr_ref_dense(out, TSR_F32, TSR_HBM, 2, sh);
  tsr_mosaic_kernel *loop = load("tests/mosaic/endless.mlir");
  if (loop) CHECK_FAILS(tsr_mosaic_kernel_run(m, loop, in, 1, NULL, 0, NULL, NULL), TSR_ERR_INVALID,
                        "op arith.addi at tests/mosaic/endless.mlir:12:7: the kernel executed 100000 ops in this call without finishing");
  tsr_mosaic_kernel *grid = load("tests/mosaic/endless_grid.mlir");
  if (grid) CHECK_FAILS(tsr_mosaic_kernel_run(m, grid, in, 1, NULL, 0, NULL, NULL), TSR_ERR_INVALID,
                        "kernel grid: its grid (2000000, 2000000) gives core 0 more grid steps than the op budget of 100000");
  tsr_mosaic_kernel *add = load("tests/conformance/seed_my_call/kernel.mosaic.mlir");
  if (add) CHECK_OK(tsr_mosaic_kernel_run(m, add, in, 2, &o_ref, 1, NULL, NULL));
  tsr_mosaic_kernel_destroy(loop);
  tsr_mosaic_kernel_destroy(grid);
  tsr_mosaic_kernel_destroy(add);
  tsr_machine_destroy(m);
  /* the seed kernel takes a handful of ops: a budget of two stops it */
  o.max_kernel_ops = 2;
  CHECK_OK(tsr_machine_create(&o, &m));
  add = load("tests/conformance/seed_my_call/kernel.mosaic.mlir");
  if (m && add) CHECK_FAILS(tsr_mosaic_kernel_run(m, add, in, 2, &o_ref, 1, NULL, NULL), TSR_ERR_INVALID, "executed 2 ops");
  tsr_mosaic_kernel_destroy(add);
  tsr_machine_destroy(m);
}

/* A bare kernel's input arrays, worked out from its index maps over the grid, are the arrays
 * JAX called the pallas_call with (suite kernels whose maps do not read scalar prefetch and
 * whose graph passes the arrays through unchanged). */
static void test_input_shapes(void) {
  static const char *const kernels[] = {"elementwise", "flash_attention", "matmul_f32", "matmul_int8", "softmax",
                                        "reductions", "roll", "transpose_concat", "emit_pipeline_matmul"};
  for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++) {
    char path[256];
    snprintf(path, sizeof path, "tests/jax_suite/%s/v_new/body.mosaic.mlir", kernels[i]);
    tsr_mosaic_kernel *k = load(path);
    if (!k) continue;
    int n = tsr_mosaic_kernel_num_inputs(k);
    tsr_ref shapes[8];
    CHECK(n > 0 && n <= 8 && tsr_mosaic_kernel_num_prefetch(k) == 0);
    for (int j = 0; j < n && j < 8; j++) CHECK_OK(tsr_mosaic_kernel_input_shape(k, NULL, 0, NULL, j, &shapes[j]));
    for (int j = 0; j < n && j < 8; j++) {
      snprintf(path, sizeof path, "tests/jax_suite/%s/in_%d.npy", kernels[i], j);
      tsr_array a;
      if (tsr_npy_read(path, &a) != TSR_OK) {
        fprintf(stderr, "%s: %s\n", path, tsr_last_error());
        CHECK(false);
        continue;
      }
      bool same = a.rank == shapes[j].rank;
      for (int d = 0; same && d < a.rank; d++) same = a.shape[d] == shapes[j].shape[d];
      if (!same) fprintf(stderr, "%s: the index maps reach another shape\n", path);
      CHECK(same);
      tsr_array_free(&a);
    }
    tsr_mosaic_kernel_destroy(k);
  }
}

/* ---- the host split (host_split.c): a one-core chip's parallel halves as two parts at once ---- */

static int split_helpers = 1; /* helpers of the machine that may split */
static int split_cores = 1;   /* its cores: each core's share of the grid may split */
/* The device the machine stands for: a device of many runs its calls on a machine of its own,
 * numbered in the mesh; a split's tapes must not depend on which. */
static int split_device = 0;

/* split_acc's parts (grid (4, 2), parallel rows): cut by the data, a part per row of a core's
 * share whatever the helpers: on one core 4; on two, 2 rows each, cut where a helper helps
 * the core (the helpers go to the cores in turn) */
static int split_acc_parts(void) {
  return split_cores == 1 ? 4 : 2 + (split_helpers < 2 ? split_helpers : 2);
}

static tsr_machine *split_machine_ops(bool split, int64_t max_ops) {
  tsr_machine_options o = {0};
  o.num_cores = split_cores;
  o.host_helpers = split ? split_helpers : -1; /* helpers whatever the host: the split can happen */
  o.max_kernel_ops = max_ops;
  o.quiet = true;
  tsr_machine *m = NULL;
  CHECK_OK(tsr_machine_create(&o, &m));
  if (m) m->device = split_device;
  return m;
}

/* Whether kernel `path` (loaded fresh: a kernel whose split did not stand runs in order from
 * then on) runs within an op budget of `ops` per call and core. */
static bool fits_budget(const char *path, bool split, int64_t ops, tsr_ref *in, int nin, tsr_ref *out, tsr_call_stats *st) {
  tsr_mosaic_kernel *k = load(path);
  if (!k) return false;
  tsr_machine *m = split_machine_ops(split, ops);
  tsr_status s = tsr_mosaic_kernel_run(m, k, in, nin, out, 1, NULL, st);
  if (s != TSR_OK) CHECK(strstr(tsr_last_error(), "without finishing") != NULL);
  tsr_machine_destroy(m);
  tsr_mosaic_kernel_destroy(k);
  return s == TSR_OK;
}

/* The least op budget with which kernel `path` runs in order (bisection). */
static int64_t least_budget(const char *path, tsr_ref *in, int nin, tsr_ref *out) {
  tsr_call_stats st;
  int64_t lo = 1, hi = 100000; /* fits(hi), !fits(lo - 1) */
  CHECK(fits_budget(path, false, hi, in, nin, out, &st));
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (fits_budget(path, false, mid, in, nin, out, &st)) hi = mid; else lo = mid + 1;
  }
  return hi;
}

static tsr_machine *split_machine(bool split) { return split_machine_ops(split, 0); }

static int cmp_finding(const void *x, const void *y) {
  return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* One run of kernel `path`, loaded fresh (a kernel whose split did not stand runs in order
 * from then on), on a machine that may split or not and with `checks` attached (0: none), into buf;
 * hands back the stats, the machine's warnings (malloc) and the checker. */
static void split_once(const char *path, bool split, unsigned checks, tsr_ref *in, int nin, tsr_ref *out,
                       float *buf, size_t n, tsr_call_stats *st, char **warnings, tsr_checker **ck) {
  tsr_mosaic_kernel *k = load(path);
  tsr_machine *m = split_machine(split);
  *ck = NULL;
  if (checks) {
    CHECK_OK(tsr_checker_create(checks, ck));
    CHECK_OK(tsr_checker_attach(*ck, m));
  }
  out->data = (char *)buf;
  memset(buf, 0, n * sizeof(float));
  memset(st, 0, sizeof *st);
  if (k) CHECK_OK(tsr_mosaic_kernel_run(m, k, in, nin, out, 1, NULL, st));
  *warnings = strdup(tsr_machine_warnings(m) ? tsr_machine_warnings(m) : "");
  tsr_machine_destroy(m);
  tsr_mosaic_kernel_destroy(k);
}

/* Runs kernel `path` on a machine that may split and on one that may not: the outputs must be
 * the same bits, the counts and the warnings the same; returns the first run's stats, its
 * output in o. Then both again with every checker attached (they get a split's events once
 * it stands, spliced into the run in order's): the same bits, counts and parts as
 * unobserved, and the run in order's findings, word for word. */
static tsr_call_stats split_run(const char *path, tsr_ref *in, int nin, tsr_ref *out, float *o, float *o2, size_t n) {
  tsr_call_stats st[4];
  char *warnings[4] = {NULL};
  tsr_checker *ck[4] = {NULL};
  float *o3 = malloc(n * sizeof(float));
  if (!o3) return (tsr_call_stats){0};
  /* 0: may split, 1: in order, 2: may split, checked, 3: in order checked (into o2 again) */
  float *bufs[4] = {o, o2, o3, o2};
  for (int r = 0; r < 4; r++)
    split_once(path, r % 2 == 0, r >= 2 ? TSR_CHECK_ALL : 0, in, nin, out, bufs[r], n, &st[r], &warnings[r], &ck[r]);
  CHECK(memcmp(o, o2, n * sizeof(float)) == 0);
  CHECK(memcmp(o, o3, n * sizeof(float)) == 0);
  for (int r = 1; r < 4; r++) {
    CHECK_EQ_INT(st[r].dma.in, st[0].dma.in);
    CHECK_EQ_INT(st[r].dma.skip_in, st[0].dma.skip_in);
    CHECK_EQ_INT(st[r].dma.out, st[0].dma.out);
    CHECK_EQ_INT(st[r].dma.skip_out, st[0].dma.skip_out);
    CHECK_EQ_INT(st[r].dma.bytes_in, st[0].dma.bytes_in);
    CHECK_EQ_INT(st[r].steps, st[0].steps);
    CHECK_EQ_INT(st[r].cores, split_cores);
    CHECK(warnings[r] && warnings[0] && strcmp(warnings[r], warnings[0]) == 0);
    if (warnings[r] && warnings[0] && strcmp(warnings[r], warnings[0]))
      fprintf(stderr, "  %s: warnings of run %d:\n%s  of the split:\n%s", path, r, warnings[r], warnings[0]);
  }
  CHECK_EQ_INT(st[1].parts, 1);
  /* the checkers take a split's events spliced into the run in order's: a checked run splits
   * as an unobserved one does, findings or not, and finds what the run in order finds */
  CHECK_EQ_INT(st[2].parts, st[0].parts);
  CHECK_EQ_INT(tsr_checker_count(ck[2]), tsr_checker_count(ck[3]));
  /* as sets: several cores report at once */
  const char *fa[128], *fb[128];
  int na = 0, nb = 0;
  while (na < 128 && tsr_checker_finding(ck[2], na)) { fa[na] = tsr_checker_finding(ck[2], na); na++; }
  while (nb < 128 && tsr_checker_finding(ck[3], nb)) { fb[nb] = tsr_checker_finding(ck[3], nb); nb++; }
  qsort(fa, (size_t)na, sizeof *fa, cmp_finding);
  qsort(fb, (size_t)nb, sizeof *fb, cmp_finding);
  CHECK_EQ_INT(na, nb);
  for (int i = 0; i < na && i < nb; i++) {
    /* DMA numbers included: the splice numbers a split's copies as the run in order does, and
     * a split that does not stand leaves no trace */
    bool same = !strcmp(fa[i], fb[i]);
    CHECK(same);
    if (!same) fprintf(stderr, "  split: %s\n  order: %s\n", fa[i], fb[i]);
  }
  for (int r = 0; r < 4; r++) {
    free(warnings[r]);
    tsr_checker_destroy(ck[r]);
  }
  free(o3);
  return st[0];
}

/* An observer that records the steps a split hands it. */
typedef struct step_log {
  pthread_mutex_t lock;
  int64_t step[64], row[64], col[64];
  int core[64], device[64], n;
  bool replayed;
} step_log;

static void log_event(void *user, const tsr_event *ev) {
  step_log *l = user;
  if (ev->kind != TSR_EV_STEP_BEGIN) return;
  pthread_mutex_lock(&l->lock);
  if (l->n < 64) {
    l->step[l->n] = ev->step;
    l->row[l->n] = ev->index[0];
    l->col[l->n] = ev->index[1];
    l->core[l->n] = ev->core;
    l->device[l->n++] = ev->device;
    l->replayed = l->replayed || ev->replayed;
  }
  pthread_mutex_unlock(&l->lock);
}

/* A split's events come once it stands, replayed from the parts' tapes, core by core, each
 * core's steps in its order with their numbers in it. */
static void test_split_events(tsr_ref *in, tsr_ref *out) {
  step_log l = {.n = 0};
  pthread_mutex_init(&l.lock, NULL);
  tsr_mosaic_kernel *k = load("tests/mosaic/split_acc.mlir");
  tsr_machine *m = split_machine(true);
  tsr_observer ob = {.user = &l, .on_event = log_event};
  CHECK_OK(tsr_machine_add_observer(m, &ob));
  tsr_call_stats st;
  if (k) CHECK_OK(tsr_mosaic_kernel_run(m, k, in, 2, out, 1, NULL, &st));
  CHECK_EQ_INT(st.parts, split_acc_parts());
  CHECK(l.replayed);
  CHECK_EQ_INT(l.n, 8);
  /* grid (4, 2) cut on rows; on two cores, core c has rows 2c and 2c + 1 */
  int bad = 0;
  for (int e = 0; e < l.n; e++) {
    int64_t row = l.row[e], core = split_cores == 1 ? 0 : row / 2, first = core * 2;
    int64_t order = split_cores == 1 ? e : e % 4; /* core 0's steps, then core 1's */
    bad += l.step[e] != (row - first) * 2 + l.col[e] || l.step[e] != order || l.core[e] != core ||
           l.device[e] != split_device;
  }
  CHECK_EQ_INT(bad, 0);
  tsr_machine_destroy(m);
  tsr_mosaic_kernel_destroy(k);
  pthread_mutex_destroy(&l.lock);
}

/* An observer (as the timing model): a split's events come to it once the split stands,
 * spliced into the run in order's order. Every field but the buffers' addresses (a host
 * part's blocks are its own) must be the run in order's: kinds, steps, grid and block
 * indices, copy numbers, bytes, names and costs, in the same order. */
typedef struct event_text {
  char *text;
  size_t len, cap;
  int events;
} event_text;

/* One event's line (n bytes) at the end of t's text. */
static void append_line(event_text *t, const char *line, int n) {
  if (t->len + (size_t)n + 1 > t->cap) {
    size_t ncap = t->cap ? t->cap * 2 : 4096;
    while (ncap < t->len + (size_t)n + 1) ncap *= 2;
    char *nt = realloc(t->text, ncap);
    if (!nt) return;
    t->text = nt;
    t->cap = ncap;
  }
  memcpy(t->text + t->len, line, (size_t)n + 1);
  t->len += (size_t)n;
  t->events++;
}

/* Per core: the cores of a run in order run at once, so only each core's order is defined. */
static void text_event(void *user, const tsr_event *ev) {
  event_text *t = (event_text *)user + (ev->core & 1);
  char line[256];
  int n = snprintf(line, sizeof line, "%d D%d,%d c%d s%lld #%llu d%d op%d b%lld a%lld %s i%lld,%lld sp%d f%g\n",
                   (int)ev->kind, ev->device, ev->target_device, ev->core, (long long)ev->step, (unsigned long long)ev->dma_id,
                   (int)ev->dir, ev->operand, (long long)ev->bytes, (long long)ev->amount, ev->name ? ev->name : "-",
                   (long long)(ev->index && ev->rank > 0 ? ev->index[0] : -1),
                   (long long)(ev->index && ev->rank > 1 ? ev->index[1] : -1), (int)ev->space,
                   ev->cost ? ev->cost->flops : -1.0);
  append_line(t, line, n);
}

static void test_split_spliced(tsr_ref *in, tsr_ref *out) {
  event_text t[2][2] = {{{0}}}; /* per run, per core */
  int parts[2] = {0};
  for (int r = 0; r < 2; r++) { /* 0: may split, 1: in order */
    tsr_mosaic_kernel *k = load("tests/mosaic/split_acc.mlir");
    tsr_machine *m = split_machine(r == 0);
    tsr_observer ob = {.user = t[r], .on_event = text_event};
    CHECK_OK(tsr_machine_add_observer(m, &ob));
    tsr_checker *ck = NULL; /* an observer that reads data beside it */
    CHECK_OK(tsr_checker_create(TSR_CHECK_ALL, &ck));
    CHECK_OK(tsr_checker_attach(ck, m));
    tsr_call_stats st;
    if (k) CHECK_OK(tsr_mosaic_kernel_run(m, k, in, 2, out, 1, NULL, &st));
    parts[r] = st.parts;
    CHECK_EQ_INT(tsr_checker_count(ck), 0);
    tsr_checker_destroy(ck);
    tsr_machine_destroy(m);
    tsr_mosaic_kernel_destroy(k);
  }
  CHECK_EQ_INT(parts[0], split_acc_parts());
  CHECK_EQ_INT(parts[1], 1);
  for (int c = 0; c < split_cores; c++) {
    CHECK(t[0][c].events > 8 / split_cores * 5); /* steps, copies, waits, skips, bodies, allocations */
    CHECK_EQ_INT(t[0][c].events, t[1][c].events);
    bool same = t[0][c].text && t[1][c].text && !strcmp(t[0][c].text, t[1][c].text);
    CHECK(same);
    if (!same)
      fprintf(stderr, "  core %d spliced:\n%s  in order:\n%s", c, t[0][c].text ? t[0][c].text : "",
              t[1][c].text ? t[1][c].text : "");
  }
  for (int r = 0; r < 2; r++)
    for (int c = 0; c < 2; c++) free(t[r][c].text);
}

/* split_acc run with observer ob alone, on a machine that may split or not: the parts. */
static int observed_run(const tsr_observer *ob, bool split, tsr_ref *in, tsr_ref *out) {
  tsr_mosaic_kernel *k = load("tests/mosaic/split_acc.mlir");
  tsr_machine *m = split_machine(split);
  CHECK_OK(tsr_machine_add_observer(m, ob));
  tsr_call_stats st = {0};
  if (k) CHECK_OK(tsr_mosaic_kernel_run(m, k, in, 2, out, 1, NULL, &st));
  tsr_machine_destroy(m);
  tsr_mosaic_kernel_destroy(k);
  return st.parts;
}

/* An observer that digests (tsr_observer.digest, as the timing model does), the machine's
 * only one: a split's parts keep its digest of each event it makes one of, and once the split
 * stands on_digest gets those (with the steps of the run in order) and on_event the events it
 * made none of (here every step's end), interleaved in the run in order's order; the run in
 * order hands it every event whole. The digest leaves out copy numbers (a part numbers its
 * own; the splice renumbers the events it hands over whole). */
typedef struct digester {
  event_text t[2]; /* per core */
  int digests;
} digester;

typedef struct digest_line {
  int32_t core;
  char text[96];
} digest_line;

/* An event's fields but its step and copy number. */
static void digest_text(const tsr_event *ev, char *buf, size_t cap) {
  snprintf(buf, cap, "%d D%d,%d c%d d%d op%d b%lld a%lld %s i%lld,%lld sp%d f%g\n", (int)ev->kind, ev->device,
           ev->target_device, ev->core, (int)ev->dir, ev->operand, (long long)ev->bytes, (long long)ev->amount,
           ev->name ? ev->name : "-", (long long)(ev->index && ev->rank > 0 ? ev->index[0] : -1),
           (long long)(ev->index && ev->rank > 1 ? ev->index[1] : -1), (int)ev->space,
           ev->cost ? ev->cost->flops : -1.0);
}

static void add_line(event_text *t, int64_t step, const char *text) {
  char line[160];
  int n = snprintf(line, sizeof line, "s%lld %s", (long long)step, text);
  append_line(t, line, n < (int)sizeof line ? n : (int)sizeof line - 1);
}

static void digester_event(void *user, const tsr_event *ev) {
  digester *g = user;
  char text[96];
  digest_text(ev, text, sizeof text);
  add_line(&g->t[ev->core & 1], ev->step, text);
}

static size_t digester_digest(void *user, const tsr_event *ev, void *out) {
  (void)user;
  if (ev->kind == TSR_EV_STEP_END) return 0; /* this one whole */
  digest_line d = {.core = ev->core};
  digest_text(ev, d.text, sizeof d.text);
  memcpy(out, &d, sizeof d);
  return sizeof d;
}

static void digester_on_digest(void *user, const void *bytes, size_t len, int64_t step) {
  digester *g = user;
  digest_line d;
  CHECK_EQ_INT((int)len, (int)sizeof d);
  if (len != sizeof d) return;
  memcpy(&d, bytes, sizeof d);
  g->digests++;
  add_line(&g->t[d.core & 1], step, d.text);
}

static void test_split_digested(tsr_ref *in, tsr_ref *out) {
  digester g[2]; /* 0: may split, 1: in order */
  memset(g, 0, sizeof g);
  int parts[2] = {0};
  for (int r = 0; r < 2; r++) {
    tsr_observer ob = {.user = &g[r], .on_event = digester_event, .digest = digester_digest,
                       .on_digest = digester_on_digest};
    parts[r] = observed_run(&ob, r == 0, in, out);
  }
  CHECK_EQ_INT(parts[0], split_acc_parts());
  CHECK(g[0].digests > 8 * 4); /* copies, waits, bodies, step begins */
  CHECK_EQ_INT(g[1].digests, 0);
  for (int c = 0; c < split_cores; c++) {
    CHECK(g[0].t[c].events > 8 / split_cores * 5);
    bool same = g[0].t[c].text && g[1].t[c].text && !strcmp(g[0].t[c].text, g[1].t[c].text);
    CHECK(same);
    if (!same)
      fprintf(stderr, "  core %d digested:\n%s  in order:\n%s", c, g[0].t[c].text ? g[0].t[c].text : "",
              g[1].t[c].text ? g[1].t[c].text : "");
  }
  for (int r = 0; r < 2; r++)
    for (int c = 0; c < 2; c++) free(g[r].t[c].text);
}

/* An observer that reads the schedule only (tsr_observer.schedule_only, the timing model's)
 * gets no access events, and the same other events as one that reads everything. */
typedef struct kind_count {
  int accesses, others;
} kind_count;

static void count_kinds(void *user, const tsr_event *ev) {
  kind_count *k = user;
  /* the machine's cores call it from their own threads */
  if (ev->kind == TSR_EV_ACCESS) __atomic_add_fetch(&k->accesses, 1, __ATOMIC_RELAXED);
  else if (ev->kind != TSR_EV_DMA_DONE) __atomic_add_fetch(&k->others, 1, __ATOMIC_RELAXED);
}

static void test_schedule_only(tsr_ref *in, tsr_ref *out) {
  kind_count got[2] = {{0}};
  for (int r = 0; r < 2; r++) { /* 0: schedule only, 1: everything */
    tsr_mosaic_kernel *k = load("tests/mosaic/split_acc.mlir");
    tsr_machine *m = split_machine(false);
    tsr_observer ob = {.user = &got[r], .on_event = count_kinds, .schedule_only = r == 0};
    CHECK_OK(tsr_machine_add_observer(m, &ob));
    if (k) CHECK_OK(tsr_mosaic_kernel_run(m, k, in, 2, out, 1, NULL, NULL));
    tsr_machine_destroy(m);
    tsr_mosaic_kernel_destroy(k);
  }
  CHECK_EQ_INT(got[0].accesses, 0);
  CHECK(got[1].accesses > 0);
  CHECK_EQ_INT(got[0].others, got[1].others);
}

/* An observer that ignores some kinds (tsr_observer.ignored_kinds, as the timing model does)
 * is handed none of them, from a split (whose tapes keep little of them: DMA_START among
 * them still names the blocks of the skips) as in order, and the same events of the other
 * kinds as an observer that reads every kind. */
static const unsigned split_ignored = 1u << TSR_EV_DMA_START | 1u << TSR_EV_DMA_DONE | 1u << TSR_EV_DMA_WAIT_END |
                                      1u << TSR_EV_BODY_BEGIN;

/* text without the lines of the kinds split_ignored names (malloc'd) */
static char *without_ignored(const char *text) {
  char *kept = calloc(1, text ? strlen(text) + 1 : 1);
  for (const char *line = text; kept && line && *line;) {
    const char *end = strchr(line, '\n');
    size_t n = end ? (size_t)(end - line) + 1 : strlen(line);
    if (!(split_ignored & 1u << atoi(line))) strncat(kept, line, n);
    line += n;
  }
  return kept;
}

static void test_ignored_kinds(tsr_ref *in, tsr_ref *out) {
  event_text t[3][2] = {{{0}}}; /* per run, per core */
  int parts[3] = {0};
  for (int r = 0; r < 3; r++) { /* 0: ignoring, may split; 1: ignoring, in order; 2: reading all, may split */
    tsr_observer ob = {.user = t[r], .on_event = text_event, .schedule_only = true,
                       .ignored_kinds = r < 2 ? split_ignored : 0};
    parts[r] = observed_run(&ob, r != 1, in, out);
  }
  CHECK_EQ_INT(parts[0], split_acc_parts());
  CHECK_EQ_INT(parts[1], 1);
  CHECK_EQ_INT(parts[2], split_acc_parts());
  for (int c = 0; c < split_cores; c++) {
    char *all = without_ignored(t[2][c].text);
    CHECK(t[0][c].events > 8 / split_cores * 3); /* steps, waits, skips, bodies */
    char skip[16];
    snprintf(skip, sizeof skip, "\n%d ", (int)TSR_EV_DMA_SKIP);
    CHECK(t[0][c].text && strstr(t[0][c].text, skip)); /* skips (named as in order: compared below) */
    bool same = t[0][c].text && t[1][c].text && all && !strcmp(t[0][c].text, t[1][c].text) && !strcmp(t[0][c].text, all);
    CHECK(same);
    if (!same)
      fprintf(stderr, "  core %d spliced:\n%s  in order:\n%s  all kinds, spliced:\n%s", c, t[0][c].text ? t[0][c].text : "",
              t[1][c].text ? t[1][c].text : "", t[2][c].text ? t[2][c].text : "");
    free(all);
  }
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 2; c++) free(t[r][c].text);
}

static void test_host_split(void) {
  float x[32 * 256], c[8 * 128], o[32 * 128], o2[32 * 128];
  tsr_test_fill(x, 32 * 256, 21);
  tsr_test_fill(c, 8 * 128, 22);
  int64_t sx[2] = {32, 256}, sc[2] = {8, 128}, so[2] = {32, 128};
  tsr_ref in[2] = {tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sx), tsr_ref_dense(c, TSR_F32, TSR_HBM, 2, sc)};
  tsr_ref out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, so);

  /* scratch zeroed in two strided halves, a swap load, a constant input block: the split
   * stands, and the constant block's copy in a host part counts as the skip it is in order
   * (x: 8 copies; c: 1 copy per core, the other steps skip; out: 4 write-backs, 4 skips) */
  tsr_call_stats st = split_run("tests/mosaic/split_acc.mlir", in, 2, &out, o, o2, 32 * 128);
  CHECK_EQ_INT(st.parts, split_acc_parts());
  CHECK_EQ_INT(st.cores, split_cores);
  CHECK_EQ_INT(st.dma.in, 8 + split_cores);
  CHECK_EQ_INT(st.dma.skip_in, 8 - split_cores);
  CHECK_EQ_INT(st.dma.out, 4);
  CHECK_EQ_INT(st.dma.skip_out, 4);
  CHECK_EQ_INT(st.dma.bytes_in, (8 + split_cores) * 8 * 128 * 4);
  int bad = 0;
  for (int r = 0; r < 32; r++)
    for (int col = 0; col < 128; col++) {
      float acc = 0;
      for (int j = 0; j < 2; j++) acc = acc + (x[r * 256 + j * 128 + col] + c[(r % 8) * 128 + col]);
      bad += o[r * 128 + col] != acc;
    }
  CHECK_EQ_INT(bad, 0);
  test_split_events(in, &out);
  test_split_spliced(in, &out);
  test_split_digested(in, &out);
  test_schedule_only(in, &out);
  test_ignored_kinds(in, &out);

  /* scratch carried across the parallel axis: the host part reads scratch it did not write,
   * so the call runs in order: a running sum over all blocks (on two cores, over core 0's;
   * core 1 never zeroes its scratch, and its blocks hold poison) */
  st = split_run("tests/mosaic/split_carry.mlir", in, 1, &out, o, o2, 32 * 128);
  CHECK_EQ_INT(st.parts, 1);
  bad = 0;
  for (int col = 0; col < 128; col++)
    for (int r = 0; r < 8; r++) {
      float acc = 0;
      for (int i = 0; i < 4; i++) {
        for (int j = 0; j < 2; j++) acc = acc + x[(i * 8 + r) * 256 + j * 128 + col];
        bad += (split_cores == 1 || i < 2) && o[(i * 8 + r) * 128 + col] != acc;
      }
    }
  CHECK_EQ_INT(bad, 0);

  /* both halves would write back the one output block: in order, the last step's value (on
   * two cores, which share it, a race: not run) */
  int64_t sx1[2] = {32, 128}, so1[2] = {8, 128};
  tsr_ref in1 = tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sx1);
  tsr_ref out1 = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, so1);
  if (split_cores == 1) {
    st = split_run("tests/mosaic/split_shared_out.mlir", &in1, 1, &out1, o, o2, 8 * 128);
    CHECK_EQ_INT(st.parts, 1);
    bad = 0;
    for (int e = 0; e < 8 * 128; e++) bad += o[e] != x[24 * 128 + e] + x[24 * 128 + e];
    CHECK_EQ_INT(bad, 0);
  }

  /* an output block read before it is written: the same (stale) bits as in order */
  tsr_ref out2 = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, sx1);
  st = split_run("tests/mosaic/split_out_read.mlir", &in1, 1, &out2, o, o2, 32 * 128);
  CHECK_EQ_INT(st.parts, 1);

  /* an output block only half written: its other half goes back holding the buffer's history.
   * On two cores with one helper only core 0's share splits, and its host part's row block (1)
   * is the one written whole: that split stands (with the checkers' poison findings of the
   * run in order) */
  st = split_run("tests/mosaic/split_partial_out.mlir", &in1, 1, &out2, o, o2, 32 * 128);
  CHECK_EQ_INT(st.parts, split_cores == 2 && split_helpers == 1 ? 3 : 1);

  /* an output block revisited along a parallel axis in rows 2 and 3 only: the split stands,
   * and the warning is the run in order's (split_run compares them), once, about (2, 1). (Two
   * cores would split that axis and share the block: a race, not run.) */
  if (split_cores == 1) {
    tsr_ref out3 = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, sx);
    static float o4[32 * 256], o5[32 * 256];
    st = split_run("tests/mosaic/split_late_revisit.mlir", &in[0], 1, &out3, o4, o5, 32 * 256);
    CHECK_EQ_INT(st.parts, 4); /* a part per row, whatever the helpers */
    bad = 0;
    for (int r = 0; r < 32; r++)
      for (int col = 0; col < 256; col++) {
        bool late = r >= 16, second = col >= 128;
        float want = late && second ? 0 : late ? x[r * 256 + col + 128] * 2 : x[r * 256 + col] * 2;
        bad += o4[r * 256 + col] != want;
      }
    CHECK_EQ_INT(bad, 0);
    tsr_mosaic_kernel *kw = load("tests/mosaic/split_late_revisit.mlir");
    tsr_machine *m = split_machine(true);
    out3.data = (char *)o4;
    if (kw) CHECK_OK(tsr_mosaic_kernel_run(m, kw, in, 1, &out3, 1, NULL, NULL));
    const char *w = tsr_machine_warnings(m);
    CHECK(w && strstr(w, "out0: block (2, 0) is written at grid index (2, 0) and again at (2, 1), "
                         "which differ in grid axis 1, marked parallel"));
    CHECK(w && strchr(w, '\n') == w + strlen(w) - 1); /* one line */
    tsr_machine_destroy(m);
    tsr_mosaic_kernel_destroy(kw);
  }

  /* an output that overlaps an input (the same memory, no declared alias): in order, later
   * steps read what earlier ones wrote back, so no split; the same bits either way (on two
   * cores, one core's reads race with the other's writes: not run) */
  if (split_cores == 1) {
    static float xa[32 * 256], xb[32 * 256];
    memcpy(xa, x, sizeof xa);
    memcpy(xb, x, sizeof xb);
    tsr_call_stats sts[2];
    for (int split = 1; split >= 0; split--) {
      float *buf = split ? xa : xb;
      tsr_ref ins[2] = {tsr_ref_dense(buf, TSR_F32, TSR_HBM, 2, sx), in[1]};
      tsr_ref over = tsr_ref_dense(buf + 64, TSR_F32, TSR_HBM, 2, so); /* inside x, shifted */
      tsr_mosaic_kernel *ko = load("tests/mosaic/split_acc.mlir");
      tsr_machine *m = split_machine(split);
      if (ko) CHECK_OK(tsr_mosaic_kernel_run(m, ko, ins, 2, &over, 1, NULL, &sts[split]));
      tsr_machine_destroy(m);
      tsr_mosaic_kernel_destroy(ko);
    }
    CHECK_EQ_INT(sts[1].parts, 1);
    CHECK(memcmp(xa, xb, sizeof xa) == 0);
  }

  /* the op budget is per call and core: the host parts' ops count against core 0's. With the
   * least budget a run in order needs, the split stands; with one op less it must fail with
   * host parts too, although each part alone would fit */
  int64_t least = least_budget("tests/mosaic/split_acc.mlir", in, 2, &out);
  CHECK(least > 40 / split_cores); /* each core's steps, a dozen ops each */
  CHECK(!fits_budget("tests/mosaic/split_acc.mlir", true, least - 1, in, 2, &out, &st));
  CHECK(fits_budget("tests/mosaic/split_acc.mlir", true, least, in, 2, &out, &st));
  CHECK_EQ_INT(st.parts, split_acc_parts());
  /* a split that does not stand leaves the run in order the whole budget: what core 0's part
   * spent before the split was voided does not count */
  least = least_budget("tests/mosaic/split_carry.mlir", in, 1, &out);
  CHECK(least > 40 / split_cores);
  CHECK(fits_budget("tests/mosaic/split_carry.mlir", true, least, in, 1, &out, &st));
  CHECK_EQ_INT(st.parts, 1);
  CHECK(!fits_budget("tests/mosaic/split_carry.mlir", true, least - 1, in, 1, &out, &st));
}

/* One kernel run by two threads at once, each on a machine of its own (as a front door may):
 * the first run whose split does not stand clears the kernel's split flag while the other
 * thread reads it, which ThreadSanitizer flags unless the flag is atomic. Each thread's
 * results are the run in order's. (No CHECK in the threads: the harness counts unlocked.) */
typedef struct shared_run {
  tsr_mosaic_kernel *k;
  pthread_barrier_t *start; /* both runs begin at once */
  float *x;
  float o[32 * 128];
  tsr_status s;
  int parts;
} shared_run;

static void *shared_thread(void *arg) {
  shared_run *r = arg;
  tsr_machine_options mo = {.num_cores = 1, .host_helpers = 1, .quiet = true};
  tsr_machine *m = NULL;
  r->s = tsr_machine_create(&mo, &m);
  int64_t sx[2] = {32, 256}, so[2] = {32, 128};
  tsr_ref in = tsr_ref_dense(r->x, TSR_F32, TSR_HBM, 2, sx), out = tsr_ref_dense(r->o, TSR_F32, TSR_HBM, 2, so);
  pthread_barrier_wait(r->start);
  for (int i = 0; i < 3 && r->s == TSR_OK; i++) {
    tsr_call_stats st;
    r->s = tsr_mosaic_kernel_run(m, r->k, &in, 1, &out, 1, NULL, &st);
    if (st.parts > r->parts) r->parts = st.parts;
  }
  tsr_machine_destroy(m);
  return NULL;
}

static void test_shared_kernel(void) {
  static float x[32 * 256];
  tsr_test_fill(x, 32 * 256, 31);
  tsr_mosaic_kernel *k = load("tests/mosaic/split_carry.mlir");
  if (!k) return;
  static shared_run runs[2];
  pthread_t t[2];
  pthread_barrier_t start;
  pthread_barrier_init(&start, NULL, 2);
  for (int i = 0; i < 2; i++) {
    runs[i] = (shared_run){.k = k, .start = &start, .x = x};
    CHECK(pthread_create(&t[i], NULL, shared_thread, &runs[i]) == 0);
  }
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  pthread_barrier_destroy(&start);
  int bad = 0;
  for (int i = 0; i < 2; i++) {
    CHECK_OK(runs[i].s);
    CHECK_EQ_INT(runs[i].parts, 1);
    for (int col = 0; col < 128; col++)
      for (int r = 0; r < 8; r++) {
        float acc = 0;
        for (int b = 0; b < 4; b++) {
          for (int j = 0; j < 2; j++) acc = acc + x[(b * 8 + r) * 256 + j * 128 + col];
          bad += runs[i].o[(b * 8 + r) * 128 + col] != acc;
        }
      }
  }
  CHECK_EQ_INT(bad, 0);
  tsr_mosaic_kernel_destroy(k);
}

int main(void) {
  tsr_machine *m = machine(1), *m2 = machine(2);
  test_seed("tests/conformance/seed_my_call/kernel.mosaic.mlir", m);
  test_seed("tests/conformance/mosaic_bodies/seed_pallas_add_8x128.mlirbc", m);
  test_conformance_bodies();
  test_matmul_body(m);
  test_matmul_body(m2);
  test_matmul_acc(m);
  test_matmul_acc(m2);
  test_matmul_strided_views();
  test_matmul_strided_views_bf16();
  test_matmul_helpers();
  test_matmul_block_one_call();
  test_row_runs();
  test_dma_any(m);
  test_sc_gather_scatter();
  test_dma_big_any(m);
  test_dma_dynamic(m);
  test_semaphore_operands();
  test_dma_host();
  test_dma_padded(m);
  test_unchecked_bounds(m);
  test_dma_packed(m);
  test_num_programs_map(m);
  test_marks();
  test_row_sum(m2);
  test_small_bodies(m);
  test_shapes(m);
  test_read_only_inputs(m);
  test_overwritten_outputs(m);
  test_races();
  test_op_budget();
  test_input_shapes();
  test_shared_kernel();
  test_host_split(); /* two parts */
  split_helpers = 3;
  test_host_split(); /* four: every cut between two row blocks */
  split_cores = 2;   /* each core's two row blocks: */
  split_helpers = 1;
  test_host_split(); /* core 0's share split into two parts, core 1's not */
  split_helpers = 3;
  test_host_split(); /* both split, a helper to spare */
  split_device = 1; /* a device after the first: its cores' tapes are its own */
  test_host_split();
  split_device = TSR_MAX_DEVICES - 1;
  split_cores = 1;
  test_host_split();
  tsr_machine_destroy(m);
  tsr_machine_destroy(m2);
  return tsr_test_finish("test_mosaic_kernels");
}
