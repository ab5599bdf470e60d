/* Refs: strided views with bounds-checked view transformations. */
#include "core/status.h"

#include <stdio.h>
#include <string.h>

const char *tsr_space_name(tsr_space s) {
  switch (s) {
  case TSR_VMEM: return "vmem";
  case TSR_ANY: return "any";
  case TSR_HBM: return "hbm";
  case TSR_SMEM: return "smem";
  case TSR_SEMAPHORE_MEM: return "semaphore_mem";
  case TSR_HOST: return "host";
  }
  return "?";
}

tsr_ref tsr_ref_dense(void *data, tsr_dtype dtype, tsr_space space, int rank,
                      const int64_t *shape) {
  tsr_ref r;
  memset(&r, 0, sizeof r);
  r.data = data;
  r.dtype = dtype;
  r.space = space;
  r.rank = rank < 0 ? 0 : rank > TSR_MAX_RANK ? TSR_MAX_RANK : rank;
  int64_t stride = 1;
  for (int d = r.rank - 1; d >= 0; d--) {
    r.shape[d] = shape[d];
    r.stride[d] = stride;
    stride *= shape[d];
  }
  return r;
}

int64_t tsr_ref_numel(const tsr_ref *r) {
  for (int d = 0; d < r->rank; d++)
    if (r->shape[d] == 0) return 0;
  int64_t n = 1;
  for (int d = 0; d < r->rank; d++) n *= r->shape[d];
  return n;
}

void tsr_ref_span(const tsr_ref *r, uintptr_t *lo, uintptr_t *hi) {
  *lo = *hi = 0;
  if (tsr_ref_numel(r) == 0) return;
  *lo = *hi = (uintptr_t)r->data;
  int64_t es = (int64_t)tsr_dtype_size(r->dtype), below = 0, above = 0;
  for (int d = 0; d < r->rank; d++) {
    int64_t span = (r->shape[d] - 1) * r->stride[d] * es;
    if (span < 0) below += span;
    else above += span;
  }
  *lo += (uintptr_t)below;
  *hi += (uintptr_t)above + (uintptr_t)es;
}

size_t tsr_ref_bytes(const tsr_ref *r) {
  return (size_t)tsr_ref_numel(r) * tsr_dtype_size(r->dtype);
}

bool tsr_ref_is_contiguous(const tsr_ref *r) {
  int64_t expect = 1;
  for (int d = r->rank - 1; d >= 0; d--) {
    if (r->shape[d] != 1 && r->stride[d] != expect) return false;
    expect *= r->shape[d];
  }
  return true;
}

void *tsr_ref_ptr(const tsr_ref *r, const int64_t *index) {
  int64_t off = 0;
  for (int d = 0; d < r->rank; d++) off += index[d] * r->stride[d];
  return r->data + off * (int64_t)tsr_dtype_size(r->dtype);
}

tsr_status tsr_ref_window(const tsr_ref *r, const int64_t *starts, const int64_t *sizes,
                          tsr_ref *out) {
  tsr_ref v = *r;
  int64_t off = 0;
  for (int d = 0; d < r->rank; d++) {
    if (starts[d] < 0 || sizes[d] < 0 || starts[d] > r->shape[d] ||
        sizes[d] > r->shape[d] - starts[d]) {
      char a[64], b[96];
      return tsr_fail(TSR_ERR_BOUNDS,
                      "window out of bounds in dimension %d: [%lld, %lld) of %s (shape %s)", d,
                      (long long)starts[d], (long long)(starts[d] + sizes[d]),
                      tsr_ref_describe(r, b, sizeof b), tsr_format_dims(r->shape, r->rank, a, sizeof a));
    }
    off += starts[d] * r->stride[d];
    v.shape[d] = sizes[d];
  }
  v.data = r->data + off * (int64_t)tsr_dtype_size(r->dtype);
  *out = v;
  return TSR_OK;
}

tsr_status tsr_ref_slice(const tsr_ref *r, int dim, int64_t start, int64_t size, tsr_ref *out) {
  if (dim < 0 || dim >= r->rank)
    return tsr_fail(TSR_ERR_INVALID, "slice: dimension %d out of range for rank %d", dim, r->rank);
  int64_t starts[TSR_MAX_RANK] = {0}, sizes[TSR_MAX_RANK];
  memcpy(sizes, r->shape, sizeof sizes);
  starts[dim] = start;
  sizes[dim] = size;
  return tsr_ref_window(r, starts, sizes, out);
}

static void drop_dim(tsr_ref *v, int dim) {
  for (int d = dim; d < v->rank - 1; d++) {
    v->shape[d] = v->shape[d + 1];
    v->stride[d] = v->stride[d + 1];
  }
  v->rank--;
  v->shape[v->rank] = 0;
  v->stride[v->rank] = 0;
}

tsr_status tsr_ref_at(const tsr_ref *r, int dim, int64_t index, tsr_ref *out) {
  tsr_ref v;
  TSR_TRY(tsr_ref_slice(r, dim, index, 1, &v));
  if (index >= r->shape[dim])
    return tsr_fail(TSR_ERR_BOUNDS, "index %lld out of bounds for dimension %d of size %lld",
                    (long long)index, dim, (long long)r->shape[dim]);
  drop_dim(&v, dim);
  *out = v;
  return TSR_OK;
}

tsr_status tsr_ref_squeeze(const tsr_ref *r, int dim, tsr_ref *out) {
  if (dim < 0 || dim >= r->rank || r->shape[dim] != 1)
    return tsr_fail(TSR_ERR_INVALID, "squeeze: dimension %d is not of size 1", dim);
  tsr_ref v = *r;
  drop_dim(&v, dim);
  *out = v;
  return TSR_OK;
}

/* The strides of a strided view seen with another shape of the same (non-zero) element count,
 * in the same row-major order, when no copy is needed: the dimensions of size other than one
 * fall in groups, each a run of old dimensions and a run of new ones of the same product, and
 * the old run must be contiguous within itself (each stride the next one times its size); the
 * new run then steps through it from its last stride. False when some group is not. */
static bool strided_reshape(const tsr_ref *r, int rank, const int64_t *shape, int64_t *stride) {
  int oi[TSR_MAX_RANK], ni[TSR_MAX_RANK], m = 0, k = 0;
  for (int d = 0; d < r->rank; d++)
    if (r->shape[d] != 1) oi[m++] = d;
  for (int d = 0; d < rank; d++)
    if (shape[d] != 1) ni[k++] = d;
  int i = 0, j = 0;
  while (i < m && j < k) {
    int i1 = i + 1, j1 = j + 1;
    int64_t po = r->shape[oi[i]], pn = shape[ni[j]];
    while (po != pn) {
      if (po < pn) {
        if (i1 == m) return false;
        po *= r->shape[oi[i1++]];
      } else {
        if (j1 == k) return false;
        pn *= shape[ni[j1++]];
      }
    }
    for (int t = i; t + 1 < i1; t++)
      if (r->stride[oi[t]] != r->stride[oi[t + 1]] * r->shape[oi[t + 1]]) return false;
    int64_t st = r->stride[oi[i1 - 1]];
    for (int t = j1 - 1; t >= j; t--) {
      stride[ni[t]] = st;
      st *= shape[ni[t]];
    }
    i = i1;
    j = j1;
  }
  return i == m && j == k; /* size-one dimensions keep the dense strides: never stepped */
}

tsr_status tsr_ref_reshape(const tsr_ref *r, int rank, const int64_t *shape, tsr_ref *out) {
  if (rank < 0 || rank > TSR_MAX_RANK)
    return tsr_fail(TSR_ERR_INVALID, "reshape: rank %d out of range", rank);
  int64_t n = 1;
  for (int d = 0; d < rank; d++) {
    if (shape[d] < 0) return tsr_fail(TSR_ERR_INVALID, "reshape: negative dimension");
    n *= shape[d];
  }
  if (n != tsr_ref_numel(r)) {
    char a[96], b[96];
    return tsr_fail(TSR_ERR_INVALID, "reshape: %s has %lld elements, shape %s has %lld",
                    tsr_ref_describe(r, a, sizeof a), (long long)tsr_ref_numel(r),
                    tsr_format_dims(shape, rank, b, sizeof b), (long long)n);
  }
  tsr_ref v = tsr_ref_dense(r->data, r->dtype, r->space, rank, shape);
  v.buf = r->buf;
  if (n > 0 && !tsr_ref_is_contiguous(r) && !strided_reshape(r, rank, shape, v.stride)) {
    char a[96], b[96];
    return tsr_fail(TSR_ERR_INVALID, "reshape: view %s is not contiguous where shape %s merges its dimensions",
                    tsr_ref_describe(r, a, sizeof a), tsr_format_dims(shape, rank, b, sizeof b));
  }
  *out = v;
  return TSR_OK;
}

tsr_status tsr_ref_bitcast(const tsr_ref *r, tsr_dtype dtype, tsr_ref *out) {
  size_t from = tsr_dtype_size(r->dtype), to = tsr_dtype_size(dtype);
  if (!from || !to) return tsr_fail(TSR_ERR_INVALID, "bitcast: invalid dtype");
  tsr_ref v = *r;
  v.dtype = dtype;
  if (from == to) { *out = v; return TSR_OK; }
  if (r->rank == 0) return tsr_fail(TSR_ERR_INVALID, "bitcast: rank-0 ref changes width");
  int last = r->rank - 1;
  if (r->stride[last] != 1 && r->shape[last] != 1)
    return tsr_fail(TSR_ERR_INVALID, "bitcast: last dimension is not contiguous");
  int64_t bytes_last = r->shape[last] * (int64_t)from;
  if (bytes_last % (int64_t)to)
    return tsr_fail(TSR_ERR_INVALID, "bitcast: last dimension (%lld x %zu bytes) does not divide into %zu-byte elements",
                    (long long)r->shape[last], from, to);
  for (int d = 0; d < last; d++) {
    if ((r->stride[d] * (int64_t)from) % (int64_t)to)
      return tsr_fail(TSR_ERR_INVALID, "bitcast: stride of dimension %d is not a multiple of the new element size", d);
    v.stride[d] = r->stride[d] * (int64_t)from / (int64_t)to;
  }
  v.shape[last] = bytes_last / (int64_t)to;
  v.stride[last] = 1;
  *out = v;
  return TSR_OK;
}

char *tsr_format_dims(const int64_t *dims, int rank, char *buf, size_t cap) {
  size_t n = 0;
  if (cap == 0) return buf;
  buf[0] = 0;
  n += (size_t)snprintf(buf + n, cap - n, "(");
  for (int d = 0; d < rank && n < cap; d++)
    n += (size_t)snprintf(buf + n, cap - n, "%s%lld", d ? ", " : "", (long long)dims[d]);
  if (n < cap) snprintf(buf + n, cap - n, rank == 1 ? ",)" : ")");
  return buf;
}

char *tsr_ref_describe(const tsr_ref *r, char *buf, size_t cap) {
  size_t n = 0;
  if (cap == 0) return buf;
  n += (size_t)snprintf(buf, cap, "%s[", tsr_dtype_name(r->dtype));
  for (int d = 0; d < r->rank && n < cap; d++)
    n += (size_t)snprintf(buf + n, cap - n, "%s%lld", d ? "," : "", (long long)r->shape[d]);
  if (n < cap) snprintf(buf + n, cap - n, "]");
  return buf;
}
