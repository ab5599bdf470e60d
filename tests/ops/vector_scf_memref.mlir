// vector's shape ops (extract, extract_strided_slice, splat, transpose, the masks), scf.while
// with scf.condition, and memref.alloca/store/load in SMEM, each checked with cf.assert
// (tests/test_op_registry.c runs it).
module {
  func.func @main() attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 0 : i64} {
    %cst = arith.constant dense<[10, 20, 30, 40]> : vector<4xi32>
    %0 = vector.extract %cst[2] : i32 from vector<4xi32>
    %c30_i32 = arith.constant 30 : i32
    %1 = arith.cmpi eq, %0, %c30_i32 : i32
    cf.assert %1, "vector.extract [2]"
    %2 = vector.extract_strided_slice %cst {offsets = [1], sizes = [2], strides = [1]} : vector<4xi32> to vector<2xi32>
    %cst_0 = arith.constant dense<[20, 30]> : vector<2xi32>
    %3 = arith.cmpi eq, %2, %cst_0 : vector<2xi32>
    %4 = arith.extui %3 : vector<2xi1> to vector<2xi32>
    %c1_i32 = arith.constant 1 : i32
    %5 = vector.multi_reduction <minsi>, %4, %c1_i32 [0] : vector<2xi32> to i32
    %6 = arith.cmpi eq, %5, %c1_i32 : i32
    cf.assert %6, "vector.extract_strided_slice [1:3]"
    %cst_1 = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi32>
    %7 = vector.transpose %cst_1, [1, 0] : vector<2x3xi32> to vector<3x2xi32>
    %cst_2 = arith.constant dense<[[1, 4], [2, 5], [3, 6]]> : vector<3x2xi32>
    %8 = arith.cmpi eq, %7, %cst_2 : vector<3x2xi32>
    %9 = arith.extui %8 : vector<3x2xi1> to vector<3x2xi32>
    %c1_i32_3 = arith.constant 1 : i32
    %10 = vector.multi_reduction <minsi>, %9, %c1_i32_3 [0, 1] : vector<3x2xi32> to i32
    %11 = arith.cmpi eq, %10, %c1_i32_3 : i32
    cf.assert %11, "vector.transpose [1, 0]"
    %c2 = arith.constant 2 : index
    %12 = vector.create_mask %c2 : vector<4xi1>
    %13 = arith.extui %12 : vector<4xi1> to vector<4xi32>
    %cst_4 = arith.constant dense<[1, 1, 0, 0]> : vector<4xi32>
    %14 = arith.cmpi eq, %13, %cst_4 : vector<4xi32>
    %15 = arith.extui %14 : vector<4xi1> to vector<4xi32>
    %c1_i32_5 = arith.constant 1 : i32
    %16 = vector.multi_reduction <minsi>, %15, %c1_i32_5 [0] : vector<4xi32> to i32
    %17 = arith.cmpi eq, %16, %c1_i32_5 : i32
    cf.assert %17, "vector.create_mask 2"
    %18 = vector.constant_mask [3] : vector<4xi1>
    %19 = arith.extui %18 : vector<4xi1> to vector<4xi32>
    %cst_6 = arith.constant dense<[1, 1, 1, 0]> : vector<4xi32>
    %20 = arith.cmpi eq, %19, %cst_6 : vector<4xi32>
    %21 = arith.extui %20 : vector<4xi1> to vector<4xi32>
    %c1_i32_7 = arith.constant 1 : i32
    %22 = vector.multi_reduction <minsi>, %21, %c1_i32_7 [0] : vector<4xi32> to i32
    %23 = arith.cmpi eq, %22, %c1_i32_7 : i32
    cf.assert %23, "vector.constant_mask [3]"
    %c0_i32 = arith.constant 0 : i32
    %c5_i32 = arith.constant 5 : i32
    %c2_i32 = arith.constant 2 : i32
    %24 = scf.while (%arg0 = %c0_i32) : (i32) -> i32 {
      %28 = arith.cmpi slt, %arg0, %c5_i32 : i32
      scf.condition(%28) %arg0 : i32
    } do {
    ^bb0(%arg0: i32):
      %28 = arith.addi %arg0, %c2_i32 : i32
      scf.yield %28 : i32
    }
    %c6_i32 = arith.constant 6 : i32
    %25 = arith.cmpi eq, %24, %c6_i32 : i32
    cf.assert %25, "scf.while: 0, 2, 4, 6"
    %alloca = memref.alloca() : memref<4xi32, #tpu.memory_space<smem>>
    %c1 = arith.constant 1 : index
    %c9_i32 = arith.constant 9 : i32
    memref.store %c9_i32, %alloca[%c1] : memref<4xi32, #tpu.memory_space<smem>>
    %26 = memref.load %alloca[%c1] : memref<4xi32, #tpu.memory_space<smem>>
    %c9_i32_8 = arith.constant 9 : i32
    %27 = arith.cmpi eq, %26, %c9_i32_8 : i32
    cf.assert %27, "memref.store then memref.load"
    return
  }
}
