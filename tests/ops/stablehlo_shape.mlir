// StableHLO's shape, indexing, reduction and call ops on hand-computed values, each checked
// with the check dialect, in the pretty form StableHLO prints where it has one (gather only has
// the generic form). tests/test_op_registry.c runs it.
func.func private @double(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @main() {
  %x = stablehlo.constant dense<[1.000000e+01, 2.000000e+01, 3.000000e+01, 4.000000e+01]> : tensor<4xf32>
  %0 = stablehlo.iota dim = 0 : tensor<4xi32>
  check.expect_eq_const %0, dense<[0, 1, 2, 3]> : tensor<4xi32>
  %1 = stablehlo.slice %x [1:3] : (tensor<4xf32>) -> tensor<2xf32>
  check.expect_eq_const %1, dense<[2.000000e+01, 3.000000e+01]> : tensor<2xf32>
  %i = stablehlo.constant dense<3> : tensor<i32>
  %2 = stablehlo.dynamic_slice %x, %i, sizes = [2] : (tensor<4xf32>, tensor<i32>) -> tensor<2xf32>
  check.expect_eq_const %2, dense<[3.000000e+01, 4.000000e+01]> : tensor<2xf32>
  %u = stablehlo.constant dense<[-1.000000e+00, -2.000000e+00]> : tensor<2xf32>
  %j = stablehlo.constant dense<1> : tensor<i32>
  %3 = stablehlo.dynamic_update_slice %x, %u, %j : (tensor<4xf32>, tensor<2xf32>, tensor<i32>) -> tensor<4xf32>
  check.expect_eq_const %3, dense<[1.000000e+01, -1.000000e+00, -2.000000e+00, 4.000000e+01]> : tensor<4xf32>
  %4 = stablehlo.concatenate %1, %u, dim = 0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  check.expect_eq_const %4, dense<[2.000000e+01, 3.000000e+01, -1.000000e+00, -2.000000e+00]> : tensor<4xf32>
  %zf = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %5 = stablehlo.pad %u, %zf, low = [1], high = [2], interior = [1] : (tensor<2xf32>, tensor<f32>) -> tensor<6xf32>
  check.expect_eq_const %5, dense<[0.000000e+00, -1.000000e+00, 0.000000e+00, -2.000000e+00, 0.000000e+00, 0.000000e+00]> : tensor<6xf32>
  %6 = stablehlo.reverse %x, dims = [0] : tensor<4xf32>
  check.expect_eq_const %6, dense<[4.000000e+01, 3.000000e+01, 2.000000e+01, 1.000000e+01]> : tensor<4xf32>
  %m = stablehlo.constant dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>
  %7 = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  check.expect_eq_const %7, dense<[[1.000000e+00, 4.000000e+00], [2.000000e+00, 5.000000e+00], [3.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>
  %8 = stablehlo.reshape %m : (tensor<2x3xf32>) -> tensor<6xf32>
  check.expect_eq_const %8, dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]> : tensor<6xf32>
  %idx = stablehlo.constant dense<[[3], [0]]> : tensor<2x1xi32>
  %9 = "stablehlo.gather"(%x, %idx) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>} : (tensor<4xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  check.expect_eq_const %9, dense<[4.000000e+01, 1.000000e+01]> : tensor<2xf32>
  %n = stablehlo.constant dense<[[1.000000e+00, 0.000000e+00], [0.000000e+00, 1.000000e+00], [1.000000e+00, 1.000000e+00]]> : tensor<3x2xf32>
  %10 = stablehlo.dot_general %m, %n, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %10, dense<[[4.000000e+00, 5.000000e+00], [1.000000e+01, 1.100000e+01]]> : tensor<2x2xf32>
  %11 = stablehlo.reduce(%x init: %zf) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  check.expect_eq_const %11, dense<1.000000e+02> : tensor<f32>
  %12 = "stablehlo.reduce"(%x, %zf) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %t = stablehlo.maximum %p, %q : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  check.expect_eq_const %12, dense<4.000000e+01> : tensor<f32>
  %s = stablehlo.constant dense<2.500000e+00> : tensor<f32>
  %13 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<3xf32>
  check.expect_eq_const %13, dense<2.500000e+00> : tensor<3xf32>
  %14 = call @double(%x) : (tensor<4xf32>) -> tensor<4xf32>
  check.expect_eq_const %14, dense<[2.000000e+01, 4.000000e+01, 6.000000e+01, 8.000000e+01]> : tensor<4xf32>
  %15 = stablehlo.optimization_barrier %14 : tensor<4xf32>
  check.expect_eq %15, %14 : tensor<4xf32>
  // where a value lives (JAX's memory kinds) changes nothing in it; an AllocateBuffer is zeros
  %placed = stablehlo.custom_call @annotate_device_placement(%x) {has_side_effect = true, mhlo.frontend_attributes = {_xla_buffer_placement = "pinned_host"}} : (tensor<4xf32>) -> tensor<4xf32>
  check.expect_eq_const %placed, dense<[1.000000e+01, 2.000000e+01, 3.000000e+01, 4.000000e+01]> : tensor<4xf32>
  %fresh = stablehlo.custom_call @AllocateBuffer() : () -> tensor<2x3xi32>
  check.expect_eq_const %fresh, dense<0> : tensor<2x3xi32>
  func.return
}
