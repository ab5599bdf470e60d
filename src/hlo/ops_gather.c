/* stablehlo.gather (and dynamic_gather) with general dimension numbers (StableHLO spec): for each result index,
 * batch dims pick a start index vector, start_index_map places it in the operand (clamped so
 * the slice fits), operand_batching_dims follow the batch index, and offset dims walk the
 * slice with collapsed and batching dims removed. */
#include <string.h>

#include "hlo/hlo_internal.h"

typedef struct gather_dims {
  int64_t offset[TSR_MAX_RANK], collapsed[TSR_MAX_RANK], obatch[TSR_MAX_RANK], sbatch[TSR_MAX_RANK],
      map[TSR_MAX_RANK], sizes[TSR_MAX_RANK];
  int n_offset, n_collapsed, n_obatch, n_sbatch, n_map, n_sizes;
  int64_t ivd;
} gather_dims;

static tsr_status read_dims(const hlo_inst *in, gather_dims *g) {
  memset(g, 0, sizeof *g);
  const mlir_ir_attr *dn = mlir_ir_op_attr(in->op, "dimension_numbers");
  if (!dn || dn->kind != MLIR_IR_ATTR_FIELDS) return hlo_op_fail(in->op, TSR_ERR_INVALID, "missing dimension_numbers");
  g->n_offset = mlir_ir_field_ints(dn, "offset_dims", g->offset, TSR_MAX_RANK);
  g->n_collapsed = mlir_ir_field_ints(dn, "collapsed_slice_dims", g->collapsed, TSR_MAX_RANK);
  g->n_obatch = mlir_ir_field_ints(dn, "operand_batching_dims", g->obatch, TSR_MAX_RANK);
  g->n_sbatch = mlir_ir_field_ints(dn, "start_indices_batching_dims", g->sbatch, TSR_MAX_RANK);
  g->n_map = mlir_ir_field_ints(dn, "start_index_map", g->map, TSR_MAX_RANK);
  int64_t ivd[1] = {0}; /* printed only when not 0 */
  if (mlir_ir_field_ints(dn, "index_vector_dim", ivd, 1) < 0) return hlo_op_fail(in->op, TSR_ERR_INVALID, "malformed index_vector_dim");
  g->ivd = ivd[0];
  g->n_sizes = in->opc == HLO_DYNAMIC_GATHER ? 0 : hlo_attr_ints(in->op, "slice_sizes", g->sizes, TSR_MAX_RANK);
  if (g->n_offset < 0 || g->n_collapsed < 0 || g->n_obatch < 0 || g->n_sbatch < 0 || g->n_map < 0 || g->n_sizes < 0)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "malformed dimension numbers or slice_sizes");
  return TSR_OK;
}

/* dynamic_gather takes its slice sizes as an operand; they are what the result's offset
 * dimensions (and 1 for collapsed and batching dims) make them, which the run checks. */
static void sizes_from_result(const hlo_inst *in, gather_dims *g, int orank) {
  bool skip[TSR_MAX_RANK] = {0};
  for (int i = 0; i < g->n_collapsed; i++) skip[g->collapsed[i]] = true;
  for (int i = 0; i < g->n_obatch; i++) skip[g->obatch[i]] = true;
  for (int d = 0, k = 0; d < orank; d++) g->sizes[d] = skip[d] || k >= g->n_offset ? 1 : in->res_t->shape[g->offset[k++]];
  g->n_sizes = orank;
}

tsr_status hlo_prep_gather(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  gather_dims g;
  TSR_TRY(read_dims(in, &g));
  const hlo_type *op = &args[0], *idx = &args[1], *r = in->res_t;
  bool dyn = in->opc == HLO_DYNAMIC_GATHER;
  if (in->n_in != (dyn ? 3 : 2) || in->n_out != 1 || r->dtype != op->dtype || tsr_dtype_is_float(idx->dtype) ||
      tsr_dtype_is_complex(idx->dtype))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "takes an operand and integer indices%s, and gives the operand's type", dyn ? " and slice sizes" : "");
  if (g.ivd < 0 || g.ivd > idx->rank) return hlo_op_fail(in->op, TSR_ERR_INVALID, "index_vector_dim out of range");
  int batch_rank = idx->rank - (g.ivd < idx->rank ? 1 : 0);
  if (r->rank != batch_rank + g.n_offset || op->rank - g.n_collapsed - g.n_obatch != g.n_offset || g.n_obatch != g.n_sbatch)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "result rank does not match the dimension numbers");
  int64_t both[2 * TSR_MAX_RANK];
  memcpy(both, g.collapsed, sizeof(int64_t) * (size_t)g.n_collapsed);
  memcpy(both + g.n_collapsed, g.obatch, sizeof(int64_t) * (size_t)g.n_obatch);
  if (!hlo_dims_distinct(g.offset, g.n_offset, r->rank) || !hlo_dims_distinct(both, g.n_collapsed + g.n_obatch, op->rank) ||
      !hlo_dims_distinct(g.map, g.n_map, op->rank) || !hlo_dims_distinct(g.sbatch, g.n_sbatch, idx->rank))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "dimension numbers out of range or repeated");
  if (dyn) sizes_from_result(in, &g, op->rank);
  if (g.n_sizes != op->rank) return hlo_op_fail(in->op, TSR_ERR_INVALID, "slice_sizes needs one entry per operand dimension");
  int64_t vec = g.ivd < idx->rank ? idx->shape[g.ivd] : 1;
  if (vec != g.n_map) return hlo_op_fail(in->op, TSR_ERR_INVALID, "start_index_map has %d entries, the index vector %lld", g.n_map, (long long)vec);
  for (int d = 0; d < op->rank; d++)
    if (g.sizes[d] < 0 || g.sizes[d] > op->shape[d]) return hlo_op_fail(in->op, TSR_ERR_INVALID, "slice_sizes[%d] out of range", d);
  for (int i = 0; i < g.n_collapsed; i++)
    if (g.sizes[g.collapsed[i]] > 1) return hlo_op_fail(in->op, TSR_ERR_INVALID, "collapsed_slice_dims must have slice size 1");
  for (int i = 0; i < g.n_obatch; i++)
    if (g.sbatch[i] == g.ivd || g.sizes[g.obatch[i]] > 1 || op->shape[g.obatch[i]] != idx->shape[g.sbatch[i]])
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "batching dims must be of one size in operand and indices, with slice size 1");
  /* the result: batch dims as the indices', offset dims as the slice's kept dims */
  bool is_offset[TSR_MAX_RANK] = {0}, skip[TSR_MAX_RANK] = {0};
  for (int i = 0; i < g.n_offset; i++) is_offset[g.offset[i]] = true;
  for (int i = 0; i < g.n_collapsed; i++) skip[g.collapsed[i]] = true;
  for (int i = 0; i < g.n_obatch; i++) skip[g.obatch[i]] = true;
  int od = 0, bd = 0;
  for (int d = 0; d < r->rank; d++) {
    int64_t want;
    if (is_offset[d]) {
      while (skip[od]) od++;
      want = g.sizes[od++];
    } else {
      if (bd == g.ivd) bd++;
      want = idx->shape[bd++];
    }
    if (r->shape[d] != want)
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "result dimension %d is %lld, the dimension numbers give %lld", d, (long long)r->shape[d], (long long)want);
  }
  return TSR_OK;
}

tsr_status hlo_run_gather(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  gather_dims g;
  TSR_TRY(read_dims(in, &g));
  const hlo_val *op = &args[0], *idx = &args[1];
  if (in->opc == HLO_DYNAMIC_GATHER) {
    sizes_from_result(in, &g, op->t.rank);
    const hlo_val *sz = &args[2];
    bool ok = sz->t.rank == 1 && sz->t.shape[0] == op->t.rank && !tsr_dtype_is_float(sz->t.dtype) && !tsr_dtype_is_complex(sz->t.dtype);
    for (int d = 0; ok && d < op->t.rank; d++) ok = dtype_load_i64(sz->t.dtype, sz->buf->data, d) == g.sizes[d];
    if (!ok) return hlo_op_fail(in->op, TSR_ERR_INVALID, "slice_sizes do not give the result type's shape");
  }
  int rr = res->t.rank, orank = op->t.rank;
  bool is_offset[TSR_MAX_RANK] = {0}, skip[TSR_MAX_RANK] = {0};
  for (int i = 0; i < g.n_offset; i++) is_offset[g.offset[i]] = true;
  for (int i = 0; i < g.n_collapsed; i++) skip[g.collapsed[i]] = true;
  for (int i = 0; i < g.n_obatch; i++) skip[g.obatch[i]] = true;
  /* offset dim k of the result walks the k-th operand dim that is neither collapsed nor
   * batching */
  int offset_operand_dim[TSR_MAX_RANK], k = 0;
  for (int d = 0; d < orank; d++)
    if (!skip[d]) offset_operand_dim[k++] = d;
  for (int i = 0; i < g.n_offset; i++)
    if (res->t.shape[g.offset[i]] > g.sizes[offset_operand_dim[i]])
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "offset dimension larger than its slice size");
  TSR_TRY(hlo_alloc(x, res));
  int64_t ost[TSR_MAX_RANK], ist[TSR_MAX_RANK];
  hlo_strides(&op->t, ost);
  hlo_strides(&idx->t, ist);
  size_t esz = tsr_dtype_size(res->t.dtype);
  /* The trailing result dims that are offset dims walking the operand's trailing dims in
   * order, each but the outermost of them whole: their elements are one contiguous run in
   * both arrays (a row of an embedding table), copied at once. The loop below walks the
   * result's other dims, `outer` of them, one run per index. TSR_HLO_FUSE=0 copies element
   * by element, the reference. */
  int outer = rr;
  int64_t run = 1;
  for (int d = x->unfused ? -1 : rr - 1, od = orank - 1, k = g.n_offset - 1; d >= 0 && k >= 0 && is_offset[d] &&
                                                         offset_operand_dim[k] == od;
       d--, od--, k--) {
    run *= res->t.shape[d];
    outer = d;
    if (res->t.shape[d] != op->t.shape[od]) break;
  }
  int64_t n = hlo_numel(&res->t), ri[TSR_MAX_RANK] = {0};
  if (run == 0) return TSR_OK;
  for (int64_t e = 0; e < n; e += run) {
    /* batch index: the result dims that are not offset dims, in order */
    int64_t batch[TSR_MAX_RANK];
    int nb = 0, no = 0;
    int64_t oi[TSR_MAX_RANK] = {0};
    for (int d = 0; d < rr; d++) {
      if (is_offset[d]) oi[offset_operand_dim[no++]] = ri[d];
      else batch[nb++] = ri[d];
    }
    /* start_indices position of this batch index, with the index vector dim inserted */
    int64_t ipos = 0;
    for (int d = 0, b = 0; d < idx->t.rank; d++)
      if (d != g.ivd) ipos += batch[b++] * ist[d];
    int64_t vst = g.ivd < idx->t.rank ? ist[g.ivd] : 0;
    int64_t full[TSR_MAX_RANK] = {0};
    for (int i = 0; i < g.n_map; i++) {
      int64_t d = g.map[i];
      int64_t s = dtype_load_i64(idx->t.dtype, idx->buf->data, ipos + i * vst);
      int64_t hi = op->t.shape[d] - g.sizes[d];
      full[d] = s < 0 ? 0 : s > hi ? hi : s;
    }
    for (int i = 0; i < g.n_obatch; i++) {
      int64_t sd = g.sbatch[i];
      full[g.obatch[i]] += batch[sd < g.ivd ? sd : sd - 1];
    }
    int64_t off = 0;
    for (int d = 0; d < orank; d++) off += (full[d] + oi[d]) * ost[d];
    memcpy(res->buf->data + (size_t)e * esz, op->buf->data + (size_t)off * esz, (size_t)run * esz);
    for (int d = outer - 1; d >= 0 && ++ri[d] == res->t.shape[d]; d--) ri[d] = 0;
  }
  return TSR_OK;
}
