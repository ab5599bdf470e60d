module attributes {stable_mosaic.version = 15 : i64} {
  func.func @kern(%arg0: i32, %arg1: memref<16x256xf32, #tpu.memory_space<vmem>>, %arg2: memref<16x256xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 4>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 16, 256>}, {transform_indices = @transform_1, window_bounds = array<i64: 16, 256>}]} {
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %0 = vector.load %arg1[%c0, %c0_0] : memref<16x256xf32, #tpu.memory_space<vmem>>, vector<16x256xf32>
    %c3_i32 = arith.constant 3 : i32
    %1 = tpu.dynamic_rotate %0 by %c3_i32 dim 0 : vector<16x256xf32>, i32 -> vector<16x256xf32>
    %c5_i32 = arith.constant 5 : i32
    %2 = arith.muli %arg0, %c5_i32 : i32
    %c1_i32 = arith.constant 1 : i32
    %3 = arith.addi %2, %c1_i32 : i32
    %4 = tpu.dynamic_rotate %0 by %3 dim 1 : vector<16x256xf32>, i32 -> vector<16x256xf32>
    %cst = arith.constant 1.000000e+01 : f32
    %5 = vector.broadcast %cst : f32 to vector<16x256xf32>
    %6 = arith.mulf %5, %4 : vector<16x256xf32>
    %7 = arith.addf %1, %6 : vector<16x256xf32>
    %c0_1 = arith.constant 0 : index
    %c0_2 = arith.constant 0 : index
    %8 = vector.load %arg2[%c0_1, %c0_2] : memref<16x256xf32, #tpu.memory_space<vmem>>, vector<16x256xf32>
    tpu.vector_store %arg2[%c0_1, %c0_2], %7 {strides = array<i32>} : memref<16x256xf32, #tpu.memory_space<vmem>>, vector<16x256xf32>, 
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
