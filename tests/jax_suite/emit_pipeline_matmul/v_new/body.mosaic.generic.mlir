"builtin.module"() ({
  "func.func"() <{function_type = (memref<64x256xf32, #tpu.memory_space<any>>, memref<256x128xf32, #tpu.memory_space<any>>, memref<64x128xf32, #tpu.memory_space<any>>) -> (), sym_name = "kern"}> ({
  ^bb0(%arg0: memref<64x256xf32, #tpu.memory_space<any>>, %arg1: memref<256x128xf32, #tpu.memory_space<any>>, %arg2: memref<64x128xf32, #tpu.memory_space<any>>):
    "tpu.region"() ({
      %0 = "memref.alloca"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<2x32x128xf32, #tpu.memory_space<vmem>>
      %1 = "tpu.sem_alloc"() : () -> memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %2 = "memref.alloca"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<2x128x128xf32, #tpu.memory_space<vmem>>
      %3 = "tpu.sem_alloc"() : () -> memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %4 = "memref.alloca"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<2x32x128xf32, #tpu.memory_space<vmem>>
      %5 = "tpu.sem_alloc"() : () -> memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %6 = "arith.constant"() <{value = true}> : () -> i1
      %7 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %8 = "arith.constant"() <{value = -1 : i32}> : () -> i32
      %9 = "arith.select"(%6, %8, %7) : (i1, i32, i32) -> i32
      %10 = "arith.constant"() <{value = -1 : i32}> : () -> i32
      %11 = "arith.cmpi"(%9, %10) <{predicate = 0 : i64}> : (i32, i32) -> i1
      %12 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %13 = "arith.select"(%11, %12, %9) : (i1, i32, i32) -> i32
      %14 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %15 = "arith.constant"() <{value = -1 : i32}> : () -> i32
      %16 = "arith.select"(%11, %15, %14) : (i1, i32, i32) -> i32
      %17 = "arith.constant"() <{value = -1 : i32}> : () -> i32
      %18 = "arith.cmpi"(%16, %17) <{predicate = 0 : i64}> : (i32, i32) -> i1
      %19 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %20 = "arith.select"(%18, %19, %16) : (i1, i32, i32) -> i32
      %21 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %22 = "arith.constant"() <{value = -1 : i32}> : () -> i32
      %23 = "arith.select"(%18, %22, %21) : (i1, i32, i32) -> i32
      %24 = "arith.constant"() <{value = -1 : i32}> : () -> i32
      %25 = "arith.cmpi"(%23, %24) <{predicate = 0 : i64}> : (i32, i32) -> i1
      %26 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %27 = "arith.select"(%25, %26, %23) : (i1, i32, i32) -> i32
      %28 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %29 = "arith.addi"(%27, %28) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %30 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %31 = "arith.addi"(%13, %30) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %32 = "arith.constant"() <{value = true}> : () -> i1
      %33 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %34 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %35 = "arith.select"(%32, %34, %33) : (i1, i32, i32) -> i32
      %36 = "arith.constant"() <{value = 2 : i32}> : () -> i32
      %37 = "arith.cmpi"(%35, %36) <{predicate = 0 : i64}> : (i32, i32) -> i1
      %38 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %39 = "arith.select"(%37, %38, %35) : (i1, i32, i32) -> i32
      %40 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %41 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %42 = "arith.select"(%37, %41, %40) : (i1, i32, i32) -> i32
      %43 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %44 = "arith.cmpi"(%42, %43) <{predicate = 0 : i64}> : (i32, i32) -> i1
      %45 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %46 = "arith.select"(%44, %45, %42) : (i1, i32, i32) -> i32
      %47 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %48 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %49 = "arith.select"(%44, %48, %47) : (i1, i32, i32) -> i32
      %50 = "arith.constant"() <{value = 2 : i32}> : () -> i32
      %51 = "arith.cmpi"(%49, %50) <{predicate = 0 : i64}> : (i32, i32) -> i1
      %52 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %53 = "arith.select"(%51, %52, %49) : (i1, i32, i32) -> i32
      %54 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %55 = "arith.addi"(%53, %54) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %56 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %57 = "arith.addi"(%39, %56) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %58 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %59 = "arith.addi"(%39, %58) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %60 = "arith.constant"() <{value = true}> : () -> i1
      %61 = "arith.select"(%60, %59, %39) : (i1, i32, i32) -> i32
      %62 = "arith.constant"() <{value = 2 : i32}> : () -> i32
      %63 = "arith.cmpi"(%61, %62) <{predicate = 0 : i64}> : (i32, i32) -> i1
      %64 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %65 = "arith.select"(%63, %64, %61) : (i1, i32, i32) -> i32
      %66 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %67 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %68 = "arith.select"(%63, %67, %66) : (i1, i32, i32) -> i32
      %69 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %70 = "arith.cmpi"(%68, %69) <{predicate = 0 : i64}> : (i32, i32) -> i1
      %71 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %72 = "arith.select"(%70, %71, %68) : (i1, i32, i32) -> i32
      %73 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %74 = "arith.addi"(%53, %73) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %75 = "arith.select"(%70, %74, %53) : (i1, i32, i32) -> i32
      %76 = "arith.constant"() <{value = 2 : i32}> : () -> i32
      %77 = "arith.cmpi"(%75, %76) <{predicate = 0 : i64}> : (i32, i32) -> i1
      %78 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %79 = "arith.select"(%77, %78, %75) : (i1, i32, i32) -> i32
      %80 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %81 = "arith.addi"(%79, %80) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %82 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %83 = "arith.addi"(%65, %82) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "tpu.trace_start"() <{level = 10 : i32, message = "ep_initialize_0"}> : () -> ()
      %84 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %85 = "arith.constant"() <{value = 2 : i32}> : () -> i32
      %86 = "arith.remui"(%84, %85) : (i32, i32) -> i32
      %87 = "tpu.memref_slice"(%1, %86) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %88 = "tpu.memref_squeeze"(%87) : (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %89 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %90 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %91 = "tpu.memref_slice"(%0, %86, %89, %90) <{operandSegmentSizes = array<i32: 1, 3, 0>}> : (memref<2x32x128xf32, #tpu.memory_space<vmem>>, i32, i32, i32) -> memref<1x32x128xf32, #tpu.memory_space<vmem>>
      %92 = "tpu.memref_squeeze"(%91) : (memref<1x32x128xf32, #tpu.memory_space<vmem>>) -> memref<32x128xf32, #tpu.memory_space<vmem>>
      %93 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %94 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %95 = "tpu.memref_slice"(%arg0, %93, %94) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<64x256xf32, #tpu.memory_space<any>>, i32, i32) -> memref<32x128xf32, #tpu.memory_space<any>>
      "tpu.enqueue_dma"(%95, %92, %88) <{operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32, strict_ordering = false}> : (memref<32x128xf32, #tpu.memory_space<any>>, memref<32x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
      %96 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %97 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %98 = "arith.addi"(%96, %97) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %99 = "arith.constant"() <{value = true}> : () -> i1
      %100 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %101 = "arith.select"(%99, %98, %100) : (i1, i32, i32) -> i32
      %102 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %103 = "arith.constant"() <{value = 2 : i32}> : () -> i32
      %104 = "arith.remui"(%102, %103) : (i32, i32) -> i32
      %105 = "tpu.memref_slice"(%3, %104) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %106 = "tpu.memref_squeeze"(%105) : (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %107 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %108 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %109 = "tpu.memref_slice"(%2, %104, %107, %108) <{operandSegmentSizes = array<i32: 1, 3, 0>}> : (memref<2x128x128xf32, #tpu.memory_space<vmem>>, i32, i32, i32) -> memref<1x128x128xf32, #tpu.memory_space<vmem>>
      %110 = "tpu.memref_squeeze"(%109) : (memref<1x128x128xf32, #tpu.memory_space<vmem>>) -> memref<128x128xf32, #tpu.memory_space<vmem>>
      %111 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %112 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %113 = "tpu.memref_slice"(%arg1, %111, %112) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<256x128xf32, #tpu.memory_space<any>>, i32, i32) -> memref<128x128xf32, #tpu.memory_space<any>>
      "tpu.enqueue_dma"(%113, %110, %106) <{operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32, strict_ordering = false}> : (memref<128x128xf32, #tpu.memory_space<any>>, memref<128x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
      %114 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %115 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %116 = "arith.addi"(%114, %115) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %117 = "arith.constant"() <{value = true}> : () -> i1
      %118 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %119 = "arith.select"(%117, %116, %118) : (i1, i32, i32) -> i32
      "tpu.trace_stop"() : () -> ()
      %120 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %121 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %122 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %123 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %124 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %125 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %126 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %127 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %128 = "arith.constant"() <{value = 4 : i32}> : () -> i32
      %129 = "arith.addi"(%127, %128) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %130 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %131:9 = "scf.for"(%127, %129, %130, %101, %120, %119, %121, %122, %123, %124, %125, %126) ({
      ^bb0(%arg3: i32, %arg4: i32, %arg5: i32, %arg6: i32, %arg7: i32, %arg8: i32, %arg9: i32, %arg10: i32, %arg11: i32, %arg12: i32):
        %249 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %250 = "arith.cmpi"(%arg3, %249) <{predicate = 0 : i64}> : (i32, i32) -> i1
        %251 = "arith.constant"() <{value = 3 : i32}> : () -> i32
        %252 = "arith.cmpi"(%arg3, %251) <{predicate = 0 : i64}> : (i32, i32) -> i1
        %253 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %254 = "arith.addi"(%arg10, %253) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %255 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %256 = "arith.addi"(%arg12, %255) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %257 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %258 = "arith.subi"(%arg12, %257) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %259 = "arith.constant"() <{value = true}> : () -> i1
        %260 = "arith.select"(%259, %258, %arg12) : (i1, i32, i32) -> i32
        %261 = "arith.constant"() <{value = -1 : i32}> : () -> i32
        %262 = "arith.cmpi"(%260, %261) <{predicate = 0 : i64}> : (i32, i32) -> i1
        %263 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %264 = "arith.select"(%262, %263, %260) : (i1, i32, i32) -> i32
        %265 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %266 = "arith.constant"() <{value = -1 : i32}> : () -> i32
        %267 = "arith.select"(%262, %266, %265) : (i1, i32, i32) -> i32
        %268 = "arith.constant"() <{value = -1 : i32}> : () -> i32
        %269 = "arith.cmpi"(%267, %268) <{predicate = 0 : i64}> : (i32, i32) -> i1
        %270 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %271 = "arith.select"(%269, %270, %267) : (i1, i32, i32) -> i32
        %272 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %273 = "arith.subi"(%arg10, %272) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %274 = "arith.select"(%269, %273, %arg10) : (i1, i32, i32) -> i32
        %275 = "arith.constant"() <{value = -1 : i32}> : () -> i32
        %276 = "arith.cmpi"(%274, %275) <{predicate = 0 : i64}> : (i32, i32) -> i1
        %277 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %278 = "arith.select"(%276, %277, %274) : (i1, i32, i32) -> i32
        %279 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %280 = "arith.addi"(%278, %279) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %281 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %282 = "arith.addi"(%264, %281) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %283 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %284 = "arith.addi"(%arg12, %283) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %285 = "arith.constant"() <{value = true}> : () -> i1
        %286 = "arith.select"(%285, %284, %arg12) : (i1, i32, i32) -> i32
        %287 = "arith.constant"() <{value = 2 : i32}> : () -> i32
        %288 = "arith.cmpi"(%286, %287) <{predicate = 0 : i64}> : (i32, i32) -> i1
        %289 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %290 = "arith.select"(%288, %289, %286) : (i1, i32, i32) -> i32
        %291 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %292 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %293 = "arith.select"(%288, %292, %291) : (i1, i32, i32) -> i32
        %294 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %295 = "arith.cmpi"(%293, %294) <{predicate = 0 : i64}> : (i32, i32) -> i1
        %296 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %297 = "arith.select"(%295, %296, %293) : (i1, i32, i32) -> i32
        %298 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %299 = "arith.addi"(%arg10, %298) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %300 = "arith.select"(%295, %299, %arg10) : (i1, i32, i32) -> i32
        %301 = "arith.constant"() <{value = 2 : i32}> : () -> i32
        %302 = "arith.cmpi"(%300, %301) <{predicate = 0 : i64}> : (i32, i32) -> i1
        %303 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %304 = "arith.select"(%302, %303, %300) : (i1, i32, i32) -> i32
        %305 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %306 = "arith.addi"(%304, %305) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %307 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %308 = "arith.addi"(%290, %307) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %309 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %310 = "arith.addi"(%290, %309) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %311 = "arith.constant"() <{value = true}> : () -> i1
        %312 = "arith.select"(%311, %310, %290) : (i1, i32, i32) -> i32
        %313 = "arith.constant"() <{value = 2 : i32}> : () -> i32
        %314 = "arith.cmpi"(%312, %313) <{predicate = 0 : i64}> : (i32, i32) -> i1
        %315 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %316 = "arith.select"(%314, %315, %312) : (i1, i32, i32) -> i32
        %317 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %318 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %319 = "arith.select"(%314, %318, %317) : (i1, i32, i32) -> i32
        %320 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %321 = "arith.cmpi"(%319, %320) <{predicate = 0 : i64}> : (i32, i32) -> i1
        %322 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %323 = "arith.select"(%321, %322, %319) : (i1, i32, i32) -> i32
        %324 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %325 = "arith.addi"(%304, %324) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %326 = "arith.select"(%321, %325, %304) : (i1, i32, i32) -> i32
        %327 = "arith.constant"() <{value = 2 : i32}> : () -> i32
        %328 = "arith.cmpi"(%326, %327) <{predicate = 0 : i64}> : (i32, i32) -> i1
        %329 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %330 = "arith.select"(%328, %329, %326) : (i1, i32, i32) -> i32
        %331 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %332 = "arith.addi"(%330, %331) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %333 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %334 = "arith.addi"(%316, %333) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %335 = "arith.cmpi"(%254, %306) <{predicate = 1 : i64}> : (i32, i32) -> i1
        %336 = "arith.cmpi"(%256, %308) <{predicate = 1 : i64}> : (i32, i32) -> i1
        %337 = "arith.constant"() <{value = false}> : () -> i1
        %338 = "arith.ori"(%337, %335) : (i1, i1) -> i1
        %339 = "arith.ori"(%338, %336) : (i1, i1) -> i1
        %340 = "arith.constant"() <{value = 3 : i32}> : () -> i32
        %341 = "arith.cmpi"(%arg3, %340) <{predicate = 5 : i64}> : (i32, i32) -> i1
        %342 = "arith.constant"() <{value = true}> : () -> i1
        %343 = "arith.xori"(%341, %342) : (i1, i1) -> i1
        %344 = "arith.andi"(%339, %343) : (i1, i1) -> i1
        %345 = "arith.extui"(%344) : (i1) -> i32
        %346 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %347 = "arith.cmpi"(%345, %346) <{predicate = 1 : i64}> : (i32, i32) -> i1
        "scf.if"(%347) ({
          "tpu.trace_start"() <{level = 10 : i32, message = "ep_copy_in"}> : () -> ()
          %631 = "arith.constant"() <{value = 2 : i32}> : () -> i32
          %632 = "arith.remui"(%arg4, %631) : (i32, i32) -> i32
          %633 = "arith.constant"() <{value = 32 : i32}> : () -> i32
          %634 = "arith.muli"(%633, %306) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
          %635 = "arith.constant"() <{value = 128 : i32}> : () -> i32
          %636 = "arith.muli"(%635, %308) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
          %637 = "tpu.memref_slice"(%1, %632) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
          %638 = "tpu.memref_squeeze"(%637) : (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
          %639 = "arith.constant"() <{value = 0 : i32}> : () -> i32
          %640 = "arith.constant"() <{value = 0 : i32}> : () -> i32
          %641 = "tpu.memref_slice"(%0, %632, %639, %640) <{operandSegmentSizes = array<i32: 1, 3, 0>}> : (memref<2x32x128xf32, #tpu.memory_space<vmem>>, i32, i32, i32) -> memref<1x32x128xf32, #tpu.memory_space<vmem>>
          %642 = "tpu.memref_squeeze"(%641) : (memref<1x32x128xf32, #tpu.memory_space<vmem>>) -> memref<32x128xf32, #tpu.memory_space<vmem>>
          %643 = "tpu.memref_slice"(%arg0, %634, %636) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<64x256xf32, #tpu.memory_space<any>>, i32, i32) -> memref<32x128xf32, #tpu.memory_space<any>>
          "tpu.enqueue_dma"(%643, %642, %638) <{operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32, strict_ordering = false}> : (memref<32x128xf32, #tpu.memory_space<any>>, memref<32x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
          "tpu.trace_stop"() : () -> ()
          "scf.yield"() : () -> ()
        }, {
          "scf.yield"() : () -> ()
        }) : (i1) -> ()
        %348 = "arith.constant"() <{value = true}> : () -> i1
        %349 = "arith.andi"(%344, %348) : (i1, i1) -> i1
        %350 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %351 = "arith.addi"(%arg4, %350) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %352 = "arith.select"(%349, %351, %arg4) : (i1, i32, i32) -> i32
        %353 = "arith.cmpi"(%256, %308) <{predicate = 1 : i64}> : (i32, i32) -> i1
        %354 = "arith.constant"() <{value = false}> : () -> i1
        %355 = "arith.ori"(%354, %353) : (i1, i1) -> i1
        %356 = "arith.constant"() <{value = false}> : () -> i1
        %357 = "arith.ori"(%355, %356) : (i1, i1) -> i1
        %358 = "arith.constant"() <{value = 3 : i32}> : () -> i32
        %359 = "arith.cmpi"(%arg3, %358) <{predicate = 5 : i64}> : (i32, i32) -> i1
        %360 = "arith.constant"() <{value = true}> : () -> i1
        %361 = "arith.xori"(%359, %360) : (i1, i1) -> i1
        %362 = "arith.andi"(%357, %361) : (i1, i1) -> i1
        %363 = "arith.extui"(%362) : (i1) -> i32
        %364 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %365 = "arith.cmpi"(%363, %364) <{predicate = 1 : i64}> : (i32, i32) -> i1
        "scf.if"(%365) ({
          "tpu.trace_start"() <{level = 10 : i32, message = "ep_copy_in"}> : () -> ()
          %619 = "arith.constant"() <{value = 2 : i32}> : () -> i32
          %620 = "arith.remui"(%arg6, %619) : (i32, i32) -> i32
          %621 = "arith.constant"() <{value = 128 : i32}> : () -> i32
          %622 = "arith.muli"(%621, %308) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
          %623 = "tpu.memref_slice"(%3, %620) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
          %624 = "tpu.memref_squeeze"(%623) : (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
          %625 = "arith.constant"() <{value = 0 : i32}> : () -> i32
          %626 = "arith.constant"() <{value = 0 : i32}> : () -> i32
          %627 = "tpu.memref_slice"(%2, %620, %625, %626) <{operandSegmentSizes = array<i32: 1, 3, 0>}> : (memref<2x128x128xf32, #tpu.memory_space<vmem>>, i32, i32, i32) -> memref<1x128x128xf32, #tpu.memory_space<vmem>>
          %628 = "tpu.memref_squeeze"(%627) : (memref<1x128x128xf32, #tpu.memory_space<vmem>>) -> memref<128x128xf32, #tpu.memory_space<vmem>>
          %629 = "arith.constant"() <{value = 0 : i32}> : () -> i32
          %630 = "tpu.memref_slice"(%arg1, %622, %629) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<256x128xf32, #tpu.memory_space<any>>, i32, i32) -> memref<128x128xf32, #tpu.memory_space<any>>
          "tpu.enqueue_dma"(%630, %628, %624) <{operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32, strict_ordering = false}> : (memref<128x128xf32, #tpu.memory_space<any>>, memref<128x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
          "tpu.trace_stop"() : () -> ()
          "scf.yield"() : () -> ()
        }, {
          "scf.yield"() : () -> ()
        }) : (i1) -> ()
        %366 = "arith.constant"() <{value = true}> : () -> i1
        %367 = "arith.andi"(%362, %366) : (i1, i1) -> i1
        %368 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %369 = "arith.addi"(%arg6, %368) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %370 = "arith.select"(%367, %369, %arg6) : (i1, i32, i32) -> i32
        %371 = "arith.cmpi"(%254, %306) <{predicate = 1 : i64}> : (i32, i32) -> i1
        %372 = "arith.constant"() <{value = false}> : () -> i1
        %373 = "arith.ori"(%372, %371) : (i1, i1) -> i1
        %374 = "arith.constant"() <{value = false}> : () -> i1
        %375 = "arith.ori"(%373, %374) : (i1, i1) -> i1
        %376 = "arith.constant"() <{value = 3 : i32}> : () -> i32
        %377 = "arith.cmpi"(%arg3, %376) <{predicate = 5 : i64}> : (i32, i32) -> i1
        %378 = "arith.constant"() <{value = true}> : () -> i1
        %379 = "arith.xori"(%377, %378) : (i1, i1) -> i1
        %380 = "arith.andi"(%375, %379) : (i1, i1) -> i1
        %381 = "arith.cmpi"(%254, %280) <{predicate = 1 : i64}> : (i32, i32) -> i1
        %382 = "arith.cmpi"(%256, %282) <{predicate = 1 : i64}> : (i32, i32) -> i1
        %383 = "arith.constant"() <{value = false}> : () -> i1
        %384 = "arith.ori"(%383, %381) : (i1, i1) -> i1
        %385 = "arith.ori"(%384, %382) : (i1, i1) -> i1
        %386 = "arith.ori"(%385, %250) : (i1, i1) -> i1
        %387 = "arith.extui"(%386) : (i1) -> i32
        %388 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %389 = "arith.cmpi"(%387, %388) <{predicate = 1 : i64}> : (i32, i32) -> i1
        "scf.if"(%389) ({
          "tpu.trace_start"() <{level = 10 : i32, message = "ep_wait_in"}> : () -> ()
          %606 = "arith.constant"() <{value = 32 : i32}> : () -> i32
          %607 = "arith.muli"(%606, %254) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
          %608 = "arith.constant"() <{value = 128 : i32}> : () -> i32
          %609 = "arith.muli"(%608, %256) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
          %610 = "arith.constant"() <{value = 2 : i32}> : () -> i32
          %611 = "arith.remui"(%arg5, %610) : (i32, i32) -> i32
          %612 = "tpu.memref_slice"(%1, %611) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
          %613 = "tpu.memref_squeeze"(%612) : (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
          %614 = "arith.constant"() <{value = 0 : i32}> : () -> i32
          %615 = "arith.constant"() <{value = 0 : i32}> : () -> i32
          %616 = "tpu.memref_slice"(%0, %611, %614, %615) <{operandSegmentSizes = array<i32: 1, 3, 0>}> : (memref<2x32x128xf32, #tpu.memory_space<vmem>>, i32, i32, i32) -> memref<1x32x128xf32, #tpu.memory_space<vmem>>
          %617 = "tpu.memref_squeeze"(%616) : (memref<1x32x128xf32, #tpu.memory_space<vmem>>) -> memref<32x128xf32, #tpu.memory_space<vmem>>
          %618 = "tpu.memref_slice"(%arg0, %607, %609) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<64x256xf32, #tpu.memory_space<any>>, i32, i32) -> memref<32x128xf32, #tpu.memory_space<any>>
          "tpu.wait_dma2"(%613, %618, %617) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, strict_ordering = false}> : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<32x128xf32, #tpu.memory_space<any>>, memref<32x128xf32, #tpu.memory_space<vmem>>) -> ()
          "tpu.trace_stop"() : () -> ()
          "scf.yield"() : () -> ()
        }, {
          "scf.yield"() : () -> ()
        }) : (i1) -> ()
        %390 = "arith.cmpi"(%256, %282) <{predicate = 1 : i64}> : (i32, i32) -> i1
        %391 = "arith.constant"() <{value = false}> : () -> i1
        %392 = "arith.ori"(%391, %390) : (i1, i1) -> i1
        %393 = "arith.constant"() <{value = false}> : () -> i1
        %394 = "arith.ori"(%392, %393) : (i1, i1) -> i1
        %395 = "arith.ori"(%394, %250) : (i1, i1) -> i1
        %396 = "arith.extui"(%395) : (i1) -> i32
        %397 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %398 = "arith.cmpi"(%396, %397) <{predicate = 1 : i64}> : (i32, i32) -> i1
        "scf.if"(%398) ({
          "tpu.trace_start"() <{level = 10 : i32, message = "ep_wait_in"}> : () -> ()
          %594 = "arith.constant"() <{value = 128 : i32}> : () -> i32
          %595 = "arith.muli"(%594, %256) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
          %596 = "arith.constant"() <{value = 2 : i32}> : () -> i32
          %597 = "arith.remui"(%arg7, %596) : (i32, i32) -> i32
          %598 = "tpu.memref_slice"(%3, %597) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
          %599 = "tpu.memref_squeeze"(%598) : (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
          %600 = "arith.constant"() <{value = 0 : i32}> : () -> i32
          %601 = "arith.constant"() <{value = 0 : i32}> : () -> i32
          %602 = "tpu.memref_slice"(%2, %597, %600, %601) <{operandSegmentSizes = array<i32: 1, 3, 0>}> : (memref<2x128x128xf32, #tpu.memory_space<vmem>>, i32, i32, i32) -> memref<1x128x128xf32, #tpu.memory_space<vmem>>
          %603 = "tpu.memref_squeeze"(%602) : (memref<1x128x128xf32, #tpu.memory_space<vmem>>) -> memref<128x128xf32, #tpu.memory_space<vmem>>
          %604 = "arith.constant"() <{value = 0 : i32}> : () -> i32
          %605 = "tpu.memref_slice"(%arg1, %595, %604) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<256x128xf32, #tpu.memory_space<any>>, i32, i32) -> memref<128x128xf32, #tpu.memory_space<any>>
          "tpu.wait_dma2"(%599, %605, %603) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, strict_ordering = false}> : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<128x128xf32, #tpu.memory_space<any>>, memref<128x128xf32, #tpu.memory_space<vmem>>) -> ()
          "tpu.trace_stop"() : () -> ()
          "scf.yield"() : () -> ()
        }, {
          "scf.yield"() : () -> ()
        }) : (i1) -> ()
        %399 = "arith.cmpi"(%254, %280) <{predicate = 1 : i64}> : (i32, i32) -> i1
        %400 = "arith.constant"() <{value = false}> : () -> i1
        %401 = "arith.ori"(%400, %399) : (i1, i1) -> i1
        %402 = "arith.constant"() <{value = false}> : () -> i1
        %403 = "arith.ori"(%401, %402) : (i1, i1) -> i1
        %404 = "arith.ori"(%403, %250) : (i1, i1) -> i1
        %405 = "arith.extui"(%404) : (i1) -> i32
        %406 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %407 = "arith.cmpi"(%405, %406) <{predicate = 1 : i64}> : (i32, i32) -> i1
        "scf.if"(%407) ({
          "scf.yield"() : () -> ()
        }, {
          "scf.yield"() : () -> ()
        }) : (i1) -> ()
        %408 = "arith.constant"() <{value = 2 : i32}> : () -> i32
        %409 = "arith.remui"(%arg5, %408) : (i32, i32) -> i32
        %410 = "arith.constant"() <{value = 2 : i32}> : () -> i32
        %411 = "arith.remui"(%arg7, %410) : (i32, i32) -> i32
        %412 = "arith.constant"() <{value = 2 : i32}> : () -> i32
        %413 = "arith.remui"(%arg8, %412) : (i32, i32) -> i32
        %414 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        "tpu.trace_start"() <{level = 10 : i32, message = "ep_run_kernel"}> : () -> ()
        %415 = "arith.cmpi"(%256, %414) <{predicate = 0 : i64}> : (i32, i32) -> i1
        %416 = "arith.extui"(%415) : (i1) -> i32
        %417 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %418 = "arith.cmpi"(%416, %417) <{predicate = 1 : i64}> : (i32, i32) -> i1
        "scf.if"(%418) ({
          %586 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
          %587 = "vector.broadcast"(%586) : (f32) -> vector<32x128xf32>
          %588 = "arith.index_cast"(%413) : (i32) -> index
          %589 = "arith.constant"() <{value = 0 : index}> : () -> index
          %590 = "arith.constant"() <{value = 0 : index}> : () -> index
          %591 = "vector.load"(%4, %588, %589, %590) : (memref<2x32x128xf32, #tpu.memory_space<vmem>>, index, index, index) -> vector<1x32x128xf32>
          %592 = "vector.shape_cast"(%591) : (vector<1x32x128xf32>) -> vector<32x128xf32>
          %593 = "vector.shape_cast"(%587) : (vector<32x128xf32>) -> vector<1x32x128xf32>
          "tpu.vector_store"(%593, %4, %588, %589, %590) <{add = false, operandSegmentSizes = array<i32: 1, 1, 3, 0>, strides = array<i32>}> : (vector<1x32x128xf32>, memref<2x32x128xf32, #tpu.memory_space<vmem>>, index, index, index) -> ()
          "scf.yield"() : () -> ()
        }, {
          "scf.yield"() : () -> ()
        }) : (i1) -> ()
        %419 = "arith.index_cast"(%413) : (i32) -> index
        %420 = "arith.constant"() <{value = 0 : index}> : () -> index
        %421 = "arith.constant"() <{value = 0 : index}> : () -> index
        %422 = "vector.load"(%4, %419, %420, %421) : (memref<2x32x128xf32, #tpu.memory_space<vmem>>, index, index, index) -> vector<1x32x128xf32>
        %423 = "vector.shape_cast"(%422) : (vector<1x32x128xf32>) -> vector<32x128xf32>
        %424 = "arith.index_cast"(%409) : (i32) -> index
        %425 = "arith.constant"() <{value = 0 : index}> : () -> index
        %426 = "arith.constant"() <{value = 0 : index}> : () -> index
        %427 = "vector.load"(%0, %424, %425, %426) : (memref<2x32x128xf32, #tpu.memory_space<vmem>>, index, index, index) -> vector<1x32x128xf32>
        %428 = "vector.shape_cast"(%427) : (vector<1x32x128xf32>) -> vector<32x128xf32>
        %429 = "arith.index_cast"(%411) : (i32) -> index
        %430 = "arith.constant"() <{value = 0 : index}> : () -> index
        %431 = "arith.constant"() <{value = 0 : index}> : () -> index
        %432 = "vector.load"(%2, %429, %430, %431) : (memref<2x128x128xf32, #tpu.memory_space<vmem>>, index, index, index) -> vector<1x128x128xf32>
        %433 = "vector.shape_cast"(%432) : (vector<1x128x128xf32>) -> vector<128x128xf32>
        %434 = "arith.constant"() <{value = dense<0.000000e+00> : vector<32x128xf32>}> : () -> vector<32x128xf32>
        %435 = "tpu.matmul"(%428, %433, %434) <{dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs = false, transpose_lhs_hint = false, transpose_rhs = false}> : (vector<32x128xf32>, vector<128x128xf32>, vector<32x128xf32>) -> vector<32x128xf32>
        %436 = "arith.addf"(%423, %435) <{fastmath = #arith.fastmath<none>}> : (vector<32x128xf32>, vector<32x128xf32>) -> vector<32x128xf32>
        %437 = "arith.index_cast"(%413) : (i32) -> index
        %438 = "arith.constant"() <{value = 0 : index}> : () -> index
        %439 = "arith.constant"() <{value = 0 : index}> : () -> index
        %440 = "vector.load"(%4, %437, %438, %439) : (memref<2x32x128xf32, #tpu.memory_space<vmem>>, index, index, index) -> vector<1x32x128xf32>
        %441 = "vector.shape_cast"(%440) : (vector<1x32x128xf32>) -> vector<32x128xf32>
        %442 = "vector.shape_cast"(%436) : (vector<32x128xf32>) -> vector<1x32x128xf32>
        "tpu.vector_store"(%442, %4, %437, %438, %439) <{add = false, operandSegmentSizes = array<i32: 1, 1, 3, 0>, strides = array<i32>}> : (vector<1x32x128xf32>, memref<2x32x128xf32, #tpu.memory_space<vmem>>, index, index, index) -> ()
        "tpu.trace_stop"() : () -> ()
        %443 = "arith.cmpi"(%254, %306) <{predicate = 1 : i64}> : (i32, i32) -> i1
        %444 = "arith.cmpi"(%256, %308) <{predicate = 1 : i64}> : (i32, i32) -> i1
        %445 = "arith.constant"() <{value = false}> : () -> i1
        %446 = "arith.ori"(%445, %443) : (i1, i1) -> i1
        %447 = "arith.ori"(%446, %444) : (i1, i1) -> i1
        %448 = "arith.ori"(%447, %252) : (i1, i1) -> i1
        %449 = "arith.extui"(%448) : (i1) -> i32
        %450 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %451 = "arith.cmpi"(%449, %450) <{predicate = 1 : i64}> : (i32, i32) -> i1
        "scf.if"(%451) ({
          "scf.yield"() : () -> ()
        }, {
          "scf.yield"() : () -> ()
        }) : (i1) -> ()
        %452 = "arith.constant"() <{value = false}> : () -> i1
        %453 = "arith.andi"(%448, %452) : (i1, i1) -> i1
        %454 = "arith.cmpi"(%256, %308) <{predicate = 1 : i64}> : (i32, i32) -> i1
        %455 = "arith.constant"() <{value = false}> : () -> i1
        %456 = "arith.ori"(%455, %454) : (i1, i1) -> i1
        %457 = "arith.constant"() <{value = false}> : () -> i1
        %458 = "arith.ori"(%456, %457) : (i1, i1) -> i1
        %459 = "arith.ori"(%458, %252) : (i1, i1) -> i1
        %460 = "arith.extui"(%459) : (i1) -> i32
        %461 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %462 = "arith.cmpi"(%460, %461) <{predicate = 1 : i64}> : (i32, i32) -> i1
        "scf.if"(%462) ({
          "scf.yield"() : () -> ()
        }, {
          "scf.yield"() : () -> ()
        }) : (i1) -> ()
        %463 = "arith.constant"() <{value = false}> : () -> i1
        %464 = "arith.andi"(%459, %463) : (i1, i1) -> i1
        %465 = "arith.cmpi"(%254, %306) <{predicate = 1 : i64}> : (i32, i32) -> i1
        %466 = "arith.constant"() <{value = false}> : () -> i1
        %467 = "arith.ori"(%466, %465) : (i1, i1) -> i1
        %468 = "arith.constant"() <{value = false}> : () -> i1
        %469 = "arith.ori"(%467, %468) : (i1, i1) -> i1
        %470 = "arith.ori"(%469, %252) : (i1, i1) -> i1
        %471 = "arith.extui"(%470) : (i1) -> i32
        %472 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %473 = "arith.cmpi"(%471, %472) <{predicate = 1 : i64}> : (i32, i32) -> i1
        "scf.if"(%473) ({
          "tpu.trace_start"() <{level = 10 : i32, message = "ep_copy_out"}> : () -> ()
          %574 = "arith.constant"() <{value = 2 : i32}> : () -> i32
          %575 = "arith.remui"(%arg8, %574) : (i32, i32) -> i32
          %576 = "arith.constant"() <{value = 32 : i32}> : () -> i32
          %577 = "arith.muli"(%576, %254) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
          %578 = "tpu.memref_slice"(%5, %575) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
          %579 = "tpu.memref_squeeze"(%578) : (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
          %580 = "arith.constant"() <{value = 0 : i32}> : () -> i32
          %581 = "tpu.memref_slice"(%arg2, %577, %580) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<64x128xf32, #tpu.memory_space<any>>, i32, i32) -> memref<32x128xf32, #tpu.memory_space<any>>
          %582 = "arith.constant"() <{value = 0 : i32}> : () -> i32
          %583 = "arith.constant"() <{value = 0 : i32}> : () -> i32
          %584 = "tpu.memref_slice"(%4, %575, %582, %583) <{operandSegmentSizes = array<i32: 1, 3, 0>}> : (memref<2x32x128xf32, #tpu.memory_space<vmem>>, i32, i32, i32) -> memref<1x32x128xf32, #tpu.memory_space<vmem>>
          %585 = "tpu.memref_squeeze"(%584) : (memref<1x32x128xf32, #tpu.memory_space<vmem>>) -> memref<32x128xf32, #tpu.memory_space<vmem>>
          "tpu.enqueue_dma"(%585, %581, %579) <{operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32, strict_ordering = false}> : (memref<32x128xf32, #tpu.memory_space<vmem>>, memref<32x128xf32, #tpu.memory_space<any>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
          "tpu.trace_stop"() : () -> ()
          "scf.yield"() : () -> ()
        }, {
          "scf.yield"() : () -> ()
        }) : (i1) -> ()
        %474 = "arith.constant"() <{value = true}> : () -> i1
        %475 = "arith.andi"(%470, %474) : (i1, i1) -> i1
        %476 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %477 = "arith.addi"(%arg8, %476) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %478 = "arith.select"(%475, %477, %arg8) : (i1, i32, i32) -> i32
        %479 = "arith.cmpi"(%254, %280) <{predicate = 1 : i64}> : (i32, i32) -> i1
        %480 = "arith.cmpi"(%256, %282) <{predicate = 1 : i64}> : (i32, i32) -> i1
        %481 = "arith.constant"() <{value = false}> : () -> i1
        %482 = "arith.ori"(%481, %479) : (i1, i1) -> i1
        %483 = "arith.ori"(%482, %480) : (i1, i1) -> i1
        %484 = "arith.constant"() <{value = true}> : () -> i1
        %485 = "arith.xori"(%250, %484) : (i1, i1) -> i1
        %486 = "arith.andi"(%483, %485) : (i1, i1) -> i1
        %487 = "arith.extui"(%486) : (i1) -> i32
        %488 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %489 = "arith.cmpi"(%487, %488) <{predicate = 1 : i64}> : (i32, i32) -> i1
        "scf.if"(%489) ({
          "scf.yield"() : () -> ()
        }, {
          "scf.yield"() : () -> ()
        }) : (i1) -> ()
        %490 = "arith.constant"() <{value = false}> : () -> i1
        %491 = "arith.andi"(%486, %490) : (i1, i1) -> i1
        %492 = "arith.cmpi"(%256, %282) <{predicate = 1 : i64}> : (i32, i32) -> i1
        %493 = "arith.constant"() <{value = false}> : () -> i1
        %494 = "arith.ori"(%493, %492) : (i1, i1) -> i1
        %495 = "arith.constant"() <{value = false}> : () -> i1
        %496 = "arith.ori"(%494, %495) : (i1, i1) -> i1
        %497 = "arith.constant"() <{value = true}> : () -> i1
        %498 = "arith.xori"(%250, %497) : (i1, i1) -> i1
        %499 = "arith.andi"(%496, %498) : (i1, i1) -> i1
        %500 = "arith.extui"(%499) : (i1) -> i32
        %501 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %502 = "arith.cmpi"(%500, %501) <{predicate = 1 : i64}> : (i32, i32) -> i1
        "scf.if"(%502) ({
          "scf.yield"() : () -> ()
        }, {
          "scf.yield"() : () -> ()
        }) : (i1) -> ()
        %503 = "arith.constant"() <{value = false}> : () -> i1
        %504 = "arith.andi"(%499, %503) : (i1, i1) -> i1
        %505 = "arith.cmpi"(%254, %280) <{predicate = 1 : i64}> : (i32, i32) -> i1
        %506 = "arith.constant"() <{value = false}> : () -> i1
        %507 = "arith.ori"(%506, %505) : (i1, i1) -> i1
        %508 = "arith.constant"() <{value = false}> : () -> i1
        %509 = "arith.ori"(%507, %508) : (i1, i1) -> i1
        %510 = "arith.constant"() <{value = true}> : () -> i1
        %511 = "arith.xori"(%250, %510) : (i1, i1) -> i1
        %512 = "arith.andi"(%509, %511) : (i1, i1) -> i1
        %513 = "arith.extui"(%512) : (i1) -> i32
        %514 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %515 = "arith.cmpi"(%513, %514) <{predicate = 1 : i64}> : (i32, i32) -> i1
        "scf.if"(%515) ({
          "tpu.trace_start"() <{level = 10 : i32, message = "ep_wait_out"}> : () -> ()
          %562 = "arith.constant"() <{value = 2 : i32}> : () -> i32
          %563 = "arith.remui"(%arg9, %562) : (i32, i32) -> i32
          %564 = "arith.constant"() <{value = 32 : i32}> : () -> i32
          %565 = "arith.muli"(%564, %280) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
          %566 = "tpu.memref_slice"(%5, %563) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
          %567 = "tpu.memref_squeeze"(%566) : (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
          %568 = "arith.constant"() <{value = 0 : i32}> : () -> i32
          %569 = "tpu.memref_slice"(%arg2, %565, %568) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<64x128xf32, #tpu.memory_space<any>>, i32, i32) -> memref<32x128xf32, #tpu.memory_space<any>>
          %570 = "arith.constant"() <{value = 0 : i32}> : () -> i32
          %571 = "arith.constant"() <{value = 0 : i32}> : () -> i32
          %572 = "tpu.memref_slice"(%4, %563, %570, %571) <{operandSegmentSizes = array<i32: 1, 3, 0>}> : (memref<2x32x128xf32, #tpu.memory_space<vmem>>, i32, i32, i32) -> memref<1x32x128xf32, #tpu.memory_space<vmem>>
          %573 = "tpu.memref_squeeze"(%572) : (memref<1x32x128xf32, #tpu.memory_space<vmem>>) -> memref<32x128xf32, #tpu.memory_space<vmem>>
          "tpu.wait_dma2"(%567, %573, %569) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, strict_ordering = false}> : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<32x128xf32, #tpu.memory_space<vmem>>, memref<32x128xf32, #tpu.memory_space<any>>) -> ()
          "tpu.trace_stop"() : () -> ()
          "scf.yield"() : () -> ()
        }, {
          "scf.yield"() : () -> ()
        }) : (i1) -> ()
        %516 = "arith.constant"() <{value = true}> : () -> i1
        %517 = "arith.andi"(%512, %516) : (i1, i1) -> i1
        %518 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %519 = "arith.addi"(%arg9, %518) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %520 = "arith.select"(%517, %519, %arg9) : (i1, i32, i32) -> i32
        %521 = "arith.cmpi"(%254, %306) <{predicate = 1 : i64}> : (i32, i32) -> i1
        %522 = "arith.cmpi"(%256, %308) <{predicate = 1 : i64}> : (i32, i32) -> i1
        %523 = "arith.constant"() <{value = false}> : () -> i1
        %524 = "arith.ori"(%523, %521) : (i1, i1) -> i1
        %525 = "arith.ori"(%524, %522) : (i1, i1) -> i1
        %526 = "arith.ori"(%525, %252) : (i1, i1) -> i1
        %527 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %528 = "arith.addi"(%arg5, %527) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %529 = "arith.select"(%526, %528, %arg5) : (i1, i32, i32) -> i32
        %530 = "arith.cmpi"(%256, %308) <{predicate = 1 : i64}> : (i32, i32) -> i1
        %531 = "arith.constant"() <{value = false}> : () -> i1
        %532 = "arith.ori"(%531, %530) : (i1, i1) -> i1
        %533 = "arith.constant"() <{value = false}> : () -> i1
        %534 = "arith.ori"(%532, %533) : (i1, i1) -> i1
        %535 = "arith.ori"(%534, %252) : (i1, i1) -> i1
        %536 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %537 = "arith.addi"(%arg7, %536) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %538 = "arith.select"(%535, %537, %arg7) : (i1, i32, i32) -> i32
        %539 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %540 = "arith.addi"(%arg12, %539) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %541 = "arith.constant"() <{value = true}> : () -> i1
        %542 = "arith.select"(%541, %540, %arg12) : (i1, i32, i32) -> i32
        %543 = "arith.constant"() <{value = 2 : i32}> : () -> i32
        %544 = "arith.cmpi"(%542, %543) <{predicate = 0 : i64}> : (i32, i32) -> i1
        %545 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %546 = "arith.select"(%544, %545, %542) : (i1, i32, i32) -> i32
        %547 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %548 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %549 = "arith.select"(%544, %548, %547) : (i1, i32, i32) -> i32
        %550 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %551 = "arith.cmpi"(%549, %550) <{predicate = 0 : i64}> : (i32, i32) -> i1
        %552 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %553 = "arith.select"(%551, %552, %549) : (i1, i32, i32) -> i32
        %554 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %555 = "arith.addi"(%arg10, %554) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %556 = "arith.select"(%551, %555, %arg10) : (i1, i32, i32) -> i32
        %557 = "arith.constant"() <{value = 2 : i32}> : () -> i32
        %558 = "arith.cmpi"(%556, %557) <{predicate = 0 : i64}> : (i32, i32) -> i1
        %559 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %560 = "arith.select"(%558, %559, %556) : (i1, i32, i32) -> i32
        %561 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        "scf.yield"(%352, %529, %370, %538, %478, %520, %560, %561, %546) : (i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
      }) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32)
      %132 = "arith.constant"() <{value = 4 : i32}> : () -> i32
      %133 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %134 = "arith.subi"(%131#8, %133) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %135 = "arith.constant"() <{value = true}> : () -> i1
      %136 = "arith.select"(%135, %134, %131#8) : (i1, i32, i32) -> i32
      %137 = "arith.constant"() <{value = -1 : i32}> : () -> i32
      %138 = "arith.cmpi"(%136, %137) <{predicate = 0 : i64}> : (i32, i32) -> i1
      %139 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %140 = "arith.select"(%138, %139, %136) : (i1, i32, i32) -> i32
      %141 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %142 = "arith.subi"(%131#7, %141) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %143 = "arith.select"(%138, %142, %131#7) : (i1, i32, i32) -> i32
      %144 = "arith.constant"() <{value = -1 : i32}> : () -> i32
      %145 = "arith.cmpi"(%143, %144) <{predicate = 0 : i64}> : (i32, i32) -> i1
      %146 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %147 = "arith.select"(%145, %146, %143) : (i1, i32, i32) -> i32
      %148 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %149 = "arith.subi"(%131#6, %148) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %150 = "arith.select"(%145, %149, %131#6) : (i1, i32, i32) -> i32
      %151 = "arith.constant"() <{value = -1 : i32}> : () -> i32
      %152 = "arith.cmpi"(%150, %151) <{predicate = 0 : i64}> : (i32, i32) -> i1
      %153 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %154 = "arith.select"(%152, %153, %150) : (i1, i32, i32) -> i32
      %155 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %156 = "arith.addi"(%154, %155) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %157 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %158 = "arith.addi"(%140, %157) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %159 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %160 = "arith.subi"(%140, %159) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %161 = "arith.constant"() <{value = true}> : () -> i1
      %162 = "arith.select"(%161, %160, %140) : (i1, i32, i32) -> i32
      %163 = "arith.constant"() <{value = -1 : i32}> : () -> i32
      %164 = "arith.cmpi"(%162, %163) <{predicate = 0 : i64}> : (i32, i32) -> i1
      %165 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %166 = "arith.select"(%164, %165, %162) : (i1, i32, i32) -> i32
      %167 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %168 = "arith.constant"() <{value = -1 : i32}> : () -> i32
      %169 = "arith.select"(%164, %168, %167) : (i1, i32, i32) -> i32
      %170 = "arith.constant"() <{value = -1 : i32}> : () -> i32
      %171 = "arith.cmpi"(%169, %170) <{predicate = 0 : i64}> : (i32, i32) -> i1
      %172 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %173 = "arith.select"(%171, %172, %169) : (i1, i32, i32) -> i32
      %174 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %175 = "arith.subi"(%154, %174) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %176 = "arith.select"(%171, %175, %154) : (i1, i32, i32) -> i32
      %177 = "arith.constant"() <{value = -1 : i32}> : () -> i32
      %178 = "arith.cmpi"(%176, %177) <{predicate = 0 : i64}> : (i32, i32) -> i1
      %179 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %180 = "arith.select"(%178, %179, %176) : (i1, i32, i32) -> i32
      %181 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %182 = "arith.addi"(%180, %181) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %183 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %184 = "arith.addi"(%166, %183) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %185 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %186 = "arith.addi"(%140, %185) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %187 = "arith.constant"() <{value = true}> : () -> i1
      %188 = "arith.select"(%187, %186, %140) : (i1, i32, i32) -> i32
      %189 = "arith.constant"() <{value = 2 : i32}> : () -> i32
      %190 = "arith.cmpi"(%188, %189) <{predicate = 0 : i64}> : (i32, i32) -> i1
      %191 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %192 = "arith.select"(%190, %191, %188) : (i1, i32, i32) -> i32
      %193 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %194 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %195 = "arith.select"(%190, %194, %193) : (i1, i32, i32) -> i32
      %196 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %197 = "arith.cmpi"(%195, %196) <{predicate = 0 : i64}> : (i32, i32) -> i1
      %198 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %199 = "arith.select"(%197, %198, %195) : (i1, i32, i32) -> i32
      %200 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %201 = "arith.addi"(%154, %200) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %202 = "arith.select"(%197, %201, %154) : (i1, i32, i32) -> i32
      %203 = "arith.constant"() <{value = 2 : i32}> : () -> i32
      %204 = "arith.cmpi"(%202, %203) <{predicate = 0 : i64}> : (i32, i32) -> i1
      %205 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %206 = "arith.select"(%204, %205, %202) : (i1, i32, i32) -> i32
      %207 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %208 = "arith.addi"(%206, %207) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %209 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %210 = "arith.addi"(%192, %209) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %211 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %212 = "arith.addi"(%192, %211) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %213 = "arith.constant"() <{value = true}> : () -> i1
      %214 = "arith.select"(%213, %212, %192) : (i1, i32, i32) -> i32
      %215 = "arith.constant"() <{value = 2 : i32}> : () -> i32
      %216 = "arith.cmpi"(%214, %215) <{predicate = 0 : i64}> : (i32, i32) -> i1
      %217 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %218 = "arith.select"(%216, %217, %214) : (i1, i32, i32) -> i32
      %219 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %220 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %221 = "arith.select"(%216, %220, %219) : (i1, i32, i32) -> i32
      %222 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %223 = "arith.cmpi"(%221, %222) <{predicate = 0 : i64}> : (i32, i32) -> i1
      %224 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %225 = "arith.select"(%223, %224, %221) : (i1, i32, i32) -> i32
      %226 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %227 = "arith.addi"(%206, %226) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %228 = "arith.select"(%223, %227, %206) : (i1, i32, i32) -> i32
      %229 = "arith.constant"() <{value = 2 : i32}> : () -> i32
      %230 = "arith.cmpi"(%228, %229) <{predicate = 0 : i64}> : (i32, i32) -> i1
      %231 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %232 = "arith.select"(%230, %231, %228) : (i1, i32, i32) -> i32
      %233 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %234 = "arith.addi"(%232, %233) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %235 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %236 = "arith.addi"(%218, %235) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "tpu.trace_start"() <{level = 10 : i32, message = "ep_finalize"}> : () -> ()
      %237 = "arith.constant"() <{value = 2 : i32}> : () -> i32
      %238 = "arith.remui"(%131#5, %237) : (i32, i32) -> i32
      %239 = "arith.constant"() <{value = 32 : i32}> : () -> i32
      %240 = "arith.muli"(%239, %156) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %241 = "tpu.memref_slice"(%5, %238) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %242 = "tpu.memref_squeeze"(%241) : (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %243 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %244 = "tpu.memref_slice"(%arg2, %240, %243) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<64x128xf32, #tpu.memory_space<any>>, i32, i32) -> memref<32x128xf32, #tpu.memory_space<any>>
      %245 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %246 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %247 = "tpu.memref_slice"(%4, %238, %245, %246) <{operandSegmentSizes = array<i32: 1, 3, 0>}> : (memref<2x32x128xf32, #tpu.memory_space<vmem>>, i32, i32, i32) -> memref<1x32x128xf32, #tpu.memory_space<vmem>>
      %248 = "tpu.memref_squeeze"(%247) : (memref<1x32x128xf32, #tpu.memory_space<vmem>>) -> memref<32x128xf32, #tpu.memory_space<vmem>>
      "tpu.wait_dma2"(%242, %248, %244) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, strict_ordering = false}> : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<32x128xf32, #tpu.memory_space<vmem>>, memref<32x128xf32, #tpu.memory_space<any>>) -> ()
      "tpu.trace_stop"() : () -> ()
      "tpu.yield"() : () -> ()
    }) : () -> ()
    "func.return"() : () -> ()
  }) {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>} : () -> ()
}) {stable_mosaic.version = 15 : i64} : () -> ()
