/* The op-level text parser's interface between the generic grammar (parser.c) and the
 * table of pretty op syntaxes (pretty_ops.c). A pretty parser fills an mlir_op_builder exactly as
 * the generic form would, so both spellings give the same IR. */
#ifndef TSR_MLIR_OP_PARSER_H
#define TSR_MLIR_OP_PARSER_H

#include "mlir/text.h"

/* `%name` or `%name#k` before its type is known. */
typedef struct mlir_operand_ref {
  const char *name; /* interned, with the leading '%' */
  int index;        /* -1 without `#k` */
  const char *at;
} mlir_operand_ref;

/* A block argument being declared (func signatures, block headers). */
typedef struct mlir_arg_decl {
  mlir_operand_ref ref;
  mlir_ir_type *type;
  mlir_ir_attr *attrs; /* `{...}` after the type in a signature, or NULL */
  mlir_ir_attr *loc;
} mlir_arg_decl;

typedef struct mlir_op_builder {
  const char *name;
  mlir_operand_ref *operands;
  mlir_ir_type **operand_types;
  int n_operands, cap_operands;
  mlir_ir_type **result_types;
  int n_results, cap_results;
  mlir_ptr_list attrs; /* mlir_ir_named_attr* */
  mlir_ir_attr *attr_dict; /* a parsed `{...}` merged with `attrs` */
  mlir_ir_attr *props;
  mlir_ptr_list regions; /* mlir_ir_region* */
  mlir_ptr_list successors; /* mlir_ir_block* */
} mlir_op_builder;

tsr_status mlir_ob_operand(mlir_text_parser *p, mlir_op_builder *b, const mlir_operand_ref *ref);
/* Parses `%x` / `%x#k` and adds it as the next operand (type set later). */
tsr_status mlir_ob_parse_operand(mlir_text_parser *p, mlir_op_builder *b);
/* `%a, %b, ...` (possibly none when allow_empty). */
tsr_status mlir_ob_parse_operand_list(mlir_text_parser *p, mlir_op_builder *b, bool allow_empty);
/* Sets the types of operands [first, first+n) from a list; fails on a count mismatch. */
tsr_status mlir_ob_set_operand_types(mlir_text_parser *p, mlir_op_builder *b, int first, mlir_ir_type **t, int n);
/* Sets every operand's type to `t`. */
void mlir_ob_all_operands(mlir_op_builder *b, mlir_ir_type *t);
tsr_status mlir_ob_result(mlir_text_parser *p, mlir_op_builder *b, mlir_ir_type *t);
tsr_status mlir_ob_attr(mlir_text_parser *p, mlir_op_builder *b, const char *name, mlir_ir_attr *value);
/* An optional `{...}` attribute dictionary (merged into the op's attributes). */
tsr_status mlir_ob_opt_attr_dict(mlir_text_parser *p, mlir_op_builder *b);
/* `: (T, ...) -> R` or `: T` (applied to every operand and the results): the forms of
 * SameOperandsAndResultType ops. */
tsr_status mlir_ob_same_or_function_type(mlir_text_parser *p, mlir_op_builder *b, int n_results);
/* The same after the ':' was consumed. */
tsr_status mlir_ob_types_after_colon(mlir_text_parser *p, mlir_op_builder *b, int n_results);
/* A region `{...}`; entry-block arguments, when given, are declared in its scope. */
tsr_status mlir_ob_region(mlir_text_parser *p, mlir_op_builder *b, mlir_arg_decl *entry_args, int n_entry_args);
/* An empty region (zero blocks). */
tsr_status mlir_ob_empty_region(mlir_text_parser *p, mlir_op_builder *b);
/* Adds `name` as the terminator of every block of the last region that lacks `name` as
 * its last op (pretty forms elide implicit terminators such as scf.yield); an empty region
 * `{ }` gets one block holding just the terminator, as MLIR's parser builds it. */
tsr_status mlir_ob_implicit_terminator(mlir_text_parser *p, mlir_op_builder *b, const char *name);
/* `^label`: the next successor of the op (a block of the enclosing region). */
tsr_status mlir_ob_successor(mlir_text_parser *p, mlir_op_builder *b);
/* Parses a value-use name into `ref` (no operand added). */
tsr_status mlir_parse_value_ref(mlir_text_parser *p, mlir_operand_ref *ref);

/* Pretty forms: parses the rest of op `name` (already consumed) into `b`. Returns
 * TSR_ERR_UNSUPPORTED (without consuming) when `name` has no known pretty syntax. */
tsr_status mlir_pretty_op_parse(mlir_text_parser *p, const char *name, size_t len, mlir_op_builder *b);
/* The parser of the pretty form of the op named name[0..len) (its full name), NULL when its
 * registry row (the .def files in src/ops) says it has none, or no registry knows it. */
typedef tsr_status (*mlir_pretty_fn)(mlir_text_parser *p, mlir_op_builder *b);
mlir_pretty_fn mlir_pretty_syntax_of(const char *name, size_t len);
/* Why tessera refuses the op named name[0..len) (src/ops/mosaic_refused.def), or NULL. */
const char *mlir_pretty_op_refusal(const char *name, size_t len);
/* Whether a registry (src/ops) lists the op named name[0..len). */
bool mlir_pretty_op_registered(const char *name, size_t len);

/* ---- helpers the pretty forms share (pretty_ops.c) ---- */
tsr_status mlir_pf_nomem(void);
mlir_ir_type *mlir_pf_i64_type(mlir_text_parser *p);
mlir_ir_type *mlir_pf_i32_type(mlir_text_parser *p);
tsr_status mlir_pf_attr_i64(mlir_text_parser *p, mlir_op_builder *b, const char *name, int64_t v);
tsr_status mlir_pf_attr_string(mlir_text_parser *p, mlir_op_builder *b, const char *name, const char *s);
/* A quoted string in the text, as the string attribute `name` */
tsr_status mlir_pf_string_attr(mlir_text_parser *p, mlir_op_builder *b, const char *name);
/* array<i64: ...> */
mlir_ir_attr *mlir_pf_dense_i64_array(mlir_text_parser *p, const int64_t *v, int n);
/* `[1, 0]` as an array<i32: ...> attribute named `name` */
tsr_status mlir_pf_i32_array_attr(mlir_text_parser *p, mlir_op_builder *b, const char *name);
/* `[1, 2]` as a list of integers. */
tsr_status mlir_pf_int_list(mlir_text_parser *p, int64_t *v, int cap, int *n);
tsr_status mlir_pf_expect_kw(mlir_text_parser *p, const char *kw);
/* `kw =` */
tsr_status mlir_pf_expect_kw_eq(mlir_text_parser *p, const char *kw);
/* i1 with the shape of `t` (comparisons). */
mlir_ir_type *mlir_pf_i1_like(mlir_text_parser *p, const mlir_ir_type *t);
/* `op {attrs} : T`: no operands (or none left to read), one result */
tsr_status mlir_pf_nullary(mlir_text_parser *p, mlir_op_builder *b);
/* `(%a, ...) {attrs} : (T..) -> R` after a callee or call target */
tsr_status mlir_pf_call_tail(mlir_text_parser *p, mlir_op_builder *b);
bool mlir_pf_ob_has_attr(const mlir_op_builder *b, const char *name);
/* A DefaultValuedAttr the printer elided: serialized IR carries it, so the parse adds it. */
tsr_status mlir_pf_default_int(mlir_text_parser *p, mlir_op_builder *b, const char *name, unsigned width, int64_t v);
/* A bare integer the format prints without its type. */
tsr_status mlir_pf_int_attr(mlir_text_parser *p, mlir_op_builder *b, const char *name, unsigned width, mlir_ir_signedness sg);
/* An attribute built from its full spelling, e.g. `#vector.kind<add>` from `<add>`. */
tsr_status mlir_pf_attr_from_text(mlir_text_parser *p, mlir_op_builder *b, const char *name, const char *text, const char *at);
/* `(%a = %init, ...)`: region arguments (mlir_arg_decl*, heap) paired with the op's operands. */
tsr_status mlir_pf_assigned_args(mlir_text_parser *p, mlir_op_builder *b, mlir_ptr_list *args);
/* The arg_decls of `l` in one array (heap; NULL when out of memory). */
mlir_arg_decl *mlir_pf_flat_args(const mlir_ptr_list *l, int extra_front);
void mlir_pf_free_args(mlir_ptr_list *l);

/* ---- StableHLO's, chlo's and check's forms (pretty_hlo.c) and sdy's (pretty_sdy.c):
 * X(form, parser) ---- */
#define MLIR_HLO_PRETTY_SYNTAXES(X)                                                                      \
  X(SAME, mlir_p_same) X(HLO_IOTA, mlir_p_hlo_iota) X(HLO_BROADCAST_IN_DIM, mlir_p_hlo_broadcast_in_dim)            \
  X(HLO_SLICE, mlir_p_hlo_slice) X(HLO_CONCATENATE, mlir_p_hlo_concatenate) X(HLO_COMPARE, mlir_p_hlo_compare)      \
  X(HLO_CUSTOM_CALL, mlir_p_hlo_custom_call) X(HLO_REDUCE, mlir_p_hlo_reduce) X(HLO_WHILE, mlir_p_hlo_while)         \
  X(HLO_DIMS, mlir_p_hlo_dims) X(HLO_PAD, mlir_p_hlo_pad) X(HLO_DYNAMIC_SLICE, mlir_p_hlo_dynamic_slice)             \
  X(HLO_DOT_GENERAL, mlir_p_hlo_dot_general) X(HLO_CONVOLUTION, mlir_p_hlo_convolution) X(HLO_FFT, mlir_p_hlo_fft)    \
  X(HLO_RNG_BIT_GENERATOR, mlir_p_hlo_rng_bit_generator) X(HLO_REDUCE_PRECISION, mlir_p_hlo_reduce_precision)  \
  X(HLO_COMPOSITE, mlir_p_hlo_composite) X(HLO_OPTIMIZATION_BARRIER, mlir_p_hlo_optimization_barrier)          \
  X(HLO_CHOLESKY, mlir_p_hlo_cholesky) X(HLO_COMPLEX, mlir_p_hlo_complex) X(HLO_DIM, mlir_p_hlo_dim)                 \
  X(HLO_DYNAMIC_BROADCAST_IN_DIM, mlir_p_hlo_dynamic_broadcast_in_dim) X(CHLO_UNARY, mlir_p_chlo_unary)        \
  X(CHLO_BINARY, mlir_p_chlo_binary) X(CHLO_TOP_K, mlir_p_chlo_top_k) X(CHECK_PAIR, mlir_p_check_pair)              \
  X(CHECK_CONST, mlir_p_check_const) X(CHECK_CLOSE, mlir_p_check_close)                                    \
  X(SDY_MESH, mlir_p_sdy_mesh) X(SDY_MANUAL_COMPUTATION, mlir_p_sdy_manual_computation) X(SDY_SHARDING, mlir_p_sdy_sharding)
/* ---- branches, vector.contract, tpu scans and sorts (pretty_tail.c) ---- */
#define MLIR_TAIL_PRETTY_SYNTAXES(X)                                                                  \
  X(CF_BR, mlir_p_cf_br) X(CF_COND_BR, mlir_p_cf_cond_br) X(VECTOR_CONTRACT, mlir_p_vector_contract)              \
  X(TPU_SCAN, mlir_p_tpu_scan) X(TPU_SORT, mlir_p_tpu_sort) X(TPU_LIST_ARROW, mlir_p_tpu_list_arrow)                 \
  X(TPU_GATHER, mlir_p_tpu_gather) X(TPU_SUBLANE_SHUFFLE, mlir_p_tpu_sublane_shuffle)                          \
  X(TPU_UNPACK_ELEMENTWISE, mlir_p_tpu_unpack_elementwise) X(TPU_DELAY, mlir_p_tpu_delay)                       \
  X(TPU_TRACE_VALUE, mlir_p_tpu_trace_value)
#define X(form, fn) tsr_status fn(mlir_text_parser *p, mlir_op_builder *b);
MLIR_HLO_PRETTY_SYNTAXES(X)
MLIR_TAIL_PRETTY_SYNTAXES(X)
#undef X

#endif
