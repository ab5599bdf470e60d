/* The carry watch: what a run of grid steps reads of the state that earlier steps would have
 * left it (scratch, the output block being filled). A one-core chip's parallel iterations run
 * as two parts at once only if the second part's steps never read such state before writing it
 * (pallas_call.c, host split): what they read is then theirs, as a sequential run would have
 * it. */
#ifndef TSR_PIPELINE_CARRY_H
#define TSR_PIPELINE_CARRY_H

#include <stdbool.h>
#include <stddef.h>

#include "tessera/core.h"

typedef struct pipe_carry_region {
  const char *base;
  size_t bytes;
  int state;              /* carry_state (carry.c) */
  unsigned char *written; /* CARRY_SOME: one flag per byte */
  size_t cap, unwritten;
} pipe_carry_region;

typedef struct pipe_carry_watch {
  pipe_carry_region *r;
  int n;
  int open;               /* regions not yet wholly written */
  bool inherited;         /* a read of bytes not written since the region was (re)started */
} pipe_carry_watch;

/* `n` regions, all empty (nothing to watch) until pipe_carry_restart; false when out of memory. */
bool pipe_carry_init(pipe_carry_watch *w, int n);
void pipe_carry_free(pipe_carry_watch *w);
/* Region i now covers [base, base + bytes), none of it written (bytes 0: nothing to watch). */
void pipe_carry_restart(pipe_carry_watch *w, int i, const void *base, size_t bytes);
/* An access of a window: a read of an unwritten byte of a region marks the watch inherited;
 * `write` marks the window's bytes written (only exact writes: a masked store passes false). */
void pipe_carry_access(pipe_carry_watch *w, const tsr_ref *window, bool read, bool write);
/* Whether every byte of region i was written since it started (or it watches nothing): an
 * output block that is not goes back to HBM with bytes its buffer held before. */
bool pipe_carry_whole(const pipe_carry_watch *w, int i);

#endif
