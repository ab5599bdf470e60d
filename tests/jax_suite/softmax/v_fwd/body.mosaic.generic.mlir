"builtin.module"() ({
  "func.func"() <{function_type = (i32, memref<16x256xf32, #tpu.memory_space<vmem>>, memref<16x256xf32, #tpu.memory_space<vmem>>) -> (), sym_name = "kern"}> ({
  ^bb0(%arg2: i32, %arg3: memref<16x256xf32, #tpu.memory_space<vmem>>, %arg4: memref<16x256xf32, #tpu.memory_space<vmem>>):
    %4 = "arith.constant"() <{value = 0 : index}> : () -> index
    %5 = "arith.constant"() <{value = 0 : index}> : () -> index
    %6 = "vector.load"(%arg3, %4, %5) : (memref<16x256xf32, #tpu.memory_space<vmem>>, index, index) -> vector<16x256xf32>
    %7 = "arith.constant"() <{value = dense<0xFF800000> : vector<16xf32>}> : () -> vector<16xf32>
    %8 = "vector.multi_reduction"(%6, %7) <{kind = #vector.kind<maximumf>, reduction_dims = array<i64: 1>}> : (vector<16x256xf32>, vector<16xf32>) -> vector<16xf32>
    %9 = "vector.shape_cast"(%8) : (vector<16xf32>) -> vector<16x1xf32>
    %10 = "vector.broadcast"(%9) : (vector<16x1xf32>) -> vector<16x256xf32>
    %11 = "arith.subf"(%6, %10) <{fastmath = #arith.fastmath<none>}> : (vector<16x256xf32>, vector<16x256xf32>) -> vector<16x256xf32>
    %12 = "math.exp"(%11) <{fastmath = #arith.fastmath<none>}> : (vector<16x256xf32>) -> vector<16x256xf32>
    %13 = "arith.constant"() <{value = dense<0.000000e+00> : vector<16xf32>}> : () -> vector<16xf32>
    %14 = "vector.multi_reduction"(%12, %13) <{kind = #vector.kind<add>, reduction_dims = array<i64: 1>}> : (vector<16x256xf32>, vector<16xf32>) -> vector<16xf32>
    %15 = "vector.shape_cast"(%14) : (vector<16xf32>) -> vector<16x1xf32>
    %16 = "vector.broadcast"(%15) : (vector<16x1xf32>) -> vector<16x256xf32>
    %17 = "arith.divf"(%12, %16) <{fastmath = #arith.fastmath<none>}> : (vector<16x256xf32>, vector<16x256xf32>) -> vector<16x256xf32>
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
