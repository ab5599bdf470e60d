/* The MLIR reader against the conformance artifacts: bytecode bodies vs their structural
 * dumps, bytecode vs the Pallas text of the same kernel, text round trips, hostile input. */
#define _POSIX_C_SOURCE 200809L /* opendir */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "mlir/backend_config.h"
#include "mlir/bytecode.h"
#include "mlir/ir.h"
#include "tessera/mlir.h"

static const char *const bodies[] = {"seed_pallas_add_8x128", "jax_mosaic_boolean_constant",
                                     "jax_mosaic_matmul", "jax_mosaic_semaphore_dma"};
static const char *const texts[] = {
    "tests/conformance/seed_my_call/kernel.mosaic.mlir", "tests/conformance/seed_my_call/module.mlir",
    "tests/conformance/jax_export_backcompat/mosaic_boolean_constant/module.mlir",
    "tests/conformance/jax_export_backcompat/mosaic_matmul/module.mlir",
    "tests/conformance/jax_export_backcompat/mosaic_semaphore_dma/module.mlir"};

typedef struct op_list { const char *names[512]; int n; } op_list;

static bool collect(mlir_ir_op *op, void *user) {
  op_list *l = user;
  if (l->n < 512) l->names[l->n] = op->name;
  l->n++;
  return true;
}

static bool drop_store_add(mlir_ir_op *op, void *ctx) {
  if (mlir_ir_op_is(op, "tpu.vector_store")) op->attrs = mlir_ir_dict_set(ctx, op->attrs, "add", NULL);
  return true;
}

/* Op names in pre-order and the entry counts from a *.decoded.txt dump. */
static void check_against_dump(const char *name, tsr_mlir_module *m, const mlir_bc_info *info) {
  char path[256];
  snprintf(path, sizeof path, "tests/conformance/mosaic_bodies/%s.decoded.txt", name);
  size_t n = 0;
  char *dump = tsr_test_slurp(path, &n);
  CHECK(dump != NULL);
  if (!dump) return;
  op_list ops = {{0}, 0};
  mlir_ir_walk(m->top, collect, &ops);
  int n_attrs = 0, n_types = 0, k = 0;
  bool names_match = true;
  for (char *line = strtok(dump, "\n"); line; line = strtok(NULL, "\n")) {
    if (line[0] == 'A' && line[1] >= '0' && line[1] <= '9') n_attrs++;
    if (line[0] == 'T' && line[1] >= '0' && line[1] <= '9') n_types++;
    if (!strstr(line, " mask=0x")) continue;
    char *s = line;
    while (*s == ' ') s++;
    if (*s == '%') s = strstr(s, "= ") + 2;
    size_t len = strcspn(s, "(");
    if (k >= ops.n || strlen(ops.names[k]) != len || strncmp(ops.names[k], s, len)) {
      fprintf(stderr, "%s: op %d is %s, dump says %.*s\n", name, k, k < ops.n ? ops.names[k] : "-", (int)len, s);
      names_match = false;
    }
    k++;
  }
  CHECK(names_match);
  CHECK_EQ_INT(k, ops.n);
  CHECK_EQ_INT(n_attrs, info->n_attrs);
  CHECK_EQ_INT(n_types, info->n_types);
  CHECK_EQ_INT(info->version, 0);
  free(dump);
}

static tsr_mlir_module *read_body(const char *name, mlir_bc_info *info, char **data, size_t *size) {
  char path[256];
  snprintf(path, sizeof path, "tests/conformance/mosaic_bodies/%s.mlirbc", name);
  *data = tsr_test_slurp(path, size);
  CHECK(*data != NULL);
  if (!*data) return NULL;
  tsr_mlir_module *m = calloc(1, sizeof *m);
  m->ctx = mlir_ir_ctx_create();
  tsr_status s = mlir_bc_read(m, *data, *size, info);
  CHECK_OK(s);
  if (s != TSR_OK) {
    tsr_mlir_module_destroy(m);
    return NULL;
  }
  return m;
}

static void test_bodies(void) {
  for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++) {
    mlir_bc_info info;
    char *data;
    size_t size;
    tsr_mlir_module *m = read_body(bodies[i], &info, &data, &size);
    if (!m) continue;
    check_against_dump(bodies[i], m, &info);
    CHECK_OK(tsr_mlir_mosaic_view(m));
    CHECK(tsr_mlir_mosaic_version(m) >= 1);
    tsr_mlir_module_destroy(m);
    free(data);
  }
}

/* Specifics of the seed body (see its dump). */
static void test_seed_details(void) {
  mlir_bc_info info;
  char *data;
  size_t size;
  tsr_mlir_module *m = read_body("seed_pallas_add_8x128", &info, &data, &size);
  if (!m) return;
  CHECK(!strcmp(info.producer, "MLIR21.0.0git"));
  CHECK_EQ_INT(info.n_attrs, 42);
  CHECK_EQ_INT(info.n_types, 7);
  CHECK_OK(tsr_mlir_mosaic_view(m));
  CHECK_EQ_INT(tsr_mlir_mosaic_version(m), 3);
  mlir_ir_op *fn = mlir_ir_module_lookup(m, "main");
  CHECK(fn && mlir_ir_op_is(fn, "func.func"));
  if (fn) {
    mlir_ir_block *entry = mlir_ir_op_entry_block(fn, 0);
    CHECK_EQ_INT(entry->n_args, 3);
    const mlir_ir_type *t = entry->args[0]->type;
    CHECK_EQ_INT(mlir_ir_type_rank(t), 2);
    CHECK_EQ_INT(mlir_ir_type_dim(t, 1), 128);
    CHECK(mlir_ir_type_is_float(mlir_ir_type_element(t), MLIR_IR_F32));
    tsr_space sp;
    CHECK(mlir_ir_memref_space(t, &sp) && sp == TSR_VMEM);
    CHECK(t->u.shaped.layout == NULL); /* identity affine map normalized away */
    int64_t v;
    CHECK(mlir_ir_op_attr_int(fn, "scalar_prefetch", &v) && v == 0);
    mlir_ir_op *store = entry->last->prev;
    CHECK(mlir_ir_op_is(store, "tpu.vector_store"));
    int first, count;
    CHECK(mlir_ir_op_segment(store, 2, &first, &count) && first == 2 && count == 2);
    mlir_ir_op *load = entry->first->next->next;
    CHECK(mlir_ir_op_is(load, "vector.load") && load->operands[0].value == entry->args[0]);
    CHECK_EQ_INT(mlir_ir_value_num_uses(entry->args[2]), 2);
    /* a FileLineColRange (code 22) location inside a callsite */
    const mlir_ir_attr *loc = load->loc;
    CHECK(loc->kind == MLIR_IR_ATTR_LOC_NAME && loc->u.name_loc.child->kind == MLIR_IR_ATTR_LOC_CALLSITE);
    const mlir_ir_attr *callee = loc->u.name_loc.child->u.callsite.callee;
    CHECK(callee->kind == MLIR_IR_ATTR_LOC_NAME && callee->u.name_loc.child->kind == MLIR_IR_ATTR_LOC_FILE &&
          callee->u.name_loc.child->u.file.line == 7 && callee->u.name_loc.child->u.file.is_range);
  }
  /* the same kernel as Pallas printed it: equal up to SSA names and locations */
  size_t tn = 0;
  char *text = tsr_test_slurp(texts[0], &tn);
  tsr_mlir_module *t = NULL;
  CHECK_OK(tsr_mlir_parse_text(text, tn, texts[0], &t));
  if (t) {
    CHECK_OK(tsr_mlir_mosaic_view(t));
    CHECK_EQ_INT(tsr_mlir_mosaic_version(t), 0);
    char why[256];
    CHECK(!tsr_mlir_equal(m, t, true, why, sizeof why)); /* the version attribute differs */
    m->top->attrs = mlir_ir_dict_set(m->ctx, m->top->attrs, "stable_mosaic.version", NULL);
    /* the text reader follows the tpu dialect of the JAX we follow, whose vector_store always
     * carries `add` (false unless printed); the seed's Pallas predates that attribute */
    mlir_ir_walk(t->top, drop_store_add, t->ctx);
    bool eq = tsr_mlir_equal(m, t, true, why, sizeof why);
    if (!eq) fprintf(stderr, "seed body vs text: %s\n", why);
    CHECK(eq);
  }
  tsr_mlir_module_destroy(t);
  tsr_mlir_module_destroy(m);
  free(text);
  free(data);
}

/* text -> IR -> generic text -> IR gives the same IR (locations included). */
static void roundtrip(const char *what, tsr_mlir_module *a) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  tsr_mlir_print(a, f, TSR_MLIR_PRINT_LOCS);
  fclose(f);
  tsr_mlir_module *b = NULL;
  CHECK_OK(tsr_mlir_parse_text(buf, len, what, &b));
  char why[256] = "";
  bool eq = b && tsr_mlir_equal(a, b, false, why, sizeof why);
  if (!eq) fprintf(stderr, "%s: round trip differs: %s\n", what, why);
  CHECK(eq);
  tsr_mlir_module_destroy(b);
  free(buf);
}

static tsr_status roundtrip_body(tsr_mlir_module *body, const char *kernel, int index, void *user) {
  (void)index;
  (*(int *)user)++;
  CHECK(kernel[0] != 0);
  roundtrip(kernel, body);
  CHECK_OK(tsr_mlir_mosaic_view(body));
  roundtrip(kernel, body);
  tsr_mlir_module_destroy(body);
  return TSR_OK;
}

static void test_text_roundtrips(void) {
  for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
    tsr_mlir_module *m = NULL;
    CHECK_OK(tsr_mlir_read_file(texts[i], &m));
    if (!m) continue;
    roundtrip(texts[i], m);
    int n_bodies = 0;
    CHECK_OK(tsr_mlir_for_each_tpu_body(m, roundtrip_body, &n_bodies));
    CHECK_EQ_INT(n_bodies, i == 0 ? 0 : 1);
    tsr_mlir_module_destroy(m);
  }
}

/* Every truncation and every single-byte change of every body is read or rejected cleanly
 * (this runs under ASan/UBSan in CI). */
static void test_corruption_sweep(void) {
  long accepted = 0, rejected = 0;
  for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++) {
    char path[256];
    snprintf(path, sizeof path, "tests/conformance/mosaic_bodies/%s.mlirbc", bodies[i]);
    size_t n = 0;
    char *data = tsr_test_slurp(path, &n);
    if (!data) continue;
    unsigned char *copy = malloc(n);
    for (size_t len = 0; len < n; len++) {
      tsr_mlir_module *m;
      tsr_status s = tsr_mlir_read_bytecode(data, len, &m);
      CHECK(s == TSR_ERR_PARSE && m == NULL && strstr(tsr_last_error(), "bytecode offset"));
      tsr_mlir_module_destroy(m);
    }
    static const unsigned char flips[] = {0x01, 0x80, 0xFF};
    for (size_t pos = 0; pos < n; pos++)
      for (size_t k = 0; k < sizeof flips; k++) {
        memcpy(copy, data, n);
        copy[pos] ^= flips[k];
        tsr_mlir_module *m;
        tsr_status s = tsr_mlir_read_bytecode(copy, n, &m);
        if (s == TSR_OK) {
          accepted++;
          CHECK(m && m->top != NULL);
        } else {
          rejected++;
        }
        tsr_mlir_module_destroy(m);
      }
    free(copy);
    free(data);
  }
  printf("corruption sweep: %ld variants read, %ld rejected\n", accepted, rejected);
  CHECK(rejected > 0);
}

static void test_errors(void) {
  tsr_mlir_module *m;
  CHECK_FAILS(tsr_mlir_read_bytecode("ML\xEFR\x0F", 5, &m), TSR_ERR_PARSE, "bytecode offset 4: bytecode version 7");
  CHECK_FAILS(tsr_mlir_read_bytecode("MLIR", 4, &m), TSR_ERR_PARSE, "bad magic");
  const char *bad = "module {\n  %0 = arith.constant 1 : i32\n  %1 = arith.addi %0, %x : i32\n}\n";
  CHECK_FAILS(tsr_mlir_parse_text(bad, strlen(bad), "bad.mlir", &m), TSR_ERR_PARSE, "bad.mlir:3:23: use of undefined value %x");
  const char *typo = "\"foo.bar\"() : () -> (tensor<4xf32>\n";
  CHECK_FAILS(tsr_mlir_parse_text(typo, strlen(typo), "t.mlir", &m), TSR_ERR_PARSE, "t.mlir:2:1: expected ')'");
  const char *deep = "\"a.b\"() {x = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[ : () -> ()";
  CHECK_FAILS(tsr_mlir_parse_text(deep, strlen(deep), "d.mlir", &m), TSR_ERR_PARSE, "nested too deeply");
  const char *newer = "module attributes {stable_mosaic.version = 16 : i64} {\n  \"stable_mosaic.func.func\"() ({}) : () -> ()\n}\n";
  CHECK_OK(tsr_mlir_parse_text(newer, strlen(newer), "v.mlir", &m));
  if (m) CHECK_FAILS(tsr_mlir_mosaic_view(m), TSR_ERR_UNSUPPORTED, "versions 1 to 15");
  tsr_mlir_module_destroy(m);
  /* jaxlib's print of a module in memory: the version attribute, ops already current */
  const char *unmangled = "module attributes {stable_mosaic.version = 3 : i64} {\n  func.func @f() {\n    return\n  }\n}\n";
  CHECK_OK(tsr_mlir_parse_text(unmangled, strlen(unmangled), "u.mlir", &m));
  if (m) {
    CHECK_OK(tsr_mlir_mosaic_view(m));
    CHECK_EQ_INT(tsr_mlir_mosaic_version(m), 3);
  }
  tsr_mlir_module_destroy(m);
  const char *mixed = "module attributes {stable_mosaic.version = 3 : i64} {\n  \"stable_mosaic.func.func\"() ({\n"
                      "    \"func.return\"() : () -> ()\n  }) {function_type = () -> (), sym_name = \"f\"} : () -> ()\n}\n";
  CHECK_OK(tsr_mlir_parse_text(mixed, strlen(mixed), "m.mlir", &m));
  if (m) CHECK_FAILS(tsr_mlir_mosaic_view(m), TSR_ERR_PARSE, "'func.return' is not in the serialized form");
  tsr_mlir_module_destroy(m);
}

/* operandSegmentSizes comes from outside: sizes that are negative or do not add up to the
 * op's operands give no segments (found by fuzzing: a negative size sent a load's index
 * operands before the first operand). */
static void test_segments(void) {
  static const char *const sizes[] = {"1, 2, 1", "-5, 7, 1", "1, 1, 1", "1, 2, 2", "4, 0, 0"};
  static const int first1[] = {1, -1, -1, -1, 4}, count1[] = {2, -1, -1, -1, 0};
  for (int i = 0; i < 5; i++) {
    char text[512];
    snprintf(text, sizeof text, "func.func @f(%%a: i32) {\n  \"x.y\"(%%a, %%a, %%a, %%a) <{operandSegmentSizes = array<i32: %s>}> : "
             "(i32, i32, i32, i32) -> ()\n  return\n}\n", sizes[i]);
    tsr_mlir_module *m = NULL;
    CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "s.mlir", &m));
    if (!m) continue;
    const mlir_ir_op *op = mlir_ir_op_entry_block(mlir_ir_op_entry_block(m->top, 0)->first, 0)->first;
    int f = -1, c = -1;
    bool ok = mlir_ir_op_segment(op, 1, &f, &c);
    CHECK(ok == (first1[i] >= 0));
    if (ok) CHECK(f == first1[i] && c == count1[i]);
    tsr_mlir_module_destroy(m);
  }
}

/* Custom op syntaxes the suite's kernels do not print, each against the generic form the tpu,
 * memref, math and scf definitions give it (defaults the printer elides included). */
static void test_pretty_forms(void) {
  static const char *const pairs[][2] = {
      {"%s = memref.alloca() : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>\n"
       "%i = arith.constant 1 : i32\n"
       "tpu.sem_signal %s, %i device_id %i core_id %i : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>\n"
       "tpu.sem_wait %s, %i : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>\n"
       "%v = tpu.sem_read %s : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> i32\n",
       "%s = \"memref.alloca\"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>\n"
       "%i = \"arith.constant\"() <{value = 1 : i32}> : () -> i32\n"
       "\"tpu.sem_signal\"(%s, %i, %i, %i) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>}> : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32, i32, i32) -> ()\n"
       "\"tpu.sem_wait\"(%s, %i) : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> ()\n"
       "%v = \"tpu.sem_read\"(%s) : (memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> i32\n"},
      {"%m = memref.alloca() : memref<4x8xf32, #tpu.memory_space<smem>>\n"
       "%s = memref.alloca() : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>\n"
       "%c = arith.constant 0 : index\n%k = arith.constant 2 : i32\n"
       "%x = memref.load %m[%c, %c] : memref<4x8xf32, #tpu.memory_space<smem>>\n"
       "%y = math.sqrt %x fastmath<fast> : f32\n"
       "memref.store %y, %m[%c, %c] {nontemporal = false} : memref<4x8xf32, #tpu.memory_space<smem>>\n"
       "%w = tpu.memref_slice %m[%k, %k] <%k> : memref<4x8xf32, #tpu.memory_space<smem>> -> memref<2x2xf32, #tpu.memory_space<smem>>\n"
       "tpu.wait_dma source(%m : memref<4x8xf32, #tpu.memory_space<smem>>) target(%m : memref<4x8xf32, #tpu.memory_space<smem>>)"
       " target_semaphore(%s : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) {wait_target = true}\n"
       "%d = tpu.device_id : i32\n"
       "scf.for %j = %c to %c step %c {\n}\n",
       "%m = \"memref.alloca\"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4x8xf32, #tpu.memory_space<smem>>\n"
       "%s = \"memref.alloca\"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>\n"
       "%c = \"arith.constant\"() <{value = 0 : index}> : () -> index\n%k = \"arith.constant\"() <{value = 2 : i32}> : () -> i32\n"
       "%x = \"memref.load\"(%m, %c, %c) : (memref<4x8xf32, #tpu.memory_space<smem>>, index, index) -> f32\n"
       "%y = \"math.sqrt\"(%x) <{fastmath = #arith.fastmath<fast>}> : (f32) -> f32\n"
       "\"memref.store\"(%y, %m, %c, %c) <{nontemporal = false}> : (f32, memref<4x8xf32, #tpu.memory_space<smem>>, index, index) -> ()\n"
       "%w = \"tpu.memref_slice\"(%m, %k, %k, %k) <{operandSegmentSizes = array<i32: 1, 2, 1>}> : (memref<4x8xf32, #tpu.memory_space<smem>>, i32, i32, i32) -> memref<2x2xf32, #tpu.memory_space<smem>>\n"
       "\"tpu.wait_dma\"(%m, %m, %s) <{operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32, strict_ordering = false, wait_target = true}>"
       " : (memref<4x8xf32, #tpu.memory_space<smem>>, memref<4x8xf32, #tpu.memory_space<smem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()\n"
       "%d = \"tpu.device_id\"() : () -> i32\n"
       "\"scf.for\"(%c, %c, %c) ({\n^bb0(%j: index):\n  \"scf.yield\"() : () -> ()\n}) : (index, index, index) -> ()\n"},
      {"%m = memref.alloca() : memref<16x128xf32, #tpu.memory_space<vmem>>\n"
       "%c = arith.constant 0 : index\n%t = arith.constant true\n"
       "%v = tpu.strided_load %m[%c, %c] {strides = array<i32: 2, 1>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>\n"
       "tpu.strided_store %m[%c, %c], %v {strides = array<i32: 2, 1>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>\n"
       "%r = tpu.repeat %v, 1 x 2 : vector<8x128xf32> -> vector<8x256xf32>\n"
       "%i = tpu.iota {dimensions = array<i32: 1>} : vector<8x128xi32>\n"
       "%g = tpu.dynamic_gather %v[%i] in [1] : vector<8x128xf32>, vector<8x128xi32> -> vector<8x128xf32>\n"
       "%k = tpu.create_mask [%c, %c][%c, %c] : vector<8x128xi1>\n"
       "%b = tpu.memref_bitcast %m : memref<16x128xf32, #tpu.memory_space<vmem>> -> memref<16x128xi32, #tpu.memory_space<vmem>>\n"
       "%n = tpu.iteration_bound 0 : i32\n"
       "tpu.log_buffer \"buf\" {shape = array<i64: 16, 128>} : %m : memref<16x128xf32, #tpu.memory_space<vmem>>\n"
       "%tr = vector.transpose %v, [1, 0] : vector<8x128xf32> to vector<128x8xf32>\n"
       "%sl = vector.extract_strided_slice %v {offsets = [0, 0], sizes = [4, 128], strides = [1, 1]} : vector<8x128xf32> to vector<4x128xf32>\n"
       "%e = vector.extract %v[2, %c] : f32 from vector<8x128xf32>\n"
       "%s = vector.splat %e : vector<8x128xf32>\n"
       "%cm = vector.create_mask %c, %c : vector<8x128xi1>\n"
       "%km = vector.constant_mask [4, 128] : vector<8x128xi1>\n"
       "cf.assert %t, \"never\"\n",
       "%m = \"memref.alloca\"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<16x128xf32, #tpu.memory_space<vmem>>\n"
       "%c = \"arith.constant\"() <{value = 0 : index}> : () -> index\n%t = \"arith.constant\"() <{value = true}> : () -> i1\n"
       "%v = \"tpu.strided_load\"(%m, %c, %c) <{strides = array<i32: 2, 1>}> : (memref<16x128xf32, #tpu.memory_space<vmem>>, index, index) -> vector<8x128xf32>\n"
       "\"tpu.strided_store\"(%v, %m, %c, %c) <{strides = array<i32: 2, 1>}> : (vector<8x128xf32>, memref<16x128xf32, #tpu.memory_space<vmem>>, index, index) -> ()\n"
       "%r = \"tpu.repeat\"(%v) <{dimension = 1 : i32, times = 2 : i32}> : (vector<8x128xf32>) -> vector<8x256xf32>\n"
       "%i = \"tpu.iota\"() <{dimensions = array<i32: 1>}> : () -> vector<8x128xi32>\n"
       "%g = \"tpu.dynamic_gather\"(%v, %i) <{dimensions = array<i32: 1>}> : (vector<8x128xf32>, vector<8x128xi32>) -> vector<8x128xf32>\n"
       "%k = \"tpu.create_mask\"(%c, %c, %c, %c) : (index, index, index, index) -> vector<8x128xi1>\n"
       "%b = \"tpu.memref_bitcast\"(%m) : (memref<16x128xf32, #tpu.memory_space<vmem>>) -> memref<16x128xi32, #tpu.memory_space<vmem>>\n"
       "%n = \"tpu.iteration_bound\"() <{dim = 0 : i32}> : () -> i32\n"
       "\"tpu.log_buffer\"(%m) <{shape = array<i64: 16, 128>, tag = \"buf\"}> : (memref<16x128xf32, #tpu.memory_space<vmem>>) -> ()\n"
       "%tr = \"vector.transpose\"(%v) <{permutation = array<i64: 1, 0>}> : (vector<8x128xf32>) -> vector<128x8xf32>\n"
       "%sl = \"vector.extract_strided_slice\"(%v) <{offsets = [0, 0], sizes = [4, 128], strides = [1, 1]}> : (vector<8x128xf32>) -> vector<4x128xf32>\n"
       "%e = \"vector.extract\"(%v, %c) <{static_position = array<i64: 2, -9223372036854775808>}> : (vector<8x128xf32>, index) -> f32\n"
       "%s = \"vector.splat\"(%e) : (f32) -> vector<8x128xf32>\n"
       "%cm = \"vector.create_mask\"(%c, %c) : (index, index) -> vector<8x128xi1>\n"
       "%km = \"vector.constant_mask\"() <{mask_dim_sizes = array<i64: 4, 128>}> : () -> vector<8x128xi1>\n"
       "\"cf.assert\"(%t) <{msg = \"never\"}> : (i1) -> ()\n"},
  };
  for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
    tsr_mlir_module *m[2] = {NULL, NULL};
    for (int k = 0; k < 2; k++) {
      char text[8192];
      snprintf(text, sizeof text, "func.func @f() {\n%s  return\n}\n", pairs[i][k]);
      if (tsr_mlir_parse_text(text, strlen(text), k ? "generic.mlir" : "pretty.mlir", &m[k]) != TSR_OK)
        fprintf(stderr, "pair %zu: %s\n", i, tsr_last_error());
    }
    char why[256] = "";
    bool eq = m[0] && m[1] && mlir_ir_op_equal(m[0]->top, m[1]->top, MLIR_IR_EQ_IGNORE_LOCS | MLIR_IR_EQ_MERGE_PROPS, why, sizeof why);
    if (!eq) fprintf(stderr, "pair %zu: pretty and generic differ: %s\n", i, why);
    CHECK(eq);
    tsr_mlir_module_destroy(m[0]);
    tsr_mlir_module_destroy(m[1]);
  }
  /* malformed custom syntax: the message names the place and what was expected */
  tsr_mlir_module *m;
  const char *no_to = "func.func @f(%a: index) {\n  scf.for %i = %a till %a step %a {\n  }\n  return\n}\n";
  CHECK_FAILS(tsr_mlir_parse_text(no_to, strlen(no_to), "f.mlir", &m), TSR_ERR_PARSE, "f.mlir:2:19: expected 'to'");
  const char *no_src = "func.func @f() {\n  tpu.enqueue_dma target(%a : i32)\n  return\n}\n";
  CHECK_FAILS(tsr_mlir_parse_text(no_src, strlen(no_src), "d.mlir", &m), TSR_ERR_PARSE, "d.mlir:2:19: expected 'source('");
  const char *kind = "func.func @f(%a: vector<8x128xf32>, %b: vector<8xf32>) {\n"
                     "  %r = vector.multi_reduction <sideways>, %a, %b [1] : vector<8x128xf32> to vector<8xf32>\n  return\n}\n";
  CHECK_FAILS(tsr_mlir_parse_text(kind, strlen(kind), "k.mlir", &m), TSR_ERR_PARSE, "k.mlir:2:32: unknown combining kind 'sideways'");
  const char *types = "func.func @f(%a: i32) {\n  %r:2 = scf.while (%x = %a) : (i32, i32) -> (i32, i32) {\n"
                      "    scf.condition(%a) %x : i32\n  } do {\n  ^bb0(%y: i32):\n    scf.yield %y : i32\n  }\n  return\n}\n";
  CHECK_FAILS(tsr_mlir_parse_text(types, strlen(types), "w.mlir", &m), TSR_ERR_PARSE, "function type with 1 inputs");
}

/* Location aliases used before their definition may form a cycle; the reader must reject
 * it (every walker of locations would recurse forever), and a DAG of shared aliases is fine. */
static void test_location_cycles(void) {
  const char *cyclic =
      "module {\n  func.func @f() {\n    return loc(#a)\n  }\n}\n"
      "#a = loc(callsite(#b at \"x.py\":1:2))\n#b = loc(callsite(#a at \"y.py\":3:4))\n";
  tsr_mlir_module *m = NULL;
  CHECK_FAILS(tsr_mlir_parse_text(cyclic, strlen(cyclic), "cyc.mlir", &m), TSR_ERR_PARSE,
              "location aliases refer to each other in a cycle");
  const char *shared =
      "module {\n  func.func @f() {\n    return loc(#c)\n  }\n}\n"
      "#c = loc(callsite(#d at #d))\n#d = loc(callsite(#e at #e))\n#e = loc(\"z.py\":5:6)\n";
  CHECK_OK(tsr_mlir_parse_text(shared, strlen(shared), "dag.mlir", &m));
  tsr_mlir_module_destroy(m);
  /* found by fuzzing: `-1` in an affine map must read back as the constant the printer wrote */
  const char *neg = "func.func @g(%a: memref<8x128xf32, affine_map<(d0, d1) -> (d0 - d1 * 2 + -3)>>) {\n  return\n}\n";
  tsr_mlir_module *m2 = NULL;
  CHECK_OK(tsr_mlir_parse_text(neg, strlen(neg), "neg.mlir", &m));
  char *printed = NULL;
  size_t plen = 0;
  FILE *pf = open_memstream(&printed, &plen);
  tsr_mlir_print(m, pf, 0);
  fclose(pf);
  CHECK_OK(tsr_mlir_parse_text(printed, plen, "printed.mlir", &m2));
  CHECK(m && m2 && tsr_mlir_equal(m, m2, true, NULL, 0));
  free(printed);
  tsr_mlir_module_destroy(m);
  tsr_mlir_module_destroy(m2);
  /* found by fuzzing: a body opened by a signature without names leaked its name table */
  const char *unnamed = "func.func @f(i32, %b: i32) {\n  return\n}\n";
  CHECK_FAILS(tsr_mlir_parse_text(unnamed, strlen(unnamed), "u.mlir", &m), TSR_ERR_PARSE,
              "argument 0 of a region has no name");
}

/* Locations as users read them (mlir_ir_loc_text): one frame as file:line:col; a call-site
 * chain innermost first, each frame with its function (JAX writes a frame as a NameLoc of
 * the function around its file location, and the inliner nests callsites in the callee);
 * primitive names around a chain add nothing; a frame repeated at once shows once, and so
 * does callsite(x at x) (Pallas's inlined lowerings). */
static void test_location_text(void) {
  const char *text =
      "module {\n  func.func @f() {\n"
      "    %0 = \"arith.constant\"() {value = 0 : i32} : () -> i32 loc(#store)\n"
      "    %1 = \"arith.constant\"() {value = 1 : i32} : () -> i32 loc(\"k.py\":3:4)\n"
      "    %2 = \"arith.constant\"() {value = 2 : i32} : () -> i32 loc(\"swap:\"(\"swap/swap\"(callsite(#zero at #zero))))\n"
      "    %3 = \"arith.constant\"() {value = 3 : i32} : () -> i32 loc(fused[unknown, \"f.py\":9:1, \"g.py\":1:1])\n"
      "    %4 = \"arith.constant\"() {value = 4 : i32} : () -> i32 loc(\"only_name\")\n"
      "    %5 = \"arith.constant\"() {value = 5 : i32} : () -> i32 loc(unknown)\n"
      "    %6 = \"arith.constant\"() {value = 6 : i32} : () -> i32 loc(callsite(callsite(#zero at #inner) at #outer))\n"
      "    %7 = \"arith.constant\"() {value = 7 : i32} : () -> i32 loc(callsite(#chain at #chain))\n"
      "    return\n  }\n}\n"
      "#f317 = loc(\"f.py\":317:5)\n#f398 = loc(\"f.py\":398:3)\n#f12 = loc(\"g.py\":12:1 to :9)\n"
      "#zero = loc(\"_zero_h0\"(#f317))\n#inner = loc(\"_inner_kernel_body\"(#f398))\n"
      "#outer = loc(\"kernel\"(#f12))\n"
      "#store = loc(\"swap:\"(\"swap/swap\"(callsite(#zero at #inner))))\n"
      "#chain = loc(callsite(#zero at #inner))\n";
  const char *want[] = {"f.py:317:5 (_zero_h0) called from f.py:398:3 (_inner_kernel_body)",
                        "k.py:3:4",
                        "f.py:317:5",
                        "f.py:9:1",
                        "only_name",
                        "unknown location",
                        "f.py:317:5 (_zero_h0) called from f.py:398:3 (_inner_kernel_body) called from g.py:12:1 (kernel)",
                        "f.py:317:5 (_zero_h0) called from f.py:398:3 (_inner_kernel_body)"};
  tsr_mlir_module *m = NULL;
  CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "locs.mlir", &m));
  if (!m) return;
  const mlir_ir_op *op = mlir_ir_op_entry_block(mlir_ir_op_entry_block(m->top, 0)->first, 0)->first;
  for (int i = 0; i < 8 && op; i++, op = op->next) {
    char buf[256];
    mlir_ir_loc_text(op->loc, buf, sizeof buf);
    CHECK(!strcmp(buf, want[i]));
    if (strcmp(buf, want[i])) fprintf(stderr, "op %d: got '%s', want '%s'\n", i, buf, want[i]);
  }
  /* too long for the buffer: cut short, and it says so */
  char small[24];
  op = mlir_ir_op_entry_block(mlir_ir_op_entry_block(m->top, 0)->first, 0)->first;
  mlir_ir_loc_text(op->loc, small, sizeof small);
  CHECK(!strcmp(small, "f.py:317:5 (_zero_h0..."));
  tsr_mlir_module_destroy(m);
}

static tsr_mlir_module *read_text_file(const char *path) {
  size_t n = 0;
  char *text = tsr_test_slurp(path, &n);
  tsr_mlir_module *m = NULL;
  if (text && tsr_mlir_parse_text(text, n, path, &m) != TSR_OK) {
    fprintf(stderr, "%s: %s\n", path, tsr_last_error());
    m = NULL;
  }
  free(text);
  return m;
}

/* Every Mosaic body of the JAX suite as jaxlib prints it (custom op syntax, defaults elided)
 * reads to the same IR as jaxlib's generic print of the same module: scf loops, DMAs and
 * semaphores, matmuls, reductions, rotates, logs. */
static void test_jax_suite_pretty_bodies(void) {
  DIR *dir = opendir("tests/jax_suite");
  CHECK(dir != NULL);
  if (!dir) return;
  int compared = 0;
  for (struct dirent *e; (e = readdir(dir));) {
    if (e->d_name[0] == '.') continue;
    for (int v = 0; v < 2; v++) {
      char pretty[512], generic[512];
      snprintf(pretty, sizeof pretty, "tests/jax_suite/%s/%s/body.mosaic.mlir", e->d_name, v ? "v_new" : "v_fwd");
      snprintf(generic, sizeof generic, "tests/jax_suite/%s/%s/body.mosaic.generic.mlir", e->d_name, v ? "v_new" : "v_fwd");
      FILE *f = fopen(generic, "rb");
      if (!f) continue; /* not a kernel folder */
      fclose(f);
      tsr_mlir_module *a = read_text_file(pretty), *b = read_text_file(generic);
      char why[256] = "";
      bool eq = a && b && mlir_ir_op_equal(a->top, b->top, MLIR_IR_EQ_IGNORE_LOCS | MLIR_IR_EQ_MERGE_PROPS, why, sizeof why);
      if (!eq) fprintf(stderr, "%s: differs from its generic form: %s\n", pretty, why);
      CHECK(eq);
      compared++;
      tsr_mlir_module_destroy(a);
      tsr_mlir_module_destroy(b);
    }
  }
  closedir(dir);
  CHECK(compared >= 40); /* tests/jax_suite holds 21 kernels at two versions */
}

/* The backend_config decoder (mlir/backend_config.c), which dis and the interpreter share. */
static void test_backend_config(void) {
  const char *ok = "{\"custom_call_config\": {\"body\": \"bW9kdWxlIHt9\", \"serialization_format\": 1}, "
                   "\"scoped_memory_configs\": [{\"memory_space\": 0, \"size\": 5}, {\"memory_space\": 1, \"size\": 65536}]}";
  mlir_tpu_backend_config c;
  CHECK_OK(mlir_tpu_backend_config_decode(ok, strlen(ok), &c));
  CHECK_EQ_INT(c.serialization_format, 1);
  CHECK_EQ_INT(c.vmem_limit, 65536);
  CHECK(c.body && c.body->top && mlir_ir_op_is(c.body->top, "builtin.module"));
  tsr_mlir_module_destroy(c.body);
  const char *legacy = "{\"custom_call_config\": {\"body\": \"bW9kdWxlIHt9\"}}";
  CHECK_OK(mlir_tpu_backend_config_decode(legacy, strlen(legacy), &c));
  CHECK(c.serialization_format == -1 && c.vmem_limit == 0 && !c.skip_device_barrier);
  tsr_mlir_module_destroy(c.body);
  const char *skip = "{\"custom_call_config\": {\"body\": \"bW9kdWxlIHt9\", \"skip_device_barrier\": true}}";
  CHECK_OK(mlir_tpu_backend_config_decode(skip, strlen(skip), &c));
  CHECK(c.skip_device_barrier);
  tsr_mlir_module_destroy(c.body);
  static const struct { const char *json; tsr_status s; const char *msg; } bad[] = {
      {"{\"custom_call_config\": {\"body\": 1}}", TSR_ERR_PARSE, "no custom_call_config.body string"},
      {"{\"custom_call_config\": {\"body\": \"bW9k\", \"serialization_format\": 2}}", TSR_ERR_UNSUPPORTED, "other than 1"},
      {"{\"custom_call_config\": {\"body\": \"bW9k\"}, \"scoped_memory_configs\": {}}", TSR_ERR_PARSE, "not an array"},
      {"{\"custom_call_config\": {\"body\": \"bW9k\"}, \"scoped_memory_configs\": [{\"size\": 1}]}", TSR_ERR_PARSE, "without memory_space"},
      {"{\"custom_call_config\": {\"body\": \"bW9k!ZHVsZSB7fQ==\"}}", TSR_ERR_PARSE, "tpu_custom_call body: base64"},
      {"{\"custom_call_config\": {\"body\": \"bW9kdWxl\"}}", TSR_ERR_PARSE, "tpu_custom_call body: "},
      {"{\"custom_call_config\": {\"body\": \"bW9k\", \"skip_device_barrier\": 1}}", TSR_ERR_PARSE,
       "custom_call_config.skip_device_barrier is not a boolean"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    CHECK_FAILS(mlir_tpu_backend_config_decode(bad[i].json, strlen(bad[i].json), &c), bad[i].s, bad[i].msg);
  CHECK_FAILS(mlir_tpu_backend_config_decode("{\"a\": [1,", 9, &c), TSR_ERR_PARSE, "not valid JSON (near byte ");
}

int main(void) {
  test_location_cycles();
  test_location_text();
  test_bodies();
  test_seed_details();
  test_text_roundtrips();
  test_corruption_sweep();
  test_errors();
  test_jax_suite_pretty_bodies();
  test_pretty_forms();
  test_segments();
  test_backend_config();
  return tsr_test_finish("test_mlir_read");
}
