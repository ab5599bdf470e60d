// A body that writes its input block: x_ref[...] = 2 * x_ref[...] through a slice of it,
// then o = x_ref[...] + 1. The input is not read-only (kernel.c), so its blocks are VMEM
// copies even where read-only inputs would be views: the HBM array must come back unchanged.
// The second input, y, is only read (through a view of a view), so it is read-only.
module @scale_in_place {
  func.func @kernel(%i: i32, %x: memref<8x128xf32, #tpu.memory_space<vmem>>, %y: memref<8x128xf32, #tpu.memory_space<vmem>>, %o: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 4>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 8, 128>}, {transform_indices = @transform_0, window_bounds = array<i64: 8, 128>}, {transform_indices = @transform_0, window_bounds = array<i64: 8, 128>}]} {
    %c0 = arith.constant 0 : index
    %xs = "tpu.memref_slice"(%x, %c0, %c0) : (memref<8x128xf32, #tpu.memory_space<vmem>>, index, index) -> memref<8x128xf32, #tpu.memory_space<vmem>>
    %v = vector.load %xs[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %d = arith.addf %v, %v : vector<8x128xf32>
    vector.store %d, %xs[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %w = vector.load %x[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %ys = "tpu.memref_slice"(%y, %c0, %c0) : (memref<8x128xf32, #tpu.memory_space<vmem>>, index, index) -> memref<8x128xf32, #tpu.memory_space<vmem>>
    %ys2 = "tpu.memref_slice"(%ys, %c0, %c0) : (memref<8x128xf32, #tpu.memory_space<vmem>>, index, index) -> memref<8x128xf32, #tpu.memory_space<vmem>>
    %u = vector.load %ys2[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %r = arith.addf %w, %u : vector<8x128xf32>
    vector.store %r, %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    return
  }
  func.func @transform_0(%i: i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    return %i, %c0 : i32, i32
  }
}
