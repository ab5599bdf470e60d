/* Pretty (custom assembly) forms of the ops that JAX and Pallas print: builtin, func, arith,
 * vector, scf and tpu (StableHLO's, chlo's and check's are in pretty_hlo.c), and the helpers
 * all forms share. Each form fills the same mlir_op_builder the generic form does: inherent attributes go into the attribute dictionary under their ODS names, with the
 * defaults MLIR materializes when an op is serialized (e.g. arith fastmath<none>), so that
 * text and bytecode of the same kernel give equal IR. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "mlir/op_parser.h"

tsr_status mlir_pf_nomem(void) { return tsr_fail(TSR_ERR_NOMEM, "out of memory"); }

mlir_ir_type *mlir_pf_i64_type(mlir_text_parser *p) { return mlir_ir_type_int(p->ctx, 64, MLIR_IR_SIGNLESS); }

tsr_status mlir_pf_attr_i64(mlir_text_parser *p, mlir_op_builder *b, const char *name, int64_t v) {
  mlir_ir_type *t = mlir_pf_i64_type(p);
  return mlir_ob_attr(p, b, name, t ? mlir_ir_attr_int_new(p->ctx, t, v) : NULL);
}

tsr_status mlir_pf_attr_string(mlir_text_parser *p, mlir_op_builder *b, const char *name, const char *s) {
  return mlir_ob_attr(p, b, name, mlir_ir_attr_string_new(p->ctx, s, strlen(s)));
}

tsr_status mlir_pf_string_attr(mlir_text_parser *p, mlir_op_builder *b, const char *name) {
  const char *s;
  size_t n;
  TSR_TRY(mlir_text_string(p, &s, &n));
  return mlir_ob_attr(p, b, name, mlir_ir_attr_string_new(p->ctx, s, n));
}

mlir_ir_attr *mlir_pf_dense_i64_array(mlir_text_parser *p, const int64_t *v, int n) {
  mlir_ir_attr *a = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_DENSE_ARRAY);
  uint8_t *d = mlir_ir_alloc(p->ctx, (size_t)(n ? n : 1) * 8);
  if (!a || !d || !(a->type = mlir_pf_i64_type(p))) return NULL;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < 8; k++) d[i * 8 + k] = (uint8_t)((uint64_t)v[i] >> (8 * k));
  a->u.dense_array.n = n;
  a->u.dense_array.elem_bytes = 8;
  a->u.dense_array.data = d;
  return a;
}

/* `[1, 2]` as a list of integers. */
tsr_status mlir_pf_int_list(mlir_text_parser *p, int64_t *v, int cap, int *n) {
  TSR_TRY(mlir_text_expect(p, '['));
  *n = 0;
  if (mlir_text_accept(p, ']')) return TSR_OK;
  do {
    if (*n == cap) return mlir_text_error(p, "too many entries");
    TSR_TRY(mlir_text_int(p, &v[(*n)++]));
  } while (mlir_text_accept(p, ','));
  return mlir_text_expect(p, ']');
}

tsr_status mlir_pf_expect_kw(mlir_text_parser *p, const char *kw) {
  return mlir_text_accept_kw(p, kw) ? TSR_OK : mlir_text_error(p, "expected '%s'", kw);
}

tsr_status mlir_pf_expect_kw_eq(mlir_text_parser *p, const char *kw) {
  TSR_TRY(mlir_pf_expect_kw(p, kw));
  return mlir_text_expect(p, '=');
}

/* i1 with the shape of `t` (comparisons). */
mlir_ir_type *mlir_pf_i1_like(mlir_text_parser *p, const mlir_ir_type *t) {
  mlir_ir_type *i1 = mlir_ir_type_int(p->ctx, 1, MLIR_IR_SIGNLESS);
  if (!i1 || !mlir_ir_type_is_shaped(t)) return i1;
  mlir_ir_type *s = mlir_ir_type_new(p->ctx, t->kind);
  if (!s) return NULL;
  *s = *t;
  s->u.shaped.element = i1;
  s->u.shaped.layout = NULL;
  s->u.shaped.memory_space = NULL;
  s->u.shaped.encoding = NULL;
  return s;
}

/* ---- builtin and func ------------------------------------------------------------------ */

static tsr_status p_module(mlir_text_parser *p, mlir_op_builder *b) {
  if (mlir_text_peek(p) == '@') {
    p->cur++;
    const char *name;
    TSR_TRY(mlir_text_symbol_name(p, &name));
    TSR_TRY(mlir_pf_attr_string(p, b, "sym_name", name));
  }
  if (mlir_text_accept_kw(p, "attributes")) TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  return mlir_ob_region(p, b, NULL, 0);
}

/* `(T {attrs}, ...)` results of a signature, or a single type. */
static tsr_status sig_results(mlir_text_parser *p, mlir_ptr_list *types, mlir_ptr_list *attrs) {
  if (mlir_text_peek(p) != '(') {
    mlir_ir_type *t;
    TSR_TRY(mlir_text_type(p, &t));
    return mlir_ptr_push(types, t) && mlir_ptr_push(attrs, NULL) ? TSR_OK : mlir_pf_nomem();
  }
  p->cur++;
  if (mlir_text_accept(p, ')')) return TSR_OK;
  do {
    mlir_ir_type *t;
    mlir_ir_attr *a = NULL;
    TSR_TRY(mlir_text_type(p, &t));
    if (mlir_text_peek(p) == '{') TSR_TRY(mlir_text_dict(p, &a));
    if (!mlir_ptr_push(types, t) || !mlir_ptr_push(attrs, a)) return mlir_pf_nomem();
  } while (mlir_text_accept(p, ','));
  return mlir_text_expect(p, ')');
}

/* arg_attrs / res_attrs: an array of dictionaries, present only when one is non-empty. */
static tsr_status attr_dicts(mlir_text_parser *p, mlir_op_builder *b, const char *name, mlir_ptr_list *l) {
  bool any = false;
  for (int i = 0; i < l->n; i++) any |= l->items[i] && ((mlir_ir_attr *)l->items[i])->u.dict.n > 0;
  if (!any) return TSR_OK;
  mlir_ir_attr *arr = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_ARRAY);
  if (!arr) return mlir_pf_nomem();
  arr->u.array.n = l->n;
  arr->u.array.elems = mlir_ir_alloc(p->ctx, sizeof(mlir_ir_attr *) * (size_t)l->n);
  if (!arr->u.array.elems) return mlir_pf_nomem();
  for (int i = 0; i < l->n; i++) {
    mlir_ir_attr *d = l->items[i] ? l->items[i] : mlir_ir_empty_dict(p->ctx);
    if (!d) return mlir_pf_nomem();
    arr->u.array.elems[i] = d;
  }
  return mlir_ob_attr(p, b, name, arr);
}

static tsr_status p_func(mlir_text_parser *p, mlir_op_builder *b) {
  const char *vis = NULL;
  if (mlir_text_accept_kw(p, "public")) vis = "public";
  else if (mlir_text_accept_kw(p, "private")) vis = "private";
  else if (mlir_text_accept_kw(p, "nested")) vis = "nested";
  TSR_TRY(mlir_text_expect(p, '@'));
  const char *name;
  TSR_TRY(mlir_text_symbol_name(p, &name));
  mlir_ptr_list in_t = {0}, in_a = {0}, out_t = {0}, out_a = {0};
  mlir_arg_decl *args = NULL;
  int n_args = 0, cap = 0;
  bool named = false;
  tsr_status s = mlir_text_expect(p, '(');
  if (s == TSR_OK && !mlir_text_accept(p, ')')) {
    do {
      mlir_arg_decl a = {0};
      if (mlir_text_peek(p) == '%') {
        named = true;
        s = mlir_parse_value_ref(p, &a.ref);
        if (s == TSR_OK) s = mlir_text_expect(p, ':');
      }
      if (s == TSR_OK) s = mlir_text_type(p, &a.type);
      if (s == TSR_OK && mlir_text_peek(p) == '{') s = mlir_text_dict(p, &a.attrs);
      if (s == TSR_OK) s = mlir_text_opt_trailing_loc(p, &a.loc);
      if (s != TSR_OK) break;
      if (!GROW_ARRAY(args, n_args, cap, 8)) { s = mlir_pf_nomem(); break; }
      args[n_args++] = a;
      if (!mlir_ptr_push(&in_t, a.type) || !mlir_ptr_push(&in_a, a.attrs)) s = mlir_pf_nomem();
    } while (s == TSR_OK && mlir_text_accept(p, ','));
    if (s == TSR_OK) s = mlir_text_expect(p, ')');
  }
  if (s == TSR_OK && mlir_text_accept_str(p, "->")) s = sig_results(p, &out_t, &out_a);
  mlir_ir_type *ft = NULL;
  if (s == TSR_OK && !(ft = mlir_ir_type_new(p->ctx, MLIR_IR_TYPE_FUNCTION))) s = mlir_pf_nomem();
  if (s == TSR_OK) {
    ft->u.function.n_inputs = in_t.n;
    ft->u.function.n_results = out_t.n;
    ft->u.function.inputs = mlir_ir_alloc(p->ctx, sizeof(mlir_ir_type *) * (size_t)(in_t.n ? in_t.n : 1));
    ft->u.function.results = mlir_ir_alloc(p->ctx, sizeof(mlir_ir_type *) * (size_t)(out_t.n ? out_t.n : 1));
    if (!ft->u.function.inputs || !ft->u.function.results) s = mlir_pf_nomem();
    for (int i = 0; s == TSR_OK && i < in_t.n; i++) ft->u.function.inputs[i] = in_t.items[i];
    for (int i = 0; s == TSR_OK && i < out_t.n; i++) ft->u.function.results[i] = out_t.items[i];
  }
  mlir_ir_attr *ta = s == TSR_OK ? mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_TYPE) : NULL;
  if (s == TSR_OK && !ta) s = mlir_pf_nomem();
  if (s == TSR_OK) {
    ta->type = ft;
    s = mlir_pf_attr_string(p, b, "sym_name", name);
  }
  if (s == TSR_OK) s = mlir_ob_attr(p, b, "function_type", ta);
  if (s == TSR_OK && vis) s = mlir_pf_attr_string(p, b, "sym_visibility", vis);
  if (s == TSR_OK) s = attr_dicts(p, b, "arg_attrs", &in_a);
  if (s == TSR_OK) s = attr_dicts(p, b, "res_attrs", &out_a);
  if (s == TSR_OK && mlir_text_accept_kw(p, "attributes")) s = mlir_ob_opt_attr_dict(p, b);
  if (s == TSR_OK && mlir_text_peek(p) == '{') {
    if (!named && n_args) s = mlir_text_error(p, "a function body needs named arguments");
    else s = mlir_ob_region(p, b, args, n_args);
  } else if (s == TSR_OK) {
    s = mlir_ob_empty_region(p, b);
  }
  free(args);
  free(in_t.items);
  free(in_a.items);
  free(out_t.items);
  free(out_a.items);
  return s;
}

/* `op %a, %b : T, T` (terminators); no operands means no types. */
static tsr_status p_return_like(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand_list(p, b, true));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  if (!b->n_operands) return TSR_OK;
  TSR_TRY(mlir_text_expect(p, ':'));
  mlir_ir_type **t;
  int n;
  TSR_TRY(mlir_text_type_list(p, &t, &n));
  return mlir_ob_set_operand_types(p, b, 0, t, n);
}

/* `(%a, ...) {attrs} : (T..) -> R` after a callee or call target */
tsr_status mlir_pf_call_tail(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_text_expect(p, '('));
  if (!mlir_text_accept(p, ')')) {
    TSR_TRY(mlir_ob_parse_operand_list(p, b, false));
    TSR_TRY(mlir_text_expect(p, ')'));
  }
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  return mlir_ob_same_or_function_type(p, b, -1);
}

static tsr_status p_call(mlir_text_parser *p, mlir_op_builder *b) {
  mlir_ir_attr *callee;
  if (mlir_text_peek(p) != '@') return mlir_text_error(p, "expected a callee symbol");
  TSR_TRY(mlir_text_attr(p, &callee));
  TSR_TRY(mlir_ob_attr(p, b, "callee", callee));
  return mlir_pf_call_tail(p, b);
}

/* ---- arith and vector ----------------------------------------------------------------- */

static tsr_status p_constant(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  const char *at = p->cur;
  mlir_ir_attr *v;
  TSR_TRY(mlir_text_attr(p, &v));
  if (!v->type || v->kind == MLIR_IR_ATTR_TYPE) return mlir_text_error_at(p, at, "constant value needs a type");
  TSR_TRY(mlir_ob_attr(p, b, "value", v));
  return mlir_ob_result(p, b, v->type);
}

/* Optional `fastmath<...>` / `overflow<...>` keyword attribute of arith ops. */
static tsr_status arith_flags(mlir_text_parser *p, mlir_op_builder *b, const char *kw, const char *mnemonic,
                              const char *attr_name, bool materialize_default) {
  mlir_ir_attr *a = NULL;
  if (kw && mlir_text_accept_kw(p, kw)) {
    const char *body;
    size_t len;
    TSR_TRY(mlir_text_balanced(p, &body, &len));
    char buf[128];
    if (len < 2 || len - 2 >= sizeof buf) return mlir_text_error(p, "bad %s flags", kw);
    memcpy(buf, body + 1, len - 2);
    buf[len - 2] = 0;
    if (!(a = mlir_dialect_enum_new(p->ctx, "arith", mnemonic, buf))) return mlir_text_error(p, "bad %s flags", kw);
  } else if (kw && materialize_default) {
    if (!(a = mlir_dialect_enum_new(p->ctx, "arith", mnemonic, "none"))) return mlir_pf_nomem();
  }
  return a ? mlir_ob_attr(p, b, attr_name, a) : TSR_OK;
}

/* `arith.addf %a, %b [fastmath<..>] {attrs} : T`, unary `arith.negf %a : T`, and the integer
 * ops with overflow flags (`arith.addi %a, %b overflow<nsw> : T`) or none. */
static tsr_status arith_same(mlir_text_parser *p, mlir_op_builder *b, bool fastmath, bool overflow) {
  TSR_TRY(mlir_ob_parse_operand_list(p, b, false));
  if (fastmath) TSR_TRY(arith_flags(p, b, "fastmath", "fastmath", "fastmath", true));
  if (overflow) TSR_TRY(arith_flags(p, b, "overflow", "overflow", "overflowFlags", true));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  return mlir_ob_same_or_function_type(p, b, 1);
}
static tsr_status p_arith_fmath(mlir_text_parser *p, mlir_op_builder *b) { return arith_same(p, b, true, false); }
static tsr_status p_arith_overflow(mlir_text_parser *p, mlir_op_builder *b) { return arith_same(p, b, false, true); }
static tsr_status p_arith_plain(mlir_text_parser *p, mlir_op_builder *b) { return arith_same(p, b, false, false); }
/* `%low, %high = arith.mului_extended %a, %b : T`: two results of the operands' type */
static tsr_status p_arith_extended(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand_list(p, b, false));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  return mlir_ob_same_or_function_type(p, b, 2);
}

static const char *const cmpi_preds[] = {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge", NULL};
static const char *const cmpf_preds[] = {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq",
                                         "ugt", "uge", "ult", "ule", "une", "uno", "true", NULL};

static tsr_status p_arith_cmp(mlir_text_parser *p, mlir_op_builder *b) {
  bool is_f = !strcmp(b->name, "arith.cmpf");
  const char *kw;
  size_t n;
  if (!mlir_text_bare_id(p, &kw, &n)) return mlir_text_error(p, "expected a comparison predicate");
  const char *const *preds = is_f ? cmpf_preds : cmpi_preds;
  int code = -1;
  for (int i = 0; preds[i]; i++)
    if (strlen(preds[i]) == n && !memcmp(preds[i], kw, n)) code = i;
  if (code < 0) return mlir_text_error(p, "unknown predicate '%.*s'", (int)n, kw);
  TSR_TRY(mlir_pf_attr_i64(p, b, "predicate", code));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(mlir_ob_parse_operand_list(p, b, false));
  if (is_f) TSR_TRY(arith_flags(p, b, "fastmath", "fastmath", "fastmath", true));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  mlir_ir_type *t;
  TSR_TRY(mlir_text_type(p, &t));
  mlir_ob_all_operands(b, t);
  return mlir_ob_result(p, b, mlir_pf_i1_like(p, t));
}

/* `{attrs} : T1 sep T2`, the tail of many custom syntaxes: `sep` is a keyword ("to",
 * "from"), or NULL for a comma. */
static tsr_status attrs_two_types(mlir_text_parser *p, mlir_op_builder *b, const char *sep, mlir_ir_type **t1,
                                  mlir_ir_type **t2) {
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  TSR_TRY(mlir_text_type(p, t1));
  TSR_TRY(sep ? mlir_pf_expect_kw(p, sep) : mlir_text_expect(p, ','));
  return mlir_text_type(p, t2);
}

/* `op %a {attrs} : T1 to T2` (casts, vector.broadcast). */
static tsr_status p_cast(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  mlir_ir_type *from, *to;
  TSR_TRY(attrs_two_types(p, b, "to", &from, &to));
  mlir_ob_all_operands(b, from);
  return mlir_ob_result(p, b, to);
}

/* `%c, %a, %b : T` or `: C, T` (arith.select), also `stablehlo.select`. */
static tsr_status p_select(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand_list(p, b, false));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  if (b->n_operands != 3) return mlir_text_error(p, "select takes 3 operands");
  TSR_TRY(mlir_text_expect(p, ':'));
  if (mlir_text_peek(p) == '(') return mlir_ob_types_after_colon(p, b, 1);
  mlir_ir_type **t;
  int n;
  TSR_TRY(mlir_text_type_list(p, &t, &n));
  if (n > 2) return mlir_text_error(p, "select takes one or two types");
  mlir_ir_type *cond = n == 2 ? t[0] : mlir_ir_type_int(p->ctx, 1, MLIR_IR_SIGNLESS), *ty = t[n - 1];
  b->operand_types[0] = cond;
  b->operand_types[1] = b->operand_types[2] = ty;
  return mlir_ob_result(p, b, ty);
}

/* `[%i, %j]` (or between other brackets): operands of type index. */
static tsr_status index_list(mlir_text_parser *p, mlir_op_builder *b, char open, char close) {
  int first = b->n_operands;
  TSR_TRY(mlir_text_expect(p, open));
  if (!mlir_text_accept(p, close)) {
    TSR_TRY(mlir_ob_parse_operand_list(p, b, false));
    TSR_TRY(mlir_text_expect(p, close));
  }
  mlir_ir_type *idx = mlir_ir_type_new(p->ctx, MLIR_IR_TYPE_INDEX);
  if (!idx) return mlir_pf_nomem();
  for (int i = first; i < b->n_operands; i++) b->operand_types[i] = idx;
  return TSR_OK;
}

/* `%base[%i, %j]`: the memref operand then index operands. */
static tsr_status indexed_base(mlir_text_parser *p, mlir_op_builder *b, int *first_index, int *n_indices) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  *first_index = b->n_operands;
  TSR_TRY(index_list(p, b, '[', ']'));
  *n_indices = b->n_operands - *first_index;
  return TSR_OK;
}

/* `vector.load %base[%i] : memref<..>, vector<..>` */
static tsr_status p_vector_load(mlir_text_parser *p, mlir_op_builder *b) {
  int first, n;
  TSR_TRY(indexed_base(p, b, &first, &n));
  mlir_ir_type *mt, *vt;
  TSR_TRY(attrs_two_types(p, b, NULL, &mt, &vt));
  b->operand_types[0] = mt;
  return mlir_ob_result(p, b, vt);
}

/* `vector.store %v, %base[%i] : memref<..>, vector<..>` */
static tsr_status p_vector_store(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_text_expect(p, ','));
  int first, n;
  TSR_TRY(indexed_base(p, b, &first, &n));
  mlir_ir_type *mt, *vt;
  TSR_TRY(attrs_two_types(p, b, NULL, &mt, &vt));
  b->operand_types[0] = vt;
  b->operand_types[1] = mt;
  return TSR_OK;
}

static tsr_status segment_sizes(mlir_text_parser *p, mlir_op_builder *b, const int32_t *sizes, int n) {
  return mlir_ob_attr(p, b, "operandSegmentSizes", mlir_ir_attr_dense_i32_new(p->ctx, sizes, n));
}



/* `sublanes [true, false, ...]`: a DenseBoolArrayAttr as the tpu.load/store formats print it */
static tsr_status sublane_mask(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_pf_expect_kw(p, "sublanes"));
  const char *at = p->cur;
  char buf[4096];
  size_t n = (size_t)snprintf(buf, sizeof buf, "array<i1");
  TSR_TRY(mlir_text_expect(p, '['));
  for (int i = 0; !mlir_text_accept(p, ']'); i++) {
    if (i > 0) TSR_TRY(mlir_text_expect(p, ','));
    bool t = mlir_text_accept_kw(p, "true");
    if (!t && !mlir_text_accept_kw(p, "false")) return mlir_text_error(p, "expected true or false");
    if (n + 8 >= sizeof buf) return mlir_text_error_at(p, at, "sublane mask too long");
    n += (size_t)snprintf(buf + n, sizeof buf - n, "%s %s", i ? "," : ":", t ? "true" : "false");
  }
  snprintf(buf + n, sizeof buf - n, ">");
  return mlir_pf_attr_from_text(p, b, "sublane_mask", buf, at);
}

/* The tpu memory ops' formats, `$base[$indices] (, $value)? (masked $mask)? [sublanes ..
 * (sublane_stride N)?] attr-dict : type($base), type(vector), type($mask)`:
 * - tpu.vector_load / tpu.vector_store: no sublane clause; the mask type is empty without a
 *   mask (hence the trailing comma Pallas prints); operandSegmentSizes on both;
 * - tpu.load / tpu.store (`sublanes`): a sublane mask (DenseBoolArrayAttr) and an optional
 *   sublane stride; tpu.load takes no element mask and has no mask type.
 * MLIR materializes add = false on stores and sublane_stride = 1 when it serializes them. */
static tsr_status tpu_memory(mlir_text_parser *p, mlir_op_builder *b, bool store, bool sublanes) {
  mlir_op_builder tmp;
  memset(&tmp, 0, sizeof tmp);
  int first, n;
  /* parse into tmp in source order, then reorder to the ODS operand order */
  tsr_status s = indexed_base(p, &tmp, &first, &n);
  mlir_operand_ref value = {0}, mask = {0};
  bool has_mask = false;
  if (s == TSR_OK && store) {
    s = mlir_text_expect(p, ',');
    if (s == TSR_OK) s = mlir_parse_value_ref(p, &value);
  }
  if (s == TSR_OK && (store || !sublanes) && mlir_text_accept_kw(p, "masked")) {
    has_mask = true;
    s = mlir_parse_value_ref(p, &mask);
  }
  if (s == TSR_OK && sublanes) s = sublane_mask(p, b);
  if (s == TSR_OK && sublanes && mlir_text_accept_kw(p, "sublane_stride")) s = mlir_pf_int_attr(p, b, "sublane_stride", 32, MLIR_IR_SIGNLESS);
  if (s == TSR_OK) s = mlir_ob_opt_attr_dict(p, b);
  mlir_ir_type *mt = NULL, *vt = NULL, *kt = NULL;
  if (s == TSR_OK) s = mlir_text_expect(p, ':');
  if (s == TSR_OK) s = mlir_text_type(p, &mt);
  if (s == TSR_OK) s = mlir_text_expect(p, ',');
  if (s == TSR_OK) s = mlir_text_type(p, &vt);
  if (s == TSR_OK && mlir_text_accept(p, ',') && has_mask) s = mlir_text_type(p, &kt);
  if (s == TSR_OK && has_mask && !kt) s = mlir_text_error(p, "expected the mask type");
  if (s == TSR_OK && store) {
    s = mlir_ob_operand(p, b, &value);
    if (s == TSR_OK) b->operand_types[0] = vt;
  }
  for (int i = 0; s == TSR_OK && i < tmp.n_operands; i++) {
    s = mlir_ob_operand(p, b, &tmp.operands[i]);
    if (s == TSR_OK) b->operand_types[b->n_operands - 1] = i == 0 ? mt : tmp.operand_types[i];
  }
  if (s == TSR_OK && has_mask) {
    s = mlir_ob_operand(p, b, &mask);
    if (s == TSR_OK) b->operand_types[b->n_operands - 1] = kt;
  }
  if (s == TSR_OK && (store || !sublanes)) {
    int32_t store_sizes[4] = {1, 1, n, has_mask}, load_sizes[3] = {1, n, has_mask};
    s = store ? segment_sizes(p, b, store_sizes, 4) : segment_sizes(p, b, load_sizes, 3);
  }
  if (s == TSR_OK && store) s = mlir_pf_default_int(p, b, "add", 1, 0);
  if (s == TSR_OK && sublanes) s = mlir_pf_default_int(p, b, "sublane_stride", 32, 1);
  if (s == TSR_OK && !store) s = mlir_ob_result(p, b, vt);
  free(tmp.operands);
  free(tmp.operand_types);
  return s;
}

static tsr_status p_tpu_vector_mem(mlir_text_parser *p, mlir_op_builder *b) {
  return tpu_memory(p, b, !strcmp(b->name, "tpu.vector_store"), false);
}
static tsr_status p_tpu_load_store(mlir_text_parser *p, mlir_op_builder *b) {
  return tpu_memory(p, b, !strcmp(b->name, "tpu.store"), true);
}

/* `scf.if %c [-> (T..)] {..} [else {..}] {attrs}` */
static tsr_status p_scf_if(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  b->operand_types[0] = mlir_ir_type_int(p->ctx, 1, MLIR_IR_SIGNLESS);
  if (mlir_text_accept_str(p, "->")) {
    mlir_ir_type **t;
    int n;
    if (mlir_text_accept(p, '(')) {
      TSR_TRY(mlir_text_type_list(p, &t, &n));
      TSR_TRY(mlir_text_expect(p, ')'));
    } else {
      TSR_TRY(mlir_text_type_list(p, &t, &n));
    }
    for (int i = 0; i < n; i++) TSR_TRY(mlir_ob_result(p, b, t[i]));
  }
  TSR_TRY(mlir_ob_region(p, b, NULL, 0));
  if (!b->n_results) TSR_TRY(mlir_ob_implicit_terminator(p, b, "scf.yield"));
  if (mlir_text_accept_kw(p, "else")) {
    TSR_TRY(mlir_ob_region(p, b, NULL, 0));
    if (!b->n_results) TSR_TRY(mlir_ob_implicit_terminator(p, b, "scf.yield"));
  } else {
    TSR_TRY(mlir_ob_empty_region(p, b));
  }
  return mlir_ob_opt_attr_dict(p, b);
}

/* ---- defaults and short attribute forms ------------------------------------------------ */

bool mlir_pf_ob_has_attr(const mlir_op_builder *b, const char *name) {
  for (int i = 0; i < b->attrs.n; i++)
    if (!strcmp(((const mlir_ir_named_attr *)b->attrs.items[i])->name, name)) return true;
  for (int i = 0; b->attr_dict && i < b->attr_dict->u.dict.n; i++)
    if (!strcmp(b->attr_dict->u.dict.entries[i].name, name)) return true;
  return false;
}

/* A DefaultValuedAttr the printer elided: serialized IR carries it, so the parse adds it. */
tsr_status mlir_pf_default_int(mlir_text_parser *p, mlir_op_builder *b, const char *name, unsigned width, int64_t v) {
  if (mlir_pf_ob_has_attr(b, name)) return TSR_OK;
  mlir_ir_type *t = mlir_ir_type_int(p->ctx, width, MLIR_IR_SIGNLESS);
  return mlir_ob_attr(p, b, name, t ? mlir_ir_attr_int_new(p->ctx, t, v) : NULL);
}

/* A bare integer the format prints without its type (`dim 0` of an SI32Attr). */
tsr_status mlir_pf_int_attr(mlir_text_parser *p, mlir_op_builder *b, const char *name, unsigned width, mlir_ir_signedness sg) {
  int64_t v;
  TSR_TRY(mlir_text_int(p, &v));
  mlir_ir_type *t = mlir_ir_type_int(p->ctx, width, sg);
  return mlir_ob_attr(p, b, name, t ? mlir_ir_attr_int_new(p->ctx, t, v) : NULL);
}

/* An attribute built from its full spelling, e.g. `#vector.kind<add>` from the `<add>` a
 * format prints. */
tsr_status mlir_pf_attr_from_text(mlir_text_parser *p, mlir_op_builder *b, const char *name, const char *text, const char *at) {
  mlir_ir_attr *a;
  if (mlir_text_parse_attr_entry(p->m, text, strlen(text), -1, &a) != TSR_OK)
    return mlir_text_error_at(p, at, "not a valid attribute: %s", text);
  return mlir_ob_attr(p, b, name, a);
}

mlir_ir_type *mlir_pf_i32_type(mlir_text_parser *p) { return mlir_ir_type_int(p->ctx, 32, MLIR_IR_SIGNLESS); }

/* `op {attrs} : T`: no operands (or none left to read), one result */
tsr_status mlir_pf_nullary(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  mlir_ir_type *t;
  TSR_TRY(mlir_text_type(p, &t));
  return mlir_ob_result(p, b, t);
}


/* ---- math, vector, memref --------------------------------------------------------------- */

/* `math.exp %a [fastmath<..>] {attrs} : T`; the integer ops (absi, the bit counts) carry no
 * flags: the same grammar as arith's. */
static tsr_status p_math_fmath(mlir_text_parser *p, mlir_op_builder *b) { return arith_same(p, b, true, false); }
static tsr_status p_math_plain(mlir_text_parser *p, mlir_op_builder *b) { return arith_same(p, b, false, false); }

static bool in_list(const char *const *l, const char *s) {
  for (; *l; l++)
    if (!strcmp(*l, s)) return true;
  return false;
}

/* vector's CombiningKind */
static const char *const combining_kinds[] = {"add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf",
                                              "and", "or", "xor", "minimumf", "maximumf", NULL};

/* `vector.multi_reduction <kind>, %src, %acc [dims] {attrs} : S to D` */
static tsr_status p_multi_reduction(mlir_text_parser *p, mlir_op_builder *b) {
  const char *at = p->cur;
  const char *kind;
  size_t n;
  TSR_TRY(mlir_text_expect(p, '<'));
  if (!mlir_text_bare_id(p, &kind, &n) || n > 32) return mlir_text_error(p, "expected a combining kind");
  char full[64];
  snprintf(full, sizeof full, "%.*s", (int)n, kind);
  if (!in_list(combining_kinds, full)) return mlir_text_error_at(p, kind, "unknown combining kind '%s'", full);
  TSR_TRY(mlir_text_expect(p, '>'));
  snprintf(full, sizeof full, "#vector.kind<%.*s>", (int)n, kind);
  TSR_TRY(mlir_pf_attr_from_text(p, b, "kind", full, at));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(mlir_ob_parse_operand_list(p, b, false));
  if (b->n_operands != 2) return mlir_text_error(p, "multi_reduction takes a source and an accumulator");
  int64_t dims[64];
  int nd;
  TSR_TRY(mlir_pf_int_list(p, dims, 64, &nd));
  TSR_TRY(mlir_ob_attr(p, b, "reduction_dims", mlir_pf_dense_i64_array(p, dims, nd)));
  mlir_ir_type *src, *dst;
  TSR_TRY(attrs_two_types(p, b, "to", &src, &dst));
  b->operand_types[0] = src;
  b->operand_types[1] = dst;
  return mlir_ob_result(p, b, dst);
}

/* `{attrs} : memref<..>` closing memref.load / memref.store */
static tsr_status memref_tail(mlir_text_parser *p, mlir_op_builder *b, mlir_ir_type **mt) {
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  const char *at = p->cur;
  TSR_TRY(mlir_text_type(p, mt));
  return (*mt)->kind == MLIR_IR_TYPE_MEMREF ? TSR_OK : mlir_text_error_at(p, at, "expected a memref type");
}

/* `memref.load %m[%i, ...] {attrs} : memref<..xT>`: the result is the element type */
static tsr_status p_memref_load(mlir_text_parser *p, mlir_op_builder *b) {
  int first, n;
  TSR_TRY(indexed_base(p, b, &first, &n));
  mlir_ir_type *mt;
  TSR_TRY(memref_tail(p, b, &mt));
  b->operand_types[0] = mt;
  return mlir_ob_result(p, b, mt->u.shaped.element);
}

/* `memref.store %v, %m[%i, ...] {attrs} : memref<..>` */
static tsr_status p_memref_store(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_text_expect(p, ','));
  int first, n;
  TSR_TRY(indexed_base(p, b, &first, &n));
  mlir_ir_type *mt;
  TSR_TRY(memref_tail(p, b, &mt));
  b->operand_types[0] = mt->u.shaped.element;
  b->operand_types[1] = mt;
  return TSR_OK;
}

/* `memref.alloca(%dyn, ...)[%sym, ...] {attrs} : memref<..>` */
static tsr_status p_memref_alloca(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(index_list(p, b, '(', ')'));
  int32_t sizes[2] = {b->n_operands, 0};
  if (mlir_text_peek(p) == '[') TSR_TRY(index_list(p, b, '[', ']'));
  sizes[1] = b->n_operands - sizes[0];
  TSR_TRY(segment_sizes(p, b, sizes, 2));
  return mlir_pf_nullary(p, b);
}

/* ---- scf loops ---------------------------------------------------------------------------- */

/* `(%a = %init, ...)`: region arguments paired with the op's operands (types come later). */
tsr_status mlir_pf_assigned_args(mlir_text_parser *p, mlir_op_builder *b, mlir_ptr_list *args) {
  TSR_TRY(mlir_text_expect(p, '('));
  if (mlir_text_accept(p, ')')) return TSR_OK;
  do {
    mlir_arg_decl *a = calloc(1, sizeof *a);
    if (!a || !mlir_ptr_push(args, a)) {
      free(a);
      return mlir_pf_nomem();
    }
    TSR_TRY(mlir_parse_value_ref(p, &a->ref));
    TSR_TRY(mlir_text_expect(p, '='));
    TSR_TRY(mlir_ob_parse_operand(p, b));
  } while (mlir_text_accept(p, ','));
  return mlir_text_expect(p, ')');
}

mlir_arg_decl *mlir_pf_flat_args(const mlir_ptr_list *l, int extra_front) {
  mlir_arg_decl *f = calloc((size_t)(l->n + extra_front) + 1, sizeof *f);
  for (int i = 0; f && i < l->n; i++) f[extra_front + i] = *(const mlir_arg_decl *)l->items[i];
  return f;
}

void mlir_pf_free_args(mlir_ptr_list *l) {
  for (int i = 0; i < l->n; i++) free(l->items[i]);
  free(l->items);
}

/* `(T, ...)` or a single type; fills types[0..n) of the arguments in `args`. */
static tsr_status arg_types(mlir_text_parser *p, mlir_ptr_list *args, int first, mlir_ir_type ***out, int *n) {
  bool paren = mlir_text_accept(p, '(');
  TSR_TRY(mlir_text_type_list(p, out, n));
  if (paren) TSR_TRY(mlir_text_expect(p, ')'));
  if (*n != args->n - first) return mlir_text_error(p, "expected %d types, got %d", args->n - first, *n);
  for (int i = 0; i < *n; i++) ((mlir_arg_decl *)args->items[first + i])->type = (*out)[i];
  return TSR_OK;
}

/* `scf.for %iv = %lb to %ub step %s [iter_args(%a = %x, ...) -> (T, ...)] [: T] {..} {attrs}` */
static tsr_status p_scf_for(mlir_text_parser *p, mlir_op_builder *b) {
  mlir_ptr_list args = {0};
  mlir_arg_decl *iv = calloc(1, sizeof *iv);
  tsr_status s = iv && mlir_ptr_push(&args, iv) ? TSR_OK : mlir_pf_nomem();
  if (s != TSR_OK) free(iv);
  if (s == TSR_OK) s = mlir_parse_value_ref(p, &iv->ref);
  if (s == TSR_OK) s = mlir_text_expect(p, '=');
  if (s == TSR_OK) s = mlir_ob_parse_operand(p, b);
  if (s == TSR_OK) s = mlir_pf_expect_kw(p, "to");
  if (s == TSR_OK) s = mlir_ob_parse_operand(p, b);
  if (s == TSR_OK) s = mlir_pf_expect_kw(p, "step");
  if (s == TSR_OK) s = mlir_ob_parse_operand(p, b);
  bool carried = s == TSR_OK && mlir_text_accept_kw(p, "iter_args");
  if (carried) s = mlir_pf_assigned_args(p, b, &args);
  if (s == TSR_OK && carried) s = mlir_text_accept_str(p, "->") ? TSR_OK : mlir_text_error(p, "expected '->' and the result types");
  mlir_ir_type **t = NULL;
  int n = 0;
  if (s == TSR_OK && carried) s = arg_types(p, &args, 1, &t, &n);
  for (int i = 0; s == TSR_OK && i < n; i++) {
    b->operand_types[3 + i] = t[i];
    s = mlir_ob_result(p, b, t[i]);
  }
  mlir_ir_type *ivt = NULL;
  if (s == TSR_OK && mlir_text_accept(p, ':')) s = mlir_text_type(p, &ivt);
  else if (s == TSR_OK && !(ivt = mlir_ir_type_new(p->ctx, MLIR_IR_TYPE_INDEX))) s = mlir_pf_nomem();
  if (s == TSR_OK) {
    iv->type = ivt;
    for (int i = 0; i < 3; i++) b->operand_types[i] = ivt;
    mlir_arg_decl *flat = mlir_pf_flat_args(&args, 0);
    s = flat ? mlir_ob_region(p, b, flat, args.n) : mlir_pf_nomem();
    free(flat);
  }
  if (s == TSR_OK && !b->n_results) s = mlir_ob_implicit_terminator(p, b, "scf.yield");
  if (s == TSR_OK) s = mlir_ob_opt_attr_dict(p, b);
  mlir_pf_free_args(&args);
  return s;
}

/* `scf.while (%a = %x, ...) : (T, ...) -> (R, ...) {before} do {after} {attrs}` */
static tsr_status p_scf_while(mlir_text_parser *p, mlir_op_builder *b) {
  mlir_ptr_list args = {0};
  tsr_status s = mlir_pf_assigned_args(p, b, &args);
  mlir_ir_type *ft = NULL;
  if (s == TSR_OK) s = mlir_text_expect(p, ':');
  if (s == TSR_OK) s = mlir_text_function_type(p, &ft);
  if (s == TSR_OK && (ft->kind != MLIR_IR_TYPE_FUNCTION || ft->u.function.n_inputs != args.n))
    s = mlir_text_error(p, "expected a function type with %d inputs", args.n);
  if (s == TSR_OK) s = mlir_ob_set_operand_types(p, b, 0, ft->u.function.inputs, ft->u.function.n_inputs);
  for (int i = 0; s == TSR_OK && i < args.n; i++) ((mlir_arg_decl *)args.items[i])->type = ft->u.function.inputs[i];
  for (int i = 0; s == TSR_OK && i < ft->u.function.n_results; i++) s = mlir_ob_result(p, b, ft->u.function.results[i]);
  if (s == TSR_OK) {
    mlir_arg_decl *flat = mlir_pf_flat_args(&args, 0);
    s = flat ? mlir_ob_region(p, b, flat, args.n) : mlir_pf_nomem();
    free(flat);
  }
  if (s == TSR_OK) s = mlir_pf_expect_kw(p, "do");
  if (s == TSR_OK) s = mlir_ob_region(p, b, NULL, 0);
  if (s == TSR_OK) s = mlir_ob_opt_attr_dict(p, b);
  mlir_pf_free_args(&args);
  return s;
}

/* `scf.condition(%c) %a, ... : T, ...` */
static tsr_status p_scf_condition(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_text_expect(p, '('));
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_text_expect(p, ')'));
  b->operand_types[0] = mlir_ir_type_int(p->ctx, 1, MLIR_IR_SIGNLESS);
  TSR_TRY(mlir_ob_parse_operand_list(p, b, true));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  if (b->n_operands == 1) return TSR_OK;
  TSR_TRY(mlir_text_expect(p, ':'));
  mlir_ir_type **t;
  int n;
  TSR_TRY(mlir_text_type_list(p, &t, &n));
  return mlir_ob_set_operand_types(p, b, 1, t, n);
}

/* ---- tpu ------------------------------------------------------------------------------------ */

/* `{attrs} : T, ... -> R` (or `to R`) closing a custom syntax: the types of the first
 * `n_typed` operands (all when negative), then the one result's. */
static tsr_status arrow_tail(mlir_text_parser *p, mlir_op_builder *b, int n_typed) {
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  mlir_ir_type **t;
  int n;
  TSR_TRY(mlir_text_type_list(p, &t, &n));
  if (n_typed >= 0 && n != n_typed) return mlir_text_error(p, "expected %d operand types, got %d", n_typed, n);
  if (n_typed < 0 && n != b->n_operands) return mlir_text_error(p, "expected %d operand types, got %d", b->n_operands, n);
  for (int i = 0; i < n; i++) b->operand_types[i] = t[i];
  /* tpu formats write `->`, vector's `to` */
  TSR_TRY(mlir_text_accept_str(p, "->") || mlir_text_accept_kw(p, "to") ? TSR_OK : mlir_text_error(p, "expected '->'"));
  mlir_ir_type *r;
  TSR_TRY(mlir_text_type(p, &r));
  return mlir_ob_result(p, b, r);
}

/* `op %a {attrs} : T1 -> T2` */
static tsr_status p_arrow(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  return arrow_tail(p, b, -1);
}


/* `tpu.matmul %l, %r, %acc {attrs} : L, R, A -> T` */
static tsr_status p_tpu_matmul(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand_list(p, b, false));
  if (b->n_operands != 3) return mlir_text_error(p, "matmul takes lhs, rhs and accumulator");
  TSR_TRY(arrow_tail(p, b, -1));
  TSR_TRY(mlir_pf_default_int(p, b, "transpose_lhs", 1, 0));
  return mlir_pf_default_int(p, b, "transpose_rhs", 1, 0);
}

/* `tpu.memref_slice %m[%i, ...] [<%size, ...>] {attrs} : M -> R` (indices and sizes are i32) */
static tsr_status p_memref_slice(mlir_text_parser *p, mlir_op_builder *b) {
  int first, n;
  TSR_TRY(indexed_base(p, b, &first, &n));
  int32_t sizes[3] = {1, n, 0};
  if (mlir_text_accept(p, '<')) {
    TSR_TRY(mlir_ob_parse_operand_list(p, b, false));
    TSR_TRY(mlir_text_expect(p, '>'));
    sizes[2] = b->n_operands - 1 - n;
  }
  mlir_ir_type *i32 = mlir_pf_i32_type(p);
  for (int i = 1; i < b->n_operands; i++) b->operand_types[i] = i32;
  TSR_TRY(segment_sizes(p, b, sizes, 3));
  return arrow_tail(p, b, 1);
}

/* One `kw(%x [: T])` group of the DMA ops; `typed` groups name their type, the others are i32. */
typedef struct kw_group {
  const char *kw;
  int slot;   /* operand position in the op's definition */
  bool typed, optional;
} kw_group;

/* The groups in printed order, then {attrs}; operands are added in definition order and the
 * segment sizes written. */
static tsr_status kw_groups(mlir_text_parser *p, mlir_op_builder *b, const kw_group *g, int ng) {
  mlir_operand_ref refs[8];
  mlir_ir_type *types[8];
  int32_t present[8] = {0};
  for (int i = 0; i < ng; i++) {
    if (!mlir_text_accept_kw(p, g[i].kw)) {
      if (g[i].optional) continue;
      return mlir_text_error(p, "expected '%s('", g[i].kw);
    }
    int k = g[i].slot;
    TSR_TRY(mlir_text_expect(p, '('));
    TSR_TRY(mlir_parse_value_ref(p, &refs[k]));
    types[k] = mlir_pf_i32_type(p);
    if (g[i].typed) {
      TSR_TRY(mlir_text_expect(p, ':'));
      TSR_TRY(mlir_text_type(p, &types[k]));
    }
    TSR_TRY(mlir_text_expect(p, ')'));
    present[k] = 1;
  }
  for (int k = 0; k < ng; k++) {
    if (!present[k]) continue;
    TSR_TRY(mlir_ob_operand(p, b, &refs[k]));
    b->operand_types[b->n_operands - 1] = types[k];
  }
  TSR_TRY(segment_sizes(p, b, present, ng));
  return mlir_ob_opt_attr_dict(p, b);
}

static const kw_group dma_groups[] = {
    {"source", 0, true, false},           {"target", 2, true, false},  {"source_semaphore", 1, true, true},
    {"target_semaphore", 3, true, true},  {"device_id", 4, false, true}, {"core_id", 5, false, true},
    {"subcore_id", 6, false, true}};
static const kw_group wait2_groups[] = {{"semaphore", 0, true, false}, {"src", 1, true, false}, {"dst", 2, true, false},
                                        {"device_id", 3, false, true}, {"core_id", 4, false, true}};

/* tpu.enqueue_dma and tpu.wait_dma: `source(%s : T) target(%t : T) [source_semaphore(..)]
 * [target_semaphore(..)] [device_id(%d)] [core_id(%c)] [subcore_id(%c)] {attrs}` */
static tsr_status p_tpu_dma(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(kw_groups(p, b, dma_groups, 7));
  TSR_TRY(mlir_pf_default_int(p, b, "priority", 32, 0));
  return mlir_pf_default_int(p, b, "strict_ordering", 1, 0);
}

/* `tpu.wait_dma2 semaphore(%s : T) src(%a : T) dst(%b : T) [device_id(%d)] [core_id(%c)]` */
static tsr_status p_tpu_wait_dma2(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(kw_groups(p, b, wait2_groups, 5));
  return mlir_pf_default_int(p, b, "strict_ordering", 1, 0);
}

/* `tpu.sem_signal %sem, %amount [device_id %d] [core_id %c] [subcore_id %s] {attrs} : T` and
 * `tpu.sem_wait %sem, %amount {attrs} : T` */
static tsr_status p_tpu_sem_amount(mlir_text_parser *p, mlir_op_builder *b) {
  bool signal = !strcmp(b->name, "tpu.sem_signal");
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(mlir_ob_parse_operand(p, b));
  static const char *const opt[] = {"device_id", "core_id", "subcore_id"};
  int32_t sizes[5] = {1, 1, 0, 0, 0};
  for (int i = 0; signal && i < 3; i++)
    if (mlir_text_accept_kw(p, opt[i])) {
      TSR_TRY(mlir_ob_parse_operand(p, b));
      sizes[2 + i] = 1;
    }
  mlir_ir_type *i32 = mlir_pf_i32_type(p);
  for (int i = 1; i < b->n_operands; i++) b->operand_types[i] = i32;
  if (signal) TSR_TRY(segment_sizes(p, b, sizes, 5));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  return mlir_text_type(p, &b->operand_types[0]);
}

/* `tpu.dynamic_rotate %v by %amount dim D {attrs} : V, I -> R` */
static tsr_status p_tpu_dynamic_rotate(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_pf_expect_kw(p, "by"));
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_pf_expect_kw(p, "dim"));
  TSR_TRY(mlir_pf_int_attr(p, b, "dimension", 32, MLIR_IR_SIGNED));
  return arrow_tail(p, b, -1);
}

/* `tpu.rotate %v by A dim D [stride S stride_dim E] {attrs} : V` (jaxlibs before tpu.rotate
 * gave way to tpu.dynamic_rotate printed it so) */
static tsr_status p_tpu_rotate(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_pf_expect_kw(p, "by"));
  TSR_TRY(mlir_pf_int_attr(p, b, "amount", 32, MLIR_IR_SIGNED));
  TSR_TRY(mlir_pf_expect_kw(p, "dim"));
  TSR_TRY(mlir_pf_int_attr(p, b, "dimension", 32, MLIR_IR_SIGNED));
  if (mlir_text_accept_kw(p, "stride")) {
    TSR_TRY(mlir_pf_int_attr(p, b, "stride", 32, MLIR_IR_SIGNED));
    TSR_TRY(mlir_pf_expect_kw(p, "stride_dim"));
    TSR_TRY(mlir_pf_int_attr(p, b, "stride_dimension", 32, MLIR_IR_SIGNED));
  }
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  TSR_TRY(mlir_text_type(p, &b->operand_types[0]));
  return mlir_ob_result(p, b, b->operand_types[0]);
}

/* `tpu.transpose %v, [1, 0] {attrs} : V -> R` and `vector.transpose ... : V to R` */
static tsr_status p_tpu_transpose(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_text_expect(p, ','));
  int64_t perm[64];
  int n;
  TSR_TRY(mlir_pf_int_list(p, perm, 64, &n));
  TSR_TRY(mlir_ob_attr(p, b, "permutation", mlir_pf_dense_i64_array(p, perm, n)));
  return arrow_tail(p, b, -1);
}

/* `tpu.concatenate %a, %b, ... in D {attrs} : A, B, ... -> R` */
static tsr_status p_tpu_concatenate(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand_list(p, b, false));
  TSR_TRY(mlir_pf_expect_kw(p, "in"));
  TSR_TRY(mlir_pf_int_attr(p, b, "dimension", 32, MLIR_IR_SIGNLESS));
  return arrow_tail(p, b, -1);
}

/* `tpu.strided_store %m[%i, ...], %v {attrs} : M, V`: the value is the first operand */
static tsr_status p_tpu_strided_store(mlir_text_parser *p, mlir_op_builder *b) {
  mlir_op_builder tmp;
  memset(&tmp, 0, sizeof tmp);
  int first, n;
  tsr_status s = indexed_base(p, &tmp, &first, &n);
  mlir_operand_ref value = {0};
  if (s == TSR_OK) s = mlir_text_expect(p, ',');
  if (s == TSR_OK) s = mlir_parse_value_ref(p, &value);
  if (s == TSR_OK) s = mlir_ob_operand(p, b, &value);
  for (int i = 0; s == TSR_OK && i < tmp.n_operands; i++) {
    s = mlir_ob_operand(p, b, &tmp.operands[i]);
    if (s == TSR_OK) b->operand_types[b->n_operands - 1] = tmp.operand_types[i];
  }
  mlir_ir_type *mt = NULL, *vt = NULL;
  if (s == TSR_OK) s = attrs_two_types(p, b, NULL, &mt, &vt);
  if (s == TSR_OK) {
    b->operand_types[0] = vt;
    b->operand_types[1] = mt;
  }
  free(tmp.operands);
  free(tmp.operand_types);
  return s;
}

/* `tpu.repeat %v, D x N {attrs} : V -> R` */
static tsr_status p_tpu_repeat(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(mlir_pf_int_attr(p, b, "dimension", 32, MLIR_IR_SIGNLESS));
  TSR_TRY(mlir_pf_expect_kw(p, "x"));
  TSR_TRY(mlir_pf_int_attr(p, b, "times", 32, MLIR_IR_SIGNLESS));
  return arrow_tail(p, b, -1);
}

/* `[1, 0]` as an array<i32: ...> attribute */
tsr_status mlir_pf_i32_array_attr(mlir_text_parser *p, mlir_op_builder *b, const char *name) {
  int64_t v[1024];
  int n;
  TSR_TRY(mlir_pf_int_list(p, v, 1024, &n));
  int32_t w[1024];
  for (int i = 0; i < n; i++) {
    if (v[i] < INT32_MIN || v[i] > INT32_MAX) return mlir_text_error(p, "%s entry %d does not fit in 32 bits", name, i);
    w[i] = (int32_t)v[i];
  }
  return mlir_ob_attr(p, b, name, mlir_ir_attr_dense_i32_new(p->ctx, w, n ? n : 0));
}

/* `tpu.dynamic_gather %src[%idx] in [D, ...] {attrs} : S, I -> R` */
static tsr_status p_tpu_dynamic_gather(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_text_expect(p, '['));
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_text_expect(p, ']'));
  TSR_TRY(mlir_pf_expect_kw(p, "in"));
  TSR_TRY(mlir_pf_i32_array_attr(p, b, "dimensions"));
  return arrow_tail(p, b, -1);
}

/* `tpu.create_mask [%lo, ...][%hi, ...] {attrs} : T` (index operands) */
static tsr_status p_tpu_create_mask(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(index_list(p, b, '[', ']'));
  TSR_TRY(index_list(p, b, '[', ']'));
  return mlir_pf_nullary(p, b);
}

/* `tpu.iteration_bound D {attrs} : i32` */
static tsr_status p_tpu_iteration_bound(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_pf_int_attr(p, b, "dim", 32, MLIR_IR_SIGNLESS));
  return mlir_pf_nullary(p, b);
}

/* `tpu.log_buffer "tag" {attrs} : %m : M` */
static tsr_status p_tpu_log_buffer(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_pf_string_attr(p, b, "tag"));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  return mlir_text_type(p, &b->operand_types[0]);
}

/* `vector.splat %x {attrs} : vector<..xT>`: the operand is one element */
static tsr_status p_vector_splat(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  const char *at = p->cur;
  mlir_ir_type *t;
  TSR_TRY(mlir_text_type(p, &t));
  if (t->kind != MLIR_IR_TYPE_VECTOR) return mlir_text_error_at(p, at, "expected a vector type");
  b->operand_types[0] = t->u.shaped.element;
  return mlir_ob_result(p, b, t);
}

/* `vector.create_mask %a, ... {attrs} : vector<..xi1>` (index operands) */
static tsr_status p_vector_create_mask(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand_list(p, b, false));
  mlir_ir_type *idx = mlir_ir_type_new(p->ctx, MLIR_IR_TYPE_INDEX);
  if (!idx) return mlir_pf_nomem();
  mlir_ob_all_operands(b, idx);
  return mlir_pf_nullary(p, b);
}

/* `vector.constant_mask [2, 3] {attrs} : vector<..xi1>` */
static tsr_status p_vector_constant_mask(mlir_text_parser *p, mlir_op_builder *b) {
  int64_t v[64];
  int n;
  TSR_TRY(mlir_pf_int_list(p, v, 64, &n));
  TSR_TRY(mlir_ob_attr(p, b, "mask_dim_sizes", mlir_pf_dense_i64_array(p, v, n)));
  return mlir_pf_nullary(p, b);
}

/* `vector.extract %v[0, %i] {attrs} : R from V`: static positions, and kDynamic (INT64_MIN)
 * where a value gives the position */
static tsr_status p_vector_extract(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  int64_t pos[64];
  int n = 0;
  TSR_TRY(mlir_text_expect(p, '['));
  if (!mlir_text_accept(p, ']')) {
    do {
      if (n == 64) return mlir_text_error(p, "too many positions");
      if (mlir_text_peek(p) == '%') {
        TSR_TRY(mlir_ob_parse_operand(p, b));
        pos[n++] = INT64_MIN;
      } else {
        TSR_TRY(mlir_text_int(p, &pos[n++]));
      }
    } while (mlir_text_accept(p, ','));
    TSR_TRY(mlir_text_expect(p, ']'));
  }
  TSR_TRY(mlir_ob_attr(p, b, "static_position", mlir_pf_dense_i64_array(p, pos, n)));
  mlir_ir_type *idx = mlir_ir_type_new(p->ctx, MLIR_IR_TYPE_INDEX);
  if (!idx) return mlir_pf_nomem();
  for (int i = 1; i < b->n_operands; i++) b->operand_types[i] = idx;
  mlir_ir_type *r, *v;
  TSR_TRY(attrs_two_types(p, b, "from", &r, &v));
  b->operand_types[0] = v;
  return mlir_ob_result(p, b, r);
}

/* `cf.assert %c, "message" {attrs}` */
static tsr_status p_cf_assert(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  b->operand_types[0] = mlir_ir_type_int(p->ctx, 1, MLIR_IR_SIGNLESS);
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(mlir_pf_string_attr(p, b, "msg"));
  return mlir_ob_opt_attr_dict(p, b);
}

/* `tpu.assume_multiple %v, M {attrs} : T` */
static tsr_status p_tpu_assume_multiple(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(mlir_pf_int_attr(p, b, "multiple", 32, MLIR_IR_SIGNLESS));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  mlir_ir_type *t;
  TSR_TRY(mlir_text_type(p, &t));
  b->operand_types[0] = t;
  return mlir_ob_result(p, b, t);
}

/* `tpu.log "tag" {attrs} [: [%a, ...] : T, ...]` */
static tsr_status p_tpu_log(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_pf_string_attr(p, b, "tag"));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  if (mlir_text_accept(p, ':')) {
    TSR_TRY(mlir_text_expect(p, '['));
    TSR_TRY(mlir_ob_parse_operand_list(p, b, false));
    TSR_TRY(mlir_text_expect(p, ']'));
    TSR_TRY(mlir_text_expect(p, ':'));
    mlir_ir_type **t;
    int k;
    TSR_TRY(mlir_text_type_list(p, &t, &k));
    TSR_TRY(mlir_ob_set_operand_types(p, b, 0, t, k));
  }
  return mlir_pf_default_int(p, b, "formatted", 1, 0);
}

/* ---- the registries' syntax forms --------------------------------------------------------- */

/* Each op's syntax comes from its registry row (the .def files in src/ops): the parser knows a pretty form
 * for exactly the ops tessera registers, so the two cannot drift apart. */
#define PRETTY_SYNTAXES(X)                                                                          \
  X(MODULE, p_module) X(FUNC, p_func) X(RETURN_LIKE, p_return_like) X(CALL, p_call)                  \
  X(CONSTANT, p_constant) X(ARITH_FMATH, p_arith_fmath) X(ARITH_OVERFLOW, p_arith_overflow)          \
  X(ARITH_PLAIN, p_arith_plain) X(ARITH_CMP, p_arith_cmp) X(CAST, p_cast) X(SELECT, p_select)        \
  X(ARITH_EXTENDED, p_arith_extended)                                                                 \
  X(MATH_FMATH, p_math_fmath) X(MATH_PLAIN, p_math_plain) X(VECTOR_LOAD, p_vector_load)              \
  X(VECTOR_STORE, p_vector_store) X(VECTOR_SPLAT, p_vector_splat) X(VECTOR_EXTRACT, p_vector_extract) \
  X(VECTOR_CREATE_MASK, p_vector_create_mask) X(VECTOR_CONSTANT_MASK, p_vector_constant_mask)         \
  X(MULTI_REDUCTION, p_multi_reduction) X(TRANSPOSE, p_tpu_transpose) X(SCF_FOR, p_scf_for)           \
  X(SCF_IF, p_scf_if) X(SCF_WHILE, p_scf_while) X(SCF_CONDITION, p_scf_condition)                     \
  X(CF_ASSERT, p_cf_assert) X(MEMREF_LOAD, p_memref_load) X(MEMREF_STORE, p_memref_store)             \
  X(MEMREF_ALLOCA, p_memref_alloca) X(TPU_VECTOR_MEM, p_tpu_vector_mem)                               \
  X(TPU_STRIDED_STORE, p_tpu_strided_store) X(TPU_LOAD_STORE, p_tpu_load_store) X(TPU_ROTATE, p_tpu_rotate) X(MEMREF_SLICE, p_memref_slice) X(ARROW, p_arrow)         \
  X(TPU_MATMUL, p_tpu_matmul) X(NULLARY, mlir_pf_nullary) X(TPU_CONCATENATE, p_tpu_concatenate)             \
  X(TPU_DYNAMIC_GATHER, p_tpu_dynamic_gather) X(TPU_DYNAMIC_ROTATE, p_tpu_dynamic_rotate)             \
  X(TPU_REPEAT, p_tpu_repeat) X(TPU_CREATE_MASK, p_tpu_create_mask)                                   \
  X(TPU_ASSUME_MULTIPLE, p_tpu_assume_multiple) X(TPU_DMA, p_tpu_dma) X(TPU_WAIT_DMA2, p_tpu_wait_dma2) \
  X(TPU_SEM_AMOUNT, p_tpu_sem_amount) X(TPU_ITERATION_BOUND, p_tpu_iteration_bound)                   \
  X(TPU_LOG, p_tpu_log) X(TPU_LOG_BUFFER, p_tpu_log_buffer) MLIR_HLO_PRETTY_SYNTAXES(X) MLIR_TAIL_PRETTY_SYNTAXES(X)



enum {
  SYNTAX_GENERIC, /* no pretty form */
#define X(form, fn) SYNTAX_##form,
  PRETTY_SYNTAXES(X)
#undef X
};

static const mlir_pretty_fn syntax_fns[] = {
    NULL,
#define X(form, fn) fn,
    PRETTY_SYNTAXES(X)
#undef X
};

static const struct {
  const char *name;
  size_t len; /* compared first: a parse looks up every op it reads */
  int syntax;
} registered[] = {
#define BUILTIN_OP(e, name, syntax) {name, sizeof name - 1, SYNTAX_##syntax},
#include "ops/builtin.def"
#undef BUILTIN_OP
#define MOP(e, name, syntax, compile, run, kind, traits) {name, sizeof name - 1, SYNTAX_##syntax},
#include "ops/mosaic.def"
#undef MOP
#define HLO_OP(e, name, syntax, run, prep, traits) {name, sizeof name - 1, SYNTAX_##syntax},
#include "ops/stablehlo.def"
#include "ops/check.def"
#undef HLO_OP
};

/* Short spellings of the default dialects (builtin, func) as MLIR prints them. */
static const struct {
  const char *spelling, *name;
} aliases[] = {{"module", "builtin.module"}, {"return", "func.return"}, {"call", "func.call"}};

bool mlir_pretty_op_registered(const char *name, size_t len) {
  for (size_t i = 0; i < sizeof registered / sizeof registered[0]; i++)
    if (!strncmp(registered[i].name, name, len) && !registered[i].name[len]) return true;
  for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
    if (strlen(aliases[i].spelling) == len && !memcmp(aliases[i].spelling, name, len)) return true;
  return false;
}

const char *mlir_pretty_op_refusal(const char *name, size_t len) {
  static const struct { const char *name, *why; } refused[] = {
#define MREFUSED(name, why) {name, why},
#include "ops/mosaic_refused.def"
#undef MREFUSED
  };
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
    if (!strncmp(refused[i].name, name, len) && !refused[i].name[len]) return refused[i].why;
  return NULL;
}

mlir_pretty_fn mlir_pretty_syntax_of(const char *name, size_t len) {
  for (size_t i = 0; i < sizeof registered / sizeof registered[0]; i++)
    if (registered[i].len == len && !memcmp(registered[i].name, name, len)) return syntax_fns[registered[i].syntax];
  return NULL;
}

tsr_status mlir_pretty_op_parse(mlir_text_parser *p, const char *name, size_t len, mlir_op_builder *b) {
  for (size_t i = 0; i < sizeof aliases / sizeof aliases[0] && len < 8; i++)
    if (strlen(aliases[i].spelling) == len && !memcmp(aliases[i].spelling, name, len)) {
      name = aliases[i].name;
      len = strlen(name);
    }
  mlir_pretty_fn fn = mlir_pretty_syntax_of(name, len);
  if (!fn) return TSR_ERR_UNSUPPORTED;
  b->name = mlir_ir_intern(p->ctx, name, len);
  return b->name ? fn(p, b) : mlir_pf_nomem();
}
