// Only rows 0..3 of the (8, 128) output block are written: the block stays a copy, and rows
// 4..7 show what the VMEM buffer held (a fresh buffer's poison at the first two steps).
module @overwrite_partial {
  func.func @kernel(%i: i32, %x: memref<8x128xf32, #tpu.memory_space<vmem>>, %o: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 4>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, window_params = [{transform_indices = @map, window_bounds = array<i64: 8, 128>}, {transform_indices = @map, window_bounds = array<i64: 8, 128>}]} {
    %c0 = arith.constant 0 : index
    %v = vector.load %x[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %h = "vector.extract_strided_slice"(%v) <{offsets = array<i64: 0, 0>, sizes = array<i64: 4, 128>, strides = array<i64: 1, 1>}> : (vector<8x128xf32>) -> vector<4x128xf32>
    vector.store %h, %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<4x128xf32>
    return
  }
  func.func @map(%i: i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    return %i, %c0 : i32, i32
  }
}
