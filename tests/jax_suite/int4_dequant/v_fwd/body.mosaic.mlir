module attributes {stable_mosaic.version = 11 : i64} {
  func.func @kern(%arg0: i32, %arg1: i32, %arg2: memref<32x128xi4, #tpu.memory_space<vmem>>, %arg3: memref<1x128xf32, #tpu.memory_space<vmem>>, %arg4: memref<32x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 2, 2>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 32, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 1, 128>}, {transform_indices = @transform_2, window_bounds = array<i64: 32, 128>}]} {
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %0 = vector.load %arg2[%c0, %c0_0] : memref<32x128xi4, #tpu.memory_space<vmem>>, vector<32x128xi4>
    %1 = vector.shape_cast %0 : vector<32x128xi4> to vector<32x128xi4>
    %2 = arith.extsi %1 : vector<32x128xi4> to vector<32x128xi32>
    %3 = arith.sitofp %2 : vector<32x128xi32> to vector<32x128xf32>
    %c0_1 = arith.constant 0 : index
    %c0_2 = arith.constant 0 : index
    %4 = vector.load %arg3[%c0_1, %c0_2] : memref<1x128xf32, #tpu.memory_space<vmem>>, vector<1x128xf32>
    %5 = vector.broadcast %4 : vector<1x128xf32> to vector<32x128xf32>
    %6 = arith.mulf %3, %5 : vector<32x128xf32>
    %c0_3 = arith.constant 0 : index
    %c0_4 = arith.constant 0 : index
    %7 = vector.load %arg4[%c0_3, %c0_4] : memref<32x128xf32, #tpu.memory_space<vmem>>, vector<32x128xf32>
    tpu.vector_store %arg4[%c0_3, %c0_4], %6 {strides = array<i32>} : memref<32x128xf32, #tpu.memory_space<vmem>>, vector<32x128xf32>, 
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg0, %arg1 : i32, i32
  }
  func.func @transform_1(%arg0: i32, %arg1: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    return %c0_i32, %arg1 : i32, i32
  }
  func.func @transform_2(%arg0: i32, %arg1: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg0, %arg1 : i32, i32
  }
}
