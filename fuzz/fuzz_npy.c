/* libFuzzer target: the .npy reader, and a write-back of whatever it accepts. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tessera/npy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  tsr_array a;
  if (tsr_npy_parse(data, size, "fuzz", &a) == TSR_OK) {
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
