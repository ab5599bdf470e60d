/* Finds the Mosaic kernel bodies of a StableHLO module: stablehlo.custom_call
 * @tpu_custom_call ops, each body read from its backend_config (backend_config.c). */
#include <string.h>

#include "core/status.h"
#include "mlir/backend_config.h"
#include "mlir/ir.h"

typedef struct body_walk {
  tsr_status (*fn)(tsr_mlir_module *, const char *, int, void *);
  void *user;
  int index;
  tsr_status status;
} body_walk;

static bool visit(mlir_ir_op *op, void *user) {
  body_walk *w = user;
  if (!mlir_ir_op_is(op, "stablehlo.custom_call")) return true;
  const mlir_ir_attr *target = mlir_ir_op_attr(op, "call_target_name");
  if (!target || target->kind != MLIR_IR_ATTR_STRING || strcmp(target->u.string.data, "tpu_custom_call")) return true;
  const mlir_ir_attr *config = mlir_ir_op_attr(op, "backend_config");
  const mlir_ir_attr *kernel = mlir_ir_op_attr(op, "kernel_name");
  const char *kname = kernel && kernel->kind == MLIR_IR_ATTR_STRING ? kernel->u.string.data : "";
  int index = w->index++;
  if (!config || config->kind != MLIR_IR_ATTR_STRING) {
    w->status = tsr_fail(TSR_ERR_PARSE, "tpu_custom_call #%d has no backend_config string", index);
    return false;
  }
  mlir_tpu_backend_config cfg;
  w->status = mlir_tpu_backend_config_decode(config->u.string.data, config->u.string.len, &cfg);
  if (w->status != TSR_OK) {
    tsr_fail_context(w->status, "tpu_custom_call #%d (%s)", index, kname);
    return false;
  }
  w->status = w->fn(cfg.body, kname, index, w->user);
  return w->status == TSR_OK;
}

tsr_status tsr_mlir_for_each_tpu_body(const tsr_mlir_module *m,
                                      tsr_status (*fn)(tsr_mlir_module *, const char *, int, void *),
                                      void *user) {
  body_walk w = {fn, user, 0, TSR_OK};
  if (m->top) mlir_ir_walk(m->top, visit, &w);
  return w.status;
}
