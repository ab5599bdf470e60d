/* tessera machine model: chip descriptions, the machine (cores with their VMEM, SMEM and
 * semaphores, shared HBM), and the event stream that the timing model and checkers observe. */
#ifndef TESSERA_MACHINE_H
#define TESSERA_MACHINE_H

#include "tessera/core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- chips --------------------------------------------------------------------------- */

/* One TPU generation, per TensorCore unless noted. Figures and their sources are in
 * src/machine/chip.c; the costs no public document states are named parameters there. */
typedef struct tsr_chip {
  char name[32];           /* "v5e" */
  int generation;          /* 4, 5, 6, 7: drives tiling rules (sublane packing) */
  int tensor_cores;        /* per chip */
  bool megacore;           /* the chip's TensorCores act as one device (v4, v5p) */
  int64_t vmem_bytes;      /* per TensorCore */
  int64_t smem_bytes;      /* per TensorCore */
  double hbm_bytes_per_s;  /* per TensorCore, nominal */
  double hbm_efficiency;   /* the fraction of it that streaming traffic sustains */
  double bf16_flops;       /* peak MXU rate, bf16 */
  double int8_ops;         /* peak MXU rate, int8 (0: same as bf16) */
  double f32_flops;        /* matmul rate for f32 operands (multi-pass on the MXU) */
  int mxu_count;
  int mxu_dim;             /* 128 or 256 */
  double mxu_fill_cycles;  /* MXU cycles per matmul to fill and drain the systolic array */
  int vpu_sublanes, vpu_lanes;
  double vpu_ops_per_s;    /* elementwise vector ops (one op on one (8,128) vreg element) */
  double transcendental_per_s;
  double clock_hz;
  /* Costs no public document states (calibrated, see chip.c). */
  double dma_issue_s;      /* scalar-core cost to issue one DMA */
  double dma_latency_s;    /* from start to first byte */
  double step_overhead_s;  /* fixed cost per grid step */
  int dma_engines;         /* concurrent DMA streams */
  double vmem_bytes_per_s; /* VMEM <-> vector register load/store bandwidth, per TensorCore */
  /* The inter-chip interconnect (ICI) between the devices of a mesh: a torus of this many
   * dimensions (a link to each neighbour in each, both ways: 2 x dims links per chip), each
   * link carrying `ici_link_bytes_per_s` one way, a hop costing `ici_latency_s`. */
  int ici_torus_dims;
  double ici_link_bytes_per_s;
  double ici_latency_s;
  /* The SparseCores (0: none, or none known): per chip, each of `sc_subcores` vector subcores
   * with `sc_lanes` 32-bit lanes and `sc_tilespmem_bytes` of memory of its own (TileSPMEM).
   * Told to checks and reports; the timing model does not time SparseCore kernels with them
   * yet (docs/timing.md, "SparseCore"). */
  int sparse_cores;
  int sc_subcores, sc_lanes;
  int64_t sc_tilespmem_bytes;
} tsr_chip;

/* Built-in chips: "v4", "v5e", "v5p", "v6e", "7x". NULL when unknown. */
const tsr_chip *tsr_chip_get(const char *name);
int tsr_chip_count(void);
const tsr_chip *tsr_chip_at(int i);
/* A built-in chip by name ("v5e", "7x", ...) or a JSON file (a name ending in ".json" or
 * containing '/') whose keys are tsr_chip's field names. Keys the file leaves out come from
 * the chip named by its "base" key (default "v5e"). Unknown keys, wrong types and
 * impossible values (negative bandwidth, ...) are TSR_ERR_PARSE naming the key. */
tsr_status tsr_chip_load(const char *name_or_path, tsr_chip *out);
/* The same from JSON text; `what` names the source in messages. */
tsr_status tsr_chip_parse(const char *json, const char *what, tsr_chip *out);

/* ---- events ---------------------------------------------------------------------------- */

typedef enum tsr_event_kind {
  TSR_EV_KERNEL_BEGIN, /* name */
  TSR_EV_KERNEL_END,
  TSR_EV_STEP_BEGIN,   /* step, grid index */
  TSR_EV_STEP_END,
  TSR_EV_BODY_BEGIN,
  TSR_EV_BODY_END,     /* cost */
  TSR_EV_DMA_START,    /* dma_id, src, dst, sem, bytes, operand, block */
  TSR_EV_DMA_DONE,     /* dma_id: the copy has happened in host memory */
  TSR_EV_DMA_SKIP,     /* a pipeline copy skipped because the block did not change */
  TSR_EV_DMA_WAIT_BEGIN, /* sem, bytes */
  TSR_EV_DMA_WAIT_END,
  TSR_EV_SEM_SIGNAL,   /* sem, amount, target core */
  TSR_EV_SEM_WAIT,     /* sem, amount */
  TSR_EV_ACCESS,       /* ref (load or store by a kernel), write flag, loc */
  TSR_EV_ALLOC,        /* space, bytes, in_use */
  TSR_EV_FREE,
  /* sem, amount: a semaphore operand's count (tsr_block_spec, SEMAPHORE_MEM) carried in from
   * its array at the kernel's start (amount > 0) or out to its array at the end (amount < 0):
   * what the semaphore held across the kernel's edge, for observers that balance counts. */
  TSR_EV_SEM_CARRY,
  /* A race the pipeline finds itself, after a call's cores have run, on the core that wrote
   * second: two cores wrote back the same block of an output (name: "out0", operand: the
   * output's index, index: the block; step: this core's step of the write-back, target_core
   * and amount: the other core and its step). `loc` words both writes and the fix. Only to
   * a machine with an observer that reports races (tsr_observer.reports_races); others get a
   * warning (tsr_machine_warnings). */
  TSR_EV_SHARED_OUTPUT,
} tsr_event_kind;

typedef enum tsr_dma_dir {
  TSR_DMA_LOCAL = 0,   /* a kernel's own copy */
  TSR_DMA_IN,          /* pipeline: HBM -> VMEM */
  TSR_DMA_OUT,         /* pipeline: VMEM -> HBM */
} tsr_dma_dir;

/* Matmuls of one shape in a body: `count` products of an (m, k) by a (k, n) matrix (a batch
 * counts each of its members). The MXU's time depends on the shape, not only on the flops:
 * dimensions are padded to the systolic array, and every product fills and drains it
 * (docs/timing.md). `dtype` is what the MXU multiplies: bf16 for f32 operands at default
 * precision, f32 for f32 operands taken in `passes` bf16 passes (3 at HIGH, 6 at HIGHEST),
 * int8 at its own rate; `passes` is 1 for the rest. */
typedef struct tsr_matmul_shape {
  int64_t m, k, n;
  double count;
  tsr_dtype dtype;
  int passes;
} tsr_matmul_shape;

#define TSR_COST_SHAPES 4

/* What a kernel body cost (for the timing model). */
typedef struct tsr_cost {
  double flops;            /* MXU multiply-adds x 2 */
  double transcendentals;
  double vpu_ops;          /* elementwise vector element-ops */
  double vector_bytes;     /* VMEM bytes loaded and stored by the body */
  double scalar_ops;
  tsr_dtype mxu_dtype;     /* operand type of the dominant matmul (rate selection) */
  /* The matmuls behind `flops`, by shape: the first TSR_COST_SHAPES distinct shapes. Flops
   * no shape accounts for run at the MXU's peak rate for mxu_dtype. */
  int num_shapes;
  tsr_matmul_shape shapes[TSR_COST_SHAPES];
} tsr_cost;

/* Adds `from` to `to`: the sums, and the shapes (counts of equal shapes merge). */
void tsr_cost_add(tsr_cost *to, const tsr_cost *from);
/* Records `count` matmuls of an (m, k) by (k, n) shape: their flops and their shape. */
void tsr_cost_add_matmul(tsr_cost *c, int64_t m, int64_t k, int64_t n, double count, tsr_dtype dtype,
                         int passes);

/* What a kernel's grid steps are (TSR_EV_KERNEL_BEGIN, tsr_call_desc.steps): iterations of
 * one core, in order (a TensorCore's grid), or the subcores of a chip's SparseCores, which
 * tessera runs one after another but a TPU runs at once (pl.core_map over a
 * VectorSubcoreMesh: the grid is [SparseCores, vector subcores]; over a ScalarSubcoreMesh:
 * [SparseCores]). The race checker treats the subcores as concurrent (docs/checkers.md). */
typedef enum tsr_steps_kind {
  TSR_STEPS_IN_ORDER = 0,
  TSR_STEPS_VECTOR_SUBCORES,
  TSR_STEPS_SCALAR_SUBCORES,
} tsr_steps_kind;

typedef struct tsr_event {
  tsr_event_kind kind;
  int core;
  int64_t step;                /* core-local step; -1 outside the grid */
  const char *name;            /* kernel name, operand name ("in0"), or phase */
  uint64_t dma_id;
  tsr_dma_dir dir;
  const tsr_ref *src, *dst;    /* DMA refs (the in-bounds part); ACCESS: dst is the ref */
  const tsr_ref *sem;          /* semaphore (rank 0) */
  int64_t bytes;               /* DMA nominal bytes (what the semaphore counts) / alloc bytes */
  int64_t amount;              /* semaphore amount; ALLOC: bytes in use after */
  int operand;                 /* pipeline operand index, -1 none */
  int rank;                    /* block index / grid index rank */
  const int64_t *index;        /* block index (DMA) or grid index (STEP) */
  int target_core;             /* SEM_SIGNAL; DMA_START of a remote copy: the core it writes to */
  bool write;                  /* ACCESS */
  tsr_space space;             /* ALLOC / FREE */
  const tsr_cost *cost;        /* BODY_END */
  const char *loc;             /* source location of the access, or of the kernel op that
                                  started a DMA, when known; SHARED_OUTPUT: the writes in words */
  /* DMA_START: where the source's bytes are, when not at `src`. src, dst and an ACCESS's ref
   * always name the memory a copying run would use: where a block is a view of HBM instead
   * of its VMEM buffer (zero-copy mode, read-only inputs), they name the buffer, so that
   * observers see the same events either way; this says where the data really is. NULL: at
   * src. */
  const tsr_ref *src_data;
  /* Many chips (tsr_machine_options.num_devices): the device of the core that produced the
   * event (`core` is the core within it), and for a SEM_SIGNAL or a remote copy's DMA_START
   * the device it reaches (its own device otherwise). A signal or remote copy to another
   * device names, in `sem`, the semaphore it reaches on that device (`dst`: the memory the
   * copy writes there), and a remote copy's DMA_START names its receive semaphore in
   * `recv_sem` (its `sem` is the send semaphore on the source). 0 on one device. A device
   * hosted by another MPI process (docs/mpi.md) cannot be named: `sem`, `dst` and `recv_sem`
   * are then the namesakes on the producing device (same allocation, same offset), and
   * `target_device` says where they are. */
  int device, target_device;
  const tsr_ref *recv_sem;
  /* KERNEL_BEGIN on many devices: the kernel starts without the device barrier
   * (tsr_call_desc.no_device_barrier). */
  bool no_device_barrier;
  /* KERNEL_BEGIN: what the kernel's grid steps are. */
  tsr_steps_kind steps;
  /* The event was replayed from an event tape (a host split's, once it stands): its refs name
   * memory by the tape's addresses (docs/architecture.md, "The event tape"), the allocation's
   * device, core, space and number kept in their buffers, and must not be read. `poison_at`:
   * for a DMA_START that carries data to HBM, the first element of its source that held
   * poison when it started, as noted then for an observer that reads output data
   * (tsr_observer.reads_output_data); NULL: none, or not looked at. */
  bool replayed;
  const int64_t *poison_at;
} tsr_event;

typedef struct tsr_observer {
  void *user;
  /* Called on the thread of the core that produced the event; an observer of several cores
   * must be thread-safe (or keep per-core state indexed by ev->core). */
  void (*on_event)(void *user, const tsr_event *ev);
  /* A host split (each core's share of the grid run in contiguous parts at once, on host
   * threads standing in for the core; docs/architecture.md) is not seen as it runs: once it
   * stands, its events come on the calling thread, core by core, in the order the run in
   * order gives them (steps, copies, waits, skips and DMA numbers as in order), from the
   * parts' event tapes (ev->replayed); a split that does not stand is never seen, and the call
   * runs again in order. */
  /* The observer reads the bytes that output DMAs carry, not only where they go (the poison
   * checker looks for the poison of fresh VMEM in them): zero-copy mode then keeps output
   * blocks as VMEM buffers, which a view of HBM would not show. */
  bool reads_output_data;
  /* The observer reports races (the checkers): races the pipeline finds itself come to it as
   * events (TSR_EV_SHARED_OUTPUT) instead of as warnings. */
  bool reports_races;
  /* The observer reads the schedule only (the timing model): kinds, steps, copies and their
   * sizes, waits, semaphores and costs, but no TSR_EV_ACCESS or TSR_EV_DMA_DONE event, and
   * neither the bytes nor the addresses behind refs (beyond their allocations' numbers). A run
   * whose observers all read the schedule only runs as an unobserved one: a Mosaic body reports
   * no loads and stores (and may run its elementwise ops a chunk at a time, docs/mosaic.md),
   * an input's host copy may move from its DMA's start to its wait (a DMA_DONE then comes at
   * the wait), and fresh buffers' poison may wait for their first use; a host split keeps no
   * TSR_EV_ACCESS event for it. The other events are the same, in the same order. */
  bool schedule_only;
  /* The kinds of event the observer does nothing with, as bits 1u << kind (0: it reads every
   * kind): the machine does not hand it those, and a host split keeps no more of them on its
   * tapes than it needs to splice the parts when no observer reads them. */
  unsigned ignored_kinds;
  /* Optional, both or neither: where the observer is a machine's only one (and reads no
   * output data), a host split's part keeps of each event the observer reads only what
   * `digest` makes of it (at most TSR_DIGEST_BYTES into `out`; it returns the bytes written,
   * 0 to keep the whole event instead), called on the part's thread as the event comes; once
   * the split stands, `on_digest` gets those bytes in the place on_event would have got the
   * event, and `step`, the event's grid step as the run in order numbers it. For an observer
   * whose work on an event is mostly reducing it (the timing model): the part reduces it at
   * once, where its refs are at hand, instead of the tape keeping them to rebuild. */
  size_t (*digest)(void *user, const tsr_event *ev, void *out);
  void (*on_digest)(void *user, const void *digest, size_t len, int64_t step);
} tsr_observer;

/* The most bytes tsr_observer.digest may write. */
#define TSR_DIGEST_BYTES 128

/* ---- the machine ----------------------------------------------------------------------- */

typedef enum tsr_dma_mode {
  TSR_DMA_EAGER = 0,   /* a DMA copies when it starts (default) */
  TSR_DMA_ON_WAIT,     /* a DMA copies when somebody waits on its semaphore (last in, first out) */
  TSR_DMA_RANDOM,      /* pending DMAs complete in a seeded random order at starts and waits */
} tsr_dma_mode;

#define TSR_MAX_MESH_RANK 4
#define TSR_MAX_DEVICES 32
typedef enum tsr_timing_only {
  TSR_COMPUTE = 0,        /* a full run */
  TSR_TIMING_ONLY,        /* timing-only where exact, a full run (with a warning) elsewhere */
  TSR_TIMING_ONLY_STRICT, /* timing-only, or the kernel fails */
} tsr_timing_only;

/* What a kernel's load out of the bounds of its memref gives (JAX's InterpretParams has the
 * same option, names and default). A TPU stops such a read where Mosaic's bounds checks are on
 * (its default); without them the read returns whatever lies there. */
typedef enum tsr_oob_reads {
  TSR_OOB_READS_RAISE = 0, /* the read fails the call (TSR_ERR_BOUNDS), as the checks stop a TPU */
  /* the read gives poison (NaN for floats, the dtype's poison bytes for integers) and the run
   * records a warning naming the read (tsr_machine_warnings), once per op and call; the call
   * does not fail for it */
  TSR_OOB_READS_UNINITIALIZED,
} tsr_oob_reads;

typedef struct tsr_machine_options {
  const tsr_chip *chip;      /* NULL: v5e */
  int num_cores;             /* 0: one per TensorCore of the chip, capped by host CPUs */
  tsr_dma_mode dma_mode;
  uint64_t seed;             /* TSR_DMA_RANDOM */
  bool strict_block_shapes;  /* TPU block-shape rules are errors instead of warnings */
  bool quiet;                /* no warnings on stderr */
  /* Speed over fidelity: a pipelined block that lies wholly inside its array is a view of
   * HBM instead of a copy in VMEM. DMAs, semaphores and events stay the same; what changes:
   * the kernel sees HBM data instead of fresh-buffer poison in an output block, writes to
   * an input block reach HBM, and an input is read when the body runs rather than when its
   * DMA starts. Off by default; the checkers want copies. */
  bool zero_copy;
  /* Host threads that help a core with the parts of a big operation (tsr_ctx_parallel_for,
   * the Mosaic matmul): 0, the default, uses every host CPU that no simulated core uses;
   * -1 none. Results never depend on it: the parts are the same whoever runs them. Unless
   * -1, the helpers and the threads of idle cores may also run parts of each core's share of
   * a Mosaic kernel's grid steps (the host split, docs/architecture.md), with the same
   * results, counts and events. */
  int host_helpers;
  /* Interpreted kernel ops (Mosaic bodies, one per grid step besides) that one core may
   * execute in one kernel call before the call fails: a kernel from outside may loop
   * forever. 0: TSR_DEFAULT_MAX_KERNEL_OPS; negative: no limit. */
  int64_t max_kernel_ops;
  /* Many chips: num_devices TPU chips (0 or 1: one), each with its own cores, VMEM, SMEM,
   * semaphores, DMA engines and HBM arrays, that reach each other's memory with remote
   * copies and semaphore signals (docs/multichip.md). mesh_shape (mesh_rank dimensions, 0:
   * one dimension of num_devices) lays the devices out in a mesh, device ids row-major;
   * num_devices 0 with a mesh takes the mesh's size. A machine of several devices has no
   * host helpers (host_helpers is taken as -1). */
  int num_devices;
  int mesh_rank;
  int64_t mesh_shape[TSR_MAX_MESH_RANK];
  /* Timing without computing (TSR_TIMING_ONLY): Mosaic kernels run their pipeline, DMAs,
   * semaphores and every scalar that decides control flow or an address, but no vector or
   * MXU work, and DMAs into VMEM and HBM move no data; the events, hence what the timing
   * model says, are a full run's. Outputs are not computed. A kernel whose control flow or
   * DMA addresses depend on vector data runs in full with a warning that names the op
   * (TSR_TIMING_ONLY_STRICT: fails instead). docs/timing.md, "Timing-only runs". */
  tsr_timing_only timing_only;
  /* Mosaic bodies run op by op: runs of elementwise ops are not executed a chunk of elements
   * at a time (docs/mosaic.md, chunked execution). The results are the same bits either way;
   * this is for comparing the two (tests/cli/chunk_parity.sh, `tessera bench chunk`). */
  bool unchunked;
  tsr_oob_reads out_of_bounds_reads;
} tsr_machine_options;

#define TSR_DEFAULT_MAX_KERNEL_OPS 1000000000LL

typedef struct tsr_machine tsr_machine;

tsr_status tsr_machine_create(const tsr_machine_options *opts, tsr_machine **out);
void tsr_machine_destroy(tsr_machine *m);
int tsr_machine_num_cores(const tsr_machine *m);  /* per device */
int tsr_machine_num_devices(const tsr_machine *m);
/* The mesh's shape (its rank returned; shape: TSR_MAX_MESH_RANK entries). */
int tsr_machine_mesh_shape(const tsr_machine *m, int64_t *shape);
const tsr_chip *tsr_machine_chip(const tsr_machine *m);
/* Observers see every event of every later run; at most 8. */
tsr_status tsr_machine_add_observer(tsr_machine *m, const tsr_observer *obs);
void tsr_machine_clear_observers(tsr_machine *m);
/* Warnings (block-shape rules in non-strict mode, ...) of the last run, newline-separated. */
const char *tsr_machine_warnings(const tsr_machine *m);

#ifdef __cplusplus
}
#endif
#endif
