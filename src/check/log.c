/* The checkers on many chips: every device's events are logged, and replayed through the
 * checks in one order (docs/checkers.md, docs/mpi.md). Checked as they arrive, the findings
 * of a racy kernel would depend on how the devices' threads interleave (which of a copy and
 * an access came first decides which one reports the race, and in what words), and devices
 * in other MPI processes would not be seen at all. So the events are kept without pointers:
 * an address is (device, core, memory space, allocation, offset) in a space of its own, or
 * (device, HBM operand, offset), the same in every process, and a copy or signal to a device
 * of another process, which names its target by the namesake here, is told as its target's.
 * The replay runs each slot (core of a device) in its own order, holding a wait until the
 * semaphore it waits on holds what it takes (signals and copies add, as on the machine), so
 * every signal comes before the wait it releases; a kernel's start is a barrier. Slots go in
 * slot order: the order is a function of the logs only. One process replays after each call;
 * under MPI the logs go to process 0 (src/mpi/events.c), which replays them all. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/check_internal.h"
#include "core/blob.h"
#include "machine/machine_internal.h"

/* An address in the log's space: bit 63, the allocation's id, then 36 bits of offset. */
#define OFF_BITS 36
#define OPERAND_SPACE 7 /* the id's space field for an HBM operand of the call */

typedef struct ck_ref {
  uint64_t data, base;
  int32_t dtype, space, rank, has_buf, device, core, bspace, seq, in_mesh, pad;
  int64_t shape[TSR_MAX_RANK], stride[TSR_MAX_RANK];
} ck_ref;

typedef struct ck_rec {
  int32_t kind, device, core, target_device, target_core, operand, rank, has_index, dir, write;
  int32_t loc, name, poisoned;       /* strings: ids in the log's table (-1: none) */
  int32_t src, dst, sem, recv;       /* refs: indices in the slot's refs (-1: none) */
  int32_t no_barrier;                /* KERNEL_BEGIN: tsr_event.no_device_barrier */
  int64_t step, bytes, amount;
  uint64_t dma_id;
  int64_t index[TSR_MAX_RANK], at[TSR_MAX_RANK];
} ck_rec;

typedef struct slot_log {
  ck_rec *recs;
  size_t n, cap;
  ck_ref *refs;
  size_t nrefs, caprefs;
} slot_log;

struct ck_log {
  pthread_mutex_t lock;
  bool held, nomem;
  int ends;                          /* KERNEL_ENDs logged since the last replay */
  slot_log slots[CK_MAX_CORES];
  char **strs;
  int32_t nstrs, capstrs;
  int32_t *hash;                     /* string ids by hash, -1 empty */
  int32_t hcap;
  tsr_buffer **bufs;                 /* the replay's stand-ins for allocations (live to the end:
                                      * findings and the checks' state point at them) */
  int nbufs, capbufs;
};

static bool grow(void **a, size_t *cap, size_t n, size_t elem) {
  if (n < *cap) return true;
  size_t ncap = *cap ? *cap * 2 : 64;
  void *na = realloc(*a, ncap * elem);
  if (!na) return false;
  *a = na;
  *cap = ncap;
  return true;
}

tsr_status ck_log_create(tsr_checker *ck) {
  if (ck->log) return TSR_OK;
  ck->log = calloc(1, sizeof *ck->log);
  if (!ck->log) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  pthread_mutex_init(&ck->log->lock, NULL);
  return TSR_OK;
}

static void clear_slots(ck_log *L) {
  for (int i = 0; i < CK_MAX_CORES; i++) L->slots[i].n = L->slots[i].nrefs = 0;
  L->ends = 0;
  L->nomem = false;
}

void ck_log_clear(tsr_checker *ck) {
  if (!ck->log) return;
  pthread_mutex_lock(&ck->log->lock);
  clear_slots(ck->log);
  pthread_mutex_unlock(&ck->log->lock);
}

void ck_log_free(tsr_checker *ck) {
  ck_log *L = ck->log;
  if (!L) return;
  for (int i = 0; i < CK_MAX_CORES; i++) {
    free(L->slots[i].recs);
    free(L->slots[i].refs);
  }
  for (int i = 0; i < L->nstrs; i++) free(L->strs[i]);
  for (int i = 0; i < L->nbufs; i++) free(L->bufs[i]);
  free(L->strs);
  free(L->hash);
  free(L->bufs);
  pthread_mutex_destroy(&L->lock);
  free(L);
  ck->log = NULL;
}

void ck_log_hold(tsr_checker *ck, bool held) {
  if (!ck->log) return;
  pthread_mutex_lock(&ck->log->lock);
  ck->log->held = held;
  pthread_mutex_unlock(&ck->log->lock);
}

/* ---- strings (kernel names, source locations) ---- */

static uint32_t hash_str(const char *s) {
  uint32_t h = 2166136261u;
  for (; *s; s++) h = (h ^ (uint8_t)*s) * 16777619u;
  return h;
}

static bool rehash(ck_log *L) {
  int32_t ncap = L->hcap ? L->hcap * 2 : 256;
  int32_t *nh = malloc((size_t)ncap * sizeof *nh);
  if (!nh) return false;
  for (int32_t i = 0; i < ncap; i++) nh[i] = -1;
  for (int32_t id = 0; id < L->nstrs; id++) {
    uint32_t i = hash_str(L->strs[id]) & (uint32_t)(ncap - 1);
    while (nh[i] >= 0) i = (i + 1) & (uint32_t)(ncap - 1);
    nh[i] = id;
  }
  free(L->hash);
  L->hash = nh;
  L->hcap = ncap;
  return true;
}

static int32_t intern(ck_log *L, const char *s) {
  if (!s) return -1;
  if (L->nstrs * 2 >= L->hcap && !rehash(L)) return -1;
  uint32_t i = hash_str(s) & (uint32_t)(L->hcap - 1);
  for (; L->hash[i] >= 0; i = (i + 1) & (uint32_t)(L->hcap - 1))
    if (!strcmp(L->strs[L->hash[i]], s)) return L->hash[i];
  size_t cap = (size_t)L->capstrs;
  char *copy = strdup(s);
  if (!copy || !grow((void **)&L->strs, &cap, (size_t)L->nstrs, sizeof *L->strs)) {
    free(copy);
    return -1;
  }
  L->capstrs = (int32_t)cap;
  L->strs[L->nstrs] = copy;
  L->hash[i] = L->nstrs;
  return L->nstrs++;
}

/* ---- refs without pointers ---- */

static uint64_t region_base(int device, int core, int space, int seq) {
  uint64_t who = (uint64_t)device * TSR_MACHINE_MAX_CORES + (uint64_t)core; /* 11 bits */
  uint64_t id = who << 16 | (uint64_t)(space & 7) << 13 | (uint64_t)(seq & 0x1fff);
  return 1ull << 63 | id << OFF_BITS;
}

/* The HBM operand of `m`'s running call that holds address p (-1: none). Operands that are
 * one array (an output written in place over its input) are named by the first. */
static int operand_of(const tsr_machine *m, const char *p) {
  for (int i = 0; m && i < m->num_hbm; i++) {
    const char *lo = m->hbm[i].data;
    if (p >= lo && p < lo + tsr_ref_bytes(&m->hbm[i])) return i;
  }
  return -1;
}

/* r as the log keeps it: memory of `device` (core `core` for an allocation) when `far` (the
 * namesake here of a target in another process), else where r's allocation says it is. */
static int32_t put_ref(tsr_checker *ck, slot_log *s, const tsr_ref *r, int device, int core, bool far,
                       int own_device) {
  if (!r || !grow((void **)&s->refs, &s->caprefs, s->nrefs, sizeof *s->refs)) return -1;
  ck_ref *k = &s->refs[s->nrefs];
  memset(k, 0, sizeof *k);
  k->dtype = r->dtype;
  k->space = r->space;
  k->rank = r->rank;
  memcpy(k->shape, r->shape, sizeof k->shape);
  memcpy(k->stride, r->stride, sizeof k->stride);
  if (r->buf) {
    k->has_buf = 1;
    k->device = far ? device : r->buf->device;
    k->core = far ? core : r->buf->core;
    k->bspace = r->buf->space;
    k->seq = r->buf->seq;
    k->in_mesh = r->buf->in_mesh;
    k->base = region_base(k->device, k->core, k->bspace, k->seq);
    k->data = k->base + (uint64_t)(r->data - r->buf->base);
  } else { /* an HBM operand: of its device, or (far) the namesake on this one */
    tsr_machine *root = ck->machine;
    const tsr_machine *m = root ? mesh_device(root, far ? own_device : device) : NULL;
    int i = operand_of(m, r->data);
    if (i >= 0) k->data = region_base(device, 0, OPERAND_SPACE, i) + (uint64_t)(r->data - m->hbm[i].data);
    else k->data = (uint64_t)(uintptr_t)r->data; /* outside the machine: by address */
  }
  return (int32_t)s->nrefs++;
}

static void replay_locked(tsr_checker *ck);

void ck_log_event(tsr_checker *ck, const tsr_event *ev) {
  switch (ev->kind) {
  case TSR_EV_KERNEL_BEGIN: case TSR_EV_KERNEL_END: case TSR_EV_DMA_START: case TSR_EV_DMA_WAIT_END:
  case TSR_EV_SEM_SIGNAL: case TSR_EV_SEM_WAIT: case TSR_EV_SEM_CARRY: case TSR_EV_ACCESS:
  case TSR_EV_SHARED_OUTPUT:
    break;
  default:
    return;
  }
  ck_log *L = ck->log;
  int slot = ev->device * ck->device_cores + ev->core;
  if (!L || ev->core < 0 || slot < 0 || slot >= CK_MAX_CORES) return;
  int64_t at[TSR_MAX_RANK] = {0};
  bool poisoned = (ck->checks & TSR_CHECK_POISON) && ck_poison_found(ev, at); /* the bytes are here now */
  /* what a remote copy or signal reaches: its target's (told by the namesake when far) */
  bool remote = ev->kind == TSR_EV_DMA_START || ev->kind == TSR_EV_SEM_SIGNAL;
  bool far = remote && ck->machine && ev->target_device != ev->device && mesh_far(ck->machine, ev->target_device);
  int tdev = remote ? ev->target_device : ev->device;
  int tcore = remote && ev->target_core >= 0 ? ev->target_core : ev->core;
  pthread_mutex_lock(&L->lock);
  slot_log *s = &L->slots[slot];
  if (!grow((void **)&s->recs, &s->cap, s->n, sizeof *s->recs)) {
    L->nomem = true;
    pthread_mutex_unlock(&L->lock);
    return;
  }
  ck_rec *r = &s->recs[s->n];
  *r = (ck_rec){.kind = ev->kind, .device = ev->device, .core = ev->core, .target_device = ev->target_device,
                .target_core = ev->target_core, .operand = ev->operand, .rank = ev->rank, .dir = ev->dir,
                .write = ev->write, .no_barrier = ev->no_device_barrier, .poisoned = poisoned, .step = ev->step, .bytes = ev->bytes,
                .amount = ev->amount, .dma_id = ev->dma_id, .src = -1, .dst = -1, .sem = -1, .recv = -1};
  r->loc = intern(L, ev->loc);
  /* names the checks read: the kernel's, a C body's block (ACCESS), a pipeline copy's
   * operand (DMA_START: an output's read-back), the shared output's */
  r->name = ev->kind == TSR_EV_KERNEL_BEGIN || ev->kind == TSR_EV_SHARED_OUTPUT || ev->kind == TSR_EV_ACCESS ||
                    ev->kind == TSR_EV_DMA_START
                ? intern(L, ev->name) : -1;
  if (ev->index && ev->rank > 0 && ev->rank <= TSR_MAX_RANK) {
    r->has_index = 1;
    memcpy(r->index, ev->index, (size_t)ev->rank * sizeof *ev->index);
  }
  if (poisoned) memcpy(r->at, at, sizeof at);
  bool is_dma = ev->kind == TSR_EV_DMA_START;
  r->src = put_ref(ck, s, ev->src, ev->device, ev->core, false, ev->device);
  r->dst = put_ref(ck, s, ev->dst, is_dma ? tdev : ev->device, is_dma ? tcore : ev->core, is_dma && far, ev->device);
  r->sem = ev->kind == TSR_EV_SEM_SIGNAL ? put_ref(ck, s, ev->sem, tdev, tcore, far, ev->device)
                                          : put_ref(ck, s, ev->sem, ev->device, ev->core, false, ev->device);
  r->recv = put_ref(ck, s, ev->recv_sem, tdev, tcore, far, ev->device);
  s->n++;
  if (ev->kind == TSR_EV_KERNEL_END && ++L->ends >= ck->num_cores && !L->held) replay_locked(ck);
  pthread_mutex_unlock(&L->lock);
}

/* ---- the replay ---- */

static tsr_buffer *stand_in(ck_log *L, const ck_ref *k) {
  char *base = (char *)(uintptr_t)k->base;
  for (int i = 0; i < L->nbufs; i++) {
    tsr_buffer *b = L->bufs[i];
    if (b->base == base && b->in_mesh == (bool)k->in_mesh) return b;
  }
  size_t cap = (size_t)L->capbufs;
  tsr_buffer *b = calloc(1, sizeof *b);
  if (!b || !grow((void **)&L->bufs, &cap, (size_t)L->nbufs, sizeof *L->bufs)) {
    free(b);
    return NULL;
  }
  L->capbufs = (int)cap;
  *b = (tsr_buffer){.device = k->device, .in_mesh = k->in_mesh, .core = k->core, .space = (tsr_space)k->bspace,
                    .seq = k->seq, .base = base};
  L->bufs[L->nbufs++] = b;
  return b;
}

static const tsr_ref *to_ref(ck_log *L, const slot_log *s, int32_t i, tsr_ref *out) {
  if (i < 0) return NULL;
  const ck_ref *k = &s->refs[i];
  *out = (tsr_ref){.data = (char *)(uintptr_t)k->data, .dtype = (tsr_dtype)k->dtype, .space = (tsr_space)k->space,
                   .rank = k->rank};
  memcpy(out->shape, k->shape, sizeof out->shape);
  memcpy(out->stride, k->stride, sizeof out->stride);
  if (k->has_buf) out->buf = stand_in(L, k);
  return out;
}

static void replay_one(tsr_checker *ck, ck_log *L, const slot_log *s, const ck_rec *r) {
  tsr_ref src, dst, sem, recv;
  int dc = ck->device_cores;
  tsr_event ev = {.kind = (tsr_event_kind)r->kind, .core = r->device * dc + r->core, .step = r->step,
                  .name = r->name >= 0 ? L->strs[r->name] : NULL, .dma_id = r->dma_id, .dir = (tsr_dma_dir)r->dir,
                  .src = to_ref(L, s, r->src, &src), .dst = to_ref(L, s, r->dst, &dst),
                  .sem = to_ref(L, s, r->sem, &sem), .bytes = r->bytes, .amount = r->amount,
                  .operand = r->operand, .rank = r->rank, .index = r->has_index ? r->index : NULL,
                  .target_core = r->target_device * dc + r->target_core, .write = r->write,
                  .loc = r->loc >= 0 ? L->strs[r->loc] : NULL, .device = r->device,
                  .target_device = r->target_device, .recv_sem = to_ref(L, s, r->recv, &recv),
                  .no_device_barrier = r->no_barrier != 0};
  ck_dispatch(ck, &ev, true, r->poisoned ? r->at : NULL);
}

typedef struct sem_val {
  uint64_t key;
  int64_t value;
} sem_val;

typedef struct sems {
  sem_val *a;
  size_t n, cap;
  int64_t nowhere; /* what a missing ref (or a failed allocation) counts into */
} sems;

static int64_t *sem_of(sems *v, const slot_log *s, int32_t ref) {
  if (ref < 0) return &v->nowhere;
  uint64_t key = s->refs[ref].data;
  for (size_t i = 0; i < v->n; i++)
    if (v->a[i].key == key) return &v->a[i].value;
  if (!grow((void **)&v->a, &v->cap, v->n, sizeof *v->a)) return &v->nowhere;
  v->a[v->n] = (sem_val){key, 0};
  return &v->a[v->n++].value;
}

/* What a wait takes (0: not a wait). */
static int64_t takes(const ck_rec *r) {
  return r->kind == TSR_EV_SEM_WAIT ? r->amount : r->kind == TSR_EV_DMA_WAIT_END ? r->bytes : 0;
}

static void step(tsr_checker *ck, ck_log *L, sems *v, const slot_log *s, const ck_rec *r) {
  switch (r->kind) {
  case TSR_EV_SEM_SIGNAL: case TSR_EV_SEM_CARRY: *sem_of(v, s, r->sem) += r->amount; break;
  case TSR_EV_DMA_START:
    *sem_of(v, s, r->sem) += r->bytes;
    if (r->recv >= 0) *sem_of(v, s, r->recv) += r->bytes;
    break;
  case TSR_EV_SEM_WAIT: case TSR_EV_DMA_WAIT_END: *sem_of(v, s, r->sem) -= takes(r); break;
  default: break;
  }
  replay_one(ck, L, s, r);
}

static void replay_locked(tsr_checker *ck) {
  ck_log *L = ck->log;
  size_t pos[CK_MAX_CORES] = {0};
  sems v = {0};
  int n = ck->num_cores < CK_MAX_CORES ? ck->num_cores : CK_MAX_CORES;
  for (;;) {
    bool moved = false, left = false, all_begin = true;
    for (int t = 0; t < n; t++) { /* each slot as far as its waits allow */
      slot_log *s = &L->slots[t];
      while (pos[t] < s->n) {
        const ck_rec *r = &s->recs[pos[t]];
        if (r->kind == TSR_EV_KERNEL_BEGIN) break; /* a barrier: below */
        int64_t need = takes(r);
        if (need > 0 && *sem_of(&v, s, r->sem) < need) break;
        step(ck, L, &v, s, r);
        pos[t]++;
        moved = true;
      }
      if (pos[t] < s->n) {
        left = true;
        if (s->recs[pos[t]].kind != TSR_EV_KERNEL_BEGIN) all_begin = false;
      }
    }
    if (!left) break;
    if (moved) continue;
    if (all_begin) { /* every slot still running starts the next kernel: together, in slot order */
      for (int t = 0; t < n; t++)
        if (pos[t] < L->slots[t].n) step(ck, L, &v, &L->slots[t], &L->slots[t].recs[pos[t]++]);
      continue;
    }
    /* nothing can move (a run that failed midway): the first slot's next event goes anyway */
    for (int t = 0; t < n; t++)
      if (pos[t] < L->slots[t].n && L->slots[t].recs[pos[t]].kind != TSR_EV_KERNEL_BEGIN) {
        step(ck, L, &v, &L->slots[t], &L->slots[t].recs[pos[t]++]);
        break;
      }
  }
  free(v.a);
  if (L->nomem) ck_report(ck, TSR_ERR_NOMEM, "checkers: out of host memory for the event log; events were lost");
  clear_slots(L);
}

void ck_log_settle(tsr_checker *ck) {
  ck_log *L = ck->log;
  if (!L) return;
  pthread_mutex_lock(&L->lock);
  if (!L->held) replay_locked(ck);
  pthread_mutex_unlock(&L->lock);
}

/* ---- across processes: the log as bytes (both ends are the same program) ---- */

/* Layout: int32 strings, each NUL-terminated; int32 slots; per slot: int32 slot, int64
 * records, int64 refs, the records, the refs. The log is emptied. */
tsr_status ck_log_export(tsr_checker *ck, char **out, size_t *len) {
  *out = NULL;
  *len = 0;
  ck_log *L = ck->log;
  if (!L) return TSR_OK;
  blob b = {0};
  pthread_mutex_lock(&L->lock);
  blob_put_strings(&b, L->strs, L->nstrs);
  int32_t nslots = 0;
  for (int t = 0; t < CK_MAX_CORES; t++) nslots += L->slots[t].n > 0;
  blob_put(&b, &nslots, sizeof nslots);
  for (int32_t t = 0; t < CK_MAX_CORES; t++) {
    slot_log *s = &L->slots[t];
    if (!s->n) continue;
    int64_t nr = (int64_t)s->n, nf = (int64_t)s->nrefs;
    blob_put(&b, &t, sizeof t);
    blob_put(&b, &nr, sizeof nr);
    blob_put(&b, &nf, sizeof nf);
    blob_put(&b, s->recs, s->n * sizeof *s->recs);
    blob_put(&b, s->refs, s->nrefs * sizeof *s->refs);
  }
  bool nomem = b.nomem || L->nomem;
  clear_slots(L);
  pthread_mutex_unlock(&L->lock);
  if (nomem) {
    free(b.p);
    return tsr_fail(TSR_ERR_NOMEM, "checkers: out of host memory for the event log");
  }
  *out = b.p;
  *len = b.len;
  return TSR_OK;
}

static bool ref_ok(int32_t i, int64_t nrefs) { return i >= -1 && i < nrefs; }

static bool append_slot(ck_log *L, slot_log *s, const char *p, size_t len, size_t *at, int64_t nr, int64_t nf,
                        const int32_t *ids, int32_t nids) {
  size_t base = s->nrefs;
  if (nr < 0 || nf < 0 || (uint64_t)nr > (len - *at) / sizeof(ck_rec)) return false;
  for (int64_t k = 0; k < nr; k++) {
    ck_rec r;
    blob_take(p, len, at, &r, sizeof r);
    if (!ref_ok(r.src, nf) || !ref_ok(r.dst, nf) || !ref_ok(r.sem, nf) || !ref_ok(r.recv, nf) || r.loc >= nids ||
        r.name >= nids || r.rank < 0 || r.rank > TSR_MAX_RANK || r.device < 0 || r.device >= TSR_MAX_DEVICES ||
        r.target_device < 0 || r.target_device >= TSR_MAX_DEVICES)
      return false;
    r.loc = r.loc >= 0 ? ids[r.loc] : -1;
    r.name = r.name >= 0 ? ids[r.name] : -1;
    int32_t *refs[4] = {&r.src, &r.dst, &r.sem, &r.recv};
    for (int j = 0; j < 4; j++)
      if (*refs[j] >= 0) *refs[j] += (int32_t)base;
    if (!grow((void **)&s->recs, &s->cap, s->n, sizeof *s->recs)) L->nomem = true;
    else s->recs[s->n++] = r;
  }
  if ((uint64_t)nf > (len - *at) / sizeof(ck_ref)) return false;
  for (int64_t k = 0; k < nf; k++) {
    ck_ref f;
    blob_take(p, len, at, &f, sizeof f);
    if (f.rank < 0 || f.rank > TSR_MAX_RANK) return false;
    if (!grow((void **)&s->refs, &s->caprefs, s->nrefs, sizeof *s->refs)) L->nomem = true;
    else s->refs[s->nrefs++] = f;
  }
  return true;
}

static int32_t intern_string(void *L, const char *str) { return intern(L, str); }

tsr_status ck_log_import(tsr_checker *ck, const char *p, size_t len, const char *from) {
  ck_log *L = ck->log;
  if (!L) return tsr_fail(TSR_ERR_INVALID, "checkers: a log from %s, but no devices here to check", from);
  size_t at = 0;
  int32_t nstrs = 0, nslots = 0, *ids = NULL;
  tsr_status s = TSR_OK;
  pthread_mutex_lock(&L->lock);
  int got = blob_take_strings(p, len, &at, intern_string, L, &ids, &nstrs);
  if (got == BLOB_NOMEM) { s = tsr_fail(TSR_ERR_NOMEM, "out of host memory"); goto out; }
  if (got != BLOB_OK) goto bad;
  if (!blob_take(p, len, &at, &nslots, sizeof nslots) || nslots < 0 || nslots > CK_MAX_CORES) goto bad;
  for (int32_t i = 0; i < nslots; i++) {
    int32_t t;
    int64_t nr, nf;
    if (!blob_take(p, len, &at, &t, sizeof t) || !blob_take(p, len, &at, &nr, sizeof nr) || !blob_take(p, len, &at, &nf, sizeof nf) ||
        t < 0 || t >= ck->num_cores || t >= CK_MAX_CORES)
      goto bad;
    if (L->slots[t].n) {
      s = tsr_fail(TSR_ERR_INVALID, "checkers: device core slot %d was logged here and by %s", t, from);
      goto out;
    }
    if (!append_slot(L, &L->slots[t], p, len, &at, nr, nf, ids, nstrs)) goto bad;
  }
  if (at == len) goto out;
bad:
  s = tsr_fail(TSR_ERR_PARSE, "checkers: the event log from %s is malformed at byte %zu", from, at);
out:
  pthread_mutex_unlock(&L->lock);
  free(ids);
  return s;
}
