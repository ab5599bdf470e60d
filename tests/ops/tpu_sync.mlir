// tpu's DMA, semaphore, scope, log and PRNG ops: a local DMA waited for with wait_dma2, a
// semaphore signalled, read and waited for in a tpu.region, a traced scope, a logged buffer,
// and a reseeded PRNG stream that repeats; checked with cf.assert (tests/test_op_registry.c).
module {
  func.func @main(%arg0: memref<8x128xi32, #tpu.memory_space<vmem>>, %arg1: memref<8x128xi32, #tpu.memory_space<vmem>>, %arg2: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, %arg3: memref<1x4xi32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 4 : i64} {
    %c0 = arith.constant 0 : index
    %0 = tpu.iota {dimensions = array<i32: 1>} : vector<8x128xi32>
    vector.store %0, %arg0[%c0, %c0] : memref<8x128xi32, #tpu.memory_space<vmem>>, vector<8x128xi32>
    tpu.enqueue_dma source(%arg0 : memref<8x128xi32, #tpu.memory_space<vmem>>) target(%arg1 : memref<8x128xi32, #tpu.memory_space<vmem>>) target_semaphore(%arg2 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
    tpu.wait_dma2 semaphore(%arg2 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%arg0 : memref<8x128xi32, #tpu.memory_space<vmem>>) dst(%arg1 : memref<8x128xi32, #tpu.memory_space<vmem>>)
    %1 = vector.load %arg1[%c0, %c0] : memref<8x128xi32, #tpu.memory_space<vmem>>, vector<8x128xi32>
    %2 = arith.cmpi eq, %1, %0 : vector<8x128xi32>
    %3 = arith.extui %2 : vector<8x128xi1> to vector<8x128xi32>
    %c1_i32 = arith.constant 1 : i32
    %4 = vector.multi_reduction <minsi>, %3, %c1_i32 [0, 1] : vector<8x128xi32> to i32
    %c1_i32_0 = arith.constant 1 : i32
    %5 = arith.cmpi eq, %4, %c1_i32_0 : i32
    cf.assert %5, "tpu.enqueue_dma then tpu.wait_dma2: the copy arrived"
    %c3_i32 = arith.constant 3 : i32
    "tpu.region"() ({
      %13 = tpu.sem_alloc : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
      tpu.sem_signal %13, %c3_i32 : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
      %14 = tpu.sem_read %13 : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>> -> i32
      %15 = arith.cmpi eq, %14, %c3_i32 : i32
      cf.assert %15, "tpu.sem_signal by 3, then tpu.sem_read"
      tpu.sem_wait %13, %c3_i32 : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
      tpu.yield
    }) : () -> ()
    "tpu.trace"() <{level = 10 : i32, message = "a traced scope"}> ({
      %13 = arith.addi %c3_i32, %c3_i32 : i32
      tpu.yield
    }) : () -> ()
    "tpu.trace_start"() <{level = 10 : i32, message = "a traced stretch"}> : () -> ()
    "tpu.trace_stop"() : () -> ()
    %6 = tpu.iota {dimensions = array<i32: 1>} : vector<1x4xi32>
    vector.store %6, %arg3[%c0, %c0] : memref<1x4xi32, #tpu.memory_space<vmem>>, vector<1x4xi32>
    tpu.log_buffer "tessera ops: log_buffer of 0 1 2 3" {shape = array<i64: 1, 4>} : %arg3 : memref<1x4xi32, #tpu.memory_space<vmem>>
    %c7_i32 = arith.constant 7 : i32
    "tpu.prng_set_seed_32"(%c7_i32) : (i32) -> ()
    %7 = "tpu.prng_random_bits"() : () -> vector<8x128xi32>
    "tpu.prng_set_seed_32"(%c7_i32) : (i32) -> ()
    %8 = "tpu.prng_random_bits"() : () -> vector<8x128xi32>
    %9 = arith.cmpi eq, %7, %8 : vector<8x128xi32>
    %10 = arith.extui %9 : vector<8x128xi1> to vector<8x128xi32>
    %11 = vector.multi_reduction <minsi>, %10, %c1_i32 [0, 1] : vector<8x128xi32> to i32
    %c1_i32_1 = arith.constant 1 : i32
    %12 = arith.cmpi eq, %11, %c1_i32_1 : i32
    cf.assert %12, "tpu.prng_set_seed_32 restarts tpu.prng_random_bits' stream"
    return
  }
}
