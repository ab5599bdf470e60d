module attributes {stable_mosaic.version = 11 : i64} {
  func.func @kern(%arg0: i32, %arg1: memref<8x128xf32, #tpu.memory_space<vmem>>, %arg2: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 4>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 8, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 8, 128>}]} {
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %0 = vector.load %arg1[%c0, %c0_0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %1 = vector.shape_cast %0 : vector<8x128xf32> to vector<8x128xf32>
    %cst = arith.constant dense<0.000000e+00> : vector<8xf32>
    %2 = vector.multi_reduction <add>, %1, %cst [1] : vector<8x128xf32> to vector<8xf32>
    %3 = vector.shape_cast %2 : vector<8xf32> to vector<8x1xf32>
    %cst_1 = arith.constant 1.280000e+02 : f32
    %4 = vector.broadcast %cst_1 : f32 to vector<8x1xf32>
    %5 = arith.divf %3, %4 : vector<8x1xf32>
    %6 = vector.broadcast %5 : vector<8x1xf32> to vector<8x128xf32>
    %7 = arith.subf %1, %6 : vector<8x128xf32>
    %c0_2 = arith.constant 0 : index
    %c0_3 = arith.constant 0 : index
    %8 = vector.load %arg2[%c0_2, %c0_3] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    tpu.vector_store %arg2[%c0_2, %c0_3], %7 {strides = array<i32>} : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, 
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
