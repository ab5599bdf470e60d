// StableHLO's control flow on hand-computed values, each checked with the check dialect: while
// (the sum 1 + ... + 10, a loop inside a loop whose bodies use values defined outside them, a
// loop that never runs), if and case (branches that return values from outside them; an index
// out of range takes the last branch). tests/test_op_registry.c runs it.
func.func @main() {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %three = stablehlo.constant dense<3> : tensor<i32>
  %four = stablehlo.constant dense<4> : tensor<i32>
  %ten = stablehlo.constant dense<10> : tensor<i32>
  // i = 0, s = 0; while (i < 10) { i += 1; s += i }: i = 10, s = 55
  %0:2 = stablehlo.while(%i = %zero, %s = %zero) : tensor<i32>, tensor<i32>
  cond {
    %c = stablehlo.compare LT, %i, %ten : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %i1 = stablehlo.add %i, %one : tensor<i32>
    %s1 = stablehlo.add %s, %i1 : tensor<i32>
    stablehlo.return %i1, %s1 : tensor<i32>, tensor<i32>
  }
  check.expect_eq_const %0#0, dense<10> : tensor<i32>
  check.expect_eq_const %0#1, dense<55> : tensor<i32>
  // for a in 0..3 { x = x * 2 + [1, 0]; for b in 0..4 { n += 1 } }: n = 12, x = [7, 0] * ... from
  // x = [1, 1]: [3, 2], [7, 4], [15, 8]
  %x0 = stablehlo.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %two = stablehlo.constant dense<2.0> : tensor<2xf32>
  %bump = stablehlo.constant dense<[1.0, 0.0]> : tensor<2xf32>
  %1:3 = stablehlo.while(%a = %zero, %n = %zero, %x = %x0) : tensor<i32>, tensor<i32>, tensor<2xf32>
  cond {
    %c = stablehlo.compare LT, %a, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %x2 = stablehlo.multiply %x, %two : tensor<2xf32>
    %x3 = stablehlo.add %x2, %bump : tensor<2xf32>
    %inner:2 = stablehlo.while(%b = %zero, %m = %n) : tensor<i32>, tensor<i32>
    cond {
      %c = stablehlo.compare LT, %b, %four : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %b1 = stablehlo.add %b, %one : tensor<i32>
      %m1 = stablehlo.add %m, %one : tensor<i32>
      stablehlo.return %b1, %m1 : tensor<i32>, tensor<i32>
    }
    %a1 = stablehlo.add %a, %one : tensor<i32>
    stablehlo.return %a1, %inner#1, %x3 : tensor<i32>, tensor<i32>, tensor<2xf32>
  }
  check.expect_eq_const %1#0, dense<3> : tensor<i32>
  check.expect_eq_const %1#1, dense<12> : tensor<i32>
  check.expect_eq_const %1#2, dense<[15.0, 8.0]> : tensor<2xf32>
  // a loop whose condition is false at once returns its operands
  %2 = stablehlo.while(%k = %ten) : tensor<i32>
  cond {
    %c = stablehlo.compare LT, %k, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %k1 = stablehlo.add %k, %one : tensor<i32>
    stablehlo.return %k1 : tensor<i32>
  }
  check.expect_eq_const %2, dense<10> : tensor<i32>
  %t = stablehlo.constant dense<true> : tensor<i1>
  %f = stablehlo.constant dense<false> : tensor<i1>
  %v = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
  %3:2 = "stablehlo.if"(%t) ({
    %nv = stablehlo.negate %v : tensor<2xf32>
    stablehlo.return %nv, %one : tensor<2xf32>, tensor<i32>
  }, {
    stablehlo.return %v, %zero : tensor<2xf32>, tensor<i32>
  }) : (tensor<i1>) -> (tensor<2xf32>, tensor<i32>)
  check.expect_eq_const %3#0, dense<[-1.5, 2.0]> : tensor<2xf32>
  check.expect_eq_const %3#1, dense<1> : tensor<i32>
  %4 = "stablehlo.if"(%f) ({
    stablehlo.return %one : tensor<i32>
  }, {
    stablehlo.return %ten : tensor<i32>
  }) : (tensor<i1>) -> tensor<i32>
  check.expect_eq_const %4, dense<10> : tensor<i32>
  // case: branch i returns 10 * (i + 1); -1 and 7 run the last branch
  %idx = stablehlo.constant dense<[1, -1, 7, 0]> : tensor<4xi32>
  %c10 = stablehlo.constant dense<10> : tensor<i32>
  %c20 = stablehlo.constant dense<20> : tensor<i32>
  %c30 = stablehlo.constant dense<30> : tensor<i32>
  %i1 = stablehlo.slice %idx [0:1] : (tensor<4xi32>) -> tensor<1xi32>
  %i1s = stablehlo.reshape %i1 : (tensor<1xi32>) -> tensor<i32>
  %5 = "stablehlo.case"(%i1s) ({
    stablehlo.return %c10 : tensor<i32>
  }, {
    stablehlo.return %c20 : tensor<i32>
  }, {
    stablehlo.return %c30 : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  check.expect_eq_const %5, dense<20> : tensor<i32>
  %i2 = stablehlo.slice %idx [1:2] : (tensor<4xi32>) -> tensor<1xi32>
  %i2s = stablehlo.reshape %i2 : (tensor<1xi32>) -> tensor<i32>
  %6 = "stablehlo.case"(%i2s) ({
    stablehlo.return %c10 : tensor<i32>
  }, {
    stablehlo.return %c30 : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  check.expect_eq_const %6, dense<30> : tensor<i32>
  %i3 = stablehlo.slice %idx [2:3] : (tensor<4xi32>) -> tensor<1xi32>
  %i3s = stablehlo.reshape %i3 : (tensor<1xi32>) -> tensor<i32>
  %7 = "stablehlo.case"(%i3s) ({
    stablehlo.return %c10 : tensor<i32>
  }, {
    %s = stablehlo.add %c10, %c20 : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  check.expect_eq_const %7, dense<30> : tensor<i32>
  func.return
}
