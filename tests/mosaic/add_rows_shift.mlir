// o = x, then o[4:12] = 2 * o[0:8]: the second load, add and store are a row run whose store
// window overlaps its load's window and is not the same window, so it runs op by op (rows.c):
// all 8 rows are read before any is written. Row by row, rows 4..7 would be read after
// being written.
module @add_rows_shift {
  func.func @kernel(%i: i32, %x: memref<16x128xf32, #tpu.memory_space<vmem>>, %o: memref<16x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 2>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, window_params = [{transform_indices = @map, window_bounds = array<i64: 16, 128>}, {transform_indices = @map, window_bounds = array<i64: 16, 128>}]} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %v = vector.load %x[%c0, %c0] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>
    tpu.vector_store %o[%c0, %c0], %v {strides = array<i32>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>,
    %w = vector.load %o[%c0, %c0] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %d = arith.addf %w, %w : vector<8x128xf32>
    tpu.vector_store %o[%c4, %c0], %d {strides = array<i32>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>,
    return
  }
  func.func @map(%i: i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    return %c0, %i : i32, i32
  }
}
