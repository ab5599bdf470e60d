"builtin.module"() ({
  "func.func"() <{function_type = (memref<128x128xf32, #tpu.memory_space<any>>, memref<128x128xf32, #tpu.memory_space<any>>, memref<2x32x128xf32, #tpu.memory_space<vmem>>, memref<2x32x128xf32, #tpu.memory_space<vmem>>, memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> (), sym_name = "kern"}> ({
  ^bb0(%arg0: memref<128x128xf32, #tpu.memory_space<any>>, %arg1: memref<128x128xf32, #tpu.memory_space<any>>, %arg2: memref<2x32x128xf32, #tpu.memory_space<vmem>>, %arg3: memref<2x32x128xf32, #tpu.memory_space<vmem>>, %arg4: memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, %arg5: memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>):
    %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %2 = "tpu.memref_slice"(%arg4, %1) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
    %3 = "tpu.memref_squeeze"(%2) : (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
    %4 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %5 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %6 = "tpu.memref_slice"(%arg2, %0, %4, %5) <{operandSegmentSizes = array<i32: 1, 3, 0>}> : (memref<2x32x128xf32, #tpu.memory_space<vmem>>, i32, i32, i32) -> memref<1x32x128xf32, #tpu.memory_space<vmem>>
    %7 = "tpu.memref_squeeze"(%6) : (memref<1x32x128xf32, #tpu.memory_space<vmem>>) -> memref<32x128xf32, #tpu.memory_space<vmem>>
    %8 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %9 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %10 = "tpu.memref_slice"(%arg0, %8, %9) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<128x128xf32, #tpu.memory_space<any>>, i32, i32) -> memref<32x128xf32, #tpu.memory_space<any>>
    "tpu.enqueue_dma"(%10, %7, %3) <{operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32, strict_ordering = false}> : (memref<32x128xf32, #tpu.memory_space<any>>, memref<32x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    %11 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %12 = "arith.constant"() <{value = 4 : i32}> : () -> i32
    %13 = "arith.addi"(%11, %12) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %14 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    "scf.for"(%11, %13, %14) ({
    ^bb0(%arg6: i32):
      %16 = "arith.constant"() <{value = 2 : i32}> : () -> i32
      %17 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %18 = "arith.cmpi"(%16, %17) <{predicate = 0 : i64}> : (i32, i32) -> i1
      %19 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %20 = "arith.select"(%18, %19, %16) : (i1, i32, i32) -> i32
      %21 = "arith.remsi"(%arg6, %20) : (i32, i32) -> i32
      %22 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %23 = "arith.cmpi"(%21, %22) <{predicate = 1 : i64}> : (i32, i32) -> i1
      %24 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %25 = "arith.cmpi"(%21, %24) <{predicate = 2 : i64}> : (i32, i32) -> i1
      %26 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %27 = "arith.cmpi"(%20, %26) <{predicate = 2 : i64}> : (i32, i32) -> i1
      %28 = "arith.xori"(%25, %27) : (i1, i1) -> i1
      %29 = "arith.andi"(%28, %23) : (i1, i1) -> i1
      %30 = "arith.addi"(%21, %20) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %31 = "arith.select"(%29, %30, %21) : (i1, i32, i32) -> i32
      %32 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %33 = "arith.addi"(%arg6, %32) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %34 = "arith.constant"() <{value = 4 : i32}> : () -> i32
      %35 = "arith.cmpi"(%33, %34) <{predicate = 2 : i64}> : (i32, i32) -> i1
      %36 = "arith.extui"(%35) : (i1) -> i32
      %37 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %38 = "arith.cmpi"(%36, %37) <{predicate = 1 : i64}> : (i32, i32) -> i1
      "scf.if"(%38) ({
        %84 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %85 = "arith.addi"(%arg6, %84) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %86 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %87 = "arith.subi"(%86, %31) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %88 = "arith.constant"() <{value = 32 : i32}> : () -> i32
        %89 = "arith.muli"(%85, %88) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %90 = "tpu.memref_slice"(%arg4, %87) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
        %91 = "tpu.memref_squeeze"(%90) : (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
        %92 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %93 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %94 = "tpu.memref_slice"(%arg2, %87, %92, %93) <{operandSegmentSizes = array<i32: 1, 3, 0>}> : (memref<2x32x128xf32, #tpu.memory_space<vmem>>, i32, i32, i32) -> memref<1x32x128xf32, #tpu.memory_space<vmem>>
        %95 = "tpu.memref_squeeze"(%94) : (memref<1x32x128xf32, #tpu.memory_space<vmem>>) -> memref<32x128xf32, #tpu.memory_space<vmem>>
        %96 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %97 = "tpu.memref_slice"(%arg0, %89, %96) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<128x128xf32, #tpu.memory_space<any>>, i32, i32) -> memref<32x128xf32, #tpu.memory_space<any>>
        "tpu.enqueue_dma"(%97, %95, %91) <{operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32, strict_ordering = false}> : (memref<32x128xf32, #tpu.memory_space<any>>, memref<32x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
        "scf.yield"() : () -> ()
      }, {
        "scf.yield"() : () -> ()
      }) : (i1) -> ()
      %39 = "arith.constant"() <{value = 32 : i32}> : () -> i32
      %40 = "arith.muli"(%arg6, %39) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %41 = "tpu.memref_slice"(%arg4, %31) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %42 = "tpu.memref_squeeze"(%41) : (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %43 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %44 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %45 = "tpu.memref_slice"(%arg2, %31, %43, %44) <{operandSegmentSizes = array<i32: 1, 3, 0>}> : (memref<2x32x128xf32, #tpu.memory_space<vmem>>, i32, i32, i32) -> memref<1x32x128xf32, #tpu.memory_space<vmem>>
      %46 = "tpu.memref_squeeze"(%45) : (memref<1x32x128xf32, #tpu.memory_space<vmem>>) -> memref<32x128xf32, #tpu.memory_space<vmem>>
      %47 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %48 = "tpu.memref_slice"(%arg0, %40, %47) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<128x128xf32, #tpu.memory_space<any>>, i32, i32) -> memref<32x128xf32, #tpu.memory_space<any>>
      "tpu.wait_dma2"(%42, %48, %46) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, strict_ordering = false}> : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<32x128xf32, #tpu.memory_space<any>>, memref<32x128xf32, #tpu.memory_space<vmem>>) -> ()
      %49 = "arith.index_cast"(%31) : (i32) -> index
      %50 = "arith.constant"() <{value = 0 : index}> : () -> index
      %51 = "arith.constant"() <{value = 0 : index}> : () -> index
      %52 = "vector.load"(%arg2, %49, %50, %51) : (memref<2x32x128xf32, #tpu.memory_space<vmem>>, index, index, index) -> vector<1x32x128xf32>
      %53 = "vector.shape_cast"(%52) : (vector<1x32x128xf32>) -> vector<32x128xf32>
      %54 = "arith.constant"() <{value = 2.000000e+00 : f32}> : () -> f32
      %55 = "vector.broadcast"(%54) : (f32) -> vector<32x128xf32>
      %56 = "arith.mulf"(%53, %55) <{fastmath = #arith.fastmath<none>}> : (vector<32x128xf32>, vector<32x128xf32>) -> vector<32x128xf32>
      %57 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
      %58 = "vector.broadcast"(%57) : (f32) -> vector<32x128xf32>
      %59 = "arith.addf"(%56, %58) <{fastmath = #arith.fastmath<none>}> : (vector<32x128xf32>, vector<32x128xf32>) -> vector<32x128xf32>
      %60 = "arith.index_cast"(%31) : (i32) -> index
      %61 = "arith.constant"() <{value = 0 : index}> : () -> index
      %62 = "arith.constant"() <{value = 0 : index}> : () -> index
      %63 = "vector.load"(%arg3, %60, %61, %62) : (memref<2x32x128xf32, #tpu.memory_space<vmem>>, index, index, index) -> vector<1x32x128xf32>
      %64 = "vector.shape_cast"(%63) : (vector<1x32x128xf32>) -> vector<32x128xf32>
      %65 = "vector.shape_cast"(%59) : (vector<32x128xf32>) -> vector<1x32x128xf32>
      "tpu.vector_store"(%65, %arg3, %60, %61, %62) <{add = false, operandSegmentSizes = array<i32: 1, 1, 3, 0>, strides = array<i32>}> : (vector<1x32x128xf32>, memref<2x32x128xf32, #tpu.memory_space<vmem>>, index, index, index) -> ()
      %66 = "arith.constant"() <{value = 32 : i32}> : () -> i32
      %67 = "arith.muli"(%arg6, %66) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %68 = "tpu.memref_slice"(%arg5, %31) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %69 = "tpu.memref_squeeze"(%68) : (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %70 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %71 = "tpu.memref_slice"(%arg1, %67, %70) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<128x128xf32, #tpu.memory_space<any>>, i32, i32) -> memref<32x128xf32, #tpu.memory_space<any>>
      %72 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %73 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %74 = "tpu.memref_slice"(%arg3, %31, %72, %73) <{operandSegmentSizes = array<i32: 1, 3, 0>}> : (memref<2x32x128xf32, #tpu.memory_space<vmem>>, i32, i32, i32) -> memref<1x32x128xf32, #tpu.memory_space<vmem>>
      %75 = "tpu.memref_squeeze"(%74) : (memref<1x32x128xf32, #tpu.memory_space<vmem>>) -> memref<32x128xf32, #tpu.memory_space<vmem>>
      "tpu.enqueue_dma"(%75, %71, %69) <{operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32, strict_ordering = false}> : (memref<32x128xf32, #tpu.memory_space<vmem>>, memref<32x128xf32, #tpu.memory_space<any>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
      %76 = "tpu.memref_slice"(%arg5, %31) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %77 = "tpu.memref_squeeze"(%76) : (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %78 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %79 = "tpu.memref_slice"(%arg1, %67, %78) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<128x128xf32, #tpu.memory_space<any>>, i32, i32) -> memref<32x128xf32, #tpu.memory_space<any>>
      %80 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %81 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %82 = "tpu.memref_slice"(%arg3, %31, %80, %81) <{operandSegmentSizes = array<i32: 1, 3, 0>}> : (memref<2x32x128xf32, #tpu.memory_space<vmem>>, i32, i32, i32) -> memref<1x32x128xf32, #tpu.memory_space<vmem>>
      %83 = "tpu.memref_squeeze"(%82) : (memref<1x32x128xf32, #tpu.memory_space<vmem>>) -> memref<32x128xf32, #tpu.memory_space<vmem>>
      "tpu.wait_dma2"(%77, %83, %79) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, strict_ordering = false}> : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<32x128xf32, #tpu.memory_space<vmem>>, memref<32x128xf32, #tpu.memory_space<any>>) -> ()
      "scf.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    %15 = "arith.constant"() <{value = 4 : i32}> : () -> i32
    "func.return"() : () -> ()
  }) {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 4 : i64, tpu.core_type = #tpu.core_type<tc>} : () -> ()
}) {stable_mosaic.version = 11 : i64} : () -> ()
