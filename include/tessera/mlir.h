/* tessera's MLIR reader: MLIR bytecode (versions 0-6) and textual MLIR (generic form plus the
 * pretty forms of the ops in JAX/Pallas artifacts) into one in-memory IR, a generic-form
 * printer, and the Mosaic view (stable_mosaic demangling and version upgrades).
 *
 * Errors: TSR_ERR_PARSE with "bytecode offset N: ..." or "file:line:col: ..." in
 * tsr_last_error(). Executors walk the IR through src/mlir/ir.h. */
#ifndef TESSERA_MLIR_H
#define TESSERA_MLIR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "tessera/core.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tsr_mlir_module tsr_mlir_module;

/* StableHLO portable artifacts (VHLO bytecode, what jaxlib hands a PJRT plugin and jax.export
 * serializes) read as the StableHLO they stand for, up to this StableHLO version: what tessera's
 * PJRT plugin asks jaxlib to serialize to (docs/mlir.md, docs/pjrt.md). */
#define TSR_VHLO_MAJOR 1
#define TSR_VHLO_MINOR 15
#define TSR_VHLO_PATCH 0

/* Reads MLIR bytecode (a StableHLO portable artifact as StableHLO). */
tsr_status tsr_mlir_read_bytecode(const void *data, size_t size, tsr_mlir_module **out);
/* Parses MLIR text; `filename` is used in messages (NULL: "<input>"). */
tsr_status tsr_mlir_parse_text(const char *text, size_t len, const char *filename,
                               tsr_mlir_module **out);
/* Bytecode when the buffer starts with the bytecode magic, text otherwise. */
tsr_status tsr_mlir_read_buffer(const void *data, size_t size, const char *filename,
                                tsr_mlir_module **out);
/* Reads a file ("-" is stdin) with tsr_mlir_read_buffer. */
tsr_status tsr_mlir_read_file(const char *path, tsr_mlir_module **out);
void tsr_mlir_module_destroy(tsr_mlir_module *m);

/* Writes MLIR bytecode of the given version (0..6) into a malloc'd buffer (free() it), which
 * tsr_mlir_read_bytecode and MLIR read back. Ops are written as unregistered: their `props`
 * are a properties record from version 5 and part of the attribute dictionary before it.
 * TSR_ERR_UNSUPPORTED for what cannot be re-encoded (undecoded native properties of
 * registered ops read from v5+ bytecode). */
tsr_status tsr_mlir_write_bytecode(const tsr_mlir_module *m, int version, unsigned char **out,
                                   size_t *size);

enum {
  TSR_MLIR_PRINT_LOCS = 1, /* print trailing loc(...) on ops and block arguments */
};
/* Prints the module in MLIR's generic op form, which tsr_mlir_parse_text reads back. */
void tsr_mlir_print(const tsr_mlir_module *m, FILE *f, unsigned flags);

/* Structural equality (ops, operands, types, attributes, regions), ignoring SSA names and,
 * with ignore_locations, locations. On a difference `why` describes the first one. */
bool tsr_mlir_equal(const tsr_mlir_module *a, const tsr_mlir_module *b, bool ignore_locations,
                    char *why, size_t why_cap);

/* The Mosaic view: strips the `stable_mosaic.` prefix from serialized kernel bodies and
 * upgrades ops from the body's stable_mosaic.version (1..15) to the current form. Text that
 * Pallas printed (no prefix, no version) is accepted as current. Fails on versions newer
 * than 15. */
tsr_status tsr_mlir_mosaic_view(tsr_mlir_module *m);
/* stable_mosaic.version read by the Mosaic view (0: none, i.e. current text form). */
int tsr_mlir_mosaic_version(const tsr_mlir_module *m);
#define TSR_MLIR_MOSAIC_MAX_VERSION 15
/* The serialized form again, for shipping a kernel that went through the Mosaic view: every op
 * below the module becomes `stable_mosaic.<name>` and the module gets stable_mosaic.version =
 * TSR_MLIR_MOSAIC_MAX_VERSION (the view upgraded it to that form). Write the result with
 * tsr_mlir_write_bytecode(m, 0, ...), the version JAX writes. */
tsr_status tsr_mlir_mosaic_mangle(tsr_mlir_module *m);

/* Kernel bodies of the stablehlo.custom_call @tpu_custom_call ops in a module: decodes each
 * backend_config's base64 body and calls `fn` with the body module (owned by the caller of
 * tsr_mlir_module_destroy, i.e. `fn` must destroy it or keep it), the op's kernel_name ("" if
 * none) and its index. Stops at the first failure. */
tsr_status tsr_mlir_for_each_tpu_body(const tsr_mlir_module *m,
                                      tsr_status (*fn)(tsr_mlir_module *body,
                                                       const char *kernel_name, int index,
                                                       void *user),
                                      void *user);

#ifdef __cplusplus
}
#endif
#endif
