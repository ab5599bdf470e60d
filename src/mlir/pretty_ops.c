/* Pretty (custom assembly) forms of the ops that JAX and Pallas print: builtin, func, arith,
 * vector, scf, tpu and StableHLO. Each form fills the same op_builder the generic form does:
 * inherent attributes go into the attribute dictionary under their ODS names, with the
 * defaults MLIR materializes when an op is serialized (e.g. arith fastmath<none>), so that
 * text and bytecode of the same kernel give equal IR. */
#include <stdlib.h>
#include <string.h>

#include "mlir/op_parser.h"

static tsr_status nomem(void) { return tsr_fail(TSR_ERR_NOMEM, "out of memory"); }

static tsr_ir_type *i64_type(text_parser *p) { return tsr_ir_type_int(p->ctx, 64, TSR_IR_SIGNLESS); }

static tsr_status attr_i64(text_parser *p, op_builder *b, const char *name, int64_t v) {
  tsr_ir_type *t = i64_type(p);
  return ob_attr(p, b, name, t ? tsr_ir_attr_int_new(p->ctx, t, v) : NULL);
}

static tsr_status attr_string(text_parser *p, op_builder *b, const char *name, const char *s) {
  return ob_attr(p, b, name, tsr_ir_attr_string_new(p->ctx, s, strlen(s)));
}

static tsr_ir_attr *dense_i64_array(text_parser *p, const int64_t *v, int n) {
  tsr_ir_attr *a = tsr_ir_attr_new(p->ctx, TSR_IR_ATTR_DENSE_ARRAY);
  uint8_t *d = tsr_ir_alloc(p->ctx, (size_t)(n ? n : 1) * 8);
  if (!a || !d || !(a->type = i64_type(p))) return NULL;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < 8; k++) d[i * 8 + k] = (uint8_t)((uint64_t)v[i] >> (8 * k));
  a->u.dense_array.n = n;
  a->u.dense_array.elem_bytes = 8;
  a->u.dense_array.data = d;
  return a;
}

/* `[1, 2]` as a list of integers. */
static tsr_status int_list(text_parser *p, int64_t *v, int cap, int *n) {
  TSR_TRY(text_expect(p, '['));
  *n = 0;
  if (text_accept(p, ']')) return TSR_OK;
  do {
    if (*n == cap) return text_error(p, "too many entries");
    TSR_TRY(text_int(p, &v[(*n)++]));
  } while (text_accept(p, ','));
  return text_expect(p, ']');
}

static tsr_status expect_kw(text_parser *p, const char *kw) {
  return text_accept_kw(p, kw) ? TSR_OK : text_error(p, "expected '%s'", kw);
}

static tsr_status expect_kw_eq(text_parser *p, const char *kw) {
  TSR_TRY(expect_kw(p, kw));
  return text_expect(p, '=');
}

/* i1 with the shape of `t` (comparisons). */
static tsr_ir_type *i1_like(text_parser *p, const tsr_ir_type *t) {
  tsr_ir_type *i1 = tsr_ir_type_int(p->ctx, 1, TSR_IR_SIGNLESS);
  if (!i1 || !tsr_ir_type_is_shaped(t)) return i1;
  tsr_ir_type *s = tsr_ir_type_new(p->ctx, t->kind);
  if (!s) return NULL;
  *s = *t;
  s->u.shaped.element = i1;
  s->u.shaped.layout = NULL;
  s->u.shaped.memory_space = NULL;
  s->u.shaped.encoding = NULL;
  return s;
}

/* ---- builtin and func ------------------------------------------------------------------ */

static tsr_status p_module(text_parser *p, op_builder *b) {
  if (text_peek(p) == '@') {
    p->cur++;
    const char *name;
    TSR_TRY(text_symbol_name(p, &name));
    TSR_TRY(attr_string(p, b, "sym_name", name));
  }
  if (text_accept_kw(p, "attributes")) TSR_TRY(ob_opt_attr_dict(p, b));
  return ob_region(p, b, NULL, 0);
}

/* `(T {attrs}, ...)` results of a signature, or a single type. */
static tsr_status sig_results(text_parser *p, ptr_list *types, ptr_list *attrs) {
  if (text_peek(p) != '(') {
    tsr_ir_type *t;
    TSR_TRY(text_type(p, &t));
    return ptr_push(types, t) && ptr_push(attrs, NULL) ? TSR_OK : nomem();
  }
  p->cur++;
  if (text_accept(p, ')')) return TSR_OK;
  do {
    tsr_ir_type *t;
    tsr_ir_attr *a = NULL;
    TSR_TRY(text_type(p, &t));
    if (text_peek(p) == '{') TSR_TRY(text_dict(p, &a));
    if (!ptr_push(types, t) || !ptr_push(attrs, a)) return nomem();
  } while (text_accept(p, ','));
  return text_expect(p, ')');
}

/* arg_attrs / res_attrs: an array of dictionaries, present only when one is non-empty. */
static tsr_status attr_dicts(text_parser *p, op_builder *b, const char *name, ptr_list *l) {
  bool any = false;
  for (int i = 0; i < l->n; i++) any |= l->items[i] && ((tsr_ir_attr *)l->items[i])->u.dict.n > 0;
  if (!any) return TSR_OK;
  tsr_ir_attr *arr = tsr_ir_attr_new(p->ctx, TSR_IR_ATTR_ARRAY);
  if (!arr) return nomem();
  arr->u.array.n = l->n;
  arr->u.array.elems = tsr_ir_alloc(p->ctx, sizeof(tsr_ir_attr *) * (size_t)l->n);
  if (!arr->u.array.elems) return nomem();
  for (int i = 0; i < l->n; i++) {
    tsr_ir_attr *d = l->items[i] ? l->items[i] : tsr_ir_empty_dict(p->ctx);
    if (!d) return nomem();
    arr->u.array.elems[i] = d;
  }
  return ob_attr(p, b, name, arr);
}

static tsr_status p_func(text_parser *p, op_builder *b) {
  const char *vis = NULL;
  if (text_accept_kw(p, "public")) vis = "public";
  else if (text_accept_kw(p, "private")) vis = "private";
  else if (text_accept_kw(p, "nested")) vis = "nested";
  TSR_TRY(text_expect(p, '@'));
  const char *name;
  TSR_TRY(text_symbol_name(p, &name));
  ptr_list in_t = {0}, in_a = {0}, out_t = {0}, out_a = {0};
  arg_decl *args = NULL;
  int n_args = 0, cap = 0;
  bool named = false;
  tsr_status s = text_expect(p, '(');
  if (s == TSR_OK && !text_accept(p, ')')) {
    do {
      arg_decl a = {0};
      if (text_peek(p) == '%') {
        named = true;
        s = parse_value_ref(p, &a.ref);
        if (s == TSR_OK) s = text_expect(p, ':');
      }
      if (s == TSR_OK) s = text_type(p, &a.type);
      if (s == TSR_OK && text_peek(p) == '{') s = text_dict(p, &a.attrs);
      if (s == TSR_OK) s = text_opt_trailing_loc(p, &a.loc);
      if (s != TSR_OK) break;
      if (n_args == cap) {
        cap = cap ? cap * 2 : 8;
        arg_decl *n = realloc(args, sizeof *n * (size_t)cap);
        if (!n) { s = nomem(); break; }
        args = n;
      }
      args[n_args++] = a;
      if (!ptr_push(&in_t, a.type) || !ptr_push(&in_a, a.attrs)) s = nomem();
    } while (s == TSR_OK && text_accept(p, ','));
    if (s == TSR_OK) s = text_expect(p, ')');
  }
  if (s == TSR_OK && text_accept_str(p, "->")) s = sig_results(p, &out_t, &out_a);
  tsr_ir_type *ft = NULL;
  if (s == TSR_OK && !(ft = tsr_ir_type_new(p->ctx, TSR_IR_TYPE_FUNCTION))) s = nomem();
  if (s == TSR_OK) {
    ft->u.function.n_inputs = in_t.n;
    ft->u.function.n_results = out_t.n;
    ft->u.function.inputs = tsr_ir_alloc(p->ctx, sizeof(tsr_ir_type *) * (size_t)(in_t.n ? in_t.n : 1));
    ft->u.function.results = tsr_ir_alloc(p->ctx, sizeof(tsr_ir_type *) * (size_t)(out_t.n ? out_t.n : 1));
    if (!ft->u.function.inputs || !ft->u.function.results) s = nomem();
    for (int i = 0; s == TSR_OK && i < in_t.n; i++) ft->u.function.inputs[i] = in_t.items[i];
    for (int i = 0; s == TSR_OK && i < out_t.n; i++) ft->u.function.results[i] = out_t.items[i];
  }
  tsr_ir_attr *ta = s == TSR_OK ? tsr_ir_attr_new(p->ctx, TSR_IR_ATTR_TYPE) : NULL;
  if (s == TSR_OK && !ta) s = nomem();
  if (s == TSR_OK) {
    ta->type = ft;
    s = attr_string(p, b, "sym_name", name);
  }
  if (s == TSR_OK) s = ob_attr(p, b, "function_type", ta);
  if (s == TSR_OK && vis) s = attr_string(p, b, "sym_visibility", vis);
  if (s == TSR_OK) s = attr_dicts(p, b, "arg_attrs", &in_a);
  if (s == TSR_OK) s = attr_dicts(p, b, "res_attrs", &out_a);
  if (s == TSR_OK && text_accept_kw(p, "attributes")) s = ob_opt_attr_dict(p, b);
  if (s == TSR_OK && text_peek(p) == '{') {
    if (!named && n_args) s = text_error(p, "a function body needs named arguments");
    else s = ob_region(p, b, args, n_args);
  } else if (s == TSR_OK) {
    s = ob_empty_region(p, b);
  }
  free(args);
  free(in_t.items);
  free(in_a.items);
  free(out_t.items);
  free(out_a.items);
  return s;
}

/* `op %a, %b : T, T` (terminators); no operands means no types. */
static tsr_status p_return_like(text_parser *p, op_builder *b) {
  TSR_TRY(ob_parse_operand_list(p, b, true));
  TSR_TRY(ob_opt_attr_dict(p, b));
  if (!b->n_operands) return TSR_OK;
  TSR_TRY(text_expect(p, ':'));
  tsr_ir_type **t;
  int n;
  TSR_TRY(text_type_list(p, &t, &n));
  return ob_set_operand_types(p, b, 0, t, n);
}

/* `(%a, ...) {attrs} : (T..) -> R` after a callee or call target */
static tsr_status call_tail(text_parser *p, op_builder *b) {
  TSR_TRY(text_expect(p, '('));
  if (!text_accept(p, ')')) {
    TSR_TRY(ob_parse_operand_list(p, b, false));
    TSR_TRY(text_expect(p, ')'));
  }
  TSR_TRY(ob_opt_attr_dict(p, b));
  return ob_same_or_function_type(p, b, -1);
}

static tsr_status p_call(text_parser *p, op_builder *b) {
  tsr_ir_attr *callee;
  if (text_peek(p) != '@') return text_error(p, "expected a callee symbol");
  TSR_TRY(text_attr(p, &callee));
  TSR_TRY(ob_attr(p, b, "callee", callee));
  return call_tail(p, b);
}

/* ---- arith and vector ----------------------------------------------------------------- */

static tsr_status p_constant(text_parser *p, op_builder *b) {
  TSR_TRY(ob_opt_attr_dict(p, b));
  const char *at = p->cur;
  tsr_ir_attr *v;
  TSR_TRY(text_attr(p, &v));
  if (!v->type || v->kind == TSR_IR_ATTR_TYPE) return text_error_at(p, at, "constant value needs a type");
  TSR_TRY(ob_attr(p, b, "value", v));
  return ob_result(p, b, v->type);
}

/* Optional `fastmath<...>` / `overflow<...>` keyword attribute of arith ops. */
static tsr_status arith_flags(text_parser *p, op_builder *b, const char *kw, const char *mnemonic,
                              const char *attr_name, bool materialize_default) {
  tsr_ir_attr *a = NULL;
  if (kw && text_accept_kw(p, kw)) {
    const char *body;
    size_t len;
    TSR_TRY(text_balanced(p, &body, &len));
    char buf[128];
    if (len < 2 || len - 2 >= sizeof buf) return text_error(p, "bad %s flags", kw);
    memcpy(buf, body + 1, len - 2);
    buf[len - 2] = 0;
    if (!(a = dialect_enum_new(p->ctx, "arith", mnemonic, buf))) return text_error(p, "bad %s flags", kw);
  } else if (kw && materialize_default) {
    if (!(a = dialect_enum_new(p->ctx, "arith", mnemonic, "none"))) return nomem();
  }
  return a ? ob_attr(p, b, attr_name, a) : TSR_OK;
}

static const char *const float_binops[] = {"addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf", "negf", NULL};
static const char *const overflow_binops[] = {"addi", "subi", "muli", "shli", NULL};

static bool in_list(const char *const *l, const char *s) {
  for (; *l; l++)
    if (!strcmp(*l, s)) return true;
  return false;
}

/* `arith.addf %a, %b [fastmath<..>] {attrs} : T` and unary `arith.negf %a : T`. */
static tsr_status p_arith_same(text_parser *p, op_builder *b) {
  const char *op = strchr(b->name, '.') + 1;
  TSR_TRY(ob_parse_operand_list(p, b, false));
  if (in_list(float_binops, op)) TSR_TRY(arith_flags(p, b, "fastmath", "fastmath", "fastmath", true));
  if (in_list(overflow_binops, op)) TSR_TRY(arith_flags(p, b, "overflow", "overflow", "overflowFlags", true));
  TSR_TRY(ob_opt_attr_dict(p, b));
  return ob_same_or_function_type(p, b, 1);
}

static const char *const cmpi_preds[] = {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge", NULL};
static const char *const cmpf_preds[] = {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq",
                                         "ugt", "uge", "ult", "ule", "une", "uno", "true", NULL};

static tsr_status p_arith_cmp(text_parser *p, op_builder *b) {
  bool is_f = !strcmp(b->name, "arith.cmpf");
  const char *kw;
  size_t n;
  if (!text_bare_id(p, &kw, &n)) return text_error(p, "expected a comparison predicate");
  const char *const *preds = is_f ? cmpf_preds : cmpi_preds;
  int code = -1;
  for (int i = 0; preds[i]; i++)
    if (strlen(preds[i]) == n && !memcmp(preds[i], kw, n)) code = i;
  if (code < 0) return text_error(p, "unknown predicate '%.*s'", (int)n, kw);
  TSR_TRY(attr_i64(p, b, "predicate", code));
  TSR_TRY(text_expect(p, ','));
  TSR_TRY(ob_parse_operand_list(p, b, false));
  if (is_f) TSR_TRY(arith_flags(p, b, "fastmath", "fastmath", "fastmath", true));
  TSR_TRY(ob_opt_attr_dict(p, b));
  TSR_TRY(text_expect(p, ':'));
  tsr_ir_type *t;
  TSR_TRY(text_type(p, &t));
  ob_all_operands(b, t);
  return ob_result(p, b, i1_like(p, t));
}

/* `op %a {attrs} : T1 to T2` (casts, vector.broadcast). */
static tsr_status p_cast(text_parser *p, op_builder *b) {
  TSR_TRY(ob_parse_operand(p, b));
  TSR_TRY(ob_opt_attr_dict(p, b));
  TSR_TRY(text_expect(p, ':'));
  tsr_ir_type *from, *to;
  TSR_TRY(text_type(p, &from));
  TSR_TRY(expect_kw(p, "to"));
  TSR_TRY(text_type(p, &to));
  ob_all_operands(b, from);
  return ob_result(p, b, to);
}

/* `%c, %a, %b : T` or `: C, T` (arith.select), also `stablehlo.select`. */
static tsr_status p_select(text_parser *p, op_builder *b) {
  TSR_TRY(ob_parse_operand_list(p, b, false));
  TSR_TRY(ob_opt_attr_dict(p, b));
  if (b->n_operands != 3) return text_error(p, "select takes 3 operands");
  TSR_TRY(text_expect(p, ':'));
  if (text_peek(p) == '(') return ob_types_after_colon(p, b, 1);
  tsr_ir_type **t;
  int n;
  TSR_TRY(text_type_list(p, &t, &n));
  if (n > 2) return text_error(p, "select takes one or two types");
  tsr_ir_type *cond = n == 2 ? t[0] : tsr_ir_type_int(p->ctx, 1, TSR_IR_SIGNLESS), *ty = t[n - 1];
  b->operand_types[0] = cond;
  b->operand_types[1] = b->operand_types[2] = ty;
  return ob_result(p, b, ty);
}

/* `%base[%i, %j]`: the memref operand then index operands (of type index). */
static tsr_status indexed_base(text_parser *p, op_builder *b, int *first_index, int *n_indices) {
  TSR_TRY(ob_parse_operand(p, b));
  TSR_TRY(text_expect(p, '['));
  *first_index = b->n_operands;
  if (!text_accept(p, ']')) {
    TSR_TRY(ob_parse_operand_list(p, b, false));
    TSR_TRY(text_expect(p, ']'));
  }
  *n_indices = b->n_operands - *first_index;
  tsr_ir_type *idx = tsr_ir_type_new(p->ctx, TSR_IR_TYPE_INDEX);
  if (!idx) return nomem();
  for (int i = *first_index; i < b->n_operands; i++) b->operand_types[i] = idx;
  return TSR_OK;
}

/* `{attrs} : memref<..>, vector<..>` after the indexed base of a vector load or store */
static tsr_status memref_vector_tail(text_parser *p, op_builder *b, tsr_ir_type **mt, tsr_ir_type **vt) {
  TSR_TRY(ob_opt_attr_dict(p, b));
  TSR_TRY(text_expect(p, ':'));
  TSR_TRY(text_type(p, mt));
  TSR_TRY(text_expect(p, ','));
  return text_type(p, vt);
}

/* `vector.load %base[%i] : memref<..>, vector<..>` */
static tsr_status p_vector_load(text_parser *p, op_builder *b) {
  int first, n;
  TSR_TRY(indexed_base(p, b, &first, &n));
  tsr_ir_type *mt, *vt;
  TSR_TRY(memref_vector_tail(p, b, &mt, &vt));
  b->operand_types[0] = mt;
  return ob_result(p, b, vt);
}

/* `vector.store %v, %base[%i] : memref<..>, vector<..>` */
static tsr_status p_vector_store(text_parser *p, op_builder *b) {
  TSR_TRY(ob_parse_operand(p, b));
  TSR_TRY(text_expect(p, ','));
  int first, n;
  TSR_TRY(indexed_base(p, b, &first, &n));
  tsr_ir_type *mt, *vt;
  TSR_TRY(memref_vector_tail(p, b, &mt, &vt));
  b->operand_types[0] = vt;
  b->operand_types[1] = mt;
  return TSR_OK;
}

static tsr_status segment_sizes(text_parser *p, op_builder *b, const int32_t *sizes, int n) {
  return ob_attr(p, b, "operandSegmentSizes", tsr_ir_attr_dense_i32_new(p->ctx, sizes, n));
}

/* tpu.vector_load / tpu.vector_store:
 *   `$base[$indices] (, $value)? (masked $mask)? attr-dict : type($base), type(vec), type($mask)`
 * where the mask type is empty (hence the trailing comma Pallas prints) without a mask. */
static tsr_status p_tpu_vector_mem(text_parser *p, op_builder *b) {
  bool store = !strcmp(b->name, "tpu.vector_store");
  op_builder tmp;
  memset(&tmp, 0, sizeof tmp);
  int first, n;
  /* parse into tmp in source order, then reorder to the ODS operand order */
  tsr_status s = indexed_base(p, &tmp, &first, &n);
  operand_ref value = {0}, mask = {0};
  bool has_mask = false;
  if (s == TSR_OK && store) {
    s = text_expect(p, ',');
    if (s == TSR_OK) s = parse_value_ref(p, &value);
  }
  if (s == TSR_OK && text_accept_kw(p, "masked")) {
    has_mask = true;
    s = parse_value_ref(p, &mask);
  }
  if (s == TSR_OK) s = ob_opt_attr_dict(p, b);
  tsr_ir_type *mt = NULL, *vt = NULL, *kt = NULL;
  if (s == TSR_OK) s = text_expect(p, ':');
  if (s == TSR_OK) s = text_type(p, &mt);
  if (s == TSR_OK) s = text_expect(p, ',');
  if (s == TSR_OK) s = text_type(p, &vt);
  if (s == TSR_OK && text_accept(p, ',') && has_mask) s = text_type(p, &kt);
  if (s == TSR_OK && has_mask && !kt) s = text_error(p, "expected the mask type");
  if (s == TSR_OK && store) {
    s = ob_operand(p, b, &value);
    if (s == TSR_OK) b->operand_types[0] = vt;
  }
  for (int i = 0; s == TSR_OK && i < tmp.n_operands; i++) {
    s = ob_operand(p, b, &tmp.operands[i]);
    if (s == TSR_OK) b->operand_types[b->n_operands - 1] = i == 0 ? mt : tmp.operand_types[i];
  }
  if (s == TSR_OK && has_mask) {
    s = ob_operand(p, b, &mask);
    if (s == TSR_OK) b->operand_types[b->n_operands - 1] = kt;
  }
  if (s == TSR_OK) {
    int32_t store_sizes[4] = {1, 1, n, has_mask}, load_sizes[3] = {1, n, has_mask};
    s = store ? segment_sizes(p, b, store_sizes, 4) : segment_sizes(p, b, load_sizes, 3);
  }
  if (s == TSR_OK && !store) s = ob_result(p, b, vt);
  free(tmp.operands);
  free(tmp.operand_types);
  return s;
}

/* `scf.if %c [-> (T..)] {..} [else {..}] {attrs}` */
static tsr_status p_scf_if(text_parser *p, op_builder *b) {
  TSR_TRY(ob_parse_operand(p, b));
  b->operand_types[0] = tsr_ir_type_int(p->ctx, 1, TSR_IR_SIGNLESS);
  if (text_accept_str(p, "->")) {
    tsr_ir_type **t;
    int n;
    if (text_accept(p, '(')) {
      TSR_TRY(text_type_list(p, &t, &n));
      TSR_TRY(text_expect(p, ')'));
    } else {
      TSR_TRY(text_type_list(p, &t, &n));
    }
    for (int i = 0; i < n; i++) TSR_TRY(ob_result(p, b, t[i]));
  }
  TSR_TRY(ob_region(p, b, NULL, 0));
  if (!b->n_results) TSR_TRY(ob_implicit_terminator(p, b, "scf.yield"));
  if (text_accept_kw(p, "else")) {
    TSR_TRY(ob_region(p, b, NULL, 0));
    if (!b->n_results) TSR_TRY(ob_implicit_terminator(p, b, "scf.yield"));
  } else {
    TSR_TRY(ob_empty_region(p, b));
  }
  return ob_opt_attr_dict(p, b);
}

/* ---- StableHLO ------------------------------------------------------------------------ */

/* `op %a, %b {attrs} : T` or `: (T, T) -> R` */
static tsr_status p_same(text_parser *p, op_builder *b) {
  TSR_TRY(ob_parse_operand_list(p, b, true));
  TSR_TRY(ob_opt_attr_dict(p, b));
  return ob_same_or_function_type(p, b, 1);
}

static tsr_status p_hlo_iota(text_parser *p, op_builder *b) {
  TSR_TRY(expect_kw_eq(p, "dim"));
  int64_t d;
  TSR_TRY(text_int(p, &d));
  TSR_TRY(attr_i64(p, b, "iota_dimension", d));
  TSR_TRY(ob_opt_attr_dict(p, b));
  TSR_TRY(text_expect(p, ':'));
  tsr_ir_type *t;
  TSR_TRY(text_type(p, &t));
  return ob_result(p, b, t);
}

static tsr_status p_hlo_broadcast_in_dim(text_parser *p, op_builder *b) {
  TSR_TRY(ob_parse_operand(p, b));
  TSR_TRY(text_expect(p, ','));
  TSR_TRY(expect_kw_eq(p, "dims"));
  int64_t v[64];
  int n;
  TSR_TRY(int_list(p, v, 64, &n));
  TSR_TRY(ob_attr(p, b, "broadcast_dimensions", dense_i64_array(p, v, n)));
  TSR_TRY(ob_opt_attr_dict(p, b));
  return ob_same_or_function_type(p, b, 1);
}

static tsr_status p_hlo_slice(text_parser *p, op_builder *b) {
  TSR_TRY(ob_parse_operand(p, b));
  TSR_TRY(text_expect(p, '['));
  int64_t start[64], limit[64], stride[64];
  int n = 0;
  if (!text_accept(p, ']')) {
    do {
      if (n == 64) return text_error(p, "too many slice dimensions");
      TSR_TRY(text_int(p, &start[n]));
      TSR_TRY(text_expect(p, ':'));
      TSR_TRY(text_int(p, &limit[n]));
      stride[n] = 1;
      if (text_accept(p, ':')) TSR_TRY(text_int(p, &stride[n]));
      n++;
    } while (text_accept(p, ','));
    TSR_TRY(text_expect(p, ']'));
  }
  TSR_TRY(ob_attr(p, b, "start_indices", dense_i64_array(p, start, n)));
  TSR_TRY(ob_attr(p, b, "limit_indices", dense_i64_array(p, limit, n)));
  TSR_TRY(ob_attr(p, b, "strides", dense_i64_array(p, stride, n)));
  TSR_TRY(ob_opt_attr_dict(p, b));
  return ob_same_or_function_type(p, b, 1);
}

static tsr_status p_hlo_concatenate(text_parser *p, op_builder *b) {
  do {
    if (text_peek(p) != '%') break;
    TSR_TRY(ob_parse_operand(p, b));
  } while (text_accept(p, ','));
  TSR_TRY(expect_kw_eq(p, "dim"));
  int64_t d;
  TSR_TRY(text_int(p, &d));
  TSR_TRY(attr_i64(p, b, "dimension", d));
  TSR_TRY(ob_opt_attr_dict(p, b));
  return ob_same_or_function_type(p, b, 1);
}

static tsr_status hlo_enum(text_parser *p, op_builder *b, const char *mnemonic, const char *attr_name) {
  const char *kw;
  size_t n;
  if (!text_bare_id(p, &kw, &n)) return text_error(p, "expected a %s", mnemonic);
  char buf[64];
  if (n >= sizeof buf) return text_error(p, "bad %s", mnemonic);
  memcpy(buf, kw, n);
  buf[n] = 0;
  tsr_ir_attr *a = dialect_enum_new(p->ctx, "stablehlo", mnemonic, buf);
  if (!a) return text_error(p, "bad %s '%s'", mnemonic, buf);
  a->u.enm.opaque_form = true;
  return ob_attr(p, b, attr_name, a);
}

/* `stablehlo.compare EQ, %a, %b, SIGNED : (T, T) -> R` */
static tsr_status p_hlo_compare(text_parser *p, op_builder *b) {
  TSR_TRY(hlo_enum(p, b, "comparison_direction", "comparison_direction"));
  TSR_TRY(text_expect(p, ','));
  TSR_TRY(ob_parse_operand(p, b));
  TSR_TRY(text_expect(p, ','));
  TSR_TRY(ob_parse_operand(p, b));
  if (text_accept(p, ',')) TSR_TRY(hlo_enum(p, b, "comparison_type", "compare_type"));
  TSR_TRY(ob_opt_attr_dict(p, b));
  TSR_TRY(text_expect(p, ':'));
  if (text_peek(p) == '(') return ob_types_after_colon(p, b, 1);
  tsr_ir_type *t;
  TSR_TRY(text_type(p, &t));
  ob_all_operands(b, t);
  return ob_result(p, b, i1_like(p, t));
}

/* `stablehlo.custom_call @target(%a, ...) {attrs} : (T..) -> R` */
static tsr_status p_hlo_custom_call(text_parser *p, op_builder *b) {
  TSR_TRY(text_expect(p, '@'));
  const char *target;
  TSR_TRY(text_symbol_name(p, &target));
  TSR_TRY(attr_string(p, b, "call_target_name", target));
  return call_tail(p, b);
}

/* `stablehlo.reduce(%x init: %i) applies stablehlo.add across dimensions = [..] : (T, I) -> R`:
 * the body is one block (acc, x) of the init's type applying the named op. */
static tsr_status p_hlo_reduce(text_parser *p, op_builder *b) {
  operand_ref in, init;
  TSR_TRY(text_expect(p, '('));
  TSR_TRY(parse_value_ref(p, &in));
  TSR_TRY(expect_kw(p, "init"));
  TSR_TRY(text_expect(p, ':'));
  TSR_TRY(parse_value_ref(p, &init));
  TSR_TRY(text_expect(p, ')'));
  if (text_peek(p) == ',') return text_error(p, "reduce with several inputs is only supported in the generic form");
  TSR_TRY(ob_operand(p, b, &in));
  TSR_TRY(ob_operand(p, b, &init));
  TSR_TRY(expect_kw(p, "applies"));
  const char *body_op;
  size_t body_len;
  if (!text_bare_id(p, &body_op, &body_len)) return text_error(p, "expected the op the reduction applies");
  TSR_TRY(expect_kw(p, "across"));
  TSR_TRY(expect_kw_eq(p, "dimensions"));
  int64_t dims[64];
  int nd;
  TSR_TRY(int_list(p, dims, 64, &nd));
  TSR_TRY(ob_attr(p, b, "dimensions", dense_i64_array(p, dims, nd)));
  TSR_TRY(ob_opt_attr_dict(p, b));
  TSR_TRY(ob_same_or_function_type(p, b, 1));
  /* the body: ^bb0(%acc: I, %x: I): %r = op %acc, %x : I; stablehlo.return %r : I */
  tsr_ir_ctx *ctx = p->ctx;
  tsr_ir_type *it = b->operand_types[1];
  tsr_ir_region *r = tsr_ir_alloc(ctx, sizeof *r);
  tsr_ir_block *blk = tsr_ir_alloc(ctx, sizeof *blk);
  tsr_ir_block **blocks = tsr_ir_alloc(ctx, sizeof *blocks);
  char *name = tsr_ir_strdup(ctx, body_op, body_len);
  tsr_ir_op *op = name ? tsr_ir_op_new(ctx, name, 2, 1, 0, 0) : NULL;
  tsr_ir_op *ret = tsr_ir_op_new(ctx, "stablehlo.return", 1, 0, 0, 0);
  tsr_ir_attr *unknown = tsr_ir_attr_new(ctx, TSR_IR_ATTR_LOC_UNKNOWN);
  if (!r || !blk || !blocks || !op || !ret || !unknown) return nomem();
  blk->args = tsr_ir_alloc(ctx, 2 * sizeof(tsr_ir_value *));
  if (!blk->args) return nomem();
  blk->n_args = 2;
  for (int i = 0; i < 2; i++) {
    if (!(blk->args[i] = tsr_ir_value_new(p->m, it))) return nomem();
    blk->args[i]->block = blk;
    blk->args[i]->index = i;
    blk->args[i]->loc = unknown;
    blk->args[i]->defined = true;
    tsr_ir_op_set_operand(op, i, blk->args[i]);
  }
  if (!(op->results[0] = tsr_ir_value_new(p->m, it))) return nomem();
  op->results[0]->def_op = op;
  op->results[0]->defined = true;
  op->loc = ret->loc = unknown;
  tsr_ir_op_set_operand(ret, 0, op->results[0]);
  tsr_ir_block_append(blk, op);
  tsr_ir_block_append(blk, ret);
  blocks[0] = blk;
  blk->parent = r;
  r->n_blocks = 1;
  r->blocks = blocks;
  return ptr_push(&b->regions, r) ? TSR_OK : nomem();
}

/* ---- table --------------------------------------------------------------------------- */

typedef tsr_status (*pretty_fn)(text_parser *p, op_builder *b);

static const struct {
  const char *spelling; /* as written (default-dialect short forms included) */
  const char *name;     /* the op's full name */
  pretty_fn parse;
} pretty_ops[] = {
    {"module", "builtin.module", p_module},
    {"builtin.module", "builtin.module", p_module},
    {"func.func", "func.func", p_func},
    {"return", "func.return", p_return_like},
    {"func.return", "func.return", p_return_like},
    {"call", "func.call", p_call},
    {"func.call", "func.call", p_call},
    {"scf.yield", "scf.yield", p_return_like},
    {"scf.if", "scf.if", p_scf_if},
    {"tpu.yield", "tpu.yield", p_return_like},
    {"stablehlo.return", "stablehlo.return", p_return_like},
    {"arith.constant", "arith.constant", p_constant},
    {"stablehlo.constant", "stablehlo.constant", p_constant},
    {"arith.cmpi", "arith.cmpi", p_arith_cmp},
    {"arith.cmpf", "arith.cmpf", p_arith_cmp},
    {"arith.select", "arith.select", p_select},
    {"vector.load", "vector.load", p_vector_load},
    {"vector.store", "vector.store", p_vector_store},
    {"vector.broadcast", "vector.broadcast", p_cast},
    {"tpu.vector_store", "tpu.vector_store", p_tpu_vector_mem},
    {"tpu.vector_load", "tpu.vector_load", p_tpu_vector_mem},
    {"stablehlo.iota", "stablehlo.iota", p_hlo_iota},
    {"stablehlo.broadcast_in_dim", "stablehlo.broadcast_in_dim", p_hlo_broadcast_in_dim},
    {"stablehlo.slice", "stablehlo.slice", p_hlo_slice},
    {"stablehlo.concatenate", "stablehlo.concatenate", p_hlo_concatenate},
    {"stablehlo.compare", "stablehlo.compare", p_hlo_compare},
    {"stablehlo.select", "stablehlo.select", p_select},
    {"stablehlo.custom_call", "stablehlo.custom_call", p_hlo_custom_call},
    {"stablehlo.reduce", "stablehlo.reduce", p_hlo_reduce},
};

/* Ops whose pretty form is `%a, %b {attrs} : T` or the functional type. */
static const char *const arith_same_ops[] = {
    "addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf", "negf",
    "addi", "subi", "muli", "divsi", "divui", "remsi", "remui", "andi", "ori", "xori", "shli",
    "shrsi", "shrui", "maxsi", "minsi", "maxui", "minui", "ceildivsi", "floordivsi", NULL};
static const char *const arith_casts[] = {
    "extui", "extsi", "extf", "trunci", "truncf", "sitofp", "uitofp", "fptosi", "fptoui",
    "index_cast", "index_castui", "bitcast", NULL};
static const char *const hlo_same_ops[] = {
    "add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum", "and", "or",
    "xor", "power", "atan2", "shift_left", "shift_right_arithmetic", "shift_right_logical",
    "convert", "reshape", "negate", "abs", "exponential", "log", "sqrt", "rsqrt", "tanh",
    "logistic", "not", "floor", "ceil", "sign", "cosine", "sine", "round_nearest_even",
    "is_finite", "exponential_minus_one", "log_plus_one", "bitcast_convert", NULL};

tsr_status pretty_op_parse(text_parser *p, const char *name, size_t len, op_builder *b) {
  for (size_t i = 0; i < sizeof pretty_ops / sizeof pretty_ops[0]; i++)
    if (strlen(pretty_ops[i].spelling) == len && !memcmp(pretty_ops[i].spelling, name, len)) {
      b->name = tsr_ir_intern(p->ctx, pretty_ops[i].name, strlen(pretty_ops[i].name));
      return b->name ? pretty_ops[i].parse(p, b) : nomem();
    }
  const char *dot = memchr(name, '.', len);
  if (!dot) return TSR_ERR_UNSUPPORTED;
  size_t dl = (size_t)(dot - name);
  char op[64];
  size_t ol = len - dl - 1;
  if (ol >= sizeof op) return TSR_ERR_UNSUPPORTED;
  memcpy(op, dot + 1, ol);
  op[ol] = 0;
  pretty_fn fn = NULL;
  if (dl == 5 && !memcmp(name, "arith", 5)) fn = in_list(arith_same_ops, op) ? p_arith_same : in_list(arith_casts, op) ? p_cast : NULL;
  if (dl == 9 && !memcmp(name, "stablehlo", 9) && in_list(hlo_same_ops, op)) fn = p_same;
  if (!fn) return TSR_ERR_UNSUPPORTED;
  b->name = tsr_ir_intern(p->ctx, name, len);
  return b->name ? fn(p, b) : nomem();
}
