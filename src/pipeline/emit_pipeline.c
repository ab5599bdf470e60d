/* emit_pipeline: the seed's nested pipeline, run by the engine on the calling core from inside
 * a pallas_call body. */
#include "tessera/emit_pipeline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline/ctx.h"
#include "pipeline/partition.h"
#include "pipeline/tiling.h"

struct tsr_pipeline_allocations {
  machine_core *core;
  int n;
  pipe_bref *brefs;
  int marks[3];   /* arena depths before the allocation (stack discipline) */
};

/* ---- schedule and step queries ----------------------------------------------------------- */

int64_t tsr_sched_step(const tsr_scheduler *s) { return s->step; }
int64_t tsr_sched_num_steps(const tsr_scheduler *s) { return s->num_steps; }
bool tsr_sched_first_step(const tsr_scheduler *s) { return s->first_step; }
bool tsr_sched_last_step(const tsr_scheduler *s) { return s->last_step; }
bool tsr_sched_first_step_ever(const tsr_scheduler *s) { return s->first_step_ever; }
bool tsr_sched_last_step_ever(const tsr_scheduler *s) { return s->last_step_ever; }
bool tsr_sched_init_accumulators(const tsr_scheduler *s) { return s->init_accumulators; }
bool tsr_sched_has_changed(const tsr_scheduler *s, const tsr_bref *b) { return pipe_sched_has_changed(s, b); }
bool tsr_sched_will_change(const tsr_scheduler *s, const tsr_bref *b) { return pipe_sched_will_change(s, b); }
bool tsr_bref_is_input(const tsr_bref *b) { return pipe_bref_is_input(b); }
bool tsr_bref_is_output(const tsr_bref *b) { return pipe_bref_is_output(b); }
bool tsr_bref_is_accumulator(const tsr_bref *b) { return b->kind == PIPE_BREF_ACCUM; }
const char *tsr_bref_name(const tsr_bref *b) { return b->name; }

tsr_bref *tsr_sched_bref(tsr_scheduler *s, int i) {
  return s->p && i >= 0 && i < s->p->num_brefs ? &s->p->brefs[i] : NULL;
}

tsr_bref *tsr_pipeline_allocations_bref(tsr_pipeline_allocations *a, int i) {
  return a && i >= 0 && i < a->n ? &a->brefs[i] : NULL;
}

static void to_engine_schedule(const tsr_schedule *in, pipe_schedule *out) {
  const pipe_schedule *base = in && in->kind == TSR_SCHEDULE_FIXED ? &pipe_schedule_fixed
                                                                  : &pipe_schedule_default;
  *out = *base;
  if (!in || in->kind != TSR_SCHEDULE_CUSTOM) return;
  /* tsr_schedule_pred and pipe_sched_pred are the same function type (tagged structs). */
  if (in->prologue_copy_in) out->prologue_copy_in = in->prologue_copy_in;
  if (in->wait_in) out->wait_in = in->wait_in;
  if (in->copy_in) out->copy_in = in->copy_in;
  if (in->prefetch) out->prefetch = in->prefetch;
  if (in->wait_out) out->wait_out = in->wait_out;
  if (in->copy_out) out->copy_out = in->copy_out;
  if (in->epilogue_wait_out) out->epilogue_wait_out = in->epilogue_wait_out;
  out->user = in->user;
}

/* A hook may act on a pipe_bref of another pipeline: evaluate its blocks at this scheduler's grid
 * indices for the duration of the call, and restore them after. */
typedef struct saved_blocks {
  int64_t prev[TSR_MAX_RANK], cur[TSR_MAX_RANK], next[TSR_MAX_RANK];
  tsr_ref hbm;
} saved_blocks;

static tsr_status rebind(tsr_scheduler *s, pipe_bref *b, const tsr_ref *hbm, saved_blocks *sv) {
  pipe_pipeline *p = s->p;
  size_t n = sizeof(int64_t) * TSR_MAX_RANK;
  memcpy(sv->prev, b->blk_prev, n);
  memcpy(sv->cur, b->blk_cur, n);
  memcpy(sv->next, b->blk_next, n);
  sv->hbm = b->hbm;
  if (hbm->rank != b->geo.rank || hbm->dtype != b->hbm.dtype)
    return tsr_fail(TSR_ERR_INVALID, "%s: the array given to a hook differs in rank or dtype from "
                    "the buffered ref's", b->name);
  b->hbm = *hbm;
  tsr_status st = pipe_bref_block_index(p, b, p->prev_index, b->blk_prev);
  if (st == TSR_OK) st = pipe_bref_block_index(p, b, p->index, b->blk_cur);
  if (st == TSR_OK) st = pipe_bref_block_index(p, b, p->next_index, b->blk_next);
  return st;
}

static void restore(pipe_bref *b, const saved_blocks *sv) {
  size_t n = sizeof(int64_t) * TSR_MAX_RANK;
  memcpy(b->blk_prev, sv->prev, n);
  memcpy(b->blk_cur, sv->cur, n);
  memcpy(b->blk_next, sv->next, n);
  b->hbm = sv->hbm;
}

tsr_status tsr_sched_prefetch(tsr_scheduler *s, tsr_bref *b, const tsr_ref *src,
                              const tsr_schedule *schedule) {
  if (!s || !s->p || !b || !src) return tsr_fail(TSR_ERR_INVALID, "tsr_sched_prefetch: NULL argument");
  if (!pipe_bref_is_input(b) || b->bypass || !s->last_step) return TSR_OK;
  pipe_schedule sc;
  to_engine_schedule(schedule, &sc);
  saved_blocks sv;
  tsr_status st = rebind(s, b, src, &sv);
  if (st == TSR_OK && sc.prefetch(s, b, sc.user)) {
    int64_t bytes = b->dma.bytes_in;
    st = pipe_bref_copy_in(s->p, b, b->blk_next);
    bool own = b >= s->p->brefs && b < s->p->brefs + s->p->num_brefs;
    if (st == TSR_OK && !own) {
      s->foreign_dma_in++;
      s->foreign_bytes_in += b->dma.bytes_in - bytes;
    }
  }
  restore(b, &sv);
  return st;
}

tsr_status tsr_sched_wait_out(tsr_scheduler *s, tsr_bref *b, const tsr_ref *dst,
                              const tsr_schedule *schedule) {
  if (!s || !s->p || !b || !dst) return tsr_fail(TSR_ERR_INVALID, "tsr_sched_wait_out: NULL argument");
  if (!pipe_bref_is_output(b) || b->bypass) return TSR_OK;
  pipe_schedule sc;
  to_engine_schedule(schedule, &sc);
  saved_blocks sv;
  tsr_status st = rebind(s, b, dst, &sv);
  if (st == TSR_OK && sc.wait_out(s, b, sc.user)) st = pipe_bref_wait_out(s->p, b, b->blk_prev);
  restore(b, &sv);
  return st;
}

/* ---- buffered refs -------------------------------------------------------------------------- */

static tsr_status check_desc(const tsr_pipeline_desc *pd) {
  if (!pd) return tsr_fail(TSR_ERR_INVALID, "emit_pipeline without a description");
  if (pd->grid_rank < 1 || pd->grid_rank > TSR_MAX_GRID)
    return tsr_fail(TSR_ERR_INVALID, "emit_pipeline: grid rank %d out of range (1..%d)",
                    pd->grid_rank, TSR_MAX_GRID);
  for (int k = 0; k < pd->grid_rank; k++)
    if (pd->grid[k] < 0)
      return tsr_fail(TSR_ERR_INVALID, "emit_pipeline: grid dimension %d is %lld", k,
                      (long long)pd->grid[k]);
  if (pd->num_inputs < 0 || pd->num_outputs < 0 ||
      pd->num_inputs + pd->num_outputs > TSR_MAX_OPERANDS || pd->num_inputs + pd->num_outputs == 0)
    return tsr_fail(TSR_ERR_INVALID, "emit_pipeline: %d inputs and %d outputs (1 to %d together: TSR_MAX_OPERANDS)",
                    pd->num_inputs, pd->num_outputs, TSR_MAX_OPERANDS);
  if ((pd->num_inputs && !pd->in_specs) || (pd->num_outputs && !pd->out_specs))
    return tsr_fail(TSR_ERR_INVALID, "emit_pipeline: every operand needs a block spec");
  return TSR_OK;
}

/* The seed's BufferedRef.create for operand i, allocated on core c (run_scoped or
 * make_pipeline_allocations: the caller releases). */
static tsr_status make_bref(machine_core *c, int generation, const tsr_pipeline_desc *pd,
                            const tsr_ref *ref, int i, pipe_bref *b) {
  bool is_out = i >= pd->num_inputs;
  int k = is_out ? i - pd->num_inputs : i;
  const tsr_block_spec *sp = is_out ? &pd->out_specs[k] : &pd->in_specs[k];
  memset(b, 0, sizeof *b);
  b->kind = !is_out ? PIPE_BREF_INPUT
            : pd->should_accumulate_out && pd->should_accumulate_out[k] ? PIPE_BREF_ACCUM : PIPE_BREF_OUTPUT;
  b->operand = k;
  snprintf(b->name, sizeof b->name, "%s%s%s%d", pd->name ? pd->name : "", pd->name ? "." : "",
           is_out ? "out" : "in", k);
  b->hbm = *ref;
  b->geo.rank = ref->rank;
  b->index_map = sp->index_map;
  b->index_map_user = sp->index_map_user;
  memcpy(b->axis_map, sp->axis_map, sizeof b->axis_map);
  b->geo.space = sp->space;
  b->bypass = sp->space == ref->space;
  TSR_TRY(tsr_dtype_check_tpu(ref->dtype, b->name));
  if (sp->space != TSR_VMEM && sp->space != TSR_SMEM && !b->bypass)
    return tsr_fail(TSR_ERR_INVALID, "%s: blocks of a %s ref cannot live in %s", b->name,
                    tsr_space_name(ref->space), tsr_space_name(sp->space));
  if (!b->bypass && ref->rank < 2)
    return tsr_fail(TSR_ERR_UNSUPPORTED, "%s: must use >1D values (rank %d); DMA slices are "
                    "tiled over the last two dimensions", b->name, ref->rank);
  if (sp->rank != 0 && sp->rank != ref->rank)
    return tsr_fail(TSR_ERR_INVALID, "%s: block rank %d differs from the array rank %d", b->name,
                    sp->rank, ref->rank);
  for (int d = 0; d < ref->rank; d++) {
    int64_t bs = sp->rank ? sp->block_shape[d] : ref->shape[d];
    if (bs == TSR_SQUEEZED) { b->geo.squeezed[d] = true; bs = 1; }
    else if (bs < 1) return tsr_fail(TSR_ERR_INVALID, "%s: block dimension %d is %lld", b->name, d, (long long)bs);
    b->geo.block[d] = bs;
    b->geo.element[d] = sp->rank ? sp->element[d] : false;
  }
  b->geo.buffer_count = sp->buffer_count ? sp->buffer_count : 2;
  if (b->geo.buffer_count < 2 || b->geo.buffer_count > PIPE_MAX_BUFFERS || (is_out && b->geo.buffer_count != 2))
    return tsr_fail(TSR_ERR_INVALID, "%s: emit_pipeline takes 2 to %d buffers for inputs and 2 for "
                    "outputs, got %d", b->name, PIPE_MAX_BUFFERS, b->geo.buffer_count);
  if (!b->bypass) pipe_array_tiling(ref->shape, ref->rank, ref->dtype, generation, b->geo.tiling);
  int64_t none[1] = {0};
  tsr_buffer *buf;
  if (b->kind == PIPE_BREF_ACCUM) {
    b->accum = tsr_ref_dense(NULL, ref->dtype, TSR_VMEM, ref->rank, b->geo.block);
    TSR_TRY(machine_core_alloc(c, TSR_VMEM, tsr_ref_bytes(&b->accum), 0, b->name, &buf));
    b->accum.data = buf->base;
    b->accum.buf = buf;
  }
  if (b->bypass) { b->geo.buffer_count = 1; return TSR_OK; }
  for (int s = 0; s < b->geo.buffer_count; s++) {
    b->slot[s] = tsr_ref_dense(NULL, ref->dtype, sp->space, ref->rank, b->geo.block);
    TSR_TRY(machine_core_alloc(c, sp->space, tsr_ref_bytes(&b->slot[s]), 0, b->name, &buf));
    b->slot[s].data = buf->base;
    b->slot[s].buf = buf;
  }
  tsr_ref *sems[2] = {&b->sem_recv, &b->sem_send};
  for (int s = 0; s < 2; s++) {
    *sems[s] = tsr_ref_dense(NULL, TSR_DMA_SEM, TSR_SEMAPHORE_MEM, 0, none);
    TSR_TRY(machine_core_alloc(c, TSR_SEMAPHORE_MEM, tsr_ref_bytes(sems[s]), 0, b->name, &buf));
    sems[s]->data = buf->base;
    sems[s]->buf = buf;
  }
  return TSR_OK;
}

static void marks_of(machine_core *c, int *marks) {
  marks[0] = c->vmem.count;
  marks[1] = c->smem.count;
  marks[2] = c->sems.count;
}

static void release(machine_core *c, const int *marks) {
  machine_core_release_to(c, TSR_VMEM, marks[0]);
  machine_core_release_to(c, TSR_SMEM, marks[1]);
  machine_core_release_to(c, TSR_SEMAPHORE_MEM, marks[2]);
}

static tsr_status make_brefs(tsr_ctx *ctx, const tsr_pipeline_desc *pd, const tsr_ref *refs, pipe_bref *brefs) {
  int n = pd->num_inputs + pd->num_outputs;
  for (int i = 0; i < n; i++)
    TSR_TRY(make_bref(ctx->core, ctx->m->chip.generation, pd, &refs[i], i, &brefs[i]));
  return TSR_OK;
}

tsr_status tsr_pipeline_allocations_create(tsr_ctx *ctx, const tsr_pipeline_desc *pd,
                                           const tsr_ref *refs, tsr_pipeline_allocations **out) {
  *out = NULL;
  if (!ctx || !refs) return tsr_fail(TSR_ERR_INVALID, "pipeline allocations: NULL argument");
  TSR_TRY(check_desc(pd));
  tsr_pipeline_allocations *a = calloc(1, sizeof *a);
  int n = pd->num_inputs + pd->num_outputs;
  pipe_bref *brefs = calloc((size_t)n, sizeof *brefs);
  if (!a || !brefs) { free(a); free(brefs); return tsr_fail(TSR_ERR_NOMEM, "out of host memory"); }
  a->core = ctx->core;
  a->n = n;
  a->brefs = brefs;
  marks_of(ctx->core, a->marks);
  tsr_status s = make_brefs(ctx, pd, refs, brefs);
  if (s != TSR_OK) {
    release(ctx->core, a->marks);
    free(brefs);
    free(a);
    return s;
  }
  *out = a;
  return TSR_OK;
}

void tsr_pipeline_allocations_destroy(tsr_pipeline_allocations *a) {
  if (!a) return;
  release(a->core, a->marks);
  free(a->brefs);
  free(a);
}

/* ---- one invocation --------------------------------------------------------------------- */

typedef struct inner_run {
  tsr_ctx *outer;
  tsr_ctx ctx;
  tsr_pipeline_body_fn body;
  void *user;
  const tsr_pipeline_run_opts *opts;
  const tsr_ref *in_views[TSR_MAX_OPERANDS], *out_views[TSR_MAX_OPERANDS];
} inner_run;

static tsr_status inner_body(pipe_pipeline *p, void *u) {
  inner_run *r = u;
  r->ctx.index = p->index;
  r->ctx.cost = (tsr_cost){0};
  r->ctx.cost_reported = false;
  tsr_status s = r->body(&r->ctx, r->user);
  if (s != TSR_OK) {
    char gi[96];
    return tsr_fail_context(s, "emit_pipeline %s at inner grid index %s", p->name ? p->name : "body",
                            tsr_format_dims(p->index, p->grid_rank, gi, sizeof gi));
  }
  /* The enclosing step's cost includes its inner steps (for the timing model). */
  if (r->ctx.cost_reported) tsr_ctx_add_cost(r->outer, &r->ctx.cost);
  return TSR_OK;
}

static tsr_status hook_prefetch(pipe_pipeline *p, void *u) {
  inner_run *r = u;
  return r->opts->prefetch(&r->ctx, &p->s, r->opts->hook_user);
}

static tsr_status hook_postyeet(pipe_pipeline *p, void *u) {
  inner_run *r = u;
  return r->opts->postyeet(&r->ctx, &p->s, r->opts->hook_user);
}

/* Allocations made for refs of some dtypes serve refs of the same dtypes and kinds only. */
static tsr_status bind_allocations(const tsr_pipeline_desc *pd, const tsr_ref *refs,
                                   tsr_pipeline_allocations *a) {
  int n = pd->num_inputs + pd->num_outputs;
  if (a->n != n) return tsr_fail(TSR_ERR_INVALID, "pipeline allocations hold %d refs, the pipeline has %d", a->n, n);
  for (int i = 0; i < n; i++) {
    pipe_bref *b = &a->brefs[i];
    if (refs[i].dtype != b->hbm.dtype || refs[i].rank != b->geo.rank || (refs[i].space == b->geo.space) != b->bypass)
      return tsr_fail(TSR_ERR_INVALID, "%s: ref differs in dtype, rank or space from the one the "
                      "allocations were made for", b->name);
    b->hbm = refs[i];
  }
  return TSR_OK;
}

static tsr_status run(tsr_ctx *ctx, const tsr_pipeline_desc *pd, const tsr_ref *refs, pipe_bref *brefs,
                      tsr_pipeline_body_fn body, void *user, const tsr_pipeline_run_opts *o) {
  int n = pd->num_inputs + pd->num_outputs;
  pipe_pipeline p = {0};
  p.core = ctx->core;
  p.name = pd->name;
  p.grid_rank = pd->grid_rank;
  if (pd->has_core_axis) {
    if (pd->core_axis < 0 || pd->core_axis >= ctx->grid_rank)
      return tsr_fail(TSR_ERR_INVALID, "emit_pipeline: core_axis %d is not an axis of the enclosing "
                      "grid (rank %d)", pd->core_axis, ctx->grid_rank);
    int split;
    TSR_TRY(pipe_partition_grid_seed(pd->grid, pd->grid_dynamic, pd->grid_rank, pd->semantics,
                                pd->num_semantics, (int)tsr_ctx_num_programs(ctx, pd->core_axis),
                                (int)tsr_ctx_program_id(ctx, pd->core_axis), p.grid, p.offsets, &split));
  } else {
    memcpy(p.grid, pd->grid, sizeof p.grid);
  }
  p.brefs = brefs;
  p.num_brefs = n;
  p.prefetch = ctx->prefetch;
  p.num_prefetch = ctx->num_prefetch;
  pipe_schedule all, *per = calloc((size_t)n, sizeof *per);
  if (!per) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  to_engine_schedule(o->schedule, &all);
  p.schedule = &all;
  for (int i = 0; i < n; i++) {
    brefs[i].schedule = NULL;
    if (o->ref_schedules && o->ref_schedules[i]) {
      to_engine_schedule(o->ref_schedules[i], &per[i]);
      brefs[i].schedule = &per[i];
    }
  }
  p.first_cycle = !o->not_first_cycle;
  p.last_cycle = !o->not_last_cycle;
  p.init_accumulators = o->init_accumulators;

  inner_run r = {.outer = ctx, .ctx = *ctx, .body = body, .user = user, .opts = o};
  for (int i = 0; i < n; i++) {
    if (i < pd->num_inputs) r.in_views[i] = &brefs[i].view;
    else r.out_views[i - pd->num_inputs] = &brefs[i].view;
  }
  r.ctx.in = r.in_views;
  r.ctx.out = r.out_views;
  r.ctx.num_in = pd->num_inputs;
  r.ctx.num_out = pd->num_outputs;
  r.ctx.grid = p.grid;
  r.ctx.grid_rank = p.grid_rank;
  p.body = inner_body;
  p.body_user = &r;
  p.hook_user = &r;
  if (o->prefetch) p.prefetch_hook = hook_prefetch;
  if (o->postyeet) p.postyeet_hook = hook_postyeet;

  for (int i = 0; i < n; i++) brefs[i].dma = (tsr_dma_counts){0}; /* this invocation's copies */
  tsr_status s = pipe_run(&p);
  free(per);
  for (int i = 0; i < n; i++) brefs[i].schedule = NULL;
  if (o->stats) {
    tsr_pipeline_stats *st = o->stats;
    memset(st, 0, sizeof *st);
    st->steps = p.num_steps;
    for (int i = 0; i < n; i++) tsr_dma_counts_add(&st->dma, &brefs[i].dma);
    st->dma.in += p.s.foreign_dma_in;
    st->dma.bytes_in += p.s.foreign_bytes_in;
  }
  if (s != TSR_OK && pd->name) return tsr_fail_context(s, "emit_pipeline %s", pd->name);
  return s;
}

tsr_status tsr_emit_pipeline(tsr_ctx *ctx, const tsr_pipeline_desc *pd, const tsr_ref *refs,
                             tsr_pipeline_body_fn body, void *user,
                             const tsr_pipeline_run_opts *opts) {
  static const tsr_pipeline_run_opts none = {0};
  const tsr_pipeline_run_opts *o = opts ? opts : &none;
  if (!ctx || !refs || !body) return tsr_fail(TSR_ERR_INVALID, "emit_pipeline: NULL argument");
  TSR_TRY(check_desc(pd));
  if (o->allocations) {
    if (o->allocations->core != ctx->core)
      return tsr_fail(TSR_ERR_INVALID, "emit_pipeline: allocations belong to core %d, not core %d",
                      o->allocations->core->id, ctx->core->id);
    TSR_TRY(bind_allocations(pd, refs, o->allocations));
    return run(ctx, pd, refs, o->allocations->brefs, body, user, o);
  }
  /* run_scoped: buffers for this invocation only, so nothing may stay in flight past it. */
  if (o->not_first_cycle || o->not_last_cycle)
    return tsr_fail(TSR_ERR_INVALID, "emit_pipeline: a pipeline that is not its first and last "
                    "cycle carries copies across invocations and needs allocations "
                    "(tsr_pipeline_allocations_create)");
  int n = pd->num_inputs + pd->num_outputs;
  pipe_bref *brefs = calloc((size_t)n, sizeof *brefs);
  if (!brefs) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  int marks[3];
  marks_of(ctx->core, marks);
  tsr_status s = make_brefs(ctx, pd, refs, brefs);
  if (s == TSR_OK) s = run(ctx, pd, refs, brefs, body, user, o);
  release(ctx->core, marks);
  free(brefs);
  return s;
}
