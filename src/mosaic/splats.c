/* Settling the splat constants that chunk groups read. A splat constant longer than a chunk
 * (mosaic_prog_splat_const) is made with only its first chunk written, which is every chunk a group
 * reads. Once the groups are formed: a splat read whole somewhere outside a group is written
 * whole; one only groups read stays short, with room in the frame where a group run op by op
 * (unchunked, timing-only, near the op budget) fills it whole first (mosaic_exec_fill_short). */
#include <stdlib.h>
#include <string.h>

#include "mosaic/piecewise.h"

tsr_status mosaic_prog_settle_splats(mosaic_prog *P) {
  const mosaic_minst *I = P->insts;
  bool *member = calloc((size_t)P->ninsts + 1, sizeof(bool)), *outside = calloc((size_t)P->nslots + 1, sizeof(bool));
  if (!member || !outside) {
    free(member);
    free(outside);
    return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  }
  for (int32_t i = 0; i < P->ninsts; i++)
    for (int j = 0; I[i].chunk && j < P->chunks[I[i].chunk - 1].count; j++) member[i + j] = true;
  for (int32_t i = 0; i < P->ninsts; i++)
    for (int k = 0; !member[i] && k < I[i].nopd; k++)
      if (I[i].opd[k] >= 0 && I[i].opd[k] < P->nslots) outside[I[i].opd[k]] = true;
  tsr_status st = TSR_OK;
  for (int32_t s = 0; s < P->nslots && st == TSR_OK; s++) {
    if (P->csplat[s] != MOSAIC_SPLAT_SHORT) continue;
    const mosaic_stype *t = &P->types[s];
    if (outside[s]) { /* read whole somewhere: written whole */
      char elem[8];
      memcpy(elem, P->cpool + P->cslot_off[s], mosaic_class_size(t->cls));
      P->csplat[s] = MOSAIC_SPLAT_NONE;
      if (!mosaic_prog_splat_const(P, s, elem, true)) st = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
      continue;
    }
    /* where a group run op by op fills it: one place per pool splat (threefry's 56 slots
     * share 17), which each of its slots fills with the same bytes */
    int32_t same = -1;
    for (int32_t k = 0; k < s && same < 0; k++)
      if (P->csplat[k] == MOSAIC_SPLAT_SHORT && P->cslot_off[k] == P->cslot_off[s] && P->types[k].n == t->n) same = k;
    if (same >= 0) {
      P->data_off[s] = P->data_off[same];
      continue;
    }
    size_t at = (P->frame_bytes + 63) & ~(size_t)63;
    P->data_off[s] = at;
    P->frame_bytes = at + (size_t)t->n * mosaic_class_size(t->cls);
  }
  for (int32_t i = 0; i < P->ninsts; i++)
    for (int k = 0; member[i] && k < I[i].nopd; k++)
      if (I[i].opd[k] >= 0 && I[i].opd[k] < P->nslots && P->csplat[I[i].opd[k]] == MOSAIC_SPLAT_SHORT)
        P->insts[i].reads_short = true;
  free(member);
  free(outside);
  return st;
}

void mosaic_exec_fill_short(mosaic_exec *x, const mosaic_minst *in) {
  const mosaic_prog *P = x->P;
  for (int k = 0; k < in->nopd; k++) {
    int32_t s = in->opd[k];
    if (P->csplat[s] != MOSAIC_SPLAT_SHORT || x->f->data[s] != P->cpool + P->cslot_off[s]) continue;
    const mosaic_stype *t = &P->types[s];
    size_t es = mosaic_class_size(t->cls);
    char *d = x->f->values + P->data_off[s];
    for (int64_t i = 0; i < t->n; i++) memcpy(d + (size_t)i * es, P->cpool + P->cslot_off[s], es);
    x->f->data[s] = d;
  }
}
