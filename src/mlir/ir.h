/* The in-memory MLIR IR shared by the readers (bytecode, text), the printer, the Mosaic view
 * and the executors (src/mosaic, src/hlo).
 *
 * Everything a module holds lives in one arena owned by its mlir_ir_ctx, so a module is freed
 * with one call and nodes never need individual ownership. Nodes are plain structs that
 * consumers walk directly; the accessors below cover the lookups that every consumer needs
 * (attribute by name, integer/array/dense payloads, shaped-type queries).
 *
 * Types and attributes are not uniqued: two modules are compared with the structural
 * equality functions, and within one module identical entries may be distinct objects. */
#ifndef TSR_MLIR_IR_H
#define TSR_MLIR_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "tessera/core.h"
#include "tessera/mlir.h"

/* The dynamic-dimension sentinel of shaped types and strided layouts (MLIR's kDynamic). */
#define MLIR_IR_DYNAMIC INT64_MIN
/* Nesting limit for types, attributes and regions: deeper input is rejected, so hostile
 * input cannot exhaust the stack. */
#define MLIR_IR_MAX_DEPTH 200

/* ---- arena and strings --------------------------------------------------------------- */

typedef struct mlir_ir_ctx mlir_ir_ctx;

mlir_ir_ctx *mlir_ir_ctx_create(void);
void mlir_ir_ctx_destroy(mlir_ir_ctx *ctx);
/* Zeroed memory that lives as long as the context; NULL when out of memory. */
void *mlir_ir_alloc(mlir_ir_ctx *ctx, size_t size);
/* Interned NUL-terminated copy: equal strings give the same pointer within one context. */
const char *mlir_ir_intern(mlir_ir_ctx *ctx, const char *s, size_t len);
/* A NUL-terminated copy in the arena (not interned; for payloads such as string attrs). */
char *mlir_ir_strdup(mlir_ir_ctx *ctx, const char *s, size_t len);
/* Bytes the arena holds (for statistics and tests). */
size_t mlir_ir_ctx_bytes(const mlir_ir_ctx *ctx);

/* ---- types --------------------------------------------------------------------------- */

typedef enum mlir_ir_type_kind {
  MLIR_IR_TYPE_INTEGER,
  MLIR_IR_TYPE_FLOAT,
  MLIR_IR_TYPE_INDEX,
  MLIR_IR_TYPE_NONE,
  MLIR_IR_TYPE_FUNCTION,
  MLIR_IR_TYPE_TENSOR,           /* ranked */
  MLIR_IR_TYPE_UNRANKED_TENSOR,
  MLIR_IR_TYPE_VECTOR,
  MLIR_IR_TYPE_MEMREF,
  MLIR_IR_TYPE_UNRANKED_MEMREF,
  MLIR_IR_TYPE_TUPLE,
  MLIR_IR_TYPE_COMPLEX,
  MLIR_IR_TYPE_TPU_SEMAPHORE,
  MLIR_IR_TYPE_TPU_DMA_SEMAPHORE,
  MLIR_IR_TYPE_OPAQUE, /* another dialect's type, kept as its full text "!ns.name<...>" */
} mlir_ir_type_kind;

/* Float formats by their MLIR spelling; the table in ir.c gives each one's bit width. */
#define MLIR_IR_FLOAT_LIST(X)                                                             \
  X(F16, "f16", 16) X(BF16, "bf16", 16) X(F32, "f32", 32) X(F64, "f64", 64)                \
  X(F80, "f80", 80) X(F128, "f128", 128) X(TF32, "tf32", 19) X(F8E5M2, "f8E5M2", 8)         \
  X(F8E4M3, "f8E4M3", 8) X(F8E4M3FN, "f8E4M3FN", 8) X(F8E5M2FNUZ, "f8E5M2FNUZ", 8)          \
  X(F8E4M3FNUZ, "f8E4M3FNUZ", 8) X(F8E4M3B11FNUZ, "f8E4M3B11FNUZ", 8)                      \
  X(F8E3M4, "f8E3M4", 8) X(F4E2M1FN, "f4E2M1FN", 4) X(F6E2M3FN, "f6E2M3FN", 6)              \
  X(F6E3M2FN, "f6E3M2FN", 6) X(F8E8M0FNU, "f8E8M0FNU", 8)

typedef enum mlir_ir_float_kind {
#define TSR_X(e, n, w) MLIR_IR_##e,
  MLIR_IR_FLOAT_LIST(TSR_X)
#undef TSR_X
  MLIR_IR_FLOAT_COUNT
} mlir_ir_float_kind;

typedef enum { MLIR_IR_SIGNLESS = 0, MLIR_IR_SIGNED = 1, MLIR_IR_UNSIGNED = 2 } mlir_ir_signedness;

typedef struct mlir_ir_type mlir_ir_type;
typedef struct mlir_ir_attr mlir_ir_attr;

struct mlir_ir_type {
  mlir_ir_type_kind kind;
  union {
    struct { unsigned width; mlir_ir_signedness signedness; } integer;
    mlir_ir_float_kind float_kind;
    struct { int n_inputs, n_results; mlir_ir_type **inputs, **results; } function;
    /* tensor, vector, memref and their unranked forms (rank 0 and no shape when unranked) */
    struct {
      int rank;
      int64_t *shape;       /* MLIR_IR_DYNAMIC for `?` */
      bool *scalable;       /* vectors only; NULL when no dimension is scalable */
      mlir_ir_type *element;
      mlir_ir_attr *encoding; /* tensors */
      mlir_ir_attr *layout;   /* memrefs; NULL for the identity layout */
      mlir_ir_attr *memory_space; /* memrefs; NULL for the default space */
    } shaped;
    struct { int n; mlir_ir_type **types; } tuple;
    mlir_ir_type *complex_element;
    const char *opaque_text;
  } u;
};

const char *mlir_ir_float_name(mlir_ir_float_kind k);
unsigned mlir_ir_float_width(mlir_ir_float_kind k);
bool mlir_ir_float_by_name(const char *name, size_t len, mlir_ir_float_kind *out);

bool mlir_ir_type_is_shaped(const mlir_ir_type *t);
/* Rank of a ranked tensor/vector/memref; -1 otherwise. */
int mlir_ir_type_rank(const mlir_ir_type *t);
/* Dimension `d` of a ranked shaped type (MLIR_IR_DYNAMIC for `?`). */
int64_t mlir_ir_type_dim(const mlir_ir_type *t, int d);
/* Element type of a shaped or complex type; the type itself for scalars. */
const mlir_ir_type *mlir_ir_type_element(const mlir_ir_type *t);
/* Number of elements of a static ranked shape; -1 when dynamic or unranked. */
int64_t mlir_ir_type_numel(const mlir_ir_type *t);
/* Bit width of an integer or float type, 64 for index, 0 otherwise. */
unsigned mlir_ir_type_bit_width(const mlir_ir_type *t);
bool mlir_ir_type_is_int(const mlir_ir_type *t, unsigned width); /* width 0: any */
bool mlir_ir_type_is_float(const mlir_ir_type *t, mlir_ir_float_kind k);
/* The tessera dtype of a scalar element type (index maps to I64, i1 to BOOL). */
bool mlir_ir_type_dtype(const mlir_ir_type *t, tsr_dtype *out);
/* Memory space of a memref as a tessera space: TSR_VMEM when unspecified, TSR_ANY for
 * #tpu.memory_space<any>, etc.; false when the memref has a space tessera does not know. */
bool mlir_ir_memref_space(const mlir_ir_type *t, tsr_space *out);
bool mlir_ir_type_equal(const mlir_ir_type *a, const mlir_ir_type *b);

/* ---- attributes ---------------------------------------------------------------------- */

typedef enum mlir_ir_attr_kind {
  MLIR_IR_ATTR_UNIT,
  MLIR_IR_ATTR_INTEGER,  /* also BoolAttr: an i1 integer */
  MLIR_IR_ATTR_FLOAT,
  MLIR_IR_ATTR_STRING,
  MLIR_IR_ATTR_ARRAY,
  MLIR_IR_ATTR_DICT,
  MLIR_IR_ATTR_DENSE,          /* DenseIntOrFPElementsAttr */
  MLIR_IR_ATTR_DENSE_STRING,   /* DenseStringElementsAttr */
  MLIR_IR_ATTR_DENSE_RESOURCE, /* dense_resource<key> */
  MLIR_IR_ATTR_SPARSE,         /* sparse<indices, values> */
  MLIR_IR_ATTR_DENSE_ARRAY,    /* array<i32: 1, 2> */
  MLIR_IR_ATTR_SYMBOL_REF,
  MLIR_IR_ATTR_TYPE,
  MLIR_IR_ATTR_AFFINE_MAP,
  MLIR_IR_ATTR_STRIDED,
  MLIR_IR_ATTR_DISTINCT,
  MLIR_IR_ATTR_LOC_UNKNOWN,
  MLIR_IR_ATTR_LOC_FILE,     /* FileLineColLoc and FileLineColRange */
  MLIR_IR_ATTR_LOC_NAME,
  MLIR_IR_ATTR_LOC_CALLSITE,
  MLIR_IR_ATTR_LOC_FUSED,
  MLIR_IR_ATTR_LOC_OPAQUE,   /* kept as text */
  MLIR_IR_ATTR_ENUM,   /* a dialect enum such as #tpu.memory_space<vmem> (see mlir_ir_enum_*) */
  MLIR_IR_ATTR_FIELDS, /* a dialect struct of integer lists, e.g. #stablehlo.gather<...> */
  MLIR_IR_ATTR_OPAQUE, /* another dialect's attribute, kept as its full text */
} mlir_ir_attr_kind;

/* Affine expressions, prefix tree. */
typedef enum {
  MLIR_IR_AFFINE_DIM, MLIR_IR_AFFINE_SYMBOL, MLIR_IR_AFFINE_CONST, MLIR_IR_AFFINE_ADD,
  MLIR_IR_AFFINE_MUL, MLIR_IR_AFFINE_MOD, MLIR_IR_AFFINE_FLOORDIV, MLIR_IR_AFFINE_CEILDIV
} mlir_ir_affine_kind;

typedef struct mlir_ir_affine {
  mlir_ir_affine_kind kind;
  int64_t value; /* position or constant */
  struct mlir_ir_affine *lhs, *rhs;
} mlir_ir_affine;

typedef struct mlir_ir_named_attr {
  const char *name; /* interned */
  mlir_ir_attr *value;
} mlir_ir_named_attr;

/* One field of a MLIR_IR_ATTR_FIELDS attribute: an integer list or a scalar. */
typedef struct mlir_ir_field {
  const char *name;
  bool is_scalar; /* printed without brackets */
  bool present;   /* optional fields that were omitted in the input are not printed */
  int n;
  int64_t *values;
} mlir_ir_field;

struct mlir_ir_attr {
  mlir_ir_attr_kind kind;
  mlir_ir_type *type; /* integer, float, string (NULL: none), dense*, sparse, dense array
                        (element type), type attr (the type) */
  union {
    struct { int64_t value; uint64_t *words; unsigned n_words; } integer; /* words: > 64 bits */
    struct { double value; uint64_t bits; } flt;
    struct { const char *data; size_t len; } string;
    struct { int n; mlir_ir_attr **elems; } array;
    struct { int n; mlir_ir_named_attr *entries; } dict; /* sorted by name, unique */
    /* Dense elements: `data` holds one element (splat) or all of them, row-major, each in
     * its little-endian natural size (bytes = ceil(bits/8); index as 8 bytes; i1 as one
     * byte 0/1; complex as two parts). */
    struct { bool splat; int64_t numel; size_t elem_bytes; const uint8_t *data; size_t size; } dense;
    struct { bool splat; int64_t n; const char **strs; size_t *lens; } dense_string;
    struct { const char *key; } resource;
    struct { mlir_ir_attr *indices, *values; } sparse;
    /* Dense array: n elements of elem_bytes each (i1 stored as one byte each). */
    struct { int64_t n; size_t elem_bytes; const uint8_t *data; } dense_array;
    struct { const char *root; int n_nested; const char **nested; } symbol;
    struct { int n_dims, n_symbols, n_results; mlir_ir_affine **results; } affine;
    struct { int64_t offset; int rank; int64_t *strides; } strided; /* MLIR_IR_DYNAMIC = ? */
    struct { uint64_t id; mlir_ir_attr *referenced; } distinct;
    /* FileLineCol(Range): n_coords of [line, col, end_line, end_col] are meaningful;
     * is_range says it was written as a range (FileLineColRange code 22). */
    struct { const char *file; int n_coords; bool is_range; uint32_t line, col, end_line, end_col; } file;
    struct { const char *name; mlir_ir_attr *child; } name_loc;
    struct { mlir_ir_attr *callee, *caller; } callsite;
    struct { int n; mlir_ir_attr **locs; mlir_ir_attr *metadata; } fused;
    /* ENUM: `dialect.mnemonic<keyword>` or, when opaque_form, `#dialect<mnemonic keyword>`.
     * value is the enumerator's code from the table in dialect_attrs.c (-1: unknown). */
    struct { const char *dialect, *mnemonic, *keyword; int value; bool opaque_form; } enm;
    /* FIELDS: `#dialect.mnemonic<...>`, named (`k = [..]`) or positional. */
    struct { const char *dialect, *mnemonic; bool positional; int n; mlir_ir_field *fields; } fields;
    const char *opaque_text; /* OPAQUE and LOC_OPAQUE */
  } u;
};

bool mlir_ir_attr_is_location(const mlir_ir_attr *a);
/* A location as text (src/mlir/loc_text.c): "file:line:col", or a call-site chain innermost
 * first with each frame's function, "f.py:317:5 (_zero_h0) called from f.py:398:3
 * (_inner_kernel_body)" (a frame repeated at once shown once); a name with nothing known
 * inside is the name; "unknown location" when nothing is known. Returns buf. */
const char *mlir_ir_loc_text(const mlir_ir_attr *loc, char *buf, size_t cap);
bool mlir_ir_attr_equal(const mlir_ir_attr *a, const mlir_ir_attr *b);
/* Value of float bits in format k (0 for formats without a conversion to double). */
double mlir_ir_float_value(mlir_ir_float_kind k, uint64_t bits);
/* Value of an integer attribute (also BoolAttr); false for other kinds. */
bool mlir_ir_attr_int(const mlir_ir_attr *a, int64_t *out);
/* Value of a float attribute. */
bool mlir_ir_attr_float(const mlir_ir_attr *a, double *out);
/* Integer list from a dense array, an array of integers, or an integer dense-elements
 * attr: fills up to `cap` values and returns the count (-1 if `a` is none of these). */
int64_t mlir_ir_attr_ints(const mlir_ir_attr *a, int64_t *out, int64_t cap);
/* Element i of a dense attribute (a splat repeats its element), as integer or double. */
int64_t mlir_ir_dense_int(const mlir_ir_attr *a, int64_t i);
double mlir_ir_dense_float(const mlir_ir_attr *a, int64_t i);
/* Dictionary lookup; NULL when absent or not a dictionary. */
mlir_ir_attr *mlir_ir_dict_get(const mlir_ir_attr *dict, const char *name);
/* ENUM keyword when `a` is the dialect enum `dialect.mnemonic`, else NULL; e.g.
 * mlir_ir_enum_keyword(a, "tpu", "memory_space") -> "vmem". */
const char *mlir_ir_enum_keyword(const mlir_ir_attr *a, const char *dialect, const char *mnemonic);
/* A field of a FIELDS attr by name; NULL when absent. */
const mlir_ir_field *mlir_ir_attr_field(const mlir_ir_attr *a, const char *name);
/* The integers of field `name` of a FIELDS attr: the count (0 when absent or omitted), or -1
 * when it has more than `cap`. */
int mlir_ir_field_ints(const mlir_ir_attr *a, const char *name, int64_t *out, int cap);
/* True when an affine map attr is the identity (d0, ..., dn) -> (d0, ..., dn). */
bool mlir_ir_affine_is_identity(const mlir_ir_attr *a);

/* ---- operations, blocks, regions, values ---------------------------------------------- */

typedef struct mlir_ir_op mlir_ir_op;
typedef struct mlir_ir_block mlir_ir_block;
typedef struct mlir_ir_region mlir_ir_region;
typedef struct mlir_ir_value mlir_ir_value;

typedef struct mlir_ir_operand {
  mlir_ir_value *value;
  mlir_ir_op *owner;
  struct mlir_ir_operand *next_use; /* the value's use list */
} mlir_ir_operand;

struct mlir_ir_value {
  uint32_t id;          /* unique within the module, dense from 0 */
  mlir_ir_type *type;
  mlir_ir_op *def_op;    /* NULL for a block argument */
  mlir_ir_block *block;  /* owner of a block argument */
  int index;            /* result number or argument number */
  mlir_ir_attr *loc;     /* block arguments only */
  mlir_ir_operand *first_use;
  bool defined;         /* false while only a forward reference has been seen */
};

struct mlir_ir_region {
  mlir_ir_op *parent;
  int n_blocks;
  mlir_ir_block **blocks;
};

struct mlir_ir_block {
  mlir_ir_region *parent;
  int index;
  int n_args;
  mlir_ir_value **args;
  int n_ops;
  mlir_ir_op *first, *last;
};

struct mlir_ir_op {
  const char *name; /* full name "dialect.op", interned */
  mlir_ir_attr *loc;
  mlir_ir_attr *attrs; /* DICT (possibly empty), never NULL once built */
  mlir_ir_attr *props; /* DICT from `<{...}>` or bytecode properties; NULL when none */
  const uint8_t *raw_props; /* v5+ properties of registered ops, undecoded */
  size_t raw_props_size;
  int n_operands;
  mlir_ir_operand *operands;
  int n_results;
  mlir_ir_value **results;
  int n_successors;
  mlir_ir_block **successors;
  int n_regions;
  mlir_ir_region *regions;
  mlir_ir_block *parent;
  mlir_ir_op *prev, *next;
};

/* The module: its context and the top-level op (normally builtin.module). */
/* The public handle tsr_mlir_module (include/tessera/mlir.h) is this struct. */
typedef struct tsr_mlir_module {
  mlir_ir_ctx *ctx;
  mlir_ir_op *top;
  uint32_t n_values;
  int mosaic_version; /* stable_mosaic.version once the Mosaic view ran; 0 otherwise */
} mlir_ir_module;

/* Attribute by name: properties first, then the attribute dictionary. */
mlir_ir_attr *mlir_ir_op_attr(const mlir_ir_op *op, const char *name);
bool mlir_ir_op_attr_int(const mlir_ir_op *op, const char *name, int64_t *out);
/* Name without the dialect ("addf" for "arith.addf"). */
const char *mlir_ir_op_short_name(const mlir_ir_op *op);
bool mlir_ir_op_is(const mlir_ir_op *op, const char *name);
mlir_ir_value *mlir_ir_op_operand(const mlir_ir_op *op, int i);
/* The operands of segment `seg` of an op with operandSegmentSizes: first index and
 * count; false when the op has no such attribute, seg is out of range, or the sizes are not
 * counts that add up to the op's operands (the attribute comes from outside). */
bool mlir_ir_op_segment(const mlir_ir_op *op, int seg, int *first, int *count);
/* Region r's entry block, or NULL. */
mlir_ir_block *mlir_ir_op_entry_block(const mlir_ir_op *op, int r);
/* Number of uses of a value. */
int mlir_ir_value_num_uses(const mlir_ir_value *v);
/* Finds a func.func (or any op with sym_name) named `sym` directly in the module body. */
mlir_ir_op *mlir_ir_module_lookup(const mlir_ir_module *m, const char *sym);
/* Depth-first pre-order walk; stops and returns false when `fn` returns false. */
bool mlir_ir_walk(mlir_ir_op *op, bool (*fn)(mlir_ir_op *op, void *user), void *user);

/* ---- building (used by the readers and by rewrites) ------------------------------------ */

mlir_ir_type *mlir_ir_type_new(mlir_ir_ctx *ctx, mlir_ir_type_kind kind);
mlir_ir_type *mlir_ir_type_int(mlir_ir_ctx *ctx, unsigned width, mlir_ir_signedness s);
mlir_ir_type *mlir_ir_type_float(mlir_ir_ctx *ctx, mlir_ir_float_kind k);
mlir_ir_attr *mlir_ir_attr_new(mlir_ir_ctx *ctx, mlir_ir_attr_kind kind);
mlir_ir_attr *mlir_ir_attr_int_new(mlir_ir_ctx *ctx, mlir_ir_type *type, int64_t value);
mlir_ir_attr *mlir_ir_attr_string_new(mlir_ir_ctx *ctx, const char *s, size_t len);
mlir_ir_attr *mlir_ir_attr_dense_i32_new(mlir_ir_ctx *ctx, const int32_t *v, int64_t n);
/* Sorts the entries by name; fails (returns false) on a duplicate name. */
bool mlir_ir_dict_finish(mlir_ir_attr *dict);
/* Returns a dict equal to `dict` with `name` set to `value` (value NULL removes it). */
mlir_ir_attr *mlir_ir_dict_set(mlir_ir_ctx *ctx, const mlir_ir_attr *dict, const char *name,
                             mlir_ir_attr *value);
mlir_ir_attr *mlir_ir_empty_dict(mlir_ir_ctx *ctx);

mlir_ir_value *mlir_ir_value_new(mlir_ir_module *m, mlir_ir_type *type);
/* Allocates an op with the given counts; operands, results and regions are then filled in
 * by the caller (mlir_ir_op_set_operand links use lists). */
mlir_ir_op *mlir_ir_op_new(mlir_ir_ctx *ctx, const char *name, int n_operands, int n_results,
                         int n_successors, int n_regions);
void mlir_ir_op_set_operand(mlir_ir_op *op, int i, mlir_ir_value *v);
void mlir_ir_block_append(mlir_ir_block *b, mlir_ir_op *op);
void mlir_ir_block_remove(mlir_ir_block *b, mlir_ir_op *op);
/* Renames an op's name in place (interning the new name). */
void mlir_ir_op_rename(mlir_ir_ctx *ctx, mlir_ir_op *op, const char *name);

/* ---- comparison ------------------------------------------------------------------------ */

enum {
  MLIR_IR_EQ_IGNORE_LOCS = 1, /* op and block-argument locations */
  /* properties and attributes compared as one set, as mlir_ir_op_attr sees them: the generic
   * form's `<{...}>` holds what a custom op syntax puts among the attributes */
  MLIR_IR_EQ_MERGE_PROPS = 2,
};
/* Structural equality of two ops (recursively), up to value identity: values are matched
 * by position of definition. On a difference, writes a description to `why` (if not NULL). */
bool mlir_ir_op_equal(const mlir_ir_op *a, const mlir_ir_op *b, unsigned flags, char *why,
                     size_t why_cap);

#endif
