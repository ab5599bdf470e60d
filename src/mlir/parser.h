/* Textual MLIR reader entry point. */
#ifndef TSR_MLIR_PARSER_H
#define TSR_MLIR_PARSER_H

#include "mlir/ir.h"

/* Parses a whole file into m (whose ctx must exist). A file whose top level is not a single
 * builtin.module gets an implicit one. */
tsr_status mlir_text_parse_module(mlir_ir_module *m, const char *text, size_t len, const char *filename);

#endif
