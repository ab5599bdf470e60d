/* libFuzzer target: the MLIR text parser, then print and re-parse (the round trip must hold). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tessera/mlir.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  tsr_mlir_module *m;
  if (tsr_mlir_parse_text((const char *)data, size, "fuzz.mlir", &m) != TSR_OK) return 0;
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (f) {
    tsr_mlir_print(m, f, TSR_MLIR_PRINT_LOCS);
    fclose(f);
    tsr_mlir_module *again;
    if (tsr_mlir_parse_text(buf, len, "printed.mlir", &again) != TSR_OK) abort();
    if (!tsr_mlir_equal(m, again, false, NULL, 0)) abort();
    tsr_mlir_module_destroy(again);
    free(buf);
  }
  tsr_mlir_module_destroy(m);
  return 0;
}
