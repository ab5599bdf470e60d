// A grid of 2e6 x 2e6 steps whose body does nothing: each step counts against
// `tessera run --max-ops N` (tests/cli/run.sh), so a huge grid stops too.
module @grid {
  func.func @grid(%i: i32, %j: i32, %x: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 2000000, 2000000>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, window_params = [{transform_indices = @map, window_bounds = array<i64: 8, 128>}]} {
    return
  }
  func.func @map(%i: i32, %j: i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    return %c0, %c0 : i32, i32
  }
}
