module attributes {stable_mosaic.version = 11 : i64} {
  func.func @kern(%arg0: i32, %arg1: i32, %arg2: memref<16x128xf32, #tpu.memory_space<vmem>>, %arg3: memref<16x128xf32, #tpu.memory_space<vmem>>, %arg4: memref<16x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 2, 4>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 16, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 16, 128>}, {transform_indices = @transform_2, window_bounds = array<i64: 16, 128>}]} {
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %0 = vector.load %arg2[%c0, %c0_0] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>
    %c0_1 = arith.constant 0 : index
    %c0_2 = arith.constant 0 : index
    %1 = vector.load %arg3[%c0_1, %c0_2] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>
    %cst = arith.constant 0.000000e+00 : f32
    %2 = vector.broadcast %cst : f32 to vector<16x128xf32>
    %3 = arith.subf %2, %0 : vector<16x128xf32>
    %4 = arith.mulf %3, %0 : vector<16x128xf32>
    %5 = math.exp %4 : vector<16x128xf32>
    %6 = arith.mulf %5, %1 : vector<16x128xf32>
    %7 = math.tanh %0 : vector<16x128xf32>
    %8 = arith.addf %6, %7 : vector<16x128xf32>
    %9 = arith.maximumf %0, %1 : vector<16x128xf32>
    %10 = math.absf %1 : vector<16x128xf32>
    %cst_3 = arith.constant 1.000000e+00 : f32
    %11 = vector.broadcast %cst_3 : f32 to vector<16x128xf32>
    %12 = arith.addf %11, %10 : vector<16x128xf32>
    %13 = arith.divf %9, %12 : vector<16x128xf32>
    %14 = arith.subf %8, %13 : vector<16x128xf32>
    %c0_4 = arith.constant 0 : index
    %c0_5 = arith.constant 0 : index
    %15 = vector.load %arg4[%c0_4, %c0_5] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>
    tpu.vector_store %arg4[%c0_4, %c0_5], %14 {strides = array<i32>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>, 
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg0, %arg1 : i32, i32
  }
  func.func @transform_1(%arg0: i32, %arg1: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg0, %arg1 : i32, i32
  }
  func.func @transform_2(%arg0: i32, %arg1: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg0, %arg1 : i32, i32
  }
}
