/* The textual MLIR reader's shared state: character-level scanning helpers and the
 * attribute/type grammar (text_attr.c), used by the op parser (parser.c, pretty_ops.c) and
 * by the bytecode reader for entries stored as text. */
#ifndef TSR_MLIR_TEXT_H
#define TSR_MLIR_TEXT_H

#include "core/status.h"
#include "mlir/ir.h"

typedef struct mlir_alias_map {
  const char **names; /* interned; NULL = empty slot */
  void **values;
  size_t cap, n;
} mlir_alias_map;

/* Map from interned names (compared by pointer) to anything; also used for SSA scopes. */
void *mlir_alias_get(const mlir_alias_map *m, const char *name);
bool mlir_alias_put(mlir_alias_map *m, const char *name, void *value);

/* A location alias used before its definition (`loc(#loc)` with `#loc = ...` at the end);
 * the placeholder node is overwritten with the alias's value once the file is read. */
typedef struct mlir_deferred_loc {
  mlir_ir_attr *placeholder;
  const char *name;
  size_t offset;
} mlir_deferred_loc;

typedef struct mlir_text_parser {
  mlir_ir_module *m;
  mlir_ir_ctx *ctx;
  const char *begin, *cur, *end;
  const char *filename;
  /* When parsing a bytecode text entry: the entry's file offset, for messages. */
  long long bytecode_offset;
  int depth;
  bool failed;
  mlir_alias_map attr_aliases, type_aliases;
  mlir_deferred_loc *deferred;
  size_t n_deferred, cap_deferred;
  struct op_parser_state *ops; /* parser.c's value scopes; NULL for attr-only parsing */
  /* where ops without `loc(...)` are located (parser.c): the file name in the module's
   * arena, and the line and column of `line_pos`, the last position counted up to */
  const char *loc_file, *line_pos;
  uint32_t line, col;
} mlir_text_parser;

void mlir_text_init(mlir_text_parser *p, mlir_ir_module *m, const char *text, size_t len, const char *filename);
void mlir_text_free(mlir_text_parser *p);

/* Records a parse error at the current position ("file:line:col: expected ...") and returns
 * TSR_ERR_PARSE; only the first error of a parse is kept. */
tsr_status mlir_text_error(mlir_text_parser *p, const char *fmt, ...) TSR_PRINTF(2, 3);
tsr_status mlir_text_error_at(mlir_text_parser *p, const char *at, const char *fmt, ...) TSR_PRINTF(3, 4);

/* Scanning. skip_ws also skips `//` comments. */
void mlir_text_skip_ws(mlir_text_parser *p);
bool mlir_text_at_end(mlir_text_parser *p);
/* Consumes `c` (after whitespace) when it is next. */
bool mlir_text_accept(mlir_text_parser *p, char c);
tsr_status mlir_text_expect(mlir_text_parser *p, char c);
/* Consumes the punctuation string `s` (e.g. "->", "::") when next. */
bool mlir_text_accept_str(mlir_text_parser *p, const char *s);
/* Consumes keyword `kw` when the next bare identifier is exactly it. */
bool mlir_text_accept_kw(mlir_text_parser *p, const char *kw);
/* Peeks at the next non-space character (0 at the end). */
char mlir_text_peek(mlir_text_parser *p);
/* A bare identifier [A-Za-z_][A-Za-z0-9_$.]* (with `extra` chars also allowed, e.g. "-"). */
bool mlir_text_bare_id(mlir_text_parser *p, const char **s, size_t *len);
/* A string literal with escapes decoded, into the arena. */
tsr_status mlir_text_string(mlir_text_parser *p, const char **s, size_t *len);
tsr_status mlir_text_int(mlir_text_parser *p, int64_t *out);
/* A symbol name after '@': bare or quoted; interned. */
tsr_status mlir_text_symbol_name(mlir_text_parser *p, const char **out);
/* Captures a balanced <...>, (...), [...] or {...} group starting at the current character
 * (which must be the opener) and returns it including the brackets. */
tsr_status mlir_text_balanced(mlir_text_parser *p, const char **s, size_t *len);

/* A growable pointer list on the heap; mlir_ptr_finish copies it into the arena and frees it
 * (the copy is never NULL unless out of memory, even when empty). */
typedef struct mlir_ptr_list { void **items; int n, cap; } mlir_ptr_list;
bool mlir_ptr_push(mlir_ptr_list *l, void *x);
void *mlir_ptr_finish(mlir_text_parser *p, mlir_ptr_list *l);

/* Grammar. */
tsr_status mlir_text_attr(mlir_text_parser *p, mlir_ir_attr **out);
/* A bare number literal as an attribute of type t (NULL: i64, or f64 for a float), without
 * the `: type` suffix an attribute may carry (ops whose syntax puts their own type there). */
tsr_status mlir_text_number_attr(mlir_text_parser *p, mlir_ir_type *t, mlir_ir_attr **out);
tsr_status mlir_text_type(mlir_text_parser *p, mlir_ir_type **out);
/* `(T, ...) -> R` where the caller may already have read nothing; also accepts a single
 * non-parenthesized result. */
tsr_status mlir_text_function_type(mlir_text_parser *p, mlir_ir_type **out);
/* A list of types `T, T, ...` (at least one). */
tsr_status mlir_text_type_list(mlir_text_parser *p, mlir_ir_type ***out, int *n);
/* `{k = v, ...}` into a DICT attr (the '{' is next). */
tsr_status mlir_text_dict(mlir_text_parser *p, mlir_ir_attr **out);
/* Location body after `loc(`: `unknown`, `"f":l:c`, `#alias`, ... (no parens). */
tsr_status mlir_text_loc_inner(mlir_text_parser *p, mlir_ir_attr **out);
/* An optional trailing `loc(...)`; *out stays unchanged when absent. */
tsr_status mlir_text_opt_trailing_loc(mlir_text_parser *p, mlir_ir_attr **out);
/* `#alias = attr` or `!alias = type` at the top level (the sigil is next). */
tsr_status mlir_text_alias_def(mlir_text_parser *p);
/* Patches every deferred location alias; fails on an alias never defined. */
tsr_status mlir_text_resolve_deferred(mlir_text_parser *p);

/* Parses a whole attribute or type from text (bytecode fallback entries): every byte must
 * be consumed. */
tsr_status mlir_text_parse_attr_entry(mlir_ir_module *m, const char *text, size_t len,
                                 long long offset, mlir_ir_attr **out);
tsr_status mlir_text_parse_type_entry(mlir_ir_module *m, const char *text, size_t len,
                                 long long offset, mlir_ir_type **out);

/* Numeric helpers shared with the bytecode reader. */
/* Sign- or zero-extends the low bits of `v` as the integer type `t` says (i1: 0 or 1). */
int64_t mlir_text_normalize_int(const mlir_ir_type *t, int64_t v);
/* Storage bytes of one dense element (i1: 1, index: 8, complex: two parts). */
size_t mlir_text_elem_bytes(const mlir_ir_type *et);

/* Dialect attributes with structure (dialect_attrs.c). Returns NULL when (dialect, mnemonic)
 * is not one tessera structures or the body does not fit; the caller then keeps the text. */
mlir_ir_attr *mlir_dialect_attr_parse(mlir_text_parser *p, const char *dialect, size_t dlen,
                                const char *mnemonic, size_t mlen, const char *body,
                                size_t blen, bool opaque_form);
/* Types of the tpu dialect with structure, e.g. !tpu.semaphore; NULL otherwise. */
mlir_ir_type *mlir_dialect_type_parse(mlir_text_parser *p, const char *text, size_t len);
/* Prints a MLIR_IR_ATTR_ENUM or MLIR_IR_ATTR_FIELDS attr. */
void mlir_dialect_attr_print(FILE *f, const mlir_ir_attr *a);
/* Builds an ENUM attr (e.g. for the default `#arith.fastmath<none>` of pretty ops). */
mlir_ir_attr *mlir_dialect_enum_new(mlir_ir_ctx *ctx, const char *dialect, const char *mnemonic,
                              const char *keyword);

#endif
