/* The cost formulas of one kernel body and one DMA (docs/timing.md). */
#include <math.h>

#include "timing/timing_internal.h"

double tsr_timing_mxu_rate(const tsr_chip *chip, tsr_dtype dtype) {
  switch (dtype) {
  case TSR_I8: case TSR_U8:
    return chip->int8_ops > 0 ? chip->int8_ops : chip->bf16_flops;
  case TSR_F32: case TSR_I32: case TSR_U32:
    return chip->f32_flops > 0 ? chip->f32_flops : chip->bf16_flops;
  default:
    return chip->bf16_flops;
  }
}

static double ratio(double work, double rate) { return work > 0 && rate > 0 ? work / rate : 0; }

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

/* The rate of one matmul shape: int8 at the int8 rate, f32 products at the bf16 rate over
 * their passes. */
static double shape_rate(const tsr_chip *chip, const tsr_matmul_shape *s) {
  switch (s->dtype) {
  case TSR_I8: case TSR_U8: case TSR_I32: case TSR_U32:
    return tsr_timing_mxu_rate(chip, s->dtype);
  default:
    return chip->bf16_flops / (s->passes > 1 ? s->passes : 1);
  }
}

/* A weight-stationary systolic array of d x d cells ([SB] App. B; [TPUV1]): the right-hand
 * side is cut into d x d weight tiles, K and N padded up to multiples of d; the left-hand
 * side streams through a tile one row per cycle, its M rows padded to whole sublanes. A
 * tile's weights take d cycles to shift in, hidden behind the previous tile's rows (the
 * weights are double-buffered) unless that tile has fewer than d rows. The tiles spread over
 * the MXUs (a tile with spare MXUs shares its rows among them), and each matmul fills and
 * drains the array once (mxu_fill_cycles). One cycle of one MXU is 2 d^2 flops at the chip's
 * peak over its MXUs: the rates come from the published peaks, not from a clock. */
static double shape_seconds(const tsr_chip *chip, const tsr_matmul_shape *s) {
  int64_t d = chip->mxu_dim > 0 ? chip->mxu_dim : 128;
  int64_t mxus = chip->mxu_count > 0 ? chip->mxu_count : 1;
  int64_t sub = chip->vpu_sublanes > 0 ? chip->vpu_sublanes : 8;
  double tiles = (double)(ceil_div(s->k, d) * ceil_div(s->n, d));
  double rows = (double)(ceil_div(s->m, sub) * sub);
  double stream = tiles * rows / (double)mxus;
  double load = ceil((tiles / (double)mxus)) * (double)d;
  double cycles = (stream > load ? stream : load) + chip->mxu_fill_cycles;
  return ratio(cycles * 2.0 * (double)(d * d) * (double)mxus * s->count, shape_rate(chip, s));
}

/* The MXU time of a body's matmuls, by shape (`padded`), or as their flops at the peak rates
 * of their types. Flops no shape describes (a cost estimate, a C body that gave only flops,
 * shapes past TSR_COST_SHAPES) run at the peak rate either way. */
static double mxu_time(const tsr_chip *chip, const tsr_cost *cost, bool padded) {
  if (!cost) return 0;
  double t = 0, shaped = 0;
  int n = cost->num_shapes < TSR_COST_SHAPES ? cost->num_shapes : TSR_COST_SHAPES;
  for (int i = 0; i < n; i++) {
    const tsr_matmul_shape *s = &cost->shapes[i];
    if (s->m <= 0 || s->k <= 0 || s->n <= 0 || !(s->count > 0)) continue;
    double f = 2.0 * (double)s->m * (double)s->k * (double)s->n * s->count;
    t += padded ? shape_seconds(chip, s) : ratio(f, shape_rate(chip, s));
    shaped += f;
  }
  double rest = cost->flops - shaped;
  if (rest > 1e-9 * cost->flops) t += ratio(rest, tsr_timing_mxu_rate(chip, cost->mxu_dtype));
  return t;
}

double tsr_timing_mxu_seconds(const tsr_chip *chip, const tsr_cost *cost) { return mxu_time(chip, cost, true); }
double tm_mxu_peak_seconds(const tsr_chip *chip, const tsr_cost *cost) { return mxu_time(chip, cost, false); }

/* The MXU, the VPU, the EUP (transcendentals) and the vector load/store slots are separate
 * VLIW slots, so a well-scheduled body takes the longest of them, not their sum. The scalar
 * core issues everything else (addresses, loop control, DMA descriptors) and is counted on
 * top: two scalar slots per bundle [HC20]. */
double tsr_timing_body_seconds(const tsr_chip *chip, const tsr_cost *cost) {
  if (!cost) return 0;
  double mxu = tsr_timing_mxu_seconds(chip, cost);
  double vpu = ratio(cost->vpu_ops, chip->vpu_ops_per_s);
  double eup = ratio(cost->transcendentals, chip->transcendental_per_s);
  double ld = ratio(cost->vector_bytes, chip->vmem_bytes_per_s);
  double t = mxu;
  if (vpu > t) t = vpu;
  if (eup > t) t = eup;
  if (ld > t) t = ld;
  return t + ratio(cost->scalar_ops, 2 * chip->clock_hz);
}

/* A TPU DMA moves whole (sublanes x 128) tiles of the innermost two dims: 8 sublanes of 32-bit
 * words, packed 2 or 4 per word for 16- and 8-bit types ([DETAILS], [TPUINFO]
 * get_sublane_tiling), so every tile is 4 KiB (8 KiB for 64-bit types). A rank-1 array is
 * laid out in runs of 1024 32-bit words (XLA's T(1024) layouts): 4 KiB as well. */
int64_t tsr_timing_tile_bytes(const tsr_ref *w) {
  int64_t es = (int64_t)tsr_dtype_size(w->dtype);
  int64_t n = tsr_ref_numel(w);
  if (n == 0) return 0;
  if (w->rank == 1) return ceil_div(n * es, 4096) * 4096;
  int64_t rows_per_tile = es >= 4 ? 8 : 8 * (4 / es);
  int64_t cols = w->rank >= 1 ? w->shape[w->rank - 1] : 1;
  int64_t rows = w->rank >= 2 ? w->shape[w->rank - 2] : 1;
  int64_t outer = cols * rows > 0 ? n / (cols * rows) : 0;
  return outer * ceil_div(rows, rows_per_tile) * ceil_div(cols, 128) * rows_per_tile * 128 * es;
}
