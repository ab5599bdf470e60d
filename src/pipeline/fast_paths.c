/* The fast paths of a pallas_call: where the engine may do less than the plain path (copy each
 * block into its VMEM slot at its DMA's start; poison each slot when it is allocated) because
 * nothing can tell the difference: not the body, not an observer, not the bits of any result.
 * Each predicate below is one such path; its comment is the argument that nothing can tell,
 * and a change to the engine or to what observers see must keep every argument true.
 * tests/test_pallas_call.c checks when views and in-place writes are taken and that they give
 * the plain path's results. The host split, the other way of doing less, decides in
 * host_split.c (pipe_host_split_plan, with its reasons). */
#include "pipeline/call.h"

/* Whether input o's blocks may be views of HBM (tsr_block_spec.read_only): DMAs move data at
 * their start (the view holds what the copy would), and no output's array overlaps the input
 * (an aliased output writes it). Observers see the same DMAs into the same VMEM slots; the
 * body's loads report the view. Nothing can race on a block that nobody writes and whose DMA
 * is waited for before the body runs, so the checkers lose nothing they could find. */
static bool may_view_input(const call_plan *cp, const call_operand_plan *o) {
  if (o->is_output || !o->spec->read_only || cp->m->opts.dma_mode != TSR_DMA_EAGER) return false;
  for (int i = 0; i < cp->n; i++)
    if (cp->ops[i].is_output && machine_spans_overlap(&cp->ops[i].hbm, &o->hbm)) return false;
  return true;
}

/* Whether another operand's array shares bytes with o's. */
static bool overlaps_another(const call_plan *cp, const call_operand_plan *o) {
  for (int i = 0; i < cp->n; i++)
    if (&cp->ops[i] != o && machine_spans_overlap(&cp->ops[i].hbm, &o->hbm)) return true;
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
static bool may_overwrite_in_place(const call_plan *cp, const call_operand_plan *o) {
  if (!o->is_output || !o->spec->overwrites || o->spec->space != TSR_VMEM || cp->m->opts.dma_mode != TSR_DMA_EAGER ||
      machine_observers_read_output_data(cp->m))
    return false;
  return !overlaps_another(cp, o);
}

/* Whether input o's host copies may move from their DMAs' starts to their waits
 * (machine_dma_request.late): nothing writes its array during the call (no output overlaps it, nor
 * an ANY/HBM operand that the body could write or DMA into) and DMAs move data at their start
 * (eager: the copy then reads what it would have read at the start). The destination is the
 * slot of a later step, which the body does not see before the wait. The DMA layer keeps
 * copies at their start when an observer that sees data watches. A kernel that writes another core's input
 * slots (a race with the engine's own copies) may see the other order. */
static bool may_copy_input_late(const call_plan *cp, const call_operand_plan *o) {
  if (o->is_output || o->geo.passthrough || cp->m->opts.dma_mode != TSR_DMA_EAGER) return false;
  for (int i = 0; i < cp->n; i++) {
    const call_operand_plan *q = &cp->ops[i];
    if (q != o && (q->is_output || q->geo.passthrough) && machine_spans_overlap(&q->hbm, &o->hbm)) return false;
  }
  return true;
}

/* Whether output o's write-backs may move from their DMAs' starts to their waits, which come
 * after the next step's body (eager DMAs only): then they move side by side with the next
 * step's input copies, as a plain loop reads and writes at once. Nothing may read or write
 * the output's array in between: no other operand overlaps it (an input copied from it, an
 * ANY ref the body reads, another output written over it). The source is a slot the next
 * body does not see (two or more buffers; with one, the wait follows the start at once). */
static bool may_write_back_late(const call_plan *cp, const call_operand_plan *o) {
  if (!o->is_output || o->geo.passthrough || cp->m->opts.dma_mode != TSR_DMA_EAGER) return false;
  return !overlaps_another(cp, o);
}

/* The fast paths for operand o, on its pipe_bref: each flag is its predicate, except that an
 * input and its aliased output that share one buffer (call_operand_plan.shares) take none, since
 * that buffer holds the array itself and is never a view of HBM. */
void call_choose_fast_paths(const call_plan *cp, const call_operand_plan *o, pipe_bref *b) {
  b->read_only_view = may_view_input(cp, o);
  b->strided_view = b->read_only_view && o->spec->strided_reads;
  b->overwrite_view = may_overwrite_in_place(cp, o);
  b->late_in = may_copy_input_late(cp, o);
  b->late_out = may_write_back_late(cp, o);
  if (o->shares >= 0) {
    b->shared_slot = true;
    b->read_only_view = b->strided_view = b->overwrite_view = b->late_in = b->late_out = false;
  }
}

/* Whether a block slot's poison may wait for its first use as a copy (engine.c, fill_slot):
 * its blocks may be views of HBM, so the buffer of a slot that only ever holds views is never
 * touched (an overwritten output's, a read-only input's). Nothing can tell: the poison is written
 * before a DMA or the body first touches the buffer, and no observer that sees data is attached
 * (none sees the buffer's bytes or its address before then either). */
bool call_may_defer_slot_poison(const machine_core *c, const pipe_bref *b) {
  return !machine_observers_see_data(c->m) && b->geo.space == TSR_VMEM && (b->overwrite_view || b->read_only_view);
}
