/* pallas_call rules and error paths: Buffered(1), ANY operands with manual DMAs and
 * semaphores, aliases, the core split, and every check before and after a run. */
#include "harness.h"
#include "pallas_util.h"
#include "core/status.h"
#include "pipeline/carry.h"
#include "tessera/pipeline.h"


static bool zero_copy; /* the whole suite runs twice: copying blocks, then zero-copy views */

static tsr_machine *machine(const char *chip, int cores, bool strict) {
  tsr_machine *m = NULL;
  tsr_machine_options o = {.chip = tsr_chip_get(chip), .num_cores = cores, .quiet = true,
                           .strict_block_shapes = strict, .zero_copy = zero_copy};
  if (tsr_machine_create(&o, &m) != TSR_OK) { fprintf(stderr, "%s\n", tsr_last_error()); exit(1); }
  return m;
}

static tsr_status map_last0(void *u, const int64_t *g, int n, const tsr_ref *p, int np, int64_t *b) {
  (void)u; (void)p; (void)np;
  b[0] = g[n - 1]; b[1] = 0;
  return TSR_OK;
}
static tsr_status map_far(void *u, const int64_t *g, int n, const tsr_ref *p, int np, int64_t *b) {
  (void)u; (void)n; (void)p; (void)np;
  b[0] = g[0] + 5; b[1] = 0;
  return TSR_OK;
}

static tsr_status scale_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *o = tsr_ctx_out(c, 0);
  for (int64_t i = 0; i < x->shape[0]; i++)
    for (int64_t j = 0; j < x->shape[1]; j++) F(o)[i * o->stride[0] + j] = 3 * F(x)[i * x->stride[0] + j];
  return TSR_OK;
}

typedef struct arr { float *x, *o; tsr_ref in, out; } arr;

static arr make(int64_t rows, int64_t cols) {
  arr a;
  a.x = malloc(sizeof(float) * (size_t)(rows * cols));
  a.o = calloc((size_t)(rows * cols), sizeof(float));
  tsr_test_fill(a.x, (long)(rows * cols), 11);
  int64_t s[2] = {rows, cols};
  a.in = tsr_ref_dense(a.x, TSR_F32, TSR_HBM, 2, s);
  a.out = tsr_ref_dense(a.o, TSR_F32, TSR_HBM, 2, s);
  return a;
}

static void drop(arr *a) { free(a->x); free(a->o); }

static tsr_call_desc scale_desc(arr *a, tsr_block_spec *in, tsr_block_spec *out, int64_t steps) {
  tsr_call_desc d = {.name = "scale", .grid_rank = 1, .grid = {steps}, .num_inputs = 1,
                     .inputs = &a->in, .in_specs = in, .num_outputs = 1, .outputs = &a->out,
                     .out_specs = out, .body = scale_body};
  return d;
}

static int mismatches(const arr *a, long n) {
  int bad = 0;
  for (long i = 0; i < n; i++) bad += a->o[i] != 3 * a->x[i];
  return bad;
}

static void test_buffered_one(void) {
  tsr_machine *m = machine("v5e", 1, false);
  arr a = make(64, 128);
  tsr_block_spec in = {.rank = 2, .block_shape = {8, 128}, .index_map = map_i0, .buffer_count = 1};
  tsr_block_spec out = in;
  tsr_call_desc d = scale_desc(&a, &in, &out, 8);
  tsr_call_stats st;
  CHECK_OK(tsr_pallas_call(m, &d, &st));
  CHECK_EQ_INT(mismatches(&a, 64 * 128), 0);
  CHECK_EQ_INT(st.dma.in, 8);
  CHECK_EQ_INT(st.dma.out, 8);
  CHECK_EQ_INT(st.vmem_bytes, 2 * 4096); /* one buffer each */
  drop(&a);
  tsr_machine_destroy(m);
}

/* An output whose block index follows the innermost axis of a (3, 4) grid revisits blocks
 * non-consecutively: an error, unless revisit ANY with one buffer re-reads them. */
static tsr_status accumulate_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *o = tsr_ctx_out(c, 0);
  bool first = tsr_ctx_program_id(c, 0) == 0;
  for (int64_t i = 0; i < x->shape[0]; i++)
    for (int64_t j = 0; j < x->shape[1]; j++)
      F(o)[i * o->stride[0] + j] = (first ? 0 : F(o)[i * o->stride[0] + j]) + F(x)[i * x->stride[0] + j];
  return TSR_OK;
}

static void test_revisits(void) {
  tsr_machine *m = machine("v5e", 1, false);
  arr a = make(32, 128);
  tsr_block_spec in = {.rank = 2, .block_shape = {8, 128}, .index_map = map_last0};
  tsr_block_spec out = in;
  tsr_call_desc d = {.name = "revisit", .grid_rank = 2, .grid = {3, 4}, .num_inputs = 1,
                     .inputs = &a.in, .in_specs = &in, .num_outputs = 1, .outputs = &a.out,
                     .out_specs = &out, .body = accumulate_body};
  CHECK_FAILS(tsr_pallas_call(m, &d, NULL), TSR_ERR_INVALID, "out0: block (0, 0) is revisited at step 4");
  out.revisit = TSR_REVISIT_ANY;
  CHECK_FAILS(tsr_pallas_call(m, &d, NULL), TSR_ERR_INVALID, "revisit mode ANY needs a single buffer");
  out.buffer_count = 1;
  tsr_call_stats st;
  CHECK_OK(tsr_pallas_call(m, &d, &st));
  int bad = 0;
  for (int i = 0; i < 32 * 128; i++) bad += fabsf(a.o[i] - 3 * a.x[i]) > 1e-5f;
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(st.dma.out, 12);
  CHECK_EQ_INT(st.dma.in, 12 + 8); /* x every step, plus 8 restores of revisited blocks */
  drop(&a);
  tsr_machine_destroy(m);
}

/* ANY operands: the kernel gets whole HBM refs and moves data itself. */
static tsr_status manual_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *o = tsr_ctx_out(c, 0);
  const tsr_ref *buf = tsr_ctx_scratch(c, 0), *sems = tsr_ctx_scratch(c, 1);
  tsr_ref sem0, sem1, xs, os;
  TSR_TRY(tsr_ref_at(sems, 0, 0, &sem0));
  TSR_TRY(tsr_ref_at(sems, 0, 1, &sem1));
  int64_t i = tsr_ctx_program_id(c, 0);
  TSR_TRY(tsr_ref_slice(x, 0, i * 8, 8, &xs));
  TSR_TRY(tsr_ref_slice(o, 0, i * 8, 8, &os));
  TSR_TRY(tsr_dma_start(c, &xs, buf, &sem0));
  TSR_TRY(tsr_dma_wait(c, &sem0, buf));
  for (int k = 0; k < 8 * 128; k++) F(buf)[k] *= 3;
  TSR_TRY(tsr_dma_start(c, buf, &os, &sem1));
  TSR_TRY(tsr_dma_wait(c, &sem1, &os));
  return TSR_OK;
}

static tsr_status forgets_wait(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *buf = tsr_ctx_scratch(c, 0), *sems = tsr_ctx_scratch(c, 1);
  tsr_ref sem0, xs;
  TSR_TRY(tsr_ref_at(sems, 0, 0, &sem0));
  TSR_TRY(tsr_ref_slice(x, 0, 0, 8, &xs));
  return tsr_dma_start(c, &xs, buf, &sem0);
}

static tsr_status over_waits(tsr_ctx *c, void *u) {
  (void)u;
  tsr_ref sem0;
  TSR_TRY(tsr_ref_at(tsr_ctx_scratch(c, 1), 0, 0, &sem0));
  return tsr_dma_wait(c, &sem0, tsr_ctx_scratch(c, 0));
}

static tsr_status leaves_signal(tsr_ctx *c, void *u) {
  (void)u;
  tsr_ref s;
  TSR_TRY(tsr_ref_at(tsr_ctx_scratch(c, 2), 0, 0, &s));
  TSR_TRY(tsr_sem_signal(c, &s, 2, -1));
  CHECK(tsr_sem_read(c, &s) == 2 + tsr_ctx_program_id(c, 0)); /* +2 -1 per step */
  return tsr_sem_wait(c, &s, 1);
}

/* manual_body with regular semaphores (TPU v6 and later): each finished DMA adds 1 to its
 * semaphore, and a semaphore wait for 1 is what waits for it. */
static tsr_status regular_sem_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *o = tsr_ctx_out(c, 0), *buf = tsr_ctx_scratch(c, 0);
  tsr_ref s, xs, os;
  TSR_TRY(tsr_ref_at(tsr_ctx_scratch(c, 2), 0, 0, &s));
  int64_t i = tsr_ctx_program_id(c, 0);
  TSR_TRY(tsr_ref_slice(x, 0, i * 8, 8, &xs));
  TSR_TRY(tsr_ref_slice(o, 0, i * 8, 8, &os));
  TSR_TRY(tsr_dma_start(c, &xs, buf, &s));
  TSR_TRY(tsr_sem_wait(c, &s, 1));
  CHECK(tsr_sem_read(c, &s) == 0);
  for (int k = 0; k < 8 * 128; k++) F(buf)[k] *= 3;
  TSR_TRY(tsr_dma_start(c, buf, &os, &s));
  return tsr_sem_wait(c, &s, 1);
}

/* A DMA into SMEM on a regular semaphore (scratch 3: SMEM), which Mosaic refuses. */
static tsr_status regular_sem_smem(tsr_ctx *c, void *u) {
  (void)u;
  tsr_ref s, xs;
  TSR_TRY(tsr_ref_at(tsr_ctx_scratch(c, 2), 0, 0, &s));
  TSR_TRY(tsr_ref_slice(tsr_ctx_in(c, 0), 0, 0, 8, &xs));
  TSR_TRY(tsr_dma_start(c, &xs, tsr_ctx_scratch(c, 3), &s));
  return tsr_sem_wait(c, &s, 1);
}

/* A regular semaphore's DMAs in each DMA order on v6e against the C reference (3x), refused
 * on v5e and for a DMA into SMEM. */
static void test_regular_sem_dmas(void) {
  arr a = make(32, 128);
  tsr_block_spec any = {.space = TSR_ANY};
  tsr_scratch_spec scr[3] = {{.space = TSR_VMEM, .dtype = TSR_F32, .rank = 2, .shape = {8, 128}},
                             {.space = TSR_SEMAPHORE_MEM, .dtype = TSR_DMA_SEM, .rank = 1, .shape = {2}},
                             {.space = TSR_SEMAPHORE_MEM, .dtype = TSR_SEM, .rank = 1, .shape = {1}}};
  tsr_call_desc d = scale_desc(&a, &any, &any, 4);
  d.num_scratch = 3;
  d.scratch = scr;
  d.body = regular_sem_body;
  tsr_dma_mode modes[3] = {TSR_DMA_EAGER, TSR_DMA_ON_WAIT, TSR_DMA_RANDOM};
  for (int k = 0; k < 3; k++) {
    tsr_machine *m = NULL;
    tsr_machine_options o = {.chip = tsr_chip_get("v6e"), .dma_mode = modes[k], .seed = 3, .quiet = true};
    CHECK_OK(tsr_machine_create(&o, &m));
    memset(a.o, 0, sizeof(float) * 32 * 128);
    CHECK_OK(tsr_pallas_call(m, &d, NULL));
    CHECK_EQ_INT(mismatches(&a, 32 * 128), 0);
    tsr_machine_destroy(m);
  }
  tsr_machine *v5e = machine("v5e", 1, false);
  CHECK_FAILS(tsr_pallas_call(v5e, &d, NULL), TSR_ERR_SEMAPHORE,
              "DMA start: a DMA signals a regular semaphore only on TPU v6 and later (this chip, v5e, is generation 5)");
  tsr_machine_destroy(v5e);
  tsr_scratch_spec scr4[4] = {scr[0], scr[1], scr[2],
                              {.space = TSR_SMEM, .dtype = TSR_F32, .rank = 2, .shape = {8, 128}}};
  d.num_scratch = 4;
  d.scratch = scr4;
  d.body = regular_sem_smem;
  tsr_machine *v6e = machine("v6e", 1, false);
  CHECK_FAILS(tsr_pallas_call(v6e, &d, NULL), TSR_ERR_SEMAPHORE,
              "DMA start: a DMA to or from SMEM needs a DMA semaphore, not a regular one");
  tsr_machine_destroy(v6e);
  drop(&a);
}

static tsr_status wrong_sem_kind(tsr_ctx *c, void *u) {
  (void)u;
  tsr_ref s;
  TSR_TRY(tsr_ref_at(tsr_ctx_scratch(c, 2), 0, 0, &s));
  return tsr_dma_wait(c, &s, tsr_ctx_scratch(c, 0));
}

static void test_any_operands(void) {
  tsr_machine *m = machine("v5e", 1, false);
  arr a = make(32, 128);
  tsr_block_spec any = {.space = TSR_ANY};
  tsr_scratch_spec scr[3] = {{.space = TSR_VMEM, .dtype = TSR_F32, .rank = 2, .shape = {8, 128}},
                             {.space = TSR_SEMAPHORE_MEM, .dtype = TSR_DMA_SEM, .rank = 1, .shape = {2}},
                             {.space = TSR_SEMAPHORE_MEM, .dtype = TSR_SEM, .rank = 1, .shape = {1}}};
  tsr_call_desc d = scale_desc(&a, &any, &any, 4);
  d.num_scratch = 3;
  d.scratch = scr;
  d.body = manual_body;
  tsr_call_stats st;
  CHECK_OK(tsr_pallas_call(m, &d, &st));
  CHECK_EQ_INT(mismatches(&a, 32 * 128), 0);
  CHECK_EQ_INT(st.dma.in + st.dma.out, 0); /* the pipeline moved nothing */
  d.body = forgets_wait;
  CHECK_FAILS(tsr_pallas_call(m, &d, NULL), TSR_ERR_SEMAPHORE, "started but never waited for");
  d.body = over_waits;
  CHECK_FAILS(tsr_pallas_call(m, &d, NULL), TSR_ERR_DEADLOCK, "can never be satisfied");
  d.body = leaves_signal;
  CHECK_FAILS(tsr_pallas_call(m, &d, NULL), TSR_ERR_SEMAPHORE, "scratch 2 (semaphore, element 0) holds 4 at the end of the kernel");
  d.body = wrong_sem_kind;
  CHECK_FAILS(tsr_pallas_call(m, &d, NULL), TSR_ERR_SEMAPHORE, "DMA wait on a regular semaphore: a DMA that signals one is waited for with a semaphore wait");
  /* on-wait DMA order: copies happen at the wait; the result is the same */
  tsr_machine *lazy = NULL;
  tsr_machine_options o = {.chip = tsr_chip_get("v5e"), .dma_mode = TSR_DMA_ON_WAIT, .quiet = true};
  CHECK_OK(tsr_machine_create(&o, &lazy));
  memset(a.o, 0, sizeof(float) * 32 * 128);
  d.body = manual_body;
  CHECK_OK(tsr_pallas_call(lazy, &d, NULL));
  CHECK_EQ_INT(mismatches(&a, 32 * 128), 0);
  tsr_machine_destroy(lazy);
  drop(&a);
  tsr_machine_destroy(m);
}

static tsr_status add_one_inplace(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *o = tsr_ctx_out(c, 0);
  for (int k = 0; k < 8 * 128; k++) F(o)[k] = F(x)[k] + 1;
  return TSR_OK;
}

static void test_aliases(void) {
  tsr_machine *m = machine("v5e", 1, false);
  arr a = make(32, 128);
  float orig[32 * 128];
  memcpy(orig, a.x, sizeof orig);
  tsr_block_spec spec = {.rank = 2, .block_shape = {8, 128}, .index_map = map_i0};
  tsr_alias al = {.input = 0, .output = 0};
  tsr_call_desc d = scale_desc(&a, &spec, &spec, 4);
  d.body = add_one_inplace;
  d.num_aliases = 1;
  d.aliases = &al;
  CHECK_OK(tsr_pallas_call(m, &d, NULL));
  int bad = 0;
  for (int i = 0; i < 32 * 128; i++) bad += a.x[i] != orig[i] + 1 || a.o[i] != 0;
  CHECK_EQ_INT(bad, 0); /* written into the input's buffer; the output array untouched */
  tsr_alias bad_alias = {.input = 3, .output = 0};
  d.aliases = &bad_alias;
  CHECK_FAILS(tsr_pallas_call(m, &d, NULL), TSR_ERR_INVALID, "alias 0: input 3");
  drop(&a);
  tsr_machine_destroy(m);
}

/* Writes each int4 element of the input block, widened, to the f32 output block. */
static tsr_status widen_i4_body(tsr_ctx *c, void *u) {
  (void)u;
  const tsr_ref *x = tsr_ctx_in(c, 0), *o = tsr_ctx_out(c, 0);
  for (int64_t i = 0; i < x->shape[0]; i++)
    for (int64_t j = 0; j < x->shape[1]; j++)
      F(o)[i * o->stride[0] + j] = (float)((const int8_t *)x->data)[i * x->stride[0] + j];
  return TSR_OK;
}

/* A 4-bit block takes half a byte an element of VMEM (TPU memory packs it), though the host
 * array gives each its own byte: a kernel sizes vmem_limit_bytes for the packed block. */
static void test_int4_vmem(void) {
  tsr_machine *m = machine("v5e", 1, false);
  enum { R = 512, C = 512 };
  int8_t *x = malloc(R * C);
  float *o = calloc(R * C, sizeof(float));
  for (int i = 0; i < R * C; i++) x[i] = (int8_t)(i % 16 - 8);
  int64_t sh[2] = {R, C};
  tsr_ref in = tsr_ref_dense(x, TSR_I4, TSR_HBM, 2, sh), out = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, sh);
  tsr_block_spec bi = {.rank = 2, .block_shape = {256, 512}, .index_map = map_i0}, bo = bi;
  tsr_call_desc d = {.name = "widen", .grid_rank = 1, .grid = {2}, .num_inputs = 1, .inputs = &in, .in_specs = &bi,
                     .num_outputs = 1, .outputs = &out, .out_specs = &bo, .body = widen_i4_body};
  /* int4 (256, 512) x 2 buffers: 131072 bytes packed; f32 (256, 512) x 2: 1048576 */
  d.vmem_limit_bytes = 1048576 + 131072;
  tsr_call_stats st;
  CHECK_OK(tsr_pallas_call(m, &d, &st));
  CHECK_EQ_INT(st.vmem_bytes, 1048576 + 131072);
  int bad = 0;
  for (int i = 0; i < R * C; i++) bad += o[i] != (float)(i % 16 - 8);
  CHECK_EQ_INT(bad, 0);
  d.vmem_limit_bytes = 1048576 + 131072 - 1;
  CHECK_FAILS(tsr_pallas_call(m, &d, NULL), TSR_ERR_VMEM, "in0 block (256, 512) x 2 buffers = 131072");
  free(x);
  free(o);
  tsr_machine_destroy(m);
}

static tsr_status map_zero(void *u, const int64_t *g, int n, const tsr_ref *p, int np, int64_t *b) {
  (void)u; (void)g; (void)n; (void)p; (void)np;
  b[0] = b[1] = 0;
  return TSR_OK;
}

/* A block that is its whole array gets one buffer when its index map reads only grid axes of
 * one step, as Pallas's TPU pipeline judges it and kernels size vmem_limit_bytes (vLLM's
 * quantized matmul on a grid of one step); an index map callback, of which nothing is known,
 * only on a grid of one step. */
static void test_one_step_buffers(void) {
  tsr_machine *m = machine("v5e", 1, false);
  enum { BLOCK = 64 * 128 * 4 };
  arr a = make(64, 128);
  tsr_block_spec whole = {.rank = 2, .block_shape = {64, 128}, .index_map = map_i0};
  tsr_call_desc d = scale_desc(&a, &whole, &whole, 1);
  d.vmem_limit_bytes = 2 * BLOCK; /* a block each, as the kernel counts */
  tsr_call_stats st;
  CHECK_OK(tsr_pallas_call(m, &d, &st));
  CHECK_EQ_INT(st.vmem_bytes, 2 * BLOCK);
  CHECK_EQ_INT(st.dma.in, 1);
  CHECK_EQ_INT(st.dma.out, 1);
  CHECK_EQ_INT(mismatches(&a, 64 * 128), 0);
  /* an axis map that reads only the grid's axis of one step: the same block at all 3 steps */
  tsr_block_spec by_axis = {.rank = 2, .block_shape = {64, 128}, .axis_map = {TSR_AXIS(0), 0}};
  memset(a.o, 0, sizeof(float) * 64 * 128);
  d = scale_desc(&a, &by_axis, &by_axis, 1);
  d.grid_rank = 2;
  d.grid[0] = 1;
  d.grid[1] = 3;
  d.vmem_limit_bytes = 2 * BLOCK;
  CHECK_OK(tsr_pallas_call(m, &d, &st));
  CHECK_EQ_INT(st.vmem_bytes, 2 * BLOCK);
  CHECK_EQ_INT(st.dma.in, 1);
  CHECK_EQ_INT(st.dma.out, 1);
  CHECK_EQ_INT(mismatches(&a, 64 * 128), 0);
  /* a callback on a grid of 3 steps may move the block: two buffers each */
  tsr_block_spec zeros = {.rank = 2, .block_shape = {64, 128}, .index_map = map_zero};
  d = scale_desc(&a, &zeros, &zeros, 3);
  d.vmem_limit_bytes = 2 * BLOCK;
  CHECK_FAILS(tsr_pallas_call(m, &d, NULL), TSR_ERR_VMEM, "in0 block (64, 128) x 2 buffers = 65536");
  d.vmem_limit_bytes = 4 * BLOCK;
  CHECK_OK(tsr_pallas_call(m, &d, &st));
  CHECK_EQ_INT(st.vmem_bytes, 4 * BLOCK);
  drop(&a);
  tsr_machine_destroy(m);
}

static void test_checks(void) {
  tsr_machine *m = machine("v4", 1, false); /* 16 MiB of VMEM */
  arr a = make(4096, 1024);
  tsr_block_spec big = {.rank = 2, .block_shape = {2048, 1024}, .index_map = map_i0};
  tsr_call_desc d = scale_desc(&a, &big, &big, 2);
  CHECK_FAILS(tsr_pallas_call(m, &d, NULL), TSR_ERR_VMEM, "in0 block (2048, 1024) x 2 buffers = 16777216");
  d.vmem_limit_bytes = 1 << 20;
  tsr_block_spec ok = {.rank = 2, .block_shape = {128, 1024}, .index_map = map_i0};
  d = scale_desc(&a, &ok, &ok, 32);
  d.vmem_limit_bytes = 1 << 20;
  CHECK_FAILS(tsr_pallas_call(m, &d, NULL), TSR_ERR_VMEM, "exceeds the limit of 1048576 bytes");
  /* a limit above the chip's VMEM is held to it, as the TPU compiler takes it: a call that
   * fits runs, one that does not fits neither */
  d.vmem_limit_bytes = 1ll << 40;
  CHECK_OK(tsr_pallas_call(m, &d, NULL));
  d = scale_desc(&a, &big, &big, 2);
  d.vmem_limit_bytes = 1ll << 40;
  CHECK_FAILS(tsr_pallas_call(m, &d, NULL), TSR_ERR_VMEM, "exceeds the limit of 16777216 bytes (the chip's VMEM)");
  d.vmem_limit_bytes = 0;
  tsr_block_spec far = {.rank = 2, .block_shape = {128, 1024}, .index_map = map_far};
  d = scale_desc(&a, &far, &ok, 32);
  CHECK_FAILS(tsr_pallas_call(m, &d, NULL), TSR_ERR_BOUNDS, "in0: index map returns block (32, 0) at grid index (27,)");
  /* block-shape rule: a warning by default, an error in strict mode */
  tsr_block_spec odd = {.rank = 2, .block_shape = {12, 1024}, .index_map = map_i0};
  arr b = make(48, 1024);
  d = scale_desc(&b, &odd, &odd, 4);
  CHECK_OK(tsr_pallas_call(m, &d, NULL));
  CHECK(strstr(tsr_machine_warnings(m), "in0 (f32[48,1024]): block shape breaks the TPU rule") != NULL);
  CHECK_EQ_INT(mismatches(&b, 48 * 1024), 0);
  tsr_machine *strict = machine("v4", 1, true);
  CHECK_FAILS(tsr_pallas_call(strict, &d, NULL), TSR_ERR_INVALID, "divisible by (8, 128) for f32");
  /* 64-bit arrays are rejected as on TPU */
  double dd[8 * 128];
  tsr_ref r64 = tsr_ref_dense(dd, TSR_F64, TSR_HBM, 2, (int64_t[]){8, 128});
  d = scale_desc(&b, NULL, NULL, 1);
  d.grid_rank = 0;
  d.inputs = &r64;
  CHECK_FAILS(tsr_pallas_call(m, &d, NULL), TSR_ERR_UNSUPPORTED, "in0: dtype f64 is not supported on TPU");
  drop(&a);
  drop(&b);
  tsr_machine_destroy(strict);
  tsr_machine_destroy(m);
}

/* Parallel dims split over cores: a (6, 4) grid over 2 cores splits dim 0 in halves; a (5, 4)
 * grid over 2 cores gives 3 + 2 rows of steps; core_parallel is preferred. */
static tsr_status count_body(tsr_ctx *c, void *u) {
  int64_t *per_core = u;
  __atomic_add_fetch(&per_core[tsr_ctx_core_id(c)], 1, __ATOMIC_RELAXED);
  return scale_body(c, NULL);
}


static void test_core_split(void) {
  tsr_machine *m = machine("v5p", 2, false);
  for (int rows = 5; rows <= 6; rows++) {
    arr a = make(rows * 8, 512);
    int64_t per_core[2] = {0, 0};
    tsr_block_spec spec = {.rank = 2, .block_shape = {8, 128}, .index_map = map_ij};
    tsr_call_desc d = {.name = "split", .grid_rank = 2, .grid = {rows, 4},
                       .semantics = {TSR_PARALLEL, TSR_ARBITRARY}, .num_inputs = 1,
                       .inputs = &a.in, .in_specs = &spec, .num_outputs = 1, .outputs = &a.out,
                       .out_specs = &spec, .body = count_body, .user = per_core};
    tsr_call_stats st;
    CHECK_OK(tsr_pallas_call(m, &d, &st));
    CHECK_EQ_INT(mismatches(&a, rows * 8 * 512), 0);
    CHECK_EQ_INT(per_core[0], (rows + 1) / 2 * 4);
    CHECK_EQ_INT(per_core[1], rows / 2 * 4);
    CHECK_EQ_INT(st.cores, 2);
    CHECK_EQ_INT(st.dma.in, rows * 4);
    /* without parallel semantics everything runs on core 0 */
    per_core[0] = per_core[1] = 0;
    d.semantics[0] = TSR_ARBITRARY;
    CHECK_OK(tsr_pallas_call(m, &d, &st));
    CHECK_EQ_INT(per_core[0], rows * 4);
    CHECK_EQ_INT(st.cores, 1);
    /* core_parallel on dim 1 wins over parallel on dim 0 */
    per_core[0] = per_core[1] = 0;
    d.semantics[0] = TSR_PARALLEL;
    d.semantics[1] = TSR_CORE_PARALLEL;
    CHECK_OK(tsr_pallas_call(m, &d, &st));
    CHECK_EQ_INT(per_core[0], rows * 2);
    CHECK_EQ_INT(per_core[1], rows * 2);
    drop(&a);
  }
  tsr_machine_destroy(m);
}

/* Edge blocks: 600x600 f32 with (256,256) blocks. The last row block's DMA is 88 rows (600 %
 * 256 = 88, a multiple of the tile 8); the last column block's is 128 columns (88 rounded up
 * to the 128-lane tile), so the semaphore counts 88*128*4 bytes while 88*88 elements move. */
static void test_edges(void) {
  tsr_machine *m = machine("v5e", 1, false);
  arr a = make(600, 600);
  tsr_block_spec spec = {.rank = 2, .block_shape = {256, 256}, .index_map = map_ij};
  tsr_call_desc d = {.name = "edge", .grid_rank = 2, .grid = {3, 3}, .num_inputs = 1,
                     .inputs = &a.in, .in_specs = &spec, .num_outputs = 1, .outputs = &a.out,
                     .out_specs = &spec, .body = scale_body};
  tsr_call_stats st;
  CHECK_OK(tsr_pallas_call(m, &d, &st));
  CHECK_EQ_INT(mismatches(&a, 600 * 600), 0);
  int64_t expect = (4 * 256 * 256 + 2 * 256 * 128 + 2 * 88 * 256 + 88 * 128) * 4;
  CHECK_EQ_INT(st.dma.bytes_in, expect);
  CHECK_EQ_INT(st.dma.bytes_out, expect);
  drop(&a);
  tsr_machine_destroy(m);
}

/* Zero-copy: whole blocks are views into the arrays, edge blocks are still copies (poisoned
 * padding); the copying mode never hands out views. */
typedef struct where { const float *lo, *hi; int inside, outside; } where;

static tsr_status where_body(tsr_ctx *c, void *u) {
  where *w = u;
  const float *p = F(tsr_ctx_in(c, 0));
  if (p >= w->lo && p < w->hi) w->inside++; else w->outside++;
  return scale_body(c, NULL);
}

static void test_zero_copy_views(void) {
  arr a = make(600, 600);
  where w = {a.x, a.x + 600 * 600, 0, 0};
  tsr_block_spec spec = {.rank = 2, .block_shape = {256, 256}, .index_map = map_ij};
  tsr_call_desc d = {.name = "views", .grid_rank = 2, .grid = {3, 3}, .num_inputs = 1,
                     .inputs = &a.in, .in_specs = &spec, .num_outputs = 1, .outputs = &a.out,
                     .out_specs = &spec, .body = where_body, .user = &w};
  tsr_machine *m = machine("v5e", 1, false);
  CHECK_OK(tsr_pallas_call(m, &d, NULL));
  CHECK_EQ_INT(w.inside, zero_copy ? 4 : 0); /* the 4 interior blocks of the 3x3 grid */
  CHECK_EQ_INT(w.outside, zero_copy ? 5 : 9);
  CHECK_EQ_INT(mismatches(&a, 600 * 600), 0);
  drop(&a);
  tsr_machine_destroy(m);
}

/* The axis map: block (g1, g0) from a (2, 4) grid transposes the block order, with no
 * callback; an axis past the grid's rank is an error. */
static void test_axis_map(void) {
  tsr_machine *m = machine("v5e", 1, false);
  arr a = make(32, 256);
  tsr_ref out_t;
  float *ot = calloc(32 * 256, sizeof(float));
  out_t = tsr_ref_dense(ot, TSR_F32, TSR_HBM, 2, (int64_t[]){32, 256});
  tsr_block_spec in = {.rank = 2, .block_shape = {8, 128}, .axis_map = {TSR_AXIS(1), TSR_AXIS(0)}};
  tsr_block_spec out = in;
  tsr_call_desc d = {.name = "axes", .grid_rank = 2, .grid = {2, 4}, .num_inputs = 1,
                     .inputs = &a.in, .in_specs = &in, .num_outputs = 1, .outputs = &out_t,
                     .out_specs = &out, .body = scale_body};
  tsr_call_stats st;
  CHECK_OK(tsr_pallas_call(m, &d, &st));
  int bad = 0;
  for (int i = 0; i < 32 * 256; i++) bad += ot[i] != 3 * a.x[i];
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(st.dma.in, 8);
  in.axis_map[0] = TSR_AXIS(2);
  CHECK_FAILS(tsr_pallas_call(m, &d, NULL), TSR_ERR_INVALID, "in0: block dimension 0 follows grid axis 2 of a rank-2 grid");
  free(ot);
  drop(&a);
  tsr_machine_destroy(m);
}

/* The carry watch of the host split: a read of bytes not written since a region (re)started
 * is inherited state; writes mark exactly the window's bytes, strided or not. */
static void test_carry_watch(void) {
  float buf[8 * 128], other[16];
  int64_t sh[2] = {8, 128}, half[2] = {8, 64}, start[2] = {0, 0}, mid[2] = {0, 64};
  tsr_ref all = tsr_ref_dense(buf, TSR_F32, TSR_VMEM, 2, sh), left, right, row;
  CHECK_OK(tsr_ref_window(&all, start, half, &left));
  CHECK_OK(tsr_ref_window(&all, mid, half, &right));
  int64_t one_row[2] = {1, 128}, r3[2] = {3, 0};
  CHECK_OK(tsr_ref_window(&all, r3, one_row, &row));
  int64_t n16 = 16;
  tsr_ref elsewhere = tsr_ref_dense(other, TSR_F32, TSR_VMEM, 1, &n16);
  pipe_carry_watch w;
  CHECK(pipe_carry_init(&w, 2));
  pipe_carry_access(&w, &all, true, false); /* nothing watched yet */
  CHECK(!w.inherited);
  pipe_carry_restart(&w, 0, buf, sizeof buf);
  pipe_carry_access(&w, &elsewhere, true, true); /* outside the region */
  CHECK(!w.inherited);
  pipe_carry_access(&w, &left, false, true); /* a strided half, marked row by row */
  pipe_carry_access(&w, &left, true, false);
  CHECK(!w.inherited);
  pipe_carry_access(&w, &row, true, false); /* half of row 3 is not written */
  CHECK(w.inherited);
  w.inherited = false;
  pipe_carry_access(&w, &right, false, false); /* a masked store marks nothing */
  pipe_carry_access(&w, &right, true, false);
  CHECK(w.inherited);
  w.inherited = false;
  pipe_carry_access(&w, &right, false, true);
  CHECK_EQ_INT(w.open, 0); /* whole now: nothing left to watch */
  pipe_carry_access(&w, &all, true, false);
  CHECK(!w.inherited);
  pipe_carry_restart(&w, 0, buf, sizeof buf); /* a new block in the same buffer */
  CHECK_EQ_INT(w.open, 1);
  pipe_carry_access(&w, &row, true, true); /* a store that adds reads first */
  CHECK(w.inherited);
  w.inherited = false;
  pipe_carry_access(&w, &all, false, true);
  pipe_carry_restart(&w, 1, buf, 0); /* an empty region watches nothing */
  CHECK_EQ_INT(w.open, 0);
  pipe_carry_free(&w);
}

int main(void) {
  test_carry_watch();
  for (int pass = 0; pass < 2; pass++) {
    zero_copy = pass == 1;
    test_buffered_one();
    test_revisits();
    test_any_operands();
    test_regular_sem_dmas();
    test_aliases();
    test_checks();
  test_int4_vmem();
    test_one_step_buffers();
    test_core_split();
    test_edges();
    test_zero_copy_views();
    test_axis_map();
  }
  return tsr_test_finish("test_pipeline_rules");
}
