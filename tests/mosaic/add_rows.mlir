// o = x * y + 0.5 over (16, 128) blocks of (64, 512) arrays, grid 4x4: two loads, two
// elementwise ops (one value between them; 0.5 a broadcast of a constant, folded to a splat),
// the load JAX's lowering of `o_ref[...] = v` leaves, and a store: a row run (rows.c). Its
// loads are row views, so the inputs are read-only with strided reads and their strided
// blocks are views of HBM.
module @add_rows {
  func.func @kernel(%i: i32, %j: i32, %x: memref<16x128xf32, #tpu.memory_space<vmem>>, %y: memref<16x128xf32, #tpu.memory_space<vmem>>, %o: memref<16x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 4, 4>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, window_params = [{transform_indices = @map, window_bounds = array<i64: 16, 128>}, {transform_indices = @map, window_bounds = array<i64: 16, 128>}, {transform_indices = @map, window_bounds = array<i64: 16, 128>}]} {
    %c0 = arith.constant 0 : index
    %a = vector.load %x[%c0, %c0] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>
    %b = vector.load %y[%c0, %c0] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>
    %m = arith.mulf %a, %b : vector<16x128xf32>
    %c = arith.constant 5.000000e-01 : f32
    %half = vector.broadcast %c : f32 to vector<16x128xf32>
    %s = arith.addf %m, %half : vector<16x128xf32>
    %old = vector.load %o[%c0, %c0] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>
    tpu.vector_store %o[%c0, %c0], %s {strides = array<i32>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>,
    return
  }
  func.func @map(%i: i32, %j: i32) -> (i32, i32) {
    return %i, %j : i32, i32
  }
}
