module attributes {stable_mosaic.version = 15 : i64} {
  func.func @kern(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: memref<4x3xi32, #tpu.memory_space<smem>>, %arg4: memref<4xi32, #tpu.memory_space<smem>>, %arg5: memref<16x128xf32, #tpu.memory_space<vmem>>, %arg6: memref<128x128xf32, #tpu.memory_space<vmem>>, %arg7: memref<16x128xf32, #tpu.memory_space<vmem>>, %arg8: memref<16x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 4, 1, 3>, scalar_prefetch = 2 : i64, scratch_operands = 1 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 16, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 128, 128>}, {transform_indices = @transform_2, window_bounds = array<i64: 16, 128>}]} {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.cmpi eq, %arg2, %c0_i32 : i32
    %1 = arith.extui %0 : i1 to i32
    %c0_i32_0 = arith.constant 0 : i32
    %2 = arith.cmpi ne, %1, %c0_i32_0 : i32
    scf.if %2 {
      %cst = arith.constant 0.000000e+00 : f32
      %11 = vector.broadcast %cst : f32 to vector<16x128xf32>
      %c0 = arith.constant 0 : index
      %c0_3 = arith.constant 0 : index
      %12 = vector.load %arg8[%c0, %c0_3] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>
      %13 = vector.shape_cast %12 : vector<16x128xf32> to vector<16x128xf32>
      %14 = vector.shape_cast %11 : vector<16x128xf32> to vector<16x128xf32>
      tpu.vector_store %arg8[%c0, %c0_3], %14 {strides = array<i32>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>, 
    } else {
    }
    %3 = arith.index_cast %arg0 : i32 to index
    %4 = memref.load %arg4[%3] : memref<4xi32, #tpu.memory_space<smem>>
    %5 = arith.cmpi slt, %arg2, %4 : i32
    %6 = arith.extui %5 : i1 to i32
    %c0_i32_1 = arith.constant 0 : i32
    %7 = arith.cmpi ne, %6, %c0_i32_1 : i32
    scf.if %7 {
      %c0 = arith.constant 0 : index
      %c0_3 = arith.constant 0 : index
      %11 = vector.load %arg8[%c0, %c0_3] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>
      %c0_4 = arith.constant 0 : index
      %c0_5 = arith.constant 0 : index
      %12 = vector.load %arg5[%c0_4, %c0_5] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>
      %c0_6 = arith.constant 0 : index
      %c0_7 = arith.constant 0 : index
      %13 = vector.load %arg6[%c0_6, %c0_7] : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>
      %cst = arith.constant dense<0.000000e+00> : vector<16x128xf32>
      %14 = tpu.matmul %12, %13, %cst {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs_hint = false} : vector<16x128xf32>, vector<128x128xf32>, vector<16x128xf32> -> vector<16x128xf32>
      %15 = arith.addf %11, %14 : vector<16x128xf32>
      %c0_8 = arith.constant 0 : index
      %c0_9 = arith.constant 0 : index
      %16 = vector.load %arg8[%c0_8, %c0_9] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>
      %17 = vector.shape_cast %16 : vector<16x128xf32> to vector<16x128xf32>
      %18 = vector.shape_cast %15 : vector<16x128xf32> to vector<16x128xf32>
      tpu.vector_store %arg8[%c0_8, %c0_9], %18 {strides = array<i32>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>, 
    } else {
    }
    %c2_i32 = arith.constant 2 : i32
    %8 = arith.cmpi eq, %arg2, %c2_i32 : i32
    %9 = arith.extui %8 : i1 to i32
    %c0_i32_2 = arith.constant 0 : i32
    %10 = arith.cmpi ne, %9, %c0_i32_2 : i32
    scf.if %10 {
      %c0 = arith.constant 0 : index
      %c0_3 = arith.constant 0 : index
      %11 = vector.load %arg8[%c0, %c0_3] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>
      %c0_4 = arith.constant 0 : index
      %c0_5 = arith.constant 0 : index
      %12 = vector.load %arg7[%c0_4, %c0_5] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>
      tpu.vector_store %arg7[%c0_4, %c0_5], %11 {strides = array<i32>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>, 
    } else {
    }
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: memref<4x3xi32, #tpu.memory_space<smem>>, %arg4: memref<4xi32, #tpu.memory_space<smem>>) -> (i32, i32) {
    %0 = arith.index_cast %arg0 : i32 to index
    %1 = arith.index_cast %arg2 : i32 to index
    %2 = memref.load %arg3[%0, %1] : memref<4x3xi32, #tpu.memory_space<smem>>
    %c0_i32 = arith.constant 0 : i32
    return %arg0, %2 : i32, i32
  }
  func.func @transform_1(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: memref<4x3xi32, #tpu.memory_space<smem>>, %arg4: memref<4xi32, #tpu.memory_space<smem>>) -> (i32, i32) {
    %0 = arith.index_cast %arg0 : i32 to index
    %1 = arith.index_cast %arg2 : i32 to index
    %2 = memref.load %arg3[%0, %1] : memref<4x3xi32, #tpu.memory_space<smem>>
    %c0_i32 = arith.constant 0 : i32
    return %2, %arg1 : i32, i32
  }
  func.func @transform_2(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: memref<4x3xi32, #tpu.memory_space<smem>>, %arg4: memref<4xi32, #tpu.memory_space<smem>>) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg0, %arg1 : i32, i32
  }
}
