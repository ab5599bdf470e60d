/* The pretty forms of the Shardy (sdy) ops that jax.shard_map exports put around a
 * computation: the mesh, the manual computation and its terminator (sdy.return is
 * RETURN_LIKE), and the sharding annotations of an auto-sharded program. Their attributes stay the opaque text the generic form carries
 * (`#sdy.mesh<...>`, `#sdy.sharding_per_value<[...]>`, `#sdy<manual_axes{...}>`), so that
 * both spellings read to the same IR; src/hlo/sdy.c decodes that text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir/op_parser.h"

/* `<group>` or `[group]` etc. at the cursor, spelt as `prefix` + group + `suffix`, as the
 * attribute `name`. */
static tsr_status wrapped_attr(mlir_text_parser *p, mlir_op_builder *b, const char *name, const char *prefix, const char *suffix) {
  const char *at = p->cur, *g;
  size_t len;
  TSR_TRY(mlir_text_balanced(p, &g, &len));
  size_t pl = strlen(prefix), sl = strlen(suffix);
  char *text = malloc(pl + len + sl + 1);
  if (!text) return mlir_pf_nomem();
  memcpy(text, prefix, pl);
  memcpy(text + pl, g, len);
  memcpy(text + pl + len, suffix, sl + 1);
  tsr_status s = mlir_pf_attr_from_text(p, b, name, text, at);
  free(text);
  return s;
}

/* sdy.mesh @name = <["x"=4, ...]> {attrs} */
tsr_status mlir_p_sdy_mesh(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_text_expect(p, '@'));
  const char *name;
  TSR_TRY(mlir_text_symbol_name(p, &name));
  TSR_TRY(mlir_pf_attr_string(p, b, "sym_name", name));
  TSR_TRY(mlir_text_expect(p, '='));
  mlir_text_skip_ws(p);
  TSR_TRY(wrapped_attr(p, b, "mesh", "#sdy.mesh", ""));
  return mlir_ob_opt_attr_dict(p, b);
}

/* sdy.manual_computation(%a, ...) in_shardings=[...] out_shardings=[...] manual_axes={...}
 *   (%x: T loc(..), ...) { region } {attrs} : (T, ...) -> (R, ...) */
tsr_status mlir_p_sdy_manual_computation(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_text_expect(p, '('));
  if (!mlir_text_accept(p, ')')) {
    TSR_TRY(mlir_ob_parse_operand_list(p, b, false));
    TSR_TRY(mlir_text_expect(p, ')'));
  }
  static const struct { const char *kw, *prefix, *suffix; } parts[] = {
      {"in_shardings", "#sdy.sharding_per_value<", ">"},
      {"out_shardings", "#sdy.sharding_per_value<", ">"},
      {"manual_axes", "#sdy<manual_axes", ">"}};
  for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
    TSR_TRY(mlir_pf_expect_kw_eq(p, parts[i].kw));
    mlir_text_skip_ws(p);
    TSR_TRY(wrapped_attr(p, b, parts[i].kw, parts[i].prefix, parts[i].suffix));
  }
  TSR_TRY(mlir_text_expect(p, '('));
  mlir_arg_decl args[64];
  int n = 0;
  if (!mlir_text_accept(p, ')')) {
    do {
      if (n == 64) return mlir_text_error(p, "more than 64 arguments of a manual computation");
      mlir_arg_decl *a = &args[n++];
      memset(a, 0, sizeof *a);
      TSR_TRY(mlir_parse_value_ref(p, &a->ref));
      TSR_TRY(mlir_text_expect(p, ':'));
      TSR_TRY(mlir_text_type(p, &a->type));
      TSR_TRY(mlir_text_opt_trailing_loc(p, &a->loc));
    } while (mlir_text_accept(p, ','));
    TSR_TRY(mlir_text_expect(p, ')'));
  }
  TSR_TRY(mlir_ob_region(p, b, args, n));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  return mlir_ob_same_or_function_type(p, b, -1);
}

/* sdy.sharding_constraint %x <@mesh, [{"x"}, {}]> {attrs} : T (sdy.reshard alike): one operand,
 * one result of its type */
tsr_status mlir_p_sdy_sharding(mlir_text_parser *p, mlir_op_builder *b) {
  TSR_TRY(mlir_ob_parse_operand(p, b));
  mlir_text_skip_ws(p);
  TSR_TRY(wrapped_attr(p, b, "sharding", "#sdy.sharding", ""));
  TSR_TRY(mlir_ob_opt_attr_dict(p, b));
  return mlir_ob_same_or_function_type(p, b, 1);
}
