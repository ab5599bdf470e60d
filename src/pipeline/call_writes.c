/* Blocks of one output written back by two cores: each core's written blocks are kept until
 * every core is done, then compared; a block two cores wrote is a race (a finding for the
 * checkers, a warning otherwise). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline/call.h"
#include "pipeline/partition.h"

/* Keeps the blocks of each output that core c (or a part of its steps) wrote back, for
 * call_check_cross_core_writes: the first part's set as it is, a later part's added to it. */
void call_keep_written(call_plan *cp, machine_core *c, pipe_bref *brefs) {
  pthread_mutex_lock(&cp->stats_lock); /* the parts of one core end at once */
  for (int i = cp->d->num_inputs; i < cp->n; i++) {
    pipe_bref *keep = &cp->written_by_core[(i - cp->d->num_inputs) * cp->m->num_cores + c->id];
    pipe_bref *b = &brefs[i];
    if (keep->written) {
      /* out of memory: a block written by two cores may go unreported, never reported wrongly */
      if (pipe_bref_add_written(keep, b) != TSR_OK) tsr_clear_error();
      continue;
    }
    keep->geo.rank = b->geo.rank;
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

/* The first block of output o that two cores wrote back: core *a's block *blk, also core *b's. */
static bool shared_block(const call_plan *cp, int o, const int64_t **blk, int *a, int *b) {
  int cores = cp->m->num_cores;
  for (*a = 0; *a < cores; ++*a) {
    const pipe_bref *wa = &cp->written_by_core[o * cores + *a];
    for (int64_t j = 0; j < wa->cap_written; j++) {
      if (!wa->written_used[j]) continue;
      *blk = &wa->written[j * wa->geo.rank];
      for (*b = *a + 1; *b < cores; ++*b)
        if (pipe_bref_was_written(&cp->written_by_core[o * cores + *b], *blk)) return true;
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
  if (pipe_partition_grid(d->grid, d->grid_rank, d->semantics, cp->m->num_cores, c, false, share, off, &split) != TSR_OK) {
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
void call_check_cross_core_writes(call_plan *cp) {
  const tsr_call_desc *d = cp->d;
  int cores = cp->m->num_cores;
  for (int o = 0; o < d->num_outputs; o++) {
    const int64_t *blk;
    int a, b;
    if (!shared_block(cp, o, &blk, &a, &b)) continue;
    const pipe_bref *wa = &cp->written_by_core[o * cores + a], *wb = &cp->written_by_core[o * cores + b];
    int64_t sa = pipe_bref_written_step(wa, blk), sb = pipe_bref_written_step(wb, blk);
    int64_t share[TSR_MAX_GRID], off[TSR_MAX_GRID];
    int split = -1;
    if (pipe_partition_grid(d->grid, d->grid_rank, d->semantics, cores, 0, false, share, off, &split) != TSR_OK) tsr_clear_error();
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
             "array keeps whichever write lands last (%s)", o, tsr_format_dims(blk, wa->geo.rank, bi, sizeof bi), ra, rb, fix);
    if (!machine_observers_report_races(cp->m)) {
      machine_warn(cp->m, "%s", msg);
      continue;
    }
    char name[24];
    snprintf(name, sizeof name, "out%d", o);
    tsr_event ev = {.kind = TSR_EV_SHARED_OUTPUT, .step = sb, .name = name, .operand = o,
                    .rank = wa->geo.rank, .index = blk, .target_core = a, .amount = sa, .loc = msg};
    machine_core_emit(&cp->m->cores[b], &ev);
  }
}

/* Empties the sets of blocks each core wrote back (a split that did not stand wrote them). */
void call_clear_written(call_plan *cp) {
  if (cp->written_by_core)
    for (int i = 0; i < cp->d->num_outputs * cp->m->num_cores; i++) pipe_bref_free_written(&cp->written_by_core[i]);
}

void call_free_written(call_plan *cp) {
  call_clear_written(cp);
  free(cp->written_by_core);
  cp->written_by_core = NULL;
}
