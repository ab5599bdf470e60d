/* Reporting and timing for the benchmarks. */
#include "bench.h"

#include <stdio.h>
#include <time.h>

double bench_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void bench_figure(const bench_opts *o, const char *name, double value, const char *unit,
                  double baseline, bool higher_is_better) {
  double ratio = 0;
  if (baseline > 0 && value > 0) ratio = higher_is_better ? value / baseline : baseline / value;
  if (o->json) {
    printf("{\"name\": \"%s\", \"value\": %.6g, \"unit\": \"%s\"", name, value, unit);
    if (baseline > 0) printf(", \"baseline\": %.6g, \"ratio\": %.4f", baseline, ratio);
    printf("}\n");
  } else if (baseline > 0) {
    printf("%-40s %12.4g %-10s baseline %12.4g  ratio %.3fx\n", name, value, unit, baseline, ratio);
  } else {
    printf("%-40s %12.4g %s\n", name, value, unit);
  }
  fflush(stdout);
}
