/* The kernels of a module lowered and put in place: each tpu_custom_call of a StableHLO
 * module gets its lowered kernel as the backend_config body (bytecode v0, base64, the
 * stable_mosaic form JAX writes), or a bare Mosaic module becomes its lowered kernel. Nothing
 * is used before it is checked: the text reads back with tessera's parser, the Mosaic
 * executor loads it, the bytecode reads back to a kernel that loads, and a StableHLO module
 * compiles again at the end. */
#include <stdlib.h>
#include <string.h>

#include "core/base64.h"
#include "core/grow.h"
#include "core/status.h"
#include "lower/lower_internal.h"
#include "mlir/backend_config.h"
#include "tessera/array.h"
#include "tessera/hlo.h"

/* The lowered text read back and loaded: what the lowering promises of every kernel it
 * emits. */
static tsr_status check_text(const char *text, tsr_mlir_module **out) {
  tsr_mlir_module *m = NULL;
  tsr_mosaic_kernel *k = NULL;
  tsr_status s = tsr_mlir_parse_text(text, strlen(text), "lowered kernel", &m);
  if (s == TSR_OK) s = tsr_mlir_mosaic_view(m);
  if (s == TSR_OK) s = tsr_mosaic_kernel_create(m, &k);
  tsr_mosaic_kernel_destroy(k);
  if (s != TSR_OK) {
    tsr_mlir_module_destroy(m);
    return tsr_fail_context(s, "the lowered kernel does not verify (a bug in tessera lower)");
  }
  *out = m;
  return TSR_OK;
}

/* The stable form in base64, checked to read back to a kernel that loads. */
static tsr_status serialize(tsr_mlir_module *m, char **b64) {
  unsigned char *bytes = NULL;
  size_t n = 0;
  tsr_mlir_module *back = NULL;
  tsr_mosaic_kernel *k = NULL;
  *b64 = NULL;
  tsr_status s = tsr_mlir_mosaic_mangle(m);
  if (s == TSR_OK) s = tsr_mlir_write_bytecode(m, 0, &bytes, &n);
  if (s == TSR_OK) s = tsr_mlir_read_bytecode(bytes, n, &back);
  if (s == TSR_OK) s = tsr_mlir_mosaic_view(back);
  if (s == TSR_OK) s = tsr_mosaic_kernel_create(back, &k);
  if (s == TSR_OK && !(*b64 = malloc(base64_encoded_size(n) + 1))) s = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  if (s == TSR_OK) base64_encode(bytes, n, *b64);
  tsr_mosaic_kernel_destroy(k);
  tsr_mlir_module_destroy(back);
  free(bytes);
  return s;
}

static tsr_status append_text(char **texts, const char *header, const char *text) {
  if (!texts) return TSR_OK;
  size_t a = *texts ? strlen(*texts) : 0, b = strlen(header), c = strlen(text);
  char *n = realloc(*texts, a + b + c + 1);
  if (!n) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  memcpy(n + a, header, b);
  memcpy(n + a + b, text, c + 1);
  *texts = n;
  return TSR_OK;
}

/* An array of a tensor type (shape and dtype; no data). */
static tsr_status tensor_ref(const mlir_ir_type *t, const char *what, int i, tsr_ref *r) {
  memset(r, 0, sizeof *r);
  int rank = mlir_ir_type_rank(t);
  if (rank < 0 || rank > TSR_MAX_RANK || mlir_ir_type_numel(t) < 0 || !mlir_ir_type_dtype(mlir_ir_type_element(t), &r->dtype))
    return tsr_fail(TSR_ERR_UNSUPPORTED, "%s %d: not a static tensor of a known element type", what, i);
  r->rank = rank;
  int64_t stride = 1;
  for (int d = rank - 1; d >= 0; d--) {
    r->shape[d] = mlir_ir_type_dim(t, d);
    r->stride[d] = stride;
    stride *= r->shape[d] ? r->shape[d] : 1;
  }
  r->space = TSR_HBM;
  return TSR_OK;
}

/* ---- tpu_custom_call ops ---------------------------------------------------------------- */

typedef struct call_list {
  mlir_ir_op **ops;
  int n, cap;
} call_list;

static bool collect(mlir_ir_op *op, void *user) {
  call_list *l = user;
  if (!mlir_ir_op_is(op, "stablehlo.custom_call")) return true;
  const mlir_ir_attr *t = mlir_ir_op_attr(op, "call_target_name");
  if (!t || t->kind != MLIR_IR_ATTR_STRING || strcmp(t->u.string.data, "tpu_custom_call")) return true;
  if (!GROW_ARRAY(l->ops, l->n, l->cap, 8)) return false;
  l->ops[l->n++] = op;
  return true;
}

/* One call's kernel lowered: *config is its new backend_config. */
static tsr_status lower_call(const mlir_ir_op *op, const tsr_lower_opts *o, char **texts, char **config, size_t *config_len) {
  const mlir_ir_attr *bc = mlir_ir_op_attr(op, "backend_config");
  if (!bc || bc->kind != MLIR_IR_ATTR_STRING) return tsr_fail(TSR_ERR_INVALID, "tpu_custom_call without a backend_config string");
  mlir_tpu_backend_config c;
  TSR_TRY(mlir_tpu_backend_config_decode(bc->u.string.data, bc->u.string.len, &c));
  tsr_ref *refs = calloc((size_t)(op->n_operands + op->n_results + 1), sizeof *refs);
  char *text = NULL, *b64 = NULL;
  tsr_mlir_module *lowered = NULL;
  tsr_mosaic_kernel *k = NULL;
  tsr_status s = refs ? tsr_mlir_mosaic_view(c.body) : tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  if (s == TSR_OK) s = tsr_mosaic_kernel_create(c.body, &k);
  int ndyn = k ? tsr_mosaic_kernel_num_dynamic_bounds(k) : 0;
  if (s == TSR_OK && ndyn)
    s = tsr_fail(TSR_ERR_UNSUPPORTED, "kernel %s: a dynamic grid (%d dimension(s) given at run time) cannot be written as fixed loops",
                 tsr_mosaic_kernel_name(k), ndyn);
  for (int i = 0; s == TSR_OK && i < op->n_operands; i++) s = tensor_ref(op->operands[i].value->type, "operand", i, &refs[i]);
  for (int i = 0; s == TSR_OK && i < op->n_results; i++)
    s = tensor_ref(op->results[i]->type, "result", i, &refs[op->n_operands + i]);
  tsr_mosaic_call_opts copts = {.vmem_limit_bytes = c.vmem_limit};
  if (s == TSR_OK)
    s = lw_lower_kernel(c.body, refs, op->n_operands, refs + op->n_operands, op->n_results, &copts, o, &text);
  if (s == TSR_OK) s = check_text(text, &lowered);
  if (s == TSR_OK) s = serialize(lowered, &b64);
  if (s == TSR_OK) s = mlir_tpu_backend_config_with_body(bc->u.string.data, bc->u.string.len, b64, config);
  if (s == TSR_OK) {
    *config_len = strlen(*config);
    char header[160];
    snprintf(header, sizeof header, "// tpu_custom_call kernel %s, lowered by tessera\n", tsr_mosaic_kernel_name(k));
    s = append_text(texts, header, text);
  }
  tsr_mosaic_kernel_destroy(k);
  tsr_mlir_module_destroy(lowered);
  tsr_mlir_module_destroy(c.body);
  free(text);
  free(b64);
  free(refs);
  return s;
}

static void set_string(tsr_mlir_module *m, mlir_ir_op *op, const char *name, const char *text, size_t len) {
  mlir_ir_attr *v = mlir_ir_attr_string_new(m->ctx, text, len);
  if (op->props && mlir_ir_dict_get(op->props, name)) op->props = mlir_ir_dict_set(m->ctx, op->props, name, v);
  else op->attrs = mlir_ir_dict_set(m->ctx, op->attrs, name, v);
}

/* The module after the lowering, compiled once more as `tessera run` would compile it. */
static tsr_status check_module(const tsr_mlir_module *m) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  tsr_mlir_print(m, f, TSR_MLIR_PRINT_LOCS);
  if (fclose(f) != 0 || !buf) { free(buf); return tsr_fail(TSR_ERR_NOMEM, "out of host memory"); }
  tsr_mlir_module *back = NULL;
  tsr_hlo_program *p = NULL;
  tsr_status s = tsr_mlir_parse_text(buf, len, "lowered module", &back);
  if (s == TSR_OK) s = tsr_hlo_compile(back, &p);
  tsr_hlo_program_destroy(p);
  tsr_mlir_module_destroy(back);
  free(buf);
  return s == TSR_OK ? s : tsr_fail_context(s, "the lowered module does not compile (a bug in tessera lower)");
}

static tsr_status lower_hlo(tsr_mlir_module *m, const tsr_lower_opts *o, char **texts, int *num) {
  call_list l = {0};
  if (!mlir_ir_walk(m->top, collect, &l)) {
    free(l.ops);
    return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  }
  char **configs = calloc((size_t)(l.n ? l.n : 1), sizeof *configs);
  size_t *lens = calloc((size_t)(l.n ? l.n : 1), sizeof *lens);
  tsr_status s = configs && lens ? TSR_OK : tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  if (s == TSR_OK && l.n == 0) s = tsr_fail(TSR_ERR_INVALID, "the module has no tpu_custom_call and no Mosaic kernel to lower");
  for (int i = 0; s == TSR_OK && i < l.n; i++) {
    s = lower_call(l.ops[i], o, texts, &configs[i], &lens[i]);
    if (s != TSR_OK) s = tsr_fail_context(s, "tpu_custom_call #%d", i);
  }
  if (s == TSR_OK) { /* all or nothing: the module changes once every kernel is lowered */
    for (int i = 0; i < l.n; i++) set_string(m, l.ops[i], "backend_config", configs[i], lens[i]);
    s = check_module(m);
    *num = l.n;
  }
  for (int i = 0; configs && i < l.n; i++) free(configs[i]);
  free(configs);
  free(lens);
  free(l.ops);
  return s;
}

/* ---- bare Mosaic modules ---------------------------------------------------------------- */

static bool is_bare(const tsr_mlir_module *m) {
  const mlir_ir_block *b = m->top ? mlir_ir_op_entry_block(m->top, 0) : NULL;
  for (const mlir_ir_op *op = b ? b->first : NULL; op; op = op->next)
    if (mlir_ir_op_is(op, "func.func") && (mlir_ir_op_attr(op, "window_params") || mlir_ir_op_attr(op, "iteration_bounds") ||
                                          mlir_ir_op_attr(op, "dimension_semantics")))
      return true;
  return false;
}

/* A bare kernel's arrays: what its blocks reach over the grid, as `tessera run` works them out
 * (all-zero scalar-prefetch operands). */
static tsr_status lower_bare(tsr_mlir_module **pm, const tsr_lower_opts *o, char **texts) {
  tsr_mlir_module *m = *pm;
  tsr_mosaic_kernel *k = NULL;
  TSR_TRY(tsr_mlir_mosaic_view(m));
  TSR_TRY(tsr_mosaic_kernel_create(m, &k));
  int npf = tsr_mosaic_kernel_num_prefetch(k), nin = tsr_mosaic_kernel_num_inputs(k), nout = tsr_mosaic_kernel_num_outputs(k);
  tsr_ref *refs = calloc((size_t)(npf + nin + nout + 1), sizeof *refs);
  tsr_array *pf = calloc((size_t)(npf + 1), sizeof *pf);
  char *text = NULL;
  tsr_mlir_module *lowered = NULL;
  tsr_status s = refs && pf ? TSR_OK : tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  const mlir_ir_op *fn = NULL;
  for (const mlir_ir_op *op = mlir_ir_op_entry_block(m->top, 0)->first; op; op = op->next)
    if (mlir_ir_op_is(op, "func.func") && (mlir_ir_op_attr(op, "window_params") || mlir_ir_op_attr(op, "iteration_bounds") ||
                                          mlir_ir_op_attr(op, "dimension_semantics")))
      fn = op;
  int grid = 0;
  const mlir_ir_attr *ib = fn ? mlir_ir_op_attr(fn, "iteration_bounds") : NULL;
  int64_t bounds[TSR_MAX_GRID + 1];
  if (ib) grid = (int)mlir_ir_attr_ints(ib, bounds, TSR_MAX_GRID + 1);
  for (int p = 0; s == TSR_OK && p < npf; p++) {
    const mlir_ir_type *t = mlir_ir_op_entry_block(fn, 0)->args[grid + p]->type;
    tsr_dtype dt;
    int64_t shape[TSR_MAX_RANK];
    int rank = mlir_ir_type_rank(t);
    if (rank < 0 || rank > TSR_MAX_RANK || !mlir_ir_type_dtype(mlir_ir_type_element(t), &dt)) {
      s = tsr_fail(TSR_ERR_UNSUPPORTED, "scalar-prefetch operand %d: not a static memref", p);
      break;
    }
    for (int d = 0; d < rank; d++) shape[d] = mlir_ir_type_dim(t, d);
    s = tsr_array_alloc(&pf[p], dt, rank, shape);
    if (s == TSR_OK) {
      refs[p] = tsr_array_ref(&pf[p], TSR_SMEM);
    }
  }
  for (int i = 0; s == TSR_OK && i < nin; i++) s = tsr_mosaic_kernel_input_shape(k, refs, npf, NULL, i, &refs[npf + i]);
  if (s == TSR_OK) s = tsr_mosaic_kernel_output_shapes(k, refs, npf + nin, NULL, refs + npf + nin, nout);
  if (s == TSR_OK) s = lw_lower_kernel(m, refs, npf + nin, refs + npf + nin, nout, NULL, o, &text);
  if (s == TSR_OK) s = check_text(text, &lowered);
  if (s == TSR_OK) {
    char header[160];
    snprintf(header, sizeof header, "// kernel %s, lowered by tessera\n", tsr_mosaic_kernel_name(k));
    s = append_text(texts, header, text);
  }
  if (s == TSR_OK) {
    tsr_mlir_module_destroy(m);
    *pm = lowered;
    lowered = NULL;
  }
  for (int p = 0; pf && p < npf; p++) tsr_array_free(&pf[p]);
  free(pf);
  free(refs);
  free(text);
  tsr_mlir_module_destroy(lowered);
  tsr_mosaic_kernel_destroy(k);
  return s;
}

tsr_status tsr_lower_module(tsr_mlir_module **m, const tsr_lower_opts *opts, char **texts, int *num_lowered) {
  int n = 0;
  if (texts) *texts = NULL;
  if (!m || !*m || !(*m)->top) return tsr_fail(TSR_ERR_INVALID, "no module");
  tsr_status s;
  if (is_bare(*m)) {
    s = lower_bare(m, opts, texts);
    n = 1;
  } else {
    s = lower_hlo(*m, opts, texts, &n);
  }
  if (s != TSR_OK && texts) {
    free(*texts);
    *texts = NULL;
  }
  if (num_lowered) *num_lowered = s == TSR_OK ? n : 0;
  return s;
}
