module attributes {stable_mosaic.version = 11 : i64} {
  func.func @kern(%arg0: i32, %arg1: memref<32x128xf32, #tpu.memory_space<vmem>>, %arg2: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 2>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 32, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 8, 128>}]} {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = vector.broadcast %cst : f32 to vector<8x128xf32>
    %c0_i32 = arith.constant 0 : i32
    %c4_i32 = arith.constant 4 : i32
    %1 = arith.addi %c0_i32, %c4_i32 : i32
    %c1_i32 = arith.constant 1 : i32
    %2 = scf.for %arg3 = %c0_i32 to %1 step %c1_i32 iter_args(%arg4 = %0) -> (vector<8x128xf32>)  : i32 {
      %c8_i32 = arith.constant 8 : i32
      %18 = arith.muli %arg3, %c8_i32 : i32
      %19 = tpu.assume_multiple %18, 8 : i32
      %20 = arith.index_cast %19 : i32 to index
      %c0_10 = arith.constant 0 : index
      %21 = vector.load %arg1[%20, %c0_10] : memref<32x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
      %c1_i32_11 = arith.constant 1 : i32
      %22 = arith.addi %arg3, %c1_i32_11 : i32
      %23 = arith.sitofp %22 : i32 to f32
      %24 = vector.broadcast %23 : f32 to vector<8x128xf32>
      %25 = arith.mulf %21, %24 : vector<8x128xf32>
      %26 = arith.addf %arg4, %25 : vector<8x128xf32>
      scf.yield %26 : vector<8x128xf32>
    }
    %c4_i32_0 = arith.constant 4 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %3:2 = scf.while (%arg3 = %c0_i32_1, %arg4 = %2) : (i32, vector<8x128xf32>) -> (i32, vector<8x128xf32>) {
      %c3_i32 = arith.constant 3 : i32
      %18 = arith.addi %arg0, %c3_i32 : i32
      %19 = arith.cmpi slt, %arg3, %18 : i32
      scf.condition(%19) %arg3, %arg4 : i32, vector<8x128xf32>
    } do {
    ^bb0(%arg3: i32, %arg4: vector<8x128xf32>):
      %c1_i32_10 = arith.constant 1 : i32
      %18 = arith.addi %arg3, %c1_i32_10 : i32
      %cst_11 = arith.constant 5.000000e-01 : f32
      %19 = vector.broadcast %cst_11 : f32 to vector<8x128xf32>
      %20 = arith.mulf %arg4, %19 : vector<8x128xf32>
      %cst_12 = arith.constant 1.000000e+00 : f32
      %21 = vector.broadcast %cst_12 : f32 to vector<8x128xf32>
      %22 = arith.addf %20, %21 : vector<8x128xf32>
      scf.yield %18, %22 : i32, vector<8x128xf32>
    }
    %c0 = arith.constant 0 : index
    %c0_2 = arith.constant 0 : index
    %4 = vector.load %arg2[%c0, %c0_2] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    tpu.vector_store %arg2[%c0, %c0_2], %3#1 {strides = array<i32>} : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, 
    %c2_i32 = arith.constant 2 : i32
    %c0_i32_3 = arith.constant 0 : i32
    %5 = arith.cmpi eq, %c2_i32, %c0_i32_3 : i32
    %c1_i32_4 = arith.constant 1 : i32
    %6 = arith.select %5, %c1_i32_4, %c2_i32 : i32
    %7 = arith.remsi %arg0, %6 : i32
    %c0_i32_5 = arith.constant 0 : i32
    %8 = arith.cmpi ne, %7, %c0_i32_5 : i32
    %c0_i32_6 = arith.constant 0 : i32
    %9 = arith.cmpi slt, %7, %c0_i32_6 : i32
    %c0_i32_7 = arith.constant 0 : i32
    %10 = arith.cmpi slt, %6, %c0_i32_7 : i32
    %11 = arith.xori %9, %10 : i1
    %12 = arith.andi %11, %8 : i1
    %13 = arith.addi %7, %6 : i32
    %14 = arith.select %12, %13, %7 : i32
    %c1_i32_8 = arith.constant 1 : i32
    %15 = arith.cmpi eq, %14, %c1_i32_8 : i32
    %16 = arith.extui %15 : i1 to i32
    %c0_i32_9 = arith.constant 0 : i32
    %17 = arith.cmpi ne, %16, %c0_i32_9 : i32
    scf.if %17 {
      %c0_10 = arith.constant 0 : index
      %c0_11 = arith.constant 0 : index
      %18 = vector.load %arg2[%c0_10, %c0_11] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
      %19 = vector.shape_cast %18 : vector<8x128xf32> to vector<8x128xf32>
      %cst_12 = arith.constant 0.000000e+00 : f32
      %20 = vector.broadcast %cst_12 : f32 to vector<8x128xf32>
      %21 = arith.subf %20, %19 : vector<8x128xf32>
      %c0_13 = arith.constant 0 : index
      %c0_14 = arith.constant 0 : index
      %22 = vector.load %arg2[%c0_13, %c0_14] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
      tpu.vector_store %arg2[%c0_13, %c0_14], %21 {strides = array<i32>} : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, 
    } else {
    }
    return
  }
  func.func @transform_0(%arg0: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
  func.func @transform_1(%arg0: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
}
