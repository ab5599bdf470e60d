// DMAs of dynamically sized slices (memref<?x...>, as `x.at[pl.ds(i, n)]` with a traced n
// lowers): rows [0, n) of x go into rows [0, n) of a VMEM scratch, are doubled there, and go
// out to rows [16 - n, 16) of o; n is read from SMEM at run time. The rest of o is not written.
module @dma_dynamic {
  func.func @kernel(%n_ref: memref<1xi32, #tpu.memory_space<smem>>, %x: memref<16x128xf32, #tpu.memory_space<any>>, %o: memref<16x128xf32, #tpu.memory_space<any>>, %buf: memref<1x16x128xf32, #tpu.memory_space<vmem>>, %sem: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 2 : i64} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %c16_i32 = arith.constant 16 : i32
    %n = memref.load %n_ref[%c0] : memref<1xi32, #tpu.memory_space<smem>>
    %src = "tpu.memref_slice"(%x, %c0_i32, %c0_i32, %n) {operandSegmentSizes = array<i32: 1, 2, 1>} : (memref<16x128xf32, #tpu.memory_space<any>>, i32, i32, i32) -> memref<?x128xf32, #tpu.memory_space<any>>
    %b3 = "tpu.memref_slice"(%buf, %c0_i32, %c0_i32, %c0_i32, %n) {operandSegmentSizes = array<i32: 1, 3, 1>} : (memref<1x16x128xf32, #tpu.memory_space<vmem>>, i32, i32, i32, i32) -> memref<1x?x128xf32, #tpu.memory_space<vmem>>
    %b = "tpu.memref_squeeze"(%b3) : (memref<1x?x128xf32, #tpu.memory_space<vmem>>) -> memref<?x128xf32, #tpu.memory_space<vmem>>
    "tpu.enqueue_dma"(%src, %b, %sem) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32} : (memref<?x128xf32, #tpu.memory_space<any>>, memref<?x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.wait_dma2"(%sem, %src, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<?x128xf32, #tpu.memory_space<any>>, memref<?x128xf32, #tpu.memory_space<vmem>>) -> ()
    %v = vector.load %buf[%c0, %c0, %c0] : memref<1x16x128xf32, #tpu.memory_space<vmem>>, vector<1x16x128xf32>
    %d = arith.addf %v, %v : vector<1x16x128xf32>
    vector.store %d, %buf[%c0, %c0, %c0] : memref<1x16x128xf32, #tpu.memory_space<vmem>>, vector<1x16x128xf32>
    %start = arith.subi %c16_i32, %n : i32
    %dst = "tpu.memref_slice"(%o, %start, %c0_i32, %n) {operandSegmentSizes = array<i32: 1, 2, 1>} : (memref<16x128xf32, #tpu.memory_space<any>>, i32, i32, i32) -> memref<?x128xf32, #tpu.memory_space<any>>
    "tpu.enqueue_dma"(%b, %dst, %sem) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32} : (memref<?x128xf32, #tpu.memory_space<vmem>>, memref<?x128xf32, #tpu.memory_space<any>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.wait_dma2"(%sem, %b, %dst) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<?x128xf32, #tpu.memory_space<vmem>>, memref<?x128xf32, #tpu.memory_space<any>>) -> ()
    return
  }
}
