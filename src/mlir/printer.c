/* Prints the IR in MLIR's generic form, which the text parser reads back to the same IR
 * (values are named by id, blocks by position, and attributes keep their exact bits). */
#include "mlir/printer.h"

#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "mlir/text.h"

typedef struct printer {
  FILE *f;
  unsigned flags;
  tsr_mlir_value_namer namer; /* NULL: %<id> */
  void *namer_user;           /* also the writer's */
  tsr_mlir_op_writer writer;  /* NULL: none */
} printer;

static void print_attr(printer *p, const mlir_ir_attr *a);

static bool is_bare_id(const char *s, size_t n) {
  if (!n || !(isalpha((unsigned char)s[0]) || s[0] == '_')) return false;
  for (size_t i = 1; i < n; i++)
    if (!(isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '$' || s[i] == '.')) return false;
  return true;
}

static void print_string(FILE *f, const char *s, size_t n) {
  fputc('"', f);
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
    else if (c == '\n') fputs("\\n", f);
    else if (c == '\t') fputs("\\t", f);
    else if (c < 0x20 || c >= 0x7F) fprintf(f, "\\%02X", c);
    else fputc(c, f);
  }
  fputc('"', f);
}

static void print_symbol(FILE *f, const char *s) {
  fputc('@', f);
  size_t n = strlen(s);
  bool bare = n > 0;
  for (size_t i = 0; i < n; i++)
    if (!(isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '$' || s[i] == '.' || s[i] == '-')) bare = false;
  if (bare) fputs(s, f);
  else print_string(f, s, n);
}

/* ---- types -------------------------------------------------------------------------- */

static void print_dims(FILE *f, const mlir_ir_type *t) {
  for (int i = 0; i < t->u.shaped.rank; i++) {
    bool sc = t->u.shaped.scalable && t->u.shaped.scalable[i];
    if (sc) fputc('[', f);
    if (t->u.shaped.shape[i] == MLIR_IR_DYNAMIC) fputc('?', f);
    else fprintf(f, "%" PRId64, t->u.shaped.shape[i]);
    fputs(sc ? "]x" : "x", f);
  }
}

static void print_type_list(printer *p, mlir_ir_type *const *t, int n) {
  for (int i = 0; i < n; i++) {
    if (i) fputs(", ", p->f);
    mlir_print_type(p->f, t[i]);
  }
}

void mlir_print_type(FILE *f, const mlir_ir_type *t) {
  printer pp = {f, 0, NULL, NULL, NULL}, *p = &pp;
  switch (t->kind) {
  case MLIR_IR_TYPE_INTEGER:
    fprintf(f, "%s%u", t->u.integer.signedness == MLIR_IR_SIGNED ? "si" : t->u.integer.signedness == MLIR_IR_UNSIGNED ? "ui" : "i",
            t->u.integer.width);
    return;
  case MLIR_IR_TYPE_FLOAT: fputs(mlir_ir_float_name(t->u.float_kind), f); return;
  case MLIR_IR_TYPE_INDEX: fputs("index", f); return;
  case MLIR_IR_TYPE_NONE: fputs("none", f); return;
  case MLIR_IR_TYPE_FUNCTION:
    fputc('(', f);
    print_type_list(p, t->u.function.inputs, t->u.function.n_inputs);
    fputs(") -> ", f);
    if (t->u.function.n_results == 1 && t->u.function.results[0]->kind != MLIR_IR_TYPE_FUNCTION) {
      mlir_print_type(f, t->u.function.results[0]);
    } else {
      fputc('(', f);
      print_type_list(p, t->u.function.results, t->u.function.n_results);
      fputc(')', f);
    }
    return;
  case MLIR_IR_TYPE_TENSOR: case MLIR_IR_TYPE_VECTOR: case MLIR_IR_TYPE_MEMREF:
    fputs(t->kind == MLIR_IR_TYPE_TENSOR ? "tensor<" : t->kind == MLIR_IR_TYPE_VECTOR ? "vector<" : "memref<", f);
    print_dims(f, t);
    mlir_print_type(f, t->u.shaped.element);
    break;
  case MLIR_IR_TYPE_UNRANKED_TENSOR: case MLIR_IR_TYPE_UNRANKED_MEMREF:
    fputs(t->kind == MLIR_IR_TYPE_UNRANKED_TENSOR ? "tensor<*x" : "memref<*x", f);
    mlir_print_type(f, t->u.shaped.element);
    break;
  case MLIR_IR_TYPE_TUPLE:
    fputs("tuple<", f);
    print_type_list(p, t->u.tuple.types, t->u.tuple.n);
    fputc('>', f);
    return;
  case MLIR_IR_TYPE_COMPLEX:
    fputs("complex<", f);
    mlir_print_type(f, t->u.complex_element);
    fputc('>', f);
    return;
  case MLIR_IR_TYPE_TPU_SEMAPHORE: fputs("!tpu.semaphore", f); return;
  case MLIR_IR_TYPE_TPU_DMA_SEMAPHORE: fputs("!tpu.dma_semaphore", f); return;
  case MLIR_IR_TYPE_OPAQUE: fputs(t->u.opaque_text, f); return;
  }
  /* shaped tails */
  if (t->u.shaped.encoding) { fputs(", ", f); print_attr(p, t->u.shaped.encoding); }
  if (t->u.shaped.layout) { fputs(", ", f); print_attr(p, t->u.shaped.layout); }
  if (t->u.shaped.memory_space) {
    /* a lone memory space that looks like a layout would be read back as one */
    fputs(", ", f);
    print_attr(p, t->u.shaped.memory_space);
  }
  fputc('>', f);
}

/* ---- attributes --------------------------------------------------------------------- */

static void print_float_bits(FILE *f, const mlir_ir_type *t, uint64_t bits, double v) {
  mlir_ir_float_kind k = t->u.float_kind;
  bool exact = k == MLIR_IR_F64 || k == MLIR_IR_F32 || k == MLIR_IR_F16 || k == MLIR_IR_BF16;
  if (!exact || !isfinite(v)) {
    unsigned w = mlir_ir_float_width(k);
    fprintf(f, "0x%0*" PRIX64, (int)((w + 3) / 4), bits);
    return;
  }
  char buf[64];
  snprintf(buf, sizeof buf, k == MLIR_IR_F64 ? "%.17g" : "%.9g", v);
  fputs(buf, f);
  if (!strpbrk(buf, ".en")) fputs(".0", f);
}

static uint64_t load_le(const uint8_t *d, size_t n) {
  uint64_t v = 0;
  for (size_t i = 0; i < n && i < 8; i++) v |= (uint64_t)d[i] << (8 * i);
  return v;
}

static void print_affine_expr(FILE *f, const mlir_ir_affine *e, bool paren) {
  static const char *const ops[] = {"", "", "", " + ", " * ", " mod ", " floordiv ", " ceildiv "};
  switch (e->kind) {
  case MLIR_IR_AFFINE_DIM: fprintf(f, "d%" PRId64, e->value); return;
  case MLIR_IR_AFFINE_SYMBOL: fprintf(f, "s%" PRId64, e->value); return;
  case MLIR_IR_AFFINE_CONST: fprintf(f, "%" PRId64, e->value); return;
  default:
    if (paren) fputc('(', f);
    print_affine_expr(f, e->lhs, true);
    fputs(ops[e->kind], f);
    print_affine_expr(f, e->rhs, true);
    if (paren) fputc(')', f);
  }
}

static void print_loc_inner(printer *p, const mlir_ir_attr *a) {
  FILE *f = p->f;
  switch (a->kind) {
  case MLIR_IR_ATTR_LOC_UNKNOWN: fputs("unknown", f); return;
  case MLIR_IR_ATTR_LOC_FILE:
    print_string(f, a->u.file.file, strlen(a->u.file.file));
    if (a->u.file.n_coords >= 1) fprintf(f, ":%u", a->u.file.line);
    if (a->u.file.n_coords >= 2) fprintf(f, ":%u", a->u.file.col);
    if (a->u.file.n_coords == 3) fprintf(f, " to :%u", a->u.file.end_col);
    if (a->u.file.n_coords == 4) fprintf(f, " to %u:%u", a->u.file.end_line, a->u.file.end_col);
    return;
  case MLIR_IR_ATTR_LOC_NAME:
    print_string(f, a->u.name_loc.name, strlen(a->u.name_loc.name));
    if (a->u.name_loc.child && a->u.name_loc.child->kind != MLIR_IR_ATTR_LOC_UNKNOWN) {
      fputc('(', f);
      print_loc_inner(p, a->u.name_loc.child);
      fputc(')', f);
    }
    return;
  case MLIR_IR_ATTR_LOC_CALLSITE:
    fputs("callsite(", f);
    print_loc_inner(p, a->u.callsite.callee);
    fputs(" at ", f);
    print_loc_inner(p, a->u.callsite.caller);
    fputc(')', f);
    return;
  case MLIR_IR_ATTR_LOC_FUSED:
    fputs("fused", f);
    if (a->u.fused.metadata) {
      fputc('<', f);
      print_attr(p, a->u.fused.metadata);
      fputc('>', f);
    }
    fputc('[', f);
    for (int i = 0; i < a->u.fused.n; i++) {
      if (i) fputs(", ", f);
      print_loc_inner(p, a->u.fused.locs[i]);
    }
    fputc(']', f);
    return;
  default: fputs(a->u.opaque_text ? a->u.opaque_text : "unknown", f); return;
  }
}

/* Nested list of dense elements, one dimension per bracket level. */
static void print_dense_elems(FILE *f, const mlir_ir_attr *a, const mlir_ir_type *et, int dim, int64_t *idx) {
  const mlir_ir_type *t = a->type;
  int rank = mlir_ir_type_rank(t);
  if (dim == rank) {
    size_t eb = a->u.dense.elem_bytes;
    const uint8_t *d = a->u.dense.data + (a->u.dense.splat ? 0 : (size_t)*idx * eb);
    (*idx)++;
    bool cplx = et->kind == MLIR_IR_TYPE_COMPLEX;
    const mlir_ir_type *st = cplx ? et->u.complex_element : et;
    size_t sb = cplx ? eb / 2 : eb;
    for (int part = 0; part < (cplx ? 2 : 1); part++) {
      if (cplx) fputs(part ? ", " : "(", f);
      uint64_t bits = load_le(d + (size_t)part * sb, sb);
      if (st->kind == MLIR_IR_TYPE_FLOAT) {
        print_float_bits(f, st, bits, mlir_ir_float_value(st->u.float_kind, bits));
      } else if (mlir_ir_type_is_int(st, 1)) {
        fputs(bits ? "true" : "false", f);
      } else {
        fprintf(f, "%" PRId64, mlir_text_normalize_int(st, (int64_t)bits));
      }
    }
    if (cplx) fputc(')', f);
    return;
  }
  fputc('[', f);
  for (int64_t i = 0; i < t->u.shaped.shape[dim]; i++) {
    if (i) fputs(", ", f);
    print_dense_elems(f, a, et, dim + 1, idx);
  }
  fputc(']', f);
}

static void print_dense(printer *p, const mlir_ir_attr *a) {
  FILE *f = p->f;
  const mlir_ir_type *et = mlir_ir_type_element(a->type);
  fputs("dense<", f);
  if (a->u.dense.splat || a->u.dense.numel <= 16) {
    int64_t idx = 0;
    if (a->u.dense.splat) {
      mlir_ir_attr one = *a;
      /* print a single element through the rank-0 path */
      mlir_ir_type scalar_shape = *a->type;
      scalar_shape.u.shaped.rank = 0;
      one.type = &scalar_shape;
      print_dense_elems(f, &one, et, 0, &idx);
    } else {
      print_dense_elems(f, a, et, 0, &idx);
    }
  } else {
    fputs("\"0x", f);
    for (size_t i = 0; i < a->u.dense.size; i++) fprintf(f, "%02X", a->u.dense.data[i]);
    fputc('"', f);
  }
  fputs("> : ", f);
  mlir_print_type(f, a->type);
}

static void print_attr(printer *p, const mlir_ir_attr *a) {
  FILE *f = p->f;
  switch (a->kind) {
  case MLIR_IR_ATTR_UNIT: fputs("unit", f); return;
  case MLIR_IR_ATTR_INTEGER:
    if (mlir_ir_type_is_int(a->type, 1)) {
      fputs(a->u.integer.value ? "true" : "false", f);
      return;
    }
    if (a->u.integer.n_words) {
      /* wider than 64 bits: hex of the words, most significant first */
      fputs("0x", f);
      for (unsigned i = a->u.integer.n_words; i-- > 0;) fprintf(f, "%016" PRIX64, a->u.integer.words[i]);
    } else if (a->type->kind == MLIR_IR_TYPE_INTEGER && a->type->u.integer.signedness == MLIR_IR_UNSIGNED) {
      fprintf(f, "%" PRIu64, (uint64_t)a->u.integer.value);
    } else {
      fprintf(f, "%" PRId64, a->u.integer.value);
    }
    fputs(" : ", f);
    mlir_print_type(f, a->type);
    return;
  case MLIR_IR_ATTR_FLOAT:
    print_float_bits(f, a->type, a->u.flt.bits, a->u.flt.value);
    fputs(" : ", f);
    mlir_print_type(f, a->type);
    return;
  case MLIR_IR_ATTR_STRING:
    print_string(f, a->u.string.data, a->u.string.len);
    if (a->type) {
      fputs(" : ", f);
      mlir_print_type(f, a->type);
    }
    return;
  case MLIR_IR_ATTR_ARRAY:
    fputc('[', f);
    for (int i = 0; i < a->u.array.n; i++) {
      if (i) fputs(", ", f);
      print_attr(p, a->u.array.elems[i]);
    }
    fputc(']', f);
    return;
  case MLIR_IR_ATTR_DICT:
    fputc('{', f);
    for (int i = 0; i < a->u.dict.n; i++) {
      const mlir_ir_named_attr *e = &a->u.dict.entries[i];
      if (i) fputs(", ", f);
      size_t n = strlen(e->name);
      if (is_bare_id(e->name, n)) fputs(e->name, f);
      else print_string(f, e->name, n);
      if (e->value->kind != MLIR_IR_ATTR_UNIT) {
        fputs(" = ", f);
        print_attr(p, e->value);
      }
    }
    fputc('}', f);
    return;
  case MLIR_IR_ATTR_DENSE: print_dense(p, a); return;
  case MLIR_IR_ATTR_DENSE_STRING:
    fputs("dense<", f);
    if (a->u.dense_string.n != 1) fputc('[', f);
    for (int64_t i = 0; i < a->u.dense_string.n; i++) {
      if (i) fputs(", ", f);
      print_string(f, a->u.dense_string.strs[i], a->u.dense_string.lens[i]);
    }
    if (a->u.dense_string.n != 1) fputc(']', f);
    fputs("> : ", f);
    mlir_print_type(f, a->type);
    return;
  case MLIR_IR_ATTR_DENSE_RESOURCE:
    fprintf(f, "dense_resource<%s> : ", a->u.resource.key);
    mlir_print_type(f, a->type);
    return;
  case MLIR_IR_ATTR_SPARSE:
    fputs("sparse<", f);
    print_attr(p, a->u.sparse.indices);
    fputs(", ", f);
    print_attr(p, a->u.sparse.values);
    fputs("> : ", f);
    mlir_print_type(f, a->type);
    return;
  case MLIR_IR_ATTR_DENSE_ARRAY: {
    fputs("array<", f);
    mlir_print_type(f, a->type);
    size_t eb = a->u.dense_array.elem_bytes;
    for (int64_t i = 0; i < a->u.dense_array.n; i++) {
      fputs(i ? ", " : ": ", f);
      uint64_t bits = load_le(a->u.dense_array.data + (size_t)i * eb, eb);
      if (a->type->kind == MLIR_IR_TYPE_FLOAT) print_float_bits(f, a->type, bits, mlir_ir_float_value(a->type->u.float_kind, bits));
      else if (mlir_ir_type_is_int(a->type, 1)) fputs(bits ? "true" : "false", f);
      else fprintf(f, "%" PRId64, mlir_text_normalize_int(a->type, (int64_t)bits));
    }
    fputc('>', f);
    return;
  }
  case MLIR_IR_ATTR_SYMBOL_REF:
    print_symbol(f, a->u.symbol.root);
    for (int i = 0; i < a->u.symbol.n_nested; i++) {
      fputs("::", f);
      print_symbol(f, a->u.symbol.nested[i]);
    }
    return;
  case MLIR_IR_ATTR_TYPE: mlir_print_type(f, a->type); return;
  case MLIR_IR_ATTR_AFFINE_MAP:
    fputs("affine_map<(", f);
    for (int i = 0; i < a->u.affine.n_dims; i++) fprintf(f, "%sd%d", i ? ", " : "", i);
    fputc(')', f);
    if (a->u.affine.n_symbols) {
      fputc('[', f);
      for (int i = 0; i < a->u.affine.n_symbols; i++) fprintf(f, "%ss%d", i ? ", " : "", i);
      fputc(']', f);
    }
    fputs(" -> (", f);
    for (int i = 0; i < a->u.affine.n_results; i++) {
      if (i) fputs(", ", f);
      print_affine_expr(f, a->u.affine.results[i], false);
    }
    fputs(")>", f);
    return;
  case MLIR_IR_ATTR_STRIDED:
    fputs("strided<[", f);
    for (int i = 0; i < a->u.strided.rank; i++) {
      if (i) fputs(", ", f);
      if (a->u.strided.strides[i] == MLIR_IR_DYNAMIC) fputc('?', f);
      else fprintf(f, "%" PRId64, a->u.strided.strides[i]);
    }
    fputc(']', f);
    if (a->u.strided.offset == MLIR_IR_DYNAMIC) fputs(", offset: ?", f);
    else if (a->u.strided.offset) fprintf(f, ", offset: %" PRId64, a->u.strided.offset);
    fputc('>', f);
    return;
  case MLIR_IR_ATTR_DISTINCT:
    fprintf(f, "distinct[%" PRIu64 "]<", a->u.distinct.id);
    print_attr(p, a->u.distinct.referenced);
    fputc('>', f);
    return;
  case MLIR_IR_ATTR_LOC_UNKNOWN: case MLIR_IR_ATTR_LOC_FILE: case MLIR_IR_ATTR_LOC_NAME:
  case MLIR_IR_ATTR_LOC_CALLSITE: case MLIR_IR_ATTR_LOC_FUSED: case MLIR_IR_ATTR_LOC_OPAQUE:
    fputs("loc(", f);
    print_loc_inner(p, a);
    fputc(')', f);
    return;
  case MLIR_IR_ATTR_ENUM: case MLIR_IR_ATTR_FIELDS: mlir_dialect_attr_print(f, a); return;
  case MLIR_IR_ATTR_OPAQUE: fputs(a->u.opaque_text, f); return;
  }
}

void mlir_print_attr(FILE *f, const mlir_ir_attr *a) {
  printer p = {f, 0, NULL, NULL, NULL};
  print_attr(&p, a);
}

/* ---- ops ---------------------------------------------------------------------------- */

static void indent(FILE *f, int n) {
  for (int i = 0; i < n; i++) fputs("  ", f);
}

static void print_value(const printer *p, const mlir_ir_value *v) {
  if (p->namer) p->namer(p->namer_user, v, p->f);
  else fprintf(p->f, "%%%" PRIu32, v->id);
}

static void print_op(printer *p, const mlir_ir_op *op, int depth);

static void print_region(printer *p, const mlir_ir_region *r, int depth) {
  FILE *f = p->f;
  fputs("{\n", f);
  for (int b = 0; b < r->n_blocks; b++) {
    const mlir_ir_block *blk = r->blocks[b];
    /* the entry block's label is implicit unless it has arguments or is empty (an empty
     * unlabeled region would read back without any block) */
    if (b > 0 || blk->n_args > 0 || !blk->first) {
      indent(f, depth);
      fprintf(f, "^bb%d", b);
      if (blk->n_args) {
        fputc('(', f);
        for (int i = 0; i < blk->n_args; i++) {
          if (i) fputs(", ", f);
          print_value(p, blk->args[i]);
          fputs(": ", f);
          mlir_print_type(f, blk->args[i]->type);
          if ((p->flags & TSR_MLIR_PRINT_LOCS) && blk->args[i]->loc) {
            fputc(' ', f);
            print_attr(p, blk->args[i]->loc);
          }
        }
        fputc(')', f);
      }
      fputs(":\n", f);
    }
    for (const mlir_ir_op *o = blk->first; o; o = o->next) print_op(p, o, depth + 1);
  }
  indent(f, depth);
  fputc('}', f);
}

static void print_op(printer *p, const mlir_ir_op *op, int depth) {
  FILE *f = p->f;
  if (p->writer && p->writer(p->namer_user, op, depth, f)) return;
  indent(f, depth);
  for (int i = 0; i < op->n_results; i++) {
    if (i) fputs(", ", f);
    print_value(p, op->results[i]);
  }
  if (op->n_results) fputs(" = ", f);
  print_string(f, op->name, strlen(op->name));
  fputc('(', f);
  for (int i = 0; i < op->n_operands; i++) {
    if (i) fputs(", ", f);
    print_value(p, op->operands[i].value);
  }
  fputc(')', f);
  if (op->n_successors) {
    fputs("[", f);
    for (int i = 0; i < op->n_successors; i++) fprintf(f, "%s^bb%d", i ? ", " : "", op->successors[i]->index);
    fputs("]", f);
  }
  if (op->props) {
    fputs(" <", f);
    print_attr(p, op->props);
    fputc('>', f);
  }
  if (op->n_regions) {
    fputs(" (", f);
    for (int r = 0; r < op->n_regions; r++) {
      if (r) fputs(", ", f);
      print_region(p, &op->regions[r], depth);
    }
    fputc(')', f);
  }
  if (op->attrs && op->attrs->u.dict.n) {
    fputc(' ', f);
    print_attr(p, op->attrs);
  }
  fputs(" : (", f);
  for (int i = 0; i < op->n_operands; i++) {
    if (i) fputs(", ", f);
    mlir_ir_type *t = op->operands[i].value->type;
    if (t) mlir_print_type(f, t);
    else fputs("none", f);
  }
  fputs(") -> (", f);
  for (int i = 0; i < op->n_results; i++) {
    if (i) fputs(", ", f);
    mlir_print_type(f, op->results[i]->type);
  }
  fputc(')', f);
  if ((p->flags & TSR_MLIR_PRINT_LOCS) && op->loc) {
    fputc(' ', f);
    print_attr(p, op->loc);
  }
  fputc('\n', f);
}

void mlir_print_op(FILE *f, const mlir_ir_op *op, unsigned flags) {
  printer p = {f, flags, NULL, NULL, NULL};
  print_op(&p, op, 0);
}

void mlir_print_op_named(FILE *f, const mlir_ir_op *op, unsigned flags, int depth, tsr_mlir_value_namer namer,
                             tsr_mlir_op_writer writer, void *user) {
  printer p = {f, flags, namer, user, writer};
  print_op(&p, op, depth);
}
