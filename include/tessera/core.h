/* tessera core types: status and errors, data types, memory spaces, refs.
 *
 * Conventions (docs/conventions.md): every public name starts with tsr_; functions that can
 * fail return a tsr_status and leave a message that tsr_last_error() returns; handles are
 * opaque and owned by whoever called _create (and must call _destroy); _get borrows. */
#ifndef TESSERA_CORE_H
#define TESSERA_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- status ------------------------------------------------------------------------ */

typedef enum tsr_status {
  TSR_OK = 0,
  TSR_ERR_INVALID,     /* bad argument or description */
  TSR_ERR_UNSUPPORTED, /* valid but not supported (e.g. f64 on TPU) */
  TSR_ERR_PARSE,       /* malformed input file */
  TSR_ERR_IO,          /* file system */
  TSR_ERR_NOMEM,       /* host allocation failed */
  TSR_ERR_VMEM,        /* VMEM or SMEM budget exceeded */
  TSR_ERR_BOUNDS,      /* index or DMA window out of range */
  TSR_ERR_SEMAPHORE,   /* semaphore misuse: negative, non-zero at exit, wrong kind */
  TSR_ERR_DEADLOCK,    /* a wait that can never be satisfied */
  TSR_ERR_RACE,        /* a data race found by a checker */
  TSR_ERR_CHECK,       /* a result check failed */
  TSR_ERR_INTERNAL,
} tsr_status;

/* The message of the last failure on this thread ("" when none). Valid until the next
 * failing call on the same thread. */
const char *tsr_last_error(void);
/* Name of a status, e.g. "TSR_ERR_VMEM". */
const char *tsr_status_name(tsr_status s);

/* The instruction-set level the library's hot loops (the Mosaic interpreter's elementwise ops
 * and transcendentals, the strided copies) run at on this CPU, picked when first asked:
 * "x86-64-v2", "x86-64-v3" (AVX2) or "x86-64-v4" (AVX-512) in a portable x86-64 build, the
 * highest this CPU runs, or lower where the environment variable TSR_ISA caps it (base, v3,
 * v4); "baseline" in a build for one CPU (-DTSR_NATIVE=ON) or for another architecture.
 * Results are the same bits at every level. */
const char *tsr_isa(void);

/* The CBLAS shared library (a path, or a name the dynamic loader finds) for matmuls when the
 * environment variable TSR_BLAS_LIBRARY names none: tried before the OpenBLAS found at build
 * time. Takes effect when called before the first kernel with a matmul is compiled; the
 * library may be scipy-openblas's, whose functions carry a "scipy_" prefix. The Python
 * package names the OpenBLAS of the scipy-openblas32 wheel it depends on. */
void tsr_blas_library(const char *path);

/* ---- data types -------------------------------------------------------------------- */

/* X(enum suffix, name, bytes, is_float, is_signed, tpu_ok). The complex types (two parts,
 * real first, as numpy and StableHLO store them) are neither float nor integer. The narrow
 * types take a byte an element in host arrays, as ml_dtypes stores them (int4 sign-extended
 * to the byte); TPU memory packs them into words (docs/mosaic.md, "Packed views"). They come
 * last, so that the values of the others stay as they were. */
#define TSR_DTYPE_LIST(X)            \
  X(F32, "f32", 4, 1, 1, 1)          \
  X(BF16, "bf16", 2, 1, 1, 1)        \
  X(F16, "f16", 2, 1, 1, 1)          \
  X(I32, "i32", 4, 0, 1, 1)          \
  X(I16, "i16", 2, 0, 1, 1)          \
  X(I8, "i8", 1, 0, 1, 1)            \
  X(U32, "u32", 4, 0, 0, 1)          \
  X(U16, "u16", 2, 0, 0, 1)          \
  X(U8, "u8", 1, 0, 0, 1)            \
  X(BOOL, "bool", 4, 0, 0, 1)        \
  X(F64, "f64", 8, 1, 1, 0)          \
  X(I64, "i64", 8, 0, 1, 0)          \
  X(U64, "u64", 8, 0, 0, 0)          \
  X(C64, "c64", 8, 0, 1, 0)          \
  X(C128, "c128", 16, 0, 1, 0)       \
  X(SEM, "semaphore", 8, 0, 1, 1)    \
  X(DMA_SEM, "dma_semaphore", 8, 0, 1, 1) \
  X(F8E4M3FN, "f8e4m3fn", 1, 1, 1, 1) \
  X(F8E5M2, "f8e5m2", 1, 1, 1, 1)    \
  X(I4, "i4", 1, 0, 1, 1)             \
  X(F8E4M3B11FNUZ, "f8e4m3b11fnuz", 1, 1, 1, 1) \
  X(U4, "u4", 1, 0, 0, 1)             \
  X(F8E8M0FNU, "f8e8m0fnu", 1, 1, 0, 1) \
  X(F4E2M1FN, "f4e2m1fn", 1, 1, 1, 1)

typedef enum tsr_dtype {
#define TSR_X(e, n, b, f, s, t) TSR_##e,
  TSR_DTYPE_LIST(TSR_X)
#undef TSR_X
  TSR_DTYPE_COUNT
} tsr_dtype;

const char *tsr_dtype_name(tsr_dtype t);
size_t tsr_dtype_size(tsr_dtype t);
bool tsr_dtype_is_float(tsr_dtype t);
bool tsr_dtype_is_signed(tsr_dtype t);
bool tsr_dtype_is_semaphore(tsr_dtype t);
bool tsr_dtype_is_complex(tsr_dtype t);
/* Parses "f32", "bfloat16", "int8", ... Returns false when unknown. */
bool tsr_dtype_parse(const char *name, tsr_dtype *out);
/* TSR_OK for types a TPU array may have; TSR_ERR_UNSUPPORTED with a message for f64/i64. */
tsr_status tsr_dtype_check_tpu(tsr_dtype t, const char *what);

/* bf16 and f16 conversions (round to nearest even, NaN preserved). */
float tsr_bf16_to_f32(uint16_t v);
uint16_t tsr_f32_to_bf16(float v);
float tsr_f16_to_f32(uint16_t v);
uint16_t tsr_f32_to_f16(float v);
/* float8 conversions (round to nearest even) as ml_dtypes defines the formats: e4m3fn has no
 * infinity (past 448 and infinities give NaN, 0x7F), e5m2 is IEEE-like (0x7C is infinity). */
uint8_t tsr_f32_to_f8e4m3fn(float v);
float tsr_f8e4m3fn_to_f32(uint8_t h);
uint8_t tsr_f32_to_f8e5m2(float v);
float tsr_f8e5m2_to_f32(uint8_t h);
/* e4m3b11fnuz (TPU's fp8 of older generations): bias 11, no infinity and no negative zero;
 * 0x80 is the one NaN, which infinities and what rounds past 30 give. */
uint8_t tsr_f32_to_f8e4m3b11fnuz(float v);
float tsr_f8e4m3b11fnuz_to_f32(uint8_t h);
/* e8m0fnu (the block scales of MX formats): an exponent only, bias 127, no sign, zero or
 * infinity; 0xFF is NaN, which zero, negatives, infinities and what rounds past 2^127 give. A
 * value rounds to the nearer power of two, halfway (1.5 * 2^e) up, as ml_dtypes rounds. */
uint8_t tsr_f32_to_f8e8m0fnu(float v);
float tsr_f8e8m0fnu_to_f32(uint8_t h);
/* f4e2m1fn (the 4-bit float of fp4 weights, in the low nibble of its byte): sign, 2 exponent
 * bits (bias 1), 1 mantissa bit: 0, 0.5, 1, 1.5, 2, 3, 4, 6 and their negatives, no infinity
 * and no NaN. A value rounds to the nearest (ties to the even code) and saturates at 6, as
 * ml_dtypes converts (infinities give +-6); NaN has no pattern and gives -0 (0x8), as XLA
 * converts (ml_dtypes gives a zero of the opposite sign). */
uint8_t tsr_f32_to_f4e2m1fn(float v);
float tsr_f4e2m1fn_to_f32(uint8_t h);

/* ---- memory spaces ----------------------------------------------------------------- */

typedef enum tsr_space {
  TSR_VMEM = 0, /* default for blocked operands */
  TSR_ANY,      /* unconstrained: HBM in practice; only DMA'd */
  TSR_HBM,
  TSR_SMEM,
  TSR_SEMAPHORE_MEM,
  TSR_HOST, /* plain host memory outside the machine model */
} tsr_space;

const char *tsr_space_name(tsr_space s);

/* ---- refs: typed strided views ------------------------------------------------------ */

#define TSR_MAX_RANK 8

struct tsr_buffer; /* an allocation of the machine model (owner of a ref's memory) */

typedef struct tsr_ref {
  char *data;               /* address of element [0, ..., 0] */
  struct tsr_buffer *buf;   /* allocation the view lies in (NULL: user host memory) */
  tsr_dtype dtype;
  tsr_space space;
  int rank;
  int64_t shape[TSR_MAX_RANK];
  int64_t stride[TSR_MAX_RANK]; /* in elements */
} tsr_ref;

/* A dense row-major view over host memory. */
tsr_ref tsr_ref_dense(void *data, tsr_dtype dtype, tsr_space space, int rank,
                      const int64_t *shape);
int64_t tsr_ref_numel(const tsr_ref *r);
size_t tsr_ref_bytes(const tsr_ref *r);
bool tsr_ref_is_contiguous(const tsr_ref *r);
/* The bytes [*lo, *hi) that a ref's elements lie in: exact for a dense view, a superset for a
 * strided one; [0, 0), which overlaps nothing, when it has no elements. */
void tsr_ref_span(const tsr_ref *r, uintptr_t *lo, uintptr_t *hi);
/* Address of an element given a full index. No bounds check. */
void *tsr_ref_ptr(const tsr_ref *r, const int64_t *index);

/* View transformations. All check bounds and return TSR_ERR_BOUNDS / TSR_ERR_INVALID. */
/* [starts[d], starts[d]+sizes[d]) in every dimension. */
tsr_status tsr_ref_window(const tsr_ref *r, const int64_t *starts, const int64_t *sizes,
                          tsr_ref *out);
/* Slice one dimension. */
tsr_status tsr_ref_slice(const tsr_ref *r, int dim, int64_t start, int64_t size, tsr_ref *out);
/* Fix dimension `dim` at `index` and remove it (squeeze). */
tsr_status tsr_ref_at(const tsr_ref *r, int dim, int64_t index, tsr_ref *out);
/* Remove a size-1 dimension. */
tsr_status tsr_ref_squeeze(const tsr_ref *r, int dim, tsr_ref *out);
/* New shape with the same element count, in the same row-major order, as a view: a strided
 * view must be contiguous within each run of dimensions the new shape merges or splits. */
tsr_status tsr_ref_reshape(const tsr_ref *r, int rank, const int64_t *shape, tsr_ref *out);
/* Reinterpret as another dtype; the last dimension scales by the size ratio and must be
 * contiguous. */
tsr_status tsr_ref_bitcast(const tsr_ref *r, tsr_dtype dtype, tsr_ref *out);

/* Formats "f32[8,128]" into buf (always NUL-terminated); returns buf. */
char *tsr_ref_describe(const tsr_ref *r, char *buf, size_t cap);
/* Formats "(8, 128)" for an index or shape. */
char *tsr_format_dims(const int64_t *dims, int rank, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
