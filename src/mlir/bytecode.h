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

/* What a decoder of a dialect's own attribute and type encodings (mlir/vhlo_bytecode.c)
 * reads an entry with: a cursor over the entry and MLIR's bytecode primitives. Failures
 * name the byte offset. */
typedef struct cursor bc_cursor;
tsr_ir_ctx *bc_ctx(const bc_cursor *c);
tsr_ir_module *bc_module(const bc_cursor *c);
size_t bc_offset(const bc_cursor *c); /* from the start of the file */
tsr_status bc_fail_at(const bc_cursor *c, const char *msg);
tsr_status bc_varint(bc_cursor *c, uint64_t *out);
tsr_status bc_svarint(bc_cursor *c, int64_t *out);
/* A count of items of at least min_bytes each, checked against the bytes that remain. */
tsr_status bc_count(bc_cursor *c, size_t min_bytes, uint64_t *out, const char *what);
tsr_status bc_string(bc_cursor *c, const char **s, size_t *len);
tsr_status bc_blob(bc_cursor *c, const uint8_t **data, size_t *size);
tsr_status bc_attr(bc_cursor *c, tsr_ir_attr **out);
/* The attribute of index `idx` (an index read by other means, e.g. with a flag). */
tsr_status bc_attr_at(bc_cursor *c, uint64_t idx, tsr_ir_attr **out);
/* The next n raw bytes. */
tsr_status bc_bytes(bc_cursor *c, size_t n, const uint8_t **out);
tsr_status bc_type(bc_cursor *c, tsr_ir_type **out);
tsr_status bc_attrs(bc_cursor *c, tsr_ir_attr ***out, int *n);
tsr_status bc_types(bc_cursor *c, tsr_ir_type ***out, int *n);
/* An APInt of `width` bits into a's integer payload (a byte up to 8 bits, a zigzag varint
 * up to 64, words above). */
tsr_status bc_apint(bc_cursor *c, unsigned width, tsr_ir_attr *a);
/* A dense-elements blob (one element, all, or packed i1) for a, whose type is set. */
tsr_status bc_dense(bc_cursor *c, tsr_ir_attr *a, const uint8_t *blob, size_t size);

#endif
