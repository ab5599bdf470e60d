/* One kernel lowered: the pipeline tessera runs around a Mosaic kernel (src/pipeline/engine.c,
 * the seed's default schedule) written out as Mosaic text. The plan (blocks, buffer counts,
 * the cores' shares of the grid) comes from the pipeline through the seam; what is written
 * here is the engine's loop with its predicates as scf.if, phase by phase in the engine's
 * order, so that the DMAs of a run of the result are those of a run of the original:
 *
 *   per step t of a core's share, with the block indices prev/cur (carried) and next:
 *     initialize  input, 2 buffers:  first step: fetch cur into the current slot
 *     wait_in     input:             cur changed or first step: wait (1 buffer: fetch, then wait)
 *     copy_in     input, 2 buffers:  next differs and not last: fetch next into the other slot
 *     body        inlined on the current slots
 *     wait_out    output, 2 buffers: cur changed and not first: wait for prev's write-back
 *     copy_out    output:            next differs or last: write cur back (1 buffer: and wait)
 *     finalize    output, 2 buffers: last step: wait for the write-back */
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "lower/lower_internal.h"
#include "mlir/printer.h"
#include "mosaic/kernel_internal.h"
#include "pipeline/seam.h"

#define SEM_TYPE "memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>"

typedef struct lop {
  bool pipelined, is_input;
  int index;                     /* among inputs and outputs */
  seam_operand_geometry plan;
  const tsr_ref *array;
  const mlir_ir_op *map;          /* the index map's func; NULL: all zeros */
  char hbm_type[256], buf_type[256], elt[64];
  const char *space;             /* of the blocks */
  /* per dimension: the extent of the edge block, the array's last, cut short by its end (0:
   * every block whole), and that block's index */
  int64_t edge[TSR_MAX_RANK], last[TSR_MAX_RANK];
  lw_lval hbm, buf, sem;            /* the lowered func's arguments */
  lw_lval prev[TSR_MAX_RANK], cur[TSR_MAX_RANK], slot; /* in the step loop */
  lw_lval next[TSR_MAX_RANK], changed, will, view;
} lop;

typedef struct lk {
  lw w;
  tsr_mosaic_kernel *k;
  const tsr_mlir_module *body;
  const mlir_ir_op *fn;
  tsr_call_desc d;
  int nio;
  lop ops[TSR_MAX_OPERANDS];
  lw_lval pf[64], scratch[64];
  int nscratch_args;
} lk;

static const char *space_text(tsr_space s) {
  return s == TSR_SMEM ? "smem" : s == TSR_VMEM ? "vmem" : "any";
}

static void type_text(const mlir_ir_type *t, char *buf, size_t cap) {
  FILE *f = fmemopen(buf, cap, "w");
  if (!f) { snprintf(buf, cap, "?"); return; }
  mlir_print_type(f, t);
  fclose(f);
}

/* memref<[lead x]shape x elt, #tpu.memory_space<space>> */
static void memref_text(char *buf, size_t cap, int64_t lead, const int64_t *shape, int rank, const char *elt,
                        const char *space) {
  size_t n = (size_t)snprintf(buf, cap, "memref<");
  if (lead > 0 && n < cap) n += (size_t)snprintf(buf + n, cap - n, "%lldx", (long long)lead);
  for (int d = 0; d < rank && n < cap; d++) n += (size_t)snprintf(buf + n, cap - n, "%lldx", (long long)shape[d]);
  if (n < cap) snprintf(buf + n, cap - n, "%s, #tpu.memory_space<%s>>", elt, space);
}

static bool is_i32(const mosaic_stype *t) { return t->rank == 0 && t->cls == MOSAIC_VC_I32; }

#define MAX_EDGE_DIMS 3

/* ---- what cannot be lowered ------------------------------------------------------------ */

static tsr_status check_lowerable(lk *L) {
  tsr_mosaic_kernel *k = L->k;
  if (k->ndyn) return tsr_fail(TSR_ERR_UNSUPPORTED, "a dynamic grid (%d dimension(s) given at run time) cannot be written as fixed loops", k->ndyn);
  for (int a = 0; a < k->grid_rank; a++)
    if (!is_i32(&k->body->types[k->body->args[a]]))
      return tsr_fail(TSR_ERR_UNSUPPORTED, "grid index argument %d is not an i32", a);
  for (int i = 0; i < L->nio; i++) {
    const lop *o = &L->ops[i];
    if (!o->pipelined) continue;
    char name[16];
    snprintf(name, sizeof name, "%s%d", o->is_input ? "in" : "out", o->index);
    if (o->plan.revisit == TSR_REVISIT_ANY)
      return tsr_fail(TSR_ERR_UNSUPPORTED, "%s: revisit mode ANY (blocks read back from HBM when revisited) is not lowered", name);
    if (o->plan.rank == 0) return tsr_fail(TSR_ERR_UNSUPPORTED, "%s: rank-0 blocks are not lowered", name);
    int edges = 0;
    for (int d = 0; d < o->plan.rank; d++) edges += o->edge[d] > 0;
    if (edges > MAX_EDGE_DIMS) /* each such dimension doubles the copies written */
      return tsr_fail(TSR_ERR_UNSUPPORTED, "%s: edge blocks in %d dimensions (arrays not a multiple of the block); at most %d "
                      "are lowered", name, edges, MAX_EDGE_DIMS);
    const mosaic_io_operand *io = &k->io[i];
    if (io->transform) {
      const mosaic_prog *T = io->transform;
      for (int a = 0; a < k->grid_rank; a++)
        if (!is_i32(&T->types[T->args[a]])) return tsr_fail(TSR_ERR_UNSUPPORTED, "%s: index map @%s takes a grid index that is not an i32", name, T->name);
      for (int r = 0; r < T->nret; r++)
        if (!is_i32(&T->types[T->insts[T->body_end].opd[r]]))
          return tsr_fail(TSR_ERR_UNSUPPORTED, "%s: index map @%s returns a block index that is not an i32", name, T->name);
    }
  }
  return TSR_OK;
}

/* ---- the step loop ---------------------------------------------------------------------- */

/* Block indices of o at grid indices idx (the index map inlined, or zeros). */
static void block_index(lk *L, lop *o, const lw_lval *idx, lw_lval *blk) {
  if (!o->map) {
    for (int d = 0; d < o->plan.rank; d++) blk[d] = lw_const(&L->w, 0);
    return;
  }
  lw_lval args[TSR_MAX_GRID + 64];
  int n = 0, nret;
  for (int a = 0; a < L->d.grid_rank; a++) args[n++] = idx[a];
  for (int p = 0; p < L->d.num_prefetch; p++) args[n++] = L->pf[p];
  lw_inline(&L->w, o->map, args, n, blk, o->plan.rank, &nret);
}

static void if_begin(lw *w, lw_lval cond) {
  lw_indent(w);
  fprintf(w->f, "scf.if %s {\n", cond.s);
  w->depth++;
}

static void if_end(lw *w) {
  w->depth--;
  lw_indent(w);
  fprintf(w->f, "}\n");
}

/* The part `extent` (NULL: all) of slot `slot` of o's buffer, as a block ref; *type: its type. */
static lw_lval slot_view(lk *L, lop *o, lw_lval slot, const int64_t *extent, char *type, size_t cap) {
  lw *w = &L->w;
  const int64_t *shape = extent ? extent : o->plan.block;
  char one[256];
  memref_text(one, sizeof one, 1, shape, o->plan.rank, o->elt, o->space);
  memref_text(type, cap, 0, shape, o->plan.rank, o->elt, o->space);
  lw_lval zero = lw_const(w, 0), a = lw_fresh(w), v = lw_fresh(w);
  lw_indent(w);
  fprintf(w->f, "%s = tpu.memref_slice %s[%s", a.s, o->buf.s, slot.s);
  for (int d = 0; d < o->plan.rank; d++) fprintf(w->f, ", %s", zero.s);
  fprintf(w->f, "] : %s -> %s\n", o->buf_type, one);
  lw_indent(w);
  fprintf(w->f, "%s = tpu.memref_squeeze %s : %s -> %s\n", v.s, a.s, one, type);
  return v;
}

/* The part `extent` of block blk of o's array; *type: its type. */
static lw_lval hbm_block(lk *L, lop *o, const lw_lval *blk, const int64_t *extent, char *type, size_t cap) {
  lw *w = &L->w;
  lw_lval start[TSR_MAX_RANK];
  for (int d = 0; d < o->plan.rank; d++)
    start[d] = o->plan.element[d] || o->plan.squeezed[d] ? blk[d] : lw_arith(w, "muli", blk[d], lw_const(w, o->plan.block[d]));
  memref_text(type, cap, 0, extent, o->plan.rank, o->elt, "any");
  lw_lval h = lw_fresh(w);
  lw_indent(w);
  fprintf(w->f, "%s = tpu.memref_slice %s[", h.s, o->hbm.s);
  for (int d = 0; d < o->plan.rank; d++) fprintf(w->f, "%s%s", d ? ", " : "", start[d].s);
  fprintf(w->f, "] : %s -> %s\n", o->hbm_type, type);
  return h;
}

enum { DMA_START = 1, DMA_WAIT = 2 };

/* What the pipeline's semaphore counts for a copy of `extent` of o's block: an edge block's
 * in-bounds part rounded up to the array's tiles where the block is a whole number of them
 * (the seed's copy; the rest lies in HBM's tile padding: tiling.c), 0 for a whole block. */
static int64_t counted_bytes(const lop *o, const int64_t *extent) {
  int64_t n = (int64_t)tsr_dtype_size(o->array->dtype);
  bool cut = false;
  for (int d = 0; d < o->plan.rank; d++) {
    int64_t b = o->plan.block[d], size = extent[d], t = o->plan.tiling[d];
    if (size < b) {
      cut = true;
      if (t > 0 && b % t == 0 && size % t) size += t - size % t;
      if (size > b) size = b;
    }
    n *= size;
  }
  return cut ? n : 0;
}

/* A copy of `extent` of block blk between o's array and slot `slot`. */
static void dma_part(lk *L, lop *o, const lw_lval *blk, lw_lval slot, int what, const int64_t *extent) {
  lw *w = &L->w;
  char htype[256], vtype[256];
  lw_lval h = hbm_block(L, o, blk, extent, htype, sizeof htype), v = slot_view(L, o, slot, extent, vtype, sizeof vtype);
  const char *src = o->is_input ? h.s : v.s, *dst = o->is_input ? v.s : h.s;
  const char *src_t = o->is_input ? htype : vtype, *dst_t = o->is_input ? vtype : htype;
  char mark[160]; /* the copy's direction and operand, for tessera's timing model (docs/lowering.md) */
  int n = snprintf(mark, sizeof mark, "{tessera.dma = \"%s\", tessera.operand = %d : i32", o->is_input ? "in" : "out", o->index);
  int64_t counted = counted_bytes(o, extent);
  if (counted) n += snprintf(mark + n, sizeof mark - (size_t)n, ", tessera.bytes = %lld : i64", (long long)counted);
  snprintf(mark + n, sizeof mark - (size_t)n, "}");
  if (what & DMA_START) {
    lw_indent(w);
    fprintf(w->f, "tpu.enqueue_dma source(%s : %s) target(%s : %s) target_semaphore(%s : %s) %s\n", src, src_t, dst,
            dst_t, o->sem.s, SEM_TYPE, mark);
  }
  if (what & DMA_WAIT) {
    lw_indent(w);
    fprintf(w->f, "tpu.wait_dma2 semaphore(%s : %s) src(%s : %s) dst(%s : %s) %s\n", o->sem.s, SEM_TYPE, src, src_t,
            dst, dst_t, mark);
  }
}

/* Dimensions from d on: where block blk may be the edge block of a dimension, one copy for the
 * edge (its in-bounds part) and one for the rest, chosen by the block index. */
static void dma_dims(lk *L, lop *o, const lw_lval *blk, lw_lval slot, int what, int d, int64_t *extent) {
  lw *w = &L->w;
  while (d < o->plan.rank && !o->edge[d]) d++;
  if (d == o->plan.rank) {
    dma_part(L, o, blk, slot, what, extent);
    return;
  }
  if_begin(w, lw_cmp(w, "eq", blk[d], lw_const(w, o->last[d])));
  extent[d] = o->edge[d];
  dma_dims(L, o, blk, slot, what, d + 1, extent);
  w->depth--;
  lw_indent(w);
  fputs("} else {\n", w->f);
  w->depth++;
  extent[d] = o->plan.block[d];
  dma_dims(L, o, blk, slot, what, d + 1, extent);
  if_end(w);
}

/* A copy of block blk between o's array and slot `slot`: started, waited for, or both. */
static void dma(lk *L, lop *o, const lw_lval *blk, lw_lval slot, int what) {
  int64_t extent[TSR_MAX_RANK];
  memcpy(extent, o->plan.block, sizeof extent);
  dma_dims(L, o, blk, slot, what, 0, extent);
}


/* The end of an scf.if whose not taking is a copy the pipeline skips (marked for the timing
 * model). */
static void if_end_skip(lk *L, const lop *o) {
  lw *w = &L->w;
  w->depth--;
  lw_indent(w);
  fprintf(w->f, "} {tessera.skip = \"%s\", tessera.operand = %d : i32}\n", o->is_input ? "in" : "out", o->index);
}

static lw_lval any_differs(lk *L, const lw_lval *a, const lw_lval *b, int rank) {
  lw_lval r = lw_cmp(&L->w, "ne", a[0], b[0]);
  for (int d = 1; d < rank; d++) r = lw_arith_i1(&L->w, "ori", r, lw_cmp(&L->w, "ne", a[d], b[d]));
  return r;
}

static lw_lval not_i1(lw *w, lw_lval a) {
  lw_lval t = lw_fresh(w);
  lw_indent(w);
  fprintf(w->f, "%s = arith.constant true\n", t.s);
  return lw_arith_i1(w, "xori", a, t);
}

/* Grid indices of step t of a share. */
static void step_index(lk *L, lw_lval t, const int64_t *size, const int64_t *off, lw_lval *idx) {
  lw *w = &L->w;
  int64_t stride = 1;
  for (int d = L->d.grid_rank - 1; d >= 0; d--) {
    if (size[d] == 1) {
      idx[d] = lw_const(w, off[d]);
    } else {
      lw_lval q = stride == 1 ? t : lw_arith(w, "divsi", t, lw_const(w, stride));
      lw_lval r = d == 0 ? q : lw_arith(w, "remsi", q, lw_const(w, size[d]));
      idx[d] = off[d] ? lw_arith(w, "addi", r, lw_const(w, off[d])) : r;
    }
    stride *= size[d];
  }
}

static void inline_body(lk *L, const lw_lval *idx) {
  tsr_mosaic_kernel *k = L->k;
  lw_lval args[TSR_MAX_GRID + 64 + TSR_MAX_OPERANDS + 64];
  int n = 0, nret;
  for (int a = 0; a < k->grid_rank; a++) args[n++] = idx[a];
  for (int p = 0; p < k->nprefetch; p++) args[n++] = L->pf[p];
  for (int i = 0; i < L->nio; i++) args[n++] = L->ops[i].pipelined ? L->ops[i].view : L->ops[i].hbm;
  for (int s = 0; s < k->nscratch; s++) args[n++] = L->scratch[s];
  lw_lval none[1];
  /* in a region marked as the body: the timing model charges its ops as the body's */
  lw_indent(&L->w);
  fputs("\"tpu.region\"() ({\n", L->w.f);
  L->w.depth++;
  lw_inline(&L->w, L->fn, args, n, none, 0, &nret);
  lw_indent(&L->w);
  fputs("tpu.yield\n", L->w.f);
  L->w.depth--;
  lw_indent(&L->w);
  fputs("}) {tessera.body} : () -> ()\n", L->w.f);
}

/* One core's share of the grid as one loop over its steps. */
static void emit_share(lk *L, const int64_t *size, const int64_t *off) {
  lw *w = &L->w;
  int R = L->d.grid_rank;
  int64_t steps = 1;
  for (int d = 0; d < R; d++) steps *= size[d];
  lw_lval c0 = lw_const(w, 0), c1 = lw_const(w, 1), cn = lw_const(w, steps), clast = lw_const(w, steps - 1);
  lw_lval idx0[TSR_MAX_GRID], cur0[TSR_MAX_OPERANDS][TSR_MAX_RANK], slot0[TSR_MAX_OPERANDS];
  for (int d = 0; d < R; d++) idx0[d] = lw_const(w, off[d]);
  int carried = 0;
  for (int i = 0; i < L->nio; i++) {
    lop *o = &L->ops[i];
    if (!o->pipelined) continue;
    block_index(L, o, idx0, cur0[i]);
    slot0[i] = lw_const(w, o->is_input && o->plan.buffer_count > 1 ? 1 % o->plan.buffer_count : 0);
    carried += 2 * o->plan.rank + 1;
  }
  /* the loop, carrying each operand's previous and current block and its current slot */
  lw_lval t = lw_fresh(w), res = lw_fresh(w);
  lw_indent(w);
  if (carried > 1) fprintf(w->f, "%s:%d = ", res.s, carried);
  else if (carried == 1) fprintf(w->f, "%s = ", res.s);
  fprintf(w->f, "scf.for %s = %s to %s step %s ", t.s, c0.s, cn.s, c1.s);
  if (carried) {
    fputs("iter_args(", w->f);
    bool firstarg = true;
    for (int i = 0; i < L->nio; i++) {
      lop *o = &L->ops[i];
      if (!o->pipelined) continue;
      for (int d = 0; d < o->plan.rank; d++) {
        o->prev[d] = lw_fresh(w);
        fprintf(w->f, "%s%s = %s", firstarg ? "" : ", ", o->prev[d].s, cur0[i][d].s);
        firstarg = false;
      }
      for (int d = 0; d < o->plan.rank; d++) {
        o->cur[d] = lw_fresh(w);
        fprintf(w->f, ", %s = %s", o->cur[d].s, cur0[i][d].s);
      }
      o->slot = lw_fresh(w);
      fprintf(w->f, ", %s = %s", o->slot.s, slot0[i].s);
    }
    fputs(") -> (", w->f);
    for (int j = 0; j < carried; j++) fprintf(w->f, "%si32", j ? ", " : "");
    fputs(") ", w->f);
  }
  fputs(": i32 {\n", w->f);
  w->depth++;
  lw_lval idx[TSR_MAX_GRID], nidx[TSR_MAX_GRID];
  step_index(L, t, size, off, idx);
  lw_lval t1 = lw_arith(w, "addi", t, c1);
  lw_lval tn = lw_select(w, lw_cmp(w, "eq", t1, cn), c0, t1); /* the seed's next is cyclic */
  step_index(L, tn, size, off, nidx);
  lw_lval first = lw_cmp(w, "eq", t, c0), last = lw_cmp(w, "eq", t, clast);
  lw_lval not_first = not_i1(w, first), not_last = not_i1(w, last);
  for (int i = 0; i < L->nio; i++) {
    lop *o = &L->ops[i];
    if (!o->pipelined) continue;
    block_index(L, o, nidx, o->next);
    o->changed = any_differs(L, o->cur, o->prev, o->plan.rank);
    o->will = any_differs(L, o->cur, o->next, o->plan.rank);
  }
  lw_lval slot_after[TSR_MAX_OPERANDS];
  /* initialize: the prologue fetch */
  for (int i = 0; i < L->nio; i++) {
    lop *o = &L->ops[i];
    if (!o->pipelined || !o->is_input || o->plan.buffer_count < 2) continue;
    if_begin(w, first);
    dma(L, o, o->cur, o->slot, DMA_START);
    if_end(w);
  }
  /* wait_in */
  for (int i = 0; i < L->nio; i++) {
    lop *o = &L->ops[i];
    if (!o->pipelined || !o->is_input) continue;
    if_begin(w, lw_arith_i1(w, "ori", o->changed, first));
    dma(L, o, o->cur, o->slot, o->plan.buffer_count == 1 ? DMA_START | DMA_WAIT : DMA_WAIT);
    if_end_skip(L, o);
  }
  /* copy_in: the next block into the other slot */
  for (int i = 0; i < L->nio; i++) {
    lop *o = &L->ops[i];
    if (!o->pipelined) continue;
    slot_after[i] = o->slot;
    if (!o->is_input || o->plan.buffer_count < 2) continue;
    lw_lval go = lw_arith_i1(w, "andi", o->will, not_last);
    lw_lval other = lw_arith(w, "remsi", lw_arith(w, "addi", o->slot, c1), lw_const(w, o->plan.buffer_count));
    if_begin(w, go);
    dma(L, o, o->next, other, DMA_START);
    if_end(w);
    slot_after[i] = lw_select(w, go, other, o->slot);
  }
  /* the body on the current slots */
  for (int i = 0; i < L->nio; i++)
    if (L->ops[i].pipelined) {
      char type[256];
      L->ops[i].view = slot_view(L, &L->ops[i], L->ops[i].slot, NULL, type, sizeof type);
    }
  inline_body(L, idx);
  /* wait_out: the previous block's write-back */
  for (int i = 0; i < L->nio; i++) {
    lop *o = &L->ops[i];
    if (!o->pipelined || o->is_input || o->plan.buffer_count < 2) continue;
    if_begin(w, lw_arith_i1(w, "andi", o->changed, not_first));
    dma(L, o, o->prev, o->slot, DMA_WAIT);
    if_end(w);
  }
  /* copy_out */
  lw_lval will_or_last[TSR_MAX_OPERANDS];
  for (int i = 0; i < L->nio; i++) {
    lop *o = &L->ops[i];
    if (!o->pipelined || o->is_input) continue;
    will_or_last[i] = lw_arith_i1(w, "ori", o->will, last);
    if_begin(w, will_or_last[i]);
    dma(L, o, o->cur, o->slot, o->plan.buffer_count == 1 ? DMA_START | DMA_WAIT : DMA_START);
    if_end_skip(L, o);
    if (o->plan.buffer_count > 1) {
      lw_lval other = lw_arith(w, "remsi", lw_arith(w, "addi", o->slot, c1), lw_const(w, o->plan.buffer_count));
      slot_after[i] = lw_select(w, will_or_last[i], other, o->slot);
    }
  }
  /* finalize: the last write-back */
  for (int i = 0; i < L->nio; i++) {
    lop *o = &L->ops[i];
    if (!o->pipelined || o->is_input || o->plan.buffer_count < 2) continue;
    if_begin(w, last);
    dma(L, o, o->cur, slot_after[i], DMA_WAIT);
    if_end(w);
  }
  if (carried) {
    lw_indent(w);
    fputs("scf.yield ", w->f);
    bool firstv = true;
    for (int i = 0; i < L->nio; i++) {
      lop *o = &L->ops[i];
      if (!o->pipelined) continue;
      for (int d = 0; d < o->plan.rank; d++, firstv = false) fprintf(w->f, "%s%s", firstv ? "" : ", ", o->cur[d].s);
      for (int d = 0; d < o->plan.rank; d++) fprintf(w->f, ", %s", o->next[d].s);
      fprintf(w->f, ", %s", slot_after[i].s);
    }
    fputs(" : ", w->f);
    for (int j = 0; j < carried; j++) fprintf(w->f, "%si32", j ? ", " : "");
    fputc('\n', w->f);
  }
  w->depth--;
  lw_indent(w);
  fputs("} {tessera.step}\n", w->f); /* each iteration a grid step, for the timing model */
}

/* ---- the lowered func ------------------------------------------------------------------ */

static tsr_status no_body(tsr_ctx *ctx, void *user) {
  (void)ctx;
  (void)user;
  return TSR_OK;
}

static const mlir_ir_op *find_func(const tsr_mlir_module *m, const char *name) {
  return name ? mlir_ir_module_lookup(m, name) : NULL;
}

static tsr_status plan(lk *L, tsr_machine *m, const tsr_ref *operands, int nops, const tsr_ref *outputs, int nouts,
                       const tsr_mosaic_call_opts *copts, const tsr_lower_opts *o, tsr_block_spec *specs,
                       mosaic_map_call *maps) {
  tsr_mosaic_kernel *k = L->k;
  TSR_TRY(mosaic_build_desc(k, operands, nops, outputs, nouts, copts, &L->d, specs, maps));
  L->d.body = no_body;
  L->nio = k->nio;
  if (o && o->buffer_count)
    for (int i = 0; i < L->nio; i++)
      if (specs[i].space == TSR_VMEM || specs[i].space == TSR_SMEM) specs[i].buffer_count = o->buffer_count;
  seam_operand_geometry plans[TSR_MAX_OPERANDS];
  TSR_TRY(seam_plan_operands(m, &L->d, plans));
  for (int i = 0; i < L->nio; i++) {
    lop *p = &L->ops[i];
    p->is_input = i < L->d.num_inputs;
    p->index = p->is_input ? i : i - L->d.num_inputs;
    p->plan = plans[i];
    p->pipelined = !plans[i].passthrough;
    p->array = p->is_input ? &L->d.inputs[i] : &L->d.outputs[p->index];
    p->map = k->io[i].transform ? find_func(L->body, k->io[i].transform->name) : NULL;
    for (int d = 0; p->pipelined && d < p->plan.rank; d++) {
      int64_t n = p->array->shape[d], b = p->plan.block[d];
      bool cut = !p->plan.element[d] && !p->plan.squeezed[d] && b > 0 && n % b;
      p->last[d] = cut ? n / b : 0;
      p->edge[d] = cut ? n % b : 0; /* the last block starts at (n / b) * b */
    }
    if (k->io[i].transform && !p->map)
      return tsr_fail(TSR_ERR_INVALID, "index map @%s of operand %d not found", k->io[i].transform->name, i);
  }
  return check_lowerable(L);
}

static void write_types(lk *L) {
  const mlir_ir_block *entry = mlir_ir_op_entry_block(L->fn, 0);
  int first_io = L->k->grid_rank + L->k->nprefetch;
  for (int i = 0; i < L->nio; i++) {
    lop *o = &L->ops[i];
    const mlir_ir_type *t = entry->args[first_io + i]->type;
    if (!o->pipelined) {
      type_text(t, o->hbm_type, sizeof o->hbm_type);
      continue;
    }
    type_text(t->u.shaped.element, o->elt, sizeof o->elt);
    o->space = space_text(o->plan.space);
    memref_text(o->hbm_type, sizeof o->hbm_type, 0, o->array->shape, o->array->rank, o->elt, "any");
    memref_text(o->buf_type, sizeof o->buf_type, o->plan.buffer_count, o->plan.block, o->plan.rank, o->elt, o->space);
  }
}

static tsr_status write_func(lk *L, tsr_machine *m) {
  tsr_mosaic_kernel *k = L->k;
  lw *w = &L->w;
  const mlir_ir_block *entry = mlir_ir_op_entry_block(L->fn, 0);
  int cores = tsr_machine_num_cores(m);
  int64_t size[TSR_MAX_OPERANDS][TSR_MAX_GRID], off[TSR_MAX_OPERANDS][TSR_MAX_GRID];
  int sharing = 0;
  int64_t steps[TSR_MAX_OPERANDS] = {0};
  for (int c = 0; c < cores && c < TSR_MAX_OPERANDS; c++) {
    if (seam_grid_share(m, &L->d, c, size[c], off[c]) != TSR_OK) break;
    steps[c] = L->d.grid_rank == 0 && c > 0 ? 0 : 1; /* a grid-less kernel runs once, on core 0 */
    for (int d = 0; d < L->d.grid_rank; d++) steps[c] *= size[c][d];
    if (steps[c] > 0) sharing++;
  }
  bool grid = sharing > 1;
  int nbuf = 0;
  for (int i = 0; i < L->nio; i++) nbuf += L->ops[i].pipelined;
  fprintf(w->f, "module attributes {stable_mosaic.version = %d : i64} {\n", TSR_MLIR_MOSAIC_MAX_VERSION);
  fprintf(w->f, "  func.func @%s(", k->body->name);
  bool firstarg = true;
  lw_lval core = {"%core"};
  if (grid) {
    fprintf(w->f, "%s: i32", core.s);
    firstarg = false;
  }
  char tt[512];
  for (int p = 0; p < k->nprefetch; p++) {
    snprintf(L->pf[p].s, sizeof L->pf[p].s, "%%prefetch%d", p);
    type_text(entry->args[k->grid_rank + p]->type, tt, sizeof tt);
    fprintf(w->f, "%s%s: %s", firstarg ? "" : ", ", L->pf[p].s, tt);
    firstarg = false;
  }
  for (int i = 0; i < L->nio; i++) {
    lop *o = &L->ops[i];
    snprintf(o->hbm.s, sizeof o->hbm.s, "%%%s%d", o->is_input ? "in" : "out", o->index);
    fprintf(w->f, "%s%s: %s", firstarg ? "" : ", ", o->hbm.s, o->hbm_type);
    firstarg = false;
  }
  for (int s = 0; s < k->nscratch; s++) {
    snprintf(L->scratch[s].s, sizeof L->scratch[s].s, "%%scratch%d", s);
    type_text(entry->args[k->grid_rank + k->nprefetch + L->nio + s]->type, tt, sizeof tt);
    fprintf(w->f, "%s%s: %s", firstarg ? "" : ", ", L->scratch[s].s, tt);
    firstarg = false;
  }
  for (int i = 0; i < L->nio; i++) {
    lop *o = &L->ops[i];
    if (!o->pipelined) continue;
    snprintf(o->buf.s, sizeof o->buf.s, "%%%s%d_buffers", o->is_input ? "in" : "out", o->index);
    fprintf(w->f, "%s%s: %s", firstarg ? "" : ", ", o->buf.s, o->buf_type);
    firstarg = false;
  }
  for (int i = 0; i < L->nio; i++) {
    lop *o = &L->ops[i];
    if (!o->pipelined) continue;
    snprintf(o->sem.s, sizeof o->sem.s, "%%%s%d_sem", o->is_input ? "in" : "out", o->index);
    fprintf(w->f, "%s%s: %s", firstarg ? "" : ", ", o->sem.s, SEM_TYPE);
    firstarg = false;
  }
  fprintf(w->f, ") attributes {dimension_semantics = [%s], ", grid ? "#tpu.dimension_semantics<core_parallel>" : "");
  if (grid) fprintf(w->f, "iteration_bounds = array<i64: %d>, ", cores);
  fprintf(w->f, "scalar_prefetch = %d : i64, scratch_operands = %d : i64", k->nprefetch, k->nscratch + 2 * nbuf);
  const mlir_ir_attr *ct = mlir_ir_op_attr(L->fn, "tpu.core_type");
  if (ct) {
    fputs(", tpu.core_type = ", w->f);
    mlir_print_attr(w->f, ct);
  }
  if (grid) {
    fputs(", window_params = [", w->f);
    for (int i = 0; i < L->nio; i++) fprintf(w->f, "%s{}", i ? ", " : "");
    fputc(']', w->f);
  }
  fputs("} {\n", w->f);
  w->depth = 2;
  /* the ops go to a text of their own, so that the constants they name come first */
  FILE *out = w->f;
  char *ops = NULL;
  size_t len = 0;
  if (!(w->f = open_memstream(&ops, &len))) {
    w->f = out;
    return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  }
  if (!grid) {
    for (int c = 0; c < cores && c < TSR_MAX_OPERANDS; c++)
      if (steps[c] > 0) emit_share(L, size[c], off[c]);
  } else {
    for (int c = 0; c < cores && c < TSR_MAX_OPERANDS; c++) {
      if (steps[c] == 0) continue;
      if_begin(w, lw_cmp(w, "eq", core, lw_const(w, c)));
      emit_share(L, size[c], off[c]);
      if_end(w);
    }
  }
  bool ok = fclose(w->f) == 0 && ops;
  w->f = out;
  lw_write_consts(w, out, 2);
  if (ok) fwrite(ops, 1, len, out);
  free(ops);
  if (!ok) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  fputs("    return\n  }\n}\n", w->f);
  return TSR_OK;
}

tsr_status lw_lower_kernel(const tsr_mlir_module *body, const tsr_ref *operands, int num_operands, const tsr_ref *outputs,
                        int num_outputs, const tsr_mosaic_call_opts *copts, const tsr_lower_opts *o, char **text) {
  *text = NULL;
  lk *L = calloc(1, sizeof *L);
  if (!L) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  L->body = body;
  tsr_machine *m = NULL;
  tsr_block_spec specs[TSR_MAX_OPERANDS];
  mosaic_map_call maps[TSR_MAX_OPERANDS];
  const tsr_chip *chip = o && o->chip ? o->chip : tsr_chip_get("v5e");
  tsr_machine_options mo = {.chip = chip, .num_cores = chip->tensor_cores, .host_helpers = -1};
  tsr_status s = tsr_mosaic_kernel_create(body, &L->k);
  if (s == TSR_OK) {
    L->fn = find_func(body, L->k->body->name);
    if (!L->fn) s = tsr_fail(TSR_ERR_INVALID, "kernel func @%s not found", L->k->body->name);
  }
  if (s == TSR_OK) s = tsr_machine_create(&mo, &m);
  if (s == TSR_OK) s = plan(L, m, operands, num_operands, outputs, num_outputs, copts, o, specs, maps);
  int64_t steps = 0;
  if (s == TSR_OK && (!tsr_grid_num_steps(L->d.grid, L->d.grid_rank, &steps) || steps > INT32_MAX))
    s = tsr_fail(TSR_ERR_UNSUPPORTED, "a grid of more than 2^31 - 1 steps cannot be counted by an i32 loop");
  if (s == TSR_OK) {
    char *buf = NULL;
    size_t len = 0;
    L->w.f = open_memstream(&buf, &len);
    if (!L->w.f) {
      s = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
    } else {
      write_types(L);
      s = write_func(L, m);
      if (fclose(L->w.f) != 0 || !buf) s = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
      if (s == TSR_OK) *text = buf;
      else free(buf);
    }
  }
  if (s != TSR_OK && L->k) s = tsr_fail_context(s, "kernel %s", L->k->name);
  tsr_machine_destroy(m);
  tsr_mosaic_kernel_destroy(L->k);
  free(L);
  return s;
}
