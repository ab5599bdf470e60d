// A branch on vector data: each step sums its (8, 128) block and multiplies it by itself
// only when the sum is positive, so its cost depends on the data. A timing-only run cannot
// be exact here (tests/cli/timing_only.sh: the fallback, and strict refuses).
module @data_branch {
  func.func @kernel(%i: i32, %x: memref<8x128xf32, #tpu.memory_space<vmem>>, %o: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 4>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 8, 128>}, {transform_indices = @transform_0, window_bounds = array<i64: 8, 128>}]} {
    %c0 = arith.constant 0 : index
    %v = vector.load %x[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %init = arith.constant 0.000000e+00 : f32
    %s = "vector.multi_reduction"(%v, %init) <{kind = #vector.kind<add>, reduction_dims = array<i64: 0, 1>}> : (vector<8x128xf32>, f32) -> f32
    %zero = arith.constant 0.000000e+00 : f32
    %pos = arith.cmpf ogt, %s, %zero : f32
    scf.if %pos {
      %t = "vector.transpose"(%v) <{permutation = array<i64: 1, 0>}> : (vector<8x128xf32>) -> vector<128x8xf32>
      %acc = arith.constant dense<0.000000e+00> : vector<8x8xf32>
      %p = "tpu.matmul"(%v, %t, %acc) {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>} : (vector<8x128xf32>, vector<128x8xf32>, vector<8x8xf32>) -> vector<8x8xf32>
      %e = "vector.extract_strided_slice"(%v) <{offsets = array<i64: 0, 0>, sizes = array<i64: 8, 8>, strides = array<i64: 1, 1>}> : (vector<8x128xf32>) -> vector<8x8xf32>
      vector.store %p, %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x8xf32>
    }
    vector.store %v, %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    return
  }
  func.func @transform_0(%i: i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    return %i, %c0 : i32, i32
  }
}
