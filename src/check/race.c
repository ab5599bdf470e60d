/* The race checker. Per core it keeps the DMAs in flight (started, not yet waited for) with the
 * byte regions they read and write; a wait retires the oldest DMAs on its semaphore whose bytes
 * it covers, as the machine does. Anything that touches a DMA's destination, or writes its
 * source, while it is in flight is a race: on a TPU the DMA may land before, during or after
 * the access. A pipelined kernel touches the current slot while the next slot's DMA is in
 * flight, which are different regions, so it stays clean. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/check_internal.h"

void ck_race_reset(tsr_checker *ck) {
  for (int c = 0; c < CK_MAX_CORES; c++) ck->inflight[c].n = 0;
}

static const char *dir_name(tsr_dma_dir d) {
  return d == TSR_DMA_IN ? "input" : d == TSR_DMA_OUT ? "output" : "kernel";
}

static void describe_dma(const tsr_event *ev, char *buf, size_t cap) {
  char s[96], d[96], blk[64] = "";
  if (ev->index && ev->rank > 0) {
    char dims[48];
    snprintf(blk, sizeof blk, " block %s", tsr_format_dims(ev->index, ev->rank, dims, sizeof dims));
  }
  char op[32] = "";
  if (ev->operand >= 0) snprintf(op, sizeof op, " operand %d", ev->operand);
  snprintf(buf, cap, "%s DMA #%llu%s%s (%s -> %s, started at step %lld)", dir_name(ev->dir),
           (unsigned long long)ev->dma_id, op, blk, ck_describe(ev->src, s, sizeof s),
           ck_describe(ev->dst, d, sizeof d), (long long)ev->step);
}

static void dma_start(tsr_checker *ck, const tsr_event *ev) {
  if (!ev->src || !ev->dst) return;
  flights *fl = &ck->inflight[ev->core];
  flight nf = {.id = ev->dma_id, .src = ref_region(ev->src), .dst = ref_region(ev->dst),
               .sem = ev->sem ? ev->sem->data : NULL, .credit = ev->bytes};
  describe_dma(ev, nf.what, sizeof nf.what);
  for (int i = 0; i < fl->n; i++) {
    const flight *f = &fl->a[i];
    if (regions_overlap(nf.dst, f->dst))
      ck_report(ck, TSR_ERR_RACE, "race on core %d: two DMAs in flight write overlapping memory: "
                "%s and %s, which was not yet waited for", ev->core, nf.what, f->what);
    else if (regions_overlap(nf.dst, f->src))
      ck_report(ck, TSR_ERR_RACE, "race on core %d: %s overwrites the source of %s, which was not "
                "yet waited for", ev->core, nf.what, f->what);
    else if (regions_overlap(nf.src, f->dst))
      ck_report(ck, TSR_ERR_RACE, "race on core %d: %s reads the destination of %s before it was "
                "waited for", ev->core, nf.what, f->what);
  }
  if (fl->n == fl->cap) {
    int ncap = fl->cap ? fl->cap * 2 : 16;
    flight *na = realloc(fl->a, (size_t)ncap * sizeof *na);
    if (!na) return;
    fl->a = na;
    fl->cap = ncap;
  }
  fl->a[fl->n++] = nf;
}

static void dma_waited(tsr_checker *ck, const tsr_event *ev) {
  flights *fl = &ck->inflight[ev->core];
  const char *sem = ev->sem ? ev->sem->data : NULL;
  int64_t need = ev->bytes;
  int kept = 0;
  for (int i = 0; i < fl->n; i++) {
    flight *f = &fl->a[i];
    if (need > 0 && f->sem == sem) {
      int64_t take = f->credit < need ? f->credit : need;
      f->credit -= take;
      need -= take;
      if (f->credit <= 0) continue; /* retired */
    }
    fl->a[kept++] = *f;
  }
  fl->n = kept;
}

static void kernel_access(tsr_checker *ck, const tsr_event *ev) {
  if (!ev->dst) return;
  flights *fl = &ck->inflight[ev->core];
  region r = ref_region(ev->dst);
  for (int i = 0; i < fl->n; i++) {
    const flight *f = &fl->a[i];
    bool hits_dst = regions_overlap(r, f->dst);
    if (!hits_dst && !(ev->write && regions_overlap(r, f->src))) continue;
    char what[96], step[32] = "";
    if (ev->step >= 0) snprintf(step, sizeof step, " at step %lld", (long long)ev->step);
    const char *how = !hits_dst ? "overwrites the source of"
                      : ev->write ? "writes memory that is the destination of"
                                  : "reads the destination of";
    ck_report(ck, TSR_ERR_RACE, "race on core %d: kernel %s at %s%s (%s) %s %s before it was "
              "waited for", ev->core, ev->write ? "store" : "load", ev->loc ? ev->loc : "?", step,
              ck_describe(ev->dst, what, sizeof what), how, f->what);
  }
}

void ck_race_event(tsr_checker *ck, const tsr_event *ev) {
  switch (ev->kind) {
  case TSR_EV_DMA_START: dma_start(ck, ev); break;
  case TSR_EV_DMA_WAIT_END: dma_waited(ck, ev); break;
  case TSR_EV_ACCESS: kernel_access(ck, ev); break;
  case TSR_EV_KERNEL_END: ck->inflight[ev->core].n = 0; break; /* the machine reports leftovers */
  default: break;
  }
}
