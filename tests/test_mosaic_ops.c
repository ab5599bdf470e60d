/* Each Mosaic op against a plain C reference, through a one-op grid-less kernel generated
 * as text: inputs are loaded from VMEM refs, the op runs, the result is stored. Edge cases:
 * NaN and inf, integer overflow (wrapping), division and remainder signs, shifts by the
 * width, saturating float-to-int conversion, bf16 rounding. */
#include <float.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "tessera/check.h"
#include "tessera/mosaic.h"
#include "mosaic/def_use.h"

#define N 16
static tsr_machine *M;

/* Runs `%r = OPTEXT` on inputs %x (and %y) of vector<16xIT>, storing %r (vector<16xRT>).
 * `extra` may define more values before the store and name the stored one %out. */
static tsr_status run_op(const char *it, const char *rt, int nin, const char *body, const void *x, const void *y,
                         void *out) {
  char text[4096];
  snprintf(text, sizeof text,
           "module @t {\n"
           "  func.func @k(%%a: memref<16x%s, #tpu.memory_space<vmem>>, %%b: memref<16x%s, #tpu.memory_space<vmem>>, "
           "%%o: memref<16x%s, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, "
           "scratch_operands = 0 : i64} {\n"
           "    %%c0 = arith.constant 0 : index\n"
           "    %%x = vector.load %%a[%%c0] : memref<16x%s, #tpu.memory_space<vmem>>, vector<16x%s>\n"
           "    %%y = vector.load %%b[%%c0] : memref<16x%s, #tpu.memory_space<vmem>>, vector<16x%s>\n"
           "    %s\n"
           "    vector.store %%r, %%o[%%c0] : memref<16x%s, #tpu.memory_space<vmem>>, vector<16x%s>\n"
           "    return\n  }\n}\n",
           it, it, rt, it, it, it, it, body, rt, rt);
  tsr_mlir_module *m = NULL;
  tsr_mosaic_kernel *k = NULL;
  tsr_status s = tsr_mlir_parse_text(text, strlen(text), "op.mlir", &m);
  if (s == TSR_OK) s = tsr_mosaic_kernel_create(m, &k);
  tsr_mlir_module_destroy(m);
  if (s != TSR_OK) {
    fprintf(stderr, "%s\n%s\n", tsr_last_error(), text);
    return s;
  }
  tsr_dtype di, dr;
  tsr_dtype_parse(it, &di);
  tsr_dtype_parse(rt, &dr);
  if (!strcmp(it, "i1")) di = TSR_BOOL;
  int64_t sh[1] = {N};
  tsr_ref in[2] = {tsr_ref_dense((void *)x, di, TSR_HBM, 1, sh), tsr_ref_dense((void *)(y ? y : x), di, TSR_HBM, 1, sh)};
  tsr_ref o = tsr_ref_dense(out, dr, TSR_HBM, 1, sh);
  (void)nin;
  s = tsr_mosaic_kernel_run(M, k, in, 2, &o, 1, NULL, NULL);
  if (s != TSR_OK) fprintf(stderr, "%s\n", tsr_last_error());
  tsr_mosaic_kernel_destroy(k);
  return s;
}

static bool same_f(float a, float b) {
  if (a != a) return b != b;
  return a == b || fabsf(a - b) <= 2e-6f * fmaxf(fabsf(a), fabsf(b));
}

static const float FX[N] = {0.0f, -0.0f, 1.0f, -1.5f, 2.5f, -2.5f, 3.75f, 1e30f, -1e-30f, INFINITY, -INFINITY, NAN, 0.5f, 7.0f, -3.25f, 100.0f};
static const float FY[N] = {0.0f, 0.0f, 3.0f, 2.0f, -0.0f, NAN, 0.5f, 1e10f, 4.0f, INFINITY, 2.0f, 1.0f, -0.5f, 7.0f, 1.25f, -3.0f};

typedef float (*f2)(float, float);
static float f_add(float a, float b) { return a + b; }
static float f_sub(float a, float b) { return a - b; }
static float f_mul(float a, float b) { return a * b; }
static float f_div(float a, float b) { return a / b; }
static float f_max(float a, float b) { return (a != a || b != b) ? NAN : a == b ? (signbit(a) ? b : a) : a > b ? a : b; }
static float f_min(float a, float b) { return (a != a || b != b) ? NAN : a == b ? (signbit(a) ? a : b) : a < b ? a : b; }
static float f_rem(float a, float b) { return fmodf(a, b); }
static float f_pow(float a, float b) { return powf(a, b); }

static void test_float_binary(void) {
  struct { const char *op; f2 ref; } ops[] = {{"arith.addf", f_add}, {"arith.subf", f_sub}, {"arith.mulf", f_mul},
                                             {"arith.divf", f_div}, {"arith.maximumf", f_max}, {"arith.minimumf", f_min},
                                             {"arith.maxnumf", fmaxf}, {"arith.minnumf", fminf}, {"arith.remf", f_rem},
                                             {"math.powf", f_pow}, {"math.atan2", atan2f}};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
    char body[256];
    snprintf(body, sizeof body, "%%r = \"%s\"(%%x, %%y) : (vector<16xf32>, vector<16xf32>) -> vector<16xf32>", ops[i].op);
    float o[N];
    CHECK_OK(run_op("f32", "f32", 2, body, FX, FY, o));
    int bad = 0;
    for (int j = 0; j < N; j++)
      if (!same_f(o[j], ops[i].ref(FX[j], FY[j]))) {
        bad++;
        fprintf(stderr, "%s(%g, %g) = %g, want %g\n", ops[i].op, FX[j], FY[j], o[j], ops[i].ref(FX[j], FY[j]));
      }
    CHECK_EQ_INT(bad, 0);
  }
}

static float r_rsqrt(float a) { return 1.0f / sqrtf(a); }
static float r_neg(float a) { return -a; }
static float r_recip(float a) { return 1.0f / a; }

static void test_float_unary(void) {
  struct { const char *op; float (*ref)(float); } ops[] = {
      {"math.exp", expf}, {"math.exp2", exp2f}, {"math.log", logf}, {"math.log1p", log1pf}, {"math.sqrt", sqrtf},
      {"math.rsqrt", r_rsqrt}, {"math.sin", sinf}, {"math.cos", cosf}, {"math.tan", tanf}, {"math.tanh", tanhf},
      {"math.erf", erff}, {"math.absf", fabsf}, {"math.ceil", ceilf}, {"math.floor", floorf}, {"math.round", roundf},
      {"math.roundeven", rintf}, {"arith.negf", r_neg}, {"tpu.reciprocal", r_recip}};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
    char body[256];
    snprintf(body, sizeof body, "%%r = \"%s\"(%%x) : (vector<16xf32>) -> vector<16xf32>", ops[i].op);
    float o[N];
    CHECK_OK(run_op("f32", "f32", 1, body, FX, NULL, o));
    int bad = 0;
    for (int j = 0; j < N; j++) bad += !same_f(o[j], ops[i].ref(FX[j]));
    if (bad) fprintf(stderr, "%s: %d wrong\n", ops[i].op, bad);
    CHECK_EQ_INT(bad, 0);
  }
  /* round halves away from zero, roundeven to even */
  float o[N];
  CHECK_OK(run_op("f32", "f32", 1, "%r = \"math.round\"(%x) : (vector<16xf32>) -> vector<16xf32>", FX, NULL, o));
  CHECK(o[4] == 3.0f && o[5] == -3.0f);
  CHECK_OK(run_op("f32", "f32", 1, "%r = \"math.roundeven\"(%x) : (vector<16xf32>) -> vector<16xf32>", FX, NULL, o));
  CHECK(o[4] == 2.0f && o[5] == -2.0f);
}

static const int32_t IX[N] = {INT32_MAX, INT32_MIN, -7, 7, -7, 7, 0, -1, 100, -8, 1, 12345, -2147483647, 5, 3, -3};
static const int32_t IY[N] = {1, -1, 2, -2, -2, 0, 0, 2, 7, 1, 31, 32, -1, 33, -3, 3};

typedef int64_t (*i2)(int64_t, int64_t);
static int32_t wrap(int64_t v) { return (int32_t)(uint32_t)(uint64_t)v; }
static int64_t i_add(int64_t a, int64_t b) { return a + b; }
static int64_t i_sub(int64_t a, int64_t b) { return a - b; }
static int64_t i_mul(int64_t a, int64_t b) { return a * b; }
static int64_t i_divs(int64_t a, int64_t b) { return b == 0 ? -1 : a / b; }
static int64_t i_rems(int64_t a, int64_t b) { return b == 0 ? a : a % b; }
static int64_t i_divu(int64_t a, int64_t b) { return (uint32_t)b == 0 ? -1 : (int64_t)((uint32_t)a / (uint32_t)b); }
static int64_t i_remu(int64_t a, int64_t b) { return (uint32_t)b == 0 ? a : (int64_t)((uint32_t)a % (uint32_t)b); }
static int64_t i_floordiv(int64_t a, int64_t b) {
  if (b == 0) return -1;
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
static int64_t i_ceildiv(int64_t a, int64_t b) {
  if (b == 0) return -1;
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}
static int64_t i_shl(int64_t a, int64_t b) { return (uint32_t)b >= 32 ? 0 : (int64_t)((uint32_t)a << (uint32_t)b); }
static int64_t i_shrs(int64_t a, int64_t b) { return (uint32_t)b >= 32 ? (a < 0 ? -1 : 0) : (a < 0 ? ~(~a >> b) : a >> b); }
static int64_t i_shru(int64_t a, int64_t b) { return (uint32_t)b >= 32 ? 0 : (int64_t)((uint32_t)a >> (uint32_t)b); }
static int64_t i_and(int64_t a, int64_t b) { return a & b; }
static int64_t i_or(int64_t a, int64_t b) { return a | b; }
static int64_t i_xor(int64_t a, int64_t b) { return a ^ b; }
static int64_t i_maxs(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t i_mins(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t i_maxu(int64_t a, int64_t b) { return (uint32_t)a > (uint32_t)b ? a : b; }
static int64_t i_minu(int64_t a, int64_t b) { return (uint32_t)a < (uint32_t)b ? a : b; }

static void test_int_binary(void) {
  struct { const char *op; i2 ref; } ops[] = {
      {"arith.addi", i_add}, {"arith.subi", i_sub}, {"arith.muli", i_mul}, {"arith.divsi", i_divs},
      {"arith.remsi", i_rems}, {"arith.divui", i_divu}, {"arith.remui", i_remu}, {"arith.floordivsi", i_floordiv},
      {"arith.ceildivsi", i_ceildiv}, {"arith.shli", i_shl}, {"arith.shrsi", i_shrs}, {"arith.shrui", i_shru},
      {"arith.andi", i_and}, {"arith.ori", i_or}, {"arith.xori", i_xor}, {"arith.maxsi", i_maxs},
      {"arith.minsi", i_mins}, {"arith.maxui", i_maxu}, {"arith.minui", i_minu}};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
    char body[256];
    snprintf(body, sizeof body, "%%r = \"%s\"(%%x, %%y) : (vector<16xi32>, vector<16xi32>) -> vector<16xi32>", ops[i].op);
    int32_t o[N];
    CHECK_OK(run_op("i32", "i32", 2, body, IX, IY, o));
    int bad = 0;
    for (int j = 0; j < N; j++) {
      int32_t want = (ops[i].ref == i_divs || ops[i].ref == i_floordiv || ops[i].ref == i_ceildiv) && IX[j] == INT32_MIN && IY[j] == -1
                         ? INT32_MIN
                         : wrap(ops[i].ref(IX[j], IY[j]));
      if (o[j] != want) {
        bad++;
        fprintf(stderr, "%s(%d, %d) = %d, want %d\n", ops[i].op, IX[j], IY[j], o[j], want);
      }
    }
    CHECK_EQ_INT(bad, 0);
  }
  /* the documented edge values */
  int32_t o[N];
  CHECK_OK(run_op("i32", "i32", 2, "%r = arith.divsi %x, %y : vector<16xi32>", IX, IY, o));
  CHECK_EQ_INT(o[2], -3);  /* -7 / 2 rounds toward zero */
  CHECK_EQ_INT(o[5], -1);  /* x / 0 */
  CHECK_EQ_INT(o[1], INT32_MIN);
  CHECK_OK(run_op("i32", "i32", 2, "%r = arith.remsi %x, %y : vector<16xi32>", IX, IY, o));
  CHECK_EQ_INT(o[2], -1);  /* sign of the dividend */
  CHECK_EQ_INT(o[3], 1);
  CHECK_OK(run_op("i32", "i32", 2, "%r = arith.addi %x, %y : vector<16xi32>", IX, IY, o));
  CHECK_EQ_INT(o[0], INT32_MIN); /* wraps */
}

/* divsi and remsi by the same power of two in every lane take shifts (src/mosaic/ops_arith.c):
 * the same results as C's division, for every sign and the extremes; a divisor that differs in
 * one lane, or is not a power of two, takes the division per lane. */
static void test_int_div_uniform_pow2(void) {
  const int32_t divisors[] = {1, 2, 4, 128, 1 << 30, 3, -4};
  for (size_t di = 0; di < sizeof divisors / sizeof divisors[0]; di++) {
    for (int uneven = 0; uneven < 2; uneven++) {
      int32_t y[N];
      for (int j = 0; j < N; j++) y[j] = divisors[di];
      if (uneven) y[N - 1] = 8;
      for (int rem = 0; rem < 2; rem++) {
        char body[160];
        snprintf(body, sizeof body, "%%r = %s %%x, %%y : vector<16xi32>", rem ? "arith.remsi" : "arith.divsi");
        int32_t o[N];
        CHECK_OK(run_op("i32", "i32", 2, body, IX, y, o));
        int bad = 0;
        for (int j = 0; j < N; j++) {
          int32_t want = IX[j] == INT32_MIN && y[j] == -1 ? (rem ? 0 : INT32_MIN)
                                                          : wrap(rem ? i_rems(IX[j], y[j]) : i_divs(IX[j], y[j]));
          if (o[j] != want) {
            bad++;
            fprintf(stderr, "%s(%d, %d) = %d, want %d\n", rem ? "remsi" : "divsi", IX[j], y[j], o[j], want);
          }
        }
        CHECK_EQ_INT(bad, 0);
      }
    }
  }
}

static void test_narrow_ints(void) {
  int8_t a[N], b[N], o[N];
  for (int i = 0; i < N; i++) { a[i] = (int8_t)(127 - i); b[i] = (int8_t)(i + 1); }
  CHECK_OK(run_op("i8", "i8", 2, "%r = arith.addi %x, %y : vector<16xi8>", a, b, o));
  int bad = 0;
  for (int i = 0; i < N; i++) bad += o[i] != (int8_t)(uint8_t)(a[i] + b[i]);
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(o[0], -128);
  CHECK_OK(run_op("i8", "i8", 2, "%r = arith.shrui %x, %y : vector<16xi8>", a, b, o));
  CHECK_EQ_INT(o[0], 63);
}

static void test_compare_select(void) {
  int32_t o[N];
  CHECK_OK(run_op("f32", "i32", 2,
                  "%c = arith.cmpf olt, %x, %y : vector<16xf32>\n    %r = arith.extui %c : vector<16xi1> to vector<16xi32>", FX,
                  FY, o));
  int bad = 0;
  for (int i = 0; i < N; i++) bad += o[i] != (FX[i] < FY[i]);
  CHECK_EQ_INT(bad, 0);
  CHECK_OK(run_op("f32", "i32", 2,
                  "%c = arith.cmpf une, %x, %y : vector<16xf32>\n    %r = arith.extui %c : vector<16xi1> to vector<16xi32>", FX,
                  FY, o));
  bad = 0;
  for (int i = 0; i < N; i++) bad += o[i] != !(FX[i] == FY[i]);
  CHECK_EQ_INT(bad, 0);
  CHECK_OK(run_op("i32", "i32", 2,
                  "%c = arith.cmpi ult, %x, %y : vector<16xi32>\n    %r = arith.select %c, %x, %y : vector<16xi1>, vector<16xi32>",
                  IX, IY, o));
  bad = 0;
  for (int i = 0; i < N; i++) bad += o[i] != ((uint32_t)IX[i] < (uint32_t)IY[i] ? IX[i] : IY[i]);
  CHECK_EQ_INT(bad, 0);
  CHECK_OK(run_op("f32", "i32", 1,
                  "%c = \"tpu.weird\"(%x) : (vector<16xf32>) -> vector<16xi1>\n    %r = arith.extsi %c : vector<16xi1> to vector<16xi32>",
                  FX, NULL, o));
  CHECK(o[9] == -1 && o[10] == -1 && o[11] == -1 && o[7] == 0);
}

static void test_casts(void) {
  float big[N] = {1e10f, -1e10f, NAN, -3.7f, 3.7f, 2147483520.0f, -0.5f, 255.9f, 256.0f, -129.0f, 0, 1, 2, 3, 4, 5};
  int32_t o[N];
  CHECK_OK(run_op("f32", "i32", 1, "%r = arith.fptosi %x : vector<16xf32> to vector<16xi32>", big, NULL, o));
  CHECK(o[0] == INT32_MAX && o[1] == INT32_MIN && o[2] == 0 && o[3] == -3 && o[4] == 3 && o[5] == 2147483520);
  int8_t o8[N];
  CHECK_OK(run_op("f32", "i8", 1, "%r = arith.fptosi %x : vector<16xf32> to vector<16xi8>", big, NULL, o8));
  CHECK(o8[7] == 127 && o8[9] == -128 && o8[3] == -3);
  float of[N];
  CHECK_OK(run_op("i32", "f32", 1, "%r = arith.sitofp %x : vector<16xi32> to vector<16xf32>", IX, NULL, of));
  CHECK(of[0] == 2147483648.0f && of[2] == -7.0f);
  CHECK_OK(run_op("i32", "f32", 1, "%r = arith.uitofp %x : vector<16xi32> to vector<16xf32>", IX, NULL, of));
  CHECK(of[7] == 4294967296.0f);
  CHECK_OK(run_op("f32", "i32", 1, "%r = arith.bitcast %x : vector<16xf32> to vector<16xi32>", FX, NULL, o));
  CHECK(o[2] == 0x3f800000 && o[1] == INT32_MIN);
  /* bf16: truncf rounds to nearest even; bf16 arithmetic rounds after each op */
  float t[N] = {1.00390625f, 1.01171875f, 1.0078125f, 3.14159265f, NAN, INFINITY, -0.0f, 65504.0f, 1e-40f, 2, 3, 4, 5, 6, 7, 8};
  uint16_t ob[N];
  CHECK_OK(run_op("f32", "bf16", 1, "%r = arith.truncf %x : vector<16xf32> to vector<16xbf16>", t, NULL, ob));
  CHECK_EQ_INT(ob[0], 0x3f80); /* 1 + 2^-8: a tie, to even (1.0) */
  CHECK_EQ_INT(ob[1], 0x3f82); /* 1 + 3*2^-8: a tie, to even (1 + 2^-6) */
  CHECK_EQ_INT(ob[2], 0x3f81);
  CHECK_EQ_INT(ob[3], 0x4049);
  CHECK((ob[4] & 0x7f80) == 0x7f80 && (ob[4] & 0x7f) != 0);
  CHECK_EQ_INT(ob[5], 0x7f80);
  uint16_t one[N], eps[N];
  for (int i = 0; i < N; i++) { one[i] = 0x3f80; eps[i] = 0x3b80; } /* 1.0 and 2^-8 */
  CHECK_OK(run_op("bf16", "bf16", 2, "%r = arith.addf %x, %y : vector<16xbf16>", one, eps, ob));
  CHECK_EQ_INT(ob[0], 0x3f80); /* 1 + 2^-8 rounds back to 1 in bf16 */
  CHECK_OK(run_op("bf16", "f32", 1, "%r = arith.extf %x : vector<16xbf16> to vector<16xf32>", eps, NULL, of));
  CHECK(of[0] == 0.00390625f);
}

static void test_int_unary(void) {
  int32_t o[N];
  CHECK_OK(run_op("i32", "i32", 1, "%r = \"math.absi\"(%x) : (vector<16xi32>) -> vector<16xi32>", IX, NULL, o));
  CHECK(o[1] == INT32_MIN && o[2] == 7);
  CHECK_OK(run_op("i32", "i32", 1, "%r = \"math.ctlz\"(%x) : (vector<16xi32>) -> vector<16xi32>", IX, NULL, o));
  CHECK(o[0] == 1 && o[1] == 0 && o[6] == 32 && o[10] == 31);
  CHECK_OK(run_op("i32", "i32", 1, "%r = \"math.ctpop\"(%x) : (vector<16xi32>) -> vector<16xi32>", IX, NULL, o));
  CHECK(o[0] == 31 && o[7] == 32 && o[6] == 0);
}

static void test_unsupported(void) {
  const char *text =
      "module {\n  func.func @k(%a: memref<16xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = []} {\n"
      "    \"tpu.frobnicate\"(%a) : (memref<16xf32, #tpu.memory_space<vmem>>) -> () loc(\"kern.py\":12:3)\n    return\n  }\n}\n";
  tsr_mlir_module *m = NULL;
  tsr_mosaic_kernel *k = NULL;
  CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "u.mlir", &m));
  CHECK_FAILS(tsr_mosaic_kernel_create(m, &k), TSR_ERR_UNSUPPORTED, "unsupported op tpu.frobnicate at kern.py:12:3");
  tsr_mlir_module_destroy(m);
  /* found by fuzzing: a kernel that fails to load before its operands are laid out */
  const char *miscount =
      "module {\n  func.func @k(%i: i32, %a: memref<8x128xf32, #tpu.memory_space<vmem>>, %b: memref<8x128xf32, "
      "#tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = "
      "array<i64: 4>, scalar_prefetch = 1 : i64, scratch_operands = 0 : i64, window_params = [{window_bounds = array<i64: 8, 128>}, "
      "{window_bounds = array<i64: 8, 128>}]} {\n    return\n  }\n}\n";
  CHECK_OK(tsr_mlir_parse_text(miscount, strlen(miscount), "w.mlir", &m));
  CHECK_FAILS(tsr_mosaic_kernel_create(m, &k), TSR_ERR_INVALID, "window_params has 2 entries but the kernel has 1");
  tsr_mlir_module_destroy(m);
  /* a shape mismatch names the op */
  float o[N];
  CHECK_FAILS(run_op("f32", "f32", 2, "%bad = \"arith.addf\"(%x, %y) : (vector<16xf32>, vector<16xf32>) -> vector<8xf32>\n    %r = arith.addf %x, %y : vector<16xf32>", FX, FY, o),
              TSR_ERR_INVALID, "op arith.addf at");
  /* found by fuzzing: ops with the wrong number of operands or results, or of the wrong
   * element class, are compile errors (they read operands they do not have) */
  CHECK_FAILS(run_op("f32", "f32", 1, "%r = \"arith.addf\"(%x) : (vector<16xf32>) -> vector<16xf32>", FX, NULL, o),
              TSR_ERR_INVALID, "arith.addf at op.mlir:6:5: expects 2 operands and one result");
  CHECK_FAILS(run_op("f32", "f32", 1, "\"arith.xori\"(%a, %b, %o) : (memref<16xf32, #tpu.memory_space<vmem>>, memref<16xf32, "
                     "#tpu.memory_space<vmem>>, memref<16xf32, #tpu.memory_space<vmem>>) -> ()\n    %r = arith.negf %x : vector<16xf32>",
                     FX, NULL, o),
              TSR_ERR_INVALID, "arith.xori at op.mlir:6:5: expects 2 operands and one result");
  CHECK_FAILS(run_op("f32", "f32", 1, "%c = \"arith.cmpf\"(%x) <{predicate = 1 : i64}> : (vector<16xf32>) -> vector<16xi1>\n"
                     "    %r = arith.negf %x : vector<16xf32>", FX, NULL, o),
              TSR_ERR_INVALID, "expects 2 operands and one result");
  CHECK_FAILS(run_op("f32", "f32", 2, "%r = arith.addi %x, %y : vector<16xf32>", FX, FY, o), TSR_ERR_INVALID,
              "expects integer operands");
  CHECK_FAILS(run_op("i32", "i32", 2, "%r = arith.mulf %x, %y : vector<16xi32>", IX, IX, o), TSR_ERR_INVALID,
              "expects float operands");
  /* vectors larger than any TPU's VMEM, or live values that together need more than 1 GiB,
   * are refused at compile time instead of allocated */
  CHECK_FAILS(run_op("f32", "f32", 1, "%c = arith.constant 1.0 : f32\n    %big = vector.broadcast %c : f32 to vector<8192x8192xf32>\n"
                     "    %r = arith.negf %x : vector<16xf32>", FX, NULL, o),
              TSR_ERR_UNSUPPORTED, "value of type vector<8192x8192xf32> is not supported");
  char many[2048] = "%c = arith.constant 1.0 : f32\n";
  for (int i = 0; i < 9; i++)
    snprintf(many + strlen(many), sizeof many - strlen(many), "    %%v%d = vector.broadcast %%c : f32 to vector<4096x8192xf32>\n", i);
  for (int i = 1; i < 9; i++)
    snprintf(many + strlen(many), sizeof many - strlen(many), "    %%s%d = arith.addf %%%s%d, %%v%d : vector<4096x8192xf32>\n", i,
             i == 1 ? "v" : "s", i - 1, i);
  snprintf(many + strlen(many), sizeof many - strlen(many), "    %%r = arith.negf %%x : vector<16xf32>");
  CHECK_FAILS(run_op("f32", "f32", 1, many, FX, NULL, o), TSR_ERR_UNSUPPORTED, "more than 1024 MiB");
  /* an out-of-bounds load at run time: a failure by default (out_of_bounds_reads raise), and
   * poison with a warning naming it when reads out of bounds are uninitialized */
  const char *oob = "%c9 = arith.constant 9 : index\n    %z = vector.load %a[%c9] : memref<16xf32, #tpu.memory_space<vmem>>, vector<16xf32>\n"
                    "    %r = arith.addf %z, %x : vector<16xf32>";
  CHECK_FAILS(run_op("f32", "f32", 1, oob, FX, NULL, o), TSR_ERR_BOUNDS, "index 9 (size 16, stride 1) in dimension 0 is out of bounds");
  tsr_machine *strict = M, *lenient = NULL;
  tsr_machine_options mo = {.num_cores = 1, .quiet = true, .out_of_bounds_reads = TSR_OOB_READS_UNINITIALIZED};
  CHECK_OK(tsr_machine_create(&mo, &lenient));
  M = lenient;
  CHECK_OK(run_op("f32", "f32", 1, oob, FX, NULL, o));
  for (int i = 0; i < 16; i++) CHECK(isnan(o[i]));
  CHECK(strstr(tsr_machine_warnings(M), "out-of-bounds read") && strstr(tsr_machine_warnings(M), "vector.load"));
  M = strict;
  tsr_machine_destroy(lenient);
}

/* vector.multi_reduction over the last dimension of R x n, every float kind, against a plain
 * left-to-right fold: exact for min/max (NaN, signed zeros, infinities included), within
 * rounding for add and mul. Row lengths around the 16-lane chunks and row counts around the
 * groups of four. */
static float ref_fold(const char *kind, float acc, const float *a, int n) {
  for (int i = 0; i < n; i++) {
    float b = a[i];
    if (!strcmp(kind, "add")) acc += b;
    else if (!strcmp(kind, "mul")) acc *= b;
    else if (!strcmp(kind, "minnumf")) acc = (acc != acc) ? b : (b != b) ? acc : (acc == b ? (signbit(acc) ? acc : b) : (acc < b ? acc : b));
    else if (!strcmp(kind, "maxnumf")) acc = (acc != acc) ? b : (b != b) ? acc : (acc == b ? (signbit(acc) ? b : acc) : (acc > b ? acc : b));
    else if (acc != acc || b != b) acc = NAN;
    else if (!strcmp(kind, "minimumf")) acc = acc == b ? (signbit(acc) ? acc : b) : (acc < b ? acc : b);
    else acc = acc == b ? (signbit(acc) ? b : acc) : (acc > b ? acc : b);
  }
  return acc;
}

/* vector.multi_reduction of an R x n vector over dimension `dim` (1: each row to one value,
 * R results; 0: each column, n results), with the accumulator `acc` */
static tsr_status run_reduction(const char *kind, int R, int n, int dim, const float *a, const float *acc, float *out) {
  char text[2048];
  int len = dim ? R : n; /* the result's length */
  snprintf(text, sizeof text,
           "module @t {\n"
           "  func.func @k(%%a: memref<%dx%dxf32, #tpu.memory_space<vmem>>, %%b: memref<%dxf32, #tpu.memory_space<vmem>>, "
           "%%o: memref<%dxf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, "
           "scratch_operands = 0 : i64} {\n"
           "    %%c0 = arith.constant 0 : index\n"
           "    %%x = vector.load %%a[%%c0, %%c0] : memref<%dx%dxf32, #tpu.memory_space<vmem>>, vector<%dx%dxf32>\n"
           "    %%y = vector.load %%b[%%c0] : memref<%dxf32, #tpu.memory_space<vmem>>, vector<%dxf32>\n"
           "    %%r = \"vector.multi_reduction\"(%%x, %%y) <{kind = #vector.kind<%s>, reduction_dims = array<i64: %d>}> : "
           "(vector<%dx%dxf32>, vector<%dxf32>) -> vector<%dxf32>\n"
           "    vector.store %%r, %%o[%%c0] : memref<%dxf32, #tpu.memory_space<vmem>>, vector<%dxf32>\n"
           "    return\n  }\n}\n",
           R, n, len, len, R, n, R, n, len, len, kind, dim, R, n, len, len, len, len);
  tsr_mlir_module *m = NULL;
  tsr_mosaic_kernel *k = NULL;
  tsr_status s = tsr_mlir_parse_text(text, strlen(text), "red.mlir", &m);
  if (s == TSR_OK) s = tsr_mosaic_kernel_create(m, &k);
  tsr_mlir_module_destroy(m);
  if (s != TSR_OK) { fprintf(stderr, "%s\n%s\n", tsr_last_error(), text); return s; }
  int64_t sa[2] = {R, n}, sr[1] = {len};
  tsr_ref in[2] = {tsr_ref_dense((void *)a, TSR_F32, TSR_HBM, 2, sa), tsr_ref_dense((void *)acc, TSR_F32, TSR_HBM, 1, sr)};
  tsr_ref o = tsr_ref_dense(out, TSR_F32, TSR_HBM, 1, sr);
  s = tsr_mosaic_kernel_run(M, k, in, 2, &o, 1, NULL, NULL);
  if (s != TSR_OK) fprintf(stderr, "%s\n", tsr_last_error());
  tsr_mosaic_kernel_destroy(k);
  return s;
}

/* The sum's order, bit for bit, on every target (an AVX2 build folds the 16 lanes as two
 * vectors of 8): lane j adds the elements j (mod 16) of the whole 16-element chunks in
 * order, the lanes fold j with j+8, then +4, +2, +1, then the tail in order, then the
 * accumulator. Values spread over many binades, so another order gives other bits. */
static float ref_sum16(float acc, const float *a, int n) {
  if (n < 16) {
    for (int i = 0; i < n; i++) acc += a[i];
    return acc;
  }
  float l[16];
  int i = 16;
  for (int j = 0; j < 16; j++) l[j] = a[j];
  for (; i + 16 <= n; i += 16)
    for (int j = 0; j < 16; j++) l[j] += a[i + j];
  for (int w = 8; w >= 1; w /= 2)
    for (int j = 0; j < w; j++) l[j] += l[j + w];
  float v = l[0];
  for (; i < n; i++) v += a[i];
  return acc + v;
}

static void test_sum_order(void) {
  static const int lens[] = {16, 17, 47, 128, 131, 256};
  enum { R = 5, MAXN = 256 };
  static float a[R * MAXN], acc[R], out[R];
  uint32_t seed = 777;
  for (size_t li = 0; li < sizeof lens / sizeof *lens; li++) {
    int n = lens[li], differs = 0;
    for (int i = 0; i < R * n; i++) {
      seed = seed * 1664525u + 1013904223u;
      a[i] = ldexpf((float)(seed >> 8) / 16777216.0f - 0.5f, (int)((seed >> 3) % 40) - 20);
    }
    for (int r = 0; r < R; r++) acc[r] = 0.25f * (float)r;
    CHECK_OK(run_reduction("add", R, n, 1, a, acc, out));
    for (int r = 0; r < R; r++) {
      float want = ref_sum16(acc[r], a + r * n, n), plain = acc[r];
      for (int i = 0; i < n; i++) plain += a[r * n + i];
      differs += plain != want;
      if (out[r] != want) fprintf(stderr, "sum order, row %d of %d: got %a, want %a\n", r, n, out[r], want);
      CHECK(out[r] == want);
    }
    if (n >= 128) CHECK(differs > 0); /* the data tells the two orders apart */
  }
}

static void test_multi_reduction(void) {
  static const char *kinds[] = {"add", "mul", "minnumf", "maxnumf", "minimumf", "maximumf"};
  /* 32 and more: min and max of NaN-free rows take the integer-key path (ops_vector.c),
   * here with lengths that are and are not multiples of the vector width */
  static const int lens[] = {1, 15, 16, 17, 33, 40, 48, 72, 95, 128, 131};
  static const int rows[] = {1, 3, 4, 9};
  enum { MAXR = 9, MAXN = 131 };
  static float a[MAXR * MAXN], acc[MAXR], out[MAXR];
  uint32_t seed = 12345;
  for (size_t ki = 0; ki < sizeof kinds / sizeof *kinds; ki++)
    for (size_t li = 0; li < sizeof lens / sizeof *lens; li++)
      for (size_t ri = 0; ri < sizeof rows / sizeof *rows * 2; ri++) {
        int n = lens[li], R = rows[ri / 2];
        bool zeros = ri % 2; /* only +0 and -0: the order of signed zeros */
        bool mul = !strcmp(kinds[ki], "mul");
        for (int i = 0; i < R * n; i++) {
          seed = seed * 1664525u + 1013904223u;
          float u = (float)(seed >> 8) / 16777216.0f;
          a[i] = mul ? 0.75f + 0.5f * u : 8.0f * u - 4.0f;
          switch ((seed >> 3) % 61) { /* specials, rarely */
          case 0: a[i] = 0.0f; break;
          case 1: a[i] = -0.0f; break;
          case 2: if (!mul) a[i] = INFINITY; break;
          case 3: if (!mul) a[i] = -INFINITY; break;
          case 4: if (n != 128) a[i] = NAN; break; /* rows of 128 stay NaN-free: values compared */
          case 5: if (!mul) a[i] = (seed >> 12) & 1 ? 1e-40f : -1e-40f; break; /* subnormals */
          case 6: if (!mul) a[i] = (seed >> 12) & 1 ? 3e38f : -3e38f; break;
          default: break;
          }
          if (zeros) a[i] = (seed >> 12) & 1 ? 0.0f : -0.0f;
        }
        for (int r = 0; r < R; r++) acc[r] = r == 1 ? -0.0f : mul ? 1.0f : 0.5f * (float)r;
        CHECK_OK(run_reduction(kinds[ki], R, n, 1, a, acc, out));
        for (int r = 0; r < R; r++) {
          float want = ref_fold(kinds[ki], acc[r], a + r * n, n);
          bool exact = strcmp(kinds[ki], "add") && !mul;
          bool ok = want != want ? out[r] != out[r]
                    : exact ? (out[r] == want && signbit(out[r]) == signbit(want))
                            : (out[r] == want || fabsf(out[r] - want) <= 1e-5f * (float)n * fmaxf(1.0f, fabsf(want)));
          if (!ok) fprintf(stderr, "multi_reduction <%s> %dx%d row %d: got %g, want %g\n", kinds[ki], R, n, r, out[r], want);
          CHECK(ok);
        }
      }
}

/* Loads that hand out VMEM instead of copying (alias.c) must still see the value of the
 * load when the ref is written while the value is in use: a store later in the block, a
 * store in a loop body before the next iteration's use, casts of the loaded value, and a
 * loop that yields its (cast) arguments permuted. */
/* vector.multi_reduction over the leading dimension of R x n (the last one kept: each column
 * folds the rows in order into its accumulator), every float kind, bit for bit against that
 * fold one element at a time: ops_vector.c folds whole rows into the result at once. */
static void test_multi_reduction_leading(void) {
  static const char *kinds[] = {"add", "mul", "minnumf", "maxnumf", "minimumf", "maximumf"};
  enum { R = 6, n = 37 };
  static float a[R * n], acc[n], out[n], col[R];
  uint32_t seed = 4242;
  for (int i = 0; i < R * n; i++) {
    seed = seed * 1664525u + 1013904223u;
    a[i] = ldexpf((float)(seed >> 8) / 16777216.0f - 0.5f, (int)((seed >> 3) % 16) - 8);
  }
  a[2 * n + 3] = NAN, a[4 * n + 5] = -0.0f, a[n + 7] = INFINITY;
  for (int c = 0; c < n; c++) acc[c] = c == 9 ? -0.0f : 0.125f * (float)(c % 5);
  for (size_t ki = 0; ki < sizeof kinds / sizeof *kinds; ki++) {
    CHECK_OK(run_reduction(kinds[ki], R, n, 0, a, acc, out));
    int bad = 0;
    for (int c = 0; c < n; c++) {
      for (int r = 0; r < R; r++) col[r] = a[r * n + c];
      float want = ref_fold(kinds[ki], acc[c], col, R);
      if (memcmp(&want, &out[c], sizeof want) != 0 && !(want != want && out[c] != out[c])) {
        bad++;
        fprintf(stderr, "multi_reduction <%s> over rows, column %d: got %a, want %a\n", kinds[ki], c, out[c], want);
      }
    }
    CHECK_EQ_INT(bad, 0);
  }
}

static void test_load_aliasing(void) {
  float a[N], out[N];
  const char *T = "memref<16xf32, #tpu.memory_space<vmem>>, vector<16xf32>";
  char body[2048];
  /* a store after the load, then a use: %r = x + x, not (x+y) + (x+y) */
  memcpy(a, FX, sizeof a);
  snprintf(body, sizeof body,
           "%%z = arith.addf %%x, %%y : vector<16xf32>\n    vector.store %%z, %%a[%%c0] : %s\n"
           "    %%x2 = \"vector.shape_cast\"(%%x) : (vector<16xf32>) -> vector<2x8xf32>\n"
           "    %%x3 = \"vector.shape_cast\"(%%x2) : (vector<2x8xf32>) -> vector<16xf32>\n"
           "    %%r = arith.addf %%x3, %%x : vector<16xf32>",
           T);
  CHECK(run_op("f32", "f32", 2, body, a, FY, out) == TSR_OK);
  for (int i = 0; i < N; i++) CHECK(same_f(out[i], FX[i] + FX[i]));
  /* loaded before a loop whose body stores to the ref after using the value */
  memcpy(a, FX, sizeof a);
  snprintf(body, sizeof body,
           "%%c1 = arith.constant 1 : index\n    %%c3 = arith.constant 3 : index\n"
           "    %%r = \"scf.for\"(%%c0, %%c3, %%c1, %%y) ({\n    ^bb0(%%i: index, %%acc: vector<16xf32>):\n"
           "      %%w = arith.addf %%x, %%acc : vector<16xf32>\n      vector.store %%w, %%a[%%c0] : %s\n"
           "      \"scf.yield\"(%%w) : (vector<16xf32>) -> ()\n    }) : (index, index, index, vector<16xf32>) -> vector<16xf32>",
           T);
  CHECK(run_op("f32", "f32", 2, body, a, FY, out) == TSR_OK);
  for (int i = 0; i < N; i++) CHECK(same_f(out[i], ((FY[i] + FX[i]) + FX[i]) + FX[i]));
  /* loaded inside the body, used before the body's store: each iteration sees the last store */
  memcpy(a, FX, sizeof a);
  snprintf(body, sizeof body,
           "%%c1 = arith.constant 1 : index\n    %%c3 = arith.constant 3 : index\n"
           "    %%r = \"scf.for\"(%%c0, %%c3, %%c1, %%y) ({\n    ^bb0(%%i: index, %%acc: vector<16xf32>):\n"
           "      %%v = vector.load %%a[%%c0] : %s\n      %%w = arith.addf %%v, %%acc : vector<16xf32>\n"
           "      vector.store %%w, %%a[%%c0] : %s\n"
           "      \"scf.yield\"(%%w) : (vector<16xf32>) -> ()\n    }) : (index, index, index, vector<16xf32>) -> vector<16xf32>",
           T, T);
  CHECK(run_op("f32", "f32", 2, body, a, FY, out) == TSR_OK);
  for (int i = 0; i < N; i++) {
    float w = FY[i], v = FX[i];
    for (int k = 0; k < 3; k++) { w = v + w; v = w; }
    CHECK(same_f(out[i], w));
  }
  /* a loop that swaps its arguments through casts: the casts of arguments must copy */
  memcpy(a, FX, sizeof a);
  snprintf(body, sizeof body,
           "%%c1 = arith.constant 1 : index\n    %%c3 = arith.constant 3 : index\n"
           "    %%p:2 = \"scf.for\"(%%c0, %%c3, %%c1, %%x, %%y) ({\n"
           "    ^bb0(%%i: index, %%u: vector<16xf32>, %%t: vector<16xf32>):\n"
           "      %%u2 = \"vector.shape_cast\"(%%u) : (vector<16xf32>) -> vector<2x8xf32>\n"
           "      %%u3 = \"vector.shape_cast\"(%%u2) : (vector<2x8xf32>) -> vector<16xf32>\n"
           "      %%t2 = arith.maximumf %%t, %%t : vector<16xf32>\n"
           "      \"scf.yield\"(%%t2, %%u3) : (vector<16xf32>, vector<16xf32>) -> ()\n"
           "    }) : (index, index, index, vector<16xf32>, vector<16xf32>) -> (vector<16xf32>, vector<16xf32>)\n"
           "    %%r = arith.subf %%p#0, %%p#1 : vector<16xf32>");
  CHECK(run_op("f32", "f32", 2, body, a, FY, out) == TSR_OK);
  for (int i = 0; i < N; i++) CHECK(same_f(out[i], FY[i] - FX[i]));
}

/* Loads and stores of windows that are and are not contiguous in their memref: a column
 * across planes (unit last dimension, rows 8 apart), part of two rows, a strided block, a
 * whole contiguous ref. The copies merge dimensions where memory runs on without a gap;
 * each element must land where a plain index loop puts it. */
static void test_window_layouts(void) {
  const char *R = "memref<2x4x8xf32, #tpu.memory_space<vmem>>";
  char text[4096];
  snprintf(text, sizeof text,
           "module @t {\n"
           "  func.func @k(%%a: %s, %%o: %s, %%o2: %s) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, "
           "scratch_operands = 0 : i64} {\n"
           "    %%c0 = arith.constant 0 : index\n    %%c1 = arith.constant 1 : index\n"
           "    %%c2 = arith.constant 2 : index\n    %%c3 = arith.constant 3 : index\n    %%c7 = arith.constant 7 : index\n"
           "    %%w1 = vector.load %%a[%%c0, %%c0, %%c3] : %s, vector<2x4x1xf32>\n"
           "    vector.store %%w1, %%o[%%c0, %%c0, %%c7] : %s, vector<2x4x1xf32>\n"
           "    %%w2 = vector.load %%a[%%c1, %%c1, %%c0] : %s, vector<1x2x4xf32>\n"
           "    vector.store %%w2, %%o[%%c1, %%c2, %%c0] : %s, vector<1x2x4xf32>\n"
           "    %%w3 = vector.load %%a[%%c0, %%c1, %%c2] : %s, vector<2x2x3xf32>\n"
           "    vector.store %%w3, %%o[%%c0, %%c0, %%c0] : %s, vector<2x2x3xf32>\n"
           "    %%w4 = vector.load %%a[%%c0, %%c0, %%c0] : %s, vector<2x4x8xf32>\n"
           "    vector.store %%w4, %%o2[%%c0, %%c0, %%c0] : %s, vector<2x4x8xf32>\n"
           "    return\n  }\n}\n",
           R, R, R, R, R, R, R, R, R, R, R);
  float a[2][4][8], o[2][4][8], o2[2][4][8];
  for (int i = 0; i < 64; i++) (&a[0][0][0])[i] = (float)(i * 3 + 1);
  memset(o, 0, sizeof o);
  memset(o2, 0, sizeof o2);
  tsr_mlir_module *m = NULL;
  tsr_mosaic_kernel *k = NULL;
  CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "windows.mlir", &m));
  CHECK_OK(tsr_mosaic_kernel_create(m, &k));
  tsr_mlir_module_destroy(m);
  int64_t sh[3] = {2, 4, 8};
  tsr_ref in = tsr_ref_dense(a, TSR_F32, TSR_HBM, 3, sh);
  tsr_ref outs[2] = {tsr_ref_dense(o, TSR_F32, TSR_HBM, 3, sh), tsr_ref_dense(o2, TSR_F32, TSR_HBM, 3, sh)};
  CHECK_OK(tsr_mosaic_kernel_run(M, k, &in, 1, outs, 2, NULL, NULL));
  tsr_mosaic_kernel_destroy(k);
  for (int p = 0; p < 2; p++)
    for (int r = 0; r < 4; r++) {
      CHECK(o[p][r][7] == a[p][r][3]);
      for (int c = 0; c < 8; c++) CHECK(o2[p][r][c] == a[p][r][c]);
    }
  for (int r = 0; r < 2; r++)
    for (int c = 0; c < 4; c++) CHECK(o[1][2 + r][c] == a[1][1 + r][c]);
  for (int p = 0; p < 2; p++)
    for (int r = 0; r < 2; r++)
      for (int c = 0; c < 3; c++) CHECK(o[p][r][c] == a[p][1 + r][2 + c]);
}

/* ---- a matmul's product added to a value: the add folded into the accumulator ---------- */

static bool find_func(mlir_ir_op *op, void *user) {
  if (!mlir_ir_op_is(op, "func.func")) return true;
  *(mlir_ir_op **)user = op;
  return false;
}

/* addf instructions the interpreter reaches: along the body's chain and every region's */
static int reachable_adds(const mosaic_prog *P, int32_t begin, int32_t end) {
  int n = 0;
  for (int32_t i = begin; i < end; i = P->insts[i].next) {
    const mosaic_minst *in = &P->insts[i];
    n += in->op == MOSAIC_MOP_ADDF;
    for (int r = 0; r < in->nregions; r++)
      if (in->reg_begin[r] >= 0) n += reachable_adds(P, in->reg_begin[r], in->reg_end[r]);
  }
  return n;
}

/* The module of `text` (*m, the caller's) and its func compiled (NULL on failure, checked). */
static mosaic_prog *compile_text(const char *text, const char *name, tsr_mlir_module **m) {
  mlir_ir_op *fn = NULL;
  mosaic_prog *P = NULL;
  *m = NULL;
  CHECK_OK(tsr_mlir_parse_text(text, strlen(text), name, m));
  if (*m) mlir_ir_walk((*m)->top, find_func, &fn);
  CHECK(fn != NULL);
  if (fn) CHECK_OK(mosaic_prog_compile(fn, &P));
  return P;
}

/* A kernel of a (8x32), b (32x16), s (8x16) and q (16x16) in and o (8x16) out, VMEM blocks:
 * %a and %b loaded, %c0 and %c00 zero indices, %zero a zero accumulator, then BODY, then TAIL. */
static void matmul_kernel_text(char *text, size_t cap, const char *body, const char *tail) {
  const char *V = "#tpu.memory_space<vmem>";
  snprintf(text, cap,
           "module @t {\n  func.func @k(%%am: memref<8x32xf32, %s>, %%bm: memref<32x16xf32, %s>, %%sm: memref<8x16xf32, %s>, "
           "%%qm: memref<16x16xf32, %s>, %%o: memref<8x16xf32, %s>) attributes {dimension_semantics = [], "
           "scalar_prefetch = 0 : i64, scratch_operands = 0 : i64} {\n"
           "    %%c0 = arith.constant 0 : index\n    %%c00 = arith.constant 0 : index\n"
           "    %%a = vector.load %%am[%%c0, %%c0] : memref<8x32xf32, %s>, vector<8x32xf32>\n"
           "    %%b = vector.load %%bm[%%c0, %%c0] : memref<32x16xf32, %s>, vector<32x16xf32>\n"
           "    %%zero = arith.constant dense<0.0> : vector<8x16xf32>\n%s\n%s\n"
           "    return\n  }\n}\n",
           V, V, V, V, V, V, V, body, tail);
}

/* Runs module m's kernel (then destroys m) on `in` into an f32[8,16] output, which must equal
 * `want` bit for bit. */
static void run_8x16(const char *what, tsr_mlir_module *m, const tsr_ref *in, int n_in, const float *want) {
  tsr_mosaic_kernel *k = NULL;
  if (m) CHECK_OK(tsr_mosaic_kernel_create(m, &k));
  tsr_mlir_module_destroy(m);
  float out[8 * 16] = {0};
  int64_t so[2] = {8, 16};
  tsr_ref o = tsr_ref_dense(out, TSR_F32, TSR_HBM, 2, so);
  if (k) CHECK_OK(tsr_mosaic_kernel_run(M, k, in, n_in, &o, 1, NULL, NULL));
  tsr_mosaic_kernel_destroy(k);
  int bad = 0;
  for (int i = 0; i < 8 * 16; i++) bad += !same_f(out[i], want[i]);
  CHECK_EQ_INT(bad, 0);
  if (bad) fprintf(stderr, "  %s: %d elements differ\n", what, bad);
}

/* Kernel: s (8x16) and a (8x32) @ b (32x16) in, the result of BODY (which names it %r) out. */
static void fused_case(const char *what, const char *body, int want_adds, const float *a, const float *b,
                       const float *sv, const float *want) {
  char text[4096];
  matmul_kernel_text(text, sizeof text, body,
                     "    vector.store %r, %o[%c0, %c0] : memref<8x16xf32, #tpu.memory_space<vmem>>, vector<8x16xf32>");
  tsr_mlir_module *m = NULL;
  mosaic_prog *P = compile_text(text, "fuse.mlir", &m);
  if (P) {
    int got = reachable_adds(P, 0, P->body_end);
    CHECK_EQ_INT(got, want_adds);
    if (got != want_adds) fprintf(stderr, "  %s: %d adds run, expected %d\n", what, got, want_adds);
    mosaic_prog_destroy(P);
  }
  static float q_unused[16 * 16];
  int64_t sa[2] = {8, 32}, sb[2] = {32, 16}, so[2] = {8, 16}, sq[2] = {16, 16};
  tsr_ref in[4] = {tsr_ref_dense((void *)a, TSR_F32, TSR_HBM, 2, sa), tsr_ref_dense((void *)b, TSR_F32, TSR_HBM, 2, sb),
                   tsr_ref_dense((void *)sv, TSR_F32, TSR_HBM, 2, so), tsr_ref_dense(q_unused, TSR_F32, TSR_HBM, 2, sq)};
  run_8x16(what, m, in, 4, want);
}

static void test_matmul_add_fusion(void) {
  float a[8 * 32], b[32 * 16], sv[8 * 16], prod[8 * 16], want[8 * 16];
  for (int i = 0; i < 8 * 32; i++) a[i] = (float)((i * 7) % 13) * 0.25f - 1.5f;
  for (int i = 0; i < 32 * 16; i++) b[i] = (float)((i * 5) % 11) * 0.5f - 2.0f;
  for (int i = 0; i < 8 * 16; i++) sv[i] = (float)((i * 3) % 17) - 8.0f;
  for (int r = 0; r < 8; r++)
    for (int c = 0; c < 16; c++) {
      double acc = 0; /* quarters and halves: every partial sum is exact in f32 */
      for (int k = 0; k < 32; k++) acc += (double)a[r * 32 + k] * (double)b[k * 16 + c];
      prod[r * 16 + c] = (float)acc;
    }
  const char *MM = "\"tpu.matmul\"(%a, %b, %zero) {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], "
                   "[0, 0, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>} : (vector<8x32xf32>, "
                   "vector<32x16xf32>, vector<8x16xf32>) -> vector<8x16xf32>";
  const char *LOAD_S = "vector.load %sm[%c0, %c0] : memref<8x16xf32, #tpu.memory_space<vmem>>, vector<8x16xf32>";
  char body[2048];
  /* s + a@b, either order: folded */
  for (int i = 0; i < 8 * 16; i++) want[i] = sv[i] + prod[i];
  snprintf(body, sizeof body, "    %%s = %s\n    %%p = %s\n    %%r = arith.addf %%s, %%p : vector<8x16xf32>", LOAD_S, MM);
  fused_case("s + p", body, 0, a, b, sv, want);
  snprintf(body, sizeof body, "    %%s = %s\n    %%p = %s\n    %%r = arith.addf %%p, %%s : vector<8x16xf32>", LOAD_S, MM);
  fused_case("p + s", body, 0, a, b, sv, want);
  /* the sum used again, and the product a second time: only the first is folded */
  for (int i = 0; i < 8 * 16; i++) want[i] = (sv[i] + prod[i]) * (sv[i] + prod[i]);
  snprintf(body, sizeof body, "    %%s = %s\n    %%p = %s\n    %%t = arith.addf %%s, %%p : vector<8x16xf32>\n"
           "    %%r = arith.mulf %%t, %%t : vector<8x16xf32>", LOAD_S, MM);
  fused_case("sum used twice", body, 0, a, b, sv, want);
  for (int i = 0; i < 8 * 16; i++) want[i] = (sv[i] + prod[i]) * prod[i];
  snprintf(body, sizeof body, "    %%s = %s\n    %%p = %s\n    %%t = arith.addf %%s, %%p : vector<8x16xf32>\n"
           "    %%r = arith.mulf %%t, %%p : vector<8x16xf32>", LOAD_S, MM);
  fused_case("product used twice", body, 1, a, b, sv, want);
  /* the value defined after the matmul (it could read what the matmul's region wrote) */
  for (int i = 0; i < 8 * 16; i++) want[i] = sv[i] + prod[i];
  snprintf(body, sizeof body, "    %%p = %s\n    %%s = %s\n    %%r = arith.addf %%s, %%p : vector<8x16xf32>", MM, LOAD_S);
  fused_case("value after the matmul", body, 1, a, b, sv, want);
  /* the add in a region the matmul is not in */
  snprintf(body, sizeof body,
           "    %%s = %s\n    %%p = %s\n    %%true = arith.constant true\n"
           "    %%r = \"scf.if\"(%%true) ({\n      %%t = arith.addf %%s, %%p : vector<8x16xf32>\n"
           "      \"scf.yield\"(%%t) : (vector<8x16xf32>) -> ()\n    }, {\n"
           "      \"scf.yield\"(%%p) : (vector<8x16xf32>) -> ()\n    }) : (i1) -> vector<8x16xf32>",
           LOAD_S, MM);
  fused_case("add in another region", body, 1, a, b, sv, want);
}

/* Kernel: a (8x32), b (32x16), the accumulator block s (8x16) and q (16x16) in; BODY runs,
 * then s's block is copied to the output. Returns whether the compiled matmul adds into its
 * accumulator's window itself (alias.c, in_place), with its store marked to match; the
 * output must equal `want` bit for bit. */
static bool in_place_case(const char *what, const char *body, const float *a, const float *b, const float *sv,
                          const float *q, const float *want) {
  char text[4096];
  matmul_kernel_text(text, sizeof text, body,
                     "    %end = vector.load %sm[%c0, %c0] : memref<8x16xf32, #tpu.memory_space<vmem>>, vector<8x16xf32>\n"
                     "    vector.store %end, %o[%c0, %c0] : memref<8x16xf32, #tpu.memory_space<vmem>>, vector<8x16xf32>");
  tsr_mlir_module *m = NULL;
  mosaic_prog *P = compile_text(text, "in_place.mlir", &m);
  bool in_place = false;
  for (int32_t i = 0; P && i < P->ninsts; i++) {
    const mosaic_minst *in = &P->insts[i];
    if (in->op == MOSAIC_MOP_MATMUL) in_place = in->in_place;
    if (in->in_place && in->op != MOSAIC_MOP_MATMUL) {
      /* the store of the matmul's result (or of casts sharing its buffer) into the window */
      CHECK(in->op == MOSAIC_MOP_VSTORE || in->op == MOSAIC_MOP_TVSTORE || in->op == MOSAIC_MOP_TSTORE);
    }
  }
  mosaic_prog_destroy(P);
  float s_copy[8 * 16];
  memcpy(s_copy, sv, sizeof s_copy);
  int64_t sa[2] = {8, 32}, sb[2] = {32, 16}, so[2] = {8, 16}, sq[2] = {16, 16};
  tsr_ref in[4] = {tsr_ref_dense((void *)a, TSR_F32, TSR_HBM, 2, sa), tsr_ref_dense((void *)b, TSR_F32, TSR_HBM, 2, sb),
                   tsr_ref_dense(s_copy, TSR_F32, TSR_HBM, 2, so), tsr_ref_dense((void *)q, TSR_F32, TSR_HBM, 2, sq)};
  run_8x16(what, m, in, 4, want);
  return in_place;
}

/* `acc_ref[...] += jnp.dot(a, b)`: the matmul adds into the accumulator's window when the sum
 * goes only to a store into that window (through casts, past a load nothing uses, as JAX's
 * swap leaves), with the values a plain loop gives; not when the sum or the accumulator is
 * used again, or a load reads the window before the store; and an operand that is the
 * window itself (s += s @ q) gives the right sum (ops_tpu.c keeps the copies then, as a BLAS
 * may write C before it has packed all of A; OpenBLAS packs a block this small first). */
static void test_matmul_in_place(void) {
  float a[8 * 32], b[32 * 16], sv[8 * 16], q[16 * 16], prod[8 * 16], want[8 * 16];
  for (int i = 0; i < 8 * 32; i++) a[i] = (float)((i * 7) % 13) * 0.25f - 1.5f;
  for (int i = 0; i < 32 * 16; i++) b[i] = (float)((i * 5) % 11) * 0.5f - 2.0f;
  for (int i = 0; i < 8 * 16; i++) sv[i] = (float)((i * 3) % 17) - 8.0f;
  for (int i = 0; i < 16 * 16; i++) q[i] = (float)((i * 3) % 7) * 0.5f - 1.0f;
  for (int r = 0; r < 8; r++)
    for (int c = 0; c < 16; c++) {
      double acc = 0; /* quarters and halves: every partial sum is exact in f32 */
      for (int k = 0; k < 32; k++) acc += (double)a[r * 32 + k] * (double)b[k * 16 + c];
      prod[r * 16 + c] = (float)acc;
    }
  const char *T = "memref<8x16xf32, #tpu.memory_space<vmem>>, vector<8x16xf32>";
  const char *MM = "\"tpu.matmul\"(%a, %b, %zero) {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], "
                   "[0, 0, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>} : (vector<8x32xf32>, "
                   "vector<32x16xf32>, vector<8x16xf32>) -> vector<8x16xf32>";
  char body[2048];
  for (int i = 0; i < 8 * 16; i++) want[i] = sv[i] + prod[i];
  snprintf(body, sizeof body,
           "    %%s = vector.load %%sm[%%c0, %%c0] : %s\n"
           "    %%p = %s\n    %%t = arith.addf %%s, %%p : vector<8x16xf32>\n    vector.store %%t, %%sm[%%c0, %%c0] : %s",
           T, MM, T);
  CHECK(in_place_case("acc += a @ b", body, a, b, sv, q, want));
  /* JAX's swap: a load of the window nothing uses, casts, indices of equal constants */
  snprintf(body, sizeof body,
           "    %%s = vector.load %%sm[%%c0, %%c0] : %s\n"
           "    %%p = %s\n    %%t = arith.addf %%s, %%p : vector<8x16xf32>\n"
           "    %%old = vector.load %%sm[%%c00, %%c00] : %s\n"
           "    %%t2 = \"vector.shape_cast\"(%%t) : (vector<8x16xf32>) -> vector<8x16xf32>\n"
           "    \"tpu.vector_store\"(%%t2, %%sm, %%c00, %%c00) {strides = array<i32>} : (vector<8x16xf32>, "
           "memref<8x16xf32, #tpu.memory_space<vmem>>, index, index) -> ()",
           T, MM, T);
  CHECK(in_place_case("swap", body, a, b, sv, q, want));
  /* the old value read between the matmul and the store: it must be s, not s + p */
  for (int i = 0; i < 8 * 16; i++) want[i] = (sv[i] + prod[i]) + sv[i];
  snprintf(body, sizeof body,
           "    %%s = vector.load %%sm[%%c0, %%c0] : %s\n"
           "    %%p = %s\n    %%t = arith.addf %%s, %%p : vector<8x16xf32>\n"
           "    %%old = vector.load %%sm[%%c0, %%c0] : %s\n    %%t3 = arith.addf %%t, %%old : vector<8x16xf32>\n"
           "    vector.store %%t3, %%sm[%%c0, %%c0] : %s",
           T, MM, T, T);
  CHECK(!in_place_case("a load between", body, a, b, sv, q, want));
  /* the sum used again: stored, then doubled into the window */
  for (int i = 0; i < 8 * 16; i++) want[i] = (sv[i] + prod[i]) * 2.0f;
  snprintf(body, sizeof body,
           "    %%s = vector.load %%sm[%%c0, %%c0] : %s\n"
           "    %%p = %s\n    %%t = arith.addf %%s, %%p : vector<8x16xf32>\n    vector.store %%t, %%sm[%%c0, %%c0] : %s\n"
           "    %%t4 = arith.addf %%t, %%t : vector<8x16xf32>\n    vector.store %%t4, %%sm[%%c0, %%c0] : %s",
           T, MM, T, T);
  CHECK(!in_place_case("sum used again", body, a, b, sv, q, want));
  /* the accumulator used again: s + p + s */
  for (int i = 0; i < 8 * 16; i++) want[i] = (sv[i] + prod[i]) + sv[i];
  snprintf(body, sizeof body,
           "    %%s = vector.load %%sm[%%c0, %%c0] : %s\n"
           "    %%p = %s\n    %%t = arith.addf %%s, %%p : vector<8x16xf32>\n    %%t5 = arith.addf %%t, %%s : vector<8x16xf32>\n"
           "    vector.store %%t5, %%sm[%%c0, %%c0] : %s",
           T, MM, T);
  CHECK(!in_place_case("accumulator used again", body, a, b, sv, q, want));
  /* s += s @ q: in place at compile time, but the lhs is the window: the copies stay */
  for (int r = 0; r < 8; r++)
    for (int c = 0; c < 16; c++) {
      double acc = 0;
      for (int k = 0; k < 16; k++) acc += (double)sv[r * 16 + k] * (double)q[k * 16 + c];
      want[r * 16 + c] = sv[r * 16 + c] + (float)acc;
    }
  snprintf(body, sizeof body,
           "    %%s = vector.load %%sm[%%c0, %%c0] : %s\n"
           "    %%l = vector.load %%sm[%%c0, %%c0] : %s\n"
           "    %%qv = vector.load %%qm[%%c0, %%c0] : memref<16x16xf32, #tpu.memory_space<vmem>>, vector<16x16xf32>\n"
           "    %%p = \"tpu.matmul\"(%%l, %%qv, %%zero) {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], "
           "[0, 0, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>} : (vector<8x16xf32>, vector<16x16xf32>, "
           "vector<8x16xf32>) -> vector<8x16xf32>\n"
           "    %%t = arith.addf %%s, %%p : vector<8x16xf32>\n    vector.store %%t, %%sm[%%c0, %%c0] : %s",
           T, T, T);
  CHECK(in_place_case("operand is the window", body, a, b, sv, q, want));
}

/* The def/use table the program passes share (def_use.h), on a loop whose body reads the
 * value it carries and one from before it. Constants fold into the pool and a region's ops
 * follow its op, so the program is: 0 load, 1 for, 2 addf, 3 yield, 4 mulf, 5 store,
 * 6 return; the defs, use counts and last readers below are read off the text. */
static void test_def_use(void) {
  const char *T = "memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>";
  char text[4096];
  snprintf(text, sizeof text,
           "module @t {\n  func.func @k(%%am: memref<8x128xf32, #tpu.memory_space<vmem>>, "
           "%%o: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [], "
           "scalar_prefetch = 0 : i64, scratch_operands = 0 : i64} {\n"
           "    %%c0 = arith.constant 0 : index\n    %%c1 = arith.constant 1 : index\n"
           "    %%c3 = arith.constant 3 : index\n"
           "    %%x = vector.load %%am[%%c0, %%c0] : %s\n"
           "    %%r = \"scf.for\"(%%c0, %%c3, %%c1, %%x) ({\n    ^bb0(%%i: index, %%acc: vector<8x128xf32>):\n"
           "      %%y = arith.addf %%acc, %%x : vector<8x128xf32>\n"
           "      \"scf.yield\"(%%y) : (vector<8x128xf32>) -> ()\n"
           "    }) : (index, index, index, vector<8x128xf32>) -> vector<8x128xf32>\n"
           "    %%z = arith.mulf %%r, %%r : vector<8x128xf32>\n"
           "    vector.store %%z, %%o[%%c0, %%c0] : %s\n    return\n  }\n}\n",
           T, T);
  tsr_mlir_module *m = NULL;
  mosaic_prog *P = compile_text(text, "def_use.mlir", &m);
  tsr_mlir_module_destroy(m);
  if (!P) return;
  static const int ops[] = {MOSAIC_MOP_VLOAD, MOSAIC_MOP_FOR, MOSAIC_MOP_ADDF, MOSAIC_MOP_YIELD, MOSAIC_MOP_MULF, MOSAIC_MOP_VSTORE, MOSAIC_MOP_RETURN};
  CHECK_EQ_INT(P->ninsts, 7);
  for (int32_t i = 0; i < P->ninsts && i < 7; i++) CHECK_EQ_INT(P->insts[i].op, ops[i]);
  if (P->ninsts != 7 || P->insts[1].op != MOSAIC_MOP_FOR || P->insts[1].nrargs[0] != 2) {
    mosaic_prog_destroy(P);
    return;
  }
  const mosaic_minst *I = P->insts;
  /* slot, its def (region arguments not counted, counted), uses, last reader */
  struct { const char *name; int32_t slot, def, def_rargs, uses, last; } want[] = {
      {"%am", P->args[0], -1, -1, 1, 0},       {"%o", P->args[1], -1, -1, 1, 5},
      {"%c0", I[1].opd[0], -1, -1, 5, 5},      /* the load's two indices, the loop's start, the store's two */
      {"%c3", I[1].opd[1], -1, -1, 1, 1},      {"%c1", I[1].opd[2], -1, -1, 1, 1},
      {"%x", I[0].res[0], 0, 0, 2, 2},         /* the loop's initial value, then the add in its body */
      {"%i", I[1].rargs[0][0], -1, 1, 0, -1},  {"%acc", I[1].rargs[0][1], -1, 1, 1, 2},
      {"%y", I[2].res[0], 2, 2, 1, 3},         {"%r", I[1].res[0], 1, 1, 2, 4}, /* mulf reads it twice */
      {"%z", I[4].res[0], 4, 4, 1, 5},
  };
  for (int rargs = 0; rargs < 2; rargs++) {
    mosaic_def_use du;
    CHECK_OK(mosaic_prog_def_use(P, rargs, &du));
    for (size_t k = 0; du.def && k < sizeof want / sizeof want[0]; k++) {
      int32_t s = want[k].slot;
      if (du.def[s] != (rargs ? want[k].def_rargs : want[k].def) || du.uses[s] != want[k].uses || du.last[s] != want[k].last) {
        fprintf(stderr, "  def_use (region args %s) %s: def %d uses %d last %d\n", rargs ? "counted" : "not counted",
                want[k].name, du.def[s], du.uses[s], du.last[s]);
        CHECK(false);
      }
    }
    mosaic_def_use_free(&du);
  }
  mosaic_prog_destroy(P);
}

/* ---- what a matmul tells the timing model ----------------------------------------------- */

typedef struct body_costs {
  tsr_cost total;
  int bodies;
} body_costs;

static void on_body_end(void *user, const tsr_event *ev) {
  body_costs *b = user;
  if (ev->kind != TSR_EV_BODY_END || !ev->cost) return;
  tsr_cost_add(&b->total, ev->cost);
  b->bodies++;
}

/* An (8, 32) @ (32, 16) matmul of ET operands with the precision attribute PREC ("" none):
 * the body's cost records its flops and its shape, with what the MXU multiplies and in how
 * many bf16 passes (jax.lax.Precision: HIGH 3, HIGHEST 6). */
static void matmul_cost_case(const char *et, const char *at, const char *prec, tsr_dtype want_dtype, int want_passes) {
  const char *V = "#tpu.memory_space<vmem>";
  char text[4096];
  snprintf(text, sizeof text,
           "module @t {\n  func.func @k(%%am: memref<8x32x%s, %s>, %%bm: memref<32x16x%s, %s>, %%o: memref<8x16x%s, %s>) "
           "attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 0 : i64} {\n"
           "    %%c0 = arith.constant 0 : index\n"
           "    %%a = vector.load %%am[%%c0, %%c0] : memref<8x32x%s, %s>, vector<8x32x%s>\n"
           "    %%b = vector.load %%bm[%%c0, %%c0] : memref<32x16x%s, %s>, vector<32x16x%s>\n"
           "    %%z = arith.constant dense<%s> : vector<8x16x%s>\n"
           "    %%r = \"tpu.matmul\"(%%a, %%b, %%z) {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], "
           "[0, 0, 1, 1], [], []>%s%s} : (vector<8x32x%s>, vector<32x16x%s>, vector<8x16x%s>) -> vector<8x16x%s>\n"
           "    vector.store %%r, %%o[%%c0, %%c0] : memref<8x16x%s, %s>, vector<8x16x%s>\n    return\n  }\n}\n",
           et, V, et, V, at, V, et, V, et, et, V, et, strcmp(at, "f32") ? "0" : "0.0", at,
           *prec ? ", precision = " : "", prec, et, et, at, at, at, V, at);
  tsr_mlir_module *m = NULL;
  tsr_mosaic_kernel *k = NULL;
  CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "mm.mlir", &m));
  if (m) CHECK_OK(tsr_mosaic_kernel_create(m, &k));
  tsr_mlir_module_destroy(m);
  if (!k) return;
  tsr_machine_options mo = {.num_cores = 1, .quiet = true};
  tsr_machine *mc = NULL;
  CHECK_OK(tsr_machine_create(&mo, &mc));
  body_costs bc = {0};
  tsr_observer o = {.user = &bc, .on_event = on_body_end};
  if (mc) CHECK_OK(tsr_machine_add_observer(mc, &o));
  static char a[8 * 32 * 4], b[32 * 16 * 4], out[8 * 16 * 4];
  tsr_dtype de, da;
  tsr_dtype_parse(et, &de);
  tsr_dtype_parse(at, &da);
  int64_t sa[2] = {8, 32}, sb[2] = {32, 16}, so[2] = {8, 16};
  tsr_ref in[2] = {tsr_ref_dense(a, de, TSR_HBM, 2, sa), tsr_ref_dense(b, de, TSR_HBM, 2, sb)};
  tsr_ref oref = tsr_ref_dense(out, da, TSR_HBM, 2, so);
  if (mc) CHECK_OK(tsr_mosaic_kernel_run(mc, k, in, 2, &oref, 1, NULL, NULL));
  tsr_mosaic_kernel_destroy(k);
  tsr_machine_destroy(mc);
  CHECK_EQ_INT(bc.bodies, 1);
  CHECK(bc.total.flops == 2.0 * 8 * 32 * 16);
  CHECK_EQ_INT(bc.total.num_shapes, 1);
  const tsr_matmul_shape *sh = &bc.total.shapes[0];
  CHECK(sh->m == 8 && sh->k == 32 && sh->n == 16 && sh->count == 1);
  CHECK_EQ_INT(sh->dtype, want_dtype);
  CHECK_EQ_INT(sh->passes, want_passes);
}

static void test_matmul_cost(void) {
  matmul_cost_case("f32", "f32", "", TSR_BF16, 1);
  matmul_cost_case("f32", "f32", "#tpu.contract_precision<bf16>", TSR_BF16, 1);
  matmul_cost_case("f32", "f32", "#tpu.contract_precision<bf16x3>", TSR_F32, 3);
  matmul_cost_case("f32", "f32", "#tpu.contract_precision<fp32>", TSR_F32, 6);
  matmul_cost_case("bf16", "f32", "", TSR_BF16, 1);
  matmul_cost_case("i8", "i32", "", TSR_I8, 1);
}

/* The 32-bit forms of the integer ops and casts (ops_arith.c) and the halves of a product
 * (arith.mului_extended, mulsi_extended) against plain C at the edges:
 * shifts by 31, 32 and "negative" (huge unsigned) amounts of negative values, unsigned
 * compares across the sign bit, float-to-unsigned saturation and NaN, i1 widened unsigned. */
static void test_int32_paths(void) {
  int32_t o[N];
  CHECK_OK(run_op("i32", "i32", 2, "%r = arith.shrsi %x, %y : vector<16xi32>", IX, IY, o));
  int bad = 0;
  for (int i = 0; i < N; i++) {
    uint32_t sh = (uint32_t)IY[i];
    int32_t want = sh >= 32 ? (IX[i] < 0 ? -1 : 0) : (int32_t)(IX[i] < 0 ? ~(~(uint32_t)IX[i] >> sh) : (uint32_t)IX[i] >> sh);
    bad += o[i] != want;
  }
  CHECK_EQ_INT(bad, 0);
  static const char *const pred[] = {"ult", "ule", "ugt", "uge"};
  for (int p = 0; p < 4; p++) {
    char body[200];
    snprintf(body, sizeof body, "%%c = arith.cmpi %s, %%x, %%y : vector<16xi32>\n    %%r = arith.extui %%c : vector<16xi1> to vector<16xi32>",
             pred[p]);
    CHECK_OK(run_op("i32", "i32", 2, body, IX, IY, o));
    bad = 0;
    for (int i = 0; i < N; i++) {
      uint32_t a = (uint32_t)IX[i], b = (uint32_t)IY[i];
      bool want = p == 0 ? a < b : p == 1 ? a <= b : p == 2 ? a > b : a >= b;
      bad += o[i] != (want ? 1 : 0);
    }
    CHECK_EQ_INT(bad, 0);
  }
  float f[N] = {NAN, -1.0f, -0.5f, 0.5f, 1.0f, 1.5f, 4294967040.0f, 4294967296.0f, 1e10f, -1e10f, -0.0f, 2147483648.0f, 3e9f, 7.9f, INFINITY, -INFINITY};
  uint32_t want_u[N] = {0, 0, 0, 0, 1, 1, 4294967040u, 0xFFFFFFFFu, 0xFFFFFFFFu, 0, 0, 2147483648u, 3000000000u, 7, 0xFFFFFFFFu, 0};
  CHECK_OK(run_op("f32", "i32", 1, "%r = arith.fptoui %x : vector<16xf32> to vector<16xi32>", f, NULL, o));
  bad = 0;
  for (int i = 0; i < N; i++) bad += (uint32_t)o[i] != want_u[i];
  CHECK_EQ_INT(bad, 0);
  CHECK_OK(run_op("f32", "i32", 1, "%r = arith.fptosi %x : vector<16xf32> to vector<16xi32>", f, NULL, o));
  CHECK(o[0] == 0 && o[1] == -1 && o[6] == INT32_MAX && o[9] == INT32_MIN && o[11] == INT32_MAX && o[14] == INT32_MAX &&
        o[15] == INT32_MIN && o[13] == 7);
  /* the halves of the double-width product, against 64-bit C */
  for (int sgn = 0; sgn < 2; sgn++)
    for (int half = 0; half < 2; half++) {
      char body[200];
      snprintf(body, sizeof body, "%s = arith.%s %%x, %%y : vector<16xi32>", half ? "%lo, %r" : "%r, %hi",
               sgn ? "mulsi_extended" : "mului_extended");
      CHECK_OK(run_op("i32", "i32", 2, body, IX, IY, o));
      bad = 0;
      for (int i = 0; i < N; i++) {
        uint64_t p = sgn ? (uint64_t)((int64_t)IX[i] * IY[i]) : (uint64_t)(uint32_t)IX[i] * (uint32_t)IY[i];
        bad += o[i] != (int32_t)(uint32_t)(half ? p >> 32 : p);
      }
      CHECK_EQ_INT(bad, 0);
    }
  float of[N];
  CHECK_OK(run_op("i32", "f32", 1, "%r = arith.uitofp %x : vector<16xi32> to vector<16xf32>", IX, NULL, of));
  bad = 0;
  for (int i = 0; i < N; i++) bad += of[i] != (float)(uint32_t)IX[i];
  CHECK_EQ_INT(bad, 0);
  CHECK_OK(run_op("i32", "f32", 1, "%r = arith.bitcast %x : vector<16xi32> to vector<16xf32>", IX, NULL, of));
  CHECK(memcmp(of, IX, sizeof IX) == 0);
}

/* A chain run a chunk at a time (chunk.c): 3000 elements (two full chunks and a part), a
 * broadcast of a scalar read at run time, splat constants, a value read after the chain (%t3
 * is stored) and one only inside it, against a plain C loop. */
static void test_chunked_chain(void) {
  enum { L = 3000 };
  const char *text =
      "module @chain {\n"
      "  func.func @k(%a: memref<3000xi32, #tpu.memory_space<vmem>>, %b: memref<3000xf32, #tpu.memory_space<vmem>>, "
      "%o0: memref<3000xi32, #tpu.memory_space<vmem>>, %o1: memref<3000xf32, #tpu.memory_space<vmem>>, "
      "%o2: memref<3000xi32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, "
      "scratch_operands = 0 : i64} {\n"
      "    %c0 = arith.constant 0 : index\n"
      "    %c5 = arith.constant 5 : index\n"
      "    %c13 = arith.constant dense<13> : vector<3000xi32>\n"
      "    %c19 = arith.constant dense<19> : vector<3000xi32>\n"
      "    %x = vector.load %a[%c0] : memref<3000xi32, #tpu.memory_space<vmem>>, vector<3000xi32>\n"
      "    %y = vector.load %b[%c0] : memref<3000xf32, #tpu.memory_space<vmem>>, vector<3000xf32>\n"
      "    %s = memref.load %a[%c5] : memref<3000xi32, #tpu.memory_space<vmem>>\n"
      "    %sv = vector.broadcast %s : i32 to vector<3000xi32>\n"
      "    %t0 = arith.addi %x, %sv : vector<3000xi32>\n"
      "    %t1 = arith.shli %t0, %c13 : vector<3000xi32>\n"
      "    %t2 = arith.shrui %t0, %c19 : vector<3000xi32>\n"
      "    %t3 = arith.ori %t1, %t2 : vector<3000xi32>\n"
      "    %t4 = arith.xori %t3, %x : vector<3000xi32>\n"
      "    %f = arith.sitofp %t4 : vector<3000xi32> to vector<3000xf32>\n"
      "    %g = arith.mulf %f, %y : vector<3000xf32>\n"
      "    %m = arith.cmpi ult, %t4, %x : vector<3000xi32>\n"
      "    %r = arith.select %m, %t4, %t0 : vector<3000xi1>, vector<3000xi32>\n"
      "    vector.store %r, %o0[%c0] : memref<3000xi32, #tpu.memory_space<vmem>>, vector<3000xi32>\n"
      "    vector.store %g, %o1[%c0] : memref<3000xf32, #tpu.memory_space<vmem>>, vector<3000xf32>\n"
      "    vector.store %t3, %o2[%c0] : memref<3000xi32, #tpu.memory_space<vmem>>, vector<3000xi32>\n"
      "    return\n  }\n}\n";
  static int32_t a[L], o0[L], o2[L];
  static float b[L], o1[L];
  uint32_t h = 12345;
  for (int i = 0; i < L; i++) {
    h = h * 1664525u + 1013904223u;
    a[i] = (int32_t)h;
    b[i] = (float)(i % 97) * 0.25f - 3.0f;
  }
  tsr_mlir_module *m = NULL;
  tsr_mosaic_kernel *k = NULL;
  CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "chain.mlir", &m));
  CHECK_OK(tsr_mosaic_kernel_create(m, &k));
  tsr_mlir_module_destroy(m);
  if (!k) return;
  int64_t sh[1] = {L};
  tsr_ref in[2] = {tsr_ref_dense(a, TSR_I32, TSR_HBM, 1, sh), tsr_ref_dense(b, TSR_F32, TSR_HBM, 1, sh)};
  tsr_ref out[3] = {tsr_ref_dense(o0, TSR_I32, TSR_HBM, 1, sh), tsr_ref_dense(o1, TSR_F32, TSR_HBM, 1, sh),
                    tsr_ref_dense(o2, TSR_I32, TSR_HBM, 1, sh)};
  CHECK_OK(tsr_mosaic_kernel_run(M, k, in, 2, out, 3, NULL, NULL));
  tsr_mosaic_kernel_destroy(k);
  int bad = 0;
  for (int i = 0; i < L; i++) {
    uint32_t t0 = (uint32_t)a[i] + (uint32_t)a[5], t3 = (t0 << 13) | (t0 >> 19), t4 = t3 ^ (uint32_t)a[i];
    float g = (float)(int32_t)t4 * b[i];
    int32_t r = t4 < (uint32_t)a[i] ? (int32_t)t4 : (int32_t)t0;
    bad += o0[i] != r || memcmp(&o1[i], &g, 4) != 0 || o2[i] != (int32_t)t3;
  }
  CHECK_EQ_INT(bad, 0);
}

/* Splat constants of the same bits share the constant pool (mosaic_prog_splat_const): a kernel that
 * broadcasts 3 twice and has dense<3>, dense<5>, dense<-0.0> and dense<0.0> (3000 elements
 * each) keeps four splats, not six (-0.0 and 0.0 differ in their bits). Those that only chunk
 * groups read keep one chunk in the pool; one that a store reads whole is written whole. The
 * values are a C loop's, chunked and op by op (unchunked: the short splats filled whole). */
static void test_shared_splats(void) {
  enum { L = 3000 };
  const char *V = "#tpu.memory_space<vmem>";
  char text[4096];
  snprintf(text, sizeof text,
           "module @splats {\n"
           "  func.func @k(%%a: memref<3000xi32, %s>, %%b: memref<3000xf32, %s>, %%o0: memref<3000xi32, %s>, "
           "%%o1: memref<3000xf32, %s>, %%o2: memref<3000xi32, %s>) attributes {dimension_semantics = [], "
           "scalar_prefetch = 0 : i64, scratch_operands = 0 : i64} {\n"
           "    %%c0 = arith.constant 0 : index\n"
           "    %%c3 = arith.constant 3 : i32\n"
           "    %%b1 = vector.broadcast %%c3 : i32 to vector<3000xi32>\n"
           "    %%b2 = vector.broadcast %%c3 : i32 to vector<3000xi32>\n"
           "    %%d3 = arith.constant dense<3> : vector<3000xi32>\n"
           "    %%d5 = arith.constant dense<5> : vector<3000xi32>\n"
           "    %%nz = arith.constant dense<-0.0> : vector<3000xf32>\n"
           "    %%pz = arith.constant dense<0.0> : vector<3000xf32>\n"
           "    %%x = vector.load %%a[%%c0] : memref<3000xi32, %s>, vector<3000xi32>\n"
           "    %%y = vector.load %%b[%%c0] : memref<3000xf32, %s>, vector<3000xf32>\n"
           "    %%t0 = arith.addi %%x, %%b1 : vector<3000xi32>\n"
           "    %%t1 = arith.muli %%t0, %%b2 : vector<3000xi32>\n"
           "    %%t2 = arith.xori %%t1, %%d3 : vector<3000xi32>\n"
           "    %%t3 = arith.shli %%t2, %%d5 : vector<3000xi32>\n"
           "    %%f0 = arith.mulf %%y, %%nz : vector<3000xf32>\n"
           "    %%f1 = arith.addf %%f0, %%pz : vector<3000xf32>\n"
           "    %%f2 = arith.divf %%y, %%f0 : vector<3000xf32>\n"
           "    %%f3 = arith.addf %%f1, %%f2 : vector<3000xf32>\n"
           "    vector.store %%t3, %%o0[%%c0] : memref<3000xi32, %s>, vector<3000xi32>\n"
           "    vector.store %%f3, %%o1[%%c0] : memref<3000xf32, %s>, vector<3000xf32>\n"
           "    vector.store %%b2, %%o2[%%c0] : memref<3000xi32, %s>, vector<3000xi32>\n"
           "    return\n  }\n}\n",
           V, V, V, V, V, V, V, V, V, V);
  static int32_t a[L], o0[L], o2[L];
  static float b[L], o1[L];
  for (int i = 0; i < L; i++) {
    a[i] = (int32_t)((uint32_t)i * 2654435761u);
    b[i] = (float)(i % 7) - 3.0f;
  }
  tsr_mlir_module *m = NULL;
  mlir_ir_op *fn = NULL;
  mosaic_prog *P = NULL;
  CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "splats.mlir", &m));
  if (m) mlir_ir_walk(m->top, find_func, &fn);
  if (fn) CHECK_OK(mosaic_prog_compile(fn, &P));
  if (P) {
    int32_t offs[8];
    int distinct = 0, shorts = 0, wholes = 0;
    for (int32_t s = 0; s < P->nslots; s++) {
      if (!P->csplat[s] || P->types[s].n != L) continue;
      shorts += P->csplat[s] == MOSAIC_SPLAT_SHORT;
      wholes += P->csplat[s] == MOSAIC_SPLAT_FULL;
      bool seen = false;
      for (int k = 0; k < distinct; k++) seen = seen || offs[k] == P->cslot_off[s];
      if (!seen && distinct < 8) offs[distinct++] = P->cslot_off[s];
    }
    CHECK_EQ_INT(shorts, 5); /* b1, d3, d5, nz, pz */
    CHECK_EQ_INT(wholes, 1); /* b2, stored */
    CHECK_EQ_INT(distinct, 5); /* 3 short and whole, 5, -0.0, 0.0 */
    CHECK(P->cpool_size < (size_t)L * 4 + 5 * MOSAIC_SPLAT_SHORT_N * 4 + 1024);
    mosaic_prog_destroy(P);
  }
  tsr_mosaic_kernel *k = NULL;
  if (m) CHECK_OK(tsr_mosaic_kernel_create(m, &k));
  tsr_mlir_module_destroy(m);
  if (!k) return;
  int64_t sh[1] = {L};
  tsr_ref in[2] = {tsr_ref_dense(a, TSR_I32, TSR_HBM, 1, sh), tsr_ref_dense(b, TSR_F32, TSR_HBM, 1, sh)};
  tsr_ref out[3] = {tsr_ref_dense(o0, TSR_I32, TSR_HBM, 1, sh), tsr_ref_dense(o1, TSR_F32, TSR_HBM, 1, sh),
                    tsr_ref_dense(o2, TSR_I32, TSR_HBM, 1, sh)};
  for (int unchunked = 0; unchunked < 2; unchunked++) {
    tsr_machine_options mo = {.num_cores = 1, .quiet = true, .unchunked = unchunked};
    tsr_machine *mc = NULL;
    CHECK_OK(tsr_machine_create(&mo, &mc));
    memset(o0, 0, sizeof o0);
    memset(o1, 0, sizeof o1);
    memset(o2, 0, sizeof o2);
    if (mc) CHECK_OK(tsr_mosaic_kernel_run(mc, k, in, 2, out, 3, NULL, NULL));
    tsr_machine_destroy(mc);
    int bad = 0;
    for (int i = 0; i < L; i++) {
      uint32_t t = ((((uint32_t)a[i] + 3u) * 3u) ^ 3u) << 5;
      float f0 = b[i] * -0.0f, f3 = (f0 + 0.0f) + b[i] / f0;
      bad += o0[i] != (int32_t)t || memcmp(&o1[i], &f3, 4) != 0 || o2[i] != 3;
    }
    CHECK_EQ_INT(bad, 0);
  }
  tsr_mosaic_kernel_destroy(k);
}

int main(void) {
  tsr_machine_options mo = {0};
  mo.num_cores = 1;
  mo.quiet = true;
  if (tsr_machine_create(&mo, &M) != TSR_OK) return 1;
  test_float_binary();
  test_float_unary();
  test_int_binary();
  test_int_div_uniform_pow2();
  test_narrow_ints();
  test_compare_select();
  test_casts();
  test_int32_paths();
  test_chunked_chain();
  test_shared_splats();
  test_int_unary();
  test_unsupported();
  test_load_aliasing();
  test_window_layouts();
  test_matmul_add_fusion();
  test_matmul_in_place();
  test_def_use();
  test_matmul_cost();
  test_multi_reduction();
  test_multi_reduction_leading();
  test_sum_order();
  tsr_machine_destroy(M);
  /* Observed by the checkers, loads alias too (the access events are the same): the hazards
   * above must give the same values, and none of them is a finding. */
  tsr_checker *ck = NULL;
  if (tsr_machine_create(&mo, &M) != TSR_OK || tsr_checker_create(TSR_CHECK_DEFAULT, &ck) != TSR_OK) return 1;
  CHECK_OK(tsr_checker_attach(ck, M));
  test_load_aliasing();
  CHECK_OK(tsr_checker_status(ck));
  CHECK_EQ_INT(tsr_checker_count(ck), 0);
  tsr_machine_destroy(M);
  tsr_checker_destroy(ck);
  return tsr_test_finish("test_mosaic_ops");
}
