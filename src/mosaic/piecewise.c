/* Which ops and constants a run of elementwise ops taken a piece at a time may hold, the room
 * it takes in the frame's scratch, and running its members: what chunk groups (chunk.c) and
 * row runs (rows.c) share (piecewise.h). */
#include <string.h>

#include "mosaic/piecewise.h"

size_t mosaic_piece_reserve_scratch(mosaic_prog *P, int nslots, int nbufs, size_t elems) {
  size_t bufs_at = ((size_t)nslots * sizeof(void *) + 63) & ~(size_t)63;
  size_t need = bufs_at + (size_t)nbufs * elems * 8;
  if (need > P->scratch_bytes) P->scratch_bytes = need;
  return bufs_at;
}

/* The run function reads only in->n elements: mosaic_r_select's scalar condition and mosaic_r_copy copy
 * whole values, a broadcast of more than one element is a gather. */
bool mosaic_piece_elementwise(const mosaic_prog *P, const mosaic_minst *in) {
  if (in->nres != 1 || in->nregions) return false;
  if (mosaic_piece_broadcast(in->op)) {
    if (in->a[1]) return true; /* folded into the constant pool: nothing runs */
    return in->nopd == 1 && P->types[in->opd[0]].n == 1 && P->types[in->res[0]].cls != MOSAIC_VC_I64;
  }
  if (!mosaic_mop_has(in->op, MT_ELEMENTWISE)) return false;
  if (in->op == MOSAIC_MOP_SELECT && in->a[0]) return false; /* a scalar condition copies a whole value */
  for (int k = 0; k < in->nopd; k++)
    if (P->types[in->opd[k]].n != in->n || P->types[in->opd[k]].cls == MOSAIC_VC_REF) return false;
  return P->types[in->res[0]].n == in->n && P->types[in->res[0]].cls != MOSAIC_VC_REF;
}

bool mosaic_piece_is_splat(const mosaic_prog *P, int32_t s) {
  if (!mosaic_piece_is_const(P, s)) return false;
  if (P->csplat[s]) return true; /* made as one (mosaic_prog_splat_const): no need to read it all */
  const mosaic_stype *t = &P->types[s];
  const char *v = P->cpool + P->cslot_off[s];
  if (t->cls == MOSAIC_VC_I64) {
    const int64_t *w = (const int64_t *)v;
    for (int64_t i = 1; i < t->n; i++)
      if (w[i] != w[0]) return false;
  } else { /* the bits, not the floats: -0 and NaNs stay apart */
    uint32_t w0, wi;
    memcpy(&w0, v, 4);
    for (int64_t i = 1; i < t->n; i++) {
      memcpy(&wi, v + (size_t)i * 4, 4);
      if (wi != w0) return false;
    }
  }
  return true;
}

void mosaic_piece_sum_cost(mosaic_op_cost *sum, const mosaic_op_cost *c) {
  sum->transcendentals += c->transcendentals;
  sum->vpu_ops += c->vpu_ops;
  sum->vector_bytes += c->vector_bytes;
  sum->scalar_ops += c->scalar_ops;
}

void mosaic_piece_add_cost(mosaic_exec *x, const mosaic_op_cost *c) {
  x->cost.transcendentals += c->transcendentals;
  x->cost.vpu_ops += c->vpu_ops;
  x->cost.vector_bytes += c->vector_bytes;
  x->cost.scalar_ops += c->scalar_ops;
}

const mosaic_minst *mosaic_piece_run_members(mosaic_exec *x, const mosaic_minst *m, int n, tsr_status *s) {
  for (int j = 0; j < n; j++)
    if ((*s = mosaic_mop_run[m[j].op](x, &m[j])) != TSR_OK) return &m[j];
  return NULL;
}

tsr_status mosaic_piece_member_failed(mosaic_exec *x, tsr_status s, const mosaic_minst *failed) {
  if (x->located) return s;
  x->located = true;
  return tsr_fail_context(s, "op %s at %s", failed->name, failed->loc);
}
