/* The event tape (src/machine/tape.h): what a pipeline run emits, recorded, sent as bytes
 * and replayed, reads the same as the live events it was made from (kinds, steps, names,
 * counts, shapes, semaphore identities, costs); HBM refs are named by operand, not by host
 * address; a tape keeps only the kinds asked for; malformed or clashing bytes are refused. */
#include <pthread.h>
#include <stdlib.h>

#include "core/status.h"
#include "harness.h"
#include "pallas_util.h"
#include "machine/tape.h"
#include "tessera/pipeline.h"


typedef struct live {
  pthread_mutex_t lock; /* the devices' threads record at once; a tape has no lock of its own */
  machine_tape T;
  tsr_machine *m;
  char text[2][16384]; /* per device */
  size_t len[2];
  int events[2];
} live;

static void describe_ref(char *buf, size_t cap, const char *what, const tsr_ref *r) {
  if (!r) {
    snprintf(buf, cap, " %s:-", what);
    return;
  }
  snprintf(buf, cap, " %s:%s/%d/%lldx%lld", what, tsr_space_name(r->space), (int)r->dtype, (long long)r->shape[0],
           (long long)(r->rank > 1 ? r->shape[1] : 0));
}

/* One line of what a consumer reads of an event. */
static void describe(char *out, size_t cap, const tsr_event *ev) {
  char src[64], dst[64];
  describe_ref(src, sizeof src, "src", ev->src);
  describe_ref(dst, sizeof dst, "dst", ev->dst);
  snprintf(out, cap, "%d c%d d%d s%lld %s op%d #%llu b%lld a%lld r%d i%lld sem%llx%s%s sp%d f%g\n", (int)ev->kind,
           ev->core, ev->device, (long long)ev->step, ev->name ? ev->name : "-", ev->operand,
           (unsigned long long)ev->dma_id, (long long)ev->bytes, (long long)ev->amount, ev->rank,
           (long long)(ev->index && ev->rank ? ev->index[0] : -1),
           (unsigned long long)machine_sem_identity(ev->sem, ev->core), src, dst, (int)ev->space,
           ev->cost ? ev->cost->flops : -1.0);
}

static void on_event(void *user, const tsr_event *ev) {
  live *l = user;
  char line[256];
  describe(line, sizeof line, ev);
  pthread_mutex_lock(&l->lock);
  size_t n = strlen(line);
  int d = ev->device & 1;
  if (l->len[d] + n < sizeof l->text[d]) {
    memcpy(l->text[d] + l->len[d], line, n + 1);
    l->len[d] += n;
  }
  l->events[d]++;
  machine_tape_record(&l->T, l->m, ev, NULL);
  pthread_mutex_unlock(&l->lock);
}



/* Runs a three-step copy kernel on both devices of a two-chip machine with `l` observing (it
 * records every kind on its tape). */
static void run_kernel(live *l) {
  tsr_machine_options mo = {.chip = tsr_chip_get("v5e"), .num_cores = 1, .quiet = true, .num_devices = 2};
  CHECK_OK(tsr_machine_create(&mo, &l->m));
  tsr_observer obs = {.user = l, .on_event = on_event};
  CHECK_OK(tsr_machine_add_observer(l->m, &obs));
  static float x[2][32 * 128], o[2][32 * 128];
  tsr_ref in[2], out[2];
  tsr_block_spec spec = {.rank = 2, .block_shape = {8, 128}, .index_map = map_i0};
  tsr_call_desc d[2];
  for (int k = 0; k < 2; k++) {
    tsr_test_fill(x[k], 32 * 128, 3 + (unsigned)k);
    in[k] = tsr_ref_dense(x[k], TSR_F32, TSR_HBM, 2, (int64_t[]){32, 128});
    out[k] = tsr_ref_dense(o[k], TSR_F32, TSR_HBM, 2, (int64_t[]){32, 128});
    d[k] = (tsr_call_desc){.name = "tape", .grid_rank = 1, .grid = {3}, .num_inputs = 1, .inputs = &in[k],
                           .in_specs = &spec, .num_outputs = 1, .outputs = &out[k], .out_specs = &spec,
                           .body = copy_body_2d, .has_cost_estimate = true, .cost_estimate = {.flops = 300}};
  }
  CHECK_OK(tsr_pallas_call_devices(l->m, d, NULL));
  CHECK_EQ_INT(memcmp(x, o, sizeof x[0] * 3 / 4) == 0 && memcmp(x[1], o[1], sizeof x[1] * 3 / 4) == 0, 1);
}

/* Every record of a slot replayed, described as on_event describes the live events. */
static void replay_text(machine_tape *T, int slot, char *out, size_t cap, int *n) {
  size_t len = 0;
  *n = 0;
  out[0] = 0;
  for (size_t i = 0; i < T->slots[slot].n; i++) {
    tsr_event ev;
    machine_tape_event_refs refs;
    machine_tape_event(T, slot, i, &ev, &refs);
    char line[256];
    describe(line, sizeof line, &ev);
    size_t k = strlen(line);
    if (len + k < cap) {
      memcpy(out + len, line, k + 1);
      len += k;
    }
    (*n)++;
  }
}

static void test_round_trip(void) {
  live *l = calloc(1, sizeof *l);
  pthread_mutex_init(&l->lock, NULL);
  machine_tape_init(&l->T, ~0u, 1);
  run_kernel(l);
  CHECK(!l->T.nomem);
  for (int d = 0; d < 2; d++) {
    CHECK(l->events[d] > 20); /* begin, 3 steps of waits, copies and bodies, end, allocations */
    CHECK_EQ_INT((int)l->T.slots[d].n, l->events[d]);
  }

  /* HBM refs are named by device and operand of the call, not by the host's address */
  int hbm_dmas = 0;
  for (size_t i = 0; i < l->T.slots[1].n; i++) {
    const machine_tape_rec *r = &l->T.slots[1].recs[i];
    if (r->kind != TSR_EV_DMA_START || r->dir != TSR_DMA_IN) continue;
    const machine_tape_ref *src = &l->T.slots[1].refs[r->src];
    hbm_dmas++;
    CHECK(src->data >> 63 == 1 && !src->has_buf);
    CHECK_EQ_INT((int)((src->data >> 52) & 0x7ff), 1 * MACHINE_MAX_CORES + 0); /* device 1, core 0 */
  }
  CHECK_EQ_INT(hbm_dmas, 3);

  /* through bytes into another tape: the same events */
  char *bytes;
  size_t len;
  CHECK_OK(machine_tape_export(&l->T, &bytes, &len));
  CHECK_EQ_INT((int)(l->T.slots[0].n + l->T.slots[1].n), 0); /* exported: forgotten here */
  machine_tape other;
  machine_tape_init(&other, ~0u, 1);
  CHECK_OK(machine_tape_import(&other, bytes, len, 64, "test", "the first tape"));
  static char replayed[16384];
  for (int d = 0; d < 2; d++) {
    int n;
    replay_text(&other, d, replayed, sizeof replayed, &n);
    CHECK_EQ_INT(n, l->events[d]);
    CHECK(strcmp(replayed, l->text[d]) == 0);
    if (strcmp(replayed, l->text[d])) fprintf(stderr, "live:\n%s\nreplayed:\n%s\n", l->text[d], replayed);
  }

  /* a slot recorded on both ends, bytes cut short, a slot past the consumer's */
  CHECK_FAILS(machine_tape_import(&other, bytes, len, 64, "test", "process 1"), TSR_ERR_INVALID, "recorded here and by process 1");
  machine_tape empty;
  machine_tape_init(&empty, ~0u, 1);
  CHECK_FAILS(machine_tape_import(&empty, bytes, len - 3, 64, "test", "process 2"), TSR_ERR_PARSE, "malformed");
  machine_tape_clear(&empty);
  CHECK_FAILS(machine_tape_import(&empty, bytes, len, 0, "test", "process 3"), TSR_ERR_PARSE, "malformed");
  machine_tape_free(&empty);
  free(bytes);

  /* a record's indices or a ref's dimensions named past the numbers that came with them */
  for (int bad = 0; bad < 2; bad++) {
    machine_tape one;
    machine_tape_init(&one, ~0u, 1);
    for (size_t i = 0; i < other.slots[1].n; i++) {
      tsr_event ev;
      machine_tape_event_refs refs;
      machine_tape_event(&other, 1, i, &ev, &refs);
      machine_tape_record(&one, NULL, &ev, NULL);
    }
    machine_tape_slot *s = &one.slots[1];
    size_t r = 0, f = 0;
    while (r < s->n && s->recs[r].index < 0) r++;
    while (f < s->nrefs && s->refs[f].rank == 0) f++;
    CHECK(r < s->n && f < s->nrefs);
    if (r < s->n && f < s->nrefs) {
      if (bad == 0) s->recs[r].index = (int32_t)s->nints - s->recs[r].rank + 1;
      else s->refs[f].dims = (int32_t)s->nints - 1;
    }
    CHECK_OK(machine_tape_export(&one, &bytes, &len));
    machine_tape_init(&empty, ~0u, 1);
    CHECK_FAILS(machine_tape_import(&empty, bytes, len, 64, "test", "process 4"), TSR_ERR_PARSE, "malformed");
    machine_tape_free(&empty);
    machine_tape_free(&one);
    free(bytes);
  }
  machine_tape_free(&other);
  machine_tape_free(&l->T);
  tsr_machine_destroy(l->m);
  pthread_mutex_destroy(&l->lock);
  free(l);
}

/* A tape keeps the kinds it was made for, and what its consumer noted of an event. */
static void test_kinds_and_notes(void) {
  tsr_machine_options mo = {.chip = tsr_chip_get("v5e"), .num_cores = 1, .quiet = true};
  tsr_machine *m;
  CHECK_OK(tsr_machine_create(&mo, &m));
  machine_tape T;
  machine_tape_init(&T, MACHINE_TAPE_KIND(TSR_EV_KERNEL_BEGIN) | MACHINE_TAPE_KIND(TSR_EV_BODY_END), 2);
  tsr_cost cost = {.flops = 12};
  int64_t at[TSR_MAX_RANK] = {3, 4};
  machine_tape_record(&T, m, &(tsr_event){.kind = TSR_EV_KERNEL_BEGIN, .core = 1, .name = "k", .operand = -1}, NULL);
  machine_tape_record(&T, m, &(tsr_event){.kind = TSR_EV_STEP_BEGIN, .core = 1, .operand = -1}, NULL);
  machine_tape_record(&T, m, &(tsr_event){.kind = TSR_EV_BODY_END, .core = 1, .step = 5, .cost = &cost, .operand = -1}, at);
  machine_tape_record(&T, m, &(tsr_event){.kind = TSR_EV_KERNEL_BEGIN, .core = 2, .operand = -1}, NULL); /* no such core */
  CHECK_EQ_INT((int)T.slots[1].n, 2);
  CHECK_EQ_INT((int)T.slots[0].n + (int)T.slots[2].n, 0);
  tsr_event ev;
  machine_tape_event_refs refs;
  machine_tape_event(&T, 1, 0, &ev, &refs);
  CHECK(ev.kind == TSR_EV_KERNEL_BEGIN && ev.name && !strcmp(ev.name, "k") && ev.core == 1);
  CHECK(T.slots[1].recs[0].noted < 0 && !ev.poison_at);
  machine_tape_event(&T, 1, 1, &ev, &refs);
  CHECK(ev.kind == TSR_EV_BODY_END && ev.cost && ev.cost->flops == 12 && ev.step == 5);
  CHECK(ev.poison_at && ev.poison_at[0] == 3 && ev.poison_at[1] == 4);
  machine_tape_free(&T);
  tsr_machine_destroy(m);
}

/* A thin record (machine_tape_record_thin, a host split's of an event that its observer
 * digests or that no observer reads) keeps the event's place and semaphore (a semaphore's
 * ref once for the records that share it), its name and block when asked, and an
 * observer's digest, whole; a record without one has none; a tape
 * from another process carries none (the import refuses one that does). */
static void test_digests(void) {
  int64_t cells[4] = {0};
  tsr_buffer sems = {.space = TSR_SEMAPHORE_MEM, .seq = 3, .agent = -1, .base = (char *)cells, .bytes = sizeof cells};
  tsr_ref sem = tsr_ref_dense(&cells[2], TSR_DMA_SEM, TSR_SEMAPHORE_MEM, 0, NULL);
  sem.buf = &sems;
  machine_tape T;
  machine_tape_init(&T, ~0u, 1);
  const char digest[] = "thirteen+ bytes, not a multiple of eight";
  int64_t index[2] = {3, 5};
  tsr_ref src = {.dtype = TSR_F32, .space = TSR_HBM, .rank = 1, .shape = {4}, .stride = {1}};
  machine_tape_record_thin(&T, &(tsr_event){.kind = TSR_EV_DMA_START, .step = 7, .operand = 1, .name = "x", .rank = 2,
                                            .index = index, .sem = &sem, .src = &src, .loc = "here"},
                           true, digest, sizeof digest);
  machine_tape_record(&T, NULL, &(tsr_event){.kind = TSR_EV_STEP_END, .step = 7, .operand = -1}, NULL);
  uint64_t most[TSR_DIGEST_BYTES / 8];
  for (size_t i = 0; i < sizeof most / 8; i++) most[i] = 0x0123456789abcdefull * (i + 1);
  tsr_cost cost = {.flops = 3};
  machine_tape_record_thin(&T, &(tsr_event){.kind = TSR_EV_BODY_END, .step = 8, .operand = -1, .name = "body",
                                            .cost = &cost}, false, most, sizeof most);
  machine_tape_record_thin(&T, &(tsr_event){.kind = TSR_EV_DMA_WAIT_BEGIN, .step = 8, .operand = 1, .sem = &sem,
                                            .name = "y"}, false, NULL, 0);
  /* the same semaphore's ref is kept once; another allocation at the same address is another */
  CHECK_EQ_INT((int)T.slots[0].nrefs, 1);
  tsr_buffer later = sems;
  later.seq = 4;
  tsr_ref sem2 = sem;
  sem2.buf = &later;
  machine_tape_record_thin(&T, &(tsr_event){.kind = TSR_EV_DMA_WAIT_BEGIN, .step = 9, .operand = 1, .sem = &sem2},
                           false, NULL, 0);
  CHECK_EQ_INT((int)T.slots[0].nrefs, 2);
  CHECK_EQ_INT((int)T.slots[0].n, 5);
  size_t len = 0;
  const void *d = machine_tape_digest(&T, 0, 0, &len);
  CHECK(d && len == sizeof digest && !memcmp(d, digest, sizeof digest));
  tsr_event ev;
  machine_tape_event_refs refs;
  machine_tape_event(&T, 0, 0, &ev, &refs);
  CHECK(ev.kind == TSR_EV_DMA_START && ev.step == 7 && ev.operand == 1 && ev.name && !strcmp(ev.name, "x") &&
        ev.rank == 2 && ev.index && ev.index[0] == 3 && ev.index[1] == 5 && !ev.src && !ev.loc);
  CHECK(ev.sem && machine_sem_identity(ev.sem, 0) == machine_sem_identity(&sem, 0));
  CHECK(!machine_tape_digest(&T, 0, 1, &len));
  d = machine_tape_digest(&T, 0, 2, &len);
  CHECK(d && len == sizeof most && !memcmp(d, most, sizeof most));
  machine_tape_event(&T, 0, 2, &ev, &refs);
  CHECK(ev.kind == TSR_EV_BODY_END && ev.step == 8 && !ev.cost && !ev.name);
  CHECK(!machine_tape_digest(&T, 0, 3, &len));
  machine_tape_event(&T, 0, 3, &ev, &refs);
  CHECK(ev.kind == TSR_EV_DMA_WAIT_BEGIN && !ev.name && ev.sem &&
        machine_sem_identity(ev.sem, 0) == machine_sem_identity(&sem, 0));
  machine_tape_event(&T, 0, 4, &ev, &refs);
  CHECK(ev.sem && machine_sem_identity(ev.sem, 0) == machine_sem_identity(&sem2, 0) &&
        machine_sem_identity(&sem2, 0) != machine_sem_identity(&sem, 0));
  char *bytes;
  size_t n;
  CHECK_OK(machine_tape_export(&T, &bytes, &n));
  machine_tape empty;
  machine_tape_init(&empty, ~0u, 1);
  CHECK_FAILS(machine_tape_import(&empty, bytes, n, 64, "test", "process 5"), TSR_ERR_PARSE, "malformed");
  machine_tape_free(&empty);
  free(bytes);
  machine_tape_free(&T);
}

int main(void) {
  test_round_trip();
  test_kinds_and_notes();
  test_digests();
  return tsr_test_finish("test_tape");
}
