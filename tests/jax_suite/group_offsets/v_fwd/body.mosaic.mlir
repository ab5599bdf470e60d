module attributes {stable_mosaic.version = 11 : i64} {
  func.func @kern(%arg0: i32, %arg1: memref<4xi32, #tpu.memory_space<smem>>, %arg2: memref<16x128xf32, #tpu.memory_space<vmem>>, %arg3: memref<16x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 4>, scalar_prefetch = 1 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 16, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 16, 128>}]} {
    %c16_i32 = arith.constant 16 : i32
    %0 = arith.muli %arg0, %c16_i32 : i32
    %1 = tpu.iota {dimensions = array<i32: 0>} : vector<16x1xi32>
    %2 = vector.broadcast %0 : i32 to vector<16x1xi32>
    %3 = arith.addi %2, %1 : vector<16x1xi32>
    %c0_i32 = arith.constant 0 : i32
    %4 = vector.broadcast %c0_i32 : i32 to vector<16x1xi32>
    %c0 = arith.constant 0 : index
    %5 = memref.load %arg1[%c0] : memref<4xi32, #tpu.memory_space<smem>>
    %6 = vector.broadcast %5 : i32 to vector<16x1xi32>
    %7 = arith.cmpi sge, %3, %6 : vector<16x1xi32>
    %8 = arith.extui %7 : vector<16x1xi1> to vector<16x1xi32>
    %9 = arith.addi %4, %8 : vector<16x1xi32>
    %c1 = arith.constant 1 : index
    %10 = memref.load %arg1[%c1] : memref<4xi32, #tpu.memory_space<smem>>
    %11 = vector.broadcast %10 : i32 to vector<16x1xi32>
    %12 = arith.cmpi sge, %3, %11 : vector<16x1xi32>
    %13 = arith.extui %12 : vector<16x1xi1> to vector<16x1xi32>
    %14 = arith.addi %9, %13 : vector<16x1xi32>
    %c2 = arith.constant 2 : index
    %15 = memref.load %arg1[%c2] : memref<4xi32, #tpu.memory_space<smem>>
    %16 = vector.broadcast %15 : i32 to vector<16x1xi32>
    %17 = arith.cmpi sge, %3, %16 : vector<16x1xi32>
    %18 = arith.extui %17 : vector<16x1xi1> to vector<16x1xi32>
    %19 = arith.addi %14, %18 : vector<16x1xi32>
    %c3 = arith.constant 3 : index
    %20 = memref.load %arg1[%c3] : memref<4xi32, #tpu.memory_space<smem>>
    %21 = vector.broadcast %20 : i32 to vector<16x1xi32>
    %22 = arith.cmpi sge, %3, %21 : vector<16x1xi32>
    %23 = arith.extui %22 : vector<16x1xi1> to vector<16x1xi32>
    %24 = arith.addi %19, %23 : vector<16x1xi32>
    %c0_0 = arith.constant 0 : index
    %c0_1 = arith.constant 0 : index
    %25 = vector.load %arg2[%c0_0, %c0_1] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>
    %c1_i32 = arith.constant 1 : i32
    %26 = vector.broadcast %c1_i32 : i32 to vector<16x1xi32>
    %27 = arith.addi %24, %26 : vector<16x1xi32>
    %28 = arith.sitofp %27 : vector<16x1xi32> to vector<16x1xf32>
    %29 = vector.broadcast %28 : vector<16x1xf32> to vector<16x128xf32>
    %30 = arith.mulf %25, %29 : vector<16x128xf32>
    %c0_2 = arith.constant 0 : index
    %c0_3 = arith.constant 0 : index
    %31 = vector.load %arg3[%c0_2, %c0_3] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>
    tpu.vector_store %arg3[%c0_2, %c0_3], %30 {strides = array<i32>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>, 
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: memref<4xi32, #tpu.memory_space<smem>>) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
  func.func @transform_1(%arg0: i32, %arg1: memref<4xi32, #tpu.memory_space<smem>>) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
}
