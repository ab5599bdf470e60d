// Right permute whose semaphores are allocated after the kernel's start (run_scoped): inside
// a region each device allocates its receive buffer, two DMA semaphores for sending, two for
// receiving and one regular semaphore, tells its left neighbour they are there (a remote
// signal on the kernel's semaphore), waits for its right neighbour's, copies x to the right
// neighbour's scoped buffer in two halves (rows 0-3 and 4-7, each counted by its own cell of
// the neighbour's scoped receive semaphores), then signals the right neighbour's scoped
// regular semaphore and waits for its own; after the waits it stores what it received + 1 to
// o. Written by hand; the same result as mc_permute_add.mlir.
"builtin.module"() ({
  "stable_mosaic.func.func"() ({
  ^bb0(%0: memref<8x128xf32, #tpu.memory_space<vmem>>, %1: memref<8x128xf32, #tpu.memory_space<vmem>>, %2: memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>):
    %5 = "stable_mosaic.tpu.device_id"() : () -> (i32)
    %6 = "stable_mosaic.arith.constant"() {value = 4 : i32} : () -> (i32)
    %7 = "stable_mosaic.arith.constant"() {value = 1 : i32} : () -> (i32)
    %8 = "stable_mosaic.arith.constant"() {value = 3 : i32} : () -> (i32)
    %9 = "stable_mosaic.arith.addi"(%5, %7) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> (i32)
    %10 = "stable_mosaic.arith.remsi"(%9, %6) : (i32, i32) -> (i32)
    %11 = "stable_mosaic.arith.addi"(%5, %8) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> (i32)
    %12 = "stable_mosaic.arith.remsi"(%11, %6) : (i32, i32) -> (i32)
    %c0 = "stable_mosaic.arith.constant"() {value = 0 : i32} : () -> (i32)
    %c4 = "stable_mosaic.arith.constant"() {value = 4 : i32} : () -> (i32)
    "stable_mosaic.tpu.region"() ({
      %13 = "stable_mosaic.memref.alloca"() {operandSegmentSizes = array<i32: 0, 0>} : () -> (memref<8x128xf32, #tpu.memory_space<vmem>>)
      %send = "stable_mosaic.tpu.sem_alloc"() : () -> (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
      %recv = "stable_mosaic.tpu.sem_alloc"() : () -> (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
      %done = "stable_mosaic.tpu.sem_alloc"() : () -> (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>)
      "stable_mosaic.tpu.sem_signal"(%2, %7, %12) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, i32, i32) -> ()
      "stable_mosaic.tpu.sem_wait"(%2, %7) : (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> ()
      %s0r = "stable_mosaic.tpu.memref_slice"(%send, %c0) {operandSegmentSizes = array<i32: 1, 1, 0>} : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
      %s0 = "stable_mosaic.tpu.memref_squeeze"(%s0r) : (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
      %s1r = "stable_mosaic.tpu.memref_slice"(%send, %7) {operandSegmentSizes = array<i32: 1, 1, 0>} : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
      %s1 = "stable_mosaic.tpu.memref_squeeze"(%s1r) : (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
      %r0r = "stable_mosaic.tpu.memref_slice"(%recv, %c0) {operandSegmentSizes = array<i32: 1, 1, 0>} : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
      %r0 = "stable_mosaic.tpu.memref_squeeze"(%r0r) : (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
      %r1r = "stable_mosaic.tpu.memref_slice"(%recv, %7) {operandSegmentSizes = array<i32: 1, 1, 0>} : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
      %r1 = "stable_mosaic.tpu.memref_squeeze"(%r1r) : (memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
      %x0 = "stable_mosaic.tpu.memref_slice"(%0, %c0, %c0) {operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<8x128xf32, #tpu.memory_space<vmem>>, i32, i32) -> (memref<4x128xf32, #tpu.memory_space<vmem>>)
      %x1 = "stable_mosaic.tpu.memref_slice"(%0, %c4, %c0) {operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<8x128xf32, #tpu.memory_space<vmem>>, i32, i32) -> (memref<4x128xf32, #tpu.memory_space<vmem>>)
      %b0 = "stable_mosaic.tpu.memref_slice"(%13, %c0, %c0) {operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<8x128xf32, #tpu.memory_space<vmem>>, i32, i32) -> (memref<4x128xf32, #tpu.memory_space<vmem>>)
      %b1 = "stable_mosaic.tpu.memref_slice"(%13, %c4, %c0) {operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<8x128xf32, #tpu.memory_space<vmem>>, i32, i32) -> (memref<4x128xf32, #tpu.memory_space<vmem>>)
      "stable_mosaic.tpu.enqueue_dma"(%x0, %s0, %b0, %r0, %10) {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0>, priority = 0 : i32, strict_ordering = false} : (memref<4x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<4x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> ()
      "stable_mosaic.tpu.enqueue_dma"(%x1, %s1, %b1, %r1, %10) {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0>, priority = 0 : i32, strict_ordering = false} : (memref<4x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<4x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> ()
      "stable_mosaic.tpu.wait_dma2"(%s1, %x1, %b1, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>, strict_ordering = false} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<4x128xf32, #tpu.memory_space<vmem>>, memref<4x128xf32, #tpu.memory_space<vmem>>, i32, i32) -> ()
      "stable_mosaic.tpu.wait_dma2"(%s0, %x0, %b0, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>, strict_ordering = false} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<4x128xf32, #tpu.memory_space<vmem>>, memref<4x128xf32, #tpu.memory_space<vmem>>, i32, i32) -> ()
      "stable_mosaic.tpu.wait_dma2"(%r1, %x1, %b1, %12) {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>, strict_ordering = false} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<4x128xf32, #tpu.memory_space<vmem>>, memref<4x128xf32, #tpu.memory_space<vmem>>, i32) -> ()
      "stable_mosaic.tpu.wait_dma2"(%r0, %x0, %b0, %12) {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>, strict_ordering = false} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<4x128xf32, #tpu.memory_space<vmem>>, memref<4x128xf32, #tpu.memory_space<vmem>>, i32) -> ()
      "stable_mosaic.tpu.sem_signal"(%done, %8, %10) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, i32, i32) -> ()
      "stable_mosaic.tpu.sem_wait"(%done, %8) : (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> ()
      %15 = "stable_mosaic.arith.constant"() {value = 0 : index} : () -> (index)
      %16 = "stable_mosaic.vector.load"(%13, %15, %15) : (memref<8x128xf32, #tpu.memory_space<vmem>>, index, index) -> (vector<8x128xf32>)
      %17 = "stable_mosaic.arith.constant"() {value = 1.0 : f32} : () -> (f32)
      %18 = "stable_mosaic.vector.broadcast"(%17) : (f32) -> (vector<8x128xf32>)
      %19 = "stable_mosaic.arith.addf"(%16, %18) {fastmath = #arith.fastmath<none>} : (vector<8x128xf32>, vector<8x128xf32>) -> (vector<8x128xf32>)
      "stable_mosaic.tpu.vector_store"(%19, %1, %15, %15) {add = false, operandSegmentSizes = array<i32: 1, 1, 2, 0>, strides = array<i32>} : (vector<8x128xf32>, memref<8x128xf32, #tpu.memory_space<vmem>>, index, index) -> ()
      "stable_mosaic.tpu.yield"() : () -> ()
    }) : () -> ()
    "stable_mosaic.func.return"() : () -> ()
  }) {dimension_semantics = [], function_type = (memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>) -> (), scalar_prefetch = 0 : i64, scratch_operands = 1 : i64, sym_name = "permute_scoped_sem_kernel", tpu.core_type = #tpu.core_type<tc>} : () -> ()
}) {stable_mosaic.version = 11 : i64} : () -> ()
