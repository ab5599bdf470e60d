/* A tpu_custom_call's backend_config: the JSON that JAX writes around a Mosaic kernel
 * (reference/mosaic_artifact.md 1.3, 1.4), decoded in this one place for every reader of it
 * (`tessera dis --bodies`, the StableHLO interpreter's custom calls). */
#ifndef TSR_MLIR_BACKEND_CONFIG_H
#define TSR_MLIR_BACKEND_CONFIG_H

#include <stddef.h>
#include <stdint.h>

#include "tessera/mlir.h"

typedef struct mlir_tpu_backend_config {
  tsr_mlir_module *body;    /* custom_call_config.body (base64 of MLIR bytecode, or text), read;
                             * the caller destroys it */
  int serialization_format; /* 1, or -1 when absent (a legacy body: plain Mosaic) */
  int64_t vmem_limit;       /* scoped_memory_configs' VMEM size (memory_space 1); 0: none */
  bool has_communication;   /* custom_call_config.has_communication: the kernel talks to other
                             * devices (remote copies, signals, the barrier semaphore) */
  int64_t collective_id;    /* custom_call_config.collective_id (the barrier semaphore's); -1 none */
  bool skip_device_barrier; /* custom_call_config.skip_device_barrier: the kernel starts without
                             * the device barrier (CompilerParams(skip_device_barrier=True)) */
  bool disable_bounds_checks; /* custom_call_config.disable_bounds_checks (CompilerParams'): an
                               * access outside its ref does not stop the kernel */
  /* custom_call_config.cost_estimate (pl.CostEstimate), when given: what the kernel's author
   * says it does, which XLA's cost analysis reports for the call */
  bool has_cost;
  int64_t flops, transcendentals, bytes_accessed;
} mlir_tpu_backend_config;

/* Decodes `len` bytes of JSON text. Fails (nothing to free) when it is not JSON (the byte
 * offset named), has no custom_call_config.body string, a serialization_format other than 1,
 * a has_communication, skip_device_barrier or disable_bounds_checks that is not a boolean, a
 * collective_id that is not a count, a cost_estimate whose flops, transcendentals or
 * bytes_accessed is not a count,
 * or malformed scoped_memory_configs, or when the body does not decode or read ("tpu_custom_call
 * body: " and the reader's message). */
tsr_status mlir_tpu_backend_config_decode(const char *json, size_t len, mlir_tpu_backend_config *out);

/* The same JSON with custom_call_config.body replaced by `body_b64` (the lowering's kernel,
 * src/lower), every other field kept: *out is malloc'd text. */
tsr_status mlir_tpu_backend_config_with_body(const char *json, size_t len, const char *body_b64, char **out);

#endif
