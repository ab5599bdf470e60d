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
  /* funcs that call the next one twice, 14 deep: 2^14 copies once inlined, refused early */
  char chain[8192] = "module {\n";
  for (int f = 0; f < 14; f++)
    snprintf(chain + strlen(chain), sizeof chain - strlen(chain),
             "  func.func private @f%d(%%a: i32) -> i32 {\n    %%x = call @f%d(%%a) : (i32) -> i32\n"
             "    %%y = call @f%d(%%x) : (i32) -> i32\n    return %%y : i32\n  }\n", f, f + 1, f + 1);
  snprintf(chain + strlen(chain), sizeof chain - strlen(chain),
           "  func.func private @f14(%%a: i32) -> i32 {\n    return %%a : i32\n  }\n  func.func @main() " KATTRS " {\n"
           "    %%c = arith.constant 1 : i32\n    %%r = call @f0(%%c) : (i32) -> i32\n    return\n  }\n}\n");
  CHECK_FAILS(compile_only(chain), TSR_ERR_UNSUPPORTED, "more than 4096 calls once calls in callees are inlined");
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


/* ---- vector.contract --------------------------------------------------------------------- */

/* bf16 by its bits: round to nearest even (no NaN among the inputs here). */
static float to_bf16(float v) {
  uint32_t u;
  memcpy(&u, &v, 4);
  u = (u + 0x7FFFu + ((u >> 16) & 1u)) & 0xFFFF0000u;
  memcpy(&v, &u, 4);
  return v;
}

/* A batched contraction b x (m x k) . (k x n) (rhs given as n x k when rhs_t), added to acc,
 * against a double loop over the same (bf16-rounded unless fp32) operands. */
static void contract_case(int B, int Mr, int K, int Nc, bool rhs_t, bool fp32) {
  char text[4096], lt[64], rt[64], at[64];
  snprintf(lt, sizeof lt, "%dx%dx%d", B, Mr, K);
  snprintf(rt, sizeof rt, rhs_t ? "%dx%dx%d" : "%dx%dx%d", B, rhs_t ? Nc : K, rhs_t ? K : Nc);
  snprintf(at, sizeof at, "%dx%dx%d", B, Mr, Nc);
  snprintf(text, sizeof text,
           "module {\n  func.func @main(%%a: memref<%sxf32, #tpu.memory_space<vmem>>, %%b: memref<%sxf32, #tpu.memory_space<vmem>>, "
           "%%c: memref<%sxf32, #tpu.memory_space<vmem>>, %%o: memref<%sxf32, #tpu.memory_space<vmem>>) " KATTRS " {\n"
           "    %%z = arith.constant 0 : index\n"
           "    %%x = vector.load %%a[%%z, %%z, %%z] : memref<%sxf32, #tpu.memory_space<vmem>>, vector<%sxf32>\n"
           "    %%y = vector.load %%b[%%z, %%z, %%z] : memref<%sxf32, #tpu.memory_space<vmem>>, vector<%sxf32>\n"
           "    %%w = vector.load %%c[%%z, %%z, %%z] : memref<%sxf32, #tpu.memory_space<vmem>>, vector<%sxf32>\n"
           "    %%r = vector.contract {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> %s>, "
           "affine_map<(b, m, n, k) -> (b, m, n)>], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"reduction\"], "
           "kind = #vector.kind<add>} %%x, %%y, %%w %s: vector<%sxf32>, vector<%sxf32> into vector<%sxf32>\n"
           "    vector.store %%r, %%o[%%z, %%z, %%z] : memref<%sxf32, #tpu.memory_space<vmem>>, vector<%sxf32>\n"
           "    return\n  }\n}\n",
           lt, rt, at, at, lt, lt, rt, rt, at, at, rhs_t ? "(b, n, k)" : "(b, k, n)",
           fp32 ? "{precision = #tpu.contract_precision<fp32>} " : "", lt, rt, at, at, at);
  size_t nl = (size_t)B * Mr * K, nr = (size_t)B * K * Nc, na = (size_t)B * Mr * Nc;
  float *a = malloc(nl * 4), *b = malloc(nr * 4), *c = malloc(na * 4), *o = malloc(na * 4);
  for (size_t i = 0; i < nl; i++) a[i] = (float)((int)(i * 7919 % 201) - 100) / 37.0f;
  for (size_t i = 0; i < nr; i++) b[i] = (float)((int)(i * 104729 % 173) - 86) / 29.0f;
  for (size_t i = 0; i < na; i++) c[i] = (float)(i % 11) - 5.0f;
  arr in[3] = {{a, TSR_F32, 3, {B, Mr, K}}, {b, TSR_F32, 3, {B, rhs_t ? Nc : K, rhs_t ? K : Nc}}, {c, TSR_F32, 3, {B, Mr, Nc}}};
  arr out = {o, TSR_F32, 3, {B, Mr, Nc}};
  CHECK_OK(run(text, in, 3, &out, 1));
  double worst = 0;
  for (int bb = 0; bb < B; bb++)
    for (int i = 0; i < Mr; i++)
      for (int j = 0; j < Nc; j++) {
        double sum = 0, mag = 0;
        for (int k = 0; k < K; k++) {
          float x = a[((size_t)bb * Mr + i) * K + k];
          float y = rhs_t ? b[((size_t)bb * Nc + j) * K + k] : b[((size_t)bb * K + k) * Nc + j];
          if (!fp32) x = to_bf16(x), y = to_bf16(y);
          sum += (double)x * y;
          mag += fabs((double)x * y);
        }
        size_t at_ = ((size_t)bb * Mr + i) * Nc + j;
        double want = c[at_] + sum, err = fabs(o[at_] - want) / (mag + fabs(c[at_]) + 1e-30);
        if (err > worst) worst = err;
      }
  /* f32 accumulation of K products: a few ulps of the magnitudes; without the rounding to
   * bf16 that default precision asks for, the error would be about 2^-9 */
  CHECK(worst < 1e-6);
  if (worst >= 1e-6) fprintf(stderr, "  contract %dx%dx%dx%d rhs_t=%d fp32=%d: relative error %g\n", B, Mr, K, Nc, rhs_t, fp32, worst);
  free(a), free(b), free(c), free(o);
}

/* A 2x3 . 3x2 contraction with the lhs map's results, d1's iterator type, the kind and the
 * rhs (%b: 3x2, or %a: 2x3) given: compiled only. */
static tsr_status bad_contract(const char *lhs_map, const char *d1, const char *kind, const char *rhs) {
  char t[2048];
  snprintf(t, sizeof t,
           "module {\n  func.func @main() " KATTRS " {\n    %%a = arith.constant dense<1.0> : vector<2x3xf32>\n"
           "    %%b = arith.constant dense<1.0> : vector<3x2xf32>\n    %%c = arith.constant dense<0.0> : vector<2x2xf32>\n"
           "    %%r = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> %s>, affine_map<(d0, d1, d2) -> (d2, d1)>, "
           "affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = [\"parallel\", \"%s\", \"reduction\"], "
           "kind = #vector.kind<%s>} %%a, %%%s, %%c : vector<2x3xf32>, vector<%s> into vector<2x2xf32> loc(\"c.py\":4:4)\n"
           "    return\n  }\n}\n",
           lhs_map, d1, kind, rhs, !strcmp(rhs, "a") ? "2x3xf32" : "3x2xf32");
  return compile_only(t);
}

static void test_contract(void) {
  contract_case(1, 8, 128, 16, false, false);
  contract_case(2, 16, 64, 8, true, false);
  contract_case(3, 5, 7, 9, false, true);
  contract_case(2, 4, 33, 6, true, true);
  /* refusals: another kind, a map that is not a projection, a reduction in the acc, sizes
   * that disagree */
  CHECK_FAILS(bad_contract("(d0, d2)", "parallel", "maxnumf", "b"), TSR_ERR_UNSUPPORTED,
              "op vector.contract at c.py:4:4: only kind add is supported");
  CHECK_FAILS(bad_contract("(d0, d2 + 1)", "parallel", "add", "b"), TSR_ERR_UNSUPPORTED,
              "indexing map 0 must map the 3 dimensions to 2 distinct ones");
  CHECK_FAILS(bad_contract("(d0, d2)", "reduction", "add", "b"), TSR_ERR_INVALID, "dimension d1 is a reduction but in the acc");
  CHECK_FAILS(bad_contract("(d0, d2)", "parallel", "add", "a"), TSR_ERR_INVALID, "dimension d2 is 3 in one operand and 2 in operand 1");
}

/* int8 operands into an i32 acc: exact, against a plain integer loop. */
static void test_contract_int8(void) {
  const char *text =
      "module {\n  func.func @main(%a: memref<8x32xi8, #tpu.memory_space<vmem>>, %b: memref<32x16xi8, #tpu.memory_space<vmem>>, "
      "%o: memref<8x16xi32, #tpu.memory_space<vmem>>) " KATTRS " {\n    %z = arith.constant 0 : index\n"
      "    %x = vector.load %a[%z, %z] : memref<8x32xi8, #tpu.memory_space<vmem>>, vector<8x32xi8>\n"
      "    %y = vector.load %b[%z, %z] : memref<32x16xi8, #tpu.memory_space<vmem>>, vector<32x16xi8>\n"
      "    %x32 = arith.extsi %x : vector<8x32xi8> to vector<8x32xi32>\n    %y32 = arith.extsi %y : vector<32x16xi8> to vector<32x16xi32>\n"
      "    %c = arith.constant dense<7> : vector<8x16xi32>\n"
      "    %r = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, "
      "affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = [\"parallel\", \"parallel\", \"reduction\"], kind = #vector.kind<add>} "
      "%x32, %y32, %c : vector<8x32xi32>, vector<32x16xi32> into vector<8x16xi32>\n"
      "    vector.store %r, %o[%z, %z] : memref<8x16xi32, #tpu.memory_space<vmem>>, vector<8x16xi32>\n    return\n  }\n}\n";
  static int8_t a[8 * 32], b[32 * 16];
  static int32_t o[8 * 16];
  for (int i = 0; i < 8 * 32; i++) a[i] = (int8_t)(i * 37 - 128);
  for (int i = 0; i < 32 * 16; i++) b[i] = (int8_t)(i * 91 + 5);
  arr in[2] = {{a, TSR_I8, 2, {8, 32}}, {b, TSR_I8, 2, {32, 16}}}, out = {o, TSR_I32, 2, {8, 16}};
  CHECK_OK(run(text, in, 2, &out, 1));
  int bad = 0;
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 16; j++) {
      int32_t want = 7;
      for (int k = 0; k < 32; k++) want += a[i * 32 + k] * b[k * 16 + j];
      bad += o[i * 16 + j] != want;
    }
  CHECK(bad == 0);
}

/* ---- tpu.all_reduce, tpu.scan, tpu.sort ---------------------------------------------------- */

/* Runs `%r = OP` on %x, a vector<RxCxf32> loaded from the input, storing %r (of rt). */
static tsr_status run_unary(int R, int C, const char *rt_elem, const char *op, const float *x, void *out, tsr_dtype odt) {
  char text[3072];
  snprintf(text, sizeof text,
           "module {\n  func.func @main(%%a: memref<%dx%dxf32, #tpu.memory_space<vmem>>, %%o: memref<%dx%dx%s, #tpu.memory_space<vmem>>) "
           KATTRS " {\n    %%z = arith.constant 0 : index\n"
           "    %%x = vector.load %%a[%%z, %%z] : memref<%dx%dxf32, #tpu.memory_space<vmem>>, vector<%dx%dxf32>\n    %s\n"
           "    vector.store %%r, %%o[%%z, %%z] : memref<%dx%dx%s, #tpu.memory_space<vmem>>, vector<%dx%dx%s>\n    return\n  }\n}\n",
           R, C, R, C, rt_elem, R, C, R, C, op, R, C, rt_elem, R, C, rt_elem);
  arr in = {(void *)x, TSR_F32, 2, {R, C}}, o = {out, odt, 2, {R, C}};
  return run(text, &in, 1, &o, 1);
}

static void test_all_reduce_scan(void) {
  enum { R = 8, C = 128 };
  static float x[R * C], o[R * C];
  static int32_t oi[R * C];
  for (int i = 0; i < R * C; i++) x[i] = (float)((i * 7331) % 1000) / 8.0f - 60.0f; /* exact in f32 sums of 8 */
  x[3 * C + 17] = 500.0f;
  char op[512];
  /* sum along the rows' lanes (dim 1): every element gets its row's sum */
  snprintf(op, sizeof op, "%%r = tpu.all_reduce %%x {dim = 1 : i64, kind = #tpu.reduction_kind<sum>} : vector<%dx%dxf32> -> vector<%dx%dxf32>", R, C, R, C);
  CHECK_OK(run_unary(R, C, "f32", op, x, o, TSR_F32));
  int bad = 0;
  for (int i = 0; i < R; i++) {
    float s = 0;
    for (int j = 0; j < C; j++) s += x[i * C + j];
    for (int j = 0; j < C; j++) bad += o[i * C + j] != s;
  }
  CHECK(bad == 0);
  /* max and arg_max down the columns (dim 0) */
  snprintf(op, sizeof op, "%%r = tpu.all_reduce %%x {dim = 0 : i64, kind = #tpu.reduction_kind<max>} : vector<%dx%dxf32> -> vector<%dx%dxf32>", R, C, R, C);
  CHECK_OK(run_unary(R, C, "f32", op, x, o, TSR_F32));
  snprintf(op, sizeof op, "%%r = tpu.all_reduce %%x {dim = 0 : i64, kind = #tpu.reduction_kind<arg_max>} : vector<%dx%dxf32> -> vector<%dx%dxi32>", R, C, R, C);
  CHECK_OK(run_unary(R, C, "i32", op, x, oi, TSR_I32));
  bad = 0;
  for (int j = 0; j < C; j++) {
    int best = 0;
    for (int i = 1; i < R; i++)
      if (x[i * C + j] > x[best * C + j]) best = i;
    for (int i = 0; i < R; i++) bad += o[i * C + j] != x[best * C + j] || oi[i * C + j] != best;
  }
  CHECK(bad == 0);
  CHECK(oi[5 * C + 17] == 3 && o[0 * C + 17] == 500.0f);
  /* a running min along each row */
  snprintf(op, sizeof op, "%%r = tpu.scan <min>, %%x : vector<%dx%dxf32>, -> vector<%dx%dxf32>", R, C, R, C);
  CHECK_OK(run_unary(R, C, "f32", op, x, o, TSR_F32));
  bad = 0;
  for (int i = 0; i < R; i++) {
    float m = x[i * C];
    for (int j = 0; j < C; j++) {
      if (x[i * C + j] < m) m = x[i * C + j];
      bad += o[i * C + j] != m;
    }
  }
  CHECK(bad == 0);
  /* find_first_set is refused, naming the op */
  snprintf(op, sizeof op, "%%r = tpu.all_reduce %%x {dim = 0 : i64, kind = #tpu.reduction_kind<find_first_set>} : vector<%dx%dxf32> -> vector<%dx%dxf32>", R, C, R, C);
  CHECK_FAILS(run_unary(R, C, "f32", op, x, o, TSR_F32), TSR_ERR_UNSUPPORTED, "op tpu.all_reduce at flow.mlir:5:5: kind must be");
}

static int cmp_desc(const void *a, const void *b) {
  const float *x = a, *y = b; /* (key, original index) pairs */
  return x[0] != y[0] ? (x[0] < y[0] ? 1 : -1) : (x[1] > y[1]) - (x[1] < y[1]);
}

/* Rows of 128 keys with many ties, sorted descending with their values, against qsort of
 * (key, index) pairs (stable by the index). */
static void test_sort(void) {
  enum { R = 4, C = 128 };
  static float k[R * C], ok[R * C], pairs[C][2];
  static int32_t v[R * C], ov[R * C], om[R * C];
  for (int i = 0; i < R * C; i++) k[i] = (float)((i * 40503) % 17), v[i] = i;
  const char *text =
      "module {\n  func.func @main(%a: memref<4x128xf32, #tpu.memory_space<vmem>>, %b: memref<4x128xi32, #tpu.memory_space<vmem>>, "
      "%o: memref<4x128xi32, #tpu.memory_space<vmem>>, %p: memref<4x128xf32, #tpu.memory_space<vmem>>, "
      "%q: memref<4x128xi32, #tpu.memory_space<vmem>>) " KATTRS " {\n    %z = arith.constant 0 : index\n"
      "    %x = vector.load %a[%z, %z] : memref<4x128xf32, #tpu.memory_space<vmem>>, vector<4x128xf32>\n"
      "    %y = vector.load %b[%z, %z] : memref<4x128xi32, #tpu.memory_space<vmem>>, vector<4x128xi32>\n"
      "    %m, %sk, %sv = tpu.sort %x, %y {descending = true} : (vector<4x128xf32>, vector<4x128xi32>) -> (vector<4x128xi1>, "
      "vector<4x128xf32>, vector<4x128xi32>)\n"
      "    %mi = arith.extui %m : vector<4x128xi1> to vector<4x128xi32>\n"
      "    vector.store %mi, %o[%z, %z] : memref<4x128xi32, #tpu.memory_space<vmem>>, vector<4x128xi32>\n"
      "    vector.store %sk, %p[%z, %z] : memref<4x128xf32, #tpu.memory_space<vmem>>, vector<4x128xf32>\n"
      "    vector.store %sv, %q[%z, %z] : memref<4x128xi32, #tpu.memory_space<vmem>>, vector<4x128xi32>\n    return\n  }\n}\n";
  arr in[2] = {{k, TSR_F32, 2, {R, C}}, {v, TSR_I32, 2, {R, C}}};
  arr out[3] = {{om, TSR_I32, 2, {R, C}}, {ok, TSR_F32, 2, {R, C}}, {ov, TSR_I32, 2, {R, C}}};
  CHECK_OK(run(text, in, 2, out, 3));
  int bad = 0;
  for (int r = 0; r < R; r++) {
    for (int j = 0; j < C; j++) pairs[j][0] = k[r * C + j], pairs[j][1] = (float)j;
    qsort(pairs, C, sizeof pairs[0], cmp_desc);
    for (int j = 0; j < C; j++)
      bad += om[r * C + j] != 1 || ok[r * C + j] != pairs[j][0] || ov[r * C + j] != r * C + (int)pairs[j][1];
  }
  CHECK(bad == 0);
}

int main(void) {
  if (tsr_machine_create(&(tsr_machine_options){.num_cores = 1, .quiet = true}, &M) != TSR_OK) return 1;
  test_branch_errors();
  test_branch_loop_values();
  test_contract();
  test_contract_int8();
  test_all_reduce_scan();
  test_sort();
  tsr_machine_destroy(M);
  return tsr_test_finish("test_mosaic_flow");
}
