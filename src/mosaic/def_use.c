/* The def/use table of a compiled program (def_use.h): one walk over the instructions in
 * program order, so "the last reader" is the last in that order, not in the order ops run. */
#include <stdlib.h>

#include "mosaic/def_use.h"

tsr_status mosaic_prog_def_use(const mosaic_prog *P, bool region_args, mosaic_def_use *du) {
  size_t n = (size_t)P->nslots + 1;
  du->def = malloc(sizeof(int32_t) * n);
  du->last = malloc(sizeof(int32_t) * n);
  du->uses = calloc(n, sizeof(int32_t));
  if (!du->def || !du->last || !du->uses) {
    mosaic_def_use_free(du);
    return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  }
  for (int s = 0; s < P->nslots; s++) du->def[s] = du->last[s] = -1;
  const mosaic_minst *I = P->insts;
  for (int32_t i = 0; i < P->ninsts; i++) {
    for (int k = 0; k < I[i].nres; k++) du->def[I[i].res[k]] = i;
    for (int r = 0; region_args && r < I[i].nregions; r++)
      for (int k = 0; k < I[i].nrargs[r]; k++) du->def[I[i].rargs[r][k]] = i;
    for (int k = 0; k < I[i].nopd; k++) {
      int32_t s = I[i].opd[k];
      if (s >= 0 && s < P->nslots) du->uses[s]++, du->last[s] = i;
    }
  }
  return TSR_OK;
}

void mosaic_def_use_free(mosaic_def_use *du) {
  free(du->def);
  free(du->uses);
  free(du->last);
  du->def = du->uses = du->last = NULL;
}
