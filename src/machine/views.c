/* Views standing in for VMEM buffers. In zero-copy mode (and for read-only inputs) a body sees
 * some blocks as views of their HBM arrays instead of the VMEM buffers a copying run fills.
 * Observers must not tell the difference: the checkers compare what a body touches with what
 * DMAs in flight touch, by address, and a view's address is the HBM block's, which DMAs to
 * other blocks of the same array can overlap (a strided block's byte span takes in its
 * neighbours' rows). So while a body runs, its views are pushed on its core, and machine_core_emit
 * names the buffer wherever an event's ref lies inside a view, element for element. */
#include <stdlib.h>

#include "core/grow.h"
#include "machine/machine_internal.h"

/* Whether v's strides are those of a row-major window (each dimension's stride at least the
 * extent of the dimensions inside it), so that a byte offset splits into one index. */
static bool row_major_window(const tsr_ref *v) {
  int64_t inner = 1; /* the extent, in elements, of the dimensions inside k */
  for (int k = v->rank - 1; k >= 0; k--) {
    if (v->shape[k] == 1) continue;
    if (v->stride[k] < inner) return false;
    inner = v->stride[k] * v->shape[k];
  }
  return true;
}

/* Byte offset `off` from v's first element as v's element index and the bytes left inside
 * that element; false when it is not inside v. */
static bool split_offset(const tsr_ref *v, int64_t off, int64_t *idx, int64_t *rest) {
  int64_t esz = (int64_t)tsr_dtype_size(v->dtype);
  if (off < 0) return false;
  for (int k = 0; k < v->rank; k++) {
    int64_t sb = v->stride[k] * esz;
    idx[k] = v->shape[k] == 1 || sb <= 0 ? 0 : off / sb;
    if (idx[k] >= v->shape[k]) return false;
    off -= idx[k] * sb;
  }
  *rest = off;
  return off < esz;
}

static int64_t buffer_offset(const machine_view_map *vm, const int64_t *idx, int64_t rest) {
  int64_t esz = (int64_t)tsr_dtype_size(vm->buffer.dtype), off = rest;
  for (int k = 0; k < vm->buffer.rank; k++) off += idx[k] * vm->buffer.stride[k] * esz;
  return off;
}

/* r as the buffer's ref, when all of r lies inside vm's view (r may be a window of it, strided,
 * reshaped or of another dtype over the same bytes). */
static bool as_buffer(const machine_view_map *vm, const tsr_ref *r, tsr_ref *out) {
  int64_t idx[TSR_MAX_RANK], rest, start = r->data - vm->view.data;
  if (r->data < vm->view.data || !split_offset(&vm->view, start, idx, &rest)) return false;
  int64_t rsz = (int64_t)tsr_dtype_size(r->dtype), end = start;
  *out = *r;
  out->data = vm->buffer.data + buffer_offset(vm, idx, rest);
  out->buf = vm->buffer.buf;
  out->space = vm->buffer.space;
  for (int m = 0; m < r->rank; m++) {
    if (r->shape[m] <= 1) continue;
    int64_t d[TSR_MAX_RANK], drest, step = r->stride[m] * rsz;
    if (!split_offset(&vm->view, step, d, &drest)) return false;
    int64_t nb = buffer_offset(vm, d, drest);
    if (nb % rsz) return false;
    out->stride[m] = nb / rsz;
    end += (r->shape[m] - 1) * step;
  }
  return split_offset(&vm->view, end, idx, &rest); /* the last element is inside too */
}

bool machine_core_push_view(machine_core *c, const tsr_ref *view, const tsr_ref *buffer) {
  if (!row_major_window(view)) return true; /* not expected of a window of an array: told as it is */
  if (!GROW_ARRAY(c->views, c->num_views, c->cap_views, 8)) return false;
  c->views[c->num_views++] = (machine_view_map){.view = *view, .buffer = *buffer};
  return true;
}

bool machine_core_view_as_buffer(const machine_core *c, const tsr_ref *r, tsr_ref *out) {
  if (r->space != TSR_VMEM && r->space != TSR_SMEM) return false; /* an HBM ref means HBM */
  for (int i = c->num_views - 1; i >= 0; i--) /* the innermost body's first */
    if (as_buffer(&c->views[i], r, out)) return true;
  return false;
}
