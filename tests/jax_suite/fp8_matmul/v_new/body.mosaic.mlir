module attributes {stable_mosaic.version = 15 : i64} {
  func.func @kern(%arg0: i32, %arg1: memref<32x128xf8E4M3FN, #tpu.memory_space<vmem>>, %arg2: memref<128x128xf8E5M2, #tpu.memory_space<vmem>>, %arg3: memref<32x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 2>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 32, 128>}, {pipeline_mode = #tpu.pipeline_mode<synchronous>, transform_indices = @transform_1, window_bounds = array<i64: 128, 128>}, {transform_indices = @transform_2, window_bounds = array<i64: 32, 128>}]} {
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %0 = vector.load %arg1[%c0, %c0_0] : memref<32x128xf8E4M3FN, #tpu.memory_space<vmem>>, vector<32x128xf8E4M3FN>
    %1 = vector.shape_cast %0 : vector<32x128xf8E4M3FN> to vector<32x128xf8E4M3FN>
    %2 = arith.extf %1 : vector<32x128xf8E4M3FN> to vector<32x128xf32>
    %c0_1 = arith.constant 0 : index
    %c0_2 = arith.constant 0 : index
    %3 = vector.load %arg2[%c0_1, %c0_2] : memref<128x128xf8E5M2, #tpu.memory_space<vmem>>, vector<128x128xf8E5M2>
    %4 = vector.shape_cast %3 : vector<128x128xf8E5M2> to vector<128x128xf8E5M2>
    %5 = arith.extf %4 : vector<128x128xf8E5M2> to vector<128x128xf32>
    %cst = arith.constant dense<0.000000e+00> : vector<32x128xf32>
    %6 = tpu.matmul %2, %5, %cst {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs_hint = false} : vector<32x128xf32>, vector<128x128xf32>, vector<32x128xf32> -> vector<32x128xf32>
    %c0_3 = arith.constant 0 : index
    %c0_4 = arith.constant 0 : index
    %7 = vector.load %arg3[%c0_3, %c0_4] : memref<32x128xf32, #tpu.memory_space<vmem>>, vector<32x128xf32>
    tpu.vector_store %arg3[%c0_3, %c0_4], %6 {strides = array<i32>} : memref<32x128xf32, #tpu.memory_space<vmem>>, vector<32x128xf32>, 
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
    %c0_i32_1 = arith.constant 0 : i32
    return %c0_i32, %c0_i32_0 : i32, i32
  }
  func.func @transform_2(%arg0: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
}
