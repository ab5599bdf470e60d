/* The CLI under mpirun: every process runs `tessera run` on the same module; process 0 reads
 * the inputs and scatters them, each process runs the devices it hosts (tsr_mpi_attach), and
 * process 0 gathers the outputs and says what the run gave. A global array of a bare kernel
 * on N devices is split along its first dimension, device d holding the d-th of N shards, and
 * process r hosts devices r*N/R .. (r+1)*N/R-1: its part of every array is one run of rows. */
#include "cli/cli_mpi.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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
bool cli_mpi_launched(void) { return launched_by_mpirun(); }

/* ---- the start: every process started alike, found in bounded time ---------------------- */

/* How long the start may take: MPI_Init (which waits for every process of the job to call
 * it), then the arguments' exchange. */
static double start_timeout(void) {
  const char *e = getenv("TSR_MPI_START_TIMEOUT");
  char *end;
  double v = e ? strtod(e, &end) : 0;
  return e && *e && !*end && v > 0 && v < 1e6 ? v : 60;
}

static void add_field(cli_mpi_args *a, const char *v, char after) {
  for (; *v && a->len + 2 < sizeof a->text; v++) a->text[a->len++] = *v == '\t' || *v == '\n' ? ' ' : *v;
  if (a->len + 1 < sizeof a->text) a->text[a->len++] = after;
}

void cli_mpi_args_add(cli_mpi_args *a, char kind, const char *name, const char *value, const char *shown) {
  char k[2] = {kind, 0};
  add_field(a, k, '\t');
  add_field(a, name, '\t');
  add_field(a, value, '\t');
  add_field(a, shown ? shown : value, '\n');
}

typedef struct arg_line { char kind; const char *name, *value, *shown; } arg_line;

/* Splits a record (text[len] must be writable) into lines; a cut line is left out. */
static int split_args(char *text, size_t len, arg_line *out, int cap) {
  int n = 0;
  text[len] = 0;
  for (char *at = text; *at && n < cap;) {
    char *f[4], *end = strchr(at, '\n');
    if (!end) break;
    *end = 0;
    int k = 0;
    for (char *p = at; k < 4 && p; k++) {
      f[k] = p;
      p = strchr(p, '\t');
      if (p) *p++ = 0;
    }
    if (k == 4 && f[0][0] && !f[0][1]) out[n++] = (arg_line){f[0][0], f[1], f[2], f[3]};
    at = end + 1;
  }
  return n;
}

static const arg_line *find_arg(const arg_line *l, int n, const char *name) {
  for (int i = 0; i < n; i++)
    if (!strcmp(l[i].name, name)) return &l[i];
  return NULL;
}

static bool args_differ(const arg_line *a, const arg_line *b) {
  if (!a || !b) return true;
  if (a->kind == 'i' && (!strcmp(a->value, "?") || !strcmp(b->value, "?"))) return false; /* not read there */
  return a->kind != b->kind || strcmp(a->value, b->value) != 0;
}

/* "process r gives it", "process r has 4", "process r has none" */
static void say_arg(char *msg, size_t cap, size_t *n, int rank, const arg_line *l, char kind) {
  if (*n >= cap) return;
  if (kind == 'f')
    *n += (size_t)snprintf(msg + *n, cap - *n, "process %d %s", rank, l && !strcmp(l->value, "1") ? "gives it" : "does not");
  else
    *n += (size_t)snprintf(msg + *n, cap - *n, "process %d has %s", rank, l ? l->shown : "none");
}

/* Process 0's words for what differs between its arguments (mine) and every process's (all[r],
 * n[r] lines): "NAME: process 0 has A, process 1 has B; ..." (empty: nothing). */
static void compare_args(arg_line **all, const int *n, int size, char *msg, size_t cap) {
  size_t len = 0;
  msg[0] = 0;
  /* every name any process gives, in the order of the first process that gives it */
  for (int owner = 0; owner < size; owner++)
    for (int i = 0; i < n[owner]; i++) {
      const arg_line *l = &all[owner][i];
      bool seen = false;
      for (int r = 0; r < owner && !seen; r++) seen = find_arg(all[r], n[r], l->name) != NULL;
      if (seen) continue;
      const arg_line *mine = find_arg(all[0], n[0], l->name);
      int listed = 0, more = 0;
      for (int r = 1; r < size; r++) {
        const arg_line *theirs = find_arg(all[r], n[r], l->name);
        if (!args_differ(mine, theirs)) continue;
        if (listed == 3) { more++; continue; }
        if (!listed) { /* the name, and process 0's own */
          if (len < cap) len += (size_t)snprintf(msg + len, cap - len, "%s%s: ", len ? "; " : "", l->name);
          say_arg(msg, cap, &len, 0, mine, l->kind);
        }
        if (len < cap) len += (size_t)snprintf(msg + len, cap - len, ", ");
        say_arg(msg, cap, &len, r, theirs, l->kind);
        listed++;
      }
      if (more && len < cap) len += (size_t)snprintf(msg + len, cap - len, ", and %d more process%s", more, more == 1 ? "" : "es");
    }
}

/* Waits for requests until the deadline (MPI_Wtime), looking every millisecond; the ones
 * done are MPI_REQUEST_NULL after it. True when all are done. */
static bool wait_until(int n, MPI_Request *req, MPI_Status *st, double deadline) {
  for (;;) {
    int left = 0;
    for (int i = 0; i < n; i++) {
      if (req[i] == MPI_REQUEST_NULL) continue;
      int done = 0;
      MPI_Test(&req[i], &done, st ? &st[i] : MPI_STATUS_IGNORE);
      left += !done;
    }
    if (!left) return true;
    if (MPI_Wtime() >= deadline) return false;
    struct timespec ts = {0, 1000 * 1000};
    nanosleep(&ts, NULL);
  }
}

enum { TAG_ARGS = 31001, TAG_VERDICT = 31002 }; /* point to point: never matched by a collective */

/* Every process sends its arguments to process 0, which compares them and answers with the
 * exit code (0: alike); without an answer by the deadline, the job ends (MPI_Abort: a process
 * that sent nothing waits in something else for ever). Returns the exit code. */
static int agree(const char *cmd, const cli_mpi_args *args, double timeout) {
  double deadline = MPI_Wtime() + timeout;
  int verdict = CLI_EXIT_OK;
  if (world_rank != 0) {
    MPI_Request req[2];
    MPI_Isend(args->text, (int)args->len, MPI_CHAR, 0, TAG_ARGS, MPI_COMM_WORLD, &req[0]);
    MPI_Irecv(&verdict, 1, MPI_INT, 0, TAG_VERDICT, MPI_COMM_WORLD, &req[1]);
    if (!wait_until(2, req, NULL, deadline)) {
      fprintf(stderr, "tessera %s: MPI process %d: process 0 did not answer within %g s: is it a tessera %s? (every "
              "process of the job must be one, with the same arguments)\n", cmd, world_rank, timeout, cmd);
      fflush(NULL);
      MPI_Abort(MPI_COMM_WORLD, CLI_EXIT_FAIL);
    }
    return verdict;
  }
  size_t size = (size_t)world_size;
  char *text = malloc(size * (CLI_MPI_ARGS_MAX + 1));
  arg_line *lines = malloc(size * 256 * sizeof *lines);
  arg_line **all = malloc(size * sizeof *all);
  int *n = calloc(size, sizeof *n);
  MPI_Request *req = malloc(size * sizeof *req);
  MPI_Status *st = malloc(size * sizeof *st);
  char *msg = malloc(4096);
  if (!text || !lines || !all || !n || !req || !st || !msg) {
    fprintf(stderr, "tessera %s: out of host memory for the processes' arguments\n", cmd);
    fflush(NULL);
    MPI_Abort(MPI_COMM_WORLD, CLI_EXIT_FAIL);
  }
  req[0] = MPI_REQUEST_NULL;
  for (int r = 1; r < world_size; r++)
    MPI_Irecv(text + (size_t)r * (CLI_MPI_ARGS_MAX + 1), CLI_MPI_ARGS_MAX, MPI_CHAR, r, TAG_ARGS, MPI_COMM_WORLD, &req[r]);
  if (!wait_until(world_size, req, st, deadline)) {
    size_t len = 0;
    int silent = 0;
    for (int r = 1; r < world_size; r++) {
      if (req[r] == MPI_REQUEST_NULL) continue;
      if (silent++ < 8 && len < 4096) len += (size_t)snprintf(msg + len, 4096 - len, "%s%d", len ? ", " : "", r);
    }
    fprintf(stderr, "tessera %s: MPI process%s %s%s sent no arguments within %g s: every process of the job must be a "
            "tessera %s with the same arguments (one that is not, or runs another command, never does)\n", cmd,
            silent == 1 ? "" : "es", msg, silent > 8 ? " and more" : "", timeout, cmd);
    fflush(NULL);
    MPI_Abort(MPI_COMM_WORLD, CLI_EXIT_FAIL);
  }
  for (int r = 0; r < world_size; r++) {
    char *t = text + (size_t)r * (CLI_MPI_ARGS_MAX + 1);
    int len = (int)args->len;
    if (r == 0) memcpy(t, args->text, args->len);
    else MPI_Get_count(&st[r], MPI_CHAR, &len);
    all[r] = lines + (size_t)r * 256;
    n[r] = split_args(t, len > 0 ? (size_t)len : 0, all[r], 256);
  }
  compare_args(all, n, world_size, msg, 4096);
  if (msg[0]) {
    fprintf(stderr, "tessera %s: the MPI processes were started with different arguments: %s (every process of the "
            "job runs the same tessera %s: options, module and inputs)\n", cmd, msg, cmd);
    verdict = CLI_EXIT_USAGE;
  }
  for (int r = 1; r < world_size; r++) MPI_Isend(&verdict, 1, MPI_INT, r, TAG_VERDICT, MPI_COMM_WORLD, &req[r]);
  if (!wait_until(world_size, req, NULL, deadline + timeout)) { /* each answered, and waits for it */
    fflush(NULL);
    MPI_Abort(MPI_COMM_WORLD, CLI_EXIT_FAIL);
  }
  free(text), free(lines), free(all), free(n), free(req), free(st), free(msg);
  return verdict;
}

/* MPI_Init waits for every process of the job to call it: one that never does (not a tessera,
 * or one that stopped at a bad option) would keep it waiting for ever. A watchdog ends this
 * process after the timeout, saying why; mpirun then ends the others. */
typedef struct watchdog {
  pthread_mutex_t lock;
  pthread_cond_t cond;
  bool done;
  double seconds;
  const char *cmd;
} watchdog;

static void *watch(void *p) {
  watchdog *w = p;
  struct timespec until;
  clock_gettime(CLOCK_MONOTONIC, &until);
  until.tv_sec += (time_t)w->seconds;
  until.tv_nsec += (long)((w->seconds - (double)(time_t)w->seconds) * 1e9);
  if (until.tv_nsec >= 1000000000) until.tv_sec++, until.tv_nsec -= 1000000000;
  pthread_mutex_lock(&w->lock);
  while (!w->done && pthread_cond_timedwait(&w->cond, &w->lock, &until) != ETIMEDOUT) {}
  bool done = w->done;
  pthread_mutex_unlock(&w->lock);
  if (!done) {
    fprintf(stderr, "tessera %s: MPI_Init did not finish within %g s: a process of this job never called it (every "
            "process must be a tessera %s with the same arguments; TSR_MPI_START_TIMEOUT sets the wait)\n", w->cmd,
            w->seconds, w->cmd);
    fflush(NULL);
    _exit(CLI_EXIT_FAIL);
  }
  return NULL;
}

static int init_watched(const char *cmd, double timeout, int *provided) {
  watchdog w = {.done = false, .seconds = timeout, .cmd = cmd};
  pthread_condattr_t ca;
  pthread_condattr_init(&ca);
  pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
  pthread_mutex_init(&w.lock, NULL);
  pthread_cond_init(&w.cond, &ca);
  pthread_condattr_destroy(&ca);
  pthread_t t;
  bool watched = pthread_create(&t, NULL, watch, &w) == 0;
  int rc = MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, provided);
  pthread_mutex_lock(&w.lock);
  w.done = true;
  pthread_cond_signal(&w.cond);
  pthread_mutex_unlock(&w.lock);
  if (watched) pthread_join(t, NULL);
  pthread_cond_destroy(&w.cond);
  pthread_mutex_destroy(&w.lock);
  return rc;
}

int cli_mpi_begin(cli_run_setup *rs, const char *cmd, const cli_mpi_args *args) {
  if (!launched_by_mpirun()) return 0;
  int provided = 0;
  double timeout = start_timeout();
  if (init_watched(cmd, timeout, &provided) != MPI_SUCCESS) {
    fprintf(stderr, "tessera %s: MPI_Init_thread failed\n", cmd);
    return CLI_EXIT_FAIL;
  }
  joined = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world_size);
  if (provided < MPI_THREAD_MULTIPLE) {
    fprintf(stderr, "tessera %s: this MPI gives no MPI_THREAD_MULTIPLE (every device runs on a thread of its own)\n", cmd);
    return CLI_EXIT_FAIL;
  }
  if (world_size == 1) return 0;
  int verdict = agree(cmd, args, timeout);
  if (verdict) { /* every process knows: they end together */
    MPI_Finalize();
    joined = false;
    return verdict;
  }
  if (world_rank != 0) { /* process 0 speaks (with --json, its human lines go to stderr: the others' nowhere) */
    if (!freopen("/dev/null", "w", stdout)) return CLI_EXIT_FAIL;
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
  return tsr_mpi_timing_attach(t, m, MPI_COMM_WORLD);
}

tsr_status cli_mpi_checker_attach(tsr_checker *ck, tsr_machine *m) {
  return tsr_mpi_checker_attach(ck, m, MPI_COMM_WORLD);
}

tsr_status cli_mpi_gather_checker(cli_run_setup *rs) {
  if (world_size == 1 || !rs->checker) return TSR_OK;
  tsr_status s = tsr_mpi_checker_gather(rs->checker, MPI_COMM_WORLD);
  if (world_rank != 0) { /* process 0 replays every device's events and reports (the sim frees the others') */
    rs->checker = NULL;
  }
  return s;
}

tsr_status cli_mpi_gather_timing(cli_run_setup *rs) {
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
  if (world_size > 1 && rc != CLI_EXIT_OK && !in_step) {
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
