/* Many chips over MPI processes (Open MPI): the devices of a machine spread over the
 * processes of a communicator, remote copies and signals between processes as MPI-3
 * one-sided operations (docs/mpi.md). Built when CMake finds MPI (TSR_MPI). */
#ifndef TESSERA_MPI_H
#define TESSERA_MPI_H

#include <mpi.h>
#include <stdbool.h>
#include <stdint.h>

#include "tessera/check.h"
#include "tessera/machine.h"
#include "tessera/timing.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Spreads the N devices of m over the P processes of comm: process r hosts devices
 * r*N/P .. (r+1)*N/P - 1 (N a multiple of P). Every process creates the same machine and
 * calls this at once (collective); afterwards tsr_pallas_call_devices and
 * tsr_mosaic_kernel_run_devices run only the devices hosted here (the other devices'
 * descriptions and arrays are not touched) and return every process's verdict. The
 * machine must then be destroyed on every process at once (tsr_machine_destroy is
 * collective). MPI must be initialised with MPI_THREAD_MULTIPLE. On one process nothing
 * changes. A checker: tsr_mpi_checker_attach (below). */
tsr_status tsr_mpi_attach(tsr_machine *m, MPI_Comm comm);
/* Whether device d runs in this process (true on a machine without MPI). */
bool tsr_mpi_device_is_local(const tsr_machine *m, int device);

/* The timing model over MPI processes (src/mpi/events.c): every process attaches its own
 * model with tsr_mpi_timing_attach (in place of tsr_timing_attach), which logs the events of
 * the devices hosted here without replaying them; after the calls, tsr_mpi_timing_gather
 * (collective) moves every process's log to process 0 of comm, whose model then replays
 * them all and reports what one process running every device reports (the same report,
 * JSON and trace). The other processes' models are left empty. On one process, the same as
 * tsr_timing_attach. */
tsr_status tsr_mpi_timing_attach(tsr_timing *t, tsr_machine *m, MPI_Comm comm);
tsr_status tsr_mpi_timing_gather(tsr_timing *t, MPI_Comm comm);

/* The checkers over MPI processes, the same way: every process attaches its own checker with
 * tsr_mpi_checker_attach (in place of tsr_checker_attach), which logs the events of the
 * devices hosted here; after the calls, tsr_mpi_checker_gather (collective) moves every
 * process's log to process 0 of comm, whose checker then replays them all and finds what
 * one process running every device finds (the same findings, word for word). The other
 * processes' checkers are left with nothing. On one process, the same as tsr_checker_attach. */
tsr_status tsr_mpi_checker_attach(tsr_checker *ck, tsr_machine *m, MPI_Comm comm);
tsr_status tsr_mpi_checker_gather(tsr_checker *ck, MPI_Comm comm);

/* A StableHLO program (tsr_hlo_run) on a machine spread over comm's processes: every process
 * runs the whole graph on the same global inputs (the ops outside kernels redundantly), each
 * kernel call runs the devices hosted here, and its results of every device are then
 * broadcast from the process hosting it, so that every process goes on with the same values
 * and ends with the same outputs. Collective; call after tsr_mpi_attach. */
tsr_status tsr_mpi_share_results(tsr_machine *m, MPI_Comm comm);

typedef struct tsr_mpi_traffic {
  int64_t puts, put_bytes;   /* MPI_Put calls and their bytes, from this process */
  int64_t signals;           /* atomics on other processes' semaphores (copies and signals) */
} tsr_mpi_traffic;
/* What this process sent to the others since tsr_mpi_attach. */
tsr_status tsr_mpi_traffic_get(const tsr_machine *m, tsr_mpi_traffic *out);

#ifdef __cplusplus
}
#endif
#endif
