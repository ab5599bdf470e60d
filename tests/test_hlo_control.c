/* StableHLO control flow in the interpreter: while, if and case against hand-computed results,
 * the op counts their semantics pin (each op of a loop body counted each time it runs), the op
 * budget that stops a loop which never ends, and malformed regions refused at compile time. */
#include <stdint.h>

#include "hlo_util.h"

/* s = 0; for (i = 0; i < n; i++) s += x[i % 4] * i: a loop over the data's own count. */
static const char *sum_loop =
    "func.func @main(%x: tensor<4xi32>, %n: tensor<i32>) -> (tensor<i32>, tensor<i32>) {\n"
    "  %zero = stablehlo.constant dense<0> : tensor<i32>\n"
    "  %one = stablehlo.constant dense<1> : tensor<i32>\n"
    "  %four = stablehlo.constant dense<4> : tensor<i32>\n"
    "  %r:2 = stablehlo.while(%i = %zero, %s = %zero) : tensor<i32>, tensor<i32>\n"
    "  cond {\n"
    "    %c = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
    "    stablehlo.return %c : tensor<i1>\n"
    "  } do {\n"
    "    %k = stablehlo.remainder %i, %four : tensor<i32>\n"
    "    %e = stablehlo.dynamic_slice %x, %k, sizes = [1] : (tensor<4xi32>, tensor<i32>) -> tensor<1xi32>\n"
    "    %v = stablehlo.reshape %e : (tensor<1xi32>) -> tensor<i32>\n"
    "    %p = stablehlo.multiply %v, %i : tensor<i32>\n"
    "    %s1 = stablehlo.add %s, %p : tensor<i32>\n"
    "    %i1 = stablehlo.add %i, %one : tensor<i32>\n"
    "    stablehlo.return %i1, %s1 : tensor<i32>, tensor<i32>\n"
    "  }\n"
    "  return %r#0, %r#1 : tensor<i32>, tensor<i32>\n"
    "}\n";

static void test_while_counts(void) {
  int32_t x[4] = {3, -1, 4, 2};
  int64_t s4[1] = {4};
  for (int32_t n = 0; n <= 9; n += 3) {
    int32_t want = 0;
    for (int32_t i = 0; i < n; i++) want += x[i % 4] * i;
    tsr_array in[2] = {arr(TSR_I32, 1, s4, x), arr(TSR_I32, 0, NULL, &n)}, out[2];
    tsr_hlo_stats st;
    CHECK_OK(run_opts(sum_loop, NULL, in, 2, out, 2, &st));
    CHECK_EQ_INT(((int32_t *)out[0].data)[0], n);
    CHECK_EQ_INT(((int32_t *)out[1].data)[0], want);
    /* 3 constants + the while, then per iteration the cond's compare and the body's 6 ops,
     * and the last compare that ends the loop */
    CHECK_EQ_INT(st.ops, 4 + (int64_t)n * 7 + 1);
    tsr_array_free(&out[0]);
    tsr_array_free(&out[1]);
  }
}

/* A loop whose bound comes from the data runs into the op budget, naming it; the same loop
 * within its budget runs, and a negative budget is none. */
static void test_budget(void) {
  int32_t x[4] = {1, 1, 1, 1}, n = 1000;
  int64_t s4[1] = {4};
  tsr_array in[2] = {arr(TSR_I32, 1, s4, x), arr(TSR_I32, 0, NULL, &n)}, out[2];
  tsr_hlo_run_opts small = {.max_ops = 500};
  CHECK_FAILS(run_opts(sum_loop, &small, in, 2, out, 2, NULL), TSR_ERR_INVALID, "the graph has run 500 ops, its budget");
  CHECK(out[0].data == NULL && out[1].data == NULL);
  tsr_array again[2] = {arr(TSR_I32, 1, s4, x), arr(TSR_I32, 0, NULL, &n)};
  tsr_hlo_run_opts enough = {.max_ops = 4 + 1000 * 7 + 1};
  CHECK_OK(run_opts(sum_loop, &enough, again, 2, out, 2, NULL));
  CHECK_EQ_INT(((int32_t *)out[1].data)[0], 1000 * 999 / 2);
  tsr_array_free(&out[0]);
  tsr_array_free(&out[1]);
  tsr_array third[2] = {arr(TSR_I32, 1, s4, x), arr(TSR_I32, 0, NULL, &n)};
  tsr_hlo_run_opts none = {.max_ops = -1};
  CHECK_OK(run_opts(sum_loop, &none, third, 2, out, 2, NULL));
  tsr_array_free(&out[0]);
  tsr_array_free(&out[1]);
}

/* An op whose work multiplies sizes charges the budget before it starts: a window of 2^40
 * elements over padding is refused at once, and so is a 1000^3 product under a small budget. */
static void test_budget_work(void) {
  const char *window =
      "func.func @main(%x: tensor<4xf32>) -> tensor<1xf32> {\n"
      "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
      "  %0 = \"stablehlo.reduce_window\"(%x, %z) <{padding = dense<[[1099511627772, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 1099511627776>}> ({\n"
      "  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
      "    %s = stablehlo.add %a, %b : tensor<f32>\n"
      "    stablehlo.return %s : tensor<f32>\n"
      "  }) : (tensor<4xf32>, tensor<f32>) -> tensor<1xf32>\n"
      "  return %0 : tensor<1xf32>\n"
      "}\n";
  int64_t s4[1] = {4};
  tsr_array in[1] = {arr(TSR_F32, 1, s4, NULL)}, out[1];
  CHECK_FAILS(run_opts(window, NULL, in, 1, out, 1, NULL), TSR_ERR_INVALID, "takes about 1.1e+12 element steps");
  const char *dot =
      "func.func @main(%a: tensor<1000x1000xf32>) -> tensor<1000x1000xf32> {\n"
      "  %0 = stablehlo.dot_general %a, %a, contracting_dims = [1] x [0] : (tensor<1000x1000xf32>, tensor<1000x1000xf32>) -> tensor<1000x1000xf32>\n"
      "  return %0 : tensor<1000x1000xf32>\n"
      "}\n";
  int64_t s2[2] = {1000, 1000};
  tsr_array a[1] = {arr(TSR_F32, 2, s2, NULL)};
  tsr_hlo_run_opts small = {.max_ops = 100000}; /* 1e9 steps are about 1e6 ops */
  CHECK_FAILS(run_opts(dot, &small, a, 1, out, 1, NULL), TSR_ERR_INVALID, "past the graph's op budget of 100000");
}

/* Branches and loop bodies use values from outside them (the function's arguments and values
 * two regions up); if takes its false branch, case clamps its index to the last branch. */
static void test_captures_and_branches(void) {
  const char *text =
      "func.func @main(%x: tensor<3xf32>, %p: tensor<i1>, %k: tensor<i32>) -> (tensor<3xf32>, tensor<3xf32>) {\n"
      "  %zero = stablehlo.constant dense<0> : tensor<i32>\n"
      "  %one = stablehlo.constant dense<1> : tensor<i32>\n"
      "  %two = stablehlo.constant dense<2> : tensor<i32>\n"
      "  %a = \"stablehlo.if\"(%p) ({\n"
      "    %w:2 = stablehlo.while(%i = %zero, %v = %x) : tensor<i32>, tensor<3xf32>\n"
      "    cond {\n"
      "      %c = stablehlo.compare LT, %i, %two : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
      "      stablehlo.return %c : tensor<i1>\n"
      "    } do {\n"
      "      %v2 = stablehlo.add %v, %x : tensor<3xf32>\n"
      "      %i2 = stablehlo.add %i, %one : tensor<i32>\n"
      "      stablehlo.return %i2, %v2 : tensor<i32>, tensor<3xf32>\n"
      "    }\n"
      "    stablehlo.return %w#1 : tensor<3xf32>\n"
      "  }, {\n"
      "    %n = stablehlo.negate %x : tensor<3xf32>\n"
      "    stablehlo.return %n : tensor<3xf32>\n"
      "  }) : (tensor<i1>) -> tensor<3xf32>\n"
      "  %b = \"stablehlo.case\"(%k) ({\n"
      "    stablehlo.return %x : tensor<3xf32>\n"
      "  }, {\n"
      "    %m = stablehlo.multiply %x, %x : tensor<3xf32>\n"
      "    stablehlo.return %m : tensor<3xf32>\n"
      "  }) : (tensor<i32>) -> tensor<3xf32>\n"
      "  return %a, %b : tensor<3xf32>, tensor<3xf32>\n"
      "}\n";
  float x[3] = {1.0f, -2.0f, 0.5f};
  int64_t s3[1] = {3};
  struct { int32_t pred, k; float a[3], b[3]; } cases[] = {
      {1, 0, {3.0f, -6.0f, 1.5f}, {1.0f, -2.0f, 0.5f}},
      {0, 1, {-1.0f, 2.0f, -0.5f}, {1.0f, 4.0f, 0.25f}},
      {0, -5, {-1.0f, 2.0f, -0.5f}, {1.0f, 4.0f, 0.25f}},
      {1, 9, {3.0f, -6.0f, 1.5f}, {1.0f, 4.0f, 0.25f}},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    tsr_array in[3] = {arr(TSR_F32, 1, s3, x), arr(TSR_BOOL, 0, NULL, &cases[c].pred), arr(TSR_I32, 0, NULL, &cases[c].k)}, out[2];
    CHECK_OK(run_opts(text, NULL, in, 3, out, 2, NULL));
    CHECK(!memcmp(out[0].data, cases[c].a, sizeof cases[c].a));
    CHECK(!memcmp(out[1].data, cases[c].b, sizeof cases[c].b));
    tsr_array_free(&out[0]);
    tsr_array_free(&out[1]);
  }
}

/* Regions that do not fit their op are refused before anything runs, with the op's location. */
static void test_malformed(void) {
  const char *not_i1 =
      "func.func @main(%x: tensor<i32>) -> tensor<i32> {\n"
      "  %0 = stablehlo.while(%i = %x) : tensor<i32>\n"
      "  cond {\n"
      "    stablehlo.return %i : tensor<i32>\n"
      "  } do {\n"
      "    stablehlo.return %i : tensor<i32>\n"
      "  }\n"
      "  return %0 : tensor<i32>\n"
      "}\n";
  tsr_array out[1];
  tsr_array in[1] = {arr(TSR_I32, 0, NULL, NULL)};
  CHECK_FAILS(run_opts(not_i1, NULL, in, 1, out, 1, NULL), TSR_ERR_INVALID,
              "test.mlir:2:3: stablehlo.while: value 0 the cond region returns differs in type from result 0");
  const char *branches_differ =
      "func.func @main(%p: tensor<i1>, %x: tensor<2xf32>, %y: tensor<3xf32>) -> tensor<2xf32> {\n"
      "  %0 = \"stablehlo.if\"(%p) ({\n"
      "    stablehlo.return %x : tensor<2xf32>\n"
      "  }, {\n"
      "    stablehlo.return %y : tensor<3xf32>\n"
      "  }) : (tensor<i1>) -> tensor<2xf32>\n"
      "  return %0 : tensor<2xf32>\n"
      "}\n";
  int64_t s2[1] = {2}, s3[1] = {3};
  tsr_array in3[3] = {arr(TSR_BOOL, 0, NULL, NULL), arr(TSR_F32, 1, s2, NULL), arr(TSR_F32, 1, s3, NULL)};
  CHECK_FAILS(run_opts(branches_differ, NULL, in3, 3, out, 1, NULL), TSR_ERR_INVALID,
              "value 0 the branch 1 region returns differs in type from result 0");
}

int main(void) {
  test_while_counts();
  test_budget();
  test_budget_work();
  test_captures_and_branches();
  test_malformed();
  return tsr_test_finish("hlo_control");
}
