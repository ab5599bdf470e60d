/* The inverse of the Mosaic view's demangling: names every op below the module
 * `stable_mosaic.<dialect>.<op>` again and stamps `stable_mosaic.version`, so a kernel that was
 * decoded and inspected can be re-encoded as a body JAX accepts (bytecode v0, as JAX writes). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "mlir/ir.h"

#define MANGLE_PREFIX "stable_mosaic."
#define VERSION_ATTR "stable_mosaic.version"

typedef struct mangle_state {
  mlir_ir_ctx *ctx;
  const mlir_ir_op *top;
  bool oom;
} mangle_state;

static bool mangle(mlir_ir_op *op, void *user) {
  mangle_state *s = user;
  if (op == s->top || mlir_ir_op_is(op, "builtin.module") || !strncmp(op->name, MANGLE_PREFIX, strlen(MANGLE_PREFIX)))
    return true;
  size_t n = strlen(MANGLE_PREFIX) + strlen(op->name) + 1;
  char *name = malloc(n);
  if (!name) {
    s->oom = true;
    return false;
  }
  snprintf(name, n, "%s%s", MANGLE_PREFIX, op->name);
  const char *old = op->name;
  mlir_ir_op_rename(s->ctx, op, name);
  free(name);
  s->oom = op->name == old;
  return !s->oom;
}

tsr_status tsr_mlir_mosaic_mangle(tsr_mlir_module *m) {
  if (!m->top || !mlir_ir_op_is(m->top, "builtin.module"))
    return tsr_fail(TSR_ERR_INVALID, "a Mosaic kernel must be a builtin.module");
  mangle_state s = {m->ctx, m->top, false};
  mlir_ir_walk(m->top, mangle, &s);
  /* the view upgraded the ops to the current form, which is the newest version's */
  mlir_ir_type *i64 = mlir_ir_type_int(m->ctx, 64, MLIR_IR_SIGNLESS);
  mlir_ir_attr *v = i64 ? mlir_ir_attr_int_new(m->ctx, i64, TSR_MLIR_MOSAIC_MAX_VERSION) : NULL;
  mlir_ir_attr *attrs = v ? mlir_ir_dict_set(m->ctx, m->top->attrs, VERSION_ATTR, v) : NULL;
  if (s.oom || !attrs) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  m->top->attrs = attrs;
  m->mosaic_version = 0; /* serialized form again: the view may run anew */
  return TSR_OK;
}
