module attributes {stable_mosaic.version = 11 : i64} {
  func.func @kern(%arg0: memref<64x256xf32, #tpu.memory_space<any>>, %arg1: memref<256x128xf32, #tpu.memory_space<any>>, %arg2: memref<64x128xf32, #tpu.memory_space<any>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>} {
    "tpu.region"() ({
      %alloca = memref.alloca() : memref<2x32x128xf32, #tpu.memory_space<vmem>>
      %0 = tpu.sem_alloc : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %alloca_0 = memref.alloca() : memref<2x128x128xf32, #tpu.memory_space<vmem>>
      %1 = tpu.sem_alloc : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %alloca_1 = memref.alloca() : memref<2x32x128xf32, #tpu.memory_space<vmem>>
      %2 = tpu.sem_alloc : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %true = arith.constant true
      %c0_i32 = arith.constant 0 : i32
      %c-1_i32 = arith.constant -1 : i32
      %3 = arith.select %true, %c-1_i32, %c0_i32 : i32
      %c-1_i32_2 = arith.constant -1 : i32
      %4 = arith.cmpi eq, %3, %c-1_i32_2 : i32
      %c1_i32 = arith.constant 1 : i32
      %5 = arith.select %4, %c1_i32, %3 : i32
      %c0_i32_3 = arith.constant 0 : i32
      %c-1_i32_4 = arith.constant -1 : i32
      %6 = arith.select %4, %c-1_i32_4, %c0_i32_3 : i32
      %c-1_i32_5 = arith.constant -1 : i32
      %7 = arith.cmpi eq, %6, %c-1_i32_5 : i32
      %c0_i32_6 = arith.constant 0 : i32
      %8 = arith.select %7, %c0_i32_6, %6 : i32
      %c0_i32_7 = arith.constant 0 : i32
      %c-1_i32_8 = arith.constant -1 : i32
      %9 = arith.select %7, %c-1_i32_8, %c0_i32_7 : i32
      %c-1_i32_9 = arith.constant -1 : i32
      %10 = arith.cmpi eq, %9, %c-1_i32_9 : i32
      %c1_i32_10 = arith.constant 1 : i32
      %11 = arith.select %10, %c1_i32_10, %9 : i32
      %c0_i32_11 = arith.constant 0 : i32
      %12 = arith.addi %11, %c0_i32_11 : i32
      %c0_i32_12 = arith.constant 0 : i32
      %13 = arith.addi %5, %c0_i32_12 : i32
      %true_13 = arith.constant true
      %c0_i32_14 = arith.constant 0 : i32
      %c1_i32_15 = arith.constant 1 : i32
      %14 = arith.select %true_13, %c1_i32_15, %c0_i32_14 : i32
      %c2_i32 = arith.constant 2 : i32
      %15 = arith.cmpi eq, %14, %c2_i32 : i32
      %c0_i32_16 = arith.constant 0 : i32
      %16 = arith.select %15, %c0_i32_16, %14 : i32
      %c0_i32_17 = arith.constant 0 : i32
      %c1_i32_18 = arith.constant 1 : i32
      %17 = arith.select %15, %c1_i32_18, %c0_i32_17 : i32
      %c1_i32_19 = arith.constant 1 : i32
      %18 = arith.cmpi eq, %17, %c1_i32_19 : i32
      %c0_i32_20 = arith.constant 0 : i32
      %19 = arith.select %18, %c0_i32_20, %17 : i32
      %c0_i32_21 = arith.constant 0 : i32
      %c1_i32_22 = arith.constant 1 : i32
      %20 = arith.select %18, %c1_i32_22, %c0_i32_21 : i32
      %c2_i32_23 = arith.constant 2 : i32
      %21 = arith.cmpi eq, %20, %c2_i32_23 : i32
      %c0_i32_24 = arith.constant 0 : i32
      %22 = arith.select %21, %c0_i32_24, %20 : i32
      %c0_i32_25 = arith.constant 0 : i32
      %23 = arith.addi %22, %c0_i32_25 : i32
      %c0_i32_26 = arith.constant 0 : i32
      %24 = arith.addi %16, %c0_i32_26 : i32
      %c1_i32_27 = arith.constant 1 : i32
      %25 = arith.addi %16, %c1_i32_27 : i32
      %true_28 = arith.constant true
      %26 = arith.select %true_28, %25, %16 : i32
      %c2_i32_29 = arith.constant 2 : i32
      %27 = arith.cmpi eq, %26, %c2_i32_29 : i32
      %c0_i32_30 = arith.constant 0 : i32
      %28 = arith.select %27, %c0_i32_30, %26 : i32
      %c0_i32_31 = arith.constant 0 : i32
      %c1_i32_32 = arith.constant 1 : i32
      %29 = arith.select %27, %c1_i32_32, %c0_i32_31 : i32
      %c1_i32_33 = arith.constant 1 : i32
      %30 = arith.cmpi eq, %29, %c1_i32_33 : i32
      %c0_i32_34 = arith.constant 0 : i32
      %31 = arith.select %30, %c0_i32_34, %29 : i32
      %c1_i32_35 = arith.constant 1 : i32
      %32 = arith.addi %22, %c1_i32_35 : i32
      %33 = arith.select %30, %32, %22 : i32
      %c2_i32_36 = arith.constant 2 : i32
      %34 = arith.cmpi eq, %33, %c2_i32_36 : i32
      %c0_i32_37 = arith.constant 0 : i32
      %35 = arith.select %34, %c0_i32_37, %33 : i32
      %c0_i32_38 = arith.constant 0 : i32
      %36 = arith.addi %35, %c0_i32_38 : i32
      %c0_i32_39 = arith.constant 0 : i32
      %37 = arith.addi %28, %c0_i32_39 : i32
      "tpu.trace_start"() <{level = 10 : i32, message = "ep_initialize_0"}> : () -> ()
      %c0_i32_40 = arith.constant 0 : i32
      %c2_i32_41 = arith.constant 2 : i32
      %38 = arith.remui %c0_i32_40, %c2_i32_41 : i32
      %39 = tpu.memref_slice %0[%38] : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %40 = tpu.memref_squeeze %39 : memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %c0_i32_42 = arith.constant 0 : i32
      %c0_i32_43 = arith.constant 0 : i32
      %41 = tpu.memref_slice %alloca[%38, %c0_i32_42, %c0_i32_43] : memref<2x32x128xf32, #tpu.memory_space<vmem>> -> memref<1x32x128xf32, #tpu.memory_space<vmem>>
      %42 = tpu.memref_squeeze %41 : memref<1x32x128xf32, #tpu.memory_space<vmem>> -> memref<32x128xf32, #tpu.memory_space<vmem>>
      %c0_i32_44 = arith.constant 0 : i32
      %c0_i32_45 = arith.constant 0 : i32
      %43 = tpu.memref_slice %arg0[%c0_i32_44, %c0_i32_45] : memref<64x256xf32, #tpu.memory_space<any>> -> memref<32x128xf32, #tpu.memory_space<any>>
      tpu.enqueue_dma source(%43 : memref<32x128xf32, #tpu.memory_space<any>>) target(%42 : memref<32x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%40 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
      %c0_i32_46 = arith.constant 0 : i32
      %c1_i32_47 = arith.constant 1 : i32
      %44 = arith.addi %c0_i32_46, %c1_i32_47 : i32
      %true_48 = arith.constant true
      %c0_i32_49 = arith.constant 0 : i32
      %45 = arith.select %true_48, %44, %c0_i32_49 : i32
      %c0_i32_50 = arith.constant 0 : i32
      %c2_i32_51 = arith.constant 2 : i32
      %46 = arith.remui %c0_i32_50, %c2_i32_51 : i32
      %47 = tpu.memref_slice %1[%46] : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %48 = tpu.memref_squeeze %47 : memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %c0_i32_52 = arith.constant 0 : i32
      %c0_i32_53 = arith.constant 0 : i32
      %49 = tpu.memref_slice %alloca_0[%46, %c0_i32_52, %c0_i32_53] : memref<2x128x128xf32, #tpu.memory_space<vmem>> -> memref<1x128x128xf32, #tpu.memory_space<vmem>>
      %50 = tpu.memref_squeeze %49 : memref<1x128x128xf32, #tpu.memory_space<vmem>> -> memref<128x128xf32, #tpu.memory_space<vmem>>
      %c0_i32_54 = arith.constant 0 : i32
      %c0_i32_55 = arith.constant 0 : i32
      %51 = tpu.memref_slice %arg1[%c0_i32_54, %c0_i32_55] : memref<256x128xf32, #tpu.memory_space<any>> -> memref<128x128xf32, #tpu.memory_space<any>>
      tpu.enqueue_dma source(%51 : memref<128x128xf32, #tpu.memory_space<any>>) target(%50 : memref<128x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%48 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
      %c0_i32_56 = arith.constant 0 : i32
      %c1_i32_57 = arith.constant 1 : i32
      %52 = arith.addi %c0_i32_56, %c1_i32_57 : i32
      %true_58 = arith.constant true
      %c0_i32_59 = arith.constant 0 : i32
      %53 = arith.select %true_58, %52, %c0_i32_59 : i32
      "tpu.trace_stop"() : () -> ()
      %c0_i32_60 = arith.constant 0 : i32
      %c0_i32_61 = arith.constant 0 : i32
      %c0_i32_62 = arith.constant 0 : i32
      %c0_i32_63 = arith.constant 0 : i32
      %c0_i32_64 = arith.constant 0 : i32
      %c0_i32_65 = arith.constant 0 : i32
      %c0_i32_66 = arith.constant 0 : i32
      %c0_i32_67 = arith.constant 0 : i32
      %c4_i32 = arith.constant 4 : i32
      %54 = arith.addi %c0_i32_67, %c4_i32 : i32
      %c1_i32_68 = arith.constant 1 : i32
      %55:9 = scf.for %arg3 = %c0_i32_67 to %54 step %c1_i32_68 iter_args(%arg4 = %45, %arg5 = %c0_i32_60, %arg6 = %53, %arg7 = %c0_i32_61, %arg8 = %c0_i32_62, %arg9 = %c0_i32_63, %arg10 = %c0_i32_64, %arg11 = %c0_i32_65, %arg12 = %c0_i32_66) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
        %c0_i32_125 = arith.constant 0 : i32
        %116 = arith.cmpi eq, %arg3, %c0_i32_125 : i32
        %c3_i32 = arith.constant 3 : i32
        %117 = arith.cmpi eq, %arg3, %c3_i32 : i32
        %c0_i32_126 = arith.constant 0 : i32
        %118 = arith.addi %arg10, %c0_i32_126 : i32
        %c0_i32_127 = arith.constant 0 : i32
        %119 = arith.addi %arg12, %c0_i32_127 : i32
        %c1_i32_128 = arith.constant 1 : i32
        %120 = arith.subi %arg12, %c1_i32_128 : i32
        %true_129 = arith.constant true
        %121 = arith.select %true_129, %120, %arg12 : i32
        %c-1_i32_130 = arith.constant -1 : i32
        %122 = arith.cmpi eq, %121, %c-1_i32_130 : i32
        %c1_i32_131 = arith.constant 1 : i32
        %123 = arith.select %122, %c1_i32_131, %121 : i32
        %c0_i32_132 = arith.constant 0 : i32
        %c-1_i32_133 = arith.constant -1 : i32
        %124 = arith.select %122, %c-1_i32_133, %c0_i32_132 : i32
        %c-1_i32_134 = arith.constant -1 : i32
        %125 = arith.cmpi eq, %124, %c-1_i32_134 : i32
        %c0_i32_135 = arith.constant 0 : i32
        %126 = arith.select %125, %c0_i32_135, %124 : i32
        %c1_i32_136 = arith.constant 1 : i32
        %127 = arith.subi %arg10, %c1_i32_136 : i32
        %128 = arith.select %125, %127, %arg10 : i32
        %c-1_i32_137 = arith.constant -1 : i32
        %129 = arith.cmpi eq, %128, %c-1_i32_137 : i32
        %c1_i32_138 = arith.constant 1 : i32
        %130 = arith.select %129, %c1_i32_138, %128 : i32
        %c0_i32_139 = arith.constant 0 : i32
        %131 = arith.addi %130, %c0_i32_139 : i32
        %c0_i32_140 = arith.constant 0 : i32
        %132 = arith.addi %123, %c0_i32_140 : i32
        %c1_i32_141 = arith.constant 1 : i32
        %133 = arith.addi %arg12, %c1_i32_141 : i32
        %true_142 = arith.constant true
        %134 = arith.select %true_142, %133, %arg12 : i32
        %c2_i32_143 = arith.constant 2 : i32
        %135 = arith.cmpi eq, %134, %c2_i32_143 : i32
        %c0_i32_144 = arith.constant 0 : i32
        %136 = arith.select %135, %c0_i32_144, %134 : i32
        %c0_i32_145 = arith.constant 0 : i32
        %c1_i32_146 = arith.constant 1 : i32
        %137 = arith.select %135, %c1_i32_146, %c0_i32_145 : i32
        %c1_i32_147 = arith.constant 1 : i32
        %138 = arith.cmpi eq, %137, %c1_i32_147 : i32
        %c0_i32_148 = arith.constant 0 : i32
        %139 = arith.select %138, %c0_i32_148, %137 : i32
        %c1_i32_149 = arith.constant 1 : i32
        %140 = arith.addi %arg10, %c1_i32_149 : i32
        %141 = arith.select %138, %140, %arg10 : i32
        %c2_i32_150 = arith.constant 2 : i32
        %142 = arith.cmpi eq, %141, %c2_i32_150 : i32
        %c0_i32_151 = arith.constant 0 : i32
        %143 = arith.select %142, %c0_i32_151, %141 : i32
        %c0_i32_152 = arith.constant 0 : i32
        %144 = arith.addi %143, %c0_i32_152 : i32
        %c0_i32_153 = arith.constant 0 : i32
        %145 = arith.addi %136, %c0_i32_153 : i32
        %c1_i32_154 = arith.constant 1 : i32
        %146 = arith.addi %136, %c1_i32_154 : i32
        %true_155 = arith.constant true
        %147 = arith.select %true_155, %146, %136 : i32
        %c2_i32_156 = arith.constant 2 : i32
        %148 = arith.cmpi eq, %147, %c2_i32_156 : i32
        %c0_i32_157 = arith.constant 0 : i32
        %149 = arith.select %148, %c0_i32_157, %147 : i32
        %c0_i32_158 = arith.constant 0 : i32
        %c1_i32_159 = arith.constant 1 : i32
        %150 = arith.select %148, %c1_i32_159, %c0_i32_158 : i32
        %c1_i32_160 = arith.constant 1 : i32
        %151 = arith.cmpi eq, %150, %c1_i32_160 : i32
        %c0_i32_161 = arith.constant 0 : i32
        %152 = arith.select %151, %c0_i32_161, %150 : i32
        %c1_i32_162 = arith.constant 1 : i32
        %153 = arith.addi %143, %c1_i32_162 : i32
        %154 = arith.select %151, %153, %143 : i32
        %c2_i32_163 = arith.constant 2 : i32
        %155 = arith.cmpi eq, %154, %c2_i32_163 : i32
        %c0_i32_164 = arith.constant 0 : i32
        %156 = arith.select %155, %c0_i32_164, %154 : i32
        %c0_i32_165 = arith.constant 0 : i32
        %157 = arith.addi %156, %c0_i32_165 : i32
        %c0_i32_166 = arith.constant 0 : i32
        %158 = arith.addi %149, %c0_i32_166 : i32
        %159 = arith.cmpi ne, %118, %144 : i32
        %160 = arith.cmpi ne, %119, %145 : i32
        %false = arith.constant false
        %161 = arith.ori %false, %159 : i1
        %162 = arith.ori %161, %160 : i1
        %c3_i32_167 = arith.constant 3 : i32
        %163 = arith.cmpi sge, %arg3, %c3_i32_167 : i32
        %true_168 = arith.constant true
        %164 = arith.xori %163, %true_168 : i1
        %165 = arith.andi %162, %164 : i1
        %166 = arith.extui %165 : i1 to i32
        %c0_i32_169 = arith.constant 0 : i32
        %167 = arith.cmpi ne, %166, %c0_i32_169 : i32
        scf.if %167 {
          "tpu.trace_start"() <{level = 10 : i32, message = "ep_copy_in"}> : () -> ()
          %c2_i32_247 = arith.constant 2 : i32
          %303 = arith.remui %arg4, %c2_i32_247 : i32
          %c32_i32_248 = arith.constant 32 : i32
          %304 = arith.muli %c32_i32_248, %144 : i32
          %c128_i32 = arith.constant 128 : i32
          %305 = arith.muli %c128_i32, %145 : i32
          %306 = tpu.memref_slice %0[%303] : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
          %307 = tpu.memref_squeeze %306 : memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
          %c0_i32_249 = arith.constant 0 : i32
          %c0_i32_250 = arith.constant 0 : i32
          %308 = tpu.memref_slice %alloca[%303, %c0_i32_249, %c0_i32_250] : memref<2x32x128xf32, #tpu.memory_space<vmem>> -> memref<1x32x128xf32, #tpu.memory_space<vmem>>
          %309 = tpu.memref_squeeze %308 : memref<1x32x128xf32, #tpu.memory_space<vmem>> -> memref<32x128xf32, #tpu.memory_space<vmem>>
          %310 = tpu.memref_slice %arg0[%304, %305] : memref<64x256xf32, #tpu.memory_space<any>> -> memref<32x128xf32, #tpu.memory_space<any>>
          tpu.enqueue_dma source(%310 : memref<32x128xf32, #tpu.memory_space<any>>) target(%309 : memref<32x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%307 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
          "tpu.trace_stop"() : () -> ()
        } else {
        }
        %true_170 = arith.constant true
        %168 = arith.andi %165, %true_170 : i1
        %c1_i32_171 = arith.constant 1 : i32
        %169 = arith.addi %arg4, %c1_i32_171 : i32
        %170 = arith.select %168, %169, %arg4 : i32
        %171 = arith.cmpi ne, %119, %145 : i32
        %false_172 = arith.constant false
        %172 = arith.ori %false_172, %171 : i1
        %false_173 = arith.constant false
        %173 = arith.ori %172, %false_173 : i1
        %c3_i32_174 = arith.constant 3 : i32
        %174 = arith.cmpi sge, %arg3, %c3_i32_174 : i32
        %true_175 = arith.constant true
        %175 = arith.xori %174, %true_175 : i1
        %176 = arith.andi %173, %175 : i1
        %177 = arith.extui %176 : i1 to i32
        %c0_i32_176 = arith.constant 0 : i32
        %178 = arith.cmpi ne, %177, %c0_i32_176 : i32
        scf.if %178 {
          "tpu.trace_start"() <{level = 10 : i32, message = "ep_copy_in"}> : () -> ()
          %c2_i32_247 = arith.constant 2 : i32
          %303 = arith.remui %arg6, %c2_i32_247 : i32
          %c128_i32 = arith.constant 128 : i32
          %304 = arith.muli %c128_i32, %145 : i32
          %305 = tpu.memref_slice %1[%303] : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
          %306 = tpu.memref_squeeze %305 : memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
          %c0_i32_248 = arith.constant 0 : i32
          %c0_i32_249 = arith.constant 0 : i32
          %307 = tpu.memref_slice %alloca_0[%303, %c0_i32_248, %c0_i32_249] : memref<2x128x128xf32, #tpu.memory_space<vmem>> -> memref<1x128x128xf32, #tpu.memory_space<vmem>>
          %308 = tpu.memref_squeeze %307 : memref<1x128x128xf32, #tpu.memory_space<vmem>> -> memref<128x128xf32, #tpu.memory_space<vmem>>
          %c0_i32_250 = arith.constant 0 : i32
          %309 = tpu.memref_slice %arg1[%304, %c0_i32_250] : memref<256x128xf32, #tpu.memory_space<any>> -> memref<128x128xf32, #tpu.memory_space<any>>
          tpu.enqueue_dma source(%309 : memref<128x128xf32, #tpu.memory_space<any>>) target(%308 : memref<128x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%306 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
          "tpu.trace_stop"() : () -> ()
        } else {
        }
        %true_177 = arith.constant true
        %179 = arith.andi %176, %true_177 : i1
        %c1_i32_178 = arith.constant 1 : i32
        %180 = arith.addi %arg6, %c1_i32_178 : i32
        %181 = arith.select %179, %180, %arg6 : i32
        %182 = arith.cmpi ne, %118, %144 : i32
        %false_179 = arith.constant false
        %183 = arith.ori %false_179, %182 : i1
        %false_180 = arith.constant false
        %184 = arith.ori %183, %false_180 : i1
        %c3_i32_181 = arith.constant 3 : i32
        %185 = arith.cmpi sge, %arg3, %c3_i32_181 : i32
        %true_182 = arith.constant true
        %186 = arith.xori %185, %true_182 : i1
        %187 = arith.andi %184, %186 : i1
        %188 = arith.cmpi ne, %118, %131 : i32
        %189 = arith.cmpi ne, %119, %132 : i32
        %false_183 = arith.constant false
        %190 = arith.ori %false_183, %188 : i1
        %191 = arith.ori %190, %189 : i1
        %192 = arith.ori %191, %116 : i1
        %193 = arith.extui %192 : i1 to i32
        %c0_i32_184 = arith.constant 0 : i32
        %194 = arith.cmpi ne, %193, %c0_i32_184 : i32
        scf.if %194 {
          "tpu.trace_start"() <{level = 10 : i32, message = "ep_wait_in"}> : () -> ()
          %c32_i32_247 = arith.constant 32 : i32
          %303 = arith.muli %c32_i32_247, %118 : i32
          %c128_i32 = arith.constant 128 : i32
          %304 = arith.muli %c128_i32, %119 : i32
          %c2_i32_248 = arith.constant 2 : i32
          %305 = arith.remui %arg5, %c2_i32_248 : i32
          %306 = tpu.memref_slice %0[%305] : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
          %307 = tpu.memref_squeeze %306 : memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
          %c0_i32_249 = arith.constant 0 : i32
          %c0_i32_250 = arith.constant 0 : i32
          %308 = tpu.memref_slice %alloca[%305, %c0_i32_249, %c0_i32_250] : memref<2x32x128xf32, #tpu.memory_space<vmem>> -> memref<1x32x128xf32, #tpu.memory_space<vmem>>
          %309 = tpu.memref_squeeze %308 : memref<1x32x128xf32, #tpu.memory_space<vmem>> -> memref<32x128xf32, #tpu.memory_space<vmem>>
          %310 = tpu.memref_slice %arg0[%303, %304] : memref<64x256xf32, #tpu.memory_space<any>> -> memref<32x128xf32, #tpu.memory_space<any>>
          tpu.wait_dma2 semaphore(%307 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%310 : memref<32x128xf32, #tpu.memory_space<any>>) dst(%309 : memref<32x128xf32, #tpu.memory_space<vmem>>)
          "tpu.trace_stop"() : () -> ()
        } else {
        }
        %195 = arith.cmpi ne, %119, %132 : i32
        %false_185 = arith.constant false
        %196 = arith.ori %false_185, %195 : i1
        %false_186 = arith.constant false
        %197 = arith.ori %196, %false_186 : i1
        %198 = arith.ori %197, %116 : i1
        %199 = arith.extui %198 : i1 to i32
        %c0_i32_187 = arith.constant 0 : i32
        %200 = arith.cmpi ne, %199, %c0_i32_187 : i32
        scf.if %200 {
          "tpu.trace_start"() <{level = 10 : i32, message = "ep_wait_in"}> : () -> ()
          %c128_i32 = arith.constant 128 : i32
          %303 = arith.muli %c128_i32, %119 : i32
          %c2_i32_247 = arith.constant 2 : i32
          %304 = arith.remui %arg7, %c2_i32_247 : i32
          %305 = tpu.memref_slice %1[%304] : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
          %306 = tpu.memref_squeeze %305 : memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
          %c0_i32_248 = arith.constant 0 : i32
          %c0_i32_249 = arith.constant 0 : i32
          %307 = tpu.memref_slice %alloca_0[%304, %c0_i32_248, %c0_i32_249] : memref<2x128x128xf32, #tpu.memory_space<vmem>> -> memref<1x128x128xf32, #tpu.memory_space<vmem>>
          %308 = tpu.memref_squeeze %307 : memref<1x128x128xf32, #tpu.memory_space<vmem>> -> memref<128x128xf32, #tpu.memory_space<vmem>>
          %c0_i32_250 = arith.constant 0 : i32
          %309 = tpu.memref_slice %arg1[%303, %c0_i32_250] : memref<256x128xf32, #tpu.memory_space<any>> -> memref<128x128xf32, #tpu.memory_space<any>>
          tpu.wait_dma2 semaphore(%306 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%309 : memref<128x128xf32, #tpu.memory_space<any>>) dst(%308 : memref<128x128xf32, #tpu.memory_space<vmem>>)
          "tpu.trace_stop"() : () -> ()
        } else {
        }
        %201 = arith.cmpi ne, %118, %131 : i32
        %false_188 = arith.constant false
        %202 = arith.ori %false_188, %201 : i1
        %false_189 = arith.constant false
        %203 = arith.ori %202, %false_189 : i1
        %204 = arith.ori %203, %116 : i1
        %205 = arith.extui %204 : i1 to i32
        %c0_i32_190 = arith.constant 0 : i32
        %206 = arith.cmpi ne, %205, %c0_i32_190 : i32
        scf.if %206 {
        } else {
        }
        %c2_i32_191 = arith.constant 2 : i32
        %207 = arith.remui %arg5, %c2_i32_191 : i32
        %c2_i32_192 = arith.constant 2 : i32
        %208 = arith.remui %arg7, %c2_i32_192 : i32
        %c2_i32_193 = arith.constant 2 : i32
        %209 = arith.remui %arg8, %c2_i32_193 : i32
        %c0_i32_194 = arith.constant 0 : i32
        "tpu.trace_start"() <{level = 10 : i32, message = "ep_run_kernel"}> : () -> ()
        %210 = arith.cmpi eq, %119, %c0_i32_194 : i32
        %211 = arith.extui %210 : i1 to i32
        %c0_i32_195 = arith.constant 0 : i32
        %212 = arith.cmpi ne, %211, %c0_i32_195 : i32
        scf.if %212 {
          %cst_247 = arith.constant 0.000000e+00 : f32
          %303 = vector.broadcast %cst_247 : f32 to vector<32x128xf32>
          %304 = arith.index_cast %209 : i32 to index
          %c0_248 = arith.constant 0 : index
          %c0_249 = arith.constant 0 : index
          %305 = vector.load %alloca_1[%304, %c0_248, %c0_249] : memref<2x32x128xf32, #tpu.memory_space<vmem>>, vector<1x32x128xf32>
          %306 = vector.shape_cast %305 : vector<1x32x128xf32> to vector<32x128xf32>
          %307 = vector.shape_cast %303 : vector<32x128xf32> to vector<1x32x128xf32>
          tpu.vector_store %alloca_1[%304, %c0_248, %c0_249], %307 {strides = array<i32>} : memref<2x32x128xf32, #tpu.memory_space<vmem>>, vector<1x32x128xf32>, 
        } else {
        }
        %213 = arith.index_cast %209 : i32 to index
        %c0 = arith.constant 0 : index
        %c0_196 = arith.constant 0 : index
        %214 = vector.load %alloca_1[%213, %c0, %c0_196] : memref<2x32x128xf32, #tpu.memory_space<vmem>>, vector<1x32x128xf32>
        %215 = vector.shape_cast %214 : vector<1x32x128xf32> to vector<32x128xf32>
        %216 = arith.index_cast %207 : i32 to index
        %c0_197 = arith.constant 0 : index
        %c0_198 = arith.constant 0 : index
        %217 = vector.load %alloca[%216, %c0_197, %c0_198] : memref<2x32x128xf32, #tpu.memory_space<vmem>>, vector<1x32x128xf32>
        %218 = vector.shape_cast %217 : vector<1x32x128xf32> to vector<32x128xf32>
        %219 = arith.index_cast %208 : i32 to index
        %c0_199 = arith.constant 0 : index
        %c0_200 = arith.constant 0 : index
        %220 = vector.load %alloca_0[%219, %c0_199, %c0_200] : memref<2x128x128xf32, #tpu.memory_space<vmem>>, vector<1x128x128xf32>
        %221 = vector.shape_cast %220 : vector<1x128x128xf32> to vector<128x128xf32>
        %cst = arith.constant dense<0.000000e+00> : vector<32x128xf32>
        %222 = tpu.matmul %218, %221, %cst {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs_hint = false} : vector<32x128xf32>, vector<128x128xf32>, vector<32x128xf32> -> vector<32x128xf32>
        %223 = arith.addf %215, %222 : vector<32x128xf32>
        %224 = arith.index_cast %209 : i32 to index
        %c0_201 = arith.constant 0 : index
        %c0_202 = arith.constant 0 : index
        %225 = vector.load %alloca_1[%224, %c0_201, %c0_202] : memref<2x32x128xf32, #tpu.memory_space<vmem>>, vector<1x32x128xf32>
        %226 = vector.shape_cast %225 : vector<1x32x128xf32> to vector<32x128xf32>
        %227 = vector.shape_cast %223 : vector<32x128xf32> to vector<1x32x128xf32>
        tpu.vector_store %alloca_1[%224, %c0_201, %c0_202], %227 {strides = array<i32>} : memref<2x32x128xf32, #tpu.memory_space<vmem>>, vector<1x32x128xf32>, 
        "tpu.trace_stop"() : () -> ()
        %228 = arith.cmpi ne, %118, %144 : i32
        %229 = arith.cmpi ne, %119, %145 : i32
        %false_203 = arith.constant false
        %230 = arith.ori %false_203, %228 : i1
        %231 = arith.ori %230, %229 : i1
        %232 = arith.ori %231, %117 : i1
        %233 = arith.extui %232 : i1 to i32
        %c0_i32_204 = arith.constant 0 : i32
        %234 = arith.cmpi ne, %233, %c0_i32_204 : i32
        scf.if %234 {
        } else {
        }
        %false_205 = arith.constant false
        %235 = arith.andi %232, %false_205 : i1
        %236 = arith.cmpi ne, %119, %145 : i32
        %false_206 = arith.constant false
        %237 = arith.ori %false_206, %236 : i1
        %false_207 = arith.constant false
        %238 = arith.ori %237, %false_207 : i1
        %239 = arith.ori %238, %117 : i1
        %240 = arith.extui %239 : i1 to i32
        %c0_i32_208 = arith.constant 0 : i32
        %241 = arith.cmpi ne, %240, %c0_i32_208 : i32
        scf.if %241 {
        } else {
        }
        %false_209 = arith.constant false
        %242 = arith.andi %239, %false_209 : i1
        %243 = arith.cmpi ne, %118, %144 : i32
        %false_210 = arith.constant false
        %244 = arith.ori %false_210, %243 : i1
        %false_211 = arith.constant false
        %245 = arith.ori %244, %false_211 : i1
        %246 = arith.ori %245, %117 : i1
        %247 = arith.extui %246 : i1 to i32
        %c0_i32_212 = arith.constant 0 : i32
        %248 = arith.cmpi ne, %247, %c0_i32_212 : i32
        scf.if %248 {
          "tpu.trace_start"() <{level = 10 : i32, message = "ep_copy_out"}> : () -> ()
          %c2_i32_247 = arith.constant 2 : i32
          %303 = arith.remui %arg8, %c2_i32_247 : i32
          %c32_i32_248 = arith.constant 32 : i32
          %304 = arith.muli %c32_i32_248, %118 : i32
          %305 = tpu.memref_slice %2[%303] : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
          %306 = tpu.memref_squeeze %305 : memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
          %c0_i32_249 = arith.constant 0 : i32
          %307 = tpu.memref_slice %arg2[%304, %c0_i32_249] : memref<64x128xf32, #tpu.memory_space<any>> -> memref<32x128xf32, #tpu.memory_space<any>>
          %c0_i32_250 = arith.constant 0 : i32
          %c0_i32_251 = arith.constant 0 : i32
          %308 = tpu.memref_slice %alloca_1[%303, %c0_i32_250, %c0_i32_251] : memref<2x32x128xf32, #tpu.memory_space<vmem>> -> memref<1x32x128xf32, #tpu.memory_space<vmem>>
          %309 = tpu.memref_squeeze %308 : memref<1x32x128xf32, #tpu.memory_space<vmem>> -> memref<32x128xf32, #tpu.memory_space<vmem>>
          tpu.enqueue_dma source(%309 : memref<32x128xf32, #tpu.memory_space<vmem>>) target(%307 : memref<32x128xf32, #tpu.memory_space<any>>) target_semaphore(%306 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
          "tpu.trace_stop"() : () -> ()
        } else {
        }
        %true_213 = arith.constant true
        %249 = arith.andi %246, %true_213 : i1
        %c1_i32_214 = arith.constant 1 : i32
        %250 = arith.addi %arg8, %c1_i32_214 : i32
        %251 = arith.select %249, %250, %arg8 : i32
        %252 = arith.cmpi ne, %118, %131 : i32
        %253 = arith.cmpi ne, %119, %132 : i32
        %false_215 = arith.constant false
        %254 = arith.ori %false_215, %252 : i1
        %255 = arith.ori %254, %253 : i1
        %true_216 = arith.constant true
        %256 = arith.xori %116, %true_216 : i1
        %257 = arith.andi %255, %256 : i1
        %258 = arith.extui %257 : i1 to i32
        %c0_i32_217 = arith.constant 0 : i32
        %259 = arith.cmpi ne, %258, %c0_i32_217 : i32
        scf.if %259 {
        } else {
        }
        %false_218 = arith.constant false
        %260 = arith.andi %257, %false_218 : i1
        %261 = arith.cmpi ne, %119, %132 : i32
        %false_219 = arith.constant false
        %262 = arith.ori %false_219, %261 : i1
        %false_220 = arith.constant false
        %263 = arith.ori %262, %false_220 : i1
        %true_221 = arith.constant true
        %264 = arith.xori %116, %true_221 : i1
        %265 = arith.andi %263, %264 : i1
        %266 = arith.extui %265 : i1 to i32
        %c0_i32_222 = arith.constant 0 : i32
        %267 = arith.cmpi ne, %266, %c0_i32_222 : i32
        scf.if %267 {
        } else {
        }
        %false_223 = arith.constant false
        %268 = arith.andi %265, %false_223 : i1
        %269 = arith.cmpi ne, %118, %131 : i32
        %false_224 = arith.constant false
        %270 = arith.ori %false_224, %269 : i1
        %false_225 = arith.constant false
        %271 = arith.ori %270, %false_225 : i1
        %true_226 = arith.constant true
        %272 = arith.xori %116, %true_226 : i1
        %273 = arith.andi %271, %272 : i1
        %274 = arith.extui %273 : i1 to i32
        %c0_i32_227 = arith.constant 0 : i32
        %275 = arith.cmpi ne, %274, %c0_i32_227 : i32
        scf.if %275 {
          "tpu.trace_start"() <{level = 10 : i32, message = "ep_wait_out"}> : () -> ()
          %c2_i32_247 = arith.constant 2 : i32
          %303 = arith.remui %arg9, %c2_i32_247 : i32
          %c32_i32_248 = arith.constant 32 : i32
          %304 = arith.muli %c32_i32_248, %131 : i32
          %305 = tpu.memref_slice %2[%303] : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
          %306 = tpu.memref_squeeze %305 : memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
          %c0_i32_249 = arith.constant 0 : i32
          %307 = tpu.memref_slice %arg2[%304, %c0_i32_249] : memref<64x128xf32, #tpu.memory_space<any>> -> memref<32x128xf32, #tpu.memory_space<any>>
          %c0_i32_250 = arith.constant 0 : i32
          %c0_i32_251 = arith.constant 0 : i32
          %308 = tpu.memref_slice %alloca_1[%303, %c0_i32_250, %c0_i32_251] : memref<2x32x128xf32, #tpu.memory_space<vmem>> -> memref<1x32x128xf32, #tpu.memory_space<vmem>>
          %309 = tpu.memref_squeeze %308 : memref<1x32x128xf32, #tpu.memory_space<vmem>> -> memref<32x128xf32, #tpu.memory_space<vmem>>
          tpu.wait_dma2 semaphore(%306 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%309 : memref<32x128xf32, #tpu.memory_space<vmem>>) dst(%307 : memref<32x128xf32, #tpu.memory_space<any>>)
          "tpu.trace_stop"() : () -> ()
        } else {
        }
        %true_228 = arith.constant true
        %276 = arith.andi %273, %true_228 : i1
        %c1_i32_229 = arith.constant 1 : i32
        %277 = arith.addi %arg9, %c1_i32_229 : i32
        %278 = arith.select %276, %277, %arg9 : i32
        %279 = arith.cmpi ne, %118, %144 : i32
        %280 = arith.cmpi ne, %119, %145 : i32
        %false_230 = arith.constant false
        %281 = arith.ori %false_230, %279 : i1
        %282 = arith.ori %281, %280 : i1
        %283 = arith.ori %282, %117 : i1
        %c1_i32_231 = arith.constant 1 : i32
        %284 = arith.addi %arg5, %c1_i32_231 : i32
        %285 = arith.select %283, %284, %arg5 : i32
        %286 = arith.cmpi ne, %119, %145 : i32
        %false_232 = arith.constant false
        %287 = arith.ori %false_232, %286 : i1
        %false_233 = arith.constant false
        %288 = arith.ori %287, %false_233 : i1
        %289 = arith.ori %288, %117 : i1
        %c1_i32_234 = arith.constant 1 : i32
        %290 = arith.addi %arg7, %c1_i32_234 : i32
        %291 = arith.select %289, %290, %arg7 : i32
        %c1_i32_235 = arith.constant 1 : i32
        %292 = arith.addi %arg12, %c1_i32_235 : i32
        %true_236 = arith.constant true
        %293 = arith.select %true_236, %292, %arg12 : i32
        %c2_i32_237 = arith.constant 2 : i32
        %294 = arith.cmpi eq, %293, %c2_i32_237 : i32
        %c0_i32_238 = arith.constant 0 : i32
        %295 = arith.select %294, %c0_i32_238, %293 : i32
        %c0_i32_239 = arith.constant 0 : i32
        %c1_i32_240 = arith.constant 1 : i32
        %296 = arith.select %294, %c1_i32_240, %c0_i32_239 : i32
        %c1_i32_241 = arith.constant 1 : i32
        %297 = arith.cmpi eq, %296, %c1_i32_241 : i32
        %c0_i32_242 = arith.constant 0 : i32
        %298 = arith.select %297, %c0_i32_242, %296 : i32
        %c1_i32_243 = arith.constant 1 : i32
        %299 = arith.addi %arg10, %c1_i32_243 : i32
        %300 = arith.select %297, %299, %arg10 : i32
        %c2_i32_244 = arith.constant 2 : i32
        %301 = arith.cmpi eq, %300, %c2_i32_244 : i32
        %c0_i32_245 = arith.constant 0 : i32
        %302 = arith.select %301, %c0_i32_245, %300 : i32
        %c0_i32_246 = arith.constant 0 : i32
        scf.yield %170, %285, %181, %291, %251, %278, %302, %c0_i32_246, %295 : i32, i32, i32, i32, i32, i32, i32, i32, i32
      }
      %c4_i32_69 = arith.constant 4 : i32
      %c1_i32_70 = arith.constant 1 : i32
      %56 = arith.subi %55#8, %c1_i32_70 : i32
      %true_71 = arith.constant true
      %57 = arith.select %true_71, %56, %55#8 : i32
      %c-1_i32_72 = arith.constant -1 : i32
      %58 = arith.cmpi eq, %57, %c-1_i32_72 : i32
      %c1_i32_73 = arith.constant 1 : i32
      %59 = arith.select %58, %c1_i32_73, %57 : i32
      %c1_i32_74 = arith.constant 1 : i32
      %60 = arith.subi %55#7, %c1_i32_74 : i32
      %61 = arith.select %58, %60, %55#7 : i32
      %c-1_i32_75 = arith.constant -1 : i32
      %62 = arith.cmpi eq, %61, %c-1_i32_75 : i32
      %c0_i32_76 = arith.constant 0 : i32
      %63 = arith.select %62, %c0_i32_76, %61 : i32
      %c1_i32_77 = arith.constant 1 : i32
      %64 = arith.subi %55#6, %c1_i32_77 : i32
      %65 = arith.select %62, %64, %55#6 : i32
      %c-1_i32_78 = arith.constant -1 : i32
      %66 = arith.cmpi eq, %65, %c-1_i32_78 : i32
      %c1_i32_79 = arith.constant 1 : i32
      %67 = arith.select %66, %c1_i32_79, %65 : i32
      %c0_i32_80 = arith.constant 0 : i32
      %68 = arith.addi %67, %c0_i32_80 : i32
      %c0_i32_81 = arith.constant 0 : i32
      %69 = arith.addi %59, %c0_i32_81 : i32
      %c1_i32_82 = arith.constant 1 : i32
      %70 = arith.subi %59, %c1_i32_82 : i32
      %true_83 = arith.constant true
      %71 = arith.select %true_83, %70, %59 : i32
      %c-1_i32_84 = arith.constant -1 : i32
      %72 = arith.cmpi eq, %71, %c-1_i32_84 : i32
      %c1_i32_85 = arith.constant 1 : i32
      %73 = arith.select %72, %c1_i32_85, %71 : i32
      %c0_i32_86 = arith.constant 0 : i32
      %c-1_i32_87 = arith.constant -1 : i32
      %74 = arith.select %72, %c-1_i32_87, %c0_i32_86 : i32
      %c-1_i32_88 = arith.constant -1 : i32
      %75 = arith.cmpi eq, %74, %c-1_i32_88 : i32
      %c0_i32_89 = arith.constant 0 : i32
      %76 = arith.select %75, %c0_i32_89, %74 : i32
      %c1_i32_90 = arith.constant 1 : i32
      %77 = arith.subi %67, %c1_i32_90 : i32
      %78 = arith.select %75, %77, %67 : i32
      %c-1_i32_91 = arith.constant -1 : i32
      %79 = arith.cmpi eq, %78, %c-1_i32_91 : i32
      %c1_i32_92 = arith.constant 1 : i32
      %80 = arith.select %79, %c1_i32_92, %78 : i32
      %c0_i32_93 = arith.constant 0 : i32
      %81 = arith.addi %80, %c0_i32_93 : i32
      %c0_i32_94 = arith.constant 0 : i32
      %82 = arith.addi %73, %c0_i32_94 : i32
      %c1_i32_95 = arith.constant 1 : i32
      %83 = arith.addi %59, %c1_i32_95 : i32
      %true_96 = arith.constant true
      %84 = arith.select %true_96, %83, %59 : i32
      %c2_i32_97 = arith.constant 2 : i32
      %85 = arith.cmpi eq, %84, %c2_i32_97 : i32
      %c0_i32_98 = arith.constant 0 : i32
      %86 = arith.select %85, %c0_i32_98, %84 : i32
      %c0_i32_99 = arith.constant 0 : i32
      %c1_i32_100 = arith.constant 1 : i32
      %87 = arith.select %85, %c1_i32_100, %c0_i32_99 : i32
      %c1_i32_101 = arith.constant 1 : i32
      %88 = arith.cmpi eq, %87, %c1_i32_101 : i32
      %c0_i32_102 = arith.constant 0 : i32
      %89 = arith.select %88, %c0_i32_102, %87 : i32
      %c1_i32_103 = arith.constant 1 : i32
      %90 = arith.addi %67, %c1_i32_103 : i32
      %91 = arith.select %88, %90, %67 : i32
      %c2_i32_104 = arith.constant 2 : i32
      %92 = arith.cmpi eq, %91, %c2_i32_104 : i32
      %c0_i32_105 = arith.constant 0 : i32
      %93 = arith.select %92, %c0_i32_105, %91 : i32
      %c0_i32_106 = arith.constant 0 : i32
      %94 = arith.addi %93, %c0_i32_106 : i32
      %c0_i32_107 = arith.constant 0 : i32
      %95 = arith.addi %86, %c0_i32_107 : i32
      %c1_i32_108 = arith.constant 1 : i32
      %96 = arith.addi %86, %c1_i32_108 : i32
      %true_109 = arith.constant true
      %97 = arith.select %true_109, %96, %86 : i32
      %c2_i32_110 = arith.constant 2 : i32
      %98 = arith.cmpi eq, %97, %c2_i32_110 : i32
      %c0_i32_111 = arith.constant 0 : i32
      %99 = arith.select %98, %c0_i32_111, %97 : i32
      %c0_i32_112 = arith.constant 0 : i32
      %c1_i32_113 = arith.constant 1 : i32
      %100 = arith.select %98, %c1_i32_113, %c0_i32_112 : i32
      %c1_i32_114 = arith.constant 1 : i32
      %101 = arith.cmpi eq, %100, %c1_i32_114 : i32
      %c0_i32_115 = arith.constant 0 : i32
      %102 = arith.select %101, %c0_i32_115, %100 : i32
      %c1_i32_116 = arith.constant 1 : i32
      %103 = arith.addi %93, %c1_i32_116 : i32
      %104 = arith.select %101, %103, %93 : i32
      %c2_i32_117 = arith.constant 2 : i32
      %105 = arith.cmpi eq, %104, %c2_i32_117 : i32
      %c0_i32_118 = arith.constant 0 : i32
      %106 = arith.select %105, %c0_i32_118, %104 : i32
      %c0_i32_119 = arith.constant 0 : i32
      %107 = arith.addi %106, %c0_i32_119 : i32
      %c0_i32_120 = arith.constant 0 : i32
      %108 = arith.addi %99, %c0_i32_120 : i32
      "tpu.trace_start"() <{level = 10 : i32, message = "ep_finalize"}> : () -> ()
      %c2_i32_121 = arith.constant 2 : i32
      %109 = arith.remui %55#5, %c2_i32_121 : i32
      %c32_i32 = arith.constant 32 : i32
      %110 = arith.muli %c32_i32, %68 : i32
      %111 = tpu.memref_slice %2[%109] : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %112 = tpu.memref_squeeze %111 : memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %c0_i32_122 = arith.constant 0 : i32
      %113 = tpu.memref_slice %arg2[%110, %c0_i32_122] : memref<64x128xf32, #tpu.memory_space<any>> -> memref<32x128xf32, #tpu.memory_space<any>>
      %c0_i32_123 = arith.constant 0 : i32
      %c0_i32_124 = arith.constant 0 : i32
      %114 = tpu.memref_slice %alloca_1[%109, %c0_i32_123, %c0_i32_124] : memref<2x32x128xf32, #tpu.memory_space<vmem>> -> memref<1x32x128xf32, #tpu.memory_space<vmem>>
      %115 = tpu.memref_squeeze %114 : memref<1x32x128xf32, #tpu.memory_space<vmem>> -> memref<32x128xf32, #tpu.memory_space<vmem>>
      tpu.wait_dma2 semaphore(%112 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%115 : memref<32x128xf32, #tpu.memory_space<vmem>>) dst(%113 : memref<32x128xf32, #tpu.memory_space<any>>)
      "tpu.trace_stop"() : () -> ()
      tpu.yield
    }) : () -> ()
    return
  }
}
