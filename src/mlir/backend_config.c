/* Decoding a tpu_custom_call's backend_config (backend_config.h). */
#include "mlir/backend_config.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "core/base64.h"
#include "core/status.h"

static tsr_status read_body(const char *b64, tsr_mlir_module **out) {
  size_t len = strlen(b64), n = 0;
  uint8_t *bytes = malloc(base64_decoded_max(len) + 1);
  tsr_status s = bytes ? base64_decode(b64, len, bytes, &n) : tsr_fail(TSR_ERR_NOMEM, "out of memory");
  if (s == TSR_OK) s = tsr_mlir_read_buffer(bytes, n, "kernel body", out);
  free(bytes);
  return s == TSR_OK ? s : tsr_fail_context(s, "tpu_custom_call body");
}

static tsr_status decode(const cJSON *json, mlir_tpu_backend_config *out) {
  const cJSON *ccc = cJSON_GetObjectItemCaseSensitive(json, "custom_call_config");
  const cJSON *b64 = ccc ? cJSON_GetObjectItemCaseSensitive(ccc, "body") : NULL;
  const cJSON *fmt = ccc ? cJSON_GetObjectItemCaseSensitive(ccc, "serialization_format") : NULL;
  if (!cJSON_IsString(b64)) return tsr_fail(TSR_ERR_PARSE, "backend_config has no custom_call_config.body string");
  if (fmt && (!cJSON_IsNumber(fmt) || fmt->valueint != 1))
    return tsr_fail(TSR_ERR_UNSUPPORTED, "serialization_format %s is not supported (1, or absent for legacy bodies)",
                    cJSON_IsNumber(fmt) ? "other than 1" : "not a number");
  out->serialization_format = fmt ? 1 : -1;
  const cJSON *comm = cJSON_GetObjectItemCaseSensitive(ccc, "has_communication");
  const cJSON *cid = cJSON_GetObjectItemCaseSensitive(ccc, "collective_id");
  if (comm && !cJSON_IsBool(comm)) return tsr_fail(TSR_ERR_PARSE, "custom_call_config.has_communication is not a boolean");
  out->has_communication = cJSON_IsTrue(comm);
  const cJSON *skip = cJSON_GetObjectItemCaseSensitive(ccc, "skip_device_barrier");
  if (skip && !cJSON_IsBool(skip)) return tsr_fail(TSR_ERR_PARSE, "custom_call_config.skip_device_barrier is not a boolean");
  out->skip_device_barrier = cJSON_IsTrue(skip);
  const cJSON *unchecked = cJSON_GetObjectItemCaseSensitive(ccc, "disable_bounds_checks");
  if (unchecked && !cJSON_IsBool(unchecked))
    return tsr_fail(TSR_ERR_PARSE, "custom_call_config.disable_bounds_checks is not a boolean");
  out->disable_bounds_checks = cJSON_IsTrue(unchecked);
  out->collective_id = -1;
  if (cid && !cJSON_IsNull(cid)) {
    if (!cJSON_IsNumber(cid) || cid->valuedouble < 0 || cid->valuedouble > 1e9 || cid->valuedouble != (double)(int64_t)cid->valuedouble)
      return tsr_fail(TSR_ERR_PARSE, "custom_call_config.collective_id is not a non-negative integer");
    out->collective_id = (int64_t)cid->valuedouble;
  }
  const cJSON *cost = cJSON_GetObjectItemCaseSensitive(ccc, "cost_estimate");
  if (cost && !cJSON_IsNull(cost)) {
    static const char *const names[3] = {"flops", "transcendentals", "bytes_accessed"};
    int64_t *dst[3] = {&out->flops, &out->transcendentals, &out->bytes_accessed};
    for (int i = 0; i < 3; i++) {
      const cJSON *v = cJSON_GetObjectItemCaseSensitive(cost, names[i]);
      if (!cJSON_IsNumber(v) || v->valuedouble < 0 || v->valuedouble > 9e18)
        return tsr_fail(TSR_ERR_PARSE, "custom_call_config.cost_estimate.%s is not a non-negative number", names[i]);
      *dst[i] = (int64_t)v->valuedouble;
    }
    out->has_cost = true;
  }
  const cJSON *smc = cJSON_GetObjectItemCaseSensitive(json, "scoped_memory_configs");
  if (smc && !cJSON_IsArray(smc)) return tsr_fail(TSR_ERR_PARSE, "scoped_memory_configs is not an array");
  const cJSON *e;
  cJSON_ArrayForEach(e, smc) {
    const cJSON *space = cJSON_GetObjectItemCaseSensitive(e, "memory_space");
    const cJSON *size = cJSON_GetObjectItemCaseSensitive(e, "size");
    if (!cJSON_IsNumber(space) || !cJSON_IsNumber(size) || size->valuedouble < 0)
      return tsr_fail(TSR_ERR_PARSE, "scoped_memory_configs entry without memory_space and size");
    if (space->valueint == 1) out->vmem_limit = (int64_t)size->valuedouble; /* 1: VMEM */
  }
  return read_body(b64->valuestring, &out->body);
}

tsr_status mlir_tpu_backend_config_decode(const char *json, size_t len, mlir_tpu_backend_config *out) {
  memset(out, 0, sizeof *out);
  cJSON *root = cJSON_ParseWithLength(json, len);
  if (!root) {
    const char *at = cJSON_GetErrorPtr();
    long off = at && at >= json && at <= json + len ? (long)(at - json) : 0;
    return tsr_fail(TSR_ERR_PARSE, "backend_config is not valid JSON (near byte %ld)", off);
  }
  tsr_status s = decode(root, out);
  cJSON_Delete(root);
  return s;
}

tsr_status mlir_tpu_backend_config_with_body(const char *json, size_t len, const char *body_b64, char **out) {
  *out = NULL;
  cJSON *root = cJSON_ParseWithLength(json, len);
  if (!root) return tsr_fail(TSR_ERR_PARSE, "backend_config is not valid JSON");
  cJSON *ccc = cJSON_GetObjectItemCaseSensitive(root, "custom_call_config");
  cJSON *body = cJSON_CreateString(body_b64);
  tsr_status s = TSR_OK;
  if (!cJSON_IsString(cJSON_GetObjectItemCaseSensitive(ccc, "body"))) {
    cJSON_Delete(body);
    s = tsr_fail(TSR_ERR_PARSE, "backend_config has no custom_call_config.body string");
  } else if (!body || !cJSON_ReplaceItemInObjectCaseSensitive(ccc, "body", body)) {
    cJSON_Delete(body);
    s = tsr_fail(TSR_ERR_NOMEM, "out of memory");
  } else if (!(*out = cJSON_PrintUnformatted(root))) {
    s = tsr_fail(TSR_ERR_NOMEM, "out of memory");
  }
  cJSON_Delete(root);
  return s;
}
