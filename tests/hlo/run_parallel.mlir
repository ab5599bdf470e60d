// interpreter.run_parallel (StableHLO's reference interpreter's driver of processes) on
// hand-computed values: 2 replicas x 2 partitions (process d = replica d / 2, partition d % 2).
// all_gather with a channel and no global ids gathers every partition of the named replicas,
// partition by partition (the spec's order: processes 0, 2, 1, 3); the ids of the processes;
// an all_reduce over ragged groups (-1 pads a shorter group). tests/test_op_registry.c runs it.
module @run_parallel {
  func.func @gather(%x: tensor<1xi64>) -> tensor<4xi64> {
    %r = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<1xi64>) -> tensor<4xi64>
    return %r : tensor<4xi64>
  }
  func.func @ids() -> (tensor<ui32>, tensor<ui32>) {
    %r = stablehlo.replica_id : tensor<ui32>
    %p = stablehlo.partition_id : tensor<ui32>
    return %r, %p : tensor<ui32>, tensor<ui32>
  }
  func.func @ragged(%x: tensor<2xi64>) -> tensor<2xi64> {
    %r = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
    }) {replica_groups = dense<[[0, 1], [2, -1]]> : tensor<2x2xi64>} : (tensor<2xi64>) -> tensor<2xi64>
    return %r : tensor<2xi64>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0]> : tensor<1xi64>
    %x1 = stablehlo.constant dense<[10]> : tensor<1xi64>
    %x2 = stablehlo.constant dense<[20]> : tensor<1xi64>
    %x3 = stablehlo.constant dense<[30]> : tensor<1xi64>
    %g:4 = "interpreter.run_parallel"(%x0, %x1, %x2, %x3) {programs = [[@gather, @gather], [@gather, @gather]]} : (tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> (tensor<4xi64>, tensor<4xi64>, tensor<4xi64>, tensor<4xi64>)
    check.expect_eq_const %g#0, dense<[0, 20, 10, 30]> : tensor<4xi64>
    check.expect_eq_const %g#3, dense<[0, 20, 10, 30]> : tensor<4xi64>
    %i:8 = "interpreter.run_parallel"() {programs = [[@ids, @ids], [@ids, @ids]]} : () -> (tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>)
    check.expect_eq_const %i#2, dense<0> : tensor<ui32>
    check.expect_eq_const %i#3, dense<1> : tensor<ui32>
    check.expect_eq_const %i#4, dense<1> : tensor<ui32>
    check.expect_eq_const %i#5, dense<0> : tensor<ui32>
    %a0 = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
    %a1 = stablehlo.constant dense<[10, 20]> : tensor<2xi64>
    %a2 = stablehlo.constant dense<[100, 200]> : tensor<2xi64>
    %r:3 = "interpreter.run_parallel"(%a0, %a1, %a2) {programs = [[@ragged], [@ragged], [@ragged]]} : (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>)
    check.expect_eq_const %r#0, dense<[11, 22]> : tensor<2xi64>
    check.expect_eq_const %r#1, dense<[11, 22]> : tensor<2xi64>
    check.expect_eq_const %r#2, dense<[100, 200]> : tensor<2xi64>
    func.return
  }
}
