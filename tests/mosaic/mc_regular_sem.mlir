// DMAs that signal regular semaphores (TPU v6 and later), local and remote, as JAX's
// test_remote_dma_regular_semaphore (tpu_pallas_distributed_test.py) and
// test_dma_with_regular_semaphore (tpu_pallas_test.py) use them: a finished DMA adds 1 to its
// regular semaphore, and a semaphore wait takes it. Each device copies x into two scratch
// buffers on one regular semaphore and waits for 2 (both copies), tells its left neighbour on
// the barrier semaphore that it is in the scope, waits for its right neighbour's word (so the
// copy below reaches a scope that is open, on one process or over MPI), copies the first
// buffer into that neighbour's o (scoped send and receive semaphores, both regular), waits 1
// on each, and writes o = what arrived + (the second buffer - x) + 1: its left neighbour's
// shard + 1. Written by hand; runs on 4 devices with --chip v6e (the neighbours wrap at 4).
module attributes {stable_mosaic.version = 11 : i64} {
  func.func @regular_sem_kernel(%x: memref<8x128xf32, #tpu.memory_space<vmem>>, %o: memref<8x128xf32, #tpu.memory_space<vmem>>, %buf: memref<8x128xf32, #tpu.memory_space<vmem>>, %buf2: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 2 : i64} {
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
      tpu.sem_wait %lsem, %c2 : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
      %ready = tpu.sem_barrier : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
      tpu.sem_signal %ready, %c1 device_id %left : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
      tpu.sem_wait %ready, %c1 : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
      tpu.enqueue_dma source(%buf : memref<8x128xf32, #tpu.memory_space<vmem>>) target(%o : memref<8x128xf32, #tpu.memory_space<vmem>>) source_semaphore(%send : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>) target_semaphore(%recv : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>) device_id(%right)
      tpu.sem_wait %send, %c1 : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
      tpu.sem_wait %recv, %c1 : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
      %v = vector.load %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
      %b = vector.load %buf2[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
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
