/* The public reader API (include/tessera/mlir.h): module lifetime, format detection, files. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "mlir/bytecode.h"
#include "mlir/ir.h"
#include "mlir/parser.h"
#include "mlir/printer.h"
#include "mlir/vhlo.h"

static tsr_status new_module(tsr_mlir_module **out) {
  tsr_mlir_module *m = calloc(1, sizeof *m);
  if (!m || !(m->ctx = mlir_ir_ctx_create())) {
    free(m);
    return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  }
  *out = m;
  return TSR_OK;
}

void tsr_mlir_module_destroy(tsr_mlir_module *m) {
  if (!m) return;
  mlir_ir_ctx_destroy(m->ctx);
  free(m);
}

/* Runs a reader into a fresh module; on failure nothing is returned. */
static tsr_status finish(tsr_status s, tsr_mlir_module *m, tsr_mlir_module **out) {
  if (s != TSR_OK) {
    tsr_mlir_module_destroy(m);
    *out = NULL;
    return s;
  }
  *out = m;
  return TSR_OK;
}

tsr_status tsr_mlir_read_bytecode(const void *data, size_t size, tsr_mlir_module **out) {
  tsr_mlir_module *m;
  *out = NULL;
  TSR_TRY(new_module(&m));
  mlir_bc_info info;
  tsr_status s = mlir_bc_read(m, data, size, &info);
  /* a StableHLO portable artifact (jaxlib's programs for a PJRT plugin, jax.export's
   * serialized modules) is read as the StableHLO it stands for */
  if (s == TSR_OK && mlir_vhlo_present(m->top)) s = mlir_vhlo_legalize(m, info.producer);
  return finish(s, m, out);
}

tsr_status tsr_mlir_parse_text(const char *text, size_t len, const char *filename,
                               tsr_mlir_module **out) {
  tsr_mlir_module *m;
  *out = NULL;
  TSR_TRY(new_module(&m));
  return finish(mlir_text_parse_module(m, text, len, filename), m, out);
}

tsr_status tsr_mlir_read_buffer(const void *data, size_t size, const char *filename,
                                tsr_mlir_module **out) {
  if (mlir_bc_is_bytecode(data, size)) return tsr_mlir_read_bytecode(data, size, out);
  return tsr_mlir_parse_text(data, size, filename, out);
}

/* Reads all of `f` into a malloc'd buffer (the bytecode reader wants it in one piece). */
static tsr_status slurp(FILE *f, const char *path, char **data, size_t *size) {
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  if (!buf) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  for (;;) {
    if (n == cap) {
      char *b2 = realloc(buf, cap *= 2);
      if (!b2) {
        free(buf);
        return tsr_fail(TSR_ERR_NOMEM, "out of memory reading %s", path);
      }
      buf = b2;
    }
    errno = 0;
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (got == 0) break;
  }
  if (ferror(f)) {
    int err = errno;
    free(buf);
    return tsr_fail(TSR_ERR_IO, "cannot read %s: %s", path, err ? strerror(err) : "a read failed");
  }
  *data = buf;
  *size = n;
  return TSR_OK;
}

tsr_status tsr_mlir_read_file(const char *path, tsr_mlir_module **out) {
  *out = NULL;
  bool use_stdin = !strcmp(path, "-");
  FILE *f = use_stdin ? stdin : fopen(path, "rb");
  if (!f) return tsr_fail(TSR_ERR_IO, "cannot open %s: %s", path, strerror(errno));
  char *data = NULL;
  size_t size = 0;
  tsr_status s = slurp(f, path, &data, &size);
  if (!use_stdin) fclose(f);
  TSR_TRY(s);
  s = tsr_mlir_read_buffer(data, size, use_stdin ? "<stdin>" : path, out);
  free(data);
  return s;
}

void tsr_mlir_print(const tsr_mlir_module *m, FILE *f, unsigned flags) {
  if (m && m->top) mlir_print_op(f, m->top, flags);
}

bool tsr_mlir_equal(const tsr_mlir_module *a, const tsr_mlir_module *b, bool ignore_locations,
                    char *why, size_t why_cap) {
  return mlir_ir_op_equal(a->top, b->top, ignore_locations ? MLIR_IR_EQ_IGNORE_LOCS : 0, why, why_cap);
}

int tsr_mlir_mosaic_version(const tsr_mlir_module *m) { return m->mosaic_version; }
