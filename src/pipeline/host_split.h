/* The host split of a pallas_call (docs/architecture.md, "The host split"): each core's share
 * of the grid cut by the data into contiguous parts that run at once, the first on the core
 * itself, the others (the host parts) on host threads as they come free, on the core or a
 * stand-in for it (machine_stand_in), where nothing can tell the difference from the run in
 * order. pallas_call.c asks for a plan and a run; a part is a core run like any other, with
 * the hooks below. */
#ifndef TSR_PIPELINE_HOST_SPLIT_H
#define TSR_PIPELINE_HOST_SPLIT_H

#include <stdio.h>

#include "pipeline/carry.h"
#include "pipeline/engine.h"

struct call_plan;

/* One part: which core's steps it runs, and its share. */
typedef struct pipe_split_part {
  int owner;                          /* the core whose steps it runs */
  int host;                           /* its number among the host parts (1..), 0: its core's own */
  int axis;                           /* the grid dimension the owner's share is cut along */
  int64_t step_base;                  /* its first step in its owner's order */
  int64_t grid[TSR_MAX_GRID], offsets[TSR_MAX_GRID];
} pipe_split_part;

/* What a part leaves for the accounting of the run in order, per operand. */
typedef struct pipe_part_edge {
  int64_t first[TSR_MAX_RANK], last[TSR_MAX_RANK]; /* the blocks of its first and last step */
  int64_t first_bytes;                /* what the first block's copy moves (-1: not copied) */
  char *held_warning;                 /* the once-per-call warning it held (engine.c) */
} pipe_part_edge;

/* A thread that claims parts (a core's, or a helper's): the core whose parts it claims, and
 * the machine_core.index it runs host parts on (the core itself for a core with steps, which runs
 * its own part first; otherwise a stand-in; -1 in a description of a split the machine has no
 * stand-in for). */
typedef struct pipe_split_worker {
  int home;
  int runner;
  bool own;                           /* it runs its home's own part first */
} pipe_split_worker;

typedef struct pipe_host_split {
  bool on;                            /* this run splits */
  int parts;                          /* laid out core by core: its own part, then its host parts */
  int host_parts;
  pipe_split_part *part;
  int workers;                        /* the cores' threads, then the helpers' */
  pipe_split_worker *worker;
  int *part_of;                       /* per machine_core.index, the part it runs now or -1 */
  int next_part[MACHINE_MAX_CORES]; /* atomic, per core: its next host part to claim */
  pipe_part_edge *edge;                    /* parts x operands, while the split runs */
  size_t edges;
  bool voided;                        /* atomic: a part failed, or a host part inherited state */
  struct machine_tape *tapes;         /* per part, while the split runs: its events for the
                                       * observers (the machine's) */
} pipe_host_split;

/* Whether the call splits, with its parts in cp->split; if not, *why says why: what in the
 * kernel prevents it first, then what in the machine. `body_ok`: the body reports its loads
 * and stores to ctx.carry and keeps no other state. `run`: for a run, which checks the
 * machine before it walks the index maps (a description asks whether a run would split, with
 * at least one host part when the machine has no stand-in). */
bool pipe_host_split_plan(struct call_plan *cp, bool body_ok, bool run, const char **why);

/* Runs a planned split. True when it stands: the outputs are written and cp->stats are the
 * run in order's. False when it does not (a part failed or inherited state, `verdict`, when
 * given, said no for d->user, or the parts' events could not be kept for the observers): the cores' DMA numbering is as
 * before, and the caller runs the call in order. */
bool pipe_host_split_run(struct call_plan *cp, bool (*verdict)(void *user, bool stands));

/* The part that c runs in a split (NULL when the call does not split). */
const pipe_split_part *pipe_host_split_part(const struct call_plan *cp, const machine_core *c);

/* A host part's carry watch (carry.h): regions for the scratch, then one per output, restarted
 * at each of its new blocks (step) and checked whole when the part ends (part_done). For a
 * host part, start sets *watch to w (the body reports its loads and stores there); elsewhere
 * it leaves *watch NULL. */
tsr_status pipe_host_split_watch_start(const struct call_plan *cp, const machine_core *c, const tsr_ref *scratch,
                                  pipe_carry_watch *w, pipe_carry_watch **watch);
void pipe_host_split_watch_step(const struct call_plan *cp, pipe_pipeline *p, pipe_carry_watch *w);

/* After a part ran (successfully) on c: what the accounting of the run in order needs from
 * its buffered refs (the held warnings move out of them), and whether a host part's watch saw
 * state inherited from the part before, which voids the split. */
void pipe_host_split_part_done(struct call_plan *cp, const machine_core *c, pipe_bref *brefs, pipe_carry_watch *w);

/* The "host split: ..." line of tsr_pallas_describe for a plan pipe_host_split_plan made (planned)
 * or refused with `why`. */
void pipe_host_split_describe(const struct call_plan *cp, bool planned, const char *why, FILE *out);

void pipe_host_split_free(pipe_host_split *hs);

#endif
