/* MLIR bytecode reader, versions 0 to 6 (reference/mlir_bytecode.md sections 1-4).
 *
 * Every count read from the input is checked against the bytes that remain before anything
 * is allocated for it, and nesting is capped, so hostile input costs at most memory
 * proportional to its size. Messages name the byte offset of the problem. */
#include "mlir/bytecode.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "core/status.h"
#include "mlir/text.h"
#include "mlir/vhlo.h"

enum { SEC_STRING, SEC_DIALECT, SEC_ATTRTYPE, SEC_ATTRTYPE_OFFSET, SEC_IR, SEC_RESOURCE,
       SEC_RESOURCE_OFFSET, SEC_DIALECT_VERSIONS, SEC_PROPERTIES, SEC_COUNT };
enum { BC_MAX_VERSION = 6 };
enum { OP_HAS_ATTRS = 0x01, OP_HAS_RESULTS = 0x02, OP_HAS_OPERANDS = 0x04,
       OP_HAS_SUCCESSORS = 0x08, OP_HAS_REGIONS = 0x10, OP_HAS_USELISTS = 0x20,
       OP_HAS_PROPERTIES = 0x40 };

typedef struct entry {
  size_t offset, size;
  uint32_t dialect;
  bool custom;
  int state; /* 0 not read, 1 being read (cycle guard), 2 done */
  void *value;
} entry;

typedef struct op_name { const char *full; bool registered; } op_name;

/* Values visible to operands: one table per isolated-from-above scope. */
typedef struct value_scope {
  mlir_ir_value **slots;
  uint64_t reserved, cap;
} value_scope;

typedef struct bc_reader {
  const uint8_t *data;
  size_t size;
  mlir_ir_module *m;
  uint64_t version;
  size_t sec_off[SEC_COUNT], sec_len[SEC_COUNT];
  bool has_sec[SEC_COUNT];
  uint64_t n_strings;
  size_t *str_off, *str_len;
  uint64_t n_dialects;
  const char **dialects;
  uint64_t n_opnames;
  op_name *opnames;
  uint64_t n_attrs, n_types;
  entry *attrs, *types;
  uint64_t n_resources, cap_resources;
  const char **resource_keys;
  uint64_t n_props;
  size_t *prop_off, *prop_len;
  int depth;
  mlir_ir_type *i1_type;
} bc_reader;

typedef struct cursor {
  bc_reader *r;
  const uint8_t *p, *end;
} cursor;

static tsr_status bc_fail(const cursor *c, const char *fmt, ...) TSR_PRINTF(2, 3);
static tsr_status bc_fail(const cursor *c, const char *fmt, ...) {
  char msg[300];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return tsr_fail(TSR_ERR_PARSE, "bytecode offset %zu: %s", (size_t)(c->p - c->r->data), msg);
}

static tsr_status nomem(void) { return tsr_fail(TSR_ERR_NOMEM, "out of memory"); }

static size_t remaining(const cursor *c) { return (size_t)(c->end - c->p); }

static cursor sub_cursor(bc_reader *r, size_t off, size_t len) {
  return (cursor){r, r->data + off, r->data + off + len};
}

/* ---- primitives --------------------------------------------------------------------- */

static tsr_status rd_byte(cursor *c, uint8_t *out) {
  if (c->p >= c->end) return bc_fail(c, "unexpected end of data, expected a byte");
  *out = *c->p++;
  return TSR_OK;
}

static tsr_status rd_varint(cursor *c, uint64_t *out) {
  if (c->p >= c->end) return bc_fail(c, "unexpected end of data, expected a varint");
  uint8_t first = *c->p;
  if (first & 1) {
    c->p++;
    *out = first >> 1;
    return TSR_OK;
  }
  unsigned extra = first == 0 ? 8 : (unsigned)__builtin_ctz(first);
  if (remaining(c) < extra + 1) return bc_fail(c, "truncated varint (needs %u bytes)", extra + 1);
  uint64_t v = 0;
  if (first == 0) {
    for (unsigned i = 0; i < 8; i++) v |= (uint64_t)c->p[1 + i] << (8 * i);
  } else {
    for (unsigned i = 0; i <= extra; i++) v |= (uint64_t)c->p[i] << (8 * i);
    v >>= extra + 1;
  }
  c->p += extra + 1;
  *out = v;
  return TSR_OK;
}

static tsr_status rd_svarint(cursor *c, int64_t *out) {
  uint64_t u = 0;
  TSR_TRY(rd_varint(c, &u));
  *out = (int64_t)((u >> 1) ^ (0 - (u & 1)));
  return TSR_OK;
}

/* A count of items that each take at least `min_bytes`: rejects counts the rest of the
 * data cannot hold, before anything is allocated for them. */
static tsr_status rd_count(cursor *c, size_t min_bytes, uint64_t *out, const char *what) {
  const uint8_t *at = c->p;
  TSR_TRY(rd_varint(c, out));
  if (*out > remaining(c) / (min_bytes ? min_bytes : 1) && !(min_bytes == 0 && *out <= (1u << 20))) {
    c->p = at;
    return bc_fail(c, "%s count %llu exceeds the remaining %zu bytes", what, (unsigned long long)*out, remaining(c));
  }
  return TSR_OK;
}

static tsr_status rd_string(cursor *c, const char **s, size_t *len) {
  const uint8_t *at = c->p;
  uint64_t i = 0;
  TSR_TRY(rd_varint(c, &i));
  if (i >= c->r->n_strings) {
    c->p = at;
    return bc_fail(c, "string index %llu out of range (%llu strings)", (unsigned long long)i,
                   (unsigned long long)c->r->n_strings);
  }
  /* the module outlives the input buffer: copy */
  *len = c->r->str_len[i];
  *s = mlir_ir_strdup(c->r->m->ctx, (const char *)c->r->data + c->r->str_off[i], *len);
  return *s ? TSR_OK : nomem();
}

static tsr_status rd_interned(cursor *c, const char **out) {
  const char *s;
  size_t n = 0;
  TSR_TRY(rd_string(c, &s, &n));
  *out = mlir_ir_intern(c->r->m->ctx, s, n);
  return *out ? TSR_OK : nomem();
}

/* Section header: id byte (bit 7: aligned), length, optional alignment and 0xCB padding
 * measured from the start of the file. */
static tsr_status rd_section(cursor *c, uint8_t *id, size_t *off, size_t *len) {
  uint8_t b = 0;
  TSR_TRY(rd_byte(c, &b));
  uint64_t length = 0;
  TSR_TRY(rd_varint(c, &length));
  *id = b & 0x7F;
  if (b & 0x80) {
    uint64_t align = 0;
    TSR_TRY(rd_varint(c, &align));
    if (!align || (align & (align - 1)) || align > 4096) return bc_fail(c, "bad section alignment %llu", (unsigned long long)align);
    while ((size_t)(c->p - c->r->data) % align) {
      if (c->p >= c->end || *c->p != 0xCB) return bc_fail(c, "expected 0xCB alignment padding");
      c->p++;
    }
  }
  if (length > remaining(c)) return bc_fail(c, "section %u length %llu exceeds the remaining %zu bytes", *id, (unsigned long long)length, remaining(c));
  *off = (size_t)(c->p - c->r->data);
  *len = (size_t)length;
  c->p += length;
  return TSR_OK;
}

static tsr_status expect_end(const cursor *c, const char *what) {
  if (c->p != c->end) return bc_fail(c, "%zu unread bytes at the end of %s", remaining(c), what);
  return TSR_OK;
}

/* ---- string, dialect, offset, resource, properties sections ---------------------------- */

static tsr_status read_strings(bc_reader *r) {
  cursor c = sub_cursor(r, r->sec_off[SEC_STRING], r->sec_len[SEC_STRING]);
  TSR_TRY(rd_count(&c, 2, &r->n_strings, "string"));
  r->str_off = calloc(r->n_strings + 1, sizeof(size_t));
  r->str_len = calloc(r->n_strings + 1, sizeof(size_t));
  if (!r->str_off || !r->str_len) return nomem();
  /* sizes are listed last string first; the data runs to the end of the section */
  size_t end = (size_t)(c.end - r->data);
  for (uint64_t k = 0; k < r->n_strings; k++) {
    uint64_t size = 0;
    TSR_TRY(rd_varint(&c, &size));
    uint64_t i = r->n_strings - 1 - k;
    if (size == 0 || size > end - r->sec_off[SEC_STRING]) return bc_fail(&c, "bad string size %llu", (unsigned long long)size);
    end -= size;
    r->str_off[i] = end;
    r->str_len[i] = size - 1;
  }
  if ((size_t)(c.p - r->data) != end) return bc_fail(&c, "string sizes do not end where the string data starts");
  for (uint64_t i = 0; i < r->n_strings; i++) {
    const uint8_t *s = r->data + r->str_off[i];
    if (s[r->str_len[i]] != 0 || memchr(s, 0, r->str_len[i])) {
      cursor at = sub_cursor(r, r->str_off[i], r->str_len[i]);
      return bc_fail(&at, "string %llu is not NUL-terminated", (unsigned long long)i);
    }
  }
  return TSR_OK;
}

static tsr_status read_dialects(bc_reader *r) {
  cursor c = sub_cursor(r, r->sec_off[SEC_DIALECT], r->sec_len[SEC_DIALECT]);
  TSR_TRY(rd_count(&c, 1, &r->n_dialects, "dialect"));
  r->dialects = calloc(r->n_dialects + 1, sizeof *r->dialects);
  if (!r->dialects) return nomem();
  for (uint64_t i = 0; i < r->n_dialects; i++) {
    if (r->version >= 1) {
      uint64_t v = 0;
      TSR_TRY(rd_varint(&c, &v));
      uint64_t idx = v >> 1;
      if (idx >= r->n_strings) return bc_fail(&c, "dialect name index %llu out of range", (unsigned long long)idx);
      r->dialects[i] = mlir_ir_intern(r->m->ctx, (const char *)r->data + r->str_off[idx], r->str_len[idx]);
      if (v & 1) {
        uint8_t id = 0;
        size_t off, len;
        TSR_TRY(rd_section(&c, &id, &off, &len));
        if (id != SEC_DIALECT_VERSIONS) return bc_fail(&c, "expected a dialect version section, got section %u", id);
      }
    } else {
      TSR_TRY(rd_interned(&c, &r->dialects[i]));
    }
    if (!r->dialects[i]) return nomem();
  }
  if (r->version >= 4) {
    uint64_t hint = 0;
    TSR_TRY(rd_varint(&c, &hint));
  }
  size_t cap = 0;
  while (c.p < c.end) {
    uint64_t d, count;
    TSR_TRY(rd_varint(&c, &d));
    if (d >= r->n_dialects) return bc_fail(&c, "dialect index %llu out of range", (unsigned long long)d);
    TSR_TRY(rd_count(&c, 1, &count, "op name"));
    if (r->n_opnames + count > cap) {
      cap = (size_t)(r->n_opnames + count) * 2;
      op_name *n = realloc(r->opnames, cap * sizeof *n);
      if (!n) return nomem();
      r->opnames = n;
    }
    for (uint64_t k = 0; k < count; k++) {
      uint64_t v = 0;
      TSR_TRY(rd_varint(&c, &v));
      bool registered = false;
      if (r->version >= 5) {
        registered = v & 1;
        v >>= 1;
      }
      if (v >= r->n_strings) return bc_fail(&c, "op name index %llu out of range", (unsigned long long)v);
      const char *dn = r->dialects[d];
      size_t dl = strlen(dn), nl = r->str_len[v];
      char *full = malloc(dl + nl + 2);
      if (!full) return nomem();
      memcpy(full, dn, dl);
      size_t fl = dl;
      if (nl) {
        full[fl++] = '.';
        memcpy(full + fl, r->data + r->str_off[v], nl);
        fl += nl;
      }
      const char *in = mlir_ir_intern(r->m->ctx, full, fl);
      free(full);
      if (!in) return nomem();
      r->opnames[r->n_opnames++] = (op_name){in, registered};
    }
  }
  return TSR_OK;
}

static tsr_status read_offsets(bc_reader *r) {
  cursor c = sub_cursor(r, r->sec_off[SEC_ATTRTYPE_OFFSET], r->sec_len[SEC_ATTRTYPE_OFFSET]);
  TSR_TRY(rd_count(&c, 1, &r->n_attrs, "attribute"));
  TSR_TRY(rd_count(&c, 1, &r->n_types, "type"));
  if (r->n_attrs + r->n_types > remaining(&c)) return bc_fail(&c, "attribute and type counts exceed the section");
  r->attrs = calloc(r->n_attrs + 1, sizeof(entry));
  r->types = calloc(r->n_types + 1, sizeof(entry));
  if (!r->attrs || !r->types) return nomem();
  size_t off = r->sec_off[SEC_ATTRTYPE], limit = off + r->sec_len[SEC_ATTRTYPE];
  for (int pass = 0; pass < 2; pass++) {
    entry *e = pass ? r->types : r->attrs;
    uint64_t n = pass ? r->n_types : r->n_attrs, done = 0;
    while (done < n) {
      uint64_t d, count;
      TSR_TRY(rd_varint(&c, &d));
      if (d >= r->n_dialects) return bc_fail(&c, "dialect index %llu out of range", (unsigned long long)d);
      TSR_TRY(rd_varint(&c, &count));
      if (count > n - done) return bc_fail(&c, "offset group of %llu entries exceeds the declared count", (unsigned long long)count);
      for (uint64_t k = 0; k < count; k++, done++) {
        uint64_t v = 0;
        TSR_TRY(rd_varint(&c, &v));
        uint64_t size = v >> 1;
        if (size > limit - off) return bc_fail(&c, "entry size %llu runs past the attribute/type section", (unsigned long long)size);
        e[done] = (entry){off, (size_t)size, (uint32_t)d, (bool)(v & 1), 0, NULL};
        off += size;
      }
    }
  }
  TSR_TRY(expect_end(&c, "the attribute/type offset section"));
  if (off != limit) {
    cursor at = sub_cursor(r, off, limit - off);
    return bc_fail(&at, "%zu bytes of the attribute/type section are not covered by any entry", limit - off);
  }
  return TSR_OK;
}

/* Collects the keys of dialect resources (dense_resource refers to them by global index);
 * payloads are not needed. */
static tsr_status read_resource_group(cursor *c, bc_reader *r, bool keep, size_t *payload) {
  uint64_t key_or_dialect, count;
  TSR_TRY(rd_varint(c, &key_or_dialect));
  TSR_TRY(rd_count(c, 3, &count, "resource"));
  for (uint64_t k = 0; k < count; k++) {
    const char *key;
    uint64_t size = 0;
    uint8_t kind = 0;
    TSR_TRY(rd_interned(c, &key));
    TSR_TRY(rd_varint(c, &size));
    TSR_TRY(rd_byte(c, &kind));
    if (size > r->sec_len[SEC_RESOURCE] - *payload) return bc_fail(c, "resource size runs past the resource section");
    *payload += size;
    if (!keep) continue;
    if (!GROW_ARRAY(r->resource_keys, r->n_resources, r->cap_resources, 8)) return nomem();
    r->resource_keys[r->n_resources++] = key;
  }
  return TSR_OK;
}

/* Collects the keys of dialect resources (dense_resource refers to them by global index);
 * payloads are not needed. */
static tsr_status read_resources(bc_reader *r) {
  if (!r->has_sec[SEC_RESOURCE_OFFSET]) return TSR_OK;
  cursor c = sub_cursor(r, r->sec_off[SEC_RESOURCE_OFFSET], r->sec_len[SEC_RESOURCE_OFFSET]);
  size_t payload = 0;
  uint64_t n_external = 0;
  TSR_TRY(rd_count(&c, 2, &n_external, "external resource group"));
  for (uint64_t g = 0; g < n_external; g++) TSR_TRY(read_resource_group(&c, r, false, &payload));
  while (c.p < c.end) TSR_TRY(read_resource_group(&c, r, true, &payload));
  return TSR_OK;
}

static tsr_status read_properties(bc_reader *r) {
  if (!r->has_sec[SEC_PROPERTIES]) return TSR_OK;
  cursor c = sub_cursor(r, r->sec_off[SEC_PROPERTIES], r->sec_len[SEC_PROPERTIES]);
  TSR_TRY(rd_count(&c, 1, &r->n_props, "properties record"));
  r->prop_off = calloc(r->n_props + 1, sizeof(size_t));
  r->prop_len = calloc(r->n_props + 1, sizeof(size_t));
  if (!r->prop_off || !r->prop_len) return nomem();
  for (uint64_t i = 0; i < r->n_props; i++) {
    uint64_t size = 0;
    TSR_TRY(rd_varint(&c, &size));
    if (size > remaining(&c)) return bc_fail(&c, "properties record runs past the section");
    r->prop_off[i] = (size_t)(c.p - r->data);
    r->prop_len[i] = (size_t)size;
    c.p += size;
  }
  return expect_end(&c, "the properties section");
}

/* ---- attributes and types ------------------------------------------------------------- */

static tsr_status get_attr(bc_reader *r, uint64_t idx, mlir_ir_attr **out, const cursor *from);
static tsr_status get_type(bc_reader *r, uint64_t idx, mlir_ir_type **out, const cursor *from);

static tsr_status rd_attr(cursor *c, mlir_ir_attr **out) {
  const uint8_t *at = c->p;
  uint64_t i = 0;
  TSR_TRY(rd_varint(c, &i));
  cursor here = {c->r, at, c->end};
  return get_attr(c->r, i, out, &here);
}

static tsr_status rd_type(cursor *c, mlir_ir_type **out) {
  const uint8_t *at = c->p;
  uint64_t i = 0;
  TSR_TRY(rd_varint(c, &i));
  cursor here = {c->r, at, c->end};
  return get_type(c->r, i, out, &here);
}

static tsr_status rd_attr_kind(cursor *c, mlir_ir_attr_kind kind, const char *what, mlir_ir_attr **out) {
  const uint8_t *at = c->p;
  TSR_TRY(rd_attr(c, out));
  if ((*out)->kind != kind) {
    c->p = at;
    return bc_fail(c, "expected %s", what);
  }
  return TSR_OK;
}

static tsr_status rd_loc(cursor *c, mlir_ir_attr **out) {
  const uint8_t *at = c->p;
  TSR_TRY(rd_attr(c, out));
  if (!mlir_ir_attr_is_location(*out)) {
    c->p = at;
    return bc_fail(c, "expected a location attribute");
  }
  return TSR_OK;
}

static tsr_status rd_string_attr(cursor *c, const char **out) {
  mlir_ir_attr *a;
  TSR_TRY(rd_attr_kind(c, MLIR_IR_ATTR_STRING, "a string attribute", &a));
  *out = a->u.string.data;
  return TSR_OK;
}

static tsr_status rd_attr_list(cursor *c, mlir_ir_attr ***out, int *n) {
  uint64_t count = 0;
  TSR_TRY(rd_count(c, 1, &count, "list"));
  *out = mlir_ir_alloc(c->r->m->ctx, sizeof(mlir_ir_attr *) * (size_t)(count ? count : 1));
  if (!*out) return nomem();
  for (uint64_t i = 0; i < count; i++) TSR_TRY(rd_attr(c, &(*out)[i]));
  *n = (int)count;
  return TSR_OK;
}

static tsr_status rd_type_list(cursor *c, mlir_ir_type ***out, int *n) {
  uint64_t count = 0;
  TSR_TRY(rd_count(c, 1, &count, "type list"));
  *out = mlir_ir_alloc(c->r->m->ctx, sizeof(mlir_ir_type *) * (size_t)(count ? count : 1));
  if (!*out) return nomem();
  for (uint64_t i = 0; i < count; i++) TSR_TRY(rd_type(c, &(*out)[i]));
  *n = (int)count;
  return TSR_OK;
}

static tsr_status rd_blob(cursor *c, const uint8_t **data, size_t *size) {
  uint64_t n = 0;
  TSR_TRY(rd_varint(c, &n));
  if (n > remaining(c)) return bc_fail(c, "blob of %llu bytes exceeds the remaining %zu", (unsigned long long)n, remaining(c));
  *data = c->p;
  *size = (size_t)n;
  c->p += n;
  return TSR_OK;
}

/* APInt of a known bit width: a byte up to 8 bits, a zigzag varint up to 64, else words. */
static tsr_status rd_apint(cursor *c, unsigned width, mlir_ir_attr *a) {
  if (width <= 8) {
    uint8_t b = 0;
    TSR_TRY(rd_byte(c, &b));
    a->u.integer.value = (int64_t)b;
    return TSR_OK;
  }
  if (width <= 64) return rd_svarint(c, &a->u.integer.value);
  uint64_t n = 0;
  TSR_TRY(rd_count(c, 1, &n, "APInt word"));
  if (n > (width + 63) / 64) return bc_fail(c, "APInt has %llu words for %u bits", (unsigned long long)n, width);
  unsigned words = (width + 63) / 64;
  a->u.integer.words = mlir_ir_alloc(c->r->m->ctx, 8 * words);
  if (!a->u.integer.words) return nomem();
  a->u.integer.n_words = words;
  for (uint64_t i = 0; i < n; i++) {
    int64_t w = 0;
    TSR_TRY(rd_svarint(c, &w));
    a->u.integer.words[i] = (uint64_t)w;
  }
  a->u.integer.value = (int64_t)a->u.integer.words[0];
  /* A value that fits in 64 bits is kept the way the text reader keeps it (value only), so
   * that equal attributes from text and bytecode compare equal and print alike. */
  uint64_t ext = a->u.integer.value < 0 ? ~0ull : 0;
  bool fits = true;
  for (unsigned i = 1; i < words; i++) {
    unsigned bits = width - 64 * i < 64 ? width - 64 * i : 64;
    uint64_t mask = bits < 64 ? (1ull << bits) - 1 : ~0ull;
    fits = fits && a->u.integer.words[i] == (ext & mask);
  }
  if (fits) {
    a->u.integer.words = NULL;
    a->u.integer.n_words = 0;
  }
  return TSR_OK;
}

static tsr_status rd_shape(cursor *c, mlir_ir_type *t) {
  uint64_t rank = 0;
  TSR_TRY(rd_count(c, 1, &rank, "dimension"));
  if (rank > 64) return bc_fail(c, "rank %llu is too large", (unsigned long long)rank);
  t->u.shaped.rank = (int)rank;
  t->u.shaped.shape = mlir_ir_alloc(c->r->m->ctx, sizeof(int64_t) * (size_t)(rank ? rank : 1));
  if (!t->u.shaped.shape) return nomem();
  for (uint64_t i = 0; i < rank; i++) {
    TSR_TRY(rd_svarint(c, &t->u.shaped.shape[i]));
    if (t->u.shaped.shape[i] < 0 && t->u.shaped.shape[i] != MLIR_IR_DYNAMIC)
      return bc_fail(c, "negative dimension %lld", (long long)t->u.shaped.shape[i]);
  }
  return TSR_OK;
}

static tsr_status rd_layout(cursor *c, mlir_ir_type *t) {
  TSR_TRY(rd_attr(c, &t->u.shaped.layout));
  if (mlir_ir_affine_is_identity(t->u.shaped.layout)) t->u.shaped.layout = NULL;
  return TSR_OK;
}

static tsr_status decode_builtin_type(cursor *c, mlir_ir_type **out) {
  mlir_ir_ctx *ctx = c->r->m->ctx;
  const uint8_t *at = c->p;
  uint64_t code = 0;
  TSR_TRY(rd_varint(c, &code));
  static const mlir_ir_float_kind simple_floats[] = {MLIR_IR_BF16, MLIR_IR_F16, MLIR_IR_F32, MLIR_IR_F64, MLIR_IR_F80, MLIR_IR_F128};
  static const mlir_ir_float_kind new_floats[] = {MLIR_IR_TF32, MLIR_IR_F8E5M2, MLIR_IR_F8E4M3, MLIR_IR_F8E4M3FN,
                                                 MLIR_IR_F8E5M2FNUZ, MLIR_IR_F8E4M3FNUZ, MLIR_IR_F8E4M3B11FNUZ,
                                                 MLIR_IR_F8E3M4, MLIR_IR_F4E2M1FN, MLIR_IR_F6E2M3FN,
                                                 MLIR_IR_F6E3M2FN, MLIR_IR_F8E8M0FNU};
  if (code >= 3 && code <= 8) return (*out = mlir_ir_type_float(ctx, simple_floats[code - 3])) ? TSR_OK : nomem();
  if (code >= 21 && code <= 32) return (*out = mlir_ir_type_float(ctx, new_floats[code - 21])) ? TSR_OK : nomem();
  mlir_ir_type *t = NULL;
  switch (code) {
  case 0: {
    uint64_t v = 0;
    TSR_TRY(rd_varint(c, &v));
    if ((v & 3) == 3 || (v >> 2) == 0 || (v >> 2) > (1u << 24)) return bc_fail(c, "bad integer type encoding %llu", (unsigned long long)v);
    t = mlir_ir_type_int(ctx, (unsigned)(v >> 2), (mlir_ir_signedness)(v & 3));
    break;
  }
  case 1: t = mlir_ir_type_new(ctx, MLIR_IR_TYPE_INDEX); break;
  case 12: t = mlir_ir_type_new(ctx, MLIR_IR_TYPE_NONE); break;
  case 2:
    if (!(t = mlir_ir_type_new(ctx, MLIR_IR_TYPE_FUNCTION))) return nomem();
    TSR_TRY(rd_type_list(c, &t->u.function.inputs, &t->u.function.n_inputs));
    TSR_TRY(rd_type_list(c, &t->u.function.results, &t->u.function.n_results));
    break;
  case 9:
    if (!(t = mlir_ir_type_new(ctx, MLIR_IR_TYPE_COMPLEX))) return nomem();
    TSR_TRY(rd_type(c, &t->u.complex_element));
    break;
  case 10: case 11:
    if (!(t = mlir_ir_type_new(ctx, MLIR_IR_TYPE_MEMREF))) return nomem();
    if (code == 11) TSR_TRY(rd_attr(c, &t->u.shaped.memory_space));
    TSR_TRY(rd_shape(c, t));
    TSR_TRY(rd_type(c, &t->u.shaped.element));
    TSR_TRY(rd_layout(c, t));
    break;
  case 13: case 14:
    if (!(t = mlir_ir_type_new(ctx, MLIR_IR_TYPE_TENSOR))) return nomem();
    if (code == 14) TSR_TRY(rd_attr(c, &t->u.shaped.encoding));
    TSR_TRY(rd_shape(c, t));
    TSR_TRY(rd_type(c, &t->u.shaped.element));
    break;
  case 15:
    if (!(t = mlir_ir_type_new(ctx, MLIR_IR_TYPE_TUPLE))) return nomem();
    TSR_TRY(rd_type_list(c, &t->u.tuple.types, &t->u.tuple.n));
    break;
  case 16: case 17:
    if (!(t = mlir_ir_type_new(ctx, MLIR_IR_TYPE_UNRANKED_MEMREF))) return nomem();
    if (code == 17) TSR_TRY(rd_attr(c, &t->u.shaped.memory_space));
    TSR_TRY(rd_type(c, &t->u.shaped.element));
    break;
  case 18:
    if (!(t = mlir_ir_type_new(ctx, MLIR_IR_TYPE_UNRANKED_TENSOR))) return nomem();
    TSR_TRY(rd_type(c, &t->u.shaped.element));
    break;
  case 19: case 20: {
    if (!(t = mlir_ir_type_new(ctx, MLIR_IR_TYPE_VECTOR))) return nomem();
    bool *scal = NULL;
    uint64_t ns = 0;
    if (code == 20) {
      TSR_TRY(rd_count(c, 1, &ns, "scalable flag"));
      if (ns > 64) return bc_fail(c, "too many scalable flags");
      scal = mlir_ir_alloc(ctx, (size_t)(ns ? ns : 1));
      if (!scal) return nomem();
      for (uint64_t i = 0; i < ns; i++) {
        uint8_t b = 0;
        TSR_TRY(rd_byte(c, &b));
        scal[i] = b != 0;
      }
    }
    TSR_TRY(rd_shape(c, t));
    if (code == 20) {
      if (ns != (uint64_t)t->u.shaped.rank) return bc_fail(c, "%llu scalable flags for rank %d", (unsigned long long)ns, t->u.shaped.rank);
      t->u.shaped.scalable = scal;
    }
    TSR_TRY(rd_type(c, &t->u.shaped.element));
    break;
  }
  default:
    c->p = at;
    return bc_fail(c, "unknown builtin type code %llu", (unsigned long long)code);
  }
  if (!t) return nomem();
  *out = t;
  return TSR_OK;
}

/* Dense elements blob (code 18): one element (splat), all elements, or packed i1 bits. */
static tsr_status fill_dense_blob(cursor *c, mlir_ir_attr *a, const uint8_t *blob, size_t size) {
  mlir_ir_ctx *ctx = c->r->m->ctx;
  const mlir_ir_type *et = mlir_ir_type_element(a->type);
  int64_t numel = mlir_ir_type_numel(a->type);
  size_t eb = mlir_text_elem_bytes(et);
  if (numel < 0 || !eb) return bc_fail(c, "dense elements need a static shape and a numeric element type");
  bool i1 = mlir_ir_type_is_int(et, 1);
  a->u.dense.numel = numel;
  a->u.dense.elem_bytes = eb;
  if (i1 && size == 1 && numel > 1 && !(numel <= 8 && blob[0] != 0 && blob[0] != 0xFF)) {
    a->u.dense.splat = true; /* any non-zero byte is true (Mosaic v10 changed the spelling) */
  } else if (i1 && (uint64_t)size == ((uint64_t)numel + 7) / 8 && (uint64_t)size != (uint64_t)numel) {
    uint8_t *d = mlir_ir_alloc(ctx, (size_t)numel);
    if (!d) return nomem();
    for (int64_t i = 0; i < numel; i++) d[i] = (blob[i / 8] >> (i % 8)) & 1;
    a->u.dense.data = d;
    a->u.dense.size = (size_t)numel;
    return TSR_OK;
  } else if (size == eb) {
    a->u.dense.splat = true;
  } else if ((uint64_t)numel > SIZE_MAX / eb || size != (size_t)numel * eb) {
    return bc_fail(c, "dense blob of %zu bytes does not fit %lld elements of %zu bytes", size, (long long)numel, eb);
  }
  uint8_t *d = mlir_ir_alloc(ctx, size);
  if (!d) return nomem();
  for (size_t i = 0; i < size; i++) d[i] = i1 ? blob[i] != 0 : blob[i];
  a->u.dense.data = d;
  a->u.dense.size = size;
  return TSR_OK;
}

static tsr_status rd_affine_expr(cursor *c, int n_dims, int n_syms, mlir_ir_affine **out, int depth) {
  if (depth > MLIR_IR_MAX_DEPTH) return bc_fail(c, "affine expression nested too deeply");
  uint64_t kind = 0;
  TSR_TRY(rd_varint(c, &kind));
  mlir_ir_affine *e = mlir_ir_alloc(c->r->m->ctx, sizeof *e);
  if (!e) return nomem();
  if (kind > 7) return bc_fail(c, "unknown affine expression kind %llu", (unsigned long long)kind);
  e->kind = (mlir_ir_affine_kind)kind;
  if (kind <= 1) {
    uint64_t pos = 0;
    TSR_TRY(rd_varint(c, &pos));
    if (pos >= (uint64_t)(kind == 0 ? n_dims : n_syms)) return bc_fail(c, "affine position %llu out of range", (unsigned long long)pos);
    e->value = (int64_t)pos;
  } else if (kind == 2) {
    TSR_TRY(rd_svarint(c, &e->value));
  } else {
    TSR_TRY(rd_affine_expr(c, n_dims, n_syms, &e->lhs, depth + 1));
    TSR_TRY(rd_affine_expr(c, n_dims, n_syms, &e->rhs, depth + 1));
  }
  *out = e;
  return TSR_OK;
}

static tsr_status rd_affine_map(cursor *c, mlir_ir_attr *a) {
  mlir_ir_ctx *ctx = c->r->m->ctx;
  uint64_t head = 0;
  TSR_TRY(rd_varint(c, &head));
  uint64_t dims = head >> 2, kind = head & 3, syms = 0, n = dims;
  if (dims > 64) return bc_fail(c, "affine map has too many dimensions");
  if (kind == 2) TSR_TRY(rd_count(c, 1, &n, "affine result"));
  if (kind == 3) {
    TSR_TRY(rd_count(c, 1, &syms, "affine symbol"));
    TSR_TRY(rd_count(c, 1, &n, "affine result"));
  }
  if (syms > 64 || n > 64) return bc_fail(c, "affine map too large");
  a->u.affine.n_dims = (int)dims;
  a->u.affine.n_symbols = (int)syms;
  a->u.affine.n_results = (int)n;
  a->u.affine.results = mlir_ir_alloc(ctx, sizeof(mlir_ir_affine *) * (size_t)(n ? n : 1));
  if (!a->u.affine.results) return nomem();
  for (uint64_t i = 0; i < n; i++) {
    if (kind == 3) {
      TSR_TRY(rd_affine_expr(c, (int)dims, (int)syms, &a->u.affine.results[i], 0));
      continue;
    }
    mlir_ir_affine *e = mlir_ir_alloc(ctx, sizeof *e);
    if (!e) return nomem();
    e->kind = MLIR_IR_AFFINE_DIM;
    e->value = (int64_t)i;
    if (kind != 0) {
      uint64_t pos = 0;
      TSR_TRY(rd_varint(c, &pos));
      if (pos >= dims) return bc_fail(c, "affine position out of range");
      e->value = (int64_t)pos;
    }
    a->u.affine.results[i] = e;
  }
  return TSR_OK;
}

static tsr_status decode_builtin_attr(cursor *c, mlir_ir_attr **out) {
  bc_reader *r = c->r;
  mlir_ir_ctx *ctx = r->m->ctx;
  const uint8_t *at = c->p;
  uint64_t code = 0;
  TSR_TRY(rd_varint(c, &code));
  static const mlir_ir_attr_kind kinds[] = {
      MLIR_IR_ATTR_ARRAY, MLIR_IR_ATTR_DICT, MLIR_IR_ATTR_STRING, MLIR_IR_ATTR_STRING,
      MLIR_IR_ATTR_SYMBOL_REF, MLIR_IR_ATTR_SYMBOL_REF, MLIR_IR_ATTR_TYPE, MLIR_IR_ATTR_UNIT,
      MLIR_IR_ATTR_INTEGER, MLIR_IR_ATTR_FLOAT, MLIR_IR_ATTR_LOC_CALLSITE, MLIR_IR_ATTR_LOC_FILE,
      MLIR_IR_ATTR_LOC_FUSED, MLIR_IR_ATTR_LOC_FUSED, MLIR_IR_ATTR_LOC_NAME, MLIR_IR_ATTR_LOC_UNKNOWN,
      MLIR_IR_ATTR_DENSE_RESOURCE, MLIR_IR_ATTR_DENSE_ARRAY, MLIR_IR_ATTR_DENSE, MLIR_IR_ATTR_DENSE_STRING,
      MLIR_IR_ATTR_SPARSE, MLIR_IR_ATTR_DISTINCT, MLIR_IR_ATTR_LOC_FILE, MLIR_IR_ATTR_AFFINE_MAP};
  if (code >= sizeof kinds / sizeof kinds[0]) {
    c->p = at;
    return bc_fail(c, "unknown builtin attribute code %llu", (unsigned long long)code);
  }
  mlir_ir_attr *a = mlir_ir_attr_new(ctx, kinds[code]);
  if (!a) return nomem();
  switch (code) {
  case 0: TSR_TRY(rd_attr_list(c, &a->u.array.elems, &a->u.array.n)); break;
  case 1: {
    uint64_t n = 0;
    TSR_TRY(rd_count(c, 2, &n, "dictionary entry"));
    a->u.dict.n = (int)n;
    a->u.dict.entries = mlir_ir_alloc(ctx, sizeof(mlir_ir_named_attr) * (size_t)(n ? n : 1));
    if (!a->u.dict.entries) return nomem();
    for (uint64_t i = 0; i < n; i++) {
      const char *name;
      TSR_TRY(rd_string_attr(c, &name));
      if (!(a->u.dict.entries[i].name = mlir_ir_intern(ctx, name, strlen(name)))) return nomem();
      TSR_TRY(rd_attr(c, &a->u.dict.entries[i].value));
    }
    if (!mlir_ir_dict_finish(a)) {
      c->p = at;
      return bc_fail(c, "dictionary has a duplicate key");
    }
    break;
  }
  case 2: case 3:
    TSR_TRY(rd_string(c, &a->u.string.data, &a->u.string.len));
    if (code == 3) TSR_TRY(rd_type(c, &a->type));
    break;
  case 4: TSR_TRY(rd_string_attr(c, &a->u.symbol.root)); break;
  case 5: {
    TSR_TRY(rd_string_attr(c, &a->u.symbol.root));
    mlir_ir_attr **nested;
    int n;
    TSR_TRY(rd_attr_list(c, &nested, &n));
    a->u.symbol.nested = mlir_ir_alloc(ctx, sizeof(char *) * (size_t)(n ? n : 1));
    if (!a->u.symbol.nested) return nomem();
    for (int i = 0; i < n; i++) {
      if (nested[i]->kind != MLIR_IR_ATTR_SYMBOL_REF || nested[i]->u.symbol.n_nested)
        return bc_fail(c, "nested symbol reference is not flat");
      a->u.symbol.nested[i] = nested[i]->u.symbol.root;
    }
    a->u.symbol.n_nested = n;
    break;
  }
  case 6: TSR_TRY(rd_type(c, &a->type)); break;
  case 7: case 15: break;
  case 8: case 9: {
    TSR_TRY(rd_type(c, &a->type));
    if (code == 8) {
      unsigned w = a->type->kind == MLIR_IR_TYPE_INDEX ? 64 : a->type->kind == MLIR_IR_TYPE_INTEGER ? a->type->u.integer.width : 0;
      if (!w) return bc_fail(c, "integer attribute with a non-integer type");
      TSR_TRY(rd_apint(c, w, a));
      if (!a->u.integer.n_words) a->u.integer.value = mlir_text_normalize_int(a->type, a->u.integer.value);
    } else {
      if (a->type->kind != MLIR_IR_TYPE_FLOAT) return bc_fail(c, "float attribute with a non-float type");
      mlir_ir_attr tmp = {0};
      TSR_TRY(rd_apint(c, mlir_ir_float_width(a->type->u.float_kind), &tmp));
      unsigned w = mlir_ir_float_width(a->type->u.float_kind);
      a->u.flt.bits = tmp.u.integer.n_words ? tmp.u.integer.words[0]
                      : w < 64 ? (uint64_t)tmp.u.integer.value & ((1ull << w) - 1) : (uint64_t)tmp.u.integer.value;
      a->u.flt.value = mlir_ir_float_value(a->type->u.float_kind, a->u.flt.bits);
    }
    break;
  }
  case 10:
    TSR_TRY(rd_loc(c, &a->u.callsite.callee));
    TSR_TRY(rd_loc(c, &a->u.callsite.caller));
    break;
  case 11: case 22: {
    TSR_TRY(rd_string_attr(c, &a->u.file.file));
    uint64_t v[4] = {0, 0, 0, 0}, n = 2;
    if (code == 22) {
      TSR_TRY(rd_varint(c, &n));
      if (n > 4) return bc_fail(c, "file range with %llu coordinates", (unsigned long long)n);
      a->u.file.is_range = true;
    }
    for (uint64_t i = 0; i < n; i++) {
      TSR_TRY(rd_varint(c, &v[i]));
      if (v[i] > UINT32_MAX) return bc_fail(c, "line or column out of range");
    }
    a->u.file.n_coords = (int)n;
    a->u.file.line = (uint32_t)v[0];
    a->u.file.col = (uint32_t)v[1];
    if (n == 3) a->u.file.end_col = (uint32_t)v[2];
    if (n == 4) { a->u.file.end_line = (uint32_t)v[2]; a->u.file.end_col = (uint32_t)v[3]; }
    break;
  }
  case 12: case 13:
    TSR_TRY(rd_attr_list(c, &a->u.fused.locs, &a->u.fused.n));
    for (int i = 0; i < a->u.fused.n; i++)
      if (!mlir_ir_attr_is_location(a->u.fused.locs[i])) return bc_fail(c, "fused location holds a non-location");
    if (code == 13) TSR_TRY(rd_attr(c, &a->u.fused.metadata));
    break;
  case 14:
    TSR_TRY(rd_string_attr(c, &a->u.name_loc.name));
    TSR_TRY(rd_loc(c, &a->u.name_loc.child));
    break;
  case 16: {
    TSR_TRY(rd_type(c, &a->type));
    uint64_t h = 0;
    TSR_TRY(rd_varint(c, &h));
    if (h >= r->n_resources) return bc_fail(c, "resource handle %llu out of range", (unsigned long long)h);
    a->u.resource.key = r->resource_keys[h];
    break;
  }
  case 17: {
    TSR_TRY(rd_type(c, &a->type));
    uint64_t n = 0;
    TSR_TRY(rd_varint(c, &n));
    const uint8_t *blob;
    size_t size = 0;
    TSR_TRY(rd_blob(c, &blob, &size));
    size_t eb = a->type->kind == MLIR_IR_TYPE_INTEGER || a->type->kind == MLIR_IR_TYPE_FLOAT ? mlir_text_elem_bytes(a->type) : 0;
    if (!eb || n > size || n * eb != size) return bc_fail(c, "dense array of %llu elements has %zu bytes", (unsigned long long)n, size);
    uint8_t *d = mlir_ir_alloc(ctx, size);
    if (!d) return nomem();
    if (size) memcpy(d, blob, size);
    a->u.dense_array.n = (int64_t)n;
    a->u.dense_array.elem_bytes = eb;
    a->u.dense_array.data = d;
    break;
  }
  case 18: {
    TSR_TRY(rd_type(c, &a->type));
    if (!mlir_ir_type_is_shaped(a->type)) return bc_fail(c, "dense elements with a non-shaped type");
    const uint8_t *blob;
    size_t size = 0;
    TSR_TRY(rd_blob(c, &blob, &size));
    TSR_TRY(fill_dense_blob(c, a, blob, size));
    break;
  }
  case 19: {
    TSR_TRY(rd_type(c, &a->type));
    int64_t numel = mlir_ir_type_numel(a->type);
    uint64_t splat = 0;
    TSR_TRY(rd_varint(c, &splat));
    uint64_t n = splat ? 1 : (uint64_t)numel;
    if (numel < 0 || n > remaining(c)) return bc_fail(c, "dense string elements do not fit the data");
    a->u.dense_string.splat = splat != 0;
    a->u.dense_string.n = (int64_t)n;
    a->u.dense_string.strs = mlir_ir_alloc(ctx, sizeof(char *) * (size_t)(n ? n : 1));
    a->u.dense_string.lens = mlir_ir_alloc(ctx, sizeof(size_t) * (size_t)(n ? n : 1));
    if (!a->u.dense_string.strs || !a->u.dense_string.lens) return nomem();
    for (uint64_t i = 0; i < n; i++) TSR_TRY(rd_string(c, &a->u.dense_string.strs[i], &a->u.dense_string.lens[i]));
    break;
  }
  case 20:
    TSR_TRY(rd_type(c, &a->type));
    TSR_TRY(rd_attr(c, &a->u.sparse.indices));
    TSR_TRY(rd_attr(c, &a->u.sparse.values));
    break;
  case 21:
    TSR_TRY(rd_attr(c, &a->u.distinct.referenced));
    break;
  case 23: TSR_TRY(rd_affine_map(c, a)); break;
  }
  *out = a;
  return TSR_OK;
}

/* Decodes entry `e` (an attribute when is_attr) from its slice of the AttrType section. */
static tsr_status decode_entry(bc_reader *r, entry *e, bool is_attr, uint64_t idx) {
  cursor c = sub_cursor(r, e->offset, e->size);
  const char *dialect = e->dialect < r->n_dialects ? r->dialects[e->dialect] : "?";
  if (!e->custom) {
    if (!e->size || r->data[e->offset + e->size - 1] != 0 || memchr(r->data + e->offset, 0, e->size - 1))
      return bc_fail(&c, "text entry of %s %llu is not one NUL-terminated string", is_attr ? "attribute" : "type", (unsigned long long)idx);
    const char *text = (const char *)r->data + e->offset;
    return is_attr ? mlir_text_parse_attr_entry(r->m, text, e->size - 1, (long long)e->offset, (mlir_ir_attr **)&e->value)
                   : mlir_text_parse_type_entry(r->m, text, e->size - 1, (long long)e->offset, (mlir_ir_type **)&e->value);
  }
  if (!strcmp(dialect, "vhlo")) {
    if (is_attr) TSR_TRY(mlir_vhlo_decode_attr(&c, (mlir_ir_attr **)&e->value));
    else TSR_TRY(mlir_vhlo_decode_type(&c, (mlir_ir_type **)&e->value));
    return expect_end(&c, is_attr ? "an attribute entry" : "a type entry");
  }
  if (!strcmp(dialect, "sdy") && is_attr) {
    TSR_TRY(mlir_sdy_decode_attr(&c, (mlir_ir_attr **)&e->value));
    return expect_end(&c, "an attribute entry");
  }
  if (strcmp(dialect, "builtin"))
    return tsr_fail(TSR_ERR_UNSUPPORTED, "bytecode offset %zu: %s %llu uses the bytecode encoding of dialect '%s', which tessera cannot decode",
                    e->offset, is_attr ? "attribute" : "type", (unsigned long long)idx, dialect);
  if (is_attr) TSR_TRY(decode_builtin_attr(&c, (mlir_ir_attr **)&e->value));
  else TSR_TRY(decode_builtin_type(&c, (mlir_ir_type **)&e->value));
  return expect_end(&c, is_attr ? "an attribute entry" : "a type entry");
}

static tsr_status get_entry(bc_reader *r, bool is_attr, uint64_t idx, void **out, const cursor *from) {
  uint64_t n = is_attr ? r->n_attrs : r->n_types;
  const char *what = is_attr ? "attribute" : "type";
  if (idx >= n) return bc_fail(from, "%s index %llu out of range (%llu %ss)", what, (unsigned long long)idx, (unsigned long long)n, what);
  entry *e = is_attr ? &r->attrs[idx] : &r->types[idx];
  if (e->state == 2) {
    *out = e->value;
    return TSR_OK;
  }
  if (e->state == 1) return bc_fail(from, "%s %llu refers to itself", what, (unsigned long long)idx);
  if (r->depth >= MLIR_IR_MAX_DEPTH) return bc_fail(from, "attributes and types nested too deeply");
  e->state = 1;
  r->depth++;
  tsr_status s = decode_entry(r, e, is_attr, idx);
  r->depth--;
  if (s != TSR_OK) {
    e->state = 0;
    return s;
  }
  e->state = 2;
  *out = e->value;
  return TSR_OK;
}

static tsr_status get_attr(bc_reader *r, uint64_t idx, mlir_ir_attr **out, const cursor *from) {
  void *v;
  TSR_TRY(get_entry(r, true, idx, &v, from));
  *out = v;
  return TSR_OK;
}

static tsr_status get_type(bc_reader *r, uint64_t idx, mlir_ir_type **out, const cursor *from) {
  void *v;
  TSR_TRY(get_entry(r, false, idx, &v, from));
  *out = v;
  return TSR_OK;
}

/* ---- IR ----------------------------------------------------------------------------- */

static tsr_status define_value(cursor *c, value_scope *sc, uint64_t slot, mlir_ir_type *type,
                               mlir_ir_value **out) {
  if (slot >= sc->reserved) return bc_fail(c, "more values defined than the region declared");
  mlir_ir_value *v = sc->slots[slot];
  if (v && v->defined) return bc_fail(c, "value %llu defined twice", (unsigned long long)slot);
  if (v) {
    if (v->type && !mlir_ir_type_equal(v->type, type)) return bc_fail(c, "forward reference to value %llu has a different type", (unsigned long long)slot);
  } else if (!(v = mlir_ir_value_new(c->r->m, type))) {
    return nomem();
  }
  v->type = type;
  v->defined = true;
  sc->slots[slot] = v;
  *out = v;
  return TSR_OK;
}

static tsr_status use_value(cursor *c, value_scope *sc, mlir_ir_value **out) {
  const uint8_t *at = c->p;
  uint64_t i = 0;
  TSR_TRY(rd_varint(c, &i));
  if (i >= sc->reserved) {
    c->p = at;
    return bc_fail(c, "operand refers to value %llu, only %llu are visible", (unsigned long long)i, (unsigned long long)sc->reserved);
  }
  if (!sc->slots[i] && !(sc->slots[i] = mlir_ir_value_new(c->r->m, NULL))) return nomem();
  *out = sc->slots[i];
  return TSR_OK;
}

/* Use-list orders only restore the order of uses; read and drop them. */
static tsr_status skip_uselist(cursor *c, uint64_t range) {
  uint64_t n = 1;
  if (range > 1) TSR_TRY(rd_count(c, 1, &n, "use-list"));
  for (uint64_t i = 0; i < n; i++) {
    uint64_t v, k;
    if (range > 1) TSR_TRY(rd_varint(c, &v));
    TSR_TRY(rd_count(c, 1, &k, "use-list index"));
    k >>= 1;
    for (uint64_t j = 0; j < k; j++) TSR_TRY(rd_varint(c, &v));
  }
  return TSR_OK;
}

static tsr_status read_regions(cursor *c, mlir_ir_op *op, value_scope *sc, int depth);

/* builtin.module's properties record: its two optional attributes, sym_name and
 * sym_visibility (in the order of their names), each a varint whose low bit says whether it is
 * there and whose rest is the attribute's index. */
static tsr_status module_props(cursor *c, mlir_ir_attr **out) {
  mlir_ir_ctx *ctx = c->r->m->ctx;
  static const char *const names[] = {"sym_name", "sym_visibility"};
  mlir_ir_attr *d = mlir_ir_empty_dict(ctx);
  if (!d) return nomem();
  for (int i = 0; i < 2; i++) {
    const uint8_t *at = c->p;
    uint64_t v = 0;
    TSR_TRY(rd_varint(c, &v));
    if (!(v & 1)) continue;
    mlir_ir_attr *a;
    cursor here = {c->r, at, c->end};
    TSR_TRY(get_attr(c->r, v >> 1, &a, &here));
    if (!(d = mlir_ir_dict_set(ctx, d, names[i], a))) return nomem();
  }
  *out = d->u.dict.n ? d : NULL;
  return TSR_OK;
}

static tsr_status read_op(cursor *c, mlir_ir_region *region, value_scope *sc, uint64_t *next_slot,
                          uint64_t slot_end, mlir_ir_op **out, int depth) {
  bc_reader *r = c->r;
  mlir_ir_ctx *ctx = r->m->ctx;
  const uint8_t *at = c->p;
  uint64_t name_idx = 0;
  TSR_TRY(rd_varint(c, &name_idx));
  if (name_idx >= r->n_opnames) {
    c->p = at;
    return bc_fail(c, "op name index %llu out of range (%llu names)", (unsigned long long)name_idx, (unsigned long long)r->n_opnames);
  }
  uint8_t mask = 0;
  TSR_TRY(rd_byte(c, &mask));
  uint8_t allowed = 0x1F | (r->version >= 3 ? OP_HAS_USELISTS : 0) | (r->version >= 5 ? OP_HAS_PROPERTIES : 0);
  if (mask & ~allowed) {
    c->p--;
    return bc_fail(c, "op encoding mask 0x%02x has unknown bits for version %llu", mask, (unsigned long long)r->version);
  }
  mlir_ir_attr *loc, *attrs = NULL, *props = NULL;
  const uint8_t *raw_props = NULL;
  size_t raw_size = 0;
  TSR_TRY(rd_loc(c, &loc));
  if (mask & OP_HAS_ATTRS) TSR_TRY(rd_attr_kind(c, MLIR_IR_ATTR_DICT, "an attribute dictionary", &attrs));
  if (mask & OP_HAS_PROPERTIES) {
    uint64_t pi = 0;
    TSR_TRY(rd_varint(c, &pi));
    if (pi >= r->n_props) return bc_fail(c, "properties index %llu out of range", (unsigned long long)pi);
    if (r->opnames[name_idx].registered && !strncmp(r->opnames[name_idx].full, "vhlo.", 5)) {
      /* VHLO's ops are the ones whose schema tessera knows (mlir/vhlo.c) */
      cursor pc = sub_cursor(r, r->prop_off[pi], r->prop_len[pi]);
      TSR_TRY(mlir_vhlo_decode_props(&pc, r->opnames[name_idx].full, &props));
      TSR_TRY(expect_end(&pc, "a VHLO op's properties"));
    } else if (r->opnames[name_idx].registered && !strncmp(r->opnames[name_idx].full, "sdy.", 4)) {
      cursor pc = sub_cursor(r, r->prop_off[pi], r->prop_len[pi]);
      TSR_TRY(mlir_sdy_decode_props(&pc, r->opnames[name_idx].full, &props));
      TSR_TRY(expect_end(&pc, "a Shardy op's properties"));
    } else if (r->opnames[name_idx].registered && !strcmp(r->opnames[name_idx].full, "builtin.module")) {
      cursor pc = sub_cursor(r, r->prop_off[pi], r->prop_len[pi]);
      TSR_TRY(module_props(&pc, &props));
      TSR_TRY(expect_end(&pc, "builtin.module's properties"));
    } else if (r->opnames[name_idx].registered) {
      /* decoding needs the op's ODS schema: keep the record for whoever knows it */
      raw_size = r->prop_len[pi];
      uint8_t *copy = mlir_ir_alloc(ctx, raw_size);
      if (!copy) return nomem();
      if (raw_size) memcpy(copy, r->data + r->prop_off[pi], raw_size);
      raw_props = copy;
    } else {
      cursor pc = sub_cursor(r, r->prop_off[pi], r->prop_len[pi]);
      TSR_TRY(rd_attr_kind(&pc, MLIR_IR_ATTR_DICT, "a properties dictionary", &props));
      TSR_TRY(expect_end(&pc, "a properties record"));
    }
  }
  uint64_t n_results = 0, n_operands = 0, n_succ = 0;
  mlir_ir_type **rtypes = NULL;
  if (mask & OP_HAS_RESULTS) {
    TSR_TRY(rd_count(c, 1, &n_results, "result"));
    if (n_results > slot_end - *next_slot) return bc_fail(c, "op defines more values than its region declared");
    rtypes = calloc(n_results + 1, sizeof *rtypes);
    if (!rtypes) return nomem();
    for (uint64_t i = 0; i < n_results; i++) {
      tsr_status s = rd_type(c, &rtypes[i]);
      if (s != TSR_OK) { free(rtypes); return s; }
    }
  }
  tsr_status s = TSR_OK;
  if (mask & OP_HAS_OPERANDS) s = rd_count(c, 1, &n_operands, "operand");
  mlir_ir_op *op = NULL;
  if (s == TSR_OK) {
    op = mlir_ir_op_new(ctx, r->opnames[name_idx].full, (int)n_operands, (int)n_results, 0, 0);
    if (!op) s = nomem();
  }
  for (uint64_t i = 0; s == TSR_OK && i < n_operands; i++) {
    mlir_ir_value *v = NULL;
    s = use_value(c, sc, &v);
    if (s == TSR_OK) mlir_ir_op_set_operand(op, (int)i, v);
  }
  if (s == TSR_OK && (mask & OP_HAS_SUCCESSORS)) {
    s = rd_count(c, 1, &n_succ, "successor");
    if (s == TSR_OK) {
      op->n_successors = (int)n_succ;
      op->successors = mlir_ir_alloc(ctx, sizeof(mlir_ir_block *) * (size_t)(n_succ ? n_succ : 1));
      if (!op->successors) s = nomem();
    }
    for (uint64_t i = 0; s == TSR_OK && i < n_succ; i++) {
      uint64_t b = 0;
      s = rd_varint(c, &b);
      if (s == TSR_OK && (!region || b >= (uint64_t)region->n_blocks))
        s = bc_fail(c, "successor block %llu out of range", (unsigned long long)b);
      if (s == TSR_OK) op->successors[i] = region->blocks[b];
    }
  }
  for (uint64_t i = 0; s == TSR_OK && i < n_results; i++) {
    mlir_ir_value *v = NULL;
    s = define_value(c, sc, (*next_slot)++, rtypes[i], &v);
    if (s == TSR_OK) {
      v->def_op = op;
      v->index = (int)i;
      op->results[i] = v;
    }
  }
  free(rtypes);
  if (s == TSR_OK && (mask & OP_HAS_USELISTS)) s = skip_uselist(c, n_results);
  if (s != TSR_OK) return s;
  op->loc = loc;
  if (attrs) op->attrs = attrs;
  op->props = props;
  op->raw_props = raw_props;
  op->raw_props_size = raw_size;
  if (mask & OP_HAS_REGIONS) TSR_TRY(read_regions(c, op, sc, depth + 1));
  *out = op;
  return TSR_OK;
}

static tsr_status read_block(cursor *c, mlir_ir_block *b, value_scope *sc, uint64_t *next_slot,
                             uint64_t slot_end, int depth) {
  bc_reader *r = c->r;
  uint64_t head = 0;
  TSR_TRY(rd_varint(c, &head));
  uint64_t n_ops = head >> 1;
  if (n_ops > remaining(c) / 2) return bc_fail(c, "block op count %llu exceeds the data", (unsigned long long)n_ops);
  if (head & 1) {
    uint64_t n_args = 0;
    TSR_TRY(rd_count(c, 1, &n_args, "block argument"));
    if (n_args > slot_end - *next_slot) return bc_fail(c, "block defines more values than its region declared");
    b->n_args = (int)n_args;
    b->args = mlir_ir_alloc(r->m->ctx, sizeof(mlir_ir_value *) * (size_t)(n_args ? n_args : 1));
    if (!b->args) return nomem();
    for (uint64_t i = 0; i < n_args; i++) {
      mlir_ir_type *t;
      mlir_ir_attr *loc = NULL;
      if (r->version >= 4) {
        uint64_t v = 0;
        const uint8_t *at = c->p;
        TSR_TRY(rd_varint(c, &v));
        cursor here = {r, at, c->end};
        TSR_TRY(get_type(r, v >> 1, &t, &here));
        if (v & 1) TSR_TRY(rd_loc(c, &loc));
      } else {
        TSR_TRY(rd_type(c, &t));
        TSR_TRY(rd_loc(c, &loc));
      }
      if (!loc && !(loc = mlir_ir_attr_new(r->m->ctx, MLIR_IR_ATTR_LOC_UNKNOWN))) return nomem();
      mlir_ir_value *v;
      TSR_TRY(define_value(c, sc, (*next_slot)++, t, &v));
      v->block = b;
      v->index = (int)i;
      v->loc = loc;
      b->args[i] = v;
    }
    if (r->version >= 3) {
      uint8_t has_uselist = 0;
      TSR_TRY(rd_byte(c, &has_uselist));
      if (has_uselist) TSR_TRY(skip_uselist(c, n_args));
    }
  }
  for (uint64_t i = 0; i < n_ops; i++) {
    mlir_ir_op *op;
    TSR_TRY(read_op(c, b->parent, sc, next_slot, slot_end, &op, depth));
    mlir_ir_block_append(b, op);
  }
  return TSR_OK;
}

static tsr_status read_region(cursor *c, mlir_ir_region *region, value_scope *sc, int depth) {
  bc_reader *r = c->r;
  mlir_ir_ctx *ctx = r->m->ctx;
  uint64_t n_blocks = 0;
  TSR_TRY(rd_count(c, 1, &n_blocks, "block"));
  if (!n_blocks) return TSR_OK;
  uint64_t n_values = 0;
  TSR_TRY(rd_count(c, 1, &n_values, "value"));
  region->n_blocks = (int)n_blocks;
  region->blocks = mlir_ir_alloc(ctx, sizeof(mlir_ir_block *) * (size_t)n_blocks);
  if (!region->blocks) return nomem();
  for (uint64_t i = 0; i < n_blocks; i++) {
    if (!(region->blocks[i] = mlir_ir_alloc(ctx, sizeof(mlir_ir_block)))) return nomem();
    region->blocks[i]->parent = region;
    region->blocks[i]->index = (int)i;
  }
  uint64_t base = sc->reserved, end = base + n_values;
  if (end > sc->cap) {
    uint64_t cap = end * 2;
    mlir_ir_value **slots = realloc(sc->slots, cap * sizeof *slots);
    if (!slots) return nomem();
    memset(slots + sc->cap, 0, (cap - sc->cap) * sizeof *slots);
    sc->slots = slots;
    sc->cap = cap;
  }
  sc->reserved = end;
  uint64_t next = base;
  for (uint64_t i = 0; i < n_blocks; i++) TSR_TRY(read_block(c, region->blocks[i], sc, &next, end, depth));
  if (next != end) return bc_fail(c, "region declared %llu values but defined %llu", (unsigned long long)n_values, (unsigned long long)(next - base));
  /* nested regions of this region's ops have closed; anything still undefined here is a
   * reference to a value nobody defines */
  for (uint64_t i = base; i < sc->reserved; i++)
    if (sc->slots[i] && !sc->slots[i]->defined) return bc_fail(c, "operand refers to value %llu, which is never defined", (unsigned long long)i);
  if (n_values) memset(sc->slots + base, 0, (size_t)n_values * sizeof *sc->slots);
  sc->reserved = base;
  return TSR_OK;
}

static tsr_status read_regions(cursor *c, mlir_ir_op *op, value_scope *sc, int depth) {
  bc_reader *r = c->r;
  if (depth > MLIR_IR_MAX_DEPTH) return bc_fail(c, "regions nested too deeply");
  uint64_t head = 0;
  TSR_TRY(rd_varint(c, &head));
  uint64_t n = head >> 1;
  bool isolated = head & 1;
  if (n == 0 || n > remaining(c)) return bc_fail(c, "bad region count %llu", (unsigned long long)n);
  op->n_regions = (int)n;
  op->regions = mlir_ir_alloc(r->m->ctx, sizeof(mlir_ir_region) * (size_t)n);
  if (!op->regions) return nomem();
  for (uint64_t i = 0; i < n; i++) op->regions[i].parent = op;
  cursor inner = *c;
  if (isolated && r->version >= 2) {
    uint8_t id = 0;
    size_t off, len;
    TSR_TRY(rd_section(c, &id, &off, &len));
    if (id != SEC_IR) return bc_fail(c, "expected an IR section around isolated regions, got section %u", id);
    inner = sub_cursor(r, off, len);
  }
  value_scope fresh = {0};
  value_scope *scope = isolated ? &fresh : sc;
  tsr_status s = TSR_OK;
  for (uint64_t i = 0; s == TSR_OK && i < n; i++) s = read_region(&inner, &op->regions[i], scope, depth);
  free(fresh.slots);
  TSR_TRY(s);
  if (isolated && r->version >= 2) return expect_end(&inner, "an isolated region section");
  c->p = inner.p;
  return TSR_OK;
}

static tsr_status read_ir(bc_reader *r) {
  cursor c = sub_cursor(r, r->sec_off[SEC_IR], r->sec_len[SEC_IR]);
  uint64_t head = 0;
  TSR_TRY(rd_varint(&c, &head));
  if (head != 2) return bc_fail(&c, "the IR section must hold exactly one top-level op");
  value_scope top = {0};
  uint64_t next = 0;
  mlir_ir_op *op = NULL;
  tsr_status s = read_op(&c, NULL, &top, &next, 0, &op, 0);
  free(top.slots);
  TSR_TRY(s);
  r->m->top = op;
  return expect_end(&c, "the IR section");
}

/* ---- top level ------------------------------------------------------------------------ */

static void reader_free(bc_reader *r) {
  free(r->str_off);
  free(r->str_len);
  free(r->dialects);
  free(r->opnames);
  free(r->attrs);
  free(r->types);
  free(r->resource_keys);
  free(r->prop_off);
  free(r->prop_len);
}

static tsr_status read_all(bc_reader *r, mlir_bc_info *info) {
  cursor c = {r, r->data, r->data + r->size};
  if (r->size < 4 || memcmp(r->data, "ML\xEFR", 4)) return bc_fail(&c, "not MLIR bytecode (bad magic)");
  c.p += 4;
  const uint8_t *version_at = c.p;
  TSR_TRY(rd_varint(&c, &r->version));
  if (r->version > BC_MAX_VERSION && (c.p = version_at))
    return bc_fail(&c, "bytecode version %llu is newer than the newest supported (%d)", (unsigned long long)r->version, BC_MAX_VERSION);
  const uint8_t *nul = memchr(c.p, 0, remaining(&c));
  if (!nul) return bc_fail(&c, "producer string is not NUL-terminated");
  if (info) snprintf(info->producer, sizeof info->producer, "%s", (const char *)c.p);
  c.p = nul + 1;
  while (c.p < c.end) {
    uint8_t id = 0;
    size_t off, len;
    const uint8_t *at = c.p;
    TSR_TRY(rd_section(&c, &id, &off, &len));
    if (id >= SEC_COUNT || id == SEC_DIALECT_VERSIONS) {
      c.p = at;
      return bc_fail(&c, "unknown top-level section id %u", id);
    }
    if (r->has_sec[id]) {
      c.p = at;
      return bc_fail(&c, "duplicate section %u", id);
    }
    r->has_sec[id] = true;
    r->sec_off[id] = off;
    r->sec_len[id] = len;
  }
  static const int required[] = {SEC_STRING, SEC_DIALECT, SEC_ATTRTYPE, SEC_ATTRTYPE_OFFSET, SEC_IR};
  for (size_t i = 0; i < sizeof required / sizeof required[0]; i++)
    if (!r->has_sec[required[i]]) return bc_fail(&c, "missing required section %d", required[i]);
  if (r->version >= 5 && !r->has_sec[SEC_PROPERTIES]) return bc_fail(&c, "missing the properties section (required since version 5)");
  if (r->has_sec[SEC_RESOURCE] != r->has_sec[SEC_RESOURCE_OFFSET]) return bc_fail(&c, "resource sections must come in pairs");
  TSR_TRY(read_strings(r));
  TSR_TRY(read_dialects(r));
  TSR_TRY(read_resources(r));
  TSR_TRY(read_properties(r));
  TSR_TRY(read_offsets(r));
  TSR_TRY(read_ir(r));
  /* entries no op refers to must still be well-formed: decode every one */
  cursor none = {r, r->data, r->data + r->size};
  for (uint64_t i = 0; i < r->n_attrs; i++) {
    mlir_ir_attr *a;
    TSR_TRY(get_attr(r, i, &a, &none));
  }
  for (uint64_t i = 0; i < r->n_types; i++) {
    mlir_ir_type *t;
    TSR_TRY(get_type(r, i, &t, &none));
  }
  if (info) {
    info->version = (int)r->version;
    info->n_strings = r->n_strings;
    info->n_dialects = r->n_dialects;
    info->n_op_names = r->n_opnames;
    info->n_attrs = r->n_attrs;
    info->n_types = r->n_types;
  }
  return TSR_OK;
}

tsr_status mlir_bc_read(mlir_ir_module *m, const void *data, size_t size, mlir_bc_info *info) {
  bc_reader r;
  memset(&r, 0, sizeof r);
  r.data = data;
  r.size = size;
  r.m = m;
  if (info) memset(info, 0, sizeof *info);
  tsr_status s = read_all(&r, info);
  reader_free(&r);
  return s;
}

bool mlir_bc_is_bytecode(const void *data, size_t size) {
  return size >= 4 && !memcmp(data, "ML\xEFR", 4);
}

/* ---- primitives for dialect decoders (mlir/vhlo_bytecode.c) ----------------------------- */

mlir_ir_ctx *mlir_bc_ctx(const mlir_bc_cursor *c) { return c->r->m->ctx; }
mlir_ir_module *mlir_bc_module(const mlir_bc_cursor *c) { return c->r->m; }
size_t mlir_bc_offset(const mlir_bc_cursor *c) { return (size_t)(c->p - c->r->data); }
tsr_status mlir_bc_fail_at(const mlir_bc_cursor *c, const char *msg) { return bc_fail(c, "%s", msg); }
tsr_status mlir_bc_varint(mlir_bc_cursor *c, uint64_t *out) { return rd_varint(c, out); }
tsr_status mlir_bc_svarint(mlir_bc_cursor *c, int64_t *out) { return rd_svarint(c, out); }
tsr_status mlir_bc_count(mlir_bc_cursor *c, size_t min_bytes, uint64_t *out, const char *what) {
  return rd_count(c, min_bytes, out, what);
}
tsr_status mlir_bc_string(mlir_bc_cursor *c, const char **s, size_t *len) { return rd_string(c, s, len); }
tsr_status mlir_bc_blob(mlir_bc_cursor *c, const uint8_t **data, size_t *size) { return rd_blob(c, data, size); }
tsr_status mlir_bc_attr(mlir_bc_cursor *c, mlir_ir_attr **out) { return rd_attr(c, out); }
tsr_status mlir_bc_attr_at(mlir_bc_cursor *c, uint64_t idx, mlir_ir_attr **out) { return get_attr(c->r, idx, out, c); }
tsr_status mlir_bc_bytes(mlir_bc_cursor *c, size_t n, const uint8_t **out) {
  if (remaining(c) < n) return bc_fail(c, "unexpected end of data, expected %zu bytes", n);
  *out = c->p;
  c->p += n;
  return TSR_OK;
}
tsr_status mlir_bc_type(mlir_bc_cursor *c, mlir_ir_type **out) { return rd_type(c, out); }
tsr_status mlir_bc_attrs(mlir_bc_cursor *c, mlir_ir_attr ***out, int *n) { return rd_attr_list(c, out, n); }
tsr_status mlir_bc_types(mlir_bc_cursor *c, mlir_ir_type ***out, int *n) { return rd_type_list(c, out, n); }
tsr_status mlir_bc_apint(mlir_bc_cursor *c, unsigned width, mlir_ir_attr *a) { return rd_apint(c, width, a); }
tsr_status mlir_bc_dense(mlir_bc_cursor *c, mlir_ir_attr *a, const uint8_t *blob, size_t size) {
  return fill_dense_blob(c, a, blob, size);
}
