/* Writing Mosaic text: fresh values, i32 arithmetic, and funcs inlined under new names (the
 * kernel's body and index maps, printed by the MLIR printer with a namer). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "lower/lower_internal.h"
#include "mlir/printer.h"

lw_lval lw_fresh(lw *w) {
  lw_lval v;
  snprintf(v.s, sizeof v.s, "%%w%d", w->next++);
  return v;
}

void lw_indent(lw *w) {
  for (int i = 0; i < w->depth; i++) fputs("  ", w->f);
}

lw_lval lw_const(lw *w, int64_t c) {
  for (int i = 0; i < w->nconst; i++)
    if (w->const_values[i] == c) return w->const_names[i];
  lw_lval v = lw_fresh(w);
  if (w->nconst == w->capconst) {
    int cap = w->capconst ? 2 * w->capconst : 32;
    int64_t *nv = realloc(w->const_values, (size_t)cap * sizeof *nv);
    if (nv) w->const_values = nv;
    lw_lval *nn = nv ? realloc(w->const_names, (size_t)cap * sizeof *nn) : NULL;
    if (nn) w->const_names = nn;
    if (!nv || !nn) { /* out of memory: the constant where it is used, which is as valid */
      lw_indent(w);
      fprintf(w->f, "%s = arith.constant %" PRId64 " : i32\n", v.s, c);
      return v;
    }
    w->capconst = cap;
  }
  w->const_values[w->nconst] = c;
  w->const_names[w->nconst++] = v;
  return v;
}

void lw_write_consts(lw *w, FILE *f, int depth) {
  for (int i = 0; i < w->nconst; i++) {
    for (int d = 0; d < depth; d++) fputs("  ", f);
    fprintf(f, "%s = arith.constant %" PRId64 " : i32\n", w->const_names[i].s, w->const_values[i]);
  }
  free(w->const_values);
  free(w->const_names);
  w->const_values = NULL;
  w->const_names = NULL;
  w->nconst = w->capconst = 0;
}

static lw_lval arith(lw *w, const char *op, lw_lval a, lw_lval b, const char *type) {
  lw_lval v = lw_fresh(w);
  lw_indent(w);
  fprintf(w->f, "%s = arith.%s %s, %s : %s\n", v.s, op, a.s, b.s, type);
  return v;
}

lw_lval lw_arith(lw *w, const char *op, lw_lval a, lw_lval b) { return arith(w, op, a, b, "i32"); }
lw_lval lw_arith_i1(lw *w, const char *op, lw_lval a, lw_lval b) { return arith(w, op, a, b, "i1"); }

lw_lval lw_cmp(lw *w, const char *pred, lw_lval a, lw_lval b) {
  lw_lval v = lw_fresh(w);
  lw_indent(w);
  fprintf(w->f, "%s = arith.cmpi %s, %s, %s : i32\n", v.s, pred, a.s, b.s);
  return v;
}

lw_lval lw_select(lw *w, lw_lval c, lw_lval a, lw_lval b) {
  lw_lval v = lw_fresh(w);
  lw_indent(w);
  fprintf(w->f, "%s = arith.select %s, %s, %s : i32\n", v.s, c.s, a.s, b.s);
  return v;
}

typedef struct inline_names {
  const mlir_ir_block *entry;
  const lw_lval *args;
  int nargs;
  int inst;
} inline_names;

static void name_of(const inline_names *in, const mlir_ir_value *v, char *buf, size_t cap) {
  if (!v->def_op && v->block == in->entry && v->index < in->nargs) snprintf(buf, cap, "%s", in->args[v->index].s);
  else snprintf(buf, cap, "%%i%d_%" PRIu32, in->inst, v->id);
}

static void namer(void *user, const mlir_ir_value *v, FILE *f) {
  char buf[48];
  name_of(user, v, buf, sizeof buf);
  fputs(buf, f);
}

/* The legacy wait (semaphore, ref), wherever it is (a region's too), which the current dialect
 * only has as wait_dma2: the same wait, for the same bytes, as Mosaic's own upgrade writes it. */
static bool upgrade(void *user, const mlir_ir_op *op, int depth, FILE *f) {
  if (!mlir_ir_op_is(op, "tpu.wait_dma") || op->n_operands != 2 || op->n_results) return false;
  char sem[48], ref[48];
  name_of(user, op->operands[0].value, sem, sizeof sem);
  name_of(user, op->operands[1].value, ref, sizeof ref);
  for (int i = 0; i < depth; i++) fputs("  ", f);
  fprintf(f, "tpu.wait_dma2 semaphore(%s : ", sem);
  mlir_print_type(f, op->operands[0].value->type);
  for (int k = 0; k < 2; k++) {
    fprintf(f, ") %s(%s : ", k ? "dst" : "src", ref);
    mlir_print_type(f, op->operands[1].value->type);
  }
  fputs(")\n", f);
  return true;
}

void lw_inline(lw *w, const mlir_ir_op *fn, const lw_lval *args, int nargs, lw_lval *rets, int max_rets, int *nrets) {
  inline_names in = {mlir_ir_op_entry_block(fn, 0), args, nargs, w->inst++};
  *nrets = 0;
  if (!in.entry) return;
  for (const mlir_ir_op *op = in.entry->first; op; op = op->next) {
    if (mlir_ir_op_is(op, "func.return")) {
      for (int r = 0; r < op->n_operands && r < max_rets; r++) name_of(&in, op->operands[r].value, rets[r].s, sizeof rets[r].s);
      *nrets = op->n_operands;
      continue;
    }
    mlir_print_op_named(w->f, op, TSR_MLIR_PRINT_LOCS, w->depth, namer, upgrade, &in);
  }
}
