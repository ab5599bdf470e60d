/* The event tape (tape.h). */
#include "core/grow.h"
#include "machine/tape.h"

#include <stdlib.h>
#include <string.h>

#include "core/blob.h"

/* An address in the tape's space: bit 63, the allocation's id, then 36 bits of offset. */
#define OFF_BITS 36
#define OPERAND_SPACE 7 /* the id's space field for an HBM operand of the call */

/* The first room an array gets: 64 KiB (pages that no event reaches are never touched), so
 * that a tape of a few thousand events is not copied again and again as it grows (a host
 * split fills a tape per part in every call that splits). */
#define FIRST_BYTES ((size_t)64 << 10)

/* An array's first capacity, in elements of `elem` bytes. */
#define FIRST_CAP(elem) ((elem) < FIRST_BYTES / 64 ? FIRST_BYTES / (elem) : 64)

void machine_tape_init(machine_tape *T, unsigned kinds, int device_cores) {
  memset(T, 0, sizeof *T);
  T->kinds = kinds;
  T->device_cores = device_cores > 0 ? device_cores : 1;
}

void machine_tape_clear(machine_tape *T) {
  for (int i = 0; i < MACHINE_TAPE_MAX_SLOTS; i++)
    T->slots[i].n = T->slots[i].nrefs = T->slots[i].ncosts = T->slots[i].nints = 0;
  T->nomem = false;
}

void machine_tape_free(machine_tape *T) {
  for (int i = 0; i < MACHINE_TAPE_MAX_SLOTS; i++) {
    free(T->slots[i].recs);
    free(T->slots[i].refs);
    free(T->slots[i].costs);
    free(T->slots[i].ints);
  }
  for (int i = 0; i < T->nstrs; i++) free(T->strs[i]);
  for (int i = 0; i < T->nbufs; i++) free(T->bufs[i]);
  free(T->strs);
  free(T->hash);
  free(T->bufs);
  memset(T, 0, sizeof *T);
}

int machine_tape_slot_of(const machine_tape *T, int device, int core) {
  if (device < T->first_device || core < 0 || core >= T->device_cores) return -1;
  int s = (device - T->first_device) * T->device_cores + core;
  return s < MACHINE_TAPE_MAX_SLOTS ? s : -1;
}

/* ---- strings (kernel and operand names, source locations) ---- */

static uint32_t hash_str(const char *s) {
  uint32_t h = 2166136261u;
  for (; *s; s++) h = (h ^ (uint8_t)*s) * 16777619u;
  return h;
}

static bool rehash(machine_tape *T) {
  int32_t ncap = T->hcap ? T->hcap * 2 : 256;
  int32_t *nh = malloc((size_t)ncap * sizeof *nh);
  if (!nh) return false;
  for (int32_t i = 0; i < ncap; i++) nh[i] = -1;
  for (int32_t id = 0; id < T->nstrs; id++) {
    uint32_t i = hash_str(T->strs[id]) & (uint32_t)(ncap - 1);
    while (nh[i] >= 0) i = (i + 1) & (uint32_t)(ncap - 1);
    nh[i] = id;
  }
  free(T->hash);
  T->hash = nh;
  T->hcap = ncap;
  return true;
}

static int32_t intern(machine_tape *T, const char *s) {
  if (!s) return -1;
  if (T->nstrs * 2 >= T->hcap && !rehash(T)) return -1;
  uint32_t i = hash_str(s) & (uint32_t)(T->hcap - 1);
  for (; T->hash[i] >= 0; i = (i + 1) & (uint32_t)(T->hcap - 1))
    if (!strcmp(T->strs[T->hash[i]], s)) return T->hash[i];
  char *copy = strdup(s);
  if (!copy || !GROW_ARRAY(T->strs, T->nstrs, T->capstrs, FIRST_CAP(sizeof *T->strs))) {
    free(copy);
    return -1;
  }
  T->strs[T->nstrs] = copy;
  T->hash[i] = T->nstrs;
  return T->nstrs++;
}

/* ---- recording ---- */

/* Every core of every device has an id of its own in the 11 bits that region_base gives it. */
_Static_assert(TSR_MAX_DEVICES * MACHINE_MAX_CORES <= 1 << 11, "a core's id in an address of the tape");

/* A SparseCore subcore's scoped allocations (tsr_buffer.agent + 1, at most 127) have regions
 * of their own, in the top bits of the offset: such an allocation lives in a subcore's or
 * core's memory, far smaller than the 2^29 bytes that leaves (HBM operands have agent -1). */
#define AGENT_SHIFT 29
_Static_assert(MACHINE_MAX_AGENTS < 127 && AGENT_SHIFT + 7 <= OFF_BITS, "a subcore's id in an address of the tape");

static uint64_t region_base(int device, int core, int space, int seq, int agent) {
  uint64_t who = (uint64_t)device * MACHINE_MAX_CORES + (uint64_t)core; /* 11 bits */
  uint64_t id = who << 16 | (uint64_t)(space & 7) << 13 | (uint64_t)(seq & 0x1fff);
  return 1ull << 63 | id << OFF_BITS | (uint64_t)((agent + 1) & 0x7f) << AGENT_SHIFT;
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

/* n numbers from a, then n from b (NULL: none), on the slot's ints: where they start (-1: out
 * of memory, nomem set). */
static int32_t put_ints(machine_tape *T, machine_tape_slot *s, const int64_t *a, const int64_t *b, int n) {
  size_t need = s->nints + (size_t)n * (b ? 2 : 1);
  if (need > s->capints) {
    size_t ncap = s->capints ? s->capints : FIRST_BYTES / sizeof *s->ints;
    while (ncap < need) ncap *= 2;
    int64_t *ni = need <= INT32_MAX ? realloc(s->ints, ncap * sizeof *ni) : NULL;
    if (!ni) {
      T->nomem = true;
      return -1;
    }
    s->ints = ni;
    s->capints = ncap;
  }
  int32_t at = (int32_t)s->nints;
  memcpy(s->ints + at, a, (size_t)n * sizeof *a);
  if (b) memcpy(s->ints + at + n, b, (size_t)n * sizeof *b);
  s->nints = need;
  return at;
}

/* r as the tape keeps it: memory of `device` (core `core` for an allocation) when `far` (the
 * namesake here of a target in another process), else where r's allocation says it is. */
static int32_t put_ref(machine_tape *T, machine_tape_slot *s, tsr_machine *root, const tsr_ref *r, int device,
                       int core, bool far, int own_device) {
  if (!r) return -1;
  if (!GROW_ARRAY(s->refs, s->nrefs, s->caprefs, FIRST_CAP(sizeof *s->refs))) {
    T->nomem = true;
    return -1;
  }
  int rank = r->rank > 0 && r->rank <= TSR_MAX_RANK ? r->rank : 0;
  int32_t dims = rank ? put_ints(T, s, r->shape, r->stride, rank) : -1;
  if (rank && dims < 0) return -1;
  machine_tape_ref *k = &s->refs[s->nrefs];
  memset(k, 0, sizeof *k);
  k->agent = -1;
  k->dtype = r->dtype;
  k->space = r->space;
  k->rank = rank;
  k->dims = dims;
  if (r->buf) {
    k->has_buf = 1;
    k->device = far ? device : r->buf->device;
    k->core = far ? core : r->buf->core;
    k->bspace = r->buf->space;
    k->seq = r->buf->seq;
    k->agent = r->buf->agent;
    k->in_mesh = r->buf->in_mesh;
    k->base = region_base(k->device, k->core, k->bspace, k->seq, k->agent) + T->salt;
    k->data = k->base + (uint64_t)(r->data - r->buf->base);
  } else { /* an HBM operand: of its device, or (far) the namesake on this one */
    const tsr_machine *m = root ? machine_mesh_device(root, far ? own_device : device) : NULL;
    int i = operand_of(m, r->data);
    if (i >= 0) k->data = region_base(device, 0, OPERAND_SPACE, i, -1) + (uint64_t)(r->data - m->hbm[i].data);
    else k->data = (uint64_t)(uintptr_t)r->data; /* outside the machine: by address */
  }
  return (int32_t)s->nrefs++;
}

static int32_t put_cost(machine_tape *T, machine_tape_slot *s, const tsr_cost *c) {
  if (!c) return -1;
  if (!GROW_ARRAY(s->costs, s->ncosts, s->capcosts, FIRST_CAP(sizeof *s->costs))) {
    T->nomem = true;
    return -1;
  }
  s->costs[s->ncosts] = *c;
  return (int32_t)s->ncosts++;
}

/* A new record of ev in its slot, its place filled in and no more (NULL: not kept, or out of
 * memory: nomem set). */
static machine_tape_rec *new_record(machine_tape *T, const tsr_event *ev, machine_tape_slot **slot) {
  if ((unsigned)ev->kind >= 32 || !(T->kinds & MACHINE_TAPE_KIND(ev->kind))) return NULL;
  int i = machine_tape_slot_of(T, ev->device, ev->core);
  if (i < 0) return NULL;
  machine_tape_slot *s = *slot = &T->slots[i];
  if (!GROW_ARRAY(s->recs, s->n, s->cap, FIRST_CAP(sizeof *s->recs))) {
    T->nomem = true;
    return NULL;
  }
  machine_tape_rec *r = &s->recs[s->n];
  *r = (machine_tape_rec){.kind = ev->kind, .device = ev->device, .core = ev->core, .target_device = ev->target_device,
                          .target_core = ev->target_core, .operand = ev->operand, .rank = ev->rank, .index = -1,
                          .dir = ev->dir, .write = ev->write, .space = ev->space, .loc = -1, .name = -1, .noted = -1,
                          .src = -1, .dst = -1, .sem = -1, .recv = -1, .cost = -1,
                          .no_barrier = ev->no_device_barrier, .steps = (int32_t)ev->steps, .digest = -1,
                          .step = ev->step, .bytes = ev->bytes, .amount = ev->amount, .dma_id = ev->dma_id};
  return r;
}

static int32_t put_index(machine_tape *T, machine_tape_slot *s, const tsr_event *ev) {
  return ev->index && ev->rank > 0 && ev->rank <= TSR_MAX_RANK ? put_ints(T, s, ev->index, NULL, ev->rank) : -1;
}

void machine_tape_record(machine_tape *T, tsr_machine *root, const tsr_event *ev, const int64_t *at) {
  machine_tape_slot *s;
  machine_tape_rec *r = new_record(T, ev, &s);
  if (!r) return;
  /* what a remote copy or signal reaches: its target's (told by the namesake when far) */
  bool remote = ev->kind == TSR_EV_DMA_START || ev->kind == TSR_EV_SEM_SIGNAL;
  bool far = remote && root && ev->target_device != ev->device && machine_mesh_far(root, ev->target_device);
  int tdev = remote ? ev->target_device : ev->device;
  int tcore = remote && ev->target_core >= 0 ? ev->target_core : ev->core;
  r->loc = intern(T, ev->loc);
  r->name = intern(T, ev->name);
  r->index = put_index(T, s, ev);
  if (at) r->noted = put_ints(T, s, at, NULL, TSR_MAX_RANK);
  bool is_dma = ev->kind == TSR_EV_DMA_START;
  r->src = put_ref(T, s, root, ev->src, ev->device, ev->core, false, ev->device);
  r->dst = put_ref(T, s, root, ev->dst, is_dma ? tdev : ev->device, is_dma ? tcore : ev->core, is_dma && far, ev->device);
  r->sem = ev->kind == TSR_EV_SEM_SIGNAL ? put_ref(T, s, root, ev->sem, tdev, tcore, far, ev->device)
                                          : put_ref(T, s, root, ev->sem, ev->device, ev->core, false, ev->device);
  r->recv = put_ref(T, s, root, ev->recv_sem, tdev, tcore, far, ev->device);
  r->cost = ev->kind == TSR_EV_BODY_END ? put_cost(T, s, ev->cost) : -1;
  s->n++;
}

/* The index of a ref among the slot's last few that is r as put_ref would keep it (-1: none;
 * only a semaphore's kind of ref, rank 0 in an allocation): a kernel's copies wait on a few
 * semaphores again and again, and a thin record need not keep each time what it shares. */
static int32_t recent_ref(const machine_tape *T, const machine_tape_slot *s, const tsr_ref *r) {
  if (!r || !r->buf || r->rank != 0) return -1;
  const tsr_buffer *b = r->buf;
  uint64_t base = region_base(b->device, b->core, b->space, b->seq, b->agent) + T->salt;
  uint64_t data = base + (uint64_t)(r->data - b->base);
  for (size_t i = s->nrefs; i > 0 && i + 8 > s->nrefs; i--) {
    const machine_tape_ref *k = &s->refs[i - 1];
    if (k->data == data && k->base == base && k->has_buf && k->rank == 0 && k->dtype == (int32_t)r->dtype &&
        k->space == (int32_t)r->space && k->device == b->device && k->core == b->core && k->bspace == (int32_t)b->space &&
        k->seq == b->seq && k->agent == b->agent && k->in_mesh == (int32_t)b->in_mesh)
      return (int32_t)(i - 1);
  }
  return -1;
}

void machine_tape_record_thin(machine_tape *T, const tsr_event *ev, bool names, const void *digest, size_t len) {
  machine_tape_slot *s;
  machine_tape_rec *r = new_record(T, ev, &s);
  if (!r) return;
  if (names) {
    r->name = intern(T, ev->name);
    r->index = put_index(T, s, ev);
  }
  r->sem = recent_ref(T, s, ev->sem);
  if (r->sem < 0) r->sem = put_ref(T, s, NULL, ev->sem, ev->device, ev->core, false, ev->device); /* by its buffer */
  if (digest) {
    int64_t words[1 + TSR_DIGEST_BYTES / sizeof(int64_t)];
    size_t nwords = 1 + (len + sizeof(int64_t) - 1) / sizeof(int64_t);
    words[0] = (int64_t)len;
    words[nwords - 1] = 0; /* the last word's bytes past the digest */
    memcpy(words + 1, digest, len);
    r->digest = put_ints(T, s, words, NULL, (int)nwords);
  }
  s->n++;
}

const void *machine_tape_digest(const machine_tape *T, int slot, size_t i, size_t *len) {
  const machine_tape_slot *s = &T->slots[slot];
  int32_t at = s->recs[i].digest;
  if (at < 0) return NULL;
  *len = (size_t)s->ints[at];
  return s->ints + at + 1;
}

/* ---- replaying ---- */

static tsr_buffer *stand_in(machine_tape *T, const machine_tape_ref *k) {
  char *base = (char *)(uintptr_t)k->base;
  for (int i = 0; i < T->nbufs; i++) {
    tsr_buffer *b = T->bufs[i];
    if (b->base == base && b->in_mesh == (bool)k->in_mesh) return b;
  }
  tsr_buffer *b = calloc(1, sizeof *b);
  if (!b || !GROW_ARRAY(T->bufs, T->nbufs, T->capbufs, FIRST_CAP(sizeof *T->bufs))) {
    free(b);
    return NULL;
  }
  *b = (tsr_buffer){.device = k->device, .in_mesh = k->in_mesh, .core = k->core, .space = (tsr_space)k->bspace,
                    .seq = k->seq, .agent = k->agent, .base = base};
  T->bufs[T->nbufs++] = b;
  return b;
}

static const tsr_ref *to_ref(machine_tape *T, const machine_tape_slot *s, int32_t i, tsr_ref *out) {
  if (i < 0) return NULL;
  const machine_tape_ref *k = &s->refs[i];
  *out = (tsr_ref){.data = (char *)(uintptr_t)k->data, .dtype = (tsr_dtype)k->dtype, .space = (tsr_space)k->space,
                   .rank = k->rank};
  if (k->rank > 0) {
    memcpy(out->shape, s->ints + k->dims, (size_t)k->rank * sizeof *out->shape);
    memcpy(out->stride, s->ints + k->dims + k->rank, (size_t)k->rank * sizeof *out->stride);
  }
  if (k->has_buf) out->buf = stand_in(T, k);
  return out;
}

void machine_tape_event(machine_tape *T, int slot, size_t i, tsr_event *ev, machine_tape_event_refs *refs) {
  const machine_tape_slot *s = &T->slots[slot];
  const machine_tape_rec *r = &s->recs[i];
  *ev = (tsr_event){.kind = (tsr_event_kind)r->kind, .core = r->core, .step = r->step,
                    .name = r->name >= 0 ? T->strs[r->name] : NULL, .dma_id = r->dma_id, .dir = (tsr_dma_dir)r->dir,
                    .src = to_ref(T, s, r->src, &refs->src), .dst = to_ref(T, s, r->dst, &refs->dst),
                    .sem = to_ref(T, s, r->sem, &refs->sem), .bytes = r->bytes, .amount = r->amount,
                    .operand = r->operand, .rank = r->rank, .index = r->index >= 0 ? s->ints + r->index : NULL,
                    .target_core = r->target_core, .write = r->write, .space = (tsr_space)r->space,
                    .cost = r->cost >= 0 ? &s->costs[r->cost] : NULL, .loc = r->loc >= 0 ? T->strs[r->loc] : NULL,
                    .device = r->device, .target_device = r->target_device, .recv_sem = to_ref(T, s, r->recv, &refs->recv),
                    .no_device_barrier = r->no_barrier != 0, .steps = (tsr_steps_kind)r->steps, .replayed = true,
                    .poison_at = r->noted >= 0 ? s->ints + r->noted : NULL};
}

/* ---- across processes: the tape as bytes ---- */

/* Layout: the string table (blob_put_strings); int32 slots; per slot: int32 slot, int64
 * records, int64 refs, int64 costs, int64 ints, the records, the refs, the costs, the ints. */
tsr_status machine_tape_export(machine_tape *T, char **out, size_t *len) {
  *out = NULL;
  *len = 0;
  blob b = {0};
  blob_put_strings(&b, T->strs, T->nstrs);
  int32_t nslots = 0;
  for (int t = 0; t < MACHINE_TAPE_MAX_SLOTS; t++) nslots += T->slots[t].n > 0;
  blob_put(&b, &nslots, sizeof nslots);
  for (int32_t t = 0; t < MACHINE_TAPE_MAX_SLOTS; t++) {
    machine_tape_slot *s = &T->slots[t];
    if (!s->n) continue;
    int64_t counts[4] = {(int64_t)s->n, (int64_t)s->nrefs, (int64_t)s->ncosts, (int64_t)s->nints};
    blob_put(&b, &t, sizeof t);
    blob_put(&b, counts, sizeof counts);
    blob_put(&b, s->recs, s->n * sizeof *s->recs);
    blob_put(&b, s->refs, s->nrefs * sizeof *s->refs);
    blob_put(&b, s->costs, s->ncosts * sizeof *s->costs);
    blob_put(&b, s->ints, s->nints * sizeof *s->ints);
  }
  bool nomem = b.nomem || T->nomem;
  machine_tape_clear(T);
  if (nomem) {
    free(b.p);
    return tsr_fail(TSR_ERR_NOMEM, "out of host memory for the event tape");
  }
  *out = b.p;
  *len = b.len;
  return TSR_OK;
}

static bool index_ok(int32_t i, int64_t n) { return i >= -1 && i < n; }

/* Whether n numbers from `at` on lie in a slot of nints of them (at -1: none). */
static bool ints_ok(int32_t at, int64_t n, int64_t nints) { return at == -1 || (at >= 0 && at + n <= nints); }

static bool ref_ok(const void *item, int64_t nints) {
  const machine_tape_ref *f = item;
  return f->rank >= 0 && f->rank <= TSR_MAX_RANK && ints_ok(f->dims, 2 * (int64_t)f->rank, nints) &&
         (f->rank == 0 || f->dims >= 0) && f->agent >= -1 && f->agent < MACHINE_MAX_AGENTS;
}

static bool cost_ok(const void *item, int64_t nints) {
  (void)nints;
  const tsr_cost *c = item;
  return c->num_shapes >= 0 && c->num_shapes <= TSR_COST_SHAPES;
}

/* Appends n items of `elem` bytes at *at to the array *a (*count of *cap); false: malformed. */
static bool take_items(machine_tape *T, const char *p, size_t len, size_t *at, int64_t n, size_t elem,
                       int64_t nints, bool (*ok)(const void *, int64_t), void **a, size_t *count, size_t *cap) {
  if ((uint64_t)n > (len - *at) / elem) return false;
  for (int64_t k = 0; k < n; k++) {
    union { machine_tape_ref ref; tsr_cost cost; } item; /* room and alignment for either */
    blob_take(p, len, at, &item, elem);
    if (!ok(&item, nints)) return false;
    if (*count == *cap) {
      size_t ncap = grow_array_realloc(a, elem, *cap, FIRST_CAP(elem), SIZE_MAX);
      if (ncap == *cap) {
        T->nomem = true;
        continue;
      }
      *cap = ncap;
    }
    memcpy((char *)*a + *count * elem, &item, elem);
    (*count)++;
  }
  return true;
}

/* Reads one slot's records, refs and costs at *at into the empty slot s; false: malformed. */
static bool take_slot(machine_tape *T, machine_tape_slot *s, const char *p, size_t len, size_t *at,
                      const int64_t *counts, const int32_t *ids, int32_t nids) {
  int64_t nr = counts[0], nf = counts[1], nc = counts[2], ni = counts[3];
  if (nr < 0 || nf < 0 || nc < 0 || ni < 0 || ni > INT32_MAX || (uint64_t)nr > (len - *at) / sizeof(machine_tape_rec))
    return false;
  for (int64_t k = 0; k < nr; k++) {
    machine_tape_rec r;
    blob_take(p, len, at, &r, sizeof r);
    if (!index_ok(r.src, nf) || !index_ok(r.dst, nf) || !index_ok(r.sem, nf) || !index_ok(r.recv, nf) ||
        !index_ok(r.cost, nc) || !index_ok(r.loc, nids) || !index_ok(r.name, nids) || r.rank < 0 ||
        r.rank > TSR_MAX_RANK || r.device < 0 || r.device >= TSR_MAX_DEVICES || r.target_device < 0 ||
        r.target_device >= TSR_MAX_DEVICES || r.kind < 0 || r.kind > TSR_EV_SHARED_OUTPUT || r.core < 0 ||
        r.core >= MACHINE_MAX_CORES || r.target_core < -1 || r.target_core >= MACHINE_MAX_CORES ||
        r.steps < TSR_STEPS_IN_ORDER || r.steps > TSR_STEPS_SCALAR_SUBCORES ||
        !ints_ok(r.index, r.rank, ni) || !ints_ok(r.noted, TSR_MAX_RANK, ni) || r.digest != -1)
      return false;
    r.loc = r.loc >= 0 ? ids[r.loc] : -1;
    r.name = r.name >= 0 ? ids[r.name] : -1;
    if (!GROW_ARRAY(s->recs, s->n, s->cap, FIRST_CAP(sizeof *s->recs))) T->nomem = true;
    else s->recs[s->n++] = r;
  }
  if (!take_items(T, p, len, at, nf, sizeof(machine_tape_ref), ni, ref_ok, (void **)&s->refs, &s->nrefs,
                  &s->caprefs) ||
      !take_items(T, p, len, at, nc, sizeof(tsr_cost), ni, cost_ok, (void **)&s->costs, &s->ncosts, &s->capcosts) ||
      (uint64_t)ni > (len - *at) / sizeof(int64_t))
    return false;
  int64_t *ints = ni ? malloc((size_t)ni * sizeof *ints) : NULL;
  if (ni && !ints) {
    T->nomem = true;
    *at += (size_t)ni * sizeof *ints;
    return true;
  }
  blob_take(p, len, at, ints, (size_t)ni * sizeof *ints);
  free(s->ints);
  s->ints = ints;
  s->nints = s->capints = (size_t)ni;
  return true;
}

static int32_t intern_string(void *T, const char *str) { return intern(T, str); }

tsr_status machine_tape_import(machine_tape *T, const char *p, size_t len, int max_slots, const char *what,
                               const char *from) {
  size_t at = 0;
  int32_t nstrs = 0, nslots = 0, *ids = NULL;
  tsr_status st = TSR_OK;
  int got = blob_take_strings(p, len, &at, intern_string, T, &ids, &nstrs);
  if (got == BLOB_NOMEM) {
    st = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
    goto out;
  }
  if (got != BLOB_OK) goto bad;
  if (!blob_take(p, len, &at, &nslots, sizeof nslots) || nslots < 0 || nslots > MACHINE_TAPE_MAX_SLOTS)
    goto bad;
  for (int32_t i = 0; i < nslots; i++) {
    int32_t t;
    int64_t counts[4];
    if (!blob_take(p, len, &at, &t, sizeof t) || !blob_take(p, len, &at, counts, sizeof counts) || t < 0 ||
        t >= MACHINE_TAPE_MAX_SLOTS || t >= max_slots)
      goto bad;
    machine_tape_slot *s = &T->slots[t];
    if (s->n) {
      st = tsr_fail(TSR_ERR_INVALID, "%s: core slot %d was recorded here and by %s", what, t, from);
      goto out;
    }
    s->nrefs = s->ncosts = s->nints = 0; /* the slot's indices start at 0 */
    if (!take_slot(T, s, p, len, &at, counts, ids, nstrs)) goto bad;
  }
  if (at == len) goto out;
bad:
  st = tsr_fail(TSR_ERR_PARSE, "%s: the event tape from %s is malformed at byte %zu", what, from, at);
out:
  free(ids);
  return st;
}
