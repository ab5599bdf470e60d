// A reduction over a grid of row blocks: each step sums its (8, 256) block along the lanes
// with vector.multi_reduction, takes the argmax per row (tpu.reduce_index), and a while loop
// counts halvings of the first sum as a scf.while test.
module @row_sum {
  func.func @kernel(%i: i32, %x: memref<8x256xf32, #tpu.memory_space<vmem>>, %o: memref<8x128xf32, #tpu.memory_space<vmem>>, %am: memref<8x128xi32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 4>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 8, 256>}, {transform_indices = @transform_1, window_bounds = array<i64: 8, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 8, 128>}]} {
    %c0 = arith.constant 0 : index
    %v = vector.load %x[%c0, %c0] : memref<8x256xf32, #tpu.memory_space<vmem>>, vector<8x256xf32>
    %init = arith.constant dense<0.000000e+00> : vector<8xf32>
    %s = "vector.multi_reduction"(%v, %init) <{kind = #vector.kind<add>, reduction_dims = array<i64: 1>}> : (vector<8x256xf32>, vector<8xf32>) -> vector<8xf32>
    %s2 = "vector.shape_cast"(%s) : (vector<8xf32>) -> vector<8x1xf32>
    %b = vector.broadcast %s2 : vector<8x1xf32> to vector<8x128xf32>
    vector.store %b, %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %idx = "tpu.reduce_index"(%v) {axis = 1 : i32, kind = #tpu.reduction_kind<arg_max>} : (vector<8x256xf32>) -> vector<8xi32>
    %idx2 = "vector.shape_cast"(%idx) : (vector<8xi32>) -> vector<8x1xi32>
    %ib = vector.broadcast %idx2 : vector<8x1xi32> to vector<8x128xi32>
    vector.store %ib, %am[%c0, %c0] : memref<8x128xi32, #tpu.memory_space<vmem>>, vector<8x128xi32>
    return
  }
  func.func @transform_0(%i: i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    return %i, %c0 : i32, i32
  }
  func.func @transform_1(%i: i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    return %i, %c0 : i32, i32
  }
}
