/* What `tessera inspect` shows of a kernel (the plan and the DMAs of the first steps, worked
 * out from the index maps without running the body), and the array shapes of a bare module. */
#include <stdlib.h>
#include <string.h>

#include "mosaic/kernel_internal.h"

static tsr_status no_body(tsr_ctx *ctx, void *user) {
  (void)ctx;
  (void)user;
  return TSR_OK;
}

static void grid_index(const int64_t *grid, int rank, int64_t step, int64_t *idx) {
  for (int d = rank - 1; d >= 0; d--) {
    idx[d] = grid[d] ? step % grid[d] : 0;
    step = grid[d] ? step / grid[d] : 0;
  }
}

static tsr_status block_at(const mosaic_io_operand *o, const tsr_call_desc *d, int64_t step, int64_t *blk) {
  int64_t idx[TSR_MAX_GRID] = {0};
  grid_index(d->grid, d->grid_rank, step, idx);
  if (!o->transform) {
    for (int k = 0; k < o->t.rank; k++) blk[k] = 0;
    return TSR_OK;
  }
  return mosaic_eval_map(o->transform, idx, d->grid, d->grid_rank, d->prefetch, d->num_prefetch, blk);
}

static bool same(const int64_t *a, const int64_t *b, int n) { return !memcmp(a, b, sizeof(int64_t) * (size_t)n); }

static tsr_status print_plan(tsr_mosaic_kernel *k, const tsr_call_desc *d, int plan_steps, FILE *out) {
  int64_t steps;
  if (!tsr_grid_num_steps(d->grid, d->grid_rank, &steps)) return tsr_fail(TSR_ERR_INVALID, "the grid has more than 2^63 steps");
  fprintf(out, "  index maps:\n");
  for (int i = 0; i < k->nio; i++) {
    const mosaic_io_operand *o = &k->io[i];
    bool is_in = i < d->num_inputs;
    const char *mt = o->spec.space == TSR_SEMAPHORE_MEM       ? "semaphores, their counts carried in the array"
                     : o->spec.space == TSR_ANY || o->spec.space == TSR_HBM || o->spec.space == TSR_HOST
                         ? "whole array, moved by the kernel"
                     : !o->windowed ? "whole array" : o->map_text ? o->map_text : "(all zeros)";
    fprintf(out, "    %s%d: %s\n", is_in ? "in" : "out", is_in ? i : i - d->num_inputs, mt);
  }
  int64_t shown = steps < plan_steps ? steps : plan_steps;
  fprintf(out, "  DMA plan, first %lld of %lld steps (one core, lexicographic order):\n", (long long)shown, (long long)steps);
  int64_t prev[TSR_MAX_OPERANDS][TSR_MAX_RANK], cur[TSR_MAX_RANK], next[TSR_MAX_RANK];
  for (int64_t t = 0; t < shown; t++) {
    int64_t idx[TSR_MAX_GRID] = {0};
    char gi[96];
    grid_index(d->grid, d->grid_rank, t, idx);
    fprintf(out, "    step %lld %s:", (long long)t, tsr_format_dims(idx, d->grid_rank, gi, sizeof gi));
    bool any = false;
    for (int i = 0; i < k->nio; i++) {
      const mosaic_io_operand *o = &k->io[i];
      if (o->spec.space != TSR_VMEM && o->spec.space != TSR_SMEM) continue;
      bool is_in = i < d->num_inputs;
      int r = o->t.rank;
      TSR_TRY(block_at(o, d, t, cur));
      const char *what;
      if (is_in) {
        what = t == 0 || !same(prev[i], cur, r) ? "fetch" : "reuse";
      } else {
        bool last = t == steps - 1;
        if (!last) TSR_TRY(block_at(o, d, t + 1, next));
        what = last || !same(next, cur, r) ? "write back" : "keep";
      }
      char b[96];
      fprintf(out, "%s %s%d %s %s", any ? "," : "", is_in ? "in" : "out", is_in ? i : i - d->num_inputs,
              tsr_format_dims(cur, r, b, sizeof b), what);
      any = true;
      memcpy(prev[i], cur, sizeof cur);
    }
    fprintf(out, "%s\n", any ? "" : " (no pipelined operands)");
  }
  return TSR_OK;
}

tsr_status tsr_mosaic_kernel_describe(tsr_machine *m, tsr_mosaic_kernel *k, const tsr_ref *operands, int num_operands,
                                      const tsr_ref *outputs, int num_outputs, const tsr_mosaic_call_opts *opts,
                                      int plan_steps, FILE *out) {
  if (!m || !k || !out) return tsr_fail(TSR_ERR_INVALID, "no machine, kernel or stream");
  if (num_operands < 0 || num_outputs < 0 || num_operands + num_outputs > TSR_MAX_OPERANDS)
    return tsr_fail(TSR_ERR_INVALID, "bad operand counts");
  /* The plan never reads array data: arrays given by shape only get stand-in addresses, one
   * range apart per array, so that the plan sees them disjoint (as allocated arrays are: the
   * host split asks) without memory behind them, however large they are. */
  static char stand_in[64];
  uintptr_t next = (uintptr_t)stand_in;
  tsr_ref ops[TSR_MAX_OPERANDS], outs[TSR_MAX_OPERANDS];
  for (int i = 0; i < num_operands + num_outputs; i++) {
    tsr_ref *r = i < num_operands ? &ops[i] : &outs[i - num_operands];
    *r = i < num_operands ? operands[i] : outputs[i - num_operands];
    if (r->data || i < k->nprefetch) continue;
    r->data = (char *)next;
    next += (tsr_ref_bytes(r) + 127) & ~(uintptr_t)63;
  }
  tsr_call_desc d;
  tsr_block_spec specs[TSR_MAX_OPERANDS];
  mosaic_map_call maps[TSR_MAX_OPERANDS];
  TSR_TRY(mosaic_build_desc(k, ops, num_operands, outs, num_outputs, opts, &d, specs, maps));
  d.body = no_body;
  TSR_TRY(seam_pallas_describe_run(m, &d, mosaic_split_ok(k, &d), out));
  return print_plan(k, &d, plan_steps, out);
}

/* The arrays that io operands [first, first + n) reach with their blocks over the whole grid
 * (dynamic bounds from opts; index maps reading `prefetch`): a memref shape when not
 * windowed. Fails on a grid too long to walk. */
static tsr_status array_extents(tsr_mosaic_kernel *k, const tsr_ref *prefetch, const tsr_mosaic_call_opts *opts,
                                int first, int n, tsr_ref *out) {
  int nd = opts ? opts->num_dynamic_bounds : 0;
  if (nd != k->ndyn) return tsr_fail(TSR_ERR_INVALID, "kernel %s has %d dynamic grid dimensions; %d values given", k->name, k->ndyn, nd);
  tsr_call_desc d;
  memset(&d, 0, sizeof d);
  d.grid_rank = k->grid_rank;
  d.prefetch = prefetch;
  d.num_prefetch = k->nprefetch;
  for (int g = 0, di = 0; g < k->grid_rank; g++)
    d.grid[g] = k->bounds[g] == INT64_MIN ? opts->dynamic_bounds[di++] : k->bounds[g];
  int64_t steps;
  if (!tsr_grid_num_steps(d.grid, d.grid_rank, &steps)) return tsr_fail(TSR_ERR_INVALID, "the grid has a negative dimension or more than 2^63 steps");
  if (steps > (1 << 24)) return tsr_fail(TSR_ERR_UNSUPPORTED, "grid of %lld steps is too large to derive array shapes", (long long)steps);
  for (int i = 0; i < n; i++) {
    const mosaic_io_operand *o = &k->io[first + i];
    int64_t shape[TSR_MAX_RANK];
    memcpy(shape, o->t.shape, sizeof shape);
    if (o->windowed) {
      for (int r = 0; r < o->t.rank; r++) shape[r] = 0;
      for (int64_t t = 0; t < steps; t++) {
        int64_t blk[TSR_MAX_RANK];
        TSR_TRY(block_at(o, &d, t, blk));
        for (int r = 0; r < o->t.rank; r++) {
          int64_t end = o->spec.element[r] ? blk[r] + o->t.shape[r] : (blk[r] + 1) * o->t.shape[r];
          if (end > shape[r]) shape[r] = end;
        }
      }
    }
    /* semaphores: XLA's arrays of their int32 counts (docs/mosaic.md, "Semaphore operands") */
    out[i] = tsr_ref_dense(NULL, tsr_dtype_is_semaphore(o->t.dtype) ? TSR_I32 : o->t.dtype, TSR_HBM, o->t.rank, shape);
  }
  return TSR_OK;
}

tsr_status tsr_mosaic_kernel_output_shapes(tsr_mosaic_kernel *k, const tsr_ref *operands, int num_operands,
                                           const tsr_mosaic_call_opts *opts, tsr_ref *outputs_without_data,
                                           int num_outputs) {
  if (!k || (num_outputs && !outputs_without_data)) return tsr_fail(TSR_ERR_INVALID, "no kernel or outputs");
  int nin = num_operands - k->nprefetch;
  if (nin < 0 || nin + num_outputs != k->nio)
    return tsr_fail(TSR_ERR_INVALID, "kernel %s takes %d inputs and outputs together; got %d inputs and %d outputs", k->name,
                    k->nio, nin, num_outputs);
  return array_extents(k, operands, opts, nin, num_outputs, outputs_without_data);
}

tsr_status tsr_mosaic_kernel_input_shape(tsr_mosaic_kernel *k, const tsr_ref *prefetch, int num_prefetch,
                                         const tsr_mosaic_call_opts *opts, int input, tsr_ref *input_without_data) {
  if (!k || !input_without_data) return tsr_fail(TSR_ERR_INVALID, "no kernel or input");
  if (num_prefetch != k->nprefetch || input < 0 || input >= k->nio)
    return tsr_fail(TSR_ERR_INVALID, "kernel %s takes %d scalar-prefetch operands and %d operands; got %d and input %d", k->name,
                    k->nprefetch, k->nio, num_prefetch, input);
  return array_extents(k, prefetch, opts, input, 1, input_without_data);
}
