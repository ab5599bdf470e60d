// A SparseCore vector subcore's indexed DMAs: rows of %x picked by the offsets in %idx
// (as a vector) are gathered into VMEM, then scattered to the rows of %o that the offsets
// in %perm pick (as a VMEM ref): o[perm[i]] = x[idx[i]].
module @sc_gather_scatter {
  func.func @kernel(%x: memref<64x128xf32, #tpu.memory_space<hbm>>, %idx: memref<16xi32, #tpu.memory_space<hbm>>, %perm: memref<16xi32, #tpu.memory_space<hbm>>, %o: memref<16x128xf32, #tpu.memory_space<hbm>>, %idx_v: memref<16xi32, #tpu.memory_space<vmem>>, %perm_v: memref<16xi32, #tpu.memory_space<vmem>>, %buf: memref<16x128xf32, #tpu.memory_space<vmem>>, %sem: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 4 : i64, tpu.core_type = #tpu.core_type<sc_vector_subcore>} {
    %c0 = arith.constant 0 : index
    "tpu.enqueue_dma"(%idx, %idx_v, %sem) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32} : (memref<16xi32, #tpu.memory_space<hbm>>, memref<16xi32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.wait_dma2"(%sem, %idx, %idx_v) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<16xi32, #tpu.memory_space<hbm>>, memref<16xi32, #tpu.memory_space<vmem>>) -> ()
    "tpu.enqueue_dma"(%perm, %perm_v, %sem) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32} : (memref<16xi32, #tpu.memory_space<hbm>>, memref<16xi32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.wait_dma2"(%sem, %perm, %perm_v) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<16xi32, #tpu.memory_space<hbm>>, memref<16xi32, #tpu.memory_space<vmem>>) -> ()
    %offsets = vector.load %idx_v[%c0] : memref<16xi32, #tpu.memory_space<vmem>>, vector<16xi32>
    "tpu.enqueue_indirect_dma"(%x, %buf, %offsets, %sem) {add = false} : (memref<64x128xf32, #tpu.memory_space<hbm>>, memref<16x128xf32, #tpu.memory_space<vmem>>, vector<16xi32>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.wait_indirect_dma"(%sem, %x, %buf) : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<64x128xf32, #tpu.memory_space<hbm>>, memref<16x128xf32, #tpu.memory_space<vmem>>) -> ()
    "tpu.enqueue_indirect_dma"(%buf, %o, %perm_v, %sem) {add = false} : (memref<16x128xf32, #tpu.memory_space<vmem>>, memref<16x128xf32, #tpu.memory_space<hbm>>, memref<16xi32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.wait_indirect_dma"(%sem, %buf, %o) : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<16x128xf32, #tpu.memory_space<vmem>>, memref<16x128xf32, #tpu.memory_space<hbm>>) -> ()
    return
  }
}
