// StableHLO's integer and logical ops, comparisons, select, clamp and convert on hand-computed
// values (shifts past the width, wrap-around, truncation toward zero), each checked with the
// check dialect; tests/test_op_registry.c runs it.
func.func @main() {
  %a = stablehlo.constant dense<[12, -1]> : tensor<2xi32>
  %b = stablehlo.constant dense<[10, 5]> : tensor<2xi32>
  %0 = stablehlo.and %a, %b : tensor<2xi32>
  check.expect_eq_const %0, dense<[8, 5]> : tensor<2xi32>
  %1 = stablehlo.or %a, %b : tensor<2xi32>
  check.expect_eq_const %1, dense<[14, -1]> : tensor<2xi32>
  %2 = stablehlo.xor %a, %b : tensor<2xi32>
  check.expect_eq_const %2, dense<[6, -6]> : tensor<2xi32>
  %z = stablehlo.constant dense<[0, -1]> : tensor<2xi32>
  %3 = stablehlo.not %z : tensor<2xi32>
  check.expect_eq_const %3, dense<[-1, 0]> : tensor<2xi32>
  %s1 = stablehlo.constant dense<[1, 3]> : tensor<2xi32>
  %n1 = stablehlo.constant dense<[4, 31]> : tensor<2xi32>
  %4 = stablehlo.shift_left %s1, %n1 : tensor<2xi32>
  check.expect_eq_const %4, dense<[16, -2147483648]> : tensor<2xi32>
  %s2 = stablehlo.constant dense<[-16, 16]> : tensor<2xi32>
  %n2 = stablehlo.constant dense<[2, 40]> : tensor<2xi32>
  %5 = stablehlo.shift_right_arithmetic %s2, %n2 : tensor<2xi32>
  check.expect_eq_const %5, dense<[-4, 0]> : tensor<2xi32>
  %n3 = stablehlo.constant dense<[28, 2]> : tensor<2xi32>
  %6 = stablehlo.shift_right_logical %s2, %n3 : tensor<2xi32>
  check.expect_eq_const %6, dense<[15, 4]> : tensor<2xi32>
  %q = stablehlo.constant dense<[-7, 7]> : tensor<2xi32>
  %d = stablehlo.constant dense<[2, -2]> : tensor<2xi32>
  %7 = stablehlo.remainder %q, %d : tensor<2xi32>
  check.expect_eq_const %7, dense<[-1, 1]> : tensor<2xi32>
  %8 = stablehlo.divide %q, %d : tensor<2xi32>
  check.expect_eq_const %8, dense<[-3, -3]> : tensor<2xi32>
  %lo = stablehlo.constant dense<0> : tensor<i32>
  %hi = stablehlo.constant dense<5> : tensor<i32>
  %v = stablehlo.constant dense<[-5, 3, 10]> : tensor<3xi32>
  %9 = stablehlo.clamp %lo, %v, %hi : (tensor<i32>, tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  check.expect_eq_const %9, dense<[0, 3, 5]> : tensor<3xi32>
  %c = stablehlo.compare  LT, %q, %d,  SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  check.expect_eq_const %c, dense<[true, false]> : tensor<2xi1>
  %10 = stablehlo.select %c, %a, %b : tensor<2xi1>, tensor<2xi32>
  check.expect_eq_const %10, dense<[12, 5]> : tensor<2xi32>
  %f = stablehlo.constant dense<[1.700000e+00, -2.700000e+00]> : tensor<2xf32>
  %11 = stablehlo.convert %f : (tensor<2xf32>) -> tensor<2xi32>
  check.expect_eq_const %11, dense<[1, -2]> : tensor<2xi32>
  %12 = stablehlo.convert %q : (tensor<2xi32>) -> tensor<2xf32>
  check.expect_eq_const %12, dense<[-7.000000e+00, 7.000000e+00]> : tensor<2xf32>
  func.return
}
