// The barrier semaphore in the pretty form Pallas prints (written by hand after mc_barrier.mlir):
// each device signals its left and right neighbours' barrier semaphores and waits for both,
// then writes o = x * (device id + 1). Runs on any number of devices (tpu.device_id, the
// device count from nothing: the neighbours wrap at 4, the mesh of tests/test_multichip.c).
module attributes {stable_mosaic.version = 11 : i64} {
  func.func @barrier_kernel(%x: memref<8x128xf32, #tpu.memory_space<vmem>>, %o: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 0 : i64} {
    %me = tpu.device_id : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %c4 = arith.constant 4 : i32
    %r0 = arith.addi %me, %c1 : i32
    %right = arith.remsi %r0, %c4 : i32
    %l0 = arith.addi %me, %c3 : i32
    %left = arith.remsi %l0, %c4 : i32
    %b = tpu.sem_barrier : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    tpu.sem_signal %b, %c1 device_id %left : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    tpu.sem_signal %b, %c1 device_id %right : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    tpu.sem_wait %b, %c2 : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    %k = arith.addi %me, %c1 : i32
    %kf = arith.sitofp %k : i32 to f32
    %c0 = arith.constant 0 : index
    %v = vector.load %x[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %s = vector.broadcast %kf : f32 to vector<8x128xf32>
    %w = arith.mulf %v, %s : vector<8x128xf32>
    vector.store %w, %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    return
  }
}
