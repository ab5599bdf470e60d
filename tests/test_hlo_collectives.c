/* StableHLO around kernels of several devices: sdy.manual_computation over a mesh splits the
 * global arrays into the devices' shards and assembles the results; the collectives
 * (all_reduce, all_gather, reduce_scatter, all_to_all, collective_permute,
 * collective_broadcast) with their replica groups, channels and use_global_device_ids; the
 * partitioner's markers JAX exported shard_map with before Shardy (@SPMDFullToShardShape ...); and
 * bad input (a sharding that does not divide, a replica group naming a missing device).
 * Every expected value is computed here by plain C loops from the op's definition in the
 * StableHLO spec (or written out by hand). */
#include "hlo_util.h"
#include "mlir/ir.h" /* mlir_ir_op_equal */

/* x[i] = i over a global f32 array of `rows` x `cols`. */
static tsr_array iota_input(int64_t rows, int64_t cols) {
  int64_t shape[2] = {rows, cols};
  tsr_array a = arr(TSR_F32, 2, shape, NULL);
  for (int64_t i = 0; i < rows * cols; i++) ((float *)a.data)[i] = (float)i;
  return a;
}

/* A module of 4 devices on mesh ["x"=4] whose manual computation takes the global input
 * (grows x 2, split along rows) and returns `body`'s %r (local type `lout`, global `gout`,
 * sharded per `osh`). */
static tsr_status run_body(const char *body, int64_t grows, const char *lin, const char *lout, const char *gout,
                           const char *osh, tsr_array *out) {
  char text[4096];
  snprintf(text, sizeof text,
           "module @t attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {\n"
           "  sdy.mesh @mesh = <[\"x\"=4]>\n"
           "  func.func public @main(%%arg0: tensor<%lldx2xf32>) -> tensor<%s> {\n"
           "    %%0 = sdy.manual_computation(%%arg0) in_shardings=[<@mesh, [{\"x\"}, {}]>] out_shardings=[<@mesh, %s>] "
           "manual_axes={\"x\"} (%%a: tensor<%s>) {\n%s\n"
           "      sdy.return %%r : tensor<%s>\n"
           "    } : (tensor<%lldx2xf32>) -> tensor<%s>\n"
           "    return %%0 : tensor<%s>\n  }\n}\n",
           (long long)grows, gout, osh, lin, body, lout, (long long)grows, gout, gout);
  tsr_array in = iota_input(grows, 2);
  return run_text(text, &in, 1, out, 1);
}

#define ROWS "[{\"x\"}, {}]"
#define ADD_BODY "({\n^bb0(%p: tensor<f32>, %q: tensor<f32>):\n  %s = stablehlo.add %p, %q : tensor<f32>\n  stablehlo.return %s : tensor<f32>\n})"
#define CH "channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>"

static const float *f(const tsr_array *a) { return a->data; }

/* all_reduce over groups {0,1} {2,3} of global device ids: each device's rows plus its
 * partner's (device d holds global rows 2d, 2d+1). */
static void test_all_reduce_groups(void) {
  tsr_array out;
  CHECK_OK(run_body("      %r = \"stablehlo.all_reduce\"(%a) <{" CH ", replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, "
                    "use_global_device_ids}> " ADD_BODY " : (tensor<2x2xf32>) -> tensor<2x2xf32>",
                    8, "2x2xf32", "2x2xf32", "8x2xf32", ROWS, &out));
  bool ok = out.rank == 2 && out.shape[0] == 8 && out.shape[1] == 2;
  for (int d = 0; ok && d < 4; d++)
    for (int r = 0; r < 2; r++)
      for (int c = 0; c < 2; c++) {
        int g0 = d / 2 * 2; /* the group's first device */
        float want = (float)((2 * g0 + r) * 2 + c + (2 * (g0 + 1) + r) * 2 + c);
        ok = ok && f(&out)[(2 * d + r) * 2 + c] == want;
      }
  CHECK(ok);
  tsr_array_free(&out);
}

/* A body of two ops (maximum, then minimum with itself) is interpreted, not a C expression;
 * with a channel and no use_global_device_ids, replica group {0} is every partition. */
static void test_all_reduce_general_body(void) {
  tsr_array out;
  CHECK_OK(run_body("      %r = \"stablehlo.all_reduce\"(%a) <{" CH ", replica_groups = dense<[[0]]> : tensor<1x1xi64>}> ({\n"
                    "^bb0(%p: tensor<f32>, %q: tensor<f32>):\n  %m = stablehlo.maximum %p, %q : tensor<f32>\n"
                    "  %n = stablehlo.minimum %m, %m : tensor<f32>\n  stablehlo.return %n : tensor<f32>\n"
                    "}) : (tensor<2x2xf32>) -> tensor<2x2xf32>",
                    8, "2x2xf32", "2x2xf32", "8x2xf32", ROWS, &out));
  bool ok = out.shape[0] == 8;
  for (int i = 0; ok && i < 16; i++) ok = f(&out)[i] == (float)(12 + i % 4); /* device 3's rows 6, 7 */
  CHECK(ok);
  tsr_array_free(&out);
  /* without a channel the groups are replicas: each device alone, the op a copy */
  CHECK_OK(run_body("      %r = \"stablehlo.all_reduce\"(%a) <{replica_groups = dense<[[0]]> : tensor<1x1xi64>}> " ADD_BODY
                    " : (tensor<2x2xf32>) -> tensor<2x2xf32>", 8, "2x2xf32", "2x2xf32", "8x2xf32", ROWS, &out));
  ok = out.shape[0] == 8;
  for (int i = 0; ok && i < 16; i++) ok = f(&out)[i] == (float)i;
  CHECK(ok);
  tsr_array_free(&out);
}

/* all_gather along columns in groups {0,2} {1,3}: device d's 2x4 rows are its group's
 * shards side by side, in the group's order. */
static void test_all_gather(void) {
  tsr_array out;
  CHECK_OK(run_body("      %r = \"stablehlo.all_gather\"(%a) <{all_gather_dim = 1 : i64, " CH ", replica_groups = dense<[[0, 2], "
                    "[1, 3]]> : tensor<2x2xi64>, use_global_device_ids}> : (tensor<2x2xf32>) -> tensor<2x4xf32>",
                    8, "2x2xf32", "2x4xf32", "8x4xf32", ROWS, &out));
  bool ok = out.shape[0] == 8 && out.shape[1] == 4;
  for (int d = 0; ok && d < 4; d++)
    for (int r = 0; r < 2; r++)
      for (int k = 0; k < 2; k++)
        for (int c = 0; c < 2; c++) {
          int m = d % 2 + 2 * k; /* the k-th member of d's group */
          ok = ok && f(&out)[(2 * d + r) * 4 + 2 * k + c] == (float)((2 * m + r) * 2 + c);
        }
  CHECK(ok);
  tsr_array_free(&out);
}

/* reduce_scatter over all four: device d gets row d of the sum of every device's 4x2 block. */
static void test_reduce_scatter(void) {
  tsr_array out;
  CHECK_OK(run_body("      %r = \"stablehlo.reduce_scatter\"(%a) <{" CH ", replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, "
                    "scatter_dimension = 0 : i64, use_global_device_ids}> " ADD_BODY " : (tensor<4x2xf32>) -> tensor<1x2xf32>",
                    16, "4x2xf32", "1x2xf32", "4x2xf32", ROWS, &out));
  bool ok = out.shape[0] == 4 && out.shape[1] == 2;
  for (int d = 0; ok && d < 4; d++)
    for (int c = 0; c < 2; c++) {
      float want = 0;
      for (int m = 0; m < 4; m++) want += (float)((4 * m + d) * 2 + c);
      ok = ok && f(&out)[d * 2 + c] == want;
    }
  CHECK(ok);
  tsr_array_free(&out);
}

/* all_to_all: device d sends row q of its 4x2 block to device q, which places it q-th...
 * i.e. device d's 1x8 result holds row d of every device's block, device q's at columns 2q. */
static void test_all_to_all(void) {
  tsr_array out;
  CHECK_OK(run_body("      %r = \"stablehlo.all_to_all\"(%a) <{" CH ", concat_dimension = 1 : i64, replica_groups = dense<[[0, 1, 2, "
                    "3]]> : tensor<1x4xi64>, split_count = 4 : i64, split_dimension = 0 : i64}> : (tensor<4x2xf32>) -> tensor<1x8xf32>",
                    16, "4x2xf32", "1x8xf32", "4x8xf32", ROWS, &out));
  bool ok = out.shape[0] == 4 && out.shape[1] == 8;
  for (int d = 0; ok && d < 4; d++)
    for (int q = 0; q < 4; q++)
      for (int c = 0; c < 2; c++) ok = ok && f(&out)[d * 8 + 2 * q + c] == (float)((4 * q + d) * 2 + c);
  CHECK(ok);
  tsr_array_free(&out);
}

/* collective_permute 0->1->2->3: device 0, which nobody sends to, gets zeros. */
static void test_collective_permute(void) {
  tsr_array out;
  CHECK_OK(run_body("      %r = \"stablehlo.collective_permute\"(%a) <{" CH ", source_target_pairs = dense<[[0, 1], [1, 2], [2, 3]]> "
                    ": tensor<3x2xi64>}> : (tensor<2x2xf32>) -> tensor<2x2xf32>", 8, "2x2xf32", "2x2xf32", "8x2xf32", ROWS, &out));
  static const float want[16] = {0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
  CHECK(out.shape[0] == 8 && !memcmp(out.data, want, sizeof want));
  tsr_array_free(&out);
}

/* collective_broadcast from the first device of the one group {1, 0, 3, 2}: device 1. */
static void test_collective_broadcast(void) {
  tsr_array out;
  CHECK_OK(run_body("      %r = \"stablehlo.collective_broadcast\"(%a) <{" CH ", replica_groups = dense<[[1, 0, 3, 2]]> : "
                    "tensor<1x4xi64>}> : (tensor<2x2xf32>) -> tensor<2x2xf32>", 8, "2x2xf32", "2x2xf32", "8x2xf32", ROWS, &out));
  bool ok = out.shape[0] == 8;
  for (int i = 0; ok && i < 16; i++) ok = f(&out)[i] == (float)(4 + i % 4);
  CHECK(ok);
  tsr_array_free(&out);
}

/* partition_id is the device; a replicated result (no axis named) is one device's copy. */
static void test_partition_id_and_replicated_result(void) {
  tsr_array out;
  CHECK_OK(run_body("      %id = stablehlo.partition_id : tensor<ui32>\n"
                    "      %fid = stablehlo.convert %id : (tensor<ui32>) -> tensor<f32>\n"
                    "      %b = stablehlo.broadcast_in_dim %fid, dims = [] : (tensor<f32>) -> tensor<2x2xf32>\n"
                    "      %r = stablehlo.add %a, %b : tensor<2x2xf32>",
                    8, "2x2xf32", "2x2xf32", "8x2xf32", ROWS, &out));
  bool ok = out.shape[0] == 8;
  for (int i = 0; ok && i < 16; i++) ok = f(&out)[i] == (float)(i + i / 4);
  CHECK(ok);
  tsr_array_free(&out);
  CHECK_OK(run_body("      %r = \"stablehlo.all_reduce\"(%a) <{" CH ", replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, "
                    "use_global_device_ids}> " ADD_BODY " : (tensor<2x2xf32>) -> tensor<2x2xf32>",
                    8, "2x2xf32", "2x2xf32", "2x2xf32", "[{}, {}]", &out));
  static const float want[4] = {0 + 4 + 8 + 12, 1 + 5 + 9 + 13, 2 + 6 + 10 + 14, 3 + 7 + 11 + 15};
  CHECK(out.shape[0] == 2 && !memcmp(out.data, want, sizeof want));
  tsr_array_free(&out);
}

/* A 2x2 mesh splitting rows along "a" and columns along "b": device (i, j) = 2i + j holds
 * the block at rows 2i, columns 2j, and adds its id to it. */
static void test_two_axes(void) {
  const char *text =
      "module @t attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {\n"
      "  sdy.mesh @m = <[\"a\"=2, \"b\"=2]>\n"
      "  func.func public @main(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {\n"
      "    %0 = sdy.manual_computation(%arg0) in_shardings=[<@m, [{\"a\"}, {\"b\"}]>] out_shardings=[<@m, [{\"a\"}, {\"b\"}]>] "
      "manual_axes={\"a\", \"b\"} (%x: tensor<2x2xf32>) {\n"
      "      %id = stablehlo.partition_id : tensor<ui32>\n"
      "      %fid = stablehlo.convert %id : (tensor<ui32>) -> tensor<f32>\n"
      "      %b = stablehlo.broadcast_in_dim %fid, dims = [] : (tensor<f32>) -> tensor<2x2xf32>\n"
      "      %r = stablehlo.add %x, %b : tensor<2x2xf32>\n"
      "      sdy.return %r : tensor<2x2xf32>\n"
      "    } : (tensor<4x4xf32>) -> tensor<4x4xf32>\n"
      "    return %0 : tensor<4x4xf32>\n  }\n}\n";
  tsr_array in = iota_input(4, 4), out;
  CHECK_OK(run_text(text, &in, 1, &out, 1));
  bool ok = out.shape[0] == 4 && out.shape[1] == 4;
  for (int i = 0; ok && i < 4; i++)
    for (int j = 0; j < 4; j++) ok = ok && f(&out)[i * 4 + j] == (float)(i * 4 + j + 2 * (i / 2) + j / 2);
  CHECK(ok);
  tsr_array_free(&out);
}

/* A program of one device may use collectives outside a manual computation: each meets itself. */
static void test_one_device(void) {
  const char *text =
      "func.func @main(%a: tensor<3xf32>) -> tensor<6xf32> {\n"
      "  %g = \"stablehlo.all_gather\"(%a) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>}> "
      ": (tensor<3xf32>) -> tensor<3xf32>\n"
      "  %c = stablehlo.concatenate %g, %a, dim = 0 : (tensor<3xf32>, tensor<3xf32>) -> tensor<6xf32>\n"
      "  return %c : tensor<6xf32>\n}\n";
  int64_t n = 3;
  float v[3] = {1, 2, 3}, want[6] = {1, 2, 3, 1, 2, 3};
  tsr_array in = arr(TSR_F32, 1, &n, v), out;
  CHECK_OK(run_text(text, &in, 1, &out, 1));
  CHECK(out.shape[0] == 6 && !memcmp(out.data, want, sizeof want));
  tsr_array_free(&out);
}

/* A while loop whose body passes the shard to the right three times runs on every device in
 * lockstep (device d ends with device d+1's shard); devices that disagree on its condition
 * are an error, not a hang. */
#define LOOP(limit)                                                                                                     \
  "      %zero = stablehlo.constant dense<0> : tensor<i32>\n      %one = stablehlo.constant dense<1> : tensor<i32>\n" limit \
  "      %w:2 = stablehlo.while(%i = %zero, %v = %a) : tensor<i32>, tensor<2x2xf32>\n      cond {\n"                    \
  "        %c = stablehlo.compare LT, %i, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"                            \
  "        stablehlo.return %c : tensor<i1>\n      } do {\n"                                                              \
  "        %p = \"stablehlo.collective_permute\"(%v) <{" CH ", source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : " \
  "tensor<4x2xi64>}> : (tensor<2x2xf32>) -> tensor<2x2xf32>\n"                                                          \
  "        %i1 = stablehlo.add %i, %one : tensor<i32>\n        stablehlo.return %i1, %p : tensor<i32>, tensor<2x2xf32>\n" \
  "      }\n      %r = stablehlo.negate %w#1 : tensor<2x2xf32>"
static void test_while_in_lockstep(void) {
  tsr_array out;
  CHECK_OK(run_body(LOOP("      %lim = stablehlo.constant dense<3> : tensor<i32>\n"), 8, "2x2xf32", "2x2xf32", "8x2xf32", ROWS, &out));
  bool ok = out.shape[0] == 8;
  for (int d = 0; ok && d < 4; d++)
    for (int e = 0; e < 4; e++) ok = ok && f(&out)[4 * d + e] == -(float)(4 * ((d + 1) % 4) + e);
  CHECK(ok);
  tsr_array_free(&out);
  CHECK_FAILS(run_body(LOOP("      %id = stablehlo.partition_id : tensor<ui32>\n"
                            "      %lim = stablehlo.convert %id : (tensor<ui32>) -> tensor<i32>\n"),
                       8, "2x2xf32", "2x2xf32", "8x2xf32", ROWS, &out),
              TSR_ERR_INVALID, "the devices disagree on the loop's condition (device 0: false, device 1: true)");
}

/* An if whose branches hold a collective: every device takes the same branch, in lockstep;
 * devices that take different branches are an error. */
#define IF(pred)                                                                                                      \
  pred "      %r = \"stablehlo.if\"(%c) ({\n"                                                                       \
  "        %s = \"stablehlo.all_reduce\"(%a) <{" CH ", replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, "     \
  "use_global_device_ids}> " ADD_BODY " : (tensor<2x2xf32>) -> tensor<2x2xf32>\n"                                   \
  "        stablehlo.return %s : tensor<2x2xf32>\n      }, {\n        stablehlo.return %a : tensor<2x2xf32>\n"        \
  "      }) : (tensor<i1>) -> tensor<2x2xf32>"
static void test_if_in_lockstep(void) {
  tsr_array out;
  CHECK_OK(run_body(IF("      %c = stablehlo.constant dense<true> : tensor<i1>\n"), 8, "2x2xf32", "2x2xf32", "8x2xf32", ROWS, &out));
  bool ok = out.shape[0] == 8;
  for (int i = 0; ok && i < 16; i++) ok = f(&out)[i] == (float)(24 + 4 * (i % 4)); /* element e: the sum over d of 4d + e */
  CHECK(ok);
  tsr_array_free(&out);
  CHECK_FAILS(run_body(IF("      %id = stablehlo.partition_id : tensor<ui32>\n      %z = stablehlo.constant dense<0> : tensor<ui32>\n"
                          "      %c = stablehlo.compare EQ, %id, %z : (tensor<ui32>, tensor<ui32>) -> tensor<i1>\n"),
                       8, "2x2xf32", "2x2xf32", "8x2xf32", ROWS, &out),
              TSR_ERR_INVALID, "the devices take different branches (device 0: 0, device 1: 1)");
}

/* The form before Shardy: @Sharding, @SPMDFullToShardShape, the body's ops, @Sharding
 * {manual}, @SPMDShardToFullShape. `tiles` is the global value's HLO sharding. */
static tsr_status run_gspmd(const char *tiles, int64_t rows, const char *ret, tsr_array *out) {
  char text[2048], rt[32];
  snprintf(rt, sizeof rt, "%lldx2xf32", !strcmp(ret, "%4") ? (long long)rows : 2LL);
  snprintf(text, sizeof text,
           "module attributes {mhlo.num_partitions = 4 : i32} {\n"
           "  func.func @main(%%x: tensor<%lldx2xf32>) -> tensor<%s> {\n"
           "    %%0 = stablehlo.custom_call @Sharding(%%x) {mhlo.sharding = \"%s\"} : (tensor<%lldx2xf32>) -> tensor<%lldx2xf32>\n"
           "    %%1 = stablehlo.custom_call @SPMDFullToShardShape(%%0) {mhlo.sharding = \"{manual}\"} : (tensor<%lldx2xf32>) -> tensor<2x2xf32>\n"
           "    %%id = stablehlo.partition_id : tensor<ui32>\n"
           "    %%f = stablehlo.convert %%id : (tensor<ui32>) -> tensor<f32>\n"
           "    %%b = stablehlo.broadcast_in_dim %%f, dims = [] : (tensor<f32>) -> tensor<2x2xf32>\n"
           "    %%2 = stablehlo.add %%1, %%b : tensor<2x2xf32>\n"
           "    %%3 = stablehlo.custom_call @Sharding(%%2) {mhlo.sharding = \"{manual}\"} : (tensor<2x2xf32>) -> tensor<2x2xf32>\n"
           "    %%4 = stablehlo.custom_call @SPMDShardToFullShape(%%3) {mhlo.sharding = \"%s\"} : (tensor<2x2xf32>) -> tensor<%lldx2xf32>\n"
           "    return %s : tensor<%s>\n  }\n}\n",
           (long long)rows, rt, tiles, (long long)rows, (long long)rows, (long long)rows, tiles, (long long)rows, ret, rt);
  tsr_array in = iota_input(rows, 2);
  return run_text(text, &in, 1, out, 1);
}

/* Devices 0 and 2 hold rows 0-1, devices 1 and 3 rows 2-3 (an explicit device list, the last
 * tile dimension copies); each adds its id; the first copy of each tile is assembled: 0 and 1. */
static void test_gspmd_markers(void) {
  tsr_array out;
  CHECK_OK(run_gspmd("{devices=[2,1,2]0,2,1,3 last_tile_dim_replicate}", 4, "%4", &out));
  bool ok = out.shape[0] == 4 && out.shape[1] == 2;
  for (int i = 0; ok && i < 8; i++) ok = f(&out)[i] == (float)(i + (i >= 4));
  CHECK(ok);
  tsr_array_free(&out);
  CHECK_FAILS(run_gspmd("{devices=[2,2]<=[2,2]T(1,0)}", 4, "%4", &out), TSR_ERR_UNSUPPORTED, "a transposed device order");
  CHECK_FAILS(run_gspmd("{devices=[2,1,2]0,2,1,1 last_tile_dim_replicate}", 4, "%4", &out), TSR_ERR_INVALID, "names device 1 twice");
  CHECK_FAILS(run_gspmd("{devices=[4,1]<=[4]}", 10, "%4", &out), TSR_ERR_INVALID, "dimension 0 of size 10 does not divide into the 4 tiles");
  CHECK_FAILS(run_gspmd("{devices=[2,1,2]<=[4] last_tile_dim_replicate}", 4, "%2", &out), TSR_ERR_UNSUPPORTED,
              "returns value 0 of each device's own");
}

static tsr_status compile_only(const char *text) {
  tsr_mlir_module *m;
  tsr_status s = tsr_mlir_parse_text(text, strlen(text), "bad.mlir", &m);
  if (s != TSR_OK) return s;
  tsr_hlo_program *p = NULL;
  s = tsr_hlo_compile(m, &p);
  tsr_hlo_program_destroy(p);
  tsr_mlir_module_destroy(m);
  return s;
}

static void test_bad_input(void) {
  tsr_array out = {0};
  /* a replica group naming a device the module does not have */
  CHECK_FAILS(run_body("      %r = \"stablehlo.all_reduce\"(%a) <{" CH ", replica_groups = dense<[[0, 1, 2, 4]]> : tensor<1x4xi64>, "
                       "use_global_device_ids}> " ADD_BODY " : (tensor<2x2xf32>) -> tensor<2x2xf32>",
                       8, "2x2xf32", "2x2xf32", "8x2xf32", ROWS, &out),
              TSR_ERR_INVALID, "replica_groups names device 4, but the module has 4 devices");
  CHECK_FAILS(run_body("      %r = \"stablehlo.all_reduce\"(%a) <{" CH ", replica_groups = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>, "
                       "use_global_device_ids}> " ADD_BODY " : (tensor<2x2xf32>) -> tensor<2x2xf32>",
                       8, "2x2xf32", "2x2xf32", "8x2xf32", ROWS, &out),
              TSR_ERR_INVALID, "replica_groups names device 1 twice");
  CHECK_FAILS(run_body("      %r = \"stablehlo.all_gather\"(%a) <{all_gather_dim = 0 : i64, " CH ", replica_groups = dense<[[0, 1]]> : "
                       "tensor<1x2xi64>, use_global_device_ids}> : (tensor<2x2xf32>) -> tensor<4x2xf32>",
                       8, "2x2xf32", "4x2xf32", "16x2xf32", ROWS, &out),
              TSR_ERR_INVALID, "leaves device 2 in no group");
  CHECK_FAILS(run_body("      %r = \"stablehlo.collective_permute\"(%a) <{" CH ", source_target_pairs = dense<[[0, 1], [3, 7]]> : "
                       "tensor<2x2xi64>}> : (tensor<2x2xf32>) -> tensor<2x2xf32>", 8, "2x2xf32", "2x2xf32", "8x2xf32", ROWS, &out),
              TSR_ERR_INVALID, "source_target_pairs names device 7");
  CHECK_FAILS(run_body("      %r = \"stablehlo.all_reduce\"(%a) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> " ADD_BODY
                       " : (tensor<2x2xf32>) -> tensor<2x2xf32>", 8, "2x2xf32", "2x2xf32", "8x2xf32", ROWS, &out),
              TSR_ERR_INVALID, "names replica 1; the module has one replica");
  /* a sharding that does not divide: 10 rows over 4 devices */
  CHECK_FAILS(run_body("      %r = stablehlo.add %a, %a : tensor<2x2xf32>", 10, "2x2xf32", "2x2xf32", "8x2xf32", ROWS, &out),
              TSR_ERR_INVALID, "dimension 0 of size 10 does not divide into the 4 shards");
  CHECK_FAILS(run_body("      %r = stablehlo.add %a, %a : tensor<2x2xf32>", 8, "2x2xf32", "2x2xf32", "8x2xf32",
                       "[{\"z\"}, {}]", &out),
              TSR_ERR_INVALID, "names axis \"z\", which mesh @mesh does not have");
  CHECK_FAILS(run_body("      %r = \"stablehlo.all_gather\"(%a) <{all_gather_dim = 0 : i64, " CH ", replica_groups = dense<[[0, 1, 2, 3]]> : "
                       "tensor<1x4xi64>, use_global_device_ids}> : (tensor<2x2xf32>) -> tensor<6x2xf32>",
                       8, "2x2xf32", "6x2xf32", "24x2xf32", ROWS, &out),
              TSR_ERR_INVALID, "4 times as large");
  /* the module's devices disagree; a collective outside any manual computation of 4 devices */
  CHECK_FAILS(compile_only("module attributes {mhlo.num_partitions = 2 : i32} {\n  sdy.mesh @mesh = <[\"x\"=4]>\n"
                           "  func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n    return %a : tensor<2xf32>\n  }\n}\n"),
              TSR_ERR_INVALID, "mhlo.num_partitions = 2 but its mesh @mesh has 4 devices");
  const char *outside = "module attributes {mhlo.num_partitions = 4 : i32} {\n"
                        "  func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
                        "    %r = \"stablehlo.collective_permute\"(%a) <{" CH ", source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}> : "
                        "(tensor<2xf32>) -> tensor<2xf32>\n    return %r : tensor<2xf32>\n  }\n}\n";
  int64_t n = 2;
  tsr_array in = arr(TSR_F32, 1, &n, NULL);
  CHECK_FAILS(run_text(outside, &in, 1, &out, 1), TSR_ERR_UNSUPPORTED, "outside sdy.manual_computation in a module of 4 devices");
  /* interpreter.run_parallel runs one program on every process */
  CHECK_FAILS(compile_only("func.func @a() -> tensor<ui32> {\n  %r = stablehlo.replica_id : tensor<ui32>\n  return %r : tensor<ui32>\n}\n"
                           "func.func @b() -> tensor<ui32> {\n  %r = stablehlo.partition_id : tensor<ui32>\n  return %r : tensor<ui32>\n}\n"
                           "func.func @main() {\n  %r:2 = \"interpreter.run_parallel\"() {programs = [[@a], [@b]]} : () -> "
                           "(tensor<ui32>, tensor<ui32>)\n  func.return\n}\n"),
              TSR_ERR_UNSUPPORTED, "processes that run different programs (@a and @b)");
  CHECK_FAILS(compile_only("module {\n  sdy.mesh @mesh = <[\"x\"=4], device_ids=[3, 2, 1, 0]>\n"
                           "  func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n    return %a : tensor<2xf32>\n  }\n}\n"),
              TSR_ERR_UNSUPPORTED, "lists its device_ids");
}

/* The pretty form of the sdy ops reads to the same IR as the generic form jaxlib prints. */
static void test_pretty_and_generic(void) {
  const char *pretty =
      "module @t attributes {mhlo.num_partitions = 4 : i32} {\n"
      "  sdy.mesh @mesh = <[\"x\"=4]> {stablehlo.mesh = {axes = [{name = \"x\", size = 4 : i64}]}}\n"
      "  func.func public @main(%arg0: tensor<8x2xf32>) -> tensor<8x2xf32> {\n"
      "    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{\"x\"}, {}]>] out_shardings=[<@mesh, [{\"x\"}, {}]>] "
      "manual_axes={\"x\"} (%arg1: tensor<2x2xf32>) {\n"
      "      sdy.return %arg1 : tensor<2x2xf32>\n"
      "    } : (tensor<8x2xf32>) -> tensor<8x2xf32>\n"
      "    return %0 : tensor<8x2xf32>\n  }\n}\n";
  const char *generic =
      "\"builtin.module\"() <{sym_name = \"t\"}> ({\n"
      "  \"sdy.mesh\"() <{mesh = #sdy.mesh<[\"x\"=4]>, sym_name = \"mesh\"}> {stablehlo.mesh = {axes = [{name = \"x\", size = 4 : i64}]}} : () -> ()\n"
      "  \"func.func\"() <{function_type = (tensor<8x2xf32>) -> tensor<8x2xf32>, sym_name = \"main\", sym_visibility = \"public\"}> ({\n"
      "  ^bb0(%arg0: tensor<8x2xf32>):\n"
      "    %0 = \"sdy.manual_computation\"(%arg0) <{in_shardings = #sdy.sharding_per_value<[<@mesh, [{\"x\"}, {}]>]>, "
      "manual_axes = #sdy<manual_axes{\"x\"}>, out_shardings = #sdy.sharding_per_value<[<@mesh, [{\"x\"}, {}]>]>}> ({\n"
      "    ^bb0(%arg1: tensor<2x2xf32>):\n"
      "      \"sdy.return\"(%arg1) : (tensor<2x2xf32>) -> ()\n"
      "    }) : (tensor<8x2xf32>) -> tensor<8x2xf32>\n"
      "    \"func.return\"(%0) : (tensor<8x2xf32>) -> ()\n"
      "  }) : () -> ()\n"
      "}) {mhlo.num_partitions = 4 : i32} : () -> ()\n";
  tsr_mlir_module *a = NULL, *b = NULL;
  CHECK_OK(tsr_mlir_parse_text(pretty, strlen(pretty), "pretty.mlir", &a));
  CHECK_OK(tsr_mlir_parse_text(generic, strlen(generic), "generic.mlir", &b));
  char why[256] = "";
  bool eq = a && b && mlir_ir_op_equal(a->top, b->top, MLIR_IR_EQ_IGNORE_LOCS | MLIR_IR_EQ_MERGE_PROPS, why, sizeof why);
  if (!eq) fprintf(stderr, "pretty and generic sdy differ: %s\n", why);
  CHECK(eq);
  tsr_mlir_module_destroy(a);
  tsr_mlir_module_destroy(b);
}

int main(void) {
  test_all_reduce_groups();
  test_all_reduce_general_body();
  test_all_gather();
  test_reduce_scatter();
  test_all_to_all();
  test_collective_permute();
  test_collective_broadcast();
  test_partition_id_and_replicated_result();
  test_two_axes();
  test_one_device();
  test_while_in_lockstep();
  test_if_in_lockstep();
  test_gspmd_markers();
  test_bad_input();
  test_pretty_and_generic();
  return tsr_test_finish("test_hlo_collectives");
}
