/* MLIR bytecode reader (versions 0..6) into the IR of ir.h. */
#ifndef TSR_MLIR_BYTECODE_H
#define TSR_MLIR_BYTECODE_H

#include "mlir/ir.h"

/* What the container held, for tests and `tessera dis --info`. */
typedef struct mlir_bc_info {
  int version;
  char producer[64];
  uint64_t n_strings, n_dialects, n_op_names, n_attrs, n_types;
} mlir_bc_info;

bool mlir_bc_is_bytecode(const void *data, size_t size);
/* Reads the whole buffer into m (whose ctx must exist); m->top is the top-level op.
 * Every section and entry must be consumed exactly. `info` may be NULL. */
tsr_status mlir_bc_read(mlir_ir_module *m, const void *data, size_t size, mlir_bc_info *info);

/* What a decoder of a dialect's own attribute and type encodings (mlir/vhlo_bytecode.c)
 * reads an entry with: a cursor over the entry and MLIR's bytecode primitives. Failures
 * name the byte offset. */
typedef struct cursor mlir_bc_cursor;
mlir_ir_ctx *mlir_bc_ctx(const mlir_bc_cursor *c);
mlir_ir_module *mlir_bc_module(const mlir_bc_cursor *c);
size_t mlir_bc_offset(const mlir_bc_cursor *c); /* from the start of the file */
tsr_status mlir_bc_fail_at(const mlir_bc_cursor *c, const char *msg);
tsr_status mlir_bc_varint(mlir_bc_cursor *c, uint64_t *out);
tsr_status mlir_bc_svarint(mlir_bc_cursor *c, int64_t *out);
/* A count of items of at least min_bytes each, checked against the bytes that remain. */
tsr_status mlir_bc_count(mlir_bc_cursor *c, size_t min_bytes, uint64_t *out, const char *what);
tsr_status mlir_bc_string(mlir_bc_cursor *c, const char **s, size_t *len);
tsr_status mlir_bc_blob(mlir_bc_cursor *c, const uint8_t **data, size_t *size);
tsr_status mlir_bc_attr(mlir_bc_cursor *c, mlir_ir_attr **out);
/* The attribute of index `idx` (an index read by other means, e.g. with a flag). */
tsr_status mlir_bc_attr_at(mlir_bc_cursor *c, uint64_t idx, mlir_ir_attr **out);
/* The next n raw bytes. */
tsr_status mlir_bc_bytes(mlir_bc_cursor *c, size_t n, const uint8_t **out);
tsr_status mlir_bc_type(mlir_bc_cursor *c, mlir_ir_type **out);
tsr_status mlir_bc_attrs(mlir_bc_cursor *c, mlir_ir_attr ***out, int *n);
tsr_status mlir_bc_types(mlir_bc_cursor *c, mlir_ir_type ***out, int *n);
/* An APInt of `width` bits into a's integer payload (a byte up to 8 bits, a zigzag varint
 * up to 64, words above). */
tsr_status mlir_bc_apint(mlir_bc_cursor *c, unsigned width, mlir_ir_attr *a);
/* A dense-elements blob (one element, all, or packed i1) for a, whose type is set. */
tsr_status mlir_bc_dense(mlir_bc_cursor *c, mlir_ir_attr *a, const uint8_t *blob, size_t size);

#endif
