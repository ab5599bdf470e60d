// Operands in host memory (pl.HOST, #tpu.memory_space<host>), passed whole and moved by the
// kernel: x (host) is DMA'd into y (HBM), then y into z (host), each waited for on a scratch
// DMA semaphore.
module @dma_host {
  func.func @kernel(%x: memref<8x128xf32, #tpu.memory_space<host>>, %y: memref<8x128xf32, #tpu.memory_space<any>>, %z: memref<8x128xf32, #tpu.memory_space<host>>, %sem: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 1 : i64} {
    "tpu.enqueue_dma"(%x, %y, %sem) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32} : (memref<8x128xf32, #tpu.memory_space<host>>, memref<8x128xf32, #tpu.memory_space<any>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.wait_dma2"(%sem, %x, %y) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<host>>, memref<8x128xf32, #tpu.memory_space<any>>) -> ()
    "tpu.enqueue_dma"(%y, %z, %sem) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32} : (memref<8x128xf32, #tpu.memory_space<any>>, memref<8x128xf32, #tpu.memory_space<host>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.wait_dma2"(%sem, %y, %z) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<any>>, memref<8x128xf32, #tpu.memory_space<host>>) -> ()
    return
  }
}
