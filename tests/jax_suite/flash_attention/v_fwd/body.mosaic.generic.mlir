"builtin.module"() ({
  "func.func"() <{function_type = (i32, i32, i32, memref<1x64x64xf32, #tpu.memory_space<vmem>>, memref<1x128x64xf32, #tpu.memory_space<vmem>>, memref<1x128x64xf32, #tpu.memory_space<vmem>>, memref<1x64x64xf32, #tpu.memory_space<vmem>>, memref<64x1xf32, #tpu.memory_space<vmem>>, memref<64x1xf32, #tpu.memory_space<vmem>>, memref<64x64xf32, #tpu.memory_space<vmem>>) -> (), sym_name = "kern"}> ({
  ^bb0(%arg12: i32, %arg13: i32, %arg14: i32, %arg15: memref<1x64x64xf32, #tpu.memory_space<vmem>>, %arg16: memref<1x128x64xf32, #tpu.memory_space<vmem>>, %arg17: memref<1x128x64xf32, #tpu.memory_space<vmem>>, %arg18: memref<1x64x64xf32, #tpu.memory_space<vmem>>, %arg19: memref<64x1xf32, #tpu.memory_space<vmem>>, %arg20: memref<64x1xf32, #tpu.memory_space<vmem>>, %arg21: memref<64x64xf32, #tpu.memory_space<vmem>>):
    %8 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %9 = "arith.cmpi"(%arg14, %8) <{predicate = 0 : i64}> : (i32, i32) -> i1
    %10 = "arith.extui"(%9) : (i1) -> i32
    %11 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %12 = "arith.cmpi"(%10, %11) <{predicate = 1 : i64}> : (i32, i32) -> i1
    "scf.if"(%12) ({
      %116 = "arith.constant"() <{value = 0xFF800000 : f32}> : () -> f32
      %117 = "vector.broadcast"(%116) : (f32) -> vector<64x1xf32>
      %118 = "arith.constant"() <{value = 0 : index}> : () -> index
      %119 = "arith.constant"() <{value = 0 : index}> : () -> index
      %120 = "vector.load"(%arg19, %118, %119) : (memref<64x1xf32, #tpu.memory_space<vmem>>, index, index) -> vector<64x1xf32>
      %121 = "vector.shape_cast"(%120) : (vector<64x1xf32>) -> vector<64x1xf32>
      %122 = "vector.shape_cast"(%117) : (vector<64x1xf32>) -> vector<64x1xf32>
      "tpu.vector_store"(%122, %arg19, %118, %119) <{add = false, operandSegmentSizes = array<i32: 1, 1, 2, 0>, strides = array<i32>}> : (vector<64x1xf32>, memref<64x1xf32, #tpu.memory_space<vmem>>, index, index) -> ()
      %123 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
      %124 = "vector.broadcast"(%123) : (f32) -> vector<64x1xf32>
      %125 = "arith.constant"() <{value = 0 : index}> : () -> index
      %126 = "arith.constant"() <{value = 0 : index}> : () -> index
      %127 = "vector.load"(%arg20, %125, %126) : (memref<64x1xf32, #tpu.memory_space<vmem>>, index, index) -> vector<64x1xf32>
      %128 = "vector.shape_cast"(%127) : (vector<64x1xf32>) -> vector<64x1xf32>
      %129 = "vector.shape_cast"(%124) : (vector<64x1xf32>) -> vector<64x1xf32>
      "tpu.vector_store"(%129, %arg20, %125, %126) <{add = false, operandSegmentSizes = array<i32: 1, 1, 2, 0>, strides = array<i32>}> : (vector<64x1xf32>, memref<64x1xf32, #tpu.memory_space<vmem>>, index, index) -> ()
      %130 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
      %131 = "vector.broadcast"(%130) : (f32) -> vector<64x64xf32>
      %132 = "arith.constant"() <{value = 0 : index}> : () -> index
      %133 = "arith.constant"() <{value = 0 : index}> : () -> index
      %134 = "vector.load"(%arg21, %132, %133) : (memref<64x64xf32, #tpu.memory_space<vmem>>, index, index) -> vector<64x64xf32>
      %135 = "vector.shape_cast"(%134) : (vector<64x64xf32>) -> vector<64x64xf32>
      %136 = "vector.shape_cast"(%131) : (vector<64x64xf32>) -> vector<64x64xf32>
      "tpu.vector_store"(%136, %arg21, %132, %133) <{add = false, operandSegmentSizes = array<i32: 1, 1, 2, 0>, strides = array<i32>}> : (vector<64x64xf32>, memref<64x64xf32, #tpu.memory_space<vmem>>, index, index) -> ()
      "scf.yield"() : () -> ()
    }, {
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
    %13 = "arith.constant"() <{value = 128 : i32}> : () -> i32
    %14 = "arith.muli"(%arg14, %13) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %15 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %16 = "arith.addi"(%arg13, %15) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %17 = "arith.constant"() <{value = 64 : i32}> : () -> i32
    %18 = "arith.muli"(%16, %17) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %19 = "arith.cmpi"(%14, %18) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %20 = "arith.extui"(%19) : (i1) -> i32
    %21 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %22 = "arith.cmpi"(%20, %21) <{predicate = 1 : i64}> : (i32, i32) -> i1
    "scf.if"(%22) ({
      %42 = "arith.constant"() <{value = 0 : index}> : () -> index
      %43 = "arith.constant"() <{value = 0 : index}> : () -> index
      %44 = "arith.constant"() <{value = 0 : index}> : () -> index
      %45 = "vector.load"(%arg15, %42, %43, %44) : (memref<1x64x64xf32, #tpu.memory_space<vmem>>, index, index, index) -> vector<1x64x64xf32>
      %46 = "vector.shape_cast"(%45) : (vector<1x64x64xf32>) -> vector<64x64xf32>
      %47 = "arith.constant"() <{value = 0 : index}> : () -> index
      %48 = "arith.constant"() <{value = 0 : index}> : () -> index
      %49 = "arith.constant"() <{value = 0 : index}> : () -> index
      %50 = "vector.load"(%arg16, %47, %48, %49) : (memref<1x128x64xf32, #tpu.memory_space<vmem>>, index, index, index) -> vector<1x128x64xf32>
      %51 = "vector.shape_cast"(%50) : (vector<1x128x64xf32>) -> vector<128x64xf32>
      %52 = "arith.constant"() <{value = dense<0.000000e+00> : vector<64x128xf32>}> : () -> vector<64x128xf32>
      %53 = "tpu.matmul"(%46, %51, %52) <{dimension_numbers = #tpu.dot_dimension_numbers<[1], [1], [0], [0], [0, 0, 1, 0], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs = false, transpose_lhs_hint = false, transpose_rhs = false}> : (vector<64x64xf32>, vector<128x64xf32>, vector<64x128xf32>) -> vector<64x128xf32>
      %54 = "arith.constant"() <{value = 64 : i32}> : () -> i32
      %55 = "arith.muli"(%arg13, %54) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %56 = "tpu.iota"() <{dimensions = array<i32: 0>}> : () -> vector<64x128xi32>
      %57 = "vector.broadcast"(%55) : (i32) -> vector<64x128xi32>
      %58 = "arith.addi"(%57, %56) <{overflowFlags = #arith.overflow<none>}> : (vector<64x128xi32>, vector<64x128xi32>) -> vector<64x128xi32>
      %59 = "arith.constant"() <{value = 128 : i32}> : () -> i32
      %60 = "arith.muli"(%arg14, %59) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %61 = "tpu.iota"() <{dimensions = array<i32: 1>}> : () -> vector<64x128xi32>
      %62 = "vector.broadcast"(%60) : (i32) -> vector<64x128xi32>
      %63 = "arith.addi"(%62, %61) <{overflowFlags = #arith.overflow<none>}> : (vector<64x128xi32>, vector<64x128xi32>) -> vector<64x128xi32>
      %64 = "arith.cmpi"(%63, %58) <{predicate = 3 : i64}> : (vector<64x128xi32>, vector<64x128xi32>) -> vector<64x128xi1>
      %65 = "arith.constant"() <{value = -1.000000e+30 : f32}> : () -> f32
      %66 = "vector.broadcast"(%65) : (f32) -> vector<64x128xf32>
      %67 = "arith.select"(%64, %53, %66) : (vector<64x128xi1>, vector<64x128xf32>, vector<64x128xf32>) -> vector<64x128xf32>
      %68 = "arith.constant"() <{value = 0 : index}> : () -> index
      %69 = "arith.constant"() <{value = 0 : index}> : () -> index
      %70 = "vector.load"(%arg19, %68, %69) : (memref<64x1xf32, #tpu.memory_space<vmem>>, index, index) -> vector<64x1xf32>
      %71 = "arith.constant"() <{value = dense<0xFF800000> : vector<64xf32>}> : () -> vector<64xf32>
      %72 = "vector.multi_reduction"(%67, %71) <{kind = #vector.kind<maximumf>, reduction_dims = array<i64: 1>}> : (vector<64x128xf32>, vector<64xf32>) -> vector<64xf32>
      %73 = "vector.shape_cast"(%72) : (vector<64xf32>) -> vector<64x1xf32>
      %74 = "arith.maximumf"(%70, %73) <{fastmath = #arith.fastmath<none>}> : (vector<64x1xf32>, vector<64x1xf32>) -> vector<64x1xf32>
      %75 = "vector.broadcast"(%74) : (vector<64x1xf32>) -> vector<64x128xf32>
      %76 = "arith.subf"(%67, %75) <{fastmath = #arith.fastmath<none>}> : (vector<64x128xf32>, vector<64x128xf32>) -> vector<64x128xf32>
      %77 = "math.exp"(%76) <{fastmath = #arith.fastmath<none>}> : (vector<64x128xf32>) -> vector<64x128xf32>
      %78 = "arith.subf"(%70, %74) <{fastmath = #arith.fastmath<none>}> : (vector<64x1xf32>, vector<64x1xf32>) -> vector<64x1xf32>
      %79 = "math.exp"(%78) <{fastmath = #arith.fastmath<none>}> : (vector<64x1xf32>) -> vector<64x1xf32>
      %80 = "arith.constant"() <{value = 0 : index}> : () -> index
      %81 = "arith.constant"() <{value = 0 : index}> : () -> index
      %82 = "vector.load"(%arg20, %80, %81) : (memref<64x1xf32, #tpu.memory_space<vmem>>, index, index) -> vector<64x1xf32>
      %83 = "arith.mulf"(%79, %82) <{fastmath = #arith.fastmath<none>}> : (vector<64x1xf32>, vector<64x1xf32>) -> vector<64x1xf32>
      %84 = "arith.constant"() <{value = dense<0.000000e+00> : vector<64xf32>}> : () -> vector<64xf32>
      %85 = "vector.multi_reduction"(%77, %84) <{kind = #vector.kind<add>, reduction_dims = array<i64: 1>}> : (vector<64x128xf32>, vector<64xf32>) -> vector<64xf32>
      %86 = "vector.shape_cast"(%85) : (vector<64xf32>) -> vector<64x1xf32>
      %87 = "arith.addf"(%83, %86) <{fastmath = #arith.fastmath<none>}> : (vector<64x1xf32>, vector<64x1xf32>) -> vector<64x1xf32>
      %88 = "arith.constant"() <{value = 0 : index}> : () -> index
      %89 = "arith.constant"() <{value = 0 : index}> : () -> index
      %90 = "vector.load"(%arg20, %88, %89) : (memref<64x1xf32, #tpu.memory_space<vmem>>, index, index) -> vector<64x1xf32>
      %91 = "vector.shape_cast"(%90) : (vector<64x1xf32>) -> vector<64x1xf32>
      %92 = "vector.shape_cast"(%87) : (vector<64x1xf32>) -> vector<64x1xf32>
      "tpu.vector_store"(%92, %arg20, %88, %89) <{add = false, operandSegmentSizes = array<i32: 1, 1, 2, 0>, strides = array<i32>}> : (vector<64x1xf32>, memref<64x1xf32, #tpu.memory_space<vmem>>, index, index) -> ()
      %93 = "arith.constant"() <{value = 0 : index}> : () -> index
      %94 = "arith.constant"() <{value = 0 : index}> : () -> index
      %95 = "vector.load"(%arg21, %93, %94) : (memref<64x64xf32, #tpu.memory_space<vmem>>, index, index) -> vector<64x64xf32>
      %96 = "vector.broadcast"(%79) : (vector<64x1xf32>) -> vector<64x64xf32>
      %97 = "arith.mulf"(%96, %95) <{fastmath = #arith.fastmath<none>}> : (vector<64x64xf32>, vector<64x64xf32>) -> vector<64x64xf32>
      %98 = "arith.constant"() <{value = 0 : index}> : () -> index
      %99 = "arith.constant"() <{value = 0 : index}> : () -> index
      %100 = "arith.constant"() <{value = 0 : index}> : () -> index
      %101 = "vector.load"(%arg17, %98, %99, %100) : (memref<1x128x64xf32, #tpu.memory_space<vmem>>, index, index, index) -> vector<1x128x64xf32>
      %102 = "vector.shape_cast"(%101) : (vector<1x128x64xf32>) -> vector<128x64xf32>
      %103 = "arith.constant"() <{value = dense<0.000000e+00> : vector<64x64xf32>}> : () -> vector<64x64xf32>
      %104 = "tpu.matmul"(%77, %102, %103) <{dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs = false, transpose_lhs_hint = false, transpose_rhs = false}> : (vector<64x128xf32>, vector<128x64xf32>, vector<64x64xf32>) -> vector<64x64xf32>
      %105 = "arith.addf"(%97, %104) <{fastmath = #arith.fastmath<none>}> : (vector<64x64xf32>, vector<64x64xf32>) -> vector<64x64xf32>
      %106 = "arith.constant"() <{value = 0 : index}> : () -> index
      %107 = "arith.constant"() <{value = 0 : index}> : () -> index
      %108 = "vector.load"(%arg21, %106, %107) : (memref<64x64xf32, #tpu.memory_space<vmem>>, index, index) -> vector<64x64xf32>
      %109 = "vector.shape_cast"(%108) : (vector<64x64xf32>) -> vector<64x64xf32>
      %110 = "vector.shape_cast"(%105) : (vector<64x64xf32>) -> vector<64x64xf32>
      "tpu.vector_store"(%110, %arg21, %106, %107) <{add = false, operandSegmentSizes = array<i32: 1, 1, 2, 0>, strides = array<i32>}> : (vector<64x64xf32>, memref<64x64xf32, #tpu.memory_space<vmem>>, index, index) -> ()
      %111 = "arith.constant"() <{value = 0 : index}> : () -> index
      %112 = "arith.constant"() <{value = 0 : index}> : () -> index
      %113 = "vector.load"(%arg19, %111, %112) : (memref<64x1xf32, #tpu.memory_space<vmem>>, index, index) -> vector<64x1xf32>
      %114 = "vector.shape_cast"(%113) : (vector<64x1xf32>) -> vector<64x1xf32>
      %115 = "vector.shape_cast"(%74) : (vector<64x1xf32>) -> vector<64x1xf32>
      "tpu.vector_store"(%115, %arg19, %111, %112) <{add = false, operandSegmentSizes = array<i32: 1, 1, 2, 0>, strides = array<i32>}> : (vector<64x1xf32>, memref<64x1xf32, #tpu.memory_space<vmem>>, index, index) -> ()
      "scf.yield"() : () -> ()
    }, {
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
    %23 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %24 = "arith.cmpi"(%arg14, %23) <{predicate = 0 : i64}> : (i32, i32) -> i1
    %25 = "arith.extui"(%24) : (i1) -> i32
    %26 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %27 = "arith.cmpi"(%25, %26) <{predicate = 1 : i64}> : (i32, i32) -> i1
    "scf.if"(%27) ({
      %28 = "arith.constant"() <{value = 0 : index}> : () -> index
      %29 = "arith.constant"() <{value = 0 : index}> : () -> index
      %30 = "vector.load"(%arg21, %28, %29) : (memref<64x64xf32, #tpu.memory_space<vmem>>, index, index) -> vector<64x64xf32>
      %31 = "arith.constant"() <{value = 0 : index}> : () -> index
      %32 = "arith.constant"() <{value = 0 : index}> : () -> index
      %33 = "vector.load"(%arg20, %31, %32) : (memref<64x1xf32, #tpu.memory_space<vmem>>, index, index) -> vector<64x1xf32>
      %34 = "vector.broadcast"(%33) : (vector<64x1xf32>) -> vector<64x64xf32>
      %35 = "arith.divf"(%30, %34) <{fastmath = #arith.fastmath<none>}> : (vector<64x64xf32>, vector<64x64xf32>) -> vector<64x64xf32>
      %36 = "arith.constant"() <{value = 0 : index}> : () -> index
      %37 = "arith.constant"() <{value = 0 : index}> : () -> index
      %38 = "arith.constant"() <{value = 0 : index}> : () -> index
      %39 = "vector.load"(%arg18, %36, %37, %38) : (memref<1x64x64xf32, #tpu.memory_space<vmem>>, index, index, index) -> vector<1x64x64xf32>
      %40 = "vector.shape_cast"(%39) : (vector<1x64x64xf32>) -> vector<64x64xf32>
      %41 = "vector.shape_cast"(%35) : (vector<64x64xf32>) -> vector<1x64x64xf32>
      "tpu.vector_store"(%41, %arg18, %36, %37, %38) <{add = false, operandSegmentSizes = array<i32: 1, 1, 3, 0>, strides = array<i32>}> : (vector<1x64x64xf32>, memref<1x64x64xf32, #tpu.memory_space<vmem>>, index, index, index) -> ()
      "scf.yield"() : () -> ()
    }, {
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
    "func.return"() : () -> ()
  }) {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 1, 4, 2>, scalar_prefetch = 0 : i64, scratch_operands = 3 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 1, 64, 64>}, {transform_indices = @transform_1, window_bounds = array<i64: 1, 128, 64>}, {transform_indices = @transform_2, window_bounds = array<i64: 1, 128, 64>}, {transform_indices = @transform_3, window_bounds = array<i64: 1, 64, 64>}]} : () -> ()
  "func.func"() <{function_type = (i32, i32, i32) -> (i32, i32, i32), sym_name = "transform_0"}> ({
  ^bb0(%arg9: i32, %arg10: i32, %arg11: i32):
    %6 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %7 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    "func.return"(%arg9, %arg10, %6) : (i32, i32, i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32, i32, i32) -> (i32, i32, i32), sym_name = "transform_1"}> ({
  ^bb0(%arg6: i32, %arg7: i32, %arg8: i32):
    %4 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %5 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    "func.return"(%arg6, %arg8, %4) : (i32, i32, i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32, i32, i32) -> (i32, i32, i32), sym_name = "transform_2"}> ({
  ^bb0(%arg3: i32, %arg4: i32, %arg5: i32):
    %2 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %3 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    "func.return"(%arg3, %arg5, %2) : (i32, i32, i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32, i32, i32) -> (i32, i32, i32), sym_name = "transform_3"}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: i32):
    %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    "func.return"(%arg0, %arg1, %0) : (i32, i32, i32) -> ()
  }) : () -> ()
}) {stable_mosaic.version = 11 : i64} : () -> ()
