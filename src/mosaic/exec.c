/* The interpreter's core: frames (one buffer per live value, allocated once and reused across
 * steps), the dispatch loop over an instruction range, and the control-flow ops (scf.for,
 * scf.if, scf.while, tpu.region, cf.assert). */
#include <stdlib.h>
#include <string.h>

#include "mosaic/mosaic_internal.h"

const mosaic_mop_run_fn mosaic_mop_run[MOSAIC_MOP_COUNT] = {
#define MOP(e, name, syntax, compile, run, kind, traits) run,
#include "ops/mosaic.def"
#undef MOP
};

static size_t align64(size_t n) { return (n + 63) & ~(size_t)63; }

size_t mosaic_frame_size(const mosaic_prog *P) {
  return align64(sizeof(void *) * (size_t)P->nslots) + align64(sizeof(tsr_ref) * (size_t)P->nslots) +
         align64(sizeof(int64_t) * MOSAIC_PAD_RECORD * (size_t)P->npads) + P->frame_bytes + align64(P->scratch_bytes) + 64;
}

tsr_status mosaic_frame_init(const mosaic_prog *P, mosaic_frame *f, void *mem, size_t cap) {
  size_t need = mosaic_frame_size(P);
  f->mem = NULL;
  if (!mem || cap < need) {
    f->mem = malloc(need);
    if (!f->mem) return tsr_fail(TSR_ERR_NOMEM, "out of host memory for the values of %s (%zu bytes)", P->name, need);
    mem = f->mem;
  }
  char *base = (char *)(((uintptr_t)mem + 63) & ~(uintptr_t)63);
  f->data = (void **)base;
  base += align64(sizeof(void *) * (size_t)P->nslots);
  f->refs = (tsr_ref *)base;
  memset(f->refs, 0, sizeof(tsr_ref) * (size_t)P->nslots);
  base += align64(sizeof(tsr_ref) * (size_t)P->nslots);
  f->pads = (int64_t *)(void *)base;
  memset(f->pads, 0, sizeof(int64_t) * MOSAIC_PAD_RECORD * (size_t)P->npads);
  base += align64(sizeof(int64_t) * MOSAIC_PAD_RECORD * (size_t)P->npads);
  f->values = base;
  for (int s = 0; s < P->nslots; s++)
    f->data[s] = P->cslot_off[s] >= 0 ? P->cpool + P->cslot_off[s] : base + P->data_off[s];
  f->scratch = base + align64(P->frame_bytes);
  return TSR_OK;
}

void mosaic_frame_free(mosaic_frame *f) {
  free(f->mem);
  f->mem = NULL;
}

void mosaic_exec_copy_value(mosaic_exec *x, int32_t dst, int32_t src) {
  if (dst == src) return;
  const mosaic_stype *t = ST(x, dst);
  if (t->cls == MOSAIC_VC_REF) *SR(x, dst) = *SR(x, src);
  else memcpy(x->f->data[dst], x->f->data[src], (size_t)t->n * mosaic_class_size(t->cls));
}

/* Copies n values src[k] -> dst[k]. When a source is another destination (a loop that yields
 * its arguments permuted), the copies go through temporaries. */
static tsr_status copy_values(mosaic_exec *x, const int32_t *dst, const int32_t *src, int n) {
  bool clash = false;
  for (int i = 0; i < n && !clash; i++)
    for (int j = 0; j < n; j++)
      if (j != i && src[i] == dst[j]) { clash = true; break; }
  if (!clash) {
    for (int i = 0; i < n; i++) mosaic_exec_copy_value(x, dst[i], src[i]);
    return TSR_OK;
  }
  size_t total = 0;
  for (int i = 0; i < n; i++) {
    const mosaic_stype *t = ST(x, src[i]);
    total += t->cls == MOSAIC_VC_REF ? sizeof(tsr_ref) : (size_t)t->n * mosaic_class_size(t->cls);
  }
  char *tmp = malloc(total ? total : 1);
  if (!tmp) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  size_t off = 0;
  for (int i = 0; i < n; i++) {
    const mosaic_stype *t = ST(x, src[i]);
    size_t b = t->cls == MOSAIC_VC_REF ? sizeof(tsr_ref) : (size_t)t->n * mosaic_class_size(t->cls);
    memcpy(tmp + off, t->cls == MOSAIC_VC_REF ? (void *)SR(x, src[i]) : x->f->data[src[i]], b);
    off += b;
  }
  off = 0;
  for (int i = 0; i < n; i++) {
    const mosaic_stype *t = ST(x, dst[i]);
    size_t b = t->cls == MOSAIC_VC_REF ? sizeof(tsr_ref) : (size_t)t->n * mosaic_class_size(t->cls);
    memcpy(t->cls == MOSAIC_VC_REF ? (void *)SR(x, dst[i]) : x->f->data[dst[i]], tmp + off, b);
    off += b;
  }
  free(tmp);
  return TSR_OK;
}

tsr_status mosaic_exec_over_budget(mosaic_exec *x, const mosaic_minst *in, const char *kernel) {
  x->located = true;
  const char *hint = "`tessera run --max-ops N` or tsr_machine_options.max_kernel_ops raises the limit";
  if (!in)
    return tsr_fail(TSR_ERR_INVALID, "kernel %s: %lld ops and grid steps in this call without finishing; %s", kernel,
                    (long long)x->ops_limit, hint);
  return tsr_fail(TSR_ERR_INVALID, "op %s at %s: the kernel executed %lld ops in this call without finishing (an endless "
                  "loop?); %s", in->name, in->loc, (long long)x->ops_limit, hint);
}

tsr_status mosaic_exec_range(mosaic_exec *x, int32_t begin, int32_t end) {
  const mosaic_minst *I = x->P->insts;
  for (int32_t i = begin; i < end;) {
    const mosaic_minst *in = &I[i];
    if (x->ops_left && --*x->ops_left < 0) return mosaic_exec_over_budget(x, in, NULL);
    x->cost.transcendentals += in->cost.transcendentals;
    x->cost.vpu_ops += in->cost.vpu_ops;
    x->cost.vector_bytes += in->cost.vector_bytes;
    x->cost.scalar_ops += in->cost.scalar_ops;
    if (x->timing_only && !in->needed) { /* its cost without its work */
      if (in->op == MOSAIC_MOP_MATMUL) mosaic_matmul_add_cost(x, in);
      i = in->next; /* a skipped op is never a branch */
      continue;
    }
    if (in->rows && !x->timing_only && !x->unchunked) { /* loads, elementwise ops, a store: a row at a time */
      int32_t resume;
      TSR_TRY(mosaic_row_run_exec(x, in, &resume));
      if (resume >= 0) {
        i = resume;
        continue;
      }
    }
    if (in->chunk && !x->timing_only && !x->unchunked) { /* a run of elementwise ops, a chunk at a time */
      int32_t resume;
      TSR_TRY(mosaic_chunk_run(x, in, &resume));
      if (resume >= 0) {
        i = resume;
        continue;
      }
    }
    if (in->reads_short) mosaic_exec_fill_short(x, in);
    tsr_status s = mosaic_mop_run[in->op](x, in);
    if (s != TSR_OK) {
      if (x->located) return s;
      x->located = true;
      return tsr_fail_context(s, "op %s at %s", in->name, in->loc);
    }
    if (x->jump) {
      i = x->jump - 1;
      x->jump = 0;
    } else {
      i = in->next;
    }
  }
  return TSR_OK;
}

const mosaic_isa ISA_TABLE(mosaic_isa) = {
    mosaic_exec_range, {mosaic_vec_expf, mosaic_vec_logf, mosaic_vec_tanhf, mosaic_vec_sinf, mosaic_vec_cosf, mosaic_vec_erff, mosaic_vec_sqrtf, mosaic_vec_rsqrtf}, mosaic_round_to_ek};

#ifndef TSR_ISA_VARIANT /* the plain build picks the copy */
const mosaic_isa *mosaic_isa_active(void) {
  static const void *const tables[ISA_LEVELS] = ISA_TABLES(mosaic_isa);
  return isa_pick(tables);
}

tsr_status mosaic_exec_run(mosaic_exec *x, int32_t begin, int32_t end) { return mosaic_isa_active()->mosaic_exec_range(x, begin, end); }
#endif

tsr_status mosaic_r_nop(mosaic_exec *x, const mosaic_minst *in) {
  (void)x;
  (void)in;
  return TSR_OK;
}

tsr_status mosaic_r_copy(mosaic_exec *x, const mosaic_minst *in) {
  mosaic_exec_copy_value(x, in->res[0], in->opd[0]);
  return TSR_OK;
}

/* ---- compile steps of control flow ------------------------------------------------------ */

tsr_status mosaic_c_term(mosaic_comp *c, mosaic_minst *in) {
  (void)c;
  in->cost = (mosaic_op_cost){0};
  return TSR_OK;
}

tsr_status mosaic_c_for(mosaic_comp *c, mosaic_minst *in) {
  if (in->nopd < 3 || in->nres != in->nopd - 3 || in->nregions != 1)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects lower bound, upper bound, step and %d init values", in->nres);
  for (int i = 0; i < 3; i++)
    if (c->P->types[in->opd[i]].rank != 0 || c->P->types[in->opd[i]].cls == MOSAIC_VC_F || c->P->types[in->opd[i]].cls == MOSAIC_VC_REF)
      return mosaic_comp_fail(c, TSR_ERR_INVALID, "bounds and step must be integer scalars");
  in->cost = (mosaic_op_cost){.scalar_ops = 1};
  return TSR_OK;
}

tsr_status mosaic_c_if(mosaic_comp *c, mosaic_minst *in) {
  if (in->nopd != 1 || c->P->types[in->opd[0]].rank != 0 || c->P->types[in->opd[0]].cls != MOSAIC_VC_I32)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects one i1 condition");
  in->cost = (mosaic_op_cost){.scalar_ops = 1};
  return TSR_OK;
}

tsr_status mosaic_c_while(mosaic_comp *c, mosaic_minst *in) {
  if (in->nregions != 2 || in->nres != in->nopd)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects a before and an after region");
  in->cost = (mosaic_op_cost){.scalar_ops = 1};
  return TSR_OK;
}

tsr_status mosaic_c_region(mosaic_comp *c, mosaic_minst *in) {
  if (in->nregions != 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects one region");
  in->cost = (mosaic_op_cost){0};
  return TSR_OK;
}

tsr_status mosaic_c_assert(mosaic_comp *c, mosaic_minst *in) {
  if (in->nopd != 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects one condition");
  const mlir_ir_attr *m = mlir_ir_op_attr(c->op, "msg");
  char buf[512] = "(no message)";
  if (m && m->kind == MLIR_IR_ATTR_STRING)
    snprintf(buf, sizeof buf, "%.*s", (int)(m->u.string.len > 500 ? 500 : m->u.string.len), m->u.string.data);
  in->aux = mosaic_prog_strdup(c->P, buf);
  if (!in->aux) return mosaic_comp_fail(c, TSR_ERR_NOMEM, "out of host memory");
  in->cost = (mosaic_op_cost){.scalar_ops = 1};
  return TSR_OK;
}

/* ---- run -------------------------------------------------------------------------------- */

static const mosaic_minst *terminator(const mosaic_exec *x, const mosaic_minst *in, int r) { return &x->P->insts[in->reg_end[r]]; }

tsr_status mosaic_r_for(mosaic_exec *x, const mosaic_minst *in) {
  int64_t lb = mosaic_scalar_int(x, in->opd[0]), ub = mosaic_scalar_int(x, in->opd[1]), step = mosaic_scalar_int(x, in->opd[2]);
  int n = in->nres;
  const int32_t *args = in->rargs[0];
  if (step <= 0) return tsr_fail(TSR_ERR_INVALID, "scf.for step is %lld; it must be positive", (long long)step);
  for (int k = 0; k < n; k++) mosaic_exec_copy_value(x, args[1 + k], in->opd[3 + k]);
  const mosaic_minst *y = terminator(x, in, 0);
  const mosaic_stype *ivt = ST(x, args[0]);
  bool steps = in->mark == MOSAIC_MARK_STEP && x->ctx; /* each iteration is a grid step (marks.c) */
  for (int64_t iv = lb, k = 0; iv < ub; iv += step, k++) {
    if (ivt->cls == MOSAIC_VC_I64) SL(x, args[0])[0] = iv;
    else SI(x, args[0])[0] = mosaic_sext32(iv, ivt->width);
    if (steps) seam_step_begin(x->ctx, k);
    TSR_TRY(mosaic_exec_range(x, in->reg_begin[0], in->reg_end[0]));
    if (steps) seam_step_end(x->ctx);
    if (y->nopd != n) return tsr_fail(TSR_ERR_INVALID, "scf.for body yields %d values for %d results", y->nopd, n);
    TSR_TRY(copy_values(x, args + 1, y->opd, n));
    if (ub - iv <= step) break; /* no overflow past ub */
  }
  for (int k = 0; k < n; k++) mosaic_exec_copy_value(x, in->res[k], args[1 + k]);
  return TSR_OK;
}

tsr_status mosaic_r_if(mosaic_exec *x, const mosaic_minst *in) {
  int r = SI(x, in->opd[0])[0] ? 0 : 1;
  if (r == 1 && (in->mark == MOSAIC_MARK_SKIP_IN || in->mark == MOSAIC_MARK_SKIP_OUT) && x->ctx)
    seam_dma_skip(x->ctx, mosaic_mark_dir(in), in->mark_operand); /* the pipeline's copy not taken */
  if (r >= in->nregions || in->reg_begin[r] < 0) {
    if (in->nres) return tsr_fail(TSR_ERR_INVALID, "scf.if with results has no else region");
    return TSR_OK;
  }
  TSR_TRY(mosaic_exec_range(x, in->reg_begin[r], in->reg_end[r]));
  const mosaic_minst *y = terminator(x, in, r);
  if (y->nopd != in->nres) return tsr_fail(TSR_ERR_INVALID, "scf.if region yields %d values for %d results", y->nopd, in->nres);
  return copy_values(x, in->res, y->opd, in->nres);
}

tsr_status mosaic_r_while(mosaic_exec *x, const mosaic_minst *in) {
  int n = in->nopd;
  if (in->nrargs[0] != n) return tsr_fail(TSR_ERR_INVALID, "scf.while before region takes %d arguments for %d inits", in->nrargs[0], n);
  TSR_TRY(copy_values(x, in->rargs[0], in->opd, n));
  const mosaic_minst *cond = terminator(x, in, 0), *y = terminator(x, in, 1);
  if (cond->op != MOSAIC_MOP_CONDITION || cond->nopd < 1 || cond->nopd - 1 != in->nres || in->nrargs[1] != in->nres)
    return tsr_fail(TSR_ERR_INVALID, "scf.while: the before region must end in scf.condition with %d values", in->nres);
  if (y->nopd != n) return tsr_fail(TSR_ERR_INVALID, "scf.while: the after region yields %d values for %d", y->nopd, n);
  for (;;) {
    TSR_TRY(mosaic_exec_range(x, in->reg_begin[0], in->reg_end[0]));
    if (!SI(x, cond->opd[0])[0]) return copy_values(x, in->res, cond->opd + 1, in->nres);
    TSR_TRY(copy_values(x, in->rargs[1], cond->opd + 1, in->nres));
    TSR_TRY(mosaic_exec_range(x, in->reg_begin[1], in->reg_end[1]));
    TSR_TRY(copy_values(x, in->rargs[0], y->opd, n));
  }
}

/* The kernel's body in a kernel that steps itself (marks.c): its ops' cost is the body's, as
 * if the pipeline had called it; observers see it between BODY_BEGIN and BODY_END. */
static tsr_status run_body(mosaic_exec *x, const mosaic_minst *in) {
  tsr_cost outer = x->cost;
  x->cost = (tsr_cost){0};
  x->in_body = true;
  seam_body_begin(x->ctx);
  tsr_status s = mosaic_exec_range(x, in->reg_begin[0], in->reg_end[0]);
  if (s == TSR_OK) seam_body_end(x->ctx, &x->cost);
  x->in_body = false;
  tsr_cost_add(&outer, &x->cost);
  x->cost = outer;
  return s;
}

tsr_status mosaic_r_region(mosaic_exec *x, const mosaic_minst *in) {
  seam_scope scope;
  if (x->ctx) scope = seam_scope_begin(x->ctx);
  bool body = in->mark == MOSAIC_MARK_BODY && x->ctx && !x->in_body;
  tsr_status s = body ? run_body(x, in) : mosaic_exec_range(x, in->reg_begin[0], in->reg_end[0]);
  const mosaic_minst *y = terminator(x, in, 0);
  if (s == TSR_OK && y->nopd != in->nres)
    s = tsr_fail(TSR_ERR_INVALID, "region yields %d values for %d results", y->nopd, in->nres);
  if (s == TSR_OK) s = copy_values(x, in->res, y->opd, in->nres);
  if (x->ctx) {
    int64_t held; /* semaphores allocated in the scope must be back at zero when it ends */
    if (s == TSR_OK && seam_scope_sem_held(x->ctx, &scope, &held)) {
      s = tsr_fail(TSR_ERR_SEMAPHORE, "a semaphore allocated in this scope holds %lld when the scope ends", (long long)held);
      x->located = false;
    }
    seam_scope_end(x->ctx, &scope);
  }
  return s;
}

/* cf.br (and a return in a body of several blocks, a jump to its exit): the operands become
 * the target block's arguments. */
tsr_status mosaic_r_br(mosaic_exec *x, const mosaic_minst *in) {
  TSR_TRY(copy_values(x, in->rargs[0], in->opd, (int)in->a[2]));
  x->jump = (int32_t)in->a[0] + 1;
  return TSR_OK;
}

tsr_status mosaic_r_cond_br(mosaic_exec *x, const mosaic_minst *in) {
  int k = SI(x, in->opd[0])[0] ? 0 : 1;
  const int32_t *from = in->opd + 1 + (k ? in->a[2] : 0);
  TSR_TRY(copy_values(x, in->rargs[k], from, in->nrargs[k]));
  x->jump = (int32_t)in->a[k] + 1;
  return TSR_OK;
}

/* func.call, its callee inlined as the call's region (compile.c). */
tsr_status mosaic_r_call(mosaic_exec *x, const mosaic_minst *in) {
  TSR_TRY(copy_values(x, in->rargs[0], in->opd, in->nopd));
  TSR_TRY(mosaic_exec_range(x, in->reg_begin[0], in->reg_end[0]));
  const mosaic_minst *ret = terminator(x, in, 0);
  return copy_values(x, in->res, ret->opd, in->nres);
}

tsr_status mosaic_c_br(mosaic_comp *c, mosaic_minst *in) {
  (void)c;
  in->cost = (mosaic_op_cost){.scalar_ops = 1};
  return TSR_OK;
}

tsr_status mosaic_c_cond_br(mosaic_comp *c, mosaic_minst *in) {
  const mosaic_stype *t = in->nopd ? &c->P->types[in->opd[0]] : NULL;
  if (!t || t->rank != 0 || t->cls != MOSAIC_VC_I32 || t->width != 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects an i1 condition first");
  in->cost = (mosaic_op_cost){.scalar_ops = 1};
  return TSR_OK;
}

tsr_status mosaic_c_call(mosaic_comp *c, mosaic_minst *in) {
  (void)c;
  in->cost = (mosaic_op_cost){.scalar_ops = 1};
  return TSR_OK;
}

tsr_status mosaic_r_assert(mosaic_exec *x, const mosaic_minst *in) {
  if (SI(x, in->opd[0])[0]) return TSR_OK;
  return tsr_fail(TSR_ERR_CHECK, "assertion failed: %s", (const char *)in->aux);
}
