func.func @main(%x: tensor<4x3xf32>, %y: tensor<3xf32>) -> (tensor<4xf32>, tensor<3x4xf32>) {
  %b = stablehlo.broadcast_in_dim %y, dims = [1] : (tensor<3xf32>) -> tensor<4x3xf32>
  %s = stablehlo.add %x, %b : tensor<4x3xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%s init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
  %t = "stablehlo.transpose"(%s) {permutation = array<i64: 1, 0>} : (tensor<4x3xf32>) -> tensor<3x4xf32>
  return %r, %t : tensor<4xf32>, tensor<3x4xf32>
}
