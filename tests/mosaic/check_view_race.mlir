// A checker probe (tests/cli/zero_copy_parity.sh): at each of 4 steps the body starts a DMA
// of rows of y (ANY) into its own output block, then stores x's block there before waiting
// for it: a race on the output block, which zero-copy mode makes a view of HBM.
module @check_view_race {
  func.func @kernel(%i: i32, %x: memref<8x128xf32, #tpu.memory_space<vmem>>, %y: memref<32x128xf32, #tpu.memory_space<any>>, %o: memref<8x128xf32, #tpu.memory_space<vmem>>, %sem: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 4>, scalar_prefetch = 0 : i64, scratch_operands = 1 : i64, window_params = [{transform_indices = @map, window_bounds = array<i64: 8, 128>}, {}, {transform_indices = @map, window_bounds = array<i64: 8, 128>}]} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %c8_i32 = arith.constant 8 : i32
    %row = arith.muli %i, %c8_i32 : i32
    %yb = "tpu.memref_slice"(%y, %row, %c0_i32) {operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<32x128xf32, #tpu.memory_space<any>>, i32, i32) -> memref<8x128xf32, #tpu.memory_space<any>>
    "tpu.enqueue_dma"(%yb, %o, %sem) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32} : (memref<8x128xf32, #tpu.memory_space<any>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    %v = vector.load %x[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    vector.store %v, %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    "tpu.wait_dma2"(%sem, %yb, %o) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<any>>, memref<8x128xf32, #tpu.memory_space<vmem>>) -> ()
    return
  }
  func.func @map(%i: i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    return %i, %c0 : i32, i32
  }
}
