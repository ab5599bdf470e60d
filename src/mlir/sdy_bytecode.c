/* Shardy's own bytecode encoding of its attributes (shardy/dialect/sdy/ir/bytecode.td: one
 * code per attribute, then its parameters; nested Shardy attributes are references to other
 * entries) and the properties records of Shardy's ops. Each attribute becomes the text
 * Shardy prints for it, read by the text grammar: tessera keeps Shardy's attributes as their
 * text and src/hlo/sdy.c reads that (`#sdy.mesh<["x"=4]>`, `#sdy.sharding<@mesh, [{"x"}, {}]>`,
 * `#sdy.sharding_per_value<[<@mesh, [{}]>]>`, `#sdy<manual_axes{"x"}>`). */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "mlir/text.h"
#include "mlir/vhlo.h"

static tsr_status nomem(void) { return tsr_fail(TSR_ERR_NOMEM, "out of memory"); }

typedef struct sbuf {
  char *s;
  size_t n, cap;
} sbuf;

static bool add(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool add(sbuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (k < 0) return false;
  if (b->n + (size_t)k + 1 > b->cap) {
    size_t cap = (b->n + (size_t)k + 1) * 2;
    char *s = realloc(b->s, cap);
    if (!s) return false;
    b->s = s;
    b->cap = cap;
  }
  va_start(ap, fmt);
  vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
  va_end(ap);
  b->n += (size_t)k;
  return true;
}

/* Shardy's attribute codes (the order of bytecode.td's list). */
enum { MANUAL_AXES, MESH_AXIS, MESH, SUB_AXIS, AXIS_REF, DIM_SHARDING, SHARDING_V1, PER_VALUE_V1 };
enum { SHARDING_V2 = 15, PER_VALUE_V2 = 16 };

/* The text inside `#sdy<kind ...>` or `#sdy.kind<...>` of a referenced Shardy attribute. */
static tsr_status inner(mlir_bc_cursor *c, const char *prefix, sbuf *b) {
  mlir_ir_attr *a;
  TSR_TRY(mlir_bc_attr(c, &a));
  size_t n = strlen(prefix);
  if (a->kind != MLIR_IR_ATTR_OPAQUE || strncmp(a->u.opaque_text, prefix, n))
    return mlir_bc_fail_at(c, "a Shardy attribute of another kind than expected");
  const char *t = a->u.opaque_text + n;
  size_t len = strlen(t);
  if (!len || t[len - 1] != '>') return mlir_bc_fail_at(c, "a malformed Shardy attribute");
  return add(b, "%.*s", (int)(len - 1), t) ? TSR_OK : nomem();
}

static tsr_status string_param(mlir_bc_cursor *c, sbuf *b) {
  const char *s;
  size_t n;
  TSR_TRY(mlir_bc_string(c, &s, &n));
  return add(b, "\"%.*s\"", (int)n, s) ? TSR_OK : nomem();
}

/* A list of references to attributes of one kind, their inner texts separated by ", ". */
static tsr_status ref_list(mlir_bc_cursor *c, sbuf *b, const char *prefix) {
  uint64_t n = 0;
  TSR_TRY(mlir_bc_count(c, 1, &n, "Shardy list"));
  for (uint64_t i = 0; i < n; i++) {
    if (i && !add(b, ", ")) return nomem();
    TSR_TRY(inner(c, prefix, b));
  }
  return TSR_OK;
}

static tsr_status svarints(mlir_bc_cursor *c, sbuf *b) {
  uint64_t n = 0;
  TSR_TRY(mlir_bc_count(c, 1, &n, "integer list"));
  for (uint64_t i = 0; i < n; i++) {
    int64_t v;
    TSR_TRY(mlir_bc_svarint(c, &v));
    if (!add(b, "%s%" PRId64, i ? ", " : "", v)) return nomem();
  }
  return TSR_OK;
}

/* A sharding's body: mesh (a symbol or an inline mesh), dimensions, replicated and unreduced
 * axes: `@mesh, [{"x"}, {}], replicated={"y"}`. */
static tsr_status sharding_body(mlir_bc_cursor *c, sbuf *b, bool unreduced) {
  mlir_ir_attr *mesh;
  TSR_TRY(mlir_bc_attr(c, &mesh));
  if (mesh->kind == MLIR_IR_ATTR_SYMBOL_REF) {
    if (!add(b, "@%s", mesh->u.symbol.root)) return nomem();
  } else if (mesh->kind == MLIR_IR_ATTR_OPAQUE && !strncmp(mesh->u.opaque_text, "#sdy.mesh<", 10)) {
    if (!add(b, "%s", mesh->u.opaque_text + 5)) return nomem(); /* mesh<...> */
  } else {
    return mlir_bc_fail_at(c, "a sharding whose mesh is neither a symbol nor a mesh");
  }
  if (!add(b, ", [")) return nomem();
  TSR_TRY(ref_list(c, b, "#sdy<dimension_sharding "));
  if (!add(b, "]")) return nomem();
  for (int k = 0; k < 1 + unreduced; k++) {
    size_t before = b->n;
    if (!add(b, k ? ", unreduced={" : ", replicated={")) return nomem();
    size_t open = b->n;
    TSR_TRY(ref_list(c, b, "#sdy<axis_ref "));
    if (b->n == open) b->n = before; /* empty lists are not printed */
    else if (!add(b, "}")) return nomem();
  }
  return TSR_OK;
}

tsr_status mlir_sdy_decode_attr(mlir_bc_cursor *c, mlir_ir_attr **out) {
  uint64_t code = 0;
  TSR_TRY(mlir_bc_varint(c, &code));
  sbuf b = {NULL, 0, 0};
  tsr_status s = TSR_OK;
  switch (code) {
  case MANUAL_AXES: { /* Array<StringAttr> */
    mlir_ir_attr **axes;
    int n;
    if ((s = mlir_bc_attrs(c, &axes, &n)) != TSR_OK) break;
    if (!add(&b, "#sdy<manual_axes{")) s = nomem();
    for (int i = 0; s == TSR_OK && i < n; i++) {
      if (axes[i]->kind != MLIR_IR_ATTR_STRING) s = mlir_bc_fail_at(c, "a manual axis that is not a string");
      else if (!add(&b, "%s\"%.*s\"", i ? ", " : "", (int)axes[i]->u.string.len, axes[i]->u.string.data)) s = nomem();
    }
    if (s == TSR_OK && !add(&b, "}>")) s = nomem();
    break;
  }
  case MESH_AXIS: { /* name, size */
    int64_t size;
    if (!add(&b, "#sdy<mesh_axis ")) s = nomem();
    if (s == TSR_OK) s = string_param(c, &b);
    if (s == TSR_OK) s = mlir_bc_svarint(c, &size);
    if (s == TSR_OK && !add(&b, "=%" PRId64 ">", size)) s = nomem();
    break;
  }
  case MESH: { /* axes, device_ids */
    if (!add(&b, "#sdy.mesh<[")) s = nomem();
    if (s == TSR_OK) s = ref_list(c, &b, "#sdy<mesh_axis ");
    if (s == TSR_OK && !add(&b, "]")) s = nomem();
    size_t before = b.n;
    if (s == TSR_OK && !add(&b, ", device_ids=[")) s = nomem();
    size_t open = b.n;
    if (s == TSR_OK) s = svarints(c, &b);
    if (s == TSR_OK) {
      if (b.n == open) b.n = before;
      else if (!add(&b, "]")) s = nomem();
    }
    if (s == TSR_OK && !add(&b, ">")) s = nomem();
    break;
  }
  case SUB_AXIS: { /* pre_size, size: printed (pre)size after the axis */
    int64_t pre, size;
    if ((s = mlir_bc_svarint(c, &pre)) == TSR_OK && (s = mlir_bc_svarint(c, &size)) == TSR_OK &&
        !add(&b, "#sdy<sub_axis_info (%" PRId64 ")%" PRId64 ">", pre, size))
      s = nomem();
    break;
  }
  case AXIS_REF: { /* name, optional sub-axis (a flagged reference) */
    uint64_t v = 0;
    if (!add(&b, "#sdy<axis_ref ")) s = nomem();
    if (s == TSR_OK) s = string_param(c, &b);
    if (s == TSR_OK) s = mlir_bc_varint(c, &v);
    /* a sub-axis ("x":(1)2) splits a mesh axis, which tessera's shardings do not */
    if (s == TSR_OK && (v & 1)) s = tsr_fail(TSR_ERR_UNSUPPORTED, "bytecode offset %zu: sharding on a sub-axis is not supported", mlir_bc_offset(c));
    if (s == TSR_OK && !add(&b, ">")) s = nomem();
    break;
  }
  case DIM_SHARDING: { /* axes, is_closed (a byte), optional priority (a flagged varint) */
    if (!add(&b, "#sdy<dimension_sharding {")) s = nomem();
    size_t open = b.n;
    if (s == TSR_OK) s = ref_list(c, &b, "#sdy<axis_ref ");
    const uint8_t *closed = NULL;
    uint64_t prio = 0;
    if (s == TSR_OK) s = mlir_bc_bytes(c, 1, &closed);
    if (s == TSR_OK && *closed > 1) s = mlir_bc_fail_at(c, "a dimension sharding's is_closed is neither 0 nor 1");
    if (s == TSR_OK && !*closed && !add(&b, "%s?", b.n == open ? "" : ", ")) s = nomem();
    if (s == TSR_OK && !add(&b, "}")) s = nomem();
    if (s == TSR_OK) s = mlir_bc_varint(c, &prio);
    if (s == TSR_OK && (prio & 1) && !add(&b, "p%" PRIu64, prio >> 1)) s = nomem();
    if (s == TSR_OK && !add(&b, ">")) s = nomem();
    break;
  }
  case SHARDING_V1: case SHARDING_V2:
    if (!add(&b, "#sdy.sharding<")) s = nomem();
    if (s == TSR_OK) s = sharding_body(c, &b, code == SHARDING_V2);
    if (s == TSR_OK && !add(&b, ">")) s = nomem();
    break;
  case PER_VALUE_V1: case PER_VALUE_V2: {
    uint64_t n = 0;
    if (!add(&b, "#sdy.sharding_per_value<[")) s = nomem();
    if (s == TSR_OK) s = mlir_bc_count(c, 1, &n, "Shardy list");
    for (uint64_t i = 0; s == TSR_OK && i < n; i++) {
      if (i && !add(&b, ", ")) s = nomem();
      if (s == TSR_OK && !add(&b, "<")) s = nomem();
      if (s == TSR_OK) s = inner(c, "#sdy.sharding<", &b);
      if (s == TSR_OK && !add(&b, ">")) s = nomem();
    }
    if (s == TSR_OK && !add(&b, "]>")) s = nomem();
    break;
  }
  default: {
    /* sharding rules and the collectives' axis lists: what Shardy's own passes write, not
     * what JAX hands over */
    char msg[96];
    snprintf(msg, sizeof msg, "Shardy attribute code %" PRIu64 " is not one tessera reads", code);
    free(b.s);
    return tsr_fail(TSR_ERR_UNSUPPORTED, "bytecode offset %zu: %s", mlir_bc_offset(c), msg);
  }
  }
  if (s == TSR_OK) s = mlir_text_parse_attr_entry(mlir_bc_module(c), b.s, b.n, (long long)mlir_bc_offset(c), out);
  free(b.s);
  return s;
}

/* ---- the properties of Shardy's ops: their attributes in the order of their names, each a
 * reference, an optional one a reference flagged present (shardy/dialect/sdy/ir/ops.td) ---- */

static const struct { const char *op, *attrs; } sdy_ops[] = {
    {"sdy.mesh", "mesh,sym_name"},
    {"sdy.manual_computation", "in_shardings,manual_axes,out_shardings"},
    {"sdy.sharding_constraint", "sharding"},
    {"sdy.reshard", "sharding"},
    {"sdy.sharding_group", "group_id"},
    {"sdy.constant", "value"},
    {"sdy.data_flow_edge", "?sharding"},
    {"sdy.propagation_barrier", "allowed_direction"},
    {"sdy.named_computation", "?in_shardings,name,?out_shardings"},
};

tsr_status mlir_sdy_decode_props(mlir_bc_cursor *c, const char *op_name, mlir_ir_attr **out) {
  const char *names = NULL;
  for (size_t i = 0; i < sizeof sdy_ops / sizeof sdy_ops[0]; i++)
    if (!strcmp(sdy_ops[i].op, op_name)) names = sdy_ops[i].attrs;
  if (!names) return tsr_fail(TSR_ERR_UNSUPPORTED, "bytecode offset %zu: %s: tessera does not read this Shardy op", mlir_bc_offset(c), op_name);
  mlir_ir_ctx *ctx = mlir_bc_ctx(c);
  mlir_ir_attr *d = mlir_ir_empty_dict(ctx);
  if (!d) return nomem();
  for (const char *p = names; *p;) {
    bool optional = *p == '?';
    if (optional) p++;
    const char *end = strchr(p, ',');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    char name[32];
    snprintf(name, sizeof name, "%.*s", (int)len, p);
    p = end ? end + 1 : p + len;
    mlir_ir_attr *a = NULL;
    if (optional) {
      uint64_t v = 0;
      TSR_TRY(mlir_bc_varint(c, &v));
      if (!(v & 1)) continue;
      TSR_TRY(mlir_bc_attr_at(c, v >> 1, &a));
    } else {
      TSR_TRY(mlir_bc_attr(c, &a));
    }
    if (!(d = mlir_ir_dict_set(ctx, d, name, a))) return nomem();
  }
  *out = d;
  return TSR_OK;
}
