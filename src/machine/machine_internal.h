/* The machine's insides, shared by the machine and pipeline layers: cores, their memories,
 * the DMA engine and semaphores, and the event stream. */
#ifndef TSR_MACHINE_INTERNAL_H
#define TSR_MACHINE_INTERNAL_H

#include <pthread.h>
#include <stdarg.h>

#include "core/block_cache.h"
#include "core/status.h"
#include "tessera/machine.h"

/* An allocation in a core's VMEM, SMEM or semaphore memory. The k-th allocation of a kernel
 * is the k-th on every core, which is how a signal names another core's semaphore. */
typedef struct tsr_buffer {
  int device;       /* the device (chip) of its core */
  bool in_mesh;     /* its machine has several devices (messages name the device) */
  int core;
  tsr_space space;
  int seq;          /* allocation order on this core */
  /* The SparseCore subcore whose step allocated it (machine_core.agent; -1 outside such a
   * kernel's steps: every subcore's): a scoped allocation is named by (agent, seq), as each
   * subcore has memory and semaphores of its own on a TPU. */
  int agent;
  char *base;
  size_t bytes;
  /* Semaphore memory: per cell, who signalled it last (device * MACHINE_MAX_CORES + core
   * + 1; 0: nobody), for deadlock reports that name both ends. NULL elsewhere. */
  int *signalled_by;
  /* Parked (machine_space_arena.parked): another core's or device's copy or signal reached it there,
   * so the owner's allocation at its number keeps what landed instead of starting fresh. */
  bool reached;
} tsr_buffer;

/* A stack of allocations in one memory space of one core. Memory is allocated to what
 * kernels use (never the capacity up front) and kept for reuse by later kernels. */
typedef struct machine_space_arena {
  tsr_space space;
  int64_t capacity;   /* the chip's size of this space per core */
  int64_t used;       /* bytes allocated now */
  int64_t peak;
  int count;          /* live buffers */
  int cap;
  tsr_buffer **bufs;  /* live buffers, in allocation order */
  /* Arrays bufs outgrew: other devices' threads look up allocations here while the owner
   * appends (machine_arena_buffer_at), so an old array stays valid until the machine goes. Doubling
   * from 16, 24 of them hold more allocations than an int counts. */
  tsr_buffer **retired[24];
  int nretired;
  /* Host memory of released buffers, for a later buffer of the same size (the next kernel
   * call's blocks and scratch: fresh memory would fault its pages in again); at most
   * eight of them and `capacity` bytes in all, freed with the machine. */
  block_cache kept;
  /* A TPU's scoped allocations (run_scoped) sit at static addresses, so another core or
   * device may copy or signal into one while its owner is outside the scope: before it got
   * there or after it left. Here an allocation is named by its number (the k-th is the k-th
   * everywhere), and the buffers of numbers at or past `count` stay where such a copy or
   * signal finds them: parked[k] is the buffer of number k that a scope released
   * (machine_core_park_to), or that another core's copy or signal reached first (machine_arena_reach). The
   * owner's next allocation of number k takes it back; the call frees the rest when every
   * core has ended (machine_core_free_parked). On a machine whose cores can reach each other, `lock`
   * orders the owner's allocations and releases with the others' reaching. The subcores of a
   * SparseCore kernel, which tessera runs one after another on this core, each have their
   * own numbers (tsr_buffer.agent): lane a + 1 of `parked` is subcore a's, lane 0 the
   * buffers of agent -1. */
  struct park_lane {
    tsr_buffer **at;  /* at[k]: the parked buffer of number k */
    int n;            /* numbers below it may have a parked buffer */
    int cap;
  } *parked;
  int nlanes;
  pthread_mutex_t lock;
} machine_space_arena;

typedef struct machine_pending_dma {
  uint64_t id;
  tsr_ref src, dst;
  tsr_ref poison;     /* rank > 0: window filled with poison before the copy */
  bool machine_has_poison;
  tsr_ref sem;
  int64_t bytes;
  int64_t count;      /* what its completion adds to its semaphores (machine_dma_count) */
  bool copied;        /* data moved (eager mode: at start) */
  bool no_copy;       /* zero-copy view: signal, but move nothing */
  bool stream;        /* machine_dma_request.stream */
  bool late;          /* machine_dma_request.late, taken: the data moves when a wait retires it */
  uint8_t field_bits; /* machine_dma_request.field_bits */
  tsr_ref recv_sem;   /* a remote copy: the receive semaphore on the target (rank 0) */
  bool remote;
  bool far;           /* a remote copy to another process's device (machine_mesh_transport) */
  int target_device, target_core;
  tsr_dma_dir dir;
  int operand;
  int64_t step;
} machine_pending_dma;

/* A block the body sees as a view of HBM where a copying run would hand it a VMEM buffer
 * (zero-copy mode, read-only inputs): observers are told of the buffer (machine_core_emit). */
typedef struct machine_view_map {
  tsr_ref view, buffer;   /* the same shape and dtype */
} machine_view_map;

typedef struct machine_core {
  struct tsr_machine *m;
  int id;             /* the simulated core (what tpu.core_id and events say) */
  int index;          /* in the machine's cores: id for the chip's cores, then the stand-ins */
  machine_space_arena vmem, smem, sems;
  machine_pending_dma *dmas;  /* started and not yet waited for */
  int num_dmas, cap_dmas;
  uint64_t next_dma_id;
  uint64_t rng;
  int64_t step;       /* for events */
  /* The SparseCore subcore this core runs now (a SparseCore kernel's grid step: its index in
   * the mesh, row-major), whose scoped allocations it makes; -1 otherwise (tsr_buffer.agent). */
  int agent;
  int64_t step_base;  /* added to events' steps: a host split part's first step in order */
  int host_part;      /* the host split's host part it runs now (1..), or 0 */
  /* During a host split: the tape of the part it runs, where its events for the observers go
   * until the split stands (machine_split_tapes); NULL otherwise. */
  struct machine_tape *held;
  machine_view_map *views;    /* the views of the bodies running now (nested pipelines push theirs) */
  int num_views, cap_views;
  /* A run on many devices (mesh.c): the barriers this core has passed (1: the start, 2:
   * the end), whether it counts as running for deadlock detection, and its barrier
   * semaphore (Pallas's get_barrier_semaphore; rank 0, allocated per kernel). */
  int phase;
  int running;
  tsr_ref barrier_sem;
  /* atomic: while this core is blocked in a semaphore wait, 1 + the machine_sync.progress it
   * read before seeing its semaphore short; 0 when it is not blocked (deadlock detection) */
  uint64_t blocked_at;
} machine_core;

/* Cross-core coordination for waits: shared by every device of a mesh (mesh.c). */
typedef struct machine_sync {
  int active_cores;   /* atomic: cores running a kernel (all devices) */
  int waiting_cores;  /* atomic: cores blocked in a wait */
  uint64_t progress;  /* atomic: bumped by every signal, and by a core leaving a blocked wait */
  /* atomic: 1 + the progress at which every running core here was seen blocked (0: not
   * since the run began); another process's deadlock test reads it (src/mpi) */
  uint64_t all_blocked;
  uint64_t deadlock;  /* atomic: 1 + the progress at which a deadlock was found (0: none) */
  int abort_run;      /* atomic: a core failed; the others stop (one device only) */
  int mesh_run;       /* a run of every device at once (machine_run_devices) */
  int arrived[2];     /* atomic: cores past the start and the end barrier */
  int total_cores;    /* cores of all devices */
} machine_sync;

#define MACHINE_MAX_OBSERVERS 8
#define MACHINE_MAX_CORES 64
/* The most SparseCore subcores a kernel's mesh may have (machine_core.agent): a chip's SparseCores
 * times their subcores (v5p and TPU7x: 4 x 16). */
#define MACHINE_MAX_AGENTS 64

/* Devices in other processes (src/mpi): a transport under the mesh, set on the root by
 * tsr_mpi_attach. The mesh runs only the devices this process hosts; a remote copy or signal
 * to another process's device, the barriers, the deadlock test and the run's verdict go
 * through these hooks. NULL: every device is here (nothing changes). */
typedef struct machine_mesh_transport {
  bool (*is_local)(struct machine_mesh_transport *t, int device);
  /* Barrier `phase` across processes, after every core here has passed it; the first caller
   * of each phase does it, the others wait for it. */
  void (*barrier)(struct machine_mesh_transport *t, struct tsr_machine *root, int phase);
  /* After the devices here have ended: the barriers nobody here reached, then every
   * process's verdict (the worst status, everywhere; the joined messages, on process 0). */
  tsr_status (*run_end)(struct machine_mesh_transport *t, struct tsr_machine *root, tsr_status st, const char *msg);
  /* A remote copy's data and receive semaphore on another process's device (src and dst
   * named as the sender sees them); a remote signal there. */
  tsr_status (*copy)(struct machine_mesh_transport *t, struct machine_core *c, const tsr_ref *src, const tsr_ref *dst,
                     const tsr_ref *recv_sem, int device, int core, int64_t bytes);
  tsr_status (*signal)(struct machine_mesh_transport *t, struct machine_core *c, const tsr_ref *sem, int64_t amount, int device, int core);
  /* While core c waits on sem: what other processes added to it lands (true: something did). */
  bool (*poll)(struct machine_mesh_transport *t, struct machine_core *c, const tsr_ref *sem);
  /* For a deadlock report: what semaphore `sem` (as named here) holds on another process's
   * device and core, and who signalled it last (as machine_sem_note_signaller; 0: nobody). */
  bool (*peek)(struct machine_mesh_transport *t, struct machine_core *c, const tsr_ref *sem, int device, int core, int64_t *value,
               int *who);
  /* Whether every process's cores wait and nothing moves (a deadlock across processes). */
  bool (*all_stuck)(struct machine_mesh_transport *t, struct tsr_machine *root);
  void (*destroy)(struct machine_mesh_transport *t);
  /* A buffer of a core here allocated (after the allocation is complete) and released
   * (before its memory is reused): what a kernel allocates after its start (run_scoped) is
   * made reachable from other processes while it lives. */
  void (*allocated)(struct machine_mesh_transport *t, const struct tsr_buffer *buf);
  void (*released)(struct machine_mesh_transport *t, const struct tsr_buffer *buf);
} machine_mesh_transport;

/* A StableHLO program over MPI processes (tsr_mpi_share_results, src/mpi/events.c): the graph
 * runs whole in every process, its kernels on the devices hosted here; after a kernel call,
 * every device's results are made whole in every process, from the process hosting it.
 * NULL: nothing to share. */
typedef struct machine_mesh_share {
  tsr_status (*results)(struct machine_mesh_share *s, const tsr_ref *const *results, int num_results);
  void (*destroy)(struct machine_mesh_share *s); /* collective */
} machine_mesh_share;

typedef struct machine_worker_pool machine_worker_pool;
typedef struct machine_helper_pool machine_helper_pool;

struct tsr_machine {
  tsr_chip chip;
  tsr_machine_options opts;
  int num_cores;
  machine_core *cores;    /* the chip's cores, then the stand-ins (machine_stand_in) */
  int num_stand_ins;  /* cores that host parts of a host split run on (machine_stand_in) */
  tsr_observer observers[MACHINE_MAX_OBSERVERS];
  int num_observers;
  machine_worker_pool *pool;
  machine_helper_pool *helpers; /* atomic; started on first use (helpers.c) */
  int num_helpers;      /* host threads the helpers may use; 0: none */
  pthread_mutex_t helpers_lock;
  /* cross-core coordination for semaphore waits: own_sync, or the mesh's (the root's) */
  machine_sync own_sync;
  machine_sync *sync;
  /* Many chips (mesh.c): this machine is device `device` of the mesh whose first device is
   * `root`; the root holds every device's machine (devices[0] is itself). */
  int device, num_devices;
  int mesh_rank;
  int64_t mesh_shape[TSR_MAX_MESH_RANK];
  struct tsr_machine *root;
  struct tsr_machine **devices;
  /* The HBM operands of the call running now (inputs then outputs), by which a remote copy
   * finds the same operand on another device; set before the start barrier. */
  const tsr_ref *hbm;
  int num_hbm;
  machine_mesh_transport *transport; /* the root's: devices in other processes (src/mpi); NULL: none */
  machine_mesh_share *share;         /* the root's: a graph run in every process (src/mpi); NULL: none */
  pthread_mutex_t warn_lock;
  char *warnings;
  size_t warnings_len;
  uint64_t printed[64];   /* hashes of the warnings printed (each is printed once) */
  int num_printed;
  bool no_data;       /* the running call's DMAs into VMEM and HBM move nothing (tsr_call_desc) */
  struct machine_tape *split_tapes; /* machine_split_tapes: one per part of the largest split yet */
  int num_split_tapes;
};

/* Stand-in i (1..num_stand_ins; index num_cores + i - 1) runs host parts of a host split
 * (host_split.c), one after another: parts of a core's grid steps, on a host CPU the cores
 * leave idle, as that core (id: the core's, set by each split). As many as the host threads
 * that may claim parts (the cores' and the helpers') less one; none without helpers (-1). */
static inline machine_core *machine_stand_in(struct tsr_machine *m, int i) { return &m->cores[m->num_cores + i - 1]; }
/* The chip's cores and the stand-ins: the range of machine_core.index, for per-core state of a
 * run that host parts need too. */
static inline int machine_cores_total(const struct tsr_machine *m) { return m->num_cores + m->num_stand_ins; }

/* ---- events ---- */
static inline bool machine_core_observed(const machine_core *c) { return c->m->num_observers > 0; }

/* Whether the byte spans of two refs overlap (a strided ref's span takes in the gaps). */
static inline bool machine_spans_overlap(const tsr_ref *a, const tsr_ref *b) {
  uintptr_t alo, ahi, blo, bhi;
  tsr_ref_span(a, &alo, &ahi);
  tsr_ref_span(b, &blo, &bhi);
  return alo < bhi && blo < ahi;
}
/* Emits ev to every observer; the refs of DMA and ACCESS events that fall inside a pushed
 * view are told as the buffer's (src_data keeps where a DMA's source bytes really are). */
void machine_core_emit(machine_core *c, tsr_event *ev);
/* While a body runs, the blocks it sees as views: push them (false: out of host memory, and
 * observers see the views), and release down to the count before the body. */
bool machine_core_push_view(machine_core *c, const tsr_ref *view, const tsr_ref *buffer);
static inline void machine_core_pop_views_to(machine_core *c, int count) { c->num_views = count; }
/* r as the buffer's ref when it lies inside a pushed view (a VMEM or SMEM ref only: an HBM
 * ref of the same array means HBM). */
bool machine_core_view_as_buffer(const machine_core *c, const tsr_ref *r, tsr_ref *out);
/* Whether an observer reads the bytes output DMAs carry (tsr_observer.reads_output_data). */
bool machine_observers_read_output_data(const tsr_machine *m);
bool machine_observers_report_races(const tsr_machine *m);
/* Whether an observer reads more than the schedule (tsr_observer.schedule_only): the body's
 * accesses, DMA landings, bytes or addresses. */
bool machine_observers_see_data(const tsr_machine *m);
/* Whether an observer reads events of this kind (tsr_observer.ignored_kinds). */
bool machine_observers_read_kind(const tsr_machine *m, tsr_event_kind kind);
/* The host split and the observers: they take a split's events from the parts' tapes once the
 * split stands, in the order of the run in order (host_split.c splices them). The tapes of
 * `parts` parts, emptied (NULL: out of host memory); an event from a tape to the observers. */
struct machine_tape *machine_split_tapes(tsr_machine *m, int parts);
void machine_emit_held(tsr_machine *m, const tsr_event *ev);
/* The observer whose digests a split's parts keep instead of the events it reads: the
 * machine's only one, when it makes them (tsr_observer.digest); NULL: none. */
const tsr_observer *machine_digesting_observer(const tsr_machine *m);
/* Whether ev is a DMA that carries poison to HBM: its source holds the poison pattern of its
 * dtype where it starts (the first such element in `at`). What the poison checker looks for,
 * found as the DMA starts: a host split's part notes it on its tape for the checkers, which
 * see the part's events only after its buffers are gone. */
bool machine_output_poison(const tsr_event *ev, int64_t *at);
void machine_warn(tsr_machine *m, const char *fmt, ...) TSR_PRINTF(2, 3);
void machine_vwarn(tsr_machine *m, const char *fmt, va_list ap);
void machine_clear_warnings(tsr_machine *m);

/* ---- memory ---- */
/* Allocates `bytes` in a space of core c (VMEM, SMEM or semaphore memory), 64-byte aligned,
 * poisoned (semaphores zeroed). `limit` caps the space's use (0: capacity). */
tsr_status machine_core_alloc(machine_core *c, tsr_space space, size_t bytes, int64_t limit, const char *what,
                      tsr_buffer **out);
/* The same without the poison (semaphores are still zeroed): for a buffer that may never be
 * touched, whose owner calls machine_core_fill_fresh before anything writes or reads it. */
tsr_status machine_core_alloc_unfilled(machine_core *c, tsr_space space, size_t bytes, int64_t limit, const char *what,
                               tsr_buffer **out);
/* Writes what fresh memory holds: poison (0xFF bytes), zeros in semaphore memory. */
void machine_core_fill_fresh(tsr_buffer *b);
/* Frees the host memory an arena keeps for reuse (released buffers). */
void machine_core_drop_kept(machine_core *c, tsr_space space);
/* Frees the most recent allocations down to `count` live buffers (stack discipline). */
void machine_core_release_to(machine_core *c, tsr_space space, int count);
/* The same for the end of a scope (run_scoped): the buffers are parked at their numbers,
 * where other cores and devices still reach them (machine_space_arena.parked). */
void machine_core_park_to(machine_core *c, tsr_space space, int count);
/* After a call, when no core runs it any more: frees the parked buffers of every space. With
 * `check`, fails (naming it) when a parked semaphore holds a count: a signal its owner never
 * waited for. */
tsr_status machine_core_free_parked(machine_core *c, bool check);
machine_space_arena *machine_core_arena(machine_core *c, tsr_space space);
void machine_arena_init(machine_space_arena *a, tsr_space space, int64_t capacity);
/* The seq-th live allocation of an arena another thread may be growing (NULL past its end). */
tsr_buffer *machine_arena_buffer_at(const machine_space_arena *a, int seq);
/* What another core's copy or signal reaches as allocation `seq` of `bytes` bytes on core c
 * (owned by another thread): the live buffer, else the one parked at that number, else a
 * fresh one parked there for the owner's allocation to take. NULL when the number's buffer
 * has another size, or out of host memory. */
tsr_buffer *machine_arena_reach(machine_core *c, tsr_space space, int agent, int seq, size_t bytes);
/* The address on core `target` that corresponds to `data` on the core owning `buf`, and that
 * buffer there (machine_arena_reach). */
char *machine_core_translate(tsr_machine *m, const tsr_buffer *buf, const char *data, int target, tsr_buffer **there);

/* ---- data movement ---- */
/* Fills a window with the poison pattern of its dtype (NaN for floats). */
void machine_fill_poison(const tsr_ref *r);
/* True when some element of r holds the poison pattern of its dtype. */
bool machine_has_poison(const tsr_ref *r);
/* The same, and the index of the first such element (r->rank entries) when `first`. */
bool machine_find_poison(const tsr_ref *r, int64_t *first);

typedef struct machine_dma_request {
  const tsr_ref *src, *dst;   /* equal shapes: the part that really moves */
  const tsr_ref *poison;      /* optional: filled with poison first (edge blocks) */
  const tsr_ref *sem;         /* rank-0 DMA semaphore (or regular one, TPU v6 and later) */
  int64_t bytes;              /* what a DMA semaphore counts (tile-rounded for edge blocks) */
  bool no_copy;               /* the destination is already a view of the source */
  bool stream;                /* the destination is not read again soon: the host copy may
                               * bypass the cache (strided_copy_stream); the same bytes */
  /* Nothing writes the source, nor reads or writes the destination, between the start and
   * the wait that retires this DMA: in eager mode with no observer that sees data
   * (tsr_observer.schedule_only), the host copy may move to that wait (an input's bytes then
   * land in the cache just before they are used; an output's move beside the next step's
   * inputs, move_late in dma.c). The semaphore, the counts and the events stay at the start,
   * but for the DMA_DONE, which comes at the wait. */
  bool late;
  /* Sub-byte fields (4: int4): one side is bytes (U8) that each hold 8 / field_bits fields,
   * the lowest first; the other holds a field a byte (I4 sign-extended as host arrays hold
   * int4, else zero-extended). Both have one shape, whose second-minor dimension counts the
   * fields of a byte: the packed side's stride there is 0 (every field of one byte), and
   * which field an element is, is its index in that dimension. 0: a plain copy. */
  uint8_t field_bits;
  /* A remote copy (mesh.c): dst lies on another core or device, whose receive semaphore is
   * recv_sem (as found there); sem is the send semaphore on the source. NULL: local. */
  const tsr_ref *recv_sem;
  int target_device, target_core;
  bool far;                   /* the target is in another process: dst, recv_sem as named here */
  tsr_dma_dir dir;
  int operand;
  const int64_t *block;
  int rank;
  const char *name;
  const char *loc;            /* a kernel's own copy: the op that started it (for observers) */
} machine_dma_request;

tsr_status machine_core_dma_start(machine_core *c, const machine_dma_request *r);
/* Waits until the DMA semaphore holds `bytes`, then subtracts them. */
tsr_status machine_core_dma_wait(machine_core *c, const tsr_ref *sem, int64_t bytes, const char *name,
                         int operand);
/* A semaphore's identity across cores: the k-th allocation is the k-th on every core, so
 * (core, allocation, offset) names the semaphore a signal to another core reaches (with the
 * SparseCore subcore whose scoped allocation it is). Refs
 * outside the machine's memory are named by address. */
/* The same semaphore on `device`: a signal or remote copy to a device of another MPI process
 * names its namesake here (the allocation with the same sequence number and offset). */
static inline uint64_t machine_sem_identity_on(const tsr_ref *sem, int device, int core) {
  if (!sem) return 0;
  if (!sem->buf) return (uint64_t)(uintptr_t)sem->data;
  uint64_t off = (uint64_t)(sem->data - sem->buf->base); /* a semaphore allocation is far under 2^24 bytes */
  uint64_t who = (uint64_t)device * MACHINE_MAX_CORES + (uint64_t)core; /* 11 bits */
  uint64_t agent = (uint64_t)(sem->buf->agent + 1) & 0x7f; /* a SparseCore subcore's own (tsr_buffer.agent) */
  return (1ull << 63) | (who << 52) | ((uint64_t)(sem->buf->seq & 0xfffff) << 32) | agent << 24 | (off & 0xffffff);
}
static inline uint64_t machine_sem_identity(const tsr_ref *sem, int core) {
  return machine_sem_identity_on(sem, sem && sem->buf ? sem->buf->device : 0, core);
}
/* What a finished DMA adds to its semaphore (and a remote copy's to its receive semaphore):
 * a DMA semaphore counts the bytes, and its wait (tpu.wait_dma) waits for them; a regular
 * semaphore, which a DMA may signal on TPU v6 and later, counts one per DMA, and a semaphore
 * wait (tpu.sem_wait, pl.semaphore_wait) of 1 waits for one DMA. */
static inline int64_t machine_dma_count(const tsr_ref *sem, int64_t bytes) {
  return sem && sem->dtype == TSR_SEM ? 1 : bytes;
}
tsr_status machine_core_sem_signal(machine_core *c, const tsr_ref *sem, int64_t amount, int target_core);
tsr_status machine_core_sem_wait(machine_core *c, const tsr_ref *sem, int64_t amount);
int64_t machine_core_sem_read(const tsr_ref *sem);
/* At kernel end: every DMA waited for. */
tsr_status machine_core_check_dmas_idle(machine_core *c);
/* Lands and retires the DMAs in flight whose semaphore is one of the semaphore array `sems`:
 * at the end of a kernel, those that signal a semaphore operand the call gives as an output,
 * which a later kernel waits for (tsr_block_spec, SEMAPHORE_MEM). */
void machine_core_settle_dmas(machine_core *c, const tsr_ref *sems);
/* Drops pending DMAs (after a failure). */
void machine_core_reset_dmas(machine_core *c);

/* ---- many chips (mesh.c) ---- */
/* Device d's machine (the root itself on a machine of one device). */
static inline struct tsr_machine *machine_mesh_device(struct tsr_machine *root, int d) { return root->devices ? root->devices[d] : root; }
/* The transport of c's mesh when `device` is in another process (NULL: it is here). */
static inline machine_mesh_transport *machine_mesh_far(const struct tsr_machine *m, int device) {
  machine_mesh_transport *t = m->root->transport;
  return t && !t->is_local(t, device) ? t : NULL;
}
/* Creates the other devices of a mesh root (m->num_devices > 1 set by tsr_machine_create). */
tsr_status machine_mesh_create_devices(tsr_machine *root, const tsr_machine_options *o);
void machine_mesh_destroy_devices(tsr_machine *root);
/* Runs fn(device machine, device, arg) for every device at once, each on its own thread
 * (device 0 on the caller's); one device: fn(m, 0, arg). A failure names its device; the
 * failures of several devices are joined. */
tsr_status machine_run_devices(tsr_machine *root, tsr_status (*fn)(tsr_machine *dm, int device, void *arg), void *arg);
/* In a run of every device: waits until every core of every device has passed barrier
 * `phase` (1: its scratch is allocated, before its first step; 2: its kernel is over, before
 * its memory is released), so that no remote copy or signal reaches memory that is not there.
 * No-op otherwise, and for a core past that barrier already. */
void machine_mesh_barrier(machine_core *c, int phase);
/* A core stops counting as running (deadlock detection), once. */
void machine_core_leave(machine_core *c);
/* Where ref r of core c lies on core `core` of device `device` (its HBM operand, or the
 * allocation with its sequence number): *target, *out (same shape and strides). */
tsr_status machine_mesh_remote_ref(machine_core *c, const tsr_ref *r, int device, int core, machine_core **target, tsr_ref *out,
                           const char *what);
tsr_status machine_core_remote_dma_start(machine_core *c, const tsr_ref *src, const tsr_ref *dst, const tsr_ref *send_sem,
                                 const tsr_ref *recv_sem, int device, int core);
tsr_status machine_core_sem_signal_device(machine_core *c, const tsr_ref *sem, int64_t amount, int device, int core);
/* Records who signalled a semaphore cell (deadlock reports). */
void machine_sem_note_signaller(const tsr_ref *sem, const machine_core *from);

/* ---- threads ---- */
/* Runs fn(core, arg) on every core at once (core 0 on the calling thread); returns the first
 * failure. Workers are created once per machine and spin between jobs. */
tsr_status machine_run_cores(tsr_machine *m, tsr_status (*fn)(machine_core *c, void *arg), void *arg);
machine_worker_pool *machine_worker_pool_create(tsr_machine *m, int workers);
/* A pool thread's wait for the next job (threads.c): spins about 200 us while *generation
 * equals seen and *quit is 0, then blocks on wake under lock (a poster bumps generation and
 * broadcasts under lock). With sleepers, the count of threads blocked, for a poster that only
 * takes the lock when somebody sleeps. Returns the new generation. */
uint64_t machine_wait_generation(const uint64_t *generation, const int *quit, uint64_t seen,
                                 pthread_mutex_t *lock, pthread_cond_t *wake, int *sleepers);
/* A spin-wait's pause. */
static inline void machine_cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}
void machine_worker_pool_destroy(machine_worker_pool *p);
/* Runs fn(arg, p) for every part p on the calling core's thread and the idle host helpers;
 * returns when all parts are done. */
void machine_parallel_for(tsr_machine *m, int parts, void (*fn)(void *arg, int part), void *arg);
void machine_helpers_destroy(tsr_machine *m);
/* Whether a machine_parallel_for posted now would find helpers to share it (none are busy
 * with another job, such as the host split's parts); a hint, not a reservation. */
bool machine_helpers_free(const tsr_machine *m);

#endif
