/* StableHLO interpreter: each op against hand-computed results or a C loop, with the edge
 * cases of the spec (NaN, inf, wrap-around, division by zero, INT_MIN / -1, bf16 rounding). */
#include <stdint.h>

#include "hlo_util.h"
#include "tessera/mosaic.h"

#define F(a) ((float *)(a).data)
#define I(a) ((int32_t *)(a).data)

static void test_elementwise_f32(void) {
  float x[4] = {1.5f, -2.0f, NAN, INFINITY}, y[4] = {2.0f, 0.0f, 1.0f, -INFINITY};
  int64_t s4[1] = {4};
  const char *ops[] = {"add", "subtract", "multiply", "divide", "maximum", "minimum", "remainder"};
  for (int k = 0; k < 7; k++) {
    char text[512];
    snprintf(text, sizeof text,
             "func.func @main(%%a: tensor<4xf32>, %%b: tensor<4xf32>) -> tensor<4xf32> {\n"
             "  %%0 = stablehlo.%s %%a, %%b : tensor<4xf32>\n  return %%0 : tensor<4xf32>\n}\n", ops[k]);
    tsr_array in[2] = {arr(TSR_F32, 1, s4, x), arr(TSR_F32, 1, s4, y)}, out;
    CHECK_OK(run_text(text, in, 2, &out, 1));
    float *r = F(out);
    switch (k) {
    case 0: CHECK(r[0] == 3.5f && r[1] == -2.0f && isnan(r[2]) && isnan(r[3])); break;
    case 1: CHECK(r[0] == -0.5f && r[1] == -2.0f && isnan(r[2]) && r[3] == INFINITY); break;
    case 2: CHECK(r[0] == 3.0f && r[1] == -0.0f && signbit(r[1]) && isnan(r[2]) && r[3] == -INFINITY); break;
    case 3: CHECK(r[0] == 0.75f && r[1] == -INFINITY && isnan(r[2]) && isnan(r[3])); break;
    case 4: CHECK(r[0] == 2.0f && r[1] == 0.0f && isnan(r[2]) && r[3] == INFINITY); break;
    case 5: CHECK(r[0] == 1.5f && r[1] == -2.0f && isnan(r[2]) && r[3] == -INFINITY); break;
    case 6: CHECK(r[0] == 1.5f && isnan(r[1]) && isnan(r[2]) && isnan(r[3])); break;
    }
    tsr_array_free(&out);
  }
}

static void test_integer_semantics(void) {
  int32_t a[6] = {INT32_MIN, 7, -7, 7, INT32_MAX, 5}, b[6] = {-1, 0, 2, -2, 1, 3};
  int64_t s6[1] = {6};
  const char *ops[] = {"divide", "remainder", "add", "multiply", "subtract"};
  for (int k = 0; k < 5; k++) {
    char text[512];
    snprintf(text, sizeof text,
             "func.func @main(%%a: tensor<6xi32>, %%b: tensor<6xi32>) -> tensor<6xi32> {\n"
             "  %%0 = stablehlo.%s %%a, %%b : tensor<6xi32>\n  return %%0 : tensor<6xi32>\n}\n", ops[k]);
    tsr_array in[2] = {arr(TSR_I32, 1, s6, a), arr(TSR_I32, 1, s6, b)}, out;
    CHECK_OK(run_text(text, in, 2, &out, 1));
    int32_t *r = I(out);
    switch (k) {
    case 0: CHECK(r[0] == INT32_MIN && r[1] == -1 && r[2] == -3 && r[3] == -3 && r[4] == INT32_MAX && r[5] == 1); break;
    case 1: CHECK(r[0] == 0 && r[1] == 7 && r[2] == -1 && r[3] == 1 && r[4] == 0 && r[5] == 2); break;
    case 2: CHECK(r[0] == INT32_MAX && r[4] == INT32_MIN); break; /* wraps */
    case 3: CHECK(r[0] == INT32_MIN && r[3] == -14 && r[4] == INT32_MAX); break;
    case 4: CHECK(r[0] == INT32_MIN + 1 && r[4] == INT32_MAX - 1); break;
    }
    tsr_array_free(&out);
  }
  /* unsigned 8-bit wrap and division by zero (all bits set) */
  uint8_t ua[3] = {250, 9, 0}, ub[3] = {10, 0, 1};
  int64_t s3[1] = {3};
  tsr_array outs[2];
  tsr_array in2[2] = {arr(TSR_U8, 1, s3, ua), arr(TSR_U8, 1, s3, ub)};
  CHECK_OK(run_text("func.func @main(%a: tensor<3xui8>, %b: tensor<3xui8>) -> (tensor<3xui8>, tensor<3xui8>) {\n"
                    "  %0 = stablehlo.add %a, %b : tensor<3xui8>\n  %1 = stablehlo.divide %a, %b : tensor<3xui8>\n"
                    "  return %0, %1 : tensor<3xui8>, tensor<3xui8>\n}\n", in2, 2, outs, 2));
  uint8_t *r0 = outs[0].data, *r1 = outs[1].data;
  CHECK(r0[0] == 4 && r0[1] == 9 && r1[0] == 25 && r1[1] == 255 && r1[2] == 0);
  tsr_array_free(&outs[0]);
  tsr_array_free(&outs[1]);
}

/* The reference for test_integer_loops: one op on W-bit values held in the low bits of x
 * and y, written out bit by bit of the spec (wrap-around; a shift by W or more, or by a
 * negative amount, which is that read unsigned, shifts everything out). */
static uint64_t int_ref(const char *op, int W, bool sgn, uint64_t x, uint64_t y) {
  uint64_t mask = W == 64 ? ~UINT64_C(0) : (UINT64_C(1) << W) - 1, top = UINT64_C(1) << (W - 1);
  x &= mask;
  y &= mask;
  bool xneg = (x & top) != 0;
  /* the values as signed numbers, for the orders */
  int64_t sx = (int64_t)(x ^ top) - (int64_t)(top - 1) - 1, sy = (int64_t)(y ^ top) - (int64_t)(top - 1) - 1;
  uint64_t r;
  if (!strcmp(op, "add")) r = x + y;
  else if (!strcmp(op, "subtract")) r = x - y;
  else if (!strcmp(op, "multiply")) r = x * y;
  else if (!strcmp(op, "and")) r = x & y;
  else if (!strcmp(op, "or")) r = x | y;
  else if (!strcmp(op, "xor")) r = x ^ y;
  else if (!strcmp(op, "shift_left")) r = y >= (uint64_t)W ? 0 : x << y;
  else if (!strcmp(op, "shift_right_logical")) r = y >= (uint64_t)W ? 0 : x >> y;
  else if (!strcmp(op, "shift_right_arithmetic")) {
    bool fill = xneg; /* the top bit, of an unsigned type too (XLA's evaluator and CPU) */
    if (y >= (uint64_t)W) r = fill ? mask : 0;
    else {
      r = x >> y;
      for (uint64_t k = 0; k < y && fill; k++) r |= top >> k;
    }
  } else if (!strcmp(op, "maximum")) r = sgn ? (sx > sy ? x : y) : (x > y ? x : y);
  else r = sgn ? (sx < sy ? x : y) : (x < y ? x : y); /* minimum */
  return r & mask;
}

/* 32- and 64-bit integer elementwise ops (the random bit generators' threefry is made of
 * them) against int_ref, on every pair of edge values, and with either operand a scalar
 * standing for its broadcast. */
static void test_integer_loops(void) {
  enum { V = 14, N = V * V };
  const uint64_t vals[V] = {0, 1, 2, 7, 31, 32, 33, 63, 64, 65, 0x7fffffff, 0x80000000u, 0xfffffffeu, ~UINT64_C(0)};
  const char *ops[] = {"add", "subtract", "multiply", "and", "or", "xor", "shift_left", "shift_right_logical",
                       "shift_right_arithmetic", "maximum", "minimum"};
  const struct { const char *name; tsr_dtype t; int W; bool sgn; } types[] = {
      {"i32", TSR_I32, 32, true}, {"ui32", TSR_U32, 32, false}, {"i64", TSR_I64, 64, true}, {"ui64", TSR_U64, 64, false}};
  const uint64_t scalars[] = {5, 40, ~UINT64_C(0) - 2, UINT64_C(0x8000000000000001)};
  int64_t sn[1] = {N};
  int wrong = 0;
  for (int ty = 0; ty < 4; ty++)
    for (int k = 0; k < (int)(sizeof ops / sizeof *ops); k++)
      for (int si = 0; si < 4; si++) {
        const char *T = types[ty].name;
        int W = types[ty].W;
        char text[1024];
        snprintf(text, sizeof text,
                 "func.func @main(%%a: tensor<%dx%s>, %%b: tensor<%dx%s>, %%s: tensor<%s>) -> (tensor<%dx%s>, "
                 "tensor<%dx%s>, tensor<%dx%s>) {\n"
                 "  %%sb = stablehlo.broadcast_in_dim %%s, dims = [] : (tensor<%s>) -> tensor<%dx%s>\n"
                 "  %%0 = stablehlo.%s %%a, %%b : tensor<%dx%s>\n"
                 "  %%1 = stablehlo.%s %%sb, %%b : tensor<%dx%s>\n"
                 "  %%2 = stablehlo.%s %%a, %%sb : tensor<%dx%s>\n"
                 "  return %%0, %%1, %%2 : tensor<%dx%s>, tensor<%dx%s>, tensor<%dx%s>\n}\n",
                 N, T, N, T, T, N, T, N, T, N, T, T, N, T, ops[k], N, T, ops[k], N, T, ops[k], N, T, N, T, N, T, N, T);
        uint64_t a[N], b[N], sc = scalars[si];
        for (int i = 0; i < N; i++) { a[i] = vals[i / V]; b[i] = vals[i % V]; }
        /* the arrays in the element type: the low W bits of each value */
        uint32_t a32[N], b32[N], s32 = (uint32_t)sc;
        for (int i = 0; i < N; i++) { a32[i] = (uint32_t)a[i]; b32[i] = (uint32_t)b[i]; }
        int64_t none[1] = {0};
        tsr_array in[3] = {arr(types[ty].t, 1, sn, W == 32 ? (void *)a32 : (void *)a),
                           arr(types[ty].t, 1, sn, W == 32 ? (void *)b32 : (void *)b),
                           arr(types[ty].t, 0, none, W == 32 ? (void *)&s32 : (void *)&sc)},
                  out[3];
        CHECK_OK(run_text(text, in, 3, out, 3));
        for (int r = 0; r < 3; r++)
          for (int i = 0; i < N; i++) {
            uint64_t x = r == 1 ? sc : a[i], y = r == 2 ? sc : b[i];
            uint64_t got = W == 32 ? ((uint32_t *)out[r].data)[i] : ((uint64_t *)out[r].data)[i];
            uint64_t want = int_ref(ops[k], W, types[ty].sgn, x, y);
            if (got != want && wrong++ < 5)
              fprintf(stderr, "%s %s (form %d): %#llx, %#llx gives %#llx, want %#llx\n", ops[k], T, r,
                      (unsigned long long)x, (unsigned long long)y, (unsigned long long)got, (unsigned long long)want);
          }
        for (int r = 0; r < 3; r++) tsr_array_free(&out[r]);
      }
  CHECK_EQ_INT(wrong, 0);
}

static void test_compare_select_convert(void) {
  float x[4] = {1.0f, NAN, -0.0f, 2.0f}, y[4] = {1.0f, NAN, 0.0f, 3.0f};
  int64_t s4[1] = {4};
  const char *dirs[] = {"EQ", "NE", "LT", "GE"};
  int want[4][4] = {{1, 0, 1, 0}, {0, 1, 0, 1}, {0, 0, 0, 1}, {1, 0, 1, 0}};
  for (int k = 0; k < 4; k++) {
    char text[512];
    snprintf(text, sizeof text,
             "func.func @main(%%a: tensor<4xf32>, %%b: tensor<4xf32>) -> tensor<4xi1> {\n"
             "  %%0 = stablehlo.compare %s, %%a, %%b, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>\n"
             "  return %%0 : tensor<4xi1>\n}\n", dirs[k]);
    tsr_array in[2] = {arr(TSR_F32, 1, s4, x), arr(TSR_F32, 1, s4, y)}, out;
    CHECK_OK(run_text(text, in, 2, &out, 1));
    CHECK_EQ_INT(out.dtype, TSR_BOOL);
    for (int i = 0; i < 4; i++) CHECK_EQ_INT(I(out)[i], want[k][i]);
    tsr_array_free(&out);
  }
  /* TOTALORDER: -0 < +0, NaN == NaN */
  tsr_array in[2] = {arr(TSR_F32, 1, s4, x), arr(TSR_F32, 1, s4, y)}, out;
  CHECK_OK(run_text("func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {\n"
                    "  %0 = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>\n"
                    "  return %0 : tensor<4xi1>\n}\n", in, 2, &out, 1));
  CHECK(I(out)[0] == 0 && I(out)[1] == 0 && I(out)[2] == 1 && I(out)[3] == 1);
  tsr_array_free(&out);
  /* UNSIGNED compare of signed bits, select, convert f32->i32 saturating, NaN->0, bf16 RNE */
  float c[5] = {3.7f, -3.7f, 1e20f, NAN, 1.00390625f /* 1 + 2^-8: halfway, rounds to even (1.0) */};
  int64_t s5[1] = {5};
  tsr_array ci[1] = {arr(TSR_F32, 1, s5, c)}, co[2];
  CHECK_OK(run_text("func.func @main(%a: tensor<5xf32>) -> (tensor<5xi32>, tensor<5xbf16>) {\n"
                    "  %0 = stablehlo.convert %a : (tensor<5xf32>) -> tensor<5xi32>\n"
                    "  %1 = stablehlo.convert %a : (tensor<5xf32>) -> tensor<5xbf16>\n"
                    "  return %0, %1 : tensor<5xi32>, tensor<5xbf16>\n}\n", ci, 1, co, 2));
  CHECK(I(co[0])[0] == 3 && I(co[0])[1] == -3 && I(co[0])[2] == INT32_MAX && I(co[0])[3] == 0 && I(co[0])[4] == 1);
  uint16_t *bf = co[1].data;
  CHECK(bf[0] == tsr_f32_to_bf16(3.7f) && bf[4] == 0x3f80 && tsr_bf16_to_f32(bf[2]) > 9.9e19f);
  tsr_array_free(&co[0]);
  tsr_array_free(&co[1]);
  int32_t p[3] = {1, 0, 1}, u[3] = {10, 20, 30}, v[3] = {-1, -2, -3};
  int64_t s3[1] = {3};
  tsr_array si[3] = {arr(TSR_BOOL, 1, s3, p), arr(TSR_I32, 1, s3, u), arr(TSR_I32, 1, s3, v)}, so;
  CHECK_OK(run_text("func.func @main(%p: tensor<3xi1>, %a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {\n"
                    "  %0 = stablehlo.select %p, %a, %b : tensor<3xi1>, tensor<3xi32>\n  return %0 : tensor<3xi32>\n}\n",
                    si, 3, &so, 1));
  CHECK(I(so)[0] == 10 && I(so)[1] == -2 && I(so)[2] == 30);
  tsr_array_free(&so);
}

static void test_unary(void) {
  float x[4] = {4.0f, 0.0f, -1.0f, INFINITY};
  int64_t s4[1] = {4};
  tsr_array in[1] = {arr(TSR_F32, 1, s4, x)}, out[5];
  CHECK_OK(run_text("func.func @main(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {\n"
                    "  %0 = stablehlo.sqrt %a : tensor<4xf32>\n  %1 = stablehlo.rsqrt %a : tensor<4xf32>\n"
                    "  %2 = stablehlo.exponential %a : tensor<4xf32>\n  %3 = stablehlo.log %a : tensor<4xf32>\n"
                    "  %4 = stablehlo.tanh %a : tensor<4xf32>\n"
                    "  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>\n}\n",
                    in, 1, out, 5));
  CHECK(F(out[0])[0] == 2.0f && F(out[0])[1] == 0.0f && isnan(F(out[0])[2]) && F(out[0])[3] == INFINITY);
  CHECK(F(out[1])[0] == 0.5f && F(out[1])[1] == INFINITY && F(out[1])[3] == 0.0f);
  CHECK(F(out[2])[1] == 1.0f && fabsf(F(out[2])[2] - 0.36787944f) < 1e-7f && F(out[2])[3] == INFINITY);
  CHECK(F(out[3])[1] == -INFINITY && isnan(F(out[3])[2]) && fabsf(F(out[3])[0] - 1.3862944f) < 1e-6f);
  CHECK(F(out[4])[3] == 1.0f && F(out[4])[1] == 0.0f);
  for (int i = 0; i < 5; i++) tsr_array_free(&out[i]);
  int32_t v[3] = {INT32_MIN, -5, 6};
  int64_t s3[1] = {3};
  tsr_array ii[1] = {arr(TSR_I32, 1, s3, v)}, io[3];
  CHECK_OK(run_text("func.func @main(%a: tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) {\n"
                    "  %0 = stablehlo.negate %a : tensor<3xi32>\n  %1 = stablehlo.abs %a : tensor<3xi32>\n"
                    "  %2 = stablehlo.not %a : tensor<3xi32>\n  return %0, %1, %2 : tensor<3xi32>, tensor<3xi32>, tensor<3xi32>\n}\n",
                    ii, 1, io, 3));
  CHECK(I(io[0])[0] == INT32_MIN && I(io[0])[1] == 5 && I(io[1])[0] == INT32_MIN && I(io[1])[1] == 5 && I(io[2])[2] == ~6);
  for (int i = 0; i < 3; i++) tsr_array_free(&io[i]);
}

/* `x * c` arrives as a broadcast of the scalar c and a multiply; the interpreter drops such a
 * broadcast when only elementwise binary ops use it and lets them read the scalar. The
 * results must be those of the broadcast tensor: scalar on either side, floats through the
 * plain-float and the double paths, integers; a broadcast that is returned or read by another
 * op stays. Checked against C loops, and the op count shows which broadcasts went. */
static void test_scalar_broadcast_operands(void) {
  const char *text =
      "func.func @main(%a: tensor<5xf32>, %s: tensor<f32>, %i: tensor<5xi32>) -> (tensor<5xf32>, tensor<5xf32>, "
      "tensor<5xf32>, tensor<5xi32>, tensor<5xf32>, tensor<5xi1>, tensor<5xf32>, tensor<5xi32>) {\n"
      "  %c = stablehlo.constant dense<2.5> : tensor<f32>\n"
      "  %cb = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<5xf32>\n"
      "  %0 = stablehlo.multiply %a, %cb : tensor<5xf32>\n"
      "  %1 = stablehlo.subtract %cb, %a : tensor<5xf32>\n"
      "  %sb = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<5xf32>\n"
      "  %2 = stablehlo.power %a, %sb : tensor<5xf32>\n"
      "  %k = stablehlo.constant dense<-3> : tensor<i32>\n"
      "  %kb = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<i32>) -> tensor<5xi32>\n"
      "  %3 = stablehlo.remainder %kb, %i : tensor<5xi32>\n"
      "  %r = stablehlo.constant dense<1.0> : tensor<f32>\n"
      "  %rb = stablehlo.broadcast_in_dim %r, dims = [] : (tensor<f32>) -> tensor<5xf32>\n"
      "  %4 = stablehlo.add %a, %rb : tensor<5xf32>\n"
      "  %5 = stablehlo.compare GT, %a, %rb : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xi1>\n"
      "  %h = stablehlo.constant dense<0.5> : tensor<f32>\n"
      "  %hb = stablehlo.broadcast_in_dim %h, dims = [] : (tensor<f32>) -> tensor<5xf32>\n"
      "  %6 = stablehlo.divide %hb, %a : tensor<5xf32>\n"
      "  %z = stablehlo.constant dense<2> : tensor<i32>\n"
      "  %zb = stablehlo.broadcast_in_dim %z, dims = [] : (tensor<i32>) -> tensor<5xi32>\n"
      "  %7 = stablehlo.shift_left %i, %zb : tensor<5xi32>\n"
      "  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xi32>, tensor<5xf32>, "
      "tensor<5xi1>, tensor<5xf32>, tensor<5xi32>\n"
      "}\n";
  float a[5] = {1.5f, -2.0f, 0.0f, 3.25f, NAN}, s = 3.0f;
  int32_t iv[5] = {2, -2, 0, 5, 1};
  int64_t s5[1] = {5};
  tsr_mlir_module *m;
  CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "test.mlir", &m));
  tsr_hlo_program *p;
  CHECK_OK(tsr_hlo_compile(m, &p));
  tsr_array in[3] = {arr(TSR_F32, 1, s5, a), arr(TSR_F32, 0, s5, &s), arr(TSR_I32, 1, s5, iv)}, out[8];
  tsr_hlo_stats st = {0};
  CHECK_OK(tsr_hlo_run(p, NULL, in, 3, out, &st));
  /* 19 ops; the broadcasts of c, s, k, h and z go (more than the function has arguments:
   * none is freed at entry); that of r stays (compare reads it) */
  CHECK(st.ops == 14);
  const float *o0 = out[0].data, *o1 = out[1].data, *o2 = out[2].data, *o4 = out[4].data;
  const float *o6 = out[6].data;
  const int32_t *o3 = out[3].data, *o7 = out[7].data;
  const int32_t *o5 = out[5].data; /* i1 is stored in 4 bytes */
  for (int i = 0; i < 5; i++) {
    float want0 = a[i] * 2.5f, want1 = 2.5f - a[i], want2 = (float)pow((double)a[i], 3.0), want4 = a[i] + 1.0f;
    CHECK(memcmp(&o0[i], &want0, 4) == 0 || (isnan(o0[i]) && isnan(want0)));
    CHECK(memcmp(&o1[i], &want1, 4) == 0 || (isnan(o1[i]) && isnan(want1)));
    CHECK(memcmp(&o2[i], &want2, 4) == 0 || (isnan(o2[i]) && isnan(want2)));
    CHECK(memcmp(&o4[i], &want4, 4) == 0 || (isnan(o4[i]) && isnan(want4)));
    CHECK(o3[i] == (iv[i] == 0 ? -3 : -3 % iv[i])); /* x % 0 = x */
    CHECK(o5[i] == (a[i] > 1.0f));
    float want6 = 0.5f / a[i];
    CHECK(memcmp(&o6[i], &want6, 4) == 0 || (isnan(o6[i]) && isnan(want6)));
    CHECK(o7[i] == (int32_t)((uint32_t)iv[i] << 2));
  }
  for (int i = 0; i < 3; i++) tsr_array_free(&in[i]);
  for (int i = 0; i < 8; i++) tsr_array_free(&out[i]);
  tsr_hlo_program_destroy(p);
  tsr_mlir_module_destroy(m);
}

/* A run leaves its large released buffers to the program, and so does tsr_hlo_recycle with a
 * run's output; the next run allocates from them: each run's results must still be its own
 * (every reused buffer rewritten), run after run, with other inputs each time; the program
 * frees what it keeps (ASan: no leak). */
static void test_runs_reuse_buffers(void) {
  const char *text =
      "func.func @main(%x: tensor<64x1024xf32>, %y: tensor<64x1024xf32>) -> tensor<64x1024xf32> {\n"
      "  %0 = stablehlo.add %x, %y : tensor<64x1024xf32>\n"
      "  %1 = stablehlo.multiply %0, %x : tensor<64x1024xf32>\n"
      "  %2 = stablehlo.subtract %1, %y : tensor<64x1024xf32>\n"
      "  %3 = stablehlo.multiply %2, %0 : tensor<64x1024xf32>\n"
      "  return %3 : tensor<64x1024xf32>\n}\n";
  tsr_mlir_module *m;
  CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "test.mlir", &m));
  tsr_hlo_program *p;
  CHECK_OK(tsr_hlo_compile(m, &p));
  int64_t sh[2] = {64, 1024};
  for (int run = 0; run < 3; run++) {
    tsr_array in[2], out;
    CHECK_OK(tsr_array_alloc(&in[0], TSR_F32, 2, sh));
    CHECK_OK(tsr_array_alloc(&in[1], TSR_F32, 2, sh));
    float *x = in[0].data, *y = in[1].data;
    for (int i = 0; i < 64 * 1024; i++) {
      x[i] = (float)((i * 7 + run * 13) % 101) * 0.25f - 3.0f;
      y[i] = (float)((i * 3 + run * 29) % 89) * 0.5f - 7.0f;
    }
    CHECK_OK(tsr_hlo_run(p, NULL, in, 2, &out, NULL));
    const float *r = out.data;
    int bad = 0;
    for (int i = 0; i < 64 * 1024; i++) {
      float v0 = x[i] + y[i], v3 = ((v0 * x[i]) - y[i]) * v0;
      bad += memcmp(&r[i], &v3, 4) != 0;
    }
    CHECK(bad == 0);
    tsr_array_free(&in[0]);
    tsr_array_free(&in[1]);
    /* the output's memory goes back to the program for the next run's tensors */
    tsr_hlo_recycle(p, &out);
    CHECK(out.data == NULL);
  }
  tsr_array stray;
  CHECK_OK(tsr_array_alloc(&stray, TSR_F32, 2, sh));
  tsr_hlo_recycle(NULL, &stray); /* no program: freed */
  CHECK(stray.data == NULL);
  tsr_hlo_program_destroy(p);
  tsr_mlir_module_destroy(m);
}

/* tpu_numerics: an f32 dot_general and convolution at the default precision take their
 * operands rounded to bf16 (the MXU's one pass) and sum in f32; HIGHEST, or a run without
 * the option, at full f32. Against C loops over the operands rounded (or not) here. */
static float bf16(float v) { return tsr_bf16_to_f32(tsr_f32_to_bf16(v)); }

static void test_tpu_numerics(void) {
  enum { M = 3, K = 5, N = 2 };
  float a[M * K], b[K * N];
  for (int i = 0; i < M * K; i++) a[i] = 1.0f + (float)i / 7.0f; /* not exact in bf16 */
  for (int i = 0; i < K * N; i++) b[i] = 0.5f - (float)i / 3.0f;
  const char *text =
      "func.func @main(%a: tensor<3x5xf32>, %b: tensor<5x2xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>, "
      "tensor<1x1x3x1xf32>) {\n"
      "  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x5xf32>, tensor<5x2xf32>) -> tensor<3x2xf32>\n"
      "  %1 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : "
      "(tensor<3x5xf32>, tensor<5x2xf32>) -> tensor<3x2xf32>\n"
      "  %2 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : "
      "(tensor<3x5xf32>, tensor<5x2xf32>) -> tensor<3x2xf32>\n"
      "  %l = stablehlo.reshape %a : (tensor<3x5xf32>) -> tensor<1x1x3x5xf32>\n"
      "  %s = stablehlo.slice %b [0:5, 0:1] : (tensor<5x2xf32>) -> tensor<5x1xf32>\n"
      "  %r = stablehlo.reshape %s : (tensor<5x1xf32>) -> tensor<1x1x1x5xf32>\n"
      "  %3 = stablehlo.convolution(%l, %r) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} "
      "{batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x3x5xf32>, tensor<1x1x1x5xf32>) -> "
      "tensor<1x1x3x1xf32>\n"
      "  return %0, %1, %2, %3 : tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<1x1x3x1xf32>\n"
      "}\n";
  tsr_mlir_module *m;
  CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "numerics.mlir", &m));
  tsr_hlo_program *p;
  CHECK_OK(tsr_hlo_compile(m, &p));
  int64_t sa[2] = {M, K}, sb[2] = {K, N};
  for (int tpu = 0; tpu < 2; tpu++) {
    tsr_array in[2] = {arr(TSR_F32, 2, sa, a), arr(TSR_F32, 2, sb, b)}, out[4];
    tsr_hlo_run_opts ro = {.tpu_numerics = tpu};
    CHECK_OK(tsr_hlo_run(p, &ro, in, 2, out, NULL));
    for (int i = 0; i < M; i++)
      for (int j = 0; j < N; j++) {
        double full = 0, mxu = 0;
        for (int k = 0; k < K; k++) {
          full += (double)a[i * K + k] * b[k * N + j];
          mxu += (double)bf16(a[i * K + k]) * bf16(b[k * N + j]);
        }
        float d0 = F(out[0])[i * N + j], d1 = F(out[1])[i * N + j], d2 = F(out[2])[i * N + j];
        double want = tpu ? mxu : full;
        CHECK(fabs(d0 - want) < 1e-5 && fabs(d1 - want) < 1e-5 && fabs(d2 - full) < 1e-5);
        if (j == 0) CHECK(fabs(F(out[3])[i] - want) < 1e-5);
      }
    CHECK(fabs(F(out[0])[0] - F(out[2])[0]) > (tpu ? 1e-3 : -1.0)); /* the rounding shows */
    for (int k = 0; k < 4; k++) tsr_array_free(&out[k]);
    for (int k = 0; k < 2; k++) tsr_array_free(&in[k]);
  }
  tsr_hlo_program_destroy(p);
  tsr_mlir_module_destroy(m);
}

/* tpu_numerics: a default-precision f32 dot sums its products of bf16-rounded operands as
 * the kernels' matmuls do (docs/numerics.md): in passes of the MXU's depth (mxu_depth; 128
 * without a machine), each from zero in k order 128 at a time, the passes' sums added in
 * order. Bit for bit against that sum worked out here in f32 (the products are exact). */
static void test_tpu_numerics_passes(void) {
  enum { M = 16, K = 640, N = 24 };
  float *a = malloc(sizeof(float) * M * K), *b = malloc(sizeof(float) * K * N);
  tsr_test_fill(a, M * K, 5);
  tsr_test_fill(b, K * N, 6);
  const char *text =
      "func.func @main(%a: tensor<16x640xf32>, %b: tensor<640x24xf32>) -> tensor<16x24xf32> {\n"
      "  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<16x640xf32>, tensor<640x24xf32>) -> "
      "tensor<16x24xf32>\n"
      "  return %0 : tensor<16x24xf32>\n"
      "}\n";
  int64_t sa[2] = {M, K}, sb[2] = {K, N};
  for (int depth = 0; depth <= 256; depth += 256) { /* 0: 128 */
    tsr_array in[2] = {arr(TSR_F32, 2, sa, a), arr(TSR_F32, 2, sb, b)}, out[1] = {{0}};
    tsr_hlo_run_opts ro = {.tpu_numerics = true, .mxu_depth = depth};
    CHECK_OK(run_opts(text, &ro, in, 2, out, 1, NULL));
    int d = depth ? depth : 128, bad = 0;
    for (int i = 0; i < M; i++)
      for (int j = 0; j < N; j++) {
        float sum = 0;
        for (int k0 = 0; k0 < K; k0 += d) {
          float pass = 0;
          for (int h = k0; h < K && h < k0 + d; h += 128) {
            float part = 0;
            for (int q = h; q < K && q < h + 128; q++) part += bf16(a[i * K + q]) * bf16(b[q * N + j]);
            pass = h > k0 ? pass + part : part;
          }
          sum = k0 ? sum + pass : pass;
        }
        bad += memcmp(&F(out[0])[i * N + j], &sum, sizeof sum) != 0;
      }
    CHECK_EQ_INT(bad, 0);
    tsr_array_free(&out[0]);
  }
  free(a);
  free(b);
}

/* tpu_numerics: the graph's f32 and bf16 math functions are the kernels' (tsr_mosaic_math_f32),
 * bit for bit; without it, the correctly rounded double result. */
static void test_kernel_math(void) {
  static const char *const ops[] = {"stablehlo.exponential", "stablehlo.log", "stablehlo.tanh", "stablehlo.sine",
                                    "stablehlo.cosine", "stablehlo.sqrt", "stablehlo.rsqrt", "chlo.erf"};
  static const tsr_mosaic_math fns[] = {TSR_MOSAIC_EXP, TSR_MOSAIC_LOG, TSR_MOSAIC_TANH, TSR_MOSAIC_SIN,
                                        TSR_MOSAIC_COS, TSR_MOSAIC_SQRT, TSR_MOSAIC_RSQRT, TSR_MOSAIC_ERF};
  static double (*const libm[])(double) = {exp, log, tanh, sin, cos, sqrt, NULL, erf};
  enum { N = 1000 };
  static float x[N], want[N];
  static uint16_t xb[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.01f + (float)i * 0.00731f; /* positive, for log and the roots */
    xb[i] = tsr_f32_to_bf16(x[i]);
  }
  int64_t sn[1] = {N};
  int tanh_differs = 0;
  for (int k = 0; k < 8; k++) {
    for (int bf = 0; bf < 2; bf++) {
      const char *ty = bf ? "bf16" : "f32";
      char text[512];
      snprintf(text, sizeof text, "func.func @main(%%a: tensor<%dx%s>) -> tensor<%dx%s> {\n  %%0 = \"%s\"(%%a) : "
               "(tensor<%dx%s>) -> tensor<%dx%s>\n  return %%0 : tensor<%dx%s>\n}\n", N, ty, N, ty, ops[k], N, ty, N, ty, N, ty);
      for (int tpu = 0; tpu < 2; tpu++) {
        tsr_mlir_module *m;
        CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "math.mlir", &m));
        tsr_hlo_program *p;
        CHECK_OK(tsr_hlo_compile(m, &p));
        tsr_array in = bf ? arr(TSR_BF16, 1, sn, xb) : arr(TSR_F32, 1, sn, x), out;
        tsr_hlo_run_opts ro = {.tpu_numerics = tpu};
        CHECK_OK(tsr_hlo_run(p, &ro, &in, 1, &out, NULL));
        float src[N];
        for (int i = 0; i < N; i++) src[i] = bf ? tsr_bf16_to_f32(xb[i]) : x[i];
        if (tpu) tsr_mosaic_math_f32(fns[k], want, src, N);
        for (int i = 0; i < N; i++) {
          if (!tpu) want[i] = (float)(libm[k] ? libm[k]((double)src[i]) : 1.0 / sqrt((double)src[i]));
          float got = bf ? tsr_bf16_to_f32(((const uint16_t *)out.data)[i]) : F(out)[i];
          float w = bf ? tsr_bf16_to_f32(tsr_f32_to_bf16(want[i])) : want[i];
          if (memcmp(&got, &w, 4)) {
            fprintf(stderr, "%s %s tpu=%d x=%g: %.9g, want %.9g\n", ops[k], ty, tpu, (double)src[i], (double)got, (double)w);
            CHECK(false);
            break;
          }
        }
        if (k == 2 && !bf && tpu) {
          float lib[N];
          for (int i = 0; i < N; i++) lib[i] = (float)tanh((double)x[i]);
          for (int i = 0; i < N; i++) tanh_differs += lib[i] != F(out)[i];
        }
        tsr_array_free(&out);
        tsr_array_free(&in);
        tsr_hlo_program_destroy(p);
        tsr_mlir_module_destroy(m);
      }
    }
  }
  CHECK(tanh_differs > 0); /* the kernels' tanh is not libm's: the switch matters */
}

/* ui4 (jnp.uint4, a byte an element on the host): 0..15, arithmetic wraps at 16, shifts,
 * order and conversion read the value unsigned; i4 wraps at -8..7. Against C loops. */
static void test_uint4(void) {
  const char *text =
      "func.func @main() -> (tensor<16xui4>, tensor<16xui4>, tensor<16xi32>, tensor<16xi1>, tensor<16xi4>, "
      "tensor<16xui4>) {\n"
      "  %x = stablehlo.iota dim = 0 : tensor<16xui4>\n"
      "  %three = stablehlo.constant dense<3> : tensor<16xui4>\n"
      "  %one = stablehlo.constant dense<1> : tensor<16xui4>\n"
      "  %seven = stablehlo.constant dense<7> : tensor<16xui4>\n"
      "  %0 = stablehlo.add %x, %three : tensor<16xui4>\n"
      "  %1 = stablehlo.shift_right_logical %x, %one : tensor<16xui4>\n"
      "  %2 = stablehlo.convert %x : (tensor<16xui4>) -> tensor<16xi32>\n"
      "  %3 = stablehlo.compare GT, %x, %seven : (tensor<16xui4>, tensor<16xui4>) -> tensor<16xi1>\n"
      "  %4 = stablehlo.convert %0 : (tensor<16xui4>) -> tensor<16xi4>\n"
      "  %5 = stablehlo.count_leading_zeros %x : tensor<16xui4>\n"
      "  return %0, %1, %2, %3, %4, %5 : tensor<16xui4>, tensor<16xui4>, tensor<16xi32>, tensor<16xi1>, tensor<16xi4>, "
      "tensor<16xui4>\n"
      "}\n";
  tsr_array out[6];
  CHECK_OK(run_text(text, NULL, 0, out, 6));
  CHECK(out[0].dtype == TSR_U4 && out[4].dtype == TSR_I4);
  for (int i = 0; i < 16; i++) {
    const uint8_t *sum = out[0].data, *half = out[1].data, *clz = out[5].data;
    const int8_t *s4 = out[4].data;
    int wrapped = (i + 3) % 16;
    CHECK_EQ_INT(sum[i], wrapped);
    CHECK_EQ_INT(half[i], i >> 1);
    CHECK_EQ_INT(I(out[2])[i], i);
    CHECK_EQ_INT(I(out[3])[i], i > 7);
    CHECK_EQ_INT(s4[i], wrapped > 7 ? wrapped - 16 : wrapped);
    int zeros = 4;
    for (int v = i; v; v >>= 1) zeros--;
    CHECK_EQ_INT(clz[i], zeros); /* of 4 bits, not of the byte */
  }
  for (int k = 0; k < 6; k++) tsr_array_free(&out[k]);
}

/* The profile: per op, its runs, its unit and its work there, its bytes; a loop body's ops
 * once an iteration; ops that move nothing (reshape) count no work. */
static void test_profile(void) {
  const char *text =
      "func.func @main(%a: tensor<3x5xf32>, %b: tensor<5x2xf32>) -> (tensor<3x2xf32>, tensor<6xf32>) {\n"
      "  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x5xf32>, tensor<5x2xf32>) -> tensor<3x2xf32>\n"
      "  %1 = stablehlo.tanh %0 : tensor<3x2xf32>\n"
      "  %2 = stablehlo.reshape %1 : (tensor<3x2xf32>) -> tensor<6xf32>\n"
      "  %c0 = stablehlo.constant dense<0> : tensor<i32>\n"
      "  %w:2 = stablehlo.while(%i = %c0, %v = %2) : tensor<i32>, tensor<6xf32>\n"
      "    cond {\n"
      "      %n = stablehlo.constant dense<4> : tensor<i32>\n"
      "      %lt = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
      "      stablehlo.return %lt : tensor<i1>\n"
      "    } do {\n"
      "      %one = stablehlo.constant dense<1> : tensor<i32>\n"
      "      %j = stablehlo.add %i, %one : tensor<i32>\n"
      "      %u = stablehlo.multiply %v, %v : tensor<6xf32>\n"
      "      stablehlo.return %j, %u : tensor<i32>, tensor<6xf32>\n"
      "    }\n"
      "  return %1, %w#1 : tensor<3x2xf32>, tensor<6xf32>\n"
      "}\n";
  tsr_mlir_module *m;
  CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "profile.mlir", &m));
  tsr_hlo_program *p;
  CHECK_OK(tsr_hlo_compile(m, &p));
  float a[15] = {0}, b[10] = {0};
  int64_t sa[2] = {3, 5}, sb[2] = {5, 2};
  tsr_hlo_profile *prof;
  CHECK_OK(tsr_hlo_profile_create(&prof));
  for (int tpu = 0; tpu < 2; tpu++) {
    tsr_hlo_profile_reset(prof);
    for (int run = 0; run < 2; run++) {
      tsr_array in[2] = {arr(TSR_F32, 2, sa, a), arr(TSR_F32, 2, sb, b)}, out[2];
      tsr_hlo_run_opts ro = {.profile = prof, .tpu_numerics = tpu};
      CHECK_OK(tsr_hlo_run(p, &ro, in, 2, out, NULL));
      for (int k = 0; k < 2; k++) tsr_array_free(&out[k]), tsr_array_free(&in[k]);
    }
    bool dot = false, tanh_ = false, reshape = false, mul = false;
    for (int i = 0; i < tsr_hlo_profile_count(prof); i++) {
      const tsr_hlo_op_profile *o = tsr_hlo_profile_at(prof, i);
      if (!strcmp(o->op, "stablehlo.dot_general")) {
        /* 2 flops x 6 results x 5 products, twice; f32 operands and result, read and written */
        dot = o->unit == TSR_HLO_UNIT_MXU && o->runs == 2 && o->work == 2 * 2 * 6 * 5 && o->bytes == 2 * 4 * (15 + 10 + 6) &&
              o->mxu_dtype == (tpu ? TSR_BF16 : TSR_F32) && strstr(o->loc, "profile.mlir:2") != NULL;
      } else if (!strcmp(o->op, "stablehlo.tanh")) {
        tanh_ = o->unit == TSR_HLO_UNIT_TRANSCENDENTAL && o->runs == 2 && o->work == 12 && o->bytes == 2 * 4 * 12;
      } else if (!strcmp(o->op, "stablehlo.reshape")) {
        reshape = o->unit == TSR_HLO_UNIT_NONE && o->runs == 2 && o->work == 0 && o->bytes == 0;
      } else if (!strcmp(o->op, "stablehlo.multiply")) {
        mul = o->unit == TSR_HLO_UNIT_VPU && o->runs == 8 && o->work == 8 * 6 && o->bytes == 8 * 4 * 18; /* 4 iterations */
      }
    }
    CHECK(dot && tanh_ && reshape && mul);
  }
  tsr_hlo_profile_destroy(prof);
  tsr_hlo_program_destroy(p);
  tsr_mlir_module_destroy(m);
}

/* A profile of more ops than its first table holds (32 records, a hash of 64): each of 300 adds
 * has its own entry, in the order they ran, found again on a second run. */
static void test_profile_many_ops(void) {
  enum { N = 300 };
  static char text[N * 96 + 256];
  /* v0 = a + a, then v[i] = v[i-1] + a: element j of the last is (N + 1) * a[j] */
  size_t at = (size_t)snprintf(text, sizeof text, "func.func @main(%%a: tensor<2xf32>) -> tensor<2xf32> {\n");
  for (int i = 0; i < N; i++) {
    char prev[16];
    if (i) snprintf(prev, sizeof prev, "%%v%d", i - 1);
    else snprintf(prev, sizeof prev, "%%a");
    at += (size_t)snprintf(text + at, sizeof text - at, "  %%v%d = stablehlo.add %s, %%a : tensor<2xf32>\n", i, prev);
  }
  snprintf(text + at, sizeof text - at, "  return %%v%d : tensor<2xf32>\n}\n", N - 1);
  tsr_mlir_module *m;
  CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "many.mlir", &m));
  tsr_hlo_program *p;
  CHECK_OK(tsr_hlo_compile(m, &p));
  tsr_hlo_profile *prof;
  CHECK_OK(tsr_hlo_profile_create(&prof));
  float a[2] = {1, 2};
  int64_t sa[1] = {2};
  for (int run = 0; run < 2; run++) {
    tsr_array in[1] = {arr(TSR_F32, 1, sa, a)}, out[1];
    tsr_hlo_run_opts ro = {.profile = prof};
    CHECK_OK(tsr_hlo_run(p, &ro, in, 1, out, NULL));
    CHECK(((const float *)out[0].data)[0] == (float)(N + 1) && ((const float *)out[0].data)[1] == (float)(2 * (N + 1)));
    tsr_array_free(&out[0]), tsr_array_free(&in[0]);
  }
  int adds = 0;
  bool in_order = true;
  for (int i = 0; i < tsr_hlo_profile_count(prof); i++) {
    const tsr_hlo_op_profile *o = tsr_hlo_profile_at(prof, i);
    if (strcmp(o->op, "stablehlo.add")) continue;
    char want[32];
    snprintf(want, sizeof want, "many.mlir:%d:", adds + 2); /* add k is on line k + 2 */
    in_order = in_order && o->runs == 2 && strstr(o->loc, want) != NULL;
    adds++;
  }
  CHECK(adds == N && in_order);
  tsr_hlo_profile_destroy(prof);
  tsr_hlo_program_destroy(p);
  tsr_mlir_module_destroy(m);
}

int main(void) {
  test_elementwise_f32();
  test_integer_semantics();
  test_integer_loops();
  test_compare_select_convert();
  test_unary();
  test_scalar_broadcast_operands();
  test_runs_reuse_buffers();
  test_tpu_numerics();
  test_tpu_numerics_passes();
  test_profile();
  test_profile_many_ops();
  test_kernel_math();
  test_uint4();
  return tsr_test_finish("hlo_ops");
}
