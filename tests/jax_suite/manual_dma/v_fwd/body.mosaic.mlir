module attributes {stable_mosaic.version = 11 : i64} {
  func.func @kern(%arg0: memref<128x128xf32, #tpu.memory_space<any>>, %arg1: memref<128x128xf32, #tpu.memory_space<any>>, %arg2: memref<2x32x128xf32, #tpu.memory_space<vmem>>, %arg3: memref<2x32x128xf32, #tpu.memory_space<vmem>>, %arg4: memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, %arg5: memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 4 : i64, tpu.core_type = #tpu.core_type<tc>} {
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %0 = tpu.memref_slice %arg4[%c0_i32_0] : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
    %1 = tpu.memref_squeeze %0 : memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
    %c0_i32_1 = arith.constant 0 : i32
    %c0_i32_2 = arith.constant 0 : i32
    %2 = tpu.memref_slice %arg2[%c0_i32, %c0_i32_1, %c0_i32_2] : memref<2x32x128xf32, #tpu.memory_space<vmem>> -> memref<1x32x128xf32, #tpu.memory_space<vmem>>
    %3 = tpu.memref_squeeze %2 : memref<1x32x128xf32, #tpu.memory_space<vmem>> -> memref<32x128xf32, #tpu.memory_space<vmem>>
    %c0_i32_3 = arith.constant 0 : i32
    %c0_i32_4 = arith.constant 0 : i32
    %4 = tpu.memref_slice %arg0[%c0_i32_3, %c0_i32_4] : memref<128x128xf32, #tpu.memory_space<any>> -> memref<32x128xf32, #tpu.memory_space<any>>
    tpu.enqueue_dma source(%4 : memref<32x128xf32, #tpu.memory_space<any>>) target(%3 : memref<32x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%1 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
    %c0_i32_5 = arith.constant 0 : i32
    %c4_i32 = arith.constant 4 : i32
    %5 = arith.addi %c0_i32_5, %c4_i32 : i32
    %c1_i32 = arith.constant 1 : i32
    scf.for %arg6 = %c0_i32_5 to %5 step %c1_i32  : i32 {
      %c2_i32 = arith.constant 2 : i32
      %c0_i32_7 = arith.constant 0 : i32
      %6 = arith.cmpi eq, %c2_i32, %c0_i32_7 : i32
      %c1_i32_8 = arith.constant 1 : i32
      %7 = arith.select %6, %c1_i32_8, %c2_i32 : i32
      %8 = arith.remsi %arg6, %7 : i32
      %c0_i32_9 = arith.constant 0 : i32
      %9 = arith.cmpi ne, %8, %c0_i32_9 : i32
      %c0_i32_10 = arith.constant 0 : i32
      %10 = arith.cmpi slt, %8, %c0_i32_10 : i32
      %c0_i32_11 = arith.constant 0 : i32
      %11 = arith.cmpi slt, %7, %c0_i32_11 : i32
      %12 = arith.xori %10, %11 : i1
      %13 = arith.andi %12, %9 : i1
      %14 = arith.addi %8, %7 : i32
      %15 = arith.select %13, %14, %8 : i32
      %c1_i32_12 = arith.constant 1 : i32
      %16 = arith.addi %arg6, %c1_i32_12 : i32
      %c4_i32_13 = arith.constant 4 : i32
      %17 = arith.cmpi slt, %16, %c4_i32_13 : i32
      %18 = arith.extui %17 : i1 to i32
      %c0_i32_14 = arith.constant 0 : i32
      %19 = arith.cmpi ne, %18, %c0_i32_14 : i32
      scf.if %19 {
        %c1_i32_29 = arith.constant 1 : i32
        %48 = arith.addi %arg6, %c1_i32_29 : i32
        %c1_i32_30 = arith.constant 1 : i32
        %49 = arith.subi %c1_i32_30, %15 : i32
        %c32_i32_31 = arith.constant 32 : i32
        %50 = arith.muli %48, %c32_i32_31 : i32
        %51 = tpu.memref_slice %arg4[%49] : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
        %52 = tpu.memref_squeeze %51 : memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
        %c0_i32_32 = arith.constant 0 : i32
        %c0_i32_33 = arith.constant 0 : i32
        %53 = tpu.memref_slice %arg2[%49, %c0_i32_32, %c0_i32_33] : memref<2x32x128xf32, #tpu.memory_space<vmem>> -> memref<1x32x128xf32, #tpu.memory_space<vmem>>
        %54 = tpu.memref_squeeze %53 : memref<1x32x128xf32, #tpu.memory_space<vmem>> -> memref<32x128xf32, #tpu.memory_space<vmem>>
        %c0_i32_34 = arith.constant 0 : i32
        %55 = tpu.memref_slice %arg0[%50, %c0_i32_34] : memref<128x128xf32, #tpu.memory_space<any>> -> memref<32x128xf32, #tpu.memory_space<any>>
        tpu.enqueue_dma source(%55 : memref<32x128xf32, #tpu.memory_space<any>>) target(%54 : memref<32x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%52 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
      } else {
      }
      %c32_i32 = arith.constant 32 : i32
      %20 = arith.muli %arg6, %c32_i32 : i32
      %21 = tpu.memref_slice %arg4[%15] : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %22 = tpu.memref_squeeze %21 : memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %c0_i32_15 = arith.constant 0 : i32
      %c0_i32_16 = arith.constant 0 : i32
      %23 = tpu.memref_slice %arg2[%15, %c0_i32_15, %c0_i32_16] : memref<2x32x128xf32, #tpu.memory_space<vmem>> -> memref<1x32x128xf32, #tpu.memory_space<vmem>>
      %24 = tpu.memref_squeeze %23 : memref<1x32x128xf32, #tpu.memory_space<vmem>> -> memref<32x128xf32, #tpu.memory_space<vmem>>
      %c0_i32_17 = arith.constant 0 : i32
      %25 = tpu.memref_slice %arg0[%20, %c0_i32_17] : memref<128x128xf32, #tpu.memory_space<any>> -> memref<32x128xf32, #tpu.memory_space<any>>
      tpu.wait_dma2 semaphore(%22 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%25 : memref<32x128xf32, #tpu.memory_space<any>>) dst(%24 : memref<32x128xf32, #tpu.memory_space<vmem>>)
      %26 = arith.index_cast %15 : i32 to index
      %c0 = arith.constant 0 : index
      %c0_18 = arith.constant 0 : index
      %27 = vector.load %arg2[%26, %c0, %c0_18] : memref<2x32x128xf32, #tpu.memory_space<vmem>>, vector<1x32x128xf32>
      %28 = vector.shape_cast %27 : vector<1x32x128xf32> to vector<32x128xf32>
      %cst = arith.constant 2.000000e+00 : f32
      %29 = vector.broadcast %cst : f32 to vector<32x128xf32>
      %30 = arith.mulf %28, %29 : vector<32x128xf32>
      %cst_19 = arith.constant 1.000000e+00 : f32
      %31 = vector.broadcast %cst_19 : f32 to vector<32x128xf32>
      %32 = arith.addf %30, %31 : vector<32x128xf32>
      %33 = arith.index_cast %15 : i32 to index
      %c0_20 = arith.constant 0 : index
      %c0_21 = arith.constant 0 : index
      %34 = vector.load %arg3[%33, %c0_20, %c0_21] : memref<2x32x128xf32, #tpu.memory_space<vmem>>, vector<1x32x128xf32>
      %35 = vector.shape_cast %34 : vector<1x32x128xf32> to vector<32x128xf32>
      %36 = vector.shape_cast %32 : vector<32x128xf32> to vector<1x32x128xf32>
      tpu.vector_store %arg3[%33, %c0_20, %c0_21], %36 {strides = array<i32>} : memref<2x32x128xf32, #tpu.memory_space<vmem>>, vector<1x32x128xf32>, 
      %c32_i32_22 = arith.constant 32 : i32
      %37 = arith.muli %arg6, %c32_i32_22 : i32
      %38 = tpu.memref_slice %arg5[%15] : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %39 = tpu.memref_squeeze %38 : memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %c0_i32_23 = arith.constant 0 : i32
      %40 = tpu.memref_slice %arg1[%37, %c0_i32_23] : memref<128x128xf32, #tpu.memory_space<any>> -> memref<32x128xf32, #tpu.memory_space<any>>
      %c0_i32_24 = arith.constant 0 : i32
      %c0_i32_25 = arith.constant 0 : i32
      %41 = tpu.memref_slice %arg3[%15, %c0_i32_24, %c0_i32_25] : memref<2x32x128xf32, #tpu.memory_space<vmem>> -> memref<1x32x128xf32, #tpu.memory_space<vmem>>
      %42 = tpu.memref_squeeze %41 : memref<1x32x128xf32, #tpu.memory_space<vmem>> -> memref<32x128xf32, #tpu.memory_space<vmem>>
      tpu.enqueue_dma source(%42 : memref<32x128xf32, #tpu.memory_space<vmem>>) target(%40 : memref<32x128xf32, #tpu.memory_space<any>>) target_semaphore(%39 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
      %43 = tpu.memref_slice %arg5[%15] : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %44 = tpu.memref_squeeze %43 : memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %c0_i32_26 = arith.constant 0 : i32
      %45 = tpu.memref_slice %arg1[%37, %c0_i32_26] : memref<128x128xf32, #tpu.memory_space<any>> -> memref<32x128xf32, #tpu.memory_space<any>>
      %c0_i32_27 = arith.constant 0 : i32
      %c0_i32_28 = arith.constant 0 : i32
      %46 = tpu.memref_slice %arg3[%15, %c0_i32_27, %c0_i32_28] : memref<2x32x128xf32, #tpu.memory_space<vmem>> -> memref<1x32x128xf32, #tpu.memory_space<vmem>>
      %47 = tpu.memref_squeeze %46 : memref<1x32x128xf32, #tpu.memory_space<vmem>> -> memref<32x128xf32, #tpu.memory_space<vmem>>
      tpu.wait_dma2 semaphore(%44 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%47 : memref<32x128xf32, #tpu.memory_space<vmem>>) dst(%45 : memref<32x128xf32, #tpu.memory_space<any>>)
    }
    %c4_i32_6 = arith.constant 4 : i32
    return
  }
}
