/* StableHLO portable artifacts (VHLO in MLIR bytecode) against jaxlib: tests/hlo/vhlo/ holds
 * the StableHLO graphs of tests/ops/ as the pinned jaxlib serializes them for a PJRT plugin
 * (<name>.mlirbc, at the StableHLO version tessera's plugin asks for) and jaxlib's generic print
 * of the module it reads back from each (<name>.mlir); tools/jax/hlo_forms.py writes them.
 * tessera must read each pair to equal IR: its VHLO reader then gives what StableHLO's own
 * deserializer gives. Shardy's attributes in an artifact jaxlib sent tessera's PJRT plugin. Then
 * what it must refuse: an op past the version it reads, and every truncation and single-byte
 * change of an artifact, cleanly. */
#define _POSIX_C_SOURCE 200809L /* opendir */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "mlir/ir.h"
#include "tessera/mlir.h"

static bool has_op(mlir_ir_op *op, void *user) { return strcmp(op->name, (const char *)user) != 0; }

/* Every prefix and every one-byte change of `data` is read or refused without a crash. */
static void mangle(const unsigned char *data, size_t size) {
  unsigned char *copy = malloc(size);
  CHECK(copy != NULL);
  if (!copy) return;
  for (size_t n = 0; n < size; n += 1 + size / 300) {
    tsr_mlir_module *m = NULL;
    if (tsr_mlir_read_bytecode(data, n, &m) == TSR_OK) tsr_mlir_module_destroy(m);
  }
  for (size_t i = 0; i < size; i += 1 + size / 200) {
    memcpy(copy, data, size);
    copy[i] ^= 0x5A;
    tsr_mlir_module *m = NULL;
    if (tsr_mlir_read_bytecode(copy, size, &m) == TSR_OK) tsr_mlir_module_destroy(m);
  }
  free(copy);
}

/* The text of attribute `name` of the first op called `op`. */
typedef struct find { const char *op, *name; const char *text; bool cast; } find;
static bool find_attr(mlir_ir_op *op, void *user) {
  find *f = user;
  if (!strcmp(op->name, "builtin.unrealized_conversion_cast")) f->cast = true;
  if (f->text || strcmp(op->name, f->op)) return true;
  const mlir_ir_attr *a = mlir_ir_op_attr(op, f->name);
  f->text = a && a->kind == MLIR_IR_ATTR_OPAQUE ? a->u.opaque_text : "(not text)";
  return true;
}

/* Shardy inside an artifact (tests/pjrt/programs: what jaxlib sent tessera's plugin for a
 * shard_map over a mesh of 4 devices, x split by rows, psum'd): its attributes read as the text
 * Shardy prints, and no cast of a value to its own type is left. */
static void test_shardy(void) {
  size_t size = 0;
  unsigned char *data = (unsigned char *)tsr_test_slurp("tests/pjrt/programs/shard_map_psum.mlirbc", &size);
  CHECK(data != NULL);
  tsr_mlir_module *m = NULL;
  if (data) CHECK_OK(tsr_mlir_read_bytecode(data, size, &m));
  static const struct { const char *op, *name, *want; } want[] = {
      {"sdy.mesh", "mesh", "#sdy.mesh<[\"x\"=4]>"},
      {"sdy.manual_computation", "in_shardings", "#sdy.sharding_per_value<[<@mesh, [{\"x\"}, {}]>]>"},
      {"sdy.manual_computation", "out_shardings", "#sdy.sharding_per_value<[<@mesh, [{}, {}]>]>"},
      {"sdy.manual_computation", "manual_axes", "#sdy<manual_axes{\"x\"}>"},
  };
  for (size_t i = 0; m && i < sizeof want / sizeof want[0]; i++) {
    find f = {want[i].op, want[i].name, NULL, false};
    mlir_ir_walk(m->top, find_attr, &f);
    if (!f.text || strcmp(f.text, want[i].want)) fprintf(stderr, "  %s %s: %s\n", want[i].op, want[i].name, f.text ? f.text : "(none)");
    CHECK(f.text && !strcmp(f.text, want[i].want));
    CHECK(!f.cast);
  }
  tsr_mlir_module_destroy(m);
  free(data);
}

int main(void) {
  test_shardy();
  const char *dir = "tests/hlo/vhlo";
  DIR *d = opendir(dir);
  CHECK(d != NULL);
  int pairs = 0;
  unsigned char *first = NULL;
  size_t first_size = 0;
  for (struct dirent *e; d && (e = readdir(d));) {
    size_t n = strlen(e->d_name);
    if (n <= 7 || strcmp(e->d_name + n - 7, ".mlirbc")) continue;
    char bc[512], text[512];
    snprintf(bc, sizeof bc, "%s/%s", dir, e->d_name);
    snprintf(text, sizeof text, "%s/%.*s.mlir", dir, (int)(n - 7), e->d_name);
    size_t size = 0;
    unsigned char *data = (unsigned char *)tsr_test_slurp(bc, &size);
    CHECK(data != NULL);
    tsr_mlir_module *a = NULL, *b = NULL;
    tsr_status sa = data ? tsr_mlir_read_bytecode(data, size, &a) : TSR_ERR_IO;
    tsr_status sb = tsr_mlir_read_file(text, &b);
    if (sa != TSR_OK || sb != TSR_OK) fprintf(stderr, "  %s: %s\n", bc, tsr_last_error());
    CHECK(sa == TSR_OK && sb == TSR_OK);
    char why[512] = "";
    bool eq = a && b && mlir_ir_op_equal(a->top, b->top, MLIR_IR_EQ_IGNORE_LOCS | MLIR_IR_EQ_MERGE_PROPS, why, sizeof why);
    if (!eq) fprintf(stderr, "  %s and jaxlib's print of it differ: %s\n", bc, why);
    CHECK(eq);
    /* nothing of VHLO is left */
    CHECK(a && mlir_ir_walk(a->top, has_op, "vhlo.func_v1"));
    tsr_mlir_module_destroy(a);
    tsr_mlir_module_destroy(b);
    if (!first) {
      first = data;
      first_size = size;
    } else {
      free(data);
    }
    pairs++;
  }
  if (d) closedir(d);
  CHECK(pairs >= 6);

  /* an op at a version tessera does not read: named, with its location */
  if (first) {
    unsigned char *copy = malloc(first_size);
    memcpy(copy, first, first_size);
    /* "func_v1" is an op name in the string section: make it "func_v9" */
    bool renamed = false;
    for (size_t i = 0; i + 8 <= first_size && !renamed; i++)
      if (!memcmp(copy + i, "func_v1\0", 8)) {
        copy[i + 6] = '9';
        renamed = true;
      }
    CHECK(renamed);
    tsr_mlir_module *m = NULL;
    tsr_status s = tsr_mlir_read_bytecode(copy, first_size, &m);
    CHECK(s == TSR_ERR_UNSUPPORTED);
    CHECK(strstr(tsr_last_error(), "vhlo.func_v9") != NULL);
    CHECK(strstr(tsr_last_error(), "1.15.0") != NULL);
    tsr_mlir_module_destroy(m);
    free(copy);
    mangle(first, first_size);
  }
  free(first);
  return tsr_test_finish("mlir_vhlo");
}
