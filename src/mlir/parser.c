/* Textual MLIR: operations in the generic form, regions, blocks, SSA scopes and the top
 * level (aliases, implicit module). Pretty op syntaxes live in pretty_ops.c. */
#include "core/grow.h"
#include "mlir/parser.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "mlir/op_parser.h"

/* Names visible in one region; lookups walk outwards. */
typedef struct name_entry {
  mlir_ir_value **vals;
  int n;
  bool forward; /* used before any definition: vals[0] is a placeholder */
  const char *at;
} name_entry;

typedef struct scope {
  mlir_alias_map names;
  struct scope *parent;
} scope;

typedef struct region_state {
  mlir_alias_map labels; /* "^name" -> block */
  mlir_ptr_list blocks;
  mlir_ir_region *region;
  struct region_state *parent;
} region_state;

typedef struct op_parser_state {
  scope *cur;
  region_state *region;
  int depth;
} op_parser_state;

static tsr_status nomem(void) { return tsr_fail(TSR_ERR_NOMEM, "out of memory"); }

/* ---- scopes --------------------------------------------------------------------------- */

static tsr_status push_scope(mlir_text_parser *p) {
  scope *s = calloc(1, sizeof *s);
  if (!s) return nomem();
  s->parent = p->ops->cur;
  p->ops->cur = s;
  return TSR_OK;
}

static void free_scope(scope *s) {
  for (size_t i = 0; i < s->names.cap; i++)
    if (s->names.names[i]) free(s->names.values[i]);
  free(s->names.names);
  free(s->names.values);
  free(s);
}

/* Unresolved forward references move to the enclosing scope (the value may be defined
 * later out there); at the outermost scope they are errors. */
static tsr_status pop_scope(mlir_text_parser *p) {
  scope *s = p->ops->cur;
  p->ops->cur = s->parent;
  tsr_status st = TSR_OK;
  for (size_t i = 0; i < s->names.cap && st == TSR_OK; i++) {
    name_entry *e = s->names.values[i];
    if (!s->names.names[i] || !e->forward) continue;
    if (!s->parent || mlir_alias_get(&s->parent->names, s->names.names[i])) {
      st = mlir_text_error_at(p, e->at, "use of undefined value %s", s->names.names[i]);
      continue;
    }
    if (!mlir_alias_put(&s->parent->names, s->names.names[i], e)) st = nomem();
    else s->names.values[i] = NULL;
  }
  for (size_t i = 0; i < s->names.cap; i++)
    if (!s->names.values[i]) s->names.names[i] = NULL;
  free_scope(s);
  return st;
}

static void free_all_scopes(mlir_text_parser *p) {
  while (p->ops && p->ops->cur) {
    scope *s = p->ops->cur;
    p->ops->cur = s->parent;
    free_scope(s);
  }
}

tsr_status mlir_parse_value_ref(mlir_text_parser *p, mlir_operand_ref *ref) {
  mlir_text_skip_ws(p);
  ref->at = p->cur;
  if (p->cur >= p->end || *p->cur != '%') return mlir_text_error(p, "expected an SSA value");
  const char *b = p->cur++;
  while (p->cur < p->end && (isalnum((unsigned char)*p->cur) || strchr("_$.-", *p->cur))) p->cur++;
  if (p->cur == b + 1) return mlir_text_error(p, "expected an SSA value name after '%%'");
  ref->name = mlir_ir_intern(p->ctx, b, (size_t)(p->cur - b));
  if (!ref->name) return nomem();
  ref->index = -1;
  if (p->cur < p->end && *p->cur == '#') {
    p->cur++;
    int64_t k;
    mlir_text_skip_ws(p);
    if (p->cur >= p->end || !isdigit((unsigned char)*p->cur)) return mlir_text_error(p, "expected a result number after '#'");
    TSR_TRY(mlir_text_int(p, &k));
    if (k < 0 || k > 1 << 20) return mlir_text_error(p, "result number out of range");
    ref->index = (int)k;
  }
  return TSR_OK;
}

static tsr_status resolve(mlir_text_parser *p, const mlir_operand_ref *ref, mlir_ir_type *type, mlir_ir_value **out) {
  name_entry *e = NULL;
  for (scope *s = p->ops->cur; s && !e; s = s->parent) e = mlir_alias_get(&s->names, ref->name);
  if (!e) {
    if (ref->index > 0) return mlir_text_error_at(p, ref->at, "use of undefined value %s#%d", ref->name, ref->index);
    e = calloc(1, sizeof *e);
    mlir_ir_value **vals = mlir_ir_alloc(p->ctx, sizeof *vals);
    mlir_ir_value *v = vals ? mlir_ir_value_new(p->m, type) : NULL;
    if (!e || !v || !mlir_alias_put(&p->ops->cur->names, ref->name, e)) {
      free(e);
      return nomem();
    }
    vals[0] = v;
    *e = (name_entry){vals, 1, true, ref->at};
  }
  int idx = ref->index < 0 ? 0 : ref->index;
  if (idx >= e->n) return mlir_text_error_at(p, ref->at, "%s has only %d results", ref->name, e->n);
  mlir_ir_value *v = e->vals[idx];
  if (type && v->type && !mlir_ir_type_equal(type, v->type))
    return mlir_text_error_at(p, ref->at, "%s is used with a type different from its definition", ref->name);
  if (!v->type) v->type = type;
  *out = v;
  return TSR_OK;
}

/* Defines `name` as `n` values; a forward-referenced placeholder becomes the first. */
static tsr_status define_name(mlir_text_parser *p, const char *name, const char *at, mlir_ir_value **vals, int n) {
  scope *s = p->ops->cur;
  name_entry *e = mlir_alias_get(&s->names, name);
  if (e && !e->forward) return mlir_text_error_at(p, at, "redefinition of %s", name);
  if (e) {
    mlir_ir_value *ph = e->vals[0];
    if (ph->type && vals[0]->type && !mlir_ir_type_equal(ph->type, vals[0]->type))
      return mlir_text_error_at(p, at, "%s is defined with a type different from an earlier use", name);
    /* keep the placeholder object (uses point at it) and give it the definition's facts */
    ph->type = vals[0]->type;
    ph->def_op = vals[0]->def_op;
    ph->block = vals[0]->block;
    ph->index = vals[0]->index;
    ph->loc = vals[0]->loc;
    vals[0] = ph;
  } else {
    e = calloc(1, sizeof *e);
    if (!e || !mlir_alias_put(&s->names, name, e)) {
      free(e);
      return nomem();
    }
  }
  e->vals = vals;
  e->n = n;
  e->forward = false;
  e->at = at;
  for (int i = 0; i < n; i++) vals[i]->defined = true;
  return TSR_OK;
}

/* ---- op builder ----------------------------------------------------------------------- */

tsr_status mlir_ob_operand(mlir_text_parser *p, mlir_op_builder *b, const mlir_operand_ref *ref) {
  /* both arrays grow in step from the same capacity */
  int cap1 = b->cap_operands, cap2 = b->cap_operands;
  if (!GROW_ARRAY(b->operands, b->n_operands, cap1, 4) || !GROW_ARRAY(b->operand_types, b->n_operands, cap2, 4))
    return nomem();
  b->cap_operands = cap1;
  b->operands[b->n_operands] = *ref;
  b->operand_types[b->n_operands++] = NULL;
  return TSR_OK;
}

tsr_status mlir_ob_parse_operand(mlir_text_parser *p, mlir_op_builder *b) {
  mlir_operand_ref r;
  TSR_TRY(mlir_parse_value_ref(p, &r));
  return mlir_ob_operand(p, b, &r);
}

tsr_status mlir_ob_parse_operand_list(mlir_text_parser *p, mlir_op_builder *b, bool allow_empty) {
  if (allow_empty && mlir_text_peek(p) != '%') return TSR_OK;
  do TSR_TRY(mlir_ob_parse_operand(p, b));
  while (mlir_text_accept(p, ','));
  return TSR_OK;
}

tsr_status mlir_ob_set_operand_types(mlir_text_parser *p, mlir_op_builder *b, int first, mlir_ir_type **t, int n) {
  if (first + n != b->n_operands)
    return mlir_text_error(p, "%d operand types for %d operands", n, b->n_operands - first);
  for (int i = 0; i < n; i++) b->operand_types[first + i] = t[i];
  return TSR_OK;
}

void mlir_ob_all_operands(mlir_op_builder *b, mlir_ir_type *t) {
  for (int i = 0; i < b->n_operands; i++) b->operand_types[i] = t;
}

tsr_status mlir_ob_result(mlir_text_parser *p, mlir_op_builder *b, mlir_ir_type *t) {
  if (!GROW_ARRAY(b->result_types, b->n_results, b->cap_results, 4)) return nomem();
  b->result_types[b->n_results++] = t;
  return TSR_OK;
}

tsr_status mlir_ob_attr(mlir_text_parser *p, mlir_op_builder *b, const char *name, mlir_ir_attr *value) {
  mlir_ir_named_attr *e = mlir_ir_alloc(p->ctx, sizeof *e);
  if (!e || !value) return nomem();
  e->name = mlir_ir_intern(p->ctx, name, strlen(name));
  e->value = value;
  return e->name && mlir_ptr_push(&b->attrs, e) ? TSR_OK : nomem();
}

tsr_status mlir_ob_opt_attr_dict(mlir_text_parser *p, mlir_op_builder *b) {
  if (mlir_text_peek(p) != '{') return TSR_OK;
  if (b->attr_dict) return mlir_text_error(p, "second attribute dictionary");
  return mlir_text_dict(p, &b->attr_dict);
}

tsr_status mlir_ob_same_or_function_type(mlir_text_parser *p, mlir_op_builder *b, int n_results) {
  TSR_TRY(mlir_text_expect(p, ':'));
  return mlir_ob_types_after_colon(p, b, n_results);
}

tsr_status mlir_ob_types_after_colon(mlir_text_parser *p, mlir_op_builder *b, int n_results) {
  if (mlir_text_peek(p) == '(') {
    const char *at = p->cur;
    mlir_ir_type *ft;
    TSR_TRY(mlir_text_function_type(p, &ft));
    TSR_TRY(mlir_ob_set_operand_types(p, b, 0, ft->u.function.inputs, ft->u.function.n_inputs));
    if (n_results >= 0 && ft->u.function.n_results != n_results)
      return mlir_text_error_at(p, at, "expected %d result types", n_results);
    for (int i = 0; i < ft->u.function.n_results; i++) TSR_TRY(mlir_ob_result(p, b, ft->u.function.results[i]));
    return TSR_OK;
  }
  mlir_ir_type *t;
  TSR_TRY(mlir_text_type(p, &t));
  mlir_ob_all_operands(b, t);
  for (int i = 0; i < (n_results < 0 ? 1 : n_results); i++) TSR_TRY(mlir_ob_result(p, b, t));
  return TSR_OK;
}

static void ob_free(mlir_op_builder *b) {
  free(b->operands);
  free(b->operand_types);
  free(b->result_types);
  free(b->attrs.items);
  free(b->regions.items);
  free(b->successors.items);
}

/* ---- blocks and regions ---------------------------------------------------------------- */

static tsr_status parse_operation(mlir_text_parser *p, mlir_ir_block *block);

static mlir_ir_block *new_block(mlir_text_parser *p, region_state *rs) {
  mlir_ir_block *blk = mlir_ir_alloc(p->ctx, sizeof *blk);
  if (blk) blk->index = -1;
  (void)rs;
  return blk;
}

static tsr_status block_label(mlir_text_parser *p, region_state *rs, const char **name, mlir_ir_block **out) {
  mlir_text_skip_ws(p);
  const char *b = p->cur;
  if (p->cur >= p->end || *p->cur != '^') return mlir_text_error(p, "expected a block label");
  p->cur++;
  while (p->cur < p->end && (isalnum((unsigned char)*p->cur) || strchr("_$.-", *p->cur))) p->cur++;
  if (p->cur == b + 1) return mlir_text_error(p, "expected a block name after '^'");
  *name = mlir_ir_intern(p->ctx, b, (size_t)(p->cur - b));
  if (!*name) return nomem();
  mlir_ir_block *blk = mlir_alias_get(&rs->labels, *name);
  if (!blk) {
    if (!(blk = new_block(p, rs)) || !mlir_alias_put(&rs->labels, *name, blk)) return nomem();
  }
  *out = blk;
  return TSR_OK;
}

static tsr_status declare_args(mlir_text_parser *p, mlir_ir_block *blk, mlir_arg_decl *args, int n) {
  blk->n_args = n;
  blk->args = mlir_ir_alloc(p->ctx, sizeof(mlir_ir_value *) * (size_t)(n ? n : 1));
  if (!blk->args) return nomem();
  for (int i = 0; i < n; i++) {
    mlir_ir_value *v = mlir_ir_value_new(p->m, args[i].type);
    mlir_ir_value **vals = mlir_ir_alloc(p->ctx, sizeof *vals);
    if (!v || !vals) return nomem();
    v->block = blk;
    v->index = i;
    v->loc = args[i].loc ? args[i].loc : mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_LOC_UNKNOWN);
    vals[0] = v;
    /* a signature without names (a declaration) cannot open a body */
    if (!args[i].ref.name)
      return mlir_text_error_at(p, args[i].ref.at ? args[i].ref.at : p->cur,
                           "argument %d of a region has no name (expected %%name: type)", i);
    TSR_TRY(define_name(p, args[i].ref.name, args[i].ref.at, vals, 1));
    blk->args[i] = vals[0];
  }
  return TSR_OK;
}

/* `(%a: T loc(..), ...)` of a block header. */
static tsr_status block_args(mlir_text_parser *p, mlir_ir_block *blk) {
  mlir_ptr_list l = {0};
  tsr_status s = TSR_OK;
  if (mlir_text_accept(p, '(') && !mlir_text_accept(p, ')')) {
    do {
      mlir_arg_decl *a = calloc(1, sizeof *a);
      if (!a || !mlir_ptr_push(&l, a)) { free(a); s = nomem(); break; }
      s = mlir_parse_value_ref(p, &a->ref);
      if (s == TSR_OK) s = mlir_text_expect(p, ':');
      if (s == TSR_OK) s = mlir_text_type(p, &a->type);
      if (s == TSR_OK) s = mlir_text_opt_trailing_loc(p, &a->loc);
    } while (s == TSR_OK && mlir_text_accept(p, ','));
    if (s == TSR_OK) s = mlir_text_expect(p, ')');
  }
  if (s == TSR_OK) {
    mlir_arg_decl *flat = calloc((size_t)l.n + 1, sizeof *flat);
    if (!flat) s = nomem();
    for (int i = 0; flat && i < l.n; i++) flat[i] = *(mlir_arg_decl *)l.items[i];
    if (s == TSR_OK) s = declare_args(p, blk, flat, l.n);
    free(flat);
  }
  for (int i = 0; i < l.n; i++) free(l.items[i]);
  free(l.items);
  return s;
}

static tsr_status region_body(mlir_text_parser *p, region_state *rs, mlir_arg_decl *entry_args, int n_entry) {
  TSR_TRY(mlir_text_expect(p, '{'));
  mlir_ir_block *cur = NULL;
  if (entry_args || (mlir_text_peek(p) != '^' && mlir_text_peek(p) != '}')) {
    if (!(cur = new_block(p, rs)) || !mlir_ptr_push(&rs->blocks, cur)) return nomem();
    if (entry_args) TSR_TRY(declare_args(p, cur, entry_args, n_entry));
  }
  for (;;) {
    char c = mlir_text_peek(p);
    if (c == '}') {
      p->cur++;
      break;
    }
    if (!c) return mlir_text_error(p, "expected '}' to close a region");
    if (c == '^') {
      const char *name;
      mlir_ir_block *blk;
      TSR_TRY(block_label(p, rs, &name, &blk));
      if (blk->index >= 0 || blk == cur) return mlir_text_error(p, "redefinition of block %s", name);
      if (!mlir_ptr_push(&rs->blocks, blk)) return nomem();
      blk->index = rs->blocks.n - 1;
      TSR_TRY(block_args(p, blk));
      TSR_TRY(mlir_text_expect(p, ':'));
      cur = blk;
      continue;
    }
    TSR_TRY(parse_operation(p, cur));
  }
  for (size_t i = 0; i < rs->labels.cap; i++) {
    mlir_ir_block *blk = rs->labels.values[i];
    if (rs->labels.names[i] && blk->index < 0) return mlir_text_error(p, "reference to undefined block %s", rs->labels.names[i]);
  }
  return TSR_OK;
}

tsr_status mlir_ob_region(mlir_text_parser *p, mlir_op_builder *b, mlir_arg_decl *entry_args, int n_entry_args) {
  op_parser_state *st = p->ops;
  if (++st->depth > MLIR_IR_MAX_DEPTH) return mlir_text_error(p, "regions nested too deeply");
  mlir_ir_region *r = mlir_ir_alloc(p->ctx, sizeof *r);
  if (!r) return nomem();
  region_state rs = {{0}, {0}, r, st->region};
  st->region = &rs;
  tsr_status s = push_scope(p);
  if (s == TSR_OK) {
    s = region_body(p, &rs, entry_args, n_entry_args);
    tsr_status s2 = pop_scope(p);
    if (s == TSR_OK) s = s2;
  }
  st->region = rs.parent;
  st->depth--;
  if (s == TSR_OK) {
    r->n_blocks = rs.blocks.n;
    r->blocks = mlir_ptr_finish(p, &rs.blocks);
    if (!r->blocks) s = nomem();
    for (int i = 0; s == TSR_OK && i < r->n_blocks; i++) {
      r->blocks[i]->index = i;
      r->blocks[i]->parent = r;
    }
    if (s == TSR_OK && !mlir_ptr_push(&b->regions, r)) s = nomem();
  }
  free(rs.blocks.items);
  free(rs.labels.names);
  free(rs.labels.values);
  return s;
}

tsr_status mlir_ob_empty_region(mlir_text_parser *p, mlir_op_builder *b) {
  mlir_ir_region *r = mlir_ir_alloc(p->ctx, sizeof *r);
  return r && mlir_ptr_push(&b->regions, r) ? TSR_OK : nomem();
}

tsr_status mlir_ob_implicit_terminator(mlir_text_parser *p, mlir_op_builder *b, const char *name) {
  if (!b->regions.n) return TSR_OK;
  mlir_ir_region *r = b->regions.items[b->regions.n - 1];
  if (r->n_blocks == 0) { /* `{ }`: the one block holds just the terminator */
    mlir_ir_block *blk = mlir_ir_alloc(p->ctx, sizeof *blk);
    mlir_ir_block **blocks = mlir_ir_alloc(p->ctx, sizeof *blocks);
    if (!blk || !blocks) return nomem();
    blk->parent = r;
    blocks[0] = blk;
    r->blocks = blocks;
    r->n_blocks = 1;
  }
  for (int i = 0; i < r->n_blocks; i++) {
    mlir_ir_block *blk = r->blocks[i];
    if (blk->last && !strcmp(blk->last->name, name)) continue;
    mlir_ir_op *t = mlir_ir_op_new(p->ctx, name, 0, 0, 0, 0);
    if (!t || !(t->loc = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_LOC_UNKNOWN))) return nomem();
    mlir_ir_block_append(blk, t);
  }
  return TSR_OK;
}

tsr_status mlir_ob_successor(mlir_text_parser *p, mlir_op_builder *b) {
  region_state *rs = p->ops->region;
  if (!rs) return mlir_text_error(p, "successors outside a region");
  const char *name;
  mlir_ir_block *blk;
  TSR_TRY(block_label(p, rs, &name, &blk));
  return mlir_ptr_push(&b->successors, blk) ? TSR_OK : nomem();
}

/* ---- operations ----------------------------------------------------------------------- */

/* Generic form after the op name: (operands) [succ] <{props}> (regions) {attrs} : fn-type */
static tsr_status generic_op(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_text_expect(p, '('));
  if (!mlir_text_accept(p, ')')) {
    TSR_TRY(mlir_ob_parse_operand_list(p, b, false));
    TSR_TRY(mlir_text_expect(p, ')'));
  }
  if (mlir_text_accept(p, '[')) {
    region_state *rs = p->ops->region;
    if (!rs) return mlir_text_error(p, "successors outside a region");
    do {
      const char *name;
      mlir_ir_block *blk;
      TSR_TRY(block_label(p, rs, &name, &blk));
      if (!mlir_ptr_push(&b->successors, blk)) return nomem();
    } while (mlir_text_accept(p, ','));
    TSR_TRY(mlir_text_expect(p, ']'));
  }
  if (mlir_text_peek(p) == '<') {
    p->cur++;
    TSR_TRY(mlir_text_dict(p, &b->props));
    TSR_TRY(mlir_text_expect(p, '>'));
  }
  if (mlir_text_peek(p) == '(') {
    p->cur++;
    do TSR_TRY(mlir_ob_region(p, b, NULL, 0));
    while (mlir_text_accept(p, ','));
    TSR_TRY(mlir_text_expect(p, ')'));
  }
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  const char *at = p->cur;
  mlir_ir_type *ft;
  TSR_TRY(mlir_text_function_type(p, &ft));
  if (ft->kind != MLIR_IR_TYPE_FUNCTION) return mlir_text_error_at(p, at, "expected a function type");
  TSR_TRY(mlir_ob_set_operand_types(p, b, 0, ft->u.function.inputs, ft->u.function.n_inputs));
  for (int i = 0; i < ft->u.function.n_results; i++) TSR_TRY(mlir_ob_result(p, b, ft->u.function.results[i]));
  return TSR_OK;
}

static tsr_status merged_attrs(mlir_text_parser *p, mlir_op_builder *b, const char *at, mlir_ir_attr **out) {
  int n_dict = b->attr_dict ? b->attr_dict->u.dict.n : 0, n = n_dict + b->attrs.n;
  mlir_ir_attr *d = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_DICT);
  mlir_ir_named_attr *e = mlir_ir_alloc(p->ctx, sizeof *e * (size_t)(n ? n : 1));
  if (!d || !e) return nomem();
  for (int i = 0; i < n_dict; i++) e[i] = b->attr_dict->u.dict.entries[i];
  for (int i = 0; i < b->attrs.n; i++) e[n_dict + i] = *(mlir_ir_named_attr *)b->attrs.items[i];
  d->u.dict.n = n;
  d->u.dict.entries = e;
  if (!mlir_ir_dict_finish(d)) return mlir_text_error_at(p, at, "op has a duplicate attribute");
  *out = d;
  return TSR_OK;
}

typedef struct result_name { const char *name, *at; int count; } result_name;

static tsr_status build_op(mlir_text_parser *p, mlir_op_builder *b, result_name *rn, int n_rn, int n_named,
                           const char *at, mlir_ir_attr *loc, mlir_ir_op **out) {
  if (n_rn && n_named != b->n_results)
    return mlir_text_error_at(p, at, "op '%s' defines %d results but %d are named", b->name, b->n_results, n_named);
  mlir_ir_op *op = mlir_ir_op_new(p->ctx, b->name, b->n_operands, b->n_results, b->successors.n, b->regions.n);
  if (!op) return nomem();
  for (int i = 0; i < b->n_operands; i++) {
    mlir_ir_value *v = NULL;
    if (!b->operand_types[i]) return mlir_text_error_at(p, b->operands[i].at, "operand %s has no type", b->operands[i].name);
    TSR_TRY(resolve(p, &b->operands[i], b->operand_types[i], &v));
    mlir_ir_op_set_operand(op, i, v);
  }
  for (int i = 0; i < b->n_results; i++) {
    if (!(op->results[i] = mlir_ir_value_new(p->m, b->result_types[i]))) return nomem();
    op->results[i]->def_op = op;
    op->results[i]->index = i;
    op->results[i]->defined = true;
  }
  for (int g = 0, k = 0; g < n_rn; k += rn[g++].count) {
    mlir_ir_value **vals = op->results + k;
    TSR_TRY(define_name(p, rn[g].name, rn[g].at, vals, rn[g].count));
  }
  for (int i = 0; i < b->successors.n; i++) op->successors[i] = b->successors.items[i];
  for (int i = 0; i < b->regions.n; i++) {
    op->regions[i] = *(mlir_ir_region *)b->regions.items[i];
    op->regions[i].parent = op;
    for (int k = 0; k < op->regions[i].n_blocks; k++) op->regions[i].blocks[k]->parent = &op->regions[i];
  }
  TSR_TRY(merged_attrs(p, b, at, &op->attrs));
  op->props = b->props;
  op->loc = loc ? loc : mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_LOC_UNKNOWN);
  if (!op->loc) return nomem();
  *out = op;
  return TSR_OK;
}

/* An op written without `loc(...)` is located where it starts in the file, as MLIR's parser
 * locates it, so that messages about it name file:line:col. NULL (unknown) for text inside
 * bytecode. Ops come in the order of the text, so lines are counted on from the last op. */
static mlir_ir_attr *source_loc(mlir_text_parser *p, const char *at) {
  if (p->bytecode_offset >= 0 || at < p->begin || at > p->end) return NULL;
  if (!p->loc_file && !(p->loc_file = mlir_ir_strdup(p->ctx, p->filename, strlen(p->filename)))) return NULL;
  if (!p->line_pos || at < p->line_pos) {
    p->line_pos = p->begin;
    p->line = p->col = 1;
  }
  for (; p->line_pos < at; p->line_pos++) {
    if (*p->line_pos == '\n') { p->line++; p->col = 1; }
    else p->col++;
  }
  mlir_ir_attr *a = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_LOC_FILE);
  if (!a) return NULL;
  a->u.file.file = p->loc_file;
  a->u.file.line = p->line;
  a->u.file.col = p->col;
  a->u.file.n_coords = 2;
  return a;
}

static tsr_status parse_operation(mlir_text_parser *p, mlir_ir_block *block) {
  mlir_text_skip_ws(p);
  const char *at = p->cur;
  if (!block) return mlir_text_error(p, "operation outside a block");
  result_name rn_local[8], *rn = rn_local;
  int n_rn = 0, cap_rn = 8, n_named = 0;
  tsr_status s = TSR_OK;
  if (mlir_text_peek(p) == '%') {
    do {
      mlir_operand_ref r;
      s = mlir_parse_value_ref(p, &r);
      if (s != TSR_OK) break;
      if (r.index >= 0) { s = mlir_text_error_at(p, r.at, "result names cannot have '#'"); break; }
      int count = 1;
      if (mlir_text_accept(p, ':')) {
        int64_t c;
        s = mlir_text_int(p, &c);
        if (s == TSR_OK && (c < 1 || c > 1 << 20)) s = mlir_text_error(p, "bad result count");
        if (s != TSR_OK) break;
        count = (int)c;
      }
      if (n_rn == cap_rn) {
        cap_rn *= 2;
        result_name *n = malloc(sizeof *n * (size_t)cap_rn);
        if (!n) { s = nomem(); break; }
        memcpy(n, rn, sizeof *n * (size_t)n_rn);
        if (rn != rn_local) free(rn);
        rn = n;
      }
      rn[n_rn++] = (result_name){r.name, r.at, count};
      n_named += count;
    } while (mlir_text_accept(p, ','));
    if (s == TSR_OK) s = mlir_text_expect(p, '=');
  }
  mlir_op_builder b;
  memset(&b, 0, sizeof b);
  if (s == TSR_OK) {
    if (mlir_text_peek(p) == '"') {
      const char *name;
      size_t len;
      s = mlir_text_string(p, &name, &len);
      if (s == TSR_OK && !(b.name = mlir_ir_intern(p->ctx, name, len))) s = nomem();
      if (s == TSR_OK) s = generic_op(p, &b);
    } else {
      const char *name;
      size_t len;
      if (!mlir_text_bare_id(p, &name, &len)) {
        s = mlir_text_error(p, "expected an operation");
      } else {
        const char *name_at = name;
        s = mlir_pretty_op_parse(p, name, len, &b);
        if (s == TSR_ERR_UNSUPPORTED && mlir_pretty_op_refusal(name, len))
          s = mlir_text_error_at(p, name_at, "op '%.*s' is not supported by tessera: %s (docs/ops.md)", (int)len, name,
                            mlir_pretty_op_refusal(name, len));
        else if (s == TSR_ERR_UNSUPPORTED && !mlir_pretty_op_registered(name, len))
          s = mlir_text_error_at(p, name_at, "op '%.*s' is not supported by tessera (no op registry lists it: docs/ops.md), "
                            "and its custom syntax cannot be read", (int)len, name);
        else if (s == TSR_ERR_UNSUPPORTED)
          s = mlir_text_error_at(p, name_at, "no pretty syntax known for op '%.*s' (print it in the generic form)", (int)len, name);
      }
    }
  }
  mlir_ir_attr *loc = NULL;
  if (s == TSR_OK) s = mlir_text_opt_trailing_loc(p, &loc);
  if (s == TSR_OK && !loc) loc = source_loc(p, at);
  mlir_ir_op *op = NULL;
  if (s == TSR_OK) s = build_op(p, &b, rn, n_rn, n_named, at, loc, &op);
  if (s == TSR_OK) mlir_ir_block_append(block, op);
  ob_free(&b);
  if (rn != rn_local) free(rn);
  return s;
}

/* ---- top level ------------------------------------------------------------------------ */

static tsr_status skip_metadata(mlir_text_parser *p) {
  /* {-# dialect_resources: {...} #-}: resource blobs are not used by tessera */
  const char *e = p->cur;
  while (e + 1 < p->end && !(e[0] == '#' && e[1] == '-' && e + 2 < p->end && e[2] == '}')) e++;
  if (e + 2 >= p->end) return mlir_text_error(p, "unterminated {-# ... #-} block");
  p->cur = e + 3;
  return TSR_OK;
}

static tsr_status parse_top(mlir_text_parser *p, mlir_ir_block *top) {
  for (;;) {
    char c = mlir_text_peek(p);
    if (!c) return TSR_OK;
    if (c == '#' || c == '!') {
      TSR_TRY(mlir_text_alias_def(p));
    } else if (mlir_text_accept_str(p, "{-#")) {
      TSR_TRY(skip_metadata(p));
    } else {
      TSR_TRY(parse_operation(p, top));
    }
  }
}

tsr_status mlir_text_parse_module(mlir_ir_module *m, const char *text, size_t len, const char *filename) {
  mlir_text_parser p;
  mlir_text_init(&p, m, text, len, filename);
  op_parser_state st = {0};
  p.ops = &st;
  mlir_ir_block *top = mlir_ir_alloc(m->ctx, sizeof *top);
  tsr_status s = top ? push_scope(&p) : nomem();
  /* MLIR source is NUL-free; names and strings are handled as C strings from here on */
  const char *nul = memchr(text, 0, len);
  if (s == TSR_OK && nul) s = mlir_text_error_at(&p, nul, "unexpected NUL character");
  if (s == TSR_OK) s = parse_top(&p, top);
  if (s == TSR_OK) s = pop_scope(&p);
  if (s == TSR_OK) s = mlir_text_resolve_deferred(&p);
  free_all_scopes(&p);
  mlir_text_free(&p);
  TSR_TRY(s);
  if (top->n_ops == 1 && !strcmp(top->first->name, "builtin.module")) {
    m->top = top->first;
    m->top->parent = NULL;
    return TSR_OK;
  }
  /* several top-level ops: wrap them in an implicit module, as MLIR does */
  mlir_ir_op *mod = mlir_ir_op_new(m->ctx, "builtin.module", 0, 0, 0, 1);
  mlir_ir_block **blocks = mlir_ir_alloc(m->ctx, sizeof *blocks);
  if (!mod || !blocks || !(mod->loc = mlir_ir_attr_new(m->ctx, MLIR_IR_ATTR_LOC_UNKNOWN))) return nomem();
  blocks[0] = top;
  top->parent = &mod->regions[0];
  mod->regions[0].n_blocks = 1;
  mod->regions[0].blocks = blocks;
  m->top = mod;
  return TSR_OK;
}
