// Shape ops: iota, dynamic_rotate (pltpu.roll), transpose, extract_strided_slice,
// concatenate, repeat, and an scf.while that counts down.
module @shapes {
  func.func @kernel(%o: memref<16x8xi32, #tpu.memory_space<vmem>>, %n: memref<1x128xi32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 0 : i64} {
    %c0 = arith.constant 0 : index
    %it = "tpu.iota"() {dimensions = array<i32: 1>} : () -> vector<8x8xi32>
    %ir = "tpu.iota"() {dimensions = array<i32: 0>} : () -> vector<8x8xi32>
    %c8 = arith.constant dense<8> : vector<8x8xi32>
    %r8 = arith.muli %ir, %c8 : vector<8x8xi32>
    %v = arith.addi %r8, %it : vector<8x8xi32>
    %c3 = arith.constant 3 : i32
    %rot = "tpu.dynamic_rotate"(%v, %c3) {dimension = 1 : i32} : (vector<8x8xi32>, i32) -> vector<8x8xi32>
    %t = "tpu.transpose"(%rot) {permutation = array<i64: 1, 0>} : (vector<8x8xi32>) -> vector<8x8xi32>
    %s = "vector.extract_strided_slice"(%v) {offsets = array<i64: 0, 0>, sizes = array<i64: 4, 8>, strides = array<i64: 2, 1>} : (vector<8x8xi32>) -> vector<4x8xi32>
    %rp = "tpu.repeat"(%s) {dimension = 0 : i32, times = 2 : i32} : (vector<4x8xi32>) -> vector<8x8xi32>
    %cat = "tpu.concatenate"(%t, %rp) {dimension = 0 : i32} : (vector<8x8xi32>, vector<8x8xi32>) -> vector<16x8xi32>
    vector.store %cat, %o[%c0, %c0] : memref<16x8xi32, #tpu.memory_space<vmem>>, vector<16x8xi32>
    %c10 = arith.constant 10 : i32
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %w:2 = "scf.while"(%c10, %c0_i32) ({
    ^bb0(%a: i32, %cnt: i32):
      %go = arith.cmpi sgt, %a, %c0_i32 : i32
      "scf.condition"(%go, %a, %cnt) : (i1, i32, i32) -> ()
    }, {
    ^bb0(%a: i32, %cnt: i32):
      %a2 = arith.subi %a, %c3 : i32
      %cnt2 = arith.addi %cnt, %c1_i32 : i32
      scf.yield %a2, %cnt2 : i32, i32
    }) : (i32, i32) -> (i32, i32)
    %bc = vector.broadcast %w#1 : i32 to vector<1x128xi32>
    vector.store %bc, %n[%c0, %c0] : memref<1x128xi32, #tpu.memory_space<vmem>>, vector<1x128xi32>
    return
  }
}
