/* What the devices of every MPI process logged, brought to process 0 (docs/mpi.md): the
 * timing model replays the cores of all devices together (a wait on one device is met by a
 * copy from another), so each process logs its own devices' events unreplayed and process 0
 * replays the union. The log is small next to the data (one record per DMA, wait, signal and
 * body: tens of bytes), and goes once, after the calls. */
#include <stdio.h>
#include <stdlib.h>

#include "core/status.h"
#include "mpi/chunk.h"
#include "tessera/mpi.h"
#include "timing/timing_internal.h"

tsr_status tsr_mpi_timing_attach(tsr_timing *t, tsr_machine *m, MPI_Comm comm) {
  int size = 1;
  MPI_Comm_size(comm, &size);
  TSR_TRY(tsr_timing_attach(t, m));
  if (size > 1) tm_hold(t, true);
  return TSR_OK;
}

tsr_status tsr_mpi_timing_gather(tsr_timing *t, MPI_Comm comm) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  if (size == 1) {
    tm_hold(t, false);
    return TSR_OK;
  }
  /* a machine's devices are spread one or more to a process: at most TSR_MAX_DEVICES */
  if (size > TSR_MAX_DEVICES) /* the same on every process */
    return tsr_fail(TSR_ERR_INVALID, "timing model: %d MPI processes, at most %d", size, TSR_MAX_DEVICES);
  char *mine = NULL;
  size_t len = 0;
  tsr_status s = rank == 0 ? TSR_OK : tm_export(t, &mine, &len);
  int64_t my_len = s == TSR_OK ? (int64_t)len : -1;
  int64_t lens[TSR_MAX_DEVICES] = {0};
  char *bufs[TSR_MAX_DEVICES] = {0};
  int go[TSR_MAX_DEVICES] = {0};
  MPI_Gather(&my_len, 1, MPI_INT64_T, lens, 1, MPI_INT64_T, 0, comm);
  for (int r = 1; r < size && rank == 0; r++) /* process 0 says which logs it can take */
    go[r] = lens[r] > 0 && (bufs[r] = malloc((size_t)lens[r])) != NULL;
  int my_go = 0;
  MPI_Scatter(go, 1, MPI_INT, &my_go, 1, MPI_INT, 0, comm);
  if (rank != 0) {
    for (size_t at = 0; my_go && at < len; at += MPI_CHUNK)
      MPI_Send(mine + at, mpi_chunk((int64_t)(len - at)), MPI_BYTE, 0, 0, comm);
    free(mine);
    tsr_timing_reset(t); /* its records are process 0's now */
    return s;
  }
  for (int r = 1; r < size; r++) {
    for (int64_t at = 0; go[r] && at < lens[r]; at += MPI_CHUNK)
      MPI_Recv(bufs[r] + at, mpi_chunk(lens[r] - at), MPI_BYTE, r, 0, comm, MPI_STATUS_IGNORE);
    char from[32];
    snprintf(from, sizeof from, "MPI process %d", r);
    if (s == TSR_OK && lens[r] < 0)
      s = tsr_fail(TSR_ERR_NOMEM, "timing model: %s ran out of host memory for its log", from);
    else if (s == TSR_OK && lens[r] > 0 && !go[r])
      s = tsr_fail(TSR_ERR_NOMEM, "timing model: out of host memory for the log of %s", from);
    else if (s == TSR_OK && go[r])
      s = tm_import(t, bufs[r], (size_t)lens[r], from);
    free(bufs[r]);
  }
  tm_hold(t, false);
  return s;
}
