"builtin.module"() ({
  "func.func"() <{function_type = (i32, memref<16x256xf32, #tpu.memory_space<vmem>>, memref<16x1xf32, #tpu.memory_space<vmem>>, memref<16x1xf32, #tpu.memory_space<vmem>>, memref<16x1xi32, #tpu.memory_space<vmem>>, memref<1x1x256xf32, #tpu.memory_space<vmem>>) -> (), sym_name = "kern"}> ({
  ^bb0(%arg5: i32, %arg6: memref<16x256xf32, #tpu.memory_space<vmem>>, %arg7: memref<16x1xf32, #tpu.memory_space<vmem>>, %arg8: memref<16x1xf32, #tpu.memory_space<vmem>>, %arg9: memref<16x1xi32, #tpu.memory_space<vmem>>, %arg10: memref<1x1x256xf32, #tpu.memory_space<vmem>>):
    %11 = "arith.constant"() <{value = 0 : index}> : () -> index
    %12 = "arith.constant"() <{value = 0 : index}> : () -> index
    %13 = "vector.load"(%arg6, %11, %12) : (memref<16x256xf32, #tpu.memory_space<vmem>>, index, index) -> vector<16x256xf32>
    %14 = "arith.constant"() <{value = dense<0.000000e+00> : vector<16xf32>}> : () -> vector<16xf32>
    %15 = "vector.multi_reduction"(%13, %14) <{kind = #vector.kind<add>, reduction_dims = array<i64: 1>}> : (vector<16x256xf32>, vector<16xf32>) -> vector<16xf32>
    %16 = "vector.shape_cast"(%15) : (vector<16xf32>) -> vector<16x1xf32>
    %17 = "arith.constant"() <{value = 0 : index}> : () -> index
    %18 = "arith.constant"() <{value = 0 : index}> : () -> index
    %19 = "vector.load"(%arg7, %17, %18) : (memref<16x1xf32, #tpu.memory_space<vmem>>, index, index) -> vector<16x1xf32>
    "tpu.vector_store"(%16, %arg7, %17, %18) <{add = false, operandSegmentSizes = array<i32: 1, 1, 2, 0>, strides = array<i32>}> : (vector<16x1xf32>, memref<16x1xf32, #tpu.memory_space<vmem>>, index, index) -> ()
    %20 = "arith.constant"() <{value = dense<0xFF800000> : vector<16xf32>}> : () -> vector<16xf32>
    %21 = "vector.multi_reduction"(%13, %20) <{kind = #vector.kind<maximumf>, reduction_dims = array<i64: 1>}> : (vector<16x256xf32>, vector<16xf32>) -> vector<16xf32>
    %22 = "vector.shape_cast"(%21) : (vector<16xf32>) -> vector<16x1xf32>
    %23 = "arith.constant"() <{value = 0 : index}> : () -> index
    %24 = "arith.constant"() <{value = 0 : index}> : () -> index
    %25 = "vector.load"(%arg8, %23, %24) : (memref<16x1xf32, #tpu.memory_space<vmem>>, index, index) -> vector<16x1xf32>
    "tpu.vector_store"(%22, %arg8, %23, %24) <{add = false, operandSegmentSizes = array<i32: 1, 1, 2, 0>, strides = array<i32>}> : (vector<16x1xf32>, memref<16x1xf32, #tpu.memory_space<vmem>>, index, index) -> ()
    %26 = "tpu.reduce_index"(%13) <{axis = 1 : i32, kind = #tpu.reduction_kind<arg_max>}> : (vector<16x256xf32>) -> vector<16xi32>
    %27 = "vector.shape_cast"(%26) : (vector<16xi32>) -> vector<16x1xi32>
    %28 = "arith.constant"() <{value = 0 : index}> : () -> index
    %29 = "arith.constant"() <{value = 0 : index}> : () -> index
    %30 = "vector.load"(%arg9, %28, %29) : (memref<16x1xi32, #tpu.memory_space<vmem>>, index, index) -> vector<16x1xi32>
    "tpu.vector_store"(%27, %arg9, %28, %29) <{add = false, operandSegmentSizes = array<i32: 1, 1, 2, 0>, strides = array<i32>}> : (vector<16x1xi32>, memref<16x1xi32, #tpu.memory_space<vmem>>, index, index) -> ()
    %31 = "arith.constant"() <{value = dense<0x7F800000> : vector<256xf32>}> : () -> vector<256xf32>
    %32 = "vector.multi_reduction"(%13, %31) <{kind = #vector.kind<minimumf>, reduction_dims = array<i64: 0>}> : (vector<16x256xf32>, vector<256xf32>) -> vector<256xf32>
    %33 = "vector.shape_cast"(%32) : (vector<256xf32>) -> vector<1x256xf32>
    %34 = "vector.shape_cast"(%33) : (vector<1x256xf32>) -> vector<1x1x256xf32>
    %35 = "arith.constant"() <{value = 0 : index}> : () -> index
    %36 = "arith.constant"() <{value = 0 : index}> : () -> index
    %37 = "arith.constant"() <{value = 0 : index}> : () -> index
    %38 = "vector.load"(%arg10, %35, %36, %37) : (memref<1x1x256xf32, #tpu.memory_space<vmem>>, index, index, index) -> vector<1x1x256xf32>
    "tpu.vector_store"(%34, %arg10, %35, %36, %37) <{add = false, operandSegmentSizes = array<i32: 1, 1, 3, 0>, strides = array<i32>}> : (vector<1x1x256xf32>, memref<1x1x256xf32, #tpu.memory_space<vmem>>, index, index, index) -> ()
    "func.return"() : () -> ()
  }) {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 4>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 16, 256>}, {transform_indices = @transform_1, window_bounds = array<i64: 16, 1>}, {transform_indices = @transform_2, window_bounds = array<i64: 16, 1>}, {transform_indices = @transform_3, window_bounds = array<i64: 16, 1>}, {transform_indices = @transform_4, window_bounds = array<i64: 1, 1, 256>}]} : () -> ()
  "func.func"() <{function_type = (i32) -> (i32, i32), sym_name = "transform_0"}> ({
  ^bb0(%arg4: i32):
    %9 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %10 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    "func.return"(%arg4, %9) : (i32, i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> (i32, i32), sym_name = "transform_1"}> ({
  ^bb0(%arg3: i32):
    %7 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %8 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    "func.return"(%arg3, %7) : (i32, i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> (i32, i32), sym_name = "transform_2"}> ({
  ^bb0(%arg2: i32):
    %5 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %6 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    "func.return"(%arg2, %5) : (i32, i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> (i32, i32), sym_name = "transform_3"}> ({
  ^bb0(%arg1: i32):
    %3 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %4 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    "func.return"(%arg1, %3) : (i32, i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> (i32, i32, i32), sym_name = "transform_4"}> ({
  ^bb0(%arg0: i32):
    %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %2 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    "func.return"(%arg0, %0, %1) : (i32, i32, i32) -> ()
  }) : () -> ()
}) {stable_mosaic.version = 11 : i64} : () -> ()
