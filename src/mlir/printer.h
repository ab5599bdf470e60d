/* Generic-form printer for the IR (what `tessera dis` prints). */
#ifndef TSR_MLIR_PRINTER_H
#define TSR_MLIR_PRINTER_H

#include "mlir/ir.h"

void tsr_mlir_print_op(FILE *f, const tsr_ir_op *op, unsigned flags);
void tsr_mlir_print_type(FILE *f, const tsr_ir_type *t);
void tsr_mlir_print_attr(FILE *f, const tsr_ir_attr *a);

#endif
