module attributes {stable_mosaic.version = 15 : i64} {
  func.func @kern(%arg0: i32, %arg1: memref<128x128xf32, #tpu.memory_space<vmem>>, %arg2: memref<128x256xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 2>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 128, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 128, 256>}]} {
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %0 = vector.load %arg1[%c0, %c0_0] : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>
    %1 = tpu.transpose %0, [1, 0] : vector<128x128xf32> -> vector<128x128xf32>
    %cst = arith.constant 2.000000e+00 : f32
    %2 = vector.broadcast %cst : f32 to vector<128x128xf32>
    %3 = arith.mulf %0, %2 : vector<128x128xf32>
    %4 = tpu.concatenate %1, %3 in 1 : vector<128x128xf32>, vector<128x128xf32> -> vector<128x256xf32>
    %c0_1 = arith.constant 0 : index
    %c0_2 = arith.constant 0 : index
    %5 = vector.load %arg2[%c0_1, %c0_2] : memref<128x256xf32, #tpu.memory_space<vmem>>, vector<128x256xf32>
    tpu.vector_store %arg2[%c0_1, %c0_2], %4 {strides = array<i32>} : memref<128x256xf32, #tpu.memory_space<vmem>>, vector<128x256xf32>, 
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
