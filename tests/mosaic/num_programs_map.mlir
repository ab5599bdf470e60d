// pl.num_programs in an index map (tpu.iteration_bound), on a dynamic grid of G steps: step
// i reads block G - 1 - i of x and writes block i of o, so o is x's first G blocks in reverse
// order, G being the call's bound, not one fixed when the kernel was compiled.
module @num_programs_map {
  func.func @kernel(%i: i32, %x: memref<8x128xi32, #tpu.memory_space<vmem>>, %o: memref<8x128xi32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: -9223372036854775808>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 8, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 8, 128>}]} {
    %c0 = arith.constant 0 : index
    %v = vector.load %x[%c0, %c0] : memref<8x128xi32, #tpu.memory_space<vmem>>, vector<8x128xi32>
    vector.store %v, %o[%c0, %c0] : memref<8x128xi32, #tpu.memory_space<vmem>>, vector<8x128xi32>
    return
  }
  func.func @transform_0(%i: i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %n = "tpu.iteration_bound"() {dim = 0 : i32} : () -> i32
    %last = arith.subi %n, %c1 : i32
    %b = arith.subi %last, %i : i32
    return %b, %c0 : i32, i32
  }
  func.func @transform_1(%i: i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    return %i, %c0 : i32, i32
  }
}
