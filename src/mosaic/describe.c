/* What `tessera inspect` shows of a kernel (the plan and the DMAs of the first steps, worked
 * out from the index maps without running the body), and the output shapes of a bare module. */
#include <stdlib.h>
#include <string.h>

#include "mosaic/kernel_internal.h"

tsr_status tsr_mosaic_kernel_describe(tsr_machine *m, tsr_mosaic_kernel *k, const tsr_ref *operands, int num_operands,
                                      const tsr_ref *outputs, int num_outputs, const tsr_mosaic_call_opts *opts,
                                      int plan_steps, FILE *out) {
  (void)m; (void)k; (void)operands; (void)num_operands; (void)outputs; (void)num_outputs; (void)opts; (void)plan_steps; (void)out;
  return tsr_fail(TSR_ERR_UNSUPPORTED, "not yet");
}

tsr_status tsr_mosaic_kernel_output_shapes(tsr_mosaic_kernel *k, const tsr_ref *operands, int num_operands,
                                           const tsr_mosaic_call_opts *opts, tsr_ref *outputs_without_data,
                                           int num_outputs) {
  (void)k; (void)operands; (void)num_operands; (void)opts; (void)outputs_without_data; (void)num_outputs;
  return tsr_fail(TSR_ERR_UNSUPPORTED, "not yet");
}
