/* tpu_custom_call payloads for tests: the backend_config JSON that JAX writes around a kernel
 * body, made from a body file (Mosaic bytecode or text). */
#ifndef TSR_TEST_PAYLOAD_H
#define TSR_TEST_PAYLOAD_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

static inline char *tsr_test_base64(const unsigned char *in, size_t n) {
  static const char abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  char *out = malloc(4 * ((n + 2) / 3) + 1), *o = out;
  for (size_t i = 0; out && i < n; i += 3) {
    uint32_t v = (uint32_t)in[i] << 16 | (i + 1 < n ? (uint32_t)in[i + 1] << 8 : 0) | (i + 2 < n ? in[i + 2] : 0);
    *o++ = abc[v >> 18 & 63];
    *o++ = abc[v >> 12 & 63];
    *o++ = i + 1 < n ? abc[v >> 6 & 63] : '=';
    *o++ = i + 2 < n ? abc[v & 63] : '=';
  }
  if (out) *o = 0;
  return out;
}

/* The payload of a body file (malloc'd; NULL when the file cannot be read). format < 0 leaves
 * serialization_format out: a legacy body, plain Mosaic text or bytecode. */
static inline char *tsr_test_payload(const char *path, int format) {
  size_t n = 0;
  char *body = tsr_test_slurp(path, &n);
  char *b64 = body ? tsr_test_base64((const unsigned char *)body, n) : NULL;
  char *json = b64 ? malloc(strlen(b64) + 128) : NULL;
  if (json && format >= 0)
    sprintf(json, "{\"custom_call_config\": {\"body\": \"%s\", \"serialization_format\": %d}}", b64, format);
  else if (json)
    sprintf(json, "{\"custom_call_config\": {\"body\": \"%s\"}}", b64);
  if (!json) fprintf(stderr, "cannot make a payload of %s\n", path);
  free(body);
  free(b64);
  return json;
}

#endif
