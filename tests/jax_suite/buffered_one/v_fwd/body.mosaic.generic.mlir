"builtin.module"() ({
  "func.func"() <{function_type = (i32, memref<16x256xf32, #tpu.memory_space<vmem>>, memref<16x256xf32, #tpu.memory_space<vmem>>, memref<16x256xf32, #tpu.memory_space<vmem>>) -> (), sym_name = "kern"}> ({
  ^bb0(%arg3: i32, %arg4: memref<16x256xf32, #tpu.memory_space<vmem>>, %arg5: memref<16x256xf32, #tpu.memory_space<vmem>>, %arg6: memref<16x256xf32, #tpu.memory_space<vmem>>):
    %7 = "arith.constant"() <{value = 0 : index}> : () -> index
    %8 = "arith.constant"() <{value = 0 : index}> : () -> index
    %9 = "vector.load"(%arg4, %7, %8) : (memref<16x256xf32, #tpu.memory_space<vmem>>, index, index) -> vector<16x256xf32>
    %10 = "arith.constant"() <{value = 0 : index}> : () -> index
    %11 = "arith.constant"() <{value = 0 : index}> : () -> index
    %12 = "vector.load"(%arg5, %10, %11) : (memref<16x256xf32, #tpu.memory_space<vmem>>, index, index) -> vector<16x256xf32>
    %13 = "arith.mulf"(%9, %12) <{fastmath = #arith.fastmath<none>}> : (vector<16x256xf32>, vector<16x256xf32>) -> vector<16x256xf32>
    %14 = "arith.constant"() <{value = 0 : index}> : () -> index
    %15 = "arith.constant"() <{value = 0 : index}> : () -> index
    %16 = "vector.load"(%arg6, %14, %15) : (memref<16x256xf32, #tpu.memory_space<vmem>>, index, index) -> vector<16x256xf32>
    "tpu.vector_store"(%13, %arg6, %14, %15) <{add = false, operandSegmentSizes = array<i32: 1, 1, 2, 0>, strides = array<i32>}> : (vector<16x256xf32>, memref<16x256xf32, #tpu.memory_space<vmem>>, index, index) -> ()
    "func.return"() : () -> ()
  }) {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 4>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 16, 256>}, {pipeline_mode = #tpu.pipeline_mode<synchronous>, transform_indices = @transform_1, window_bounds = array<i64: 16, 256>}, {transform_indices = @transform_2, window_bounds = array<i64: 16, 256>}]} : () -> ()
  "func.func"() <{function_type = (i32) -> (i32, i32), sym_name = "transform_0"}> ({
  ^bb0(%arg2: i32):
    %5 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %6 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    "func.return"(%arg2, %5) : (i32, i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> (i32, i32), sym_name = "transform_1"}> ({
  ^bb0(%arg1: i32):
    %2 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %3 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %4 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    "func.return"(%2, %3) : (i32, i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> (i32, i32), sym_name = "transform_2"}> ({
  ^bb0(%arg0: i32):
    %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    "func.return"(%arg0, %0) : (i32, i32) -> ()
  }) : () -> ()
}) {stable_mosaic.version = 11 : i64} : () -> ()
