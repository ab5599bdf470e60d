/* Per-core VMEM, SMEM and semaphore memory: stacks of allocations sized to what kernels use. */
#include "machine/machine_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

machine_space_arena *machine_core_arena(machine_core *c, tsr_space space) {
  switch (space) {
  case TSR_SMEM: return &c->smem;
  case TSR_SEMAPHORE_MEM: return &c->sems;
  default: return &c->vmem;
  }
}

static size_t round_up(size_t n, size_t a) { return (n + a - 1) / a * a; }

void machine_core_fill_fresh(tsr_buffer *b) {
  /* Fresh memory is garbage on a TPU: poison it (NaN bytes) so that reading it shows;
   * semaphores start at zero. */
  memset(b->base, b->space == TSR_SEMAPHORE_MEM ? 0 : 0xFF, round_up(b->bytes ? b->bytes : 1, 64));
}

void machine_arena_init(machine_space_arena *a, tsr_space space, int64_t capacity) {
  a->space = space;
  a->capacity = capacity;
  pthread_mutex_init(&a->lock, NULL);
}

/* Whether other cores or devices may reach this core's memory (machine_arena_reach): then the arena's
 * lock orders its changes. */
static bool reachable(const machine_core *c) { return c->m->num_cores > 1 || c->m->num_devices > 1; }

/* Host memory of a buffer of `rounded` bytes: one the arena kept, or fresh. */
static tsr_buffer *new_buffer(machine_core *c, machine_space_arena *a, size_t bytes, size_t rounded) {
  tsr_buffer *b = malloc(sizeof *b);
  char *base = block_cache_take(&a->kept, rounded);
  if (!base) base = aligned_alloc(64, rounded);
  int *by = a->space == TSR_SEMAPHORE_MEM ? calloc(rounded / sizeof(int64_t), sizeof(int)) : NULL;
  if (!b || !base || (a->space == TSR_SEMAPHORE_MEM && !by)) {
    free(b);
    free(base);
    free(by);
    return NULL;
  }
  b->signalled_by = by;
  b->device = c->m->device;
  b->in_mesh = c->m->num_devices > 1;
  b->core = c->id;
  b->space = a->space;
  b->base = base;
  b->bytes = bytes;
  b->reached = false;
  return b;
}

static void free_buffer(machine_space_arena *a, tsr_buffer *b) {
  if (!block_cache_put(&a->kept, b->base, round_up(b->bytes ? b->bytes : 1, 64), BLOCK_CACHE_CAP, (size_t)a->capacity))
    free(b->base);
  free(b->signalled_by);
  free(b);
}

/* The buffer of subcore `agent` parked at number seq, taken out of the parked ones (NULL:
 * none). */
static tsr_buffer *unpark(machine_space_arena *a, int agent, int seq) {
  if (agent + 1 >= a->nlanes) return NULL;
  struct park_lane *l = &a->parked[agent + 1];
  if (seq >= l->n || !l->at[seq]) return NULL;
  tsr_buffer *b = l->at[seq];
  l->at[seq] = NULL;
  return b;
}

/* The buffer parked at its subcore's lane and number (NULL: none), left there. */
static tsr_buffer *parked_at(const machine_space_arena *a, int agent, int seq) {
  if (agent + 1 >= a->nlanes) return NULL;
  const struct park_lane *l = &a->parked[agent + 1];
  return seq < l->n ? l->at[seq] : NULL;
}

static bool park(machine_space_arena *a, tsr_buffer *b) {
  int lanes = b->agent + 2; /* lane 0: the buffers no subcore owns (agent -1) */
  if (lanes > a->nlanes) {
    struct park_lane *nl = realloc(a->parked, (size_t)lanes * sizeof *nl);
    if (!nl) return false;
    memset(nl + a->nlanes, 0, (size_t)(lanes - a->nlanes) * sizeof *nl);
    a->parked = nl;
    a->nlanes = lanes;
  }
  struct park_lane *l = &a->parked[b->agent + 1];
  if (b->seq >= l->cap) {
    int ncap = l->cap ? l->cap : 16;
    while (ncap <= b->seq) ncap *= 2;
    tsr_buffer **np = realloc(l->at, (size_t)ncap * sizeof *np);
    if (!np) return false;
    memset(np + l->cap, 0, (size_t)(ncap - l->cap) * sizeof *np);
    l->at = np;
    l->cap = ncap;
  }
  l->at[b->seq] = b;
  if (b->seq >= l->n) l->n = b->seq + 1;
  return true;
}

static tsr_status alloc_locked(machine_core *c, machine_space_arena *a, size_t bytes, int64_t limit, const char *what, bool fill,
                               tsr_buffer **out) {
  tsr_space space = a->space;
  size_t rounded = round_up(bytes ? bytes : 1, 64);
  int64_t cap = limit > 0 && limit < a->capacity ? limit : a->capacity;
  if (a->used + (int64_t)rounded > cap)
    return tsr_fail(TSR_ERR_VMEM,
                    "%s: %s needs %zu bytes but only %lld of %lld are free on core %d",
                    what, tsr_space_name(space), bytes, (long long)(cap - a->used),
                    (long long)cap, c->id);
  if (a->count == a->cap) {
    int ncap = a->cap ? a->cap * 2 : 16;
    if (a->nretired == (int)(sizeof a->retired / sizeof a->retired[0]))
      return tsr_fail(TSR_ERR_NOMEM, "%s: too many %s allocations on core %d", what, tsr_space_name(space), c->id);
    tsr_buffer **nb = malloc((size_t)ncap * sizeof *nb);
    if (!nb) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
    if (a->count) memcpy(nb, a->bufs, (size_t)a->count * sizeof *nb);
    if (a->bufs) a->retired[a->nretired++] = a->bufs;
    __atomic_store_n(&a->bufs, nb, __ATOMIC_RELEASE);
    a->cap = ncap;
  }
  /* what is parked at this number: taken back when it is of this size (keeping what another
   * core's copy or signal left in it); dropped otherwise, unless one reached it */
  tsr_buffer *b = unpark(a, c->agent, a->count);
  if (b && b->bytes != bytes) {
    if (b->reached) {
      park(a, b); /* its slot was just emptied: no allocation */
      return tsr_fail(TSR_ERR_INVALID, "%s: %s allocation %d of core %d has %zu bytes, but another core's copy or "
                      "signal reached it as %zu bytes (a scoped allocation at the same place with another shape)",
                      what, tsr_space_name(space), a->count, c->id, bytes, b->bytes);
    }
    free_buffer(a, b);
    b = NULL;
  }
  bool kept = b && b->reached;
  if (!b) {
    if (!(b = new_buffer(c, a, bytes, rounded)))
      return tsr_fail(TSR_ERR_NOMEM, "out of host memory allocating %zu bytes of %s", bytes, tsr_space_name(space));
    /* a parked buffer already has these; writing them again would race with another device's
     * thread that reached it and now records its event (tape.c reads them without this lock) */
    b->seq = a->count;
    b->agent = c->agent;
  }
  b->reached = false;
  if (fill && !kept) machine_core_fill_fresh(b);
  a->bufs[a->count] = b;
  __atomic_store_n(&a->count, a->count + 1, __ATOMIC_RELEASE); /* published: machine_arena_buffer_at */
  a->used += (int64_t)rounded;
  machine_mesh_transport *far = c->m->root->transport;
  if (far) far->allocated(far, b);
  if (a->used > a->peak) a->peak = a->used;
  if (machine_core_observed(c)) {
    tsr_event ev = {.kind = TSR_EV_ALLOC, .step = c->step, .name = what, .bytes = (int64_t)bytes,
                    .amount = a->used, .space = space, .operand = -1};
    machine_core_emit(c, &ev);
  }
  *out = b;
  return TSR_OK;
}

static tsr_status alloc(machine_core *c, tsr_space space, size_t bytes, int64_t limit, const char *what, bool fill,
                        tsr_buffer **out) {
  machine_space_arena *a = machine_core_arena(c, space);
  bool lock = reachable(c);
  if (lock) pthread_mutex_lock(&a->lock);
  tsr_status s = alloc_locked(c, a, bytes, limit, what, fill, out);
  if (lock) pthread_mutex_unlock(&a->lock);
  return s;
}

tsr_status machine_core_alloc(machine_core *c, tsr_space space, size_t bytes, int64_t limit, const char *what,
                      tsr_buffer **out) {
  return alloc(c, space, bytes, limit, what, true, out);
}

tsr_status machine_core_alloc_unfilled(machine_core *c, tsr_space space, size_t bytes, int64_t limit, const char *what,
                               tsr_buffer **out) {
  return alloc(c, space, bytes, limit, what, space == TSR_SEMAPHORE_MEM, out);
}

/* Releases down to `count` live buffers; parks them (where another core may still reach them)
 * or frees them. */
static void release_to(machine_core *c, tsr_space space, int count, bool parking) {
  machine_space_arena *a = machine_core_arena(c, space);
  bool lock = reachable(c);
  if (lock) pthread_mutex_lock(&a->lock);
  while (a->count > count) {
    tsr_buffer *b = a->bufs[a->count - 1];
    __atomic_store_n(&a->count, a->count - 1, __ATOMIC_RELEASE);
    machine_mesh_transport *far = c->m->root->transport;
    if (far) far->released(far, b);
    a->used -= (int64_t)round_up(b->bytes ? b->bytes : 1, 64);
    if (machine_core_observed(c)) {
      tsr_event ev = {.kind = TSR_EV_FREE, .step = c->step, .bytes = (int64_t)b->bytes,
                      .amount = a->used, .space = space, .operand = -1};
      machine_core_emit(c, &ev);
    }
    if (!parking || !park(a, b)) free_buffer(a, b);
  }
  if (lock) pthread_mutex_unlock(&a->lock);
}

void machine_core_release_to(machine_core *c, tsr_space space, int count) { release_to(c, space, count, false); }
void machine_core_park_to(machine_core *c, tsr_space space, int count) { release_to(c, space, count, true); }

tsr_status machine_core_free_parked(machine_core *c, bool check) {
  tsr_status st = TSR_OK;
  for (int k = 0; k < 3; k++) {
    machine_space_arena *a = machine_core_arena(c, k == 0 ? TSR_VMEM : k == 1 ? TSR_SMEM : TSR_SEMAPHORE_MEM);
    for (int g = 0; g < a->nlanes; g++) {
      struct park_lane *l = &a->parked[g];
      for (int i = 0; i < l->n; i++) {
        tsr_buffer *b = l->at[i];
        if (!b) continue;
        for (size_t j = 0; check && st == TSR_OK && a->space == TSR_SEMAPHORE_MEM && j < b->bytes / sizeof(int64_t); j++) {
          int64_t v = __atomic_load_n((const int64_t *)(const void *)b->base + j, __ATOMIC_ACQUIRE);
          char sub[48] = "";
          if (g) snprintf(sub, sizeof sub, " of SparseCore subcore %d", g - 1);
          if (v != 0)
            st = tsr_fail(TSR_ERR_SEMAPHORE, "core %d: a scoped semaphore (semaphore allocation %d%s, element %zu) "
                          "holds %lld at the end of the kernel: another core or device signalled it, or copied with "
                          "it, after its owner left the scope, or before a scope its owner never entered (semaphores "
                          "must be zero when a kernel ends)", c->id, i, sub, j, (long long)v);
        }
        l->at[i] = NULL;
        free_buffer(a, b);
      }
      l->n = 0;
    }
  }
  return st;
}

tsr_buffer *machine_arena_buffer_at(const machine_space_arena *a, int seq) {
  if (seq < 0 || seq >= __atomic_load_n(&a->count, __ATOMIC_ACQUIRE)) return NULL;
  /* the array stored before that count was, or a newer copy of it: either holds the entry */
  tsr_buffer **bufs = __atomic_load_n(&a->bufs, __ATOMIC_ACQUIRE);
  return bufs[seq];
}

tsr_buffer *machine_arena_reach(machine_core *c, tsr_space space, int agent, int seq, size_t bytes) {
  machine_space_arena *a = machine_core_arena(c, space);
  if (seq < 0 || agent < -1) return NULL;
  if (!reachable(c)) { /* nobody else runs: only the live ones */
    tsr_buffer *b = machine_arena_buffer_at(a, seq);
    return b && b->bytes == bytes && (b->agent == agent || b->agent < 0) ? b : NULL;
  }
  pthread_mutex_lock(&a->lock);
  /* live when its owner holds it now: the number allocated, by the same subcore or outside
   * any (the subcores of a SparseCore kernel run here one after another, each with scoped
   * allocations of its own; what the call allocated before its steps, all of them share) */
  tsr_buffer *b = seq < a->count && (a->bufs[seq]->agent == agent || a->bufs[seq]->agent < 0) ? a->bufs[seq] : NULL;
  bool live = b != NULL;
  if (!b) b = parked_at(a, agent, seq);
  if (!b) { /* its owner has not got there yet: a fresh buffer waits at the number */
    size_t rounded = round_up(bytes ? bytes : 1, 64);
    if ((b = new_buffer(c, a, bytes, rounded))) {
      b->seq = seq;
      b->agent = agent;
      machine_core_fill_fresh(b);
      if (!park(a, b)) {
        free_buffer(a, b);
        b = NULL;
      }
    }
  }
  if (b && b->bytes != bytes) b = NULL;
  if (b && !live) b->reached = true;
  pthread_mutex_unlock(&a->lock);
  return b;
}

void machine_core_drop_kept(machine_core *c, tsr_space space) { block_cache_clear(&machine_core_arena(c, space)->kept); }

char *machine_core_translate(tsr_machine *m, const tsr_buffer *buf, const char *data, int target, tsr_buffer **there) {
  if (!buf || target < 0 || target >= m->num_cores) return NULL;
  tsr_buffer *tb = machine_arena_reach(&m->cores[target], buf->space, buf->agent, buf->seq, buf->bytes);
  size_t off = (size_t)(data - buf->base);
  if (!tb || off >= tb->bytes) return NULL;
  if (there) *there = tb;
  return tb->base + off;
}
