/* The vector transcendental functions (src/mosaic/vmath.c) against the correctly rounded
 * result: the function computed in double by libm and rounded once to float. A sweep steps
 * through the 2^32 float bit patterns (both signs, every exponent, NaNs included) and
 * measures each function's distance in ulps where the result is a normal float, and demands
 * what libm gives where it is not (zero, subnormal, infinity, NaN). The test samples every
 * 1021st pattern; `test_vmath --dense 7` (or `--all`: every pattern) prints the table in
 * docs/mosaic.md, with glibc's own float functions measured the same way beside it. */
#include <float.h>
#include <stdint.h>
#include <time.h>

#include "harness.h"
#include "mosaic/mosaic_internal.h"

typedef void (*vec_fn)(float *, const float *, int64_t);

static void exp_into(float *d, const float *a, int64_t n) { mosaic_vec_expf(d, a, n); }
/* jax.nn.sigmoid as Pallas lowers it for TPU: 1 / (1 + exp(-x)), the exp being math.exp */
static void logistic_into(float *d, const float *a, int64_t n) {
  float neg[512], t[512];
  for (int64_t at = 0; at < n; at += 512) {
    int64_t k = n - at < 512 ? n - at : 512;
    for (int64_t i = 0; i < k; i++) neg[i] = -a[at + i];
    mosaic_vec_expf(t, neg, k);
    for (int64_t i = 0; i < k; i++) d[at + i] = 1.0f / (1.0f + t[i]);
  }
}
static double logistic_d(double x) { return 1.0 / (1.0 + exp(-x)); }
static float logistic_f(float x) { return 1.0f / (1.0f + expf(-x)); }
static float rsqrt_f(float x) { return 1.0f / sqrtf(x); }
static double rsqrt_d(double x) { return 1.0 / sqrt(x); }

typedef struct fn_case {
  const char *name;
  vec_fn vec;
  double (*ref)(double);
  float (*libm)(float);
  int64_t max_ulp;  /* what the sampled sweep must hold */
  float lo;         /* inputs below are not judged (logistic: see docs/mosaic.md) */
  float from, to;   /* typical inputs, for the timing */
} fn_case;

static const fn_case CASES[] = {
    {"exp", exp_into, exp, expf, 1, -INFINITY, -10.0f, 10.0f},
    {"log", mosaic_vec_logf, log, logf, 1, -INFINITY, 1e-3f, 1e3f},
    {"tanh", mosaic_vec_tanhf, tanh, tanhf, 1, -INFINITY, -10.0f, 10.0f},
    {"logistic", logistic_into, logistic_d, logistic_f, 2, -88.0f, -10.0f, 10.0f},
    {"sin", mosaic_vec_sinf, sin, sinf, 2, -INFINITY, -10.0f, 10.0f},
    {"cos", mosaic_vec_cosf, cos, cosf, 2, -INFINITY, -10.0f, 10.0f},
    {"erf", mosaic_vec_erff, erf, erff, 1, -INFINITY, -5.0f, 5.0f},
    {"sqrt", mosaic_vec_sqrtf, sqrt, sqrtf, 0, -INFINITY, 0.0f, 1e3f},
    {"rsqrt", mosaic_vec_rsqrtf, rsqrt_d, rsqrt_f, 1, -INFINITY, 1e-3f, 1e3f},
};

/* Distance in units in the last place between two finite floats of any sign. */
static int64_t ulp_distance(float a, float b) {
  int32_t ia, ib;
  memcpy(&ia, &a, 4);
  memcpy(&ib, &b, 4);
  int64_t oa = ia < 0 ? -(int64_t)(ia & 0x7fffffff) : ia, ob = ib < 0 ? -(int64_t)(ib & 0x7fffffff) : ib;
  return oa > ob ? oa - ob : ob - oa;
}

typedef struct sweep {
  int64_t worst, special_bad, tested;
  float worst_at, special_at;
} sweep;

/* Where the correctly rounded result is zero, subnormal, infinite or NaN it must match
 * within the subnormal's one ulp (libm's own expf is not exact there either). */
static void judge(sweep *s, float x, float got, double want_d) {
  float want = (float)want_d;
  s->tested++;
  bool special = want != want || isinf(want) || fabsf(want) < FLT_MIN;
  if (special) {
    bool ok = want != want ? got != got : ulp_distance(got, want) <= (want != 0.0f && !isinf(want) ? 1 : 0);
    if (!ok && !s->special_bad++) s->special_at = x;
    return;
  }
  if (got != got || isinf(got)) { if (!s->special_bad++) s->special_at = x; return; }
  int64_t u = ulp_distance(got, want);
  if (u > s->worst) { s->worst = u; s->worst_at = x; }
}

enum { CHUNK = 4096 };

static void run_sweep(const fn_case *f, uint64_t stride, sweep *vec, sweep *lib) {
  static float a[CHUNK], d[CHUNK], l[CHUNK];
  *vec = *lib = (sweep){0};
  for (uint64_t pattern = 0; pattern < (UINT64_C(1) << 32);) {
    int n = 0;
    for (; n < CHUNK && pattern < (UINT64_C(1) << 32); n++, pattern += stride) {
      uint32_t b = (uint32_t)pattern;
      memcpy(&a[n], &b, 4);
    }
    f->vec(d, a, n);
    for (int i = 0; i < n; i++) l[i] = f->libm(a[i]);
    for (int i = 0; i < n; i++) {
      if (a[i] < f->lo) continue;
      double want = f->ref((double)a[i]);
      judge(vec, a[i], d[i], want);
      judge(lib, a[i], l[i], want);
    }
  }
}

/* Nanoseconds per element on typical inputs (the sweep's are mostly huge or tiny): the vector
 * function's and a loop over libm's, the least of 20 tries over 4096 elements in cache. */
static void time_fn(const fn_case *f, double *vec_ns, double *lib_ns) {
  static float a[CHUNK], d[CHUNK];
  for (int i = 0; i < CHUNK; i++) a[i] = f->from + (f->to - f->from) * (float)i / CHUNK;
  *vec_ns = *lib_ns = 1e30;
  for (int r = 0; r < 20; r++) {
    struct timespec t0, t1, t2;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    f->vec(d, a, CHUNK);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    for (int i = 0; i < CHUNK; i++) d[i] = f->libm(a[i]);
    clock_gettime(CLOCK_MONOTONIC, &t2);
    double v = (double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec);
    double l = (double)(t2.tv_sec - t1.tv_sec) * 1e9 + (double)(t2.tv_nsec - t1.tv_nsec);
    if (v / CHUNK < *vec_ns) *vec_ns = v / CHUNK;
    if (l / CHUNK < *lib_ns) *lib_ns = l / CHUNK;
  }
}

/* In place (d == a) gives what a separate destination gives, the rare inputs included. */
static void test_in_place(const fn_case *f) {
  float a[1000], d[1000], b[1000];
  for (int i = 0; i < 1000; i++) a[i] = (float)(i - 500) * 0.37f;
  a[3] = NAN, a[4] = INFINITY, a[5] = -INFINITY, a[6] = 1e30f, a[7] = -0.0f, a[8] = 1e-40f, a[700] = -1e20f;
  memcpy(b, a, sizeof a);
  f->vec(d, a, 1000);
  f->vec(b, b, 1000);
  int differ = 0;
  for (int i = 0; i < 1000; i++) differ += memcmp(&d[i], &b[i], 4) != 0;
  if (differ) fprintf(stderr, "%s: %d results differ in place\n", f->name, differ);
  CHECK_EQ_INT(differ, 0);
}

/* exp at its edges: overflow, subnormal results, underflow to zero, the specials. */
static void test_exp_edges(void) {
  float d[16];
  const float specials[] = {0.0f, -0.0f, 1.0f, -1.0f, 88.0f, 88.72f, 89.0f, -87.0f, -87.5f, -103.9f, -104.5f, -1e30f, 1e30f, INFINITY, -INFINITY, NAN};
  const int ns = (int)(sizeof specials / sizeof specials[0]);
  mosaic_vec_expf(d, specials, ns);
  CHECK(d[0] == 1.0f && d[1] == 1.0f && d[2] == expf(1.0f) && ulp_distance(d[3], (float)exp(-1.0)) <= 1);
  CHECK(isinf(d[5]) == isinf(expf(88.72f)) && isinf(d[6]) && d[6] > 0 && d[12] == INFINITY && d[13] == INFINITY);
  CHECK(d[8] == expf(-87.5f) && d[9] == expf(-103.9f) && d[9] > 0); /* subnormal results */
  CHECK(d[10] == 0.0f && d[11] == 0.0f && d[14] == 0.0f && isnan(d[15]));
}

int main(int argc, char **argv) {
  /* --all: every bit pattern; --dense N: every Nth; --only NAME: one function. Either of the
   * first two prints a table row per function (the header with --header). */
  uint64_t stride = 1021;
  bool table = false;
  const char *only = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--all")) stride = 1, table = true;
    else if (!strcmp(argv[i], "--dense") && i + 1 < argc) stride = strtoull(argv[++i], NULL, 10), table = true;
    else if (!strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
    else if (!strcmp(argv[i], "--header"))
      printf("| function | max ulp (vector) | at x = | max ulp (glibc float) | at x = | ns/element vector | ns/element glibc loop |\n"
             "|---|---|---|---|---|---|---|\n");
    else {
      fprintf(stderr, "usage: test_vmath [--all | --dense N] [--only NAME] [--header]\n");
      return 2;
    }
  }
  if (stride < 1) stride = 1;
  bool all = table;
  for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
    const fn_case *f = &CASES[i];
    if (only && strcmp(only, f->name)) continue;
    sweep v, l;
    run_sweep(f, stride, &v, &l);
    if (all) {
      double vs, ls;
      time_fn(f, &vs, &ls);
      printf("| %s | %lld | %.9g | %lld | %.9g | %.2f | %.2f |\n", f->name, (long long)v.worst, v.worst_at,
             (long long)l.worst, l.worst_at, vs, ls);
      fflush(stdout);
    }
    if (v.worst > f->max_ulp || v.special_bad)
      fprintf(stderr, "%s: worst %lld ulp at %.9g; %lld special results wrong (first at %.9g)\n", f->name,
              (long long)v.worst, v.worst_at, (long long)v.special_bad, v.special_at);
    CHECK(v.tested > (int64_t)(2000000 * 1021 / stride));
    CHECK(v.worst <= f->max_ulp);
    CHECK_EQ_INT(v.special_bad, 0);
    if (f->vec != exp_into && f->vec != logistic_into) test_in_place(f);
  }
  if (!only) test_exp_edges();
  return tsr_test_finish("test_vmath");
}
