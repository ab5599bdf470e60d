// DMAs of edge blocks rounded up into the tile padding, as JAX's emit_pipeline makes them
// (pipeline.py's _make_block_slice): x and o are f32[20,200] in HBM, laid out in (8,128)
// tiles, so rows run to 24 and columns to 256. The block at rows [16, 24) and columns
// [128, 256) holds 4 x 72 elements of the array; the rest is padding. It goes into an 8x128
// VMEM buffer (through a squeezed 1x8x128 slice of x3, the same array with a unit leading
// dimension), is doubled there and goes back to the same window of o. Nothing else of o is
// written.
module @dma_padded {
  func.func @kernel(%x3: memref<1x20x200xf32, #tpu.memory_space<any>>, %o: memref<20x200xf32, #tpu.memory_space<any>>, %buf: memref<8x128xf32, #tpu.memory_space<vmem>>, %sem: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 2 : i64} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %r = arith.constant 16 : i32
    %c = arith.constant 128 : i32
    %src3 = "tpu.memref_slice"(%x3, %c0_i32, %r, %c) {operandSegmentSizes = array<i32: 1, 3, 0>} : (memref<1x20x200xf32, #tpu.memory_space<any>>, i32, i32, i32) -> memref<1x8x128xf32, #tpu.memory_space<any>>
    %src = "tpu.memref_squeeze"(%src3) : (memref<1x8x128xf32, #tpu.memory_space<any>>) -> memref<8x128xf32, #tpu.memory_space<any>>
    "tpu.enqueue_dma"(%src, %buf, %sem) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32} : (memref<8x128xf32, #tpu.memory_space<any>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.wait_dma2"(%sem, %src, %buf) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<any>>, memref<8x128xf32, #tpu.memory_space<vmem>>) -> ()
    %v = vector.load %buf[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %d = arith.addf %v, %v : vector<8x128xf32>
    vector.store %d, %buf[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %dst = "tpu.memref_slice"(%o, %r, %c) {operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<20x200xf32, #tpu.memory_space<any>>, i32, i32) -> memref<8x128xf32, #tpu.memory_space<any>>
    "tpu.enqueue_dma"(%buf, %dst, %sem) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32} : (memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<any>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.wait_dma2"(%sem, %buf, %dst) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<any>>) -> ()
    return
  }
}
