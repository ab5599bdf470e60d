// Operands in ANY (HBM), moved by the kernel itself: each 8-row chunk is DMA'd into a VMEM
// scratch, doubled, and DMA'd out; a regular semaphore is signalled and waited per chunk.
module @dma_any {
  func.func @kernel(%x: memref<64x128xf32, #tpu.memory_space<any>>, %o: memref<64x128xf32, #tpu.memory_space<any>>, %buf: memref<8x128xf32, #tpu.memory_space<vmem>>, %sems: memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 2 : i64} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c8_i32 = arith.constant 8 : i32
    %c64_i32 = arith.constant 64 : i32
    %r = "scf.for"(%c0_i32, %c64_i32, %c8_i32, %c0_i32) ({
    ^bb0(%row: i32, %count: i32):
      %src = "tpu.memref_slice"(%x, %row, %c0_i32) {operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<64x128xf32, #tpu.memory_space<any>>, i32, i32) -> memref<8x128xf32, #tpu.memory_space<any>>
      %s1 = "tpu.memref_slice"(%sems, %c0_i32) {operandSegmentSizes = array<i32: 1, 1, 0>} : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %sem_in = "tpu.memref_squeeze"(%s1) : (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      "tpu.enqueue_dma"(%src, %buf, %sem_in) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32} : (memref<8x128xf32, #tpu.memory_space<any>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
      "tpu.wait_dma2"(%sem_in, %src, %buf) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<any>>, memref<8x128xf32, #tpu.memory_space<vmem>>) -> ()
      %v = vector.load %buf[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
      %d = arith.addf %v, %v : vector<8x128xf32>
      vector.store %d, %buf[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
      %dst = "tpu.memref_slice"(%o, %row, %c0_i32) {operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<64x128xf32, #tpu.memory_space<any>>, i32, i32) -> memref<8x128xf32, #tpu.memory_space<any>>
      %s2 = "tpu.memref_slice"(%sems, %c1_i32) {operandSegmentSizes = array<i32: 1, 1, 0>} : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %sem_out = "tpu.memref_squeeze"(%s2) : (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      "tpu.enqueue_dma"(%buf, %dst, %sem_out) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32} : (memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<any>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
      "tpu.wait_dma2"(%sem_out, %buf, %dst) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<any>>) -> ()
      "tpu.region"() ({
        %sem = "tpu.sem_alloc"() : () -> memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
        "tpu.sem_signal"(%sem, %c1_i32) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> ()
        %n = "tpu.sem_read"(%sem) : (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>) -> i32
        "tpu.sem_wait"(%sem, %n) : (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> ()
        "tpu.yield"() : () -> ()
      }) : () -> ()
      %next = arith.addi %count, %c1_i32 : i32
      scf.yield %next : i32
    }) : (i32, i32, i32, i32) -> i32
    return
  }
}
