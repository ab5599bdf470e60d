/* Per-core VMEM, SMEM and semaphore memory: stacks of allocations sized to what kernels use. */
#include "machine/machine_internal.h"

#include <stdlib.h>
#include <string.h>

space_arena *core_arena(tsr_core *c, tsr_space space) {
  switch (space) {
  case TSR_SMEM: return &c->smem;
  case TSR_SEMAPHORE_MEM: return &c->sems;
  default: return &c->vmem;
  }
}

static size_t round_up(size_t n, size_t a) { return (n + a - 1) / a * a; }

void core_fill_fresh(tsr_buffer *b) {
  /* Fresh memory is garbage on a TPU: poison it (NaN bytes) so that reading it shows;
   * semaphores start at zero. */
  memset(b->base, b->space == TSR_SEMAPHORE_MEM ? 0 : 0xFF, round_up(b->bytes ? b->bytes : 1, 64));
}

static tsr_status alloc(tsr_core *c, tsr_space space, size_t bytes, int64_t limit, const char *what, bool fill,
                        tsr_buffer **out) {
  space_arena *a = core_arena(c, space);
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
  tsr_buffer *b = malloc(sizeof *b);
  char *base = block_cache_take(&a->kept, rounded);
  if (!base) base = aligned_alloc(64, rounded);
  if (!b || !base) {
    free(b);
    free(base);
    return tsr_fail(TSR_ERR_NOMEM, "out of host memory allocating %zu bytes of %s", bytes,
                    tsr_space_name(space));
  }
  b->signalled_by = NULL;
  if (space == TSR_SEMAPHORE_MEM && !(b->signalled_by = calloc(rounded / sizeof(int64_t), sizeof(int)))) {
    free(b);
    free(base);
    return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  }
  b->device = c->m->device;
  b->in_mesh = c->m->num_devices > 1;
  b->core = c->id;
  b->space = space;
  b->seq = a->count;
  b->base = base;
  b->bytes = bytes;
  if (fill) core_fill_fresh(b);
  a->bufs[a->count] = b;
  __atomic_store_n(&a->count, a->count + 1, __ATOMIC_RELEASE); /* published: arena_buffer_at */
  a->used += (int64_t)rounded;
  mesh_transport *far = c->m->root->transport;
  if (far) far->allocated(far, b);
  if (a->used > a->peak) a->peak = a->used;
  if (core_observed(c)) {
    tsr_event ev = {.kind = TSR_EV_ALLOC, .step = c->step, .name = what, .bytes = (int64_t)bytes,
                    .amount = a->used, .space = space, .operand = -1};
    core_emit(c, &ev);
  }
  *out = b;
  return TSR_OK;
}

tsr_status core_alloc(tsr_core *c, tsr_space space, size_t bytes, int64_t limit, const char *what,
                      tsr_buffer **out) {
  return alloc(c, space, bytes, limit, what, true, out);
}

tsr_status core_alloc_unfilled(tsr_core *c, tsr_space space, size_t bytes, int64_t limit, const char *what,
                               tsr_buffer **out) {
  return alloc(c, space, bytes, limit, what, space == TSR_SEMAPHORE_MEM, out);
}

void core_release_to(tsr_core *c, tsr_space space, int count) {
  space_arena *a = core_arena(c, space);
  while (a->count > count) {
    tsr_buffer *b = a->bufs[a->count - 1];
    __atomic_store_n(&a->count, a->count - 1, __ATOMIC_RELEASE);
    mesh_transport *far = c->m->root->transport;
    if (far) far->released(far, b);
    a->used -= (int64_t)round_up(b->bytes ? b->bytes : 1, 64);
    if (core_observed(c)) {
      tsr_event ev = {.kind = TSR_EV_FREE, .step = c->step, .bytes = (int64_t)b->bytes,
                      .amount = a->used, .space = space, .operand = -1};
      core_emit(c, &ev);
    }
    if (!block_cache_put(&a->kept, b->base, round_up(b->bytes ? b->bytes : 1, 64), BLOCK_CACHE_CAP,
                         (size_t)a->capacity))
      free(b->base);
    free(b->signalled_by);
    free(b);
  }
}

tsr_buffer *arena_buffer_at(const space_arena *a, int seq) {
  if (seq < 0 || seq >= __atomic_load_n(&a->count, __ATOMIC_ACQUIRE)) return NULL;
  /* the array stored before that count was, or a newer copy of it: either holds the entry */
  tsr_buffer **bufs = __atomic_load_n(&a->bufs, __ATOMIC_ACQUIRE);
  return bufs[seq];
}

void core_drop_kept(tsr_core *c, tsr_space space) { block_cache_clear(&core_arena(c, space)->kept); }

char *core_translate(tsr_machine *m, const tsr_buffer *buf, const char *data, int target) {
  if (!buf || target < 0 || target >= m->num_cores) return NULL;
  tsr_buffer *tb = arena_buffer_at(core_arena(&m->cores[target], buf->space), buf->seq);
  size_t off = (size_t)(data - buf->base);
  if (!tb || tb->bytes != buf->bytes || off >= tb->bytes) return NULL;
  return tb->base + off;
}
