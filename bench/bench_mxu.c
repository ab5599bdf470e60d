/* tessera bench mxu: the MXU's precisions on one gridded Mosaic matmul (an f32 scratch
 * accumulator over a K grid, as Pallas's matmul examples write it), each against the same
 * kernel at HIGHEST (fp32) measured in the same rounds: default precision (f32 operands taken
 * as bf16, one pass), HIGH (bf16x3) and bf16 x bf16 operands with f32 accumulation. The
 * variants run in turn, the order reversed every round; each figure is the median over the
 * rounds. Ratio = HIGHEST time / the variant's time (> 1: faster than HIGHEST); the goal is
 * 0.83 or better (within 1.2x) for default precision and 1.0 for bf16 inputs.
 *
 * Each result is checked bit for bit against a run that computes the same products another
 * way: default precision equals HIGHEST on operands rounded to bf16 here beforehand, bf16
 * operands equal HIGHEST on their f32 widening, and HIGH equals HIGHEST (tessera runs
 * bf16x3 at full f32). HIGHEST itself is checked against double-precision dot products on a
 * sample of the output. */
#define _DEFAULT_SOURCE /* getloadavg */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "tessera/machine.h"

#define MAX_ROUNDS 15

/* $B block side, $G grid side, $T operand element type, $P the precision clause */
static const char *mm_template =
    "module @mxu {\n"
    "  func.func @kernel(%i: i32, %j: i32, %k: i32, %x: memref<$Bx$Bx$T, #tpu.memory_space<vmem>>, "
    "%y: memref<$Bx$Bx$T, #tpu.memory_space<vmem>>, %o: memref<$Bx$Bxf32, #tpu.memory_space<vmem>>, "
    "%acc: memref<$Bx$Bxf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = "
    "[#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<arbitrary>], "
    "iteration_bounds = array<i64: $G, $G, $G>, scalar_prefetch = 0 : i64, scratch_operands = 1 : i64, "
    "window_params = [{transform_indices = @transform_0, window_bounds = array<i64: $B, $B>}, "
    "{transform_indices = @transform_1, window_bounds = array<i64: $B, $B>}, "
    "{transform_indices = @transform_2, window_bounds = array<i64: $B, $B>}]} {\n"
    "    %c0_i32 = arith.constant 0 : i32\n"
    "    %first = arith.cmpi eq, %k, %c0_i32 : i32\n"
    "    %c0 = arith.constant 0 : index\n"
    "    scf.if %first {\n"
    "      %z = arith.constant dense<0.000000e+00> : vector<$Bx$Bxf32>\n"
    "      vector.store %z, %acc[%c0, %c0] : memref<$Bx$Bxf32, #tpu.memory_space<vmem>>, vector<$Bx$Bxf32>\n"
    "    }\n"
    "    %a = vector.load %x[%c0, %c0] : memref<$Bx$Bx$T, #tpu.memory_space<vmem>>, vector<$Bx$Bx$T>\n"
    "    %b = vector.load %y[%c0, %c0] : memref<$Bx$Bx$T, #tpu.memory_space<vmem>>, vector<$Bx$Bx$T>\n"
    "    %s = vector.load %acc[%c0, %c0] : memref<$Bx$Bxf32, #tpu.memory_space<vmem>>, vector<$Bx$Bxf32>\n"
    "    %t = \"tpu.matmul\"(%a, %b, %s) {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], "
    "[0, 0, 1, 1], [], []>$P} : (vector<$Bx$Bx$T>, vector<$Bx$Bx$T>, vector<$Bx$Bxf32>) -> vector<$Bx$Bxf32>\n"
    "    vector.store %t, %acc[%c0, %c0] : memref<$Bx$Bxf32, #tpu.memory_space<vmem>>, vector<$Bx$Bxf32>\n"
    "    %nk = \"tpu.iteration_bound\"() {dim = 2 : i32} : () -> i32\n"
    "    %c1_i32 = arith.constant 1 : i32\n"
    "    %lastk = arith.subi %nk, %c1_i32 : i32\n"
    "    %last = arith.cmpi eq, %k, %lastk : i32\n"
    "    scf.if %last {\n"
    "      vector.store %t, %o[%c0, %c0] : memref<$Bx$Bxf32, #tpu.memory_space<vmem>>, vector<$Bx$Bxf32>\n"
    "    }\n"
    "    return\n  }\n"
    "  func.func @transform_0(%i: i32, %j: i32, %k: i32) -> (i32, i32) {\n    return %i, %k : i32, i32\n  }\n"
    "  func.func @transform_1(%i: i32, %j: i32, %k: i32) -> (i32, i32) {\n    return %k, %j : i32, i32\n  }\n"
    "  func.func @transform_2(%i: i32, %j: i32, %k: i32) -> (i32, i32) {\n    return %i, %j : i32, i32\n  }\n}\n";

/* The template with its $ fields filled in (NULL: out of memory). */
static char *kernel_text(int block, int grid, const char *type, const char *precision) {
  char b[16], g[16];
  snprintf(b, sizeof b, "%d", block);
  snprintf(g, sizeof g, "%d", grid);
  size_t cap = strlen(mm_template) * 2 + 1024, used = 0;
  char *out = malloc(cap);
  if (!out) return NULL;
  for (const char *p = mm_template; *p; p++) {
    const char *put = NULL;
    if (*p == '$') {
      char f = p[1];
      put = f == 'B' ? b : f == 'G' ? g : f == 'T' ? type : f == 'P' ? precision : NULL;
    }
    if (put) {
      size_t n = strlen(put);
      if (used + n + 1 > cap) break;
      memcpy(out + used, put, n);
      used += n;
      p++;
    } else if (used + 2 <= cap) {
      out[used++] = *p;
    }
  }
  out[used] = 0;
  return out;
}

/* Round to nearest even, as the MXU takes an f32 operand at default precision (written here
 * apart from tessera's own conversion, so that the check is independent of it). Finite
 * inputs only: the bench's operands are. */
static float to_bf16(float v) {
  uint32_t u;
  memcpy(&u, &v, 4);
  u = (u + 0x7fffu + ((u >> 16) & 1u)) & 0xffff0000u;
  memcpy(&v, &u, 4);
  return v;
}

enum { V_HIGHEST, V_DEFAULT, V_HIGH, V_BF16, NV };
static const char *const variant_name[NV] = {"HIGHEST (fp32)", "default precision (bf16, 1 pass)", "HIGH (bf16x3)",
                                             "bf16 x bf16 -> f32"};

typedef struct variant {
  tsr_mosaic_kernel *k;
  tsr_ref in[2], out;
  double t[MAX_ROUNDS];
} variant;

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static bool same_bits(const float *a, const float *b, size_t n, const char *what) {
  if (!memcmp(a, b, n * sizeof *a)) return true;
  for (size_t i = 0; i < n; i++)
    if (memcmp(&a[i], &b[i], sizeof *a)) {
      fprintf(stderr, "bench mxu: %s: element %zu is %.9g, expected %.9g\n", what, i, (double)a[i], (double)b[i]);
      break;
    }
  return false;
}

/* One size and block: every variant's kernel, the checks, then the timed rounds. */
static int bench_size(const bench_opts *o, tsr_machine *m, int S, int B, int rounds) {
  size_t n = (size_t)S * (size_t)S;
  int64_t sh[2] = {S, S};
  float *x = malloc(n * 4), *y = malloc(n * 4), *xr = malloc(n * 4), *yr = malloc(n * 4), *ref = malloc(n * 4);
  uint16_t *x16 = malloc(n * 2), *y16 = malloc(n * 2);
  float *outs[NV] = {0};
  variant v[NV] = {0};
  int rc = !x || !y || !xr || !yr || !ref || !x16 || !y16;
  for (int i = 0; i < NV && !rc; i++) rc = !(outs[i] = calloc(n, 4));
  /* operands of several signs and magnitudes whose bf16 roundings differ from them */
  uint32_t state = 12345;
  for (size_t i = 0; i < n && !rc; i++) {
    state = state * 1664525u + 1013904223u;
    x[i] = ((float)(state >> 8) / 16777216.0f - 0.5f) * 3.0f;
    state = state * 1664525u + 1013904223u;
    y[i] = ((float)(state >> 8) / 16777216.0f - 0.5f) * 0.7f;
    xr[i] = to_bf16(x[i]);
    yr[i] = to_bf16(y[i]);
    uint32_t u;
    memcpy(&u, &xr[i], 4);
    x16[i] = (uint16_t)(u >> 16);
    memcpy(&u, &yr[i], 4);
    y16[i] = (uint16_t)(u >> 16);
  }
  static const char *const clause[NV] = {", precision = #tpu.contract_precision<fp32>", "",
                                         ", precision = #tpu.contract_precision<bf16x3>", ""};
  for (int i = 0; i < NV && !rc; i++) {
    char *text = kernel_text(B, S / B, i == V_BF16 ? "bf16" : "f32", clause[i]);
    v[i].k = text ? bench_kernel_from_text(text, "mxu") : NULL;
    free(text);
    rc = !v[i].k;
    v[i].in[0] = i == V_BF16 ? tsr_ref_dense(x16, TSR_BF16, TSR_HBM, 2, sh) : tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sh);
    v[i].in[1] = i == V_BF16 ? tsr_ref_dense(y16, TSR_BF16, TSR_HBM, 2, sh) : tsr_ref_dense(y, TSR_F32, TSR_HBM, 2, sh);
    v[i].out = tsr_ref_dense(outs[i], TSR_F32, TSR_HBM, 2, sh);
  }
  /* the checks: every variant once (its first run, untimed), and HIGHEST on the rounded
   * operands */
  for (int i = 0; i < NV && !rc; i++)
    if (tsr_mosaic_kernel_run(m, v[i].k, v[i].in, 2, &v[i].out, 1, NULL, NULL) != TSR_OK) rc = 1;
  tsr_ref rin[2] = {tsr_ref_dense(xr, TSR_F32, TSR_HBM, 2, sh), tsr_ref_dense(yr, TSR_F32, TSR_HBM, 2, sh)};
  tsr_ref rout = tsr_ref_dense(ref, TSR_F32, TSR_HBM, 2, sh);
  if (!rc && tsr_mosaic_kernel_run(m, v[V_HIGHEST].k, rin, 2, &rout, 1, NULL, NULL) != TSR_OK) rc = 1;
  if (rc && v[0].k) fprintf(stderr, "bench mxu: %s\n", tsr_last_error());
  if (!rc) {
    for (size_t s = 0; s < n && !rc; s += 4099) { /* a sample of HIGHEST against double sums */
      size_t r = s / (size_t)S, c = s % (size_t)S;
      double d = 0, mag = 0;
      for (size_t k = 0; k < (size_t)S; k++) {
        d += (double)x[r * (size_t)S + k] * (double)y[k * (size_t)S + c];
        mag += fabs((double)x[r * (size_t)S + k] * (double)y[k * (size_t)S + c]);
      }
      if (fabs(outs[V_HIGHEST][s] - d) > 1e-5 * mag + 1e-6) {
        fprintf(stderr, "bench mxu: HIGHEST element %zu is %.9g, expected %.9g\n", s, (double)outs[V_HIGHEST][s], d);
        rc = 1;
      }
    }
    if (!same_bits(outs[V_DEFAULT], ref, n, "default precision against HIGHEST on rounded operands")) rc = 1;
    if (!same_bits(outs[V_BF16], ref, n, "bf16 operands against HIGHEST on their widening")) rc = 1;
    if (!same_bits(outs[V_HIGH], outs[V_HIGHEST], n, "HIGH against HIGHEST")) rc = 1;
  }
  for (int r = 0; r < rounds && !rc; r++)
    for (int q = 0; q < NV && !rc; q++) {
      int i = r % 2 ? NV - 1 - q : q;
      double t0 = bench_now();
      if (tsr_mosaic_kernel_run(m, v[i].k, v[i].in, 2, &v[i].out, 1, NULL, NULL) != TSR_OK) rc = 1;
      v[i].t[r] = bench_now() - t0;
    }
  if (rc && v[0].k) fprintf(stderr, "bench mxu: %s\n", tsr_last_error());
  if (!rc) {
    double base = median(v[V_HIGHEST].t, rounds);
    char name[128];
    snprintf(name, sizeof name, "mxu %d^3 blocks %d, HIGHEST", S, B);
    bench_figure(o, name, base * 1e3, "ms", 0, false);
    for (int i = V_DEFAULT; i < NV; i++) {
      snprintf(name, sizeof name, "mxu %d^3 blocks %d, %s (HIGHEST = baseline)", S, B, variant_name[i]);
      bench_figure(o, name, median(v[i].t, rounds) * 1e3, "ms", base * 1e3, false);
    }
  }
  for (int i = 0; i < NV; i++) {
    tsr_mosaic_kernel_destroy(v[i].k);
    free(outs[i]);
  }
  free(x); free(y); free(xr); free(yr); free(ref); free(x16); free(y16);
  return rc;
}

int bench_mxu(const bench_opts *o) {
  /* the default machine a user's run gets: one core and the idle CPUs as host helpers */
  tsr_machine_options mo = {.num_cores = o->cores ? o->cores : 1, .quiet = true};
  tsr_machine *m = NULL;
  if (tsr_machine_create(&mo, &m) != TSR_OK) {
    fprintf(stderr, "bench mxu: %s\n", tsr_last_error());
    return 1;
  }
  double load[2][3] = {{0}};
  getloadavg(load[0], 3);
  int S = o->quick ? 256 : 1024, rounds = o->quick ? 3 : 9;
  int rc = bench_size(o, m, S, 256, rounds);
  if (!rc) rc = bench_size(o, m, S, 128, rounds);
  getloadavg(load[1], 3);
  fprintf(o->json ? stderr : stdout, "load average (1 min) at the start and the end: %.2f, %.2f\n", load[0][0], load[1][0]);
  tsr_machine_destroy(m);
  return rc;
}
