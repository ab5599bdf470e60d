// Reads its output block before writing it (maxnumf of the stale buffer and x): what it reads
// is whatever the VMEM buffer held, which in order is an earlier block's, so the host part's
// half (fresh buffers) must not stand. A TPU would show garbage too; tessera shows the same
// garbage with and without the split.
module @split_out_read {
  func.func @kernel(%i: i32, %x: memref<8x128xf32, #tpu.memory_space<vmem>>, %o: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 4>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 8, 128>}, {transform_indices = @transform_0, window_bounds = array<i64: 8, 128>}]} {
    %c0 = arith.constant 0 : index
    %a = vector.load %x[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %s = vector.load %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %t = arith.maxnumf %s, %a : vector<8x128xf32>
    vector.store %t, %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    return
  }
  func.func @transform_0(%i: i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    return %i, %c0 : i32, i32
  }
}
