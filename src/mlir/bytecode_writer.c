/* MLIR bytecode writer, versions 0 to 6 (reference/mlir_bytecode.md sections 1-4): what
 * bytecode.c reads, laid out the way upstream MLIR lays it out, so that the reader's paths
 * for every version can be tested on real modules and users can re-encode what they read.
 *
 * Encoding choices, where the format leaves room:
 * - Builtin attributes and types use the builtin dialect's encodings, except those upstream
 *   writers also store as text: affine maps (the identity memref layout included), strided
 *   layouts, the float types with codes 21-32, and every other dialect's attribute or type
 *   (tpu, arith, ...), which go as their assembly text under their own dialect.
 * - Entries are deduplicated by their encoding, so equal attributes share one index.
 * - Every op is written as unregistered (v5+: wasRegistered = 0), because tessera knows no
 *   op's ODS property schema. So an op's `props` dictionary is one properties record
 *   holding the index of that DictionaryAttr, which is how MLIR stores the properties of an
 *   unregistered op and how bytecode.c decodes them. Below version 5 there are no
 *   properties: they are merged into the attribute dictionary, as MLIR does.
 * - Ops with regions are flagged isolated when nothing inside uses a value from outside,
 *   like MLIR's IRNumbering; from v2 their regions go in a nested section.
 * - dense_resource handles are written as empty blobs of the builtin dialect: the IR keeps
 *   only the key, not the payload. */
#include "core/grow.h"
#include "mlir/bytecode_writer.h"

#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "mlir/printer.h"
#include "mlir/text.h"

enum { SEC_STRING, SEC_DIALECT, SEC_ATTRTYPE, SEC_ATTRTYPE_OFFSET, SEC_IR, SEC_RESOURCE,
       SEC_RESOURCE_OFFSET, SEC_DIALECT_VERSIONS, SEC_PROPERTIES };
enum { OP_HAS_ATTRS = 0x01, OP_HAS_RESULTS = 0x02, OP_HAS_OPERANDS = 0x04,
       OP_HAS_SUCCESSORS = 0x08, OP_HAS_REGIONS = 0x10, OP_HAS_USELISTS = 0x20,
       OP_HAS_PROPERTIES = 0x40 };

/* ---- growable byte buffer --------------------------------------------------------------- */

typedef struct buf {
  uint8_t *p;
  size_t n, cap;
  bool oom;
} buf;

static void put_bytes(buf *b, const void *data, size_t n) {
  if (b->oom || !n) return;
  if (b->n + n > b->cap) {
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->n + n) cap *= 2;
    uint8_t *p = realloc(b->p, cap);
    if (!p) {
      b->oom = true;
      return;
    }
    b->p = p;
    b->cap = cap;
  }
  memcpy(b->p + b->n, data, n);
  b->n += n;
}

static void put_byte(buf *b, uint8_t v) { put_bytes(b, &v, 1); }

/* PrefixVarInt: the count of trailing zero bits of the first byte is the count of extra
 * bytes; the shortest form is always chosen, as upstream does. */
static void put_varint(buf *b, uint64_t v) {
  for (unsigned n = 1; n <= 8; n++) {
    if (n < 8 ? v >> (7 * n) != 0 : v >> 56 != 0) continue;
    uint64_t enc = (v << n) | (1ull << (n - 1));
    uint8_t bytes[8];
    for (unsigned i = 0; i < n; i++) bytes[i] = (uint8_t)(enc >> (8 * i));
    put_bytes(b, bytes, n);
    return;
  }
  uint8_t bytes[9] = {0};
  for (unsigned i = 0; i < 8; i++) bytes[1 + i] = (uint8_t)(v >> (8 * i));
  put_bytes(b, bytes, 9);
}

static uint64_t zigzag(uint64_t v) { return (v << 1) ^ (uint64_t)((int64_t)v >> 63); }

static void put_svarint(buf *b, int64_t v) { put_varint(b, zigzag((uint64_t)v)); }

static void put_section(buf *out, uint8_t id, const buf *payload) {
  put_byte(out, id);
  put_varint(out, payload->n);
  put_bytes(out, payload->p, payload->n);
  if (payload->oom) out->oom = true;
}

/* ---- byte-keyed hash map (strings, entries by encoding, memo by pointer) --------------- */

typedef struct bmap_item { size_t off, len; uint64_t hash; } bmap_item;

/* Items are numbered in insertion order; that number is the map's value. */
typedef struct bmap {
  uint32_t *slots; /* item + 1; 0 = empty */
  size_t cap;
  bmap_item *items;
  size_t n, items_cap;
  buf keys;
} bmap;

static uint64_t hash_bytes(const uint8_t *p, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

static const uint8_t *bmap_key(const bmap *m, size_t i) { return m->keys.p + m->items[i].off; }

static bool bmap_grow(bmap *m) {
  size_t cap = m->cap ? m->cap * 2 : 64;
  uint32_t *slots = calloc(cap, sizeof *slots);
  if (!slots) return false;
  for (size_t i = 0; i < m->n; i++) {
    size_t s = m->items[i].hash & (cap - 1);
    while (slots[s]) s = (s + 1) & (cap - 1);
    slots[s] = (uint32_t)i + 1;
  }
  free(m->slots);
  m->slots = slots;
  m->cap = cap;
  return true;
}

/* Index of `key`, adding it when new (*added says which); -1 when out of memory. */
static int64_t bmap_intern(bmap *m, const void *key, size_t len, bool *added) {
  uint64_t h = hash_bytes(key, len);
  if (added) *added = false;
  if (m->cap) {
    for (size_t s = h & (m->cap - 1); m->slots[s]; s = (s + 1) & (m->cap - 1)) {
      const bmap_item *it = &m->items[m->slots[s] - 1];
      if (it->hash == h && it->len == len && !memcmp(bmap_key(m, m->slots[s] - 1), key, len))
        return m->slots[s] - 1;
    }
  }
  if ((m->n + 1) * 2 > m->cap && !bmap_grow(m)) return -1;
  if (!GROW_ARRAY(m->items, m->n, m->items_cap, 64)) return -1;
  size_t off = m->keys.n;
  put_bytes(&m->keys, key, len);
  if (m->keys.oom) return -1;
  m->items[m->n] = (bmap_item){off, len, h};
  size_t s = h & (m->cap - 1);
  while (m->slots[s]) s = (s + 1) & (m->cap - 1);
  m->slots[s] = (uint32_t)m->n + 1;
  if (added) *added = true;
  return (int64_t)m->n++;
}

/* Lookup only; -1 when absent. */
static int64_t bmap_find(const bmap *m, const void *key, size_t len) {
  if (!m->cap) return -1;
  uint64_t h = hash_bytes(key, len);
  for (size_t s = h & (m->cap - 1); m->slots[s]; s = (s + 1) & (m->cap - 1)) {
    const bmap_item *it = &m->items[m->slots[s] - 1];
    if (it->hash == h && it->len == len && !memcmp(bmap_key(m, m->slots[s] - 1), key, len))
      return m->slots[s] - 1;
  }
  return -1;
}

static void bmap_free(bmap *m) {
  free(m->slots);
  free(m->items);
  free(m->keys.p);
}

/* ---- writer state ---------------------------------------------------------------------- */

/* Entry keys are [dialect u32][custom u8][payload]: deduplication then also separates equal
 * payloads of different dialects. */
enum { ENTRY_PREFIX = 5 };

typedef struct wr {
  const mlir_ir_module *m;
  mlir_bc_write_opts o;
  tsr_status st;
  bmap strs, attrs, types, attr_memo, type_memo, opnames, props;
  uint32_t *attr_memo_vals, *type_memo_vals; /* entry index by memo item */
  uint32_t *dialect_str; /* string index of each dialect's name */
  size_t n_dialects, cap_dialects;
  uint32_t *opname_dialect, *opname_final; /* by op name number in first-use order */
  uint32_t n_resources, cap_resources;
  uint32_t *resource_key; /* string index of each dense_resource key */
  uint64_t *vnum;         /* value number in its scope, by value id */
  uint32_t builtin;       /* dialect index of builtin */
} wr;

static tsr_status wr_fail(wr *w, tsr_status s, const char *fmt, const char *arg) TSR_PRINTF(3, 0);
static tsr_status wr_fail(wr *w, tsr_status s, const char *fmt, const char *arg) {
  if (w->st == TSR_OK) w->st = tsr_fail(s, fmt, arg);
  return w->st;
}

static void wr_nomem(wr *w) {
  if (w->st == TSR_OK) w->st = tsr_fail(TSR_ERR_NOMEM, "out of memory");
}

static uint32_t str_idx(wr *w, const char *s, size_t len) {
  int64_t i = bmap_intern(&w->strs, s, len, NULL);
  if (i < 0) {
    wr_nomem(w);
    return 0;
  }
  return (uint32_t)i;
}

static uint32_t dialect_idx(wr *w, const char *name, size_t len) {
  uint32_t s = str_idx(w, name, len);
  for (size_t i = 0; i < w->n_dialects; i++)
    if (w->dialect_str[i] == s) return (uint32_t)i;
  if (!GROW_ARRAY(w->dialect_str, w->n_dialects, w->cap_dialects, 8)) {
    wr_nomem(w);
    return 0;
  }
  w->dialect_str[w->n_dialects] = s;
  return (uint32_t)w->n_dialects++;
}

/* Index of the entry (dialect, custom, payload) in the attribute or type table. */
static uint32_t entry_idx(wr *w, bool is_attr, uint32_t dialect, bool custom, buf *payload) {
  buf key = {0};
  uint8_t prefix[ENTRY_PREFIX] = {(uint8_t)dialect, (uint8_t)(dialect >> 8), (uint8_t)(dialect >> 16),
                                  (uint8_t)(dialect >> 24), custom};
  put_bytes(&key, prefix, sizeof prefix);
  put_bytes(&key, payload->p, payload->n);
  int64_t i = key.oom || payload->oom ? -1 : bmap_intern(is_attr ? &w->attrs : &w->types, key.p, key.n, NULL);
  free(key.p);
  free(payload->p);
  *payload = (buf){0};
  if (i < 0) {
    wr_nomem(w);
    return 0;
  }
  return (uint32_t)i;
}

/* Assembly text stored NUL-terminated under the dialect its spelling names: `#ns.x<..>`,
 * `!ns.x`, `#ns<..>`; anything else (affine_map<...>, strided<...>, f8E4M3FN) is builtin. */
static uint32_t text_entry(wr *w, bool is_attr, const char *text, size_t len) {
  uint32_t dialect = w->builtin;
  if (len > 1 && (text[0] == '#' || text[0] == '!')) {
    size_t n = strcspn(text + 1, ".<");
    if (n && n + 1 < len) dialect = dialect_idx(w, text + 1, n);
  }
  buf payload = {0};
  put_bytes(&payload, text, len);
  put_byte(&payload, 0);
  return entry_idx(w, is_attr, dialect, false, &payload);
}

typedef void (*print_fn)(FILE *f, const void *x);
static void print_attr_cb(FILE *f, const void *x) { mlir_print_attr(f, x); }
static void print_type_cb(FILE *f, const void *x) { mlir_print_type(f, x); }

static uint32_t printed_entry(wr *w, bool is_attr, const void *x) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f) {
    wr_nomem(w);
    return 0;
  }
  (is_attr ? print_attr_cb : print_type_cb)(f, x);
  fclose(f);
  uint32_t i = text ? text_entry(w, is_attr, text, len) : 0;
  if (!text) wr_nomem(w);
  free(text);
  return i;
}

static uint32_t attr_idx(wr *w, const mlir_ir_attr *a);
static uint32_t type_idx(wr *w, const mlir_ir_type *t);

static uint32_t builtin_attr(wr *w, buf *payload) { return entry_idx(w, true, w->builtin, true, payload); }

static uint32_t string_attr_idx(wr *w, const char *s, size_t len) {
  buf p = {0};
  put_varint(&p, 2);
  put_varint(&p, str_idx(w, s, len));
  return builtin_attr(w, &p);
}

static uint32_t unknown_loc_idx(wr *w) {
  buf p = {0};
  put_varint(&p, 15);
  return builtin_attr(w, &p);
}

static uint32_t loc_idx(wr *w, const mlir_ir_attr *loc) { return loc ? attr_idx(w, loc) : unknown_loc_idx(w); }

/* APInt of a known width: a byte up to 8 bits, the zigzag of the zero-extended value up
 * to 64 (upstream writes getLimitedValue()), else the active words. */
static void put_apint(buf *p, unsigned width, uint64_t value, const uint64_t *words, unsigned n_words) {
  if (width <= 8) {
    put_byte(p, (uint8_t)value);
  } else if (width <= 64) {
    put_varint(p, zigzag(width < 64 ? value & ((1ull << width) - 1) : value));
  } else {
    /* a value kept in 64 bits (n_words 0) is sign-extended to the width */
    unsigned total = (width + 63) / 64, active = 1;
    uint64_t ext = (int64_t)value < 0 ? ~0ull : 0;
    for (unsigned i = 0; i < total; i++) {
      unsigned bits = width - 64 * i < 64 ? width - 64 * i : 64;
      uint64_t w = n_words ? (i < n_words ? words[i] : 0) : i ? ext : value;
      if (bits < 64) w &= (1ull << bits) - 1;
      if (w) active = i + 1;
    }
    put_varint(p, active);
    for (unsigned i = 0; i < active; i++) {
      unsigned bits = width - 64 * i < 64 ? width - 64 * i : 64;
      uint64_t w = n_words ? (i < n_words ? words[i] : 0) : i ? ext : value;
      if (bits < 64) w &= (1ull << bits) - 1;
      put_varint(p, zigzag(w));
    }
  }
}

static void put_attr_list(wr *w, buf *p, mlir_ir_attr *const *a, int n) {
  put_varint(p, (uint64_t)n);
  for (int i = 0; i < n; i++) put_varint(p, attr_idx(w, a[i]));
}

static void put_dense_blob(buf *p, const mlir_ir_attr *a) {
  const mlir_ir_type *et = mlir_ir_type_element(a->type);
  size_t eb = a->u.dense.elem_bytes;
  if (mlir_ir_type_is_int(et, 1)) {
    /* i1 is bit-packed; a splat is one byte of all ones or all zeros */
    if (a->u.dense.splat) {
      put_varint(p, 1);
      put_byte(p, a->u.dense.data[0] ? 0xFF : 0x00);
      return;
    }
    size_t n = (size_t)(a->u.dense.numel + 7) / 8;
    put_varint(p, n);
    for (size_t i = 0; i < n; i++) {
      uint8_t byte = 0;
      for (size_t k = 0; k < 8 && i * 8 + k < (size_t)a->u.dense.numel; k++)
        if (a->u.dense.data[i * 8 + k]) byte |= (uint8_t)(1u << k);
      put_byte(p, byte);
    }
    return;
  }
  size_t size = a->u.dense.splat ? eb : (size_t)a->u.dense.numel * eb;
  put_varint(p, size);
  put_bytes(p, a->u.dense.data, size);
}

static void put_dict(wr *w, buf *p, const mlir_ir_attr *d) {
  put_varint(p, 1);
  put_varint(p, (uint64_t)d->u.dict.n);
  for (int i = 0; i < d->u.dict.n; i++) {
    put_varint(p, string_attr_idx(w, d->u.dict.entries[i].name, strlen(d->u.dict.entries[i].name)));
    put_varint(p, attr_idx(w, d->u.dict.entries[i].value));
  }
}

static uint32_t encode_attr(wr *w, const mlir_ir_attr *a) {
  buf p = {0};
  switch (a->kind) {
  case MLIR_IR_ATTR_ARRAY:
    put_varint(&p, 0);
    put_attr_list(w, &p, a->u.array.elems, a->u.array.n);
    break;
  case MLIR_IR_ATTR_DICT: put_dict(w, &p, a); break;
  case MLIR_IR_ATTR_STRING:
    put_varint(&p, a->type ? 3 : 2);
    put_varint(&p, str_idx(w, a->u.string.data, a->u.string.len));
    if (a->type) put_varint(&p, type_idx(w, a->type));
    break;
  case MLIR_IR_ATTR_SYMBOL_REF:
    put_varint(&p, a->u.symbol.n_nested ? 5 : 4);
    put_varint(&p, string_attr_idx(w, a->u.symbol.root, strlen(a->u.symbol.root)));
    if (a->u.symbol.n_nested) {
      put_varint(&p, (uint64_t)a->u.symbol.n_nested);
      for (int i = 0; i < a->u.symbol.n_nested; i++) {
        buf flat = {0};
        put_varint(&flat, 4);
        put_varint(&flat, string_attr_idx(w, a->u.symbol.nested[i], strlen(a->u.symbol.nested[i])));
        put_varint(&p, builtin_attr(w, &flat));
      }
    }
    break;
  case MLIR_IR_ATTR_TYPE:
    put_varint(&p, 6);
    put_varint(&p, type_idx(w, a->type));
    break;
  case MLIR_IR_ATTR_UNIT: put_varint(&p, 7); break;
  case MLIR_IR_ATTR_INTEGER: {
    unsigned width = mlir_ir_type_bit_width(a->type);
    put_varint(&p, 8);
    put_varint(&p, type_idx(w, a->type));
    put_apint(&p, width, (uint64_t)a->u.integer.value, a->u.integer.words, a->u.integer.n_words);
    break;
  }
  case MLIR_IR_ATTR_FLOAT: {
    put_varint(&p, 9);
    put_varint(&p, type_idx(w, a->type));
    uint64_t bits = a->u.flt.bits;
    put_apint(&p, mlir_ir_float_width(a->type->u.float_kind), bits, &bits, 1);
    break;
  }
  case MLIR_IR_ATTR_LOC_CALLSITE:
    put_varint(&p, 10);
    put_varint(&p, loc_idx(w, a->u.callsite.callee));
    put_varint(&p, loc_idx(w, a->u.callsite.caller));
    break;
  case MLIR_IR_ATTR_LOC_FILE: {
    int n = a->u.file.n_coords;
    bool range = a->u.file.is_range || n != 2;
    put_varint(&p, range ? 22 : 11);
    put_varint(&p, string_attr_idx(w, a->u.file.file, strlen(a->u.file.file)));
    if (range) put_varint(&p, (uint64_t)n);
    uint32_t c[4] = {a->u.file.line, a->u.file.col, n == 3 ? a->u.file.end_col : a->u.file.end_line,
                     a->u.file.end_col};
    for (int i = 0; i < n && i < 4; i++) put_varint(&p, c[i]);
    break;
  }
  case MLIR_IR_ATTR_LOC_FUSED:
    put_varint(&p, a->u.fused.metadata ? 13 : 12);
    put_attr_list(w, &p, a->u.fused.locs, a->u.fused.n);
    if (a->u.fused.metadata) put_varint(&p, attr_idx(w, a->u.fused.metadata));
    break;
  case MLIR_IR_ATTR_LOC_NAME:
    put_varint(&p, 14);
    put_varint(&p, string_attr_idx(w, a->u.name_loc.name, strlen(a->u.name_loc.name)));
    put_varint(&p, loc_idx(w, a->u.name_loc.child));
    break;
  case MLIR_IR_ATTR_LOC_UNKNOWN: put_varint(&p, 15); break;
  case MLIR_IR_ATTR_DENSE_RESOURCE: {
    uint32_t key = str_idx(w, a->u.resource.key, strlen(a->u.resource.key));
    uint32_t h = 0;
    while (h < w->n_resources && w->resource_key[h] != key) h++;
    if (h == w->n_resources) {
      if (!GROW_ARRAY(w->resource_key, w->n_resources, w->cap_resources, 8)) {
        wr_nomem(w);
        break;
      }
      w->resource_key[w->n_resources++] = key;
    }
    put_varint(&p, 16);
    put_varint(&p, type_idx(w, a->type));
    put_varint(&p, h);
    break;
  }
  case MLIR_IR_ATTR_DENSE_ARRAY: {
    size_t size = (size_t)a->u.dense_array.n * a->u.dense_array.elem_bytes;
    put_varint(&p, 17);
    put_varint(&p, type_idx(w, a->type));
    put_varint(&p, (uint64_t)a->u.dense_array.n);
    put_varint(&p, size);
    put_bytes(&p, a->u.dense_array.data, size);
    break;
  }
  case MLIR_IR_ATTR_DENSE:
    put_varint(&p, 18);
    put_varint(&p, type_idx(w, a->type));
    put_dense_blob(&p, a);
    break;
  case MLIR_IR_ATTR_DENSE_STRING:
    put_varint(&p, 19);
    put_varint(&p, type_idx(w, a->type));
    put_varint(&p, a->u.dense_string.splat);
    for (int64_t i = 0; i < a->u.dense_string.n; i++)
      put_varint(&p, str_idx(w, a->u.dense_string.strs[i], a->u.dense_string.lens[i]));
    break;
  case MLIR_IR_ATTR_SPARSE:
    put_varint(&p, 20);
    put_varint(&p, type_idx(w, a->type));
    put_varint(&p, attr_idx(w, a->u.sparse.indices));
    put_varint(&p, attr_idx(w, a->u.sparse.values));
    break;
  case MLIR_IR_ATTR_DISTINCT:
    put_varint(&p, 21);
    put_varint(&p, attr_idx(w, a->u.distinct.referenced));
    break;
  case MLIR_IR_ATTR_AFFINE_MAP: case MLIR_IR_ATTR_STRIDED: case MLIR_IR_ATTR_LOC_OPAQUE:
  case MLIR_IR_ATTR_ENUM: case MLIR_IR_ATTR_FIELDS: case MLIR_IR_ATTR_OPAQUE:
    return printed_entry(w, true, a);
  }
  return builtin_attr(w, &p);
}

static void put_shape(buf *p, const mlir_ir_type *t) {
  put_varint(p, (uint64_t)t->u.shaped.rank);
  for (int i = 0; i < t->u.shaped.rank; i++) put_svarint(p, t->u.shaped.shape[i]);
}

/* The identity layout is NULL in the IR but always written, as the text upstream uses. */
static uint32_t layout_idx(wr *w, const mlir_ir_type *t) {
  if (t->u.shaped.layout) return attr_idx(w, t->u.shaped.layout);
  buf text = {0};
  put_bytes(&text, "affine_map<(", 12);
  for (int pass = 0; pass < 2; pass++) {
    for (int i = 0; i < t->u.shaped.rank; i++) {
      char d[24];
      int n = snprintf(d, sizeof d, "%sd%d", i ? ", " : "", i);
      put_bytes(&text, d, (size_t)n);
    }
    put_bytes(&text, pass ? ")>" : ") -> (", pass ? 2 : 6);
  }
  uint32_t i = text.oom ? 0 : text_entry(w, true, (const char *)text.p, text.n);
  if (text.oom) wr_nomem(w);
  free(text.p);
  return i;
}

static uint32_t encode_type(wr *w, const mlir_ir_type *t) {
  buf p = {0};
  switch (t->kind) {
  case MLIR_IR_TYPE_INTEGER:
    put_varint(&p, 0);
    put_varint(&p, ((uint64_t)t->u.integer.width << 2) | (uint64_t)t->u.integer.signedness);
    break;
  case MLIR_IR_TYPE_INDEX: put_varint(&p, 1); break;
  case MLIR_IR_TYPE_FUNCTION:
    put_varint(&p, 2);
    put_varint(&p, (uint64_t)t->u.function.n_inputs);
    for (int i = 0; i < t->u.function.n_inputs; i++) put_varint(&p, type_idx(w, t->u.function.inputs[i]));
    put_varint(&p, (uint64_t)t->u.function.n_results);
    for (int i = 0; i < t->u.function.n_results; i++) put_varint(&p, type_idx(w, t->u.function.results[i]));
    break;
  case MLIR_IR_TYPE_FLOAT: {
    static const mlir_ir_float_kind coded[] = {MLIR_IR_BF16, MLIR_IR_F16, MLIR_IR_F32, MLIR_IR_F64, MLIR_IR_F80, MLIR_IR_F128};
    for (unsigned i = 0; i < sizeof coded / sizeof coded[0]; i++)
      if (t->u.float_kind == coded[i]) {
        put_varint(&p, 3 + i);
        return entry_idx(w, false, w->builtin, true, &p);
      }
    /* codes 21-32 are reader-only upstream: writers still spell these as text */
    return printed_entry(w, false, t);
  }
  case MLIR_IR_TYPE_COMPLEX:
    put_varint(&p, 9);
    put_varint(&p, type_idx(w, t->u.complex_element));
    break;
  case MLIR_IR_TYPE_MEMREF:
    put_varint(&p, t->u.shaped.memory_space ? 11 : 10);
    if (t->u.shaped.memory_space) put_varint(&p, attr_idx(w, t->u.shaped.memory_space));
    put_shape(&p, t);
    put_varint(&p, type_idx(w, t->u.shaped.element));
    put_varint(&p, layout_idx(w, t));
    break;
  case MLIR_IR_TYPE_NONE: put_varint(&p, 12); break;
  case MLIR_IR_TYPE_TENSOR:
    put_varint(&p, t->u.shaped.encoding ? 14 : 13);
    if (t->u.shaped.encoding) put_varint(&p, attr_idx(w, t->u.shaped.encoding));
    put_shape(&p, t);
    put_varint(&p, type_idx(w, t->u.shaped.element));
    break;
  case MLIR_IR_TYPE_TUPLE:
    put_varint(&p, 15);
    put_varint(&p, (uint64_t)t->u.tuple.n);
    for (int i = 0; i < t->u.tuple.n; i++) put_varint(&p, type_idx(w, t->u.tuple.types[i]));
    break;
  case MLIR_IR_TYPE_UNRANKED_MEMREF:
    put_varint(&p, t->u.shaped.memory_space ? 17 : 16);
    if (t->u.shaped.memory_space) put_varint(&p, attr_idx(w, t->u.shaped.memory_space));
    put_varint(&p, type_idx(w, t->u.shaped.element));
    break;
  case MLIR_IR_TYPE_UNRANKED_TENSOR:
    put_varint(&p, 18);
    put_varint(&p, type_idx(w, t->u.shaped.element));
    break;
  case MLIR_IR_TYPE_VECTOR:
    put_varint(&p, t->u.shaped.scalable ? 20 : 19);
    if (t->u.shaped.scalable) {
      put_varint(&p, (uint64_t)t->u.shaped.rank);
      for (int i = 0; i < t->u.shaped.rank; i++) put_byte(&p, t->u.shaped.scalable[i]);
    }
    put_shape(&p, t);
    put_varint(&p, type_idx(w, t->u.shaped.element));
    break;
  case MLIR_IR_TYPE_TPU_SEMAPHORE: case MLIR_IR_TYPE_TPU_DMA_SEMAPHORE: case MLIR_IR_TYPE_OPAQUE:
    return printed_entry(w, false, t);
  }
  return entry_idx(w, false, w->builtin, true, &p);
}

/* Memoized by node: modules share nodes heavily (every use of f32 may be one pointer). */
static uint32_t memo_idx(wr *w, bmap *memo, uint32_t **vals, const void *node, bool is_attr) {
  if (w->st != TSR_OK) return 0;
  int64_t at = bmap_find(memo, &node, sizeof node);
  if (at >= 0) return (*vals)[at];
  uint32_t v = is_attr ? encode_attr(w, node) : encode_type(w, node);
  int64_t i = bmap_intern(memo, &node, sizeof node, NULL);
  uint32_t *grown = i < 0 ? NULL : realloc(*vals, memo->items_cap * sizeof **vals);
  if (!grown) {
    wr_nomem(w);
    return 0;
  }
  *vals = grown;
  (*vals)[i] = v;
  return v;
}

static uint32_t attr_idx(wr *w, const mlir_ir_attr *a) { return memo_idx(w, &w->attr_memo, &w->attr_memo_vals, a, true); }
static uint32_t type_idx(wr *w, const mlir_ir_type *t) { return memo_idx(w, &w->type_memo, &w->type_memo_vals, t, false); }

/* ---- IR ----------------------------------------------------------------------------------- */

static uint32_t opname_number(wr *w, const char *name) {
  int64_t i = bmap_find(&w->opnames, name, strlen(name));
  return i < 0 ? 0 : w->opname_final[i];
}

static bool collect_opname(mlir_ir_op *op, void *user) {
  wr *w = user;
  bool added = false;
  int64_t i = bmap_intern(&w->opnames, op->name, strlen(op->name), &added);
  if (i < 0) {
    wr_nomem(w);
    return false;
  }
  if (!added) return true;
  uint32_t *d = realloc(w->opname_dialect, w->opnames.items_cap * sizeof *d);
  if (!d) {
    wr_nomem(w);
    return false;
  }
  w->opname_dialect = d;
  /* "stable_mosaic.arith.constant" is op "arith.constant" of dialect "stable_mosaic" */
  size_t dl = strcspn(op->name, ".");
  d[i] = dialect_idx(w, op->name, dl);
  return w->st == TSR_OK;
}

/* Whether `v` is defined somewhere inside the regions of `root`. */
static bool defined_inside(const mlir_ir_value *v, const mlir_ir_op *root) {
  const mlir_ir_block *b = v->def_op ? v->def_op->parent : v->block;
  while (b && b->parent) {
    const mlir_ir_op *owner = b->parent->parent;
    if (owner == root) return true;
    b = owner ? owner->parent : NULL;
  }
  return false;
}

static bool uses_outside(const mlir_ir_op *root, const mlir_ir_op *op) {
  for (int r = 0; r < op->n_regions; r++)
    for (int k = 0; k < op->regions[r].n_blocks; k++)
      for (const mlir_ir_op *o = op->regions[r].blocks[k]->first; o; o = o->next) {
        for (int i = 0; i < o->n_operands; i++)
          if (!defined_inside(o->operands[i].value, root)) return true;
        if (o->n_regions && uses_outside(root, o)) return true;
      }
  return false;
}

/* Numbers the values defined directly in `r` from `base`: block by block, arguments then
 * op results, which is the order the reader defines them in. */
static uint64_t number_region(wr *w, const mlir_ir_region *r, uint64_t base) {
  uint64_t n = base;
  for (int k = 0; k < r->n_blocks; k++) {
    const mlir_ir_block *b = r->blocks[k];
    for (int i = 0; i < b->n_args; i++) w->vnum[b->args[i]->id] = n++;
    for (const mlir_ir_op *o = b->first; o; o = o->next)
      for (int i = 0; i < o->n_results; i++) w->vnum[o->results[i]->id] = n++;
  }
  return n - base;
}

/* A reversed use order for each value of the range with two or more uses: a valid
 * permutation that a reader must parse and may ignore. */
static int multi_use_count(mlir_ir_value *const *v, int n) {
  int c = 0;
  for (int i = 0; i < n; i++) c += mlir_ir_value_num_uses(v[i]) >= 2;
  return c;
}

static void put_use_lists(buf *out, mlir_ir_value *const *v, int n) {
  if (n > 1) put_varint(out, (uint64_t)multi_use_count(v, n));
  for (int i = 0; i < n; i++) {
    int uses = mlir_ir_value_num_uses(v[i]);
    if (uses < 2) continue;
    if (n > 1) put_varint(out, (uint64_t)i);
    put_varint(out, (uint64_t)uses << 1);
    for (int j = uses - 1; j >= 0; j--) put_varint(out, (uint64_t)j);
  }
}

static bool want_use_lists(const wr *w) { return w->o.use_list_orders && w->o.version >= 3; }

/* Below version 5 properties become attributes, merged into one sorted dictionary. */
static uint32_t merged_attrs_idx(wr *w, const mlir_ir_op *op) {
  const mlir_ir_attr *a = op->attrs, *p = op->props;
  int na = a ? a->u.dict.n : 0, np = p->u.dict.n;
  buf d = {0};
  put_varint(&d, 1);
  put_varint(&d, (uint64_t)(na + np));
  for (int i = 0, j = 0; i < na || j < np;) {
    int c = i == na ? 1 : j == np ? -1 : strcmp(a->u.dict.entries[i].name, p->u.dict.entries[j].name);
    if (!c) {
      free(d.p);
      wr_fail(w, TSR_ERR_UNSUPPORTED, "op '%s' has a property and an attribute of the same name, which "
                                      "bytecode before version 5 cannot hold apart", op->name);
      return 0;
    }
    const mlir_ir_named_attr *e = c < 0 ? &a->u.dict.entries[i++] : &p->u.dict.entries[j++];
    put_varint(&d, string_attr_idx(w, e->name, strlen(e->name)));
    put_varint(&d, attr_idx(w, e->value));
  }
  return builtin_attr(w, &d);
}

static void write_region(wr *w, buf *out, const mlir_ir_region *r, uint64_t base, int depth);

static void write_op(wr *w, buf *out, const mlir_ir_op *op, uint64_t inner_base, int depth) {
  if (w->st != TSR_OK) return;
  if (depth > MLIR_IR_MAX_DEPTH) {
    wr_fail(w, TSR_ERR_UNSUPPORTED, "op '%s' is nested too deeply", op->name);
    return;
  }
  if (op->raw_props_size) {
    wr_fail(w, TSR_ERR_UNSUPPORTED, "op '%s' has properties in its registered op's native encoding, which "
                                    "tessera keeps undecoded and cannot re-encode", op->name);
    return;
  }
  bool props_native = op->props && w->o.version >= 5;
  bool has_attrs = (op->attrs && op->attrs->u.dict.n) || (op->props && !props_native && op->props->u.dict.n);
  bool use_lists = want_use_lists(w) && multi_use_count(op->results, op->n_results);
  uint8_t mask = (has_attrs ? OP_HAS_ATTRS : 0) | (props_native ? OP_HAS_PROPERTIES : 0) |
                 (op->n_results ? OP_HAS_RESULTS : 0) | (op->n_operands ? OP_HAS_OPERANDS : 0) |
                 (op->n_successors ? OP_HAS_SUCCESSORS : 0) | (op->n_regions ? OP_HAS_REGIONS : 0) |
                 (use_lists ? OP_HAS_USELISTS : 0);
  put_varint(out, opname_number(w, op->name));
  put_byte(out, mask);
  put_varint(out, loc_idx(w, op->loc));
  if (has_attrs) put_varint(out, op->props && !props_native ? merged_attrs_idx(w, op) : attr_idx(w, op->attrs));
  if (props_native) {
    buf rec = {0};
    put_varint(&rec, attr_idx(w, op->props));
    int64_t i = rec.oom ? -1 : bmap_intern(&w->props, rec.p, rec.n, NULL);
    free(rec.p);
    if (i < 0) wr_nomem(w);
    put_varint(out, i < 0 ? 0 : (uint64_t)i);
  }
  if (op->n_results) {
    put_varint(out, (uint64_t)op->n_results);
    for (int i = 0; i < op->n_results; i++) put_varint(out, type_idx(w, op->results[i]->type));
  }
  if (op->n_operands) {
    put_varint(out, (uint64_t)op->n_operands);
    for (int i = 0; i < op->n_operands; i++) put_varint(out, w->vnum[op->operands[i].value->id]);
  }
  if (op->n_successors) {
    put_varint(out, (uint64_t)op->n_successors);
    for (int i = 0; i < op->n_successors; i++) put_varint(out, (uint64_t)op->successors[i]->index);
  }
  if (use_lists) put_use_lists(out, op->results, op->n_results);
  if (!op->n_regions) return;
  bool isolated = !uses_outside(op, op);
  put_varint(out, ((uint64_t)op->n_regions << 1) | isolated);
  /* from v2 an isolated op's regions sit in one section, so a reader can skip them */
  bool nested = isolated && w->o.version >= 2;
  buf inner = {0};
  for (int r = 0; r < op->n_regions; r++)
    write_region(w, nested ? &inner : out, &op->regions[r], isolated ? 0 : inner_base, depth + 1);
  if (nested) put_section(out, SEC_IR, &inner);
  free(inner.p);
}

static void write_block(wr *w, buf *out, const mlir_ir_block *b, uint64_t inner_base, int depth) {
  put_varint(out, ((uint64_t)b->n_ops << 1) | (b->n_args > 0));
  if (b->n_args) {
    put_varint(out, (uint64_t)b->n_args);
    for (int i = 0; i < b->n_args; i++) {
      const mlir_ir_value *v = b->args[i];
      uint32_t t = type_idx(w, v->type);
      if (w->o.version >= 4) {
        /* from v4 an unknown location is left out */
        bool has_loc = v->loc && v->loc->kind != MLIR_IR_ATTR_LOC_UNKNOWN;
        put_varint(out, ((uint64_t)t << 1) | has_loc);
        if (has_loc) put_varint(out, attr_idx(w, v->loc));
      } else {
        put_varint(out, t);
        put_varint(out, loc_idx(w, v->loc));
      }
    }
    if (w->o.version >= 3) {
      bool use_lists = want_use_lists(w) && multi_use_count(b->args, b->n_args);
      put_byte(out, use_lists);
      if (use_lists) put_use_lists(out, b->args, b->n_args);
    }
  }
  for (const mlir_ir_op *o = b->first; o; o = o->next) write_op(w, out, o, inner_base, depth);
}

static void write_region(wr *w, buf *out, const mlir_ir_region *r, uint64_t base, int depth) {
  put_varint(out, (uint64_t)r->n_blocks);
  if (!r->n_blocks) return;
  uint64_t n = number_region(w, r, base);
  put_varint(out, n);
  for (int k = 0; k < r->n_blocks; k++) write_block(w, out, r->blocks[k], base + n, depth);
}

/* ---- sections ------------------------------------------------------------------------------ */

static void dialect_section(wr *w, buf *out) {
  put_varint(out, w->n_dialects);
  for (size_t i = 0; i < w->n_dialects; i++) {
    if (w->o.version < 1) {
      put_varint(out, w->dialect_str[i]);
      continue;
    }
    bool versioned = w->o.dialect_versions;
    put_varint(out, ((uint64_t)w->dialect_str[i] << 1) | versioned);
    if (versioned) {
      buf v = {0};
      put_varint(&v, 0);
      put_section(out, SEC_DIALECT_VERSIONS, &v);
      free(v.p);
    }
  }
  if (w->o.version >= 4) put_varint(out, w->opnames.n);
  for (size_t d = 0; d < w->n_dialects; d++) {
    uint64_t count = 0;
    for (size_t i = 0; i < w->opnames.n; i++) count += w->opname_dialect[i] == d;
    if (!count) continue;
    put_varint(out, d);
    put_varint(out, count);
    for (size_t i = 0; i < w->opnames.n; i++) {
      if (w->opname_dialect[i] != d) continue;
      const char *full = (const char *)bmap_key(&w->opnames, i);
      size_t len = w->opnames.items[i].len, dl = strcspn(full, ".");
      dl = dl < len ? dl + 1 : len;
      uint64_t s = str_idx(w, full + dl, len - dl);
      /* every op is unregistered to the reader: see the top of this file */
      put_varint(out, w->o.version >= 5 ? s << 1 : s);
    }
  }
}

/* Op names are numbered group by group, dialect by dialect, as the dialect section lists
 * them. */
static bool number_opnames(wr *w) {
  w->opname_final = calloc(w->opnames.n + 1, sizeof *w->opname_final);
  if (!w->opname_final) return false;
  uint32_t next = 0;
  for (size_t d = 0; d < w->n_dialects; d++)
    for (size_t i = 0; i < w->opnames.n; i++)
      if (w->opname_dialect[i] == d) w->opname_final[i] = next++;
  return true;
}

static uint32_t entry_dialect(const bmap *m, size_t i) {
  const uint8_t *k = bmap_key(m, i);
  return (uint32_t)k[0] | (uint32_t)k[1] << 8 | (uint32_t)k[2] << 16 | (uint32_t)k[3] << 24;
}

/* Offsets: runs of entries of one dialect, each entry's size and custom flag. */
static void put_offset_groups(buf *out, const bmap *m) {
  for (size_t i = 0; i < m->n;) {
    size_t j = i;
    while (j < m->n && entry_dialect(m, j) == entry_dialect(m, i)) j++;
    put_varint(out, entry_dialect(m, i));
    put_varint(out, j - i);
    for (; i < j; i++) put_varint(out, ((uint64_t)(m->items[i].len - ENTRY_PREFIX) << 1) | bmap_key(m, i)[4]);
  }
}

static void put_entries(buf *out, const bmap *m) {
  for (size_t i = 0; i < m->n; i++) put_bytes(out, bmap_key(m, i) + ENTRY_PREFIX, m->items[i].len - ENTRY_PREFIX);
}

static void string_section(const wr *w, buf *out) {
  put_varint(out, w->strs.n);
  for (size_t i = w->strs.n; i-- > 0;) put_varint(out, w->strs.items[i].len + 1);
  for (size_t i = 0; i < w->strs.n; i++) {
    put_bytes(out, bmap_key(&w->strs, i), w->strs.items[i].len);
    put_byte(out, 0);
  }
}

static void wr_free(wr *w) {
  bmap *maps[] = {&w->strs, &w->attrs, &w->types, &w->attr_memo, &w->type_memo, &w->opnames, &w->props};
  for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++) bmap_free(maps[i]);
  free(w->attr_memo_vals);
  free(w->type_memo_vals);
  free(w->dialect_str);
  free(w->opname_dialect);
  free(w->opname_final);
  free(w->resource_key);
  free(w->vnum);
}

tsr_status mlir_bc_write(const mlir_ir_module *m, const mlir_bc_write_opts *opts, unsigned char **out, size_t *size) {
  *out = NULL;
  *size = 0;
  if (opts->version < 0 || opts->version > 6)
    return tsr_fail(TSR_ERR_INVALID, "bytecode version %d is not one of 0 to 6", opts->version);
  if (!m || !m->top) return tsr_fail(TSR_ERR_INVALID, "no module to write");
  wr w;
  memset(&w, 0, sizeof w);
  w.m = m;
  w.o = *opts;
  w.builtin = dialect_idx(&w, "builtin", 7);
  w.vnum = calloc((size_t)m->n_values + 1, sizeof *w.vnum);
  if (!w.vnum) wr_nomem(&w);
  if (w.st == TSR_OK) mlir_ir_walk(m->top, collect_opname, &w);
  if (w.st == TSR_OK && !number_opnames(&w)) wr_nomem(&w);
  buf ir = {0}, dialects = {0}, offsets = {0}, entries = {0}, res_off = {0}, res = {0}, strings = {0}, props = {0};
  put_varint(&ir, 2); /* one top-level op, no block arguments */
  write_op(&w, &ir, m->top, 0, 0);
  if (w.st == TSR_OK) {
    dialect_section(&w, &dialects);
    put_varint(&offsets, w.attrs.n);
    put_varint(&offsets, w.types.n);
    put_offset_groups(&offsets, &w.attrs);
    put_offset_groups(&offsets, &w.types);
    put_entries(&entries, &w.attrs);
    put_entries(&entries, &w.types);
    put_varint(&res_off, 0); /* no external resource groups */
    if (w.n_resources) {
      put_varint(&res_off, w.builtin);
      put_varint(&res_off, w.n_resources);
      for (uint32_t i = 0; i < w.n_resources; i++) {
        put_varint(&res_off, w.resource_key[i]);
        put_varint(&res_off, 2);
        put_byte(&res_off, 0); /* blob: alignment 1, no bytes */
        put_varint(&res, 1);
        put_varint(&res, 0);
      }
    }
    if (w.o.version >= 5) {
      put_varint(&props, w.props.n);
      for (size_t i = 0; i < w.props.n; i++) {
        put_varint(&props, w.props.items[i].len);
        put_bytes(&props, bmap_key(&w.props, i), w.props.items[i].len);
      }
    }
    string_section(&w, &strings); /* last: every other section adds strings */
  }
  buf file = {0};
  if (w.st == TSR_OK) {
    const char *producer = w.o.producer ? w.o.producer : "tessera";
    put_bytes(&file, "ML\xEFR", 4);
    put_varint(&file, (uint64_t)w.o.version);
    put_bytes(&file, producer, strlen(producer) + 1);
    /* upstream's physical order */
    put_section(&file, SEC_DIALECT, &dialects);
    put_section(&file, SEC_ATTRTYPE_OFFSET, &offsets);
    put_section(&file, SEC_ATTRTYPE, &entries);
    put_section(&file, SEC_IR, &ir);
    put_section(&file, SEC_RESOURCE_OFFSET, &res_off);
    put_section(&file, SEC_RESOURCE, &res);
    put_section(&file, SEC_STRING, &strings);
    if (w.o.version >= 5) put_section(&file, SEC_PROPERTIES, &props);
    if (file.oom || ir.oom) wr_nomem(&w);
  }
  buf *bufs[] = {&ir, &dialects, &offsets, &entries, &res_off, &res, &strings, &props};
  for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++) free(bufs[i]->p);
  tsr_status s = w.st;
  wr_free(&w);
  if (s != TSR_OK) {
    free(file.p);
    return s;
  }
  *out = file.p;
  *size = file.n;
  return TSR_OK;
}

tsr_status tsr_mlir_write_bytecode(const tsr_mlir_module *m, int version, unsigned char **out, size_t *size) {
  mlir_bc_write_opts o = {.version = version};
  return mlir_bc_write(m, &o, out, size);
}
