/* The event tape: a machine's events kept without pointers, per core, for a consumer that
 * replays them later instead of taking them as they come (docs/architecture.md, "The event
 * tape"). The checkers on many devices replay a call's events in one order after it; the
 * timing model under MPI replays every process's events together; both take the tapes of
 * other MPI processes as bytes (machine_tape_export, machine_tape_import; src/mpi/events.c). A host split
 * records each part's events for the observers, and hands them over spliced into the order
 * of the run in order once the split stands (host_split.c).
 *
 * An address on the tape is (device, core, memory space, allocation, offset) in a space of
 * its own, or on a machine of several devices (device, HBM operand, offset), the same in
 * every process (on one device, an HBM address is kept as it is); a copy or signal to a
 * device of another process, which names its target by the namesake here, is told as its
 * target's. A replayed ref points into that space (never dereference it) with a stand-in
 * buffer that keeps the allocation's device, core, space and number (machine_sem_identity works on
 * it as on the machine's). The tape has no lock: its consumer holds one. */
#ifndef TSR_MACHINE_TAPE_H
#define TSR_MACHINE_TAPE_H

#include "machine/machine_internal.h"

#define MACHINE_TAPE_MAX_SLOTS MACHINE_MAX_CORES

/* A ref without its pointers. Its shape and strides (rank entries each, one after the
 * other) are in the slot's ints from `dims` on: a tape holds thousands of refs, most of rank
 * 2, and records what it is given, so it keeps no room for dimensions a ref does not have. */
typedef struct machine_tape_ref {
  uint64_t data, base;
  int32_t dtype, space, rank, has_buf, device, core, bspace, seq, in_mesh, dims;
  int32_t agent; /* tsr_buffer.agent: the SparseCore subcore of a scoped allocation, or -1 */
} machine_tape_ref;

/* One event. Strings are ids in the tape's table, refs and costs indices in the slot's (-1:
 * none). `index`: where its rank entries of tsr_event.index start in the slot's ints (-1:
 * none). `noted`: where what the recording consumer found in the bytes when the event came
 * starts there (TSR_MAX_RANK entries; -1: nothing; the checkers: poison in a DMA's source,
 * and its first element), which a replay cannot look at any more. */
typedef struct machine_tape_rec {
  int32_t kind, device, core, target_device, target_core, operand, rank, index, dir, write, space;
  int32_t loc, name, noted;
  int32_t src, dst, sem, recv, cost;
  int32_t no_barrier;                /* KERNEL_BEGIN: tsr_event.no_device_barrier */
  int32_t steps;                     /* KERNEL_BEGIN: tsr_event.steps */
  /* An observer's digest of the event (tsr_observer.digest) in the slot's ints from here on:
   * its length in bytes, then the bytes (-1: none; the record keeps no more of the event than
   * its place in the splice needs). A tape from another process has none. */
  int32_t digest;
  int64_t step, bytes, amount;
  uint64_t dma_id;
} machine_tape_rec;

/* One core's events (slot: (device - first_device) * device_cores + core). */
typedef struct machine_tape_slot {
  machine_tape_rec *recs;
  size_t n, cap;
  machine_tape_ref *refs;
  size_t nrefs, caprefs;
  tsr_cost *costs;
  size_t ncosts, capcosts;
  int64_t *ints;                     /* the records' indices and notes, the refs' shapes and strides */
  size_t nints, capints;
} machine_tape_slot;

typedef struct machine_tape {
  unsigned kinds;                    /* the event kinds it keeps: bit 1u << kind */
  int device_cores;                  /* cores per device: slots are (device - first_device) * device_cores + core */
  /* The first device it keeps (0 unless set): a tape of one device's events (a host split's
   * part, on a machine that stands for a device of many) starts its slots at that device's,
   * so that any device's cores have slots. */
  int first_device;
  bool nomem;                        /* an event was lost */
  /* Added to the address of every allocation it records (0: none). A host split's parts keep
   * buffers of their own, numbered alike: each part's tape sets its own, so that the splice
   * does not make two parts' buffers one (machine_split_tapes). */
  uint64_t salt;
  machine_tape_slot slots[MACHINE_TAPE_MAX_SLOTS];
  char **strs;                       /* interned kernel names, operand names, source locations */
  int32_t nstrs, capstrs;
  int32_t *hash;                     /* string ids by hash, -1 empty */
  int32_t hcap;
  tsr_buffer **bufs;                 /* replayed refs' stand-in buffers (live until machine_tape_free:
                                      * what a consumer keeps may point at them) */
  int nbufs, capbufs;
} machine_tape;

/* The refs of one replayed event (machine_tape_event fills them). */
typedef struct machine_tape_event_refs {
  tsr_ref src, dst, sem, recv;
} machine_tape_event_refs;

#define MACHINE_TAPE_KIND(k) (1u << (k))

void machine_tape_init(machine_tape *T, unsigned kinds, int device_cores);
void machine_tape_free(machine_tape *T);
/* Forgets the events (the strings and stand-ins stay). */
void machine_tape_clear(machine_tape *T);
/* The slot of (device, core), or -1 when the tape has none for it. */
int machine_tape_slot_of(const machine_tape *T, int device, int core);
/* Records ev when its kind is kept. `root`: the root machine of ev's mesh, by which an HBM
 * ref is named as its operand of the running call and a copy or signal to another process
 * is told as its target's; NULL: HBM refs by address, every device here. `at` (rank
 * entries; NULL: nothing noted): machine_tape_rec.noted. On failure (out of memory) sets nomem. */
void machine_tape_record(machine_tape *T, tsr_machine *root, const tsr_event *ev, const int64_t *at);
/* Records of ev no more than its place in a host split's splice: kind, step, copy number,
 * direction, operand and the like, and its semaphore (by its buffer, as with root NULL);
 * `names`: its name and grid indices too; `digest` (NULL: none): `len` bytes of an
 * observer's digest of it (machine_tape_rec.digest; at most TSR_DIGEST_BYTES). */
void machine_tape_record_thin(machine_tape *T, const tsr_event *ev, bool names, const void *digest, size_t len);
/* The digest of record i of slot s (NULL: none), its length in *len. */
const void *machine_tape_digest(const machine_tape *T, int s, size_t i, size_t *len);
/* Record i of slot s as an event, its refs in *refs (their buffers the tape's stand-ins; a
 * stand-in that cannot be made leaves its ref without one). */
void machine_tape_event(machine_tape *T, int s, size_t i, tsr_event *ev, machine_tape_event_refs *refs);
/* The tape as bytes (malloc'd; the caller frees), its events forgotten. Both ends are the
 * same program. */
tsr_status machine_tape_export(machine_tape *T, char **out, size_t *len);
/* Adds a tape made by machine_tape_export in another process to slots below max_slots that hold
 * nothing here; `what` and `from` name the consumer and the sender in messages. */
tsr_status machine_tape_import(machine_tape *T, const char *p, size_t len, int max_slots, const char *what, const char *from);

#endif
