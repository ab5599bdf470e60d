// Right permute into a run_scoped VMEM buffer (an allocation made after the kernel's start):
// each device allocates its receive buffer inside a region, tells its left neighbour it is
// there (a remote signal), waits for its right neighbour's, copies x into the right
// neighbour's scoped buffer, and after the wait stores what it received + 1 to o. Written by
// hand (tools/jax/multichip.py's Pallas export keeps scratch buffers at the kernel's start);
// the same result as mc_permute_add.mlir.
"builtin.module"() ({
  "stable_mosaic.func.func"() ({
  ^bb0(%0: memref<8x128xf32, #tpu.memory_space<vmem>>, %1: memref<8x128xf32, #tpu.memory_space<vmem>>, %2: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, %3: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, %4: memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>):
    %5 = "stable_mosaic.tpu.device_id"() : () -> (i32)
    %6 = "stable_mosaic.arith.constant"() {value = 4 : i32} : () -> (i32)
    %7 = "stable_mosaic.arith.constant"() {value = 1 : i32} : () -> (i32)
    %8 = "stable_mosaic.arith.constant"() {value = 3 : i32} : () -> (i32)
    %9 = "stable_mosaic.arith.addi"(%5, %7) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> (i32)
    %10 = "stable_mosaic.arith.remsi"(%9, %6) : (i32, i32) -> (i32)
    %11 = "stable_mosaic.arith.addi"(%5, %8) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> (i32)
    %12 = "stable_mosaic.arith.remsi"(%11, %6) : (i32, i32) -> (i32)
    "stable_mosaic.tpu.region"() ({
      %13 = "stable_mosaic.memref.alloca"() {operandSegmentSizes = array<i32: 0, 0>} : () -> (memref<8x128xf32, #tpu.memory_space<vmem>>)
      "stable_mosaic.tpu.sem_signal"(%4, %7, %12) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, i32, i32) -> ()
      "stable_mosaic.tpu.sem_wait"(%4, %7) : (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> ()
      "stable_mosaic.tpu.enqueue_dma"(%0, %2, %13, %3, %10) {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0>, priority = 0 : i32, strict_ordering = false} : (memref<8x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> ()
      %14 = "stable_mosaic.arith.constant"() {value = 0 : i32} : () -> (i32)
      "stable_mosaic.tpu.wait_dma2"(%2, %0, %13, %14, %14) {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>, strict_ordering = false} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>>, i32, i32) -> ()
      "stable_mosaic.tpu.wait_dma2"(%3, %0, %13, %12) {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>, strict_ordering = false} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>>, i32) -> ()
      %15 = "stable_mosaic.arith.constant"() {value = 0 : index} : () -> (index)
      %16 = "stable_mosaic.vector.load"(%13, %15, %15) : (memref<8x128xf32, #tpu.memory_space<vmem>>, index, index) -> (vector<8x128xf32>)
      %17 = "stable_mosaic.arith.constant"() {value = 1.0 : f32} : () -> (f32)
      %18 = "stable_mosaic.vector.broadcast"(%17) : (f32) -> (vector<8x128xf32>)
      %19 = "stable_mosaic.arith.addf"(%16, %18) {fastmath = #arith.fastmath<none>} : (vector<8x128xf32>, vector<8x128xf32>) -> (vector<8x128xf32>)
      "stable_mosaic.tpu.vector_store"(%19, %1, %15, %15) {add = false, operandSegmentSizes = array<i32: 1, 1, 2, 0>, strides = array<i32>} : (vector<8x128xf32>, memref<8x128xf32, #tpu.memory_space<vmem>>, index, index) -> ()
      "stable_mosaic.tpu.yield"() : () -> ()
    }) : () -> ()
    "stable_mosaic.func.return"() : () -> ()
  }) {dimension_semantics = [], function_type = (memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>) -> (), scalar_prefetch = 0 : i64, scratch_operands = 3 : i64, sym_name = "permute_scoped_kernel", tpu.core_type = #tpu.core_type<tc>} : () -> ()
}) {stable_mosaic.version = 11 : i64} : () -> ()
