/* The mesh's devices over MPI processes: the transport under the device model
 * (machine_mesh_transport). Each process runs the devices it hosts through the same engine; what
 * crosses processes goes through one MPI-3 window per machine (dynamic, passive target, held
 * under MPI_Win_lock_all for the machine's life):
 *   - at the start barrier of every call, each process attaches what its devices' kernels
 *     can be reached at (HBM operands, VMEM/SMEM/semaphore allocations) to as many dynamic
 *     windows as it takes at WIN_REGIONS regions each, and every process learns where they
 *     are (an all-gather of the table);
 *   - what a kernel allocates after its start (run_scoped) is attached when made (VMEM, SMEM
 *     and semaphores; a semaphore gets an inbox from a reserved area) and published in slots
 *     a sender reads when the table lacks it;
 *   - a remote copy is MPI_Put of its rows, a flush (the data is there), then MPI_Accumulate
 *     of its byte count into the receive semaphore's inbox and a flush;
 *   - a remote signal is MPI_Accumulate into the semaphore's inbox;
 *   - the inboxes lie in a shared segment (MPI_Win_allocate_shared) when every process is on
 *     one node: there an accumulate is done by the sender, where on the dynamic window it
 *     waited for the target to call MPI (bench/RESULTS.md,
 *     "Measurements behind choices in the code");
 *   - a waiting core moves its semaphore's inbox into the semaphore (an atomic swap with 0,
 *     MPI_Fetch_and_op), so that MPI's atomics and the engine's never touch one cell;
 *   - the end barrier is MPI_Ibarrier, after which every inbox is emptied and detached;
 *   - a deadlock needs every process stuck: every core waiting or done, no signal anywhere,
 *     and every amount sent to a running process's inboxes taken out of them (MPI_Get).
 * Why inboxes: Open MPI's one-sided atomics (osc pt2pt/rdma over TCP or shared memory) are
 * applied by the target's progress engine, not with the CPU atomics the engine's own
 * semaphores use; mixing the two on one cell could lose an update. */
#include "core/grow.h"
#include "tessera/mpi.h"

#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/dtype.h"
#include "core/status.h"
#include "core/strided.h"
#include "machine/machine_internal.h"
#include "mpi/chunk.h"

/* WIN_REGIONS: the regions attached to one dynamic window at most. Open MPI ends the job when
 * an attach passes its limit (osc rdma: osc_rdma_max_attach, 64 by default; osc ucx, across
 * nodes over InfiniBand: 32 in 4.1, fixed at build), and after a failed attach its other
 * processes' looks at the window spin for ever. An MCA parameter reaches osc rdma only, and
 * only when set before MPI_Init: instead, a process's regions are spread over as many windows
 * as they need (one per WIN_REGIONS; every process creates the most any needs, at a start
 * barrier), so any number of devices per process fits.
 * What kernels allocate after their start (run_scoped) is attached to windows made at attach
 * (an allocation is not collective), sized by the devices a process hosts: LATE_PER_DEVICE
 * allocations live at once per device (at least LATE_MIN slots in all, and LATE_REGIONS of
 * them with memory), and LATE_CELLS_PER_DEVICE inbox cells per device for the semaphores
 * among them (at least LATE_CELLS; cells 0..ncells-1 of the inbox area, a call's after);
 * past that an allocation is not published, and a copy into it or a signal fails, saying so. */
enum {
  SPACE_HBM = -1, WIN_REGIONS = 30, LATE_PER_DEVICE = 16, LATE_MIN = 256, LATE_REGIONS = 60,
  LATE_CELLS_PER_DEVICE = 128, LATE_CELLS = 2048
};

/* Where one thing a remote copy or signal can reach lies in its process. */
typedef struct far_entry {
  int32_t device, core, space, seq; /* HBM: core -1, space SPACE_HBM, seq the operand */
  uint64_t addr, bytes;
  uint64_t inbox;                   /* semaphores: their inbox (two cells per cell: amount, who) */
  uint64_t signalled_by;            /* semaphores: tsr_buffer.signalled_by (0: none) */
  int32_t win, sb_win;              /* the windows addr and signalled_by are attached to */
  int32_t late;                     /* allocated after the kernel's start: win is of late_win */
  int32_t agent1;                   /* tsr_buffer.agent + 1: a SparseCore subcore's scoped allocation, or 0 */
} far_entry;

/* A semaphore allocation of a device here and its inbox. */
typedef struct inbox {
  tsr_buffer *sem;
  int64_t *cells; /* [2 * cells]: the amount others added, and who added last */
  MPI_Aint disp;  /* where cells lies in the inbox window (an address in a dynamic one) */
} inbox;

typedef struct span { uintptr_t lo, hi; } span;

/* The buffers a kernel here allocated after its start (run_scoped), while they live:
 * far_entry slots in the window (device -1: free), read by a sender that does not find its
 * target in the call's table. A kernel orders the allocation before the copy or signal (the
 * receiver signals that its buffer or semaphore is there, as it must on a TPU), so a sender
 * reads a whole entry. A semaphore's inbox is cells of the reserved area (ib_taken). */
typedef struct late_table {
  pthread_mutex_t lock;
  int nslots, nwins, ncells;  /* the same in every process (each hosts as many devices) */
  far_entry *slots;           /* [nslots], attached for the machine's life */
  const tsr_buffer **buf;     /* [nslots] */
  inbox *ib;                  /* [nslots] semaphores: their inbox (sem atomic: poll looks unlocked) */
  int *ib_off;                /* [nslots] semaphores: where their inbox cells start in the area */
  unsigned char *ib_taken;    /* [ncells] */
  int *attached;              /* [nwins] regions attached to each late window */
  int sems;                   /* atomic: live semaphores among them */
  int in_call;                /* atomic: between a call's start and end barriers */
} late_table;

/* What every process exposes for the deadlock test (in the window from attach on), with
 * its root's machine_sync (cores running and waiting, signals). */
typedef struct exposed {
  int64_t drained;  /* amounts taken out of its inboxes */
  int64_t sent[];   /* per process: amounts it added to that process's inboxes */
} exposed;

typedef struct mpi_mesh {
  machine_mesh_transport ops; /* first: the engine holds a machine_mesh_transport * */
  MPI_Comm comm;
  MPI_Win win;        /* dynamic: what the deadlock test and late slots need; across nodes, the inboxes */
  MPI_Win *data;      /* dynamic: the call's HBM operands and allocations, WIN_REGIONS each */
  int ndata;
  MPI_Win *late_win;  /* [late.nwins] dynamic: the buffers allocated after a kernel's start, while they live */
  /* The inboxes' window: with every process on one node, a shared segment (osc sm: an
   * accumulate is an atomic in the target's memory, made by the sender, with no wait for
   * the target to call MPI); across nodes, win itself (the call's inbox area attached per call). */
  MPI_Win ibwin;
  bool shared;
  int64_t *ib_base;   /* this process's inbox area, ib_cap cells (shared: its segment) */
  MPI_Aint ib_cap;
  int rank, size, per_rank;
  tsr_machine *root;
  exposed *mine;      /* attached for the machine's life (1 + size cells) */
  MPI_Aint *exposed_at; /* per process: its exposed, its machine_sync, its late slots */
  late_table late;
  /* this call's: */
  far_entry *table;   /* every process's entries */
  int ntable;
  inbox *inboxes;
  int ninboxes;
  span *attached;     /* merged, in address order: region i is attached to data[i / WIN_REGIONS] */
  int nattached, nspans;
  int leader[3], released[3]; /* per barrier phase: elected, done */
  int asking;         /* atomic: a thread here is in all_stuck */
  int64_t ask_after;  /* under asking: when all_stuck may look again (CLOCK_MONOTONIC ns) */
  /* traffic */
  int64_t puts, put_bytes, signals;
} mpi_mesh;

static mpi_mesh *of(machine_mesh_transport *t) { return (mpi_mesh *)t; }

static bool is_local(machine_mesh_transport *t, int device) {
  mpi_mesh *x = of(t);
  return device / x->per_rank == x->rank;
}

static int rank_of(mpi_mesh *x, int device) { return device / x->per_rank; }

static tsr_status mpi_fail(int rc, const char *what) {
  char e[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(rc, e, &len);
  return tsr_fail(TSR_ERR_INVALID, "%s: MPI error: %.*s", what, len, e);
}

/* ---- the start barrier: the table of what is reachable -------------------------------- */

static int cmp_span(const void *a, const void *b) {
  const span *x = a, *y = b;
  return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* The merged region holding address a (regions in address order), or -1. */
static int region_of(const span *sp, int n, uintptr_t a) {
  for (int lo = 0, hi = n - 1; lo <= hi;) {
    int mid = lo + (hi - lo) / 2;
    if (a < sp[mid].lo) hi = mid - 1;
    else if (a >= sp[mid].hi) lo = mid + 1;
    else return mid;
  }
  return -1;
}

static int32_t window_of(const span *sp, int n, uintptr_t a) {
  int r = region_of(sp, n, a);
  return r < 0 ? 0 : r / WIN_REGIONS;
}

/* Builds this process's entries and inboxes and the regions to attach (overlapping operands
 * merged: MPI forbids attaching memory twice), each entry naming the window its memory will
 * be in. An inbox's place is a cell offset in the inbox area (after the late ones') until the area
 * is there. */
static tsr_status local_entries(mpi_mesh *x, far_entry **out, int *nout, size_t *ib_used) {
  far_entry *e = NULL;
  span *sp = NULL;
  int n = 0, cap = 0, ns = 0, caps = 0, capi = 0;
  for (int d = x->rank * x->per_rank; d < (x->rank + 1) * x->per_rank; d++) {
    tsr_machine *dm = machine_mesh_device(x->root, d);
    for (int i = 0; dm->hbm && i < dm->num_hbm; i++) {
      const tsr_ref *h = &dm->hbm[i];
      uintptr_t lo, hi;
      tsr_ref_span(h, &lo, &hi);
      if (!GROW_ARRAY(e, n, cap, 64) || !GROW_ARRAY(sp, ns, caps, 64)) goto nomem;
      e[n++] = (far_entry){d, -1, SPACE_HBM, i, (uint64_t)(uintptr_t)h->data, tsr_ref_bytes(h), 0, 0, 0, 0, 0, 0};
      if (hi > lo) sp[ns++] = (span){lo, hi};
    }
    for (int c = 0; c < dm->num_cores; c++) {
      machine_space_arena *arenas[3] = {&dm->cores[c].vmem, &dm->cores[c].smem, &dm->cores[c].sems};
      for (int a = 0; a < 3; a++)
        for (int b = 0; b < arenas[a]->count; b++) {
          tsr_buffer *buf = arenas[a]->bufs[b];
          far_entry fe = {d, c, (int32_t)buf->space, b, (uint64_t)(uintptr_t)buf->base, buf->bytes, 0, 0, 0, 0, 0,
                          buf->agent + 1};
          if (!GROW_ARRAY(e, n, cap, 64) || !GROW_ARRAY(sp, ns, caps, 64)) goto nomem;
          if (buf->space == TSR_SEMAPHORE_MEM) {
            if (!GROW_ARRAY(x->inboxes, x->ninboxes, capi, 64) || !GROW_ARRAY(sp, ns, caps, 64))
              goto nomem;
            x->inboxes[x->ninboxes++] = (inbox){buf, NULL, (MPI_Aint)*ib_used};
            fe.inbox = (uint64_t)*ib_used;
            *ib_used += 2 * (buf->bytes / sizeof(int64_t)) + 1;
            if (buf->signalled_by && buf->bytes) {
              fe.signalled_by = (uint64_t)(uintptr_t)buf->signalled_by;
              sp[ns++] = (span){(uintptr_t)buf->signalled_by, (uintptr_t)(buf->signalled_by + buf->bytes / sizeof(int64_t))};
            }
          }
          e[n++] = fe;
          if (buf->bytes) sp[ns++] = (span){(uintptr_t)buf->base, (uintptr_t)buf->base + buf->bytes};
        }
    }
  }
  qsort(sp, (size_t)ns, sizeof *sp, cmp_span);
  int m = 0;
  for (int i = 0; i < ns; i++) {
    if (m && sp[i].lo <= sp[m - 1].hi) {
      if (sp[i].hi > sp[m - 1].hi) sp[m - 1].hi = sp[i].hi;
    } else {
      sp[m++] = sp[i];
    }
  }
  for (int i = 0; i < n; i++) {
    e[i].win = window_of(sp, m, (uintptr_t)e[i].addr);
    e[i].sb_win = window_of(sp, m, (uintptr_t)e[i].signalled_by);
  }
  x->attached = sp;
  x->nspans = m;
  *out = e;
  *nout = n;
  return TSR_OK;
nomem:
  free(e);
  free(sp);
  return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
}

/* Attaches the call's regions, WIN_REGIONS to a window (collective only in that every process
 * made the windows first). A failed attach is one MPI ends the job for (the windows' default
 * error handler); a process whose MPI returns instead says what failed and ends it too, since
 * the other processes' looks at the window would wait for ever. */
static void attach_regions(mpi_mesh *x) {
  for (int i = 0; i < x->nspans; i++) {
    int rc = MPI_Win_attach(x->data[i / WIN_REGIONS], (void *)x->attached[i].lo,
                            (MPI_Aint)(x->attached[i].hi - x->attached[i].lo));
    if (rc != MPI_SUCCESS) {
      (void)mpi_fail(rc, "attaching a device's memory to a window"); /* the message */
      fprintf(stderr, "tessera: process %d: %s (region %d of window %d: each window takes %d; Open MPI's limit "
              "per window, osc_rdma_max_attach, is lower?); ending the MPI job\n", x->rank, tsr_last_error(), i % WIN_REGIONS,
              i / WIN_REGIONS, WIN_REGIONS);
      MPI_Abort(x->comm, 1);
    }
    x->nattached = i + 1;
  }
}

/* Out of host memory in the middle of a collective: the other processes are in it too, and
 * only ending the job frees them. */
static void *or_abort(mpi_mesh *x, void *p) {
  if (p) return p;
  fprintf(stderr, "tessera: process %d: out of host memory in the devices' barrier; ending the MPI job\n", x->rank);
  MPI_Abort(x->comm, 1);
  return NULL;
}

/* Waits for a nonblocking collective, giving the CPU away between looks: a process whose
 * devices are done would otherwise spin in MPI's progress, on the CPUs the other processes'
 * devices still run on. */
static void settle(MPI_Request *rq) {
  for (int done = 0;;) {
    MPI_Test(rq, &done, MPI_STATUS_IGNORE);
    if (done) return;
    sched_yield();
  }
}

/* The shared inbox segment of `cells` cells per process (collective: every process asks for
 * the same), zeroed and locked for passive-target access. */
static void inbox_segment(mpi_mesh *x, MPI_Aint cells) {
  if (x->ib_base) {
    MPI_Win_unlock_all(x->ibwin);
    MPI_Win_free(&x->ibwin);
    x->ib_base = NULL;
  }
  MPI_Win_allocate_shared(cells * (MPI_Aint)sizeof(int64_t), sizeof(int64_t), MPI_INFO_NULL, x->comm, &x->ib_base,
                          &x->ibwin);
  memset(x->ib_base, 0, (size_t)cells * sizeof(int64_t));
  x->ib_cap = cells;
  MPI_Win_lock_all(MPI_MODE_NOCHECK, x->ibwin);
  MPI_Win_sync(x->ibwin);
  MPI_Barrier(x->comm); /* zeroed everywhere before anybody adds to it */
}

/* Where the inbox cells from `off` lie, as the inbox window's displacement (the shared
 * segment's in bytes from its start; a dynamic window's, their address). */
static MPI_Aint ib_disp(const mpi_mesh *x, size_t off) {
  return x->shared ? (MPI_Aint)(off * sizeof(int64_t)) : (MPI_Aint)(uintptr_t)(x->ib_base + off);
}

/* Makes data windows up to `n` (collective: every process asks for the same). */
static void data_windows(mpi_mesh *x, int n) {
  if (n <= x->ndata) return;
  x->data = or_abort(x, realloc(x->data, (size_t)n * sizeof *x->data));
  for (; x->ndata < n; x->ndata++) {
    MPI_Win_create_dynamic(MPI_INFO_NULL, x->comm, &x->data[x->ndata]);
    MPI_Win_set_errhandler(x->data[x->ndata], MPI_ERRORS_RETURN);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, x->data[x->ndata]);
  }
}

/* Phase 1 (collective): the entries, the inbox area and the windows every process needs,
 * attach, then learn every process's table. A failure here leaves an empty table: copies to
 * the other processes then fail, naming what is not there. */
static void start_barrier(mpi_mesh *x) {
  far_entry *mine = NULL;
  int n = 0;
  size_t ib_used = (size_t)x->late.ncells; /* the late semaphores' inboxes first */
  if (local_entries(x, &mine, &n, &ib_used) != TSR_OK) n = 0, x->nspans = 0; /* reached for, it reports itself */
  int *counts = or_abort(x, calloc(3 * (size_t)x->size, sizeof *counts));
  int *displs = or_abort(x, calloc((size_t)x->size, sizeof *displs));
  int want[3] = {n * (int)sizeof *mine, (int)ib_used, (x->nspans + WIN_REGIONS - 1) / WIN_REGIONS};
  MPI_Request rq;
  MPI_Iallgather(want, 3, MPI_INT, counts, 3, MPI_INT, x->comm, &rq);
  settle(&rq);
  long total = 0;
  int most = 0, windows = 0;
  for (int r = 0; r < x->size; r++) {
    int c = counts[3 * r];
    if (counts[3 * r + 1] > most) most = counts[3 * r + 1];
    if (counts[3 * r + 2] > windows) windows = counts[3 * r + 2];
    counts[r] = c; /* compacted: the table's byte counts */
    displs[r] = (int)total;
    total += c;
  }
  if (x->shared && most > x->ib_cap) { /* every process saw the same: they grow it together */
    MPI_Aint cap = x->ib_cap;
    while (cap < most) cap *= 2;
    inbox_segment(x, cap);
  } else if (!x->shared) { /* this process's alone, attached for the call */
    x->ib_base = or_abort(x, calloc(ib_used, sizeof *x->ib_base));
    x->ib_cap = (MPI_Aint)ib_used;
    MPI_Win_attach(x->win, x->ib_base, x->ib_cap * (MPI_Aint)sizeof *x->ib_base);
  }
  for (int i = 0; i < x->ninboxes; i++) {
    size_t off = (size_t)x->inboxes[i].disp;
    x->inboxes[i].cells = x->ib_base + off;
    x->inboxes[i].disp = ib_disp(x, off);
  }
  for (int i = 0; i < n; i++)
    if (mine[i].space == TSR_SEMAPHORE_MEM) mine[i].inbox = (uint64_t)ib_disp(x, (size_t)mine[i].inbox);
  data_windows(x, windows);
  attach_regions(x);
  int bytes = want[0];
  x->table = or_abort(x, malloc((size_t)total + 1));
  MPI_Allgatherv(mine, bytes, MPI_BYTE, x->table, counts, displs, MPI_BYTE, x->comm);
  x->ntable = (int)(total / (long)sizeof *x->table);
  free(mine);
  free(counts);
  free(displs);
}

/* Where cell `cell` of an inbox whose cells start at byte `base` of the inbox window keeps
 * its amount and its last sender, as displacements of that window (the shared segment counts
 * in cells, a dynamic window in bytes). */
static void inbox_disps(const mpi_mesh *x, MPI_Aint base, size_t cell, MPI_Aint *amount, MPI_Aint *sender) {
  MPI_Aint unit = x->shared ? (MPI_Aint)sizeof(int64_t) : 1, at = base + (MPI_Aint)(2 * cell * sizeof(int64_t));
  *amount = at / unit;
  *sender = (at + (MPI_Aint)sizeof(int64_t)) / unit;
}

/* Moves what other processes added to one inbox cell into the semaphore; true if anything. */
static bool drain_cell(mpi_mesh *x, inbox *ib, size_t cell) {
  /* A plain look first: MPI's atomics lock the process's accumulate state, and waiters that
   * took it on every look starved the other processes' signals (bench/RESULTS.md,
   * "Measurements behind choices in the code"). A torn or stale look only delays the swap to a
   * later one. */
  if (!__atomic_load_n(&ib->cells[2 * cell], __ATOMIC_RELAXED)) return false;
  int64_t zero = 0, got = 0, who = 0;
  MPI_Aint amount_at, sender_at;
  inbox_disps(x, ib->disp, cell, &amount_at, &sender_at);
  MPI_Fetch_and_op(&zero, &got, MPI_INT64_T, x->rank, amount_at, MPI_REPLACE, x->ibwin);
  MPI_Fetch_and_op(NULL, &who, MPI_INT64_T, x->rank, sender_at, MPI_NO_OP, x->ibwin);
  MPI_Win_flush(x->rank, x->ibwin);
  if (!got) return false;
  int64_t *sem = (int64_t *)(void *)ib->sem->base + cell;
  if (ib->sem->signalled_by && who) __atomic_store_n(&ib->sem->signalled_by[cell], (int)who, __ATOMIC_RELAXED);
  __atomic_add_fetch(sem, got, __ATOMIC_SEQ_CST);
  /* progress before drained: a deadlock test that sees the amount taken out of the inbox
   * (not in flight) sees that something moved */
  __atomic_add_fetch(&x->root->sync->progress, 1, __ATOMIC_SEQ_CST);
  __atomic_add_fetch(&x->mine->drained, got, __ATOMIC_SEQ_CST);
  return true;
}

/* Gives back late slot i (under the lock): what came for a semaphore's inbox is taken in
 * first (the deadlock test counts what was sent against what was taken), its cells zeroed for
 * the next. */
static void late_drop(mpi_mesh *x, int i) {
  const tsr_buffer *b = x->late.buf[i];
  __atomic_store_n(&x->late.slots[i].device, -1, __ATOMIC_RELEASE);
  if (x->late.ib[i].sem) {
    inbox *ib = &x->late.ib[i];
    size_t cells = b->bytes / sizeof(int64_t), n = 2 * cells + 1;
    for (size_t k = 0; k < cells; k++) drain_cell(x, ib, k);
    for (size_t k = 0; k < n; k++) __atomic_store_n(&ib->cells[k], 0, __ATOMIC_RELAXED);
    memset(x->late.ib_taken + x->late.ib_off[i], 0, n);
    __atomic_store_n(&ib->sem, NULL, __ATOMIC_RELEASE);
    __atomic_sub_fetch(&x->late.sems, 1, __ATOMIC_ACQ_REL);
  }
  int w = x->late.slots[i].win;
  if (b->bytes) MPI_Win_detach(x->late_win[w], b->base), x->late.attached[w]--;
  x->late.buf[i] = NULL;
}

/* The first run of n free cells of the late inboxes' area, or -1. */
static int late_cells(late_table *l, size_t n) {
  size_t run = 0;
  for (size_t k = 0; k < (size_t)l->ncells; k++) {
    run = l->ib_taken[k] ? 0 : run + 1;
    if (run == n) return (int)(k + 1 - n);
  }
  return -1;
}

/* A buffer allocated by a kernel here after its start: attached and published while it lives
 * (a semaphore with an inbox). A full table, full windows or a full inbox area leave it
 * unpublished: a copy into it, or a signal, fails, saying so. */
static void allocated(machine_mesh_transport *t, const tsr_buffer *b) {
  mpi_mesh *x = of(t);
  if (!__atomic_load_n(&x->late.in_call, __ATOMIC_ACQUIRE)) return;
  bool sem = b->space == TSR_SEMAPHORE_MEM;
  size_t ncells = sem ? 2 * (b->bytes / sizeof(int64_t)) + 1 : 0;
  pthread_mutex_lock(&x->late.lock);
  int i = 0, w = 0, off = -1;
  while (i < x->late.nslots && x->late.buf[i]) i++;
  while (w < x->late.nwins && b->bytes && x->late.attached[w] >= WIN_REGIONS) w++;
  if (sem) off = late_cells(&x->late, ncells);
  if (i == x->late.nslots || w == x->late.nwins || (sem && off < 0) ||
      (b->bytes && MPI_Win_attach(x->late_win[w], b->base, (MPI_Aint)b->bytes) != MPI_SUCCESS)) {
    pthread_mutex_unlock(&x->late.lock);
    return;
  }
  if (b->bytes) x->late.attached[w]++;
  x->late.buf[i] = b;
  far_entry *e = &x->late.slots[i];
  *e = (far_entry){-1, b->core, (int32_t)b->space, b->seq, (uint64_t)(uintptr_t)b->base, b->bytes, 0, 0, w, 0, 1,
                   b->agent + 1};
  if (sem) {
    memset(x->late.ib_taken + off, 1, ncells);
    x->late.ib_off[i] = off;
    inbox *ib = &x->late.ib[i];
    ib->cells = x->ib_base + off;
    ib->disp = ib_disp(x, (size_t)off);
    e->inbox = (uint64_t)ib->disp;
    __atomic_store_n(&ib->sem, (tsr_buffer *)b, __ATOMIC_RELEASE);
    __atomic_add_fetch(&x->late.sems, 1, __ATOMIC_ACQ_REL);
  }
  __atomic_store_n(&e->device, b->device, __ATOMIC_RELEASE); /* whole before it is found */
  pthread_mutex_unlock(&x->late.lock);
}

static void released(machine_mesh_transport *t, const tsr_buffer *b) {
  mpi_mesh *x = of(t);
  pthread_mutex_lock(&x->late.lock);
  for (int i = 0; i < x->late.nslots; i++)
    if (x->late.buf[i] == b) late_drop(x, i);
  pthread_mutex_unlock(&x->late.lock);
}

/* What came for the late semaphores here, taken in (a deadlock test's first step). */
static void late_drain(mpi_mesh *x) {
  if (!__atomic_load_n(&x->late.sems, __ATOMIC_ACQUIRE)) return;
  pthread_mutex_lock(&x->late.lock);
  for (int i = 0; i < x->late.nslots; i++)
    for (size_t k = 0; x->late.ib[i].sem && k < x->late.buf[i]->bytes / sizeof(int64_t); k++)
      drain_cell(x, &x->late.ib[i], k);
  pthread_mutex_unlock(&x->late.lock);
}

/* Phase 2 (collective): every process's kernels are over (their copies flushed), so every
 * inbox holds its last; empty them into the semaphores, detach, forget the table. */
static void end_barrier(mpi_mesh *x) {
  MPI_Request rq;
  MPI_Ibarrier(x->comm, &rq);
  settle(&rq);
  for (int i = 0; i < x->ninboxes; i++)
    for (size_t k = 0; k < x->inboxes[i].sem->bytes / sizeof(int64_t); k++) drain_cell(x, &x->inboxes[i], k);
  for (int i = 0; i < x->nattached; i++) MPI_Win_detach(x->data[i / WIN_REGIONS], (void *)x->attached[i].lo);
  pthread_mutex_lock(&x->late.lock); /* what a failed kernel left (the others are released) */
  for (int i = 0; i < x->late.nslots; i++)
    if (x->late.buf[i]) late_drop(x, i);
  pthread_mutex_unlock(&x->late.lock);
  if (!x->shared) { /* nothing adds to it any more: every process is past its kernels */
    MPI_Win_detach(x->win, x->ib_base);
    free(x->ib_base);
    x->ib_base = NULL;
  }
  free(x->inboxes);
  free(x->attached);
  free(x->table);
  x->inboxes = NULL;
  x->attached = NULL;
  x->table = NULL;
  x->ninboxes = x->nattached = x->nspans = x->ntable = 0;
}

/* The first caller of each phase up to `phase` does it; the others wait until it is done. */
static void barrier(machine_mesh_transport *t, tsr_machine *root, int phase) {
  mpi_mesh *x = of(t);
  for (int p = 1; p <= phase; p++) {
    if (__atomic_fetch_add(&x->leader[p], 1, __ATOMIC_ACQ_REL) == 0) {
      if (p == 1) {
        start_barrier(x);
        __atomic_store_n(&x->late.in_call, 1, __ATOMIC_RELEASE);
      } else {
        __atomic_store_n(&x->late.in_call, 0, __ATOMIC_RELEASE);
        end_barrier(x);
      }
      __atomic_store_n(&x->released[p], 1, __ATOMIC_RELEASE);
    }
    while (!__atomic_load_n(&x->released[p], __ATOMIC_ACQUIRE)) sched_yield();
  }
}

/* ---- reaching another process's device --------------------------------------------------- */

/* Whether entry e is allocation `seq` of SparseCore subcore `agent` (-1: none) in `space` of
 * that device and core: one no subcore owns is every subcore's (tsr_buffer.agent). */
static bool entry_is(const far_entry *e, int device, int core, int space, int seq, int agent) {
  return e->device == device && e->core == core && e->space == space && e->seq == seq &&
         (e->agent1 == 0 || e->agent1 == agent + 1);
}

static const far_entry *find(mpi_mesh *x, int device, int core, int space, int seq, int agent) {
  for (int i = 0; i < x->ntable; i++)
    if (entry_is(&x->table[i], device, core, space, seq, agent)) return &x->table[i];
  return NULL;
}

/* A buffer or semaphore allocated after the kernel's start on another process's device: its
 * live slots. */
static bool find_late(mpi_mesh *x, int device, int core, int space, int seq, int agent, far_entry *out) {
  int target = rank_of(x, device);
  far_entry *slots = malloc((size_t)x->late.nslots * sizeof *slots);
  if (!slots) return false;
  MPI_Get(slots, x->late.nslots * (int)sizeof *slots, MPI_BYTE, target, x->exposed_at[3 * target + 2],
          x->late.nslots * (int)sizeof *slots, MPI_BYTE, x->win);
  MPI_Win_flush(target, x->win);
  bool found = false;
  for (int i = 0; i < x->late.nslots && !found; i++) {
    const far_entry *e = &slots[i];
    if (entry_is(e, device, core, space, seq, agent)) *out = *e, found = true;
  }
  free(slots);
  return found;
}

/* Where ref r (as core c names it) lies on `device` (core `core`): the entry, and r's base
 * here (the address r's offsets are taken from). */
static tsr_status locate(mpi_mesh *x, machine_core *c, const tsr_ref *r, int device, int core, const char *what,
                         far_entry *out, const char **base) {
  if (r->buf) {
    const far_entry *e = find(x, device, core, (int)r->buf->space, r->buf->seq, r->buf->agent);
    if (e) *out = *e;
    if (!e && !find_late(x, device, core, (int)r->buf->space, r->buf->seq, r->buf->agent, out))
      return tsr_fail(TSR_ERR_INVALID, "%s to device %d core %d (process %d): its %s allocation %d is not there (%s)",
                      what, device, core, rank_of(x, device), tsr_space_name(r->buf->space), r->buf->seq,
                      "not allocated there yet, released already, or past the allocations after the kernel's start "
                      "that a process can publish");
    if (out->bytes != r->buf->bytes)
      return tsr_fail(TSR_ERR_INVALID, "%s to device %d core %d (process %d): its %s allocation %d has %llu bytes, "
                      "this core's %zu", what, device, core, rank_of(x, device), tsr_space_name(r->buf->space),
                      r->buf->seq, (unsigned long long)out->bytes, r->buf->bytes);
    *base = r->buf->base;
    return TSR_OK;
  }
  for (int i = 0; i < c->m->num_hbm; i++) {
    const tsr_ref *h = &c->m->hbm[i];
    uintptr_t lo, hi, hlo, hhi;
    tsr_ref_span(r, &lo, &hi);
    tsr_ref_span(h, &hlo, &hhi);
    if (lo < hlo || hi > hhi) continue;
    const far_entry *e = find(x, device, -1, SPACE_HBM, i, -1);
    if (!e || e->bytes != tsr_ref_bytes(h))
      return tsr_fail(TSR_ERR_INVALID, "%s to device %d (process %d): its operand %d differs from this device's (each "
                      "device's arrays of a call must have the same shapes)", what, device, rank_of(x, device), i);
    *out = *e;
    *base = h->data;
    return TSR_OK;
  }
  char d[96];
  return tsr_fail(TSR_ERR_INVALID, "%s to device %d: %s is neither an operand nor an allocation of the kernel", what,
                  device, tsr_ref_describe(r, d, sizeof d));
}

static int put_bytes(mpi_mesh *x, MPI_Win win, const char *from, int target, uint64_t at, int64_t bytes) {
  while (bytes > 0) {
    int n = mpi_chunk(bytes);
    int rc = MPI_Put(from, n, MPI_BYTE, target, (MPI_Aint)at, n, MPI_BYTE, win);
    if (rc != MPI_SUCCESS) return rc;
    __atomic_add_fetch(&x->puts, 1, __ATOMIC_RELAXED);
    __atomic_add_fetch(&x->put_bytes, n, __ATOMIC_RELAXED);
    from += n;
    at += (uint64_t)n;
    bytes -= n;
  }
  return MPI_SUCCESS;
}

/* Adds `amount` to a semaphore cell's inbox on `device` and says who did. */
static tsr_status add_to_inbox(mpi_mesh *x, machine_core *c, const tsr_ref *sem, int device, int core, int64_t amount,
                               const char *what) {
  far_entry e;
  const char *base;
  TSR_TRY(locate(x, c, sem, device, core, what, &e, &base));
  size_t cell = (size_t)(sem->data - base) / sizeof(int64_t);
  int target = rank_of(x, device);
  int64_t who = c->m->device * MACHINE_MAX_CORES + c->id + 1;
  MPI_Aint amount_at, sender_at;
  inbox_disps(x, (MPI_Aint)e.inbox, cell, &amount_at, &sender_at);
  int rc = MPI_Accumulate(&who, 1, MPI_INT64_T, target, sender_at, 1, MPI_INT64_T, MPI_REPLACE, x->ibwin);
  if (rc == MPI_SUCCESS) rc = MPI_Accumulate(&amount, 1, MPI_INT64_T, target, amount_at, 1, MPI_INT64_T, MPI_SUM, x->ibwin);
  if (rc == MPI_SUCCESS) rc = MPI_Win_flush(target, x->ibwin);
  if (rc != MPI_SUCCESS) return mpi_fail(rc, what);
  __atomic_add_fetch(&x->mine->sent[target], amount, __ATOMIC_ACQ_REL); /* after it is there */
  __atomic_add_fetch(&x->signals, 1, __ATOMIC_RELAXED);
  return TSR_OK;
}

static tsr_status copy(machine_mesh_transport *t, machine_core *c, const tsr_ref *src, const tsr_ref *dst, const tsr_ref *recv_sem,
                       int device, int core, int64_t bytes) {
  mpi_mesh *x = of(t);
  far_entry e;
  const char *base;
  TSR_TRY(locate(x, c, dst, device, core, "remote copy", &e, &base));
  uintptr_t lo, hi;
  tsr_ref_span(dst, &lo, &hi);
  if (hi - (uintptr_t)base > e.bytes)
    return tsr_fail(TSR_ERR_INVALID, "remote copy to device %d: the window reaches past its target", device);
  int target = rank_of(x, device);
  MPI_Win win = e.late ? x->late_win[e.win] : x->data[e.win];
  size_t es = tsr_dtype_size(dst->dtype);
  int rc = MPI_SUCCESS;
  if (!c->m->no_data || dst->space == TSR_SMEM) {
    strided_rows w;
    char *row = NULL;
    if (strided_rows_start(&w, dst->rank, dst->shape, dst->stride, src->stride)) do {
      uint64_t at = e.addr + (uint64_t)(dst->data - base) + (uint64_t)(w.at[0] * (int64_t)es);
      const char *from = src->data + w.at[1] * (int64_t)es;
      if (w.step[0] == 1 && w.step[1] == 1) {
        rc = put_bytes(x, win, from, target, at, w.len * (int64_t)es);
      } else if (w.step[0] == 1) { /* a strided source row: gathered into one put */
        if (!row && !(row = malloc((size_t)w.len * es))) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
        for (int64_t j = 0; j < w.len; j++) memcpy(row + j * (int64_t)es, from + j * w.step[1] * (int64_t)es, es);
        rc = put_bytes(x, win, row, target, at, w.len * (int64_t)es);
      } else {
        for (int64_t j = 0; j < w.len && rc == MPI_SUCCESS; j++)
          rc = put_bytes(x, win, from + j * w.step[1] * (int64_t)es, target, at + (uint64_t)(j * w.step[0] * (int64_t)es),
                         (int64_t)es);
      }
    } while (rc == MPI_SUCCESS && strided_rows_next(&w));
    free(row);
    if (rc == MPI_SUCCESS) rc = MPI_Win_flush(target, win); /* the data is there before it is counted */
    if (rc != MPI_SUCCESS) return mpi_fail(rc, "remote copy");
  }
  return add_to_inbox(x, c, recv_sem, device, core, bytes, "remote copy (receive semaphore)");
}

static tsr_status signal_far(machine_mesh_transport *t, machine_core *c, const tsr_ref *sem, int64_t amount, int device, int core) {
  return add_to_inbox(of(t), c, sem, device, core, amount, "semaphore signal");
}

static bool poll(machine_mesh_transport *t, machine_core *c, const tsr_ref *sem) {
  mpi_mesh *x = of(t);
  /* MPI's progress: the others' puts into this process land while it waits. On one node the
   * senders finish their puts (single copy) and accumulates (shared segment) themselves, and
   * progress at every look was a fifth of a process's CPU time in the ring benchmark: it is
   * made at every 16th look, for a transport that would still need it. */
  static _Thread_local unsigned looks;
  int flag;
  if (!x->shared || !(++looks & 15)) MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, x->comm, &flag, MPI_STATUS_IGNORE);
  if (!sem->buf) return false;
  size_t cell = (size_t)(sem->data - sem->buf->base) / sizeof(int64_t);
  for (int i = 0; i < x->ninboxes; i++)
    if (x->inboxes[i].sem == sem->buf) return drain_cell(x, &x->inboxes[i], cell);
  /* allocated after the kernel's start: its slot was filled by this thread (the semaphore's
   * core), and stays until this thread releases it; the others change under it */
  for (int i = 0; __atomic_load_n(&x->late.sems, __ATOMIC_ACQUIRE) && i < x->late.nslots; i++)
    if (__atomic_load_n(&x->late.ib[i].sem, __ATOMIC_ACQUIRE) == sem->buf) return drain_cell(x, &x->late.ib[i], cell);
  return false;
}

/* ---- deadlock across processes ----------------------------------------------------------- */

/* A look at a semaphore cell there while its owner may change it: a debugger's look. Its
 * value counts what waits in its inbox. */
static bool peek(machine_mesh_transport *t, machine_core *c, const tsr_ref *sem, int device, int core, int64_t *value, int *who) {
  mpi_mesh *x = of(t);
  far_entry e;
  const char *base;
  if (!sem->buf || locate(x, c, sem, device, core, "look", &e, &base) != TSR_OK) {
    tsr_clear_error();
    return false;
  }
  size_t cell = (size_t)(sem->data - base) / sizeof(int64_t);
  int target = rank_of(x, device);
  int64_t v = 0, box[2] = {0, 0};
  int w = 0;
  MPI_Win at_win = e.late ? x->late_win[e.win] : x->data[e.win], sb_win = x->data[e.sb_win];
  MPI_Get(&v, 1, MPI_INT64_T, target, (MPI_Aint)(e.addr + cell * sizeof(int64_t)), 1, MPI_INT64_T, at_win);
  MPI_Aint amount_at, sender_at;
  inbox_disps(x, (MPI_Aint)e.inbox, cell, &amount_at, &sender_at);
  MPI_Get(box, 2, MPI_INT64_T, target, amount_at, 2, MPI_INT64_T, x->ibwin);
  if (e.signalled_by) /* a late semaphore's is not attached (0) */
    MPI_Get(&w, 1, MPI_INT, target, (MPI_Aint)(e.signalled_by + cell * sizeof(int)), 1, MPI_INT, sb_win);
  MPI_Win_flush(target, at_win);
  if (e.signalled_by) MPI_Win_flush(target, sb_win);
  MPI_Win_flush(target, x->ibwin);
  *value = v + box[0];
  *who = box[0] ? (int)box[1] : w;
  return true;
}

/* Every process's figures; true when all are blocked or done (a process with cores running
 * says so when its own test found every one blocked at its progress now). *progress: the sum of signals;
 * *in_flight: what lies in the inboxes of processes with cores still running (a process whose
 * kernels are over takes its inboxes in at the end barrier; nothing of its waits for them). */
static bool snapshot(mpi_mesh *x, int64_t *progress, int64_t *in_flight) {
  bool all = true;
  *progress = *in_flight = 0;
  size_t cells = 1 + (size_t)x->size;
  int64_t *e = calloc(cells * (size_t)x->size, sizeof *e), *sent_to = calloc((size_t)x->size, sizeof *sent_to);
  int *active = calloc((size_t)x->size, sizeof *active);
  if (!e || !sent_to || !active) {
    free(e), free(sent_to), free(active);
    return false; /* no verdict without the figures: keep waiting */
  }
  for (int r = 0; r < x->size; r++) {
    int64_t *er = e + (size_t)r * cells;
    machine_sync s;
    if (r == x->rank) {
      const machine_sync *own = x->root->sync;
      er[0] = __atomic_load_n(&x->mine->drained, __ATOMIC_ACQUIRE);
      for (int k = 0; k < x->size; k++) er[1 + k] = __atomic_load_n(&x->mine->sent[k], __ATOMIC_ACQUIRE);
      s.active_cores = __atomic_load_n(&own->active_cores, __ATOMIC_ACQUIRE);
      s.waiting_cores = __atomic_load_n(&own->waiting_cores, __ATOMIC_ACQUIRE);
      s.progress = __atomic_load_n(&own->progress, __ATOMIC_SEQ_CST);
      s.all_blocked = __atomic_load_n(&own->all_blocked, __ATOMIC_SEQ_CST);
    } else { /* values other threads change as they go: a look, as a debugger's */
      MPI_Get(er, (int)cells, MPI_INT64_T, r, x->exposed_at[3 * r], (int)cells, MPI_INT64_T, x->win);
      MPI_Get(&s, sizeof s, MPI_BYTE, r, x->exposed_at[3 * r + 1], sizeof s, MPI_BYTE, x->win);
      MPI_Win_flush(r, x->win);
    }
    if (s.active_cores > 0 && (s.waiting_cores < s.active_cores || s.all_blocked != s.progress + 1)) all = false;
    active[r] = s.active_cores > 0;
    *progress += (int64_t)s.progress;
    for (int k = 0; k < x->size; k++) sent_to[k] += er[1 + k];
  }
  for (int r = 0; r < x->size; r++)
    if (active[r]) *in_flight += sent_to[r] - e[(size_t)r * cells];
  free(e), free(sent_to), free(active);
  return all;
}

static int64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Asked by a core here that found every core of its process blocked: are all? Looks every
 * millisecond for 50 ms, in which nothing may move and nothing may be on its way (the looks
 * at another process are not atomic); the first look that sees something move ends it (the
 * asker goes back to waiting at once). One thread of a process asks at a time, at most once
 * a millisecond after the last look: every core here may be blocked while another process
 * computes. A question refused as too soon leaves that time alone (moving it on each refusal
 * kept a core that asked every few microseconds from ever looking again until the host
 * descheduled it). */
static bool all_stuck(machine_mesh_transport *t, tsr_machine *root) {
  mpi_mesh *x = of(t);
  if (__atomic_exchange_n(&x->asking, 1, __ATOMIC_ACQUIRE)) return false;
  bool stuck = false;
  int64_t p0, f0, p1, f1;
  if (now_ns() < x->ask_after) { /* too soon: the next look is still a millisecond after the last */
    __atomic_store_n(&x->asking, 0, __ATOMIC_RELEASE);
    return false;
  }
  for (int i = 0; i < x->ninboxes; i++) /* what came for any semaphore here, taken in first */
    for (size_t k = 0; k < x->inboxes[i].sem->bytes / sizeof(int64_t); k++) drain_cell(x, &x->inboxes[i], k);
  late_drain(x);
  if (!snapshot(x, &p0, &f0) || f0) goto out;
  stuck = true;
  for (int look = 0; stuck && look < 50; look++) {
    struct timespec ts = {0, 1000 * 1000};
    nanosleep(&ts, NULL);
    stuck = snapshot(x, &p1, &f1) && !f1 && p1 == p0;
  }
out:
  x->ask_after = now_ns() + 1000 * 1000;
  __atomic_store_n(&x->asking, 0, __ATOMIC_RELEASE);
  return stuck;
}

/* ---- the verdict ----------------------------------------------------------------------- */

static tsr_status run_end(machine_mesh_transport *t, tsr_machine *root, tsr_status st, const char *msg) {
  mpi_mesh *x = of(t);
  barrier(t, root, 2); /* the phases nobody here reached (every device here failed early) */
  memset(x->leader, 0, sizeof x->leader);
  memset(x->released, 0, sizeof x->released);
  int *codes = or_abort(x, calloc((size_t)x->size, sizeof *codes));
  int *lens = or_abort(x, calloc((size_t)x->size, sizeof *lens));
  int *displs = or_abort(x, calloc((size_t)x->size, sizeof *displs));
  int code = (int)st, len = (int)strlen(msg);
  MPI_Allgather(&code, 1, MPI_INT, codes, 1, MPI_INT, x->comm);
  MPI_Gather(&len, 1, MPI_INT, lens, 1, MPI_INT, 0, x->comm);
  long total = 0;
  for (int r = 0; x->rank == 0 && r < x->size; r++) { displs[r] = (int)total; total += lens[r]; }
  char *all = x->rank == 0 ? or_abort(x, malloc((size_t)total + 1)) : NULL;
  MPI_Gatherv(msg, len, MPI_CHAR, all, lens, displs, MPI_CHAR, 0, x->comm);
  /* the worst: another failure before a deadlock (which the failure may have caused) */
  tsr_status verdict = TSR_OK;
  int failed = 0;
  for (int r = 0; r < x->size; r++) {
    if (codes[r] == TSR_OK) continue;
    failed++;
    if (verdict == TSR_OK || verdict == TSR_ERR_DEADLOCK) verdict = (tsr_status)codes[r];
  }
  if (verdict != TSR_OK && x->rank == 0) {
    /* every process's devices, in device order (process r hosts the r-th run of them) */
    size_t cap = (size_t)total + 2 * (size_t)x->size + 1, n = 0;
    char *joined = malloc(cap);
    for (int r = 0; joined && all && r < x->size; r++) {
      if (!lens[r]) continue;
      n += (size_t)snprintf(joined + n, cap - n, "%s%.*s", n ? "; " : "", lens[r], all + displs[r]);
    }
    tsr_fail(verdict, "%s", joined ? joined : "devices failed");
    free(joined);
  } else if (verdict != TSR_OK) {
    tsr_fail(verdict, "%d of %d MPI processes failed; process 0 reports every device", failed, x->size);
  }
  free(all);
  free(codes);
  free(lens);
  free(displs);
  return verdict;
}

/* ---- attach ------------------------------------------------------------------------------- */

static void free_mesh(mpi_mesh *x) {
  free(x->mine);
  free(x->exposed_at);
  free(x->late.slots);
  free(x->late.buf);
  free(x->late.ib);
  free(x->late.ib_off);
  free(x->late.ib_taken);
  free(x->late.attached);
  free(x->late_win);
  free(x);
}

static void destroy(machine_mesh_transport *t) {
  mpi_mesh *x = of(t);
  MPI_Win_detach(x->win, x->mine);
  MPI_Win_detach(x->win, x->root->sync);
  MPI_Win_detach(x->win, x->late.slots);
  MPI_Win_unlock_all(x->win);
  MPI_Win_free(&x->win);
  for (int w = 0; w < x->late.nwins; w++) {
    MPI_Win_unlock_all(x->late_win[w]);
    MPI_Win_free(&x->late_win[w]);
  }
  for (int w = 0; w < x->ndata; w++) {
    MPI_Win_unlock_all(x->data[w]);
    MPI_Win_free(&x->data[w]);
  }
  free(x->data);
  if (x->shared) {
    MPI_Win_unlock_all(x->ibwin);
    MPI_Win_free(&x->ibwin);
  }
  MPI_Comm_free(&x->comm);
  pthread_mutex_destroy(&x->late.lock);
  free_mesh(x);
}

tsr_status tsr_mpi_attach(tsr_machine *m, MPI_Comm comm) {
  if (!m || m->root != m) return tsr_fail(TSR_ERR_INVALID, "tsr_mpi_attach: no machine, or not a mesh's first device");
  if (m->transport) return tsr_fail(TSR_ERR_INVALID, "tsr_mpi_attach: the machine is attached already");
  int level = 0, size = 0, rank = 0;
  MPI_Query_thread(&level);
  MPI_Comm_size(comm, &size);
  MPI_Comm_rank(comm, &rank);
  if (level < MPI_THREAD_MULTIPLE)
    return tsr_fail(TSR_ERR_INVALID, "tsr_mpi_attach: MPI was initialised without MPI_THREAD_MULTIPLE (every device "
                    "runs on a thread of its own and reaches the others)");
  if (m->num_devices < size || m->num_devices % size)
    return tsr_fail(TSR_ERR_INVALID, "tsr_mpi_attach: %d device(s) do not spread evenly over %d processes (each process "
                    "hosts the same number of devices)", m->num_devices, size);
  if (size == 1) return TSR_OK; /* every device is here: no transport (and Open MPI makes no window of one process) */
  mpi_mesh *x = calloc(1, sizeof *x);
  if (!x) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  x->ops = (machine_mesh_transport){is_local, barrier, run_end, copy, signal_far, poll, peek, all_stuck, destroy, allocated,
                            released};
  x->rank = rank;
  x->size = size;
  x->per_rank = m->num_devices / size;
  x->root = m;
  x->mine = calloc(1 + (size_t)size, sizeof(int64_t));
  x->exposed_at = calloc(3 * (size_t)size, sizeof *x->exposed_at);
  late_table *l = &x->late;
  l->nslots = x->per_rank * LATE_PER_DEVICE > LATE_MIN ? x->per_rank * LATE_PER_DEVICE : LATE_MIN;
  int regions = x->per_rank * LATE_PER_DEVICE > LATE_REGIONS ? x->per_rank * LATE_PER_DEVICE : LATE_REGIONS;
  l->nwins = (regions + WIN_REGIONS - 1) / WIN_REGIONS;
  l->ncells = x->per_rank * LATE_CELLS_PER_DEVICE > LATE_CELLS ? x->per_rank * LATE_CELLS_PER_DEVICE : LATE_CELLS;
  l->slots = malloc((size_t)l->nslots * sizeof *l->slots);
  l->buf = calloc((size_t)l->nslots, sizeof *l->buf);
  l->ib = calloc((size_t)l->nslots, sizeof *l->ib);
  l->ib_off = calloc((size_t)l->nslots, sizeof *l->ib_off);
  l->ib_taken = calloc((size_t)l->ncells, 1);
  l->attached = calloc((size_t)l->nwins, sizeof *l->attached);
  x->late_win = calloc((size_t)l->nwins, sizeof *x->late_win);
  int ok = x->mine && x->exposed_at && l->slots && l->buf && l->ib && l->ib_off && l->ib_taken && l->attached &&
           x->late_win, all_ok = 0;
  MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, comm);
  if (!all_ok) {
    free_mesh(x);
    return tsr_fail(TSR_ERR_NOMEM, "out of host memory (on some process)");
  }
  MPI_Comm_dup(comm, &x->comm);
  MPI_Win_create_dynamic(MPI_INFO_NULL, x->comm, &x->win);
  MPI_Win_lock_all(MPI_MODE_NOCHECK, x->win);
  for (int w = 0; w < x->late.nwins; w++) {
    MPI_Win_create_dynamic(MPI_INFO_NULL, x->comm, &x->late_win[w]);
    MPI_Win_set_errhandler(x->late_win[w], MPI_ERRORS_RETURN); /* a failed attach: the buffer unpublished */
    MPI_Win_lock_all(MPI_MODE_NOCHECK, x->late_win[w]);
  }
  MPI_Comm node; /* every process on one node: the inboxes in a shared segment */
  int node_size = 0;
  MPI_Comm_split_type(x->comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  MPI_Comm_size(node, &node_size);
  MPI_Comm_free(&node);
  x->ibwin = x->win;
  x->shared = node_size == size && !getenv("TSR_MPI_NO_SHM");
  if (x->shared) inbox_segment(x, 2 * (MPI_Aint)l->ncells);
  data_windows(x, 1); /* at least one: an entry of no bytes names window 0 */
  MPI_Win_attach(x->win, x->mine, (MPI_Aint)((1 + (size_t)size) * sizeof(int64_t)));
  MPI_Win_attach(x->win, m->sync, sizeof *m->sync);
  pthread_mutex_init(&x->late.lock, NULL);
  for (int i = 0; i < x->late.nslots; i++) x->late.slots[i] = (far_entry){.device = -1};
  MPI_Win_attach(x->win, x->late.slots, (MPI_Aint)((size_t)x->late.nslots * sizeof *x->late.slots));
  MPI_Aint at[3];
  MPI_Get_address(x->mine, &at[0]);
  MPI_Get_address(m->sync, &at[1]);
  MPI_Get_address(x->late.slots, &at[2]);
  MPI_Allgather(at, 3, MPI_AINT, x->exposed_at, 3, MPI_AINT, x->comm);
  m->transport = &x->ops;
  return TSR_OK;
}

bool tsr_mpi_device_is_local(const tsr_machine *m, int device) {
  return !m || !m->root->transport || m->root->transport->is_local(m->root->transport, device);
}

tsr_status tsr_mpi_traffic_get(const tsr_machine *m, tsr_mpi_traffic *out) {
  if (!m || !out) return tsr_fail(TSR_ERR_INVALID, "no machine or result");
  *out = (tsr_mpi_traffic){0};
  if (!m->root->transport) return TSR_OK;
  mpi_mesh *x = of(m->root->transport);
  out->puts = __atomic_load_n(&x->puts, __ATOMIC_RELAXED);
  out->put_bytes = __atomic_load_n(&x->put_bytes, __ATOMIC_RELAXED);
  out->signals = __atomic_load_n(&x->signals, __ATOMIC_RELAXED);
  return TSR_OK;
}
