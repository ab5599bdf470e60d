// dma_any's pipeline marked as `tessera lower` marks one (docs/lowering.md, "Marks"): each of
// the 8 iterations is a grid step that copies an 8-row chunk in (tessera.dma "in"), doubles it in
// the body (tessera.body; the region nested in it is plain), and writes it back (tessera.dma
// "out"), except at the last step, whose write-back the scf.if marked tessera.skip leaves out.
module @dma_marked {
  func.func @kernel(%x: memref<64x128xf32, #tpu.memory_space<any>>, %o: memref<64x128xf32, #tpu.memory_space<any>>, %buf: memref<8x128xf32, #tpu.memory_space<vmem>>, %sem_in: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, %sem_out: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 3 : i64} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c8_i32 = arith.constant 8 : i32
    %c56_i32 = arith.constant 56 : i32
    %c64_i32 = arith.constant 64 : i32
    scf.for %row = %c0_i32 to %c64_i32 step %c8_i32 : i32 {
      %src = tpu.memref_slice %x[%row, %c0_i32] : memref<64x128xf32, #tpu.memory_space<any>> -> memref<8x128xf32, #tpu.memory_space<any>>
      tpu.enqueue_dma source(%src : memref<8x128xf32, #tpu.memory_space<any>>) target(%buf : memref<8x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%sem_in : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) {tessera.dma = "in", tessera.operand = 0 : i32}
      tpu.wait_dma2 semaphore(%sem_in : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%src : memref<8x128xf32, #tpu.memory_space<any>>) dst(%buf : memref<8x128xf32, #tpu.memory_space<vmem>>) {tessera.dma = "in", tessera.operand = 0 : i32}
      "tpu.region"() ({
        %v = vector.load %buf[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
        "tpu.region"() ({
          %d = arith.addf %v, %v : vector<8x128xf32>
          vector.store %d, %buf[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
          "tpu.yield"() : () -> ()
        }) {tessera.body} : () -> ()
        "tpu.yield"() : () -> ()
      }) {tessera.body} : () -> ()
      %write = arith.cmpi ne, %row, %c56_i32 : i32
      scf.if %write {
        %dst = tpu.memref_slice %o[%row, %c0_i32] : memref<64x128xf32, #tpu.memory_space<any>> -> memref<8x128xf32, #tpu.memory_space<any>>
        tpu.enqueue_dma source(%buf : memref<8x128xf32, #tpu.memory_space<vmem>>) target(%dst : memref<8x128xf32, #tpu.memory_space<any>>) target_semaphore(%sem_out : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) {tessera.dma = "out", tessera.operand = 0 : i32}
        tpu.wait_dma2 semaphore(%sem_out : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%buf : memref<8x128xf32, #tpu.memory_space<vmem>>) dst(%dst : memref<8x128xf32, #tpu.memory_space<any>>) {tessera.dma = "out", tessera.operand = 0 : i32}
      } {tessera.skip = "out", tessera.operand = 0 : i32}
    } {tessera.step}
    return
  }
}
