/* The many-chip example: a ring all-gather over N devices (`tessera demo ring`, --devices N).
 * Each device holds a (rows, cols) shard in HBM; the kernel copies its shard into its row
 * block of an (N * rows, cols) output, then N - 1 times sends the block it got last to the
 * right neighbour's output (a remote copy with a send and a receive semaphore) and waits for
 * the block from the left. Every device ends with the whole array: the plain C reference is
 * the shards stacked. The DMA plan printed is each device's remote and local copies, in order,
 * as the machine's events show them. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "cli/cli.h"
#include "cli/demo.h"

enum { RING_ROWS = 8, RING_COLS = 128 };

static int64_t wrap(int64_t i, int64_t n) { return ((i % n) + n) % n; }

/* Rows [slot * rows, (slot + 1) * rows) of a whole (N * rows, cols) ref. */
static tsr_ref row_block(const tsr_ref *whole, int64_t slot, int64_t rows) {
  tsr_ref r = *whole;
  r.data += slot * rows * whole->stride[0] * (int64_t)tsr_dtype_size(whole->dtype);
  r.shape[0] = rows;
  return r;
}

static tsr_status ring_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *out = tsr_ctx_out(c, 0);
  const tsr_ref *send = tsr_ctx_scratch(c, 0), *recv = tsr_ctx_scratch(c, 1);
  int64_t me = tsr_ctx_device_id(c), n = tsr_ctx_num_devices(c), rows = x->shape[0];
  tsr_ref mine = row_block(out, me, rows);
  TSR_TRY(tsr_sync_copy(c, x, &mine));
  for (int64_t k = 0; k < n - 1; k++) {
    tsr_ref block = row_block(out, wrap(me - k, n), rows), incoming = row_block(out, wrap(me - k - 1, n), rows);
    TSR_TRY(tsr_remote_copy_start(c, &block, &block, send, recv, (int)wrap(me + 1, n), -1));
    TSR_TRY(tsr_dma_wait(c, send, &block));
    TSR_TRY(tsr_dma_wait(c, recv, &incoming));
  }
  return TSR_OK;
}

/* The plan: every copy each device starts, with where its source and destination lie. */
typedef struct plan_line {
  int device, target;
  bool remote;
  int64_t src_slot, dst_slot, bytes;
} plan_line;

typedef struct ring_plan {
  pthread_mutex_t lock;
  plan_line lines[256];
  int n;
  const float *const *outs; /* each device's output, to name a destination's row block */
  const float *const *ins;
  int devices;
} ring_plan;

static int64_t slot_of(const ring_plan *p, const tsr_ref *r, int device) {
  const char *base = (const char *)p->outs[device];
  if (r->data >= base && r->data < base + (size_t)p->devices * RING_ROWS * RING_COLS * sizeof(float))
    return (r->data - base) / (ptrdiff_t)(RING_ROWS * RING_COLS * sizeof(float));
  return -1; /* the device's input shard */
}

static void plan_event(void *user, const tsr_event *ev) {
  ring_plan *p = user;
  if (ev->kind != TSR_EV_DMA_START) return;
  pthread_mutex_lock(&p->lock);
  if (p->n < 256)
    p->lines[p->n++] = (plan_line){ev->device, ev->target_device, ev->recv_sem != NULL, slot_of(p, ev->src, ev->device),
                                   slot_of(p, ev->dst, ev->target_device), ev->bytes};
  pthread_mutex_unlock(&p->lock);
}

static void print_plan(const ring_plan *p) {
  for (int d = 0; d < p->devices; d++) {
    fprintf(cli_out(), "  device %d:", d);
    int sends = 0, local = 0;
    for (int i = 0; i < p->n; i++) {
      const plan_line *l = &p->lines[i];
      if (l->device != d) continue;
      if (l->remote) {
        fprintf(cli_out(), " send out[%lld] -> device %d out[%lld];", (long long)l->src_slot, l->target, (long long)l->dst_slot);
        sends++;
      } else {
        fprintf(cli_out(), " copy x -> out[%lld];", (long long)l->dst_slot);
        local++;
      }
    }
    fprintf(cli_out(), " (%d local, %d remote copies of %d bytes)\n", local, sends, RING_ROWS * RING_COLS * 4);
  }
}

int cli_demo_ring(const cli_demo_opts *o) {
  cli_demo_opts mo = *o;
  if (!mo.devices) mo.devices = 4;
  mo.plan = false; /* the step printer would interleave the devices: the plan below is per device */
  int n = mo.devices;
  tsr_machine *m = cli_demo_machine(&mo, "v5e", 1);
  if (!m) return 1;
  float *ins[TSR_MAX_DEVICES], *outs[TSR_MAX_DEVICES];
  tsr_ref in_refs[TSR_MAX_DEVICES], out_refs[TSR_MAX_DEVICES];
  tsr_call_desc descs[TSR_MAX_DEVICES];
  tsr_call_stats stats[TSR_MAX_DEVICES];
  int64_t shard[2] = {RING_ROWS, RING_COLS}, whole[2] = {n * RING_ROWS, RING_COLS};
  long shard_n = RING_ROWS * RING_COLS;
  float *ref = malloc(sizeof(float) * (size_t)(n * shard_n));
  tsr_block_spec any = {.space = TSR_ANY};
  tsr_scratch_spec sems[2] = {{.space = TSR_SEMAPHORE_MEM, .dtype = TSR_DMA_SEM}, {.space = TSR_SEMAPHORE_MEM, .dtype = TSR_DMA_SEM}};
  for (int d = 0; d < n; d++) {
    ins[d] = malloc(sizeof(float) * (size_t)shard_n);
    outs[d] = malloc(sizeof(float) * (size_t)(n * shard_n));
    cli_demo_fill(ins[d], shard_n, 10 + (unsigned)d);
    if (ref) memcpy(ref + d * shard_n, ins[d], sizeof(float) * (size_t)shard_n);
    in_refs[d] = tsr_ref_dense(ins[d], TSR_F32, TSR_HBM, 2, shard);
    out_refs[d] = tsr_ref_dense(outs[d], TSR_F32, TSR_HBM, 2, whole);
    descs[d] = (tsr_call_desc){.name = "ring", .num_inputs = 1, .inputs = &in_refs[d], .in_specs = &any,
                               .num_outputs = 1, .outputs = &out_refs[d], .out_specs = &any, .num_scratch = 2,
                               .scratch = sems, .body = ring_body};
  }
  ring_plan plan = {.lock = PTHREAD_MUTEX_INITIALIZER, .outs = (const float *const *)outs,
                    .ins = (const float *const *)ins, .devices = n};
  tsr_observer obs = {.user = &plan, .on_event = plan_event};
  int rc = 1;
  if (tsr_machine_add_observer(m, &obs) != TSR_OK || tsr_pallas_call_devices(m, descs, stats) != TSR_OK) {
    fprintf(cli_out(), "%-11s FAIL  %s\n", "ring", tsr_last_error());
  } else {
    double worst = 0;
    for (int d = 0; d < n; d++) {
      double w = ref ? cli_demo_worst(outs[d], ref, n * shard_n) : 1;
      if (w > worst) worst = w;
    }
    if (o->plan) {
      fprintf(cli_out(), "ring all-gather of f32[%d,%d] shards over %d devices:\n", RING_ROWS, RING_COLS, n);
      print_plan(&plan);
    }
    tsr_call_stats all = {0};
    for (int d = 0; d < n; d++) all.steps += stats[d].steps, all.cores += stats[d].cores;
    rc = cli_demo_report("ring", worst == 0, worst, &all);
  }
  for (int d = 0; d < n; d++) {
    free(ins[d]);
    free(outs[d]);
  }
  free(ref);
  cli_demo_machine_done(m);
  return rc;
}
