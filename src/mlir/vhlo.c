/* VHLO ops into StableHLO: each `vhlo.<op>_v<N>` becomes `stablehlo.<op>` (func_v1, call_v1
 * and a function's return_v1 become func's ops) with its attributes as StableHLO spells them.
 * The attributes themselves are already builtin (vhlo_bytecode.c); what is left is op by op,
 * as StableHLO's VhloLegalizeToStablehlo pass does it: the defaults VHLO writes out are
 * dropped, dimension numbers spread over several VHLO attributes are gathered into one
 * (#stablehlo.dot, #stablehlo.gather, #stablehlo.scatter, #stablehlo.conv, channel handles),
 * integer lists that StableHLO keeps as dense arrays become `array<i64: ...>`, and names of
 * functions become symbol references. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "core/grow.h"
#include "mlir/vhlo.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "mlir/printer.h"
#include "mlir/text.h"

/* The VHLO ops tessera reads, with the attributes VhloOps.td declares for them (the
 * properties record each op carries from bytecode version 6 holds one per name): every op
 * current at the StableHLO version the plugin asks for (TSR_VHLO_*), and the first versions of
 * the unary ops whose second version only added result_accuracy. */
static const struct { const char *name, *attrs; } ops[] = {
    {"abs_v1", ""}, {"add_v1", ""}, {"after_all_v1", ""},
    {"all_gather_v2", "all_gather_dim,replica_groups,channel_id,use_global_device_ids"},
    {"all_reduce_v2", "replica_groups,channel_id,use_global_device_ids"},
    {"all_to_all_v2", "split_dimension,concat_dimension,split_count,replica_groups,channel_id"},
    {"and_v1", ""}, {"async_done_v1", ""}, {"async_start_v1", ""}, {"atan2_v1", ""},
    {"batch_norm_grad_v1", "epsilon,feature_index"}, {"batch_norm_inference_v1", "epsilon,feature_index"},
    {"batch_norm_training_v1", "epsilon,feature_index"}, {"bitcast_convert_v1", ""},
    {"broadcast_in_dim_v1", "broadcast_dimensions"}, {"broadcast_v1", "broadcast_sizes"},
    {"call_v1", "callee"}, {"case_v1", ""}, {"cbrt_v1", ""}, {"cbrt_v2", "result_accuracy"}, {"ceil_v1", ""},
    {"cholesky_v1", "lower"}, {"clamp_v1", ""}, {"collective_broadcast_v1", "replica_groups,channel_id"},
    {"collective_permute_v1", "source_target_pairs,channel_id"},
    {"compare_v1", "comparison_direction,compare_type"}, {"complex_v1", ""},
    {"composite_v2", "name,composite_attributes,decomposition,version"}, {"concatenate_v1", "dimension"},
    {"constant_v1", "value"}, {"convert_v1", ""},
    {"convolution_v1", "window_strides,padding,lhs_dilation,rhs_dilation,window_reversal,input_batch_dimension,input_feature_dimension,input_spatial_dimensions,kernel_input_feature_dimension,kernel_output_feature_dimension,kernel_spatial_dimensions,output_batch_dimension,output_feature_dimension,output_spatial_dimensions,feature_group_count,batch_group_count,precision_config"},
    {"cosine_v1", ""}, {"cosine_v2", "result_accuracy"}, {"count_leading_zeros_v1", ""},
    {"create_token_v1", ""}, {"cross-replica-sum_v1", "replica_groups"},
    {"custom_call_v1", "call_target_name,has_side_effect,backend_config,api_version,called_computations,operand_layouts,result_layouts,output_operand_aliases"},
    {"divide_v1", ""},
    {"dot_general_v2", "lhs_batching_dimensions,rhs_batching_dimensions,lhs_contracting_dimensions,rhs_contracting_dimensions,precision_config,lhs_precision_type,rhs_precision_type,accumulation_type,lhs_component_count,rhs_component_count,num_primitive_operations,allow_imprecise_accumulation"},
    {"dot_v1", ""},
    {"dynamic_broadcast_in_dim_v1", "broadcast_dimensions,known_expanding_dimensions,known_nonexpanding_dimensions"},
    {"dynamic_conv_v2", "window_strides,lhs_dilation,rhs_dilation,window_reversal,input_batch_dimension,input_feature_dimension,input_spatial_dimensions,kernel_input_feature_dimension,kernel_output_feature_dimension,kernel_spatial_dimensions,output_batch_dimension,output_feature_dimension,output_spatial_dimensions,feature_group_count,batch_group_count,precision_config"},
    {"dynamic_gather_v2", "offset_dims,collapsed_slice_dims,operand_batching_dims,start_indices_batching_dims,start_index_map,index_vector_dim,indices_are_sorted"},
    {"dynamic_iota_v1", "iota_dimension"}, {"dynamic_pad_v1", ""}, {"dynamic_reshape_v1", ""},
    {"dynamic_slice_v1", "slice_sizes"}, {"dynamic_update_slice_v1", ""}, {"einsum_v1", "einsum_config"},
    {"exponential_minus_one_v1", ""}, {"exponential_minus_one_v2", "result_accuracy"},
    {"exponential_v1", ""}, {"exponential_v2", "result_accuracy"}, {"fft_v1", "fft_type,fft_length"},
    {"floor_v1", ""}, {"func_v1", "sym_name,function_type,sym_visibility,arg_attrs,res_attrs"},
    {"gather_v2", "offset_dims,collapsed_slice_dims,operand_batching_dims,start_indices_batching_dims,start_index_map,index_vector_dim,slice_sizes,indices_are_sorted"},
    {"get_dimension_size_v1", "dimension"}, {"get_tuple_element_v1", "index"}, {"if_v1", ""},
    {"imag_v1", ""}, {"infeed_v1", "infeed_config,layout"}, {"iota_v1", "iota_dimension"},
    {"is_finite_v1", ""}, {"log_plus_one_v1", ""}, {"log_plus_one_v2", "result_accuracy"}, {"log_v1", ""},
    {"log_v2", "result_accuracy"}, {"logistic_v1", ""}, {"logistic_v2", "result_accuracy"},
    {"map_v1", "dimensions"}, {"maximum_v1", ""}, {"minimum_v1", ""}, {"multiply_v1", ""}, {"negate_v1", ""},
    {"not_v1", ""}, {"optimization_barrier_v1", ""}, {"or_v1", ""}, {"outfeed_v1", "outfeed_config"},
    {"pad_v1", "edge_padding_low,edge_padding_high,interior_padding"}, {"partition_id_v1", ""},
    {"popcnt_v1", ""}, {"power_v1", ""}, {"real_dynamic_slice_v1", ""}, {"real_v1", ""},
    {"recv_v2", "channel_id,channel_type,is_host_transfer,source_target_pairs"},
    {"reduce_precision_v1", "exponent_bits,mantissa_bits"},
    {"reduce_scatter_v1", "scatter_dimension,replica_groups,channel_id,use_global_device_ids"},
    {"reduce_v1", "dimensions"},
    {"reduce_window_v1", "window_dimensions,window_strides,base_dilations,window_dilations,padding"},
    {"remainder_v1", ""}, {"replica_id_v1", ""}, {"reshape_v1", ""}, {"return_v1", ""},
    {"reverse_v1", "dimensions"}, {"rng_bit_generator_v1", "rng_algorithm"}, {"rng_v1", "rng_distribution"},
    {"round_nearest_afz_v1", ""}, {"round_nearest_even_v1", ""}, {"rsqrt_v1", ""},
    {"rsqrt_v2", "result_accuracy"},
    {"scatter_v2", "update_window_dims,inserted_window_dims,input_batching_dims,scatter_indices_batching_dims,scatter_dims_to_operand_dims,index_vector_dim,indices_are_sorted,unique_indices"},
    {"select_and_scatter_v1", "window_dimensions,window_strides,padding"}, {"select_v1", ""},
    {"send_v2", "channel_id,channel_type,is_host_transfer,source_target_pairs"},
    {"set_dimension_size_v1", "dimension"}, {"shift_left_v1", ""}, {"shift_right_arithmetic_v1", ""},
    {"shift_right_logical_v1", ""}, {"sign_v1", ""}, {"sine_v1", ""}, {"sine_v2", "result_accuracy"},
    {"slice_v1", "start_indices,limit_indices,strides"}, {"sort_v1", "dimension,is_stable"}, {"sqrt_v1", ""},
    {"sqrt_v2", "result_accuracy"}, {"subtract_v1", ""}, {"tan_v1", ""}, {"tan_v2", "result_accuracy"},
    {"tanh_v1", ""}, {"tanh_v2", "result_accuracy"}, {"torch_index_select_v1", "dim,batch_dims"},
    {"transpose_v1", "permutation"}, {"triangular_solve_v1", "left_side,lower,unit_diagonal,transpose_a"},
    {"tuple_v1", ""}, {"unary_einsum_v1", "einsum_config"}, {"uniform_dequantize_v1", ""},
    {"uniform_quantize_v1", ""}, {"while_v1", ""}, {"xor_v1", ""},
};

#define STR2(x) #x
#define STR(x) STR2(x)
const char mlir_vhlo_unknown_op[] = "tessera reads the VHLO of StableHLO up to " STR(TSR_VHLO_MAJOR) "." STR(
    TSR_VHLO_MINOR) "." STR(TSR_VHLO_PATCH) ", which has no such op (or not at this version)";

const char *mlir_vhlo_op_attrs(const char *name) {
  if (strncmp(name, "vhlo.", 5)) return NULL;
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (!strcmp(ops[i].name, name + 5)) return ops[i].attrs;
  return NULL;
}

/* Attributes that StableHLO keeps as dense arrays (`array<i64: ...>`; window_reversal
 * `array<i1: ...>`), by op. */
static const struct { const char *base, *attrs; } dense_arrays[] = {
    {"fft", "fft_length"}, {"broadcast", "broadcast_sizes"}, {"dynamic_slice", "slice_sizes"},
    {"reverse", "dimensions"}, {"transpose", "permutation"},
    {"pad", "edge_padding_low,edge_padding_high,interior_padding"},
    {"slice", "start_indices,limit_indices,strides"}, {"broadcast_in_dim", "broadcast_dimensions"},
    {"dynamic_broadcast_in_dim", "broadcast_dimensions,known_expanding_dimensions,known_nonexpanding_dimensions"},
    {"select_and_scatter", "window_dimensions,window_strides"},
    {"reduce_window", "window_dimensions,window_strides,base_dilations,window_dilations"},
    {"map", "dimensions"}, {"reduce", "dimensions"}, {"gather", "slice_sizes"},
    {"convolution", "lhs_dilation,rhs_dilation,window_strides,window_reversal"},
    {"dynamic_conv", "lhs_dilation,rhs_dilation,window_strides,window_reversal"},
};

/* The collectives whose channel_id becomes a channel_handle. */
static const char *const collectives[] = {"all_gather", "all_reduce", "all_to_all", "collective_permute",
                                          "reduce_scatter", "collective_broadcast", NULL};
/* The unary ops with a result_accuracy, dropped when it is the default. */
static const char *const accuracy_ops[] = {"cbrt", "cosine", "exponential", "exponential_minus_one", "log",
                                           "log_plus_one", "logistic", "rsqrt", "sine", "sqrt", "tan",
                                           "tanh", NULL};
#define DEFAULT_ACCURACY "#stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<DEFAULT>>"

typedef struct conv {
  mlir_ir_module *m;
  const char *producer;
  mlir_ir_op *op;   /* the op being rewritten */
  const char *base; /* its VHLO name without the version */
  mlir_ir_named_attr *in; /* its attributes */
  int n_in;
  bool *used;
  mlir_ir_named_attr *out;
  int n_out;
  tsr_status status;
} conv;

static bool in_list(const char *const *list, const char *s) {
  for (int i = 0; list[i]; i++)
    if (!strcmp(list[i], s)) return true;
  return false;
}

/* Whether `name` is one of the comma-separated names in `list`. */
static bool in_csv(const char *list, const char *name) {
  size_t n = strlen(name);
  for (const char *p = list; p && *p;) {
    const char *e = strchr(p, ',');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    if (len == n && !memcmp(p, name, n)) return true;
    p = e ? e + 1 : NULL;
  }
  return false;
}

static tsr_status fail(conv *cv, tsr_status code, const char *fmt, ...) TSR_PRINTF(3, 4);
static tsr_status fail(conv *cv, tsr_status code, const char *fmt, ...) {
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  /* "vhlo.foo_v3 at loc(...): what (StableHLO_v1.17.0)": the op, where it came from, why */
  char *where = NULL;
  size_t len = 0;
  FILE *f = cv->op && cv->op->loc ? open_memstream(&where, &len) : NULL;
  if (f) {
    mlir_print_attr(f, cv->op->loc);
    fclose(f);
  }
  tsr_status s = tsr_fail(code, "%s%s%s: %s (a StableHLO portable artifact%s%s)", cv->op ? cv->op->name : "vhlo",
                          where ? " at " : "", where ? where : "", msg, cv->producer && *cv->producer ? " of " : "",
                          cv->producer ? cv->producer : "");
  free(where);
  return s;
}

/* ---- the attributes of the op being rewritten -------------------------------------- */

static mlir_ir_attr *get(conv *cv, const char *name) {
  for (int i = 0; i < cv->n_in; i++)
    if (!cv->used[i] && !strcmp(cv->in[i].name, name)) return cv->in[i].value;
  return NULL;
}

static void drop(conv *cv, const char *name) {
  for (int i = 0; i < cv->n_in; i++)
    if (!strcmp(cv->in[i].name, name)) cv->used[i] = true;
}

static void put(conv *cv, const char *name, mlir_ir_attr *value) {
  if (!value) {
    if (cv->status == TSR_OK) cv->status = tsr_fail(TSR_ERR_NOMEM, "out of memory");
    return;
  }
  cv->out[cv->n_out++] = (mlir_ir_named_attr){mlir_ir_intern(cv->m->ctx, name, strlen(name)), value};
}

static bool is_bool(const mlir_ir_attr *a, bool v) {
  return a && a->kind == MLIR_IR_ATTR_INTEGER && mlir_ir_type_is_int(a->type, 1) && (a->u.integer.value != 0) == v;
}
static bool is_int(const mlir_ir_attr *a, int64_t v) {
  return a && a->kind == MLIR_IR_ATTR_INTEGER && !a->u.integer.n_words && a->u.integer.value == v;
}
static bool is_empty_string(const mlir_ir_attr *a) { return a && a->kind == MLIR_IR_ATTR_STRING && !a->u.string.len; }
static bool is_empty_array(const mlir_ir_attr *a) { return a && a->kind == MLIR_IR_ATTR_ARRAY && !a->u.array.n; }
static bool is_empty_dict(const mlir_ir_attr *a) { return a && a->kind == MLIR_IR_ATTR_DICT && !a->u.dict.n; }
static bool is_empty_tensor(const mlir_ir_attr *a) {
  return a && a->kind == MLIR_IR_ATTR_DENSE && mlir_ir_type_numel(a->type) == 0;
}
static bool is_enum(const mlir_ir_attr *a, const char *mnemonic, const char *kw) {
  const char *k = mlir_ir_enum_keyword(a, "stablehlo", mnemonic);
  return k && !strcmp(k, kw);
}
/* A dense tensor of integers (or i1) all equal to v. */
static bool is_splat(const mlir_ir_attr *a, int64_t v) {
  if (!a || a->kind != MLIR_IR_ATTR_DENSE || !mlir_ir_type_is_int(mlir_ir_type_element(a->type), 0)) return false;
  for (int64_t i = 0; i < a->u.dense.numel; i++)
    if (mlir_ir_dense_int(a, i) != v) return false;
  return true;
}
/* An array all of whose elements are the precision enum DEFAULT (an empty one too). */
static bool all_default_precision(const mlir_ir_attr *a) {
  if (!a || a->kind != MLIR_IR_ATTR_ARRAY) return false;
  for (int i = 0; i < a->u.array.n; i++)
    if (!is_enum(a->u.array.elems[i], "precision", "DEFAULT")) return false;
  return true;
}

static void drop_if(conv *cv, const char *name, bool cond) {
  if (cond) drop(cv, name);
}

/* VHLO writes out every attribute; StableHLO leaves its defaults unwritten. */
static void remove_defaults(conv *cv) {
  const char *b = cv->base;
  if (!strcmp(b, "func")) {
    drop_if(cv, "sym_visibility", is_empty_string(get(cv, "sym_visibility")));
    drop_if(cv, "arg_attrs", is_empty_array(get(cv, "arg_attrs")));
    drop_if(cv, "res_attrs", is_empty_array(get(cv, "res_attrs")));
  }
  if (in_list(collectives, b) && strcmp(b, "collective_broadcast")) drop_if(cv, "channel_id", is_int(get(cv, "channel_id"), 0));
  if (!strcmp(b, "collective_broadcast")) drop_if(cv, "channel_id", is_int(get(cv, "channel_id"), 0));
  if (!strcmp(b, "all_gather") || !strcmp(b, "all_reduce") || !strcmp(b, "reduce_scatter"))
    drop_if(cv, "use_global_device_ids", is_bool(get(cv, "use_global_device_ids"), false));
  if (!strcmp(b, "cholesky")) drop_if(cv, "lower", is_bool(get(cv, "lower"), false));
  if (!strcmp(b, "compare")) drop_if(cv, "compare_type", is_enum(get(cv, "compare_type"), "comparison_type", "NOTYPE"));
  if (!strcmp(b, "composite")) {
    drop_if(cv, "version", is_int(get(cv, "version"), 0));
    drop_if(cv, "composite_attributes", is_empty_dict(get(cv, "composite_attributes")));
  }
  if (!strcmp(b, "convolution") || !strcmp(b, "dynamic_conv")) {
    drop_if(cv, "window_strides", is_splat(get(cv, "window_strides"), 1));
    if (!strcmp(b, "convolution")) drop_if(cv, "padding", is_splat(get(cv, "padding"), 0));
    drop_if(cv, "lhs_dilation", is_splat(get(cv, "lhs_dilation"), 1));
    drop_if(cv, "rhs_dilation", is_splat(get(cv, "rhs_dilation"), 1));
    drop_if(cv, "window_reversal", is_splat(get(cv, "window_reversal"), 0));
    drop_if(cv, "precision_config", all_default_precision(get(cv, "precision_config")));
  }
  if (!strcmp(b, "custom_call")) {
    mlir_ir_attr *cfg = get(cv, "backend_config");
    drop_if(cv, "has_side_effect", is_bool(get(cv, "has_side_effect"), false));
    drop_if(cv, "backend_config", is_empty_string(cfg) || is_empty_dict(cfg));
    drop_if(cv, "api_version", is_int(get(cv, "api_version"), 1));
    drop_if(cv, "called_computations", is_empty_array(get(cv, "called_computations")));
    if (is_empty_array(get(cv, "operand_layouts")) && is_empty_array(get(cv, "result_layouts"))) {
      drop(cv, "operand_layouts");
      drop(cv, "result_layouts");
    }
    drop_if(cv, "output_operand_aliases", is_empty_array(get(cv, "output_operand_aliases")));
  }
  if (!strcmp(b, "dot_general") || !strcmp(b, "dot"))
    drop_if(cv, "precision_config", all_default_precision(get(cv, "precision_config")));
  if (!strcmp(b, "dynamic_broadcast_in_dim")) {
    drop_if(cv, "known_expanding_dimensions", is_empty_tensor(get(cv, "known_expanding_dimensions")));
    drop_if(cv, "known_nonexpanding_dimensions", is_empty_tensor(get(cv, "known_nonexpanding_dimensions")));
  }
  if (!strcmp(b, "gather") || !strcmp(b, "dynamic_gather") || !strcmp(b, "scatter"))
    drop_if(cv, "indices_are_sorted", is_bool(get(cv, "indices_are_sorted"), false));
  if (!strcmp(b, "scatter")) drop_if(cv, "unique_indices", is_bool(get(cv, "unique_indices"), false));
  if (!strcmp(b, "infeed")) {
    drop_if(cv, "infeed_config", is_empty_string(get(cv, "infeed_config")));
    drop_if(cv, "layout", is_empty_array(get(cv, "layout")));
  }
  if (!strcmp(b, "outfeed")) drop_if(cv, "outfeed_config", is_empty_string(get(cv, "outfeed_config")));
  if (!strcmp(b, "recv") || !strcmp(b, "send")) {
    drop_if(cv, "is_host_transfer", is_bool(get(cv, "is_host_transfer"), false));
    drop_if(cv, "source_target_pairs", is_empty_tensor(get(cv, "source_target_pairs")));
  }
  if (!strcmp(b, "reduce_window") || !strcmp(b, "select_and_scatter")) {
    drop_if(cv, "window_strides", is_splat(get(cv, "window_strides"), 1));
    drop_if(cv, "padding", is_splat(get(cv, "padding"), 0));
  }
  if (!strcmp(b, "reduce_window")) {
    drop_if(cv, "base_dilations", is_splat(get(cv, "base_dilations"), 1));
    drop_if(cv, "window_dilations", is_splat(get(cv, "window_dilations"), 1));
  }
  if (!strcmp(b, "sort")) {
    drop_if(cv, "dimension", is_int(get(cv, "dimension"), -1));
    drop_if(cv, "is_stable", is_bool(get(cv, "is_stable"), false));
  }
  if (in_list(accuracy_ops, b)) {
    mlir_ir_attr *a = get(cv, "result_accuracy");
    drop_if(cv, "result_accuracy", a && a->kind == MLIR_IR_ATTR_OPAQUE && !strcmp(a->u.opaque_text, DEFAULT_ACCURACY));
  }
}

/* ---- gathering dimension numbers ---------------------------------------------------- */

typedef struct text_buf { char s[2048]; size_t n; bool over; } text_buf;

static void tb_printf(text_buf *t, const char *fmt, ...) TSR_PRINTF(2, 3);
static void tb_printf(text_buf *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(t->s + t->n, t->n < sizeof t->s ? sizeof t->s - t->n : 0, fmt, ap);
  va_end(ap);
  if (k < 0 || t->n + (size_t)k >= sizeof t->s) t->over = true;
  else t->n += (size_t)k;
}

/* An integer list attribute (a dense tensor) as `[a, b]`; false when it is not one. */
static bool ints_of(conv *cv, const char *name, int64_t *v, int cap, int *n) {
  mlir_ir_attr *a = get(cv, name);
  int64_t k = a && a->kind == MLIR_IR_ATTR_DENSE ? mlir_ir_attr_ints(a, v, cap) : -1;
  if (k < 0 || k > cap) return false;
  *n = (int)k;
  drop(cv, name);
  return true;
}

static bool int_of(conv *cv, const char *name, int64_t *v) {
  mlir_ir_attr *a = get(cv, name);
  if (!a || !mlir_ir_attr_int(a, v)) return false;
  drop(cv, name);
  return true;
}

/* `name = [..]` of a named struct; empty lists are not printed, as MLIR prints them. */
static bool list_field(conv *cv, text_buf *t, const char *vhlo_name, const char *field, bool *first) {
  int64_t v[64];
  int n = 0;
  if (!ints_of(cv, vhlo_name, v, 64, &n)) return false;
  if (!n) return true;
  tb_printf(t, "%s%s = [", *first ? "" : ", ", field);
  for (int i = 0; i < n; i++) tb_printf(t, "%s%" PRId64, i ? ", " : "", v[i]);
  tb_printf(t, "]");
  *first = false;
  return true;
}

static void put_text(conv *cv, const char *name, text_buf *t) {
  if (cv->status != TSR_OK) return;
  mlir_ir_attr *a = NULL;
  if (t->over) {
    cv->status = fail(cv, TSR_ERR_UNSUPPORTED, "%s is too long", name);
    return;
  }
  tsr_status s = mlir_text_parse_attr_entry(cv->m, t->s, t->n, -1, &a);
  if (s != TSR_OK) {
    cv->status = s;
    return;
  }
  put(cv, name, a);
}

/* The conv dimension numbers spelled as MLIR prints them: [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]. */
static void implode_conv(conv *cv) {
  int64_t ib, ifeat, kin, kout, ob, of;
  int64_t is[16], ks[16], os[16];
  int nis = 0, nks = 0, nos = 0;
  if (!int_of(cv, "input_batch_dimension", &ib) || !int_of(cv, "input_feature_dimension", &ifeat) ||
      !ints_of(cv, "input_spatial_dimensions", is, 16, &nis) || !int_of(cv, "kernel_input_feature_dimension", &kin) ||
      !int_of(cv, "kernel_output_feature_dimension", &kout) || !ints_of(cv, "kernel_spatial_dimensions", ks, 16, &nks) ||
      !int_of(cv, "output_batch_dimension", &ob) || !int_of(cv, "output_feature_dimension", &of) ||
      !ints_of(cv, "output_spatial_dimensions", os, 16, &nos)) {
    cv->status = fail(cv, TSR_ERR_PARSE, "malformed convolution dimension numbers");
    return;
  }
  text_buf t = {.n = 0};
  tb_printf(&t, "#stablehlo.conv<");
  const struct { int64_t a, b; const int64_t *sp; int n; char ca, cb; } sides[3] = {
      {ib, ifeat, is, nis, 'b', 'f'}, {kin, kout, ks, nks, 'i', 'o'}, {ob, of, os, nos, 'b', 'f'}};
  for (int s = 0; s < 3; s++) {
    int rank = sides[s].n + 2;
    tb_printf(&t, "%s[", s == 1 ? "x" : s == 2 ? "->" : "");
    for (int d = 0; d < rank; d++) {
      const char *sep = d ? ", " : "";
      if (d == sides[s].a) tb_printf(&t, "%s%c", sep, sides[s].ca);
      else if (d == sides[s].b) tb_printf(&t, "%s%c", sep, sides[s].cb);
      else {
        int k = -1;
        for (int i = 0; i < sides[s].n; i++)
          if (sides[s].sp[i] == d) k = i;
        if (k < 0) {
          cv->status = fail(cv, TSR_ERR_PARSE, "convolution dimension %d is named by no dimension number", d);
          return;
        }
        tb_printf(&t, "%s%d", sep, k);
      }
    }
    tb_printf(&t, "]");
  }
  tb_printf(&t, ">");
  put_text(cv, "dimension_numbers", &t);
}

static void implode_struct(conv *cv, const char *attr, const char *mnemonic, const char *const *fields,
                           const char *scalar_field) {
  text_buf t = {.n = 0};
  bool first = true;
  tb_printf(&t, "#stablehlo.%s<", mnemonic);
  for (int i = 0; fields[i]; i++)
    if (!list_field(cv, &t, fields[i], fields[i], &first)) {
      cv->status = fail(cv, TSR_ERR_PARSE, "malformed %s (%s)", attr, fields[i]);
      return;
    }
  if (scalar_field) {
    int64_t v;
    if (!int_of(cv, scalar_field, &v)) {
      cv->status = fail(cv, TSR_ERR_PARSE, "malformed %s (%s)", attr, scalar_field);
      return;
    }
    tb_printf(&t, "%s%s = %" PRId64, first ? "" : ", ", scalar_field, v);
  }
  tb_printf(&t, ">");
  put_text(cv, attr, &t);
}

static bool is_none_type(const mlir_ir_attr *a) {
  return a && a->kind == MLIR_IR_ATTR_TYPE && a->type && a->type->kind == MLIR_IR_TYPE_NONE;
}

/* dot_general's algorithm: absent when every part of it is the none type. */
static void implode_dot_algorithm(conv *cv) {
  static const char *const parts[] = {"lhs_precision_type", "rhs_precision_type", "accumulation_type",
                                      "lhs_component_count", "rhs_component_count", "num_primitive_operations",
                                      "allow_imprecise_accumulation", NULL};
  int none = 0;
  for (int i = 0; parts[i]; i++) none += is_none_type(get(cv, parts[i]));
  if (none == 7) {
    for (int i = 0; parts[i]; i++) drop(cv, parts[i]);
    return;
  }
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f) {
    cv->status = tsr_fail(TSR_ERR_NOMEM, "out of memory");
    return;
  }
  fputs("#stablehlo.dot_algorithm<", f);
  bool ok = true;
  for (int i = 0; parts[i]; i++) {
    mlir_ir_attr *a = get(cv, parts[i]);
    fprintf(f, "%s%s = ", i ? ", " : "", parts[i]);
    if (i < 3 && a && a->kind == MLIR_IR_ATTR_TYPE) mlir_print_type(f, a->type);
    else if (i == 6 && a && a->kind == MLIR_IR_ATTR_INTEGER) fputs(a->u.integer.value ? "true" : "false", f);
    else if (a && a->kind == MLIR_IR_ATTR_INTEGER) fprintf(f, "%" PRId64, a->u.integer.value);
    else ok = false;
    drop(cv, parts[i]);
  }
  fputs(">", f);
  fclose(f);
  mlir_ir_attr *a = NULL;
  if (!ok) cv->status = fail(cv, TSR_ERR_PARSE, "malformed dot algorithm");
  else if ((cv->status = mlir_text_parse_attr_entry(cv->m, text, len, -1, &a)) == TSR_OK) put(cv, "algorithm", a);
  free(text);
}

static void channel_handle(conv *cv, int64_t id, int64_t type) {
  text_buf t = {.n = 0};
  tb_printf(&t, "#stablehlo.channel_handle<handle = %" PRId64 ", type = %" PRId64 ">", id, type);
  put_text(cv, "channel_handle", &t);
}

static const char *const dot_fields[] = {"lhs_batching_dimensions", "rhs_batching_dimensions",
                                         "lhs_contracting_dimensions", "rhs_contracting_dimensions", NULL};
static const char *const gather_fields[] = {"offset_dims", "collapsed_slice_dims", "operand_batching_dims",
                                            "start_indices_batching_dims", "start_index_map", NULL};
static const char *const scatter_fields[] = {"update_window_dims", "inserted_window_dims", "input_batching_dims",
                                             "scatter_indices_batching_dims", "scatter_dims_to_operand_dims", NULL};

static void implode(conv *cv) {
  const char *b = cv->base;
  if (!strcmp(b, "convolution") || !strcmp(b, "dynamic_conv")) implode_conv(cv);
  if (!strcmp(b, "dot_general")) {
    implode_struct(cv, "dot_dimension_numbers", "dot", dot_fields, NULL);
    if (cv->status == TSR_OK) implode_dot_algorithm(cv);
  }
  if (!strcmp(b, "gather") || !strcmp(b, "dynamic_gather"))
    implode_struct(cv, "dimension_numbers", "gather", gather_fields, "index_vector_dim");
  if (!strcmp(b, "scatter"))
    implode_struct(cv, "scatter_dimension_numbers", "scatter", scatter_fields, "index_vector_dim");
  if (!strcmp(b, "recv") || !strcmp(b, "send")) {
    int64_t id, type;
    if (!int_of(cv, "channel_id", &id) || !int_of(cv, "channel_type", &type))
      cv->status = fail(cv, TSR_ERR_PARSE, "malformed channel");
    else
      channel_handle(cv, id, type);
  }
}

/* ---- one attribute at a time -------------------------------------------------------- */

static mlir_ir_attr *symbol_ref(conv *cv, const mlir_ir_attr *s) {
  if (!s || s->kind != MLIR_IR_ATTR_STRING) return NULL;
  mlir_ir_attr *a = mlir_ir_attr_new(cv->m->ctx, MLIR_IR_ATTR_SYMBOL_REF);
  if (!a || !(a->u.symbol.root = mlir_ir_intern(cv->m->ctx, s->u.string.data, s->u.string.len))) return NULL;
  return a;
}

/* A dense tensor as a dense array of i64 (or i1 for window_reversal). */
static mlir_ir_attr *dense_array(conv *cv, const mlir_ir_attr *t, bool booleans) {
  if (!t || t->kind != MLIR_IR_ATTR_DENSE || !mlir_ir_type_is_int(mlir_ir_type_element(t->type), 0)) return NULL;
  int64_t n = t->u.dense.numel;
  size_t eb = booleans ? 1 : 8;
  mlir_ir_attr *a = mlir_ir_attr_new(cv->m->ctx, MLIR_IR_ATTR_DENSE_ARRAY);
  uint8_t *d = mlir_ir_alloc(cv->m->ctx, (size_t)(n ? n : 1) * eb);
  if (!a || !d || !(a->type = mlir_ir_type_int(cv->m->ctx, booleans ? 1 : 64, MLIR_IR_SIGNLESS))) return NULL;
  for (int64_t i = 0; i < n; i++) {
    int64_t v = mlir_ir_dense_int(t, i);
    if (booleans) d[i] = v != 0;
    else memcpy(d + 8 * i, &v, 8);
  }
  a->u.dense_array.n = n;
  a->u.dense_array.elem_bytes = eb;
  a->u.dense_array.data = d;
  return a;
}

static void convert_attr(conv *cv, const char *name, mlir_ir_attr *value) {
  const char *b = cv->base;
  if (in_list(collectives, b) && !strcmp(name, "channel_id")) {
    int64_t id;
    if (!mlir_ir_attr_int(value, &id)) cv->status = fail(cv, TSR_ERR_PARSE, "malformed channel_id");
    else channel_handle(cv, id, 0);
    return;
  }
  if (in_list(collectives, b) && !strcmp(name, "use_global_device_ids")) {
    if (is_bool(value, true)) put(cv, name, mlir_ir_attr_new(cv->m->ctx, MLIR_IR_ATTR_UNIT));
    return;
  }
  if ((!strcmp(b, "custom_call") && !strcmp(name, "called_computations"))) {
    if (value->kind != MLIR_IR_ATTR_ARRAY) {
      cv->status = fail(cv, TSR_ERR_PARSE, "called_computations is not an array");
      return;
    }
    mlir_ir_attr *arr = mlir_ir_attr_new(cv->m->ctx, MLIR_IR_ATTR_ARRAY);
    mlir_ir_attr **el = mlir_ir_alloc(cv->m->ctx, sizeof *el * (size_t)(value->u.array.n + 1));
    if (!arr || !el) {
      put(cv, name, NULL);
      return;
    }
    for (int i = 0; i < value->u.array.n; i++)
      if (!(el[i] = symbol_ref(cv, value->u.array.elems[i]))) {
        cv->status = fail(cv, TSR_ERR_PARSE, "called_computations holds a non-string");
        return;
      }
    arr->u.array.n = value->u.array.n;
    arr->u.array.elems = el;
    put(cv, name, arr);
    return;
  }
  if ((!strcmp(b, "composite") && !strcmp(name, "decomposition")) || (!strcmp(b, "call") && !strcmp(name, "callee"))) {
    mlir_ir_attr *s = symbol_ref(cv, value);
    if (!s) cv->status = fail(cv, TSR_ERR_PARSE, "%s is not a function name", name);
    else put(cv, name, s);
    return;
  }
  for (size_t i = 0; i < sizeof dense_arrays / sizeof dense_arrays[0]; i++)
    if (!strcmp(dense_arrays[i].base, b) && in_csv(dense_arrays[i].attrs, name)) {
      mlir_ir_attr *a = dense_array(cv, value, !strcmp(name, "window_reversal"));
      if (!a) cv->status = fail(cv, TSR_ERR_PARSE, "%s is not an integer list", name);
      else put(cv, name, a);
      return;
    }
  put(cv, name, value);
}

/* ---- ops ---------------------------------------------------------------------------- */

static tsr_status legalize_op(conv *cv, mlir_ir_op *op) {
  const char *full = op->name;
  const char *dot = full + 5; /* after "vhlo." */
  const char *v = strrchr(dot, '_');
  char base[64];
  int version = 0;
  cv->op = op;
  if (!v || v[1] != 'v' || (size_t)(v - dot) >= sizeof base || sscanf(v + 2, "%d", &version) != 1)
    return fail(cv, TSR_ERR_UNSUPPORTED, "not a versioned VHLO op name");
  memcpy(base, dot, (size_t)(v - dot));
  base[v - dot] = 0;
  cv->base = base;
  if (!mlir_vhlo_op_attrs(full)) return fail(cv, TSR_ERR_UNSUPPORTED, "%s", mlir_vhlo_unknown_op);
  if (op->raw_props) return fail(cv, TSR_ERR_UNSUPPORTED, "VHLO op with native properties");

  /* the attributes: the dictionary and any decoded properties, as one set */
  mlir_ir_ctx *ctx = cv->m->ctx;
  int na = op->attrs ? op->attrs->u.dict.n : 0, np = op->props ? op->props->u.dict.n : 0;
  cv->n_in = na + np;
  cv->in = mlir_ir_alloc(ctx, sizeof *cv->in * (size_t)(cv->n_in + 1));
  cv->used = mlir_ir_alloc(ctx, (size_t)(cv->n_in + 1));
  cv->out = mlir_ir_alloc(ctx, sizeof *cv->out * (size_t)(cv->n_in + 4));
  cv->n_out = 0;
  cv->status = TSR_OK;
  if (!cv->in || !cv->used || !cv->out) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  for (int i = 0; i < na; i++) cv->in[i] = op->attrs->u.dict.entries[i];
  for (int i = 0; i < np; i++) cv->in[na + i] = op->props->u.dict.entries[i];

  remove_defaults(cv);
  implode(cv);
  for (int i = 0; i < cv->n_in && cv->status == TSR_OK; i++)
    if (!cv->used[i]) convert_attr(cv, cv->in[i].name, cv->in[i].value);
  TSR_TRY(cv->status);
  mlir_ir_attr *dict = mlir_ir_attr_new(ctx, MLIR_IR_ATTR_DICT);
  if (!dict) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  dict->u.dict.n = cv->n_out;
  dict->u.dict.entries = cv->out;
  if (!mlir_ir_dict_finish(dict)) return fail(cv, TSR_ERR_PARSE, "an attribute is given twice");
  op->attrs = dict;
  op->props = NULL;

  char name[96];
  if (!strcmp(base, "func") || !strcmp(base, "call")) {
    snprintf(name, sizeof name, "func.%s", base);
  } else if (!strcmp(base, "return")) {
    const mlir_ir_op *parent = op->parent && op->parent->parent ? op->parent->parent->parent : NULL;
    bool in_func = parent && (!strcmp(parent->name, "func.func") || !strcmp(parent->name, "vhlo.func_v1"));
    snprintf(name, sizeof name, "%s.return", in_func ? "func" : "stablehlo");
  } else {
    snprintf(name, sizeof name, "stablehlo.%s", base);
  }
  mlir_ir_op_rename(ctx, op, name);
  return TSR_OK;
}

typedef struct walk_state { conv cv; tsr_status status; } walk_state;

static bool visit(mlir_ir_op *op, void *user) {
  walk_state *w = user;
  if (strncmp(op->name, "vhlo.", 5)) return true;
  w->status = legalize_op(&w->cv, op);
  return w->status == TSR_OK;
}

static bool find_vhlo(mlir_ir_op *op, void *user) {
  (void)user;
  return strncmp(op->name, "vhlo.", 5) != 0;
}

bool mlir_vhlo_present(mlir_ir_op *top) { return top && !mlir_ir_walk(top, find_vhlo, NULL); }

/* Casts from a type to itself, which the serializer leaves where VHLO meets another dialect
 * (a Shardy region's edges): StableHLO's deserializer reconciles them away, and so does this. */
typedef struct casts {
  mlir_ir_op **ops;
  int n, cap;
  bool nomem;
} casts;

static bool find_casts(mlir_ir_op *op, void *user) {
  casts *c = user;
  if (!mlir_ir_op_is(op, "builtin.unrealized_conversion_cast") || op->n_operands != 1 || op->n_results != 1 ||
      !mlir_ir_type_equal(op->operands[0].value->type, op->results[0]->type))
    return true;
  if (!GROW_ARRAY(c->ops, c->n, c->cap, 16)) {
    c->nomem = true;
    return false;
  }
  c->ops[c->n++] = op;
  return true;
}

static void remove_cast(mlir_ir_op *op) {
  mlir_ir_value *from = op->operands[0].value, *to = op->results[0];
  /* the cast's own use of `from` goes */
  for (mlir_ir_operand **u = &from->first_use; *u; u = &(*u)->next_use)
    if (*u == &op->operands[0]) {
      *u = op->operands[0].next_use;
      break;
    }
  /* every use of its result becomes a use of `from` */
  for (mlir_ir_operand *u = to->first_use, *next; u; u = next) {
    next = u->next_use;
    u->value = from;
    u->next_use = from->first_use;
    from->first_use = u;
  }
  to->first_use = NULL;
  mlir_ir_block_remove(op->parent, op);
}

tsr_status mlir_vhlo_legalize(mlir_ir_module *m, const char *producer) {
  walk_state w;
  memset(&w, 0, sizeof w);
  w.cv.m = m;
  w.cv.producer = producer;
  w.status = TSR_OK;
  mlir_ir_walk(m->top, visit, &w);
  TSR_TRY(w.status);
  casts c = {0};
  mlir_ir_walk(m->top, find_casts, &c);
  for (int i = 0; i < c.n; i++) remove_cast(c.ops[i]);
  free(c.ops);
  return c.nomem ? tsr_fail(TSR_ERR_NOMEM, "out of memory") : TSR_OK;
}
