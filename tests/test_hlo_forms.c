/* StableHLO's pretty forms against jaxlib: tests/hlo/forms/ holds the StableHLO graphs of
 * tests/ops/ as the pinned jaxlib prints them, pretty (<name>.mlir) and generic
 * (<name>.generic.mlir) (tools/jax/hlo_forms.py writes them). tessera must read each pair to
 * equal IR: its parsers of the pretty forms then give what the generic form says, for the
 * exact text jaxlib prints (default attributes, enums, dimension lists, regions). Every op of
 * the StableHLO registry that has a pretty form appears in one of the pretty files. */
#define _POSIX_C_SOURCE 200809L /* opendir */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "mlir/ir.h"
#include "tessera/mlir.h"

static const struct {
  const char *name, *syntax;
} hlo_rows[] = {
#define HLO_OP(e, name, syntax, run, prep, traits) {name, #syntax},
#include "ops/stablehlo.def"
#undef HLO_OP
};
enum { NHLO = sizeof hlo_rows / sizeof hlo_rows[0] };
static bool seen[NHLO];

static bool mark(mlir_ir_op *op, void *user) {
  (void)user;
  for (int i = 0; i < NHLO; i++)
    if (!strcmp(op->name, hlo_rows[i].name)) seen[i] = true;
  return true;
}

int main(void) {
  const char *dir = "tests/hlo/forms";
  DIR *d = opendir(dir);
  CHECK(d != NULL);
  int pairs = 0;
  for (struct dirent *e; d && (e = readdir(d));) {
    size_t n = strlen(e->d_name);
    const char *suffix = ".generic.mlir";
    if (n <= strlen(suffix) || strcmp(e->d_name + n - strlen(suffix), suffix)) continue;
    char generic[512], pretty[512];
    snprintf(generic, sizeof generic, "%s/%s", dir, e->d_name);
    snprintf(pretty, sizeof pretty, "%s/%.*s.mlir", dir, (int)(n - strlen(suffix)), e->d_name);
    tsr_mlir_module *a = NULL, *b = NULL;
    tsr_status sa = tsr_mlir_read_file(pretty, &a), sb = tsr_mlir_read_file(generic, &b);
    if (sa != TSR_OK || sb != TSR_OK) fprintf(stderr, "  %s\n", tsr_last_error());
    CHECK(sa == TSR_OK && sb == TSR_OK);
    char why[512] = "";
    bool eq = a && b && mlir_ir_op_equal(a->top, b->top, MLIR_IR_EQ_IGNORE_LOCS | MLIR_IR_EQ_MERGE_PROPS, why, sizeof why);
    if (!eq) fprintf(stderr, "  %s and its generic print differ: %s\n", pretty, why);
    CHECK(eq);
    if (a) mlir_ir_walk(a->top, mark, NULL);
    tsr_mlir_module_destroy(a);
    tsr_mlir_module_destroy(b);
    pairs++;
  }
  if (d) closedir(d);
  CHECK(pairs >= 9);
  for (int i = 0; i < NHLO; i++) {
    bool pretty = strcmp(hlo_rows[i].syntax, "GENERIC") != 0 && strcmp(hlo_rows[i].syntax, "RETURN_LIKE") != 0;
    if (!pretty || seen[i]) continue;
    fprintf(stderr, "  %s (%s) is in no file of %s\n", hlo_rows[i].name, hlo_rows[i].syntax, dir);
    CHECK(seen[i]);
  }
  return tsr_test_finish("hlo_forms");
}
