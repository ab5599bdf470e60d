/* What a timing-only run executes, decided once per program. The timing model sees only the
 * pipeline's and the body's events: DMAs (their refs and sizes), semaphores, grid steps and
 * each body's cost, which is static per instruction (mosaic_op_cost; a matmul's by its shape). So a
 * body need only run what decides which instructions run and what the DMAs and semaphores
 * see: a backward slice from
 * - control flow (scf.for bounds, scf.if conditions, scf.while conditions, asserts),
 * - every op with an effect but a store of data: DMAs, semaphores, allocations, scopes, ids,
 *   the PRNG (its counter is state), and their operands (refs, views and their offsets),
 * - stores into a memory space that a needed load reads (conservative aliasing: any store
 *   into that space may be what the load reads), to a fixed point.
 * Loop-carried values tie an scf.for's init, region argument, yield operand and result
 * together (one needed makes all needed); likewise scf.if and scf.while results and their
 * yields, and tpu.region results.
 *
 * In a timing-only run DMAs into VMEM and HBM move no data, inputs need not be filled and
 * vector values are not computed, so the slice is exact only if no needed load reads VMEM or
 * HBM: SMEM (scalar prefetch, SMEM scratch and SMEM blocks, which DMAs still fill) is the
 * only memory whose data a timing-only run keeps, unless a DMA fills it from VMEM. Otherwise
 * P->timing_inexact names the first such load (or DMA), and the run computes in full (or
 * fails, when strict).
 *
 * Not run either: the loads and stores of data (their bounds are not checked: a full run
 * fails where a timing-only run does not), and tpu.log / tpu.log_buffer (nothing printed). */
#include <stdio.h>
#include <stdlib.h>

#include "mosaic/mosaic_internal.h"

#define SPACES (TSR_HOST + 1)

/* Needed whatever its results: control flow and effects other than stores of data. */
static bool is_root(int op) {
  if (mosaic_mop_traits[op] & (MT_PRINTS | MT_YIELDS | MT_STORE)) return false;
  return mosaic_mop_kinds[op] == MOSAIC_K_EFFECT || mosaic_mop_kinds[op] == MOSAIC_K_CONTROL;
}

/* The instructions the dispatch loop reaches (fuse.c takes fused adds out of the chain). */
static void mark_reachable(const mosaic_prog *P, int32_t begin, int32_t end, bool *live) {
  for (int32_t i = begin; i >= 0 && i < end; i = P->insts[i].next) {
    live[i] = true;
    const mosaic_minst *in = &P->insts[i];
    for (int r = 0; r < in->nregions; r++)
      if (in->reg_begin[r] >= 0) {
        mark_reachable(P, in->reg_begin[r], in->reg_end[r], live);
        live[in->reg_end[r]] = true; /* the terminator: read by its op */
      }
  }
}

static bool use(bool *used, int32_t s) {
  if (s < 0 || used[s]) return false;
  used[s] = true;
  return true;
}

/* One value flowing through slots a..: any used makes all used. */
static bool tie(bool *used, const int32_t *slots, int n) {
  bool any = false, changed = false;
  for (int k = 0; k < n && !any; k++) any = slots[k] >= 0 && used[slots[k]];
  for (int k = 0; any && k < n; k++) changed |= use(used, slots[k]);
  return changed;
}

static const mosaic_minst *term(const mosaic_prog *P, const mosaic_minst *in, int r) {
  return in->reg_begin[r] >= 0 ? &P->insts[in->reg_end[r]] : NULL;
}

static int32_t opd_at(const mosaic_minst *t, int k) { return t && k < t->nopd ? t->opd[k] : -1; }

/* The ties of an op with regions; true when a slot became used. */
static bool tie_regions(const mosaic_prog *P, const mosaic_minst *in, bool *used) {
  bool changed = false;
  switch (in->op) {
  case MOSAIC_MOP_FOR: {
    const mosaic_minst *y = term(P, in, 0);
    for (int k = 0; k < in->nres; k++) {
      int32_t s[4] = {in->opd[3 + k], in->nrargs[0] > 1 + k ? in->rargs[0][1 + k] : -1, opd_at(y, k), in->res[k]};
      changed |= tie(used, s, 4);
    }
    break;
  }
  case MOSAIC_MOP_IF:
    for (int k = 0; k < in->nres; k++) {
      int32_t s[3] = {in->res[k], opd_at(term(P, in, 0), k), in->nregions > 1 ? opd_at(term(P, in, 1), k) : -1};
      changed |= tie(used, s, 3);
    }
    break;
  case MOSAIC_MOP_WHILE: {
    const mosaic_minst *c = term(P, in, 0), *y = in->nregions > 1 ? term(P, in, 1) : NULL;
    changed |= use(used, opd_at(c, 0));
    for (int k = 0; k < in->nopd; k++) {
      int32_t s[3] = {in->opd[k], in->nrargs[0] > k ? in->rargs[0][k] : -1, opd_at(y, k)};
      changed |= tie(used, s, 3);
    }
    for (int k = 0; k < in->nres; k++) {
      int32_t s[3] = {opd_at(c, 1 + k), in->nrargs[1] > k ? in->rargs[1][k] : -1, in->res[k]};
      changed |= tie(used, s, 3);
    }
    break;
  }
  default: /* tpu.region, tpu.trace */
    for (int k = 0; k < in->nres; k++) {
      int32_t s[2] = {in->res[k], opd_at(term(P, in, 0), k)};
      changed |= tie(used, s, 2);
    }
    break;
  }
  return changed;
}

/* A tpu.enqueue_dma from VMEM into SMEM (mosaic_c_dma: a[1] the source, a[2] the target operand). */
static bool dma_fills_smem_from_vmem(const mosaic_prog *P, const mosaic_minst *in) {
  if (in->a[1] < 0 || in->a[2] < 0 || in->a[1] >= in->nopd || in->a[2] >= in->nopd) return false;
  return P->types[in->opd[in->a[1]]].space == TSR_VMEM && P->types[in->opd[in->a[2]]].space == TSR_SMEM;
}

tsr_status mosaic_prog_mark_timing_needed(mosaic_prog *P) {
  bool *used = calloc((size_t)P->nslots + 1, sizeof(bool));
  bool *live = calloc((size_t)P->ninsts + 1, sizeof(bool));
  if (!used || !live) {
    free(used);
    free(live);
    return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  }
  mark_reachable(P, 0, P->body_end, live);
  bool space_read[SPACES] = {false};
  mosaic_minst *I = P->insts;
  for (bool changed = true; changed;) {
    changed = false;
    for (int32_t i = P->ninsts - 1; i >= 0; i--) {
      mosaic_minst *in = &I[i];
      if (!live[i] || mosaic_mop_has(in->op, MT_YIELDS)) continue;
      bool needed = is_root(in->op);
      if (mosaic_mop_has(in->op, MT_STORE) && in->nopd > 1) {
        tsr_space sp = P->types[in->opd[1]].space;
        needed = (unsigned)sp < SPACES && space_read[sp];
      }
      for (int k = 0; k < in->nres && !needed; k++) needed = used[in->res[k]];
      if (in->nregions) changed |= tie_regions(P, in, used);
      if (!needed) continue;
      if (!in->needed) in->needed = changed = true;
      if (mosaic_mop_kinds[in->op] == MOSAIC_K_LOAD && in->nopd > 0) {
        tsr_space sp = P->types[in->opd[0]].space;
        if ((unsigned)sp < SPACES && !space_read[sp]) space_read[sp] = changed = true;
      }
      int count = in->nopd;
      if (in->op == MOSAIC_MOP_FOR) count = 3;          /* the init values are tied to the results */
      else if (in->op == MOSAIC_MOP_WHILE) count = 0;   /* likewise */
      for (int k = 0; k < count; k++) changed |= use(used, in->opd[k]);
    }
  }
  P->timing_inexact = NULL;
  for (int32_t i = 0; i < P->ninsts && !P->timing_inexact; i++) {
    const mosaic_minst *in = &I[i];
    char buf[512];
    if (in->op == MOSAIC_MOP_ENQUEUE_DMA && live[i] && space_read[TSR_SMEM] && dma_fills_smem_from_vmem(P, in)) {
      /* DMAs into VMEM move nothing in a timing-only run: what this one copies on is not there */
      snprintf(buf, sizeof buf, "op %s at %s copies VMEM data into SMEM that control flow, a DMA or a semaphore depends "
               "on", in->name, in->loc);
    } else if (!in->needed || mosaic_mop_kinds[in->op] != MOSAIC_K_LOAD || in->nopd < 1 || P->types[in->opd[0]].space == TSR_SMEM) {
      continue;
    } else {
      snprintf(buf, sizeof buf, "op %s at %s reads %s data that control flow, a DMA or a semaphore depends on", in->name,
               in->loc, tsr_space_name(P->types[in->opd[0]].space));
    }
    P->timing_inexact = mosaic_prog_strdup(P, buf);
    if (!P->timing_inexact) {
      free(used);
      free(live);
      return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
    }
  }
  free(used);
  free(live);
  return TSR_OK;
}
