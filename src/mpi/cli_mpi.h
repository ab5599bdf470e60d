/* `mpirun -np R tessera run --devices N ...`: the CLI's front door to MPI (src/mpi/cli_mpi.c).
 * Without MPI (TSR_MPI off), or when not started by mpirun, every call is a no-op and the
 * process is the only one. */
#ifndef TSR_MPI_CLI_MPI_H
#define TSR_MPI_CLI_MPI_H

#include <stdbool.h>

#include "tessera/array.h"
#include "tessera/check.h"
#include "tessera/hlo.h"
#include "tessera/machine.h"
#include "tessera/timing.h"

typedef struct run_setup run_setup;

#ifdef TSR_MPI
/* Joins the job when started by mpirun (MPI_THREAD_MULTIPLE) (exit code, after saying why;
 * 0: go on). Process 0 keeps stdout. */
int cli_mpi_begin(run_setup *rs, const char *cmd);
/* How many processes (1 without mpirun), and whether this is process 0. */
int cli_mpi_size(void);
bool cli_mpi_is_root(void);
/* Every process takes the path from here (a refusal that depends on the module only):
 * cli_mpi_end need not abort the others. */
void cli_mpi_all_here(void);
/* Spreads the machine's devices over the processes (tsr_mpi_attach); for a StableHLO graph
 * (run whole in every process), its kernels' results shared (tsr_mpi_share_results). */
tsr_status cli_mpi_attach(tsr_machine *m, bool graph);
/* Process 0's inputs to every process: shapes broadcast, each global array scattered by
 * its first dimension (process r gets the shards of its devices), or broadcast whole. */
tsr_status cli_mpi_share_inputs(tsr_array *in, int n, bool whole);
/* The outputs' shards gathered to process 0 (every process has them whole already: none),
 * the DMA counts summed. */
tsr_status cli_mpi_gather_outputs(tsr_array *out, int n, bool whole, tsr_hlo_stats *st);
/* The timing model of --report, --json, --trace: each process logs its own devices' events
 * (attach), and after the run process 0 replays them all (gather; the others' models go). */
tsr_status cli_mpi_timing_attach(tsr_timing *t, tsr_machine *m);
tsr_status cli_mpi_gather_timing(run_setup *rs);
/* The checkers the same way: each process logs its devices' events, process 0 replays them all. */
tsr_status cli_mpi_checker_attach(tsr_checker *ck, tsr_machine *m);
tsr_status cli_mpi_gather_checker(run_setup *rs);
/* The exit code every process agrees on (the worst), and MPI finalised. */
int cli_mpi_end(int rc);
#else
static inline int cli_mpi_begin(run_setup *rs, const char *cmd) { (void)rs; (void)cmd; return 0; }
static inline int cli_mpi_size(void) { return 1; }
static inline bool cli_mpi_is_root(void) { return true; }
static inline void cli_mpi_all_here(void) {}
static inline tsr_status cli_mpi_attach(tsr_machine *m, bool graph) { (void)m; (void)graph; return TSR_OK; }
static inline tsr_status cli_mpi_share_inputs(tsr_array *in, int n, bool whole) { (void)in; (void)n; (void)whole; return TSR_OK; }
static inline tsr_status cli_mpi_gather_outputs(tsr_array *out, int n, bool whole, tsr_hlo_stats *st) {
  (void)out; (void)n; (void)whole; (void)st;
  return TSR_OK;
}
static inline tsr_status cli_mpi_timing_attach(tsr_timing *t, tsr_machine *m) { return tsr_timing_attach(t, m); }
static inline tsr_status cli_mpi_gather_timing(run_setup *rs) { (void)rs; return TSR_OK; }
static inline tsr_status cli_mpi_checker_attach(tsr_checker *ck, tsr_machine *m) { return tsr_checker_attach(ck, m); }
static inline tsr_status cli_mpi_gather_checker(run_setup *rs) { (void)rs; return TSR_OK; }
static inline int cli_mpi_end(int rc) { return rc; }
#endif

#endif
