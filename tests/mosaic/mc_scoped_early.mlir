// A remote signal and a remote copy that reach a run_scoped semaphore before its owner has
// entered the scope, as the handshake of JAX's tpu_pallas_distributed_test.py does (each
// device signals its peer's scoped semaphore as soon as it is in its own scope). On a TPU a
// scope's semaphores sit at fixed addresses, so what arrives early is counted and seen when
// the owner enters. Here the order is forced: an odd device enters the scope only after its
// left (even) neighbour has signalled its scoped `ready` semaphore, copied x into its o
// (counted by its scoped `recv` semaphore) and then signalled the kernel's semaphore. The odd
// device reads `ready` on entry (1: the early signal, counted once), waits for it and for the
// copy, and writes o = what arrived + that count; the even device writes o = x. Written by
// hand; runs on 4 devices (the neighbours wrap at 4).
module attributes {stable_mosaic.version = 11 : i64} {
  func.func @scoped_early_kernel(%x: memref<8x128xf32, #tpu.memory_space<vmem>>, %o: memref<8x128xf32, #tpu.memory_space<vmem>>, %go: memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 1 : i64} {
    %me = tpu.device_id : i32
    %c0_i32 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c4 = arith.constant 4 : i32
    %r0 = arith.addi %me, %c1 : i32
    %right = arith.remsi %r0, %c4 : i32
    %parity = arith.remsi %me, %c2 : i32
    %odd = arith.cmpi ne, %parity, %c0_i32 : i32
    %c0 = arith.constant 0 : index
    scf.if %odd {
      tpu.sem_wait %go, %c1 : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    }
    "tpu.region"() ({
      %ready = tpu.sem_alloc : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
      %send = tpu.sem_alloc : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %recv = tpu.sem_alloc : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      scf.if %odd {
        %n = tpu.sem_read %ready : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>> -> i32
        tpu.sem_wait %ready, %c1 : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
        tpu.wait_dma2 semaphore(%recv : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%x : memref<8x128xf32, #tpu.memory_space<vmem>>) dst(%o : memref<8x128xf32, #tpu.memory_space<vmem>>)
        %v = vector.load %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
        %nf = arith.sitofp %n : i32 to f32
        %s = vector.broadcast %nf : f32 to vector<8x128xf32>
        %w = arith.addf %v, %s : vector<8x128xf32>
        vector.store %w, %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
      } else {
        tpu.sem_signal %ready, %c1 device_id %right : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
        tpu.enqueue_dma source(%x : memref<8x128xf32, #tpu.memory_space<vmem>>) target(%o : memref<8x128xf32, #tpu.memory_space<vmem>>) source_semaphore(%send : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) target_semaphore(%recv : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) device_id(%right)
        tpu.wait_dma2 semaphore(%send : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%x : memref<8x128xf32, #tpu.memory_space<vmem>>) dst(%o : memref<8x128xf32, #tpu.memory_space<vmem>>)
        tpu.sem_signal %go, %c1 device_id %right : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
        %v = vector.load %x[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
        vector.store %v, %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
      }
      "tpu.yield"() : () -> ()
    }) : () -> ()
    return
  }
}
