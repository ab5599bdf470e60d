/* tessera bench race: the race checker with many DMAs in flight. A kernel that gathers rows
 * (as a fused MoE kernel gathers tokens) keeps N row copies in flight in N VMEM slots: each
 * step waits for the oldest, loads its slot, stores a result row and starts the next copy into
 * that slot. Each DMA start and each access is checked against the DMAs in flight; the checker
 * finds them through its index of their spans, and the baseline is the same checker walking
 * every DMA in flight (race_linear, the way it worked before the index). The two alternate,
 * round by round; each figure is the median over the rounds. Both must give the same findings
 * (none: the stream is a correct kernel's). Then a fused MoE kernel's one-device scatter: row copies
 * each among hundreds of copies of zero rows, which waits for zero bytes never spend. */
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "check/check_internal.h"
#include "tessera/check.h"

enum { ROW = 128 }; /* f32 elements per row */

typedef struct stream {
  int slots, steps;
  float *hbm, *vmem, *out;
  int64_t sem_cell;
} stream;

static void emit(tsr_observer *o, tsr_event ev) { o->on_event(o->user, &ev); }

static tsr_ref row(float *base, int i, tsr_space space) {
  int64_t shape[2] = {1, ROW};
  return tsr_ref_dense(base + (size_t)i * ROW, TSR_F32, space, 2, shape);
}

/* Seconds to check the stream; the number of findings in *found. */
static double run(const stream *s, bool linear, int *found) {
  tsr_checker *ck = NULL;
  if (tsr_checker_create(TSR_CHECK_RACES, &ck) != TSR_OK) return -1;
  ck->race_linear = linear;
  tsr_observer o = tsr_checker_observer(ck);
  tsr_ref sem = tsr_ref_dense((void *)&s->sem_cell, TSR_DMA_SEM, TSR_SEMAPHORE_MEM, 0, NULL);
  int64_t bytes = ROW * (int64_t)sizeof(float);
  uint64_t id = 0;
  double t0 = bench_now();
  for (int t = 0; t < s->slots + s->steps; t++) {
    int slot = t % s->slots;
    if (t >= s->slots) { /* the oldest copy, into this slot: wait, load, store a result */
      emit(&o, (tsr_event){.kind = TSR_EV_DMA_WAIT_END, .step = t, .sem = &sem, .bytes = bytes});
      tsr_ref v = row(s->vmem, slot, TSR_VMEM), r = row(s->out, t % 8, TSR_VMEM);
      emit(&o, (tsr_event){.kind = TSR_EV_ACCESS, .step = t, .dst = &v, .loc = "moe.py:1", .operand = -1});
      emit(&o, (tsr_event){.kind = TSR_EV_ACCESS, .step = t, .dst = &r, .write = true, .loc = "moe.py:2",
                           .operand = -1});
    }
    if (t < s->steps) {
      tsr_ref src = row(s->hbm, (int)((uint64_t)t * 2654435761u % (uint64_t)s->steps), TSR_HBM),
              dst = row(s->vmem, slot, TSR_VMEM);
      emit(&o, (tsr_event){.kind = TSR_EV_DMA_START, .step = t, .dma_id = ++id, .dir = TSR_DMA_IN, .src = &src,
                           .dst = &dst, .sem = &sem, .bytes = bytes, .operand = 0});
    }
  }
  double el = bench_now() - t0;
  *found = tsr_checker_count(ck);
  tsr_checker_destroy(ck);
  return el;
}

/* A fused MoE kernel's scatter on one device: per row copy (f32[1,128] on semaphore A, waited
 * for, its slot then loaded) `nothing` copies of zero rows on semaphore B, the tokens it does
 * not route to this expert, which a wait for the zero bytes sent to other devices follows.
 * Seconds to check it; the number of findings in *found. */
static double run_nothing(const stream *s, int nothing, int *found) {
  tsr_checker *ck = NULL;
  if (tsr_checker_create(TSR_CHECK_RACES, &ck) != TSR_OK) return -1;
  tsr_observer o = tsr_checker_observer(ck);
  int64_t cells[2] = {0, 0}, zero[2] = {0, ROW};
  tsr_ref rows = tsr_ref_dense((void *)&cells[0], TSR_DMA_SEM, TSR_SEMAPHORE_MEM, 0, NULL),
          none = tsr_ref_dense((void *)&cells[1], TSR_DMA_SEM, TSR_SEMAPHORE_MEM, 0, NULL);
  int64_t bytes = ROW * (int64_t)sizeof(float);
  uint64_t id = 0;
  double t0 = bench_now();
  for (int t = 0; t < s->steps; t++) {
    tsr_ref zsrc = tsr_ref_dense(s->hbm + (size_t)t * ROW, TSR_F32, TSR_HBM, 2, zero),
            zdst = tsr_ref_dense(s->vmem, TSR_F32, TSR_VMEM, 2, zero);
    for (int z = 0; z < nothing; z++)
      emit(&o, (tsr_event){.kind = TSR_EV_DMA_START, .step = t, .dma_id = ++id, .dir = TSR_DMA_IN, .src = &zsrc,
                           .dst = &zdst, .sem = &none, .bytes = 0, .operand = -1});
    tsr_ref src = row(s->hbm, t, TSR_HBM), dst = row(s->vmem, t % 2, TSR_VMEM);
    emit(&o, (tsr_event){.kind = TSR_EV_DMA_START, .step = t, .dma_id = ++id, .dir = TSR_DMA_IN, .src = &src,
                         .dst = &dst, .sem = &rows, .bytes = bytes, .operand = -1});
    emit(&o, (tsr_event){.kind = TSR_EV_DMA_WAIT_END, .step = t, .sem = &rows, .bytes = bytes});
    emit(&o, (tsr_event){.kind = TSR_EV_ACCESS, .step = t, .dst = &dst, .loc = "moe.py:1", .operand = -1});
    emit(&o, (tsr_event){.kind = TSR_EV_DMA_WAIT_END, .step = t, .sem = &none, .bytes = 0});
  }
  double el = bench_now() - t0;
  *found = tsr_checker_count(ck);
  tsr_checker_destroy(ck);
  return el;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int bench_race(const bench_opts *o) {
  int sizes[] = {16, 256, 1024, 4096}, nsizes = o->quick ? 2 : 4, rounds = o->quick ? 1 : 5;
  int steps = o->quick ? 2000 : 20000;
  stream s = {.steps = steps};
  s.hbm = calloc((size_t)steps * ROW, sizeof(float));
  s.vmem = calloc((size_t)4096 * ROW, sizeof(float));
  s.out = calloc(8 * ROW, sizeof(float));
  int rc = !s.hbm || !s.vmem || !s.out;
  for (int k = 0; k < nsizes && !rc; k++) {
    s.slots = sizes[k];
    double ix[8], walk[8];
    for (int r = 0; r < rounds && !rc; r++) {
      int f_ix = 0, f_walk = 0;
      ix[r] = run(&s, false, &f_ix);
      walk[r] = run(&s, true, &f_walk);
      if (ix[r] < 0 || walk[r] < 0 || f_ix != f_walk || f_ix != 0) {
        fprintf(stderr, "bench race: %d DMAs in flight: findings %d (index) and %d (walk), expected 0\n",
                s.slots, f_ix, f_walk);
        rc = 1;
      }
    }
    if (rc) break;
    qsort(ix, (size_t)rounds, sizeof *ix, cmp_double);
    qsort(walk, (size_t)rounds, sizeof *walk, cmp_double);
    char name[96];
    snprintf(name, sizeof name, "%d DMAs in flight, %d starts + %d accesses", s.slots, steps, 2 * steps);
    bench_figure(o, name, ix[rounds / 2] * 1e3, "ms", walk[rounds / 2] * 1e3, false);
  }
  /* copies of nothing cost a start each, however many were started before (no baseline: a
   * stream without them is another kernel) */
  s.steps = o->quick ? 200 : 2000;
  for (int nothing = 0; nothing <= 500 && !rc; nothing += 500) {
    double t[8];
    for (int r = 0; r < rounds && !rc; r++) {
      int found = 0;
      t[r] = run_nothing(&s, nothing, &found);
      if (t[r] < 0 || found != 0) {
        fprintf(stderr, "bench race: %d copies of nothing per row copy: %d findings, expected 0\n", nothing, found);
        rc = 1;
      }
    }
    if (rc) break;
    qsort(t, (size_t)rounds, sizeof *t, cmp_double);
    char name[96];
    snprintf(name, sizeof name, "%d row copies, %d copies of nothing each", s.steps, nothing);
    bench_figure(o, name, t[rounds / 2] * 1e3, "ms", 0, false);
  }
  free(s.hbm);
  free(s.vmem);
  free(s.out);
  return rc;
}
