// DMAs of packed views (tpu.memref_bitcast across widths), as Pallas's
// `ref.bitcast(...)` / `.at[...]` make them: a DMA moves the view's elements in the
// view's order, whatever the memory under it holds.
//  - x: i32[8,1,256] seen as i16[8,2,256] (row 2r+j of the view is the half j of word
//    row r, low half first); the window [2:6, :, 128:256] of that view goes to o1.
//  - y: i32[2,128] goes into o2, bf16[4,128], through o2 seen as i32[2,128] (word (r, l)
//    of the view holds o2's rows 2r and 2r+1 at lane l, row 2r in the low half).
module @dma_packed {
  func.func @kernel(%x: memref<8x1x256xi32, #tpu.memory_space<any>>, %y: memref<2x128xi32, #tpu.memory_space<any>>, %o1: memref<4x2x128xi16, #tpu.memory_space<any>>, %o2: memref<4x128xbf16, #tpu.memory_space<any>>, %sem: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 1 : i64} {
    %c0 = arith.constant 0 : i32
    %c2 = arith.constant 2 : i32
    %c128 = arith.constant 128 : i32
    %xv = "tpu.memref_bitcast"(%x) : (memref<8x1x256xi32, #tpu.memory_space<any>>) -> memref<8x2x256xi16, #tpu.memory_space<any>>
    %xs = "tpu.memref_slice"(%xv, %c2, %c0, %c128) {operandSegmentSizes = array<i32: 1, 3, 0>} : (memref<8x2x256xi16, #tpu.memory_space<any>>, i32, i32, i32) -> memref<4x2x128xi16, #tpu.memory_space<any>>
    "tpu.enqueue_dma"(%xs, %o1, %sem) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32} : (memref<4x2x128xi16, #tpu.memory_space<any>>, memref<4x2x128xi16, #tpu.memory_space<any>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.wait_dma2"(%sem, %xs, %o1) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<4x2x128xi16, #tpu.memory_space<any>>, memref<4x2x128xi16, #tpu.memory_space<any>>) -> ()
    %ov = "tpu.memref_bitcast"(%o2) : (memref<4x128xbf16, #tpu.memory_space<any>>) -> memref<2x128xi32, #tpu.memory_space<any>>
    "tpu.enqueue_dma"(%y, %ov, %sem) {operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32} : (memref<2x128xi32, #tpu.memory_space<any>>, memref<2x128xi32, #tpu.memory_space<any>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.wait_dma2"(%sem, %y, %ov) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<2x128xi32, #tpu.memory_space<any>>, memref<2x128xi32, #tpu.memory_space<any>>) -> ()
    return
  }
}
