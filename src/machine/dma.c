/* The DMA engine and semaphores of one core. A DMA copies a rectangular window between refs
 * of equal shape and dtype and then signals its DMA semaphore by its byte count; a wait
 * blocks until the semaphore holds the bytes it expects and subtracts them. On TPU v6 and
 * later a DMA may signal a regular semaphore instead, by one (machine_dma_count), which a
 * semaphore wait then takes. */
#include "machine/machine_internal.h"

#include "core/dtype.h"
#include "core/grow.h"
#include "core/strided.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* More DMAs in flight on one core than this is a kernel that starts DMAs and never waits for
 * them, not a pipeline: an error before the table takes the host's memory. */
#define MAX_DMAS_IN_FLIGHT (1 << 20)

/* ---- poison ----------------------------------------------------------------------------- */

static unsigned char poison_byte(tsr_dtype t) { return dtype_traits_of(t)->poison; }

void machine_fill_poison(const tsr_ref *r) {
  size_t es = tsr_dtype_size(r->dtype);
  unsigned char pb = poison_byte(r->dtype);
  strided_rows w;
  if (!strided_rows_start(&w, r->rank, r->shape, r->stride, NULL)) return;
  do {
    char *row = r->data + w.at[0] * (int64_t)es;
    if (w.step[0] == 1) memset(row, pb, (size_t)w.len * es);
    else for (int64_t j = 0; j < w.len; j++) memset(row + j * w.step[0] * (int64_t)es, pb, es);
  } while (strided_rows_next(&w));
}

/* Scans row by row (the innermost dimension), comparing whole elements against the pattern:
 * checkers run this on every output DMA, so it has to be a tight loop. */
bool machine_find_poison(const tsr_ref *r, int64_t *first) {
  size_t es = tsr_dtype_size(r->dtype);
  if (es == 0 || es > 8 || tsr_ref_numel(r) == 0) return false;
  unsigned char pb = poison_byte(r->dtype);
  uint64_t pat = 0;
  memset(&pat, pb, es);
  int inner = r->rank - 1;
  int64_t len = r->rank ? r->shape[inner] : 1, step = r->rank ? r->stride[inner] * (int64_t)es : 0;
  int64_t idx[TSR_MAX_RANK] = {0};
  for (;;) {
    const unsigned char *row = tsr_ref_ptr(r, idx);
    /* Contiguous rows of 32-, 16- and 8-bit elements: count matches without an early exit,
     * which the compiler vectorises; only a row that has one is searched element by element. */
    if (step == (int64_t)es && (es == 4 || es == 2 || es == 1)) {
      int64_t hits = 0;
      if (es == 4) {
        const uint32_t *w = (const uint32_t *)(const void *)row;
        for (int64_t j = 0; j < len; j++) hits += w[j] == (uint32_t)pat;
      } else if (es == 2) {
        const uint16_t *w = (const uint16_t *)(const void *)row;
        for (int64_t j = 0; j < len; j++) hits += w[j] == (uint16_t)pat;
      } else {
        for (int64_t j = 0; j < len; j++) hits += row[j] == (unsigned char)pat;
      }
      if (!hits) goto next_row;
    }
    for (int64_t j = 0; j < len; j++) {
      uint64_t v = 0;
      memcpy(&v, row + j * step, es);
      if (v == pat) {
        if (first) {
          memcpy(first, idx, (size_t)r->rank * sizeof *idx);
          if (r->rank) first[inner] = j;
        }
        return true;
      }
    }
  next_row:
    if (!strided_next(idx, r->shape, inner)) return false;
  }
}

bool machine_has_poison(const tsr_ref *r) { return machine_find_poison(r, NULL); }

/* A copy out of VMEM or SMEM into HBM: an output's write-back, or a body's own copy there. */
static bool to_hbm(const tsr_event *ev) {
  if (ev->dir == TSR_DMA_OUT) return true;
  return ev->dst && (ev->dst->space == TSR_HBM || ev->dst->space == TSR_ANY) && ev->src &&
         (ev->src->space == TSR_VMEM || ev->src->space == TSR_SMEM);
}

bool machine_output_poison(const tsr_event *ev, int64_t *at) {
  if (ev->kind != TSR_EV_DMA_START || ev->replayed || !ev->src || !to_hbm(ev)) return false;
  return machine_find_poison(ev->src_data ? ev->src_data : ev->src, at);
}

/* ---- semaphores ------------------------------------------------------------------------ */

static int64_t *sem_cell(const tsr_ref *sem) { return (int64_t *)(void *)sem->data; }

int64_t machine_core_sem_read(const tsr_ref *sem) {
  return __atomic_load_n(sem_cell(sem), __ATOMIC_ACQUIRE);
}

static tsr_status check_sem(const tsr_ref *sem, tsr_dtype kind, const char *op) {
  if (!sem || sem->space != TSR_SEMAPHORE_MEM || !tsr_dtype_is_semaphore(sem->dtype))
    return tsr_fail(TSR_ERR_SEMAPHORE, "%s: not a semaphore", op);
  if (sem->rank != 0)
    return tsr_fail(TSR_ERR_SEMAPHORE, "%s: semaphore must be a single one (rank 0), got rank %d; "
                    "index the semaphore array", op, sem->rank);
  if (sem->dtype != kind)
    return tsr_fail(TSR_ERR_SEMAPHORE, "%s requires a %s, got a %s", op, tsr_dtype_name(kind),
                    tsr_dtype_name(sem->dtype));
  return TSR_OK;
}

/* The semaphore a DMA signals: a DMA semaphore, or on TPU v6 and later a regular one (as JAX
 * allows, pltpu.SemaphoreType.REGULAR; its tests skip it before v6), except for a DMA to or
 * from SMEM, which Mosaic's verifier refuses (EnqueueDMAOp::verify). */
static tsr_status check_dma_sem(const machine_core *c, const tsr_ref *sem, const machine_dma_request *r, const char *op) {
  if (sem && sem->dtype == TSR_SEM) {
    const tsr_chip *chip = &c->m->chip;
    if (chip->generation < 6)
      return tsr_fail(TSR_ERR_SEMAPHORE, "%s: a DMA signals a regular semaphore only on TPU v6 and later "
                      "(this chip, %s, is generation %d); use a DMA semaphore (pltpu.SemaphoreType.DMA)",
                      op, chip->name, chip->generation);
    TSR_TRY(check_sem(sem, TSR_SEM, op));
    if (r && (r->src->space == TSR_SMEM || r->dst->space == TSR_SMEM))
      return tsr_fail(TSR_ERR_SEMAPHORE, "%s: a DMA to or from SMEM needs a DMA semaphore, not a regular one "
                      "(as Mosaic requires)", op);
    return TSR_OK;
  }
  return check_sem(sem, TSR_DMA_SEM, op);
}

/* Completes the DMAs on `sem` not yet completed (the on-wait and random orders), newest
 * first, until it holds `amount`; in random order also a random subset of the others. */
static void complete_for_wait(machine_core *c, const tsr_ref *sem, int64_t amount);

static uint64_t rng_next(uint64_t *s) {
  uint64_t x = *s;
  x ^= x << 13; x ^= x >> 7; x ^= x << 17;
  return *s = x;
}

static void copy_ref(const tsr_ref *dst, const tsr_ref *src, bool stream) {
  if (stream) strided_copy_stream(tsr_dtype_size(dst->dtype), dst->rank, dst->shape, dst->data, dst->stride, src->data, src->stride);
  else strided_copy_ref(dst, src);
}

/* A big copy in bands of its leading dimension, shared with the host helpers: one CPU copies
 * at about half the speed two reach from L3. The bytes are the same whoever moves them. */
typedef struct copy_bands {
  const tsr_ref *dst, *src;
  bool stream;
  int dim;                 /* the first dimension with room for the bands */
  int64_t rows_per_band;
} copy_bands;

static void copy_band(void *arg, int part) {
  const copy_bands *cb = arg;
  tsr_ref d = *cb->dst, s = *cb->src;
  int k = cb->dim;
  int64_t r0 = part * cb->rows_per_band, r1 = r0 + cb->rows_per_band;
  if (r1 > d.shape[k]) r1 = d.shape[k];
  size_t es = tsr_dtype_size(d.dtype);
  d.data += r0 * d.stride[k] * (int64_t)es;
  s.data += r0 * s.stride[k] * (int64_t)es;
  d.shape[k] = s.shape[k] = r1 - r0;
  copy_ref(&d, &s, cb->stream);
}

#define COPY_BAND_BYTES ((int64_t)32 << 10)

static void copy_window_shared(tsr_machine *m, const tsr_ref *dst, const tsr_ref *src, bool stream) {
  int64_t bytes = tsr_ref_numel(dst) * (int64_t)tsr_dtype_size(dst->dtype);
  int parts = (int)(bytes / COPY_BAND_BYTES < 4 ? bytes / COPY_BAND_BYTES : 4);
  int k = 0;
  while (k < dst->rank && dst->shape[k] < parts) k++; /* past leading size-1 dimensions */
  if (m->num_helpers <= 0 || parts < 2 || k == dst->rank) {
    copy_ref(dst, src, stream);
    return;
  }
  copy_bands cb = {dst, src, stream, k, (dst->shape[k] + parts - 1) / parts};
  machine_parallel_for(m, (int)((dst->shape[k] + cb.rows_per_band - 1) / cb.rows_per_band), copy_band, &cb);
}

/* A copy of sub-byte fields (machine_dma_request.field_bits): each element is one field, the packed
 * side's byte holding it at bits [j * bits, (j + 1) * bits) for j its index in the
 * second-minor dimension. Elements of one packed byte are written in turn, each keeping the
 * byte's other fields. */
static void copy_fields(const tsr_ref *dst, const tsr_ref *src, int bits) {
  bool to_packed = dst->dtype == TSR_U8;
  bool sext = (to_packed ? src->dtype : dst->dtype) == TSR_I4;
  unsigned mask = (1u << bits) - 1u;
  int r = dst->rank, fd = r - 2;
  int64_t idx[TSR_MAX_RANK] = {0};
  if (tsr_ref_numel(dst) == 0) return;
  do {
    unsigned char *d = tsr_ref_ptr(dst, idx);
    const unsigned char *s = tsr_ref_ptr(src, idx);
    int shift = (int)idx[fd] * bits;
    if (to_packed) {
      *d = (unsigned char)((*d & ~(mask << shift)) | ((*s & mask) << shift));
    } else {
      unsigned f = (*s >> shift) & mask;
      *d = (unsigned char)(sext && f >> (bits - 1) ? f | ~mask : f);
    }
  } while (strided_next(idx, dst->shape, r));
}

static void move_data(machine_core *c, machine_pending_dma *d) {
  if (d->machine_has_poison) machine_fill_poison(&d->poison);
  if (d->field_bits) copy_fields(&d->dst, &d->src, d->field_bits);
  else copy_window_shared(c->m, &d->dst, &d->src, d->stream);
}

/* A field DMA's two sides: bytes that pack the fields and a byte a field, of one shape
 * whose second-minor dimension indexes the fields of a byte. */
static tsr_status check_fields(const machine_dma_request *r) {
  int b = r->field_bits;
  const tsr_ref *packed = r->src->dtype == TSR_U8 ? r->src : r->dst, *one = packed == r->src ? r->dst : r->src;
  bool narrow = one->dtype == TSR_I4 || one->dtype == TSR_U4;
  if (b != 4 || !narrow || packed->dtype != TSR_U8 || r->src->rank != r->dst->rank || r->src->rank < 2 || r->recv_sem ||
      r->far || packed->shape[packed->rank - 2] > 8 / b)
    return tsr_fail(TSR_ERR_INVALID, "a DMA of %d-bit fields moves between bytes of packed fields and a 4-bit type (%s to %s)", b,
                    tsr_dtype_name(r->src->dtype), tsr_dtype_name(r->dst->dtype));
  return TSR_OK;
}

/* Moves the data of a pending DMA (a late one: marks it to move at its wait) and signals its
 * semaphore. */
static void complete_copy(machine_core *c, machine_pending_dma *d) {
  if (d->copied) return;
  if (d->far) { /* moved, and counted on its receive semaphore, by the transport at its start */
  } else if (!d->no_copy && !d->late) {
    move_data(c, d);
  }
  d->copied = true;
  /* who signals, noted before the count that releases a waiter: once the waiter may run on,
   * the semaphore may be freed (the end of a run_scoped region) */
  machine_sem_note_signaller(&d->sem, c);
  __atomic_add_fetch(sem_cell(&d->sem), d->count, __ATOMIC_SEQ_CST);
  if (d->remote && !d->far) {
    machine_sem_note_signaller(&d->recv_sem, c);
    __atomic_add_fetch(sem_cell(&d->recv_sem), d->count, __ATOMIC_SEQ_CST);
  }
  __atomic_add_fetch(&c->m->sync->progress, 1, __ATOMIC_SEQ_CST);
  if (machine_core_observed(c)) {
    tsr_event ev = {.kind = TSR_EV_DMA_DONE, .step = c->step, .dma_id = d->id, .dir = d->dir,
                    .src = &d->src, .dst = &d->dst, .sem = &d->sem, .bytes = d->bytes,
                    .operand = d->operand};
    machine_core_emit(c, &ev);
  }
}

/* In random mode, completes a random subset of the DMAs still pending. */
static void complete_some(machine_core *c) {
  for (int i = 0; i < c->num_dmas; i++)
    if (!c->dmas[i].copied && (rng_next(&c->rng) & 1)) complete_copy(c, &c->dmas[i]);
}

tsr_status machine_core_dma_start(machine_core *c, const machine_dma_request *r) {
  TSR_TRY(check_dma_sem(c, r->sem, r, r->recv_sem ? "remote copy (send semaphore)" : "DMA start"));
  if (r->recv_sem) {
    TSR_TRY(check_dma_sem(c, r->recv_sem, r, "remote copy (receive semaphore)"));
    if (r->recv_sem->dtype != r->sem->dtype)
      return tsr_fail(TSR_ERR_SEMAPHORE, "remote copy: the send semaphore is a %s but the receive semaphore a %s; "
                      "both must be of one type", tsr_dtype_name(r->sem->dtype), tsr_dtype_name(r->recv_sem->dtype));
  }
  if (r->field_bits) TSR_TRY(check_fields(r));
  else if (r->src->dtype != r->dst->dtype || r->src->rank != r->dst->rank)
    return tsr_fail(TSR_ERR_INVALID, "DMA between refs of different dtype or rank (%s %d-d, %s %d-d)",
                    tsr_dtype_name(r->src->dtype), r->src->rank, tsr_dtype_name(r->dst->dtype),
                    r->dst->rank);
  for (int d = 0; d < r->src->rank; d++)
    if (r->src->shape[d] != r->dst->shape[d]) {
      char a[64], b[64];
      return tsr_fail(TSR_ERR_INVALID, "DMA between refs of different shapes %s and %s",
                      tsr_ref_describe(r->src, a, sizeof a), tsr_ref_describe(r->dst, b, sizeof b));
    }
  if (c->num_dmas >= MAX_DMAS_IN_FLIGHT)
    return tsr_fail(TSR_ERR_SEMAPHORE, "more than %d DMAs in flight on core %d: DMAs started "
                    "but never waited for", MAX_DMAS_IN_FLIGHT, c->id);
  if (!GROW_ARRAY(c->dmas, c->num_dmas, c->cap_dmas, 32)) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  machine_pending_dma *d = &c->dmas[c->num_dmas++];
  d->id = ++c->next_dma_id;
  d->src = *r->src;
  d->dst = *r->dst;
  d->machine_has_poison = r->poison != NULL;
  if (r->poison) d->poison = *r->poison;
  d->sem = *r->sem;
  d->bytes = r->bytes;
  d->count = machine_dma_count(r->sem, r->bytes);
  d->copied = false;
  /* a timing-only call: nothing reads VMEM or HBM data, but SMEM may decide control flow */
  d->no_copy = r->no_copy || (c->m->no_data && r->dst->space != TSR_SMEM);
  d->stream = r->stream;
  d->field_bits = r->field_bits;
  /* only where the copy would otherwise happen now, and no observer watches the data land
   * (one that reads the schedule only is told of the landing at the wait) */
  d->late = r->late && !r->field_bits && !d->no_copy && !r->far && !r->recv_sem && c->m->opts.dma_mode == TSR_DMA_EAGER &&
            !machine_observers_see_data(c->m);
  d->remote = r->recv_sem != NULL;
  d->far = r->far;
  if (d->remote) d->recv_sem = *r->recv_sem;
  d->target_device = d->remote ? r->target_device : c->m->device;
  d->target_core = d->remote ? r->target_core : c->id;
  d->dir = r->dir;
  d->operand = r->operand;
  d->step = c->step;
  if (machine_core_observed(c)) {
    tsr_event ev = {.kind = TSR_EV_DMA_START, .step = c->step, .name = r->name, .dma_id = d->id,
                    .dir = r->dir, .src = r->src, .dst = r->dst, .sem = r->sem,
                    .bytes = r->bytes, .operand = r->operand, .rank = r->rank, .index = r->block,
                    .target_device = d->target_device, .target_core = d->target_core,
                    .recv_sem = r->recv_sem, .loc = r->loc}; /* a far one: its namesake here (machine.h) */
    machine_core_emit(c, &ev);
  }
  /* A remote copy moves its data when it starts, in every order: its receiver waits on a
   * semaphore of its own, and nothing on the receiving core could complete it later. */
  if (d->far) {
    machine_mesh_transport *t = c->m->root->transport;
    TSR_TRY(t->copy(t, c, r->src, r->dst, r->recv_sem, r->target_device, r->target_core, d->count));
  }
  if (d->remote) { complete_copy(c, d); return TSR_OK; }
  switch (c->m->opts.dma_mode) {
  case TSR_DMA_EAGER: complete_copy(c, d); break;
  case TSR_DMA_RANDOM: complete_some(c); break;
  case TSR_DMA_ON_WAIT: break;
  }
  return TSR_OK;
}

/* Whether two late DMAs may move side by side: neither writes what the other reads or writes. */
static bool independent(const machine_pending_dma *a, const machine_pending_dma *b) {
  return !machine_spans_overlap(&a->dst, &b->dst) && !machine_spans_overlap(&a->dst, &b->src) &&
         !machine_spans_overlap(&a->src, &b->dst) &&
         (!a->machine_has_poison || (!machine_spans_overlap(&a->poison, &b->dst) && !machine_spans_overlap(&a->poison, &b->src))) &&
         (!b->machine_has_poison || (!machine_spans_overlap(&b->poison, &a->dst) && !machine_spans_overlap(&b->poison, &a->src)));
}

#define LATE_BATCH 8
#define LATE_PIECE 512 /* where rows are strided or end: a piece each in turn */

/* Moves the data of every late DMA on the core (a wait retires one of them: its bytes are
 * wanted now). Each may move anywhere between its start and its wait, so all go now, side
 * by side a few lines at a time (strided_cursors_run): the next step's inputs read from
 * memory while the last step's output is written there, as a plain loop over the arrays
 * keeps several memory streams in flight (one copy after another leaves the CPU waiting on
 * one stream at a time). The bytes are the same as one copy after another, since none of
 * them touches another's source or destination (else they go one by one, in order). Host
 * helpers free to share each big copy (copy_window_shared): with them, one by one too. */
static void move_late(machine_core *c) {
  int idx[LATE_BATCH], n = 0;
  for (int i = 0; i <= c->num_dmas; i++) {
    bool take = i < c->num_dmas && c->dmas[i].late;
    if (take) idx[n++] = i;
    if (n == 0 || (take && n < LATE_BATCH)) continue;
    bool together = n > 1 && !machine_helpers_free(c->m);
    for (int a = 0; a < n && together; a++)
      for (int b = a + 1; b < n && together; b++) together = independent(&c->dmas[idx[a]], &c->dmas[idx[b]]);
    if (!together) {
      for (int a = 0; a < n; a++) move_data(c, &c->dmas[idx[a]]);
    } else {
      strided_cursor cur[LATE_BATCH];
      for (int a = 0; a < n; a++) {
        machine_pending_dma *d = &c->dmas[idx[a]];
        if (d->machine_has_poison) machine_fill_poison(&d->poison);
        strided_cursor_start(&cur[a], tsr_dtype_size(d->dst.dtype), d->dst.rank, d->dst.shape, d->dst.data,
                             d->dst.stride, d->src.data, d->src.stride, d->stream);
      }
      strided_cursors_run(cur, n, LATE_PIECE); /* fenced: the waiter runs on and reads what landed */
    }
    for (int a = 0; a < n; a++) c->dmas[idx[a]].late = false;
    n = 0;
  }
}

static void remove_dma(machine_core *c, int i) {
  if (c->dmas[i].late) move_late(c);
  memmove(&c->dmas[i], &c->dmas[i + 1], (size_t)(c->num_dmas - i - 1) * sizeof *c->dmas);
  c->num_dmas--;
}

static bool same_sem(const tsr_ref *a, const tsr_ref *b) { return a->data == b->data; }

/* Names a semaphore by core, allocation and index: "core 0 sem 1[2]" (a SparseCore subcore's
 * scoped one: "core 0 sem 1[2] of subcore 3"). */
static void sem_name(const tsr_ref *sem, bool mesh, char *buf, size_t cap) {
  if (!sem->buf) { snprintf(buf, cap, "sem at %p", (void *)sem->data); return; }
  char dev[24] = "";
  if (mesh) snprintf(dev, sizeof dev, "device %d ", sem->buf->device);
  char sub[32] = ""; /* a SparseCore subcore's own (tsr_buffer.agent) */
  if (sem->buf->agent >= 0) snprintf(sub, sizeof sub, " of subcore %d", sem->buf->agent);
  snprintf(buf, cap, "%score %d sem %d[%lld]%s", dev, sem->buf->core, sem->buf->seq,
           (long long)((sem->data - sem->buf->base) / (ptrdiff_t)sizeof(int64_t)), sub);
}

void machine_sem_note_signaller(const tsr_ref *sem, const machine_core *from) {
  if (!sem->buf || !sem->buf->signalled_by) return;
  size_t cell = (size_t)(sem->data - sem->buf->base) / sizeof(int64_t);
  __atomic_store_n(&sem->buf->signalled_by[cell], from->m->device * MACHINE_MAX_CORES + from->id + 1, __ATOMIC_RELAXED);
}

/* "device 3 core 0", "nobody": who signalled a semaphore cell last. */
static void signaller_name(const tsr_buffer *b, size_t cell, char *buf, size_t cap) {
  int who = b->signalled_by ? __atomic_load_n(&b->signalled_by[cell], __ATOMIC_RELAXED) : 0;
  if (!who) snprintf(buf, cap, "nobody");
  else snprintf(buf, cap, "device %d core %d", (who - 1) / MACHINE_MAX_CORES, (who - 1) % MACHINE_MAX_CORES);
}

#define APPEND(...) \
  do { if (n < cap) n += (size_t)snprintf(buf + n, cap - n, __VA_ARGS__); } while (0)

/* Describes, for a deadlock report, the waited semaphore, every semaphore of every core (their
 * values are atomics, safe to read from here) and every DMA in flight on this core. */
static void describe_state(machine_core *c, const tsr_ref *sem, char *buf, size_t cap) {
  size_t n = 0;
  char name[64], who[48];
  tsr_machine *root = c->m->root;
  bool mesh = root->num_devices > 1;
  sem_name(sem, mesh, name, sizeof name);
  APPEND("%s holds %lld", name, (long long)machine_core_sem_read(sem));
  if (mesh && sem->buf) {
    /* the other end: who signalled it, and where the same semaphore on the other devices
     * (a signal sent to the wrong device lands there) was signalled from */
    size_t at = (size_t)(sem->data - sem->buf->base) / sizeof(int64_t);
    signaller_name(sem->buf, at, who, sizeof who);
    APPEND(" (last signalled by %s); the same semaphore elsewhere:", who);
    for (int d = 0; d < root->num_devices; d++)
      for (int k = 0; k < machine_mesh_device(root, d)->num_cores; k++) {
        machine_mesh_transport *far = machine_mesh_far(c->m, d);
        int64_t v;
        int w;
        if (far) { /* in another process: looked at through the transport */
          if (!far->peek(far, c, sem, d, k, &v, &w)) continue;
          if (!w) snprintf(who, sizeof who, "nobody");
          else snprintf(who, sizeof who, "device %d core %d", (w - 1) / MACHINE_MAX_CORES, (w - 1) % MACHINE_MAX_CORES);
          APPEND(" device %d core %d holds %lld (last signalled by %s);", d, k, (long long)v, who);
          continue;
        }
        if (d == c->m->device && k == c->id) continue;
        const tsr_buffer *b = machine_arena_buffer_at(&machine_mesh_device(root, d)->cores[k].sems, sem->buf->seq);
        if (!b || b->bytes != sem->buf->bytes || (b->agent != sem->buf->agent && b->agent >= 0)) continue;
        signaller_name(b, at, who, sizeof who);
        APPEND(" device %d core %d holds %lld (last signalled by %s);", d, k,
               (long long)__atomic_load_n((const int64_t *)(void *)b->base + at, __ATOMIC_ACQUIRE), who);
      }
  }
  APPEND("%ssemaphores:", mesh ? " " : "; ");
  int listed = 0, more = 0;
  for (int d = 0; d < root->num_devices; d++)
    for (int k = 0; k < machine_mesh_device(root, d)->num_cores; k++) {
      machine_space_arena *a = &machine_mesh_device(root, d)->cores[k].sems;
      char dev[24] = "";
      if (mesh) snprintf(dev, sizeof dev, " device %d", d);
      const tsr_buffer *sb;
      for (int b = 0; (sb = machine_arena_buffer_at(a, b)) != NULL; b++)
        for (size_t i = 0; i < sb->bytes / sizeof(int64_t); i++) {
          if (listed >= 32) { more++; continue; }
          const int64_t *cell = (const int64_t *)(void *)sb->base + i;
          APPEND("%s core %d sem %d[%zu]=%lld", dev, k, b, i, (long long)__atomic_load_n(cell, __ATOMIC_ACQUIRE));
          listed++;
        }
    }
  if (!listed) APPEND(" none allocated");
  if (more) APPEND(" (and %d more)", more);
  APPEND("; %d DMA(s) in flight on core %d", c->num_dmas, c->id);
  for (int i = 0; i < c->num_dmas; i++) {
    machine_pending_dma *d = &c->dmas[i];
    char s[64], t[64];
    sem_name(&d->sem, mesh, name, sizeof name);
    APPEND("; DMA #%llu %s -> %s (%lld bytes on %s, started at step %lld, %s%s)",
           (unsigned long long)d->id, tsr_ref_describe(&d->src, s, sizeof s),
           tsr_ref_describe(&d->dst, t, sizeof t), (long long)d->bytes, name, (long long)d->step,
           d->copied ? "landed" : "not yet copied", same_sem(&d->sem, sem) ? ", on this semaphore" : "");
  }
}
#undef APPEND

/* Whether every running core of every device here is blocked in a wait at `mark` (1 + the
 * progress it read before it saw its semaphore short). */
static bool all_blocked(tsr_machine *root, uint64_t mark) {
  for (int d = 0; d < root->num_devices; d++) {
    tsr_machine *dm = machine_mesh_device(root, d);
    for (int i = 0; i < dm->num_cores; i++)
      if (__atomic_load_n(&dm->cores[i].running, __ATOMIC_SEQ_CST) &&
          __atomic_load_n(&dm->cores[i].blocked_at, __ATOMIC_SEQ_CST) != mark)
        return false;
  }
  return true;
}

/* Whether the machine is deadlocked, asked by a core blocked at progress p. It is when every
 * running core is blocked at p and progress is still p: a signal adds to its cell before it
 * bumps progress, and a core leaves a blocked wait (its cell was signalled) by bumping it, so
 * a core that read p and then saw its cell short has missed no signal, and none came since.
 * No time and no count of spins enters it: it holds as soon as the last core blocks, however
 * many devices there are, and never while a core computes. Across processes the transport
 * asks the others the same (after every inbox here is taken in, which bumps progress). */
static bool deadlocked(machine_core *c, uint64_t p) {
  machine_sync *s = c->m->sync;
  tsr_machine *root = c->m->root;
  uint64_t mark = p + 1;
  if (__atomic_load_n(&s->waiting_cores, __ATOMIC_SEQ_CST) < __atomic_load_n(&s->active_cores, __ATOMIC_SEQ_CST))
    return false; /* the cheap look first: a core runs */
  if (!all_blocked(root, mark) || __atomic_load_n(&s->progress, __ATOMIC_SEQ_CST) != p) return false;
  machine_mesh_transport *far = root->transport;
  if (far) {
    __atomic_store_n(&s->all_blocked, mark, __ATOMIC_SEQ_CST); /* what the other processes look at */
    if (!far->all_stuck(far, root) || __atomic_load_n(&s->progress, __ATOMIC_SEQ_CST) != p) return false;
  }
  __atomic_store_n(&s->deadlock, mark, __ATOMIC_SEQ_CST); /* the other blocked cores need not look again */
  return true;
}

/* Blocks until *cell >= amount and subtracts it. Other cores may still signal; when none can
 * (every running core is blocked and nothing moved since: deadlocked), that is a deadlock. */
static tsr_status wait_cell(machine_core *c, int64_t *cell, int64_t amount, const tsr_ref *sem,
                            const char *what) {
  tsr_machine *m = c->m;
  machine_sync *s = m->sync;
  machine_mesh_transport *far = m->root->transport;
  bool counted = false; /* in waiting_cores */
  uint64_t mark = 0;    /* blocked_at as this wait set it (0: not yet blocked) */
  const char *verdict = NULL;
  for (unsigned spin = 0;; spin++) {
    uint64_t p = __atomic_load_n(&s->progress, __ATOMIC_SEQ_CST); /* before the cell: see deadlocked */
    int64_t v = __atomic_load_n(cell, __ATOMIC_SEQ_CST);
    if (v >= amount) {
      if (__atomic_compare_exchange_n(cell, &v, v - amount, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) break;
      continue;
    }
    if (__atomic_load_n(&s->abort_run, __ATOMIC_ACQUIRE)) {
      tsr_fail(TSR_ERR_DEADLOCK, "%s: stopped because another core failed", what);
      verdict = "";
      break;
    }
    /* found by another core while this one was blocked at p (the others that found it
     * may have ended since: this core is not alone, but one of them) */
    if (__atomic_load_n(&s->deadlock, __ATOMIC_SEQ_CST) == p + 1) {
      verdict = "but every core is waiting";
      break;
    }
    if (far && (spin > 1000 || !(spin & 63)) && far->poll(far, c, sem)) continue; /* another process signalled it */
    if (!far && __atomic_load_n(&s->active_cores, __ATOMIC_SEQ_CST) <= 1) {
      /* alone now, but the last other core may have signalled this cell after the look above
       * and then ended: a look after its end sees its signal */
      if (__atomic_load_n(cell, __ATOMIC_SEQ_CST) >= amount) continue;
      verdict = "but can never be satisfied";
      break;
    }
    if (!counted) {
      __atomic_add_fetch(&s->waiting_cores, 1, __ATOMIC_SEQ_CST);
      counted = true;
    }
    if (mark != p + 1) {
      mark = p + 1;
      __atomic_store_n(&c->blocked_at, mark, __ATOMIC_SEQ_CST);
    }
    if (deadlocked(c, p)) {
      verdict = "but every core is waiting";
      break;
    }
    if (spin > 1000) sched_yield(); /* more cores than host CPUs: let the one that will signal run */
    else machine_cpu_relax();
  }
  if (mark) {
    __atomic_store_n(&c->blocked_at, 0, __ATOMIC_SEQ_CST);
    /* leaving a blocked wait is progress (the other blocked cores look again), unless it
     * leaves in failure */
    if (!verdict) __atomic_add_fetch(&s->progress, 1, __ATOMIC_SEQ_CST);
  }
  if (counted) __atomic_sub_fetch(&s->waiting_cores, 1, __ATOMIC_SEQ_CST);
  if (!verdict || !*verdict) return verdict ? TSR_ERR_DEADLOCK : TSR_OK;
  char st[4096];
  describe_state(c, sem, st, sizeof st);
  return tsr_fail(TSR_ERR_DEADLOCK, "%s waits for %lld %s (deadlock): %s", what, (long long)amount, verdict, st);
}

static void complete_for_wait(machine_core *c, const tsr_ref *sem, int64_t amount) {
  for (int i = c->num_dmas - 1; i >= 0 && machine_core_sem_read(sem) < amount; i--)
    if (!c->dmas[i].copied && same_sem(&c->dmas[i].sem, sem)) complete_copy(c, &c->dmas[i]);
  if (c->m->opts.dma_mode == TSR_DMA_RANDOM) complete_some(c);
}

/* Retires the oldest completed DMAs on `sem` whose counts a wait for `amount` took (and the
 * copies of nothing on it, which count nothing). */
static void retire(machine_core *c, const tsr_ref *sem, int64_t amount) {
  int64_t left = amount;
  for (int i = 0; i < c->num_dmas;) {
    machine_pending_dma *d = &c->dmas[i];
    if (d->copied && same_sem(&d->sem, sem) && (left > 0 || d->count == 0)) {
      left -= d->count;
      remove_dma(c, i);
    } else {
      i++;
    }
  }
}

tsr_status machine_core_dma_wait(machine_core *c, const tsr_ref *sem, int64_t bytes, const char *name,
                         int operand) {
  if (sem && sem->dtype == TSR_SEM)
    return tsr_fail(TSR_ERR_SEMAPHORE, "DMA wait on a regular semaphore: a DMA that signals one is waited for "
                    "with a semaphore wait (pl.semaphore_wait, tpu.sem_wait), one per DMA");
  TSR_TRY(check_sem(sem, TSR_DMA_SEM, "DMA wait"));
  if (machine_core_observed(c)) {
    tsr_event ev = {.kind = TSR_EV_DMA_WAIT_BEGIN, .step = c->step, .name = name, .sem = sem,
                    .bytes = bytes, .operand = operand};
    machine_core_emit(c, &ev);
  }
  int64_t *cell = sem_cell(sem);
  complete_for_wait(c, sem, bytes);
  if (machine_core_sem_read(sem) < bytes) { /* slow path: name the wait for a deadlock report */
    char what[128];
    snprintf(what, sizeof what, "DMA wait%s%s", name ? " for " : "", name ? name : "");
    TSR_TRY(wait_cell(c, cell, bytes, sem, what));
  } else {
    TSR_TRY(wait_cell(c, cell, bytes, sem, "DMA wait"));
  }
  /* A copy of nothing (a dynamically sized slice of 0 rows) adds nothing to its semaphore
   * and owes it no wait: any wait on the semaphore completes and retires every such copy, as
   * a TPU has nothing left to do for them. */
  for (int i = 0; i < c->num_dmas; i++)
    if (c->dmas[i].count == 0 && !c->dmas[i].copied && same_sem(&c->dmas[i].sem, sem)) complete_copy(c, &c->dmas[i]);
  /* Retire the oldest completed DMAs on this semaphore that the wait covers, and the copies
   * of nothing. */
  retire(c, sem, bytes);
  if (machine_core_observed(c)) {
    tsr_event ev = {.kind = TSR_EV_DMA_WAIT_END, .step = c->step, .name = name, .sem = sem,
                    .bytes = bytes, .operand = operand};
    machine_core_emit(c, &ev);
  }
  return TSR_OK;
}

tsr_status machine_core_sem_signal(machine_core *c, const tsr_ref *sem, int64_t amount, int target_core) {
  TSR_TRY(check_sem(sem, TSR_SEM, "semaphore signal"));
  if (amount < 0) return tsr_fail(TSR_ERR_SEMAPHORE, "semaphore signal by a negative amount %lld", (long long)amount);
  int64_t *cell = sem_cell(sem);
  tsr_ref at = *sem;
  if (target_core >= 0 && target_core != c->id) {
    char *t = machine_core_translate(c->m, sem->buf, sem->data, target_core, &at.buf);
    if (!t)
      return tsr_fail(TSR_ERR_SEMAPHORE, "semaphore signal to core %d: no such core or semaphore",
                      target_core);
    cell = (int64_t *)(void *)t;
  }
  if (at.buf && at.buf->signalled_by) { /* before the count, as in complete_copy */
    at.data = (char *)cell;
    machine_sem_note_signaller(&at, c);
  }
  __atomic_add_fetch(cell, amount, __ATOMIC_SEQ_CST);
  __atomic_add_fetch(&c->m->sync->progress, 1, __ATOMIC_SEQ_CST);
  if (machine_core_observed(c)) {
    tsr_event ev = {.kind = TSR_EV_SEM_SIGNAL, .step = c->step, .sem = sem, .amount = amount,
                    .target_core = target_core < 0 ? c->id : target_core, .operand = -1,
                    .target_device = c->m->device};
    machine_core_emit(c, &ev);
  }
  return TSR_OK;
}

tsr_status machine_core_sem_wait(machine_core *c, const tsr_ref *sem, int64_t amount) {
  TSR_TRY(check_sem(sem, TSR_SEM, "semaphore wait"));
  if (amount < 0) return tsr_fail(TSR_ERR_SEMAPHORE, "semaphore wait for a negative amount %lld", (long long)amount);
  /* DMAs that signal this semaphore (TPU v6 and later) and have not landed yet (the on-wait
   * and random orders) land now, as a DMA wait lands them */
  complete_for_wait(c, sem, amount);
  TSR_TRY(wait_cell(c, sem_cell(sem), amount, sem, "semaphore wait"));
  /* the DMAs whose counts the wait took are done with; where signals also count on the
   * semaphore, the oldest landed DMAs go first */
  retire(c, sem, amount);
  if (machine_core_observed(c)) {
    tsr_event ev = {.kind = TSR_EV_SEM_WAIT, .step = c->step, .sem = sem, .amount = amount, .operand = -1};
    machine_core_emit(c, &ev);
  }
  return TSR_OK;
}

tsr_status machine_core_check_dmas_idle(machine_core *c) {
  /* a copy of nothing signals nothing, so no wait is owed for it (machine_core_dma_wait) */
  int owed = 0, first = -1;
  for (int i = 0; i < c->num_dmas; i++)
    if (c->dmas[i].count != 0 && owed++ == 0) first = i;
  if (owed == 0) return TSR_OK;
  machine_pending_dma *d = &c->dmas[first];
  char s[64], t[64];
  return tsr_fail(TSR_ERR_SEMAPHORE, "%d DMA(s) started but never waited for on core %d; the "
                  "first: DMA #%llu %s -> %s (%lld bytes) started at step %lld",
                  owed, c->id, (unsigned long long)d->id,
                  tsr_ref_describe(&d->src, s, sizeof s), tsr_ref_describe(&d->dst, t, sizeof t),
                  (long long)d->bytes, (long long)d->step);
}

void machine_core_settle_dmas(machine_core *c, const tsr_ref *sems) {
  uintptr_t lo, hi;
  tsr_ref_span(sems, &lo, &hi);
  for (int i = 0; i < c->num_dmas;) {
    uintptr_t at = (uintptr_t)c->dmas[i].sem.data;
    if (at < lo || at >= hi) {
      i++;
      continue;
    }
    complete_copy(c, &c->dmas[i]);
    remove_dma(c, i);
  }
}

void machine_core_reset_dmas(machine_core *c) { c->num_dmas = 0; }

/* ---- remote copies and signals (many chips) ---------------------------------------------- */

tsr_status machine_core_remote_dma_start(machine_core *c, const tsr_ref *src, const tsr_ref *dst, const tsr_ref *send_sem,
                                 const tsr_ref *recv_sem, int device, int core) {
  TSR_TRY(check_dma_sem(c, send_sem, NULL, "remote copy (send semaphore)"));
  TSR_TRY(check_dma_sem(c, recv_sem, NULL, "remote copy (receive semaphore)"));
  if (device >= 0 && device < c->m->root->num_devices && machine_mesh_far(c->m, device)) {
    /* in another process: dst and recv_sem go as named here, the transport finds them there */
    if (core < 0) core = c->id;
    if (core >= c->m->num_cores)
      return tsr_fail(TSR_ERR_INVALID, "remote copy to core %d of device %d: a device has %d core(s)", core, device, c->m->num_cores);
    machine_dma_request r = {.src = src, .dst = dst, .sem = send_sem, .bytes = (int64_t)tsr_ref_bytes(dst),
                     .dir = TSR_DMA_LOCAL, .operand = -1, .recv_sem = recv_sem,
                     .target_device = device, .target_core = core, .far = true};
    return machine_core_dma_start(c, &r);
  }
  machine_core *tc;
  tsr_ref tdst, trecv;
  TSR_TRY(machine_mesh_remote_ref(c, dst, device, core, &tc, &tdst, "remote copy"));
  TSR_TRY(machine_mesh_remote_ref(c, recv_sem, device, core, &tc, &trecv, "remote copy (receive semaphore)"));
  machine_dma_request r = {.src = src, .dst = &tdst, .sem = send_sem, .bytes = (int64_t)tsr_ref_bytes(dst),
                   .dir = TSR_DMA_LOCAL, .operand = -1, .recv_sem = &trecv,
                   .target_device = tc->m->device, .target_core = tc->id};
  return machine_core_dma_start(c, &r);
}

tsr_status machine_core_sem_signal_device(machine_core *c, const tsr_ref *sem, int64_t amount, int device, int core) {
  if (device == c->m->device) return machine_core_sem_signal(c, sem, amount, core);
  TSR_TRY(check_sem(sem, TSR_SEM, "semaphore signal"));
  if (amount < 0) return tsr_fail(TSR_ERR_SEMAPHORE, "semaphore signal by a negative amount %lld", (long long)amount);
  machine_mesh_transport *far = device >= 0 && device < c->m->root->num_devices ? machine_mesh_far(c->m, device) : NULL;
  if (far) {
    if (core < 0) core = c->id;
    if (core >= c->m->num_cores)
      return tsr_fail(TSR_ERR_INVALID, "semaphore signal to core %d of device %d: a device has %d core(s)", core, device, c->m->num_cores);
    TSR_TRY(far->signal(far, c, sem, amount, device, core));
    __atomic_add_fetch(&c->m->sync->progress, 1, __ATOMIC_SEQ_CST);
    if (machine_core_observed(c)) {
      tsr_event ev = {.kind = TSR_EV_SEM_SIGNAL, .step = c->step, .sem = sem, .amount = amount, .target_core = core,
                      .target_device = device, .operand = -1};
      machine_core_emit(c, &ev);
    }
    return TSR_OK;
  }
  machine_core *tc;
  tsr_ref t;
  TSR_TRY(machine_mesh_remote_ref(c, sem, device, core, &tc, &t, "semaphore signal"));
  /* The signaller and the event (which names the target's semaphore) before the count: once
   * it releases the waiter, the semaphore may be freed (the end of a run_scoped region). */
  machine_sem_note_signaller(&t, c);
  if (machine_core_observed(c)) {
    tsr_event ev = {.kind = TSR_EV_SEM_SIGNAL, .step = c->step, .sem = &t, .amount = amount, .target_core = tc->id,
                    .target_device = tc->m->device, .operand = -1};
    machine_core_emit(c, &ev);
  }
  __atomic_add_fetch(sem_cell(&t), amount, __ATOMIC_SEQ_CST);
  __atomic_add_fetch(&c->m->sync->progress, 1, __ATOMIC_SEQ_CST);
  return TSR_OK;
}
