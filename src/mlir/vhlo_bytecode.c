/* VHLO's own bytecode encoding of its attributes and types (StableHLO's VhloBytecode.cpp
 * defines the codes and their layouts; they never change meaning, new ones are appended).
 * Each entry is decoded straight into the builtin or StableHLO attribute or type that
 * StableHLO's deserializer converts it to, so that the rest of tessera never sees a VHLO
 * attribute: integers, floats, strings, arrays, dictionaries, dense elements and types become
 * builtin ones; enums and structs are spelled as StableHLO prints them and read by the text
 * grammar, which gives exactly what reading jaxlib's print gives. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "mlir/text.h"
#include "mlir/vhlo.h"

static tsr_status nomem(void) { return tsr_fail(TSR_ERR_NOMEM, "out of memory"); }

/* Parses `text` as an attribute with tessera's text grammar. */
static tsr_status attr_from_text(mlir_bc_cursor *c, const char *text, mlir_ir_attr **out) {
  return mlir_text_parse_attr_entry(mlir_bc_module(c), text, strlen(text), (long long)mlir_bc_offset(c), out);
}

/* ---- types -------------------------------------------------------------------------- */

static tsr_status rd_shape(mlir_bc_cursor *c, mlir_ir_type *t) {
  uint64_t rank = 0;
  TSR_TRY(mlir_bc_count(c, 1, &rank, "dimension"));
  if (rank > 64) return mlir_bc_fail_at(c, "tensor rank is too large");
  t->u.shaped.rank = (int)rank;
  t->u.shaped.shape = mlir_ir_alloc(mlir_bc_ctx(c), sizeof(int64_t) * (size_t)(rank ? rank : 1));
  if (!t->u.shaped.shape) return nomem();
  for (uint64_t i = 0; i < rank; i++) {
    TSR_TRY(mlir_bc_svarint(c, &t->u.shaped.shape[i]));
    if (t->u.shaped.shape[i] < 0 && t->u.shaped.shape[i] != MLIR_IR_DYNAMIC) return mlir_bc_fail_at(c, "negative tensor dimension");
  }
  return TSR_OK;
}

tsr_status mlir_vhlo_decode_type(mlir_bc_cursor *c, mlir_ir_type **out) {
  mlir_ir_ctx *ctx = mlir_bc_ctx(c);
  uint64_t code = 0;
  TSR_TRY(mlir_bc_varint(c, &code));
  /* codes 2..7 and 27..40 are float formats (VhloBytecode.cpp's TypeCode) */
  static const struct { uint8_t code; mlir_ir_float_kind kind; } floats[] = {
      {2, MLIR_IR_BF16}, {3, MLIR_IR_F16}, {4, MLIR_IR_F32}, {5, MLIR_IR_F64}, {6, MLIR_IR_F8E4M3FN},
      {7, MLIR_IR_F8E5M2}, {27, MLIR_IR_F8E4M3FNUZ}, {28, MLIR_IR_F8E5M2FNUZ}, {29, MLIR_IR_F8E4M3B11FNUZ},
      {34, MLIR_IR_TF32}, {35, MLIR_IR_F8E4M3}, {36, MLIR_IR_F8E3M4}, {37, MLIR_IR_F4E2M1FN},
      {38, MLIR_IR_F6E2M3FN}, {39, MLIR_IR_F6E3M2FN}, {40, MLIR_IR_F8E8M0FNU}};
  for (size_t i = 0; i < sizeof floats / sizeof floats[0]; i++)
    if (floats[i].code == code) return (*out = mlir_ir_type_float(ctx, floats[i].kind)) ? TSR_OK : nomem();
  /* signed VHLO integers are MLIR's signless ones; unsigned stay unsigned */
  static const struct { uint8_t code; unsigned width; mlir_ir_signedness sign; } ints[] = {
      {0, 1, MLIR_IR_SIGNLESS}, {31, 2, MLIR_IR_SIGNLESS}, {10, 4, MLIR_IR_SIGNLESS}, {11, 8, MLIR_IR_SIGNLESS},
      {12, 16, MLIR_IR_SIGNLESS}, {13, 32, MLIR_IR_SIGNLESS}, {14, 64, MLIR_IR_SIGNLESS},
      {32, 2, MLIR_IR_UNSIGNED}, {15, 4, MLIR_IR_UNSIGNED}, {16, 8, MLIR_IR_UNSIGNED},
      {17, 16, MLIR_IR_UNSIGNED}, {18, 32, MLIR_IR_UNSIGNED}, {19, 64, MLIR_IR_UNSIGNED}};
  for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
    if (ints[i].code == code) return (*out = mlir_ir_type_int(ctx, ints[i].width, ints[i].sign)) ? TSR_OK : nomem();
  mlir_ir_type *t = NULL;
  switch (code) {
  case 1:
    if (!(t = mlir_ir_type_new(ctx, MLIR_IR_TYPE_COMPLEX))) return nomem();
    TSR_TRY(mlir_bc_type(c, &t->u.complex_element));
    break;
  case 8:
    if (!(t = mlir_ir_type_new(ctx, MLIR_IR_TYPE_FUNCTION))) return nomem();
    TSR_TRY(mlir_bc_types(c, &t->u.function.inputs, &t->u.function.n_inputs));
    TSR_TRY(mlir_bc_types(c, &t->u.function.results, &t->u.function.n_results));
    break;
  case 9: t = mlir_ir_type_new(ctx, MLIR_IR_TYPE_INDEX); break;
  case 33: t = mlir_ir_type_new(ctx, MLIR_IR_TYPE_NONE); break;
  case 20: case 21:
    if (!(t = mlir_ir_type_new(ctx, MLIR_IR_TYPE_TENSOR))) return nomem();
    if (code == 21) TSR_TRY(mlir_bc_attr(c, &t->u.shaped.encoding));
    TSR_TRY(rd_shape(c, t));
    TSR_TRY(mlir_bc_type(c, &t->u.shaped.element));
    break;
  case 22: return mlir_text_parse_type_entry(mlir_bc_module(c), "!stablehlo.token", 16, (long long)mlir_bc_offset(c), out);
  case 23:
    if (!(t = mlir_ir_type_new(ctx, MLIR_IR_TYPE_TUPLE))) return nomem();
    TSR_TRY(mlir_bc_types(c, &t->u.tuple.types, &t->u.tuple.n));
    break;
  case 25:
    if (!(t = mlir_ir_type_new(ctx, MLIR_IR_TYPE_UNRANKED_TENSOR))) return nomem();
    TSR_TRY(mlir_bc_type(c, &t->u.shaped.element));
    break;
  default: {
    /* 24 and 30: quantized types; 26: shape's witness; 41: buffers; 42: futures */
    char msg[96];
    snprintf(msg, sizeof msg, "VHLO type code %" PRIu64 " is not one tessera reads", code);
    return tsr_fail(TSR_ERR_UNSUPPORTED, "bytecode offset %zu: %s", mlir_bc_offset(c), msg);
  }
  }
  if (!t) return nomem();
  *out = t;
  return TSR_OK;
}

/* ---- attributes --------------------------------------------------------------------- */

/* VHLO's enums by code (VhloEnums.td), as StableHLO spells them. */
static const char *const comparison_direction[] = {"EQ", "NE", "GE", "GT", "LE", "LT", NULL};
static const char *const comparison_type[] = {"NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED", NULL};
static const char *const fft_type[] = {"FFT", "IFFT", "RFFT", "IRFFT", NULL};
static const char *const precision[] = {"DEFAULT", "HIGH", "HIGHEST", NULL};
static const char *const rng_algorithm[] = {"DEFAULT", "THREE_FRY", "PHILOX", NULL};
static const char *const rng_distribution[] = {"", "UNIFORM", "NORMAL", NULL}; /* from 1 */
static const char *const transpose[] = {"TRANSPOSE_INVALID", "NO_TRANSPOSE", "TRANSPOSE", "ADJOINT", NULL};
static const char *const accuracy_mode[] = {"DEFAULT", "HIGHEST", "TOLERANCE", NULL};

static tsr_status rd_enum(mlir_bc_cursor *c, const char *mnemonic, const char *const *keywords, const char **kw) {
  uint64_t v = 0;
  TSR_TRY(mlir_bc_varint(c, &v));
  for (uint64_t i = 0; keywords[i]; i++)
    if (i == v && keywords[i][0]) {
      *kw = keywords[i];
      return TSR_OK;
    }
  char msg[96];
  snprintf(msg, sizeof msg, "unknown %s value %" PRIu64, mnemonic, v);
  return mlir_bc_fail_at(c, msg);
}

/* `#stablehlo<mnemonic KEYWORD>`, the generic print of a StableHLO enum. */
static tsr_status enum_attr(mlir_bc_cursor *c, const char *mnemonic, const char *const *keywords, mlir_ir_attr **out) {
  const char *kw;
  TSR_TRY(rd_enum(c, mnemonic, keywords, &kw));
  char text[96];
  snprintf(text, sizeof text, "#stablehlo<%s %s>", mnemonic, kw);
  return attr_from_text(c, text, out);
}

/* Appends `[a, b, c]` of svarints read from c. */
static tsr_status rd_svarint_list(mlir_bc_cursor *c, char *buf, size_t cap, size_t *len, bool bounds) {
  uint64_t n = 0;
  TSR_TRY(mlir_bc_count(c, 1, &n, "integer list"));
  *len += (size_t)snprintf(buf + *len, *len < cap ? cap - *len : 0, bounds ? "" : "[");
  for (uint64_t i = 0; i < n; i++) {
    int64_t v = 0;
    TSR_TRY(mlir_bc_svarint(c, &v));
    const char *sep = i ? ", " : "";
    if (bounds && v == MLIR_IR_DYNAMIC)
      *len += (size_t)snprintf(buf + *len, *len < cap ? cap - *len : 0, "%s?", sep);
    else
      *len += (size_t)snprintf(buf + *len, *len < cap ? cap - *len : 0, "%s%" PRId64, sep, v);
  }
  *len += (size_t)snprintf(buf + *len, *len < cap ? cap - *len : 0, bounds ? "" : "]");
  if (*len >= cap) return mlir_bc_fail_at(c, "integer list too long");
  return TSR_OK;
}

/* An APFloat of a known format, as the bits of that width. */
static tsr_status rd_float_bits(mlir_bc_cursor *c, mlir_ir_float_kind k, uint64_t *bits) {
  unsigned w = mlir_ir_float_width(k);
  mlir_ir_attr tmp;
  memset(&tmp, 0, sizeof tmp);
  TSR_TRY(mlir_bc_apint(c, w, &tmp));
  *bits = tmp.u.integer.n_words ? tmp.u.integer.words[0]
          : w < 64 ? (uint64_t)tmp.u.integer.value & ((1ull << w) - 1) : (uint64_t)tmp.u.integer.value;
  return TSR_OK;
}

static tsr_status rd_dict(mlir_bc_cursor *c, mlir_ir_attr **out) {
  mlir_ir_ctx *ctx = mlir_bc_ctx(c);
  uint64_t n = 0;
  TSR_TRY(mlir_bc_count(c, 2, &n, "dictionary entry"));
  mlir_ir_attr *a = mlir_ir_attr_new(ctx, MLIR_IR_ATTR_DICT);
  if (!a) return nomem();
  a->u.dict.n = (int)n;
  a->u.dict.entries = mlir_ir_alloc(ctx, sizeof(mlir_ir_named_attr) * (size_t)(n ? n : 1));
  if (!a->u.dict.entries) return nomem();
  for (uint64_t i = 0; i < n; i++) {
    mlir_ir_attr *name;
    TSR_TRY(mlir_bc_attr(c, &name));
    if (name->kind != MLIR_IR_ATTR_STRING) return mlir_bc_fail_at(c, "dictionary key is not a string");
    if (!(a->u.dict.entries[i].name = mlir_ir_intern(ctx, name->u.string.data, name->u.string.len))) return nomem();
    TSR_TRY(mlir_bc_attr(c, &a->u.dict.entries[i].value));
  }
  if (!mlir_ir_dict_finish(a)) return mlir_bc_fail_at(c, "dictionary has a duplicate key");
  *out = a;
  return TSR_OK;
}

/* A varint of at most `max` as an integer attribute of `width` bits. */
static tsr_status small_int(mlir_bc_cursor *c, unsigned width, uint64_t max, const char *bad, mlir_ir_attr **out) {
  uint64_t v = 0;
  TSR_TRY(mlir_bc_varint(c, &v));
  if (v > max) return mlir_bc_fail_at(c, bad);
  mlir_ir_type *t = mlir_ir_type_int(mlir_bc_ctx(c), width, MLIR_IR_SIGNLESS);
  return t && (*out = mlir_ir_attr_int_new(mlir_bc_ctx(c), t, (int64_t)v)) ? TSR_OK : nomem();
}

tsr_status mlir_vhlo_decode_attr(mlir_bc_cursor *c, mlir_ir_attr **out) {
  mlir_ir_ctx *ctx = mlir_bc_ctx(c);
  uint64_t code = 0;
  TSR_TRY(mlir_bc_varint(c, &code));
  mlir_ir_attr *a = NULL;
  char text[1024];
  size_t len = 0;
  switch (code) {
  case 1: /* array */
    if (!(a = mlir_ir_attr_new(ctx, MLIR_IR_ATTR_ARRAY))) return nomem();
    TSR_TRY(mlir_bc_attrs(c, &a->u.array.elems, &a->u.array.n));
    break;
  case 2: return small_int(c, 1, 1, "boolean attribute is neither 0 nor 1", out); /* BoolAttr: i1 */
  case 3: return enum_attr(c, "comparison_direction", comparison_direction, out);
  case 4: return enum_attr(c, "comparison_type", comparison_type, out);
  case 5: return small_int(c, 32, 4, "unknown custom call api_version", out); /* StableHLO's is an i32 */
  case 6: return rd_dict(c, out);
  case 7: return enum_attr(c, "fft_type", fft_type, out);
  case 8: { /* float: type, APFloat */
    if (!(a = mlir_ir_attr_new(ctx, MLIR_IR_ATTR_FLOAT))) return nomem();
    TSR_TRY(mlir_bc_type(c, &a->type));
    if (a->type->kind != MLIR_IR_TYPE_FLOAT) return mlir_bc_fail_at(c, "float attribute with a non-float type");
    TSR_TRY(rd_float_bits(c, a->type->u.float_kind, &a->u.flt.bits));
    a->u.flt.value = mlir_ir_float_value(a->type->u.float_kind, a->u.flt.bits);
    break;
  }
  case 9: { /* integer: type, APInt */
    if (!(a = mlir_ir_attr_new(ctx, MLIR_IR_ATTR_INTEGER))) return nomem();
    TSR_TRY(mlir_bc_type(c, &a->type));
    unsigned w = a->type->kind == MLIR_IR_TYPE_INDEX ? 64 : a->type->kind == MLIR_IR_TYPE_INTEGER ? a->type->u.integer.width : 0;
    if (!w) return mlir_bc_fail_at(c, "integer attribute with a non-integer type");
    TSR_TRY(mlir_bc_apint(c, w, a));
    if (!a->u.integer.n_words) a->u.integer.value = mlir_text_normalize_int(a->type, a->u.integer.value);
    break;
  }
  case 10: { /* output_operand_alias: svarint lists around an svarint */
    len = (size_t)snprintf(text, sizeof text, "#stablehlo.output_operand_alias<output_tuple_indices = ");
    TSR_TRY(rd_svarint_list(c, text, sizeof text, &len, false));
    int64_t operand = 0;
    TSR_TRY(mlir_bc_svarint(c, &operand));
    len += (size_t)snprintf(text + len, sizeof text - len, ", operand_index = %" PRId64 ", operand_tuple_indices = ", operand);
    TSR_TRY(rd_svarint_list(c, text, sizeof text, &len, false));
    if (len + 2 > sizeof text) return mlir_bc_fail_at(c, "output_operand_alias too long");
    strcat(text, ">");
    return attr_from_text(c, text, out);
  }
  case 11: return enum_attr(c, "precision", precision, out);
  case 12: return enum_attr(c, "rng_algorithm", rng_algorithm, out);
  case 13: return enum_attr(c, "rng_distribution", rng_distribution, out);
  case 14: /* string */
    if (!(a = mlir_ir_attr_new(ctx, MLIR_IR_ATTR_STRING))) return nomem();
    TSR_TRY(mlir_bc_string(c, &a->u.string.data, &a->u.string.len));
    break;
  case 15: { /* tensor: type, blob (i1 packed as MLIR's dense elements pack it) */
    if (!(a = mlir_ir_attr_new(ctx, MLIR_IR_ATTR_DENSE))) return nomem();
    TSR_TRY(mlir_bc_type(c, &a->type));
    if (!mlir_ir_type_is_shaped(a->type)) return mlir_bc_fail_at(c, "tensor attribute with a non-shaped type");
    const uint8_t *blob;
    size_t size = 0;
    TSR_TRY(mlir_bc_blob(c, &blob, &size));
    TSR_TRY(mlir_bc_dense(c, a, blob, size));
    break;
  }
  case 16: return enum_attr(c, "transpose", transpose, out);
  case 17: /* type */
    if (!(a = mlir_ir_attr_new(ctx, MLIR_IR_ATTR_TYPE))) return nomem();
    TSR_TRY(mlir_bc_type(c, &a->type));
    break;
  case 18: /* type extensions: a tensor's dimension bounds */
    len = (size_t)snprintf(text, sizeof text, "#stablehlo.bounds<");
    TSR_TRY(rd_svarint_list(c, text, sizeof text, &len, true));
    if (len + 2 > sizeof text) return mlir_bc_fail_at(c, "bounds too long");
    strcat(text, ">");
    return attr_from_text(c, text, out);
  case 19: { /* result accuracy mode (inside a result accuracy) */
    const char *kw;
    TSR_TRY(rd_enum(c, "result_accuracy_mode", accuracy_mode, &kw));
    snprintf(text, sizeof text, "#stablehlo.result_accuracy_mode<%s>", kw);
    return attr_from_text(c, text, out);
  }
  case 20: { /* result accuracy: atol, rtol (doubles), ulps, mode */
    uint64_t atol = 0, rtol = 0;
    int64_t ulps = 0;
    mlir_ir_attr *mode;
    TSR_TRY(rd_float_bits(c, MLIR_IR_F64, &atol));
    TSR_TRY(rd_float_bits(c, MLIR_IR_F64, &rtol));
    TSR_TRY(mlir_bc_svarint(c, &ulps));
    TSR_TRY(mlir_bc_attr(c, &mode));
    if (mode->kind != MLIR_IR_ATTR_OPAQUE) return mlir_bc_fail_at(c, "result accuracy without a mode");
    double da, dr;
    memcpy(&da, &atol, 8);
    memcpy(&dr, &rtol, 8);
    /* the default prints with its zero fields left out (and vhlo.c drops it then) */
    if (da == 0 && dr == 0 && ulps == 0)
      snprintf(text, sizeof text, "#stablehlo.result_accuracy<mode = %s>", mode->u.opaque_text);
    else
      snprintf(text, sizeof text, "#stablehlo.result_accuracy<atol = %.6e, rtol = %.6e, ulps = %" PRId64 ", mode = %s>",
               da, dr, ulps, mode->u.opaque_text);
    return attr_from_text(c, text, out);
  }
  default: {
    /* 21..25: Shardy's mesh and axis attributes (StableHLO 1.16), past what tessera reads */
    char msg[96];
    snprintf(msg, sizeof msg, "VHLO attribute code %" PRIu64 " is not one tessera reads", code);
    return tsr_fail(TSR_ERR_UNSUPPORTED, "bytecode offset %zu: %s", mlir_bc_offset(c), msg);
  }
  }
  *out = a;
  return TSR_OK;
}

/* ---- properties --------------------------------------------------------------------- */

static int name_cmp(const void *a, const void *b) {
  return strcmp(((const mlir_ir_named_attr *)a)->name, ((const mlir_ir_named_attr *)b)->name);
}

/* The record holds one attribute reference per attribute the op declares, in the order of
 * their names (ODS sorts an op's properties by name). */
tsr_status mlir_vhlo_decode_props(mlir_bc_cursor *c, const char *op_name, mlir_ir_attr **out) {
  const char *names = mlir_vhlo_op_attrs(op_name);
  if (!names) return tsr_fail(TSR_ERR_UNSUPPORTED, "bytecode offset %zu: %s: %s", mlir_bc_offset(c), op_name, mlir_vhlo_unknown_op);
  mlir_ir_ctx *ctx = mlir_bc_ctx(c);
  int n = *names ? 1 : 0;
  for (const char *p = names; *p; p++) n += *p == ',';
  mlir_ir_attr *d = mlir_ir_attr_new(ctx, MLIR_IR_ATTR_DICT);
  mlir_ir_named_attr *e = mlir_ir_alloc(ctx, sizeof *e * (size_t)(n ? n : 1));
  if (!d || !e) return nomem();
  const char *p = names;
  for (int i = 0; i < n; i++) {
    const char *end = strchr(p, ',');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    if (!(e[i].name = mlir_ir_intern(ctx, p, len))) return nomem();
    p = end ? end + 1 : p + len;
  }
  if (n > 1) qsort(e, (size_t)n, sizeof *e, name_cmp);
  for (int i = 0; i < n; i++) TSR_TRY(mlir_bc_attr(c, &e[i].value));
  d->u.dict.n = n;
  d->u.dict.entries = e;
  if (!mlir_ir_dict_finish(d)) return mlir_bc_fail_at(c, "duplicate VHLO attribute name");
  *out = d;
  return TSR_OK;
}
