/* The IR's arena, string interning, builders, accessors and structural equality. */
#include "mlir/ir.h"

#include <stdlib.h>
#include <string.h>

/* ---- arena ---------------------------------------------------------------------------- */

typedef struct arena_chunk {
  struct arena_chunk *next;
  size_t used, cap;
  max_align_t data[];
} arena_chunk;

enum { ARENA_CHUNK = 64 * 1024 };

struct mlir_ir_ctx {
  arena_chunk *chunks;
  size_t bytes;
  /* open-addressing intern table */
  const char **slots;
  size_t n_slots, n_used;
};

mlir_ir_ctx *mlir_ir_ctx_create(void) { return calloc(1, sizeof(mlir_ir_ctx)); }

void mlir_ir_ctx_destroy(mlir_ir_ctx *ctx) {
  if (!ctx) return;
  for (arena_chunk *c = ctx->chunks, *n; c; c = n) {
    n = c->next;
    free(c);
  }
  free(ctx->slots);
  free(ctx);
}

size_t mlir_ir_ctx_bytes(const mlir_ir_ctx *ctx) { return ctx->bytes; }

void *mlir_ir_alloc(mlir_ir_ctx *ctx, size_t size) {
  const size_t align = sizeof(max_align_t);
  size = (size + align - 1) / align * align;
  if (size == 0) size = align;
  arena_chunk *c = ctx->chunks;
  if (!c || c->cap - c->used < size) {
    size_t cap = size > ARENA_CHUNK / 4 ? size : ARENA_CHUNK;
    arena_chunk *n = malloc(sizeof(arena_chunk) + cap);
    if (!n) return NULL;
    n->used = 0;
    n->cap = cap;
    ctx->bytes += cap;
    if (c && cap != ARENA_CHUNK) {
      /* keep the partly used chunk in front for the small allocations that follow */
      n->next = c->next;
      c->next = n;
      c = n;
    } else {
      n->next = c;
      ctx->chunks = c = n;
    }
  }
  void *p = (char *)c->data + c->used;
  c->used += size;
  memset(p, 0, size);
  return p;
}

char *mlir_ir_strdup(mlir_ir_ctx *ctx, const char *s, size_t len) {
  char *p = mlir_ir_alloc(ctx, len + 1);
  if (!p) return NULL;
  if (len) memcpy(p, s, len);
  p[len] = 0;
  return p;
}

static uint64_t hash_bytes(const char *s, size_t len) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
  return h;
}

static bool intern_grow(mlir_ir_ctx *ctx) {
  size_t n = ctx->n_slots ? ctx->n_slots * 2 : 256;
  const char **slots = calloc(n, sizeof *slots);
  if (!slots) return false;
  for (size_t i = 0; i < ctx->n_slots; i++) {
    const char *s = ctx->slots[i];
    if (!s) continue;
    size_t j = hash_bytes(s, strlen(s)) & (n - 1);
    while (slots[j]) j = (j + 1) & (n - 1);
    slots[j] = s;
  }
  free(ctx->slots);
  ctx->slots = slots;
  ctx->n_slots = n;
  return true;
}

const char *mlir_ir_intern(mlir_ir_ctx *ctx, const char *s, size_t len) {
  if ((ctx->n_used + 1) * 2 > ctx->n_slots && !intern_grow(ctx)) return NULL;
  size_t j = hash_bytes(s, len) & (ctx->n_slots - 1);
  for (; ctx->slots[j]; j = (j + 1) & (ctx->n_slots - 1)) {
    const char *t = ctx->slots[j];
    if (!strncmp(t, s, len) && t[len] == 0 && memchr(s, 0, len) == NULL) return t;
  }
  char *copy = mlir_ir_strdup(ctx, s, len);
  if (!copy) return NULL;
  ctx->slots[j] = copy;
  ctx->n_used++;
  return copy;
}

/* ---- types ---------------------------------------------------------------------------- */

static const struct { const char *name; unsigned width; } float_table[] = {
#define TSR_X(e, n, w) {n, w},
    MLIR_IR_FLOAT_LIST(TSR_X)
#undef TSR_X
};

const char *mlir_ir_float_name(mlir_ir_float_kind k) {
  return (unsigned)k < MLIR_IR_FLOAT_COUNT ? float_table[k].name : "?";
}
unsigned mlir_ir_float_width(mlir_ir_float_kind k) {
  return (unsigned)k < MLIR_IR_FLOAT_COUNT ? float_table[k].width : 0;
}
bool mlir_ir_float_by_name(const char *name, size_t len, mlir_ir_float_kind *out) {
  for (int k = 0; k < MLIR_IR_FLOAT_COUNT; k++)
    if (strlen(float_table[k].name) == len && !memcmp(float_table[k].name, name, len)) {
      *out = (mlir_ir_float_kind)k;
      return true;
    }
  return false;
}

mlir_ir_type *mlir_ir_type_new(mlir_ir_ctx *ctx, mlir_ir_type_kind kind) {
  mlir_ir_type *t = mlir_ir_alloc(ctx, sizeof *t);
  if (t) t->kind = kind;
  return t;
}
mlir_ir_type *mlir_ir_type_int(mlir_ir_ctx *ctx, unsigned width, mlir_ir_signedness s) {
  mlir_ir_type *t = mlir_ir_type_new(ctx, MLIR_IR_TYPE_INTEGER);
  if (t) { t->u.integer.width = width; t->u.integer.signedness = s; }
  return t;
}
mlir_ir_type *mlir_ir_type_float(mlir_ir_ctx *ctx, mlir_ir_float_kind k) {
  mlir_ir_type *t = mlir_ir_type_new(ctx, MLIR_IR_TYPE_FLOAT);
  if (t) t->u.float_kind = k;
  return t;
}

bool mlir_ir_type_is_shaped(const mlir_ir_type *t) {
  switch (t->kind) {
  case MLIR_IR_TYPE_TENSOR: case MLIR_IR_TYPE_UNRANKED_TENSOR: case MLIR_IR_TYPE_VECTOR:
  case MLIR_IR_TYPE_MEMREF: case MLIR_IR_TYPE_UNRANKED_MEMREF: return true;
  default: return false;
  }
}
int mlir_ir_type_rank(const mlir_ir_type *t) {
  if (!t) return -1;
  if (t->kind == MLIR_IR_TYPE_TENSOR || t->kind == MLIR_IR_TYPE_VECTOR || t->kind == MLIR_IR_TYPE_MEMREF)
    return t->u.shaped.rank;
  return -1;
}
int64_t mlir_ir_type_dim(const mlir_ir_type *t, int d) {
  int r = mlir_ir_type_rank(t);
  return d >= 0 && d < r ? t->u.shaped.shape[d] : MLIR_IR_DYNAMIC;
}
const mlir_ir_type *mlir_ir_type_element(const mlir_ir_type *t) {
  if (!t) return NULL;
  if (mlir_ir_type_is_shaped(t)) return t->u.shaped.element;
  if (t->kind == MLIR_IR_TYPE_COMPLEX) return t->u.complex_element;
  return t;
}
int64_t mlir_ir_type_numel(const mlir_ir_type *t) {
  int r = mlir_ir_type_rank(t);
  if (r < 0) return -1;
  int64_t n = 1;
  for (int i = 0; i < r; i++) {
    int64_t d = t->u.shaped.shape[i];
    if (d < 0) return -1;
    if (d && n > INT64_MAX / d) return -1;
    n *= d;
  }
  return n;
}
unsigned mlir_ir_type_bit_width(const mlir_ir_type *t) {
  if (!t) return 0;
  if (t->kind == MLIR_IR_TYPE_INTEGER) return t->u.integer.width;
  if (t->kind == MLIR_IR_TYPE_FLOAT) return mlir_ir_float_width(t->u.float_kind);
  if (t->kind == MLIR_IR_TYPE_INDEX) return 64;
  if (t->kind == MLIR_IR_TYPE_COMPLEX) return 2 * mlir_ir_type_bit_width(t->u.complex_element);
  return 0;
}
bool mlir_ir_type_is_int(const mlir_ir_type *t, unsigned width) {
  return t && t->kind == MLIR_IR_TYPE_INTEGER && (!width || t->u.integer.width == width);
}
bool mlir_ir_type_is_float(const mlir_ir_type *t, mlir_ir_float_kind k) {
  return t && t->kind == MLIR_IR_TYPE_FLOAT && t->u.float_kind == k;
}

bool mlir_ir_type_dtype(const mlir_ir_type *t, tsr_dtype *out) {
  if (!t) return false;
  if (t->kind == MLIR_IR_TYPE_INDEX) { *out = TSR_I64; return true; }
  if (t->kind == MLIR_IR_TYPE_TPU_SEMAPHORE) { *out = TSR_SEM; return true; }
  if (t->kind == MLIR_IR_TYPE_TPU_DMA_SEMAPHORE) { *out = TSR_DMA_SEM; return true; }
  if (t->kind == MLIR_IR_TYPE_FLOAT) {
    switch (t->u.float_kind) {
    case MLIR_IR_F32: *out = TSR_F32; return true;
    case MLIR_IR_BF16: *out = TSR_BF16; return true;
    case MLIR_IR_F16: *out = TSR_F16; return true;
    case MLIR_IR_F64: *out = TSR_F64; return true;
    case MLIR_IR_F8E4M3FN: *out = TSR_F8E4M3FN; return true;
    case MLIR_IR_F8E5M2: *out = TSR_F8E5M2; return true;
    case MLIR_IR_F8E4M3B11FNUZ: *out = TSR_F8E4M3B11FNUZ; return true;
    case MLIR_IR_F8E8M0FNU: *out = TSR_F8E8M0FNU; return true;
    case MLIR_IR_F4E2M1FN: *out = TSR_F4E2M1FN; return true;
    default: return false;
    }
  }
  if (t->kind != MLIR_IR_TYPE_INTEGER) return false;
  bool u = t->u.integer.signedness == MLIR_IR_UNSIGNED;
  switch (t->u.integer.width) {
  case 1: *out = TSR_BOOL; return true;
  case 4: *out = u ? TSR_U4 : TSR_I4; return true;
  case 8: *out = u ? TSR_U8 : TSR_I8; return true;
  case 16: *out = u ? TSR_U16 : TSR_I16; return true;
  case 32: *out = u ? TSR_U32 : TSR_I32; return true;
  case 64: *out = u ? TSR_U64 : TSR_I64; return true;
  default: return false;
  }
}

bool mlir_ir_memref_space(const mlir_ir_type *t, tsr_space *out) {
  if (!t || (t->kind != MLIR_IR_TYPE_MEMREF && t->kind != MLIR_IR_TYPE_UNRANKED_MEMREF)) return false;
  const mlir_ir_attr *ms = t->u.shaped.memory_space;
  if (!ms) { *out = TSR_VMEM; return true; }
  const char *kw = mlir_ir_enum_keyword(ms, "tpu", "memory_space");
  if (!kw) return false;
  static const struct { const char *kw; tsr_space s; } spaces[] = {
      {"vmem", TSR_VMEM}, {"any", TSR_ANY}, {"hbm", TSR_HBM}, {"smem", TSR_SMEM},
      {"semaphore_mem", TSR_SEMAPHORE_MEM}, {"host", TSR_HOST}};
  for (size_t i = 0; i < sizeof spaces / sizeof spaces[0]; i++)
    if (!strcmp(kw, spaces[i].kw)) { *out = spaces[i].s; return true; }
  return false;
}

static bool types_equal_n(mlir_ir_type *const *a, mlir_ir_type *const *b, int n) {
  for (int i = 0; i < n; i++)
    if (!mlir_ir_type_equal(a[i], b[i])) return false;
  return true;
}

static bool optional_attr_equal(const mlir_ir_attr *a, const mlir_ir_attr *b) {
  if (!a || !b) return a == b;
  return mlir_ir_attr_equal(a, b);
}

bool mlir_ir_type_equal(const mlir_ir_type *a, const mlir_ir_type *b) {
  if (a == b) return true;
  if (!a || !b || a->kind != b->kind) return false;
  switch (a->kind) {
  case MLIR_IR_TYPE_INTEGER:
    return a->u.integer.width == b->u.integer.width && a->u.integer.signedness == b->u.integer.signedness;
  case MLIR_IR_TYPE_FLOAT: return a->u.float_kind == b->u.float_kind;
  case MLIR_IR_TYPE_FUNCTION:
    return a->u.function.n_inputs == b->u.function.n_inputs &&
           a->u.function.n_results == b->u.function.n_results &&
           types_equal_n(a->u.function.inputs, b->u.function.inputs, a->u.function.n_inputs) &&
           types_equal_n(a->u.function.results, b->u.function.results, a->u.function.n_results);
  case MLIR_IR_TYPE_TENSOR: case MLIR_IR_TYPE_UNRANKED_TENSOR: case MLIR_IR_TYPE_VECTOR:
  case MLIR_IR_TYPE_MEMREF: case MLIR_IR_TYPE_UNRANKED_MEMREF: {
    const int r = a->u.shaped.rank;
    if (r != b->u.shaped.rank) return false;
    if (r && memcmp(a->u.shaped.shape, b->u.shaped.shape, (size_t)r * sizeof(int64_t))) return false;
    for (int i = 0; i < r; i++) {
      bool sa = a->u.shaped.scalable && a->u.shaped.scalable[i];
      bool sb = b->u.shaped.scalable && b->u.shaped.scalable[i];
      if (sa != sb) return false;
    }
    return mlir_ir_type_equal(a->u.shaped.element, b->u.shaped.element) &&
           optional_attr_equal(a->u.shaped.encoding, b->u.shaped.encoding) &&
           optional_attr_equal(a->u.shaped.layout, b->u.shaped.layout) &&
           optional_attr_equal(a->u.shaped.memory_space, b->u.shaped.memory_space);
  }
  case MLIR_IR_TYPE_TUPLE:
    return a->u.tuple.n == b->u.tuple.n && types_equal_n(a->u.tuple.types, b->u.tuple.types, a->u.tuple.n);
  case MLIR_IR_TYPE_COMPLEX: return mlir_ir_type_equal(a->u.complex_element, b->u.complex_element);
  case MLIR_IR_TYPE_OPAQUE: return !strcmp(a->u.opaque_text, b->u.opaque_text);
  default: return true;
  }
}

/* ---- attributes ----------------------------------------------------------------------- */

mlir_ir_attr *mlir_ir_attr_new(mlir_ir_ctx *ctx, mlir_ir_attr_kind kind) {
  mlir_ir_attr *a = mlir_ir_alloc(ctx, sizeof *a);
  if (a) a->kind = kind;
  return a;
}
mlir_ir_attr *mlir_ir_attr_int_new(mlir_ir_ctx *ctx, mlir_ir_type *type, int64_t value) {
  mlir_ir_attr *a = mlir_ir_attr_new(ctx, MLIR_IR_ATTR_INTEGER);
  if (a) { a->type = type; a->u.integer.value = value; }
  return a;
}
mlir_ir_attr *mlir_ir_attr_string_new(mlir_ir_ctx *ctx, const char *s, size_t len) {
  mlir_ir_attr *a = mlir_ir_attr_new(ctx, MLIR_IR_ATTR_STRING);
  if (!a) return NULL;
  a->u.string.data = mlir_ir_strdup(ctx, s, len);
  a->u.string.len = len;
  return a->u.string.data ? a : NULL;
}
mlir_ir_attr *mlir_ir_attr_dense_i32_new(mlir_ir_ctx *ctx, const int32_t *v, int64_t n) {
  mlir_ir_attr *a = mlir_ir_attr_new(ctx, MLIR_IR_ATTR_DENSE_ARRAY);
  if (!a) return NULL;
  a->type = mlir_ir_type_int(ctx, 32, MLIR_IR_SIGNLESS);
  uint8_t *d = mlir_ir_alloc(ctx, (size_t)n * 4);
  if (!a->type || !d) return NULL;
  for (int64_t i = 0; i < n; i++) {
    uint32_t x = (uint32_t)v[i];
    for (int k = 0; k < 4; k++) d[i * 4 + k] = (uint8_t)(x >> (8 * k));
  }
  a->u.dense_array.n = n;
  a->u.dense_array.elem_bytes = 4;
  a->u.dense_array.data = d;
  return a;
}
mlir_ir_attr *mlir_ir_empty_dict(mlir_ir_ctx *ctx) { return mlir_ir_attr_new(ctx, MLIR_IR_ATTR_DICT); }

static int named_cmp(const void *x, const void *y) {
  return strcmp(((const mlir_ir_named_attr *)x)->name, ((const mlir_ir_named_attr *)y)->name);
}
bool mlir_ir_dict_finish(mlir_ir_attr *dict) {
  int n = dict->u.dict.n;
  if (n > 1) qsort(dict->u.dict.entries, (size_t)n, sizeof(mlir_ir_named_attr), named_cmp);
  for (int i = 1; i < n; i++)
    if (!strcmp(dict->u.dict.entries[i - 1].name, dict->u.dict.entries[i].name)) return false;
  return true;
}

mlir_ir_attr *mlir_ir_dict_set(mlir_ir_ctx *ctx, const mlir_ir_attr *dict, const char *name,
                             mlir_ir_attr *value) {
  int n = dict ? dict->u.dict.n : 0;
  mlir_ir_attr *d = mlir_ir_attr_new(ctx, MLIR_IR_ATTR_DICT);
  mlir_ir_named_attr *e = mlir_ir_alloc(ctx, sizeof(*e) * (size_t)(n + 1));
  const char *iname = mlir_ir_intern(ctx, name, strlen(name));
  if (!d || !e || !iname) return NULL;
  int k = 0;
  for (int i = 0; i < n; i++)
    if (strcmp(dict->u.dict.entries[i].name, name)) e[k++] = dict->u.dict.entries[i];
  if (value) e[k++] = (mlir_ir_named_attr){iname, value};
  d->u.dict.n = k;
  d->u.dict.entries = e;
  mlir_ir_dict_finish(d);
  return d;
}

mlir_ir_attr *mlir_ir_dict_get(const mlir_ir_attr *dict, const char *name) {
  if (!dict || dict->kind != MLIR_IR_ATTR_DICT) return NULL;
  int lo = 0, hi = dict->u.dict.n - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    int c = strcmp(dict->u.dict.entries[mid].name, name);
    if (!c) return dict->u.dict.entries[mid].value;
    if (c < 0) lo = mid + 1; else hi = mid - 1;
  }
  return NULL;
}

bool mlir_ir_attr_is_location(const mlir_ir_attr *a) {
  return a && a->kind >= MLIR_IR_ATTR_LOC_UNKNOWN && a->kind <= MLIR_IR_ATTR_LOC_OPAQUE;
}

bool mlir_ir_attr_int(const mlir_ir_attr *a, int64_t *out) {
  if (!a || a->kind != MLIR_IR_ATTR_INTEGER) return false;
  *out = a->u.integer.value;
  return true;
}
bool mlir_ir_attr_float(const mlir_ir_attr *a, double *out) {
  if (!a || a->kind != MLIR_IR_ATTR_FLOAT) return false;
  *out = a->u.flt.value;
  return true;
}

/* Reads a little-endian integer of `bytes` bytes, sign-extended unless unsigned. */
static int64_t load_int(const uint8_t *p, size_t bytes, bool is_unsigned) {
  uint64_t v = 0;
  size_t n = bytes > 8 ? 8 : bytes;
  for (size_t i = 0; i < n; i++) v |= (uint64_t)p[i] << (8 * i);
  if (!is_unsigned && n < 8 && n > 0 && (v >> (8 * n - 1)) & 1) v |= ~0ull << (8 * n);
  return (int64_t)v;
}

static bool elem_is_unsigned(const mlir_ir_type *t) {
  return t && t->kind == MLIR_IR_TYPE_INTEGER &&
         (t->u.integer.signedness == MLIR_IR_UNSIGNED || t->u.integer.width == 1);
}

int64_t mlir_ir_dense_int(const mlir_ir_attr *a, int64_t i) {
  if (!a || a->kind != MLIR_IR_ATTR_DENSE || i < 0 || i >= a->u.dense.numel) return 0;
  const mlir_ir_type *et = mlir_ir_type_element(a->type);
  size_t k = a->u.dense.splat ? 0 : (size_t)i;
  return load_int(a->u.dense.data + k * a->u.dense.elem_bytes, a->u.dense.elem_bytes, elem_is_unsigned(et));
}

double mlir_ir_float_value(mlir_ir_float_kind k, uint64_t bits) {
  switch (k) {
  case MLIR_IR_F64: { double d; memcpy(&d, &bits, 8); return d; }
  case MLIR_IR_F32: { uint32_t b = (uint32_t)bits; float f; memcpy(&f, &b, 4); return f; }
  case MLIR_IR_BF16: return tsr_bf16_to_f32((uint16_t)bits);
  case MLIR_IR_F16: return tsr_f16_to_f32((uint16_t)bits);
  case MLIR_IR_F8E4M3FN: return tsr_f8e4m3fn_to_f32((uint8_t)bits);
  case MLIR_IR_F8E5M2: return tsr_f8e5m2_to_f32((uint8_t)bits);
  case MLIR_IR_F8E4M3B11FNUZ: return tsr_f8e4m3b11fnuz_to_f32((uint8_t)bits);
  case MLIR_IR_F8E8M0FNU: return tsr_f8e8m0fnu_to_f32((uint8_t)bits);
  case MLIR_IR_F4E2M1FN: return tsr_f4e2m1fn_to_f32((uint8_t)bits);
  default: return 0; /* other formats are kept as bits only */
  }
}

double mlir_ir_dense_float(const mlir_ir_attr *a, int64_t i) {
  if (!a || a->kind != MLIR_IR_ATTR_DENSE || i < 0 || i >= a->u.dense.numel) return 0;
  const mlir_ir_type *et = mlir_ir_type_element(a->type);
  if (!et || et->kind != MLIR_IR_TYPE_FLOAT) return (double)mlir_ir_dense_int(a, i);
  size_t k = a->u.dense.splat ? 0 : (size_t)i;
  uint64_t bits = (uint64_t)load_int(a->u.dense.data + k * a->u.dense.elem_bytes, a->u.dense.elem_bytes, true);
  return mlir_ir_float_value(et->u.float_kind, bits);
}

int64_t mlir_ir_attr_ints(const mlir_ir_attr *a, int64_t *out, int64_t cap) {
  if (!a) return -1;
  switch (a->kind) {
  case MLIR_IR_ATTR_DENSE_ARRAY: {
    if (!a->type || a->type->kind != MLIR_IR_TYPE_INTEGER) return -1;
    for (int64_t i = 0; i < a->u.dense_array.n && i < cap; i++)
      out[i] = load_int(a->u.dense_array.data + i * a->u.dense_array.elem_bytes,
                        a->u.dense_array.elem_bytes, a->type->u.integer.width == 1);
    return a->u.dense_array.n;
  }
  case MLIR_IR_ATTR_ARRAY:
    for (int i = 0; i < a->u.array.n; i++) {
      int64_t v;
      if (!mlir_ir_attr_int(a->u.array.elems[i], &v)) return -1;
      if (i < cap) out[i] = v;
    }
    return a->u.array.n;
  case MLIR_IR_ATTR_DENSE: {
    const mlir_ir_type *et = mlir_ir_type_element(a->type);
    if (!et || (et->kind != MLIR_IR_TYPE_INTEGER && et->kind != MLIR_IR_TYPE_INDEX)) return -1;
    for (int64_t i = 0; i < a->u.dense.numel && i < cap; i++) out[i] = mlir_ir_dense_int(a, i);
    return a->u.dense.numel;
  }
  default: return -1;
  }
}

const char *mlir_ir_enum_keyword(const mlir_ir_attr *a, const char *dialect, const char *mnemonic) {
  if (!a || a->kind != MLIR_IR_ATTR_ENUM) return NULL;
  if (strcmp(a->u.enm.dialect, dialect) || strcmp(a->u.enm.mnemonic, mnemonic)) return NULL;
  return a->u.enm.keyword;
}

const mlir_ir_field *mlir_ir_attr_field(const mlir_ir_attr *a, const char *name) {
  if (!a || a->kind != MLIR_IR_ATTR_FIELDS) return NULL;
  for (int i = 0; i < a->u.fields.n; i++)
    if (!strcmp(a->u.fields.fields[i].name, name))
      return a->u.fields.fields[i].present ? &a->u.fields.fields[i] : NULL;
  return NULL;
}

int mlir_ir_field_ints(const mlir_ir_attr *a, const char *name, int64_t *out, int cap) {
  const mlir_ir_field *f = mlir_ir_attr_field(a, name);
  if (!f || !f->present) return 0;
  if (f->n > cap) return -1;
  memcpy(out, f->values, sizeof(int64_t) * (size_t)f->n);
  return f->n;
}

bool mlir_ir_affine_is_identity(const mlir_ir_attr *a) {
  if (!a || a->kind != MLIR_IR_ATTR_AFFINE_MAP) return false;
  if (a->u.affine.n_symbols || a->u.affine.n_results != a->u.affine.n_dims) return false;
  for (int i = 0; i < a->u.affine.n_results; i++) {
    const mlir_ir_affine *e = a->u.affine.results[i];
    if (e->kind != MLIR_IR_AFFINE_DIM || e->value != i) return false;
  }
  return true;
}

static bool affine_equal(const mlir_ir_affine *a, const mlir_ir_affine *b) {
  if (!a || !b) return a == b;
  return a->kind == b->kind && a->value == b->value && affine_equal(a->lhs, b->lhs) &&
         affine_equal(a->rhs, b->rhs);
}

static bool str_eq(const char *a, const char *b) {
  if (!a || !b) return a == b;
  return !strcmp(a, b);
}

static bool attrs_equal_n(mlir_ir_attr *const *a, mlir_ir_attr *const *b, int n) {
  for (int i = 0; i < n; i++)
    if (!mlir_ir_attr_equal(a[i], b[i])) return false;
  return true;
}

bool mlir_ir_attr_equal(const mlir_ir_attr *a, const mlir_ir_attr *b) {
  if (a == b) return true;
  if (!a || !b || a->kind != b->kind) return false;
  if (a->kind != MLIR_IR_ATTR_STRING || a->type || b->type)
    if (!(a->type == b->type || (a->type && b->type && mlir_ir_type_equal(a->type, b->type))))
      return false;
  switch (a->kind) {
  case MLIR_IR_ATTR_UNIT: case MLIR_IR_ATTR_LOC_UNKNOWN: case MLIR_IR_ATTR_TYPE: return true;
  case MLIR_IR_ATTR_INTEGER:
    if (a->u.integer.n_words != b->u.integer.n_words) return false;
    if (a->u.integer.n_words)
      return !memcmp(a->u.integer.words, b->u.integer.words, a->u.integer.n_words * 8);
    return a->u.integer.value == b->u.integer.value;
  case MLIR_IR_ATTR_FLOAT: return a->u.flt.bits == b->u.flt.bits;
  case MLIR_IR_ATTR_STRING:
    return a->u.string.len == b->u.string.len && !memcmp(a->u.string.data, b->u.string.data, a->u.string.len);
  case MLIR_IR_ATTR_ARRAY:
    return a->u.array.n == b->u.array.n && attrs_equal_n(a->u.array.elems, b->u.array.elems, a->u.array.n);
  case MLIR_IR_ATTR_DICT:
    if (a->u.dict.n != b->u.dict.n) return false;
    for (int i = 0; i < a->u.dict.n; i++)
      if (strcmp(a->u.dict.entries[i].name, b->u.dict.entries[i].name) ||
          !mlir_ir_attr_equal(a->u.dict.entries[i].value, b->u.dict.entries[i].value))
        return false;
    return true;
  case MLIR_IR_ATTR_DENSE: {
    if (a->u.dense.numel != b->u.dense.numel || a->u.dense.elem_bytes != b->u.dense.elem_bytes) return false;
    /* a splat equals the full form with every element equal */
    size_t eb = a->u.dense.elem_bytes;
    for (int64_t i = 0; i < a->u.dense.numel; i++) {
      const uint8_t *pa = a->u.dense.data + (a->u.dense.splat ? 0 : (size_t)i * eb);
      const uint8_t *pb = b->u.dense.data + (b->u.dense.splat ? 0 : (size_t)i * eb);
      if (memcmp(pa, pb, eb)) return false;
      if (a->u.dense.splat && b->u.dense.splat) break;
    }
    return true;
  }
  case MLIR_IR_ATTR_DENSE_STRING: {
    if (a->u.dense_string.n != b->u.dense_string.n || a->u.dense_string.splat != b->u.dense_string.splat) return false;
    for (int64_t i = 0; i < a->u.dense_string.n; i++)
      if (a->u.dense_string.lens[i] != b->u.dense_string.lens[i] ||
          memcmp(a->u.dense_string.strs[i], b->u.dense_string.strs[i], a->u.dense_string.lens[i]))
        return false;
    return true;
  }
  case MLIR_IR_ATTR_DENSE_RESOURCE: return str_eq(a->u.resource.key, b->u.resource.key);
  case MLIR_IR_ATTR_SPARSE:
    return mlir_ir_attr_equal(a->u.sparse.indices, b->u.sparse.indices) &&
           mlir_ir_attr_equal(a->u.sparse.values, b->u.sparse.values);
  case MLIR_IR_ATTR_DENSE_ARRAY:
    return a->u.dense_array.n == b->u.dense_array.n &&
           !memcmp(a->u.dense_array.data, b->u.dense_array.data,
                   (size_t)a->u.dense_array.n * a->u.dense_array.elem_bytes);
  case MLIR_IR_ATTR_SYMBOL_REF:
    if (!str_eq(a->u.symbol.root, b->u.symbol.root) || a->u.symbol.n_nested != b->u.symbol.n_nested) return false;
    for (int i = 0; i < a->u.symbol.n_nested; i++)
      if (!str_eq(a->u.symbol.nested[i], b->u.symbol.nested[i])) return false;
    return true;
  case MLIR_IR_ATTR_AFFINE_MAP:
    if (a->u.affine.n_dims != b->u.affine.n_dims || a->u.affine.n_symbols != b->u.affine.n_symbols ||
        a->u.affine.n_results != b->u.affine.n_results)
      return false;
    for (int i = 0; i < a->u.affine.n_results; i++)
      if (!affine_equal(a->u.affine.results[i], b->u.affine.results[i])) return false;
    return true;
  case MLIR_IR_ATTR_STRIDED:
    return a->u.strided.offset == b->u.strided.offset && a->u.strided.rank == b->u.strided.rank &&
           (!a->u.strided.rank ||
            !memcmp(a->u.strided.strides, b->u.strided.strides, (size_t)a->u.strided.rank * 8));
  case MLIR_IR_ATTR_DISTINCT:
    return a->u.distinct.id == b->u.distinct.id &&
           mlir_ir_attr_equal(a->u.distinct.referenced, b->u.distinct.referenced);
  case MLIR_IR_ATTR_LOC_FILE:
    return str_eq(a->u.file.file, b->u.file.file) && a->u.file.n_coords == b->u.file.n_coords &&
           a->u.file.line == b->u.file.line && a->u.file.col == b->u.file.col &&
           a->u.file.end_line == b->u.file.end_line && a->u.file.end_col == b->u.file.end_col;
  case MLIR_IR_ATTR_LOC_NAME:
    return str_eq(a->u.name_loc.name, b->u.name_loc.name) &&
           optional_attr_equal(a->u.name_loc.child, b->u.name_loc.child);
  case MLIR_IR_ATTR_LOC_CALLSITE:
    return mlir_ir_attr_equal(a->u.callsite.callee, b->u.callsite.callee) &&
           mlir_ir_attr_equal(a->u.callsite.caller, b->u.callsite.caller);
  case MLIR_IR_ATTR_LOC_FUSED:
    return a->u.fused.n == b->u.fused.n && attrs_equal_n(a->u.fused.locs, b->u.fused.locs, a->u.fused.n) &&
           optional_attr_equal(a->u.fused.metadata, b->u.fused.metadata);
  case MLIR_IR_ATTR_ENUM:
    return str_eq(a->u.enm.dialect, b->u.enm.dialect) && str_eq(a->u.enm.mnemonic, b->u.enm.mnemonic) &&
           str_eq(a->u.enm.keyword, b->u.enm.keyword);
  case MLIR_IR_ATTR_FIELDS:
    if (!str_eq(a->u.fields.dialect, b->u.fields.dialect) || !str_eq(a->u.fields.mnemonic, b->u.fields.mnemonic) ||
        a->u.fields.n != b->u.fields.n)
      return false;
    for (int i = 0; i < a->u.fields.n; i++) {
      const mlir_ir_field *fa = &a->u.fields.fields[i], *fb = &b->u.fields.fields[i];
      if (fa->n != fb->n || (fa->n && memcmp(fa->values, fb->values, (size_t)fa->n * 8))) return false;
    }
    return true;
  case MLIR_IR_ATTR_OPAQUE: case MLIR_IR_ATTR_LOC_OPAQUE:
    return str_eq(a->u.opaque_text, b->u.opaque_text);
  }
  return false;
}

/* ---- ops ------------------------------------------------------------------------------ */

mlir_ir_attr *mlir_ir_op_attr(const mlir_ir_op *op, const char *name) {
  mlir_ir_attr *a = mlir_ir_dict_get(op->props, name);
  return a ? a : mlir_ir_dict_get(op->attrs, name);
}

bool mlir_ir_op_attr_int(const mlir_ir_op *op, const char *name, int64_t *out) {
  return mlir_ir_attr_int(mlir_ir_op_attr(op, name), out);
}

const char *mlir_ir_op_short_name(const mlir_ir_op *op) {
  const char *dot = strchr(op->name, '.');
  return dot ? dot + 1 : op->name;
}

bool mlir_ir_op_is(const mlir_ir_op *op, const char *name) { return op && !strcmp(op->name, name); }

mlir_ir_value *mlir_ir_op_operand(const mlir_ir_op *op, int i) {
  return i >= 0 && i < op->n_operands ? op->operands[i].value : NULL;
}

bool mlir_ir_op_segment(const mlir_ir_op *op, int seg, int *first, int *count) {
  int64_t sizes[64];
  int64_t n = mlir_ir_attr_ints(mlir_ir_op_attr(op, "operandSegmentSizes"), sizes, 64);
  if (n < 0 || n > 64 || seg < 0 || seg >= n) return false;
  /* sizes from outside: each in range, and together the operands the op has */
  int64_t start = 0, total = 0;
  for (int i = 0; i < n; i++) {
    if (sizes[i] < 0 || sizes[i] > op->n_operands) return false;
    if (i < seg) start += sizes[i];
    total += sizes[i];
  }
  if (total != op->n_operands) return false;
  *first = (int)start;
  *count = (int)sizes[seg];
  return true;
}

mlir_ir_block *mlir_ir_op_entry_block(const mlir_ir_op *op, int r) {
  if (r < 0 || r >= op->n_regions || op->regions[r].n_blocks == 0) return NULL;
  return op->regions[r].blocks[0];
}

int mlir_ir_value_num_uses(const mlir_ir_value *v) {
  int n = 0;
  for (const mlir_ir_operand *u = v->first_use; u; u = u->next_use) n++;
  return n;
}

mlir_ir_op *mlir_ir_module_lookup(const mlir_ir_module *m, const char *sym) {
  mlir_ir_block *body = m->top ? mlir_ir_op_entry_block(m->top, 0) : NULL;
  if (!body) return NULL;
  for (mlir_ir_op *op = body->first; op; op = op->next) {
    mlir_ir_attr *name = mlir_ir_op_attr(op, "sym_name");
    if (name && name->kind == MLIR_IR_ATTR_STRING && !strcmp(name->u.string.data, sym)) return op;
  }
  return NULL;
}

bool mlir_ir_walk(mlir_ir_op *op, bool (*fn)(mlir_ir_op *op, void *user), void *user) {
  if (!fn(op, user)) return false;
  for (int r = 0; r < op->n_regions; r++)
    for (int b = 0; b < op->regions[r].n_blocks; b++)
      for (mlir_ir_op *o = op->regions[r].blocks[b]->first; o; o = o->next)
        if (!mlir_ir_walk(o, fn, user)) return false;
  return true;
}

mlir_ir_value *mlir_ir_value_new(mlir_ir_module *m, mlir_ir_type *type) {
  mlir_ir_value *v = mlir_ir_alloc(m->ctx, sizeof *v);
  if (!v) return NULL;
  v->id = m->n_values++;
  v->type = type;
  return v;
}

mlir_ir_op *mlir_ir_op_new(mlir_ir_ctx *ctx, const char *name, int n_operands, int n_results,
                         int n_successors, int n_regions) {
  mlir_ir_op *op = mlir_ir_alloc(ctx, sizeof *op);
  if (!op) return NULL;
  op->name = mlir_ir_intern(ctx, name, strlen(name));
  op->attrs = mlir_ir_empty_dict(ctx);
  op->n_operands = n_operands;
  op->n_results = n_results;
  op->n_successors = n_successors;
  op->n_regions = n_regions;
  op->operands = mlir_ir_alloc(ctx, sizeof(mlir_ir_operand) * (size_t)n_operands);
  op->results = mlir_ir_alloc(ctx, sizeof(mlir_ir_value *) * (size_t)n_results);
  op->successors = mlir_ir_alloc(ctx, sizeof(mlir_ir_block *) * (size_t)n_successors);
  op->regions = mlir_ir_alloc(ctx, sizeof(mlir_ir_region) * (size_t)n_regions);
  if (!op->name || !op->attrs || !op->operands || !op->results || !op->successors || !op->regions)
    return NULL;
  for (int i = 0; i < n_regions; i++) op->regions[i].parent = op;
  return op;
}

void mlir_ir_op_set_operand(mlir_ir_op *op, int i, mlir_ir_value *v) {
  mlir_ir_operand *u = &op->operands[i];
  u->owner = op;
  u->value = v;
  u->next_use = v->first_use;
  v->first_use = u;
}

void mlir_ir_block_append(mlir_ir_block *b, mlir_ir_op *op) {
  op->parent = b;
  op->prev = b->last;
  op->next = NULL;
  if (b->last) b->last->next = op; else b->first = op;
  b->last = op;
  b->n_ops++;
}

void mlir_ir_block_remove(mlir_ir_block *b, mlir_ir_op *op) {
  if (op->prev) op->prev->next = op->next; else b->first = op->next;
  if (op->next) op->next->prev = op->prev; else b->last = op->prev;
  op->prev = op->next = NULL;
  op->parent = NULL;
  b->n_ops--;
}

void mlir_ir_op_rename(mlir_ir_ctx *ctx, mlir_ir_op *op, const char *name) {
  const char *n = mlir_ir_intern(ctx, name, strlen(name));
  if (n) op->name = n;
}

/* ---- op equality ---------------------------------------------------------------------- */

typedef struct eq_state {
  unsigned flags;
  /* value ids of `a` mapped to value ids of `b` (+1; 0 = unmapped) and blocks likewise */
  uint32_t *map;
  uint32_t cap;
  char *why;
  size_t why_cap;
} eq_state;

static bool differ(eq_state *s, const mlir_ir_op *a, const char *what) {
  if (s->why && s->why_cap) snprintf(s->why, s->why_cap, "op '%s': %s differ", a->name, what);
  return false;
}

static bool map_values(eq_state *s, const mlir_ir_value *a, const mlir_ir_value *b) {
  if (a->id >= s->cap) {
    uint32_t cap = s->cap ? s->cap : 64;
    while (cap <= a->id) cap *= 2;
    uint32_t *m = realloc(s->map, cap * sizeof *m);
    if (!m) return false;
    memset(m + s->cap, 0, (cap - s->cap) * sizeof *m);
    s->map = m;
    s->cap = cap;
  }
  if (!mlir_ir_type_equal(a->type, b->type)) return false;
  if (!(s->flags & MLIR_IR_EQ_IGNORE_LOCS) && !optional_attr_equal(a->loc, b->loc)) return false;
  s->map[a->id] = b->id + 1;
  return true;
}

static bool same_value(eq_state *s, const mlir_ir_value *a, const mlir_ir_value *b) {
  return a->id < s->cap && s->map[a->id] == b->id + 1;
}

static bool ops_equal(eq_state *s, const mlir_ir_op *a, const mlir_ir_op *b, int depth);

static bool regions_equal(eq_state *s, const mlir_ir_region *ra, const mlir_ir_region *rb, int depth) {
  if (ra->n_blocks != rb->n_blocks) return false;
  /* arguments first: successors and forward references may name any block's values */
  for (int i = 0; i < ra->n_blocks; i++) {
    const mlir_ir_block *ba = ra->blocks[i], *bb = rb->blocks[i];
    if (ba->n_args != bb->n_args || ba->n_ops != bb->n_ops) return false;
    for (int k = 0; k < ba->n_args; k++)
      if (!map_values(s, ba->args[k], bb->args[k])) return false;
  }
  /* results next, so that uses before definitions (graph regions) compare */
  for (int i = 0; i < ra->n_blocks; i++)
    for (const mlir_ir_op *oa = ra->blocks[i]->first, *ob = rb->blocks[i]->first; oa && ob;
         oa = oa->next, ob = ob->next) {
      if (oa->n_results != ob->n_results) return differ(s, oa, "result counts");
      for (int k = 0; k < oa->n_results; k++)
        if (!map_values(s, oa->results[k], ob->results[k])) return differ(s, oa, "result types");
    }
  for (int i = 0; i < ra->n_blocks; i++)
    for (const mlir_ir_op *oa = ra->blocks[i]->first, *ob = rb->blocks[i]->first; oa && ob;
         oa = oa->next, ob = ob->next)
      if (!ops_equal(s, oa, ob, depth + 1)) return false;
  return true;
}

/* Every attribute `a` has (property or not) is one of `b` with an equal value. */
static bool merged_attrs_within(const mlir_ir_op *a, const mlir_ir_op *b) {
  const mlir_ir_attr *dicts[2] = {a->props, a->attrs};
  for (int k = 0; k < 2; k++)
    for (int i = 0; dicts[k] && i < dicts[k]->u.dict.n; i++) {
      const char *name = dicts[k]->u.dict.entries[i].name;
      const mlir_ir_attr *vb = mlir_ir_op_attr(b, name);
      if (!vb || !mlir_ir_attr_equal(mlir_ir_op_attr(a, name), vb)) return false;
    }
  return true;
}

static bool ops_equal(eq_state *s, const mlir_ir_op *a, const mlir_ir_op *b, int depth) {
  if (depth > MLIR_IR_MAX_DEPTH) return differ(s, a, "nesting depths");
  if (strcmp(a->name, b->name)) {
    if (s->why && s->why_cap) snprintf(s->why, s->why_cap, "op names differ: '%s' vs '%s'", a->name, b->name);
    return false;
  }
  if (a->n_operands != b->n_operands) return differ(s, a, "operand counts");
  for (int i = 0; i < a->n_operands; i++)
    if (!same_value(s, a->operands[i].value, b->operands[i].value)) return differ(s, a, "operands");
  if (a->n_results != b->n_results) return differ(s, a, "result counts");
  if (s->flags & MLIR_IR_EQ_MERGE_PROPS) {
    if (!merged_attrs_within(a, b) || !merged_attrs_within(b, a)) return differ(s, a, "attributes");
  } else {
    if (!mlir_ir_attr_equal(a->attrs, b->attrs)) return differ(s, a, "attributes");
    if (!optional_attr_equal(a->props, b->props)) return differ(s, a, "properties");
  }
  if (a->raw_props_size != b->raw_props_size ||
      (a->raw_props_size && memcmp(a->raw_props, b->raw_props, a->raw_props_size)))
    return differ(s, a, "raw properties");
  if (!(s->flags & MLIR_IR_EQ_IGNORE_LOCS) && !optional_attr_equal(a->loc, b->loc))
    return differ(s, a, "locations");
  if (a->n_successors != b->n_successors) return differ(s, a, "successor counts");
  for (int i = 0; i < a->n_successors; i++)
    if (a->successors[i]->index != b->successors[i]->index) return differ(s, a, "successors");
  if (a->n_regions != b->n_regions) return differ(s, a, "region counts");
  for (int r = 0; r < a->n_regions; r++)
    if (!regions_equal(s, &a->regions[r], &b->regions[r], depth)) {
      if (s->why && s->why_cap && !s->why[0]) differ(s, a, "regions");
      return false;
    }
  return true;
}

bool mlir_ir_op_equal(const mlir_ir_op *a, const mlir_ir_op *b, unsigned flags, char *why,
                     size_t why_cap) {
  eq_state s = {flags, NULL, 0, why, why_cap};
  if (why && why_cap) why[0] = 0;
  bool ok = ops_equal(&s, a, b, 0);
  if (!ok && why && why_cap && !why[0]) snprintf(why, why_cap, "ops differ");
  free(s.map);
  return ok;
}
