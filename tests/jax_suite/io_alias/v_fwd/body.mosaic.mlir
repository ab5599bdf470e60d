module attributes {stable_mosaic.version = 11 : i64} {
  func.func @kern(%arg0: i32, %arg1: memref<16x256xf32, #tpu.memory_space<vmem>>, %arg2: memref<16x256xf32, #tpu.memory_space<vmem>>, %arg3: memref<16x256xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 2>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 16, 256>}, {transform_indices = @transform_1, window_bounds = array<i64: 16, 256>}, {transform_indices = @transform_2, window_bounds = array<i64: 16, 256>}]} {
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %0 = vector.load %arg1[%c0, %c0_0] : memref<16x256xf32, #tpu.memory_space<vmem>>, vector<16x256xf32>
    %c0_1 = arith.constant 0 : index
    %c0_2 = arith.constant 0 : index
    %1 = vector.load %arg2[%c0_1, %c0_2] : memref<16x256xf32, #tpu.memory_space<vmem>>, vector<16x256xf32>
    %cst = arith.constant 3.000000e+00 : f32
    %2 = vector.broadcast %cst : f32 to vector<16x256xf32>
    %3 = arith.mulf %2, %1 : vector<16x256xf32>
    %4 = arith.addf %0, %3 : vector<16x256xf32>
    %c0_3 = arith.constant 0 : index
    %c0_4 = arith.constant 0 : index
    %5 = vector.load %arg3[%c0_3, %c0_4] : memref<16x256xf32, #tpu.memory_space<vmem>>, vector<16x256xf32>
    tpu.vector_store %arg3[%c0_3, %c0_4], %4 {strides = array<i32>} : memref<16x256xf32, #tpu.memory_space<vmem>>, vector<16x256xf32>, 
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
  func.func @transform_2(%arg0: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
}
