/* tessera timing model: a simulated TPU clock driven by the event stream of a run.
 *
 * An observer records each core's events; a discrete-event simulation replays them in
 * simulated-time order: every grid step costs a fixed overhead, every DMA an issue cost, a
 * turn on one of its core's DMA engines, a latency and its tile-rounded bytes at a share of
 * the HBM bandwidth streaming sustains (processor sharing among the DMAs in flight), every
 * kernel body the slowest of its MXU (matmul shapes padded to the systolic array, filled and
 * drained), VPU, EUP and VMEM load/store times plus its scalar work, and every wait stalls its
 * core until the DMAs it waits for have finished. The model, its parameters and their
 * sources, and how it compares with published measurements: docs/timing.md.
 *
 *   tsr_timing *t;
 *   tsr_timing_create(tsr_machine_chip(m), NULL, &t);
 *   tsr_timing_attach(t, m);          // adds the observer, learns the core count
 *   ... runs ...
 *   tsr_timing_report(t, stdout);     // or _write_json / _write_trace
 *   tsr_timing_destroy(t);            // after the machine stops running (or detach first)
 */
#ifndef TESSERA_TIMING_H
#define TESSERA_TIMING_H

#include <stdio.h>

#include "tessera/machine.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- the cost formulas (exposed for tests and docs) ---------------------------------- */

/* Seconds one kernel body takes on one TensorCore:
 *   max(mxu_seconds, vpu_ops / vpu_rate, transcendentals / eup_rate,
 *       vector_bytes / vmem_bw) + scalar_ops / (2 x clock). */
double tsr_timing_body_seconds(const tsr_chip *chip, const tsr_cost *cost);
/* Peak MXU rate for a matmul operand type (bf16, int8, f32, ...). */
double tsr_timing_mxu_rate(const tsr_chip *chip, tsr_dtype dtype);
/* Seconds the MXUs take for a body's matmuls: each shape padded to the systolic array and
 * spread over the MXUs, plus a fill and drain per matmul; flops without a shape at the peak
 * rate (docs/timing.md). */
double tsr_timing_mxu_seconds(const tsr_chip *chip, const tsr_cost *cost);
/* Bytes a DMA of this window moves: its two innermost dims rounded up to whole native tiles
 * ((8,128) of 32-bit words; (16,128) for 16-bit and (32,128) for 8-bit types). */
int64_t tsr_timing_tile_bytes(const tsr_ref *window);

/* ---- the model ----------------------------------------------------------------------- */

typedef struct tsr_timing tsr_timing;

typedef struct tsr_timing_options {
  int num_cores;          /* cores whose events arrive (0: 1); tsr_timing_attach sets it */
  bool trace;             /* keep the intervals for tsr_timing_write_trace */
  int64_t trace_limit;    /* at most this many trace records (0: 2,000,000); later ones are
                             counted, not kept */
  int report_steps;       /* steps per kernel detailed in the report (0: 8) */
} tsr_timing_options;

tsr_status tsr_timing_create(const tsr_chip *chip, const tsr_timing_options *opts,
                             tsr_timing **out);
void tsr_timing_destroy(tsr_timing *t);
/* The observer to add to a machine (tsr_machine_add_observer) or to feed by hand. */
tsr_observer tsr_timing_observer(tsr_timing *t);
/* Adds the observer to the machine and sizes the model to its cores; on a machine of many
 * chips, to its devices and mesh (the ICI torus), forgetting what was simulated before when
 * the device count or cores per device change. A model not attached sees device 0 only. */
tsr_status tsr_timing_attach(tsr_timing *t, tsr_machine *m);
/* Forgets everything simulated so far (the chip and options stay). */
void tsr_timing_reset(tsr_timing *t);

typedef struct tsr_timing_summary {
  double seconds;             /* simulated time of everything observed */
  int kernels;                /* kernel runs (a run on several cores counts once) */
  int64_t steps, dmas, dmas_skipped;
  int64_t dmas_queued;        /* DMAs that waited for one of their core's DMA engines */
  int64_t bytes_in, bytes_out, bytes_local; /* nominal bytes (what the semaphores count) */
  int64_t bytes_moved;        /* tile-rounded bytes that crossed HBM */
  double flops;
  double compute_seconds;     /* sum over cores of body time */
  double stall_seconds;       /* sum over cores of time blocked in waits */
  double step_overhead_seconds, dma_issue_seconds;
  double dma_active_seconds;  /* sum over cores of time with a DMA of that core in flight */
  double hbm_fraction;        /* nominal bytes / (seconds x peak HBM bandwidth of the cores
                                 used); streaming reaches chip.hbm_efficiency at most */
  double mxu_fraction;        /* flops / (seconds x peak of the cores used) */
  double overlap;             /* fraction of DMA-active time hidden behind other work */
  const char *verdict;        /* "HBM-bound", "compute-bound", "ICI-bound",
                                 "overhead-bound (per-step)", "overhead-bound (per-DMA)", "idle" */
  /* Many chips: the devices simulated, the copies and bytes that crossed ICI between them, and
   * the time cores waited for ICI (part of stall_seconds). */
  int devices;
  int64_t ici_copies, ici_bytes, ici_signals;
  double ici_stall_seconds;
} tsr_timing_summary;

/* Finishes the simulation of what was observed (cores that never sent events are ignored)
 * and summarises it. Call while no run is in progress. */
void tsr_timing_summarize(tsr_timing *t, tsr_timing_summary *out);
double tsr_timing_seconds(tsr_timing *t);
/* One kernel run of what was observed (i from 0 to the summary's `kernels` - 1), as the JSON
 * report's kernels_detail gives it. Finishes the simulation as tsr_timing_summarize does; call
 * while no run is in progress. `name` is borrowed until tsr_timing_reset or _destroy. */
typedef struct tsr_timing_kernel {
  const char *name;
  int cores;
  double begin_seconds, seconds; /* simulated */
  int64_t steps, dmas, dmas_skipped;
  int64_t bytes_in, bytes_out, bytes_local, bytes_moved;
  double flops;
  double compute_seconds, stall_seconds, step_overhead_seconds, dma_issue_seconds;
  const char *verdict;
} tsr_timing_kernel;
tsr_status tsr_timing_kernel_at(tsr_timing *t, int i, tsr_timing_kernel *out);
/* One device of a machine of many chips (d from 0 to the summary's `devices` - 1): when its
 * cores ended, their compute and stalls, what it sent and received over ICI, and its busiest
 * outgoing link. Finishes the simulation as tsr_timing_summarize does. */
typedef struct tsr_timing_device {
  double seconds;             /* the latest end of its cores */
  double compute_seconds, stall_seconds, ici_stall_seconds; /* sums over its cores */
  int64_t copies_sent, bytes_sent, bytes_received, signals_sent;
  double busiest_link_seconds; /* the most time one of its outgoing links carried data */
  int64_t busiest_link_bytes;
} tsr_timing_device;
tsr_status tsr_timing_device_at(tsr_timing *t, int d, tsr_timing_device *out);
/* Human-readable report: totals, per kernel, the first steps, verdict. */
tsr_status tsr_timing_report(tsr_timing *t, FILE *f);
/* JSON report (simulated_seconds, totals, kernels) to a file ("-": stdout). Files are written
 * to a temporary name and renamed, so a reader never sees half a file. */
tsr_status tsr_timing_write_json(tsr_timing *t, const char *path);
/* Chrome trace-event JSON (opens in Perfetto / chrome://tracing): one track per core and per
 * DMA engine, counters for semaphores and VMEM in use; on many chips a process per device and
 * one for the ICI links, a track per link. Needs options.trace. */
tsr_status tsr_timing_write_trace(tsr_timing *t, const char *path);

#ifdef __cplusplus
}
#endif
#endif
