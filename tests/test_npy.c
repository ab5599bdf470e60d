/* .npy reader and writer: round trips for every dtype, numpy-written files of each header
 * version, the header read alone, and malformed files rejected with a byte offset. */
#include <stdint.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"
#include "tessera/npy.h"

/* Builds a .npy image with the given version and header text (padded as numpy pads it). */
static size_t make_npy(unsigned char *buf, int major, const char *dict, const void *data, size_t n) {
  size_t hb = major == 1 ? 2 : 4, dl = strlen(dict);
  size_t total = (6 + 2 + hb + dl + 1 + 63) / 64 * 64, hlen = total - 6 - 2 - hb;
  memcpy(buf, "\x93NUMPY", 6);
  buf[6] = (unsigned char)major;
  buf[7] = 0;
  for (size_t i = 0; i < hb; i++) buf[8 + i] = (unsigned char)(hlen >> (8 * i));
  memset(buf + 8 + hb, ' ', hlen);
  memcpy(buf + 8 + hb, dict, dl);
  buf[total - 1] = '\n';
  memcpy(buf + total, data, n);
  return total + n;
}

/* Writes a to a new file named from the mkstemp template `path` (which becomes the name) and
 * reads it back into b. */
static void write_and_read(char *path, const tsr_array *a, tsr_array *b) {
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  close(fd);
  CHECK_OK(tsr_npy_write(path, a));
  CHECK_OK(tsr_npy_read(path, b));
}

static void test_versions(void) {
  float v[6] = {1, 2, 3, 4, 5, -0.5f};
  unsigned char buf[512];
  for (int major = 1; major <= 3; major++) {
    size_t n = make_npy(buf, major, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", v, sizeof v);
    tsr_array a;
    CHECK_OK(tsr_npy_parse(buf, n, "t.npy", &a));
    CHECK_EQ_INT(a.dtype, TSR_F32);
    CHECK_EQ_INT(a.rank, 2);
    CHECK_EQ_INT(a.shape[0], 2);
    CHECK_EQ_INT(a.shape[1], 3);
    CHECK(a.data && !memcmp(a.data, v, sizeof v));
    tsr_array_free(&a);
  }
  /* scalar, rank 1 with trailing comma, keys in another order, double quotes */
  size_t n = make_npy(buf, 1, "{\"shape\": (), \"fortran_order\": False, \"descr\": \"<i4\"}", v, 4);
  tsr_array a;
  CHECK_OK(tsr_npy_parse(buf, n, "s.npy", &a));
  CHECK_EQ_INT(a.rank, 0);
  tsr_array_free(&a);
  n = make_npy(buf, 1, "{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }", "\x00\x01\x07", 3);
  CHECK_OK(tsr_npy_parse(buf, n, "b.npy", &a));
  CHECK_EQ_INT(a.dtype, TSR_BOOL);
  CHECK(((int32_t *)a.data)[0] == 0 && ((int32_t *)a.data)[1] == 1 && ((int32_t *)a.data)[2] == 1);
  tsr_array_free(&a);
  uint16_t bf[2] = {0x3f80, 0xc000};
  n = make_npy(buf, 1, "{'descr': '<V2', 'fortran_order': False, 'shape': (2,), }", bf, 4);
  CHECK_OK(tsr_npy_parse(buf, n, "bf.npy", &a));
  CHECK_EQ_INT(a.dtype, TSR_BF16);
  tsr_array_free(&a);
}

/* numpy's complex64 ('<c8') and complex128 ('<c16'): pairs of real and imaginary parts. */
static void test_complex(void) {
  unsigned char buf[512];
  float parts[4] = {1.5f, -2.0f, 0.25f, 8.0f};
  tsr_array a;
  size_t n = make_npy(buf, 1, "{'descr': '<c8', 'fortran_order': False, 'shape': (2,), }", parts, 16);
  CHECK_OK(tsr_npy_parse(buf, n, "c.npy", &a));
  CHECK(a.dtype == TSR_C64 && a.rank == 1 && a.shape[0] == 2 && !memcmp(a.data, parts, 16));
  tsr_array_free(&a);
  double dparts[2] = {3.0, -0.5};
  n = make_npy(buf, 1, "{'descr': '<c16', 'fortran_order': False, 'shape': (), }", dparts, 16);
  CHECK_OK(tsr_npy_parse(buf, n, "z.npy", &a));
  CHECK(a.dtype == TSR_C128 && a.rank == 0 && !memcmp(a.data, dparts, 16));
  tsr_array_free(&a);
}

static void test_round_trips(void) {
  const tsr_dtype types[] = {TSR_F32, TSR_F16, TSR_F64, TSR_I8, TSR_I16, TSR_I32, TSR_I64,
                             TSR_U8, TSR_U16, TSR_U32, TSR_U64, TSR_BOOL, TSR_C64, TSR_C128};
  int64_t shape[3] = {3, 1, 5};
  for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
    tsr_array a, b;
    CHECK_OK(tsr_array_alloc(&a, types[t], 3, shape));
    unsigned char *p = a.data;
    for (size_t i = 0; i < tsr_array_bytes(&a); i++) p[i] = (unsigned char)(i * 37 + 11);
    if (types[t] == TSR_BOOL)
      for (int i = 0; i < 15; i++) ((int32_t *)a.data)[i] = i % 3 == 0;
    void *buf;
    size_t n;
    CHECK_OK(tsr_npy_serialize(&a, &buf, &n));
    CHECK(n % 64 == (size_t)(15 * (types[t] == TSR_BOOL ? 1 : tsr_dtype_size(types[t]))) % 64);
    CHECK_OK(tsr_npy_parse(buf, n, "rt", &b));
    CHECK_EQ_INT(b.dtype, types[t]);
    CHECK(b.rank == 3 && b.shape[0] == 3 && b.shape[1] == 1 && b.shape[2] == 5);
    CHECK(!memcmp(a.data, b.data, tsr_array_bytes(&a)));
    free(buf);
    tsr_array_free(&a);
    tsr_array_free(&b);
  }
  /* bf16 is written as f32 (exact) */
  tsr_array a, b;
  int64_t two = 2;
  CHECK_OK(tsr_array_alloc(&a, TSR_BF16, 1, &two));
  ((uint16_t *)a.data)[0] = tsr_f32_to_bf16(1.5f);
  ((uint16_t *)a.data)[1] = tsr_f32_to_bf16(-3.0f);
  char path[] = "/tmp/tsr_npy_XXXXXX";
  write_and_read(path, &a, &b);
  CHECK_EQ_INT(b.dtype, TSR_F32);
  CHECK(((float *)b.data)[0] == 1.5f && ((float *)b.data)[1] == -3.0f);
  unlink(path);
  tsr_array_free(&a);
  tsr_array_free(&b);
  /* rank 0 and zero elements */
  CHECK_OK(tsr_array_alloc(&a, TSR_I32, 0, NULL));
  ((int32_t *)a.data)[0] = -7;
  void *buf;
  size_t n;
  CHECK_OK(tsr_npy_serialize(&a, &buf, &n));
  CHECK_OK(tsr_npy_parse(buf, n, "r0", &b));
  CHECK(b.rank == 0 && ((int32_t *)b.data)[0] == -7);
  free(buf);
  tsr_array_free(&a);
  tsr_array_free(&b);
  int64_t z[2] = {0, 4};
  CHECK_OK(tsr_array_alloc(&a, TSR_F32, 2, z));
  CHECK_OK(tsr_npy_serialize(&a, &buf, &n));
  CHECK_OK(tsr_npy_parse(buf, n, "z", &b));
  CHECK(b.rank == 2 && b.shape[0] == 0 && b.shape[1] == 4);
  free(buf);
  tsr_array_free(&a);
  tsr_array_free(&b);
}

static void test_malformed(void) {
  unsigned char buf[512];
  float v[4] = {0};
  tsr_array a;
  CHECK_FAILS(tsr_npy_parse("hello world!", 12, "x.npy", &a), TSR_ERR_PARSE, "x.npy: byte offset 0: not a .npy file");
  size_t n = make_npy(buf, 1, "{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }", v, 16);
  CHECK_FAILS(tsr_npy_parse(buf, n, "f.npy", &a), TSR_ERR_PARSE, "only C-order");
  n = make_npy(buf, 1, "{'descr': '>f4', 'fortran_order': False, 'shape': (2, 2), }", v, 16);
  CHECK_FAILS(tsr_npy_parse(buf, n, "f.npy", &a), TSR_ERR_PARSE, "big-endian");
  n = make_npy(buf, 1, "{'descr': '<c32', 'fortran_order': False, 'shape': (2, 2), }", v, 16);
  CHECK_FAILS(tsr_npy_parse(buf, n, "f.npy", &a), TSR_ERR_PARSE, "byte offset 20: unsupported dtype '<c32'");
  n = make_npy(buf, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), }", v, 12);
  CHECK_FAILS(tsr_npy_parse(buf, n, "f.npy", &a), TSR_ERR_PARSE, "data is 12 bytes, the header's shape and dtype need 16");
  /* found by fuzzing: a header promising a huge array is rejected before anything is allocated */
  n = make_npy(buf, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1000000000000, 1000), }", v, 16);
  CHECK_FAILS(tsr_npy_parse(buf, n, "h.npy", &a), TSR_ERR_PARSE, "does not fit in memory");
  n = make_npy(buf, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (100000, 1000), }", v, 16);
  CHECK_FAILS(tsr_npy_parse(buf, n, "h.npy", &a), TSR_ERR_PARSE, "the header's shape and dtype need 400000000");
  /* found by fuzzing: an empty bf16 array with big other dimensions read, was written back as
   * f32 and then refused as too large. Empty arrays count a zero dimension as 1 against the
   * element limit, whatever the dtype, and read back alike. */
  const char *empties[] = {"{'descr': '<V2', 'fortran_order': False, 'shape': (64, 4, 3004, 30000, 0), }",
                           "{'descr': '<f4', 'fortran_order': False, 'shape': (0, 1099511627776, 16), }"};
  for (int e = 0; e < 2; e++) {
    n = make_npy(buf, 1, empties[e], v, 0);
    CHECK_OK(tsr_npy_parse(buf, n, "e.npy", &a));
    CHECK_EQ_INT(tsr_array_numel(&a), 0);
    void *out;
    size_t on;
    CHECK_OK(tsr_npy_serialize(&a, &out, &on));
    tsr_array b;
    CHECK_OK(tsr_npy_parse(out, on, "again.npy", &b));
    CHECK_EQ_INT(b.rank, a.rank);
    CHECK_EQ_INT(tsr_array_numel(&b), 0);
    tsr_array_free(&b);
    free(out);
    tsr_array_free(&a);
  }
  n = make_npy(buf, 1, "{'descr': '<V2', 'fortran_order': False, 'shape': (64, 4, 3004, 30000000, 0), }", v, 0);
  CHECK_FAILS(tsr_npy_parse(buf, n, "h.npy", &a), TSR_ERR_PARSE, "does not fit in memory");
  n = make_npy(buf, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (4611686018427387904, 8), }", v, 16);
  CHECK_FAILS(tsr_npy_parse(buf, n, "h.npy", &a), TSR_ERR_PARSE, "dimension too large");
  n = make_npy(buf, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296, 4), }", v, 16);
  CHECK_FAILS(tsr_npy_parse(buf, n, "h.npy", &a), TSR_ERR_PARSE, "does not fit in memory");
  n = make_npy(buf, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, -2), }", v, 16);
  CHECK_FAILS(tsr_npy_parse(buf, n, "f.npy", &a), TSR_ERR_PARSE, "expected a dimension");
  n = make_npy(buf, 1, "{'descr': '<f4', 'shape': (2, 2), }", v, 16);
  CHECK_FAILS(tsr_npy_parse(buf, n, "f.npy", &a), TSR_ERR_PARSE, "lacks one of");
  n = make_npy(buf, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), 'x': 1}", v, 16);
  CHECK_FAILS(tsr_npy_parse(buf, n, "f.npy", &a), TSR_ERR_PARSE, "unknown header key");
  n = make_npy(buf, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999, 99999999999, 99999999999), }", v, 16);
  CHECK(tsr_npy_parse(buf, n, "f.npy", &a) != TSR_OK);
  n = make_npy(buf, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,1,1,1,1,1,1,1,1), }", v, 4);
  CHECK_FAILS(tsr_npy_parse(buf, n, "f.npy", &a), TSR_ERR_PARSE, "more than 8 dimensions");
  n = make_npy(buf, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), }", v, 16);
  buf[8] = 0xff; /* header length past the end */
  CHECK_FAILS(tsr_npy_parse(buf, n, "f.npy", &a), TSR_ERR_PARSE, "runs past the end");
  n = make_npy(buf, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), }", v, 16);
  buf[6] = 9;
  CHECK_FAILS(tsr_npy_parse(buf, n, "f.npy", &a), TSR_ERR_PARSE, "byte offset 6: unsupported .npy format version");
  CHECK_FAILS(tsr_npy_parse(buf, 9, "f.npy", &a), TSR_ERR_PARSE, "not a .npy");
  /* every truncation of a valid file fails cleanly */
  n = make_npy(buf, 2, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), }", v, 16);
  int bad = 0;
  for (size_t k = 0; k < n; k++)
    if (tsr_npy_parse(buf, k, "t", &a) == TSR_OK) { bad++; tsr_array_free(&a); }
  CHECK_EQ_INT(bad, 0);
  CHECK_FAILS(tsr_npy_read("/nonexistent/x.npy", &a), TSR_ERR_IO, "/nonexistent/x.npy");
  /* a failed write leaves no file behind */
  CHECK(tsr_npy_write("/tmp/x.npy", &a) != TSR_OK); /* not an array: a failed read zeroes it */
  CHECK_OK(tsr_array_alloc(&a, TSR_F32, 1, (int64_t[]){4}));
  CHECK_FAILS(tsr_npy_write("/nonexistent/dir/out.npy", &a), TSR_ERR_IO, "/nonexistent/dir/out.npy");
  tsr_array_free(&a);
}

/* A large file is read without a copy: the array keeps the file's mapping, its values are the
 * file's, and writing into it changes neither the file nor another read of it. */
static void test_large_file_is_mapped(void) {
  int64_t shape[2] = {512, 1024}; /* 2 MiB of f32 */
  tsr_array a, b, c;
  CHECK_OK(tsr_array_alloc(&a, TSR_F32, 2, shape));
  float *v = a.data;
  for (int64_t i = 0; i < 512 * 1024; i++) v[i] = (float)i * 0.25f - 7.0f;
  char path[] = "/tmp/tsr_npy_big_XXXXXX";
  write_and_read(path, &a, &b);
  CHECK(b.map_base != NULL);
  CHECK_EQ_INT(b.rank, 2);
  CHECK_EQ_INT(b.shape[0], 512);
  CHECK_EQ_INT(b.shape[1], 1024);
  CHECK((uintptr_t)b.data % 64 == 0);
  bool same = true;
  for (int64_t i = 0; i < 512 * 1024; i++) same &= ((float *)b.data)[i] == (float)i * 0.25f - 7.0f;
  CHECK(same);
  ((float *)b.data)[12345] = 99.0f; /* private: the file keeps its value */
  CHECK_OK(tsr_npy_read(path, &c));
  CHECK(((float *)c.data)[12345] == 12345 * 0.25f - 7.0f);
  CHECK(((float *)b.data)[12345] == 99.0f);
  unlink(path);
  tsr_array_free(&b);
  tsr_array_free(&c);
  CHECK(b.data == NULL && b.map_base == NULL);
  /* a header whose data does not start 64-byte aligned (numpy never writes one): copied */
  const char *dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (512, 1024)}";
  size_t hlen = 80 - 10;
  FILE *f = fopen(path, "wb");
  CHECK(f != NULL);
  if (f) {
    unsigned char head[80];
    memset(head, ' ', sizeof head);
    memcpy(head, "\x93NUMPY\x01\x00", 8);
    head[8] = (unsigned char)hlen;
    head[9] = 0;
    memcpy(head + 10, dict, strlen(dict));
    head[79] = '\n';
    fwrite(head, 1, sizeof head, f);
    fwrite(a.data, 1, tsr_array_bytes(&a), f);
    fclose(f);
    CHECK_OK(tsr_npy_read(path, &b));
    CHECK(b.map_base == NULL && b.data != NULL);
    CHECK(b.data && !memcmp(b.data, a.data, tsr_array_bytes(&a)));
    tsr_array_free(&b);
    unlink(path);
  }
  tsr_array_free(&a);
}

/* Every dtype the reader takes, small (copied) and of 1 MiB (the mapped path from 64 KiB, which
 * once kept the data but read the dtype as f32; booleans, converted, are copied at any size):
 * the dtype, shape and every element as written. */
static void test_every_dtype_both_paths(void) {
  static const struct { const char *descr; tsr_dtype dtype; size_t size; } kinds[] = {
      {"<f4", TSR_F32, 4}, {"<f2", TSR_F16, 2}, {"<f8", TSR_F64, 8}, {"|i1", TSR_I8, 1},
      {"<i2", TSR_I16, 2}, {"<i4", TSR_I32, 4}, {"<i8", TSR_I64, 8}, {"|u1", TSR_U8, 1},
      {"<u2", TSR_U16, 2}, {"<u4", TSR_U32, 4}, {"<u8", TSR_U64, 8}, {"|b1", TSR_BOOL, 1},
      {"<V2", TSR_BF16, 2}};
  for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
    for (int large = 0; large < 2; large++) {
      size_t n = large ? ((size_t)1 << 20) / kinds[k].size + 3 : 17, bytes = n * kinds[k].size;
      unsigned char *data = malloc(bytes), *file = malloc(bytes + 256);
      if (!data || !file) { free(data); free(file); CHECK(false); return; }
      for (size_t i = 0; i < bytes; i++) data[i] = (unsigned char)(i * 7 + k);
      if (kinds[k].dtype == TSR_BOOL)
        for (size_t i = 0; i < n; i++) data[i] = (unsigned char)(i % 3 == 0);
      char dict[128];
      snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (%zu,), }", kinds[k].descr, n);
      size_t len = make_npy(file, 1, dict, data, bytes);
      char path[] = "/tmp/tsr_npy_kind_XXXXXX";
      int fd = mkstemp(path);
      CHECK(fd >= 0 && write(fd, file, len) == (ssize_t)len);
      if (fd >= 0) close(fd);
      tsr_array a;
      CHECK_OK(tsr_npy_read(path, &a));
      CHECK_EQ_INT(a.dtype, kinds[k].dtype);
      CHECK(a.rank == 1 && a.shape[0] == (int64_t)n);
      CHECK((a.map_base != NULL) == (large && kinds[k].dtype != TSR_BOOL));
      bool same = a.data != NULL;
      for (size_t i = 0; same && i < n; i++)
        same = kinds[k].dtype == TSR_BOOL ? ((int32_t *)a.data)[i] == (i % 3 == 0)
                                          : !memcmp((char *)a.data + i * kinds[k].size, data + i * kinds[k].size, kinds[k].size);
      CHECK(same);
      if (!same || a.dtype != kinds[k].dtype) fprintf(stderr, "  %s, %zu elements\n", kinds[k].descr, n);
      tsr_array_free(&a);
      unlink(path);
      free(data);
      free(file);
    }
}

/* The header alone (what each MPI process compares): dtype and shape, no data; a file whose
 * size disagrees with its header, a missing file and a directory refused. */
static void test_header_only(void) {
  int64_t shape[3] = {3, 5, 7};
  tsr_array a, h;
  CHECK_OK(tsr_array_alloc(&a, TSR_I16, 3, shape));
  memset(a.data, 0, tsr_array_bytes(&a));
  char path[] = "/tmp/tsr_npy_head_XXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  close(fd);
  CHECK_OK(tsr_npy_write(path, &a));
  CHECK_OK(tsr_npy_read_header(path, &h));
  CHECK(h.dtype == TSR_I16 && h.rank == 3 && h.shape[0] == 3 && h.shape[1] == 5 && h.shape[2] == 7 && !h.data);
  struct stat st;
  CHECK(stat(path, &st) == 0);
  CHECK(truncate(path, st.st_size - 174) == 0); /* the header and 36 of the 210 bytes of data */
  CHECK_FAILS(tsr_npy_read_header(path, &h), TSR_ERR_PARSE, "data is 36 bytes, the header's shape and dtype need 210");
  unlink(path);
  CHECK_FAILS(tsr_npy_read_header(path, &h), TSR_ERR_IO, "cannot open");
  CHECK_FAILS(tsr_npy_read_header("/tmp", &h), TSR_ERR_IO, "not a regular, non-empty file");
  tsr_array_free(&a);
}

int main(void) {
  test_header_only();
  test_every_dtype_both_paths();
  test_versions();
  test_large_file_is_mapped();
  test_round_trips();
  test_complex();
  test_malformed();
  return tsr_test_finish("npy");
}
