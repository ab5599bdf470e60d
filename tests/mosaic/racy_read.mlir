// A race: the kernel reads its VMEM scratch while the DMA that fills it is still in flight
// (the load comes before the wait). With eager DMAs the data is there anyway; the race
// checker must say so.
module @racy_read {
  func.func @kernel(%x: memref<8x128xf32, #tpu.memory_space<any>>, %o: memref<8x128xf32, #tpu.memory_space<any>>, %buf: memref<8x128xf32, #tpu.memory_space<vmem>>, %sems: memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 2 : i64} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %s1 = "tpu.memref_slice"(%sems, %c0_i32) {operandSegmentSizes = array<i32: 1, 1, 0>} : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
    %sem_in = "tpu.memref_squeeze"(%s1) : (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
    "tpu.enqueue_dma"(%x, %buf, %sem_in) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32} : (memref<8x128xf32, #tpu.memory_space<any>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    %v = vector.load %buf[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    "tpu.wait_dma2"(%sem_in, %x, %buf) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<any>>, memref<8x128xf32, #tpu.memory_space<vmem>>) -> ()
    %d = arith.addf %v, %v : vector<8x128xf32>
    vector.store %d, %buf[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %s2 = "tpu.memref_slice"(%sems, %c1_i32) {operandSegmentSizes = array<i32: 1, 1, 0>} : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
    %sem_out = "tpu.memref_squeeze"(%s2) : (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
    "tpu.enqueue_dma"(%buf, %o, %sem_out) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32} : (memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<any>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.wait_dma2"(%sem_out, %buf, %o) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<any>>) -> ()
    return
  }
}
