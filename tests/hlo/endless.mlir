// A while loop that never ends (its condition is always true): tessera run must stop it at the
// op budget (--max-ops) with a message, not hang. tests/cli/limits.sh runs it.
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %t = stablehlo.constant dense<true> : tensor<i1>
  %0 = stablehlo.while(%v = %x) : tensor<4xf32>
  cond {
    stablehlo.return %t : tensor<i1>
  } do {
    %w = stablehlo.add %v, %v : tensor<4xf32>
    stablehlo.return %w : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}
