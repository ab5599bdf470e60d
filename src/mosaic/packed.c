/* Packed views: a tpu.memref_bitcast that changes the second-minor dimension, as TPU tiling
 * packs narrow elements (docs/mosaic.md, "Packed views"). A view of words over narrow rows
 * (pack p > 0: memref<128x128xbf16> seen as memref<64x128xi32>) holds in word (r, l) the
 * elements of rows p*r .. p*r+p-1 at lane l, row p*r+k in bits [k*w, (k+1)*w) where w is the
 * narrow width. A view of narrow rows over words (pack -p) is the inverse: element (r, l) is
 * field r mod p of word (r / p, l).
 *
 * The ref in such a slot stays the underlying memory (its own dtype and shape); the slot's
 * static type (mosaic_stype.pack, pack_bits) says how the kernel sees it. Loads and stores go
 * through here, and so do a memref_slice, a memref_squeeze (of leading dimensions), a
 * memref_reshape, a memref_bitcast and an erase_memref_layout (whose results stay packed views
 * of the same memory) and a DMA (mosaic_packed_dma_pair); anything else that takes a packed view is
 * refused when the kernel is compiled (mosaic_packed_use_ok). */
#include <stdio.h>
#include <string.h>

#include "core/strided.h"
#include "mosaic/mosaic_internal.h"

bool mosaic_packed_use_ok(int op) {
  switch (op) {
  case MOSAIC_MOP_VLOAD: case MOSAIC_MOP_TVLOAD: case MOSAIC_MOP_TLOAD: case MOSAIC_MOP_STRIDED_LOAD: case MOSAIC_MOP_MLOAD:
  case MOSAIC_MOP_VSTORE: case MOSAIC_MOP_TVSTORE: case MOSAIC_MOP_TSTORE: case MOSAIC_MOP_STRIDED_STORE: case MOSAIC_MOP_MSTORE:
  case MOSAIC_MOP_MEMREF_SLICE: case MOSAIC_MOP_MEMREF_RESHAPE: case MOSAIC_MOP_MEMREF_BITCAST: case MOSAIC_MOP_MEMREF_SQUEEZE: case MOSAIC_MOP_ERASE_LAYOUT:
  case MOSAIC_MOP_ENQUEUE_DMA: case MOSAIC_MOP_WAIT_DMA: case MOSAIC_MOP_WAIT_DMA2: case MOSAIC_MOP_ENQUEUE_INDIRECT_DMA: case MOSAIC_MOP_WAIT_INDIRECT_DMA:
    return true;
  default:
    return false;
  }
}

/* Bits of an element in TPU memory (int4 takes a byte in host arrays, 4 bits in a word). */
static unsigned dtype_bits(tsr_dtype t) { return t == TSR_I4 || t == TSR_U4 ? 4 : (unsigned)tsr_dtype_size(t) * 8; }

/* The memory under a view: its rows (second-minor) and element bits. A packed view's slot
 * holds the memory, so a bitcast or reshape of one relates the result to the memory
 * directly: packings compose (fields of fields are the fields of the whole word). */
static void memory_of(const mosaic_stype *s, int64_t *rows, unsigned *bits) {
  *rows = s->shape[s->rank - 2];
  *bits = dtype_bits(s->dtype);
  if (s->pack > 0) { /* words over narrow rows */
    *rows *= s->pack;
    *bits = s->pack_bits;
  } else if (s->pack < 0) { /* narrow rows over words */
    *rows /= -s->pack;
    *bits = s->pack_bits * (unsigned)-s->pack;
  }
}

tsr_status mosaic_packed_bitcast(mosaic_comp *c, mosaic_minst *in) {
  mosaic_stype *s = &c->P->types[in->opd[0]], *d = &c->P->types[in->res[0]];
  int r = s->rank;
  if (s->pack_row) return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "a bitcast of a packed view's single word row");
  bool same = r >= 2 && d->rank == r && s->shape[r - 1] == d->shape[r - 1];
  for (int k = 0; same && k < r - 2; k++) same = s->shape[k] == d->shape[k];
  if (!same) return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "a bitcast across widths must keep every dimension but the second-minor");
  if (tsr_dtype_is_semaphore(s->dtype) || tsr_dtype_is_semaphore(d->dtype) || tsr_dtype_is_complex(s->dtype) ||
      tsr_dtype_is_complex(d->dtype) || dtype_bits(s->dtype) > 32 || dtype_bits(d->dtype) > 32)
    return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "packing %s in %s", tsr_dtype_name(s->dtype), tsr_dtype_name(d->dtype));
  int64_t rows;
  unsigned ws, wd = dtype_bits(d->dtype);
  memory_of(s, &rows, &ws);
  char what[32]; /* the elements the rows hold: the operand's own, or the memory's under a view */
  if (s->pack) snprintf(what, sizeof what, "%u-bit memory", ws);
  else snprintf(what, sizeof what, "%s", tsr_dtype_name(s->dtype));
  if (wd == ws) { /* back to the memory's own width: a plain view of it */
    if (d->shape[r - 2] != rows)
      return mosaic_comp_fail(c, TSR_ERR_INVALID, "%lld rows of %s are not %lld rows of %s", (long long)rows, what,
                       (long long)d->shape[r - 2], tsr_dtype_name(d->dtype));
    d->pack = 0;
    d->pack_bits = 0;
  } else if (wd > ws) {
    int p = (int)(wd / ws);
    if (wd % ws || rows != d->shape[r - 2] * p)
      return mosaic_comp_fail(c, TSR_ERR_INVALID, "%lld rows of %s do not pack into %lld rows of %s", (long long)rows, what,
                       (long long)d->shape[r - 2], tsr_dtype_name(d->dtype));
    d->pack = (int8_t)p;
    d->pack_bits = (uint8_t)ws;
  } else {
    int p = (int)(ws / wd);
    if (ws % wd || d->shape[r - 2] != rows * p)
      return mosaic_comp_fail(c, TSR_ERR_INVALID, "%lld rows of %s do not unpack into %lld rows of %s", (long long)rows, what,
                       (long long)d->shape[r - 2], tsr_dtype_name(d->dtype));
    d->pack = (int8_t)-p;
    d->pack_bits = (uint8_t)wd;
  }
  return TSR_OK;
}

/* A reshape of a packed view that keeps the minor dimension: the rows of all the leading
 * dimensions, taken in order, stay the same rows, so the memory takes the same reshape
 * with its second-minor dimension scaled by the packing (in->ints: the memory's shape). */
tsr_status mosaic_packed_reshape(mosaic_comp *c, mosaic_minst *in) {
  mosaic_stype *s = &c->P->types[in->opd[0]], *d = &c->P->types[in->res[0]];
  int r = d->rank, p = s->pack > 0 ? s->pack : -s->pack;
  if (s->pack_row) return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "a reshape of a packed view's single word row");
  if (r < 2 || s->shape[s->rank - 1] != d->shape[r - 1])
    return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "a reshape of a packed view must keep its minor dimension (%lld)",
                     (long long)s->shape[s->rank - 1]);
  if (s->pack < 0 && d->shape[r - 2] % p)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "a reshape of a packed view to %lld rows splits its %d-row words", (long long)d->shape[r - 2], p);
  int64_t *mem = mosaic_prog_alloc(c->P, sizeof(int64_t) * TSR_MAX_RANK);
  if (!mem) return mosaic_comp_fail(c, TSR_ERR_NOMEM, "out of host memory");
  memcpy(mem, d->shape, sizeof(int64_t) * (size_t)r);
  mem[r - 2] = s->pack > 0 ? mem[r - 2] * p : mem[r - 2] / p;
  in->ints = mem;
  in->nints = r;
  d->pack = s->pack;
  d->pack_bits = s->pack_bits;
  return TSR_OK;
}

/* A squeeze of a packed view drops unit dimensions in front of the last two: the memory drops
 * the same ones (its last two dimensions are the view's, rows scaled by the packing), and the
 * result is packed as the operand is. A view of words may also drop its second-minor
 * dimension when it is one word row (`ref.bitcast(jnp.uint32).at[i]` of a bf16 array: a
 * vector of words); its memory keeps that row's p narrow rows (pack_row). `keep`: the
 * operand's dimension of each result's; in->ints becomes the memory's, which the run of the
 * squeeze takes. */
tsr_status mosaic_packed_squeeze(mosaic_comp *c, mosaic_minst *in, const int64_t *keep, int nkeep) {
  mosaic_stype *s = &c->P->types[in->opd[0]], *d = &c->P->types[in->res[0]];
  int r = s->rank;
  bool minor = nkeep >= 1 && keep[nkeep - 1] == r - 1, rows = nkeep >= 2 && keep[nkeep - 2] == r - 2;
  if (!minor || (!rows && !s->pack_row && s->pack < 0))
    return mosaic_comp_fail(c, TSR_ERR_UNSUPPORTED, "a squeeze of a packed view must keep its minor dimension%s",
                     minor ? ", and a view of narrow rows over words its rows (a field of a word)" : "");
  d->pack = s->pack;
  d->pack_bits = s->pack_bits;
  d->pack_row = s->pack_row || !rows;
  if (!d->pack_row) return TSR_OK;
  /* the memory's dimensions: the view's leading ones it keeps, then its last two */
  int64_t *mem = mosaic_prog_alloc(c->P, sizeof(int64_t) * TSR_MAX_RANK);
  if (!mem) return mosaic_comp_fail(c, TSR_ERR_NOMEM, "out of host memory");
  int n = 0, lead = s->pack_row ? r - 1 : r - 2; /* the operand's dimensions in front of the memory's last two */
  for (int j = 0; j < nkeep; j++)
    if (keep[j] < lead) mem[n++] = keep[j];
  mem[n++] = lead;
  mem[n++] = lead + 1;
  in->ints = mem;
  in->nints = n;
  return TSR_OK;
}

/* A view of one word row (pack_row) as the view of rank one more that it squeezes: the word
 * row back as its second-minor dimension, of size 1. */
static void row_back(mosaic_stype *v) {
  int r = v->rank;
  v->shape[r] = v->shape[r - 1];
  v->shape[r - 1] = 1;
  v->rank = (int8_t)(r + 1);
  v->pack_row = 0;
}

/* A plain ref given the same unit dimension, in front of its last. */
static void unit_back(tsr_ref *m) {
  int r = m->rank;
  m->shape[r] = m->shape[r - 1];
  m->stride[r] = m->stride[r - 1];
  m->shape[r - 1] = 1;
  m->stride[r - 1] = m->shape[r] * m->stride[r];
  m->rank = r + 1;
}

/* ---- the window an access touches, in view coordinates --------------------------------------- */

typedef struct pwin {
  int rank;                       /* of the view (and the memory) */
  int64_t start[TSR_MAX_RANK], size[TSR_MAX_RANK], step[TSR_MAX_RANK]; /* view coordinates */
} pwin;

static tsr_status view_window(mosaic_exec *x, const mosaic_minst *in, const mosaic_stype *view, int first, const mosaic_stype *v, pwin *w) {
  int rr = view->rank, lead = rr - v->rank;
  w->rank = rr;
  for (int k = 0; k < rr; k++) {
    w->start[k] = mosaic_scalar_int(x, in->opd[first + k]);
    w->size[k] = k < lead ? 1 : v->shape[k - lead];
    w->step[k] = in->ints ? in->ints[k] : 1;
    if (w->start[k] < 0 || (w->size[k] > 0 && w->start[k] + (w->size[k] - 1) * w->step[k] >= view->shape[k]))
      return tsr_fail(TSR_ERR_BOUNDS, "index %lld (size %lld, stride %lld) in dimension %d is out of bounds of the packed view "
                      "(%lld in that dimension)", (long long)w->start[k], (long long)w->size[k], (long long)w->step[k], k,
                      (long long)view->shape[k]);
  }
  return TSR_OK;
}

/* The window of a view of one word row (pack_row) in its memory's terms: that row. */
static void row_window(pwin *w) {
  int r = w->rank;
  w->start[r] = w->start[r - 1];
  w->size[r] = w->size[r - 1];
  w->step[r] = w->step[r - 1];
  w->start[r - 1] = 0;
  w->size[r - 1] = 1;
  w->step[r - 1] = 1;
  w->rank = r + 1;
}

/* Words over narrow rows: plane j (row p*r + j of each word row r) as a strided window of
 * the memory. */
static tsr_ref plane(const tsr_ref *mem, const pwin *w, int p, int j) {
  tsr_ref o = *mem;
  int64_t off = 0;
  for (int k = 0; k < w->rank; k++) {
    bool sub = k == w->rank - 2;
    int64_t start = sub ? p * w->start[k] + j : w->start[k];
    off += start * mem->stride[k];
    o.shape[k] = w->size[k];
    o.stride[k] = mem->stride[k] * (sub ? p * w->step[k] : w->step[k]);
  }
  o.data = mem->data + off * (int64_t)tsr_dtype_size(mem->dtype);
  return o;
}

/* The raw bits of element e (es bytes), and back. */
static uint32_t get_bits(const char *e, size_t es) {
  uint32_t v = 0;
  memcpy(&v, e, es); /* little-endian: the low bytes */
  return v;
}

static void put_bits(char *e, size_t es, uint32_t v) { memcpy(e, &v, es); }

/* A narrow field as host memory holds it: int4 sign-extended to its byte. */
static uint32_t memory_form(tsr_dtype t, uint32_t field) { return t == TSR_I4 ? (uint32_t)mosaic_sext32(field, 4) : field; }

/* A value element (class of `v`) as the view dtype's bits, and back. */
static uint32_t value_bits(const mosaic_exec *x, int32_t slot, const mosaic_stype *v, int64_t i) {
  return v->cls != MOSAIC_VC_F ? (uint32_t)SI(x, slot)[i] : mosaic_ek_float_bits(SF(x, slot)[i], v->ek);
}

static void set_value(mosaic_exec *x, int32_t slot, const mosaic_stype *v, int64_t i, uint32_t bits) {
  if (v->cls != MOSAIC_VC_F) {
    SI(x, slot)[i] = mosaic_sext32(bits, v->width);
    return;
  }
  SF(x, slot)[i] = mosaic_ek_bits_float(bits, v->ek);
}

/* Narrow rows over words: the memory element and bit offset of view element `idx`. */
static char *field_of(const tsr_ref *mem, const int64_t *idx, int rank, int p, int bits, int *shift) {
  int64_t off = 0;
  for (int k = 0; k < rank; k++) {
    int64_t i = idx[k];
    if (k == rank - 2) {
      *shift = (int)(i % p) * bits;
      i /= p;
    }
    off += i * mem->stride[k];
  }
  return mem->data + off * (int64_t)tsr_dtype_size(mem->dtype);
}

static void view_index(const pwin *w, const int64_t *cnt, int64_t *idx) {
  for (int k = 0; k < w->rank; k++) idx[k] = w->start[k] + cnt[k] * w->step[k];
}

/* ---- loads and stores ---------------------------------------------------------------------- */

tsr_status mosaic_packed_load(mosaic_exec *x, const mosaic_minst *in) {
  const mosaic_stype *view = ST(x, in->opd[0]), *v = ST(x, in->res[0]);
  const tsr_ref *mem = SR(x, in->opd[0]);
  pwin w;
  tsr_status s = view_window(x, in, view, (int)in->a[0], v, &w);
  if (s != TSR_OK) return mosaic_oob_read(x, in, s, v->cls == MOSAIC_VC_F ? TSR_F32 : TSR_I32, false);
  /* the words are put together in the value's own buffer (4 bytes an element in every
   * class a packed view can give), then turned into values in place */
  if (view->pack_row) row_window(&w);
  uint32_t *word = x->f->data[in->res[0]] = x->f->values + x->P->data_off[in->res[0]];
  size_t es = tsr_dtype_size(mem->dtype);
  int bits = view->pack_bits;
  if (view->pack > 0) {
    memset(word, 0, sizeof(uint32_t) * (size_t)v->n);
    uint32_t mask = bits >= 32 ? ~0u : (1u << bits) - 1u;
    for (int j = 0; j < view->pack; j++) {
      tsr_ref pl = plane(mem, &w, view->pack, j);
      strided_rows r;
      if (strided_rows_start(&r, pl.rank, pl.shape, pl.stride, NULL))
        do
          for (int64_t i = 0; i < r.len; i++)
            word[r.row * r.len + i] |= (get_bits(pl.data + (r.at[0] + i * r.step[0]) * (int64_t)es, es) & mask) << (j * bits);
        while (strided_rows_next(&r));
      if (x->carry && !in->unused) seam_report_access(x->carry, &pl, true, false);
      if (x->observed) mosaic_emit_access(x, in, &pl, false);
    }
  } else {
    int p = -view->pack, shift = 0;
    uint32_t mask = (1u << bits) - 1u;
    int64_t cnt[TSR_MAX_RANK] = {0}, idx[TSR_MAX_RANK], i = 0;
    if (v->n > 0) do {
        view_index(&w, cnt, idx);
        const char *e = field_of(mem, idx, w.rank, p, bits, &shift); /* sets shift: read it after */
        word[i++] = (get_bits(e, es) >> shift) & mask;
      } while (strided_next(cnt, w.size, w.rank));
    tsr_ref whole = *mem; /* the words touched: reported whole (a superset of the rows) */
    if (x->carry && !in->unused) seam_report_access(x->carry, &whole, true, false);
    if (x->observed) mosaic_emit_access(x, in, &whole, false);
  }
  const int32_t *m = in->a[1] >= 0 ? SI(x, in->opd[in->a[1]]) : NULL;
  for (int64_t i = 0; i < v->n; i++) set_value(x, in->res[0], v, i, m && !m[i] ? 0 : word[i]);
  return TSR_OK;
}

tsr_status mosaic_packed_store(mosaic_exec *x, const mosaic_minst *in) {
  const mosaic_stype *view = ST(x, in->opd[1]), *v = ST(x, in->opd[0]);
  const tsr_ref *mem = SR(x, in->opd[1]);
  if (in->a[3] || in->aux) return tsr_fail(TSR_ERR_UNSUPPORTED, "adding or sublane-masked stores through a packed view");
  pwin w;
  TSR_TRY(view_window(x, in, view, (int)in->a[0], v, &w));
  if (view->pack_row) row_window(&w);
  const int32_t *m = in->a[1] >= 0 ? SI(x, in->opd[in->a[1]]) : NULL;
  size_t es = tsr_dtype_size(mem->dtype);
  int bits = view->pack_bits;
  uint32_t mask = bits >= 32 ? ~0u : (1u << bits) - 1u;
  if (view->pack > 0) {
    for (int j = 0; j < view->pack; j++) {
      tsr_ref pl = plane(mem, &w, view->pack, j);
      if (x->carry) seam_report_access(x->carry, &pl, false, !m);
      strided_rows r;
      if (strided_rows_start(&r, pl.rank, pl.shape, pl.stride, NULL))
        do
          for (int64_t i = 0; i < r.len; i++) {
            int64_t e = r.row * r.len + i;
            if (m && !m[e]) continue;
            uint32_t f = (value_bits(x, in->opd[0], v, e) >> (j * bits)) & mask;
            put_bits(pl.data + (r.at[0] + i * r.step[0]) * (int64_t)es, es, memory_form(mem->dtype, f));
          }
        while (strided_rows_next(&r));
      if (x->observed) mosaic_emit_access(x, in, &pl, true);
    }
  } else {
    int p = -view->pack, shift = 0;
    tsr_ref whole = *mem;
    if (x->carry) seam_report_access(x->carry, &whole, true, false); /* fields: the rest of each word stays */
    int64_t cnt[TSR_MAX_RANK] = {0}, idx[TSR_MAX_RANK], i = 0;
    if (v->n > 0) do {
        view_index(&w, cnt, idx);
        if (!m || m[i]) {
          char *e = field_of(mem, idx, w.rank, p, bits, &shift);
          uint32_t word = get_bits(e, es);
          put_bits(e, es, (word & ~(mask << shift)) | ((value_bits(x, in->opd[0], v, i) & mask) << shift));
        }
        i++;
      } while (strided_next(cnt, w.size, w.rank));
    if (x->observed) mosaic_emit_access(x, in, &whole, true);
  }
  return TSR_OK;
}

/* A slice of a packed view: the same slice of the memory, rows scaled by the packing. A slice
 * of narrow rows over words must cover whole words; one of a view of one word row (pack_row)
 * keeps the row's p narrow rows. */
tsr_status mosaic_packed_slice(mosaic_exec *x, const mosaic_minst *in) {
  const tsr_ref *mem = SR(x, in->opd[0]);
  const mosaic_stype *view = ST(x, in->opd[0]), *d = ST(x, in->res[0]);
  int rr = view->rank, p = view->pack > 0 ? view->pack : -view->pack;
  int64_t starts[TSR_MAX_RANK] = {0}, sizes[TSR_MAX_RANK] = {0};
  bool inside = true;
  for (int k = 0; k < rr; k++) {
    starts[k] = mosaic_scalar_int(x, in->opd[in->a[0] + k]);
    sizes[k] = d->shape[k];
    bool in_k = starts[k] >= 0 && starts[k] + sizes[k] <= view->shape[k];
    if (!in_k && !in->wait_only)
      return tsr_fail(TSR_ERR_BOUNDS, "slice [%lld, %lld) in dimension %d is out of bounds of the packed view (%lld)", (long long)starts[k],
                      (long long)(starts[k] + sizes[k]), k, (long long)view->shape[k]);
    inside = inside && in_k;
  }
  if (view->pack_row) { /* the memory's rows: the whole word row */
    starts[rr] = starts[rr - 1];
    sizes[rr] = sizes[rr - 1];
    starts[rr - 1] = 0;
    sizes[rr - 1] = 1;
    rr++;
  }
  if (!inside) { /* a descriptor built to wait for its byte count (mosaic_r_memref_slice) */
    sizes[rr - 2] = view->pack > 0 ? sizes[rr - 2] * p : (sizes[rr - 2] + p - 1) / p;
    return mosaic_wait_only_view(mem, mem->dtype, rr, sizes, SR(x, in->res[0]));
  }
  if (view->pack > 0) {
    starts[rr - 2] *= p;
    sizes[rr - 2] *= p;
  } else {
    if (starts[rr - 2] % p || sizes[rr - 2] % p)
      return tsr_fail(TSR_ERR_UNSUPPORTED, "a slice of rows %lld..%lld of a packed view splits %d-row words", (long long)starts[rr - 2],
                      (long long)(starts[rr - 2] + sizes[rr - 2]), p);
    starts[rr - 2] /= p;
    sizes[rr - 2] /= p;
  }
  return tsr_ref_window(mem, starts, sizes, SR(x, in->res[0]));
}

/* ---- DMAs ------------------------------------------------------------------------------------ */

/* One side of a DMA as narrow elements of `bits` bits (uint of that width), rank one more
 * than the view: the second-minor dimension split in (word row, field) so that element
 * (.., r, j, l) is field j of view word (r, l), or view row p*r+j of narrow rows. Memory
 * of words (mem_words) gets a field dimension of stride one inside each word (little-endian
 * host: field j is the j-th narrow unit of the word); memory of narrow rows has its rows
 * split in groups of p, which must come out even.
 *
 * Fields narrower than a byte (int4: f = 8 / bits to a byte) cannot be addressed so: the
 * field dimension is split once more, in (byte of the word, field of the byte), rank two
 * more than the view. Memory of words is then bytes (U8) whose field dimension has stride
 * 0, the engine picking the field by its index there (seam_kernel_dma_start); memory of
 * narrow rows keeps its dtype, a field a byte. */
static tsr_status narrow_side(const tsr_ref *mem, bool mem_words, int p, int bits, const char *side, tsr_ref *o) {
  int r = mem->rank, sub = bits < 8;
  if (r + 1 + sub > TSR_MAX_RANK)
    return tsr_fail(TSR_ERR_UNSUPPORTED, "a DMA of a packed view of rank %d (at most %d)", r, TSR_MAX_RANK - 1 - sub);
  if (!mem_words && mem->shape[r - 2] % p)
    return tsr_fail(TSR_ERR_INVALID, "DMA %s: %lld rows of %s do not fill whole %d-row words of the packed view on the other side",
                    side, (long long)mem->shape[r - 2], tsr_dtype_name(mem->dtype), p);
  tsr_ref t = *mem;
  /* in units of the result's element: memory of words in narrow units (bytes when sub) */
  int64_t scale = !mem_words ? 1 : sub ? (int64_t)tsr_dtype_size(mem->dtype) : p;
  for (int k = 0; k < r - 2; k++) t.stride[k] = mem->stride[k] * scale;
  int64_t rs = mem->stride[r - 2], lane = mem->stride[r - 1] * scale;
  int64_t lanes = mem->shape[r - 1];
  if (!sub) {
    t.dtype = bits == 8 ? TSR_U8 : bits == 16 ? TSR_U16 : TSR_U32;
    t.rank = r + 1;
    t.shape[r - 2] = mem_words ? mem->shape[r - 2] : mem->shape[r - 2] / p;
    t.stride[r - 2] = rs * p;
    t.shape[r - 1] = p;
    t.stride[r - 1] = mem_words ? 1 : rs;
    t.shape[r] = lanes;
    t.stride[r] = lane;
  } else {
    int f = 8 / bits;
    t.dtype = mem_words ? TSR_U8 : mem->dtype;
    t.rank = r + 2;
    t.shape[r - 2] = mem_words ? mem->shape[r - 2] : mem->shape[r - 2] / p;
    t.stride[r - 2] = rs * (mem_words ? scale : p);
    t.shape[r - 1] = p / f;
    t.stride[r - 1] = mem_words ? 1 : rs * f;
    t.shape[r] = f;
    t.stride[r] = mem_words ? 0 : rs;
    t.shape[r + 1] = lanes;
    t.stride[r + 1] = lane;
  }
  *o = t;
  return TSR_OK;
}

int64_t mosaic_packed_bytes(const mosaic_stype *view, const tsr_ref *mem) {
  int64_t b = (int64_t)tsr_ref_bytes(mem);
  return view->pack && dtype_bits(mem->dtype) < 8 ? b * dtype_bits(mem->dtype) / 8 : b;
}

tsr_status mosaic_packed_dma_pair(mosaic_exec *x, int32_t s_src, int32_t s_dst, mosaic_packed_dma *o) {
  if (mosaic_padded_sizes(x, s_src) || mosaic_padded_sizes(x, s_dst))
    return tsr_fail(TSR_ERR_UNSUPPORTED, "a DMA between a packed view and a window reaching into tile padding");
  return mosaic_packed_dma_refs(ST(x, s_src), SR(x, s_src), ST(x, s_dst), SR(x, s_dst), o);
}

tsr_status mosaic_packed_dma_start(mosaic_exec *x, const mosaic_packed_dma *d, const tsr_ref *sem, const char *loc) {
  return seam_kernel_dma_start(x->ctx, &d->src, &d->dst, sem, d->bytes, d->field_bits, loc);
}

tsr_status mosaic_packed_row(const mosaic_stype *view, const tsr_ref *mem, int64_t r, mosaic_stype *vrow, tsr_ref *mrow) {
  *vrow = *view;
  vrow->shape[0] = 1;
  vrow->n = view->shape[0] ? view->n / view->shape[0] : 0;
  if (view->pack_row && view->rank < 2)
    return tsr_fail(TSR_ERR_UNSUPPORTED, "one word of a packed view's single word row (element %lld) as a DMA's row", (long long)r);
  if (!view->pack || view->rank > 2) return tsr_ref_slice(mem, 0, r, 1, mrow);
  if (view->pack < 0)
    return tsr_fail(TSR_ERR_UNSUPPORTED, "one row of narrow elements over words (a packed view's row %lld) as a DMA's row", (long long)r);
  return tsr_ref_slice(mem, 0, r * view->pack, view->pack, mrow);
}

tsr_status mosaic_packed_dma_refs(const mosaic_stype *vs, const tsr_ref *ms, const mosaic_stype *vd, const tsr_ref *md, mosaic_packed_dma *o) {
  mosaic_stype v[2] = {*vs, *vd};
  tsr_ref mem[2] = {*ms, *md};
  static const char *const name[2] = {"source", "target"};
  int p = 0, bits = 0;
  for (int i = 0; i < 2; i++) {
    if (!v[i].pack) continue;
    int pi = v[i].pack > 0 ? v[i].pack : -v[i].pack;
    if (p && (pi != p || v[i].pack_bits != bits))
      return tsr_fail(TSR_ERR_UNSUPPORTED, "a DMA between packed views of different packings (%d x %d bits and %d x %d bits)", p, bits,
                      pi, v[i].pack_bits);
    p = pi;
    bits = v[i].pack_bits;
  }
  if (bits < 8 && bits != 4)
    return tsr_fail(TSR_ERR_UNSUPPORTED, "a DMA of a packed view of %d-bit elements (of sub-byte fields, int4 only)", bits);
  /* a view of one word row against a plain ref of its rank: both with the word row back */
  if (v[0].pack_row || v[1].pack_row)
    for (int i = 0; i < 2; i++) {
      if (!v[i].pack && mem[i].rank == v[i].rank && mem[i].rank + 1 <= TSR_MAX_RANK) unit_back(&mem[i]);
      if (v[i].pack_row || !v[i].pack) row_back(&v[i]);
    }
  if (v[0].rank != v[1].rank) return tsr_fail(TSR_ERR_INVALID, "DMA between refs of rank %d and %d", v[0].rank, v[1].rank);
  for (int k = 0; k < v[0].rank; k++) { /* in the view's terms, before the split below */
    int64_t a = v[0].pack ? v[0].shape[k] : mem[0].shape[k], b = v[1].pack ? v[1].shape[k] : mem[1].shape[k];
    if (a != b)
      return tsr_fail(TSR_ERR_INVALID, "DMA between views of different shapes: dimension %d is %lld in the source and %lld in the target",
                      k, (long long)a, (long long)b);
  }
  bool view_words[2], mem_words[2];
  tsr_ref *out[2] = {&o->src, &o->dst};
  for (int i = 0; i < 2; i++) {
    unsigned w = dtype_bits(mem[i].dtype);
    if (v[i].pack) {
      mem_words[i] = v[i].pack < 0; /* narrow rows over words */
    } else if (w == (unsigned)(p * bits) || w == (unsigned)bits) {
      mem_words[i] = w == (unsigned)(p * bits);
    } else {
      return tsr_fail(TSR_ERR_INVALID, "a DMA between a packed view (%d x %d bits) and %s elements in the %s", p, bits,
                      tsr_dtype_name(mem[i].dtype), name[i]);
    }
    view_words[i] = v[i].pack ? v[i].pack > 0 : mem_words[i];
    TSR_TRY(narrow_side(&mem[i], mem_words[i], p, bits, name[i], out[i]));
  }
  if (view_words[0] != view_words[1])
    return tsr_fail(TSR_ERR_INVALID, "a DMA between %d-bit and %d-bit elements", view_words[0] ? p * bits : bits,
                    view_words[1] ? p * bits : bits);
  o->field_bits = 0;
  o->bytes = mosaic_packed_bytes(&v[1], &mem[1]);
  if (bits < 8) {
    if (mem_words[0] != mem_words[1]) {
      o->field_bits = bits;
    } else if (mem_words[0]) { /* words to words: each byte once, not once a field */
      o->src.shape[o->src.rank - 2] = o->dst.shape[o->dst.rank - 2] = 1;
    }
  }
  return TSR_OK;
}

/* ---- tpu.bitcast across widths ---------------------------------------------------------------- */

/* a[0]: p > 0 packs p source rows per result row, -p unpacks; a[1], a[2]: source and result bits */
tsr_status mosaic_packed_vbitcast(mosaic_comp *c, mosaic_minst *in, int src_bits, int dst_bits) {
  const mosaic_stype *s = &c->P->types[in->opd[0]], *d = &c->P->types[in->res[0]];
  int r = s->rank;
  bool same = r >= 2 && d->rank == r && s->shape[r - 1] == d->shape[r - 1] && s->cls != MOSAIC_VC_I64 && d->cls != MOSAIC_VC_I64;
  for (int k = 0; same && k < r - 2; k++) same = s->shape[k] == d->shape[k];
  int big = src_bits > dst_bits ? src_bits : dst_bits, small = src_bits > dst_bits ? dst_bits : src_bits, p = big / small;
  if (!same || big % small || (dst_bits > src_bits ? s->shape[r - 2] != d->shape[r - 2] * p : d->shape[r - 2] != s->shape[r - 2] * p))
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "a bitcast across widths scales the second-minor dimension by %d and keeps the others", p);
  in->a[0] = dst_bits > src_bits ? p : -p;
  in->a[1] = src_bits;
  in->a[2] = dst_bits;
  in->cost = (mosaic_op_cost){.vpu_ops = (double)d->n};
  return TSR_OK;
}

tsr_status mosaic_r_tbitcast(mosaic_exec *x, const mosaic_minst *in) {
  if (!in->a[0]) return mosaic_r_bitcast(x, in);
  const mosaic_stype *s = ST(x, in->opd[0]), *d = ST(x, in->res[0]);
  int64_t L = s->shape[s->rank - 1], rows_s = s->shape[s->rank - 2], rows_d = d->shape[d->rank - 2];
  int64_t outer = s->n / (rows_s * L);
  int small = (int)(in->a[0] > 0 ? in->a[1] : in->a[2]), p = (int)(in->a[0] > 0 ? in->a[0] : -in->a[0]);
  uint32_t mask = small >= 32 ? ~0u : (1u << small) - 1u;
  for (int64_t o = 0; o < outer; o++)
    for (int64_t rd = 0; rd < rows_d; rd++)
      for (int64_t l = 0; l < L; l++) {
        int64_t di = (o * rows_d + rd) * L + l;
        uint32_t bits = 0;
        if (in->a[0] > 0) /* p narrow source rows into one word row */
          for (int k = 0; k < p; k++)
            bits |= (value_bits(x, in->opd[0], s, (o * rows_s + rd * p + k) * L + l) & mask) << (k * small);
        else /* field rd mod p of word row rd / p */
          bits = (value_bits(x, in->opd[0], s, (o * rows_s + rd / p) * L + l) >> ((rd % p) * small)) & mask;
        set_value(x, in->res[0], d, di, bits);
      }
  return TSR_OK;
}
