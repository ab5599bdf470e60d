/* The Mosaic view (reference/mosaic_artifact.md 3.3): serialized kernel bodies name every op
 * `stable_mosaic.<dialect>.<op>` and carry `stable_mosaic.version`; this strips the prefix
 * and applies the upgrade rules of versions 1..15 so that consumers see only the current
 * form. Text printed by Pallas is unmangled, has no version, and is already current. */
#include <string.h>

#include "core/status.h"
#include "mlir/ir.h"

#define MANGLE_PREFIX "stable_mosaic."
#define VERSION_ATTR "stable_mosaic.version"

typedef struct upgrade_ctx {
  mlir_ir_ctx *ctx;
  int version;
  tsr_status status;
} upgrade_ctx;

static bool set_attr(upgrade_ctx *u, mlir_ir_op *op, const char *name, mlir_ir_attr *value) {
  mlir_ir_attr *d = value ? mlir_ir_dict_set(u->ctx, op->attrs, name, value) : NULL;
  if (!d) {
    u->status = tsr_fail(TSR_ERR_NOMEM, "out of memory");
    return false;
  }
  op->attrs = d;
  return true;
}

static bool default_attr(upgrade_ctx *u, mlir_ir_op *op, const char *name, unsigned width, int64_t v) {
  if (mlir_ir_op_attr(op, name)) return true;
  mlir_ir_type *t = mlir_ir_type_int(u->ctx, width, MLIR_IR_SIGNLESS);
  return set_attr(u, op, name, t ? mlir_ir_attr_int_new(u->ctx, t, v) : NULL);
}

static bool set_segments(upgrade_ctx *u, mlir_ir_op *op, const int32_t *sizes, int n) {
  int total = 0;
  for (int i = 0; i < n; i++) total += sizes[i];
  if (total != op->n_operands) {
    u->status = tsr_fail(TSR_ERR_PARSE, "Mosaic v%d op '%s' has %d operands, which fit no known operand layout",
                         u->version, op->name, op->n_operands);
    return false;
  }
  return set_attr(u, op, "operandSegmentSizes", mlir_ir_attr_dense_i32_new(u->ctx, sizes, n));
}

/* Appends `extra` empty segments (operands added to an op in a later version). */
static bool extend_segments(upgrade_ctx *u, mlir_ir_op *op, int want) {
  int64_t sizes[16];
  int64_t n = mlir_ir_attr_ints(mlir_ir_op_attr(op, "operandSegmentSizes"), sizes, 16);
  if (n < 0 || n > want) return true;
  int32_t s32[16];
  for (int i = 0; i < want; i++) s32[i] = i < n ? (int32_t)sizes[i] : 0;
  return set_segments(u, op, s32, want);
}

/* `dimension = d` became `dimensions = array<i32: d>`. */
static bool dimension_to_dimensions(upgrade_ctx *u, mlir_ir_op *op) {
  int64_t d;
  if (!mlir_ir_op_attr_int(op, "dimension", &d)) return true;
  int32_t v = (int32_t)d;
  op->attrs = mlir_ir_dict_set(u->ctx, op->attrs, "dimension", NULL);
  return op->attrs && set_attr(u, op, "dimensions", mlir_ir_attr_dense_i32_new(u->ctx, &v, 1));
}

/* vector.multi_reduction reduction_dims: ArrayAttr of integers became DenseI64ArrayAttr. */
static bool reduction_dims_to_dense(upgrade_ctx *u, mlir_ir_op *op) {
  mlir_ir_attr *a = mlir_ir_op_attr(op, "reduction_dims");
  if (!a || a->kind != MLIR_IR_ATTR_ARRAY) return true;
  int64_t v[64];
  int64_t n = mlir_ir_attr_ints(a, v, 64);
  if (n < 0 || n > 64) return true;
  mlir_ir_attr *d = mlir_ir_attr_new(u->ctx, MLIR_IR_ATTR_DENSE_ARRAY);
  uint8_t *data = mlir_ir_alloc(u->ctx, (size_t)(n ? n : 1) * 8);
  if (!d || !data || !(d->type = mlir_ir_type_int(u->ctx, 64, MLIR_IR_SIGNLESS))) return set_attr(u, op, "reduction_dims", NULL);
  for (int64_t i = 0; i < n; i++)
    for (int k = 0; k < 8; k++) data[i * 8 + k] = (uint8_t)((uint64_t)v[i] >> (8 * k));
  d->u.dense_array.n = n;
  d->u.dense_array.elem_bytes = 8;
  d->u.dense_array.data = data;
  return set_attr(u, op, "reduction_dims", d);
}

/* One op, already demangled. Rules are ordered by the version that introduced them. */
static bool upgrade_op(upgrade_ctx *u, mlir_ir_op *op) {
  const int v = u->version;
  const bool has_segments = mlir_ir_op_attr(op, "operandSegmentSizes") != NULL;
  if (mlir_ir_op_is(op, "tpu.enqueue_dma")) {
    /* v2: segments (source, source_sem, target, target_sem, device_id, core_id); before,
     * the source semaphore was the only optional operand besides device_id */
    if (v < 2 && !has_segments) {
      int32_t s[6] = {1, op->n_operands > 3, 1, 1, op->n_operands > 4, 0};
      if (!set_segments(u, op, s, 6)) return false;
    }
    if (v < 4 && !default_attr(u, op, "priority", 32, 0)) return false;
    if (v < 8 && !default_attr(u, op, "strict_ordering", 1, 0)) return false;
    if (v < 14 && !extend_segments(u, op, 7)) return false; /* subcore_id */
  } else if (mlir_ir_op_is(op, "tpu.sem_signal")) {
    if (v < 2 && !has_segments) {
      int32_t s[4] = {1, 1, op->n_operands > 2, 0};
      if (!set_segments(u, op, s, 4)) return false;
    }
    if (v < 14 && !extend_segments(u, op, 5)) return false;
  } else if (mlir_ir_op_is(op, "tpu.wait_dma2")) {
    if (v < 7 && !has_segments) {
      int32_t s[5] = {1, 1, 1, 0, 0};
      if (!set_segments(u, op, s, 5)) return false;
    }
    if (v < 8 && !default_attr(u, op, "strict_ordering", 1, 0)) return false;
  } else if (mlir_ir_op_is(op, "vector.multi_reduction")) {
    if (v < 3 && !reduction_dims_to_dense(u, op)) return false;
  } else if (mlir_ir_op_is(op, "tpu.dynamic_gather")) {
    if (v < 5 && !dimension_to_dimensions(u, op)) return false;
  } else if (mlir_ir_op_is(op, "tpu.iota")) {
    if (v < 6 && !dimension_to_dimensions(u, op)) return false;
  } else if (mlir_ir_op_is(op, "tpu.store")) {
    if (v < 11 && !default_attr(u, op, "add", 1, 0)) return false;
  } else if (mlir_ir_op_is(op, "tpu.matmul")) {
    if (v < 13 && !default_attr(u, op, "transpose_lhs_hint", 1, 0)) return false;
  } else if (mlir_ir_op_is(op, "tpu.reinterpret_cast")) {
    /* v12 added the optional dynamic_offset, v15 the dynamic_sizes segment */
    if (!has_segments && v < 15) {
      int32_t s[3] = {1, op->n_operands > 1, 0};
      if (!set_segments(u, op, s, 3)) return false;
    }
  }
  return true;
}

typedef struct demangle_state {
  upgrade_ctx *u;
  mlir_ir_op *top;
} demangle_state;

static bool demangle(mlir_ir_op *op, void *user) {
  demangle_state *d = user;
  upgrade_ctx *u = d->u;
  if (op == d->top) return true;
  const size_t n = sizeof MANGLE_PREFIX - 1;
  if (strncmp(op->name, MANGLE_PREFIX, n)) {
    u->status = tsr_fail(TSR_ERR_PARSE, "Mosaic body op '%s' is not in the serialized form (no '%s' prefix)", op->name, MANGLE_PREFIX);
    return false;
  }
  mlir_ir_op_rename(u->ctx, op, op->name + n);
  return upgrade_op(u, op);
}

static bool has_mangled_op(mlir_ir_op *op, void *user) {
  bool *found = user;
  if (!strncmp(op->name, MANGLE_PREFIX, sizeof MANGLE_PREFIX - 1)) {
    *found = true;
    return false;
  }
  return true;
}

tsr_status tsr_mlir_mosaic_view(tsr_mlir_module *m) {
  if (!m->top || !mlir_ir_op_is(m->top, "builtin.module"))
    return tsr_fail(TSR_ERR_PARSE, "a Mosaic kernel must be a builtin.module");
  if (m->mosaic_version) return TSR_OK; /* already viewed */
  const mlir_ir_attr *va = mlir_ir_op_attr(m->top, VERSION_ATTR);
  bool mangled = false;
  mlir_ir_walk(m->top, has_mangled_op, &mangled);
  if (!va) {
    if (mangled) return tsr_fail(TSR_ERR_PARSE, "Mosaic body has '%s' ops but no %s attribute", MANGLE_PREFIX, VERSION_ATTR);
    return TSR_OK; /* Pallas text: current form */
  }
  int64_t version;
  if (!mlir_ir_attr_int(va, &version)) return tsr_fail(TSR_ERR_PARSE, "%s is not an integer", VERSION_ATTR);
  if (version < 1 || version > TSR_MLIR_MOSAIC_MAX_VERSION)
    return tsr_fail(TSR_ERR_UNSUPPORTED, "Mosaic body has %s = %lld; tessera reads versions 1 to %d",
                    VERSION_ATTR, (long long)version, TSR_MLIR_MOSAIC_MAX_VERSION);
  if (!mangled) {
    /* jaxlib's print of a module in memory: ops in the current dialect; the attribute only
     * names the version a serializer would write */
    m->mosaic_version = (int)version;
    return TSR_OK;
  }
  upgrade_ctx u = {m->ctx, (int)version, TSR_OK};
  demangle_state d = {&u, m->top};
  mlir_ir_walk(m->top, demangle, &d);
  TSR_TRY(u.status);
  m->mosaic_version = (int)version;
  return TSR_OK;
}
