module attributes {stable_mosaic.version = 15 : i64} {
  func.func @kern(%arg0: i32, %arg1: i32, %arg2: memref<16x128xf32, #tpu.memory_space<vmem>>, %arg3: memref<16x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 4, 4>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 16, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 16, 128>}]} {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.cmpi eq, %arg1, %c0_i32 : i32
    %1 = arith.extui %0 : i1 to i32
    %c0_i32_0 = arith.constant 0 : i32
    %2 = arith.cmpi ne, %1, %c0_i32_0 : i32
    scf.if %2 {
      %cst = arith.constant 0.000000e+00 : f32
      %8 = vector.broadcast %cst : f32 to vector<16x128xf32>
      %c0_6 = arith.constant 0 : index
      %c0_7 = arith.constant 0 : index
      %9 = vector.load %arg3[%c0_6, %c0_7] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>
      tpu.vector_store %arg3[%c0_6, %c0_7], %8 {strides = array<i32>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>, 
    } else {
    }
    %c0 = arith.constant 0 : index
    %c0_1 = arith.constant 0 : index
    %3 = vector.load %arg3[%c0, %c0_1] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>
    %4 = vector.shape_cast %3 : vector<16x128xf32> to vector<16x128xf32>
    %c0_2 = arith.constant 0 : index
    %c0_3 = arith.constant 0 : index
    %5 = vector.load %arg2[%c0_2, %c0_3] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>
    %6 = arith.addf %4, %5 : vector<16x128xf32>
    %c0_4 = arith.constant 0 : index
    %c0_5 = arith.constant 0 : index
    %7 = vector.load %arg3[%c0_4, %c0_5] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>
    tpu.vector_store %arg3[%c0_4, %c0_5], %6 {strides = array<i32>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>, 
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg0, %arg1 : i32, i32
  }
  func.func @transform_1(%arg0: i32, %arg1: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
}
