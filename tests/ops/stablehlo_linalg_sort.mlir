// StableHLO's sorting, transform and linear-algebra ops on hand-computed values, each checked
// with the check dialect: sort (one key; a key with a value riding along, ties kept in order),
// chlo.top_k, fft (all four kinds on [1, 2, 3, 4]), convolution (stride and padding, base
// dilation with a reversed window, feature groups; dynamic_conv with its padding as an operand),
// triangular_solve from either side, cholesky (both triangles), bitcast_convert and
// reduce_precision. tests/test_op_registry.c runs it.
func.func @main() {
  %k = stablehlo.constant dense<[3, 1, 2]> : tensor<3xi32>
  %0 = "stablehlo.sort"(%k) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<3xi32>) -> tensor<3xi32>
  check.expect_eq_const %0, dense<[1, 2, 3]> : tensor<3xi32>
  %keys = stablehlo.constant dense<[[2, 1, 2, 1], [0, 0, -1, 5]]> : tensor<2x4xi32>
  %vals = stablehlo.constant dense<[[10.0, 20.0, 30.0, 40.0], [1.0, 2.0, 3.0, 4.0]]> : tensor<2x4xf32>
  %1:2 = "stablehlo.sort"(%keys, %vals) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<f32>):
    %lt = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<2x4xi32>, tensor<2x4xf32>) -> (tensor<2x4xi32>, tensor<2x4xf32>)
  check.expect_eq_const %1#0, dense<[[1, 1, 2, 2], [-1, 0, 0, 5]]> : tensor<2x4xi32>
  check.expect_eq_const %1#1, dense<[[20.0, 40.0, 10.0, 30.0], [3.0, 1.0, 2.0, 4.0]]> : tensor<2x4xf32>
  %tv = stablehlo.constant dense<[1.0, 5.0, 3.0, 5.0]> : tensor<4xf32>
  %values, %indices = chlo.top_k(%tv, k = 2) : tensor<4xf32> -> (tensor<2xf32>, tensor<2xi32>)
  check.expect_eq_const %values, dense<[5.0, 5.0]> : tensor<2xf32>
  check.expect_eq_const %indices, dense<[1, 3]> : tensor<2xi32>
  // DFT of [1, 2, 3, 4]: [10, -2 + 2i, -2, -2 - 2i]
  %r = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %c = stablehlo.convert %r : (tensor<4xf32>) -> tensor<4xcomplex<f32>>
  %2 = stablehlo.fft %c, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  check.expect_almost_eq_const %2, dense<[(10.0, 0.0), (-2.0, 2.0), (-2.0, 0.0), (-2.0, -2.0)]> : tensor<4xcomplex<f32>>
  %3 = stablehlo.fft %2, type = IFFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  check.expect_almost_eq_const %3, dense<[(1.0, 0.0), (2.0, 0.0), (3.0, 0.0), (4.0, 0.0)]> : tensor<4xcomplex<f32>>
  %4 = stablehlo.fft %r, type = RFFT, length = [4] : (tensor<4xf32>) -> tensor<3xcomplex<f32>>
  check.expect_almost_eq_const %4, dense<[(10.0, 0.0), (-2.0, 2.0), (-2.0, 0.0)]> : tensor<3xcomplex<f32>>
  %5 = stablehlo.fft %4, type = IRFFT, length = [4] : (tensor<3xcomplex<f32>>) -> tensor<4xf32>
  check.expect_almost_eq_const %5, dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  // [1 .. 5] padded by one zero each side, windows [1, 0, -1] two apart: -2, -2, 4
  %l = stablehlo.constant dense<[[[1.0, 2.0, 3.0, 4.0, 5.0]]]> : tensor<1x1x5xf32>
  %w = stablehlo.constant dense<[[[1.0, 0.0, -1.0]]]> : tensor<1x1x3xf32>
  %6 = stablehlo.convolution(%l, %w) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [2], pad = [[1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x5xf32>, tensor<1x1x3xf32>) -> tensor<1x1x3xf32>
  check.expect_eq_const %6, dense<[[[-2.0, -2.0, 4.0]]]> : tensor<1x1x3xf32>
  %pads = stablehlo.constant dense<[[1, 1]]> : tensor<1x2xi64>
  %7 = "stablehlo.dynamic_conv"(%l, %w, %pads) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, feature_group_count = 1 : i64, window_strides = array<i64: 2>}> : (tensor<1x1x5xf32>, tensor<1x1x3xf32>, tensor<1x2xi64>) -> tensor<1x1x3xf32>
  check.expect_eq_const %7, dense<[[[-2.0, -2.0, 4.0]]]> : tensor<1x1x3xf32>
  // [1, 2, 3] dilated to [1, 0, 2, 0, 3], window [1, 2] reversed: 2, 2, 4, 3
  %l2 = stablehlo.constant dense<[[[1.0], [2.0], [3.0]]]> : tensor<1x3x1xf32>
  %w2 = stablehlo.constant dense<[[[1.0]], [[2.0]]]> : tensor<2x1x1xf32>
  %8 = stablehlo.convolution(%l2, %w2) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {lhs_dilate = [2], reverse = [true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x1xf32>, tensor<2x1x1xf32>) -> tensor<1x4x1xf32>
  check.expect_eq_const %8, dense<[[[2.0], [2.0], [4.0], [3.0]]]> : tensor<1x4x1xf32>
  // two feature groups: output feature 0 scales input feature 0 by 10, feature 1 input 1 by 100
  %l3 = stablehlo.constant dense<[[[1, 2], [3, 4]]]> : tensor<1x2x2xi32>
  %w3 = stablehlo.constant dense<[[[10]], [[100]]]> : tensor<2x1x1xi32>
  %9 = stablehlo.convolution(%l3, %w3) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x2x2xi32>, tensor<2x1x1xi32>) -> tensor<1x2x2xi32>
  check.expect_eq_const %9, dense<[[[10, 20], [300, 400]]]> : tensor<1x2x2xi32>
  // [[2, 0], [1, 4]] x = [2, 9]: x = [1, 2]; x [[1, 2], [0, 4]] = [1, 10]: x = [1, 2]
  %a = stablehlo.constant dense<[[2.0, 7.0], [1.0, 4.0]]> : tensor<2x2xf32>
  %b = stablehlo.constant dense<[[2.0], [9.0]]> : tensor<2x1xf32>
  %10 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<2x2xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
  check.expect_eq_const %10, dense<[[1.0], [2.0]]> : tensor<2x1xf32>
  %au = stablehlo.constant dense<[[1.0, 2.0], [-5.0, 4.0]]> : tensor<2x2xf32>
  %bu = stablehlo.constant dense<[[1.0, 10.0]]> : tensor<1x2xf32>
  %11 = "stablehlo.triangular_solve"(%au, %bu) <{left_side = false, lower = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<2x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
  check.expect_eq_const %11, dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  // [[4, 2], [2, 5]] = l l^T with l = [[2, 0], [1, 2]]
  %spd = stablehlo.constant dense<[[4.0, 2.0], [2.0, 5.0]]> : tensor<2x2xf64>
  %12 = stablehlo.cholesky %spd, lower = true : tensor<2x2xf64>
  check.expect_eq_const %12, dense<[[2.0, 0.0], [1.0, 2.0]]> : tensor<2x2xf64>
  %13 = stablehlo.cholesky %spd : tensor<2x2xf64>
  check.expect_eq_const %13, dense<[[2.0, 1.0], [0.0, 2.0]]> : tensor<2x2xf64>
  // 1.0 is 0x3F800000: i32 1065353216, little-endian u16 halves [0, 16256]
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %14 = stablehlo.bitcast_convert %one : (tensor<f32>) -> tensor<i32>
  check.expect_eq_const %14, dense<1065353216> : tensor<i32>
  %15 = stablehlo.bitcast_convert %one : (tensor<f32>) -> tensor<2xui16>
  check.expect_eq_const %15, dense<[0, 16256]> : tensor<2xui16>
  // i1 elements are bits, the first the lowest: 1 + 128
  %bits = stablehlo.constant dense<[true, false, false, false, false, false, false, true]> : tensor<8xi1>
  %18 = stablehlo.bitcast_convert %bits : (tensor<8xi1>) -> tensor<ui8>
  check.expect_eq_const %18, dense<129> : tensor<ui8>
  %19 = stablehlo.bitcast_convert %18 : (tensor<ui8>) -> tensor<8xi1>
  check.expect_eq_const %19, dense<[true, false, false, false, false, false, false, true]> : tensor<8xi1>
  // to bf16's 7 mantissa bits, ties to even: 1 + 2^-8 -> 1, 1 + 3 * 2^-8 -> 1 + 2^-6; 1e6 overflows f16's range
  %rp = stablehlo.constant dense<[1.00390625, 1.01171875, 1.0e6]> : tensor<3xf32>
  %16 = stablehlo.reduce_precision %rp, format = e8m7 : tensor<3xf32>
  check.expect_eq_const %16, dense<[1.0, 1.015625, 999424.0]> : tensor<3xf32>
  %17 = stablehlo.reduce_precision %rp, format = e5m10 : tensor<3xf32>
  check.expect_eq_const %17, dense<[1.00390625, 1.01171875, 0x7F800000]> : tensor<3xf32>
  func.return
}
