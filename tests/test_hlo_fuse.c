/* Loop fusion (src/hlo/fuse.c): chains of elementwise ops run tile by tile must give the bytes
 * of the op-by-op run (TSR_HLO_FUSE=0), over random programs of bf16, f32, i32 and ui32 ops
 * with scalar and row broadcasts, iotas, splat constants, converts, selects, reshapes and ops
 * that end a chain, and over jax.random.normal's graph as JAX exports it (threefry); and they
 * must hold less memory: intermediates one tile at a time. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/dtype.h"
#include "hlo_util.h"

enum { ROWS = 3, COLS = 5000, N = ROWS * COLS };

typedef struct {
  char *text;
  size_t len, cap;
} sbuf;

static void put(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(sbuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (b->len + (size_t)n + 1 > b->cap) {
    b->cap = (b->len + (size_t)n + 1) * 2;
    b->text = realloc(b->text, b->cap);
  }
  va_start(ap, fmt);
  vsnprintf(b->text + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void) {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return (uint32_t)(rng >> 11);
}
static int pick(int n) { return (int)(rnd() % (uint32_t)n); }

typedef struct {
  const char *name; /* MLIR element type */
  tsr_dtype dtype;
  bool fl;
  const char *other[2]; /* types to convert to and back */
} elem_type;

static const elem_type types[] = {
    {"f32", TSR_F32, true, {"bf16", "i32"}},
    {"bf16", TSR_BF16, true, {"f32", "f16"}},
    {"i32", TSR_I32, false, {"f32", "ui32"}},
    {"ui32", TSR_U32, false, {"i32", "f32"}},
};

/* A random program of `len` steps over values of type t (3x5000): arguments %x0, %x1 (the
 * shape), %v (a row), %c (a column) and %s (a scalar). Returns three values. */
static char *random_program(const elem_type *t, int len) {
  static const char *fbin[] = {"add", "subtract", "multiply", "divide", "maximum", "minimum", "atan2", "power"};
  static const char *ibin[] = {"add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum",
                               "and", "or", "xor", "shift_left", "shift_right_logical", "shift_right_arithmetic"};
  static const char *fun[] = {"negate", "abs", "exponential", "log", "sqrt", "tanh", "sine", "floor", "logistic", "rsqrt"};
  static const char *iun[] = {"negate", "not", "popcnt"};
  static const char *dirs[] = {"EQ", "NE", "GE", "GT", "LE", "LT"};
  const char *T = t->name;
  char full[64];
  snprintf(full, sizeof full, "tensor<%dx%dx%s>", ROWS, COLS, T);
  sbuf b = {0};
  put(&b, "func.func @main(%%x0: %s, %%x1: %s, %%v: tensor<%dx%s>, %%c: tensor<%dx%s>, %%s: tensor<%s>) -> (%s, %s, %s) {\n",
      full, full, COLS, T, ROWS, T, T, full, full, full);
  int nv = 2, tmp = 0; /* values %0.. and the arguments %x0, %x1 */
  char names[512][16];
  snprintf(names[0], 16, "%%x0");
  snprintf(names[1], 16, "%%x1");
  for (int step = 0; step < len && nv < 500; step++) {
    const char *a = names[pick(nv)], *c = names[nv - 1 - pick(nv < 4 ? nv : 4)]; /* recent values more often */
    char *out = names[nv];
    snprintf(out, 16, "%%v%d", nv);
    switch (pick(11)) {
    case 0: case 1: case 2:
      if (t->fl) put(&b, "  %s = stablehlo.%s %s, %s : %s\n", out, fbin[pick(8)], a, c, full);
      else put(&b, "  %s = stablehlo.%s %s, %s : %s\n", out, ibin[pick(13)], a, c, full);
      break;
    case 3:
      if (t->fl) put(&b, "  %s = stablehlo.%s %s : %s\n", out, fun[pick(10)], a, full);
      else put(&b, "  %s = stablehlo.%s %s : %s\n", out, iun[pick(3)], a, full);
      break;
    case 4: /* a scalar's broadcast as an operand (folded), or a row's or a column's */
      switch (pick(3)) {
      case 0: put(&b, "  %%t%d = \"stablehlo.broadcast_in_dim\"(%%s) {broadcast_dimensions = array<i64>} : (tensor<%s>) -> %s\n", tmp, T, full); break;
      case 1: put(&b, "  %%t%d = \"stablehlo.broadcast_in_dim\"(%%v) {broadcast_dimensions = array<i64: 1>} : (tensor<%dx%s>) -> %s\n", tmp, COLS, T, full); break;
      default: put(&b, "  %%t%d = \"stablehlo.broadcast_in_dim\"(%%c) {broadcast_dimensions = array<i64: 0>} : (tensor<%dx%s>) -> %s\n", tmp, ROWS, T, full); break;
      }
      put(&b, "  %s = stablehlo.%s %%t%d, %s : %s\n", out, t->fl ? "multiply" : "xor", tmp, a, full);
      tmp++;
      break;
    case 5:
      put(&b, "  %%t%d = \"stablehlo.iota\"() {iota_dimension = %d : i64} : () -> %s\n", tmp, pick(2), full);
      put(&b, "  %s = stablehlo.add %%t%d, %s : %s\n", out, tmp, a, full);
      tmp++;
      break;
    case 6:
      if (t->fl) put(&b, "  %%t%d = stablehlo.constant dense<%.3f> : %s\n", tmp, (double)pick(2000) / 100 - 10, full);
      else put(&b, "  %%t%d = stablehlo.constant dense<%u> : %s\n", tmp, rnd() % 40, full);
      put(&b, "  %s = stablehlo.subtract %s, %%t%d : %s\n", out, a, tmp, full);
      tmp++;
      break;
    case 7:
      put(&b, "  %%t%d = \"stablehlo.compare\"(%s, %s) {comparison_direction = #stablehlo<comparison_direction %s>} : (%s, %s) -> tensor<%dx%dxi1>\n",
          tmp, a, c, dirs[pick(6)], full, full, ROWS, COLS);
      put(&b, "  %s = \"stablehlo.select\"(%%t%d, %s, %s) : (tensor<%dx%dxi1>, %s, %s) -> %s\n", out, tmp, c, a, ROWS, COLS, full, full, full);
      tmp++;
      break;
    case 8: {
      const char *u = t->other[pick(2)];
      put(&b, "  %%t%d = stablehlo.convert %s : (%s) -> tensor<%dx%dx%s>\n", tmp, a, full, ROWS, COLS, u);
      put(&b, "  %s = stablehlo.convert %%t%d : (tensor<%dx%dx%s>) -> %s\n", out, tmp, ROWS, COLS, u, full);
      tmp++;
      break;
    }
    case 9:
      put(&b, "  %%t%d = stablehlo.reshape %s : (%s) -> tensor<%dx%s>\n", tmp, a, full, N, T);
      put(&b, "  %s = stablehlo.reshape %%t%d : (tensor<%dx%s>) -> %s\n", out, tmp, N, T, full);
      tmp++;
      break;
    default: /* an op that is not elementwise: ends a chain */
      put(&b, "  %s = \"stablehlo.reverse\"(%s) {dimensions = array<i64: 1>} : (%s) -> %s\n", out, a, full, full);
      break;
    }
    nv++;
  }
  put(&b, "  return %s, %s, %s : %s, %s, %s\n}\n", names[nv - 1], names[pick(nv)], names[pick(nv)], full, full, full);
  return b.text;
}

static void fill_random(tsr_array *a, bool fl) {
  int64_t n = tsr_array_numel(a);
  for (int64_t i = 0; i < n; i++) {
    if (!fl) {
      uint32_t v = rnd() % 8 == 0 ? rnd() % 40 : rnd() << 1 ^ rnd(); /* small shift counts too */
      memcpy((char *)a->data + 4 * i, &v, 4);
      continue;
    }
    static const double special[] = {0.0, -0.0, 1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0, 1e-40, 65504.0, 3.5};
    double v = rnd() % 16 == 0 ? special[pick(8)] : ((double)rnd() / 4294967296.0 - 0.5) * 8.0;
    float f = (float)v;
    if (a->dtype == TSR_F32) memcpy((char *)a->data + 4 * i, &f, 4);
    else ((uint16_t *)a->data)[i] = tsr_f32_to_bf16(f);
  }
}

/* Runs program `text` once fused and once op by op on copies of `in`, with and without TPU
 * numerics, and checks the outputs are the same bytes; returns the fused and unfused peaks
 * of intermediate bytes (of the run without TPU numerics) added to *fused, *unfused. */
static void check_parity(const char *text, const tsr_array *in, int n_in, int n_out, int64_t *fused, int64_t *unfused) {
  tsr_mlir_module *m;
  tsr_hlo_program *p;
  CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "fuse.mlir", &m));
  CHECK_OK(tsr_hlo_compile(m, &p));
  for (int numerics = 0; numerics < 2; numerics++) {
    tsr_hlo_run_opts opts = {.tpu_numerics = numerics};
    tsr_array out[2][8];
    tsr_hlo_stats st[2];
    for (int mode = 0; mode < 2; mode++) {
      setenv("TSR_HLO_FUSE", mode ? "1" : "0", 1);
      CHECK_OK(tsr_hlo_run(p, &opts, in, n_in, out[mode], &st[mode]));
    }
    unsetenv("TSR_HLO_FUSE");
    for (int i = 0; i < n_out; i++) {
      bool same = tsr_array_bytes(&out[0][i]) == tsr_array_bytes(&out[1][i]) &&
                  !memcmp(out[0][i].data, out[1][i].data, tsr_array_bytes(&out[0][i]));
      CHECK(same);
      if (!same) {
        fprintf(stderr, "  output %d differs (tpu_numerics %d) in:\n%s\n", i, numerics, text);
        for (int64_t e = 0, shown = 0; e < tsr_array_numel(&out[0][i]) && shown < 4; e++)
          if (dtype_load_f64(out[0][i].dtype, out[0][i].data, e) != dtype_load_f64(out[1][i].dtype, out[1][i].data, e)) {
            fprintf(stderr, "    [%lld] %g op by op, %g fused\n", (long long)e, dtype_load_f64(out[0][i].dtype, out[0][i].data, e),
                    dtype_load_f64(out[1][i].dtype, out[1][i].data, e));
            shown++;
          }
      }
      tsr_array_free(&out[0][i]);
      tsr_array_free(&out[1][i]);
    }
    if (!numerics) {
      *unfused += st[0].peak_intermediate_bytes;
      *fused += st[1].peak_intermediate_bytes;
    }
  }
  tsr_hlo_program_destroy(p);
  tsr_mlir_module_destroy(m);
}

static void test_random_programs(void) {
  int64_t shape[2] = {ROWS, COLS}, row[1] = {COLS}, col[1] = {ROWS};
  for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++) {
    const elem_type *t = &types[ti];
    int64_t fused = 0, unfused = 0;
    for (int prog = 0; prog < 12; prog++) {
      tsr_array in[5];
      CHECK_OK(tsr_array_alloc(&in[0], t->dtype, 2, shape));
      CHECK_OK(tsr_array_alloc(&in[1], t->dtype, 2, shape));
      CHECK_OK(tsr_array_alloc(&in[2], t->dtype, 1, row));
      CHECK_OK(tsr_array_alloc(&in[3], t->dtype, 1, col));
      CHECK_OK(tsr_array_alloc(&in[4], t->dtype, 0, NULL));
      for (int i = 0; i < 5; i++) fill_random(&in[i], t->fl);
      char *text = random_program(t, 10 + pick(40));
      check_parity(text, in, 5, 3, &fused, &unfused);
      free(text);
      for (int i = 0; i < 5; i++) tsr_array_free(&in[i]);
    }
    /* values read again far down a random program are made whole: no bound on the peak */
    fprintf(stderr, "  %s: peak intermediate bytes %lld fused, %lld op by op\n", t->name, (long long)fused, (long long)unfused);
  }
}

/* A chain of 40 ops whose values are each read by the next only: fused, the run holds the
 * result and a few tiles; op by op, two whole arrays at least. */
static void test_chain_memory(void) {
  enum { R = 64, C = 4096 };
  sbuf b = {0};
  put(&b, "func.func @main(%%x: tensor<%dx%dxf32>) -> tensor<%dx%dxf32> {\n  %%c = stablehlo.constant dense<0.5> : tensor<%dx%dxf32>\n", R, C, R, C, R, C);
  put(&b, "  %%v0 = stablehlo.multiply %%x, %%c : tensor<%dx%dxf32>\n", R, C);
  for (int i = 1; i < 40; i++)
    put(&b, "  %%v%d = stablehlo.%s %%v%d, %%x : tensor<%dx%dxf32>\n", i, i % 2 ? "add" : "multiply", i - 1, R, C);
  put(&b, "  return %%v39 : tensor<%dx%dxf32>\n}\n", R, C);
  int64_t shape[2] = {R, C}, fused = 0, unfused = 0, bytes = (int64_t)R * C * 4;
  tsr_array in[1];
  CHECK_OK(tsr_array_alloc(&in[0], TSR_F32, 2, shape));
  fill_random(&in[0], true);
  check_parity(b.text, in, 1, 1, &fused, &unfused);
  CHECK(unfused >= 2 * bytes);
  CHECK(fused < bytes + bytes / 4);
  fprintf(stderr, "  chain: peak intermediate bytes %lld fused, %lld op by op\n", (long long)fused, (long long)unfused);
  tsr_array_free(&in[0]);
  free(b.text);
}

/* jax.random.normal(jax.random.key(0), (64, 7168), jnp.float32) as JAX 0.10 exports it:
 * threefry's rounds of 32-bit adds, shifts and xors, the uniform's bits made floats, and the
 * inverse error function's polynomial with its splat coefficients and selects. */
static void test_random_normal(void) {
  FILE *fp = fopen("tests/hlo/random_normal.mlir", "rb");
  CHECK(fp != NULL);
  if (!fp) return;
  char *text = calloc(1, 1 << 20);
  size_t len = text ? fread(text, 1, (1 << 20) - 1, fp) : 0;
  fclose(fp);
  CHECK(len > 0);
  uint32_t key[2] = {0, 0};
  int64_t two[1] = {2};
  tsr_array in[1] = {arr(TSR_U32, 1, two, key)};
  int64_t fused = 0, unfused = 0;
  check_parity(text, in, 1, 1, &fused, &unfused);
  /* whole arrays cross the calls to threefry and to the uniform; inside them, tiles */
  CHECK(fused < unfused);
  fprintf(stderr, "  random normal: peak intermediate bytes %lld fused, %lld op by op\n", (long long)fused, (long long)unfused);
  tsr_array_free(&in[0]);
  free(text);
}

int main(void) {
  test_random_programs();
  test_chain_memory();
  test_random_normal();
  return tsr_test_finish("hlo_fuse");
}
