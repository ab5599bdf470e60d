module attributes {stable_mosaic.version = 11 : i64} {
  func.func @kern(%arg0: i32, %arg1: memref<16x256xf32, #tpu.memory_space<vmem>>, %arg2: memref<16x1xf32, #tpu.memory_space<vmem>>, %arg3: memref<16x1xf32, #tpu.memory_space<vmem>>, %arg4: memref<16x1xi32, #tpu.memory_space<vmem>>, %arg5: memref<1x1x256xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 4>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 16, 256>}, {transform_indices = @transform_1, window_bounds = array<i64: 16, 1>}, {transform_indices = @transform_2, window_bounds = array<i64: 16, 1>}, {transform_indices = @transform_3, window_bounds = array<i64: 16, 1>}, {transform_indices = @transform_4, window_bounds = array<i64: 1, 1, 256>}]} {
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %0 = vector.load %arg1[%c0, %c0_0] : memref<16x256xf32, #tpu.memory_space<vmem>>, vector<16x256xf32>
    %cst = arith.constant dense<0.000000e+00> : vector<16xf32>
    %1 = vector.multi_reduction <add>, %0, %cst [1] : vector<16x256xf32> to vector<16xf32>
    %2 = vector.shape_cast %1 : vector<16xf32> to vector<16x1xf32>
    %c0_1 = arith.constant 0 : index
    %c0_2 = arith.constant 0 : index
    %3 = vector.load %arg2[%c0_1, %c0_2] : memref<16x1xf32, #tpu.memory_space<vmem>>, vector<16x1xf32>
    tpu.vector_store %arg2[%c0_1, %c0_2], %2 {strides = array<i32>} : memref<16x1xf32, #tpu.memory_space<vmem>>, vector<16x1xf32>, 
    %cst_3 = arith.constant dense<0xFF800000> : vector<16xf32>
    %4 = vector.multi_reduction <maximumf>, %0, %cst_3 [1] : vector<16x256xf32> to vector<16xf32>
    %5 = vector.shape_cast %4 : vector<16xf32> to vector<16x1xf32>
    %c0_4 = arith.constant 0 : index
    %c0_5 = arith.constant 0 : index
    %6 = vector.load %arg3[%c0_4, %c0_5] : memref<16x1xf32, #tpu.memory_space<vmem>>, vector<16x1xf32>
    tpu.vector_store %arg3[%c0_4, %c0_5], %5 {strides = array<i32>} : memref<16x1xf32, #tpu.memory_space<vmem>>, vector<16x1xf32>, 
    %7 = tpu.reduce_index %0 {axis = 1 : i32, kind = #tpu.reduction_kind<arg_max>} : vector<16x256xf32> -> vector<16xi32>
    %8 = vector.shape_cast %7 : vector<16xi32> to vector<16x1xi32>
    %c0_6 = arith.constant 0 : index
    %c0_7 = arith.constant 0 : index
    %9 = vector.load %arg4[%c0_6, %c0_7] : memref<16x1xi32, #tpu.memory_space<vmem>>, vector<16x1xi32>
    tpu.vector_store %arg4[%c0_6, %c0_7], %8 {strides = array<i32>} : memref<16x1xi32, #tpu.memory_space<vmem>>, vector<16x1xi32>, 
    %cst_8 = arith.constant dense<0x7F800000> : vector<256xf32>
    %10 = vector.multi_reduction <minimumf>, %0, %cst_8 [0] : vector<16x256xf32> to vector<256xf32>
    %11 = vector.shape_cast %10 : vector<256xf32> to vector<1x256xf32>
    %12 = vector.shape_cast %11 : vector<1x256xf32> to vector<1x1x256xf32>
    %c0_9 = arith.constant 0 : index
    %c0_10 = arith.constant 0 : index
    %c0_11 = arith.constant 0 : index
    %13 = vector.load %arg5[%c0_9, %c0_10, %c0_11] : memref<1x1x256xf32, #tpu.memory_space<vmem>>, vector<1x1x256xf32>
    tpu.vector_store %arg5[%c0_9, %c0_10, %c0_11], %12 {strides = array<i32>} : memref<1x1x256xf32, #tpu.memory_space<vmem>>, vector<1x1x256xf32>, 
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
  func.func @transform_3(%arg0: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
  func.func @transform_4(%arg0: i32) -> (i32, i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    return %arg0, %c0_i32, %c0_i32_0 : i32, i32, i32
  }
}
