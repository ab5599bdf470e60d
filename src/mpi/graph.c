/* A StableHLO graph over MPI processes (docs/mpi.md): the graph runs whole in every process
 * (its collectives and sharding meet every device's values in one process's memory), its
 * kernels on the devices each process hosts, and every kernel call's results are broadcast
 * from the process hosting their device, so that every process holds what one process
 * running every device would. Cost: each process holds every device's arrays and computes
 * the ops outside kernels; the kernels' work and their remote copies are spread. */
#include <stdlib.h>

#include "core/status.h"
#include "machine/machine_internal.h"
#include "mpi/chunk.h"
#include "tessera/mpi.h"

typedef struct share {
  machine_mesh_share base;
  MPI_Comm comm;      /* a duplicate: these broadcasts never meet the transport's messages */
  int devices, per;   /* process r hosts devices r*per .. (r+1)*per-1 */
} share;

static tsr_status share_results(machine_mesh_share *b, const tsr_ref *const *results, int n) {
  share *s = (share *)b;
  for (int d = 0; d < s->devices; d++)
    for (int i = 0; i < n; i++) {
      const tsr_ref *r = &results[d][i];
      if (!tsr_ref_is_contiguous(r)) /* the graph's arrays are dense: the same on every process */
        return tsr_fail(TSR_ERR_INTERNAL, "device %d's result %d is not contiguous", d, i);
      char *p = r->data;
      size_t bytes = tsr_ref_bytes(r);
      for (size_t at = 0; at < bytes; at += MPI_CHUNK)
        MPI_Bcast(p + at, mpi_chunk((int64_t)(bytes - at)), MPI_BYTE, d / s->per, s->comm);
    }
  return TSR_OK;
}

static void share_destroy(machine_mesh_share *b) {
  share *s = (share *)b;
  MPI_Comm_free(&s->comm);
  free(s);
}

tsr_status tsr_mpi_share_results(tsr_machine *m, MPI_Comm comm) {
  int size = 1, devices = tsr_machine_num_devices(m);
  MPI_Comm_size(comm, &size);
  if (size == 1 || m->root != m || m->share) return TSR_OK;
  if (devices % size) /* the same on every process */
    return tsr_fail(TSR_ERR_INVALID, "%d device(s) do not spread evenly over %d processes", devices, size);
  share *s = calloc(1, sizeof *s);
  int ok = s != NULL, all_ok = 0;
  MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, comm);
  if (!all_ok) {
    free(s);
    return tsr_fail(TSR_ERR_NOMEM, "out of host memory (on some process)");
  }
  MPI_Comm_dup(comm, &s->comm);
  s->base = (machine_mesh_share){.results = share_results, .destroy = share_destroy};
  s->devices = devices;
  s->per = devices / size;
  m->share = &s->base;
  return TSR_OK;
}
