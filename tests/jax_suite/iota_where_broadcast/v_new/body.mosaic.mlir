module attributes {stable_mosaic.version = 15 : i64} {
  func.func @kern(%arg0: i32, %arg1: memref<16x256xf32, #tpu.memory_space<vmem>>, %arg2: memref<1x256xf32, #tpu.memory_space<vmem>>, %arg3: memref<16x256xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 4>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 16, 256>}, {pipeline_mode = #tpu.pipeline_mode<synchronous>, transform_indices = @transform_1, window_bounds = array<i64: 1, 256>}, {transform_indices = @transform_2, window_bounds = array<i64: 16, 256>}]} {
    %c16_i32 = arith.constant 16 : i32
    %0 = arith.muli %arg0, %c16_i32 : i32
    %1 = tpu.iota {dimensions = array<i32: 0>} : vector<16x256xi32>
    %2 = vector.broadcast %0 : i32 to vector<16x256xi32>
    %3 = arith.addi %2, %1 : vector<16x256xi32>
    %4 = tpu.iota {dimensions = array<i32: 1>} : vector<16x256xi32>
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %5 = vector.load %arg2[%c0, %c0_0] : memref<1x256xf32, #tpu.memory_space<vmem>>, vector<1x256xf32>
    %6 = vector.shape_cast %5 : vector<1x256xf32> to vector<1x256xf32>
    %7 = vector.broadcast %6 : vector<1x256xf32> to vector<16x256xf32>
    %c4_i32 = arith.constant 4 : i32
    %8 = vector.broadcast %c4_i32 : i32 to vector<16x256xi32>
    %9 = arith.muli %3, %8 : vector<16x256xi32>
    %10 = arith.cmpi sle, %4, %9 : vector<16x256xi32>
    %c0_1 = arith.constant 0 : index
    %c0_2 = arith.constant 0 : index
    %11 = vector.load %arg1[%c0_1, %c0_2] : memref<16x256xf32, #tpu.memory_space<vmem>>, vector<16x256xf32>
    %12 = arith.select %10, %11, %7 : vector<16x256xi1>, vector<16x256xf32>
    %13 = arith.sitofp %4 : vector<16x256xi32> to vector<16x256xf32>
    %cst = arith.constant 5.000000e-01 : f32
    %14 = vector.broadcast %cst : f32 to vector<16x256xf32>
    %15 = arith.mulf %13, %14 : vector<16x256xf32>
    %16 = arith.addf %12, %15 : vector<16x256xf32>
    %c0_3 = arith.constant 0 : index
    %c0_4 = arith.constant 0 : index
    %17 = vector.load %arg3[%c0_3, %c0_4] : memref<16x256xf32, #tpu.memory_space<vmem>>, vector<16x256xf32>
    tpu.vector_store %arg3[%c0_3, %c0_4], %16 {strides = array<i32>} : memref<16x256xf32, #tpu.memory_space<vmem>>, vector<16x256xf32>, 
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
