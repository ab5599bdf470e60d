// Ops that the jaxlib tessera pins no longer has, which older jaxlibs printed and tessera still
// reads: vector.splat (folded into vector.broadcast upstream), tpu.rotate (now
// tpu.dynamic_rotate) and tpu.wait_dma (now tpu.wait_dma2); and tpu.core_id, which jaxlib
// now allows on SparseCore kernels only. Checked with cf.assert (tests/test_op_registry.c).
module {
  func.func @main(%a: memref<8x128xi32, #tpu.memory_space<vmem>>, %b: memref<8x128xi32, #tpu.memory_space<vmem>>, %dsem: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 3 : i64} {
    %c538 = arith.constant 7 : i32
    %v539 = vector.splat %c538 : vector<4xi32>
    %c540 = arith.constant dense<7> : vector<4xi32>
    %eq541 = arith.cmpi eq, %v539, %c540 : vector<4xi32>
    %v542 = arith.extui %eq541 : vector<4xi1> to vector<4xi32>
    %c543 = arith.constant 1 : i32
    %v544 = vector.multi_reduction <minsi>, %v542, %c543 [0] : vector<4xi32> to i32
    %ok545 = arith.cmpi eq, %v544, %c543 : i32
    cf.assert %ok545, "vector.splat 7"
    %v546 = tpu.iota {dimensions = array<i32: 1>} : vector<8x128xi32>
    %v547 = arith.sitofp %v546 : vector<8x128xi32> to vector<8x128xf32>
    %v548 = "tpu.rotate"(%v547) <{amount = 1 : si32, dimension = 1 : si32}> : (vector<8x128xf32>) -> vector<8x128xf32>
    %v549 = vector.extract %v548[0, 0] : f32 from vector<8x128xf32>
    %c550 = arith.constant 1.270000e+02 : f32
    %ok551 = arith.cmpf oeq, %v549, %c550 : f32
    cf.assert %ok551, "tpu.rotate by 1 along lanes: lane 0 takes lane 127"
    %c552 = arith.constant 0 : index
    %v553 = tpu.iota {dimensions = array<i32: 0>} : vector<8x128xi32>
    vector.store %v553, %a[%c552, %c552] : memref<8x128xi32, #tpu.memory_space<vmem>>, vector<8x128xi32>
    "tpu.enqueue_dma"(%a, %b, %dsem) <{operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0>}> : (memref<8x128xi32, #tpu.memory_space<vmem>>, memref<8x128xi32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.wait_dma"(%dsem, %b) : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xi32, #tpu.memory_space<vmem>>) -> ()
    %c555 = arith.constant 5 : index
    %v554 = memref.load %b[%c555, %c552] : memref<8x128xi32, #tpu.memory_space<vmem>>
    %c556 = arith.constant 5 : i32
    %ok557 = arith.cmpi eq, %v554, %c556 : i32
    cf.assert %ok557, "tpu.wait_dma (the form before wait_dma2): the copy arrived"
    %v558 = tpu.core_id : i32
    %c559 = arith.constant 0 : i32
    %ok560 = arith.cmpi eq, %v558, %c559 : i32
    cf.assert %ok560, "tpu.core_id of a one-core chip"
    return
  }
}
