/* A minimal test harness: CHECK records a failure and goes on; the test's main returns
 * tsr_test_finish(), which prints "N passed, N failed" and exits non-zero on failure. */
#ifndef TSR_TEST_HARNESS_H
#define TSR_TEST_HARNESS_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int tsr_test_passed, tsr_test_failed;

#define CHECK(cond)                                                             \
  do {                                                                          \
    if (cond) {                                                                 \
      tsr_test_passed++;                                                        \
    } else {                                                                    \
      tsr_test_failed++;                                                        \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);  \
    }                                                                           \
  } while (0)

#define CHECK_EQ_INT(a, b)                                                      \
  do {                                                                          \
    long long tsr_a_ = (long long)(a), tsr_b_ = (long long)(b);                 \
    if (tsr_a_ == tsr_b_) {                                                     \
      tsr_test_passed++;                                                        \
    } else {                                                                    \
      tsr_test_failed++;                                                        \
      fprintf(stderr, "%s:%d: CHECK failed: %s == %s (%lld vs %lld)\n", __FILE__, \
              __LINE__, #a, #b, tsr_a_, tsr_b_);                                \
    }                                                                           \
  } while (0)

/* The call must succeed; on failure print tessera's message. */
#define CHECK_OK(expr)                                                          \
  do {                                                                          \
    tsr_status tsr_s_ = (expr);                                                 \
    if (tsr_s_ == TSR_OK) {                                                     \
      tsr_test_passed++;                                                        \
    } else {                                                                    \
      tsr_test_failed++;                                                        \
      fprintf(stderr, "%s:%d: %s failed: %s: %s\n", __FILE__, __LINE__, #expr,  \
              tsr_status_name(tsr_s_), tsr_last_error());                       \
    }                                                                           \
  } while (0)

/* The call must fail with `status` and a message containing `needle`. */
#define CHECK_FAILS(expr, status, needle)                                       \
  do {                                                                          \
    tsr_status tsr_s_ = (expr);                                                 \
    if (tsr_s_ == (status) && strstr(tsr_last_error(), (needle))) {             \
      tsr_test_passed++;                                                        \
    } else {                                                                    \
      tsr_test_failed++;                                                        \
      fprintf(stderr, "%s:%d: %s: expected %s with \"%s\", got %s: %s\n",       \
              __FILE__, __LINE__, #expr, #status, needle, tsr_status_name(tsr_s_), \
              tsr_last_error());                                                \
    }                                                                           \
  } while (0)

static inline int tsr_test_finish(const char *name) {
  printf("%s: %d passed, %d failed\n", name, tsr_test_passed, tsr_test_failed);
  return tsr_test_failed ? 1 : 0;
}

/* Deterministic inputs: xorshift floats in [-1, 1). */
static inline void tsr_test_fill(float *x, long n, unsigned seed) {
  unsigned s = seed * 2654435761u + 1u;
  for (long i = 0; i < n; i++) {
    s ^= s << 13; s ^= s >> 17; s ^= s << 5;
    x[i] = (float)((s >> 8) * (1.0 / 8388608.0)) - 1.0f;
  }
}

/* The whole file, NUL-terminated, in a malloc'd buffer; NULL when it cannot be read. */
static inline char *tsr_test_slurp(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long len = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = len < 0 ? NULL : malloc((size_t)len + 1);
  if (!buf) {
    fclose(f);
    return NULL;
  }
  *n = fread(buf, 1, (size_t)len, f);
  buf[*n] = 0;
  fclose(f);
  return buf;
}

#endif
