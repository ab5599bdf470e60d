/* tessera bench chunk: an elementwise chain run a chunk of elements at a time (src/mosaic/
 * chunk.c) against the same kernel run op by op (on a machine with
 * tsr_machine_options.unchunked), in one run, and both against the same computation as one fused C loop (the bound an
 * interpreter of the chain can approach). The chain is threefry-2x32 (20 rounds of uint32
 * add, rotate, xor, the key injections between them; 181 ops per element) on (256,512) blocks
 * of counters, as the JAX suite's threefry kernel, its key folded into constants. Both runs'
 * outputs are checked against the C loop. Ratio > 1: the chunked run is faster. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "core/status.h"
#include "tessera/mosaic.h"

enum { BR = 256, BC = 512, REPEATS = 5 };
static const int ROT[8] = {13, 15, 26, 6, 17, 29, 16, 24};
static const uint32_t KEY0 = 0x243F6A88u, KEY1 = 0x85A308D3u;

static void threefry_c(const uint32_t *c0, const uint32_t *c1, uint32_t *o0, uint32_t *o1, size_t n) {
  const uint32_t ks[3] = {KEY0, KEY1, KEY0 ^ KEY1 ^ 0x1BD11BDAu};
  for (size_t i = 0; i < n; i++) {
    uint32_t x0 = c0[i] + ks[0], x1 = c1[i] + ks[1];
    for (int g = 0; g < 5; g++) {
      for (int r = 0; r < 4; r++) {
        int rot = ROT[(g % 2) * 4 + r];
        x0 += x1;
        x1 = ((x1 << rot) | (x1 >> (32 - rot))) ^ x0;
      }
      x0 += ks[(g + 1) % 3];
      x1 += ks[(g + 2) % 3] + (uint32_t)(g + 1);
    }
    o0[i] = x0;
    o1[i] = x1;
  }
}

/* Appends printf-formatted text to buf (cap bytes); false when it does not fit. */
static bool put(char *buf, size_t cap, size_t *len, const char *fmt, ...) TSR_PRINTF(4, 5);
static bool put(char *buf, size_t cap, size_t *len, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(buf + *len, cap - *len, fmt, ap);
  va_end(ap);
  if (k < 0 || (size_t)k >= cap - *len) return false;
  *len += (size_t)k;
  return true;
}

/* The kernel as MLIR text: the shape of what Pallas exports for the suite's threefry kernel
 * (constants are folded broadcasts; each op one vector<256x512xi32> value). */
static char *threefry_text(int rows) {
  size_t cap = 64 * 1024, len = 0;
  char *t = malloc(cap);
  if (!t) return NULL;
  const char *v = "vector<256x512xi32>", *mr = "memref<256x512xi32, #tpu.memory_space<vmem>>";
  bool ok = put(t, cap, &len,
                "module @threefry {\n  func.func @main(%%i: i32, %%a: %s, %%b: %s, %%o0: %s, %%o1: %s) attributes "
                "{dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: %d>, "
                "scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, window_params = [{transform_indices = @t, "
                "window_bounds = array<i64: %d, %d>}, {transform_indices = @t, window_bounds = array<i64: %d, %d>}, "
                "{transform_indices = @t, window_bounds = array<i64: %d, %d>}, {transform_indices = @t, window_bounds = "
                "array<i64: %d, %d>}]} {\n    %%c0 = arith.constant 0 : index\n",
                mr, mr, mr, mr, rows / BR, BR, BC, BR, BC, BR, BC, BR, BC);
  const uint32_t ks[3] = {KEY0, KEY1, KEY0 ^ KEY1 ^ 0x1BD11BDAu};
  for (int k = 0; k < 3; k++) ok = ok && put(t, cap, &len, "    %%ks%d = arith.constant dense<%d> : %s\n", k, (int32_t)ks[k], v);
  for (int r = 0; r < 8; r++)
    ok = ok && put(t, cap, &len, "    %%l%d = arith.constant dense<%d> : %s\n    %%h%d = arith.constant dense<%d> : %s\n", r,
                   ROT[r], v, r, 32 - ROT[r], v);
  for (int g = 1; g <= 5; g++) ok = ok && put(t, cap, &len, "    %%g%d = arith.constant dense<%d> : %s\n", g, g, v);
  ok = ok && put(t, cap, &len,
                 "    %%c0v = vector.load %%a[%%c0, %%c0] : %s, %s\n    %%c1v = vector.load %%b[%%c0, %%c0] : %s, %s\n"
                 "    %%x0_0 = arith.addi %%c0v, %%ks0 : %s\n    %%x1_0 = arith.addi %%c1v, %%ks1 : %s\n",
                 mr, v, mr, v, v, v);
  int n = 0; /* x0_n, x1_n: the current words */
  for (int g = 0; g < 5 && ok; g++) {
    for (int r = 0; r < 4 && ok; r++) {
      int q = (g % 2) * 4 + r;
      ok = put(t, cap, &len,
               "    %%x0_%d = arith.addi %%x0_%d, %%x1_%d : %s\n    %%s%d = arith.shli %%x1_%d, %%l%d : %s\n"
               "    %%u%d = arith.shrui %%x1_%d, %%h%d : %s\n    %%r%d = arith.ori %%s%d, %%u%d : %s\n"
               "    %%x1_%d = arith.xori %%r%d, %%x0_%d : %s\n",
               n + 1, n, n, v, n, n, q, v, n, n, q, v, n, n, n, v, n + 1, n, n + 1, v);
      n++;
    }
    ok = ok && put(t, cap, &len,
                   "    %%x0_%d = arith.addi %%x0_%d, %%ks%d : %s\n    %%k%d = arith.addi %%x1_%d, %%ks%d : %s\n"
                   "    %%x1_%d = arith.addi %%k%d, %%g%d : %s\n",
                   n + 1, n, (g + 1) % 3, v, n, n, (g + 2) % 3, v, n + 1, n, g + 1, v);
    n++;
  }
  ok = ok && put(t, cap, &len,
                 "    vector.store %%x0_%d, %%o0[%%c0, %%c0] : %s, %s\n    vector.store %%x1_%d, %%o1[%%c0, %%c0] : %s, %s\n"
                 "    return\n  }\n  func.func @t(%%i: i32) -> (i32, i32) {\n    %%z = arith.constant 0 : i32\n"
                 "    return %%i, %%z : i32, i32\n  }\n}\n",
                 n, mr, v, n, mr, v);
  if (!ok) {
    free(t);
    return NULL;
  }
  return t;
}

int bench_chunk(const bench_opts *o) {
  int rows = o->quick ? 256 : 2048;
  size_t n = (size_t)rows * BC;
  /* one core, no helpers: the figure is the executor's own, not the host split's */
  tsr_machine_options mo = {.num_cores = o->cores ? o->cores : 1, .quiet = true, .host_helpers = -1};
  tsr_machine *m = NULL, *mu = NULL; /* chunked, and op by op (tsr_machine_options.unchunked) */
  char *text = threefry_text(rows);
  uint32_t *c0 = malloc(n * 4), *c1 = malloc(n * 4), *w0 = malloc(n * 4), *w1 = malloc(n * 4), *o0 = malloc(n * 4),
           *o1 = malloc(n * 4);
  tsr_mosaic_kernel *k = NULL;
  int rc = 1;
  if (!text || !c0 || !c1 || !w0 || !w1 || !o0 || !o1) {
    fprintf(stderr, "bench chunk: out of memory\n");
    goto out;
  }
  if (tsr_machine_create(&mo, &m) != TSR_OK || (mo.unchunked = true, tsr_machine_create(&mo, &mu)) != TSR_OK) {
    fprintf(stderr, "bench chunk: %s\n", tsr_last_error());
    goto out;
  }
  if (!(k = bench_kernel_from_text(text, "chunk"))) goto out;
  for (size_t i = 0; i < n; i++) {
    c0[i] = (uint32_t)i;
    c1[i] = (uint32_t)(i + n);
  }
  int64_t sh[2] = {rows, BC};
  tsr_ref in[2] = {tsr_ref_dense(c0, TSR_U32, TSR_HBM, 2, sh), tsr_ref_dense(c1, TSR_U32, TSR_HBM, 2, sh)};
  tsr_ref out[2] = {tsr_ref_dense(o0, TSR_U32, TSR_HBM, 2, sh), tsr_ref_dense(o1, TSR_U32, TSR_HBM, 2, sh)};
  double tc = 1e30, tu = 1e30, tl = 1e30;
  rc = 0;
  /* interleaved, so that a machine whose speed drifts slows all three alike; each the fastest */
  for (int r = 0; r < REPEATS && !rc; r++) {
    double t0 = bench_now();
    threefry_c(c0, c1, w0, w1, n);
    double t1 = bench_now();
    memset(o0, 0, n * 4);
    if (tsr_mosaic_kernel_run(mu, k, in, 2, out, 2, NULL, NULL) != TSR_OK) rc = 1;
    double t2 = bench_now();
    rc = rc || memcmp(o0, w0, n * 4) || memcmp(o1, w1, n * 4);
    memset(o0, 0, n * 4);
    double t3 = bench_now();
    if (!rc && tsr_mosaic_kernel_run(m, k, in, 2, out, 2, NULL, NULL) != TSR_OK) rc = 1;
    double t4 = bench_now();
    rc = rc || memcmp(o0, w0, n * 4) || memcmp(o1, w1, n * 4);
    if (t1 - t0 < tl) tl = t1 - t0;
    if (t2 - t1 < tu) tu = t2 - t1;
    if (t4 - t3 < tc) tc = t4 - t3;
  }
  if (rc) {
    fprintf(stderr, "bench chunk: %s\n", tsr_last_error()[0] ? tsr_last_error() : "outputs differ from the C loop");
    goto out;
  }
  char name[128];
  snprintf(name, sizeof name, "threefry-2x32 u32[%d,%d], (%d,%d) blocks: chunked (op by op = baseline)", rows, BC, BR, BC);
  bench_figure(o, name, tc * 1e3, "ms", tu * 1e3, false);
  snprintf(name, sizeof name, "threefry-2x32 u32[%d,%d]: chunked (one fused C loop = baseline)", rows, BC);
  bench_figure(o, name, tc * 1e3, "ms", tl * 1e3, false);
out:
  tsr_mosaic_kernel_destroy(k);
  tsr_machine_destroy(m);
  tsr_machine_destroy(mu);
  free(text);
  free(c0);
  free(c1);
  free(w0);
  free(w1);
  free(o0);
  free(o1);
  return rc;
}
