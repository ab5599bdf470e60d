/* StableHLO interpreter: data-movement ops, gather, reduce (fast and general bodies) and
 * dot_general against hand-computed results. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "hlo_util.h"

#define F(a) ((float *)(a).data)
#define I(a) ((int32_t *)(a).data)

static void test_pad_slice_concat(void) {
  float x[4] = {1, 2, 3, 4};
  int64_t s4[1] = {4};
  tsr_array in[1] = {arr(TSR_F32, 1, s4, x)}, out[3];
  /* pad low -1 (crop), interior 1, high 2: [2,0,3,0,4,9? ...] */
  CHECK_OK(run_text("func.func @main(%a: tensor<4xf32>) -> (tensor<8xf32>, tensor<2xf32>, tensor<6xf32>) {\n"
                    "  %z = stablehlo.constant dense<9.0> : tensor<f32>\n"
                    "  %0 = \"stablehlo.pad\"(%a, %z) {edge_padding_low = array<i64: -1>, edge_padding_high = array<i64: 2>, interior_padding = array<i64: 1>} : (tensor<4xf32>, tensor<f32>) -> tensor<8xf32>\n"
                    "  %1 = \"stablehlo.slice\"(%a) {start_indices = array<i64: 1>, limit_indices = array<i64: 4>, strides = array<i64: 2>} : (tensor<4xf32>) -> tensor<2xf32>\n"
                    "  %2 = \"stablehlo.concatenate\"(%1, %a) {dimension = 0 : i64} : (tensor<2xf32>, tensor<4xf32>) -> tensor<6xf32>\n"
                    "  return %0, %1, %2 : tensor<8xf32>, tensor<2xf32>, tensor<6xf32>\n}\n", in, 1, out, 3));
  float want_pad[8] = {9, 2, 9, 3, 9, 4, 9, 9}, want_cat[6] = {2, 4, 1, 2, 3, 4};
  CHECK(!memcmp(out[0].data, want_pad, sizeof want_pad));
  CHECK(F(out[1])[0] == 2 && F(out[1])[1] == 4);
  CHECK(!memcmp(out[2].data, want_cat, sizeof want_cat));
  for (int i = 0; i < 3; i++) tsr_array_free(&out[i]);
}

static void test_dynamic_slices(void) {
  int32_t x[6] = {0, 1, 2, 3, 4, 5}, u[2] = {-1, -2}, start[1] = {5};
  int64_t s6[1] = {6}, s2[1] = {2};
  tsr_array in[3] = {arr(TSR_I32, 1, s6, x), arr(TSR_I32, 1, s2, u), arr(TSR_I32, 0, NULL, start)}, out[2];
  /* start 5 is clamped to 4 so that the window fits */
  CHECK_OK(run_text("func.func @main(%a: tensor<6xi32>, %u: tensor<2xi32>, %s: tensor<i32>) -> (tensor<2xi32>, tensor<6xi32>) {\n"
                    "  %0 = \"stablehlo.dynamic_slice\"(%a, %s) {slice_sizes = array<i64: 2>} : (tensor<6xi32>, tensor<i32>) -> tensor<2xi32>\n"
                    "  %1 = \"stablehlo.dynamic_update_slice\"(%a, %u, %s) : (tensor<6xi32>, tensor<2xi32>, tensor<i32>) -> tensor<6xi32>\n"
                    "  return %0, %1 : tensor<2xi32>, tensor<6xi32>\n}\n", in, 3, out, 2));
  CHECK(I(out[0])[0] == 4 && I(out[0])[1] == 5);
  int32_t want[6] = {0, 1, 2, 3, -1, -2};
  CHECK(!memcmp(out[1].data, want, sizeof want));
  tsr_array_free(&out[0]);
  tsr_array_free(&out[1]);
}

static void test_gather(void) {
  /* operand 3x4 (value 10*r + c), indices [[2,1],[0,3],[5,-1]] with clamping, one element each */
  float op[12];
  for (int i = 0; i < 12; i++) op[i] = (float)(10 * (i / 4) + i % 4);
  int32_t idx[6] = {2, 1, 0, 3, 5, -1};
  int64_t so[2] = {3, 4}, si[2] = {3, 2};
  tsr_array in[2] = {arr(TSR_F32, 2, so, op), arr(TSR_I32, 2, si, idx)}, out[2];
  CHECK_OK(run_text("func.func @main(%a: tensor<3x4xf32>, %i: tensor<3x2xi32>) -> (tensor<3xf32>, tensor<3x2xf32>) {\n"
                    "  %0 = \"stablehlo.gather\"(%a, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>}> : (tensor<3x4xf32>, tensor<3x2xi32>) -> tensor<3xf32>\n"
                    "  %1 = \"stablehlo.gather\"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>}> : (tensor<3x4xf32>, tensor<3x2xi32>) -> tensor<3x2xf32>\n"
                    "  return %0, %1 : tensor<3xf32>, tensor<3x2xf32>\n}\n", in, 2, out, 2));
  CHECK(F(out[0])[0] == 21 && F(out[0])[1] == 3 && F(out[0])[2] == 20);
  /* rows of 2 starting at column (1, 3->2 clamped, -1->0) */
  float want[6] = {21, 22, 2, 3, 20, 21};
  CHECK(!memcmp(out[1].data, want, sizeof want));
  tsr_array_free(&out[0]);
  tsr_array_free(&out[1]);
}

/* Gathers whose slices are whole rows, parts of rows and rows of rows (the copies of one
 * contiguous run per index), against a C loop: operand 6x3x8, indices in and out of range
 * (clamped so that the slice fits). */
static void test_gather_runs(void) {
  float op[6 * 3 * 8];
  for (int i = 0; i < 6 * 3 * 8; i++) op[i] = (float)i;
  int32_t idx[5][2] = {{4, 0}, {-2, 6}, {9, 1}, {0, 7}, {3, 3}};
  int64_t so[3] = {6, 3, 8}, si[2] = {5, 2};
  /* slice sizes: (1,3,8) whole rows of rows; (1,2,8) two rows; (1,3,5) windows, two indices */
  const int64_t sz[3][3] = {{1, 3, 8}, {1, 2, 8}, {1, 3, 5}};
  tsr_array in[2] = {arr(TSR_F32, 3, so, op), arr(TSR_I32, 2, si, idx)}, out[3];
  CHECK_OK(run_text("func.func @main(%a: tensor<6x3x8xf32>, %i: tensor<5x2xi32>) -> (tensor<5x3x8xf32>, tensor<5x2x8xf32>, tensor<5x3x5xf32>) {\n"
                    "  %r = \"stablehlo.slice\"(%i) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 5, 1>, strides = array<i64: 1, 1>} : (tensor<5x2xi32>) -> tensor<5x1xi32>\n"
                    "  %0 = \"stablehlo.gather\"(%a, %r) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3, 8>}> : (tensor<6x3x8xf32>, tensor<5x1xi32>) -> tensor<5x3x8xf32>\n"
                    "  %1 = \"stablehlo.gather\"(%a, %r) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2, 8>}> : (tensor<6x3x8xf32>, tensor<5x1xi32>) -> tensor<5x2x8xf32>\n"
                    "  %2 = \"stablehlo.gather\"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3, 5>}> : (tensor<6x3x8xf32>, tensor<5x2xi32>) -> tensor<5x3x5xf32>\n"
                    "  return %0, %1, %2 : tensor<5x3x8xf32>, tensor<5x2x8xf32>, tensor<5x3x5xf32>\n}\n", in, 2, out, 3));
  int bad = 0;
  for (int k = 0; k < 3; k++) {
    const float *got = F(out[k]);
    for (int b = 0, e = 0; b < 5; b++) {
      int64_t r = idx[b][0] < 0 ? 0 : idx[b][0] > 5 ? 5 : idx[b][0];
      int64_t c = k < 2 ? 0 : idx[b][1] < 0 ? 0 : idx[b][1] > 8 - sz[k][2] ? 8 - sz[k][2] : idx[b][1];
      for (int64_t j = 0; j < sz[k][1]; j++)
        for (int64_t l = 0; l < sz[k][2]; l++, e++) bad += got[e] != op[r * 24 + j * 8 + c + l];
    }
    tsr_array_free(&out[k]);
  }
  CHECK_EQ_INT(bad, 0);
}

/* Reductions with one-op bodies over every set of dims of a 3x4x1100 array (rows longer than
 * the row loop's chunk of 1024), in f32, bf16 and i32, against C loops that fold each
 * output's elements in row-major order as the spec's sequential order does (floats in
 * double, rounded once); the element-at-a-time reference (TSR_HLO_FUSE=0) gives the same
 * bits. */
static void test_reduce_rows(void) {
  enum { A = 3, B = 4, C = 1100 };
  static float xf[A * B * C];
  static uint16_t xb[A * B * C];
  static int32_t xi[A * B * C];
  uint32_t seed = 12345;
  for (int i = 0; i < A * B * C; i++) {
    seed = seed * 1664525u + 1013904223u;
    xi[i] = (int32_t)(seed >> 8) % 2001 - 1000;
    xf[i] = (float)xi[i] / 64.0f;
    uint32_t w;
    memcpy(&w, &xf[i], sizeof w);
    xb[i] = (uint16_t)(w >> 16); /* exact: at most 11 significant bits */
  }
  const char *ops[3] = {"add", "maximum", "multiply"};
  const char *types[3] = {"f32", "bf16", "i32"};
  int64_t shape[3] = {A, B, C};
  int bad = 0;
  for (int mask = 1; mask < 8; mask++)
    for (int o = 0; o < 3; o++)
      for (int ty = 0; ty < 3; ty++) {
        if (o == 2 && ty != 0) continue; /* products: f32 only (i32 wraps to 0, bf16 would round twice here) */
        char dims[32] = "", rshape[32] = "";
        int nd = 0, nk = 0;
        int64_t kept[3];
        for (int d = 0; d < 3; d++) {
          if (mask >> d & 1) snprintf(dims + strlen(dims), sizeof dims - strlen(dims), "%s%d", nd++ ? ", " : "", d);
          else { kept[nk++] = d; snprintf(rshape + strlen(rshape), sizeof rshape - strlen(rshape), "%lldx", (long long)shape[d]); }
        }
        char text[1024];
        const char *t = types[ty];
        const char *init = o == 1 ? (ty == 2 ? "-2147483648" : "0xFF800000") : o == 2 ? (ty == 2 ? "1" : "1.0") : (ty == 2 ? "0" : "0.0");
        if (o == 1 && ty == 1) init = "0xFF80";
        snprintf(text, sizeof text,
                 "func.func @main(%%a: tensor<%dx%dx%dx%s>) -> tensor<%s%s> {\n"
                 "  %%z = stablehlo.constant dense<%s> : tensor<%s>\n"
                 "  %%0 = stablehlo.reduce(%%a init: %%z) applies stablehlo.%s across dimensions = [%s] : (tensor<%dx%dx%dx%s>, tensor<%s>) -> tensor<%s%s>\n"
                 "  return %%0 : tensor<%s%s>\n}\n",
                 A, B, C, t, rshape, t, init, t, ops[o], dims, A, B, C, t, t, rshape, t, rshape, t);
        tsr_array out[2];
        for (int mode = 0; mode < 2; mode++) {
          if (mode) setenv("TSR_HLO_FUSE", "0", 1);
          tsr_dtype dt = ty == 0 ? TSR_F32 : ty == 1 ? TSR_BF16 : TSR_I32;
          tsr_array in[1] = {arr(dt, 3, shape, ty == 0 ? (void *)xf : ty == 1 ? (void *)xb : (void *)xi)};
          tsr_status s = run_text(text, in, 1, &out[mode], 1);
          unsetenv("TSR_HLO_FUSE");
          CHECK_OK(s);
          if (s != TSR_OK) return;
        }
        bad += tsr_array_bytes(&out[0]) != tsr_array_bytes(&out[1]) || memcmp(out[0].data, out[1].data, tsr_array_bytes(&out[0]));
        /* the C loop: the inputs in row-major order, each folded into its output's
         * accumulator (so each output's in row-major order of the reduced dims) */
        static double fa[A * B * C];
        static int64_t ia[A * B * C];
        int64_t nout = 1;
        for (int k = 0; k < nk; k++) nout *= shape[kept[k]];
        for (int64_t e = 0; e < nout; e++) { fa[e] = o == 1 ? -INFINITY : o == 2 ? 1 : 0; ia[e] = o == 1 ? INT32_MIN : 0; }
        for (int64_t p = 0; p < A * B * C; p++) {
          int64_t at[3] = {p / (B * C), p / C % B, p % C}, e = 0;
          for (int k = 0; k < nk; k++) e = e * shape[kept[k]] + at[kept[k]];
          double v = ty == 1 ? tsr_bf16_to_f32(xb[p]) : xf[p];
          if (o == 0) { fa[e] += v; ia[e] += xi[p]; }
          else if (o == 1) { fa[e] = fa[e] > v ? fa[e] : v; ia[e] = ia[e] > xi[p] ? ia[e] : xi[p]; }
          else fa[e] *= v;
        }
        for (int64_t e = 0; e < nout; e++) {
          float want = ty == 1 ? tsr_bf16_to_f32(tsr_f32_to_bf16((float)fa[e])) : (float)fa[e];
          float got = ty == 0 ? F(out[0])[e] : ty == 1 ? tsr_bf16_to_f32(((uint16_t *)out[0].data)[e]) : 0;
          if (ty == 2) bad += I(out[0])[e] != (int32_t)ia[e];
          else bad += !(got == want || (isnan(got) && isnan(want)));
        }
        tsr_array_free(&out[0]);
        tsr_array_free(&out[1]);
      }
  CHECK_EQ_INT(bad, 0);
}

/* Transposes of a 5x67x41 array by every permutation, in four element sizes (tiled where a
 * result row reads an operand column, edges that are not whole tiles included), against a
 * C loop. */
static void test_transpose_tiles(void) {
  enum { P = 5, Q = 67, R = 41 };
  static uint64_t src[P * Q * R];
  for (int i = 0; i < P * Q * R; i++) src[i] = 0x0101010101010101ull * (uint64_t)(i % 251) + (uint64_t)i;
  const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  const char *types[4] = {"i8", "bf16", "f32", "i64"};
  const tsr_dtype dts[4] = {TSR_I8, TSR_BF16, TSR_F32, TSR_I64};
  const size_t sizes[4] = {1, 2, 4, 8};
  int64_t shape[3] = {P, Q, R};
  int bad = 0;
  for (int ty = 0; ty < 4; ty++)
    for (int pi = 0; pi < 6; pi++) {
      const int *pm = perms[pi];
      int64_t rs[3] = {shape[pm[0]], shape[pm[1]], shape[pm[2]]};
      char text[512];
      const char *t = types[ty];
      snprintf(text, sizeof text,
               "func.func @main(%%a: tensor<%dx%dx%dx%s>) -> tensor<%lldx%lldx%lldx%s> {\n"
               "  %%0 = \"stablehlo.transpose\"(%%a) {permutation = array<i64: %d, %d, %d>} : (tensor<%dx%dx%dx%s>) -> tensor<%lldx%lldx%lldx%s>\n"
               "  return %%0 : tensor<%lldx%lldx%lldx%s>\n}\n",
               P, Q, R, t, (long long)rs[0], (long long)rs[1], (long long)rs[2], t, pm[0], pm[1], pm[2], P, Q, R, t,
               (long long)rs[0], (long long)rs[1], (long long)rs[2], t, (long long)rs[0], (long long)rs[1], (long long)rs[2], t);
      /* the operand: element i is the low sizes[ty] bytes of src[i] */
      static char data[P * Q * R * 8];
      for (int i = 0; i < P * Q * R; i++) memcpy(data + (size_t)i * sizes[ty], &src[i], sizes[ty]);
      tsr_array in[1] = {arr(dts[ty], 3, shape, data)}, out[1];
      CHECK_OK(run_text(text, in, 1, out, 1));
      const char *got = out[0].data;
      int64_t e = 0, at[3];
      for (at[0] = 0; at[0] < rs[0]; at[0]++)
        for (at[1] = 0; at[1] < rs[1]; at[1]++)
          for (at[2] = 0; at[2] < rs[2]; at[2]++, e++) {
            int64_t o[3];
            for (int d = 0; d < 3; d++) o[pm[d]] = at[d];
            bad += memcmp(got + (size_t)e * sizes[ty], data + (size_t)((o[0] * Q + o[1]) * R + o[2]) * sizes[ty], sizes[ty]) != 0;
          }
      tsr_array_free(&out[0]);
    }
  CHECK_EQ_INT(bad, 0);
}

static void test_reduce(void) {
  int32_t x[6] = {1, 2, 3, 4, 5, 6};
  int64_t s[2] = {2, 3};
  tsr_array in[1] = {arr(TSR_I32, 2, s, x)}, out[2];
  /* fast path (add over dim 1) and a general body (a*b+1 is no single op) over dim 0 */
  CHECK_OK(run_text("func.func @main(%a: tensor<2x3xi32>) -> (tensor<2xi32>, tensor<3xi32>) {\n"
                    "  %z = stablehlo.constant dense<0> : tensor<i32>\n"
                    "  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>\n"
                    "  %1 = \"stablehlo.reduce\"(%a, %z) ({\n"
                    "  ^bb0(%p: tensor<i32>, %q: tensor<i32>):\n"
                    "    %m = stablehlo.multiply %p, %q : tensor<i32>\n"
                    "    %o = stablehlo.constant dense<1> : tensor<i32>\n"
                    "    %r = stablehlo.add %m, %o : tensor<i32>\n"
                    "    stablehlo.return %r : tensor<i32>\n"
                    "  }) {dimensions = array<i64: 0>} : (tensor<2x3xi32>, tensor<i32>) -> tensor<3xi32>\n"
                    "  return %0, %1 : tensor<2xi32>, tensor<3xi32>\n}\n", in, 1, out, 2));
  CHECK(I(out[0])[0] == 6 && I(out[0])[1] == 15);
  /* ((0*1+1)*4+1, (0*2+1)*5+1, (0*3+1)*6+1) */
  CHECK(I(out[1])[0] == 5 && I(out[1])[1] == 6 && I(out[1])[2] == 7);
  tsr_array_free(&out[0]);
  tsr_array_free(&out[1]);
}

static void test_dot_general(void) {
  /* batch 2 of (2x3) . (3x2), f32 (sgemm) and i32 (loops), against a C loop */
  float a[12], b[12];
  int32_t ai[12], bi[12];
  for (int i = 0; i < 12; i++) { a[i] = (float)(i - 5); b[i] = (float)(i % 5) * 0.5f; ai[i] = i - 5; bi[i] = i % 5; }
  int64_t sa[3] = {2, 2, 3}, sb[3] = {2, 3, 2};
  tsr_array in[4] = {arr(TSR_F32, 3, sa, a), arr(TSR_F32, 3, sb, b), arr(TSR_I32, 3, sa, ai), arr(TSR_I32, 3, sb, bi)}, out[2];
  CHECK_OK(run_text("func.func @main(%a: tensor<2x2x3xf32>, %b: tensor<2x3x2xf32>, %c: tensor<2x2x3xi32>, %d: tensor<2x3x2xi32>) -> (tensor<2x2x2xf32>, tensor<2x2x2xi32>) {\n"
                    "  %0 = \"stablehlo.dot_general\"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x2x3xf32>, tensor<2x3x2xf32>) -> tensor<2x2x2xf32>\n"
                    "  %1 = \"stablehlo.dot_general\"(%c, %d) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x2x3xi32>, tensor<2x3x2xi32>) -> tensor<2x2x2xi32>\n"
                    "  return %0, %1 : tensor<2x2x2xf32>, tensor<2x2x2xi32>\n}\n", in, 4, out, 2));
  int bad = 0;
  for (int n = 0; n < 2; n++)
    for (int i = 0; i < 2; i++)
      for (int j = 0; j < 2; j++) {
        float acc = 0;
        int32_t iacc = 0;
        for (int k = 0; k < 3; k++) {
          acc += a[n * 6 + i * 3 + k] * b[n * 6 + k * 2 + j];
          iacc += ai[n * 6 + i * 3 + k] * bi[n * 6 + k * 2 + j];
        }
        if (fabsf(F(out[0])[n * 4 + i * 2 + j] - acc) > 1e-5f || I(out[1])[n * 4 + i * 2 + j] != iacc) bad++;
      }
  CHECK_EQ_INT(bad, 0);
  tsr_array_free(&out[0]);
  tsr_array_free(&out[1]);
}

/* Constants gathered at a function's top (as MLIR's canonicalizer leaves them) are made just
 * before their first use, so that they are not all live at once; splat and dense values. */
static void test_constants_made_at_use(void) {
  char text[4096];
  int len = snprintf(text, sizeof text, "func.func @main(%%a: tensor<1024xf32>) -> (tensor<1024xf32>, tensor<4xi32>) {\n");
  for (int i = 0; i < 8; i++)
    len += snprintf(text + len, sizeof text - (size_t)len, "  %%c%d = stablehlo.constant dense<%d.5> : tensor<1024xf32>\n", i, i);
  len += snprintf(text + len, sizeof text - (size_t)len,
                  "  %%d = stablehlo.constant dense<[3, -1, 7, 2147483647]> : tensor<4xi32>\n"
                  "  %%p = stablehlo.constant dense<true> : tensor<1024xi1>\n"
                  "  %%v0 = stablehlo.add %%a, %%c0 : tensor<1024xf32>\n");
  for (int i = 1; i < 8; i++)
    len += snprintf(text + len, sizeof text - (size_t)len, "  %%v%d = stablehlo.%s %%v%d, %%c%d : tensor<1024xf32>\n", i,
                    i % 2 ? "multiply" : "add", i - 1, i);
  snprintf(text + len, sizeof text - (size_t)len,
           "  %%s = stablehlo.select %%p, %%v7, %%a : tensor<1024xi1>, tensor<1024xf32>\n"
           "  return %%s, %%d : tensor<1024xf32>, tensor<4xi32>\n}\n");
  float x[1024];
  for (int i = 0; i < 1024; i++) x[i] = (float)(i % 7) - 3.0f;
  int64_t s[1] = {1024};
  tsr_array in = arr(TSR_F32, 1, s, x), out[2];
  tsr_hlo_stats st;
  CHECK_OK(run_opts(text, NULL, &in, 1, out, 2, &st));
  int wrong = 0;
  for (int i = 0; i < 1024; i++) {
    float v = x[i] + 0.5f;
    for (int k = 1; k < 8; k++) v = k % 2 ? v * ((float)k + 0.5f) : v + ((float)k + 0.5f);
    wrong += F(out[0])[i] != v;
  }
  CHECK_EQ_INT(wrong, 0);
  const int32_t *d = out[1].data;
  CHECK(d[0] == 3 && d[1] == -1 && d[2] == 7 && d[3] == 2147483647);
  /* the input, the running value, one constant and the next value (and the predicate and
   * the small constant, made at the end); all eight constants at once would be over twice this */
  CHECK(st.peak_bytes <= 4 * 4096 + 4096 + 16);
  tsr_array_free(&out[0]);
  tsr_array_free(&out[1]);
}

static void test_call_and_liveness(void) {
  /* a chain of 8 adds of f32[1024]: with frees after last use, the peak stays near 3 arrays */
  char text[4096];
  int len = snprintf(text, sizeof text, "func.func @main(%%a: tensor<1024xf32>) -> tensor<1024xf32> {\n  %%v0 = func.call @twice(%%a) : (tensor<1024xf32>) -> tensor<1024xf32>\n");
  for (int i = 1; i < 8; i++)
    len += snprintf(text + len, sizeof text - (size_t)len, "  %%v%d = stablehlo.add %%v%d, %%v%d : tensor<1024xf32>\n", i, i - 1, i - 1);
  snprintf(text + len, sizeof text - (size_t)len,
           "  return %%v7 : tensor<1024xf32>\n}\nfunc.func private @twice(%%x: tensor<1024xf32>) -> tensor<1024xf32> {\n"
           "  %%0 = stablehlo.add %%x, %%x : tensor<1024xf32>\n  return %%0 : tensor<1024xf32>\n}\n");
  float x[1024];
  for (int i = 0; i < 1024; i++) x[i] = 1.0f;
  int64_t s[1] = {1024};
  tsr_array in = arr(TSR_F32, 1, s, x), out;
  tsr_mlir_module *m;
  CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "chain.mlir", &m));
  tsr_hlo_program *p;
  CHECK_OK(tsr_hlo_compile(m, &p));
  tsr_hlo_stats st;
  CHECK_OK(tsr_hlo_run(p, NULL, &in, 1, &out, &st));
  CHECK(F(out)[0] == 256.0f && F(out)[1023] == 256.0f);
  CHECK_EQ_INT(st.ops, 9);
  CHECK(st.peak_bytes <= 3 * 4096); /* input + two live intermediates, never all nine */
  tsr_array_free(&out);
  tsr_array_free(&in);
  tsr_hlo_program_destroy(p);
  tsr_mlir_module_destroy(m);
}

int main(void) {
  test_pad_slice_concat();
  test_dynamic_slices();
  test_gather();
  test_gather_runs();
  test_reduce_rows();
  test_transpose_tiles();
  test_reduce();
  test_dot_general();
  test_constants_made_at_use();
  test_call_and_liveness();
  return tsr_test_finish("hlo_shapes");
}
