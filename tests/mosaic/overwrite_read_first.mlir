// o = o + x: the body reads its output block before writing it, so the block stays a VMEM
// copy and the read sees what the buffer holds (a fresh buffer's poison at first).
module @overwrite_read_first {
  func.func @kernel(%i: i32, %x: memref<8x128xf32, #tpu.memory_space<vmem>>, %o: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 4>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, window_params = [{transform_indices = @map, window_bounds = array<i64: 8, 128>}, {transform_indices = @map, window_bounds = array<i64: 8, 128>}]} {
    %c0 = arith.constant 0 : index
    %v = vector.load %x[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %w = vector.load %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %s = arith.addf %v, %w : vector<8x128xf32>
    vector.store %s, %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    return
  }
  func.func @map(%i: i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    return %i, %c0 : i32, i32
  }
}
