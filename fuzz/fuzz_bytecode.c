/* libFuzzer target: the MLIR bytecode reader plus the Mosaic view and printer. */
#include <stdint.h>
#include <stdio.h>

#include "tessera/mlir.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  tsr_mlir_module *m;
  if (tsr_mlir_read_bytecode(data, size, &m) == TSR_OK) {
    FILE *devnull = fopen("/dev/null", "w");
    if (devnull) {
      tsr_mlir_print(m, devnull, TSR_MLIR_PRINT_LOCS);
      fclose(devnull);
    }
    tsr_mlir_mosaic_view(m);
    tsr_mlir_module_destroy(m);
  }
  return 0;
}
