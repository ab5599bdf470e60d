// A checker probe: each step DMAs its input block (a view of HBM in zero-copy mode) to rows of
// an ANY output, and its output block, of which it wrote only the first row, to rows of a
// second ANY output; both waited for. The second carries poison.
module @check_dma_from_block {
  func.func @kernel(%i: i32, %x: memref<8x128xf32, #tpu.memory_space<vmem>>, %o: memref<8x128xf32, #tpu.memory_space<vmem>>, %p: memref<32x128xf32, #tpu.memory_space<any>>, %q: memref<32x128xf32, #tpu.memory_space<any>>, %sem: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 4>, scalar_prefetch = 0 : i64, scratch_operands = 1 : i64, window_params = [{transform_indices = @map, window_bounds = array<i64: 8, 128>}, {transform_indices = @map, window_bounds = array<i64: 8, 128>}, {}, {}]} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %c8_i32 = arith.constant 8 : i32
    %row = arith.muli %i, %c8_i32 : i32
    %v = vector.load %x[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<1x128xf32>
    vector.store %v, %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<1x128xf32>
    %pb = "tpu.memref_slice"(%p, %row, %c0_i32) {operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<32x128xf32, #tpu.memory_space<any>>, i32, i32) -> memref<8x128xf32, #tpu.memory_space<any>>
    "tpu.enqueue_dma"(%x, %pb, %sem) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32} : (memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<any>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.wait_dma2"(%sem, %x, %pb) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<any>>) -> ()
    %qb = "tpu.memref_slice"(%q, %row, %c0_i32) {operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<32x128xf32, #tpu.memory_space<any>>, i32, i32) -> memref<8x128xf32, #tpu.memory_space<any>>
    "tpu.enqueue_dma"(%o, %qb, %sem) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32} : (memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<any>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.wait_dma2"(%sem, %o, %qb) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<any>>) -> ()
    return
  }
  func.func @map(%i: i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    return %i, %c0 : i32, i32
  }
}
