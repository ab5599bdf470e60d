/* The kernel of one tpu_custom_call, from its backend_config JSON (base64 body,
 * serialization_format, scoped_memory_configs; reference/mosaic_artifact.md 1.3, 1.4), and
 * its run on arrays the caller gives: the interpreter's custom_call ops and the XLA FFI
 * handler both come here. Operands: dynamic grid bounds first (when the kernel has them),
 * then scalar prefetch, then inputs; results are the outputs. */
#include <stdlib.h>
#include <string.h>

#include "mlir/backend_config.h"
#include "hlo/hlo_internal.h"
#include "tessera/mosaic.h"

void tsr_hlo_kernel_destroy(tsr_hlo_kernel *k) {
  if (!k) return;
  tsr_mosaic_kernel_destroy(k->k);
  free(k);
}

const char *tsr_hlo_kernel_name(const tsr_hlo_kernel *k) { return k->name; }
int tsr_hlo_kernel_num_operands(const tsr_hlo_kernel *k) { return k->n_dyn + k->n_prefetch + k->n_inputs; }
int tsr_hlo_kernel_num_results(const tsr_hlo_kernel *k) { return k->n_outputs; }

static tsr_status parse_config(const char *text, size_t len, tsr_hlo_kernel *k, tsr_mlir_module **body) {
  mlir_tpu_backend_config c;
  TSR_TRY(mlir_tpu_backend_config_decode(text, len, &c));
  k->serialization_format = c.serialization_format;
  k->vmem_limit = c.vmem_limit;
  k->has_communication = c.has_communication;
  k->collective_id = c.collective_id;
  k->has_cost = c.has_cost;
  k->flops = c.flops;
  k->transcendentals = c.transcendentals;
  k->bytes_accessed = c.bytes_accessed;
  k->skip_device_barrier = c.skip_device_barrier;
  k->disable_bounds_checks = c.disable_bounds_checks;
  *body = c.body;
  return TSR_OK;
}

tsr_status hlo_kernel_load(tsr_hlo_kernel *k, tsr_mlir_module *body) {
  TSR_TRY(tsr_mosaic_kernel_create(body, &k->k));
  k->n_dyn = tsr_mosaic_kernel_num_dynamic_bounds(k->k);
  k->n_prefetch = tsr_mosaic_kernel_num_prefetch(k->k);
  k->n_inputs = tsr_mosaic_kernel_num_inputs(k->k);
  k->n_outputs = tsr_mosaic_kernel_num_outputs(k->k);
  if (!k->name[0]) snprintf(k->name, sizeof k->name, "%s", tsr_mosaic_kernel_name(k->k));
  return TSR_OK;
}

/* serialization_format 1 bodies carry stable_mosaic.version and mangled names; a legacy body
 * (no format) is plain Mosaic, which the view accepts as the current form. */
static tsr_status load_body(tsr_hlo_kernel *k, tsr_mlir_module *body) {
  TSR_TRY(tsr_mlir_mosaic_view(body));
  if (k->serialization_format == 1 && tsr_mlir_mosaic_version(body) == 0)
    return tsr_fail(TSR_ERR_PARSE, "serialization_format is 1 but the body has no stable_mosaic.version");
  return hlo_kernel_load(k, body);
}

/* The body alone cannot tell inputs from outputs (an output aliased to an input may be written
 * through the input's ref, as pl.core_map's kernels do): the call's result count can. */
static tsr_status take_split(tsr_hlo_kernel *k, int num_results) {
  int io = k->n_inputs + k->n_outputs;
  if (num_results > io)
    return tsr_fail(TSR_ERR_INVALID, "kernel '%s' has %d inputs and outputs in all; the call has %d results", k->name, io, num_results);
  k->n_outputs = num_results;
  k->n_inputs = io - num_results;
  return TSR_OK;
}

/* Aliases come counted as the call counts operands; pallas_call counts without the dynamic
 * grid bounds. */
static tsr_status take_aliases(tsr_hlo_kernel *k, const tsr_alias *a, int n) {
  if (n < 0 || (n && !a)) return tsr_fail(TSR_ERR_INVALID, "bad alias list");
  if (n > (int)(sizeof k->aliases / sizeof k->aliases[0])) return tsr_fail(TSR_ERR_UNSUPPORTED, "more than 16 aliases");
  for (int i = 0; i < n; i++) {
    int operand = a[i].input, out = a[i].output;
    if (operand < 0 || operand >= tsr_hlo_kernel_num_operands(k) || out < 0 || out >= k->n_outputs)
      return tsr_fail(TSR_ERR_INVALID, "output_operand_aliases[%d] (operand %d, output %d) out of range: the call has %d operands and %d results",
                      i, operand, out, tsr_hlo_kernel_num_operands(k), k->n_outputs);
    if (operand < k->n_dyn) return tsr_fail(TSR_ERR_INVALID, "output_operand_aliases[%d]: output %d aliases dynamic grid bound %d", i, out, operand);
    k->aliases[i] = (tsr_alias){.input = operand - k->n_dyn, .output = out};
  }
  k->n_aliases = n;
  return TSR_OK;
}

tsr_status tsr_hlo_kernel_create(const tsr_hlo_kernel_desc *d, tsr_hlo_kernel **out) {
  *out = NULL;
  if (!d || (!d->backend_config && d->backend_config_len)) return tsr_fail(TSR_ERR_INVALID, "no backend_config");
  tsr_hlo_kernel *k = calloc(1, sizeof *k);
  if (!k) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  if (d->name) tsr_printable(d->name, k->name, sizeof k->name); /* printed: control characters escaped */
  tsr_mlir_module *body = NULL;
  tsr_status s = parse_config(d->backend_config ? d->backend_config : "", d->backend_config_len, k, &body);
  if (s == TSR_OK) s = load_body(k, body);
  tsr_mlir_module_destroy(body);
  if (s == TSR_OK && (d->num_results > 0 || d->results_known)) s = take_split(k, d->num_results);
  if (s == TSR_OK) s = take_aliases(k, d->aliases, d->num_aliases);
  if (s != TSR_OK) {
    tsr_hlo_kernel_destroy(k);
    return s;
  }
  *out = k;
  return TSR_OK;
}

static tsr_status dynamic_bound(const tsr_hlo_kernel *k, const tsr_ref *r, int i, int64_t *v) {
  if (tsr_dtype_is_float(r->dtype) || tsr_dtype_is_semaphore(r->dtype) || tsr_ref_numel(r) != 1 || !r->data)
    return tsr_fail(TSR_ERR_INVALID, "kernel '%s': operand %d, a dynamic grid bound, must be one integer", k->name, i);
  *v = dtype_load_i64(r->dtype, r->data, 0);
  return TSR_OK;
}

/* One device's operands as the kernel takes them (ops: prefetch and inputs, aliased outputs
 * in place of their inputs) and the dynamic grid bounds. */
static tsr_status prepare(tsr_hlo_kernel *k, const tsr_ref *operands, int num_operands, const tsr_ref *results,
                          int num_results, tsr_ref *ops, int64_t *dyn) {
  int n_ops = k->n_prefetch + k->n_inputs;
  if (num_operands != k->n_dyn + n_ops || num_results != k->n_outputs)
    return tsr_fail(TSR_ERR_INVALID, "kernel '%s' takes %d dynamic grid bounds + %d scalar-prefetch operands + %d inputs and gives %d "
                    "outputs; the call has %d operands and %d results",
                    k->name, k->n_dyn, k->n_prefetch, k->n_inputs, k->n_outputs, num_operands, num_results);
  if (n_ops > TSR_MAX_OPERANDS || k->n_dyn > TSR_MAX_GRID)
    return tsr_fail(TSR_ERR_UNSUPPORTED, "kernel '%s' takes %d operands and %d dynamic grid bounds, over the limits of %d and %d",
                    k->name, n_ops, k->n_dyn, TSR_MAX_OPERANDS, TSR_MAX_GRID);
  for (int i = 0; i < k->n_dyn; i++) TSR_TRY(dynamic_bound(k, &operands[i], i, &dyn[i]));
  memcpy(ops, operands + k->n_dyn, sizeof *ops * (size_t)n_ops);
  /* The kernel reads and writes an aliased output in place; an output that is not its
   * input's memory (the interpreter's, whose input value may still be used later) starts as
   * a copy of it. */
  for (int a = 0; a < k->n_aliases; a++) {
    int o = k->aliases[a].output, i = k->aliases[a].input;
    const tsr_ref *in = &ops[i], *res = &results[o];
    char x[96], y[96];
    if (in->dtype != res->dtype || in->rank != res->rank || memcmp(in->shape, res->shape, sizeof *in->shape * (size_t)in->rank) ||
        !tsr_ref_is_contiguous(in) || !tsr_ref_is_contiguous(res))
      return tsr_fail(TSR_ERR_INVALID, "kernel '%s': output %d aliases operand %d, but they differ: %s and %s", k->name, o,
                      k->n_dyn + i, tsr_ref_describe(res, x, sizeof x), tsr_ref_describe(in, y, sizeof y));
    if (res->data != in->data && tsr_ref_bytes(in)) memcpy(res->data, in->data, tsr_ref_bytes(in));
    ops[i].data = res->data;
  }
  return TSR_OK;
}

tsr_status tsr_hlo_kernel_run(tsr_hlo_kernel *k, tsr_machine *m, const tsr_ref *operands, int num_operands,
                              const tsr_ref *results, int num_results, tsr_call_stats *stats) {
  if (!k || !m) return tsr_fail(TSR_ERR_INVALID, "running a kernel needs a kernel and a machine");
  int64_t dyn[TSR_MAX_GRID];
  tsr_ref ops[TSR_MAX_OPERANDS];
  TSR_TRY(prepare(k, operands, num_operands, results, num_results, ops, dyn));
  tsr_mosaic_call_opts co = {.vmem_limit_bytes = k->vmem_limit, .dynamic_bounds = dyn, .num_dynamic_bounds = k->n_dyn,
                             .aliases = k->aliases, .num_aliases = k->n_aliases,
                             .skip_device_barrier = k->skip_device_barrier,
                             .disable_bounds_checks = k->disable_bounds_checks};
  return tsr_mosaic_kernel_run(m, k->k, ops, k->n_prefetch + k->n_inputs, results, k->n_outputs, &co, stats);
}

tsr_status tsr_hlo_kernel_run_devices(tsr_hlo_kernel *k, tsr_machine *m, const tsr_ref *const *operands, int num_operands,
                                      const tsr_ref *const *results, int num_results, tsr_call_stats *stats) {
  if (!k || !m || !operands || !results) return tsr_fail(TSR_ERR_INVALID, "running a kernel needs a kernel, a machine and arrays");
  int devices = tsr_machine_num_devices(m);
  int64_t dyn[TSR_MAX_GRID], dyn_d[TSR_MAX_GRID];
  tsr_ref *ops = malloc(sizeof *ops * (size_t)devices * TSR_MAX_OPERANDS);
  const tsr_ref **op_ptrs = malloc(sizeof *op_ptrs * (size_t)devices);
  tsr_status s = ops && op_ptrs ? TSR_OK : tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  for (int d = 0; s == TSR_OK && d < devices; d++) {
    op_ptrs[d] = ops + (size_t)d * TSR_MAX_OPERANDS;
    s = prepare(k, operands[d], num_operands, results[d], num_results, ops + (size_t)d * TSR_MAX_OPERANDS, d ? dyn_d : dyn);
    for (int i = 0; s == TSR_OK && d && i < k->n_dyn; i++)
      if (dyn_d[i] != dyn[i])
        s = tsr_fail(TSR_ERR_INVALID, "kernel '%s': device %d's dynamic grid bound %d is %lld, device 0's %lld (one grid "
                     "for every device)", k->name, d, i, (long long)dyn_d[i], (long long)dyn[i]);
  }
  tsr_mosaic_call_opts co = {.vmem_limit_bytes = k->vmem_limit, .dynamic_bounds = dyn, .num_dynamic_bounds = k->n_dyn,
                             .aliases = k->aliases, .num_aliases = k->n_aliases,
                             .skip_device_barrier = k->skip_device_barrier,
                             .disable_bounds_checks = k->disable_bounds_checks};
  if (s == TSR_OK)
    s = tsr_mosaic_kernel_run_devices(m, k->k, op_ptrs, k->n_prefetch + k->n_inputs, results, k->n_outputs, &co, stats);
  free(ops);
  free(op_ptrs);
  return s;
}
