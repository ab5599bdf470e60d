/* The CLI under mpirun: every process runs `tessera run` on the same module; process 0 reads
 * the inputs and scatters them, each process runs the devices it hosts (tsr_mpi_attach), and
 * process 0 gathers the outputs and says what the run gave. A global array of a bare kernel
 * on N devices is split along its first dimension, device d holding the d-th of N shards, and
 * process r hosts devices r*N/R .. (r+1)*N/R-1: its part of every array is one run of rows. */
#include "mpi/cli_mpi.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/status.h"
#include "cli/run_setup.h"
#include "tessera/mpi.h"

static int world_rank, world_size = 1;
static bool joined;   /* MPI_Init_thread was called */
static bool in_step;  /* every process has passed the same steps so far (see cli_mpi_end) */

static bool launched_by_mpirun(void) {
  return getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMIX_RANK") || getenv("PMI_RANK");
}

int cli_mpi_size(void) { return world_size; }
bool cli_mpi_is_root(void) { return world_rank == 0; }

int cli_mpi_begin(run_setup *rs, const char *cmd) {
  if (!launched_by_mpirun()) return 0;
  int provided = 0;
  if (MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided) != MPI_SUCCESS) {
    fprintf(stderr, "tessera %s: MPI_Init_thread failed\n", cmd);
    return TSR_EXIT_FAIL;
  }
  joined = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world_size);
  if (provided < MPI_THREAD_MULTIPLE) {
    fprintf(stderr, "tessera %s: this MPI gives no MPI_THREAD_MULTIPLE (every device runs on a thread of its own)\n", cmd);
    return TSR_EXIT_FAIL;
  }
  if (world_size == 1) return 0;
  if (world_rank != 0) { /* process 0 speaks (with --json, its human lines go to stderr: the others' nowhere) */
    if (!freopen("/dev/null", "w", stdout)) return TSR_EXIT_FAIL;
    cli_set_json(false);
  }
  return 0;
}

void cli_mpi_all_here(void) { in_step = true; }

tsr_status cli_mpi_attach(tsr_machine *m, bool graph) {
  if (world_size == 1) return TSR_OK;
  TSR_TRY(tsr_mpi_attach(m, MPI_COMM_WORLD));
  return graph ? tsr_mpi_share_results(m, MPI_COMM_WORLD) : TSR_OK;
}

tsr_status cli_mpi_timing_attach(tsr_timing *t, tsr_machine *m) {
  if (world_size == 1) return tsr_timing_attach(t, m);
  return tsr_mpi_timing_attach(t, m, MPI_COMM_WORLD);
}

tsr_status cli_mpi_checker_attach(tsr_checker *ck, tsr_machine *m) {
  if (world_size == 1) return tsr_checker_attach(ck, m);
  return tsr_mpi_checker_attach(ck, m, MPI_COMM_WORLD);
}

tsr_status cli_mpi_gather_checker(run_setup *rs) {
  if (world_size == 1 || !rs->checker) return TSR_OK;
  tsr_status s = tsr_mpi_checker_gather(rs->checker, MPI_COMM_WORLD);
  if (world_rank != 0) { /* process 0 replays every device's events and reports (the sim frees the others') */
    rs->checker = NULL;
  }
  return s;
}

tsr_status cli_mpi_gather_timing(run_setup *rs) {
  if (world_size == 1 || !rs->timing) return TSR_OK;
  tsr_status s = tsr_mpi_timing_gather(rs->timing, MPI_COMM_WORLD);
  if (world_rank != 0) { /* process 0 reports, and writes the trace (the sim frees the others' models) */
    rs->timing = NULL;
  }
  return s;
}

typedef struct header {
  int32_t dtype, rank;
  int64_t shape[TSR_MAX_RANK];
} header;

/* Process r's part of a: its rows (the first dimension split in world_size runs), as a count
 * of rows of `row_bytes`; false when a does not split so (it then goes whole). */
static bool rows_of(const tsr_array *a, int64_t *rows, int64_t *row_bytes) {
  if (a->rank == 0 || a->shape[0] % world_size) return false;
  *rows = a->shape[0] / world_size;
  *row_bytes = a->shape[0] ? (int64_t)tsr_array_bytes(a) / a->shape[0] : 0;
  return *rows <= INT_MAX && *row_bytes > 0 && *row_bytes <= INT_MAX;
}

static void bcast_bytes(char *p, size_t bytes) {
  for (size_t at = 0; at < bytes; at += 1u << 30) {
    size_t n = bytes - at < (1u << 30) ? bytes - at : 1u << 30;
    MPI_Bcast(p + at, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD);
  }
}

tsr_status cli_mpi_share_inputs(tsr_array *in, int n, bool whole) {
  if (world_size == 1) return TSR_OK;
  header h[64];
  for (int i = 0; i < n && world_rank == 0; i++) {
    h[i] = (header){(int32_t)in[i].dtype, in[i].rank, {0}};
    memcpy(h[i].shape, in[i].shape, sizeof h[i].shape);
  }
  MPI_Bcast(h, n * (int)sizeof *h, MPI_BYTE, 0, MPI_COMM_WORLD);
  int ok = 1, all_ok = 0;
  for (int i = 0; i < n && world_rank != 0; i++) {
    bool same = in[i].data && in[i].dtype == (tsr_dtype)h[i].dtype && in[i].rank == h[i].rank &&
                !memcmp(in[i].shape, h[i].shape, sizeof(int64_t) * (size_t)h[i].rank);
    if (same) continue;
    tsr_array_free(&in[i]);
    if (tsr_array_alloc(&in[i], (tsr_dtype)h[i].dtype, h[i].rank, h[i].shape) != TSR_OK) ok = 0;
  }
  MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (!all_ok) return tsr_fail(TSR_ERR_NOMEM, "out of host memory for the inputs (on some process)");
  for (int i = 0; i < n; i++) {
    int64_t rows, row_bytes;
    if (whole || !rows_of(&in[i], &rows, &row_bytes)) {
      bcast_bytes(in[i].data, tsr_array_bytes(&in[i]));
      continue;
    }
    MPI_Datatype row;
    MPI_Type_contiguous((int)row_bytes, MPI_BYTE, &row);
    MPI_Type_commit(&row);
    char *mine = (char *)in[i].data + world_rank * rows * row_bytes;
    MPI_Scatter(in[i].data, (int)rows, row, world_rank == 0 ? MPI_IN_PLACE : mine, (int)rows, row, 0, MPI_COMM_WORLD);
    MPI_Type_free(&row);
  }
  in_step = true;
  return TSR_OK;
}

tsr_status cli_mpi_gather_outputs(tsr_array *out, int n, bool whole, tsr_hlo_stats *st) {
  if (world_size == 1) return TSR_OK;
  for (int i = 0; i < n && !whole; i++) {
    int64_t rows, row_bytes;
    if (!rows_of(&out[i], &rows, &row_bytes))
      return tsr_fail(TSR_ERR_UNSUPPORTED, "output %d does not split into %d runs of rows, one per MPI process", i,
                      world_size);
    MPI_Datatype row;
    MPI_Type_contiguous((int)row_bytes, MPI_BYTE, &row);
    MPI_Type_commit(&row);
    char *mine = (char *)out[i].data + world_rank * rows * row_bytes;
    MPI_Gather(world_rank == 0 ? MPI_IN_PLACE : mine, (int)rows, row, out[i].data, (int)rows, row, 0, MPI_COMM_WORLD);
    MPI_Type_free(&row);
  }
  /* each process counted its own devices' DMAs and steps */
  tsr_call_stats *k = &st->kernel;
  int64_t sums[7] = {k->steps, k->dma.in, k->dma.out, k->dma.skip_in, k->dma.skip_out, k->dma.bytes_in, k->dma.bytes_out};
  int64_t total[7];
  MPI_Allreduce(sums, total, 7, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
  k->steps = total[0];
  k->dma = (tsr_dma_counts){total[1], total[2], total[3], total[4], total[5], total[6]};
  double secs[2] = {st->seconds, st->kernel_seconds}, most[2];
  MPI_Allreduce(secs, most, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  st->seconds = most[0];
  st->kernel_seconds = most[1];
  return TSR_OK;
}

int cli_mpi_end(int rc) {
  if (!joined) return rc;
  if (world_size > 1 && rc != TSR_EXIT_OK && !in_step) {
    /* a process left before the steps every process takes (process 0 could not read an
     * input, ...): the others wait in one of them; end them all */
    fflush(NULL);
    MPI_Abort(MPI_COMM_WORLD, rc);
  }
  int worst = rc;
  if (world_size > 1) MPI_Allreduce(&rc, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return worst;
}
