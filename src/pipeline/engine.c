/* The pipeline engine: the seed's BufferedRef phases and scheduler loop. */
#include "pipeline/engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/strided.h"
#include "pipeline/tiling.h"

void tsr_dma_counts_add(tsr_dma_counts *to, const tsr_dma_counts *from) {
  to->in += from->in;
  to->out += from->out;
  to->skip_in += from->skip_in;
  to->skip_out += from->skip_out;
  to->bytes_in += from->bytes_in;
  to->bytes_out += from->bytes_out;
}

bool pipe_blocks_differ(const int64_t *a, const int64_t *b, int rank) {
  for (int d = 0; d < rank; d++)
    if (a[d] != b[d]) return true;
  return false;
}

bool pipe_sched_has_changed(const pipe_sched *s, const pipe_bref *b) {
  (void)s;
  return pipe_blocks_differ(b->blk_cur, b->blk_prev, b->geo.rank);
}

bool pipe_sched_will_change(const pipe_sched *s, const pipe_bref *b) {
  (void)s;
  return pipe_blocks_differ(b->blk_cur, b->blk_next, b->geo.rank);
}

/* ---- the seed's schedules ---------------------------------------------------------------- */

/* skip_input_copies_when_init_accumulators: accumulators do not read their input when this
 * invocation initialises them. */
static bool not_init_accum(const pipe_sched *s, const pipe_bref *b) {
  return !(b->kind == PIPE_BREF_ACCUM && s->init_accumulators);
}

static bool def_prologue(const pipe_sched *s, const pipe_bref *b, void *u) {
  (void)u;
  return s->first_step_ever && not_init_accum(s, b);
}
static bool def_wait_in(const pipe_sched *s, const pipe_bref *b, void *u) {
  (void)u;
  return (pipe_sched_has_changed(s, b) || s->first_step) && not_init_accum(s, b);
}
static bool def_copy_in(const pipe_sched *s, const pipe_bref *b, void *u) {
  (void)u;
  return pipe_sched_will_change(s, b) && !s->last_step_ever && not_init_accum(s, b);
}
static bool def_prefetch(const pipe_sched *s, const pipe_bref *b, void *u) {
  (void)u;
  return (pipe_sched_will_change(s, b) || s->last_step) && !s->last_step_ever;
}
static bool def_wait_out(const pipe_sched *s, const pipe_bref *b, void *u) {
  (void)u;
  return (pipe_sched_has_changed(s, b) || s->first_step) && !s->first_step_ever;
}
static bool def_copy_out(const pipe_sched *s, const pipe_bref *b, void *u) {
  (void)u;
  return pipe_sched_will_change(s, b) || s->last_step;
}
static bool def_epilogue(const pipe_sched *s, const pipe_bref *b, void *u) {
  (void)u;
  (void)b;
  return s->last_step_ever;
}

static bool fix_wait_in(const pipe_sched *s, const pipe_bref *b, void *u) {
  (void)u;
  return (pipe_sched_has_changed(s, b) || s->first_step_ever) && not_init_accum(s, b);
}
static bool fix_prefetch(const pipe_sched *s, const pipe_bref *b, void *u) {
  (void)u;
  return pipe_sched_will_change(s, b) && !s->last_step_ever;
}
static bool fix_wait_out(const pipe_sched *s, const pipe_bref *b, void *u) {
  (void)u;
  return pipe_sched_has_changed(s, b) && !s->first_step_ever;
}
static bool fix_copy_out(const pipe_sched *s, const pipe_bref *b, void *u) {
  (void)u;
  return pipe_sched_will_change(s, b) || s->last_step_ever;
}

const pipe_schedule pipe_schedule_default = {
    def_prologue, def_wait_in, def_copy_in, def_prefetch, def_wait_out, def_copy_out, def_epilogue, NULL};
const pipe_schedule pipe_schedule_fixed = {
    def_prologue, fix_wait_in, def_copy_in, fix_prefetch, fix_wait_out, fix_copy_out, def_epilogue, NULL};

/* ---- block indices and slices ------------------------------------------------------------ */

tsr_status pipe_bref_block_index(pipe_pipeline *p, pipe_bref *b, const int64_t *idx, int64_t *blk) {
  tsr_status s = TSR_OK;
  if (!b->index_map) {
    for (int d = 0; d < b->geo.rank; d++) {
      int axis = b->axis_map[d] - 1;
      if (axis >= p->grid_rank)
        return tsr_fail(TSR_ERR_INVALID, "%s: block dimension %d follows grid axis %d of a rank-%d "
                        "grid", b->name, d, axis, p->grid_rank);
      blk[d] = axis >= 0 ? idx[axis] : 0;
    }
  } else {
    s = b->index_map(b->index_map_user, idx, p->grid_rank, p->prefetch, p->num_prefetch, blk);
  }
  if (s != TSR_OK) {
    char gi[96];
    return tsr_fail_context(s, "%s: index map at grid index %s", b->name,
                            tsr_format_dims(idx, p->grid_rank, gi, sizeof gi));
  }
  for (int d = 0; d < b->geo.rank; d++) {
    int64_t start = b->geo.element[d] || b->geo.squeezed[d] ? blk[d] : blk[d] * b->geo.block[d];
    if (blk[d] < 0 || start >= b->hbm.shape[d]) {
      char gi[96], bi[96];
      return tsr_fail(TSR_ERR_BOUNDS, "%s: index map returns block %s at grid index %s: dimension %d "
                      "starts at element %lld, outside the array (size %lld)",
                      b->name, tsr_format_dims(blk, b->geo.rank, bi, sizeof bi),
                      tsr_format_dims(idx, p->grid_rank, gi, sizeof gi), d, (long long)start,
                      (long long)b->hbm.shape[d]);
    }
  }
  return TSR_OK;
}

static int64_t slice_bytes(const pipe_bref *b, const pipe_block_slice *sl) {
  int64_t n = (int64_t)tsr_dtype_size(b->hbm.dtype);
  for (int d = 0; d < b->geo.rank; d++) n *= sl->size[d];
  return n;
}

static tsr_status slice_of(const pipe_bref *b, const int64_t *blk, pipe_block_slice *sl) {
  tsr_status s = pipe_block_dma_slice(b->hbm.shape, b->geo.rank, b->geo.block, b->geo.element, b->geo.tiling, blk, sl);
  if (s != TSR_OK) return tsr_fail_context(s, "%s", b->name);
  return TSR_OK;
}

int64_t pipe_bref_block_bytes(const pipe_bref *b, const int64_t *blk) {
  pipe_block_slice sl;
  const seam_operand_geometry *g = &b->geo;
  if (b->bypass || pipe_block_dma_slice(b->hbm.shape, g->rank, g->block, g->element, g->tiling, blk, &sl) != TSR_OK) return -1;
  return slice_bytes(b, &sl);
}

/* The HBM part and the slot part of a block that really move. */
static void slice_views(const pipe_bref *b, int slot, const pipe_block_slice *sl, tsr_ref *hbm_part,
                        tsr_ref *slot_part) {
  int64_t zero[TSR_MAX_RANK] = {0};
  tsr_ref_window(&b->hbm, sl->start, sl->valid, hbm_part);
  tsr_ref_window(&b->slot[slot], zero, sl->valid, slot_part);
}

/* A slot about to be used as a copy gets the poison its allocation deferred. */
static void fill_slot(pipe_bref *b, int slot) {
  if (!b->unfilled[slot]) return;
  machine_core_fill_fresh(b->slot[slot].buf);
  b->unfilled[slot] = false;
}

/* Binds `slot` to the HBM block itself when the block lies wholly inside the array, in
 * zero-copy mode, for a read-only input whose block is one contiguous run of the array (a
 * strided view would only move the copy into the body's loads) or whose body reads it only
 * where strides cost nothing (a matmul's operand: tsr_block_spec.strided_reads), or for an
 * overwritten output (strided too: the body's stores then take the place of the
 * write-back's); returns whether it did. */
static bool bind_view(pipe_pipeline *p, pipe_bref *b, int slot, const pipe_block_slice *sl) {
  bool whole = !sl->partial && b->geo.space == TSR_VMEM && !b->shared_slot;
  if (whole && (p->core->m->opts.zero_copy || b->read_only_view || b->overwrite_view)) {
    tsr_ref_window(&b->hbm, sl->start, sl->valid, &b->hbm_view[slot]);
    b->hbm_view[slot].space = b->geo.space; /* a block in VMEM, as the kernel sees it, wherever its bytes are */
    b->is_view[slot] = p->core->m->opts.zero_copy || b->overwrite_view || b->strided_view ||
                       tsr_ref_is_contiguous(&b->hbm_view[slot]);
  } else {
    b->is_view[slot] = false;
  }
  if (!b->is_view[slot]) fill_slot(b, slot);
  return b->is_view[slot];
}

static tsr_status start_in(pipe_pipeline *p, pipe_bref *b, int slot, const int64_t *blk, const tsr_ref *sem) {
  pipe_block_slice sl;
  TSR_TRY(slice_of(b, blk, &sl));
  tsr_ref src, dst;
  slice_views(b, slot, &sl, &src, &dst);
  bool view = bind_view(p, b, slot, &sl);
  machine_dma_request r = {.src = &src, .dst = &dst, .poison = sl.partial ? &b->slot[slot] : NULL,
                   .sem = sem, .bytes = slice_bytes(b, &sl), .no_copy = view, .late = b->late_in, .dir = TSR_DMA_IN,
                   .operand = b->operand, .block = blk, .rank = b->geo.rank, .name = b->name};
  TSR_TRY(machine_core_dma_start(p->core, &r));
  b->dma.in++;
  b->dma.bytes_in += r.bytes;
  return TSR_OK;
}

/* Whether the write-backs of b's blocks may bypass the cache: its array is in HBM and too big
 * to stay cached while the grid writes it, so nothing would find a block there later anyway,
 * and a cached write would first read every line it overwrites. */
static bool stream_out(const pipe_bref *b) {
  return b->hbm.space != TSR_VMEM && b->hbm.space != TSR_SMEM &&
         tsr_ref_numel(&b->hbm) * (int64_t)tsr_dtype_size(b->hbm.dtype) >= STRIDED_STREAM_MIN_BYTES;
}

static tsr_status start_out(pipe_pipeline *p, pipe_bref *b, int slot, const int64_t *blk) {
  pipe_block_slice sl;
  TSR_TRY(slice_of(b, blk, &sl));
  tsr_ref src, dst;
  slice_views(b, slot, &sl, &dst, &src);
  machine_dma_request r = {.src = &src, .dst = &dst, .sem = &b->sem_send, .bytes = slice_bytes(b, &sl),
                   .no_copy = b->is_view[slot], .stream = stream_out(b), .late = b->late_out, .dir = TSR_DMA_OUT,
                   .operand = b->operand, .block = blk, .rank = b->geo.rank, .name = b->name};
  TSR_TRY(machine_core_dma_start(p->core, &r));
  b->dma.out++;
  b->dma.bytes_out += r.bytes;
  return TSR_OK;
}

static tsr_status wait_bytes(pipe_pipeline *p, pipe_bref *b, const tsr_ref *sem, const int64_t *blk) {
  pipe_block_slice sl;
  TSR_TRY(slice_of(b, blk, &sl));
  return machine_core_dma_wait(p->core, sem, slice_bytes(b, &sl), b->name, b->operand);
}

/* ---- phases on one buffered ref (the seed's BufferedRef methods) ------------------------- */

tsr_status pipe_bref_copy_in(pipe_pipeline *p, pipe_bref *b, const int64_t *blk) {
  b->next_slot = (b->current_slot + 1) % b->geo.buffer_count;
  return start_in(p, b, b->next_slot, blk, &b->sem_recv);
}

tsr_status pipe_bref_wait_in(pipe_pipeline *p, pipe_bref *b, const int64_t *blk) {
  return wait_bytes(p, b, &b->sem_recv, blk);
}

tsr_status pipe_bref_copy_out(pipe_pipeline *p, pipe_bref *b, const int64_t *blk) {
  int slot = b->current_slot;
  b->next_slot = (slot + 1) % b->geo.buffer_count;
  return start_out(p, b, slot, blk);
}

tsr_status pipe_bref_wait_out(pipe_pipeline *p, pipe_bref *b, const int64_t *blk) {
  return wait_bytes(p, b, &b->sem_send, blk);
}

void pipe_bref_update_view(pipe_bref *b) {
  if (b->geo.passthrough) { b->view = b->hbm; return; }
  if (!b->is_view[b->current_slot]) fill_slot(b, b->current_slot);
  tsr_ref v = b->is_view[b->current_slot] ? b->hbm_view[b->current_slot] : b->slot[b->current_slot];
  for (int d = b->geo.rank - 1; d >= 0; d--)
    if (b->geo.squeezed[d]) tsr_ref_squeeze(&v, d, &v);
  b->view = v;
}

static void emit_skip(pipe_pipeline *p, pipe_bref *b, tsr_dma_dir dir) {
  if (dir == TSR_DMA_IN) b->dma.skip_in++; else b->dma.skip_out++;
  if (machine_core_observed(p->core)) {
    tsr_event ev = {.kind = TSR_EV_DMA_SKIP, .step = p->core->step, .name = b->name, .dir = dir,
                    .operand = b->operand, .rank = b->geo.rank, .index = b->blk_cur};
    machine_core_emit(p->core, &ev);
  }
}

/* ---- the top-level revisit rule ---------------------------------------------------------- */

static uint64_t block_hash(const int64_t *blk, int rank) {
  uint64_t h = 0x9E3779B97F4A7C15ull;
  for (int d = 0; d < rank; d++) h = (h ^ (uint64_t)blk[d]) * 0xff51afd7ed558ccdull;
  return h ^ (h >> 29);
}

/* The slot of blk in the set: where it is, or the empty slot where it would go. */
static int64_t written_slot(const pipe_bref *b, const int64_t *blk) {
  uint64_t mask = (uint64_t)b->cap_written - 1;
  for (uint64_t i = block_hash(blk, b->geo.rank) & mask;; i = (i + 1) & mask)
    if (!b->written_used[i] || !pipe_blocks_differ(&b->written[i * (uint64_t)b->geo.rank], blk, b->geo.rank))
      return (int64_t)i;
}

static bool was_written(const pipe_bref *b, const int64_t *blk) {
  return b->cap_written > 0 && b->written_used[written_slot(b, blk)];
}

bool pipe_bref_was_written(const pipe_bref *b, const int64_t *blk) { return was_written(b, blk); }

static tsr_status mark_written(pipe_bref *b, const int64_t *blk, int64_t step) {
  if (b->geo.rank == 0) return TSR_OK;
  if (2 * (b->num_written + 1) > b->cap_written) { /* grow and rehash */
    int64_t ncap = b->cap_written ? b->cap_written * 2 : 64;
    pipe_bref nb = *b;
    nb.cap_written = ncap;
    nb.written = malloc((size_t)ncap * (size_t)b->geo.rank * sizeof *nb.written);
    nb.written_used = calloc((size_t)ncap, sizeof *nb.written_used);
    nb.written_step = malloc((size_t)ncap * sizeof *nb.written_step);
    if (!nb.written || !nb.written_used || !nb.written_step) {
      free(nb.written);
      free(nb.written_used);
      free(nb.written_step);
      return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
    }
    for (int64_t i = 0; i < b->cap_written; i++) {
      if (!b->written_used[i]) continue;
      const int64_t *old = &b->written[i * b->geo.rank];
      int64_t j = written_slot(&nb, old);
      nb.written_used[j] = true;
      nb.written_step[j] = b->written_step[i];
      memcpy(&nb.written[j * b->geo.rank], old, (size_t)b->geo.rank * sizeof *old);
    }
    free(b->written);
    free(b->written_used);
    free(b->written_step);
    b->written = nb.written;
    b->written_used = nb.written_used;
    b->written_step = nb.written_step;
    b->cap_written = ncap;
  }
  int64_t j = written_slot(b, blk);
  if (b->written_used[j]) return TSR_OK; /* the first write-back is the one kept */
  b->written_used[j] = true;
  b->written_step[j] = step;
  memcpy(&b->written[j * b->geo.rank], blk, (size_t)b->geo.rank * sizeof *blk);
  b->num_written++;
  return TSR_OK;
}

tsr_status pipe_bref_mark_written(pipe_bref *b, const int64_t *blk, int64_t step) { return mark_written(b, blk, step); }

int64_t pipe_bref_written_step(const pipe_bref *b, const int64_t *blk) {
  if (!was_written(b, blk)) return -1;
  return b->written_step[written_slot(b, blk)];
}

tsr_status pipe_bref_add_written(pipe_bref *into, const pipe_bref *from) {
  for (int64_t j = 0; j < from->cap_written; j++)
    if (from->written_used[j]) TSR_TRY(mark_written(into, &from->written[j * from->geo.rank], from->written_step[j]));
  return TSR_OK;
}

void pipe_bref_free_written(pipe_bref *b) {
  free(b->written);
  free(b->written_used);
  free(b->written_step);
  b->written = NULL;
  b->written_used = NULL;
  b->written_step = NULL;
  b->cap_written = b->num_written = 0;
}

/* Before the body: an output block that was already written back and is visited again. */
static tsr_status check_revisit(pipe_pipeline *p, pipe_bref *b) {
  if (!(p->s.first_step || pipe_sched_has_changed(&p->s, b)) || !was_written(b, b->blk_cur)) return TSR_OK;
  if (b->geo.revisit != TSR_REVISIT_ANY) {
    char bi[96], gi[96];
    return tsr_fail(TSR_ERR_INVALID, "%s: block %s is revisited at step %lld (grid index %s) after "
                    "it was written back; revisits of an output block must be consecutive (or "
                    "use revisit mode ANY with one buffer)", b->name,
                    tsr_format_dims(b->blk_cur, b->geo.rank, bi, sizeof bi), (long long)p->s.step,
                    tsr_format_dims(p->index, p->grid_rank, gi, sizeof gi));
  }
  /* ANY: restore the block's state from HBM. */
  TSR_TRY(start_in(p, b, b->current_slot, b->blk_cur, &b->sem_recv));
  return pipe_bref_wait_in(p, b, b->blk_cur);
}

/* An output block kept from the previous step while the grid moved along a parallel axis is
 * written by two iterations that a chip with several TensorCores runs on different cores, at
 * once: a race there, whatever a one-core run shows. The classic case is a reduction axis
 * marked parallel. A warning, once per operand and call. */
static void check_parallel_revisit(pipe_pipeline *p, pipe_bref *b) {
  if (!p->semantics || b->warned_parallel_revisit || p->s.first_step || pipe_sched_has_changed(&p->s, b)) return;
  for (int k = 0; k < p->grid_rank; k++) {
    if (p->semantics[k] == TSR_ARBITRARY || p->index[k] == p->prev_index[k]) continue;
    char bi[96], g0[96], g1[96], msg[1024];
    b->warned_parallel_revisit = true;
    snprintf(msg, sizeof msg, "%s: block %s is written at grid index %s and again at %s, which differ "
             "in grid axis %d, marked %s: iterations along such an axis may run on different "
             "TensorCores at once and must not share an output block (mark the axis arbitrary, "
             "or make the index map follow it)", b->name, tsr_format_dims(b->blk_cur, b->geo.rank, bi, sizeof bi),
             tsr_format_dims(p->prev_index, p->grid_rank, g0, sizeof g0),
             tsr_format_dims(p->index, p->grid_rank, g1, sizeof g1), k,
             p->semantics[k] == TSR_CORE_PARALLEL ? "core_parallel" : "parallel");
    if (!p->hold_warnings) machine_warn(p->core->m, "%s", msg);
    else if (!b->held_warning) b->held_warning = strdup(msg); /* none if out of memory: a warning */
    return;
  }
}

/* ---- the scheduler's phases (the seed's Scheduler methods) ------------------------------- */

static const pipe_schedule *schedule_of(const pipe_pipeline *p, const pipe_bref *b) {
  return b->schedule ? b->schedule : p->schedule;
}

static tsr_status phase_initialize(pipe_pipeline *p, pipe_bref *b) {
  const pipe_schedule *sc = schedule_of(p, b);
  if (b->bypass) return TSR_OK;
  if (p->s.first_step_ever) b->current_slot = b->next_slot = 0;
  if (b->geo.buffer_count > 1 && sc->prologue_copy_in(&p->s, b, sc->user) && pipe_bref_is_input(b))
    TSR_TRY(pipe_bref_copy_in(p, b, b->blk_cur));
  b->current_slot = b->next_slot;
  return TSR_OK;
}

/* Zero-copy mode, or an output the body overwrites (fast_paths.c decides whether the call
 * allows it): an output block that becomes current is written in place in HBM, unless an
 * observer reads what output DMAs carry (the poison checker wants the fresh buffer's poison
 * where the body wrote nothing). */
static tsr_status bind_output(pipe_pipeline *p, pipe_bref *b) {
  if (!(p->core->m->opts.zero_copy || b->overwrite_view) || b->shared_slot ||
      !(p->s.first_step || pipe_sched_has_changed(&p->s, b)))
    return TSR_OK;
  if (machine_observers_read_output_data(p->core->m)) {
    b->is_view[b->current_slot] = false;
    return TSR_OK;
  }
  pipe_block_slice sl;
  TSR_TRY(slice_of(b, b->blk_cur, &sl));
  bind_view(p, b, b->current_slot, &sl);
  return TSR_OK;
}

static tsr_status phase_wait_in(pipe_pipeline *p, pipe_bref *b) {
  const pipe_schedule *sc = schedule_of(p, b);
  if (b->kind == PIPE_BREF_OUTPUT && !b->bypass) TSR_TRY(bind_output(p, b));
  if (p->check_revisits && b->kind == PIPE_BREF_OUTPUT) {
    check_parallel_revisit(p, b);
    return check_revisit(p, b);
  }
  if (!pipe_bref_is_input(b)) return TSR_OK;
  bool accum = b->kind == PIPE_BREF_ACCUM;
  if (sc->wait_in(&p->s, b, sc->user)) {
    if (!b->bypass) {
      if (b->geo.buffer_count == 1) /* single buffer: fetch now, in the only slot */
        TSR_TRY(start_in(p, b, 0, b->blk_cur, &b->sem_recv));
      TSR_TRY(pipe_bref_wait_in(p, b, b->blk_cur));
    }
    /* Usually what was just copied in, or zero when this invocation initialises. */
    if (accum) pipe_bref_set_accumulator(b, p->s.init_accumulators);
    return TSR_OK;
  }
  if (accum && (p->s.first_step || pipe_sched_has_changed(&p->s, b)))
    pipe_bref_set_accumulator(b, p->s.init_accumulators);
  if (!b->bypass) emit_skip(p, b, TSR_DMA_IN);
  return TSR_OK;
}

static tsr_status phase_copy_in(pipe_pipeline *p, pipe_bref *b) {
  const pipe_schedule *sc = schedule_of(p, b);
  if (b->bypass) return TSR_OK;
  if (b->geo.buffer_count > 1 && pipe_bref_is_input(b) && sc->copy_in(&p->s, b, sc->user) && !p->s.last_step)
    return pipe_bref_copy_in(p, b, b->blk_next);
  return TSR_OK;
}

static tsr_status phase_wait_out(pipe_pipeline *p, pipe_bref *b) {
  const pipe_schedule *sc = schedule_of(p, b);
  if (b->bypass) return TSR_OK;
  if (b->geo.buffer_count > 1 && pipe_bref_is_output(b) && sc->wait_out(&p->s, b, sc->user))
    return pipe_bref_wait_out(p, b, b->blk_prev);
  return TSR_OK;
}

static tsr_status phase_copy_out(pipe_pipeline *p, pipe_bref *b) {
  const pipe_schedule *sc = schedule_of(p, b);
  if (!pipe_bref_is_output(b)) return TSR_OK;
  bool accum = b->kind == PIPE_BREF_ACCUM;
  if (!sc->copy_out(&p->s, b, sc->user)) {
    /* On the last step the accumulator is folded in even without a copy: the next
     * invocation's first step takes the block as its accumulator. */
    if (accum && p->s.last_step) pipe_bref_accumulate(b);
    if (!b->bypass) emit_skip(p, b, TSR_DMA_OUT);
    return TSR_OK;
  }
  if (accum) pipe_bref_accumulate(b);
  if (b->bypass) return TSR_OK;
  if (p->check_revisits) TSR_TRY(mark_written(b, b->blk_cur, p->s.step + p->core->step_base));
  TSR_TRY(pipe_bref_copy_out(p, b, b->blk_cur));
  if (b->geo.buffer_count == 1) { /* single buffer: the slot is reused by the next body */
    b->next_slot = 0;
    return pipe_bref_wait_out(p, b, b->blk_cur);
  }
  return TSR_OK;
}

static tsr_status phase_finalize(pipe_pipeline *p, pipe_bref *b) {
  const pipe_schedule *sc = schedule_of(p, b);
  if (b->bypass) return TSR_OK;
  if (b->geo.buffer_count > 1 && pipe_bref_is_output(b) && sc->epilogue_wait_out(&p->s, b, sc->user)) {
    b->current_slot = b->next_slot;
    return pipe_bref_wait_out(p, b, b->blk_cur);
  }
  return TSR_OK;
}

/* ---- the loop ------------------------------------------------------------------------------ */

/* Grid indices of `step` in this invocation, offsets included (the seed's _get_indices). */
static void step_indices(const pipe_pipeline *p, int64_t step, int64_t *idx) {
  for (int d = p->grid_rank - 1; d >= 0; d--) {
    idx[d] = step % p->grid[d] + p->offsets[d];
    step /= p->grid[d];
  }
}

static void next_indices(const pipe_pipeline *p, const int64_t *cur, int64_t *next) {
  memcpy(next, cur, sizeof(int64_t) * (size_t)p->grid_rank);
  for (int d = p->grid_rank - 1; d >= 0; d--) {
    if (++next[d] < p->grid[d] + p->offsets[d]) return;
    next[d] = p->offsets[d];
  }
}

/* The seed's bind_existing_ref: a block whose space is the source's aliases the source's
 * block at this step (the seed's unclipped pl.ds slice, so it must lie inside the array). */
static tsr_status bind_bypass(pipe_bref *b) {
  int64_t start[TSR_MAX_RANK];
  for (int d = 0; d < b->geo.rank; d++)
    start[d] = b->geo.element[d] || b->geo.squeezed[d] ? b->blk_cur[d] : b->blk_cur[d] * b->geo.block[d];
  b->current_slot = b->next_slot = 0;
  tsr_status s = tsr_ref_window(&b->hbm, start, b->geo.block, &b->slot[0]);
  if (s != TSR_OK) return tsr_fail_context(s, "%s: block of an aliased (same-space) ref", b->name);
  return TSR_OK;
}

/* Observers are told of the VMEM buffers where the body sees views of HBM (views.c). */
static bool push_views(pipe_pipeline *p) {
  if (!machine_core_observed(p->core)) return true;
  for (int i = 0; i < p->num_brefs; i++) {
    const pipe_bref *b = &p->brefs[i];
    int slot = b->current_slot;
    if (!b->geo.passthrough && !b->bypass && b->is_view[slot] &&
        !machine_core_push_view(p->core, &b->hbm_view[slot], &b->slot[slot]))
      return false;
  }
  return true;
}

#define FOR_BREFS(phase)                                                     \
  for (int i = 0; i < p->num_brefs; i++)                                     \
    if (!p->brefs[i].geo.passthrough) TSR_TRY(phase(p, &p->brefs[i]))

tsr_status pipe_run(pipe_pipeline *p) {
  if (!tsr_grid_num_steps(p->grid, p->grid_rank, &p->num_steps)) return tsr_fail(TSR_ERR_INVALID, "the grid has more than 2^63 steps");
  if (p->num_steps <= 0) return TSR_OK;
  int64_t next[TSR_MAX_GRID] = {0}, last[TSR_MAX_GRID] = {0};
  step_indices(p, 0, p->index);
  step_indices(p, p->num_steps - 1, last);
  for (int64_t step = 0; step < p->num_steps; step++) {
    pipe_sched *s = &p->s;
    s->step = step;
    s->num_steps = p->num_steps;
    s->first_step = step == 0;
    s->last_step = step == p->num_steps - 1;
    s->first_step_ever = p->first_cycle && s->first_step;
    s->last_step_ever = p->last_cycle && s->last_step;
    s->init_accumulators = p->init_accumulators;
    s->p = p;
    if (step > 0) memcpy(p->index, next, sizeof next);
    next_indices(p, p->index, next);
    step_indices(p, (step + p->num_steps - 1) % p->num_steps, p->prev_index);
    memcpy(p->next_index, next, sizeof next);
    /* Block indices: this step's were computed as the previous step's "next"; the next step's
     * index maps run now, before the body (as on TPU). Prev and next are cyclic. */
    for (int i = 0; i < p->num_brefs; i++) {
      pipe_bref *b = &p->brefs[i];
      if (b->geo.passthrough) continue;
      size_t n = sizeof(int64_t) * (size_t)b->geo.rank;
      if (step == 0) {
        TSR_TRY(pipe_bref_block_index(p, b, p->index, b->blk_cur));
        memcpy(b->blk_first, b->blk_cur, n);
        /* The seed's previous step is cyclic: the last one, which matters only when an
         * earlier invocation ran (not the first cycle). Evaluating it otherwise would run an
         * index map out of order. */
        if (p->num_steps > 1 && !p->first_cycle) TSR_TRY(pipe_bref_block_index(p, b, last, b->blk_prev));
        else memcpy(b->blk_prev, b->blk_cur, n);
      } else {
        memcpy(b->blk_prev, b->blk_cur, n);
        memcpy(b->blk_cur, b->blk_next, n);
      }
      if (s->last_step) memcpy(b->blk_next, b->blk_first, n);
      else TSR_TRY(pipe_bref_block_index(p, b, next, b->blk_next));
      if (b->bypass) TSR_TRY(bind_bypass(b));
    }
    if (p->subcore_grid) { /* the subcore this step is: its index in the mesh, row-major */
      int64_t agent = 0;
      for (int k = 0; k < p->grid_rank; k++) agent = agent * p->subcore_grid[k] + p->index[k];
      p->core->agent = (int)agent;
    }
    if (p->emit_steps) {
      p->core->step = step;
      if (machine_core_observed(p->core)) {
        tsr_event ev = {.kind = TSR_EV_STEP_BEGIN, .step = step, .rank = p->grid_rank,
                        .index = p->index, .operand = -1};
        machine_core_emit(p->core, &ev);
      }
    }
    FOR_BREFS(phase_initialize);
    FOR_BREFS(phase_wait_in);
    FOR_BREFS(phase_copy_in);
    if (p->prefetch_hook && s->last_step) TSR_TRY(p->prefetch_hook(p, p->hook_user));
    for (int i = 0; i < p->num_brefs; i++) pipe_bref_update_view(&p->brefs[i]);
    int views = p->core->num_views;
    tsr_status bs = push_views(p) ? p->body(p, p->body_user) : tsr_fail(TSR_ERR_NOMEM, "out of host memory");
    machine_core_pop_views_to(p->core, views);
    TSR_TRY(bs);
    FOR_BREFS(phase_wait_out);
    if (p->postyeet_hook && s->first_step) TSR_TRY(p->postyeet_hook(p, p->hook_user));
    FOR_BREFS(phase_copy_out);
    FOR_BREFS(phase_finalize);
    if (p->emit_steps && machine_core_observed(p->core)) {
      tsr_event ev = {.kind = TSR_EV_STEP_END, .step = step, .rank = p->grid_rank,
                      .index = p->index, .operand = -1};
      machine_core_emit(p->core, &ev);
    }
  }
  return TSR_OK;
}
