// signal with the bug: every device signals device 0, so devices 1..3 wait forever (a deadlock reported with both ends).
// Exported by tools/jax/multichip.py: Pallas under jax.shard_map over 4 CPU devices, jax 0.10.2,
// platforms=["tpu"]; the tpu_custom_call body (Mosaic IR version 11) as tessera dis prints it.
"builtin.module"() ({
  "stable_mosaic.func.func"() ({
  ^bb0(%0: memref<8x128xf32, #tpu.memory_space<vmem>>, %1: memref<8x128xf32, #tpu.memory_space<vmem>>, %2: memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>):
    %3 = "stable_mosaic.arith.constant"() {value = 1 : i32} : () -> (i32)
    %4 = "stable_mosaic.arith.constant"() {value = 0 : i32} : () -> (i32)
    %5 = "stable_mosaic.arith.constant"() {value = 1 : i32} : () -> (i32)
    %6 = "stable_mosaic.arith.muli"(%4, %5) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> (i32)
    %7 = "stable_mosaic.arith.constant"() {value = 0 : i32} : () -> (i32)
    %8 = "stable_mosaic.arith.addi"(%7, %6) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> (i32)
    "stable_mosaic.tpu.sem_signal"(%2, %3, %8) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, i32, i32) -> ()
    %9 = "stable_mosaic.arith.constant"() {value = 1 : i32} : () -> (i32)
    %10 = "stable_mosaic.arith.constant"() {value = true} : () -> (i1)
    "stable_mosaic.tpu.sem_wait"(%2, %9) : (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> ()
    %11 = "stable_mosaic.arith.constant"() {value = 0 : index} : () -> (index)
    %12 = "stable_mosaic.arith.constant"() {value = 0 : index} : () -> (index)
    %13 = "stable_mosaic.vector.load"(%0, %11, %12) : (memref<8x128xf32, #tpu.memory_space<vmem>>, index, index) -> (vector<8x128xf32>)
    %14 = "stable_mosaic.vector.shape_cast"(%13) : (vector<8x128xf32>) -> (vector<8x128xf32>)
    %15 = "stable_mosaic.arith.constant"() {value = 2.0 : f32} : () -> (f32)
    %16 = "stable_mosaic.vector.broadcast"(%15) : (f32) -> (vector<8x128xf32>)
    %17 = "stable_mosaic.arith.mulf"(%14, %16) {fastmath = #arith.fastmath<none>} : (vector<8x128xf32>, vector<8x128xf32>) -> (vector<8x128xf32>)
    %18 = "stable_mosaic.arith.constant"() {value = 0 : index} : () -> (index)
    %19 = "stable_mosaic.arith.constant"() {value = 0 : index} : () -> (index)
    %20 = "stable_mosaic.vector.load"(%1, %18, %19) : (memref<8x128xf32, #tpu.memory_space<vmem>>, index, index) -> (vector<8x128xf32>)
    "stable_mosaic.tpu.vector_store"(%17, %1, %18, %19) {add = false, operandSegmentSizes = array<i32: 1, 1, 2, 0>, strides = array<i32>} : (vector<8x128xf32>, memref<8x128xf32, #tpu.memory_space<vmem>>, index, index) -> ()
    "stable_mosaic.func.return"() : () -> ()
  }) {dimension_semantics = [], function_type = (memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>) -> (), scalar_prefetch = 0 : i64, scratch_operands = 1 : i64, sym_name = "signal_kernel", tpu.core_type = #tpu.core_type<tc>} : () -> ()
}) {stable_mosaic.version = 11 : i64} : () -> ()
