/* Synthetic event streams shaped like the pipeline engine's (the pltpu.emit_pipeline schedule:
 * loop_body in the seed, JAX's jax/_src/pallas/mosaic/pipeline.py, README.md): per step, start
 * the next input blocks, wait for the current ones, run the body, start the output block when
 * it changes, wait for the previous output DMA.
 * Used by the timing and checker tests and the simulator benchmark. */
#ifndef TSR_TESTS_SYNTHETIC_PIPELINE_H
#define TSR_TESTS_SYNTHETIC_PIPELINE_H

#include <string.h>

#include "tessera/machine.h"

#define SYNTH_MAX_OPS 4

typedef struct synth_pipeline {
  const char *name;
  int core;
  int64_t steps;
  int n_in;
  int64_t in_shape[SYNTH_MAX_OPS][2];
  tsr_dtype in_dtype;
  int64_t out_shape[2];   /* one output */
  tsr_dtype out_dtype;
  int64_t out_every;      /* the output block changes every this many steps (0: 1) */
  int buffers;            /* 1 (Buffered(1): each wait right after its start) or 2 */
  tsr_cost cost;          /* per step */
  bool access_events;     /* emit TSR_EV_ACCESS for the body's blocks */
} synth_pipeline;

/* Fake addresses are enough: the observers read shapes, dtypes, spaces and addresses only.
 * Every core and slot gets its own VMEM and semaphore address range. */
typedef struct synth_state {
  int64_t sem_cells[SYNTH_MAX_OPS + 1][2];
} synth_state;

/* HBM block `index` of an operand, and VMEM buffer slot `slot` of it. */
static inline uintptr_t synth_hbm_addr(int core, int op, int64_t index, int64_t bytes) {
  return ((uintptr_t)(core + 1) << 44) + ((uintptr_t)(op + 1) << 38) + (uintptr_t)(index * bytes);
}
static inline uintptr_t synth_vmem_addr(int core, int op, int slot) {
  return ((uintptr_t)(core + 1) << 44) + ((uintptr_t)1 << 43) + ((uintptr_t)op << 36) +
         ((uintptr_t)slot << 32);
}

static inline void synth_emit(const tsr_observer *o, tsr_event *ev) {
  o->on_event(o->user, ev);
}

static inline tsr_ref synth_ref(uintptr_t addr, tsr_dtype dt, tsr_space sp, const int64_t *shape) {
  return tsr_ref_dense((void *)addr, dt, sp, 2, shape);
}

static inline void synth_dma(const tsr_observer *o, const synth_pipeline *p, int64_t step,
                             int64_t block, uint64_t *ids, int op, int slot, bool out,
                             tsr_ref *sems) {
  const int64_t *shape = out ? p->out_shape : p->in_shape[op];
  tsr_dtype dt = out ? p->out_dtype : p->in_dtype;
  int64_t bytes = shape[0] * shape[1] * (int64_t)tsr_dtype_size(dt);
  tsr_ref hbm = synth_ref(synth_hbm_addr(p->core, op, block, bytes), dt, TSR_HBM, shape);
  tsr_ref vmem = synth_ref(synth_vmem_addr(p->core, op, slot), dt, TSR_VMEM, shape);
  tsr_event ev = {.kind = TSR_EV_DMA_START, .core = p->core, .step = step, .dma_id = ++*ids,
                  .dir = out ? TSR_DMA_OUT : TSR_DMA_IN, .src = out ? &vmem : &hbm,
                  .dst = out ? &hbm : &vmem, .sem = &sems[slot], .bytes = bytes, .operand = op};
  synth_emit(o, &ev);
}

static inline void synth_wait(const tsr_observer *o, const synth_pipeline *p, int64_t step,
                              int op, bool out, const tsr_ref *sem) {
  const int64_t *shape = out ? p->out_shape : p->in_shape[op];
  tsr_dtype dt = out ? p->out_dtype : p->in_dtype;
  tsr_event ev = {.kind = TSR_EV_DMA_WAIT_BEGIN, .core = p->core, .step = step, .sem = sem,
                  .bytes = shape[0] * shape[1] * (int64_t)tsr_dtype_size(dt), .operand = op};
  synth_emit(o, &ev);
  ev.kind = TSR_EV_DMA_WAIT_END;
  synth_emit(o, &ev);
}

static inline void synth_access(const tsr_observer *o, const synth_pipeline *p, int64_t step,
                                int op, int slot, bool out) {
  const int64_t *shape = out ? p->out_shape : p->in_shape[op];
  tsr_dtype dt = out ? p->out_dtype : p->in_dtype;
  tsr_ref vmem = synth_ref(synth_vmem_addr(p->core, op, slot), dt, TSR_VMEM, shape);
  tsr_event ev = {.kind = TSR_EV_ACCESS, .core = p->core, .step = step, .dst = &vmem,
                  .write = out, .operand = op, .loc = out ? "body store" : "body load"};
  synth_emit(o, &ev);
}

/* Emits one kernel run of the pipeline on p->core. */
static inline void synth_run(const tsr_observer *o, const synth_pipeline *p) {
  static synth_state st[64];
  synth_state *s = &st[p->core & 63];
  tsr_ref sems[SYNTH_MAX_OPS + 1][2];
  for (int op = 0; op <= SYNTH_MAX_OPS; op++)
    for (int sl = 0; sl < 2; sl++)
      sems[op][sl] = tsr_ref_dense(&s->sem_cells[op][sl], TSR_DMA_SEM, TSR_SEMAPHORE_MEM, 0, NULL);
  int out_op = SYNTH_MAX_OPS;
  int64_t out_every = p->out_every > 0 ? p->out_every : 1;
  bool dbl = p->buffers >= 2;
  uint64_t ids = 0;
  tsr_event ev = {.kind = TSR_EV_KERNEL_BEGIN, .core = p->core, .step = -1, .name = p->name, .operand = -1};
  synth_emit(o, &ev);
  if (dbl)
    for (int op = 0; op < p->n_in; op++) synth_dma(o, p, 0, 0, &ids, op, 0, false, sems[op]);
  int64_t outs = 0;
  bool out_pending = false;
  for (int64_t s_ = 0; s_ < p->steps; s_++) {
    int slot = dbl ? (int)(s_ & 1) : 0;
    int64_t gi[1] = {s_};
    ev = (tsr_event){.kind = TSR_EV_STEP_BEGIN, .core = p->core, .step = s_, .rank = 1, .index = gi, .operand = -1};
    synth_emit(o, &ev);
    for (int op = 0; op < p->n_in; op++) {
      if (dbl && s_ + 1 < p->steps) synth_dma(o, p, s_, s_ + 1, &ids, op, 1 - slot, false, sems[op]);
      if (!dbl) synth_dma(o, p, s_, s_, &ids, op, 0, false, sems[op]);
      synth_wait(o, p, s_, op, false, &sems[op][slot]);
    }
    ev = (tsr_event){.kind = TSR_EV_BODY_BEGIN, .core = p->core, .step = s_, .operand = -1};
    synth_emit(o, &ev);
    int oslot = dbl ? (int)(outs & 1) : 0;
    if (p->access_events) {
      for (int op = 0; op < p->n_in; op++) synth_access(o, p, s_, op, slot, false);
      synth_access(o, p, s_, out_op, oslot, true);
    }
    ev = (tsr_event){.kind = TSR_EV_BODY_END, .core = p->core, .step = s_, .cost = &p->cost, .operand = -1};
    synth_emit(o, &ev);
    if ((s_ + 1) % out_every == 0 || s_ + 1 == p->steps) {
      synth_dma(o, p, s_, outs, &ids, out_op, oslot, true, sems[out_op]);
      if (!dbl) synth_wait(o, p, s_, out_op, true, &sems[out_op][0]);
      if (dbl && out_pending) synth_wait(o, p, s_, out_op, true, &sems[out_op][1 - oslot]);
      out_pending = dbl;
      outs++;
    }
    ev = (tsr_event){.kind = TSR_EV_STEP_END, .core = p->core, .step = s_, .operand = -1};
    synth_emit(o, &ev);
  }
  if (out_pending) synth_wait(o, p, p->steps, out_op, true, &sems[out_op][(outs - 1) & 1]);
  ev = (tsr_event){.kind = TSR_EV_KERNEL_END, .core = p->core, .step = -1, .operand = -1};
  synth_emit(o, &ev);
}

#endif
