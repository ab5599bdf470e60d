/* Pretty (custom assembly) forms of StableHLO's ops, of the chlo ops JAX leaves in a module and
 * of StableHLO's test dialect (check), as StableHLO prints them (the ops' ODS formats and
 * stablehlo/dialect/AssemblyFormat.cpp); the pinned jaxlib's print of each is in
 * tests/hlo/pretty_forms.mlir, with its generic twin. Each form fills the mlir_op_builder the generic
 * form would: attributes under their ODS names and types (array<i64: ..> for dimension lists,
 * i64 for dimensions, #stablehlo<...> enums), so both spellings read to equal IR. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir/op_parser.h"

/* ---- StableHLO ------------------------------------------------------------------------ */

/* `op %a, %b {attrs} : T` or `: (T, T) -> R` */
tsr_status mlir_p_same(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand_list(p, b, true));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  return mlir_ob_same_or_function_type(p, b, 1);
}

tsr_status mlir_p_hlo_iota(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_pf_expect_kw_eq(p, "dim"));
  int64_t d;
  TSR_TRY(mlir_text_int(p, &d));
  TSR_TRY(mlir_pf_attr_i64(p, b, "iota_dimension", d));
  return mlir_pf_nullary(p, b);
}

tsr_status mlir_p_hlo_broadcast_in_dim(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(mlir_pf_expect_kw_eq(p, "dims"));
  int64_t v[64];
  int n;
  TSR_TRY(mlir_pf_int_list(p, v, 64, &n));
  TSR_TRY(mlir_ob_attr(p, b, "broadcast_dimensions", mlir_pf_dense_i64_array(p, v, n)));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  return mlir_ob_same_or_function_type(p, b, 1);
}

tsr_status mlir_p_hlo_slice(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_text_expect(p, '['));
  int64_t start[64], limit[64], stride[64];
  int n = 0;
  if (!mlir_text_accept(p, ']')) {
    do {
      if (n == 64) return mlir_text_error(p, "too many slice dimensions");
      TSR_TRY(mlir_text_int(p, &start[n]));
      TSR_TRY(mlir_text_expect(p, ':'));
      TSR_TRY(mlir_text_int(p, &limit[n]));
      stride[n] = 1;
      if (mlir_text_accept(p, ':')) TSR_TRY(mlir_text_int(p, &stride[n]));
      n++;
    } while (mlir_text_accept(p, ','));
    TSR_TRY(mlir_text_expect(p, ']'));
  }
  TSR_TRY(mlir_ob_attr(p, b, "start_indices", mlir_pf_dense_i64_array(p, start, n)));
  TSR_TRY(mlir_ob_attr(p, b, "limit_indices", mlir_pf_dense_i64_array(p, limit, n)));
  TSR_TRY(mlir_ob_attr(p, b, "strides", mlir_pf_dense_i64_array(p, stride, n)));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  return mlir_ob_same_or_function_type(p, b, 1);
}

tsr_status mlir_p_hlo_concatenate(mlir_text_parser *p, mlir_op_builder *b) {
  do {
    if (mlir_text_peek(p) != '%') break;
    TSR_TRY(mlir_ob_parse_operand(p, b));
  } while (mlir_text_accept(p, ','));
  TSR_TRY(mlir_pf_expect_kw_eq(p, "dim"));
  int64_t d;
  TSR_TRY(mlir_text_int(p, &d));
  TSR_TRY(mlir_pf_attr_i64(p, b, "dimension", d));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  return mlir_ob_same_or_function_type(p, b, 1);
}

static tsr_status hlo_enum(mlir_text_parser *p, mlir_op_builder *b, const char *mnemonic, const char *attr_name) {
  const char *kw;
  size_t n;
  if (!mlir_text_bare_id(p, &kw, &n)) return mlir_text_error(p, "expected a %s", mnemonic);
  char buf[64];
  if (n >= sizeof buf) return mlir_text_error(p, "bad %s", mnemonic);
  memcpy(buf, kw, n);
  buf[n] = 0;
  mlir_ir_attr *a = mlir_dialect_enum_new(p->ctx, "stablehlo", mnemonic, buf);
  if (!a) return mlir_text_error(p, "bad %s '%s'", mnemonic, buf);
  a->u.enm.opaque_form = true;
  return mlir_ob_attr(p, b, attr_name, a);
}

/* `stablehlo.compare EQ, %a, %b, SIGNED : (T, T) -> R` */
tsr_status mlir_p_hlo_compare(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(hlo_enum(p, b, "comparison_direction", "comparison_direction"));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(mlir_ob_parse_operand(p, b));
  if (mlir_text_accept(p, ',')) TSR_TRY(hlo_enum(p, b, "comparison_type", "compare_type"));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  if (mlir_text_peek(p) == '(') return mlir_ob_types_after_colon(p, b, 1);
  mlir_ir_type *t;
  TSR_TRY(mlir_text_type(p, &t));
  mlir_ob_all_operands(b, t);
  return mlir_ob_result(p, b, mlir_pf_i1_like(p, t));
}

/* `stablehlo.custom_call @target(%a, ...) {attrs} : (T..) -> R` */
tsr_status mlir_p_hlo_custom_call(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_text_expect(p, '@'));
  const char *target;
  TSR_TRY(mlir_text_symbol_name(p, &target));
  TSR_TRY(mlir_pf_attr_string(p, b, "call_target_name", target));
  return mlir_pf_call_tail(p, b);
}

/* `%a, %b, `: the n operands a form writes before its keywords, each followed by a comma. */
static tsr_status lead_operands(mlir_text_parser *p, mlir_op_builder *b, int n) {
  for (int i = 0; i < n; i++) {
    TSR_TRY(mlir_ob_parse_operand(p, b));
    TSR_TRY(mlir_text_expect(p, ','));
  }
  return TSR_OK;
}

/* An integer list after `kw =`, as array<i64: ...> named `attr`. */
static tsr_status kw_dims(mlir_text_parser *p, mlir_op_builder *b, const char *kw, const char *attr) {
  TSR_TRY(mlir_pf_expect_kw_eq(p, kw));
  int64_t v[64];
  int n;
  TSR_TRY(mlir_pf_int_list(p, v, 64, &n));
  mlir_ir_attr *a = mlir_pf_dense_i64_array(p, v, n);
  return a ? mlir_ob_attr(p, b, attr, a) : mlir_pf_nomem();
}

/* `(%a: T loc(..), %b: T)`-like pairs of the reducer: one block argument, `%x : T [loc]`. */
static tsr_status reducer_arg(mlir_text_parser *p, mlir_arg_decl *a) {
  TSR_TRY(mlir_parse_value_ref(p, &a->ref));
  TSR_TRY(mlir_text_expect(p, ':'));
  TSR_TRY(mlir_text_type(p, &a->type));
  return mlir_text_opt_trailing_loc(p, &a->loc);
}

/* The compact body `applies OP`: ^bb0(%acc: I, %x: I): %r = OP %acc, %x : I; return %r : I,
 * with I the 0-d tensor of the first input's element type. */
static tsr_status compact_reducer(mlir_text_parser *p, mlir_op_builder *b, const char *body_op, size_t body_len) {
  mlir_ir_ctx *ctx = p->ctx;
  const mlir_ir_type *in_t = b->operand_types[0];
  if (!mlir_ir_type_is_shaped(in_t)) return mlir_text_error(p, "reduce input is not a tensor");
  mlir_ir_type *it = mlir_ir_type_new(ctx, MLIR_IR_TYPE_TENSOR);
  if (!it) return mlir_pf_nomem();
  it->u.shaped.element = in_t->u.shaped.element;
  mlir_ir_region *r = mlir_ir_alloc(ctx, sizeof *r);
  mlir_ir_block *blk = mlir_ir_alloc(ctx, sizeof *blk);
  mlir_ir_block **blocks = mlir_ir_alloc(ctx, sizeof *blocks);
  char *name = mlir_ir_strdup(ctx, body_op, body_len);
  mlir_ir_op *op = name ? mlir_ir_op_new(ctx, name, 2, 1, 0, 0) : NULL;
  mlir_ir_op *ret = mlir_ir_op_new(ctx, "stablehlo.return", 1, 0, 0, 0);
  mlir_ir_attr *unknown = mlir_ir_attr_new(ctx, MLIR_IR_ATTR_LOC_UNKNOWN);
  if (!r || !blk || !blocks || !op || !ret || !unknown) return mlir_pf_nomem();
  blk->args = mlir_ir_alloc(ctx, 2 * sizeof(mlir_ir_value *));
  if (!blk->args) return mlir_pf_nomem();
  blk->n_args = 2;
  for (int i = 0; i < 2; i++) {
    if (!(blk->args[i] = mlir_ir_value_new(p->m, it))) return mlir_pf_nomem();
    blk->args[i]->block = blk;
    blk->args[i]->index = i;
    blk->args[i]->loc = unknown;
    blk->args[i]->defined = true;
    mlir_ir_op_set_operand(op, i, blk->args[i]);
  }
  if (!(op->results[0] = mlir_ir_value_new(p->m, it))) return mlir_pf_nomem();
  op->results[0]->def_op = op;
  op->results[0]->defined = true;
  op->loc = ret->loc = unknown;
  mlir_ir_op_set_operand(ret, 0, op->results[0]);
  mlir_ir_block_append(blk, op);
  mlir_ir_block_append(blk, ret);
  blocks[0] = blk;
  blk->parent = r;
  r->n_blocks = 1;
  r->blocks = blocks;
  return mlir_ptr_push(&b->regions, r) ? TSR_OK : mlir_pf_nomem();
}

/* `stablehlo.reduce(%x init: %i), (%y init: %j) across dimensions = [..] {attrs} : (T..) -> R
 *    reducer(%a: I, %c: I) (%b: J, %d: J) { body }`
 * or, for a body of one binary op, `... applies stablehlo.add across dimensions = ...` with no
 * reducer. Operands are the inputs, then the inits; the reducer's pairs are block arguments k
 * and k + N. */
tsr_status mlir_p_hlo_reduce(mlir_text_parser *p, mlir_op_builder *b) {
  mlir_ptr_list inits = {0};
  tsr_status s = TSR_OK;
  do {
    mlir_operand_ref *init = calloc(1, sizeof *init);
    if (!init || !mlir_ptr_push(&inits, init)) { free(init); s = mlir_pf_nomem(); break; }
    if ((s = mlir_text_expect(p, '(')) != TSR_OK || (s = mlir_ob_parse_operand(p, b)) != TSR_OK ||
        (s = mlir_pf_expect_kw(p, "init")) != TSR_OK || (s = mlir_text_expect(p, ':')) != TSR_OK ||
        (s = mlir_parse_value_ref(p, init)) != TSR_OK || (s = mlir_text_expect(p, ')')) != TSR_OK)
      break;
  } while (mlir_text_accept(p, ','));
  for (int i = 0; s == TSR_OK && i < inits.n; i++) s = mlir_ob_operand(p, b, inits.items[i]);
  int n = inits.n;
  for (int i = 0; i < inits.n; i++) free(inits.items[i]);
  free(inits.items);
  TSR_TRY(s);
  const char *body_op = NULL;
  size_t body_len = 0;
  if (mlir_text_accept_kw(p, "applies")) {
    if (n != 1) return mlir_text_error(p, "a compact reduce ('applies') takes one input");
    if (!mlir_text_bare_id(p, &body_op, &body_len)) return mlir_text_error(p, "expected the op the reduction applies");
  }
  TSR_TRY(mlir_pf_expect_kw(p, "across"));
  TSR_TRY(kw_dims(p, b, "dimensions", "dimensions"));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  if (mlir_text_peek(p) != '(') return mlir_text_error(p, "expected a function type");
  TSR_TRY(mlir_ob_types_after_colon(p, b, -1));
  if (body_op) return compact_reducer(p, b, body_op, body_len);
  TSR_TRY(mlir_pf_expect_kw(p, "reducer"));
  mlir_arg_decl *args = calloc((size_t)(2 * n) + 1, sizeof *args);
  if (!args) return mlir_pf_nomem();
  for (int k = 0; k < n && s == TSR_OK; k++) {
    if ((s = mlir_text_expect(p, '(')) != TSR_OK || (s = reducer_arg(p, &args[k])) != TSR_OK ||
        (s = mlir_text_expect(p, ',')) != TSR_OK || (s = reducer_arg(p, &args[k + n])) != TSR_OK)
      break;
    s = mlir_text_expect(p, ')');
  }
  if (s == TSR_OK) s = mlir_ob_region(p, b, args, 2 * n);
  free(args);
  return s;
}

/* `stablehlo.while(%a = %x, ...) : T, ... [attributes {..}] cond { .. } do { .. }`: the
 * named values are the block arguments of both regions. */
tsr_status mlir_p_hlo_while(mlir_text_parser *p, mlir_op_builder *b) {
  mlir_ptr_list args = {0};
  tsr_status s = mlir_pf_assigned_args(p, b, &args);
  mlir_ir_type **types = NULL;
  int n = 0;
  if (s == TSR_OK && args.n) {
    if ((s = mlir_text_expect(p, ':')) == TSR_OK) s = mlir_text_type_list(p, &types, &n);
    if (s == TSR_OK && n != args.n) s = mlir_text_error(p, "expected %d types, got %d", args.n, n);
    if (s == TSR_OK) s = mlir_ob_set_operand_types(p, b, 0, types, n);
    for (int i = 0; s == TSR_OK && i < n; i++) {
      ((mlir_arg_decl *)args.items[i])->type = types[i];
      s = mlir_ob_result(p, b, types[i]);
    }
  }
  if (s == TSR_OK && mlir_text_accept_kw(p, "attributes")) s = mlir_ob_opt_attr_dict(p, b);
  mlir_arg_decl *flat = s == TSR_OK ? mlir_pf_flat_args(&args, 0) : NULL;
  if (s == TSR_OK && !flat) s = mlir_pf_nomem();
  if (s == TSR_OK) s = mlir_pf_expect_kw(p, "cond");
  if (s == TSR_OK) s = mlir_ob_region(p, b, flat, args.n);
  if (s == TSR_OK) s = mlir_pf_expect_kw(p, "do");
  if (s == TSR_OK) s = mlir_ob_region(p, b, flat, args.n);
  free(flat);
  mlir_pf_free_args(&args);
  return s;
}

/* `%x, dims = [..] {attrs} : types`: transpose (its permutation) and reverse (its dimensions). */
tsr_status mlir_p_hlo_dims(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(lead_operands(p, b, 1));
  TSR_TRY(kw_dims(p, b, "dims", !strcmp(b->name, "stablehlo.transpose") ? "permutation" : "dimensions"));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  return mlir_ob_same_or_function_type(p, b, 1);
}

/* `stablehlo.pad %x, %v, low = [..], high = [..], interior = [..] : (T, T) -> R` */
tsr_status mlir_p_hlo_pad(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(lead_operands(p, b, 2));
  TSR_TRY(kw_dims(p, b, "low", "edge_padding_low"));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(kw_dims(p, b, "high", "edge_padding_high"));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(kw_dims(p, b, "interior", "interior_padding"));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  return mlir_ob_same_or_function_type(p, b, 1);
}

/* `stablehlo.dynamic_slice %x, %i, %j, sizes = [..] : (T, I, I) -> R` */
tsr_status mlir_p_hlo_dynamic_slice(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_text_expect(p, ','));
  while (mlir_text_peek(p) == '%') {
    TSR_TRY(mlir_ob_parse_operand(p, b));
    TSR_TRY(mlir_text_expect(p, ','));
  }
  TSR_TRY(kw_dims(p, b, "sizes", "slice_sizes"));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  return mlir_ob_same_or_function_type(p, b, 1);
}

/* An enum attribute of StableHLO written as its bare keyword (`FFT`, `DEFAULT`), stored as
 * the generic form prints it: #stablehlo<mnemonic KEYWORD>. */
static tsr_status hlo_enum_kw(mlir_text_parser *p, mlir_op_builder *b, const char *kw, const char *mnemonic, const char *attr) {
  TSR_TRY(mlir_pf_expect_kw_eq(p, kw));
  return hlo_enum(p, b, mnemonic, attr);
}

/* `[1, 2] x [0, 3]`: the lhs and rhs halves of a dot dimension pair. */
static tsr_status lhs_rhs(mlir_text_parser *p, mlir_ir_field *l, mlir_ir_field *r) {
  int64_t v[2][64];
  int n[2];
  TSR_TRY(mlir_pf_int_list(p, v[0], 64, &n[0]));
  TSR_TRY(mlir_pf_expect_kw(p, "x"));
  TSR_TRY(mlir_pf_int_list(p, v[1], 64, &n[1]));
  mlir_ir_field *f[2] = {l, r};
  for (int k = 0; k < 2; k++) {
    f[k]->present = true;
    f[k]->n = n[k];
    f[k]->values = mlir_ir_alloc(p->ctx, sizeof(int64_t) * (size_t)(n[k] ? n[k] : 1));
    if (!f[k]->values) return mlir_pf_nomem();
    memcpy(f[k]->values, v[k], sizeof(int64_t) * (size_t)n[k]);
  }
  return TSR_OK;
}

/* `%a, %b, [batching_dims = [..] x [..], ]contracting_dims = [..] x [..][, precision = [A, B]]
 * [, algorithm = <..>] {attrs} : (L, R) -> T` */
tsr_status mlir_p_hlo_dot_general(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(lead_operands(p, b, 2));
  static const char *const names[] = {"lhs_batching_dimensions", "rhs_batching_dimensions",
                                      "lhs_contracting_dimensions", "rhs_contracting_dimensions"};
  mlir_ir_attr *dims = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_FIELDS);
  mlir_ir_field *f = mlir_ir_alloc(p->ctx, 4 * sizeof *f);
  if (!dims || !f) return mlir_pf_nomem();
  for (int k = 0; k < 4; k++) f[k].name = mlir_ir_intern(p->ctx, names[k], strlen(names[k]));
  dims->u.fields.dialect = mlir_ir_intern(p->ctx, "stablehlo", 9);
  dims->u.fields.mnemonic = mlir_ir_intern(p->ctx, "dot", 3);
  dims->u.fields.n = 4;
  dims->u.fields.fields = f;
  if (mlir_text_accept_kw(p, "batching_dims")) {
    TSR_TRY(mlir_text_expect(p, '='));
    TSR_TRY(lhs_rhs(p, &f[0], &f[1]));
    TSR_TRY(mlir_text_expect(p, ','));
  }
  TSR_TRY(mlir_pf_expect_kw_eq(p, "contracting_dims"));
  TSR_TRY(lhs_rhs(p, &f[2], &f[3]));
  TSR_TRY(mlir_ob_attr(p, b, "dot_dimension_numbers", dims));
  while (mlir_text_accept(p, ',')) {
    if (mlir_text_accept_kw(p, "algorithm")) {
      TSR_TRY(mlir_text_expect(p, '='));
      const char *at = p->cur, *body;
      size_t len;
      TSR_TRY(mlir_text_balanced(p, &body, &len));
      char *spelled = malloc(len + 32);
      if (!spelled) return mlir_pf_nomem();
      snprintf(spelled, len + 32, "#stablehlo.dot_algorithm%.*s", (int)len, body);
      tsr_status s = mlir_pf_attr_from_text(p, b, "algorithm", spelled, at);
      free(spelled);
      TSR_TRY(s);
      continue;
    }
    TSR_TRY(mlir_pf_expect_kw_eq(p, "precision"));
    TSR_TRY(mlir_text_expect(p, '['));
    mlir_ptr_list precs = {0};
    tsr_status s = TSR_OK;
    if (!mlir_text_accept(p, ']')) {
      do {
        mlir_op_builder tmp = {0};
        s = hlo_enum(p, &tmp, "precision", "precision");
        if (s == TSR_OK && !mlir_ptr_push(&precs, ((mlir_ir_named_attr *)tmp.attrs.items[0])->value)) s = mlir_pf_nomem();
        free(tmp.attrs.items); /* the named attribute itself lives in the arena */
      } while (s == TSR_OK && mlir_text_accept(p, ','));
      if (s == TSR_OK) s = mlir_text_expect(p, ']');
    }
    mlir_ir_attr *arr = s == TSR_OK ? mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_ARRAY) : NULL;
    if (s == TSR_OK && !arr) s = mlir_pf_nomem();
    if (s == TSR_OK) {
      arr->u.array.n = precs.n;
      arr->u.array.elems = (mlir_ir_attr **)mlir_ptr_finish(p, &precs);
      if (!arr->u.array.elems) s = mlir_pf_nomem();
    } else {
      free(precs.items);
    }
    if (s == TSR_OK) s = mlir_ob_attr(p, b, "precision_config", arr);
    TSR_TRY(s);
  }
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  return mlir_ob_same_or_function_type(p, b, 1);
}

/* `[b, 0, 1, f]`: a convolution's dimension labels, appended to `out` as written. */
static tsr_status conv_labels(mlir_text_parser *p, char *out, size_t cap) {
  TSR_TRY(mlir_text_expect(p, '['));
  strncat(out, "[", cap - strlen(out) - 1);
  bool first = true;
  while (!mlir_text_accept(p, ']')) {
    if (!first) {
      TSR_TRY(mlir_text_expect(p, ','));
      strncat(out, ", ", cap - strlen(out) - 1);
    }
    first = false;
    mlir_text_skip_ws(p);
    const char *s = p->cur;
    while (p->cur < p->end && (isalnum((unsigned char)*p->cur) || *p->cur == '?')) p->cur++;
    if (p->cur == s) return mlir_text_error(p, "expected a dimension label (b, f, i, o or a number)");
    if (strlen(out) + (size_t)(p->cur - s) + 2 >= cap) return mlir_text_error(p, "too many dimensions");
    strncat(out, s, (size_t)(p->cur - s));
  }
  strncat(out, "]", cap - strlen(out) - 1);
  return TSR_OK;
}

/* `[1, 2]` of integers (`true`/`false` too when `bools`) into array<i64: ..> / array<i1: ..>. */
static tsr_status window_list(mlir_text_parser *p, mlir_op_builder *b, const char *attr, bool bools) {
  if (!bools) {
    int64_t v[64];
    int n;
    TSR_TRY(mlir_pf_int_list(p, v, 64, &n));
    mlir_ir_attr *a = mlir_pf_dense_i64_array(p, v, n);
    return a ? mlir_ob_attr(p, b, attr, a) : mlir_pf_nomem();
  }
  char spelled[64 * 8] = "array<i1";
  TSR_TRY(mlir_text_expect(p, '['));
  const char *at = p->cur;
  bool first = true;
  while (!mlir_text_accept(p, ']')) {
    if (!first) TSR_TRY(mlir_text_expect(p, ','));
    bool v = mlir_text_accept_kw(p, "true");
    if (!v && !mlir_text_accept_kw(p, "false")) return mlir_text_error(p, "expected true or false");
    if (strlen(spelled) + 8 >= sizeof spelled) return mlir_text_error(p, "too many dimensions");
    strcat(spelled, first ? ": " : ", ");
    strcat(spelled, v ? "true" : "false");
    first = false;
  }
  strcat(spelled, ">");
  return mlir_pf_attr_from_text(p, b, attr, spelled, at);
}

/* `stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
 *  window = {stride = [..], pad = [[l, h], ..], lhs_dilate = [..], rhs_dilate = [..],
 *  reverse = [..]} {attrs} : (L, R) -> T` */
tsr_status mlir_p_hlo_convolution(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_text_expect(p, '('));
  TSR_TRY(mlir_ob_parse_operand_list(p, b, false));
  TSR_TRY(mlir_text_expect(p, ')'));
  TSR_TRY(mlir_pf_expect_kw_eq(p, "dim_numbers"));
  const char *at = p->cur;
  char dn[1024] = "#stablehlo.conv<";
  TSR_TRY(conv_labels(p, dn, sizeof dn));
  TSR_TRY(mlir_pf_expect_kw(p, "x"));
  strcat(dn, "x");
  TSR_TRY(conv_labels(p, dn, sizeof dn));
  if (!mlir_text_accept_str(p, "->")) return mlir_text_error(p, "expected '->'");
  strcat(dn, "->");
  TSR_TRY(conv_labels(p, dn, sizeof dn));
  strcat(dn, ">");
  TSR_TRY(mlir_pf_attr_from_text(p, b, "dimension_numbers", dn, at));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(mlir_pf_expect_kw_eq(p, "window"));
  TSR_TRY(mlir_text_expect(p, '{'));
  bool first = true;
  while (!mlir_text_accept(p, '}')) {
    if (!first) TSR_TRY(mlir_text_expect(p, ','));
    first = false;
    if (mlir_text_accept_kw(p, "stride")) {
      TSR_TRY(mlir_text_expect(p, '='));
      TSR_TRY(window_list(p, b, "window_strides", false));
    } else if (mlir_text_accept_kw(p, "lhs_dilate")) {
      TSR_TRY(mlir_text_expect(p, '='));
      TSR_TRY(window_list(p, b, "lhs_dilation", false));
    } else if (mlir_text_accept_kw(p, "rhs_dilate")) {
      TSR_TRY(mlir_text_expect(p, '='));
      TSR_TRY(window_list(p, b, "rhs_dilation", false));
    } else if (mlir_text_accept_kw(p, "reverse")) {
      TSR_TRY(mlir_text_expect(p, '='));
      TSR_TRY(window_list(p, b, "window_reversal", true));
    } else if (mlir_text_accept_kw(p, "pad")) {
      TSR_TRY(mlir_text_expect(p, '='));
      /* [[l, h], ...] as dense<[[l, h], ...]> : tensor<Nx2xi64> */
      const char *pat = p->cur, *body;
      size_t len;
      TSR_TRY(mlir_text_balanced(p, &body, &len));
      int rows = 0;
      for (size_t i = 1; i < len; i++) rows += body[i] == '[';
      char *spelled = malloc(len + 64);
      if (!spelled) return mlir_pf_nomem();
      snprintf(spelled, len + 64, "dense<%.*s> : tensor<%dx2xi64>", (int)len, body, rows);
      tsr_status s = mlir_pf_attr_from_text(p, b, "padding", spelled, pat);
      free(spelled);
      TSR_TRY(s);
    } else {
      return mlir_text_error(p, "expected stride, pad, lhs_dilate, rhs_dilate or reverse");
    }
  }
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  return mlir_ob_same_or_function_type(p, b, 1);
}

/* `stablehlo.fft %x, type = FFT, length = [..] {attrs} : (T) -> R` */
tsr_status mlir_p_hlo_fft(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(lead_operands(p, b, 1));
  TSR_TRY(hlo_enum_kw(p, b, "type", "fft_type", "fft_type"));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(kw_dims(p, b, "length", "fft_length"));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  return mlir_ob_same_or_function_type(p, b, 1);
}

/* `stablehlo.rng_bit_generator %s, algorithm = THREE_FRY {attrs} : (S) -> (S, T)` */
tsr_status mlir_p_hlo_rng_bit_generator(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(lead_operands(p, b, 1));
  TSR_TRY(hlo_enum_kw(p, b, "algorithm", "rng_algorithm", "rng_algorithm"));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  return mlir_ob_same_or_function_type(p, b, 2);
}

/* `stablehlo.reduce_precision %x, format = e5m10 {attrs} : T` (i32 exponent_bits and
 * mantissa_bits) */
tsr_status mlir_p_hlo_reduce_precision(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(lead_operands(p, b, 1));
  TSR_TRY(mlir_pf_expect_kw_eq(p, "format"));
  const char *kw;
  size_t n;
  const char *at = p->cur;
  if (!mlir_text_bare_id(p, &kw, &n)) return mlir_text_error(p, "expected a format e#m#");
  long e = -1, m = -1;
  char buf[32];
  int used = 0;
  if (n < sizeof buf) {
    memcpy(buf, kw, n);
    buf[n] = 0;
    if (sscanf(buf, "e%ldm%ld%n", &e, &m, &used) != 2 || (size_t)used != n) e = -1;
  }
  if (e < 0 || m < 0 || e > 1000000 || m > 1000000) return mlir_text_error_at(p, at, "expected exponent mantissa in format e#m#");
  mlir_ir_type *i32 = mlir_pf_i32_type(p);
  TSR_TRY(mlir_ob_attr(p, b, "exponent_bits", i32 ? mlir_ir_attr_int_new(p->ctx, i32, e) : NULL));
  TSR_TRY(mlir_ob_attr(p, b, "mantissa_bits", i32 ? mlir_ir_attr_int_new(p->ctx, i32, m) : NULL));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  return mlir_ob_same_or_function_type(p, b, 1);
}

/* `stablehlo.composite "name" %a, ... {composite_attributes = .., decomposition = @f} : (..) -> R` */
tsr_status mlir_p_hlo_composite(mlir_text_parser *p, mlir_op_builder *b) {
  if (mlir_text_peek(p) != '"') return mlir_text_error(p, "expected the composite's name (a string)");
  TSR_TRY(mlir_pf_string_attr(p, b, "name"));
  TSR_TRY(mlir_ob_parse_operand_list(p, b, true));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  return mlir_ob_same_or_function_type(p, b, -1);
}

/* `stablehlo.optimization_barrier {attrs} %a, %b : T, T` or `... ()` (no operands) */
tsr_status mlir_p_hlo_optimization_barrier(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  if (mlir_text_accept(p, '(')) return mlir_text_expect(p, ')');
  TSR_TRY(mlir_ob_parse_operand_list(p, b, false));
  TSR_TRY(mlir_text_expect(p, ':'));
  mlir_ir_type **t;
  int n;
  TSR_TRY(mlir_text_type_list(p, &t, &n));
  TSR_TRY(mlir_ob_set_operand_types(p, b, 0, t, n));
  for (int i = 0; i < n; i++) TSR_TRY(mlir_ob_result(p, b, t[i]));
  return TSR_OK;
}

/* `stablehlo.cholesky %a, lower = true {attrs} : T` */
tsr_status mlir_p_hlo_cholesky(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  if (mlir_text_accept(p, ',')) {
    TSR_TRY(mlir_pf_expect_kw_eq(p, "lower"));
    mlir_ir_attr *v;
    const char *at = p->cur;
    TSR_TRY(mlir_text_attr(p, &v));
    if (v->kind != MLIR_IR_ATTR_INTEGER) return mlir_text_error_at(p, at, "expected true or false");
    TSR_TRY(mlir_ob_attr(p, b, "lower", v));
  }
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  return mlir_ob_same_or_function_type(p, b, 1);
}

/* `stablehlo.complex %re, %im : C` (both operands of C's part type) or a function type */
tsr_status mlir_p_hlo_complex(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand_list(p, b, false));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  if (mlir_text_peek(p) == '(') return mlir_ob_types_after_colon(p, b, 1);
  const char *at = p->cur;
  mlir_ir_type *t;
  TSR_TRY(mlir_text_type(p, &t));
  const mlir_ir_type *e = mlir_ir_type_element(t);
  if (!mlir_ir_type_is_shaped(t) || !e || e->kind != MLIR_IR_TYPE_COMPLEX)
    return mlir_text_error_at(p, at, "expected a tensor of complex elements");
  mlir_ir_type *part = mlir_ir_type_new(p->ctx, t->kind);
  if (!part) return mlir_pf_nomem();
  *part = *t;
  part->u.shaped.element = e->u.complex_element;
  mlir_ob_all_operands(b, part);
  return mlir_ob_result(p, b, t);
}

/* `%x, dim = N {attrs} : (T) -> R`: get_dimension_size (its `dimension`) and dynamic_iota
 * (its `iota_dimension`; the operand is the output shape). */
tsr_status mlir_p_hlo_dim(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(lead_operands(p, b, 1));
  TSR_TRY(mlir_pf_expect_kw_eq(p, "dim"));
  int64_t d;
  TSR_TRY(mlir_text_int(p, &d));
  TSR_TRY(mlir_pf_attr_i64(p, b, !strcmp(b->name, "stablehlo.dynamic_iota") ? "iota_dimension" : "dimension", d));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  return mlir_ob_same_or_function_type(p, b, 1);
}

/* `stablehlo.dynamic_broadcast_in_dim %x, %shape, dims = [..] {attrs} : (T, S) -> R` */
tsr_status mlir_p_hlo_dynamic_broadcast_in_dim(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(lead_operands(p, b, 2));
  TSR_TRY(kw_dims(p, b, "dims", "broadcast_dimensions"));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  return mlir_ob_same_or_function_type(p, b, 1);
}

/* ---- chlo ------------------------------------------------------------------------------ */

/* `chlo.erf %x {attrs} : T -> R` */
tsr_status mlir_p_chlo_unary(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  mlir_ir_type *t, *r;
  TSR_TRY(mlir_text_type(p, &t));
  if (!mlir_text_accept_str(p, "->")) return mlir_text_error(p, "expected '->'");
  TSR_TRY(mlir_text_type(p, &r));
  mlir_ob_all_operands(b, t);
  return mlir_ob_result(p, b, r);
}

/* `chlo.next_after %x, %y {attrs} : T, T -> R` */
tsr_status mlir_p_chlo_binary(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  mlir_ir_type *t[2], *r;
  TSR_TRY(mlir_text_type(p, &t[0]));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(mlir_text_type(p, &t[1]));
  if (!mlir_text_accept_str(p, "->")) return mlir_text_error(p, "expected '->'");
  TSR_TRY(mlir_text_type(p, &r));
  TSR_TRY(mlir_ob_set_operand_types(p, b, 0, t, 2));
  return mlir_ob_result(p, b, r);
}

/* `chlo.top_k(%x, k = 2[, is_stable = true]) {attrs} : T -> (V, I)` */
tsr_status mlir_p_chlo_top_k(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_text_expect(p, '('));
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(mlir_pf_expect_kw_eq(p, "k"));
  TSR_TRY(mlir_pf_int_attr(p, b, "k", 64, MLIR_IR_SIGNLESS));
  if (mlir_text_accept(p, ',')) {
    TSR_TRY(mlir_pf_expect_kw_eq(p, "is_stable"));
    mlir_ir_attr *v;
    TSR_TRY(mlir_text_attr(p, &v));
    TSR_TRY(mlir_ob_attr(p, b, "is_stable", v));
  }
  TSR_TRY(mlir_text_expect(p, ')'));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  mlir_ir_type *t, *v, *i;
  TSR_TRY(mlir_text_type(p, &t));
  if (!mlir_text_accept_str(p, "->")) return mlir_text_error(p, "expected '->'");
  TSR_TRY(mlir_text_expect(p, '('));
  TSR_TRY(mlir_text_type(p, &v));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(mlir_text_type(p, &i));
  TSR_TRY(mlir_text_expect(p, ')'));
  mlir_ob_all_operands(b, t);
  TSR_TRY(mlir_ob_result(p, b, v));
  return mlir_ob_result(p, b, i);
}

/* ---- check (StableHLO's test dialect) ---------------------------------------------------- */

/* `check.expect_eq %a, %b : T`, `check.expect_almost_eq %a, %b [, tolerance = F] : T` */
tsr_status mlir_p_check_pair(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(mlir_ob_parse_operand(p, b));
  if (mlir_text_accept(p, ',')) {
    TSR_TRY(mlir_pf_expect_kw_eq(p, "tolerance"));
    mlir_ir_attr *tol;
    TSR_TRY(mlir_text_number_attr(p, mlir_ir_type_float(p->ctx, MLIR_IR_F64), &tol));
    TSR_TRY(mlir_ob_attr(p, b, "tolerance", tol));
  }
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  return mlir_ob_same_or_function_type(p, b, 0);
}

/* `check.expect_eq_const %a, dense<...> : T {attrs}` (the value's type is the operand's) */
tsr_status mlir_p_check_const(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_text_expect(p, ','));
  const char *at = p->cur;
  mlir_ir_attr *v;
  TSR_TRY(mlir_text_attr(p, &v));
  if (!v->type || v->kind != MLIR_IR_ATTR_DENSE) return mlir_text_error_at(p, at, "expected a typed dense value");
  TSR_TRY(mlir_ob_attr(p, b, "value", v));
  mlir_ob_all_operands(b, v->type);
  return mlir_ob_opt_attr_dict(p, b);
}

/* `check.expect_close %a, %b, max_ulp_difference = N [, min_ulp_difference = M] : T, T` (UI64
 * attributes) */
tsr_status mlir_p_check_close(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(mlir_ob_parse_operand(p, b));
  static const char *const names[] = {"max_ulp_difference", "min_ulp_difference"};
  for (int k = 0; k < 2 && mlir_text_accept(p, ','); k++) {
    TSR_TRY(mlir_pf_expect_kw_eq(p, names[k]));
    TSR_TRY(mlir_pf_int_attr(p, b, names[k], 64, MLIR_IR_UNSIGNED));
  }
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  mlir_ir_type **types;
  int n;
  TSR_TRY(mlir_text_type_list(p, &types, &n));
  return mlir_ob_set_operand_types(p, b, 0, types, n);
}
