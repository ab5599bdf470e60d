// matmul_acc.mlir with bf16 operands (f32 accumulator and output, default precision): a
// gridded matmul with a VMEM scratch accumulator, grid (M/128, N/128, K/128).
module @matmul_acc_bf16 {
  func.func @kernel(%i: i32, %j: i32, %k: i32, %x: memref<128x128xbf16, #tpu.memory_space<vmem>>, %y: memref<128x128xbf16, #tpu.memory_space<vmem>>, %o: memref<128x128xf32, #tpu.memory_space<vmem>>, %acc: memref<128x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 2, 3, 4>, scalar_prefetch = 0 : i64, scratch_operands = 1 : i64, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 128, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 128, 128>}, {transform_indices = @transform_2, window_bounds = array<i64: 128, 128>}]} {
    %c0_i32 = arith.constant 0 : i32
    %first = arith.cmpi eq, %k, %c0_i32 : i32
    scf.if %first {
      %z = arith.constant dense<0.000000e+00> : vector<128x128xf32>
      %c0 = arith.constant 0 : index
      vector.store %z, %acc[%c0, %c0] : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>
    }
    %c0 = arith.constant 0 : index
    %a = vector.load %x[%c0, %c0] : memref<128x128xbf16, #tpu.memory_space<vmem>>, vector<128x128xbf16>
    %b = vector.load %y[%c0, %c0] : memref<128x128xbf16, #tpu.memory_space<vmem>>, vector<128x128xbf16>
    %s = vector.load %acc[%c0, %c0] : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>
    %zero = arith.constant dense<0.000000e+00> : vector<128x128xf32>
    %p = "tpu.matmul"(%a, %b, %zero) {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>} : (vector<128x128xbf16>, vector<128x128xbf16>, vector<128x128xf32>) -> vector<128x128xf32>
    %t = arith.addf %s, %p : vector<128x128xf32>
    vector.store %t, %acc[%c0, %c0] : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>
    %nk = "tpu.iteration_bound"() {dim = 2 : i32} : () -> i32
    %c1_i32 = arith.constant 1 : i32
    %lastk = arith.subi %nk, %c1_i32 : i32
    %last = arith.cmpi eq, %k, %lastk : i32
    scf.if %last {
      tpu.vector_store %o[%c0, %c0], %t {strides = array<i32>} : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>,
    }
    return
  }
  func.func @transform_0(%i: i32, %j: i32, %k: i32) -> (i32, i32) {
    return %i, %k : i32, i32
  }
  func.func @transform_1(%i: i32, %j: i32, %k: i32) -> (i32, i32) {
    return %k, %j : i32, i32
  }
  func.func @transform_2(%i: i32, %j: i32, %k: i32) -> (i32, i32) {
    return %i, %j : i32, i32
  }
}
