// A kernel from outside may never finish: this scf.while never exits. `tessera run --max-ops N`
// stops it with an error naming the op (tests/cli/run.sh).
module @loop {
  func.func @loop(%x: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 0 : i64} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    %n = scf.while (%i = %c0) : (i32) -> i32 {
      scf.condition(%true) %i : i32
    } do {
    ^bb0(%j: i32):
      %k = arith.addi %j, %c1 : i32
      scf.yield %k : i32
    }
    return
  }
}
