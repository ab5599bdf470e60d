// racy_read's race where the load may hand out the buffer itself instead of a copy (the
// scratch is written by the DMA only, so alias.c lets the value share it): the read must be
// reported all the same. What Pallas makes of `copy.start(); o[...] = buf[...] * 2;
// copy.wait()`.
module @racy_view {
  func.func @kernel(%x: memref<8x128xf32, #tpu.memory_space<any>>, %o: memref<8x128xf32, #tpu.memory_space<vmem>>, %buf: memref<8x128xf32, #tpu.memory_space<vmem>>, %sem: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 2 : i64} {
    %c0 = arith.constant 0 : index
    "tpu.enqueue_dma"(%x, %buf, %sem) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32} : (memref<8x128xf32, #tpu.memory_space<any>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    %v = vector.load %buf[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %d = arith.addf %v, %v : vector<8x128xf32>
    vector.store %d, %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    "tpu.wait_dma2"(%sem, %x, %buf) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<any>>, memref<8x128xf32, #tpu.memory_space<vmem>>) -> ()
    return
  }
}
