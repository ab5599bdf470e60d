// mc_regular_sem.mlir with one bug: the second buffer is read before the semaphore wait
// that its DMA (a regular semaphore's, TPU v6 and later) is waited for by, a race on every
// device that the race checker reports (and nothing else: the wait still ends both local
// DMAs, and the remote copy's waits end it). Written by hand; 4 devices, --chip v6e.
module attributes {stable_mosaic.version = 11 : i64} {
  func.func @regular_sem_racy_kernel(%x: memref<8x128xf32, #tpu.memory_space<vmem>>, %o: memref<8x128xf32, #tpu.memory_space<vmem>>, %buf: memref<8x128xf32, #tpu.memory_space<vmem>>, %buf2: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 2 : i64} {
    %me = tpu.device_id : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c4 = arith.constant 4 : i32
    %r0 = arith.addi %me, %c1 : i32
    %right = arith.remsi %r0, %c4 : i32
    %c3 = arith.constant 3 : i32
    %l0 = arith.addi %me, %c3 : i32
    %left = arith.remsi %l0, %c4 : i32
    %c0 = arith.constant 0 : index
    "tpu.region"() ({
      %lsem = tpu.sem_alloc : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
      %send = tpu.sem_alloc : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
      %recv = tpu.sem_alloc : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
      tpu.enqueue_dma source(%x : memref<8x128xf32, #tpu.memory_space<vmem>>) target(%buf : memref<8x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%lsem : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>)
      tpu.enqueue_dma source(%x : memref<8x128xf32, #tpu.memory_space<vmem>>) target(%buf2 : memref<8x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%lsem : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>)
      %b = vector.load %buf2[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
      tpu.sem_wait %lsem, %c2 : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
      %ready = tpu.sem_barrier : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
      tpu.sem_signal %ready, %c1 device_id %left : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
      tpu.sem_wait %ready, %c1 : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
      tpu.enqueue_dma source(%buf : memref<8x128xf32, #tpu.memory_space<vmem>>) target(%o : memref<8x128xf32, #tpu.memory_space<vmem>>) source_semaphore(%send : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>) target_semaphore(%recv : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>) device_id(%right)
      tpu.sem_wait %send, %c1 : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
      tpu.sem_wait %recv, %c1 : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
      %v = vector.load %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
      %xv = vector.load %x[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
      %d = arith.subf %b, %xv : vector<8x128xf32>
      %one = arith.constant dense<1.0> : vector<8x128xf32>
      %e = arith.addf %d, %one : vector<8x128xf32>
      %w = arith.addf %v, %e : vector<8x128xf32>
      vector.store %w, %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
      "tpu.yield"() : () -> ()
    }) : () -> ()
    return
  }
}
