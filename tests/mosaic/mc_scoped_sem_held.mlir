// A signal to a run_scoped semaphore that is never waited for: inside a region each device
// allocates a semaphore, tells its left neighbour it is there and waits for its right
// neighbour's word; device 3 alone (the amount is device_id / 3) signals its right
// neighbour's (device 0's) scoped semaphore, then every device signals its right neighbour's
// kernel semaphore and waits for its own. Device 0 passes that wait after device 3's scoped
// signal reached it, so its scope ends with the semaphore holding 1: an error, on one process
// and on many. Written by hand.
"builtin.module"() ({
  "stable_mosaic.func.func"() ({
  ^bb0(%0: memref<8x128xf32, #tpu.memory_space<vmem>>, %1: memref<8x128xf32, #tpu.memory_space<vmem>>, %2: memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, %3: memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>):
    %5 = "stable_mosaic.tpu.device_id"() : () -> (i32)
    %6 = "stable_mosaic.arith.constant"() {value = 4 : i32} : () -> (i32)
    %7 = "stable_mosaic.arith.constant"() {value = 1 : i32} : () -> (i32)
    %8 = "stable_mosaic.arith.constant"() {value = 3 : i32} : () -> (i32)
    %9 = "stable_mosaic.arith.addi"(%5, %7) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> (i32)
    %10 = "stable_mosaic.arith.remsi"(%9, %6) : (i32, i32) -> (i32)
    %11 = "stable_mosaic.arith.addi"(%5, %8) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> (i32)
    %12 = "stable_mosaic.arith.remsi"(%11, %6) : (i32, i32) -> (i32)
    %13 = "stable_mosaic.arith.divsi"(%5, %8) : (i32, i32) -> (i32)
    "stable_mosaic.tpu.region"() ({
      %s = "stable_mosaic.tpu.sem_alloc"() : () -> (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>)
      "stable_mosaic.tpu.sem_signal"(%2, %7, %12) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, i32, i32) -> ()
      "stable_mosaic.tpu.sem_wait"(%2, %7) : (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> ()
      "stable_mosaic.tpu.sem_signal"(%s, %13, %10) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, i32, i32) -> ()
      "stable_mosaic.tpu.sem_signal"(%3, %7, %10) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, i32, i32) -> ()
      "stable_mosaic.tpu.sem_wait"(%3, %7) : (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> ()
      %15 = "stable_mosaic.arith.constant"() {value = 0 : index} : () -> (index)
      %16 = "stable_mosaic.vector.load"(%0, %15, %15) : (memref<8x128xf32, #tpu.memory_space<vmem>>, index, index) -> (vector<8x128xf32>)
      "stable_mosaic.tpu.vector_store"(%16, %1, %15, %15) {add = false, operandSegmentSizes = array<i32: 1, 1, 2, 0>, strides = array<i32>} : (vector<8x128xf32>, memref<8x128xf32, #tpu.memory_space<vmem>>, index, index) -> ()
      "stable_mosaic.tpu.yield"() : () -> ()
    }) : () -> ()
    "stable_mosaic.func.return"() : () -> ()
  }) {dimension_semantics = [], function_type = (memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>) -> (), scalar_prefetch = 0 : i64, scratch_operands = 2 : i64, sym_name = "scoped_sem_held_kernel", tpu.core_type = #tpu.core_type<tc>} : () -> ()
}) {stable_mosaic.version = 11 : i64} : () -> ()
