/* placeholder until the Mosaic view lands */
#include "mlir/ir.h"
tsr_status tsr_mlir_mosaic_view(tsr_mlir_module *m) { (void)m; return TSR_OK; }
tsr_status tsr_mlir_for_each_tpu_body(const tsr_mlir_module *m,
                                      tsr_status (*fn)(tsr_mlir_module *, const char *, int, void *),
                                      void *user) { (void)m; (void)fn; (void)user; return TSR_OK; }
