// StableHLO's elementwise float ops on hand-computed values, each checked with the check
// dialect (exact where the value is exact in f32, check.expect_almost_eq_const otherwise);
// tests/test_op_registry.c runs it.
func.func @main() {
  %a = stablehlo.constant dense<[1.500000e+00, -2.000000e+00, 4.000000e+00, 5.000000e-01]> : tensor<4xf32>
  %b = stablehlo.constant dense<[2.000000e+00, 3.000000e+00, -1.000000e+00, 2.500000e-01]> : tensor<4xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<4xf32>
  %one = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
  %0 = stablehlo.subtract %a, %b : tensor<4xf32>
  check.expect_eq_const %0, dense<[-5.000000e-01, -5.000000e+00, 5.000000e+00, 2.500000e-01]> : tensor<4xf32>
  %1 = stablehlo.divide %a, %b : tensor<4xf32>
  check.expect_almost_eq_const %1, dense<[7.500000e-01, -0.666666686, -4.000000e+00, 2.000000e+00]> : tensor<4xf32>
  %2 = stablehlo.remainder %a, %b : tensor<4xf32>
  check.expect_eq_const %2, dense<[1.500000e+00, -2.000000e+00, 0.000000e+00, 0.000000e+00]> : tensor<4xf32>
  %3 = stablehlo.maximum %a, %b : tensor<4xf32>
  check.expect_eq_const %3, dense<[2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e-01]> : tensor<4xf32>
  %4 = stablehlo.minimum %a, %b : tensor<4xf32>
  check.expect_eq_const %4, dense<[1.500000e+00, -2.000000e+00, -1.000000e+00, 2.500000e-01]> : tensor<4xf32>
  %base = stablehlo.constant dense<[2.000000e+00, 3.000000e+00, 4.000000e+00, 9.000000e+00]> : tensor<4xf32>
  %expo = stablehlo.constant dense<[3.000000e+00, 2.000000e+00, 5.000000e-01, -1.000000e+00]> : tensor<4xf32>
  %5 = stablehlo.power %base, %expo : tensor<4xf32>
  check.expect_almost_eq_const %5, dense<[8.000000e+00, 9.000000e+00, 2.000000e+00, 0.111111112]> : tensor<4xf32>
  %y = stablehlo.constant dense<[1.000000e+00, 1.000000e+00, -1.000000e+00, 0.000000e+00]> : tensor<4xf32>
  %x = stablehlo.constant dense<[1.000000e+00, -1.000000e+00, 1.000000e+00, 1.000000e+00]> : tensor<4xf32>
  %6 = stablehlo.atan2 %y, %x : tensor<4xf32>
  check.expect_almost_eq_const %6, dense<[0.785398185, 2.35619449, -0.785398185, 0.000000e+00]> : tensor<4xf32>
  %7 = stablehlo.negate %a : tensor<4xf32>
  check.expect_eq_const %7, dense<[-1.500000e+00, 2.000000e+00, -4.000000e+00, -5.000000e-01]> : tensor<4xf32>
  %8 = stablehlo.abs %a : tensor<4xf32>
  check.expect_eq_const %8, dense<[1.500000e+00, 2.000000e+00, 4.000000e+00, 5.000000e-01]> : tensor<4xf32>
  %9 = stablehlo.sign %a : tensor<4xf32>
  check.expect_eq_const %9, dense<[1.000000e+00, -1.000000e+00, 1.000000e+00, 1.000000e+00]> : tensor<4xf32>
  %10 = stablehlo.exponential %zero : tensor<4xf32>
  check.expect_eq_const %10, dense<1.000000e+00> : tensor<4xf32>
  %11 = stablehlo.exponential_minus_one %zero : tensor<4xf32>
  check.expect_eq_const %11, dense<0.000000e+00> : tensor<4xf32>
  %12 = stablehlo.log %one : tensor<4xf32>
  check.expect_eq_const %12, dense<0.000000e+00> : tensor<4xf32>
  %13 = stablehlo.log_plus_one %zero : tensor<4xf32>
  check.expect_eq_const %13, dense<0.000000e+00> : tensor<4xf32>
  %14 = stablehlo.logistic %zero : tensor<4xf32>
  check.expect_eq_const %14, dense<5.000000e-01> : tensor<4xf32>
  %15 = stablehlo.tanh %zero : tensor<4xf32>
  check.expect_eq_const %15, dense<0.000000e+00> : tensor<4xf32>
  %sq = stablehlo.constant dense<[4.000000e+00, 9.000000e+00, 1.600000e+01, 2.500000e-01]> : tensor<4xf32>
  %16 = stablehlo.sqrt %sq : tensor<4xf32>
  check.expect_eq_const %16, dense<[2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e-01]> : tensor<4xf32>
  %17 = stablehlo.rsqrt %sq : tensor<4xf32>
  check.expect_almost_eq_const %17, dense<[5.000000e-01, 0.333333343, 2.500000e-01, 2.000000e+00]> : tensor<4xf32>
  %18 = stablehlo.sine %zero : tensor<4xf32>
  check.expect_eq_const %18, dense<0.000000e+00> : tensor<4xf32>
  %19 = stablehlo.cosine %zero : tensor<4xf32>
  check.expect_eq_const %19, dense<1.000000e+00> : tensor<4xf32>
  %r = stablehlo.constant dense<[5.000000e-01, 1.500000e+00, 2.500000e+00, -2.500000e+00]> : tensor<4xf32>
  %20 = stablehlo.floor %r : tensor<4xf32>
  check.expect_eq_const %20, dense<[0.000000e+00, 1.000000e+00, 2.000000e+00, -3.000000e+00]> : tensor<4xf32>
  %21 = stablehlo.ceil %r : tensor<4xf32>
  check.expect_eq_const %21, dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, -2.000000e+00]> : tensor<4xf32>
  %22 = stablehlo.round_nearest_even %r : tensor<4xf32>
  check.expect_eq_const %22, dense<[0.000000e+00, 2.000000e+00, 2.000000e+00, -2.000000e+00]> : tensor<4xf32>
  %23 = stablehlo.round_nearest_afz %r : tensor<4xf32>
  check.expect_eq_const %23, dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, -3.000000e+00]> : tensor<4xf32>
  %odd = stablehlo.constant dense<[1.000000e+00, 0x7F800000, 0x7FC00000, 0xFF800000]> : tensor<4xf32>
  %24 = stablehlo.is_finite %odd : (tensor<4xf32>) -> tensor<4xi1>
  check.expect_eq_const %24, dense<[true, false, false, false]> : tensor<4xi1>
  func.return
}
