// The collectives around kernels of several devices on hand-computed values: a manual
// computation over mesh ["x"=4] takes the global x (8x2, x[i][j] = 2i + j; device d holds
// rows 2d, 2d+1) and returns what each collective gives every device, assembled into global
// arrays that check ops compare outside it. tests/test_op_registry.c runs it.
module @collectives attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=4]>
  func.func public @main() {
    %x = stablehlo.constant dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0], [8.0, 9.0], [10.0, 11.0], [12.0, 13.0], [14.0, 15.0]]> : tensor<8x2xf32>
    %0:6 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>, <@mesh, [{}, {}]>, <@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>] manual_axes={"x"} (%s: tensor<2x2xf32>) {
      // sums in groups {0, 1} and {2, 3}
      %ar = "stablehlo.all_reduce"(%s) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, use_global_device_ids}> ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %r = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %r : tensor<f32>
      }) : (tensor<2x2xf32>) -> tensor<2x2xf32>
      // 0 -> 1 -> 2 -> 3: device 0 gets zeros
      %cp = "stablehlo.collective_permute"(%s) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64>}> : (tensor<2x2xf32>) -> tensor<2x2xf32>
      // every device gathers all of x (one copy out)
      %ag = "stablehlo.all_gather"(%s) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<2x2xf32>) -> tensor<8x2xf32>
      // the pair's sum, split by columns: the first device of a pair gets column 0
      %rs = "stablehlo.reduce_scatter"(%s) <{channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, scatter_dimension = 1 : i64, use_global_device_ids}> ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %r = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %r : tensor<f32>
      }) : (tensor<2x2xf32>) -> tensor<2x1xf32>
      // within a pair, device r gets column r of both, stacked along rows
      %aa = "stablehlo.all_to_all"(%s) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x2xf32>) -> tensor<4x1xf32>
      // from the first of the group: device 3
      %cb = "stablehlo.collective_broadcast"(%s) <{channel_handle = #stablehlo.channel_handle<handle = 6, type = 1>, replica_groups = dense<[[3, 2, 1, 0]]> : tensor<1x4xi64>}> : (tensor<2x2xf32>) -> tensor<2x2xf32>
      sdy.return %ar, %cp, %ag, %rs, %aa, %cb : tensor<2x2xf32>, tensor<2x2xf32>, tensor<8x2xf32>, tensor<2x1xf32>, tensor<4x1xf32>, tensor<2x2xf32>
    } : (tensor<8x2xf32>) -> (tensor<8x2xf32>, tensor<8x2xf32>, tensor<8x2xf32>, tensor<8x1xf32>, tensor<16x1xf32>, tensor<8x2xf32>)
    check.expect_eq_const %0#0, dense<[[4.0, 6.0], [8.0, 10.0], [4.0, 6.0], [8.0, 10.0], [20.0, 22.0], [24.0, 26.0], [20.0, 22.0], [24.0, 26.0]]> : tensor<8x2xf32>
    check.expect_eq_const %0#1, dense<[[0.0, 0.0], [0.0, 0.0], [0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0], [8.0, 9.0], [10.0, 11.0]]> : tensor<8x2xf32>
    check.expect_eq_const %0#2, dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0], [8.0, 9.0], [10.0, 11.0], [12.0, 13.0], [14.0, 15.0]]> : tensor<8x2xf32>
    check.expect_eq_const %0#3, dense<[[4.0], [8.0], [6.0], [10.0], [20.0], [24.0], [22.0], [26.0]]> : tensor<8x1xf32>
    check.expect_eq_const %0#4, dense<[[0.0], [2.0], [4.0], [6.0], [1.0], [3.0], [5.0], [7.0], [8.0], [10.0], [12.0], [14.0], [9.0], [11.0], [13.0], [15.0]]> : tensor<16x1xf32>
    check.expect_eq_const %0#5, dense<[[12.0, 13.0], [14.0, 15.0], [12.0, 13.0], [14.0, 15.0], [12.0, 13.0], [14.0, 15.0], [12.0, 13.0], [14.0, 15.0]]> : tensor<8x2xf32>
    // an auto-sharded program's annotations around the global value change nothing in it
    %sc = sdy.sharding_constraint %x <@mesh, [{"x"}, {}]> : tensor<8x2xf32>
    %rh = sdy.reshard %sc <@mesh, [{}, {}]> : tensor<8x2xf32>
    check.expect_eq_const %rh, dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0], [8.0, 9.0], [10.0, 11.0], [12.0, 13.0], [14.0, 15.0]]> : tensor<8x2xf32>
    func.return
  }
}
