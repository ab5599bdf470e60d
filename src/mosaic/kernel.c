/* Loading and running a Mosaic kernel: find the kernel func, map its arguments (grid
 * indices, scalar prefetch, inputs, outputs, scratch), turn window_params into block specs
 * with interpreted index maps, and hand everything to tsr_pallas_call with the interpreted
 * body. The rule for splitting inputs from outputs is in io_uses() below. */
#include <stdlib.h>
#include <string.h>

#include "mosaic/kernel_internal.h"

const char *tsr_mosaic_kernel_name(const tsr_mosaic_kernel *k) { return k ? k->name : ""; }
int tsr_mosaic_kernel_num_prefetch(const tsr_mosaic_kernel *k) { return k ? k->nprefetch : 0; }
int tsr_mosaic_kernel_num_inputs(const tsr_mosaic_kernel *k) { return k ? k->nio - k->nout_default : 0; }
int tsr_mosaic_kernel_num_outputs(const tsr_mosaic_kernel *k) { return k ? k->nout_default : 0; }
int tsr_mosaic_kernel_num_dynamic_bounds(const tsr_mosaic_kernel *k) { return k ? k->ndyn : 0; }

/* Frame memory kept from one run of a kernel to the next, one block per runner (a core or a
 * stand-in that runs a host part). */
typedef struct mosaic_frame_memory {
  int nrunners;
  size_t bytes; /* of each block */
  void *mem[];
} mosaic_frame_memory;

static void frame_memory_free(mosaic_frame_memory *fm) {
  if (!fm) return;
  for (int r = 0; r < fm->nrunners; r++) free(fm->mem[r]);
  free(fm);
}

void tsr_mosaic_kernel_destroy(tsr_mosaic_kernel *k) {
  if (!k) return;
  for (int i = 0; k->io && i < k->nio; i++) { /* a load that failed early set nio only */
    mosaic_prog_destroy(k->io[i].transform);
    free(k->io[i].map_text);
  }
  free(k->io);
  free(k->scratch);
  mosaic_prog_destroy(k->body);
  frame_memory_free(k->spare_frames);
  free(k->name);
  free(k);
}

/* ---- loading ------------------------------------------------------------------------------ */

static bool is_kernel_func(const mlir_ir_op *op) {
  return mlir_ir_op_attr(op, "window_params") || mlir_ir_op_attr(op, "iteration_bounds") ||
         mlir_ir_op_attr(op, "dimension_semantics");
}

static const mlir_ir_op *find_kernel(const mlir_ir_module *m) {
  const mlir_ir_block *body = m->top ? mlir_ir_op_entry_block(m->top, 0) : NULL;
  if (!body) return NULL;
  const mlir_ir_op *first = NULL, *main = NULL;
  for (const mlir_ir_op *op = body->first; op; op = op->next) {
    if (!mlir_ir_op_is(op, "func.func")) continue;
    if (is_kernel_func(op)) return op;
    const mlir_ir_attr *n = mlir_ir_op_attr(op, "sym_name");
    bool transform = n && n->kind == MLIR_IR_ATTR_STRING && !strncmp(n->u.string.data, "transform_", 10);
    if (!first && !transform) first = op;
    if (n && n->kind == MLIR_IR_ATTR_STRING && !strcmp(n->u.string.data, "main")) main = op;
  }
  return main ? main : first;
}

/* What the body does with its inputs and outputs, through any view of them (memref slice,
 * squeeze, reshape, bitcast, erase_layout), in one pass:
 * - Inputs versus outputs: window_params (or the argument list) gives their total only. The
 *   outputs are taken to be the operands from the first one the body writes (a store or a
 *   DMA target) to the last; with none written, the last operand. A caller that knows better
 *   (a custom call's operand count) passes its own split to tsr_mosaic_kernel_run.
 * - Read-only operands (tsr_block_spec.read_only, VMEM only): every use is a load, a DMA's
 *   source, a DMA wait or a log_buffer. Anything else counts as a write: a store, a DMA
 *   target, a ref passed to a region or yielded, any op not listed here (so a new op is safe
 *   by default).
 * - Overwritten operands (tsr_block_spec.overwrites): covering_store() below.
 * - Whether the body may run in host parts (k->split_safe): no op that keeps state across
 *   steps outside the refs a part's watch sees (DMAs, semaphores, PRNG) or that shows the order
 *   of steps (logs), and scalar-prefetch operands (which index maps read too) only read. */
/* Whether scalar slot s is a constant zero. */
static bool const_zero(const mosaic_prog *P, int32_t s) {
  if (s < 0 || s >= P->nslots || P->cslot_off[s] < 0 || P->types[s].rank != 0) return false;
  const char *c = P->cpool + P->cslot_off[s];
  if (P->types[s].cls == MOSAIC_VC_I32) return *(const int32_t *)(const void *)c == 0;
  if (P->types[s].cls == MOSAIC_VC_I64) return *(const int64_t *)(const void *)c == 0;
  return false;
}

/* Whether instruction i runs exactly once per body, unconditionally: it is in the func's own
 * block (not in a region), and the func is one block (no branches). */
static bool top_level(const mosaic_prog *P, int32_t i) {
  if (P->nmb > 0) return false;
  for (int32_t j = 0; j < P->body_end; j = P->insts[j].next)
    if (j >= i) return j == i;
  return false;
}

/* Whether `in` stores into every element of ref slot `ref`: a plain store (vector.store,
 * tpu.vector_store, tpu.store, tpu.strided_store at unit strides, memref.store) at constant
 * zero indices of a value the ref's shape (leading unit dimensions aside), without a mask, a
 * sublane mask or `add`, into a ref that is not a packed view. */
static bool covering_store(const mosaic_prog *P, const mosaic_minst *in, int32_t ref) {
  switch (in->op) {
  case MOSAIC_MOP_VSTORE: case MOSAIC_MOP_TVSTORE: case MOSAIC_MOP_TSTORE: case MOSAIC_MOP_STRIDED_STORE: case MOSAIC_MOP_MSTORE: break;
  default: return false;
  }
  if (in->nopd < 2 || in->opd[1] != ref || in->a[1] >= 0 || in->aux || in->a[3] != 0) return false;
  const mosaic_stype *v = &P->types[in->opd[0]], *r = &P->types[ref];
  if (r->pack || r->dynamic || v->rank > r->rank) return false;
  for (int k = 0; k < in->nints; k++)
    if (in->ints[k] != 1) return false;
  int lead = r->rank - v->rank;
  for (int k = 0; k < r->rank; k++) {
    if (in->a[0] + k >= in->nopd || !const_zero(P, in->opd[in->a[0] + k])) return false;
    if (r->shape[k] != (k < lead ? 1 : v->shape[k - lead])) return false;
  }
  return true;
}

static void io_uses(tsr_mosaic_kernel *k, const mosaic_prog *P, int first_io) {
  int nio = k->nio, npf = k->nprefetch, first_written = -1;
  /* roots: io operands 0..nio-1, then the scalar-prefetch operands */
  int *root = malloc(sizeof(int) * (size_t)(P->nslots + 1)); /* the operand a ref views, or -1 */
  bool *only_read = malloc(sizeof(bool) * (size_t)(nio + npf + 1));
  /* per io operand: its first use, and whether any use is not a load, a store or a view */
  int32_t *first_use = malloc(sizeof(int32_t) * (size_t)(nio + npf + 1));
  bool *other_use = malloc(sizeof(bool) * (size_t)(nio + npf + 1));
  /* per io operand: whether a load of it copies its value (one that a matmul reads in place,
   * alias.c's mxu_view, does not) */
  bool *copied = malloc(sizeof(bool) * (size_t)(nio + npf + 1));
  k->split_safe = false;
  if (!root || !only_read || !first_use || !other_use || !copied) {
    /* no memory: nothing read-only or overwritten, one output */
    free(root);
    free(only_read);
    free(first_use);
    free(other_use);
    free(copied);
    k->nout_default = nio ? 1 : 0;
    return;
  }
  for (int s = 0; s < P->nslots; s++) root[s] = -1;
  for (int io = 0; io < nio; io++) root[P->args[first_io + io]] = io;
  for (int p = 0; p < npf; p++) root[P->args[k->grid_rank + p]] = nio + p;
  for (int i = 0; i < nio + npf; i++) {
    only_read[i] = true;
    first_use[i] = -1;
    other_use[i] = false;
    copied[i] = false;
  }
  bool split_safe = true;
  for (int i = 0; i < P->ninsts; i++) {
    const mosaic_minst *in = &P->insts[i];
    switch (in->op) {
    case MOSAIC_MOP_ENQUEUE_DMA: case MOSAIC_MOP_WAIT_DMA: case MOSAIC_MOP_WAIT_DMA2: case MOSAIC_MOP_SEM_SIGNAL: case MOSAIC_MOP_SEM_WAIT:
    case MOSAIC_MOP_ENQUEUE_INDIRECT_DMA: case MOSAIC_MOP_WAIT_INDIRECT_DMA:
    case MOSAIC_MOP_SEM_READ: case MOSAIC_MOP_SEM_ALLOC: case MOSAIC_MOP_LOG: case MOSAIC_MOP_LOG_BUFFER: case MOSAIC_MOP_PRNG_SEED: case MOSAIC_MOP_PRNG_BITS:
      split_safe = false;
      break;
    default: break;
    }
    for (int j = 0; j < in->nopd; j++) {
      int32_t s = in->opd[j];
      int io = s >= 0 && s < P->nslots ? root[s] : -1;
      if (io < 0) continue;
      /* a load whose value nothing uses reads nothing that matters (JAX's swap, unused.c) */
      if (first_use[io] < 0 && !in->unused) first_use[io] = i;
      bool written = false;
      switch (in->op) {
      case MOSAIC_MOP_MEMREF_SLICE: case MOSAIC_MOP_MEMREF_SQUEEZE: case MOSAIC_MOP_MEMREF_RESHAPE: case MOSAIC_MOP_MEMREF_BITCAST: case MOSAIC_MOP_ERASE_LAYOUT:
        if (j == 0 && in->nres == 1) root[in->res[0]] = io;
        else only_read[io] = false, other_use[io] = true;
        break;
      case MOSAIC_MOP_VLOAD: case MOSAIC_MOP_TVLOAD: case MOSAIC_MOP_STRIDED_LOAD: case MOSAIC_MOP_TLOAD: case MOSAIC_MOP_MLOAD:
        if (j != 0) only_read[io] = false, other_use[io] = true;
        else if (!in->mxu_view && !in->unused && !in->row_view) copied[io] = true;
        break;
      case MOSAIC_MOP_WAIT_DMA: case MOSAIC_MOP_WAIT_DMA2: case MOSAIC_MOP_LOG_BUFFER: other_use[io] = true; break;
      case MOSAIC_MOP_VSTORE: case MOSAIC_MOP_TVSTORE: case MOSAIC_MOP_STRIDED_STORE: case MOSAIC_MOP_TSTORE: case MOSAIC_MOP_MSTORE:
        written = j == 1;
        only_read[io] = false;
        if (j != 1) other_use[io] = true;
        break;
      case MOSAIC_MOP_ENQUEUE_DMA:
        written = j == in->a[2];
        if (j != in->a[1]) only_read[io] = false;
        other_use[io] = true;
        break;
      default: only_read[io] = false; other_use[io] = true; break;
      }
      if (written && io < nio && (first_written < 0 || io < first_written)) first_written = io;
    }
  }
  /* Overwritten: the first use of the operand, through any view, is a store into all of it
   * that every body runs (a load before it whose value nothing uses, as JAX's lowering of
   * `o_ref[...] = x` leaves, does not count), and every use is a load, a store or a view (no DMA moves its data
   * in or out, which could land at another time than the write-back; no region or call gets
   * it). A body that steps the grid itself is left alone. */
  bool steps_itself = mosaic_prog_steps_itself(P);
  for (int io = 0; io < nio; io++) {
    k->io[io].only_read = only_read[io];
    k->io[io].spec.read_only = only_read[io] && k->io[io].spec.space == TSR_VMEM;
    k->io[io].spec.strided_reads = k->io[io].spec.read_only && !copied[io];
    int32_t f = first_use[io];
    k->io[io].spec.overwrites = k->io[io].spec.space == TSR_VMEM && !steps_itself && !other_use[io] && f >= 0 &&
                                covering_store(P, &P->insts[f], P->args[first_io + io]) && top_level(P, f);
  }
  for (int p = 0; p < npf; p++) split_safe = split_safe && only_read[nio + p];
  k->split_safe = split_safe;
  for (int i = 0; i < P->ninsts && !k->uses_barrier; i++) k->uses_barrier = P->insts[i].op == MOSAIC_MOP_SEM_BARRIER;
  free(root);
  free(only_read);
  free(first_use);
  free(other_use);
  free(copied);
  k->nout_default = nio == 0 ? 0 : first_written < 0 ? 1 : nio - first_written;
}

static tsr_status int_attr(const mlir_ir_op *fn, const char *name, int64_t *out) {
  *out = 0;
  const mlir_ir_attr *a = mlir_ir_op_attr(fn, name);
  if (!a) return TSR_OK;
  if (!mlir_ir_attr_int(a, out) || *out < 0 || *out > TSR_MAX_OPERANDS)
    return tsr_fail(TSR_ERR_INVALID, "kernel attribute %s is not a count", name);
  return TSR_OK;
}

static char *map_text_for(const mlir_ir_op *tf, int grid, int prefetch);

static tsr_status load_window(tsr_mosaic_kernel *k, const mlir_ir_module *m, int i, const mlir_ir_attr *wp) {
  mosaic_io_operand *o = &k->io[i];
  tsr_block_spec *sp = &o->spec;
  const mosaic_stype *t = &o->t;
  char what[32];
  snprintf(what, sizeof what, "window_params[%d]", i);
  sp->space = t->space;
  sp->index_map_user = NULL; /* per call: mosaic_build_desc points it at the call's grid */
  if (t->space == TSR_ANY || t->space == TSR_HBM || t->space == TSR_HOST) return TSR_OK; /* passed whole */
  if (t->space != TSR_VMEM && t->space != TSR_SMEM)
    return tsr_fail(TSR_ERR_UNSUPPORTED, "%s: operand in %s memory", what, tsr_space_name(t->space));
  if (!wp || wp->kind != MLIR_IR_ATTR_DICT || wp->u.dict.n == 0) return TSR_OK; /* whole array */
  const mlir_ir_attr *wb = mlir_ir_dict_get(wp, "window_bounds");
  /* No bounds: the whole array too, whatever else the entry says (pl.core_map gives a scalar
   * operand in SMEM transform_indices (d0) -> (0) and no bounds) */
  if (!wb) return TSR_OK;
  int64_t b[TSR_MAX_RANK];
  int64_t nb = mlir_ir_attr_ints(wb, b, TSR_MAX_RANK);
  if (nb != t->rank) return tsr_fail(TSR_ERR_INVALID, "%s: window_bounds must have %d entries", what, t->rank);
  for (int d = 0; d < t->rank; d++)
    if (b[d] != t->shape[d])
      return tsr_fail(TSR_ERR_INVALID, "%s: window_bounds dimension %d is %lld but the kernel's memref has %lld", what, d,
                      (long long)b[d], (long long)t->shape[d]);
  sp->rank = t->rank;
  for (int d = 0; d < t->rank; d++) sp->block_shape[d] = b[d];
  o->windowed = true;
  const mlir_ir_attr *ti = mlir_ir_dict_get(wp, "transform_indices");
  if (ti && ti->kind == MLIR_IR_ATTR_SYMBOL_REF) {
    const mlir_ir_op *tf = mlir_ir_module_lookup(m, ti->u.symbol.root);
    if (!tf) return tsr_fail(TSR_ERR_INVALID, "%s: transform function @%s not found", what, ti->u.symbol.root);
    tsr_status s = mosaic_prog_compile(tf, &o->transform);
    if (s != TSR_OK) return tsr_fail_context(s, "%s: @%s", what, ti->u.symbol.root);
    if (o->transform->nargs != k->grid_rank + k->nprefetch || o->transform->nret != t->rank)
      return tsr_fail(TSR_ERR_INVALID, "%s: @%s takes %d arguments and returns %d values; expected %d and %d", what,
                      ti->u.symbol.root, o->transform->nargs, o->transform->nret, k->grid_rank + k->nprefetch, t->rank);
    for (int a = 0; a < k->grid_rank; a++) {
      const mosaic_stype *at = &o->transform->types[o->transform->args[a]];
      if (at->rank != 0 || (at->cls != MOSAIC_VC_I32 && at->cls != MOSAIC_VC_I64))
        return tsr_fail(TSR_ERR_INVALID, "%s: @%s argument %d must be an integer", what, ti->u.symbol.root, a);
    }
    for (int r = 0; r < o->transform->nret; r++) {
      const mosaic_stype *rt = &o->transform->types[o->transform->insts[o->transform->body_end].opd[r]];
      if (rt->rank != 0 || (rt->cls != MOSAIC_VC_I32 && rt->cls != MOSAIC_VC_I64))
        return tsr_fail(TSR_ERR_INVALID, "%s: @%s result %d must be an integer", what, ti->u.symbol.root, r);
    }
    sp->index_map = mosaic_index_map;
    o->map_text = map_text_for(tf, k->grid_rank, k->nprefetch);
  } else if (ti && ti->kind != MLIR_IR_ATTR_AFFINE_MAP) {
    return tsr_fail(TSR_ERR_INVALID, "%s: transform_indices is neither a symbol nor an affine map", what);
  }
  const mlir_ir_attr *wk = mlir_ir_dict_get(wp, "window_kind");
  if (wk) {
    const mlir_ir_field *lo = mlir_ir_attr_field(wk, "pad_low"), *hi = mlir_ir_attr_field(wk, "pad_high");
    if (!lo || !hi) return tsr_fail(TSR_ERR_UNSUPPORTED, "%s: window_kind other than #tpu.element_window", what);
    for (int d = 0; d < lo->n; d++)
      if (lo->values[d] || (d < hi->n && hi->values[d]))
        return tsr_fail(TSR_ERR_UNSUPPORTED, "%s: element windows with padding are not supported", what);
    for (int d = 0; d < t->rank; d++) sp->element[d] = true;
  }
  const char *pm = mlir_ir_enum_keyword(mlir_ir_dict_get(wp, "pipeline_mode"), "tpu", "pipeline_mode");
  if (pm) sp->buffer_count = !strcmp(pm, "synchronous") ? 1 : 2;
  const char *rv = mlir_ir_enum_keyword(mlir_ir_dict_get(wp, "revisit_mode"), "tpu", "revisit_mode");
  if (rv && !strcmp(rv, "any")) sp->revisit = TSR_REVISIT_ANY;
  return TSR_OK;
}

static tsr_status create(const tsr_mlir_module *m, tsr_mosaic_kernel *k) {
  if (!m || !m->top) return tsr_fail(TSR_ERR_INVALID, "no module");
  const mlir_ir_op *fn = find_kernel(m);
  if (!fn) return tsr_fail(TSR_ERR_INVALID, "the module has no kernel func");
  const mlir_ir_attr *mn = mlir_ir_op_attr(m->top, "sym_name");
  TSR_TRY(mosaic_prog_compile(fn, &k->body));
  const char *name = mn && mn->kind == MLIR_IR_ATTR_STRING ? mn->u.string.data : k->body->name;
  /* printed in messages, reports and inspect: its control characters escaped, once */
  size_t cap = 4 * strlen(name) + 1;
  k->name = malloc(cap);
  if (!k->name) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  tsr_printable(name, k->name, cap);
  const mlir_ir_attr *ib = mlir_ir_op_attr(fn, "iteration_bounds");
  if (ib) {
    int64_t n = mlir_ir_attr_ints(ib, k->bounds, TSR_MAX_GRID);
    if (n < 0 || n > TSR_MAX_GRID) return tsr_fail(TSR_ERR_UNSUPPORTED, "iteration_bounds: at most %d grid dimensions", TSR_MAX_GRID);
    k->grid_rank = (int)n;
    for (int d = 0; d < k->grid_rank; d++) {
      if (k->bounds[d] == INT64_MIN) k->ndyn++;
      else if (k->bounds[d] < 0) return tsr_fail(TSR_ERR_INVALID, "iteration_bounds[%d] is %lld", d, (long long)k->bounds[d]);
    }
  }
  const mlir_ir_attr *ds = mlir_ir_op_attr(fn, "dimension_semantics");
  if (ds && ds->kind == MLIR_IR_ATTR_ARRAY) {
    if (ds->u.array.n != k->grid_rank)
      return tsr_fail(TSR_ERR_INVALID, "dimension_semantics has %d entries for a grid of rank %d", ds->u.array.n, k->grid_rank);
    for (int d = 0; d < k->grid_rank; d++) {
      const char *kw = mlir_ir_enum_keyword(ds->u.array.elems[d], "tpu", "dimension_semantics");
      if (!kw) return tsr_fail(TSR_ERR_INVALID, "dimension_semantics[%d] is not a #tpu.dimension_semantics", d);
      k->sem[d] = !strcmp(kw, "arbitrary") ? TSR_ARBITRARY : !strcmp(kw, "core_parallel") ? TSR_CORE_PARALLEL : TSR_PARALLEL;
    }
  }
  const mlir_ir_attr *ct = mlir_ir_op_attr(fn, "tpu.core_type");
  const char *ck = ct ? mlir_ir_enum_keyword(ct, "tpu", "core_type") : NULL;
  k->steps = !ck                                   ? TSR_STEPS_IN_ORDER
             : !strcmp(ck, "sc_vector_subcore") ? TSR_STEPS_VECTOR_SUBCORES
             : !strcmp(ck, "sc_scalar_subcore") ? TSR_STEPS_SCALAR_SUBCORES
                                                : TSR_STEPS_IN_ORDER;
  int64_t pf, sc;
  TSR_TRY(int_attr(fn, "scalar_prefetch", &pf));
  TSR_TRY(int_attr(fn, "scratch_operands", &sc));
  k->nprefetch = (int)pf;
  k->nscratch = (int)sc;
  const mosaic_prog *P = k->body;
  k->nio = P->nargs - k->grid_rank - k->nprefetch - k->nscratch;
  if (k->nio < 0)
    return tsr_fail(TSR_ERR_INVALID, "kernel @%s has %d arguments, fewer than %d grid indices + %d scalar prefetch + %d scratch",
                    P->name, P->nargs, k->grid_rank, k->nprefetch, k->nscratch);
  if (k->nio > TSR_MAX_OPERANDS)
    return tsr_fail(TSR_ERR_UNSUPPORTED, "kernel @%s has %d input and output operands, over the limit of %d (TSR_MAX_OPERANDS)",
                    P->name, k->nio, TSR_MAX_OPERANDS);
  const mlir_ir_attr *wps = mlir_ir_op_attr(fn, "window_params");
  if (wps && (wps->kind != MLIR_IR_ATTR_ARRAY || wps->u.array.n != k->nio))
    return tsr_fail(TSR_ERR_INVALID, "window_params has %d entries but the kernel has %d input and output operands",
                    wps && wps->kind == MLIR_IR_ATTR_ARRAY ? wps->u.array.n : -1, k->nio);
  for (int a = 0; a < P->nargs; a++) {
    const mosaic_stype *t = &P->types[P->args[a]];
    bool grid = a < k->grid_rank;
    if (grid ? (t->rank != 0 || t->cls == MOSAIC_VC_F || t->cls == MOSAIC_VC_REF) : t->cls != MOSAIC_VC_REF)
      return tsr_fail(TSR_ERR_INVALID, "kernel argument %d must be %s", a, grid ? "an integer grid index" : "a memref");
    if (!grid && a < k->grid_rank + k->nprefetch && t->space != TSR_SMEM)
      return tsr_fail(TSR_ERR_INVALID, "scalar-prefetch argument %d must be in SMEM", a);
  }
  k->io = calloc((size_t)(k->nio ? k->nio : 1), sizeof *k->io);
  k->scratch = calloc((size_t)(k->nscratch ? k->nscratch : 1), sizeof *k->scratch);
  if (!k->io || !k->scratch) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  int first_io = k->grid_rank + k->nprefetch;
  for (int i = 0; i < k->nio; i++) {
    mosaic_io_operand *o = &k->io[i];
    o->arg = first_io + i;
    o->t = P->types[P->args[o->arg]];
    o->index = i;
    o->k = k;
    if (tsr_dtype_is_semaphore(o->t.dtype)) { /* semaphores in XLA's memory, passed whole (call_semaphores.c) */
      o->spec.space = TSR_SEMAPHORE_MEM;
      o->spec.semaphore = o->t.dtype;
      continue;
    }
    TSR_TRY(load_window(k, m, i, wps ? wps->u.array.elems[i] : NULL));
  }
  for (int s = 0; s < k->nscratch; s++) {
    const mosaic_stype *t = &P->types[P->args[first_io + k->nio + s]];
    tsr_scratch_spec *sp = &k->scratch[s];
    sp->dtype = t->dtype;
    sp->space = tsr_dtype_is_semaphore(t->dtype) ? TSR_SEMAPHORE_MEM : t->space;
    sp->rank = t->rank;
    for (int d = 0; d < t->rank; d++) sp->shape[d] = t->shape[d];
  }
  io_uses(k, P, first_io);
  for (int i = 0; i < k->nscratch; i++)
    if (k->scratch[i].space == TSR_SEMAPHORE_MEM) k->split_safe = false;
  return TSR_OK;
}

tsr_status tsr_mosaic_kernel_create(const tsr_mlir_module *m, tsr_mosaic_kernel **out) {
  if (!out) return tsr_fail(TSR_ERR_INVALID, "no output handle");
  *out = NULL;
  tsr_mosaic_kernel *k = calloc(1, sizeof *k);
  if (!k) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  tsr_status s = create(m, k);
  if (s != TSR_OK) {
    tsr_mosaic_kernel_destroy(k);
    return tsr_fail_context(s, "Mosaic kernel");
  }
  *out = k;
  return TSR_OK;
}

/* ---- index maps ----------------------------------------------------------------------------- */

/* An index map computes a few block indices; one that runs this long never ends. */
#define INDEX_MAP_MAX_OPS 10000000

tsr_status mosaic_eval_map(const mosaic_prog *P, const int64_t *grid_index, const int64_t *grid, int grid_rank, const tsr_ref *prefetch,
                           int num_prefetch, int64_t *block_index) {
  _Alignas(64) char buf[8192];
  mosaic_frame f;
  TSR_TRY(mosaic_frame_init(P, &f, buf, sizeof buf));
  for (int a = 0; a < grid_rank && a < P->nargs; a++) {
    int32_t s = P->args[a];
    if (P->types[s].cls == MOSAIC_VC_I64) ((int64_t *)f.data[s])[0] = grid_index[a];
    else ((int32_t *)f.data[s])[0] = (int32_t)grid_index[a];
  }
  for (int p = 0; p < num_prefetch && grid_rank + p < P->nargs; p++) f.refs[P->args[grid_rank + p]] = prefetch[p];
  int64_t ops_left = INDEX_MAP_MAX_OPS;
  mosaic_exec x = {.P = P, .f = &f, .ops_left = &ops_left, .ops_limit = INDEX_MAP_MAX_OPS, .grid = grid, .grid_rank = grid_rank};
  tsr_status s = mosaic_exec_range(&x, 0, P->body_end);
  if (s == TSR_OK) {
    const mosaic_minst *t = &P->insts[P->body_end];
    for (int r = 0; r < t->nopd; r++) block_index[r] = mosaic_scalar_int(&x, t->opd[r]);
  }
  mosaic_frame_free(&f);
  return s;
}

tsr_status mosaic_index_map(void *user, const int64_t *grid_index, int grid_rank, const tsr_ref *prefetch,
                            int num_prefetch, int64_t *block_index) {
  const mosaic_map_call *mc = user;
  const mosaic_io_operand *o = mc->o;
  tsr_status s = mosaic_eval_map(o->transform, grid_index, mc->grid, grid_rank, prefetch, num_prefetch, block_index);
  if (s != TSR_OK) return tsr_fail_context(s, "index map @%s", o->transform->name);
  return TSR_OK;
}

/* Compact text of a transform func: `(i, j, k) -> (i, k)` when it returns grid indices and
 * constants, otherwise its ops in generic form. */
static char *map_text_for(const mlir_ir_op *tf, int grid, int prefetch) {
  static const char *const names[] = {"i", "j", "k", "l", "m", "n"};
  const mlir_ir_block *b = mlir_ir_op_entry_block(tf, 0);
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f || !b) { if (f) fclose(f); free(buf); return NULL; }
  const mlir_ir_op *ret = b->last;
  bool simple = ret && mlir_ir_op_is(ret, "func.return");
  for (int r = 0; simple && r < ret->n_operands; r++) {
    const mlir_ir_value *v = ret->operands[r].value;
    bool arg = !v->def_op && v->block == b && v->index < grid;
    bool cst = v->def_op && mlir_ir_op_is(v->def_op, "arith.constant");
    simple = arg || cst;
  }
  fputc('(', f);
  for (int a = 0; a < grid; a++) fprintf(f, "%s%s", a ? ", " : "", names[a]);
  for (int p = 0; p < prefetch; p++) fprintf(f, "%ss%d", grid + p ? ", " : "", p);
  fputs(") -> ", f);
  if (simple) {
    fputc('(', f);
    for (int r = 0; r < ret->n_operands; r++) {
      const mlir_ir_value *v = ret->operands[r].value;
      int64_t c = 0;
      if (v->def_op) mlir_ir_op_attr_int(v->def_op, "value", &c);
      if (v->def_op) fprintf(f, "%s%lld", r ? ", " : "", (long long)c);
      else fprintf(f, "%s%s", r ? ", " : "", names[v->index]);
    }
    fputc(')', f);
  } else {
    fputs("{\n", f);
    for (const mlir_ir_op *op = b->first; op; op = op->next) mlir_print_op(f, op, 0);
    fputs("}", f);
  }
  fclose(f);
  return buf;
}

/* ---- running -------------------------------------------------------------------------------- */

typedef struct run_state {
  tsr_mosaic_kernel *k;
  tsr_machine *m;
  int nin;
  int nrunners; /* per-runner state below, by machine_core.index: the cores, then the stand-ins */
  mosaic_frame_memory *mem; /* the frames' memory (from the kernel's last run, or new) */
  mosaic_frame *frames;
  bool *ready;
  uint32_t *seeds;
  uint64_t *counters;
  int64_t *ops_left; /* per runner; NULL: no limit */
  int64_t ops_limit;
  bool timing_only; /* run the needed instructions only (timing_only.c) */
  bool unchunked;   /* tsr_machine_options.unchunked */
  bool oob_raise;   /* tsr_machine_options.out_of_bounds_reads */
  uint8_t *oob_seen; /* per instruction of the body: an out-of-bounds read reported */
  bool unchecked;   /* tsr_mosaic_call_opts.disable_bounds_checks */
  const mosaic_minst *outside; /* the first op whose access reached outside its ref (unchecked) */
} run_state;

/* A memref type as messages name arrays: "f32[8,128]", "?" for a dynamic dimension. */
static const char *memref_text(const mosaic_stype *t, char *buf, size_t cap) {
  size_t n = (size_t)snprintf(buf, cap, "%s[", tsr_dtype_name(t->dtype));
  for (int d = 0; d < t->rank && n < cap; d++) {
    if (t->shape[d] < 0) n += (size_t)snprintf(buf + n, cap - n, "%s?", d ? "," : "");
    else n += (size_t)snprintf(buf + n, cap - n, "%s%lld", d ? "," : "", (long long)t->shape[d]);
  }
  if (n < cap) snprintf(buf + n, cap - n, "]");
  return buf;
}

static tsr_status bind_ref(mosaic_exec *x, int32_t slot, const tsr_ref *r, const char *what, int i) {
  const mosaic_stype *t = ST(x, slot);
  if (!r) return tsr_fail(TSR_ERR_INTERNAL, "%s %d has no view", what, i);
  bool ok = r->rank == t->rank && tsr_dtype_size(r->dtype) == tsr_dtype_size(t->dtype);
  for (int d = 0; ok && d < t->rank; d++) ok = r->shape[d] == t->shape[d];
  if (!ok) {
    char a[96], b[160];
    return tsr_fail(TSR_ERR_INVALID, "%s %d: the kernel sees %s but its memref type is %s", what, i,
                    tsr_ref_describe(r, a, sizeof a), memref_text(t, b, sizeof b));
  }
  tsr_ref v = *r;
  v.dtype = t->dtype; /* signless ints: the memref's own view of the bytes */
  *SR(x, slot) = v;
  return TSR_OK;
}

static tsr_status body_fn(tsr_ctx *ctx, void *user) {
  run_state *rs = user;
  tsr_mosaic_kernel *k = rs->k;
  const mosaic_prog *P = k->body;
  int runner = seam_runner(ctx); /* a stand-in runs a host part beside the core */
  if (runner < 0 || runner >= rs->nrunners) return tsr_fail(TSR_ERR_INTERNAL, "runner %d out of range", runner);
  if (!rs->ready[runner]) {
    mosaic_frame_memory *fm = rs->mem;
    if (!fm->mem[runner] && !(fm->mem[runner] = malloc(fm->bytes)))
      return tsr_fail(TSR_ERR_NOMEM, "out of host memory for the values of %s (%zu bytes)", P->name, fm->bytes);
    TSR_TRY(mosaic_frame_init(P, &rs->frames[runner], fm->mem[runner], fm->bytes));
    rs->ready[runner] = true;
  }
  mosaic_exec x = {.P = P, .f = &rs->frames[runner], .ctx = ctx, .observed = seam_accesses_observed(ctx),
            .prng_seed = &rs->seeds[runner], .prng_counter = &rs->counters[runner],
            .ops_left = rs->ops_left ? &rs->ops_left[runner] : NULL, .ops_limit = rs->ops_limit,
            .carry = seam_carry(ctx), .timing_only = rs->timing_only, .unchunked = rs->unchunked,
            .oob_raise = rs->oob_raise, .machine = rs->m, .oob_seen = rs->oob_seen,
            .unchecked = rs->unchecked, .outside = &rs->outside};
  /* a grid step counts as an op: a huge grid of empty bodies must stop too */
  if (x.ops_left && --*x.ops_left < 0) return mosaic_exec_over_budget(&x, NULL, k->name);
  for (int a = 0; a < k->grid_rank; a++) {
    int32_t s = P->args[a];
    int64_t v = tsr_ctx_program_id(ctx, a);
    if (P->types[s].cls == MOSAIC_VC_I64) SL(&x, s)[0] = v;
    else SI(&x, s)[0] = (int32_t)v;
  }
  for (int p = 0; p < k->nprefetch; p++) TSR_TRY(bind_ref(&x, P->args[k->grid_rank + p], tsr_ctx_prefetch(ctx, p), "scalar prefetch", p));
  for (int i = 0; i < k->nio; i++) {
    int32_t s = P->args[k->io[i].arg];
    if (i < rs->nin) TSR_TRY(bind_ref(&x, s, tsr_ctx_in(ctx, i), "input", i));
    else TSR_TRY(bind_ref(&x, s, tsr_ctx_out(ctx, i - rs->nin), "output", i - rs->nin));
  }
  for (int i = 0; i < k->nscratch; i++)
    TSR_TRY(bind_ref(&x, P->args[k->grid_rank + k->nprefetch + k->nio + i], tsr_ctx_scratch(ctx, i), "scratch", i));
  seam_scope scope = seam_scope_begin(ctx);
  tsr_status s = mosaic_exec_run(&x, 0, P->body_end);
  seam_scope_end(ctx, &scope);
  tsr_ctx_add_cost(ctx, &x.cost);
  return s;
}

tsr_status mosaic_build_desc(tsr_mosaic_kernel *k, const tsr_ref *operands, int num_operands, const tsr_ref *outputs,
                             int num_outputs, const tsr_mosaic_call_opts *opts, tsr_call_desc *d,
                             tsr_block_spec *specs, mosaic_map_call *maps) {
  memset(d, 0, sizeof *d);
  int nin = num_operands - k->nprefetch;
  if (num_operands < 0 || num_outputs < 0 || nin < 0 || nin + num_outputs != k->nio)
    return tsr_fail(TSR_ERR_INVALID, "kernel %s takes %d scalar-prefetch operands and %d inputs and outputs together; got %d "
                    "operands and %d outputs", k->name, k->nprefetch, k->nio, num_operands, num_outputs);
  if ((num_operands && !operands) || (num_outputs && !outputs)) return tsr_fail(TSR_ERR_INVALID, "missing operand arrays");
  int nd = opts ? opts->num_dynamic_bounds : 0;
  if (nd != k->ndyn) return tsr_fail(TSR_ERR_INVALID, "kernel %s has %d dynamic grid dimensions; %d values given", k->name, k->ndyn, nd);
  d->name = k->name;
  d->grid_rank = k->grid_rank;
  d->barrier_semaphore = k->uses_barrier;
  d->steps = k->steps;
  int di = 0;
  for (int g = 0; g < k->grid_rank; g++) {
    d->grid[g] = k->bounds[g] == INT64_MIN ? opts->dynamic_bounds[di++] : k->bounds[g];
    if (d->grid[g] < 0) return tsr_fail(TSR_ERR_INVALID, "dynamic grid dimension %d is %lld", g, (long long)d->grid[g]);
    d->semantics[g] = k->sem[g];
  }
  const mosaic_prog *P = k->body;
  for (int p = 0; p < k->nprefetch; p++) {
    const mosaic_stype *t = &P->types[P->args[k->grid_rank + p]];
    const tsr_ref *r = &operands[p];
    bool ok = r->rank == t->rank && tsr_dtype_size(r->dtype) == tsr_dtype_size(t->dtype);
    for (int q = 0; ok && q < t->rank; q++) ok = r->shape[q] == t->shape[q];
    if (!ok) {
      char a[96], b[160];
      return tsr_fail(TSR_ERR_INVALID, "scalar prefetch %d: array %s does not match the kernel's SMEM memref %s", p,
                      tsr_ref_describe(r, a, sizeof a), memref_text(t, b, sizeof b));
    }
  }
  for (int i = 0; i < k->nio; i++) {
    const tsr_ref *r = i < nin ? &operands[k->nprefetch + i] : &outputs[i - nin];
    const mosaic_stype *t = &k->io[i].t;
    char name[16], a[96], b[160];
    snprintf(name, sizeof name, "%s%d", i < nin ? "in" : "out", i < nin ? i : i - nin);
    if (tsr_dtype_is_semaphore(t->dtype)) { /* the array holds an int32 count per semaphore */
      bool ok = (r->dtype == TSR_I32 || r->dtype == TSR_U32) && r->rank == t->rank;
      for (int d = 0; ok && d < t->rank; d++) ok = r->shape[d] == t->shape[d];
      if (!ok)
        return tsr_fail(TSR_ERR_INVALID, "%s: array %s does not hold the int32 counts of the kernel's memref %s (an i32 "
                        "array of that shape)", name, tsr_ref_describe(r, a, sizeof a), memref_text(t, b, sizeof b));
    } else if (tsr_dtype_size(r->dtype) != tsr_dtype_size(t->dtype) || tsr_dtype_is_float(r->dtype) != tsr_dtype_is_float(t->dtype) ||
        r->rank != t->rank)
      return tsr_fail(TSR_ERR_INVALID, "%s: array %s does not match the kernel's memref %s: it takes an array of %s with %d "
                      "dimensions", name, tsr_ref_describe(r, a, sizeof a), memref_text(t, b, sizeof b), tsr_dtype_name(t->dtype),
                      t->rank);
    specs[i] = k->io[i].spec;
    if (specs[i].index_map) {
      maps[i].o = &k->io[i];
      memcpy(maps[i].grid, d->grid, sizeof d->grid);
      specs[i].index_map_user = &maps[i];
    }
  }
  d->num_prefetch = k->nprefetch;
  d->prefetch = operands;
  d->num_inputs = nin;
  d->inputs = operands + k->nprefetch;
  d->in_specs = specs;
  d->num_outputs = num_outputs;
  d->outputs = outputs;
  d->out_specs = specs + nin;
  d->num_scratch = k->nscratch;
  d->scratch = k->scratch;
  if (opts) {
    d->vmem_limit_bytes = opts->vmem_limit_bytes;
    d->aliases = opts->aliases;
    d->num_aliases = opts->num_aliases;
  }
  return TSR_OK;
}

bool mosaic_split_ok(const tsr_mosaic_kernel *k, const tsr_call_desc *d) {
  bool ok = __atomic_load_n(&k->split_safe, __ATOMIC_RELAXED);
  for (int i = 0; i < k->nio; i++) {
    tsr_space sp = k->io[i].spec.space;
    ok = ok && (i >= d->num_inputs || k->io[i].only_read) && (sp == TSR_VMEM || sp == TSR_SMEM);
  }
  return ok;
}

/* After a split: the op budget is per call and core, so the ops of a core's host parts count
 * against the core's own. Each part had the call's whole budget; if a core's parts together
 * spent more, the call in order would have failed, and the split may not stand. Either way
 * the budget is whole again for a run in order. */
static bool split_verdict(void *user, bool stands) {
  run_state *rs = user;
  if (!rs->ops_left) return stands;
  for (int c = 0; c < tsr_machine_num_cores(rs->m); c++) {
    int64_t used = 0; /* by the core and the stand-ins that ran for it (unused ones spent nothing) */
    for (int r = 0; r < rs->nrunners; r++)
      if (seam_runner_core(rs->m, r) == c) used += rs->ops_limit - rs->ops_left[r];
    stands = stands && used <= rs->ops_limit;
  }
  for (int r = 0; r < rs->nrunners; r++) rs->ops_left[r] = rs->ops_limit;
  return stands;
}

/* Every grid step counts as an op, so a core whose share of the grid has more steps than the
 * op budget fails in any case: it fails before anything runs, instead of after the budget's
 * worth of steps (a grid of 2^40 steps at the default budget of 10^9 ops would take minutes
 * to get there). */
static tsr_status check_steps_in_budget(const tsr_machine *m, const tsr_mosaic_kernel *k, const tsr_call_desc *d) {
  int64_t budget = seam_options(m)->max_kernel_ops;
  if (budget <= 0) return TSR_OK;
  for (int c = 0; c < tsr_machine_num_cores(m); c++) {
    int64_t share[TSR_MAX_GRID], off[TSR_MAX_GRID], steps;
    if (seam_grid_share(m, d, c, share, off) != TSR_OK) {
      tsr_clear_error();
      return TSR_OK; /* the run says why */
    }
    if (!tsr_grid_num_steps(share, d->grid_rank, &steps) || steps > budget) {
      char g[96];
      return tsr_fail(TSR_ERR_INVALID, "kernel %s: its grid %s gives core %d more grid steps than the op budget of %lld "
                      "ops and grid steps per core and call; `tessera run --max-ops N` or "
                      "tsr_machine_options.max_kernel_ops raises the limit", k->name,
                      tsr_format_dims(d->grid, d->grid_rank, g, sizeof g), c, (long long)budget);
    }
  }
  return TSR_OK;
}

/* Whether this call runs timing-only: asked for, and exact for this body (timing_only.c). */
static tsr_status timing_only_mode(tsr_machine *m, const tsr_mosaic_kernel *k, bool *on) {
  tsr_timing_only want = seam_options(m)->timing_only;
  const char *why = k->body->timing_inexact;
  *on = want != TSR_COMPUTE && !why;
  if (want == TSR_COMPUTE || !why) return TSR_OK;
  if (want == TSR_TIMING_ONLY_STRICT)
    return tsr_fail(TSR_ERR_UNSUPPORTED, "kernel %s cannot run timing-only (strict): %s", k->name, why);
  seam_warn(m, "kernel %s runs in full, not timing-only: %s", k->name, why);
  return TSR_OK;
}

tsr_status tsr_mosaic_kernel_run(tsr_machine *m, tsr_mosaic_kernel *k, const tsr_ref *operands, int num_operands,
                                 const tsr_ref *outputs, int num_outputs, const tsr_mosaic_call_opts *opts,
                                 tsr_call_stats *stats) {
  if (!m || !k) return tsr_fail(TSR_ERR_INVALID, "no machine or kernel");
  tsr_call_desc d;
  tsr_block_spec specs[TSR_MAX_OPERANDS];
  mosaic_map_call maps[TSR_MAX_OPERANDS];
  TSR_TRY(mosaic_build_desc(k, operands, num_operands, outputs, num_outputs, opts, &d, specs, maps));
  TSR_TRY(check_steps_in_budget(m, k, &d));
  /* A kernel with a barrier of its own (the barrier semaphore) gets no device barrier from
   * XLA, nor one that skips it (docs/checkers.md) */
  d.no_device_barrier = k->uses_barrier || (opts && opts->skip_device_barrier);
  run_state rs = {.k = k, .m = m, .nin = d.num_inputs, .nrunners = seam_num_runners(m),
                  .unchunked = seam_options(m)->unchunked, .unchecked = opts && opts->disable_bounds_checks,
                  .oob_raise = seam_options(m)->out_of_bounds_reads == TSR_OOB_READS_RAISE};
  TSR_TRY(timing_only_mode(m, k, &rs.timing_only));
  d.no_data = rs.timing_only;
  rs.mem = __atomic_exchange_n(&k->spare_frames, NULL, __ATOMIC_ACQ_REL);
  if (rs.mem && rs.mem->nrunners < rs.nrunners) { /* kept for a machine with fewer runners */
    frame_memory_free(rs.mem);
    rs.mem = NULL;
  }
  if (!rs.mem && (rs.mem = calloc(1, sizeof *rs.mem + sizeof(void *) * (size_t)rs.nrunners))) {
    rs.mem->nrunners = rs.nrunners;
    rs.mem->bytes = mosaic_frame_size(k->body);
  }
  rs.frames = calloc((size_t)rs.nrunners, sizeof *rs.frames);
  rs.ready = calloc((size_t)rs.nrunners, sizeof *rs.ready);
  rs.seeds = calloc((size_t)rs.nrunners, sizeof *rs.seeds);
  rs.counters = calloc((size_t)rs.nrunners, sizeof *rs.counters);
  rs.oob_seen = calloc((size_t)k->body->ninsts + 1, 1);
  rs.ops_limit = seam_options(m)->max_kernel_ops;
  rs.ops_left = rs.ops_limit > 0 ? calloc((size_t)rs.nrunners, sizeof *rs.ops_left) : NULL;
  for (int c = 0; rs.ops_left && c < rs.nrunners; c++) rs.ops_left[c] = rs.ops_limit;
  tsr_status s;
  if (!rs.mem || !rs.frames || !rs.ready || !rs.seeds || !rs.counters || !rs.oob_seen || (rs.ops_limit > 0 && !rs.ops_left)) {
    s = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  } else {
    d.body = body_fn;
    d.user = &rs;
    bool split_ok = !rs.timing_only && mosaic_split_ok(k, &d), wanted = split_ok;
    tsr_call_stats local;
    if (!stats) stats = &local;
    unsigned itself = SEAM_BODY_ACCESSES | (mosaic_prog_steps_itself(k->body) ? SEAM_BODY_STEPS : 0u);
    s = seam_pallas_call_run(m, &d, &split_ok, split_verdict, itself, stats);
    stats->timing_only = rs.timing_only;
    const mosaic_minst *out = __atomic_load_n(&rs.outside, __ATOMIC_ACQUIRE);
    if (out) /* a TPU would have touched other memory there, silently: say it once per site */
      seam_warn(m, "kernel %s: %s at %s reached outside its ref; with disable_bounds_checks the part outside "
                "was not accessed (a load reads poison there, a store or a DMA skips it)", k->name, out->name, out->loc);
    if (wanted && !split_ok) /* the split did not stand: later runs go in order */
      __atomic_store_n(&k->split_safe, false, __ATOMIC_RELAXED);
  }
  if (rs.mem) frame_memory_free(__atomic_exchange_n(&k->spare_frames, rs.mem, __ATOMIC_ACQ_REL));
  free(rs.frames);
  free(rs.ready);
  free(rs.seeds);
  free(rs.oob_seen);
  free(rs.counters);
  free(rs.ops_left);
  return s;
}

typedef struct devices_run {
  tsr_mosaic_kernel *k;
  const tsr_ref *const *operands, *const *outputs;
  int num_operands, num_outputs;
  const tsr_mosaic_call_opts *opts;
  tsr_call_stats *stats;
} devices_run;

static tsr_status run_on_device(tsr_machine *dm, int device, void *arg) {
  devices_run *r = arg;
  return tsr_mosaic_kernel_run(dm, r->k, r->operands[device], r->num_operands, r->outputs[device], r->num_outputs, r->opts,
                               r->stats ? &r->stats[device] : NULL);
}

tsr_status tsr_mosaic_kernel_run_devices(tsr_machine *m, tsr_mosaic_kernel *k, const tsr_ref *const *operands,
                                         int num_operands, const tsr_ref *const *outputs, int num_outputs,
                                         const tsr_mosaic_call_opts *opts, tsr_call_stats *stats) {
  if (!m || !k || !operands || !outputs) return tsr_fail(TSR_ERR_INVALID, "no machine, kernel or arrays");
  devices_run r = {k, operands, outputs, num_operands, num_outputs, opts, stats};
  return seam_run_devices(m, run_on_device, &r);
}
