/* The machine of `tessera run` and `tessera inspect` with what --chip, --report, --json,
 * --trace, --check and --poison attach to it, shared by both commands. */
#ifndef TSR_CLI_RUN_SETUP_H
#define TSR_CLI_RUN_SETUP_H

#include <stdbool.h>
#include <stdint.h>

#include "tessera/check.h"
#include "tessera/hlo.h"
#include "tessera/sim.h"
#include "tessera/timing.h"

typedef struct cli_run_setup {
  const char *cmd;
  const char *chip_name, *trace_path;
  bool report, json, check, poison, no_check, zero_copy;
  bool no_chunk;          /* tsr_machine_options.unchunked (--no-chunk) */
  tsr_oob_reads oob_reads; /* tsr_machine_options.out_of_bounds_reads (--out-of-bounds-reads) */
  tsr_dma_mode dma_mode;
  uint64_t seed;          /* the random DMA order's */
  int host_helpers;       /* tsr_machine_options.host_helpers */
  int64_t max_ops;        /* tsr_machine_options.max_kernel_ops */
  int devices;            /* --devices / --mesh: tsr_machine_options.num_devices (0: one) */
  int mesh_rank;
  int64_t mesh[TSR_MAX_MESH_RANK];
  tsr_timing_only timing_only; /* tsr_machine_options.timing_only (run --timing-only) */
  tsr_sim *sim;           /* the machine with what the options attach to it */
  tsr_machine *machine;   /* the sim's, borrowed */
  tsr_timing *timing;     /* the sim's: NULL without --report, --json, --trace */
  tsr_checker *checker;   /* the sim's: NULL without checks */
} cli_run_setup;

void cli_run_setup_init(cli_run_setup *rs, const char *cmd);
/* Consumes argv[*i] (and its value) when it is one of the shared options: returns 1, or -1
 * on a missing value; 0 when it is not a shared option. */
int cli_run_setup_option(cli_run_setup *rs, int argc, char **argv, int *i);
/* Creates the machine and attaches the timing model and checkers asked for. */
tsr_status cli_run_setup_machine(cli_run_setup *rs);
/* Prints the report / JSON, writes the trace, reports checker findings. False on findings or
 * a failed write. */
bool cli_run_setup_finish(cli_run_setup *rs);
void cli_run_setup_destroy(cli_run_setup *rs);

#endif
