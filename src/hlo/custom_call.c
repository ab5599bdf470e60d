/* stablehlo.custom_call @tpu_custom_call in the interpreter: what the op carries besides the
 * kernel (operand/result layouts, output_operand_aliases, kernel_name; reference/
 * mosaic_artifact.md 1.3, 1.4), its kernel from backend_config (tpu_kernel.c) and the call's
 * run on the interpreter's tensors; bare Mosaic modules; `inspect`'s plan of each kernel. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/grow.h"
#include "hlo/hlo_internal.h"
#include "machine/mesh.h"
#include "tessera/mosaic.h"

/* operand_layouts / result_layouts: each must be row-major, i.e. [rank-1, ..., 1, 0]. */
static tsr_status check_layouts(const mlir_ir_op *op, const char *name, int n, const mlir_ir_type *(*type_of)(const mlir_ir_op *, int)) {
  const mlir_ir_attr *a = mlir_ir_op_attr(op, name);
  if (!a) return TSR_OK;
  if (a->kind != MLIR_IR_ATTR_ARRAY || a->u.array.n != n)
    return hlo_op_fail(op, TSR_ERR_INVALID, "%s must have one layout per value", name);
  for (int i = 0; i < n; i++) {
    int64_t v[TSR_MAX_RANK];
    int64_t m = mlir_ir_attr_ints(a->u.array.elems[i], v, TSR_MAX_RANK);
    int rank = mlir_ir_type_rank(type_of(op, i));
    if (m != rank) return hlo_op_fail(op, TSR_ERR_INVALID, "%s[%d] has %lld entries for rank %d", name, i, (long long)m, rank);
    for (int d = 0; d < rank; d++)
      if (v[d] != rank - 1 - d)
        return hlo_op_fail(op, TSR_ERR_UNSUPPORTED, "%s[%d] is not row-major (minor-to-major must be [%d..0]); tessera runs row-major arrays only", name, i, rank - 1);
  }
  return TSR_OK;
}

/* The operand arrays below are sized for TSR_MAX_OPERANDS inputs (with max_in room for more:
 * dynamic grid bounds) and outputs; a call with more is refused naming the limits. op: where,
 * or NULL. */
static tsr_status operand_counts(const mlir_ir_op *op, int n_in, int max_in, int n_out) {
  if (n_in <= max_in && n_out <= TSR_MAX_OPERANDS) return TSR_OK;
  const char *fmt = "%d operands and %d results, over the limits of %d and %d";
  return op ? hlo_op_fail(op, TSR_ERR_UNSUPPORTED, fmt, n_in, n_out, max_in, TSR_MAX_OPERANDS)
            : tsr_fail(TSR_ERR_UNSUPPORTED, fmt, n_in, n_out, max_in, TSR_MAX_OPERANDS);
}

static const mlir_ir_type *operand_type(const mlir_ir_op *op, int i) { return op->operands[i].value->type; }
static const mlir_ir_type *result_type(const mlir_ir_op *op, int i) { return op->results[i]->type; }

static tsr_status parse_aliases(const mlir_ir_op *op, tsr_alias *aliases, int cap, int *n) {
  const mlir_ir_attr *a = mlir_ir_op_attr(op, "output_operand_aliases");
  *n = 0;
  if (!a) return TSR_OK;
  if (a->kind != MLIR_IR_ATTR_ARRAY) return hlo_op_fail(op, TSR_ERR_INVALID, "output_operand_aliases is not an array");
  if (a->u.array.n > cap) return hlo_op_fail(op, TSR_ERR_UNSUPPORTED, "more than %d aliases", cap);
  for (int i = 0; i < a->u.array.n; i++) {
    const mlir_ir_attr *e = a->u.array.elems[i];
    const mlir_ir_field *out = mlir_ir_attr_field(e, "output_tuple_indices");
    const mlir_ir_field *opi = mlir_ir_attr_field(e, "operand_index");
    const mlir_ir_field *opt = mlir_ir_attr_field(e, "operand_tuple_indices");
    if (!opi || opi->n != 1 || (out && out->n > 1) || (opt && opt->n > 0))
      return hlo_op_fail(op, TSR_ERR_INVALID, "output_operand_aliases[%d] is malformed", i);
    int o = out && out->n == 1 ? (int)out->values[0] : 0;
    int operand = (int)opi->values[0];
    if (operand < 0 || operand >= op->n_operands || o < 0 || o >= op->n_results)
      return hlo_op_fail(op, TSR_ERR_INVALID, "output_operand_aliases[%d] out of range", i);
    aliases[(*n)++] = (tsr_alias){.input = operand, .output = o};
  }
  return TSR_OK;
}

static tsr_status add_kernel(tsr_hlo_program *p, tsr_hlo_kernel *k) {
  if (!GROW_ARRAY(p->kernels, p->n_kernels, p->cap_kernels, 4)) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  p->kernels[p->n_kernels++] = k;
  return TSR_OK;
}

static const char *sharding_text(const mlir_ir_op *op) {
  const mlir_ir_attr *a = op ? mlir_ir_op_attr(op, "mhlo.sharding") : NULL;
  return a && a->kind == MLIR_IR_ATTR_STRING ? a->u.string.data : NULL;
}

/* @Sharding (a hint: its operand), @SPMDFullToShardShape (the global value, tiled as the
 * @Sharding before it says, becomes each device's tile) and @SPMDShardToFullShape (each
 * device's tile back into the global value, tiled as its own mhlo.sharding says). */
static tsr_status prep_spmd_marker(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args, const char *target) {
  const mlir_ir_op *op = in->op;
  if (in->n_in != 1 || in->n_out != 1) return hlo_op_fail(op, TSR_ERR_INVALID, "@%s takes one operand and gives one result", target);
  if (!strcmp(target, "Sharding")) {
    if (!hlo_type_eq(&args[0], in->res_t)) return hlo_op_fail(op, TSR_ERR_INVALID, "@Sharding's result is not of its operand's type");
    in->aux = HLO_CC_SHARDING;
    return TSR_OK;
  }
  bool to_shard = !strcmp(target, "SPMDFullToShardShape");
  const mlir_ir_op *from = to_shard ? op->operands[0].value->def_op : op;
  const mlir_ir_attr *ft = from ? mlir_ir_op_attr(from, "call_target_name") : NULL;
  const char *text = sharding_text(from);
  if (to_shard && (!ft || ft->kind != MLIR_IR_ATTR_STRING || strcmp(ft->u.string.data, "Sharding") || !text))
    return hlo_op_fail(op, TSR_ERR_INVALID, "@SPMDFullToShardShape's operand must come from a @Sharding custom call with an "
                       "mhlo.sharding (the global value's tiling)");
  if (!text) return hlo_op_fail(op, TSR_ERR_INVALID, "@SPMDShardToFullShape needs an mhlo.sharding (the global value's tiling)");
  hlo_spmd *sp = calloc(1, sizeof *sp);
  if (!sp) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  in->spmd = sp;
  sp->n_dev = p->num_devices;
  in->aux = to_shard ? HLO_CC_FULL_TO_SHARD : HLO_CC_SHARD_TO_FULL;
  return hlo_sharding_tiles(op, text, p->num_devices, to_shard ? &args[0] : in->res_t, to_shard ? in->res_t : &args[0], sp);
}

/* Targets that pass their operand on unchanged: where a value lives (JAX's memory kinds:
 * device, pinned host; host offloading), which tessera's one memory does not tell apart. */
static const char *const placements[] = {"annotate_device_placement", "MoveToHost", "MoveToDevice", NULL};

tsr_status hlo_prep_custom_call(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  const mlir_ir_op *op = in->op;
  const mlir_ir_attr *target = mlir_ir_op_attr(op, "call_target_name");
  for (int i = 0; target && target->kind == MLIR_IR_ATTR_STRING && placements[i]; i++)
    if (!strcmp(target->u.string.data, placements[i])) {
      if (in->n_in != 1 || in->n_out != 1 || !hlo_type_eq(&args[0], in->res_t))
        return hlo_op_fail(op, TSR_ERR_INVALID, "@%s takes one operand and gives it back", placements[i]);
      in->aux = HLO_CC_SHARDING;
      return TSR_OK;
    }
  /* AllocateBuffer: a buffer of the result's type, uninitialized in XLA (the kernel that gets
   * it writes it); tessera's is zeroed */
  if (target && target->kind == MLIR_IR_ATTR_STRING && !strcmp(target->u.string.data, "AllocateBuffer")) {
    if (in->n_in != 0 || in->n_out != 1) return hlo_op_fail(op, TSR_ERR_INVALID, "@AllocateBuffer takes no operand and gives one result");
    in->aux = HLO_CC_ALLOCATE;
    return TSR_OK;
  }
  if (target && target->kind == MLIR_IR_ATTR_STRING &&
      (!strcmp(target->u.string.data, "Sharding") || !strcmp(target->u.string.data, "SPMDFullToShardShape") ||
       !strcmp(target->u.string.data, "SPMDShardToFullShape")))
    return prep_spmd_marker(p, in, args, target->u.string.data);
  if (!target || target->kind != MLIR_IR_ATTR_STRING || strcmp(target->u.string.data, "tpu_custom_call"))
    return hlo_op_fail(op, TSR_ERR_UNSUPPORTED, "custom call target '%s' is not supported (tpu_custom_call, the SPMD "
                       "markers, placement annotations and AllocateBuffer are)",
                       target && target->kind == MLIR_IR_ATTR_STRING ? target->u.string.data : "?");
  const mlir_ir_attr *kn = mlir_ir_op_attr(op, "kernel_name");
  const char *name = kn && kn->kind == MLIR_IR_ATTR_STRING ? kn->u.string.data : "";
  TSR_TRY(check_layouts(op, "operand_layouts", op->n_operands, operand_type));
  TSR_TRY(check_layouts(op, "result_layouts", op->n_results, result_type));
  tsr_alias aliases[16];
  int n_aliases;
  TSR_TRY(parse_aliases(op, aliases, 16, &n_aliases));
  const mlir_ir_attr *cfg = mlir_ir_op_attr(op, "backend_config");
  if (!cfg || cfg->kind != MLIR_IR_ATTR_STRING) return hlo_op_fail(op, TSR_ERR_PARSE, "backend_config is not a string");
  tsr_hlo_kernel_desc d = {.backend_config = cfg->u.string.data, .backend_config_len = cfg->u.string.len, .name = name,
                           .aliases = aliases, .num_aliases = n_aliases, .num_results = op->n_results, .results_known = true};
  tsr_hlo_kernel *k;
  tsr_status s = tsr_hlo_kernel_create(&d, &k);
  if (s != TSR_OK) {
    char loc[256];
    return tsr_fail_context(s, "%s: tpu_custom_call%s%s%s", hlo_loc(op, loc, sizeof loc), *name ? " '" : "", name, *name ? "'" : "");
  }
  s = add_kernel(p, k);
  if (s != TSR_OK) {
    tsr_hlo_kernel_destroy(k);
    return s;
  }
  if (in->n_in != tsr_hlo_kernel_num_operands(k) || in->n_out != k->n_outputs)
    return hlo_op_fail(op, TSR_ERR_INVALID, "kernel '%s' takes %d dynamic bounds + %d prefetch + %d inputs and gives %d outputs; the call has %d operands and %d results",
                       k->name, k->n_dyn, k->n_prefetch, k->n_inputs, k->n_outputs, in->n_in, in->n_out);
  in->kernel = k;
  return TSR_OK;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void add_stats(tsr_call_stats *sum, const tsr_call_stats *s) {
  sum->steps += s->steps;
  tsr_dma_counts_add(&sum->dma, &s->dma);
  if (s->cores > sum->cores) sum->cores = s->cores;
  if (s->parts > sum->parts) sum->parts = s->parts;
}

/* The element type a kernel sees for a graph value's: Mosaic's integers are signless, so a
 * uint4 value (a byte an element, 0..15) is the kernel's int4 of the same low nibble, which it
 * reads sign-extended and writes back sign-extended; the graph reads the nibble again. */
static tsr_dtype kernel_dtype(tsr_dtype t) { return t == TSR_U4 ? TSR_I4 : t; }

/* A bare kernel's operands are the Mosaic kernel's own; a custom call's, the call's. */
static tsr_status call_kernel(hlo_exec *x, tsr_hlo_kernel *k, bool bare, const tsr_ref *ops, int n_ops, const tsr_ref *outs) {
  if (!x->opts->machine) return tsr_fail(TSR_ERR_INVALID, "running a kernel needs a machine (tsr_hlo_run_opts.machine)");
  tsr_call_stats cs = {0};
  double t0 = now();
  tsr_status s = bare ? tsr_mosaic_kernel_run(x->opts->machine, k->k, ops, n_ops, outs, k->n_outputs, NULL, &cs)
                      : tsr_hlo_kernel_run(k, x->opts->machine, ops, n_ops, outs, k->n_outputs, &cs);
  if (x->st) {
    x->st->kernel_seconds += now() - t0;
    x->st->kernel_calls++;
    x->st->timing_only_calls += cs.timing_only;
    add_stats(&x->st->kernel, &cs);
  }
  return s;
}

/* An aliased output starts as a copy of its input (tsr_hlo_kernel_run makes it), which the
 * kernel reads and writes: the input value itself may still be used by later ops. */
tsr_status hlo_run_custom_call(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  if (in->aux == HLO_CC_ALLOCATE) {
    TSR_TRY(hlo_alloc(x, &res[0]));
    memset(res[0].buf->data, 0, res[0].buf->bytes);
    return TSR_OK;
  }
  if (in->aux) { /* outside lockstep, a program of one device: its tile is the whole value */
    if (in->aux != HLO_CC_SHARDING && (x->num_devices > 1 || in->spmd->n_dev > 1))
      return hlo_op_fail(in->op, TSR_ERR_UNSUPPORTED, "a shard_map marker inside a region (while, if, ...) of a program "
                         "of several devices");
    res[0].buf = args[0].buf;
    hlo_retain(res[0].buf);
    return TSR_OK;
  }
  tsr_ref ops[TSR_MAX_OPERANDS + TSR_MAX_GRID], outs[TSR_MAX_OPERANDS];
  TSR_TRY(operand_counts(in->op, in->n_in, TSR_MAX_OPERANDS + TSR_MAX_GRID, in->n_out));
  for (int i = 0; i < in->n_out; i++) {
    tsr_status s = hlo_alloc(x, &res[i]);
    if (s != TSR_OK) return s; /* the executor releases what was allocated */
    outs[i] = tsr_ref_dense(res[i].buf->data, kernel_dtype(res[i].t.dtype), TSR_HBM, res[i].t.rank, res[i].t.shape);
  }
  for (int i = 0; i < in->n_in; i++) ops[i] = tsr_ref_dense(args[i].buf->data, kernel_dtype(args[i].t.dtype), TSR_HBM, args[i].t.rank, args[i].t.shape);
  return call_kernel(x, in->kernel, false, ops, in->n_in, outs);
}

tsr_status hlo_spmd_marker_devices(hlo_exec *x, const hlo_inst *in, int n, hlo_val *const *args, hlo_val *const *res) {
  const hlo_spmd *sp = in->spmd;
  if (n != sp->n_dev) return hlo_op_fail(in->op, TSR_ERR_INVALID, "its tiling is of %d devices; it runs on %d", sp->n_dev, n);
  bool to_shard = in->aux == HLO_CC_FULL_TO_SHARD;
  const hlo_type *local = to_shard ? &res[0][0].t : &args[0][0].t, *global = to_shard ? &args[0][0].t : &res[0][0].t;
  size_t es = tsr_dtype_size(local->dtype);
  if (!to_shard) TSR_TRY(hlo_alloc(x, &res[0][0]));
  for (int d = 0; d < n; d++) {
    int64_t off[TSR_MAX_RANK];
    for (int k = 0; k < local->rank; k++) off[k] = sp->tile_at[d][k] * local->shape[k];
    if (to_shard) {
      tsr_status s = hlo_alloc(x, &res[d][0]);
      if (s != TSR_OK) {
        for (int e = 0; e < d; e++) { hlo_release(x, res[e][0].buf); res[e][0].buf = NULL; }
        return s;
      }
      hlo_box_copy(args[d][0].buf->data, global->shape, res[d][0].buf->data, local->shape, off, local->rank, es, true);
    } else {
      if (sp->first_copy[d])
        hlo_box_copy(res[0][0].buf->data, global->shape, args[d][0].buf->data, local->shape, off, local->rank, es, false);
      if (d) {
        res[d][0].buf = res[0][0].buf; /* the one global value, every device's */
        hlo_retain(res[d][0].buf);
      }
    }
  }
  return TSR_OK;
}

/* A kernel inside a manual computation runs on every device at once: the devices' remote
 * copies and signals meet in one machine of that many devices. A kernel that does not talk
 * to other devices may run device after device on a machine of one. */
tsr_status hlo_custom_call_devices(hlo_exec *x, const hlo_inst *in, int n, hlo_val *const *args, hlo_val *const *res) {
  tsr_hlo_kernel *k = in->kernel;
  tsr_machine *m = x->opts->machine;
  if (!m) return tsr_fail(TSR_ERR_INVALID, "running a kernel needs a machine (tsr_hlo_run_opts.machine)");
  TSR_TRY(operand_counts(in->op, in->n_in, TSR_MAX_OPERANDS + TSR_MAX_GRID, in->n_out));
  int machine_devices = tsr_machine_num_devices(m);
  if (machine_devices != n && (machine_devices != 1 || k->has_communication))
    return tsr_fail(TSR_ERR_INVALID, "kernel '%s' runs on the manual computation's %d devices%s, but the machine has %d "
                    "(tsr_machine_options.num_devices; `tessera run` takes the module's)", k->name, n,
                    k->has_communication ? " and talks between them" : "", machine_devices);
  tsr_ref *refs = malloc(sizeof *refs * (size_t)n * (size_t)(in->n_in + in->n_out + 1));
  tsr_call_stats *cs = calloc((size_t)n, sizeof *cs);
  const tsr_ref *ops[TSR_MAX_DEVICES], *outs[TSR_MAX_DEVICES];
  tsr_status s = refs && cs ? TSR_OK : tsr_fail(TSR_ERR_NOMEM, "out of memory");
  int made = 0;
  for (; made < n && s == TSR_OK; made++) {
    tsr_ref *r = refs + (size_t)made * (size_t)(in->n_in + in->n_out);
    s = hlo_alloc_all(x, res[made], in->n_out);
    if (s != TSR_OK) break;
    for (int i = 0; i < in->n_in; i++)
      r[i] = tsr_ref_dense(args[made][i].buf->data, kernel_dtype(args[made][i].t.dtype), TSR_HBM, args[made][i].t.rank, args[made][i].t.shape);
    for (int i = 0; i < in->n_out; i++)
      r[in->n_in + i] = tsr_ref_dense(res[made][i].buf->data, kernel_dtype(res[made][i].t.dtype), TSR_HBM, res[made][i].t.rank, res[made][i].t.shape);
    ops[made] = r;
    outs[made] = r + in->n_in;
  }
  double t0 = now();
  if (s == TSR_OK && machine_devices == n) {
    s = tsr_hlo_kernel_run_devices(k, m, ops, in->n_in, outs, in->n_out, cs);
    if (s == TSR_OK) s = machine_mesh_share_results(m, outs, in->n_out); /* under MPI: every device's, here too */
  } else {
    for (int d = 0; d < n && s == TSR_OK; d++) {
      s = tsr_hlo_kernel_run(k, m, ops[d], in->n_in, outs[d], in->n_out, &cs[d]);
      if (s != TSR_OK) s = tsr_fail_context(s, "device %d", d);
    }
  }
  if (x->st && s == TSR_OK) {
    x->st->kernel_seconds += now() - t0;
    x->st->kernel_calls++;
    x->st->timing_only_calls += cs[0].timing_only; /* one call of every device */
    for (int d = 0; d < n; d++) add_stats(&x->st->kernel, &cs[d]);
  }
  if (s != TSR_OK)
    for (int d = 0; d < made; d++)
      for (int i = 0; i < in->n_out; i++) { hlo_release(x, res[d][i].buf); res[d][i].buf = NULL; }
  free(refs);
  free(cs);
  return s;
}

/* ---- bare Mosaic modules ---- */

static const mlir_ir_op *kernel_func(const tsr_hlo_program *p) {
  for (const mlir_ir_op *op = p->m->top && p->m->top->n_regions ? mlir_ir_op_entry_block(p->m->top, 0)->first : NULL; op; op = op->next)
    if (mlir_ir_op_is(op, "func.func") && (mlir_ir_op_attr(op, "dimension_semantics") || mlir_ir_op_attr(op, "window_params") ||
                                          mlir_ir_op_attr(op, "iteration_bounds")))
      return op;
  return NULL;
}

tsr_status hlo_bare_compile(tsr_hlo_program *p) {
  tsr_hlo_kernel *k = calloc(1, sizeof *k);
  if (!k) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  p->bare = k;
  k->serialization_format = -1;
  TSR_TRY(tsr_mlir_mosaic_view(p->m));
  TSR_TRY(hlo_kernel_load(k, p->m));
  p->bare_inputs = k->n_prefetch + k->n_inputs;
  p->bare_outputs = k->n_outputs;
  if (k->n_dyn) return tsr_fail(TSR_ERR_UNSUPPORTED, "a bare kernel with dynamic grid bounds needs a StableHLO module around it");
  return TSR_OK;
}

/* A memref argument's type as an array type (static shapes only). */
static bool memref_arg_type(const mlir_ir_op *f, int arg, tsr_array *type) {
  const mlir_ir_block *b = mlir_ir_op_entry_block(f, 0);
  if (!b || arg >= b->n_args) return false;
  const mlir_ir_type *t = b->args[arg]->type;
  if (!t || t->kind != MLIR_IR_TYPE_MEMREF || t->u.shaped.rank > TSR_MAX_RANK) return false;
  if (!mlir_ir_type_dtype(t->u.shaped.element, &type->dtype)) return false;
  if (tsr_dtype_is_semaphore(type->dtype)) type->dtype = TSR_I32; /* XLA's array of their counts */
  type->rank = t->u.shaped.rank;
  for (int d = 0; d < type->rank; d++) {
    type->shape[d] = t->u.shaped.shape[d];
    if (type->shape[d] < 0) return false;
  }
  return true;
}

bool hlo_bare_input_type(const tsr_hlo_program *p, int i, tsr_array *type) {
  /* A grid-less kernel's operands, and scalar-prefetch operands, are whole arrays: their
   * memref shapes are the array shapes. With a grid, an input's array is the extent its
   * blocks reach over the grid, worked out with all-zero scalar-prefetch operands. */
  const mlir_ir_op *f = kernel_func(p);
  const tsr_hlo_kernel *k = p->bare;
  if (!f || i < 0 || i >= p->bare_inputs) return false;
  int64_t bounds[TSR_MAX_RANK];
  const mlir_ir_attr *ib = mlir_ir_op_attr(f, "iteration_bounds");
  int grid_rank = ib ? (int)mlir_ir_attr_ints(ib, bounds, TSR_MAX_RANK) : 0;
  if (grid_rank < 0) return false;
  if (grid_rank == 0 || i < k->n_prefetch) return memref_arg_type(f, grid_rank + i, type);
  if (k->n_dyn || k->n_prefetch > TSR_MAX_OPERANDS) return false;
  tsr_array pre[TSR_MAX_OPERANDS];
  tsr_ref pref[TSR_MAX_OPERANDS], in;
  int np = 0;
  bool ok = true;
  for (; ok && np < k->n_prefetch; np++) {
    tsr_array t;
    ok = memref_arg_type(f, grid_rank + np, &t) && tsr_array_alloc(&pre[np], t.dtype, t.rank, t.shape) == TSR_OK;
    if (!ok) break;
    pref[np] = tsr_array_ref(&pre[np], TSR_HBM);
  }
  ok = ok && tsr_mosaic_kernel_input_shape(k->k, pref, k->n_prefetch, NULL, i - k->n_prefetch, &in) == TSR_OK;
  if (ok) {
    type->dtype = in.dtype;
    type->rank = in.rank;
    memcpy(type->shape, in.shape, sizeof type->shape);
  }
  for (int q = 0; q < np; q++) tsr_array_free(&pre[q]);
  return ok;
}

/* Rows [d * rows/n, (d + 1) * rows/n) of a dense array: device d's shard. */
static tsr_ref shard_of(const tsr_ref *whole, int d, int n) {
  tsr_ref r = *whole;
  r.shape[0] = whole->shape[0] / n;
  r.data += (int64_t)d * r.shape[0] * whole->stride[0] * (int64_t)tsr_dtype_size(whole->dtype);
  return r;
}

/* The shards of bare_run_devices: device d's operands at shards[d * (n + outputs)], its
 * results after them; allocates the global results. */
static tsr_status bare_shard(hlo_exec *x, tsr_hlo_kernel *k, int devices, const tsr_ref *ops, int n, tsr_array *outputs,
                             tsr_ref *shards, tsr_ref *outs) {
  size_t per = (size_t)(n + k->n_outputs);
  for (int i = 0; i < n; i++) {
    if (ops[i].rank == 0 || ops[i].shape[0] % devices) {
      char a[96];
      return tsr_fail(TSR_ERR_INVALID, "input %d: %s does not split into %d equal shards along its first dimension "
                      "(a bare kernel on %d devices takes global arrays)", i, tsr_ref_describe(&ops[i], a, sizeof a),
                      devices, devices);
    }
    for (int d = 0; d < devices; d++) shards[d * per + (size_t)i] = shard_of(&ops[i], d, devices);
  }
  tsr_mosaic_call_opts co = {0};
  TSR_TRY(tsr_mosaic_kernel_output_shapes(k->k, shards, n, &co, outs, k->n_outputs));
  tsr_status s = TSR_OK;
  for (int i = 0; i < k->n_outputs && s == TSR_OK; i++) {
    if (outs[i].rank == 0) s = tsr_fail(TSR_ERR_UNSUPPORTED, "output %d is a scalar: a bare kernel on several devices "
                                        "stacks its results along their first dimension", i);
    outs[i].shape[0] *= devices;
    if (s == TSR_OK) s = hlo_admit(x, (int64_t)tsr_ref_bytes(&outs[i]));
    if (s == TSR_OK) s = tsr_array_alloc(&outputs[i], outs[i].dtype, outs[i].rank, outs[i].shape);
    if (s == TSR_OK) x->live += (int64_t)tsr_array_bytes(&outputs[i]);
    outs[i] = tsr_array_ref(&outputs[i], TSR_HBM);
    if (x->st) x->st->output_bytes += (int64_t)tsr_array_bytes(&outputs[i]);
    for (int d = 0; s == TSR_OK && d < devices; d++) shards[d * per + (size_t)n + (size_t)i] = shard_of(&outs[i], d, devices);
  }
  if (x->st) x->st->peak_bytes = x->st->input_bytes + x->st->output_bytes;
  return s;
}

/* A bare kernel on many devices: every operand and result is a global array split along its
 * first dimension, one equal shard per device (as shard_map with P(axis) on every array). */
static tsr_status bare_run_devices(hlo_exec *x, tsr_hlo_kernel *k, int devices, tsr_ref *ops, int n, tsr_array *outputs) {
  tsr_ref outs[64];
  const tsr_ref *op_ptrs[TSR_MAX_DEVICES], *out_ptrs[TSR_MAX_DEVICES];
  tsr_ref *shards = malloc(sizeof *shards * (size_t)devices * (size_t)(n + k->n_outputs + 1));
  if (!shards) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  tsr_status s = bare_shard(x, k, devices, ops, n, outputs, shards, outs);
  for (int d = 0; d < devices; d++) op_ptrs[d] = shards + (size_t)d * (size_t)(n + k->n_outputs), out_ptrs[d] = op_ptrs[d] + n;
  tsr_call_stats cs[TSR_MAX_DEVICES];
  memset(cs, 0, sizeof cs);
  double t0 = now();
  if (s == TSR_OK) s = tsr_mosaic_kernel_run_devices(x->opts->machine, k->k, op_ptrs, n, out_ptrs, k->n_outputs, NULL, cs);
  free(shards);
  if (x->st && s == TSR_OK) {
    x->st->kernel_seconds += now() - t0;
    x->st->kernel_calls++;
    for (int d = 0; d < devices; d++) add_stats(&x->st->kernel, &cs[d]);
  }
  if (s != TSR_OK)
    for (int i = 0; i < k->n_outputs; i++) tsr_array_free(&outputs[i]);
  return s;
}

tsr_status hlo_bare_run(hlo_exec *x, const tsr_array *inputs, int n, tsr_array *outputs) {
  tsr_hlo_kernel *k = x->p->bare;
  tsr_ref ops[TSR_MAX_OPERANDS], outs[TSR_MAX_OPERANDS];
  TSR_TRY(operand_counts(NULL, n, TSR_MAX_OPERANDS, k->n_outputs));
  for (int i = 0; i < n; i++) {
    ops[i] = tsr_array_ref(&inputs[i], TSR_HBM);
    x->live += (int64_t)tsr_array_bytes(&inputs[i]);
  }
  if (!x->opts->machine) return tsr_fail(TSR_ERR_INVALID, "running a kernel needs a machine (tsr_hlo_run_opts.machine)");
  int devices = tsr_machine_num_devices(x->opts->machine);
  if (devices > 1) return bare_run_devices(x, k, devices, ops, n, outputs);
  tsr_mosaic_call_opts co = {0};
  TSR_TRY(tsr_mosaic_kernel_output_shapes(k->k, ops, n, &co, outs, k->n_outputs));
  tsr_status s = TSR_OK;
  for (int i = 0; i < k->n_outputs && s == TSR_OK; i++) {
    s = hlo_admit(x, (int64_t)tsr_ref_bytes(&outs[i]));
    if (s == TSR_OK) s = tsr_array_alloc(&outputs[i], outs[i].dtype, outs[i].rank, outs[i].shape);
    if (s == TSR_OK) x->live += (int64_t)tsr_array_bytes(&outputs[i]);
    outs[i] = tsr_array_ref(&outputs[i], TSR_HBM);
    if (x->st) x->st->output_bytes += (int64_t)tsr_array_bytes(&outputs[i]);
  }
  if (x->st) x->st->peak_bytes = x->st->input_bytes + x->st->output_bytes;
  if (s == TSR_OK) s = call_kernel(x, k, true, ops, n, outs);
  if (s != TSR_OK)
    for (int i = 0; i < k->n_outputs; i++) tsr_array_free(&outputs[i]);
  return s;
}

/* ---- inspect ---- */

typedef struct describe_walk {
  tsr_hlo_program *p;
  tsr_machine *m;
  int plan_steps, index;
  FILE *out;
  tsr_status s;
} describe_walk;

/* An operand for the description: the plan reads no array data (tsr_mosaic_kernel_describe),
 * so only the scalar-prefetch operands, which the index maps read, are allocated (zeros); the
 * others are shapes alone, however large their type says they are. */
static tsr_status describe_operand(const mlir_ir_type *t, bool zeros, tsr_array *a, tsr_ref *r) {
  memset(a, 0, sizeof *a);
  hlo_type h;
  if (!t || t->kind != MLIR_IR_TYPE_TENSOR || t->u.shaped.rank > TSR_MAX_RANK || !mlir_ir_type_dtype(t->u.shaped.element, &h.dtype))
    return tsr_fail(TSR_ERR_UNSUPPORTED, "operand is not a static tensor");
  h.rank = t->u.shaped.rank;
  for (int d = 0; d < h.rank; d++) h.shape[d] = t->u.shaped.shape[d];
  h.dtype = kernel_dtype(h.dtype);
  if (zeros) TSR_TRY(tsr_array_alloc(a, h.dtype, h.rank, h.shape));
  *r = zeros ? tsr_array_ref(a, TSR_HBM) : tsr_ref_dense(NULL, h.dtype, TSR_HBM, h.rank, h.shape);
  return TSR_OK;
}

static tsr_status describe_call(describe_walk *w, const mlir_ir_op *op, tsr_hlo_kernel *k) {
  int n_ops = k->n_prefetch + k->n_inputs;
  tsr_array arrs[TSR_MAX_OPERANDS];
  tsr_ref ops[TSR_MAX_OPERANDS], outs[TSR_MAX_OPERANDS];
  int64_t dyn[TSR_MAX_RANK] = {0};
  TSR_TRY(operand_counts(op, n_ops, TSR_MAX_OPERANDS, k->n_outputs));
  int made = 0;
  tsr_status s = TSR_OK;
  for (int i = 0; i < k->n_dyn && s == TSR_OK; i++) {
    /* a dynamic bound given by a constant is known; any other value counts as 1 */
    const mlir_ir_op *def = op->operands[i].value->def_op;
    const mlir_ir_attr *v = def && mlir_ir_op_is(def, "stablehlo.constant") ? mlir_ir_op_attr(def, "value") : NULL;
    dyn[i] = v && v->kind == MLIR_IR_ATTR_DENSE ? mlir_ir_dense_int(v, 0) : 1;
  }
  for (int i = 0; i < n_ops && s == TSR_OK; i++, made++)
    s = describe_operand(op->operands[k->n_dyn + i].value->type, i < k->n_prefetch, &arrs[made], &ops[i]);
  tsr_array none;
  for (int i = 0; i < k->n_outputs && s == TSR_OK; i++) s = describe_operand(op->results[i]->type, false, &none, &outs[i]);
  tsr_mosaic_call_opts co = {.vmem_limit_bytes = k->vmem_limit, .dynamic_bounds = dyn, .num_dynamic_bounds = k->n_dyn,
                             .aliases = k->aliases, .num_aliases = k->n_aliases,
                             .skip_device_barrier = k->skip_device_barrier,
                             .disable_bounds_checks = k->disable_bounds_checks};
  if (s == TSR_OK) {
    char loc[256];
    fprintf(w->out, "== kernel %d: %s (%s)%s\n", w->index, k->name, hlo_loc(op, loc, sizeof loc),
            k->n_dyn ? "  [dynamic grid bounds: constants used, others taken as 1]" : "");
    if (k->vmem_limit) fprintf(w->out, "   vmem limit from scoped_memory_configs: %lld bytes\n", (long long)k->vmem_limit);
    s = tsr_mosaic_kernel_describe(w->m, k->k, ops, n_ops, outs, k->n_outputs, &co, w->plan_steps, w->out);
  }
  for (int i = 0; i < made; i++) tsr_array_free(&arrs[i]);
  return s;
}

static bool describe_visit(mlir_ir_op *op, void *user) {
  describe_walk *w = user;
  if (!mlir_ir_op_is(op, "stablehlo.custom_call")) return true;
  for (int f = 0; f < w->p->n_funcs; f++)
    for (int i = 0; i < w->p->funcs[f]->n_inst; i++)
      if (w->p->funcs[f]->insts[i].op == op && w->p->funcs[f]->insts[i].kernel) {
        w->s = describe_call(w, op, w->p->funcs[f]->insts[i].kernel);
        w->index++;
        return w->s == TSR_OK;
      }
  return true;
}

tsr_status hlo_kernels_describe(tsr_hlo_program *p, tsr_machine *m, const tsr_array *inputs, int num_inputs,
                                int plan_steps, FILE *out) {
  if (p->bare) {
    tsr_hlo_kernel *k = p->bare;
    tsr_ref ops[TSR_MAX_OPERANDS], outs[TSR_MAX_OPERANDS];
    tsr_array owned[TSR_MAX_OPERANDS];
    int n_owned = 0;
    TSR_TRY(operand_counts(NULL, p->bare_inputs, TSR_MAX_OPERANDS, k->n_outputs));
    tsr_status s = TSR_OK;
    for (int i = 0; i < p->bare_inputs && s == TSR_OK; i++) {
      if (i < num_inputs) { ops[i] = tsr_array_ref(&inputs[i], TSR_HBM); continue; }
      tsr_array t;
      if (!hlo_bare_input_type(p, i, &t)) {
        s = tsr_fail(TSR_ERR_INVALID, "kernel '%s' has a grid: give its inputs as .npy files so that the array shapes are known", k->name);
        break;
      }
      /* as in describe_call: only scalar prefetch needs data */
      if (i >= k->n_prefetch) {
        ops[i] = tsr_ref_dense(NULL, kernel_dtype(t.dtype), TSR_HBM, t.rank, t.shape);
        continue;
      }
      s = tsr_array_alloc(&owned[n_owned], t.dtype, t.rank, t.shape);
      if (s == TSR_OK) ops[i] = tsr_array_ref(&owned[n_owned++], TSR_HBM);
    }
    tsr_mosaic_call_opts co = {0};
    if (s == TSR_OK) s = tsr_mosaic_kernel_output_shapes(k->k, ops, p->bare_inputs, &co, outs, k->n_outputs);
    if (s == TSR_OK) {
      fprintf(out, "== kernel 0: %s (bare Mosaic module)\n", k->name);
      s = tsr_mosaic_kernel_describe(m, k->k, ops, p->bare_inputs, outs, k->n_outputs, &co, plan_steps, out);
    }
    for (int i = 0; i < n_owned; i++) tsr_array_free(&owned[i]);
    return s;
  }
  describe_walk w = {p, m, plan_steps, 0, out, TSR_OK};
  mlir_ir_walk(p->m->top, describe_visit, &w);
  if (w.s == TSR_OK && w.index == 0) fprintf(out, "no tpu_custom_call kernels in this module\n");
  return w.s;
}
