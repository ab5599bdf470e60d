/* Reporting and timing for the benchmarks. */
#include "bench.h"
#include "cli/cli.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "tessera/mlir.h"

double bench_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int json_figures; /* --json: the figures are one array, closed by bench_json_end */

void bench_json_end(void) {
  if (json_figures) printf("\n]\n");
  json_figures = 0;
}

void bench_figure(const bench_opts *o, const char *name, double value, const char *unit,
                  double baseline, bool higher_is_better) {
  double ratio = 0;
  if (baseline > 0 && value > 0) ratio = higher_is_better ? value / baseline : baseline / value;
  if (o->json) {
    printf("%s{\"name\": \"%s\", \"value\": %.6g, \"unit\": \"%s\"", json_figures++ ? ",\n " : "[\n ", name, value, unit);
    if (baseline > 0) printf(", \"baseline\": %.6g, \"ratio\": %.4f", baseline, ratio);
    printf("}");
  } else if (baseline > 0) {
    printf("%-40s %12.4g %-10s baseline %12.4g  ratio %.3fx\n", name, value, unit, baseline, ratio);
  } else {
    printf("%-40s %12.4g %s\n", name, value, unit);
  }
  cli_flush();
}

tsr_status bench_add_body(tsr_ctx *c, void *user) {
  (void)user;
  const tsr_ref *x = tsr_ctx_in(c, 0), *y = tsr_ctx_in(c, 1), *o = tsr_ctx_out(c, 0);
  for (int64_t i = 0; i < x->shape[0]; i++) {
    const float *a = (const float *)(void *)x->data + i * x->stride[0];
    const float *b = (const float *)(void *)y->data + i * y->stride[0];
    float *r = (float *)(void *)o->data + i * o->stride[0];
    for (int64_t j = 0; j < x->shape[1]; j++) r[j] = a[j] + b[j];
  }
  return TSR_OK;
}

tsr_mosaic_kernel *bench_kernel_from_text(const char *text, const char *bench) {
  tsr_mlir_module *m = NULL;
  tsr_mosaic_kernel *k = NULL;
  tsr_status s = tsr_mlir_parse_text(text, strlen(text), "bench.mlir", &m);
  if (s == TSR_OK) s = tsr_mosaic_kernel_create(m, &k);
  if (s != TSR_OK) fprintf(stderr, "bench %s: %s\n", bench, tsr_last_error());
  tsr_mlir_module_destroy(m);
  return k;
}
