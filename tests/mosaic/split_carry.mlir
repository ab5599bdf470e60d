// A running sum over all row blocks, kept in scratch across the parallel axis: zeroed only at
// the very first step. Legal on a chip with one TensorCore, which runs the grid in order, so
// the host part's half must not stand: it reads scratch it did not write. Output block i holds
// the sum of the x blocks 0..i (both columns).
module @split_carry {
  func.func @kernel(%i: i32, %j: i32, %x: memref<8x128xf32, #tpu.memory_space<vmem>>, %o: memref<8x128xf32, #tpu.memory_space<vmem>>, %acc: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 4, 2>, scalar_prefetch = 0 : i64, scratch_operands = 1 : i64, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 8, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 8, 128>}]} {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %i0 = arith.cmpi eq, %i, %c0_i32 : i32
    %j0 = arith.cmpi eq, %j, %c0_i32 : i32
    %first = arith.andi %i0, %j0 : i1
    scf.if %first {
      %z = arith.constant dense<0.000000e+00> : vector<8x128xf32>
      vector.store %z, %acc[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    }
    %a = vector.load %x[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %s = vector.load %acc[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %t = arith.addf %s, %a : vector<8x128xf32>
    vector.store %t, %acc[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    vector.store %t, %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    return
  }
  func.func @transform_0(%i: i32, %j: i32) -> (i32, i32) {
    return %i, %j : i32, i32
  }
  func.func @transform_1(%i: i32, %j: i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    return %i, %c0 : i32, i32
  }
}
