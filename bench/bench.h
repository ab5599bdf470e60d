/* Benchmarks run by `tessera bench NAME`. Each measures figures against a baseline taken in
 * the same run and reports them through bench_figure(). Register a benchmark with one line in
 * bench/benches.def. */
#ifndef TSR_BENCH_H
#define TSR_BENCH_H

#include <stdbool.h>

#include "tessera/mosaic.h"
#include "tessera/pipeline.h"

typedef struct bench_opts {
  bool json;      /* the figures as one JSON array on stdout (other lines go to stderr) */
  bool quick;     /* smaller sizes (used by the test suite to check that benchmarks run) */
  int cores;      /* 0: the benchmark's default */
} bench_opts;

/* Reports one figure. `baseline` <= 0 means none; `higher_is_better` orients the ratio so that
 * ratio > 1 always means tessera is better. */
void bench_figure(const bench_opts *o, const char *name, double value, const char *unit,
                  double baseline, bool higher_is_better);
/* With --json: closes the array of figures (when there were any). */
void bench_json_end(void);
/* Monotonic wall time in seconds. */
double bench_now(void);

/* A Mosaic kernel from MLIR text; NULL (with a message naming the benchmark) on failure. */
tsr_mosaic_kernel *bench_kernel_from_text(const char *text, const char *bench);
/* The kernel body of the elementwise-add benchmarks: out0 = in0 + in1 on f32 blocks. */
tsr_status bench_add_body(tsr_ctx *c, void *user);

#define TSR_BENCH(name, fn, summary) int fn(const bench_opts *o);
#include "benches.def"
#undef TSR_BENCH

#endif
