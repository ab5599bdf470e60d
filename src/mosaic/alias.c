/* Which values may share memory instead of being copied, decided once per program.
 *
 * A vector load's value is read-only (values are SSA), so a load of a dense window whose
 * element type is the value's compute class (f32, 32-bit integers) can hand out the window's
 * memory itself, provided nothing writes memory while the value is in use: between the load
 * and the end of the op (at the load's nesting level) holding its last use, every op must be
 * one that cannot write memory (no store, DMA, semaphore, allocation or scope). A use
 * inside a loop or branch extends the range to the end of that whole op, so a write later
 * in a loop body that runs before the next iteration's use counts too.
 *
 * A vector.shape_cast shares its operand's buffer unless the operand is a func or region
 * argument or a result of an op with regions (scf.for, scf.if, scf.while, tpu.region):
 * those slots are rewritten by copies while the program runs, every other slot only by the
 * op that defines it, which cannot run again while the cast's value is in use. The uses of
 * a cast of a load count as uses of the load.
 *
 * In a func body of several blocks the order of instructions is not the order they run in
 * (a branch may go back), so nothing there aliases.
 *
 * At run time a load still copies when its window is not dense or not aligned. Being
 * observed changes nothing: the access event is emitted at the load either way, and a DMA
 * moves data only inside a DMA start or wait (dma.c, in every --dma-order), which are writers
 * here, so no landing can fall inside a value's range. */
#include <stdlib.h>

#include "mosaic/def_use.h"

static bool uses_slot(const mosaic_minst *in, int32_t s) {
  for (int k = 0; k < in->nopd; k++)
    if (in->opd[k] == s) return true;
  return false;
}

/* How load `li`'s value may share the window's memory: LOAD_ALIAS when its value is dense
 * f32 or 32-bit integers of the memref's element type, LOAD_BF16 when it is bf16 of a bf16
 * memref (not packed: only a matmul, which widens its operands itself, may read that in
 * place, mark_mxu_view), unmasked and unstrided either way, and no op in its live range may
 * write memory; else LOAD_COPY. */
enum { LOAD_COPY, LOAD_ALIAS, LOAD_BF16 };

static int load_may_alias(const mosaic_prog *P, const int32_t *parent, int32_t li, int32_t *work) {
  const mosaic_minst *I = P->insts, *ld = &I[li];
  if (ld->nres != 1 || ld->a[1] >= 0) return LOAD_COPY;
  for (int k = 0; k < ld->nints; k++)
    if (ld->ints[k] != 1) return LOAD_COPY;
  const mosaic_stype *v = &P->types[ld->res[0]], *r = &P->types[ld->opd[0]];
  if (v->rank < 1) return LOAD_COPY;
  bool f32 = v->cls == MOSAIC_VC_F && v->ek == MOSAIC_EK_F32 && r->dtype == TSR_F32;
  bool i32 = v->cls == MOSAIC_VC_I32 && v->width == 32 && (r->dtype == TSR_I32 || r->dtype == TSR_U32);
  bool bf16 = v->cls == MOSAIC_VC_F && v->ek == MOSAIC_EK_BF16 && r->dtype == TSR_BF16 && !r->pack;
  if (!f32 && !i32 && !bf16) return LOAD_COPY;
  int nwork = 0;
  work[nwork++] = ld->res[0];
  int32_t end = li;
  for (int w = 0; w < nwork; w++) {
    int32_t s = work[w];
    for (int32_t u = li + 1; u < P->ninsts; u++) {
      if (!uses_slot(&I[u], s)) continue;
      if (I[u].op == MOSAIC_MOP_RETURN) return LOAD_COPY; /* read by the caller after the run */
      if (I[u].op == MOSAIC_MOP_SHAPE_CAST && I[u].alias && nwork < P->nslots) work[nwork++] = I[u].res[0];
      int32_t a = u;
      while (a >= 0 && parent[a] != parent[li]) a = parent[a];
      if (a < 0) return LOAD_COPY;
      if (I[a].next - 1 > end) end = I[a].next - 1;
    }
  }
  for (int32_t j = li + 1; j <= end; j++)
    if (!mosaic_mop_writes_nothing(I[j].op)) return LOAD_COPY; /* MOSAIC_K_EFFECT: a writer, new ops too */
  return bf16 ? LOAD_BF16 : LOAD_ALIAS;
}

/* A load that may alias whose value only matmuls read, as lhs or rhs (not the accumulator,
 * which the matmul copies), may hand out a window whose rows are dense but lie apart: the
 * matmul passes the rows' stride to the BLAS, which packs its operands either way, so the
 * copy the load would make is saved and the bits are the same. A bf16 load may too (its
 * value in place is the window's bf16 elements, which the matmul widens to f32 as it makes
 * them dense, ops_tpu.c): the widening the load would do, in the same one pass. */
static void mark_mxu_view(mosaic_prog *P, int32_t li) {
  mosaic_minst *I = P->insts;
  int32_t v = I[li].res[0];
  int uses = 0;
  for (int32_t u = li + 1; u < P->ninsts; u++)
    for (int k = 0; k < I[u].nopd; k++) {
      if (I[u].opd[k] != v) continue;
      if (I[u].op != MOSAIC_MOP_MATMUL || k > 1) return;
      uses++;
    }
  if (!uses) return;
  I[li].mxu_view = true;
  for (int32_t u = li + 1; u < P->ninsts; u++)
    for (int k = 0; k < 2 && I[u].op == MOSAIC_MOP_MATMUL; k++)
      if (I[u].opd[k] == v) {
        I[u].mxu_views |= (uint8_t)(1u << k);
        /* room for mosaic_r_matmul's dense copies of both operands (ops_tpu.c, dense_job) */
        size_t need = sizeof(float) * (size_t)(I[u].a[2] * I[u].a[4] + I[u].a[4] * I[u].a[3]);
        if (I[u].cls == MOSAIC_VC_F && need > P->scratch_bytes) P->scratch_bytes = need;
      }
}

/* Whether index slots a and b hold the same value: one slot, or equal constants. */
static bool same_index(const mosaic_prog *P, int32_t a, int32_t b) {
  if (a == b) return true;
  if (P->cslot_off[a] < 0 || P->cslot_off[b] < 0) return false;
  const mosaic_stype *ta = &P->types[a], *tb = &P->types[b];
  const char *ca = P->cpool + P->cslot_off[a], *cb = P->cpool + P->cslot_off[b];
  if (ta->rank || tb->rank || ta->cls != tb->cls) return false;
  return ta->cls == MOSAIC_VC_I64 ? *(const int64_t *)(const void *)ca == *(const int64_t *)(const void *)cb
                           : *(const int32_t *)(const void *)ca == *(const int32_t *)(const void *)cb;
}

/* Whether store st writes to exactly the window load ld read: the same ref and index values,
 * unit strides, no mask, sublane mask or `add`, into a plain f32 ref. */
static bool same_window(const mosaic_prog *P, const mosaic_minst *ld, const mosaic_minst *st) {
  if (st->nopd < 2 || st->opd[1] != ld->opd[0] || st->a[1] >= 0 || st->aux || st->a[3] != 0) return false;
  const mosaic_stype *r = &P->types[ld->opd[0]];
  if (r->pack || r->dtype != TSR_F32) return false;
  for (int k = 0; k < st->nints; k++)
    if (st->ints[k] != 1) return false;
  for (int k = 0; k < r->rank; k++)
    if (st->a[0] + k >= st->nopd || ld->a[0] + k >= ld->nopd || !same_index(P, st->opd[st->a[0] + k], ld->opd[ld->a[0] + k]))
      return false;
  return true;
}

/* The one instruction that uses slot v, through shape_casts that share its buffer (whose
 * values are then v's): -1 when there are more or none. *last: the slot it uses. */
static int32_t only_user(const mosaic_prog *P, const int32_t *uses, const int32_t *user, int32_t v, int32_t *last) {
  while (uses[v] == 1 && P->insts[user[v]].op == MOSAIC_MOP_SHAPE_CAST && P->insts[user[v]].alias)
    v = P->insts[user[v]].res[0];
  *last = v;
  return uses[v] == 1 ? user[v] : -1;
}

/* `acc_ref[...] += jnp.dot(a, b)`, once fuse.c has folded the add: a load of the window whose
 * value only the matmul reads (as its accumulator), the matmul, and one store of its result
 * (or of shape_casts sharing its buffer) into the same window, with nothing between the
 * matmul and the store but value ops and loads whose value nothing uses (JAX's swap leaves
 * one). The matmul may then add its product into the window itself (the load aliases it:
 * nothing writes memory between the load and the matmul) instead of copying the accumulator
 * into its result and the store copying the sum back: two passes over the block fewer, with
 * the bits of sgemm's beta = 1 on the same values. Nothing reads the window before the store,
 * so nothing can tell; at run time, a load that copied, or an operand that overlaps the
 * window, keeps the copies (ops_tpu.c). */
tsr_status mosaic_prog_mark_in_place(mosaic_prog *P) {
  mosaic_minst *I = P->insts;
  mosaic_def_use du;
  TSR_TRY(mosaic_prog_def_use(P, false, &du));
  const int32_t *def = du.def, *uses = du.uses, *user = du.last;
  for (int32_t m = 0; m < P->ninsts; m++) {
    mosaic_minst *mm = &I[m];
    if (mm->op != MOSAIC_MOP_MATMUL || mm->acc_zero || mm->nopd != 3 || mm->nres != 1 || mm->cls != MOSAIC_VC_F ||
        mosaic_prog_in_branchy_body(P, m))
      continue;
    const mosaic_stype *t = &P->types[mm->res[0]];
    int32_t acc = mm->opd[2], li = acc >= 0 && acc < P->nslots ? def[acc] : -1, v;
    if (t->cls != MOSAIC_VC_F || t->ek != MOSAIC_EK_F32 || li < 0 || li >= m || !mosaic_mop_window_load(I[li].op) || !I[li].alias ||
        uses[acc] != 1)
      continue;
    int32_t st = only_user(P, uses, user, mm->res[0], &v);
    if (st <= m || !mosaic_mop_window_store(I[st].op) ||
        I[st].opd[0] != v || !same_window(P, &I[li], &I[st]))
      continue;
    int32_t j = mm->next;
    while (j > m && j < st && (mosaic_mop_kinds[I[j].op] == MOSAIC_K_VALUE || (mosaic_mop_kinds[I[j].op] == MOSAIC_K_LOAD && I[j].unused)))
      j = I[j].next;
    if (j != st) continue;
    mm->in_place = I[st].in_place = true;
  }
  mosaic_def_use_free(&du);
  return TSR_OK;
}

tsr_status mosaic_prog_mark_aliases(mosaic_prog *P) {
  mosaic_minst *I = P->insts;
  int32_t *parent = malloc(sizeof(int32_t) * (size_t)(P->ninsts + 1));
  int32_t *work = malloc(sizeof(int32_t) * (size_t)(P->nslots + 1));
  bool *rewritten = calloc((size_t)P->nslots + 1, sizeof(bool));
  if (!parent || !work || !rewritten) {
    free(parent);
    free(work);
    free(rewritten);
    return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  }
  for (int32_t i = 0; i < P->ninsts; i++) parent[i] = -1;
  for (int a = 0; a < P->nargs; a++) rewritten[P->args[a]] = true;
  for (int32_t i = 0; i < P->ninsts; i++) {
    if (!I[i].nregions) continue;
    for (int k = 0; k < I[i].nres; k++) rewritten[I[i].res[k]] = true;
    for (int r = 0; r < I[i].nregions; r++) {
      for (int k = 0; k < I[i].nrargs[r]; k++) rewritten[I[i].rargs[r][k]] = true;
      if (I[i].reg_begin[r] < 0) continue;
      for (int32_t j = I[i].reg_begin[r]; j <= I[i].reg_end[r]; j++) parent[j] = i; /* inner ops override later */
    }
  }
  for (int32_t i = 0; i < P->ninsts; i++)
    if (I[i].op == MOSAIC_MOP_SHAPE_CAST && I[i].nopd == 1 && I[i].nres == 1)
      I[i].alias = !rewritten[I[i].opd[0]] && P->types[I[i].opd[0]].cls != MOSAIC_VC_REF && !mosaic_prog_in_branchy_body(P, i);
  /* a bf16 load that may share the window only with the matmuls that read it (in_place) */
  bool *bf16_view = calloc((size_t)P->ninsts + 1, sizeof(bool));
  if (!bf16_view) {
    free(parent);
    free(work);
    free(rewritten);
    return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  }
  for (int32_t i = 0; i < P->ninsts; i++)
    if (mosaic_mop_window_load(I[i].op) && !mosaic_prog_in_branchy_body(P, i)) {
      int how = load_may_alias(P, parent, i, work);
      I[i].alias = how == LOAD_ALIAS;
      bf16_view[i] = how == LOAD_BF16;
    }
  for (int32_t i = 0; i < P->ninsts; i++)
    if ((I[i].alias && I[i].op != MOSAIC_MOP_SHAPE_CAST) || bf16_view[i]) mark_mxu_view(P, i);
  free(bf16_view);
  free(parent);
  free(work);
  free(rewritten);
  return TSR_OK;
}
