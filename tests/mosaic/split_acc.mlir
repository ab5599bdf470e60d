// A row-block sum that a one-core chip may split into two parts at once: grid (4, 2), parallel
// then arbitrary. At j == 0 the scratch is zeroed in two half-width (strided) stores after a
// JAX-style swap load whose value is unused; each step adds its x block and the constant c
// block (the same block at every step); at j == 1 the sum goes to the output block (i, 0).
module @split_acc {
  func.func @kernel(%i: i32, %j: i32, %x: memref<8x128xf32, #tpu.memory_space<vmem>>, %c: memref<8x128xf32, #tpu.memory_space<vmem>>, %o: memref<8x128xf32, #tpu.memory_space<vmem>>, %acc: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 4, 2>, scalar_prefetch = 0 : i64, scratch_operands = 1 : i64, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 8, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 8, 128>}, {transform_indices = @transform_2, window_bounds = array<i64: 8, 128>}]} {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %first = arith.cmpi eq, %j, %c0_i32 : i32
    scf.if %first {
      %old = vector.load %acc[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x64xf32>
      %z = arith.constant dense<0.000000e+00> : vector<8x64xf32>
      vector.store %z, %acc[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x64xf32>
      vector.store %z, %acc[%c0, %c64] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x64xf32>
    }
    %a = vector.load %x[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %b = vector.load %c[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %s = vector.load %acc[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %ab = arith.addf %a, %b : vector<8x128xf32>
    %t = arith.addf %s, %ab : vector<8x128xf32>
    vector.store %t, %acc[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %c1_i32 = arith.constant 1 : i32
    %last = arith.cmpi eq, %j, %c1_i32 : i32
    scf.if %last {
      vector.store %t, %o[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    }
    return
  }
  func.func @transform_0(%i: i32, %j: i32) -> (i32, i32) {
    return %i, %j : i32, i32
  }
  func.func @transform_1(%i: i32, %j: i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    return %c0, %c0 : i32, i32
  }
  func.func @transform_2(%i: i32, %j: i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    return %i, %c0 : i32, i32
  }
}
