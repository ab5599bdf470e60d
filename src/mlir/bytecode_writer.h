/* MLIR bytecode writer (versions 0..6) from the IR of ir.h: the inverse of bytecode.c. */
#ifndef TSR_MLIR_BYTECODE_WRITER_H
#define TSR_MLIR_BYTECODE_WRITER_H

#include "mlir/ir.h"

typedef struct mlir_bc_write_opts {
  int version;             /* 0..6 */
  const char *producer;    /* NULL: "tessera" */
  /* Optional features that real producers write only sometimes; tests turn them on so that
   * the reader's handling of them is exercised. Both are ignored below the version that
   * introduced them (1 and 3). */
  bool dialect_versions;   /* a version blob (varint 0) for every dialect */
  bool use_list_orders;    /* a reversed use-list order for every value with 2+ uses */
} mlir_bc_write_opts;

/* Writes m as bytecode into a malloc'd buffer. Fails with TSR_ERR_UNSUPPORTED for what
 * the format or this writer cannot carry (undecoded v5+ properties of registered ops, a
 * property and an attribute of the same name below version 5). */
tsr_status mlir_bc_write(const mlir_ir_module *m, const mlir_bc_write_opts *opts, unsigned char **out,
                    size_t *size);

#endif
