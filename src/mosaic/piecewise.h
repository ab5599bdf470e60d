/* What the passes that run a straight chain of elementwise ops a piece at a time share: chunk
 * groups (chunk.c) run a chunk of elements at a time, row runs (rows.c) a row of windows at a
 * time, and the splat constants that only groups read keep one chunk (splats.c). Every member
 * runs its usual run function, on a copy of its instruction whose element count is the
 * piece's, with the frame's value pointers moved to the piece: each element goes through the
 * same code, so the bits are those of the op-by-op run. */
#ifndef TSR_MOSAIC_PIECEWISE_H
#define TSR_MOSAIC_PIECEWISE_H

#include "mosaic/mosaic_internal.h"

/* 1024 elements: 4 KiB per 32-bit value, so a dozen live values of a chain fit L1 (48 KiB) and
 * the chunk is long enough that a call per op and chunk costs little. Row runs take rows of
 * at most this many elements, for the same reason. */
enum { MOSAIC_CHUNK = MOSAIC_SPLAT_SHORT_N };

/* A slot's place in a chunk group: left where it is (a scalar; or a splat constant, whose
 * first chunk is every chunk: read from L1 instead of a block-sized array from memory), moved
 * with the chunk, or chunk buffer k >= 0. */
enum { MOSAIC_SCALAR = -2, MOSAIC_INDEXED = -1 };

/* A chunk group (chunk.c), whose members splats.c also reads. */
struct mosaic_chunk_group {
  int32_t resume;        /* the instruction after the group */
  int count;             /* instructions */
  int nrun, nonce;       /* of them: run per chunk; run once, before the first chunk */
  int64_t n;             /* elements */
  int nslots;
  int32_t *slot;         /* every slot the members read or write */
  int32_t *place;        /* per slot: MOSAIC_SCALAR, MOSAIC_INDEXED, or the chunk buffer that holds it */
  uint8_t *es;           /* per slot: bytes per element */
  mosaic_minst *full, *tail;    /* the members run per chunk with n = MOSAIC_CHUNK, and with
                                 * n = n % MOSAIC_CHUNK (NULL if 0) */
  mosaic_minst *once;           /* broadcasts of a scalar that only the group reads: their chunk
                          * buffer, filled once, is every chunk's */
  mosaic_op_cost cost;          /* of the members after the first (mosaic_exec_range counts the first) */
  size_t bufs_at;        /* the chunk buffers' offset in the frame's scratch */
};

/* vector.broadcast and vector.splat (one run function, mosaic_r_broadcast). */
static inline bool mosaic_piece_broadcast(int op) { return op == MOSAIC_MOP_BROADCAST || op == MOSAIC_MOP_SPLAT; }
/* Whether a chunk group or row run may hold the op: it computes each result element from the
 * same element of its operands (the MT_ELEMENTWISE ops, a select by a vector condition, a
 * broadcast of one element) over in->n elements, and its run function reads only those. */
bool mosaic_piece_elementwise(const mosaic_prog *P, const mosaic_minst *in);
static inline bool mosaic_piece_is_const(const mosaic_prog *P, int32_t s) { return P->cslot_off[s] >= 0; }
/* A constant whose elements all have the same bits (a broadcast constant, folded). */
bool mosaic_piece_is_splat(const mosaic_prog *P, int32_t s);
/* A run's room in the frame's scratch, which groups and row runs lay out alike: the slots'
 * saved pointers, then, 64-byte aligned, `nbufs` buffers of `elems` 8-byte elements.
 * Returns where the buffers start and grows the program's scratch to hold them. */
size_t mosaic_piece_reserve_scratch(mosaic_prog *P, int nslots, int nbufs, size_t elems);
/* Sums the members' costs once, when the run is formed (a run counts them at once). */
void mosaic_piece_sum_cost(mosaic_op_cost *sum, const mosaic_op_cost *c);
/* Counts a run's cost (of its members after the first: mosaic_exec_range counts that one). */
void mosaic_piece_add_cost(mosaic_exec *x, const mosaic_op_cost *c);
/* Runs members m[0..n) in order: NULL, or the one that failed (its status in *s). */
const mosaic_minst *mosaic_piece_run_members(mosaic_exec *x, const mosaic_minst *m, int n, tsr_status *s);
/* A member's failure, named as mosaic_exec_range names an op's. */
tsr_status mosaic_piece_member_failed(mosaic_exec *x, tsr_status s, const mosaic_minst *failed);

#endif
