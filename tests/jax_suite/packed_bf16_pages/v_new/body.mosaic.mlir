module attributes {stable_mosaic.version = 15 : i64} {
  func.func @kern(%arg0: i32, %arg1: memref<32x128xbf16, #tpu.memory_space<vmem>>, %arg2: memref<16x128xf32, #tpu.memory_space<vmem>>, %arg3: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 4>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 32, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 16, 128>}, {transform_indices = @transform_2, window_bounds = array<i64: 8, 128>}]} {
    %0 = tpu.memref_bitcast %arg1 : memref<32x128xbf16, #tpu.memory_space<vmem>> -> memref<16x128xi32, #tpu.memory_space<vmem>>
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %1 = vector.load %0[%c0, %c0_0] : memref<16x128xi32, #tpu.memory_space<vmem>>, vector<16x128xi32>
    %c16_i32 = arith.constant 16 : i32
    %2 = vector.broadcast %c16_i32 : i32 to vector<16x128xi32>
    %3 = arith.shli %1, %2 : vector<16x128xi32>
    %4 = tpu.bitcast %3 : vector<16x128xi32> -> vector<16x128xf32>
    %c-65536_i32 = arith.constant -65536 : i32
    %5 = vector.broadcast %c-65536_i32 : i32 to vector<16x128xi32>
    %6 = arith.andi %1, %5 : vector<16x128xi32>
    %7 = tpu.bitcast %6 : vector<16x128xi32> -> vector<16x128xf32>
    %cst = arith.constant 2.000000e+00 : f32
    %8 = vector.broadcast %cst : f32 to vector<16x128xf32>
    %9 = arith.mulf %4, %8 : vector<16x128xf32>
    %10 = arith.addf %9, %7 : vector<16x128xf32>
    %c0_1 = arith.constant 0 : index
    %c0_2 = arith.constant 0 : index
    %11 = vector.load %arg2[%c0_1, %c0_2] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>
    tpu.vector_store %arg2[%c0_1, %c0_2], %10 {strides = array<i32>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>, 
    %12 = tpu.memref_bitcast %arg1 : memref<32x128xbf16, #tpu.memory_space<vmem>> -> memref<16x128xi32, #tpu.memory_space<vmem>>
    %c0_3 = arith.constant 0 : index
    %c0_4 = arith.constant 0 : index
    %13 = tpu.strided_load %12[%c0_3, %c0_4] {strides = array<i32: 2, 1>} : memref<16x128xi32, #tpu.memory_space<vmem>>, vector<8x128xi32>
    %c16_i32_5 = arith.constant 16 : i32
    %14 = vector.broadcast %c16_i32_5 : i32 to vector<8x128xi32>
    %15 = arith.shli %13, %14 : vector<8x128xi32>
    %16 = tpu.bitcast %15 : vector<8x128xi32> -> vector<8x128xf32>
    %c-65536_i32_6 = arith.constant -65536 : i32
    %17 = vector.broadcast %c-65536_i32_6 : i32 to vector<8x128xi32>
    %18 = arith.andi %13, %17 : vector<8x128xi32>
    %19 = tpu.bitcast %18 : vector<8x128xi32> -> vector<8x128xf32>
    %20 = arith.subf %16, %19 : vector<8x128xf32>
    %c0_7 = arith.constant 0 : index
    %c0_8 = arith.constant 0 : index
    %21 = vector.load %arg3[%c0_7, %c0_8] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    tpu.vector_store %arg3[%c0_7, %c0_8], %20 {strides = array<i32>} : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, 
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
