// A checker probe: the body writes rows 0..3 of its (8, 128) output block and leaves the rest
// as the fresh buffer had it (poison), which the output DMA carries to HBM; it also DMAs y's
// rows into a block it then reads before the wait (a race in the input direction).
module @check_partial_out {
  func.func @kernel(%i: i32, %x: memref<8x128xf32, #tpu.memory_space<vmem>>, %y: memref<32x128xf32, #tpu.memory_space<any>>, %o: memref<8x128xf32, #tpu.memory_space<vmem>>, %buf: memref<8x128xf32, #tpu.memory_space<vmem>>, %sem: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 4>, scalar_prefetch = 0 : i64, scratch_operands = 2 : i64, window_params = [{transform_indices = @map, window_bounds = array<i64: 8, 128>}, {}, {transform_indices = @map, window_bounds = array<i64: 8, 128>}]} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %c8_i32 = arith.constant 8 : i32
    %row = arith.muli %i, %c8_i32 : i32
    %yb = "tpu.memref_slice"(%y, %row, %c0_i32) {operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<32x128xf32, #tpu.memory_space<any>>, i32, i32) -> memref<8x128xf32, #tpu.memory_space<any>>
    "tpu.enqueue_dma"(%yb, %buf, %sem) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32} : (memref<8x128xf32, #tpu.memory_space<any>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    %b = vector.load %buf[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<4x128xf32>
    "tpu.wait_dma2"(%sem, %yb, %buf) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<any>>, memref<8x128xf32, #tpu.memory_space<vmem>>) -> ()
    %v = vector.load %x[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<4x128xf32>
    %s = arith.addf %v, %b : vector<4x128xf32>
    vector.store %s, %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<4x128xf32>
    return
  }
  func.func @map(%i: i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    return %i, %c0 : i32, i32
  }
}
