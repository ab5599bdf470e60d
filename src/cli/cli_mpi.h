/* `mpirun -np R tessera run --devices N ...`: the CLI's front door to MPI (src/cli/cli_mpi.c).
 * Without MPI (TSR_MPI off), or when not started by mpirun, every call is a no-op and the
 * process is the only one. */
#ifndef TSR_CLI_CLI_MPI_H
#define TSR_CLI_CLI_MPI_H

#include <stdbool.h>

#include "tessera/array.h"
#include "tessera/check.h"
#include "tessera/hlo.h"
#include "tessera/machine.h"
#include "tessera/timing.h"

typedef struct cli_run_setup cli_run_setup;

/* What every process of the job must have been started with alike, checked by cli_mpi_begin
 * before any collective: one line per option or input, as "KIND\tNAME\tVALUE\tSHOWN\n"
 * (KIND f: a flag, VALUE 1 or 0; v: a value; i: an input's shape, "?" where this process
 * cannot read it, which matches any; SHOWN: how a message names it, VALUE being compared). */
enum { CLI_MPI_ARGS_MAX = 16384 };
typedef struct cli_mpi_args {
  char text[CLI_MPI_ARGS_MAX];
  size_t len;
} cli_mpi_args;

#ifdef TSR_MPI
/* Whether mpirun started this process (nothing to agree on otherwise). */
bool cli_mpi_launched(void);
/* Adds a line to a: kind 'f', 'v' or 'i' (see cli_mpi_args); shown NULL: the value. */
void cli_mpi_args_add(cli_mpi_args *a, char kind, const char *name, const char *value, const char *shown);
/* Joins the job when started by mpirun (MPI_THREAD_MULTIPLE) and checks that every process
 * was started with the same `args` (exit code, after saying why; 0: go on). Bounded in time:
 * a process that never joins MPI_Init, or never sends its arguments (not a tessera run, or
 * one gone on to a collective), ends the job after TSR_MPI_START_TIMEOUT seconds (60).
 * Process 0 keeps stdout. */
int cli_mpi_begin(cli_run_setup *rs, const char *cmd, const cli_mpi_args *args);
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
 * (attach, given to tsr_sim_options.attach_timing when there are several processes), and
 * after the run process 0 replays them all (gather; the others' models go). */
tsr_status cli_mpi_timing_attach(tsr_timing *t, tsr_machine *m);
tsr_status cli_mpi_gather_timing(cli_run_setup *rs);
/* The checkers the same way: each process logs its devices' events, process 0 replays them all. */
tsr_status cli_mpi_checker_attach(tsr_checker *ck, tsr_machine *m);
tsr_status cli_mpi_gather_checker(cli_run_setup *rs);
/* The exit code every process agrees on (the worst), and MPI finalised. */
int cli_mpi_end(int rc);
#else
static inline bool cli_mpi_launched(void) { return false; }
static inline void cli_mpi_args_add(cli_mpi_args *a, char kind, const char *name, const char *value, const char *shown) {
  (void)a; (void)kind; (void)name; (void)value; (void)shown;
}
static inline int cli_mpi_begin(cli_run_setup *rs, const char *cmd, const cli_mpi_args *args) {
  (void)rs; (void)cmd; (void)args;
  return 0;
}
static inline int cli_mpi_size(void) { return 1; }
static inline bool cli_mpi_is_root(void) { return true; }
static inline void cli_mpi_all_here(void) {}
static inline tsr_status cli_mpi_attach(tsr_machine *m, bool graph) { (void)m; (void)graph; return TSR_OK; }
static inline tsr_status cli_mpi_share_inputs(tsr_array *in, int n, bool whole) { (void)in; (void)n; (void)whole; return TSR_OK; }
static inline tsr_status cli_mpi_gather_outputs(tsr_array *out, int n, bool whole, tsr_hlo_stats *st) {
  (void)out; (void)n; (void)whole; (void)st;
  return TSR_OK;
}
static inline tsr_status cli_mpi_gather_timing(cli_run_setup *rs) { (void)rs; return TSR_OK; }
static inline tsr_status cli_mpi_gather_checker(cli_run_setup *rs) { (void)rs; return TSR_OK; }
static inline int cli_mpi_end(int rc) { return rc; }
#endif

#endif
