/* A pallas_call's plan: its description checked, its operands' blocks and buffers sized, and
 * the VMEM and SMEM they need held against the limits (call.h). Nothing runs here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dtype.h"
#include "pipeline/call.h"
#include "pipeline/partition.h"
#include "pipeline/tiling.h"

static size_t round64(size_t n) { return (n + 63) / 64 * 64; }

const char *call_space_label(tsr_space s) {
  return s == TSR_VMEM ? "VMEM" : s == TSR_SMEM ? "SMEM" : s == TSR_ANY ? "ANY" : s == TSR_HBM ? "HBM" : s == TSR_HOST ? "host" : "?";
}

void call_operand_name(const call_operand_plan *o, char *buf, size_t cap) {
  snprintf(buf, cap, "%s%d", o->is_output ? "out" : "in", o->index);
}

/* ---- check ---------------------------------------------------------------------------- */

bool tsr_grid_num_steps(const int64_t *grid, int rank, int64_t *steps) {
  *steps = 1;
  bool empty = false, overflow = false;
  for (int k = 0; k < rank; k++) {
    if (grid[k] < 0) return false;
    if (grid[k] == 0) empty = true;
    else if (!overflow) overflow = __builtin_mul_overflow(*steps, grid[k], steps);
  }
  if (empty) *steps = 0; /* a zero dimension: no steps, however large the others */
  return empty || !overflow;
}

/* The description, before any operand is planned: body, grid, counts, the VMEM limit,
 * aliases and scratch. */
static tsr_status check_call(const tsr_machine *m, const tsr_call_desc *d) {
  if (!d->body) return tsr_fail(TSR_ERR_INVALID, "pallas_call without a body");
  if (d->grid_rank < 0 || d->grid_rank > TSR_MAX_GRID)
    return tsr_fail(TSR_ERR_INVALID, "grid rank %d out of range (0..%d)", d->grid_rank, TSR_MAX_GRID);
  for (int k = 0; k < d->grid_rank; k++)
    if (d->grid[k] < 0) return tsr_fail(TSR_ERR_INVALID, "grid dimension %d is %lld", k, (long long)d->grid[k]);
  int64_t steps;
  if (!tsr_grid_num_steps(d->grid, d->grid_rank, &steps)) return tsr_fail(TSR_ERR_INVALID, "the grid has more than 2^63 steps");
  if (d->num_inputs < 0 || d->num_outputs < 0 || d->num_scratch < 0 || d->num_prefetch < 0 || d->num_aliases < 0)
    return tsr_fail(TSR_ERR_INVALID, "a negative operand count");
  if (d->num_inputs + d->num_outputs > TSR_MAX_OPERANDS)
    return tsr_fail(TSR_ERR_UNSUPPORTED, "%d inputs and %d outputs, over the limit of %d together (TSR_MAX_OPERANDS)",
                    d->num_inputs, d->num_outputs, TSR_MAX_OPERANDS);
  for (int a = 0; a < d->num_aliases; a++) {
    int in = d->aliases[a].input - d->num_prefetch, out = d->aliases[a].output;
    if (d->aliases[a].input < d->num_prefetch && d->aliases[a].input >= 0)
      return tsr_fail(TSR_ERR_INVALID, "alias %d: a scalar-prefetch operand cannot be aliased", a);
    if (in < 0 || in >= d->num_inputs || out < 0 || out >= d->num_outputs)
      return tsr_fail(TSR_ERR_INVALID, "alias %d: input %d or output %d out of range", a,
                      d->aliases[a].input, out);
    const tsr_ref *x = &d->inputs[in];
    const tsr_ref *y = &d->outputs[out];
    bool same = x->dtype == y->dtype && x->rank == y->rank;
    for (int k = 0; same && k < x->rank; k++) same = x->shape[k] == y->shape[k];
    if (!same) {
      char s1[64], s2[64];
      return tsr_fail(TSR_ERR_INVALID, "alias %d: input %s and output %s differ in shape or dtype", a,
                      tsr_ref_describe(x, s1, sizeof s1), tsr_ref_describe(y, s2, sizeof s2));
    }
  }
  for (int i = 0; i < d->num_scratch; i++) {
    const tsr_scratch_spec *s = &d->scratch[i];
    if (s->space != TSR_VMEM && s->space != TSR_SMEM && s->space != TSR_SEMAPHORE_MEM)
      return tsr_fail(TSR_ERR_INVALID, "scratch %d: memory space %s (scratch lives in VMEM, SMEM "
                      "or semaphore memory)", i, tsr_space_name(s->space));
    if ((s->space == TSR_SEMAPHORE_MEM) != tsr_dtype_is_semaphore(s->dtype))
      return tsr_fail(TSR_ERR_INVALID, "scratch %d: semaphores live in semaphore memory", i);
    if (s->rank < 0 || s->rank > TSR_MAX_RANK) return tsr_fail(TSR_ERR_INVALID, "scratch %d: bad rank", i);
    char what[32];
    snprintf(what, sizeof what, "scratch %d", i);
    TSR_TRY(tsr_dtype_check_tpu(s->dtype, what));
  }
  return TSR_OK;
}

/* ---- plan ----------------------------------------------------------------------------- */

/* A semaphore operand: the array (XLA's view of a pltpu.SemaphoreType operand) holds one
 * int32 count per semaphore; the body gets the semaphores, passed whole. */
static tsr_status plan_semaphores(call_plan *cp, call_operand_plan *o, const char *name) {
  const tsr_block_spec *sp = o->spec;
  if (!tsr_dtype_is_semaphore(sp->semaphore))
    return tsr_fail(TSR_ERR_INVALID, "%s: a semaphore operand names its semaphores' kind (%s or %s), not %s", name,
                    tsr_dtype_name(TSR_SEM), tsr_dtype_name(TSR_DMA_SEM), tsr_dtype_name(sp->semaphore));
  if (o->hbm.dtype != TSR_I32 && o->hbm.dtype != TSR_U32) {
    char a[64];
    return tsr_fail(TSR_ERR_INVALID, "%s: a semaphore operand's array holds int32 counts, not %s", name,
                    tsr_ref_describe(&o->hbm, a, sizeof a));
  }
  if (sp->rank != 0) return tsr_fail(TSR_ERR_INVALID, "%s: a semaphore operand has no blocks (the whole array)", name);
  if (!o->hbm.data && tsr_ref_numel(&o->hbm) > 0 && !cp->plan_only)
    return tsr_fail(TSR_ERR_INVALID, "%s: array has no data", name);
  o->geo.rank = o->hbm.rank;
  o->geo.passthrough = o->semaphores = true;
  o->geo.buffer_count = 0;
  o->block_bytes = 0;
  return TSR_OK;
}

static tsr_status plan_operand(call_plan *cp, call_operand_plan *o) {
  const tsr_call_desc *d = cp->d;
  char name[24];
  call_operand_name(o, name, sizeof name);
  const tsr_block_spec *sp = o->spec;
  if (sp->space == TSR_SEMAPHORE_MEM) return plan_semaphores(cp, o, name);
  TSR_TRY(tsr_dtype_check_tpu(o->hbm.dtype, name));
  if (!o->hbm.data && tsr_ref_numel(&o->hbm) > 0 && !cp->plan_only)
    return tsr_fail(TSR_ERR_INVALID, "%s: array has no data", name);
  o->geo.rank = o->hbm.rank;
  if (sp->space == TSR_ANY || sp->space == TSR_HBM || sp->space == TSR_HOST) {
    o->geo.passthrough = true;
    if (sp->rank != 0) {
      for (int k = 0; k < sp->rank && k < o->geo.rank; k++)
        if (sp->rank != o->geo.rank || sp->block_shape[k] != o->hbm.shape[k])
          return tsr_fail(TSR_ERR_INVALID, "%s: a %s operand needs a trivial window (the whole "
                          "array), not a block", name, call_space_label(sp->space));
    }
    o->geo.buffer_count = 0;
    o->block_bytes = 0;
    return TSR_OK;
  }
  if (sp->space != TSR_VMEM && sp->space != TSR_SMEM)
    return tsr_fail(TSR_ERR_INVALID, "%s: memory space %s cannot hold blocks", name,
                    tsr_space_name(sp->space));
  if (sp->rank != 0 && sp->rank != o->geo.rank)
    return tsr_fail(TSR_ERR_INVALID, "%s: block rank %d differs from the array rank %d", name,
                    sp->rank, o->geo.rank);
  int64_t elems = 1;
  for (int k = 0; k < o->geo.rank; k++) {
    int64_t b = sp->rank ? sp->block_shape[k] : o->hbm.shape[k];
    if (b == TSR_SQUEEZED) {
      o->geo.squeezed[k] = true;
      b = 1;
    } else if (b < 1) {
      return tsr_fail(TSR_ERR_INVALID, "%s: block dimension %d is %lld", name, k, (long long)b);
    }
    o->geo.block[k] = b;
    elems *= b;
  }
  /* A trivial window (the whole array, the same block at every step) gets one buffer unless
   * the spec says otherwise: a second would never fill. The block is the same at every step
   * when its index map reads only grid axes of one step, as Pallas's TPU pipeline judges it
   * (jax/_src/pallas/mosaic/pipeline.py, _spec_has_trivial_windowing); of an index map
   * callback nothing is known but what the grid says, so it needs a grid of one step.
   * (tessera's Mosaic kernels give the buffer count of a window whose transform reads no axis
   * of more than one step themselves: mosaic_build_desc.) */
  bool trivial = true;
  for (int k = 0; k < o->geo.rank && trivial; k++) {
    int a = sp->index_map ? 0 : sp->axis_map[k];
    trivial = !o->geo.squeezed[k] && o->geo.block[k] == o->hbm.shape[k] &&
              (a < 1 || (a <= d->grid_rank && d->grid[a - 1] == 1));
  }
  for (int g = 0; g < d->grid_rank && trivial && sp->index_map; g++) trivial = d->grid[g] == 1;
  o->geo.buffer_count = sp->buffer_count ? sp->buffer_count : trivial ? 1 : 2;
  if (o->geo.buffer_count < 1 || o->geo.buffer_count > 2)
    return tsr_fail(TSR_ERR_INVALID, "%s: pallas_call supports 1 or 2 buffers, got %d", name,
                    o->geo.buffer_count);
  if (sp->revisit == TSR_REVISIT_ANY && o->is_output && o->geo.buffer_count != 1)
    return tsr_fail(TSR_ERR_INVALID, "%s: revisit mode ANY needs a single buffer (Buffered(1))", name);
  /* what the block takes in VMEM: a 4-bit type packs two elements a byte there (host arrays
   * give each its own byte), which is what a kernel's vmem_limit_bytes is sized for */
  bool nibble = dtype_is_nibble(o->hbm.dtype);
  o->block_bytes = nibble ? (elems + 1) / 2 : elems * (int64_t)tsr_dtype_size(o->hbm.dtype);
  char why[256];
  int64_t shown[TSR_MAX_RANK];
  for (int k = 0; k < o->geo.rank; k++) shown[k] = o->geo.squeezed[k] ? 1 : o->geo.block[k];
  bool all_squeezed_tail = o->geo.rank >= 1 && o->geo.squeezed[o->geo.rank - 1];
  if (!all_squeezed_tail && !pipe_block_shape_ok(o->hbm.shape, shown, o->geo.rank, o->hbm.dtype, why, sizeof why)) {
    char a[64];
    if (cp->m->opts.strict_block_shapes)
      return tsr_fail(TSR_ERR_INVALID, "%s (%s): block shape breaks the TPU rule: %s", name,
                      tsr_ref_describe(&o->hbm, a, sizeof a), why);
    machine_warn(cp->m, "%s (%s): block shape breaks the TPU rule: %s", name,
                 tsr_ref_describe(&o->hbm, a, sizeof a), why);
  }
  return TSR_OK;
}

static tsr_status check_budget(call_plan *cp) {
  const tsr_call_desc *d = cp->d;
  int64_t vmem = 0, smem = 0, extra = 0;
  for (int i = 0; i < cp->n; i++) {
    call_operand_plan *o = &cp->ops[i];
    if (o->geo.passthrough || (o->is_output && o->shares >= 0)) continue; /* a shared buffer counts once */
    int64_t bytes = (int64_t)round64((size_t)o->block_bytes) * o->geo.buffer_count;
    if (o->spec->space == TSR_SMEM) smem += bytes; else vmem += bytes;
    if (o->spec->space != TSR_SMEM && dtype_is_nibble(o->hbm.dtype))
      extra += ((int64_t)round64((size_t)(o->block_bytes * 2)) - (int64_t)round64((size_t)o->block_bytes)) * o->geo.buffer_count;
  }
  for (int i = 0; i < d->num_scratch; i++) {
    const tsr_scratch_spec *s = &d->scratch[i];
    int64_t n = (int64_t)tsr_dtype_size(s->dtype);
    for (int k = 0; k < s->rank; k++) n *= s->shape[k];
    if (s->space == TSR_VMEM) vmem += (int64_t)round64((size_t)n);
    else if (s->space == TSR_SMEM) smem += (int64_t)round64((size_t)n);
  }
  for (int i = 0; i < d->num_prefetch; i++) smem += (int64_t)round64(tsr_ref_bytes(&d->prefetch[i]));
  cp->vmem_bytes = vmem;
  cp->vmem_unpacked_extra = extra;
  cp->smem_bytes = smem;
  if (vmem > cp->vmem_limit) {
    char detail[1024];
    size_t n = 0;
    detail[0] = 0;
    for (int i = 0; i < cp->n && n < sizeof detail; i++) {
      call_operand_plan *o = &cp->ops[i];
      if (o->geo.passthrough || o->spec->space != TSR_VMEM) continue;
      char name[24], sh[96];
      call_operand_name(o, name, sizeof name);
      int64_t shown[TSR_MAX_RANK];
      for (int k = 0; k < o->geo.rank; k++) shown[k] = o->geo.block[k];
      n += (size_t)snprintf(detail + n, sizeof detail - n, "%s%s block %s x %d buffers = %lld",
                            n ? ", " : "", name, tsr_format_dims(shown, o->geo.rank, sh, sizeof sh),
                            o->geo.buffer_count, (long long)(o->block_bytes * o->geo.buffer_count));
    }
    return tsr_fail(TSR_ERR_VMEM, "VMEM needed %lld bytes (blocks x buffer count + scratch: %s) "
                    "exceeds the limit of %lld bytes%s", (long long)vmem, detail,
                    (long long)cp->vmem_limit, cp->vmem_limit == cp->m->chip.vmem_bytes ? " (the chip's VMEM)" : "");
  }
  if (smem > cp->m->chip.smem_bytes)
    return tsr_fail(TSR_ERR_VMEM, "SMEM needed %lld bytes exceeds the %lld bytes of SMEM",
                    (long long)smem, (long long)cp->m->chip.smem_bytes);
  return TSR_OK;
}

/* Semaphore operands live on one core (each core has semaphores of its own): a call that
 * has them may not share its grid among cores. */
static tsr_status check_semaphores_one_core(call_plan *cp) {
  const tsr_call_desc *d = cp->d;
  int with = -1;
  for (int i = 0; i < cp->n && with < 0; i++)
    if (cp->ops[i].semaphores) with = i;
  if (with < 0 || d->grid_rank == 0) return TSR_OK; /* a grid-less kernel runs on core 0 */
  for (int c = 1; c < cp->m->num_cores; c++) {
    int64_t share[TSR_MAX_GRID], off[TSR_MAX_GRID], steps;
    int split = -1;
    TSR_TRY(pipe_partition_grid(d->grid, d->grid_rank, d->semantics, cp->m->num_cores, c, false, share, off, &split));
    if (tsr_grid_num_steps(share, d->grid_rank, &steps) && steps > 0) {
      char name[24];
      call_operand_name(&cp->ops[with], name, sizeof name);
      return tsr_fail(TSR_ERR_UNSUPPORTED, "%s: semaphore operands in a call whose grid the %d cores share (core %d "
                      "runs %lld steps): a semaphore lives on one core", name, cp->m->num_cores, c, (long long)steps);
    }
  }
  return TSR_OK;
}

/* The input whose buffer output o shares, or -1. An output aliased to an input where both are
 * whole arrays resident in one memory space (a block spec with a memory space and no block
 * shape: pl.core_map's captured VMEM and SMEM refs, a pallas_call's VMEM or SMEM operands) is,
 * on a TPU, one buffer of XLA's in that memory: the kernel gets its address for both refs, so a
 * store through either is what the other reads and what the output holds afterwards. Here
 * their block is then one buffer, the input's: copied in before the first step, written back
 * after the last. Blocked operands keep buffers of their own, as the pipeline's are on a TPU. */
static int share_input(const call_plan *cp, const call_operand_plan *o) {
  const tsr_call_desc *d = cp->d;
  if (!o->is_output || o->geo.passthrough || o->semaphores || o->spec == &o->whole) return -1;
  for (int a = 0; a < d->num_aliases; a++) {
    if (d->aliases[a].output != o->index) continue;
    int i = d->aliases[a].input - d->num_prefetch;
    const call_operand_plan *in = &cp->ops[i];
    bool resident = o->spec->rank == 0 && !o->spec->index_map && in->spec != &in->whole && in->spec->rank == 0 &&
                    !in->spec->index_map && !in->geo.passthrough && !in->semaphores;
    if (resident && in->spec->space == o->spec->space && in->geo.buffer_count == 1 && o->geo.buffer_count == 1) return i;
  }
  return -1;
}

/* The operands' blocks and buffers (aliased outputs take their inputs' arrays) and the VMEM
 * and SMEM they need, against the limits. */
tsr_status call_plan_make(tsr_machine *m, const tsr_call_desc *d, bool plan_only, call_plan *cp) {
  memset(cp, 0, sizeof *cp);
  cp->plan_only = plan_only;
  cp->m = m;
  cp->d = d;
  TSR_TRY(check_call(m, d));
  /* A limit above the chip's VMEM is a cap the kernel cannot reach, not an error: the TPU
   * compiler takes it so (tpu-inference runs its kernels with 100 MiB on chips of 64 MiB), and
   * what the call needs is then held to the VMEM there is. */
  cp->vmem_limit = d->vmem_limit_bytes > 0 && d->vmem_limit_bytes < m->chip.vmem_bytes ? d->vmem_limit_bytes : m->chip.vmem_bytes;
  cp->n = d->num_inputs + d->num_outputs;
  cp->ops = calloc((size_t)(cp->n ? cp->n : 1), sizeof *cp->ops);
  if (!cp->ops) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  for (int i = 0; i < cp->n; i++) {
    call_operand_plan *o = &cp->ops[i];
    o->is_output = i >= d->num_inputs;
    o->index = o->is_output ? i - d->num_inputs : i;
    const tsr_block_spec *specs = o->is_output ? d->out_specs : d->in_specs;
    if (specs) o->spec = &specs[o->index];
    else { o->whole.space = TSR_VMEM; o->spec = &o->whole; }
    o->hbm = o->is_output ? d->outputs[o->index] : d->inputs[o->index];
  }
  for (int a = 0; a < d->num_aliases; a++) /* an aliased output is its input's array */
    cp->ops[d->num_inputs + d->aliases[a].output].hbm = d->inputs[d->aliases[a].input - d->num_prefetch];
  for (int i = 0; i < cp->n; i++) {
    call_operand_plan *o = &cp->ops[i];
    TSR_TRY(plan_operand(cp, o));
    o->geo.space = o->spec->space;
    o->geo.revisit = o->spec->revisit;
    for (int k = 0; k < o->geo.rank; k++) o->geo.element[k] = o->spec->rank && o->spec->element[k];
    pipe_array_tiling(o->hbm.shape, o->geo.rank, o->hbm.dtype, m->chip.generation, o->geo.tiling);
  }
  for (int i = 0; i < cp->n; i++) cp->ops[i].shares = -1;
  for (int i = d->num_inputs; i < cp->n; i++) {
    int in = share_input(cp, &cp->ops[i]);
    if (in >= 0) cp->ops[i].shares = in, cp->ops[in].shares = i;
  }
  TSR_TRY(check_semaphores_one_core(cp));
  return check_budget(cp);
}
