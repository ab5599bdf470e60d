/* The op-level text parser's interface between the generic grammar (parser.c) and the
 * table of pretty op syntaxes (pretty_ops.c). A pretty parser fills an op_builder exactly as
 * the generic form would, so both spellings give the same IR. */
#ifndef TSR_MLIR_OP_PARSER_H
#define TSR_MLIR_OP_PARSER_H

#include "mlir/text.h"

/* `%name` or `%name#k` before its type is known. */
typedef struct operand_ref {
  const char *name; /* interned, with the leading '%' */
  int index;        /* -1 without `#k` */
  const char *at;
} operand_ref;

/* A block argument being declared (func signatures, block headers). */
typedef struct arg_decl {
  operand_ref ref;
  tsr_ir_type *type;
  tsr_ir_attr *attrs; /* `{...}` after the type in a signature, or NULL */
  tsr_ir_attr *loc;
} arg_decl;

typedef struct op_builder {
  const char *name;
  operand_ref *operands;
  tsr_ir_type **operand_types;
  int n_operands, cap_operands;
  tsr_ir_type **result_types;
  int n_results, cap_results;
  ptr_list attrs; /* tsr_ir_named_attr* */
  tsr_ir_attr *attr_dict; /* a parsed `{...}` merged with `attrs` */
  tsr_ir_attr *props;
  ptr_list regions; /* tsr_ir_region* */
  ptr_list successors; /* tsr_ir_block* */
} op_builder;

tsr_status ob_operand(text_parser *p, op_builder *b, const operand_ref *ref);
/* Parses `%x` / `%x#k` and adds it as the next operand (type set later). */
tsr_status ob_parse_operand(text_parser *p, op_builder *b);
/* `%a, %b, ...` (possibly none when allow_empty). */
tsr_status ob_parse_operand_list(text_parser *p, op_builder *b, bool allow_empty);
/* Sets the types of operands [first, first+n) from a list; fails on a count mismatch. */
tsr_status ob_set_operand_types(text_parser *p, op_builder *b, int first, tsr_ir_type **t, int n);
/* Sets every operand's type to `t`. */
void ob_all_operands(op_builder *b, tsr_ir_type *t);
tsr_status ob_result(text_parser *p, op_builder *b, tsr_ir_type *t);
tsr_status ob_attr(text_parser *p, op_builder *b, const char *name, tsr_ir_attr *value);
/* An optional `{...}` attribute dictionary (merged into the op's attributes). */
tsr_status ob_opt_attr_dict(text_parser *p, op_builder *b);
/* `: (T, ...) -> R` or `: T` (applied to every operand and the results): the forms of
 * SameOperandsAndResultType ops. */
tsr_status ob_same_or_function_type(text_parser *p, op_builder *b, int n_results);
/* The same after the ':' was consumed. */
tsr_status ob_types_after_colon(text_parser *p, op_builder *b, int n_results);
/* A region `{...}`; entry-block arguments, when given, are declared in its scope. */
tsr_status ob_region(text_parser *p, op_builder *b, arg_decl *entry_args, int n_entry_args);
/* An empty region (zero blocks). */
tsr_status ob_empty_region(text_parser *p, op_builder *b);
/* Adds `name` as the terminator of every block of the last region that lacks `name` as
 * its last op (pretty forms elide implicit terminators such as scf.yield); an empty region
 * `{ }` gets one block holding just the terminator, as MLIR's parser builds it. */
tsr_status ob_implicit_terminator(text_parser *p, op_builder *b, const char *name);
/* Parses a value-use name into `ref` (no operand added). */
tsr_status parse_value_ref(text_parser *p, operand_ref *ref);

/* Pretty forms: parses the rest of op `name` (already consumed) into `b`. Returns
 * TSR_ERR_UNSUPPORTED (without consuming) when `name` has no known pretty syntax. */
tsr_status pretty_op_parse(text_parser *p, const char *name, size_t len, op_builder *b);
/* The parser of the pretty form of the op named name[0..len) (its full name), NULL when its
 * registry row (the .def files in src/ops) says it has none, or no registry knows it. */
typedef tsr_status (*pretty_fn)(text_parser *p, op_builder *b);
pretty_fn pretty_syntax_of(const char *name, size_t len);

#endif
