/* `mpirun -np R tessera run --devices N ...`: the CLI's front door to MPI (src/mpi/cli_mpi.c).
 * Without MPI (TSR_MPI off), or when not started by mpirun, every call is a no-op and the
 * process is the only one. */
#ifndef TSR_MPI_CLI_MPI_H
#define TSR_MPI_CLI_MPI_H

#include <stdbool.h>

#include "tessera/array.h"
#include "tessera/hlo.h"
#include "tessera/machine.h"

typedef struct run_setup run_setup;

#ifdef TSR_MPI
/* Joins the job when started by mpirun (MPI_THREAD_MULTIPLE), and refuses what cannot yet
 * span processes (exit code, after saying why; 0: go on). Process 0 keeps stdout. */
int cli_mpi_begin(run_setup *rs, const char *cmd);
/* How many processes (1 without mpirun), and whether this is process 0. */
int cli_mpi_size(void);
bool cli_mpi_is_root(void);
/* Spreads the machine's devices over the processes (tsr_mpi_attach). */
tsr_status cli_mpi_attach(tsr_machine *m);
/* Process 0's inputs to every process: shapes broadcast, each global array scattered by
 * its first dimension (process r gets the shards of its devices). */
tsr_status cli_mpi_share_inputs(tsr_array *in, int n);
/* The outputs' shards gathered to process 0, the DMA counts summed. */
tsr_status cli_mpi_gather_outputs(tsr_array *out, int n, tsr_hlo_stats *st);
/* The exit code every process agrees on (the worst), and MPI finalised. */
int cli_mpi_end(int rc);
#else
static inline int cli_mpi_begin(run_setup *rs, const char *cmd) { (void)rs; (void)cmd; return 0; }
static inline int cli_mpi_size(void) { return 1; }
static inline bool cli_mpi_is_root(void) { return true; }
static inline tsr_status cli_mpi_attach(tsr_machine *m) { (void)m; return TSR_OK; }
static inline tsr_status cli_mpi_share_inputs(tsr_array *in, int n) { (void)in; (void)n; return TSR_OK; }
static inline tsr_status cli_mpi_gather_outputs(tsr_array *out, int n, tsr_hlo_stats *st) { (void)out; (void)n; (void)st; return TSR_OK; }
static inline int cli_mpi_end(int rc) { return rc; }
#endif

#endif
