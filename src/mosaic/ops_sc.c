/* The SparseCore's indexed DMAs (tpu.enqueue_indirect_dma, tpu.wait_indirect_dma): a gather
 * moves rows of an HBM array picked by a list of offsets into a vector subcore's memory, a
 * scatter moves a subcore's rows to the rows of an HBM array that the offsets pick. JAX's
 * Pallas lowers `pltpu.async_copy(src.at[idx], dst, sem)` on a vector subcore to the first
 * (jax/_src/pallas/mosaic/sc_lowering.py at jax-v0.10.2, _prepare_dma_refs): the side in the
 * subcore's memory (VMEM) is dense, its leading dimension one row per offset; the other side
 * is the whole array, indexed in its leading dimension; the offsets are a vector of i32 or a
 * 1-D i32 memref in VMEM.
 *
 * Each picked row is one copy on the DMA engine, all of them signalling the op's semaphore
 * with their bytes: the checkers see every row that moves (a race on one row of a scatter's
 * target is reported as that row), and the wait, which names the dense side, waits for all
 * of its bytes. */
#include <stdlib.h>
#include <string.h>

#include "mosaic/mosaic_internal.h"

static bool is_sem(const mosaic_stype *t) { return t->cls == MOSAIC_VC_REF && tsr_dtype_is_semaphore(t->dtype) && t->n == 1; }

/* A gather when the target is the subcore's memory and the source is not, a scatter the
 * other way round (Pallas's rule). */
static tsr_status direction(mosaic_comp *c, const mosaic_stype *src, const mosaic_stype *dst, bool *gather) {
  if (src->cls != MOSAIC_VC_REF || dst->cls != MOSAIC_VC_REF) return mosaic_comp_fail(c, TSR_ERR_INVALID, "source and target must be memrefs");
  bool sv = src->space == TSR_VMEM, dv = dst->space == TSR_VMEM;
  if (sv == dv)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "an indexed DMA moves between VMEM and another memory, not %s to %s",
                     tsr_space_name(src->space), tsr_space_name(dst->space));
  if (src->rank < 1 || src->rank != dst->rank || src->dtype != dst->dtype)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "source and target must have one element type and rank");
  *gather = dv;
  return TSR_OK;
}

/* enqueue: operands source, target, offsets, semaphore[, offset filter]; a[0] 1 for a
 * gather, a[1] the offsets' count. */
tsr_status mosaic_c_indirect_dma(mosaic_comp *c, mosaic_minst *in) {
  if (in->nopd < 4) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects source, target, offsets and semaphore");
  if (in->nopd > 4) return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "an offset filter (offsets that move nothing)");
  const mosaic_stype *src = &c->P->types[in->opd[0]], *dst = &c->P->types[in->opd[1]], *off = &c->P->types[in->opd[2]];
  bool gather;
  TSR_TRY(direction(c, src, dst, &gather));
  if (!is_sem(&c->P->types[in->opd[3]])) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects a single DMA semaphore");
  if (off->rank != 1 || (off->cls == MOSAIC_VC_REF ? off->dtype != TSR_I32 || off->space != TSR_VMEM : off->cls != MOSAIC_VC_I32))
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "the offsets must be a vector of i32 or a 1-D i32 memref in VMEM");
  int64_t add = 0;
  mlir_ir_op_attr_int(c->op, "add", &add);
  if (add) return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "a scatter that adds into its target (add = true)");
  in->a[0] = gather;
  in->a[1] = off->shape[0];
  in->cost = (mosaic_op_cost){.scalar_ops = 1};
  return TSR_OK;
}

/* wait: operands semaphore, source, target; a[0] as for the enqueue. */
tsr_status mosaic_c_wait_indirect_dma(mosaic_comp *c, mosaic_minst *in) {
  if (in->nopd != 3) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects semaphore, source and target");
  if (!is_sem(&c->P->types[in->opd[0]])) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects a single DMA semaphore");
  bool gather;
  TSR_TRY(direction(c, &c->P->types[in->opd[1]], &c->P->types[in->opd[2]], &gather));
  in->a[0] = gather;
  in->cost = (mosaic_op_cost){.scalar_ops = 1};
  return TSR_OK;
}

/* The offsets: a vector's elements, or what the memref holds now (a read the checkers see). */
static tsr_status read_offsets(mosaic_exec *x, const mosaic_minst *in, int32_t *dst, int64_t n) {
  const mosaic_stype *t = ST(x, in->opd[2]);
  if (t->cls != MOSAIC_VC_REF) {
    memcpy(dst, SI(x, in->opd[2]), (size_t)n * sizeof *dst);
    return TSR_OK;
  }
  const tsr_ref *r = SR(x, in->opd[2]);
  if (r->shape[0] != n) return tsr_fail(TSR_ERR_INVALID, "offsets of %lld entries for %lld rows", (long long)r->shape[0], (long long)n);
  if (seam_accesses_observed(x->ctx)) mosaic_emit_access(x, in, r, false);
  mosaic_mem_read(r, dst, MOSAIC_VC_I32);
  return TSR_OK;
}

/* Dimension k of a slot's view: a packed view's is static (its memory's differs). */
static int64_t view_dim(const mosaic_exec *x, int32_t s, int k) { return ST(x, s)->pack ? ST(x, s)->shape[k] : SR(x, s)->shape[k]; }

/* One row's copy: row `ri` of the indexed side and row `rd` of the dense side, each as the
 * memory under it (packed views moved bit for bit, as a plain DMA of them is). */
static tsr_status row_copy(mosaic_exec *x, const mosaic_minst *in, bool gather, int32_t s_idx, int64_t ri, int32_t s_dense, int64_t rd,
                           const tsr_ref *sem) {
  mosaic_stype vi, vd;
  tsr_ref mi, md;
  mosaic_packed_dma pk;
  TSR_TRY(mosaic_packed_row(ST(x, s_idx), SR(x, s_idx), ri, &vi, &mi));
  TSR_TRY(mosaic_packed_row(ST(x, s_dense), SR(x, s_dense), rd, &vd, &md));
  if (!vi.pack && !vd.pack)
    return seam_kernel_dma_start(x->ctx, gather ? &mi : &md, gather ? &md : &mi, sem, 0, 0, in->loc);
  TSR_TRY(gather ? mosaic_packed_dma_refs(&vi, &mi, &vd, &md, &pk) : mosaic_packed_dma_refs(&vd, &md, &vi, &mi, &pk));
  return mosaic_packed_dma_start(x, &pk, sem, in->loc);
}

tsr_status mosaic_r_enqueue_indirect_dma(mosaic_exec *x, const mosaic_minst *in) {
  TSR_TRY(mosaic_need_ctx(x));
  bool gather = in->a[0] != 0;
  int32_t s_idx = in->opd[gather ? 0 : 1], s_dense = in->opd[gather ? 1 : 0];
  int64_t n = ST(x, in->opd[2])->cls == MOSAIC_VC_REF ? SR(x, in->opd[2])->shape[0] : in->a[1];
  if (view_dim(x, s_dense, 0) != n)
    return tsr_fail(TSR_ERR_INVALID, "%lld offsets for the %lld rows of the %s", (long long)n, (long long)view_dim(x, s_dense, 0),
                    gather ? "target" : "source");
  for (int k = 1; k < ST(x, s_dense)->rank; k++)
    if (view_dim(x, s_dense, k) != view_dim(x, s_idx, k))
      return tsr_fail(TSR_ERR_INVALID, "the rows of source and target differ in dimension %d (%lld and %lld)", k,
                      (long long)view_dim(x, in->opd[0], k), (long long)view_dim(x, in->opd[1], k));
  int64_t rows = view_dim(x, s_idx, 0);
  int32_t small[64], *off = n <= 64 ? small : malloc((size_t)n * sizeof *off);
  if (!off) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  tsr_status st = read_offsets(x, in, off, n);
  tsr_ref sem = mosaic_one_sem(SR(x, in->opd[3]));
  for (int64_t i = 0; i < n && st == TSR_OK; i++) {
    if (off[i] < 0 || off[i] >= rows)
      st = tsr_fail(TSR_ERR_BOUNDS, "offset %lld (entry %lld of the offsets) is outside the %lld rows of the %s", (long long)off[i],
                    (long long)i, (long long)rows, gather ? "source" : "target");
    else
      st = row_copy(x, in, gather, s_idx, off[i], s_dense, i, &sem);
  }
  if (off != small) free(off);
  return st;
}

/* The wait takes the byte count of the dense side, the sum of its rows' copies (of a packed
 * view over int4 memory, half a byte an element: mosaic_packed_bytes). */
tsr_status mosaic_r_wait_indirect_dma(mosaic_exec *x, const mosaic_minst *in) {
  TSR_TRY(mosaic_need_ctx(x));
  tsr_ref sem = mosaic_one_sem(SR(x, in->opd[0]));
  int32_t dense = in->opd[in->a[0] ? 2 : 1];
  if (ST(x, dense)->pack) return seam_dma_wait(x->ctx, &sem, SR(x, dense), -1, mosaic_packed_bytes(ST(x, dense), SR(x, dense)));
  return tsr_dma_wait(x->ctx, &sem, SR(x, dense));
}
