/* .npy reading and writing (tessera/npy.h). The header is a Python dict literal; only the
 * subset numpy writes is accepted: string keys 'descr', 'fortran_order', 'shape' with a
 * string, a boolean and a tuple of integers. */
#define _DEFAULT_SOURCE /* MAP_POPULATE */
#include "tessera/npy.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/atomic_file.h"
#include "core/status.h"

static const char magic[6] = {'\x93', 'N', 'U', 'M', 'P', 'Y'};

typedef struct npy_kind {
  const char *code; /* without the byte-order character */
  tsr_dtype dtype;
  size_t file_size; /* element size in the file */
} npy_kind;

static const npy_kind kinds[] = {
    {"f4", TSR_F32, 4}, {"f2", TSR_F16, 2}, {"f8", TSR_F64, 8}, {"i1", TSR_I8, 1},
    {"i2", TSR_I16, 2}, {"i4", TSR_I32, 4}, {"i8", TSR_I64, 8}, {"u1", TSR_U8, 1},
    {"u2", TSR_U16, 2}, {"u4", TSR_U32, 4}, {"u8", TSR_U64, 8}, {"b1", TSR_BOOL, 1},
    {"V2", TSR_BF16, 2}, {"c8", TSR_C64, 8}, {"c16", TSR_C128, 16},
};

typedef struct hdr_parser {
  const char *p, *end, *base; /* base: start of the file, for offsets */
  const char *what;
} hdr_parser;

static tsr_status perr(const hdr_parser *h, const char *msg) {
  return tsr_fail(TSR_ERR_PARSE, "%s: byte offset %ld: %s", h->what, (long)(h->p - h->base), msg);
}

static void skip_ws(hdr_parser *h) {
  while (h->p < h->end && (*h->p == ' ' || *h->p == '\t' || *h->p == '\n' || *h->p == '\r')) h->p++;
}

static bool eat(hdr_parser *h, char c) {
  skip_ws(h);
  if (h->p < h->end && *h->p == c) { h->p++; return true; }
  return false;
}

/* A Python string literal in single or double quotes, without escapes (numpy never writes
 * any in the keys and descrs we accept). */
static tsr_status parse_str(hdr_parser *h, char *buf, size_t cap) {
  skip_ws(h);
  if (h->p >= h->end || (*h->p != '\'' && *h->p != '"')) return perr(h, "expected a quoted string");
  char q = *h->p++;
  size_t n = 0;
  while (h->p < h->end && *h->p != q) {
    if (*h->p == '\\') return perr(h, "escapes in header strings are not supported");
    if (n + 1 >= cap) return perr(h, "header string too long");
    buf[n++] = *h->p++;
  }
  if (h->p >= h->end) return perr(h, "unterminated string");
  h->p++;
  buf[n] = 0;
  return TSR_OK;
}

static tsr_status parse_shape(hdr_parser *h, tsr_array *a) {
  if (!eat(h, '(')) return perr(h, "shape must be a tuple");
  a->rank = 0;
  for (;;) {
    skip_ws(h);
    if (eat(h, ')')) return TSR_OK;
    if (h->p >= h->end || *h->p < '0' || *h->p > '9') return perr(h, "expected a dimension (non-negative integer)");
    int64_t v = 0;
    while (h->p < h->end && *h->p >= '0' && *h->p <= '9') {
      if (v > (INT64_C(1) << 40)) return perr(h, "dimension too large");
      v = v * 10 + (*h->p++ - '0');
    }
    if (h->p < h->end && *h->p == 'L') h->p++; /* Python 2 long suffix in old files */
    if (a->rank == TSR_MAX_RANK) return perr(h, "more than 8 dimensions");
    a->shape[a->rank++] = v;
    if (!eat(h, ',')) {
      if (!eat(h, ')')) return perr(h, "expected ',' or ')' in shape");
      return TSR_OK;
    }
  }
}

static tsr_status parse_header(hdr_parser *h, tsr_array *a, const npy_kind **kind) {
  bool have_descr = false, have_order = false, have_shape = false;
  if (!eat(h, '{')) return perr(h, "header must start with '{'");
  for (;;) {
    if (eat(h, '}')) break;
    char key[32], val[32];
    TSR_TRY(parse_str(h, key, sizeof key));
    if (!eat(h, ':')) return perr(h, "expected ':' after key");
    if (!strcmp(key, "descr")) {
      skip_ws(h);
      const char *at = h->p;
      TSR_TRY(parse_str(h, val, sizeof val));
      char order = val[0];
      const char *code = val + 1;
      if (order == '>') { h->p = at; return perr(h, "big-endian data ('>') is not supported"); }
      if (order != '<' && order != '|' && order != '=') { h->p = at; return perr(h, "descr must start with '<', '|' or '='"); }
      *kind = NULL;
      for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (!strcmp(kinds[i].code, code)) *kind = &kinds[i];
      if (!*kind) {
        h->p = at;
        char msg[96];
        snprintf(msg, sizeof msg, "unsupported dtype '%s'", val);
        return perr(h, msg);
      }
      have_descr = true;
    } else if (!strcmp(key, "fortran_order")) {
      skip_ws(h);
      if (h->end - h->p >= 5 && !memcmp(h->p, "False", 5)) h->p += 5;
      else if (h->end - h->p >= 4 && !memcmp(h->p, "True", 4))
        return perr(h, "fortran_order=True: only C-order arrays are supported (save with np.ascontiguousarray)");
      else return perr(h, "fortran_order must be True or False");
      have_order = true;
    } else if (!strcmp(key, "shape")) {
      TSR_TRY(parse_shape(h, a));
      have_shape = true;
    } else {
      return perr(h, "unknown header key");
    }
    if (!eat(h, ',')) {
      if (!eat(h, '}')) return perr(h, "expected ',' or '}'");
      break;
    }
  }
  if (!have_descr || !have_order || !have_shape)
    return perr(h, "header lacks one of 'descr', 'fortran_order', 'shape'");
  return TSR_OK;
}

static uint32_t rd_le(const unsigned char *p, int n) {
  uint32_t v = 0;
  for (int i = n - 1; i >= 0; i--) v = v << 8 | p[i];
  return v;
}

/* Checks the header and the data size; on success *hdr has the dtype and shape, and the data
 * starts at byte *data_off. */
static tsr_status parse_layout(const void *data, size_t size, const char *what, tsr_array *hdr,
                               const npy_kind **kind_out, size_t *data_off_out) {
  const unsigned char *b = data;
  hdr_parser h = {(const char *)b, (const char *)b + size, (const char *)b, what ? what : "<npy>"};
  if (size < 10 || memcmp(b, magic, 6)) return perr(&h, "not a .npy file (bad magic)");
  int major = b[6];
  size_t hlen_bytes = major == 1 ? 2 : 4;
  if (major < 1 || major > 3) { h.p += 6; return perr(&h, "unsupported .npy format version"); }
  if (size < 8 + hlen_bytes) { h.p = h.end; return perr(&h, "truncated header length"); }
  size_t hlen = rd_le(b + 8, (int)hlen_bytes);
  size_t data_off = 8 + hlen_bytes + hlen;
  if (hlen > size || data_off > size) { h.p += 8; return perr(&h, "header length runs past the end of the file"); }
  h.p = (const char *)b + 8 + hlen_bytes;
  h.end = (const char *)b + data_off;
  tsr_array a = {0};
  const npy_kind *kind = NULL;
  TSR_TRY(parse_header(&h, &a, &kind));
  a.dtype = kind->dtype; /* the array's own dtype, whichever path takes its data */
  skip_ws(&h);
  if (h.p != h.end) return perr(&h, "unexpected text after the header dict");
  /* The data must be exactly what the header promises; check before allocating, so a header
   * claiming a huge shape costs nothing. At most 2^44 elements, counting a zero dimension as
   * 1: the limit does not depend on the dtype (a bf16 array written back as f32 reads
   * again), and an empty array's other dimensions cannot overflow its strides. */
  uint64_t elements = 1;
  bool overflow = false, empty = false;
  for (int d = 0; d < a.rank; d++) {
    uint64_t dim = a.shape[d] > 0 ? (uint64_t)a.shape[d] : 1;
    empty = empty || a.shape[d] == 0;
    if (a.shape[d] < 0 || elements > (UINT64_C(1) << 44) / dim) overflow = true;
    else elements *= dim;
  }
  size_t want = overflow || empty ? 0 : kind->file_size * (size_t)elements;
  if (overflow || size - data_off != want) {
    h.p = h.end;
    char msg[160];
    if (overflow) {
      snprintf(msg, sizeof msg, "the header's shape does not fit in memory (data is %zu bytes)", size - data_off);
      return perr(&h, msg);
    }
    snprintf(msg, sizeof msg, "data is %zu bytes, the header's shape and dtype need %zu", size - data_off, want);
    return perr(&h, msg);
  }
  *hdr = a;
  *kind_out = kind;
  *data_off_out = data_off;
  return TSR_OK;
}

static tsr_status copy_data(const unsigned char *b, const tsr_array *a, const npy_kind *kind,
                            size_t data_off, const char *what, tsr_array *out) {
  tsr_status s = tsr_array_alloc(out, kind->dtype, a->rank, a->shape);
  if (s != TSR_OK) return tsr_fail_context(s, "%s", what);
  int64_t n = tsr_array_numel(out);
  const unsigned char *src = b + data_off;
  if (kind->dtype == TSR_BOOL) {
    int32_t *dst = out->data;
    for (int64_t i = 0; i < n; i++) dst[i] = src[i] != 0;
  } else if (n) {
    memcpy(out->data, src, tsr_array_bytes(out));
  }
  return TSR_OK;
}

tsr_status tsr_npy_parse(const void *data, size_t size, const char *what, tsr_array *out) {
  tsr_array a;
  const npy_kind *kind;
  size_t data_off;
  memset(out, 0, sizeof *out);
  TSR_TRY(parse_layout(data, size, what, &a, &kind, &data_off));
  return copy_data(data, &a, kind, data_off, what ? what : "<npy>", out);
}

/* Below this many bytes of data a copy is cheaper than keeping a mapping. At 512 KiB the
 * mapping already wins: threefry's whole `tessera run` process with its two 512 KiB expected
 * outputs mapped makes 1690 page faults, against 1955 with them copied. The fuzzing build lowers it (CMakeLists.txt),
 * so that inputs of fuzzer size reach the mapped path too. */
#ifdef TSR_NPY_BORROW_MIN
#define NPY_BORROW_MIN ((size_t)TSR_NPY_BORROW_MIN)
#else
#define NPY_BORROW_MIN ((size_t)1 << 16)
#endif

/* A regular file is mapped and parsed in place. A large array whose data needs no conversion
 * keeps the mapping as its storage, so a run does not pay for a copy of every input (mostly
 * page faults, which can cost more than the kernel: bench/RESULTS.md, "Measurements behind
 * choices in the code");
 * others are copied once, from the page cache into the array. The mapping is made read-only
 * with its page tables filled (MAP_POPULATE on a writable private mapping would copy every
 * page), then made writable: a write copies just the page it touches, never the file. */
static bool parse_mapped(const char *path, tsr_array *out, tsr_status *s) {
  int fd = open(path, O_RDONLY);
  if (fd < 0) return false;
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0) {
    close(fd);
    return false;
  }
  size_t size = (size_t)st.st_size;
  int flags = MAP_PRIVATE | (size >= NPY_BORROW_MIN ? MAP_POPULATE : 0);
  void *map = mmap(NULL, size, PROT_READ, flags, fd, 0);
  close(fd);
  if (map == MAP_FAILED) return false;
  tsr_array a;
  const npy_kind *kind;
  size_t data_off;
  *s = parse_layout(map, size, path, &a, &kind, &data_off);
  /* borrowed data must be aligned like malloc's, for the kernels' vector loads */
  bool borrow = *s == TSR_OK && kind->dtype != TSR_BOOL && size - data_off >= NPY_BORROW_MIN &&
                data_off % 64 == 0 && mprotect(map, size, PROT_READ | PROT_WRITE) == 0;
  if (borrow) {
    *out = a;
    out->data = (unsigned char *)map + data_off;
    out->map_base = map;
    out->map_bytes = size;
    return true;
  }
  if (*s == TSR_OK) *s = copy_data(map, &a, kind, data_off, path, out);
  munmap(map, size);
  return true;
}

tsr_status tsr_npy_read(const char *path, tsr_array *out) {
  memset(out, 0, sizeof *out);
  bool is_stdin = !strcmp(path, "-");
  tsr_status mapped;
  if (!is_stdin && parse_mapped(path, out, &mapped)) return mapped;
  FILE *f = is_stdin ? stdin : fopen(path, "rb");
  if (!f) return tsr_fail(TSR_ERR_IO, "cannot open %s: %s", path, strerror(errno));
  size_t cap = 1 << 16, n = 0;
  unsigned char *buf = malloc(cap);
  tsr_status s = TSR_OK;
  int err = 0;
  while (buf) {
    if (n == cap) {
      unsigned char *nb = realloc(buf, cap * 2);
      if (!nb) { free(buf); buf = NULL; break; }
      buf = nb;
      cap *= 2;
    }
    errno = 0;
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (got == 0) {
      err = errno;
      break;
    }
  }
  if (!buf) s = tsr_fail(TSR_ERR_NOMEM, "out of memory reading %s", path);
  else if (ferror(f)) s = tsr_fail(TSR_ERR_IO, "error reading %s: %s", path, err ? strerror(err) : "a read failed");
  if (!is_stdin) fclose(f);
  if (s == TSR_OK) s = tsr_npy_parse(buf, n, is_stdin ? "<stdin>" : path, out);
  free(buf);
  return s;
}

tsr_status tsr_npy_read_header(const char *path, tsr_array *out) {
  memset(out, 0, sizeof *out);
  int fd = open(path, O_RDONLY);
  if (fd < 0) return tsr_fail(TSR_ERR_IO, "cannot open %s: %s", path, strerror(errno));
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0) {
    close(fd);
    return tsr_fail(TSR_ERR_IO, "%s: not a regular, non-empty file", path);
  }
  /* mapped without its pages: only the header's are read */
  void *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  if (map == MAP_FAILED) return tsr_fail(TSR_ERR_IO, "cannot map %s: %s", path, strerror(errno));
  const npy_kind *kind;
  size_t data_off;
  tsr_status s = parse_layout(map, (size_t)st.st_size, path, out, &kind, &data_off);
  munmap(map, (size_t)st.st_size);
  out->data = NULL;
  return s;
}

static const char *descr_of(tsr_dtype t, size_t *file_size) {
  switch (t) {
  case TSR_F32: case TSR_BF16: *file_size = 4; return "<f4";
  case TSR_F16: *file_size = 2; return "<f2";
  case TSR_F64: *file_size = 8; return "<f8";
  case TSR_I8: *file_size = 1; return "|i1";
  case TSR_I16: *file_size = 2; return "<i2";
  case TSR_I32: *file_size = 4; return "<i4";
  case TSR_I64: *file_size = 8; return "<i8";
  case TSR_U8: *file_size = 1; return "|u1";
  case TSR_U16: *file_size = 2; return "<u2";
  case TSR_U32: *file_size = 4; return "<u4";
  case TSR_U64: *file_size = 8; return "<u8";
  case TSR_C64: *file_size = 8; return "<c8";
  case TSR_C128: *file_size = 16; return "<c16";
  case TSR_BOOL: *file_size = 1; return "|b1";
  default: return NULL;
  }
}

tsr_status tsr_npy_serialize(const tsr_array *a, void **out, size_t *size) {
  *out = NULL;
  *size = 0;
  size_t fs;
  const char *descr = descr_of(a->dtype, &fs);
  if (!descr) return tsr_fail(TSR_ERR_UNSUPPORTED, "cannot write %s arrays to .npy", tsr_dtype_name(a->dtype));
  if (a->rank < 0 || a->rank > TSR_MAX_RANK || (!a->data && tsr_array_numel(a) != 0))
    return tsr_fail(TSR_ERR_INVALID, "not a valid array");
  char dict[512];
  int len = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (", descr);
  for (int d = 0; d < a->rank; d++)
    len += snprintf(dict + len, sizeof dict - (size_t)len, "%lld%s", (long long)a->shape[d],
                    a->rank == 1 ? "," : d + 1 < a->rank ? ", " : "");
  len += snprintf(dict + len, sizeof dict - (size_t)len, "), }");
  /* Version 1.0, header padded with spaces to a multiple of 64 bytes and ended by '\n', as
   * numpy writes it (the data then starts aligned). */
  size_t hlen = (size_t)len + 1;
  size_t total_hdr = (10 + hlen + 63) / 64 * 64;
  hlen = total_hdr - 10;
  int64_t n = tsr_array_numel(a);
  size_t bytes = total_hdr + (size_t)n * fs;
  unsigned char *buf = malloc(bytes ? bytes : 1);
  if (!buf) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  memcpy(buf, magic, 6);
  buf[6] = 1;
  buf[7] = 0;
  buf[8] = (unsigned char)(hlen & 0xff);
  buf[9] = (unsigned char)(hlen >> 8);
  memset(buf + 10, ' ', hlen);
  memcpy(buf + 10, dict, (size_t)len);
  buf[total_hdr - 1] = '\n';
  unsigned char *dst = buf + total_hdr;
  if (a->dtype == TSR_BOOL) {
    const int32_t *src = a->data;
    for (int64_t i = 0; i < n; i++) dst[i] = src[i] != 0;
  } else if (a->dtype == TSR_BF16) {
    const uint16_t *src = a->data;
    for (int64_t i = 0; i < n; i++) {
      float f = tsr_bf16_to_f32(src[i]);
      memcpy(dst + 4 * i, &f, 4);
    }
  } else if (n) {
    memcpy(dst, a->data, (size_t)n * fs);
  }
  *out = buf;
  *size = bytes;
  return TSR_OK;
}

/* Writes `a` to a finished temporary of `path` (atomic_file.h), not yet in place. */
static tsr_status write_temporary(atomic_file *af, const char *path, const tsr_array *a) {
  void *buf;
  size_t n;
  TSR_TRY(tsr_npy_serialize(a, &buf, &n));
  tsr_status s = atomic_file_open(af, path);
  if (s == TSR_OK) {
    errno = 0;
    if (fwrite(buf, 1, n, af->f) != n) {
      int err = errno;
      atomic_file_abort(af);
      s = tsr_fail(TSR_ERR_IO, "error writing %s: %s", path, err ? strerror(err) : "a write failed");
    } else {
      s = atomic_file_finish(af);
    }
  }
  free(buf);
  return s;
}

tsr_status tsr_npy_write(const char *path, const tsr_array *a) {
  return tsr_npy_write_all(&path, a, 1);
}

tsr_status tsr_npy_write_all(const char *const *paths, const tsr_array *arrays, int n) {
  if (n < 0) return tsr_fail(TSR_ERR_INVALID, "a negative count of files");
  atomic_file *af = calloc((size_t)(n ? n : 1), sizeof *af);
  if (!af) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  tsr_status s = TSR_OK;
  /* A rename over a directory fails after the files before it are in place: refused first.
   * (Other rename failures, of the folder or the file system, stop the first rename.) */
  for (int i = 0; i < n && s == TSR_OK; i++) {
    struct stat st;
    if (strcmp(paths[i], "-") && stat(paths[i], &st) == 0 && S_ISDIR(st.st_mode))
      s = tsr_fail(TSR_ERR_IO, "cannot write %s: it is a directory", paths[i]);
  }
  int written = 0;
  for (; written < n && s == TSR_OK; written++) s = write_temporary(&af[written], paths[written], &arrays[written]);
  for (int i = 0; i < written; i++) { /* all complete: into place; else none of them */
    if (s == TSR_OK) s = atomic_file_publish(&af[i]);
    else atomic_file_abort(&af[i]);
  }
  free(af);
  return s;
}
