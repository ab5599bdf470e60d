// cf.br and cf.cond_br between the blocks of a func body (a loop through block arguments,
// returns from two blocks, a kernel body that branches), and func.call of the other funcs
// of the module; each result is checked with cf.assert (tests/test_op_registry.c runs it).
module {
  func.func private @sum_to(%arg0: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    cf.br ^bb1(%c0_i32, %c1_i32 : i32, i32)
  ^bb1(%0: i32, %1: i32):  // 2 preds: ^bb0, ^bb2
    %2 = arith.cmpi sgt, %1, %arg0 : i32
    cf.cond_br %2, ^bb3(%0 : i32), ^bb2
  ^bb2:  // pred: ^bb1
    %3 = arith.addi %0, %1 : i32
    %4 = arith.addi %1, %c1_i32 : i32
    cf.br ^bb1(%3, %4 : i32, i32)
  ^bb3(%5: i32):  // pred: ^bb1
    return %5 : i32
  }
  func.func private @absdiff(%arg0: i32, %arg1: i32) -> i32 {
    %0 = arith.cmpi sgt, %arg0, %arg1 : i32
    cf.cond_br %0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %1 = arith.subi %arg0, %arg1 : i32
    return %1 : i32
  ^bb2:  // pred: ^bb0
    %2 = arith.subi %arg1, %arg0 : i32
    return %2 : i32
  }
  func.func private @scale(%arg0: vector<8x128xf32>, %arg1: f32) -> vector<8x128xf32> {
    %0 = vector.broadcast %arg1 : f32 to vector<8x128xf32>
    %1 = arith.mulf %arg0, %0 : vector<8x128xf32>
    return %1 : vector<8x128xf32>
  }
  func.func @main() attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 0 : i64} {
    %c4_i32 = arith.constant 4 : i32
    %c10_i32 = arith.constant 10 : i32
    %c55_i32 = arith.constant 55 : i32
    %0 = call @sum_to(%c10_i32) : (i32) -> i32
    %1 = arith.cmpi eq, %0, %c55_i32 : i32
    cf.assert %1, "cf.br loop: 1 + ... + 10 = 55"
    %2 = call @sum_to(%c4_i32) : (i32) -> i32
    %c10_i32_0 = arith.constant 10 : i32
    %3 = arith.cmpi eq, %2, %c10_i32_0 : i32
    cf.assert %3, "a second call of @sum_to: 1 + ... + 4 = 10"
    %4 = call @absdiff(%c4_i32, %c10_i32) : (i32, i32) -> i32
    %5 = call @absdiff(%c10_i32, %c4_i32) : (i32, i32) -> i32
    %c6_i32 = arith.constant 6 : i32
    %6 = arith.cmpi eq, %4, %c6_i32 : i32
    %7 = arith.cmpi eq, %5, %c6_i32 : i32
    cf.assert %6, "cf.cond_br false edge: |4 - 10| = 6"
    cf.assert %7, "cf.cond_br true edge: |10 - 4| = 6"
    %cst = arith.constant dense<1.500000e+00> : vector<8x128xf32>
    %cst_1 = arith.constant 2.000000e+00 : f32
    %8 = call @scale(%cst, %cst_1) : (vector<8x128xf32>, f32) -> vector<8x128xf32>
    %9 = arith.cmpi sgt, %2, %c4_i32 : i32
    cf.cond_br %9, ^bb1(%8 : vector<8x128xf32>), ^bb2
  ^bb1(%10: vector<8x128xf32>):  // pred: ^bb0
    %c0 = arith.constant 0 : index
    %11 = vector.extract %10[5, 77] : f32 from vector<8x128xf32>
    %cst_2 = arith.constant 3.000000e+00 : f32
    %12 = arith.cmpf oeq, %11, %cst_2 : f32
    cf.assert %12, "a vector through func.call and a block argument: 1.5 * 2 = 3"
    cf.br ^bb3
  ^bb2:  // pred: ^bb0
    %false = arith.constant false
    cf.assert %false, "cf.cond_br took the wrong edge (10 > 4)"
    cf.br ^bb3
  ^bb3:  // 2 preds: ^bb1, ^bb2
    return
  }
}
