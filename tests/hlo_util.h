/* Helpers for the StableHLO interpreter tests: run a module given as text on arrays. */
#ifndef TSR_TEST_HLO_UTIL_H
#define TSR_TEST_HLO_UTIL_H

#include "harness.h"
#include "tessera/hlo.h"
#include "tessera/npy.h"

static inline tsr_array arr(tsr_dtype t, int rank, const int64_t *shape, const void *data) {
  tsr_array a;
  if (tsr_array_alloc(&a, t, rank, shape) == TSR_OK && data) memcpy(a.data, data, tsr_array_bytes(&a));
  return a;
}

/* Compiles and runs `text` with `opts` (NULL: defaults); the outputs go to `out` (freed by the
 * caller), the run's figures to `st` (may be NULL); the inputs are freed. */
static inline tsr_status run_opts(const char *text, const tsr_hlo_run_opts *opts, tsr_array *in, int n_in,
                                  tsr_array *out, int n_out, tsr_hlo_stats *st) {
  tsr_mlir_module *m;
  tsr_status s = tsr_mlir_parse_text(text, strlen(text), "test.mlir", &m);
  if (s == TSR_OK) {
    tsr_hlo_program *p;
    s = tsr_hlo_compile(m, &p);
    if (s == TSR_OK) {
      s = tsr_hlo_num_outputs(p) == n_out ? tsr_hlo_run(p, opts, in, n_in, out, st) : TSR_ERR_INTERNAL;
      tsr_hlo_program_destroy(p);
    }
    tsr_mlir_module_destroy(m);
  }
  for (int i = 0; i < n_in; i++) tsr_array_free(&in[i]);
  return s;
}

static inline tsr_status run_text(const char *text, tsr_array *in, int n_in, tsr_array *out, int n_out) {
  return run_opts(text, NULL, in, n_in, out, n_out, NULL);
}

#endif
