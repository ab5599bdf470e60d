// An HBM (ANY) operand of more than 2^31 elements: f32[2621440,1024], 10 GiB. The kernel DMAs
// its last 8 rows (element offset 2684346368, past 2^31) into a VMEM scratch, doubles them and
// DMAs them out to o. The test maps the input without memory behind it (test_mosaic_kernels.c).
module @dma_big_any {
  func.func @kernel(%x: memref<2621440x1024xf32, #tpu.memory_space<any>>, %o: memref<8x1024xf32, #tpu.memory_space<any>>, %buf: memref<8x1024xf32, #tpu.memory_space<vmem>>, %sem: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 2 : i64} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %row = arith.constant 2621432 : i32
    %src = "tpu.memref_slice"(%x, %row, %c0_i32) {operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<2621440x1024xf32, #tpu.memory_space<any>>, i32, i32) -> memref<8x1024xf32, #tpu.memory_space<any>>
    "tpu.enqueue_dma"(%src, %buf, %sem) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32} : (memref<8x1024xf32, #tpu.memory_space<any>>, memref<8x1024xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.wait_dma2"(%sem, %src, %buf) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x1024xf32, #tpu.memory_space<any>>, memref<8x1024xf32, #tpu.memory_space<vmem>>) -> ()
    %v = vector.load %buf[%c0, %c0] : memref<8x1024xf32, #tpu.memory_space<vmem>>, vector<8x1024xf32>
    %d = arith.addf %v, %v : vector<8x1024xf32>
    vector.store %d, %buf[%c0, %c0] : memref<8x1024xf32, #tpu.memory_space<vmem>>, vector<8x1024xf32>
    "tpu.enqueue_dma"(%buf, %o, %sem) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32} : (memref<8x1024xf32, #tpu.memory_space<vmem>>, memref<8x1024xf32, #tpu.memory_space<any>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.wait_dma2"(%sem, %buf, %o) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x1024xf32, #tpu.memory_space<vmem>>, memref<8x1024xf32, #tpu.memory_space<any>>) -> ()
    return
  }
}
