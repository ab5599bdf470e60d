/* The host split (host_split.h).
 *
 * A core runs its share of the grid in order; the host often has CPUs to spare (helpers, or
 * the thread of a core whose share is empty). The host split cuts each core's share along its
 * leading dimension (the first longer than 1) into contiguous parts, by the data alone: the
 * first on the core, the others (host parts) on host threads standing in for it, all at once
 * (every core's and helper's thread claims the parts of one core as it comes free), when
 * nothing can tell the difference. The dimension's semantics do not
 * matter: whether a step depends on the steps before it is checked, not assumed (a TPU core
 * runs even parallel iterations in order, and kernels may lean on it):
 * - the body keeps no state outside its refs (no DMAs, semaphores, PRNG or logs; the caller
 *   says so), reads its inputs only, and has no whole-array operand or alias;
 * - DMAs move data when they start, and no output revisits blocks (mode ANY) or indexes by
 *   element (the observers, the checkers and the timing model, get the parts' events spliced
 *   into the run in order's once it stands: below);
 * - the parts are contiguous runs of the sequential order (the split dimension is the first
 *   one longer than 1), and no output block is visited by two parts of a core (walking the
 *   index maps first: in order, a block kept across a cut would be written back once, and two
 *   parts writing one block would race).
 * Afterwards the split stands only if no host part read scratch or an output block it had not
 * written itself, nor wrote back an output block it had not wholly written (the carry watch),
 * and no part failed. Otherwise the call runs again in order: its outputs are written whole
 * again and its inputs were not written. The counts are the sequential run's: a host part's
 * first copy of an input block that the previous part's last step already held counts as a
 * skip, as it would have been one. */
#include "pipeline/host_split.h"

#include <stdlib.h>
#include <string.h>

#include "pipeline/call.h"
#include "pipeline/partition.h"
#include "machine/tape.h"

/* ---- plan ------------------------------------------------------------------------------- */

/* The parts are laid out core by core: whether a part is its core's first, and where the
 * parts of the core whose first part is `first` end. */
static bool first_of_core(const pipe_host_split *hs, int part) {
  return part == 0 || hs->part[part].owner != hs->part[part - 1].owner;
}
static int core_parts_end(const pipe_host_split *hs, int first) {
  int end = first + 1;
  while (end < hs->parts && !first_of_core(hs, end)) end++;
  return end;
}

/* Whether no block of output o is visited by two parts of one core: its index map at every
 * grid index of each part. One that fails leaves the failure to the run in order. (Two cores
 * that share a block race whether or not they split: call_writes.c warns.) */
static bool parts_disjoint(const call_plan *cp, const call_operand_plan *o) {
  const tsr_call_desc *d = cp->d;
  const tsr_block_spec *sp = o->spec;
  const pipe_host_split *hs = &cp->split;
  if (o->geo.rank == 0) return false; /* one block, which every step visits */
  pipe_bref before = {.geo.rank = o->geo.rank}, mine = {.geo.rank = o->geo.rank}; /* the core's earlier parts', this part's */
  int64_t idx[TSR_MAX_GRID], blk[TSR_MAX_RANK];
  bool ok = true;
  for (int part = 0; ok && part < hs->parts; part++) {
    if (first_of_core(hs, part)) pipe_bref_free_written(&before);
    const int64_t *lo = hs->part[part].offsets, *n = hs->part[part].grid;
    memcpy(idx, lo, sizeof idx);
    for (;;) {
      if (sp->index_map) {
        ok = sp->index_map(sp->index_map_user, idx, d->grid_rank, d->prefetch, d->num_prefetch, blk) == TSR_OK;
      } else {
        for (int r = 0; r < o->geo.rank; r++) blk[r] = sp->axis_map[r] > 0 ? idx[sp->axis_map[r] - 1] : 0;
      }
      ok = ok && !pipe_bref_was_written(&before, blk) && pipe_bref_mark_written(&mine, blk, 0) == TSR_OK;
      if (!ok) break;
      int g = d->grid_rank - 1; /* the next index inside this part, in order */
      for (; g >= 0; g--) {
        if (++idx[g] < lo[g] + n[g]) break;
        idx[g] = lo[g];
      }
      if (g < 0) break;
    }
    ok = ok && pipe_bref_add_written(&before, &mine) == TSR_OK;
    pipe_bref_free_written(&mine);
  }
  pipe_bref_free_written(&before);
  pipe_bref_free_written(&mine);
  tsr_clear_error();
  return ok;
}

/* The most parts a core's share is cut into. The parts are cut by the data alone (the length
 * of the share's first dimension longer than 1, up to this), never by how many threads there
 * are: the threads claim them as they come free, so steps of uneven cost (a block-sparse
 * row's nonzero blocks) even out across the threads. Each part costs a pipeline start (its
 * blocks allocated and poisoned) and a first fetch that is not overlapped, so the cut stays
 * coarse: at most 16 parts, of two steps or more where the share has four or more. */
#define SPLIT_MAX_PARTS 16

static int64_t parts_of(int64_t len, int64_t steps) {
  int64_t n = len < SPLIT_MAX_PARTS ? len : SPLIT_MAX_PARTS, by_steps = steps / 2 > 2 ? steps / 2 : 2;
  return n < by_steps ? n : by_steps;
}

/* Lays out the parts: each core's share of the grid (as the run in order partitions it) cut
 * along its first dimension longer than 1 into parts_of parts, as evenly as it comes (the
 * first parts one longer). Every core with steps keeps its own thread, which runs the core's
 * first part and then claims the others; the other threads go one at a time, core by core, to
 * the cores whose share can be cut (a core that gets none is not cut), and claim that core's
 * parts on a stand-in each. */
static bool plan_parts(call_plan *cp, int threads, const char **why) {
  tsr_machine *m = cp->m;
  const tsr_call_desc *d = cp->d;
  pipe_host_split *hs = &cp->split;
  int cores = m->num_cores, nparts[MACHINE_MAX_CORES] = {0}, axis[MACHINE_MAX_CORES] = {0}, busy = 0;
  int helped[MACHINE_MAX_CORES] = {0};
  int64_t share[MACHINE_MAX_CORES][TSR_MAX_GRID], off[MACHINE_MAX_CORES][TSR_MAX_GRID], cap[MACHINE_MAX_CORES] = {0};
  for (int c = 0; c < cores; c++) {
    int dim;
    int64_t steps;
    if (pipe_partition_grid(d->grid, d->grid_rank, d->semantics, cores, c, false, share[c], off[c], &dim) != TSR_OK ||
        !tsr_grid_num_steps(share[c], d->grid_rank, &steps)) {
      tsr_clear_error();
      *why = "the grid cannot be partitioned"; /* the run in order says why */
      return false;
    }
    if (steps == 0 || (d->grid_rank == 0 && c > 0)) continue; /* an idle core */
    nparts[c] = 1;
    busy++;
    while (axis[c] < d->grid_rank && share[c][axis[c]] == 1) axis[c]++;
    cap[c] = steps >= 2 ? parts_of(share[c][axis[c]], steps) : 1;
  }
  /* the spare threads' homes, round robin over the cores that can be cut */
  *why = "out of host memory";
  hs->workers = threads;
  hs->worker = calloc((size_t)threads, sizeof *hs->worker);
  if (!hs->worker) return false;
  int spare = 0, cut = 0;
  for (int c = 0; c < cores; c++) cut += cap[c] >= 2;
  for (int c = 0; cut && spare < threads - busy; c = (c + 1) % cores) {
    if (cap[c] < 2) continue;
    helped[c]++;
    hs->worker[busy + spare++].home = c;
  }
  int total = 0;
  for (int c = 0; c < cores; c++) total += nparts[c] = helped[c] ? (int)cap[c] : nparts[c];
  if (total <= busy) {
    *why = !cut ? (cores == 1 ? "fewer than two grid steps" : "no core has two grid steps")
                : "no idle host CPU (each runs a core's steps)";
    return false;
  }
  *why = "out of host memory";
  int runners = machine_cores_total(m);
  hs->part = calloc((size_t)total, sizeof *hs->part);
  hs->part_of = malloc((size_t)runners * sizeof *hs->part_of);
  if (!hs->part || !hs->part_of) return false;
  for (int r = 0; r < runners; r++) hs->part_of[r] = -1;
  /* the workers: the busy cores' threads first (each its own home and runner), then the
   * others, each on a stand-in of its own (none past the machine's: a description of the
   * split a machine without stand-ins would make) */
  for (int c = 0, w = 0; c < cores; c++)
    if (nparts[c]) hs->worker[w++] = (pipe_split_worker){.home = c, .runner = c, .own = true};
  for (int w = busy; w < threads; w++) {
    int stand_in = cores + w - busy; /* stand-in w - busy + 1 */
    hs->worker[w].runner = stand_in < runners ? stand_in : -1;
  }
  int part = 0, host = 0;
  for (int c = 0; c < cores; c++) {
    if (!nparts[c]) continue; /* idle */
    int k = axis[c];
    int64_t after = 1; /* steps per index of the cut dimension */
    for (int g = k + 1; g < d->grid_rank; g++) after *= share[c][g];
    int64_t len = d->grid_rank ? share[c][k] : 1, base = len / nparts[c], rem = len % nparts[c], at = 0;
    hs->next_part[c] = part + 1;
    for (int j = 0; j < nparts[c]; j++, part++) {
      pipe_split_part *pt = &hs->part[part];
      pt->owner = c;
      pt->axis = k;
      pt->host = j == 0 ? 0 : ++host;
      memcpy(pt->grid, share[c], sizeof pt->grid);
      memcpy(pt->offsets, off[c], sizeof pt->offsets);
      if (d->grid_rank) {
        pt->grid[k] = base + (j < rem);
        pt->offsets[k] += at;
      }
      pt->step_base = at * after;
      at += d->grid_rank ? pt->grid[k] : 0;
    }
  }
  hs->parts = total;
  hs->host_parts = host;
  return true;
}

/* The most grid steps a split is planned for: parts_disjoint evaluates every output's index
 * map at every step before any runs (about 0.1 s per output at this size with interpreted
 * maps), and a grid of trillions of steps must reach the op budget of its run in order at
 * once instead of walking for hours. A grid this long runs for seconds in order anyway. */
#define SPLIT_MAX_WALK ((int64_t)1 << 24)

bool pipe_host_split_plan(call_plan *cp, bool body_ok, bool run, const char **why) {
  tsr_machine *m = cp->m;
  const tsr_call_desc *d = cp->d;
  *why = !body_ok ? "the body may keep state a host part cannot watch (DMAs, semaphores, PRNG, logs, "
                    "writes to inputs or scalar prefetch), or is C"
         : d->num_aliases > 0 ? "input_output_aliases" : NULL;
  /* an output's array must not overlap another operand's: a part would read (or write) what
   * another part wrote, where in order only earlier steps had */
  for (int j = d->num_inputs; !*why && j < cp->n; j++)
    for (int i = 0; i < cp->n + d->num_prefetch && !*why; i++)
      if (i != j && machine_spans_overlap(&cp->ops[j].hbm, i < cp->n ? &cp->ops[i].hbm : &d->prefetch[i - cp->n]))
        *why = "an output's array overlaps another operand's";
  int64_t steps;
  if (!*why && (!tsr_grid_num_steps(d->grid, d->grid_rank, &steps) || steps > SPLIT_MAX_WALK))
    *why = "more than 2^24 grid steps (the split walks every step's index maps first)";
  for (int i = 0; !*why && i < cp->n; i++) {
    const call_operand_plan *o = &cp->ops[i];
    if (o->geo.passthrough) *why = "a whole-array (ANY) operand";
    else if (o->is_output && o->spec->revisit == TSR_REVISIT_ANY) *why = "an output in revisit mode ANY";
    for (int r = 0; !*why && o->is_output && r < o->geo.rank && o->spec->rank; r++)
      if (o->spec->element[r]) *why = "an output indexed by element";
  }
  if (*why) return false;
  const char *machine = m->num_stand_ins < 1 ? "no idle host CPU"
                        : m->opts.dma_mode != TSR_DMA_EAGER ? "DMAs do not move data when they start" : NULL;
  if (run && machine) { *why = machine; return false; }
  /* every core's thread and every helper claims parts */
  int threads = m->num_stand_ins > 0 ? m->num_cores + m->num_helpers : m->num_cores + 1;
  if (!plan_parts(cp, threads, why)) return false;
  *why = NULL;
  for (int i = d->num_inputs; i < cp->n && !*why; i++)
    if (!parts_disjoint(cp, &cp->ops[i])) *why = "an output block is visited by two parts";
  if (!*why) *why = machine;
  cp->split.on = !*why;
  return cp->split.on;
}

/* ---- run -------------------------------------------------------------------------------- */

/* Runs part `part` on the core with index `runner`, as its owner. */
static void run_part(call_plan *cp, int part, int runner) {
  pipe_host_split *hs = &cp->split;
  machine_core *c = &cp->m->cores[runner];
  c->id = hs->part[part].owner; /* a stand-in takes its part's core's id */
  c->host_part = hs->part[part].host;
  c->held = hs->tapes ? &hs->tapes[part] : NULL;
  hs->part_of[runner] = part;
  if (call_run_core(c, cp) != TSR_OK) __atomic_store_n(&hs->voided, true, __ATOMIC_RELAXED);
  c->host_part = 0;
  c->held = NULL;
  hs->part_of[runner] = -1;
}

/* Worker w: its home's own part first if it is the home's thread, then the home's host parts
 * as they come. */
static void run_worker(call_plan *cp, int w) {
  pipe_host_split *hs = &cp->split;
  const pipe_split_worker *wk = &hs->worker[w];
  if (wk->runner < 0) return;
  int first = 0;
  while (first < hs->parts && hs->part[first].owner != wk->home) first++;
  if (first == hs->parts) return;
  if (wk->own) run_part(cp, first, wk->runner);
  int end = core_parts_end(hs, first);
  for (;;) {
    int part = __atomic_fetch_add(&hs->next_part[wk->home], 1, __ATOMIC_RELAXED);
    if (part >= end) return;
    run_part(cp, part, wk->runner);
  }
}

/* Which worker a thread runs (-1: none): a busy core's thread its core's; the spare workers
 * go to the idle cores' threads in order, then to the helpers' items 1.. of core 0's
 * machine_parallel_for. `core`: the core whose thread it is, or -1 for helper item `item`. */
static int thread_worker(const pipe_host_split *hs, int cores, int core, int item) {
  int busy = 0, idle = 0;
  while (busy < hs->workers && hs->worker[busy].own) busy++;
  for (int w = 0; core >= 0 && w < busy; w++)
    if (hs->worker[w].home == core) return w;
  for (int k = 0; k < (core >= 0 ? core : cores); k++) {
    bool is_busy = false;
    for (int w = 0; w < busy; w++) is_busy = is_busy || hs->worker[w].home == k;
    idle += !is_busy;
  }
  int w = busy + idle + (core >= 0 ? 0 : item - 1);
  return w < hs->workers ? w : -1;
}

typedef struct helper_items {
  call_plan *cp;
  int core0;                          /* core 0's thread's worker (item 0) */
} helper_items;

static void helper_item(void *arg, int item) {
  helper_items *hi = arg;
  int w = item == 0 ? hi->core0 : thread_worker(&hi->cp->split, hi->cp->m->num_cores, -1, item);
  if (w >= 0) run_worker(hi->cp, w);
}

/* Each core's thread runs its worker; core 0's brings in the helpers too. */
static tsr_status split_thread(machine_core *c, void *arg) {
  call_plan *cp = arg;
  int w = thread_worker(&cp->split, cp->m->num_cores, c->index, 0);
  if (c->index != 0) {
    if (w >= 0) run_worker(cp, w);
    return TSR_OK;
  }
  helper_items hi = {.cp = cp, .core0 = w};
  machine_parallel_for(cp->m, 1 + cp->m->num_helpers, helper_item, &hi);
  return TSR_OK;
}

/* Runs the parts; true when none failed or inherited state (then the stats are made the run
 * in order's, and the warnings it would give are given). */
static bool run_parts(call_plan *cp) {
  pipe_host_split *hs = &cp->split;
  machine_run_cores(cp->m, split_thread, cp);
  if (__atomic_load_n(&hs->voided, __ATOMIC_RELAXED)) return false;
  tsr_call_stats *st = cp->stats;
  st->cores = 0;
  for (int part = 0; part < hs->parts; part++) {
    if (first_of_core(hs, part)) {
      st->cores++;
      continue;
    }
    for (int i = 0; i < cp->d->num_inputs; i++) {
      const call_operand_plan *o = &cp->ops[i];
      const pipe_part_edge *first = &hs->edge[(size_t)part * (size_t)cp->n + (size_t)i];
      const pipe_part_edge *before = &hs->edge[(size_t)(part - 1) * (size_t)cp->n + (size_t)i];
      if (o->geo.passthrough || first->first_bytes < 0) continue;
      if (pipe_blocks_differ(first->first, before->last, o->geo.rank)) continue;
      st->dma.in--;
      st->dma.skip_in++;
      st->dma.bytes_in -= first->first_bytes;
    }
  }
  for (int first = 0, end; first < hs->parts; first = end) { /* per core, its first warning */
    end = core_parts_end(hs, first);
    for (int i = 0; i < cp->n; i++)
      for (int part = first; part < end; part++) {
        const char *w = hs->edge[(size_t)part * (size_t)cp->n + (size_t)i].held_warning;
        if (!w) continue;
        machine_warn(cp->m, "%s", w);
        break;
      }
  }
  st->parts = hs->parts;
  return true;
}

/* ---- the parts' events, spliced ------------------------------------------------------------ */

/* The observers (the checkers, the timing model) get a split's events once it stands, from
 * the parts' tapes, as the run in order would have given them. A part is a pipeline of its
 * own: it starts with the kernel's start and allocations and a first fetch of its inputs, and
 * ends with a wait for its last output copies, the kernel's end and the releases, where the
 * run in order goes from one step to the next. The splice, core by core, part by part, keeps
 * the first part's start and the last part's end, and at each cut between parts P and Q:
 * - an input whose block Q's first step fetches is fetched, in the run in order, by P's last
 *   step (its next block, started before the body): that start moves there; where the block
 *   did not change (P's last step held it), the start goes and the wait becomes a skip, as
 *   the run's counts already say (run_parts);
 * - an output's last copy out of P is waited for, in the run in order, by Q's first step
 *   after its body: the wait moves there.
 * A part whose events do not have that shape (none expected) makes the split not stand. */

enum { KEEP, DROP, SKIP }; /* what becomes of a part's record */

typedef struct part_splice {
  const machine_tape_slot *s;         /* the part's events (its core's slot on its tape) */
  uint8_t *mark;              /* per record */
  int32_t *skip_of;           /* a SKIP record's: the dropped start whose block it names */
  size_t from, to;            /* the records it keeps in place: [from, to) */
  size_t first_body_end, last_body_begin;
  size_t *before_body;        /* the next part's records that go before last_body_begin */
  size_t *after_body;         /* the previous part's records that go after first_body_end */
  int nbefore, nafter;
} part_splice;

typedef struct splice {
  part_splice *part;
} splice;

#define NONE ((size_t)-1)

static size_t find(const machine_tape_slot *s, size_t lo, size_t hi, int kind) {
  for (size_t i = lo; i < hi; i++)
    if (s->recs[i].kind == kind) return i;
  return NONE;
}

static size_t find_last(const machine_tape_slot *s, size_t lo, size_t hi, int kind) {
  for (size_t i = hi; i > lo; i--)
    if (s->recs[i - 1].kind == kind) return i - 1;
  return NONE;
}

/* The first (or last) copy of operand `operand` in direction dir in [lo, hi). */
static size_t find_copy(const machine_tape_slot *s, size_t lo, size_t hi, int dir, int operand, bool last) {
  for (size_t k = 0; k < hi - lo; k++) {
    size_t i = last ? hi - 1 - k : lo + k;
    const machine_tape_rec *r = &s->recs[i];
    if (r->kind == TSR_EV_DMA_START && r->dir == dir && r->operand == operand) return i;
  }
  return NONE;
}

/* The first event of `kind` in [lo, hi) on the semaphore of the copy at `start`. */
static size_t find_on_sem(const machine_tape_slot *s, size_t lo, size_t hi, int kind, size_t start) {
  int32_t want = s->recs[start].sem;
  for (size_t i = lo; want >= 0 && i < hi; i++) {
    const machine_tape_rec *r = &s->recs[i];
    if (r->kind == kind && r->sem >= 0 && s->refs[r->sem].data == s->refs[want].data) return i;
  }
  return NONE;
}

/* Where the copy at `start` landed (eager mode: just after it), NONE if it did not. */
static size_t find_done(const machine_tape_slot *s, size_t start) {
  for (size_t i = start + 1; i < s->n; i++)
    if (s->recs[i].kind == TSR_EV_DMA_DONE && s->recs[i].dma_id == s->recs[start].dma_id) return i;
  return NONE;
}

typedef struct step_span {
  size_t first_begin, first_end, last_begin, last_end; /* [begin, end) of its first and last step */
} step_span;

static bool steps_of(const machine_tape_slot *s, step_span *sp) {
  sp->first_begin = find(s, 0, s->n, TSR_EV_STEP_BEGIN);
  sp->last_begin = find_last(s, 0, s->n, TSR_EV_STEP_BEGIN);
  if (sp->first_begin == NONE) return false;
  sp->first_end = find(s, sp->first_begin, s->n, TSR_EV_STEP_END);
  sp->last_end = find_last(s, sp->last_begin, s->n, TSR_EV_STEP_END);
  if (sp->first_end == NONE || sp->last_end == NONE) return false;
  sp->first_end++;
  sp->last_end++;
  return true;
}

/* The cut between parts p - 1 and p (of one core): what moves and what goes. */
static bool splice_cut(call_plan *cp, splice *sp, int p, const step_span *before, const step_span *after) {
  part_splice *P = &sp->part[p - 1], *Q = &sp->part[p];
  const pipe_host_split *hs = &cp->split;
  for (int i = 0; i < cp->n; i++) {
    const call_operand_plan *o = &cp->ops[i];
    if (o->is_output || o->geo.passthrough) continue;
    size_t start = find_copy(Q->s, after->first_begin, after->first_end, TSR_DMA_IN, o->index, false);
    if (start == NONE) return false;
    size_t wait = find_on_sem(Q->s, start + 1, after->first_end, TSR_EV_DMA_WAIT_BEGIN, start);
    size_t wait_end = wait == NONE ? NONE : find_on_sem(Q->s, wait + 1, after->first_end, TSR_EV_DMA_WAIT_END, start);
    size_t done = find_done(Q->s, start);
    if (wait_end == NONE) return false;
    const pipe_part_edge *first = &hs->edge[(size_t)p * (size_t)cp->n + (size_t)i];
    const pipe_part_edge *last = &hs->edge[(size_t)(p - 1) * (size_t)cp->n + (size_t)i];
    Q->mark[start] = DROP;
    if (done != NONE) Q->mark[done] = DROP;
    if (!pipe_blocks_differ(first->first, last->last, o->geo.rank)) { /* P's last step held the block */
      Q->mark[wait] = SKIP;
      Q->skip_of[wait] = (int32_t)start;
      Q->mark[wait_end] = DROP;
    } else if (o->geo.buffer_count > 1) { /* fetched by P's last step, before its body */
      P->before_body[P->nbefore++] = start;
      if (done != NONE) P->before_body[P->nbefore++] = done;
    } else { /* one buffer: fetched when it is needed, in order too */
      Q->mark[start] = KEEP;
      if (done != NONE) Q->mark[done] = KEEP;
    }
  }
  for (int i = cp->d->num_inputs; i < cp->n; i++) {
    const call_operand_plan *o = &cp->ops[i];
    if (o->geo.buffer_count < 2) continue; /* one buffer: waited for at once, in order too */
    size_t start = find_copy(P->s, before->last_begin, before->last_end, TSR_DMA_OUT, o->index, true);
    if (start == NONE) return false;
    size_t wait = find_on_sem(P->s, start + 1, before->last_end, TSR_EV_DMA_WAIT_BEGIN, start);
    size_t wait_end = wait == NONE ? NONE : find_on_sem(P->s, wait + 1, before->last_end, TSR_EV_DMA_WAIT_END, start);
    if (wait_end == NONE) return false;
    P->mark[wait] = P->mark[wait_end] = DROP;
    Q->after_body[Q->nafter++] = wait;
    Q->after_body[Q->nafter++] = wait_end;
  }
  return P->last_body_begin != NONE && Q->first_body_end != NONE;
}

static void splice_free(call_plan *cp, splice *sp) {
  if (!sp) return;
  for (int p = 0; p < cp->split.parts; p++) {
    free(sp->part[p].mark);
    free(sp->part[p].skip_of);
    free(sp->part[p].before_body);
    free(sp->part[p].after_body);
  }
  free(sp->part);
  free(sp);
}

/* The slot of part p's events on its tape: its core's, of this machine's device. */
static int part_slot(const call_plan *cp, int p) {
  return machine_tape_slot_of(&cp->split.tapes[p], cp->m->device, cp->split.part[p].owner);
}

/* The splice of every core's parts (NULL: a part's events do not have the shape expected, or
 * out of host memory). */
static splice *splice_plan(call_plan *cp) {
  const pipe_host_split *hs = &cp->split;
  splice *sp = calloc(1, sizeof *sp);
  if (!sp || !(sp->part = calloc((size_t)hs->parts, sizeof *sp->part))) {
    free(sp);
    return NULL;
  }
  step_span *span = calloc((size_t)hs->parts, sizeof *span);
  bool ok = span != NULL;
  for (int p = 0; ok && p < hs->parts; p++) ok = !hs->tapes[p].nomem; /* a tape that lost an event */
  for (int p = 0; ok && p < hs->parts; p++) {
    part_splice *P = &sp->part[p];
    int slot = part_slot(cp, p);
    if (slot < 0) {
      ok = false;
      break;
    }
    P->s = &hs->tapes[p].slots[slot];
    size_t n = P->s->n ? P->s->n : 1;
    P->mark = calloc(n, sizeof *P->mark);
    P->skip_of = calloc(n, sizeof *P->skip_of);
    P->before_body = calloc((size_t)cp->n * 2 + 1, sizeof *P->before_body);
    P->after_body = calloc((size_t)cp->n * 2 + 1, sizeof *P->after_body);
    ok = P->mark && P->skip_of && P->before_body && P->after_body && steps_of(P->s, &span[p]);
    if (!ok) break;
    bool first = first_of_core(hs, p), last = p + 1 == hs->parts || first_of_core(hs, p + 1);
    P->from = first ? 0 : span[p].first_begin;
    P->to = last ? P->s->n : span[p].last_end;
    P->first_body_end = find(P->s, span[p].first_begin, span[p].first_end, TSR_EV_BODY_END);
    P->last_body_begin = find(P->s, span[p].last_begin, span[p].last_end, TSR_EV_BODY_BEGIN);
    if (!first) ok = splice_cut(cp, sp, p, &span[p - 1], &span[p]);
  }
  free(span);
  if (ok) return sp;
  splice_free(cp, sp);
  return NULL;
}

/* The DMA numbers of the run in order: each core's copies numbered on from its count before
 * the call, in the spliced order (a part numbers its own from its runner's count); a copy's
 * landing, which follows its start, takes the start's number. */
typedef struct numbering {
  uint64_t next, from, to; /* the last number given; the last start's number in its part, and here */
} numbering;

/* Record i of part p to the observers, at `step` (-2: its own); one of a kind that no
 * observer reads (machine_core_emit kept little of it) only counts. */
static void emit_record(call_plan *cp, int p, size_t i, int64_t step, numbering *num) {
  const pipe_host_split *hs = &cp->split;
  int slot = part_slot(cp, p);
  const machine_tape_rec *r = &hs->tapes[p].slots[slot].recs[i];
  uint64_t dma_id = r->dma_id;
  if (r->kind == TSR_EV_DMA_START) {
    num->from = dma_id;
    dma_id = num->to = ++num->next;
  } else if (r->kind == TSR_EV_DMA_DONE && dma_id == num->from) {
    dma_id = num->to;
  }
  if (!machine_observers_read_kind(cp->m, (tsr_event_kind)r->kind)) return;
  size_t len;
  const void *digest = machine_tape_digest(&hs->tapes[p], slot, i, &len);
  if (digest) {
    const tsr_observer *o = machine_digesting_observer(cp->m); /* the one that made it */
    if (o) o->on_digest(o->user, digest, len, step != -2 ? step : r->step);
    return;
  }
  tsr_event ev;
  machine_tape_event_refs refs;
  machine_tape_event(&hs->tapes[p], slot, i, &ev, &refs);
  if (step != -2) ev.step = step;
  ev.dma_id = dma_id;
  machine_emit_held(cp->m, &ev);
}

static void splice_emit(call_plan *cp, const splice *sp, const uint64_t *first_dma) {
  const pipe_host_split *hs = &cp->split;
  numbering num = {0};
  for (int p = 0; p < hs->parts; p++) {
    const part_splice *P = &sp->part[p];
    if (first_of_core(hs, p)) num = (numbering){.next = first_dma[hs->part[p].owner]};
    for (size_t i = P->from; i < P->to; i++) {
      int64_t step = P->s->recs[i].step;
      if (i == P->last_body_begin)
        for (int k = 0; k < P->nbefore; k++) emit_record(cp, p + 1, P->before_body[k], step, &num);
      if (P->mark[i] == SKIP && machine_observers_read_kind(cp->m, TSR_EV_DMA_SKIP)) { /* the start it stands for names the block */
        tsr_event ev;
        machine_tape_event_refs refs;
        machine_tape_event(&hs->tapes[p], part_slot(cp, p), (size_t)P->skip_of[i], &ev, &refs);
        ev = (tsr_event){.kind = TSR_EV_DMA_SKIP, .core = ev.core, .device = ev.device,
                         .target_device = ev.device, .step = step, .name = ev.name, .dir = TSR_DMA_IN,
                         .operand = ev.operand, .rank = ev.rank, .index = ev.index, .replayed = true};
        machine_emit_held(cp->m, &ev);
      } else if (P->mark[i] == KEEP) {
        emit_record(cp, p, i, -2, &num);
      }
      if (i == P->first_body_end)
        for (int k = 0; k < P->nafter; k++) emit_record(cp, p - 1, P->after_body[k], step, &num);
    }
  }
}

bool pipe_host_split_run(call_plan *cp, bool (*verdict)(void *user, bool stands)) {
  tsr_machine *m = cp->m;
  pipe_host_split *hs = &cp->split;
  hs->edges = (size_t)hs->parts * (size_t)cp->n;
  hs->edge = calloc(hs->edges + 1, sizeof *hs->edge);
  /* the observers get the parts' events from tapes, spliced, once the split stands */
  bool observed = m->num_observers > 0;
  hs->tapes = observed ? machine_split_tapes(m, hs->parts) : NULL;
  bool begun = hs->edge && (hs->tapes || !observed);
  uint64_t first_dma[MACHINE_MAX_CORES];
  for (int c = 0; c < m->num_cores; c++) first_dma[c] = m->cores[c].next_dma_id;
  bool stands = begun && run_parts(cp);
  splice *sp = NULL;
  if (stands && hs->tapes) stands = (sp = splice_plan(cp)) != NULL; /* else the run in order */
  if (begun && verdict) stands = verdict(cp->d->user, stands);
  if (stands && sp) splice_emit(cp, sp, first_dma);
  splice_free(cp, sp);
  hs->tapes = NULL;
  if (!stands) /* the run in order numbers the DMAs as if the split never ran */
    for (int c = 0; c < m->num_cores; c++) m->cores[c].next_dma_id = first_dma[c];
  hs->on = stands;
  return stands;
}

/* ---- a part ----------------------------------------------------------------------------- */

const pipe_split_part *pipe_host_split_part(const call_plan *cp, const machine_core *c) {
  return cp->split.on ? &cp->split.part[cp->split.part_of[c->index]] : NULL;
}

static bool runs_host_part(const machine_core *c) { return c->host_part > 0; }

tsr_status pipe_host_split_watch_start(const call_plan *cp, const machine_core *c, const tsr_ref *scratch, pipe_carry_watch *w,
                                  pipe_carry_watch **watch) {
  const tsr_call_desc *d = cp->d;
  *watch = NULL;
  if (!cp->split.on || !runs_host_part(c)) return TSR_OK;
  if (!pipe_carry_init(w, d->num_scratch + d->num_outputs)) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  for (int i = 0; i < d->num_scratch; i++) pipe_carry_restart(w, i, scratch[i].data, tsr_ref_bytes(&scratch[i]));
  *watch = w;
  return TSR_OK;
}

void pipe_host_split_watch_step(const call_plan *cp, pipe_pipeline *p, pipe_carry_watch *w) {
  const tsr_call_desc *d = cp->d;
  /* A new output block starts in a buffer that a sequential run would have left holding
   * another block (or, in place, in HBM, the same either way). The block before went back to
   * HBM whole: any byte the body left unwritten would carry that buffer's history. */
  for (int i = d->num_inputs; i < p->num_brefs; i++) {
    pipe_bref *b = &p->brefs[i];
    if (!p->s.first_step && !pipe_sched_has_changed(&p->s, b)) continue;
    int region = d->num_scratch + i - d->num_inputs;
    if (!pipe_carry_whole(w, region)) w->inherited = true;
    bool own = !b->is_view[b->current_slot];
    pipe_carry_restart(w, region, b->view.data, own ? tsr_ref_bytes(&b->view) : 0);
  }
}

void pipe_host_split_part_done(call_plan *cp, const machine_core *c, pipe_bref *brefs, pipe_carry_watch *w) {
  pipe_host_split *hs = &cp->split;
  for (int i = 0; i < cp->n; i++) {
    pipe_part_edge *e = &hs->edge[(size_t)hs->part_of[c->index] * (size_t)cp->n + (size_t)i];
    memcpy(e->first, brefs[i].blk_first, sizeof e->first);
    memcpy(e->last, brefs[i].blk_cur, sizeof e->last);
    e->first_bytes = brefs[i].geo.passthrough ? 0 : pipe_bref_block_bytes(&brefs[i], brefs[i].blk_first);
    e->held_warning = brefs[i].held_warning;
    brefs[i].held_warning = NULL;
  }
  for (int i = 0; runs_host_part(c) && i < cp->d->num_outputs; i++) /* the last blocks, as at each step */
    if (!pipe_carry_whole(w, cp->d->num_scratch + i)) w->inherited = true;
  if (w->inherited) __atomic_store_n(&hs->voided, true, __ATOMIC_RELAXED);
}

/* ---- describe and free ------------------------------------------------------------------ */

void pipe_host_split_describe(const call_plan *cp, bool planned, const char *why, FILE *out) {
  const pipe_host_split *hs = &cp->split;
  int cores = cp->m->num_cores;
  if (!planned) {
    fprintf(out, "  host split: no, %s\n", why);
    return;
  }
  fprintf(out, "  host split:");
  for (int first = 0, end; first < hs->parts; first = end) {
    end = core_parts_end(hs, first);
    if (cores > 1) fprintf(out, "%s core %d:", first ? ";" : "", hs->part[first].owner);
    fprintf(out, " grid axis %d in %d part%s", hs->part[first].axis, end - first, end - first > 1 ? "s" : "");
  }
  fprintf(out, "; %d host part%s beside the core%s own, run at once (where the parts prove "
          "independent)\n", hs->host_parts, hs->host_parts > 1 ? "s" : "",
          cores > 1 ? "s'" : "'s");
}

void pipe_host_split_free(pipe_host_split *hs) {
  for (size_t i = 0; hs->edge && i < hs->edges; i++) free(hs->edge[i].held_warning);
  free(hs->part);
  free(hs->worker);
  free(hs->part_of);
  free(hs->edge);
  memset(hs, 0, sizeof *hs);
}
