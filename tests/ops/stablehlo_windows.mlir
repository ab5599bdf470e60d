// StableHLO's windowed and scattering ops on hand-computed values, each checked with the check
// dialect: reduce_window (a cumulative sum through low padding, 2x2 max pooling with stride 2,
// base and window dilation, a two-input argmax body), select_and_scatter (the gradient of a
// max pool), scatter (adding with repeated indices, a window that does not fit dropped,
// replacing, a body that uses a value from outside). tests/test_op_registry.c runs it.
func.func @main() {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %0 = "stablehlo.reduce_window"(%x, %zero) <{padding = dense<[[3, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 4>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  check.expect_eq_const %0, dense<[1.0, 3.0, 6.0, 10.0]> : tensor<4xf32>
  %m = stablehlo.constant dense<[[1.0, 5.0, 2.0, 0.0], [3.0, 4.0, 8.0, 1.0], [0.0, 0.0, 1.0, 1.0], [9.0, 2.0, 1.0, 7.0]]> : tensor<4x4xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %1 = "stablehlo.reduce_window"(%m, %ninf) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<2x2xf32>
  check.expect_eq_const %1, dense<[[5.0, 8.0], [9.0, 7.0]]> : tensor<2x2xf32>
  // [1, 2, 3] base-dilated by 2 and padded by 1: [0, 1, 0, 2, 0, 3, 0]; windows of 2 elements
  // 2 apart: 0+0, 1+2, 0+0, 2+3, 0+0
  %y = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %iz = stablehlo.constant dense<0> : tensor<i32>
  %2 = "stablehlo.reduce_window"(%y, %iz) <{base_dilations = array<i64: 2>, padding = dense<[[1, 1]]> : tensor<1x2xi64>, window_dilations = array<i64: 2>, window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<3xi32>, tensor<i32>) -> tensor<5xi32>
  check.expect_eq_const %2, dense<[0, 3, 0, 5, 0]> : tensor<5xi32>
  // the index of the largest of each window of 3 (a body of several ops on two inputs)
  %v = stablehlo.constant dense<[4.0, 1.0, 7.0, 7.0, 2.0]> : tensor<5xf32>
  %vi = stablehlo.iota dim = 0 : tensor<5xi32>
  %m1 = stablehlo.constant dense<-1> : tensor<i32>
  %3:2 = "stablehlo.reduce_window"(%v, %vi, %ninf, %m1) <{window_dimensions = array<i64: 3>}> ({
  ^bb0(%a: tensor<f32>, %ai: tensor<i32>, %b: tensor<f32>, %bi: tensor<i32>):
    %gt = stablehlo.compare GT, %b, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %mv = stablehlo.select %gt, %b, %a : tensor<i1>, tensor<f32>
    %mi = stablehlo.select %gt, %bi, %ai : tensor<i1>, tensor<i32>
    stablehlo.return %mv, %mi : tensor<f32>, tensor<i32>
  }) : (tensor<5xf32>, tensor<5xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
  check.expect_eq_const %3#0, dense<[7.0, 7.0, 7.0]> : tensor<3xf32>
  check.expect_eq_const %3#1, dense<[2, 2, 2]> : tensor<3xi32>
  // max-pool gradient: windows (1, 5), (3, 2), (4, 0) select 5, 3 and 4
  %op = stablehlo.constant dense<[1.0, 5.0, 3.0, 2.0, 4.0, 0.0]> : tensor<6xf32>
  %src = stablehlo.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf32>
  %4 = "stablehlo.select_and_scatter"(%op, %src, %zero) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<6xf32>, tensor<3xf32>, tensor<f32>) -> tensor<6xf32>
  check.expect_eq_const %4, dense<[0.0, 10.0, 20.0, 0.0, 30.0, 0.0]> : tensor<6xf32>
  // indices 1, 3, 1 and 9 (out of range: dropped)
  %base = stablehlo.constant dense<[0, 0, 0, 0]> : tensor<4xi32>
  %idx = stablehlo.constant dense<[[1], [3], [1], [9]]> : tensor<4x1xi32>
  %upd = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %5 = "stablehlo.scatter"(%base, %idx, %upd) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<4xi32>, tensor<4x1xi32>, tensor<4xi32>) -> tensor<4xi32>
  check.expect_eq_const %5, dense<[0, 4, 0, 2]> : tensor<4xi32>
  // rows of a 3x2 matrix replaced by windows of one row; the window at row 3 does not fit
  %mat = stablehlo.constant dense<[[1, 1], [2, 2], [3, 3]]> : tensor<3x2xi32>
  %ridx = stablehlo.constant dense<[2, 3, 0]> : tensor<3xi32>
  %rows = stablehlo.constant dense<[[7, 8], [5, 5], [9, 6]]> : tensor<3x2xi32>
  %6 = "stablehlo.scatter"(%mat, %ridx, %rows) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %b : tensor<i32>
  }) : (tensor<3x2xi32>, tensor<3xi32>, tensor<3x2xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %6, dense<[[9, 6], [2, 2], [7, 8]]> : tensor<3x2xi32>
  // a combiner that uses a value from outside its region: old + 10 * update
  %ten = stablehlo.constant dense<10> : tensor<i32>
  %7 = "stablehlo.scatter"(%base, %idx, %upd) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %t = stablehlo.multiply %b, %ten : tensor<i32>
    %s = stablehlo.add %a, %t : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<4xi32>, tensor<4x1xi32>, tensor<4xi32>) -> tensor<4xi32>
  check.expect_eq_const %7, dense<[0, 40, 0, 20]> : tensor<4xi32>
  func.return
}
