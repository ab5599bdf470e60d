/* The checkers: races (kernel accesses and DMAs against DMAs in flight), semaphore balance,
 * deadlock reports, poison in outputs, and DMA orderings that expose a missing wait. Each bug
 * is caught with its message and its fixed version is clean. */
#include "harness.h"
#include "check/check_internal.h"
#include "machine/machine_internal.h"
#include "synthetic_pipeline.h"
#include "tessera/check.h"

static tsr_checker *checker(unsigned checks) {
  tsr_checker *ck = NULL;
  CHECK_OK(tsr_checker_create(checks, &ck));
  return ck;
}

static bool finding_has(tsr_checker *ck, const char *needle) {
  for (int i = 0; tsr_checker_finding(ck, i); i++)
    if (strstr(tsr_checker_finding(ck, i), needle)) return true;
  fprintf(stderr, "  no finding with \"%s\"; findings:\n", needle);
  tsr_checker_report(ck, stderr);
  return false;
}

static void emit(tsr_observer *o, tsr_event ev) { o->on_event(o->user, &ev); }

/* ---- synthetic event sequences ----------------------------------------------------- */

static void test_pipelines_are_clean(void) {
  for (int buffers = 1; buffers <= 2; buffers++) {
    tsr_checker *ck = checker(TSR_CHECK_DEFAULT); /* poison reads memory: not on fake addresses */
    tsr_observer o = tsr_checker_observer(ck);
    synth_pipeline p = {.name = "mm", .steps = 12, .n_in = 2, .in_dtype = TSR_BF16,
                        .out_dtype = TSR_F32, .out_every = 3, .buffers = buffers,
                        .access_events = true};
    p.in_shape[0][0] = p.in_shape[0][1] = p.in_shape[1][0] = p.in_shape[1][1] = 128;
    p.out_shape[0] = p.out_shape[1] = 128;
    synth_run(&o, &p);
    CHECK_EQ_INT(tsr_checker_count(ck), 0);
    CHECK_OK(tsr_checker_status(ck));
    tsr_checker_destroy(ck);
  }
}

static float vmem_a[2][8 * 128], hbm_a[4][8 * 128];
static int64_t sem_cells[4];

static tsr_ref vref(float *p) {
  int64_t shape[2] = {8, 128};
  return tsr_ref_dense(p, TSR_F32, TSR_VMEM, 2, shape);
}
static tsr_ref href(float *p) {
  int64_t shape[2] = {8, 128};
  return tsr_ref_dense(p, TSR_F32, TSR_HBM, 2, shape);
}
static tsr_ref sref(int i) { return tsr_ref_dense(&sem_cells[i], TSR_DMA_SEM, TSR_SEMAPHORE_MEM, 0, NULL); }

static void start(tsr_observer *o, uint64_t id, const tsr_ref *src, const tsr_ref *dst,
                  const tsr_ref *sem, tsr_dma_dir dir) {
  emit(o, (tsr_event){.kind = TSR_EV_DMA_START, .step = 2, .dma_id = id, .dir = dir, .src = src,
                      .dst = dst, .sem = sem, .bytes = 4096, .operand = 0});
}
static void waited(tsr_observer *o, const tsr_ref *sem) {
  emit(o, (tsr_event){.kind = TSR_EV_DMA_WAIT_BEGIN, .step = 2, .sem = sem, .bytes = 4096});
  emit(o, (tsr_event){.kind = TSR_EV_DMA_WAIT_END, .step = 2, .sem = sem, .bytes = 4096});
}
static void load(tsr_observer *o, const tsr_ref *r, bool write, const char *loc) {
  emit(o, (tsr_event){.kind = TSR_EV_ACCESS, .step = 2, .dst = r, .write = write, .loc = loc, .operand = -1});
}

static void test_read_before_wait(void) {
  tsr_checker *ck = checker(TSR_CHECK_DEFAULT);
  tsr_observer o = tsr_checker_observer(ck);
  tsr_ref h = href(hbm_a[0]), v = vref(vmem_a[0]), s = sref(0);
  start(&o, 1, &h, &v, &s, TSR_DMA_IN);
  load(&o, &v, false, "kernel.py:12");
  waited(&o, &s);
  load(&o, &v, false, "kernel.py:14"); /* after the wait: fine */
  CHECK_EQ_INT(tsr_checker_count(ck), 1);
  CHECK_FAILS(tsr_checker_status(ck), TSR_ERR_RACE,
              "race on core 0: kernel load at kernel.py:12 at step 2 (vmem f32[8,128]) reads the "
              "destination of input DMA #1 operand 0 (hbm f32[8,128] -> vmem f32[8,128], started at step 2)");

  /* A store into part of the destination is caught too; the other slot is not. */
  tsr_checker_reset(ck);
  start(&o, 2, &h, &v, &s, TSR_DMA_IN);
  tsr_ref part, other = vref(vmem_a[1]);
  CHECK_OK(tsr_ref_slice(&v, 0, 7, 1, &part));
  load(&o, &other, true, "kernel.py:20");
  load(&o, &part, true, "kernel.py:21");
  waited(&o, &s);
  CHECK_EQ_INT(tsr_checker_count(ck), 1);
  CHECK(finding_has(ck, "kernel store at kernel.py:21 at step 2 (vmem f32[1,128]) writes memory that is the destination of input DMA #2"));

  /* The pipeline's read-back of a revisited output block (an input-direction copy of out0)
   * is named as that, not as an input operand's copy; an access the pipeline makes for a C
   * body (no location, the block's operand named) as the body's whole block. */
  tsr_checker_reset(ck);
  emit(&o, (tsr_event){.kind = TSR_EV_DMA_START, .step = 2, .dma_id = 3, .dir = TSR_DMA_IN, .src = &h, .dst = &v,
                       .sem = &s, .bytes = 4096, .operand = 0, .name = "out0"});
  emit(&o, (tsr_event){.kind = TSR_EV_ACCESS, .step = 2, .dst = &v, .write = true, .name = "out0", .operand = 0});
  waited(&o, &s);
  CHECK_FAILS(tsr_checker_status(ck), TSR_ERR_RACE,
              "race on core 0: kernel store to its whole out0 block (a C body is watched by the blocks it gets) at "
              "step 2 (vmem f32[8,128]) writes memory that is the destination of read-back DMA #3 of out0 (hbm "
              "f32[8,128] -> vmem f32[8,128], started at step 2) before it was waited for");
  tsr_checker_destroy(ck);
}

/* Events replayed from an event tape (a host split's, handed over once it stands): their refs
 * name memory by the tape's addresses, which the checkers must not read; a DMA's poison is
 * what was noted when it started (ev->poison_at). Races and balances are found on them as on
 * live events. */
static void test_replayed(void) {
  tsr_checker *ck = checker(TSR_CHECK_ALL);
  tsr_observer o = tsr_checker_observer(ck);
  int64_t shape[2] = {8, 128};
  /* where a tape puts an allocation: nothing a read could reach */
  tsr_ref tv = tsr_ref_dense((void *)(uintptr_t)(1ull << 63 | 3ull << 36), TSR_F32, TSR_VMEM, 2, shape);
  tsr_ref h = href(hbm_a[0]), s0 = sref(0);
  int64_t at[TSR_MAX_RANK] = {4, 0};
  emit(&o, (tsr_event){.kind = TSR_EV_KERNEL_BEGIN, .step = -1, .name = "k", .replayed = true});
  emit(&o, (tsr_event){.kind = TSR_EV_DMA_START, .step = 3, .dma_id = 7, .dir = TSR_DMA_OUT, .src = &tv, .dst = &h,
                       .sem = &s0, .bytes = 4096, .operand = 1, .replayed = true, .poison_at = at});
  CHECK(finding_has(ck, "poison on core 0: output DMA #7 operand 1 at step 3 writes poison to HBM: element (4, 0) "
                        "of vmem f32[8,128] was never written"));
  /* the access races with the copy in flight, at the tape's addresses */
  emit(&o, (tsr_event){.kind = TSR_EV_ACCESS, .step = 3, .dst = &tv, .write = true, .loc = "k.py:4", .operand = -1,
                       .replayed = true});
  CHECK(finding_has(ck, "race on core 0: kernel store at k.py:4 at step 3"));
  emit(&o, (tsr_event){.kind = TSR_EV_DMA_WAIT_END, .step = 3, .sem = &s0, .bytes = 4096, .replayed = true});
  emit(&o, (tsr_event){.kind = TSR_EV_KERNEL_END, .step = -1, .name = "k", .replayed = true});
  CHECK_EQ_INT(tsr_checker_count(ck), 2);
  /* a block that holds poison now, replayed with nothing noted: not read, no finding */
  tsr_checker_reset(ck);
  tsr_ref v = vref(vmem_a[1]);
  machine_fill_poison(&v);
  emit(&o, (tsr_event){.kind = TSR_EV_DMA_START, .step = 5, .dma_id = 8, .dir = TSR_DMA_OUT, .src = &v, .dst = &h,
                       .sem = &s0, .bytes = 4096, .operand = 1, .replayed = true});
  emit(&o, (tsr_event){.kind = TSR_EV_DMA_WAIT_END, .step = 5, .sem = &s0, .bytes = 4096, .replayed = true});
  CHECK_EQ_INT(tsr_checker_count(ck), 0);
  /* live, the same copy is scanned */
  emit(&o, (tsr_event){.kind = TSR_EV_DMA_START, .step = 6, .dma_id = 9, .dir = TSR_DMA_OUT, .src = &v, .dst = &h,
                       .sem = &s0, .bytes = 4096, .operand = 1});
  emit(&o, (tsr_event){.kind = TSR_EV_DMA_WAIT_END, .step = 6, .sem = &s0, .bytes = 4096});
  CHECK(finding_has(ck, "output DMA #9 operand 1 at step 6 writes poison to HBM: element (0, 0)"));
  memset(vmem_a[1], 0, sizeof vmem_a[1]);
  tsr_checker_destroy(ck);
}

/* A SparseCore kernel's subcores (its grid steps) run at once on a TPU: two subcores' copies
 * into one HBM row race, whichever machine core ran them; one subcore's own copies in turn,
 * reads of one row and disjoint rows do not; nor does a TensorCore kernel's grid. */
static void subcore_step(tsr_observer *o, int core, int64_t step, int64_t sc, int64_t sub) {
  int64_t idx[2] = {sc, sub};
  emit(o, (tsr_event){.kind = TSR_EV_STEP_BEGIN, .core = core, .step = step, .rank = 2, .index = idx, .operand = -1});
}

static void subcore_copy(tsr_observer *o, int core, int64_t step, uint64_t id, const tsr_ref *src, const tsr_ref *dst,
                         const char *loc) {
  tsr_ref s0 = sref(0);
  emit(o, (tsr_event){.kind = TSR_EV_DMA_START, .core = core, .step = step, .dma_id = id, .dir = TSR_DMA_LOCAL,
                      .src = src, .dst = dst, .sem = &s0, .bytes = 512, .operand = -1, .loc = loc});
  emit(o, (tsr_event){.kind = TSR_EV_DMA_WAIT_END, .core = core, .step = step, .sem = &s0, .bytes = 512});
}

static void test_subcores(void) {
  int64_t row[2] = {1, 128};
  float *h = hbm_a[2];
  tsr_ref r0 = tsr_ref_dense(h, TSR_F32, TSR_HBM, 2, row), r1 = tsr_ref_dense(h + 128, TSR_F32, TSR_HBM, 2, row);
  tsr_ref v = tsr_ref_dense(vmem_a[0], TSR_F32, TSR_VMEM, 2, row);
  tsr_machine *m = NULL; /* two cores, every one running every kernel */
  CHECK_OK(tsr_machine_create(&(tsr_machine_options){.num_cores = 2, .quiet = true}, &m));
  for (int kind = 0; kind < 2; kind++) {
    tsr_checker *ck = checker(TSR_CHECK_DEFAULT);
    CHECK_OK(tsr_checker_attach(ck, m));
    tsr_observer o = tsr_checker_observer(ck);
    tsr_steps_kind steps = kind ? TSR_STEPS_VECTOR_SUBCORES : TSR_STEPS_IN_ORDER;
    for (int c = 0; c < 2; c++)
      emit(&o, (tsr_event){.kind = TSR_EV_KERNEL_BEGIN, .core = c, .step = -1, .name = "sc", .operand = -1, .steps = steps});
    subcore_step(&o, 0, 0, 0, 0);
    subcore_copy(&o, 0, 0, 1, &v, &r0, "k.py:10:3"); /* writes row 0 */
    subcore_copy(&o, 0, 0, 2, &r0, &v, "k.py:11:3"); /* its own row again: in order */
    subcore_step(&o, 0, 1, 0, 1);
    subcore_copy(&o, 0, 1, 3, &v, &r1, "k.py:10:3"); /* row 1: apart */
    /* the other TensorCore runs SparseCore 1: its subcore 0 writes row 0 too, then reads it */
    subcore_step(&o, 1, 0, 1, 0);
    subcore_copy(&o, 1, 0, 1, &v, &r0, "k.py:10:3");
    subcore_copy(&o, 1, 0, 2, &r0, &v, "k.py:11:3");
    emit(&o, (tsr_event){.kind = TSR_EV_KERNEL_END, .core = 0, .step = -1, .name = "sc", .operand = -1});
    CHECK_EQ_INT(tsr_checker_count(ck), 0); /* compared when the last core ends */
    emit(&o, (tsr_event){.kind = TSR_EV_KERNEL_END, .core = 1, .step = -1, .name = "sc", .operand = -1});
    if (!kind) {
      CHECK_EQ_INT(tsr_checker_count(ck), 0);
    } else {
      /* the two writes, and each subcore's read of the row against the other's write */
      CHECK_EQ_INT(tsr_checker_count(ck), 3);
      CHECK(finding_has(ck, "race between SparseCore subcores in kernel sc: kernel DMA #1 at k.py:10:3 (vmem "
                            "f32[1,128] -> hbm f32[1,128]) of SparseCore 0 vector subcore 0 (step 0) and kernel DMA #1 "
                            "at k.py:10:3 (vmem f32[1,128] -> hbm f32[1,128]) of SparseCore 1 vector subcore 0 (step 0) "
                            "write overlapping memory with nothing ordering them"));
      CHECK(finding_has(ck, "kernel DMA #2 at k.py:11:3 (hbm f32[1,128] -> vmem f32[1,128]) of SparseCore 0 vector "
                            "subcore 0 (step 0) and kernel DMA #1 at k.py:10:3 (vmem f32[1,128] -> hbm f32[1,128]) of "
                            "SparseCore 1 vector subcore 0 (step 0) touch memory, the first reading it and the second "
                            "writing it"));
      CHECK(finding_has(ck, "let one subcore both write and read those rows"));
    }
    /* the next kernel starts afresh; core 0 may end it before core 1 begins */
    tsr_checker_reset(ck);
    emit(&o, (tsr_event){.kind = TSR_EV_KERNEL_BEGIN, .core = 0, .step = -1, .name = "sc", .operand = -1, .steps = steps});
    subcore_step(&o, 0, 0, 0, 0);
    subcore_copy(&o, 0, 0, 1, &r0, &v, "k.py:11:3");
    subcore_step(&o, 0, 1, 0, 1);
    subcore_copy(&o, 0, 1, 2, &r0, &v, "k.py:11:3"); /* two reads of one row */
    emit(&o, (tsr_event){.kind = TSR_EV_KERNEL_END, .core = 0, .step = -1, .name = "sc", .operand = -1});
    emit(&o, (tsr_event){.kind = TSR_EV_KERNEL_BEGIN, .core = 1, .step = -1, .name = "sc", .operand = -1, .steps = steps});
    subcore_step(&o, 1, 0, 1, 0);
    subcore_copy(&o, 1, 0, 1, &v, &r0, "k.py:10:3"); /* SparseCore 1 writes the row they read */
    emit(&o, (tsr_event){.kind = TSR_EV_KERNEL_END, .core = 1, .step = -1, .name = "sc", .operand = -1});
    CHECK_EQ_INT(tsr_checker_count(ck), kind ? 1 : 0);
    if (kind) CHECK(finding_has(ck, "(step 0) touch memory, the first reading it and the second writing it"));
    tsr_checker_destroy(ck);
  }
  tsr_machine_destroy(m);
}

static void test_dma_against_dma(void) {
  tsr_checker *ck = checker(TSR_CHECK_DEFAULT);
  tsr_observer o = tsr_checker_observer(ck);
  tsr_ref h0 = href(hbm_a[0]), h1 = href(hbm_a[1]), v = vref(vmem_a[0]), s0 = sref(0), s1 = sref(1);
  /* two DMAs writing the same slot */
  start(&o, 1, &h0, &v, &s0, TSR_DMA_IN);
  start(&o, 2, &h1, &v, &s1, TSR_DMA_IN);
  CHECK(finding_has(ck, "race on core 0: input DMA #2 operand 0 (hbm f32[8,128] -> vmem f32[8,128], started at step 2) and input DMA #1 operand 0 (hbm f32[8,128] -> vmem f32[8,128], started at step 2) are in flight at once and write overlapping memory"));
  waited(&o, &s0);
  waited(&o, &s1);
  /* an output DMA reading a slot whose input DMA has not been waited for */
  tsr_checker_reset(ck);
  start(&o, 3, &h0, &v, &s0, TSR_DMA_IN);
  start(&o, 4, &v, &h1, &s1, TSR_DMA_OUT);
  CHECK(finding_has(ck, "output DMA #4 operand 0 (vmem f32[8,128] -> hbm f32[8,128], started at step 2) reads the destination of input DMA #3"));
  waited(&o, &s0);
  waited(&o, &s1);
  /* a DMA overwriting the source of an output DMA in flight; a store into it too */
  tsr_checker_reset(ck);
  start(&o, 5, &v, &h1, &s1, TSR_DMA_OUT);
  start(&o, 6, &h0, &v, &s0, TSR_DMA_IN);
  load(&o, &v, true, "kernel.py:30");
  load(&o, &v, false, "kernel.py:31"); /* reading a DMA's source is fine... */
  CHECK(finding_has(ck, "input DMA #6 operand 0 (hbm f32[8,128] -> vmem f32[8,128], started at step 2) overwrites the source of output DMA #5"));
  CHECK(finding_has(ck, "kernel store at kernel.py:30"));
  waited(&o, &s0);
  waited(&o, &s1);
  CHECK_EQ_INT(tsr_checker_count(ck), 4); /* ...except the load also meets DMA #6's destination */
  /* the fixed order: wait for the output before refilling the slot */
  tsr_checker_reset(ck);
  start(&o, 7, &v, &h1, &s1, TSR_DMA_OUT);
  waited(&o, &s1);
  start(&o, 8, &h0, &v, &s0, TSR_DMA_IN);
  waited(&o, &s0);
  load(&o, &v, false, "kernel.py:40");
  CHECK_EQ_INT(tsr_checker_count(ck), 0);
  tsr_checker_destroy(ck);
}

static void test_regions(void) {
  static float a[16 * 128];
  int64_t shape[2] = {16, 128};
  tsr_ref r = tsr_ref_dense(a, TSR_F32, TSR_VMEM, 2, shape), top, bottom, mid, col0, col1;
  CHECK_OK(tsr_ref_slice(&r, 0, 0, 8, &top));
  CHECK_OK(tsr_ref_slice(&r, 0, 8, 8, &bottom));
  CHECK_OK(tsr_ref_slice(&r, 0, 7, 2, &mid));
  CHECK_OK(tsr_ref_slice(&r, 1, 0, 1, &col0));
  CHECK_OK(tsr_ref_slice(&top, 1, 127, 1, &col1));
  tsr_checker *ck = checker(TSR_CHECK_RACES);
  tsr_observer o = tsr_checker_observer(ck);
  tsr_ref s = sref(2);
  emit(&o, (tsr_event){.kind = TSR_EV_DMA_START, .dma_id = 1, .src = &top, .dst = &top, .sem = &s, .bytes = 4096});
  load(&o, &bottom, false, "bottom");
  CHECK_EQ_INT(tsr_checker_count(ck), 0);
  load(&o, &mid, false, "mid");
  CHECK_EQ_INT(tsr_checker_count(ck), 1);
  load(&o, &col1, false, "col1"); /* last element of the top half */
  CHECK_EQ_INT(tsr_checker_count(ck), 2);
  tsr_checker_destroy(ck);
  (void)col0;
}

/* Column blocks of one row-major array interleave: their spans meet, their elements do not
 * (emit_pipeline's output DMAs into an [8,512] array, block (0, j) of [8,128], all in flight
 * at once). Only a block that shares an element is a race. */
static void test_interleaved_blocks(void) {
  static float hbm[8 * 512], slot[4][8 * 128];
  int64_t shape[2] = {8, 512};
  tsr_ref whole = tsr_ref_dense(hbm, TSR_F32, TSR_HBM, 2, shape), col[4], v[4], half, s = sref(3);
  tsr_checker *ck = checker(TSR_CHECK_RACES);
  tsr_observer o = tsr_checker_observer(ck);
  for (int j = 0; j < 4; j++) {
    CHECK_OK(tsr_ref_slice(&whole, 1, 128 * j, 128, &col[j]));
    v[j] = vref(slot[j]);
    start(&o, (uint64_t)j + 1, &v[j], &col[j], &s, TSR_DMA_OUT);
  }
  load(&o, &v[0], false, "reads a source"); /* reading what DMAs read is fine */
  CHECK_EQ_INT(tsr_checker_count(ck), 0);
  /* a store into the first column of block 1, which DMA #2 is writing */
  tsr_ref colmn;
  CHECK_OK(tsr_ref_slice(&whole, 1, 128, 1, &colmn));
  load(&o, &colmn, true, "kernel.py:40");
  CHECK_EQ_INT(tsr_checker_count(ck), 1);
  CHECK(finding_has(ck, "kernel store at kernel.py:40 at step 2 (hbm f32[8,1]) writes memory that is the destination of output DMA #2"));
  /* a block straddling blocks 2 and 3 */
  CHECK_OK(tsr_ref_slice(&whole, 1, 320, 128, &half));
  start(&o, 5, &v[1], &half, &s, TSR_DMA_OUT);
  CHECK_EQ_INT(tsr_checker_count(ck), 3);
  tsr_checker_destroy(ck);
}

static int64_t lcg(uint64_t *state, int64_t n) {
  *state = *state * 6364136223846793005u + 1442695040888963407u;
  return (int64_t)(*state >> 33) % n;
}

/* ck_refs_overlap against the bytes themselves: random strided views (negative strides, size-1
 * and broadcast dims, other dtypes, unaligned starts) of one buffer, each pair's answer
 * compared with a byte map. */
static void test_overlap_exact(void) {
  enum { BYTES = 4096 };
  static char mem[BYTES];
  static unsigned char mark[BYTES];
  uint64_t rng = 0x9e3779b97f4a7c15u;
  int agree = 0, overlapping = 0;
  for (int trial = 0; trial < 4000; trial++) {
    tsr_ref r[2];
    for (int k = 0; k < 2; k++) {
      tsr_ref *x = &r[k];
      *x = (tsr_ref){.dtype = lcg(&rng, 3) == 0 ? TSR_BF16 : TSR_F32, .space = TSR_HBM, .rank = 1 + (int)lcg(&rng, 3)};
      int64_t es = (int64_t)tsr_dtype_size(x->dtype), lo = 0, hi = 0;
      for (int d = 0; d < x->rank; d++) {
        x->shape[d] = 1 + lcg(&rng, 6);
        x->stride[d] = lcg(&rng, 4) == 0 ? 0 : (lcg(&rng, 5) == 0 ? -1 : 1) * (1 + lcg(&rng, 40));
        int64_t span = (x->shape[d] - 1) * x->stride[d] * es;
        if (span < 0) lo += span;
        else hi += span;
      }
      int64_t room = BYTES - (hi - lo) - es;
      if (room <= 0) { k--; continue; }
      x->data = mem - lo + lcg(&rng, room < 300 ? room : 300) + (k ? lcg(&rng, 2) * (int64_t)sizeof(int16_t) : 0);
    }
    memset(mark, 0, sizeof mark);
    bool brute = false;
    for (int k = 0; k < 2; k++) {
      int64_t n = tsr_ref_numel(&r[k]), es = (int64_t)tsr_dtype_size(r[k].dtype);
      for (int64_t e = 0; e < n; e++) {
        int64_t off = 0, rest = e;
        for (int d = r[k].rank - 1; d >= 0; d--) {
          off += rest % r[k].shape[d] * r[k].stride[d];
          rest /= r[k].shape[d];
        }
        for (int64_t b = 0; b < es; b++) {
          int64_t at = r[k].data - mem + off * es + b;
          if (k == 0) mark[at] = 1;
          else if (mark[at]) brute = true;
        }
      }
    }
    bool got = ck_refs_overlap(&r[0], &r[1]), back = ck_refs_overlap(&r[1], &r[0]);
    if (got == brute && back == brute) agree++;
    else if (agree >= 0) {
      fprintf(stderr, "  trial %d: ck_refs_overlap %d/%d, bytes %d\n", trial, got, back, brute);
      agree = -1000000;
    }
    overlapping += brute;
  }
  CHECK_EQ_INT(agree, 4000);
  CHECK(overlapping > 400 && overlapping < 3600); /* both answers are exercised */
}

/* ---- kernels on the machine -------------------------------------------------------- */

typedef struct kernel_io {
  float *in, *out;
  bool wait_before_read;   /* false: the bug */
  int mode;                /* which test kernel */
} kernel_io;

enum { K_COPY, K_DEADLOCK, K_SEM_IMBALANCE, K_DMA_IMBALANCE, K_HALF_WRITTEN, K_BALANCED };

static void begin(machine_core *c, const char *name) {
  tsr_event ev = {.kind = TSR_EV_KERNEL_BEGIN, .name = name, .step = -1, .operand = -1};
  machine_core_emit(c, &ev);
}
static void end(machine_core *c) {
  tsr_event ev = {.kind = TSR_EV_KERNEL_END, .step = -1, .operand = -1};
  machine_core_emit(c, &ev);
}

static tsr_ref buf_ref(tsr_buffer *b, size_t off, tsr_dtype dt, int rank, const int64_t *shape) {
  tsr_ref r = tsr_ref_dense(b->base + off, dt, b->space, rank, shape);
  r.buf = b;
  return r;
}

/* out = 2 * in through VMEM, with the wait for the input DMA before or after the read. */
static tsr_status copy_double(machine_core *c, kernel_io *io, tsr_buffer *vb, tsr_buffer *sb) {
  int64_t shape[2] = {8, 128};
  tsr_ref hin = tsr_ref_dense(io->in, TSR_F32, TSR_HBM, 2, shape);
  tsr_ref hout = tsr_ref_dense(io->out, TSR_F32, TSR_HBM, 2, shape);
  tsr_ref v = buf_ref(vb, 0, TSR_F32, 2, shape), sem = buf_ref(sb, 0, TSR_DMA_SEM, 0, NULL);
  machine_dma_request r = {.src = &hin, .dst = &v, .sem = &sem, .bytes = 4096, .dir = TSR_DMA_LOCAL, .operand = -1};
  TSR_TRY(machine_core_dma_start(c, &r));
  if (io->wait_before_read) TSR_TRY(machine_core_dma_wait(c, &sem, 4096, "in", -1));
  tsr_event ev = {.kind = TSR_EV_ACCESS, .step = -1, .dst = &v, .loc = "copy_double:read", .operand = -1};
  machine_core_emit(c, &ev);
  float *x = (float *)(void *)v.data;
  float y[8 * 128];
  for (int i = 0; i < 8 * 128; i++) y[i] = 2 * x[i];
  if (!io->wait_before_read) TSR_TRY(machine_core_dma_wait(c, &sem, 4096, "in", -1));
  ev.write = true;
  ev.loc = "copy_double:write";
  machine_core_emit(c, &ev);
  memcpy(x, y, sizeof y);
  r = (machine_dma_request){.src = &v, .dst = &hout, .sem = &sem, .bytes = 4096, .dir = TSR_DMA_LOCAL, .operand = -1};
  TSR_TRY(machine_core_dma_start(c, &r));
  return machine_core_dma_wait(c, &sem, 4096, "out", -1);
}

static tsr_status run_kernel(machine_core *c, void *arg) {
  kernel_io *io = arg;
  tsr_buffer *vb, *sb;
  TSR_TRY(machine_core_alloc(c, TSR_VMEM, 8 * 128 * 4, 0, "v", &vb));
  TSR_TRY(machine_core_alloc(c, TSR_SEMAPHORE_MEM, 3 * 8, 0, "sems", &sb));
  begin(c, "test_kernel");
  int64_t shape[2] = {8, 128};
  tsr_ref v = buf_ref(vb, 0, TSR_F32, 2, shape);
  tsr_ref s0 = buf_ref(sb, 0, TSR_DMA_SEM, 0, NULL), s1 = buf_ref(sb, 8, TSR_DMA_SEM, 0, NULL);
  tsr_ref reg = buf_ref(sb, 16, TSR_SEM, 0, NULL);
  tsr_ref hin = tsr_ref_dense(io->in, TSR_F32, TSR_HBM, 2, shape);
  tsr_ref hout = tsr_ref_dense(io->out, TSR_F32, TSR_HBM, 2, shape);
  tsr_status s = TSR_OK;
  switch (io->mode) {
  case K_COPY:
    s = copy_double(c, io, vb, sb);
    break;
  case K_DEADLOCK: { /* starts on one semaphore, waits on the other */
    machine_dma_request r = {.src = &hin, .dst = &v, .sem = &s0, .bytes = 4096, .operand = -1};
    s = machine_core_dma_start(c, &r);
    if (s == TSR_OK) s = machine_core_dma_wait(c, &s1, 4096, "in", -1);
    break;
  }
  case K_SEM_IMBALANCE: case K_BALANCED:
    s = machine_core_sem_signal(c, &reg, 1, -1);
    if (s == TSR_OK) s = machine_core_sem_signal(c, &reg, 1, -1);
    if (s == TSR_OK) s = machine_core_sem_wait(c, &reg, io->mode == K_BALANCED ? 2 : 1);
    break;
  case K_DMA_IMBALANCE: { /* a 4096-byte DMA waited with a 2048-byte descriptor */
    machine_dma_request r = {.src = &hin, .dst = &v, .sem = &s0, .bytes = 4096, .operand = -1};
    s = machine_core_dma_start(c, &r);
    if (s == TSR_OK) s = machine_core_dma_wait(c, &s0, 2048, "in", -1);
    break;
  }
  case K_HALF_WRITTEN: { /* writes rows 0..3 of a fresh VMEM block, sends all 8 rows out */
    float *x = (float *)(void *)v.data;
    for (int i = 0; i < (io->wait_before_read ? 8 : 4) * 128; i++) x[i] = 1.0f;
    machine_dma_request r = {.src = &v, .dst = &hout, .sem = &s0, .bytes = 4096, .dir = TSR_DMA_OUT, .operand = 0};
    s = machine_core_dma_start(c, &r);
    if (s == TSR_OK) s = machine_core_dma_wait(c, &s0, 4096, "out", 0);
    break;
  }
  }
  if (s != TSR_OK) machine_core_reset_dmas(c);
  end(c);
  machine_core_release_to(c, TSR_VMEM, 0);
  machine_core_release_to(c, TSR_SEMAPHORE_MEM, 0);
  return s;
}

static tsr_machine *machine(tsr_dma_mode mode, uint64_t seed, tsr_checker *ck) {
  tsr_machine_options mo = {.num_cores = 1, .dma_mode = mode, .seed = seed, .quiet = true};
  tsr_machine *m = NULL;
  CHECK_OK(tsr_machine_create(&mo, &m));
  if (m && ck) CHECK_OK(tsr_checker_attach(ck, m));
  return m;
}

static float in_data[8 * 128], out_data[8 * 128];

static bool doubled(void) {
  for (int i = 0; i < 8 * 128; i++)
    if (out_data[i] != 2 * in_data[i]) return false;
  return true;
}

/* A missing wait computes the right answer when DMAs land at once (eager) and the wrong one
 * when they land late (on-wait) or in a random order; the race checker flags it in every
 * mode. With the wait in place every mode is right and clean. */
static void test_missing_wait_orderings(void) {
  tsr_test_fill(in_data, 8 * 128, 3);
  struct { tsr_dma_mode mode; uint64_t seed; } modes[] = {
      {TSR_DMA_EAGER, 0}, {TSR_DMA_ON_WAIT, 0}, {TSR_DMA_RANDOM, 1}, {TSR_DMA_RANDOM, 2},
      {TSR_DMA_RANDOM, 3}, {TSR_DMA_RANDOM, 4}, {TSR_DMA_RANDOM, 5}, {TSR_DMA_RANDOM, 6}};
  int random_wrong = 0;
  for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
    for (int fixed = 0; fixed <= 1; fixed++) {
      tsr_checker *ck = checker(TSR_CHECK_DEFAULT);
      tsr_machine *m = machine(modes[i].mode, modes[i].seed, ck);
      if (!m) { tsr_checker_destroy(ck); continue; }
      memset(out_data, 0, sizeof out_data);
      kernel_io io = {in_data, out_data, fixed, K_COPY};
      CHECK_OK(machine_run_cores(m, run_kernel, &io));
      bool right = doubled();
      if (fixed) {
        CHECK(right);
        CHECK_EQ_INT(tsr_checker_count(ck), 0);
      } else {
        if (modes[i].mode == TSR_DMA_EAGER) CHECK(right);
        if (modes[i].mode == TSR_DMA_ON_WAIT) CHECK(!right);
        if (modes[i].mode == TSR_DMA_RANDOM && !right) random_wrong++;
        CHECK(finding_has(ck, "kernel load at copy_double:read (vmem f32[8,128] of core 0) reads the destination of kernel DMA #1"));
      }
      tsr_machine_destroy(m);
      tsr_checker_destroy(ck);
    }
  }
  CHECK(random_wrong > 0);
}

static void test_deadlock_report(void) {
  tsr_machine *m = machine(TSR_DMA_ON_WAIT, 0, NULL);
  if (!m) return;
  kernel_io io = {in_data, out_data, true, K_DEADLOCK};
  CHECK_FAILS(machine_run_cores(m, run_kernel, &io), TSR_ERR_DEADLOCK,
              "DMA wait for in waits for 4096 but can never be satisfied (deadlock): core 0 sem 0[1] holds 0");
  CHECK(strstr(tsr_last_error(), "semaphores: core 0 sem 0[0]=0 core 0 sem 0[1]=0 core 0 sem 0[2]=0"));
  CHECK(strstr(tsr_last_error(), "1 DMA(s) in flight on core 0; DMA #1 f32[8,128] -> f32[8,128] "
                                 "(4096 bytes on core 0 sem 0[0], started at step -1, not yet copied)"));
  tsr_machine_destroy(m);
}

static void test_semaphore_balance(void) {
  tsr_checker *ck = checker(TSR_CHECK_DEFAULT);
  tsr_machine *m = machine(TSR_DMA_EAGER, 0, ck);
  if (!m) { tsr_checker_destroy(ck); return; }
  kernel_io io = {in_data, out_data, true, K_SEM_IMBALANCE};
  CHECK_OK(machine_run_cores(m, run_kernel, &io));
  CHECK_FAILS(tsr_checker_status(ck), TSR_ERR_SEMAPHORE,
              "semaphore imbalance: semaphore core 0 sem 0[2] ends kernel 'test_kernel' at 1: "
              "signalled 2 in total but waited for 1");
  tsr_checker_reset(ck);
  io.mode = K_DMA_IMBALANCE;
  CHECK_OK(machine_run_cores(m, run_kernel, &io)); /* the machine itself does not notice */
  CHECK(finding_has(ck, "DMA semaphore core 0 sem 0[0] ends kernel 'test_kernel' at 2048: DMAs on it carried 4096 bytes but waits took 2048"));
  tsr_checker_reset(ck);
  io.mode = K_BALANCED;
  CHECK_OK(machine_run_cores(m, run_kernel, &io));
  io.mode = K_COPY;
  CHECK_OK(machine_run_cores(m, run_kernel, &io));
  CHECK_EQ_INT(tsr_checker_count(ck), 0);
  tsr_machine_destroy(m);
  tsr_checker_destroy(ck);
}

static void test_poison(void) {
  tsr_checker *ck = checker(TSR_CHECK_ALL);
  tsr_machine *m = machine(TSR_DMA_EAGER, 0, ck);
  if (!m) { tsr_checker_destroy(ck); return; }
  memset(out_data, 0, sizeof out_data);
  kernel_io io = {in_data, out_data, false, K_HALF_WRITTEN};
  CHECK_OK(machine_run_cores(m, run_kernel, &io));
  CHECK_FAILS(tsr_checker_status(ck), TSR_ERR_CHECK,
              "poison on core 0: output DMA #1 operand 0 at step -1 writes poison to HBM: element "
              "(4, 0) of vmem f32[8,128] of core 0 was never written");
  int64_t shape[2] = {8, 128};
  tsr_ref out = tsr_ref_dense(out_data, TSR_F32, TSR_HBM, 2, shape);
  CHECK_FAILS(tsr_check_poison(&out, "o0"), TSR_ERR_CHECK, "output 'o0' contains poison at index (4, 0)");
  CHECK(isnan(out_data[4 * 128]));
  /* integers have their own poison */
  static int32_t ints[3][5];
  memset(ints, 0xA5, sizeof ints);
  ints[0][0] = 0;
  int64_t ishape[2] = {3, 5};
  tsr_ref ir = tsr_ref_dense(ints, TSR_I32, TSR_HBM, 2, ishape);
  CHECK_FAILS(tsr_check_poison(&ir, "o1"), TSR_ERR_CHECK, "index (0, 1)");

  tsr_checker_reset(ck);
  io.wait_before_read = true; /* writes the whole block */
  CHECK_OK(machine_run_cores(m, run_kernel, &io));
  CHECK_EQ_INT(tsr_checker_count(ck), 0);
  CHECK_OK(tsr_check_poison(&out, "o0"));
  tsr_machine_destroy(m);
  tsr_checker_destroy(ck);
}

/* Zero-copy views: while a body sees a block as a view of its HBM array, events name the VMEM
 * buffer a copy would have filled, element for element (machine/views.c), so that the checkers
 * find what they find in a copying run; refs outside the view, or in HBM, stay as they are. */
static void test_views_as_buffers(void) {
  static float array[32 * 512], buffer[8 * 128];
  tsr_machine *m = NULL;
  CHECK_OK(tsr_machine_create(&(tsr_machine_options){.num_cores = 1, .quiet = true}, &m));
  if (!m) return;
  machine_core *c = &m->cores[0];
  int64_t ashape[2] = {32, 512}, bshape[2] = {8, 128};
  tsr_ref a = tsr_ref_dense(array, TSR_F32, TSR_HBM, 2, ashape), view, buf = tsr_ref_dense(buffer, TSR_F32, TSR_VMEM, 2, bshape);
  CHECK_OK(tsr_ref_window(&a, (int64_t[]){8, 128}, bshape, &view)); /* block (1, 1) */
  view.space = TSR_VMEM;
  CHECK(machine_core_push_view(c, &view, &buf));
  tsr_ref out, r;
  CHECK(machine_core_view_as_buffer(c, &view, &out) && out.data == (char *)buffer && out.stride[0] == 128 && out.stride[1] == 1);
  /* row 2, columns 4..67 */
  CHECK_OK(tsr_ref_window(&view, (int64_t[]){2, 4}, (int64_t[]){1, 64}, &r));
  CHECK(machine_core_view_as_buffer(c, &r, &out) && out.data == (char *)&buffer[2 * 128 + 4] && out.shape[1] == 64 && out.stride[1] == 1);
  /* every other row of the block, as a strided load sees it */
  r = view;
  r.shape[0] = 4;
  r.stride[0] = 2 * 512;
  CHECK(machine_core_view_as_buffer(c, &r, &out) && out.data == (char *)buffer && out.stride[0] == 256 && out.space == TSR_VMEM);
  /* the same bytes as i32 (a bitcast) */
  r = view;
  r.dtype = TSR_I32;
  CHECK(machine_core_view_as_buffer(c, &r, &out) && out.dtype == TSR_I32 && out.stride[0] == 128);
  /* past the block's last column, in the next block's: not the view's */
  CHECK_OK(tsr_ref_window(&a, (int64_t[]){8, 200}, bshape, &r));
  r.space = TSR_VMEM;
  CHECK(!machine_core_view_as_buffer(c, &r, &out));
  /* the block's own bytes named as HBM (an ANY operand of the same array) mean HBM */
  r = view;
  r.space = TSR_HBM;
  CHECK(!machine_core_view_as_buffer(c, &r, &out));
  machine_core_pop_views_to(c, 0);
  CHECK(!machine_core_view_as_buffer(c, &view, &out));
  tsr_machine_destroy(m);
}

/* The race checker finds the DMAs an access or a start may meet through an index of their
 * spans (spans.c); walking every DMA in flight is the reference. Random streams of starts
 * (dense and strided views, some the same copy twice), waits that retire a few DMAs,
 * semaphore hand-offs, kernel ends and loads and stores: both give the same findings, word for
 * word and in the same order. */
static uint64_t rng_state = 88172645463325252ull;
static int rnd(int n) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (int)(rng_state % (uint64_t)n);
}

static tsr_ref random_view(float *base, int span, tsr_space space) {
  int64_t shape[2] = {1 + rnd(4), 1 + rnd(16)};
  tsr_ref r = tsr_ref_dense(base + rnd(span - 64 * 16), TSR_F32, space, 2, shape);
  if (rnd(3) == 0) r.stride[0] = 16 + rnd(3) * 8; /* row-strided: spans meet, elements may not */
  if (rnd(4) == 0) r.stride[1] = 2;
  return r;
}

static void test_index_matches_linear_walk(void) {
  enum { SPAN = 4096 };
  static float hbm[SPAN], vmem[SPAN];
  static int64_t cells[3];
  int races = 0, most_in_flight = 0, indexed = 0;
  for (int trial = 0; trial < 200; trial++) {
    tsr_checker *ck[2] = {checker(TSR_CHECK_RACES), checker(TSR_CHECK_RACES)};
    ck[1]->race_linear = true;
    tsr_observer o[2] = {tsr_checker_observer(ck[0]), tsr_checker_observer(ck[1])};
    tsr_ref sems[3];
    for (int k = 0; k < 3; k++) sems[k] = tsr_ref_dense(&cells[k], TSR_DMA_SEM, TSR_SEMAPHORE_MEM, 0, NULL);
    tsr_ref last_src = {0}, last_dst = {0};
    uint64_t id = 0;
    int waits = 4 + rnd(10); /* in percent of the events: how many DMAs stay in flight */
    for (int e = 0; e < 400; e++) {
      int what = rnd(100), core = rnd(2);
      tsr_event ev = {.core = core, .step = e, .operand = -1};
      tsr_ref src, dst;
      if (what < 45) { /* a DMA start, in either direction, now and then the previous copy again */
        bool in = rnd(2);
        src = random_view(in ? hbm : vmem, SPAN, in ? TSR_HBM : TSR_VMEM);
        dst = random_view(in ? vmem : hbm, SPAN, in ? TSR_VMEM : TSR_HBM);
        if (id && rnd(8) == 0) src = last_src, dst = last_dst;
        if (rnd(6) == 0) src.shape[0] = dst.shape[0] = 0; /* a copy of nothing (zero rows) */
        last_src = src, last_dst = dst;
        ev = (tsr_event){.kind = TSR_EV_DMA_START, .core = core, .step = e, .dma_id = ++id,
                         .dir = in ? TSR_DMA_IN : TSR_DMA_OUT, .src = &src, .dst = &dst,
                         .sem = &sems[rnd(3)], .bytes = (int64_t)tsr_ref_bytes(&dst), .operand = rnd(3)};
      } else if (what < 45 + waits) { /* a wait that retires one DMA's bytes or a few DMAs' */
        ev = (tsr_event){.kind = TSR_EV_DMA_WAIT_END, .core = core, .step = e, .sem = &sems[rnd(3)],
                         .bytes = rnd(6) ? 4 * (1 + rnd(64)) * (rnd(4) ? 1 : 8) : 0};
      } else if (what < 47 + waits) {
        ev = (tsr_event){.kind = TSR_EV_SEM_CARRY, .core = core, .sem = &sems[rnd(3)], .amount = -1};
      } else if (what < 48 + waits && rnd(5) == 0) { /* rare: it ends every DMA on the core */
        ev = (tsr_event){.kind = TSR_EV_KERNEL_END, .core = core};
      } else { /* a load or store of VMEM or HBM */
        bool v = rnd(4);
        dst = random_view(v ? vmem : hbm, SPAN, v ? TSR_VMEM : TSR_HBM);
        ev = (tsr_event){.kind = TSR_EV_ACCESS, .core = core, .step = e, .dst = &dst, .write = rnd(2),
                         .loc = "kernel.py:7", .operand = -1};
      }
      for (int k = 0; k < 2; k++) emit(&o[k], ev);
      if (ck[0]->inflight[core].live > most_in_flight) most_in_flight = ck[0]->inflight[core].live;
      indexed += ck[0]->inflight[core].indexed;
    }
    int n = tsr_checker_count(ck[0]);
    CHECK_EQ_INT(n, tsr_checker_count(ck[1]));
    races += n;
    for (int i = 0; tsr_checker_finding(ck[1], i); i++) {
      CHECK(tsr_checker_finding(ck[0], i) != NULL);
      const char *got = tsr_checker_finding(ck[0], i), *want = tsr_checker_finding(ck[1], i);
      if (got && strcmp(got, want)) fprintf(stderr, "  finding %d:\n  index: %s\n  walk:  %s\n", i, got, want);
      CHECK(got && !strcmp(got, want));
    }
    for (int k = 0; k < 2; k++) tsr_checker_destroy(ck[k]);
  }
  CHECK(races > 1000); /* the streams do race, so the comparison says something */
  CHECK(most_in_flight > 50);
  CHECK(indexed > 10000); /* and many of their events were checked through the index */
}

/* A copy of nothing (a dynamically sized slice of zero rows: a fused MoE kernel starts one for
 * every token it does not route to an expert) on a DMA semaphore touches no byte and counts
 * nothing, so the race checker keeps no record of it: a wait for zero bytes, which retires it
 * on the machine but spends nothing here, would otherwise leave it in flight for good, and
 * every later wait walked past all of them. Copies that move bytes, and a copy of nothing on
 * a regular semaphore (which counts 1 for the semaphore wait that takes it), are kept. */
static void test_copies_of_nothing(void) {
  static float hbm[8 * 128], vmem[8 * 128];
  static int64_t cells[3];
  tsr_checker *ck = checker(TSR_CHECK_RACES);
  tsr_observer o = tsr_checker_observer(ck);
  tsr_ref rows = tsr_ref_dense(&cells[0], TSR_DMA_SEM, TSR_SEMAPHORE_MEM, 0, NULL),
          none = tsr_ref_dense(&cells[1], TSR_DMA_SEM, TSR_SEMAPHORE_MEM, 0, NULL),
          regular = tsr_ref_dense(&cells[2], TSR_SEM, TSR_SEMAPHORE_MEM, 0, NULL);
  int64_t zero[2] = {0, 128}, one[2] = {1, 128};
  uint64_t id = 0;
  for (int t = 0; t < 100; t++) {
    tsr_ref zsrc = tsr_ref_dense(hbm + t % 8 * 128, TSR_F32, TSR_HBM, 2, zero),
            zdst = tsr_ref_dense(vmem + 128, TSR_F32, TSR_VMEM, 2, zero);
    for (int z = 0; z < 50; z++)
      emit(&o, (tsr_event){.kind = TSR_EV_DMA_START, .step = t, .dma_id = ++id, .dir = TSR_DMA_IN, .src = &zsrc,
                           .dst = &zdst, .sem = &none, .bytes = 0, .operand = -1});
    tsr_ref src = tsr_ref_dense(hbm + t % 8 * 128, TSR_F32, TSR_HBM, 2, one),
            dst = tsr_ref_dense(vmem, TSR_F32, TSR_VMEM, 2, one),
            near = tsr_ref_dense(vmem + 128, TSR_F32, TSR_VMEM, 2, one);
    emit(&o, (tsr_event){.kind = TSR_EV_DMA_START, .step = t, .dma_id = ++id, .dir = TSR_DMA_IN, .src = &src,
                         .dst = &dst, .sem = &rows, .bytes = 512, .operand = -1});
    CHECK_EQ_INT(ck->inflight[0].live, 1); /* the row copy only */
    emit(&o, (tsr_event){.kind = TSR_EV_ACCESS, .step = t, .dst = &near, .write = true, .loc = "moe.py:3", .operand = -1});
    emit(&o, (tsr_event){.kind = TSR_EV_DMA_WAIT_END, .step = t, .sem = &rows, .bytes = 512});
    emit(&o, (tsr_event){.kind = TSR_EV_DMA_WAIT_END, .step = t, .sem = &none, .bytes = 0});
  }
  CHECK_EQ_INT(tsr_checker_count(ck), 0);
  CHECK_EQ_INT(ck->inflight[0].live, 0);
  /* a row copy on the semaphore of the copies of nothing, not waited for, still races */
  tsr_ref src = tsr_ref_dense(hbm, TSR_F32, TSR_HBM, 2, one), dst = tsr_ref_dense(vmem, TSR_F32, TSR_VMEM, 2, one),
          zsrc = tsr_ref_dense(hbm, TSR_F32, TSR_HBM, 2, zero), zdst = tsr_ref_dense(vmem, TSR_F32, TSR_VMEM, 2, zero);
  emit(&o, (tsr_event){.kind = TSR_EV_DMA_START, .step = 100, .dma_id = ++id, .dir = TSR_DMA_IN, .src = &src,
                       .dst = &dst, .sem = &none, .bytes = 512, .operand = -1});
  emit(&o, (tsr_event){.kind = TSR_EV_DMA_WAIT_END, .step = 100, .sem = &none, .bytes = 0});
  emit(&o, (tsr_event){.kind = TSR_EV_ACCESS, .step = 100, .dst = &dst, .loc = "moe.py:4", .operand = -1});
  CHECK_EQ_INT(tsr_checker_count(ck), 1);
  CHECK(finding_has(ck, "kernel load at moe.py:4 at step 100"));
  /* a copy of nothing on a regular semaphore counts 1: it stays until a semaphore wait takes it */
  emit(&o, (tsr_event){.kind = TSR_EV_DMA_START, .step = 101, .dma_id = ++id, .dir = TSR_DMA_IN, .src = &zsrc,
                       .dst = &zdst, .sem = &regular, .bytes = 0, .operand = -1});
  CHECK_EQ_INT(ck->inflight[0].live, 2);
  emit(&o, (tsr_event){.kind = TSR_EV_SEM_WAIT, .step = 101, .sem = &regular, .amount = 1});
  CHECK_EQ_INT(ck->inflight[0].live, 1);
  tsr_checker_destroy(ck);
}

int main(void) {
  test_index_matches_linear_walk();
  test_copies_of_nothing();
  test_views_as_buffers();
  test_pipelines_are_clean();
  test_read_before_wait();
  test_replayed();
  test_subcores();
  test_dma_against_dma();
  test_regions();
  test_interleaved_blocks();
  test_overlap_exact();
  test_missing_wait_orderings();
  test_deadlock_report();
  test_semaphore_balance();
  test_poison();
  return tsr_test_finish("test_check");
}
