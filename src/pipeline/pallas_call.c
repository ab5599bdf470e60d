/* pallas_call: check a call's description, plan its operands and VMEM, run each core's share
 * of the grid through the pipeline engine (or, where it may, parts of each share at once: the
 * host split, host_split.c), and describe the plan. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/strided.h"
#include "pipeline/call.h"
#include "pipeline/ctx.h"
#include "pipeline/partition.h"
#include "pipeline/seam.h"
#include "pipeline/tiling.h"

static size_t round64(size_t n) { return (n + 63) / 64 * 64; }

static const char *space_label(tsr_space s) {
  return s == TSR_VMEM ? "VMEM" : s == TSR_SMEM ? "SMEM" : s == TSR_ANY ? "ANY" : s == TSR_HBM ? "HBM" : s == TSR_HOST ? "host" : "?";
}

void call_operand_name(const operand_plan *o, char *buf, size_t cap) {
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
  int64_t cap = m->chip.vmem_bytes;
  if (d->vmem_limit_bytes > cap)
    return tsr_fail(TSR_ERR_VMEM, "VMEM limit %lld bytes exceeds the %lld bytes of VMEM of %s",
                    (long long)d->vmem_limit_bytes, (long long)cap, m->chip.name);
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
static tsr_status plan_semaphores(call_plan *cp, operand_plan *o, const char *name) {
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
  o->rank = o->hbm.rank;
  o->passthrough = o->semaphores = true;
  o->buffer_count = 0;
  o->block_bytes = 0;
  return TSR_OK;
}

static tsr_status plan_operand(call_plan *cp, operand_plan *o) {
  const tsr_call_desc *d = cp->d;
  char name[24];
  call_operand_name(o, name, sizeof name);
  const tsr_block_spec *sp = o->spec;
  if (sp->space == TSR_SEMAPHORE_MEM) return plan_semaphores(cp, o, name);
  TSR_TRY(tsr_dtype_check_tpu(o->hbm.dtype, name));
  if (!o->hbm.data && tsr_ref_numel(&o->hbm) > 0 && !cp->plan_only)
    return tsr_fail(TSR_ERR_INVALID, "%s: array has no data", name);
  o->rank = o->hbm.rank;
  if (sp->space == TSR_ANY || sp->space == TSR_HBM || sp->space == TSR_HOST) {
    o->passthrough = true;
    if (sp->rank != 0) {
      for (int k = 0; k < sp->rank && k < o->rank; k++)
        if (sp->rank != o->rank || sp->block_shape[k] != o->hbm.shape[k])
          return tsr_fail(TSR_ERR_INVALID, "%s: a %s operand needs a trivial window (the whole "
                          "array), not a block", name, space_label(sp->space));
    }
    o->buffer_count = 0;
    o->block_bytes = 0;
    return TSR_OK;
  }
  if (sp->space != TSR_VMEM && sp->space != TSR_SMEM)
    return tsr_fail(TSR_ERR_INVALID, "%s: memory space %s cannot hold blocks", name,
                    tsr_space_name(sp->space));
  if (sp->rank != 0 && sp->rank != o->rank)
    return tsr_fail(TSR_ERR_INVALID, "%s: block rank %d differs from the array rank %d", name,
                    sp->rank, o->rank);
  int64_t elems = 1;
  for (int k = 0; k < o->rank; k++) {
    int64_t b = sp->rank ? sp->block_shape[k] : o->hbm.shape[k];
    if (b == TSR_SQUEEZED) {
      o->squeezed[k] = true;
      b = 1;
    } else if (b < 1) {
      return tsr_fail(TSR_ERR_INVALID, "%s: block dimension %d is %lld", name, k, (long long)b);
    }
    o->block[k] = b;
    elems *= b;
  }
  /* A trivial window (the whole array, the same block at every step) gets one buffer unless
   * the spec says otherwise, as the Pallas TPU lowering forces: a second would never fill. */
  bool trivial = !sp->index_map;
  for (int k = 0; k < o->rank && trivial; k++)
    trivial = sp->axis_map[k] == 0 && !o->squeezed[k] && o->block[k] == o->hbm.shape[k];
  o->buffer_count = sp->buffer_count ? sp->buffer_count : trivial ? 1 : 2;
  if (o->buffer_count < 1 || o->buffer_count > 2)
    return tsr_fail(TSR_ERR_INVALID, "%s: pallas_call supports 1 or 2 buffers, got %d", name,
                    o->buffer_count);
  if (sp->revisit == TSR_REVISIT_ANY && o->is_output && o->buffer_count != 1)
    return tsr_fail(TSR_ERR_INVALID, "%s: revisit mode ANY needs a single buffer (Buffered(1))", name);
  o->block_bytes = elems * (int64_t)tsr_dtype_size(o->hbm.dtype);
  char why[256];
  int64_t shown[TSR_MAX_RANK];
  for (int k = 0; k < o->rank; k++) shown[k] = o->squeezed[k] ? 1 : o->block[k];
  bool all_squeezed_tail = o->rank >= 1 && o->squeezed[o->rank - 1];
  if (!all_squeezed_tail && !block_shape_ok(o->hbm.shape, shown, o->rank, o->hbm.dtype, why, sizeof why)) {
    char a[64];
    if (cp->m->opts.strict_block_shapes)
      return tsr_fail(TSR_ERR_INVALID, "%s (%s): block shape breaks the TPU rule: %s", name,
                      tsr_ref_describe(&o->hbm, a, sizeof a), why);
    machine_warn(cp->m, "%s (%s): block shape breaks the TPU rule: %s", name,
                 tsr_ref_describe(&o->hbm, a, sizeof a), why);
  }
  (void)d;
  return TSR_OK;
}

static tsr_status check_budget(call_plan *cp) {
  const tsr_call_desc *d = cp->d;
  int64_t vmem = 0, smem = 0;
  for (int i = 0; i < cp->n; i++) {
    operand_plan *o = &cp->ops[i];
    if (o->passthrough || (o->is_output && o->shares >= 0)) continue; /* a shared buffer counts once */
    int64_t bytes = (int64_t)round64((size_t)o->block_bytes) * o->buffer_count;
    if (o->spec->space == TSR_SMEM) smem += bytes; else vmem += bytes;
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
  cp->smem_bytes = smem;
  if (vmem > cp->vmem_limit) {
    char detail[1024];
    size_t n = 0;
    detail[0] = 0;
    for (int i = 0; i < cp->n && n < sizeof detail; i++) {
      operand_plan *o = &cp->ops[i];
      if (o->passthrough || o->spec->space != TSR_VMEM) continue;
      char name[24], sh[96];
      call_operand_name(o, name, sizeof name);
      int64_t shown[TSR_MAX_RANK];
      for (int k = 0; k < o->rank; k++) shown[k] = o->block[k];
      n += (size_t)snprintf(detail + n, sizeof detail - n, "%s%s block %s x %d buffers = %lld",
                            n ? ", " : "", name, tsr_format_dims(shown, o->rank, sh, sizeof sh),
                            o->buffer_count, (long long)(o->block_bytes * o->buffer_count));
    }
    return tsr_fail(TSR_ERR_VMEM, "VMEM needed %lld bytes (blocks x buffer count + scratch: %s) "
                    "exceeds the limit of %lld bytes", (long long)vmem, detail,
                    (long long)cp->vmem_limit);
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
    TSR_TRY(partition_grid(d->grid, d->grid_rank, d->semantics, cp->m->num_cores, c, false, share, off, &split));
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
static int share_input(const call_plan *cp, const operand_plan *o) {
  const tsr_call_desc *d = cp->d;
  if (!o->is_output || o->passthrough || o->semaphores || o->spec == &o->whole) return -1;
  for (int a = 0; a < d->num_aliases; a++) {
    if (d->aliases[a].output != o->index) continue;
    int i = d->aliases[a].input - d->num_prefetch;
    const operand_plan *in = &cp->ops[i];
    bool resident = o->spec->rank == 0 && !o->spec->index_map && in->spec != &in->whole && in->spec->rank == 0 &&
                    !in->spec->index_map && !in->passthrough && !in->semaphores;
    if (resident && in->spec->space == o->spec->space && in->buffer_count == 1 && o->buffer_count == 1) return i;
  }
  return -1;
}

/* The operands' blocks and buffers (aliased outputs take their inputs' arrays) and the VMEM
 * and SMEM they need, against the limits. */
static tsr_status plan_call(tsr_machine *m, const tsr_call_desc *d, bool plan_only, call_plan *cp) {
  memset(cp, 0, sizeof *cp);
  cp->plan_only = plan_only;
  cp->m = m;
  cp->d = d;
  TSR_TRY(check_call(m, d));
  cp->vmem_limit = d->vmem_limit_bytes > 0 ? d->vmem_limit_bytes : m->chip.vmem_bytes;
  cp->n = d->num_inputs + d->num_outputs;
  cp->ops = calloc((size_t)(cp->n ? cp->n : 1), sizeof *cp->ops);
  if (!cp->ops) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  for (int i = 0; i < cp->n; i++) {
    operand_plan *o = &cp->ops[i];
    o->is_output = i >= d->num_inputs;
    o->index = o->is_output ? i - d->num_inputs : i;
    const tsr_block_spec *specs = o->is_output ? d->out_specs : d->in_specs;
    if (specs) o->spec = &specs[o->index];
    else { o->whole.space = TSR_VMEM; o->spec = &o->whole; }
    o->hbm = o->is_output ? d->outputs[o->index] : d->inputs[o->index];
  }
  for (int a = 0; a < d->num_aliases; a++) /* an aliased output is its input's array */
    cp->ops[d->num_inputs + d->aliases[a].output].hbm = d->inputs[d->aliases[a].input - d->num_prefetch];
  for (int i = 0; i < cp->n; i++) TSR_TRY(plan_operand(cp, &cp->ops[i]));
  for (int i = 0; i < cp->n; i++) cp->ops[i].shares = -1;
  for (int i = d->num_inputs; i < cp->n; i++) {
    int in = share_input(cp, &cp->ops[i]);
    if (in >= 0) cp->ops[i].shares = in, cp->ops[in].shares = i;
  }
  TSR_TRY(check_semaphores_one_core(cp));
  return check_budget(cp);
}

/* ---- run ------------------------------------------------------------------------------ */

typedef struct core_run {
  call_plan *cp;
  pipeline p;
  tsr_ctx ctx;
  carry_watch carry;           /* a host part's watch (ctx.carry) */
  const tsr_ref *in_views[TSR_MAX_OPERANDS], *out_views[TSR_MAX_OPERANDS];
  tsr_ref scratch[64];
  tsr_ref prefetch[64];
  double step_cost_share;
  bool carried_out;            /* carry_out has run (after the last body, or after the pipeline) */
} core_run;

static tsr_status carry_out(call_plan *cp, tsr_core *c, core_run *r);

/* After the last body of the core's share: what a TPU's kernel hands on is settled before the
 * pipeline writes its outputs back. On many devices every core first waits for every other
 * device's bodies to be over (the end barrier): after it no remote copy or signal arrives, so
 * the counts are final. Then the DMAs still in flight on output semaphores land and the counts
 * go to their arrays (carry_out): a copy into a VMEM output, waited for by a later kernel,
 * lands in the buffer that the write-back then takes to HBM, where the later kernel's input
 * finds it. On a TPU that buffer stays in VMEM between the kernels; its write-back is
 * tessera's, so nothing may see it read the copy's destination while the copy is in flight. */
static tsr_status body_over(call_plan *cp, tsr_core *c, core_run *r) {
  mesh_barrier(c, 2);
  return carry_out(cp, c, r);
}

static tsr_status body_trampoline(pipeline *p, void *user) {
  core_run *r = user;
  tsr_ctx *c = &r->ctx;
  const tsr_call_desc *d = r->cp->d;
  c->index = p->index;
  c->cost = (tsr_cost){0};
  c->cost_reported = false;
  tsr_core *core = p->core;
  if (c->carry) host_split_watch_step(r->cp, p, c->carry);
  bool observed = core_observed(core) && !r->cp->body_steps;
  if (observed) {
    tsr_event ev = {.kind = TSR_EV_BODY_BEGIN, .step = core->step, .operand = -1};
    core_emit(core, &ev);
    /* A C body is opaque: the race checker sees its blocks as whole accesses (inputs read,
     * outputs written), which is as precise as a C kernel can be watched. A body that reports
     * its own accesses gets none: they would be tessera's, not the kernel's. */
    for (int i = 0; i < p->num_brefs && !r->cp->body_accesses; i++) {
      bref *b = &p->brefs[i];
      if (b->passthrough) continue;
      tsr_event acc = {.kind = TSR_EV_ACCESS, .step = core->step, .name = b->name, .dst = &b->view,
                       .write = b->kind != BREF_INPUT, .operand = b->operand};
      core_emit(core, &acc);
    }
  }
  tsr_status s = d->body(c, d->user);
  if (s != TSR_OK) {
    char gi[96];
    return tsr_fail_context(s, "kernel %s at grid index %s", d->name ? d->name : "body",
                            tsr_format_dims(p->index, p->grid_rank, gi, sizeof gi));
  }
  if (p->s.last_step && !r->cp->body_steps) TSR_TRY(body_over(r->cp, core, r));
  if (observed) {
    tsr_cost cost = c->cost;
    if (d->step_cost) d->step_cost(c, d->user, &cost);
    else if (!c->cost_reported && d->has_cost_estimate) {
      cost.flops = d->cost_estimate.flops * r->step_cost_share;
      cost.transcendentals = d->cost_estimate.transcendentals * r->step_cost_share;
    }
    tsr_event ev = {.kind = TSR_EV_BODY_END, .step = core->step, .cost = &cost, .operand = -1};
    core_emit(core, &ev);
  }
  return TSR_OK;
}

static tsr_status alloc_ref_as(tsr_core *c, call_plan *cp, tsr_space space, tsr_dtype dtype, int rank,
                               const int64_t *shape, const char *what, bool fill, tsr_ref *out) {
  tsr_ref r = tsr_ref_dense(NULL, dtype, space, rank, shape);
  tsr_buffer *b;
  int64_t limit = space == TSR_VMEM ? cp->vmem_limit : 0;
  TSR_TRY((fill ? core_alloc : core_alloc_unfilled)(c, space, tsr_ref_bytes(&r), limit, what, &b));
  r.data = b->base;
  r.buf = b;
  *out = r;
  return TSR_OK;
}

static tsr_status alloc_ref(tsr_core *c, call_plan *cp, tsr_space space, tsr_dtype dtype, int rank,
                            const int64_t *shape, const char *what, tsr_ref *out) {
  return alloc_ref_as(c, cp, space, dtype, rank, shape, what, true, out);
}

/* Whether a block slot's poison may wait for its first use as a copy (engine.c, fill_slot):
 * its blocks may be views of HBM, so the buffer of a slot that only ever holds views is never
 * touched (an overwritten output's, a read-only input's: 512 KiB written per core and part,
 * every call, for the threefry kernel's two outputs). Nothing can tell: the poison is written
 * before a DMA or the body first touches the buffer, and no observer is attached (none sees
 * the buffer's bytes or its address before then either). */
static bool defer_slot_poison(const tsr_core *c, const bref *b) {
  return !core_observed(c) && b->space == TSR_VMEM && (b->overwrite_view || b->read_only_view);
}

/* Whether input i's blocks may be views of HBM (tsr_block_spec.read_only): DMAs move data at
 * their start (the view holds what the copy would), and no output's array overlaps the input
 * (an aliased output writes it). Observers see the same DMAs into the same VMEM slots; the
 * body's loads report the view. Nothing can race on a block that nobody writes and whose DMA
 * is waited for before the body runs, so the checkers lose nothing they could find. */
static bool read_only_views(const call_plan *cp, const operand_plan *o) {
  if (o->is_output || !o->spec->read_only || cp->m->opts.dma_mode != TSR_DMA_EAGER) return false;
  for (int i = 0; i < cp->n; i++)
    if (cp->ops[i].is_output && spans_overlap(&cp->ops[i].hbm, &o->hbm)) return false;
  return true;
}

/* Whether another operand's array shares bytes with o's. */
static bool overlaps_another(const call_plan *cp, const operand_plan *o) {
  for (int i = 0; i < cp->n; i++)
    if (&cp->ops[i] != o && spans_overlap(&cp->ops[i].hbm, &o->hbm)) return true;
  return false;
}

/* Whether output o's blocks may be written in place in HBM (tsr_block_spec.overwrites): the
 * body writes a block whole before it reads any of it, so it cannot tell the HBM block from a
 * VMEM copy. What else could: a DMA that moves data late (the copy would land after what the
 * body wrote in place, and an input DMA in between would read it early), another operand's
 * array that overlaps the output's (an input or ANY ref reading it mid-step, or another
 * output whose write-back order decides the bytes), and an observer that reads the data of
 * output DMAs (the poison checker). A block that is not wholly inside the array stays a copy
 * (bind_view). Observers see the same DMAs into the same VMEM slots, and the body's stores
 * reported on those slots (push_views), so the race checker finds what it finds with copies. */
static bool overwrite_views(const call_plan *cp, const operand_plan *o) {
  if (!o->is_output || !o->spec->overwrites || o->spec->space != TSR_VMEM || cp->m->opts.dma_mode != TSR_DMA_EAGER ||
      machine_observers_read_output_data(cp->m))
    return false;
  return !overlaps_another(cp, o);
}

/* Whether input o's host copies may move from their DMAs' starts to their waits
 * (dma_request.late): nothing writes its array during the call (no output overlaps it, nor
 * an ANY/HBM operand that the body could write or DMA into) and DMAs move data at their start
 * (eager: the copy then reads what it would have read at the start). The destination is the
 * slot of a later step, which the body does not see before the wait. The DMA layer keeps
 * copies at their start when an observer watches. A kernel that writes another core's input
 * slots (a race with the engine's own copies) may see the other order. */
static bool late_inputs(const call_plan *cp, const operand_plan *o) {
  if (o->is_output || o->passthrough || cp->m->opts.dma_mode != TSR_DMA_EAGER) return false;
  for (int i = 0; i < cp->n; i++) {
    const operand_plan *q = &cp->ops[i];
    if (q != o && (q->is_output || q->passthrough) && spans_overlap(&q->hbm, &o->hbm)) return false;
  }
  return true;
}

/* Whether output o's write-backs may move from their DMAs' starts to their waits, which come
 * after the next step's body (eager DMAs only): then they move side by side with the next
 * step's input copies, as a plain loop reads and writes at once. Nothing may read or write
 * the output's array in between: no other operand overlaps it (an input copied from it, an
 * ANY ref the body reads, another output written over it). The source is a slot the next
 * body does not see (two or more buffers; with one, the wait follows the start at once). */
static bool late_outputs(const call_plan *cp, const operand_plan *o) {
  if (!o->is_output || o->passthrough || cp->m->opts.dma_mode != TSR_DMA_EAGER) return false;
  return !overlaps_another(cp, o);
}

/* Every semaphore of the kernel is back at zero: the scratch semaphores and the barrier
 * semaphore. */
static tsr_status check_sems_zero(call_plan *cp, tsr_core *c, core_run *r) {
  const tsr_call_desc *d = cp->d;
  if (c->barrier_sem.data && core_sem_read(&c->barrier_sem) != 0)
    return tsr_fail(TSR_ERR_SEMAPHORE, "the barrier semaphore holds %lld at the end of the kernel on device %d core %d; "
                    "semaphores must be zero when a kernel ends", (long long)core_sem_read(&c->barrier_sem),
                    cp->m->device, c->id);
  for (int i = 0; i < d->num_scratch; i++) {
    const tsr_ref *s = &r->scratch[i];
    if (s->space != TSR_SEMAPHORE_MEM) continue;
    int64_t n = tsr_ref_numel(s);
    for (int64_t k = 0; k < n; k++) {
      int64_t v = ((const int64_t *)(const void *)s->data)[k];
      if (v != 0)
        return tsr_fail(TSR_ERR_SEMAPHORE, "scratch %d (%s, element %lld) holds %lld at the end of "
                        "the kernel on %score %d; semaphores must be zero when a kernel ends",
                        i, tsr_dtype_name(s->dtype), (long long)k, (long long)v, cp->m->num_devices > 1 ? "this device's " : "", c->id);
    }
  }
  return TSR_OK;
}

/* ---- semaphore operands ---- */

/* Semaphore k (row-major) of a semaphore array, as a single one. */
static tsr_ref sem_element(const tsr_ref *sems, int64_t k) {
  tsr_ref e = *sems;
  e.data += k * (int64_t)sizeof(int64_t); /* allocated dense */
  e.rank = 0;
  return e;
}

static void carry_event(tsr_core *c, const tsr_ref *sem, int64_t amount, int operand) {
  if (!amount || !core_observed(c)) return;
  tsr_event ev = {.kind = TSR_EV_SEM_CARRY, .step = -1, .sem = sem, .amount = amount, .operand = operand};
  core_emit(c, &ev);
}

/* The semaphores a semaphore operand's body sees: an output aliased to a semaphore input
 * shares the input's (one semaphore in XLA's memory, as on a TPU); any other gets its own,
 * at zero, which an input then sets to its array's counts. */
static tsr_status bind_semaphores(call_plan *cp, tsr_core *c, core_run *r, int i) {
  const tsr_call_desc *d = cp->d;
  operand_plan *o = &cp->ops[i];
  bref *b = &r->p.brefs[i];
  int in = -1; /* the input an output is aliased to */
  for (int a = 0; o->is_output && a < d->num_aliases; a++)
    if (d->aliases[a].output == o->index) in = d->aliases[a].input - d->num_prefetch;
  if (in >= 0 && cp->ops[in].semaphores) {
    b->view = r->p.brefs[in].view;
    return TSR_OK;
  }
  char name[24];
  call_operand_name(o, name, sizeof name);
  TSR_TRY(alloc_ref(c, cp, TSR_SEMAPHORE_MEM, o->spec->semaphore, o->rank, o->hbm.shape, name, &b->view));
  if (o->is_output && in < 0) return TSR_OK;
  int64_t idx[TSR_MAX_RANK] = {0}, n = tsr_ref_numel(&o->hbm);
  for (int64_t k = 0; k < n; k++, strided_next(idx, o->hbm.shape, o->rank)) {
    const void *at = tsr_ref_ptr(&o->hbm, idx);
    int64_t v = o->hbm.dtype == TSR_U32 ? (int64_t) * (const uint32_t *)at : (int64_t) * (const int32_t *)at;
    if (v < 0) return tsr_fail(TSR_ERR_SEMAPHORE, "%s: semaphore %lld starts at %lld, a negative count", name, (long long)k, (long long)v);
    ((int64_t *)(void *)b->view.data)[k] = v;
  }
  return TSR_OK;
}

/* What the semaphore operands bring in, for observers (after the kernel's start). */
static void carry_in(call_plan *cp, tsr_core *c, core_run *r) {
  for (int i = 0; i < cp->d->num_inputs; i++) {
    if (!cp->ops[i].semaphores) continue;
    const tsr_ref *v = &r->p.brefs[i].view;
    for (int64_t k = 0; k < tsr_ref_numel(v); k++) {
      tsr_ref e = sem_element(v, k);
      carry_event(c, &e, core_sem_read(&e), i);
    }
  }
}

/* At the kernel's end (body_over): the DMAs in flight on output semaphores land, and the
 * outputs' counts go to their arrays (before the kernel's end event: observers see the copies
 * in it, and the race checker takes them as no longer in flight). */
static tsr_status carry_out(call_plan *cp, tsr_core *c, core_run *r) {
  const tsr_call_desc *d = cp->d;
  if (r->carried_out) return TSR_OK;
  r->carried_out = true;
  for (int i = d->num_inputs; i < cp->n; i++) {
    operand_plan *o = &cp->ops[i];
    if (!o->semaphores) continue;
    const tsr_ref *v = &r->p.brefs[i].view;
    core_settle_dmas(c, v);
    int64_t idx[TSR_MAX_RANK] = {0}, n = tsr_ref_numel(v);
    int64_t most = o->hbm.dtype == TSR_U32 ? (int64_t)UINT32_MAX : (int64_t)INT32_MAX;
    for (int64_t k = 0; k < n; k++, strided_next(idx, o->hbm.shape, o->rank)) {
      tsr_ref e = sem_element(v, k);
      int64_t count = core_sem_read(&e);
      if (count > most) {
        char name[24];
        call_operand_name(o, name, sizeof name);
        return tsr_fail(TSR_ERR_SEMAPHORE, "%s: semaphore %lld ends the kernel at %lld, more than its array's %s holds", name,
                        (long long)k, (long long)count, tsr_dtype_name(o->hbm.dtype));
      }
      void *at = tsr_ref_ptr(&o->hbm, idx);
      if (o->hbm.dtype == TSR_U32) *(uint32_t *)at = (uint32_t)count;
      else *(int32_t *)at = (int32_t)count;
      carry_event(c, &e, -count, i);
    }
  }
  return TSR_OK;
}

static tsr_status run_core_inner(tsr_core *c, core_run *r) {
  call_plan *cp = r->cp;
  const tsr_call_desc *d = cp->d;
  pipeline *p = &r->p;
  /* this core's share of the grid, or the part of it c runs */
  int split = -1;
  const split_part *part = host_split_part(cp, c);
  if (part) {
    memcpy(p->grid, part->grid, sizeof p->grid);
    memcpy(p->offsets, part->offsets, sizeof p->offsets);
    c->step_base = part->step_base; /* events number the steps in the core's order */
  } else {
    TSR_TRY(partition_grid(d->grid, d->grid_rank, d->semantics, cp->m->num_cores, c->id, false,
                           p->grid, p->offsets, &split));
  }
  if (d->grid_rank == 0 && c->id != 0) return TSR_OK; /* a grid-less kernel runs once */
  int64_t steps;
  if (!tsr_grid_num_steps(p->grid, d->grid_rank, &steps)) return tsr_fail(TSR_ERR_INVALID, "the grid has more than 2^63 steps");
  if (steps == 0) return TSR_OK;

  for (int i = 0; i < d->num_prefetch; i++) {
    TSR_TRY(alloc_ref(c, cp, TSR_SMEM, d->prefetch[i].dtype, d->prefetch[i].rank,
                      d->prefetch[i].shape, "scalar prefetch", &r->prefetch[i]));
    strided_copy_ref(&r->prefetch[i], &d->prefetch[i]);
  }
  for (int i = 0; i < d->num_scratch; i++) {
    const tsr_scratch_spec *s = &d->scratch[i];
    TSR_TRY(alloc_ref(c, cp, s->space, s->dtype, s->rank, s->shape, "scratch", &r->scratch[i]));
  }
  int64_t none[1] = {0};
  TSR_TRY(alloc_ref(c, cp, TSR_SEMAPHORE_MEM, TSR_DMA_SEM, 0, none, "sync copy semaphore", &r->ctx.sync_sem));
  c->barrier_sem = (tsr_ref){0};
  if (cp->m->num_devices > 1)
    TSR_TRY(alloc_ref(c, cp, TSR_SEMAPHORE_MEM, TSR_SEM, 0, none, "barrier semaphore", &c->barrier_sem));
  for (int i = 0; i < cp->n; i++) {
    operand_plan *o = &cp->ops[i];
    bref *b = &p->brefs[i];
    b->kind = o->is_output ? BREF_OUTPUT : BREF_INPUT;
    b->operand = o->index;
    call_operand_name(o, b->name, sizeof b->name);
    b->hbm = o->hbm;
    b->rank = o->rank;
    b->passthrough = o->passthrough;
    b->index_map = o->spec->index_map;
    b->index_map_user = o->spec->index_map_user;
    memcpy(b->axis_map, o->spec->axis_map, sizeof b->axis_map);
    b->space = o->spec->space;
    b->buffer_count = o->buffer_count;
    b->revisit = o->spec->revisit;
    b->read_only_view = read_only_views(cp, o);
    b->strided_view = b->read_only_view && o->spec->strided_reads;
    b->overwrite_view = overwrite_views(cp, o);
    b->late_in = late_inputs(cp, o);
    b->late_out = late_outputs(cp, o);
    memcpy(b->block, o->block, sizeof b->block);
    memcpy(b->squeezed, o->squeezed, sizeof b->squeezed);
    for (int k = 0; k < o->rank; k++) b->element[k] = o->spec->rank ? o->spec->element[k] : false;
    array_tiling(o->hbm.shape, o->rank, o->hbm.dtype, cp->m->chip.generation, b->tiling);
    if (o->semaphores) {
      TSR_TRY(bind_semaphores(cp, c, r, i));
      b->hbm = b->view; /* what the body gets of a passed-through operand (the array is o->hbm) */
      continue;
    }
    if (o->passthrough) {
      b->view = b->hbm;
      continue;
    }
    if (o->shares >= 0) { /* one buffer for an input and its output, which holds the array (never a view) */
      b->shared_slot = true;
      b->read_only_view = b->strided_view = b->overwrite_view = b->late_in = b->late_out = false;
    }
    if (o->is_output && o->shares >= 0) {
      b->slot[0] = p->brefs[o->shares].slot[0];
    } else {
      bool defer = defer_slot_poison(c, b);
      for (int s = 0; s < b->buffer_count; s++) {
        TSR_TRY(alloc_ref_as(c, cp, b->space, o->hbm.dtype, o->rank, o->block, b->name, !defer, &b->slot[s]));
        b->unfilled[s] = defer;
      }
    }
    TSR_TRY(alloc_ref(c, cp, TSR_SEMAPHORE_MEM, TSR_DMA_SEM, 0, none, b->name, &b->sem_recv));
    TSR_TRY(alloc_ref(c, cp, TSR_SEMAPHORE_MEM, TSR_DMA_SEM, 0, none, b->name, &b->sem_send));
  }
  p->core = c;
  p->name = d->name;
  p->grid_rank = d->grid_rank;
  p->num_brefs = cp->n;
  p->prefetch = r->prefetch;
  p->num_prefetch = d->num_prefetch;
  p->schedule = &pipe_schedule_default;
  p->first_cycle = p->last_cycle = true;
  p->check_revisits = true;
  p->semantics = d->semantics;
  p->body = body_trampoline;
  p->emit_steps = !cp->body_steps;
  p->hold_warnings = cp->split.on;
  p->body_user = r;

  tsr_ctx *x = &r->ctx;
  x->m = cp->m;
  x->core = c;
  x->grid = d->grid;
  x->grid_rank = d->grid_rank;
  for (int i = 0; i < cp->n; i++) {
    if (i < d->num_inputs) r->in_views[i] = &p->brefs[i].view;
    else r->out_views[i - d->num_inputs] = &p->brefs[i].view;
  }
  x->in = r->in_views;
  x->out = r->out_views;
  x->num_in = d->num_inputs;
  x->num_out = d->num_outputs;
  x->scratch = r->scratch;
  x->num_scratch = d->num_scratch;
  x->prefetch = r->prefetch;
  x->num_prefetch = d->num_prefetch;
  TSR_TRY(host_split_watch_start(cp, c, r->scratch, &r->carry, &x->carry));
  int64_t total = 1;
  for (int k = 0; k < d->grid_rank; k++) total *= d->grid[k];
  r->step_cost_share = total > 0 ? 1.0 / (double)total : 0;

  if (core_observed(c)) {
    tsr_event ev = {.kind = TSR_EV_KERNEL_BEGIN, .step = -1, .name = d->name, .operand = -1,
                    .no_device_barrier = d->no_device_barrier};
    core_emit(c, &ev);
  }
  carry_in(cp, c, r);
  mesh_barrier(c, 1); /* every device's memory is there before anything reaches for it */
  TSR_TRY(pipe_run(p));
  c->step = -1;
  TSR_TRY(body_over(cp, c, r)); /* a body that steps itself: after it (once: the last body did it otherwise) */
  if (core_observed(c)) {
    tsr_event ev = {.kind = TSR_EV_KERNEL_END, .step = -1, .name = d->name, .operand = -1};
    core_emit(c, &ev);
  }
  TSR_TRY(core_check_dmas_idle(c));
  /* many devices: once every device has ended (a late signal from another device counts) */
  if (!cp->m->sync->mesh_run) TSR_TRY(check_sems_zero(cp, c, r));
  return TSR_OK;
}

/* Keeps the blocks of each output that core c (or a part of its steps) wrote back, for
 * check_cross_core_writes: the first part's set as it is, a later part's added to it. */
static void keep_written(call_plan *cp, tsr_core *c, bref *brefs) {
  pthread_mutex_lock(&cp->stats_lock); /* the parts of one core end at once */
  for (int i = cp->d->num_inputs; i < cp->n; i++) {
    bref *keep = &cp->written_by_core[(i - cp->d->num_inputs) * cp->m->num_cores + c->id];
    bref *b = &brefs[i];
    if (keep->written) {
      if (bref_add_written(keep, b) != TSR_OK) tsr_clear_error(); /* a warning fewer */
      continue;
    }
    keep->rank = b->rank;
    keep->written = b->written;
    keep->written_used = b->written_used;
    keep->written_step = b->written_step;
    keep->cap_written = b->cap_written;
    keep->num_written = b->num_written;
    b->written = NULL;
    b->written_used = NULL;
    b->written_step = NULL;
  }
  pthread_mutex_unlock(&cp->stats_lock);
}

tsr_status call_run_core(tsr_core *c, void *arg) {
  call_plan *cp = arg;
  core_run *r = calloc(1, sizeof *r);
  bref *brefs = calloc((size_t)(cp->n ? cp->n : 1), sizeof *brefs);
  if (!r || !brefs) { free(r); free(brefs); return tsr_fail(TSR_ERR_NOMEM, "out of host memory"); }
  r->cp = cp;
  r->p.brefs = brefs;
  int marks[3] = {c->vmem.count, c->smem.count, c->sems.count};
  tsr_status s = run_core_inner(c, r);
  if (s == TSR_OK) {
    tsr_call_stats *st = cp->stats;
    pthread_mutex_lock(&cp->stats_lock);
    bool ran = false;
    for (int i = 0; i < cp->n; i++) tsr_dma_counts_add(&st->dma, &brefs[i].dma);
    int64_t steps = r->p.num_steps;
    if (r->p.core) { st->steps += steps; ran = steps > 0; }
    if (ran) st->cores++;
    pthread_mutex_unlock(&cp->stats_lock);
    if (cp->split.on) host_split_part_done(cp, c, brefs, &r->carry);
    if (cp->written_by_core) keep_written(cp, c, brefs);
  } else {
    core_reset_dmas(c);
  }
  mesh_barrier(c, 2); /* no device reaches into this core's memory once it is released */
  if (s == TSR_OK && cp->m->sync->mesh_run && r->p.core) s = check_sems_zero(cp, c, r);
  c->barrier_sem = (tsr_ref){0};
  c->step = -1;
  c->step_base = 0;
  for (int i = 0; i < cp->n; i++) {
    bref_free_written(&brefs[i]);
    free(brefs[i].held_warning);
  }
  core_release_to(c, TSR_VMEM, marks[0]);
  core_release_to(c, TSR_SMEM, marks[1]);
  core_release_to(c, TSR_SEMAPHORE_MEM, marks[2]);
  carry_free(&r->carry);
  free(brefs);
  free(r);
  return s;
}

/* The first block of output o that two cores wrote back: core *a's block *blk, also core *b's. */
static bool shared_block(const call_plan *cp, int o, const int64_t **blk, int *a, int *b) {
  int cores = cp->m->num_cores;
  for (*a = 0; *a < cores; ++*a) {
    const bref *wa = &cp->written_by_core[o * cores + *a];
    for (int64_t j = 0; j < wa->cap_written; j++) {
      if (!wa->written_used[j]) continue;
      *blk = &wa->written[j * wa->rank];
      for (*b = *a + 1; *b < cores; ++*b)
        if (bref_was_written(&cp->written_by_core[o * cores + *b], *blk)) return true;
    }
  }
  return false;
}

/* "core 1 at grid index (3, 0) (step 1)": where core c wrote back a block, from the step of
 * its share of the grid at which it did (lexicographic in the share, offset by its start). */
static void describe_writer(const call_plan *cp, int c, int64_t step, char *buf, size_t cap) {
  const tsr_call_desc *d = cp->d;
  int64_t share[TSR_MAX_GRID], off[TSR_MAX_GRID], idx[TSR_MAX_GRID];
  int split;
  char gi[96];
  if (partition_grid(d->grid, d->grid_rank, d->semantics, cp->m->num_cores, c, false, share, off, &split) != TSR_OK) {
    tsr_clear_error();
    snprintf(buf, cap, "core %d (step %lld)", c, (long long)step);
    return;
  }
  for (int64_t k = d->grid_rank - 1, rest = step; k >= 0; k--) {
    idx[k] = (share[k] > 0 ? rest % share[k] : 0) + off[k];
    rest = share[k] > 0 ? rest / share[k] : 0;
  }
  snprintf(buf, cap, "core %d at grid index %s (its step %lld)", c, tsr_format_dims(idx, d->grid_rank, gi, sizeof gi),
           (long long)step);
}

/* Two cores that write back the same output block race on it: on a TPU they run at once, and
 * the array keeps whichever write lands last. Found after the run, once per output, naming
 * both writes: observers that report races (the checkers) get it as a finding
 * (TSR_EV_SHARED_OUTPUT), and the call fails there; otherwise it is a warning, as Pallas
 * accepts such calls. */
static void check_cross_core_writes(call_plan *cp) {
  const tsr_call_desc *d = cp->d;
  int cores = cp->m->num_cores;
  for (int o = 0; o < d->num_outputs; o++) {
    const int64_t *blk;
    int a, b;
    if (!shared_block(cp, o, &blk, &a, &b)) continue;
    const bref *wa = &cp->written_by_core[o * cores + a], *wb = &cp->written_by_core[o * cores + b];
    int64_t sa = bref_written_step(wa, blk), sb = bref_written_step(wb, blk);
    int64_t share[TSR_MAX_GRID], off[TSR_MAX_GRID];
    int split = -1;
    if (partition_grid(d->grid, d->grid_rank, d->semantics, cores, 0, false, share, off, &split) != TSR_OK) tsr_clear_error();
    char bi[96], ra[160], rb[160], fix[320], msg[1024];
    describe_writer(cp, a, sa, ra, sizeof ra);
    describe_writer(cp, b, sb, rb, sizeof rb);
    if (split >= 0)
      snprintf(fix, sizeof fix, "grid axis %d is split between the cores, but out%d's index map gives both cores "
               "this block: mark axis %d \"arbitrary\" so that one core runs it, or give each core its own output "
               "block with an index map that follows axis %d", split, o, split, split);
    else
      snprintf(fix, sizeof fix, "give each core its own output block: an output's index map must follow every "
               "grid axis the cores split");
    snprintf(msg, sizeof msg, "out%d block %s is written back by %s and by %s: the cores run at once and the "
             "array keeps whichever write lands last (%s)", o, tsr_format_dims(blk, wa->rank, bi, sizeof bi), ra, rb, fix);
    if (!machine_observers_report_races(cp->m)) {
      machine_warn(cp->m, "%s", msg);
      continue;
    }
    char name[24];
    snprintf(name, sizeof name, "out%d", o);
    tsr_event ev = {.kind = TSR_EV_SHARED_OUTPUT, .step = sb, .name = name, .operand = o,
                    .rank = wa->rank, .index = blk, .target_core = a, .amount = sa, .loc = msg};
    core_emit(&cp->m->cores[b], &ev);
  }
}

/* Empties the sets of blocks each core wrote back (a split that did not stand wrote them). */
static void clear_written(call_plan *cp) {
  if (cp->written_by_core)
    for (int i = 0; i < cp->d->num_outputs * cp->m->num_cores; i++) bref_free_written(&cp->written_by_core[i]);
}

static void free_written(call_plan *cp) {
  clear_written(cp);
  free(cp->written_by_core);
  cp->written_by_core = NULL;
}

static void start_stats(const call_plan *cp, tsr_call_stats *stats) {
  memset(stats, 0, sizeof *stats);
  stats->vmem_bytes = cp->vmem_bytes;
  stats->smem_bytes = cp->smem_bytes;
  stats->parts = 1;
}

tsr_status pallas_call_run(tsr_machine *m, const tsr_call_desc *d, bool *split_ok,
                           bool (*verdict)(void *user, bool stands), unsigned body, tsr_call_stats *stats) {
  tsr_call_stats local;
  if (!stats) stats = &local;
  memset(stats, 0, sizeof *stats);
  machine_clear_warnings(m);
  call_plan cp;
  tsr_status s = plan_call(m, d, false, &cp);
  m->no_data = d->no_data;
  if (s == TSR_OK) {
    cp.stats = stats;
    cp.body_steps = body & SEAM_BODY_STEPS;
    cp.body_accesses = body & SEAM_BODY_ACCESSES;
    if (cp.body_steps) split_ok = NULL; /* its steps are inside one grid step */
    start_stats(&cp, stats);
    pthread_mutex_init(&cp.stats_lock, NULL);
    if (m->num_cores > 1 && d->num_outputs > 0) {
      cp.written_by_core = calloc((size_t)d->num_outputs * (size_t)m->num_cores, sizeof *cp.written_by_core);
      if (!cp.written_by_core) s = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
    }
    const char *why;
    if (s == TSR_OK && host_split_plan(&cp, split_ok && *split_ok, true, &why) && !host_split_run(&cp, verdict)) {
      *split_ok = false; /* the run in order, from the start */
      clear_written(&cp);
      start_stats(&cp, stats);
      machine_clear_warnings(m);
      tsr_clear_error();
    }
    tsr_ref *hbm = NULL;
    if (s == TSR_OK && m->num_devices > 1) { /* for remote copies into this device's arrays */
      if (!(hbm = malloc(sizeof *hbm * (size_t)(cp.n ? cp.n : 1)))) s = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
      for (int i = 0; hbm && i < cp.n; i++) hbm[i] = cp.ops[i].hbm;
      m->hbm = hbm;
      m->num_hbm = hbm ? cp.n : 0;
    }
    if (!cp.split.on && s == TSR_OK) s = machine_run_cores(m, call_run_core, &cp);
    for (int i = 0; i < machine_cores_total(m); i++) { /* no core runs the call now: nothing reaches them */
      tsr_status ps = core_free_parked(&m->cores[i], s == TSR_OK);
      if (s == TSR_OK) s = ps;
    }
    m->hbm = NULL;
    m->num_hbm = 0;
    free(hbm);
    if (s == TSR_OK && cp.written_by_core) check_cross_core_writes(&cp);
    pthread_mutex_destroy(&cp.stats_lock);
  }
  m->no_data = false;
  free_written(&cp);
  host_split_free(&cp.split);
  free(cp.ops);
  if (s != TSR_OK && d->name) return tsr_fail_context(s, "pallas_call %s", d->name);
  return s;
}

tsr_status tsr_pallas_call(tsr_machine *m, const tsr_call_desc *d, tsr_call_stats *stats) {
  return pallas_call_run(m, d, NULL, NULL, 0, stats);
}

/* ---- describe ------------------------------------------------------------------------- */

tsr_status tsr_pallas_describe(tsr_machine *m, const tsr_call_desc *d, FILE *out) {
  return pallas_describe_run(m, d, false, out);
}

tsr_status pallas_describe_run(tsr_machine *m, const tsr_call_desc *d, bool split_ok, FILE *out) {
  call_plan cp;
  tsr_status s = plan_call(m, d, false, &cp);
  if (s != TSR_OK) { free(cp.ops); return s; }
  char buf[128];
  fprintf(out, "kernel %s on %s, %d core(s)\n", d->name ? d->name : "(unnamed)", m->chip.name,
          m->num_cores);
  fprintf(out, "  grid %s", tsr_format_dims(d->grid, d->grid_rank, buf, sizeof buf));
  if (d->grid_rank) {
    fprintf(out, " semantics (");
    for (int k = 0; k < d->grid_rank; k++)
      fprintf(out, "%s%s", k ? ", " : "", d->semantics[k] == TSR_PARALLEL ? "parallel"
                                       : d->semantics[k] == TSR_CORE_PARALLEL ? "core_parallel" : "arbitrary");
    fprintf(out, ")");
  }
  fprintf(out, "\n");
  for (int c = 0; c < m->num_cores; c++) {
    int64_t sub[TSR_MAX_GRID], off[TSR_MAX_GRID];
    int split;
    if (partition_grid(d->grid, d->grid_rank, d->semantics, m->num_cores, c, false, sub, off, &split) != TSR_OK) break;
    char a[96], b[96];
    if (m->num_cores > 1)
      fprintf(out, "  core %d: grid %s offsets %s\n", c, tsr_format_dims(sub, d->grid_rank, a, sizeof a),
              tsr_format_dims(off, d->grid_rank, b, sizeof b));
  }
  for (int i = 0; i < cp.n; i++) {
    operand_plan *o = &cp.ops[i];
    char name[24], arr[64], blk[96];
    call_operand_name(o, name, sizeof name);
    if (o->semaphores) {
      fprintf(out, "  %-6s %-18s %s counts\n", name, tsr_ref_describe(&o->hbm, arr, sizeof arr), tsr_dtype_name(o->spec->semaphore));
      continue;
    }
    if (o->passthrough) {
      fprintf(out, "  %-6s %-18s %s: whole array, moved by the kernel\n", name,
              tsr_ref_describe(&o->hbm, arr, sizeof arr), space_label(o->spec->space));
      continue;
    }
    int64_t shown[TSR_MAX_RANK];
    for (int k = 0; k < o->rank; k++) shown[k] = o->squeezed[k] ? TSR_SQUEEZED : o->block[k];
    tsr_format_dims(shown, o->rank, blk, sizeof blk);
    fprintf(out, "  %-6s %-18s %s block %s x %d buffer(s) = %lld bytes%s\n", name,
            tsr_ref_describe(&o->hbm, arr, sizeof arr), space_label(o->spec->space), blk,
            o->buffer_count, (long long)(o->block_bytes * o->buffer_count),
            !o->is_output && o->spec->read_only ? (o->spec->strided_reads ? ", read-only, strided reads" : ", read-only")
            : o->is_output && o->spec->overwrites ? ", overwritten" : "");
  }
  fprintf(out, "  VMEM %lld of %lld bytes, SMEM %lld bytes\n", (long long)cp.vmem_bytes,
          (long long)cp.vmem_limit, (long long)cp.smem_bytes);
  const char *why;
  bool planned = host_split_plan(&cp, split_ok, false, &why);
  host_split_describe(&cp, planned, why, out);
  host_split_free(&cp.split);
  free(cp.ops);
  return TSR_OK;
}

tsr_status seam_plan_operands(tsr_machine *m, const tsr_call_desc *d, seam_operand_plan *out) {
  call_plan cp;
  tsr_status s = plan_call(m, d, true, &cp);
  for (int i = 0; s == TSR_OK && i < cp.n; i++) {
    const operand_plan *o = &cp.ops[i];
    seam_operand_plan *q = &out[i];
    memset(q, 0, sizeof *q);
    q->passthrough = o->passthrough;
    q->rank = o->rank;
    q->space = o->spec->space;
    q->revisit = o->spec->revisit;
    q->buffer_count = o->buffer_count;
    for (int k = 0; k < o->rank; k++) {
      q->block[k] = o->passthrough ? o->hbm.shape[k] : o->block[k];
      q->squeezed[k] = o->squeezed[k];
      q->element[k] = o->spec->rank && o->spec->element[k];
    }
    array_tiling(o->hbm.shape, o->rank, o->hbm.dtype, m->chip.generation, q->tiling);
  }
  free(cp.ops);
  return s;
}
