/* Attributes and types of other dialects that executors need in structured form (tpu,
 * arith, stablehlo). Tables, not code: an enum is (dialect, mnemonic, keywords) and a struct
 * of integer lists is (dialect, mnemonic, fields). Anything else stays text. */
#include "mlir/text.h"

#include <string.h>

typedef struct enum_def {
  const char *dialect, *mnemonic;
  bool flags; /* a comma list of flags; value is the bit mask */
  const char *const *keywords;
} enum_def;

static const char *const tpu_memory_space[] = {"any", "vmem", "smem", "hbm", "cmem", "semaphore_mem", "vmem_shared", "host", NULL};
static const char *const tpu_dimension_semantics[] = {"parallel", "arbitrary", "core_parallel", "subcore_parallel", NULL};
static const char *const tpu_pipeline_mode[] = {"synchronous", "double_buffered", NULL};
static const char *const tpu_revisit_mode[] = {"any", "consecutive", NULL};
static const char *const tpu_contract_precision[] = {"bf16", "fp32", NULL};
static const char *const tpu_reduction_kind[] = {"sum", "max", "min", "arg_max", "arg_min", "find_first_set", NULL};
static const char *const tpu_core_type[] = {"tc", "sc_scalar_subcore", "sc_vector_subcore", NULL};
static const char *const arith_fastmath[] = {"reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", NULL};
static const char *const arith_overflow[] = {"nsw", "nuw", NULL};
static const char *const hlo_direction[] = {"EQ", "NE", "GE", "GT", "LE", "LT", NULL};
static const char *const hlo_compare_type[] = {"NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED", NULL};
static const char *const hlo_precision[] = {"DEFAULT", "HIGH", "HIGHEST", NULL};
static const char *const hlo_fft_type[] = {"FFT", "IFFT", "RFFT", "IRFFT", NULL};
static const char *const hlo_rng_algorithm[] = {"DEFAULT", "THREE_FRY", "PHILOX", NULL};
static const char *const hlo_transpose[] = {"TRANSPOSE_INVALID", "NO_TRANSPOSE", "TRANSPOSE", "ADJOINT", NULL};

static const enum_def enums[] = {
    {"tpu", "memory_space", false, tpu_memory_space},
    {"tpu", "dimension_semantics", false, tpu_dimension_semantics},
    {"tpu", "pipeline_mode", false, tpu_pipeline_mode},
    {"tpu", "revisit_mode", false, tpu_revisit_mode},
    {"tpu", "contract_precision", false, tpu_contract_precision},
    {"tpu", "reduction_kind", false, tpu_reduction_kind},
    {"tpu", "core_type", false, tpu_core_type},
    {"arith", "fastmath", true, arith_fastmath},
    {"arith", "overflow", true, arith_overflow},
    {"stablehlo", "comparison_direction", false, hlo_direction},
    {"stablehlo", "comparison_type", false, hlo_compare_type},
    {"stablehlo", "precision", false, hlo_precision},
    {"chlo", "precision", false, hlo_precision},
    {"stablehlo", "fft_type", false, hlo_fft_type},
    {"stablehlo", "rng_algorithm", false, hlo_rng_algorithm},
    {"stablehlo", "transpose", false, hlo_transpose},
};

typedef struct fields_def {
  const char *dialect, *mnemonic;
  bool positional;
  const char *const *names; /* a trailing '=' marks a scalar field */
} fields_def;

static const char *const tpu_element_window[] = {"pad_low", "pad_high", NULL};
static const char *const tpu_dot_dims[] = {"lhs_contracting_dims", "rhs_contracting_dims",
                                           "lhs_non_contracting_dims", "rhs_non_contracting_dims",
                                           "output_dim_order", "lhs_batch_dims", "rhs_batch_dims", NULL};
static const char *const hlo_gather[] = {"offset_dims", "collapsed_slice_dims", "operand_batching_dims",
                                         "start_indices_batching_dims", "start_index_map",
                                         "index_vector_dim=", NULL};
static const char *const hlo_scatter[] = {"update_window_dims", "inserted_window_dims", "input_batching_dims",
                                          "scatter_indices_batching_dims", "scatter_dims_to_operand_dims",
                                          "index_vector_dim=", NULL};
static const char *const hlo_dot[] = {"lhs_batching_dimensions", "rhs_batching_dimensions",
                                      "lhs_contracting_dimensions", "rhs_contracting_dimensions", NULL};
static const char *const hlo_alias[] = {"output_tuple_indices", "operand_index=", "operand_tuple_indices", NULL};
static const char *const hlo_channel[] = {"handle=", "type=", NULL};
static const char *const chlo_ragged_dot[] = {"lhs_batching_dimensions", "rhs_batching_dimensions", "lhs_contracting_dimensions",
                                              "rhs_contracting_dimensions", "lhs_ragged_dimensions", "rhs_group_dimensions", NULL};

static const fields_def structs[] = {
    {"tpu", "element_window", true, tpu_element_window},
    {"tpu", "dot_dimension_numbers", true, tpu_dot_dims},
    {"stablehlo", "gather", false, hlo_gather},
    {"stablehlo", "scatter", false, hlo_scatter},
    {"stablehlo", "dot", false, hlo_dot},
    {"stablehlo", "output_operand_alias", false, hlo_alias},
    {"stablehlo", "channel_handle", false, hlo_channel},
    {"chlo", "ragged_dot", false, chlo_ragged_dot},
};

static bool span_is(const char *s, size_t n, const char *z) { return strlen(z) == n && !memcmp(s, z, n); }

static size_t field_name_len(const char *name) {
  size_t n = strlen(name);
  return n && name[n - 1] == '=' ? n - 1 : n;
}

static mlir_ir_attr *enum_parse(mlir_text_parser *sub, const enum_def *d, bool opaque_form) {
  mlir_ir_ctx *ctx = sub->ctx;
  char norm[256];
  size_t nn = 0;
  int value = 0;
  do {
    const char *kw;
    size_t n;
    if (!mlir_text_bare_id(sub, &kw, &n)) return NULL;
    int code = -1;
    for (int i = 0; d->keywords[i]; i++)
      if (span_is(kw, n, d->keywords[i])) code = i;
    if (d->flags) {
      if (code >= 0) value |= 1 << code;
      else if (span_is(kw, n, "fast")) value = (1 << 7) - 1;
      else if (!span_is(kw, n, "none")) return NULL;
    } else {
      value = code;
    }
    if (nn + n + 2 > sizeof norm) return NULL;
    if (nn) norm[nn++] = ',';
    memcpy(norm + nn, kw, n);
    nn += n;
  } while (d->flags && mlir_text_accept(sub, ','));
  if (!mlir_text_at_end(sub)) return NULL;
  mlir_ir_attr *a = mlir_ir_attr_new(ctx, MLIR_IR_ATTR_ENUM);
  if (!a) return NULL;
  a->u.enm.dialect = mlir_ir_intern(ctx, d->dialect, strlen(d->dialect));
  a->u.enm.mnemonic = mlir_ir_intern(ctx, d->mnemonic, strlen(d->mnemonic));
  a->u.enm.keyword = mlir_ir_intern(ctx, norm, nn);
  a->u.enm.value = value;
  a->u.enm.opaque_form = opaque_form;
  return a->u.enm.keyword ? a : NULL;
}

/* `[1, 2]` or a scalar into a field. */
static bool field_value(mlir_text_parser *sub, mlir_ir_field *f, bool scalar) {
  int64_t vals[64];
  int n = 0;
  if (scalar) {
    if (mlir_text_int(sub, &vals[0]) != TSR_OK) return false;
    n = 1;
  } else {
    if (!mlir_text_accept(sub, '[')) return false;
    if (!mlir_text_accept(sub, ']')) {
      do {
        if (n == 64 || mlir_text_int(sub, &vals[n++]) != TSR_OK) return false;
      } while (mlir_text_accept(sub, ','));
      if (!mlir_text_accept(sub, ']')) return false;
    }
  }
  f->values = mlir_ir_alloc(sub->ctx, sizeof(int64_t) * (size_t)(n ? n : 1));
  if (!f->values) return false;
  memcpy(f->values, vals, sizeof(int64_t) * (size_t)n);
  f->n = n;
  f->present = true;
  return true;
}

static mlir_ir_attr *fields_parse(mlir_text_parser *sub, const fields_def *d) {
  int nf = 0;
  while (d->names[nf]) nf++;
  mlir_ir_attr *a = mlir_ir_attr_new(sub->ctx, MLIR_IR_ATTR_FIELDS);
  mlir_ir_field *f = mlir_ir_alloc(sub->ctx, sizeof *f * (size_t)nf);
  if (!a || !f) return NULL;
  for (int i = 0; i < nf; i++) {
    size_t n = field_name_len(d->names[i]);
    f[i].name = mlir_ir_intern(sub->ctx, d->names[i], n);
    f[i].is_scalar = d->names[i][n] == '=';
  }
  if (d->positional) {
    for (int i = 0; i < nf; i++)
      if ((i && !mlir_text_accept(sub, ',')) || !field_value(sub, &f[i], f[i].is_scalar)) return NULL;
  } else if (!mlir_text_at_end(sub)) {
    int next = 0; /* fields come in schema order */
    do {
      const char *kw;
      size_t n;
      if (!mlir_text_bare_id(sub, &kw, &n) || !mlir_text_accept(sub, '=')) return NULL;
      int i = next;
      while (i < nf && !span_is(kw, n, f[i].name)) i++;
      if (i == nf || !field_value(sub, &f[i], f[i].is_scalar)) return NULL;
      next = i + 1;
    } while (mlir_text_accept(sub, ','));
  }
  if (!mlir_text_at_end(sub)) return NULL;
  a->u.fields.dialect = mlir_ir_intern(sub->ctx, d->dialect, strlen(d->dialect));
  a->u.fields.mnemonic = mlir_ir_intern(sub->ctx, d->mnemonic, strlen(d->mnemonic));
  a->u.fields.positional = d->positional;
  a->u.fields.n = nf;
  a->u.fields.fields = f;
  return a;
}

mlir_ir_attr *mlir_dialect_attr_parse(mlir_text_parser *p, const char *dialect, size_t dlen,
                                const char *mnemonic, size_t mlen, const char *body,
                                size_t blen, bool opaque_form) {
  mlir_text_parser sub;
  mlir_text_init(&sub, p->m, body, blen, p->filename);
  sub.failed = true; /* a body that does not fit falls back to text: keep errors quiet */
  mlir_ir_attr *a = NULL;
  for (size_t i = 0; i < sizeof enums / sizeof enums[0] && !a; i++)
    if (span_is(dialect, dlen, enums[i].dialect) && span_is(mnemonic, mlen, enums[i].mnemonic))
      a = enum_parse(&sub, &enums[i], opaque_form);
  for (size_t i = 0; i < sizeof structs / sizeof structs[0] && !a && !opaque_form; i++)
    if (span_is(dialect, dlen, structs[i].dialect) && span_is(mnemonic, mlen, structs[i].mnemonic))
      a = fields_parse(&sub, &structs[i]);
  mlir_text_free(&sub);
  return a;
}

mlir_ir_attr *mlir_dialect_enum_new(mlir_ir_ctx *ctx, const char *dialect, const char *mnemonic,
                              const char *keyword) {
  mlir_ir_module m = {ctx, NULL, 0, 0};
  mlir_text_parser p;
  mlir_text_init(&p, &m, keyword, strlen(keyword), NULL);
  mlir_ir_attr *a = mlir_dialect_attr_parse(&p, dialect, strlen(dialect), mnemonic, strlen(mnemonic),
                                      keyword, strlen(keyword), false);
  mlir_text_free(&p);
  return a;
}

mlir_ir_type *mlir_dialect_type_parse(mlir_text_parser *p, const char *text, size_t len) {
  if (span_is(text, len, "!tpu.semaphore")) return mlir_ir_type_new(p->ctx, MLIR_IR_TYPE_TPU_SEMAPHORE);
  if (span_is(text, len, "!tpu.dma_semaphore")) return mlir_ir_type_new(p->ctx, MLIR_IR_TYPE_TPU_DMA_SEMAPHORE);
  return NULL;
}

static void print_field(FILE *f, const mlir_ir_field *fl) {
  if (!fl->is_scalar) fputc('[', f);
  for (int i = 0; i < fl->n; i++) fprintf(f, "%s%lld", i ? ", " : "", (long long)fl->values[i]);
  if (!fl->is_scalar) fputc(']', f);
}

void mlir_dialect_attr_print(FILE *f, const mlir_ir_attr *a) {
  if (a->kind == MLIR_IR_ATTR_ENUM) {
    if (a->u.enm.opaque_form)
      fprintf(f, "#%s<%s %s>", a->u.enm.dialect, a->u.enm.mnemonic, a->u.enm.keyword);
    else
      fprintf(f, "#%s.%s<%s>", a->u.enm.dialect, a->u.enm.mnemonic, a->u.enm.keyword);
    return;
  }
  fprintf(f, "#%s.%s<", a->u.fields.dialect, a->u.fields.mnemonic);
  bool first = true;
  for (int i = 0; i < a->u.fields.n; i++) {
    const mlir_ir_field *fl = &a->u.fields.fields[i];
    if (!a->u.fields.positional && !fl->present) continue;
    fputs(first ? "" : ", ", f);
    first = false;
    if (!a->u.fields.positional) fprintf(f, "%s = ", fl->name);
    print_field(f, fl);
  }
  fputc('>', f);
}
