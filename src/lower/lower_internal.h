/* The lowering's parts (docs/lowering.md): emit.c writes Mosaic text (values, constants,
 * arithmetic, inlined funcs), kernel.c writes one kernel's pipeline, module.c finds the
 * kernels of a module, checks what was written and puts it in place. */
#ifndef TSR_LOWER_INTERNAL_H
#define TSR_LOWER_INTERNAL_H

#include <stdio.h>

#include "mlir/ir.h"
#include "tessera/lower.h"
#include "tessera/mosaic.h"

/* A value of the text being written: its name with the '%'. */
typedef struct lw_lval {
  char s[40];
} lw_lval;

typedef struct lw {
  FILE *f;
  int next;   /* the next %w<n> */
  int depth;  /* indentation */
  int inst;   /* the next inlined func's instance */
  /* the i32 constants lw_const named, written once at the func's entry (lw_write_consts) */
  int64_t *const_values;
  lw_lval *const_names;
  int nconst, capconst;
} lw;

lw_lval lw_fresh(lw *w);
void lw_indent(lw *w);
lw_lval lw_const(lw *w, int64_t c);                 /* i32, one name per value (see below) */
/* Writes the constants lw_const named, at `depth`, where they dominate every use (the func's
 * entry), and forgets them. */
void lw_write_consts(lw *w, FILE *f, int depth);
lw_lval lw_arith(lw *w, const char *op, lw_lval a, lw_lval b); /* arith.<op> on i32 or i1 (`type`) */
lw_lval lw_arith_i1(lw *w, const char *op, lw_lval a, lw_lval b);
lw_lval lw_cmp(lw *w, const char *pred, lw_lval a, lw_lval b); /* i32 -> i1 */
lw_lval lw_select(lw *w, lw_lval c, lw_lval a, lw_lval b);        /* i32 */
/* Writes func `fn`'s entry block with its arguments named by `args` (nargs of them) and its
 * values renamed for this instance, all but the terminator; a func.return's operands are named
 * in rets (up to max_rets; *nrets: how many it returns). */
void lw_inline(lw *w, const mlir_ir_op *fn, const lw_lval *args, int nargs, lw_lval *rets, int max_rets, int *nrets);

/* The Mosaic text of one kernel lowered: `body` after the Mosaic view; operands and outputs
 * as for tsr_mosaic_kernel_run (arrays without data: shapes and dtypes). */
tsr_status lw_lower_kernel(const tsr_mlir_module *body, const tsr_ref *operands, int num_operands, const tsr_ref *outputs,
                        int num_outputs, const tsr_mosaic_call_opts *copts, const tsr_lower_opts *o, char **text);

#endif
