/* MLIR bytecode reader (versions 0..6) into the IR of ir.h. */
#ifndef TSR_MLIR_BYTECODE_H
#define TSR_MLIR_BYTECODE_H

#include "mlir/ir.h"

/* What the container held, for tests and `tessera dis --info`. */
typedef struct bc_info {
  int version;
  char producer[64];
  uint64_t n_strings, n_dialects, n_op_names, n_attrs, n_types;
} bc_info;

bool bc_is_bytecode(const void *data, size_t size);
/* Reads the whole buffer into m (whose ctx must exist); m->top is the top-level op.
 * Every section and entry must be consumed exactly. `info` may be NULL. */
tsr_status bc_read(tsr_ir_module *m, const void *data, size_t size, bc_info *info);

#endif
