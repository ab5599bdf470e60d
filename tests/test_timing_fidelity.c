/* The timing model against public measurements of TPU kernels: the fidelity table of
 * docs/timing.md. Each row is a published measurement (source, chip, what it timed) and the
 * kernel that was timed, written here against the C API at the published sizes: the real
 * pipeline engine runs the real grid, index maps and DMA schedule, and the body reports what
 * the kernel's body costs without computing it (a timing run computes blocks for real; at
 * 8192^3 and 16384^3 that would take minutes on this host). The C matmul body's cost is
 * checked against the Mosaic interpreter's count for the same kernel as Pallas lowers it
 * (tests/timing/pallas_matmul.mlir.in). The table's errors are pinned: a change that makes
 * any row worse than its pinned error fails, and rows the target applies to must stay within
 * 10%. TSR_QUICK (the sanitizer stages) skips the rows with more than 100,000 grid steps. */
#include <pthread.h>
#include <stdint.h>

#include "harness.h"
#include "tessera/mosaic.h"
#include "tessera/pipeline.h"
#include "tessera/timing.h"

static bool quick(void) { return getenv("TSR_QUICK") != NULL; }

/* ---- running a call under the model ------------------------------------------------------ */

typedef struct model_run {
  tsr_machine *m;
  tsr_timing *t;
} model_run;

static model_run model_begin(const tsr_chip *chip) {
  /* Blocks as views of the arrays: the same DMAs, semaphores and events without the copies. */
  tsr_machine_options mo = {.chip = chip, .num_cores = 1, .quiet = true, .zero_copy = true,
                            .host_helpers = -1};
  model_run r = {0};
  CHECK_OK(tsr_machine_create(&mo, &r.m));
  tsr_timing_options o = {0};
  CHECK_OK(tsr_timing_create(chip, &o, &r.t));
  if (r.m && r.t) CHECK_OK(tsr_timing_attach(r.t, r.m));
  return r;
}

static double model_end(model_run *r, tsr_timing_summary *sum) {
  tsr_timing_summary s = {0};
  if (r->t) tsr_timing_summarize(r->t, &s);
  if (getenv("TSR_FIDELITY_REPORT") && r->t) tsr_timing_report(r->t, stdout);
  if (sum) *sum = s;
  tsr_machine_destroy(r->m);
  tsr_timing_destroy(r->t);
  return s.seconds;
}

/* Arrays are never read or written (the blocks are views, the bodies do not compute): calloc
 * leaves their pages untouched. */
static tsr_ref array(tsr_dtype dt, int rank, const int64_t *shape) {
  tsr_ref r = tsr_ref_dense(NULL, dt, TSR_HBM, rank, shape);
  r.data = calloc(1, tsr_ref_bytes(&r));
  CHECK(r.data != NULL);
  return r;
}

static int32_t smem_at(const tsr_ref *r, int64_t i) { return ((const int32_t *)r->data)[i]; }

/* ---- costs of body operations, counted as the Mosaic interpreter counts them ---------------- */

/* A vector load or store of n elements of dtype: its bytes. An elementwise op (add, cast,
 * broadcast, max): one VPU op per element. */
static void vload(tsr_cost *c, int64_t n, tsr_dtype dt) { c->vector_bytes += (double)n * (double)tsr_dtype_size(dt); }
static void vpu(tsr_cost *c, int64_t n) { c->vpu_ops += (double)n; }

/* ---- 1. the Pallas TPU matmul tutorial [MATMUL] ------------------------------------------------ */

typedef enum { MM_PLAIN, MM_TRANSPOSED, MM_RELU } mm_variant;

typedef struct mm_kernel {
  int64_t bm, bk, bn, nk;
  mm_variant variant;
} mm_kernel;

/* acc[...] = 0 at k == 0; acc += dot(x, y) (f32); at the last k, out = acc as bf16 (relu
 * first in the activation variant). What the Mosaic body of tests/timing/pallas_matmul.mlir.in
 * costs, op by op: the k == 0 branch broadcasts zeros, loads acc (unused) and stores it; the
 * body loads acc, x and y, multiplies (the add folds into the matmul, one VPU op an element),
 * loads acc again (unused) and stores it; the last k loads acc, truncates, loads the output
 * block (unused) and stores it. Scalar ops: the two branch conditions (2 compares and an
 * extension each, and the two scf.if). */
static tsr_status mm_body(tsr_ctx *ctx, void *user) {
  const mm_kernel *k = user;
  int64_t kk = tsr_ctx_program_id(ctx, 2), mn = k->bm * k->bn;
  tsr_cost c = {.scalar_ops = 8};
  if (kk == 0) {
    vpu(&c, mn);
    vload(&c, mn, TSR_F32);
    vload(&c, mn, TSR_F32);
  }
  vload(&c, mn, TSR_F32);
  vload(&c, k->bm * k->bk, TSR_BF16);
  vload(&c, k->bk * k->bn, TSR_BF16);
  tsr_cost_add_matmul(&c, k->bm, k->bk, k->bn, 1, TSR_BF16, 1);
  vpu(&c, mn);
  vload(&c, mn, TSR_F32);
  vload(&c, mn, TSR_F32);
  if (kk == k->nk - 1) {
    vload(&c, mn, TSR_F32);
    if (k->variant == MM_RELU) vpu(&c, mn);
    vpu(&c, mn);
    vload(&c, mn, TSR_BF16);
    vload(&c, mn, TSR_BF16);
  }
  tsr_ctx_add_cost(ctx, &c);
  return TSR_OK;
}

static tsr_status mm_run(tsr_machine *m, int64_t M, int64_t K, int64_t N, int64_t bm, int64_t bk, int64_t bn,
                         mm_variant variant) {
  mm_kernel k = {bm, bk, bn, K / bk, variant};
  bool tr = variant == MM_TRANSPOSED;
  int64_t xs[2] = {M, K}, ys[2] = {tr ? N : K, tr ? K : N}, os[2] = {M, N};
  tsr_ref in[2] = {array(TSR_BF16, 2, xs), array(TSR_BF16, 2, ys)}, out = array(TSR_BF16, 2, os);
  tsr_block_spec is[2] = {
      {.rank = 2, .block_shape = {bm, bk}, .axis_map = {TSR_AXIS(0), TSR_AXIS(2)}, .space = TSR_VMEM},
      {.rank = 2, .block_shape = {tr ? bn : bk, tr ? bk : bn},
       .axis_map = {tr ? TSR_AXIS(1) : TSR_AXIS(2), tr ? TSR_AXIS(2) : TSR_AXIS(1)}, .space = TSR_VMEM}};
  tsr_block_spec os_ = {.rank = 2, .block_shape = {bm, bn}, .axis_map = {TSR_AXIS(0), TSR_AXIS(1)},
                        .space = TSR_VMEM};
  tsr_scratch_spec acc = {.space = TSR_VMEM, .dtype = TSR_F32, .rank = 2, .shape = {bm, bn}};
  tsr_call_desc d = {.name = "pallas_matmul", .grid_rank = 3, .grid = {M / bm, N / bn, K / bk},
                     .semantics = {TSR_PARALLEL, TSR_PARALLEL, TSR_ARBITRARY},
                     .num_inputs = 2, .inputs = in, .in_specs = is, .num_outputs = 1, .outputs = &out,
                     .out_specs = &os_, .num_scratch = 1, .scratch = &acc, .body = mm_body, .user = &k};
  tsr_status s = tsr_pallas_call(m, &d, NULL);
  free(in[0].data);
  free(in[1].data);
  free(out.data);
  return s;
}

static double tutorial_matmul(const tsr_chip *chip, int64_t size, int64_t bm, int64_t bk, int64_t bn,
                              mm_variant variant) {
  model_run r = model_begin(chip);
  if (r.m) CHECK_OK(mm_run(r.m, size, size, size, bm, bk, bn, variant));
  return model_end(&r, NULL);
}

/* ---- 2. block-sparse kernels of the Pallas sparse tutorial [SPARSE] ---------------------------- */

/* Dense @ dense with a lower-triangular output mask, M = N = K = 16384, blocks 512 x 1024 x
 * 512: the block mask, the prefetch maps (the next block that is not masked out, in
 * row-major order) and the two distinct mask blocks come from the tutorial's sparsify_mask. */
enum { SM_N = 16384, SM_B = 512, SM_BK = 1024, SM_G = SM_N / SM_B };

static int64_t sm_flat(const int64_t *gi) { return gi[0] * SM_G + gi[1]; }

static tsr_status sm_x_map(void *u, const int64_t *gi, int rank, const tsr_ref *pf, int npf, int64_t *bi) {
  (void)u, (void)rank, (void)npf;
  int64_t f = sm_flat(gi);
  bi[0] = smem_at(&pf[2], f);
  bi[1] = smem_at(&pf[0], f) != 0 ? gi[2] : 0;
  return TSR_OK;
}
static tsr_status sm_y_map(void *u, const int64_t *gi, int rank, const tsr_ref *pf, int npf, int64_t *bi) {
  (void)u, (void)rank, (void)npf;
  int64_t f = sm_flat(gi);
  bi[0] = smem_at(&pf[0], f) != 0 ? gi[2] : 0;
  bi[1] = smem_at(&pf[3], f);
  return TSR_OK;
}
static tsr_status sm_mask_map(void *u, const int64_t *gi, int rank, const tsr_ref *pf, int npf, int64_t *bi) {
  (void)u, (void)rank, (void)npf;
  bi[0] = smem_at(&pf[1], sm_flat(gi));
  bi[1] = bi[2] = 0;
  return TSR_OK;
}

/* k == 0: zero the output block and the accumulator; unmasked blocks: acc += dot(x, y), and
 * at the last k out = (mask * acc) as bf16 (the int32 mask converted, multiplied, truncated). */
static tsr_status sm_body(tsr_ctx *ctx, void *user) {
  (void)user;
  int64_t i = tsr_ctx_program_id(ctx, 0), j = tsr_ctx_program_id(ctx, 1), kk = tsr_ctx_program_id(ctx, 2);
  const int64_t mn = (int64_t)SM_B * SM_B;
  tsr_cost c = {.scalar_ops = 8};
  if (kk == 0) {
    vpu(&c, 2 * mn);
    vload(&c, mn, TSR_BF16);
    vload(&c, mn, TSR_F32);
  }
  if (smem_at(tsr_ctx_prefetch(ctx, 0), i * SM_G + j) != 0) {
    vload(&c, (int64_t)SM_B * SM_BK, TSR_BF16);
    vload(&c, (int64_t)SM_BK * SM_B, TSR_BF16);
    tsr_cost_add_matmul(&c, SM_B, SM_BK, SM_B, 1, TSR_BF16, 1);
    vload(&c, mn, TSR_F32);
    vpu(&c, mn);
    vload(&c, mn, TSR_F32);
    if (kk == SM_N / SM_BK - 1) {
      vload(&c, mn, TSR_I32);
      vload(&c, mn, TSR_F32);
      vpu(&c, 3 * mn);
      vload(&c, mn, TSR_BF16);
    }
  }
  tsr_ctx_add_cost(ctx, &c);
  return TSR_OK;
}

static double sparse_mask_matmul(const tsr_chip *chip) {
  static int32_t mask[SM_G * SM_G], pmask[SM_G * SM_G], pi[SM_G * SM_G], pj[SM_G * SM_G];
  /* sparsify_mask over tril(ones): block (i, j) is unmasked when j <= i; of the two distinct
   * mask blocks, the first met scanning backwards is the diagonal one (type 0), then the full
   * one (type 1); each block maps to the next unmasked block at or after it. */
  int32_t next_type = 0, next_i = SM_G - 1, next_j = SM_G - 1;
  for (int i = SM_G - 1; i >= 0; i--)
    for (int j = SM_G - 1; j >= 0; j--) {
      int f = i * SM_G + j;
      mask[f] = j <= i;
      if (mask[f]) {
        next_type = j == i ? 0 : 1;
        next_i = i;
        next_j = j;
      }
      pmask[f] = next_type;
      pi[f] = next_i;
      pj[f] = next_j;
    }
  int64_t gs[2] = {SM_G, SM_G};
  tsr_ref pf[4] = {tsr_ref_dense(mask, TSR_I32, TSR_HBM, 2, gs), tsr_ref_dense(pmask, TSR_I32, TSR_HBM, 2, gs),
                   tsr_ref_dense(pi, TSR_I32, TSR_HBM, 2, gs), tsr_ref_dense(pj, TSR_I32, TSR_HBM, 2, gs)};
  int64_t big[2] = {SM_N, SM_N}, ms[3] = {2, SM_B, SM_B};
  tsr_ref in[3] = {array(TSR_BF16, 2, big), array(TSR_BF16, 2, big), array(TSR_I32, 3, ms)};
  tsr_ref out = array(TSR_BF16, 2, big);
  tsr_block_spec is[3] = {
      {.rank = 2, .block_shape = {SM_B, SM_BK}, .index_map = sm_x_map, .space = TSR_VMEM},
      {.rank = 2, .block_shape = {SM_BK, SM_B}, .index_map = sm_y_map, .space = TSR_VMEM},
      {.rank = 3, .block_shape = {1, SM_B, SM_B}, .index_map = sm_mask_map, .space = TSR_VMEM}};
  tsr_block_spec os_ = {.rank = 2, .block_shape = {SM_B, SM_B}, .axis_map = {TSR_AXIS(0), TSR_AXIS(1)},
                        .space = TSR_VMEM};
  tsr_scratch_spec acc = {.space = TSR_VMEM, .dtype = TSR_F32, .rank = 2, .shape = {SM_B, SM_B}};
  tsr_call_desc d = {.name = "sparse_mask_matmul", .grid_rank = 3, .grid = {SM_G, SM_G, SM_N / SM_BK},
                     .num_prefetch = 4, .prefetch = pf, .num_inputs = 3, .inputs = in, .in_specs = is,
                     .num_outputs = 1, .outputs = &out, .out_specs = &os_, .num_scratch = 1, .scratch = &acc,
                     .body = sm_body};
  model_run r = model_begin(chip);
  if (r.m) CHECK_OK(tsr_pallas_call(r.m, &d, NULL));
  for (int i = 0; i < 3; i++) free(in[i].data);
  free(out.data);
  return model_end(&r, NULL);
}

/* Sparse @ dense: the left-hand side's nonzero 512 x 512 blocks, row-grouped, at the block
 * indices JAX draws in the tutorial (jax.random.key(0), split, bernoulli p = 0.1 over the
 * 32 x 32 blocks; threefry as JAX had it when the notebook ran, jax_threefry_partitionable
 * off; printed by tests/timing/dsd_indices.py): 86 blocks. */
enum { DSD_NB = 86 };
static const int32_t dsd_i[DSD_NB] = {
    0, 0, 0, 1, 2, 2, 3, 3, 3, 5, 6, 6, 6, 6, 7, 7, 8, 8, 8, 8, 9, 9, 10, 10, 11, 12, 13, 13, 13,
    13, 13, 14, 14, 14, 14, 15, 15, 15, 15, 15, 15, 16, 16, 17, 17, 18, 18, 18, 18, 19, 19, 19, 20,
    20, 21, 21, 21, 21, 22, 22, 23, 23, 24, 24, 24, 24, 25, 25, 25, 25, 26, 26, 27, 27, 27, 27, 28,
    28, 29, 29, 29, 29, 29, 30, 31, 31};
static const int32_t dsd_k[DSD_NB] = {
    1, 5, 15, 10, 1, 8, 2, 14, 23, 6, 3, 8, 19, 23, 20, 21, 0, 13, 24, 30, 15, 20, 0, 13, 16, 26, 14,
    17, 20, 26, 30, 4, 6, 11, 29, 3, 5, 6, 10, 17, 21, 2, 22, 2, 6, 9, 14, 17, 18, 6, 10, 21, 4, 30, 5,
    10, 17, 31, 6, 14, 9, 30, 4, 21, 26, 31, 5, 14, 25, 29, 9, 31, 11, 14, 16, 21, 19, 28, 8, 11, 23,
    27, 28, 21, 20, 28};

static tsr_status dsd_x_map(void *u, const int64_t *gi, int rank, const tsr_ref *pf, int npf, int64_t *bi) {
  (void)u, (void)rank, (void)pf, (void)npf;
  bi[0] = gi[1];
  bi[1] = bi[2] = 0;
  return TSR_OK;
}
static tsr_status dsd_y_map(void *u, const int64_t *gi, int rank, const tsr_ref *pf, int npf, int64_t *bi) {
  (void)u, (void)rank, (void)npf;
  bi[0] = smem_at(&pf[1], gi[1]);
  bi[1] = gi[0];
  return TSR_OK;
}
static tsr_status dsd_o_map(void *u, const int64_t *gi, int rank, const tsr_ref *pf, int npf, int64_t *bi) {
  (void)u, (void)rank, (void)npf;
  bi[0] = smem_at(&pf[0], gi[1]);
  bi[1] = gi[0];
  return TSR_OK;
}

/* The accumulator is zeroed at a row's first block, added to at every block, and written at
 * a row's last one. */
static tsr_status dsd_body(tsr_ctx *ctx, void *user) {
  (void)user;
  int64_t b = tsr_ctx_program_id(ctx, 1);
  const int64_t mn = (int64_t)SM_B * SM_B;
  tsr_cost c = {.scalar_ops = 10};
  if (b == 0 || dsd_i[b] != dsd_i[b - 1]) {
    vpu(&c, mn);
    vload(&c, mn, TSR_F32);
  }
  vload(&c, mn, TSR_BF16);
  vload(&c, mn, TSR_BF16);
  tsr_cost_add_matmul(&c, SM_B, SM_B, SM_B, 1, TSR_BF16, 1);
  vload(&c, mn, TSR_F32);
  vpu(&c, mn);
  vload(&c, mn, TSR_F32);
  if (b == DSD_NB - 1 || dsd_i[b] != dsd_i[b + 1]) {
    vload(&c, mn, TSR_F32);
    vpu(&c, mn);
    vload(&c, mn, TSR_BF16);
  }
  tsr_ctx_add_cost(ctx, &c);
  return TSR_OK;
}

/* An HBM-to-HBM copy of a whole array as one DMA (an XLA copy, or pltpu.sync_copy of an HBM
 * ref): one kernel of one DMA, fed to the model as the events a run of it sends (the arrays,
 * up to 8 GiB, are never touched: the addresses are made up). */
static void hbm_copy(tsr_timing *t, tsr_dtype dt, int rank, const int64_t *shape) {
  tsr_observer o = tsr_timing_observer(t);
  static int64_t sem_cell;
  tsr_ref src = tsr_ref_dense((void *)(uintptr_t)(1ull << 40), dt, TSR_HBM, rank, shape);
  tsr_ref dst = tsr_ref_dense((void *)(uintptr_t)(2ull << 40), dt, TSR_HBM, rank, shape);
  tsr_ref sem = tsr_ref_dense(&sem_cell, TSR_DMA_SEM, TSR_SEMAPHORE_MEM, 0, NULL);
  int64_t bytes = (int64_t)tsr_ref_bytes(&src);
  tsr_event evs[] = {
      {.kind = TSR_EV_KERNEL_BEGIN, .name = "hbm_copy", .step = -1, .operand = -1},
      {.kind = TSR_EV_DMA_START, .step = -1, .dma_id = 1, .src = &src, .dst = &dst, .sem = &sem,
       .bytes = bytes, .operand = -1},
      {.kind = TSR_EV_DMA_WAIT_BEGIN, .step = -1, .sem = &sem, .bytes = bytes, .operand = -1},
      {.kind = TSR_EV_DMA_WAIT_END, .step = -1, .sem = &sem, .bytes = bytes, .operand = -1},
      {.kind = TSR_EV_KERNEL_END, .step = -1, .operand = -1}};
  for (size_t i = 0; i < sizeof evs / sizeof evs[0]; i++) o.on_event(o.user, &evs[i]);
}

/* The output aliases the zeros input, which the benchmark does not donate: XLA copies it into
 * a fresh output buffer before the call ([XLA-ALIAS]), 512 MiB, which the measurement holds. */
static double dsd_matmul(const tsr_chip *chip) {
  int64_t ns[1] = {DSD_NB};
  tsr_ref pf[2] = {tsr_ref_dense((void *)dsd_i, TSR_I32, TSR_HBM, 1, ns),
                   tsr_ref_dense((void *)dsd_k, TSR_I32, TSR_HBM, 1, ns)};
  int64_t xb[3] = {DSD_NB, SM_B, SM_B}, big[2] = {SM_N, SM_N};
  tsr_ref in[3] = {array(TSR_BF16, 3, xb), array(TSR_BF16, 2, big), array(TSR_BF16, 2, big)};
  tsr_ref out = array(TSR_BF16, 2, big);
  tsr_block_spec is[3] = {
      {.rank = 3, .block_shape = {1, SM_B, SM_B}, .index_map = dsd_x_map, .space = TSR_VMEM},
      {.rank = 2, .block_shape = {SM_B, SM_B}, .index_map = dsd_y_map, .space = TSR_VMEM},
      {.rank = 2, .block_shape = {SM_B, SM_B}, .index_map = dsd_o_map, .space = TSR_VMEM}};
  tsr_block_spec os_ = {.rank = 2, .block_shape = {SM_B, SM_B}, .index_map = dsd_o_map, .space = TSR_VMEM};
  tsr_scratch_spec acc = {.space = TSR_VMEM, .dtype = TSR_F32, .rank = 2, .shape = {SM_B, SM_B}};
  tsr_alias alias = {.input = 4, .output = 0};
  tsr_call_desc d = {.name = "dsd_matmul", .grid_rank = 2, .grid = {SM_N / SM_B, DSD_NB},
                     .num_prefetch = 2, .prefetch = pf, .num_inputs = 3, .inputs = in, .in_specs = is,
                     .num_outputs = 1, .outputs = &out, .out_specs = &os_, .num_scratch = 1, .scratch = &acc,
                     .num_aliases = 1, .aliases = &alias, .body = dsd_body};
  model_run r = model_begin(chip);
  if (r.m) {
    hbm_copy(r.t, TSR_BF16, 2, big);
    CHECK_OK(tsr_pallas_call(r.m, &d, NULL));
  }
  for (int i = 0; i < 3; i++) free(in[i].data);
  free(out.data);
  return model_end(&r, NULL);
}

/* ---- 3. Google's accelerator microbenchmarks on TPU7x [AMB] -------------------------------- */

/* single_device_hbm_copy: jnp copy of a bf16 vector on one TensorCore, device time from the
 * profile; the guide's table gives bandwidth = 2 x bytes / time. */
static double amb_copy(const tsr_chip *chip, int64_t bytes) {
  int64_t n[1] = {bytes / 2};
  model_run r = model_begin(chip);
  if (r.t) hbm_copy(r.t, TSR_BF16, 1, n);
  return model_end(&r, NULL);
}

/* ---- the C matmul body costs what the Mosaic body costs --------------------------------------- */

typedef struct cost_sum {
  pthread_mutex_t lock;
  tsr_cost total;
  int64_t bodies;
} cost_sum;

static void on_body(void *user, const tsr_event *ev) {
  cost_sum *c = user;
  if (ev->kind != TSR_EV_BODY_END || !ev->cost) return;
  pthread_mutex_lock(&c->lock);
  tsr_cost_add(&c->total, ev->cost);
  c->bodies++;
  pthread_mutex_unlock(&c->lock);
}

/* The tutorial's kernel text with its sizes filled in. */
static char *mm_text(int64_t bm, int64_t bk, int64_t bn, int64_t gm, int64_t gn, int64_t gk) {
  FILE *f = fopen("tests/timing/pallas_matmul.mlir.in", "rb");
  CHECK(f != NULL);
  if (!f) return NULL;
  static char tmpl[16384];
  size_t n = fread(tmpl, 1, sizeof tmpl - 1, f);
  fclose(f);
  tmpl[n] = 0;
  const char *keys[] = {"@BM@", "@BK@", "@BN@", "@GM@", "@GN@", "@GK@", "@LASTK@"};
  int64_t vals[] = {bm, bk, bn, gm, gn, gk, gk - 1};
  char *out = malloc(2 * sizeof tmpl);
  size_t o = 0;
  for (const char *p = tmpl; *p;) {
    bool hit = false;
    for (int i = 0; i < 7 && !hit; i++)
      if (!strncmp(p, keys[i], strlen(keys[i]))) {
        o += (size_t)sprintf(out + o, "%lld", (long long)vals[i]);
        p += strlen(keys[i]);
        hit = true;
      }
    if (!hit) out[o++] = *p++;
  }
  out[o] = 0;
  return out;
}

static void check_matmul_cost(int64_t M, int64_t K, int64_t N, int64_t bm, int64_t bk, int64_t bn) {
  char *text = mm_text(bm, bk, bn, M / bm, N / bn, K / bk);
  tsr_mlir_module *mod = NULL;
  tsr_mosaic_kernel *kern = NULL;
  if (text) CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "pallas_matmul.mlir", &mod));
  if (mod) CHECK_OK(tsr_mosaic_kernel_create(mod, &kern));
  tsr_mlir_module_destroy(mod);
  free(text);
  if (!kern) return;
  cost_sum sums[2] = {{.lock = PTHREAD_MUTEX_INITIALIZER}, {.lock = PTHREAD_MUTEX_INITIALIZER}};
  double seconds[2] = {0};
  for (int side = 0; side < 2; side++) {
    tsr_machine_options mo = {.num_cores = 1, .quiet = true, .host_helpers = -1};
    tsr_machine *m = NULL;
    CHECK_OK(tsr_machine_create(&mo, &m));
    if (!m) break;
    tsr_timing *t = NULL;
    tsr_timing_options to = {0};
    CHECK_OK(tsr_timing_create(tsr_machine_chip(m), &to, &t));
    CHECK_OK(tsr_timing_attach(t, m));
    tsr_observer o = {.user = &sums[side], .on_event = on_body};
    CHECK_OK(tsr_machine_add_observer(m, &o));
    if (side == 0) {
      int64_t xs[2] = {M, K}, ys[2] = {K, N}, os[2] = {M, N};
      tsr_ref in[2] = {array(TSR_BF16, 2, xs), array(TSR_BF16, 2, ys)}, out = array(TSR_BF16, 2, os);
      CHECK_OK(tsr_mosaic_kernel_run(m, kern, in, 2, &out, 1, NULL, NULL));
      free(in[0].data);
      free(in[1].data);
      free(out.data);
    } else {
      CHECK_OK(mm_run(m, M, K, N, bm, bk, bn, MM_PLAIN));
    }
    seconds[side] = tsr_timing_seconds(t);
    tsr_machine_destroy(m);
    tsr_timing_destroy(t);
  }
  tsr_mosaic_kernel_destroy(kern);
  const tsr_cost *a = &sums[0].total, *b = &sums[1].total;
  CHECK_EQ_INT(sums[0].bodies, (M / bm) * (N / bn) * (K / bk));
  CHECK_EQ_INT(sums[1].bodies, sums[0].bodies);
  CHECK(a->flops == b->flops && a->vpu_ops == b->vpu_ops && a->vector_bytes == b->vector_bytes);
  CHECK(a->transcendentals == b->transcendentals && a->num_shapes == 1 && b->num_shapes == 1);
  CHECK(a->shapes[0].m == bm && a->shapes[0].k == bk && a->shapes[0].n == bn && a->shapes[0].dtype == TSR_BF16);
  CHECK(a->shapes[0].count == b->shapes[0].count && a->shapes[0].passes == b->shapes[0].passes);
  /* Scalar work may differ by the ops the C body does not name (constants, the branches): it
   * is two scalar slots per cycle, a few ns a step. */
  CHECK(fabs(a->scalar_ops - b->scalar_ops) <= 2 * (double)sums[0].bodies);
  if (fabs(seconds[0] - seconds[1]) > 1e-3 * seconds[0])
    fprintf(stderr, "  Mosaic %.6g s, C %.6g s; vector bytes %g / %g, vpu %g / %g, scalar %g / %g\n",
            seconds[0], seconds[1], a->vector_bytes, b->vector_bytes, a->vpu_ops, b->vpu_ops, a->scalar_ops,
            b->scalar_ops);
  CHECK(fabs(seconds[0] - seconds[1]) <= 1e-3 * seconds[0]);
}

static void test_matmul_body_cost(void) {
  check_matmul_cost(256, 256, 256, 128, 128, 128);
  check_matmul_cost(256, 512, 256, 64, 256, 128);
  check_matmul_cost(128, 256, 256, 128, 256, 256); /* one k step: zeroed and written in one body */
}

/* ---- the table ------------------------------------------------------------------------------ */

typedef enum {
  K_MM128, K_MM_BIG, K_MM128_T, K_MM_BIG_T, K_MM128_RELU, K_MM_BIG_RELU, K_XLA_MM,
  K_SPARSE_MASK, K_DSD, K_AMB_COPY, K_AMB_GEMM,
} kernel_kind;

typedef struct row {
  const char *source, *chip, *what;
  kernel_kind kind;
  int64_t size;           /* matrix side, or bytes copied */
  double measured_s;      /* as published */
  double floor_s;         /* host time the published harness includes (docs/timing.md) */
  const char *outside;    /* why the 10% target does not apply (NULL: it does) */
  double pinned;          /* the largest |error| this row may show */
} row;

#define DISPATCH "dispatch > 2%"
#define XLA_KERNEL "XLA's kernel"
#define XLA_LAUNCH "op launch"

/* [MATMUL]'s timeit harness times the host's dispatch and wait too: its XLA 1024^3 row, 0.1194
 * ms, against 0.0109 ms of MXU work, puts that floor at 0.1085 ms. [SPARSE] uses the same
 * harness. [AMB] reads device time from profiles: no floor. */
#define FLOOR 0.1085e-3

/* Published figures and the pinned errors (|error| rounded up, plus one point, when the table
 * was made: docs/timing.md). */
static const row rows[] = {
    {"MATMUL", "v5e", "bf16 matmul, 128^3 blocks", K_MM128, 1024, 0.29767e-3, FLOOR, DISPATCH, 0.04},
    {"MATMUL", "v5e", "bf16 matmul, 128^3 blocks", K_MM128, 4096, 11.7715e-3, FLOOR, NULL, 0.02},
    {"MATMUL", "v5e", "bf16 matmul, 128^3 blocks", K_MM128, 8192, 91.8358e-3, FLOOR, NULL, 0.03},
    {"MATMUL", "v5e", "bf16 matmul, 512x1024x1024 blocks", K_MM_BIG, 1024, 0.12709e-3, FLOOR, DISPATCH, 0.02},
    {"MATMUL", "v5e", "bf16 matmul, 512x1024x1024 blocks", K_MM_BIG, 4096, 0.88909e-3, FLOOR, DISPATCH, 0.05},
    {"MATMUL", "v5e", "bf16 matmul, 512x1024x1024 blocks", K_MM_BIG, 8192, 6.09943e-3, FLOOR, NULL, 0.03},
    {"MATMUL", "v5e", "x @ y.T, 128^3 blocks", K_MM128_T, 1024, 0.30294e-3, FLOOR, DISPATCH, 0.05},
    {"MATMUL", "v5e", "x @ y.T, 128^3 blocks", K_MM128_T, 4096, 12.0180e-3, FLOOR, NULL, 0.04},
    {"MATMUL", "v5e", "x @ y.T, 128^3 blocks", K_MM128_T, 8192, 95.0092e-3, FLOOR, NULL, 0.04},
    {"MATMUL", "v5e", "x @ y.T, 512x1024x1024 blocks", K_MM_BIG_T, 1024, 0.12132e-3, FLOOR, DISPATCH, 0.06},
    {"MATMUL", "v5e", "x @ y.T, 512x1024x1024 blocks", K_MM_BIG_T, 4096, 0.87906e-3, FLOOR, DISPATCH, 0.04},
    {"MATMUL", "v5e", "x @ y.T, 512x1024x1024 blocks", K_MM_BIG_T, 8192, 6.10772e-3, FLOOR, NULL, 0.03},
    {"MATMUL", "v5e", "matmul + relu, 128^3 blocks", K_MM128_RELU, 1024, 0.30104e-3, FLOOR, DISPATCH, 0.05},
    {"MATMUL", "v5e", "matmul + relu, 128^3 blocks", K_MM128_RELU, 4096, 11.8071e-3, FLOOR, NULL, 0.02},
    {"MATMUL", "v5e", "matmul + relu, 128^3 blocks", K_MM128_RELU, 8192, 91.8186e-3, FLOOR, NULL, 0.03},
    {"MATMUL", "v5e", "matmul + relu, 512x1024x1024 blocks", K_MM_BIG_RELU, 1024, 0.12623e-3, FLOOR, DISPATCH, 0.01},
    {"MATMUL", "v5e", "matmul + relu, 512x1024x1024 blocks", K_MM_BIG_RELU, 4096, 0.89663e-3, FLOOR, DISPATCH, 0.06},
    {"MATMUL", "v5e", "matmul + relu, 512x1024x1024 blocks", K_MM_BIG_RELU, 8192, 6.13061e-3, FLOOR, NULL, 0.03},
    {"SPARSE", "v5e", "block-sparse @ dense (86 of 1024 blocks) + XLA's alias copy", K_DSD, 16384, 8.136e-3,
     FLOOR, NULL, 0.09},
    {"SPARSE", "v5e", "dense @ dense, tril output mask, 512x1024x512 blocks", K_SPARSE_MASK, 16384,
     28.648e-3, FLOOR, NULL, 0.03},
    /* XLA's own kernels: their tiling is not published; modelled as the tutorial's kernel */
    {"MATMUL", "v5e", "XLA matmul (as 512x1024x1024 blocks)", K_XLA_MM, 4096, 0.82729e-3, FLOOR, XLA_KERNEL, 0.05},
    {"MATMUL", "v5e", "XLA matmul (as 512x1024x1024 blocks)", K_XLA_MM, 8192, 6.04715e-3, FLOOR, XLA_KERNEL, 0.02},
    {"SPARSE", "v5e", "XLA matmul (as 512x1024x1024 blocks)", K_XLA_MM, 16384, 46.953e-3, FLOOR, XLA_KERNEL, 0.02},
    /* single_device_hbm_copy: bandwidth = 2 x bytes / device time */
#define AMB_COPY(bytes, gbps, pin) \
  {"AMB", "7x", "XLA HBM copy (as one DMA)", K_AMB_COPY, bytes, 2.0 * (bytes) / ((gbps) * 1e9), 0, \
   (bytes) >= (128ll << 20) ? NULL : XLA_LAUNCH, pin}
    AMB_COPY(2097152ll, 1379.335021, 0.51),
    AMB_COPY(4194304ll, 2249.746091, 0.25),
    AMB_COPY(8388608ll, 2246.129937, 0.28),
    AMB_COPY(16777216ll, 2757.308985, 0.14),
    AMB_COPY(33554432ll, 3009.83593, 0.07),
    AMB_COPY(67108864ll, 3097.217778, 0.04),
    AMB_COPY(134217728ll, 3176.50274, 0.02),
    AMB_COPY(268435456ll, 3167.144485, 0.03),
    AMB_COPY(536870912ll, 3199.020504, 0.02),
    AMB_COPY(1073741824ll, 3198.414211, 0.02),
    AMB_COPY(2147483648ll, 3203.486119, 0.02),
    AMB_COPY(4294967296ll, 3197.879607, 0.02),
    AMB_COPY(8589934592ll, 3210.480912, 0.02),
    /* gemm_multiple_run: bf16 in, f32 accumulation, bf16 out; TFLOP/s per device */
#define AMB_GEMM(n, tflops, pin) \
  {"AMB", "7x", "XLA bf16 matmul (as 1024^3 blocks)", K_AMB_GEMM, n, \
   2.0 * (double)(n) * (n) * (n) / ((tflops) * 1e12), 0, XLA_KERNEL, pin}
    AMB_GEMM(4096ll, 892.9445127, 0.13),
    AMB_GEMM(16384ll, 950.1286983, 0.09),
    AMB_GEMM(32768ll, 956.3824592, 0.09),
};
#undef AMB_COPY
#undef AMB_GEMM
#define NROWS ((int)(sizeof rows / sizeof rows[0]))

static double predict(const row *r) {
  const tsr_chip *c = tsr_chip_get(r->chip);
  switch (r->kind) {
  case K_MM128: return tutorial_matmul(c, r->size, 128, 128, 128, MM_PLAIN);
  case K_MM_BIG: return tutorial_matmul(c, r->size, 512, 1024, 1024, MM_PLAIN);
  case K_MM128_T: return tutorial_matmul(c, r->size, 128, 128, 128, MM_TRANSPOSED);
  case K_MM_BIG_T: return tutorial_matmul(c, r->size, 512, 1024, 1024, MM_TRANSPOSED);
  case K_MM128_RELU: return tutorial_matmul(c, r->size, 128, 128, 128, MM_RELU);
  case K_MM_BIG_RELU: return tutorial_matmul(c, r->size, 512, 1024, 1024, MM_RELU);
  case K_XLA_MM: return tutorial_matmul(c, r->size, 512, 1024, 1024, MM_PLAIN);
  case K_SPARSE_MASK: return sparse_mask_matmul(c);
  case K_DSD: return dsd_matmul(c);
  case K_AMB_COPY: return amb_copy(c, r->size);
  case K_AMB_GEMM: return tutorial_matmul(c, r->size, 1024, 1024, 1024, MM_PLAIN);
  }
  return 0;
}

static int64_t grid_steps(const row *r) {
  switch (r->kind) {
  case K_MM128: case K_MM128_T: case K_MM128_RELU: return (r->size / 128) * (r->size / 128) * (r->size / 128);
  case K_AMB_GEMM: return (r->size / 1024) * (r->size / 1024) * (r->size / 1024);
  default: return 0;
  }
}

/* The table as docs/timing.md shows it (markdown), with the model's figure and its error. */
static void test_table(double *model) {
  printf("| source | chip | kernel | size | measured | model | error | target |\n|---|---|---|---|---|---|---|---|\n");
  for (int i = 0; i < NROWS; i++) {
    const row *r = &rows[i];
    model[i] = -1;
    if (quick() && grid_steps(r) > 100000) continue;
    model[i] = predict(r) + r->floor_s;
    double err = (model[i] - r->measured_s) / r->measured_s;
    printf("| [%s] | %s | %s | %lld | %.4g ms | %.4g ms | %+.1f%% | %s |\n", r->source, r->chip, r->what,
           (long long)r->size, r->measured_s * 1e3, model[i] * 1e3, err * 100, r->outside ? r->outside : "10%");
    if (!r->outside) CHECK(fabs(err) <= 0.10);
    if (fabs(err) > r->pinned) fprintf(stderr, "  row %d (%s %s, %lld): error %+.2f%%, pinned at %.0f%%\n", i,
                                       r->source, r->what, (long long)r->size, err * 100, r->pinned * 100);
    CHECK(fabs(err) <= r->pinned);
  }
}

/* Every published sweep of block sizes ranks the same in the model: [MATMUL] times each of its
 * three kernels with 128^3 blocks and with 512 x 1024 x 1024 blocks at three sizes. */
static void test_rankings(const double *model) {
  for (int i = 0; i < NROWS; i++)
    for (int j = 0; j < NROWS; j++) {
      const row *a = &rows[i], *b = &rows[j];
      bool pair = (a->kind == K_MM128 && b->kind == K_MM_BIG) || (a->kind == K_MM128_T && b->kind == K_MM_BIG_T) ||
                  (a->kind == K_MM128_RELU && b->kind == K_MM_BIG_RELU);
      if (!pair || a->size != b->size || model[i] < 0 || model[j] < 0) continue;
      CHECK((a->measured_s < b->measured_s) == (model[i] < model[j]));
    }
}

int main(void) {
  test_matmul_body_cost();
  double model[NROWS];
  test_table(model);
  test_rankings(model);
  return tsr_test_finish("test_timing_fidelity");
}
