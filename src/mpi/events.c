/* What the devices of every MPI process recorded, brought to process 0 (docs/mpi.md): the
 * timing model and the checkers replay the cores of all devices together (a wait on one
 * device is met by a copy from another), so each process records its own devices' events on
 * an event tape (machine/tape.h) and process 0 replays the union. A tape is small next to the
 * data (one record per DMA, wait, signal, body and, for the checkers, kernel access), and goes
 * once, after the calls. */
#include <stdio.h>
#include <stdlib.h>

#include "check/check_internal.h"
#include "core/status.h"
#include "machine/tape.h"
#include "mpi/chunk.h"
#include "tessera/mpi.h"
#include "timing/timing_internal.h"

tsr_status tsr_mpi_timing_attach(tsr_timing *t, tsr_machine *m, MPI_Comm comm) {
  int size = 1;
  MPI_Comm_size(comm, &size);
  TSR_TRY(tsr_timing_attach(t, m));
  return size > 1 ? tm_hold(t, true) : TSR_OK;
}

/* Moves every process's tape to process 0's (collective; between runs, when nothing records),
 * its slots below max_slots; `what` names the consumer in messages. T may be NULL (a
 * consumer that records nothing here): it sends nothing, and takes nothing. */
static tsr_status gather_tapes(MPI_Comm comm, machine_tape *T, int max_slots, const char *what) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  /* a machine's devices are spread one or more to a process: at most TSR_MAX_DEVICES */
  if (size > TSR_MAX_DEVICES) /* the same on every process */
    return tsr_fail(TSR_ERR_INVALID, "%s: %d MPI processes, at most %d", what, size, TSR_MAX_DEVICES);
  char *mine = NULL;
  size_t len = 0;
  tsr_status s = rank == 0 || !T ? TSR_OK : machine_tape_export(T, &mine, &len);
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
    return s;
  }
  for (int r = 1; r < size; r++) {
    for (int64_t at = 0; go[r] && at < lens[r]; at += MPI_CHUNK)
      MPI_Recv(bufs[r] + at, mpi_chunk(lens[r] - at), MPI_BYTE, r, 0, comm, MPI_STATUS_IGNORE);
    char from[32];
    snprintf(from, sizeof from, "MPI process %d", r);
    if (s == TSR_OK && lens[r] < 0)
      s = tsr_fail(TSR_ERR_NOMEM, "%s: %s ran out of host memory for its event tape", what, from);
    else if (s == TSR_OK && lens[r] > 0 && !go[r])
      s = tsr_fail(TSR_ERR_NOMEM, "%s: out of host memory for the event tape of %s", what, from);
    else if (s == TSR_OK && go[r] && !T)
      s = tsr_fail(TSR_ERR_INVALID, "%s: an event tape from %s, but nothing here records one", what, from);
    else if (s == TSR_OK && go[r])
      s = machine_tape_import(T, bufs[r], (size_t)lens[r], max_slots, what, from);
    free(bufs[r]);
  }
  return s;
}

tsr_status tsr_mpi_timing_gather(tsr_timing *t, MPI_Comm comm) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  if (size == 1) {
    tm_hold(t, false);
    return TSR_OK;
  }
  tsr_status s = gather_tapes(comm, tm_tape(t), TM_MAX_CORES, "timing model");
  if (rank != 0) tsr_timing_reset(t); /* its records are process 0's now */
  else tm_hold(t, false);
  return s;
}

tsr_status tsr_mpi_checker_attach(tsr_checker *ck, tsr_machine *m, MPI_Comm comm) {
  int size = 1;
  MPI_Comm_size(comm, &size);
  TSR_TRY(tsr_checker_attach(ck, m));
  if (size > 1) ck_log_hold(ck, true);
  return TSR_OK;
}

tsr_status tsr_mpi_checker_gather(tsr_checker *ck, MPI_Comm comm) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  tsr_status s = size == 1 ? TSR_OK : gather_tapes(comm, ck_log_tape(ck), ck->num_cores, "checkers");
  if (rank == 0) ck_log_hold(ck, false); /* replayed when its findings are asked for */
  return s;
}
