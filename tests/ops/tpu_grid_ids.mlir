// tpu's ids in a grid of 3 steps on one device: iteration_bound, device_id, checked with
// cf.assert; each step writes its program id to its block (tests/test_op_registry.c runs it).
module {
  func.func @main(%arg0: i32, %arg1: memref<8x128xi32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 3>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, window_params = [{transform_indices = @map, window_bounds = array<i64: 8, 128>}]} {
    %0 = tpu.iteration_bound 0 : i32
    %c3_i32 = arith.constant 3 : i32
    %1 = arith.cmpi eq, %0, %c3_i32 : i32
    cf.assert %1, "tpu.iteration_bound 0 of a grid of 3"
    %2 = tpu.device_id : i32
    %c0_i32 = arith.constant 0 : i32
    %3 = arith.cmpi eq, %2, %c0_i32 : i32
    cf.assert %3, "tpu.device_id of one device"
    %4 = vector.broadcast %arg0 : i32 to vector<8x128xi32>
    %c0 = arith.constant 0 : index
    vector.store %4, %arg1[%c0, %c0] : memref<8x128xi32, #tpu.memory_space<vmem>>, vector<8x128xi32>
    return
  }
  func.func @map(%arg0: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
}
