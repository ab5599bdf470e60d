/* `tessera demo`: examples run through the engine with random inputs, each checked against a
 * plain C reference. Register one with a line in src/cli/demos.def. */
#ifndef TSR_CLI_DEMO_H
#define TSR_CLI_DEMO_H

#include <stdbool.h>

#include "tessera/pipeline.h"

typedef struct cli_demo_opts {
  bool plan;           /* print the DMA plan step by step */
  int cores;           /* 0: the demo's default */
  const char *chip;    /* NULL: the demo's default */
  bool zero_copy;      /* whole blocks as views of HBM (tsr_machine_options.zero_copy) */
  bool report;         /* the timing model's report */
  bool json;           /* the timing model's figures as JSON */
  const char *trace;   /* Perfetto trace file */
  bool check;          /* race and semaphore checkers */
  bool poison;         /* ... and poison in outputs */
  tsr_dma_mode dma_mode; /* when DMAs move their data: at start, at the wait, or at random */
  uint64_t seed;       /* for the random DMA order */
  int devices;         /* chips (tsr_machine_options.num_devices); 0: the demo's default */
} cli_demo_opts;

/* The machine of a demo (with the observers the options ask for, and the plan printer when
 * asked; one per example). NULL on failure. */
tsr_machine *cli_demo_machine(const cli_demo_opts *o, const char *chip, int cores);
/* Frees it and its observers, after cli_demo_report. */
void cli_demo_machine_done(tsr_machine *m);
/* Prints the result line and the pipeline's figures, then what the timing model and the
 * checkers (when asked for) found; returns 0 when ok. */
int cli_demo_report(const char *name, bool ok, double worst_error, const tsr_call_stats *st);
/* Worst absolute difference between two float arrays (NaN counts as infinite). */
double cli_demo_worst(const float *a, const float *b, long n);
/* Deterministic inputs in [-1, 1). */
void cli_demo_fill(float *x, long n, unsigned seed);

#define TSR_DEMO(name, fn, summary) int fn(const cli_demo_opts *o);
#include "cli/demos.def"
#undef TSR_DEMO

#endif
