// A DMA copies one element of the VMEM block into SMEM, and the kernel branches on it: the
// branch depends on vector data through the DMA, so a timing-only run cannot be exact (it
// moves no VMEM data): the fallback names the DMA (tests/cli/timing_only.sh).
module @vmem_to_smem {
  func.func @kernel(%i: i32, %x: memref<8x128xi32, #tpu.memory_space<vmem>>, %o: memref<8x128xi32, #tpu.memory_space<vmem>>, %s: memref<1x1xi32, #tpu.memory_space<smem>>, %sem: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 4>, scalar_prefetch = 0 : i64, scratch_operands = 2 : i64, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 8, 128>}, {transform_indices = @transform_0, window_bounds = array<i64: 8, 128>}]} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %src = "tpu.memref_slice"(%x, %c0_i32, %c0_i32) {operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<8x128xi32, #tpu.memory_space<vmem>>, i32, i32) -> memref<1x1xi32, #tpu.memory_space<vmem>>
    "tpu.enqueue_dma"(%src, %s, %sem) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32} : (memref<1x1xi32, #tpu.memory_space<vmem>>, memref<1x1xi32, #tpu.memory_space<smem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.wait_dma2"(%sem, %src, %s) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<1x1xi32, #tpu.memory_space<vmem>>, memref<1x1xi32, #tpu.memory_space<smem>>) -> ()
    %n = memref.load %s[%c0, %c0] : memref<1x1xi32, #tpu.memory_space<smem>>
    %v = vector.load %x[%c0, %c0] : memref<8x128xi32, #tpu.memory_space<vmem>>, vector<8x128xi32>
    %pos = arith.cmpi sgt, %n, %c0_i32 : i32
    %r = scf.if %pos -> (vector<8x128xi32>) {
      %d = arith.muli %v, %v : vector<8x128xi32>
      %e = arith.muli %d, %d : vector<8x128xi32>
      scf.yield %e : vector<8x128xi32>
    } else {
      scf.yield %v : vector<8x128xi32>
    }
    vector.store %r, %o[%c0, %c0] : memref<8x128xi32, #tpu.memory_space<vmem>>, vector<8x128xi32>
    return
  }
  func.func @transform_0(%i: i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    return %i, %c0 : i32, i32
  }
}
