/* Where each slot of a compiled program is defined and read: the one def/use table that the
 * program passes (fuse.c, alias.c, chunk.c, rows.c) decide on. */
#ifndef TSR_MOSAIC_DEF_USE_H
#define TSR_MOSAIC_DEF_USE_H

#include "mosaic/mosaic_internal.h"

typedef struct mosaic_def_use {
  int32_t *def;  /* per slot: the instruction that defines it (the last, were there several);
                  * -1 for func arguments and constants, there before everything */
  int32_t *uses; /* per slot: how many operands name it (an op that reads it twice counts 2) */
  int32_t *last; /* per slot: the last instruction in program order that reads it; -1: none */
} mosaic_def_use;

/* Builds P's table as P stands (a pass that then rewrites operands reads it as it was).
 * `region_args`: a region's entry arguments count as defined by the op that owns it, which
 * fuse.c's "defined before the matmul" needs; the other passes only ask whether a value comes
 * from a load or a member of a run, which an op with regions never is, and leave them at -1.
 * Operands outside [0, nslots) are not counted. Free with mosaic_def_use_free (also after a failure,
 * which leaves nothing to free). */
tsr_status mosaic_prog_def_use(const mosaic_prog *P, bool region_args, mosaic_def_use *du);
void mosaic_def_use_free(mosaic_def_use *du);

#endif
