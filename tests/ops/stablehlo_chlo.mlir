// The chlo ops tessera runs, on values known in closed form or computed independently with
// SciPy 1.17 (erf_inv, digamma at -0.5, polygamma, zeta, i1e), each checked with the check
// dialect: the inverse trigonometric and hyperbolic functions (also on complex values), erf and
// erfc and erf_inv, lgamma, digamma (NaN at its poles), polygamma, zeta, bessel_i1e, next_after
// (f32 and bf16, toward a smaller value from zero), the is_inf family, conj, square, mulhi at 32
// and 64 bits, signed and unsigned. tests/test_op_registry.c runs it.
func.func @main() {
  %x = stablehlo.constant dense<[1.0, 0.0, 0.5]> : tensor<3xf32>
  %0 = chlo.acos %x : tensor<3xf32> -> tensor<3xf32>
  check.expect_almost_eq_const %0, dense<[0.0, 1.57079633, 1.04719755]> : tensor<3xf32>
  %1 = chlo.asin %x : tensor<3xf32> -> tensor<3xf32>
  check.expect_almost_eq_const %1, dense<[1.57079633, 0.0, 0.523598776]> : tensor<3xf32>
  %2 = chlo.atan %x : tensor<3xf32> -> tensor<3xf32>
  check.expect_almost_eq_const %2, dense<[0.785398163, 0.0, 0.463647609]> : tensor<3xf32>
  %3 = chlo.atanh %x : tensor<3xf32> -> tensor<3xf32>
  check.expect_almost_eq_const %3, dense<[0x7F800000, 0.0, 0.54930615]> : tensor<3xf32>
  %4 = chlo.acosh %x : tensor<3xf32> -> tensor<3xf32>
  check.expect_almost_eq_const %4, dense<[0.0, 0x7FC00000, 0x7FC00000]> : tensor<3xf32>
  %5 = chlo.asinh %x : tensor<3xf32> -> tensor<3xf32>
  check.expect_almost_eq_const %5, dense<[0.881373587, 0.0, 0.481211825]> : tensor<3xf32>
  %6 = chlo.cosh %x : tensor<3xf32> -> tensor<3xf32>
  check.expect_almost_eq_const %6, dense<[1.54308063, 1.0, 1.12762597]> : tensor<3xf32>
  %7 = chlo.sinh %x : tensor<3xf32> -> tensor<3xf32>
  check.expect_almost_eq_const %7, dense<[1.17520119, 0.0, 0.521095305]> : tensor<3xf32>
  %8 = chlo.tan %x : tensor<3xf32> -> tensor<3xf32>
  check.expect_almost_eq_const %8, dense<[1.55740772, 0.0, 0.54630249]> : tensor<3xf32>
  // asinh(i) = i pi/2; acos(0) = pi/2
  %z = stablehlo.constant dense<[(0.0, 1.0), (0.0, 0.0)]> : tensor<2xcomplex<f64>>
  %9 = chlo.asinh %z : tensor<2xcomplex<f64>> -> tensor<2xcomplex<f64>>
  check.expect_almost_eq_const %9, dense<[(0.0, 1.5707963267948966), (0.0, 0.0)]> : tensor<2xcomplex<f64>>
  %10 = chlo.acos %z : tensor<2xcomplex<f64>> -> tensor<2xcomplex<f64>>
  check.expect_almost_eq_const %10, dense<[(1.5707963267948966, -0.88137358701954305), (1.5707963267948966, 0.0)]> : tensor<2xcomplex<f64>>
  %11 = chlo.conj %z : tensor<2xcomplex<f64>> -> tensor<2xcomplex<f64>>
  check.expect_eq_const %11, dense<[(0.0, -1.0), (0.0, 0.0)]> : tensor<2xcomplex<f64>>
  %sq = stablehlo.constant dense<[3.0, -1.5]> : tensor<2xf32>
  %12 = chlo.square %sq : tensor<2xf32> -> tensor<2xf32>
  check.expect_eq_const %12, dense<[9.0, 2.25]> : tensor<2xf32>
  %e = stablehlo.constant dense<[0.0, 0x7F800000, 0.5]> : tensor<3xf32>
  %13 = chlo.erf %e : tensor<3xf32> -> tensor<3xf32>
  check.expect_almost_eq_const %13, dense<[0.0, 1.0, 0.5204999]> : tensor<3xf32>
  %14 = chlo.erfc %e : tensor<3xf32> -> tensor<3xf32>
  check.expect_almost_eq_const %14, dense<[1.0, 0.0, 0.4795001]> : tensor<3xf32>
  %ei = stablehlo.constant dense<[0.0, 0.5, 1.0, -1.0]> : tensor<4xf32>
  %15 = chlo.erf_inv %ei : tensor<4xf32> -> tensor<4xf32>
  check.expect_almost_eq_const %15, dense<[0.0, 0.47693628, 0x7F800000, 0xFF800000]> : tensor<4xf32>
  %g = stablehlo.constant dense<[1.0, 3.0, 0.5]> : tensor<3xf32>
  %16 = chlo.lgamma %g : tensor<3xf32> -> tensor<3xf32>
  check.expect_almost_eq_const %16, dense<[0.0, 0.6931472, 0.5723649]> : tensor<3xf32>
  %dg = stablehlo.constant dense<[1.0, 0.5, -0.5, 0.0, -1.0]> : tensor<5xf32>
  %17 = chlo.digamma %dg : tensor<5xf32> -> tensor<5xf32>
  check.expect_almost_eq_const %17, dense<[-0.5772157, -1.96351, 0.036489975, 0x7FC00000, 0x7FC00000]> : tensor<5xf32>
  %pn = stablehlo.constant dense<[1.0, 2.0, 0.0]> : tensor<3xf32>
  %px = stablehlo.constant dense<[1.0, 3.0, 1.0]> : tensor<3xf32>
  %18 = chlo.polygamma %pn, %px : tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  check.expect_almost_eq_const %18, dense<[1.644934, -0.1541138, -0.5772157]> : tensor<3xf32>
  %zs = stablehlo.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %zq = stablehlo.constant dense<[2.0, 0.5]> : tensor<2xf32>
  %19 = chlo.zeta %zs, %zq : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  check.expect_almost_eq_const %19, dense<[0.64493406, 8.414398]> : tensor<2xf32>
  %bi = stablehlo.constant dense<[0.0, 1.0, 50.0, -3.0]> : tensor<4xf32>
  %20 = chlo.bessel_i1e %bi : tensor<4xf32> -> tensor<4xf32>
  check.expect_almost_eq_const %20, dense<[0.0, 0.20791042, 0.055993125, -0.19682671]> : tensor<4xf32>
  // 1 + 2^-23 after 1 toward 2; the smallest subnormal below 0 toward -1; 1 + 2^-7 in bf16
  %na = stablehlo.constant dense<[1.0, 0.0, 2.0]> : tensor<3xf32>
  %nb = stablehlo.constant dense<[2.0, -1.0, 2.0]> : tensor<3xf32>
  %21 = chlo.next_after %na, %nb : tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  check.expect_eq_const %21, dense<[1.00000012, -1.40129846e-45, 2.0]> : tensor<3xf32>
  %ba = stablehlo.constant dense<[1.0, 1.0]> : tensor<2xbf16>
  %bb = stablehlo.constant dense<[2.0, 0.0]> : tensor<2xbf16>
  %22 = chlo.next_after %ba, %bb : tensor<2xbf16>, tensor<2xbf16> -> tensor<2xbf16>
  check.expect_eq_const %22, dense<[1.0078125, 0.99609375]> : tensor<2xbf16>
  %inf = stablehlo.constant dense<[0x7F800000, 0xFF800000, 1.0, 0x7FC00000]> : tensor<4xf32>
  %23 = chlo.is_inf %inf : tensor<4xf32> -> tensor<4xi1>
  check.expect_eq_const %23, dense<[true, true, false, false]> : tensor<4xi1>
  %24 = chlo.is_pos_inf %inf : tensor<4xf32> -> tensor<4xi1>
  check.expect_eq_const %24, dense<[true, false, false, false]> : tensor<4xi1>
  %25 = chlo.is_neg_inf %inf : tensor<4xf32> -> tensor<4xi1>
  check.expect_eq_const %25, dense<[false, true, false, false]> : tensor<4xi1>
  // high halves: 2^30 * 8 = 2^33 -> 2; -1 * 1 -> -1; (2^32 - 1)^2 -> 2^32 - 2; 2^62 * 4 -> 1
  %ma = stablehlo.constant dense<[1073741824, -1]> : tensor<2xi32>
  %mb = stablehlo.constant dense<[8, 1]> : tensor<2xi32>
  %26 = chlo.mulhi %ma, %mb : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
  check.expect_eq_const %26, dense<[2, -1]> : tensor<2xi32>
  %mu = stablehlo.constant dense<4294967295> : tensor<ui32>
  %27 = chlo.mulhi %mu, %mu : tensor<ui32>, tensor<ui32> -> tensor<ui32>
  check.expect_eq_const %27, dense<4294967294> : tensor<ui32>
  %m64 = stablehlo.constant dense<4611686018427387904> : tensor<i64>
  %four = stablehlo.constant dense<4> : tensor<i64>
  %28 = chlo.mulhi %m64, %four : tensor<i64>, tensor<i64> -> tensor<i64>
  check.expect_eq_const %28, dense<1> : tensor<i64>
  func.return
}
