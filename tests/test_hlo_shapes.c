/* StableHLO interpreter: data-movement ops, gather, reduce (fast and general bodies) and
 * dot_general against hand-computed results. */
#include <stdint.h>

#include "hlo_util.h"

#define F(a) ((float *)(a).data)
#define I(a) ((int32_t *)(a).data)

static void test_pad_slice_concat(void) {
  float x[4] = {1, 2, 3, 4};
  int64_t s4[1] = {4};
  tsr_array in[1] = {arr(TSR_F32, 1, s4, x)}, out[3];
  /* pad low -1 (crop), interior 1, high 2: [2,0,3,0,4,9? ...] */
  CHECK_OK(run_text("func.func @main(%a: tensor<4xf32>) -> (tensor<8xf32>, tensor<2xf32>, tensor<6xf32>) {\n"
                    "  %z = stablehlo.constant dense<9.0> : tensor<f32>\n"
                    "  %0 = \"stablehlo.pad\"(%a, %z) {edge_padding_low = array<i64: -1>, edge_padding_high = array<i64: 2>, interior_padding = array<i64: 1>} : (tensor<4xf32>, tensor<f32>) -> tensor<8xf32>\n"
                    "  %1 = \"stablehlo.slice\"(%a) {start_indices = array<i64: 1>, limit_indices = array<i64: 4>, strides = array<i64: 2>} : (tensor<4xf32>) -> tensor<2xf32>\n"
                    "  %2 = \"stablehlo.concatenate\"(%1, %a) {dimension = 0 : i64} : (tensor<2xf32>, tensor<4xf32>) -> tensor<6xf32>\n"
                    "  return %0, %1, %2 : tensor<8xf32>, tensor<2xf32>, tensor<6xf32>\n}\n", in, 1, out, 3));
  float want_pad[8] = {9, 2, 9, 3, 9, 4, 9, 9}, want_cat[6] = {2, 4, 1, 2, 3, 4};
  CHECK(!memcmp(out[0].data, want_pad, sizeof want_pad));
  CHECK(F(out[1])[0] == 2 && F(out[1])[1] == 4);
  CHECK(!memcmp(out[2].data, want_cat, sizeof want_cat));
  for (int i = 0; i < 3; i++) tsr_array_free(&out[i]);
}

static void test_dynamic_slices(void) {
  int32_t x[6] = {0, 1, 2, 3, 4, 5}, u[2] = {-1, -2}, start[1] = {5};
  int64_t s6[1] = {6}, s2[1] = {2};
  tsr_array in[3] = {arr(TSR_I32, 1, s6, x), arr(TSR_I32, 1, s2, u), arr(TSR_I32, 0, NULL, start)}, out[2];
  /* start 5 is clamped to 4 so that the window fits */
  CHECK_OK(run_text("func.func @main(%a: tensor<6xi32>, %u: tensor<2xi32>, %s: tensor<i32>) -> (tensor<2xi32>, tensor<6xi32>) {\n"
                    "  %0 = \"stablehlo.dynamic_slice\"(%a, %s) {slice_sizes = array<i64: 2>} : (tensor<6xi32>, tensor<i32>) -> tensor<2xi32>\n"
                    "  %1 = \"stablehlo.dynamic_update_slice\"(%a, %u, %s) : (tensor<6xi32>, tensor<2xi32>, tensor<i32>) -> tensor<6xi32>\n"
                    "  return %0, %1 : tensor<2xi32>, tensor<6xi32>\n}\n", in, 3, out, 2));
  CHECK(I(out[0])[0] == 4 && I(out[0])[1] == 5);
  int32_t want[6] = {0, 1, 2, 3, -1, -2};
  CHECK(!memcmp(out[1].data, want, sizeof want));
  tsr_array_free(&out[0]);
  tsr_array_free(&out[1]);
}

static void test_gather(void) {
  /* operand 3x4 (value 10*r + c), indices [[2,1],[0,3],[5,-1]] with clamping, one element each */
  float op[12];
  for (int i = 0; i < 12; i++) op[i] = (float)(10 * (i / 4) + i % 4);
  int32_t idx[6] = {2, 1, 0, 3, 5, -1};
  int64_t so[2] = {3, 4}, si[2] = {3, 2};
  tsr_array in[2] = {arr(TSR_F32, 2, so, op), arr(TSR_I32, 2, si, idx)}, out[2];
  CHECK_OK(run_text("func.func @main(%a: tensor<3x4xf32>, %i: tensor<3x2xi32>) -> (tensor<3xf32>, tensor<3x2xf32>) {\n"
                    "  %0 = \"stablehlo.gather\"(%a, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>}> : (tensor<3x4xf32>, tensor<3x2xi32>) -> tensor<3xf32>\n"
                    "  %1 = \"stablehlo.gather\"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>}> : (tensor<3x4xf32>, tensor<3x2xi32>) -> tensor<3x2xf32>\n"
                    "  return %0, %1 : tensor<3xf32>, tensor<3x2xf32>\n}\n", in, 2, out, 2));
  CHECK(F(out[0])[0] == 21 && F(out[0])[1] == 3 && F(out[0])[2] == 20);
  /* rows of 2 starting at column (1, 3->2 clamped, -1->0) */
  float want[6] = {21, 22, 2, 3, 20, 21};
  CHECK(!memcmp(out[1].data, want, sizeof want));
  tsr_array_free(&out[0]);
  tsr_array_free(&out[1]);
}

static void test_reduce(void) {
  int32_t x[6] = {1, 2, 3, 4, 5, 6};
  int64_t s[2] = {2, 3};
  tsr_array in[1] = {arr(TSR_I32, 2, s, x)}, out[2];
  /* fast path (add over dim 1) and a general body (a*b+1 is no single op) over dim 0 */
  CHECK_OK(run_text("func.func @main(%a: tensor<2x3xi32>) -> (tensor<2xi32>, tensor<3xi32>) {\n"
                    "  %z = stablehlo.constant dense<0> : tensor<i32>\n"
                    "  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>\n"
                    "  %1 = \"stablehlo.reduce\"(%a, %z) ({\n"
                    "  ^bb0(%p: tensor<i32>, %q: tensor<i32>):\n"
                    "    %m = stablehlo.multiply %p, %q : tensor<i32>\n"
                    "    %o = stablehlo.constant dense<1> : tensor<i32>\n"
                    "    %r = stablehlo.add %m, %o : tensor<i32>\n"
                    "    stablehlo.return %r : tensor<i32>\n"
                    "  }) {dimensions = array<i64: 0>} : (tensor<2x3xi32>, tensor<i32>) -> tensor<3xi32>\n"
                    "  return %0, %1 : tensor<2xi32>, tensor<3xi32>\n}\n", in, 1, out, 2));
  CHECK(I(out[0])[0] == 6 && I(out[0])[1] == 15);
  /* ((0*1+1)*4+1, (0*2+1)*5+1, (0*3+1)*6+1) */
  CHECK(I(out[1])[0] == 5 && I(out[1])[1] == 6 && I(out[1])[2] == 7);
  tsr_array_free(&out[0]);
  tsr_array_free(&out[1]);
}

static void test_dot_general(void) {
  /* batch 2 of (2x3) . (3x2), f32 (sgemm) and i32 (loops), against a C loop */
  float a[12], b[12];
  int32_t ai[12], bi[12];
  for (int i = 0; i < 12; i++) { a[i] = (float)(i - 5); b[i] = (float)(i % 5) * 0.5f; ai[i] = i - 5; bi[i] = i % 5; }
  int64_t sa[3] = {2, 2, 3}, sb[3] = {2, 3, 2};
  tsr_array in[4] = {arr(TSR_F32, 3, sa, a), arr(TSR_F32, 3, sb, b), arr(TSR_I32, 3, sa, ai), arr(TSR_I32, 3, sb, bi)}, out[2];
  CHECK_OK(run_text("func.func @main(%a: tensor<2x2x3xf32>, %b: tensor<2x3x2xf32>, %c: tensor<2x2x3xi32>, %d: tensor<2x3x2xi32>) -> (tensor<2x2x2xf32>, tensor<2x2x2xi32>) {\n"
                    "  %0 = \"stablehlo.dot_general\"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x2x3xf32>, tensor<2x3x2xf32>) -> tensor<2x2x2xf32>\n"
                    "  %1 = \"stablehlo.dot_general\"(%c, %d) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x2x3xi32>, tensor<2x3x2xi32>) -> tensor<2x2x2xi32>\n"
                    "  return %0, %1 : tensor<2x2x2xf32>, tensor<2x2x2xi32>\n}\n", in, 4, out, 2));
  int bad = 0;
  for (int n = 0; n < 2; n++)
    for (int i = 0; i < 2; i++)
      for (int j = 0; j < 2; j++) {
        float acc = 0;
        int32_t iacc = 0;
        for (int k = 0; k < 3; k++) {
          acc += a[n * 6 + i * 3 + k] * b[n * 6 + k * 2 + j];
          iacc += ai[n * 6 + i * 3 + k] * bi[n * 6 + k * 2 + j];
        }
        if (fabsf(F(out[0])[n * 4 + i * 2 + j] - acc) > 1e-5f || I(out[1])[n * 4 + i * 2 + j] != iacc) bad++;
      }
  CHECK_EQ_INT(bad, 0);
  tsr_array_free(&out[0]);
  tsr_array_free(&out[1]);
}

/* Constants gathered at a function's top (as MLIR's canonicalizer leaves them) are made just
 * before their first use, so that they are not all live at once; splat and dense values. */
static void test_constants_made_at_use(void) {
  char text[4096];
  int len = snprintf(text, sizeof text, "func.func @main(%%a: tensor<1024xf32>) -> (tensor<1024xf32>, tensor<4xi32>) {\n");
  for (int i = 0; i < 8; i++)
    len += snprintf(text + len, sizeof text - (size_t)len, "  %%c%d = stablehlo.constant dense<%d.5> : tensor<1024xf32>\n", i, i);
  len += snprintf(text + len, sizeof text - (size_t)len,
                  "  %%d = stablehlo.constant dense<[3, -1, 7, 2147483647]> : tensor<4xi32>\n"
                  "  %%p = stablehlo.constant dense<true> : tensor<1024xi1>\n"
                  "  %%v0 = stablehlo.add %%a, %%c0 : tensor<1024xf32>\n");
  for (int i = 1; i < 8; i++)
    len += snprintf(text + len, sizeof text - (size_t)len, "  %%v%d = stablehlo.%s %%v%d, %%c%d : tensor<1024xf32>\n", i,
                    i % 2 ? "multiply" : "add", i - 1, i);
  snprintf(text + len, sizeof text - (size_t)len,
           "  %%s = stablehlo.select %%p, %%v7, %%a : tensor<1024xi1>, tensor<1024xf32>\n"
           "  return %%s, %%d : tensor<1024xf32>, tensor<4xi32>\n}\n");
  float x[1024];
  for (int i = 0; i < 1024; i++) x[i] = (float)(i % 7) - 3.0f;
  int64_t s[1] = {1024};
  tsr_array in = arr(TSR_F32, 1, s, x), out[2];
  tsr_hlo_stats st;
  CHECK_OK(run_opts(text, NULL, &in, 1, out, 2, &st));
  int wrong = 0;
  for (int i = 0; i < 1024; i++) {
    float v = x[i] + 0.5f;
    for (int k = 1; k < 8; k++) v = k % 2 ? v * ((float)k + 0.5f) : v + ((float)k + 0.5f);
    wrong += F(out[0])[i] != v;
  }
  CHECK_EQ_INT(wrong, 0);
  const int32_t *d = out[1].data;
  CHECK(d[0] == 3 && d[1] == -1 && d[2] == 7 && d[3] == 2147483647);
  /* the input, the running value, one constant and the next value (and the predicate and
   * the small constant, made at the end); all eight constants at once would be over twice this */
  CHECK(st.peak_bytes <= 4 * 4096 + 4096 + 16);
  tsr_array_free(&out[0]);
  tsr_array_free(&out[1]);
}

static void test_call_and_liveness(void) {
  /* a chain of 8 adds of f32[1024]: with frees after last use, the peak stays near 3 arrays */
  char text[4096];
  int len = snprintf(text, sizeof text, "func.func @main(%%a: tensor<1024xf32>) -> tensor<1024xf32> {\n  %%v0 = func.call @twice(%%a) : (tensor<1024xf32>) -> tensor<1024xf32>\n");
  for (int i = 1; i < 8; i++)
    len += snprintf(text + len, sizeof text - (size_t)len, "  %%v%d = stablehlo.add %%v%d, %%v%d : tensor<1024xf32>\n", i, i - 1, i - 1);
  snprintf(text + len, sizeof text - (size_t)len,
           "  return %%v7 : tensor<1024xf32>\n}\nfunc.func private @twice(%%x: tensor<1024xf32>) -> tensor<1024xf32> {\n"
           "  %%0 = stablehlo.add %%x, %%x : tensor<1024xf32>\n  return %%0 : tensor<1024xf32>\n}\n");
  float x[1024];
  for (int i = 0; i < 1024; i++) x[i] = 1.0f;
  int64_t s[1] = {1024};
  tsr_array in = arr(TSR_F32, 1, s, x), out;
  tsr_mlir_module *m;
  CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "chain.mlir", &m));
  tsr_hlo_program *p;
  CHECK_OK(tsr_hlo_compile(m, &p));
  tsr_hlo_stats st;
  CHECK_OK(tsr_hlo_run(p, NULL, &in, 1, &out, &st));
  CHECK(F(out)[0] == 256.0f && F(out)[1023] == 256.0f);
  CHECK_EQ_INT(st.ops, 9);
  CHECK(st.peak_bytes <= 3 * 4096); /* input + two live intermediates, never all nine */
  tsr_array_free(&out);
  tsr_array_free(&in);
  tsr_hlo_program_destroy(p);
  tsr_mlir_module_destroy(m);
}

int main(void) {
  test_pad_slice_concat();
  test_dynamic_slices();
  test_gather();
  test_reduce();
  test_dot_general();
  test_constants_made_at_use();
  test_call_and_liveness();
  return tsr_test_finish("hlo_shapes");
}
