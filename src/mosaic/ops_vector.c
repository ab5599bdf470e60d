/* Shape and data-movement ops on vector values: broadcast, shape_cast, extract, strided
 * slices, transposes, reductions, masks, iota, concatenate, gather, rotate, repeat, argmax.
 * Whatever is a pure re-indexing is compiled to (offset, strides) once and run by one
 * strided copy. */
#include <math.h>
#include <string.h>

#include "core/strided.h"
#include "mosaic/mosaic_internal.h"

static void dense_strides(const mosaic_stype *t, int64_t *st) {
  int64_t s = 1;
  for (int k = t->rank - 1; k >= 0; k--) {
    st[k] = s;
    s *= t->shape[k];
  }
}

void mosaic_strided_gather(void *dst, const void *src, int64_t off, const int64_t *shape,
                    const int64_t *ss, int rank, size_t es) {
  int64_t ds[TSR_MAX_RANK], n = 1;
  for (int k = rank - 1; k >= 0; k--) {
    ds[k] = n;
    n *= shape[k];
  }
  strided_copy(es, rank, shape, dst, ds, (const char *)src + off * (int64_t)es, ss);
}

static tsr_status set_view(mosaic_comp *c, mosaic_minst *in, int64_t off, const int64_t *ss) {
  const mosaic_stype *r = &c->P->types[in->res[0]];
  in->a[0] = off;
  in->ints = mosaic_prog_alloc(c->P, sizeof(int64_t) * TSR_MAX_RANK);
  if (!in->ints) return mosaic_comp_fail(c, TSR_ERR_NOMEM, "out of host memory");
  memcpy(in->ints, ss, sizeof(int64_t) * TSR_MAX_RANK);
  in->nints = r->rank;
  in->cost = (mosaic_op_cost){.vpu_ops = r->rank ? (double)r->n : 0, .scalar_ops = r->rank ? 0 : 1};
  return TSR_OK;
}

static tsr_status one_in_one_out(mosaic_comp *c, mosaic_minst *in) {
  if (in->nres != 1 || in->nopd < 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects an operand and a result");
  const mosaic_stype *s = &c->P->types[in->opd[0]], *r = &c->P->types[in->res[0]];
  if (s->cls == MOSAIC_VC_REF || r->cls == MOSAIC_VC_REF || (s->cls != r->cls && in->op != MOSAIC_MOP_IOTA))
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "operand and result must be values of one element type");
  return TSR_OK;
}

tsr_status mosaic_c_broadcast(mosaic_comp *c, mosaic_minst *in) {
  TSR_TRY(one_in_one_out(c, in));
  const mosaic_stype *s = &c->P->types[in->opd[0]], *r = &c->P->types[in->res[0]];
  if (s->rank > r->rank) return mosaic_comp_fail(c, TSR_ERR_INVALID, "source rank exceeds the result rank");
  int64_t sd[TSR_MAX_RANK], ss[TSR_MAX_RANK] = {0};
  dense_strides(s, sd);
  int lead = r->rank - s->rank;
  for (int k = 0; k < s->rank; k++) {
    if (s->shape[k] == r->shape[k + lead]) ss[k + lead] = sd[k];
    else if (s->shape[k] == 1) ss[k + lead] = 0;
    else return mosaic_comp_fail(c, TSR_ERR_INVALID, "dimension %d: %lld does not broadcast to %lld", k, (long long)s->shape[k], (long long)r->shape[k + lead]);
  }
  TSR_TRY(set_view(c, in, 0, ss));
  /* A broadcast of a constant (a -1e30 fill, zeros) never changes: it is computed once into
   * the constant pool, as mosaic_r_broadcast would (the instruction stays, for its cost). */
  mosaic_prog *P = c->P;
  if (P->cslot_off[in->opd[0]] >= 0 && (size_t)r->n * mosaic_class_size(r->cls) <= ((size_t)1 << 20)) {
    if (s->n == 1 || P->csplat[in->opd[0]]) { /* one value: a splat, shared with its equals */
      char v[8];
      memcpy(v, P->cpool + P->cslot_off[in->opd[0]], mosaic_class_size(r->cls));
      if (!mosaic_prog_splat_const(P, in->res[0], v, false)) return mosaic_comp_fail(c, TSR_ERR_NOMEM, "out of host memory");
    } else {
      void *d = mosaic_prog_const(P, in->res[0]);
      if (!d) return mosaic_comp_fail(c, TSR_ERR_NOMEM, "out of host memory");
      const char *src = P->cpool + P->cslot_off[in->opd[0]]; /* after mosaic_prog_const: the pool may move */
      mosaic_strided_gather(d, src, in->a[0], r->shape, in->ints, r->rank, mosaic_class_size(r->cls));
    }
    in->a[1] = 1;
  }
  return TSR_OK;
}

tsr_status mosaic_c_transpose(mosaic_comp *c, mosaic_minst *in) {
  TSR_TRY(one_in_one_out(c, in));
  const mosaic_stype *s = &c->P->types[in->opd[0]], *r = &c->P->types[in->res[0]];
  int64_t perm[TSR_MAX_RANK];
  int64_t np = mosaic_comp_ints(c, "permutation", perm, TSR_MAX_RANK);
  if (np != s->rank || r->rank != s->rank) return mosaic_comp_fail(c, TSR_ERR_INVALID, "permutation must have %d entries", s->rank);
  int64_t sd[TSR_MAX_RANK], ss[TSR_MAX_RANK] = {0};
  bool seen[TSR_MAX_RANK] = {0};
  dense_strides(s, sd);
  for (int k = 0; k < r->rank; k++) {
    if (perm[k] < 0 || perm[k] >= s->rank || seen[perm[k]] || r->shape[k] != s->shape[perm[k]])
      return mosaic_comp_fail(c, TSR_ERR_INVALID, "bad permutation entry %d", k);
    seen[perm[k]] = true;
    ss[k] = sd[perm[k]];
  }
  return set_view(c, in, 0, ss);
}

tsr_status mosaic_c_extract_ss(mosaic_comp *c, mosaic_minst *in) {
  TSR_TRY(one_in_one_out(c, in));
  const mosaic_stype *s = &c->P->types[in->opd[0]], *r = &c->P->types[in->res[0]];
  int64_t offs[TSR_MAX_RANK], sizes[TSR_MAX_RANK], strides[TSR_MAX_RANK];
  int64_t no = mosaic_comp_ints(c, "offsets", offs, TSR_MAX_RANK), nz = mosaic_comp_ints(c, "sizes", sizes, TSR_MAX_RANK),
          nt = mosaic_comp_ints(c, "strides", strides, TSR_MAX_RANK);
  if (no < 0 || nz != no || (nt >= 0 && nt != no) || no > s->rank || r->rank != s->rank)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "offsets, sizes and strides must match");
  int64_t sd[TSR_MAX_RANK], ss[TSR_MAX_RANK];
  dense_strides(s, sd);
  int64_t off = 0;
  for (int k = 0; k < s->rank; k++) {
    int64_t o = k < no ? offs[k] : 0, z = k < no ? sizes[k] : s->shape[k], t = k < no && nt > 0 ? strides[k] : 1;
    if (o < 0 || t < 1 || z != r->shape[k] || (z > 0 && o + (z - 1) * t >= s->shape[k]))
      return mosaic_comp_fail(c, TSR_ERR_INVALID, "slice of dimension %d out of range", k);
    off += o * sd[k];
    ss[k] = sd[k] * t;
  }
  return set_view(c, in, off, ss);
}

tsr_status mosaic_r_gather_view(mosaic_exec *x, const mosaic_minst *in) {
  const mosaic_stype *r = ST(x, in->res[0]);
  mosaic_strided_gather(x->f->data[in->res[0]], x->f->data[in->opd[0]], in->a[0], r->shape, in->ints, r->rank,
                 mosaic_class_size(r->cls));
  return TSR_OK;
}

tsr_status mosaic_r_broadcast(mosaic_exec *x, const mosaic_minst *in) {
  if (in->a[1]) return TSR_OK; /* folded into the constant pool (mosaic_c_broadcast) */
  const mosaic_stype *s = ST(x, in->opd[0]), *r = ST(x, in->res[0]);
  if (s->n == 1 && r->cls != MOSAIC_VC_I64) { /* splat */
    uint32_t v = *(const uint32_t *)x->f->data[in->opd[0]];
    uint32_t *d = x->f->data[in->res[0]];
    for (int64_t i = 0; i < in->n; i++) d[i] = v; /* in->n: a chunk of the result (chunk.c) */
    return TSR_OK;
  }
  return mosaic_r_gather_view(x, in);
}

tsr_status mosaic_c_reshape(mosaic_comp *c, mosaic_minst *in) {
  TSR_TRY(one_in_one_out(c, in));
  if (c->P->types[in->opd[0]].n != c->P->types[in->res[0]].n) return mosaic_comp_fail(c, TSR_ERR_INVALID, "element counts differ");
  in->cost = (mosaic_op_cost){0};
  return TSR_OK;
}

tsr_status mosaic_r_reshape(mosaic_exec *x, const mosaic_minst *in) {
  if (in->alias) x->f->data[in->res[0]] = x->f->data[in->opd[0]];
  else mosaic_exec_copy_value(x, in->res[0], in->opd[0]);
  return TSR_OK;
}

/* vector.extract: a[0] static offset; ints: positions (INT64_MIN: the next dynamic operand);
 * a[1]: number of positions */
tsr_status mosaic_c_extract(mosaic_comp *c, mosaic_minst *in) {
  TSR_TRY(one_in_one_out(c, in));
  const mosaic_stype *s = &c->P->types[in->opd[0]], *r = &c->P->types[in->res[0]];
  int n;
  int64_t *pos = mosaic_comp_ints_dup(c, "static_position", &n);
  if (!pos || n < 0 || n > s->rank || r->n * 1 > s->n) return mosaic_comp_fail(c, TSR_ERR_INVALID, "bad static_position");
  int ndyn = 0;
  for (int k = 0; k < n; k++) {
    if (pos[k] == INT64_MIN) ndyn++;
    else if (pos[k] < 0 || pos[k] >= s->shape[k]) return mosaic_comp_fail(c, TSR_ERR_INVALID, "position %d out of range", k);
  }
  if (ndyn != in->nopd - 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "%d dynamic positions for %d operands", ndyn, in->nopd - 1);
  int64_t rest = 1;
  for (int k = n; k < s->rank; k++) rest *= s->shape[k];
  if (rest != r->n) return mosaic_comp_fail(c, TSR_ERR_INVALID, "result does not match the extracted part");
  in->ints = pos;
  in->nints = n;
  in->cost = (mosaic_op_cost){.scalar_ops = 1};
  return TSR_OK;
}

tsr_status mosaic_r_extract(mosaic_exec *x, const mosaic_minst *in) {
  const mosaic_stype *s = ST(x, in->opd[0]), *r = ST(x, in->res[0]);
  int64_t sd[TSR_MAX_RANK], off = 0;
  dense_strides(s, sd);
  int dyn = 1;
  for (int k = 0; k < in->nints; k++) {
    int64_t p = in->ints[k];
    if (p == INT64_MIN) {
      p = mosaic_scalar_int(x, in->opd[dyn++]);
      if (p < 0 || p >= s->shape[k]) return tsr_fail(TSR_ERR_BOUNDS, "position %lld out of range in dimension %d", (long long)p, k);
    }
    off += p * sd[k];
  }
  size_t es = mosaic_class_size(r->cls);
  memcpy(x->f->data[in->res[0]], (const char *)x->f->data[in->opd[0]] + (size_t)off * es, (size_t)r->n * es);
  return TSR_OK;
}

/* ---- reductions --------------------------------------------------------------------------- */

enum { RK_ADD, RK_MUL, RK_MINS, RK_MINU, RK_MAXS, RK_MAXU, RK_MINF, RK_MAXF, RK_MINIMUMF, RK_MAXIMUMF, RK_AND, RK_OR, RK_XOR };
static const char *const rk_names[] = {"add", "mul", "minsi", "minui", "maxsi", "maxui", "minnumf", "maxnumf",
                                       "minimumf", "maximumf", "and", "or", "xor", NULL};

const char *mosaic_enum_word(const mlir_ir_attr *a, const char *dialect, const char *mnemonic, char *buf, size_t cap) {
  buf[0] = 0;
  const char *e = mlir_ir_enum_keyword(a, dialect, mnemonic);
  if (e) snprintf(buf, cap, "%s", e);
  else if (a && (a->kind == MLIR_IR_ATTR_OPAQUE) && a->u.opaque_text) {
    const char *l = strchr(a->u.opaque_text, '<'), *r = l ? strchr(l, '>') : NULL;
    if (l && r && r - l - 1 < (long)cap) snprintf(buf, cap, "%.*s", (int)(r - l - 1), l + 1);
  }
  return buf;
}

static int reduction_kind(const mlir_ir_attr *a) {
  char kw[32];
  mosaic_enum_word(a, "vector", "kind", kw, sizeof kw);
  if (!strcmp(kw, "minf")) return RK_MINF;
  if (!strcmp(kw, "maxf")) return RK_MAXF;
  for (int i = 0; rk_names[i]; i++)
    if (!strcmp(kw, rk_names[i])) return i;
  return -1;
}

tsr_status mosaic_c_multi_reduction(mosaic_comp *c, mosaic_minst *in) {
  if (in->nopd != 2 || in->nres != 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects source and accumulator");
  const mosaic_stype *s = &c->P->types[in->opd[0]], *acc = &c->P->types[in->opd[1]], *r = &c->P->types[in->res[0]];
  if (s->cls != r->cls || acc->n != r->n || acc->cls != r->cls) return mosaic_comp_fail(c, TSR_ERR_INVALID, "types do not match");
  int kind = reduction_kind(mlir_ir_op_attr(c->op, "kind"));
  if (kind < 0) return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "unknown reduction kind");
  bool fk = kind >= RK_MINF && kind <= RK_MAXIMUMF;
  if ((r->cls == MOSAIC_VC_F) != (fk || kind <= RK_MUL) && !(r->cls != MOSAIC_VC_F && !fk))
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "reduction kind does not fit the element type");
  if (r->cls == MOSAIC_VC_F && kind > RK_MAXIMUMF) return mosaic_comp_fail(c, TSR_ERR_INVALID, "bitwise reduction of floats");
  int64_t dims[TSR_MAX_RANK];
  int64_t nd = mosaic_comp_ints(c, "reduction_dims", dims, TSR_MAX_RANK);
  if (nd < 0) return mosaic_comp_fail(c, TSR_ERR_INVALID, "no reduction_dims");
  bool red[TSR_MAX_RANK] = {0};
  for (int i = 0; i < nd; i++) {
    if (dims[i] < 0 || dims[i] >= s->rank) return mosaic_comp_fail(c, TSR_ERR_INVALID, "reduction dim %lld out of range", (long long)dims[i]);
    red[dims[i]] = true;
  }
  int64_t *rs = mosaic_prog_alloc(c->P, sizeof(int64_t) * TSR_MAX_RANK);
  if (!rs) return mosaic_comp_fail(c, TSR_ERR_NOMEM, "out of host memory");
  int64_t st = 1;
  int j = r->rank;
  for (int k = s->rank - 1; k >= 0; k--) {
    if (red[k]) { rs[k] = 0; continue; }
    if (--j < 0 || r->shape[j] != s->shape[k]) return mosaic_comp_fail(c, TSR_ERR_INVALID, "result shape does not match the kept dimensions");
    rs[k] = st;
    st *= s->shape[k];
  }
  if (j != 0) return mosaic_comp_fail(c, TSR_ERR_INVALID, "result shape does not match the kept dimensions");
  in->ints = rs;
  in->nints = s->rank;
  in->a[0] = kind;
  in->cost = (mosaic_op_cost){.vpu_ops = (double)s->n};
  return TSR_OK;
}

static inline float fred(int k, float a, float b) {
  switch (k) {
  case RK_ADD: return a + b;
  case RK_MUL: return a * b;
  case RK_MINF: return a != a ? b : b != b ? a : mosaic_fminimum(a, b); /* zeros ordered, as in the */
  case RK_MAXF: return a != a ? b : b != b ? a : mosaic_fmaximum(a, b); /* vector lanes below */
  case RK_MINIMUMF: return mosaic_fminimum(a, b);
  default: return mosaic_fmaximum(a, b);
  }
}

static inline int64_t ired(int k, int64_t a, int64_t b, int w) {
  switch (k) {
  case RK_ADD: return (int64_t)((uint64_t)a + (uint64_t)b);
  case RK_MUL: return (int64_t)((uint64_t)a * (uint64_t)b);
  case RK_MINS: return a < b ? a : b;
  case RK_MAXS: return a > b ? a : b;
  case RK_MINU: return mosaic_zext(a, w) < mosaic_zext(b, w) ? a : b;
  case RK_MAXU: return mosaic_zext(a, w) > mosaic_zext(b, w) ? a : b;
  case RK_AND: return a & b;
  case RK_OR: return a | b;
  default: return a ^ b;
  }
}

/* The vectors below never cross a call (all inlined), so the compilers' note that their ABI
 * depends on -mavx512f (built without -march=native) does not apply. */
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wunknown-warning-option"
#pragma clang diagnostic ignored "-Wpsabi"
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

/* Lane-wise fred on GCC/clang vectors (the compilers lower them to whatever the target has).
 * Selects are bit blends, so min/max stay branch-free. The fold's order is that of 16 lanes on
 * every target; without AVX-512 a 16-lane vector is two of 8 lanes, since GCC lowers a
 * comparison of a vector wider than the target's, lane by lane, to scalar compares and
 * branches (a quarter of flash attention's run went to its row maxima on an AVX2 machine). */
#define DEFINE_VFRED(N, VF, VI)                                                                           \
  static inline __attribute__((always_inline)) VF vsel##N(VI m, VF a, VF b) {                               \
    return (VF)((m & (VI)a) | (~m & (VI)b));                                                              \
  }                                                                                                       \
  static inline __attribute__((always_inline)) VF vfred##N(int k, VF a, VF b) {                             \
    if (k == RK_ADD) return a + b;                                                                        \
    if (k == RK_MUL) return a * b;                                                                        \
    bool mx = k == RK_MAXF || k == RK_MAXIMUMF;                                                           \
    VF r = vsel##N(mx ? a > b : a < b, a, b);                                                             \
    VF z = mx ? (VF)((VI)a & (VI)b) : (VF)((VI)a | (VI)b);                                                \
    r = vsel##N(a == b, z, r); /* equal: +0 beats -0 for max, -0 wins for min */                          \
    if (k == RK_MINF || k == RK_MAXF) return vsel##N(a != a, b, vsel##N(b != b, a, r));                   \
    return vsel##N((a != a) | (b != b), a + b, r);                                                        \
  }

enum { FOLD_LANES = 16, FOLD_ROWS = 4 };

/* The 16 lanes of a vector folded pairwise: j with j+8, then +4, +2, +1 (whole-vector
 * shuffles, so the accumulators never leave registers; the upper lanes are ignored). */
#if defined(__clang__)
#define LANE_SHIFT(v, s) __builtin_shufflevector(v, v, s, s + 1, s + 2, s + 3, s + 4, s + 5, s + 6, s + 7, \
    (s + 8) & 15, (s + 9) & 15, (s + 10) & 15, (s + 11) & 15, (s + 12) & 15, (s + 13) & 15, (s + 14) & 15, (s + 15) & 15)
#define LANE_SHIFT8(v, s) __builtin_shufflevector(v, v, s, s + 1, s + 2, s + 3, (s + 4) & 7, (s + 5) & 7, (s + 6) & 7, (s + 7) & 7)
#else
#define LANE_SHIFT(v, s) __builtin_shuffle(v, (vfred16_i){s, s + 1, s + 2, s + 3, s + 4, s + 5, s + 6, s + 7, \
    (s + 8) & 15, (s + 9) & 15, (s + 10) & 15, (s + 11) & 15, (s + 12) & 15, (s + 13) & 15, (s + 14) & 15, (s + 15) & 15})
#define LANE_SHIFT8(v, s) __builtin_shuffle(v, (vfred8_i){s, s + 1, s + 2, s + 3, (s + 4) & 7, (s + 5) & 7, (s + 6) & 7, (s + 7) & 7})
#endif

#if defined(__AVX512F__)
typedef float vfred16_f __attribute__((vector_size(64)));
typedef int32_t vfred16_i __attribute__((vector_size(64)));
DEFINE_VFRED(16, vfred16_f, vfred16_i)
static inline __attribute__((always_inline)) float fold_lanes(int k, vfred16_f l) {
  l = vfred16(k, l, LANE_SHIFT(l, 8));
  l = vfred16(k, l, LANE_SHIFT(l, 4));
  l = vfred16(k, l, LANE_SHIFT(l, 2));
  l = vfred16(k, l, LANE_SHIFT(l, 1));
  return l[0];
}
static inline __attribute__((always_inline)) vfred16_f load16(const float *p) {
  vfred16_f x;
  __builtin_memcpy(&x, p, sizeof x);
  return x;
}
#else
typedef float vfred8_f __attribute__((vector_size(32)));
typedef int32_t vfred8_i __attribute__((vector_size(32)));
DEFINE_VFRED(8, vfred8_f, vfred8_i)
typedef struct vfred16_f {
  vfred8_f lo, hi; /* lanes 0-7 and 8-15 */
} vfred16_f;
static inline __attribute__((always_inline)) vfred16_f vfred16(int k, vfred16_f a, vfred16_f b) {
  return (vfred16_f){vfred8(k, a.lo, b.lo), vfred8(k, a.hi, b.hi)};
}
/* lane j with j+8 is lo with hi; the 16-lane fold's lanes 8-15 never reach lane 0 */
static inline __attribute__((always_inline)) float fold_lanes(int k, vfred16_f l) {
  vfred8_f h = vfred8(k, l.lo, l.hi);
  h = vfred8(k, h, LANE_SHIFT8(h, 4));
  h = vfred8(k, h, LANE_SHIFT8(h, 2));
  h = vfred8(k, h, LANE_SHIFT8(h, 1));
  return h[0];
}
static inline __attribute__((always_inline)) vfred16_f load16(const float *p) {
  vfred16_f x;
  __builtin_memcpy(&x.lo, p, sizeof x.lo);
  __builtin_memcpy(&x.hi, p + 8, sizeof x.hi);
  return x;
}
#endif

/* Rows of n >= FOLD_LANES elements: lane j folds elements i = j (mod 16) of the whole
 * 16-element chunks, then fold_lanes, then the tail in order; the order depends on n alone.
 * Four rows go at once when there are four (independent chains keep the vector unit busy;
 * the compilers keep four named accumulators in registers, an array they would not). */
static inline __attribute__((always_inline)) float fold_finish(int k, vfred16_f l, const float *a, int64_t i,
                                                               int64_t n) {
  float v = fold_lanes(k, l);
  for (; i < n; i++) v = fred(k, v, a[i]);
  return v;
}
static inline __attribute__((always_inline)) float fold_row1(int k, const float *a, int64_t n) {
  vfred16_f l = load16(a);
  int64_t i = FOLD_LANES;
  for (; i + FOLD_LANES <= n; i += FOLD_LANES) l = vfred16(k, l, load16(a + i));
  return fold_finish(k, l, a, i, n);
}
static inline __attribute__((always_inline)) void fold_row4(int k, const float *a, int64_t n, float *out) {
  const float *a1 = a + n, *a2 = a1 + n, *a3 = a2 + n;
  vfred16_f l0 = load16(a), l1 = load16(a1), l2 = load16(a2), l3 = load16(a3);
  int64_t i = FOLD_LANES;
  for (; i + FOLD_LANES <= n; i += FOLD_LANES) {
    l0 = vfred16(k, l0, load16(a + i));
    l1 = vfred16(k, l1, load16(a1 + i));
    l2 = vfred16(k, l2, load16(a2 + i));
    l3 = vfred16(k, l3, load16(a3 + i));
  }
  out[0] = fold_finish(k, l0, a, i, n);
  out[1] = fold_finish(k, l1, a1, i, n);
  out[2] = fold_finish(k, l2, a2, i, n);
  out[3] = fold_finish(k, l3, a3, i, n);
}

/* Rows folded into d[ro[r]] in row order (offsets may repeat when other dims are reduced
 * too). */
static inline __attribute__((always_inline)) void fold_rows_of(int k, float *d, const int64_t *ro, const float *a,
                                                              int64_t n, int64_t rows) {
  if (n < FOLD_LANES) {
    for (int64_t r = 0; r < rows; r++) {
      float v = d[ro[r]];
      for (int64_t i = 0; i < n; i++) v = fred(k, v, a[r * n + i]);
      d[ro[r]] = v;
    }
    return;
  }
  for (int64_t r = 0; r < rows; r += FOLD_ROWS) {
    int m = rows - r < FOLD_ROWS ? (int)(rows - r) : FOLD_ROWS;
    float v[FOLD_ROWS];
    if (m == FOLD_ROWS) fold_row4(k, a + r * n, n, v);
    else
      for (int j = 0; j < m; j++) v[j] = fold_row1(k, a + (r + j) * n, n);
    for (int j = 0; j < m; j++) d[ro[r + j]] = fred(k, d[ro[r + j]], v[j]);
  }
}

/* ---- the max and min of rows without NaN ---------------------------------------------------
 * Without a NaN, maximumf and minimumf (and maxnumf, minnumf, whose zeros are ordered too)
 * pick the larger or smaller in a total order (-0 < +0), so every order of the fold gives
 * the bits of the fixed one above. A float's bits with the magnitude flipped when the sign is
 * set are an int32 key in that order: each step is then one integer max or min, which the
 * compilers vectorize in any order, where the blend of NaN and zero cases made a chain of six
 * (bench/RESULTS.md, "Measurements behind choices in the code"). A row that holds a NaN folds
 * in the fixed order (which NaN comes out depends on it). */
enum { KEY_ROW_MIN = 32 };

static inline int32_t float_key(int32_t b) { return b ^ ((b >> 31) & 0x7fffffff); }

/* Whether a[0, n) holds no NaN; if so, *out is its max (mx) or min. A plain loop: the
 * compilers vectorize integer max and min reductions (and the OR of the NaN test) in any
 * order, as they may not for floats. */
static inline __attribute__((always_inline)) bool key_extreme(bool mx, const float *a, int64_t n, float *out) {
  int32_t key = mx ? INT32_MIN : INT32_MAX, nan = 0;
  for (int64_t i = 0; i < n; i++) {
    int32_t b;
    __builtin_memcpy(&b, a + i, sizeof b);
    nan |= (b & 0x7fffffff) > 0x7f800000;
    int32_t k = float_key(b);
    key = mx ? (k > key ? k : key) : (k < key ? k : key);
  }
  int32_t b = float_key(key); /* the map is its own inverse */
  __builtin_memcpy(out, &b, sizeof *out);
  return !nan;
}

static inline __attribute__((always_inline)) void extreme_rows_of(int k, float *d, const int64_t *ro, const float *a,
                                                                 int64_t n, int64_t rows) {
  bool mx = k == RK_MAXF || k == RK_MAXIMUMF;
  for (int64_t r = 0; r < rows; r++) {
    float v;
    if (!key_extreme(mx, a + r * n, n, &v)) v = fold_row1(k, a + r * n, n);
    d[ro[r]] = fred(k, d[ro[r]], v);
  }
}

/* One instance per kind, so that each loop is compiled without the switch. */
static void fold_rows(int k, float *d, const int64_t *ro, const float *a, int64_t inner, int64_t rows) {
  bool keyed = inner >= KEY_ROW_MIN;
  switch (k) {
  case RK_ADD: fold_rows_of(RK_ADD, d, ro, a, inner, rows); break;
  case RK_MUL: fold_rows_of(RK_MUL, d, ro, a, inner, rows); break;
  case RK_MINF:
    if (keyed) extreme_rows_of(RK_MINF, d, ro, a, inner, rows);
    else fold_rows_of(RK_MINF, d, ro, a, inner, rows);
    break;
  case RK_MAXF:
    if (keyed) extreme_rows_of(RK_MAXF, d, ro, a, inner, rows);
    else fold_rows_of(RK_MAXF, d, ro, a, inner, rows);
    break;
  case RK_MINIMUMF:
    if (keyed) extreme_rows_of(RK_MINIMUMF, d, ro, a, inner, rows);
    else fold_rows_of(RK_MINIMUMF, d, ro, a, inner, rows);
    break;
  default:
    if (keyed) extreme_rows_of(RK_MAXIMUMF, d, ro, a, inner, rows);
    else fold_rows_of(RK_MAXIMUMF, d, ro, a, inner, rows);
    break;
  }
}

/* d[i * irs] = fred(k, d[i * irs], a[i]) for i < n: a row of the source folded into the
 * result where the last dimension is kept (a reduction over a leading or middle dimension,
 * as jnp.sum(x, axis=1) gives). One instance per kind, so that the loop carries no switch
 * and vectorises where the result row is contiguous; each element takes the same operations
 * in the same order as one at a time. */
static inline __attribute__((always_inline)) void fold_into_of(int k, float *d, int64_t irs, const float *a,
                                                              int64_t n) {
  if (irs == 1)
    for (int64_t i = 0; i < n; i++) d[i] = fred(k, d[i], a[i]);
  else
    for (int64_t i = 0; i < n; i++) d[i * irs] = fred(k, d[i * irs], a[i]);
}

static void fold_into(int k, float *d, int64_t irs, const float *a, int64_t n) {
  switch (k) {
  case RK_ADD: fold_into_of(RK_ADD, d, irs, a, n); break;
  case RK_MUL: fold_into_of(RK_MUL, d, irs, a, n); break;
  case RK_MINF: fold_into_of(RK_MINF, d, irs, a, n); break;
  case RK_MAXF: fold_into_of(RK_MAXF, d, irs, a, n); break;
  case RK_MINIMUMF: fold_into_of(RK_MINIMUMF, d, irs, a, n); break;
  default: fold_into_of(RK_MAXIMUMF, d, irs, a, n); break;
  }
}

tsr_status mosaic_r_multi_reduction(mosaic_exec *x, const mosaic_minst *in) {
  const mosaic_stype *s = ST(x, in->opd[0]), *r = ST(x, in->res[0]);
  mosaic_exec_copy_value(x, in->res[0], in->opd[1]);
  int k = (int)in->a[0], w = r->width;
  int64_t idx[TSR_MAX_RANK] = {0};
  int64_t inner = s->rank ? s->shape[s->rank - 1] : 1, irs = s->rank ? in->ints[s->rank - 1] : 0;
  int64_t rows = inner ? s->n / inner : 0;
  if (r->cls == MOSAIC_VC_F && irs == 0) { /* the last dimension is reduced: rows fold independently */
    enum { CHUNK = 64 }; /* rows whose result offsets are computed at once */
    for (int64_t row = 0; row < rows;) {
      int64_t ro[CHUNK], m = 0;
      for (; m < CHUNK && row + m < rows; m++) {
        ro[m] = 0;
        for (int d = 0; d < s->rank - 1; d++) ro[m] += idx[d] * in->ints[d];
        for (int d = s->rank - 2; d >= 0; d--) {
          if (++idx[d] < s->shape[d]) break;
          idx[d] = 0;
        }
      }
      fold_rows(k, SF(x, in->res[0]), ro, SF(x, in->opd[0]) + row * inner, inner, m);
      row += m;
    }
    if (in->ek != MOSAIC_EK_F32) mosaic_round_to_ek(SF(x, in->res[0]), r->n, in->ek);
    return TSR_OK;
  }
  for (int64_t row = 0; row < rows; row++) {
    int64_t ro = 0;
    for (int d = 0; d < s->rank - 1; d++) ro += idx[d] * in->ints[d];
    int64_t so = row * inner;
    if (r->cls == MOSAIC_VC_F) {
      float *d = SF(x, in->res[0]);
      const float *a = SF(x, in->opd[0]) + so;
      if (irs == 0) {
        float v = d[ro];
        for (int64_t i = 0; i < inner; i++) v = fred(k, v, a[i]);
        d[ro] = v;
      } else {
        fold_into(k, d + ro, irs, a, inner);
      }
    } else if (r->cls == MOSAIC_VC_I64) {
      int64_t *d = SL(x, in->res[0]);
      const int64_t *a = SL(x, in->opd[0]) + so;
      for (int64_t i = 0; i < inner; i++) d[ro + i * irs] = ired(k, d[ro + i * irs], a[i], w);
    } else {
      int32_t *d = SI(x, in->res[0]);
      const int32_t *a = SI(x, in->opd[0]) + so;
      for (int64_t i = 0; i < inner; i++) d[ro + i * irs] = mosaic_sext32(ired(k, d[ro + i * irs], a[i], w), w);
    }
    for (int d = s->rank - 2; d >= 0; d--) {
      if (++idx[d] < s->shape[d]) break;
      idx[d] = 0;
    }
  }
  if (r->cls == MOSAIC_VC_F && in->ek != MOSAIC_EK_F32) mosaic_round_to_ek(SF(x, in->res[0]), r->n, in->ek);
  return TSR_OK;
}

tsr_status mosaic_c_reduce_index(mosaic_comp *c, mosaic_minst *in) {
  if (in->nopd != 1 || in->nres != 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects one operand");
  const mosaic_stype *s = &c->P->types[in->opd[0]], *r = &c->P->types[in->res[0]];
  int64_t axis;
  if (!mlir_ir_op_attr_int(c->op, "axis", &axis) || axis < 0 || axis >= s->rank) return mosaic_comp_fail(c, TSR_ERR_INVALID, "bad axis");
  const char *kind = mlir_ir_enum_keyword(mlir_ir_op_attr(c->op, "kind"), "tpu", "reduction_kind");
  if (!kind || (strcmp(kind, "arg_max") && strcmp(kind, "arg_min"))) return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "kind must be arg_max or arg_min");
  if (r->cls != MOSAIC_VC_I32 || r->n * s->shape[axis] != s->n || s->cls == MOSAIC_VC_REF || s->cls == MOSAIC_VC_I64)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "result must be an integer vector without the axis");
  in->a[0] = axis;
  in->a[1] = !strcmp(kind, "arg_max");
  in->cost = (mosaic_op_cost){.vpu_ops = (double)s->n};
  return TSR_OK;
}

/* NaN wins (as in jnp.argmax), then the first of equal values. */
tsr_status mosaic_r_reduce_index(mosaic_exec *x, const mosaic_minst *in) {
  const mosaic_stype *s = ST(x, in->opd[0]);
  int axis = (int)in->a[0];
  bool mx = in->a[1] != 0;
  int64_t outer = 1, inner = 1, len = s->shape[axis];
  for (int k = 0; k < axis; k++) outer *= s->shape[k];
  for (int k = axis + 1; k < s->rank; k++) inner *= s->shape[k];
  int32_t *d = SI(x, in->res[0]);
  for (int64_t o = 0; o < outer; o++)
    for (int64_t i = 0; i < inner; i++) {
      int64_t best = 0;
      for (int64_t a = 1; a < len; a++) {
        int64_t p = (o * len + a) * inner + i, q = (o * len + best) * inner + i;
        bool better;
        if (s->cls == MOSAIC_VC_F) {
          float v = SF(x, in->opd[0])[p], b = SF(x, in->opd[0])[q];
          better = b == b && (v != v || (mx ? v > b : v < b));
        } else {
          int32_t v = SI(x, in->opd[0])[p], b = SI(x, in->opd[0])[q];
          better = mx ? v > b : v < b;
        }
        if (better) best = a;
      }
      d[o * inner + i] = (int32_t)best;
    }
  mosaic_wrap_i32(d, ST(x, in->res[0])->n, in->width);
  return TSR_OK;
}

/* ---- masks and iota ----------------------------------------------------------------------- */

tsr_status mosaic_c_create_mask(mosaic_comp *c, mosaic_minst *in) {
  if (in->nres != 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects one result");
  const mosaic_stype *r = &c->P->types[in->res[0]];
  int want = in->op == MOSAIC_MOP_TCREATE_MASK ? 2 * r->rank : r->rank;
  if (in->nopd != want || r->cls != MOSAIC_VC_I32) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects %d index operands", want);
  in->cost = (mosaic_op_cost){.vpu_ops = (double)r->n};
  return TSR_OK;
}

tsr_status mosaic_r_create_mask(mosaic_exec *x, const mosaic_minst *in) {
  const mosaic_stype *r = ST(x, in->res[0]);
  int64_t lo[TSR_MAX_RANK] = {0}, hi[TSR_MAX_RANK], idx[TSR_MAX_RANK] = {0};
  bool two = in->op == MOSAIC_MOP_TCREATE_MASK;
  for (int k = 0; k < r->rank; k++) {
    if (two) {
      lo[k] = mosaic_scalar_int(x, in->opd[k]);
      hi[k] = mosaic_scalar_int(x, in->opd[r->rank + k]);
    } else {
      hi[k] = mosaic_scalar_int(x, in->opd[k]);
    }
  }
  int32_t *d = SI(x, in->res[0]);
  for (int64_t i = 0; i < r->n; i++) {
    bool on = true;
    for (int k = 0; k < r->rank; k++) on = on && idx[k] >= lo[k] && idx[k] < hi[k];
    d[i] = on ? -1 : 0;
    for (int k = r->rank - 1; k >= 0; k--) {
      if (++idx[k] < r->shape[k]) break;
      idx[k] = 0;
    }
  }
  return TSR_OK;
}

tsr_status mosaic_c_iota(mosaic_comp *c, mosaic_minst *in) {
  if (in->nres != 1 || in->nopd != 0) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects one result");
  const mosaic_stype *r = &c->P->types[in->res[0]];
  if (r->cls == MOSAIC_VC_REF || r->rank < 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects a vector result");
  int64_t dims[TSR_MAX_RANK];
  int64_t nd = mosaic_comp_ints(c, "dimensions", dims, TSR_MAX_RANK);
  if (nd < 0) { int64_t d; nd = mlir_ir_op_attr_int(c->op, "dimension", &d) ? 1 : 0; dims[0] = d; }
  if (nd != 1 || dims[0] < 0 || dims[0] >= r->rank) return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "iota over one dimension only");
  in->a[0] = dims[0];
  in->cost = (mosaic_op_cost){.vpu_ops = (double)r->n};
  /* The value never changes: it is computed once into the constant pool (the instruction
   * stays, for its cost). */
  void *d = mosaic_prog_const(c->P, in->res[0]);
  if (!d) return mosaic_comp_fail(c, TSR_ERR_NOMEM, "out of host memory");
  int64_t inner = 1, len = r->shape[dims[0]];
  for (int k = (int)dims[0] + 1; k < r->rank; k++) inner *= r->shape[k];
  int64_t i = 0;
  for (int64_t o = 0; o < r->n / (inner * len > 0 ? inner * len : 1); o++)
    for (int64_t v = 0; v < len; v++)
      for (int64_t j = 0; j < inner; j++, i++) {
        if (r->cls == MOSAIC_VC_F) ((float *)d)[i] = (float)v;
        else if (r->cls == MOSAIC_VC_I64) ((int64_t *)d)[i] = v;
        else ((int32_t *)d)[i] = mosaic_sext32(v, r->width);
      }
  return TSR_OK;
}

/* ---- concatenate, gather, rotate, repeat -------------------------------------------------- */

static int64_t prod(const int64_t *s, int a, int b) {
  int64_t p = 1;
  for (int k = a; k < b; k++) p *= s[k];
  return p;
}

tsr_status mosaic_c_concatenate(mosaic_comp *c, mosaic_minst *in) {
  if (in->nres != 1 || in->nopd < 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects sources");
  const mosaic_stype *r = &c->P->types[in->res[0]];
  int64_t d;
  if (!mlir_ir_op_attr_int(c->op, "dimension", &d) || d < 0 || d >= r->rank) return mosaic_comp_fail(c, TSR_ERR_INVALID, "bad dimension");
  int64_t total = 0;
  for (int i = 0; i < in->nopd; i++) {
    const mosaic_stype *s = &c->P->types[in->opd[i]];
    if (s->rank != r->rank || s->cls != r->cls) return mosaic_comp_fail(c, TSR_ERR_INVALID, "source %d differs in rank or type", i);
    for (int k = 0; k < r->rank; k++)
      if (k != d && s->shape[k] != r->shape[k]) return mosaic_comp_fail(c, TSR_ERR_INVALID, "source %d differs in dimension %d", i, k);
    total += s->shape[d];
  }
  if (total != r->shape[d]) return mosaic_comp_fail(c, TSR_ERR_INVALID, "sources add up to %lld, not %lld", (long long)total, (long long)r->shape[d]);
  in->a[0] = d;
  in->cost = (mosaic_op_cost){.vpu_ops = (double)r->n};
  return TSR_OK;
}

tsr_status mosaic_r_concatenate(mosaic_exec *x, const mosaic_minst *in) {
  const mosaic_stype *r = ST(x, in->res[0]);
  int d = (int)in->a[0];
  size_t es = mosaic_class_size(r->cls);
  int64_t outer = prod(r->shape, 0, d), inner = prod(r->shape, d + 1, r->rank);
  char *dst = x->f->data[in->res[0]];
  for (int64_t o = 0; o < outer; o++)
    for (int i = 0; i < in->nopd; i++) {
      const mosaic_stype *s = ST(x, in->opd[i]);
      size_t chunk = (size_t)(s->shape[d] * inner) * es;
      memcpy(dst, (const char *)x->f->data[in->opd[i]] + (size_t)o * chunk, chunk);
      dst += chunk;
    }
  return TSR_OK;
}

tsr_status mosaic_c_dynamic_gather(mosaic_comp *c, mosaic_minst *in) {
  if (in->nopd != 2 || in->nres != 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects source and indices");
  const mosaic_stype *s = &c->P->types[in->opd[0]], *ix = &c->P->types[in->opd[1]], *r = &c->P->types[in->res[0]];
  int64_t dims[TSR_MAX_RANK];
  int64_t nd = mosaic_comp_ints(c, "dimensions", dims, TSR_MAX_RANK);
  if (nd != 1 || dims[0] < 0 || dims[0] >= s->rank) return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "gather along one dimension only");
  if (ix->cls != MOSAIC_VC_I32 || ix->n != r->n || s->n != r->n || s->cls != r->cls) return mosaic_comp_fail(c, TSR_ERR_INVALID, "shapes do not match");
  in->a[0] = dims[0];
  in->cost = (mosaic_op_cost){.vpu_ops = (double)r->n};
  return TSR_OK;
}

tsr_status mosaic_r_dynamic_gather(mosaic_exec *x, const mosaic_minst *in) {
  const mosaic_stype *r = ST(x, in->res[0]);
  int d = (int)in->a[0];
  int64_t len = r->shape[d], inner = prod(r->shape, d + 1, r->rank);
  const int32_t *ix = SI(x, in->opd[1]);
  size_t es = mosaic_class_size(r->cls);
  const char *src = x->f->data[in->opd[0]];
  char *dst = x->f->data[in->res[0]];
  for (int64_t i = 0; i < r->n; i++) {
    int64_t pos = (i / inner) % len, j = ix[i];
    if (j < 0 || j >= len) return tsr_fail(TSR_ERR_BOUNDS, "gather index %lld out of range [0, %lld)", (long long)j, (long long)len);
    memcpy(dst + (size_t)i * es, src + (size_t)(i + (j - pos) * inner) * es, es);
  }
  return TSR_OK;
}

/* a[0] dimension, a[1] stride, a[2] stride dimension (-1 none), a[3] static amount */
tsr_status mosaic_c_rotate(mosaic_comp *c, mosaic_minst *in) {
  if (in->nres != 1 || in->nopd < 1) return mosaic_comp_fail(c, TSR_ERR_INVALID, "expects a value");
  const mosaic_stype *s = &c->P->types[in->opd[0]], *r = &c->P->types[in->res[0]];
  int64_t d, st = 0, sd = -1, amt = 0;
  if (!mlir_ir_op_attr_int(c->op, "dimension", &d) || d < 0 || d >= r->rank) return mosaic_comp_fail(c, TSR_ERR_INVALID, "bad dimension");
  mlir_ir_op_attr_int(c->op, "stride", &st);
  if (mlir_ir_op_attr_int(c->op, "stride_dimension", &sd) && (sd < 0 || sd >= r->rank)) return mosaic_comp_fail(c, TSR_ERR_INVALID, "bad stride_dimension");
  if (in->op == MOSAIC_MOP_ROTATE ? (!mlir_ir_op_attr_int(c->op, "amount", &amt) || in->nopd != 1) : in->nopd != 2)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "bad amount");
  if (s->n != r->n || s->cls != r->cls || s->rank != r->rank) return mosaic_comp_fail(c, TSR_ERR_INVALID, "shapes do not match");
  in->a[0] = d;
  in->a[1] = st;
  in->a[2] = sd;
  in->a[3] = amt;
  in->cost = (mosaic_op_cost){.vpu_ops = (double)r->n};
  return TSR_OK;
}

/* pltpu.roll: out[i] = in[(i - shift) mod n] along the dimension, the shift growing by
 * `stride` per index along the stride dimension. */
tsr_status mosaic_r_rotate(mosaic_exec *x, const mosaic_minst *in) {
  const mosaic_stype *r = ST(x, in->res[0]);
  int d = (int)in->a[0], sd = (int)in->a[2];
  int64_t amount = in->op == MOSAIC_MOP_ROTATE ? in->a[3] : mosaic_scalar_int(x, in->opd[1]);
  int64_t len = r->shape[d], inner = prod(r->shape, d + 1, r->rank);
  int64_t sinner = sd >= 0 ? prod(r->shape, sd + 1, r->rank) : 1;
  size_t es = mosaic_class_size(r->cls);
  const char *src = x->f->data[in->opd[0]];
  char *dst = x->f->data[in->res[0]];
  if (len == 0) return TSR_OK;
  for (int64_t i = 0; i < r->n; i++) {
    int64_t shift = amount;
    if (sd >= 0) shift += in->a[1] * ((i / sinner) % r->shape[sd]);
    int64_t pos = (i / inner) % len;
    int64_t from = ((pos - shift) % len + len) % len;
    memcpy(dst + (size_t)i * es, src + (size_t)(i + (from - pos) * inner) * es, es);
  }
  return TSR_OK;
}

tsr_status mosaic_c_repeat(mosaic_comp *c, mosaic_minst *in) {
  TSR_TRY(one_in_one_out(c, in));
  const mosaic_stype *s = &c->P->types[in->opd[0]], *r = &c->P->types[in->res[0]];
  int64_t d, times;
  if (!mlir_ir_op_attr_int(c->op, "dimension", &d) || !mlir_ir_op_attr_int(c->op, "times", &times) || d < 0 ||
      d >= r->rank || times < 1 || r->shape[d] != s->shape[d] * times)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "bad dimension or times");
  in->a[0] = d;
  in->cost = (mosaic_op_cost){.vpu_ops = (double)r->n};
  return TSR_OK;
}

tsr_status mosaic_r_repeat(mosaic_exec *x, const mosaic_minst *in) {
  const mosaic_stype *s = ST(x, in->opd[0]), *r = ST(x, in->res[0]);
  int d = (int)in->a[0];
  size_t es = mosaic_class_size(r->cls);
  int64_t outer = prod(r->shape, 0, d);
  size_t chunk = (size_t)prod(s->shape, d, s->rank) * es;
  int64_t times = r->shape[d] / (s->shape[d] ? s->shape[d] : 1);
  char *dst = x->f->data[in->res[0]];
  for (int64_t o = 0; o < outer; o++)
    for (int64_t t = 0; t < times; t++) {
      memcpy(dst, (const char *)x->f->data[in->opd[0]] + (size_t)o * chunk, chunk);
      dst += chunk;
    }
  return TSR_OK;
}

static int ek_bits(const mosaic_stype *t) { return mosaic_stype_bits(t); }

tsr_status mosaic_c_vbitcast(mosaic_comp *c, mosaic_minst *in) {
  TSR_TRY(c->P->types[in->opd[0]].cls == MOSAIC_VC_REF ? mosaic_comp_fail(c, TSR_ERR_INVALID, "expects a vector") : TSR_OK);
  const mosaic_stype *s = &c->P->types[in->opd[0]], *r = &c->P->types[in->res[0]];
  if (ek_bits(s) != ek_bits(r) && in->op == MOSAIC_MOP_TBITCAST) return mosaic_packed_vbitcast(c, in, ek_bits(s), ek_bits(r));
  if (ek_bits(s) != ek_bits(r) || s->n != r->n)
    return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "bitcasts between element widths (TPU packing) are not supported");
  in->cost = (mosaic_op_cost){.vpu_ops = (double)r->n};
  return TSR_OK;
}
