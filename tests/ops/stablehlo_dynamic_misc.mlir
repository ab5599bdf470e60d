// StableHLO's dynamic-shape forms (their shape operands agreeing with the static result types),
// the shape and process queries, map, composite, rng_bit_generator and chlo.ragged_dot, on
// hand-computed values, each checked with the check dialect. The random bits are what the
// pinned JAX (0.10.2, XLA:CPU) gives for the same state: lax.rng_bit_generator with
// RNG_THREE_FRY and key/counter [17179869185, 7]. tests/test_op_registry.c runs it.
func.func private @plus_two(%x: tensor<i32>) -> tensor<i32> {
  %two = stablehlo.constant dense<2> : tensor<i32>
  %r = stablehlo.add %x, %two : tensor<i32>
  return %r : tensor<i32>
}
func.func @main() {
  %shape = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %0 = stablehlo.dynamic_iota %shape, dim = 1 : (tensor<2xi64>) -> tensor<2x3xi32>
  check.expect_eq_const %0, dense<[[0, 1, 2], [0, 1, 2]]> : tensor<2x3xi32>
  %six = stablehlo.constant dense<[6]> : tensor<1xi64>
  %1 = stablehlo.dynamic_reshape %0, %six : (tensor<2x3xi32>, tensor<1xi64>) -> tensor<6xi32>
  check.expect_eq_const %1, dense<[0, 1, 2, 0, 1, 2]> : tensor<6xi32>
  %col = stablehlo.constant dense<[[1], [2]]> : tensor<2x1xi32>
  %2 = stablehlo.dynamic_broadcast_in_dim %col, %shape, dims = [0, 1] : (tensor<2x1xi32>, tensor<2xi64>) -> tensor<2x3xi32>
  check.expect_eq_const %2, dense<[[1, 1, 1], [2, 2, 2]]> : tensor<2x3xi32>
  %pv = stablehlo.constant dense<-1> : tensor<i32>
  %lo = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  %hi = stablehlo.constant dense<[0, -1]> : tensor<2xi64>
  %it = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %3 = stablehlo.dynamic_pad %2, %pv, %lo, %hi, %it : (tensor<2x3xi32>, tensor<i32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<3x4xi32>
  check.expect_eq_const %3, dense<[[-1, -1, -1, -1], [1, -1, 1, -1], [2, -1, 2, -1]]> : tensor<3x4xi32>
  %idx = stablehlo.constant dense<[[1], [0]]> : tensor<2x1xi32>
  %sizes = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %4 = "stablehlo.dynamic_gather"(%3, %idx, %sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<3x4xi32>, tensor<2x1xi32>, tensor<2xi64>) -> tensor<2x2xi32>
  check.expect_eq_const %4, dense<[[1, -1], [-1, -1]]> : tensor<2x2xi32>
  %5 = stablehlo.get_dimension_size %3, dim = 1 : (tensor<3x4xi32>) -> tensor<i32>
  check.expect_eq_const %5, dense<4> : tensor<i32>
  %6 = stablehlo.replica_id : tensor<ui32>
  check.expect_eq_const %6, dense<0> : tensor<ui32>
  %7 = stablehlo.partition_id : tensor<ui32>
  check.expect_eq_const %7, dense<0> : tensor<ui32>
  // map: x * y + 1 element by element
  %mx = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %8 = "stablehlo.map"(%mx, %mx) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %p = stablehlo.multiply %a, %b : tensor<i32>
    %q = stablehlo.add %p, %one : tensor<i32>
    stablehlo.return %q : tensor<i32>
  }) : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const %8, dense<[[2, 5], [10, 17]]> : tensor<2x2xi32>
  %c40 = stablehlo.constant dense<40> : tensor<i32>
  %9 = stablehlo.composite "tessera.plus_two" %c40 {composite_attributes = {n = 2 : i64}, decomposition = @plus_two} : (tensor<i32>) -> tensor<i32>
  check.expect_eq_const %9, dense<42> : tensor<i32>
  %key = stablehlo.constant dense<[17179869185, 7]> : tensor<2xui64>
  %s1, %r1 = stablehlo.rng_bit_generator %key, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<5xui32>)
  check.expect_eq_const %s1, dense<[17179869185, 10]> : tensor<2xui64>
  check.expect_eq_const %r1, dense<[771286266, 3410872282, 1363651154, 127939129, 3973668746]> : tensor<5xui32>
  %s2, %r2 = stablehlo.rng_bit_generator %key, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui32>)
  check.expect_eq_const %r2, dense<[[771286266, 1363651154, 3973668746], [3410872282, 127939129, 3416200899]]> : tensor<2x3xui32>
  %s3, %r3 = stablehlo.rng_bit_generator %key, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui8>)
  check.expect_eq_const %s3, dense<[17179869185, 9]> : tensor<2xui64>
  check.expect_eq_const %r3, dense<[250, 218, 82]> : tensor<3xui8>
  %s4, %r4 = stablehlo.rng_bit_generator %key, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2xui64>)
  check.expect_eq_const %r4, dense<[14649584902794175738, 549494376297376338]> : tensor<2xui64>
  // ragged dots: rows 0-2 use the first of two [2, 1] right-hand sides, row 3 the second
  %rl = stablehlo.constant dense<[[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 0.0]]> : tensor<4x2xf32>
  %rr = stablehlo.constant dense<[[[1.0], [10.0]], [[100.0], [1000.0]]]> : tensor<2x2x1xf32>
  %gs = stablehlo.constant dense<[3, 1]> : tensor<2xi64>
  %10 = "chlo.ragged_dot"(%rl, %rr, %gs) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<4x2xf32>, tensor<2x2x1xf32>, tensor<2xi64>) -> tensor<4x1xf32>
  check.expect_eq_const %10, dense<[[1.0], [10.0], [11.0], [200.0]]> : tensor<4x1xf32>
  // the contracting dimension in groups of 1 and 3: 1 * 1 and 2 + 3 + 4
  %kl = stablehlo.constant dense<[[1.0, 2.0, 3.0, 4.0]]> : tensor<1x4xf32>
  %kr = stablehlo.constant dense<[[1.0], [1.0], [1.0], [1.0]]> : tensor<4x1xf32>
  %kg = stablehlo.constant dense<[1, 3]> : tensor<2xi64>
  %11 = "chlo.ragged_dot"(%kl, %kr, %kg) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1], rhs_group_dimensions = []>}> : (tensor<1x4xf32>, tensor<4x1xf32>, tensor<2xi64>) -> tensor<2x1x1xf32>
  check.expect_eq_const %11, dense<[[[1.0]], [[9.0]]]> : tensor<2x1x1xf32>
  func.return
}
