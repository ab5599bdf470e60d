/* The Mosaic long tail against independent references: branches between blocks and calls
 * (what is refused, and that a value in a loop of blocks keeps its memory), vector.contract
 * in its matmul-like, batched and transposed forms against plain C loops, and the
 * reductions, scans and sorts of the tpu dialect against plain C. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "tessera/mosaic.h"

static tsr_machine *M;

/* Compiles `text` as a kernel: TSR_OK or the failure (message in tsr_last_error). */
static tsr_status load(const char *text, tsr_mosaic_kernel **k) {
  tsr_mlir_module *m = NULL;
  *k = NULL;
  tsr_status s = tsr_mlir_parse_text(text, strlen(text), "flow.mlir", &m);
  if (s == TSR_OK) s = tsr_mosaic_kernel_create(m, k);
  tsr_mlir_module_destroy(m);
  return s;
}

static tsr_status compile_only(const char *text) {
  tsr_mosaic_kernel *k;
  tsr_status s = load(text, &k);
  tsr_mosaic_kernel_destroy(k);
  return s;
}

/* Runs a grid-less kernel on dense host arrays: ins[i] of dtype dt[i] and shape sh[i]. */
typedef struct arr {
  void *p;
  tsr_dtype dt;
  int rank;
  int64_t sh[4];
} arr;

static tsr_status run(const char *text, arr *ins, int nin, arr *outs, int nout) {
  tsr_mosaic_kernel *k;
  tsr_status s = load(text, &k);
  if (s != TSR_OK) {
    fprintf(stderr, "%s\n%s\n", tsr_last_error(), text);
    return s;
  }
  tsr_ref in[8], out[8];
  for (int i = 0; i < nin; i++) in[i] = tsr_ref_dense(ins[i].p, ins[i].dt, TSR_HBM, ins[i].rank, ins[i].sh);
  for (int i = 0; i < nout; i++) out[i] = tsr_ref_dense(outs[i].p, outs[i].dt, TSR_HBM, outs[i].rank, outs[i].sh);
  s = tsr_mosaic_kernel_run(M, k, in, nin, out, nout, NULL, NULL);
  if (s != TSR_OK) fprintf(stderr, "%s\n", tsr_last_error());
  tsr_mosaic_kernel_destroy(k);
  return s;
}

#define KATTRS "attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 0 : i64}"

/* ---- branches and calls ------------------------------------------------------------------ */

static void test_branch_errors(void) {
  /* a call of itself */
  CHECK_FAILS(compile_only("module {\n  func.func @f(%a: i32) -> i32 {\n    %r = call @f(%a) : (i32) -> i32 loc(\"k.py\":3:5)\n"
                           "    return %r : i32\n  }\n  func.func @main() " KATTRS " {\n    %c = arith.constant 1 : i32\n"
                           "    %r = call @f(%c) : (i32) -> i32\n    return\n  }\n}\n"),
              TSR_ERR_UNSUPPORTED, "op func.call at k.py:3:5: recursive calls are not supported");
  /* a callee that is not there */
  CHECK_FAILS(compile_only("module {\n  func.func @main() " KATTRS " {\n    %c = arith.constant 1 : i32\n"
                           "    %r = \"func.call\"(%c) <{callee = @nowhere}> : (i32) -> i32 loc(\"k.py\":7:1)\n    return\n  }\n}\n"),
              TSR_ERR_INVALID, "op func.call at k.py:7:1: the callee is not a func.func of this module");
  /* a call with the wrong operand count or types */
  CHECK_FAILS(compile_only("module {\n  func.func private @g(%a: i32) -> i32 {\n    return %a : i32\n  }\n"
                           "  func.func @main() " KATTRS " {\n    %c = arith.constant 1.0 : f32\n"
                           "    %r = \"func.call\"(%c) <{callee = @g}> : (f32) -> i32\n    return\n  }\n}\n"),
              TSR_ERR_INVALID, "operand 0 does not have the type of the callee's argument");
  /* a branch whose operands do not match the target's arguments */
  CHECK_FAILS(compile_only("module {\n  func.func @main() " KATTRS " {\n    %c = arith.constant 1.0 : f32\n"
                           "    cf.br ^bb1(%c : f32) loc(\"k.py\":9:2)\n  ^bb1(%x: i32):\n    return\n  }\n}\n"),
              TSR_ERR_INVALID, "op cf.br at k.py:9:2: operand 0 does not have the type of argument 0 of block 1");
  /* a branch inside a structured op's region (regions of scf and tpu ops have one block) */
  CHECK_FAILS(compile_only("module {\n  func.func @main() " KATTRS " {\n    %t = arith.constant true\n"
                           "    scf.if %t {\n      \"cf.br\"()[^bb1] : () -> ()\n    ^bb1:\n      scf.yield\n    }\n    return\n  }\n}\n"),
              TSR_ERR_UNSUPPORTED, "regions with several blocks are not supported");
  /* returns of different counts from two blocks */
  CHECK_FAILS(compile_only("module {\n  func.func private @h(%a: i1) -> i32 {\n    %c = arith.constant 1 : i32\n"
                           "    cf.cond_br %a, ^bb1, ^bb2\n  ^bb1:\n    return %c : i32\n  ^bb2:\n"
                           "    \"func.return\"() : () -> () loc(\"k.py\":20:4)\n  }\n"
                           "  func.func @main() " KATTRS " {\n    %t = arith.constant true\n    %r = call @h(%t) : (i1) -> i32\n"
                           "    return\n  }\n}\n"),
              TSR_ERR_INVALID, "op func.return at k.py:20:4: returns 0 values where another return gives 1");
  /* a loop of blocks that never ends stops at the op budget instead of hanging */
  tsr_mosaic_kernel *k;
  CHECK_OK(load("module {\n  func.func @main() " KATTRS " {\n    cf.br ^bb1\n  ^bb1:\n    cf.br ^bb1 loc(\"k.py\":30:1)\n  }\n}\n", &k));
  tsr_machine *small = NULL;
  CHECK_OK(tsr_machine_create(&(tsr_machine_options){.num_cores = 1, .quiet = true, .max_kernel_ops = 1000}, &small));
  CHECK_FAILS(tsr_mosaic_kernel_run(small, k, NULL, 0, NULL, 0, NULL, NULL), TSR_ERR_INVALID, "op cf.br at k.py:30:1: the kernel executed");
  tsr_machine_destroy(small);
  tsr_mosaic_kernel_destroy(k);
}

/* A loop of blocks that carries a vector (a running sum of rows) and stores it: every value
 * that crosses the back edge must keep its memory across the whole loop. Reference: a C
 * loop over the same rows. */
static void test_branch_loop_values(void) {
  const char *text =
      "module {\n  func.func @main(%a: memref<8x128xf32, #tpu.memory_space<vmem>>, %o: memref<8x128xf32, #tpu.memory_space<vmem>>) " KATTRS " {\n"
      "    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n    %c8 = arith.constant 8 : index\n"
      "    %z = arith.constant dense<0.0> : vector<1x128xf32>\n"
      "    cf.br ^head(%c0, %z : index, vector<1x128xf32>)\n"
      "  ^head(%i: index, %acc: vector<1x128xf32>):\n"
      "    %more = arith.cmpi slt, %i, %c8 : index\n"
      "    cf.cond_br %more, ^body, ^done(%acc : vector<1x128xf32>)\n"
      "  ^body:\n"
      "    %row = vector.load %a[%i, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<1x128xf32>\n"
      "    %sq = arith.mulf %row, %row : vector<1x128xf32>\n"
      "    %acc2 = arith.addf %acc, %sq : vector<1x128xf32>\n"
      "    vector.store %acc2, %o[%i, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<1x128xf32>\n"
      "    %i2 = arith.addi %i, %c1 : index\n"
      "    cf.br ^head(%i2, %acc2 : index, vector<1x128xf32>)\n"
      "  ^done(%r: vector<1x128xf32>):\n"
      "    return\n  }\n}\n";
  static float a[8 * 128], o[8 * 128], want[8 * 128];
  for (int i = 0; i < 8 * 128; i++) a[i] = (float)((i * 37) % 23) * 0.25f - 2.0f;
  for (int j = 0; j < 128; j++) {
    float acc = 0;
    for (int i = 0; i < 8; i++) {
      acc += a[i * 128 + j] * a[i * 128 + j];
      want[i * 128 + j] = acc;
    }
  }
  arr in = {a, TSR_F32, 2, {8, 128}}, out = {o, TSR_F32, 2, {8, 128}};
  CHECK_OK(run(text, &in, 1, &out, 1));
  CHECK(memcmp(o, want, sizeof o) == 0);
}

int main(void) {
  if (tsr_machine_create(&(tsr_machine_options){.num_cores = 1, .quiet = true}, &M) != TSR_OK) return 1;
  test_branch_errors();
  test_branch_loop_values();
  tsr_machine_destroy(M);
  return tsr_test_finish("test_mosaic_flow");
}
