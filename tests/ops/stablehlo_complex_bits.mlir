// StableHLO's complex numbers and bit counts on hand-computed values, each checked with the
// check dialect: complex/real/imag, complex arithmetic and comparison, popcnt and
// count_leading_zeros at several widths, cbrt and tan; the last checks in the custom-call form
// of JAX's generated tests (custom_call @check.expect_*). tests/test_op_registry.c runs it.
func.func @main() {
  %re = stablehlo.constant dense<[1.0, 3.0]> : tensor<2xf32>
  %im = stablehlo.constant dense<[2.0, -4.0]> : tensor<2xf32>
  %z = stablehlo.complex %re, %im : tensor<2xcomplex<f32>>
  check.expect_eq_const %z, dense<[(1.0, 2.0), (3.0, -4.0)]> : tensor<2xcomplex<f32>>
  %0 = stablehlo.real %z : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  check.expect_eq_const %0, dense<[1.0, 3.0]> : tensor<2xf32>
  %1 = stablehlo.imag %z : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  check.expect_eq_const %1, dense<[2.0, -4.0]> : tensor<2xf32>
  // |3 - 4i| = 5; |1 + 2i| = sqrt(5)
  %2 = stablehlo.abs %z : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  check.expect_almost_eq_const %2, dense<[2.23606798, 5.0]> : tensor<2xf32>
  // (1 + 2i)(3 - 4i) = 11 + 2i; (1 + 2i)(1 + 2i) = -3 + 4i
  %w = stablehlo.constant dense<[(3.0, -4.0), (1.0, 2.0)]> : tensor<2xcomplex<f32>>
  %z0 = stablehlo.constant dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>
  %3 = stablehlo.multiply %z0, %w : tensor<2xcomplex<f32>>
  check.expect_eq_const %3, dense<[(11.0, 2.0), (-3.0, 4.0)]> : tensor<2xcomplex<f32>>
  // (11 + 2i) / (3 - 4i) = 1 + 2i
  %4 = stablehlo.divide %3, %w : tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %4, dense<[(1.0, 2.0), (1.0, 2.0)]> : tensor<2xcomplex<f32>>
  %5 = stablehlo.compare EQ, %4, %z0, FLOAT : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xi1>
  check.expect_eq_const %5, dense<true> : tensor<2xi1>
  // e^(i pi) = -1; e^(ln 2) = 2 in complex<f64>
  %p = stablehlo.constant dense<[(0.0, 3.1415926535897931), (0.69314718055994529, 0.0)]> : tensor<2xcomplex<f64>>
  %6 = stablehlo.exponential %p : tensor<2xcomplex<f64>>
  check.expect_almost_eq_const %6, dense<[(-1.0, 0.0), (2.0, 0.0)]> : tensor<2xcomplex<f64>>
  %7 = stablehlo.convert %re : (tensor<2xf32>) -> tensor<2xcomplex<f64>>
  check.expect_eq_const %7, dense<[(1.0, 0.0), (3.0, 0.0)]> : tensor<2xcomplex<f64>>
  %b8 = stablehlo.constant dense<[0, -1, 7, -128]> : tensor<4xi8>
  %8 = stablehlo.popcnt %b8 : tensor<4xi8>
  check.expect_eq_const %8, dense<[0, 8, 3, 1]> : tensor<4xi8>
  %9 = stablehlo.count_leading_zeros %b8 : tensor<4xi8>
  check.expect_eq_const %9, dense<[8, 0, 5, 0]> : tensor<4xi8>
  %b32 = stablehlo.constant dense<[1, 0, -1, 256]> : tensor<4xi32>
  %10 = stablehlo.count_leading_zeros %b32 : tensor<4xi32>
  check.expect_eq_const %10, dense<[31, 32, 0, 23]> : tensor<4xi32>
  %u16 = stablehlo.constant dense<[32769, 65535]> : tensor<2xui16>
  %11 = stablehlo.popcnt %u16 : tensor<2xui16>
  check.expect_eq_const %11, dense<[2, 16]> : tensor<2xui16>
  %c = stablehlo.constant dense<[8.0, -27.0, 0.0]> : tensor<3xf32>
  %12 = stablehlo.cbrt %c : tensor<3xf32>
  check.expect_eq_const %12, dense<[2.0, -3.0, 0.0]> : tensor<3xf32>
  %t = stablehlo.constant dense<[0.0, 0.785398163]> : tensor<2xf32>
  %13 = stablehlo.tan %t : tensor<2xf32>
  check.expect_almost_eq_const %13, dense<[0.0, 1.0]> : tensor<2xf32>
  // tan(pi/4) is 1 within 3 ULPs and 1e-3; 2 * 2 is 4
  %want = stablehlo.constant dense<[0.0, 1.0]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_close(%13, %want) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  stablehlo.custom_call @check.expect_almost_eq(%13, %want) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  %cb = stablehlo.constant dense<[2, 2]> : tensor<2xi32>
  %sq = stablehlo.multiply %cb, %cb : tensor<2xi32>
  %four = stablehlo.constant dense<4> : tensor<2xi32>
  stablehlo.custom_call @check.expect_eq(%sq, %four) {has_side_effect = true} : (tensor<2xi32>, tensor<2xi32>) -> ()
  func.return
}
