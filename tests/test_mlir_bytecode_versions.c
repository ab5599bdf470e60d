/* The bytecode reader on every version MLIR writes (0-6), using tessera's writer: every
 * conformance module written at every version reads back structurally equal; the
 * version-specific parts (dialect versions, isolated-region sections, use-list orders,
 * properties) are exercised; truncated v6 files are rejected cleanly. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "mlir/bytecode.h"
#include "mlir/bytecode_writer.h"
#include "mlir/ir.h"
#include "tessera/mlir.h"

static const char *const files[] = {
    "tests/conformance/mosaic_bodies/seed_pallas_add_8x128.mlirbc",
    "tests/conformance/mosaic_bodies/jax_mosaic_boolean_constant.mlirbc",
    "tests/conformance/mosaic_bodies/jax_mosaic_matmul.mlirbc",
    "tests/conformance/mosaic_bodies/jax_mosaic_semaphore_dma.mlirbc",
    "tests/conformance/seed_my_call/kernel.mosaic.mlir",
    "tests/conformance/seed_my_call/module.mlir",
    "tests/conformance/jax_export_backcompat/mosaic_boolean_constant/module.mlir",
    "tests/conformance/jax_export_backcompat/mosaic_matmul/module.mlir",
    "tests/conformance/jax_export_backcompat/mosaic_semaphore_dma/module.mlir"};
enum { N_BODIES = 4 };

/* A module in generic form with what the conformance files lack: properties (one that
 * shadows an attribute's name), forward references and successors across blocks, a region
 * that uses outer values (not isolated), values with several uses, block-argument
 * locations, and builtin attributes and types of every kind tessera reads. */
static const char kitchen_sink[] =
    "#loc1 = loc(\"k.py\":3:4)\n"
    "\"builtin.module\"() ({\n"
    "  \"func.func\"() <{sym_name = \"f\", function_type = (i32, tensor<?x4xf32>) -> i32}> ({\n"
    "  ^bb0(%a: i32 loc(\"k.py\":1:2), %t: tensor<?x4xf32>):\n"
    "    %c = \"arith.constant\"() <{value = -7 : i32}> : () -> i32 loc(#loc1)\n"
    "    %s = \"arith.addi\"(%a, %c) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32\n"
    "    \"cf.br\"(%s)[^bb2] : (i32) -> ()\n"
    "  ^bb1(%x: i32):\n"
    "    %m = \"arith.muli\"(%x, %y) : (i32, i32) -> i32\n"
    "    \"func.return\"(%m) : (i32) -> ()\n"
    "  ^bb2(%y: i32 loc(fused[\"k.py\":5:6, \"other\"])):\n"
    "    %cond = \"arith.constant\"() {value = true} : () -> i1\n"
    "    %r = \"scf.if\"(%cond) ({\n"
    "      %z = \"arith.addi\"(%y, %s) : (i32, i32) -> i32\n"
    "      \"scf.yield\"(%z) : (i32) -> ()\n"
    "    }, {\n"
    "      \"scf.yield\"(%y) : (i32) -> ()\n"
    "    }) : (i1) -> i32 loc(callsite(\"f\"(\"k.py\":7:1 to 9:2) at \"k.py\":8:1 to :5))\n"
    "    \"cf.cond_br\"(%cond, %r, %r)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 1>}> {operandSegmentSizes = 3 : i64} : (i1, i32, i32) -> ()\n"
    "  }) {sym_visibility = \"private\"} : () -> ()\n"
    "  \"test.attrs\"() {\n"
    "    a = [unit, true, false, 1 : i8, -1 : i16, 123456789012 : i64, 5 : index, -3 : si32, 9 : ui64,\n"
    "         -5 : i128, 7 : i100, 1.5 : f16, -2.0 : bf16, 3.25 : f32,\n"
    "         0.1 : f64, 0x38 : f8E4M3FN, 0x20000 : tf32],\n"
    "    b = \"s\", c = \"typed\" : i32, d = @sym, e = @outer::@inner::@leaf, f = i64,\n"
    "    g = dense<[true, false, true, true, false, false, true, false, true]> : tensor<9xi1>,\n"
    "    h = dense<true> : vector<8x128xi1>, i = dense<[1, -2, 3]> : tensor<3xi32>,\n"
    "    j = dense<1.5> : tensor<2x2xf32>, k = dense<[\"x\", \"yy\"]> : tensor<2x!tf_type.string>,\n"
    "    l = array<i64: 1, -2>, m = array<i1: true, false>, n = array<f32>,\n"
    "    o = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 2)>, p = #tpu.memory_space<vmem>,\n"
    "    q = dense_resource<blob1> : tensor<4xf32>, r = {nested = {x = 1 : i32}},\n"
    "    s = sparse<[[0, 1]], [2.5]> : tensor<2x2xf32>, t = dense<[\"z\"]> : tensor<1x!tf_type.string>\n"
    "  } : () -> (memref<4x?xf32, strided<[?, 1], offset: ?>, 1 : i32>, memref<*xf16>, memref<*xi8, #tpu.memory_space<smem>>,\n"
    "             tensor<*xf32>, tensor<4xf32, \"enc\">, vector<[4]x8xf32>, complex<f32>, tuple<i1, index>, none,\n"
    "             f80, f128, f8E5M2, !tpu.semaphore, !tpu.dma_semaphore, !foo.bar<1>, memref<f32>, memref<2x3xi32, #tpu.memory_space<vmem>>)\n"
    "}) : () -> ()\n";

/* Before version 5 properties are attributes: the module a v0-v4 file must read back as. */
static bool merge_props(mlir_ir_op *op, void *user) {
  mlir_ir_ctx *ctx = user;
  if (!op->props) return true;
  for (int i = 0; i < op->props->u.dict.n; i++)
    op->attrs = mlir_ir_dict_set(ctx, op->attrs, op->props->u.dict.entries[i].name, op->props->u.dict.entries[i].value);
  op->props = NULL;
  return true;
}

static bool count_props(mlir_ir_op *op, void *user) {
  *(int *)user += op->props != NULL;
  return true;
}

/* Writes `m` at opts, reads it back and compares with `expect`; returns the size. */
static size_t roundtrip(const char *what, const tsr_mlir_module *m, const tsr_mlir_module *expect,
                        const mlir_bc_write_opts *o, unsigned char **keep) {
  unsigned char *data = NULL;
  size_t size = 0;
  tsr_status s = mlir_bc_write(m, o, &data, &size);
  CHECK_OK(s);
  if (s != TSR_OK) return 0;
  tsr_mlir_module *back = calloc(1, sizeof *back);
  back->ctx = mlir_ir_ctx_create();
  mlir_bc_info info;
  s = mlir_bc_read(back, data, size, &info);
  CHECK_OK(s);
  if (s == TSR_OK) {
    CHECK_EQ_INT(info.version, o->version);
    char why[256];
    bool eq = tsr_mlir_equal(expect, back, false, why, sizeof why);
    if (!eq) fprintf(stderr, "%s at v%d%s: %s\n", what, o->version, o->use_list_orders ? " (extras)" : "", why);
    CHECK(eq);
  }
  tsr_mlir_module_destroy(back);
  if (keep) *keep = data;
  else free(data);
  return size;
}

static void test_every_version(void) {
  for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
    tsr_mlir_module *m = NULL, *merged = NULL;
    CHECK_OK(tsr_mlir_read_file(files[f], &m));
    CHECK_OK(tsr_mlir_read_file(files[f], &merged));
    if (!m || !merged) continue;
    mlir_ir_walk(merged->top, merge_props, merged->ctx);
    size_t sizes[7];
    for (int v = 0; v <= 6; v++) {
      mlir_bc_write_opts plain = {.version = v}, extras = {.version = v, .dialect_versions = true, .use_list_orders = true};
      sizes[v] = roundtrip(files[f], m, v < 5 ? merged : m, &plain, NULL);
      size_t with_extras = roundtrip(files[f], m, v < 5 ? merged : m, &extras, NULL);
      CHECK(v == 0 || with_extras > sizes[v]); /* dialect versions from v1 add bytes */
    }
    printf("%s: bytes at v0..v6: %zu %zu %zu %zu %zu %zu %zu\n", files[f], sizes[0], sizes[1], sizes[2],
           sizes[3], sizes[4], sizes[5], sizes[6]);
    if (f < N_BODIES) {
      /* the real v0 bodies: tessera's v0 rewrite next to the original */
      size_t n = 0;
      char *orig = tsr_test_slurp(files[f], &n);
      mlir_bc_info a, b;
      tsr_mlir_module *x = calloc(1, sizeof *x), *y = calloc(1, sizeof *y);
      x->ctx = mlir_ir_ctx_create();
      y->ctx = mlir_ir_ctx_create();
      unsigned char *re = NULL;
      size_t re_n = 0;
      CHECK_OK(tsr_mlir_write_bytecode(m, 0, &re, &re_n));
      CHECK_OK(mlir_bc_read(x, orig, n, &a));
      CHECK_OK(mlir_bc_read(y, re, re_n, &b));
      printf("  original %zu bytes (%llu attrs, %llu types, %llu strings), rewritten %zu bytes (%llu attrs, %llu types, %llu strings)\n",
             n, (unsigned long long)a.n_attrs, (unsigned long long)a.n_types, (unsigned long long)a.n_strings, re_n,
             (unsigned long long)b.n_attrs, (unsigned long long)b.n_types, (unsigned long long)b.n_strings);
      CHECK_EQ_INT(b.n_op_names, a.n_op_names);
      CHECK_EQ_INT(b.n_dialects, a.n_dialects);
      CHECK(re_n <= n + n / 10 && re_n + n / 10 >= n); /* within 10% of what MLIR wrote */
      CHECK(tsr_mlir_equal(x, y, false, NULL, 0));
      tsr_mlir_module_destroy(x);
      tsr_mlir_module_destroy(y);
      free(re);
      free(orig);
    }
    tsr_mlir_module_destroy(m);
    tsr_mlir_module_destroy(merged);
  }
}

/* Version-specific content of the kitchen sink: properties survive from v5, become
 * attributes before it (and a name clash is refused there), and every version reads back. */
static void test_kitchen_sink(void) {
  tsr_mlir_module *m = NULL, *merged = NULL;
  CHECK_OK(tsr_mlir_parse_text(kitchen_sink, strlen(kitchen_sink), "sink.mlir", &m));
  if (!m) return;
  int n_props = 0;
  mlir_ir_walk(m->top, count_props, &n_props);
  CHECK_EQ_INT(n_props, 3);
  for (int v = 0; v <= 6; v++) {
    unsigned char *data = NULL;
    size_t size = 0;
    if (v < 5) {
      CHECK_FAILS(tsr_mlir_write_bytecode(m, v, &data, &size), TSR_ERR_UNSUPPORTED, "same name");
      CHECK(data == NULL);
      continue;
    }
    mlir_bc_write_opts plain = {.version = v}, extras = {.version = v, .dialect_versions = true, .use_list_orders = true};
    roundtrip("kitchen sink", m, m, &plain, NULL);
    roundtrip("kitchen sink", m, m, &extras, NULL);
    tsr_mlir_module *back = NULL;
    CHECK_OK(tsr_mlir_write_bytecode(m, v, &data, &size));
    CHECK_OK(tsr_mlir_read_bytecode(data, size, &back));
    if (back) {
      n_props = 0;
      mlir_ir_walk(back->top, count_props, &n_props);
      CHECK_EQ_INT(n_props, 3);
    }
    tsr_mlir_module_destroy(back);
    free(data);
  }
  /* without the clash, v0-v4 merge the properties into the attributes */
  CHECK_OK(tsr_mlir_parse_text(kitchen_sink, strlen(kitchen_sink), "sink.mlir", &merged));
  if (merged) {
    mlir_ir_op *br = NULL;
    for (mlir_ir_op *o = mlir_ir_op_entry_block(merged->top, 0)->first; o; o = o->next)
      if (mlir_ir_op_is(o, "func.func")) br = mlir_ir_op_entry_block(o, 0)->parent->blocks[2]->last;
    CHECK(br && mlir_ir_op_is(br, "cf.cond_br"));
    if (br) br->attrs = mlir_ir_empty_dict(merged->ctx);
    mlir_ir_walk(merged->top, merge_props, merged->ctx);
    for (int v = 0; v < 5; v++) {
      mlir_bc_write_opts o = {.version = v, .dialect_versions = v % 2, .use_list_orders = v % 2 == 0};
      roundtrip("kitchen sink (merged)", merged, merged, &o, NULL);
    }
  }
  tsr_mlir_module_destroy(merged);
  tsr_mlir_module_destroy(m);
}

/* v2+: isolated regions sit in nested sections, so v1 and v2 files of a module differ in
 * exactly those section headers; and v4+ leaves out unknown block-argument locations. */
static void test_version_layout(void) {
  tsr_mlir_module *m = NULL;
  CHECK_OK(tsr_mlir_read_file(files[0], &m));
  if (!m) return;
  unsigned char *v[7] = {0};
  size_t n[7] = {0};
  for (int i = 0; i <= 6; i++) CHECK_OK(tsr_mlir_write_bytecode(m, i, &v[i], &n[i]));
  /* seed body: module and func are isolated: two section headers of 2 bytes each */
  CHECK_EQ_INT(n[2], n[1] + 4);
  CHECK_EQ_INT(n[3], n[2] + 1);     /* the func's block has args: one use-list byte */
  CHECK(n[4] < n[3]);               /* three unknown arg locations left out (+1 count byte) */
  CHECK_EQ_INT(n[5], n[4] + 3);     /* an empty properties section */
  CHECK_EQ_INT(n[6], n[5]);
  for (int i = 0; i <= 6; i++) {
    CHECK(n[i] > 5 && v[i][4] == (unsigned char)(i << 1 | 1));
    free(v[i]);
  }
  unsigned char *d = NULL;
  size_t s = 0;
  CHECK_FAILS(tsr_mlir_write_bytecode(m, 7, &d, &s), TSR_ERR_INVALID, "version 7");
  CHECK_FAILS(tsr_mlir_write_bytecode(m, -1, &d, &s), TSR_ERR_INVALID, "version -1");
  tsr_mlir_module_destroy(m);
}

/* Every truncation of every v6 file (with all optional parts) fails with a parse error. */
static void test_truncation_sweep(void) {
  long n_cut = 0;
  for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
    tsr_mlir_module *m = NULL;
    CHECK_OK(tsr_mlir_read_file(files[f], &m));
    if (!m) continue;
    mlir_bc_write_opts o = {.version = 6, .dialect_versions = true, .use_list_orders = true};
    unsigned char *data = NULL;
    size_t size = 0;
    CHECK_OK(mlir_bc_write(m, &o, &data, &size));
    tsr_mlir_module_destroy(m);
    bool all = true;
    for (size_t len = 0; data && len < size; len++) {
      tsr_mlir_module *t;
      tsr_status s = tsr_mlir_read_bytecode(data, len, &t);
      if (!(s == TSR_ERR_PARSE && t == NULL && strstr(tsr_last_error(), "bytecode offset"))) {
        if (all) fprintf(stderr, "%s: v6 cut to %zu bytes: %s %s\n", files[f], len, tsr_status_name(s), tsr_last_error());
        all = false;
      }
      tsr_mlir_module_destroy(t);
      n_cut++;
    }
    CHECK(all);
    free(data);
  }
  printf("truncation sweep: %ld truncated v6 files rejected\n", n_cut);
}

/* Every single-byte change of the v6 kitchen sink (all optional parts on) is read or
 * rejected cleanly: the v1-v6 paths under ASan/UBSan, like the v0 sweep of test_mlir_read. */
static void test_v6_corruption_sweep(void) {
  tsr_mlir_module *m = NULL;
  CHECK_OK(tsr_mlir_parse_text(kitchen_sink, strlen(kitchen_sink), "sink.mlir", &m));
  if (!m) return;
  mlir_bc_write_opts o = {.version = 6, .dialect_versions = true, .use_list_orders = true};
  unsigned char *data = NULL;
  size_t size = 0;
  CHECK_OK(mlir_bc_write(m, &o, &data, &size));
  tsr_mlir_module_destroy(m);
  if (!data) return;
  unsigned char *copy = malloc(size);
  long accepted = 0, rejected = 0;
  bool clean = true;
  static const unsigned char flips[] = {0x01, 0x80, 0xFF};
  for (size_t pos = 0; pos < size; pos++)
    for (size_t k = 0; k < sizeof flips; k++) {
      memcpy(copy, data, size);
      copy[pos] ^= flips[k];
      tsr_mlir_module *t;
      tsr_status s = tsr_mlir_read_bytecode(copy, size, &t);
      if (s == TSR_OK) accepted++;
      else rejected++;
      clean = clean && (s == TSR_OK ? t && t->top : t == NULL);
      tsr_mlir_module_destroy(t);
    }
  CHECK(clean && rejected > 0);
  printf("v6 corruption sweep: %ld variants read, %ld rejected\n", accepted, rejected);
  free(copy);
  free(data);
}

/* Decode, inspect, re-encode: a body through the Mosaic view, mangled again and written at
 * v0 reads back (through the view) as the same kernel. */
static void test_mosaic_reencode(void) {
  for (int f = 0; f < N_BODIES; f++) {
    tsr_mlir_module *a = NULL, *b = NULL, *c = NULL;
    CHECK_OK(tsr_mlir_read_file(files[f], &a));
    CHECK_OK(tsr_mlir_read_file(files[f], &b));
    if (!a || !b) continue;
    CHECK_OK(tsr_mlir_mosaic_view(a));
    CHECK_OK(tsr_mlir_mosaic_view(b));
    CHECK_OK(tsr_mlir_mosaic_mangle(b));
    unsigned char *data = NULL;
    size_t size = 0;
    CHECK_OK(tsr_mlir_write_bytecode(b, 0, &data, &size));
    CHECK_OK(tsr_mlir_read_bytecode(data, size, &c));
    if (c) {
      CHECK_OK(tsr_mlir_mosaic_view(c));
      CHECK_EQ_INT(tsr_mlir_mosaic_version(c), TSR_MLIR_MOSAIC_MAX_VERSION);
      mlir_ir_attr *v = mlir_ir_op_attr(c->top, "stable_mosaic.version");
      a->top->attrs = mlir_ir_dict_set(a->ctx, a->top->attrs, "stable_mosaic.version", v);
      char why[256];
      bool eq = tsr_mlir_equal(a, c, false, why, sizeof why);
      if (!eq) fprintf(stderr, "%s re-encoded: %s\n", files[f], why);
      CHECK(eq);
    }
    free(data);
    tsr_mlir_module_destroy(a);
    tsr_mlir_module_destroy(b);
    tsr_mlir_module_destroy(c);
  }
}

int main(void) {
  test_every_version();
  test_kitchen_sink();
  test_version_layout();
  test_truncation_sweep();
  test_v6_corruption_sweep();
  test_mosaic_reencode();
  return tsr_test_finish("test_mlir_bytecode_versions");
}
