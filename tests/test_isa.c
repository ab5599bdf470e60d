/* The copies of the hot loops built for each instruction-set level (src/core/isa.h) give the
 * same bits: every level this CPU runs against the baseline, byte for byte, on the vector
 * transcendentals and the float roundings (a sweep over every float's bit range, with the
 * special values), the strided copies (against a plain loop too), and whole kernels (the JAX
 * suite on its inputs; tests/ops and tests/mosaic on random ones, whose float bits include
 * NaNs, infinities and subnormals): their outputs, and their failures' messages. Also that the
 * level in use is the one asked for, and that a level the CPU cannot run is refused. */
#include <glob.h>
#include <stdint.h>
#include <string.h>

#include "core/isa.h"
#include "core/strided.h"
#include "harness.h"
#include "mosaic/mosaic_internal.h"
#include "tessera/array.h"
#include "tessera/hlo.h"
#include "tessera/machine.h"
#include "tessera/mlir.h"
#include "tessera/npy.h"

static isa_level runs[ISA_LEVELS]; /* the levels this CPU runs and the build holds, ISA_BASE first */
static int nruns;
static bool quick;

static uint64_t rng = 0x243f6a8885a308d3ull;
static uint64_t next(void) { /* splitmix64 */
  uint64_t z = (rng += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static void use(isa_level l) {
  bool ok = isa_force(l);
  CHECK(ok && isa_active() == l);
}

/* ---- the level in use ----------------------------------------------------------------------- */

static void test_dispatch(void) {
  for (int l = 0; l < ISA_LEVELS; l++) {
    bool can = isa_built((isa_level)l) && (isa_level)l <= isa_cpu_level();
    if (can) runs[nruns++] = (isa_level)l;
    printf("isa: %s %s\n", isa_name((isa_level)l),
           can ? "runs here" : isa_built((isa_level)l) ? "is built; this CPU cannot run it" : "is not built");
  }
  CHECK(nruns >= 1 && runs[0] == ISA_BASE);
  /* without TSR_ISA (ctest sets none) the highest level that runs */
  if (!getenv("TSR_ISA")) CHECK(isa_active() == runs[nruns - 1]);
#ifdef TSR_ISA_DISPATCH
  const mosaic_isa *tables[ISA_LEVELS] = {&mosaic_isa_base, &mosaic_isa_v3, &mosaic_isa_v4};
  for (int a = 0; a < ISA_LEVELS; a++) /* three copies of the code, not one three times */
    for (int b = a + 1; b < ISA_LEVELS; b++) CHECK(tables[a]->mosaic_exec_range != tables[b]->mosaic_exec_range);
  for (int k = 0; k < nruns; k++) {
    use(runs[k]);
    CHECK(mosaic_isa_active() == tables[runs[k]]);
  }
#endif
  isa_level best = runs[nruns - 1];
  use(best);
  for (int l = best + 1; l < ISA_LEVELS; l++) { /* refused, and nothing changes */
    CHECK(!isa_force((isa_level)l));
    CHECK(isa_active() == best);
  }
}

/* ---- vector math and roundings --------------------------------------------------------------- */

static void compare_bytes(const char *what, const char *level, const void *a, const void *b, size_t n, size_t es,
                          const void *inputs) {
  if (!memcmp(a, b, n * es)) {
    CHECK(true);
    return;
  }
  size_t i = 0;
  while (!memcmp((const char *)a + i * es, (const char *)b + i * es, es)) i++;
  uint32_t x = 0, ya = 0, yb = 0;
  if (inputs) memcpy(&x, (const char *)inputs + i * 4, 4);
  memcpy(&ya, (const char *)a + i * es, es < 4 ? es : 4);
  memcpy(&yb, (const char *)b + i * es, es < 4 ? es : 4);
  fprintf(stderr, "%s: %s differs from the baseline at element %zu (input bits 0x%08x): 0x%08x against 0x%08x\n",
          what, level, i, x, yb, ya);
  CHECK(false);
}

static const char *const vec_names[MOSAIC_VEC_FUNCS] = {"exp", "log", "tanh", "sin", "cos", "erf", "sqrt", "rsqrt"};

static void test_vmath(void) {
  /* the special values, then a walk over all 2^32 bit patterns by an odd step (every sign,
   * exponent and mantissa region, NaNs and subnormals among them) */
  static const uint32_t special[] = {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u,
                                     0x7f800001u, 0x00000001u, 0x807fffffu, 0x00800000u, 0x3f800000u, 0xbf800000u,
                                     0x42b00000u, 0xc2ae0000u, 0xc2d00000u, 0x46000000u, 0xc6000000u, 0x3f200000u,
                                     0x41100000u, 0x407b0000u, 0x3f600000u, 0x7f7fffffu, 0xff7fffffu};
  size_t ns = sizeof special / sizeof special[0];
  size_t n = quick ? (size_t)1 << 16 : (size_t)1 << 22;
  uint32_t *in = malloc(n * 4);
  float *out[ISA_LEVELS], *inplace = malloc(n * 4);
  for (int l = 0; l < ISA_LEVELS; l++) out[l] = malloc(n * 4);
  if (!in || !inplace) return;
  uint32_t step = (uint32_t)(((uint64_t)1 << 32) / n) | 1u;
  for (size_t i = 0; i < n; i++) in[i] = i < ns ? special[i] : (uint32_t)(i * step + (uint32_t)next() % step);
  for (int f = 0; f < MOSAIC_VEC_FUNCS; f++) {
    for (int k = 0; k < nruns; k++) {
      use(runs[k]);
      const mosaic_isa *t = mosaic_isa_active();
      t->vec[f](out[k], (const float *)in, (int64_t)n);
      if (f != MOSAIC_VEC_EXP) { /* in place, as the ops run it (mosaic_vec_expf's operands may not overlap) */
        memcpy(inplace, in, n * 4);
        t->vec[f](inplace, inplace, (int64_t)n);
        compare_bytes(vec_names[f], "in place", out[k], inplace, n, 4, in);
      }
      if (k) compare_bytes(vec_names[f], isa_name(runs[k]), out[0], out[k], n, 4, in);
    }
  }
  static const int eks[] = {MOSAIC_EK_BF16, MOSAIC_EK_F16, MOSAIC_EK_F8E4M3FN, MOSAIC_EK_F8E5M2, MOSAIC_EK_F8E4M3B11FNUZ};
  for (size_t e = 0; e < sizeof eks / sizeof eks[0]; e++) {
    for (int k = 0; k < nruns; k++) {
      use(runs[k]);
      memcpy(out[k], in, n * 4);
      mosaic_isa_active()->mosaic_round_to_ek(out[k], (int64_t)n, eks[e]);
      if (k) compare_bytes("mosaic_round_to_ek", isa_name(runs[k]), out[0], out[k], n, 4, in);
    }
    /* and against the conversions of the public API, element by element */
    bool same = true;
    for (size_t i = 0; i < n && same && eks[e] == MOSAIC_EK_BF16; i++) {
      float x;
      memcpy(&x, &in[i], 4);
      float want = tsr_bf16_to_f32(tsr_f32_to_bf16(x));
      same = !memcmp(&want, &out[0][i], 4);
    }
    CHECK(same);
  }
  free(in);
  free(inplace);
  for (int l = 0; l < ISA_LEVELS; l++) free(out[l]);
}

/* ---- strided copies ---------------------------------------------------------------------------- */

/* Element-by-element reference of a strided copy. */
static void copy_ref(size_t es, int rank, const int64_t *shape, char *d, const int64_t *ds, const char *s,
                     const int64_t *ss) {
  int64_t idx[TSR_MAX_RANK] = {0}, n = 1;
  for (int k = 0; k < rank; k++) n *= shape[k];
  for (int64_t e = 0; e < n; e++) {
    int64_t od = 0, os = 0;
    for (int k = 0; k < rank; k++) od += idx[k] * ds[k], os += idx[k] * ss[k];
    memcpy(d + od * (int64_t)es, s + os * (int64_t)es, es);
    strided_next(idx, shape, rank);
  }
}

static void test_strided(void) {
  enum { CASES = 300 };
  static const size_t sizes[] = {1, 2, 4, 8, 3, 12};
  int cases = quick ? 60 : CASES;
  for (int c = 0; c < cases; c++) {
    size_t es = sizes[next() % 6];
    int rank = 1 + (int)(next() % 4);
    int64_t shape[TSR_MAX_RANK], ds[TSR_MAX_RANK], ss[TSR_MAX_RANK];
    int how = (int)(next() % 4); /* 0 dense, 1 padded rows, 2 source transposed, 3 long rows (streaming) */
    for (int k = 0; k < rank; k++) shape[k] = 1 + (int64_t)(next() % (k == rank - 1 ? 40 : 6));
    if (how == 3) shape[rank - 1] = 1024 / (int64_t)es + (int64_t)(next() % 300);
    /* destination: dense or with padded rows; source: as the destination, transposed, or a
     * broadcast (stride 0) somewhere */
    int64_t pad = how == 1 ? 1 + (int64_t)(next() % 7) : 0, span_d = 1, span_s = 1;
    for (int k = rank - 1; k >= 0; k--) {
      ds[k] = span_d;
      span_d *= shape[k] + (k == rank - 1 ? pad : 0);
    }
    for (int j = 0; j < rank; j++) { /* row-major, or column-major (transposed) */
      int k = how == 2 ? j : rank - 1 - j;
      ss[k] = span_s;
      span_s *= shape[k];
    }
    if (how != 2 && next() % 4 == 0) ss[next() % (uint64_t)rank] = 0;
    size_t db = (size_t)span_d * es + 64, sb = (size_t)span_s * es + 64;
    char *src = malloc(sb), *want = malloc(db), *got[ISA_LEVELS];
    for (size_t i = 0; i < sb; i++) src[i] = (char)next();
    memset(want, 0x5a, db);
    copy_ref(es, rank, shape, want, ds, src, ss);
    for (int k = 0; k < nruns; k++) {
      use(runs[k]);
      got[k] = malloc(db * 3);
      char *a = got[k], *b = got[k] + db, *cur = got[k] + 2 * db;
      memset(got[k], 0x5a, db * 3);
      strided_copy(es, rank, shape, a, ds, src, ss);
      strided_copy_stream(es, rank, shape, b, ds, src, ss);
      strided_cursor cs[2];
      strided_cursor_start(&cs[0], es, rank, shape, cur, ds, src, ss, how == 3);
      strided_cursor_start(&cs[1], es, rank, shape, cur, ds, src, ss, false); /* the same bytes again */
      strided_cursors_run(cs, 2, 256);
      for (int w = 0; w < 3; w++) compare_bytes("strided copy", isa_name(runs[k]), want, got[k] + w * db, db, 1, NULL);
    }
    for (int k = 0; k < nruns; k++) free(got[k]);
    free(src);
    free(want);
  }
}

/* ---- whole kernels ------------------------------------------------------------------------------ */

typedef struct result {
  tsr_status s;
  char err[512];
  int nout;
  tsr_array out[16];
} result;

static void result_free(result *r) {
  for (int i = 0; i < r->nout; i++) tsr_array_free(&r->out[i]);
  r->nout = 0;
}

/* Random inputs: floats of every magnitude, one in sixteen raw bits (NaNs, infinities,
 * subnormals); integers small (indices) or anything. */
static void fill(tsr_array *a) {
  /* 2^-32 .. 2^31: a float of 24 bits times one of these is exact (the smallest product,
   * 2^-31 * 2^-32, is normal), the same bits as ldexpf, without a libm call per element */
  static float pow2[64];
  if (pow2[0] == 0.0f)
    for (int e = 0; e < 64; e++) pow2[e] = ldexpf(1.0f, e - 32);
  size_t es = tsr_dtype_size(a->dtype);
  int64_t n = tsr_array_numel(a);
  for (int64_t i = 0; i < n; i++) {
    uint64_t r = next();
    char *p = (char *)a->data + (size_t)i * es;
    if (a->dtype == TSR_BOOL) {
      int32_t v = (int32_t)(r & 1);
      memcpy(p, &v, 4);
    } else if (a->dtype == TSR_F32 && (r & 15)) {
      float v = (float)(int32_t)(r >> 32) / 2147483648.0f * pow2[(r >> 8) & 63];
      memcpy(p, &v, 4);
    } else if (tsr_dtype_is_float(a->dtype) || (r & 1)) {
      memcpy(p, &r, es < 8 ? es : 8);
    } else {
      uint64_t small = (r >> 8) & 7;
      memcpy(p, &small, es < 8 ? es : 8);
    }
  }
}

static void run_at(tsr_hlo_program *p, const tsr_array *in, int nin, isa_level l, result *r) {
  use(l);
  memset(r, 0, sizeof *r);
  tsr_machine_options o = {.host_helpers = -1, .quiet = true, .max_kernel_ops = 10000000};
  int nd = tsr_hlo_num_devices(p);
  o.num_devices = nd > 1 ? nd : 0;
  tsr_machine *m = NULL;
  r->s = tsr_machine_create(&o, &m);
  int nout = tsr_hlo_num_outputs(p);
  if (r->s == TSR_OK && nout <= 16) {
    tsr_hlo_run_opts ro = {.machine = m};
    r->s = tsr_hlo_run(p, &ro, in, nin, r->out, NULL);
    if (r->s == TSR_OK) r->nout = nout;
  }
  if (r->s != TSR_OK) snprintf(r->err, sizeof r->err, "%s", tsr_last_error());
  tsr_machine_destroy(m);
}

static bool same_result(const result *a, const result *b) {
  if (a->s != b->s || strcmp(a->err, b->err) || a->nout != b->nout) return false;
  for (int i = 0; i < a->nout; i++) {
    const tsr_array *x = &a->out[i], *y = &b->out[i];
    if (x->dtype != y->dtype || x->rank != y->rank || memcmp(x->shape, y->shape, sizeof(int64_t) * (size_t)x->rank) ||
        memcmp(x->data, y->data, tsr_array_bytes(x)))
      return false;
  }
  return true;
}

/* Runs one module at every level; returns whether the baseline's run succeeded. */
static bool compare_module(const char *path, const char *inputs_glob) {
  tsr_mlir_module *m = NULL;
  tsr_hlo_program *p = NULL;
  if (tsr_mlir_read_file(path, &m) != TSR_OK || tsr_hlo_compile(m, &p) != TSR_OK) {
    tsr_hlo_program_destroy(p);
    tsr_mlir_module_destroy(m);
    return false; /* what cannot compile runs at no level */
  }
  int nin = tsr_hlo_num_inputs(p);
  tsr_array in[16];
  memset(in, 0, sizeof in);
  bool have = nin <= 16;
  glob_t g = {0};
  if (have && inputs_glob && glob(inputs_glob, 0, NULL, &g) == 0 && (int)g.gl_pathc == nin) {
    for (int i = 0; i < nin && have; i++) have = tsr_npy_read(g.gl_pathv[i], &in[i]) == TSR_OK;
  } else {
    /* random inputs up to 1 GiB in all: dma_big_any.mlir's 10 GiB operand (run with an
     * unbacked mapping by test_mosaic_kernels.c) would be filled element by element and held
     * through every level's run, for one DMA of 32 KiB */
    size_t total = 0;
    for (int i = 0; i < nin && have; i++) {
      tsr_array t;
      have = tsr_hlo_input_type(p, i, &t);
      if (have) total += (size_t)tsr_array_numel(&t) * tsr_dtype_size(t.dtype);
      have = have && total <= ((size_t)1 << 30) && tsr_array_alloc(&in[i], t.dtype, t.rank, t.shape) == TSR_OK;
      if (have) fill(&in[i]);
    }
  }
  globfree(&g);
  bool ok = false;
  if (have) {
    result base, other;
    run_at(p, in, nin, runs[0], &base);
    ok = base.s == TSR_OK;
    for (int k = 1; k < nruns; k++) {
      run_at(p, in, nin, runs[k], &other);
      bool same = same_result(&base, &other);
      if (!same)
        fprintf(stderr, "%s: %s's run differs from the baseline's (%s / %s)\n", path, isa_name(runs[k]),
                base.s == TSR_OK ? "ok" : base.err, other.s == TSR_OK ? "ok" : other.err);
      CHECK(same);
      result_free(&other);
    }
    result_free(&base);
  }
  for (int i = 0; i < nin && i < 16; i++) tsr_array_free(&in[i]);
  tsr_hlo_program_destroy(p);
  tsr_mlir_module_destroy(m);
  return ok;
}

static void test_kernels(void) {
  static const char *const patterns[] = {"tests/jax_suite/*/v_fwd/module.mlir", "tests/ops/*.mlir", "tests/mosaic/*.mlir"};
  int ran = 0, tried = 0;
  for (size_t q = 0; q < (quick ? 1 : sizeof patterns / sizeof patterns[0]); q++) {
    glob_t g;
    if (glob(patterns[q], 0, NULL, &g) != 0) continue;
    for (size_t i = 0; i < g.gl_pathc; i++) {
      char ins[512] = "";
      if (q == 0) { /* the suite's own inputs: tests/jax_suite/K/in_*.npy */
        snprintf(ins, sizeof ins, "%s", g.gl_pathv[i]);
        char *cut = strstr(ins, "/v_fwd/");
        if (cut) snprintf(cut, sizeof ins - (size_t)(cut - ins), "/in_*.npy");
      }
      ran += compare_module(g.gl_pathv[i], q == 0 ? ins : NULL);
      tried++;
    }
    globfree(&g);
  }
  printf("isa: %d of %d modules ran at %d level(s) with the same bytes\n", ran, tried, nruns);
  CHECK(ran >= (quick ? 10 : 60)); /* a comparison of nothing proves nothing */
}

int main(void) {
  quick = getenv("TSR_QUICK") != NULL;
  test_dispatch();
  test_vmath();
  test_strided();
  test_kernels();
  use(runs[nruns - 1]);
  return tsr_test_finish("test_isa");
}
