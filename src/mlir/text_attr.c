/* Textual MLIR: scanning helpers and the attribute and type grammar (LangRef), shared by the
 * text parser and the bytecode reader's text entries. */
#include "core/grow.h"
#include "mlir/text.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- state, errors ------------------------------------------------------------------- */

void mlir_text_init(mlir_text_parser *p, mlir_ir_module *m, const char *text, size_t len, const char *filename) {
  memset(p, 0, sizeof *p);
  p->m = m;
  p->ctx = m->ctx;
  p->begin = p->cur = text;
  p->end = text + len;
  p->filename = filename ? filename : "<input>";
  p->bytecode_offset = -1;
}

void mlir_text_free(mlir_text_parser *p) {
  free(p->attr_aliases.names);
  free(p->attr_aliases.values);
  free(p->type_aliases.names);
  free(p->type_aliases.values);
  free(p->deferred);
}

tsr_status mlir_text_error_at(mlir_text_parser *p, const char *at, const char *fmt, ...) {
  if (p->failed) return TSR_ERR_PARSE;
  p->failed = true;
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (at < p->begin || at > p->end) at = p->cur;
  if (p->bytecode_offset >= 0)
    return tsr_fail(TSR_ERR_PARSE, "bytecode offset %lld: in text entry \"%.60s\" at column %ld: %s",
                    p->bytecode_offset, p->begin, (long)(at - p->begin) + 1, msg);
  long line = 1, col = 1;
  for (const char *c = p->begin; c < at; c++) {
    if (*c == '\n') { line++; col = 1; } else col++;
  }
  return tsr_fail(TSR_ERR_PARSE, "%s:%ld:%ld: %s", p->filename, line, col, msg);
}

tsr_status mlir_text_error(mlir_text_parser *p, const char *fmt, ...) {
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  mlir_text_skip_ws(p);
  return mlir_text_error_at(p, p->cur, "%s", msg);
}

/* ---- scanning ----------------------------------------------------------------------- */

void mlir_text_skip_ws(mlir_text_parser *p) {
  while (p->cur < p->end) {
    char c = *p->cur;
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') p->cur++;
    else if (c == '/' && p->cur + 1 < p->end && p->cur[1] == '/') {
      while (p->cur < p->end && *p->cur != '\n') p->cur++;
    } else break;
  }
}

bool mlir_text_at_end(mlir_text_parser *p) {
  mlir_text_skip_ws(p);
  return p->cur >= p->end;
}

char mlir_text_peek(mlir_text_parser *p) {
  mlir_text_skip_ws(p);
  return p->cur < p->end ? *p->cur : 0;
}

bool mlir_text_accept(mlir_text_parser *p, char c) {
  if (mlir_text_peek(p) != c) return false;
  p->cur++;
  return true;
}

tsr_status mlir_text_expect(mlir_text_parser *p, char c) {
  if (mlir_text_accept(p, c)) return TSR_OK;
  return mlir_text_error(p, "expected '%c'", c);
}

bool mlir_text_accept_str(mlir_text_parser *p, const char *s) {
  mlir_text_skip_ws(p);
  size_t n = strlen(s);
  if ((size_t)(p->end - p->cur) < n || memcmp(p->cur, s, n)) return false;
  p->cur += n;
  return true;
}

static bool id_start(char c) { return isalpha((unsigned char)c) || c == '_'; }
static bool id_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '$' || c == '.'; }

bool mlir_text_bare_id(mlir_text_parser *p, const char **s, size_t *len) {
  mlir_text_skip_ws(p);
  if (p->cur >= p->end || !id_start(*p->cur)) return false;
  const char *b = p->cur;
  while (p->cur < p->end && id_char(*p->cur)) p->cur++;
  *s = b;
  *len = (size_t)(p->cur - b);
  return true;
}

bool mlir_text_accept_kw(mlir_text_parser *p, const char *kw) {
  const char *save = p->cur, *s;
  size_t n;
  if (mlir_text_bare_id(p, &s, &n) && n == strlen(kw) && !memcmp(s, kw, n)) return true;
  p->cur = save;
  return false;
}

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

tsr_status mlir_text_string(mlir_text_parser *p, const char **s, size_t *len) {
  if (mlir_text_peek(p) != '"') return mlir_text_error(p, "expected a string literal");
  const char *start = ++p->cur;
  size_t n = 0;
  bool escapes = false;
  const char *c = start;
  for (; c < p->end && *c != '"'; c++, n++) {
    if (*c == '\n') return mlir_text_error_at(p, c, "unterminated string literal");
    if (*c == '\\') {
      escapes = true;
      if (c + 1 >= p->end) break;
      if (hexval(c[1]) >= 0 && c + 2 < p->end && hexval(c[2]) >= 0) c += 2;
      else c++;
    }
  }
  if (c >= p->end) return mlir_text_error_at(p, start - 1, "unterminated string literal");
  char *out = mlir_ir_alloc(p->ctx, n + 1);
  if (!out) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  if (!escapes) {
    memcpy(out, start, n);
  } else {
    size_t k = 0;
    for (const char *q = start; q < c; q++) {
      if (*q != '\\') { out[k++] = *q; continue; }
      q++;
      if (hexval(q[0]) >= 0 && q + 1 < c && hexval(q[1]) >= 0) {
        out[k++] = (char)(hexval(q[0]) * 16 + hexval(q[1]));
        q++;
      } else if (*q == 'n') out[k++] = '\n';
      else if (*q == 't') out[k++] = '\t';
      else if (*q == '"' || *q == '\\') out[k++] = *q;
      else return mlir_text_error_at(p, q - 1, "unknown escape in string literal");
    }
    n = k;
  }
  out[n] = 0;
  p->cur = c + 1;
  *s = out;
  *len = n;
  return TSR_OK;
}

/* Unsigned decimal or 0x hex digits; sets *overflow when it does not fit 64 bits. */
static bool scan_uint(mlir_text_parser *p, uint64_t *out, bool *hex) {
  const char *c = p->cur;
  uint64_t v = 0;
  bool over = false;
  *hex = false;
  if (c + 1 < p->end && c[0] == '0' && c[1] == 'x' && c + 2 < p->end && hexval(c[2]) >= 0) {
    *hex = true;
    c += 2;
    for (; c < p->end && hexval(*c) >= 0; c++) {
      if (v >> 60) over = true;
      v = v * 16 + (uint64_t)hexval(*c);
    }
  } else {
    if (c >= p->end || !isdigit((unsigned char)*c)) return false;
    for (; c < p->end && isdigit((unsigned char)*c); c++) {
      uint64_t d = (uint64_t)(*c - '0');
      if (v > (UINT64_MAX - d) / 10) over = true;
      v = v * 10 + d;
    }
  }
  if (over) return mlir_text_error(p, "integer literal out of range") , false;
  p->cur = c;
  *out = v;
  return true;
}

tsr_status mlir_text_int(mlir_text_parser *p, int64_t *out) {
  mlir_text_skip_ws(p);
  bool neg = false, hex;
  if (p->cur < p->end && *p->cur == '-') { neg = true; p->cur++; }
  uint64_t v;
  if (!scan_uint(p, &v, &hex)) return mlir_text_error(p, "expected an integer");
  *out = neg ? (int64_t)(0 - v) : (int64_t)v;
  return TSR_OK;
}

tsr_status mlir_text_symbol_name(mlir_text_parser *p, const char **out) {
  mlir_text_skip_ws(p);
  const char *s;
  size_t n;
  if (mlir_text_peek(p) == '"') {
    TSR_TRY(mlir_text_string(p, &s, &n));
  } else {
    const char *b = p->cur;
    while (p->cur < p->end && (id_char(*p->cur) || *p->cur == '-')) p->cur++;
    if (p->cur == b) return mlir_text_error(p, "expected a symbol name");
    s = b;
    n = (size_t)(p->cur - b);
  }
  *out = mlir_ir_intern(p->ctx, s, n);
  return *out ? TSR_OK : tsr_fail(TSR_ERR_NOMEM, "out of memory");
}

tsr_status mlir_text_balanced(mlir_text_parser *p, const char **s, size_t *len) {
  mlir_text_skip_ws(p);
  const char *b = p->cur;
  char stack[MLIR_IR_MAX_DEPTH];
  int depth = 0;
  for (const char *c = b; c < p->end; c++) {
    char ch = *c;
    if (ch == '"') {
      for (c++; c < p->end && *c != '"'; c++)
        if (*c == '\\') c++;
      if (c >= p->end) break;
      continue;
    }
    char close = ch == '<' ? '>' : ch == '(' ? ')' : ch == '[' ? ']' : ch == '{' ? '}' : 0;
    if (close) {
      if (depth == MLIR_IR_MAX_DEPTH) return mlir_text_error_at(p, c, "brackets nested too deeply");
      stack[depth++] = close;
    } else if (ch == '>' || ch == ')' || ch == ']' || ch == '}') {
      /* `->` inside a dialect body is an arrow, not a closing bracket */
      if (ch == '>' && c > b && c[-1] == '-') continue;
      if (depth == 0 || stack[depth - 1] != ch) return mlir_text_error_at(p, c, "unbalanced '%c'", ch);
      if (--depth == 0) {
        p->cur = c + 1;
        *s = b;
        *len = (size_t)(p->cur - b);
        return TSR_OK;
      }
    }
    if (depth == 0) return mlir_text_error_at(p, b, "expected a bracketed group");
  }
  return mlir_text_error_at(p, b, "unterminated bracketed group");
}

/* ---- aliases ------------------------------------------------------------------------- */

static size_t ptr_hash(const void *ptr, size_t cap) {
  return (size_t)(((uintptr_t)ptr >> 3) * 0x9E3779B97F4A7C15ull) & (cap - 1);
}

void *mlir_alias_get(const mlir_alias_map *m, const char *name) {
  if (!m->cap) return NULL;
  for (size_t i = ptr_hash(name, m->cap);; i = (i + 1) & (m->cap - 1)) {
    if (!m->names[i]) return NULL;
    if (m->names[i] == name) return m->values[i];
  }
}

bool mlir_alias_put(mlir_alias_map *m, const char *name, void *value) {
  if ((m->n + 1) * 2 > m->cap) {
    size_t cap = m->cap ? m->cap * 2 : 64;
    const char **names = calloc(cap, sizeof *names);
    void **values = calloc(cap, sizeof *values);
    if (!names || !values) { free(names); free(values); return false; }
    for (size_t i = 0; i < m->cap; i++) {
      if (!m->names[i]) continue;
      size_t j = ptr_hash(m->names[i], cap);
      while (names[j]) j = (j + 1) & (cap - 1);
      names[j] = m->names[i];
      values[j] = m->values[i];
    }
    free(m->names);
    free(m->values);
    m->names = names;
    m->values = values;
    m->cap = cap;
  }
  size_t i = ptr_hash(name, m->cap);
  while (m->names[i] && m->names[i] != name) i = (i + 1) & (m->cap - 1);
  if (!m->names[i]) m->n++;
  m->names[i] = name;
  m->values[i] = value;
  return true;
}

/* `#name` / `!name` alias identifier: bare-id chars. */
static bool alias_name(mlir_text_parser *p, const char **out) {
  const char *b = p->cur;
  while (p->cur < p->end && id_char(*p->cur)) p->cur++;
  if (p->cur == b) return false;
  *out = mlir_ir_intern(p->ctx, b, (size_t)(p->cur - b));
  return *out != NULL;
}

tsr_status mlir_text_alias_def(mlir_text_parser *p) {
  char sigil = mlir_text_peek(p);
  const char *at = p->cur;
  p->cur++;
  const char *name;
  if (!alias_name(p, &name)) return mlir_text_error(p, "expected an alias name");
  TSR_TRY(mlir_text_expect(p, '='));
  if (sigil == '#') {
    if (mlir_alias_get(&p->attr_aliases, name)) return mlir_text_error_at(p, at, "redefinition of alias #%s", name);
    mlir_ir_attr *a;
    TSR_TRY(mlir_text_attr(p, &a));
    if (!mlir_alias_put(&p->attr_aliases, name, a)) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  } else {
    if (mlir_alias_get(&p->type_aliases, name)) return mlir_text_error_at(p, at, "redefinition of alias !%s", name);
    mlir_ir_type *t;
    TSR_TRY(mlir_text_type(p, &t));
    if (!mlir_alias_put(&p->type_aliases, name, t)) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  }
  return TSR_OK;
}

/* Location graphs must be acyclic: aliases used before their definition can refer to each
 * other in a cycle (#a = callsite(#b at ...), #b = callsite(#a at ...)), which every walker of
 * locations would follow forever. A depth-first search with three colours (absent: unseen,
 * 1: on the path, 2: done) in a pointer hash set finds a cycle in linear time. */
typedef struct loc_marks { const mlir_ir_attr **keys; unsigned char *color; size_t cap, n; } loc_marks;

static size_t loc_slot(const loc_marks *m, const mlir_ir_attr *a) {
  size_t i = ((uintptr_t)a >> 4) * 0x9E3779B97F4A7C15ull & (m->cap - 1);
  while (m->keys[i] && m->keys[i] != a) i = (i + 1) & (m->cap - 1);
  return i;
}

static bool loc_mark(loc_marks *m, const mlir_ir_attr *a, unsigned char color) {
  if (2 * (m->n + 1) > m->cap) {
    loc_marks g = {calloc(m->cap ? m->cap * 2 : 64, sizeof *g.keys), NULL, m->cap ? m->cap * 2 : 64, m->n};
    g.color = calloc(g.cap, 1);
    if (!g.keys || !g.color) { free(g.keys); free(g.color); return false; }
    for (size_t i = 0; i < m->cap; i++)
      if (m->keys[i]) {
        size_t j = loc_slot(&g, m->keys[i]);
        g.keys[j] = m->keys[i];
        g.color[j] = m->color[i];
      }
    free(m->keys);
    free(m->color);
    *m = g;
  }
  size_t i = loc_slot(m, a);
  if (!m->keys[i]) { m->keys[i] = a; m->n++; }
  m->color[i] = color;
  return true;
}

static int loc_color(const loc_marks *m, const mlir_ir_attr *a) {
  if (!m->cap) return 0;
  size_t i = loc_slot(m, a);
  return m->keys[i] ? m->color[i] : 0;
}

/* 0: acyclic below `a`; 1: a cycle; -1: out of memory or too deep. */
static int loc_cycle(loc_marks *m, const mlir_ir_attr *a, int depth) {
  if (!a) return 0;
  int c = loc_color(m, a);
  if (c == 1) return 1;
  if (c == 2) return 0;
  if (depth > MLIR_IR_MAX_DEPTH) return -1;
  if (!loc_mark(m, a, 1)) return -1;
  const mlir_ir_attr *kids[2] = {NULL, NULL};
  int r = 0;
  switch (a->kind) {
  case MLIR_IR_ATTR_LOC_NAME: kids[0] = a->u.name_loc.child; break;
  case MLIR_IR_ATTR_LOC_CALLSITE: kids[0] = a->u.callsite.callee; kids[1] = a->u.callsite.caller; break;
  case MLIR_IR_ATTR_LOC_FUSED:
    for (int i = 0; i < a->u.fused.n && !r; i++) r = loc_cycle(m, a->u.fused.locs[i], depth + 1);
    break;
  default: break;
  }
  for (int i = 0; i < 2 && !r; i++) r = loc_cycle(m, kids[i], depth + 1);
  if (!r && !loc_mark(m, a, 2)) r = -1;
  return r;
}

tsr_status mlir_text_resolve_deferred(mlir_text_parser *p) {
  /* aliases may chain through other deferred aliases: resolve until nothing changes */
  for (size_t i = 0; i < p->n_deferred; i++) {
    mlir_deferred_loc *d = &p->deferred[i];
    mlir_ir_attr *a = mlir_alias_get(&p->attr_aliases, d->name);
    if (!a) return mlir_text_error_at(p, p->begin + d->offset, "undefined location alias #%s", d->name);
    if (!mlir_ir_attr_is_location(a))
      return mlir_text_error_at(p, p->begin + d->offset, "alias #%s is not a location", d->name);
    *d->placeholder = *a;
  }
  for (size_t i = 0; i < p->n_deferred; i++) {
    /* a placeholder copied before its source was patched: copy again */
    mlir_ir_attr *a = mlir_alias_get(&p->attr_aliases, p->deferred[i].name);
    *p->deferred[i].placeholder = *a;
  }
  loc_marks marks = {0};
  int cyc = 0;
  size_t at = 0;
  for (; at < p->n_deferred && !cyc; at++) cyc = loc_cycle(&marks, p->deferred[at].placeholder, 0);
  free(marks.keys);
  free(marks.color);
  if (cyc > 0) {
    mlir_deferred_loc *d = &p->deferred[at - 1];
    return mlir_text_error_at(p, p->begin + d->offset, "location aliases refer to each other in a cycle "
                         "(through #%s)", d->name);
  }
  if (cyc < 0) return mlir_text_error(p, "location aliases nest deeper than %d levels", MLIR_IR_MAX_DEPTH);
  return TSR_OK;
}

/* ---- types --------------------------------------------------------------------------- */

static tsr_status nomem(void) { return tsr_fail(TSR_ERR_NOMEM, "out of memory"); }

bool mlir_ptr_push(mlir_ptr_list *l, void *x) {
  if (!GROW_ARRAY(l->items, l->n, l->cap, 8)) return false;
  l->items[l->n++] = x;
  return true;
}

void *mlir_ptr_finish(mlir_text_parser *p, mlir_ptr_list *l) {
  void **out = mlir_ir_alloc(p->ctx, sizeof(void *) * (size_t)(l->n ? l->n : 1));
  if (out && l->n) memcpy(out, l->items, sizeof(void *) * (size_t)l->n);
  free(l->items);
  l->items = NULL;
  return out;
}

tsr_status mlir_text_type_list(mlir_text_parser *p, mlir_ir_type ***out, int *n) {
  mlir_ptr_list l = {0};
  do {
    mlir_ir_type *t;
    tsr_status s = mlir_text_type(p, &t);
    if (s != TSR_OK) { free(l.items); return s; }
    if (!mlir_ptr_push(&l, t)) { free(l.items); return nomem(); }
  } while (mlir_text_accept(p, ','));
  *n = l.n;
  *out = mlir_ptr_finish(p, &l);
  return *out ? TSR_OK : nomem();
}

/* `(T, ...)` possibly empty; the '(' is next. */
static tsr_status paren_type_list(mlir_text_parser *p, mlir_ir_type ***out, int *n) {
  TSR_TRY(mlir_text_expect(p, '('));
  if (mlir_text_accept(p, ')')) {
    *n = 0;
    *out = NULL;
    return TSR_OK;
  }
  TSR_TRY(mlir_text_type_list(p, out, n));
  return mlir_text_expect(p, ')');
}

tsr_status mlir_text_function_type(mlir_text_parser *p, mlir_ir_type **out) {
  mlir_ir_type *t = mlir_ir_type_new(p->ctx, MLIR_IR_TYPE_FUNCTION);
  if (!t) return nomem();
  TSR_TRY(paren_type_list(p, &t->u.function.inputs, &t->u.function.n_inputs));
  if (!mlir_text_accept_str(p, "->")) return mlir_text_error(p, "expected '->' in function type");
  if (mlir_text_peek(p) == '(') {
    TSR_TRY(paren_type_list(p, &t->u.function.results, &t->u.function.n_results));
  } else {
    mlir_ir_type *r;
    TSR_TRY(mlir_text_type(p, &r));
    t->u.function.results = mlir_ir_alloc(p->ctx, sizeof(mlir_ir_type *));
    if (!t->u.function.results) return nomem();
    t->u.function.results[0] = r;
    t->u.function.n_results = 1;
  }
  *out = t;
  return TSR_OK;
}

/* Dimension list `4x?x[8]x` of tensor/vector/memref, then the element type. */
static tsr_status shaped_body(mlir_text_parser *p, mlir_ir_type *t, bool allow_scalable) {
  int64_t dims[64];
  bool scal[64];
  int rank = 0;
  bool any_scalable = false;
  for (;;) {
    mlir_text_skip_ws(p);
    const char *save = p->cur;
    bool scalable = false;
    int64_t d;
    if (allow_scalable && p->cur < p->end && *p->cur == '[') { p->cur++; scalable = true; }
    if (p->cur < p->end && *p->cur == '?') {
      p->cur++;
      d = MLIR_IR_DYNAMIC;
    } else if (p->cur < p->end && isdigit((unsigned char)*p->cur)) {
      d = 0;
      while (p->cur < p->end && isdigit((unsigned char)*p->cur)) {
        if (d > (INT64_MAX - 9) / 10) return mlir_text_error(p, "dimension too large");
        d = d * 10 + (*p->cur++ - '0');
      }
    } else {
      p->cur = save;
      break;
    }
    if (scalable && (p->cur >= p->end || *p->cur++ != ']')) return mlir_text_error(p, "expected ']' after scalable dimension");
    if (p->cur >= p->end || *p->cur != 'x') return mlir_text_error(p, "expected 'x' in shape");
    p->cur++;
    if (rank == 64) return mlir_text_error(p, "too many dimensions");
    dims[rank] = d;
    scal[rank++] = scalable;
    any_scalable |= scalable;
  }
  t->u.shaped.rank = rank;
  if (rank) {
    t->u.shaped.shape = mlir_ir_alloc(p->ctx, sizeof(int64_t) * (size_t)rank);
    if (!t->u.shaped.shape) return nomem();
    memcpy(t->u.shaped.shape, dims, sizeof(int64_t) * (size_t)rank);
  }
  if (any_scalable) {
    t->u.shaped.scalable = mlir_ir_alloc(p->ctx, (size_t)rank);
    if (!t->u.shaped.scalable) return nomem();
    memcpy(t->u.shaped.scalable, scal, (size_t)rank);
  }
  return mlir_text_type(p, &t->u.shaped.element);
}

static bool is_layout_attr(const mlir_ir_attr *a) {
  if (a->kind == MLIR_IR_ATTR_AFFINE_MAP || a->kind == MLIR_IR_ATTR_STRIDED) return true;
  return a->kind == MLIR_IR_ATTR_OPAQUE && strstr(a->u.opaque_text, ".tiled<") != NULL;
}

static tsr_status builtin_shaped(mlir_text_parser *p, const char *kw, size_t n, mlir_ir_type **out) {
  bool tensor = n == 6 && !memcmp(kw, "tensor", 6);
  bool memref = n == 6 && !memcmp(kw, "memref", 6);
  TSR_TRY(mlir_text_expect(p, '<'));
  mlir_ir_type *t = mlir_ir_type_new(p->ctx, tensor ? MLIR_IR_TYPE_TENSOR : memref ? MLIR_IR_TYPE_MEMREF : MLIR_IR_TYPE_VECTOR);
  if (!t) return nomem();
  mlir_text_skip_ws(p);
  if ((tensor || memref) && p->cur + 1 < p->end && p->cur[0] == '*' && p->cur[1] == 'x') {
    p->cur += 2;
    t->kind = tensor ? MLIR_IR_TYPE_UNRANKED_TENSOR : MLIR_IR_TYPE_UNRANKED_MEMREF;
    TSR_TRY(mlir_text_type(p, &t->u.shaped.element));
  } else {
    TSR_TRY(shaped_body(p, t, !tensor && !memref));
  }
  if (tensor && mlir_text_accept(p, ',')) TSR_TRY(mlir_text_attr(p, &t->u.shaped.encoding));
  if (memref) {
    mlir_ir_attr *a[2] = {NULL, NULL};
    int na = 0;
    while (na < 2 && mlir_text_accept(p, ',')) TSR_TRY(mlir_text_attr(p, &a[na++]));
    if (na == 2) {
      t->u.shaped.layout = a[0];
      t->u.shaped.memory_space = a[1];
    } else if (na == 1) {
      if (is_layout_attr(a[0]) && t->kind == MLIR_IR_TYPE_MEMREF) t->u.shaped.layout = a[0];
      else t->u.shaped.memory_space = a[0];
    }
    /* the identity layout is the default: keep one form so that text and bytecode agree */
    if (t->u.shaped.layout && mlir_ir_affine_is_identity(t->u.shaped.layout)) t->u.shaped.layout = NULL;
  }
  TSR_TRY(mlir_text_expect(p, '>'));
  *out = t;
  return TSR_OK;
}

static tsr_status type_inner(mlir_text_parser *p, mlir_ir_type **out) {
  char c = mlir_text_peek(p);
  if (c == '(') return mlir_text_function_type(p, out);
  if (c == '!') {
    const char *b = p->cur++;
    const char *name;
    const char *after = p->cur;
    /* no mlir_text_peek: it would move past the spaces after the name, into the type's text */
    if (alias_name(p, &name) && !(p->cur < p->end && *p->cur == '<')) {
      mlir_ir_type *t = mlir_alias_get(&p->type_aliases, name);
      if (t) { *out = t; return TSR_OK; }
      if (!strchr(name, '.')) return mlir_text_error_at(p, b, "undefined type alias !%s", name);
    } else if (p->cur == after) {
      return mlir_text_error(p, "expected a dialect type name after '!'");
    }
    if (p->cur < p->end && *p->cur == '<') {
      const char *body;
      size_t bl;
      TSR_TRY(mlir_text_balanced(p, &body, &bl));
    }
    size_t len = (size_t)(p->cur - b);
    mlir_ir_type *t = mlir_dialect_type_parse(p, b, len);
    if (!t) {
      t = mlir_ir_type_new(p->ctx, MLIR_IR_TYPE_OPAQUE);
      if (!t || !(t->u.opaque_text = mlir_ir_strdup(p->ctx, b, len))) return nomem();
    }
    *out = t;
    return TSR_OK;
  }
  const char *kw;
  size_t n;
  const char *at = p->cur;
  if (!mlir_text_bare_id(p, &kw, &n)) return mlir_text_error(p, "expected a type");
  mlir_ir_float_kind fk;
  if ((kw[0] == 'i' || kw[0] == 's' || kw[0] == 'u') && n >= 2) {
    size_t pre = kw[0] == 'i' ? 1 : (n >= 3 && kw[1] == 'i') ? 2 : 0;
    if (pre && pre < n) {
      bool digits = true;
      unsigned w = 0;
      for (size_t i = pre; i < n; i++) {
        if (!isdigit((unsigned char)kw[i]) || w > 1u << 24) { digits = false; break; }
        w = w * 10 + (unsigned)(kw[i] - '0');
      }
      if (digits) {
        if (w == 0 || w > (1u << 24)) return mlir_text_error_at(p, at, "invalid integer width");
        *out = mlir_ir_type_int(p->ctx, w, kw[0] == 'i' ? MLIR_IR_SIGNLESS : kw[0] == 's' ? MLIR_IR_SIGNED : MLIR_IR_UNSIGNED);
        return *out ? TSR_OK : nomem();
      }
    }
  }
  if (mlir_ir_float_by_name(kw, n, &fk)) {
    *out = mlir_ir_type_float(p->ctx, fk);
    return *out ? TSR_OK : nomem();
  }
#define KW(s) (n == sizeof(s) - 1 && !memcmp(kw, s, n))
  if (KW("index") || KW("none")) {
    *out = mlir_ir_type_new(p->ctx, KW("index") ? MLIR_IR_TYPE_INDEX : MLIR_IR_TYPE_NONE);
    return *out ? TSR_OK : nomem();
  }
  if (KW("tensor") || KW("memref") || KW("vector")) return builtin_shaped(p, kw, n, out);
  if (KW("complex")) {
    mlir_ir_type *t = mlir_ir_type_new(p->ctx, MLIR_IR_TYPE_COMPLEX);
    if (!t) return nomem();
    TSR_TRY(mlir_text_expect(p, '<'));
    TSR_TRY(mlir_text_type(p, &t->u.complex_element));
    TSR_TRY(mlir_text_expect(p, '>'));
    *out = t;
    return TSR_OK;
  }
  if (KW("tuple")) {
    mlir_ir_type *t = mlir_ir_type_new(p->ctx, MLIR_IR_TYPE_TUPLE);
    if (!t) return nomem();
    TSR_TRY(mlir_text_expect(p, '<'));
    if (!mlir_text_accept(p, '>')) {
      TSR_TRY(mlir_text_type_list(p, &t->u.tuple.types, &t->u.tuple.n));
      TSR_TRY(mlir_text_expect(p, '>'));
    }
    *out = t;
    return TSR_OK;
  }
#undef KW
  return mlir_text_error_at(p, at, "unknown type '%.*s'", (int)n, kw);
}

tsr_status mlir_text_type(mlir_text_parser *p, mlir_ir_type **out) {
  if (++p->depth > MLIR_IR_MAX_DEPTH) {
    p->depth--;
    return mlir_text_error(p, "types nested too deeply");
  }
  tsr_status s = type_inner(p, out);
  p->depth--;
  return s;
}

/* ---- numbers and dense payloads ------------------------------------------------------ */

/* One literal of a dense list or attribute. */
typedef struct scalar {
  enum { SC_INT, SC_FLOAT, SC_HEXBITS } kind;
  int64_t i;
  double f;
} scalar;

static tsr_status scan_number(mlir_text_parser *p, scalar *out) {
  mlir_text_skip_ws(p);
  const char *b = p->cur;
  bool neg = false;
  if (p->cur < p->end && *p->cur == '-') { neg = true; p->cur++; }
  if (p->cur + 1 < p->end && p->cur[0] == '0' && p->cur[1] == 'x') {
    uint64_t v;
    bool hex;
    if (!scan_uint(p, &v, &hex)) return mlir_text_error_at(p, b, "bad hex literal");
    out->kind = SC_HEXBITS;
    out->i = neg ? (int64_t)(0 - v) : (int64_t)v;
    return TSR_OK;
  }
  const char *d = p->cur;
  while (d < p->end && isdigit((unsigned char)*d)) d++;
  if (d == p->cur) {
    /* inf / nan spelled out */
    if (p->end - p->cur >= 3 && (!memcmp(p->cur, "inf", 3) || !memcmp(p->cur, "nan", 3))) {
      out->kind = SC_FLOAT;
      out->f = p->cur[0] == 'i' ? (neg ? -INFINITY : INFINITY) : NAN;
      p->cur += 3;
      return TSR_OK;
    }
    p->cur = b;
    return mlir_text_error(p, "expected a number");
  }
  bool is_float = d < p->end && (*d == '.' || *d == 'e' || *d == 'E');
  if (!is_float) {
    uint64_t v;
    bool hex;
    if (!scan_uint(p, &v, &hex)) return TSR_ERR_PARSE;
    out->kind = SC_INT;
    out->i = neg ? (int64_t)(0 - v) : (int64_t)v;
    return TSR_OK;
  }
  /* strtod needs a NUL-terminated copy bounded by the literal */
  const char *e = d;
  while (e < p->end && (isdigit((unsigned char)*e) || *e == '.' || *e == 'e' || *e == 'E' ||
                        ((*e == '+' || *e == '-') && (e[-1] == 'e' || e[-1] == 'E'))))
    e++;
  char buf[128];
  size_t len = (size_t)(e - b);
  if (len >= sizeof buf) return mlir_text_error_at(p, b, "float literal too long");
  memcpy(buf, b, len);
  buf[len] = 0;
  char *endp;
  errno = 0;
  out->f = strtod(buf, &endp);
  if ((size_t)(endp - buf) != len) return mlir_text_error_at(p, b, "bad float literal");
  out->kind = SC_FLOAT;
  p->cur = e;
  return TSR_OK;
}

/* Sign- or zero-extends the low `width` bits as the type's signedness says. */
int64_t mlir_text_normalize_int(const mlir_ir_type *t, int64_t v) {
  unsigned w = t && t->kind == MLIR_IR_TYPE_INTEGER ? t->u.integer.width : 64;
  if (w >= 64) return v;
  uint64_t mask = (1ull << w) - 1, u = (uint64_t)v & mask;
  if (w == 1 || t->u.integer.signedness == MLIR_IR_UNSIGNED) return (int64_t)u;
  if (u >> (w - 1)) u |= ~mask;
  return (int64_t)u;
}

/* Bits of `f` in the float format k; false for formats tessera cannot convert. */
static bool float_bits(mlir_ir_float_kind k, double f, uint64_t *bits) {
  switch (k) {
  case MLIR_IR_F64: memcpy(bits, &f, 8); return true;
  case MLIR_IR_F32: { float x = (float)f; uint32_t b; memcpy(&b, &x, 4); *bits = b; return true; }
  case MLIR_IR_BF16: *bits = tsr_f32_to_bf16((float)f); return true;
  case MLIR_IR_F16: *bits = tsr_f32_to_f16((float)f); return true;
  case MLIR_IR_F8E4M3FN: *bits = tsr_f32_to_f8e4m3fn((float)f); return true;
  case MLIR_IR_F8E5M2: *bits = tsr_f32_to_f8e5m2((float)f); return true;
  case MLIR_IR_F8E4M3B11FNUZ: *bits = tsr_f32_to_f8e4m3b11fnuz((float)f); return true;
  case MLIR_IR_F8E8M0FNU: *bits = tsr_f32_to_f8e8m0fnu((float)f); return true;
  default: return false;
  }
}


static size_t elem_bytes_of(const mlir_ir_type *et) {
  if (!et) return 0;
  if (et->kind == MLIR_IR_TYPE_INDEX) return 8;
  if (et->kind == MLIR_IR_TYPE_COMPLEX) return 2 * elem_bytes_of(et->u.complex_element);
  unsigned w = mlir_ir_type_bit_width(et);
  return w ? (w + 7) / 8 : 0;
}
size_t mlir_text_elem_bytes(const mlir_ir_type *et) { return elem_bytes_of(et); }

static void store_le(uint8_t *d, uint64_t v, size_t bytes) {
  for (size_t i = 0; i < bytes; i++) d[i] = i < 8 ? (uint8_t)(v >> (8 * i)) : (uint8_t)((int64_t)v < 0 ? 0xFF : 0);
}

/* Converts a scalar to element storage of scalar type `et` (not complex). */
static tsr_status store_scalar(mlir_text_parser *p, const mlir_ir_type *et, const scalar *s, uint8_t *d,
                               const char *at) {
  size_t eb = elem_bytes_of(et);
  if (et->kind == MLIR_IR_TYPE_FLOAT) {
    uint64_t bits;
    if (s->kind == SC_HEXBITS) bits = (uint64_t)s->i;
    else if (!float_bits(et->u.float_kind, s->kind == SC_INT ? (double)s->i : s->f, &bits))
      return mlir_text_error_at(p, at, "decimal literals of %s are not supported (use hex)", mlir_ir_float_name(et->u.float_kind));
    store_le(d, bits, eb);
    return TSR_OK;
  }
  if (et->kind == MLIR_IR_TYPE_INTEGER || et->kind == MLIR_IR_TYPE_INDEX) {
    if (s->kind == SC_FLOAT) return mlir_text_error_at(p, at, "float literal for an integer element");
    store_le(d, (uint64_t)mlir_text_normalize_int(et, s->i), eb);
    return TSR_OK;
  }
  return mlir_text_error_at(p, at, "unsupported dense element type");
}

typedef struct scalar_list { scalar *v; size_t n, cap; } scalar_list;

static bool scalar_push(scalar_list *l, scalar s) {
  if (!GROW_ARRAY(l->v, l->n, l->cap, 16)) return false;
  l->v[l->n++] = s;
  return true;
}

/* Literal tree of dense<...>: nested lists of numbers, true/false, and (re, im) pairs. */
static tsr_status dense_literals(mlir_text_parser *p, scalar_list *l, int depth) {
  if (depth > MLIR_IR_MAX_DEPTH) return mlir_text_error(p, "dense literal nested too deeply");
  char c = mlir_text_peek(p);
  if (c == '[' || c == '(') {
    char close = c == '[' ? ']' : ')';
    p->cur++;
    if (mlir_text_accept(p, close)) return TSR_OK;
    do TSR_TRY(dense_literals(p, l, depth + 1));
    while (mlir_text_accept(p, ','));
    return mlir_text_expect(p, close);
  }
  scalar s = {SC_INT, 0, 0};
  if (mlir_text_accept_kw(p, "true")) s.i = 1;
  else if (mlir_text_accept_kw(p, "false")) s.i = 0;
  else TSR_TRY(scan_number(p, &s));
  return scalar_push(l, s) ? TSR_OK : nomem();
}

static tsr_status fill_dense(mlir_text_parser *p, mlir_ir_attr *a, const scalar_list *l, const char *at) {
  const mlir_ir_type *et = mlir_ir_type_element(a->type);
  int64_t numel = mlir_ir_type_numel(a->type);
  if (numel < 0) return mlir_text_error_at(p, at, "dense elements need a static shape");
  bool cplx = et->kind == MLIR_IR_TYPE_COMPLEX;
  const mlir_ir_type *st = cplx ? et->u.complex_element : et;
  size_t per = cplx ? 2 : 1, eb = elem_bytes_of(et), sb = elem_bytes_of(st);
  if (!eb) return mlir_text_error_at(p, at, "unsupported dense element type");
  bool splat = l->n == per;
  if (!splat && (uint64_t)l->n != (uint64_t)numel * per)
    return mlir_text_error_at(p, at, "dense literal has %zu elements, the type needs %lld", l->n / per, (long long)numel);
  size_t n = splat ? 1 : (size_t)numel;
  uint8_t *d = mlir_ir_alloc(p->ctx, n * eb);
  if (!d) return nomem();
  for (size_t i = 0; i < n * per; i++) TSR_TRY(store_scalar(p, st, &l->v[i], d + i * sb, at));
  a->u.dense.splat = splat || numel == 1;
  a->u.dense.numel = numel;
  a->u.dense.elem_bytes = eb;
  a->u.dense.data = d;
  a->u.dense.size = n * eb;
  return TSR_OK;
}

static tsr_status fill_dense_hex(mlir_text_parser *p, mlir_ir_attr *a, const char *hex, size_t len, const char *at) {
  const mlir_ir_type *et = mlir_ir_type_element(a->type);
  int64_t numel = mlir_ir_type_numel(a->type);
  size_t eb = elem_bytes_of(et);
  if (numel < 0 || !eb) return mlir_text_error_at(p, at, "dense hex payload needs a static shape and a numeric element type");
  size_t nbytes = (len - 2) / 2;
  if ((len - 2) % 2) return mlir_text_error_at(p, at, "odd number of hex digits");
  bool i1 = mlir_ir_type_is_int(et, 1);
  bool splat = nbytes == eb;
  size_t want = (size_t)numel * eb;
  bool packed = i1 && !splat && nbytes == ((size_t)numel + 7) / 8 && nbytes != want;
  if (!splat && nbytes != want && !packed)
    return mlir_text_error_at(p, at, "dense hex payload has %zu bytes, expected %zu", nbytes, want);
  size_t out_n = splat ? eb : want;
  uint8_t *d = mlir_ir_alloc(p->ctx, out_n);
  if (!d) return nomem();
  for (size_t i = 0; i < nbytes; i++) {
    int hi = hexval(hex[2 + 2 * i]), lo = hexval(hex[3 + 2 * i]);
    if (hi < 0 || lo < 0) return mlir_text_error_at(p, at, "bad hex digit in dense payload");
    uint8_t byte = (uint8_t)(hi * 16 + lo);
    if (packed) {
      for (int b = 0; b < 8 && i * 8 + (size_t)b < (size_t)numel; b++) d[i * 8 + (size_t)b] = (byte >> b) & 1;
    } else {
      d[i] = i1 ? byte != 0 : byte;
    }
  }
  a->u.dense.splat = splat;
  a->u.dense.numel = numel;
  a->u.dense.elem_bytes = eb;
  a->u.dense.data = d;
  a->u.dense.size = out_n;
  return TSR_OK;
}

static bool is_hex_string(const char *s, size_t n) {
  if (n < 2 || s[0] != '0' || s[1] != 'x') return false;
  for (size_t i = 2; i < n; i++)
    if (hexval(s[i]) < 0) return false;
  return true;
}

/* `dense<...> : T`, after the keyword. */
static tsr_status dense_attr(mlir_text_parser *p, mlir_ir_attr **out) {
  const char *at = p->cur;
  TSR_TRY(mlir_text_expect(p, '<'));
  scalar_list l = {0};
  const char *str = NULL;
  size_t slen = 0;
  mlir_ptr_list strs = {0};
  tsr_status s = TSR_OK;
  bool is_strings = false;
  if (mlir_text_peek(p) == '"') {
    s = mlir_text_string(p, &str, &slen);
    if (s == TSR_OK && !is_hex_string(str, slen)) {
      is_strings = true;
      s = mlir_ptr_push(&strs, (void *)str) ? TSR_OK : nomem();
    }
  } else if (mlir_text_peek(p) == '[' && p->cur + 1 < p->end) {
    /* a list of strings is a DenseStringElementsAttr */
    const char *save = p->cur;
    p->cur++;
    if (mlir_text_peek(p) == '"') {
      is_strings = true;
      do {
        s = mlir_text_string(p, &str, &slen);
        if (s == TSR_OK && !mlir_ptr_push(&strs, (void *)str)) s = nomem();
      } while (s == TSR_OK && mlir_text_accept(p, ','));
      if (s == TSR_OK) s = mlir_text_expect(p, ']');
    } else {
      p->cur = save;
      s = dense_literals(p, &l, 0);
    }
  } else if (mlir_text_peek(p) != '>') {
    s = dense_literals(p, &l, 0);
  }
  if (s == TSR_OK) s = mlir_text_expect(p, '>');
  mlir_ir_attr *a = NULL;
  if (s == TSR_OK && !mlir_text_accept(p, ':')) s = mlir_text_error(p, "expected ': type' after dense<...>");
  if (s == TSR_OK) {
    a = mlir_ir_attr_new(p->ctx, is_strings ? MLIR_IR_ATTR_DENSE_STRING : MLIR_IR_ATTR_DENSE);
    s = a ? mlir_text_type(p, &a->type) : nomem();
  }
  if (s == TSR_OK && !mlir_ir_type_is_shaped(a->type)) s = mlir_text_error_at(p, at, "dense elements need a shaped type");
  if (s == TSR_OK) {
    if (is_strings) {
      int64_t numel = mlir_ir_type_numel(a->type);
      if (numel < 0 || (strs.n != 1 && strs.n != numel)) {
        s = mlir_text_error_at(p, at, "dense string count does not match the type");
      } else {
        a->u.dense_string.splat = strs.n == 1 && numel != 1;
        a->u.dense_string.n = strs.n;
        a->u.dense_string.lens = mlir_ir_alloc(p->ctx, sizeof(size_t) * (size_t)strs.n);
        if (!a->u.dense_string.lens) s = nomem();
        for (int i = 0; s == TSR_OK && i < strs.n; i++) a->u.dense_string.lens[i] = strlen(strs.items[i]);
        if (s == TSR_OK && !(a->u.dense_string.strs = mlir_ptr_finish(p, &strs))) s = nomem();
      }
    } else if (str) {
      s = fill_dense_hex(p, a, str, slen, at);
    } else {
      s = fill_dense(p, a, &l, at);
    }
  }
  free(l.v);
  free(strs.items);
  if (s == TSR_OK) *out = a;
  return s;
}

/* `array<T: 1, 2>` / `array<T>`, after the keyword. */
static tsr_status dense_array_attr(mlir_text_parser *p, mlir_ir_attr **out) {
  const char *at = p->cur;
  TSR_TRY(mlir_text_expect(p, '<'));
  mlir_ir_attr *a = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_DENSE_ARRAY);
  if (!a) return nomem();
  TSR_TRY(mlir_text_type(p, &a->type));
  if (a->type->kind != MLIR_IR_TYPE_INTEGER && a->type->kind != MLIR_IR_TYPE_FLOAT)
    return mlir_text_error_at(p, at, "dense array element type must be integer or float");
  size_t eb = elem_bytes_of(a->type);
  scalar_list l = {0};
  tsr_status s = TSR_OK;
  if (mlir_text_accept(p, ':')) {
    do {
      scalar v = {SC_INT, 0, 0};
      if (mlir_text_accept_kw(p, "true")) v.i = 1;
      else if (mlir_text_accept_kw(p, "false")) v.i = 0;
      else s = scan_number(p, &v);
      if (s == TSR_OK && !scalar_push(&l, v)) s = nomem();
    } while (s == TSR_OK && mlir_text_accept(p, ','));
  }
  if (s == TSR_OK) s = mlir_text_expect(p, '>');
  uint8_t *d = NULL;
  if (s == TSR_OK && !(d = mlir_ir_alloc(p->ctx, l.n * eb))) s = nomem();
  for (size_t i = 0; s == TSR_OK && i < l.n; i++) s = store_scalar(p, a->type, &l.v[i], d + i * eb, at);
  a->u.dense_array.n = (int64_t)l.n;
  a->u.dense_array.elem_bytes = eb;
  a->u.dense_array.data = d;
  free(l.v);
  if (s == TSR_OK) *out = a;
  return s;
}

/* ---- affine maps, strided layouts --------------------------------------------------- */

typedef struct affine_names { const char *name[64]; size_t len[64]; int n_dims, n_syms; } affine_names;

static tsr_status affine_expr(mlir_text_parser *p, affine_names *nm, mlir_ir_affine **out, int depth);

static mlir_ir_affine *affine_node(mlir_text_parser *p, mlir_ir_affine_kind k, int64_t v, mlir_ir_affine *l, mlir_ir_affine *r) {
  mlir_ir_affine *e = mlir_ir_alloc(p->ctx, sizeof *e);
  if (e) { e->kind = k; e->value = v; e->lhs = l; e->rhs = r; }
  return e;
}

static tsr_status affine_primary(mlir_text_parser *p, affine_names *nm, mlir_ir_affine **out, int depth) {
  if (depth > MLIR_IR_MAX_DEPTH) return mlir_text_error(p, "affine expression nested too deeply");
  if (mlir_text_accept(p, '(')) {
    TSR_TRY(affine_expr(p, nm, out, depth + 1));
    return mlir_text_expect(p, ')');
  }
  if (mlir_text_accept(p, '-')) {
    mlir_ir_affine *e;
    TSR_TRY(affine_primary(p, nm, &e, depth + 1));
    /* -c is the constant -c (as MLIR folds it), so a printed map reads back the same */
    if (e->kind == MLIR_IR_AFFINE_CONST && e->value != INT64_MIN) {
      e->value = -e->value;
      *out = e;
      return TSR_OK;
    }
    mlir_ir_affine *m1 = affine_node(p, MLIR_IR_AFFINE_CONST, -1, NULL, NULL);
    *out = m1 ? affine_node(p, MLIR_IR_AFFINE_MUL, 0, e, m1) : NULL;
    return *out ? TSR_OK : nomem();
  }
  const char *id;
  size_t n;
  if (mlir_text_bare_id(p, &id, &n)) {
    for (int i = 0; i < nm->n_dims + nm->n_syms; i++)
      if (nm->len[i] == n && !memcmp(nm->name[i], id, n)) {
        bool dim = i < nm->n_dims;
        *out = affine_node(p, dim ? MLIR_IR_AFFINE_DIM : MLIR_IR_AFFINE_SYMBOL, dim ? i : i - nm->n_dims, NULL, NULL);
        return *out ? TSR_OK : nomem();
      }
    return mlir_text_error(p, "unknown identifier '%.*s' in affine expression", (int)n, id);
  }
  int64_t v;
  TSR_TRY(mlir_text_int(p, &v));
  *out = affine_node(p, MLIR_IR_AFFINE_CONST, v, NULL, NULL);
  return *out ? TSR_OK : nomem();
}

static tsr_status affine_term(mlir_text_parser *p, affine_names *nm, mlir_ir_affine **out, int depth) {
  TSR_TRY(affine_primary(p, nm, out, depth));
  for (;;) {
    mlir_ir_affine_kind k;
    if (mlir_text_accept(p, '*')) k = MLIR_IR_AFFINE_MUL;
    else if (mlir_text_accept_kw(p, "floordiv")) k = MLIR_IR_AFFINE_FLOORDIV;
    else if (mlir_text_accept_kw(p, "ceildiv")) k = MLIR_IR_AFFINE_CEILDIV;
    else if (mlir_text_accept_kw(p, "mod")) k = MLIR_IR_AFFINE_MOD;
    else return TSR_OK;
    mlir_ir_affine *r;
    TSR_TRY(affine_primary(p, nm, &r, depth + 1));
    if (!(*out = affine_node(p, k, 0, *out, r))) return nomem();
  }
}

static tsr_status affine_expr(mlir_text_parser *p, affine_names *nm, mlir_ir_affine **out, int depth) {
  TSR_TRY(affine_term(p, nm, out, depth));
  for (;;) {
    bool sub;
    mlir_text_skip_ws(p);
    if (p->cur < p->end && *p->cur == '-' && !(p->cur + 1 < p->end && p->cur[1] == '>')) sub = true;
    else if (p->cur < p->end && *p->cur == '+') sub = false;
    else return TSR_OK;
    p->cur++;
    mlir_ir_affine *r;
    TSR_TRY(affine_term(p, nm, &r, depth + 1));
    if (sub) {
      mlir_ir_affine *m1 = affine_node(p, MLIR_IR_AFFINE_CONST, -1, NULL, NULL);
      if (!m1 || !(r = affine_node(p, MLIR_IR_AFFINE_MUL, 0, r, m1))) return nomem();
    }
    if (!(*out = affine_node(p, MLIR_IR_AFFINE_ADD, 0, *out, r))) return nomem();
  }
}

static tsr_status affine_idlist(mlir_text_parser *p, affine_names *nm, char open, char close, int *count) {
  TSR_TRY(mlir_text_expect(p, open));
  *count = 0;
  const int base = nm->n_dims + nm->n_syms; /* *count may be one of these two */
  if (mlir_text_accept(p, close)) return TSR_OK;
  do {
    int k = base + *count;
    if (k >= 64) return mlir_text_error(p, "too many affine identifiers");
    if (!mlir_text_bare_id(p, &nm->name[k], &nm->len[k])) return mlir_text_error(p, "expected an affine identifier");
    (*count)++;
  } while (mlir_text_accept(p, ','));
  return mlir_text_expect(p, close);
}

static tsr_status affine_map_attr(mlir_text_parser *p, mlir_ir_attr **out) {
  TSR_TRY(mlir_text_expect(p, '<'));
  affine_names nm;
  memset(&nm, 0, sizeof nm);
  TSR_TRY(affine_idlist(p, &nm, '(', ')', &nm.n_dims));
  if (mlir_text_peek(p) == '[') TSR_TRY(affine_idlist(p, &nm, '[', ']', &nm.n_syms));
  if (!mlir_text_accept_str(p, "->")) return mlir_text_error(p, "expected '->' in affine map");
  TSR_TRY(mlir_text_expect(p, '('));
  mlir_ptr_list l = {0};
  tsr_status s = TSR_OK;
  if (!mlir_text_accept(p, ')')) {
    do {
      mlir_ir_affine *e;
      s = affine_expr(p, &nm, &e, 0);
      if (s == TSR_OK && !mlir_ptr_push(&l, e)) s = nomem();
    } while (s == TSR_OK && mlir_text_accept(p, ','));
    if (s == TSR_OK) s = mlir_text_expect(p, ')');
  }
  if (s == TSR_OK) s = mlir_text_expect(p, '>');
  mlir_ir_attr *a = s == TSR_OK ? mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_AFFINE_MAP) : NULL;
  if (s == TSR_OK && !a) s = nomem();
  if (s != TSR_OK) { free(l.items); return s; }
  a->u.affine.n_dims = nm.n_dims;
  a->u.affine.n_symbols = nm.n_syms;
  a->u.affine.n_results = l.n;
  a->u.affine.results = mlir_ptr_finish(p, &l);
  *out = a;
  return a->u.affine.results ? TSR_OK : nomem();
}

static tsr_status strided_int(mlir_text_parser *p, int64_t *v) {
  if (mlir_text_accept(p, '?')) { *v = MLIR_IR_DYNAMIC; return TSR_OK; }
  return mlir_text_int(p, v);
}

static tsr_status strided_attr(mlir_text_parser *p, mlir_ir_attr **out) {
  TSR_TRY(mlir_text_expect(p, '<'));
  TSR_TRY(mlir_text_expect(p, '['));
  int64_t st[64];
  int n = 0;
  if (!mlir_text_accept(p, ']')) {
    do {
      if (n == 64) return mlir_text_error(p, "too many strides");
      TSR_TRY(strided_int(p, &st[n++]));
    } while (mlir_text_accept(p, ','));
    TSR_TRY(mlir_text_expect(p, ']'));
  }
  mlir_ir_attr *a = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_STRIDED);
  if (!a) return nomem();
  if (mlir_text_accept(p, ',')) {
    if (!mlir_text_accept_kw(p, "offset")) return mlir_text_error(p, "expected 'offset'");
    TSR_TRY(mlir_text_expect(p, ':'));
    TSR_TRY(strided_int(p, &a->u.strided.offset));
  }
  TSR_TRY(mlir_text_expect(p, '>'));
  a->u.strided.rank = n;
  a->u.strided.strides = mlir_ir_alloc(p->ctx, sizeof(int64_t) * (size_t)(n ? n : 1));
  if (!a->u.strided.strides) return nomem();
  memcpy(a->u.strided.strides, st, sizeof(int64_t) * (size_t)n);
  *out = a;
  return TSR_OK;
}

/* ---- locations ----------------------------------------------------------------------- */

static tsr_status loc_alias(mlir_text_parser *p, mlir_ir_attr **out) {
  const char *at = p->cur;
  p->cur++; /* '#' */
  const char *name;
  if (!alias_name(p, &name)) return mlir_text_error(p, "expected a location alias");
  mlir_ir_attr *a = mlir_alias_get(&p->attr_aliases, name);
  if (a) {
    if (!mlir_ir_attr_is_location(a)) return mlir_text_error_at(p, at, "alias #%s is not a location", name);
    *out = a;
    return TSR_OK;
  }
  /* defined later in the file: patch once everything is read */
  if (!GROW_ARRAY(p->deferred, p->n_deferred, p->cap_deferred, 16)) return nomem();
  mlir_ir_attr *ph = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_LOC_UNKNOWN);
  if (!ph) return nomem();
  p->deferred[p->n_deferred++] = (mlir_deferred_loc){ph, name, (size_t)(at - p->begin)};
  *out = ph;
  return TSR_OK;
}

static tsr_status loc_uint(mlir_text_parser *p, uint32_t *out) {
  int64_t v;
  TSR_TRY(mlir_text_int(p, &v));
  if (v < 0 || v > UINT32_MAX) return mlir_text_error(p, "line or column out of range");
  *out = (uint32_t)v;
  return TSR_OK;
}

static tsr_status loc_list(mlir_text_parser *p, mlir_ir_attr ***out, int *n) {
  mlir_ptr_list l = {0};
  TSR_TRY(mlir_text_expect(p, '['));
  tsr_status s = TSR_OK;
  if (!mlir_text_accept(p, ']')) {
    do {
      mlir_ir_attr *a;
      s = mlir_text_loc_inner(p, &a);
      if (s == TSR_OK && !mlir_ptr_push(&l, a)) s = nomem();
    } while (s == TSR_OK && mlir_text_accept(p, ','));
    if (s == TSR_OK) s = mlir_text_expect(p, ']');
  }
  if (s != TSR_OK) { free(l.items); return s; }
  *n = l.n;
  *out = mlir_ptr_finish(p, &l);
  return *out ? TSR_OK : nomem();
}

static tsr_status loc_inner(mlir_text_parser *p, mlir_ir_attr **out) {
  char c = mlir_text_peek(p);
  if (c == '#') return loc_alias(p, out);
  if (c == '"') {
    const char *s;
    size_t n;
    TSR_TRY(mlir_text_string(p, &s, &n));
    if (mlir_text_peek(p) == ':') {
      mlir_ir_attr *a = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_LOC_FILE);
      if (!a) return nomem();
      a->u.file.file = s;
      p->cur++;
      TSR_TRY(loc_uint(p, &a->u.file.line));
      a->u.file.n_coords = 1;
      if (mlir_text_accept(p, ':')) {
        TSR_TRY(loc_uint(p, &a->u.file.col));
        a->u.file.n_coords = 2;
      }
      if (mlir_text_accept_kw(p, "to")) {
        a->u.file.is_range = true;
        if (mlir_text_accept(p, ':')) {
          TSR_TRY(loc_uint(p, &a->u.file.end_col));
          a->u.file.n_coords = 3;
        } else {
          TSR_TRY(loc_uint(p, &a->u.file.end_line));
          TSR_TRY(mlir_text_expect(p, ':'));
          TSR_TRY(loc_uint(p, &a->u.file.end_col));
          a->u.file.n_coords = 4;
        }
      }
      *out = a;
      return TSR_OK;
    }
    mlir_ir_attr *a = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_LOC_NAME);
    if (!a) return nomem();
    a->u.name_loc.name = s;
    if (mlir_text_accept(p, '(')) {
      TSR_TRY(mlir_text_loc_inner(p, &a->u.name_loc.child));
      TSR_TRY(mlir_text_expect(p, ')'));
    } else {
      a->u.name_loc.child = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_LOC_UNKNOWN);
      if (!a->u.name_loc.child) return nomem();
    }
    *out = a;
    return TSR_OK;
  }
  if (mlir_text_accept_kw(p, "unknown")) {
    *out = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_LOC_UNKNOWN);
    return *out ? TSR_OK : nomem();
  }
  if (mlir_text_accept_kw(p, "callsite")) {
    mlir_ir_attr *a = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_LOC_CALLSITE);
    if (!a) return nomem();
    TSR_TRY(mlir_text_expect(p, '('));
    TSR_TRY(mlir_text_loc_inner(p, &a->u.callsite.callee));
    if (!mlir_text_accept_kw(p, "at")) return mlir_text_error(p, "expected 'at' in callsite location");
    TSR_TRY(mlir_text_loc_inner(p, &a->u.callsite.caller));
    TSR_TRY(mlir_text_expect(p, ')'));
    *out = a;
    return TSR_OK;
  }
  if (mlir_text_accept_kw(p, "fused")) {
    mlir_ir_attr *a = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_LOC_FUSED);
    if (!a) return nomem();
    if (mlir_text_accept(p, '<')) {
      TSR_TRY(mlir_text_attr(p, &a->u.fused.metadata));
      TSR_TRY(mlir_text_expect(p, '>'));
    }
    TSR_TRY(loc_list(p, &a->u.fused.locs, &a->u.fused.n));
    *out = a;
    return TSR_OK;
  }
  return mlir_text_error(p, "expected a location");
}

tsr_status mlir_text_loc_inner(mlir_text_parser *p, mlir_ir_attr **out) {
  if (++p->depth > MLIR_IR_MAX_DEPTH) {
    p->depth--;
    return mlir_text_error(p, "locations nested too deeply");
  }
  tsr_status s = loc_inner(p, out);
  p->depth--;
  return s;
}

tsr_status mlir_text_opt_trailing_loc(mlir_text_parser *p, mlir_ir_attr **out) {
  if (!mlir_text_accept_kw(p, "loc")) return TSR_OK;
  TSR_TRY(mlir_text_expect(p, '('));
  TSR_TRY(mlir_text_loc_inner(p, out));
  return mlir_text_expect(p, ')');
}

/* ---- attributes ---------------------------------------------------------------------- */

tsr_status mlir_text_dict(mlir_text_parser *p, mlir_ir_attr **out) {
  const char *at = p->cur;
  TSR_TRY(mlir_text_expect(p, '{'));
  mlir_ir_named_attr *e = NULL;
  int n = 0, cap = 0;
  tsr_status s = TSR_OK;
  if (!mlir_text_accept(p, '}')) {
    do {
      const char *name;
      size_t len;
      if (mlir_text_peek(p) == '"') {
        s = mlir_text_string(p, &name, &len);
      } else if (!mlir_text_bare_id(p, &name, &len)) {
        s = mlir_text_error(p, "expected an attribute name");
      }
      if (s != TSR_OK) break;
      if (!GROW_ARRAY(e, n, cap, 8)) { s = nomem(); break; }
      e[n].name = mlir_ir_intern(p->ctx, name, len);
      if (!e[n].name) { s = nomem(); break; }
      if (mlir_text_accept(p, '=')) {
        s = mlir_text_attr(p, &e[n].value);
      } else {
        e[n].value = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_UNIT);
        if (!e[n].value) s = nomem();
      }
      n++;
    } while (s == TSR_OK && mlir_text_accept(p, ','));
    if (s == TSR_OK) s = mlir_text_expect(p, '}');
  }
  mlir_ir_attr *d = NULL;
  if (s == TSR_OK) {
    d = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_DICT);
    mlir_ir_named_attr *copy = mlir_ir_alloc(p->ctx, sizeof *copy * (size_t)(n ? n : 1));
    if (!d || !copy) s = nomem();
    else {
      if (n) memcpy(copy, e, sizeof *copy * (size_t)n);
      d->u.dict.n = n;
      d->u.dict.entries = copy;
      if (!mlir_ir_dict_finish(d)) s = mlir_text_error_at(p, at, "duplicate key in dictionary");
    }
  }
  free(e);
  if (s == TSR_OK) *out = d;
  return s;
}

static tsr_status typed_number(mlir_text_parser *p, const char *at, const scalar *vp, mlir_ir_type *t, mlir_ir_attr **out);

static tsr_status number_attr(mlir_text_parser *p, mlir_ir_attr **out) {
  const char *at = p->cur;
  scalar v;
  TSR_TRY(scan_number(p, &v));
  mlir_ir_type *t = NULL;
  if (mlir_text_accept(p, ':')) TSR_TRY(mlir_text_type(p, &t));
  return typed_number(p, at, &v, t, out);
}

tsr_status mlir_text_number_attr(mlir_text_parser *p, mlir_ir_type *t, mlir_ir_attr **out) {
  const char *at = p->cur;
  scalar v;
  TSR_TRY(scan_number(p, &v));
  return typed_number(p, at, &v, t, out);
}

/* A number literal (already scanned at `at`) as an attribute of type t (NULL: i64 or f64). */
static tsr_status typed_number(mlir_text_parser *p, const char *at, const scalar *vp, mlir_ir_type *t, mlir_ir_attr **out) {
  scalar v = *vp;
  if (!t) {
    t = v.kind == SC_FLOAT ? mlir_ir_type_float(p->ctx, MLIR_IR_F64) : mlir_ir_type_int(p->ctx, 64, MLIR_IR_SIGNLESS);
    if (!t) return nomem();
  }
  if (t->kind == MLIR_IR_TYPE_FLOAT) {
    mlir_ir_attr *a = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_FLOAT);
    if (!a) return nomem();
    a->type = t;
    uint8_t buf[16] = {0};
    TSR_TRY(store_scalar(p, t, &v, buf, at));
    uint64_t bits = 0;
    for (int i = 0; i < 8; i++) bits |= (uint64_t)buf[i] << (8 * i);
    a->u.flt.bits = bits;
    a->u.flt.value = mlir_ir_float_value(t->u.float_kind, bits);
    *out = a;
    return TSR_OK;
  }
  if (t->kind != MLIR_IR_TYPE_INTEGER && t->kind != MLIR_IR_TYPE_INDEX)
    return mlir_text_error_at(p, at, "number literal needs an integer, index or float type");
  if (v.kind == SC_FLOAT) return mlir_text_error_at(p, at, "float literal with an integer type");
  *out = mlir_ir_attr_int_new(p->ctx, t, mlir_text_normalize_int(t, v.i));
  return *out ? TSR_OK : nomem();
}

static tsr_status dialect_attr(mlir_text_parser *p, mlir_ir_attr **out) {
  const char *b = p->cur; /* at '#' */
  p->cur++;
  const char *id = p->cur;
  while (p->cur < p->end && id_char(*p->cur)) p->cur++;
  size_t idlen = (size_t)(p->cur - id);
  if (!idlen) return mlir_text_error(p, "expected an attribute alias or dialect name after '#'");
  const char *name = mlir_ir_intern(p->ctx, id, idlen);
  if (!name) return nomem();
  bool has_body = p->cur < p->end && *p->cur == '<';
  if (!has_body) {
    mlir_ir_attr *a = mlir_alias_get(&p->attr_aliases, name);
    if (a) { *out = a; return TSR_OK; }
    if (!memchr(id, '.', idlen)) return mlir_text_error_at(p, b, "undefined attribute alias #%s", name);
  }
  const char *body = NULL;
  size_t blen = 0;
  if (has_body) TSR_TRY(mlir_text_balanced(p, &body, &blen));
  const char *dot = memchr(id, '.', idlen);
  mlir_ir_attr *a = NULL;
  if (body && blen >= 2) {
    if (dot) {
      a = mlir_dialect_attr_parse(p, id, (size_t)(dot - id), dot + 1, idlen - (size_t)(dot - id) - 1,
                             body + 1, blen - 2, false);
    } else {
      /* opaque form #dialect<mnemonic body> */
      const char *q = body + 1, *e = body + blen - 1;
      const char *m = q;
      while (q < e && id_char(*q)) q++;
      a = mlir_dialect_attr_parse(p, id, idlen, m, (size_t)(q - m), q, (size_t)(e - q), true);
    }
  }
  if (!a) {
    a = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_OPAQUE);
    if (!a || !(a->u.opaque_text = mlir_ir_strdup(p->ctx, b, (size_t)(p->cur - b)))) return nomem();
  }
  *out = a;
  return TSR_OK;
}

static tsr_status attr_inner(mlir_text_parser *p, mlir_ir_attr **out) {
  char c = mlir_text_peek(p);
  const char *at = p->cur;
  if (c == '#') return dialect_attr(p, out);
  if (c == '{') return mlir_text_dict(p, out);
  if (c == '[') {
    p->cur++;
    mlir_ptr_list l = {0};
    tsr_status s = TSR_OK;
    if (!mlir_text_accept(p, ']')) {
      do {
        mlir_ir_attr *e;
        s = mlir_text_attr(p, &e);
        if (s == TSR_OK && !mlir_ptr_push(&l, e)) s = nomem();
      } while (s == TSR_OK && mlir_text_accept(p, ','));
      if (s == TSR_OK) s = mlir_text_expect(p, ']');
    }
    mlir_ir_attr *a = s == TSR_OK ? mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_ARRAY) : NULL;
    if (s == TSR_OK && !a) s = nomem();
    if (s != TSR_OK) { free(l.items); return s; }
    a->u.array.n = l.n;
    a->u.array.elems = mlir_ptr_finish(p, &l);
    *out = a;
    return a->u.array.elems ? TSR_OK : nomem();
  }
  if (c == '"') {
    const char *s;
    size_t n;
    TSR_TRY(mlir_text_string(p, &s, &n));
    mlir_ir_attr *a = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_STRING);
    if (!a) return nomem();
    a->u.string.data = s;
    a->u.string.len = n;
    if (mlir_text_accept(p, ':')) TSR_TRY(mlir_text_type(p, &a->type));
    *out = a;
    return TSR_OK;
  }
  if (c == '@') {
    p->cur++;
    mlir_ir_attr *a = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_SYMBOL_REF);
    if (!a) return nomem();
    TSR_TRY(mlir_text_symbol_name(p, &a->u.symbol.root));
    mlir_ptr_list l = {0};
    while (mlir_text_accept_str(p, "::")) {
      const char *nested;
      tsr_status s = mlir_text_expect(p, '@');
      if (s == TSR_OK) s = mlir_text_symbol_name(p, &nested);
      if (s == TSR_OK && !mlir_ptr_push(&l, (void *)nested)) s = nomem();
      if (s != TSR_OK) { free(l.items); return s; }
    }
    a->u.symbol.n_nested = l.n;
    a->u.symbol.nested = mlir_ptr_finish(p, &l);
    *out = a;
    return a->u.symbol.nested ? TSR_OK : nomem();
  }
  if (c == '-' || isdigit((unsigned char)c)) return number_attr(p, out);
  const char *kw;
  size_t n;
  const char *save = p->cur;
  if (mlir_text_bare_id(p, &kw, &n)) {
#define KW(s) (n == sizeof(s) - 1 && !memcmp(kw, s, n))
    if (KW("true") || KW("false")) {
      mlir_ir_type *i1 = mlir_ir_type_int(p->ctx, 1, MLIR_IR_SIGNLESS);
      *out = i1 ? mlir_ir_attr_int_new(p->ctx, i1, KW("true")) : NULL;
      return *out ? TSR_OK : nomem();
    }
    if (KW("unit")) {
      *out = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_UNIT);
      return *out ? TSR_OK : nomem();
    }
    if (KW("dense")) return dense_attr(p, out);
    if (KW("array")) return dense_array_attr(p, out);
    if (KW("affine_map")) return affine_map_attr(p, out);
    if (KW("strided")) return strided_attr(p, out);
    if (KW("loc")) {
      TSR_TRY(mlir_text_expect(p, '('));
      TSR_TRY(mlir_text_loc_inner(p, out));
      return mlir_text_expect(p, ')');
    }
    if (KW("dense_resource")) {
      TSR_TRY(mlir_text_expect(p, '<'));
      const char *key;
      size_t kl;
      if (!mlir_text_bare_id(p, &key, &kl)) return mlir_text_error(p, "expected a resource key");
      TSR_TRY(mlir_text_expect(p, '>'));
      TSR_TRY(mlir_text_expect(p, ':'));
      mlir_ir_attr *a = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_DENSE_RESOURCE);
      if (!a || !(a->u.resource.key = mlir_ir_intern(p->ctx, key, kl))) return nomem();
      TSR_TRY(mlir_text_type(p, &a->type));
      *out = a;
      return TSR_OK;
    }
    if (KW("sparse")) {
      mlir_ir_attr *a = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_SPARSE);
      if (!a) return nomem();
      /* the two lists are dense payloads whose types follow from the result type; keep them
       * as opaque text so that nothing is lost */
      const char *body;
      size_t bl;
      TSR_TRY(mlir_text_balanced(p, &body, &bl));
      TSR_TRY(mlir_text_expect(p, ':'));
      TSR_TRY(mlir_text_type(p, &a->type));
      a->kind = MLIR_IR_ATTR_OPAQUE;
      a->u.opaque_text = mlir_ir_strdup(p->ctx, save, (size_t)(p->cur - save));
      a->type = NULL;
      *out = a;
      return a->u.opaque_text ? TSR_OK : nomem();
    }
    if (KW("distinct")) {
      mlir_ir_attr *a = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_DISTINCT);
      if (!a) return nomem();
      TSR_TRY(mlir_text_expect(p, '['));
      int64_t id;
      TSR_TRY(mlir_text_int(p, &id));
      TSR_TRY(mlir_text_expect(p, ']'));
      a->u.distinct.id = (uint64_t)id;
      TSR_TRY(mlir_text_expect(p, '<'));
      TSR_TRY(mlir_text_attr(p, &a->u.distinct.referenced));
      TSR_TRY(mlir_text_expect(p, '>'));
      *out = a;
      return TSR_OK;
    }
#undef KW
    p->cur = save;
  }
  /* anything else is a type used as an attribute */
  mlir_ir_attr *a = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_TYPE);
  if (!a) return nomem();
  tsr_status s = mlir_text_type(p, &a->type);
  if (s != TSR_OK) {
    p->failed = false;
    p->cur = at;
    return mlir_text_error(p, "expected an attribute");
  }
  *out = a;
  return TSR_OK;
}

tsr_status mlir_text_attr(mlir_text_parser *p, mlir_ir_attr **out) {
  if (++p->depth > MLIR_IR_MAX_DEPTH) {
    p->depth--;
    return mlir_text_error(p, "attributes nested too deeply");
  }
  tsr_status s = attr_inner(p, out);
  p->depth--;
  return s;
}

/* ---- bytecode text entries -------------------------------------------------------------- */

static tsr_status entry(mlir_ir_module *m, const char *text, size_t len, long long offset,
                        mlir_ir_attr **attr, mlir_ir_type **type) {
  mlir_text_parser p;
  mlir_text_init(&p, m, text, len, NULL);
  p.bytecode_offset = offset;
  tsr_status s = attr ? mlir_text_attr(&p, attr) : mlir_text_type(&p, type);
  if (s == TSR_OK && !mlir_text_at_end(&p)) s = mlir_text_error(&p, "unexpected trailing characters");
  if (s == TSR_OK && p.n_deferred) s = mlir_text_error(&p, "location alias in a bytecode text entry");
  mlir_text_free(&p);
  return s;
}

tsr_status mlir_text_parse_attr_entry(mlir_ir_module *m, const char *text, size_t len, long long offset,
                                 mlir_ir_attr **out) {
  return entry(m, text, len, offset, out, NULL);
}

tsr_status mlir_text_parse_type_entry(mlir_ir_module *m, const char *text, size_t len, long long offset,
                                 mlir_ir_type **out) {
  return entry(m, text, len, offset, NULL, out);
}
