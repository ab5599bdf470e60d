// Semaphore inputs: waits for the DMA that sem_out_start.mlir started on %dsem (x's first 8
// rows into o's last 8), and takes 2 of semaphore 1 of %rsem. o and rsem are aliased to the
// outputs %y and %rsem_out (input_output_aliases {1: 0, 3: 1}); dsem is an input only.
module @sem_in_wait {
  func.func @kernel(%x: memref<16x128xf32, #tpu.memory_space<any>>, %o: memref<16x128xf32, #tpu.memory_space<any>>, %dsem: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, %rsem: memref<2x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, %y: memref<16x128xf32, #tpu.memory_space<any>>, %rsem_out: memref<2x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c8_i32 = arith.constant 8 : i32
    %src = "tpu.memref_slice"(%x, %c0_i32, %c0_i32) {operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<16x128xf32, #tpu.memory_space<any>>, i32, i32) -> memref<8x128xf32, #tpu.memory_space<any>>
    %dst = "tpu.memref_slice"(%o, %c8_i32, %c0_i32) {operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<16x128xf32, #tpu.memory_space<any>>, i32, i32) -> memref<8x128xf32, #tpu.memory_space<any>>
    "tpu.wait_dma2"(%dsem, %src, %dst) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<any>>, memref<8x128xf32, #tpu.memory_space<any>>) -> ()
    %s1 = "tpu.memref_slice"(%rsem, %c1_i32) {operandSegmentSizes = array<i32: 1, 1, 0>} : (memref<2x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> memref<1x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    %sem = "tpu.memref_squeeze"(%s1) : (memref<1x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>) -> memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    "tpu.sem_wait"(%sem, %c2_i32) : (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> ()
    return
  }
}
