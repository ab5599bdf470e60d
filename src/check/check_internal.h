/* The checkers' shared state: findings, byte regions of refs, per-core DMAs in flight. */
#ifndef TSR_CHECK_INTERNAL_H
#define TSR_CHECK_INTERNAL_H

#include <pthread.h>

#include "core/status.h"
#include "tessera/check.h"

#define CK_MAX_CORES 64
#define CK_MAX_KEPT 100 /* findings kept with their message; later ones are only counted */

/* The bytes a ref's elements span, [lo, hi): exact for dense views, a superset for strided
 * ones (two strided views can share a span without sharing an element; both are then reported
 * as overlapping, which errs on the side of a report; ck_refs_overlap then looks closer). */
typedef struct ck_region {
  uintptr_t lo, hi;
} ck_region;

ck_region ck_ref_region(const tsr_ref *r);
static inline bool ck_regions_overlap(ck_region a, ck_region b) { return a.lo < b.hi && b.lo < a.hi; }
/* Whether the views share a byte, exactly (src/check/overlap.c): interleaved strided views
 * whose spans meet are told apart. */
bool ck_refs_overlap(const tsr_ref *a, const tsr_ref *b);

/* A DMA started and not yet waited for, as the race checker remembers it. */
typedef struct ck_flight {
  uint64_t id;
  ck_region src, dst;
  const char *sem;      /* semaphore address (identity only) */
  int64_t credit;       /* bytes no wait has claimed yet */
  /* what a report says about it (formatted only when there is a report) */
  tsr_dma_dir dir;
  bool read_back;       /* an input-direction pipeline copy of an output's block (a revisit) */
  int operand, rank;
  int64_t step;
  int64_t block[TSR_MAX_RANK];
  tsr_ref src_ref, dst_ref;
  uint64_t seq;         /* order of start within its core; the array keeps flights in this order */
  bool gone;            /* retired, its slot not yet reclaimed */
} ck_flight;

/* Spans of the DMAs in flight, indexed by address (spans.c), so that a start or an access
 * looks only at the DMAs whose spans meet its own. */
typedef struct ck_span_node {
  uintptr_t lo, hi, maxhi; /* maxhi: the largest hi in the subtree */
  uint64_t seq;
  uint32_t prio;
  int l, r;
} ck_span_node;
typedef struct ck_spans {
  ck_span_node *a;
  int n, cap, root, free_head;
  uint32_t rng;
} ck_spans;
typedef struct ck_seqs {
  uint64_t *a;
  int n, cap;
} ck_seqs;
bool ck_spans_add(ck_spans *s, ck_region r, uint64_t seq); /* false: out of memory */
void ck_spans_remove(ck_spans *s, ck_region r, uint64_t seq);
void ck_spans_clear(ck_spans *s);
void ck_spans_free(ck_spans *s);
/* Appends the seqs of the spans that meet q, in no particular order; false: out of memory. */
bool ck_spans_find(const ck_spans *s, ck_region q, ck_seqs *out);

/* The DMAs in flight are a[head..n) less the ones gone (live of them): a wait retires the
 * oldest, so retired slots are skipped from the front and reclaimed once they outnumber the
 * live ones, rather than moving every later flight at every wait. */
typedef struct ck_flights {
  ck_flight *a;
  int n, cap, head, live;
  uint64_t next_seq;
  bool indexed;         /* src_ix and dst_ix hold the live flights (only while there are many) */
  ck_spans src_ix, dst_ix;
  ck_seqs cand;         /* scratch: the DMAs a start or an access may meet */
} ck_flights;

/* Per-semaphore balance for one kernel run. */
typedef struct ck_sem_tally {
  uint64_t key;
  bool dma;
  int core;
  int64_t added, taken;   /* signals or DMA bytes; waits */
  char name[128];  /* "device 1 core 0 sem 2[0] of subcore 3" */
} ck_sem_tally;

struct ck_vc_state;
struct ck_sc_state;
typedef struct ck_log ck_log;

struct tsr_checker {
  unsigned checks;
  int num_cores;          /* all devices' */
  int num_devices, device_cores; /* many chips: events' cores become slots device * device_cores + core */
  struct ck_vc_state *vc;    /* many chips: happens-before across cores and devices (remote_race.c) */
  struct ck_sc_state *sub;   /* a SparseCore kernel's subcores' accesses of HBM (subcores.c) */
  pthread_mutex_t lock;   /* findings and the semaphore tallies (touched by several cores) */
  char **kept;
  int nkept, cap_kept, total;
  tsr_status first_status;
  ck_flights inflight[CK_MAX_CORES];
  bool race_linear;       /* tests and bench: look at every DMA in flight, not the index */
  ck_sem_tally *tallies;
  int ntallies, captallies;
  int ends;               /* KERNEL_ENDs since the last balance check */
  char kernel[64];
  /* Many chips: the events logged and replayed in one order (log.c); NULL on one device. */
  struct tsr_machine *machine;
  struct ck_log *log;
};

void ck_report(tsr_checker *ck, tsr_status s, const char *fmt, ...) TSR_PRINTF(3, 4);
/* The same when the caller holds ck->lock. */
void ck_report_locked(tsr_checker *ck, tsr_status s, const char *fmt, ...) TSR_PRINTF(3, 4);
void ck_race_event(tsr_checker *ck, const tsr_event *ev);
void ck_race_reset(tsr_checker *ck);
void ck_race_free(tsr_checker *ck);
void ck_sem_event(tsr_checker *ck, const tsr_event *ev);
void ck_sem_finish(tsr_checker *ck);   /* caller holds ck->lock */
/* A DMA that carries poison to HBM: scanned now, or for a replayed event (ev->replayed), what
 * was noted when it started (ev->poison_at; machine_output_poison). */
void ck_poison_event(tsr_checker *ck, const tsr_event *ev);
void ck_poison_report(tsr_checker *ck, const tsr_event *ev, const int64_t *at);
/* An event (cores as slots) to the enabled checks. */
void ck_dispatch(tsr_checker *ck, const tsr_event *ev);
/* Many chips (log.c): every device's events are recorded on an event tape (machine/tape.h:
 * an address as device, core, memory space, allocation and offset) and replayed through the checks in one
 * order that keeps every signal before the wait it releases: the same findings whatever the
 * threads' timing, and across MPI processes (src/mpi/events.c). */
tsr_status ck_log_create(tsr_checker *ck);
void ck_log_event(tsr_checker *ck, const tsr_event *ev);
/* Under MPI: held, the log waits for the others' (no replay after a call); its tape goes to
 * process 0 (src/mpi/events.c), whose log replays them all. */
void ck_log_hold(tsr_checker *ck, bool held);
struct machine_tape *ck_log_tape(tsr_checker *ck); /* NULL: one device (nothing recorded) */
void ck_log_settle(tsr_checker *ck);   /* replays what is logged (not while held) */
void ck_log_free(tsr_checker *ck);
void ck_log_clear(tsr_checker *ck);
/* Many chips: races through remote copies, found by happens-before (vector clocks). */
void ck_remote_event(tsr_checker *ck, const tsr_event *ev);
void ck_remote_free(tsr_checker *ck);
/* Races between the subcores of a SparseCore kernel (its grid steps, which a TPU runs at
 * once): the accesses of HBM recorded per subcore, compared when the kernel ends. */
tsr_status ck_sub_create(tsr_checker *ck);
void ck_sub_event(tsr_checker *ck, const tsr_event *ev);
void ck_sub_reset(tsr_checker *ck);
void ck_sub_free(tsr_checker *ck);
/* "core 2", or on many chips "device 1 core 0": a slot (tsr_checker.device_cores). */
const char *ck_core_name(const tsr_checker *ck, int slot, char *buf, size_t cap);
/* Where a kernel access is, for a finding: "at LOC" (its source location, the call-site chain);
 * for a C body's access, which the pipeline makes of a whole block it hands the body (no
 * location, the block's operand named), "to its whole out0 block (a C body is watched by its
 * blocks)"; else "at an unknown location". */
const char *ck_access_where(const char *loc, const char *block, char *buf, size_t cap);
/* "f32[16,256] at VMEM core 0" style description of a ref. */
char *ck_describe(const tsr_ref *r, char *buf, size_t cap);

#endif
