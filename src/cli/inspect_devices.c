/* tessera inspect --devices N: the copies and signals of every device of a bare Mosaic kernel
 * run on N chips at once. A kernel that moves its own data (ANY operands, remote copies) has
 * no DMA plan before it runs, so the kernel runs once on the inputs given (global arrays,
 * split along their first dimension as `tessera run --devices` splits them) or on zeros, and
 * the plan is what every device's events show: each DMA it starts (local, or remote with the
 * device and core it writes to) and each signal it sends to another device, in order. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/grow.h"
#include "core/status.h"
#include "cli/cli.h"
#include "cli/inspect_devices.h"

enum { SHOWN_PER_DEVICE = 16 };

typedef struct plan_entry {
  int device, target_device, target_core;
  bool remote, signal;
  int64_t bytes;
  char src[80], dst[80];
} plan_entry;

typedef struct device_plan {
  pthread_mutex_t lock;
  plan_entry *entries;
  int n, cap;
  bool nomem;
} device_plan;

/* "vmem f32[8,128]": the memory a copy reads or writes */
static void where(const tsr_ref *r, char *buf, size_t cap) {
  char d[64];
  snprintf(buf, cap, "%s %s", tsr_space_name(r->space), tsr_ref_describe(r, d, sizeof d));
}

static void on_event(void *user, const tsr_event *ev) {
  device_plan *p = user;
  bool signal = ev->kind == TSR_EV_SEM_SIGNAL && ev->target_device != ev->device;
  if (ev->kind != TSR_EV_DMA_START && !signal) return;
  pthread_mutex_lock(&p->lock);
  if (!GROW_ARRAY(p->entries, p->n, p->cap, 64)) {
    p->nomem = true;
    pthread_mutex_unlock(&p->lock);
    return;
  }
  plan_entry *e = &p->entries[p->n++];
  *e = (plan_entry){.device = ev->device, .target_device = ev->target_device, .target_core = ev->target_core,
                    .remote = ev->recv_sem != NULL, .signal = signal, .bytes = signal ? ev->amount : ev->bytes};
  if (!signal) {
    where(ev->src, e->src, sizeof e->src);
    where(ev->dst, e->dst, sizeof e->dst);
  }
  pthread_mutex_unlock(&p->lock);
}

static void print_plan(const device_plan *p, int devices, FILE *f) {
  for (int d = 0; d < devices; d++) {
    int local = 0, remote = 0, signals = 0, shown = 0;
    int64_t sent = 0;
    for (int i = 0; i < p->n; i++) {
      const plan_entry *e = &p->entries[i];
      if (e->device != d) continue;
      if (e->signal) signals++;
      else if (e->remote) remote++, sent += e->bytes;
      else local++;
    }
    fprintf(f, "  device %d: local copies %d, remote copies %d (%lld bytes), signals to other devices %d\n", d, local,
            remote, (long long)sent, signals);
    for (int i = 0; i < p->n; i++) {
      const plan_entry *e = &p->entries[i];
      if (e->device != d) continue;
      if (shown++ == SHOWN_PER_DEVICE) {
        fprintf(f, "    ... %d more\n", local + remote + signals - SHOWN_PER_DEVICE);
        break;
      }
      if (e->signal)
        fprintf(f, "    signal +%lld -> device %d core %d\n", (long long)e->bytes, e->target_device, e->target_core);
      else if (e->remote)
        fprintf(f, "    remote %s -> device %d core %d %s (%lld bytes)\n", e->src, e->target_device, e->target_core,
                e->dst, (long long)e->bytes);
      else
        fprintf(f, "    copy   %s -> %s (%lld bytes)\n", e->src, e->dst, (long long)e->bytes);
    }
  }
}

tsr_status cli_inspect_devices(tsr_hlo_program *p, tsr_machine *m, const tsr_array *given, int n_given, FILE *f) {
  int devices = tsr_machine_num_devices(m), want = tsr_hlo_num_inputs(p), n_out = tsr_hlo_num_outputs(p);
  if (want > 64 || n_out > 64) return tsr_fail(TSR_ERR_UNSUPPORTED, "more than 64 inputs or outputs");
  tsr_array zeros[64] = {{0}}, out[64] = {{0}};
  const tsr_array *in = given;
  tsr_status s = TSR_OK;
  if (!n_given) { /* global arrays: each device's shard stacked along the first dimension */
    for (int i = 0; i < want && s == TSR_OK; i++) {
      tsr_array t;
      if (!tsr_hlo_input_type(p, i, &t)) {
        s = tsr_fail(TSR_ERR_INVALID, "input %d's shape cannot be worked out from the kernel: give the inputs as .npy "
                     "files", i);
        break;
      }
      if (t.rank) t.shape[0] *= devices;
      s = tsr_array_alloc(&zeros[i], t.dtype, t.rank, t.shape);
    }
    in = zeros;
  }
  device_plan plan = {.lock = PTHREAD_MUTEX_INITIALIZER};
  tsr_observer obs = {.user = &plan, .on_event = on_event};
  if (s == TSR_OK) s = tsr_machine_add_observer(m, &obs);
  tsr_hlo_run_opts ro = {.machine = m};
  tsr_hlo_stats st;
  if (s == TSR_OK) s = tsr_hlo_run(p, &ro, in, n_given ? n_given : want, out, &st);
  tsr_machine_clear_observers(m);
  if (s == TSR_OK && plan.nomem) s = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  /* a run that failed (a deadlock, a bad remote copy) shows what each device did until then */
  if (s == TSR_OK || plan.n) {
    fprintf(f, "copies and signals per device (one run on %d devices, %s%s):\n", devices,
            n_given ? "the inputs given" : "zero inputs: a kernel whose copies depend on its data may differ",
            s == TSR_OK ? "" : "; the run failed, what came before");
    print_plan(&plan, devices, f);
  }
  free(plan.entries);
  for (int i = 0; i < want; i++) tsr_array_free(&zeros[i]);
  for (int i = 0; i < n_out; i++) tsr_array_free(&out[i]);
  return s;
}
