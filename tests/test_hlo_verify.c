/* The StableHLO interpreter refuses, when it compiles a graph, ops whose operand and result
 * types do not fit each other, with the op's location and what does not fit: a module from
 * outside must not make an op read or write past a tensor (before these checks an abs of a
 * 4-element operand into an 8-element result read 4 elements past it). One malformed op per
 * family, each against the message it must give. */
#include "hlo_util.h"

static void refused(const char *body, const char *args, const char *ret_t, const char *needle) {
  char text[4096];
  snprintf(text, sizeof text, "func.func @main(%s) -> %s {\n%s\n}\n", args, ret_t, body);
  tsr_mlir_module *m = NULL;
  tsr_hlo_program *p = NULL;
  tsr_status s = tsr_mlir_parse_text(text, strlen(text), "bad.mlir", &m);
  if (s == TSR_OK) s = tsr_hlo_compile(m, &p);
  bool ok = s != TSR_OK && strstr(tsr_last_error(), needle) && strstr(tsr_last_error(), "bad.mlir:2:");
  if (!ok) fprintf(stderr, "  wanted '%s' at bad.mlir:2, got: %s\n", needle, s == TSR_OK ? "compiled" : tsr_last_error());
  CHECK(ok);
  tsr_hlo_program_destroy(p);
  tsr_mlir_module_destroy(m);
}

/* An op refused inside a function that JAX outlines (jnp.linalg.eigh's) carries only a name as
 * its location: the message also gives the location of the call that reached it. */
static void refused_in_callee(void) {
  static const char text[] =
      "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  %0 = func.call @eigh(%a) : (tensor<4xf32>) -> tensor<4xf32>\n"
      "  return %0 : tensor<4xf32>\n"
      "}\n"
      "func.func private @eigh(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  %0 = \"stablehlo.dot\"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc(\"eigh\")\n"
      "  return %0 : tensor<4xf32>\n"
      "}\n";
  tsr_mlir_module *m = NULL;
  tsr_hlo_program *p = NULL;
  tsr_status s = tsr_mlir_parse_text(text, strlen(text), "calls.mlir", &m);
  if (s == TSR_OK) s = tsr_hlo_compile(m, &p);
  const char *e = s == TSR_OK ? "compiled" : tsr_last_error();
  bool ok = s != TSR_OK && strstr(e, "calls.mlir:2:") && strstr(e, "func.call") && strstr(e, "in @eigh: eigh: stablehlo.dot");
  if (!ok) fprintf(stderr, "  wanted the call at calls.mlir:2 and the op in @eigh, got: %s\n", e);
  CHECK(ok);
  tsr_hlo_program_destroy(p);
  tsr_mlir_module_destroy(m);
}

int main(void) {
  refused_in_callee();
  refused("  %0 = stablehlo.abs %a : (tensor<4xf32>) -> tensor<8xf32>\n  return %0 : tensor<8xf32>", "%a: tensor<4xf32>",
          "tensor<8xf32>", "stablehlo.abs: takes one operand of its result's shape");
  refused("  %0 = stablehlo.add %a, %b : (tensor<4xf32>, tensor<2xf32>) -> tensor<4xf32>\n  return %0 : tensor<4xf32>",
          "%a: tensor<4xf32>, %b: tensor<2xf32>", "tensor<4xf32>", "takes two operands of its result's type");
  refused("  %0 = stablehlo.and %a, %a : tensor<4xf32>\n  return %0 : tensor<4xf32>", "%a: tensor<4xf32>", "tensor<4xf32>",
          "stablehlo.and: is not defined on f32");
  refused("  %0 = stablehlo.slice %a [0:2] : (tensor<4xf32>) -> tensor<3xf32>\n  return %0 : tensor<3xf32>", "%a: tensor<4xf32>",
          "tensor<3xf32>", "the result has 3 elements in dimension 0, the slice 2");
  refused("  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<2x2xf32>) -> tensor<4x3xf32>\n"
          "  return %0 : tensor<4x3xf32>",
          "%a: tensor<2x3xf32>, %b: tensor<2x2xf32>", "tensor<4x3xf32>", "operand 1 differs from the result in dimension 1");
  refused("  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xi32>\n  return %0 : tensor<3x2xi32>",
          "%a: tensor<2x3xf32>", "tensor<3x2xi32>", "gives i32 for a f32 operand");
  refused("  %0 = stablehlo.dynamic_slice %a, %i, sizes = [2] : (tensor<4xf32>, tensor<2xi32>) -> tensor<2xf32>\n"
          "  return %0 : tensor<2xf32>",
          "%a: tensor<4xf32>, %i: tensor<2xi32>", "tensor<2xf32>", "start index 0 is not an integer scalar");
  refused("  %0 = \"stablehlo.gather\"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], "
          "collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : "
          "(tensor<4x3xf32>, tensor<5x1xi32>) -> tensor<6x3xf32>\n  return %0 : tensor<6x3xf32>",
          "%a: tensor<4x3xf32>, %i: tensor<5x1xi32>", "tensor<6x3xf32>", "result dimension 0 is 6, the dimension numbers give 5");
  refused("  %0 = \"stablehlo.scatter\"(%a, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], "
          "scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({\n"
          "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n    stablehlo.return %y : tensor<f32>\n"
          "  }) : (tensor<4xf32>, tensor<2x1xi32>, tensor<3xf32>) -> tensor<4xf32>\n  return %0 : tensor<4xf32>",
          "%a: tensor<4xf32>, %i: tensor<2x1xi32>, %u: tensor<3xf32>", "tensor<4xf32>", "update dimension 0 is 3, the indices give 2");
  refused("  %0 = \"stablehlo.reduce_window\"(%a, %z) <{window_dimensions = array<i64: 2>}> ({\n"
          "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n    %s = stablehlo.add %x, %y : tensor<f32>\n    stablehlo.return %s : tensor<f32>\n"
          "  }) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>\n  return %0 : tensor<4xf32>",
          "%a: tensor<4xf32>, %z: tensor<f32>", "tensor<4xf32>", "result 0 does not have the shape the windows give");
  refused("  %0 = stablehlo.convolution(%a, %w) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {} "
          "{batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x5xf32>, tensor<1x3x3xf32>) -> tensor<1x1x3xf32>\n"
          "  return %0 : tensor<1x1x3xf32>",
          "%a: tensor<1x2x5xf32>, %w: tensor<1x3x3xf32>", "tensor<1x1x3xf32>", "does not fit the operands, windows and groups");
  refused("  %0 = stablehlo.fft %a, type = RFFT, length = [8] : (tensor<8xf32>) -> tensor<8xcomplex<f32>>\n"
          "  return %0 : tensor<8xcomplex<f32>>",
          "%a: tensor<8xf32>", "tensor<8xcomplex<f32>>", "does not fit fft_length in dimension 0");
  refused("  %0 = \"stablehlo.sort\"(%a) <{dimension = 0 : i64}> ({\n"
          "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n    stablehlo.return %x : tensor<f32>\n"
          "  }) : (tensor<4xf32>) -> tensor<4xf32>\n  return %0 : tensor<4xf32>",
          "%a: tensor<4xf32>", "tensor<4xf32>", "the comparator must take 2 scalars and return i1");
  refused("  %0 = stablehlo.bitcast_convert %a : (tensor<3xf32>) -> tensor<3xf64>\n  return %0 : tensor<3xf64>",
          "%a: tensor<3xf32>", "tensor<3xf64>", "the result's shape does not hold the operand's bits");
  refused("  %0 = \"stablehlo.triangular_solve\"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose "
          "NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>\n  return %0 : tensor<2x1xf32>",
          "%a: tensor<3x3xf32>, %b: tensor<2x1xf32>", "tensor<2x1xf32>", "b does not fit a on its left side");
  refused("  %s, %r = stablehlo.rng_bit_generator %k, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)\n"
          "  return %r : tensor<4xui32>",
          "%k: tensor<2xui64>", "tensor<4xui32>", "rng_algorithm PHILOX is not supported");
  refused("  %0 = chlo.erf %a : tensor<4xi32> -> tensor<4xi32>\n  return %0 : tensor<4xi32>", "%a: tensor<4xi32>", "tensor<4xi32>",
          "chlo.erf: is not defined on i32");
  refused("  %0 = stablehlo.dynamic_reshape %a, %s : (tensor<6xf32>, tensor<1xi64>) -> tensor<7xf32>\n  return %0 : tensor<7xf32>",
          "%a: tensor<6xf32>, %s: tensor<1xi64>", "tensor<7xf32>", "reshape changes the element count");
  refused("  %0 = \"stablehlo.optimization_barrier\"(%a) : (tensor<2xf32>) -> tensor<4xf32>\n  return %0 : tensor<4xf32>", "%a: tensor<2xf32>",
          "tensor<4xf32>", "result 0 is not of operand 0's type");
  refused("  %0 = func.call @f(%a) : (tensor<2xf32>) -> tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n"
          "func.func private @f(%x: tensor<8xf32>) -> tensor<2xf32> {\n  %0 = stablehlo.slice %x [0:2] : (tensor<8xf32>) -> tensor<2xf32>\n"
          "  return %0 : tensor<2xf32>", "%a: tensor<2xf32>", "tensor<2xf32>", "operand 0 differs in type from the callee's argument");
  return tsr_test_finish("hlo_verify");
}
