module attributes {stable_mosaic.version = 15 : i64} {
  func.func @kern(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: memref<1x64x64xf32, #tpu.memory_space<vmem>>, %arg4: memref<1x128x64xf32, #tpu.memory_space<vmem>>, %arg5: memref<1x128x64xf32, #tpu.memory_space<vmem>>, %arg6: memref<1x64x64xf32, #tpu.memory_space<vmem>>, %arg7: memref<64x1xf32, #tpu.memory_space<vmem>>, %arg8: memref<64x1xf32, #tpu.memory_space<vmem>>, %arg9: memref<64x64xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 1, 4, 2>, scalar_prefetch = 0 : i64, scratch_operands = 3 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 1, 64, 64>}, {transform_indices = @transform_1, window_bounds = array<i64: 1, 128, 64>}, {transform_indices = @transform_2, window_bounds = array<i64: 1, 128, 64>}, {transform_indices = @transform_3, window_bounds = array<i64: 1, 64, 64>}]} {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.cmpi eq, %arg2, %c0_i32 : i32
    %1 = arith.extui %0 : i1 to i32
    %c0_i32_0 = arith.constant 0 : i32
    %2 = arith.cmpi ne, %1, %c0_i32_0 : i32
    scf.if %2 {
      %cst = arith.constant 0xFF800000 : f32
      %12 = vector.broadcast %cst : f32 to vector<64x1xf32>
      %c0 = arith.constant 0 : index
      %c0_4 = arith.constant 0 : index
      %13 = vector.load %arg7[%c0, %c0_4] : memref<64x1xf32, #tpu.memory_space<vmem>>, vector<64x1xf32>
      %14 = vector.shape_cast %13 : vector<64x1xf32> to vector<64x1xf32>
      %15 = vector.shape_cast %12 : vector<64x1xf32> to vector<64x1xf32>
      tpu.vector_store %arg7[%c0, %c0_4], %15 {strides = array<i32>} : memref<64x1xf32, #tpu.memory_space<vmem>>, vector<64x1xf32>, 
      %cst_5 = arith.constant 0.000000e+00 : f32
      %16 = vector.broadcast %cst_5 : f32 to vector<64x1xf32>
      %c0_6 = arith.constant 0 : index
      %c0_7 = arith.constant 0 : index
      %17 = vector.load %arg8[%c0_6, %c0_7] : memref<64x1xf32, #tpu.memory_space<vmem>>, vector<64x1xf32>
      %18 = vector.shape_cast %17 : vector<64x1xf32> to vector<64x1xf32>
      %19 = vector.shape_cast %16 : vector<64x1xf32> to vector<64x1xf32>
      tpu.vector_store %arg8[%c0_6, %c0_7], %19 {strides = array<i32>} : memref<64x1xf32, #tpu.memory_space<vmem>>, vector<64x1xf32>, 
      %cst_8 = arith.constant 0.000000e+00 : f32
      %20 = vector.broadcast %cst_8 : f32 to vector<64x64xf32>
      %c0_9 = arith.constant 0 : index
      %c0_10 = arith.constant 0 : index
      %21 = vector.load %arg9[%c0_9, %c0_10] : memref<64x64xf32, #tpu.memory_space<vmem>>, vector<64x64xf32>
      %22 = vector.shape_cast %21 : vector<64x64xf32> to vector<64x64xf32>
      %23 = vector.shape_cast %20 : vector<64x64xf32> to vector<64x64xf32>
      tpu.vector_store %arg9[%c0_9, %c0_10], %23 {strides = array<i32>} : memref<64x64xf32, #tpu.memory_space<vmem>>, vector<64x64xf32>, 
    } else {
    }
    %c128_i32 = arith.constant 128 : i32
    %3 = arith.muli %arg2, %c128_i32 : i32
    %c1_i32 = arith.constant 1 : i32
    %4 = arith.addi %arg1, %c1_i32 : i32
    %c64_i32 = arith.constant 64 : i32
    %5 = arith.muli %4, %c64_i32 : i32
    %6 = arith.cmpi slt, %3, %5 : i32
    %7 = arith.extui %6 : i1 to i32
    %c0_i32_1 = arith.constant 0 : i32
    %8 = arith.cmpi ne, %7, %c0_i32_1 : i32
    scf.if %8 {
      %c0 = arith.constant 0 : index
      %c0_4 = arith.constant 0 : index
      %c0_5 = arith.constant 0 : index
      %12 = vector.load %arg3[%c0, %c0_4, %c0_5] : memref<1x64x64xf32, #tpu.memory_space<vmem>>, vector<1x64x64xf32>
      %13 = vector.shape_cast %12 : vector<1x64x64xf32> to vector<64x64xf32>
      %c0_6 = arith.constant 0 : index
      %c0_7 = arith.constant 0 : index
      %c0_8 = arith.constant 0 : index
      %14 = vector.load %arg4[%c0_6, %c0_7, %c0_8] : memref<1x128x64xf32, #tpu.memory_space<vmem>>, vector<1x128x64xf32>
      %15 = vector.shape_cast %14 : vector<1x128x64xf32> to vector<128x64xf32>
      %cst = arith.constant dense<0.000000e+00> : vector<64x128xf32>
      %16 = tpu.matmul %13, %15, %cst {dimension_numbers = #tpu.dot_dimension_numbers<[1], [1], [0], [0], [0, 0, 1, 0], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs_hint = false} : vector<64x64xf32>, vector<128x64xf32>, vector<64x128xf32> -> vector<64x128xf32>
      %c64_i32_9 = arith.constant 64 : i32
      %17 = arith.muli %arg1, %c64_i32_9 : i32
      %18 = tpu.iota {dimensions = array<i32: 0>} : vector<64x128xi32>
      %19 = vector.broadcast %17 : i32 to vector<64x128xi32>
      %20 = arith.addi %19, %18 : vector<64x128xi32>
      %c128_i32_10 = arith.constant 128 : i32
      %21 = arith.muli %arg2, %c128_i32_10 : i32
      %22 = tpu.iota {dimensions = array<i32: 1>} : vector<64x128xi32>
      %23 = vector.broadcast %21 : i32 to vector<64x128xi32>
      %24 = arith.addi %23, %22 : vector<64x128xi32>
      %25 = arith.cmpi sle, %24, %20 : vector<64x128xi32>
      %cst_11 = arith.constant -1.000000e+30 : f32
      %26 = vector.broadcast %cst_11 : f32 to vector<64x128xf32>
      %27 = arith.select %25, %16, %26 : vector<64x128xi1>, vector<64x128xf32>
      %c0_12 = arith.constant 0 : index
      %c0_13 = arith.constant 0 : index
      %28 = vector.load %arg7[%c0_12, %c0_13] : memref<64x1xf32, #tpu.memory_space<vmem>>, vector<64x1xf32>
      %cst_14 = arith.constant dense<0xFF800000> : vector<64xf32>
      %29 = vector.multi_reduction <maximumf>, %27, %cst_14 [1] : vector<64x128xf32> to vector<64xf32>
      %30 = vector.shape_cast %29 : vector<64xf32> to vector<64x1xf32>
      %31 = arith.maximumf %28, %30 : vector<64x1xf32>
      %32 = vector.broadcast %31 : vector<64x1xf32> to vector<64x128xf32>
      %33 = arith.subf %27, %32 : vector<64x128xf32>
      %34 = math.exp %33 : vector<64x128xf32>
      %35 = arith.subf %28, %31 : vector<64x1xf32>
      %36 = math.exp %35 : vector<64x1xf32>
      %c0_15 = arith.constant 0 : index
      %c0_16 = arith.constant 0 : index
      %37 = vector.load %arg8[%c0_15, %c0_16] : memref<64x1xf32, #tpu.memory_space<vmem>>, vector<64x1xf32>
      %38 = arith.mulf %36, %37 : vector<64x1xf32>
      %cst_17 = arith.constant dense<0.000000e+00> : vector<64xf32>
      %39 = vector.multi_reduction <add>, %34, %cst_17 [1] : vector<64x128xf32> to vector<64xf32>
      %40 = vector.shape_cast %39 : vector<64xf32> to vector<64x1xf32>
      %41 = arith.addf %38, %40 : vector<64x1xf32>
      %c0_18 = arith.constant 0 : index
      %c0_19 = arith.constant 0 : index
      %42 = vector.load %arg8[%c0_18, %c0_19] : memref<64x1xf32, #tpu.memory_space<vmem>>, vector<64x1xf32>
      %43 = vector.shape_cast %42 : vector<64x1xf32> to vector<64x1xf32>
      %44 = vector.shape_cast %41 : vector<64x1xf32> to vector<64x1xf32>
      tpu.vector_store %arg8[%c0_18, %c0_19], %44 {strides = array<i32>} : memref<64x1xf32, #tpu.memory_space<vmem>>, vector<64x1xf32>, 
      %c0_20 = arith.constant 0 : index
      %c0_21 = arith.constant 0 : index
      %45 = vector.load %arg9[%c0_20, %c0_21] : memref<64x64xf32, #tpu.memory_space<vmem>>, vector<64x64xf32>
      %46 = vector.broadcast %36 : vector<64x1xf32> to vector<64x64xf32>
      %47 = arith.mulf %46, %45 : vector<64x64xf32>
      %c0_22 = arith.constant 0 : index
      %c0_23 = arith.constant 0 : index
      %c0_24 = arith.constant 0 : index
      %48 = vector.load %arg5[%c0_22, %c0_23, %c0_24] : memref<1x128x64xf32, #tpu.memory_space<vmem>>, vector<1x128x64xf32>
      %49 = vector.shape_cast %48 : vector<1x128x64xf32> to vector<128x64xf32>
      %cst_25 = arith.constant dense<0.000000e+00> : vector<64x64xf32>
      %50 = tpu.matmul %34, %49, %cst_25 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs_hint = false} : vector<64x128xf32>, vector<128x64xf32>, vector<64x64xf32> -> vector<64x64xf32>
      %51 = arith.addf %47, %50 : vector<64x64xf32>
      %c0_26 = arith.constant 0 : index
      %c0_27 = arith.constant 0 : index
      %52 = vector.load %arg9[%c0_26, %c0_27] : memref<64x64xf32, #tpu.memory_space<vmem>>, vector<64x64xf32>
      %53 = vector.shape_cast %52 : vector<64x64xf32> to vector<64x64xf32>
      %54 = vector.shape_cast %51 : vector<64x64xf32> to vector<64x64xf32>
      tpu.vector_store %arg9[%c0_26, %c0_27], %54 {strides = array<i32>} : memref<64x64xf32, #tpu.memory_space<vmem>>, vector<64x64xf32>, 
      %c0_28 = arith.constant 0 : index
      %c0_29 = arith.constant 0 : index
      %55 = vector.load %arg7[%c0_28, %c0_29] : memref<64x1xf32, #tpu.memory_space<vmem>>, vector<64x1xf32>
      %56 = vector.shape_cast %55 : vector<64x1xf32> to vector<64x1xf32>
      %57 = vector.shape_cast %31 : vector<64x1xf32> to vector<64x1xf32>
      tpu.vector_store %arg7[%c0_28, %c0_29], %57 {strides = array<i32>} : memref<64x1xf32, #tpu.memory_space<vmem>>, vector<64x1xf32>, 
    } else {
    }
    %c1_i32_2 = arith.constant 1 : i32
    %9 = arith.cmpi eq, %arg2, %c1_i32_2 : i32
    %10 = arith.extui %9 : i1 to i32
    %c0_i32_3 = arith.constant 0 : i32
    %11 = arith.cmpi ne, %10, %c0_i32_3 : i32
    scf.if %11 {
      %c0 = arith.constant 0 : index
      %c0_4 = arith.constant 0 : index
      %12 = vector.load %arg9[%c0, %c0_4] : memref<64x64xf32, #tpu.memory_space<vmem>>, vector<64x64xf32>
      %c0_5 = arith.constant 0 : index
      %c0_6 = arith.constant 0 : index
      %13 = vector.load %arg8[%c0_5, %c0_6] : memref<64x1xf32, #tpu.memory_space<vmem>>, vector<64x1xf32>
      %14 = vector.broadcast %13 : vector<64x1xf32> to vector<64x64xf32>
      %15 = arith.divf %12, %14 : vector<64x64xf32>
      %c0_7 = arith.constant 0 : index
      %c0_8 = arith.constant 0 : index
      %c0_9 = arith.constant 0 : index
      %16 = vector.load %arg6[%c0_7, %c0_8, %c0_9] : memref<1x64x64xf32, #tpu.memory_space<vmem>>, vector<1x64x64xf32>
      %17 = vector.shape_cast %16 : vector<1x64x64xf32> to vector<64x64xf32>
      %18 = vector.shape_cast %15 : vector<64x64xf32> to vector<1x64x64xf32>
      tpu.vector_store %arg6[%c0_7, %c0_8, %c0_9], %18 {strides = array<i32>} : memref<1x64x64xf32, #tpu.memory_space<vmem>>, vector<1x64x64xf32>, 
    } else {
    }
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    return %arg0, %arg1, %c0_i32 : i32, i32, i32
  }
  func.func @transform_1(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    return %arg0, %arg2, %c0_i32 : i32, i32, i32
  }
  func.func @transform_2(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    return %arg0, %arg2, %c0_i32 : i32, i32, i32
  }
  func.func @transform_3(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    return %arg0, %arg1, %c0_i32 : i32, i32, i32
  }
}
