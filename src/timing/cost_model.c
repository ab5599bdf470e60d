/* The cost formulas of one kernel body and one DMA (docs/timing.md). */
#include "tessera/timing.h"

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

/* The MXU, the VPU, the EUP (transcendentals) and the vector load/store slots are separate
 * VLIW slots, so a well-scheduled body takes the longest of them, not their sum. The scalar
 * core issues everything else (addresses, loop control, DMA descriptors) and is counted on
 * top: two scalar slots per bundle [HC20]. */
double tsr_timing_body_seconds(const tsr_chip *chip, const tsr_cost *cost) {
  if (!cost) return 0;
  double mxu = ratio(cost->flops, tsr_timing_mxu_rate(chip, cost->mxu_dtype));
  double vpu = ratio(cost->vpu_ops, chip->vpu_ops_per_s);
  double eup = ratio(cost->transcendentals, chip->transcendental_per_s);
  double ld = ratio(cost->vector_bytes, chip->vmem_bytes_per_s);
  double t = mxu;
  if (vpu > t) t = vpu;
  if (eup > t) t = eup;
  if (ld > t) t = ld;
  return t + ratio(cost->scalar_ops, 2 * chip->clock_hz);
}

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

/* A TPU DMA moves whole (sublanes x 128) tiles of the innermost two dims: 8 sublanes of 32-bit
 * words, packed 2 or 4 per word for 16- and 8-bit types ([DETAILS], [TPUINFO]
 * get_sublane_tiling), so every tile is 4 KiB (8 KiB for 64-bit types). */
int64_t tsr_timing_tile_bytes(const tsr_ref *w) {
  int64_t es = (int64_t)tsr_dtype_size(w->dtype);
  int64_t n = tsr_ref_numel(w);
  if (n == 0) return 0;
  int64_t rows_per_tile = es >= 4 ? 8 : 8 * (4 / es);
  int64_t cols = w->rank >= 1 ? w->shape[w->rank - 1] : 1;
  int64_t rows = w->rank >= 2 ? w->shape[w->rank - 2] : 1;
  int64_t outer = cols * rows > 0 ? n / (cols * rows) : 0;
  return outer * ceil_div(rows, rows_per_tile) * ceil_div(cols, 128) * rows_per_tile * 128 * es;
}
