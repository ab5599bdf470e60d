/* Finds the Mosaic kernel bodies of a StableHLO module: stablehlo.custom_call
 * @tpu_custom_call ops whose backend_config JSON holds custom_call_config.body, the base64 of
 * MLIR bytecode (reference/mosaic_artifact.md 1.3). */
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "core/base64.h"
#include "core/status.h"
#include "mlir/ir.h"

typedef struct body_walk {
  tsr_status (*fn)(tsr_mlir_module *, const char *, int, void *);
  void *user;
  int index;
  tsr_status status;
} body_walk;

static tsr_status decode_body(const tsr_ir_attr *config, tsr_mlir_module **out) {
  cJSON *json = cJSON_ParseWithLength(config->u.string.data, config->u.string.len);
  if (!json) return tsr_fail(TSR_ERR_PARSE, "backend_config is not valid JSON");
  const cJSON *ccc = cJSON_GetObjectItemCaseSensitive(json, "custom_call_config");
  const cJSON *body = ccc ? cJSON_GetObjectItemCaseSensitive(ccc, "body") : NULL;
  tsr_status s;
  if (!cJSON_IsString(body)) {
    s = tsr_fail(TSR_ERR_PARSE, "backend_config has no custom_call_config.body string");
  } else {
    size_t len = strlen(body->valuestring), n = 0;
    uint8_t *bytes = malloc(tsr_base64_decoded_max(len));
    s = bytes ? tsr_base64_decode(body->valuestring, len, bytes, &n) : tsr_fail(TSR_ERR_NOMEM, "out of memory");
    if (s == TSR_OK) s = tsr_mlir_read_bytecode(bytes, n, out);
    free(bytes);
  }
  cJSON_Delete(json);
  return s;
}

static bool visit(tsr_ir_op *op, void *user) {
  body_walk *w = user;
  if (!tsr_ir_op_is(op, "stablehlo.custom_call")) return true;
  const tsr_ir_attr *target = tsr_ir_op_attr(op, "call_target_name");
  if (!target || target->kind != TSR_IR_ATTR_STRING || strcmp(target->u.string.data, "tpu_custom_call")) return true;
  const tsr_ir_attr *config = tsr_ir_op_attr(op, "backend_config");
  const tsr_ir_attr *kernel = tsr_ir_op_attr(op, "kernel_name");
  const char *kname = kernel && kernel->kind == TSR_IR_ATTR_STRING ? kernel->u.string.data : "";
  int index = w->index++;
  if (!config || config->kind != TSR_IR_ATTR_STRING) {
    w->status = tsr_fail(TSR_ERR_PARSE, "tpu_custom_call #%d has no backend_config string", index);
    return false;
  }
  tsr_mlir_module *body;
  w->status = decode_body(config, &body);
  if (w->status != TSR_OK) {
    tsr_fail_context(w->status, "tpu_custom_call #%d (%s)", index, kname);
    return false;
  }
  w->status = w->fn(body, kname, index, w->user);
  return w->status == TSR_OK;
}

tsr_status tsr_mlir_for_each_tpu_body(const tsr_mlir_module *m,
                                      tsr_status (*fn)(tsr_mlir_module *, const char *, int, void *),
                                      void *user) {
  body_walk w = {fn, user, 0, TSR_OK};
  if (m->top) tsr_ir_walk(m->top, visit, &w);
  return w.status;
}
