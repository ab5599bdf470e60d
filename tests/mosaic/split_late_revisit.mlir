// Grid (4, 2), arbitrary then parallel: the output block follows j in rows 0 and 1 only; in
// rows 2 and 3 both j steps write block (i, 0), which the parallel axis makes a race on a chip
// with two TensorCores (a warning, once per call). In order the first revisit is at (2, 1):
// in two parts it lies in the second part, with four in the third; the warning must
// be that one, once. Each step writes its x block times two; the last one stands.
module @split_late_revisit {
  func.func @kernel(%i: i32, %j: i32, %x: memref<8x128xf32, #tpu.memory_space<vmem>>, %o: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>, #tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 4, 2>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 8, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 8, 128>}]} {
    %c0 = arith.constant 0 : index
    %a = vector.load %x[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %t = arith.addf %a, %a : vector<8x128xf32>
    vector.store %t, %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    return
  }
  func.func @transform_0(%i: i32, %j: i32) -> (i32, i32) {
    return %i, %j : i32, i32
  }
  func.func @transform_1(%i: i32, %j: i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    %c2 = arith.constant 2 : i32
    %early = arith.cmpi slt, %i, %c2 : i32
    %jj = arith.select %early, %j, %c0 : i32
    return %i, %jj : i32, i32
  }
}
