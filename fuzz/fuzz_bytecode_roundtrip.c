/* libFuzzer target: the first byte picks a bytecode version (mod 7), the rest is bytecode.
 * What reads is written back at that version and must read back structurally equal. Below
 * version 5 properties become attributes, so a module with properties must instead re-encode
 * to itself. Modules the writer refuses (undecoded native properties, a property/attribute
 * name clash below v5) are skipped. */
#include <stdint.h>
#include <stdlib.h>

#include "mlir/ir.h"
#include "tessera/mlir.h"

static bool has_props(mlir_ir_op *op, void *user) {
  (void)user;
  return op->props == NULL;
}

/* Writes m at `version` and reads it back; NULL when the writer refuses m. */
static tsr_mlir_module *rewrite(const tsr_mlir_module *m, int version) {
  unsigned char *out = NULL;
  size_t size = 0;
  if (tsr_mlir_write_bytecode(m, version, &out, &size) != TSR_OK) return NULL;
  tsr_mlir_module *back = NULL;
  if (tsr_mlir_read_bytecode(out, size, &back) != TSR_OK) abort();
  free(out);
  return back;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  int version = data[0] % 7;
  tsr_mlir_module *m;
  if (tsr_mlir_read_bytecode(data + 1, size - 1, &m) != TSR_OK) return 0;
  tsr_mlir_module *back = rewrite(m, version);
  if (back) {
    const tsr_mlir_module *expect = m;
    tsr_mlir_module *again = NULL;
    if (version < 5 && !mlir_ir_walk(m->top, has_props, NULL)) {
      if (!(again = rewrite(back, version))) abort();
      expect = again;
    }
    if (!tsr_mlir_equal(expect, back, false, NULL, 0)) abort();
    tsr_mlir_module_destroy(again);
    tsr_mlir_module_destroy(back);
  }
  tsr_mlir_module_destroy(m);
  return 0;
}
