// The check dialect's assertions in their pretty forms, as StableHLO's interpreter tests write
// them: equal, almost equal (default and given tolerances), within N ulps.
// tests/test_op_registry.c runs it; tests/cli/contract.sh checks that a failed check fails the
// run with its location.
func.func @main() {
  %a = stablehlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  %b = stablehlo.constant dense<[1.000000e+00, 2.00001001]> : tensor<2xf32>
  %c = stablehlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  check.expect_eq %a, %c : tensor<2xf32>
  check.expect_eq_const %a, dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  check.expect_almost_eq %a, %b : tensor<2xf32>
  check.expect_almost_eq %a, %b, tolerance = 1.000000e-01 : tensor<2xf32>
  check.expect_almost_eq_const %a, dense<[1.000000e+00, 2.05]> : tensor<2xf32> {tolerance = 1.000000e-01 : f64}
  %d = stablehlo.constant dense<[1.000000e+00, 2.00000024]> : tensor<2xf32>
  check.expect_close %a, %d, max_ulp_difference = 1 : tensor<2xf32>, tensor<2xf32>
  func.return
}
