/* The timing model's insides, shared by its files: the per-core event logs, the HBM model, the
 * replay state, and the records the report and the trace are written from. */
#ifndef TSR_TIMING_INTERNAL_H
#define TSR_TIMING_INTERNAL_H

#include <pthread.h>

#include "tessera/timing.h"

#define TM_MAX_CORES 64
#define TM_INF 1e300

/* One observed event, reduced to what the model needs (the refs of an event die with it). */
typedef struct log_rec {
  uint8_t kind;        /* tsr_event_kind */
  uint8_t dir;         /* tsr_dma_dir */
  uint8_t via_hbm;     /* DMA: one side is in HBM */
  int16_t operand;
  int32_t name;        /* KERNEL_BEGIN: interned kernel name */
  int64_t step;
  int64_t bytes;       /* DMA_START: tile-rounded bytes; WAIT: bytes; SEM: amount; ALLOC: in use */
  int64_t nominal;     /* DMA_START: the bytes its semaphore counts */
  uint64_t key;        /* semaphore identity */
  double seconds;      /* BODY_END: body time */
  double flops;        /* BODY_END */
  double mxu_seconds;  /* BODY_END: flops at the MXU peak of their dtype */
} log_rec;

typedef struct rec_queue {
  log_rec *a;
  size_t head, len, cap;
} rec_queue;

struct sim_sem;

/* A DMA in the simulation, from its start until it has landed and a wait has claimed it. */
typedef struct sim_dma {
  struct sim_dma *next;   /* in its semaphore's queue, or the free list */
  struct sim_dma *queue_next; /* waiting for one of its core's DMA engines */
  struct sim_sem *sem;
  int core, waiter;       /* waiter: the core blocked on it, -1 none */
  int lane;               /* the DMA engine that moves it (its trace track) */
  uint8_t dir;
  int16_t operand;
  int64_t bytes, nominal;
  int64_t credit;         /* nominal bytes no wait has claimed yet */
  double start, arrive, done; /* its engine took it, its first byte came, it landed */
  double tag;             /* virtual-time finish tag (hbm.c) */
  bool landed, queued;    /* queued: still in its semaphore's queue */
} sim_dma;

/* A semaphore as the simulation sees it: DMAs started on it, its simulated value. */
typedef struct sim_sem {
  uint64_t key;
  int core;
  int32_t counter;        /* trace counter name, -1 until first traced */
  sim_dma *head, *tail;
  int64_t value;
  int blocked_core;       /* regular semaphores: a core waiting for `blocked_amount` */
  int64_t blocked_amount;
} sim_sem;

/* The chip's HBM: processor sharing among the DMAs in flight, by virtual time. A DMA arrives
 * `latency` after its engine starts it and then receives rate(t) bytes/s, the same for every
 * DMA in flight; it lands when the virtual time (bytes received per DMA since the start)
 * reaches its tag = virtual time at arrival + bytes. Arrivals are kept in time order (they
 * come nearly in order: a ring, sorted from its tail); transfers are a min-heap by tag. */
typedef struct hbm_model {
  double bw_core, bw_chip, latency;
  double now, vtime;
  int n;                          /* transfers in progress */
  int cores_active;               /* cores with a transfer in progress */
  int per_core[TM_MAX_CORES];
  sim_dma **arr;                  /* ring of arrivals */
  size_t arr_head, arr_len, arr_cap;
  sim_dma **heap;
  size_t heap_len, heap_cap;
  double busy_since, busy_seconds;
} hbm_model;

void hbm_init(hbm_model *h, const tsr_chip *chip);
void hbm_free(hbm_model *h);
bool hbm_start(hbm_model *h, sim_dma *d);   /* false: out of memory */
double hbm_next(const hbm_model *h);       /* time of the next arrival or landing */
/* Advances to the next event; returns the DMA that landed, or NULL for an arrival. */
sim_dma *hbm_step(hbm_model *h);

/* A core's DMA engines: each moves one DMA at a time, from its start (plus the latency to the
 * first byte) to its landing; DMAs issued while all are busy wait in order of issue. Any
 * per-link resource (an ICI link) can be modelled the same way, in front of its own server. */
#define TM_MAX_ENGINES 64
typedef struct engine_pool {
  int count, busy;
  bool in_use[TM_MAX_ENGINES];
  sim_dma *head, *tail;   /* waiting, oldest first */
  int64_t queued;         /* DMAs that had to wait */
} engine_pool;

/* engines.c: hands a DMA issued at `now` to a free engine (and the HBM) or queues it; false:
 * out of memory. engines_done frees the landed DMA's engine for the next one waiting. */
bool engines_submit(tsr_timing *t, engine_pool *p, sim_dma *d, double now);
bool engines_done(tsr_timing *t, engine_pool *p, const sim_dma *d);

typedef enum { CS_RUN, CS_WAIT_DMA, CS_WAIT_SEM, CS_WAIT_KERNEL } core_state;

typedef struct step_rec {
  int core;
  int64_t step;
  double begin, end, overhead, issue, stall, compute;
  int64_t bytes;
} step_rec;

typedef struct kernel_rec {
  int32_t name;
  int cores;
  double begin, end;
  int64_t steps, dmas, skipped, bytes_in, bytes_out, bytes_local, bytes_moved;
  double flops, mxu_seconds, compute, stall, overhead, issue, dma_active;
  step_rec *first;        /* the first report_steps steps */
  int nfirst;
} kernel_rec;

typedef struct core_sim {
  rec_queue q;
  bool seen;
  double clock;
  core_state state;
  int pending;            /* CS_WAIT_DMA: DMAs still to land */
  double wait_until;
  int64_t wait_bytes;
  uint64_t wait_key;
  sim_sem *blocked_sem;
  bool in_kernel;
  bool force_begin;       /* begin the next kernel without waiting for the others */
  int kernels_done;
  kernel_rec *k;          /* the kernel running, NULL outside */
  step_rec step;          /* the step running */
  bool in_step;
  double body_begin;
  int dma_inflight;
  double dma_active_since;
  engine_pool engines;
  int32_t vmem_counter;
  const char *last_name;  /* interning cache */
  int32_t last_name_id;
} core_sim;

typedef struct trace_rec {
  char ph;                /* 'X' or 'C' */
  int32_t tid;
  int32_t name;
  double ts, dur;
  int64_t arg;            /* X: step or bytes; C: value */
} trace_rec;

struct tsr_timing {
  tsr_chip chip;
  tsr_timing_options opts;
  int num_cores;
  pthread_mutex_t lock;
  /* simulation state from here on (tsr_timing_reset clears it) */
  core_sim cores[TM_MAX_CORES];
  hbm_model hbm;
  /* semaphores: open addressing by key */
  sim_sem **sems;
  size_t sems_cap, sems_len;
  /* DMA records: chunks and a free list */
  sim_dma **chunks;
  size_t nchunks;
  sim_dma *free_dmas;
  /* interned strings (kernel and counter names) */
  char **names;
  int32_t nnames, capnames;
  kernel_rec *kernels;
  int nkernels, capkernels;
  double last_kernel_end;
  trace_rec *trace;
  int64_t ntrace, captrace, trace_dropped;
  int64_t unmatched_waits;
  bool nomem;
};

/* cost_model.c: the MXU time of a body's flops at the peak rate of their types (what the
 * report's MXU fraction compares with) */
double tm_mxu_peak_seconds(const tsr_chip *chip, const tsr_cost *cost);
/* timing.c */
int32_t tm_intern(tsr_timing *t, const char *s);
sim_sem *tm_sem(tsr_timing *t, uint64_t key, int core);
sim_dma *tm_dma_new(tsr_timing *t);
void tm_dma_release(tsr_timing *t, sim_dma *d);
kernel_rec *tm_kernel(tsr_timing *t, int index);
void tm_advance(tsr_timing *t, bool flush);
/* replay.c */
void tm_process_record(tsr_timing *t, int core, const log_rec *r);
void tm_dma_landed(tsr_timing *t, sim_dma *d);
void tm_unblock_stuck(tsr_timing *t);
/* trace.c */
void tm_trace(tsr_timing *t, char ph, int32_t tid, int32_t name, double ts, double dur, int64_t arg);
int32_t tm_core_tid(int core);
int32_t tm_lane_tid(int core, int lane);

#endif
