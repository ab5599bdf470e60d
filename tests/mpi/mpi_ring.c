/* The C API over MPI processes: a ring all-gather (written with the kernel API) on N devices
 * spread over the processes of MPI_COMM_WORLD (tsr_mpi_attach). Checks each device's output
 * against plain copies of every shard, the DMAs of every device against hand-derived counts
 * (whatever the number of processes), and the bytes each process put into the others'
 * memory (exactly the copies that cross a process boundary), and every checker over every
 * process's devices (tsr_mpi_checker_attach: process 0 replays them all) finds nothing in
 * this correct kernel. With --bench, also times the runs, without the checkers
 * (bench/mpi_allgather.sh compares 1 and 2 processes). With --busy S, device 0 computes for S
 * seconds before its part of the ring while every other device comes to wait for it: a slow
 * run, not a deadlock (and the runs must take that long).
 *   mpirun -np R mpi_ring DEVICES ROWS eager|on-wait|random [REPS] [--bench] [--busy S] */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tessera/mpi.h"
#include "tessera/pipeline.h"
#include "ring_allgather.h"

enum { C = 128, MAXD = RING_MAX_DEVICES };

static float shard_value(int d, int64_t i) { return (float)(d * 1000 + i % 97) * 0.25f; }

static double busy_s;

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The ring, device 0 first busy for busy_s seconds (reading the clock; nothing signals while
 * it does). */
static tsr_status slow_ring(tsr_ctx *c, void *u) {
  while (tsr_ctx_device_id(c) == 0 && now_s() < busy_s + *(const double *)u) {}
  return ring_allgather(c, NULL);
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  int provided, rank, size;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc < 4) {
    if (!rank) fprintf(stderr, "usage: mpi_ring DEVICES ROWS eager|on-wait|random [REPS] [--bench]\n");
    MPI_Finalize();
    return 2;
  }
  int n = atoi(argv[1]), reps = argc > 4 && argv[4][0] != '-' ? atoi(argv[4]) : 1;
  bool bench = false;
  for (int i = 4; i < argc; i++) {
    if (!strcmp(argv[i], "--bench")) bench = true;
    if (!strcmp(argv[i], "--busy") && i + 1 < argc) busy_s = atof(argv[++i]);
  }
  int64_t rows = ring_rows = atoll(argv[2]);
  tsr_dma_mode mode = !strcmp(argv[3], "on-wait") ? TSR_DMA_ON_WAIT : !strcmp(argv[3], "random") ? TSR_DMA_RANDOM : TSR_DMA_EAGER;
  if (n < 2 || n > MAXD || rows < 1 || reps < 1) {
    if (!rank) fprintf(stderr, "mpi_ring: bad arguments\n");
    MPI_Finalize();
    return 2;
  }
  tsr_machine_options o = {.num_devices = n, .dma_mode = mode, .seed = 7, .quiet = true};
  tsr_machine *m = NULL;
  int failed = 0;
  if (tsr_machine_create(&o, &m) != TSR_OK || tsr_mpi_attach(m, MPI_COMM_WORLD) != TSR_OK) {
    fprintf(stderr, "mpi_ring: process %d: %s\n", rank, tsr_last_error());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  tsr_checker *ck = NULL;
  if (!bench && (tsr_checker_create(TSR_CHECK_ALL, &ck) != TSR_OK || tsr_mpi_checker_attach(ck, m, MPI_COMM_WORLD) != TSR_OK)) {
    fprintf(stderr, "mpi_ring: process %d: %s\n", rank, tsr_last_error());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  ring_counts k = {.lock = PTHREAD_MUTEX_INITIALIZER};
  tsr_observer obs = {.user = &k, .on_event = ring_count_event};
  if (tsr_machine_add_observer(m, &obs) != TSR_OK) MPI_Abort(MPI_COMM_WORLD, 1);
  float *x[MAXD] = {0}, *out[MAXD] = {0};
  tsr_ref xr[MAXD], orf[MAXD];
  tsr_call_desc d[MAXD];
  memset(d, 0, sizeof d);
  tsr_block_spec any = {.space = TSR_ANY};
  double run_start = 0; /* slow_ring's */
  tsr_scratch_spec sems[2] = {{.space = TSR_SEMAPHORE_MEM, .dtype = TSR_DMA_SEM}, {.space = TSR_SEMAPHORE_MEM, .dtype = TSR_DMA_SEM}};
  int64_t shard[2] = {rows, C}, whole[2] = {(int64_t)n * rows, C};
  for (int i = 0; i < n; i++) {
    if (!tsr_mpi_device_is_local(m, i)) continue; /* only this process's devices have arrays here */
    x[i] = malloc(sizeof(float) * (size_t)(rows * C));
    out[i] = calloc((size_t)(n * rows * C), sizeof(float));
    if (!x[i] || !out[i]) MPI_Abort(MPI_COMM_WORLD, 1);
    for (int64_t j = 0; j < rows * C; j++) x[i][j] = shard_value(i, j);
    xr[i] = tsr_ref_dense(x[i], TSR_F32, TSR_HBM, 2, shard);
    orf[i] = tsr_ref_dense(out[i], TSR_F32, TSR_HBM, 2, whole);
    d[i] = (tsr_call_desc){.name = "ring", .num_inputs = 1, .inputs = &xr[i], .in_specs = &any, .num_outputs = 1,
                           .outputs = &orf[i], .out_specs = &any, .num_scratch = 2, .scratch = sems, .body = ring_allgather};
    if (busy_s > 0) d[i].body = slow_ring, d[i].user = &run_start;
  }
  double *secs = calloc((size_t)reps, sizeof *secs);
  for (int r = 0; r < reps && !failed; r++) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    run_start = now_s();
    if (tsr_pallas_call_devices(m, d, NULL) != TSR_OK) {
      fprintf(stderr, "mpi_ring: process %d: %s\n", rank, tsr_last_error());
      failed = 1;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    secs[r] = MPI_Wtime() - t0;
  }
  /* the reference: every device holds every shard, in device order */
  int64_t bad = 0;
  for (int i = 0; i < n && !failed; i++)
    for (int b = 0; out[i] && b < n; b++)
      for (int64_t j = 0; j < rows * C; j++) bad += out[i][(int64_t)b * rows * C + j] != shard_value(b, j);
  int64_t mine[5 * MAXD + 2], all[5 * MAXD + 2];
  for (int i = 0; i < MAXD; i++) {
    mine[i] = k.local[i], mine[MAXD + i] = k.remote[i], mine[2 * MAXD + i] = k.received[i];
    mine[3 * MAXD + i] = k.waits[i], mine[4 * MAXD + i] = k.remote_bytes[i];
  }
  mine[5 * MAXD] = bad;
  mine[5 * MAXD + 1] = failed;
  MPI_Reduce(mine, all, 5 * MAXD + 2, MPI_INT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
  tsr_mpi_traffic tr;
  tsr_mpi_traffic_get(m, &tr);
  int64_t put[MAXD];
  MPI_Gather(&tr.put_bytes, 1, MPI_INT64_T, put, 1, MPI_INT64_T, 0, MPI_COMM_WORLD);
  int errors = 0;
  if (ck && tsr_mpi_checker_gather(ck, MPI_COMM_WORLD) != TSR_OK) {
    printf("FAIL: process %d: the checkers' logs: %s\n", rank, tsr_last_error());
    errors++;
  }
  if (ck && rank == 0 && tsr_checker_count(ck) != 0) {
    printf("FAIL: the checkers found %d thing(s) in a correct kernel:\n", tsr_checker_count(ck));
    tsr_checker_report(ck, stdout);
    errors++;
  }
  if (rank == 0) {
    int64_t block = rows * C * 4;
    if (all[5 * MAXD + 1]) { printf("FAIL: the run failed on %lld process(es)\n", (long long)all[5 * MAXD + 1]); errors++; }
    if (all[5 * MAXD]) { printf("FAIL: %lld elements differ from the reference\n", (long long)all[5 * MAXD]); errors++; }
    for (int r = 0; r < reps && busy_s > 0; r++)
      if (secs[r] < busy_s) { printf("FAIL: run %d took %.3f s, device 0 alone computed for %.3f s\n", r, secs[r], busy_s); errors++; }
    /* per device and run, by hand: one local copy of its shard, n-1 remote copies of one
     * block sent and n-1 received, 1 + 2(n-1) waits */
    for (int i = 0; i < n; i++) {
      int64_t want[5] = {reps, (int64_t)reps * (n - 1), (int64_t)reps * (n - 1), (int64_t)reps * (1 + 2 * (n - 1)),
                         (int64_t)reps * (n - 1) * block};
      for (int f = 0; f < 5; f++)
        if (all[f * MAXD + i] != want[f]) {
          printf("FAIL: device %d: count %d is %lld, expected %lld\n", i, f, (long long)all[f * MAXD + i], (long long)want[f]);
          errors++;
        }
    }
    /* across processes: the last device of each process sends n-1 blocks to the next one's
     * first device in every run; nothing else crosses */
    for (int r = 0; r < size; r++) {
      int64_t want = size > 1 ? (int64_t)reps * (n - 1) * block : 0;
      if (put[r] != want) {
        printf("FAIL: process %d put %lld bytes, expected %lld\n", r, (long long)put[r], (long long)want);
        errors++;
      }
    }
    printf("mpi_ring: %d devices over %d process(es), shard %lld bytes, %s: %s; bytes put per process and run:", n, size,
           (long long)block, argv[3], errors ? "FAIL" : "outputs, DMA counts and traffic as expected");
    for (int r = 0; r < size; r++) printf(" %lld", (long long)(put[r] / reps));
    printf("\n");
    if (bench) {
      qsort(secs, (size_t)reps, sizeof *secs, cmp_double);
      printf("bench: median %.6f s of %d runs (fastest %.6f s)\n", secs[reps / 2], reps, secs[0]);
    }
  }
  int worst = 0;
  MPI_Allreduce(&errors, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  errors = worst;
  tsr_checker_destroy(ck);
  tsr_machine_destroy(m); /* collective: the window */
  for (int i = 0; i < n; i++) free(x[i]), free(out[i]);
  free(secs);
  MPI_Finalize();
  return errors ? 1 : 0;
}
