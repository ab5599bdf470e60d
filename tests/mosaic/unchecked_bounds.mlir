// Accesses that reach outside their refs, for a call with disable_bounds_checks: rows
// [i, i + 8) of x loaded into o, x's rows [0, 8) stored into rows [i, i + 8) of p (after p is
// filled with -1), and rows [j, j + 8) of a DMA'd from HBM into a VMEM scratch filled with -5,
// then stored into q. i and j are read from SMEM at run time.
module @unchecked_bounds {
  func.func @kernel(%ij: memref<2xi32, #tpu.memory_space<smem>>, %x: memref<16x128xf32, #tpu.memory_space<vmem>>, %a: memref<16x128xf32, #tpu.memory_space<any>>, %o: memref<8x128xf32, #tpu.memory_space<vmem>>, %p: memref<16x128xf32, #tpu.memory_space<vmem>>, %q: memref<8x128xf32, #tpu.memory_space<vmem>>, %buf: memref<8x128xf32, #tpu.memory_space<vmem>>, %sem: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 2 : i64} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %i32 = memref.load %ij[%c0] : memref<2xi32, #tpu.memory_space<smem>>
    %j = memref.load %ij[%c1] : memref<2xi32, #tpu.memory_space<smem>>
    %i = arith.index_cast %i32 : i32 to index
    %v = vector.load %x[%i, %c0] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    vector.store %v, %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %m1 = arith.constant dense<-1.0> : vector<16x128xf32>
    vector.store %m1, %p[%c0, %c0] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>
    %w = vector.load %x[%c0, %c0] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    vector.store %w, %p[%i, %c0] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %m5 = arith.constant dense<-5.0> : vector<8x128xf32>
    vector.store %m5, %buf[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %src = "tpu.memref_slice"(%a, %j, %c0_i32) {operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<16x128xf32, #tpu.memory_space<any>>, i32, i32) -> memref<8x128xf32, #tpu.memory_space<any>>
    "tpu.enqueue_dma"(%src, %buf, %sem) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32} : (memref<8x128xf32, #tpu.memory_space<any>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.wait_dma2"(%sem, %src, %buf) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<any>>, memref<8x128xf32, #tpu.memory_space<vmem>>) -> ()
    %b = vector.load %buf[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    vector.store %b, %q[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    return
  }
}
