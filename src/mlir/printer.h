/* Generic-form printer for the IR (what `tessera dis` prints). */
#ifndef TSR_MLIR_PRINTER_H
#define TSR_MLIR_PRINTER_H

#include "mlir/ir.h"

void tsr_mlir_print_op(FILE *f, const tsr_ir_op *op, unsigned flags);
/* Writes the name of a value (with its '%') where the printer would write %<id>. */
typedef void (*tsr_mlir_value_namer)(void *user, const tsr_ir_value *v, FILE *f);
/* tsr_mlir_print_op with the values named by `namer` and indented `depth` levels: how an op is
 * copied into other text (the lowering inlines a kernel's body so, src/lower). */
void tsr_mlir_print_op_named(FILE *f, const tsr_ir_op *op, unsigned flags, int depth, tsr_mlir_value_namer namer,
                             void *user);
void tsr_mlir_print_type(FILE *f, const tsr_ir_type *t);
void tsr_mlir_print_attr(FILE *f, const tsr_ir_attr *a);

#endif
