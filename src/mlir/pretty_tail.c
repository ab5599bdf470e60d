/* Pretty forms of the Mosaic long tail, as the pinned jaxlib prints them: cf.br and
 * cf.cond_br (successors with their block arguments), vector.contract, and the tpu ops whose
 * formats no other form covers (scan, sort, gather, sublane_shuffle, the elementwise packs,
 * delay, trace_value). Each fills the mlir_op_builder the generic form fills, with the defaults
 * MLIR materializes (fastmath<none>, operandSegmentSizes), so text and bytecode of the same
 * kernel give equal IR. */
#include <stdio.h>
#include <string.h>

#include "mlir/op_parser.h"

/* `^bb1` or `^bb1(%a, %b : T, U)`: a successor and its operands (appended); *n gets their count. */
static tsr_status successor_with_args(mlir_text_parser *p, mlir_op_builder *b, int *n) {
  TSR_TRY(mlir_ob_successor(p, b));
  *n = 0;
  if (!mlir_text_accept(p, '(')) return TSR_OK;
  int first = b->n_operands;
  TSR_TRY(mlir_ob_parse_operand_list(p, b, false));
  TSR_TRY(mlir_text_expect(p, ':'));
  mlir_ir_type **t;
  int k;
  TSR_TRY(mlir_text_type_list(p, &t, &k));
  TSR_TRY(mlir_ob_set_operand_types(p, b, first, t, k));
  *n = b->n_operands - first;
  return mlir_text_expect(p, ')');
}

/* `cf.br ^bb1(%a : T)` */
tsr_status mlir_p_cf_br(mlir_text_parser *p, mlir_op_builder *b) {
  int n;
  TSR_TRY(successor_with_args(p, b, &n));
  return mlir_ob_opt_attr_dict(p, b);
}

/* `cf.cond_br %c, ^bb1(%a : T), ^bb2` (the condition is i1) */
tsr_status mlir_p_cf_cond_br(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  b->operand_types[0] = mlir_ir_type_int(p->ctx, 1, MLIR_IR_SIGNLESS);
  if (!b->operand_types[0]) return mlir_pf_nomem();
  int32_t sizes[3] = {1, 0, 0};
  int n;
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(successor_with_args(p, b, &n));
  sizes[1] = n;
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(successor_with_args(p, b, &n));
  sizes[2] = n;
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  return mlir_ob_attr(p, b, "operandSegmentSizes", mlir_ir_attr_dense_i32_new(p->ctx, sizes, 3));
}

/* `vector.contract {indexing_maps = [...], iterator_types = ["parallel", ...], kind = ...}
 * %lhs, %rhs, %acc {other attrs} : L, R into A`. The pretty form spells the iterator types as strings;
 * the op holds #vector.iterator_type<...> attributes. */
tsr_status mlir_p_vector_contract(mlir_text_parser *p, mlir_op_builder *b) {
  mlir_ir_attr *d;
  const char *at = p->cur;
  TSR_TRY(mlir_text_dict(p, &d));
  bool fastmath = false;
  for (int i = 0; i < d->u.dict.n; i++) {
    const mlir_ir_named_attr *e = &d->u.dict.entries[i];
    mlir_ir_attr *v = e->value;
    fastmath |= !strcmp(e->name, "fastmath");
    if (!strcmp(e->name, "iterator_types") && v->kind == MLIR_IR_ATTR_ARRAY) {
      mlir_ir_attr *arr = mlir_ir_attr_new(p->ctx, MLIR_IR_ATTR_ARRAY);
      mlir_ir_attr **el = mlir_ir_alloc(p->ctx, sizeof *el * (size_t)(v->u.array.n + 1));
      if (!arr || !el) return mlir_pf_nomem();
      for (int k = 0; k < v->u.array.n; k++) {
        const mlir_ir_attr *s = v->u.array.elems[k];
        el[k] = v->u.array.elems[k];
        if (s->kind != MLIR_IR_ATTR_STRING) continue;
        char full[96];
        if (s->u.string.len > 40) return mlir_text_error_at(p, at, "unknown iterator type");
        snprintf(full, sizeof full, "#vector.iterator_type<%.*s>", (int)s->u.string.len, s->u.string.data);
        if (mlir_text_parse_attr_entry(p->m, full, strlen(full), -1, &el[k]) != TSR_OK)
          return mlir_text_error_at(p, at, "not a valid iterator type: %s", full);
      }
      arr->u.array.n = v->u.array.n;
      arr->u.array.elems = el;
      v = arr;
    }
    TSR_TRY(mlir_ob_attr(p, b, e->name, v));
  }
  if (!fastmath) TSR_TRY(mlir_pf_attr_from_text(p, b, "fastmath", "#arith.fastmath<none>", at));
  TSR_TRY(mlir_ob_parse_operand_list(p, b, false));
  if (b->n_operands != 3 && b->n_operands != 5) return mlir_text_error(p, "vector.contract takes lhs, rhs, acc and optional masks");
  TSR_TRY(mlir_ob_opt_attr_dict(p, b)); /* attributes of other dialects (tpu's precision) */
  TSR_TRY(mlir_text_expect(p, ':'));
  mlir_ir_type *l, *r, *a;
  TSR_TRY(mlir_text_type(p, &l));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(mlir_text_type(p, &r));
  TSR_TRY(mlir_pf_expect_kw(p, "into"));
  TSR_TRY(mlir_text_type(p, &a));
  b->operand_types[0] = l;
  b->operand_types[1] = r;
  b->operand_types[2] = a;
  for (int k = 3; k < b->n_operands; k++) b->operand_types[k] = mlir_pf_i1_like(p, k == 3 ? l : r);
  return mlir_ob_result(p, b, a);
}

/* `-> R`: the result type */
static tsr_status arrow_result(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_text_expect(p, '-'));
  TSR_TRY(mlir_text_expect(p, '>'));
  mlir_ir_type *r;
  TSR_TRY(mlir_text_type(p, &r));
  return mlir_ob_result(p, b, r);
}

/* `<sum>` as #tpu.reduction_kind<sum> */
static tsr_status reduction_kind(mlir_text_parser *p, mlir_op_builder *b) {
  const char *at = p->cur, *kind;
  size_t n;
  TSR_TRY(mlir_text_expect(p, '<'));
  if (!mlir_text_bare_id(p, &kind, &n) || n > 32) return mlir_text_error(p, "expected a reduction kind");
  TSR_TRY(mlir_text_expect(p, '>'));
  char full[64];
  snprintf(full, sizeof full, "#tpu.reduction_kind<%.*s>", (int)n, kind);
  return mlir_pf_attr_from_text(p, b, "kind", full, at);
}

/* `tpu.scan <sum>, %x [masked %m] {attrs} : T, [M] -> R` */
tsr_status mlir_p_tpu_scan(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(reduction_kind(p, b));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(mlir_ob_parse_operand(p, b));
  bool masked = mlir_text_accept_kw(p, "masked");
  if (masked) TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  TSR_TRY(mlir_text_type(p, &b->operand_types[0]));
  TSR_TRY(mlir_text_expect(p, ','));
  if (masked) TSR_TRY(mlir_text_type(p, &b->operand_types[1]));
  return arrow_result(p, b);
}

/* `tpu.sort %k, %v [masked %m] {attrs} : (K, V[, M]) -> (M, K, V)` */
tsr_status mlir_p_tpu_sort(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand_list(p, b, false));
  if (b->n_operands != 2) return mlir_text_error(p, "tpu.sort takes keys and values");
  if (mlir_text_accept_kw(p, "masked")) TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  return mlir_ob_types_after_colon(p, b, 3);
}

/* `op %a, %b, ... {attrs} : A, B, ... -> R` */
tsr_status mlir_p_tpu_list_arrow(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand_list(p, b, false));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  mlir_ir_type **t;
  int n;
  TSR_TRY(mlir_text_type_list(p, &t, &n));
  TSR_TRY(mlir_ob_set_operand_types(p, b, 0, t, n));
  return arrow_result(p, b);
}

/* `%t : T -> R` after what precedes the attribute dictionary */
static tsr_status one_arrow_tail(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  TSR_TRY(mlir_text_type(p, &b->operand_types[0]));
  return arrow_result(p, b);
}

/* `tpu.gather %x[[0, 2, 1]] in 0 {attrs} : T -> R` */
tsr_status mlir_p_tpu_gather(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_text_expect(p, '['));
  TSR_TRY(mlir_pf_i32_array_attr(p, b, "indices"));
  TSR_TRY(mlir_text_expect(p, ']'));
  TSR_TRY(mlir_pf_expect_kw(p, "in"));
  TSR_TRY(mlir_pf_int_attr(p, b, "dimension", 32, MLIR_IR_SIGNLESS));
  return one_arrow_tail(p, b);
}

/* `tpu.sublane_shuffle %a, %b, [0, 8, ...] {attrs} : A, B -> R` */
tsr_status mlir_p_tpu_sublane_shuffle(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(mlir_pf_i32_array_attr(p, b, "pattern"));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  TSR_TRY(mlir_text_type(p, &b->operand_types[0]));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(mlir_text_type(p, &b->operand_types[1]));
  return arrow_result(p, b);
}

/* `tpu.unpack_elementwise %x, 1 {source_type = i16} : T -> R` */
tsr_status mlir_p_tpu_unpack_elementwise(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(mlir_pf_int_attr(p, b, "index", 32, MLIR_IR_SIGNLESS));
  return one_arrow_tail(p, b);
}

/* `tpu.delay %n {attrs}` (i32) */
tsr_status mlir_p_tpu_delay(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  if (!(b->operand_types[0] = mlir_pf_i32_type(p))) return mlir_pf_nomem();
  return mlir_ob_opt_attr_dict(p, b);
}

/* `tpu.trace_value %v, "label" {attrs} : T` */
tsr_status mlir_p_tpu_trace_value(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  TSR_TRY(mlir_text_expect(p, ','));
  TSR_TRY(mlir_pf_string_attr(p, b, "label"));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  TSR_TRY(mlir_text_expect(p, ':'));
  return mlir_text_type(p, &b->operand_types[0]);
}
