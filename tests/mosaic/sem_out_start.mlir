// Semaphore outputs (a pallas_call out_shape of pltpu.SemaphoreType): the kernel starts a DMA
// of x's first 8 rows into o's last 8 rows on the DMA semaphore it gives as an output, and
// does not wait for it; it signals semaphore 1 of its regular-semaphore output by 5. A later
// kernel (sem_in_wait.mlir) takes both and waits.
module @sem_out_start {
  func.func @kernel(%x: memref<16x128xf32, #tpu.memory_space<any>>, %o: memref<16x128xf32, #tpu.memory_space<any>>, %dsem: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, %rsem: memref<2x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c5_i32 = arith.constant 5 : i32
    %c8_i32 = arith.constant 8 : i32
    %src = "tpu.memref_slice"(%x, %c0_i32, %c0_i32) {operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<16x128xf32, #tpu.memory_space<any>>, i32, i32) -> memref<8x128xf32, #tpu.memory_space<any>>
    %dst = "tpu.memref_slice"(%o, %c8_i32, %c0_i32) {operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<16x128xf32, #tpu.memory_space<any>>, i32, i32) -> memref<8x128xf32, #tpu.memory_space<any>>
    "tpu.enqueue_dma"(%src, %dst, %dsem) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32} : (memref<8x128xf32, #tpu.memory_space<any>>, memref<8x128xf32, #tpu.memory_space<any>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    %s1 = "tpu.memref_slice"(%rsem, %c1_i32) {operandSegmentSizes = array<i32: 1, 1, 0>} : (memref<2x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> memref<1x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    %sem = "tpu.memref_squeeze"(%s1) : (memref<1x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>) -> memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    "tpu.sem_signal"(%sem, %c5_i32) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> ()
    return
  }
}
