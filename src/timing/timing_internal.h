/* The timing model's insides, shared by its files: the per-core event logs, the HBM model, the
 * replay state, and the records the report and the trace are written from. */
#ifndef TSR_TIMING_INTERNAL_H
#define TSR_TIMING_INTERNAL_H

#include <pthread.h>

#include "tessera/timing.h"

#define TM_MAX_CORES 64
#define TM_MAX_DEVICES 32
#define TM_MAX_HOPS 16                  /* a dimension-order route on a torus of 32 devices */
#define TM_MAX_LINKS (TM_MAX_DEVICES * 6) /* one each way per torus dimension (at most 3) */
#define TM_INF 1e300

/* One observed event, reduced to what the model needs (the refs of an event die with it). */
typedef struct tm_log_rec {
  uint8_t kind;        /* tsr_event_kind */
  uint8_t dir;         /* tsr_dma_dir */
  uint8_t via_hbm;     /* DMA: one side is in HBM */
  uint8_t regular;     /* DMA_START: it signals regular semaphores, by 1 (machine_dma_count) */
  int16_t operand;
  int16_t target;      /* a remote copy's DMA_START, a SEM_SIGNAL: the (model) core it reaches;
                          -1 local */
  int32_t name;        /* KERNEL_BEGIN: interned kernel name */
  int64_t step;
  int64_t bytes;       /* DMA_START: tile-rounded bytes; WAIT: bytes; SEM: amount; ALLOC: in use */
  int64_t nominal;     /* DMA_START: the bytes its semaphore counts */
  uint64_t key;        /* semaphore identity */
  uint64_t recv_key;   /* a remote copy: its receive semaphore's identity */
  double seconds;      /* BODY_END: body time */
  double flops;        /* BODY_END */
  double mxu_seconds;  /* BODY_END: flops at the MXU peak of their dtype */
} tm_log_rec;

typedef struct tm_rec_queue {
  tm_log_rec *a;
  size_t head, len, cap;
} tm_rec_queue;

struct tm_sim_sem;

/* A DMA in the simulation, from its start until it has landed and a wait has claimed it. */
typedef struct tm_sim_dma {
  struct tm_sim_dma *next;   /* in its semaphore's queue, or the free list */
  struct tm_sim_dma *queue_next; /* waiting for one of its core's DMA engines */
  struct tm_sim_sem *sem;
  struct tm_sim_dma *twin;   /* a remote copy: its record on the receive semaphore (lands with it) */
  int core, waiter;       /* waiter: the core blocked on it, -1 none */
  int device;             /* the device whose HBM it crosses, or whose ICI links it leaves */
  int lane;               /* the DMA engine that moves it (its trace track) */
  uint8_t dir;
  int16_t operand;
  int64_t bytes, nominal;
  int64_t credit;         /* nominal bytes no wait has claimed yet */
  double start, arrive, done; /* its engine took it, its first byte came, it landed */
  double tag;             /* virtual-time finish tag (hbm.c) */
  bool landed, queued;    /* queued: still in its semaphore's queue */
  bool regular;           /* it signals a regular semaphore, by 1, which no DMA wait claims */
  /* ICI (ici.c): a copy or a signal to another device crosses the links of its route */
  bool ici, signal, arrived;
  int nhops;
  int16_t route[TM_MAX_HOPS];
  double remaining, rate; /* bytes still to move once arrived, and the rate now */
} tm_sim_dma;

/* A semaphore as the simulation sees it: DMAs started on it, its simulated value. */
typedef struct tm_sim_sem {
  uint64_t key;
  int core;
  int32_t counter;        /* trace counter name, -1 until first traced */
  tm_sim_dma *head, *tail;
  int64_t value;
  int blocked_core;       /* regular semaphores: a core waiting for `blocked_amount` */
  int64_t blocked_amount;
  int dma_blocked_core;   /* DMA semaphores: a core whose wait needs DMAs not started yet (a
                             remote copy from a device that is behind it in simulated time) */
} tm_sim_sem;

/* The chip's HBM: processor sharing among the DMAs in flight, by virtual time. A DMA arrives
 * `latency` after its engine starts it and then receives rate(t) bytes/s, the same for every
 * DMA in flight; it lands when the virtual time (bytes received per DMA since the start)
 * reaches its tag = virtual time at arrival + bytes. Arrivals are kept in time order (they
 * come nearly in order: a ring, sorted from its tail); transfers are a min-heap by tag. */
typedef struct tm_hbm_model {
  double bw_core, bw_chip, latency;
  double now, vtime;
  int n;                          /* transfers in progress */
  int cores_active;               /* cores with a transfer in progress */
  int per_core[TM_MAX_CORES];
  tm_sim_dma **arr;                  /* ring of arrivals */
  size_t arr_head, arr_len, arr_cap;
  tm_sim_dma **heap;
  size_t heap_len, heap_cap;
  double busy_since, busy_seconds;
} tm_hbm_model;

/* The ICI between devices: a torus of the mesh's shape (rank <= the chip's torus dimensions),
 * every link one way at `bw`. A transfer arrives hops x latency after it starts, then moves
 * at min over its route's links of bw / transfers on that link (recomputed at each arrival
 * and landing; transfers in flight are few: O(n) per event). */
typedef struct tm_ici_model {
  int devices, rank;
  int shape[3];
  double bw, latency, now;
  tm_sim_dma **flight;
  int n, cap;
  int users[TM_MAX_LINKS];
  double busy_since[TM_MAX_LINKS], busy[TM_MAX_LINKS];
  int64_t bytes[TM_MAX_LINKS];
} tm_ici_model;

/* ici.c */
tsr_status tm_ici_init(tm_ici_model *m, const tsr_chip *chip, int devices, int rank, const int64_t *shape);
void tm_ici_free(tm_ici_model *m);
int tm_ici_links(const tm_ici_model *m);
/* "device 0 -> 1 (dim 0 +)" */
void tm_ici_link_name(const tm_ici_model *m, int link, char *buf, size_t cap);
/* Fills d->route and d->nhops: dimension order, the shorter way round each ring. */
void tm_ici_route(const tm_ici_model *m, int from, int to, tm_sim_dma *d);
bool tm_ici_start(tm_ici_model *m, tm_sim_dma *d, double now); /* false: out of memory */
double tm_ici_next(const tm_ici_model *m);
/* Advances to the next event; returns the transfer that landed, or NULL for an arrival. */
tm_sim_dma *tm_ici_step(tm_ici_model *m);

void tm_hbm_init(tm_hbm_model *h, const tsr_chip *chip);
void tm_hbm_free(tm_hbm_model *h);
bool tm_hbm_start(tm_hbm_model *h, tm_sim_dma *d);   /* false: out of memory */
double tm_hbm_next(const tm_hbm_model *h);       /* time of the next arrival or landing */
/* Advances to the next event; returns the DMA that landed, or NULL for an arrival. */
tm_sim_dma *tm_hbm_step(tm_hbm_model *h);

/* A core's DMA engines: each moves one DMA at a time, from its start (plus the latency to the
 * first byte) to its landing; DMAs issued while all are busy wait in order of issue. Any
 * per-link resource (an ICI link) can be modelled the same way, in front of its own server. */
#define TM_MAX_ENGINES 64
typedef struct tm_engine_pool {
  int count, busy;
  bool in_use[TM_MAX_ENGINES];
  tm_sim_dma *head, *tail;   /* waiting, oldest first */
  int64_t queued;         /* DMAs that had to wait */
} tm_engine_pool;

/* engines.c: hands a DMA issued at `now` to a free engine (and the HBM) or queues it; false:
 * out of memory. tm_engines_done frees the landed DMA's engine for the next one waiting. */
bool tm_engines_submit(tsr_timing *t, tm_engine_pool *p, tm_sim_dma *d, double now);
bool tm_engines_done(tsr_timing *t, tm_engine_pool *p, const tm_sim_dma *d);

typedef enum { TM_CS_RUN, TM_CS_WAIT_DMA, TM_CS_WAIT_SEM, TM_CS_WAIT_KERNEL } tm_core_state;

typedef struct tm_step_rec {
  int core;
  int64_t step;
  double begin, end, overhead, issue, stall, compute;
  int64_t bytes;
} tm_step_rec;

typedef struct tm_kernel_rec {
  int32_t name;
  int cores;
  double begin, end;
  int64_t steps, dmas, skipped, bytes_in, bytes_out, bytes_local, bytes_moved;
  double flops, mxu_seconds, compute, stall, overhead, issue, dma_active;
  double ici_stall;       /* the part of `stall` spent waiting for ICI transfers */
  int64_t ici_copies, ici_bytes;
  tm_step_rec *first;        /* the first report_steps steps */
  int nfirst;
} tm_kernel_rec;

typedef struct tm_core_sim {
  tm_rec_queue q;
  bool seen;
  double clock;
  tm_core_state state;
  int pending;            /* TM_CS_WAIT_DMA: DMAs still to land */
  int64_t wait_need;      /* TM_CS_WAIT_DMA: bytes no started DMA covers yet (remote copies) */
  bool wait_ici;          /* what ends the wait came over ICI */
  double wait_until;
  int64_t wait_bytes;
  uint64_t wait_key;
  tm_sim_sem *blocked_sem;
  bool in_kernel;
  bool force_begin;       /* begin the next kernel without waiting for the others */
  int kernels_done;
  tm_kernel_rec *k;          /* the kernel running, NULL outside */
  tm_step_rec step;          /* the step running */
  bool in_step;
  double body_begin;
  int dma_inflight;
  double dma_active_since;
  tm_engine_pool engines;
  int32_t vmem_counter;
  const char *last_name;  /* interning cache */
  int32_t last_name_id;
} tm_core_sim;

/* Per device (many chips). */
typedef struct tm_device_sim {
  double compute, stall, ici_stall;
  int64_t copies_sent, bytes_sent, bytes_received, signals_sent;
} tm_device_sim;

typedef struct tm_trace_rec {
  char ph;                /* 'X' or 'C' */
  int32_t tid;
  int32_t name;
  double ts, dur;
  int64_t arg;            /* X: step or bytes; C: value */
} tm_trace_rec;

struct tsr_timing {
  tsr_chip chip;
  tsr_timing_options opts;
  int num_cores;          /* model cores: device x cores_per_device + core */
  int cores_per_device, num_devices;
  /* Held (tm_hold): the events go on this tape, not to the replay (the records of other MPI
   * processes join first); NULL: replayed as they come. */
  struct machine_tape *tape;
  int mesh_rank;
  int64_t mesh_shape[3];
  pthread_mutex_t lock;
  /* simulation state from here on (tsr_timing_reset clears it) */
  tm_core_sim cores[TM_MAX_CORES];
  tm_hbm_model hbm[TM_MAX_DEVICES]; /* each device's own */
  tm_ici_model ici;
  tm_device_sim devices[TM_MAX_DEVICES];
  /* semaphores: open addressing by key */
  tm_sim_sem **sems;
  size_t sems_cap, sems_len;
  /* DMA records: chunks and a free list */
  tm_sim_dma **chunks;
  size_t nchunks;
  tm_sim_dma *free_dmas;
  /* interned strings (kernel and counter names) */
  char **names;
  int32_t nnames, capnames;
  tm_kernel_rec *kernels;
  int nkernels, capkernels;
  double last_kernel_end;
  tm_trace_rec *trace;
  int64_t ntrace, captrace, trace_dropped;
  int64_t unmatched_waits;
  bool nomem;
};

/* cost_model.c: the MXU time of a body's flops at the peak rate of their types (what the
 * report's MXU fraction compares with) */
double tm_mxu_peak_seconds(const tsr_chip *chip, const tsr_cost *cost);
/* timing.c */
int32_t tm_intern(tsr_timing *t, const char *s);
tm_sim_sem *tm_sem(tsr_timing *t, uint64_t key, int core);
tm_sim_dma *tm_dma_new(tsr_timing *t);
void tm_dma_release(tsr_timing *t, tm_sim_dma *d);
tm_kernel_rec *tm_kernel(tsr_timing *t, int index);
void tm_advance(tsr_timing *t, bool flush);
bool tm_push(tm_rec_queue *q, const tm_log_rec *r);
/* timing.c: an event as the model's record of its model core (false: the model ignores it),
 * and the record taken into that core's queue (the caller holds t->lock). */
bool tm_rec_of(const tsr_timing *t, const tsr_event *ev, tm_log_rec *rec, int *model_core);
void tm_take(tsr_timing *t, int core, const tsr_event *ev, tm_log_rec *r);
/* merge.c: held, the model records its events on a tape (tm_tape) and replays nothing;
 * released, it takes in what the tape holds (other processes' events too: src/mpi/events.c). */
tsr_status tm_hold(tsr_timing *t, bool held);
struct machine_tape *tm_tape(tsr_timing *t);
/* replay.c */
void tm_process_record(tsr_timing *t, int core, const tm_log_rec *r);
void tm_dma_landed(tsr_timing *t, tm_sim_dma *d);
void tm_unblock_stuck(tsr_timing *t);
/* trace.c */
void tm_trace(tsr_timing *t, char ph, int32_t tid, int32_t name, double ts, double dur, int64_t arg);
int32_t tm_core_tid(int core);
int32_t tm_lane_tid(int core, int lane);
int32_t tm_link_tid(int link);
static inline int tm_device_of(const tsr_timing *t, int core) { return core / t->cores_per_device; }

#endif
