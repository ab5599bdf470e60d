/* Generic-form printer for the IR (what `tessera dis` prints). */
#ifndef TSR_MLIR_PRINTER_H
#define TSR_MLIR_PRINTER_H

#include "mlir/ir.h"

void mlir_print_op(FILE *f, const mlir_ir_op *op, unsigned flags);
/* Writes the name of a value (with its '%') where the printer would write %<id>. */
typedef void (*tsr_mlir_value_namer)(void *user, const mlir_ir_value *v, FILE *f);
/* Writes op (and what its regions hold) itself, at `depth`, and returns true; false leaves it
 * to the printer. */
typedef bool (*tsr_mlir_op_writer)(void *user, const mlir_ir_op *op, int depth, FILE *f);
/* mlir_print_op with the values named by `namer` and indented `depth` levels: how an op is
 * copied into other text (the lowering inlines a kernel's body so, src/lower). `writer`
 * (optional) is offered every op, nested ones too, before it is printed (the lowering writes
 * legacy ops in their current form so); both get `user`. */
void mlir_print_op_named(FILE *f, const mlir_ir_op *op, unsigned flags, int depth, tsr_mlir_value_namer namer,
                             tsr_mlir_op_writer writer, void *user);
void mlir_print_type(FILE *f, const mlir_ir_type *t);
void mlir_print_attr(FILE *f, const mlir_ir_attr *a);

#endif
