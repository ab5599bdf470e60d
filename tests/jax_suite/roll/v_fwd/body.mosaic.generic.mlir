"builtin.module"() ({
  "func.func"() <{function_type = (i32, memref<16x256xf32, #tpu.memory_space<vmem>>, memref<16x256xf32, #tpu.memory_space<vmem>>) -> (), sym_name = "kern"}> ({
  ^bb0(%arg2: i32, %arg3: memref<16x256xf32, #tpu.memory_space<vmem>>, %arg4: memref<16x256xf32, #tpu.memory_space<vmem>>):
    %4 = "arith.constant"() <{value = 0 : index}> : () -> index
    %5 = "arith.constant"() <{value = 0 : index}> : () -> index
    %6 = "vector.load"(%arg3, %4, %5) : (memref<16x256xf32, #tpu.memory_space<vmem>>, index, index) -> vector<16x256xf32>
    %7 = "arith.constant"() <{value = 3 : i32}> : () -> i32
    %8 = "tpu.dynamic_rotate"(%6, %7) <{dimension = 0 : si32}> : (vector<16x256xf32>, i32) -> vector<16x256xf32>
    %9 = "arith.constant"() <{value = 5 : i32}> : () -> i32
    %10 = "arith.muli"(%arg2, %9) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %11 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %12 = "arith.addi"(%10, %11) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %13 = "tpu.dynamic_rotate"(%6, %12) <{dimension = 1 : si32}> : (vector<16x256xf32>, i32) -> vector<16x256xf32>
    %14 = "arith.constant"() <{value = 1.000000e+01 : f32}> : () -> f32
    %15 = "vector.broadcast"(%14) : (f32) -> vector<16x256xf32>
    %16 = "arith.mulf"(%15, %13) <{fastmath = #arith.fastmath<none>}> : (vector<16x256xf32>, vector<16x256xf32>) -> vector<16x256xf32>
    %17 = "arith.addf"(%8, %16) <{fastmath = #arith.fastmath<none>}> : (vector<16x256xf32>, vector<16x256xf32>) -> vector<16x256xf32>
    %18 = "arith.constant"() <{value = 0 : index}> : () -> index
    %19 = "arith.constant"() <{value = 0 : index}> : () -> index
    %20 = "vector.load"(%arg4, %18, %19) : (memref<16x256xf32, #tpu.memory_space<vmem>>, index, index) -> vector<16x256xf32>
    "tpu.vector_store"(%17, %arg4, %18, %19) <{add = false, operandSegmentSizes = array<i32: 1, 1, 2, 0>, strides = array<i32>}> : (vector<16x256xf32>, memref<16x256xf32, #tpu.memory_space<vmem>>, index, index) -> ()
    "func.return"() : () -> ()
  }) {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 4>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 16, 256>}, {transform_indices = @transform_1, window_bounds = array<i64: 16, 256>}]} : () -> ()
  "func.func"() <{function_type = (i32) -> (i32, i32), sym_name = "transform_0"}> ({
  ^bb0(%arg1: i32):
    %2 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %3 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    "func.return"(%arg1, %2) : (i32, i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> (i32, i32), sym_name = "transform_1"}> ({
  ^bb0(%arg0: i32):
    %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    "func.return"(%arg0, %0) : (i32, i32) -> ()
  }) : () -> ()
}) {stable_mosaic.version = 11 : i64} : () -> ()
