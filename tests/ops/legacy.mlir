// Ops that the jaxlib tessera pins no longer has, which older jaxlibs printed and tessera still
// reads: vector.splat (folded into vector.broadcast upstream), tpu.rotate (now
// tpu.dynamic_rotate) and tpu.wait_dma (now tpu.wait_dma2); and tpu.core_id, which jaxlib
// now allows on SparseCore kernels only. Checked with cf.assert (tests/test_op_registry.c).
module {
  func.func @main(%a: memref<8x128xi32, #tpu.memory_space<vmem>>, %b: memref<8x128xi32, #tpu.memory_space<vmem>>, %dsem: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 3 : i64} {
    %c474 = arith.constant 7 : i32
    %v475 = vector.splat %c474 : vector<4xi32>
    %c476 = arith.constant dense<7> : vector<4xi32>
    %eq477 = arith.cmpi eq, %v475, %c476 : vector<4xi32>
    %v478 = arith.extui %eq477 : vector<4xi1> to vector<4xi32>
    %c479 = arith.constant 1 : i32
    %v480 = vector.multi_reduction <minsi>, %v478, %c479 [0] : vector<4xi32> to i32
    %ok481 = arith.cmpi eq, %v480, %c479 : i32
    cf.assert %ok481, "vector.splat 7"
    %v482 = tpu.iota {dimensions = array<i32: 1>} : vector<8x128xi32>
    %v483 = arith.sitofp %v482 : vector<8x128xi32> to vector<8x128xf32>
    %v484 = "tpu.rotate"(%v483) <{amount = 1 : si32, dimension = 1 : si32}> : (vector<8x128xf32>) -> vector<8x128xf32>
    %v485 = vector.extract %v484[0, 0] : f32 from vector<8x128xf32>
    %c486 = arith.constant 1.270000e+02 : f32
    %ok487 = arith.cmpf oeq, %v485, %c486 : f32
    cf.assert %ok487, "tpu.rotate by 1 along lanes: lane 0 takes lane 127"
    %c488 = arith.constant 0 : index
    %v489 = tpu.iota {dimensions = array<i32: 0>} : vector<8x128xi32>
    vector.store %v489, %a[%c488, %c488] : memref<8x128xi32, #tpu.memory_space<vmem>>, vector<8x128xi32>
    "tpu.enqueue_dma"(%a, %b, %dsem) <{operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0>}> : (memref<8x128xi32, #tpu.memory_space<vmem>>, memref<8x128xi32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.wait_dma"(%dsem, %b) : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xi32, #tpu.memory_space<vmem>>) -> ()
    %c491 = arith.constant 5 : index
    %v490 = memref.load %b[%c491, %c488] : memref<8x128xi32, #tpu.memory_space<vmem>>
    %c492 = arith.constant 5 : i32
    %ok493 = arith.cmpi eq, %v490, %c492 : i32
    cf.assert %ok493, "tpu.wait_dma (the form before wait_dma2): the copy arrived"
    %v494 = tpu.core_id : i32
    %c495 = arith.constant 0 : i32
    %ok496 = arith.cmpi eq, %v494, %c495 : i32
    cf.assert %ok496, "tpu.core_id of a one-core chip"
    return
  }
}
