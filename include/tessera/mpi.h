/* Many chips over MPI processes (Open MPI): the devices of a machine spread over the
 * processes of a communicator, remote copies and signals between processes as MPI-3
 * one-sided operations (docs/mpi.md). Built when CMake finds MPI (TSR_MPI). */
#ifndef TESSERA_MPI_H
#define TESSERA_MPI_H

#include <mpi.h>
#include <stdbool.h>
#include <stdint.h>

#include "tessera/machine.h"

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
 * changes. Attach no checker: a checker follows one process's devices (docs/mpi.md). */
tsr_status tsr_mpi_attach(tsr_machine *m, MPI_Comm comm);
/* Whether device d runs in this process (true on a machine without MPI). */
bool tsr_mpi_device_is_local(const tsr_machine *m, int device);

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
