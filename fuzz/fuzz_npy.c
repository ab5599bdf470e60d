/* libFuzzer target: the .npy reader on a buffer and on a file (the fuzzing build maps files
 * of 64 bytes or more, as the CLI maps those of 1 MiB: tsr_npy_read), which must agree, and a
 * write-back of whatever they accept. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tessera/npy.h"

static void same_or_abort(const tsr_array *a, const tsr_array *b) {
  if (a->dtype != b->dtype || a->rank != b->rank || memcmp(a->shape, b->shape, sizeof(int64_t) * (size_t)a->rank) ||
      tsr_array_bytes(a) != tsr_array_bytes(b) || (tsr_array_bytes(a) && memcmp(a->data, b->data, tsr_array_bytes(a))))
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  tsr_array a;
  tsr_status parsed = tsr_npy_parse(data, size, "fuzz", &a);
  char path[] = "/tmp/fuzz_npy_XXXXXX";
  int fd = mkstemp(path);
  if (fd >= 0) {
    bool written = write(fd, data, size) == (ssize_t)size;
    close(fd);
    tsr_array f;
    if (written) {
      tsr_status read = tsr_npy_read(path, &f);
      if ((read == TSR_OK) != (parsed == TSR_OK)) abort();
      if (read == TSR_OK) {
        same_or_abort(&a, &f);
        tsr_array_free(&f);
      }
    }
    unlink(path);
  }
  if (parsed == TSR_OK) {
    void *buf;
    size_t n;
    if (tsr_npy_serialize(&a, &buf, &n) == TSR_OK) {
      tsr_array b;
      if (tsr_npy_parse(buf, n, "again", &b) != TSR_OK) abort();
      tsr_array_free(&b);
      free(buf);
    }
    tsr_array_free(&a);
  }
  return 0;
}
